"""What new melds from a hand can score, for the opening minimum (T8).

The dead-end search (N1) asks, for a player who has started to open, whether
the cards left can still bring the minimum.  Three answers of rising cost:

- :func:`card_points` and :func:`most_points`, upper bounds read off the
  card values;
- :func:`natural_melds`, a lower bound: disjoint melds found at once
  (whole groups, then the longest runs, or the other way round, then the
  jokers where each adds most), a witness that the minimum is within reach;
- :func:`best_points`, the exact maximum, by a memoized search;
- :func:`reaching_melds`, whether a given number of points is within reach
  (exact), by a search that drops every branch the upper bound rules out:
  for the hands too large for :func:`best_points`'s budget.
"""

from __future__ import annotations

import bisect
import operator
from collections.abc import Sequence

from rummy500._engine.hands import minus
from rummy500._engine.profile import MEMO_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL, SPEC_RANK, SPEC_SUIT, group_joker, run_joker
from rummy500.meldgen import Pool, melds_from_counts, melds_from_pool
from rummy500.melds import MeldKind
from rummy500.rules import Rules

__all__ = [
    "BEST_POINTS_BUDGET",
    "BEST_POINTS_LIMIT",
    "best_melds",
    "best_points",
    "card_points",
    "forget_overruns",
    "most_points",
    "natural_melds",
    "reaching_melds",
    "upper_bound",
]


def card_points(most: Sequence[int], counts: Sequence[int]) -> int:
    """The points of every card of ``counts``, each at its highest value (``most``)."""
    total: int = sum(map(operator.mul, counts, most))
    return total


#: The natural card codes in rank-major order (the aces, the twos, ... the kings).
_RANK_MAJOR = tuple(sorted(range(JOKER_CODE), key=lambda code: (code % 13, code // 13)))

#: The same from the kings down (the aces last).
_RANK_MAJOR_DOWN = tuple(sorted(range(JOKER_CODE), key=lambda code: (-(code % 13), code // 13)))


def best_points(
    rules: Rules,
    facts: Profile,
    counts: Sequence[int],
    budget: int | None = None,
    *,
    downward: bool = False,
) -> int | None:
    """The most points disjoint new melds from the hand ``counts`` can score (exact).

    Each card is decided in rank-major order: the lowest card still held is
    either kept out of every meld, or is the lowest card of one of the melds
    that hold it.  A run only reaches upwards from its lowest card (a high
    ace's run is decided with the ace), so the hands met on the way differ
    only by how far the runs begun below reach in each suit, and each is
    answered once (memoized in the profile).  Two decks and jokers still make
    that many: with a ``budget`` of hands to answer, ``None`` once it is spent,
    and from then on at once for hands as large (the search then goes on
    without this bound).

    ``downward`` decides the cards from the kings down instead (the aces
    last; any order gives the same answer).  Hands that differ only in
    high cards then share every answer below them: the opening search asks
    this way about the plays of high cards.
    """
    order, memo = _order(facts, downward)
    if budget is None:
        return _best_points(rules, facts, counts, None, order, memo)
    size = sum(counts)
    if size >= facts.best_points_cutoff:
        return None
    try:
        return _best_points(rules, facts, counts, [budget], order, memo)
    except _OverBudget:
        facts.best_points_cutoff = size
        return None


def forget_overruns(facts: Profile) -> None:
    """Let :func:`best_points` answer hands of any size again, whatever ran over its budget.

    The move generator calls it once per position: a hand that ran over the
    budget in one position says nothing of the hands of the next.
    """
    facts.best_points_cutoff = 1 << 30


class _OverBudget(Exception):
    """The budget of :func:`best_points` is spent."""


def _best_points(
    rules: Rules,
    facts: Profile,
    counts: Sequence[int],
    budget: list[int] | None,
    order: tuple[int, ...],
    memo: dict[bytes, tuple[int, tuple[int, ...] | None]],
) -> int:
    key = bytes(counts)
    found = memo.get(key)
    if found is not None:
        return found[0]
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _OverBudget
    first = next((code for code in order if counts[code]), None)  # the card to decide
    best = 0
    choice: tuple[int, ...] | None = None
    if first is None:  # jokers only: a meld of jokers, where the rules have them
        candidates = tuple(
            (codes, facts.new_meld(codes).points) for _, codes in melds_from_counts(counts, rules)
        )
    else:
        rest = list(counts)
        rest[first] -= 1  # the card kept out of every meld
        best = _best_points(rules, facts, rest, budget, order, memo)
        candidates = _melds_through(rules, facts, counts, first)
    for codes, points in candidates:
        rest = minus(counts, [SPEC_PHYSICAL[code] for code in codes])
        total = points + _best_points(rules, facts, rest, budget, order, memo)
        if total > best:
            best, choice = total, codes
    if len(memo) >= BEST_POINTS_LIMIT:
        memo.clear()
    memo[key] = (best, choice)
    return best


def _order(
    facts: Profile, downward: bool
) -> tuple[tuple[int, ...], dict[bytes, tuple[int, tuple[int, ...] | None]]]:
    """The order of the cards to decide, and the memo of the answers found in that order."""
    if downward:
        return _RANK_MAJOR_DOWN, facts.best_points_down
    return _RANK_MAJOR, facts.best_points


def best_melds(
    facts: Profile, counts: Sequence[int], *, downward: bool = False
) -> tuple[tuple[int, ...], ...] | None:
    """Disjoint new melds from ``counts`` worth :func:`best_points`, just answered for it.

    Read back from the memo of that answer (asked with the same
    ``downward``); ``None`` if the memo has lost part of it since (it is
    cleared when full).
    """
    order, memo = _order(facts, downward)
    rest = list(counts)
    melds: list[tuple[int, ...]] = []
    while True:
        found = memo.get(bytes(rest))
        if found is None:
            return None
        best, choice = found
        if not best:
            return tuple(melds)
        if choice is None:  # the card decided first was kept out of every meld
            rest[next(code for code in order if rest[code])] -= 1
        else:
            melds.append(choice)
            for code in choice:
                rest[SPEC_PHYSICAL[code]] -= 1


def reaching_melds(
    rules: Rules, facts: Profile, counts: Sequence[int], target: int
) -> tuple[tuple[tuple[int, ...], ...], int] | None:
    """Disjoint new melds from ``counts`` worth ``target`` points or more, if any (exact).

    A search for the hands too large for :func:`best_points`'s budget (an
    opening minimum of 500 asks it about hands of 50 cards and more).  What
    it measures is the points lost: :func:`upper_bound` of the cards left
    (each at its highest value), and each meld loses at least what its cards
    score below that (an ace low, say), each card kept out of every meld its
    value.  Melds that would lose more than the bound has to spare are never
    tried, and each step decides the card with the fewest ways left (kept
    out, or in one of the melds that hold it and lose little enough): a card
    with none ends the branch at once.  The melds losing least are tried
    first; a run that is two runs worth the same points is not tried (the
    two are).  A hand found short of a target is remembered in the profile
    (``short_of``) with the most points any of its branches was shown to
    allow, so that the next question about it, for that target or any
    within that margin, is answered at once.

    Returns:
        The melds (canonical meld-card codes) and their points, or ``None``
        when no disjoint new melds from the hand reach ``target``.
    """
    found = _reach(rules, facts, list(counts), target)
    if isinstance(found, int):
        return None
    return found, sum(facts.new_meld(codes).points for codes in found)


#: One way to meld a card: the meld-card codes, the card codes they use, their points.
_Option = tuple[tuple[int, ...], tuple[int, ...], int]


def _reach(
    rules: Rules, facts: Profile, counts: list[int], target: int
) -> tuple[tuple[int, ...], ...] | int:
    """The search of :func:`reaching_melds`.

    Returns the melds found, or, when none reach ``target``, the fewest
    points proven out of reach (at most ``target``): the most that any branch
    was shown to allow, plus one.  A hand asked again for a target that close
    is answered at once, whatever path leads to it.
    """
    if target <= 0:
        return ()
    key = bytes(counts)
    short = facts.short_of.get(key)
    if short is not None and target >= short:
        return short
    bound = upper_bound(facts, counts)
    spare = bound - target  # the points the melds may still lose
    if spare < 0:
        return bound + 1
    suits = [0, 0, 0, 0]  # per suit: the ranks held (a bit per rank)
    ranks = [0] * 13  # per rank: the suits held
    held = []
    for code in range(JOKER_CODE):
        if counts[code]:
            suit, rank = divmod(code, 13)
            suits[suit] |= 1 << rank
            ranks[rank] |= 1 << suit
            held.append(code)
    jokers = counts[JOKER_CODE]
    highest = facts.highest  # what keeping a card out loses at least
    card = -1  # the card with the fewest ways left
    fewest = 1 << 30
    losses: Sequence[int] = ()  # its melds' losses, and the melds
    options: Sequence[_Option] = ()
    usable = 0  # how many of them lose little enough
    memo = facts.reach_options
    for code in held:
        suit, rank = divmod(code, 13)
        # the memo read inline: this loop runs for every card of every hand searched
        found = memo.get((code, suits[suit], ranks[rank], jokers))
        if found is None:
            found = _options(rules, facts, code, suits[suit], ranks[rank], jokers)
        ways = bisect.bisect_right(found[0], spare)
        number = ways + (highest[code] <= spare)
        if number < fewest:
            card, fewest = code, number
            (losses, options), usable = found, ways
            if number <= 1:
                break
    candidates: Sequence[_Option]
    if card < 0:  # jokers only: melds of jokers, where the rules have them
        candidates = [
            (codes, tuple(SPEC_PHYSICAL[code] for code in codes), facts.new_meld(codes).points)
            for _, codes in melds_from_counts(counts, rules)
        ]
    else:
        candidates = options[:usable]
    # The most points shown within reach of some branch: every way of melding the
    # chosen card, or keeping it out, scores at most this.  A meld not tried loses
    # more than the bound spares, and the bound of the hand it leaves is the bound
    # of this hand less that meld's cards at their highest values.
    most = 0
    if card >= 0:
        if usable < len(losses):  # the least loss of the melds not tried
            most = bound - losses[usable]
        if highest[card] > spare:  # kept out, it would lose too much
            most = max(most, bound - highest[card])
    for codes, used, points in candidates:
        rest = _reach(rules, facts, minus(counts, used), target - points)
        if not isinstance(rest, int):
            return (codes, *rest)
        most = max(most, points + rest - 1)
    if card >= 0 and highest[card] <= spare:  # the card kept out of every meld
        counts[card] -= 1
        rest = _reach(rules, facts, counts, target)
        counts[card] += 1
        if not isinstance(rest, int):
            return rest
        most = max(most, rest - 1)
    if len(facts.short_of) >= BEST_POINTS_LIMIT:
        facts.short_of.clear()
    short = most + 1 if short is None else min(short, most + 1)
    facts.short_of[key] = short
    return short


def upper_bound(facts: Profile, counts: Sequence[int]) -> int:
    """An upper bound of the points disjoint new melds from ``counts`` can score.

    Every card at its highest value, plus what groups of four may add under
    a group-of-four multiplier (V6): per rank, ``g`` groups of four need
    ``4 g`` cards, the rank's natural cards (at most ``g`` of a suit) and wild
    jokers making up the rest, and add the multiplier's extra on those cards
    at their highest value; four jokers may also make a group.  The jokers
    are shared out among the ranks where they add most (a knapsack over the
    jokers).  Without a multiplier the bound is :func:`card_points` of the
    highest values.
    """
    bound = card_points(facts.highest, counts)
    if facts.group_of_four <= 1:
        return bound
    jokers = counts[JOKER_CODE]
    best = [0] * (jokers + 1)  # the most groups of four add with at most j jokers
    for rank in range(13):
        key = (rank, counts[rank], counts[13 + rank], counts[26 + rank], counts[39 + rank], jokers)
        ways = facts.fours.get(key)
        if ways is None:
            ways = _fours(facts, rank, key[1:5], jokers)
            if len(facts.fours) >= MEMO_LIMIT:
                facts.fours.clear()
            facts.fours[key] = ways
        if not ways:
            continue
        best = [
            max([best[spent]] + [best[spent - cost] + gain for cost, gain in ways if cost <= spent])
            for spent in range(jokers + 1)
        ]
    joker = facts.highest[JOKER_CODE] * (facts.group_of_four - 1)
    for groups in range(1, jokers // 4 + 1):  # groups of four jokers
        best = [
            max(best[spent], best[spent - 4 * groups] + groups * 4 * joker)
            if spent >= 4 * groups
            else best[spent]
            for spent in range(jokers + 1)
        ]
    return bound + best[jokers]


def _fours(
    facts: Profile, rank: int, copies: tuple[int, ...], jokers: int
) -> tuple[tuple[int, int], ...]:
    """The jokers that 1, 2, ... groups of four of ``rank`` spend, and the points they add.

    ``copies`` are the cards of the rank held in each suit.
    """
    extra = facts.group_of_four - 1
    value = max(facts.highest[suit * 13 + rank] for suit in range(4))
    joker = facts.highest[JOKER_CODE]
    ways = []
    for groups in range(1, max(copies) + 1):
        needed = 4 * groups - sum(min(count, groups) for count in copies)
        if not facts.wild:
            if not needed:
                ways.append((0, 4 * groups * value * extra))
            continue
        # wild jokers make up four, or stand in for more natural cards where
        # a joker is worth more (a group keeps one natural card)
        most_jokers = min(jokers, 3 * groups) if joker > value else min(jokers, needed)
        for spent in range(needed, most_jokers + 1):
            ways.append((spent, ((4 * groups - spent) * value + spent * joker) * extra))
    return tuple(ways)


def _options(
    rules: Rules, facts: Profile, code: int, suit_bits: int, rank_bits: int, jokers: int
) -> tuple[tuple[int, ...], tuple[_Option, ...]]:
    """The new melds that hold the natural card ``code``, the least loss first, and their losses.

    ``suit_bits`` are the ranks held of its suit, ``rank_bits`` the suits held
    of its rank.  Memoized on those and the jokers (``reach_options``); built
    from the card's groups and runs, each memoized on what it depends on
    alone (:func:`_kind_options`).  A group and a run that use the same
    cards for the same points (a card and two jokers) leave the same hand:
    one is kept.
    """
    key = (code, suit_bits, rank_bits, jokers)
    group_losses, groups = _kind_options(rules, facts, code, False, rank_bits, jokers)
    run_losses, runs = _kind_options(rules, facts, code, True, suit_bits, jokers)
    ranked = sorted(
        [
            (loss, -option[2], 0, index, option)
            for index, (loss, option) in enumerate(zip(group_losses, groups, strict=True))
        ]
        + [
            (loss, -option[2], 1, index, option)
            for index, (loss, option) in enumerate(zip(run_losses, runs, strict=True))
        ]
    )
    losses = []
    options = []
    seen = set()
    for loss, *_, option in ranked:
        if (option[1], option[2]) not in seen:
            seen.add((option[1], option[2]))
            losses.append(loss)
            options.append(option)
    found = (tuple(losses), tuple(options))
    if len(facts.reach_options) >= MEMO_LIMIT:
        facts.reach_options.clear()
    facts.reach_options[key] = found
    return found


def _kind_options(
    rules: Rules, facts: Profile, code: int, runs: bool, held: int, jokers: int
) -> tuple[tuple[int, ...], tuple[_Option, ...]]:
    """The new groups (or runs) that hold the natural card ``code``, the least loss first.

    With their losses.  ``held`` is a mask of the other cards they may hold:
    the suits held of the card's rank (a bit per suit) for groups, the ranks
    held of its suit (a bit per rank) for runs.  Memoized on the card, the
    kind, the mask and the jokers (``kind_options``): a run's options do not
    change when a card of another suit goes, a group's when a card of
    another rank goes.  Runs that split into two runs worth the same points
    are left out (the two are tried), and of melds that use the same cards
    for the same points (a joker at either end of a run, say) one is kept.
    The loss of a meld is counted from its cards' highest values without the
    group-of-four multiplier (what :func:`upper_bound` may add to them only
    makes the true loss larger).
    """
    key = (code, runs, held, jokers)
    found = facts.kind_options.get(key)
    if found is None:
        suit, rank = divmod(code, 13)
        if runs:
            pool = Pool([suit * 13 + index for index in range(13) if held >> index & 1])
        else:
            pool = Pool([other * 13 + rank for other in range(4) if held >> other & 1])
        pool.jokers = jokers
        kind = MeldKind.RUN if runs else MeldKind.GROUP
        ranked = []
        seen = set()
        for meld_kind, codes in melds_from_pool(pool, rules, code):
            if meld_kind is not kind:
                continue
            costed = _costed(facts, codes, runs)
            if costed is None or costed[:2] in seen:
                continue  # two runs in one, or the same cards for the same points as another
            used, points, loss = costed
            seen.add((used, points))
            ranked.append((loss, -points, codes, used))
        ranked.sort()
        found = (
            tuple(loss for loss, *_ in ranked),
            tuple((codes, used, -negative) for _, negative, codes, used in ranked),
        )
        if len(facts.kind_options) >= MEMO_LIMIT:
            facts.kind_options.clear()
        facts.kind_options[key] = found
    return found


def _costed(
    facts: Profile, codes: tuple[int, ...], run: bool
) -> tuple[tuple[int, ...], int, int] | None:
    """The cards a new meld uses (sorted), its points and its loss; ``None`` for a run of two.

    A run of two is one that splits into two runs worth the same points
    (see :func:`_splits`).  Memoized in the profile (``meld_costs``): the
    same melds come back in the options of many hands.
    """
    if codes in facts.meld_costs:
        return facts.meld_costs[codes]
    found: tuple[tuple[int, ...], int, int] | None = None
    if not (run and _splits(codes, facts.min_run)):
        used = tuple(sorted(SPEC_PHYSICAL[meld_card] for meld_card in codes))
        points = facts.new_meld(codes).points
        found = (used, points, sum(facts.highest[card] for card in used) - points)
    if len(facts.meld_costs) >= MEMO_LIMIT:
        facts.meld_costs.clear()
    facts.meld_costs[codes] = found
    return found


def _splits(codes: tuple[int, ...], shortest: int) -> bool:
    """Whether the run ``codes`` is two runs worth the same points (so never needed whole)."""
    for cut in range(shortest, len(codes) - shortest + 1):
        first, second = codes[:cut], codes[cut:]
        if min(first) >= JOKER_CODE or min(second) >= JOKER_CODE:
            continue  # a meld of jokers alone
        if second[0] < JOKER_CODE and second[0] % 13 == 0:
            continue  # the ace would stand low in the second
        return True
    return False


#: The hands :func:`best_points` may answer for one question in the dead-end search.
BEST_POINTS_BUDGET = 4096

#: The most hands :func:`best_points` remembers per rule set (about 150 bytes each).
BEST_POINTS_LIMIT = 1 << 16


def _melds_through(
    rules: Rules, facts: Profile, counts: Sequence[int], code: int
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The new melds from ``counts`` that hold the natural card ``code``, with their points.

    They depend only on the cards of its rank, of its suit and the jokers
    (memoized on those).
    """
    suit, rank_index = divmod(code, 13)
    base = suit * 13
    suit_bits = 0
    for index in range(13):
        if counts[base + index]:
            suit_bits |= 1 << index
    rank_bits = 0
    for other in range(4):
        if counts[other * 13 + rank_index]:
            rank_bits |= 1 << other
    key = (code, suit_bits, rank_bits, counts[JOKER_CODE])
    found = facts.melds_through.get(key)
    if found is None:
        pool = _pool_around(code, suit_bits, rank_bits, counts[JOKER_CODE])
        found = tuple(
            (codes, facts.new_meld(codes).points)
            for kind, codes in melds_from_pool(pool, rules, code)
            if kind is not MeldKind.RUN or not _splits(codes, facts.min_run)
        )
        if len(facts.melds_through) >= MEMO_LIMIT:
            facts.melds_through.clear()
        facts.melds_through[key] = found
    return found


def _pool_around(code: int, suit_bits: int, rank_bits: int, jokers: int) -> Pool:
    """All that a meld holding the natural card ``code`` can draw on, as a pool.

    The cards of its rank (``rank_bits``, a bit per suit), of its suit
    (``suit_bits``, a bit per rank) and ``jokers``.
    """
    suit, rank = divmod(code, 13)
    pool = Pool(
        [other * 13 + rank for other in range(4) if rank_bits >> other & 1]
        + [suit * 13 + index for index in range(13) if suit_bits >> index & 1]
    )
    pool.jokers = jokers
    return pool


def most_points(
    most: Sequence[int], counts: Sequence[int], melds: list[tuple[MeldKind, tuple[int, ...]]]
) -> int:
    """An upper bound of the points disjoint new melds from ``counts`` can score.

    Each card some meld without a joker holds counts once at its highest value.
    The other cards only meld beside a joker, and each joker goes into one
    meld: per joker, they add at most what such cards add to one meld; and
    all of them together add at most their own values.
    """
    natural: set[int] = set()
    meldable: set[int] = set()
    with_joker = []
    for _, codes in melds:
        if max(codes) >= JOKER_CODE:
            with_joker.append(codes)
            meldable.update(SPEC_PHYSICAL[code] for code in codes)
        else:
            natural.update(codes)
    bound = sum(counts[code] * most[code] for code in natural)
    extra = 0
    for codes in with_joker:
        added = 0
        for code in codes:
            physical = SPEC_PHYSICAL[code]
            if physical not in natural:
                added += most[physical]
        extra = max(extra, added)
    # nor more than every card that some meld holds, each copy once
    every = bound + sum(counts[code] * most[code] for code in meldable - natural)
    return min(bound + counts[JOKER_CODE] * extra, every)


def natural_melds(
    facts: Profile, counts: Sequence[int], need: int, jokers: int = 0
) -> tuple[tuple[tuple[int, ...], ...], int] | None:
    """Disjoint melds from ``counts`` worth ``need`` points or more, if found at once.

    A quick witness, not a search: every group of three or four suits of a
    rank (each deck's copies in turn), then every run as long as its suit
    allows (an ace low), or the runs first; then up to ``jokers`` wild
    jokers, one at a time where it brings the most points (see
    :func:`_add_jokers`).  The richer of the two orders is given; ``None``
    when neither reaches ``need`` (the exact answer may still be yes).

    Returns:
        The melds (canonical meld-card codes) and their points.
    """
    one = [0, 0, 0, 0]  # per suit: the ranks held (a bit per rank, the ace lowest)
    two = [0, 0, 0, 0]  # per suit: the ranks held twice
    for suit in range(4):
        base = suit * 13
        for rank in range(13):
            count = counts[base + rank]
            if count:
                one[suit] |= 1 << rank
                if count > 1:
                    two[suit] |= 1 << rank
    best: tuple[tuple[tuple[int, ...], ...], int] | None = None
    for groups_first in (True, False):
        left, twice = list(one), list(two)
        found: list[tuple[int, ...]] = []
        if groups_first:
            _take_groups(left, twice, found)
            _take_runs(left, twice, found, facts.min_run)
        else:
            _take_runs(left, twice, found, facts.min_run)
            _take_groups(left, twice, found)
        witness = [(codes, _points(facts, codes)) for codes in found]
        if jokers:
            _add_jokers(facts, left, twice, witness, jokers)
        points = sum(points for _, points in witness)
        if points >= need and (best is None or points > best[1]):
            best = (tuple(codes for codes, _ in witness), points)
    return best


def _points(facts: Profile, codes: tuple[int, ...]) -> int:
    """The points of a witness meld of natural cards: a group, or a run from its lowest card."""
    values = facts.values
    total = sum(values[SPEC_PHYSICAL[code]] for code in codes)
    if codes[0] % 13 == codes[1] % 13:  # a group
        return total * facts.group_of_four if len(codes) == 4 else total
    if codes[0] % 13 == 0:  # a run from the ace: a low ace
        total += facts.low_ace - values[codes[0]]
    return total


def _spend_one(one: list[int], two: list[int], suit: int, ranks: int) -> None:
    """Take one copy of each rank of ``ranks`` (a bit mask) of ``suit`` out of the masks."""
    twice = ranks & two[suit]
    two[suit] ^= twice
    one[suit] ^= ranks & ~twice


def _take_groups(one: list[int], two: list[int], found: list[tuple[int, ...]]) -> None:
    """Move every group of natural cards (three or four suits of a rank) out of the masks."""
    while True:
        a, b, c, d = one
        ranks = (a & b & (c | d)) | (c & d & (a | b))  # held in three suits or more
        if not ranks:
            return
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            rank = low.bit_length() - 1
            codes = tuple(suit * 13 + rank for suit in range(4) if one[suit] & low)
            for suit in range(4):
                if one[suit] & low:
                    _spend_one(one, two, suit, low)
            found.append(codes)


def _take_runs(one: list[int], two: list[int], found: list[tuple[int, ...]], length: int) -> None:
    """Move every run of natural cards (as long as its suit allows, an ace low) out of the masks."""
    for suit in range(4):
        base = suit * 13
        for _copy in range(2):
            held = one[suit]
            starts = held
            for shift in range(1, length):
                starts &= held >> shift
            if not starts:
                break
            covered = 0
            for shift in range(length):
                covered |= starts << shift
            _spend_one(one, two, suit, covered)
            while covered:
                low = covered & -covered
                segment = ((covered + low) & ~covered) - low  # the lowest stretch of bits
                covered ^= segment
                first = low.bit_length() - 1
                found.append(tuple(range(base + first, base + segment.bit_length())))


def _add_jokers(
    facts: Profile,
    one: list[int],
    two: list[int],
    found: list[tuple[tuple[int, ...], int]],
    jokers: int,
) -> None:
    """Spend up to ``jokers`` wild jokers on ``found`` (melds and points), each where it adds most.

    A joker may make a pair of one rank a group, two cards of a suit one
    rank apart or two apart a run of three (when runs of three are allowed),
    a group of three a group of four, or lengthen a run; two jokers may make
    a group of one natural card.  The cards it melds leave the masks.
    """
    values = facts.values
    joker = values[JOKER_CODE]
    while jokers:
        # (points per joker, the meld and its points, the meld it replaces or -1, jokers)
        options: list[tuple[float, tuple[tuple[int, ...], int], int, int]] = []
        for index, (codes, points) in enumerate(found):
            grown = _grown(facts, codes, points)
            if grown is not None:
                options.append((grown[1] - points, grown, index, 1))
        for rank in range(13):
            suits = [suit for suit in range(4) if one[suit] >> rank & 1]
            group = group_joker(rank + 1)
            if len(suits) >= 2:
                pair = (suits[0] * 13 + rank, suits[1] * 13 + rank, group)
                options.append((2 * values[rank] + joker, (pair, 2 * values[rank] + joker), -1, 1))
            if suits and jokers >= 2:
                single = (suits[0] * 13 + rank, group, group)
                points = values[rank] + 2 * joker
                options.append((points / 2, (single, points), -1, 2))
        if facts.min_run == 3:
            for suit in range(4):
                fragment = _best_fragment(facts, one[suit], suit)
                if fragment is not None:
                    options.append((fragment[1], fragment, -1, 1))
        if not options:
            return
        # the first of the best (max keeps the first of equals)
        gain, (codes, points), index, spent = max(options, key=lambda option: option[0])
        if gain <= 0:
            return
        if index >= 0:
            found[index] = (codes, points)
        else:
            for code in codes:
                if code < JOKER_CODE:
                    _spend_one(one, two, code // 13, 1 << code % 13)
            found.append((codes, points))
        jokers -= spent


def _grown(
    facts: Profile, codes: tuple[int, ...], points: int
) -> tuple[tuple[int, ...], int] | None:
    """A meld of the witness with one more joker: a group of four, or a run one card longer."""
    joker = facts.values[JOKER_CODE]
    ranks = [SPEC_RANK[code] for code in codes]
    if len(set(ranks)) == 1:  # a group
        if len(codes) != 3:
            return None
        four = facts.group_of_four
        return (*codes, group_joker(ranks[0])), (points + joker) * four
    suit = SPEC_SUIT[codes[0]]
    low, high = ranks[0], ranks[-1]  # runs of the witness never wrap or hold the ace high
    if high < 13:
        return (*codes, run_joker(suit * 13 + high)), points + joker
    if low > 1:
        return (run_joker(suit * 13 + low - 2), *codes), points + joker
    return None


def _best_fragment(facts: Profile, held: int, suit: int) -> tuple[tuple[int, ...], int] | None:
    """The richest run of three from two cards of ``held`` (a suit's rank mask) and a joker."""
    values = facts.values
    joker = values[JOKER_CODE]
    base = suit * 13
    best: tuple[tuple[int, ...], int] | None = None
    for rank in range(12):
        if not held >> rank & 1:
            continue
        low = facts.low_ace if rank == 0 else values[rank]
        for gap in (1, 2):
            other = rank + gap
            if other > 12 or not held >> other & 1:
                continue
            points = low + values[other] + joker
            if best is not None and points <= best[1]:
                continue
            if gap == 2:
                codes = (base + rank, run_joker(base + rank + 1), base + other)
            elif other < 12:
                codes = (base + rank, base + other, run_joker(base + other + 1))
            else:  # the queen and the king: the joker below
                codes = (run_joker(base + rank - 1), base + rank, base + other)
            best = (codes, points)
    return best

"""Whether new melds from a hand reach a number of points, for the opening minimum (T8).

An exact yes or no for the hands too large for the exact maximum
(:mod:`~rummy500._engine.opening_points`): an opening minimum of 500 asks it
about hands of 50 cards and more.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from rummy500._engine.hands import minus
from rummy500._engine.opening_bounds import upper_bound
from rummy500._engine.opening_points import BEST_POINTS_LIMIT, splits_in_two
from rummy500._engine.profile import MEMO_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.meldgen import Pool, melds_from_counts, melds_from_pool
from rummy500.melds import MeldKind
from rummy500.rules import Rules

__all__ = [
    "kind_options",
    "reaching_melds",
]


def reaching_melds(
    rules: Rules, facts: Profile, counts: Sequence[int], target: int
) -> tuple[tuple[tuple[int, ...], ...], int] | None:
    """Disjoint new melds from ``counts`` worth ``target`` points or more, if any (exact).

    A search for the hands too large for the budget of
    :func:`~rummy500._engine.opening_points.best_points` (an
    opening minimum of 500 asks it about hands of 50 cards and more).  What
    it measures is the points lost:
    :func:`~rummy500._engine.opening_bounds.upper_bound` of the cards left
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
    rules: Rules, facts: Profile, counts: list[int], target: int, bound: int = -1
) -> tuple[tuple[int, ...], ...] | int:
    """The search of :func:`reaching_melds`.

    Returns the melds found, or, when none reach ``target``, the fewest
    points proven out of reach (at most ``target``): the most that any branch
    was shown to allow, plus one.  A hand asked again for a target that close
    is answered at once, whatever path leads to it.  ``bound`` is the hand's
    :func:`upper_bound` when the caller knows it (-1 otherwise): without a
    group-of-four multiplier it is every card at its highest value, so each
    branch's bound is its parent's less the cards it spends.
    """
    if target <= 0:
        return ()
    key = bytes(counts)
    short = facts.short_of.get(key)
    if short is not None and target >= short:
        return short
    if bound < 0:
        bound = upper_bound(facts, counts)
    spare = bound - target  # the points the melds may still lose
    if spare < 0:
        return bound + 1
    card, losses, options, usable = _card_to_decide(rules, facts, key, counts[JOKER_CODE], spare)
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
    # more than the bound spares, and the bound of the hand it leaves is at most the
    # bound of this hand less that meld's cards at their highest values.
    highest = facts.highest
    most = 0
    if card >= 0:
        if usable < len(losses):  # the least loss of the melds not tried
            most = bound - losses[usable]
        if highest[card] > spare:  # kept out, it would lose too much
            most = max(most, bound - highest[card])
    linear = facts.group_of_four <= 1  # the bound is every card at its highest value
    for number, (codes, used, points) in enumerate(candidates):
        left = -1
        if linear:  # the bound less the cards used, at their highest values
            spent = losses[number] + points if card >= 0 else sum(highest[code] for code in used)
            left = bound - spent
        rest = _reach(rules, facts, minus(counts, used), target - points, left)
        if not isinstance(rest, int):
            return (codes, *rest)
        most = max(most, points + rest - 1)
    if card >= 0 and highest[card] <= spare:  # the card kept out of every meld
        counts[card] -= 1
        rest = _reach(rules, facts, counts, target, bound - highest[card] if linear else -1)
        counts[card] += 1
        if not isinstance(rest, int):
            return rest
        most = max(most, rest - 1)
    if len(facts.short_of) >= BEST_POINTS_LIMIT:
        facts.short_of.clear()
    short = most + 1 if short is None else min(short, most + 1)
    facts.short_of[key] = short
    return short


#: For each natural card code, where its rank's four suit bits start in a mask
#: of four bits per rank (bit ``4 * rank + suit``).
_RANK_SHIFT = tuple(4 * (code % 13) for code in range(JOKER_CODE))

#: What the cards of one suit of a hand are, by the suit and their 13 counts:
#: the ranks held (a bit per rank), the same as bits of a mask of four bits per
#: rank, and the card codes held, ascending.
_SuitRow = tuple[int, int, tuple[int, ...]]
_SUIT_ROWS: tuple[dict[bytes, _SuitRow], ...] = ({}, {}, {}, {})


def _new_suit_row(suit: int, row: bytes) -> _SuitRow:
    """The :data:`_SUIT_ROWS` entry of ``suit`` for its 13 counts ``row``, built and kept."""
    ranks = [rank for rank in range(13) if row[rank]]
    found = (
        sum(1 << rank for rank in ranks),
        sum(1 << 4 * rank + suit for rank in ranks),
        tuple(suit * 13 + rank for rank in ranks),
    )
    memo = _SUIT_ROWS[suit]
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    memo[row] = found
    return found


def _card_to_decide(
    rules: Rules, facts: Profile, key: bytes, jokers: int, spare: int
) -> tuple[int, Sequence[int], Sequence[_Option], int]:
    """The card of the hand ``key`` with the fewest ways left, when melds may lose ``spare`` points.

    ``key`` is the hand's count vector as bytes, with ``jokers`` jokers.  A
    card's ways: kept out of every meld (if its value is at most ``spare``)
    or in one of its melds that lose at most ``spare``.  Returns the card (-1
    when the hand holds jokers alone), its melds and their losses, the least
    loss first, and how many of them lose little enough.  A card with one way
    or none is taken at once.
    """
    # the memo read inline: this runs for every hand searched
    rows = [
        _SUIT_ROWS[suit].get(key[suit * 13 : suit * 13 + 13])
        or _new_suit_row(suit, key[suit * 13 : suit * 13 + 13])
        for suit in range(4)
    ]
    spread = rows[0][1] | rows[1][1] | rows[2][1] | rows[3][1]  # the suits held of each rank
    highest = facts.highest
    card = -1
    fewest = 1 << 30
    losses: Sequence[int] = ()
    options: Sequence[_Option] = ()
    usable = 0
    memo = facts.reach_options
    # A card's options depend on the card, the ranks held of its suit, the suits
    # held of its rank and the jokers: their memo key packs them in one int (6,
    # 13, 4 bits, then the jokers), built inline as this loop runs for every
    # card of every hand searched.
    jokers_bits = jokers << 23
    for suit_bits, _, codes in rows:
        suit_key = suit_bits << 6 | jokers_bits
        for code in codes:
            rank_bits = spread >> _RANK_SHIFT[code] & 15
            option_key = code | suit_key | rank_bits << 19
            found = memo.get(option_key)
            if found is None:
                found = _options(rules, facts, option_key, code, suit_bits, rank_bits, jokers)
            ways = bisect.bisect_right(found[0], spare)
            number = ways + (highest[code] <= spare)
            if number < fewest:
                card, fewest = code, number
                (losses, options), usable = found, ways
                if number <= 1:
                    return card, losses, options, usable
    return card, losses, options, usable


def _options(
    rules: Rules,
    facts: Profile,
    key: int,
    code: int,
    suit_bits: int,
    rank_bits: int,
    jokers: int,
) -> tuple[tuple[int, ...], tuple[_Option, ...]]:
    """The new melds that hold the natural card ``code``, the least loss first, and their losses.

    ``suit_bits`` are the ranks held of its suit, ``rank_bits`` the suits held
    of its rank.  Memoized on those and the jokers, packed in ``key``
    (``reach_options``, see :func:`_card_to_decide`); built
    from the card's groups and runs, each memoized on what it depends on
    alone (:func:`kind_options`).  A group and a run that use the same
    cards for the same points (a card and two jokers) leave the same hand:
    one is kept.
    """
    group_losses, groups = kind_options(rules, facts, code, False, rank_bits, jokers)
    run_losses, runs = kind_options(rules, facts, code, True, suit_bits, jokers)
    if not groups:  # each kind's options are in order already
        found = run_losses, runs
    elif not runs:
        found = group_losses, groups
    else:
        found = _least_loss_first(
            [*zip(group_losses, groups, strict=True), *zip(run_losses, runs, strict=True)]
        )
    if len(facts.reach_options) >= MEMO_LIMIT:
        facts.reach_options.clear()
    facts.reach_options[key] = found
    return found


def kind_options(
    rules: Rules, facts: Profile, code: int, runs: bool, held: int, jokers: int
) -> tuple[tuple[int, ...], tuple[_Option, ...]]:
    """The new groups (or runs) that hold the natural card ``code``, the least loss first.

    With their losses.  ``held`` is a mask of the cards they may hold, the
    card among them: the suits held of the card's rank (a bit per suit) for
    groups, the ranks held of its suit (a bit per rank) for runs.  Read from the table of the
    card's rank or suit (:func:`_line_options`): a run's options do not
    change when a card of another suit goes, a group's when a card of
    another rank goes.
    """
    line = code // 13 if runs else code % 13
    table = facts.kind_options.get((runs, line, held, jokers))
    if table is None:
        table = _line_options(rules, facts, runs, line, held, jokers)
    return table[code]


def _line_options(
    rules: Rules, facts: Profile, runs: bool, line: int, held: int, jokers: int
) -> dict[int, tuple[tuple[int, ...], tuple[_Option, ...]]]:
    """The options of :func:`kind_options` of every card of one suit (runs) or rank (groups).

    By card: the new runs of the suit ``line`` from its ranks ``held`` (or the
    new groups of the rank ``line`` from its suits ``held``) and ``jokers``
    that hold the card as itself, the least loss first, with their losses.
    The melds of the line are listed once for all its cards, and the table
    is memoized on the kind, the line, the mask and the jokers
    (``kind_options``).  Runs that split into two runs worth the same points
    are left out (the two are tried), and of melds that use the same cards
    for the same points (a joker at either end of a run, say) one is kept.
    The loss of a meld is counted from its cards' highest values without the
    group-of-four multiplier (what :func:`upper_bound` may add to them only
    makes the true loss larger).
    """
    kind = MeldKind.RUN if runs else MeldKind.GROUP
    if runs:
        codes_held = [line * 13 + rank for rank in range(13) if held >> rank & 1]
    else:
        codes_held = [suit * 13 + line for suit in range(4) if held >> suit & 1]
    pool = Pool(codes_held)
    pool.jokers = jokers
    by_card: dict[int, list[tuple[tuple[int, ...], tuple[int, ...], int, int]]] = {
        code: [] for code in codes_held
    }
    for meld_kind, codes in melds_from_pool(pool, rules):
        if meld_kind is not kind:
            continue
        costed = _costed(facts, codes, runs)
        if costed is None:
            continue
        for code in codes:
            if code < JOKER_CODE:
                by_card[code].append(costed)
    table = {
        # sorted by the meld-card codes first: equal losses and points keep that order
        code: _least_loss_first(
            [(loss, (codes, used, points)) for codes, used, points, loss in sorted(found)]
        )
        for code, found in by_card.items()
    }
    if len(facts.kind_options) >= MEMO_LIMIT:
        facts.kind_options.clear()
    facts.kind_options[(runs, line, held, jokers)] = table
    return table


def _costed(
    facts: Profile, codes: tuple[int, ...], run: bool
) -> tuple[tuple[int, ...], tuple[int, ...], int, int] | None:
    """A new meld's codes, its cards (sorted), points and loss; ``None`` for two runs in one.

    Two runs in one: a run that splits into two runs worth the same points
    (:func:`~rummy500._engine.opening_points.splits_in_two`).  Memoized in
    the profile (``meld_costs``): the same melds come back in the options of
    many hands.
    """
    if codes in facts.meld_costs:
        return facts.meld_costs[codes]
    found: tuple[tuple[int, ...], tuple[int, ...], int, int] | None = None
    if not (run and splits_in_two(codes, facts.min_run)):
        used = tuple(sorted(SPEC_PHYSICAL[meld_card] for meld_card in codes))
        points = facts.new_meld(codes).points
        found = (codes, used, points, sum(facts.highest[card] for card in used) - points)
    if len(facts.meld_costs) >= MEMO_LIMIT:
        facts.meld_costs.clear()
    facts.meld_costs[codes] = found
    return found


def _least_loss_first(
    options: list[tuple[int, _Option]],
) -> tuple[tuple[int, ...], tuple[_Option, ...]]:
    """``options`` (each with its loss) sorted by least loss, then most points; and their losses.

    Of melds that use the same cards for the same points (a joker at either
    end of a run, a card and two jokers as a group or a run) one is kept:
    they leave the same hand.
    """
    options.sort(key=lambda option: (option[0], -option[1][2]))  # stable: ties keep their order
    losses = []
    kept = []
    seen = set()
    for loss, option in options:
        if option[1:] not in seen:
            seen.add(option[1:])
            losses.append(loss)
            kept.append(option)
    return tuple(losses), tuple(kept)

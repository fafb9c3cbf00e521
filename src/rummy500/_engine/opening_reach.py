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
from rummy500._engine.opening_points import BEST_POINTS_LIMIT, pool_around, splits_in_two
from rummy500._engine.profile import MEMO_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.meldgen import melds_from_counts, melds_from_pool
from rummy500.melds import MeldKind
from rummy500.rules import Rules

__all__ = [
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
    card, losses, options, usable = _card_to_decide(rules, facts, counts, spare)
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
    most = 0
    if card >= 0:
        if usable < len(losses):  # the least loss of the melds not tried
            most = bound - losses[usable]
        if facts.highest[card] > spare:  # kept out, it would lose too much
            most = max(most, bound - facts.highest[card])
    for codes, used, points in candidates:
        rest = _reach(rules, facts, minus(counts, used), target - points)
        if not isinstance(rest, int):
            return (codes, *rest)
        most = max(most, points + rest - 1)
    if card >= 0 and facts.highest[card] <= spare:  # the card kept out of every meld
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


#: The natural card codes; each one's suit and rank, and its bit in a suit's
#: mask of ranks and in a rank's mask of suits.
_NATURALS = range(JOKER_CODE)
_SUIT = tuple(code // 13 for code in _NATURALS)
_RANK = tuple(code % 13 for code in _NATURALS)
_RANK_BIT = tuple(1 << rank for rank in _RANK)
_SUIT_BIT = tuple(1 << suit for suit in _SUIT)


def _options_key(code: int, suit_bits: int, rank_bits: int, jokers: int) -> int:
    """The memo key of a card's options, packed in one int.

    The card (6 bits), the ranks held of its suit (13 bits), the suits held
    of its rank (4 bits) and the jokers.
    """
    return code | suit_bits << 6 | rank_bits << 19 | jokers << 23


def _card_to_decide(
    rules: Rules, facts: Profile, counts: Sequence[int], spare: int
) -> tuple[int, Sequence[int], Sequence[_Option], int]:
    """The card of ``counts`` with the fewest ways left, when melds may lose ``spare`` points.

    Its ways: kept out of every meld (if its value is at most ``spare``) or
    in one of its melds that lose at most ``spare``.  Returns the card (-1
    when the hand holds jokers alone), its melds and their losses, the least
    loss first, and how many of them lose little enough.  A card with one way
    or none is taken at once.
    """
    held = [code for code in _NATURALS if counts[code]]
    suits = [0, 0, 0, 0]  # per suit: the ranks held (a bit per rank)
    ranks = [0] * 13  # per rank: the suits held
    for code in held:
        suits[_SUIT[code]] |= _RANK_BIT[code]
        ranks[_RANK[code]] |= _SUIT_BIT[code]
    jokers = counts[JOKER_CODE]
    highest = facts.highest
    card = -1
    fewest = 1 << 30
    losses: Sequence[int] = ()
    options: Sequence[_Option] = ()
    usable = 0
    memo = facts.reach_options
    for code in held:
        # the memo read inline, on an int key: this loop runs for every card of
        # every hand searched
        key = _options_key(code, suits[_SUIT[code]], ranks[_RANK[code]], jokers)
        found = memo.get(key)
        if found is None:
            found = _options(rules, facts, code, suits[_SUIT[code]], ranks[_RANK[code]], jokers)
        ways = bisect.bisect_right(found[0], spare)
        number = ways + (highest[code] <= spare)
        if number < fewest:
            card, fewest = code, number
            (losses, options), usable = found, ways
            if number <= 1:
                break
    return card, losses, options, usable


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
    key = _options_key(code, suit_bits, rank_bits, jokers)
    group_losses, groups = _kind_options(rules, facts, code, False, rank_bits, jokers)
    run_losses, runs = _kind_options(rules, facts, code, True, suit_bits, jokers)
    found = _least_loss_first(
        [*zip(group_losses, groups, strict=True), *zip(run_losses, runs, strict=True)]
    )
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
        kind = MeldKind.RUN if runs else MeldKind.GROUP
        # the cards of its suit alone (runs) or of its rank alone (groups)
        pool = pool_around(code, held, 0, jokers) if runs else pool_around(code, 0, held, jokers)
        costed = sorted(  # by the meld-card codes: equal losses and points keep that order
            filter(
                None,
                (
                    _costed(facts, codes, runs)
                    for meld_kind, codes in melds_from_pool(pool, rules, code)
                    if meld_kind is kind
                ),
            )
        )
        found = _least_loss_first(
            [(loss, (codes, used, points)) for codes, used, points, loss in costed]
        )
        if len(facts.kind_options) >= MEMO_LIMIT:
            facts.kind_options.clear()
        facts.kind_options[key] = found
    return found


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

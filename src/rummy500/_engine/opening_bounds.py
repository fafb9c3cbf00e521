"""Upper bounds of what new melds from a hand can score, for the opening minimum (T8).

Read off the card values, without a search: the dead-end search (N1) asks
them first, so that a hand that could not open even with every card melded
at its highest value is answered at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.memo import store
from rummy500._engine.profile import MEMO_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.melds import MeldKind

__all__ = [
    "most_points",
    "upper_bound",
]


def upper_bound(facts: Profile, counts: Sequence[int]) -> int:
    """An upper bound of the points disjoint new melds from ``counts`` can score.

    Every card at its highest value, plus what groups of four may add under
    a group-of-four multiplier (V6): per rank, ``g`` groups of four need
    ``4 g`` cards, the rank's natural cards (at most ``g`` of a suit) and wild
    jokers making up the rest, and add the multiplier's extra on those cards
    at their highest value; four jokers may also make a group.  The jokers
    are shared out among the ranks where they add most (a knapsack over the
    jokers).  Without a multiplier the bound is the cost of the hand at the
    highest values.
    """
    bound = facts.prices.cost(counts)  # every card at its highest value
    if facts.group_of_four <= 1:
        return bound
    jokers = counts[JOKER_CODE]
    best = [0] * (jokers + 1)  # the most groups of four add with at most j jokers
    for rank in range(13):
        key = (rank, counts[rank], counts[13 + rank], counts[26 + rank], counts[39 + rank], jokers)
        ways = facts.fours.get(key)
        if ways is None:
            ways = _fours(facts, rank, key[1:5], jokers)
            store(facts.fours, key, ways, MEMO_LIMIT)
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

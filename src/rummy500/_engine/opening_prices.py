"""Tight prices on a hand's cards for the opening search: the packing relaxation's (T8).

Every card at its highest value bounds what a hand's new melds score, but
loosely when many cards can only meld beside the same few jokers or cards:
the search then has to try every way of melding them to learn that the
minimum is out of reach.  The optimal prices of the linear relaxation
(:func:`~rummy500._engine.packing_lp.packing_prices`) see that at once: on
the deep piles measured they ruled out every target out of reach without a
search, and the losses they give each meld leave the search few melds to
try for the targets within reach.

The prices are rounded up to :data:`PRICE_SCALE` parts of a point and checked
against every meld of the hand in integers, so a rounding error can never
make a bound too low.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from rummy500._engine.card_prices import CardPrices
from rummy500._engine.opening_lines import line_melds
from rummy500._engine.packing_lp import packing_prices
from rummy500._engine.profile import MEMO_LIMIT, SHORT_OF_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.meldgen import melds_from_counts
from rummy500.rules import Rules

__all__ = [
    "PRICE_SCALE",
    "hand_melds",
    "packing_bound",
]

#: The parts of a point the prices are rounded up to (the relaxation's prices
#: are mostly whole, halves or thirds of points).
PRICE_SCALE = 60

#: The most pivots one relaxation may take (the slowest hand measured took 375).
_MOST_PIVOTS = 5000


def packing_bound(rules: Rules, facts: Profile, counts: Sequence[int]) -> CardPrices | None:
    """Prices on the cards of ``counts`` that bound the points of its new melds, tightly.

    The optimal prices of the linear relaxation, in :data:`PRICE_SCALE`
    parts of a point, rounded up: every new meld of the hand (and so of any
    part of it) has cards costing at least its points.  ``None`` if the
    relaxation ran out of pivots or its prices, rounded, did not hold.  The
    search's memos under these prices hold a sixteenth of what those under
    the highest values hold: a rule set keeps several such sets.
    """
    columns = hand_melds(rules, facts, counts)
    found = packing_prices(counts, columns, _MOST_PIVOTS)
    if found is None:
        return None
    price = tuple(
        max(0, math.ceil(value * PRICE_SCALE - 1e-6)) if count else 0
        for value, count in zip(found, counts, strict=True)
    )
    for used, points in columns:
        if sum(price[card] for card in used) < points * PRICE_SCALE:
            return None
    return CardPrices(price, PRICE_SCALE, True, bytes(counts), MEMO_LIMIT >> 4, SHORT_OF_LIMIT >> 4)


def hand_melds(
    rules: Rules, facts: Profile, counts: Sequence[int]
) -> list[tuple[tuple[int, ...], int]]:
    """The new melds of the hand ``counts`` that score, as their cards and points.

    Of melds that use the same cards the richest is kept; runs that split
    into two runs worth the same points are left out (the two are there).
    """
    jokers = counts[JOKER_CODE]
    richest: dict[tuple[int, ...], int] = {}
    lines = [
        (True, suit, sum(1 << rank for rank in range(13) if counts[suit * 13 + rank]))
        for suit in range(4)
    ]
    lines += [
        (False, rank, sum(1 << suit for suit in range(4) if counts[suit * 13 + rank]))
        for rank in range(13)
    ]
    for runs, line, held in lines:
        if not held:
            continue
        for _, used, points in line_melds(rules, facts, runs, line, held, jokers):
            if points > richest.get(used, 0):
                richest[used] = points
    if jokers:  # melds of jokers alone, where the rules have them
        alone = [0] * JOKER_CODE + [jokers]
        for _, codes in melds_from_counts(alone, rules):
            used = tuple(SPEC_PHYSICAL[code] for code in codes)
            points = facts.new_meld(codes).points
            if points > richest.get(used, 0):
                richest[used] = points
    return list(richest.items())

"""Scoring a finished hand (S1, S2, L5).

>>> from rummy500.scoring import hand_points
>>> from rummy500 import parse_cards, Rules
>>> hand_points(parse_cards("AS 7H JK"), Rules().card_values)
37
"""

from __future__ import annotations

from collections.abc import Iterable

from rummy500.cards import Card
from rummy500.melds import meld_points
from rummy500.rules import Rules
from rummy500.state import EndReason, HandResult, TableMeld
from rummy500.values import CardValues

__all__ = ["hand_points", "score_hand", "table_points"]


def hand_points(hand: Iterable[Card], values: CardValues) -> int:
    """Points of cards left in a hand: aces at full value, jokers at the joker value (S1)."""
    table = values.table
    return sum(table[card.code] for card in hand)


def table_points(melds: Iterable[TableMeld], rules: Rules, players: int) -> list[int]:
    """Each seat's points on the table: every card scores for whoever put it there (L5)."""
    totals = [0] * players
    for table_meld in melds:
        for seat, points in zip(
            table_meld.by, meld_points(table_meld.meld, rules.card_values), strict=True
        ):
            totals[seat] += points
    return totals


def score_hand(
    rules: Rules,
    hands: tuple[tuple[Card, ...], ...],
    melds: tuple[TableMeld, ...],
    went_out: int | None,
    reason: EndReason,
) -> HandResult:
    """Score a finished hand under ``scoring = "melded_minus_hand"`` (S2).

    Each seat scores the cards it put on the table minus the cards left in
    its hand; the score may be negative.
    """
    players = len(hands)
    melded = table_points(melds, rules, players)
    in_hand = [hand_points(hand, rules.card_values) for hand in hands]
    scores = tuple(melded[seat] - in_hand[seat] for seat in range(players))
    return HandResult(
        scores=scores,
        melded=tuple(melded),
        in_hand=tuple(in_hand),
        went_out=went_out,
        reason=reason,
    )

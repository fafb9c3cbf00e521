"""Hands as the engine keeps them: sorted tuples of cards, and count vectors of codes."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy500.cards import Card

__all__ = ["index_of", "minus", "replace_hand", "with_cards", "without"]


def index_of(hand: tuple[Card, ...], code: int) -> int:
    """The position of a card with ``code`` in ``hand``, or -1."""
    for index, card in enumerate(hand):
        if card.code == code:
            return index
    return -1


def without(hand: tuple[Card, ...], codes: Sequence[int]) -> tuple[Card, ...]:
    """``hand`` less one card per code in ``codes`` (all present)."""
    if len(codes) == 1:
        index = index_of(hand, codes[0])
        return hand[:index] + hand[index + 1 :]
    remaining = Counter(codes)
    kept = []
    for card in hand:
        if remaining[card.code]:
            remaining[card.code] -= 1
        else:
            kept.append(card)
    return tuple(kept)


def with_cards(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    """``hand`` (sorted) with ``cards`` added, still sorted by code."""
    if len(cards) == 1:
        code = cards[0].code
        for index, card in enumerate(hand):
            if card.code > code:
                return hand[:index] + (cards[0],) + hand[index:]
        return hand + (cards[0],)
    return tuple(sorted(hand + tuple(cards), key=_code))


def _code(card: Card) -> int:
    return card.code


def replace_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """``hands`` with seat ``seat``'s hand replaced (the other hands are shared)."""
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def minus(counts: Sequence[int], codes: Sequence[int]) -> list[int]:
    """A copy of ``counts`` less one card per code in ``codes``."""
    rest = list(counts)
    for code in codes:
        rest[code] -= 1
    return rest

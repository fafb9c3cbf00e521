"""Hands as the engine keeps them: sorted tuples of cards, and their index.

A hand tuple is shared by every state until that hand changes, so what the
move generator needs of a hand (its codes, a :class:`~rummy500.meldgen.Pool`
of its cards, its discards) is computed once per hand tuple and kept in a
small table keyed by the tuple's identity (:func:`hand_index`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.movecache import discards_by_code
from rummy500.cards import Card
from rummy500.meldgen import Pool
from rummy500.memo import store
from rummy500.moves import Discard

__all__ = [
    "HandIndex",
    "hand_index",
    "index_of",
    "minus",
    "replace_hand",
    "with_cards",
    "without",
]


class HandIndex:
    """What the move generator needs of one hand, computed once.

    Attributes:
        hand: The hand (a sorted tuple of cards).
        codes: The card codes, sorted.
        pool: The hand as a :class:`~rummy500.meldgen.Pool` (never changed:
            copy it before adding cards).
    """

    __slots__ = ("_discards", "codes", "hand", "pool")

    def __init__(self, hand: tuple[Card, ...]) -> None:
        self.hand = hand
        self.codes = tuple([card.code for card in hand])
        self.pool = Pool(self.codes)
        self._discards: dict[int, tuple[Discard, ...]] = {}

    def discards(self, player: int) -> tuple[Discard, ...]:
        """The discard of each distinct card of the hand by ``player``, in hand order."""
        moves = self._discards.get(player)
        if moves is None:
            table = discards_by_code(player)
            moves = self._discards[player] = tuple(
                [table[code] for code in dict.fromkeys(self.codes)]
            )
        return moves


# The index of the last hands seen, by identity; an entry holds the hand, so an
# id is never mistaken for another object's.
_INDEXES: dict[int, HandIndex] = {}
_INDEX_LIMIT = 256


def hand_index(hand: tuple[Card, ...]) -> HandIndex:
    """The (cached) :class:`HandIndex` of a hand tuple."""
    index = _INDEXES.get(id(hand))
    if index is not None and index.hand is hand:
        return index
    index = store(_INDEXES, id(hand), HandIndex(hand), _INDEX_LIMIT)
    return index


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
    remaining: dict[int, int] = {}
    for code in codes:
        remaining[code] = remaining.get(code, 0) + 1
    kept = []
    for card in hand:
        left = remaining.get(card.code)
        if left:
            remaining[card.code] = left - 1
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

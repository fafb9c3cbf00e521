"""Hands as the engine keeps them: ``bytes`` of sorted card codes, and their index.

A state keeps each hand as the codes of its cards (in its ``_seat_codes``,
see :mod:`rummy500._engine.codes.seats`; the public ``GameState.hands`` builds the
:class:`~rummy500.cards.Card` tuples from them).  What the move generator
needs of a hand (a :class:`~rummy500._engine.meldgen.Pool` of its cards, its
discards) is computed once per hand and kept in a small table keyed by its
codes (:func:`hand_index`) for the calls about the same position.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Final

from rummy500._engine.boundary import discards_by_code
from rummy500._engine.codes.memo import store
from rummy500._engine.codes.seats import ONE_BYTE
from rummy500._engine.meldgen import Pool
from rummy500.moves import Discard

__all__ = [
    "HandIndex",
    "hand_index",
    "minus",
    "with_cards",
    "without",
]


class HandIndex:
    """What the move generator needs of one hand, computed once.

    Attributes:
        codes: The hand (its card codes, sorted).
        pool: The hand as a :class:`~rummy500._engine.meldgen.Pool` (never changed:
            copy it before adding cards).
    """

    __slots__ = ("_discarder", "_discards", "codes", "pool")

    def __init__(self, codes: bytes) -> None:
        self.codes = codes
        self.pool = Pool(codes)
        # The discards of the one seat asked (a hand is one seat's): no dict per hand.
        self._discarder = -1
        self._discards: tuple[Discard, ...] = ()

    def discards(self, player: int) -> tuple[Discard, ...]:
        """The discard of each distinct card of the hand by ``player``, in hand order."""
        if player == self._discarder:
            return self._discards
        table = discards_by_code(player)
        distinct = []
        last = -1
        for code in self.codes:  # sorted: copies of a card are neighbours
            if code != last:
                distinct.append(table[code])
                last = code
        moves = self._discards = tuple(distinct)
        self._discarder = player
        return moves


# The index of the last hands seen, by their codes.  A few: an index serves the
# calls about one position (its plays, then its discards), and a hand seldom comes
# back once changed; kept longer, the indexes (five tracked objects each) only
# made the garbage collector run more often and visit more.
_INDEXES: Final[dict[bytes, HandIndex]] = {}
_INDEX_LIMIT: Final = 4


def hand_index(hand: bytes) -> HandIndex:
    """The (cached) :class:`HandIndex` of a hand's codes."""
    index = _INDEXES.get(hand)
    if index is not None:
        return index
    return store(_INDEXES, hand, HandIndex(hand), _INDEX_LIMIT)


def without(hand: bytes, codes: tuple[int, ...]) -> bytes:
    """``hand`` less one card per code in ``codes`` (all present)."""
    for code in codes:
        hand = hand.replace(ONE_BYTE[code], b"", 1)
    return hand


def with_cards(hand: bytes, codes: bytes) -> bytes:
    """``hand`` (sorted) with the cards of ``codes`` added, still sorted."""
    if not hand and len(codes) == 1:  # the known cards, mostly none, gaining a card taken
        return codes
    if len(codes) == 1:
        code = codes[0]
        index = bisect_right(hand, code)
        return hand[:index] + ONE_BYTE[code] + hand[index:]
    return bytes(sorted(hand + codes))


def minus(counts: Sequence[int], codes: Sequence[int]) -> list[int]:
    """A copy of ``counts`` less one card per code in ``codes``."""
    rest = list(counts)
    for code in codes:
        rest[code] = rest[code] - 1
    return rest

"""Who put each card of a table meld on the table: the credits of table melds (L5).

A table meld keeps, for each of its cards in meld order, the seat that put it
there (``TableMeld.by``): a laid-off card scores for the seat that laid it
off.  A new meld is credited whole to its player; a lay-off keeps the old
cards' credits and gives the new cards to the player laying them off.  Equal
credits share one tuple: few distinct tuples recur in every hand, and a table
meld is rebuilt at every lay-off on it (what a hand's states hold).
"""

from __future__ import annotations

from typing import Final

from rummy500._engine.codes.memo import MEMO_LIMIT, store
from rummy500.melds import Meld
from rummy500.statevalues import TableMeld

__all__ = ["layoff_credits", "shared_credits"]

# The credits of table melds, one tuple per value.
_CREDITS: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}


def shared_credits(credits: tuple[int, ...]) -> tuple[int, ...]:
    """The one tuple kept for credits equal to ``credits``."""
    kept = _CREDITS.get(credits)
    if kept is None:
        kept = store(_CREDITS, credits, credits, MEMO_LIMIT)
    return kept


def layoff_credits(old: TableMeld, result: Meld, player: int) -> tuple[int, ...]:
    """Credits of ``result``: the old cards keep theirs, the new ones go to ``player`` (L5).

    A lay-off only adds cards, and a meld keeps its cards in meld order (a run
    by rank, a group by suit with its jokers last): the old cards stand in the
    new meld in their old order, and one walk pairs them, the first copy of a
    card first.
    """
    old_codes, old_by = old.meld.codes, old.by
    count = len(old_codes)
    matched = 0
    by = []
    for code in result.codes:
        if matched < count and old_codes[matched] == code:
            by.append(old_by[matched])
            matched += 1
        else:
            by.append(player)
    if matched < count:  # not in their old order after all: pair them code by code
        return _credits_by_code(old_codes, old_by, result.codes, player)
    return shared_credits(tuple(by))


def _credits_by_code(
    old_codes: tuple[int, ...], old_by: tuple[int, ...], codes: tuple[int, ...], player: int
) -> tuple[int, ...]:
    """:func:`layoff_credits` for cards in any order: each code's old credits, first copy first."""
    credits: dict[int, list[int]] = {}
    for code, seat in zip(old_codes, old_by, strict=True):
        credits.setdefault(code, []).append(seat)
    by = []
    for code in codes:
        earlier = credits.get(code)
        by.append(earlier.pop(0) if earlier else player)
    return shared_credits(tuple(by))

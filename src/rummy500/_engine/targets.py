"""The table melds a lay-off can go on, indexed for the move generator.

A :class:`TargetIndex` lists the table melds that may still take lay-offs
(:func:`target_of`) with the ranks of their groups and the suits of their
runs as bit masks, so that the generator asks only the melds a card could
go on.  An index is kept per tuple of table melds (:func:`target_index`);
after a play the new table's index is derived from the old one
(:func:`derive_index`), one target put, replaced or dropped.
"""

from __future__ import annotations

from typing import Final

from rummy500._engine.boundary import GROUP
from rummy500._engine.codes.memo import store
from rummy500._engine.codes.specs import SPEC_RANK, SPEC_SUIT
from rummy500.cards import JOKER_CODE
from rummy500.melds import Meld
from rummy500.statevalues import TableMeld

__all__ = ["Target", "TargetIndex", "derive_index", "target_index", "target_of"]


# The index of the table melds is kept for the last few melds tuples seen:
# consecutive states share one tuple until a meld changes, and a play derives
# the next table's index.  Entries hold the tuple itself, so an id is never
# mistaken for another object's.  A few only: older tables seldom come back, and
# entries kept longer keep their melds alive for the garbage collector to visit.
_INDEXES: Final[dict[int, tuple[tuple[TableMeld, ...], TargetIndex]]] = {}
_INDEXES_LIMIT: Final = 4


def target_index(melds: tuple[TableMeld, ...]) -> TargetIndex:
    """The (cached) :class:`TargetIndex` of a tuple of table melds."""
    entry = _INDEXES.get(id(melds))
    if entry is not None and entry[0] is melds:
        return entry[1]
    every = []
    for number, table_meld in enumerate(melds):
        target = target_of(number, table_meld)
        if target is not None:
            every.append(target)
    index = TargetIndex(every)
    store(_INDEXES, id(melds), (melds, index), _INDEXES_LIMIT)
    return index


def derive_index(melds: tuple[TableMeld, ...], changed: tuple[TableMeld, ...], number: int) -> None:
    """Index ``changed``, which is ``melds`` with meld ``number`` put or replaced, from its index.

    Only when ``melds`` is indexed (the generator indexed it to offer the
    play): the new table's index is then the old one with one target changed,
    without reading every table meld again.
    """
    entry = _INDEXES.get(id(melds))
    if entry is None or entry[0] is not melds:
        return
    target = target_of(number, changed[number])
    every = [old for old in entry[1].every if old[0] != number]
    if target is not None:
        place = len(every)
        while place and every[place - 1][0] > number:
            place -= 1
        every.insert(place, target)
    store(_INDEXES, id(changed), (changed, TargetIndex(every)), _INDEXES_LIMIT)


#: One table meld that may take lay-offs, as the generator reads it:
#: (number, meld, is a group, rank of a group or suit of a run, room left,
#: suits a group holds / ranks next to a run's ends, as bit masks, the meld's
#: codes, the first rank of a run or 0).
Target = tuple[int, Meld, bool, int, int, int, tuple[int, ...], int]


def target_of(number: int, table_meld: TableMeld) -> Target | None:
    """Table meld ``number`` as a target of lay-offs, or ``None`` if it takes none.

    A meld may take lay-offs while it has room (a group of fewer than 4
    cards, a run of fewer than 13) and is not sealed by a joker doubling it.
    """
    if table_meld.doubled:
        return None
    meld = table_meld.meld
    codes = meld.codes
    if meld.kind is GROUP:
        if len(codes) >= 4:
            return None
        suits = 0
        for code in codes:
            if code < JOKER_CODE:
                suits |= 1 << (code // 13)
        return (number, meld, True, SPEC_RANK[codes[0]], 4 - len(codes), suits, codes, 0)
    if len(codes) >= 13:
        return None
    first, last = SPEC_RANK[codes[0]], SPEC_RANK[codes[-1]]
    ends = 1 << (first - 2) % 13 | 1 << last % 13  # ranks next to either end
    return (number, meld, False, SPEC_SUIT[codes[0]], 13 - len(codes), ends, codes, first)


class TargetIndex:
    """The table melds that may take lay-offs, and the ranks and suits they take.

    Attributes:
        every: Every such meld (see :func:`target_of`), by meld number.
        group_ranks: A bit per rank (1–13; 0 for groups of jokers) with a group
            among them.
        run_suits: A bit per suit (0–3) with a run among them.
    """

    __slots__ = ("_holding", "every", "group_ranks", "run_suits")

    def __init__(self, every: list[Target]) -> None:
        self.every = every
        group_ranks = run_suits = 0
        for target in every:
            if target[2]:
                group_ranks |= 1 << target[3]
            else:
                run_suits |= 1 << target[3]
        self.group_ranks = group_ranks
        self.run_suits = run_suits
        self._holding: dict[int, list[Target]] | None = None  # made when first asked

    def targets(self, required: int | None) -> list[Target]:
        """The melds a lay-off could go on; with ``required``, one holding that natural card.

        In meld-number order: the groups of its rank and the runs of its suit
        (found once per card).  The list is the index's own: read it, do not
        change it (a list, which the compiled build iterates natively).
        """
        if required is None or required == JOKER_CODE:
            return self.every
        holding = self._holding
        if holding is None:
            holding = self._holding = {}
        found = holding.get(required)
        if found is None:
            rank, suit = required % 13 + 1, required // 13
            if not (self.group_ranks >> rank & 1 or self.run_suits >> suit & 1):
                found = []
            else:
                found = [
                    target for target in self.every if target[3] == (rank if target[2] else suit)
                ]
            holding[required] = found
        return found

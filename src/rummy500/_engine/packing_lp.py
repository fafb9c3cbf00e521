"""The linear relaxation of packing melds into a hand: prices on cards that bound it (T8).

How many points disjoint melds from a hand can score is an integer program:
melds (columns) compete for the cards (rows), each card held ``capacity``
times.  Its linear relaxation lets a meld be laid a fraction of a time; the
optimal dual of that relaxation prices each card so that every meld's cards
cost at least its points, and the hand's cards at those prices cost as
little as possible.  Any such prices bound what melds from the hand, or from
any part of it, can score (the melds of a part are among the hand's).

:func:`packing_prices` solves the relaxation by a revised simplex with a
dense basis inverse: the hands of the opening search have at most 53 kinds
of card, so the inverse is small, and the melds are priced a block at a time
(partial pricing).  Floating point is enough: the caller rounds the prices
up and checks them exactly.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "packing_prices",
]

#: Reduced costs and pivots within this of zero count as zero.
_TOLERANCE = 1e-9

#: How many melds are priced before the best one found so far enters the basis.
_BLOCK = 256


def packing_prices(
    capacity: Sequence[int], columns: Sequence[tuple[tuple[int, ...], int]], most_pivots: int
) -> list[float] | None:
    """The optimal dual prices of packing ``columns`` into ``capacity``, by row.

    Args:
        capacity: How many of each row (card) there are.
        columns: Each column's rows (a row once per copy it uses) and its
            points (positive).  A column using a row of no capacity is left
            out (it cannot be laid).
        most_pivots: Give up after this many pivots.

    Returns:
        One price per row (0 for the rows of no capacity), or ``None`` when
        the pivots ran out.
    """
    rows = [row for row, count in enumerate(capacity) if count]
    position = {row: index for index, row in enumerate(rows)}
    size = len(rows)
    layable = [column for column in columns if all(row in position for row in column[0])]
    uses = [tuple(position[row] for row in used) for used, _ in layable]
    points = [float(value) for _, value in layable]
    inverse = [[1.0 if i == j else 0.0 for j in range(size)] for i in range(size)]
    values = [float(capacity[row]) for row in rows]  # of the basic variables, by position
    duals = [0.0] * size
    start = 0
    for _ in range(most_pivots):
        entering, gain = _entering(uses, points, duals, start)
        if entering >= 0:
            start = entering
            direction = [0.0] * size
            for row in uses[entering]:
                for index in range(size):
                    share = inverse[index][row]
                    if share:
                        direction[index] += share
        else:  # every meld is paid for: a slack whose row has a negative price enters
            slack = next((index for index in range(size) if duals[index] < -_TOLERANCE), -1)
            if slack < 0:
                break
            gain = -duals[slack]
            direction = [inverse[index][slack] for index in range(size)]
        leaving = _leaving(values, direction)
        if leaving < 0:  # unbounded: cannot happen with positive capacities
            return None
        step = values[leaving] / direction[leaving]
        pivot_row = [share / direction[leaving] for share in inverse[leaving]]
        inverse[leaving] = pivot_row
        for index in range(size):
            factor = direction[index]
            if factor and index != leaving:
                inverse[index] = [
                    share - factor * pivot
                    for share, pivot in zip(inverse[index], pivot_row, strict=True)
                ]
            values[index] -= step * factor
        values[leaving] = step
        duals = [dual + gain * pivot for dual, pivot in zip(duals, pivot_row, strict=True)]
    else:
        return None
    prices = [0.0] * len(capacity)
    for row, dual in zip(rows, duals, strict=True):
        prices[row] = dual
    return prices


def _entering(
    uses: Sequence[tuple[int, ...]], points: Sequence[float], duals: Sequence[float], start: int
) -> tuple[int, float]:
    """The column to enter and its reduced cost: the best of the first block holding one."""
    total = len(uses)
    price_of = duals.__getitem__
    best, entering = _TOLERANCE, -1
    scanned = 0
    while scanned < total:
        end = min(start + _BLOCK, total)
        for column in range(start, end):
            reduced = points[column] - sum(map(price_of, uses[column]))
            if reduced > best:
                best, entering = reduced, column
        scanned += end - start
        start = end if end < total else 0
        if entering >= 0:
            break
    return entering, best


def _leaving(values: Sequence[float], direction: Sequence[float]) -> int:
    """The basis position that leaves: the smallest ratio, the largest pivot among ties."""
    leaving, ratio = -1, 0.0
    for index, share in enumerate(direction):
        if share > _TOLERANCE:
            candidate = values[index] / share
            if (
                leaving < 0
                or candidate < ratio - 1e-12
                or (candidate < ratio + 1e-12 and share > direction[leaving])
            ):
                leaving, ratio = index, candidate
    return leaving

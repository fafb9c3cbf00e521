"""The compact codes of meld cards ("specs") and their tables of ranks, suits and cards.

A meld card (:class:`~rummy500.meldcards.MeldCard`) has a code:

- ``0..51``: a natural card (its card code);
- ``52``: a plain joker (groups of jokers under ``jokers = "sets_only"``);
- ``53..104``: a joker declared as the card ``c`` (a run joker), ``53 + c``;
- ``105..117``: a joker declared as the rank ``r`` (a group joker), ``104 + r``.

The tables are read for every card the engine and the meld generation look
at.  They live in a module of their own, compiled in the compiled build with
the engine, so that compiled code reads them as C globals (a name imported
from a plain module is a dictionary lookup at every read);
:mod:`rummy500.meldcards` shows them under the same names.

>>> SPEC_RANK[run_joker(9)], SPEC_SUIT[run_joker(9)], SPEC_PHYSICAL[group_joker(4)]
(10, 0, 52)
"""

from __future__ import annotations

from typing import Final

from rummy500.cards import JOKER_CODE

__all__ = [
    "BARE_JOKER",
    "GROUP_JOKER_BASE",
    "NUM_SPEC_CODES",
    "RUN_JOKER_BASE",
    "SPEC_PHYSICAL",
    "SPEC_RANK",
    "SPEC_SUIT",
    "code_points",
    "fits_run",
    "group_joker",
    "in_meld_order",
    "run_joker",
]

BARE_JOKER: Final = JOKER_CODE
RUN_JOKER_BASE: Final = 53
GROUP_JOKER_BASE: Final = 104
NUM_SPEC_CODES: Final = 118

#: Rank (1–13) each spec code stands for; 0 for a plain joker.
SPEC_RANK: Final[tuple[int, ...]] = tuple(
    [c % 13 + 1 for c in range(52)] + [0] + [c % 13 + 1 for c in range(52)] + list(range(1, 14))
)
#: Suit index (0–3) each spec code stands for; -1 for none (group jokers, plain jokers).
SPEC_SUIT: Final[tuple[int, ...]] = tuple(
    [c // 13 for c in range(52)] + [-1] + [c // 13 for c in range(52)] + [-1] * 13
)
#: Physical card code of each spec code (52 for every joker).
SPEC_PHYSICAL: Final[tuple[int, ...]] = tuple(list(range(52)) + [JOKER_CODE] * 66)


def run_joker(card_code: int) -> int:
    """Spec code of a joker declared as the natural card ``card_code`` (in a run)."""
    return RUN_JOKER_BASE + card_code


def group_joker(rank: int) -> int:
    """Spec code of a joker declared as rank ``rank`` (in a group)."""
    return GROUP_JOKER_BASE + rank


def in_meld_order(meld: tuple[int, ...], codes: tuple[int, ...]) -> tuple[int, ...]:
    """The spec codes ``codes`` in the order they stand in the meld of codes ``meld``.

    Each code as many times as ``codes`` holds it, and only those that the meld
    holds.

    >>> in_meld_order((3, 4, 5, 6), (6, 3))
    (3, 6)
    """
    remaining = list(codes)
    ordered = []
    for code in meld:
        if code in remaining:
            remaining.remove(code)
            ordered.append(code)
    return tuple(ordered)


def code_points(
    codes: tuple[int, ...], run: bool, table: tuple[int, ...], low_ace: int
) -> tuple[int, ...]:
    """Points of each spec code of a valid meld in meld order, a run if ``run`` (S1).

    ``table`` holds the points of each card code (0–52), ``low_ace`` those of
    a natural ace at the low end of a run.

    >>> code_points((0, 1, 2), True, tuple(range(100, 153)), 1)
    (1, 101, 102)
    """
    points = [table[SPEC_PHYSICAL[code]] for code in codes]
    if run and codes[0] == SPEC_SUIT[codes[0]] * 13:
        points[0] = low_ace
    return tuple(points)


def fits_run(start: int, length: int, ace: str) -> bool:
    """Whether a run of ``length`` cards from rank ``start`` is allowed (M2, M3).

    ``ace`` is the value of the ``ace`` knob: under ``low_or_high`` position 14
    is the high ace; under ``around_the_corner`` a run of 13 cards is only
    written from the ace.

    >>> fits_run(12, 3, "low"), fits_run(12, 3, "low_or_high"), fits_run(12, 3, "around_the_corner")
    (False, True, True)
    """
    if length > 13 or not 1 <= start <= 13:
        return False
    if ace == "low":
        return start + length - 1 <= 13
    if ace == "low_or_high":
        return start + length - 1 <= 14
    return length < 13 or start == 1

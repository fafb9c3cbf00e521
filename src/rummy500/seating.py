"""Seats: the order of play (D5, D7) and the sides of a match (V5).

Seats are numbered ``0 … n-1`` clockwise.  Play goes clockwise (seat + 1),
or counterclockwise under dealer's gambit (``direction``, V7); every part of
the library asks :func:`next_seat` which seat comes next.

>>> from rummy500 import Rules
>>> next_seat(Rules(), 4, 3), next_seat(Rules(direction="counterclockwise"), 4, 0)
(0, 3)
>>> seat_order(Rules(), 4, 2)
(2, 3, 0, 1)
>>> sides(Rules(), 3), sides(Rules(min_players=4, max_players=4, partnerships=True), 4)
(((0,), (1,), (2,)), ((0, 2), (1, 3)))
"""

from __future__ import annotations

from rummy500.presets import as_rules
from rummy500.rules import Direction, Rules

__all__ = ["next_seat", "seat_order", "side_of", "sides", "step"]


def step(rules: Rules) -> int:
    """What the next seat in playing order adds to a seat, modulo the players (D7, V7).

    >>> step(Rules()), step(Rules(direction="counterclockwise"))
    (1, -1)
    """
    return -1 if rules.direction is Direction.COUNTERCLOCKWISE else 1


def next_seat(rules: Rules | str, players: int, seat: int) -> int:
    """The seat after ``seat`` in playing order (D7; counterclockwise under V7).

    ``rules`` may be a preset's name.
    """
    return (seat + step(as_rules(rules))) % players


def seat_order(rules: Rules, players: int, first: int) -> tuple[int, ...]:
    """Every seat in playing order, starting at ``first`` (D5, D7)."""
    by = step(rules)
    return tuple((first + by * i) % players for i in range(players))


def sides(rules: Rules | str, players: int) -> tuple[tuple[int, ...], ...]:
    """The sides of a match: each seat alone, or the partnerships 0+2 and 1+3 (V5).

    ``rules`` may be a preset's name.
    """
    if as_rules(rules).partnerships:
        return ((0, 2), (1, 3))
    return tuple((seat,) for seat in range(players))


def side_of(rules: Rules, players: int, seat: int) -> int:
    """The number of the side ``seat`` plays for (its seat, or its partnership, V5).

    >>> side_of(Rules(min_players=4, max_players=4, partnerships=True), 4, 3)
    1
    """
    return seat % 2 if rules.partnerships else seat

"""The opening minimum in a turn (T8): who has opened, what is still needed, what it forbids.

Under ``opening_minimum`` a player has not *opened* until the new melds they
lay down in one turn reach the minimum.  Until then they may not lay off,
and a turn in which they have started to meld may not end (by a discard, or
by going out) short of the minimum.  A meld out of turn (T9) opens only if
it reaches the minimum alone.
"""

from __future__ import annotations

from rummy500._engine.codes.storage import StateCore
from rummy500._engine.illegal import illegal
from rummy500._engine.profile import Profile
from rummy500.errors import IllegalMoveError, Reason

__all__ = [
    "discard_problem",
    "may_lay_off",
    "minimum_to_reach",
    "not_opened",
    "opened_after",
    "opening_need",
    "out_of_turn_problem",
    "points_short",
]


def minimum_to_reach(knobs: Profile, state: StateCore, player: int) -> int:
    """The opening minimum ``player`` must still reach (T8): 0 without one, or once opened."""
    minimum = knobs.opening_minimum
    return minimum if minimum and player not in state.opened else 0


def opening_need(knobs: Profile, state: StateCore, player: int, points: int) -> int:
    """Points ``player`` must still meld this turn to open, after ``points`` more.

    0 when there is no opening minimum, the player has opened, or has not
    started to open (melded nothing this turn).
    """
    minimum = knobs.opening_minimum
    if not minimum or player in state.opened:
        return 0
    return points_short(minimum, state.turn_points if player == state.to_move else 0, points)


def points_short(minimum: int, melded: int, points: int) -> int:
    """Points still missing to open after melding ``points`` more, ``melded`` already (T8).

    0 when there is no ``minimum`` (0), when the total reaches it, or when
    nothing has been melded (a player who has not started to open).
    """
    total = melded + points
    if not minimum or total == 0 or total >= minimum:
        return 0
    return minimum - total


def may_lay_off(knobs: Profile, state: StateCore, player: int) -> bool:
    """Whether ``player`` may lay off: always, except before opening."""
    return not knobs.opening_minimum or player in state.opened


def not_opened(knobs: Profile, player: int) -> IllegalMoveError:
    """The error of a lay-off before opening."""
    return illegal(
        Reason.NOT_OPENED,
        f"p{player} has not opened yet and may not lay off "
        f"(opening minimum {knobs.opening_minimum})",
        "T8",
    )


def opened_after(knobs: Profile, state: StateCore, player: int, turn_points: int) -> frozenset[int]:
    """The seats that have opened once ``player`` has melded ``turn_points`` this turn."""
    minimum = knobs.opening_minimum
    if minimum and player not in state.opened and turn_points >= minimum:
        return state.opened | {player}
    return state.opened


def discard_problem(knobs: Profile, state: StateCore, player: int) -> IllegalMoveError | None:
    """Why ``player`` may not end the turn now: melds begun short of the minimum, if so."""
    if opening_need(knobs, state, player, 0):
        return illegal(
            Reason.NOT_OPENED,
            f"p{player} has melded {state.turn_points} points this turn and must reach the "
            f"opening minimum of {knobs.opening_minimum} before discarding",
            "T8",
        )
    return None


def out_of_turn_problem(
    knobs: Profile, state: StateCore, player: int, is_layoff: bool, points: int
) -> IllegalMoveError | None:
    """Why ``player``, not yet opened, may not make this play out of turn (T9), if so."""
    if not knobs.opening_minimum or player in state.opened:
        return None
    if is_layoff:
        return not_opened(knobs, player)
    if points < knobs.opening_minimum:
        return illegal(
            Reason.NOT_OPENED,
            f"an out-of-turn opening meld must be worth {knobs.opening_minimum} points "
            f"alone, not {points}",
            "T8",
        )
    return None

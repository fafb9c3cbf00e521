"""The hand's functions as methods of the state: ``state.legal_moves()``, ``state.apply(move)``.

A python-chess user looks for the moves on the board (``board.legal_moves``,
``board.push(move)``); a :class:`~rummy500.GameState` answers the same
questions as thin methods over the engine's functions, with nothing of its
own: :meth:`~rummy500.GameState.legal_moves` is :func:`rummy500.legal_moves`,
:meth:`~rummy500.GameState.is_legal` is :func:`rummy500.is_legal`, and
:meth:`~rummy500.GameState.apply` is :func:`rummy500.apply_move` returning the
next state (the state is immutable: nothing is pushed).  They take a move's
notation text or its dict as well as a move, as :meth:`rummy500.Session.submit`
does.

>>> from rummy500 import legal_moves, new_game
>>> state = new_game(seed=1)
>>> state.legal_moves() == legal_moves(state)
True
>>> state.is_legal("draw"), state.is_legal("p0: draw")
(True, False)

The values may not import the engine (it imports them), so this module,
loaded with the package, installs the functions in :mod:`rummy500.state`,
as :mod:`rummy500.positions` installs the position format.
"""

from __future__ import annotations

from collections.abc import Mapping

from rummy500._engine import apply_move, is_legal, legal_moves
from rummy500.errors import InvalidArgumentError, shown
from rummy500.movedata import move_from_dict
from rummy500.moves import Move
from rummy500.notation import parse_move
from rummy500.state import GameState, HandFunctions, use_hand_functions

__all__ = ["apply", "as_move", "legal", "moves"]


def as_move(state: GameState, move: object) -> Move:
    """``move`` as a :data:`~rummy500.Move`: a move itself, its text for ``state``, or its dict.

    Raises:
        NotationError: for text that is not a move (or names a seat not at the table).
        InvalidArgumentError: for a value that is none of the three.
    """
    if isinstance(move, str):
        return parse_move(state, move)
    if isinstance(move, Mapping):
        return move_from_dict(move)
    if not isinstance(move, Move):
        raise InvalidArgumentError(f"expected a move, its text or its dict, got {shown(move)}")
    return move


def moves(
    state: GameState, *, seat: int | None = None, depth: int | None = None
) -> tuple[Move, ...]:
    """:meth:`GameState.legal_moves <rummy500.GameState.legal_moves>`."""
    return legal_moves(state, seat=seat, depth=depth)


def legal(state: GameState, move: object) -> bool:
    """:meth:`GameState.is_legal <rummy500.GameState.is_legal>`."""
    return is_legal(state, as_move(state, move))


def apply(state: GameState, move: object) -> GameState:
    """:meth:`GameState.apply <rummy500.GameState.apply>`."""
    return apply_move(state, as_move(state, move))


use_hand_functions(HandFunctions(moves, legal, apply))

"""The reducer: the state after a move, checking the move on the way.

:func:`apply_move` is the single source of legality: it either raises
:class:`~rummy500.errors.IllegalMoveError` naming the rule, or returns the
next state.  It only dispatches: each move is handled by the module of its
rule section, and :func:`check_move` and :func:`is_legal` are built on it.
The move generator (:mod:`~rummy500._engine.movegen`) uses the same
sections' predicates to offer exactly the moves accepted here.
"""

from __future__ import annotations

from typing import Final

import rummy500._engine.calls as calls
import rummy500._engine.discarding as discarding
import rummy500._engine.drawing as drawing
import rummy500._engine.gambit as gambit
import rummy500._engine.going_out as going_out
import rummy500._engine.playing as playing
import rummy500._engine.taking as taking
from rummy500._engine.codes.seats import seat_count, with_known
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.dead_ends import blocker, mover_stranded
from rummy500._engine.illegal import illegal
from rummy500._engine.known import known_after
from rummy500._engine.members import (
    BLOCK_MOVE,
    CALL_MOVE,
    DISCARD_MOVE,
    DRAW,
    DRAW_MOVE,
    END_MOVE,
    FINAL_LAYOFF,
    KINDS_OF_MOVE,
    NOMINATE,
    NOMINATE_MOVE,
    OVER,
    PASS_MOVE,
    PLAY,
    PLAY_MOVES,
    SPLIT_MOVE,
    TAKE_MOVE,
)
from rummy500._engine.opening import opening_need
from rummy500._engine.profile import profile
from rummy500._engine.states import evolve
from rummy500.errors import IllegalMoveError, Reason
from rummy500.moves import Block, Move, Split

__all__ = ["apply_move", "check_move", "is_legal"]


def apply_move(state: StateCore, move: Move) -> StateCore:
    """The state after ``move`` (see :func:`rummy500.apply_move`)."""
    after = _apply(state, move)
    if type(move) in _GAMBIT_KNOWN:
        known = known_after(state, move)
        if known is not None:
            after = evolve(after, seat_codes=with_known(after.seat_codes, move.player, known))
    return after


def _apply(state: StateCore, move: Move) -> StateCore:
    """The state after ``move``, by the handler of its rule section (known cards aside)."""
    kind = type(move)
    if kind not in KINDS_OF_MOVE:
        raise IllegalMoveError(
            Reason.NOT_A_MOVE,
            f"not a move: {move!r} (build a move object, or read text with parse_move)",
            "-",
        )
    phase = state.phase
    if phase is OVER:
        raise illegal(Reason.HAND_OVER, "the hand is over: nobody may move", "E1")
    player = move.player
    if player >= seat_count(state.seat_codes):
        raise illegal(
            Reason.NOT_A_MOVE,
            f"there is no seat p{player} (seats p0..p{state.num_players - 1})",
            "D5",
        )
    if kind is CALL_MOVE:
        return calls.call(state, move)  # type: ignore[arg-type]
    if phase is NOMINATE or kind is NOMINATE_MOVE:
        return gambit.nominate(state, move)
    if player != state.to_move:
        if kind in PLAY_MOVES and profile(state.rules).out_of_turn_melding:
            return playing.out_of_turn(state, move)  # type: ignore[arg-type]
        raise illegal(Reason.NOT_YOUR_TURN, f"it is p{state.to_move}'s turn, not p{player}'s", "D7")
    if phase is DRAW:
        if isinstance(move, DRAW_MOVE):
            return drawing.draw(state, move)
        if isinstance(move, TAKE_MOVE):
            return taking.take(state, move)
        if isinstance(move, END_MOVE):
            return drawing.end_hand(state, move)
        if isinstance(move, PASS_MOVE):
            return drawing.draw_nothing(state, move)
        if isinstance(move, SPLIT_MOVE):
            return _split(state, move)
        raise illegal(Reason.WRONG_PHASE, f"p{player} must draw first (draw or take)", "T1")
    if phase is PLAY:
        if isinstance(move, DISCARD_MOVE):
            return discarding.discard(state, move)
        if isinstance(move, PLAY_MOVES):
            return playing.play(state, move)
        if isinstance(move, BLOCK_MOVE):
            return _block(state, move)
        if kind is PASS_MOVE:
            raise illegal(
                Reason.WRONG_PHASE,
                "'pass' is a move of the draw phase (play_on) or of E4",
                "T6",
            )
        raise illegal(Reason.WRONG_PHASE, f"p{player} has drawn already this turn", "T1")
    if phase is FINAL_LAYOFF:
        return going_out.final_layoff(state, move)
    if kind is not DISCARD_MOVE:  # FIRST_DISCARD
        raise illegal(
            Reason.WRONG_PHASE, f"p{player} starts the pile: the first move is a discard", "D6"
        )
    return discarding.discard(state, move)  # type: ignore[arg-type]


def check_move(state: StateCore, move: Move) -> None:
    """Raise :class:`IllegalMoveError` if ``move`` is illegal (see :func:`rummy500.check_move`)."""
    apply_move(state, move)


def is_legal(state: StateCore, move: Move) -> bool:
    """Whether ``move`` is legal in ``state`` (see :func:`rummy500.is_legal`)."""
    try:
        apply_move(state, move)
    except IllegalMoveError:
        return False
    return True


def _split(state: StateCore, move: Split) -> StateCore:
    """A split (V7) is a play in the player's turn that melds the chosen pile card."""
    return playing.play_in_turn(state, gambit.split(state, move))


def _block(state: StateCore, move: Block) -> StateCore:
    """A block (V7), after which the blocker must still be able to end the turn (N1)."""
    after = gambit.block(state, move)
    if mover_stranded(after):
        raise illegal(
            Reason.DEAD_END,
            f"after blocking p{move.player} could not end the turn: "
            + blocker(
                state.rules, len(state.taken_codes) == 1, opening_need(state, move.player, 0)
            ),
            "N1",
        )
    return after


# The handlers of the other moves set the known cards themselves, in the one new
# state they build; those of dealer's gambit (below the known cards' module) do not.
_GAMBIT_KNOWN: Final = frozenset((Split, Block))

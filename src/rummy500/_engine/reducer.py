"""The reducer: the state after a move, checking the move on the way.

:func:`apply_move` is the single source of legality: it either raises
:class:`~rummy500.errors.IllegalMoveError` naming the rule, or returns the
next state.  It only dispatches: each move is handled by the module of its
rule section, and :func:`check_move` and :func:`is_legal` are built on it.
The move generator (:mod:`~rummy500._engine.movegen`) uses the same
sections' predicates to offer exactly the moves accepted here.
"""

from __future__ import annotations

import rummy500._engine.calls as calls
import rummy500._engine.discarding as discarding
import rummy500._engine.drawing as drawing
import rummy500._engine.going_out as going_out
import rummy500._engine.playing as playing
import rummy500._engine.taking as taking
from rummy500._engine.boundary import (
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
from rummy500._engine.codes.seats import seat_count, with_known
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.dead_ends import blocker, mover_stranded
from rummy500._engine.deal import play_begins
from rummy500._engine.illegal import illegal
from rummy500._engine.known import known_after, known_after_taking
from rummy500._engine.limits import turn_limits
from rummy500._engine.profile import Profile
from rummy500._engine.ruleset import profile
from rummy500._engine.states import evolve
from rummy500.errors import IllegalMoveError, Reason
from rummy500.moves import Block, Move, Split

__all__ = ["apply_move", "check_move", "is_legal"]


def apply_move(state: StateCore, move: Move) -> StateCore:
    """The state after ``move``, by its rule section's handler (see :func:`rummy500.apply_move`)."""
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
    if player >= seat_count(state._seat_codes):
        raise illegal(
            Reason.NOT_A_MOVE,
            f"there is no seat p{player} (seats p0..p{state.num_players - 1})",
            "D5",
        )
    knobs = profile(state.rules)
    if isinstance(move, CALL_MOVE):
        return calls.call(knobs, state, move)
    if phase is NOMINATE or kind is NOMINATE_MOVE:
        players = seat_count(state._seat_codes)
        return knobs.variant.opening_move(state, move, play_begins(knobs, players, state.dealer))
    if player != state.to_move:
        if isinstance(move, PLAY_MOVES) and knobs.out_of_turn_melding:
            return playing.out_of_turn(knobs, state, move)
        raise illegal(Reason.NOT_YOUR_TURN, f"it is p{state.to_move}'s turn, not p{player}'s", "D7")
    if phase is DRAW:
        if isinstance(move, DRAW_MOVE):
            return drawing.draw(knobs, state, move)
        if isinstance(move, TAKE_MOVE):
            return taking.take(knobs, state, move)
        if isinstance(move, END_MOVE):
            return drawing.end_hand(knobs, state, move)
        if isinstance(move, PASS_MOVE):
            return drawing.draw_nothing(knobs, state, move)
        if isinstance(move, SPLIT_MOVE):
            return _split(knobs, state, move)
        raise illegal(Reason.WRONG_PHASE, f"p{player} must draw first (draw or take)", "T1")
    if phase is PLAY:
        if isinstance(move, DISCARD_MOVE):
            return discarding.discard(knobs, state, move)
        if isinstance(move, PLAY_MOVES):
            return playing.play(knobs, state, move)
        if isinstance(move, BLOCK_MOVE):
            return _block(knobs, state, move)
        if kind is PASS_MOVE:
            raise illegal(
                Reason.WRONG_PHASE,
                "'pass' is a move of the draw phase (play_on) or of E4",
                "T6",
            )
        raise illegal(Reason.WRONG_PHASE, f"p{player} has drawn already this turn", "T1")
    if phase is FINAL_LAYOFF:
        return going_out.final_layoff(knobs, state, move)
    if not isinstance(move, DISCARD_MOVE):  # FIRST_DISCARD
        raise illegal(
            Reason.WRONG_PHASE, f"p{player} starts the pile: the first move is a discard", "D6"
        )
    return discarding.discard(knobs, state, move)


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


def _split(knobs: Profile, state: StateCore, move: Split) -> StateCore:
    """A split of the pile (the variant's) is a play in the player's turn that melds a pile card."""
    after = playing.play_in_turn(knobs, state, knobs.variant.split(state, move))
    player = move.player
    known = known_after_taking(knobs, state, player, move.count, move.play, True, True)
    if known is None:
        return after
    return evolve(after, _seat_codes=with_known(after._seat_codes, player, known))


def _block(knobs: Profile, state: StateCore, move: Block) -> StateCore:
    """A block (the variant's), after which the blocker must still be able to end the turn (N1)."""
    player = move.player
    after = knobs.variant.block(state, move)
    if mover_stranded(knobs, after):
        limits = turn_limits(knobs, state, player, state.taken_codes)
        raise illegal(
            Reason.DEAD_END,
            f"after blocking p{player} could not end the turn: "
            + blocker(knobs, limits, limits.need(0)),
            "N1",
        )
    known = known_after(knobs, state, move)
    if known is None:
        return after
    return evolve(after, _seat_codes=with_known(after._seat_codes, player, known))

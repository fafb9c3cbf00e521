"""The move generator: every legal move of every seat that may act, or of one group.

It offers exactly the moves :func:`~rummy500._engine.reducer.apply_move`
accepts, by asking the module of each rule section for its moves: the
sections build their moves valid by construction where they can, and check
the rest with the same predicates the reducer uses.  A group of moves (one
seat's, or those taking a given number of pile cards) is generated directly,
not by filtering the whole list.
"""

from __future__ import annotations

import rummy500._engine.calls as calls
import rummy500._engine.discarding as discarding
import rummy500._engine.drawing as drawing
import rummy500._engine.going_out as going_out
import rummy500._engine.playing as playing
import rummy500._engine.taking as taking
from rummy500._engine.boundary import DRAW, FINAL_LAYOFF, FIRST_DISCARD, OVER, PLAY
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.reducer import is_legal
from rummy500._engine.ruleset import profile
from rummy500.moves import Move

__all__ = ["legal_moves", "take_depths"]


def legal_moves(
    state: StateCore, *, seat: int | None = None, depth: int | None = None
) -> tuple[Move, ...]:
    """The legal moves of :func:`rummy500.legal_moves`, its arguments checked."""
    phase = state.phase
    if phase is OVER:
        return ()
    mover = state.to_move
    knobs = profile(state.rules)
    if depth is not None:
        if phase is not DRAW:
            return ()
        found = taking.take_moves(knobs, state, depth) if seat in (None, mover) else []
        found.extend(calls.call_moves(knobs, state, seat, depth))
        return tuple(found)
    if phase is DRAW:
        moves: list[Move] = []
        if seat in (None, mover):
            moves.append(drawing.stock_move(knobs, state))
            moves.extend(taking.take_moves(knobs, state))
        moves.extend(calls.call_moves(knobs, state, seat))
    elif phase is PLAY:
        moves = []
        if seat in (None, mover):
            moves.extend(playing.play_moves(knobs, state))
            moves.extend(discarding.discard_moves(knobs, state))
            variant = knobs.variant
            if not variant.plain:  # the variant's own moves, which the reducer judges
                for candidate in variant.play_phase_moves(state):
                    if is_legal(state, candidate):
                        moves.append(candidate)
    elif seat not in (None, mover):
        return ()  # the phases below have moves of the seat to move only
    elif phase is FIRST_DISCARD:
        return tuple(discarding.discard_moves(knobs, state, checked=False))
    elif phase is FINAL_LAYOFF:
        return tuple(going_out.final_layoff_moves(knobs, state))
    else:  # the variant's phase before play
        return tuple(knobs.variant.opening_moves(state))
    if knobs.out_of_turn_melding and seat != mover:
        moves.extend(playing.out_of_turn_moves(knobs, state, seat))
    return tuple(moves)


def take_depths(state: StateCore, seat: int | None = None) -> tuple[int, ...]:
    """The depths of :func:`rummy500.take_depths`, its arguments checked."""
    seat = state.to_move if seat is None else seat
    if state.phase is not DRAW:
        return ()
    knobs = profile(state.rules)
    if seat == state.to_move:
        depths = set(taking.take_depths(knobs, state))
        depths.update(calls.call_depths(knobs, state, seat))  # "Rummy!" on the top discard (R2)
        return tuple(sorted(depths))
    return tuple(calls.call_depths(knobs, state, seat))

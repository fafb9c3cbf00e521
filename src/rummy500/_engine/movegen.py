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
import rummy500._engine.gambit as gambit
import rummy500._engine.going_out as going_out
import rummy500._engine.playing as playing
import rummy500._engine.taking as taking
from rummy500._engine.reducer import is_legal
from rummy500.errors import InvalidArgumentError
from rummy500.moves import Move
from rummy500.state import GameState, Phase

__all__ = ["legal_moves", "take_depths"]


def legal_moves(
    state: GameState, *, seat: int | None = None, depth: int | None = None
) -> tuple[Move, ...]:
    """Every legal move of every seat that may act now, in a deterministic order.

    First the moves of the seat to move: in the draw phase its stock draw (or,
    with an empty stock, ending the hand, or ``pass`` under ``play_on``),
    then each take by depth with every way to meld its deepest card; in the
    play phase every new meld, every lay-off and every discard.  Then the
    "Rummy!" calls of the other seats (R1, R2), then their out-of-turn melds
    and lay-offs (T9).

    Args:
        state: The position.
        seat: Only the moves of this seat.
        depth: Only the moves that take (or call for, or split at) exactly
            this many pile cards.

    The moves of a group are the moves of the whole list that belong to it,
    in the same order; they are generated directly, not by listing every move.

    Raises:
        InvalidArgumentError: for a seat that is not at the table or a depth below 1.

    >>> from rummy500 import new_game
    >>> state = new_game(seed=1)
    >>> [str(move) for move in legal_moves(state)]
    ['p1: draw', 'p1: take 1']
    >>> legal_moves(state, seat=0), [str(move) for move in legal_moves(state, depth=1)]
    ((), ['p1: take 1'])
    """
    if seat is not None:
        _check_seat(state, seat)
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
        raise InvalidArgumentError(f"depth must be a number of cards (1 or more), got {depth!r}")
    phase = state.phase
    mover = state.to_move
    if phase is Phase.OVER:
        return ()
    if depth is not None:
        if phase is not Phase.DRAW:
            return ()
        found = taking.take_moves(state, depth) if seat in (None, mover) else []
        found.extend(calls.call_moves(state, seat, depth))
        return tuple(found)
    if phase is Phase.DRAW:
        moves: list[Move] = []
        if seat in (None, mover):
            moves.append(drawing.stock_move(state))
            moves.extend(taking.take_moves(state))
        moves.extend(calls.call_moves(state, seat))
    elif phase is Phase.PLAY:
        moves = []
        if seat in (None, mover):
            moves.extend(playing.play_moves(state))
            moves.extend(discarding.discard_moves(state))
            if state.rules.dealers_gambit:
                moves.extend(
                    block for block in gambit.block_candidates(state) if is_legal(state, block)
                )
    elif seat not in (None, mover):
        return ()  # the phases below have moves of the seat to move only
    elif phase is Phase.FIRST_DISCARD:
        return tuple(discarding.discard_moves(state, checked=False))
    elif phase is Phase.FINAL_LAYOFF:
        return tuple(going_out.final_layoff_moves(state))
    else:  # Phase.NOMINATE
        return tuple(gambit.nominations(state))
    if state.rules.out_of_turn_melding and seat != mover:
        moves.extend(playing.out_of_turn_moves(state, seat))
    return tuple(moves)


def take_depths(state: GameState, seat: int | None = None) -> tuple[int, ...]:
    """The depths N, ascending, at which ``seat`` has a legal move taking N pile cards.

    For the seat to move (the default) its takes (and splits, V7); for the
    others their "Rummy!" calls.  Found depth by depth, stopping at the
    first legal move of each: no move is built.  A front end asks it which
    pile cards may be clicked, then :func:`legal_moves` with ``depth=N`` for
    the ways to take them.

    Raises:
        InvalidArgumentError: for a seat that is not at the table.

    >>> from rummy500 import new_game
    >>> take_depths(new_game(seed=1)), take_depths(new_game(seed=1), seat=0)
    ((1,), ())
    """
    seat = state.to_move if seat is None else seat
    _check_seat(state, seat)
    if state.phase is not Phase.DRAW:
        return ()
    if seat == state.to_move:
        depths = set(taking.take_depths(state))
        depths.update(calls.call_depths(state, seat))  # "Rummy!" on the top discard (R2)
        return tuple(sorted(depths))
    return tuple(calls.call_depths(state, seat))


def _check_seat(state: GameState, seat: int) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(state.hands):
        raise InvalidArgumentError(f"seat must be a seat 0..{len(state.hands) - 1}, got {seat!r}")

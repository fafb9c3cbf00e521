"""The move generator: every legal move of every seat that may act.

It offers exactly the moves :func:`~rummy500._engine.reducer.apply_move`
accepts, by asking the module of each rule section for its moves: the
sections build their moves valid by construction where they can, and check
the rest with the same predicates the reducer uses.
"""

from __future__ import annotations

from rummy500._engine import calls, discarding, drawing, gambit, going_out, playing, taking
from rummy500._engine.reducer import is_legal
from rummy500.moves import Move
from rummy500.state import GameState, Phase

__all__ = ["legal_moves"]


def legal_moves(state: GameState) -> tuple[Move, ...]:
    """Every legal move of every seat that may act now, in a deterministic order.

    First the moves of the seat to move: in the draw phase its stock draw (or,
    with an empty stock, ending the hand, or ``pass`` under ``play_on``),
    then each take by depth with every way to meld its deepest card; in the
    play phase every new meld, every lay-off and every discard.  Then the
    "Rummy!" calls of the other seats (R1, R2), then their out-of-turn melds
    and lay-offs (T9).

    >>> from rummy500 import new_game
    >>> [str(move) for move in legal_moves(new_game(seed=1))]
    ['p1: draw', 'p1: take 1']
    """
    phase = state.phase
    moves: list[Move]
    if phase is Phase.DRAW:
        moves = [drawing.stock_move(state)]
        moves.extend(taking.take_moves(state))
        moves.extend(calls.call_moves(state))
    elif phase is Phase.PLAY:
        moves = playing.play_moves(state)
        moves.extend(discarding.discard_moves(state))
        moves.extend(block for block in gambit.block_candidates(state) if is_legal(state, block))
    elif phase is Phase.OVER:
        return ()
    elif phase is Phase.FIRST_DISCARD:
        return tuple(discarding.discard_moves(state, checked=False))
    elif phase is Phase.FINAL_LAYOFF:
        return tuple(going_out.final_layoff_moves(state))
    else:  # Phase.NOMINATE
        return tuple(gambit.nominations(state))
    if state.rules.out_of_turn_melding:
        moves.extend(playing.out_of_turn_moves(state))
    return tuple(moves)

"""Dealer's gambit (rules V7) move generation: a Hypothesis property over random hands.

Rule id: V7.  Random hands under every nominated effect and several other
knobs: every legal move is accepted, cards are conserved, positions
round-trip and hands end.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import (
    Discard,
    Draw,
    GameState,
    JokerEffect,
    Move,
    Nominate,
    Phase,
    apply_move,
    is_legal,
    legal_moves,
    new_game,
    parse_move,
)
from tests.gambit import GAMBIT
from tests.helpers import result_of

# ---------------------------------------------------------------------------
# 11. Move generation: a property over random hands

GAMBIT_VARIANTS: list[dict[str, Any]] = [
    {},
    {"out_of_turn_melding": True},
    {"final_layoff": True},
    {"opening_minimum": 30},
    {"first_discard": "chooser"},
    {"going_out": "floating"},
    {"stock_exhausted": "reshuffle"},
    {"rummy_call": "layoff_top"},
    {"discard_take": "top_only", "top_discard_must_meld": True},
]
MOVE_LIMIT = 3000


def _interesting(moves: Sequence[Move], rng: random.Random) -> Move:
    """A random move, more often one of the gambit's own (takes, splits, blocks, melds)."""
    special = [move for move in moves if not isinstance(move, (Draw, Discard))]
    if special and rng.random() < 0.6:
        return rng.choice(special)
    return rng.choice(list(moves))


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 4),
    effect=st.sampled_from(JokerEffect),
    changes=st.sampled_from(GAMBIT_VARIANTS),
)
def test_v7_random_hands_are_consistent_conserve_cards_round_trip_and_end(
    seed: int, players: int, effect: JokerEffect, changes: dict[str, Any]
) -> None:
    """Random hands: legal moves accepted, cards conserved, positions round-trip, hands end."""
    rules = GAMBIT.evolve(**changes)
    deck = Counter(rules.deck(players))
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    for _ in range(MOVE_LIMIT):
        assert state.all_cards() == deck
        assert GameState.from_dict(state.to_dict()) == state
        assert not (state.dealer_joker and state.blocked_by is not None)
        if state.is_over:
            break
        moves = legal_moves(state)
        assert moves, f"dead end in phase {state.phase.value}:\n{state}"
        assert len(set(moves)) == len(moves)
        for move in moves:
            assert is_legal(state, move), str(move)
        if state.phase is Phase.NOMINATE:
            move = Nominate(state.dealer, effect)
            assert move in moves
        else:
            move = _interesting(moves, rng)
        assert parse_move(state, str(move)) == move
        state = apply_move(state, move)
        assert state.joker_effect is effect
    else:
        pytest.fail(f"the hand did not end in {MOVE_LIMIT} moves")
    assert legal_moves(state) == ()
    assert result_of(state).reason.value in ("went_out", "stock_exhausted")

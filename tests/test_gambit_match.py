"""Dealer's gambit (rules V7) in a match: the deal passes counterclockwise; play is to 250.

Rule ids: V7, with D7 and G1 named second in the test names.
"""

from __future__ import annotations

import random

from rummy500 import (
    Discard,
    Draw,
    EndHand,
    JokerEffect,
    Move,
    Nominate,
    Phase,
)
from rummy500.match import MatchState, apply_match_move, match_legal_moves, new_match
from tests.gambit import GAMBIT

# ---------------------------------------------------------------------------
# 10. Match: dealing passes counterclockwise; the preset plays to 250 (D7, G1)


def _draw_and_discard(match: MatchState) -> MatchState:
    """Play the current hand to stock exhaustion: nominate, then draw and discard."""
    number = match.number
    while match.number == number and not match.is_over:
        state = match.hand
        seat = state.to_move
        move: Move
        if state.phase is Phase.NOMINATE:
            move = Nominate(seat, JokerEffect.WILD)
        elif state.phase is Phase.DRAW:
            move = Draw(seat) if state.stock else EndHand(seat)
        else:
            move = Discard(seat, state.hands[seat][0])
        match = apply_match_move(match, move)
    return match


def test_v7_d7_dealing_passes_counterclockwise() -> None:
    """Under next_dealer='left' the deal passes to seat - 1 (counterclockwise)."""
    match = new_match(GAMBIT, 3, seed=11, dealer=0)
    assert (match.hand.phase, match.hand.to_move) == (Phase.NOMINATE, 0)
    for _ in range(3):
        match = _draw_and_discard(match)
    assert [record.dealer for record in match.history] == [0, 2, 1]
    assert (match.hand.dealer, match.hand.to_move, match.hand.phase) == (0, 0, Phase.NOMINATE)


def test_v7_g1_the_preset_plays_to_250() -> None:
    """The preset's match ends when a total reaches 250."""
    assert (GAMBIT.target_score, GAMBIT.direction.value) == (250, "counterclockwise")
    match = new_match(GAMBIT, 3, seed=4, dealer=0)
    rng = random.Random(4)
    for _ in range(5000):
        if match.is_over:
            break
        match = apply_match_move(match, rng.choice(match_legal_moves(match)))
    assert match.result is not None
    assert max(match.result.totals) >= 250
    assert all(max(record.totals) < 250 for record in match.history[:-1])

"""Positions (format 1, docs/positions.md): the keys of the variants round-trip.

Rule ids: none of their own; the positions are those of the variants (D6
chooser, T8 opening, E4 final lay-offs, T6 rebuilt stock and idle turns, E2
floating, S3 going rummy, S5 seven-card run).  The round trip of every
position reached by random play is a property in
tests/test_engine_properties.py; the ``"gambit"`` key (V7) is in
tests/test_gambit_positions.py.
"""

from __future__ import annotations

import pytest

from rummy500 import GameState
from tests.helpers import (
    CHOOSER,
    GOING_RUMMY,
    OPENING,
    PLAY_ON,
    RESHUFFLE,
    SEVEN,
    floater,
    knobs,
    last_stock_card,
    play_all,
    result_of,
    with_keys,
)
from tests.positions import play, position


def _first_discard() -> GameState:
    return position(
        ["2C 3D", "5S 6S 9D"], phase="first_discard", to_move=1, discard="", rules=CHOOSER
    )


def _opening_turn() -> GameState:
    state = position(["5S 6S 7S 9D 9H 9C 2C", "3H"], phase="play", rules=OPENING)
    return play(state, "meld 5S 6S 7S")


def _final_layoffs() -> GameState:
    state = position(
        ["5S 6S 7S KD", "8S 2C"], phase="play", rules=knobs(final_layoff=True, **GOING_RUMMY)
    )
    return play_all(state, "meld 5S 6S 7S", "discard KD")


def _rebuilt() -> GameState:
    return play(with_keys(last_stock_card(RESHUFFLE), seed=7), "discard KD")


def _idle() -> GameState:
    state = position(["9D 2C 3C", "3H 4D"], stock="", rest="pile", rules=PLAY_ON)
    return play_all(state, "pass", "discard 9D")


def _floating() -> GameState:
    return floater(stock="2C")


def _rummy_over() -> GameState:
    state = position(["5S 6S 7S KD", "8S 2C"], phase="play", rules=GOING_RUMMY)
    return play_all(state, "meld 5S 6S 7S", "discard KD")


def _seven_over() -> GameState:
    state = position(["3S 4S 5S 6S 7S 8S 9S KD", "2C"], phase="play", rules=SEVEN)
    return play_all(state, "meld 3S 4S 5S 6S 7S 8S 9S", "discard KD")


@pytest.mark.parametrize(
    ("build", "key"),
    [
        (_first_discard, "phase"),
        (_opening_turn, "turn"),
        (_final_layoffs, "went_out"),
        (_rebuilt, "stock_rebuilds"),
        (_idle, "idle_turns"),
        (_floating, "hands"),
        (_rummy_over, "went_out"),
        (_seven_over, "went_out"),
    ],
)
def test_positions_of_the_variants_round_trip(build, key):
    state = build()
    data = state.to_dict()
    assert key in data
    assert GameState.from_dict(data) == state
    assert GameState.from_json(state.to_json()) == state
    if state.is_over:
        assert GameState.from_dict(data).result == state.result


def test_final_layoff_position_resumes_with_the_going_rummy_flag():
    state = _final_layoffs()
    assert state.to_dict()["went_out"] == {"seat": 0, "rummy": True, "long_run": False}
    resumed = GameState.from_json(state.to_json())
    result = result_of(play_all(resumed, "p1: layoff 0 8S", "p1: pass"))
    assert result.going_rummy
    assert result.scores == (2 * 2, 0)

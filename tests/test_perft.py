"""Perft: exact move counts of stored positions, and a brute-force cross-check.

``tests/perft/positions.json`` (written by ``tests/perft/generate.py``)
holds seeded positions (2–8 players, 0 or 2 jokers per deck, with and
without "Rummy!" calls, draw and play phases, long piles and many melds,
"Rummy!" windows open, empty stocks, and the no-dead-ends rule N1 on takes,
melds and calls), each
with the number of legal moves at depth 1 and depth 2.  A change in any
count means move generation changed: find out why before regenerating.

On the positions marked ``reference`` (small enough), the depth-1 moves
must be exactly those of the independent brute force of
:mod:`tests.reference_moves`.

Rule ids: every rule of move generation at once; the hand-built positions
``*-n1-*`` check N1 (with T11 and R1).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from rummy500 import (
    CallRummy,
    EndHand,
    GameState,
    LayoffMove,
    MeldMove,
    Phase,
    Take,
    legal_moves,
)
from tests.helpers import PRESET_NAMES
from tests.perft.generate import PATH, perft
from tests.reference_moves import reference_moves

ENTRIES: list[dict[str, Any]] = json.loads(PATH.read_text())
REFERENCE = [entry for entry in ENTRIES if entry["reference"]]


def ids(entries: list[dict[str, Any]]) -> list[str]:
    return [entry["name"] for entry in entries]


def check_counts(entry: dict[str, Any]) -> None:
    """The entry's position reads and writes back, with its depth-1 and depth-2 counts."""
    state = GameState.from_dict(entry["position"])
    assert state.to_dict() == entry["position"]
    assert len(legal_moves(state)) == entry["depth1"]
    assert perft(state, 2) == entry["depth2"]


@pytest.mark.parametrize("entry", ENTRIES, ids=ids(ENTRIES))
def test_perft_counts(entry: dict[str, Any]) -> None:
    check_counts(entry)


@pytest.mark.parametrize("entry", REFERENCE, ids=ids(REFERENCE))
def test_depth_1_moves_match_the_brute_force(entry: dict[str, Any]) -> None:
    state = GameState.from_dict(entry["position"])
    moves = [str(move) for move in legal_moves(state)]
    expected = reference_moves(state)
    assert len(set(moves)) == len(moves)
    missing = sorted(expected - set(moves))
    extra = sorted(set(moves) - expected)
    assert (missing, extra) == ([], []), f"missing {missing}, extra {extra}\n{state}"


def test_the_positions_cover_what_perft_is_for() -> None:
    states = {entry["name"]: GameState.from_dict(entry["position"]) for entry in ENTRIES}
    assert len(ENTRIES) >= 20
    assert len(REFERENCE) >= 8
    assert {state.num_players for state in states.values()} == set(range(2, 9))
    assert {state.rules.jokers_per_deck for state in states.values()} == {0, 2}
    assert {state.rules.rummy_call.value for state in states.values()} == {"pile", "none"}
    assert {state.phase for state in states.values()} == {Phase.DRAW, Phase.PLAY}
    moves = [move for state in states.values() for move in legal_moves(state)]
    assert any(isinstance(move, CallRummy) for move in moves)
    assert any(isinstance(move, EndHand) for move in moves)
    assert any(isinstance(move, Take) and move.count >= 10 for move in moves)
    assert any(len(state.discard) >= 20 and len(state.melds) >= 5 for state in states.values())
    # N1: the same take of one card is a dead end or not, depending on the table.
    take_1 = Take(1, 1)
    assert take_1 not in legal_moves(states["5p-n1-take-1-dead-end"])
    assert take_1 in legal_moves(states["5p-n1-take-1-lays-off"])
    meld = MeldMove(0, "4S 4H 4D")
    assert meld not in legal_moves(states["4p-n1-meld-leaves-taken-card"])
    assert meld in legal_moves(states["4p-n1-meld-then-lay-off-taken-card"])
    call = CallRummy(2, 1, LayoffMove(2, 0, "7H"))
    assert call not in legal_moves(states["5p-n1-call-dead-end"])
    assert call in legal_moves(states["5p-n1-call-lays-off"])
    # Every "Rummy!" window among the reference positions is cross-checked.
    assert any(
        isinstance(move, CallRummy)
        for entry in REFERENCE
        for move in legal_moves(GameState.from_dict(entry["position"]))
    )


PRESET_ENTRIES: list[dict[str, Any]] = json.loads(
    PATH.with_name("presets.json").read_text(encoding="utf-8")
)


@pytest.mark.parametrize("entry", PRESET_ENTRIES, ids=ids(PRESET_ENTRIES))
def test_preset_perft_counts(entry: dict[str, Any]) -> None:
    """Perft under each playable preset (``tests/perft/generate_presets.py``)."""
    check_counts(entry)


def test_preset_positions_cover_every_playable_preset() -> None:
    assert {entry["preset"] for entry in PRESET_ENTRIES} == set(PRESET_NAMES)

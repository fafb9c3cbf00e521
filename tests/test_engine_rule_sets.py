"""The engine's properties under every preset and under random rule sets.

Rule ids: every rule at once.  Hands of every preset and of random rule sets
from :func:`rummy500.testing.playable_rules` (the strategy the library
exports for its users) are played out at random; on positions along the way
the moves by group, the generated melds' values, the absence of dead ends,
the round trips and the judgement of nearby moves are checked, and every
hand ends with its cards conserved.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import (
    Card,
    Discard,
    Draw,
    GameState,
    IllegalMoveError,
    LayoffMove,
    MeldMove,
    Move,
    Pass,
    Rules,
    apply_move,
    is_legal,
    legal_moves,
    new_game,
    parse_move,
    presets,
)
from rummy500._engine.plays import play_points
from rummy500._engine.ruleset import profile
from rummy500.testing import playable_rules
from tests.helpers import PLAYED_PRESETS, check_groups

# ---------------------------------------------------------------------------
# Every preset and random rule sets


MOVE_LIMIT = 5000


def mutations(state: GameState, move: Move, rng: random.Random) -> list[Move]:
    """Moves near ``move``: another seat, another card, another meld, a pass, a draw."""
    players = state.num_players
    other = (move.player + 1) % players
    found: list[Move] = [Draw(other), Pass(move.player), Discard(other, Card.parse("AS"))]
    if isinstance(move, Discard):
        found.append(Discard(move.player, Card.parse(rng.choice(["2C", "KD", "7H", "JK"]))))
    if isinstance(move, (MeldMove, LayoffMove)) and len(move.cards) > 1:
        shorter = move.cards[:-1]
        if isinstance(move, MeldMove):
            found.append(MeldMove(move.player, shorter))
        else:
            found.append(LayoffMove(move.player, move.target, shorter))
            found.append(LayoffMove(move.player, move.target + 1, move.cards))
    return found


def check_generated_melds(state: GameState, moves: tuple[Move, ...]) -> None:
    """The generator's melds are valued without checking them again (S1, under an opening
    minimum T8): their cards come in meld order and score what the checked meld scores."""
    facts = profile(state.rules)
    for move in moves:
        play = getattr(move, "play", move)
        if isinstance(play, MeldMove):
            codes = tuple(spec.code for spec in play.cards)
            assert facts.new_meld(codes).meld.codes == codes, move
            generated = play_points(facts, play, generated=True)
            assert generated == play_points(facts, play), move


def check_position(state: GameState, rng: random.Random) -> None:
    moves = legal_moves(state)
    check_groups(state, moves)
    check_generated_melds(state, moves)
    assert state.is_over or moves, f"dead end in phase {state.phase.value}:\n{state}"
    assert len(set(moves)) == len(moves), "duplicate moves"
    assert GameState.from_dict(state.to_dict()) == state
    snapshot = state.to_dict()
    legal = set(moves)
    for move in rng.sample(moves, min(len(moves), 6)):
        assert is_legal(state, move)
        assert parse_move(state, str(move)) == move
        apply_move(state, move)
        for mutant in mutations(state, move, rng):
            try:
                apply_move(state, mutant)
            except IllegalMoveError:
                assert mutant not in legal
            else:
                assert mutant in legal, f"{mutant} is legal but not generated"
    assert state.to_dict() == snapshot, "a move changed its input state"


def play_out(rules: Rules, players: int, seed: int) -> GameState:
    rng = random.Random(seed)
    state = new_game(rules, players, seed=seed, dealer=rng.randrange(players))
    deck = state.all_cards()
    for _ in range(MOVE_LIMIT):
        if state.is_over:
            break
        if rng.random() < 0.15:
            check_position(state, rng)
        state = apply_move(state, rng.choice(legal_moves(state)))
        assert state.all_cards() == deck, "cards are not conserved"
    assert state.is_over, f"the hand did not end within {MOVE_LIMIT} moves"
    assert state.result is not None
    assert legal_moves(state) == ()
    return state


@pytest.mark.parametrize("name", PLAYED_PRESETS)
@pytest.mark.parametrize("seed", range(6))
def test_every_preset_keeps_the_engine_properties(name: str, seed: int) -> None:
    rules = presets.get(name)
    players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
    play_out(rules, players, seed)


@given(playable_rules(), st.integers(0, 2**32 - 1), st.data())
def test_random_rule_sets_keep_the_engine_properties(
    rules: Rules, seed: int, data: st.DataObject
) -> None:
    players = data.draw(st.integers(rules.min_players, rules.max_players), label="players")
    play_out(rules, players, seed)


def test_every_preset_is_playable() -> None:
    assert set(PLAYED_PRESETS) == set(presets.names())

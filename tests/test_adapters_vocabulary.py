"""The action vocabulary is one for every rule set and number of players.

A token means the same action under every preset and player count (the
families are sized for the largest deck, D1), so a policy trained under one
serves them all; the tokens a rule set can never use are never legal.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import Rules, legal_moves, new_game, presets
from rummy500.adapters.actions import MAX_DECK, ActionSpace, TokenGame
from rummy500.moves import (
    Block,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Pass,
    Split,
    Take,
)

#: Every preset with every player count it allows.
SPACES = [
    (name, players)
    for name in presets.names()
    for players in range(presets.get(name).min_players, presets.get(name).max_players + 1)
]

#: Moves of every kind, at the edges of the families.
SAMPLE_MOVES: list[Move] = [
    Draw(0),
    EndHand(0),
    Pass(0),
    Block(0),
    Nominate(0, "wild"),
    Nominate(0, "split"),
    Discard(0, "AS"),
    Discard(0, "JK"),
    Take(0, 1),
    Take(0, MAX_DECK, MeldMove(0, "4S 4H 4D")),
    CallRummy(0, 1, LayoffMove(0, 0, "9H")),
    CallRummy(0, MAX_DECK, LayoffMove(0, MAX_DECK // 3 - 1, "9H")),
    Split(0, 2, MeldMove(0, "6H 7H JK=8H", doubled=True)),
    MeldMove(0, "JK JK JK"),
]


def test_the_largest_deck_is_two_decks_with_four_jokers_each() -> None:
    assert MAX_DECK == 112
    for name, players in SPACES:
        assert len(presets.get(name).deck(players)) <= MAX_DECK
    assert len(Rules(decks=2, jokers_per_deck=4).deck(2)) == MAX_DECK


@pytest.mark.parametrize(("preset", "players"), SPACES)
def test_every_token_means_the_same_under_every_preset_and_player_count(
    preset: str, players: int
) -> None:
    reference = ActionSpace(Rules(), 2)
    space = ActionSpace(presets.get(preset), players)
    assert space.size == reference.size == 555
    assert space.names == reference.names
    for attribute in ("discard", "take", "rummy", "split", "layoff", "card"):
        assert getattr(space, attribute) == getattr(reference, attribute)
    state = new_game(seed=1)
    for move in SAMPLE_MOVES:
        assert space.encode(move) == reference.encode(move)
        assert space.decode(space.encode(move), state, seat=0) == move


def _usable(space: ActionSpace, token: int) -> bool:
    """Whether the rule set and players of ``space`` can ever make ``token`` legal."""
    for base in (space.take, space.rummy, space.split):
        if base <= token < base + space.max_depth:
            return token - base + 1 <= space.deck
    if space.layoff <= token < space.card:
        return token - space.layoff < space.deck // 3
    return True


@settings(max_examples=12, deadline=None)
@given(
    st.sampled_from([("pagat", 2), ("wikipedia", 3), ("dealers_gambit", 2), ("pagat", 5)]),
    st.integers(0, 2**32),
)
def test_tokens_the_rules_cannot_use_are_never_legal(config: tuple[str, int], seed: int) -> None:
    preset, players = config
    rules = presets.get(preset)
    game = TokenGame(new_game(rules, players, seed=seed))
    space = game.space
    rng = random.Random(seed)
    while not game.is_over:
        tokens = game.legal_tokens()
        assert all(_usable(space, token) for token in tokens)
        if not rules.dealers_gambit:
            assert not any(
                space.NOMINATE <= token < space.NOMINATE + 3 or token == space.BLOCK
                for token in tokens
            )
        game.step(rng.choice(tokens))
    assert legal_moves(game.state) == ()

"""Defects of the environments found by an outside run (e22–e25), one regression test each.

Each refusal is an :class:`~rummy500.errors.InvalidArgumentError` naming
the value, and leaves the environment as it was: the same history, tensors,
strings and legal actions, and the game still plays to its end.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rummy500 import InvalidArgumentError, presets
from rummy500.adapters.actions import ActionSpace


def _spiel_snapshot(state: Any) -> tuple[Any, ...]:
    """Everything a player or a search could read of an OpenSpiel state."""
    players = state.num_players()
    return (
        tuple(state.history()),
        state.move_number(),
        state.current_player(),
        state.is_chance_node(),
        tuple(state.legal_actions()),
        tuple(state.chance_outcomes()) if state.is_chance_node() else (),
        str(state),
        tuple(tuple(state.information_state_tensor(seat)) for seat in range(players)),
        tuple(tuple(state.observation_tensor(seat)) for seat in range(players)),
        tuple(state.information_state_string(seat) for seat in range(players)),
    )


def _to_decision(state: Any, rng: random.Random) -> None:
    """Sample chance outcomes until a player decides."""
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probabilities)[0])


def _play_out(state: Any, rng: random.Random) -> None:
    """Uniform random actions to the end: the game is not stuck."""
    while not state.is_terminal():
        if state.is_chance_node():
            _to_decision(state, rng)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.returns()) == state.num_players()


def _spiel_game(**rules: Any) -> Any:
    pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    return load_game(rules=presets.get("pagat").evolve(**rules), players=2)


def test_e22_openspiel_refuses_a_draw_after_the_seat_has_drawn() -> None:
    """The DRAW token is checked like any other: once the seat has drawn it is refused,
    with the game unchanged (it used to become a chance node no outcome could leave)."""
    rng = random.Random(22)
    state = _spiel_game().new_initial_state()
    _to_decision(state, rng)
    assert ActionSpace.DRAW in state.legal_actions()
    state.apply_action(ActionSpace.DRAW)
    _to_decision(state, rng)  # the card drawn
    assert ActionSpace.DRAW not in state.legal_actions()
    before = _spiel_snapshot(state)
    with pytest.raises(InvalidArgumentError, match=r"token 0 is not legal for p\d now"):
        state.apply_action(ActionSpace.DRAW)
    assert _spiel_snapshot(state) == before
    _play_out(state, rng)


def test_e23_openspiel_a_refused_action_is_not_a_decision() -> None:
    """An illegal action leaves the count of decisions (the information-state tensor,
    the way to ``max_game_length``) and everything else as it was."""
    rng = random.Random(23)
    game = _spiel_game()
    state = game.new_initial_state()
    _to_decision(state, rng)
    for _ in range(5):
        state.apply_action(rng.choice(state.legal_actions()))
        _to_decision(state, rng)
    illegal = next(
        token for token in range(game.num_distinct_actions()) if token not in state.legal_actions()
    )
    before = _spiel_snapshot(state)
    decisions = state._table.history.decisions
    with pytest.raises(InvalidArgumentError, match="not legal"):
        state.apply_action(illegal)
    assert state._table.history.decisions == decisions
    assert _spiel_snapshot(state) == before
    _play_out(state, rng)


@pytest.mark.parametrize("draws", [1, 2])
def test_e24_openspiel_a_stock_card_that_is_not_there_is_refused(draws: int) -> None:
    """At a stock-draw chance node an outcome not among ``chance_outcomes()`` is refused
    (also the first card of a draw of two, ``stock_draw_count=2``), the node unchanged."""
    rng = random.Random(24)
    state = _spiel_game(stock_draw_count=draws).new_initial_state()
    _to_decision(state, rng)
    state.apply_action(ActionSpace.DRAW)
    assert state.is_chance_node()
    for _card in range(draws):
        offered = {outcome for outcome, _p in state.chance_outcomes()}
        absent = next(code for code in range(53) if code not in offered)
        before = _spiel_snapshot(state)
        with pytest.raises(InvalidArgumentError, match="is left in the stock"):
            state.apply_action(absent)
        assert _spiel_snapshot(state) == before
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, probabilities)[0])
    assert not state.is_chance_node()
    _play_out(state, rng)


@pytest.mark.parametrize("player", ["0", True, 0.0, [0], -1, 2])
def test_e25_openspiel_a_player_that_is_not_a_seat_is_refused_by_name(player: Any) -> None:
    rng = random.Random(25)
    state = _spiel_game().new_initial_state()
    _to_decision(state, rng)
    before = _spiel_snapshot(state)
    for read in (state.information_state_tensor, state.observation_tensor):
        with pytest.raises(InvalidArgumentError, match=r"player must be a seat 0\.\.1, got"):
            read(player)
    assert _spiel_snapshot(state) == before


BAD_RESETS = [
    ({"options": "x"}, "options must be None or a dict, got 'x'"),
    ({"options": {"state": "x"}}, r"options\['state'\] must be a GameState"),
    ({"seed": [1]}, r"seed must be None or an integer, got \[1\]"),
    ({"seed": "draw"}, "seed must be None or an integer, got 'draw'"),
    ({"seed": float("nan")}, "seed must be None or an integer, got nan"),
    ({"seed": True}, "seed must be None or an integer, got True"),
]


@pytest.mark.parametrize(("arguments", "message"), BAD_RESETS)
def test_e25_pettingzoo_a_bad_reset_is_refused_by_name_and_changes_nothing(
    arguments: dict[str, Any], message: str
) -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import raw_env

    table = raw_env(preset="pagat", players=2)
    with pytest.raises(InvalidArgumentError, match=message):
        table.reset(**arguments)
    with pytest.raises(InvalidArgumentError, match="call reset"):
        table.last()
    table.reset(seed=3)
    game = table.game
    assert game is not None
    before = (game.state, game.actor, table.agent_selection, table.rewards)
    with pytest.raises(InvalidArgumentError, match=message):
        table.reset(**arguments)
    assert table.game is game
    assert (game.state, game.actor, table.agent_selection, table.rewards) == before
    other = raw_env(preset="wikipedia", players=3)
    other.reset(seed=1)
    assert other.game is not None
    with pytest.raises(InvalidArgumentError, match="another rule set"):
        table.reset(options={"state": other.game.state})


def test_e25_pettingzoo_last_before_reset_and_unknown_agents_are_refused_by_name() -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import raw_env

    table = raw_env(preset="pagat", players=2)
    with pytest.raises(InvalidArgumentError, match=r"call reset\(\) before"):
        table.last()
    table.reset(seed=1)
    with pytest.raises(InvalidArgumentError, match="agent must be one of player_0, player_1"):
        table.observe("player_7")
    observation, _reward, _termination, _truncation, _info = table.last()
    assert observation["action_mask"].sum() > 0


@pytest.mark.parametrize(("arguments", "message"), [*BAD_RESETS, ({"seed": -1}, "at least 0")])
def test_e25_gymnasium_a_bad_reset_is_refused_by_name_and_changes_nothing(
    arguments: dict[str, Any], message: str
) -> None:
    pytest.importorskip("gymnasium")
    from rummy500.adapters.gymnasium import Rummy500Env

    environment = Rummy500Env(preset="pagat", opponents="random")
    with pytest.raises(InvalidArgumentError, match=message):
        environment.reset(**arguments)
    _observation, info = environment.reset(seed=3)
    game = environment.game
    assert game is not None
    before = (game.state, game.actor, environment.np_random.bit_generator.state)
    with pytest.raises(InvalidArgumentError, match=message):
        environment.reset(**arguments)
    assert environment.game is game
    assert (game.state, game.actor, environment.np_random.bit_generator.state) == before
    assert (environment.action_masks() == info["action_mask"].astype(bool)).all()


@pytest.mark.parametrize("seed", ["draw", [1], float("nan"), True])
def test_e25_the_batched_environment_refuses_a_seed_that_is_no_integer(seed: Any) -> None:
    pytest.importorskip("numpy")
    from rummy500.adapters.batched import BatchedEnv

    with pytest.raises(InvalidArgumentError, match="seed must be None or an integer"):
        BatchedEnv(2, preset="pagat", seed=seed)
    batch = BatchedEnv(2, preset="pagat", seed=1)
    observations = batch.observations.copy()
    with pytest.raises(InvalidArgumentError, match="seed must be None or an integer"):
        batch.reset(seed)
    assert (batch.observations == observations).all()


def test_the_openspiel_adapter_s_player_ids_are_pyspiel_s() -> None:
    # The adapter keeps them as plain integers so that it imports under the docs' stand-ins.
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.adapters import openspiel

    assert int(pyspiel.PlayerId.CHANCE) == openspiel._CHANCE
    assert int(pyspiel.PlayerId.TERMINAL) == openspiel._TERMINAL
    state = _spiel_game().new_initial_state()
    assert state.current_player() == pyspiel.PlayerId.CHANCE
    _play_out(state, random.Random(1))
    assert state.current_player() == pyspiel.PlayerId.TERMINAL

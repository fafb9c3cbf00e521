"""The environments' rewards and episodes, their checkers under every preset, and bad inputs.

``reward="zero_sum" | "win" | "score"`` and ``episode="hand" | "match"`` on
every adapter (the zero-sum rewards of an episode sum to 0), the dealer
rotating across resets, the step limits, OpenSpiel's utilities, length and
information-state tensor; every bad input refused with an
``InvalidArgumentError`` naming it.  Rule ids: V5 (a side's score), G1 (a
match to a target).
"""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500 import InvalidArgumentError, Rules, presets
from rummy500.adapters.actions import ActionSpace
from rummy500.adapters.episodes import (
    DealerRotation,
    Episode,
    hand_rewards,
    reward_scale,
)

#: Every preset, with the fewest players it allows.
EVERY_PRESET = [(name, presets.get(name).min_players) for name in presets.names()]


# ---------------------------------------------------------------------------
# The rewards (no extra needed)


@settings(max_examples=200)
@given(st.lists(st.integers(-500, 500), min_size=2, max_size=8))
def test_zero_sum_rewards_sum_to_exactly_zero_and_keep_the_order(scores: list[int]) -> None:
    players = len(scores)
    rules = presets.get("pagat")
    rewards = hand_rewards("zero_sum", rules, players, scores)
    assert sum(rewards) == 0.0
    scale = reward_scale(rules, players)
    for seat, reward in enumerate(rewards):
        others = [score for other, score in enumerate(scores) if other != seat]
        expected = (scores[seat] - sum(others) / len(others)) / scale
        assert reward == pytest.approx(expected, abs=1e-9)
    for a in range(players):
        for b in range(players):
            if scores[a] > scores[b]:
                assert rewards[a] > rewards[b]


@given(st.lists(st.integers(-500, 500), min_size=2, max_size=8))
def test_win_rewards_are_one_for_the_best_and_minus_one_for_the_others(scores: list[int]) -> None:
    rewards = hand_rewards("win", Rules(), len(scores), scores)
    best = max(scores)
    tied = scores.count(best) > 1
    for score, reward in zip(scores, rewards, strict=True):
        assert reward == ((0.0 if tied else 1.0) if score == best else -1.0)
    assert hand_rewards("score", Rules(), len(scores), scores) == tuple(map(float, scores))


def test_the_options_are_checked_by_name() -> None:
    space = ActionSpace()
    with pytest.raises(InvalidArgumentError, match=r"reward must be one of .* got 'points'"):
        Episode(space, reward="points")
    with pytest.raises(InvalidArgumentError, match=r"episode must be one of .* got 'game'"):
        Episode(space, episode="game")
    with pytest.raises(InvalidArgumentError, match=r"dealer must be None .* got 5"):
        DealerRotation(5, 2)


@pytest.mark.parametrize("reward", ["zero_sum", "win", "score"])
def test_a_match_episode_deals_hands_until_a_side_wins_G1(reward: str) -> None:
    rules = presets.get("pagat").evolve(target_score=150)
    space = ActionSpace(rules, 2)
    episode = Episode(space, reward=reward, episode="match")
    episode.start(seed=4, dealer=1)
    rng = random.Random(4)
    totals = [0.0, 0.0]
    while not episode.is_over:
        paid = episode.step(rng.choice(episode.game.legal_tokens()))
        totals = [total + value for total, value in zip(totals, paid, strict=True)]
    match = episode.match
    assert match is not None
    assert match.result is not None
    assert episode.hands == len(match.history) >= 1
    winner = match.result.seats[0]
    if reward == "win":
        assert totals[winner] == 1.0
        assert totals[1 - winner] == -1.0
    elif reward == "score":
        assert tuple(totals) == tuple(float(total) for total in match.totals)
    else:
        assert sum(totals) == pytest.approx(0.0, abs=1e-9)


def test_the_dealer_rotates_from_a_seeded_start() -> None:
    rotation = DealerRotation(None, 4)
    first = [rotation.next(random.Random(9)) for _ in range(5)]
    assert first[1:] == [(first[0] + step) % 4 for step in range(1, 5)]
    rotation.reseed()
    assert rotation.next(random.Random(9)) == first[0]
    assert DealerRotation(2, 4).next(random.Random(1)) == 2


# ---------------------------------------------------------------------------
# PettingZoo


def _play_pettingzoo(table: Any, seed: int) -> dict[str, float]:
    np = pytest.importorskip("numpy")
    table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, termination, truncation, _info = table.last()
        totals[agent] += reward
        if termination or truncation:
            table.step(None)
            continue
        table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return totals


@pytest.mark.parametrize(("preset", "players"), [*EVERY_PRESET, ("pagat", 5)])
def test_pettingzoo_zero_sum_episodes_sum_to_zero(preset: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import env

    totals = _play_pettingzoo(env(preset=preset, players=players), 3)
    assert sum(totals.values()) == pytest.approx(0.0, abs=1e-9)
    assert all(abs(value) < 3 for value in totals.values())


def test_pettingzoo_plays_a_whole_match_and_the_winner_gets_one() -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import env

    rules = presets.get("pagat").evolve(target_score=200)
    table = env(rules=rules, players=2, episode="match", reward="win")
    totals = _play_pettingzoo(table, 6)
    match = table.unwrapped.episode.match
    assert match.result is not None
    assert len(match.history) >= 1
    winner = f"player_{match.result.seats[0]}"
    assert totals[winner] == 1.0
    assert sorted(totals.values()) == [-1.0, 1.0]


def test_pettingzoo_the_first_agent_changes_across_resets_and_is_seeded() -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import raw_env

    def firsts() -> list[str]:
        table = raw_env(players=3, preset="wikipedia")
        table.reset(seed=10)
        seen = [table.agent_selection]
        for _ in range(5):
            table.reset()
            seen.append(table.agent_selection)
        return seen

    seen = firsts()
    assert len(set(seen)) == 3
    assert firsts() == seen


def test_pettingzoo_truncates_at_the_step_limit() -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import env

    table = env(max_steps=5)
    table.reset(seed=1)
    steps = 0
    for _agent in table.agent_iter():
        observation, _reward, termination, truncation, _info = table.last()
        if termination or truncation:
            assert truncation
            assert not termination
            table.step(None)
            continue
        table.step(int(observation["action_mask"].nonzero()[0][0]))
        steps += 1
    assert steps == 5


@pytest.mark.parametrize("action", [float("nan"), 0.7, 0.0, "3", "draw", True, -1, 555, None])
@pytest.mark.parametrize("wrapped", [False, True])
def test_pettingzoo_refuses_actions_that_are_not_tokens_naming_them(
    action: Any, wrapped: bool
) -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import env, raw_env

    table = env() if wrapped else raw_env()
    table.reset(seed=1)
    with pytest.raises(InvalidArgumentError, match="token") as caught:
        table.step(action)
    assert repr(action) in str(caught.value)


def test_pettingzoo_raw_env_refuses_a_step_before_reset() -> None:
    pytest.importorskip("pettingzoo")
    from rummy500.adapters.pettingzoo import raw_env

    with pytest.raises(InvalidArgumentError, match="reset"):
        raw_env().step(0)
    with pytest.raises(InvalidArgumentError, match="max_steps"):
        raw_env(max_steps=0)
    with pytest.raises(InvalidArgumentError, match="reward must be"):
        raw_env(reward="points")


# ---------------------------------------------------------------------------
# Gymnasium


@pytest.mark.parametrize(("preset", "players"), EVERY_PRESET)
def test_gymnasium_check_env_under_every_preset(preset: str, players: int) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from rummy500.adapters.gymnasium import ENV_ID

    environment = gymnasium.make(ENV_ID, preset=preset, players=players, opponents="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(environment.unwrapped)


def test_gymnasium_is_registered_with_step_limits_and_truncates() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    from rummy500.adapters.gymnasium import ENV_ID, MATCH_ENV_ID

    assert gymnasium.spec(ENV_ID).max_episode_steps == 1_000
    assert gymnasium.spec(MATCH_ENV_ID).max_episode_steps == 30_000
    environment = gymnasium.make(ENV_ID, opponents="random", max_episode_steps=3)
    _observation, info = environment.reset(seed=1)
    truncated = False
    steps = 0
    while not truncated:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _observation, _reward, terminated, truncated, info = environment.step(action)
        assert not terminated
        steps += 1
    assert steps == 3
    mask = environment.get_wrapper_attr("action_masks")()
    assert (mask == info["action_mask"].astype(bool)).all()


@pytest.mark.parametrize("reward", ["zero_sum", "win", "score"])
def test_gymnasium_match_episodes_pay_each_hand(reward: str) -> None:
    pytest.importorskip("gymnasium")
    np = pytest.importorskip("numpy")
    from rummy500.adapters.gymnasium import Rummy500Env

    rules = presets.get("pagat").evolve(target_score=150)
    environment = Rummy500Env(rules=rules, opponents="random", reward=reward, episode="match")
    _observation, info = environment.reset(seed=2)
    rng = np.random.default_rng(2)
    total, done = 0.0, False
    while not done:
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        _observation, value, done, _truncated, info = environment.step(action)
        total += float(value)
    match = environment.episode.match
    assert match is not None
    assert match.result is not None
    won = 0 in match.result.seats
    if reward == "win":
        assert total == (1.0 if won else -1.0)
    elif reward == "score":
        assert total == match.totals[0]


@pytest.mark.parametrize("action", [float("nan"), 0.7, "3", None, True, 555])
def test_gymnasium_refuses_actions_that_are_not_tokens_naming_them(action: Any) -> None:
    pytest.importorskip("gymnasium")
    from rummy500.adapters.gymnasium import Rummy500Env

    environment = Rummy500Env(opponents="random")
    with pytest.raises(InvalidArgumentError, match="reset"):
        environment.step(0)
    environment.reset(seed=1)
    with pytest.raises(InvalidArgumentError, match="token") as caught:
        environment.step(action)
    assert repr(action) in str(caught.value)


# ---------------------------------------------------------------------------
# OpenSpiel


@pytest.mark.parametrize(("preset", "players"), EVERY_PRESET)
def test_openspiel_random_sim_test_under_every_preset(preset: str, players: int) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    game = load_game(preset=preset, players=players)
    assert game.get_type().provides_information_state_tensor
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize(
    ("reward", "utility", "bound"),
    [("zero_sum", "ZERO_SUM", None), ("win", "ZERO_SUM", 1.0), ("score", "GENERAL_SUM", 3408.0)],
)
def test_openspiel_utilities_match_the_reward(
    reward: str, utility: str, bound: float | None
) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    game = load_game(reward=reward)
    assert game.get_type().utility == getattr(pyspiel.GameType.Utility, utility)
    if bound is not None:
        assert game.max_utility() == bound
    assert game.max_game_length() == 2_000
    state = _random_play(game, 5)
    returns = state.returns()
    assert all(game.min_utility() <= value <= game.max_utility() for value in returns)
    if utility == "ZERO_SUM":
        assert sum(returns) == 0.0


def _random_play(game: Any, seed: int, check_tensors: bool = False) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probabilities)[0])
            continue
        if check_tensors:
            player = state.current_player()
            information = state.information_state_tensor(player)
            observation = state.observation_tensor(player)
            assert len(information) == game.information_state_tensor_size()
            assert information[: len(observation)] == observation
            # The tensors as new lists (joined pieces, history rows) are the observers' arrays.
            for seat in range(game.num_players()):
                for observer, read in (
                    (game.information_observer(), state.information_state_tensor),
                    (game.tensor_observer(), state.observation_tensor),
                ):
                    observer.set_from(state, seat)
                    assert read(seat) == observer.tensor.tolist()
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_openspiel_cuts_a_hand_at_max_game_length_and_counts_the_history() -> None:
    pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    game = load_game(max_game_length=7)
    state = _random_play(game, 2, check_tensors=True)
    assert state.returns() == [0.0, 0.0]
    assert state.token_game().state.result is None
    decisions = sum(1 for item in state.full_history() if item.player >= 0)
    assert decisions == 7
    full = _random_play(load_game(), 2, check_tensors=True)
    tensor = full.information_state_tensor(0)
    layout = full.get_game().history
    assert tensor[layout.slices["decisions"].start] > 0
    assert sum(tensor[layout.slices["held"]]) >= 13


def test_openspiel_tensors_as_lists_are_the_observers_arrays() -> None:
    """The tensors as new lists (joined pieces and history rows) equal the observers' arrays."""
    pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    for players in (2, 3):
        assert _random_play(load_game(players=players), players, check_tensors=True).is_terminal()


def test_openspiel_refuses_bad_parameters_naming_them() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    with pytest.raises(InvalidArgumentError, match=r"rules must be .* got '\{bad json'"):
        pyspiel.load_game("python_rummy500", {"rules": "{bad json"})
    with pytest.raises(InvalidArgumentError, match="rules must be"):
        pyspiel.load_game("python_rummy500", {"rules": '{"opening_minimum": "x"}'})
    with pytest.raises(InvalidArgumentError, match="reward must be"):
        pyspiel.load_game("python_rummy500", {"reward": "points"})
    with pytest.raises(InvalidArgumentError, match="max_game_length"):
        load_game(max_game_length=-1)


# ---------------------------------------------------------------------------
# A missing extra


@pytest.mark.parametrize(
    ("module", "extra"),
    [
        ("rummy500.adapters.pettingzoo", "pettingzoo"),
        ("rummy500.adapters.gymnasium", "gymnasium"),
        ("rummy500.adapters.openspiel", "openspiel"),
    ],
)
def test_a_missing_extra_says_what_to_install(module: str, extra: str) -> None:
    code = (
        "import sys\n"
        "for name in ('numpy', 'pettingzoo', 'gymnasium', 'pyspiel'):\n"
        "    sys.modules[name] = None\n"
        "try:\n"
        f"    import {module}\n"
        "except ModuleNotFoundError as error:\n"
        "    print(error)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert f"pip install 'rummy500[{extra}]'" in result.stdout


@pytest.mark.parametrize(("preset", "players"), EVERY_PRESET)
@pytest.mark.parametrize("episode", ["hand", "match"])
def test_pettingzoo_api_and_seed_tests_under_every_preset(
    preset: str, players: int, episode: str
) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test, seed_test

    from rummy500.adapters.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # dict observations, as classic games
        api_test(env(preset=preset, players=players, episode=episode), num_cycles=300)
    seed_test(lambda: env(preset=preset, players=players, episode=episode), num_cycles=300)


@pytest.mark.parametrize("observation", ["compact", "full"])
def test_openspiel_tensors_do_not_show_the_other_hands(observation: str) -> None:
    pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    game = load_game(observation=observation)
    rng = random.Random(8)
    deal: list[int] = []
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
        deal.append(rng.choices(outcomes, probabilities)[0])
        state.apply_action(deal[-1])
    hands = state.token_game().state.hands
    hidden = hands[1][0].code  # a card of p1's, hidden from p0
    undealt = next(code for code in range(52) if code not in deal)
    swapped = [undealt if code == hidden else code for code in deal]
    twin = game.new_initial_state()
    for action in swapped:
        twin.apply_action(action)
    assert twin.token_game().state.hands[1] != hands[1]
    for step in range(2):
        assert state.information_state_tensor(0) == twin.information_state_tensor(0)
        assert state.observation_tensor(0) == twin.observation_tensor(0)
        if step == 0:  # the first seat draws the same card from the stock in both
            state.apply_action(ActionSpace.DRAW)
            twin.apply_action(ActionSpace.DRAW)
            card = next(
                action
                for action, _p in state.chance_outcomes()
                if action in dict(twin.chance_outcomes())
            )
            state.apply_action(card)
            twin.apply_action(card)
    assert state.information_state_tensor(1) != twin.information_state_tensor(1)


@pytest.mark.parametrize("observation", ["dict", "full"])
def test_every_observation_encoding_passes_the_checkers(observation: str) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from gymnasium.utils.env_checker import check_env
    from pettingzoo.test import api_test

    from rummy500.adapters.gymnasium import ENV_ID
    from rummy500.adapters.pettingzoo import env

    environment = gymnasium.make(ENV_ID, opponents="random", observation=observation)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(environment.unwrapped)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(preset="wikipedia", players=3, observation=observation), num_cycles=300)
    if observation == "dict":
        observations, _info = environment.reset(seed=1)
        layout = environment.unwrapped.layout
        assert set(observations) == {name for name, _shape in layout.shapes}
        assert observations["pile_top"].shape == (3, 53)


@pytest.mark.parametrize("reward", ["zero_sum", "win", "score"])
def test_openspiel_plays_whole_matches_dealing_each_hand_by_chance(reward: str) -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from rummy500.adapters.openspiel import load_game

    game = load_game(preset="pagat", episode="match", reward=reward)
    assert game.max_game_length() == 60_000
    assert game.get_type().reward_model == pyspiel.GameType.RewardModel.REWARDS
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = _random_play(game, 6, check_tensors=True)
    match = state._table.match
    assert match is not None
    assert match.result is not None
    returns = state.returns()
    if reward == "score":
        assert returns == [float(total) for total in match.totals]
    elif reward == "win":
        assert sorted(returns) == [-1.0, 1.0]
        assert returns[match.result.seats[0]] == 1.0
    else:
        assert sum(returns) == pytest.approx(0.0, abs=1e-9)
    with pytest.raises(InvalidArgumentError, match="episode must be"):
        load_game(episode="game")

"""The batched environment and its Gymnasium ``VectorEnv`` face.

Each game of a batch is the same token game the other environments run:
its row of observations is the single environment's observation of the
acting seat (so the leak tests of the observations cover it), its mask the
legal tokens; episodes auto-reset, zero-sum rewards sum to 0 per episode,
and a seed replays the same games.
"""

from __future__ import annotations

import random

import pytest

from rummy500 import InvalidArgumentError

np = pytest.importorskip("numpy")

from rummy500.adapters.batched import BatchedEnv  # noqa: E402


def _random_tokens(batch: BatchedEnv, rng: random.Random) -> list[int]:
    return [int(rng.choice(row.nonzero()[0])) for row in batch.masks]


@pytest.mark.parametrize(("preset", "players"), [("pagat", 2), ("wikipedia", 3), ("pagat", 5)])
def test_each_row_is_its_games_observation_mask_and_actor(preset: str, players: int) -> None:
    batch = BatchedEnv(6, preset=preset, players=players, seed=3)
    rng = random.Random(3)
    for _ in range(120):
        for index, episode in enumerate(batch._episodes):
            game = episode.game
            actor = game.actor
            assert actor == batch.actors[index]
            expected = batch.layout.encode(game.view(actor), game.prefix)
            assert (batch.observations[index] == expected).all()
            assert tuple(np.flatnonzero(batch.masks[index])) == game.legal_tokens()
        batch.step(_random_tokens(batch, rng))


def test_episodes_auto_reset_and_zero_sum_returns_sum_to_zero() -> None:
    batch = BatchedEnv(8, seed=5)
    rng = random.Random(5)
    totals = np.zeros((8, 2))
    finished = 0
    for _ in range(600):
        _observations, rewards, done = batch.step(_random_tokens(batch, rng))
        totals += rewards
        for index in np.flatnonzero(done):
            assert totals[index].sum() == pytest.approx(0.0, abs=1e-6)
            assert batch.returns[index] == pytest.approx(totals[index], abs=1e-5)
            assert batch.masks[index].any()  # the new episode's first step
            totals[index] = 0.0
            finished += 1
    assert finished == int(batch.episodes.sum()) > 0


def test_a_seed_replays_the_same_games() -> None:
    def play(seed: int) -> list[float]:
        batch = BatchedEnv(4, seed=seed)
        rng = random.Random(0)
        seen = []
        for _ in range(200):
            observations, rewards, _done = batch.step(_random_tokens(batch, rng))
            seen.append(float(observations.sum()) + float(rewards.sum()))
        return seen

    assert play(7) == play(7)
    assert play(7) != play(8)


def test_with_opponents_only_the_learner_acts_and_is_truncated_at_the_limit() -> None:
    batch = BatchedEnv(4, seat=1, opponents="random", max_steps=5, seed=2)
    rng = random.Random(2)
    for step in range(5):
        assert (batch.actors == 1).all()
        _observations, _rewards, done = batch.step(_random_tokens(batch, rng))
        if step < 4:
            assert not batch.truncated.any()
    assert done.all()
    assert batch.truncated.sum() + batch.terminated.sum() == 4


def test_bad_actions_and_arguments_are_refused() -> None:
    batch = BatchedEnv(2, seed=1)
    with pytest.raises(InvalidArgumentError, match="2 integer tokens"):
        batch.step([0])
    with pytest.raises(InvalidArgumentError, match="2 integer tokens"):
        batch.step([0.5, 1.0])
    illegal = int(np.flatnonzero(~batch.masks[1])[0])
    before = (batch.observations.copy(), batch.masks.copy(), batch.rewards.copy())
    with pytest.raises(InvalidArgumentError, match=f"game 1: token {illegal} is not legal"):
        batch.step([int(np.flatnonzero(batch.masks[0])[0]), illegal])
    # No game stepped, not even the legal one before the illegal token.
    after = (batch.observations, batch.masks, batch.rewards)
    assert all(np.array_equal(old, new) for old, new in zip(before, after, strict=True))
    with pytest.raises(InvalidArgumentError, match="num_envs"):
        BatchedEnv(0)
    with pytest.raises(InvalidArgumentError, match="observation"):
        BatchedEnv(2, observation="dict")
    with pytest.raises(InvalidArgumentError, match="unknown bot"):
        BatchedEnv(2, opponents="smart")
    for steps in (0, -3, 2.5, True):  # as every environment's max_steps
        with pytest.raises(InvalidArgumentError, match="max_steps must be a positive integer"):
            BatchedEnv(2, max_steps=steps)  # type: ignore[arg-type]


def test_the_vector_env_face() -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.vector import AutoresetMode

    from rummy500.adapters.vector import Rummy500VectorEnv

    envs = Rummy500VectorEnv(4, preset="wikipedia", players=3, opponents="random")
    assert envs.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    observations, info = envs.reset(seed=4)
    assert envs.observation_space.contains(observations)
    assert envs.action_space.shape == (4,)
    rng = np.random.default_rng(4)
    finished = 0
    for _ in range(400):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])
        observations, rewards, terminated, truncated, info = envs.step(actions)
        assert envs.observation_space.contains(observations)
        assert rewards.shape == (4,)
        assert (info["action_mask"] == envs.action_masks()).all()
        finished += int((terminated | truncated).sum())
    assert finished > 0


@pytest.mark.parametrize(("episode", "max_steps"), [("match", None), ("hand", 40)])
def test_self_play_games_are_the_episodes_they_would_be_alone(
    episode: str, max_steps: int | None
) -> None:
    """Each game of a self-play batch (stepped by the engine's batch loop) is its own episode
    played token by token: the same rewards, ends, actors, rows and masks; a match deals
    its next hand in the same game, the step limit cuts an episode and deals again."""
    from rummy500.adapters.episodes import Episode

    batch = BatchedEnv(3, episode=episode, max_steps=max_steps, seed=9, reward="score")
    alone = [Episode(batch.space, "score", episode) for _ in range(3)]
    for index, single in enumerate(alone):
        single.start(0, 0, batch._episodes[index].game.state)
        if episode == "match":
            single.match = batch._episodes[index].match
    steps = [0, 0, 0]
    rng = random.Random(9)
    ended = 0
    for _ in range(900):
        tokens = _random_tokens(batch, rng)
        expected = [single.step(token) for single, token in zip(alone, tokens, strict=True)]
        _observations, rewards, done = batch.step(tokens)
        for index, single in enumerate(alone):
            steps[index] += 1
            assert tuple(rewards[index]) == pytest.approx(expected[index])
            cut = max_steps is not None and steps[index] >= max_steps
            assert bool(done[index]) == (single.is_over or cut)
            if done[index]:
                ended += 1
                assert bool(batch.truncated[index]) == (cut and not single.is_over)
                steps[index] = 0
                fresh = batch._episodes[index]
                single.start(0, 0, fresh.game.state)
                single.match = fresh.match
            game = single.game
            assert game.actor == batch.actors[index]
            assert tuple(np.flatnonzero(batch.masks[index])) == game.legal_tokens()
            expected_row = batch.layout.encode(
                game.view(game.actor), game.prefix, totals=single.seat_totals()
            )
            assert (batch.observations[index] == expected_row).all()
    assert ended > 0

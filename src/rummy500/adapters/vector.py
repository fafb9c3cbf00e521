"""A Gymnasium ``VectorEnv``: N learners against bots, stepped together by :class:`BatchedEnv`.

Needs the ``gymnasium`` extra.  :class:`Rummy500VectorEnv` is the
``VectorEnv`` face of :class:`~rummy500.adapters.batched.BatchedEnv` with
``opponents``: in each of its ``num_envs`` games the learner holds ``seat``
and bots play the other seats, as in
:class:`~rummy500.adapters.gymnasium.Rummy500Env`.  Observations are
``(num_envs, size)`` float32, actions one token per game
(``MultiDiscrete``), rewards the learner's (the ``reward`` option), and the
legal tokens are in ``info["action_mask"]`` (``(num_envs, 555)`` bool) and
:meth:`~Rummy500VectorEnv.action_masks`.  A game whose episode ends is
dealt again in the same step (``AutoresetMode.SAME_STEP``): its row of the
observations is the new episode's first; the final observation is not
kept (the rewards of a hand are paid when it ends).

>>> import numpy as np
>>> envs = Rummy500VectorEnv(8, preset="pagat", opponents="random")
>>> observations, info = envs.reset(seed=2)
>>> observations.shape, info["action_mask"].shape
((8, 901), (8, 555))
>>> rng = np.random.default_rng(2)
>>> actions = np.array([rng.choice(np.flatnonzero(row)) for row in info["action_mask"]])
>>> observations, rewards, terminated, truncated, info = envs.step(actions)
>>> rewards.shape, terminated.dtype
((8,), dtype('bool'))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummy500.adapters.actions import reset_arguments
from rummy500.adapters.batched import BatchedEnv
from rummy500.adapters.encodings import make_space
from rummy500.bots import Bot
from rummy500.errors import InvalidArgumentError
from rummy500.extras import requires
from rummy500.rules import Rules

with requires("gymnasium", __name__):
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from gymnasium.vector import AutoresetMode, VectorEnv
    from gymnasium.vector.utils import batch_space

__all__ = ["Rummy500VectorEnv"]


class Rummy500VectorEnv(VectorEnv):
    """``num_envs`` hands (or matches) of one learner against bots, as a Gymnasium ``VectorEnv``.

    Args:
        num_envs: The number of games.
        rules: The rule set, or a preset's name in any case (default: the
            ``pagat`` preset).
        preset: A preset name instead of ``rules`` (any case).
        players: The number of players (default: the fewest the rules allow).
        seat: The learner's seat.
        opponents: The bots of the other seats (a bot name or a function of a seed).
        reward: ``"zero_sum"`` (default), ``"win"`` or ``"score"``.
        episode: ``"hand"`` (default) or ``"match"``.
        dealer: A fixed dealer, or ``None`` (default): rotating in each game.
        observation: ``"compact"`` (default) or ``"full"``.
        max_steps: The learner's steps after which an episode is truncated.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(
        self,
        num_envs: int = 64,
        rules: Rules | str | None = None,
        preset: str | None = None,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Callable[[int], Bot] = "random",
        reward: str = "zero_sum",
        episode: str = "hand",
        dealer: int | None = None,
        observation: str = "compact",
        max_steps: int | None = None,
    ) -> None:
        self.batch = BatchedEnv(
            num_envs,
            rules,
            preset,
            players,
            reward=reward,
            episode=episode,
            dealer=dealer,
            observation=observation,
            max_steps=max_steps,
            seat=seat,
            opponents=opponents,
        )
        self.num_envs = num_envs
        self.single_observation_space = make_space(self.batch.layout, observation)
        self.single_action_space = spaces.Discrete(self.batch.space.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Deal every game anew: the observations and ``{"action_mask": ...}``.

        Raises:
            InvalidArgumentError: for a seed that is not ``None`` or an integer, or
                options that are not ``None`` or a dict (no game starts from a
                given position here: ``options["state"]`` is refused).
        """
        batch = self.batch
        seed, state = reset_arguments(seed, options, batch.rules, batch.players)
        if state is not None:
            raise InvalidArgumentError("the vector environment starts from new deals only")
        observations = batch.reset(seed)
        return observations.copy(), self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float32],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One token per game: observations, the learner's rewards, terminated, truncated, info."""
        batch = self.batch
        observations, rewards, _done = batch.step(actions)
        return (
            observations.copy(),
            rewards[:, batch.seat].copy(),
            batch.terminated.copy(),
            batch.truncated.copy(),
            self._info(),
        )

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal tokens of every game, ``(num_envs, tokens)`` booleans."""
        masks: npt.NDArray[np.bool_] = self.batch.masks.copy()
        return masks

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.batch.masks.copy()}

"""A batched environment: N games stepped together into preallocated arrays.

Needs NumPy (any environment's extra installs it).  :class:`BatchedEnv`
runs ``num_envs`` games of the same rule set side by side.  Each
:meth:`~BatchedEnv.step` takes one token per game and writes, in place:

- :attr:`~BatchedEnv.observations`, ``(N, size)`` float32: each game's
  acting seat's observation (the compact one by default,
  :mod:`rummy500.adapters.encodings`);
- :attr:`~BatchedEnv.masks`, ``(N, 555)`` bool: its legal tokens;
- :attr:`~BatchedEnv.actors`, ``(N,)``: the seat that acts in each game;
- :attr:`~BatchedEnv.rewards`, ``(N, P)`` float32: what the step paid each
  seat (the ``reward`` option, :mod:`rummy500.adapters.episodes`);
- :attr:`~BatchedEnv.terminated` and :attr:`~BatchedEnv.truncated`,
  ``(N,)`` bool: the games whose episode ended (or hit the step limit) at
  this step.  Such a game is dealt again at once (auto-reset): its row
  already holds the new episode's first observation.

Without ``opponents`` every seat is played by the caller (self-play, the
acting seat per game in :attr:`~BatchedEnv.actors`); with ``opponents``
(bots, as Gymnasium's ``opponents``) only ``seat`` is, the bots playing the
other seats inside :meth:`~BatchedEnv.step`.  :class:`Rummy500VectorEnv`
is its Gymnasium ``VectorEnv`` face of the second kind.

>>> import numpy as np
>>> batch = BatchedEnv(4, preset="pagat", seed=1)
>>> batch.observations.shape, batch.masks.shape, batch.rewards.shape
((4, 901), (4, 555), (4, 2))
>>> rng = np.random.default_rng(1)
>>> for _ in range(300):
...     tokens = [rng.choice(np.flatnonzero(row)) for row in batch.masks]
...     _ = batch.step(tokens)
>>> int(batch.episodes.sum()) > 0, float(batch.returns.sum(axis=1).max()) < 1e-9
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, cast

from rummy500._engine import BatchCore
from rummy500.adapters.actions import (
    ActionSpace,
    check_choice,
    check_seat,
    reset_arguments,
    resolve_rules,
)
from rummy500.adapters.encodings import make_layout
from rummy500.adapters.episodes import DealerRotation, Episode, check_episode, step_limit
from rummy500.bots import Bot
from rummy500.errors import InvalidArgumentError, shown
from rummy500.extras import requires
from rummy500.rules import Rules
from rummy500.simulate import bot_maker
from rummy500.state import GameState

with requires("gymnasium", __name__):
    import numpy as np

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = ["BatchedEnv"]


class BatchedEnv:
    """``num_envs`` games stepped together, with auto-reset (see the module).

    Args:
        num_envs: The number of games.
        rules: The rule set, or a preset's name in any case (default: the
            ``pagat`` preset).
        preset: A preset name instead of ``rules`` (any case).
        players: The number of players (default: the fewest the rules allow).
        reward: ``"zero_sum"`` (default), ``"win"`` or ``"score"``.
        episode: ``"hand"`` (default) or ``"match"``.
        dealer: A fixed dealer, or ``None`` (default): rotating in each game.
        observation: ``"compact"`` (default) or ``"full"``.
        max_steps: The caller's tokens after which an episode is truncated.
        seat: The caller's seat when ``opponents`` play the others.
        opponents: ``None`` (self-play), or bots for the other seats: a bot
            name (``"random"``, ``"greedy"``, ``"search"``) or a function of
            a seed that makes a bot.
        seed: The seed of every deal (``None``: from the OS).

    Attributes:
        observations: ``(N, size)`` float32, each game's actor's observation.
        masks: ``(N, tokens)`` bool, each game's legal tokens.
        actors: ``(N,)`` int64, the seat that acts in each game.
        rewards: ``(N, P)`` float32, what the last step paid each seat.
        terminated: ``(N,)`` bool, the games whose episode ended at the last step.
        truncated: ``(N,)`` bool, the games cut at the step limit at the last step.
        returns: ``(N, P)`` float64, each game's last finished episode's returns.
        episodes: ``(N,)`` int64, the episodes each game has finished.
    """

    def __init__(
        self,
        num_envs: int = 64,
        rules: Rules | str | None = None,
        preset: str | None = None,
        players: int | None = None,
        *,
        reward: str = "zero_sum",
        episode: str = "hand",
        dealer: int | None = None,
        observation: str = "compact",
        max_steps: int | None = None,
        seat: int = 0,
        opponents: str | Callable[[int], Bot] | None = None,
        seed: int | None = None,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise InvalidArgumentError(
                f"num_envs must be a positive integer, got {shown(num_envs)}"
            )
        check_choice("observation", observation, ("compact", "full"))
        self.rules, self.players = resolve_rules(rules, preset, players)
        check_seat(seat, self.players)
        self.num_envs = num_envs
        self.space = ActionSpace(self.rules, self.players)
        self.layout = make_layout(self.space, observation)
        self.seat = seat
        self.max_steps = step_limit(max_steps, check_episode(episode))
        self._make_bot = None if opponents is None else bot_maker(opponents)
        self._episodes = [Episode(self.space, reward, episode) for _ in range(num_envs)]
        self._dealers = [DealerRotation(dealer, self.players) for _ in range(num_envs)]
        self._bots: list[dict[int, Bot]] = [{} for _ in range(num_envs)]
        self._encoders = [
            [self.layout.seat_encoder(seat) for seat in range(self.players)]
            for _ in range(num_envs)
        ]
        size, tokens, players = self.layout.size, self.space.size, self.players
        # The observations, the masks and the acting seats live in buffers that the
        # engine's batch step writes each game's row into, as bytes.
        observations = bytearray(num_envs * 4 * size)
        masks = bytearray(num_envs * tokens)
        actors = bytearray(num_envs * 8)
        self.observations = np.frombuffer(observations, dtype=np.float32).reshape(num_envs, size)
        self.masks = np.frombuffer(masks, dtype=bool).reshape(num_envs, tokens)
        self.actors = np.frombuffer(actors, dtype="<i8")
        self._core = BatchCore(
            observations,
            masks,
            actors,
            # The engine's states are GameStates: the makers take them.
            cast(
                Any,
                [[encoder.vector_maker() for encoder in encoders] for encoders in self._encoders],
            ),
            self.max_steps,
        )
        self.rewards = np.zeros((num_envs, players), dtype=np.float32)
        self.terminated = np.zeros(num_envs, dtype=bool)
        self.truncated = np.zeros(num_envs, dtype=bool)
        self.returns = np.zeros((num_envs, players), dtype=np.float64)
        self.episodes = np.zeros(num_envs, dtype=np.int64)
        self._running = np.zeros((num_envs, players), dtype=np.float64)
        self.reset(seed)

    # -- resetting --------------------------------------------------------------

    def reset(self, seed: int | None = None) -> npt.NDArray[np.float32]:
        """Deal every game anew (from ``seed``); the observations (also in :attr:`observations`).

        Raises:
            InvalidArgumentError: for a seed that is not ``None`` or an integer.
        """
        seed, _state = reset_arguments(seed, None, self.rules, self.players)
        self._rng = random.Random(seed)
        for index in range(self.num_envs):
            self._dealers[index].reseed()
            self._deal(index)
        self.rewards.fill(0.0)
        self.terminated.fill(False)
        self.truncated.fill(False)
        return self.observations

    def _deal(self, index: int) -> None:
        rng = self._rng
        episode = self._episodes[index]
        dealer = self._dealers[index].next(rng)
        episode.start(rng.getrandbits(63), dealer)
        if self._make_bot is not None:
            self._bots[index] = {
                seat: self._make_bot(rng.getrandbits(63))
                for seat in range(self.players)
                if seat != self.seat
            }
        self._running[index] = 0.0
        self._play_bots(index)
        self._core.start(index, episode.game, episode.seat_totals(), 0)

    # -- stepping ---------------------------------------------------------------

    def step(
        self, actions: Sequence[int] | npt.NDArray[np.integer[Any]]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Spell one token in every game: (observations, rewards, terminated or truncated).

        The arrays are this environment's own, overwritten by the next step.

        Raises:
            InvalidArgumentError: for a number of actions other than
                ``num_envs``, or a token that is not legal in its game (no
                game has stepped, the arrays are as they were).
        """
        tokens = np.asarray(actions)
        if tokens.shape != (self.num_envs,) or tokens.dtype.kind not in "iu":
            raise InvalidArgumentError(
                f"actions must be {self.num_envs} integer tokens, one per game, "
                f"got {shown(actions)}"
            )
        chosen = tokens.tolist()
        core = self._core
        core.check(chosen)
        self.rewards.fill(0.0)
        self.terminated.fill(False)
        self.truncated.fill(False)
        if self._make_bot is None:  # self-play: every game stepped by the engine's loop
            for index in core.step(chosen):
                move = core.moves[index]
                # The engine builds its states as GameStates.
                before = cast(GameState, core.before[index])
                episode = self._episodes[index]
                paid = episode.zeros if move is None else episode.finish(before, move)
                self._stepped(index, paid)
            return self.observations, self.rewards, self.terminated | self.truncated
        episodes = self._episodes
        steps = core.steps
        for index, token in enumerate(chosen):
            episode = episodes[index]
            steps[index] += 1
            self._stepped(index, self._play_bots(index, episode.step(token)))
        return self.observations, self.rewards, self.terminated | self.truncated

    def _stepped(self, index: int, paid: tuple[float, ...]) -> None:
        """Game ``index`` has stepped, paying ``paid``: its episode ended, or it goes on."""
        episode = self._episodes[index]
        if any(paid):
            self.rewards[index] = paid
            self._running[index] += paid
        steps = self._core.steps[index]
        if episode.is_over or steps >= self.max_steps:
            if episode.is_over:
                self.terminated[index] = True
            else:
                self.truncated[index] = True
            self.returns[index] = self._running[index]
            self.episodes[index] += 1
            self._deal(index)
        else:
            self._core.start(index, episode.game, episode.seat_totals(), steps)

    def _play_bots(self, index: int, paid: tuple[float, ...] | None = None) -> tuple[float, ...]:
        """Let the bots of game ``index`` play up to the caller's seat; the rewards paid."""
        total = list(paid) if paid is not None else [0.0] * self.players
        if self._make_bot is None:
            return tuple(total)
        episode, bots = self._episodes[index], self._bots[index]
        while True:
            game = episode.game
            actor = game.actor
            if actor is None or actor == self.seat:
                return tuple(total)
            move = bots[actor].choose(game.view(actor))
            more = episode.decline() if move is None else episode.play(move)
            total = [a + b for a, b in zip(total, more, strict=True)]

    def __repr__(self) -> str:
        return f"<BatchedEnv {self.num_envs} games, {self.players} players, {self.layout!r}>"

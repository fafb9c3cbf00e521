"""A PettingZoo AEC environment: one hand of 500 Rummy, every seat an agent.

Needs the ``pettingzoo`` extra (``pip install 'rummy500[pettingzoo]'``).

Agents are ``player_0`` … ``player_{n-1}``, the seats.  An episode is one
hand, or with ``episode="match"`` a whole match (hands dealt one after
another until a side wins, :mod:`rummy500.adapters.episodes`).  Each step
the selected agent spells one token of its move in the token action space
(:mod:`rummy500.adapters.actions`); the seats with a "Rummy!" call or a
meld out of turn are selected first, in :func:`rummy500.polling_order`,
and may ``decline``.  Observations are dicts, as in PettingZoo's classic
games:

- ``"observation"``: the seat's view and what it has spelled, a float32
  vector (by default the compact one,
  :class:`~rummy500.adapters.compact.CompactLayout`; the ``observation``
  option, :mod:`rummy500.adapters.encodings`);
- ``"action_mask"``: an int8 vector, 1 for the tokens legal now (all 0 for
  an agent that is not selected).

Rewards come when a hand ends, as the ``reward`` option says
(:mod:`rummy500.adapters.episodes`): by default ``"zero_sum"``, the seat's
hand score minus the mean of the others', scaled to about ±1, so the
rewards of an episode sum to 0.  An episode that reaches ``max_steps``
tokens is truncated.  :func:`env` checks the call order as PettingZoo's
``OrderEnforcingWrapper`` does, and an illegal token ends the episode with a
reward of -1 for the agent that spelled it; :class:`raw_env` raises
:class:`~rummy500.errors.InvalidArgumentError` instead.  Both refuse an
action that is not a token number (``None`` for a live agent, a float, a
string) with an :class:`~rummy500.errors.InvalidArgumentError` naming it.

>>> from rummy500.adapters.pettingzoo import env
>>> table = env(preset="pagat", players=2)
>>> table.reset(seed=1)
>>> table.agent_selection
'player_1'
>>> observation, reward, termination, truncation, info = table.last()
>>> [table.unwrapped.space.name(int(t)) for t in observation["action_mask"].nonzero()[0]]
['draw', 'take 1']
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from rummy500.adapters.actions import (
    ActionSpace,
    TokenGame,
    reset_arguments,
    resolve_rules,
    token_of,
)
from rummy500.adapters.encodings import make_layout, make_space, shaped
from rummy500.adapters.episodes import DealerRotation, Episode, check_episode, step_limit
from rummy500.adapters.raster import RENDER_MODES, check_render_mode, rgb_array
from rummy500.errors import InvalidArgumentError, shown
from rummy500.extras import requires
from rummy500.rules import Rules

with requires("pettingzoo", __name__):
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

__all__ = ["env", "raw_env"]

#: What an observation is: the vector and the mask.
Observation = dict[str, Any]


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment as PettingZoo's classic games come (keywords as :class:`raw_env`).

    Illegal tokens end the episode with a reward of -1 for the agent that
    spelled them (``illegal_reward`` changes it), and the AEC call order is
    enforced (as PettingZoo's ``OrderEnforcingWrapper`` does).
    """
    kwargs.setdefault("illegal_reward", -1.0)
    return _OrderEnforced(raw_env(**kwargs))


class _OrderEnforced(wrappers.OrderEnforcingWrapper):
    """PettingZoo's ``OrderEnforcingWrapper``, reading the environment's state directly.

    The base wrapper finds ``agent_selection``, ``rewards`` and the like
    through ``__getattr__``, a slow path taken dozens of times a step; here
    they are properties (the same errors before ``reset``).
    """

    def _read(self, name: str) -> Any:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return getattr(self.env, name)

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info."""
        if not self._has_reset:
            self.observe(self.env.possible_agents[0])  # PettingZoo's error before reset
        return self.env.last(observe)  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        """The agent that acts now."""
        return self._read("agent_selection")  # type: ignore[no-any-return]

    @property
    def agents(self) -> list[str]:
        """The agents still in the episode."""
        return self._read("agents")  # type: ignore[no-any-return]

    @property
    def rewards(self) -> dict[str, float]:
        """Each agent's reward for the last step."""
        return self._read("rewards")  # type: ignore[no-any-return]

    @property
    def terminations(self) -> dict[str, bool]:
        """Whether each agent's episode has ended."""
        return self._read("terminations")  # type: ignore[no-any-return]

    @property
    def truncations(self) -> dict[str, bool]:
        """Whether each agent's episode has been cut at the step limit."""
        return self._read("truncations")  # type: ignore[no-any-return]

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        """Each agent's info dict."""
        return self._read("infos")  # type: ignore[no-any-return]

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self._read("_cumulative_rewards")  # type: ignore[no-any-return]

    @property
    def possible_agents(self) -> list[str]:
        """Every agent, one per seat."""
        return self.env.possible_agents  # type: ignore[no-any-return]

    @property
    def num_agents(self) -> int:
        """The number of agents still in the episode."""
        return len(self.agents)

    @property
    def max_num_agents(self) -> int:
        """The number of seats."""
        return len(self.env.possible_agents)

    @property
    def metadata(self) -> dict[str, Any]:
        """The environment's metadata."""
        return self.env.metadata  # type: ignore[no-any-return]

    @property
    def render_mode(self) -> str | None:
        """The environment's render mode."""
        return self.env.render_mode  # type: ignore[no-any-return]


class raw_env(AECEnv[str, Observation, int]):
    """A hand or a match of 500 Rummy as a PettingZoo AEC environment, one agent per seat.

    Args:
        rules: The rule set, or a preset's name in any case (default: the
            ``pagat`` preset).
        preset: A preset name instead of ``rules`` (any case).
        players: The number of players (default: the fewest the rules allow).
        reward: ``"zero_sum"`` (default), ``"win"`` or ``"score"``
            (:mod:`rummy500.adapters.episodes`).
        episode: ``"hand"`` (default) or ``"match"``.
        dealer: The dealer's seat, or ``None`` (default) for a dealer that
            rotates across resets from a seat drawn from the seed, so no
            seat always acts first.
        observation: ``"compact"`` (default), ``"dict"`` or ``"full"``
            (:mod:`rummy500.adapters.encodings`).
        max_steps: The tokens after which an episode is truncated (default:
            :data:`~rummy500.adapters.episodes.STEP_LIMITS`).
        illegal_reward: ``None`` (default): an illegal token raises
            :class:`~rummy500.errors.InvalidArgumentError`; a number: an
            illegal token ends the episode, with this reward for its agent.
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the table as
            text) or ``"rgb_array"`` (the table as an RGB ``uint8`` array, for
            videos and notebooks: needs the ``render`` extra).

    ``reset(seed=s)`` deals from a seed drawn from a generator seeded with
    ``s`` (later resets without a seed go on drawing from it);
    ``reset(options={"state": state})`` starts from a given
    :class:`~rummy500.GameState` instead of a new deal.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(RENDER_MODES),
        "render_fps": 1,
        "name": "rummy500_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str | None = None,
        preset: str | None = None,
        players: int | None = None,
        reward: str = "zero_sum",
        episode: str = "hand",
        dealer: int | None = None,
        observation: str = "compact",
        max_steps: int | None = None,
        illegal_reward: float | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        render_mode = check_render_mode(render_mode)
        self.rules, self.players = resolve_rules(rules, preset, players)
        self.space = ActionSpace(self.rules, self.players)
        self.episode = Episode(self.space, reward, episode)
        self.dealers = DealerRotation(dealer, self.players)
        self.max_steps = step_limit(max_steps, check_episode(episode))
        self.illegal_reward = _illegal_reward(illegal_reward)
        self.render_mode = render_mode
        self.layout = make_layout(self.space, observation)
        self.observation = observation
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._no_rewards: dict[str, float] = {}
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": make_space(self.layout, observation),
                    "action_mask": spaces.Box(0, 1, shape=(self.space.size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: spaces.Discrete(self.space.size) for agent in self.possible_agents
        }
        self._rng: random.Random | None = None
        self._started = False
        self._steps = 0
        self._encoders = [self.layout.seat_encoder(seat) for seat in range(self.players)]
        self._vectors = [encoder.vector_maker() for encoder in self._encoders]
        self._flat = observation != "dict"

    @property
    def game(self) -> TokenGame | None:
        """The current hand, played token by token (``None`` before the first reset)."""
        return self.episode.game if self._started else None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(size)``, one action per token."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand or match (or start from ``options["state"]``).

        Raises:
            InvalidArgumentError: for a seed that is not an integer, or
                options that are not a dict whose ``"state"`` is a position of
                the environment's rules (nothing changes).
        """
        seed, state = reset_arguments(seed, options, self.rules, self.players)
        if seed is not None:
            self._rng = random.Random(seed)
            self.dealers.reseed()
        elif self._rng is None:
            self._rng = random.Random()
        dealer = self.dealers.next(self._rng)
        self.episode.start(self._rng.getrandbits(63), dealer, state)
        self._started = True
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._no_rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The selected agent's observation, reward, termination, truncation and info.

        Raises:
            InvalidArgumentError: before :meth:`reset`.
        """
        if not self._started:
            raise InvalidArgumentError("call reset() before using the environment")
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def _select(self) -> None:
        actor = self._game().actor
        if actor is not None:
            self.agent_selection = self.possible_agents[actor]

    def _game(self) -> TokenGame:
        if not self._started:
            raise InvalidArgumentError("call reset() before using the environment")
        return self.episode.game

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its vector and its action mask.

        Raises:
            InvalidArgumentError: before :meth:`reset`, or for an agent that is not at the table.
        """
        game = self._game()
        seat = self._seats.get(agent) if isinstance(agent, str) else None
        if seat is None:
            raise InvalidArgumentError(
                f"agent must be one of {', '.join(self.possible_agents)}, got {shown(agent)}"
            )
        totals = self.episode.seat_totals()
        if seat == game.actor:
            raw = self._vectors[seat](game.state, totals, game.prefix)
            mask = np.frombuffer(bytearray(game.mask_bytes()), dtype=np.int8)
        else:
            raw = self._vectors[seat](game.state, totals, ())
            mask = np.zeros(self.space.size, dtype=np.int8)
        vector = np.frombuffer(bytearray(raw), dtype=np.float32)
        if self._flat:
            return {"observation": vector, "action_mask": mask}
        return {"observation": shaped(self.layout, self.observation, vector), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Spell ``action`` (a token) for the selected agent (``None`` once it is done).

        Raises:
            InvalidArgumentError: before :meth:`reset`; for an action that is
                not a token number (or not ``None`` for a done agent); for a
                token that is not legal now, unless ``illegal_reward`` is set.
        """
        if not self._started:
            raise InvalidArgumentError("call reset() before using the environment")
        episode = self.episode
        game = episode.game
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise InvalidArgumentError(
                    f"{agent} is done: its only action is None, got {shown(action)}"
                )
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidArgumentError(f"{agent} is not done: its action must be a token, got None")
        token = token_of(action, self.space.size)
        self._cumulative_rewards[agent] = 0.0
        if self.illegal_reward is not None and not game.legal(token):
            self._end_illegal(agent)
            return
        paid = episode.step(token)
        self._steps += 1
        if any(paid):
            self.rewards = dict(zip(self.possible_agents, paid, strict=True))
            self._accumulate_rewards()
        else:  # most steps: no reward, nothing to add up
            self.rewards = self._no_rewards
        actor = episode.game.actor
        if actor is None:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[actor]

    def _end_illegal(self, agent: str) -> None:
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = self.illegal_reward or 0.0
        self.infos[agent] = {**self.infos[agent], "illegal_action": True}
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table: every hand, the pile, the melds (as text, or pixels under ``"rgb_array"``)."""
        if self.render_mode is None:
            return None
        game = self._game()
        if self.render_mode == "rgb_array":
            return rgb_array(game.state)
        if game.actor is None:
            return str(game.state)
        spelled = self.space.describe(game.prefix) if game.prefix else "-"
        return f"{game.state}\n  p{game.actor} acts; spelled: {spelled}"

    def close(self) -> None:
        """Nothing to release."""


def _illegal_reward(value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        raise InvalidArgumentError(f"illegal_reward must be a number or None, got {shown(value)}")
    return float(value)

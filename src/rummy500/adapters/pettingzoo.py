"""A PettingZoo AEC environment: one hand of 500 Rummy, every seat an agent.

Needs the ``pettingzoo`` extra (``pip install 'rummy500[pettingzoo]'``).

Agents are ``player_0`` … ``player_{n-1}``, the seats.  An episode is one
hand.  Each step the selected agent spells one token of its move in the
token action space (:mod:`rummy500.adapters.actions`); the seats with a
"Rummy!" call or a meld out of turn are selected first, in
:func:`rummy500.polling_order`, and may ``decline``.  Observations are
dicts, as in PettingZoo's classic games:

- ``"observation"``: the seat's view and what it has spelled, a float32
  vector (:class:`~rummy500.adapters.observation.ObservationLayout`);
- ``"action_mask"``: an int8 vector, 1 for the tokens legal now (all 0 for
  an agent that is not selected).

Rewards come at the end of the hand: each agent gets the hand score of its
seat (of its side under partnerships, V5).  :func:`env` wraps the raw
environment in PettingZoo's usual wrappers, so an illegal token ends the
episode with a reward of -1 for the agent that spelled it; :class:`raw_env`
raises :class:`~rummy500.errors.InvalidArgumentError` instead.

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

from rummy500._engine import new_game
from rummy500.adapters.actions import ActionSpace, TokenGame, resolve_rules
from rummy500.adapters.observation import ObservationLayout
from rummy500.errors import InvalidArgumentError
from rummy500.extras import requires
from rummy500.rules import Rules
from rummy500.state import GameState

with requires("pettingzoo", __name__):
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

__all__ = ["env", "raw_env"]

#: What an observation is: the vector and the mask.
Observation = dict[str, npt.NDArray[Any]]


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment with PettingZoo's standard wrappers (keywords as :class:`raw_env`).

    The wrappers end the episode with a reward of -1 for an illegal token,
    check that actions are in the action space, and enforce the AEC call
    order.
    """
    environment: AECEnv[str, Observation, int] = raw_env(**kwargs)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv[str, Observation, int]):
    """One hand of 500 Rummy as a PettingZoo AEC environment, one agent per seat.

    Args:
        rules: The rule set (default: the ``pagat`` preset).
        preset: A preset name instead of ``rules``.
        players: The number of players (default: the fewest the rules allow).
        dealer: The dealer's seat.
        render_mode: ``None`` or ``"ansi"`` (:meth:`render` returns the table as text).

    ``reset(seed=s)`` deals from a seed drawn from a generator seeded with
    ``s`` (later resets without a seed go on drawing from it);
    ``reset(options={"state": state})`` starts from a given
    :class:`~rummy500.GameState` instead of a new deal.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "render_fps": 1,
        "name": "rummy500_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | None = None,
        preset: str | None = None,
        players: int | None = None,
        dealer: int = 0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidArgumentError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.rules, self.players = resolve_rules(rules, preset, players)
        self.dealer = dealer
        self.render_mode = render_mode
        self.space = ActionSpace(self.rules, self.players)
        self.layout = ObservationLayout(self.space)
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        low, high = self.layout.bounds()
        self._observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=low, high=high, dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, shape=(self.space.size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._action_spaces = {
            agent: spaces.Discrete(self.space.size) for agent in self.possible_agents
        }
        self._rng: random.Random | None = None
        self.game: TokenGame | None = None
        self._base: dict[int, npt.NDArray[np.float32]] = {}
        self._based_on: GameState | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object at every call)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(size)``, one action per token."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (or start from ``options["state"]``)."""
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        state = (options or {}).get("state")
        if state is None:
            state = new_game(
                self.rules, self.players, seed=self._rng.getrandbits(63), dealer=self.dealer
            )
        elif not isinstance(state, GameState):
            raise InvalidArgumentError(f"options['state'] must be a GameState, got {state!r}")
        self.game = TokenGame(state, self.space)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def _select(self) -> None:
        game = self._game()
        if game.actor is not None:
            self.agent_selection = self.possible_agents[game.actor]

    def _game(self) -> TokenGame:
        if self.game is None:
            raise InvalidArgumentError("call reset() before using the environment")
        return self.game

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation: its vector and its action mask."""
        game = self._game()
        seat = self.possible_agents.index(agent)
        if self._based_on is not game.state:
            self._base = {}
            self._based_on = game.state
        base = self._base.get(seat)
        if base is None:
            base = self._base[seat] = self.layout.encode(game.view(seat))
        vector = base.copy()
        mask = np.zeros(self.space.size, dtype=np.int8)
        if seat == game.actor:
            self.layout.add_spelled(vector, game.prefix)
            mask[list(game.legal_tokens())] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Spell ``action`` (a token) for the selected agent (``None`` once it is done).

        Raises:
            InvalidArgumentError: for a token that is not legal now (:func:`env`
                turns it into the end of the episode instead).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self._game()
        if action is None:
            raise InvalidArgumentError(f"{agent} is not done: its action must be a token")
        self._cumulative_rewards[agent] = 0.0
        game.step(int(action))
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if game.is_over:
            for name, value in zip(self.possible_agents, game.returns(), strict=True):
                self.rewards[name] = value
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``): every hand, the pile, the melds."""
        if self.render_mode is None:
            return None
        game = self._game()
        if game.actor is None:
            return str(game.state)
        spelled = self.space.describe(game.prefix) if game.prefix else "-"
        return f"{game.state}\n  p{game.actor} acts; spelled: {spelled}"

    def close(self) -> None:
        """Nothing to release."""

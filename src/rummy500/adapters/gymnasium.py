"""A Gymnasium environment: one learner at the table, bots in the other seats.

Needs the ``gymnasium`` extra (``pip install 'rummy500[gymnasium]'``).
Importing this module registers the environment twice:
``rummy500/Rummy500-v0`` (an episode is one hand, truncated after 1,000 of
the learner's steps: ``gymnasium.make("rummy500/Rummy500-v0",
preset="wikipedia")``) and ``rummy500/Rummy500Match-v0`` (an episode is a
whole match, ``episode="match"``, truncated after 30,000 steps).

An episode is one hand, or with ``episode="match"`` a match.  The learner's
seat spells its moves one token at a time in the token action space
(:mod:`rummy500.adapters.actions`): the action space is ``Discrete(size)``,
the observation a float32 vector of the seat's view and what it has spelled
(:class:`~rummy500.adapters.observation.ObservationLayout`).  The legal
tokens are in ``info["action_mask"]`` (an int8 vector), and
:meth:`Rummy500Env.action_masks` gives them as booleans, as maskable
algorithms (sb3-contrib's ``MaskablePPO``) ask for them; on what
``gymnasium.make`` returns, call it as ``env.unwrapped.action_masks()`` or
``env.get_wrapper_attr("action_masks")()`` (Gymnasium's wrappers do not
pass it on).  The other seats
are played by bots between the learner's steps; when the learner may call
"Rummy!" or meld out of turn it is asked too, and may ``decline``.

The reward is 0 until a hand ends, then what the ``reward`` option says
(:mod:`rummy500.adapters.episodes`; by default ``"zero_sum"``: the
learner's hand score minus the mean of the others', scaled to about ±1).
An illegal token changes nothing and costs ``illegal_reward``, with
``info["illegal_action"]`` set; an action that is not a token number
(``None``, a float, a string) raises
:class:`~rummy500.errors.InvalidArgumentError` naming it.

>>> from rummy500.adapters.gymnasium import Rummy500Env
>>> environment = Rummy500Env(preset="pagat", seat=0, opponents="greedy")
>>> observation, info = environment.reset(seed=3)
>>> observation.shape, int(info["action_mask"].sum()) > 0
((901,), True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, SupportsFloat, Union

from rummy500.adapters.actions import (
    ActionSpace,
    TokenGame,
    check_seat,
    reset_arguments,
    resolve_rules,
    token_of,
)
from rummy500.adapters.encodings import make_layout, make_space, shaped
from rummy500.adapters.episodes import DealerRotation, Episode
from rummy500.adapters.raster import RENDER_MODES, check_render_mode, rgb_array
from rummy500.bots import Bot
from rummy500.errors import InvalidArgumentError, shown
from rummy500.extras import requires
from rummy500.rules import Rules
from rummy500.simulate import bot_maker

with requires("gymnasium", __name__):
    import gymnasium
    import numpy as np
    import numpy.typing as npt
    from gymnasium import spaces

__all__ = ["ENV_ID", "MATCH_ENV_ID", "Opponent", "Rummy500Env"]

#: The id the environment is registered under (one hand, at most 1,000 steps).
ENV_ID = "rummy500/Rummy500-v0"
#: The id of the environment whose episode is a match (at most 30,000 steps).
MATCH_ENV_ID = "rummy500/Rummy500Match-v0"

#: An opponent: a bot name (``"greedy"``, ``"random"``, ``"search"``), or a
#: function of a seed that makes a bot.
Opponent = str | Callable[[int], Bot]


#: An observation: the flat vector, or its named pieces (``observation="dict"``).
#: (A ``Union``: the documentation is built with NumPy mocked where it is missing, and
#: ``|`` between mocked types fails.)
Observation = Union[npt.NDArray[np.float32], dict[str, npt.NDArray[np.float32]]]  # noqa: UP007


class Rummy500Env(gymnasium.Env[Observation, np.int64]):
    """A hand (or a match) of 500 Rummy for one learner against bots.

    Args:
        rules: The rule set, or a preset's name in any case (default: the
            ``pagat`` preset).
        preset: A preset name instead of ``rules`` (any case).
        players: The number of players (default: the fewest the rules allow).
        seat: The learner's seat.
        opponents: The bots of the other seats: one :data:`Opponent` for
            all, or one per other seat in seat order.  They are made anew at
            every reset, with seeds drawn from the environment's generator,
            so ``reset(seed=s)`` replays the same hand for the same actions.
        reward: ``"zero_sum"`` (default), ``"win"`` or ``"score"``
            (:mod:`rummy500.adapters.episodes`).
        episode: ``"hand"`` (default) or ``"match"``.
        dealer: The dealer's seat, or ``None`` (default) for a dealer that
            rotates across resets from a seat drawn from the seed.
        observation: ``"compact"`` (default), ``"dict"`` or ``"full"``
            (:mod:`rummy500.adapters.encodings`).
        illegal_reward: The reward of an illegal token (which changes nothing).
        render_mode: ``None``, ``"ansi"`` (:meth:`render` returns the table as
            text) or ``"rgb_array"`` (the table as an RGB ``uint8`` array, for
            videos and notebooks: needs the ``render`` extra).

    ``reset(options={"state": state})`` starts from a given
    :class:`~rummy500.GameState` instead of a new deal.
    """

    # An instance attribute of gymnasium.Env, given here for the class as Gymnasium does.
    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | str | None = None,
        preset: str | None = None,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "greedy",
        reward: str = "zero_sum",
        episode: str = "hand",
        dealer: int | None = None,
        observation: str = "compact",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        render_mode = check_render_mode(render_mode)
        self.rules, self.players = resolve_rules(rules, preset, players)
        check_seat(seat, self.players)
        self.seat = seat
        others = self.players - 1
        if isinstance(opponents, str) or callable(opponents):
            makers: list[Opponent] = [opponents] * others
        else:
            makers = list(opponents)
            if len(makers) != others:
                raise InvalidArgumentError(
                    f"expected one opponent per other seat ({others}), got {len(makers)}"
                )
        self._makers = [bot_maker(maker) for maker in makers]
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, (int, float)):
            raise InvalidArgumentError(
                f"illegal_reward must be a number, got {shown(illegal_reward)}"
            )
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.space = ActionSpace(self.rules, self.players)
        self.episode = Episode(self.space, reward, episode)
        self.dealers = DealerRotation(dealer, self.players)
        self.layout = make_layout(self.space, observation)
        self._encoder = self.layout.seat_encoder(seat)
        self._vector = self._encoder.vector_maker()
        self._flat = observation != "dict"
        self.observation = observation
        self.observation_space = make_space(self.layout, observation)
        self.action_space = spaces.Discrete(self.space.size)
        self.bots: dict[int, Bot] = {}
        self._started = False
        self._paid = 0.0

    @property
    def game(self) -> TokenGame | None:
        """The current hand, played token by token (``None`` before the first reset)."""
        return self.episode.game if self._started else None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal a new hand (or start from ``options["state"]``) and play the bots to the learner.

        Raises:
            InvalidArgumentError: for a seed that is not an integer of at least 0,
                or options that are not a dict whose ``"state"`` is a position of
                the environment's rules (nothing changes).
        """
        seed, state = reset_arguments(seed, options, self.rules, self.players, least=0)
        super().reset(seed=seed)
        if seed is not None:
            self.dealers.reseed()
        draws = self.np_random.integers(0, 2**63 - 1, size=self.players + 1)
        dealer = self.dealers.next(random.Random(int(draws[-1])))
        others = [seat for seat in range(self.players) if seat != self.seat]
        self.bots = {
            seat: make(int(draw))
            for seat, make, draw in zip(others, self._makers, draws[1:], strict=False)
        }
        self.episode.start(int(draws[0]), dealer, state)
        self._started = True
        self._paid = 0.0
        self._play_bots()
        return self._observation(), self._info()

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        """Spell one token for the learner, then let the bots play up to its next step.

        Raises:
            InvalidArgumentError: before :meth:`reset`, once the episode is
                over, or for an action that is not a token number.
        """
        game = self._game()
        if self.episode.is_over:
            raise InvalidArgumentError("the episode is over: call reset()")
        token = token_of(action, self.space.size)
        if not game.legal(token):
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, False, False, info
        self._paid = 0.0
        self._pay(self.episode.step(token))
        self._play_bots()
        return self._observation(), self._paid, self.episode.is_over, False, self._info()

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal tokens of the learner now, as booleans (for maskable algorithms)."""
        return self._mask().astype(bool)

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """The table: every hand, the pile, the melds (as text, or pixels under ``"rgb_array"``)."""
        if self.render_mode is None:
            return None
        game = self._game()
        if self.render_mode == "rgb_array":
            return rgb_array(game.state)
        spelled = self.space.describe(game.prefix) if game.prefix else "-"
        return f"{game.state}\n  learner p{self.seat}; spelled: {spelled}"

    def _game(self) -> TokenGame:
        if not self._started:
            raise InvalidArgumentError("call reset() before step()")
        return self.episode.game

    def _pay(self, paid: tuple[float, ...]) -> None:
        self._paid += paid[self.seat]

    def _play_bots(self) -> None:
        episode = self.episode
        while True:
            game = episode.game
            seat = game.actor
            if seat is None or seat == self.seat:
                return
            move = self.bots[seat].choose(game.view(seat))
            if move is None:
                episode.decline()
            else:
                self._pay(episode.play(move))

    def _mask(self) -> npt.NDArray[np.int8]:
        game = self._game()
        if game.actor == self.seat:
            mask: npt.NDArray[np.int8] = np.frombuffer(bytearray(game.mask_bytes()), dtype=np.int8)
            return mask
        return np.zeros(self.space.size, dtype=np.int8)

    def _observation(self) -> Observation:
        game = self._game()
        prefix = game.prefix if game.actor == self.seat else ()
        raw = self._vector(game.state, self.episode.seat_totals(), prefix)
        vector: npt.NDArray[np.float32] = np.frombuffer(bytearray(raw), dtype=np.float32)
        return vector if self._flat else shaped(self.layout, self.observation, vector)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}


def _register() -> None:
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID, entry_point=f"{__name__}:Rummy500Env", max_episode_steps=1_000
        )
    if MATCH_ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=MATCH_ENV_ID,
            entry_point=f"{__name__}:Rummy500Env",
            max_episode_steps=30_000,
            kwargs={"episode": "match"},
        )


_register()

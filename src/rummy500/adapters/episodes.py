"""Episodes of the environments: one hand or a whole match, and the rewards they pay.

Every environment takes the same two options:

- ``reward``: what a seat is paid when a hand ends.

  - ``"zero_sum"`` (the default): the seat's hand score minus the mean of
    the other seats' scores, divided by :func:`reward_scale` (the points of
    the deck's cards over the number of players), which puts most hands
    within about ±1.  The rewards of the seats sum to 0 at every hand, so
    self-play algorithms see a zero-sum game.
  - ``"win"``: +1 for the seats of the side with the best score, -1 for the
    others, 0 for every side tied for the best (a hand episode); with
    ``episode="match"``, +1 for the seats of the side that wins the match
    and -1 for the others when the match ends, 0 at every other hand.
  - ``"score"``: the seat's hand score, as the rules count it.

  Under partnerships (V5) a seat's score is its side's.
- ``episode``: ``"hand"`` (an episode is one hand) or ``"match"`` (hands are
  dealt one after another until a side wins the match, G1–G4, each hand's
  rewards paid when it ends; :mod:`rummy500.match` deals and scores them).

>>> from rummy500 import new_game, presets
>>> from rummy500.adapters.actions import ActionSpace
>>> episode = Episode(ActionSpace(), reward="zero_sum")
>>> episode.start(seed=3, dealer=0)
>>> import random
>>> chooser = random.Random(3)
>>> while not episode.is_over:
...     paid = episode.step(chooser.choice(episode.game.legal_tokens()))
>>> round(sum(paid), 9), len(paid)
(0.0, 2)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import attrs

from rummy500._engine import new_game
from rummy500.adapters.actions import ActionSpace, TokenGame, check_choice
from rummy500.errors import InvalidArgumentError, shown
from rummy500.match import MatchState, apply_match_move, new_match
from rummy500.moves import Move
from rummy500.rules import Rules
from rummy500.seating import side_of
from rummy500.state import GameState, HandResult

__all__ = [
    "EPISODES",
    "REWARDS",
    "STEP_LIMITS",
    "DealerRotation",
    "Episode",
    "check_dealer",
    "check_episode",
    "check_reward",
    "hand_rewards",
    "reward_scale",
    "seat_scores",
    "step_limit",
]

#: The values of the ``reward`` option, the default first.
REWARDS = ("zero_sum", "win", "score")
#: The values of the ``episode`` option, the default first.
EPISODES = ("hand", "match")
#: The default step limit of an episode, in tokens (the environments truncate
#: an episode there): far above any hand of random tokens (under 600 with
#: five players), so only a policy that goes round in circles meets it.
STEP_LIMITS = {"hand": 2_000, "match": 60_000}


def check_reward(reward: Any) -> str:
    """``reward`` if it is one of :data:`REWARDS`.

    Raises:
        InvalidArgumentError: naming the value otherwise.
    """
    return check_choice("reward", reward, REWARDS)


def check_episode(episode: Any) -> str:
    """``episode`` if it is one of :data:`EPISODES`.

    Raises:
        InvalidArgumentError: naming the value otherwise.
    """
    return check_choice("episode", episode, EPISODES)


def step_limit(max_steps: Any, episode: str) -> int:
    """The step limit ``max_steps`` of an ``episode``, or its default (:data:`STEP_LIMITS`).

    Raises:
        InvalidArgumentError: for anything but a positive integer or ``None``.
    """
    if max_steps is None:
        return STEP_LIMITS[episode]
    if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
        raise InvalidArgumentError(
            f"max_steps must be a positive integer or None, got {shown(max_steps)}"
        )
    return max_steps


def check_dealer(dealer: Any, players: int) -> int | None:
    """``dealer`` if it is ``None`` (rotate) or a seat.

    Raises:
        InvalidArgumentError: naming the value otherwise.
    """
    if dealer is None:
        return None
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidArgumentError(
            f"dealer must be None (rotating) or a seat 0..{players - 1}, got {shown(dealer)}"
        )
    return dealer


def reward_scale(rules: Rules, players: int) -> float:
    """What ``"zero_sum"`` divides a score difference by: the deck's points over the players.

    >>> from rummy500 import Rules
    >>> reward_scale(Rules(), 2)
    213.0
    """
    table = rules.card_values.table
    points = sum(abs(table[card.code]) for card in rules.deck(players))
    return max(1.0, points / players)


def seat_scores(rules: Rules, players: int, result: HandResult) -> tuple[int, ...]:
    """Each seat's score for the hand: its own, or its side's under partnerships (V5)."""
    if rules.partnerships and result.team_scores:
        return tuple(result.team_scores[side_of(rules, players, seat)] for seat in range(players))
    return tuple(result.scores)


def hand_rewards(
    reward: str, rules: Rules, players: int, scores: Sequence[int]
) -> tuple[float, ...]:
    """Each seat's reward for a hand, from each seat's score (see the module's options).

    Args:
        reward: One of :data:`REWARDS`.
        rules: The rule set.
        players: The number of players.
        scores: Each seat's score for the hand (:func:`seat_scores`).

    >>> from rummy500 import Rules
    >>> hand_rewards("zero_sum", Rules(), 2, (173, 181))
    (-0.03755868544600939, 0.03755868544600939)
    >>> hand_rewards("win", Rules(), 2, (173, 181)), hand_rewards("score", Rules(), 2, (173, 181))
    ((-1.0, 1.0), (173.0, 181.0))
    """
    if reward == "score":
        return tuple(float(score) for score in scores)
    if reward == "win":
        best = max(scores)
        tied = len(
            {side_of(rules, players, seat) for seat in range(players) if scores[seat] == best}
        )
        top = 0.0 if tied > 1 else 1.0
        return tuple(top if score == best else -1.0 for score in scores)
    total = sum(scores)
    scale = reward_scale(rules, players) * (players - 1)
    # The last seat's reward is minus the others' sum, added left to right as
    # a sum() of the rewards adds them: the rewards then sum to exactly 0.
    rewards = [(players * score - total) / scale for score in scores[:-1]]
    rewards.append(-sum(rewards))
    return tuple(rewards)


def match_win_rewards(match: MatchState) -> tuple[float, ...]:
    """+1 for the seats of the side that won ``match``, -1 for the others."""
    assert match.result is not None
    winners = match.result.seats
    return tuple(1.0 if seat in winners else -1.0 for seat in range(match.num_players))


class Episode:
    """A hand or a match played token by token, paying each seat its reward.

    The environments run one: :meth:`start` deals, :meth:`step`,
    :meth:`play` and :meth:`decline` act for :attr:`game`'s actor and return
    the rewards they pay (all 0 until a hand ends).  In a match the next hand
    is dealt as soon as one ends (:attr:`game` is then a new token game).

    Args:
        space: The action space (its rule set and players).
        reward: One of :data:`REWARDS`.
        episode: One of :data:`EPISODES`.

    Attributes:
        space: The action space.
        reward: The reward option.
        episode: The episode option.
        game: The current hand, played token by token.
        match: The match (``episode="match"``), else ``None``.
        hands: The number of hands finished in this episode.
    """

    __slots__ = ("_no_totals", "_zeros", "episode", "game", "hands", "match", "reward", "space")

    def __init__(self, space: ActionSpace, reward: str = "zero_sum", episode: str = "hand") -> None:
        self.space = space
        self.reward = check_reward(reward)
        self.episode = check_episode(episode)
        self._zeros = (0.0,) * space.players
        self._no_totals = (0,) * space.players
        self.match: MatchState | None = None
        self.hands = 0
        self.game: TokenGame

    def start(self, seed: int, dealer: int, state: GameState | None = None) -> None:
        """Deal the first hand from ``seed`` (or start from ``state``) with ``dealer`` dealing."""
        rules, players = self.space.rules, self.space.players
        self.hands = 0
        if self.episode == "match":
            match = new_match(rules, players, seed=seed, dealer=dealer)
            if state is not None:
                match = attrs.evolve(match, hand=state)
            self.match = match
            state = match.hand
        elif state is None:
            state = new_game(rules, players, seed=seed, dealer=dealer)
        self.game = TokenGame(state, self.space)

    @property
    def is_over(self) -> bool:
        """Whether the episode is over: the hand, or the match, has ended."""
        return self.game.is_over

    def step(self, token: int) -> tuple[float, ...]:
        """Spell ``token`` for the actor (:meth:`TokenGame.step`); the rewards it pays."""
        game = self.game
        before = game.state
        move = game.spell_token(token) if type(token) is int else game.step(token)
        if move is None or game.actor is not None:  # most tokens: nothing paid
            return self._zeros
        return self.finish(before, move)

    def play(self, move: Move) -> tuple[float, ...]:
        """Make a whole move for the actor (:meth:`TokenGame.play`); the rewards it pays."""
        before = self.game.state
        self.game.play(move)
        return self.finish(before, move)

    def decline(self) -> tuple[float, ...]:
        """Let the actor's chance go by (:meth:`TokenGame.decline`): it pays nothing."""
        self.game.decline()
        return self._zeros

    @property
    def zeros(self) -> tuple[float, ...]:
        """Nothing paid to any seat."""
        return self._zeros

    def finish(self, before: GameState, move: Move | None) -> tuple[float, ...]:
        """The rewards paid once :attr:`game`'s actor made ``move`` in ``before``.

        Nothing unless the move ended the hand; then the hand's rewards (or,
        in a match, the next hand is dealt and the match's rewards paid at its end).
        """
        game = self.game
        if move is None or not game.is_over:
            return self._zeros
        result = game.state.result
        assert result is not None
        self.hands += 1
        rules, players = self.space.rules, self.space.players
        if self.match is None:
            return hand_rewards(self.reward, rules, players, seat_scores(rules, players, result))
        match = apply_match_move(attrs.evolve(self.match, hand=before), move)
        self.match = match
        if match.result is None:
            self.game = TokenGame(match.hand, self.space)
        if self.reward != "win":
            return hand_rewards(self.reward, rules, players, seat_scores(rules, players, result))
        return self._zeros if match.result is None else match_win_rewards(match)

    def seat_totals(self) -> tuple[int, ...]:
        """Each seat's match total before the current hand (its side's; all 0 in a hand episode)."""
        match = self.match
        if match is None:
            return self._no_totals
        rules, players = self.space.rules, self.space.players
        return tuple(match.totals[side_of(rules, players, seat)] for seat in range(players))


class DealerRotation:
    """Who deals each episode: a fixed seat, or a seat that rotates from a seeded start.

    With ``dealer=None`` the first episode after a seeded reset is dealt by a
    seat drawn from the environment's generator, and each later episode by
    the next seat, so over episodes every seat deals (and acts first) as
    often as the others.

    >>> import random
    >>> rotation = DealerRotation(None, 3)
    >>> rng = random.Random(1)
    >>> [rotation.next(rng) for _ in range(4)]
    [0, 1, 2, 0]
    """

    __slots__ = ("_next", "dealer", "players")

    def __init__(self, dealer: int | None, players: int) -> None:
        self.dealer = check_dealer(dealer, players)
        self.players = players
        self._next: int | None = None

    def reseed(self) -> None:
        """Start again from a seat drawn from the generator (after a seeded reset)."""
        self._next = None

    def next(self, rng: random.Random) -> int:
        """The dealer of the next episode."""
        if self.dealer is not None:
            return self.dealer
        if self._next is None:
            self._next = rng.randrange(self.players)
        dealer = self._next
        self._next = (dealer + 1) % self.players
        return dealer

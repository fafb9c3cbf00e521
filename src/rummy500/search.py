"""A search bot: determinized Monte Carlo search over the worlds a seat cannot tell apart.

:class:`SearchBot` looks ahead where :class:`~rummy500.bots.GreedyBot`
only rates the move in hand.  It searches the decisions that shape a hand
most: what to draw (the stock, or which cards of the pile, and how to meld
them), and whether to call "Rummy!" or let the chance go by; melds,
lay-offs and discards follow GreedyBot's heuristic (``search_plays=True``
searches them too).  At each searched decision with more than one option:

1. **Candidates.**  GreedyBot's move comes first; the best-ranked others by
   the rollout policy's heuristic follow, up to ``candidates`` moves (out of
   turn, letting the chance go by is one of them).
2. **Worlds.**  The cards the seat cannot see are dealt at random
   (:func:`rummy500.resample`): each *world* is a full state consistent
   with the seat's view, the known cards kept with their holders.
3. **Rollouts.**  In each world every candidate is played, then the hand is
   played out for every seat by a fast copy of GreedyBot's heuristic (the
   same weighing of a hand, each card's use read off its neighbours in the
   hand instead of the hand's melds; "Rummy!" called whenever possible),
   with the same random choices for every candidate: the comparisons are
   paired, so the luck of the deal cancels out.  A rollout is worth the
   seat's score minus the best other score, plus ``win_bonus`` for winning
   the hand (going out, or the single best score) or minus it for losing
   it; with a ``horizon`` it stops early and the hands are valued by their
   dead weight.
4. **Choice.**  The candidate with the best mean wins if it beats
   GreedyBot's move by ``confidence`` standard errors of the paired
   differences; else GreedyBot's move stands.

The budget is a number of rollouts per decision (``iterations``:
deterministic for a seed) or a time per decision (``time_limit``: not
reproducible).  Rollouts go straight through :func:`rummy500.legal_moves`
and :func:`rummy500.apply_move` on immutable states: nothing is copied.

>>> from rummy500 import new_game, observe, play_hand, GreedyBot
>>> bot = SearchBot(iterations=24, seed=1)
>>> str(bot.choose(observe(new_game(seed=7), 1)))
'p1: draw'
>>> final = play_hand(new_game(seed=3), [SearchBot(iterations=8, seed=1), GreedyBot(seed=2)])
>>> final.is_over
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

import attrs

from rummy500._engine import RolloutPolicy, apply_move, legal_moves, play_of, rollout_move
from rummy500.bots import GreedyBot
from rummy500.errors import InvalidArgumentError
from rummy500.moves import (
    Move,
)
from rummy500.rules import Rules
from rummy500.seating import side_of
from rummy500.state import GameState, HandResult, Phase
from rummy500.views import PlayerView, resample

__all__ = ["SearchBot", "rollout_move"]


def _seat_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """The legal moves of one seat."""
    return legal_moves(state, seat=seat)


# ---------------------------------------------------------------------------
# The bot


def _generator(bot: SearchBot) -> random.Random:
    return random.Random(f"rummy500 search bot {bot.seed}")


def _check_budget(instance: Any, attribute: attrs.Attribute[Any], value: Any) -> None:
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
        raise InvalidArgumentError(f"{attribute.name} must be positive or None, got {value!r}")


@attrs.frozen
class SearchBot:
    """A bot that searches: candidates tried in sampled worlds, played out by fast rollouts.

    See the module's description for the method.  It is the strongest bot
    of the library (``benchmarks/bench_search.py`` measures it against
    GreedyBot).

    Attributes:
        iterations: Rollouts per searched decision (shared by the
            candidates); with ``time_limit`` ``None`` the bot is
            deterministic for its seed.
        time_limit: Seconds per searched decision instead of ``iterations``.
        seed: The seed of the bot's own random generator (and of its GreedyBot).
        candidates: How many moves a decision compares, GreedyBot's included.
        win_bonus: What winning the hand is worth in a rollout, in points,
            beside the score difference.  A larger bonus wins more hands
            and scores fewer points: against GreedyBot, at 400 rollouts per
            decision, 100 won 65% of the hands with 2 points less per hand,
            40 won 60% with 3 points more.
        confidence: How many standard errors a candidate must beat
            GreedyBot's move by to be chosen instead.
        horizon: Moves a rollout plays before it stops and values the
            hands as they stand; ``None``: to the end of the hand.
        search_plays: Whether to search the play phase too (melds, lay-offs,
            discards); by default those follow GreedyBot.
        max_rollout_moves: A rollout longer than this stops (a safeguard;
            hands end long before).
    """

    iterations: int | None = attrs.field(default=200, validator=_check_budget)
    time_limit: float | None = attrs.field(default=None, validator=_check_budget)
    seed: int = 0
    candidates: int = 4
    win_bonus: float = 40.0
    confidence: float = 1.0
    horizon: int | None = attrs.field(default=None, validator=_check_budget)
    search_plays: bool = False
    max_rollout_moves: int = 600
    _random: random.Random = attrs.field(
        init=False,
        default=attrs.Factory(_generator, takes_self=True),
        eq=False,
        repr=False,
    )
    _greedy: GreedyBot = attrs.field(
        init=False,
        default=attrs.Factory(lambda bot: GreedyBot(seed=bot.seed), takes_self=True),
        eq=False,
        repr=False,
    )

    def __attrs_post_init__(self) -> None:
        if self.iterations is None and self.time_limit is None:
            raise InvalidArgumentError("give a budget: iterations or time_limit")
        if self.candidates < 1:
            raise InvalidArgumentError(f"candidates must be 1 or more, got {self.candidates}")

    def choose(self, view: PlayerView) -> Move | None:
        """The move the search finds best (or ``None`` to let a chance to act go by)."""
        moves = view.legal_moves
        if not moves:
            return None
        options: list[Move | None] = list(moves)
        if not view.is_my_turn:
            options.append(None)
        if len(options) == 1:
            return options[0]
        if not self.search_plays and view.phase is not Phase.DRAW:
            return self._greedy.choose(view)
        rng = random.Random(self._random.getrandbits(64))
        policy = RolloutPolicy(view.rules)
        shortlist = self._shortlist(view, policy, rng)
        if len(shortlist) == 1:
            return shortlist[0]
        return self._compare(view, shortlist, policy, rng)

    def _shortlist(
        self, view: PlayerView, policy: RolloutPolicy, rng: random.Random
    ) -> list[Move | None]:
        """The candidates: GreedyBot's move first, then the rollout policy's best others."""
        default = self._greedy.choose(view)
        moves = list(view.legal_moves)
        if view.is_my_turn:
            world = resample(view, rng)
            ranked: list[Move | None] = [move for _score, move in policy.rank_moves(world, moves)]
        else:
            ranked = [None, *sorted(moves, key=lambda move: -len(play_of(move)))]
        chosen = [default]
        for move in ranked:
            if len(chosen) >= self.candidates:
                break
            if move not in chosen:
                chosen.append(move)
        return chosen

    def _compare(
        self,
        view: PlayerView,
        shortlist: list[Move | None],
        policy: RolloutPolicy,
        rng: random.Random,
    ) -> Move | None:
        """Paired rollouts of every candidate; the best if it clearly beats the first."""
        values: list[list[float]] = [[] for _ in shortlist]
        if self.time_limit is not None:
            end = time.perf_counter() + self.time_limit
            while len(values[0]) < 2 or time.perf_counter() < end:
                self._play_world(view, shortlist, policy, rng, values)
        else:
            for _ in range(max(2, (self.iterations or 0) // len(shortlist))):
                self._play_world(view, shortlist, policy, rng, values)
        means = [sum(row) / len(row) for row in values]
        best = max(range(len(shortlist)), key=lambda index: (means[index], -index))
        if best == 0:
            return shortlist[0]
        gains = [mine - first for mine, first in zip(values[best], values[0], strict=True)]
        mean = sum(gains) / len(gains)
        spread = math.sqrt(sum((gain - mean) ** 2 for gain in gains) / (len(gains) - 1))
        if mean > 0 and mean >= self.confidence * spread / math.sqrt(len(gains)):
            return shortlist[best]
        return shortlist[0]

    def _play_world(
        self,
        view: PlayerView,
        shortlist: list[Move | None],
        policy: RolloutPolicy,
        rng: random.Random,
        values: list[list[float]],
    ) -> None:
        """One new world, every candidate played in it with the same rollout seed."""
        world = resample(view, rng)
        seed = rng.getrandbits(64)
        for index, candidate in enumerate(shortlist):
            values[index].append(self._rollout(view.seat, world, candidate, seed, policy))

    def _rollout(
        self,
        seat: int,
        world: GameState,
        first: Move | None,
        seed: int,
        policy: RolloutPolicy,
    ) -> float:
        """Play ``first`` (``None``: let the chance go by) in ``world``, then the policy."""
        rng = random.Random(seed)
        state = world
        if first is not None:
            state = apply_move(state, first)
        else:  # the seat lets its chance go by: the seat to move moves, without any call
            mover = state.to_move
            own = _seat_moves(state, mover)
            state = apply_move(state, policy.choose(state, own, rng))
        limit = self.max_rollout_moves if self.horizon is None else self.horizon
        for _ in range(limit):
            if state.is_over:
                break
            state = apply_move(state, policy.choose(state, legal_moves(state), rng))
        return self._value(state, seat, policy)

    def _value(self, state: GameState, seat: int, policy: RolloutPolicy) -> float:
        """A rollout's worth to ``seat``: the score lead, and the win bonus."""
        rules = state.rules
        players = state.num_players
        if state.result is not None:
            scores: list[float] = list(_side_scores(rules, players, state.result))
        else:  # a rollout cut short: the table, less the hands as they stand
            scores = policy.estimate(state)
        mine = side_of(rules, players, seat)
        best_other = max(score for side, score in enumerate(scores) if side != mine)
        value = scores[mine] - best_other
        winner = _winning_side(rules, players, state.result, scores)
        if winner is not None:
            value += self.win_bonus if winner == mine else -self.win_bonus
        return value


def _side_scores(rules: Rules, players: int, result: HandResult) -> list[int]:
    if rules.partnerships and result.team_scores:
        return list(result.team_scores)
    return list(result.scores)


def _winning_side(
    rules: Rules, players: int, result: HandResult | None, scores: list[float]
) -> int | None:
    if result is not None and result.went_out is not None:
        return side_of(rules, players, result.went_out)
    if result is None:
        return None
    best = max(scores)
    leaders = [side for side, score in enumerate(scores) if score == best]
    return leaders[0] if len(leaders) == 1 else None

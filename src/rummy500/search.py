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
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from rummy500._engine import apply_move, legal_moves, playable_on_table, table_points
from rummy500.bots import GreedyBot
from rummy500.cards import JOKER_CODE
from rummy500.errors import InvalidArgumentError
from rummy500.memo import store
from rummy500.moves import (
    CallRummy,
    Discard,
    Draw,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Pass,
    Take,
)
from rummy500.rules import Ace, Rules
from rummy500.seating import side_of, sides
from rummy500.state import GameState, HandResult, JokerEffect, Phase, TableMeld, polling_order
from rummy500.views import PlayerView, resample

__all__ = ["SearchBot", "rollout_move"]


def _seat_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """The legal moves of one seat."""
    return legal_moves(state, seat=seat)


# ---------------------------------------------------------------------------
# The rollout policy: a fast greedy player
#
# It rates cards and moves as GreedyBot does (a hand's *potential*: its
# cards' values weighted by use, deadwood counting against), but rates each
# card by its neighbours in the hand instead of listing the hand's melds.


def _play_value(values: Sequence[int], play: MeldMove | LayoffMove) -> int:
    return sum(values[spec.card.code] for spec in play.cards)


# Weights of a card's value in a hand's potential, by use (as GreedyBot weighs them).
_IN_MELD, _LAYS_OFF, _PARTNER, _DEADWOOD = 0.8, 0.8, 0.2, -1.0
_WILD_JOKER, _TAME_JOKER = 1.0, 0.2


class _Hand:
    """What the rollout policy knows of one hand of cards: counts by rank, ranks by suit.

    ``masks[suit]`` has bit ``rank`` set for each rank of that suit held.
    """

    __slots__ = ("codes", "jokers", "masks", "ranks")

    def __init__(self, codes: Sequence[int]) -> None:
        self.codes = codes
        self.jokers = 0
        self.ranks = [0] * 13
        self.masks = [0, 0, 0, 0]
        for code in codes:
            if code == JOKER_CODE:
                self.jokers += 1
            else:
                rank = code % 13
                self.ranks[rank] += 1
                self.masks[code // 13] |= 1 << rank

    def partners(self, code: int, wild: bool, wrap: bool, held: bool = True) -> tuple[bool, bool]:
        """Whether natural card ``code`` is in a meld of this hand, and whether it has a partner.

        A meld: two more of its rank, or two neighbours in its suit making a
        run of three (a wild joker may stand for one of them).  A partner:
        one more of its rank, or a card of its suit within two ranks.
        ``held``: whether ``code`` is one of the hand's cards (else the
        question is about the hand with the card added).
        """
        rank = code % 13
        mask = self.masks[code // 13]
        if wrap:  # bit i: the rank i above (12 and 11: one and two below)
            near = ((mask >> rank) | (mask << (13 - rank))) & 0x1FFF
            below2, below1 = near >> 11 & 1, near >> 12 & 1
        else:  # bit j: the rank j - 2 above
            near = (mask << 2) >> rank
            below2, below1 = near & 1, near >> 1 & 1
            near >>= 2
        above1, above2 = near >> 1 & 1, near >> 2 & 1
        jokers = self.jokers if wild else 0
        same = self.ranks[rank] - held
        close = below1 | below2 | above1 | above2
        in_meld = (
            same + jokers >= 2
            or (below1 and (below2 or above1))
            or (above1 and above2)
            or (close and jokers > 0)
        )
        return bool(in_meld), bool(same >= 1 or close or jokers > 0)


class _Policy:
    """The fast greedy policy of the rollouts (and the ranking of a seat's candidates)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.values = rules.card_values.table
        self.wrap = rules.ace is Ace.AROUND_THE_CORNER
        # Per table (by identity; the table is kept alive with its answers):
        # whether each card lays off on it.
        self._tables: dict[int, tuple[tuple[TableMeld, ...], dict[tuple[int, bool], bool]]] = {}
        # Per table meld (melds outlive the tables that hold them).
        self._fits: dict[tuple[tuple[int, ...], int, bool], bool] = {}

    def on_table(self, melds: tuple[TableMeld, ...], code: int, wild: bool) -> bool:
        """Whether card ``code`` lays off on a table meld (cached per table and per meld)."""
        if not melds:
            return False
        entry = self._tables.get(id(melds))
        if entry is None or entry[0] is not melds:
            entry = store(self._tables, id(melds), (melds, {}), 256)
        answers = entry[1]
        key = (code, wild)
        found = answers.get(key)
        if found is None:
            found = answers[key] = any(
                self._fits_meld(table_meld, code, wild) for table_meld in melds
            )
        return found

    def _fits_meld(self, table_meld: TableMeld, code: int, wild: bool) -> bool:
        key = (table_meld.meld.codes, code, wild)
        found = self._fits.get(key)
        if found is None:
            found = playable_on_table(self.rules, (table_meld,), code, wild)
            store(self._fits, key, found, 1 << 14)
        return found

    def potential(self, state: GameState, codes: Sequence[int], hand: _Hand | None = None) -> float:
        """The worth of the hand ``codes``: each card's value weighted by its use."""
        if hand is None:
            hand = _Hand(codes)
        wild = state.jokers_wild
        tame = not _tamed(state.joker_effect)
        melds = state.melds
        values = self.values
        wrap = self.wrap
        total = 0.0
        for code in codes:
            if code == JOKER_CODE:
                weight = _WILD_JOKER if wild else _TAME_JOKER if state.joker_effect else _DEADWOOD
            else:
                in_meld, partner = hand.partners(code, wild, wrap)
                if in_meld:
                    weight = _IN_MELD
                elif self.on_table(melds, code, tame):
                    weight = _LAYS_OFF
                else:
                    weight = _PARTNER if partner else _DEADWOOD
            total += weight * values[code]
        return total

    def draw_gain(self, state: GameState, codes: list[int], hand: _Hand, base: float) -> float:
        """The expected change of potential of a stock draw (over the stock's cards)."""
        stock = Counter(card.code for card in state.stock)
        total = sum(stock.values())
        if not total:
            return 0.0
        values = self.values
        tame = not _tamed(state.joker_effect)
        gain = 0.0
        for code, count in stock.items():
            if code != JOKER_CODE and not hand.jokers:
                _in_meld, partner = hand.partners(code, False, self.wrap, held=False)
                if not partner:  # alone: it changes no other card's use
                    weight = _LAYS_OFF if self.on_table(state.melds, code, tame) else _DEADWOOD
                    gain += count * weight * values[code]
                    continue
            gain += count * (self.potential(state, [*codes, code]) - base)
        return gain / total

    def draw_scores(self, state: GameState, moves: Sequence[Move]) -> list[tuple[float, Move]]:
        """The seat's draw-phase moves with their gains (GreedyBot's rule, by potential).

        A take gains the points of its meld and the change of potential; the
        top card alone is taken only if it melds or lays off at once.
        """
        codes = [card.code for card in state.hands[state.to_move]]
        hand = _Hand(codes)
        base = self.potential(state, codes, hand)
        scored: list[tuple[float, Move]] = []
        for move in moves:
            if isinstance(move, Draw):
                score = self.draw_gain(state, codes, hand, base)
            elif isinstance(move, Take):
                taken = [card.code for card in state.discard[-move.count :]]
                if move.play is None:
                    if not self._melds_at_once(state, hand, taken[-1]):
                        continue
                    score = self.potential(state, [*codes, taken[-1]]) - base
                else:
                    after = _without([*codes, *taken], move.play)
                    points = _play_value(self.values, move.play)
                    score = points + self.potential(state, after) - base
            else:
                score = self.score(state, hand, move)
            scored.append((score, move))
        return scored

    def _melds_at_once(self, state: GameState, hand: _Hand, code: int) -> bool:
        if code == JOKER_CODE:
            return state.jokers_wild
        in_meld, _partner = hand.partners(code, state.jokers_wild, self.wrap, held=False)
        return in_meld or self.on_table(state.melds, code, not _tamed(state.joker_effect))

    def keep_score(self, state: GameState, hand: _Hand, code: int) -> float:
        """How much the seat wants to keep card ``code`` (low: discard it first)."""
        wild = state.jokers_wild
        if code == JOKER_CODE:
            return 100.0 if wild else 5.0
        in_meld, partner = hand.partners(code, wild, self.wrap)
        score = 60.0 if in_meld else 20.0 if partner else 0.0
        if self.on_table(state.melds, code, not _tamed(state.joker_effect)):
            score += 40.0  # it lays off: keep it, and do not feed it to the next seat
        return score - self.values[code] / 100.0

    def score(self, state: GameState, hand: _Hand, move: Move) -> float:
        """The policy's score of a move of the seat to move, outside the draw (higher: better)."""
        if isinstance(move, Discard):
            return -self.keep_score(state, hand, move.card.code)
        if isinstance(move, (MeldMove, LayoffMove)):
            after = _without(hand.codes, move)
            return 1000.0 + _play_value(self.values, move) + self.potential(state, after)
        if isinstance(move, CallRummy):
            return 500.0 + _play_value(self.values, move.play)
        if isinstance(move, Draw):
            return 0.0
        if isinstance(move, Nominate):
            return 1.0 if move.effect is JokerEffect.WILD else 0.0
        if isinstance(move, Pass):
            return -1.0
        return -2.0

    def scores(self, state: GameState, moves: Sequence[Move]) -> list[tuple[float, Move]]:
        """The seat to move's moves with the policy's scores (takes that meld nothing: left out)."""
        if state.phase is Phase.DRAW:
            return self.draw_scores(state, moves)
        hand = _Hand([card.code for card in state.hands[state.to_move]])
        return [(self.score(state, hand, move), move) for move in moves]

    def rank_moves(self, state: GameState, moves: Sequence[Move]) -> list[tuple[float, Move]]:
        """The moves of the seat to move, best first, with the policy's scores."""
        scored = self.scores(state, moves)
        scored.sort(key=lambda item: -item[0])
        return scored

    def estimate(self, state: GameState) -> list[float]:
        """Each side's score if the hand went on well: the table, less the hands' dead weight.

        A card of a meld in hand counts nothing (it will be melded), a card
        with a partner half its value, deadwood its whole value, a wild joker
        nothing.
        """
        rules = state.rules
        players = state.num_players
        points = table_points(state.melds, rules, players)
        values = self.values
        wild = state.jokers_wild
        totals = [float(value) for value in points]
        for seat, cards in enumerate(state.hands):
            hand = _Hand([card.code for card in cards])
            for code in hand.codes:
                if code == JOKER_CODE:
                    weight = 0.0 if wild else 1.0
                else:
                    in_meld, partner = hand.partners(code, wild, self.wrap)
                    weight = 0.0 if in_meld else 0.5 if partner else 1.0
                totals[seat] -= weight * values[code]
        return [sum(totals[seat] for seat in side) for side in sides(rules, players)]

    def choose(self, state: GameState, moves: Sequence[Move], rng: random.Random) -> Move:
        """The policy's move among all the legal ``moves`` of ``state``."""
        mover = state.to_move
        own: list[Move] = []
        calls: dict[int, list[CallRummy]] = {}
        plays: list[MeldMove | LayoffMove] = []
        for move in moves:
            if move.player == mover:
                own.append(move)
                if isinstance(move, (MeldMove, LayoffMove)):
                    plays.append(move)
            elif isinstance(move, CallRummy):
                calls.setdefault(move.player, []).append(move)
        if calls:
            for seat in polling_order(state):
                if seat in calls:
                    return max(calls[seat], key=lambda call: len(call.play.cards))
        if len(own) == 1:
            return own[0]
        if plays:  # meld and lay off first: the most points and potential left
            own = list(plays)
        scored = self.scores(state, own)
        if not scored:  # no take melds at once: draw (or whatever is left)
            scored = [(0.0, move) for move in own if isinstance(move, Draw)] or [(0.0, own[0])]
        top = max(score for score, _move in scored)
        best = [move for score, move in scored if score == top]
        return best[0] if len(best) == 1 else rng.choice(best)


def _without(codes: Sequence[int], play: MeldMove | LayoffMove) -> list[int]:
    """The card codes left of ``codes`` after ``play`` (a doubled meld spends a joker too).

    A card of the play not in ``codes`` is the dealer's joker (V7), never in hand.
    """
    rest = list(codes)
    spent = [spec.card.code for spec in play.cards]
    if isinstance(play, MeldMove) and play.doubled:
        spent.append(JOKER_CODE)
    for code in spent:
        if code in rest:
            rest.remove(code)
    return rest


def _play_of(move: Move) -> tuple[object, ...]:
    play = getattr(move, "play", None)
    return () if play is None else tuple(play.cards)


def _tamed(effect: JokerEffect | None) -> bool:
    return effect is JokerEffect.DOUBLE or effect is JokerEffect.SPLIT


def rollout_move(state: GameState, rng: random.Random) -> Move:
    """The move the search's rollouts make in ``state`` (a fast greedy policy).

    The seats with a "Rummy!" call make it, the first in polling order.
    Else the seat to move weighs its hand as GreedyBot does (each card's
    value, weighted by its use: in a meld, laying off, beside a partner,
    or deadwood, which counts against): it draws from the stock or takes
    from the pile, whichever gains the most (a take: its meld's points and
    the change of weight; the stock: the change expected over its cards);
    melds and lays off while it can, the play that keeps the most weight;
    and discards the card it needs least.
    """
    return _Policy(state.rules).choose(state, legal_moves(state), rng)


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
        policy = _Policy(view.rules)
        shortlist = self._shortlist(view, policy, rng)
        if len(shortlist) == 1:
            return shortlist[0]
        return self._compare(view, shortlist, policy, rng)

    def _shortlist(
        self, view: PlayerView, policy: _Policy, rng: random.Random
    ) -> list[Move | None]:
        """The candidates: GreedyBot's move first, then the rollout policy's best others."""
        default = self._greedy.choose(view)
        moves = list(view.legal_moves)
        if view.is_my_turn:
            world = resample(view, rng)
            ranked: list[Move | None] = [move for _score, move in policy.rank_moves(world, moves)]
        else:
            ranked = [None, *sorted(moves, key=lambda move: -len(_play_of(move)))]
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
        policy: _Policy,
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
        policy: _Policy,
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
        policy: _Policy,
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

    def _value(self, state: GameState, seat: int, policy: _Policy) -> float:
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

"""Computer players, and a driver that plays a hand with one bot per seat.

A bot sees only its seat's :class:`~rummy500.views.PlayerView` (see
:mod:`rummy500.views`) and returns one of the view's legal moves, or
``None`` to let a chance to act go by.  Two bots come with the library:

- :class:`RandomBot` picks uniformly among its legal moves;
- :class:`GreedyBot` melds and lays off as many points as it can, takes from
  the pile what it can meld at once when that beats drawing blind, and
  discards its least useful card.

Both are deterministic given their ``seed``: each draws its random choices
from its own generator, so two bots made with the same seed and shown the
same views make the same moves (a bot is a player with a memory: reuse one
and it goes on drawing from its generator).  :func:`play_hand` plays a hand
to the end:

>>> from rummy500 import new_game
>>> from rummy500.bots import GreedyBot, RandomBot, play_hand
>>> final = play_hand(new_game(seed=1), [GreedyBot(seed=1), RandomBot(seed=2)])
>>> final.is_over, final.result.scores, final.result.went_out
(True, (174, 5), 0)
>>> play_hand(new_game(seed=1), [GreedyBot(seed=1), RandomBot(seed=2)]) == final
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import attrs

from rummy500._engine import apply_move, playable_on_table
from rummy500._engine import legal_moves as all_legal_moves
from rummy500.cards import JOKER, JOKER_CODE, Card
from rummy500.errors import InvalidArgumentError, MoveLimitError
from rummy500.meldlist import enumerate_melds
from rummy500.melds import layoff, make_meld, meld_points, meld_value
from rummy500.moves import (
    Block,
    CallRummy,
    Discard,
    Draw,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Split,
    Take,
)
from rummy500.rules import Ace, RummyCall
from rummy500.state import GameState, JokerEffect, Phase, jokers_tamed, polling_order
from rummy500.statevalues import HandResult
from rummy500.views import KnownCards, PlayerView, make_view, resample, track

if TYPE_CHECKING:
    from rummy500.match import MatchResult

__all__ = [
    "Bot",
    "GreedyBot",
    "RandomBot",
    "Step",
    "iter_hand",
    "play_hand",
    "tell_hand_end",
    "tell_match_end",
]


@runtime_checkable
class Bot(Protocol):
    """A computer player: anything with a ``choose`` method.

    Write your own by defining ``choose``; no base class is needed.
    """

    def choose(self, view: PlayerView) -> Move | None:
        """The move to make, one of ``view.legal_moves``; or ``None`` to let it go by.

        A bot is asked only when its seat has legal moves.  It may return
        ``None`` (decline a "Rummy!" call or an out-of-turn meld) only when
        its seat is not the one to move (``view.is_my_turn`` is false).
        """
        ...  # pragma: no cover - a protocol method has no body


def _generator(bot: RandomBot | GreedyBot) -> random.Random:
    return random.Random(f"rummy500 bot {bot.seed}")


@attrs.frozen
class RandomBot:
    """A bot that picks uniformly at random among its legal moves.

    A seat that is not to move (it could call "Rummy!" or meld out of turn)
    counts "let it go by" (``None``) as one more choice.

    Attributes:
        seed: The seed of the bot's own random generator: two bots made
            with the same seed and shown the same views make the same moves.

    >>> from rummy500 import new_game
    >>> from rummy500.views import observe
    >>> view = observe(new_game(seed=7), 1)
    >>> str(RandomBot(seed=3).choose(view)) in ("p1: draw", "p1: take 1")
    True
    >>> RandomBot(seed=3).choose(view) == RandomBot(seed=3).choose(view)
    True
    """

    seed: int = 0
    _random: random.Random = attrs.field(
        init=False,
        default=attrs.Factory(_generator, takes_self=True),
        eq=False,
        repr=False,
    )

    def choose(self, view: PlayerView) -> Move | None:
        """A uniformly random legal move (or ``None``, for a seat not to move)."""
        if not view.legal_moves:
            return None
        options: list[Move | None] = list(view.legal_moves)
        if not view.is_my_turn:
            options.append(None)
        return self._random.choice(options)


# ---------------------------------------------------------------------------
# GreedyBot's evaluation


# Weights of a card's value in GreedyBot's hand potential, by how useful the card is.
_JOKER, _IN_MELD, _LAYS_OFF, _PARTIAL, _DEADWOOD = 4, 3, 2, 1, 0
_WEIGHT = {_JOKER: 1.0, _IN_MELD: 0.8, _LAYS_OFF: 0.8, _PARTIAL: 0.2, _DEADWOOD: -1.0}
# A play in the turn is always made before discarding.
_PLAY_FIRST = 1000.0


class _Evaluator:
    """GreedyBot's evaluation of hands, plays and discards within one view."""

    def __init__(self, view: PlayerView) -> None:
        self.view = view
        self.rules = view.rules
        self.values = view.rules.card_values.table
        self.wild = view.jokers_wild
        self._lays_off: dict[int, bool] = {}
        self._hand_tiers: list[int] | None = None

    def lays_off(self, code: int) -> bool:
        """Whether the card ``code`` alone fits a table meld (cached for the view)."""
        found = self._lays_off.get(code)
        if found is None:
            found = self._lays_off[code] = playable_on_table(
                self.rules, self.view.melds, code, not jokers_tamed(self.view.joker_effect)
            )
        return found

    def tiers(self, hand: Sequence[Card]) -> list[int]:
        """How useful each card of ``hand`` is, in order: joker, in a meld, … deadwood."""
        meldable = (
            hand
            if self.wild or self.view.joker_effect is None
            else [card for card in hand if not card.is_joker]
        )
        in_meld = {
            card.code for meld in enumerate_melds(meldable, self.rules) for card in meld.cards
        }
        codes = [card.code for card in hand]
        tiers = []
        for code in codes:
            if code == JOKER_CODE and self.wild:
                tiers.append(_JOKER)
            elif code == JOKER_CODE and self.view.joker_effect is not None:
                tiers.append(_PARTIAL)  # it may double a meld, split the pile or block
            elif code in in_meld:
                tiers.append(_IN_MELD)
            elif self.view.melds and self.lays_off(code):
                tiers.append(_LAYS_OFF)
            elif self._partial(code, codes):
                tiers.append(_PARTIAL)
            else:
                tiers.append(_DEADWOOD)
        return tiers

    def _partial(self, code: int, codes: list[int]) -> bool:
        """Whether another card of the hand could join ``code`` in a group or a run."""
        if code == JOKER_CODE:
            return codes.count(JOKER_CODE) > 1
        suit, rank = divmod(code, 13)
        reach = self.rules.min_run_length - 1
        for other in codes:
            if other in (JOKER_CODE, code):
                continue
            other_suit, other_rank = divmod(other, 13)
            if other_suit != suit:
                if other_rank == rank:
                    return True
                continue
            gap = abs(other_rank - rank)
            if self.rules.ace is Ace.AROUND_THE_CORNER:
                gap = min(gap, 13 - gap)
            elif self.rules.ace is Ace.LOW_OR_HIGH and 0 in (rank, other_rank):
                gap = min(gap, 13 - gap)  # the ace high: Q-K-A
            if gap <= reach:
                return True
        return False

    def potential(self, hand: Sequence[Card]) -> float:
        """The hand's worth: useful cards count for their value, deadwood against it."""
        values = self.values
        return sum(
            values[card.code] * _WEIGHT[tier]
            for card, tier in zip(hand, self.tiers(hand), strict=True)
        )

    def play_points(self, play: MeldMove | LayoffMove) -> int:
        """The points a play puts on the table (S1)."""
        values = self.rules.card_values
        if isinstance(play, MeldMove):
            return meld_value(make_meld(play.cards, self.rules), values) * (
                2 if play.doubled else 1
            )
        before = self.view.melds[play.target].meld
        after = layoff(before, play.cards, self.rules)
        return sum(meld_points(after, values)) - sum(meld_points(before, values))

    def after(
        self, hand: Sequence[Card], gained: Sequence[Card], play: MeldMove | LayoffMove | None
    ) -> tuple[Card, ...]:
        """``hand`` with ``gained`` added and the cards of ``play`` removed."""
        cards = Counter(hand)
        cards.update(gained)
        if play is not None:
            cards.subtract(spec.card for spec in play.cards)
            if isinstance(play, MeldMove) and play.doubled:
                cards[JOKER] -= 1  # the doubling joker (or the dealer's joker, V7)
        return tuple(sorted(cards.elements()))

    def gain(
        self, gained: Sequence[Card], play: MeldMove | LayoffMove | None, base: float
    ) -> float:
        """Points of ``play`` plus the change of potential from the current hand (``base``)."""
        points = 0 if play is None else self.play_points(play)
        return points + self.potential(self.after(self.view.hand, gained, play)) - base

    def blind_draw(self, base: float) -> float:
        """The expected gain of drawing from the stock: the average over the unseen cards."""
        unseen = Counter(self.view.unseen)
        total = sum(unseen.values())
        if not total:
            return 0.0
        expected = (
            sum(count * self.gain((card,), None, base) for card, count in unseen.items()) / total
        )
        return expected * min(self.rules.stock_draw_count, self.view.stock_size)

    def move_score(self, move: Move, base: float) -> float:
        """GreedyBot's score of one legal move of its view (higher is better)."""
        view = self.view
        phase = view.phase
        if isinstance(move, CallRummy):
            if self.rules.rummy_call is RummyCall.LAYOFF_TOP:
                return float(self.play_points(move.play))
            return self.gain(view.discard[-move.count :], move.play, base)
        if isinstance(move, Take):
            if move.play is None and not self.melds_at_once(move):
                return -math.inf  # it never takes a card it cannot meld at once
            return self.gain(view.discard[-move.count :], move.play, base)
        if isinstance(move, Split):  # a take that spends a joker (V7)
            return self.gain(view.discard[-move.count :], move.play, base) - 1.0
        if isinstance(move, Nominate):
            return 1.0 if move.effect is JokerEffect.WILD else 0.0
        if isinstance(move, Block):
            return _PLAY_FIRST - 1 if not self.wild else -math.inf
        if isinstance(move, Draw):
            return self.blind_draw(base)
        if isinstance(move, (MeldMove, LayoffMove)):
            score = self.gain((), move, base)
            if view.is_my_turn and phase is not Phase.DRAW:
                score += _PLAY_FIRST
            return score
        if isinstance(move, Discard):
            return self.discard_score(move.card)
        return 0.0  # end the hand, or pass

    def melds_at_once(self, move: Take) -> bool:
        """Whether, after taking the top discard alone, the seat could meld or lay it off.

        The seat's own moves do not depend on the cards it cannot see, so any
        state consistent with the view (:func:`~rummy500.views.resample`)
        answers for all of them.
        """
        view = self.view
        card = view.discard[-1]
        after = apply_move(resample(view, random.Random(0)), move)
        return any(
            isinstance(play, (MeldMove, LayoffMove))
            and play.player == view.seat
            and any(spec.card == card for spec in play.cards)
            for play in all_legal_moves(after)
        )

    def discard_score(self, card: Card) -> float:
        """The least useful card scores highest; among equals, the highest in value."""
        hand = self.view.hand
        if self._hand_tiers is None:
            self._hand_tiers = self.tiers(hand)
        tier = self._hand_tiers[hand.index(card)]
        return -1000.0 * tier + self.values[card.code]


@attrs.frozen
class GreedyBot:
    """A bot that plays for points now, with a one-move look at its hand.

    The heuristic, move by move:

    - **Its hand.** Each card is rated by use: a wild joker; a card of a
      meld the hand can lay down; a card that fits a table meld; a card of a
      *partial* meld (a card of the same rank in another suit, or of the same
      suit within a run's reach); else *deadwood*.  The hand's *potential* is
      the sum of its card values weighted by that rating (deadwood counts
      against: it is what the hand loses if someone goes out).
    - **Drawing.** It takes from the pile only cards it can meld or lay off
      in the same turn (a deep take melds its deepest card at once; the top
      discard alone is taken only if a play could then use it).  Each such
      take scores the points of its meld plus the change of potential (the
      cards taken join the hand; deep takes bring deadwood too); a stock
      draw scores the expected change of potential over the cards the seat
      has not seen.  It makes the best; with an empty stock, a take must
      gain something or it ends the hand (or passes).  As every take leads
      to a play, two greedy bots can never pass cards back and forth
      through the pile for ever: each turn either draws from the stock or
      puts cards on the table, so every hand between them ends.
    - **Playing.** While it can meld or lay off it does so, choosing the play
      with the most points plus the potential of what stays in hand (so it
      does not break a group to lengthen a run when both can be melded).
    - **Discarding.** It discards its least useful card, the highest in
      value among equally useless ones: deadwood first, a joker last.
    - **Out of turn.** It calls "Rummy!" and melds out of turn (T9) when
      that gains something; it lays off all it can in the final lay-offs.

    - **Dealer's gambit (V7).** As dealer it nominates jokers ``wild``
      (without looking at its hand, as the rule wants); a doubled meld
      counts its doubled points, a split is a take that costs a joker, and
      when jokers are not wild it blocks the dealer's joker as soon as it
      holds a joker.

    It plays for its own points: with partnerships (V5) it pays no heed to
    its partner.  Ties are broken at random, from the bot's own generator.

    Attributes:
        seed: The seed of the bot's own random generator: two bots made
            with the same seed and shown the same views make the same moves.

    >>> from rummy500 import new_game
    >>> from rummy500.views import observe
    >>> GreedyBot().choose(observe(new_game(seed=7), 1))
    <Draw 'p1: draw'>
    """

    seed: int = 0
    _random: random.Random = attrs.field(
        init=False,
        default=attrs.Factory(_generator, takes_self=True),
        eq=False,
        repr=False,
    )

    def choose(self, view: PlayerView) -> Move | None:
        """The best legal move by the heuristic above (or ``None`` to let a chance go by)."""
        moves = view.legal_moves
        if not moves:
            return None
        evaluator = _Evaluator(view)
        base = evaluator.potential(view.hand)
        scored = [(evaluator.move_score(move, base), move) for move in moves]
        best = max(score for score, _move in scored)
        if not view.is_my_turn and best <= 0:
            return None
        top = [move for score, move in scored if score == best]
        if len(top) == 1:
            return top[0]
        return self._random.choice(top)


# ---------------------------------------------------------------------------
# Playing a hand


@attrs.frozen
class Step:
    """One move of a hand played by :func:`iter_hand`.

    Attributes:
        before: The state the move was made in.
        move: The move.
        after: The state after the move.
        known: The known cards after the move.
    """

    before: GameState
    move: Move
    after: GameState
    known: KnownCards


def iter_hand(
    state: GameState,
    bots: Sequence[Bot],
    known: KnownCards | None = None,
    *,
    max_moves: int | None = None,
) -> Iterator[Step]:
    """Play ``state`` to the end of the hand with one bot per seat, move by move.

    Each bot sees only its seat's view (:func:`rummy500.views.observe`, with
    the known cards tracked along the way).  Before every move:

    1. the seats that are not to move but have legal moves ("Rummy!" calls,
       out-of-turn melds and lay-offs) are asked first, in playing order from
       the seat after the one to move; the first bot that returns a move
       makes it (so the first call wins, as in R1), and a bot returns
       ``None`` to let its chance go by;
    2. if they all let it go by, the bot of the seat to move is asked, and
       must move.

    Args:
        state: The position to play from.
        bots: One bot per seat.
        known: The known cards of the hand so far (``None``: the state's
            own, :attr:`GameState.known <rummy500.state.GameState.known>`).
        max_moves: Stop with :class:`~rummy500.errors.MoveLimitError` after this many moves
            (``None``: no limit; every hand ends, T6).

    Yields:
        Each move with the states around it.

    Raises:
        InvalidArgumentError: for a wrong number of bots, a bot that returns a move its
            view does not offer, or the bot of the seat to move returning ``None``.
        MoveLimitError: after ``max_moves`` moves.
    """
    players = state.num_players
    if len(bots) != players:
        raise InvalidArgumentError(f"expected one bot per seat ({players}), got {len(bots)}")
    if known is None:
        known = KnownCards.start(state)
    played = 0
    while not state.is_over:
        if max_moves is not None and played >= max_moves:
            raise MoveLimitError(f"the hand did not end within {max_moves} moves")
        move = _next_move(state, bots, known)
        after = apply_move(state, move)
        known = track(known, state, move)
        yield Step(state, move, after, known)
        state = after
        played += 1


def _next_move(state: GameState, bots: Sequence[Bot], known: KnownCards) -> Move:
    by_seat: dict[int, list[Move]] = {}
    for move in all_legal_moves(state):
        by_seat.setdefault(move.player, []).append(move)
    mover = state.to_move
    if mover not in by_seat:
        raise AssertionError(f"the engine offers p{mover} no legal move: a dead end (N1)\n{state}")
    for seat in polling_order(state):
        if seat not in by_seat:
            continue
        offer = _ask(bots[seat], make_view(state, seat, known, tuple(by_seat[seat])))
        if offer is not None:
            return offer
        if seat == mover:
            raise InvalidArgumentError(f"the bot of p{mover} is to move and returned None")
    raise AssertionError("unreachable: the seat to move is asked last")


def _ask(bot: Bot, view: PlayerView) -> Move | None:
    move = bot.choose(view)
    if move is not None and move not in view.legal_moves:
        raise InvalidArgumentError(
            f"the bot of p{view.seat} chose {move}, which its view does not offer"
        )
    return move


def play_hand(
    state: GameState,
    bots: Sequence[Bot],
    known: KnownCards | None = None,
    *,
    max_moves: int | None = None,
) -> GameState:
    """Play ``state`` to the end of the hand with one bot per seat; the final state.

    The policy of who is asked to move is that of :func:`iter_hand`.

    Args:
        state: The position to play from.
        bots: One bot per seat.
        known: The known cards of the hand so far (``None``: the state's own).
        max_moves: Stop with :class:`~rummy500.errors.MoveLimitError` after this many moves.
    """
    for step in iter_hand(state, bots, known, max_moves=max_moves):
        state = step.after
    return state


def _seated(bots: Sequence[Bot] | Mapping[int, Bot]) -> Iterable[tuple[int, Bot]]:
    return bots.items() if isinstance(bots, Mapping) else enumerate(bots)


def tell_hand_end(
    bots: Sequence[Bot] | Mapping[int, Bot],
    result: HandResult,
    totals: tuple[int, ...] | None = None,
) -> None:
    """Tell each bot that listens (one with a ``hand_ended`` method) that its hand is over.

    A program bot (:class:`~rummy500.ProgramBot`) passes it on as the
    protocol's ``hand_end``; other bots need no such method.

    Args:
        bots: One bot per seat, or the bots by seat (``{seat: bot}``).
        result: The hand's result.
        totals: The match's totals after the hand (``None``: a hand alone).
    """
    for seat, bot in _seated(bots):
        told = getattr(bot, "hand_ended", None)
        if told is not None:
            told(seat, result, totals)


def tell_match_end(bots: Sequence[Bot] | Mapping[int, Bot], result: MatchResult) -> None:
    """Tell each bot that listens (one with a ``match_ended`` method) that its match is over.

    Args:
        bots: One bot per seat, or the bots by seat (``{seat: bot}``).
        result: The match's :class:`~rummy500.MatchResult`.
    """
    for seat, bot in _seated(bots):
        told = getattr(bot, "match_ended", None)
        if told is not None:
            told(seat, result)

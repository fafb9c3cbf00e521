"""An OpenSpiel game: one hand of 500 Rummy, registered as ``python_rummy500``.

Needs the ``openspiel`` extra (``pip install 'rummy500[openspiel]'``, the
PyPI package ``open-spiel``).  Importing this module registers the game:

>>> import pyspiel
>>> import rummy500.adapters.openspiel
>>> game = pyspiel.load_game("python_rummy500", {"preset": "wikipedia", "players": 3})
>>> game.num_players(), game.num_distinct_actions()
(3, 555)

Game parameters: ``preset`` (a preset name, default ``pagat``), ``rules``
(a rule set as JSON text: a preset name or ``{"preset": name, knob: value
…}``, as in positions; it overrides ``preset``), ``players`` (0: the fewest
the rules allow), ``dealer``, ``reward`` (``zero_sum``, the default, ``win``
or ``score``: :mod:`rummy500.adapters.episodes`), ``episode`` (``hand``, the
default, or ``match``: hands dealt by chance one after another until a side
wins, each hand's rewards paid when it ends), ``max_game_length`` (0: 2,000
decisions for a hand, 60,000 for a match) and ``observation`` (``compact``,
the default, or ``full``: :mod:`rummy500.adapters.encodings`).  :func:`load_game` takes a
:class:`~rummy500.Rules` and writes the JSON for you.

**Chance.**  The deal is a sequence of chance nodes, one card at a time in
the order the deck is dealt (D5): each outcome is a card code (0–52, the
joker 52) with the probability of its copies among the cards not dealt yet.
The stock's order is not dealt: each card drawn from the stock is a chance
node when it is drawn, over the cards left in the stock.  So search
algorithms see every bit of chance, where it happens.

**Actions** are the tokens of :mod:`rummy500.adapters.actions`: a move is
spelled over several decision nodes of the same player; seats with a move
out of turn are asked first and may ``decline``.  Returns come at the end
of the hand, as the ``reward`` parameter says: by default the zero-sum
reward (the hand score minus the mean of the others', scaled to about ±1;
the game's utility is then ``ZERO_SUM``).  The rules set no bound on the
length of a hand (the players could take and discard the same cards
forever), so the game declares one: a hand (or match) still going after
``max_game_length`` decisions ends there, that hand paying nothing.  That
is the true ``max_game_length()``.

**Observations.**  The observation tensor and string come from the
player's view (:func:`rummy500.observe`) and the tokens it has spelled
(:class:`~rummy500.adapters.compact.CompactLayout`, or with
``observation="full"`` :class:`~rummy500.adapters.observation.ObservationLayout`);
``state.observation_tensor()`` fills one observer the game keeps.  The
information state string adds the player's history: its own cards as dealt
and drawn, every public move, and its own declines; the information state
tensor adds to the observation tensor the cards each seat has discarded and
taken from the pile over the hand (public), the cards the player was dealt
and drew, and the decisions made so far over ``max_game_length``.  A state holds
no reference to the game, and copying it (``clone()``, which deep-copies)
shares the immutable positions.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any, cast

import attrs

import rummy500.presets as presets
from rummy500._engine import new_game, with_stock
from rummy500.adapters.actions import ActionSpace, TokenGame
from rummy500.adapters.encodings import Layout, make_layout
from rummy500.adapters.episodes import (
    STEP_LIMITS,
    check_episode,
    check_reward,
    hand_rewards,
    match_win_rewards,
    reward_scale,
    seat_scores,
)
from rummy500.adapters.history import HandHistory, HistoryLayout
from rummy500.adapters.observation import score_bound
from rummy500.adapters.seats import SeatEncoder
from rummy500.cards import JOKER, NUM_CODES, card_from_code
from rummy500.errors import InvalidArgumentError, Rummy500Error, shown
from rummy500.extras import requires
from rummy500.match import MatchState, apply_match_move
from rummy500.moves import Draw, Move
from rummy500.positions import rules_from_data, rules_to_data
from rummy500.rules import Rules
from rummy500.seating import side_of, sides
from rummy500.state import GameState

with requires("openspiel", __name__):
    import numpy as np
    import pyspiel

__all__ = [
    "GAME_NAME",
    "MAX_GAME_LENGTH",
    "Rummy500Game",
    "Rummy500Observer",
    "Rummy500State",
    "load_game",
]

#: OpenSpiel's ids of the chance player and of the end (``pyspiel.PlayerId.CHANCE``
#: and ``TERMINAL``, fixed by its C++ API): plain integers, so that the module
#: imports where pyspiel is only a stand-in (the docs' build); a test checks them.
_CHANCE = -1
_TERMINAL = -4
#: A log entry: the entries before it, who sees it (-1: every seat), a text or a move.
_Log = tuple[Any, int, Any] | None

#: The name the game is registered under.
GAME_NAME = "python_rummy500"
#: The default ``max_game_length`` of a hand (decision nodes): far above any
#: hand of random tokens (about 200 with two players, under 600 with five);
#: a hand still going after it ends there, paying nothing.  A match's is
#: 60,000.
MAX_GAME_LENGTH = STEP_LIMITS["hand"]

_DEFAULTS: dict[str, Any] = {
    "preset": "pagat",
    "rules": "",
    "players": 0,
    "dealer": 0,
    "reward": "zero_sum",
    "episode": "hand",
    "max_game_length": 0,
    "observation": "compact",
}

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python 500 Rummy (rummy500)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def load_game(
    rules: Rules | str | None = None,
    preset: str | None = None,
    players: int | None = None,
    dealer: int = 0,
    reward: str = "zero_sum",
    max_game_length: int = 0,
    observation: str = "compact",
    episode: str = "hand",
) -> pyspiel.Game:
    """``pyspiel.load_game("python_rummy500", …)`` for a rule set, preset and player count.

    ``rules`` may be a preset's name, and names are read in any case.
    """
    if rules is not None and preset is not None:
        raise InvalidArgumentError("give rules or preset, not both")
    params: dict[str, Any] = {
        "players": players or 0,
        "dealer": dealer,
        "reward": check_reward(reward),
        "episode": check_episode(episode),
        "max_game_length": max_game_length,
        "observation": observation,
    }
    if rules is not None:
        params["rules"] = json.dumps(rules_to_data(presets.as_rules(rules)))
    elif preset is not None:
        params["preset"] = presets.canonical_name(preset)
    return pyspiel.load_game(GAME_NAME, params)


class Rummy500Game(pyspiel.Game):
    """The game: a rule set, a number of players and a dealer (see the module's parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        rules = _rules(params["rules"], params["preset"])
        players = int(params["players"]) or rules.min_players
        rules.check_players(players)
        dealer = int(params["dealer"])
        if not 0 <= dealer < players:
            raise InvalidArgumentError(f"dealer must be a seat 0..{players - 1}, got {dealer}")
        self.episode = check_episode(params["episode"])
        length = params["max_game_length"] or STEP_LIMITS[self.episode]
        if isinstance(length, bool) or not isinstance(length, int) or length < 1:
            raise InvalidArgumentError(
                f"max_game_length must be a positive integer (0: the default), got {shown(length)}"
            )
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.reward = check_reward(params["reward"])
        self.length = length
        self.space = ActionSpace(rules, players)
        if params["observation"] not in ("compact", "full"):
            raise InvalidArgumentError(
                f"observation must be 'compact' or 'full', got {shown(params['observation'])}"
            )
        self.layout = make_layout(self.space, params["observation"])
        self.history = HistoryLayout(self.layout)
        self._observer: Rummy500Observer | None = None
        self._information: Rummy500Observer | None = None
        bound = _utility_bound(self.reward, rules, players)
        if self.episode == "match" and self.reward != "win":
            bound *= max(1, length // 2)  # a hand takes two decisions at least
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=NUM_CODES,
            num_players=players,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0 if _zero_sum(self.reward, players) else None,
            max_game_length=length,
        )
        super().__init__(_game_type(self.reward, players, self.episode), info, params)

    def tensor_observer(self) -> Rummy500Observer:
        """The observer behind ``state.observation_tensor()``, made once and kept."""
        if self._observer is None:
            self._observer = Rummy500Observer(self.layout, self.history)
        return self._observer

    def information_observer(self) -> Rummy500Observer:
        """The observer behind ``state.information_state_tensor()``, made once and kept."""
        if self._information is None:
            self._information = Rummy500Observer(
                self.layout, self.history, pyspiel.IIGObservationType(perfect_recall=True)
            )
        return self._information

    def new_initial_state(self) -> Rummy500State:
        """The state before the deal: the first chance node."""
        return Rummy500State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Rummy500Observer:
        """The observer of observation tensors and strings, and of information state strings."""
        return Rummy500Observer(self.layout, self.history, iig_obs_type, params)


def _rules(text: Any, preset: Any) -> Rules:
    """The rule set of the ``rules`` parameter (JSON text), else of ``preset``."""
    if not text:
        return presets.as_rules(preset)
    try:
        return rules_from_data(json.loads(text))
    except (ValueError, TypeError, Rummy500Error) as error:
        raise InvalidArgumentError(
            f"rules must be a rule set as JSON text (a preset name or an object of knobs), "
            f"got {shown(text)}: {error}"
        ) from None


def _utility_bound(reward: str, rules: Rules, players: int) -> float:
    """The largest absolute return of a hand under ``reward``."""
    bound = float(score_bound(rules, players))
    if reward == "win":
        return 1.0
    if reward == "zero_sum":
        return 2.0 * bound / reward_scale(rules, players)
    return bound


def _zero_sum(reward: str, players: int) -> bool:
    """Whether the returns under ``reward`` always sum to 0."""
    return reward == "zero_sum" or (reward == "win" and players == 2)


def _game_type(reward: str, players: int, episode: str) -> pyspiel.GameType:
    """The registered game type, with the utility the ``reward`` gives.

    In a match the rewards come at the end of each hand (``REWARDS``).
    """
    utility = pyspiel.GameType.Utility.GENERAL_SUM
    if _zero_sum(reward, players):
        utility = pyspiel.GameType.Utility.ZERO_SUM
    return pyspiel.GameType(
        short_name=_GAME_TYPE.short_name,
        long_name=_GAME_TYPE.long_name,
        dynamics=_GAME_TYPE.dynamics,
        chance_mode=_GAME_TYPE.chance_mode,
        information=_GAME_TYPE.information,
        utility=utility,
        reward_model=(
            pyspiel.GameType.RewardModel.REWARDS
            if episode == "match"
            else pyspiel.GameType.RewardModel.TERMINAL
        ),
        max_num_players=_GAME_TYPE.max_num_players,
        min_num_players=_GAME_TYPE.min_num_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_DEFAULTS,
    )


@attrs.define(eq=False)
class _Deal:
    """The deal in progress: the cards dealt so far, in deck order."""

    rules: Rules
    players: int
    dealer: int
    space: ActionSpace
    left: Counter[int]
    dealt: tuple[int, ...] = ()

    @property
    def total(self) -> int:
        return self.players * self.rules.hand_size_for(self.players) + 1

    def outcomes(self) -> list[tuple[int, float]]:
        remaining = sum(self.left.values())
        return [(code, count / remaining) for code, count in sorted(self.left.items()) if count]

    def deal(self, code: int) -> TokenGame | None:
        if not self.left[code]:
            raise InvalidArgumentError(f"no {_card_name(code)} is left to deal")
        self.left[code] -= 1
        self.dealt = (*self.dealt, code)
        if len(self.dealt) < self.total:
            return None
        rest = sorted(self.left.elements())
        deck = [JOKER] if self.rules.dealers_gambit else []
        deck += [card_from_code(code) for code in (*self.dealt, *rest)]
        state = new_game(self.rules, self.players, deck=deck, dealer=self.dealer)
        return TokenGame(state, self.space)


class _Table:
    """Everything a state holds, copied cheaply (``clone()`` deep-copies a state's attributes).

    The positions are immutable and shared between copies; only the small
    mutable parts are copied.
    """

    def __init__(self, deal: _Deal, reward: str, length: int, match: bool) -> None:
        self.deal: _Deal | None = deal
        #: The deck a hand is dealt from (for the next hands of a match).
        self.deck = Counter(deal.left)
        #: The match (``episode="match"``, from its first deal), and what it has paid.
        self.match: MatchState | None = None
        self.in_match = match
        self.paid: tuple[float, ...] = (0.0,) * deal.players
        #: What the last action paid (a hand's end).
        self.last: tuple[float, ...] = self.paid
        self.game: TokenGame | None = None
        #: Cards chosen so far for a pending draw from the stock.
        self.drawing: tuple[int, ...] | None = None
        #: What was seen, newest last, as nested entries ``(earlier, seat, item)``: who sees
        #: it (-1: every seat), and a text or a move (written when a string is asked for).
        self.log: _Log = None
        #: The counts of the information-state tensor.
        self.history = HandHistory(deal.players)
        #: The reward option and the game's ``max_game_length``.
        self.reward = reward
        self.length = length
        #: Whether the hand was cut at ``max_game_length`` decisions.
        self.cut = False

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        clone = _Table.__new__(_Table)
        clone.deal = (
            None if self.deal is None else attrs.evolve(self.deal, left=Counter(self.deal.left))
        )
        clone.game = None if self.game is None else self.game.__copy__()
        clone.drawing = self.drawing
        clone.log = self.log
        clone.history = self.history.copy()
        clone.reward = self.reward
        clone.length = self.length
        clone.cut = self.cut
        clone.deck = self.deck
        clone.match = self.match
        clone.in_match = self.in_match
        clone.paid = self.paid
        clone.last = self.last
        return clone


class Rummy500State(pyspiel.State):
    """A state of the game: the deal, then the hand token by token, with the draws as chance."""

    def __init__(self, game: Rummy500Game) -> None:
        super().__init__(game)
        deck = Counter(card.code for card in game.rules.deck(game.players))
        if game.rules.dealers_gambit:
            deck[JOKER.code] -= 1  # the dealer's joker is set aside, face up (V7)
        deal = _Deal(game.rules, game.players, game.dealer, game.space, deck)
        self._table = _Table(deal, game.reward, game.length, game.episode == "match")

    # -- who acts -------------------------------------------------------------

    def current_player(self) -> int:
        """The seat that acts, or the chance or terminal player."""
        table = self._table
        game = table.game
        if game is None or table.drawing is not None:
            return _CHANCE
        actor = game.actor
        if actor is None or table.cut:
            return _TERMINAL
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        table = self._table
        game = table.game
        if game is None or table.drawing is not None or player != game.actor or table.cut:
            return []
        return list(game.legal_tokens())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next, with their probabilities."""
        table = self._table
        if table.game is None:
            assert table.deal is not None
            return table.deal.outcomes()
        assert table.drawing is not None
        left = Counter(table.game.state.stock_codes)
        left.subtract(table.drawing)
        remaining = sum(left.values())
        return [(code, count / remaining) for code, count in sorted(left.items()) if count > 0]

    # -- moves ------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        table = self._table
        if table.game is None:
            assert table.deal is not None
            game = table.deal.deal(int(action))
            if game is not None:
                table.game, table.deal = game, None
                table.history.dealt(game.state)
                self._log_deal(game)
                if table.in_match:
                    table.match = _match_with(table.match, game)
            return
        game = table.game
        if table.drawing is not None:
            self._draw(int(action))
            return
        actor = game.actor
        token = int(action)
        if actor is None or table.cut:
            raise InvalidArgumentError(f"the game is over: no action may be applied, got {token}")
        if not game.legal(token):  # refused before anything changes (the count of decisions too)
            game.step(token)  # raises, naming the legal tokens
        if any(table.last):  # a decision: what the last one paid is past
            table.last = (0.0,) * len(table.last)
        history = table.history
        history.decisions += 1
        if token == game.space.DRAW and not game.prefix:
            count = min(game.state.rules.stock_draw_count, len(game.state.stock_codes))
            if count:
                table.drawing = ()
                return
        if token == game.space.DECLINE:
            table.log = (table.log, actor, f"p{actor}: let it go by")
        before = game.state
        move = game.spell_token(token)
        if move is not None:
            table.log = (table.log, -1, move)
            history.moved(move, before, game.state)
            if game.is_over:
                self._hand_over(before, move)
        self._check_length()

    def _hand_over(self, before: GameState, move: Move) -> None:
        """Pay the hand's rewards; in a match, score it and deal the next hand by chance."""
        table = self._table
        game = table.game
        assert game is not None
        result = game.state.result
        assert result is not None
        rules, players = game.space.rules, game.space.players
        if table.reward != "win" or table.match is None:
            scores = seat_scores(rules, players, result)
            self._pay(hand_rewards(table.reward, rules, players, scores))
        if table.match is None:
            return
        match = apply_match_move(attrs.evolve(table.match, hand=before), move)
        table.match = match
        if match.result is not None:
            if table.reward == "win":
                self._pay(match_win_rewards(match))
            return
        decisions = table.history.decisions
        table.history = HandHistory(players)
        table.history.decisions = decisions
        table.deal = _Deal(rules, players, match.hand.dealer, game.space, Counter(table.deck))
        table.game = None
        table.log = (table.log, -1, f"hand {match.number}, p{match.hand.dealer} deals")

    def _pay(self, paid: tuple[float, ...]) -> None:
        table = self._table
        table.last = paid
        table.paid = tuple(a + b for a, b in zip(table.paid, paid, strict=True))

    def _check_length(self) -> None:
        table = self._table
        game = table.game
        if table.history.decisions >= table.length and game is not None and not game.is_over:
            table.cut = True

    def _draw(self, code: int) -> None:
        table = self._table
        game = table.game
        assert game is not None
        assert table.drawing is not None
        if code not in dict(self.chance_outcomes()):
            raise InvalidArgumentError(
                f"no {_card_name(code)} is left in the stock to draw: the outcomes are "
                f"{' '.join(_card_name(outcome) for outcome, _p in self.chance_outcomes())}"
            )
        state = game.state
        drawing = (*table.drawing, code)
        count = min(state.rules.stock_draw_count, len(state.stock_codes))
        if len(drawing) < count:
            table.drawing = drawing
            return
        stock = bytearray(state.stock_codes)
        for drawn in drawing:
            del stock[stock.index(drawn)]
        # The engine builds its states as GameStates.
        game.replace_state(cast(GameState, with_stock(state, bytes(drawing) + bytes(stock))))
        table.drawing = None
        actor = game.actor
        assert actor is not None
        cards = " ".join(str(card_from_code(drawn)) for drawn in drawing)
        move = game.spell_token(game.space.DRAW)
        assert isinstance(move, Draw)
        table.log = ((table.log, -1, move), actor, f"p{actor} drew {cards}")
        table.history.drew(actor, drawing)
        self._check_length()

    def _log_deal(self, game: TokenGame) -> None:
        state = game.state
        log = self._table.log
        for seat, hand in enumerate(state.hands):
            log = (log, seat, f"p{seat} dealt {_cards(hand)}")
        self._table.log = (log, -1, f"pile {_cards(state.discard) or '-'}")

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            verb = "deal" if self._table.game is None else "draw"
            return f"{verb} {card_from_code(action)}"
        space = self.get_game().space
        return str(space.name(action))

    # -- the end ----------------------------------------------------------------

    def is_terminal(self) -> bool:
        """Whether the hand is over (or was cut at ``max_game_length`` decisions)."""
        table = self._table
        return table.game is not None and (table.cut or table.game.is_over)

    def rewards(self) -> list[float]:
        """What the last action paid each seat (a hand's end, in a match)."""
        return list(self._table.last)

    def returns(self) -> list[float]:
        """Each seat's rewards so far (the ``reward`` parameter): the hands ended, or the match."""
        return list(self._table.paid)

    def observation_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s observation tensor (default: the player to act), by the game's observer."""
        return self._tensor(self.get_game().tensor_observer(), player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        """``player``'s information-state tensor (default: the player to act)."""
        return self._tensor(self.get_game().information_observer(), player)

    def _tensor(self, observer: Rummy500Observer, player: int | None) -> list[float]:
        seat = self.current_player() if player is None else player
        if (
            isinstance(seat, bool)
            or not isinstance(seat, int)
            or not 0 <= seat < self.num_players()
        ):
            raise InvalidArgumentError(
                f"player must be a seat 0..{self.num_players() - 1}, got {shown(seat)}"
            )
        return observer.tensor_of(self, seat)

    # -- what a player sees ---------------------------------------------------------

    def token_game(self) -> TokenGame | None:
        """The hand as a :class:`~rummy500.adapters.actions.TokenGame` (``None`` while dealing)."""
        return self._table.game

    def history_text(self, player: int) -> str:
        """What ``player`` has seen happen: its cards dealt and drawn, the public moves."""
        lines = []
        log = self._table.log
        while log is not None:
            log, seat, item = log
            if seat == -1 or seat == player:
                lines.append(str(item))
        return "\n".join(reversed(lines))

    def __str__(self) -> str:
        table = self._table
        if table.game is None:
            assert table.deal is not None
            return f"dealing: {_cards(card_from_code(code) for code in table.deal.dealt)}"
        game = table.game
        if game.actor is None:
            return str(game.state)
        spelled = game.space.describe(game.prefix) if game.prefix else "-"
        drawing = ""
        if table.drawing is not None:
            drawing = f"; drawing {_cards(card_from_code(code) for code in table.drawing) or '...'}"
        return f"{game.state}\n  p{game.actor} acts; spelled: {spelled}{drawing}"


def _match_with(match: MatchState | None, game: TokenGame) -> MatchState:
    """The match with ``game``'s hand, just dealt by chance, as its current hand."""
    state = game.state
    if match is None:
        totals = (0,) * len(sides(state.rules, state.num_players))
        return MatchState(state.rules, state.num_players, 0, state, totals=totals)
    return attrs.evolve(match, hand=state)


def _cards(cards: Any) -> str:
    return " ".join(str(card) for card in cards)


def _card_name(code: int) -> str:
    """The card of a chance outcome, or the number itself if it is no card code."""
    return str(card_from_code(code)) if 0 <= code < NUM_CODES else str(code)


def _totals(state: Rummy500State, game: TokenGame) -> tuple[int, ...]:
    """Each seat's match total before this hand (its side's), or none outside a match."""
    match = state._table.match
    if match is None:
        return ()
    rules, players = game.space.rules, game.space.players
    return tuple(match.totals[side_of(rules, players, seat)] for seat in range(players))


class Rummy500Observer:
    """Observation and information-state tensors and strings of a player.

    The observation tensor is the layout's vector; with
    ``perfect_recall`` the tensor is the information-state tensor, the
    observation followed by the history pieces of
    :class:`~rummy500.adapters.history.HistoryLayout`, and the string the
    information state string.  ``dict`` holds the tensor's pieces by name.
    Only observations of the default kind (public information and the
    player's own) are supported.
    """

    def __init__(
        self,
        layout: Layout,
        history: HistoryLayout,
        iig_obs_type: Any = None,
        params: Any = None,
    ) -> None:
        if params:
            raise InvalidArgumentError(f"observation parameters are not supported: {params!r}")
        self.layout = layout
        self.history = history
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        pieces: tuple[tuple[str, tuple[int, ...]], ...] = layout.shapes
        if self.perfect_recall:
            self.tensor = np.zeros(history.size, dtype=np.float32)
            pieces = (*pieces, *history.shapes)
        else:
            self.tensor = np.zeros(layout.size, dtype=np.float32)
        slices = history.slices
        self.dict: dict[str, Any] = {
            name: self.tensor[slices[name]].reshape(shape) for name, shape in pieces
        }
        self._observation = self.tensor[: layout.size]
        self._encoders: dict[int, SeatEncoder] = {}
        self._tensors: dict[
            int, Callable[[GameState, tuple[int, ...], tuple[int, ...]], list[float]]
        ] = {}

    def set_from(self, state: Rummy500State, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation (or information state) of ``state``."""
        game = state.token_game()
        if game is None:
            self.tensor.fill(0.0)
            return
        prefix = game.prefix if game.actor == player else ()
        raw = self._encoder(player).vector_bytes(game.state, _totals(state, game), prefix)
        self._observation[:] = np.frombuffer(raw, dtype=np.float32)
        if self.perfect_recall:
            table = state._table
            self.history.fill(self.tensor, table.history, player, table.length)

    def tensor_of(self, state: Rummy500State, player: int) -> list[float]:
        """``player``'s observation (or information state) of ``state`` as a new list."""
        game = state.token_game()
        if game is None:
            return [0.0] * self.tensor.size
        prefix = game.prefix if game.actor == player else ()
        tensor = self._tensors.get(player)
        if tensor is None:
            tensor = self._tensors[player] = self._encoder(player).tensor_maker()
        values = tensor(game.state, _totals(state, game), prefix)
        if self.perfect_recall:
            table = state._table
            values += self.history.values(table.history, player, table.length)
        return values

    def _encoder(self, player: int) -> SeatEncoder:
        encoder = self._encoders.get(player)
        if encoder is None:
            encoder = self._encoders[player] = self.layout.seat_encoder(player)
        return encoder

    def string_from(self, state: Rummy500State, player: int) -> str:
        """``player``'s observation (or information state) of ``state`` as text."""
        game = state.token_game()
        history = state.history_text(player) if self.perfect_recall else ""
        if game is None:
            return f"{history}\ndealing".strip()
        prefix = game.prefix if game.actor == player else ()
        observation = self.layout.text(game.view(player), prefix)
        return f"{history}\n{observation}" if history else observation


pyspiel.register_game(_GAME_TYPE, Rummy500Game)

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
the rules allow) and ``dealer``.  :func:`load_game` takes a
:class:`~rummy500.Rules` and writes the JSON for you.

**Chance.**  The deal is a sequence of chance nodes, one card at a time in
the order the deck is dealt (D5): each outcome is a card code (0–52, the
joker 52) with the probability of its copies among the cards not dealt yet.
The stock's order is not dealt: each card drawn from the stock is a chance
node when it is drawn, over the cards left in the stock.  So search
algorithms see every bit of chance, where it happens.

**Actions** are the tokens of :mod:`rummy500.adapters.actions`: a move is
spelled over several decision nodes of the same player; seats with a move
out of turn are asked first and may ``decline``.  Returns are the hand
scores (a side's under partnerships, V5), at the end (general-sum).

**Observations.**  The observation tensor and string come from the
player's view (:func:`rummy500.observe`) and the tokens it has spelled
(:class:`~rummy500.adapters.observation.ObservationLayout`); the
information state string adds the player's history: its own cards as
dealt and drawn, every public move, and its own declines.  A state holds
no reference to the game, and copying it (``clone()``, which deep-copies)
shares the immutable positions.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import attrs

import rummy500.presets as presets
from rummy500._engine import new_game
from rummy500.adapters.actions import ActionSpace, TokenGame
from rummy500.adapters.observation import ObservationLayout, score_bound
from rummy500.cards import JOKER, NUM_CODES, card_from_code
from rummy500.errors import InvalidArgumentError
from rummy500.extras import requires
from rummy500.moves import Draw
from rummy500.positions import rules_from_data, rules_to_data
from rummy500.rules import Rules

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

#: The name the game is registered under.
GAME_NAME = "python_rummy500"
#: The game length OpenSpiel is told (decision nodes): the rules set no
#: bound, so this is a declared bound, far above any hand (a random hand of
#: two players spells about 200 tokens).
MAX_GAME_LENGTH = 100_000

_DEFAULTS: dict[str, Any] = {"preset": "pagat", "rules": "", "players": 0, "dealer": 0}

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
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


def load_game(
    rules: Rules | None = None,
    preset: str | None = None,
    players: int | None = None,
    dealer: int = 0,
) -> pyspiel.Game:
    """``pyspiel.load_game("python_rummy500", …)`` for a rule set, preset and player count."""
    if rules is not None and preset is not None:
        raise InvalidArgumentError("give rules or preset, not both")
    params: dict[str, Any] = {"players": players or 0, "dealer": dealer}
    if rules is not None:
        params["rules"] = json.dumps(rules_to_data(rules))
    elif preset is not None:
        params["preset"] = preset
    return pyspiel.load_game(GAME_NAME, params)


class Rummy500Game(pyspiel.Game):
    """The game: a rule set, a number of players and a dealer (see the module's parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        text = params["rules"]
        rules = rules_from_data(json.loads(text)) if text else presets.get(params["preset"])
        players = int(params["players"]) or rules.min_players
        rules.check_players(players)
        dealer = int(params["dealer"])
        if not 0 <= dealer < players:
            raise InvalidArgumentError(f"dealer must be a seat 0..{players - 1}, got {dealer}")
        self.rules = rules
        self.players = players
        self.dealer = dealer
        self.space = ActionSpace(rules, players)
        self.layout = ObservationLayout(self.space)
        bound = score_bound(rules, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=NUM_CODES,
            num_players=players,
            min_utility=-float(bound),
            max_utility=float(bound),
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> Rummy500State:
        """The state before the deal: the first chance node."""
        return Rummy500State(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Rummy500Observer:
        """The observer of observation tensors and strings, and of information state strings."""
        return Rummy500Observer(self.layout, iig_obs_type, params)


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
            raise InvalidArgumentError(f"no {card_from_code(code)} is left to deal")
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

    def __init__(self, deal: _Deal) -> None:
        self.deal: _Deal | None = deal
        self.game: TokenGame | None = None
        #: Cards chosen so far for a pending draw from the stock.
        self.drawing: tuple[int, ...] | None = None
        #: (who sees it, text): -1 for every seat.
        self.log: tuple[tuple[int, str], ...] = ()

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        clone = _Table.__new__(_Table)
        clone.deal = (
            None if self.deal is None else attrs.evolve(self.deal, left=Counter(self.deal.left))
        )
        clone.game = None if self.game is None else self.game.__copy__()
        clone.drawing = self.drawing
        clone.log = self.log
        return clone


class Rummy500State(pyspiel.State):
    """A state of the game: the deal, then the hand token by token, with the draws as chance."""

    def __init__(self, game: Rummy500Game) -> None:
        super().__init__(game)
        deck = Counter(card.code for card in game.rules.deck(game.players))
        if game.rules.dealers_gambit:
            deck[JOKER.code] -= 1  # the dealer's joker is set aside, face up (V7)
        self._table = _Table(_Deal(game.rules, game.players, game.dealer, game.space, deck))

    # -- who acts -------------------------------------------------------------

    def current_player(self) -> int:
        """The seat that acts, or the chance or terminal player."""
        table = self._table
        game = table.game
        if game is None or table.drawing is not None:
            return int(pyspiel.PlayerId.CHANCE)
        if game.actor is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return game.actor

    def _legal_actions(self, player: int) -> list[int]:
        game = self._table.game
        if game is None or self._table.drawing is not None or player != game.actor:
            return []
        return list(game.legal_tokens())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards that may come next, with their probabilities."""
        table = self._table
        if table.game is None:
            assert table.deal is not None
            return table.deal.outcomes()
        assert table.drawing is not None
        left = Counter(card.code for card in table.game.state.stock)
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
                self._log_deal(game)
            return
        game = table.game
        if table.drawing is not None:
            self._draw(int(action))
            return
        actor = game.actor
        assert actor is not None
        token = int(action)
        if token == game.space.DRAW and not game.prefix:
            count = min(game.state.rules.stock_draw_count, len(game.state.stock))
            if count:
                table.drawing = ()
                return
        if token == game.space.DECLINE:
            table.log = (*table.log, (actor, f"p{actor}: let it go by"))
        move = game.step(token)
        if move is not None:
            table.log = (*table.log, (-1, str(move)))

    def _draw(self, code: int) -> None:
        table = self._table
        game = table.game
        assert game is not None
        assert table.drawing is not None
        state = game.state
        drawing = (*table.drawing, code)
        count = min(state.rules.stock_draw_count, len(state.stock))
        if len(drawing) < count:
            table.drawing = drawing
            return
        stock = list(state.stock)
        for drawn in drawing:
            stock.remove(card_from_code(drawn))
        ordered = tuple(card_from_code(drawn) for drawn in drawing) + tuple(stock)
        game.replace_state(attrs.evolve(state, stock=ordered))
        table.drawing = None
        actor = game.actor
        assert actor is not None
        cards = " ".join(str(card_from_code(drawn)) for drawn in drawing)
        move = game.step(game.space.DRAW)
        assert isinstance(move, Draw)
        table.log = (*table.log, (-1, str(move)), (actor, f"p{actor} drew {cards}"))

    def _log_deal(self, game: TokenGame) -> None:
        state = game.state
        entries = [(seat, f"p{seat} dealt {_cards(hand)}") for seat, hand in enumerate(state.hands)]
        entries.append((-1, f"pile {_cards(state.discard) or '-'}"))
        self._table.log = (*self._table.log, *entries)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            verb = "deal" if self._table.game is None else "draw"
            return f"{verb} {card_from_code(action)}"
        space = self.get_game().space
        return str(space.name(action))

    # -- the end ----------------------------------------------------------------

    def is_terminal(self) -> bool:
        """Whether the hand is over."""
        game = self._table.game
        return game is not None and game.is_over

    def returns(self) -> list[float]:
        """Each seat's hand score (its side's under V5) once over, else 0."""
        game = self._table.game
        if game is None:
            return [0.0] * self.num_players()
        return list(game.returns())

    # -- what a player sees ---------------------------------------------------------

    def token_game(self) -> TokenGame | None:
        """The hand as a :class:`~rummy500.adapters.actions.TokenGame` (``None`` while dealing)."""
        return self._table.game

    def history_text(self, player: int) -> str:
        """What ``player`` has seen happen: its cards dealt and drawn, the public moves."""
        return "\n".join(text for seat, text in self._table.log if seat in (-1, player))

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


def _cards(cards: Any) -> str:
    return " ".join(str(card) for card in cards)


class Rummy500Observer:
    """Observation tensors and strings (and information state strings) of a player.

    The tensor is :class:`~rummy500.adapters.observation.ObservationLayout`'s
    vector (``dict`` holds its pieces); only observations of the default kind
    (public information and the player's own) are supported, as tensors;
    with ``perfect_recall`` the observer gives strings only (the
    information state string).
    """

    def __init__(
        self, layout: ObservationLayout, iig_obs_type: Any = None, params: Any = None
    ) -> None:
        if params:
            raise InvalidArgumentError(f"observation parameters are not supported: {params!r}")
        self.layout = layout
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if self.perfect_recall:
            self.tensor = np.zeros(0, dtype=np.float32)
            self.dict: dict[str, Any] = {}
        else:
            self.tensor = np.zeros(layout.size, dtype=np.float32)
            self.dict = {
                name: self.tensor[layout.slices[name]].reshape(shape)
                for name, shape in layout.shapes
            }

    def set_from(self, state: Rummy500State, player: int) -> None:
        """Fill :attr:`tensor` with ``player``'s observation of ``state``."""
        if self.perfect_recall:
            return
        game = state.token_game()
        if game is None:
            self.tensor.fill(0.0)
            return
        prefix = game.prefix if game.actor == player else ()
        self.layout.encode(game.view(player), prefix, out=self.tensor)

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

"""One seat's view of a hand as a value: :class:`PlayerView`, its dict and its checks.

:func:`rummy500.views.observe` cuts a view out of a state (see
:mod:`rummy500.views`); this module holds the value it returns, which
:mod:`rummy500.determinize` deals the hidden cards of, so that neither needs
the other's module to name it.  The view's fields are the state's fields a
seat may see and the view's own, declared with the state's
(:mod:`rummy500._engine.codes.shape`).
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

import attrs

from rummy500._engine import table_points
from rummy500.cards import Card
from rummy500.errors import InvalidArgumentError, PositionError
from rummy500.jsontext import load_json
from rummy500.moves import Move, move_to_dict
from rummy500.positions import FORMAT, MAX_POSITION_LENGTH, meld_to_dict
from rummy500.rules import Rules
from rummy500.rulesdata import rules_to_data
from rummy500.state import (
    HandResult,
    JokerEffect,
    Phase,
    TableMeld,
    floating_seats,
    jokers_wild,
    open_cards,
    table_text,
)
from rummy500.viewreader import view_fields

__all__ = ["PlayerView", "hidden_sizes", "result_to_dict"]

# Members read through their enum class cost an attribute hook at each read.
_OVER: Final = Phase.OVER
_NOMINATE: Final = Phase.NOMINATE


@attrs.frozen(repr=False, cache_hash=True)
class PlayerView:
    """One seat's view of a hand: everything that seat may know, and nothing more.

    Build one with :func:`observe`.  Views are frozen and compare by value:
    two states that differ only in what the seat cannot see give equal views.

    Attributes:
        seat: The seat whose view this is.
        rules: The rule set.
        dealer: The dealer's seat.
        to_move: The seat whose turn it is.
        phase: The phase of that seat's turn.
        hand: The seat's own cards, sorted; empty while the dealer nominates
            under dealer's gambit, before anyone looks at their cards (V7).
        hand_sizes: How many cards each seat holds.
        known: For each seat, the cards it is known to hold (see
            :class:`KnownCards`); the seat's own entry is ``()`` (its whole
            hand is :attr:`hand`).  Once the hand is over the hands are laid
            open for the count (S2), so every other seat's entry is its
            whole hand.
        stock_size: How many cards the stock holds.
        discard: The discard pile, oldest first (top last); it is spread
            face up (D8).
        melds: The table melds with their credits (L5).
        last_discarder: The seat that discarded last, while the "Rummy!"
            window of that discard is open, else ``None``.
        taken: The cards the seat to move took from the pile this turn
            (public: everyone sees what is taken from the pile).
        opened: The seats that have opened (T8).
        turn_points: Points of the new melds laid down this turn (T8).
        turn_cards: Cards the seat to move put on the table this turn.
        turn_longest_run: The longest run laid down this turn (S5).
        stock_rebuilds: How many times the stock was rebuilt from the pile (T6).
        idle_turns: Turns in a row ended with an empty stock and nothing put
            on the table (T6 ``play_on``).
        went_out: The seat that went out (final lay-offs, or hand over), else ``None``.
        went_out_rummy: Whether that seat went out in one turn (S3).
        went_out_long_run: Whether that seat laid down a run of 7 or more as
            it went out (S5).
        result: The result once the hand is over, else ``None``.
        legal_moves: The legal moves of this seat (those with
            ``move.player == seat``), in the engine's order; empty when the
            seat may not act now.  They depend on the seat's own hand and
            the public fields only, with one exception: under
            ``out_of_turn_melding`` the engine refuses an out-of-turn play
            that would leave the player to move unable to end the turn (T9,
            N1), and whether it would depends on that player's hand.
        joker_effect: Dealer's gambit: what jokers do this hand, once nominated (V7).
        dealer_joker: Dealer's gambit: whether the dealer's joker lies beside the stock.
        blocked_by: Dealer's gambit: the seat that blocked the dealer's joker, if any.
        dead: Dealer's gambit: the cards out of play (all public: they came
            from the pile, or are jokers).
    """

    seat: int
    rules: Rules
    dealer: int
    to_move: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    last_discarder: int | None
    taken: tuple[Card, ...]
    opened: frozenset[int]
    turn_points: int
    turn_cards: int
    turn_longest_run: int
    stock_rebuilds: int
    idle_turns: int
    went_out: int | None
    went_out_rummy: bool
    went_out_long_run: bool
    result: HandResult | None
    legal_moves: tuple[Move, ...]
    joker_effect: JokerEffect | None = None
    dealer_joker: bool = False
    blocked_by: int | None = None
    dead: tuple[Card, ...] = ()

    @property
    def blind(self) -> bool:
        """Whether the seat does not see its own hand yet (dealer's gambit nomination, V7)."""
        return self.phase is _NOMINATE

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.hand_sizes)

    @property
    def is_over(self) -> bool:
        """Whether the hand is over."""
        return self.phase is _OVER

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is the one to move (and must move: it may not decline)."""
        return self.seat == self.to_move and not self.is_over

    @property
    def floating(self) -> tuple[int, ...]:
        """The seats floating with an empty hand (E2 ``floating``)."""
        return floating_seats(self.phase, self.hand_sizes)

    @property
    def jokers_wild(self) -> bool:
        """Whether jokers are wild this hand (M4, and the dealer's nomination under V7)."""
        return jokers_wild(self.rules, self.joker_effect)

    @property
    def melded_points(self) -> tuple[int, ...]:
        """Each seat's points on the table so far (its melds and lay-offs, L5)."""
        return tuple(table_points(self.melds, self.rules, self.num_players))

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see, sorted: the rest of the other hands and the stock.

        That is the rule set's deck less the own hand, the pile, the table
        melds and every known card.  Its length is the stock size plus the
        other hands' sizes less their known cards (and, while the dealer
        nominates under dealer's gambit, the seat's own hand).

        Raises:
            InvalidArgumentError: if the view's cards do not fit in the rule set's deck.
        """
        left = Counter(self.rules.deck(self.num_players))
        seen = open_cards(self.discard, self.melds, self.dealer_joker, self.dead)
        seen.update(self.hand)
        for cards in self.known:
            seen.update(cards)
        if seen - left:
            extra = " ".join(map(str, sorted((seen - left).elements())))
            raise InvalidArgumentError(
                f"the view shows cards the rule set's deck does not hold: {extra}"
            )
        left.subtract(seen)
        return tuple(sorted(left.elements()))

    def to_dict(self) -> dict[str, Any]:
        """The view as a JSON-ready dict.

        The keys follow the position format (:mod:`rummy500.positions`),
        with ``seat``, ``hand``, ``hand_sizes``, ``known``, ``stock_size``
        and the legal moves instead of the hidden ``hands``, ``stock`` and
        ``seed``; every key is always present.  The legal moves are there
        twice, in the same order: ``legal_moves`` in notation, and ``moves``
        as move dicts (:func:`~rummy500.moves.move_to_dict`), each with its
        notation under ``"text"``, for a client that shows which cards a
        move uses without reading notation.

        >>> from rummy500 import new_game, observe
        >>> data = observe(new_game(seed=7), 1).to_dict()
        >>> data["hand_sizes"], data["stock_size"], data["legal_moves"]
        ([13, 13], 27, ['p1: draw', 'p1: take 1'])
        >>> data["moves"][1]
        {'kind': 'take', 'seat': 1, 'count': 1, 'play': None, 'text': 'p1: take 1'}
        >>> sorted(set(new_game(seed=7).to_dict()) - set(data))
        ['hands', 'seed', 'stock']
        """
        return {
            "format": FORMAT,
            "seat": self.seat,
            "rules": rules_to_data(self.rules),
            "dealer": self.dealer,
            "to_move": self.to_move,
            "phase": self.phase.value,
            "hand": [str(card) for card in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "known": [[str(card) for card in cards] for cards in self.known],
            "stock_size": self.stock_size,
            "discard": [str(card) for card in self.discard],
            "melds": [meld_to_dict(table_meld) for table_meld in self.melds],
            "last_discarder": self.last_discarder,
            "turn": {
                "taken": [str(card) for card in self.taken],
                "points": self.turn_points,
                "cards": self.turn_cards,
                "longest_run": self.turn_longest_run,
            },
            "opened": sorted(self.opened),
            "stock_rebuilds": self.stock_rebuilds,
            "idle_turns": self.idle_turns,
            "went_out": None
            if self.went_out is None
            else {
                "seat": self.went_out,
                "rummy": self.went_out_rummy,
                "long_run": self.went_out_long_run,
            },
            "result": None if self.result is None else result_to_dict(self.result),
            "legal_moves": [str(move) for move in self.legal_moves],
            "moves": [{**move_to_dict(move), "text": str(move)} for move in self.legal_moves],
            "gambit": None
            if not self.rules.dealers_gambit
            else {
                "effect": None if self.joker_effect is None else self.joker_effect.value,
                "dealer_joker": self.dealer_joker,
                "blocked_by": self.blocked_by,
                "dead": [str(card) for card in self.dead],
            },
        }

    def to_json(self) -> str:
        """The view as compact JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> PlayerView:
        """Rebuild a view from :meth:`to_dict`'s output, checking everything.

        ``PlayerView.from_dict(view.to_dict()) == view`` for every view:
        a client in Python reads what a server wrote.  Every key must be
        there (none other), with values of the exact JSON types and text
        spelled exactly as :meth:`to_dict` writes it (cards ``"TS"``, not
        ``"ts"`` nor ``"10S"``): it accepts what the view's JSON Schema
        accepts, no more.  The cards must fit in the rule set's deck and the
        counts must add up; the legal moves are read in canonical notation,
        and must be the seat's.

        Raises:
            PositionError: (a :class:`ValueError`) naming the offending key and value.

        >>> from rummy500 import new_game, observe
        >>> view = observe(new_game(seed=7), 1)
        >>> PlayerView.from_dict(view.to_dict()) == view
        True
        >>> PlayerView.from_dict({**view.to_dict(), "seat": 2})
        Traceback (most recent call last):
        ...
        rummy500.errors.PositionError: view 'seat': expected a seat 0..1, got 2
        """
        return _view_from_dict(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> PlayerView:
        """Rebuild a view from :meth:`to_json`'s output (at most 1,000,000 characters).

        Raises:
            PositionError: (a :class:`ValueError`) for text that is not a valid view.
        """
        return _view_from_dict(load_json(text, "view", MAX_POSITION_LENGTH, PositionError))

    def __repr__(self) -> str:
        turn = "hand over" if self.is_over else f"p{self.to_move} to {self.phase.value}"
        return (
            f"<PlayerView p{self.seat} of {self.num_players}: {turn}, hand {len(self.hand)}, "
            f"stock {self.stock_size}, pile {len(self.discard)}, {len(self.melds)} melds, "
            f"{len(self.legal_moves)} legal moves>"
        )

    def __str__(self) -> str:
        hands = []
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                shown = ["??"] * size if self.blind else list(map(str, self.hand))
                cards = " ".join(shown) + "  (you)"
            elif len(self.known[seat]) == size:
                cards = " ".join(map(str, self.known[seat]))
            else:
                hidden = size - len(self.known[seat])
                cards = " ".join(["??"] * hidden + [str(card) for card in self.known[seat]])
            hands.append((size, cards))
        return table_text(self, hands, self.stock_size)


def result_to_dict(result: HandResult) -> dict[str, Any]:
    """Every field of a hand result, JSON-ready (tuples as lists, enums as their values).

    Views (:meth:`PlayerView.to_dict`) and session events write results with it.
    """
    data: dict[str, Any] = {}
    for field in attrs.fields(HandResult):
        value = getattr(result, field.name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, enum.Enum):
            value = value.value
        data[field.name] = value
    return data


def hidden_sizes(view: PlayerView) -> Sequence[int]:
    """How many cards of each hand ``view`` does not show: the seat's own (unless blind) none."""
    return [
        0 if seat == view.seat and not view.blind else size - len(view.known[seat])
        for seat, size in enumerate(view.hand_sizes)
    ]


def _view_from_dict(data: Any) -> PlayerView:
    """:meth:`PlayerView.from_dict`: the fields read, and the counts checked against the cards."""
    view = PlayerView(**view_fields(data))
    try:
        hidden = len(view.unseen)
    except InvalidArgumentError as error:
        raise PositionError(f"view 'view': {error}") from None
    if hidden != view.stock_size + sum(hidden_sizes(view)):
        raise PositionError(
            f"view 'view': the counts do not match the cards: {hidden} unseen cards for a stock "
            f"of {view.stock_size} and hidden hands of {list(hidden_sizes(view))}"
        )
    return view

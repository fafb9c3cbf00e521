"""The stored part of a :class:`~rummy500.state.GameState`: its slots and its quiet fields.

Internal.  :class:`StateCore` holds what a state stores — the fields that
change from move to move, the cards as codes, and the two shared records of
the quiet fields (:mod:`rummy500._engine.codes.fields`) — and shows the records'
fields as read-only properties.  :class:`~rummy500.state.GameState`, the
public class, derives from it and adds the public card fields, equality,
the frozen guard and the documents.

The engine reads states as :class:`StateCore` and builds them as one: it
fills a core, then gives it the class :class:`~rummy500.state.GameState`
(which adds no slot of its own, so Python allows the change).  In the compiled
build mypyc compiles this class natively, so that the engine's compiled code
reads a state's fields and builds a state directly, without the interpreter's
attribute lookups; :class:`~rummy500.state.GameState` stays a plain Python
class deriving from it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeVar

from rummy500._engine.codes.fields import HandFields, TurnFields
from rummy500._engine.codes.seats import hands_of, knowns_of, seat_count
from rummy500.cards import Card
from rummy500.rules import Rules

if TYPE_CHECKING:
    from rummy500.statevalues import HandResult, JokerEffect, Phase, TableMeld

__all__ = ["CORE_FIELDS", "SLOTS", "StateCore"]

_Class = TypeVar("_Class")


def _same(cls: _Class) -> _Class:
    return cls


try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the plain build: the decorator only speaks to mypyc

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_Class], _Class]:
        """A stand-in for mypyc's class decorator (which changes nothing at run time)."""
        return _same


#: The slots of a state: the fields it stores itself, its two records of grouped
#: fields and the cache of its hash.
SLOTS: Final[tuple[str, ...]] = (
    "_hand",
    "_hash",
    "_turn",
    "discard_codes",
    "last_discarder",
    "melds",
    "phase",
    "rules",
    "seat_codes",
    "stock_codes",
    "taken_codes",
    "to_move",
)


#: What :class:`StateCore`'s constructor takes, in order: the fields a state
#: stores itself, then its two records of grouped fields.
CORE_FIELDS: Final[tuple[str, ...]] = (
    "rules",
    "to_move",
    "phase",
    "seat_codes",
    "stock_codes",
    "discard_codes",
    "melds",
    "last_discarder",
    "taken_codes",
    "_turn",
    "_hand",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class StateCore:
    """What a game state stores (internal: see :class:`~rummy500.state.GameState`).

    Attributes:
        rules: The rule set.
        to_move: The seat whose turn it is.
        phase: The phase of that seat's turn.
        seat_codes: The hands and the known cards of every seat in one
            ``bytes`` (see :mod:`rummy500._engine.codes.seats`).
        stock_codes: The stock as ``bytes`` of card codes.
        discard_codes: The discard pile as ``bytes`` of card codes.
        melds: The table melds.
        last_discarder: The seat whose discard's "Rummy!" window is open.
        taken_codes: The cards taken from the pile in this turn, as codes.
    """

    __slots__ = SLOTS

    rules: Rules
    to_move: int
    phase: Phase
    seat_codes: bytes
    stock_codes: bytes
    discard_codes: bytes
    melds: tuple[TableMeld, ...]
    last_discarder: int | None
    taken_codes: bytes
    _turn: TurnFields
    _hand: HandFields
    _hash: int | None

    def __init__(
        self,
        rules: Rules,
        to_move: int,
        phase: Phase,
        seat_codes: bytes,
        stock_codes: bytes,
        discard_codes: bytes,
        melds: tuple[TableMeld, ...],
        last_discarder: int | None,
        taken_codes: bytes,
        turn: TurnFields,
        hand: HandFields,
    ) -> None:
        self.rules = rules
        self.to_move = to_move
        self.phase = phase
        self.seat_codes = seat_codes
        self.stock_codes = stock_codes
        self.discard_codes = discard_codes
        self.melds = melds
        self.last_discarder = last_discarder
        self.taken_codes = taken_codes
        self._turn = turn
        self._hand = hand
        self._hash = None

    @property
    def hand_codes(self) -> tuple[bytes, ...]:
        """Each seat's hand as ``bytes`` of card codes (see :mod:`rummy500.cards`), sorted.

        The compact form the engine works on, and what :attr:`hands` is built
        from; not a field of its own (``attrs.fields`` lists ``hands``): the
        tuple is built from :attr:`seat_codes` when read.
        """
        return hands_of(self.seat_codes)

    @property
    def known_codes(self) -> tuple[bytes, ...]:
        """The known cards of each seat (:attr:`known`) as ``bytes`` of card codes, sorted.

        Built from :attr:`seat_codes` when read, as :attr:`hand_codes` is.
        """
        return knowns_of(self.seat_codes)

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self._hand.dealer

    @property
    def result(self) -> HandResult | None:
        """The result once the hand is over, else ``None``."""
        return self._turn.result

    @property
    def seed(self) -> int | None:
        """The seed for any later reshuffle (the deal's seed)."""
        return self._hand.seed

    @property
    def opened(self) -> frozenset[int]:
        """The seats that have opened (T8; empty without an opening minimum)."""
        return self._hand.opened

    @property
    def turn_points(self) -> int:
        """Points of the new melds laid down in this turn (T8)."""
        return self._turn.turn_points

    @property
    def turn_cards(self) -> int:
        """Cards the seat to move put on the table in this turn (S3).

        As credited to it in the melds: a doubling joker lies over a meld and
        is not counted (V7).
        """
        return self._turn.turn_cards

    @property
    def turn_longest_run(self) -> int:
        """The longest run laid down in this turn (S5)."""
        return self._turn.turn_longest_run

    @property
    def stock_rebuilds(self) -> int:
        """How many times the stock was rebuilt from the pile (T6)."""
        return self._hand.stock_rebuilds

    @property
    def idle_turns(self) -> int:
        """Turns in a row ended with an empty stock and no card put on the table (T6).

        Counted under ``play_on``.
        """
        return self._hand.idle_turns

    @property
    def went_out(self) -> int | None:
        """The seat that went out, during the final lay-offs (E4) and once the hand is over."""
        return self._turn.went_out

    @property
    def went_out_rummy(self) -> bool:
        """Whether that seat went out in one turn having put no card on the table before (S3)."""
        return self._turn.went_out_rummy

    @property
    def went_out_long_run(self) -> bool:
        """Whether that seat laid down a run of 7 or more cards in the turn it went out (S5)."""
        return self._turn.went_out_long_run

    @property
    def joker_effect(self) -> JokerEffect | None:
        """Dealer's gambit: what jokers do this hand, once nominated (V7); else ``None``."""
        return self._hand.joker_effect

    @property
    def dealer_joker(self) -> bool:
        """Dealer's gambit: whether the dealer's joker lies face up beside the stock (V7).

        It is then usable by the dealer: neither used nor blocked.
        """
        return self._hand.dealer_joker

    @property
    def blocked_by(self) -> int | None:
        """Dealer's gambit: the seat that blocked the dealer's joker with its own joker, if any."""
        return self._hand.blocked_by

    @property
    def dead(self) -> tuple[Card, ...]:
        """Cards out of play for the rest of the hand (V7).

        Under dealer's gambit: the cards inside a split and the joker that
        split the pile, and a blocked dealer's joker with the joker blocking it.
        """
        return self._hand.dead

    @property
    def num_players(self) -> int:
        """The number of players."""
        return seat_count(self.seat_codes)

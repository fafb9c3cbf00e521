"""The immutable state of one hand, table melds, and hand results.

A :class:`GameState` is the referee's (omniscient) view of one hand.  It is
frozen and hashable; :func:`rummy500.apply_move` returns a new state that
shares every part the move did not change (the other hands, the stock or the
pile, the untouched melds).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import attrs

from rummy500._engine.codes.fields import HandFields, TurnFields
from rummy500._engine.codes.seats import pack
from rummy500._engine.codes.storage import StateCore
from rummy500.cards import JOKER, Card, cards_by_seat, cards_of, codes_by_seat, codes_of
from rummy500.rules import Jokers, Rules
from rummy500.seating import next_seat
from rummy500.statevalues import EndReason, HandResult, JokerEffect, Phase, TableMeld

__all__ = [
    "STATE_FIELDS",
    "EndReason",
    "GameState",
    "HandFunctions",
    "HandResult",
    "JokerEffect",
    "Phase",
    "PositionFormat",
    "TableMeld",
    "floating_seats",
    "jokers_tamed",
    "jokers_wild",
    "open_cards",
    "polling_order",
    "table_cards",
    "table_text",
    "use_hand_functions",
    "use_position_format",
]

# A member read through its enum class costs an attribute hook at each read (about 70 ns).
_OVER: Final = Phase.OVER


def _nothing_known(state: Any) -> tuple[tuple[Card, ...], ...]:
    return ((),) * len(state.hands)


@attrs.frozen(weakref_slot=False)
class _Fields:
    """The fields of :class:`GameState`, in order: what ``attrs.fields(GameState)`` lists.

    Never built: GameState shows attrs these fields (``__attrs_attrs__``), and
    type checkers see GameState as this class (their attrs plugins then type
    ``attrs.fields`` and ``attrs.evolve`` on states).
    """

    rules: Rules
    dealer: int
    to_move: int
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    discard: tuple[Card, ...]
    melds: tuple[TableMeld, ...] = ()
    last_discarder: int | None = None
    taken: tuple[Card, ...] = ()
    result: HandResult | None = None
    seed: int | None = None
    opened: frozenset[int] = frozenset()
    turn_points: int = 0
    turn_cards: int = 0
    turn_longest_run: int = 0
    stock_rebuilds: int = 0
    idle_turns: int = 0
    went_out: int | None = None
    went_out_rummy: bool = False
    went_out_long_run: bool = False
    joker_effect: JokerEffect | None = None
    dealer_joker: bool = False
    blocked_by: int | None = None
    dead: tuple[Card, ...] = ()
    known: tuple[tuple[Card, ...], ...] = attrs.field(
        default=attrs.Factory(_nothing_known, takes_self=True)
    )


#: The fields of :class:`GameState`, in the order its constructor takes them.
STATE_FIELDS: tuple[str, ...] = tuple(field.name for field in attrs.fields(_Fields))

if TYPE_CHECKING:
    # Type checkers see GameState as the attrs class of its fields; at run time
    # it stores them its own way and shows attrs the same fields.
    _Typed = _Fields
else:
    _Typed = object


class GameState(StateCore, _Typed):
    """One hand of 500 Rum, as the referee sees it.

    Build one with :func:`rummy500.new_game` or :meth:`from_dict`, and move on
    with :func:`rummy500.apply_move`.  States are frozen and hashable; they
    support no weak references (the engine builds them by filling their
    slots, which needs a layout without one).  It behaves as a frozen attrs
    class: ``attrs.fields(GameState)`` lists the attributes below, in the
    order the constructor takes them, and ``attrs.evolve(state, ...)`` makes
    a changed copy.

    A state stores the fields that change from move to move in slots of its
    own, and shares the others with the states before it: the fields a new
    phase of a turn clears (``result``, ``turn_points``, ``turn_cards``,
    ``turn_longest_run``, ``went_out``, ``went_out_rummy``,
    ``went_out_long_run``) are kept together in one small record, and those
    that change a few times a hand at most (``dealer``, ``seed``, ``opened``,
    ``stock_rebuilds``, ``idle_turns``, ``joker_effect``, ``dealer_joker``,
    ``blocked_by``, ``dead``) in another; the state shows their fields as
    its own read-only properties (documented below), and its own object is
    half the size it would be with a slot per field.

    Attributes:
        rules: The rule set.
        to_move: The seat whose turn it is.
        phase: The phase of that seat's turn.
        seat_codes: What the state stores of the hands and the known cards:
            one ``bytes`` for all seats.  For ``n`` seats it begins with
            ``2n + 1`` offsets; offsets ``i`` and ``i + 1`` bound region
            ``i``, where region ``s`` is seat ``s``'s hand and region
            ``n + s`` its known cards (card codes, sorted).
        stock_codes: The stock (:attr:`stock`) as ``bytes`` of card codes.
        discard_codes: The discard pile (:attr:`discard`) as ``bytes`` of card codes.
        taken_codes: The cards taken from the pile in this turn (:attr:`taken`),
            as ``bytes`` of card codes.
        melds: The table melds; the index is the meld's number (M5).
        last_discarder: The seat that discarded last, while the "Rummy!"
            window of that discard is open (phase ``DRAW``), else ``None``.
    """

    __slots__ = ()
    if not TYPE_CHECKING:  # what type checkers see already, by _Fields
        __attrs_attrs__ = attrs.fields(_Fields)
        __match_args__ = STATE_FIELDS

    def __init__(
        self,
        rules: Rules,
        dealer: int,
        to_move: int,
        phase: Phase,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        discard: tuple[Card, ...],
        melds: tuple[TableMeld, ...] = (),
        last_discarder: int | None = None,
        taken: tuple[Card, ...] = (),
        result: HandResult | None = None,
        seed: int | None = None,
        opened: frozenset[int] = frozenset(),
        turn_points: int = 0,
        turn_cards: int = 0,
        turn_longest_run: int = 0,
        stock_rebuilds: int = 0,
        idle_turns: int = 0,
        went_out: int | None = None,
        went_out_rummy: bool = False,
        went_out_long_run: bool = False,
        joker_effect: JokerEffect | None = None,
        dealer_joker: bool = False,
        blocked_by: int | None = None,
        dead: tuple[Card, ...] = (),
        known: tuple[tuple[Card, ...], ...] | None = None,
    ) -> None:
        fill = object.__setattr__  # past the frozen class's __setattr__, as attrs does
        fill(self, "rules", rules)
        fill(self, "to_move", to_move)
        fill(self, "phase", phase)
        hand_codes = codes_by_seat(hands)
        known_codes = (b"",) * len(hands) if known is None else codes_by_seat(known)
        fill(self, "seat_codes", pack(hand_codes, known_codes))
        fill(self, "stock_codes", codes_of(stock))
        fill(self, "discard_codes", codes_of(discard))
        fill(self, "melds", melds)
        fill(self, "last_discarder", last_discarder)
        fill(self, "taken_codes", codes_of(taken))
        turn = TurnFields(
            result,
            turn_points,
            turn_cards,
            turn_longest_run,
            went_out,
            went_out_rummy,
            went_out_long_run,
        )
        fill(self, "_turn", turn)
        hand = HandFields(
            dealer,
            seed,
            opened,
            stock_rebuilds,
            idle_turns,
            joker_effect,
            dealer_joker,
            blocked_by,
            dead,
        )
        fill(self, "_hand", hand)
        fill(self, "_hash", None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise attrs.exceptions.FrozenInstanceError()

    def _values(self) -> tuple[Any, ...]:
        """The values of the fields, in the order of :data:`STATE_FIELDS`."""
        return tuple([getattr(self, name) for name in STATE_FIELDS])

    def _key(self) -> tuple[Any, ...]:
        """The values as stored (cards as their codes): what equality and the hash compare."""
        turn = self._turn
        hand = self._hand
        return (
            self.rules,
            hand.dealer,
            self.to_move,
            self.phase,
            self.seat_codes,
            self.stock_codes,
            self.discard_codes,
            self.melds,
            self.last_discarder,
            self.taken_codes,
            turn.result,
            hand.seed,
            hand.opened,
            turn.turn_points,
            turn.turn_cards,
            turn.turn_longest_run,
            hand.stock_rebuilds,
            hand.idle_turns,
            turn.went_out,
            turn.went_out_rummy,
            turn.went_out_long_run,
            hand.joker_effect,
            hand.dealer_joker,
            hand.blocked_by,
            hand.dead,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState) or other.__class__ is not self.__class__:
            return NotImplemented
        if self is other:
            return True
        return self._key() == other._key()

    def __hash__(self) -> int:
        cached = self._hash
        if cached is None:
            cached = hash(self._key())
            object.__setattr__(self, "_hash", cached)
        return cached

    def __reduce__(self) -> tuple[type[GameState], tuple[Any, ...]]:
        return (GameState, self._values())

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards, sorted (built from :attr:`hand_codes`)."""
        return cards_by_seat(self.hand_codes)

    @property
    def known(self) -> tuple[tuple[Card, ...], ...]:
        """For each seat, the cards every player knows it holds (built from :attr:`known_codes`).

        The cards it took from the pile (a take, a "Rummy!" call, a split) and
        has not melded, laid off or discarded since (one copy at a time: with
        two decks, playing one of two identical cards leaves one known), sorted.
        :func:`rummy500.apply_move` keeps it; it is public information, shown
        to every seat by :func:`rummy500.observe`.
        """
        return cards_by_seat(self.known_codes)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock; ``stock[0]`` is the next card drawn (built from :attr:`stock_codes`)."""
        return cards_of(self.stock_codes)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The discard pile, oldest first, top last (built from :attr:`discard_codes`)."""
        return cards_of(self.discard_codes)

    @property
    def taken(self) -> tuple[Card, ...]:
        """The cards taken from the pile in this turn (built from :attr:`taken_codes`)."""
        return cards_of(self.taken_codes)

    @property
    def is_over(self) -> bool:
        """Whether the hand is over."""
        return self.phase is _OVER

    def all_cards(self) -> Counter[Card]:
        """Every card of the hand, wherever it is (hands, stock, pile, table).

        It never changes during a hand (cards are conserved):

        >>> from collections import Counter
        >>> from rummy500 import new_game, Rules
        >>> new_game(seed=1).all_cards() == Counter(Rules().deck(2))
        True
        """
        cards = open_cards(self.discard, self.melds, self.dealer_joker, self.dead)
        cards.update(self.stock)
        for hand in self.hands:
            cards.update(hand)
        return cards

    @property
    def floating(self) -> tuple[int, ...]:
        """The seats floating with an empty hand (E2 ``floating``)."""
        return floating_seats(self.phase, [len(hand) for hand in self.hand_codes])

    @property
    def jokers_wild(self) -> bool:
        """Whether jokers are wild this hand (M4, and the dealer's nomination under V7)."""
        return jokers_wild(self.rules, self.joker_effect)

    # The position format lives in rummy500.positions, which imports this module
    # and installs its reader and writer here (use_position_format).

    def to_dict(self) -> dict[str, Any]:
        """The position as a JSON-ready dict (format 1); see :mod:`rummy500.positions`."""
        return _position_format().to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """Rebuild a state from :meth:`to_dict`'s output, validating everything.

        Raises:
            PositionError: (a :class:`ValueError`) naming the offending key and value.
        """
        return _position_format().from_dict(data)

    def to_json(self) -> str:
        """The position as JSON text (format 1)."""
        return _position_format().to_json(self)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        """Rebuild a state from :meth:`to_json`'s output.

        Raises:
            PositionError: (a :class:`ValueError`) for text that is not a valid position.
        """
        return _position_format().from_json(text)

    def __repr__(self) -> str:
        turn = "hand over" if self.is_over else f"seat {self.to_move} to {self.phase.value}"
        return (
            f"<GameState {self.num_players} players, {turn}, "
            f"stock {len(self.stock_codes)}, pile {len(self.discard_codes)}, "
            f"{len(self.melds)} melds>"
        )

    def __str__(self) -> str:
        hands = [(len(hand), " ".join(map(str, hand))) for hand in self.hands]
        return table_text(self, hands, len(self.stock))

    # Conveniences over the hand's functions (rummy500.legal_moves, is_legal,
    # apply_move), for a reader of python-chess's board.legal_moves and
    # board.push: rummy500.handplay installs them here (use_hand_functions),
    # as the engine needs this module and may not be imported by it.

    def legal_moves(self, *, seat: int | None = None, depth: int | None = None) -> tuple[Any, ...]:
        """:func:`rummy500.legal_moves` of this state (``seat`` and ``depth`` as there).

        >>> from rummy500 import new_game
        >>> [str(move) for move in new_game(seed=1).legal_moves()]
        ['p1: draw', 'p1: take 1']
        """
        return _installed_hand[0].legal_moves(self, seat=seat, depth=depth)

    def is_legal(self, move: Any) -> bool:
        """Whether ``move`` (a move, its notation text or its dict) is legal here.

        Raises:
            NotationError: for text that is not a move.
        """
        return _installed_hand[0].is_legal(self, move)

    def apply(self, move: Any) -> GameState:
        """The state after ``move``: :func:`rummy500.apply_move`, this state unchanged.

        ``move`` is a move, its notation text (read by
        :func:`rummy500.parse_move` for this state: no seat prefix means the
        player to move) or its dict (:func:`rummy500.move_from_dict`).

        >>> from rummy500 import new_game
        >>> state = new_game(seed=1)
        >>> after = state.apply("draw").apply("discard 9C")
        >>> after.to_move, after.discard[-1], len(state.discard)
        (0, Card.parse('9C'), 1)

        Raises:
            NotationError: for text that is not a move.
            IllegalMoveError: for an illegal move.
        """
        return _installed_hand[0].apply(self, move)


def jokers_wild(rules: Rules, effect: JokerEffect | None) -> bool:
    """Whether jokers are wild: under ``jokers = "wild"`` unless the dealer tamed them (M4, V7).

    >>> jokers_wild(Rules(), None), jokers_wild(Rules(), JokerEffect.SPLIT)
    (True, False)
    """
    return rules.jokers is Jokers.WILD and not jokers_tamed(effect)


def jokers_tamed(effect: JokerEffect | None) -> bool:
    """Whether the dealer's nomination keeps jokers out of melds this hand (V7).

    Under dealer's gambit, ``double`` and ``split`` make jokers not wild: a
    joker then fits no meld and no lay-off (it may only double a meld or
    split the pile).
    """
    return effect is JokerEffect.DOUBLE or effect is JokerEffect.SPLIT


def floating_seats(phase: Phase, hand_sizes: Sequence[int]) -> tuple[int, ...]:
    """The seats floating with an empty hand (E2 ``floating``) while the hand goes on."""
    if phase is Phase.OVER or phase is Phase.FINAL_LAYOFF:
        return ()
    return tuple(seat for seat, size in enumerate(hand_sizes) if not size)


def polling_order(state: GameState) -> tuple[int, ...]:
    """The order in which seats are offered a move: the others first, the seat to move last.

    The seats that are not to move may have moves of their own ("Rummy!"
    calls, R1–R2; melds out of turn, T9).  A referee offers them to those
    seats in playing order from the seat after the one to move; the first
    seat that takes its chance moves (so the first call wins, R1); when they
    all let it go by, the seat to move moves.  The bots, the command line and
    sessions all follow this order.

    >>> from rummy500 import new_game, Rules
    >>> polling_order(new_game(players=4, seed=1))
    (2, 3, 0, 1)
    >>> polling_order(new_game(Rules(direction="counterclockwise"), 4, seed=1))
    (2, 1, 0, 3)
    """
    players = len(state.hands)
    order = []
    seat = state.to_move
    for _ in range(players - 1):
        seat = next_seat(state.rules, players, seat)
        order.append(seat)
    order.append(state.to_move)
    return tuple(order)


def table_cards(melds: Iterable[TableMeld]) -> Counter[Card]:
    """The cards on the table: every meld's cards and the jokers doubling melds (V7)."""
    cards: Counter[Card] = Counter()
    for table_meld in melds:
        cards.update(table_meld.cards)
        if table_meld.doubled:
            cards[JOKER] += 1
    return cards


def open_cards(
    discard: Iterable[Card],
    melds: Iterable[TableMeld],
    dealer_joker: bool = False,
    dead: Iterable[Card] = (),
) -> Counter[Card]:
    """The cards every seat sees: the pile, the table, the dealer's joker and dead cards.

    The last two exist under dealer's gambit only (V7): the dealer's joker
    while it lies beside the stock, and the cards out of play.
    """
    cards = table_cards(melds)
    cards.update(discard)
    if dealer_joker:
        cards[JOKER] += 1
    cards.update(dead)
    return cards


def table_text(table: Any, hands: list[tuple[int, str]], stock_size: int) -> str:
    """The small table a state or a player view prints: a line a seat, the pile, the melds.

    Args:
        table: A :class:`GameState` or a player view (its ``rules``,
            ``to_move``, ``phase``, ``is_over``, ``discard``, ``melds``,
            ``result``, and for dealer's gambit ``dealer``, ``joker_effect``,
            ``dealer_joker``, ``blocked_by`` and ``dead``).
        hands: Each seat's number of cards and the text shown for its hand.
        stock_size: The number of cards in the stock.
    """
    lines = []
    for seat, (size, text) in enumerate(hands):
        marker = ">" if seat == table.to_move and not table.is_over else " "
        lines.append(f"{marker} p{seat} [{size:2}] {text}".rstrip())
    pile = " ".join(map(str, table.discard)) or "-"
    lines.append(f"  stock {stock_size}, pile (top last): {pile}")
    if table.rules.dealers_gambit:
        lines.append("  " + gambit_text(table))
    for number, table_meld in enumerate(table.melds):
        credits = "".join(str(seat) for seat in table_meld.by)
        doubled = ", doubled by a joker" if table_meld.doubled else ""
        lines.append(f"  meld {number}: {table_meld.meld}  (by {credits}{doubled})")
    if table.result is not None:
        scores = ", ".join(f"p{seat} {score}" for seat, score in enumerate(table.result.scores))
        lines.append(f"  over ({table.result.reason.value}): {scores}")
    else:
        lines.append(f"  p{table.to_move} to {table.phase.value}")
    return "\n".join(lines)


def gambit_text(table: Any) -> str:
    """One line on the dealer's gambit: the nominated effect and the dealer's joker (V7)."""
    effect = table.joker_effect
    nominated = f"jokers {effect.value}" if effect is not None else "jokers not nominated yet"
    if table.dealer_joker:
        joker = f"dealer's joker (p{table.dealer}) beside the stock"
    elif table.blocked_by is not None:
        joker = f"dealer's joker blocked by p{table.blocked_by}"
    else:
        joker = "dealer's joker used"
    out = f", {len(table.dead)} cards out of play" if table.dead else ""
    return f"{nominated}; {joker}{out}"


class PositionFormat(NamedTuple):
    """The reader and writer of positions (format 1) behind :class:`GameState`'s methods."""

    to_dict: Callable[[GameState], dict[str, Any]]
    from_dict: Callable[[Any], GameState]
    to_json: Callable[[GameState], str]
    from_json: Callable[[str], GameState]


_installed: list[PositionFormat] = []


def use_position_format(position_format: PositionFormat) -> None:
    """Install the position format (done once, by :mod:`rummy500.positions` as it loads).

    The format needs the engine, which needs this module: the format
    registers itself here rather than this module importing it.
    """
    _installed[:] = [position_format]


class HandFunctions(NamedTuple):
    """The hand's functions behind :class:`GameState`'s conveniences (:mod:`rummy500.handplay`)."""

    legal_moves: Callable[..., tuple[Any, ...]]
    is_legal: Callable[[GameState, Any], bool]
    apply: Callable[[GameState, Any], GameState]


_installed_hand: list[HandFunctions] = []


def use_hand_functions(functions: HandFunctions) -> None:
    """Install the hand's functions (done once, by :mod:`rummy500.handplay` as it loads)."""
    _installed_hand[:] = [functions]


def _position_format() -> PositionFormat:
    # Importing this module imports the package first, and the package loads
    # rummy500.positions: the format is installed before any state exists.
    return _installed[0]

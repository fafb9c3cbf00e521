"""The rule set: one frozen :class:`Rules` value holding every knob of the rules.

Every knob is a keyword field, declared once with its rule id, what it does,
its default (the ``pagat`` preset) and the values it accepts; the knob table
:data:`KNOBS`, the conversions of string values to enums, the validation and
the documentation of :class:`Rules` are all derived from that declaration.
Enumerated knobs take the enum member or its string value.  An inconsistent
combination raises one :class:`~rummy500.errors.RulesError` (a
:class:`ValueError`) listing every problem.

>>> from rummy500 import Rules
>>> rules = Rules(ace="around_the_corner", min_run_length=4)
>>> rules.ace
<Ace.AROUND_THE_CORNER: 'around_the_corner'>
>>> rules.evolve(jokers_per_deck=0).jokers_per_deck
0
>>> Rules(final_discard_must_be_unplayable=True, stock_draw_count=3)
Traceback (most recent call last):
...
rummy500.errors.RulesError: invalid rules (2 problems):
  - stock_draw_count must be 1 or 2, got 3 (T5)
  - final_discard_must_be_unplayable requires going_out='floating' (E3), got 'meld_or_discard'
"""

from __future__ import annotations

import contextlib
import enum
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal, cast

import attrs

from rummy500.cards import Card, make_deck
from rummy500.errors import InvalidArgumentError, RulesError, shown
from rummy500.values import STANDARD, TABLES, CardValues

__all__ = [
    "KNOBS",
    "Ace",
    "DeepestCardUse",
    "Direction",
    "DiscardTake",
    "FirstDiscard",
    "GoingOut",
    "Jokers",
    "Knob",
    "NextDealer",
    "Rules",
    "RummyCall",
    "Scoring",
    "StockExhausted",
    "Tiebreak",
    "deal_problem",
]


class _KnobEnum(str, enum.Enum):
    """Base of the string-valued knob enums: ``str()`` is the value."""

    def __str__(self) -> str:
        return str(self.value)


class FirstDiscard(_KnobEnum):
    """How the discard pile starts (D5, D6)."""

    #: The top stock card is turned up (D5).
    UPCARD = "upcard"
    #: The player left of the dealer gets an extra card and discards first (D6).
    CHOOSER = "chooser"


class NextDealer(_KnobEnum):
    """Who deals the next hand (D7)."""

    #: The player to the left of the previous dealer.
    LEFT = "left"
    #: The player who went out.
    WINNER = "winner"


class Direction(_KnobEnum):
    """Direction of dealing and play (dealer's gambit plays counterclockwise)."""

    #: Seat + 1 (D5).
    CLOCKWISE = "clockwise"
    #: Seat - 1 (dealer's gambit, V7).
    COUNTERCLOCKWISE = "counterclockwise"


class Ace(_KnobEnum):
    """Where an ace may stand in a run (M3)."""

    #: Only low: A-2-3; Q-K-A is not a run.
    LOW = "low"
    #: Low (A-2-3) or high (Q-K-A), not both in one run.
    LOW_OR_HIGH = "low_or_high"
    #: Runs may wrap: K-A-2, Q-K-A-2-3.
    AROUND_THE_CORNER = "around_the_corner"


class Jokers(_KnobEnum):
    """What jokers do (M4)."""

    #: Wild: a joker stands for any card, declared when melded.
    WILD = "wild"
    #: Not wild: jokers form groups of 3 or 4 jokers only (Persian rummy).
    SETS_ONLY = "sets_only"


class DiscardTake(_KnobEnum):
    """How deep a player may take from the discard pile (T3, T4)."""

    #: Any card of the pile, taking every card above it (T3).
    ANY_DEPTH = "any_depth"
    #: Only the top card (T4).
    TOP_ONLY = "top_only"


class DeepestCardUse(_KnobEnum):
    """How a card that must be melded at once may be used (T3, T4)."""

    #: In a new meld or laid off on a table meld.
    MELD_OR_LAYOFF = "meld_or_layoff"
    #: Only in a new meld of three or more cards.
    NEW_MELD_ONLY = "new_meld_only"


class StockExhausted(_KnobEnum):
    """What happens when the stock is empty (T6)."""

    #: The hand ends (T6).
    END_HAND = "end_hand"
    #: The pile but its top card is shuffled into a new stock (T6).
    RESHUFFLE = "reshuffle"
    #: Play goes on without stock draws (T6).
    PLAY_ON = "play_on"


class GoingOut(_KnobEnum):
    """How a player goes out (E1, E2)."""

    #: Go out by melding every card, or by discarding the last one (E1).
    MELD_OR_DISCARD = "meld_or_discard"
    #: A discard is needed to go out: the boathouse rule (E2).
    DISCARD_REQUIRED = "discard_required"
    #: A player who melds every card floats until their next turn (E2).
    FLOATING = "floating"


class RummyCall(_KnobEnum):
    """Which "Rummy!" calls exist (R1–R3)."""

    #: Any other player may call on a pile card meldable from the pile and table (R1).
    PILE = "pile"
    #: Only on the top discard, if it can be laid off (R2).
    LAYOFF_TOP = "layoff_top"
    #: No calls (R3).
    NONE = "none"


class Scoring(_KnobEnum):
    """How a hand is scored (S2–S4)."""

    #: Cards on the table minus cards in hand (S2).
    MELDED_MINUS_HAND = "melded_minus_hand"
    #: The player who went out scores the others' hands (S3).
    WINNER_TAKES_HANDS = "winner_takes_hands"
    #: Melded cards, and the hands left go to who went out (S4).
    ADD_OPPONENT_HANDS = "add_opponent_hands"


class Tiebreak(_KnobEnum):
    """Who wins when several players pass the target in one hand (G2, G3)."""

    #: The highest total wins; a tie plays more hands (G2).
    HIGHEST = "highest"
    #: The player who went out wins (G3).
    WENT_OUT = "went_out"


# ---------------------------------------------------------------------------
# Knob declarations: each knob is one attrs field whose metadata holds a _Spec.

#: A check of one knob's value: a sentence naming the problem, or ``None``.
_Check = Callable[[Any], "str | None"]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class _Spec:
    """What a knob's declaration says beside its default: rule, text, values and check."""

    rule: str
    text: str
    values: str
    check: _Check


def _choice_check(enum_type: type[_KnobEnum]) -> _Check:
    def check(value: Any) -> str | None:
        if isinstance(value, enum_type):
            return None
        return f"must be one of {', '.join(repr(member.value) for member in enum_type)}"

    return check


def _flag_check(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be True or False"


def _int_check(
    low: int | None = None, high: int | None = None, allowed: tuple[int, ...] = ()
) -> _Check:
    def check(value: Any) -> str | None:
        if not _is_int(value):
            return "must be an integer"
        if allowed and value not in allowed:
            return f"must be {' or '.join(str(v) for v in allowed)}"
        if low is not None and value < low:
            return f"must be at least {low}"
        if high is not None and value > high:
            return f"must be at most {high}"
        return None

    return check


def _int_values(low: int | None, high: int | None, allowed: tuple[int, ...]) -> str:
    if allowed:
        return ", ".join(map(str, allowed))
    if low is not None and high is not None:
        return f"{low} to {high}"
    if low is not None:
        return f"integer ≥ {low}"
    return "integer"


def _knob(rule: str, text: str, values: str, check: _Check) -> dict[str, _Spec]:
    """The metadata of a knob: its rule id, what it does, the values it takes, their check."""
    return {"knob": _Spec(rule, text, values, check)}


def _field(default: Any, spec: _Spec) -> Any:
    return attrs.field(default=default, metadata={"knob": spec})


def _choice(enum_type: type[_KnobEnum], rule: str, text: str) -> dict[str, _Spec]:
    """The metadata of a knob that takes one member of ``enum_type`` (or its string value).

    The field itself is written ``attrs.field(default=..., converter=_as_given,
    metadata=_choice(...))`` so that type checkers accept the string values;
    :class:`Rules` converts them to the enum after ``__init__``.
    """
    values = ", ".join(member.value for member in enum_type)
    return {"knob": _Spec(rule, text, values, _choice_check(enum_type))}


def _as_given(value: Any) -> Any:
    """The converter of the enum knobs: the value as given (see :func:`_choice`)."""
    return value


def _flag(default: bool, rule: str, text: str) -> Any:
    """A knob that is ``True`` or ``False``."""
    return _field(default, _Spec(rule, text, "bool", _flag_check))


def _integer(
    default: int,
    rule: str,
    text: str,
    *,
    low: int | None = None,
    high: int | None = None,
    allowed: tuple[int, ...] = (),
) -> Any:
    """A knob that is an integer, within ``low``..``high`` or among ``allowed``."""
    values = _int_values(low, high, allowed)
    return _field(default, _Spec(rule, text, values, _int_check(low, high, allowed)))


def _decks_check(value: Any) -> str | None:
    return None if value == "auto" and isinstance(value, str) else _int_check(allowed=(1, 2))(value)


def _hand_limit_check(value: Any) -> str | None:
    return None if value is None else _int_check(low=1)(value)


def _hand_size_check(value: Any) -> str | None:
    if value == "auto" and isinstance(value, str):
        return None
    if not isinstance(value, tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 and all(_is_int(x) for x in pair)
        for pair in value
    ):
        return "must be 'auto' or a mapping of player counts to hand sizes"
    counts = [count for count, _ in value]
    if len(set(counts)) != len(counts):
        return "names a player count twice"
    if any(size < 1 for _, size in value):
        return "must give every player count at least 1 card"
    return None


def _card_values_check(value: Any) -> str | None:
    if isinstance(value, CardValues):
        return None
    return "must be 'standard', 'fives', 'basic' or a CardValues table"


def _convert_hand_size(value: Any) -> Any:
    """A ``dict`` (or list of pairs) of hand sizes as sorted pairs; anything else as given."""
    if isinstance(value, Mapping):
        try:
            return tuple(sorted(value.items()))
        except TypeError:
            return value
    if isinstance(value, list):
        try:
            return tuple(sorted(tuple(pair) for pair in value))
        except TypeError:
            return value
    return value


def _convert_card_values(value: Any) -> Any:
    """A table name or dict as a :class:`CardValues`; anything else as given."""
    if isinstance(value, str):
        return TABLES.get(value, value)
    if isinstance(value, Mapping):
        try:
            return CardValues.from_dict(value)
        except ValueError:
            return value
    return value


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """A complete rule set of 500 Rum: one keyword field per knob.

    ``Rules()`` is the default ``pagat`` rule set.  Knob values may be given as
    enum members or as their string values.  The rules page of the docs says
    what each knob does, with the rule ids cited below; :data:`KNOBS` holds
    the same table as data.

    Raises:
        RulesError: (a :class:`ValueError`) listing every problem found.

    """

    decks: Literal["auto"] | int = _field(
        "auto",
        _Spec(
            "D3",
            "number of decks: 'auto' (1 for up to 4 players, 2 for 5 or more), 1 or 2",
            "'auto', 1, 2",
            _decks_check,
        ),
    )
    jokers_per_deck: int = _integer(2, "D1", "jokers in each deck", allowed=(0, 1, 2, 4))
    hand_size: Literal["auto"] | tuple[tuple[int, int], ...] = attrs.field(
        default="auto",
        converter=_convert_hand_size,
        metadata=_knob(
            "D4",
            "cards dealt to each player, by player count ('auto': 13 for 2, else 7)",
            "'auto' or {players: cards}",
            _hand_size_check,
        ),
    )
    min_players: int = _integer(2, "D2", "fewest players", low=2, high=8)
    max_players: int = _integer(8, "D2", "most players", low=2, high=8)
    first_discard: FirstDiscard = attrs.field(
        default=FirstDiscard.UPCARD,
        converter=_as_given,
        metadata=_choice(
            FirstDiscard, "D6", "how the pile starts: upcard, or the first player discards"
        ),
    )
    next_dealer: NextDealer = attrs.field(
        default=NextDealer.LEFT,
        converter=_as_given,
        metadata=_choice(
            NextDealer, "D7", "who deals next: the player left of the dealer, or the winner"
        ),
    )
    direction: Direction = attrs.field(
        default=Direction.CLOCKWISE,
        converter=_as_given,
        metadata=_choice(Direction, "D5", "direction of dealing and play (counterclockwise: V7)"),
    )
    min_run_length: int = _integer(3, "M2", "fewest cards in a run", low=3, high=13)
    ace: Ace = attrs.field(
        default=Ace.LOW_OR_HIGH,
        converter=_as_given,
        metadata=_choice(Ace, "M3", "ace low only, low or high, or around the corner"),
    )
    jokers: Jokers = attrs.field(
        default=Jokers.WILD,
        converter=_as_given,
        metadata=_choice(Jokers, "M4", "jokers wild, or only in groups of jokers"),
    )
    discard_take: DiscardTake = attrs.field(
        default=DiscardTake.ANY_DEPTH,
        converter=_as_given,
        metadata=_choice(
            DiscardTake, "T4", "take from any depth of the pile, or only the top card"
        ),
    )
    top_discard_must_meld: bool = _flag(
        False, "T4", "the top discard taken alone must be melded at once"
    )
    deepest_card_use: DeepestCardUse = attrs.field(
        default=DeepestCardUse.MELD_OR_LAYOFF,
        converter=_as_given,
        metadata=_choice(
            DeepestCardUse,
            "T4",
            "a card that must be melded at once: meld or lay-off, or new meld only",
        ),
    )
    stock_draw_count: int = _integer(1, "T5", "cards drawn from the stock at once", allowed=(1, 2))
    stock_exhausted: StockExhausted = attrs.field(
        default=StockExhausted.END_HAND,
        converter=_as_given,
        metadata=_choice(
            StockExhausted, "T6", "empty stock: end the hand, reshuffle the pile, or play on"
        ),
    )
    max_stock_rebuilds: int = _integer(
        3, "T6", "most reshuffles of the pile into a stock in a hand", low=0
    )
    opening_minimum: int = _integer(
        0, "T8", "points a player's first melds must total (0: none)", low=0
    )
    out_of_turn_melding: bool = _flag(
        False, "T9", "players may meld and lay off during others' turns"
    )
    going_out: GoingOut = attrs.field(
        default=GoingOut.MELD_OR_DISCARD,
        converter=_as_given,
        metadata=_choice(
            GoingOut,
            "E2",
            "going out: meld or discard the last card, discard required, or floating",
        ),
    )
    final_discard_must_be_unplayable: bool = _flag(
        False, "E3", "no going out by discarding a card that could be laid off (needs floating)"
    )
    final_layoff: bool = _flag(
        False, "E4", "after someone goes out, the others may lay off in turn"
    )
    rummy_call: RummyCall = attrs.field(
        default=RummyCall.PILE,
        converter=_as_given,
        metadata=_choice(
            RummyCall, "R1", "'Rummy!' calls: on the pile, on the top discard only, or none"
        ),
    )
    card_values: CardValues = attrs.field(
        default=STANDARD,
        converter=_convert_card_values,
        metadata=_knob(
            "S1",
            "card value table: standard, fives, basic or custom",
            "standard, fives, basic, CardValues",
            _card_values_check,
        ),
    )
    scoring: Scoring = attrs.field(
        default=Scoring.MELDED_MINUS_HAND,
        converter=_as_given,
        metadata=_choice(
            Scoring,
            "S2",
            "hand scoring: melded minus hand, winner takes hands, add opponents' hands",
        ),
    )
    stock_out_penalty: bool = _flag(
        True, "S2", "hands left count against their holders when the stock runs out"
    )
    going_rummy_multiplier: int = _integer(
        1, "S3", "multiplier for going out in one turn from a full hand", low=1
    )
    going_out_bonus: int = _integer(0, "S5", "points for going out")
    seven_card_run_bonus: int = _integer(
        0, "S5", "points for going out after laying down a 7-card run (0: none)", low=0
    )
    group_of_four_multiplier: int = _integer(
        1, "V6", "multiplier of a group of four laid down at once", low=1
    )
    target_score: int = _integer(500, "G1", "score that ends the match", low=1)
    hand_limit: int | None = _field(
        None,
        _Spec(
            "G1",
            "number of hands after which the match ends (None: no limit)",
            "None or integer ≥ 1",
            _hand_limit_check,
        ),
    )
    tiebreak: Tiebreak = attrs.field(
        default=Tiebreak.HIGHEST,
        converter=_as_given,
        metadata=_choice(
            Tiebreak, "G3", "several players reach the target: highest total, or who went out"
        ),
    )
    must_go_out_to_win: bool = _flag(
        False, "G4", "a player wins only by going out at or over the target"
    )
    partnerships: bool = _flag(False, "V5", "4 players in two partnerships, seats 0+2 and 1+3")
    match_bonus: int = _integer(0, "V6", "bonus to the side with the better final score", low=0)
    dealers_gambit: bool = _flag(
        False, "V7", "the dealer's joker and the dealer's nomination of joker effects"
    )

    def __attrs_post_init__(self) -> None:
        for field in _ENUM_FIELDS:  # string values of the enum knobs (see _choice)
            value = getattr(self, field.name)
            enum_type = cast("type[_KnobEnum]", type(field.default))
            # only text is converted: the enum's own error would repr() any value, of any size
            if isinstance(value, str) and not isinstance(value, enum_type):
                with contextlib.suppress(ValueError):  # else reported by the check
                    object.__setattr__(self, field.name, enum_type(value))
        problems = _problems(self)
        if problems:
            raise RulesError(problems)

    def evolve(self, **changes: Any) -> Rules:
        """Return a copy with the given knobs changed (validated again).

        >>> Rules().evolve(ace="low").ace
        <Ace.LOW: 'low'>
        """
        unknown = sorted(set(changes) - set(KNOBS))
        if unknown:
            raise RulesError([f"unknown knob {shown(name)}" for name in unknown])
        return attrs.evolve(self, **changes)

    def num_decks(self, players: int) -> int:
        """Decks used with ``players`` players (D3).

        >>> Rules().num_decks(4), Rules().num_decks(5)
        (1, 2)
        """
        if self.decks == "auto":
            return 1 if players <= 4 else 2
        return int(self.decks)

    def hand_size_for(self, players: int) -> int:
        """Cards dealt to each of ``players`` players (D4).

        Raises:
            InvalidArgumentError: if ``hand_size`` has no entry for that many players.

        >>> Rules().hand_size_for(2), Rules().hand_size_for(6)
        (13, 7)
        """
        if self.hand_size == "auto":
            return 13 if players == 2 else 7
        for count, size in self.hand_size:
            if count == players:
                return size
        raise InvalidArgumentError(f"hand_size has no entry for {players} players (D4)")

    def deck(self, players: int) -> tuple[Card, ...]:
        """The unshuffled deck used with ``players`` players (D1, D3)."""
        return make_deck(self.num_decks(players), self.jokers_per_deck)

    def check_players(self, players: int) -> None:
        """Raise :class:`~rummy500.errors.InvalidArgumentError` unless ``players`` may play (D2).

        >>> Rules().check_players(9)
        Traceback (most recent call last):
        ...
        rummy500.errors.InvalidArgumentError: these rules are for 2 to 8 players, got 9 (D2)
        """
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            raise InvalidArgumentError(
                f"these rules are for {self.min_players} to {self.max_players} players, "
                f"got {shown(players)} (D2)"
            )

    def to_dict(self) -> dict[str, Any]:
        """Every knob as a JSON-ready value (enums as strings, tables by name or as a dict).

        >>> Rules().to_dict()["ace"], Rules().to_dict()["card_values"]
        ('low_or_high', 'standard')
        """
        return {name: _knob_to_data(getattr(self, name)) for name in KNOBS}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Rules | None = None) -> Rules:
        """Build rules from knob values (any subset), on top of ``base`` (default ``Rules()``).

        Raises:
            RulesError: for unknown knobs or invalid values, listing them all.

        """
        if not isinstance(data, Mapping):
            raise RulesError([f"rules must be a dict of knobs, got {shown(data)}"])
        unknown = sorted(str(key) for key in data if key not in KNOBS)
        if unknown:
            raise RulesError([f"unknown knob {shown(name)}" for name in unknown])
        changes = dict(data)
        if isinstance(changes.get("hand_size"), Mapping):
            changes["hand_size"] = _hand_size_from_data(changes["hand_size"])
        return attrs.evolve(base or cls(), **changes)

    def diff(self, other: Rules) -> dict[str, Any]:
        """The knobs of ``self`` whose values differ from ``other``, as in :meth:`to_dict`.

        >>> Rules(ace="low").diff(Rules())
        {'ace': 'low'}
        """
        mine, theirs = self.to_dict(), other.to_dict()
        return {name: value for name, value in mine.items() if theirs[name] != value}

    def describe(self) -> str:
        """A readable table of every knob, its value, its rule id and what it does.

        Knobs that differ from the default ``pagat`` rules are marked ``*``.
        """
        default = Rules()
        lines = ["500 Rum rules (* = differs from the default pagat rules):"]
        width = max(len(name) for name in KNOBS)
        for name, knob in KNOBS.items():
            value = getattr(self, name)
            mark = "*" if value != getattr(default, name) else " "
            described = _describe_value(value)
            lines.append(f"{mark} {name:<{width}}  {described:<18} {knob.rule:<3} {knob.text}")
        return "\n".join(lines)


@attrs.frozen
class Knob:
    """One knob of :class:`Rules`, as declared: the rows of the knob table.

    Attributes:
        name: The field name of :class:`Rules`.
        rule: The id of the rule it varies (``"T3"``…).
        text: What it does, in one line.
        values: The values it accepts, as text.
        default: Its value in the default ``pagat`` rules.
    """

    name: str
    rule: str
    text: str
    values: str
    default: Any


def _spec(field: attrs.Attribute[Any]) -> _Spec:
    spec = field.metadata["knob"]
    assert isinstance(spec, _Spec)
    return spec


_FIELDS: tuple[attrs.Attribute[Any], ...] = tuple(attrs.fields(Rules))
_ENUM_FIELDS = tuple(field for field in _FIELDS if isinstance(field.default, _KnobEnum))

#: Every knob of :class:`Rules` by name, in field order (a read-only mapping).
#: :meta hide-value:
KNOBS: Mapping[str, Knob] = MappingProxyType(
    {
        field.name: Knob(
            field.name, _spec(field).rule, _spec(field).text, _spec(field).values, field.default
        )
        for field in _FIELDS
    }
)


def _knob_attributes() -> str:
    """The ``Attributes:`` section of :class:`Rules`, written from the declarations."""
    lines = ["", "    Attributes:"]
    for knob in KNOBS.values():
        lines.append(f"        {knob.name}: {knob.text[0].upper()}{knob.text[1:]} ({knob.rule}).")
        lines.append(f"            Values: {knob.values}; default {_describe_value(knob.default)}.")
    return "\n".join(lines) + "\n"


def _knob_to_data(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, CardValues):
        return value.name if value.name is not None else value.to_dict()
    if isinstance(value, tuple):
        return {str(players): size for players, size in value}
    return value


def _hand_size_from_data(data: Mapping[Any, Any]) -> Any:
    result = {}
    for key, size in data.items():
        try:
            result[int(key)] = size
        except (TypeError, ValueError):
            raise RulesError([f"hand_size keys must be player counts, got {shown(key)}"]) from None
    return result


def _describe_value(value: Any) -> str:
    if isinstance(value, CardValues) and value.name is None:
        return "custom"
    data = _knob_to_data(value)
    if isinstance(data, dict):
        return ",".join(f"{k}:{v}" for k, v in data.items())
    return str(data)


def _problems(rules: Rules) -> list[str]:
    """Every problem of a rule set, one sentence each naming its knob (empty if consistent)."""
    problems: list[str] = []
    bad: set[str] = set()
    for field in _FIELDS:
        value = getattr(rules, field.name)
        spec = _spec(field)
        problem = spec.check(value)
        if problem is not None:
            problems.append(f"{field.name} {problem}, got {shown(value)} ({spec.rule})")
            bad.add(field.name)
    for check in _COMBINATIONS:
        problem = check(rules, bad)
        if problem is not None:
            problems.append(problem)
    return problems


# Checks across knobs; each is skipped when a knob it reads is itself invalid.


def _players_range(rules: Rules, bad: set[str]) -> str | None:
    if {"min_players", "max_players"} & bad or rules.min_players <= rules.max_players:
        return None
    return f"min_players ({rules.min_players}) exceeds max_players ({rules.max_players}) (D2)"


def _hand_size_entries(rules: Rules, bad: set[str]) -> str | None:
    if {"hand_size", "min_players", "max_players"} & bad or rules.hand_size == "auto":
        return None
    counts = {count for count, _ in rules.hand_size}
    missing = [n for n in range(rules.min_players, rules.max_players + 1) if n not in counts]
    if missing:
        return f"hand_size has no entry for {missing} players (D4)"
    return None


def _floating_needed(rules: Rules, bad: set[str]) -> str | None:
    if rules.final_discard_must_be_unplayable is True and rules.going_out is not GoingOut.FLOATING:
        return (
            "final_discard_must_be_unplayable requires going_out='floating' (E3), "
            f"got {shown(getattr(rules.going_out, 'value', rules.going_out))}"
        )
    return None


def _multiplier_scoring(rules: Rules, bad: set[str]) -> str | None:
    if "going_rummy_multiplier" in bad or rules.going_rummy_multiplier <= 1:
        return None
    if rules.scoring is Scoring.WINNER_TAKES_HANDS:
        return None
    return "going_rummy_multiplier > 1 requires scoring='winner_takes_hands' (S3)"


def _partnership_players(rules: Rules, bad: set[str]) -> str | None:
    if rules.partnerships is not True or {"min_players", "max_players"} & bad:
        return None
    if (rules.min_players, rules.max_players) == (4, 4):
        return None
    return (
        "partnerships require exactly 4 players: set min_players=4 and max_players=4 "
        f"(got {rules.min_players} to {rules.max_players}) (V5)"
    )


def _joker_groups(rules: Rules, bad: set[str]) -> str | None:
    if rules.jokers is not Jokers.SETS_ONLY or "jokers_per_deck" in bad:
        return None
    if 0 < rules.jokers_per_deck < 2:
        return (
            "jokers='sets_only' needs jokers_per_deck of 0, 2 or 4: a group of jokers "
            "needs at least 2 jokers per deck (M4)"
        )
    return None


def _gambit_jokers(rules: Rules, bad: set[str]) -> str | None:
    if rules.dealers_gambit is True and "jokers_per_deck" not in bad and rules.jokers_per_deck < 2:
        return (
            "dealers_gambit needs at least 2 jokers per deck: one is the dealer's joker, "
            f"got jokers_per_deck={rules.jokers_per_deck!r} (V7)"
        )
    return None


def _gambit_wild(rules: Rules, bad: set[str]) -> str | None:
    if rules.dealers_gambit is True and rules.jokers is not Jokers.WILD:
        return "dealers_gambit requires jokers='wild': the dealer nominates what jokers do (V7)"
    return None


def _gambit_joker_value(rules: Rules, bad: set[str]) -> str | None:
    if rules.dealers_gambit is not True or "card_values" in bad or rules.card_values.joker == 0:
        return None
    return (
        "dealers_gambit requires jokers worth 0 (card_values joker=0): a wild joker is "
        f"worth nothing and jokers left in hand count zero, got {rules.card_values.joker} (V7)"
    )


def deal_problem(rules: Rules, players: int) -> str | None:
    """Why the deck of ``rules`` cannot be dealt to ``players`` players, or ``None`` if it can.

    A deal needs every hand (D4), a card to start the pile and one left in
    the stock, out of the deck of that many players (D1, D3); under dealer's
    gambit one joker is set aside first (V7).

    >>> deal_problem(Rules(decks=1), 8)
    '8 players need 58 cards (hands, a pile card and a stock card) but one deck has 54 (D3, D4)'
    >>> deal_problem(Rules(decks=1), 5) is None
    True
    """
    deck_size = len(rules.deck(players))
    # Dealer's gambit sets the dealer's joker aside before dealing (V7).
    needed = players * rules.hand_size_for(players) + 2 + (rules.dealers_gambit is True)
    if needed <= deck_size:
        return None
    decks = "one deck has" if rules.num_decks(players) == 1 else "two decks have"
    return (
        f"{players} players need {needed} cards (hands, a pile card and a stock card) but "
        f"{decks} {deck_size} (D3, D4)"
    )


def _deck_size(rules: Rules, bad: set[str]) -> str | None:
    """A problem only if no player count from ``min_players`` to ``max_players`` can be dealt.

    A rule set that some player counts cannot use is valid (one deck for 2
    to 8 players deals 5 players from 54 cards); :func:`rummy500.new_game`
    refuses the counts it cannot deal, naming the count and the deck.
    """
    if {"min_players", "max_players", "hand_size", "jokers_per_deck", "decks"} & bad:
        return None
    if _players_range(rules, bad) or _hand_size_entries(rules, bad):
        return None
    problems = []
    for players in range(rules.min_players, rules.max_players + 1):
        problem = deal_problem(rules, players)
        if problem is None:
            return None
        problems.append(problem)
    return "no player count can be dealt: " + "; ".join(problems)


_COMBINATIONS: tuple[Callable[[Rules, set[str]], str | None], ...] = (
    _players_range,
    _hand_size_entries,
    _floating_needed,
    _multiplier_scoring,
    _partnership_players,
    _joker_groups,
    _gambit_jokers,
    _gambit_wild,
    _gambit_joker_value,
    _deck_size,
)


Rules.__doc__ = (Rules.__doc__ or "") + _knob_attributes()

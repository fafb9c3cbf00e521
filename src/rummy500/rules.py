"""The rule set: one frozen :class:`Rules` value holding every knob of the rules.

Every knob is a keyword field, declared once with its rule id, what it does,
its default (the ``pagat`` preset) and the values it accepts; the knob table
:data:`KNOBS`, the conversions of string values to enums, the validation and
the documentation of :class:`Rules` are all derived from that declaration.
Enumerated knobs take the enum member or its string value.  An inconsistent
combination raises one :class:`~rummy500.errors.RulesError` (a
:class:`ValueError`) listing every problem.  The enums of the enumerated
knobs live in :mod:`rummy500.knobchoices` and the vocabulary of a knob's
declaration (its field, its check) in :mod:`rummy500.knobspecs`; the checks
across knobs are at the end of this module.

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
import json
import textwrap
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, Literal, cast

import attrs

from rummy500.cards import Card, make_deck
from rummy500.errors import InvalidArgumentError, RulesError, shown
from rummy500.knobchoices import (
    Ace,
    DeepestCardUse,
    Direction,
    DiscardTake,
    FirstDiscard,
    GoingOut,
    Jokers,
    NextDealer,
    RummyCall,
    Scoring,
    StockExhausted,
    Tiebreak,
)
from rummy500.knobspecs import (
    CARD_VALUES_SCHEMA,
    DECKS_SCHEMA,
    HAND_LIMIT_SCHEMA,
    HAND_SIZE_SCHEMA,
    MAX_OPENING_MINIMUM,
    OPENING_MINIMUM_SCHEMA,
    OPENING_MINIMUM_VALUES,
    KnobSpec,
    as_given,
    card_values_check,
    choice,
    convert_card_values,
    convert_hand_size,
    decks_check,
    flag,
    hand_limit_check,
    hand_size_check,
    integer,
    knob_field,
    knob_metadata,
    opening_minimum_check,
)
from rummy500.values import STANDARD, CardValues

__all__ = [
    "KNOBS",
    "MAX_OPENING_MINIMUM",
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


# ---------------------------------------------------------------------------
# The knobs: each one attrs field whose metadata holds its KnobSpec (rummy500.knobspecs).


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

    decks: Literal["auto"] | int = knob_field(
        "auto",
        KnobSpec(
            "D3",
            "number of decks: 'auto' (1 for up to 4 players, 2 for 5 or more), 1 or 2",
            "'auto', 1, 2",
            decks_check,
            DECKS_SCHEMA,
        ),
    )
    jokers_per_deck: int = integer(2, "D1", "jokers in each deck", allowed=(0, 1, 2, 4))
    hand_size: Literal["auto"] | tuple[tuple[int, int], ...] = attrs.field(
        default="auto",
        converter=convert_hand_size,
        metadata=knob_metadata(
            "D4",
            "cards dealt to each player, by player count ('auto': 13 for 2, else 7)",
            "'auto' or {players: cards}",
            hand_size_check,
            HAND_SIZE_SCHEMA,
        ),
    )
    min_players: int = integer(2, "D2", "fewest players", low=2, high=8)
    max_players: int = integer(8, "D2", "most players", low=2, high=8)
    first_discard: FirstDiscard = attrs.field(
        default=FirstDiscard.UPCARD,
        converter=as_given,
        metadata=choice(
            FirstDiscard, "D6", "how the pile starts: upcard, or the first player discards"
        ),
    )
    next_dealer: NextDealer = attrs.field(
        default=NextDealer.LEFT,
        converter=as_given,
        metadata=choice(
            NextDealer, "D7", "who deals next: the player left of the dealer, or the winner"
        ),
    )
    direction: Direction = attrs.field(
        default=Direction.CLOCKWISE,
        converter=as_given,
        metadata=choice(Direction, "D5", "direction of dealing and play (counterclockwise: V7)"),
    )
    min_run_length: int = integer(3, "M2", "fewest cards in a run", low=3, high=13)
    ace: Ace = attrs.field(
        default=Ace.LOW_OR_HIGH,
        converter=as_given,
        metadata=choice(Ace, "M3", "ace low only, low or high, or around the corner"),
    )
    jokers: Jokers = attrs.field(
        default=Jokers.WILD,
        converter=as_given,
        metadata=choice(Jokers, "M4", "jokers wild, or only in groups of jokers"),
    )
    discard_take: DiscardTake = attrs.field(
        default=DiscardTake.ANY_DEPTH,
        converter=as_given,
        metadata=choice(DiscardTake, "T4", "take from any depth of the pile, or only the top card"),
    )
    top_discard_must_meld: bool = flag(
        False, "T4", "the top discard taken alone must be melded at once"
    )
    deepest_card_use: DeepestCardUse = attrs.field(
        default=DeepestCardUse.MELD_OR_LAYOFF,
        converter=as_given,
        metadata=choice(
            DeepestCardUse,
            "T4",
            "a card that must be melded at once: meld or lay-off, or new meld only",
        ),
    )
    stock_draw_count: int = integer(1, "T5", "cards drawn from the stock at once", allowed=(1, 2))
    stock_exhausted: StockExhausted = attrs.field(
        default=StockExhausted.END_HAND,
        converter=as_given,
        metadata=choice(
            StockExhausted, "T6", "empty stock: end the hand, reshuffle the pile, or play on"
        ),
    )
    max_stock_rebuilds: int = integer(
        3, "T6", "most reshuffles of the pile into a stock in a hand", low=0
    )
    opening_minimum: int = knob_field(
        0,
        KnobSpec(
            "T8",
            "points a player's first melds must total (0: none)",
            OPENING_MINIMUM_VALUES,
            opening_minimum_check,
            OPENING_MINIMUM_SCHEMA,
        ),
    )
    out_of_turn_melding: bool = flag(
        False, "T9", "players may meld and lay off during others' turns"
    )
    going_out: GoingOut = attrs.field(
        default=GoingOut.MELD_OR_DISCARD,
        converter=as_given,
        metadata=choice(
            GoingOut,
            "E2",
            "going out: meld or discard the last card, discard required, or floating",
        ),
    )
    final_discard_must_be_unplayable: bool = flag(
        False, "E3", "no going out by discarding a card that could be laid off (needs floating)"
    )
    final_layoff: bool = flag(False, "E4", "after someone goes out, the others may lay off in turn")
    rummy_call: RummyCall = attrs.field(
        default=RummyCall.PILE,
        converter=as_given,
        metadata=choice(
            RummyCall, "R1", "'Rummy!' calls: on the pile, on the top discard only, or none"
        ),
    )
    card_values: CardValues = attrs.field(
        default=STANDARD,
        converter=convert_card_values,
        metadata=knob_metadata(
            "S1",
            "card value table: standard, fives, basic or custom",
            "standard, fives, basic, CardValues",
            card_values_check,
            CARD_VALUES_SCHEMA,
        ),
    )
    scoring: Scoring = attrs.field(
        default=Scoring.MELDED_MINUS_HAND,
        converter=as_given,
        metadata=choice(
            Scoring,
            "S2",
            "hand scoring: melded minus hand, winner takes hands, add opponents' hands",
        ),
    )
    stock_out_penalty: bool = flag(
        True, "S2", "hands left count against their holders when the stock runs out"
    )
    going_rummy_multiplier: int = integer(
        1, "S3", "multiplier for going out in one turn from a full hand", low=1
    )
    going_out_bonus: int = integer(0, "S5", "points for going out")
    seven_card_run_bonus: int = integer(
        0, "S5", "points for going out after laying down a 7-card run (0: none)", low=0
    )
    group_of_four_multiplier: int = integer(
        1, "V6", "multiplier of a group of four laid down at once", low=1
    )
    four_aces_value: int = integer(
        0, "V8", "points of each ace of four natural aces credited to one seat (0: off)", low=0
    )
    target_score: int = integer(500, "G1", "score that ends the match", low=1)
    hand_limit: int | None = knob_field(
        None,
        KnobSpec(
            "G1",
            "number of hands after which the match ends (None: no limit)",
            "None or integer ≥ 1",
            hand_limit_check,
            HAND_LIMIT_SCHEMA,
        ),
    )
    tiebreak: Tiebreak = attrs.field(
        default=Tiebreak.HIGHEST,
        converter=as_given,
        metadata=choice(
            Tiebreak, "G3", "several players reach the target: highest total, or who went out"
        ),
    )
    must_go_out_to_win: bool = flag(
        False, "G4", "a player wins only by going out at or over the target"
    )
    partnerships: bool = flag(False, "V5", "4 players in two partnerships, seats 0+2 and 1+3")
    match_bonus: int = integer(0, "V6", "bonus to the side with the better final score", low=0)
    dealers_gambit: bool = flag(
        False, "V7", "the dealer's joker and the dealer's nomination of joker effects"
    )

    def __attrs_post_init__(self) -> None:
        for field in _ENUM_FIELDS:  # string values of the enum knobs (see choice)
            value = getattr(self, field.name)
            enum_type = cast("type[enum.Enum]", type(field.default))
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
        >>> Rules(min_players=4, max_players=4, partnerships=True).check_players(3)
        Traceback (most recent call last):
        ...
        rummy500.errors.InvalidArgumentError: these rules are for 4 players, got 3 (D2)
        """
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            allowed = (
                str(self.min_players)
                if self.min_players == self.max_players
                else f"{self.min_players} to {self.max_players}"
            )
            raise InvalidArgumentError(
                f"these rules are for {allowed} players, got {shown(players)} (D2)"
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

    def describe(self, width: int | None = None) -> str:
        """A readable table of every knob, its value, its rule id and what it does.

        Knobs that differ from the default ``pagat`` rules are marked ``*``.

        Args:
            width: The most characters a line may hold (a terminal's width),
                or ``None`` for one line a knob whatever its length.  When
                the table's lines are longer, each knob takes two lines or
                more: its name, value and rule, then what it does, wrapped.

        >>> lines = Rules(ace="low").describe(width=60).splitlines()
        >>> lines[lines.index("* ace = low (M3)") + 1]
        '    ace low only, low or high, or around the corner'
        >>> max(len(line) for line in lines)
        60
        """
        default = Rules()
        title = "500 Rum rules (* = differs from the default pagat rules):"
        column = max(len(name) for name in KNOBS)
        rows = []
        for name, knob in KNOBS.items():
            value = getattr(self, name)
            mark = "*" if value != getattr(default, name) else " "
            rows.append((mark, name, _describe_value(value), knob))
        lines = [
            f"{mark} {name:<{column}}  {value:<18} {knob.rule:<3} {knob.text}"
            for mark, name, value, knob in rows
        ]
        if width is None or max(len(line) for line in lines) <= width:
            return "\n".join([title, *lines])
        narrow = [title]
        for mark, name, value, knob in rows:
            narrow += textwrap.wrap(
                f"{mark} {name} = {value} ({knob.rule})", width, subsequent_indent="      "
            )
            narrow += textwrap.wrap(
                knob.text, width, initial_indent="    ", subsequent_indent="    "
            )
        return "\n".join(narrow)


@attrs.frozen
class Knob:
    """One knob of :class:`Rules`, as declared: the rows of the knob table.

    Attributes:
        name: The field name of :class:`Rules`.
        rule: The id of the rule it varies (``"T3"``…).
        text: What it does, in one line.
        values: The values it accepts, as text.
        default: Its value in the default ``pagat`` rules.

    The values it accepts as data are :meth:`json_schema`.
    """

    name: str
    rule: str
    text: str
    values: str
    default: Any
    _schema: str = attrs.field(default="{}", repr=False)  # JSON text: the knob stays immutable

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema of the knob's value in a document, saying what the knob does.

        Documents (positions, views, records) write a rule set as
        :meth:`Rules.to_dict` does; the schemas of :func:`rummy500.json_schema`
        hold this schema for each knob of their rules.  A new dict at each call.

        >>> KNOBS["stock_draw_count"].json_schema()
        {'description': 'Cards drawn from the stock at once (T5).', 'enum': [1, 2]}
        """
        schema: dict[str, Any] = json.loads(self._schema)
        return {"description": _sentence(self), **schema}


def _spec(field: attrs.Attribute[Any]) -> KnobSpec:
    spec = field.metadata["knob"]
    assert isinstance(spec, KnobSpec)
    return spec


_FIELDS: tuple[attrs.Attribute[Any], ...] = tuple(attrs.fields(Rules))
_ENUM_FIELDS = tuple(field for field in _FIELDS if isinstance(field.default, enum.Enum))

#: Every knob of :class:`Rules` by name, in field order (a read-only mapping).
#: :meta hide-value:
KNOBS: Mapping[str, Knob] = MappingProxyType(
    {
        field.name: Knob(
            field.name,
            _spec(field).rule,
            _spec(field).text,
            _spec(field).values,
            field.default,
            json.dumps(_spec(field).schema),
        )
        for field in _FIELDS
    }
)


def _knob_attributes() -> str:
    """The ``Attributes:`` section of :class:`Rules`, written from the declarations."""
    lines = ["", "    Attributes:"]
    for knob in KNOBS.values():
        lines.append(f"        {knob.name}: {_sentence(knob)}")
        lines.append(f"            Values: {knob.values}; default {_describe_value(knob.default)}.")
    return "\n".join(lines) + "\n"


def _sentence(knob: Knob) -> str:
    """What ``knob`` does, as a sentence citing its rule."""
    return f"{knob.text[0].upper()}{knob.text[1:]} ({knob.rule})."


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


# ---------------------------------------------------------------------------
# Checks across knobs: combinations that cannot be played.
#
# Each knob is checked alone where Rules declares it; the checks below read several knobs
# (min_players against max_players, E3's floating, V5's four players, V7's jokers, whether
# the deck can be dealt) and each returns one sentence naming its rule, or None.  A check is
# skipped when a knob it reads is itself invalid (its name is in ``bad``), so one mistake is
# reported once.  Rules runs them all and raises one RulesError listing every problem.


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
        f"(got min_players={rules.min_players} and max_players={rules.max_players}) (V5)"
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

    >>> from rummy500 import Rules
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


#: Every check across knobs, in the order their problems are listed.
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


Rules.__doc__ = (Rules.__doc__ or "") + _knob_attributes()

"""The rule set: one frozen :class:`Rules` value holding every knob of RULES.md.

Every knob of RULES.md §9 is a keyword field with exactly that name, and the
defaults are the ``pagat`` preset.  Enumerated knobs take the enum member or
its string value.  An inconsistent combination raises one
:class:`~rummy500.errors.RulesError` (a :class:`ValueError`) listing every
problem.

>>> from rummy500 import Rules
>>> rules = Rules(ace="around_the_corner", min_run_length=4)
>>> rules.ace
<Ace.AROUND_THE_CORNER: 'around_the_corner'>
>>> rules.evolve(jokers_per_deck=0).jokers_per_deck
0
>>> Rules(final_discard_must_be_unplayable=True, stock_draw_count=3)
Traceback (most recent call last):
...
rummy500.errors.RulesError: invalid rules (2 problem(s)):
  - stock_draw_count must be 1 or 2, got 3 (T5)
  - final_discard_must_be_unplayable requires going_out='floating' (E3), got 'meld_or_discard'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any, Literal, TypeVar

import attrs

from rummy500.cards import Card, make_deck
from rummy500.errors import RulesError
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
    "NextDealer",
    "Rules",
    "RummyCall",
    "Scoring",
    "StockExhausted",
    "Tiebreak",
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


_E = TypeVar("_E", bound=_KnobEnum)


def _coerce(enum_type: type[_E], value: Any) -> Any:
    """Convert ``value`` to ``enum_type``, leaving a bad value for validation to report."""
    try:
        return enum_type(value)
    except ValueError:
        return value


def _to_ace(value: Any) -> Any:
    return _coerce(Ace, value)


def _to_deepest_card_use(value: Any) -> Any:
    return _coerce(DeepestCardUse, value)


def _to_direction(value: Any) -> Any:
    return _coerce(Direction, value)


def _to_discard_take(value: Any) -> Any:
    return _coerce(DiscardTake, value)


def _to_first_discard(value: Any) -> Any:
    return _coerce(FirstDiscard, value)


def _to_going_out(value: Any) -> Any:
    return _coerce(GoingOut, value)


def _to_jokers(value: Any) -> Any:
    return _coerce(Jokers, value)


def _to_next_dealer(value: Any) -> Any:
    return _coerce(NextDealer, value)


def _to_rummy_call(value: Any) -> Any:
    return _coerce(RummyCall, value)


def _to_scoring(value: Any) -> Any:
    return _coerce(Scoring, value)


def _to_stock_exhausted(value: Any) -> Any:
    return _coerce(StockExhausted, value)


def _to_tiebreak(value: Any) -> Any:
    return _coerce(Tiebreak, value)


def _convert_hand_size(value: Any) -> Any:
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
    if isinstance(value, str):
        return TABLES.get(value, value)
    if isinstance(value, Mapping):
        try:
            return CardValues.from_dict(value)
        except ValueError:
            return value
    return value


#: Every knob: name → (rule id, one-line description).  Also the field order.
#: :meta hide-value:
KNOBS: dict[str, tuple[str, str]] = {
    "decks": ("D3", "number of decks: 'auto' (1 for up to 4 players, 2 for 5 or more), 1 or 2"),
    "jokers_per_deck": ("D1", "jokers in each deck: 0, 1, 2 or 4"),
    "hand_size": ("D4", "cards dealt to each player, by player count ('auto': 13 for 2, else 7)"),
    "min_players": ("D2", "fewest players"),
    "max_players": ("D2", "most players"),
    "first_discard": ("D6", "how the pile starts: upcard, or the first player discards"),
    "next_dealer": ("D7", "who deals next: the player left of the dealer, or the winner"),
    "direction": ("D5", "direction of dealing and play"),
    "min_run_length": ("M2", "fewest cards in a run"),
    "ace": ("M3", "ace low only, low or high, or around the corner"),
    "jokers": ("M4", "jokers wild, or only in groups of jokers"),
    "discard_take": ("T4", "take from any depth of the pile, or only the top card"),
    "top_discard_must_meld": ("T4", "the top discard taken alone must be melded at once"),
    "deepest_card_use": ("T4", "a card that must be melded at once: meld or lay-off, or new meld"),
    "stock_draw_count": ("T5", "cards drawn from the stock at once"),
    "stock_exhausted": ("T6", "empty stock: end the hand, reshuffle the pile, or play on"),
    "max_stock_rebuilds": ("T6", "most reshuffles of the pile into a stock in a hand"),
    "opening_minimum": ("T8", "points a player's first melds must total (0: none)"),
    "out_of_turn_melding": ("T9", "players may meld and lay off during others' turns"),
    "going_out": ("E2", "going out: meld or discard the last card, discard required, floating"),
    "final_discard_must_be_unplayable": ("E3", "no going out by discarding a playable card"),
    "final_layoff": ("E4", "after someone goes out, the others may lay off in turn"),
    "rummy_call": ("R1", "'Rummy!' calls: on the pile, on the top discard only, or none"),
    "card_values": ("S1", "card value table: standard, fives, basic or custom"),
    "scoring": ("S2", "hand scoring: melded minus hand, winner takes hands, add opponents' hands"),
    "stock_out_penalty": ("S2", "hands left count against their holders when the stock runs out"),
    "going_rummy_multiplier": ("S3", "multiplier for going out in one turn from a full hand"),
    "going_out_bonus": ("S5", "points for going out"),
    "seven_card_run_bonus": ("S5", "points for going out after laying down a 7-card run"),
    "group_of_four_multiplier": ("V6", "multiplier of a group of four laid down at once"),
    "target_score": ("G1", "score that ends the match"),
    "hand_limit": ("G1", "number of hands after which the match ends (None: no limit)"),
    "tiebreak": ("G3", "several players reach the target: highest total, or who went out"),
    "must_go_out_to_win": ("G4", "a player wins only by going out at or over the target"),
    "partnerships": ("V5", "4 players in two partnerships, seats 0+2 and 1+3"),
    "match_bonus": ("V6", "bonus to the side with the better final score"),
    "dealers_gambit": ("V7", "the dealer's joker and the dealer's nomination of joker effects"),
}


@attrs.frozen(kw_only=True, cache_hash=True)
class Rules:
    """A complete rule set of 500 Rum: one field per knob of RULES.md §9.

    ``Rules()`` is the default ``pagat`` rule set.  Knob values may be given as
    enum members or as their string values.  See the rules page of the docs
    (and :data:`KNOBS`) for what each knob does.

    Attributes:
        decks: ``"auto"``, 1 or 2 (D3).
        jokers_per_deck: 0, 1, 2 or 4 (D1).
        hand_size: ``"auto"`` or pairs ``(players, cards)`` covering every
            player count allowed; a ``dict`` is accepted (D4).
        min_players: Fewest players (D2).
        max_players: Most players (D2).
        first_discard: :class:`FirstDiscard` (D6).
        next_dealer: :class:`NextDealer` (D7).
        direction: :class:`Direction` of dealing and play (V7).
        min_run_length: Fewest cards in a run, 3 or more (M2).
        ace: :class:`Ace` (M3).
        jokers: :class:`Jokers` (M4).
        discard_take: :class:`DiscardTake` (T4).
        top_discard_must_meld: The top discard, taken alone, must be melded
            at once (T4).
        deepest_card_use: :class:`DeepestCardUse` (T4).
        stock_draw_count: 1 or 2 cards per stock draw (T5).
        stock_exhausted: :class:`StockExhausted` (T6).
        max_stock_rebuilds: Most rebuilds of the stock in one hand (T6).
        opening_minimum: Points the first melds must total, 0 for none (T8).
        out_of_turn_melding: Melding during other players' turns (T9).
        going_out: :class:`GoingOut` (E2).
        final_discard_must_be_unplayable: Needs floating (E3).
        final_layoff: Lay-offs by the others after someone goes out (E4).
        rummy_call: :class:`RummyCall` (R1–R3).
        card_values: A :class:`~rummy500.values.CardValues`; the names
            ``"standard"``, ``"fives"``, ``"basic"`` are accepted (S1).
        scoring: :class:`Scoring` (S2–S4).
        stock_out_penalty: Hands count against their holders when the stock
            runs out (S2).
        going_rummy_multiplier: Score multiplier for going rummy, 1 or more (S3).
        going_out_bonus: Points for going out (S5).
        seven_card_run_bonus: Points for a 7-card run and going out, 0 for none (S5).
        group_of_four_multiplier: Multiplier of a group of four laid down at
            once (Persian rummy doubles: 2) (V6).
        target_score: Score that ends the match (G1).
        hand_limit: Number of hands after which the match ends, or ``None`` (G1).
        tiebreak: :class:`Tiebreak` (G2, G3).
        must_go_out_to_win: A player wins only by going out at or over the
            target (G4).
        partnerships: Two partnerships, seats 0+2 and 1+3; 4 players (V5).
        match_bonus: Bonus to the side with the better final score (V6).
        dealers_gambit: The dealer's joker and nominated joker effects (V7).

    Raises:
        RulesError: (a :class:`ValueError`) listing every problem found.

    """

    decks: Literal["auto"] | int = "auto"
    jokers_per_deck: int = 2
    hand_size: Literal["auto"] | tuple[tuple[int, int], ...] = attrs.field(
        default="auto", converter=_convert_hand_size
    )
    min_players: int = 2
    max_players: int = 8
    first_discard: FirstDiscard = attrs.field(
        default=FirstDiscard.UPCARD, converter=_to_first_discard
    )
    next_dealer: NextDealer = attrs.field(default=NextDealer.LEFT, converter=_to_next_dealer)
    direction: Direction = attrs.field(default=Direction.CLOCKWISE, converter=_to_direction)
    min_run_length: int = 3
    ace: Ace = attrs.field(default=Ace.LOW_OR_HIGH, converter=_to_ace)
    jokers: Jokers = attrs.field(default=Jokers.WILD, converter=_to_jokers)
    discard_take: DiscardTake = attrs.field(
        default=DiscardTake.ANY_DEPTH, converter=_to_discard_take
    )
    top_discard_must_meld: bool = False
    deepest_card_use: DeepestCardUse = attrs.field(
        default=DeepestCardUse.MELD_OR_LAYOFF, converter=_to_deepest_card_use
    )
    stock_draw_count: int = 1
    stock_exhausted: StockExhausted = attrs.field(
        default=StockExhausted.END_HAND, converter=_to_stock_exhausted
    )
    max_stock_rebuilds: int = 3
    opening_minimum: int = 0
    out_of_turn_melding: bool = False
    going_out: GoingOut = attrs.field(default=GoingOut.MELD_OR_DISCARD, converter=_to_going_out)
    final_discard_must_be_unplayable: bool = False
    final_layoff: bool = False
    rummy_call: RummyCall = attrs.field(default=RummyCall.PILE, converter=_to_rummy_call)
    card_values: CardValues = attrs.field(default=STANDARD, converter=_convert_card_values)
    scoring: Scoring = attrs.field(default=Scoring.MELDED_MINUS_HAND, converter=_to_scoring)
    stock_out_penalty: bool = True
    going_rummy_multiplier: int = 1
    going_out_bonus: int = 0
    seven_card_run_bonus: int = 0
    group_of_four_multiplier: int = 1
    target_score: int = 500
    hand_limit: int | None = None
    tiebreak: Tiebreak = attrs.field(default=Tiebreak.HIGHEST, converter=_to_tiebreak)
    must_go_out_to_win: bool = False
    partnerships: bool = False
    match_bonus: int = 0
    dealers_gambit: bool = False

    def __attrs_post_init__(self) -> None:
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
            raise RulesError([f"unknown knob {name!r}" for name in unknown])
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

        >>> Rules().hand_size_for(2), Rules().hand_size_for(6)
        (13, 7)
        """
        if self.hand_size == "auto":
            return 13 if players == 2 else 7
        for count, size in self.hand_size:
            if count == players:
                return size
        raise ValueError(f"hand_size has no entry for {players} players")

    def deck(self, players: int) -> tuple[Card, ...]:
        """The unshuffled deck used with ``players`` players (D1, D3)."""
        return make_deck(self.num_decks(players), self.jokers_per_deck)

    def check_players(self, players: int) -> None:
        """Raise :class:`ValueError` unless ``players`` may play under these rules (D2, V5)."""
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or not self.min_players <= players <= self.max_players
        ):
            raise ValueError(
                f"these rules are for {self.min_players} to {self.max_players} players, "
                f"got {players!r} (D2)"
            )

    def to_dict(self) -> dict[str, Any]:
        """Every knob as a JSON-ready value (enums as strings, tables by name or as a dict).

        >>> Rules().to_dict()["ace"], Rules().to_dict()["card_values"]
        ('low_or_high', 'standard')
        """
        data: dict[str, Any] = {}
        for name in KNOBS:
            data[name] = _knob_to_data(getattr(self, name))
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], base: Rules | None = None) -> Rules:
        """Build rules from knob values (any subset), on top of ``base`` (default ``Rules()``).

        Raises:
            RulesError: for unknown knobs or invalid values, listing them all.

        """
        if not isinstance(data, Mapping):
            raise RulesError([f"rules must be a dict of knobs, got {data!r}"])
        unknown = sorted(str(key) for key in data if key not in KNOBS)
        if unknown:
            raise RulesError([f"unknown knob {name!r}" for name in unknown])
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
        for name, (rule, text) in KNOBS.items():
            value = getattr(self, name)
            mark = "*" if value != getattr(default, name) else " "
            shown = _describe_value(value)
            lines.append(f"{mark} {name:<{width}}  {shown:<18} {rule:<3} {text}")
        return "\n".join(lines)


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
            raise RulesError([f"hand_size keys must be player counts, got {key!r}"]) from None
    return result


def _describe_value(value: Any) -> str:
    if isinstance(value, CardValues) and value.name is None:
        return "custom"
    data = _knob_to_data(value)
    if isinstance(data, dict):
        return ",".join(f"{k}:{v}" for k, v in data.items())
    return str(data)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _problems(rules: Rules) -> list[str]:
    """Every problem of a rule set, one sentence each (empty if consistent)."""
    problems: list[str] = []
    add = problems.append

    enum_fields: dict[str, type[_KnobEnum]] = {
        "first_discard": FirstDiscard,
        "next_dealer": NextDealer,
        "direction": Direction,
        "ace": Ace,
        "jokers": Jokers,
        "discard_take": DiscardTake,
        "deepest_card_use": DeepestCardUse,
        "stock_exhausted": StockExhausted,
        "going_out": GoingOut,
        "rummy_call": RummyCall,
        "scoring": Scoring,
        "tiebreak": Tiebreak,
    }
    for name, enum_type in enum_fields.items():
        value = getattr(rules, name)
        if not isinstance(value, enum_type):
            choices = ", ".join(repr(member.value) for member in enum_type)
            add(f"{name} must be one of {choices}, got {value!r} ({KNOBS[name][0]})")

    bool_fields = (
        "top_discard_must_meld",
        "out_of_turn_melding",
        "final_discard_must_be_unplayable",
        "final_layoff",
        "stock_out_penalty",
        "must_go_out_to_win",
        "partnerships",
        "dealers_gambit",
    )
    for name in bool_fields:
        if not isinstance(getattr(rules, name), bool):
            add(f"{name} must be True or False, got {getattr(rules, name)!r} ({KNOBS[name][0]})")

    def check_int(name: str, low: int | None = None, allowed: tuple[int, ...] = ()) -> bool:
        value = getattr(rules, name)
        rule = KNOBS[name][0]
        if not _is_int(value):
            add(f"{name} must be an integer, got {value!r} ({rule})")
            return False
        if allowed and value not in allowed:
            choices = " or ".join(str(v) for v in allowed)
            add(f"{name} must be {choices}, got {value!r} ({rule})")
            return False
        if low is not None and value < low:
            add(f"{name} must be at least {low}, got {value!r} ({rule})")
            return False
        return True

    if rules.decks != "auto":
        check_int("decks", allowed=(1, 2))
    jokers_ok = check_int("jokers_per_deck", allowed=(0, 1, 2, 4))
    players_ok = check_int("min_players", low=2) & check_int("max_players", low=2)
    if players_ok and rules.max_players > 8:
        add(f"max_players must be at most 8, got {rules.max_players!r} (D2)")
        players_ok = False
    if players_ok and rules.min_players > rules.max_players:
        add(f"min_players ({rules.min_players}) exceeds max_players ({rules.max_players}) (D2)")
        players_ok = False
    if check_int("min_run_length", low=3) and rules.min_run_length > 13:
        add(f"min_run_length must be at most 13, got {rules.min_run_length!r} (M2)")
    check_int("stock_draw_count", allowed=(1, 2))
    check_int("max_stock_rebuilds", low=0)
    check_int("opening_minimum", low=0)
    check_int("going_rummy_multiplier", low=1)
    check_int("going_out_bonus")
    check_int("seven_card_run_bonus", low=0)
    check_int("group_of_four_multiplier", low=1)
    check_int("target_score", low=1)
    check_int("match_bonus", low=0)
    if rules.hand_limit is not None:
        check_int("hand_limit", low=1)
    if not isinstance(rules.card_values, CardValues):
        add(
            f"card_values must be 'standard', 'fives', 'basic' or a CardValues table, "
            f"got {rules.card_values!r} (S1)"
        )

    hand_size_ok = _check_hand_size(rules, players_ok, add)

    if rules.final_discard_must_be_unplayable is True and rules.going_out != GoingOut.FLOATING:
        add(
            f"final_discard_must_be_unplayable requires going_out='floating' (E3), "
            f"got {_knob_to_data(rules.going_out)!r}"
        )
    if (
        _is_int(rules.going_rummy_multiplier)
        and rules.going_rummy_multiplier > 1
        and rules.scoring != Scoring.WINNER_TAKES_HANDS
    ):
        add("going_rummy_multiplier > 1 requires scoring='winner_takes_hands' (S3)")
    if (
        rules.partnerships is True
        and players_ok
        and (rules.min_players, rules.max_players) != (4, 4)
    ):
        add(
            "partnerships require exactly 4 players: set min_players=4 and max_players=4 "
            f"(got {rules.min_players} to {rules.max_players}) (V5)"
        )
    if rules.jokers == Jokers.SETS_ONLY and jokers_ok and 0 < rules.jokers_per_deck < 2:
        add("jokers='sets_only' needs at least 2 jokers per deck to make a group of jokers (M4)")
    if rules.dealers_gambit is True:
        if jokers_ok and rules.jokers_per_deck < 2:
            add(
                "dealers_gambit needs at least 2 jokers per deck: one is the dealer's joker, "
                f"got jokers_per_deck={rules.jokers_per_deck!r} (V7)"
            )
        if rules.jokers != Jokers.WILD:
            add("dealers_gambit requires jokers='wild': the dealer nominates what jokers do (V7)")
        if isinstance(rules.card_values, CardValues) and rules.card_values.joker != 0:
            add(
                "dealers_gambit requires jokers worth 0 (card_values joker=0): a wild joker is "
                f"worth nothing and jokers left in hand count zero, got {rules.card_values.joker} "
                "(V7)"
            )

    if players_ok and hand_size_ok and jokers_ok and (rules.decks in ("auto", 1, 2)):
        for players in range(rules.min_players, rules.max_players + 1):
            deck_size = len(rules.deck(players))
            # Dealer's gambit sets the dealer's joker aside before dealing (V7).
            needed = players * rules.hand_size_for(players) + 2 + (rules.dealers_gambit is True)
            if needed > deck_size:
                add(
                    f"{players} players need {needed} cards (hands, a pile card and a stock "
                    f"card) but the deck has {deck_size} (D3, D4)"
                )
    return problems


def _check_hand_size(rules: Rules, players_ok: bool, add: Callable[[str], None]) -> bool:
    value = rules.hand_size
    if value == "auto":
        return True
    if not isinstance(value, tuple) or not all(
        isinstance(pair, tuple) and len(pair) == 2 and all(_is_int(x) for x in pair)
        for pair in value
    ):
        add(
            f"hand_size must be 'auto' or a mapping of player counts to hand sizes, "
            f"got {value!r} (D4)"
        )
        return False
    counts = [count for count, _ in value]
    ok = True
    if len(set(counts)) != len(counts):
        add(f"hand_size names a player count twice: {value!r} (D4)")
        ok = False
    if any(size < 1 for _, size in value):
        add(f"hand sizes must be at least 1, got {value!r} (D4)")
        ok = False
    if players_ok:
        missing = [
            n for n in range(rules.min_players, rules.max_players + 1) if n not in set(counts)
        ]
        if missing:
            add(f"hand_size has no entry for {missing} players (D4)")
            ok = False
    return ok

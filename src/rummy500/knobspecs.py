"""How a knob of the rules is declared: its rule, what it does, the values it takes, their check.

Each knob of :class:`~rummy500.rules.Rules` is one attrs field whose
metadata holds a :class:`KnobSpec`; the helpers here write those fields
(:func:`flag`, :func:`integer`, :func:`choice`, :func:`knob_field`) and the
checks, converters and JSON Schemas of the knobs whose values are not a
flag, an integer or an enum.  :mod:`rummy500.rules` declares the knobs with
them, and derives from the declarations the knob table
:data:`~rummy500.rules.KNOBS`, the validation of a rule set (with the checks
across knobs) and its documentation.  A knob's check and its schema say one
thing twice, side by side: what :class:`~rummy500.rules.Rules` accepts, and
what a document may hold for it; the package's JSON Schemas are written
from the knobs' schemas by ``scripts/generate_schemas.py``.

>>> from rummy500.knobchoices import Ace
>>> spec = choice(Ace, "M3", "ace low only, low or high, or around the corner")["knob"]
>>> spec.rule, spec.values
('M3', 'low, low_or_high, around_the_corner')
>>> spec.check(Ace.LOW) is None, spec.check(3)
(True, "must be one of 'low', 'low_or_high', 'around_the_corner'")
>>> spec.schema
{'enum': ['low', 'low_or_high', 'around_the_corner']}
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from typing import Any

import attrs

from rummy500.cards import Rank
from rummy500.jsonnumbers import MAX_SAFE_INTEGER
from rummy500.values import TABLES, CardValues

__all__ = [
    "CARD_VALUES_SCHEMA",
    "DECKS_SCHEMA",
    "HAND_LIMIT_SCHEMA",
    "HAND_SIZE_SCHEMA",
    "MAX_OPENING_MINIMUM",
    "OPENING_MINIMUM_SCHEMA",
    "OPENING_MINIMUM_VALUES",
    "Check",
    "KnobSpec",
    "as_given",
    "card_values_check",
    "choice",
    "convert_card_values",
    "convert_hand_size",
    "decks_check",
    "flag",
    "hand_limit_check",
    "hand_size_check",
    "integer",
    "integer_schema",
    "knob_field",
    "knob_metadata",
    "opening_minimum_check",
]

#: A check of one knob's value: a sentence naming the problem, or ``None``.
Check = Callable[[Any], "str | None"]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@attrs.frozen
class KnobSpec:
    """What a knob's declaration says beside its default: rule, text, values, check, schema.

    Attributes:
        rule: The id of the rule it varies (``"T3"``…).
        text: What it does, in one line.
        values: The values it accepts, as text.
        check: The check of a value (after the field's converter).
        schema: The JSON Schema of its value in a document (a rule set's dict,
            :meth:`Rules.to_dict <rummy500.rules.Rules.to_dict>`).
    """

    rule: str
    text: str
    values: str
    check: Check
    schema: dict[str, Any] = attrs.field(eq=False)


def integer_schema(low: int | None = None, high: int | None = None) -> dict[str, Any]:
    """The JSON Schema of an integer from ``low`` to ``high``, within ±(2**53 - 1).

    Every integer of a rule set stays within what any JSON reader reads exactly.

    >>> integer_schema(low=1)
    {'type': 'integer', 'minimum': 1, 'maximum': 9007199254740991}
    """
    return {
        "type": "integer",
        "minimum": -MAX_SAFE_INTEGER if low is None else low,
        "maximum": MAX_SAFE_INTEGER if high is None else high,
    }


def _choice_check(enum_type: type[enum.Enum]) -> Check:
    def check(value: Any) -> str | None:
        if isinstance(value, enum_type):
            return None
        return f"must be one of {', '.join(repr(member.value) for member in enum_type)}"

    return check


def _flag_check(value: Any) -> str | None:
    return None if isinstance(value, bool) else "must be True or False"


def _int_check(
    low: int | None = None, high: int | None = None, allowed: tuple[int, ...] = ()
) -> Check:
    def check(value: Any) -> str | None:
        if not _is_int(value):
            return "must be an integer"
        if allowed and value not in allowed:
            return f"must be {' or '.join(str(v) for v in allowed)}"
        if low is not None and value < low:
            return f"must be at least {low}"
        if high is not None and value > high:
            return f"must be at most {high}"
        if abs(value) > MAX_SAFE_INTEGER:  # what every JSON reader reads exactly
            return "must be at most 2**53 - 1"
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


def knob_metadata(
    rule: str, text: str, values: str, check: Check, schema: dict[str, Any]
) -> dict[str, KnobSpec]:
    """The metadata of a knob: rule id, what it does, the values it takes, check and schema."""
    return {"knob": KnobSpec(rule, text, values, check, schema)}


def knob_field(default: Any, spec: KnobSpec) -> Any:
    """A knob's field: its default, and its declaration in the field's metadata."""
    return attrs.field(default=default, metadata={"knob": spec})


def choice(enum_type: type[enum.Enum], rule: str, text: str) -> dict[str, KnobSpec]:
    """The metadata of a knob that takes one member of ``enum_type`` (or its string value).

    The field itself is written ``attrs.field(default=..., converter=as_given,
    metadata=choice(...))`` so that type checkers accept the string values;
    :class:`~rummy500.rules.Rules` converts them to the enum after ``__init__``.
    """
    values = [member.value for member in enum_type]
    spec = KnobSpec(rule, text, ", ".join(values), _choice_check(enum_type), {"enum": values})
    return {"knob": spec}


def as_given(value: Any) -> Any:
    """The converter of the enum knobs: the value as given (see :func:`choice`)."""
    return value


def flag(default: bool, rule: str, text: str) -> Any:
    """A knob that is ``True`` or ``False``."""
    return knob_field(default, KnobSpec(rule, text, "bool", _flag_check, {"type": "boolean"}))


def integer(
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
    schema = {"enum": list(allowed)} if allowed else integer_schema(low, high)
    return knob_field(default, KnobSpec(rule, text, values, _int_check(low, high, allowed), schema))


def decks_check(value: Any) -> str | None:
    """The check of ``decks`` (D3): ``"auto"``, 1 or 2."""
    return None if value == "auto" and isinstance(value, str) else _int_check(allowed=(1, 2))(value)


#: The JSON Schema of ``decks`` (D3).
DECKS_SCHEMA: dict[str, Any] = {"enum": ["auto", 1, 2]}


#: The largest opening minimum (T8): the range is 0 (none) or 1 to 150, as
#: above 150 the exact check that a first meld can still reach the minimum
#: (no dead ends) has no bounded cost.
MAX_OPENING_MINIMUM = 150

#: The values ``opening_minimum`` takes (T8), as text.
OPENING_MINIMUM_VALUES = f"0 (none) or 1 to {MAX_OPENING_MINIMUM}"


def opening_minimum_check(value: Any) -> str | None:
    """The check of ``opening_minimum`` (T8): 0 to :data:`MAX_OPENING_MINIMUM`."""
    if not _is_int(value):
        return "must be an integer"
    if not 0 <= value <= MAX_OPENING_MINIMUM:
        return f"must be {OPENING_MINIMUM_VALUES}"
    return None


#: The JSON Schema of ``opening_minimum`` (T8).
OPENING_MINIMUM_SCHEMA = integer_schema(0, MAX_OPENING_MINIMUM)


def hand_limit_check(value: Any) -> str | None:
    """The check of ``hand_limit`` (G1): ``None`` or a number of hands."""
    return None if value is None else _int_check(low=1)(value)


#: The JSON Schema of ``hand_limit`` (G1).
HAND_LIMIT_SCHEMA: dict[str, Any] = {"oneOf": [{"type": "null"}, integer_schema(low=1)]}


def hand_size_check(value: Any) -> str | None:
    """The check of ``hand_size`` (D4), once converted: ``"auto"`` or (players, cards) pairs."""
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
    if any(size > MAX_SAFE_INTEGER for _, size in value):
        return "must give every player count at most 2**53 - 1 cards"
    return None


#: The JSON Schema of ``hand_size`` (D4): ``"auto"``, or cards by player count (a
#: document's keys are text; the player counts a rule set allows are checked by the reader).
HAND_SIZE_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"const": "auto"},
        {
            "type": "object",
            "propertyNames": {"pattern": "^[2-8]$"},
            "additionalProperties": integer_schema(low=1),
            "minProperties": 1,
        },
    ]
}


def card_values_check(value: Any) -> str | None:
    """The check of ``card_values`` (S1), once converted: a :class:`~rummy500.values.CardValues`."""
    if isinstance(value, CardValues):
        return None
    return "must be 'standard', 'fives', 'basic' or a CardValues table"


#: The JSON Schema of ``card_values`` (S1): a named table, or a table of its own
#: (:meth:`CardValues.to_dict <rummy500.values.CardValues.to_dict>`).
CARD_VALUES_SCHEMA: dict[str, Any] = {
    "oneOf": [
        {"enum": list(TABLES)},
        {
            "type": "object",
            "required": ["ranks", "low_ace", "joker"],
            "additionalProperties": False,
            "properties": {
                "ranks": {
                    "type": "object",
                    "required": [rank.symbol for rank in Rank],
                    "additionalProperties": False,
                    "properties": {rank.symbol: integer_schema() for rank in Rank},
                },
                "low_ace": integer_schema(),
                "joker": integer_schema(),
            },
        },
    ]
}


def convert_hand_size(value: Any) -> Any:
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


def convert_card_values(value: Any) -> Any:
    """A table name or dict as a :class:`CardValues`; anything else as given."""
    if isinstance(value, str):
        return TABLES.get(value, value)
    if isinstance(value, Mapping):
        try:
            return CardValues.from_dict(value)
        except ValueError:
            return value
    return value

"""Building the next state fast: copies with changes, and the start of a turn phase.

A state has many fields and most moves change a few.  :func:`evolve` copies
the rest (several times faster than ``attrs.evolve``, which validates and
looks fields up by name): for each set of fields a caller changes, it
generates once a copier that passes each field, from its argument or from the
state before, to the core's constructor.  :func:`turn_phase` builds the most
frequent successor, a new phase of a turn, written out.  :func:`build_state`
builds a state from all its values in the order of :data:`FIELDS` (the order
of :class:`~rummy500.state.GameState`'s fields, which a test guards).

A state keeps the fields that change from move to move in slots of its own
and two groups of the others in shared records
(:class:`~rummy500.statefields.TurnFields` and
:class:`~rummy500.statefields.HandFields`): a copier shares the state's
record of a group when it changes none of its fields (or sets them to the
very values held), and builds a new record otherwise; a turn phase begins
with the shared :data:`~rummy500.statefields.CLEARED_TURN`.

None of them goes through the public constructor, which converts cards and
sets each slot with a call of ``object.__setattr__`` past the frozen class's
``__setattr__``: they build a :class:`~rummy500.statecore.StateCore` (the base
class that holds the slots, natively compiled in the compiled build) in one
call, then make it a :class:`~rummy500.state.GameState` by assigning its
class, which Python allows as the subclass adds no slot; the result is an
ordinary state, equal, hashed and frozen like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

from rummy500.cards import codes_by_seat, codes_of
from rummy500.memo import store
from rummy500.state import STATE_FIELDS, GameState, Phase
from rummy500.statecore import CORE_FIELDS, StateCore
from rummy500.statefields import (
    CLEARED_TURN,
    HAND_FIELDS,
    TURN_FIELDS,
    HandFields,
    TurnFields,
)

__all__ = ["ENGINE_FIELDS", "FIELDS", "build_state", "evolve", "turn_phase"]

#: The fields of :class:`~rummy500.state.GameState`, in the order its
#: constructor takes them positionally.
FIELDS: Final[tuple[str, ...]] = STATE_FIELDS

#: The fields the state stores as card codes, the slot of each, and the
#: function that turns the field's value into the slot's.
_AS_CODES: Final = {
    "hands": ("hand_codes", "codes_by_seat"),
    "stock": ("stock_codes", "codes_of"),
    "discard": ("discard_codes", "codes_of"),
    "taken": ("taken_codes", "codes_of"),
    "known": ("known_codes", "codes_by_seat"),
}

#: The fields as the engine sets them: :data:`FIELDS` with the cards as their
#: codes, as the state stores them: ``hand_codes`` and ``known_codes`` (a
#: ``bytes`` per seat), ``stock_codes``, ``discard_codes`` and ``taken_codes``.
ENGINE_FIELDS: Final[tuple[str, ...]] = tuple(
    _AS_CODES[field][0] if field in _AS_CODES else field for field in FIELDS
)

#: The records of grouped fields: the slot, the record's class and its fields.
_GROUPS: Final[tuple[tuple[str, str, tuple[str, ...]], ...]] = (
    ("_turn", "TurnFields", TURN_FIELDS),
    ("_hand", "HandFields", HAND_FIELDS),
)


def _generate(name: str, parameters: str, values: Mapping[str, str]) -> Callable[..., StateCore]:
    """Compile ``def name(parameters)``, which builds a state setting each field to ``values``.

    ``values`` maps a field to the expression it is set from (by default the
    state's own, ``state.field``).  The
    function calls :class:`~rummy500.statecore.StateCore` with every value in
    one positional call (natively compiled in the compiled build; in plain
    Python one call that sets each slot, as the ``__init__`` attrs generates),
    then gives the core the class :class:`~rummy500.state.GameState`.  The
    state's own record of a group is kept when no field of it is given, or
    when each given value is the very object it holds.
    """
    lines = [f"def {name}({parameters}):"]
    arguments = [values.get(field, f"state.{field}") for field in CORE_FIELDS[:-2]]
    for slot, record, fields in _GROUPS:
        given = [field for field in fields if field in values]
        if not given:
            arguments.append(f"state.{slot}")
            continue
        built = f"{record}({', '.join(values.get(field, f'{slot}.{field}') for field in fields)})"
        if len(given) == len(fields):  # all given: nothing to keep
            arguments.append(built)
            continue
        held = " and ".join(f"{values[field]} is {slot}.{field}" for field in given)
        lines += [f"    {slot} = state.{slot}", f"    {slot} = {slot} if {held} else {built}"]
        arguments.append(slot)
    lines += [
        f"    built = StateCore({', '.join(arguments)})",
        "    built.__class__ = GameState",
        "    return built",
    ]
    namespace: dict[str, Any] = {
        "StateCore": StateCore,
        "GameState": GameState,
        "TurnFields": TurnFields,
        "HandFields": HandFields,
        "codes_by_seat": codes_by_seat,
        "codes_of": codes_of,
    }
    exec("\n".join(lines), namespace)  # the source is built from the field names alone
    return cast("Callable[..., StateCore]", namespace[name])


#: ``GameState(*values)``, without the frozen constructor's per-field calls.
build_state: Final[Callable[[Sequence[Any]], StateCore]] = _generate(
    "build_state",
    "values",
    {
        stored: f"{_AS_CODES[field][1]}(values[{index}])"
        if field in _AS_CODES
        else f"values[{index}]"
        for index, (field, stored) in enumerate(zip(FIELDS, ENGINE_FIELDS, strict=True))
    },
)

#: The copiers of :func:`evolve`, by the names of the fields changed, in order
#: (the engine's calls change about a dozen sets of fields; the table is emptied
#: if it ever holds :data:`_COPIERS_LIMIT`).
_COPIERS: Final[dict[tuple[str, ...], Callable[..., StateCore]]] = {}
_COPIERS_LIMIT: Final = 256


def evolve(state: StateCore, **changes: Any) -> StateCore:
    """A copy of ``state`` with ``changes`` (no validation: the engine's values are valid).

    The changes are named as in :data:`ENGINE_FIELDS` (the cards as their
    codes: ``hand_codes``, ``stock_codes`` …).

    Raises:
        TypeError: for a name that is not a field.
    """
    names = tuple(changes)
    copier = _COPIERS.get(names)
    if copier is None:
        unknown = [name for name in names if name not in ENGINE_FIELDS]
        if unknown:
            raise TypeError(f"GameState has no field {unknown[0]!r}")
        parameters = ", ".join(("state", *(f"value_{index}" for index in range(len(names)))))
        values = {name: f"value_{index}" for index, name in enumerate(names)}
        copier = store(_COPIERS, names, _generate("copy", parameters, values), _COPIERS_LIMIT)
    return copier(state, *changes.values())


def turn_phase(
    state: StateCore,
    to_move: int,
    phase: Phase,
    hand_codes: tuple[bytes, ...],
    stock_codes: bytes,
    discard_codes: bytes,
    last_discarder: int | None,
    stock_rebuilds: int,
    idle_turns: int,
    known: tuple[bytes, ...] | None = None,
) -> StateCore:
    """The state as a phase of a turn begins: the turn's fields cleared.

    The most frequent successor (every draw and every turn's end), written
    out: the turn's fields are the shared :data:`~rummy500.statefields.CLEARED_TURN`,
    no card is taken yet, the known cards are kept when ``known`` (their
    codes) is ``None``, and the state's record of the hand's quiet fields is
    kept when the stock rebuilds and idle turns are those it holds.
    """
    hand = state._hand
    if stock_rebuilds != hand.stock_rebuilds or idle_turns != hand.idle_turns:
        hand = HandFields(
            hand.dealer,
            hand.seed,
            hand.opened,
            stock_rebuilds,
            idle_turns,
            hand.joker_effect,
            hand.dealer_joker,
            hand.blocked_by,
            hand.dead,
        )
    built = StateCore(
        state.rules,
        to_move,
        phase,
        hand_codes,
        stock_codes,
        discard_codes,
        state.melds,
        last_discarder,
        b"",
        state.known_codes if known is None else known,
        CLEARED_TURN,
        hand,
    )
    built.__class__ = GameState
    return built

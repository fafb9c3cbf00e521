"""The fixed text of the code ``generate_state.py`` writes.

The generated modules' docstrings, and the code that does not depend on the
fields (the storage's stand-in for mypyc's decorator, the loop of
``copy_with``); ``generate_state.py`` writes the rest from the declaration of
the state's fields.
"""

from __future__ import annotations

FIELDS_DOC = """\
The two records in which a :class:`~rummy500.state.GameState` keeps its quiet fields.

Most moves change a few of a state's fields.  A state keeps those that change
from move to move in slots of its own, and two groups of the others in small
records shared with the states before it: :class:`TurnFields`, the fields a
new phase of a turn clears, and :class:`HandFields`, the fields that change a
few times a hand at most.  The state shows their fields as its own
attributes; the records are internal, built by the state's constructor and by
the engine's copiers (:mod:`rummy500._engine.states`), and never changed once
built."""

RECORD_DOCS = {
    "TurnFields": (
        "The fields of a state that a new phase of a turn clears, stored together.\n\n"
        "Internal: a :class:`~rummy500.state.GameState` holds one and shows its fields as its "
        "own.\n"
        "The states of a turn phase share one until a meld, a lay-off or the end\n"
        "of the hand changes it; every state that begins a phase shares\n"
        ":data:`CLEARED_TURN`."
    ),
    "HandFields": (
        "The fields of a state that change a few times a hand at most, stored together.\n\n"
        "Internal: a :class:`~rummy500.state.GameState` holds one and shows its fields as its "
        "own;\n"
        "the states of a hand share one until one of these fields changes."
    ),
}

STORAGE_DOC = """\
The stored part of a :class:`~rummy500.state.GameState`: its slots and its quiet fields.

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
class deriving from it."""

STATES_DOC = """\
Building the next state fast: copies with changes, and the start of a turn phase.

A state has many fields and most moves change a few.  :func:`evolve` copies
the rest (several times faster than ``attrs.evolve``, which validates and
converts every field): it passes each field, changed or the state's own, to
the core's constructor in one call.  :func:`turn_phase` builds the most
frequent successor, a new phase of a turn, from its changing fields alone,
:func:`took` the state after a take without a play,
:func:`dealt_state` the first state of a hand, and
:func:`after_play_state` the state after a meld or lay-off in turn.
:data:`ENGINE_FIELDS` names the fields as the engine sets them (the cards as
their codes), in the order of :class:`~rummy500.state.GameState`'s fields
(:data:`FIELDS`, which a test guards).

A state keeps the fields that change from move to move in slots of its own
and two groups of the others in shared records
(:class:`~rummy500._engine.codes.fields.TurnFields` and
:class:`~rummy500._engine.codes.fields.HandFields`): :func:`evolve` shares the state's
record of a group when it changes none of its fields (or sets them to the
very values held), and builds a new record otherwise; a turn phase begins
with the shared :data:`~rummy500._engine.codes.fields.CLEARED_TURN`.

Neither goes through the public constructor, which converts cards and
sets each slot with a call of ``object.__setattr__`` past the frozen class's
``__setattr__``: they build a :class:`~rummy500._engine.codes.storage.StateCore` (the base
class that holds the slots, natively compiled in the compiled build) in one
call, then make it a :class:`~rummy500.state.GameState` by assigning its
class, which Python allows as the subclass adds no slot; the result is an
ordinary state, equal, hashed and frozen like any other."""

EVOLVE = '''

def evolve(state: StateCore, **changes: Any) -> StateCore:
    """A copy of ``state`` with ``changes`` (no validation: the engine's values are valid).

    The changes are named as in :data:`ENGINE_FIELDS` (the cards as their
    codes: ``_seat_codes``, ``stock_codes`` …).  The state's record of a group
    of fields is shared when no field of it changes, or each given value is
    the very object it holds.

    Raises:
        TypeError: for a name that is not a field.
    """
    return copy_with(state, changes)


def copy_with(state: StateCore, changes: dict[str, Any]) -> StateCore:
    """:func:`evolve` with the changes in a dict (which a caller may build up in steps).

    Each change is placed by one lookup of its name; the fields not named are
    the state's own.
    """'''

COPY_LOOP = """    turn_values: list[Any] | None = None
    hand_values: list[Any] | None = None
    turn_changed = hand_changed = False
    for name, value in changes.items():
        place = _PLACE.get(name)
        if place is None:
            raise TypeError(f"GameState has no field {name!r}")
        record, position = place
        if record == 0:
            own[position] = value
        elif record == 1:
            if turn_values is None:
                turn_values = state._turn.values()
            turn_changed = turn_changed or value is not turn_values[position]
            turn_values[position] = value
        else:
            if hand_values is None:
                hand_values = state._hand.values()
            hand_changed = hand_changed or value is not hand_values[position]
            hand_values[position] = value"""

STATE_RECORD_DOC = """\
The fields of :class:`GameState`, in order: what ``attrs.fields(GameState)`` lists.

Never built: GameState shows attrs these fields (``__attrs_attrs__``), and
type checkers see GameState as this class (their attrs plugins then type
``attrs.fields`` and ``attrs.evolve`` on states)."""

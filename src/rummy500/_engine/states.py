"""Building the next state fast: copies with changes, and the start of a turn phase.

A state has many fields and most moves change a few: :func:`evolve` copies
the rest positionally (several times faster than ``attrs.evolve``, which
validates and looks fields up by name).  :func:`turn_phase` builds the most
frequent successor, a new phase of a turn, directly.  Both rely on the field
order of :class:`~rummy500.state.GameState`, which :data:`FIELDS` records and
a test guards.

Both fill the state's slots directly rather than through its constructor: a
frozen class sets each field with a call of ``object.__setattr__``, which made
building a state half the cost of a draw or a discard.  The engine fills a
plain class with the same slots (:class:`_Builder`), then makes the object a
:class:`~rummy500.state.GameState` by assigning its class, which Python allows
between classes of the same slot layout; the result is an ordinary state,
equal, hashed and frozen like any other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import Any, cast

import attrs

from rummy500.cards import Card
from rummy500.state import GameState, Phase

__all__ = ["FIELDS", "build_state", "evolve", "turn_phase"]

#: The fields of :class:`~rummy500.state.GameState`, in the order its
#: constructor takes them positionally.
FIELDS: tuple[str, ...] = tuple(field.name for field in attrs.fields(GameState))
_POSITION = {name: index for index, name in enumerate(FIELDS)}
_VALUES = attrgetter(*FIELDS)

#: The slots of GameState: its fields, then attrs' cache of the hash.
_SLOTS: tuple[str, ...] = GameState.__slots__  # type: ignore[attr-defined]

#: A plain class with the same slots.
_Builder = type("_Builder", (), {"__slots__": _SLOTS})


def _builder_source() -> str:
    """The source of ``build(values)``: one slot set per field, then the class assigned.

    Generated once, as attrs generates a class's ``__init__``: a line per
    field is what makes it fast (a loop calling a setter per field is not).
    """
    lines = ["def build(values):", "    state = new(Builder)"]
    lines += [f"    state.{name} = values[{index}]" for index, name in enumerate(FIELDS)]
    # any other slot is attrs' cache of the hash: None until the hash is asked
    lines += [f"    state.{name} = None" for name in _SLOTS if name not in FIELDS]
    lines += ["    state.__class__ = GameState", "    return state"]
    return "\n".join(lines)


def _compile_builder() -> Callable[[Sequence[Any]], GameState]:
    namespace: dict[str, Any] = {"new": object.__new__, "Builder": _Builder, "GameState": GameState}
    exec(_builder_source(), namespace)  # the source is built from the field names alone
    return cast("Callable[[Sequence[Any]], GameState]", namespace["build"])


#: ``GameState(*values)``, without the frozen constructor's per-field calls.
build_state = _compile_builder()


def evolve(state: GameState, **changes: Any) -> GameState:
    """A copy of ``state`` with ``changes`` (no validation: the engine's values are valid)."""
    values = list(_VALUES(state))
    for name, value in changes.items():
        values[_POSITION[name]] = value
    return build_state(values)


def turn_phase(
    state: GameState,
    to_move: int,
    phase: Phase,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard: tuple[Card, ...],
    last_discarder: int | None,
    stock_rebuilds: int,
    idle_turns: int,
    known: tuple[tuple[Card, ...], ...] | None = None,
) -> GameState:
    """The state as a phase of a turn begins: the turn's fields cleared, the rest kept.

    The fields are given positionally in the order of :data:`FIELDS`.
    """
    return build_state(
        (
            state.rules,
            state.dealer,
            to_move,
            phase,
            hands,
            stock,
            discard,
            state.melds,
            last_discarder,
            (),  # taken
            None,  # result
            state.seed,
            state.opened,
            0,  # turn_points
            0,  # turn_cards
            0,  # turn_longest_run
            stock_rebuilds,
            idle_turns,
            None,  # went_out
            False,  # went_out_rummy
            False,  # went_out_long_run
            state.joker_effect,
            state.dealer_joker,
            state.blocked_by,
            state.dead,
            state.known if known is None else known,
        )
    )

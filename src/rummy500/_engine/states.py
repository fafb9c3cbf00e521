"""Building the next state fast: copies with changes, and the start of a turn phase.

A state has many fields and most moves change a few: :func:`evolve` copies
the rest positionally (several times faster than ``attrs.evolve``, which
validates and looks fields up by name).  :func:`turn_phase` builds the most
frequent successor, a new phase of a turn, directly.  Both rely on the field
order of :class:`~rummy500.state.GameState`, which :data:`FIELDS` records and
a test guards.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

import attrs

from rummy500.cards import Card
from rummy500.state import GameState, Phase

__all__ = ["FIELDS", "evolve", "turn_phase"]

#: The fields of :class:`~rummy500.state.GameState`, in the order its
#: constructor takes them positionally.
FIELDS: tuple[str, ...] = tuple(field.name for field in attrs.fields(GameState))
_POSITION = {name: index for index, name in enumerate(FIELDS)}
_VALUES = attrgetter(*FIELDS)


def evolve(state: GameState, **changes: Any) -> GameState:
    """A copy of ``state`` with ``changes`` (no validation: the engine's values are valid)."""
    values = list(_VALUES(state))
    for name, value in changes.items():
        values[_POSITION[name]] = value
    return GameState(*values)


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
    return GameState(
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

"""Building the next state fast: copies with changes, and the start of a turn phase.

A state has many fields and most moves change a few.  :func:`evolve` copies
the rest (several times faster than ``attrs.evolve``, which validates and
converts every field): it passes each field, changed or the state's own, to
the core's constructor in one call.  :func:`turn_phase` builds the most
frequent successor, a new phase of a turn, from its changing fields alone.
:data:`ENGINE_FIELDS` names the fields as the engine sets them (the cards as
their codes), in the order of :class:`~rummy500.state.GameState`'s fields
(:data:`FIELDS`, which a test guards).

A state keeps the fields that change from move to move in slots of its own
and two groups of the others in shared records
(:class:`~rummy500.statefields.TurnFields` and
:class:`~rummy500.statefields.HandFields`): :func:`evolve` shares the state's
record of a group when it changes none of its fields (or sets them to the
very values held), and builds a new record otherwise; a turn phase begins
with the shared :data:`~rummy500.statefields.CLEARED_TURN`.

Neither goes through the public constructor, which converts cards and
sets each slot with a call of ``object.__setattr__`` past the frozen class's
``__setattr__``: they build a :class:`~rummy500.statecore.StateCore` (the base
class that holds the slots, natively compiled in the compiled build) in one
call, then make it a :class:`~rummy500.state.GameState` by assigning its
class, which Python allows as the subclass adds no slot; the result is an
ordinary state, equal, hashed and frozen like any other.
"""

from __future__ import annotations

from typing import Any, Final

from rummy500.state import STATE_FIELDS, GameState, Phase
from rummy500.statecore import StateCore
from rummy500.statefields import (
    CLEARED_TURN,
    HAND_FIELDS,
    TURN_FIELDS,
    HandFields,
    TurnFields,
)

__all__ = ["ENGINE_FIELDS", "FIELDS", "copy_with", "evolve", "turn_phase"]

#: The fields of :class:`~rummy500.state.GameState`, in the order its
#: constructor takes them positionally.
FIELDS: Final[tuple[str, ...]] = STATE_FIELDS

#: The fields the state stores as card codes, and the slot of each (the hands
#: and the known cards share one).
_AS_CODES: Final = {
    "hands": "seat_codes",
    "stock": "stock_codes",
    "discard": "discard_codes",
    "taken": "taken_codes",
    "known": "seat_codes",
}

#: The fields as the engine sets them: :data:`FIELDS` with the cards as their
#: codes, as the state stores them: ``seat_codes`` (the hands and the known
#: cards of every seat, see :mod:`rummy500.seatcodes`, in the place of
#: ``hands``), ``stock_codes``, ``discard_codes`` and ``taken_codes``.
ENGINE_FIELDS: Final[tuple[str, ...]] = tuple(
    dict.fromkeys([_AS_CODES.get(field, field) for field in FIELDS])
)
#: Each field by the record that holds it: 0 the state itself, 1 the turn's
#: record, 2 the hand's (one lookup per changed name).
_RECORD_OF: Final[dict[str, int]] = {
    name: 1 if name in TURN_FIELDS else 2 if name in HAND_FIELDS else 0 for name in ENGINE_FIELDS
}
#: The public class the engine gives the states it builds (a name imported from a
#: plain module would be looked up at every state).
_GAME_STATE: Final = GameState


def evolve(state: StateCore, **changes: Any) -> StateCore:
    """A copy of ``state`` with ``changes`` (no validation: the engine's values are valid).

    The changes are named as in :data:`ENGINE_FIELDS` (the cards as their
    codes: ``seat_codes``, ``stock_codes`` …).  The state's record of a group
    of fields is shared when no field of it changes, or each given value is
    the very object it holds.

    Raises:
        TypeError: for a name that is not a field.
    """
    return copy_with(state, changes)


def copy_with(state: StateCore, changes: dict[str, Any]) -> StateCore:
    """:func:`evolve` with the changes in a dict (which a caller may build up in steps)."""
    turn_changes = hand_changes = False
    for name in changes:
        record = _RECORD_OF.get(name)
        if record is None:
            raise TypeError(f"GameState has no field {name!r}")
        if record == 1:
            turn_changes = True
        elif record == 2:
            hand_changes = True
    turn = _turn_with(state._turn, changes) if turn_changes else state._turn
    hand = _hand_with(state._hand, changes) if hand_changes else state._hand
    built = StateCore(
        changes.get("rules", state.rules),
        changes.get("to_move", state.to_move),
        changes.get("phase", state.phase),
        changes.get("seat_codes", state.seat_codes),
        changes.get("stock_codes", state.stock_codes),
        changes.get("discard_codes", state.discard_codes),
        changes.get("melds", state.melds),
        changes.get("last_discarder", state.last_discarder),
        changes.get("taken_codes", state.taken_codes),
        turn,
        hand,
    )
    built.__class__ = _GAME_STATE
    return built


def _turn_with(turn: TurnFields, changes: dict[str, Any]) -> TurnFields:
    """``turn`` with the turn fields of ``changes`` (itself if each is the very value held)."""
    result = changes.get("result", turn.result)
    points = changes.get("turn_points", turn.turn_points)
    cards = changes.get("turn_cards", turn.turn_cards)
    longest = changes.get("turn_longest_run", turn.turn_longest_run)
    out = changes.get("went_out", turn.went_out)
    rummy = changes.get("went_out_rummy", turn.went_out_rummy)
    long_run = changes.get("went_out_long_run", turn.went_out_long_run)
    if (
        result is turn.result
        and points is turn.turn_points
        and cards is turn.turn_cards
        and longest is turn.turn_longest_run
        and out is turn.went_out
        and rummy is turn.went_out_rummy
        and long_run is turn.went_out_long_run
    ):
        return turn
    return TurnFields(result, points, cards, longest, out, rummy, long_run)


def _hand_with(hand: HandFields, changes: dict[str, Any]) -> HandFields:
    """``hand`` with the hand fields of ``changes`` (itself if each is the very value held)."""
    dealer = changes.get("dealer", hand.dealer)
    seed = changes.get("seed", hand.seed)
    opened = changes.get("opened", hand.opened)
    rebuilds = changes.get("stock_rebuilds", hand.stock_rebuilds)
    idle = changes.get("idle_turns", hand.idle_turns)
    effect = changes.get("joker_effect", hand.joker_effect)
    dealer_joker = changes.get("dealer_joker", hand.dealer_joker)
    blocked_by = changes.get("blocked_by", hand.blocked_by)
    dead = changes.get("dead", hand.dead)
    if (
        dealer is hand.dealer
        and seed is hand.seed
        and opened is hand.opened
        and rebuilds is hand.stock_rebuilds
        and idle is hand.idle_turns
        and effect is hand.joker_effect
        and dealer_joker is hand.dealer_joker
        and blocked_by is hand.blocked_by
        and dead is hand.dead
    ):
        return hand
    return HandFields(dealer, seed, opened, rebuilds, idle, effect, dealer_joker, blocked_by, dead)


def turn_phase(
    state: StateCore,
    to_move: int,
    phase: Phase,
    seat_codes: bytes,
    stock_codes: bytes,
    discard_codes: bytes,
    last_discarder: int | None,
    stock_rebuilds: int,
    idle_turns: int,
) -> StateCore:
    """The state as a phase of a turn begins: the turn's fields cleared.

    The most frequent successor (every draw and every turn's end), written
    out: the turn's fields are the shared :data:`~rummy500.statefields.CLEARED_TURN`,
    no card is taken yet, and the state's record of the hand's quiet fields is
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
        seat_codes,
        stock_codes,
        discard_codes,
        state.melds,
        last_discarder,
        b"",
        CLEARED_TURN,
        hand,
    )
    built.__class__ = _GAME_STATE
    return built

"""Building the next state fast: copies with changes, and the start of a turn phase.

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
ordinary state, equal, hashed and frozen like any other.
"""

from __future__ import annotations

from typing import Any, Final

from rummy500._engine.boundary import PLAY
from rummy500._engine.codes.fields import (
    CLEARED_TURN,
    HAND_FIELDS,
    TURN_FIELDS,
    HandFields,
    TurnFields,
)
from rummy500._engine.codes.seats import pack
from rummy500._engine.codes.storage import CORE_FIELDS, StateCore
from rummy500.rules import Rules
from rummy500.state import STATE_FIELDS, GameState, Phase
from rummy500.statevalues import TableMeld

__all__ = [
    "ENGINE_FIELDS",
    "FIELDS",
    "after_play_state",
    "copy_with",
    "dealt_state",
    "evolve",
    "took",
    "turn_phase",
]

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
#: cards of every seat, see :mod:`rummy500._engine.codes.seats`, in the place of
#: ``hands``), ``stock_codes``, ``discard_codes`` and ``taken_codes``.
ENGINE_FIELDS: Final[tuple[str, ...]] = tuple(
    dict.fromkeys([_AS_CODES.get(field, field) for field in FIELDS])
)
#: Each field as the engine names it: the record that holds it (0 the state
#: itself, 1 the turn's record, 2 the hand's) and its place among that record's
#: constructor arguments (one lookup per changed name).
_PLACE: Final[dict[str, tuple[int, int]]] = {
    **{name: (0, place) for place, name in enumerate(CORE_FIELDS) if not name.startswith("_")},
    **{name: (1, place) for place, name in enumerate(TURN_FIELDS)},
    **{name: (2, place) for place, name in enumerate(HAND_FIELDS)},
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
    """:func:`evolve` with the changes in a dict (which a caller may build up in steps).

    Each change is placed by one lookup of its name; the fields not named are
    the state's own.
    """
    own: list[Any] = [
        state.rules,
        state.to_move,
        state.phase,
        state.seat_codes,
        state.stock_codes,
        state.discard_codes,
        state.melds,
        state.last_discarder,
        state.taken_codes,
    ]
    turn_values: list[Any] | None = None
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
            hand_values[position] = value
    turn = state._turn
    if turn_changed and turn_values is not None:
        t = turn_values
        turn = TurnFields(t[0], t[1], t[2], t[3], t[4], t[5], t[6])
    hand = state._hand
    if hand_changed and hand_values is not None:
        h = hand_values
        hand = HandFields(h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8])
    built = StateCore(
        own[0], own[1], own[2], own[3], own[4], own[5], own[6], own[7], own[8], turn, hand
    )
    built.__class__ = _GAME_STATE
    return built


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
    out: the turn's fields are the shared :data:`~rummy500._engine.codes.fields.CLEARED_TURN`,
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


def after_play_state(
    state: StateCore,
    seat_codes: bytes,
    melds: tuple[TableMeld, ...],
    opened: frozenset[int],
    turn_points: int,
    turn_cards: int,
    turn_longest_run: int,
    pile: bytes | None,
    taken: bytes,
) -> StateCore:
    """The state after a meld or lay-off in turn, with the take that brought it if any.

    The second most frequent successor, written out like :func:`turn_phase`:
    the mover's seats, the table and the turn's tallies change, and the count
    of idle turns starts again (T6, ``play_on``: a turn that puts a card on
    the table is not idle).  With ``pile`` (the pile less the cards a take or split
    took), the turn's play phase begins: ``taken`` are the cards taken and
    no "Rummy!" window stays open; without, the state's own phase, pile and
    taken cards stay.
    """
    turn = state._turn
    if (
        turn_points != turn.turn_points
        or turn_cards != turn.turn_cards
        or turn_longest_run != turn.turn_longest_run
    ):
        turn = TurnFields(
            turn.result,
            turn_points,
            turn_cards,
            turn_longest_run,
            turn.went_out,
            turn.went_out_rummy,
            turn.went_out_long_run,
        )
    hand = state._hand
    if opened is not hand.opened or hand.idle_turns:
        hand = HandFields(
            hand.dealer,
            hand.seed,
            opened,
            hand.stock_rebuilds,
            0,
            hand.joker_effect,
            hand.dealer_joker,
            hand.blocked_by,
            hand.dead,
        )
    if pile is None:
        phase, pile, last_discarder, taken = (
            state.phase,
            state.discard_codes,
            state.last_discarder,
            state.taken_codes,
        )
    else:
        phase, last_discarder = PLAY, None
    built = StateCore(
        state.rules,
        state.to_move,
        phase,
        seat_codes,
        state.stock_codes,
        pile,
        melds,
        last_discarder,
        taken,
        turn,
        hand,
    )
    built.__class__ = _GAME_STATE
    return built


def took(state: StateCore, seat_codes: bytes, pile: bytes, taken: bytes) -> StateCore:
    """The state after taking ``taken`` from the pile without a play: the play phase begins.

    ``pile`` is what is left of the pile; the "Rummy!" window of the last
    discard closes.
    """
    built = StateCore(
        state.rules,
        state.to_move,
        PLAY,
        seat_codes,
        state.stock_codes,
        pile,
        state.melds,
        None,
        taken,
        state._turn,
        state._hand,
    )
    built.__class__ = _GAME_STATE
    return built


def dealt_state(
    rules: Rules,
    dealer: int,
    to_move: int,
    phase: Phase,
    hands: tuple[bytes, ...],
    stock: bytes,
    discard: bytes,
    seed: int | None,
    dealer_joker: bool,
) -> StateCore:
    """The first state of a hand from the dealt cards' codes (what ``GameState(...)`` builds).

    Nothing is played, taken or known yet; every count of the hand starts at 0.
    """
    built = StateCore(
        rules,
        to_move,
        phase,
        pack(hands, (b"",) * len(hands)),
        stock,
        discard,
        (),
        None,
        b"",
        CLEARED_TURN,
        HandFields(dealer, seed, frozenset(), 0, 0, None, dealer_joker, None, ()),
    )
    built.__class__ = _GAME_STATE
    return built

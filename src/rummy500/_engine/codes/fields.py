"""The two records in which a :class:`~rummy500.state.GameState` keeps its quiet fields.

Most moves change a few of a state's fields.  A state keeps those that change
from move to move in slots of its own, and two groups of the others in small
records shared with the states before it: :class:`TurnFields`, the fields a
new phase of a turn clears, and :class:`HandFields`, the fields that change a
few times a hand at most.  The state shows their fields as its own
attributes; the records are internal, built by the state's constructor and by
the engine's copiers (:mod:`rummy500._engine.states`), and never changed once
built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from rummy500.cards import Card
    from rummy500.statevalues import HandResult, JokerEffect

__all__ = ["CLEARED_TURN", "HAND_FIELDS", "TURN_FIELDS", "HandFields", "TurnFields"]

#: The fields of :class:`TurnFields`, in the order its constructor takes them.
TURN_FIELDS: Final[tuple[str, ...]] = (
    "result",
    "turn_points",
    "turn_cards",
    "turn_longest_run",
    "went_out",
    "went_out_rummy",
    "went_out_long_run",
)

#: The fields of :class:`HandFields`, in the order its constructor takes them.
HAND_FIELDS: Final[tuple[str, ...]] = (
    "dealer",
    "seed",
    "opened",
    "stock_rebuilds",
    "idle_turns",
    "joker_effect",
    "dealer_joker",
    "blocked_by",
    "dead",
)


class TurnFields:
    """The fields of a state that a new phase of a turn clears, stored together.

    Internal: a :class:`~rummy500.state.GameState` holds one and shows its fields as its own.
    The states of a turn phase share one until a meld, a lay-off or the end
    of the hand changes it; every state that begins a phase shares
    :data:`CLEARED_TURN`.
    """

    __slots__ = TURN_FIELDS

    def __init__(
        self,
        result: HandResult | None,
        turn_points: int,
        turn_cards: int,
        turn_longest_run: int,
        went_out: int | None,
        went_out_rummy: bool,
        went_out_long_run: bool,
    ) -> None:
        self.result = result
        self.turn_points = turn_points
        self.turn_cards = turn_cards
        self.turn_longest_run = turn_longest_run
        self.went_out = went_out
        self.went_out_rummy = went_out_rummy
        self.went_out_long_run = went_out_long_run

    def values(self) -> list[Any]:
        """The fields, in the order of :data:`TURN_FIELDS` (a new list, to change and pass back)."""
        return [
            self.result,
            self.turn_points,
            self.turn_cards,
            self.turn_longest_run,
            self.went_out,
            self.went_out_rummy,
            self.went_out_long_run,
        ]


#: The turn fields as a phase of a turn begins (shared by every state that begins one).
CLEARED_TURN: Final = TurnFields(None, 0, 0, 0, None, False, False)


class HandFields:
    """The fields of a state that change a few times a hand at most, stored together.

    Internal: a :class:`~rummy500.state.GameState` holds one and shows its fields as its own;
    the states of a hand share one until one of these fields changes.
    """

    __slots__ = HAND_FIELDS

    def __init__(
        self,
        dealer: int,
        seed: int | None,
        opened: frozenset[int],
        stock_rebuilds: int,
        idle_turns: int,
        joker_effect: JokerEffect | None,
        dealer_joker: bool,
        blocked_by: int | None,
        dead: tuple[Card, ...],
    ) -> None:
        self.dealer = dealer
        self.seed = seed
        self.opened = opened
        self.stock_rebuilds = stock_rebuilds
        self.idle_turns = idle_turns
        self.joker_effect = joker_effect
        self.dealer_joker = dealer_joker
        self.blocked_by = blocked_by
        self.dead = dead

    def values(self) -> list[Any]:
        """The fields, in the order of :data:`HAND_FIELDS` (a new list, to change and pass back)."""
        return [
            self.dealer,
            self.seed,
            self.opened,
            self.stock_rebuilds,
            self.idle_turns,
            self.joker_effect,
            self.dealer_joker,
            self.blocked_by,
            self.dead,
        ]

"""What limits the end of a turn: the rules that only forbid, answered once for a seat's turn.

A turn ends with a discard (T10) or, where the rules allow, by melding or
laying off the last card (E1, E2).  Rules that only forbid can keep it from
ending:

* T11: the card taken alone from the pile may not be discarded in that turn
  (:func:`forbidden_discards`, this rule's one home);
* T8: a player who has begun to open must reach the opening minimum first,
  and may not lay off before opening;
* E2 (``discard_required``): a card must be kept to discard;
* E3 (``final_discard_must_be_unplayable``): the last card may not be
  discarded if it could be laid off;
* what the variant does with jokers this hand: jokers that fit no meld, a
  joker that may double a new meld, a joker the player may play though it is
  not in the hand (the *reserve*).

:func:`turn_limits` gathers what depends on the seat and the turn into one
record, :class:`TurnLimits`; every check of a turn's end and the look-ahead
of the dead-end rule (N1, :mod:`~rummy500._engine.dead_ends`) take that
record.  The knobs E2 and E3 are the same for every seat: they are read on
the rule set's profile.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from rummy500._engine.illegal import illegal
from rummy500._engine.opening import minimum_to_reach, points_short
from rummy500.cards import JOKER_CODE, card_from_code
from rummy500.errors import IllegalMoveError, Reason

if TYPE_CHECKING:
    from rummy500._engine.codes.storage import StateCore
    from rummy500._engine.profile import Profile

__all__ = [
    "FORBIDDEN_REASON",
    "TurnLimits",
    "allowed_count",
    "codes_in",
    "forbidden_discard_problem",
    "forbidden_discards",
    "holds_only_forbidden",
    "spend",
    "turn_limits",
]


def forbidden_discards(knobs: Profile, taken: bytes) -> int:
    """The cards that may not be discarded this turn (T11), as a mask of card codes.

    ``taken`` are the cards taken from the pile this turn.  A player who took
    only the top discard may not discard it, nor, with two decks, a card
    identical to it (a card code stands for every copy); a player who took
    more than one card may discard any of them.  Bit ``code`` of the mask is
    set for each card code that may not be discarded.

    >>> from rummy500 import Rules
    >>> from rummy500._engine.ruleset import profile
    >>> knobs = profile(Rules())
    >>> forbidden_discards(knobs, bytes([7])) == 1 << 7, forbidden_discards(knobs, bytes([7, 9]))
    (True, 0)
    """
    return 1 << taken[0] if len(taken) == 1 else 0


#: Why a card may not be discarded, for the message of a dead end (N1).
FORBIDDEN_REASON: Final = "the card taken alone may not be discarded (T11)"


def forbidden_discard_problem(player: int, code: int) -> IllegalMoveError:
    """The error of discarding the card ``code`` that may not be discarded this turn (T11)."""
    return illegal(
        Reason.DISCARD_TAKEN_CARD,
        f"p{player} took only the top discard, {card_from_code(code)}, and may not discard "
        "it this turn",
        "T11",
    )


def codes_in(mask: int) -> list[int]:
    """The card codes whose bits are set in ``mask``, ascending."""
    codes = []
    while mask:
        codes.append((mask & -mask).bit_length() - 1)
        mask &= mask - 1
    return codes


def allowed_count(hand: bytes, forbidden: int) -> int:
    """How many cards of ``hand`` are not among the cards that may not be discarded (T11)."""
    count = len(hand)
    for code in codes_in(forbidden):
        count -= hand.count(code)
    return count


def holds_only_forbidden(hand: bytes, forbidden: int) -> bool:
    """Whether there are cards that may not be discarded and ``hand`` holds no other card.

    ``forbidden`` is the mask of :func:`forbidden_discards`; an empty hand
    holds no other card.
    """
    if not forbidden:
        return False
    return all(forbidden >> code & 1 for code in hand)


class TurnLimits:
    """What may keep one seat's turn from ending (see the module docstring).

    Attributes:
        forbidden: The cards that may not be discarded this turn (T11), a mask
            of card codes (:func:`forbidden_discards`).
        minimum: The opening minimum the seat must still reach (T8); 0 when
            there is none or the seat has opened.
        melded: The points of the new melds the seat laid this turn, toward it.
        may_lay_off: Whether the seat may lay off (T8: only once opened).
        reserve: 1 if the seat may play a joker that is not in its hand (the
            variant's; it is played before a joker of the hand, never
            discarded, and not needed to go out), else 0.
        jokers_tame: Whether jokers fit no meld and no lay-off this hand.
        jokers_double: Whether a joker laid over a new meld doubles it this hand.
    """

    __slots__ = (
        "forbidden",
        "jokers_double",
        "jokers_tame",
        "may_lay_off",
        "melded",
        "minimum",
        "reserve",
    )

    def __init__(
        self,
        forbidden: int,
        minimum: int,
        melded: int,
        reserve: int,
        jokers_tame: bool,
        jokers_double: bool,
    ) -> None:
        self.forbidden = forbidden
        self.minimum = minimum
        self.melded = melded
        self.may_lay_off = not minimum
        self.reserve = reserve
        self.jokers_tame = jokers_tame
        self.jokers_double = jokers_double

    def need(self, points: int) -> int:
        """The points still to meld to open after new melds worth ``points`` more (T8)."""
        return points_short(self.minimum, self.melded, points)


def turn_limits(knobs: Profile, state: StateCore, seat: int, taken: bytes) -> TurnLimits:
    """What limits the end of ``seat``'s turn, the cards ``taken`` from the pile this turn.

    ``state`` is the state the turn is in (or, for a take, a call or a split,
    the state before it: the turn's tallies are then those of a new turn).
    """
    minimum = minimum_to_reach(knobs, state, seat)
    variant = knobs.variant
    return TurnLimits(
        forbidden_discards(knobs, taken),
        minimum,
        state.turn_points if minimum and seat == state.to_move else 0,
        variant.reserve(state, seat),
        variant.jokers_tame(state),
        variant.jokers_double(state),
    )


def spend(
    used: Sequence[int], reserve: int, required: int | None = None
) -> tuple[tuple[int, ...], bool]:
    """The cards a play takes from the hand, and whether it spends the reserve joker.

    The reserve joker (:attr:`TurnLimits.reserve`) is used before a joker of
    the hand, except that a joker taken from the pile that the play must meld
    (``required``) is played itself.
    """
    if reserve and used.count(JOKER_CODE) > (required == JOKER_CODE):
        from_hand = list(used)
        from_hand.remove(JOKER_CODE)
        return tuple(from_hand), True
    return tuple(used), False

"""Discarding: the end of a turn (T10, T11).

Unless the player has gone out, the turn ends with a card from the hand put
face up on the pile (T10); a player who took only the top discard may not
discard that card (or, with two decks, one identical to it) in the same turn
(T11).  Discarding the last card goes out (E1), and may be forbidden when
it could be laid off (E3); a player short of the opening minimum may not end
the turn (T8).  The first discard of a hand under ``first_discard =
"chooser"`` (D6) is a discard too.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.boundary import PLAY, discards_by_code
from rummy500._engine.codes.seats import ONE_BYTE, hand_of, hand_size, without_card
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.drawing import next_turn
from rummy500._engine.going_out import final_discard_problem, went_out
from rummy500._engine.hands import hand_index
from rummy500._engine.illegal import illegal
from rummy500._engine.limits import codes_in, forbidden_discard_problem, forbidden_discards
from rummy500._engine.opening import discard_problem as opening_problem
from rummy500._engine.profile import Profile
from rummy500._engine.scoring import going_rummy
from rummy500._engine.states import evolve
from rummy500.errors import IllegalMoveError, Reason
from rummy500.moves import Discard, Move

__all__ = ["discard", "discard_moves", "discard_problem"]


def discard_problem(
    knobs: Profile, state: StateCore, player: int, code: int
) -> IllegalMoveError | None:
    """Why the player to move may not discard the card ``code`` they hold (T8, T11, E3)."""
    taken = state.taken_codes
    if taken and state.phase is PLAY and forbidden_discards(knobs, taken) >> code & 1:
        return forbidden_discard_problem(player, code)
    if not knobs.blockable:
        return None  # no opening minimum (T8) and no restriction on going out (E3)
    return opening_problem(knobs, state, player) or final_discard_problem(
        knobs, state, player, code
    )


def discard(knobs: Profile, state: StateCore, move: Discard) -> StateCore:
    """Discard a card: the turn ends, or the player goes out with the last card (T10, E1)."""
    player = move.player
    code = move.card.code
    # The card leaves the hand, and a known copy of it stops being known (as
    # known_after tells for a discard): one edit of the seats' codes.
    seats = without_card(state._seat_codes, player, code)
    if seats is None:
        raise illegal(Reason.CARDS_NOT_AVAILABLE, f"p{player} does not hold {move.card}", "T10")
    problem = discard_problem(knobs, state, player, code)
    if problem is not None:
        raise problem
    pile = state.discard_codes + ONE_BYTE[code]
    if not hand_size(seats, player):
        after = evolve(state, _seat_codes=seats, discard_codes=pile)
        return went_out(
            knobs,
            after,
            player,
            going_rummy=going_rummy(after.melds, player, after.turn_cards),
            long_run=state.turn_longest_run >= 7,
        )
    return next_turn(knobs, state, player, discarded=True, _seat_codes=seats, discard_codes=pile)


def discard_moves(
    knobs: Profile, state: StateCore, *, checked: bool | None = None
) -> Sequence[Move]:
    """The discards of each distinct card the player to move holds that may be discarded.

    The cards that may not be discarded this turn are skipped (T11);
    ``checked`` asks :func:`discard_problem` about every card (the rules
    beyond T11; by default when the rule set has any).
    """
    player = state.to_move
    if checked is None:
        checked = knobs.blockable
    candidates: Sequence[Discard] = hand_index(hand_of(state._seat_codes, player)).discards(player)
    taken = state.taken_codes
    if taken and state.phase is PLAY:
        forbidden = forbidden_discards(knobs, taken)
        if forbidden:
            table = discards_by_code(player)  # the shared moves the hand's discards hold
            banned = [table[code] for code in codes_in(forbidden)]
            if len(banned) == 1:
                only = banned[0]
                candidates = [move for move in candidates if move is not only]
            else:
                candidates = [m for m in candidates if not any(m is ban for ban in banned)]
    if checked:
        candidates = [
            move
            for move in candidates
            if discard_problem(knobs, state, player, move.card.code) is None
        ]
    return candidates

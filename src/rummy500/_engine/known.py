"""The cards every player knows another holds: the cards it took from the pile.

A card taken from the discard pile (a take, a "Rummy!" call of the pile, a
split under dealer's gambit) goes into the taker's hand face up for everyone
to see: from then on every player knows that seat holds it, until the seat
melds, lays off or discards a card identical to it (one copy at a time: with
two decks identical cards are interchangeable, so the known cards are exactly
what the public moves tell, never more).  Cards drawn from the stock are
never known.  The handlers of the moves ask :func:`known_after_taking` and
:func:`known_after_play`; :func:`known_after` answers for any move.
"""

from __future__ import annotations

from rummy500._engine.boundary import (
    BLOCK_MOVE,
    CALL_MOVE,
    DISCARD_MOVE,
    PLAY_MOVES,
    SPLIT_MOVE,
    TAKE_MOVE,
)
from rummy500._engine.codes.seats import ONE_BYTE, known_of
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.hands import with_cards
from rummy500._engine.limits import spend
from rummy500._engine.plays import physical
from rummy500._engine.profile import Profile
from rummy500.cards import JOKER_CODE
from rummy500.moves import Move, Play

__all__ = ["known_after", "known_after_play", "known_after_taking"]


def known_after(knobs: Profile, state: StateCore, move: Move) -> bytes | None:
    """The known cards after ``move``, a legal move in ``state`` (the state *before* it).

    - ``take N``, a "Rummy!" call of the pile (R1) and a split (V7): the
      cards taken become known; the cards of the play that melds the deepest
      one (and any others it uses) are then on the table; a split may also
      spend the joker that split the pile.
    - A meld, a lay-off (in turn, out of turn, in the final lay-offs) and a
      discard: one known copy of each card played stops being known; a block
      (V7) plays a joker.  A joker the player plays from outside the hand (the
      reserve) was never in the hand.
    - A "Rummy!" call of the top discard (R2) puts it straight on the table;
      draws, ``end``, ``pass`` and nominations reveal nothing.

    Only the known cards of the seat that moves can change.  Returns their
    codes (sorted) when they change, else ``None``.
    """
    seat = move.player
    if isinstance(move, CALL_MOVE):
        if knobs.rummy_call == "layoff_top":
            return None
        return known_after_taking(knobs, state, seat, move.count, move.play, False, False)
    if isinstance(move, TAKE_MOVE):
        return known_after_taking(knobs, state, seat, move.count, move.play, True, False)
    if isinstance(move, SPLIT_MOVE):
        return known_after_taking(knobs, state, seat, move.count, move.play, True, True)
    if isinstance(move, PLAY_MOVES):
        return known_after_play(knobs, state, seat, move)
    known = known_of(state._seat_codes, seat)
    if not known:
        return None  # nothing of this seat is known: playing cards reveals nothing more
    if isinstance(move, DISCARD_MOVE):
        codes = _without(known, [move.card.code])
    elif isinstance(move, BLOCK_MOVE):
        codes = _without(known, [JOKER_CODE])
    else:
        return None
    return None if codes == known else codes


def known_after_taking(
    knobs: Profile,
    state: StateCore,
    seat: int,
    count: int,
    play: Play | None,
    in_turn: bool,
    split: bool,
) -> bytes | None:
    """The known cards of ``seat`` after it takes the top ``count`` pile cards.

    ``play`` melds the deepest of them (if any); ``in_turn`` is false for a
    "Rummy!" call, whose play uses pile cards alone; ``split`` for a split of
    the pile, which may spend a joker of the hand.
    """
    known = known_of(state._seat_codes, seat)
    gained = state.discard_codes[-count:]
    played = [] if play is None else _from_hand(knobs, state, seat, play, gained[0], in_turn)
    if split and knobs.variant.split_spends_joker(state, seat):
        played.append(JOKER_CODE)  # the joker that split the pile
    codes = _without(with_cards(known, gained), played)
    return None if codes == known else codes


def known_after_play(knobs: Profile, state: StateCore, seat: int, play: Play) -> bytes | None:
    """The known cards of ``seat`` after it melds or lays off ``play`` from the hand."""
    known = known_of(state._seat_codes, seat)
    if not known:
        return None  # nothing of this seat is known: playing cards reveals nothing more
    codes = _without(known, _from_hand(knobs, state, seat, play, None, seat == state.to_move))
    return None if codes == known else codes


def _without(codes: bytes, played: list[int]) -> bytes:
    """``codes`` less one known copy of each card ``played``, where one is known."""
    for code in played:
        codes = codes.replace(ONE_BYTE[code], b"", 1)
    return codes


def _from_hand(
    knobs: Profile, state: StateCore, seat: int, play: Play, required: int | None, in_turn: bool
) -> list[int]:
    """The codes of the cards of ``play`` that leave the hand (not the reserve joker)."""
    reserve = knobs.variant.reserve(state, seat) if in_turn else 0
    codes, _spent = spend(physical(play), reserve, required)
    return list(codes)

"""The cards every player knows another holds: the cards it took from the pile.

A card taken from the discard pile (a take, a "Rummy!" call of the pile, a
split under dealer's gambit) goes into the taker's hand face up for everyone
to see: from then on every player knows that seat holds it, until the seat
melds, lays off or discards a card identical to it (one copy at a time: with
two decks identical cards are interchangeable, so the known cards are exactly
what the public moves tell, never more).  Cards drawn from the stock are
never known.  :func:`known_after` is called by the reducer after every move.
"""

from __future__ import annotations

from rummy500._engine.codes.seats import ONE_BYTE, known_of
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.gambit import dealer_reserve, spend
from rummy500._engine.hands import with_cards
from rummy500._engine.members import (
    BLOCK_MOVE,
    CALL_MOVE,
    DISCARD_MOVE,
    LAYOFF_MOVE,
    MELD_MOVE,
    SPLIT_MOVE,
    TAKE_MOVE,
)
from rummy500._engine.plays import physical
from rummy500._engine.profile import profile
from rummy500.cards import JOKER_CODE
from rummy500.moves import LayoffMove, MeldMove, Move

__all__ = ["known_after"]


def known_after(state: StateCore, move: Move) -> bytes | None:
    """The known cards after ``move``, a legal move in ``state`` (the state *before* it).

    - ``take N``, a "Rummy!" call of the pile (R1) and a split (V7): the
      cards taken become known; the cards of the play that melds the deepest
      one (and any others it uses) are then on the table; a split also
      spends the joker that split the pile.
    - A meld, a lay-off (in turn, out of turn, in the final lay-offs) and a
      discard: one known copy of each card played stops being known; a block
      (V7) plays a joker.  A joker the dealer plays is the dealer's joker
      first, which was never in the hand (V7).
    - A "Rummy!" call of the top discard (R2) puts it straight on the table;
      draws, ``end``, ``pass`` and nominations reveal nothing.

    Only the known cards of the seat that moves can change.  Returns their
    codes (sorted) when they change, else ``None``.
    """
    seat = move.player
    known = known_of(state.seat_codes, seat)
    kind = type(move)
    if kind is TAKE_MOVE or kind is CALL_MOVE or kind is SPLIT_MOVE:
        if kind is CALL_MOVE and profile(state.rules).rummy_layoff_top:
            return None
        gained = state.discard_codes[-move.count :]  # type: ignore[union-attr]
        play = move.play  # type: ignore[union-attr]
        played = [] if play is None else _from_hand(state, move, play, gained[0])
        if kind is SPLIT_MOVE and not (state.dealer_joker and seat == state.dealer):
            played.append(JOKER_CODE)  # the joker that split the pile
        codes = _without(with_cards(known, gained), played)
    elif not known:
        return None  # nothing of this seat is known: playing cards reveals nothing more
    elif kind is DISCARD_MOVE:
        codes = _without(known, [move.card.code])  # type: ignore[union-attr]
    elif kind is MELD_MOVE or kind is LAYOFF_MOVE:
        codes = _without(known, _from_hand(state, move, move, None))  # type: ignore[arg-type]
    elif kind is BLOCK_MOVE:
        codes = _without(known, [JOKER_CODE])
    else:
        return None
    return None if codes == known else codes


def _without(codes: bytes, played: list[int]) -> bytes:
    """``codes`` less one known copy of each card ``played``, where one is known."""
    for code in played:
        codes = codes.replace(ONE_BYTE[code], b"", 1)
    return codes


def _from_hand(
    state: StateCore, move: Move, play: MeldMove | LayoffMove, required: int | None
) -> list[int]:
    """The codes of the cards of ``play`` that leave the hand (not the dealer's joker, V7)."""
    in_turn = move.player == state.to_move and type(move) is not CALL_MOVE
    reserve = dealer_reserve(state, move.player) if in_turn else 0
    codes, _spent = spend(physical(play), reserve, required)
    return list(codes)

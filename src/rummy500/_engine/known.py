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

from rummy500._engine.gambit import dealer_reserve, spend
from rummy500._engine.members import LAYOFF_TOP
from rummy500._engine.plays import physical
from rummy500.cards import JOKER_CODE
from rummy500.moves import Block, CallRummy, Discard, LayoffMove, MeldMove, Move, Split, Take
from rummy500.statecore import StateCore

__all__ = ["known_after"]


def known_after(state: StateCore, move: Move) -> tuple[bytes, ...]:
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

    Returns the codes of the known cards of each seat (as
    :attr:`~rummy500.state.GameState.known_codes` holds them), and
    ``state.known_codes`` itself when nothing changes.
    """
    known = state.known_codes
    seat = move.player
    kind = type(move)
    if kind is Take or kind is CallRummy or kind is Split:
        if kind is CallRummy and state.rules.rummy_call is LAYOFF_TOP:
            return known
        gained = state.discard_codes[-move.count :]  # type: ignore[union-attr]
        play = move.play  # type: ignore[union-attr]
        played = [] if play is None else _from_hand(state, move, play, gained[0])
        if kind is Split and not (state.dealer_joker and seat == state.dealer):
            played.append(JOKER_CODE)  # the joker that split the pile
        codes = sorted(known[seat] + gained)
    elif not known[seat]:
        return known  # nothing of this seat is known: playing cards reveals nothing more
    elif kind is MeldMove or kind is LayoffMove:
        played = _from_hand(state, move, move, None)  # type: ignore[arg-type]
        codes = list(known[seat])
    elif kind is Discard:
        played = [move.card.code]  # type: ignore[union-attr]
        codes = list(known[seat])
    elif kind is Block:
        played = [JOKER_CODE]
        codes = list(known[seat])
    else:
        return known
    for code in played:  # one known copy of each card played stops being known
        if code in codes:
            codes.remove(code)
    updated = bytes(codes)
    if updated == known[seat]:
        return known
    return known[:seat] + (updated,) + known[seat + 1 :]


def _from_hand(
    state: StateCore, move: Move, play: MeldMove | LayoffMove, required: int | None
) -> list[int]:
    """The codes of the cards of ``play`` that leave the hand (not the dealer's joker, V7)."""
    in_turn = move.player == state.to_move and not isinstance(move, CallRummy)
    reserve = dealer_reserve(state, move.player) if in_turn else 0
    codes, _spent = spend(physical(play), reserve, required)
    return list(codes)

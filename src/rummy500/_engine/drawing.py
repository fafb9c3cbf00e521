"""Drawing from the stock, and the stock running out (T1, T5, T6).

A turn starts with a draw (T1): the top card of the stock (two under
``stock_draw_count = 2``, T5), or cards from the discard pile (taking,
:mod:`~rummy500._engine.taking`).  When the stock is empty (T6) the player
to move may end the hand (``end_hand``); under ``reshuffle`` the pile but
its top card becomes a new stock as the draw phase begins (:func:`next_turn`);
under ``play_on`` the player may draw nothing (``pass``), and a full round
without anything put on the table ends the hand.
"""

from __future__ import annotations

import hashlib
import random

from rummy500._engine.boundary import DRAW, PLAY, draw_move, end_move, pass_move
from rummy500._engine.codes.seats import hand_of, seat_count, with_card, with_hand
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.dead_ends import can_finish_with
from rummy500._engine.going_out import over
from rummy500._engine.hands import with_cards
from rummy500._engine.illegal import illegal
from rummy500._engine.limits import turn_limits
from rummy500._engine.meldgen import code_counts
from rummy500._engine.profile import Profile
from rummy500._engine.states import evolve, turn_phase
from rummy500.errors import Reason
from rummy500.moves import Draw, EndHand, Move, Pass
from rummy500.state import EndReason

__all__ = ["draw", "draw_nothing", "end_hand", "next_turn", "stock_move"]


def stock_move(knobs: Profile, state: StateCore) -> Move:
    """The draw-phase move that leaves the pile alone: draw, pass or end the hand.

    With an empty stock the player passes under ``play_on`` or may end the
    hand (T1, T6).
    """
    player = state.to_move
    if state.stock_codes:
        return draw_move(player)
    if knobs.stock_exhausted == "play_on":
        return pass_move(player)
    return end_move(player)


def draw(knobs: Profile, state: StateCore, move: Draw) -> StateCore:
    """Draw the top card of the stock, or two (T1, T5)."""
    if not state.stock_codes:
        raise illegal(
            Reason.STOCK_EMPTY, "the stock is empty: take from the pile or end the hand", "T6"
        )
    stock = state.stock_codes
    count = min(knobs.stock_draw_count, len(stock))
    seats = state._seat_codes
    if count == 1:
        seats = with_card(seats, move.player, stock[0])
    else:
        seats = with_hand(
            seats, move.player, with_cards(hand_of(seats, move.player), stock[:count])
        )
    return turn_phase(
        state,
        state.to_move,
        PLAY,
        seats,
        stock[count:],
        state.discard_codes,
        None,
        state.stock_rebuilds,
        state.idle_turns,
    )


def draw_nothing(knobs: Profile, state: StateCore, move: Pass) -> StateCore:
    """Draw nothing: an empty stock under ``play_on`` (T6)."""
    if state.stock_codes or knobs.stock_exhausted != "play_on":
        raise illegal(
            Reason.WRONG_PHASE,
            "drawing nothing ('pass') is allowed only with an empty stock under "
            "stock_exhausted='play_on'",
            "T6",
        )
    player = move.player
    hand = hand_of(state._seat_codes, player)
    limits = turn_limits(knobs, state, player, b"")
    if not hand or not can_finish_with(knobs, state, limits, code_counts(hand)):
        # A player who draws nothing and could not end the turn (a floater with
        # no card; a last card that may be neither discarded, E3, nor laid off
        # before opening, T8) ends the turn at once (N1).
        return next_turn(knobs, evolve(state, last_discarder=None), player, discarded=False)
    return evolve(state, phase=PLAY, last_discarder=None, taken_codes=b"")


def end_hand(knobs: Profile, state: StateCore, move: EndHand) -> StateCore:
    """End the hand instead of drawing from the pile, the stock being empty (T6)."""
    if state.stock_codes:
        raise illegal(
            Reason.CANNOT_END,
            f"the hand can be ended only when the stock is empty ({len(state.stock_codes)} cards "
            "left)",
            "T6",
        )
    if knobs.stock_exhausted == "play_on":
        raise illegal(
            Reason.CANNOT_END,
            "under stock_exhausted='play_on' play goes on: take from the pile or 'pass'",
            "T6",
        )
    return over(knobs, state, None, EndReason.STOCK_EXHAUSTED)


def next_turn(
    knobs: Profile,
    state: StateCore,
    player: int,
    discarded: bool,
    _seat_codes: bytes | None = None,
    discard_codes: bytes | None = None,
) -> StateCore:
    """Pass the turn from ``player`` to the next seat, whose draw phase begins (D7, T6).

    With an empty stock, the draw phase begins with a rebuilt stock under
    ``reshuffle``; under ``play_on`` a full round of turns without anything put
    on the table ends the hand.

    Args:
        knobs: The rule set's compact form.
        state: The state at the end of ``player``'s turn.
        player: The seat whose turn ends.
        discarded: Whether the turn ended with a discard (opening the
            "Rummy!" window of that discard).
        _seat_codes: The hands and known cards (their codes), if they changed
            since ``state``.
        discard_codes: The pile (its codes), if it changed since ``state``.
    """
    seats = state._seat_codes if _seat_codes is None else _seat_codes
    players = seat_count(seats)
    pile = state.discard_codes if discard_codes is None else discard_codes
    stock = state.stock_codes
    following = knobs.next_seat(players, player)
    last_discarder = player if discarded else None
    if stock:  # the common case
        return turn_phase(
            state,
            following,
            DRAW,
            seats,
            stock,
            pile,
            last_discarder,
            state.stock_rebuilds,
            state.idle_turns,
        )
    idle = state.idle_turns
    rebuilds = state.stock_rebuilds
    if knobs.stock_exhausted == "play_on":
        idle = 0 if state.turn_cards else idle + 1
        if idle >= players:
            ended = evolve(state, _seat_codes=seats, discard_codes=pile, idle_turns=idle)
            return over(knobs, ended, None, EndReason.STOCK_EXHAUSTED)
    if (
        knobs.stock_exhausted == "reshuffle"
        and rebuilds < knobs.max_stock_rebuilds
        and len(pile) > 1
    ):
        stock = _reshuffled(pile[:-1], state.seed, rebuilds)
        pile = pile[-1:]
        rebuilds += 1
    return turn_phase(state, following, DRAW, seats, stock, pile, last_discarder, rebuilds, idle)


def _reshuffled(codes: bytes, seed: int | None, rebuilds: int) -> bytes:
    """The pile but its top card, shuffled into a stock, deterministically from the seed.

    The generator is keyed by a SHA-256 hash of the hand's seed and the
    rebuild number: under an unseeded deal the seed is secret (no view shows
    it), so the new stock cannot be foreseen from what the players see.
    """
    key = hashlib.sha256(f"rummy500 reshuffle {seed} {rebuilds}".encode()).digest()
    shuffled = list(codes)
    random.Random(key).shuffle(shuffled)
    return bytes(shuffled)

"""Playing: melds and lay-offs in one's turn (T7), and out of turn (T9).

After drawing, the player to move may meld and lay off any number of times
(T7) before discarding; every play is checked against the cards available
and the table (:mod:`~rummy500._engine.plays`), the opening minimum (T8,
:mod:`~rummy500._engine.opening`) and the turn's end (N1,
:mod:`~rummy500._engine.dead_ends`).  A play that empties the hand goes out
or floats (E1, E2, :mod:`~rummy500._engine.going_out`).  Under
``out_of_turn_melding`` (T9) the other players may meld and lay off at any
time during someone's turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy500._engine.boundary import DRAW, LAYOFF_MOVE, PLAY
from rummy500._engine.codes.seats import hand_of, seat_count, with_seat
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.dead_ends import (
    PoolCheck,
    mover_may_be_stranded,
    mover_stranded,
    play_problem,
)
from rummy500._engine.drawing import next_turn
from rummy500._engine.going_out import can_empty_hand, empty_hand_problem, floats, went_out
from rummy500._engine.hands import without
from rummy500._engine.illegal import illegal
from rummy500._engine.known import known_after_play
from rummy500._engine.limits import allowed_count, forbidden_discards, spend, turn_limits
from rummy500._engine.meldgen import code_counts
from rummy500._engine.opening import may_lay_off, opened_after, out_of_turn_problem
from rummy500._engine.plays import (
    PlayEffect,
    physical,
    play_points,
    plays_from_pool,
    resolve_play,
    with_doubled,
)
from rummy500._engine.profile import Profile
from rummy500._engine.scoring import going_rummy
from rummy500._engine.states import after_play_state, copy_with, evolve
from rummy500._engine.turn import TurnPlay
from rummy500.errors import IllegalMoveError, Reason
from rummy500.moves import LayoffMove, MeldMove, Move, Play

__all__ = [
    "after_play",
    "out_of_turn",
    "out_of_turn_moves",
    "play",
    "play_in_turn",
    "play_moves",
]


def play(knobs: Profile, state: StateCore, move: MeldMove | LayoffMove) -> StateCore:
    """A meld or lay-off by the player to move, from the hand (T7)."""
    player = move.player
    hand = hand_of(state._seat_codes, player)
    known = known_after_play(knobs, state, player, move)
    return play_in_turn(knobs, state, TurnPlay(player, move, hand, None, known))


def play_in_turn(knobs: Profile, state: StateCore, turn: TurnPlay) -> StateCore:
    """A play by the player to move, in full: checked, then made.

    ``state`` has the turn fields of the play's turn (a take leaves them as
    they are at the start of a turn); ``turn.changes`` are further fields to
    set (those of a split).
    """
    player, move = turn.player, turn.play
    required = turn.required[0] if turn.required is not None else None
    variant = knobs.variant
    problem = variant.joker_problem(state, move, required)
    if problem is not None:
        raise problem
    pool, reserve = variant.play_pool(state, player, turn.hand)
    effect = resolve_play(knobs, state.melds, move, pool, turn.required)
    used, spent = spend(effect.used, reserve, required)
    # the cards taken from the pile this turn: by the take or split that brings the play,
    # or earlier in the turn
    taken = state.taken_codes if turn.pile is None else turn.taken
    forbidden = forbidden_discards(knobs, taken) if taken else 0
    # Only cards that may not be discarded (T11) could keep this turn from ending, and
    # there are none: a play leaving a card in hand to discard passes N1 without the
    # full check.
    surely_ends = (
        not forbidden and knobs.only_forbidden_cards_block and len(effect.used) < len(turn.hand)
    )
    if not surely_ends:
        limits = turn_limits(knobs, state, player, taken)
        problem = play_problem(
            knobs, state, limits, move, pool, effect.points, effect.melds, reserve - spent
        )
        if problem is not None:
            raise problem
    changes = turn.changes
    if spent:
        effect = effect.using(used)
        changes = variant.reserve_spent(changes)
    return after_play(
        knobs, state, player, turn.hand, effect, turn.known, turn.pile, turn.taken, changes
    )


def after_play(
    knobs: Profile,
    state: StateCore,
    player: int,
    hand: bytes,
    effect: PlayEffect,
    known: bytes | None,
    pile: bytes | None = None,
    taken: bytes = b"",
    changes: dict[str, Any] | None = None,
) -> StateCore:
    """The mover's state after a valid play: going out, floating, or playing on.

    ``effect.used`` are the cards taken from ``hand``; ``known`` the player's
    known cards when they change; ``pile`` and ``taken`` the pile and the
    cards taken by the take or split that brought the play, if any (see
    :func:`~rummy500._engine.states.after_play_state`); ``changes`` further
    fields to set (those of a split).
    """
    hand = without(hand, effect.used)
    points = state.turn_points + effect.points
    after = after_play_state(
        state,
        with_seat(state._seat_codes, player, hand, known),
        effect.melds,
        opened_after(knobs, state, player, points),
        points,
        state.turn_cards + effect.laid,
        max(state.turn_longest_run, effect.run_length),
        pile,
        taken,
    )
    if changes:
        after = copy_with(after, changes)
    if hand:
        return after
    if floats(knobs):
        return next_turn(knobs, after, player, discarded=False)
    return went_out(
        knobs,
        after,
        player,
        going_rummy=going_rummy(after.melds, player, after.turn_cards),
        long_run=after.turn_longest_run >= 7,
    )


def play_moves(knobs: Profile, state: StateCore) -> Sequence[Move]:
    """Every meld and lay-off the player to move may make now (phase ``play``)."""
    player = state.to_move
    hand = hand_of(state._seat_codes, player)
    variant = knobs.variant
    pool, doublers = variant.generation_pool(state, player, hand)
    plays = plays_from_pool(
        knobs, state.melds, player, pool, None, layoffs=may_lay_off(knobs, state, player)
    )
    if doublers:
        plays = with_doubled(plays, doublers)
    taken = state.taken_codes
    forbidden = forbidden_discards(knobs, taken) if taken else 0
    if knobs.blockable or forbidden:
        # With nothing but cards that may not be discarded to block the turn's end (T11),
        # a play leaving another card to discard passes (N1): surely one of fewer cards
        # than the hand holds other cards.  Only the longer plays are checked in full.
        spare = 0
        if forbidden and knobs.only_forbidden_cards_block:
            spare = allowed_count(hand, forbidden)
        counts, reserve = variant.play_pool(state, player, hand)
        check = PoolCheck(knobs, state, player, turn_limits(knobs, state, player, taken), counts)
        plays = [play for play in plays if len(play.cards) < spare or check.allows(play, reserve)]
    return plays


# ---------------------------------------------------------------------------
# Out of turn (T9)


def out_of_turn(knobs: Profile, state: StateCore, move: MeldMove | LayoffMove) -> StateCore:
    """A meld or lay-off by a seat that is not to move (T9)."""
    player = move.player
    if state.phase is not DRAW and state.phase is not PLAY:
        raise illegal(
            Reason.NOT_YOUR_TURN,
            f"it is p{state.to_move}'s turn, not p{move.player}'s",
            "T9",
        )
    problem = knobs.variant.joker_problem(state, move)
    if problem is not None:
        raise problem
    hand = hand_of(state._seat_codes, player)
    pool = code_counts(hand)  # the reserve joker serves only in its holder's own turn
    effect = resolve_play(knobs, state.melds, move, pool)
    problem = out_of_turn_problem(
        knobs, state, player, isinstance(move, LAYOFF_MOVE), effect.points
    )
    if problem is not None:
        raise problem
    opened = opened_after(knobs, state, player, effect.points)
    hand = without(hand, effect.used)
    if not hand:
        problem = empty_hand_problem(knobs, player)
        if problem is not None:
            raise problem
    after = evolve(
        state,
        _seat_codes=with_seat(
            state._seat_codes, player, hand, known_after_play(knobs, state, player, move)
        ),
        melds=effect.melds,
        opened=opened,
        idle_turns=0,
    )
    goes_on = bool(hand) or floats(knobs)
    if goes_on and mover_stranded(knobs, after):
        raise illegal(
            Reason.DEAD_END,
            f"this play would leave p{state.to_move}, who is to move, unable to end the turn",
            "N1",
        )
    if goes_on:
        return after
    return went_out(
        knobs,
        after,
        player,
        going_rummy=going_rummy(after.melds, player, effect.laid),
        long_run=effect.run_length >= 7,
    )


def out_of_turn_moves(knobs: Profile, state: StateCore, only: int | None = None) -> list[Move]:
    """The melds and lay-offs of every seat that is not to move (T9); or of seat ``only``."""
    players = seat_count(state._seat_codes)
    moves: list[Move] = []
    seat = state.to_move
    fragile = mover_may_be_stranded(knobs, state)
    variant = knobs.variant
    for _ in range(players - 1):
        seat = knobs.next_seat(players, seat)
        hand = hand_of(state._seat_codes, seat)
        if not hand or (only is not None and seat != only):
            continue
        opened = may_lay_off(knobs, state, seat)
        pool, doublers = variant.generation_pool(state, seat, hand, own_turn=False)
        plays = plays_from_pool(knobs, state.melds, seat, pool, None, layoffs=opened)
        for candidate in with_doubled(plays, doublers):
            if not opened and play_points(knobs, candidate) < knobs.opening_minimum:
                continue
            if len(physical(candidate)) == len(hand) and not can_empty_hand(knobs, 0):
                continue
            if fragile and not _allowed(knobs, state, candidate):
                continue  # it would strand the player to move (N1)
            moves.append(candidate)
    return moves


def _allowed(knobs: Profile, state: StateCore, candidate: Play) -> bool:
    try:
        out_of_turn(knobs, state, candidate)
    except IllegalMoveError:
        return False
    return True

"""Going out and the end of a hand (E1–E4).

A player goes out by getting rid of every card (E1): by discarding the last
one, or by melding or laying it off.  The variants (``going_out``, E2):
``meld_or_discard`` as E1; ``discard_required``, where a card must be kept
to discard; ``floating``, where a player who melds every card floats with an
empty hand until their next turn (:func:`floats`).  Under
``final_discard_must_be_unplayable`` (E3) a card that could be laid off may
not be the final discard.  Under ``final_layoff`` (E4) the others lay off in
turn before the hand is scored.
"""

from __future__ import annotations

from rummy500._engine.boundary import (
    FINAL_LAYOFF,
    LAYOFF_MOVE,
    OVER,
    PASS_MOVE,
    hands_from_codes,
    pass_move,
)
from rummy500._engine.codes.seats import hand_of, hands_of, seat_count, with_seat
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.hands import without
from rummy500._engine.illegal import illegal
from rummy500._engine.known import known_after
from rummy500._engine.limits import spend
from rummy500._engine.opening import may_lay_off, not_opened
from rummy500._engine.plays import playable_on_table, plays_from_pool, resolve_play, with_doubled
from rummy500._engine.profile import Profile
from rummy500._engine.scoring import score_hand
from rummy500._engine.states import copy_with, evolve
from rummy500.cards import card_from_code
from rummy500.errors import IllegalMoveError, Reason
from rummy500.moves import Move
from rummy500.state import EndReason

__all__ = [
    "can_empty_hand",
    "empty_hand_problem",
    "final_discard_problem",
    "final_layoff",
    "final_layoff_moves",
    "floats",
    "last_discard_playable",
    "over",
    "went_out",
]


def floats(knobs: Profile) -> bool:
    """Whether a player who melds their last card floats instead of going out (E2)."""
    return knobs.going_out == "floating"


def can_empty_hand(knobs: Profile, need: int) -> bool:
    """Whether melding or laying off the last card ends the turn legally (E1, E2, T8).

    Not under ``discard_required``, and not short of the opening minimum
    (``need`` points still to meld).
    """
    return knobs.going_out != "discard_required" and need == 0


def empty_hand_problem(knobs: Profile, player: int) -> IllegalMoveError | None:
    """Why ``player`` may not meld or lay off their last card (``discard_required``), if so."""
    if knobs.going_out == "discard_required":
        return illegal(
            Reason.DEAD_END,
            f"p{player} must keep a card to discard and may not meld the last one",
            "E2",
        )
    return None


def last_discard_playable(knobs: Profile, state: StateCore, code: int, hand_size: int) -> bool:
    """Whether discarding ``code`` as the last of ``hand_size`` cards is forbidden (E3)."""
    return (
        knobs.final_discard_must_be_unplayable
        and hand_size == 1
        and playable_on_table(knobs, state.melds, code, not knobs.variant.jokers_tame(state))
    )


def final_discard_problem(
    knobs: Profile, state: StateCore, player: int, code: int
) -> IllegalMoveError | None:
    """Why ``player`` may not go out by discarding ``code``: it could be laid off (E3)."""
    if last_discard_playable(knobs, state, code, len(hand_of(state._seat_codes, player))):
        return illegal(
            Reason.PLAYABLE_FINAL_DISCARD,
            f"p{player} may not go out by discarding {card_from_code(code)}: it can be laid "
            "off on the table",
            "E3",
        )
    return None


def went_out(
    knobs: Profile, state: StateCore, player: int, *, going_rummy: bool, long_run: bool
) -> StateCore:
    """``player`` has no card left: the final lay-offs (E4) or the end of the hand (E1).

    ``going_rummy`` (S3) and ``long_run`` (S5) are decided now; the final
    lay-offs only move cards from the other hands to the table.
    """
    if knobs.final_layoff:
        return evolve(
            state,
            phase=FINAL_LAYOFF,
            to_move=knobs.next_seat(seat_count(state._seat_codes), player),
            went_out=player,
            went_out_rummy=going_rummy,
            went_out_long_run=long_run,
            last_discarder=None,
        )
    return over(knobs, state, player, EndReason.WENT_OUT, going_rummy, long_run)


def over(
    knobs: Profile,
    state: StateCore,
    out: int | None,
    reason: EndReason,
    going_rummy: bool = False,
    long_run: bool = False,
) -> StateCore:
    """The hand is over (E1): scored, nobody may move."""
    result = score_hand(
        knobs,
        hands_from_codes(hands_of(state._seat_codes)),
        state.melds,
        out,
        reason,
        going_rummy=going_rummy,
        seven_card_run=long_run,
    )
    return evolve(
        state,
        phase=OVER,
        result=result,
        last_discarder=None,
        went_out=out,
        went_out_rummy=going_rummy,
        went_out_long_run=long_run,
    )


# ---------------------------------------------------------------------------
# The final lay-offs (E4)


def final_layoff(knobs: Profile, state: StateCore, move: Move) -> StateCore:
    """A lay-off, or a pass, of a seat in the final lay-offs."""
    player = move.player
    out = state.went_out
    assert out is not None
    if isinstance(move, PASS_MOVE):
        following = knobs.next_seat(seat_count(state._seat_codes), player)
        if following == out:
            return over(
                knobs, state, out, EndReason.WENT_OUT, state.went_out_rummy, state.went_out_long_run
            )
        return evolve(state, to_move=following)
    if not isinstance(move, LAYOFF_MOVE):
        raise illegal(
            Reason.WRONG_PHASE,
            f"p{out} went out: p{player} may only lay off cards or pass",
            "E4",
        )
    if not may_lay_off(knobs, state, player):
        raise not_opened(knobs, player)
    variant = knobs.variant
    problem = variant.joker_problem(state, move)
    if problem is not None:
        raise problem
    hand = hand_of(state._seat_codes, player)
    pool, reserve = variant.play_pool(state, player, hand)
    effect = resolve_play(knobs, state.melds, move, pool)
    used, spent = spend(effect.used, reserve)
    changes = {
        "_seat_codes": with_seat(
            state._seat_codes, player, without(hand, used), known_after(knobs, state, move)
        ),
        "melds": effect.melds,
    }
    return copy_with(state, variant.reserve_spent(changes) if spent else changes)


def final_layoff_moves(knobs: Profile, state: StateCore) -> list[Move]:
    """The lay-offs of the seat to move in the final lay-offs, then its pass."""
    player = state.to_move
    moves: list[Move] = []
    if may_lay_off(knobs, state, player):
        hand = hand_of(state._seat_codes, player)
        pool, doublers = knobs.variant.generation_pool(state, player, hand)
        plays = plays_from_pool(knobs, state.melds, player, pool, None, new_melds=False)
        moves.extend(with_doubled(plays, doublers))
    moves.append(pass_move(player))
    return moves

"""Calling "Rummy!" (R1–R4).

``rummy_call = "pile"`` (R1): after a discard, and before the next player
draws, any player other than the discarder and the player about to draw may
call "Rummy!" on a pile card that can be melded from the pile and the table
alone.  The caller takes the pile down to that card, melds it, plays on and
discards; play then passes to the caller's left.  ``"layoff_top"`` (R2):
only the top discard, laid off on a table meld, by anyone but the discarder;
the turn goes on.  ``"none"`` (R3): no calls.  No call after the hand ends
(R4: the reducer refuses every move then).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.boundary import (
    CALL_MOVE,
    DRAW,
    LAYOFF_MOVE,
    PLAY,
    call_move,
    layoff_move,
    pile_moves,
)
from rummy500._engine.codes.seats import hand_of, seat_count
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.dead_ends import PoolCheck, play_problem
from rummy500._engine.hands import with_cards
from rummy500._engine.illegal import illegal
from rummy500._engine.known import known_after_taking
from rummy500._engine.limits import forbidden_discards, turn_limits
from rummy500._engine.meldgen import Pool, code_counts, layoffs_from_pool
from rummy500._engine.opening import may_lay_off, not_opened
from rummy500._engine.playing import after_play
from rummy500._engine.plays import (
    PlayEffect,
    could_meld,
    has_play,
    physical,
    play_parts,
    resolve_play,
    with_doubled,
)
from rummy500._engine.profile import Profile
from rummy500._engine.states import evolve
from rummy500._engine.targets import target_index
from rummy500.errors import IllegalMoveError, Reason
from rummy500.moves import CallRummy, Move, Play

__all__ = ["call", "call_depths", "call_moves", "caller_turn"]


def call(knobs: Profile, state: StateCore, move: CallRummy) -> StateCore:
    """A "Rummy!" call (R1, R2; none under R3)."""
    player = move.player
    mode = knobs.rummy_call
    if mode == "none":
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED, "there are no 'Rummy!' calls under rummy_call='none'", "R3"
        )
    rule = "R2" if mode == "layoff_top" else "R1"
    discarder = state.last_discarder
    if state.phase is not DRAW or discarder is None:
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED,
            "'Rummy!' may be called only after a discard, before the next player draws",
            rule,
        )
    if player == discarder:
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED, f"p{player} discarded and may not call 'Rummy!'", rule
        )
    if mode == "layoff_top":
        return _call_layoff_top(knobs, state, move)
    if player == state.to_move:
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED,
            f"p{player} is to draw: take the cards with 'take {move.count}' instead of calling",
            "R1",
        )
    pile = state.discard_codes
    if move.count > len(pile):
        raise illegal(
            Reason.PILE_TOO_SHORT,
            f"cannot take {move.count} cards: the pile holds {len(pile)}",
            "R1",
        )
    taken = pile[-move.count :]
    hand = hand_of(state._seat_codes, player)
    effect = _resolve_call_play(knobs, state, move, taken, hand)
    hand = with_cards(hand, taken)
    base = caller_turn(state, player, taken)
    # The call's play uses pile cards only; the reserve joker may serve later in the turn.
    pool, reserve = knobs.variant.play_pool(base, player, hand)
    limits = turn_limits(knobs, base, player, taken)
    problem = play_problem(
        knobs, base, limits, move.play, pool, effect.points, effect.melds, reserve
    )
    if problem is not None:
        raise problem
    known = known_after_taking(knobs, state, player, move.count, move.play, False, False)
    return after_play(knobs, base, player, hand, effect, known)


def caller_turn(state: StateCore, caller: int, taken: bytes) -> StateCore:
    """The state as the caller's turn begins: the pile cards ``taken``, the turn fields reset."""
    return evolve(
        state,
        discard_codes=state.discard_codes[: -len(taken)],
        to_move=caller,
        phase=PLAY,
        last_discarder=None,
        taken_codes=taken,
        turn_points=0,
        turn_cards=0,
        turn_longest_run=0,
    )


def _resolve_call_play(
    knobs: Profile, state: StateCore, move: CallRummy, taken: bytes, hand: bytes
) -> PlayEffect:
    rule = "R2" if knobs.rummy_call == "layoff_top" else "R1"
    problem = knobs.variant.joker_problem(state, move.play)
    if problem is not None:
        raise problem
    pool = code_counts(taken)
    try:
        return resolve_play(knobs, state.melds, move.play, pool, (taken[0], rule))
    except IllegalMoveError as error:
        if error.reason is Reason.CARDS_NOT_AVAILABLE and _uses_hand(move.play, pool, hand):
            raise illegal(
                Reason.RUMMY_USES_HAND,
                "a 'Rummy!' call may meld only cards from the pile and the table, "
                "not from the hand",
                rule,
            ) from None
        raise


def _uses_hand(play: Play, pool: list[int], hand: bytes) -> bool:
    """Whether the cards of ``play`` missing from ``pool`` are in ``hand``."""
    held = code_counts(hand)
    need: dict[int, int] = {}
    for code in physical(play):
        need[code] = need.get(code, 0) + 1
    return all(pool[code] + held[code] >= count for code, count in need.items())


def _call_layoff_top(knobs: Profile, state: StateCore, move: CallRummy) -> StateCore:
    """R2: lay off the top discard; the caller does not discard; the turn goes on."""
    player = move.player
    if move.count != 1 or not isinstance(move.play, LAYOFF_MOVE):
        raise illegal(
            Reason.RUMMY_NOT_ALLOWED,
            "under rummy_call='layoff_top' a call takes only the top discard and lays it off: "
            "'rummy 1 layoff N CARD'",
            "R2",
        )
    if not may_lay_off(knobs, state, player):
        raise not_opened(knobs, player)
    top = state.discard_codes[-1:]
    effect = _resolve_call_play(knobs, state, move, top, hand_of(state._seat_codes, player))
    return evolve(
        state,
        discard_codes=state.discard_codes[:-1],
        melds=effect.melds,
        last_discarder=None,
        idle_turns=0,
    )


# ---------------------------------------------------------------------------
# Generating the calls


def call_moves(
    knobs: Profile, state: StateCore, seat: int | None = None, depth: int | None = None
) -> list[Move]:
    """The "Rummy!" calls of every seat that may call, in order from the discarder's left.

    With ``seat``, only that seat's; with ``depth``, only the calls for that
    many pile cards.
    """
    discarder = state.last_discarder
    mode = knobs.rummy_call
    if discarder is None or mode == "none" or not state.discard_codes:
        return []
    players = seat_count(state._seat_codes)
    two_seats = players == 2 and state.to_move != discarder
    if two_seats and mode != "layoff_top":
        return []  # the only other seat is the one to move, who takes instead
    order = knobs.seat_order(players, discarder)[1:]
    if seat is not None:
        order = tuple(caller for caller in order if caller == seat)
    if mode == "layoff_top":
        return _layoff_top_calls(knobs, state, order) if depth in (None, 1) else []
    callers = [caller for caller in order if caller != state.to_move]
    if not callers:
        return []
    moves: list[Move] = []
    seen: dict[tuple[int, bool], bool] = {}  # the depths with a play, shared by the callers
    for caller in callers:
        for count, parts in _caller_options(knobs, state, caller, depth, seen=seen):
            for part in parts:  # large parts memoized as a whole, as for takes
                if len(part) > 8:
                    moves.extend(pile_moves(CALL_MOVE, caller, count, part))
                else:
                    moves.extend([call_move(caller, count, play) for play in part])
    return moves


def call_depths(knobs: Profile, state: StateCore, seat: int) -> list[int]:
    """The depths at which ``seat`` may call "Rummy!" now (no move is built)."""
    discarder = state.last_discarder
    if discarder is None or knobs.rummy_call == "none" or not state.discard_codes:
        return []
    if seat == discarder:
        return []
    if knobs.rummy_call == "layoff_top":
        return [1] if call_moves(knobs, state, seat) else []
    if seat == state.to_move:
        return []
    options = _caller_options(knobs, state, seat, None, first_only=True)
    return [count for count, parts in options if any(parts)]


def _caller_options(
    knobs: Profile,
    state: StateCore,
    caller: int,
    depth: int | None,
    first_only: bool = False,
    seen: dict[tuple[int, bool], bool] | None = None,
) -> list[tuple[int, list[tuple[Play, ...]]]]:
    """Per depth, the plays of the deepest card ``caller`` may make from the pile alone.

    In parts (the memoized tuples of :func:`~rummy500._engine.plays.play_parts`,
    or tuples of the plays that pass the checks): new melds, and lay-offs once
    the caller has opened (T8); when a play could strand the caller, only
    those that leave the turn able to end (N1).  With ``first_only``, at most
    one play per depth.  ``seen`` keeps, for the callers of one state, whether
    a depth has any play from the pile, with and without lay-offs.
    """
    if seen is None:
        seen = {}
    pile = state.discard_codes
    index = target_index(state.melds)
    checked = knobs.blockable
    layoffs = may_lay_off(knobs, state, caller)
    hand = hand_of(state._seat_codes, caller)
    found: list[tuple[int, list[tuple[Play, ...]]]] = []
    variant = knobs.variant
    pool, doublers = Pool(), 0  # the pile cards taken, growing with the depth
    for count in range(1, (len(pile) if depth is None else min(depth, len(pile))) + 1):
        deepest = pile[-count]
        if variant.plain:
            pool.add(deepest)
            meldable = True
        else:
            meldable, doubling = variant.add_pile_card(state, pool, deepest)
            doublers += doubling
        if not meldable or (depth is not None and count != depth):
            continue
        key = (count, layoffs)
        playable = seen.get(key)
        if playable is None:
            playable = seen[key] = could_meld(pool, deepest, knobs, index) and has_play(
                knobs, state.melds, pool, deepest, layoffs=layoffs, index=index
            )
        if not playable:
            continue  # most depths: known without building a move
        meld_parts = play_parts(knobs, state.melds, caller, pool, deepest, layoffs=False)
        if doublers:
            meld_parts = [tuple(with_doubled([p for part in meld_parts for p in part], doublers))]
        layoff_parts = (
            play_parts(knobs, state.melds, caller, pool, deepest, new_melds=False, index=index)
            if layoffs
            else []
        )
        parts = meld_parts + layoff_parts
        if not any(parts):
            continue  # the bit test is a quick yes for a few depths with no play listed
        taken = pile[-count:]
        forbidden = forbidden_discards(knobs, taken)
        if checked or forbidden:
            base = caller_turn(state, caller, taken)
            counts, reserve = variant.play_pool(base, caller, hand + taken)
            plays: list[Play] = []
            limits = turn_limits(knobs, base, caller, taken)
            check = PoolCheck(knobs, base, caller, limits, counts)
            for play in (play for part in parts for play in part):
                if not check.allows(play, reserve, spends=False):
                    continue
                plays.append(play)
                if first_only:
                    break
            parts = [tuple(plays)]
        elif first_only:
            parts = [part[:1] for part in parts if part][:1]
        if any(parts):
            found.append((count, parts))
    return found


def _layoff_top_calls(knobs: Profile, state: StateCore, order: Sequence[int]) -> list[Move]:
    """R2: any seat but the discarder lays off the top discard alone."""
    top = state.discard_codes[-1]
    pool = Pool()
    if not knobs.variant.add_pile_card(state, pool, top)[0]:
        return []
    found = []
    wild, ace = knobs.jokers_wild, knobs.ace
    for number, meld, *_ in target_index(state.melds).targets(None):
        for laid, _result in layoffs_from_pool(meld, pool, wild, ace, top):
            found.append((number, laid))
    moves: list[Move] = []
    for seat in order:
        if not may_lay_off(knobs, state, seat):
            continue
        for target, laid in found:
            moves.append(call_move(seat, 1, layoff_move(seat, target, laid)))
    return moves

"""Taking from the discard pile (T2–T4).

Taking only the top discard is always legal by default (T2): the card goes
into the hand.  Taking from deeper in the pile (T3) takes every card above
the deepest one too, and melds the deepest card at once: the move says how
(``take 3 meld 4S 4H 4D``), as one compound move (T3a).  The variants (T4):
only the top card may be taken (``discard_take = "top_only"``); the top
card taken alone must be melded at once too (``top_discard_must_meld``);
the card melded at once must go into a new meld (``deepest_card_use =
"new_meld_only"``).  A player who took only the top discard may not
discard it in that turn (T11, :mod:`~rummy500._engine.discarding`), so the
take itself is legal only if they can then end the turn (N1).
"""

from __future__ import annotations

from typing import Final

from rummy500._engine.boundary import (
    LAYOFF_MOVE,
    TAKE_MOVE,
    pile_moves,
    split_move,
    take_move,
    take_top_move,
)
from rummy500._engine.codes.seats import ONE_BYTE, hand_of, with_seat
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.dead_ends import PoolCheck, can_finish_with
from rummy500._engine.hands import with_cards
from rummy500._engine.illegal import illegal
from rummy500._engine.known import known_after_taking
from rummy500._engine.limits import TurnLimits, forbidden_discards, turn_limits
from rummy500._engine.meldgen import Pool, code_counts
from rummy500._engine.opening import may_lay_off
from rummy500._engine.playing import play_in_turn
from rummy500._engine.plays import could_meld, has_play, play_parts, plays_from_pool, with_doubled
from rummy500._engine.profile import Profile
from rummy500._engine.states import took
from rummy500._engine.targets import target_index
from rummy500._engine.turn import TurnPlay
from rummy500.cards import card_from_code
from rummy500.errors import Reason
from rummy500.moves import Move, Play, Take

__all__ = ["must_meld_at_once", "take", "take_depths", "take_moves"]


def must_meld_at_once(knobs: Profile, count: int) -> bool:
    """Whether taking ``count`` cards requires melding the deepest one at once (T3, T3a, T4)."""
    return count > 1 or knobs.top_discard_must_meld


def take(knobs: Profile, state: StateCore, move: Take) -> StateCore:
    """Take the top ``move.count`` discards; with a play, meld the deepest at once (T2–T4)."""
    pile = state.discard_codes
    count = move.count
    if count > len(pile):
        raise illegal(
            Reason.PILE_TOO_SHORT, f"cannot take {count} cards: the pile holds {len(pile)}", "T1"
        )
    if count > 1 and knobs.discard_take == "top_only":
        raise illegal(
            Reason.DEEP_TAKE_NOT_ALLOWED,
            "only the top discard may be taken under discard_take='top_only'",
            "T4",
        )
    taken = pile[-count:]
    deepest = taken[0]
    must_meld = must_meld_at_once(knobs, count)
    play = move.play  # read once: a move's attribute is a generic lookup in compiled code
    if must_meld and play is None:
        raise illegal(
            Reason.MUST_MELD_TAKEN_CARD,
            f"taking {count} card{'s' if count > 1 else ''} requires melding the deepest one, "
            f"{card_from_code(deepest)}, at once: write it as 'take {count} meld ...' or "
            f"'take {count} layoff N ...'",
            "T3",
        )
    if not must_meld and play is not None:
        raise illegal(
            Reason.UNEXPECTED_PLAY,
            "taking only the top discard needs no meld at once: take it, then meld as a "
            "separate move",
            "T3a",
        )
    player = move.player
    held = hand_of(state._seat_codes, player)
    hand = with_cards(held, taken)
    if play is None:
        if not _may_take_top(knobs, state, player, held, deepest):
            raise illegal(
                Reason.DEAD_END,
                f"after taking {card_from_code(deepest)} p{player} could not end the turn: it may "
                "not be discarded (T11) nor melded",
                "N1",
            )
    elif knobs.deepest_card_use == "new_meld_only" and isinstance(play, LAYOFF_MOVE):
        raise illegal(
            Reason.NEW_MELD_REQUIRED,
            f"the card taken, {card_from_code(deepest)}, must go into a new meld, not a lay-off",
            "T4",
        )
    known = known_after_taking(knobs, state, player, count, play, True, False)
    rest = pile[: len(pile) - count]
    if play is None:
        return took(state, with_seat(state._seat_codes, player, hand, known), rest, taken)
    return play_in_turn(
        knobs, state, TurnPlay(player, play, hand, (deepest, "T3"), known, rest, taken)
    )


class _Scan:
    """What the takes of the player to move depend on, depth by depth (the pool aside).

    Attributes:
        player: The seat to move.
        limit: The deepest take (1 under ``discard_take = "top_only"``).
        splits: Whether the player may split the pile (the variant's).
        first: The shallowest depth with a play.
        last: The deepest depth to look at.
        checked: Whether plays need the N1 look-ahead.
        take_layoffs: Whether the card taken may be laid off (T4, T8).
    """

    __slots__ = ("checked", "first", "last", "limit", "player", "splits", "take_layoffs")

    def __init__(
        self,
        player: int,
        limit: int,
        splits: bool,
        first: int,
        last: int,
        checked: bool,
        take_layoffs: bool,
    ) -> None:
        self.player = player
        self.limit = limit
        self.splits = splits
        self.first = first
        self.last = last
        self.checked = checked
        self.take_layoffs = take_layoffs


def _scan(knobs: Profile, state: StateCore) -> _Scan:
    player = state.to_move
    pile = state.discard_codes
    limit = len(pile) if knobs.discard_take == "any_depth" else 1
    splits = knobs.variant.may_split(state, player)
    return _Scan(
        player,
        limit,
        splits,
        1 if knobs.top_discard_must_meld or splits else 2,
        len(pile) if splits else limit,
        knobs.blockable,
        knobs.deepest_card_use != "new_meld_only" and may_lay_off(knobs, state, player),
    )


def _start_pool(knobs: Profile, state: StateCore, player: int, hand: bytes) -> tuple[Pool, int]:
    """The hand as a pool that pile cards can be added to, and its doubling jokers."""
    variant = knobs.variant
    if variant.plain:
        return Pool(hand), 0
    pool, doublers = variant.generation_pool(state, player, hand)  # the variant's jokers aside
    return pool.copy(), doublers


def take_moves(knobs: Profile, state: StateCore, depth: int | None = None) -> list[Move]:
    """Every take of the player to move, by depth, with every way to meld the deepest card.

    With ``depth``, only the takes of exactly that many cards.  Where the
    variant lets the player split the pile, each take is followed by the
    split of the pile at the same depth with the same play.
    """
    pile = state.discard_codes
    player = state.to_move
    moves: list[Move] = []
    if not pile or (depth is not None and depth > len(pile)):
        return moves
    hand = hand_of(state._seat_codes, player)
    if (
        depth in (None, 1)
        and not knobs.top_discard_must_meld
        and _may_take_top(knobs, state, player, hand, pile[-1])
    ):
        moves.append(take_top_move(player))
    scan = _scan(knobs, state)
    last = scan.last if depth is None else min(depth, scan.last)
    if last < scan.first:
        return moves
    pool, doublers = _start_pool(knobs, state, player, hand)
    index = target_index(state.melds)
    variant = knobs.variant
    plain = variant.plain
    first = scan.first if depth is None else max(depth, scan.first)
    for count in range(1, last + 1):
        deepest = pile[-count]
        if plain:
            pool.add(deepest)  # a native call (a bound method would be a generic one)
        else:
            meldable, doubling = variant.add_pile_card(state, pool, deepest)
            doublers += doubling
            if not meldable:
                continue
        if count < first or not could_meld(pool, deepest, knobs, index):
            continue
        parts = play_parts(
            knobs,
            state.melds,
            player,
            pool,
            deepest,
            layoffs=scan.take_layoffs or scan.splits,
            index=index,
        )
        forbidden = forbidden_discards(knobs, pile[-count:])
        if not (doublers or scan.checked or forbidden or scan.splits):
            for part in parts:  # legal by construction; large parts are memoized as a whole
                if len(part) > _LARGE:
                    moves.extend(pile_moves(TAKE_MOVE, player, count, part))
                else:
                    moves.extend([take_move(player, count, play) for play in part])
            continue
        plays = [play for part in parts for play in part]
        if not plays:
            continue
        if doublers:
            plays = with_doubled(plays, doublers)
        moves.extend(_checked_takes(knobs, state, scan, count, plays))
    return moves


#: Parts of the plays with more plays than this have their takes memoized as a tuple
#: (positions with long piles and many melds); smaller ones are cheaper built anew.
_LARGE: Final = 8


def take_depths(knobs: Profile, state: StateCore) -> list[int]:
    """The depths at which the player to move has a legal take or split, found depth by depth.

    A depth counts as soon as one play of its deepest card passes every check:
    no move is built.
    """
    pile = state.discard_codes
    player = state.to_move
    depths: list[int] = []
    if not pile:
        return depths
    scan = _scan(knobs, state)
    hand = hand_of(state._seat_codes, player)
    top_alone = not knobs.top_discard_must_meld and _may_take_top(
        knobs, state, player, hand, pile[-1]
    )
    pool, doublers = _start_pool(knobs, state, player, hand)
    index = target_index(state.melds)
    variant = knobs.variant
    for count in range(1, max(scan.last, 1) + 1):
        deepest = pile[-count]
        meldable, doubling = variant.add_pile_card(state, pool, deepest)
        doublers += doubling
        if count == 1 and top_alone:
            depths.append(1)
            continue
        if not meldable or count < scan.first or count > scan.last:
            continue
        if not could_meld(pool, deepest, knobs, index):
            continue
        layoffs = scan.take_layoffs or scan.splits
        if not (scan.checked or forbidden_discards(knobs, pile[-count:]) or scan.splits):
            if has_play(knobs, state.melds, pool, deepest, layoffs=scan.take_layoffs, index=index):
                depths.append(count)
            continue
        plays = plays_from_pool(
            knobs, state.melds, player, pool, deepest, layoffs=layoffs, index=index
        )
        if doublers:
            plays = with_doubled(plays, doublers)
        if _checked_takes(knobs, state, scan, count, plays, first_only=True):
            depths.append(count)
    return depths


def _may_take_top(knobs: Profile, state: StateCore, player: int, hand: bytes, top: int) -> bool:
    """Whether the top discard may be taken alone: the player can still end the turn (T11, N1)."""
    taken = ONE_BYTE[top]
    if knobs.only_forbidden_cards_block:
        # Any card of the hand that may be discarded then ends the turn.
        forbidden = forbidden_discards(knobs, taken)
        for code in hand:
            if not forbidden >> code & 1:
                return True
    counts = code_counts(hand)
    counts[top] = counts[top] + 1
    return can_finish_with(knobs, state, turn_limits(knobs, state, player, taken), counts)


def _checked_takes(
    knobs: Profile,
    state: StateCore,
    scan: _Scan,
    count: int,
    plays: list[Play],
    *,
    first_only: bool = False,
) -> list[Move]:
    """The takes (and splits) of depth ``count`` whose play leaves the turn able to end (N1).

    With ``first_only``, stop at the first one.
    """
    if not plays:
        return []
    player = scan.player
    taken = state.discard_codes[-count:]
    deepest = taken[0]
    limits = turn_limits(knobs, state, player, taken)
    hand = hand_of(state._seat_codes, player)
    checked = scan.checked or bool(limits.forbidden)
    takes = count <= scan.limit and must_meld_at_once(knobs, count)
    take_check = _Check(knobs, state, player, hand + taken, deepest, limits) if checked else None
    split_check = None
    if scan.splits and checked:
        split_hand = knobs.variant.hand_after_splitting(state, player) + taken
        split_check = _Check(knobs, state, player, split_hand, deepest, limits)
    moves: list[Move] = []
    for play in plays:
        take_allowed = takes and (scan.take_layoffs or not isinstance(play, LAYOFF_MOVE))
        if take_allowed and (take_check is None or take_check.allows(play)):
            moves.append(take_move(player, count, play))
        if scan.splits and (split_check is None or split_check.allows(play)):
            moves.append(split_move(player, count, play))
        if first_only and moves:
            break
    return moves


class _Check:
    """Whether a play melding pile cards leaves its player able to end the turn (N1)."""

    __slots__ = ("pool", "required", "reserve")

    def __init__(
        self,
        knobs: Profile,
        state: StateCore,
        player: int,
        codes: bytes,
        required: int,
        limits: TurnLimits,
    ) -> None:
        counts, self.reserve = knobs.variant.play_pool(state, player, codes)
        self.required = required
        self.pool = PoolCheck(knobs, state, player, limits, counts)

    def allows(self, play: Play) -> bool:
        return self.pool.allows(play, self.reserve, self.required)

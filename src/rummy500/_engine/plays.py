"""Plays (new melds and lay-offs) as the engine checks and enumerates them.

A *play* is a :class:`~rummy500.moves.MeldMove` or a
:class:`~rummy500.moves.LayoffMove`, on its own or as the part of a take, a
call or a split that melds a pile card.  This module checks a play against
the cards available and the table (:func:`resolve_play`: M1–M4, L1–L5),
enumerates every play from a pool of cards (:func:`plays_from_pool`), asking
the index of the table melds a lay-off can go on
(:mod:`~rummy500._engine.targets`).  It knows no turn rules: those live in
the rule-section modules.
"""

from __future__ import annotations

import functools
from typing import Final

from rummy500._engine.boundary import (
    LAYOFF_MOVE,
    MELD_MOVE,
    layoff_moves,
    meld_move,
    meld_moves,
    table_meld_of,
)
from rummy500._engine.codes.memo import MEMO_LIMIT, store
from rummy500._engine.codes.seats import ONE_BYTE
from rummy500._engine.codes.specs import (
    BARE_JOKER,
    SPEC_PHYSICAL,
    fits_run,
    in_meld_order,
)
from rummy500._engine.credits import layoff_credits, shared_credits
from rummy500._engine.illegal import from_meld_error, illegal
from rummy500._engine.meldgen import (
    LOWEST_RANK,
    RANK_COUNT,
    Pool,
    group_melds,
    layoffs_from_pool,
    run_layoff_cards,
    run_melds,
)
from rummy500._engine.profile import Profile
from rummy500._engine.targets import TargetIndex, derive_index, target_index
from rummy500.cards import JOKER_CODE, card_from_code
from rummy500.errors import InvalidMeldError, Reason
from rummy500.meldcards import SPEC_TEXT, quote_cards
from rummy500.moves import LayoffMove, MeldMove, Play
from rummy500.state import TableMeld

__all__ = [
    "PlayEffect",
    "could_meld",
    "has_play",
    "physical",
    "play_facts",
    "play_parts",
    "play_points",
    "playable_on_table",
    "plays_from_pool",
    "resolve_play",
    "table_after",
    "with_doubled",
]


def physical(play: Play) -> list[int]:
    """The card codes a play puts on the table (every joker as 52, a doubling joker too)."""
    codes = [SPEC_PHYSICAL[spec.code] for spec in play.cards]
    if isinstance(play, MELD_MOVE) and play.doubled:
        codes.append(JOKER_CODE)
    return codes


class PlayEffect:
    """What a valid play does.

    Attributes:
        melds: The table melds after the play.
        used: The card codes it takes from the pool.
        points: The value of a new meld (S1), 0 for a lay-off.
        run_length: The length of a new run, else 0.
        laid: The cards it adds to the meld, credited to the player (L5):
            ``used`` less a doubling joker, which lies over the meld.
    """

    __slots__ = ("laid", "melds", "points", "run_length", "used")

    def __init__(
        self,
        melds: tuple[TableMeld, ...],
        used: tuple[int, ...],
        points: int,
        run_length: int,
        laid: int,
    ) -> None:
        self.melds = melds
        self.used = used
        self.points = points
        self.run_length = run_length
        self.laid = laid

    def using(self, used: tuple[int, ...]) -> PlayEffect:
        """The same effect, taking the cards ``used`` from the pool."""
        return PlayEffect(self.melds, used, self.points, self.run_length, self.laid)


def resolve_play(
    knobs: Profile,
    melds: tuple[TableMeld, ...],
    play: Play,
    pool: list[int],
    required: tuple[int, str] | None = None,
) -> PlayEffect:
    """Check ``play`` against the table and a pool of card counts; return its effect.

    Args:
        knobs: The rule set's compact form.
        melds: The table melds.
        play: The meld or lay-off.
        pool: The count of each card code the play may use.
        required: A card code the play must hold, and the rule requiring it.

    Raises:
        IllegalMoveError: for cards not in the pool, a play without the
            ``required`` card, an invalid meld or lay-off (M1–M4, L1–L3), or
            cards not in canonical order.
    """
    codes = tuple([spec.code for spec in play.cards])
    used = tuple([SPEC_PHYSICAL[code] for code in codes])
    doubled = isinstance(play, MELD_MOVE) and play.doubled
    if doubled:
        used += (JOKER_CODE,)
    if not _holds(pool, used):
        for code in set(used):  # name a card missing, as the check always has
            count = used.count(code)
            if pool[code] < count:
                quoted = quote_cards([SPEC_TEXT[c] for c in codes])
                raise illegal(
                    Reason.CARDS_NOT_AVAILABLE,
                    f"p{play.player} does not hold the cards of {quoted}: "
                    f"no {card_from_code(code)}" + (f" ×{count}" if count > 1 else ""),
                    "T7",
                )
    if required is not None and required[0] not in used:
        raise illegal(
            Reason.PLAY_MISSES_DEEPEST_CARD,
            f"the play must meld the deepest card taken, {card_from_code(required[0])}",
            required[1],
        )
    if isinstance(play, MELD_MOVE):
        try:
            new = knobs.new_meld(codes)
        except InvalidMeldError as error:
            raise from_meld_error(Reason.INVALID_MELD, error) from None
        meld = new.meld
        if meld.codes != codes:
            raise illegal(
                Reason.NOT_CANONICAL, f"write the meld in canonical order: meld {meld}", "§10"
            )
        factor = 2 if doubled else 1
        table_meld = table_meld_of(
            meld, shared_credits((play.player,) * len(codes)), new.multiplier * factor, doubled
        )
        changed = (*melds, table_meld)
        derive_index(melds, changed, len(melds))
        return PlayEffect(changed, used, new.points * factor, new.run_length, len(codes))
    if play.target >= len(melds):
        raise illegal(
            Reason.NO_SUCH_MELD,
            f"there is no meld {play.target} on the table ({len(melds)} melds)",
            "L1",
        )
    table_meld = melds[play.target]
    try:
        result = knobs.layoff(table_meld.meld, codes)
    except InvalidMeldError as error:
        raise from_meld_error(Reason.INVALID_LAYOFF, error) from None
    ordered = in_meld_order(result.codes, codes)
    if ordered != codes:
        text = quote_cards([SPEC_TEXT[code] for code in ordered])
        raise illegal(
            Reason.NOT_CANONICAL,
            f"write the lay-off in meld order: layoff {play.target} {text}",
            "§10",
        )
    new_meld = table_meld_of(
        result, layoff_credits(table_meld, result, play.player), table_meld.multiplier, False
    )
    changed = melds[: play.target] + (new_meld,) + melds[play.target + 1 :]
    derive_index(melds, changed, play.target)
    return PlayEffect(changed, used, 0, 0, len(codes))


def _holds(pool: list[int], used: tuple[int, ...]) -> bool:
    """Whether ``pool`` has a card for each code in ``used``, copies counted."""
    left = pool[:]
    for code in used:
        if not left[code]:
            return False
        left[code] = left[code] - 1
    return True


def table_after(knobs: Profile, melds: tuple[TableMeld, ...], play: Play) -> tuple[TableMeld, ...]:
    """The table melds after a valid ``play`` (credits are not kept: for look-ahead only)."""
    codes = tuple([spec.code for spec in play.cards])
    if isinstance(play, MELD_MOVE):
        return (*melds, table_meld_of(knobs.new_meld(codes).meld, (), 1, play.doubled))
    changed = table_meld_of(knobs.layoff(melds[play.target].meld, codes), (), 1, False)
    return melds[: play.target] + (changed,) + melds[play.target + 1 :]


def playable_on_table(
    knobs: Profile, melds: tuple[TableMeld, ...], code: int, jokers_wild: bool = True
) -> bool:
    """Whether the single card ``code`` can be laid off on some table meld.

    ``jokers_wild`` is false when jokers are not wild this hand: a joker then
    fits no meld.
    """
    if code == JOKER_CODE and not jokers_wild:
        return False
    pool = Pool(ONE_BYTE[code])
    return any(
        layoffs_from_pool(table_meld.meld, pool, knobs.jokers_wild, knobs.ace, code)
        for table_meld in melds
        if not table_meld.doubled
    )


def play_facts(knobs: Profile, play: Play) -> tuple[tuple[int, ...], int]:
    """The card codes a valid play puts on the table (:func:`physical`) and its points.

    The points are :func:`play_points` under an opening minimum, else 0
    (nothing asks for them then).  Memoized in the rule set's ``knobs`` by
    the play's identity: the generator's plays are interned, so each is
    valued once.
    """
    memo = knobs.play_facts
    entry = memo.get(id(play))
    if entry is not None and entry[0] is play:
        return entry[1], entry[2]
    used = tuple(physical(play))
    points = play_points(knobs, play, generated=True) if knobs.opening_minimum else 0
    store(memo, id(play), (play, used, points), MEMO_LIMIT)
    return used, points


def play_points(knobs: Profile, play: Play, *, generated: bool = False) -> int:
    """The value of a valid play: a new meld's points (S1, V6; doubled by a joker), 0 for a lay-off.

    ``generated``: the play comes from the move generator, its cards in meld
    order (see :meth:`~rummy500._engine.profile.Profile.generated_points`).
    """
    if isinstance(play, LAYOFF_MOVE):
        return 0
    codes = tuple([spec.code for spec in play.cards])
    points = knobs.generated_points(codes) if generated else knobs.new_meld(codes).points
    return points * 2 if play.doubled else points


# ---------------------------------------------------------------------------
# Enumerating plays


def with_doubled(plays: list[Play], doublers: int) -> list[Play]:
    """``plays`` and, when a joker may double a meld (``doublers``), each new meld doubled."""
    if doublers:
        plays.extend(
            meld_move(play.player, tuple(spec.code for spec in play.cards), True)
            for play in list(plays)
            if isinstance(play, MELD_MOVE)
        )
    return plays


def plays_from_pool(
    knobs: Profile,
    melds: tuple[TableMeld, ...],
    player: int,
    pool: Pool,
    required: int | None,
    *,
    new_melds: bool = True,
    layoffs: bool = True,
    index: TargetIndex | None = None,
) -> list[Play]:
    """Every new meld (if ``new_melds``) and every lay-off (if ``layoffs``) from ``pool``.

    With ``required``, only the plays holding that card (a natural card as
    itself, or 52 for a joker).  The order is that of
    :func:`rummy500._engine.meldgen.melds_from_pool`, then the lay-offs by meld
    number.
    """
    plays: list[Play] = []
    for part in play_parts(
        knobs, melds, player, pool, required, new_melds=new_melds, layoffs=layoffs, index=index
    ):
        plays.extend(part)
    return plays


def play_parts(
    knobs: Profile,
    melds: tuple[TableMeld, ...],
    player: int,
    pool: Pool,
    required: int | None,
    *,
    new_melds: bool = True,
    layoffs: bool = True,
    index: TargetIndex | None = None,
) -> list[tuple[Play, ...]]:
    """:func:`plays_from_pool` in parts: the (shared, memoized) tuples of plays it joins.

    The new melds of a rank or a suit, the lay-offs on one table meld: a caller
    that derives moves from plays (takes, calls) can memoize them per part.
    """
    parts: list[tuple[Play, ...]] = []
    if new_melds:
        _add_meld_moves(parts, knobs, player, pool, required)
    if layoffs and melds:
        _add_layoff_moves(parts, knobs, melds, player, pool, required, index)
    return parts


def has_play(
    knobs: Profile,
    melds: tuple[TableMeld, ...],
    pool: Pool,
    required: int,
    *,
    layoffs: bool = True,
    index: TargetIndex | None = None,
) -> bool:
    """Whether some meld or lay-off from ``pool`` holds the card ``required`` (no move is built).

    For a natural card: a group of its rank (its suits held and the wild
    jokers make three), a run of its suit (a shortest window through it
    that the jokers can fill), or a lay-off on a table meld.
    """
    if required == JOKER_CODE:
        if knobs.jokers_wild:
            return _has_joker_play(knobs, melds, pool, layoffs, index)
        return bool(plays_from_pool(knobs, melds, 0, pool, required, layoffs=layoffs, index=index))
    rank, suit = required % 13 + 1, required // 13
    wild_jokers = pool.jokers if knobs.jokers_wild else 0
    if RANK_COUNT[pool.spread >> 4 * rank & 15] + wild_jokers >= 3:
        return True
    held = pool.suit_masks[suit]
    for window in _windows_through(knobs.ace, knobs.min_run_length, rank):
        if RANK_COUNT[window & ~held] <= wild_jokers:
            return True
    if layoffs and melds:
        for _number, meld, *_ in (index or target_index(melds)).targets(required):
            if layoffs_from_pool(meld, pool, knobs.jokers_wild, knobs.ace, required):
                return True
    return False


def _has_joker_play(
    knobs: Profile,
    melds: tuple[TableMeld, ...],
    pool: Pool,
    layoffs: bool,
    index: TargetIndex | None,
) -> bool:
    """Whether a wild joker of ``pool`` can be melded or laid off (the pool holds it).

    A group needs a natural card and three cards in all; a run needs a natural
    card in a window the jokers can fill (a joker may also stand for a card
    held); a table meld with room takes a joker (declared as its rank, or as
    the card next to an end of a run).
    """
    jokers = pool.jokers
    for mask in (pool.spread >> 4 * rank & 15 for rank in range(1, 14)):
        suits = mask.bit_count()
        if suits and suits + jokers >= 3 and (suits >= 2 or jokers >= 2):
            return True
    windows = _windows_of(knobs.ace, knobs.min_run_length)
    for held in pool.suit_masks:
        if held and any(w & held and (w & ~held).bit_count() <= jokers for w in windows):
            return True
    if layoffs and melds:
        for _number, meld, *_ in (index or target_index(melds)).targets(None):
            if layoffs_from_pool(meld, pool, knobs.jokers_wild, knobs.ace, JOKER_CODE):
                return True
    return False


@functools.lru_cache(maxsize=16)
def _windows_of(ace: str, length: int) -> tuple[int, ...]:
    """The rank masks of every run of ``length`` cards the ace allows."""
    windows = []
    for start in range(1, 14):
        if fits_run(start, length, ace):
            mask = 0
            for i in range(length):
                mask |= 1 << (start - 1 + i) % 13
            windows.append(mask)
    return tuple(windows)


@functools.lru_cache(maxsize=128)
def _windows_through(ace: str, length: int, rank: int) -> tuple[int, ...]:
    """The rank masks of the shortest runs through ``rank`` from each start the ace allows."""
    windows = []
    for start in range(1, 14):
        for size in range(length, 14):
            if not fits_run(start, size, ace):
                continue
            mask = 0
            for i in range(size):
                mask |= 1 << (start - 1 + i) % 13
            if mask >> (rank - 1) & 1:
                windows.append(mask)
                break
    return tuple(windows)


# The moves of one rank (groups), one suit (runs) or one table meld (lay-offs)
# depend only on a few small integers: memoized on exactly those, packed into one
# integer where they fit (a key the compiled build makes without an object, and
# that the garbage collector never tracks), as tuples of ready moves.  The tables
# are cleared when full, which bounds them.
_MEMO_LIMIT: Final = 1 << 15
_GROUP_MOVES: Final[dict[int, tuple[MeldMove, ...]]] = {}
_RUN_MOVES: Final[dict[int, tuple[MeldMove, ...]]] = {}
_LAYOFF_MOVES: Final[dict[object, tuple[LayoffMove, ...]]] = {}


def _add_meld_moves(
    parts: list[tuple[Play, ...]], knobs: Profile, player: int, pool: Pool, required: int | None
) -> None:
    jokers = pool.jokers
    wild = knobs.jokers_wild
    wild_jokers = jokers if wild else 0
    need_joker = required == JOKER_CODE
    if need_joker and not jokers:
        return
    suit_masks = pool.suit_masks
    spread = pool.spread
    fewest = 3 - wild_jokers
    if required is not None and not need_joker:  # a natural card
        suits: tuple[int, ...] = (required // 13,)
        required_suit = required // 13
        required_bit = 1 << (required % 13)
        candidates = 1 << (required % 13)
    else:
        suits = _SUITS
        required_suit = -1
        required_bit = 0
        candidates = _group_ranks(suit_masks, fewest)
    while candidates:  # the rank bits where a group is possible
        rank = LOWEST_RANK[candidates]
        candidates &= candidates - 1
        mask = spread >> 4 * rank & 15
        if RANK_COUNT[mask] >= fewest:
            # the rank, the suits held, the required suit (+1), the joker, the player,
            # then the wild jokers (the one field without a bound, on top)
            key = (
                rank
                | mask << 4
                | (required_suit + 1) << 8
                | (1 << 11 if need_joker else 0)
                | player << 12
                | wild_jokers << 20
            )
            moves = _GROUP_MOVES.get(key)
            if moves is None:
                found = group_melds(rank, mask, wild_jokers, required_suit, need_joker)
                moves = store(_GROUP_MOVES, key, meld_moves(player, found), _MEMO_LIMIT)
            parts.append(moves)
    if not wild and required_suit < 0:  # groups of jokers (jokers = "sets_only")
        for size in range(3, min(jokers, 4) + 1):
            parts.append((meld_move(player, (BARE_JOKER,) * size),))
    if need_joker and not wild_jokers:
        return
    ace, min_length = knobs.ace, knobs.min_run_length
    fewest = min_length - wild_jokers
    for suit in suits:
        held = suit_masks[suit]
        if not held or RANK_COUNT[held] < fewest:
            continue
        if not wild_jokers and not _has_window(held, min_length, ace):
            continue  # without jokers a run is a window of held cards
        # the ranks held, the required rank, the suit, the shortest run, the ace, the
        # joker, the player, then the wild jokers (on top)
        run_key = (
            held
            | LOWEST_RANK[required_bit] << 13
            | suit << 17
            | min_length << 19
            | knobs.ace_code << 23
            | (1 << 25 if need_joker else 0)
            | player << 26
            | wild_jokers << 34
        )
        moves = _RUN_MOVES.get(run_key)
        if moves is None:
            found = run_melds(ace, min_length, suit, held, wild_jokers, required_bit, need_joker)
            moves = store(_RUN_MOVES, run_key, meld_moves(player, found), _MEMO_LIMIT)
        parts.append(moves)


#: The bits of the held ranks in the integer keys of the lay-offs on runs.
_HELD_BITS: Final = (1 << 13) - 1
#: The reach of the held cards toward a run (:func:`_reach`), by an integer key.
_REACH: Final[dict[int, int]] = {}


def _reach_key(held: int, first: int, length: int, jokers: int, ace_code: int) -> int:
    """The key of :func:`_reach`'s memo: its arguments packed in one integer."""
    return held | first << 13 | length << 17 | jokers << 21 | ace_code << 27


def _reach_of(reach_key: int, ace: str) -> int:
    """:func:`_reach` of the arguments packed in ``reach_key`` (remembered)."""
    reach = _REACH.get(reach_key)
    if reach is None:
        held, first = reach_key & _HELD_BITS, reach_key >> 13 & 15
        length, jokers = reach_key >> 17 & 15, reach_key >> 21 & 63
        reach = store(_REACH, reach_key, _reach(held, first, length, jokers, ace), _MEMO_LIMIT)
    return reach


def _reach(held: int, first: int, length: int, jokers: int, ace: str) -> int:
    """The rank bits of ``held`` that a lay-off on a run could use (the rest change nothing).

    From each end of the run (first rank ``first``, ``length`` cards) outwards,
    the held ranks up to the point where more ranks are missing than there are
    ``jokers`` to fill them, within the run's room.  The ace follows the king
    under ``low_or_high`` and wraps around under ``around_the_corner``.
    """
    room = 13 - length
    reach = 0
    for step, limit in ((-1, first - 1), (1, 14 - first - length)):
        if ace == "around_the_corner":
            limit = room
        elif step == 1 and ace == "low_or_high":
            limit += 1  # the ace after the king
        rank = first - 1 if step < 0 else first + length
        missing = 0
        for _ in range(min(limit, room)):
            bit = 1 << (rank - 1) % 13
            if held & bit:
                reach |= bit
            else:
                missing += 1
                if missing > jokers:
                    break
            rank += step
    return reach


def _group_ranks(suit_masks: list[int], fewest: int) -> int:
    """The rank bits held in at least ``fewest`` suits (a bit count per rank, at once)."""
    a, b, c, d = suit_masks
    if fewest >= 3:
        return a & b & (c | d) | c & d & (a | b)
    if fewest == 2:
        return a & (b | c | d) | b & (c | d) | c & d
    return a | b | c | d


def _has_window(held: int, length: int, ace: str) -> bool:
    """Whether ``held`` holds ``length`` consecutive ranks (a high ace after the king, or wrapping).

    Without jokers a suit has a run exactly when it has such a window.
    """
    windows = held
    for shift in range(1, length):
        windows &= held >> shift
    if windows:
        return True
    if ace == "low" or not held & 1:
        return False  # only a held ace can follow the king or wrap around
    extended = held | 1 << 13 if ace == "low_or_high" else held | held << 13
    windows = extended
    for shift in range(1, length):
        windows &= extended >> shift
    return bool(windows)


def _add_layoff_moves(
    parts: list[tuple[Play, ...]],
    knobs: Profile,
    melds: tuple[TableMeld, ...],
    player: int,
    pool: Pool,
    required: int | None,
    index: TargetIndex | None,
) -> None:
    jokers = pool.jokers
    wild_jokers = jokers if knobs.jokers_wild else 0
    spread, suit_masks = pool.spread, pool.suit_masks
    key_required = -1 if required is None else required
    for target in (index or target_index(melds)).targets(required):
        number, meld, is_group, line, room, taken, codes, first = target
        if is_group:
            if line:  # a group of that rank: natural cards of the suits it lacks
                held = spread >> 4 * line & 15 & ~taken
                usable = min(wild_jokers, room)
            else:  # a group of jokers (jokers = "sets_only")
                held, usable = 0, min(jokers, room)
            if not held and not usable:
                continue
            key: object = (player, number, codes, held, usable, key_required)
        else:  # a run: cards of its suit, one of them next to an end unless jokers fill in
            held = suit_masks[line]
            if not held & taken and not wild_jokers:
                continue
            # What a run takes depends on its suit, first rank and length only (not on
            # which of its cards are jokers): the keys are integers of those, the held
            # ranks, the jokers and the ace (the reach's), then the required card, the
            # meld's number and the player (the moves').
            reach_key = _reach_key(held, first, 13 - room, wild_jokers, knobs.ace_code)
            held = _reach_of(reach_key, knobs.ace)
            usable = wild_jokers
            if not held and not usable:
                continue
            key = (
                reach_key & ~_HELD_BITS
                | held
                | (key_required + 1) << 29
                | line << 35
                | number << 37
                | player << 45
            )
        moves = _LAYOFF_MOVES.get(key)
        if moves is None:
            if is_group:
                found = layoffs_from_pool(meld, pool, knobs.jokers_wild, knobs.ace, required)
                laid = tuple([cards for cards, _meld in found])
            else:  # the cards out of reach change nothing: the lay-offs' memo ignores them
                laid = run_layoff_cards(meld, held, jokers, knobs.jokers_wild, knobs.ace, required)
            moves = store(_LAYOFF_MOVES, key, layoff_moves(player, number, laid), _MEMO_LIMIT)
        parts.append(moves)


def _in_windows(held: int, length: int, ace: str) -> int:
    """The rank bits of ``held`` that lie in a run of ``length`` held cards (no joker).

    Without jokers the runs of a suit are exactly its windows of held cards,
    so the other cards change nothing: dropping them lets the memo of the
    suit's runs serve many more hands.  The ace may follow the king under
    ``low_or_high`` (bit 13 stands for the high ace) and wrap around under
    ``around_the_corner``.
    """
    if ace == "low":
        extended, width = held, 13
    elif ace == "low_or_high":
        extended, width = held | (held & 1) << 13, 14
    else:
        extended, width = held | held << 13, 26
    windows = extended
    for shift in range(1, length):
        windows &= extended >> shift
    if not windows:
        return 0
    covered = windows
    for shift in range(1, length):
        covered |= windows << shift
    covered &= (1 << width) - 1
    return (covered | covered >> 13) & held


_SUITS: Final = (0, 1, 2, 3)


def _near_ranks(radius: int) -> tuple[int, ...]:
    """Per rank (index 1–13): the bit mask of the other ranks within ``radius`` (wrapping)."""
    masks = [0]
    for rank in range(1, 14):
        mask = 0
        for other in range(1, 14):
            distance = abs(other - rank)
            if other != rank and min(distance, 13 - distance) <= radius:
                mask |= 1 << (other - 1)
        masks.append(mask)
    return tuple(masks)


#: Indexed by the shortest run's length (3–13; a tuple, which compiled code indexes natively).
_NEAR_RANKS: Final = tuple(_near_ranks(max(length, 3) - 1) for length in range(14))


def could_meld(pool: Pool, code: int, knobs: Profile, index: TargetIndex) -> bool:
    """A quick necessary condition for any meld or lay-off holding the card ``code``.

    It lets the generator skip most depths of a long pile without enumerating:
    a group needs three suits of the rank (jokers counted), a run cards of the
    suit near the rank, a lay-off a group of the rank on the table or a run of
    the suit that the card can reach (:func:`_reach`).
    """
    if code == JOKER_CODE:
        return True
    rank, suit = code % 13 + 1, code // 13
    jokers = pool.jokers if knobs.jokers_wild else 0
    if RANK_COUNT[pool.spread >> 4 * rank & 15] + jokers >= 3:
        return True
    length = knobs.min_run_length
    held = pool.suit_masks[suit]
    if RANK_COUNT[held & _NEAR_RANKS[length][rank]] + jokers >= length - 1:
        return True
    if index.group_ranks >> rank & 1:
        return True
    if index.run_suits >> suit & 1:
        bit = 1 << rank - 1
        for _number, _meld, is_group, _suit, room, _ends, _codes, first in index.targets(code):
            if not is_group:  # a run of the card's suit (the groups were asked above)
                reach_key = _reach_key(held, first, 13 - room, jokers, knobs.ace_code)
                if _reach_of(reach_key, knobs.ace) & bit:
                    return True
    return False

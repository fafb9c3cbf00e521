"""Plays (new melds and lay-offs) as the engine checks and enumerates them.

A *play* is a :class:`~rummy500.moves.MeldMove` or a
:class:`~rummy500.moves.LayoffMove`, on its own or as the part of a take, a
call or a split that melds a pile card.  This module checks a play against
the cards available and the table (:func:`resolve_play`: M1–M4, L1–L5),
enumerates every play from a pool of cards (:func:`plays_from_pool`) and
indexes the table melds a lay-off can go on (:class:`TargetIndex`).  It
knows no turn rules: those live in the rule-section modules.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs

from rummy500._engine.illegal import from_meld_error, illegal
from rummy500._engine.movecache import layoff_move, meld_move
from rummy500.cards import JOKER_CODE, Card, card_from_code
from rummy500.errors import InvalidMeldError, Reason
from rummy500.meldcards import SPEC_PHYSICAL, SPEC_RANK, SPEC_SUIT, SPEC_TEXT
from rummy500.meldgen import Pool, layoffs_from_pool, melds_from_pool
from rummy500.melds import Meld, MeldKind, layoff_codes, meld_from_codes, meld_value, ordered_like
from rummy500.moves import LayoffMove, MeldMove, Play
from rummy500.rules import Jokers, Rules
from rummy500.state import TableMeld

__all__ = [
    "PlayEffect",
    "TargetIndex",
    "TurnPlay",
    "could_meld",
    "new_meld_points",
    "physical",
    "play_points",
    "playable_on_table",
    "plays_from_pool",
    "resolve_play",
    "table_after",
    "target_index",
]


def physical(play: Play) -> list[int]:
    """The card codes a play puts on the table (every joker as 52, a doubling joker too)."""
    codes = [SPEC_PHYSICAL[spec.code] for spec in play.cards]
    if isinstance(play, MeldMove) and play.doubled:
        codes.append(JOKER_CODE)
    return codes


@attrs.frozen
class TurnPlay:
    """A play in the turn of the player to move, with what it may draw on.

    Attributes:
        player: The seat playing (the seat to move).
        play: The meld or lay-off.
        hand: The cards the play may use: the hand, with any pile cards taken.
        required: The code of a pile card the play must hold, and the rule that
            says so (T3 for a take, V7 for a split), or ``None``.
        forbidden: The card that may not be discarded this turn (T11), if any.
        changes: Further fields of the state to set (those of a take or a split).
    """

    player: int
    play: Play
    hand: tuple[Card, ...]
    required: tuple[int, str] | None = None
    forbidden: int | None = None
    changes: dict[str, Any] = attrs.field(factory=dict)


@attrs.frozen
class PlayEffect:
    """What a valid play does.

    Attributes:
        melds: The table melds after the play.
        used: The card codes it takes from the pool.
        points: The value of a new meld (S1), 0 for a lay-off.
        run_length: The length of a new run, else 0.
        laid: The cards it adds to the meld, credited to the player (L5):
            ``used`` less a doubling joker (V7), which lies over the meld.
    """

    melds: tuple[TableMeld, ...]
    used: tuple[int, ...]
    points: int
    run_length: int
    laid: int


def resolve_play(
    rules: Rules,
    melds: tuple[TableMeld, ...],
    play: Play,
    pool: Sequence[int],
    required: tuple[int, str] | None = None,
) -> PlayEffect:
    """Check ``play`` against the table and a pool of card counts; return its effect.

    Args:
        rules: The rule set.
        melds: The table melds.
        play: The meld or lay-off.
        pool: The count of each card code the play may use.
        required: A card code the play must hold, and the rule requiring it.

    Raises:
        IllegalMoveError: for cards not in the pool, a play without the
            ``required`` card, an invalid meld or lay-off (M1–M4, L1–L3), a
            lay-off on a sealed meld, or cards not in canonical order.
    """
    codes = tuple(spec.code for spec in play.cards)
    used = tuple(SPEC_PHYSICAL[code] for code in codes)
    doubled = isinstance(play, MeldMove) and play.doubled
    if doubled:
        used += (JOKER_CODE,)
    need = Counter(used)
    for code, count in need.items():
        if pool[code] < count:
            shown = " ".join(SPEC_TEXT[c] for c in codes)
            raise illegal(
                Reason.CARDS_NOT_AVAILABLE,
                f"p{play.player} does not hold the cards of {shown}: no {card_from_code(code)}"
                + (f" ×{count}" if count > 1 else ""),
                "T7",
            )
    if required is not None and required[0] not in need:
        raise illegal(
            Reason.PLAY_MISSES_DEEPEST_CARD,
            f"the play must meld the deepest card taken, {card_from_code(required[0])}",
            required[1],
        )
    if isinstance(play, MeldMove):
        try:
            meld = checked_meld(codes, rules)
        except InvalidMeldError as error:
            raise from_meld_error(Reason.INVALID_MELD, error) from None
        if meld.codes != codes:
            raise illegal(
                Reason.NOT_CANONICAL, f"write the meld in canonical order: meld {meld}", "§10"
            )
        multiplier = new_meld_multiplier(rules, meld) * (2 if doubled else 1)
        added = (*melds, TableMeld(meld, (play.player,) * len(codes), multiplier, doubled))
        run_length = len(codes) if meld.kind is MeldKind.RUN else 0
        points = new_meld_points(rules, meld) * (2 if doubled else 1)
        return PlayEffect(added, used, points, run_length, len(codes))
    if play.target >= len(melds):
        raise illegal(
            Reason.NO_SUCH_MELD,
            f"there is no meld {play.target} on the table ({len(melds)} melds)",
            "L1",
        )
    table_meld = melds[play.target]
    if table_meld.doubled:
        raise illegal(
            Reason.SEALED_MELD,
            f"meld {play.target} is sealed by the joker doubling it: nothing may be laid off on it",
            "V7",
        )
    try:
        result = checked_layoff(table_meld.meld, codes, rules)
    except InvalidMeldError as error:
        raise from_meld_error(Reason.INVALID_LAYOFF, error) from None
    ordered = ordered_like(result, play.cards)
    if ordered != play.cards:
        text = " ".join(map(str, ordered))
        raise illegal(
            Reason.NOT_CANONICAL,
            f"write the lay-off in meld order: layoff {play.target} {text}",
            "§10",
        )
    new_meld = TableMeld(result, _credits(table_meld, result, play.player), table_meld.multiplier)
    changed = melds[: play.target] + (new_meld,) + melds[play.target + 1 :]
    return PlayEffect(changed, used, 0, 0, len(codes))


@functools.lru_cache(maxsize=1 << 14)
def new_meld_multiplier(rules: Rules, meld: Meld) -> int:
    """How many times a meld laid down now counts: Persian's group of four at once (V6)."""
    if meld.kind is MeldKind.GROUP and len(meld.codes) == 4:
        return rules.group_of_four_multiplier
    return 1


def new_meld_points(rules: Rules, meld: Meld) -> int:
    """The value of a meld laid down now (S1), doubled for Persian's group of four (V6)."""
    return meld_value(meld, rules.card_values) * new_meld_multiplier(rules, meld)


def checked_meld(codes: tuple[int, ...], rules: Rules) -> Meld:
    """:func:`rummy500.make_meld` on codes."""
    return meld_from_codes(codes, rules)


@functools.lru_cache(maxsize=1 << 14)
def checked_layoff(meld: Meld, codes: tuple[int, ...], rules: Rules) -> Meld:
    """:func:`rummy500.layoff` on codes, memoized."""
    return layoff_codes(meld, codes, rules)


def _credits(old: TableMeld, result: Meld, player: int) -> tuple[int, ...]:
    """Credits of ``result``: the old cards keep theirs, the new ones go to ``player`` (L5)."""
    credits: dict[int, list[int]] = {}
    for code, seat in zip(old.meld.codes, old.by, strict=True):
        credits.setdefault(code, []).append(seat)
    by = []
    for code in result.codes:
        earlier = credits.get(code)
        by.append(earlier.pop(0) if earlier else player)
    return tuple(by)


def table_after(rules: Rules, melds: tuple[TableMeld, ...], play: Play) -> tuple[TableMeld, ...]:
    """The table melds after a valid ``play`` (credits are not kept: for look-ahead only)."""
    codes = tuple(spec.code for spec in play.cards)
    if isinstance(play, MeldMove):
        return (*melds, TableMeld(checked_meld(codes, rules), (), 1, play.doubled))
    changed = TableMeld(checked_layoff(melds[play.target].meld, codes, rules), ())
    return melds[: play.target] + (changed,) + melds[play.target + 1 :]


def playable_on_table(
    rules: Rules, melds: tuple[TableMeld, ...], code: int, jokers_wild: bool = True
) -> bool:
    """Whether the single card ``code`` can be laid off on some table meld.

    ``jokers_wild`` is false when jokers are not wild this hand: a joker then
    fits no meld.
    """
    if code == JOKER_CODE and not jokers_wild:
        return False
    pool = Pool((code,))
    return any(
        layoffs_from_pool(table_meld.meld, pool, rules, code)
        for table_meld in melds
        if not table_meld.doubled
    )


def play_points(rules: Rules, play: Play) -> int:
    """The value of a valid play: a new meld's points (S1, V6; doubled, V7), 0 for a lay-off."""
    if isinstance(play, LayoffMove):
        return 0
    codes = tuple(spec.code for spec in play.cards)
    points = new_meld_points(rules, checked_meld(codes, rules))
    return points * 2 if play.doubled else points


# ---------------------------------------------------------------------------
# Enumerating plays


def plays_from_pool(
    rules: Rules,
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
    itself, or 52 for a joker).
    """
    plays: list[Play] = []
    if new_melds:
        plays = [
            meld_move(player, codes) for _kind, codes in melds_from_pool(pool, rules, required)
        ]
    if not layoffs or not melds:
        return plays
    targets = (index or target_index(melds)).targets(required)
    for target in targets:
        for laid, _result in layoffs_from_pool(melds[target].meld, pool, rules, required):
            plays.append(layoff_move(player, target, laid))
    return plays


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


_NEAR_RANKS = {length: _near_ranks(length - 1) for length in range(3, 14)}


def could_meld(pool: Pool, code: int, rules: Rules, index: TargetIndex) -> bool:
    """A quick necessary condition for any meld or lay-off holding the natural card ``code``.

    It lets the generator skip most depths of a long pile without enumerating.
    """
    if code == JOKER_CODE or index.targets(code):
        return True
    jokers = pool.counts[JOKER_CODE] if rules.jokers is Jokers.WILD else 0
    rank, suit = code % 13 + 1, code // 13
    if pool.rank_masks[rank].bit_count() + jokers >= 3:
        return True
    length = rules.min_run_length
    near = pool.suit_masks[suit] & _NEAR_RANKS[length][rank]
    return near.bit_count() + jokers >= length - 1


# The index of the table melds is kept for the last few melds tuples seen:
# consecutive states share one tuple until a meld changes.  Entries hold the
# tuple itself, so an id is never mistaken for another object's.
_INDEXES: dict[int, tuple[tuple[TableMeld, ...], TargetIndex]] = {}


def target_index(melds: tuple[TableMeld, ...]) -> TargetIndex:
    """The (cached) :class:`TargetIndex` of a tuple of table melds."""
    entry = _INDEXES.get(id(melds))
    if entry is not None and entry[0] is melds:
        return entry[1]
    if len(_INDEXES) >= 64:
        _INDEXES.clear()
    index = TargetIndex(melds)
    _INDEXES[id(melds)] = (melds, index)
    return index


class TargetIndex:
    """The table melds with room that are not sealed, by rank (groups) and by suit (runs)."""

    __slots__ = ("by_rank", "by_suit", "every")

    def __init__(self, melds: tuple[TableMeld, ...]) -> None:
        # Melds sealed by a doubling joker take no lay-offs (V7).
        self.every: Sequence[int] = [
            target for target, table_meld in enumerate(melds) if not table_meld.doubled
        ]
        self.by_rank: list[list[int]] = [[] for _ in range(14)]
        self.by_suit: list[list[int]] = [[] for _ in range(4)]
        for target in self.every:
            meld = melds[target].meld
            codes = meld.codes
            if meld.kind is MeldKind.GROUP:
                if len(codes) < 4:
                    self.by_rank[SPEC_RANK[codes[0]]].append(target)
            elif len(codes) < 13:
                self.by_suit[SPEC_SUIT[codes[0]]].append(target)

    def targets(self, required: int | None) -> Sequence[int]:
        """The melds a lay-off containing the natural card ``required`` could go on."""
        if required is None or required == JOKER_CODE:
            return self.every
        groups = self.by_rank[SPEC_RANK[required]]
        runs = self.by_suit[SPEC_SUIT[required]]
        if not groups:
            return runs
        if not runs:
            return groups
        return sorted(groups + runs)

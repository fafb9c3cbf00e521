"""The generation of every valid meld and lay-off a multiset of cards can form.

It works on a count vector of card codes (or a :class:`Pool` of bit masks of
the ranks held in each suit), with the run windows allowed by the ace knob
precomputed per rule set, and yields melds as meld-card codes.  The public
:func:`~rummy500.meldlist.enumerate_melds` lists them as :class:`Meld` values.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations
from typing import Final

from rummy500._engine.boundary import GROUP, RUN, meld_of
from rummy500._engine.codes.memo import store
from rummy500._engine.codes.specs import (
    BARE_JOKER,
    RUN_JOKER_BASE,
    SPEC_RANK,
    SPEC_SUIT,
    fits_run,
    group_joker,
)
from rummy500.cards import JOKER_CODE, NUM_CODES, Card
from rummy500.melds import Meld, MeldKind

__all__ = [
    "LOWEST_RANK",
    "RANK_COUNT",
    "Pool",
    "clear_memos",
    "code_counts",
    "count_vector",
    "group_melds",
    "layoffs_from_counts",
    "layoffs_from_pool",
    "melds_from_counts",
    "melds_from_pool",
    "run_layoff_cards",
    "run_melds",
]

# The non-empty subsets of the four suits, as tuples of suit indices in S H D C order,
# indexed by the 4-bit mask of suits held.
_SUIT_SUBSETS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(
        subset
        for size in range(1, 5)
        for subset in combinations([s for s in range(4) if mask >> s & 1], size)
    )
    for mask in range(16)
)


# Per rank (index 1–13) and mask of suits held: each non-empty subset of those
# suits with the codes of its natural cards of that rank.
_GROUP_NATURALS: Final[
    tuple[tuple[tuple[tuple[tuple[int, ...], tuple[int, ...]], ...], ...], ...]
] = (
    (),
    *(
        tuple(
            tuple((subset, tuple(s * 13 + rank - 1 for s in subset)) for subset in subsets)
            for subsets in _SUIT_SUBSETS
        )
        for rank in range(1, 14)
    ),
)

_Window = tuple[int, tuple[int, ...], tuple[int, ...]]


@functools.lru_cache(maxsize=64)
def _run_windows(ace: str, min_length: int) -> tuple[tuple[tuple[_Window, ...], ...], ...]:
    """The runs allowed by the ace knob (its value), per suit and start rank, in increasing length.

    Each window is (rank bit mask, card codes in run order, rank bits in run order).
    """
    table = []
    for suit in range(4):
        by_start = []
        for start in range(1, 14):
            windows = []
            for length in range(min_length, 14):
                if not fits_run(start, length, ace):
                    continue
                bits = tuple((start - 1 + i) % 13 for i in range(length))
                mask = 0
                for bit in bits:
                    mask |= 1 << bit
                windows.append((mask, tuple(suit * 13 + bit for bit in bits), bits))
            by_start.append(tuple(windows))
        table.append(tuple(by_start))
    return tuple(table)


@functools.lru_cache(maxsize=64)
def _run_windows_through(
    ace: str, min_length: int
) -> tuple[tuple[tuple[tuple[_Window, ...], ...], ...], ...]:
    """Like :func:`_run_windows`, per suit and rank: only the windows holding that rank."""
    table = []
    for by_start in _run_windows(ace, min_length):
        per_rank = []
        for rank in range(1, 14):
            bit = 1 << (rank - 1)
            starts = []
            for windows in by_start:
                through = tuple(window for window in windows if window[0] & bit)
                if through:
                    starts.append(through)
            per_rank.append(tuple(starts))
        table.append(tuple(per_rank))
    return tuple(table)


def count_vector(cards: Iterable[Card]) -> list[int]:
    """The count of each card code (0–52) in ``cards``: :func:`code_counts` of their codes."""
    return code_counts(bytes([card.code for card in cards]))


def code_counts(codes: bytes) -> list[int]:
    """The count of each card code (0–52) in ``codes`` (a hand's codes, say).

    ``bytes``, not any sequence: the compiled build reads them natively.
    """
    counts = [0] * NUM_CODES
    for code in codes:
        counts[code] = counts[code] + 1
    return counts


# Per card code: its suit, its rank bit in the suit's mask, and its bit in a
# pool's ``spread`` (four bits per rank, one per suit: bit 4 * rank + suit).
_SUIT_OF: Final = tuple(code // 13 for code in range(JOKER_CODE))
_RANK_BIT: Final = tuple(1 << code % 13 for code in range(JOKER_CODE))
_SPREAD_BIT: Final = tuple(1 << 4 * (code % 13 + 1) + code // 13 for code in range(JOKER_CODE))
#: Per card code, its bit among the 52 cards: 13 bits a suit, S H D C.
_CARD_BIT: Final = tuple(1 << code for code in range(JOKER_CODE))
_SUIT_BITS: Final = (1 << 13) - 1

#: The number of ranks in each rank mask (13 bits: bit ``r - 1`` for rank ``r``, or a
#: bit per suit), and the lowest of them (0 for none).  Read from tables: the
#: compiled build would call the int methods ``bit_count`` and ``bit_length`` by
#: name, a generic call several times the cost of the lookup.
RANK_COUNT: Final[tuple[int, ...]] = tuple(mask.bit_count() for mask in range(1 << 13))
LOWEST_RANK: Final[tuple[int, ...]] = tuple((mask & -mask).bit_length() for mask in range(1 << 13))


class Pool:
    """A set of available cards as bit masks: the generator's input.

    ``suit_masks[s]`` has bit ``r - 1`` set when a card of rank ``r`` and
    suit ``s`` is held; :meth:`rank_mask` gives, for a rank, a bit per suit
    held.  Copies of one card count once (melds never hold two, M1, M2); the
    jokers are counted.  :meth:`add` keeps everything in step, so a take of
    several pile cards can grow one pool depth by depth.

    Attributes:
        suit_masks: The rank bits held in each suit (S H D C).
        spread: Four bits per rank (bit ``4 * rank + suit``): the suits held.
        jokers: The number of jokers.
    """

    __slots__ = ("jokers", "spread", "suit_masks")

    def __init__(self, codes: bytes = b"") -> None:
        """The pool of the cards ``codes`` (``bytes``, which the compiled build reads natively)."""
        cards = spread = jokers = 0  # the cards' bits, split into suits after the loop
        for code in codes:
            if code == JOKER_CODE:
                jokers += 1
            else:
                cards |= _CARD_BIT[code]
                spread |= _SPREAD_BIT[code]
        self.suit_masks = [
            cards & _SUIT_BITS,
            cards >> 13 & _SUIT_BITS,
            cards >> 26 & _SUIT_BITS,
            cards >> 39,
        ]
        self.spread = spread
        self.jokers = jokers

    @classmethod
    def from_counts(cls, counts: Sequence[int]) -> Pool:
        """The pool of the cards with ``counts[code] > 0`` (and ``counts[52]`` jokers)."""
        pool = cls(bytes([code for code in range(JOKER_CODE) if counts[code]]))
        pool.jokers = counts[JOKER_CODE]
        return pool

    def copy(self) -> Pool:
        """An independent copy."""
        pool = Pool.__new__(Pool)
        pool.suit_masks = list(self.suit_masks)
        pool.spread = self.spread
        pool.jokers = self.jokers
        return pool

    def add(self, code: int) -> None:
        """Add one card (a card code 0–52)."""
        if code == JOKER_CODE:
            self.jokers += 1
        else:
            suit_masks = self.suit_masks
            suit = _SUIT_OF[code]
            suit_masks[suit] = suit_masks[suit] | _RANK_BIT[code]
            self.spread |= _SPREAD_BIT[code]

    def rank_mask(self, rank: int) -> int:
        """The suits held of ``rank`` (1–13), a bit per suit (S H D C)."""
        return self.spread >> 4 * rank & 15

    @property
    def rank_masks(self) -> list[int]:
        """:meth:`rank_mask` for every rank, indexed 0–13 (0 for no rank)."""
        return [self.spread >> 4 * rank & 15 for rank in range(14)]


def melds_from_counts(
    counts: Sequence[int], wild: bool, ace: str, min_run: int, required: int | None = None
) -> list[tuple[MeldKind, tuple[int, ...]]]:
    """Like :func:`enumerate_melds` on a count vector, giving ``(kind, codes)`` pairs.

    Args:
        counts: The count of each card code (0–52) available.
        wild: Whether jokers are wild (else they only form groups of jokers, M4).
        ace: The ``ace`` knob (M3).
        min_run: The fewest cards in a run (M2).
        required: If given, a card code that every meld must contain as itself:
            a natural card standing for itself, or (52) at least one joker.
    """
    return melds_from_pool(Pool.from_counts(counts), wild, ace, min_run, required)


def melds_from_pool(
    pool: Pool, wild: bool, ace: str, min_run: int, required: int | None = None
) -> list[tuple[MeldKind, tuple[int, ...]]]:
    """Like :func:`melds_from_counts` on a :class:`Pool`.

    The melds of each rank (groups) and of each suit (runs) depend only on
    which cards of that rank or suit are held and on the jokers, so they are
    memoized per rank and per suit: consecutive positions of a game share
    most of them.
    """
    jokers = pool.jokers
    wild_jokers = jokers if wild else 0
    result: list[tuple[MeldKind, tuple[int, ...]]] = []
    need_joker = required == JOKER_CODE
    if need_joker and not jokers:
        return result
    if required is not None and not need_joker:  # a natural card
        ranks: Iterable[int] = (required % 13 + 1,)
        suits: Iterable[int] = (required // 13,)
        required_suit = required // 13
        required_bit = 1 << (required % 13)
    else:
        ranks, suits = range(1, 14), range(4)
        required_suit = -1
        required_bit = 0

    for rank in ranks:
        mask = pool.rank_mask(rank)
        if mask:
            for codes in group_melds(rank, mask, wild_jokers, required_suit, need_joker):
                result.append((GROUP, codes))
    if not wild and required_suit < 0:
        for size in range(3, min(jokers, 4) + 1):
            result.append((GROUP, (BARE_JOKER,) * size))
    if need_joker and not wild_jokers:
        return result

    suit_masks = pool.suit_masks
    min_length = min_run
    for suit in suits:
        held = suit_masks[suit]
        if held:
            for codes in run_melds(
                ace, min_length, suit, held, wild_jokers, required_bit, need_joker
            ):
                result.append((RUN, codes))
    return result


# The groups of a rank and the runs of a suit, by everything they depend on; the
# entries hold plain ints and tuples of them only, which Python's cycle collector
# stops tracking (a table of them costs it nothing).
_GROUPS: Final[dict[tuple[int, int, int, int, bool], tuple[tuple[int, ...], ...]]] = {}
_GROUPS_LIMIT: Final = 1 << 12
_RUNS: Final[dict[tuple[str, int, int, int, int, int, bool], tuple[tuple[int, ...], ...]]] = {}
_RUNS_LIMIT: Final = 1 << 16


def clear_memos() -> None:
    """Empty the tables of groups and runs found (for a benchmark that times a cold start)."""
    _GROUPS.clear()
    _RUNS.clear()


def group_melds(
    rank: int, mask: int, jokers: int, required_suit: int, need_joker: bool
) -> tuple[tuple[int, ...], ...]:
    """The groups of ``rank`` from the suits in ``mask`` and ``jokers`` wild jokers (memoized).

    Each group as its meld-card codes.  ``required_suit``, if not -1, is the
    suit of a natural card every group must hold; ``need_joker`` asks for at
    least one joker.
    """
    key = (rank, mask, jokers, required_suit, need_joker)
    found = _GROUPS.get(key)
    if found is None:
        groups = []
        joker_code = group_joker(rank)
        for subset, naturals in _GROUP_NATURALS[rank][mask]:
            if required_suit >= 0 and required_suit not in subset:
                continue
            size = len(subset)
            fewest = max(1 if need_joker else 0, 3 - size)
            for extra in range(fewest, min(jokers, 4 - size) + 1):
                groups.append(naturals + (joker_code,) * extra)
        found = store(_GROUPS, key, tuple(groups), _GROUPS_LIMIT)
    return found


def run_melds(
    ace: str,
    min_length: int,
    suit: int,
    held: int,
    jokers: int,
    required_bit: int,
    need_joker: bool,
) -> tuple[tuple[int, ...], ...]:
    """The runs of ``suit`` from the ranks in the bit mask ``held`` and ``jokers`` wild jokers.

    Each run as its meld-card codes.  ``ace`` is the value of the ``ace``
    knob (``"low"``…); ``required_bit``, if not 0, is the rank bit of a
    natural card every run must hold as itself; ``need_joker`` asks for at
    least one joker.  Memoized.
    """
    key = (ace, min_length, suit, held, jokers, required_bit, need_joker)
    found = _RUNS.get(key)
    if found is None:
        found = store(
            _RUNS,
            key,
            _runs(ace, min_length, suit, held, jokers, required_bit, need_joker),
            _RUNS_LIMIT,
        )
    return found


def _runs(
    ace: str,
    min_length: int,
    suit: int,
    held: int,
    jokers: int,
    required_bit: int,
    need_joker: bool,
) -> tuple[tuple[int, ...], ...]:
    result: list[tuple[int, ...]] = []
    if required_bit:
        starts = _run_windows_through(ace, min_length)[suit][LOWEST_RANK[required_bit] - 1]
    else:
        starts = _run_windows(ace, min_length)[suit]
    for by_length in starts:
        for mask, codes, bits in by_length:
            gap = mask & ~held
            missing = RANK_COUNT[gap]
            if missing > jokers:
                break
            if gap == mask:
                continue
            if not jokers:
                result.append(codes)
                continue
            if missing:
                first = tuple(
                    codes[i] + RUN_JOKER_BASE if gap >> bits[i] & 1 else codes[i]
                    for i in range(len(codes))
                )
            else:
                first = codes
            if missing or not need_joker:
                result.append(first)
            free = min(jokers - missing, len(codes) - missing - 1)
            if free <= 0:
                continue
            replaceable = [
                i for i, bit in enumerate(bits) if not gap >> bit & 1 and 1 << bit != required_bit
            ]
            for replaced in range(1, min(free, len(replaceable)) + 1):
                for chosen in combinations(replaceable, replaced):
                    changed = list(first)
                    for position in chosen:
                        changed[position] = changed[position] + RUN_JOKER_BASE
                    result.append(tuple(changed))
    return tuple(result)


def layoffs_from_counts(
    meld: Meld, counts: Sequence[int], wild: bool, ace: str, required: int | None = None
) -> list[tuple[tuple[int, ...], Meld]]:
    """Every distinct lay-off of available cards onto ``meld`` (L2, L3).

    Args:
        meld: The table meld laid off on.
        counts: The count of each card code (0–52) available.
        wild: Whether jokers are wild (M4).
        ace: The ``ace`` knob (M3).
        required: If given, a card code every lay-off must contain as itself
            (a natural card, or 52 for at least one joker).

    Returns:
        Pairs of the laid-off meld-card codes (in the order they stand in the
        resulting meld) and the resulting meld.  A lay-off whose cards could go
        at either end (an ace on a run 2–K) is listed once, at the high end, as
        :func:`rummy500.melds.layoff` places it.
    """
    return list(layoffs_from_pool(meld, Pool.from_counts(counts), wild, ace, required))


def layoffs_from_pool(
    meld: Meld, pool: Pool, wild: bool, ace: str, required: int | None = None
) -> tuple[tuple[tuple[int, ...], Meld], ...]:
    """Like :func:`layoffs_from_counts` on a :class:`Pool` (memoized)."""
    first = meld.codes[0]
    jokers = pool.jokers
    if meld.kind is GROUP:
        return _memo_group_layoffs(meld, pool.rank_mask(SPEC_RANK[first]), jokers, wild, required)
    held = pool.suit_masks[SPEC_SUIT[first]]
    return _memo_run_layoffs(meld, held, jokers, ace, wild, required)


def run_layoff_cards(
    meld: Meld, held: int, jokers: int, wild: bool, ace: str, required: int | None = None
) -> tuple[tuple[int, ...], ...]:
    """The cards of each lay-off onto the run ``meld``, as :func:`layoffs_from_pool` lists them.

    ``held`` has bit ``r - 1`` set for each rank ``r`` of the run's suit that
    is available, ``jokers`` counts the jokers.  Only the run's suit, first
    rank and length matter, not which of its cards are jokers: the answer is
    memoized on those, and no resulting meld is built.  A caller that knows
    which of its cards can reach the run (those next to an end, or within what
    the wild jokers can bridge) may pass only those: the answer is the same.
    """
    codes = meld.codes
    wild_jokers = jokers if wild else 0
    return _memo_run_laid(
        SPEC_SUIT[codes[0]],
        SPEC_RANK[codes[0]],
        len(codes),
        held,
        wild_jokers,
        ace,
        required,
    )


# Lay-offs depend only on the meld, on which cards of its rank (a group) or
# suit (a run) are available, and on the jokers: memoized on exactly that.  The
# cards laid off on a run depend only on its suit, first rank and length (not on
# which of its cards are jokers): memoized on those, the resulting melds apart.


@functools.lru_cache(maxsize=1 << 15)
def _memo_group_layoffs(
    meld: Meld, held: int, jokers: int, wild: bool, required: int | None
) -> tuple[tuple[tuple[int, ...], Meld], ...]:
    counts = [0] * NUM_CODES
    rank = SPEC_RANK[meld.codes[0]]
    for suit in range(4):
        if held >> suit & 1:
            counts[suit * 13 + rank - 1] = 1
    counts[JOKER_CODE] = jokers
    return tuple(_group_layoffs(meld, counts, wild, required))


@functools.lru_cache(maxsize=1 << 15)
def _memo_run_layoffs(
    meld: Meld, held: int, jokers: int, ace: str, wild: bool, required: int | None
) -> tuple[tuple[tuple[int, ...], Meld], ...]:
    codes = meld.codes
    start, length = SPEC_RANK[codes[0]], len(codes)
    extensions = _memo_run_extensions(
        SPEC_SUIT[codes[0]], start, length, held, jokers if wild else 0, ace, required
    )
    by_rank = {SPEC_RANK[code]: code for code in codes}
    result = []
    for laid, new_start in extensions:
        placed = dict(by_rank)
        placed.update((SPEC_RANK[code], code) for code in laid)
        order = tuple(placed[(new_start - 1 + i) % 13 + 1] for i in range(len(placed)))
        result.append((laid, meld_of(RUN, order)))
    return tuple(result)


@functools.lru_cache(maxsize=1 << 15)
def _memo_run_laid(
    suit: int, start: int, length: int, held: int, wild_jokers: int, ace: str, required: int | None
) -> tuple[tuple[int, ...], ...]:
    extensions = _memo_run_extensions(suit, start, length, held, wild_jokers, ace, required)
    return tuple(laid for laid, _new_start in extensions)


@functools.lru_cache(maxsize=1 << 15)
def _memo_run_extensions(
    suit: int, start: int, length: int, held: int, wild_jokers: int, ace: str, required: int | None
) -> tuple[tuple[tuple[int, ...], int], ...]:
    return tuple(_run_extensions(suit, start, length, held, wild_jokers, ace, required))


def _group_layoffs(
    meld: Meld, counts: Sequence[int], wild: bool, required: int | None
) -> list[tuple[tuple[int, ...], Meld]]:
    result: list[tuple[tuple[int, ...], Meld]] = []
    capacity = 4 - len(meld.codes)
    if capacity <= 0:
        return result
    jokers = counts[JOKER_CODE]
    rank = SPEC_RANK[meld.codes[0]]
    if rank == 0:  # a group of jokers (sets_only)
        if required is not None and required != JOKER_CODE:
            return result
        for extra in range(1, min(capacity, jokers) + 1):
            laid = (BARE_JOKER,) * extra
            result.append((laid, meld_of(GROUP, meld.codes + laid)))
        return result
    wild_jokers = jokers if wild else 0
    if required == JOKER_CODE and not wild_jokers:
        return result
    if required is not None and required != JOKER_CODE and required % 13 + 1 != rank:
        return result
    if not wild_jokers and not any(counts[suit * 13 + rank - 1] for suit in range(4)):
        return result
    existing = [c for c in meld.codes if c < JOKER_CODE]
    existing_jokers = tuple(c for c in meld.codes if c >= JOKER_CODE)
    held_suits = 0
    for code in existing:
        held_suits |= 1 << (code // 13)
    mask = 0
    for suit in range(4):
        if not held_suits >> suit & 1 and counts[suit * 13 + rank - 1]:
            mask |= 1 << suit
    joker_code = group_joker(rank)
    subsets: tuple[tuple[int, ...], ...] = ((), *_SUIT_SUBSETS[mask])
    for subset in subsets:
        size = len(subset)
        if size > capacity:
            continue
        naturals = tuple(suit * 13 + rank - 1 for suit in subset)
        if required is not None and required != JOKER_CODE and required not in naturals:
            continue
        fewest = 1 if required == JOKER_CODE or size == 0 else 0
        for extra in range(fewest, min(wild_jokers, capacity - size) + 1):
            new_jokers = (joker_code,) * extra
            new_codes = tuple(sorted(existing + list(naturals))) + existing_jokers + new_jokers
            result.append((naturals + new_jokers, meld_of(GROUP, new_codes)))
    return result


def _run_extensions(
    suit: int, start: int, length: int, held: int, wild_jokers: int, ace: str, required: int | None
) -> list[tuple[tuple[int, ...], int]]:
    """Each distinct lay-off onto a run of ``suit`` from rank ``start``, ``length`` cards long.

    ``held`` are the rank bits available in the suit.  Each lay-off is given
    as its meld-card codes in the order they stand in the resulting run, with
    that run's first rank.
    """
    result: list[tuple[tuple[int, ...], int]] = []
    if required == JOKER_CODE and not wild_jokers:
        return result
    if required is not None and required != JOKER_CODE and required // 13 != suit:
        return result
    room = 13 - length
    if room <= 0:
        return result
    around = ace == "around_the_corner"
    if around:
        max_low = max_high = room
    else:
        max_low = min(room, start - 1)
        top = 13 if ace == "low" else 14
        max_high = min(room, top - (start + length - 1))
    # Extension ranks, nearest first: low_ranks[i] is i+1 below the start.
    low_ranks = [(start - 2 - i) % 13 + 1 for i in range(max_low)]
    high_ranks = [(start + length - 1 + i) % 13 + 1 for i in range(max_high)]
    required_rank = required % 13 + 1 if required is not None and required != JOKER_CODE else 0
    if required_rank and required_rank not in low_ranks and required_rank not in high_ranks:
        return result
    if not wild_jokers and not (
        (max_low and held >> low_ranks[0] - 1 & 1) or (max_high and held >> high_ranks[0] - 1 & 1)
    ):
        return result  # no card for the cell next to either end
    # Fewest cards at the low end first, so that an ambiguous ace is kept at the high end.
    seen: set[tuple[int, ...]] = set()
    for low in range(max_low + 1):
        low_missing = sum(1 for r in low_ranks[:low] if not held >> r - 1 & 1)
        if low_missing > wild_jokers:
            break
        for high in range(max_high + 1):
            added = low + high
            if added == 0:
                continue
            if added > room:
                break
            ranks = low_ranks[:low][::-1] + high_ranks[:high]
            if required_rank and required_rank not in ranks:
                continue
            missing = sum(1 for r in ranks if not held >> r - 1 & 1)
            if missing > wild_jokers:
                break
            # The laid cards stand in the run as listed (below the start, then above
            # it), except in a full run around the corner, which starts with the ace.
            full_circle = around and length + added == 13
            new_start = 1 if full_circle else (start - low - 1) % 13 + 1
            for laid in _joker_choices(
                suit, ranks, held, wild_jokers - missing, required_rank, required == JOKER_CODE
            ):
                signature = tuple(sorted(laid))
                if signature in seen:
                    continue
                seen.add(signature)
                if full_circle:
                    placed = dict(zip(ranks, laid, strict=True))
                    laid = [placed[r] for r in range(1, 14) if r in placed]
                result.append((tuple(laid), new_start))
    return result


def _joker_choices(
    suit: int, ranks: Sequence[int], held: int, free: int, required_rank: int, need_joker: bool
) -> Iterator[list[int]]:
    """The meld-card codes of ``ranks`` of ``suit``: held ones natural or, ``free`` at most, jokers.

    A rank not held is always a joker; the ``required_rank`` card stays
    natural; with ``need_joker`` at least one joker is laid.
    """
    base = suit * 13
    base_codes = [
        base + r - 1 if held >> r - 1 & 1 else RUN_JOKER_BASE + base + r - 1 for r in ranks
    ]
    replaceable = [i for i, r in enumerate(ranks) if held >> r - 1 & 1 and r != required_rank]
    for replaced in range(0, min(free, len(replaceable)) + 1):
        for chosen in combinations(replaceable, replaced):
            laid = list(base_codes)
            for position in chosen:
                laid[position] = laid[position] + RUN_JOKER_BASE
            if not need_joker or any(code >= JOKER_CODE for code in laid):
                yield laid

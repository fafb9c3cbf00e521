"""Enumeration of every valid meld a multiset of cards can form.

:func:`enumerate_melds` lists each distinct meld (with every joker
declaration) that can be laid down from a hand, once.  It works on a count
vector of card codes and bit masks of the ranks held in each suit, with the
run windows allowed by the ace knob precomputed per rule set.

>>> from rummy500 import Rules, enumerate_melds
>>> [str(m) for m in enumerate_melds("9S 9H JK", Rules())]
['9S 9H JK=9']
>>> [str(m) for m in enumerate_melds("9S JK JK", Rules())]
['9S JK=9 JK=9', 'JK=7S JK=8S 9S', 'JK=8S 9S JK=TS', '9S JK=TS JK=JS']
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from itertools import combinations

from rummy500.cards import JOKER_CODE, NUM_CODES, Card, as_cards
from rummy500.melds import (
    BARE_JOKER,
    RUN_JOKER_BASE,
    Meld,
    MeldKind,
    group_joker,
    run_fits,
)
from rummy500.rules import Ace, Jokers, Rules

__all__ = ["count_vector", "enumerate_melds", "melds_from_counts"]

# The non-empty subsets of the four suits, as tuples of suit indices in S H D C order,
# indexed by the 4-bit mask of suits held.
_SUIT_SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        subset
        for size in range(1, 5)
        for subset in combinations([s for s in range(4) if mask >> s & 1], size)
    )
    for mask in range(16)
)


@functools.lru_cache(maxsize=64)
def _run_windows(ace: Ace, min_length: int) -> tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]:
    """Per start rank (index start-1): the allowed (rank mask, ranks) in increasing length."""
    table = []
    for start in range(1, 14):
        windows = []
        for length in range(min_length, 14):
            if not run_fits(start, length, ace):
                continue
            ranks = tuple((start - 1 + i) % 13 + 1 for i in range(length))
            mask = 0
            for rank in ranks:
                mask |= 1 << (rank - 1)
            windows.append((mask, ranks))
        table.append(tuple(windows))
    return tuple(table)


def count_vector(cards: Iterable[Card]) -> list[int]:
    """The count of each card code (0–52) in ``cards``."""
    counts = [0] * NUM_CODES
    for card in cards:
        counts[card.code] += 1
    return counts


def enumerate_melds(cards: str | Iterable[Card | str], rules: Rules) -> tuple[Meld, ...]:
    """Every distinct valid meld that can be formed from ``cards`` under ``rules``.

    Each meld is listed once in canonical form, with every joker declaration
    (a joker may also stand for a card the hand holds).  The order is
    deterministic: groups by rank, then runs by suit, start and length.
    """
    return tuple(
        Meld(kind, codes) for kind, codes in melds_from_counts(count_vector(as_cards(cards)), rules)
    )


def melds_from_counts(
    counts: Sequence[int], rules: Rules
) -> list[tuple[MeldKind, tuple[int, ...]]]:
    """Like :func:`enumerate_melds` on a count vector, giving ``(kind, codes)`` pairs."""
    jokers = counts[JOKER_CODE]
    wild = rules.jokers is Jokers.WILD
    wild_jokers = jokers if wild else 0
    result: list[tuple[MeldKind, tuple[int, ...]]] = []
    group = MeldKind.GROUP
    run = MeldKind.RUN

    for rank in range(1, 14):
        mask = 0
        for suit in range(4):
            if counts[suit * 13 + rank - 1]:
                mask |= 1 << suit
        if not mask:
            continue
        joker_code = group_joker(rank)
        for subset in _SUIT_SUBSETS[mask]:
            size = len(subset)
            naturals = tuple(suit * 13 + rank - 1 for suit in subset)
            for extra in range(max(0, 3 - size), min(wild_jokers, 4 - size) + 1):
                result.append((group, naturals + (joker_code,) * extra))
    if not wild:
        for size in range(3, min(jokers, 4) + 1):
            result.append((group, (BARE_JOKER,) * size))

    windows_by_start = _run_windows(rules.ace, rules.min_run_length)
    for suit in range(4):
        base = suit * 13
        held = 0
        for rank in range(13):
            if counts[base + rank]:
                held |= 1 << rank
        if not held:
            continue
        for windows in windows_by_start:
            for mask, ranks in windows:
                missing = (mask & ~held).bit_count()
                if missing > wild_jokers:
                    break
                if not mask & held:
                    continue
                naturals = tuple(base + r - 1 for r in ranks)
                if not missing and wild_jokers == 0:
                    result.append((run, naturals))
                    continue
                held_positions = [i for i, r in enumerate(ranks) if held >> (r - 1) & 1]
                free = wild_jokers - missing
                base_codes = [
                    code if held >> (code - base) & 1 else RUN_JOKER_BASE + code
                    for code in naturals
                ]
                result.append((run, tuple(base_codes)))
                for replaced in range(1, min(free, len(held_positions) - 1) + 1):
                    for chosen in combinations(held_positions, replaced):
                        codes = list(base_codes)
                        for position in chosen:
                            codes[position] += RUN_JOKER_BASE
                        result.append((run, tuple(codes)))
    return result

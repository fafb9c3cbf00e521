"""Melds found at once in a hand, for the opening minimum (T8).

A lower bound of what new melds can score: disjoint melds found without a
search (whole groups, then the longest runs, or the other way round, then the
jokers where each adds most), a witness that the minimum is within reach.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.profile import Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL, SPEC_RANK, SPEC_SUIT, group_joker, run_joker

__all__ = [
    "natural_melds",
]


def natural_melds(
    facts: Profile, counts: Sequence[int], need: int, jokers: int = 0
) -> tuple[tuple[tuple[int, ...], ...], int] | None:
    """Disjoint melds from ``counts`` worth ``need`` points or more, if found at once.

    A quick witness, not a search: every group of three or four suits of a
    rank (each deck's copies in turn), then every run as long as its suit
    allows (an ace low), or the runs first; then up to ``jokers`` wild
    jokers, one at a time where it brings the most points (see
    :func:`_add_jokers`).  The richer of the two orders is given; ``None``
    when neither reaches ``need`` (the exact answer may still be yes).

    Returns:
        The melds (canonical meld-card codes) and their points.
    """
    one = [0, 0, 0, 0]  # per suit: the ranks held (a bit per rank, the ace lowest)
    two = [0, 0, 0, 0]  # per suit: the ranks held twice
    for suit in range(4):
        base = suit * 13
        for rank in range(13):
            count = counts[base + rank]
            if count:
                one[suit] |= 1 << rank
                if count > 1:
                    two[suit] |= 1 << rank
    best: tuple[tuple[tuple[int, ...], ...], int] | None = None
    for groups_first in (True, False):
        left, twice = list(one), list(two)
        found: list[tuple[int, ...]] = []
        if groups_first:
            _take_groups(left, twice, found)
            _take_runs(left, twice, found, facts.min_run)
        else:
            _take_runs(left, twice, found, facts.min_run)
            _take_groups(left, twice, found)
        witness = [(codes, _points(facts, codes)) for codes in found]
        if jokers:
            _add_jokers(facts, left, twice, witness, jokers)
        points = sum(points for _, points in witness)
        if points >= need and (best is None or points > best[1]):
            best = (tuple(codes for codes, _ in witness), points)
    return best


def _points(facts: Profile, codes: tuple[int, ...]) -> int:
    """The points of a witness meld of natural cards: a group, or a run from its lowest card."""
    values = facts.values
    total = sum(values[SPEC_PHYSICAL[code]] for code in codes)
    if codes[0] % 13 == codes[1] % 13:  # a group
        return total * facts.group_of_four if len(codes) == 4 else total
    if codes[0] % 13 == 0:  # a run from the ace: a low ace
        total += facts.low_ace - values[codes[0]]
    return total


def _spend_one(one: list[int], two: list[int], suit: int, ranks: int) -> None:
    """Take one copy of each rank of ``ranks`` (a bit mask) of ``suit`` out of the masks."""
    twice = ranks & two[suit]
    two[suit] ^= twice
    one[suit] ^= ranks & ~twice


def _take_groups(one: list[int], two: list[int], found: list[tuple[int, ...]]) -> None:
    """Move every group of natural cards (three or four suits of a rank) out of the masks."""
    while True:
        a, b, c, d = one
        ranks = (a & b & (c | d)) | (c & d & (a | b))  # held in three suits or more
        if not ranks:
            return
        while ranks:
            low = ranks & -ranks
            ranks ^= low
            rank = low.bit_length() - 1
            codes = tuple(suit * 13 + rank for suit in range(4) if one[suit] & low)
            for suit in range(4):
                if one[suit] & low:
                    _spend_one(one, two, suit, low)
            found.append(codes)


def _take_runs(one: list[int], two: list[int], found: list[tuple[int, ...]], length: int) -> None:
    """Move every run of natural cards (as long as its suit allows, an ace low) out of the masks."""
    for suit in range(4):
        base = suit * 13
        for _copy in range(2):
            held = one[suit]
            starts = held
            for shift in range(1, length):
                starts &= held >> shift
            if not starts:
                break
            covered = 0
            for shift in range(length):
                covered |= starts << shift
            _spend_one(one, two, suit, covered)
            while covered:
                low = covered & -covered
                segment = ((covered + low) & ~covered) - low  # the lowest stretch of bits
                covered ^= segment
                first = low.bit_length() - 1
                found.append(tuple(range(base + first, base + segment.bit_length())))


def _add_jokers(
    facts: Profile,
    one: list[int],
    two: list[int],
    found: list[tuple[tuple[int, ...], int]],
    jokers: int,
) -> None:
    """Spend up to ``jokers`` wild jokers on ``found`` (melds and points), each where it adds most.

    A joker may make a pair of one rank a group, two cards of a suit one
    rank apart or two apart a run of three (when runs of three are allowed),
    a group of three a group of four, or lengthen a run; two jokers may make
    a group of one natural card.  The cards it melds leave the masks.
    """
    values = facts.values
    joker = values[JOKER_CODE]
    while jokers:
        # (points per joker, the meld and its points, the meld it replaces or -1, jokers)
        options: list[tuple[float, tuple[tuple[int, ...], int], int, int]] = []
        for index, (codes, points) in enumerate(found):
            grown = _grown(facts, codes, points)
            if grown is not None:
                options.append((grown[1] - points, grown, index, 1))
        for rank in range(13):
            suits = [suit for suit in range(4) if one[suit] >> rank & 1]
            group = group_joker(rank + 1)
            if len(suits) >= 2:
                pair = (suits[0] * 13 + rank, suits[1] * 13 + rank, group)
                options.append((2 * values[rank] + joker, (pair, 2 * values[rank] + joker), -1, 1))
            if suits and jokers >= 2:
                single = (suits[0] * 13 + rank, group, group)
                points = values[rank] + 2 * joker
                options.append((points / 2, (single, points), -1, 2))
        if facts.min_run == 3:
            for suit in range(4):
                fragment = _best_fragment(facts, one[suit], suit)
                if fragment is not None:
                    options.append((fragment[1], fragment, -1, 1))
        if not options:
            return
        # the first of the best (max keeps the first of equals)
        gain, (codes, points), index, spent = max(options, key=lambda option: option[0])
        if gain <= 0:
            return
        if index >= 0:
            found[index] = (codes, points)
        else:
            for code in codes:
                if code < JOKER_CODE:
                    _spend_one(one, two, code // 13, 1 << code % 13)
            found.append((codes, points))
        jokers -= spent


def _grown(
    facts: Profile, codes: tuple[int, ...], points: int
) -> tuple[tuple[int, ...], int] | None:
    """A meld of the witness with one more joker: a group of four, or a run one card longer."""
    joker = facts.values[JOKER_CODE]
    ranks = [SPEC_RANK[code] for code in codes]
    if len(set(ranks)) == 1:  # a group
        if len(codes) != 3:
            return None
        four = facts.group_of_four
        return (*codes, group_joker(ranks[0])), (points + joker) * four
    suit = SPEC_SUIT[codes[0]]
    low, high = ranks[0], ranks[-1]  # runs of the witness never wrap or hold the ace high
    if high < 13:
        return (*codes, run_joker(suit * 13 + high)), points + joker
    if low > 1:
        return (run_joker(suit * 13 + low - 2), *codes), points + joker
    return None


def _best_fragment(facts: Profile, held: int, suit: int) -> tuple[tuple[int, ...], int] | None:
    """The richest run of three from two cards of ``held`` (a suit's rank mask) and a joker."""
    values = facts.values
    joker = values[JOKER_CODE]
    base = suit * 13
    best: tuple[tuple[int, ...], int] | None = None
    for rank in range(12):
        if not held >> rank & 1:
            continue
        low = facts.low_ace if rank == 0 else values[rank]
        for gap in (1, 2):
            other = rank + gap
            if other > 12 or not held >> other & 1:
                continue
            points = low + values[other] + joker
            if best is not None and points <= best[1]:
                continue
            if gap == 2:
                codes = (base + rank, run_joker(base + rank + 1), base + other)
            elif other < 12:
                codes = (base + rank, base + other, run_joker(base + other + 1))
            else:  # the queen and the king: the joker below
                codes = (run_joker(base + rank - 1), base + rank, base + other)
            best = (codes, points)
    return best

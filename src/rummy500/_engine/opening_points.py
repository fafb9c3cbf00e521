"""The most points new melds from a hand can score, for the opening minimum (T8).

The exact maximum, by a memoized search over the cards in rank order
(:func:`best_points`), and the melds that score it (:func:`best_melds`).  A
hand may be too large for the search's budget: the dead-end search (N1) then
asks :mod:`~rummy500._engine.opening_reach` whether the points it needs are
within reach.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.hands import minus
from rummy500._engine.memo import store
from rummy500._engine.profile import MEMO_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.meldgen import Pool, melds_from_counts, melds_from_pool
from rummy500.melds import MeldKind
from rummy500.rules import Rules

__all__ = [
    "BEST_POINTS_BUDGET",
    "BEST_POINTS_LEAST",
    "BEST_POINTS_LIMIT",
    "best_melds",
    "best_points",
    "forget_overruns",
    "points_budget",
    "pool_around",
    "splits_in_two",
]


#: The natural card codes in rank-major order (the aces, the twos, ... the kings).
_RANK_MAJOR = tuple(sorted(range(JOKER_CODE), key=lambda code: (code % 13, code // 13)))

#: The same from the kings down (the aces last).
_RANK_MAJOR_DOWN = tuple(sorted(range(JOKER_CODE), key=lambda code: (-(code % 13), code // 13)))


def best_points(
    rules: Rules,
    facts: Profile,
    counts: Sequence[int],
    budget: int | None = None,
    *,
    downward: bool = False,
) -> int | None:
    """The most points disjoint new melds from the hand ``counts`` can score (exact).

    Each card is decided in rank-major order: the lowest card still held is
    either kept out of every meld, or is the lowest card of one of the melds
    that hold it.  A run only reaches upwards from its lowest card (a high
    ace's run is decided with the ace), so the hands met on the way differ
    only by how far the runs begun below reach in each suit, and each is
    answered once (memoized in the profile).  Two decks and jokers still make
    that many: with a ``budget`` of hands to answer, ``None`` once it is spent,
    and from then on at once for hands as large (the search then goes on
    without this bound); each such overrun halves the budget the opening
    search gives the next hands of the position (:func:`points_budget`).

    ``downward`` decides the cards from the kings down instead (the aces
    last; any order gives the same answer).  Hands that differ only in
    high cards then share every answer below them: the opening search asks
    this way about the plays of high cards.
    """
    order, memo = _order(facts, downward)
    if budget is None:
        return _best_points(rules, facts, counts, None, order, memo)
    size = sum(counts)
    if size >= facts.best_points_cutoff:
        return None
    try:
        return _best_points(rules, facts, counts, [budget], order, memo)
    except _OverBudget:
        facts.best_points_cutoff = size
        facts.best_points_overruns += 1
        return None


def points_budget(facts: Profile) -> int:
    """The budget of :func:`best_points` for the next question of the opening search.

    :data:`BEST_POINTS_BUDGET`, halved by each overrun since the move
    generator turned to this position, down to :data:`BEST_POINTS_LEAST`: a
    position whose hands overrun it tends to overrun it again with smaller
    hands (the deeper piles under large minimums), where each overrun spent the
    whole budget for nothing.
    """
    return max(BEST_POINTS_LEAST, BEST_POINTS_BUDGET >> facts.best_points_overruns)


def forget_overruns(facts: Profile) -> None:
    """Let :func:`best_points` answer hands of any size again, whatever ran over its budget.

    With its whole budget again (:func:`points_budget`); and let the opening
    search try its first step on every hand again (``plain_overruns``, see
    :func:`~rummy500._engine.opening_reach.reaching_melds`).
    The move generator calls it once per position: a hand that ran over a
    budget in one position says nothing of the hands of the next.
    """
    facts.best_points_cutoff = 1 << 30
    facts.best_points_overruns = 0
    facts.plain_overruns = 0
    facts.plain_skipped = 0


class _OverBudget(Exception):
    """The budget of :func:`best_points` is spent."""


def _best_points(
    rules: Rules,
    facts: Profile,
    counts: Sequence[int],
    budget: list[int] | None,
    order: tuple[int, ...],
    memo: dict[bytes, tuple[int, tuple[int, ...] | None]],
) -> int:
    key = bytes(counts)
    found = memo.get(key)
    if found is not None:
        return found[0]
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _OverBudget
    first = next((code for code in order if counts[code]), None)  # the card to decide
    best = 0
    choice: tuple[int, ...] | None = None
    if first is None:  # jokers only: a meld of jokers, where the rules have them
        candidates = tuple(
            (codes, facts.new_meld(codes).points) for _, codes in melds_from_counts(counts, rules)
        )
    else:
        rest = list(counts)
        rest[first] -= 1  # the card kept out of every meld
        best = _best_points(rules, facts, rest, budget, order, memo)
        candidates = _melds_through(rules, facts, counts, first)
    for codes, points in candidates:
        rest = minus(counts, [SPEC_PHYSICAL[code] for code in codes])
        total = points + _best_points(rules, facts, rest, budget, order, memo)
        if total > best:
            best, choice = total, codes
    store(memo, key, (best, choice), BEST_POINTS_LIMIT)
    return best


def _order(
    facts: Profile, downward: bool
) -> tuple[tuple[int, ...], dict[bytes, tuple[int, tuple[int, ...] | None]]]:
    """The order of the cards to decide, and the memo of the answers found in that order."""
    if downward:
        return _RANK_MAJOR_DOWN, facts.best_points_down
    return _RANK_MAJOR, facts.best_points


def best_melds(
    facts: Profile, counts: Sequence[int], *, downward: bool = False
) -> tuple[tuple[int, ...], ...] | None:
    """Disjoint new melds from ``counts`` worth :func:`best_points`, just answered for it.

    Read back from the memo of that answer (asked with the same
    ``downward``); ``None`` if the memo has lost part of it since (it is
    cleared when full).
    """
    order, memo = _order(facts, downward)
    rest = list(counts)
    melds: list[tuple[int, ...]] = []
    while True:
        found = memo.get(bytes(rest))
        if found is None:
            return None
        best, choice = found
        if not best:
            return tuple(melds)
        if choice is None:  # the card decided first was kept out of every meld
            rest[next(code for code in order if rest[code])] -= 1
        else:
            melds.append(choice)
            for code in choice:
                rest[SPEC_PHYSICAL[code]] -= 1


#: The hands :func:`best_points` may answer for one question in the dead-end search.
BEST_POINTS_BUDGET = 4096

#: The least budget :func:`points_budget` halves it to.
BEST_POINTS_LEAST = 256

#: The most hands :func:`best_points` remembers per rule set (about 150 bytes each).
BEST_POINTS_LIMIT = 1 << 16


def _melds_through(
    rules: Rules, facts: Profile, counts: Sequence[int], code: int
) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The new melds from ``counts`` that hold the natural card ``code``, with their points.

    They depend only on the cards of its rank, of its suit and the jokers
    (memoized on those).
    """
    suit, rank_index = divmod(code, 13)
    base = suit * 13
    suit_bits = 0
    for index in range(13):
        if counts[base + index]:
            suit_bits |= 1 << index
    rank_bits = 0
    for other in range(4):
        if counts[other * 13 + rank_index]:
            rank_bits |= 1 << other
    key = (code, suit_bits, rank_bits, counts[JOKER_CODE])
    found = facts.melds_through.get(key)
    if found is None:
        pool = pool_around(code, suit_bits, rank_bits, counts[JOKER_CODE])
        found = tuple(
            (codes, facts.new_meld(codes).points)
            for kind, codes in melds_from_pool(pool, rules, code)
            if kind is not MeldKind.RUN or not splits_in_two(codes, facts.min_run)
        )
        store(facts.melds_through, key, found, MEMO_LIMIT)
    return found


def pool_around(code: int, suit_bits: int, rank_bits: int, jokers: int) -> Pool:
    """All that a meld holding the natural card ``code`` can draw on, as a pool.

    The cards of its rank (``rank_bits``, a bit per suit), of its suit
    (``suit_bits``, a bit per rank) and ``jokers``.
    """
    suit, rank = divmod(code, 13)
    pool = Pool(
        [other * 13 + rank for other in range(4) if rank_bits >> other & 1]
        + [suit * 13 + index for index in range(13) if suit_bits >> index & 1]
    )
    pool.jokers = jokers
    return pool


def splits_in_two(codes: tuple[int, ...], shortest: int) -> bool:
    """Whether the run ``codes`` is two runs worth the same points (so never needed whole)."""
    for cut in range(shortest, len(codes) - shortest + 1):
        first, second = codes[:cut], codes[cut:]
        if min(first) >= JOKER_CODE or min(second) >= JOKER_CODE:
            continue  # a meld of jokers alone
        if second[0] < JOKER_CODE and second[0] % 13 == 0:
            continue  # the ace would stand low in the second
        return True
    return False

"""The checks of a new meld and of a lay-off, on meld-card codes (M1–M4, L1–L3).

:func:`~rummy500.melds.make_meld`, :func:`~rummy500.melds.layoff` and the
engine check melds through these two functions: :func:`new_meld_codes` tells
whether codes form a meld and puts them in canonical order, and
:func:`layoff_result` gives the codes of a meld after a lay-off.  Both take
the knobs they depend on as plain values and raise
:class:`~rummy500.errors.InvalidMeldError` naming the rule broken; the meld
values (:class:`~rummy500.melds.Meld`) are built by their callers.  They are
compiled in the compiled build, with the engine that calls them.

>>> new_meld_codes((6, 7, 53 + 8), sets_only=False, ace="low", min_run=3)
(True, (6, 7, 61))
>>> layoff_result(True, (6, 7, 8), (9,), sets_only=False, ace="low")
(6, 7, 8, 9)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.codes.specs import (
    BARE_JOKER,
    GROUP_JOKER_BASE,
    RUN_JOKER_BASE,
    SPEC_RANK,
    SPEC_SUIT,
    fits_run,
    group_joker,
)
from rummy500.cards import JOKER_CODE, Rank
from rummy500.errors import InvalidMeldError
from rummy500.meldcards import SPEC_TEXT, quote_cards

__all__ = ["layoff_result", "meld_text", "new_meld_codes", "run_ranks"]


def cards_text(codes: Sequence[int]) -> str:
    """Meld-card codes as quoted text, for messages."""
    return quote_cards([SPEC_TEXT[code] for code in codes])


def meld_text(codes: Sequence[int]) -> str:
    """A meld's codes as its text (what ``str`` of the meld gives)."""
    return " ".join([SPEC_TEXT[code] for code in codes])


def run_ranks(start: int, length: int) -> list[int]:
    """The ranks of a run of ``length`` cards from rank ``start``, in order."""
    return [(start - 1 + i) % 13 + 1 for i in range(length)]


# ---------------------------------------------------------------------------
# New melds (M1–M4)


def new_meld_codes(
    codes: tuple[int, ...], sets_only: bool, ace: str, min_run: int
) -> tuple[bool, tuple[int, ...]]:
    """Whether ``codes`` form a run (else a group), and the codes in canonical order.

    Args:
        codes: The meld-card codes, as typed.
        sets_only: Whether jokers only form groups of jokers (``jokers = "sets_only"``).
        ace: The value of the ``ace`` knob.
        min_run: The fewest cards in a run.

    Raises:
        InvalidMeldError: naming the rule broken.
    """
    if len(codes) < 3:
        raise InvalidMeldError(
            f"a meld needs at least 3 cards, got {len(codes)}: {cards_text(codes)} (M1)", "M1"
        )
    naturals = [c for c in codes if c < JOKER_CODE]
    bare = [c for c in codes if c == BARE_JOKER]
    declared = [c for c in codes if c > JOKER_CODE]
    if sets_only:
        if declared:
            raise InvalidMeldError(
                f"jokers are not wild under jokers='sets_only': write a joker as JK, not "
                f"{SPEC_TEXT[declared[0]]} (M4)",
                "M4",
            )
        if bare:
            if naturals:
                raise InvalidMeldError(
                    "under jokers='sets_only' jokers only form groups of jokers: "
                    f"{cards_text(codes)} (M4)",
                    "M4",
                )
            if len(bare) > 4:
                raise InvalidMeldError(
                    f"a group has at most 4 cards, got {len(bare)}: {cards_text(codes)} (M1)",
                    "M1",
                )
            return False, codes
    elif bare:
        raise InvalidMeldError(
            f"a joker must be declared (M4): write JK=<rank><suit> in a run or JK=<rank> in a "
            f"group, not JK in {cards_text(codes)}",
            "M4",
        )
    if not naturals:
        raise InvalidMeldError(
            f"a meld needs at least one natural card: {cards_text(codes)} (M4)", "M4"
        )
    ranks = {SPEC_RANK[c] for c in codes}
    has_group_joker = any(c > GROUP_JOKER_BASE for c in declared)
    if has_group_joker or (len(ranks) == 1 and not declared):
        return False, _group(codes, naturals)
    if len(ranks) == 1:
        raise InvalidMeldError(
            f"a joker in a group is declared by rank only (JK={Rank(ranks.pop()).symbol}), "
            f"not {SPEC_TEXT[declared[0]]}: {cards_text(codes)} (M4)",
            "M4",
        )
    return True, _run(codes, ace, min_run)


def _group(codes: tuple[int, ...], naturals: list[int]) -> tuple[int, ...]:
    ranks = {SPEC_RANK[c] for c in codes}
    run_jokers = [c for c in codes if RUN_JOKER_BASE <= c <= GROUP_JOKER_BASE]
    if run_jokers:
        rank = SPEC_RANK[naturals[0]]
        raise InvalidMeldError(
            f"a joker in a group is declared by rank only (JK={Rank(rank).symbol}), "
            f"not {SPEC_TEXT[run_jokers[0]]}: {cards_text(codes)} (M4)",
            "M4",
        )
    if len(ranks) != 1:
        raise InvalidMeldError(
            f"the cards of a group must all be of one rank: {cards_text(codes)} (M1)", "M1"
        )
    suits = [SPEC_SUIT[c] for c in naturals]
    if len(set(suits)) != len(suits):
        raise InvalidMeldError(
            f"the natural cards of a group must be of different suits: {cards_text(codes)} (M1)",
            "M1",
        )
    if len(codes) > 4:
        raise InvalidMeldError(
            f"a group has at most 4 cards, got {len(codes)}: {cards_text(codes)} (M1)", "M1"
        )
    jokers = [c for c in codes if c >= JOKER_CODE]
    return tuple(sorted(naturals)) + tuple(jokers)


def _run(codes: tuple[int, ...], ace: str, min_run: int) -> tuple[int, ...]:
    if any(c > GROUP_JOKER_BASE for c in codes):
        raise InvalidMeldError(
            f"a group joker (JK=<rank>) cannot stand in a run: {cards_text(codes)} (M4)", "M4"
        )
    suits = {SPEC_SUIT[c] for c in codes}
    ranks = [SPEC_RANK[c] for c in codes]
    if len(suits) != 1:
        raise InvalidMeldError(
            f"{cards_text(codes)} is neither a group (one rank) nor a run (one suit) (M1, M2)",
            "M2",
        )
    if len(set(ranks)) != len(ranks):
        raise InvalidMeldError(
            f"a run never holds the same rank twice: {cards_text(codes)} (M2)", "M2"
        )
    if len(codes) < min_run:
        raise InvalidMeldError(
            f"a run needs at least {min_run} cards, got {len(codes)}: {cards_text(codes)} (M2)",
            "M2",
        )
    start = _run_start(ranks, ace)
    if start is None:
        raise InvalidMeldError(
            _not_a_run_reason(ranks, cards_text(codes), ace), _not_a_run_rule(ranks)
        )
    by_rank = {SPEC_RANK[c]: c for c in codes}
    return tuple([by_rank[r] for r in run_ranks(start, len(codes))])


def _run_start(ranks: Sequence[int], ace: str) -> int | None:
    """The start rank of a run holding exactly ``ranks`` (distinct), in written order."""
    length = len(ranks)
    wanted = set(ranks)
    starts = [
        start
        for start in range(1, 14)
        if fits_run(start, length, ace) and set(run_ranks(start, length)) == wanted
    ]
    if not starts:
        return None
    if len(starts) > 1 and ranks[-1] == 1:
        # 13 cards under low_or_high: an ace written last is the high ace.
        return starts[-1]
    return starts[0]


def _wraps_only(ranks: Sequence[int]) -> bool:
    """Whether ``ranks`` are consecutive only when runs may wrap around the ace."""
    return any(
        fits_run(start, len(ranks), "around_the_corner")
        and set(run_ranks(start, len(ranks))) == set(ranks)
        for start in range(1, 14)
    )


def _not_a_run_rule(ranks: Sequence[int]) -> str:
    return "M3" if 1 in ranks and _wraps_only(ranks) else "M2"


def _not_a_run_reason(ranks: Sequence[int], text: str, ace: str) -> str:
    if 1 in ranks and _wraps_only(ranks):
        if ace == "low":
            return f"{text} is not a run: an ace is only low (A-2-3) under ace='low' (M3)"
        return f"{text} is not a run: an ace is low (A-2-3) or high (Q-K-A), not both (M3)"
    return f"{text} is not a run: the ranks are not consecutive (M2)"


# ---------------------------------------------------------------------------
# Lay-offs (L1–L3)


def layoff_result(
    run: bool, meld: tuple[int, ...], codes: tuple[int, ...], sets_only: bool, ace: str
) -> tuple[int, ...]:
    """The codes of the meld ``meld`` (a run if ``run``) after laying off ``codes``.

    A group takes natural cards of its rank in suits it lacks, and jokers
    declared as its rank, up to 4 cards.  A run takes one or more cards that
    extend it at the low end, the high end or both; jokers are declared as
    specific cards.  When an ace could go at either end (a run 2–K under
    ``low_or_high``), it goes at the high end, where it scores its full value.

    Raises:
        InvalidMeldError: naming the rule (L1, L2, L3, M4) when the cards do not fit.
    """
    if not codes:
        raise InvalidMeldError("a lay-off needs at least one card (L1)", "L1")
    if run:
        return _layoff_run(meld, codes, sets_only, ace)
    return _layoff_group(meld, codes, sets_only)


def _layoff_group(
    meld: tuple[int, ...], codes: tuple[int, ...], sets_only: bool
) -> tuple[int, ...]:
    total = len(meld) + len(codes)
    if total > 4:
        raise InvalidMeldError(
            f"a group has at most 4 cards: {cards_text(codes)} does not fit on "
            f"{meld_text(meld)} (L2)",
            "L2",
        )
    rank = SPEC_RANK[meld[0]]
    if rank == 0:  # a group of jokers (sets_only)
        if any(c != BARE_JOKER for c in codes):
            raise InvalidMeldError(
                f"only jokers fit on the group of jokers {meld_text(meld)} (L2)", "L2"
            )
        return meld + codes
    if sets_only and any(c >= JOKER_CODE for c in codes):
        raise InvalidMeldError(
            f"jokers are not wild under jokers='sets_only': {cards_text(codes)} cannot go on "
            f"{meld_text(meld)} (M4)",
            "M4",
        )
    for code in codes:
        if code == BARE_JOKER:
            raise InvalidMeldError(
                f"a joker must be declared (M4): write JK={Rank(rank).symbol} to lay it off on "
                f"{meld_text(meld)}",
                "M4",
            )
        if code > JOKER_CODE and code != group_joker(rank):
            raise InvalidMeldError(
                f"a joker laid off on the group {meld_text(meld)} is declared "
                f"JK={Rank(rank).symbol}, not {SPEC_TEXT[code]} (M4)",
                "M4",
            )
        if code < JOKER_CODE and SPEC_RANK[code] != rank:
            raise InvalidMeldError(
                f"{SPEC_TEXT[code]} is not of the rank of {meld_text(meld)} (L2)", "L2"
            )
    naturals = sorted([c for c in meld + codes if c < JOKER_CODE])
    if len(set(naturals)) != len(naturals):
        raise InvalidMeldError(
            f"the group {meld_text(meld)} already holds, or is given twice, a suit of "
            f"{cards_text(codes)} (L2, M1)",
            "L2",
        )
    jokers = tuple([c for c in meld + codes if c >= JOKER_CODE])
    return tuple(naturals) + jokers


def _layoff_run(
    meld: tuple[int, ...], codes: tuple[int, ...], sets_only: bool, ace: str
) -> tuple[int, ...]:
    suit = SPEC_SUIT[meld[0]]
    for code in codes:
        if code == BARE_JOKER:
            raise InvalidMeldError(
                "a joker must be declared (M4): write JK=<rank><suit> to lay it off on "
                f"{meld_text(meld)}",
                "M4",
            )
        if code > GROUP_JOKER_BASE:
            raise InvalidMeldError(
                f"a joker laid off on the run {meld_text(meld)} is declared as a card, not "
                f"{SPEC_TEXT[code]} (L3, M4)",
                "L3",
            )
        if SPEC_SUIT[code] != suit:
            raise InvalidMeldError(
                f"{SPEC_TEXT[code]} is not of the suit of {meld_text(meld)} (L3)", "L3"
            )
    if sets_only and any(c >= JOKER_CODE for c in codes):
        raise InvalidMeldError(
            f"jokers are not wild under jokers='sets_only': {cards_text(codes)} cannot go on "
            f"{meld_text(meld)} (M4)",
            "M4",
        )
    ranks = [SPEC_RANK[c] for c in codes]
    if len(set(ranks)) != len(ranks):
        raise InvalidMeldError(
            f"a run never holds the same rank twice: {cards_text(codes)} (L3)", "L3"
        )
    start, length = SPEC_RANK[meld[0]], len(meld)
    added = len(codes)
    wanted = set(ranks)
    by_rank = {SPEC_RANK[c]: c for c in codes}
    around = ace == "around_the_corner"
    # Fewest cards at the low end first: an ambiguous ace goes high.
    for low in range(added + 1):
        new_start = (start - low - 1) % 13 + 1
        if not around and start - low < 1:
            break
        new_length = length + added
        if around and new_length == 13:
            new_start = 1
        elif not fits_run(new_start, new_length, ace):
            continue
        low_ranks = run_ranks((start - low - 1) % 13 + 1, low)
        high_ranks = run_ranks((start + length - 1) % 13 + 1, added - low)
        if set(low_ranks) | set(high_ranks) != wanted or len(wanted) != added:
            continue
        every = {SPEC_RANK[c]: c for c in meld}
        every.update(by_rank)
        if len(every) != new_length:
            continue
        return tuple([every[r] for r in run_ranks(new_start, new_length)])
    raise InvalidMeldError(
        f"{cards_text(codes)} does not extend the run {meld_text(meld)} at either end (L3)", "L3"
    )

"""No dead ends (N1): can a player still end the turn legally?

A turn ends with a discard (T10), or, when the rules allow it, by melding or
laying off the last card (going out under E1, floating under E2).  What may
block it: the card taken alone from the pile may not be discarded (T11); a
player who has started to open must reach the opening minimum first (T8); a
player must keep a card to discard (``discard_required``); the last card may
not be discarded if it could be laid off (E3).  :func:`can_finish` searches
the plays that could remove the obstacle.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500.cards import JOKER_CODE
from rummy500.meldgen import layoffs_from_counts, melds_from_counts
from rummy500.melds import SPEC_PHYSICAL, Meld
from rummy500.plays import minus, new_meld_points, playable_on_table
from rummy500.rules import GoingOut, Rules
from rummy500.state import TableMeld

__all__ = ["can_empty_hand", "can_finish"]


def can_empty_hand(rules: Rules, need: int) -> bool:
    """Whether melding or laying off the last card ends the turn legally (E1, E2, T8)."""
    return rules.going_out is not GoingOut.DISCARD_REQUIRED and need == 0


def can_finish(
    rules: Rules,
    counts: Sequence[int],
    forbidden: int | None,
    melds: tuple[TableMeld, ...],
    need: int = 0,
    may_layoff: bool = True,
) -> bool:
    """Whether a player holding ``counts`` can still end the turn legally (N1).

    Args:
        rules: The rule set.
        counts: The count of each card code the player holds.
        forbidden: The card code that may not be discarded (T11), if any.
        melds: The table melds.
        need: Points the player must still meld to open (T8); 0 if none.
        may_layoff: Whether the player may lay off (T8: only once opened).
    """
    return _finishes(rules, list(counts), forbidden, melds, need, may_layoff, {})


def _can_discard(
    rules: Rules,
    counts: Sequence[int],
    total: int,
    forbidden: int | None,
    melds: tuple[TableMeld, ...],
) -> bool:
    for code, count in enumerate(counts):
        if not count or code == forbidden:
            continue
        if (
            total == 1
            and rules.final_discard_must_be_unplayable
            and playable_on_table(rules, melds, code)
        ):
            continue
        return True
    return False


def _search(
    rules: Rules,
    counts: list[int],
    forbidden: int | None,
    melds: tuple[TableMeld, ...],
    need: int,
    may_layoff: bool,
    seen: dict[tuple[tuple[int, ...], int, int], bool],
) -> bool:
    key = (tuple(counts), need, len(melds))
    if key in seen:
        return seen[key]
    seen[key] = False
    if need and _upper_bound(rules, counts) < need:
        return False
    for kind, codes in melds_from_counts(counts, rules):
        meld = Meld(kind, codes)
        rest = minus(counts, [SPEC_PHYSICAL[code] for code in codes])
        left = max(0, need - new_meld_points(rules, meld))
        after = (*melds, TableMeld(meld, ()))
        if _finishes(rules, rest, forbidden, after, left, may_layoff or left == 0, seen):
            seen[key] = True
            return True
    if may_layoff and need == 0:
        for index, table_meld in enumerate(melds):
            for laid, result in layoffs_from_counts(table_meld.meld, counts, rules):
                rest = minus(counts, [SPEC_PHYSICAL[code] for code in laid])
                after = melds[:index] + (TableMeld(result, ()),) + melds[index + 1 :]
                if _finishes(rules, rest, forbidden, after, 0, True, seen):
                    seen[key] = True
                    return True
    return False


def _finishes(
    rules: Rules,
    rest: list[int],
    forbidden: int | None,
    melds: tuple[TableMeld, ...],
    need: int,
    may_layoff: bool,
    seen: dict[tuple[tuple[int, ...], int, int], bool],
) -> bool:
    total = sum(rest)
    if total == 0:
        return can_empty_hand(rules, need)
    if need == 0 and _can_discard(rules, rest, total, forbidden, melds):
        return True
    return _search(rules, rest, forbidden, melds, need, may_layoff, seen)


def _upper_bound(rules: Rules, counts: Sequence[int]) -> int:
    """The most points the cards could be worth in melds (every card at its full value)."""
    table = rules.card_values.table
    low_ace = rules.card_values.low_ace
    total = sum(
        count * max(table[code], low_ace if code % 13 == 0 and code != JOKER_CODE else 0)
        for code, count in enumerate(counts)
    )
    return total * max(1, rules.group_of_four_multiplier)

"""No dead ends (N1): can a player still end the turn legally?

A turn ends with a discard (T10), or, when the rules allow it, by melding or
laying off the last card (going out under E1, floating under E2).  What may
block it: the card taken alone from the pile may not be discarded (T11); a
player who has started to open must reach the opening minimum first (T8); a
player must keep a card to discard (``discard_required``); the last card may
not be discarded if it could be laid off (E3).  :func:`can_finish` searches
the plays that could remove the obstacle.

Under dealer's gambit (V7) the search also knows what jokers do this hand:
wild (and the dealer's joker, playable but never in hand), not wild but able
to double a new meld, or not playable at all.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from rummy500.cards import JOKER_CODE
from rummy500.gambit import tame
from rummy500.meldgen import layoffs_from_counts, melds_from_counts
from rummy500.melds import SPEC_PHYSICAL, Meld
from rummy500.plays import minus, new_meld_points, playable_on_table
from rummy500.rules import GoingOut, Rules
from rummy500.state import JokerEffect, TableMeld

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
    *,
    effect: JokerEffect | None = None,
    reserve: int = 0,
) -> bool:
    """Whether a player holding ``counts`` can still end the turn legally (N1).

    Args:
        rules: The rule set.
        counts: The count of each card code the player holds.
        forbidden: The card code that may not be discarded (T11), if any.
        melds: The table melds.
        need: Points the player must still meld to open (T8); 0 if none.
        may_layoff: Whether the player may lay off (T8: only once opened).
        effect: Dealer's gambit: what jokers do this hand (V7); ``None`` otherwise.
        reserve: Dealer's gambit: 1 if the player is the dealer and may still
            use the dealer's joker, which is played like a held joker but is
            not in the hand (never discarded, not needed to go out).
    """
    not_wild = tame(effect)
    rest = list(counts)
    settled = _settled(rules, rest, forbidden, melds, need, not_wild)
    if settled is not None:
        return settled  # the common case: no search
    search = _Search(rules, forbidden, tame=not_wild, doubling=effect is JokerEffect.DOUBLE)
    return search.search(rest, reserve, melds, need, may_layoff)


def _settled(
    rules: Rules,
    counts: Sequence[int],
    forbidden: int | None,
    melds: tuple[TableMeld, ...],
    need: int,
    not_wild: bool,
) -> bool | None:
    """Whether the hand ``counts`` ends the turn without a play; ``None`` if a search must tell.

    An empty hand ends it if the rules allow (E2, T8); otherwise a card that
    may be discarded (T11, E3) does.
    """
    total = sum(counts)
    if total == 0:
        return can_empty_hand(rules, need)
    if need:
        return None
    for code, count in enumerate(counts):
        if not count or code == forbidden:
            continue
        if (
            total == 1
            and rules.final_discard_must_be_unplayable
            and playable_on_table(rules, melds, code, not not_wild)
        ):
            continue
        return True
    return None


@attrs.define
class _Search:
    """The depth-first search of :func:`can_finish`, memoized on the hand and table size.

    Attributes:
        tame: Jokers are not wild: no meld or lay-off holds one.
        doubling: A new meld may be doubled by laying a joker over it.
    """

    rules: Rules
    forbidden: int | None
    tame: bool
    doubling: bool
    seen: dict[tuple[tuple[int, ...], int, int, int], bool] = attrs.field(factory=dict)

    def finishes(
        self,
        rest: list[int],
        reserve: int,
        melds: tuple[TableMeld, ...],
        need: int,
        may_layoff: bool,
    ) -> bool:
        settled = _settled(self.rules, rest, self.forbidden, melds, need, self.tame)
        if settled is not None:
            return settled
        return self.search(rest, reserve, melds, need, may_layoff)

    def search(
        self,
        counts: list[int],
        reserve: int,
        melds: tuple[TableMeld, ...],
        need: int,
        may_layoff: bool,
    ) -> bool:
        key = (tuple(counts), reserve, need, len(melds))
        seen = self.seen
        if key in seen:
            return seen[key]
        seen[key] = False
        rules = self.rules
        jokers = counts[JOKER_CODE] + reserve  # the jokers the player may play
        playable = list(counts)
        playable[JOKER_CODE] = 0 if self.tame else jokers
        if need and _upper_bound(rules, playable) * (2 if self.doubling else 1) < need:
            return False
        for kind, codes in melds_from_counts(playable, rules):
            meld = Meld(kind, codes)
            cards = [SPEC_PHYSICAL[code] for code in codes]
            points = new_meld_points(rules, meld)
            ways = [(False, cards)]
            if self.doubling and jokers:
                ways.append((True, [*cards, JOKER_CODE]))
            for doubled, used in ways:
                rest, left_reserve = _spend(counts, reserve, used)
                left = max(0, need - points * (2 if doubled else 1))
                after = (*melds, TableMeld(meld, (), 1, doubled))
                if self.finishes(rest, left_reserve, after, left, may_layoff or left == 0):
                    seen[key] = True
                    return True
        if may_layoff and need == 0:
            for index, table_meld in enumerate(melds):
                if table_meld.doubled:
                    continue
                for laid, result in layoffs_from_counts(table_meld.meld, playable, rules):
                    rest, left_reserve = _spend(
                        counts, reserve, [SPEC_PHYSICAL[code] for code in laid]
                    )
                    after = melds[:index] + (TableMeld(result, ()),) + melds[index + 1 :]
                    if self.finishes(rest, left_reserve, after, 0, True):
                        seen[key] = True
                        return True
        return False


def _spend(counts: list[int], reserve: int, used: list[int]) -> tuple[list[int], int]:
    """The hand and reserve after playing ``used``: the dealer's joker goes first (V7)."""
    if reserve and JOKER_CODE in used:
        used = list(used)
        used.remove(JOKER_CODE)
        return minus(counts, used), reserve - 1
    return minus(counts, used), reserve


def _upper_bound(rules: Rules, counts: Sequence[int]) -> int:
    """The most points the cards could be worth in melds (every card at its full value)."""
    table = rules.card_values.table
    low_ace = rules.card_values.low_ace
    total = sum(
        count * max(table[code], low_ace if code % 13 == 0 and code != JOKER_CODE else 0)
        for code, count in enumerate(counts)
    )
    return total * max(1, rules.group_of_four_multiplier)

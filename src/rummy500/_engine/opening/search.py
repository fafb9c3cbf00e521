"""Whether cards can still open (T8): an exact search over the new melds they could make.

The question the dead-end search (N1) puts to the opening wing: can a
player who has not opened, holding these cards, still lay down new melds
worth ``need`` more points this turn, and then end the turn?  The answer is
exact, found by a depth-first search:

* the natural cards are decided one at a time, the lowest first in rank
  order (the aces, then the twos, and so on): the card is either the lowest
  card of one of the melds that hold it, tried richest first so that a way
  to open, when there is one, is found early, or it stays out of every meld;
* once the melds laid bring ``need``, the caller says whether the turn can
  then end with the cards left (:class:`TurnEnd`);
* a branch is cut when every card left, melded at its highest value, would
  not bring the points still needed;
* cards proven unable to bring a number of points are remembered, per rule
  set and within a limit (:data:`SHORTFALLS_LIMIT`): the many plays of one
  position leave the same cards again and again.

Nothing else is kept between questions: a question costs what its cards
cost, whatever was asked before (only faster when a shortfall is known).
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Final, Protocol

from rummy500._engine.boundary import RUN
from rummy500._engine.codes.memo import MEMO_LIMIT, store
from rummy500._engine.codes.specs import SPEC_PHYSICAL
from rummy500._engine.meldgen import Pool, melds_from_counts, melds_from_pool
from rummy500._engine.profile import Profile
from rummy500.cards import JOKER_CODE

__all__ = [
    "SHORTFALLS_LIMIT",
    "Laid",
    "OpeningSearch",
    "TurnEnd",
    "opening_search",
    "splits_in_two",
]

#: A new meld laid toward the minimum: its meld-card codes, and whether a joker laid
#: over it doubles it (where the variant allows).
Laid = tuple[tuple[int, ...], bool]

#: The most sets of cards proven short of a number of points that a rule set keeps
#: (about 120 bytes each).
SHORTFALLS_LIMIT: Final = 1 << 16

#: The natural card codes in the order they are decided: the aces, the twos, ... the kings.
_ORDER: Final = tuple(sorted(range(JOKER_CODE), key=lambda code: (code % 13, code // 13)))

#: A byte translation of a count of copies into 0 (none) or 1 (held).
_HELD: Final = bytes([0] + [1] * 255)

# A meld that holds a given card: its meld-card codes, its points, the card codes it
# uses and the most those cards could bring (the bound it takes away).
_Option = tuple[tuple[int, ...], int, tuple[int, ...], int]


class TurnEnd(Protocol):
    """What the dead-end search answers once melds bring the points needed."""

    def ends_with(self, rest: list[int], reserve: int, laid: Sequence[Laid]) -> bool:
        """Whether, once the new melds ``laid`` are down, the turn can end.

        Args:
            rest: The count of each card code left in the hand.
            reserve: 1 if the reserve joker is still unused, else 0.
            laid: The new melds, in the order the search laid them.
        """
        ...  # pragma: no cover


class OpeningSearch:
    """The exact search of the module docstring, for one rule set and one use of jokers.

    Args:
        facts: The rule set's profile (its melds and their points).
        tame: Jokers fit no meld this hand (the variant keeps them out).
        doubling: A joker laid over a new meld doubles it this hand.
    """

    __slots__ = (
        "_facts",
        "_fours",
        "_joker_melds",
        "_shortfalls",
        "_through",
        "doubling",
        "fours",
        "highest",
        "tame",
    )

    def __init__(self, facts: Profile, tame: bool, doubling: bool) -> None:
        self._facts = facts
        self.tame = tame
        self.doubling = doubling
        aces = facts.four_aces_value
        low_ace = facts.low_ace_value
        #: The most one copy of each card code can bring to new melds (S1, V8).
        self.highest: tuple[int, ...] = tuple(
            max(value, max(low_ace, aces) if code % 13 == 0 and code < JOKER_CODE else 0, 0)
            for code, value in enumerate(facts.code_values)
        )
        #: Whether a group of four scores more when laid at once (V6): the bound then
        #: adds what such groups may add.
        self.fours = facts.group_of_four_multiplier > 1
        self._shortfalls: dict[bytes, int] = {}
        self._through: dict[tuple[int, bytes, bytes, int], tuple[_Option, ...]] = {}
        self._joker_melds: dict[int, tuple[_Option, ...]] = {}
        self._fours: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}

    def opens(self, counts: Sequence[int], reserve: int, need: int, end: TurnEnd) -> bool:
        """Whether new melds from ``counts`` can bring ``need`` points and the turn then end.

        Args:
            counts: The count of each card code in the hand.
            reserve: 1 if the reserve joker may be played too, else 0.
            need: The points still to meld (at least 1).
            end: Asked whether the turn can end once the melds are down.
        """
        jokers = counts[JOKER_CODE] + reserve
        playable = list(counts)
        playable[JOKER_CODE] = 0 if self.tame else jokers
        spare = jokers if self.doubling else 0
        question = _Question(self, jokers, reserve, end)
        return question.reach(playable, spare, 0, need, self.card_bound(playable), [])

    def bound(self, counts: Sequence[int]) -> int:
        """An upper bound of the points new melds from ``counts`` can score (undoubled).

        Every card melded at its highest value (:meth:`card_bound`), plus what
        groups of four laid at once may add under a group-of-four multiplier (V6).
        """
        total = self.card_bound(counts)
        if self.fours:
            total += self._fours_extra(counts)
        return total

    def card_bound(self, counts: Sequence[int]) -> int:
        """Every card of ``counts`` at its highest value: the bound without the V6 extra."""
        return sum(map(operator.mul, counts, self.highest))

    def _fours_extra(self, counts: Sequence[int]) -> int:
        """The most groups of four laid at once may add to the cards' highest values (V6).

        Per rank, ``g`` groups of four need ``4 g`` cards: the rank's natural
        cards (at most ``g`` of a suit) and wild jokers making up the rest;
        each adds the multiplier's extra on its cards at their highest value.
        Four jokers may also make a group.  The jokers are shared out among
        the ranks where they add most (a knapsack over the jokers).
        """
        jokers = counts[JOKER_CODE]
        best = [0] * (jokers + 1)  # the most groups of four add with at most j jokers
        for rank in range(13):
            copies = (counts[rank], counts[13 + rank], counts[26 + rank], counts[39 + rank])
            if max(copies) == 0:
                continue
            key = (rank, *copies, jokers)
            ways = self._fours.get(key)
            if ways is None:
                ways = store(self._fours, key, self._rank_fours(rank, copies, jokers), MEMO_LIMIT)
            if ways:
                best = [
                    max(
                        [best[spent]]
                        + [best[spent - cost] + gain for cost, gain in ways if cost <= spent]
                    )
                    for spent in range(jokers + 1)
                ]
        joker = self.highest[JOKER_CODE] * (self._facts.group_of_four_multiplier - 1)
        for groups in range(1, jokers // 4 + 1):  # groups of four jokers
            best = [
                max(best[spent], best[spent - 4 * groups] + groups * 4 * joker)
                if spent >= 4 * groups
                else best[spent]
                for spent in range(jokers + 1)
            ]
        return best[jokers]

    def _rank_fours(
        self, rank: int, copies: tuple[int, ...], jokers: int
    ) -> tuple[tuple[int, int], ...]:
        """The jokers that 1, 2, ... groups of four of ``rank`` spend, and the points they add."""
        facts, highest = self._facts, self.highest
        extra = facts.group_of_four_multiplier - 1
        value = max(highest[suit * 13 + rank] for suit in range(4))
        joker = highest[JOKER_CODE]
        ways = []
        for groups in range(1, max(copies) + 1):
            needed = 4 * groups - sum(min(count, groups) for count in copies)
            if not facts.jokers_wild:
                if not needed:
                    ways.append((0, 4 * groups * value * extra))
                continue
            # wild jokers make up four, or stand in for more natural cards where a
            # joker is worth more (a group keeps one natural card)
            most_jokers = min(jokers, 3 * groups) if joker > value else min(jokers, needed)
            for spent in range(needed, most_jokers + 1):
                ways.append((spent, ((4 * groups - spent) * value + spent * joker) * extra))
        return tuple(ways)

    def melds_through(self, counts: Sequence[int], code: int) -> tuple[_Option, ...]:
        """The new melds from ``counts`` that hold the natural card ``code``, richest first.

        They depend only on the cards of its rank, of its suit and the jokers
        (memoized on those).  A run that is two runs worth the same points is
        left out (the two serve), unless jokers double melds.
        """
        suit, rank = code // 13, code % 13
        base = suit * 13
        # which cards of its suit and of its rank are held (not how many copies)
        suit_cards = bytes(counts[base : base + 13]).translate(_HELD)
        rank_cards = bytes(counts[rank:JOKER_CODE:13]).translate(_HELD)
        key = (code, suit_cards, rank_cards, counts[JOKER_CODE])
        found = self._through.get(key)
        if found is None:
            facts = self._facts
            pool = Pool(
                bytes(
                    [other * 13 + rank for other in range(4) if rank_cards[other]]
                    + [base + index for index in range(13) if suit_cards[index]]
                )
            )
            pool.jokers = counts[JOKER_CODE]
            found = self._options(
                codes
                for kind, codes in melds_from_pool(
                    pool, facts.jokers_wild, facts.ace, facts.min_run_length, code
                )
                # a doubled run is worth more whole than split: one joker doubles it all
                if self.doubling
                or kind is not RUN
                or not splits_in_two(codes, facts.min_run_length)
            )
            store(self._through, key, found, MEMO_LIMIT)
        return found

    def joker_melds(self, jokers: int) -> tuple[_Option, ...]:
        """The melds of jokers alone that ``jokers`` jokers make, where the rules have them (M4)."""
        found = self._joker_melds.get(jokers)
        if found is None:
            counts = [0] * (JOKER_CODE + 1)
            counts[JOKER_CODE] = jokers
            facts = self._facts
            melds = melds_from_counts(counts, facts.jokers_wild, facts.ace, facts.min_run_length)
            found = self._options(codes for _, codes in melds)
            self._joker_melds[jokers] = found
        return found

    def _options(self, melds: Iterable[tuple[int, ...]]) -> tuple[_Option, ...]:
        """The melds with their points, cards and bound, richest first."""
        facts, highest = self._facts, self.highest
        options = []
        for codes in melds:
            cards = tuple(SPEC_PHYSICAL[code] for code in codes)
            options.append(
                (codes, facts.new_meld(codes).points, cards, sum(highest[card] for card in cards))
            )
        options.sort(key=lambda option: -option[1])
        return tuple(options)

    def shortfall(self, key: bytes) -> int | None:
        """The fewest points the cards ``key`` are known unable to bring, if known."""
        return self._shortfalls.get(key)

    def remember_shortfall(self, key: bytes, need: int) -> None:
        """Remember that the cards ``key`` cannot bring ``need`` points (nor any more)."""
        store(self._shortfalls, key, need, SHORTFALLS_LIMIT)


class _Question:
    """One question to the search: the hand's jokers, the dealer's joker and the caller."""

    __slots__ = ("aside", "end", "jokers", "leaves", "reserve", "search")

    def __init__(self, search: OpeningSearch, jokers: int, reserve: int, end: TurnEnd) -> None:
        self.search = search
        self.jokers = jokers  # every joker the player may play, the dealer's included
        self.reserve = reserve
        self.end = end
        self.leaves = 0  # the ways found to bring the points (each put to the caller)
        self.aside = [0] * (JOKER_CODE + 1)  # the cards decided to stay out of every meld

    def reach(
        self, counts: list[int], spare: int, index: int, need: int, bound: int, laid: list[Laid]
    ) -> bool:
        """Whether melds from ``counts`` bring ``need`` more and the turn then ends.

        ``counts`` are the playable cards (jokers only where they fit melds),
        changed in place and restored; ``spare`` the jokers left to double
        melds; every card before ``index`` in the order is decided; ``bound``
        is what the cards left could bring at most (without the V6 extra).
        """
        if need <= 0:
            self.leaves += 1
            return self._ends(counts, spare, laid)
        search = self.search
        if bound * (2 if spare else 1) < need and (
            not search.fours or search.bound(counts) * (2 if spare else 1) < need
        ):
            return False  # the V6 extra is worked out only when the cards alone fall short
        key = bytes(counts) + bytes((spare,)) if spare else bytes(counts)
        known = search.shortfall(key)
        if known is not None and known <= need:
            return False
        leaves = self.leaves
        while index < JOKER_CODE and not counts[_ORDER[index]]:
            index += 1
        if index < JOKER_CODE:
            code = _ORDER[index]
            options = search.melds_through(counts, code)
            found = self._lay(options, counts, spare, index, need, bound, laid)
            if not found:  # the card stays out of every meld
                copies = counts[code]
                counts[code] = 0
                self.aside[code] = copies
                less = bound - copies * search.highest[code]
                found = self.reach(counts, spare, index + 1, need, less, laid)
                counts[code] = copies
                self.aside[code] = 0
        else:
            options = search.joker_melds(counts[JOKER_CODE])
            found = self._lay(options, counts, spare, index, need, bound, laid)
        if not found and self.leaves == leaves:
            search.remember_shortfall(key, need)
        return found

    def _lay(
        self,
        options: tuple[_Option, ...],
        counts: list[int],
        spare: int,
        index: int,
        need: int,
        bound: int,
        laid: list[Laid],
    ) -> bool:
        """Whether one of the melds ``options``, laid (doubled if a joker is spare), leads on."""
        for codes, points, cards, value in options:
            for card in cards:
                counts[card] = counts[card] - 1
            laid.append((codes, False))
            found = self.reach(counts, spare, index, need - points, bound - value, laid)
            if not found and spare:
                laid[-1] = (codes, True)
                found = self.reach(counts, spare - 1, index, need - 2 * points, bound - value, laid)
            laid.pop()
            for card in cards:
                counts[card] = counts[card] + 1
            if found:
                return True
        return False

    def _ends(self, counts: list[int], spare: int, laid: list[Laid]) -> bool:
        """Put the melds ``laid`` to the caller, with the hand and dealer's joker they leave."""
        search = self.search
        # the jokers left: in hand where they are wild, else those no meld has doubled
        tame_left = spare if search.doubling else self.jokers
        left = tame_left if search.tame else counts[JOKER_CODE]
        reserve = max(0, self.reserve - (self.jokers - left))  # the dealer's joker goes first
        rest = list(map(operator.add, counts, self.aside))
        rest[JOKER_CODE] = left - reserve
        return self.end.ends_with(rest, reserve, laid)


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


# The searches by rule set (the identity of its profile) and use of jokers; each entry
# holds its profile, so an identity is never mistaken.
_SEARCHES: Final[dict[tuple[int, bool, bool], tuple[Profile, OpeningSearch]]] = {}

#: The most searches kept (three uses of jokers for each of the profiles kept).
_SEARCHES_LIMIT: Final = 192


def opening_search(facts: Profile, tame: bool, doubling: bool) -> OpeningSearch:
    """The (cached) :class:`OpeningSearch` of a rule set's profile and a use of jokers."""
    key = (id(facts), tame, doubling)
    entry = _SEARCHES.get(key)
    if entry is None or entry[0] is not facts:
        entry = store(
            _SEARCHES, key, (facts, OpeningSearch(facts, tame, doubling)), _SEARCHES_LIMIT
        )
    return entry[1]

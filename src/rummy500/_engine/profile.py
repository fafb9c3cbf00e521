"""What the engine needs of one rule set, computed once: plain knob values and meld memos.

The move generator and the reducer read a few knobs many times per move and
check the same melds and lay-offs again and again.  A :class:`Profile` holds,
for one :class:`~rummy500.Rules` value, the knob values the hot paths read
as plain Python values (no enum attribute lookups, no enum hashing in cache
keys), and the memos of the meld and lay-off checks under these rules, keyed
by plain tuples of meld-card codes.  Profiles are kept by the identity of the
rules (``new_game`` and ``GameState.from_dict`` use one shared ``Rules``
value per rule set); each memo is cleared when it reaches its bound, so the
memory they hold is bounded.
"""

from __future__ import annotations

import attrs

from rummy500._engine.card_prices import CardPrices
from rummy500._engine.memo import store
from rummy500._engine.recent_openings import RecentOpenings
from rummy500.cards import JOKER_CODE
from rummy500.errors import InvalidMeldError
from rummy500.meldcards import GROUP_JOKER_BASE, RUN_JOKER_BASE
from rummy500.melds import (
    Meld,
    MeldKind,
    codes_points,
    layoff_codes,
    meld_from_codes,
    meld_points,
)
from rummy500.rules import Jokers, Rules

__all__ = [
    "FINISHES_LIMIT",
    "MEMO_LIMIT",
    "OPENINGS_LIMIT",
    "POOL_PRICES_LIMIT",
    "SHORT_OF_LIMIT",
    "NewMeld",
    "Profile",
    "profile",
]

# Melds found at once (meld-card codes) and their points.
_Witness = tuple[tuple[tuple[int, ...], ...], int]

#: The most entries a memo holds before it is cleared.
MEMO_LIMIT = 1 << 14

#: The most answers of the search for a turn that can still end (dead ends, N1)
#: a rule set keeps (about 250 bytes each: under a large opening minimum one call
#: on a long pile asks about more than 16,000 hands, and a table emptied during
#: the call made the next call on the same position ask most of them again).
FINISHES_LIMIT = 1 << 16

#: The most hands the opening search remembers short of a target, per set of
#: prices (about 150 bytes each).
SHORT_OF_LIMIT = 1 << 16

#: The most sets of melds that opened lately kept per rule set.
OPENINGS_LIMIT = 8

#: The most pools whose packing prices a rule set keeps (a position with a long
#: pile prices a few dozen: at most one per depth of the pile and player).
POOL_PRICES_LIMIT = 256


@attrs.frozen
class NewMeld:
    """A valid new meld under a rule set, and what it is worth laid down now.

    Attributes:
        meld: The meld, in canonical order.
        multiplier: 2 for Persian rummy's group of four laid down at once (V6), else 1.
        points: Its value (S1) times the multiplier.
        run_length: Its length if it is a run, else 0.
    """

    meld: Meld
    multiplier: int
    points: int
    run_length: int


class Profile:
    """The engine's view of one rule set (see the module docstring).

    Attributes:
        rules: The rule set.
        ace: The value of the ``ace`` knob, as a string.
        wild: Whether jokers are wild under the rules (``jokers = "wild"``).
        min_run: The fewest cards in a run.
        values: The value of each card code (0–52) in a meld (S1).
        low_ace: The value of an ace at the low end of a run (S1).
        group_of_four: The multiplier of a group of four laid down at once (V6).
        highest: For each card code (0–52), its highest value in a meld (an ace
            at the low end of a run may count more), or 0 if that is negative
            (such a card is better kept out of every meld).
        most_points: For each card code (0–52), the most one copy of it can add to
            the points of new melds (``highest`` times the group-of-four
            multiplier).
        finishes: The memo of the dead-end search (N1): whether a hand can end
            the turn, by everything the answer depends on.
        best_points: The memo of the most points disjoint new melds from a
            hand can score, by the hand's count vector (the opening minimum, T8),
            with the first meld of a way to score them (``None``: the hand's
            first card in rank order stays out of every meld).
        best_points_down: The same, the cards decided from the kings down.
        best_points_cutoff: The fewest cards of a hand for which ``best_points``
            ran out of its budget (it is not asked again for hands as large
            until the move generator turns to another position).
        best_points_overruns: How many times ``best_points`` ran out of its
            budget since the move generator turned to this position.
        plain_overruns: How many questions in a row the opening search under
            the highest values ran over its limit (``reaching_melds``), since
            the move generator turned to this position.
        plain_skipped: How many questions have skipped that search since it
            was last tried.
        melds_through: The new melds that hold a card, with their points, by
            the cards of its rank and suit and the jokers (for ``best_points``).
        fours: The groups of four a rank can form under a group-of-four
            multiplier, by the rank, its cards in each suit and the jokers: the
            jokers they spend and the points they add (for ``upper_bound``).
        meld_uses: For new melds (by their meld-card codes), the codes, the cards
            they use and their points; ``None`` for a run that is two runs (for
            ``reaching_melds``).
        line_melds: The new runs of a suit (groups of a rank), by the kind, the
            suit or rank, the cards held of it and the jokers (for
            ``reaching_melds``).
        prices: Every card at its highest value, with the memos of the opening
            search under those prices (for ``reaching_melds``).
        certificates: Tighter prices solved for hands the opening search found
            hard, the latest last: each holds for any part of its hand (at most
            ``CERTIFICATES_LIMIT`` of ``opening_reach``, each with memos a
            sixteenth the size of those of ``prices``).
        openings: Sets of disjoint new melds that opened lately (at most
            ``OPENINGS_LIMIT``), tried first on the next opening question.
        pool_prices: The packing prices of pools whose plays the opening search
            often found short, by the pool's count vector (``False``: the
            relaxation gave up), at most ``POOL_PRICES_LIMIT``.
        witnesses: Melds found at once in a pool without one rank or suit,
            with their points, by the pool, what it is without and the wild
            jokers it may spend (the opening minimum, T8).
    """

    __slots__ = (
        "_generated",
        "_layoffs",
        "_melds",
        "ace",
        "best_points",
        "best_points_cutoff",
        "best_points_down",
        "best_points_overruns",
        "certificates",
        "finishes",
        "fours",
        "group_of_four",
        "highest",
        "line_melds",
        "low_ace",
        "meld_uses",
        "melds_through",
        "min_run",
        "most_points",
        "openings",
        "plain_overruns",
        "plain_skipped",
        "play_facts",
        "pool_prices",
        "prices",
        "rules",
        "values",
        "wild",
        "witnesses",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ace: str = rules.ace.value
        self.wild = rules.jokers is Jokers.WILD
        self.min_run = rules.min_run_length
        self.values: tuple[int, ...] = rules.card_values.table
        self.low_ace: int = rules.card_values.low_ace
        self.group_of_four: int = rules.group_of_four_multiplier
        table, low_ace = rules.card_values.table, rules.card_values.low_ace
        multiplier = max(1, rules.group_of_four_multiplier)
        self.highest: tuple[int, ...] = tuple(
            max(value, low_ace if code % 13 == 0 and code < JOKER_CODE else 0, 0)
            for code, value in enumerate(table)
        )
        self.most_points: tuple[int, ...] = tuple(multiplier * value for value in self.highest)
        self.finishes: dict[tuple[object, ...], bool] = {}
        self.best_points: dict[bytes, tuple[int, tuple[int, ...] | None]] = {}
        self.best_points_down: dict[bytes, tuple[int, tuple[int, ...] | None]] = {}
        self.best_points_cutoff = 1 << 30
        self.best_points_overruns = 0
        self.plain_overruns = 0
        self.plain_skipped = 0
        self.melds_through: dict[
            tuple[int, int, int, int], tuple[tuple[tuple[int, ...], int], ...]
        ] = {}
        self.meld_uses: dict[
            tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...], int] | None
        ] = {}
        self.fours: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
        self.line_melds: dict[
            tuple[bool, int, int, int], tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]
        ] = {}
        self.prices = CardPrices(
            self.highest, 1, self.group_of_four <= 1, None, MEMO_LIMIT, SHORT_OF_LIMIT
        )
        self.certificates: list[CardPrices] = []
        self.witnesses: dict[tuple[bytes, int, int], _Witness | None] = {}
        self.openings = RecentOpenings(OPENINGS_LIMIT)
        self.pool_prices: dict[bytes, CardPrices | bool] = {}
        # by the identity of an interned play: (the play, its cards, its points)
        self.play_facts: dict[int, tuple[object, tuple[int, ...], int]] = {}
        self._melds: dict[tuple[int, ...], NewMeld | InvalidMeldError] = {}
        self._generated: dict[tuple[int, ...], int] = {}
        self._layoffs: dict[tuple[tuple[int, ...], tuple[int, ...]], Meld | InvalidMeldError] = {}

    def new_meld(self, codes: tuple[int, ...]) -> NewMeld:
        """The meld the meld-card ``codes`` form, checked and valued (memoized).

        Raises:
            InvalidMeldError: naming the rule broken.
        """
        found = self._melds.get(codes)
        if found is None:
            found = self._check_meld(codes)
            store(self._melds, codes, found, MEMO_LIMIT)
        if isinstance(found, InvalidMeldError):
            raise InvalidMeldError(str(found), found.rule)
        return found

    def _check_meld(self, codes: tuple[int, ...]) -> NewMeld | InvalidMeldError:
        rules = self.rules
        try:
            meld = meld_from_codes(codes, rules)
        except InvalidMeldError as error:
            return error
        run = meld.kind is MeldKind.RUN
        multiplier = self._multiplier(run, len(meld.codes))
        points = sum(meld_points(meld, rules.card_values)) * multiplier
        run_length = len(meld.codes) if run else 0
        return NewMeld(meld, multiplier, points, run_length)

    def _multiplier(self, run: bool, size: int) -> int:
        """What a new meld's points are multiplied by: a group of four's multiplier (V6)."""
        return self.group_of_four if not run and size == 4 else 1

    def generated_points(self, codes: tuple[int, ...]) -> int:
        """The points of a new meld the move generator built: ``codes`` in meld order.

        The same as ``new_meld(codes).points`` without checking the meld again
        (memoized; the generator's melds are valid by construction).  A run
        is told from a group by a joker declared as a card, or by natural
        cards of two ranks.
        """
        found = self._generated.get(codes)
        if found is None:
            ranks = {code % 13 for code in codes if code < JOKER_CODE}
            run = len(ranks) > 1 or any(RUN_JOKER_BASE <= code < GROUP_JOKER_BASE for code in codes)
            found = sum(codes_points(codes, run, self.rules.card_values))
            found *= self._multiplier(run, len(codes))
            store(self._generated, codes, found, MEMO_LIMIT)
        return found

    def layoff(self, meld: Meld, codes: tuple[int, ...]) -> Meld:
        """The meld after laying off the meld-card ``codes`` on ``meld`` (memoized).

        Raises:
            InvalidMeldError: naming the rule, when the cards do not fit.
        """
        key = (meld.codes, codes)
        found = self._layoffs.get(key)
        if found is None:
            try:
                found = layoff_codes(meld, codes, self.rules)
            except InvalidMeldError as error:
                found = error
            store(self._layoffs, key, found, MEMO_LIMIT)
        if isinstance(found, InvalidMeldError):
            raise InvalidMeldError(str(found), found.rule)
        return found


# Profiles by value (equal rule sets share one), and by the identity of the Rules
# objects seen (each entry holds its object, so an id is never mistaken).
_BY_VALUE: dict[Rules, Profile] = {}
_BY_ID: dict[int, tuple[Rules, Profile]] = {}
_PROFILE_LIMIT = 64


def profile(rules: Rules) -> Profile:
    """The (cached) :class:`Profile` of ``rules``, shared by every equal rule set."""
    entry = _BY_ID.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    found = _BY_VALUE.get(rules)
    if found is None:
        found = store(_BY_VALUE, rules, Profile(rules), _PROFILE_LIMIT)
    store(_BY_ID, id(rules), (rules, found), _PROFILE_LIMIT)
    return found

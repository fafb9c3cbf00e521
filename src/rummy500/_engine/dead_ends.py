"""No dead ends (N1): a move after which its player could not end the turn is illegal.

A turn ends with a discard (T10), or, when the rules allow it, by melding or
laying off the last card (going out under E1, floating under E2).  What may
block it: the card taken alone from the pile may not be discarded (T11); a
player who has started to open must reach the opening minimum first (T8); a
player must keep a card to discard (``discard_required``, E2); the last card
may not be discarded if it could be laid off (E3).  :func:`can_finish`
searches the plays that could remove the obstacle; :func:`play_problem` asks
it about a play, :func:`mover_stranded` about the player to move after a
change of the table.

The search also knows what jokers may do this hand: wild (and, under
dealer's gambit, the dealer's joker, playable but never in hand), not wild
but able to double a new meld, or not playable at all.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import attrs

from rummy500._engine.card_prices import CardPrices
from rummy500._engine.gambit import dealer_reserve, spend
from rummy500._engine.going_out import can_empty_hand, empty_hand_problem
from rummy500._engine.hands import minus
from rummy500._engine.illegal import illegal
from rummy500._engine.memo import store
from rummy500._engine.opening import may_lay_off, not_opened, opening_need, points_short
from rummy500._engine.opening_bounds import most_points, upper_bound
from rummy500._engine.opening_points import best_melds, best_points, points_budget
from rummy500._engine.opening_prices import packing_bound
from rummy500._engine.opening_reach import reaching_melds
from rummy500._engine.opening_witness import natural_melds
from rummy500._engine.plays import physical, play_facts, playable_on_table, table_after
from rummy500._engine.profile import (
    FINISHES_LIMIT,
    MEMO_LIMIT,
    POOL_PRICES_LIMIT,
    Profile,
    profile,
)
from rummy500.cards import JOKER_CODE
from rummy500.errors import IllegalMoveError, Reason
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.meldgen import (
    count_vector,
    layoffs_from_counts,
    melds_from_counts,
)
from rummy500.melds import Meld
from rummy500.moves import LayoffMove, Play
from rummy500.rules import GoingOut, Rules
from rummy500.state import GameState, JokerEffect, Phase, TableMeld, jokers_tamed

__all__ = [
    "PoolCheck",
    "blocker",
    "can_finish",
    "can_finish_with",
    "cannot_open_from",
    "hand_can_finish",
    "mover_may_be_stranded",
    "mover_stranded",
    "play_problem",
    "turn_end_can_be_blocked",
]


def turn_end_can_be_blocked(rules: Rules) -> bool:
    """Whether, under ``rules``, anything but the card taken alone (T11) can block a turn's end.

    Under the others a play that leaves a card, or none, always lets the
    turn end: the move generator then needs no look-ahead.
    """
    return (
        bool(rules.opening_minimum)
        or rules.going_out is not GoingOut.MELD_OR_DISCARD
        or rules.final_discard_must_be_unplayable
    )


def play_problem(
    state: GameState,
    player: int,
    play: Play,
    pool: Sequence[int],
    points: int,
    forbidden: int | None,
    melds_after: tuple[TableMeld, ...] | None = None,
    reserve: int = 0,
) -> IllegalMoveError | None:
    """Why the player to move may not make ``play`` in their turn (E2, T8, N1), if so.

    Args:
        state: The state before the play (after any take it belongs to).
        player: The seat playing (the seat to move).
        play: The meld or lay-off, already checked as valid.
        pool: The cards the player may play before the play (the hand with any
            cards taken, and the dealer's joker if ``reserve``).
        points: The value of the new meld (0 for a lay-off).
        forbidden: The card that may not be discarded this turn (T11), if any.
        melds_after: The table melds after the play, if known.
        reserve: 1 if ``pool`` holds the dealer's joker (V7) and the play
            leaves it unused, else 0.
    """
    check = PoolCheck(state, player, pool, forbidden)
    return check.problem(play, tuple(physical(play)), points, reserve, melds_after)


class PoolCheck:
    """Why plays from one pool would leave the player to move unable to end the turn.

    The checks of :func:`play_problem` for the many plays of one pool (a
    hand, or a hand with the pile cards taken): what depends only on the
    pool is worked out once.
    """

    __slots__ = (
        "facts",
        "forbidden",
        "may_lay_off",
        "melded",
        "minimum",
        "player",
        "pool",
        "pool_key",
        "prices",
        "searches",
        "shares",
        "shorts",
        "size",
        "state",
        "tame",
    )

    def __init__(
        self, state: GameState, player: int, pool: Sequence[int], forbidden: int | None
    ) -> None:
        """Prepare the checks of plays by ``player`` from ``pool`` (see :func:`play_problem`)."""
        self.state = state
        self.player = player
        self.pool = pool
        self.forbidden = forbidden
        self.size = sum(pool)
        self.pool_key: bytes | None = None  # the pool as a memo key, once a witness is asked
        self.searches: list[_Search | None] | None = None  # upward, downward, once asked
        self.shorts = 0  # the plays the search found short of the opening minimum
        self.prices: CardPrices | bool | None = None  # the pool's packing prices (False: none)
        self.facts = profile(state.rules)
        self.tame = jokers_tamed(state.joker_effect)
        # whether the pool's questions may be answered by what its plays share (the
        # melds that opened lately, its prices): a large pool, its jokers not kept out
        # of melds by the dealer's nomination (neither knows a joker that only doubles
        # or splits, V7)
        self.shares = not self.tame and self.size >= _LARGE_POOL
        # the opening minimum still to reach (0 if none), and the points toward it
        minimum = state.rules.opening_minimum
        self.minimum = minimum if minimum and player not in state.opened else 0
        self.may_lay_off = not self.minimum
        self.melded = state.turn_points if player == state.to_move else 0

    def allows(
        self, play: Play, reserve: int, required: int | None = None, *, spends: bool = True
    ) -> bool:
        """Whether the generated ``play`` leaves the turn able to end (no :meth:`problem`).

        ``reserve`` is 1 if the pool holds the dealer's joker (V7), else 0.  With
        ``spends`` a play holding a joker spends the dealer's first, unless that
        joker is the pile card ``required`` (``gambit.spend``); a "Rummy!" call
        spends none, its play using pile cards alone.
        """
        used, points = play_facts(self.facts, play)
        if spends and reserve and spend(used, reserve, required)[1]:
            reserve = 0
        return self.problem(play, used, points, reserve) is None

    def problem(
        self,
        play: Play,
        used: tuple[int, ...],
        points: int,
        reserve: int,
        melds_after: tuple[TableMeld, ...] | None = None,
    ) -> IllegalMoveError | None:
        """Why the player may not make ``play`` in their turn (E2, T8, N1), if so.

        Args:
            play: The meld or lay-off, already checked as valid.
            used: Its :func:`~rummy500._engine.plays.physical` cards.
            points: The value of the new meld (0 for a lay-off).
            reserve: 1 if the pool holds the dealer's joker (V7) and the play
                leaves it unused, else 0.
            melds_after: The table melds after the play, if known.
        """
        state, player, pool, forbidden = self.state, self.player, self.pool, self.forbidden
        rules = state.rules
        if not self.may_lay_off and isinstance(play, LayoffMove):
            return not_opened(state, player)
        need = points_short(self.minimum, self.melded, points)
        left = self.size - len(used) - reserve
        if left == 0:
            problem = empty_hand_problem(state, player)
            if problem is not None:
                return problem
            if need:
                return illegal(
                    Reason.DEAD_END,
                    f"p{player} would end the turn with melds {need} points short of the "
                    f"opening minimum {rules.opening_minimum}",
                    "T8",
                )
            return None
        # the copies of the card taken alone (T11) left after the play
        kept = 0
        if forbidden is not None:
            kept = pool[forbidden] - used.count(forbidden)
            if forbidden == JOKER_CODE:
                kept -= reserve
        if need == 0 and left > kept and (not rules.final_discard_must_be_unplayable or left > 1):
            return None
        # melds found at once beside the play answer most questions, then the
        # search's remembered answers; the table after the play is built only
        # for a new question
        if need and self._opens_beside(
            used, pool[JOKER_CODE] - used.count(JOKER_CODE) - reserve, left, need, kept
        ):
            return None
        rest = minus(pool, used)
        rest[JOKER_CODE] -= reserve
        may_layoff = self.may_lay_off or (need == 0 and points > 0)
        search = self._search(used)
        finishes = search.known(rest, reserve, need, may_layoff)
        if finishes is None:
            # a large pool's questions that its shared answers can settle (see shares)
            # are put to the melds that opened lately and to the pool's prices first
            pooled = self.shares and bool(need) and not reserve
            if pooled and self.facts.openings.opens(rest, need, forbidden):
                search.remember(rest, reserve, need, may_layoff, True)
                return None
            if pooled and self._priced_short(rest, need):
                search.remember(rest, reserve, need, may_layoff, False)
                finishes = False
            else:
                if melds_after is None:
                    melds_after = table_after(rules, state.melds, play)
                finishes = search.answer(rest, reserve, melds_after, need, may_layoff)
                if finishes and pooled and search.found:
                    facts = self.facts
                    facts.openings.add(search.found, lambda codes: facts.new_meld(codes).points)
                if not finishes and pooled:
                    self.shorts += 1
        if finishes:
            return None
        return illegal(
            Reason.DEAD_END,
            f"after this play p{player} could not end the turn: "
            + blocker(rules, forbidden is not None, need),
            "N1",
        )

    def _priced_short(self, rest: list[int], need: int) -> bool:
        """Whether the pool's packing prices show that ``rest`` cannot bring ``need`` points.

        The prices are solved once for a pool whose plays the search has
        found short of the minimum :data:`_SHORTS_BEFORE_PRICES` times, and
        hold for the cards any play of the pool leaves: its other plays that
        lose more than the pool has to spare are refused without a search.
        They are kept in the rule set's profile for the next checks of the
        same pool (the next call on the same position).
        """
        prices = self.prices
        if prices is None:
            if self.pool_key is None:
                self.pool_key = bytes(self.pool)
            memo = self.facts.pool_prices
            prices = memo.get(self.pool_key)
            if prices is None:
                if self.shorts < _SHORTS_BEFORE_PRICES:
                    return False
                prices = packing_bound(self.state.rules, self.facts, self.pool) or False
                store(memo, self.pool_key, prices, POOL_PRICES_LIMIT)
            self.prices = prices
        return isinstance(prices, CardPrices) and prices.cost(rest) < need * prices.scale

    def _search(self, used: tuple[int, ...]) -> _Search:
        """The search of the turn's end after a play of ``used`` (one for each order)."""
        downward = _high(used)
        if self.searches is None:
            self.searches = [None, None]
        search = self.searches[downward]
        if search is None:
            state = self.state
            search = _Search.of(state.rules, self.forbidden, state.joker_effect, downward)
            self.searches[downward] = search
        return search

    def _opens_beside(
        self, used: tuple[int, ...], jokers_left: int, left: int, need: int, kept: int
    ) -> bool:
        """Whether melds found at once beside a play open and leave a card to discard (T8).

        The witness melds come from the pool without the play's rank (a
        group) or suit (a run), with the wild jokers the play leaves (none if
        they are tamed), so one witness serves every play of that rank or
        suit from the same pool: the many takes and melds of one position ask
        it once.  The play leaves ``jokers_left`` jokers, ``left`` cards in
        all and ``kept`` copies of the card taken alone (T11).
        """
        beside = _beside(used)
        if beside < 0:
            return False
        facts = self.facts
        jokers = _witness_jokers(facts, jokers_left, self.tame)
        if self.pool_key is None:
            self.pool_key = bytes(self.pool)
        key = (self.pool_key, beside, jokers)
        memo = facts.witnesses
        if key in memo:
            witness = memo[key]
        else:
            counts = list(self.pool)
            if beside < 13:
                excluded = range(beside, JOKER_CODE, 13)
            else:
                excluded = range((beside - 13) * 13, (beside - 12) * 13)
            for code in excluded:
                counts[code] = 0
            counts[JOKER_CODE] = jokers
            witness = natural_melds(facts, counts, 0, jokers)
            store(memo, key, witness, MEMO_LIMIT)
        if witness is None or witness[1] < need:
            return False
        melds = witness[0]
        left -= sum(map(len, melds))
        if left < 2:
            return False  # going out, or a last card under E3: left to the search
        if self.forbidden is None:
            return True
        # a card other than the one taken alone (T11) stays to be discarded
        forbidden = self.forbidden
        melded = sum(SPEC_PHYSICAL[code] == forbidden for codes in melds for code in codes)
        return left > kept - melded


#: The fewest cards of a pool whose plays' questions are first put to the melds that
#: opened lately and to the pool's prices (a smaller pool's are cheaper searched).
_LARGE_POOL = 20

#: How many plays of a pool the search finds short of the opening minimum before
#: the pool is priced by the packing relaxation.
_SHORTS_BEFORE_PRICES = 8


@functools.lru_cache(maxsize=MEMO_LIMIT)
def _beside(used: tuple[int, ...]) -> int:
    """What a quick witness leaves out beside a play of the cards ``used``.

    The rank (0 to 12) of a play whose natural cards share one (a group),
    else 13 plus the suit of its first natural card (a run); -1 for a play
    of jokers alone (no witness).
    """
    naturals = [code for code in used if code != JOKER_CODE]
    if not naturals:
        return -1
    first = naturals[0]
    if all(code % 13 == first % 13 for code in naturals):
        return first % 13
    return 13 + first // 13


def _undoubled(need: int, doubling: bool) -> int:
    """The points new melds must score to bring ``need``, each doubled if ``doubling`` (V7)."""
    return -(-need // 2) if doubling else need


def _witness_jokers(facts: Profile, jokers: int, tame: bool) -> int:
    """How many of ``jokers`` a quick witness may spend: none unless they are wild."""
    return jokers if facts.wild and not tame else 0


def _high(cards: Sequence[int]) -> bool:
    """Whether the natural cards of a play lie mostly above the sevens.

    The opening search then decides hands from the kings down, so that the
    pool's many plays of high cards share the answers below them.
    """
    ranks = [code % 13 for code in cards if code != JOKER_CODE]
    return bool(ranks) and min(ranks) + max(ranks) > 12


def cannot_open_from(state: GameState, player: int, pool: Sequence[int]) -> bool:
    """Whether melds from ``pool`` could not open ``player`` this turn (T8).

    False when there is no opening minimum or the player has opened.  Then
    every meld from the pool is a dead end (N1), and no lay-off is allowed:
    the move generator skips the pool's plays at once.  True when not even
    every card melded would open; for pools as large as a hand that has
    overrun the budget of the exact maximum in this position, also when no
    disjoint new melds reach the minimum (:func:`reaching_melds`).
    """
    rules = state.rules
    if not rules.opening_minimum or player in state.opened:
        return False
    melded = state.turn_points if player == state.to_move else 0
    need = rules.opening_minimum - melded
    effect = state.joker_effect
    if _most_value(rules, pool, 0, effect is JokerEffect.DOUBLE) < need:
        return True
    facts = profile(rules)
    if sum(pool) < facts.best_points_cutoff:
        return False  # the plays' exact maxima answer each play
    # A pool as large as a hand whose exact maximum overran its budget: unless
    # melds found at once bring the minimum, one exact question for the pool
    # rather than one for each of its plays.
    playable = list(pool)
    if jokers_tamed(effect):
        playable[JOKER_CODE] = 0
    target = _undoubled(need, effect is JokerEffect.DOUBLE)
    jokers = _witness_jokers(facts, playable[JOKER_CODE], False)
    witness = natural_melds(facts, playable, target, jokers)
    return witness is None and reaching_melds(rules, facts, playable, target) is None


def blocker(rules: Rules, forbidden: bool, need: int) -> str:
    """What could keep a player from ending the turn, for an N1 error message."""
    reasons = []
    if forbidden:
        reasons.append("the card taken alone may not be discarded (T11)")
    if need:
        reasons.append(f"the melds would stay {need} points short of opening (T8)")
    if rules.going_out is GoingOut.DISCARD_REQUIRED:
        reasons.append("a card must be kept to discard (E2)")
    if rules.final_discard_must_be_unplayable:
        reasons.append("the last card may not be discarded if it could be laid off (E3)")
    return "; ".join(reasons) or "no legal way to end the turn"


def mover_may_be_stranded(state: GameState) -> bool:
    """Whether a change of the table could leave the player to move unable to end the turn.

    Only a player in the play phase who holds just the card taken alone (T11),
    who must still reach the opening minimum (T8), or whose last card could
    become playable (E3) depends on the table to end the turn.
    """
    if state.phase is not Phase.PLAY:
        return False
    mover = state.to_move
    hand = state.hands[mover]
    if opening_need(state, mover, 0):
        return True
    if state.rules.final_discard_must_be_unplayable and len(hand) <= 1:
        return True
    taken = state.taken
    return len(taken) == 1 and all(card.code == taken[0].code for card in hand)


def mover_stranded(state: GameState) -> bool:
    """Whether the player to move (in the play phase) can no longer end the turn (N1)."""
    if not mover_may_be_stranded(state):
        return False
    mover = state.to_move
    forbidden = state.taken[0].code if len(state.taken) == 1 else None
    return not can_finish(
        state.rules,
        count_vector(state.hands[mover]),
        forbidden,
        state.melds,
        opening_need(state, mover, 0),
        may_lay_off(state, mover),
        effect=state.joker_effect,
        reserve=dealer_reserve(state, mover),
    )


def hand_can_finish(state: GameState, player: int, forbidden: int | None) -> bool:
    """Whether ``player``, to move with their current hand, could end the turn (N1).

    Used after a take without a play (T2, the card taken alone may not be
    discarded) and before a pass under ``play_on`` (T6).
    """
    return can_finish_with(state, player, count_vector(state.hands[player]), forbidden)


def can_finish_with(
    state: GameState, player: int, counts: Sequence[int], forbidden: int | None
) -> bool:
    """Whether ``player``, to move holding ``counts``, could end the turn (N1)."""
    return can_finish(
        state.rules,
        counts,
        forbidden,
        state.melds,
        0,
        may_lay_off(state, player),
        effect=state.joker_effect,
        reserve=dealer_reserve(state, player),
    )


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
    downward: bool = False,
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
        downward: Let the exact maxima of the search decide the cards from
            the kings down (faster for the hands left by plays of high cards;
            the answer is the same).
    """
    search = _Search.of(rules, forbidden, effect, downward)
    return search.answer(list(counts), reserve, melds, need, may_layoff)


def _most_value(rules: Rules, counts: Sequence[int], reserve: int, doubling: bool) -> int:
    """An upper bound of the points new melds from ``counts`` (and the reserve) can score.

    Every card melded once at its highest value, with what groups of four may
    add (:func:`upper_bound`); doubled if jokers may double a meld (V7).
    """
    facts = profile(rules)
    if reserve:
        counts = list(counts)
        counts[JOKER_CODE] += reserve
    total = upper_bound(facts, counts)
    return total * 2 if doubling else total


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


# What a search answers depends on the hand, the reserve, the points still
# needed, whether lay-offs are allowed, the rule set and the search's flags;
# on the table only when a hand may hold no card to discard (T11, E3).
_FinishKey = tuple[object, ...]


@attrs.define
class _Search:
    """The depth-first search of :func:`can_finish`.

    Its answers are kept in the rule set's profile, so the many checks of one
    position (every take and play, every caller) share them.

    Attributes:
        forbidden: The card code that may not be discarded (T11), if any.
        tame: Jokers are not wild: no meld or lay-off holds one.
        doubling: A new meld may be doubled by laying a joker over it.
        table_matters: Whether the answers depend on the table melds.
        downward: The order of the exact maxima (see :func:`best_points`).
        found: After an answer of yes to a need of points, the new melds
            (meld-card codes) of the way found to reach it, if known.
    """

    rules: Rules
    facts: Profile
    forbidden: int | None
    tame: bool
    doubling: bool
    table_matters: bool
    seen: dict[_FinishKey, bool]
    downward: bool = False
    found: tuple[tuple[int, ...], ...] | None = None

    @classmethod
    def of(
        cls, rules: Rules, forbidden: int | None, effect: JokerEffect | None, downward: bool
    ) -> _Search:
        """The search of :func:`can_finish` with these arguments."""
        facts = profile(rules)
        return cls(
            rules,
            facts,
            forbidden,
            tame=jokers_tamed(effect),
            doubling=effect is JokerEffect.DOUBLE,
            table_matters=forbidden is not None or rules.final_discard_must_be_unplayable,
            seen=facts.finishes,
            downward=downward,
        )

    def answer(
        self,
        rest: list[int],
        reserve: int,
        melds: tuple[TableMeld, ...],
        need: int,
        may_layoff: bool,
    ) -> bool:
        """What :func:`can_finish` answers."""
        self.found = None
        if need and _most_value(self.rules, rest, reserve, self.doubling) < need:
            return False  # not even every card melded would open
        return self.finishes(rest, reserve, melds, need, may_layoff)

    def known(self, counts: list[int], reserve: int, need: int, may_layoff: bool) -> bool | None:
        """The remembered answer for a hand, if any, when the table does not matter."""
        if self.table_matters:
            return None
        return self.seen.get(self._key(counts, reserve, (), need, may_layoff))

    def remember(
        self, counts: list[int], reserve: int, need: int, may_layoff: bool, finishes: bool
    ) -> None:
        """Remember an answer found outside the search, when the table does not matter.

        So that the next question about the hand is answered by :meth:`known`
        whatever was kept in the meantime.
        """
        if not self.table_matters:
            store(
                self.seen,
                self._key(counts, reserve, (), need, may_layoff),
                finishes,
                FINISHES_LIMIT,
            )

    def _key(
        self,
        counts: list[int],
        reserve: int,
        table: tuple[object, ...],
        need: int,
        may_layoff: bool,
    ) -> _FinishKey:
        return (
            self.forbidden,
            self.tame,
            self.doubling,
            bytes(counts),
            reserve,
            need,
            may_layoff,
            table,
        )

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
        table: tuple[object, ...] = ()
        if self.table_matters:
            table = tuple(sorted((meld.meld.codes, meld.doubled) for meld in melds))
        key = self._key(counts, reserve, table, need, may_layoff)
        seen = self.seen
        found = seen.get(key)
        if found is None:
            # every play spends a card, so the search never meets its own key again
            found = self._search(counts, reserve, melds, need, may_layoff)
            store(seen, key, found, FINISHES_LIMIT)
        return found

    def _search(
        self,
        counts: list[int],
        reserve: int,
        melds: tuple[TableMeld, ...],
        need: int,
        may_layoff: bool,
    ) -> bool:
        rules, facts = self.rules, self.facts
        jokers = counts[JOKER_CODE] + reserve  # the jokers the player may play
        playable = list(counts)
        playable[JOKER_CODE] = 0 if self.tame else jokers
        factor = 2 if self.doubling else 1
        if need and upper_bound(facts, playable) * factor < need:
            return False  # not even every card melded would open
        if need and self._opens_at_once(counts, reserve, melds, need):
            return True
        candidates = None
        if need:
            # a hand as large as one whose exact maximum overran its budget is
            # left to reaching_melds: listing its melds for the bound read off
            # them costs more than that search (they are listed only if they
            # must be tried one by one)
            if sum(playable) < facts.best_points_cutoff:
                candidates = melds_from_counts(playable, rules)
                if most_points(facts.most_points, playable, candidates) * factor < need:
                    return False
            downward = self.downward
            best = best_points(rules, facts, playable, points_budget(facts), downward=downward)
            if best is not None:
                if best * factor < need:
                    return False
                # the melds of the maximum, when they open, are a way to open
                found = best_melds(facts, playable, downward=downward) if best >= need else None
            else:  # a hand too large for the exact maximum: is the minimum within reach?
                reached = reaching_melds(rules, facts, playable, _undoubled(need, self.doubling))
                if reached is None:
                    return False
                found = reached[0] if reached[1] >= need else None
            if found is not None and self._ends_with(counts, reserve, melds, found):
                self.found = found
                return True
        if candidates is None:
            candidates = melds_from_counts(playable, rules)
        if need:  # the richest melds first: a way to open, if any, is found soonest
            candidates.sort(key=lambda meld: -facts.new_meld(meld[1]).points)
        for kind, codes in candidates:
            meld = Meld(kind, codes)
            cards = [SPEC_PHYSICAL[code] for code in codes]
            points = facts.new_meld(codes).points
            ways = [(False, cards)]
            if self.doubling and jokers:
                ways.append((True, [*cards, JOKER_CODE]))
            for doubled, used in ways:
                rest, left_reserve = _spend(counts, reserve, used)
                left = max(0, need - points * (2 if doubled else 1))
                after = (*melds, TableMeld(meld, (), 1, doubled))
                if self.finishes(rest, left_reserve, after, left, may_layoff or left == 0):
                    if need:
                        self.found = (codes, *(self.found or ()))
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
                        return True
        return False

    def _opens_at_once(
        self, counts: list[int], reserve: int, melds: tuple[TableMeld, ...], need: int
    ) -> bool:
        """Whether melds found at once (natural cards, wild jokers in groups) open and end the turn.

        Most hands that can open have such a witness; the search is left for
        the rest (and for every hand that cannot).
        """
        jokers = _witness_jokers(self.facts, counts[JOKER_CODE], self.tame)
        witness = natural_melds(self.facts, counts, need, jokers)
        if witness is None or not self._ends_with(counts, reserve, melds, witness[0]):
            return False
        self.found = witness[0]
        return True

    def _ends_with(
        self,
        counts: list[int],
        reserve: int,
        melds: tuple[TableMeld, ...],
        found: tuple[tuple[int, ...], ...],
    ) -> bool:
        """Whether, once the disjoint new melds ``found`` are laid (opening), the turn can end."""
        rest = counts
        for codes in found:
            rest, reserve = _spend(rest, reserve, [SPEC_PHYSICAL[code] for code in codes])
        if sum(rest) >= 2 and _settled(self.rules, rest, self.forbidden, melds, 0, self.tame):
            return True  # a card to discard (the table only matters for a last card, E3)
        after = melds + tuple(TableMeld(self.facts.new_meld(codes).meld, ()) for codes in found)
        return self.finishes(rest, reserve, after, 0, True)


def _spend(counts: list[int], reserve: int, used: list[int]) -> tuple[list[int], int]:
    """The hand and reserve after playing ``used``: the dealer's joker goes first (V7)."""
    if reserve and JOKER_CODE in used:
        used = list(used)
        used.remove(JOKER_CODE)
        return minus(counts, used), reserve - 1
    return minus(counts, used), reserve

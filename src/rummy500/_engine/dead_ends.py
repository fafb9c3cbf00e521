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

import operator
from collections.abc import Sequence

import attrs

from rummy500._engine.gambit import dealer_reserve
from rummy500._engine.going_out import can_empty_hand, empty_hand_problem
from rummy500._engine.hands import minus
from rummy500._engine.illegal import illegal
from rummy500._engine.opening import may_lay_off, not_opened, opening_need
from rummy500._engine.plays import physical, playable_on_table, table_after
from rummy500._engine.profile import MEMO_LIMIT, Profile, profile
from rummy500.cards import JOKER_CODE
from rummy500.errors import IllegalMoveError, Reason
from rummy500.meldcards import SPEC_PHYSICAL
from rummy500.meldgen import (
    Pool,
    count_vector,
    layoffs_from_counts,
    melds_from_counts,
    melds_from_pool,
)
from rummy500.melds import Meld, MeldKind
from rummy500.moves import LayoffMove, Play
from rummy500.rules import GoingOut, Rules
from rummy500.state import GameState, JokerEffect, Phase, TableMeld, jokers_tamed

__all__ = [
    "blocker",
    "can_finish",
    "can_finish_with",
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
    rules = state.rules
    if isinstance(play, LayoffMove) and not may_lay_off(state, player):
        return not_opened(state, player)
    used = physical(play)
    need = opening_need(state, player, points)
    left = sum(pool) - len(used) - reserve
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
    discardable = forbidden is None or left > pool[forbidden] - used.count(forbidden) - (
        reserve if forbidden == JOKER_CODE else 0
    )
    if need == 0 and discardable and (not rules.final_discard_must_be_unplayable or left > 1):
        return None
    rest = minus(pool, used)
    rest[JOKER_CODE] -= reserve
    # the table after the play is built only when not even every card left
    # melded would fall short of opening
    if not need or _most_value(rules, rest, reserve, state.joker_effect) >= need:
        if melds_after is None:
            melds_after = table_after(rules, state.melds, play)
        may_layoff = may_lay_off(state, player) or (need == 0 and points > 0)
        if can_finish(
            rules,
            rest,
            forbidden,
            melds_after,
            need,
            may_layoff,
            effect=state.joker_effect,
            reserve=reserve,
        ):
            return None
    return illegal(
        Reason.DEAD_END,
        f"after this play p{player} could not end the turn: "
        + blocker(rules, forbidden is not None, need),
        "N1",
    )


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
    not_wild = jokers_tamed(effect)
    rest = list(counts)
    if need and _most_value(rules, rest, reserve, effect) < need:
        return False  # not even every card melded would open
    settled = _settled(rules, rest, forbidden, melds, need, not_wild)
    if settled is not None:
        return settled  # the common case: no search
    facts = profile(rules)
    search = _Search(
        rules,
        facts,
        forbidden,
        tame=not_wild,
        doubling=effect is JokerEffect.DOUBLE,
        table_matters=forbidden is not None or rules.final_discard_must_be_unplayable,
        seen=facts.finishes,
    )
    return search.search(rest, reserve, melds, need, may_layoff)


def _most_value(
    rules: Rules, counts: Sequence[int], reserve: int, effect: JokerEffect | None
) -> int:
    """An upper bound of the points new melds from ``counts`` (and the reserve) can score.

    Every card melded once at its highest value; doubled if jokers may double
    a meld (V7).
    """
    most = profile(rules).most_points
    total = _values(most, counts) + reserve * most[JOKER_CODE]
    return total * 2 if effect is JokerEffect.DOUBLE else total


def _values(most: Sequence[int], counts: Sequence[int]) -> int:
    """The points of every card of ``counts``, each at its highest value (``most``)."""
    total: int = sum(map(operator.mul, counts, most))
    return total


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
    """

    rules: Rules
    facts: Profile
    forbidden: int | None
    tame: bool
    doubling: bool
    table_matters: bool
    seen: dict[_FinishKey, bool]

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
        key: _FinishKey = (
            self.forbidden,
            self.tame,
            self.doubling,
            tuple(counts),
            reserve,
            need,
            may_layoff,
            table,
        )
        seen = self.seen
        found = seen.get(key)
        if found is None:
            # every play spends a card, so the search never meets its own key again
            found = self._search(counts, reserve, melds, need, may_layoff)
            if len(seen) >= MEMO_LIMIT:
                seen.clear()
            seen[key] = found
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
        most = facts.most_points
        if need and _values(most, playable) * factor < need:
            return False  # not even every card melded would open
        candidates = melds_from_counts(playable, rules)
        if need:
            if _most_points(facts.most_points, playable, candidates) * factor < need:
                return False
            best = best_points(rules, facts, playable, BEST_POINTS_BUDGET)
            if best is not None and best * factor < need:
                return False
            # the richest melds first: a way to open, if any, is found soonest
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


def _spend(counts: list[int], reserve: int, used: list[int]) -> tuple[list[int], int]:
    """The hand and reserve after playing ``used``: the dealer's joker goes first (V7)."""
    if reserve and JOKER_CODE in used:
        used = list(used)
        used.remove(JOKER_CODE)
        return minus(counts, used), reserve - 1
    return minus(counts, used), reserve


#: The natural card codes in rank-major order (the aces, the twos, ... the kings).
_RANK_MAJOR = tuple(sorted(range(JOKER_CODE), key=lambda code: (code % 13, code // 13)))


def best_points(
    rules: Rules, facts: Profile, counts: Sequence[int], budget: int | None = None
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
    without this bound).
    """
    if budget is None:
        return _best_points(rules, facts, counts, None)
    size = sum(counts)
    if size >= facts.best_points_cutoff:
        return None
    try:
        return _best_points(rules, facts, counts, [budget])
    except _OverBudget:
        facts.best_points_cutoff = size
        return None


class _OverBudget(Exception):
    """The budget of :func:`best_points` is spent."""


def _best_points(
    rules: Rules, facts: Profile, counts: Sequence[int], budget: list[int] | None
) -> int:
    memo = facts.best_points
    key = bytes(counts)
    found = memo.get(key)
    if found is not None:
        return found
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _OverBudget
    lowest = next((code for code in _RANK_MAJOR if counts[code]), None)
    best = 0
    if lowest is None:  # jokers only: a meld of jokers, where the rules have them
        candidates = tuple(
            (codes, facts.new_meld(codes).points) for _, codes in melds_from_counts(counts, rules)
        )
    else:
        rest = list(counts)
        rest[lowest] -= 1  # the card kept out of every meld
        best = _best_points(rules, facts, rest, budget)
        candidates = _melds_through(rules, facts, counts, lowest)
    for codes, points in candidates:
        rest = minus(counts, [SPEC_PHYSICAL[code] for code in codes])
        best = max(best, points + _best_points(rules, facts, rest, budget))
    if len(memo) >= BEST_POINTS_LIMIT:
        memo.clear()
    memo[key] = best
    return best


#: The hands :func:`best_points` may answer for one question in the dead-end search.
BEST_POINTS_BUDGET = 4096

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
        pool = Pool(
            [other * 13 + rank_index for other in range(4) if rank_bits >> other & 1]
            + [base + index for index in range(13) if suit_bits >> index & 1]
        )
        pool.jokers = counts[JOKER_CODE]
        found = tuple(
            (codes, facts.new_meld(codes).points) for _, codes in melds_from_pool(pool, rules, code)
        )
        if len(facts.melds_through) >= MEMO_LIMIT:
            facts.melds_through.clear()
        facts.melds_through[key] = found
    return found


def _most_points(
    most: Sequence[int], counts: Sequence[int], melds: list[tuple[MeldKind, tuple[int, ...]]]
) -> int:
    """An upper bound of the points disjoint new melds from ``counts`` can score.

    Each card some meld without a joker holds counts once at its highest value.
    The other cards only meld beside a joker, and each joker goes into one
    meld: per joker, they add at most what such cards add to one meld; and
    all of them together add at most their own values.
    """
    natural: set[int] = set()
    meldable: set[int] = set()
    with_joker = []
    for _, codes in melds:
        if max(codes) >= JOKER_CODE:
            with_joker.append(codes)
            meldable.update(SPEC_PHYSICAL[code] for code in codes)
        else:
            natural.update(codes)
    bound = sum(counts[code] * most[code] for code in natural)
    extra = 0
    for codes in with_joker:
        added = 0
        for code in codes:
            physical = SPEC_PHYSICAL[code]
            if physical not in natural:
                added += most[physical]
        extra = max(extra, added)
    # nor more than every card that some meld holds, each copy once
    every = bound + sum(counts[code] * most[code] for code in meldable - natural)
    return min(bound + counts[JOKER_CODE] * extra, every)

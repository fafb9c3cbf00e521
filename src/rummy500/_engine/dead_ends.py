"""No dead ends (N1): a move after which its player could not end the turn is illegal.

A turn ends with a discard (T10), or, when the rules allow it, by melding or
laying off the last card (going out under E1, floating under E2).  What may
keep it from ending is one record, the turn's
:class:`~rummy500._engine.limits.TurnLimits` (the cards that may not be
discarded, T11; the opening minimum still to reach, T8; what jokers may do
this hand), with two knobs of the rule set: a card must be kept to discard
(``discard_required``, E2); the last card may not be discarded if it could be
laid off (E3).  :func:`can_finish` searches the plays that could remove the
obstacle; :func:`play_problem` and :class:`PoolCheck` ask it about a play,
:func:`mover_stranded` about the player to move after a change of the table.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.boundary import LAYOFF_MOVE, PLAY, meld_of, table_meld_of
from rummy500._engine.codes.memo import store
from rummy500._engine.codes.seats import hand_of
from rummy500._engine.codes.specs import SPEC_PHYSICAL
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.going_out import can_empty_hand, empty_hand_problem
from rummy500._engine.hands import minus
from rummy500._engine.illegal import illegal
from rummy500._engine.limits import (
    FORBIDDEN_REASON,
    TurnLimits,
    codes_in,
    forbidden_discards,
    holds_only_forbidden,
    spend,
    turn_limits,
)
from rummy500._engine.meldgen import code_counts, layoffs_from_counts, melds_from_counts
from rummy500._engine.opening import Laid, OpeningSearch, not_opened, opening_need, opening_search
from rummy500._engine.plays import physical, play_facts, playable_on_table, table_after
from rummy500._engine.profile import FINISHES_LIMIT, Profile
from rummy500.cards import JOKER_CODE
from rummy500.errors import IllegalMoveError, Reason
from rummy500.moves import Play
from rummy500.statevalues import TableMeld

__all__ = [
    "PoolCheck",
    "blocker",
    "can_finish",
    "can_finish_with",
    "mover_may_be_stranded",
    "mover_stranded",
    "play_problem",
]


def play_problem(
    knobs: Profile,
    state: StateCore,
    limits: TurnLimits,
    play: Play,
    pool: list[int],
    points: int,
    melds_after: tuple[TableMeld, ...] | None = None,
    reserve: int = 0,
) -> IllegalMoveError | None:
    """Why the player to move may not make ``play`` in their turn (E2, T8, N1), if so.

    Args:
        knobs: The rule set's compact form.
        state: The state before the play (after any take it belongs to).
        limits: What limits the player's turn (the seat playing is the seat to move).
        play: The meld or lay-off, already checked as valid.
        pool: The cards the player may play before the play (the hand with any
            cards taken, and the reserve joker if ``reserve``).
        points: The value of the new meld (0 for a lay-off).
        melds_after: The table melds after the play, if known.
        reserve: 1 if ``pool`` holds the reserve joker and the play leaves it
            unused, else 0.
    """
    check = PoolCheck(knobs, state, state.to_move, limits, pool)
    return check.problem(play, tuple(physical(play)), points, reserve, melds_after)


class PoolCheck:
    """Why plays from one pool would leave the player to move unable to end the turn.

    The checks of :func:`play_problem` for the many plays of one pool (a
    hand, or a hand with the pile cards taken): what depends only on the
    pool is worked out once.
    """

    __slots__ = ("knobs", "limits", "player", "pool", "search", "size", "state")

    def __init__(
        self, knobs: Profile, state: StateCore, player: int, limits: TurnLimits, pool: list[int]
    ) -> None:
        """Prepare the checks of plays by ``player`` from ``pool`` (see :func:`play_problem`)."""
        self.knobs = knobs
        self.state = state
        self.player = player
        self.limits = limits
        self.pool = pool
        self.size = -1  # the number of cards in the pool, counted when first needed
        self.search: _Search | None = None  # the search of the turn's end, once asked

    def allows(
        self, play: Play, reserve: int, required: int | None = None, *, spends: bool = True
    ) -> bool:
        """Whether the generated ``play`` leaves the turn able to end (no :meth:`problem`).

        ``reserve`` is 1 if the pool holds the reserve joker, else 0.  With
        ``spends`` a play holding a joker spends the reserve first, unless that
        joker is the pile card ``required`` (:func:`~rummy500._engine.limits.spend`);
        a "Rummy!" call spends none, its play using pile cards alone.
        """
        used, points = play_facts(self.knobs, play)
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
            reserve: 1 if the pool holds the reserve joker and the play leaves
                it unused, else 0.
            melds_after: The table melds after the play, if known.
        """
        knobs, limits, player, pool = self.knobs, self.limits, self.player, self.pool
        if not limits.may_lay_off and isinstance(play, LAYOFF_MOVE):
            return not_opened(knobs, player)
        need = limits.need(points)
        if self.size < 0:
            self.size = sum(pool)
        left = self.size - len(used) - reserve
        if left == 0:
            problem = empty_hand_problem(knobs, player)
            if problem is not None:
                return problem
            if need:
                return illegal(
                    Reason.DEAD_END,
                    f"p{player} would end the turn with melds {need} points short of the "
                    f"opening minimum {knobs.opening_minimum}",
                    "T8",
                )
            return None
        # the cards left that may not be discarded (T11)
        kept = 0
        if limits.forbidden:
            for code in codes_in(limits.forbidden):
                kept += pool[code] - used.count(code)
                if code == JOKER_CODE:
                    kept -= reserve
        if need == 0 and left > kept and (not knobs.final_discard_must_be_unplayable or left > 1):
            return None
        rest = minus(pool, used)
        rest[JOKER_CODE] = rest[JOKER_CODE] - reserve
        may_layoff = limits.may_lay_off or (need == 0 and points > 0)
        search = self.search
        if search is None:
            search = self.search = _Search(knobs, limits)
        melds = self.state.melds
        if need and melds_after is None and not search.table_matters:
            # the table after the play matters only once melds open: built then, if at all
            finishes = search.opens_after(rest, reserve, need, melds, play)
        else:
            known = search.known(rest, reserve, need, may_layoff)
            if known is None:
                if melds_after is None:
                    melds_after = table_after(knobs, melds, play)
                known = search.answer(rest, reserve, melds_after, need, may_layoff)
            finishes = known
        if finishes:
            return None
        return illegal(
            Reason.DEAD_END,
            f"after this play p{player} could not end the turn: " + blocker(knobs, limits, need),
            "N1",
        )


def blocker(knobs: Profile, limits: TurnLimits, need: int) -> str:
    """What could keep a player from ending the turn, for an N1 error message."""
    reasons = []
    if limits.forbidden:
        reasons.append(FORBIDDEN_REASON)
    if need:
        reasons.append(f"the melds would stay {need} points short of opening (T8)")
    if knobs.going_out == "discard_required":
        reasons.append("a card must be kept to discard (E2)")
    if knobs.final_discard_must_be_unplayable:
        reasons.append("the last card may not be discarded if it could be laid off (E3)")
    return "; ".join(reasons) or "no legal way to end the turn"


def mover_may_be_stranded(knobs: Profile, state: StateCore) -> bool:
    """Whether a change of the table could leave the player to move unable to end the turn.

    Only a player in the play phase who holds just cards that may not be
    discarded (T11), who must still reach the opening minimum (T8), or whose
    last card could become playable (E3) depends on the table to end the turn.
    """
    if state.phase is not PLAY:
        return False
    mover = state.to_move
    hand = hand_of(state._seat_codes, mover)
    if opening_need(knobs, state, mover, 0):
        return True
    if knobs.final_discard_must_be_unplayable and len(hand) <= 1:
        return True
    return holds_only_forbidden(hand, forbidden_discards(knobs, state.taken_codes))


def mover_stranded(knobs: Profile, state: StateCore) -> bool:
    """Whether the player to move (in the play phase) can no longer end the turn (N1)."""
    if not mover_may_be_stranded(knobs, state):
        return False
    mover = state.to_move
    limits = turn_limits(knobs, state, mover, state.taken_codes)
    counts = code_counts(hand_of(state._seat_codes, mover))
    return not can_finish(knobs, limits, counts, state.melds, limits.need(0), limits.may_lay_off)


def can_finish_with(
    knobs: Profile, state: StateCore, limits: TurnLimits, counts: Sequence[int]
) -> bool:
    """Whether the player to move, holding ``counts`` and nothing melded yet, could end the turn.

    Used after a take without a play (T2: the card taken alone may not be
    discarded) and before a pass under ``play_on`` (T6).
    """
    return can_finish(knobs, limits, counts, state.melds, 0, limits.may_lay_off)


def can_finish(
    knobs: Profile,
    limits: TurnLimits,
    counts: Sequence[int],
    melds: tuple[TableMeld, ...],
    need: int = 0,
    may_layoff: bool = True,
) -> bool:
    """Whether a player holding ``counts`` can still end the turn legally (N1).

    Args:
        knobs: The rule set's compact form.
        limits: What limits the turn (the cards that may not be discarded, the
            reserve joker, what jokers may do).
        counts: The count of each card code the player holds.
        melds: The table melds.
        need: Points the player must still meld to open (T8); 0 if none.
        may_layoff: Whether the player may lay off (T8: only once opened).
    """
    search = _Search(knobs, limits)
    return search.answer(list(counts), limits.reserve, melds, need, may_layoff)


def _settled(
    knobs: Profile,
    counts: Sequence[int],
    forbidden: int,
    melds: tuple[TableMeld, ...],
    need: int,
    tame: bool,
) -> bool | None:
    """Whether the hand ``counts`` ends the turn without a play; ``None`` if a search must tell.

    An empty hand ends it if the rules allow (E2, T8); otherwise a card that
    may be discarded (T11, E3) does.
    """
    total = sum(counts)
    if total == 0:
        return can_empty_hand(knobs, need)
    if need:
        return None
    for code, count in enumerate(counts):
        if not count or forbidden >> code & 1:
            continue
        if (
            total == 1
            and knobs.final_discard_must_be_unplayable
            and playable_on_table(knobs, melds, code, not tame)
        ):
            continue
        return True
    return None


# What a search answers depends on the hand, the reserve, the points still
# needed, whether lay-offs are allowed, the rule set and the search's flags;
# on the table only when a hand may hold no card to discard (T11, E3).
_FinishKey = tuple[object, ...]


class _Search:
    """The depth-first search of :func:`can_finish`, for one turn's limits.

    Its answers are kept in the rule set's profile, so the many checks of one
    position (every take and play, every caller) share them.  A player who
    must still open (T8) is asked about through the opening wing's search,
    which hands the ways to open back to :meth:`ends_with`.

    Attributes:
        forbidden: The cards that may not be discarded (T11), a mask of codes.
        tame: Jokers are not wild: no meld or lay-off holds one.
        doubling: A new meld may be doubled by laying a joker over it.
        table_matters: Whether the answers depend on the table melds.
    """

    __slots__ = ("doubling", "forbidden", "knobs", "opening", "seen", "table_matters", "tame")

    def __init__(self, knobs: Profile, limits: TurnLimits) -> None:
        self.knobs = knobs
        self.forbidden = limits.forbidden
        self.tame = limits.jokers_tame
        self.doubling = limits.jokers_double
        self.table_matters = bool(self.forbidden) or knobs.final_discard_must_be_unplayable
        self.seen: dict[_FinishKey, bool] = knobs.finishes
        self.opening: OpeningSearch | None = None  # the opening wing's search, once asked

    def answer(
        self,
        rest: list[int],
        reserve: int,
        melds: tuple[TableMeld, ...],
        need: int,
        may_layoff: bool,
    ) -> bool:
        """What :func:`can_finish` answers."""
        return self.finishes(rest, reserve, melds, need, may_layoff)

    def known(self, counts: list[int], reserve: int, need: int, may_layoff: bool) -> bool | None:
        """The remembered answer for a hand, if any, when the table does not matter."""
        if self.table_matters:
            return None
        return self.seen.get(self._key(counts, reserve, (), need, may_layoff))

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
        """Whether the hand ``rest`` (and the reserve) can end the turn on the table ``melds``."""
        settled = _settled(self.knobs, rest, self.forbidden, melds, need, self.tame)
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
        """:meth:`finishes` for a hand that needs a play, its answer remembered."""
        table: tuple[object, ...] = ()
        if self.table_matters:
            table = tuple(sorted((meld.meld.codes, meld.doubled) for meld in melds))
        key = self._key(counts, reserve, table, need, may_layoff)
        seen = self.seen
        found = seen.get(key)
        if found is None:
            # every play spends a card, so the search never meets its own key again
            if need:
                found = self._opens(counts, reserve, _AfterOpening(self, melds), need)
            else:
                found = self._search(counts, reserve, melds, may_layoff)
            store(seen, key, found, FINISHES_LIMIT)
        return found

    def opens_after(
        self,
        counts: list[int],
        reserve: int,
        need: int,
        melds: tuple[TableMeld, ...],
        play: Play,
    ) -> bool:
        """:meth:`search` for a player who must still open, after ``play`` on the table ``melds``.

        Only when the table does not matter to the answer's key: the table
        after the play is built only if a way to open needs it to end the turn.
        """
        key = self._key(counts, reserve, (), need, False)
        found = self.seen.get(key)
        if found is None:
            found = self._opens(counts, reserve, _AfterOpening(self, melds, play), need)
            store(self.seen, key, found, FINISHES_LIMIT)
        return found

    def _opens(self, counts: list[int], reserve: int, end: _AfterOpening, need: int) -> bool:
        """Whether new melds can still bring ``need`` points and the turn then end (T8)."""
        opening = self.opening
        if opening is None:
            opening = self.opening = opening_search(self.knobs, self.tame, self.doubling)
        return opening.opens(counts, reserve, need, end)

    def _search(
        self,
        counts: list[int],
        reserve: int,
        melds: tuple[TableMeld, ...],
        may_layoff: bool,
    ) -> bool:
        """Whether some meld or lay-off leads to a hand that ends the turn (no points needed)."""
        knobs = self.knobs
        wild, ace = knobs.jokers_wild, knobs.ace
        jokers = counts[JOKER_CODE] + reserve  # the jokers the player may play
        playable = list(counts)
        playable[JOKER_CODE] = 0 if self.tame else jokers
        for kind, codes in melds_from_counts(playable, wild, ace, knobs.min_run_length):
            meld = meld_of(kind, codes)
            cards = [SPEC_PHYSICAL[code] for code in codes]
            ways = [(False, cards)]
            if self.doubling and jokers:
                ways.append((True, [*cards, JOKER_CODE]))
            for doubled, used in ways:
                rest, left_reserve = _spend(counts, reserve, used)
                after = (*melds, table_meld_of(meld, (), 1, doubled))
                if self.finishes(rest, left_reserve, after, 0, True):
                    return True
        if may_layoff:
            for index, table_meld in enumerate(melds):
                if table_meld.doubled:
                    continue
                for laid, result in layoffs_from_counts(table_meld.meld, playable, wild, ace):
                    rest, left_reserve = _spend(
                        counts, reserve, [SPEC_PHYSICAL[code] for code in laid]
                    )
                    after = (
                        melds[:index] + (table_meld_of(result, (), 1, False),) + melds[index + 1 :]
                    )
                    if self.finishes(rest, left_reserve, after, 0, True):
                        return True
        return False


class _AfterOpening:
    """The end of the turn once the opening wing's melds are down (its :class:`TurnEnd`).

    The table is the table ``melds``, after ``play`` if one is given (built
    on first use).
    """

    __slots__ = ("_melds", "play", "search")

    def __init__(
        self, search: _Search, melds: tuple[TableMeld, ...], play: Play | None = None
    ) -> None:
        self.search = search
        self._melds = melds
        self.play = play

    def melds(self) -> tuple[TableMeld, ...]:
        """The table melds (after the play, if any)."""
        if self.play is not None:
            self._melds = table_after(self.search.knobs, self._melds, self.play)
            self.play = None
        return self._melds

    def ends_with(self, rest: list[int], reserve: int, laid: Sequence[Laid]) -> bool:
        """Whether, once the new melds ``laid`` are down (opening), the turn can end."""
        search = self.search
        if sum(rest) >= 2 and _settled(search.knobs, rest, search.forbidden, (), 0, search.tame):
            return True  # a card to discard (the table only matters for a last card, E3)
        new_meld = search.knobs.new_meld
        after = self.melds() + tuple(
            table_meld_of(new_meld(codes).meld, (), 1, doubled) for codes, doubled in laid
        )
        return search.finishes(rest, reserve, after, 0, True)


def _spend(counts: list[int], reserve: int, used: list[int]) -> tuple[list[int], int]:
    """The hand and reserve after playing ``used``: the reserve joker goes first."""
    if reserve and JOKER_CODE in used:
        used = list(used)
        used.remove(JOKER_CODE)
        return minus(counts, used), reserve - 1
    return minus(counts, used), reserve

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

In the compiled build a profile is a native object: reading its fields is a
load from memory, where reading a knob of the ``Rules`` value (a plain
Python object) is a lookup through the interpreter.  :func:`profile`
answers the rule set it answered last without any lookup, as a program
almost always plays one rule set at a time.
"""

from __future__ import annotations

from typing import Final

from rummy500._engine.codes.meldchecks import layoff_result, new_meld_codes
from rummy500._engine.codes.memo import store
from rummy500._engine.members import (
    ANY_DEPTH,
    DISCARD_REQUIRED,
    FLOATING,
    GROUP,
    LAYOFF_TOP,
    MELD_OR_DISCARD,
    NEW_MELD_ONLY,
    NO_CALLS,
    RUN,
    SETS_ONLY,
    WILD_JOKERS,
)
from rummy500.errors import InvalidMeldError
from rummy500.melds import Meld, laid_points
from rummy500.rules import Rules
from rummy500.seating import step

__all__ = [
    "FINISHES_LIMIT",
    "MEMO_LIMIT",
    "NewMeld",
    "Profile",
    "profile",
]

#: The most entries a memo holds before it is cleared.
MEMO_LIMIT: Final = 1 << 14

#: The most answers of the search for a turn that can still end (dead ends, N1)
#: a rule set keeps (about 250 bytes each: one call on a long pile may ask about
#: thousands of hands, and a table emptied during the call would make the next
#: call on the same position ask most of them again).
FINISHES_LIMIT: Final = 1 << 16


class NewMeld:
    """A valid new meld under a rule set, and what it is worth laid down now.

    Attributes:
        meld: The meld, in canonical order.
        multiplier: The multiplier of a group of four laid down at once (V6), else 1.
        points: What it scores laid down at once (S1, with V6's multiplier and V8's
            four aces).
        run_length: Its length if it is a run, else 0.
    """

    __slots__ = ("meld", "multiplier", "points", "run_length")

    def __init__(self, meld: Meld, multiplier: int, points: int, run_length: int) -> None:
        self.meld = meld
        self.multiplier = multiplier
        self.points = points
        self.run_length = run_length


class Profile:
    """The engine's view of one rule set (see the module docstring).

    Attributes:
        rules: The rule set.
        ace: The value of the ``ace`` knob, as a string.
        ace_code: The ``ace`` knob as a small number (0 ``low``, 1 ``low_or_high``,
            2 ``around_the_corner``), for the memos' integer keys.
        wild: Whether jokers are wild under the rules (``jokers = "wild"``).
        sets_only: Whether jokers only form groups of jokers (``jokers = "sets_only"``).
        min_run: The fewest cards in a run.
        values: The value of each card code (0–52) in a meld (S1).
        low_ace: The value of an ace at the low end of a run (S1).
        group_of_four: The multiplier of a group of four laid down at once (V6).
        four_aces_value: The points of each ace of four natural aces laid by one
            seat (V8; 0 when they score as other cards).
        step: What the next seat in playing order adds to a seat (D7; -1
            counterclockwise, V7), modulo the number of players.
        opening_minimum: The opening minimum (T8; 0 without one).
        blockable: Whether anything but the card taken alone (T11) can block
            a turn's end: an opening minimum (T8), a restriction on going out
            or on the final discard (E2, E3).  Without any, a play that leaves
            a card, or none, always lets the turn end, and the move generator
            needs no look-ahead.
        only_taken_card_blocks: Whether nothing but a card taken alone (T11)
            can keep a turn from ending: not ``blockable``, and no dealer's
            gambit (whose jokers a play may hold back).  A play that leaves a
            card other than the one taken alone then passes N1 at once.
        discard_required: Whether going out needs a final discard (E2).
        floating: Whether a player who melds every card floats until their next turn (E2).
        final_discard_unplayable: Whether a final discard that could be laid
            off is forbidden (E3).
        dealers_gambit: Whether dealer's gambit is played (V7).
        any_depth: Whether a take may go below the top discard (T2).
        top_discard_must_meld: Whether the top discard taken alone must be
            played at once (T3).
        deepest_to_layoff: Whether the deepest card taken may be laid off, not
            only melded (T4).
        out_of_turn_melding: Whether seats may meld and lay off out of turn (T9).
        rummy_calls: Whether "Rummy!" may be called at all (R1, R2).
        rummy_layoff_top: Whether a "Rummy!" call lays off the top discard (R2).
        finishes: The memo of the dead-end search (N1): whether a hand can end
            the turn, by everything the answer depends on.
        play_facts: The cards and points of the move generator's plays, by
            the identity of the (interned) play.
    """

    __slots__ = (
        "_generated",
        "_layoffs",
        "_melds",
        "ace",
        "ace_code",
        "any_depth",
        "blockable",
        "dealers_gambit",
        "deepest_to_layoff",
        "discard_required",
        "final_discard_unplayable",
        "finishes",
        "floating",
        "four_aces_value",
        "group_of_four",
        "low_ace",
        "min_run",
        "only_taken_card_blocks",
        "opening_minimum",
        "out_of_turn_melding",
        "play_facts",
        "rules",
        "rummy_calls",
        "rummy_layoff_top",
        "sets_only",
        "step",
        "top_discard_must_meld",
        "values",
        "wild",
    )

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ace: str = rules.ace.value
        self.ace_code = ("low", "low_or_high", "around_the_corner").index(self.ace)
        self.wild = rules.jokers is WILD_JOKERS
        self.sets_only = rules.jokers is SETS_ONLY
        self.min_run = rules.min_run_length
        self.values: tuple[int, ...] = rules.card_values.table
        self.low_ace: int = rules.card_values.low_ace
        self.group_of_four: int = rules.group_of_four_multiplier
        self.four_aces_value: int = rules.four_aces_value
        self.step = step(rules)
        self.opening_minimum: int = rules.opening_minimum
        self.blockable = (
            bool(rules.opening_minimum)
            or rules.going_out is not MELD_OR_DISCARD
            or rules.final_discard_must_be_unplayable
        )
        self.discard_required = rules.going_out is DISCARD_REQUIRED
        self.floating = rules.going_out is FLOATING
        self.final_discard_unplayable: bool = rules.final_discard_must_be_unplayable
        self.dealers_gambit: bool = rules.dealers_gambit
        self.only_taken_card_blocks = not self.blockable and not self.dealers_gambit
        self.any_depth = rules.discard_take is ANY_DEPTH
        self.top_discard_must_meld: bool = rules.top_discard_must_meld
        self.deepest_to_layoff = rules.deepest_card_use is not NEW_MELD_ONLY
        self.out_of_turn_melding: bool = rules.out_of_turn_melding
        self.rummy_calls = rules.rummy_call is not NO_CALLS
        self.rummy_layoff_top = rules.rummy_call is LAYOFF_TOP
        self.finishes: dict[tuple[object, ...], bool] = {}
        # by the identity of an interned play: (the play, its cards, its points)
        self.play_facts: dict[int, tuple[object, tuple[int, ...], int]] = {}
        self._melds: dict[tuple[int, ...], NewMeld | InvalidMeldError] = {}
        self._generated: dict[tuple[int, ...], int] = {}
        self._layoffs: dict[tuple[tuple[int, ...], tuple[int, ...]], Meld | InvalidMeldError] = {}

    def next_seat(self, players: int, seat: int) -> int:
        """The seat after ``seat`` in playing order (as :func:`rummy500.seating.next_seat`)."""
        return (seat + self.step) % players

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
            run, ordered = new_meld_codes(codes, self.sets_only, self.ace, self.min_run)
        except InvalidMeldError as error:
            return error
        meld = Meld(RUN if run else GROUP, ordered)
        multiplier = self._multiplier(run, len(meld.codes))
        points = laid_points(meld, rules)  # S1, with V6's multiplier and V8's four aces
        run_length = len(meld.codes) if run else 0
        return NewMeld(meld, multiplier, points, run_length)

    def _multiplier(self, run: bool, size: int) -> int:
        """What a new meld's points are multiplied by: a group of four's multiplier (V6)."""
        return self.group_of_four if not run and size == 4 else 1

    def generated_points(self, codes: tuple[int, ...]) -> int:
        """The points of a new meld the move generator built: ``codes`` in meld order.

        The same as ``new_meld(codes).points`` without checking the meld again
        (memoized; the generator's melds are valid by construction):
        :func:`~rummy500.melds.laid_points` of the codes.
        """
        found = self._generated.get(codes)
        if found is None:
            found = laid_points(codes, self.rules)
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
            kind = meld.kind
            try:
                found = Meld(
                    kind, layoff_result(kind is RUN, key[0], codes, self.sets_only, self.ace)
                )
            except InvalidMeldError as error:
                found = error
            store(self._layoffs, key, found, MEMO_LIMIT)
        if isinstance(found, InvalidMeldError):
            raise InvalidMeldError(str(found), found.rule)
        return found


class _Pair:
    """A rule set and its profile (read natively, where a tuple's items are boxed reads)."""

    __slots__ = ("profile", "rules")

    def __init__(self, rules: Rules, profile: Profile) -> None:
        self.rules = rules
        self.profile = profile


class _Last:
    """The rule set :func:`profile` answered last, with its profile.

    One pair, replaced whole: a thread never sees one rule set's profile
    under another's rules.
    """

    __slots__ = ("entry",)

    def __init__(self) -> None:
        self.entry: _Pair | None = None


# Profiles by value (equal rule sets share one), and by the identity of the Rules
# objects seen (each entry holds its object, so an id is never mistaken).
_BY_VALUE: Final[dict[Rules, Profile]] = {}
_BY_ID: Final[dict[int, _Pair]] = {}
_PROFILE_LIMIT: Final = 64
_LAST: Final = _Last()


def profile(rules: Rules) -> Profile:
    """The (cached) :class:`Profile` of ``rules``, shared by every equal rule set."""
    last = _LAST.entry
    if last is not None and last.rules is rules:
        return last.profile
    entry = _BY_ID.get(id(rules))
    if entry is None or entry.rules is not rules:
        found = _BY_VALUE.get(rules)
        if found is None:
            found = store(_BY_VALUE, rules, Profile(rules), _PROFILE_LIMIT)
        entry = store(_BY_ID, id(rules), _Pair(rules, found), _PROFILE_LIMIT)
    _LAST.entry = entry
    return entry.profile

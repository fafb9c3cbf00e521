"""The compact form of a rule set: its knobs, the facts derived from them, and its memos.

A :class:`Profile` holds, for one :class:`~rummy500.Rules` value, every knob
as a native attribute under its own name (the generated base class
:class:`~rummy500._engine.knobs.Knobs`), the few facts the engine derives
from several knobs (apart, in this class), the variant's answers, and the
memos of the meld and lay-off checks under these rules, keyed by plain
tuples of meld-card codes; each memo is cleared when it reaches its bound.
:func:`rummy500._engine.ruleset.profile` keeps one profile per rule set; the
two dispatchers fetch it once per call and hand it down.

In the compiled build a profile is a native object: reading a knob is a load
from memory, where reading it on the ``Rules`` value (a plain Python object)
is a lookup through the interpreter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from rummy500._engine.boundary import GROUP, RUN, meld_of
from rummy500._engine.codes.meldchecks import layoff_result, new_meld_codes
from rummy500._engine.codes.memo import MEMO_LIMIT, store
from rummy500._engine.knobs import Knobs
from rummy500.errors import InvalidMeldError
from rummy500.melds import Meld, laid_points
from rummy500.rules import Rules

if TYPE_CHECKING:
    from rummy500._engine.variant import Variant

__all__ = ["FINISHES_LIMIT", "NewMeld", "Profile"]

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


class Profile(Knobs):
    """The compact form of one rule set: its knobs, the facts derived from them, its memos.

    The knobs are the attributes of :class:`~rummy500._engine.knobs.Knobs`, under
    their own names; the engine reads them there and nowhere else.  The facts
    below are derived from several knobs (or from one knob's value table), each
    named for the question it answers, never after a knob.  The two dispatchers
    (:mod:`~rummy500._engine.reducer`, :mod:`~rummy500._engine.movegen`) fetch a
    state's profile once per call and hand it down.

    Derived facts:
        ace_code: The ``ace`` knob as a small number (0 ``low``, 1 ``low_or_high``,
            2 ``around_the_corner``), for the memos' integer keys.
        jokers_wild: Whether jokers are wild cards under the rules (M4; a
            variant may still keep them out of melds for a hand).
        code_values: The value of each card code (0–52) in a meld (S1).
        low_ace_value: The value of an ace at the low end of a run (S1).
        seat_step: What the next seat in playing order adds to a seat (D7; -1
            counterclockwise), modulo the number of players.
        blockable: Whether anything but the cards that may not be discarded
            (T11) can block a turn's end: an opening minimum (T8), a rule on
            going out or on the final discard (E2, E3).  Without any, a play
            that leaves a card, or none, always lets the turn end.
        only_forbidden_cards_block: Whether nothing but the cards that may not
            be discarded (T11) can keep a turn from ending: not ``blockable``,
            and the variant keeps no joker out of the hand.  A play that leaves
            a card that may be discarded then passes N1 at once.

        variant: The variant's answers to the engine's questions about jokers,
            pools and its own moves (:mod:`~rummy500._engine.variant`).

    Attributes:
        rules: The rule set.
        finishes: The memo of the dead-end search (N1): whether a hand can end
            the turn, by everything the answer depends on.
        play_facts: The cards and points of the move generator's plays, by
            the identity of the (interned) play.
    """

    __slots__ = (
        "_generated",
        "_layoffs",
        "_melds",
        "ace_code",
        "blockable",
        "code_values",
        "finishes",
        "jokers_wild",
        "low_ace_value",
        "only_forbidden_cards_block",
        "play_facts",
        "rules",
        "seat_step",
        "variant",
    )

    def __init__(self, rules: Rules, variant: Variant) -> None:
        super().__init__(rules)
        self.rules = rules
        # derived facts
        self.ace_code = ("low", "low_or_high", "around_the_corner").index(self.ace)
        self.jokers_wild = self.jokers == "wild"
        self.code_values: tuple[int, ...] = self.card_values.table
        self.low_ace_value: int = self.card_values.low_ace
        self.seat_step = -1 if self.direction == "counterclockwise" else 1
        self.blockable = (
            bool(self.opening_minimum)
            or self.going_out != "meld_or_discard"
            or self.final_discard_must_be_unplayable
        )
        self.variant = variant
        self.only_forbidden_cards_block = not self.blockable and variant.plain
        # memos
        self.finishes: dict[tuple[object, ...], bool] = {}
        # by the identity of an interned play: (the play, its cards, its points)
        self.play_facts: dict[int, tuple[object, tuple[int, ...], int]] = {}
        self._melds: dict[tuple[int, ...], NewMeld | InvalidMeldError] = {}
        self._generated: dict[tuple[int, ...], int] = {}
        self._layoffs: dict[tuple[tuple[int, ...], tuple[int, ...]], Meld | InvalidMeldError] = {}

    def next_seat(self, players: int, seat: int) -> int:
        """The seat after ``seat`` in playing order (as :func:`rummy500.seating.next_seat`)."""
        return (seat + self.seat_step) % players

    def seat_order(self, players: int, first: int) -> tuple[int, ...]:
        """Every seat in playing order, starting at ``first`` (D5, D7)."""
        step = self.seat_step
        return tuple([(first + step * i) % players for i in range(players)])

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
            run, ordered = new_meld_codes(
                codes, not self.jokers_wild, self.ace, self.min_run_length
            )
        except InvalidMeldError as error:
            return error
        meld = meld_of(RUN if run else GROUP, ordered)
        multiplier = self._multiplier(run, len(meld.codes))
        points = laid_points(meld, rules)  # S1, with V6's multiplier and V8's four aces
        run_length = len(meld.codes) if run else 0
        return NewMeld(meld, multiplier, points, run_length)

    def _multiplier(self, run: bool, size: int) -> int:
        """What a new meld's points are multiplied by: a group of four's multiplier (V6)."""
        return self.group_of_four_multiplier if not run and size == 4 else 1

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
                found = meld_of(
                    kind, layoff_result(kind is RUN, key[0], codes, not self.jokers_wild, self.ace)
                )
            except InvalidMeldError as error:
                found = error
            store(self._layoffs, key, found, MEMO_LIMIT)
        if isinstance(found, InvalidMeldError):
            raise InvalidMeldError(str(found), found.rule)
        return found

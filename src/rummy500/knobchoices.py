"""The values of the enumerated knobs of the rules: one string-valued enum per knob.

:class:`~rummy500.rules.Rules` takes a member of these enums or its string
value (``Rules(ace="low")``); ``str()`` of a member is its value.  They are
importable from :mod:`rummy500.rules` too.

>>> from rummy500.knobchoices import Ace
>>> Ace("around_the_corner"), str(Ace.LOW)
(<Ace.AROUND_THE_CORNER: 'around_the_corner'>, 'low')
"""

from __future__ import annotations

import enum

__all__ = [
    "Ace",
    "DeepestCardUse",
    "Direction",
    "DiscardTake",
    "FirstDiscard",
    "GoingOut",
    "Jokers",
    "NextDealer",
    "RummyCall",
    "Scoring",
    "StockExhausted",
    "Tiebreak",
]


class _KnobEnum(str, enum.Enum):
    """Base of the string-valued knob enums: ``str()`` is the value."""

    def __str__(self) -> str:
        return str(self.value)


class FirstDiscard(_KnobEnum):
    """How the discard pile starts (D5, D6)."""

    #: The top stock card is turned up (D5).
    UPCARD = "upcard"
    #: The player left of the dealer gets an extra card and discards first (D6).
    CHOOSER = "chooser"


class NextDealer(_KnobEnum):
    """Who deals the next hand (D7)."""

    #: The player to the left of the previous dealer.
    LEFT = "left"
    #: The player who went out.
    WINNER = "winner"


class Direction(_KnobEnum):
    """Direction of dealing and play (dealer's gambit plays counterclockwise)."""

    #: Seat + 1 (D5).
    CLOCKWISE = "clockwise"
    #: Seat - 1 (dealer's gambit, V7).
    COUNTERCLOCKWISE = "counterclockwise"


class Ace(_KnobEnum):
    """Where an ace may stand in a run (M3)."""

    #: Only low: A-2-3; Q-K-A is not a run.
    LOW = "low"
    #: Low (A-2-3) or high (Q-K-A), not both in one run.
    LOW_OR_HIGH = "low_or_high"
    #: Runs may wrap: K-A-2, Q-K-A-2-3.
    AROUND_THE_CORNER = "around_the_corner"


class Jokers(_KnobEnum):
    """What jokers do (M4)."""

    #: Wild: a joker stands for any card, declared when melded.
    WILD = "wild"
    #: Not wild: jokers form groups of 3 or 4 jokers only (Persian rummy).
    SETS_ONLY = "sets_only"


class DiscardTake(_KnobEnum):
    """How deep a player may take from the discard pile (T3, T4)."""

    #: Any card of the pile, taking every card above it (T3).
    ANY_DEPTH = "any_depth"
    #: Only the top card (T4).
    TOP_ONLY = "top_only"


class DeepestCardUse(_KnobEnum):
    """How a card that must be melded at once may be used (T3, T4)."""

    #: In a new meld or laid off on a table meld.
    MELD_OR_LAYOFF = "meld_or_layoff"
    #: Only in a new meld of three or more cards.
    NEW_MELD_ONLY = "new_meld_only"


class StockExhausted(_KnobEnum):
    """What happens when the stock is empty (T6)."""

    #: The hand ends (T6).
    END_HAND = "end_hand"
    #: The pile but its top card is shuffled into a new stock (T6).
    RESHUFFLE = "reshuffle"
    #: Play goes on without stock draws (T6).
    PLAY_ON = "play_on"


class GoingOut(_KnobEnum):
    """How a player goes out (E1, E2)."""

    #: Go out by melding every card, or by discarding the last one (E1).
    MELD_OR_DISCARD = "meld_or_discard"
    #: A discard is needed to go out: the boathouse rule (E2).
    DISCARD_REQUIRED = "discard_required"
    #: A player who melds every card floats until their next turn (E2).
    FLOATING = "floating"


class RummyCall(_KnobEnum):
    """Which "Rummy!" calls exist (R1–R3)."""

    #: Any other player may call on a pile card meldable from the pile and table (R1).
    PILE = "pile"
    #: Only on the top discard, if it can be laid off (R2).
    LAYOFF_TOP = "layoff_top"
    #: No calls (R3).
    NONE = "none"


class Scoring(_KnobEnum):
    """How a hand is scored (S2–S4)."""

    #: Cards on the table minus cards in hand (S2).
    MELDED_MINUS_HAND = "melded_minus_hand"
    #: The player who went out scores the others' hands (S3).
    WINNER_TAKES_HANDS = "winner_takes_hands"
    #: Melded cards, and the hands left go to who went out (S4).
    ADD_OPPONENT_HANDS = "add_opponent_hands"


class Tiebreak(_KnobEnum):
    """Who wins when several players pass the target in one hand (G2, G3)."""

    #: The highest total wins; a tie plays more hands (G2).
    HIGHEST = "highest"
    #: The player who went out wins (G3).
    WENT_OUT = "went_out"

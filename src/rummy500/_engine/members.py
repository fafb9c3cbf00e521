"""Enum members the engine compares with, as plain names it reads directly.

Reading a member through its enum (``Phase.DRAW``, ``Jokers.WILD``) looks it
up in the class at every read, through the enum metaclass's attribute hook;
the engine tests a state's phase and the rule set's knobs many times a move,
so it compares with these constants instead (``Final``: compiled code reads
them as C globals).  The names are the members' own, or say the knob where
the member's name alone would not (``WILD_JOKERS`` is ``Jokers.WILD``,
``NOMINATED_WILD`` the dealer's nomination ``JokerEffect.WILD``).
"""

from __future__ import annotations

from typing import Final

from rummy500.knobchoices import (
    DeepestCardUse,
    DiscardTake,
    FirstDiscard,
    GoingOut,
    Jokers,
    RummyCall,
    StockExhausted,
)
from rummy500.melds import MeldKind
from rummy500.statevalues import JokerEffect, Phase

__all__ = [
    "ANY_DEPTH",
    "CHOOSER",
    "DISCARD_REQUIRED",
    "DRAW",
    "FINAL_LAYOFF",
    "FIRST_DISCARD",
    "FLOATING",
    "GROUP",
    "LAYOFF_TOP",
    "MELD_OR_DISCARD",
    "NEW_MELD_ONLY",
    "NOMINATE",
    "NOMINATED_DOUBLE",
    "NOMINATED_SPLIT",
    "NOMINATED_WILD",
    "NO_CALLS",
    "OVER",
    "PLAY",
    "PLAY_ON",
    "RESHUFFLE",
    "RUN",
    "TOP_ONLY",
    "WILD_JOKERS",
]

# The phases of a turn.
DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
FIRST_DISCARD: Final = Phase.FIRST_DISCARD
FINAL_LAYOFF: Final = Phase.FINAL_LAYOFF
NOMINATE: Final = Phase.NOMINATE

# The knobs' values the engine tests.
WILD_JOKERS: Final = Jokers.WILD
PLAY_ON: Final = StockExhausted.PLAY_ON
RESHUFFLE: Final = StockExhausted.RESHUFFLE
NO_CALLS: Final = RummyCall.NONE
LAYOFF_TOP: Final = RummyCall.LAYOFF_TOP
TOP_ONLY: Final = DiscardTake.TOP_ONLY
ANY_DEPTH: Final = DiscardTake.ANY_DEPTH
NEW_MELD_ONLY: Final = DeepestCardUse.NEW_MELD_ONLY
MELD_OR_DISCARD: Final = GoingOut.MELD_OR_DISCARD
DISCARD_REQUIRED: Final = GoingOut.DISCARD_REQUIRED
FLOATING: Final = GoingOut.FLOATING
CHOOSER: Final = FirstDiscard.CHOOSER

# The kinds of meld, and the dealer's nominations under dealer's gambit (V7).
GROUP: Final = MeldKind.GROUP
RUN: Final = MeldKind.RUN
NOMINATED_WILD: Final = JokerEffect.WILD
NOMINATED_DOUBLE: Final = JokerEffect.DOUBLE
NOMINATED_SPLIT: Final = JokerEffect.SPLIT

"""Enum members and move classes the engine compares with, as plain names it reads directly.

Reading a member through its enum (``Phase.DRAW``, ``Jokers.WILD``) looks it
up in the class at every read, through the enum metaclass's attribute hook;
the engine tests a state's phase and the rule set's knobs many times a move,
so it compares with these constants instead (``Final``: compiled code reads
them as C globals).  The names are the members' own, or say the knob where
the member's name alone would not (``WILD_JOKERS`` is ``Jokers.WILD``,
``NOMINATED_WILD`` the dealer's nomination ``JokerEffect.WILD``).

The move classes live in a plain module (:mod:`rummy500.moves`): compiled
code that names one looks it up in its module's dictionary at every read.
The reducer's dispatch and the checks of a move's kind use these names
instead (``DISCARD_MOVE`` is :class:`~rummy500.moves.Discard`); the
classes' own names stay in annotations.
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
from rummy500.moves import (
    MOVE_TYPES,
    Block,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    MeldMove,
    Nominate,
    Pass,
    Split,
    Take,
)
from rummy500.statevalues import JokerEffect, Phase

__all__ = [
    "ANY_DEPTH",
    "BLOCK_MOVE",
    "CALL_MOVE",
    "CHOOSER",
    "DISCARD_MOVE",
    "DISCARD_REQUIRED",
    "DRAW",
    "DRAW_MOVE",
    "END_MOVE",
    "FINAL_LAYOFF",
    "FIRST_DISCARD",
    "FLOATING",
    "GROUP",
    "KINDS_OF_MOVE",
    "LAYOFF_MOVE",
    "LAYOFF_TOP",
    "MELD_MOVE",
    "MELD_OR_DISCARD",
    "NEW_MELD_ONLY",
    "NOMINATE",
    "NOMINATED_DOUBLE",
    "NOMINATED_SPLIT",
    "NOMINATED_WILD",
    "NOMINATE_MOVE",
    "NO_CALLS",
    "OVER",
    "PASS_MOVE",
    "PLAY",
    "PLAY_MOVES",
    "PLAY_ON",
    "RESHUFFLE",
    "RUN",
    "SETS_ONLY",
    "SPLIT_MOVE",
    "TAKE_MOVE",
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
SETS_ONLY: Final = Jokers.SETS_ONLY
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

# The move classes (see the module docstring), and every one of them.
DRAW_MOVE: Final = Draw
TAKE_MOVE: Final = Take
DISCARD_MOVE: Final = Discard
MELD_MOVE: Final = MeldMove
LAYOFF_MOVE: Final = LayoffMove
PLAY_MOVES: Final = (MeldMove, LayoffMove)
CALL_MOVE: Final = CallRummy
END_MOVE: Final = EndHand
PASS_MOVE: Final = Pass
NOMINATE_MOVE: Final = Nominate
BLOCK_MOVE: Final = Block
SPLIT_MOVE: Final = Split
KINDS_OF_MOVE: Final = MOVE_TYPES

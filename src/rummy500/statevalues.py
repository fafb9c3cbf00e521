"""The values a game state holds besides cards: phases, table melds and hand results.

:class:`Phase` (whose turn phase it is), :class:`JokerEffect` (the dealer's
nomination under dealer's gambit), :class:`TableMeld` (a meld on the table and
who laid each card), :class:`HandResult` and :class:`EndReason` (how a hand
ended).  They live below :mod:`rummy500.state`, which re-exports them, so that
the state's stored part (:mod:`rummy500._engine.codes.storage`,
:mod:`rummy500._engine.codes.fields`) can name them without importing the state.
"""

from __future__ import annotations

import enum

import attrs

from rummy500.cards import Card
from rummy500.meldcards import MeldCard
from rummy500.melds import Meld, MeldKind

__all__ = ["EndReason", "HandResult", "JokerEffect", "Phase", "TableMeld"]


class Phase(str, enum.Enum):
    """The phase of the turn of the seat to move."""

    #: The seat to move must draw (from the stock or the pile), or end the hand (T6).
    DRAW = "draw"
    #: The seat to move has drawn: it melds, lays off, and discards (T7, T10).
    PLAY = "play"
    #: The hand is over (E1).
    OVER = "over"
    #: The first player starts the pile by discarding, without drawing (D6).
    FIRST_DISCARD = "first_discard"
    #: After someone went out, the others lay off in turn before scoring (E4).
    FINAL_LAYOFF = "final_layoff"
    #: Dealer's gambit: the dealer nominates what jokers do this hand (V7).
    NOMINATE = "nominate"

    def __str__(self) -> str:
        return str(self.value)


class JokerEffect(str, enum.Enum):
    """What jokers do in a hand of dealer's gambit, as the dealer nominated it (V7)."""

    #: Jokers are wild cards in any group or run, worth 0.
    WILD = "wild"
    #: A joker laid over a new meld as it is melded doubles it and seals it
    #: against lay-offs.
    DOUBLE = "double"
    #: A joker splits the discard pile around a chosen card: the cards above it
    #: go to the player's hand, the cards below it leave play, and the chosen
    #: card is melded at once.
    SPLIT = "split"

    def __str__(self) -> str:
        return str(self.value)


class EndReason(str, enum.Enum):
    """Why a hand ended (E1)."""

    #: A player got rid of every card (E1.1).
    WENT_OUT = "went_out"
    #: The stock was empty and the player to move ended the hand (E1.2, T6).
    STOCK_EXHAUSTED = "stock_exhausted"

    def __str__(self) -> str:
        return str(self.value)


@attrs.frozen(repr=False)
class TableMeld:
    """A meld on the table and who put each of its cards there (M5, L5).

    Attributes:
        meld: The meld.
        by: For each card of the meld (in meld order), the seat that put it
            on the table; a laid-off card scores for the seat that laid it off.
        multiplier: How many times its cards count: 2 for a group of four
            laid down at once under Persian rummy's rule (V6), doubled again
            by a doubling joker (V7); else 1.
        doubled: Whether a joker lies over it (dealer's gambit, ``double``):
            the joker is on the table with the meld, and the meld is sealed
            against lay-offs (V7).
    """

    meld: Meld
    by: tuple[int, ...]
    multiplier: int = 1
    doubled: bool = False

    @property
    def kind(self) -> MeldKind:
        """The meld's kind."""
        return self.meld.kind

    @property
    def specs(self) -> tuple[MeldCard, ...]:
        """The meld cards, in meld order."""
        return self.meld.specs

    @property
    def cards(self) -> tuple[Card, ...]:
        """The physical cards, in meld order."""
        return self.meld.cards

    def __str__(self) -> str:
        return str(self.meld)

    def __repr__(self) -> str:
        doubled = ", doubled=True" if self.doubled else ""
        return f"TableMeld({self.meld!r}, by={self.by!r}{doubled})"


@attrs.frozen
class HandResult:
    """The outcome of a finished hand (S2–S5).

    Attributes:
        scores: Each seat's score for the hand (may be negative).
        melded: Each seat's points on the table (melds and lay-offs, L5).
        in_hand: Each seat's points left in hand.
        went_out: The seat that went out, or ``None``.
        reason: Why the hand ended.
        bonuses: Each seat's bonus points included in ``scores`` (S5).
        going_rummy: Whether the seat that went out did so in one turn,
            having put no card on the table earlier in the hand (S3).
        team_scores: With partnerships, each side's score (seats 0+2, then
            1+3), scored as a unit (V5); else empty.
    """

    scores: tuple[int, ...]
    melded: tuple[int, ...]
    in_hand: tuple[int, ...]
    went_out: int | None
    reason: EndReason
    bonuses: tuple[int, ...] = ()
    going_rummy: bool = False
    team_scores: tuple[int, ...] = ()

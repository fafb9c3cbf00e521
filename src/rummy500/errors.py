"""The exceptions of the library.

Every exception raised on purpose derives from :class:`Rummy500Error`; those
about bad input also derive from :class:`ValueError`, so callers may catch
either.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

__all__ = [
    "CardParseError",
    "IllegalMoveError",
    "InvalidMeldError",
    "NotationError",
    "Reason",
    "RulesError",
    "Rummy500Error",
]


class Rummy500Error(Exception):
    """Root of every exception the library raises on purpose."""


class NotationError(Rummy500Error, ValueError):
    """Malformed text: a card, meld or move that cannot be parsed.

    The message quotes the offending token and says where it stands.
    """


class CardParseError(NotationError):
    """Text that is not a card; the message quotes the offending text."""


class InvalidMeldError(Rummy500Error, ValueError):
    """Cards that do not form a valid meld, or a lay-off that does not fit.

    Attributes:
        rule: The id of the rule in RULES.md that the cards break (``"M1"``…).

    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class RulesError(Rummy500Error, ValueError):
    """An inconsistent :class:`~rummy500.rules.Rules`; lists every problem at once.

    Attributes:
        problems: One sentence per problem found.

    """

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        listing = "\n".join(f"  - {problem}" for problem in self.problems)
        super().__init__(f"invalid rules ({len(self.problems)} problem(s)):\n{listing}")


class Reason(str, enum.Enum):
    """Machine-readable reason of an :class:`IllegalMoveError`."""

    #: The hand is over: nobody may move (E1, R4).
    HAND_OVER = "hand_over"
    #: The move is not a move object, or names a seat that does not exist.
    NOT_A_MOVE = "not_a_move"
    #: That seat may not act now.
    NOT_YOUR_TURN = "not_your_turn"
    #: The move does not fit the phase of the turn (draw first, then play).
    WRONG_PHASE = "wrong_phase"
    #: A stock draw with an empty stock (T1, T6).
    STOCK_EMPTY = "stock_empty"
    #: Taking more cards than the discard pile holds, or fewer than one (T1).
    PILE_TOO_SHORT = "pile_too_short"
    #: Taking below the top card is not allowed under these rules (T4).
    DEEP_TAKE_NOT_ALLOWED = "deep_take_not_allowed"
    #: The deepest card taken must be melded at once, and the move says how (T3).
    MUST_MELD_TAKEN_CARD = "must_meld_taken_card"
    #: A take that need not meld at once carries no play (T3a).
    UNEXPECTED_PLAY = "unexpected_play"
    #: The play of a take or call does not contain the deepest card taken (T3, R1).
    PLAY_MISSES_DEEPEST_CARD = "play_misses_deepest_card"
    #: The deepest card must go into a new meld, not a lay-off (T4).
    NEW_MELD_REQUIRED = "new_meld_required"
    #: The cards are not in the player's hand (or among the cards taken).
    CARDS_NOT_AVAILABLE = "cards_not_available"
    #: The cards do not form a valid meld (M1–M4).
    INVALID_MELD = "invalid_meld"
    #: The cards cannot be laid off on that meld (L2, L3).
    INVALID_LAYOFF = "invalid_layoff"
    #: There is no table meld with that number (M5, L1).
    NO_SUCH_MELD = "no_such_meld"
    #: The cards are valid but not written in canonical order (see the notation).
    NOT_CANONICAL = "not_canonical"
    #: Discarding the card just taken alone from the top of the pile (T11).
    DISCARD_TAKEN_CARD = "discard_taken_card"
    #: The move would leave the player unable to finish the turn (N1).
    DEAD_END = "dead_end"
    #: "Rummy!" cannot be called now, or not by that player (R1–R4).
    RUMMY_NOT_ALLOWED = "rummy_not_allowed"
    #: A "Rummy!" call may use only cards from the pile and the table (R1).
    RUMMY_USES_HAND = "rummy_uses_hand"
    #: Ending the hand is possible only when the stock is empty (T6).
    CANNOT_END = "cannot_end"
    #: Before opening a player may not lay off, nor end the turn short of the minimum (T8).
    NOT_OPENED = "not_opened"
    #: Going out by discarding a card that could be laid off (E3).
    PLAYABLE_FINAL_DISCARD = "playable_final_discard"
    #: The move uses jokers in a way the dealer's nomination does not allow (V7).
    JOKER_EFFECT = "joker_effect"
    #: A lay-off on a meld sealed by a doubling joker (V7).
    SEALED_MELD = "sealed_meld"
    #: The dealer's joker cannot be blocked now, or not by that player (V7).
    CANNOT_BLOCK = "cannot_block"

    def __str__(self) -> str:
        return str(self.value)


class IllegalMoveError(Rummy500Error, ValueError):
    """A move that the rules do not allow in this state.

    Attributes:
        reason: The machine-readable :class:`Reason`.
        rule: The id of the rule in RULES.md that forbids the move (``"T11"``…).
    """

    def __init__(self, reason: Reason, message: str, rule: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.rule = rule

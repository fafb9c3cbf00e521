"""The exceptions of the library: one tree, rooted at :class:`Rummy500Error`.

Every exception the library raises on purpose is a :class:`Rummy500Error`.
Those about bad input (text that does not parse, a malformed position or
record, an argument out of range, an illegal move) are also
:class:`ValueError`, so callers may catch either::

    Rummy500Error
    ├── NotationError (ValueError)        text that is not a card, meld card or move
    │   └── CardParseError                text that is not a card
    ├── InvalidMeldError (ValueError)     cards that form no meld, or do not fit one
    ├── RulesError (ValueError)           an inconsistent rule set
    ├── IllegalMoveError (ValueError)     a move the rules do not allow now
    │   └── ReplayError                   ... met while replaying a record
    ├── PositionError (ValueError)        a malformed position or view dict / JSON
    ├── RecordError (ValueError)          a malformed game record
    │   └── ReplayError                   (also an IllegalMoveError)
    ├── InvalidArgumentError (ValueError) an argument out of range: players, seat, deck, seed, bot
    ├── MoveLimitError (RuntimeError)     a hand that did not end within a move limit
    ├── BotError (RuntimeError)           a bot program that crashed, stalled or broke the protocol
    └── MissingExtraError (ModuleNotFoundError, an ImportError)
                                          an optional library is missing: names the extra

>>> from rummy500 import GameState, Rummy500Error
>>> try:
...     GameState.from_dict({})
... except Rummy500Error as error:
...     print(type(error).__name__, isinstance(error, ValueError))
PositionError True

A message quotes an offending value through :func:`shown`, which keeps at
most 80 characters of it, so a huge input never gives a huge message.
"""

from __future__ import annotations

import enum
import reprlib
from collections.abc import Sequence
from typing import Any

__all__ = [
    "BotError",
    "CardParseError",
    "IllegalMoveError",
    "InvalidArgumentError",
    "InvalidMeldError",
    "MissingExtraError",
    "MoveLimitError",
    "NotationError",
    "PositionError",
    "Reason",
    "RecordError",
    "ReplayError",
    "RulesError",
    "Rummy500Error",
    "shown",
]

#: The most characters of an offending value that an error message quotes.
SHOWN_LENGTH = 80


class _Short(reprlib.Repr):
    """``repr`` with bounded size and depth, and never an error of its own."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel = 3
        self.maxstring = SHOWN_LENGTH
        self.maxother = SHOWN_LENGTH
        self.maxlong = SHOWN_LENGTH
        self.maxlist = self.maxtuple = self.maxset = self.maxfrozenset = 8
        self.maxdeque = self.maxarray = 8
        self.maxdict = 5

    def repr_int(self, x: int, level: int) -> str:
        # Python refuses to write integers of more than 4300 digits as text.
        if x.bit_length() > 4000:
            return f"<an integer of {x.bit_length()} bits>"
        return super().repr_int(x, level)

    def repr_str(self, x: str, level: int) -> str:
        return repr(x[: self.maxstring + 1])


_SHORT = _Short()


def shown(value: Any) -> str:
    """``repr(value)``, cut to at most 80 characters (ending in ``...`` when cut).

    Error messages quote offending values with it: a value of any size or
    depth gives a short, readable quote, and writing it never fails.

    >>> shown("draw"), shown(2**64)
    ("'draw'", '18446744073709551616')
    >>> text = shown("x" * 10_000)
    >>> len(text), text[-8:]
    (80, 'xxxxx...')
    >>> shown([[[[[1]]]]])
    '[[[[...]]]]'
    """
    try:
        text = _SHORT.repr(value)
    except Exception:  # a repr that fails (or recurses) is not the caller's problem
        text = f"<{type(value).__name__} object>"
    if len(text) > SHOWN_LENGTH:
        text = text[: SHOWN_LENGTH - 3] + "..."
    return text


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
        rule: The id of the rule the cards break (``"M1"``…), as on the rules page.

    """

    def __init__(self, message: str, rule: str) -> None:
        super().__init__(message)
        self.rule = rule


class RulesError(Rummy500Error, ValueError):
    """An inconsistent :class:`~rummy500.Rules`; lists every problem at once.

    Attributes:
        problems: One sentence per problem found.

    """

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        count = len(self.problems)
        listing = "\n".join(f"  - {problem}" for problem in self.problems)
        super().__init__(f"invalid rules ({count} problem{'s' if count != 1 else ''}):\n{listing}")


class PositionError(Rummy500Error, ValueError):
    """A position (or a player view) as a dict or JSON that is malformed or inconsistent.

    The message names the offending key and value.
    """


class InvalidArgumentError(Rummy500Error, ValueError):
    """An argument out of range: a player count, a seat, a deck, a seed, a bot's answer."""


class MoveLimitError(Rummy500Error, RuntimeError):
    """A hand played by bots did not end within the number of moves allowed."""


class BotError(Rummy500Error, RuntimeError):
    """A bot program (:class:`~rummy500.ProgramBot`) failed; the message says who and how.

    The message names the bot, the seat and what it did.  The program
    crashed or exited, stayed silent past its time limit, wrote what is not
    a message of the bot protocol, or answered a move that is not legal.
    The game's state is never changed by a fault, and the program is ended
    when one is found.

    Attributes:
        bot: The bot's name (the one its program gave, else its command).
        seat: The seat it played when it failed (``None``: before or between hands).
        what: What happened, in a sentence.

    >>> print(BotError("echo", 1, "exited with code 3"))
    bot 'echo' (p1): exited with code 3
    """

    def __init__(self, bot: str, seat: int | None, what: str) -> None:
        self.bot = bot
        self.seat = seat
        self.what = what
        where = "" if seat is None else f" (p{seat})"
        super().__init__(f"bot {shown(bot)}{where}: {what}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.bot, self.seat, self.what))


class MissingExtraError(Rummy500Error, ModuleNotFoundError):
    """An optional library is not installed: the message names the extra that installs it.

    The adapters, the simulation's Ray executor and progress bar, and the web
    example need libraries that ``import rummy500`` does not
    (:mod:`rummy500.extras`).  Without them this error says which extra to
    install, and how.  It is a :class:`ModuleNotFoundError` (an
    :class:`ImportError`), so ``except ImportError`` keeps working.

    Attributes:
        needed_by: What needs the library (a module, or a feature).
        extra: The extra that installs the library (``"pettingzoo"``…).
        install: The command that installs it (``pip install 'rummy500[pettingzoo]'``).
        name: The module that is missing (``"numpy"``…), as for any ``ImportError``.

    >>> error = MissingExtraError("rummy500.adapters.pettingzoo", "pettingzoo", "numpy")
    >>> print(error)  # doctest: +NORMALIZE_WHITESPACE
    rummy500.adapters.pettingzoo needs the 'pettingzoo' extra (no module named 'numpy'):
    pip install 'rummy500[pettingzoo]'
    >>> isinstance(error, ImportError), error.name, error.install
    (True, 'numpy', "pip install 'rummy500[pettingzoo]'")
    """

    def __init__(
        self, needed_by: str, extra: str, missing: str | None, install: str | None = None
    ) -> None:
        self.needed_by = needed_by
        self.extra = extra
        self.install = install or f"pip install 'rummy500[{extra}]'"
        why = "" if missing is None else f" (no module named {missing!r})"
        super().__init__(f"{needed_by} needs the {extra!r} extra{why}: {self.install}")
        self.name = missing

    def __reduce__(self) -> tuple[type[MissingExtraError], tuple[str, str, str | None, str]]:
        return (type(self), (self.needed_by, self.extra, self.name, self.install))


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
        rule: The id of the rule that forbids the move (``"T11"``…), as on the
            rules page.
    """

    def __init__(self, reason: Reason, message: str, rule: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.rule = rule


class RecordError(Rummy500Error, ValueError):
    """A game record that is malformed, or whose recorded facts the replay does not reproduce.

    The message names the offending key (``record 'seed': ...``), or the hand
    and move (``hand 2, move 17: ...``).
    """


class ReplayError(IllegalMoveError, RecordError):
    """A record with an illegal move: both an :class:`IllegalMoveError` and a :class:`RecordError`.

    Attributes:
        hand: The hand's number (from 1).
        move: The move's number in that hand (from 1).
    """

    def __init__(self, error: IllegalMoveError, hand: int, move: int) -> None:
        super().__init__(error.reason, f"hand {hand}, move {move}: {error}", error.rule)
        self.hand = hand
        self.move = move

"""The exceptions of the library.

Every exception raised on purpose derives from :class:`Rummy500Error`; those
about bad input also derive from :class:`ValueError`, so callers may catch
either.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "CardParseError",
    "InvalidMeldError",
    "NotationError",
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

"""The engine's verdicts: :class:`~rummy500.errors.IllegalMoveError` naming the rule."""

from __future__ import annotations

import re
from typing import Final

from rummy500.errors import IllegalMoveError, InvalidMeldError, Reason

__all__ = ["from_meld_error", "illegal"]


def illegal(reason: Reason, message: str, rule: str) -> IllegalMoveError:
    """An :class:`IllegalMoveError` whose message ends with ``(rule X)``."""
    return IllegalMoveError(reason, f"{message} (rule {rule})", rule)


_TRAILING_RULES: Final = re.compile(r"\s*\([A-Z][0-9a-z, A-Z]*\)$")


def from_meld_error(reason: Reason, error: InvalidMeldError) -> IllegalMoveError:
    """An IllegalMoveError from a meld error, its trailing "(M1)" written as "(rule M1)"."""
    return illegal(reason, _TRAILING_RULES.sub("", str(error)), error.rule)

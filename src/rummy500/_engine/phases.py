"""The phases of a turn as plain names, which the compiled engine reads directly.

Reading a member through its enum (``Phase.DRAW``) looks it up in the class
at every read, through the enum metaclass's attribute hook; the engine tests
a state's phase several times a move, so it compares with these constants
instead (``Final``: compiled code reads them as C globals).
"""

from __future__ import annotations

from typing import Final

from rummy500.state import Phase

__all__ = ["DRAW", "FINAL_LAYOFF", "FIRST_DISCARD", "NOMINATE", "OVER", "PLAY"]

DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
FIRST_DISCARD: Final = Phase.FIRST_DISCARD
FINAL_LAYOFF: Final = Phase.FINAL_LAYOFF
NOMINATE: Final = Phase.NOMINATE

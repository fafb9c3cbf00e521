"""Which build of the engine is running: compiled by mypyc, or plain Python."""

from __future__ import annotations

from typing import Final

__all__ = ["COMPILED"]

#: Whether this module, and with it the engine, was compiled by mypyc (an extension
#: module's file is a shared library, not a ``.py`` file).
COMPILED: Final[bool] = not __file__.endswith(".py")

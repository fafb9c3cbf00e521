"""mypyc's class decorator, with a stand-in where ``mypy_extensions`` is absent.

Internal.  A class that mypyc compiles natively and that plain Python code
derives from (:class:`~rummy500._engine.codes.storage.StateCore`,
:class:`~rummy500._engine.tokens.TokenCore`) is marked
``@mypyc_attr(allow_interpreted_subclasses=True)``.  The decorator comes from
``mypy_extensions`` (which mypyc reads when it compiles, and which changes
nothing at run time); the plain build may lack that package, and then uses
the stand-in here, which returns the class as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

__all__ = ["mypyc_attr"]

_Class = TypeVar("_Class")


def _same(cls: _Class) -> _Class:
    return cls


try:
    from mypy_extensions import mypyc_attr
except ImportError:  # the plain build: the decorator only speaks to mypyc

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Callable[[_Class], _Class]:
        """A stand-in for mypyc's class decorator (which changes nothing at run time)."""
        return _same

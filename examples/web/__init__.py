"""A web front end for rummy500: a Starlette app keeping its matches in SQLite, and a page.

The page is HTML, CSS and TypeScript (``client/``), compiled to the
JavaScript it serves (``static/``, committed).  Start it from the
repository's root with ``python -m examples.web`` (it prints the address to
open), from any folder with ``python path/to/examples/web``, or with
``uvicorn examples.web.app:app``.  It needs the ``web`` extra: ``pip install
'.[web]'`` in the repository's root; without it, it says so.

``create_app`` is loaded on first use (PEP 562): ``python -m examples.web``
imports this package before its ``__main__``, which must be able to say in
one line that the extra is missing, not fail here with a traceback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .app import create_app

__all__ = ["create_app"]


def __getattr__(name: str) -> object:
    """``create_app``, imported from :mod:`examples.web.app` when first asked for."""
    if name != "create_app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from .app import create_app

    return create_app

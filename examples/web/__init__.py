"""A web front end for rummy500: a Starlette app keeping its matches in SQLite, and a page.

The page is HTML, CSS and TypeScript (``client/``), compiled to the
JavaScript it serves (``static/``, committed).  Start it from the
repository's root with ``python -m examples.web`` (it prints the address to
open), from any folder with ``python path/to/examples/web``, or with
``uvicorn examples.web.app:app``.  It needs the ``web`` extra: ``pip install
'.[web]'`` in the repository's root; without it, it says so.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]

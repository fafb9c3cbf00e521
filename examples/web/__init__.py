"""A web front end for rummy500: a Starlette app and a page in plain HTML, CSS and JavaScript.

Start it from the repository's root with ``python -m examples.web`` (it
prints the address to open), or with ``uvicorn examples.web.app:app``.  It
needs the ``web`` extra: ``pip install -e '.[web]'``.
"""

from __future__ import annotations

from .app import create_app

__all__ = ["create_app"]

"""JSON Schemas of what the library writes: positions, player views, match records and moves.

The schemas (JSON Schema draft 2020-12) ship inside the package, in
``rummy500/schemas/``; :func:`json_schema` returns one as a dict, for a
client in any language, an API description, or a validator:

>>> from rummy500 import json_schema, new_game
>>> schema = json_schema("position")
>>> schema["$schema"], schema["title"]
('https://json-schema.org/draft/2020-12/schema', 'rummy500 position, format 1')
>>> sorted(schema["required"])
['dealer', 'discard', 'format', 'hands', 'phase', 'rules', 'stock', 'to_move']

Everything :meth:`GameState.to_dict <rummy500.state.GameState.to_dict>`,
:meth:`PlayerView.to_dict <rummy500.views.PlayerView.to_dict>`,
:meth:`MatchRecorder.to_dict <rummy500.records.MatchRecorder.to_dict>`,
:meth:`Session.record <rummy500.session.Session.record>` and a move's
``to_dict()`` (:func:`~rummy500.moves.move_to_dict`) write validates
against its schema, and holds no integer beyond 2**53 - 1 (a wider seed is
written as its decimal text), so a JavaScript client reads every number
exactly.  A schema checks the shape (keys, types, card and meld
card spellings, seats, knob values); what it cannot express — card
conservation, legal melds and moves, a record that replays — the readers
check (:meth:`GameState.from_dict <rummy500.state.GameState.from_dict>`,
:meth:`PlayerView.from_dict <rummy500.views.PlayerView.from_dict>`,
:func:`rummy500.replay`, :func:`rummy500.move_from_dict`).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from rummy500.errors import InvalidArgumentError, shown

__all__ = ["MESSAGE_KINDS", "SCHEMA_KINDS", "json_schema"]

#: The schema kinds of the bot protocol's messages (``docs/protocol.md``): the
#: referee's five, then the program's two.
MESSAGE_KINDS = (
    "referee-hello",
    "referee-decide",
    "referee-hand-end",
    "referee-match-end",
    "referee-quit",
    "bot-hello",
    "bot-answer",
)

#: The kinds of data with a schema: what :func:`json_schema` accepts (the documents, then
#: the messages of the bot protocol, then a tournament's result).
SCHEMA_KINDS = ("position", "view", "record", "move", *MESSAGE_KINDS, "tournament")


def json_schema(kind: str) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of ``kind``: a document, a protocol message, a result.

    The kinds (``rummy500.schema.SCHEMA_KINDS``) are the documents
    ``"position"``, ``"view"``, ``"record"`` and ``"move"``; the messages of
    the bot protocol (``docs/protocol.md``), ``"referee-hello"``,
    ``"referee-decide"``, ``"referee-hand-end"``, ``"referee-match-end"``,
    ``"referee-quit"`` (what a referee writes) and ``"bot-hello"``,
    ``"bot-answer"`` (what a bot writes); and ``"tournament"``, the result of
    :func:`rummy500.tournament`.

    A new dict at each call: editing it changes nothing for the next caller.

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) for another kind.

    >>> json_schema("record")["properties"]["format"]
    {'const': 'rummy500-record'}
    """
    if not isinstance(kind, str) or kind not in SCHEMA_KINDS:
        raise InvalidArgumentError(
            f"kind must be one of {', '.join(map(repr, SCHEMA_KINDS))}, got {shown(kind)}"
        )
    data: dict[str, Any] = json.loads(_text(kind))
    return data


@functools.cache
def _text(kind: str) -> str:
    # imported here: importlib.resources costs a few ms of `import rummy500`, and
    # most programs never read a schema
    from importlib import resources

    return (resources.files("rummy500") / "schemas" / f"{kind}.json").read_text("utf-8")

"""Write the JSON Schemas of the bot protocol's messages from one declaration.

Usage (from the repository root)::

    python scripts/protocol_schemas.py           # writes src/rummy500/schemas/<kind>.json
    python scripts/protocol_schemas.py --check   # exits 1 if a written file differs

Each message of the protocol (``docs/protocol.md``) has a schema; the
``decide`` message carries a view, and an answer may carry a move, so those
two schemas hold the view's and the move's definitions, copied from
``view.json`` and ``move.json`` (``tests/test_protocol.py`` runs ``--check``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "src" / "rummy500" / "schemas"

_SEAT = {"$ref": "#/$defs/seat"}
_SCORES = {"type": "array", "items": {"type": "integer"}, "minItems": 1}


def _message(
    kind: str, title: str, description: str, properties: dict[str, Any], optional: tuple[str, ...]
) -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"urn:rummy500:schema:{kind}:1",
        "title": title,
        "description": description,
        "type": "object",
        "required": [name for name in properties if name not in optional],
        "additionalProperties": False,
        "properties": properties,
    }


def _load(kind: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SCHEMAS / f"{kind}.json").read_text("utf-8"))
    return data


def schemas() -> dict[str, dict[str, Any]]:
    """Every message schema by kind."""
    view = _load("view")
    seat = {"seat": view["$defs"]["seat"]}
    view_root = {
        key: view[key] for key in ("description", "type", "required", "additionalProperties")
    }
    view_root["properties"] = view["properties"]
    decide = _message(
        "referee-decide",
        "rummy500 bot protocol: decide (referee to bot)",
        "Asks the bot for a decision at its seat: the seat's view, with its legal moves as move "
        "dicts under view.moves. The bot answers one bot-answer line. may_pass: whether the seat "
        "may let its chance go by (it is not the seat to move).",
        {
            "type": {"const": "decide"},
            "seat": _SEAT,
            "may_pass": {"type": "boolean"},
            "view": {"$ref": "#/$defs/view"},
        },
        (),
    )
    decide["$defs"] = {**view["$defs"], "view": view_root}
    move = _load("move")
    answer = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "urn:rummy500:schema:bot-answer:1",
        "title": "rummy500 bot protocol: answer (bot to referee)",
        "description": "The bot's answer to decide: the index of one of view.moves (from 0), or a "
        "move dict (text optional), or a pass where may_pass is true.",
        "oneOf": [
            {
                "type": "object",
                "required": ["type", "index"],
                "additionalProperties": False,
                "properties": {
                    "type": {"const": "move"},
                    "index": {"type": "integer", "minimum": 0},
                },
            },
            {
                "type": "object",
                "required": ["type", "move"],
                "additionalProperties": False,
                "properties": {"type": {"const": "move"}, "move": {"$ref": "#/$defs/move"}},
            },
            {
                "type": "object",
                "required": ["type"],
                "additionalProperties": False,
                "properties": {"type": {"const": "pass"}},
            },
        ],
        "$defs": move["$defs"],
    }
    found = {
        "referee-hello": _message(
            "referee-hello",
            "rummy500 bot protocol: hello (referee to bot)",
            "The referee's first line. The bot answers one bot-hello line.",
            {
                "type": {"const": "hello"},
                "protocol": {"const": 1},
                "referee": {"type": "string"},
            },
            (),
        ),
        "referee-decide": decide,
        "referee-hand-end": _message(
            "referee-hand-end",
            "rummy500 bot protocol: hand_end (referee to bot)",
            "The hand the bot played at seat is over: each seat's score, the seat that went out "
            "(or null), why it ended, and in a match each side's total after it (else null). "
            "No answer.",
            {
                "type": {"const": "hand_end"},
                "seat": _SEAT,
                "scores": _SCORES,
                "went_out": {"oneOf": [_SEAT, {"type": "null"}]},
                "reason": {"type": "string"},
                "totals": {"oneOf": [_SCORES, {"type": "null"}]},
            },
            (),
        ),
        "referee-match-end": _message(
            "referee-match-end",
            "rummy500 bot protocol: match_end (referee to bot)",
            "The match the bot played at seat is over: each side's final total and the seats "
            "of the winning side. No answer.",
            {
                "type": {"const": "match_end"},
                "seat": _SEAT,
                "totals": _SCORES,
                "winners": {"type": "array", "items": _SEAT, "minItems": 1},
            },
            (),
        ),
        "referee-quit": _message(
            "referee-quit",
            "rummy500 bot protocol: quit (referee to bot)",
            "The referee's last line: the bot exits (within one second). No answer.",
            {"type": {"const": "quit"}},
            (),
        ),
        "bot-hello": _message(
            "bot-hello",
            "rummy500 bot protocol: hello (bot to referee)",
            "The bot's answer to hello: the protocol it speaks and its name.",
            {
                "type": {"const": "hello"},
                "protocol": {"const": 1},
                "name": {"type": "string", "minLength": 1, "maxLength": 100},
                "author": {"type": "string"},
                "version": {"type": "string"},
            },
            ("author", "version"),
        ),
        "bot-answer": answer,
    }
    for kind in ("referee-hand-end", "referee-match-end"):
        found[kind]["$defs"] = seat
    return found


def text(schema: dict[str, Any]) -> str:
    """A schema as the file holds it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def main() -> int:
    """Write the schemas, or with ``--check`` compare them with the files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    differ = []
    for kind, schema in schemas().items():
        path = SCHEMAS / f"{kind}.json"
        if args.check:
            if not path.exists() or path.read_text("utf-8") != text(schema):
                differ.append(path.name)
        else:
            path.write_text(text(schema), "utf-8")
    if differ:
        print(f"differ from the declaration: {', '.join(differ)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

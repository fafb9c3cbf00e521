"""Write the JSON Schemas of the bot protocol's messages and of a tournament's result.

Usage (from the repository root)::

    python scripts/protocol_schemas.py           # writes src/rummy500/schemas/<kind>.json
    python scripts/protocol_schemas.py --check   # exits 1 if a written file differs

Each message of the protocol (``docs/protocol.md``) has a schema; the
``decide`` message carries a view, and an answer may carry a move, so those
two schemas hold the view's and the move's definitions, copied from
``view.json`` and ``move.json``; a tournament's result (schema ``tournament``)
takes the seed's and the preset names' from ``record.json``
(``tests/test_program_bot.py`` runs ``--check``).  ``scripts/generate_schemas.py``,
which writes the rule set's part of the documents' schemas, runs this script
after them, so that one command brings every schema up to date.
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
    found["tournament"] = _tournament(_load("record")["$defs"])
    return found


def _interval(what: str) -> dict[str, Any]:
    return {
        "description": f"{what}: the mean and its 95% interval.",
        "type": "object",
        "required": ["mean", "low", "high"],
        "additionalProperties": False,
        "properties": {name: {"type": "number"} for name in ("mean", "low", "high")},
    }


def _counts(size: int) -> dict[str, Any]:
    return {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "minItems": size,
        "maxItems": size,
    }


def _tournament(record: dict[str, Any]) -> dict[str, Any]:
    count = {"type": "integer", "minimum": 0}
    share = {"type": "number", "minimum": 0, "maximum": 1}
    standing: dict[str, Any] = {
        "description": "One bot's results over all its pairings.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "spec": {"type": "string"},
            "hands": count,
            "mean_score": {"type": "number"},
            "wins": count,
            "draws": count,
            "faults": count,
            "win_rate": share,
            "lead": {"$ref": "#/$defs/lead"},
            "elo": {"$ref": "#/$defs/elo"},
            "matches": count,
            "match_wins": count,
        },
    }
    standing["required"] = list(standing["properties"])
    sprt: dict[str, Any] = {
        "description": "The SPRT of a pairing (the first bot's Elo difference, elo0 against "
        "elo1); verdict H1, H0 or continue.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "elo0": {"type": "number"},
            "elo1": {"type": "number"},
            "llr": {"type": "number"},
            "lower": {"type": "number"},
            "upper": {"type": "number"},
            "units": count,
            "verdict": {"enum": ["H1", "H0", "continue"]},
        },
    }
    sprt["required"] = list(sprt["properties"])
    pairing: dict[str, Any] = {
        "description": "One pairing, from its first bot's side: bots are indexes into bots.",
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "bots": _counts(2),
            "hands": count,
            "deals": count,
            "wins": _counts(2),
            "draws": count,
            "faults": _counts(2),
            "score": share,
            "elo": {"$ref": "#/$defs/elo"},
            "lead": {"$ref": "#/$defs/lead"},
            "matches": count,
            "match_wins": _counts(2),
            "sprt": {"oneOf": [{"$ref": "#/$defs/sprt"}, {"type": "null"}]},
        },
    }
    pairing["required"] = list(pairing["properties"])
    result = _message(
        "tournament",
        "rummy500 tournament result, version 1",
        "The result of a round robin between bots (TournamentResult.to_dict): each bot's "
        "standing, each pairing's results, the first faults' messages.",
        {
            "format": {"const": "rummy500-tournament"},
            "version": {"const": 1},
            "preset": {"oneOf": [{"$ref": "#/$defs/presetName"}, {"type": "null"}]},
            "players": {"type": "integer", "minimum": 2},
            "hands": {"type": "integer", "minimum": 1},
            "duplicate": {"type": "boolean"},
            "seed": {"$ref": "#/$defs/seed"},
            "bots": {"type": "array", "items": {"$ref": "#/$defs/standing"}, "minItems": 2},
            "pairings": {"type": "array", "items": {"$ref": "#/$defs/pairing"}, "minItems": 1},
            "errors": {"type": "array", "items": {"type": "string"}},
        },
        (),
    )
    result["$defs"] = {
        "presetName": record["presetName"],
        "seed": record["seed"],
        "lead": _interval("A point lead per hand"),
        "elo": _interval("An Elo rating or difference"),
        "sprt": sprt,
        "standing": standing,
        "pairing": pairing,
    }
    return result


def text(schema: dict[str, Any]) -> str:
    """A schema as the file holds it."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def update(check: bool) -> list[str]:
    """The names of the schema files that differ from the declaration; written unless ``check``."""
    differ = []
    for kind, schema in schemas().items():
        path = SCHEMAS / f"{kind}.json"
        if not path.exists() or path.read_text("utf-8") != text(schema):
            differ.append(path.name)
            if not check:
                path.write_text(text(schema), "utf-8")
    return differ


def main(argv: list[str] | None = None) -> int:
    """Write the schemas, or with ``--check`` compare them with the files."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    differ = update(args.check)
    if args.check and differ:
        print(f"differ from the declaration: {', '.join(differ)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

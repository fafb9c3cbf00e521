"""Write the rule set's part of the package's JSON Schemas from the knobs' declarations.

Usage (from the repository root)::

    python scripts/generate_schemas.py          # rewrite src/rummy500/schemas/*.json
    python scripts/generate_schemas.py --check  # exit status 1 if a schema is out of date

Positions, views and records hold a rule set (``"rules"``: a preset's name,
or an object of the preset and the knobs that differ from it).  Their
schemas define it once each, in ``$defs``: ``rules`` (one property per knob,
each knob's :meth:`~rummy500.rules.Knob.json_schema`, in the order of
:data:`rummy500.rules.KNOBS`) and ``presetName`` (the names of
:func:`rummy500.presets.names`).  This script writes those two definitions
into every schema that has them, and leaves the rest of each schema as it
is, then writes the bot protocol's and the tournament's schemas, which copy
those of the documents (``scripts/protocol_schemas.py``);
``tests/test_schemas.py`` runs it with ``--check``.  After a change, the
web example's TypeScript types follow: ``npm run types`` in
``examples/web/client``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from rummy500 import presets
from rummy500.rules import KNOBS

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "src" / "rummy500" / "schemas"

#: What the schemas say of a rule set as a whole.
RULES_DESCRIPTION = (
    "The rule set: a preset ('pagat' if absent) with the knobs that differ from it, always "
    "written as an object; a bare preset name (older documents) is read too."
)

#: The command that brings the schemas up to date.
COMMAND = "python scripts/generate_schemas.py"


def definitions() -> dict[str, Any]:
    """The generated definitions: ``presetName`` and ``rules``."""
    knobs = {name: knob.json_schema() for name, knob in KNOBS.items()}
    return {
        "presetName": {"enum": list(presets.names())},
        "rules": {
            "description": RULES_DESCRIPTION,
            "oneOf": [
                {"$ref": "#/$defs/presetName"},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "properties": {"preset": {"$ref": "#/$defs/presetName"}, **knobs},
                },
            ],
        },
    }


def text(schema: dict[str, Any]) -> str:
    """A schema as the package holds it: JSON indented by two spaces, a newline at the end."""
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def generated(path: Path) -> str:
    """The text of the schema at ``path`` with its generated definitions brought up to date."""
    schema = json.loads(path.read_text(encoding="utf-8"))
    found = schema.get("$defs", {})
    for name, definition in definitions().items():
        if name in found:
            found[name] = definition
    return text(schema)


def _protocol_schemas() -> Any:
    """``scripts/protocol_schemas.py``, loaded as a module (this script may be loaded so too)."""
    import importlib.util

    path = Path(__file__).resolve().parent / "protocol_schemas.py"
    spec = importlib.util.spec_from_file_location("protocol_schemas", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def rule_schemas() -> list[Path]:
    """The schemas of the package that define a rule set."""
    return [
        path
        for path in sorted(SCHEMAS.glob("*.json"))
        if "rules" in json.loads(path.read_text(encoding="utf-8")).get("$defs", {})
    ]


def main(argv: list[str] | None = None) -> int:
    """Rewrite the schemas (or, with ``--check``, name those out of date); the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="change nothing: exit status 1 if a schema differs"
    )
    args = parser.parse_args(argv)
    stale = []
    for path in rule_schemas():
        new = generated(path)
        if new == path.read_text(encoding="utf-8"):
            continue
        stale.append(path.relative_to(ROOT))
        if not args.check:
            path.write_text(new, encoding="utf-8")
    # The protocol's and the tournament's schemas copy definitions of the documents' ones.
    stale += [SCHEMAS.relative_to(ROOT) / name for name in _protocol_schemas().update(args.check)]
    if args.check and stale:
        print(f"out of date: {', '.join(map(str, stale))}; run `{COMMAND}`", file=sys.stderr)
        return 1
    for path in [] if args.check else stale:
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

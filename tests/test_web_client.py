"""The web example's TypeScript client: its types are the schemas', it type-checks, its JS is tsc's.

The page's script is written in TypeScript (examples/web/client/src) against
types generated from the package's JSON Schemas by json-schema-to-typescript
(examples/web/client/src/schema/*.d.ts), and compiled by ``tsc --strict`` to
the JavaScript the page serves (examples/web/static/*.js), committed so that
the example runs without node.  These tests fail when the committed types
differ from what the schemas give today, when the client does not type-check,
or when the committed JavaScript differs from tsc's output.

They need the npm tools of examples/web/client/package.json (installed by
``npm ci`` there, as ``.ci/run`` does).  Without them the tests are skipped,
saying how to install them, except in CI (the ``CI`` environment variable
set), where a missing tool fails them.

Rule ids: none (the client's build).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CLIENT = ROOT / "examples" / "web" / "client"
STATIC = ROOT / "examples" / "web" / "static"
SCHEMAS = ROOT / "src" / "rummy500" / "schemas"
BIN = CLIENT / "node_modules" / ".bin"
INSTALL = "run `npm ci` in examples/web/client (node and npm needed)"


def tool(name: str) -> Path:
    """The path of an npm tool of the client, or a skip (a failure in CI) saying how to get it."""
    node = shutil.which("node")
    path = BIN / name
    if node is None or not path.exists():
        missing = "node" if node is None else f"{path.relative_to(ROOT)}"
        message = f"{missing} is missing: {INSTALL}"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the TypeScript checks, but {message}")
        pytest.skip(message)
    return path


def run(command: list[str | Path]) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(part) for part in command],
        cwd=CLIENT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, f"{command}: {result.stdout}\n{result.stderr}"
    return result


def test_the_committed_types_are_those_the_schemas_give(tmp_path: Path) -> None:
    tool("json2ts")
    run(["node", "generate-types.mjs", "--out", tmp_path])
    generated = {path.name: path.read_text("utf-8") for path in tmp_path.glob("*.d.ts")}
    committed = {
        path.name: path.read_text("utf-8") for path in (CLIENT / "src" / "schema").glob("*.d.ts")
    }
    assert sorted(generated) == sorted(f"{path.stem}.d.ts" for path in SCHEMAS.glob("*.json"))
    assert sorted(committed) == sorted(generated)
    for name, text in generated.items():
        assert committed[name] == text, f"{name} differs from its schema's types: `npm run types`"


def test_the_client_type_checks_with_tsc_strict() -> None:
    tsc = tool("tsc")
    config = json.loads((CLIENT / "tsconfig.json").read_text("utf-8"))
    assert config["compilerOptions"]["strict"] is True
    run([tsc, "-p", "tsconfig.json", "--noEmit"])


def test_the_committed_javascript_is_what_tsc_writes(tmp_path: Path) -> None:
    tsc = tool("tsc")
    run([tsc, "-p", "tsconfig.json", "--outDir", tmp_path])
    compiled = {path.name: path.read_text("utf-8") for path in tmp_path.glob("*.js")}
    committed = {path.name: path.read_text("utf-8") for path in STATIC.glob("*.js")}
    assert sorted(compiled) == ["api.js", "app.js", "cards.js"]
    assert sorted(committed) == sorted(compiled)
    for name, text in compiled.items():
        assert committed[name] == text, f"static/{name} is not tsc's output: `npm run build`"


def test_the_lock_file_pins_the_tools_of_package_json() -> None:
    package = json.loads((CLIENT / "package.json").read_text("utf-8"))
    lock = json.loads((CLIENT / "package-lock.json").read_text("utf-8"))
    tools = package["devDependencies"]
    assert set(tools) == {"json-schema-to-typescript", "typescript"}
    assert lock["packages"][""]["devDependencies"] == tools
    for name, version in tools.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


def test_the_page_loads_the_compiled_modules_and_the_server_serves_them() -> None:
    pytest.importorskip("starlette")
    from examples.web.app import _FILES

    page = (STATIC / "index.html").read_text("utf-8")
    assert '<script type="module" src="/static/app.js"></script>' in page
    assert {"app.js", "api.js", "cards.js"} <= set(_FILES)
    app = (STATIC / "app.js").read_text("utf-8")
    assert 'from "./api.js"' in app
    # The client reads moves as data: no notation is parsed in the page.
    for source in (CLIENT / "src").glob("*.ts"):
        text = source.read_text("utf-8")
        assert "split(/\\s+/)" not in text, source
        assert "legal_moves" not in text, source

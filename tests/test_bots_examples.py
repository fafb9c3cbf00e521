"""The example bots as programs (examples/bots/): each plays a full match through the CLI.

The JavaScript bot needs Node.js and is type-checked against the package of the TypeScript
types (clients/typescript, generated from the JSON Schemas) by that package's TypeScript
(`npm ci` in clients/typescript); in CI both must be there.  The Python bot needs only Python.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rummy500 import cli

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "examples" / "bots"
TSC = ROOT / "clients" / "typescript" / "node_modules" / ".bin" / "tsc"


def needed(path: Path | None, what: str) -> Path:
    """``path``, or a skip (a failure in CI) saying what is missing."""
    if path is None or not path.exists():
        message = f"{what} is missing (node; `npm ci` in clients/typescript)"
        if os.environ.get("CI"):
            pytest.fail(f"CI must run the example bots, but {message}")
        pytest.skip(message)
    return path


def node() -> Path:
    found = shutil.which("node")
    return needed(None if found is None else Path(found), "node")


def play_a_match(spec: str, capsys: pytest.CaptureFixture[str]) -> str:
    argv = ["simulate", "--matches", "1", "--seed", "5", "--bots", spec, "greedy"]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "1 match," in out
    return out


def test_the_python_bot_plays_a_match_through_the_cli(capsys: pytest.CaptureFixture[str]) -> None:
    spec = f"exec:{shlex.quote(sys.executable)} {shlex.quote(str(BOTS / 'python_bot.py'))}"
    out = play_a_match(spec, capsys)
    assert out.splitlines()[2].split()[1] == "exec:" + sys.executable


def test_the_javascript_bot_plays_a_match_through_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = shlex.quote(str(BOTS / "javascript" / "bot.mjs"))
    play_a_match(f"exec:{shlex.quote(str(node()))} {script}", capsys)


def test_the_javascript_bot_type_checks_against_the_schemas_types() -> None:
    node()
    tsc = needed(TSC, "the types package's tsc")
    done = subprocess.run(
        [str(tsc), "-p", str(BOTS / "javascript")],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_smallest_bot_plays_a_match_through_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = shlex.quote(str(BOTS / "first_move.py"))
    play_a_match(f"exec:{shlex.quote(sys.executable)} {script}", capsys)


def test_the_rust_bot_plays_a_match_through_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bot in a language without our types and without a JSON library (Rust, no crate)."""
    cargo = shutil.which("cargo")
    if cargo is None:
        pytest.skip("cargo is missing: the Rust bot is not built")
    manifest = BOTS / "rust" / "Cargo.toml"
    built = subprocess.run(
        [cargo, "build", "--release", "--offline", "--quiet", "--manifest-path", str(manifest)],
        env={**os.environ, "CARGO_TARGET_DIR": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert built.returncode == 0, built.stderr
    program = tmp_path / "release" / "rummy500-rust-bot"
    play_a_match(f"exec:{shlex.quote(str(program))}", capsys)

"""The README's commands stay true, and the example programs run.

Rule ids: none (the documentation and the programs around the library).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```sh\n(.*?)\n```", text, flags=re.DOTALL)


def test_readme_test_command_is_what_ci_runs() -> None:
    ci_script = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    ci_commands = [line for line in ci_script.splitlines() if line.startswith("python3 -m venv")]
    assert len(ci_commands) == 1
    assert ci_commands[0] in _readme_commands()


def test_readme_two_commands_section_has_exactly_two_and_the_first_runs_the_demo() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands\n", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```sh\n(.*?)\n```", section, flags=re.DOTALL)
    assert len(commands) == 2
    assert commands[0].endswith("python -m rummy500 demo")
    assert commands[1].startswith("python3 -m venv .venv && .venv/bin/pip install -q -e")
    # The web example has its own heading, after the two.
    assert "examples.web" not in section
    assert "## Play in the browser" in text


def test_demo_runs() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummy500", "demo", "--seed", "3"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "could meld" in result.stdout
    assert "Random players play the hand:" in result.stdout
    assert "ended by" in result.stdout


def test_cli_rules_describes_a_preset() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummy500", "rules", "boathouse"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "going_out" in result.stdout
    assert "discard_required" in result.stdout


@pytest.mark.parametrize("script", sorted((ROOT / "examples").glob("*.py")), ids=lambda p: p.name)
def test_example_runs(script: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(script), "--deals", "2"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout


def test_meld_benchmark_runs_with_small_arguments() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_meldgen.py"), "--hands", "20"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "largest meld count" in result.stdout
    assert result.stdout.startswith("machine: ")


@pytest.mark.parametrize(
    "arguments",
    [
        [
            "bench_engine.py",
            "--hands",
            "3",
            "--timed-hands",
            "3",
            "--candidates",
            "10",
            "--positions",
            "4",
            "--repeat",
            "1",
            "--memory-hands",
            "2",
        ],
        ["bench_openspiel.py", "--hands", "3", "--rounds", "1"],
        ["profile_engine.py", "--hands", "3", "--top", "5"],
        ["bench_presets.py", "--hands", "2"],
        ["count_instructions.py", "--what", "random", "--hands", "1"],
        [
            "bench_opening.py",
            "--positions",
            "1",
            "--repeat",
            "1",
            "--hands",
            "1",
            "--minimums",
            "30",
            "--candidates",
            "1",
        ],
        [
            "digest_moves.py",
            "--hands",
            "1",
            "--minimums",
            "30",
            "--players",
            "2",
            "--positions",
            "1",
        ],
        ["digest_search.py", "--hands", "1", "--iterations", "4", "--rollout-hands", "1"],
        [
            "bench_protocol.py",
            "--floor-lines",
            "5",
            "--hands",
            "1",
            "--tournament-hands",
            "2",
            "--width-hands",
            "2",
            "--search",
            "search:iterations=4",
        ],
        ["bench_views.py", "--hands", "1", "--repeat", "1"],
    ],
    ids=lambda arguments: arguments[0],
)
def test_engine_benchmarks_run_with_small_arguments(arguments: list[str]) -> None:
    script = ROOT / "benchmarks" / arguments[0]
    result = subprocess.run(
        [sys.executable, str(script), *arguments[1:]],
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout
    if not arguments[0].startswith("digest_"):  # the digests are the same on every machine
        # Times and rates differ from machine to machine: the report names it first.
        first = result.stdout.splitlines()[0]
        assert first.startswith("machine: "), first
        assert " cores; Python " in first, first


def test_every_documented_module_imports_with_the_optional_libraries_mocked() -> None:
    """The ``docs`` extra alone builds the docs: where an optional library is missing, autodoc
    imports the documented module against a mock of it (docs/conf.py), so every module the
    reference names must import so (a type written with ``|`` between mocked types did not)."""
    pytest.importorskip("sphinx")
    text = "\n".join(page.read_text(encoding="utf-8") for page in (ROOT / "docs").rglob("*.md"))
    modules = {
        name if kind == "module" else name.rpartition(".")[0]
        for kind, name in re.findall(r"^\.\. auto(\w+):: (rummy500[\w.]*)", text, re.MULTILINE)
    }
    code = (
        "import importlib, runpy, sys\n"
        "from sphinx.ext.autodoc.mock import mock\n"
        f"optional = runpy.run_path({str(ROOT / 'docs' / 'conf.py')!r})['_OPTIONAL']\n"
        "with mock(list(optional)):\n"
        "    for name in sys.argv[1:]:\n"
        "        importlib.import_module(name)\n"
        "print('imported', len(sys.argv) - 1)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, *sorted(modules)], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert result.stdout.strip() == f"imported {len(modules)}"

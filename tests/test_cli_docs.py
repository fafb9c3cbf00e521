"""The console examples of ``docs/cli.md`` are real: each command is run and its output compared.

A ``console`` block holds commands (``$ rummy500 ...``, optionally reading
standard input with ``< FILE``) each followed by its output, standard error
and standard output together in the order written; ``...`` in the expected
output stands for any text (as doctest's ELLIPSIS). The files the examples
name are made here: ``match.json`` (a finished match between greedy bots),
``corrupted.json`` (the same with a move made by the wrong seat),
``empty.json`` and ``moves.txt`` (input for ``play``: ``moves``, then ``quit``).
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import re
import shlex
from pathlib import Path

import pytest

from rummy500 import cli, presets
from rummy500.bots import GreedyBot, iter_hand
from rummy500.match import new_match
from rummy500.records import MatchRecorder

DOC = Path(__file__).resolve().parent.parent / "docs" / "cli.md"
_BLOCK = re.compile(r"^```console\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _examples() -> list[tuple[str, str]]:
    """Every ``(command, expected output)`` of the page's console blocks."""
    examples: list[tuple[str, str]] = []
    for block in _BLOCK.findall(DOC.read_text(encoding="utf-8")):
        for chunk in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, _, output = chunk.partition("\n")
            examples.append((command, output))
    return examples


def finished_record() -> str:
    """The record of a finished match between greedy bots (pagat, 2 players, seed 3)."""
    recorder = MatchRecorder(new_match(presets.get("pagat"), 2, seed=3))
    bots = [GreedyBot(seed=0), GreedyBot(seed=1)]
    while not recorder.match.is_over:
        for step in iter_hand(recorder.match.hand, bots):
            recorder.play(step.move)
    return recorder.to_json() + "\n"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli-docs")
    record = finished_record()
    (folder / "match.json").write_text(record, encoding="utf-8")
    data = json.loads(record)
    assert data["hands"][1]["moves"][2].startswith("p0: ")
    data["hands"][1]["moves"][2] = "p1: " + data["hands"][1]["moves"][2][4:]
    (folder / "corrupted.json").write_text(json.dumps(data), encoding="utf-8")
    (folder / "empty.json").write_bytes(b"")
    (folder / "moves.txt").write_text("moves\nquit\n", encoding="utf-8")
    return folder


def test_the_page_has_console_examples() -> None:
    commands = [command for command, _ in _examples()]
    assert len(commands) >= 10
    assert all(command.startswith("rummy500 ") for command in commands)


@pytest.mark.parametrize(
    ("command", "expected"), _examples(), ids=[command for command, _ in _examples()]
)
def test_cli_docs_example_output(
    command: str,
    expected: str,
    files: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(files)
    words = shlex.split(command)[1:]
    if "<" in words:
        at = words.index("<")
        stdin = (files / words[at + 1]).read_bytes()
        words = words[:at] + words[at + 2 :]
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))
    output = io.StringIO()
    # --version, --help and usage errors exit through argparse (SystemExit).
    with (
        contextlib.redirect_stdout(output),
        contextlib.redirect_stderr(output),
        contextlib.suppress(SystemExit),
    ):
        cli.main(words)
    got = "\n".join(line.rstrip() for line in output.getvalue().splitlines()) + "\n"
    checker = doctest.OutputChecker()
    if not checker.check_output(expected, got, doctest.ELLIPSIS):
        pytest.fail(f"$ {command}\nexpected:\n{expected}\ngot:\n{got}")

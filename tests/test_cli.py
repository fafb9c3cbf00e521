"""Tests of the command line: ``play``, ``simulate`` and ``validate``.

Rule ids: none of their own (the command line reports the rule a move
breaks, e.g. D2 for a player count).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rummy500
import rummy500.simulate
from rummy500 import Rules, cli
from rummy500.match import match_legal_moves, new_match
from rummy500.moves import format_move
from rummy500.records import MatchRecorder, replay
from rummy500.views import PlayerView


def _stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


def test_play_commands_errors_and_quit(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "match.json"
    _stdin(monkeypatch, "moves\nhelp\nbogus\ndiscard AS\np1: draw\nquit\n")
    code = cli.main(["play", "--seed", "3", "--bot", "random", "--record", str(record)])
    out = capsys.readouterr().out
    assert code == 0
    assert "your move>\n" in out  # a prompt ends its line when stdin is not a terminal
    assert "p0: draw" in out  # the legal moves
    assert "Commands:" in out  # the help
    assert "error: unknown move 'bogus'" in out
    assert out.count("error: ") == 3  # bogus, a discard before drawing, another seat
    assert "you play seat p0, not p1" in out
    assert "match left in hand 1" in out
    assert replay(record.read_text()).number == 1


def test_play_end_of_input_exits_cleanly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, "draw\n")
    assert cli.main(["play", "--seed", "5"]) == 0
    assert "match left in hand 1" in capsys.readouterr().out


def test_play_a_whole_match(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    asked: list[int] = []

    def first_legal_move(prompt: str, view: PlayerView) -> str:
        asked.append(1)
        return format_move(view.legal_moves[0])

    monkeypatch.setattr(cli, "read_line", first_legal_move)
    record = tmp_path / "match.json"
    argv = ["play", "--preset", "basic_rummy", "--seed", "11", "--record", str(record)]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert asked
    assert "match over after" in out
    data = json.loads(record.read_text())
    assert "winner" in data
    assert replay(data).is_over
    assert cli.main(["validate", str(record)]) == 0
    assert capsys.readouterr().out.startswith("valid: preset 'basic_rummy'")


def test_simulate_hands_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["simulate", "--hands", "3", "--workers", "1", "--bots", "greedy,random"])
    captured = capsys.readouterr()
    assert code == 0
    lines = captured.out.splitlines()
    assert lines[1].split() == ["seat", "bot", "wins", "win", "rate", "score/hand", "moves/hand"]
    assert lines[2].split()[:2] == ["p0", "greedy"]
    assert lines[3].split()[:2] == ["p1", "random"]
    assert sum(int(line.split()[2]) for line in lines[2:4]) <= 3
    assert lines[4].startswith("3 hands, ")
    assert "3/3 hands" in captured.err


def test_simulate_totals_equal_the_simulate_module(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--hands", "4", "--seed", "7", "--bots", "greedy,random"]) == 0
    library = rummy500.simulate.simulate("pagat", 2, ["greedy", "random"], 4, seed=7)
    assert capsys.readouterr().out.splitlines()[1:] == library.table().splitlines()
    argv = ["simulate", "--matches", "2", "--seed", "4", "--bots", "random,greedy"]
    assert cli.main(argv) == 0
    library = rummy500.simulate.simulate(
        "pagat", 2, ["random", "greedy"], 2, unit="matches", seed=4
    )
    assert capsys.readouterr().out.splitlines()[1:] == library.table().splitlines()


def test_simulate_on_worker_processes_gives_the_same_totals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["simulate", "--hands", "4", "--seed", "3", "--bots", "greedy,random"]
    assert cli.main([*argv, "--workers", "2"]) == 0
    pooled = capsys.readouterr().out
    library = rummy500.simulate.simulate("pagat", 2, ["greedy", "random"], 4, seed=3)
    assert pooled.splitlines()[1:] == library.table().splitlines()


def test_simulate_uses_the_public_simulate_module(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert vars(cli)["simulate"] is rummy500.simulate.simulate
    assert vars(cli)["BOTS"] is rummy500.simulate.BOTS
    for copy in ("_run_job", "_Job", "_Outcome", "_job_seed", "_make_bots", "_hand_winner"):
        assert not hasattr(cli, copy)
    calls: list[dict[str, Any]] = []
    real = rummy500.simulate.simulate

    def spy(*args: Any, **kwargs: Any) -> Any:
        calls.append(kwargs)
        return real(*args, **kwargs)

    monkeypatch.setattr(cli, "simulate", spy)
    assert cli.main(["simulate", "--hands", "2", "--seed", "5"]) == 0
    assert calls[0]["seed"] == 5
    assert calls[0]["unit"] == "hands"
    capsys.readouterr()


def test_simulate_one_bot_plays_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--hands", "1", "--bots", "greedy"]) == 0
    out = capsys.readouterr().out
    assert "'pagat', 2 players" in out
    assert [line.split()[1] for line in out.splitlines()[2:4]] == ["greedy", "greedy"]
    assert cli.main(["simulate", "--hands", "1", "--players", "3", "--bots", "random"]) == 0
    out = capsys.readouterr().out
    assert [line.split()[1] for line in out.splitlines()[2:5]] == ["random"] * 3


def test_simulate_wrong_number_of_bots_says_one_bot_per_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["simulate", "--hands", "1", "--players", "3", "--bots", "greedy,random"]) == 2
    err = capsys.readouterr().err
    assert err == (
        "rummy500: error: --bots needs one bot per seat (or a single bot for every seat): "
        "got 2 bots for 3 players\n"
    )
    assert "D2" not in err
    assert cli.main(["simulate", "--hands", "1", "--players", "2", "--bots", "a,b,c"]) == 2
    assert "unknown bot 'a'" in capsys.readouterr().err
    argv = ["simulate", "--hands", "1", "--players", "2", "--bots", "greedy,random,random"]
    assert cli.main(argv) == 2
    assert "got 3 bots for 2 players" in capsys.readouterr().err


def test_simulate_rejects_bad_bots_and_counts(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--hands", "1", "--bots", "greedy,smart"]) == 2
    assert "--bots: unknown bot 'smart'; known bots: random, greedy, search" in (
        capsys.readouterr().err
    )
    assert cli.main(["simulate", "--hands", "0"]) == 2
    assert "--hands: expected at least 1, got 0" in capsys.readouterr().err
    assert cli.main(["simulate", "--matches", "-1"]) == 2
    assert "--matches: expected at least 1, got -1" in capsys.readouterr().err
    assert cli.main(["simulate", "--workers", "0"]) == 2
    assert "--workers: expected at least 1, got 0" in capsys.readouterr().err
    assert cli.main(["simulate", "--hands", "1", "--players", "9"]) == 2
    assert "2 to 8 players, got 9 (D2)" in capsys.readouterr().err


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_simulate_progress_is_plain_lines_when_stderr_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["simulate", "--hands", "3"]) == 0
    err = capsys.readouterr().err
    assert re.fullmatch(r"simulate: 3/3 hands \(100%\), [0-9.]+ hands/s, done\n", err)


def test_simulate_progress_is_a_tqdm_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("tqdm")
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert cli.main(["simulate", "--hands", "3"]) == 0
    bar = terminal.getvalue()
    assert "simulate: 100%" in bar
    assert "3/3" in bar
    assert "hand/s" in bar  # the rate
    assert "<00:00" in bar  # the time left
    assert "3 hands, " in capsys.readouterr().out


def test_simulate_progress_falls_back_to_plain_lines_without_tqdm(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    assert cli.main(["simulate", "--hands", "2"]) == 0
    hint, progress = terminal.getvalue().splitlines()[:2]
    assert hint == (
        "simulate: a progress bar needs the 'cli' extra (no module named 'tqdm'): "
        "pip install 'rummy500[cli]'"
    )
    assert progress.startswith("simulate: 2/2 hands (100%)")
    capsys.readouterr()


def test_simulate_ctrl_c_in_a_hand_exits_130_without_traceback(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted(seed: int) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setitem(rummy500.simulate.BOTS, "interrupted", interrupted)
    assert cli.main(["simulate", "--hands", "3", "--bots", "interrupted"]) == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "rummy500: interrupted\n"


@pytest.fixture
def good_record(tmp_path: Path) -> Path:
    """A record of a finished match between bots."""
    import random

    recorder = MatchRecorder(new_match(Rules(target_score=100), 2, seed=3))
    rng = random.Random(3)
    while not recorder.match.is_over:
        recorder.play(rng.choice(match_legal_moves(recorder.match)))
    path = tmp_path / "good.json"
    path.write_text(recorder.to_json())
    return path


def test_validate_a_good_record(good_record: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate", str(good_record)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("valid: ")
    assert len(out.splitlines()) == 1


def test_validate_a_corrupted_record(
    good_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(good_record.read_text())
    data["hands"][0]["moves"][0] = "p1: discard AS"  # not p1's turn
    corrupted = tmp_path / "corrupted.json"
    corrupted.write_text(json.dumps(data))
    assert cli.main(["validate", str(corrupted)]) == 1
    assert "hand 1, move 1:" in capsys.readouterr().err


def test_validate_a_malformed_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    malformed = tmp_path / "malformed.json"
    malformed.write_text("{not json")
    assert cli.main(["validate", str(malformed)]) == 2
    assert "not valid JSON" in capsys.readouterr().err
    assert cli.main(["validate", str(tmp_path / "missing.json")]) == 2


def test_demo_and_rules_still_work(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo", "--seed", "2"]) == 0
    assert "The end of the hand:" in capsys.readouterr().out
    assert cli.main(["rules", "pagat"]) == 0
    assert capsys.readouterr().out.startswith("preset 'pagat'")


def test_players_default_to_the_bots_or_the_preset(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--hands", "2", "--preset", "partnership"]) == 0
    assert "'partnership', 4 players" in capsys.readouterr().out
    assert cli.main(["simulate", "--hands", "2", "--bots", "random,random,greedy"]) == 0
    assert "'pagat', 3 players" in capsys.readouterr().out


# ---------------------------------------------------------------------------
# --version and the help texts


def test_version_prints_the_package_version_and_build(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(["--version"])
    assert exit_.value.code == 0
    build = "compiled (mypyc)" if rummy500.COMPILED else "pure Python"
    assert capsys.readouterr().out == f"rummy500 {rummy500.__version__}, {build}\n"


def _help(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit) as exit_:
        cli.main([*argv, "--help"])
    assert exit_.value.code == 0
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("command", ["demo", "play"])
def test_help_mentions_no_bots_option_the_command_lacks(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _help(capsys, command)
    assert "--bots" not in text
    assert "number of players (default: the fewest the preset allows)" in text


def test_simulate_help_documents_bots_per_seat_or_for_every_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = _help(capsys, "simulate")
    assert "one bot per seat, or one bot for every seat, from: random, greedy, search" in text


def test_rules_positional_argument_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    text = _help(capsys, "rules")
    assert "PRESET the preset to describe, one of: pagat, wikipedia," in text
    assert "(default pagat)" in text


def test_validate_file_argument_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert "FILE the record (JSON) to check; - reads standard input" in _help(capsys, "validate")


# ---------------------------------------------------------------------------
# validate: standard input, empty files, one style of verdicts


def _binary_stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data), encoding="utf-8"))


def test_validate_reads_standard_input_for_dash(
    good_record: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["validate", str(good_record)]) == 0
    from_file = capsys.readouterr().out
    _binary_stdin(monkeypatch, good_record.read_bytes())
    assert cli.main(["validate", "-"]) == 0
    assert capsys.readouterr().out == from_file
    _stdin(monkeypatch, good_record.read_text())  # a text stream without .buffer
    assert cli.main(["validate", "-"]) == 0
    assert capsys.readouterr().out == from_file


def test_validate_standard_input_errors(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _binary_stdin(monkeypatch, b"{not json")
    assert cli.main(["validate", "-"]) == 2
    assert capsys.readouterr().err.startswith("malformed: record is not valid JSON")
    _binary_stdin(monkeypatch, b"\xff{}")
    assert cli.main(["validate", "-"]) == 2
    assert capsys.readouterr().err.startswith("malformed: standard input is not UTF-8 text")
    _binary_stdin(monkeypatch, b" " * (cli.MAX_RECORD_FILE + 1))
    assert cli.main(["validate", "-"]) == 2
    assert capsys.readouterr().err.startswith("malformed: standard input is larger than")


def test_validate_empty_file_says_empty_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    assert cli.main(["validate", str(empty)]) == 2
    assert capsys.readouterr().err == "malformed: empty file\n"
    empty.write_bytes(b" \n\t\n")
    assert cli.main(["validate", str(empty)]) == 2
    assert capsys.readouterr().err == "malformed: empty file (only white space)\n"
    _binary_stdin(monkeypatch, b"")
    assert cli.main(["validate", "-"]) == 2
    err = capsys.readouterr().err
    assert err == "malformed: empty file\n"
    assert "not valid JSON" not in err


def test_validate_errors_share_one_prefix_style(
    good_record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = json.loads(good_record.read_text())
    data["hands"][0]["moves"][0] = "p1: discard AS"
    corrupted = tmp_path / "corrupted.json"
    corrupted.write_text(json.dumps(data))
    malformed = tmp_path / "malformed.json"
    malformed.write_text("{not json")
    verdicts = {
        str(corrupted): (1, "invalid: hand 1, move 1: "),
        str(malformed): (2, "malformed: record is not valid JSON"),
        str(tmp_path / "missing.json"): (
            2,
            f"unreadable: cannot read {tmp_path / 'missing.json'}: No such file or directory",
        ),
        str(tmp_path): (2, f"unreadable: cannot read {tmp_path}: "),
    }
    for name, (code, start) in verdicts.items():
        assert cli.main(["validate", name]) == code
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err.startswith(start)
        assert len(captured.err.splitlines()) == 1
        assert "rummy500: error" not in captured.err


# ---------------------------------------------------------------------------
# Plurals


def test_count_words_in_the_singular_and_the_plural() -> None:
    assert cli._count(1, "legal move") == "1 legal move"
    assert cli._count(2, "legal move") == "2 legal moves"
    assert cli._count(0, "way") == "0 ways"
    assert cli._count(1, "match", "matches") == "1 match"
    assert cli._count(3, "match", "matches") == "3 matches"


def test_plurals_in_demo_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "(1 legal move)" in out
    assert "(2 legal moves)" in out
    assert "(1 legal moves)" not in out
    assert "(s)" not in out
    assert cli.main(["demo", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "p0 could meld 1 way, " in out
    assert "p1 could meld 17 ways, " in out


def test_plurals_in_simulate_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--hands", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(": 1 hand")
    assert lines[-1].startswith("1 hand, ")
    assert cli.main(["simulate", "--matches", "1", "--preset", "basic_rummy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].endswith(": 1 match")
    assert re.match(r"1 match, [0-9]+ hands?, ", lines[-1])


def _record_after_hands(tmp_path: Path, finished: int) -> Path:
    """A record of a match in progress after ``finished`` hands of random play."""
    import random

    recorder = MatchRecorder(new_match(Rules(target_score=5000), 2, seed=8))
    rng = random.Random(8)
    while len(recorder.match.history) < finished:
        recorder.play(rng.choice(match_legal_moves(recorder.match)))
    path = tmp_path / f"after-{finished}.json"
    path.write_text(recorder.to_json())
    return path


def test_plurals_in_validate_output(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["validate", str(_record_after_hands(tmp_path, 1))]) == 0
    assert ", 1 finished hand, in progress in hand 2" in capsys.readouterr().out
    assert cli.main(["validate", str(_record_after_hands(tmp_path, 0))]) == 0
    assert ", 0 finished hands, in progress in hand 1" in capsys.readouterr().out


def test_plurals_in_play_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def first_legal_move(prompt: str, view: PlayerView) -> str:
        return format_move(view.legal_moves[0])

    monkeypatch.setattr(cli, "read_line", first_legal_move)
    assert cli.main(["play", "--preset", "basic_rummy", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"match over after [0-9]+ hands?: ", out)
    assert "(s)" not in out
    assert "match over after 1 hands" not in out


# ---------------------------------------------------------------------------
# The credits "(by 01110)" explained


def test_demo_explains_the_credits(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["demo", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "  meld 0: 7S JK=8S 9S TS JS  (by 01110)" in out
    assert (
        'Credits: "(by 01110)" after meld 0 names, card by card, the seat that put it on the\n'
        "  table: 7S by p0, JK=8S 9S TS by p1, JS by p0; each card scores for that seat.\n"
    ) in out


def test_credits_legend_picks_a_meld_with_several_seats() -> None:
    from rummy500.melds import Meld
    from rummy500.state import TableMeld

    melds = [
        TableMeld(Meld.parse("4S 4H 4C"), (1, 1, 1)),
        TableMeld(Meld.parse("5H 6H 7H 8H"), (0, 0, 0, 1)),
    ]
    legend = cli._credits(melds)
    assert legend is not None
    assert '"(by 0001)" after meld 1' in legend
    assert "5H 6H 7H by p0, 8H by p1" in legend
    only = cli._credits(melds[:1])
    assert only is not None
    assert "4S 4H 4C by p1" in only
    assert cli._credits([]) is None


def test_play_explains_the_credits_once_and_in_help(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def first_legal_move(prompt: str, view: PlayerView) -> str:
        return format_move(view.legal_moves[0])

    monkeypatch.setattr(cli, "read_line", first_legal_move)
    assert cli.main(["play", "--preset", "basic_rummy", "--seed", "11"]) == 0
    out = capsys.readouterr().out
    assert out.count("Credits: ") == 1
    assert "(by " in out.split("Credits: ")[0]  # after the first table with a meld
    _stdin(monkeypatch, "help\nquit\n")
    monkeypatch.setattr(cli, "read_line", _input)
    assert cli.main(["play", "--seed", "3"]) == 0
    assert '"(by 01110)" gives the seat that put each of its cards' in " ".join(
        capsys.readouterr().out.split()
    )


def _input(prompt: str, view: PlayerView) -> str:
    return input(prompt)


# ---------------------------------------------------------------------------
# No traceback for a user error or Ctrl-C


@pytest.mark.parametrize(
    "argv",
    [
        ["demo", "--players", "1"],
        ["demo", "--players", "99"],
        ["play", "--players", "1"],
        ["play", "--seed", str(2**70)],
        ["simulate", "--hands", "1", "--players", "1"],
        ["simulate", "--bots", ","],
        ["validate", "/nonexistent/record.json"],
    ],
)
def test_user_errors_are_one_line_without_traceback(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["bogus"],
        ["demo", "--players", "two"],
        ["rules", "nope"],
        ["simulate", "--hands", "1", "--matches", "1"],
        ["simulate", "--workers", "x"],
        ["validate"],
    ],
)
def test_usage_errors_exit_2_through_argparse(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "error: " in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("argv", "stray"),
    [
        (["simulate", "--hand", "3"], "--hand 3"),
        (["simulate", "--match", "1"], "--match 1"),
        (["demo", "--sed", "3"], "--sed 3"),
        (["demo", "--pre", "wikipedia"], "--pre wikipedia"),
        (["play", "--bo", "random"], "--bo random"),
    ],
)
def test_an_abbreviated_or_unknown_option_is_refused_with_the_commands_usage(
    argv: list[str], stray: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """No prefix matching (--hand is not --hands), and the sub-command's own usage."""
    with pytest.raises(SystemExit) as exit_:
        cli.main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"usage: rummy500 {argv[0]} "), err
    assert f"rummy500 {argv[0]}: error: unrecognized arguments: {stray}" in err


@contextlib.contextmanager
def _running(argv: list[str]) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        [sys.executable, "-m", "rummy500", *argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # A background job may start with Ctrl-C ignored: give it the default back.
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        yield process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_in_play_exits_130_without_traceback() -> None:
    with _running(["play", "--seed", "3"]) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        seen = ""
        while "your move>" not in seen:
            char = process.stdout.read(1)
            assert char, seen
            seen += char
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == cli.EXIT_INTERRUPTED
        assert "match interrupted in hand 1" in out
        assert "Traceback" not in err

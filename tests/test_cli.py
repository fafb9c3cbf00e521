"""Tests of the command line: ``play``, ``simulate`` and ``validate``.

Rule ids: none of their own (the command line reports the rule a move
breaks, e.g. D2 for a player count).
"""

from __future__ import annotations

import concurrent.futures
import io
import json
from pathlib import Path

import pytest

from rummy500 import cli, presets
from rummy500.moves import format_move
from rummy500.records import replay
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
    assert "your move> " in out
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


def test_simulate_with_an_executor_matches_the_serial_run() -> None:
    rules = presets.get("pagat")
    serial = cli.simulate(rules, 2, ["random", "greedy"], 2, unit="matches", seed=4)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        pooled = cli.simulate(
            rules, 2, ["random", "greedy"], 2, unit="matches", seed=4, executor=pool
        )
    assert pooled == serial
    assert sum(serial.wins) == 2
    assert serial.hands >= 2


def test_simulate_rejects_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--hands", "1", "--players", "3", "--bots", "greedy,random"]) == 2
    assert "one bot per seat" in capsys.readouterr().err
    # Without --players the bots give the number of players.
    assert cli.main(["simulate", "--hands", "1", "--bots", "greedy"]) == 2
    assert "2 to 8 players, got 1 (D2)" in capsys.readouterr().err
    assert cli.main(["simulate", "--hands", "1", "--bots", "greedy,smart"]) == 2
    assert "unknown bot 'smart'" in capsys.readouterr().err


@pytest.fixture
def good_record(tmp_path: Path) -> Path:
    """A record of a finished match between bots."""
    import random

    from rummy500 import Rules
    from rummy500.match import match_legal_moves, new_match
    from rummy500.records import MatchRecorder

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

"""Hardening: every bad input is a clear, short library error (one regression test per defect).

Each test is named after the defect it guards, numbered as they were found
by a fuzzing run: 1 Unicode digits in the notation, 2 a quadratic regex,
3 deeply nested JSON, 4 a record's dealer not checked, 5 a recorder sharing
its record, 6 card values that are not integers, 8 seeds that are not
integers (and ``s``/``-s`` dealing the same cards), 9 positions with floats
for integers, 10 positions where nobody can move, 11 rule knobs of the
wrong type, 12 the command line's record file and Ctrl-C, 13 error messages
that repeat a huge input; and the records that were read too leniently.
(Number 7, the move generator's time under a large opening minimum, is
closed by the range of ``opening_minimum``: above 150 a rule set is refused
at once, T8.)

Rule ids: none of their own.
"""

from __future__ import annotations

import copy
import io
import itertools
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from rummy500 import (
    CardValues,
    Draw,
    GameState,
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    PositionError,
    RecordError,
    Rules,
    RulesError,
    Rummy500Error,
    apply_move,
    check_move,
    cli,
    legal_moves,
    new_game,
    new_match,
    observe,
    parse_move,
    replay,
)
from rummy500.match import match_legal_moves
from rummy500.notation import MAX_MOVE_LENGTH, MAX_NUMBER_DIGITS
from rummy500.positions import MAX_JSON_DEPTH, MAX_POSITION_LENGTH, rules_from_data
from rummy500.records import MAX_RECORD_LENGTH, MatchRecorder
from rummy500.values import FIVES
from rummy500.views import PlayerView
from tests.helpers import RESHUFFLE, last_stock_card, with_keys
from tests.positions import play, position

#: The longest message a bad input may give: a sentence and a quote of at most 80 characters.
SHORT = 400


def _error(call: Callable[[], Any], kind: type[Exception] = Rummy500Error) -> Exception:
    """The error ``call`` raises: a library error of ``kind`` (and a ValueError), short."""
    with pytest.raises(kind) as raised:
        call()
    error = raised.value
    assert isinstance(error, Rummy500Error)
    assert isinstance(error, ValueError)
    assert len(str(error)) < SHORT, str(error)[:SHORT]
    return error


def _recorded_match(seed: int = 3, target: int = 100) -> MatchRecorder:
    recorder = MatchRecorder(new_match(Rules(target_score=target), 2, seed=seed))
    rng = random.Random(seed)
    while not recorder.match.is_over:
        recorder.play(rng.choice(match_legal_moves(recorder.match)))
    return recorder


_RECORD = _recorded_match().to_dict()


def _record() -> dict[str, Any]:
    """A fresh copy of a whole recorded match."""
    return copy.deepcopy(_RECORD)


def _stdin(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(text))


# ---------------------------------------------------------------------------
# 1. Numbers in the notation are ASCII digits


@pytest.mark.parametrize(
    "text",
    [
        "take ²",
        "take ³",
        "take ⑤",
        "take ١",
        "take １",
        "rummy ٢ meld 4S 4H 4D",
        "layoff ١ 8H",
        "split ² meld 4S 4H 4D",
        "p１: draw",
        "p²: draw",
        "take " + "9" * (MAX_NUMBER_DIGITS + 1),
        "take " + "9" * 5000,
    ],
)
def test_hardening_01_unicode_digits_in_take(text: str) -> None:
    error = _error(lambda: parse_move(new_game(seed=1), text), NotationError)
    assert "int()" not in str(error)


def test_hardening_01_ascii_numbers_still_read() -> None:
    state = new_game(seed=1)
    assert str(parse_move(state, "take 0001")) == "p1: take 1"
    assert str(parse_move(state, "P0 : DRAW")) == "p0: draw"
    assert str(parse_move(state, "take " + "9" * MAX_NUMBER_DIGITS)) == "p1: take 999999999"


def test_hardening_01_play_goes_on_after_unicode_digits(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "match.json"
    _stdin(monkeypatch, "take ²\nquit\n")
    assert cli.main(["play", "--seed", "3", "--record", str(record)]) == 0
    out = capsys.readouterr().out
    assert "error: bad number of cards to take '²'" in out
    assert "match left in hand 1" in out
    assert replay(record.read_text()).number == 1


# ---------------------------------------------------------------------------
# 2. Parsing is linear: no quadratic regex


def test_hardening_02_quadratic_regex_in_seat_prefix() -> None:
    state = new_game(seed=1)
    start = time.perf_counter()
    _error(lambda: parse_move(state, "p" + " " * 64000 + "x"), NotationError)
    for spaces in (10, MAX_MOVE_LENGTH - 2):
        _error(lambda spaces=spaces: parse_move(state, "p" + " " * spaces + "x"), NotationError)
        # A prefix that is a prefix after all: the spaces are free.
        text = "p" + " " * (spaces - 5) + "0:draw"
        assert str(parse_move(state, text)) == "p0: draw"
    assert time.perf_counter() - start < 1.0


def test_hardening_02_move_text_is_bounded() -> None:
    state = new_game(seed=1)
    error = _error(lambda: parse_move(state, "draw" + " " * MAX_MOVE_LENGTH), NotationError)
    assert f"at most {MAX_MOVE_LENGTH}" in str(error)
    # The longest canonical move reads back.
    longest = "p1: meld " + " ".join(["JK"] * ((MAX_MOVE_LENGTH - 8) // 3))
    assert MAX_MOVE_LENGTH - 3 < len(longest) <= MAX_MOVE_LENGTH
    move = parse_move(state, longest)
    assert str(move) == longest


def test_hardening_02_canonical_form_within_the_bound() -> None:
    """A move whose canonical form (with its seat prefix) would pass the bound is refused."""
    state = new_game(seed=1)
    text = "meld " + " ".join(["JK"] * ((MAX_MOVE_LENGTH - 5) // 3)) + " "
    text = text.ljust(MAX_MOVE_LENGTH - 1) + "J"
    with pytest.raises(NotationError):
        parse_move(state, text)
    for filler in range(MAX_MOVE_LENGTH - 8, MAX_MOVE_LENGTH + 1):
        body = "meld " + ("JK " * MAX_MOVE_LENGTH)[: filler - 5].rstrip()
        try:
            move = parse_move(state, body)
        except NotationError:
            continue
        assert len(str(move)) <= MAX_MOVE_LENGTH
        assert parse_move(state, str(move)) == move


# ---------------------------------------------------------------------------
# 3. Deeply nested JSON


DEEP = "[" * 2000 + "]" * 2000


def test_hardening_03_deep_json_position() -> None:
    error = _error(lambda: GameState.from_json(DEEP), PositionError)
    assert "nested" in str(error)
    data = new_game(seed=2).to_dict()
    nested: Any = []
    for _ in range(5000):
        nested = [nested]
    _error(lambda: GameState.from_dict({**data, "stock": nested}), PositionError)
    itself: list[Any] = []
    itself.append(itself)
    _error(lambda: GameState.from_dict({**data, "melds": itself}), PositionError)
    # Nesting up to the bound is fine for the reader (the position is then judged on its keys).
    shallow = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert "nested" not in str(_error(lambda: GameState.from_json(shallow), PositionError))


def test_hardening_03_deep_json_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _error(lambda: replay(DEEP), RecordError)
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    assert cli.main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("malformed: ")
    assert "nested" in err
    assert len(err.splitlines()) == 1


def test_hardening_03_huge_numbers_and_text_in_json() -> None:
    _error(lambda: GameState.from_json('{"format": ' + "1" * 5000 + "}"), PositionError)
    _error(lambda: replay('{"format": ' + "1" * 5000 + "}"), RecordError)
    error = _error(lambda: GameState.from_json(" " * (MAX_POSITION_LENGTH + 1)), PositionError)
    assert "too long" in str(error)
    error = _error(lambda: replay(" " * (MAX_RECORD_LENGTH + 1)), RecordError)
    assert "too long" in str(error)
    _error(lambda: GameState.from_json(b"\xff\xfe"), PositionError)


# ---------------------------------------------------------------------------
# 4. Every recorded fact is checked on replay


def test_hardening_04_wrong_dealer_in_record() -> None:
    record = _record()
    record["hands"][0]["dealer"] = 1 - record["hands"][0]["dealer"]
    error = _error(lambda: replay(record), RecordError)
    assert str(error).startswith("record hand 1: dealer ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["hands"][0].__setitem__("dealer", 5), "record hand 1: dealer 5"),
        (lambda r: r["hands"][0].__setitem__("dealer", "0"), "record hand 1: dealer '0'"),
        (lambda r: r["hands"][0].__setitem__("seed", 1), "record hand 1: seed 1"),
        (lambda r: r["hands"][0].__setitem__("number", 2), "record hand 1: numbered 2"),
        (lambda r: r["hands"][0].__setitem__("mover", 2), "record hand 1: unknown keys"),
        (lambda r: r.__setitem__("seeds", 2), "record has unknown keys"),
        (lambda r: r["hands"][0]["result"].__setitem__("extra", 1), "record hand 1: the recorded"),
        (lambda r: r.__setitem__("dealer", 1), "record hand 1: dealer 0"),
        (lambda r: r.__setitem__("current", {"moves": []}), "the match is already over"),
    ],
)
def test_hardening_04_every_recorded_fact_is_checked(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    record = _record()
    change(record)
    assert message in str(_error(lambda: replay(record), RecordError))


def test_hardening_04_the_record_itself_replays() -> None:
    assert replay(_record()) == replay(json.dumps(_record()))


# ---------------------------------------------------------------------------
# 5. A recorder's record shares nothing with it


def test_hardening_05_to_dict_shares_nothing_with_the_recorder() -> None:
    recorder = _recorded_match()
    first = recorder.to_dict()
    expected = copy.deepcopy(first)
    first["hands"][0]["moves"][0] = "p1: fly"
    first["hands"][0]["result"]["scores"][0] = 10**6
    first["hands"].append({"moves": []})
    first["totals"].append(0)
    first["rules"] = "persian"
    assert recorder.to_dict() == expected
    assert json.loads(recorder.to_json()) == expected


def test_hardening_05_to_dict_of_a_hand_in_progress_shares_nothing() -> None:
    recorder = MatchRecorder(new_match(seed=4))
    recorder.play(legal_moves(recorder.match.hand)[0])
    first = recorder.to_dict()
    first["current"]["moves"].clear()
    assert recorder.to_dict()["current"]["moves"]


# ---------------------------------------------------------------------------
# 6. Card values are integers


@pytest.mark.parametrize("bad", ["1", None, 1.0, 1.5, True])
@pytest.mark.parametrize("field", ["low_ace", "joker", "ranks"])
def test_hardening_06_card_values_must_be_integers(field: str, bad: Any) -> None:
    values: dict[str, Any] = {
        "ranks": (15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10),
        "low_ace": 1,
        "joker": 15,
    }
    values[field] = (bad, *values["ranks"][1:]) if field == "ranks" else bad
    error = _error(lambda: CardValues(**values), InvalidArgumentError)
    assert field in str(error)
    data = CardValues(
        ranks=(15, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10), low_ace=1, joker=15
    ).to_dict()
    if field == "ranks":
        data["ranks"]["A"] = bad
    else:
        data[field] = bad
    _error(lambda: CardValues.from_dict(data), InvalidArgumentError)
    _error(lambda: Rules.from_dict({"card_values": data}))


def test_hardening_06_card_values_other_bad_arguments() -> None:
    _error(lambda: CardValues(ranks=itertools.count(), low_ace=1, joker=1), InvalidArgumentError)
    for divisor in ("5", 5.0, True, 0, -5, 7):
        _error(lambda divisor=divisor: FIVES.divided_by(divisor), InvalidArgumentError)
    assert FIVES.divided_by(5).ranks[0] == 3
    _error(lambda: CardValues.from_dict({1: 2, "a": 3}), InvalidArgumentError)
    _error(lambda: CardValues.from_dict({"x" * 10_000: 1}), InvalidArgumentError)


def test_hardening_06_a_table_equal_to_a_named_one_round_trips_as_data() -> None:
    """Found by fuzzing: a custom table equal to ``basic`` came back from a dict named."""
    rules = Rules(card_values=CardValues.custom(ace=1, low_ace=1, joker=0), jokers_per_deck=0)
    assert rules.card_values.name == "basic"
    state = new_game(rules, seed=1)
    assert GameState.from_dict(state.to_dict()).to_dict() == state.to_dict()
    assert Rules.from_dict(rules.to_dict()).to_dict() == rules.to_dict()


# ---------------------------------------------------------------------------
# 7. A large opening minimum is refused at once (T8: 0 or 1 to 150)


@pytest.mark.parametrize("minimum", [151, 500, 10**100])
def test_hardening_7_a_large_opening_minimum_is_refused_at_once(minimum: int) -> None:
    start = time.perf_counter()
    error = _error(lambda: Rules(opening_minimum=minimum), RulesError)
    assert "1 to 150" in str(error)
    assert "(T8)" in str(error)
    error = _error(lambda: rules_from_data({"preset": "pagat", "opening_minimum": minimum}))
    assert "1 to 150" in str(error)
    state = new_game(seed=1).to_dict()
    data = {**state, "rules": {"preset": "pagat", "opening_minimum": minimum}}
    assert "1 to 150" in str(_error(lambda: GameState.from_dict(data)))
    assert time.perf_counter() - start < 1.0


# ---------------------------------------------------------------------------
# 8. Seeds are integers; s and -s deal different cards


@pytest.mark.parametrize("seed", ["abc", "7", 1.5, 7.0, True, False, b"x", 2**64, -(2**64), [7]])
def test_hardening_08_seeds_must_be_integers(seed: Any) -> None:
    for start in (new_game, new_match):
        error = _error(lambda start=start: start(seed=seed), InvalidArgumentError)
        assert "seed" in str(error)


def test_hardening_08_negative_seeds_deal_other_cards() -> None:
    for seed in (1, 5, 2**63, 2**64 - 1):
        assert new_game(seed=seed).hands != new_game(seed=-seed).hands
        assert new_game(seed=-seed) == new_game(seed=-seed)
        assert new_match(seed=seed).hand.hands != new_match(seed=-seed).hand.hands
    # Seeds of 0 or more deal as they always have: random.Random(seed) shuffles the deck.
    deck = list(Rules().deck(2))
    random.Random(5).shuffle(deck)
    assert new_game(seed=5).stock == tuple(deck[27:])


def test_hardening_08_negative_seeds_round_trip() -> None:
    state = new_game(seed=-(2**64) + 1)
    assert GameState.from_json(state.to_json()) == state
    recorder = _recorded_match(seed=-3)
    assert replay(recorder.to_json()) == recorder.match
    data = state.to_dict()
    for seed in (2**64, 1.0, True, "03", "+3", " 3", str(2**64), "3.0"):
        _error(lambda seed=seed: GameState.from_dict({**data, "seed": seed}), PositionError)
    # A seed wider than 2**53 - 1 is written as its decimal text, and read back.
    assert data["seed"] == str(-(2**64) + 1)
    assert GameState.from_dict({**data, "seed": "3"}).seed == 3


def test_hardening_08_a_reshuffle_is_keyed_by_the_secret_seed() -> None:
    """Two deals with the same public cards but different seeds reshuffle differently."""
    state = last_stock_card(RESHUFFLE)
    stocks = {play(with_keys(state, seed=seed), "discard KD").stock for seed in range(20)}
    assert len(stocks) == 20
    after = play(with_keys(state, seed=123456789), "discard KD")
    view = observe(after, 1)
    for shown in (repr(view), str(view), json.dumps(view.to_dict())):
        assert "123456789" not in shown


def test_hardening_08_play_does_not_show_a_random_seed_before_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, "quit\n")
    assert cli.main(["play"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "a random seed" in lines[0]
    assert lines[-1].startswith("match seed ")
    seed = lines[-1].split()[-1]
    assert all(seed not in line for line in lines[:-1])


# ---------------------------------------------------------------------------
# 9. Positions: exact types


def _doubled() -> dict[str, Any]:
    state = position(
        ["KS KD 2C KC", "TS 5D", "9D 3C 4C"],
        discard="4H",
        melds=[("7S 8S 9S", 1)],
        to_move=1,
        dealer=0,
        phase="play",
        rules="dealers_gambit",
        doubled=[0],
        gambit={"effect": "double", "dealer_joker": True, "blocked_by": None, "dead": []},
    )
    return state.to_dict()


@pytest.mark.parametrize(
    ("key", "value"),
    [("multiplier", 2.0), ("multiplier", True), ("doubled", 1), ("doubled", "true")],
)
def test_hardening_09_multiplier_and_doubled_have_exact_types(key: str, value: Any) -> None:
    data = _doubled()
    assert GameState.from_dict(data).melds[0].multiplier == 2
    data["melds"][0][key] = value
    assert key in str(_error(lambda: GameState.from_dict(data), PositionError))


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("format", 1.0),
        ("format", True),
        ("dealer", 0.0),
        ("to_move", True),
        ("seed", 3.0),
        ("phase", ["draw"]),
        ("stock_rebuilds", 0.0),
        ("opened", [0, 0]),
    ],
)
def test_hardening_09_every_number_has_an_exact_type(key: str, value: Any) -> None:
    data = new_game(seed=2).to_dict()
    assert GameState.from_dict(data) == new_game(seed=2)
    _error(lambda: GameState.from_dict({**data, key: value}), PositionError)


# ---------------------------------------------------------------------------
# 10. Positions where nobody can move


def test_hardening_10_position_where_nobody_can_move() -> None:
    with pytest.raises(PositionError, match="stuck"):
        position(["3C", "4D 5D 9H KS"], phase="play", discard="2H", taken="3C")
    # The same hand with a card it may discard goes on.
    state = position(["3C 7S", "4D 5D 9H KS"], phase="play", discard="2H", taken="3C")
    assert legal_moves(state)


# ---------------------------------------------------------------------------
# 11. Rule knobs of the wrong type


def test_hardening_11_rules_knob_of_the_wrong_type_names_the_knob() -> None:
    error = _error(lambda: Rules(going_out=(2, 10), final_discard_must_be_unplayable=True))
    assert isinstance(error, RulesError)
    assert "going_out" in str(error)
    assert all("going_out" in problem for problem in error.problems[:1])


@pytest.mark.parametrize(
    ("knob", "value"),
    [("target_score", "500"), ("opening_minimum", 1.5), ("decks", None), ("ace", 3)],
)
def test_hardening_11_each_bad_knob_is_named(knob: str, value: Any) -> None:
    error = _error(lambda: Rules(**{knob: value}))
    assert knob in str(error)
    assert knob in str(_error(lambda: Rules.from_dict({knob: value})))


# ---------------------------------------------------------------------------
# 12. The command line: the record file and Ctrl-C


@pytest.mark.parametrize("where", ["folder", "missing folder"])
def test_hardening_12_unwritable_record_is_reported_before_playing(
    where: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    target = tmp_path if where == "folder" else tmp_path / "missing" / "match.json"
    _stdin(monkeypatch, "draw\nquit\n")
    assert cli.main(["play", "--seed", "3", "--record", str(target)]) == 2
    captured = capsys.readouterr()
    assert "your move" not in captured.out
    assert captured.err.startswith("rummy500: error: --record ")
    assert len(captured.err.splitlines()) == 1


def test_hardening_12_record_check_leaves_no_file_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "match.json"

    def interrupt(prompt: str, view: PlayerView) -> str:
        assert not target.exists()  # checked, and not left behind while playing
        raise EOFError

    monkeypatch.setattr(cli, "read_line", interrupt)
    assert cli.main(["play", "--seed", "3", "--record", str(target)]) == 0
    assert replay(target.read_text()).number == 1


def test_hardening_12_ctrl_c_in_play_writes_the_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = iter(["draw", "discard"])
    target = tmp_path / "match.json"

    def read(prompt: str, view: PlayerView) -> str:
        answer = next(answers, None)
        if answer == "discard":
            return f"discard {view.hand[0]}"
        if answer is None:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr(cli, "read_line", read)
    assert cli.main(["play", "--seed", "3", "--record", str(target)]) == cli.EXIT_INTERRUPTED
    captured = capsys.readouterr()
    assert "match interrupted in hand 1" in captured.out
    assert "Traceback" not in captured.err
    assert replay(target.read_text()).number == 1
    moves = json.loads(target.read_text())["current"]["moves"]
    assert "p0: draw" in moves
    assert any(move.startswith("p0: discard ") for move in moves)


def test_hardening_12_ctrl_c_in_simulate_and_validate(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    def interrupted(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "simulate", interrupted)
    assert cli.main(["simulate", "--hands", "5"]) == 130
    assert capsys.readouterr().err.strip().endswith("rummy500: interrupted")
    monkeypatch.setattr(cli, "replay", interrupted)
    path = tmp_path / "record.json"
    path.write_text(json.dumps(_RECORD))
    assert cli.main(["validate", str(path)]) == 130


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"[]", b"\xff\xfe", b'{"format": "rummy500-record"}', DEEP.encode(), b"1" * 5000],
)
def test_hardening_12_validate_of_a_malformed_file_is_one_line(
    content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(content)
    assert cli.main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("malformed: ")
    assert len(err.splitlines()) == 1
    assert len(err) < SHORT


def test_hardening_12_validate_of_a_file_too_large_or_unreadable(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (cli.MAX_RECORD_FILE + 1))
    assert cli.main(["validate", str(path)]) == 2
    assert "larger than" in capsys.readouterr().err
    assert cli.main(["validate", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("unreadable: cannot read ")
    assert len(err.splitlines()) == 1


def test_hardening_12_validate_reports_rules_problems_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _record()
    record["rules"] = {"preset": "pagat", "ace": "sideways", "decks": 7}
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    assert cli.main(["validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("malformed: record 'rules': invalid rules (2 problems): - ")
    assert len(err.splitlines()) == 1


# ---------------------------------------------------------------------------
# 13. Messages quote at most 80 characters of a bad value


def test_hardening_13_error_messages_repeat_the_whole_input() -> None:
    state = new_game(seed=1)
    huge = "X" * 5_000_000
    for text in ("discard " + huge, huge, "p" + huge + ": draw"):
        _error(lambda text=text: parse_move(state, text), NotationError)
    within = "discard " + "X" * (MAX_MOVE_LENGTH - 8)
    _error(lambda: parse_move(state, within), NotationError)
    data = state.to_dict()
    for key in ("phase", "dealer", "hands", "stock", "rules", "turn", "melds", "seed"):
        _error(lambda key=key: GameState.from_dict({**data, key: huge}), PositionError)
    _error(lambda: GameState.from_dict({**data, huge: 1}), PositionError)
    many = {**data, "stock": ["AS"] * 100_000}
    assert " more; missing " in str(_error(lambda: GameState.from_dict(many), PositionError))
    _error(lambda: GameState.from_dict({**data, "dealer": 10**5000}), PositionError)
    record = _record()
    record["hands"][0]["moves"][0] = huge
    _error(lambda: replay(record), RecordError)
    for key in ("winner", "totals", "seed", "rules", huge):
        changed = _record()
        changed[key] = huge
        _error(lambda changed=changed: replay(changed), RecordError)


def test_hardening_13_rules_from_data_quotes_short() -> None:
    """The position and record readers name bad knobs short, however long or deep the data."""
    data = new_game(seed=2).to_dict()
    deep: Any = []
    for _ in range(3000):
        deep = [deep]
    for rules in ({"x" * 5000: 1}, {"target_score": deep}, {"preset": "x" * 5000}):
        _error(lambda rules=rules: rules_from_data(rules))
        _error(lambda rules=rules: GameState.from_dict({**data, "rules": rules}), PositionError)
        record = _record()
        record["rules"] = rules
        _error(lambda record=record: replay(record), RecordError)


# The rule set's own messages quote values short, however deep or large the value.


def test_hardening_13_rules_quote_a_deep_value() -> None:
    deep: Any = []
    for _ in range(50_000):  # deeper than any recursion limit (the suite raises it to 10,000)
        deep = [deep]
    _error(lambda: Rules(target_score=deep), RulesError)


def test_hardening_13_rules_quote_a_huge_number() -> None:
    _error(lambda: Rules(target_score=-(10**5000)), RulesError)


def test_hardening_13_rules_quote_a_long_unknown_knob() -> None:
    _error(lambda: Rules.from_dict({"x" * 5000: 1}), RulesError)


def test_hardening_13_engine_quotes_a_long_move_short() -> None:
    """A move at the length bound (330 jokers) is refused with a short message.

    The engine lists at most 16 cards of a move and counts the rest.
    """
    state = apply_move(new_game(seed=1), Draw(1))
    move = parse_move(state, "meld " + " ".join(["JK"] * 300))
    _error(lambda: check_move(state, move), IllegalMoveError)


def test_hardening_13_rules_enum_knob_of_a_deep_value() -> None:
    """Found by fuzzing: ``Rules(ace=<a list 50,000 deep>)`` raised RecursionError.

    The enum's own ValueError quoted the value with ``repr()``; only text is now
    converted to an enum knob.
    """
    deep: Any = []
    for _ in range(50_000):  # deeper than any recursion limit (the suite raises it to 10,000)
        deep = [deep]
    _error(lambda: Rules(ace=deep), RulesError)


# ---------------------------------------------------------------------------
# Records read too leniently


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.__setitem__("version", True), "version True"),
        (lambda r: r.__setitem__("version", 1.0), "version 1.0"),
        (lambda r: r.__setitem__("format", ["rummy500-record"]), "format"),
        (lambda r: r["hands"][0].__setitem__("number", 1.0), "numbered 1.0"),
        (lambda r: r["hands"][0].__setitem__("seed", float(r["hands"][0]["seed"])), "seed"),
        (lambda r: r.__setitem__("winner", bool(r["winner"])), "winner"),
        (lambda r: r.__setitem__("winner", float(r["winner"])), "winner"),
        (lambda r: r.__setitem__("totals", [float(t) for t in r["totals"]]), "totals"),
        (lambda r: r.__setitem__("totals", tuple(r["totals"])), "totals"),
        (lambda r: r.__setitem__("players", 2.0), "players"),
        (lambda r: r.__setitem__("dealer", False), "dealer"),
        (lambda r: r.__setitem__("seed", float(r["seed"])), "seed"),
        (
            lambda r: r["hands"][0]["result"].__setitem__(
                "scores", [float(s) for s in r["hands"][0]["result"]["scores"]]
            ),
            "the recorded result",
        ),
    ],
)
def test_hardening_lenient_records(change: Callable[[dict[str, Any]], None], message: str) -> None:
    record = _record()
    change(record)
    assert message in str(_error(lambda: replay(record), RecordError))


# ---------------------------------------------------------------------------
# e26: the machine readers read bytes as UTF-8 only, as `rummy500 validate` and
# the web example do (json.loads would guess UTF-16 and UTF-32 from the bytes).

_NOT_UTF_8 = ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be", "utf-8-sig"]


def _documents() -> dict[str, tuple[str, Callable[[Any], object], type[Exception]]]:
    state = new_game(seed=3)
    recorder = MatchRecorder(new_match(seed=3))
    return {
        "position": (state.to_json(), GameState.from_json, PositionError),
        "view": (observe(state, 0).to_json(), PlayerView.from_json, PositionError),
        "record": (recorder.to_json(), replay, RecordError),
    }


@pytest.mark.parametrize("kind", ["position", "view", "record"])
@pytest.mark.parametrize("encoding", _NOT_UTF_8)
def test_hardening_e26_bytes_other_than_utf_8_are_refused(kind: str, encoding: str) -> None:
    text, read, error = _documents()[kind]
    with pytest.raises(error, match=rf"^{kind} is not UTF-8 text"):
        read(text.encode(encoding))
    with pytest.raises(error, match=rf"^{kind} is not UTF-8 text"):
        read(bytearray(text.encode(encoding)))


@pytest.mark.parametrize("kind", ["position", "view", "record"])
def test_hardening_e26_utf_8_bytes_read_as_the_text(kind: str) -> None:
    text, read, _ = _documents()[kind]
    assert read(text.encode("utf-8")) == read(text)


def test_hardening_e26_validate_reads_bytes_by_the_same_rule(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, _, _ = _documents()["record"]
    for encoding in _NOT_UTF_8:
        (tmp_path / "record.json").write_bytes(text.encode(encoding))
        assert cli.main(["validate", str(tmp_path / "record.json")]) == 2
        assert capsys.readouterr().err.startswith("malformed: the file is not UTF-8 text")

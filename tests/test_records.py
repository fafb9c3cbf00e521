"""Game records (format ``rummy500-record``, version 1) and their replay.

A record is written by :class:`~rummy500.records.MatchRecorder` while a match
is played; :func:`~rummy500.records.replay` plays it again and returns the
final :class:`~rummy500.match.MatchState`, equal to the recorded match.  A
move that the rules forbid raises :class:`~rummy500.records.ReplayError` (an
:class:`~rummy500.IllegalMoveError`) whose message starts "hand N, move M:"
(both numbered from 1, rules §10) and names the rule; a malformed record
raises ``ValueError`` naming the key; a recorded result that differs from the
replayed one raises ``ValueError``.

Rule ids: none of their own (a replay error names the rule the move breaks,
e.g. T6 or T11).  The matches are played by :func:`tests.helpers.random_move`.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

from rummy500 import (
    Discard,
    Draw,
    GreedyBot,
    HandEnded,
    IllegalMoveError,
    Move,
    PlayerView,
    Reason,
    RecordError,
    Rules,
    Session,
    Take,
    check_move,
    cli,
    format_move,
    parse_move,
    presets,
)
from rummy500.match import (
    MatchState,
    apply_match_move,
    hand_seed,
    match_legal_moves,
    new_match,
)
from rummy500.positions import rules_from_data
from rummy500.records import (
    FORMAT,
    VERSION,
    MatchRecorder,
    ReplayError,
    record_to_json,
    replay,
)
from tests.helpers import random_move


@attrs.frozen
class Step:
    """One recorded move: its hand and move numbers (from 1), the match before it, the move."""

    hand: int
    move: int
    before: MatchState
    played: Move


@attrs.frozen
class Played:
    """A match played by random players and recorded.

    Attributes:
        recorder: The recorder, holding the match at its end.
        steps: Every move, with the match before it.
        records: The record after each move (``records[i]`` after ``steps[i]``).
    """

    recorder: MatchRecorder
    steps: tuple[Step, ...]
    records: tuple[dict[str, Any], ...]

    @property
    def match(self) -> MatchState:
        return self.recorder.match

    @property
    def record(self) -> dict[str, Any]:
        return self.records[-1]

    def step(self, hand: int, move: int) -> Step:
        return next(s for s in self.steps if (s.hand, s.move) == (hand, move))


def play_recorded(
    rules: Rules, players: int, *, seed: int, dealer: int = 0, moves: int | None = None
) -> Played:
    """Play (and record) a match to its end, or for ``moves`` moves."""
    recorder = MatchRecorder(new_match(rules, players, seed=seed, dealer=dealer))
    rng = random.Random(seed)
    steps: list[Step] = []
    records: list[dict[str, Any]] = []
    counts: dict[int, int] = {}
    while not recorder.match.is_over and (moves is None or len(steps) < moves):
        before = recorder.match
        move = random_move(match_legal_moves(before), rng)
        counts[before.number] = counts.get(before.number, 0) + 1
        steps.append(Step(before.number, counts[before.number], before, move))
        recorder.play(move)
        records.append(recorder.to_dict())
    return Played(recorder, tuple(steps), tuple(records))


_CACHE: dict[tuple[Any, ...], Played] = {}


def played(name: str = "pagat", players: int = 2, seed: int = 1, dealer: int = 0) -> Played:
    """A recorded whole match under a preset (memoized: tests only read it)."""
    key = (name, players, seed, dealer)
    if key not in _CACHE:
        _CACHE[key] = play_recorded(presets.get(name), players, seed=seed, dealer=dealer)
    return _CACHE[key]


def several_hands() -> Played:
    """A recorded pagat match of at least three hands."""
    game = played("pagat", 3, seed=4, dealer=1)
    assert len(game.match.history) >= 3
    return game


def corrupt(record: dict[str, Any], hand: int, move: int, text: str) -> dict[str, Any]:
    """A copy of ``record`` whose move ``move`` of hand ``hand`` reads ``text``."""
    changed = copy.deepcopy(record)
    entries = [*changed["hands"], *([changed["current"]] if "current" in changed else [])]
    entries[hand - 1]["moves"][move - 1] = text
    return changed


def expected_error(step: Step, text: str) -> IllegalMoveError:
    """The error ``check_move`` gives for ``text`` in the match before ``step``."""
    hand = step.before.hand
    with pytest.raises(IllegalMoveError) as error:
        check_move(hand, parse_move(hand, text))
    return error.value


def assert_replay_error(record: dict[str, Any], step: Step, text: str) -> ReplayError:
    """Replaying ``record`` fails at ``step`` with ``check_move``'s error for ``text``."""
    expected = expected_error(step, text)
    with pytest.raises(ReplayError) as raised:
        replay(corrupt(record, step.hand, step.move, text))
    error = raised.value
    assert isinstance(error, IllegalMoveError)
    assert isinstance(error, ValueError)
    assert (error.hand, error.move) == (step.hand, step.move)
    assert (error.reason, error.rule) == (expected.reason, expected.rule)
    assert str(error) == f"hand {step.hand}, move {step.move}: {expected}"
    assert f"rule {expected.rule}" in str(error)
    return error


# ---------------------------------------------------------------------------
# The record format


def test_record_format_and_keys() -> None:
    game = several_hands()
    record = game.record
    assert record["format"] == FORMAT == "rummy500-record"
    assert record["version"] == VERSION == 1
    assert rules_from_data(record["rules"]) == presets.get("pagat")
    assert record["rules"] == {"preset": "pagat"}
    assert (record["players"], record["dealer"], record["seed"]) == (3, 1, 4)
    assert "current" not in record
    result = game.match.result
    assert result is not None
    assert record["winner"] == result.winner
    assert record["totals"] == list(result.totals)
    assert len(record["hands"]) == len(game.match.history)
    for number, (entry, history) in enumerate(
        zip(record["hands"], game.match.history, strict=True), start=1
    ):
        assert set(entry) == {"number", "dealer", "seed", "moves", "result"}
        assert entry["number"] == number
        assert entry["dealer"] == history.dealer
        seed = hand_seed(4, number)  # 64 bits: written as text when wider than 2**53 - 1
        assert entry["seed"] == (seed if seed < 2**53 else str(seed))
        assert entry["result"] == {
            "scores": list(history.result.scores),
            "went_out": history.result.went_out,
            "reason": history.result.reason.value,
        }
        steps = [step for step in game.steps if step.hand == number]
        assert entry["moves"] == [format_move(step.played) for step in steps]
        assert [step.move for step in steps] == list(range(1, len(steps) + 1))


def test_record_is_plain_json() -> None:
    game = several_hands()
    text = game.recorder.to_json()
    assert text == record_to_json(game.record)
    assert json.loads(text) == game.record
    assert "\n" in text  # indented for people to read


def test_record_rules_with_overrides() -> None:
    rules = Rules(target_score=150, next_dealer="winner", ace="around_the_corner")
    game = play_recorded(rules, 3, seed=9, dealer=2)
    record = game.record
    assert record["rules"] == {
        "preset": "pagat",
        "target_score": 150,
        "next_dealer": "winner",
        "ace": "around_the_corner",
    }
    assert replay(json.loads(json.dumps(record))) == game.match


def test_recorder_starts_with_a_new_match() -> None:
    game = several_hands()
    with pytest.raises(ValueError, match="new match"):
        MatchRecorder(game.steps[-1].before)


def test_recorder_records_nothing_for_an_illegal_move() -> None:
    recorder = MatchRecorder(new_match(Rules(), 2, seed=5))
    before = recorder.to_dict()
    match = recorder.match
    with pytest.raises(IllegalMoveError):
        recorder.play(parse_move(match.hand, "end"))
    assert recorder.match == match
    assert recorder.to_dict() == before
    assert "current" not in before
    assert before["hands"] == []


def test_recorders_share_one_string_per_move_text() -> None:
    """A record held in memory (a server's long match) costs a pointer a move, not a string."""
    first, second = (MatchRecorder(new_match(Rules(), 2, seed=5)) for _ in range(2))
    for recorder in (first, second):
        for _ in range(2):
            state = recorder.match.hand
            recorder.play(parse_move(state, "draw"))
            recorder.play(Discard(state.to_move, recorder.match.hand.hands[state.to_move][-1]))
    one, two = first.to_dict()["current"]["moves"], second.to_dict()["current"]["moves"]
    assert one == two
    assert one[0] == "p1: draw"
    assert all(a is b for a, b in zip(one, two, strict=True))


# ---------------------------------------------------------------------------
# Round trip: record → JSON → replay equals the match


PRESET_GAMES = [
    ("pagat", 2),
    ("pagat", 4),
    ("wikipedia", 3),
    ("boathouse", 2),
    ("basic_rummy", 3),
    ("partnership", 4),
    ("persian", 4),
]


@pytest.mark.parametrize(("name", "players"), PRESET_GAMES)
def test_record_round_trip_through_json(name: str, players: int) -> None:
    game = played(name, players, seed=players, dealer=players - 1)
    assert game.match.is_over
    text = record_to_json(game.record)
    replayed = replay(json.loads(text))
    assert replayed == game.match
    assert replayed.result == game.match.result
    assert replay(text) == game.match  # JSON text is accepted as such


def test_replay_does_not_change_the_record() -> None:
    game = several_hands()
    record = copy.deepcopy(game.record)
    replay(record)
    assert record == game.record


def test_record_round_trip_with_stock_rebuilds() -> None:
    """basic_rummy rebuilds the stock from the pile (T6): the replay shuffles alike."""
    game = played("basic_rummy", 2, seed=2, dealer=1)
    assert any(step.before.hand.stock_rebuilds for step in game.steps)
    assert replay(json.loads(record_to_json(game.record))) == game.match


# ---------------------------------------------------------------------------
# Truncated records: a hand in progress


@pytest.mark.parametrize("fraction", [0.0, 0.1, 0.37, 0.5, 0.8, 0.999])
def test_truncated_record_replays_to_the_state_in_progress(fraction: float) -> None:
    game = several_hands()
    index = int(fraction * len(game.steps))
    record = json.loads(record_to_json(game.records[index]))
    after = game.steps[index + 1].before if index + 1 < len(game.steps) else game.match
    replayed = replay(record)
    assert replayed == after
    assert match_legal_moves(replayed) == match_legal_moves(after)
    if replayed.is_over:
        return
    in_hand = [step for step in game.steps[: index + 1] if step.hand == after.number]
    if in_hand:
        assert record["current"] == {
            "number": after.number,
            "moves": [format_move(step.played) for step in in_hand],
        }
    else:
        assert "current" not in record
    assert "winner" not in record
    assert "totals" not in record


def test_truncated_record_at_the_end_of_a_hand_has_no_current_hand() -> None:
    game = several_hands()
    last_of_hand_1 = max(i for i, step in enumerate(game.steps) if step.hand == 1)
    record = game.records[last_of_hand_1]
    assert "current" not in record
    assert len(record["hands"]) == 1
    replayed = replay(record)
    assert replayed.number == 2
    assert replayed == game.steps[last_of_hand_1 + 1].before


def test_truncated_record_after_one_move() -> None:
    game = several_hands()
    record = game.records[0]
    assert record["hands"] == []
    assert record["current"]["number"] == 1
    assert len(record["current"]["moves"]) == 1
    assert replay(record) == game.steps[1].before


@pytest.mark.parametrize("cut", [1, 7, 20])
def test_record_cut_by_hand_replays_to_the_state_after_the_cut(cut: int) -> None:
    """A whole record cut by hand: the finished hands, and the start of the next as current."""
    game = several_hands()
    full = game.record
    record = {key: value for key, value in full.items() if key not in ("winner", "totals")}
    record["hands"] = full["hands"][:1]
    record["current"] = {"number": 2, "moves": full["hands"][1]["moves"][:cut]}
    assert replay(record) == game.step(2, cut + 1).before
    del record["current"]["number"]  # the number of the current hand is optional
    assert replay(record) == game.step(2, cut + 1).before


def test_record_cut_inside_a_finished_hand_is_malformed() -> None:
    game = several_hands()
    record = copy.deepcopy(game.record)
    record["hands"][1]["moves"] = record["hands"][1]["moves"][:5]
    with pytest.raises(ValueError, match="record hand 2: the moves do not finish the hand"):
        replay(record)


# ---------------------------------------------------------------------------
# Corrupted records: the first illegal move is named by hand and move


def test_replay_error_names_hand_and_move_of_an_end_with_stock_left() -> None:
    game = several_hands()
    step = next(s for s in game.steps if s.hand == 2 and isinstance(s.played, Draw | Take))
    error = assert_replay_error(game.record, step, f"p{step.played.player}: end")
    assert error.reason is Reason.CANNOT_END
    assert error.rule == "T6"
    assert str(error).startswith(f"hand 2, move {step.move}: ")


def test_replay_error_at_the_very_first_move() -> None:
    game = several_hands()
    step = game.step(1, 1)
    seat = step.before.hand.to_move
    other = (seat + 1) % game.match.num_players
    error = assert_replay_error(game.record, step, f"p{other}: draw")
    assert error.reason is Reason.NOT_YOUR_TURN
    assert str(error).startswith("hand 1, move 1: ")


def test_replay_error_discarding_a_card_not_held() -> None:
    game = several_hands()
    step = next(
        s for s in game.steps if s.hand == 3 and s.move > 3 and isinstance(s.played, Discard)
    )
    player = step.played.player
    hand = step.before.hand
    card = next(c for seat, cards in enumerate(hand.hands) if seat != player for c in cards)
    assert card not in hand.hands[player]
    error = assert_replay_error(game.record, step, f"p{player}: discard {card}")
    assert error.reason is Reason.CARDS_NOT_AVAILABLE
    assert str(error).startswith(f"hand 3, move {step.move}: ")


def test_replay_error_discarding_the_card_just_taken_t11() -> None:
    for name, players in PRESET_GAMES:
        game = played(name, players, seed=players, dealer=players - 1)
        steps = list(game.steps)
        pair = next(
            (
                (take, following)
                for take, following in itertools.pairwise(steps)
                if isinstance(take.played, Take)
                and take.played.count == 1
                and following.hand == take.hand
                and isinstance(following.played, Discard)
                and following.played.player == take.played.player
            ),
            None,
        )
        if pair is None:
            continue
        take, following = pair
        taken = take.before.hand.discard[-1]
        error = assert_replay_error(
            game.record, following, f"p{following.played.player}: discard {taken}"
        )
        assert error.rule == "T11"
        assert error.reason is Reason.DISCARD_TAKEN_CARD
        return
    pytest.fail("no recorded game takes one card and discards next")


def test_replay_error_on_the_last_move_of_the_match() -> None:
    game = several_hands()
    step = game.steps[-1]
    last_hand = len(game.match.history)
    assert step.hand == last_hand
    seat = step.before.hand.to_move
    other = (seat + 1) % game.match.num_players
    error = assert_replay_error(game.record, step, f"p{other}: draw")
    assert (error.hand, error.move) == (last_hand, step.move)


def test_replay_error_in_the_current_hand_of_a_truncated_record() -> None:
    game = several_hands()
    index = next(i for i, s in enumerate(game.steps) if s.hand == 2 and s.move == 10)
    record = game.records[index]
    assert record["current"]["number"] == 2
    step = next(s for s in game.steps if s.hand == 2 and isinstance(s.played, Draw | Take))
    assert step.move <= 10
    assert_replay_error(record, step, f"p{step.played.player}: end")


def test_an_unparsable_move_is_a_value_error_naming_hand_and_move() -> None:
    game = several_hands()
    record = corrupt(game.record, 2, 4, "fly away")
    with pytest.raises(ValueError, match=r"^record hand 2, move 4: ") as raised:
        replay(record)
    assert not isinstance(raised.value, IllegalMoveError)


def test_a_move_that_is_not_text_is_a_value_error() -> None:
    game = several_hands()
    record = corrupt(game.record, 1, 2, 17)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"record hand 1, move 2: "):
        replay(record)


# ---------------------------------------------------------------------------
# Malformed records


def _without(key: str) -> Callable[[dict[str, Any]], None]:
    return lambda record: record.pop(key)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda record: record.__setitem__(key, value)


def _set_hand(number: int, key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda record: record["hands"][number - 1].__setitem__(key, value)


MALFORMED: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("no format", _without("format"), "format"),
    ("other format", _set("format", "chess-pgn"), "format 'chess-pgn'"),
    ("other version", _set("version", 2), "version 2"),
    ("no rules", _without("rules"), "'rules': missing"),
    ("no players", _without("players"), "'players': missing"),
    ("no dealer", _without("dealer"), "'dealer': missing"),
    ("no seed", _without("seed"), "'seed': missing"),
    ("no hands", _without("hands"), "'hands': missing"),
    ("rules not a name", _set("rules", 3), "rules"),
    ("unknown preset", _set("rules", "canasta"), "canasta"),
    ("bad knob", _set("rules", {"preset": "pagat", "ace": "sideways"}), "ace"),
    ("players text", _set("players", "two"), "players"),
    ("too many players", _set("players", 9), "players"),
    ("dealer off the table", _set("dealer", 5), "dealer"),
    ("seed text not a number", _set("seed", "four"), "'seed'"),
    ("seed text not canonical", _set("seed", "04"), "'seed'"),
    ("seed text too wide", _set("seed", str(2**64)), "'seed'"),
    ("seed bool", _set("seed", True), "'seed'"),
    ("hand seed text not the match's", _set_hand(1, "seed", "7"), "record hand 1: seed '7'"),
    ("hands not a list", _set("hands", {"1": []}), "'hands'"),
    ("hand not a dict", lambda r: r["hands"].__setitem__(0, "moves"), "record hand 1"),
    ("hand without moves", lambda r: r["hands"][0].pop("moves"), "record hand 1"),
    ("moves not a list", _set_hand(1, "moves", "p0: draw"), "record hand 1"),
    ("hand misnumbered", _set_hand(2, "number", 3), "record hand 2: numbered 3"),
    ("hand seed not the match's", _set_hand(1, "seed", 7), "record hand 1: seed 7"),
    (
        "move after the end of a hand",
        lambda r: r["hands"][0]["moves"].append("p0: draw"),
        "record hand 1, move .*: the hand is already over",
    ),
    (
        "a hand after the end of the match",
        _set("current", {"moves": ["p0: draw"]}),
        "record hand",
    ),
]


@pytest.mark.parametrize(
    ("change", "message"),
    [(change, message) for _, change, message in MALFORMED],
    ids=[name for name, _, _ in MALFORMED],
)
def test_malformed_record_raises_value_error_naming_the_key(
    change: Callable[[dict[str, Any]], None], message: str
) -> None:
    record = copy.deepcopy(several_hands().record)
    change(record)
    with pytest.raises(ValueError, match=message) as raised:
        replay(record)
    assert not isinstance(raised.value, ReplayError)


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", '"pagat"', "null", "17"])
def test_not_a_record(text: str) -> None:
    with pytest.raises(ValueError, match=r"JSON|dict"):
        replay(text)


@pytest.mark.parametrize("value", [[], None, 17, ("format",)])
def test_not_a_record_object(value: Any) -> None:
    with pytest.raises(ValueError, match="dict"):
        replay(value)


# ---------------------------------------------------------------------------
# Results that differ from the replay


@pytest.mark.parametrize(
    ("key", "value"),
    [("scores", [0, 0, 0]), ("went_out", 2), ("reason", "stock_exhausted")],
)
def test_a_hand_result_that_differs_raises(key: str, value: Any) -> None:
    game = several_hands()
    record = copy.deepcopy(game.record)
    result = record["hands"][1]["result"]
    if result[key] == value:
        value = [1, 1, 1] if key == "scores" else 0
    result[key] = value
    with pytest.raises(ValueError, match=r"record hand 2: the recorded result .* differs"):
        replay(record)


def test_a_hand_without_a_result_is_accepted() -> None:
    game = several_hands()
    record = copy.deepcopy(game.record)
    for entry in record["hands"]:
        del entry["result"]
    assert replay(record) == game.match


def test_a_match_winner_that_differs_raises() -> None:
    """The record's ``winner`` is a result too: a different one must not replay silently."""
    game = several_hands()
    record = copy.deepcopy(game.record)
    record["winner"] = (record["winner"] + 1) % game.match.num_players
    with pytest.raises(ValueError, match="winner"):
        replay(record)


def test_match_totals_that_differ_raise() -> None:
    """The record's ``totals`` are a result too: different ones must not replay silently."""
    game = several_hands()
    record = copy.deepcopy(game.record)
    record["totals"] = [total + 1 for total in record["totals"]]
    with pytest.raises(ValueError, match="totals"):
        replay(record)


# ---------------------------------------------------------------------------
# Replaying and going on


def test_a_replayed_match_plays_on_like_the_original() -> None:
    game = several_hands()
    index = len(game.steps) // 2
    replayed = replay(game.records[index])
    for step in game.steps[index + 1 :]:
        assert replayed == step.before
        replayed = apply_match_move(replayed, step.played)
    assert replayed == game.match


def test_records_are_deterministic() -> None:
    first = play_recorded(Rules(target_score=200), 2, seed=21)
    second = play_recorded(Rules(target_score=200), 2, seed=21)
    assert first.record == second.record
    assert first.match == second.match


# ---------------------------------------------------------------------------
# The hand in progress ("current") and the finished hands


def _with_last_hand_as_current(record: dict[str, Any], hands: int) -> dict[str, Any]:
    """``record`` cut after ``hands`` finished hands, with the next hand's moves under current.

    The next hand is a finished one: its moves end it (and maybe the match).
    """
    changed = {key: copy.deepcopy(value) for key, value in record.items()}
    for key in ("winner", "totals", "current"):
        changed.pop(key, None)
    finished = changed["hands"]
    changed["hands"] = finished[:hands]
    changed["current"] = {"number": hands + 1, "moves": finished[hands]["moves"]}
    return changed


@pytest.mark.parametrize("finished", [0, 1])
def test_record_current_that_finishes_its_hand_is_refused(finished: int) -> None:
    """A record's ``current`` is the hand in progress: moves that end it belong in ``hands``."""
    record = _with_last_hand_as_current(several_hands().record, finished)
    number, moves = finished + 1, len(record["current"]["moves"])
    message = (
        f"record hand {number}, move {moves}: the current hand's moves end the hand here, "
        "so they belong in the finished hands ('hands'), with its result"
    )
    for read in (replay, Session.from_record):
        with pytest.raises(RecordError) as raised:
            read(record)
        assert str(raised.value) == message
        assert not isinstance(raised.value, ReplayError)
    with pytest.raises(RecordError, match=f"record hand {number}, move {moves}: "):
        replay(record_to_json(record))


def test_record_current_that_finishes_the_match_is_refused() -> None:
    """The last hand of a finished match under ``current`` ends the match: refused too."""
    game = several_hands()
    last = len(game.record["hands"]) - 1
    record = _with_last_hand_as_current(game.record, last)
    moves = len(record["current"]["moves"])
    with pytest.raises(RecordError, match=rf"^record hand {last + 1}, move {moves}: the current"):
        replay(record)
    # One move fewer: the hand, and so the match, is still in progress.
    record["current"]["moves"].pop()
    assert replay(record) == game.step(last + 1, moves).before


def test_validate_calls_a_current_that_finishes_its_hand_malformed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = _with_last_hand_as_current(several_hands().record, 1)
    path = tmp_path / "match.json"
    path.write_text(record_to_json(record), encoding="utf-8")
    assert cli.main(["validate", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("malformed: record hand 2, move ")
    assert "the current hand's moves end the hand here" in captured.err


@pytest.mark.parametrize(("name", "players", "seed"), [("pagat", 3, 4), ("persian", 4, 2)])
def test_records_written_at_the_end_of_a_hand_and_of_a_match_replay(
    name: str, players: int, seed: int
) -> None:
    """After the move that ends a hand (or the match) the recorder files the hand under
    ``hands``: what it writes then has no ``current`` and replays to the match it holds."""
    rules = presets.get(name)
    if rules.hand_limit is None:
        rules = rules.evolve(target_score=200)
    game = play_recorded(rules, players, seed=seed)
    ends = [
        index
        for index, step in enumerate(game.steps)
        if index + 1 == len(game.steps) or game.steps[index + 1].hand != step.hand
    ]
    assert len(ends) == len(game.match.history) >= 2
    for index in ends:
        record = json.loads(record_to_json(game.records[index]))
        assert "current" not in record
        after = game.steps[index + 1].before if index + 1 < len(game.steps) else game.match
        assert len(record["hands"]) == len(after.history)
        assert replay(record) == after
    assert "winner" in game.record
    assert replay(game.record) == game.match


def test_a_session_records_a_finished_hand_under_hands() -> None:
    """Session.record() at the end of each hand, and of the match, has no current and replays."""
    session = Session(Rules(target_score=150), 2, seed=5, bots={1: GreedyBot(seed=1)})
    me = GreedyBot(seed=0)
    ended = 0
    while not session.is_over:
        move = me.choose(session.view(0))
        events = session.decline(0) if move is None else session.submit(0, move)
        if any(isinstance(event, HandEnded) for event in events):
            record = session.record()
            assert "current" not in record or record["current"]["number"] > len(record["hands"])
            assert replay(record) == session.match
            ended += 1
    assert ended == len(session.match.history) >= 2
    assert "current" not in session.record()
    assert replay(session.record()) == session.match


def test_ctrl_c_right_after_a_hand_ends_writes_the_hand_under_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``play --record`` interrupted at the end of a hand: the hand is a finished one."""
    me = GreedyBot(seed=0)

    def read(prompt: str, view: PlayerView) -> str:
        move = me.choose(view)
        return "" if move is None else str(move)

    play = MatchRecorder.play

    def play_then_interrupt(self: MatchRecorder, move: Move) -> MatchState:
        after = play(self, move)
        if after.history:  # Ctrl-C as the first hand ends
            raise KeyboardInterrupt
        return after

    monkeypatch.setattr(cli, "read_line", read)
    monkeypatch.setattr(MatchRecorder, "play", play_then_interrupt)
    target = tmp_path / "match.json"
    code = cli.main(["play", "--seed", "3", "--bot", "greedy", "--record", str(target)])
    assert code == cli.EXIT_INTERRUPTED
    monkeypatch.undo()
    record = json.loads(target.read_text(encoding="utf-8"))
    assert len(record["hands"]) == 1
    assert "current" not in record
    assert replay(record).number == 2
    capsys.readouterr()
    assert cli.main(["validate", str(target)]) == 0
    assert capsys.readouterr().out.startswith("valid: ")

"""Bots as programs (ProgramBot, the bot protocol): the example bots, and the fault suite.

Every misbehaving program (tests/programs/fault_bot.py MODE) raises a BotError naming the
bot, the seat and what happened (the silent and slow ones once their time limit of half a
second is past: a hang would hang the test), and leaves no process behind: each program is
tagged by a marker argument and /proc is searched for it afterwards.
"""

from __future__ import annotations

import json
import random
import sys
import time
import uuid
from pathlib import Path

import jsonschema
import pytest

from rummy500 import (
    BotError,
    GreedyBot,
    InvalidArgumentError,
    ProgramBot,
    Session,
    apply_move,
    iter_hand,
    json_schema,
    legal_moves,
    new_game,
    observe,
    play_hand,
    replay,
)
from rummy500.protocol import (
    decide_json,
    decide_message,
    hand_end_message,
    hello_message,
    quit_message,
)
from rummy500.schema import MESSAGE_KINDS

ROOT = Path(__file__).resolve().parent.parent
FAULT_BOT = ROOT / "tests" / "programs" / "fault_bot.py"
FIRST_MOVE = ROOT / "examples" / "bots" / "first_move.py"


def processes_with(marker: str) -> list[int]:
    """The ids of the live processes whose command line holds ``marker`` (read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
            status = (entry / "stat").read_text()
        except OSError:
            continue
        if marker.encode() in command and ") Z " not in status:
            found.append(int(entry.name))
    return found


@pytest.fixture
def marker() -> str:
    """A tag for this test's programs; afterwards none of them may still run."""
    tag = f"rummy500-test-{uuid.uuid4().hex}"
    yield tag
    deadline = time.monotonic() + 30
    while processes_with(tag) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert processes_with(tag) == [], "orphaned processes"


#: The modes that stay silent: their time limit is half a second, the others' ten seconds
#: (a busy machine may be slow to answer, never slow to stay silent).
SILENT = ("silent", "slow", "spawns_child")


def fault_bot(mode: str, marker: str) -> ProgramBot:
    timeout = 0.5 if mode in SILENT else 10.0
    return ProgramBot([sys.executable, str(FAULT_BOT), mode, marker], timeout=timeout)


pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX pipes and process groups")


# ---------------------------------------------------------------------------
# A program that plays by the protocol


def test_a_program_bot_plays_a_hand_like_any_bot(marker: str) -> None:
    with ProgramBot([sys.executable, str(FIRST_MOVE), marker]) as bot:
        assert bot.name == "first-move"
        assert not bot.closed
        final = play_hand(new_game(seed=1), [bot, GreedyBot(seed=1)])
        assert final.is_over
        again = play_hand(new_game(seed=1), [bot, GreedyBot(seed=1)])
        assert again == final  # the same program, the same choices
        pid = bot.pid
        assert pid in processes_with(marker)
    assert bot.closed
    assert "closed" in repr(bot)


def test_a_program_bot_plays_in_a_session_and_hears_of_each_hand(marker: str) -> None:
    with ProgramBot([sys.executable, str(FIRST_MOVE), marker]) as bot:
        session = Session(seed=3, bots={0: bot, 1: GreedyBot(seed=2)})
        assert session.is_over
        assert replay(session.record()).result is not None
        bot.hand_ended(0, session.match.result.hands[0].result, (10, 20))
        bot.match_ended(0, session.match.result)


def test_a_closed_program_bot_says_so(marker: str) -> None:
    bot = ProgramBot([sys.executable, str(FIRST_MOVE), marker])
    bot.close()
    bot.close()  # closing twice is harmless
    with pytest.raises(BotError, match=r"the program has ended \(it was closed\)"):
        bot.choose(observe(new_game(seed=1), 1))


def test_a_program_bot_that_is_dropped_is_ended(marker: str) -> None:
    bot = fault_bot("ignores_quit", marker)
    assert processes_with(marker)
    del bot  # garbage: its program is ended (the fixture checks)


def test_a_program_that_ignores_quit_is_ended_after_the_grace(marker: str) -> None:
    bot = fault_bot("ignores_quit", marker)
    bot.close()
    assert bot.closed


@pytest.mark.parametrize("command", ["python3 bot.py", [], ["python3", 3], None, b"x"], ids=str)
def test_a_program_bot_wants_a_list_of_words(command: object) -> None:
    with pytest.raises(InvalidArgumentError, match="command must"):
        ProgramBot(command)  # type: ignore[arg-type]


@pytest.mark.parametrize("timeout", [0, -1, float("inf"), float("nan"), "1", True])
def test_a_program_bot_wants_positive_time_limits(timeout: object) -> None:
    with pytest.raises(InvalidArgumentError, match=r"^timeout must be a positive number"):
        ProgramBot([sys.executable, str(FIRST_MOVE)], timeout=timeout)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match=r"^start_timeout must be a positive number"):
        ProgramBot([sys.executable, str(FIRST_MOVE)], start_timeout=timeout)  # type: ignore[arg-type]


def test_a_program_that_starts_too_slowly_is_a_bot_error(marker: str) -> None:
    code = "import time; time.sleep(30)"
    with pytest.raises(BotError, match=r"stayed silent for 0.5 s \(its time limit\)"):
        ProgramBot([sys.executable, "-c", code, marker], start_timeout=0.5)


def test_a_program_that_cannot_be_started_is_a_bot_error() -> None:
    with pytest.raises(BotError, match="cannot start '/no/such/program'"):
        ProgramBot(["/no/such/program"])


# ---------------------------------------------------------------------------
# The fault suite


HANDSHAKE_FAULTS = {
    "crash_at_start": r"closed its output: it exited with code 3",
    "garbage_hello": r"wrote what is not a protocol message",
    "old_protocol": r"speaks protocol 0; this referee speaks 1",
}


@pytest.mark.parametrize("mode", sorted(HANDSHAKE_FAULTS))
def test_a_program_that_fails_the_handshake_is_a_bot_error(mode: str, marker: str) -> None:
    with pytest.raises(BotError, match=HANDSHAKE_FAULTS[mode]) as caught:
        fault_bot(mode, marker)
    assert caught.value.seat is None


DECISION_FAULTS = {
    "crash_mid_hand": r"closed its output: it exited with code 1",
    "killed_mid_hand": r"closed its output: it was killed by SIGKILL",
    "exits_after_handshake": r"(stopped reading its input|closed its output): it exited with "
    r"code 0",
    "silent": r"stayed silent for 0.5 s \(its time limit\)",
    "slow": r"stayed silent for 0.5 s \(its time limit\)",
    "spawns_child": r"stayed silent for 0.5 s",
    "garbage": r"wrote what is not a protocol message: its line is not valid JSON",
    "not_an_object": r'answered \[0\] to "decide", not "move" or "pass"',
    "huge_line": r"wrote a line longer than 1048576 bytes",
    "binary": r"wrote bytes that are not UTF-8 text \(invalid start byte at byte 26\)",
    "index_out_of_range": r"answered index 2; the view offers moves 0..1",
    "illegal": r"answered a malformed move dict: move 'card': 'ZZ' is not a card",
    "illegal_legal_shape": r"answered p1: discard \w\w, which is not legal now",
    "wrong_seat": r"answered p0: draw, a move of p0, not p1",
    "floods_stderr": r"flooded its standard error \(over 1048576 bytes\)",
    "two_answers": r"wrote .* after its answer",
    "pass_to_move": r'answered "pass", but p1 is to move',
}


@pytest.mark.parametrize("mode", sorted(DECISION_FAULTS))
def test_a_program_that_misbehaves_in_a_hand_is_a_bot_error(mode: str, marker: str) -> None:
    """The error names the bot and the seat; the state is untouched; the steps before stand."""
    bot = fault_bot(mode, marker)
    state = new_game(seed=7)  # p1 is to move first, with two moves: draw, take 1
    before = state.to_dict()
    steps = []

    def play() -> None:
        steps.extend(iter_hand(state, [GreedyBot(seed=1), bot]))

    with pytest.raises(BotError, match=DECISION_FAULTS[mode]) as caught:
        play()
    error = caught.value
    assert (error.bot, error.seat) == (f"fault-{mode}", 1)
    assert str(error).startswith(f"bot 'fault-{mode}' (p1): ")
    assert state.to_dict() == before
    assert bot.closed
    if mode == "crash_mid_hand":
        assert len(steps) >= 3  # the hand up to the fault, move by move
    with pytest.raises(BotError, match="the program has ended"):
        bot.choose(observe(state, 1))


def test_a_faulty_program_in_a_session_leaves_the_session_unchanged(marker: str) -> None:
    bot = fault_bot("crash_mid_hand", marker)
    session = Session(seed=7, bots={0: bot})  # p1, the human, moves first
    seen = [(session.record(), session.legal_moves(1))]

    def play_on() -> None:
        while True:  # the human plays on until the bot's fourth decision
            session.submit(1, session.legal_moves(1)[0])
            seen.append((session.record(), session.legal_moves(1)))

    with pytest.raises(BotError, match=r"\(p0\): closed its output"):
        play_on()
    record, moves = seen[-1]
    assert session.record() == record
    assert session.legal_moves(1) == moves
    replay(record)  # the match as recorded up to the fault


def test_a_crash_quotes_the_last_error_line(marker: str) -> None:
    code = "import sys; sys.stderr.write('first\\nZeroDivisionError: division by zero\\n'); exit(2)"
    with pytest.raises(BotError, match=r"its last error output: 'ZeroDivisionError: division"):
        ProgramBot([sys.executable, "-c", code, marker])


# ---------------------------------------------------------------------------
# The messages


def test_the_referee_messages_follow_their_schemas() -> None:
    state = new_game(seed=7)
    session = Session(seed=1, bots={0: GreedyBot(), 1: GreedyBot(seed=1)})
    result = session.match.result
    assert result is not None
    from rummy500.protocol import match_end_message

    examples = {
        "referee-hello": hello_message(),
        "referee-decide": decide_message(observe(state, 1)),
        "referee-hand-end": hand_end_message(1, result.hands[0].result, result.hands[0].totals),
        "referee-match-end": match_end_message(0, result),
        "referee-quit": quit_message(),
        "bot-hello": {"type": "hello", "protocol": 1, "name": "x", "author": "y"},
        "bot-answer": {"type": "move", "move": {"kind": "draw", "seat": 1}},
    }
    assert set(examples) == set(MESSAGE_KINDS)
    for kind, message in examples.items():
        jsonschema.validate(message, json_schema(kind))
    jsonschema.validate({"type": "pass"}, json_schema("bot-answer"))
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"type": "move", "index": -1}, json_schema("bot-answer"))


def test_the_decide_line_is_the_decide_message_along_hands() -> None:
    for seed in range(3):
        state = new_game(seed=seed)
        chooser = random.Random(seed)
        while not state.is_over:
            for seat in range(state.num_players):
                view = observe(state, seat)
                assert json.loads(decide_json(view)) == decide_message(view)
            state = apply_move(state, chooser.choice(legal_moves(state)))


def test_the_protocol_schemas_are_those_their_declaration_writes() -> None:
    import subprocess

    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "protocol_schemas.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr

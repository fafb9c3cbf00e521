"""A newcomer's first hour: the CLI at a pipe, errors that say what to install, plain wording.

Rule ids: D2 (the player counts in a message), M1-M3 (the order of a meld's
cards), R1 (who can call "Rummy!", in a picture and in a session).  The
command line runs as a new process with standard input piped, as a newcomer
runs it; a missing extra is simulated by a finder on ``sys.meta_path`` that
refuses the library's modules.
"""

from __future__ import annotations

import importlib.util
import io
import itertools
import os
import pickle
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import rummy500
from rummy500 import (
    CallRummy,
    InvalidArgumentError,
    LayoffMove,
    MeldMove,
    MissingExtraError,
    RandomBot,
    Rules,
    Rummy500Error,
    Session,
    make_meld,
    observe,
    presets,
)
from rummy500 import cli as cli_module
from rummy500.extras import requires
from rummy500.melds import meld_order
from rummy500.rules import Ace
from rummy500.svg import render
from tests.positions import agree, play, position
from tests.strategies import rules_and_meld_texts

ROOT = Path(__file__).resolve().parent.parent

# A finder that refuses the modules named in RUMMY500_BLOCK, as if they were not installed.
_BLOCKER = """\
import os, sys

class _Refuse:
    names = set(os.environ["RUMMY500_BLOCK"].split(","))

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in self.names:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, _Refuse())
"""


def run_python(
    code: str, *, block: str = "", stdin: str = "", cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``python -c code`` in a new process, with the modules ``block`` names refused."""
    env = {**_environment(), "RUMMY500_BLOCK": block}
    return subprocess.run(
        [sys.executable, "-c", (_BLOCKER if block else "") + code],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        check=False,
    )


def run_cli(*arguments: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``python -m rummy500 ...`` in a new process, standard input piped."""
    return subprocess.run(
        [sys.executable, "-m", "rummy500", *arguments],
        input=stdin,
        capture_output=True,
        text=True,
        env=_environment(),
        check=False,
    )


def _environment() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("COLUMNS", None)
    return env


# ---------------------------------------------------------------------------
# The CLI at a pipe


def test_cli_prompt_ends_its_line_when_stdin_is_a_pipe() -> None:
    result = run_cli("play", "--seed", "3", stdin="moves\nbogus\nquit\n")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    prompts = [line for line in lines if line.startswith("your move")]
    assert prompts == ["your move>"] * 3
    # Each answer starts a line of its own, never after the prompt.
    assert lines[lines.index("your move>") + 1] == "p0: draw"
    assert any(line.startswith("error: unknown move 'bogus'") for line in lines)
    assert "Traceback" not in result.stdout + result.stderr


def test_cli_prompt_keeps_its_space_at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    asked: list[str] = []
    monkeypatch.setattr("sys.stdin", Terminal("draw\n"))
    monkeypatch.setattr("builtins.input", lambda prompt: asked.append(prompt) or "draw")
    assert cli_module.read_line("your move> ", observe(rummy500.new_game(seed=1), 0)) == "draw"
    assert asked == ["your move> "]


@pytest.mark.parametrize(
    ("preset", "present", "absent"),
    [
        ("pagat", ["take N [PLAY]", "rummy N", "  end "], ["Dealer's gambit", "nominate"]),
        ("dealers_gambit", ["Dealer's gambit:", "nominate wild", "block"], []),
        ("wikipedia", ["take N [PLAY]"], ["rummy ", "Dealer's gambit", "chance go by"]),
        ("basic_rummy", ["take 1 [PLAY]"], ["take N", "rummy ", "JK=8H", "Dealer's gambit"]),
        ("persian", ["meld 4S 4H 4D"], ["JK=8H", "Dealer's gambit"]),
    ],
)
def test_cli_help_lists_only_the_moves_of_the_rules_in_play(
    preset: str, present: list[str], absent: list[str]
) -> None:
    result = run_cli("play", "--preset", preset, "--seed", "2", stdin="help\nquit\n")
    assert result.returncode == 0, result.stderr
    start = result.stdout.index("Type a move in notation")
    text = result.stdout[start : result.stdout.index("the seat that put it on the table.")]
    for fragment in present:
        assert fragment in text, fragment
    for fragment in absent:
        assert fragment not in text, fragment


@pytest.mark.parametrize("preset", presets.names())
def test_cli_help_fits_80_columns(preset: str) -> None:
    text = cli_module._help(presets.get(preset))
    assert max(len(line) for line in text.splitlines()) <= 80


def test_cli_rules_fits_80_columns_at_a_pipe() -> None:
    result = run_cli("rules", "wikipedia")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "* opening_minimum = 30 (T8)" in lines
    # Every knob is there, with what it does.
    knobs = [line.split(" = ")[0][2:] for line in lines[2:] if line[2] != " "]
    assert knobs == list(rummy500.KNOBS)


@pytest.mark.parametrize("columns", [60, 80, 120, 200])
def test_cli_rules_fits_the_terminal_width(
    columns: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli_module, "_is_terminal", lambda stream: True)
    monkeypatch.setenv("COLUMNS", str(columns))
    assert cli_module.main(["rules", "boathouse"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= columns
    one_line_a_knob = len(lines) == 2 + len(rummy500.KNOBS)
    assert one_line_a_knob == (columns >= 200)


def test_rules_describe_without_width_keeps_one_line_a_knob() -> None:
    lines = Rules().describe().splitlines()
    assert len(lines) == 1 + len(rummy500.KNOBS)
    assert Rules().describe(width=1000) == Rules().describe()


@pytest.mark.parametrize(
    "arguments",
    [
        ("rules", "PAGAT"),
        ("rules", "Dealers_Gambit"),
        ("demo", "--preset", "Basic-Rummy", "--seed", "1"),
        ("simulate", "--preset", " WIKIPEDIA ", "--hands", "1"),
        ("play", "--preset", "Boathouse", "--seed", "1"),
    ],
)
def test_cli_preset_names_in_any_case(arguments: tuple[str, ...]) -> None:
    result = run_cli(*arguments, stdin="quit\n")
    assert result.returncode == 0, result.stderr
    name = presets.canonical_name(
        arguments[arguments.index("--preset") + 1 if "--preset" in arguments else 1]
    )
    assert f"preset {name!r}" in result.stdout


def test_cli_unknown_preset_is_one_line_naming_the_presets() -> None:
    result = run_cli("rules", "pagatt")
    assert result.returncode == 2
    assert "unknown preset 'pagatt'; known presets: pagat, wikipedia" in result.stderr
    assert "Traceback" not in result.stderr


def test_preset_get_stays_exact_and_canonical_name_reads_people_s_text() -> None:
    assert presets.canonical_name("PAGAT") == "pagat"
    assert presets.canonical_name("  dealers gambit ") == "dealers_gambit"
    assert presets.canonical_name("Basic-Rummy") == "basic_rummy"
    # Positions and records name presets exactly, as their schemas do.
    with pytest.raises(InvalidArgumentError, match="unknown preset 'PAGAT'"):
        presets.get("PAGAT")
    with pytest.raises(InvalidArgumentError, match="known presets: pagat"):
        presets.canonical_name("no such")
    with pytest.raises(InvalidArgumentError):
        presets.canonical_name(3)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------
# A missing extra names the extra and the install line


@pytest.mark.parametrize(
    ("module", "blocked", "extra"),
    [
        ("rummy500.adapters.pettingzoo", "numpy", "pettingzoo"),
        ("rummy500.adapters.pettingzoo", "pettingzoo", "pettingzoo"),
        ("rummy500.adapters.gymnasium", "numpy", "gymnasium"),
        ("rummy500.adapters.gymnasium", "gymnasium", "gymnasium"),
        ("rummy500.adapters.openspiel", "numpy", "openspiel"),
        ("rummy500.adapters.openspiel", "pyspiel", "openspiel"),
    ],
)
def test_d_missing_extra_of_an_adapter_names_the_extra_and_the_install_line(
    module: str, blocked: str, extra: str
) -> None:
    code = textwrap.dedent(
        f"""
        import rummy500
        try:
            import {module}
        except ImportError as error:
            print(type(error).__name__, isinstance(error, rummy500.Rummy500Error), error.name)
            print(error)
        """
    )
    result = run_python(code, block=blocked)
    assert result.returncode == 0, result.stderr
    kind, message = result.stdout.splitlines()
    assert kind == f"MissingExtraError True {blocked}"
    assert message == (
        f"{module} needs the {extra!r} extra (no module named {blocked!r}): "
        f"pip install 'rummy500[{extra}]'"
    )


def test_missing_numpy_for_the_observation_names_an_extra() -> None:
    code = textwrap.dedent(
        """
        from rummy500 import new_game, observe
        from rummy500.adapters.actions import ActionSpace
        from rummy500.adapters.observation import ObservationLayout
        layout = ObservationLayout(ActionSpace())
        try:
            layout.encode(observe(new_game(seed=1), 0))
        except ImportError as error:
            print(error)
        """
    )
    result = run_python(code, block="numpy")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "rummy500.adapters.observation (NumPy) needs the 'gymnasium' extra "
        "(no module named 'numpy'): pip install 'rummy500[gymnasium]'"
    )


def test_missing_ray_names_the_ray_extra() -> None:
    code = textwrap.dedent(
        """
        from rummy500.simulate import RayExecutor
        try:
            RayExecutor()
        except ImportError as error:
            print(error)
        """
    )
    result = run_python(code, block="ray")
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == (
        "rummy500.simulate.RayExecutor needs the 'ray' extra (no module named 'ray'): "
        "pip install 'rummy500[ray]'"
    )


def test_missing_tqdm_on_a_terminal_says_how_to_get_the_progress_bar() -> None:
    code = textwrap.dedent(
        """
        import io, sys
        from rummy500 import cli

        class Terminal(io.StringIO):
            def isatty(self):
                return True

        sys.stderr = terminal = Terminal()
        code = cli.main(["simulate", "--hands", "2"])
        sys.stderr = sys.__stderr__
        print(code)
        print(terminal.getvalue())
        """
    )
    result = run_python(code, block="tqdm")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    code_line = lines[lines.index("0")]
    assert code_line == "0"
    assert (
        "simulate: a progress bar needs the 'cli' extra (no module named 'tqdm'): "
        "pip install 'rummy500[cli]'"
    ) in lines
    assert any(line.startswith("simulate: 2/2 hands (100%)") for line in lines)


@pytest.mark.parametrize("blocked", ["starlette", "uvicorn"])
def test_missing_web_extra_stops_the_web_example_with_the_install_line(
    blocked: str, tmp_path: Path
) -> None:
    code = textwrap.dedent(
        f"""
        import runpy, sys
        path = {str(ROOT / "examples" / "web")!r}
        sys.argv = [path, "--port", "0"]
        sys.path[0] = path
        runpy.run_path(path, run_name="__main__")
        """
    )
    result = run_python(code, block=blocked, cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr.strip() == (
        f"python -m examples.web: the web example (examples/web) needs the 'web' extra "
        f"(no module named {blocked!r}): pip install '.[web]' in the repository's root"
    )


@pytest.mark.parametrize("blocked", ["starlette", "uvicorn"])
def test_missing_web_extra_stops_python_m_examples_web_in_one_line(blocked: str) -> None:
    """``python -m examples.web`` imports the package first: it must not need the extra."""
    code = textwrap.dedent(
        """
        import runpy, sys
        sys.argv = ["examples.web", "--port", "0"]
        sys.path[0] = ""
        runpy.run_module("examples.web", run_name="__main__", alter_sys=True)
        """
    )
    result = run_python(code, block=blocked, cwd=ROOT)
    assert result.returncode == 2, result.stderr
    assert result.stderr.splitlines() == [
        f"python -m examples.web: the web example (examples/web) needs the 'web' extra "
        f"(no module named {blocked!r}): pip install '.[web]' in the repository's root"
    ]
    assert result.stdout == ""


def test_the_web_example_runs_from_any_folder(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "web"), "--help"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "--max-tables" in result.stdout


@pytest.mark.parametrize("typed", ["PAGAT", "Dealers-Gambit", " wikipedia "])
def test_the_web_example_reads_a_preset_name_in_any_case(typed: str) -> None:
    pytest.importorskip("starlette")
    if importlib.util.find_spec("httpx2") is None and importlib.util.find_spec("httpx") is None:
        pytest.skip("Starlette's test client needs httpx2 (or httpx)")
    from examples.web.app import create_app
    from starlette.testclient import TestClient

    with TestClient(create_app(database=":memory:")) as client:
        response = client.post("/api/tables", json={"preset": typed, "bots": 1})
    assert response.status_code == 201, response.text
    assert response.json()["state"]["preset"] == presets.canonical_name(typed)


def test_missing_extra_error_is_an_import_error_and_a_library_error() -> None:
    with pytest.raises(ImportError) as caught, requires("web", "a test"):
        import no_such_module_for_this_test  # noqa: F401
    error = caught.value
    assert isinstance(error, MissingExtraError)
    assert isinstance(error, ModuleNotFoundError)
    assert isinstance(error, Rummy500Error)
    assert (error.extra, error.install, error.name) == (
        "web",
        "pip install 'rummy500[web]'",
        "no_such_module_for_this_test",
    )
    assert isinstance(error.__cause__, ModuleNotFoundError)
    again = pickle.loads(pickle.dumps(error))
    assert (str(again), again.extra, again.name) == (str(error), error.extra, error.name)


def test_a_missing_module_of_the_library_itself_is_not_called_an_extra() -> None:
    with pytest.raises(ModuleNotFoundError) as caught, requires("web", "a test"):
        import rummy500.no_such_module  # noqa: F401
    assert not isinstance(caught.value, MissingExtraError)


# ---------------------------------------------------------------------------
# Wording and small asymmetries


def test_d2_a_fixed_player_count_is_written_once() -> None:
    with pytest.raises(InvalidArgumentError) as caught:
        presets.get("partnership").check_players(3)
    assert str(caught.value) == "these rules are for 4 players, got 3 (D2)"
    with pytest.raises(InvalidArgumentError, match="for 2 to 8 players, got 9"):
        Rules().check_players(9)


@given(rules_and_meld_texts(), st.randoms(use_true_random=False))
def test_m1_m3_a_meld_move_takes_its_cards_in_any_order_and_keeps_the_canonical_one(
    rules_and_text: tuple[Rules, list[str]], rng: random.Random
) -> None:
    rules, text = rules_and_text
    canonical = make_meld(text, rules).specs
    assert MeldMove(0, canonical).cards == canonical
    shuffled = list(text)
    rng.shuffle(shuffled)
    made = make_meld(shuffled, rules).specs
    ace_typed_last = shuffled[-1][-2:-1] == "A" or shuffled[-1].startswith("JK=A")
    if len(text) == 13 and ace_typed_last and rules.ace is not Ace.LOW_OR_HIGH:
        return  # 13 ranks: only low_or_high lets the ace typed last be high
    assert MeldMove(0, shuffled).cards == made


def test_m3_meld_order_of_runs_and_groups() -> None:
    def ordered(text: str) -> str:
        return str(MeldMove(0, text)).removeprefix("p0: meld ")

    assert ordered("4D 4S 4H") == "4S 4H 4D"
    assert ordered("JK=9 9C 9S") == "9S 9C JK=9"
    assert ordered("AH KH QH") == "QH KH AH"
    assert ordered("3H AH 2H") == "AH 2H 3H"
    assert ordered("2H AH KH") == "KH AH 2H"
    assert ordered("8H JK=7H 6H") == "6H JK=7H 8H"
    # Cards that form no meld under any rules stay as given, for check_move to explain.
    assert ordered("7S 6S 9D") == "7S 6S 9D"
    assert ordered("9S 7S 5S") == "9S 7S 5S"
    assert meld_order((1, 0)) == (0, 1)  # two cards of a group: ordered too (M1 refuses them)


def test_meld_move_in_any_order_is_legal_where_the_canonical_one_is() -> None:
    state = position(
        ["4H 4D 4C 9C 5S 6S 7S 8H 9H KC", "3H"],
        discard="2D 4S QS",
        melds=[("5H 6H 7H", 1)],
    )
    state = play(state, "draw")
    for order in itertools.permutations(["5S", "6S", "7S"]):
        assert agree(state, MeldMove(0, " ".join(order)))
    # A lay-off's order depends on the table meld: it is kept, and checked.
    assert LayoffMove(0, 0, "9H 8H").cards != LayoffMove(0, 0, "8H 9H").cards


def _call_position() -> rummy500.GameState:
    """Three players; p0 has just discarded JC on QC KC (R1): p2 can call, p1 is to draw."""
    state = position(
        ["JC 8H", "2H 5H", "9C TC 4H"],
        discard="2D KC 5D QC 3S",
        phase="play",
    )
    return play(state, "discard JC")


def test_r1_the_picture_states_who_can_call_rummy() -> None:
    state = _call_position()
    line = ">p2 can call 'Rummy!' on p0's discard (R1)<"
    assert line in render(state)
    assert "may be called" not in render(state)
    # A view shows its own seat's calls only: p2 can call, p1 (to draw) cannot (R1).
    assert line in render(observe(state, 2))
    assert "can call" not in render(observe(state, 1))


def test_r1_no_call_line_when_nobody_can_call() -> None:
    state = rummy500.new_game(seed=7)
    state = rummy500.apply_move(state, rummy500.parse_move(state, "draw"))
    state = rummy500.apply_move(state, rummy500.Discard(1, state.hands[1][0]))
    assert state.last_discarder == 1
    assert not [move for move in rummy500.legal_moves(state) if isinstance(move, CallRummy)]
    assert "Rummy!" not in render(state)


def test_r1_a_seat_that_declined_a_call_is_offered_nothing_until_the_next_move() -> None:
    for seed in range(200):
        session = Session(None, 3, seed=seed, bots={1: RandomBot(seed=1)})
        rng = random.Random(seed)
        for _ in range(400):
            if session.is_over:
                break
            state = session.state
            waiting = [seat for seat in session.awaiting if seat != state.to_move]
            if waiting:
                seat = waiting[0]
                calls = session.legal_moves(seat)
                assert calls
                session.decline(seat)
                if session.state is state:  # the other human is to move: the chance is open
                    assert session.legal_moves(seat) == ()
                    assert session.view(seat).legal_moves == ()
                    assert session.take_depths(seat) == ()
                    with pytest.raises(InvalidArgumentError, match="let this chance go by"):
                        session.submit(seat, calls[0])
                    # Once the next move is made, the seat is offered its moves again.
                    mover = state.to_move
                    session.submit(mover, session.legal_moves(mover)[0])
                    return
                continue
            seat = session.awaiting[0]
            session.submit(seat, rng.choice(session.legal_moves(seat)))
    raise AssertionError("no declined call with another human to move was found")


# ---------------------------------------------------------------------------
# The walk, the benchmark that prints the search bot's figures, the README


def test_the_newcomer_walk_passes_without_a_traceback() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "newcomer_walk.py"), "--reuse", "--timeout", "300"],
        capture_output=True,
        text=True,
        check=False,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    assert "Traceback" not in output
    assert "all steps passed" in result.stdout
    steps = ("demo", "rules at a pipe", "play at a pipe", "docs snippets", "web example")
    for step in (*steps, "preset by name", "no abbreviated option"):
        assert f"ok   {step} (" in result.stdout


def test_the_search_benchmark_counts_the_decisions_it_searches() -> None:
    result = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "bench_search.py"),
            "--hands",
            "2",
            "--iterations",
            "4",
            "--workers",
            "1",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = dict(line.rsplit("  ", 1) for line in result.stdout.splitlines()[2:])
    rows = {name.strip(): value.strip() for name, value in rows.items()}
    searched = float(rows["searched decisions per hand (candidates compared)"])
    choices = float(rows["decisions with a choice per hand (draw phase)"])
    assert 0 <= searched <= choices


def test_readme_runs_from_anywhere_it_says(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "rummy500", "demo", "--seed", "1"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=True,
    )
    assert "ended by" in result.stdout
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "only from the repository's root" in readme
    assert "examples/web`" in readme

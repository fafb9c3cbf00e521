"""Instructions the engine executes, counted by Valgrind: speed figures that load does not blur.

Usage: python benchmarks/count_instructions.py [--what random,calls,cold-depth,opening,envs]
    [--hands 100] [--call-hands 40] [--positions 6] [--seed 1]
    [--opening-positions 2] [--minimums 50,100,150] [--env-hands 20] [--env-runs KEYS]
Smoke run (CI): python benchmarks/count_instructions.py --what random --hands 1

Timings on a shared machine drift by tens of percent from one minute to the
next; the number of machine instructions a piece of work executes does not
(to a few parts in a thousand), so it shows a change of a few percent that a
timing cannot.  It is not a time: memory stalls are not counted.  Each figure
comes from two runs of a fresh Python under ``valgrind --tool=cachegrind
--cache-sim=no``, one doing the work and one doing everything else (imports,
setting up the positions); the difference is divided by the number of calls.
Needs Valgrind (``apt-get install valgrind``); without it the script says so.

* ``random``: whole hands of uniform random play as ``bench_engine.py``
  plays them (``legal_moves``, ``rng.choice``, ``apply_move``; the deal
  included), 2 and 4 players, ``--hands`` hands each; per decision.
* ``calls``: the decisions of ``--call-hands`` random 2-player hands, each
  call made three times over the recorded positions (the memories warm):
  ``apply_move`` on every decision and by kind of move, ``is_legal`` on the
  chosen move, ``legal_moves`` in the draw and the play phase; per call.
* ``cold-depth``: the first ``legal_moves(state, depth=N)`` of a fresh process
  on ``bench_groups.py``'s adversarial positions (N: the depth with most moves).
* ``opening``: ``legal_moves`` under an opening minimum on
  ``bench_opening.py``'s adversarial positions (pagat with each of
  ``--minimums``), asked again on a new but equal state after a first call
  (the "again" column of ``bench_opening.py``).
* ``envs``: the learning environments and OpenSpiel's C++ gin rummy (the
  peer) as ``bench_envs.py`` runs them (``--env-runs`` picks runs by key;
  default: all that can run), ``--env-hands`` hands each after three hands
  of warm-up (a batched run: that many calls of twenty steps of every
  game); per step, and as the peer's instructions per step over the run's
  (a ratio of instructions, not of time: a C++ instruction and a Python
  one do not take the same time).  Not part of the default ``--what``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import bench_envs
from bench_engine import adversarial_position, play_random_hands, print_table
from bench_groups import busiest_depth
from bench_opening import busiest_positions
from machine import machine_line

import rummy500
from rummy500 import (
    GameState,
    Move,
    Phase,
    Rules,
    Take,
    apply_move,
    is_legal,
    legal_moves,
    new_game,
)

HERE = Path(__file__).resolve().parent
_REPEAT = 3  # passes over the recorded positions in "calls"
_ENV_WARM_UP = 3  # hands played before the counted ones in "envs"


def _kind(move: Move) -> str:
    if isinstance(move, Take):
        return "Take (top card)" if move.count == 1 else "Take (deeper)"
    return type(move).__name__


def _record(hands: int, seed: int) -> list[tuple[GameState, Move]]:
    rng = random.Random(seed)
    pairs = []
    for hand in range(hands):
        state = new_game(Rules(), 2, seed=hand)
        while not state.is_over:
            move = rng.choice(legal_moves(state))
            pairs.append((state, move))
            state = apply_move(state, move)
    return pairs


def _calls_part(part: str, hands: int, seed: int) -> tuple[int, Callable[[], None]]:
    """The number of calls of ``part`` and a function making them (once)."""
    pairs = _record(hands, seed)
    if part.startswith("legal_moves "):
        phase = part.split()[1]
        states = [state for state, _move in pairs if state.phase.value == phase]

        def list_moves() -> None:
            for state in states:
                legal_moves(state)

        return len(states), list_moves
    check = is_legal if part == "is_legal" else apply_move
    chosen = [
        (state, move)
        for state, move in pairs
        if part in ("is_legal", "apply_move") or part == f"apply_move {_kind(move)}"
    ]

    def make_moves() -> None:
        for state, move in chosen:
            check(state, move)

    return len(chosen), make_moves


def _cold_positions(count: int, seed: int) -> list[tuple[dict[str, Any], int]]:
    """``bench_groups.py``'s positions, each with its depth of most moves."""
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        data = adversarial_position(rng, Phase.DRAW)
        found.append((data, busiest_depth(GameState.from_dict(data))))
    return found


def inner(kind: str, part: str, work: bool, arguments: list[str]) -> None:
    """One measured process: set up, then do the work of ``part`` if ``work``."""
    if kind == "random":
        players, hands, seed = (int(value) for value in arguments)
        if work:
            play_random_hands(players, hands, seed)
    elif kind == "calls":
        hands, seed = (int(value) for value in arguments)
        calls, make = _calls_part(part, hands, seed)
        if work:
            for _ in range(_REPEAT):
                make()
        print(json.dumps(calls))
    elif kind == "opening":  # the position comes on stdin; the first call is setup
        data = json.loads(sys.stdin.read())
        legal_moves(GameState.from_dict(data))
        state = GameState.from_dict(data)
        if work:
            legal_moves(state)
    elif kind == "envs":
        run = bench_envs.make_run(part, "pagat", 2)
        for warm in range(_ENV_WARM_UP):
            run(10_000 + warm)
        steps = 0
        if work:
            for seed in range(int(arguments[0])):
                done = run(seed)
                steps += done[0] if isinstance(done, tuple) else done
        print(json.dumps(steps))
    else:  # a cold call: the position comes on stdin
        data, depth = json.loads(sys.stdin.read())
        state = GameState.from_dict(data)
        if work:
            legal_moves(state, depth=depth)


def _environment() -> dict[str, str]:
    """This checkout's scripts and engine, with a fixed string hash.

    The engine is the one this interpreter imports: the checkout's ``src``, or
    an installed build (the compiled one, say) when it imports that.
    """
    paths = [str(HERE), os.environ.get("PYTHONPATH", "")]
    source = HERE.parent / "src"
    if Path(rummy500.__file__).resolve().is_relative_to(source.resolve()):
        paths.insert(1, str(source))
    return {**os.environ, "PYTHONHASHSEED": "0", "PYTHONPATH": os.pathsep.join(filter(None, paths))}


def _instructions(args: list[str], stdin: str = "") -> tuple[int, str]:
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            str(Path(__file__)),
            *args,
        ],
        input=stdin,
        capture_output=True,
        text=True,
        check=True,
        env=_environment(),
        cwd=HERE,
    )
    match = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if match is None:
        raise SystemExit(f"no instruction count in Valgrind's output:\n{done.stderr[-2000:]}")
    return int(match.group(1).replace(",", "")), done.stdout


def measured(kind: str, part: str, arguments: Sequence[str], stdin: str = "") -> tuple[int, str]:
    """Instructions of ``part`` (work run less setup run), and the work run's output."""
    base = ["--inner", kind, "--part", part, "--arguments", *arguments]
    without, _ = _instructions([*base, "--no-work"], stdin)
    with_work, output = _instructions(base, stdin)
    return with_work - without, output


def _thousands(instructions: float) -> str:
    return f"{instructions / 1000:,.1f}k"


def random_play(hands: int, seed: int) -> None:
    rows = []
    for players in (2, 4):
        total, _ = measured("random", "play", [str(players), str(hands), str(seed)])
        decisions = play_random_hands(players, hands, seed).decisions
        rows.append(
            (
                f"{players} players",
                hands,
                decisions,
                f"{total / 1e6:,.0f}M",
                _thousands(total / decisions),
            )
        )
    print_table(
        "Random play (legal_moves + choice + apply_move; the deal included)",
        ("players", "hands", "decisions", "instructions", "per decision"),
        rows,
    )


CALL_PARTS = (
    "apply_move",
    "apply_move Draw",
    "apply_move Discard",
    "apply_move Take (top card)",
    "apply_move Take (deeper)",
    "apply_move MeldMove",
    "apply_move LayoffMove",
    "is_legal",
    "legal_moves draw",
    "legal_moves play",
)


def calls(hands: int, seed: int) -> None:
    rows = []
    for part in CALL_PARTS:
        total, output = measured("calls", part, [str(hands), str(seed)])
        count = json.loads(output.strip().splitlines()[-1])
        per_call = _thousands(total / (count * _REPEAT)) if count else "-"
        rows.append((part, count, per_call))
    print_table(
        f"Calls over the decisions of {hands} random 2-player hands (memories warm)",
        ("call", "calls", "per call"),
        rows,
    )


def cold_depth(positions: int, seed: int) -> None:
    rows = []
    for number, (data, depth) in enumerate(_cold_positions(positions, seed)):
        total, _ = measured("cold", "depth", [], json.dumps([data, depth]))
        state = GameState.from_dict(data)
        rows.append(
            (f"#{number}", depth, len(legal_moves(state, depth=depth)), f"{total / 1e6:,.1f}M")
        )
    print_table(
        "The first legal_moves(state, depth=N) of a fresh process (bench_groups.py's positions)",
        ("position", "depth N", "moves", "instructions"),
        rows,
    )


def opening(positions: int, seed: int, minimums: Sequence[int]) -> None:
    rows = []
    for number, data in enumerate(busiest_positions(positions, seed)):
        for minimum in minimums:
            data = {**data, "rules": {"preset": "pagat", "opening_minimum": minimum}}
            total, _ = measured("opening", "again", [], json.dumps(data))
            moves = len(legal_moves(GameState.from_dict(data)))
            rows.append((f"#{number}", minimum, moves, f"{total / 1e6:,.1f}M"))
    print_table(
        "legal_moves under an opening minimum, asked again (bench_opening.py's positions)",
        ("position", "minimum", "moves", "instructions"),
        rows,
    )


def environments(hands: int, keys: Sequence[str]) -> None:
    rows = []
    peer = None
    for key, title, module, _make in bench_envs.RUNS:
        if (keys and key not in keys) or not bench_envs.available(module):
            continue
        total, output = measured("envs", key, [str(hands)])
        steps = json.loads(output.strip().splitlines()[-1])
        per_step = total / steps
        if key == "peer":
            peer = per_step
        ratio = f"{peer / per_step:.2f}" if peer is not None else "-"
        rows.append((title, steps, f"{total / 1e6:,.0f}M", _thousands(per_step), ratio))
    print_table(
        f"The environments, pagat, 2 players, {hands} hands each after {_ENV_WARM_UP} of warm-up "
        "(per step; peer / run: instructions, not time)",
        ("run", "steps", "instructions", "per step", "peer / run"),
        rows,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--what", default="random,calls,cold-depth,opening")
    parser.add_argument("--hands", type=int, default=100)
    parser.add_argument("--call-hands", type=int, default=40)
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--opening-positions", type=int, default=2)
    parser.add_argument("--minimums", default="50,100,150")
    parser.add_argument("--env-hands", type=int, default=20)
    parser.add_argument("--env-runs", default="", help="bench_envs.py's runs, by key")
    parser.add_argument("--inner", help=argparse.SUPPRESS)
    parser.add_argument("--part", help=argparse.SUPPRESS)
    parser.add_argument("--arguments", nargs="*", default=[], help=argparse.SUPPRESS)
    parser.add_argument("--no-work", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.inner:
        inner(args.inner, args.part, not args.no_work, args.arguments)
        return
    print(machine_line())
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind): nothing counted")
        return
    wanted = set(args.what.split(","))
    if "random" in wanted:
        random_play(args.hands, args.seed)
    if "calls" in wanted:
        calls(args.call_hands, args.seed)
    if "cold-depth" in wanted:
        cold_depth(args.positions, args.seed)
    if "opening" in wanted:
        minimums = [int(value) for value in args.minimums.split(",")]
        opening(args.opening_positions, args.seed, minimums)
    if "envs" in wanted:
        environments(args.env_hands, [key for key in args.env_runs.split(",") if key])


if __name__ == "__main__":
    main()

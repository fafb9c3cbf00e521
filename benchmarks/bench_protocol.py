"""What the bot protocol costs, and what duplicate deals save.

Usage:
    python benchmarks/bench_protocol.py [--floor-lines 2000] [--hands 200]
        [--tournament-hands 1000] [--width-hands 200] [--search search:iterations=40]

Smoke run: python benchmarks/bench_protocol.py --floor-lines 5 --hands 2 --tournament-hands 4
    --width-hands 4

Four measurements:

0. **The pipe's floor.**  The same program answers one fixed decide line
   (a view of the middle of a hand) ``--floor-lines`` times, the referee's
   side reduced to a write and a blocking read, a millisecond's pause between questions
   (as while another seat thinks): what two processes taking turns on a pipe
   cost on this machine, with nothing written or checked.
1. **A decision's round trip.**  The smallest program bot
   (``examples/bots/first_move.py``) plays ``--hands`` hands against
   GreedyBot; each of its decisions is timed in the referee, beside the same
   choice made in process (the first legal move) and the referee's share
   (the view written as a dict and as JSON).  The difference is the
   protocol's cost a decision, the program's thinking aside.
2. **A tournament of programs.**  ``--tournament-hands`` duplicate hands
   between greedy and random as programs (``examples/bots/builtin_bot.py``,
   which reads each view back and asks the built-in bot) against the same
   bots in process.
3. **Duplicate deals.**  The 95% interval of greedy's point lead and Elo
   against ``--search`` over ``--width-hands`` hands, with and without
   duplicate deals.

Times are wall-clock seconds on whatever machine runs it: on a shared one
compare the ratios of one run, not figures across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from machine import machine_line

from rummy500 import GreedyBot, Move, PlayerView, ProgramBot, iter_hand, new_game, tournament
from rummy500.protocol import decide_json

ROOT = Path(__file__).resolve().parent.parent
BOTS = ROOT / "examples" / "bots"


class _Timed:
    """A bot that times its inner bot's decisions."""

    def __init__(self, bot: ProgramBot) -> None:
        self.bot = bot
        self.cpu = 0.0
        self.times: list[float] = []
        self.first: list[float] = []
        self.views: list[float] = []

    def choose(self, view: PlayerView) -> Move | None:
        start = time.perf_counter()
        json.dumps(view.to_dict())
        middle = time.perf_counter()
        _ = view.legal_moves[0]
        end = time.perf_counter()
        cpu = time.thread_time()
        move = self.bot.choose(view)
        done = time.perf_counter()
        self.cpu += time.thread_time() - cpu
        self.views.append(middle - start)
        self.first.append(end - middle)
        self.times.append(done - end)
        return move


def _children_cpu() -> float:
    times = os.times()
    return times.children_user + times.children_system


def _middle_view() -> PlayerView:
    """The view of the seat to move in the middle of a greedy hand."""
    views: list[PlayerView] = []

    class _Keep:
        def choose(self, view: PlayerView) -> Move | None:
            views.append(view)
            return GreedyBot(seed=0).choose(view)

    for _step in iter_hand(new_game(seed=5), [_Keep(), GreedyBot(seed=5)]):
        pass
    return views[len(views) // 2]


def _read_line(fd: int) -> bytes:
    """Read from ``fd`` until a line ends (a program may write its line in pieces)."""
    data = os.read(fd, 1 << 16)
    while not data.endswith(b"\n"):
        data += os.read(fd, 1 << 16)
    return data


def pipe_floor(count: int = 2000, pause: float = 0.001) -> None:
    """Measurement 0: one fixed line answered ``count`` times, nothing else done."""
    line = (decide_json(_middle_view()) + "\n").encode()
    with subprocess.Popen(
        [sys.executable, str(BOTS / "first_move.py")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        bufsize=0,
    ) as program:
        assert program.stdin is not None
        assert program.stdout is not None
        to_program, from_program = program.stdin.fileno(), program.stdout.fileno()
        os.write(to_program, b'{"type":"hello","protocol":1,"referee":"bench"}\n')
        _read_line(from_program)
        times = []
        for _ in range(count):
            time.sleep(pause)
            start = time.perf_counter()
            os.write(to_program, line)
            _read_line(from_program)
            times.append(time.perf_counter() - start)
        os.write(to_program, b'{"type":"quit"}\n')
    median = statistics.median(times) * 1e6
    print(f"0. the pipe's floor: a fixed line of {len(line)} bytes answered {count} times")
    print(f"   median {median:.0f} us a round trip (a write and a blocking read)")


def round_trip(hands: int) -> None:
    """Measurement 1: the smallest program's decisions, timed in the referee."""
    command = [sys.executable, str(BOTS / "first_move.py")]
    before = _children_cpu()
    with ProgramBot(command):
        pass
    start_up = _children_cpu() - before  # a program that only shakes hands and quits
    before = _children_cpu()
    with ProgramBot(command) as program:
        timed = _Timed(program)
        for seed in range(hands):
            for _step in iter_hand(new_game(seed=seed), [timed, GreedyBot(seed=seed)]):
                pass
    program_cpu = max(0.0, _children_cpu() - before - start_up) / len(timed.times) * 1e6
    referee_cpu = timed.cpu / len(timed.times) * 1e6
    median = statistics.median(timed.times) * 1e6
    mean = statistics.fmean(timed.times) * 1e6
    view = statistics.median(timed.views) * 1e6
    inside = statistics.median(timed.first) * 1e6
    print(f"1. round trip: {len(timed.times)} decisions of {hands} hands")
    print(f"   program bot: median {median:.0f} us, mean {mean:.0f} us a decision")
    print(f"   in process (the first legal move): median {inside:.2f} us")
    print(f"   of which the referee writes the view as JSON: median {view:.0f} us")
    print(f"   protocol cost a decision (median, program - in process): {median - inside:.0f} us")
    print(
        f"   CPU a decision: referee {referee_cpu:.0f} us, program {program_cpu:.0f} us "
        f"(the wall time beyond them is waiting for a core)"
    )


def timed_tournament(specs: Sequence[str], hands: int) -> float:
    start = time.perf_counter()
    tournament(specs, hands=hands, seed=1)
    return time.perf_counter() - start


def programs_against_in_process(hands: int) -> None:
    """Measurement 2: a duplicate tournament of programs and of the same bots in process."""
    builtin = f"{sys.executable} {BOTS / 'builtin_bot.py'}"
    programs = [f"exec:{builtin} greedy", f"exec:{builtin} random"]
    inside = timed_tournament(["greedy", "random"], hands)
    outside = timed_tournament(programs, hands)
    print(f"2. a {hands}-hand duplicate tournament, greedy against random:")
    print(f"   in process {inside:.1f} s, as programs {outside:.1f} s: {outside / inside:.2f}x")


def interval_widths(hands: int, search: str) -> None:
    """Measurement 3: the intervals of greedy against the search bot, duplicate or not."""
    print(f"3. greedy against {search}, {hands} hands each way:")
    for duplicate in (True, False):
        result = tournament(["greedy", search], hands=hands, seed=1, duplicate=duplicate)
        pairing = result.pairings[0]
        print(
            f"   duplicate={duplicate!s:5}: lead {pairing.lead} (width {pairing.lead.width:.1f}), "
            f"Elo {pairing.elo} (width {pairing.elo.width:.1f}), "
            f"search wins {pairing.wins[1]}/{pairing.hands}"
        )


def main(argv: Sequence[str] | None = None) -> None:
    """Run the three measurements."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--floor-lines", type=int, default=2000)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--tournament-hands", type=int, default=1000)
    parser.add_argument("--width-hands", type=int, default=200)
    parser.add_argument("--search", default="search:iterations=40")
    args = parser.parse_args(argv)
    print(machine_line())
    pipe_floor(args.floor_lines)
    round_trip(args.hands)
    programs_against_in_process(args.tournament_hands)
    interval_widths(args.width_hands, args.search)


if __name__ == "__main__":
    main()

"""Moves by group on adversarial positions: take depths, one depth's moves, the flat list.

Usage: python benchmarks/bench_groups.py [--positions 6] [--seed 1] [--repeat 5]
    [--timeout 20]
Smoke run (CI): python benchmarks/bench_groups.py --positions 1 --repeat 1 --timeout 20
    --no-rules

The positions are those of ``bench_engine.py``'s worst case: 5 players, the
seat to move holding 13 cards with 2 jokers, a 40-card pile (the 4th joker
somewhere in it), 12 table melds, a discard just made (three seats may call
"Rummy!").  For each position:

* ``take_depths`` and ``legal_moves(state, depth=N)`` (N: the depth with the
  most moves) are timed **cold**: each is the first call in a fresh Python
  process (its memos empty); beside the second, the time that process then
  takes to build the same moves again as new objects with no rule work
  ("objects alone"), the floor of any call returning them;
* the flat ``legal_moves(state)`` is timed warm (median of ``--repeat``
  calls after a first one).

Then, unless ``--no-rules``, the flat list and ``take_depths`` are timed on the
same positions under rule sets that make the checks harder (an opening
minimum up to 150, a discard required to go out, floating with E3, 8
players' worth of melds …), each call in its own process with ``--timeout``
seconds at most, so a slow case shows as "> N s" instead of hanging.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from bench_engine import adversarial_position, print_environment, print_table

from rummy500 import GameState, Phase, legal_moves, take_depths

HERE = Path(__file__).resolve().parent

_PROBE = """
import json, sys, time
from rummy500 import GameState, legal_moves, take_depths
from rummy500.moves import MeldMove
state = GameState.from_dict(json.loads(sys.stdin.read()))
what, depth = sys.argv[1], int(sys.argv[2])
new, put = object.__new__, object.__setattr__

def copy_play(play):
    if type(play) is MeldMove:
        copy = new(MeldMove)
        put(copy, "player", play.player)
        put(copy, "cards", (*play.cards,))
        put(copy, "doubled", play.doubled)
    else:
        copy = new(type(play))
        put(copy, "player", play.player)
        put(copy, "target", play.target)
        put(copy, "cards", (*play.cards,))
    return copy

def copy_move(move):
    copy = new(type(move))
    put(copy, "player", move.player)
    put(copy, "count", move.count)
    put(copy, "play", None if move.play is None else copy_play(move.play))
    return copy

start = time.perf_counter()
floor = 0.0
if what == "depths":
    result = len(take_depths(state))
elif what == "depth":
    moves = legal_moves(state, depth=depth)
    result = len(moves)
else:
    result = len(legal_moves(state))
seconds = time.perf_counter() - start
if what == "depth":  # the same moves built again as new objects, without any rule work
    start = time.perf_counter()
    copies = tuple([copy_move(move) for move in moves])
    floor = time.perf_counter() - start
print(json.dumps([seconds, result, floor]))
"""

#: Rule sets that make the legality checks harder, over the default rules.
HARD_RULES: dict[str, dict[str, Any]] = {
    "pagat": {},
    "opening 30": {"opening_minimum": 30},
    "opening 100": {"opening_minimum": 100},
    "opening 150": {"opening_minimum": 150},
    "discard required": {"going_out": "discard_required"},
    "floating, E3": {"going_out": "floating", "final_discard_must_be_unplayable": True},
    "top must meld, new meld only": {
        "top_discard_must_meld": True,
        "deepest_card_use": "new_meld_only",
    },
}


def cold(
    position: dict[str, Any], what: str, depth: int, timeout: float
) -> tuple[float, int, float]:
    """Time one call in a fresh process; ``(inf, -1, 0)`` past ``timeout`` seconds.

    The third figure, for ``what == "depth"``, is the time the same process
    then takes to build the moves returned again as new objects, with no
    rule work: the least any generator returning those objects could cost.
    """
    try:
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, what, str(depth)],
            input=json.dumps(position),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return float("inf"), -1, 0.0
    seconds, result, floor = json.loads(done.stdout)
    return float(seconds), int(result), float(floor)


def _ms(seconds: float, timeout: float) -> str:
    return f"> {timeout:.0f} s" if seconds == float("inf") else f"{seconds * 1e3:.2f}"


def busiest_depth(state: GameState) -> int:
    """The depth with the most moves (1 when nothing can be taken)."""
    sizes = {depth: len(legal_moves(state, depth=depth)) for depth in take_depths(state)}
    return max(sizes, key=lambda depth: sizes[depth]) if sizes else 1


def groups(positions: int, repeat: int, seed: int, timeout: float) -> None:
    rng = random.Random(seed)
    rows = []
    worst = {"take_depths": 0.0, "depth": 0.0, "flat": 0.0, "objects": 0.0}
    for number in range(positions):
        data = adversarial_position(rng, Phase.DRAW)
        state = GameState.from_dict(data)
        biggest = busiest_depth(state)
        depths_cold, found, _ = cold(data, "depths", 0, timeout)
        depth_cold, depth_moves, objects = cold(data, "depth", biggest, timeout)
        legal_moves(state)
        times = []
        for _ in range(repeat):
            start = time.perf_counter()
            flat = legal_moves(state)
            times.append(time.perf_counter() - start)
        flat_warm = statistics.median(times)
        worst["take_depths"] = max(worst["take_depths"], depths_cold)
        worst["depth"] = max(worst["depth"], depth_cold)
        worst["flat"] = max(worst["flat"], flat_warm)
        worst["objects"] = max(worst["objects"], objects)
        rows.append(
            (
                f"#{number}",
                found,
                _ms(depths_cold, timeout),
                biggest,
                depth_moves,
                _ms(depth_cold, timeout),
                f"{objects * 1e3:.2f}",
                len(flat),
                f"{flat_warm * 1e3:.2f}",
            )
        )
    print_table(
        "Moves by group on adversarial draw positions ('cold': the first call in a fresh "
        f"process; 'warm': median of {repeat} calls)",
        (
            "position",
            "depths",
            "take_depths cold ms",
            "depth N",
            "moves at N",
            "depth=N cold ms",
            "objects alone ms",
            "flat moves",
            "flat warm ms",
        ),
        rows,
    )
    print(
        f"worst: take_depths cold {worst['take_depths'] * 1e3:.2f} ms (target <= 1), "
        f"legal_moves(depth=N) cold {worst['depth'] * 1e3:.2f} ms (target <= 2), "
        f"flat list warm {worst['flat'] * 1e3:.2f} ms (target <= 10)"
    )
    print(
        "'objects alone': the same process building the depth's moves again as new objects "
        "(a take and its play each), with no rule work: the least a generator returning "
        f"those objects could take (worst {worst['objects'] * 1e3:.2f} ms)"
    )


def hard_rules(positions: int, seed: int, timeout: float) -> None:
    rng = random.Random(seed)
    datas = [adversarial_position(rng, phase) for phase in (Phase.DRAW, Phase.PLAY)][:positions]
    rows = []
    worst = 0.0
    for name, knobs in HARD_RULES.items():
        for data in datas:
            data = {**data, "rules": {"preset": "pagat", **knobs}}
            flat, count, _ = cold(data, "flat", 0, timeout)
            worst = max(worst, flat)
            rows.append((name, data["phase"], count, _ms(flat, timeout)))
    print_table(
        "The flat legal_moves under harder rule sets (adversarial positions, each call in a "
        "fresh process)",
        ("rules", "phase", "moves", "legal_moves ms"),
        rows,
    )
    print(f"worst legal_moves call: {_ms(worst, timeout)} ms (target <= 50)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--no-rules", action="store_true", help="skip the harder rule sets")
    args = parser.parse_args(argv)
    print_environment()
    groups(args.positions, args.repeat, args.seed, args.timeout)
    if not args.no_rules:
        hard_rules(2, args.seed, args.timeout)


if __name__ == "__main__":
    main()

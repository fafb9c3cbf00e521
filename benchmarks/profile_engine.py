"""Profile uniform random play with cProfile: where the engine spends its time.

Usage: python benchmarks/profile_engine.py [--hands 200] [--players 2] [--top 15]
    [--sort tottime] [--seed 1]

Smoke run (CI): python benchmarks/profile_engine.py --hands 3 --top 5

Plays the same hands as ``bench_engine.py``'s throughput run (same seeds and
move choices) under cProfile and prints the top functions.  Times under the
profiler are inflated, the more so for small functions; compare them with
one another, not with the benchmark's figures.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
from collections.abc import Sequence

from bench_engine import play_random_hands
from machine import machine_line


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--top", type=int, default=15)
    parser.add_argument("--sort", default="tottime", help="a pstats sort key (tottime, cumtime…)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(machine_line())
    profiler = cProfile.Profile()
    profiler.enable()
    run = play_random_hands(args.players, args.hands, args.seed)
    profiler.disable()
    print(
        f"{run.hands} random {args.players}-player hands, {run.decisions} decisions, "
        f"{run.seconds:.2f} s under the profiler"
    )
    stats = pstats.Stats(profiler).strip_dirs()
    stats.sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()

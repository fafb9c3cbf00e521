"""Decisions per second of uniform random play under every preset the engine plays.

Usage: python benchmarks/bench_presets.py [--hands 300] [--seed 1]

A decision is ``legal_moves`` + ``random.Random.choice`` + ``apply_move``;
the deal is inside the timed loop.  Each preset is played with its smallest
player count and with four players (when allowed).
"""

from __future__ import annotations

import argparse
import random
import time

from machine import machine_line

from rummy500 import apply_move, legal_moves, new_game, presets


def run(name: str, players: int, hands: int, seed: int) -> tuple[int, float]:
    rules = presets.get(name)
    rng = random.Random(seed)
    decisions = 0
    start = time.perf_counter()
    for hand in range(hands):
        state = new_game(rules, players, seed=seed * 100_003 + hand)
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            decisions += 1
    return decisions, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(machine_line())
    header = (
        f"{'preset':15} {'players':>7} {'hands':>6} {'decisions':>10} {'dec/s':>9} {'hands/s':>8}"
    )
    print(header)
    print("-" * len(header))
    for name in presets.names():
        rules = presets.get(name)
        for players in sorted({rules.min_players, min(4, rules.max_players)}):
            decisions, seconds = run(name, players, args.hands, args.seed)
            print(
                f"{name:15} {players:>7} {args.hands:>6} {decisions:>10} "
                f"{decisions / seconds:>9,.0f} {args.hands / seconds:>8.1f}"
            )


if __name__ == "__main__":
    main()

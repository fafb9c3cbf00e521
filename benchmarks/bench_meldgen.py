"""Meld enumeration speed: all melds of random 13-card hands holding 2 jokers.

Usage: python benchmarks/bench_meldgen.py [--hands 1000] [--seed 1]

Prints the median and 95th-percentile time of one ``enumerate_melds`` call
(the public API, building Meld objects) and of ``melds_from_counts`` (the
generator's core on a count vector), each measured cold (memo tables of the
per-rank groups and per-suit runs cleared before every call) and warm (the
same hand again), and the largest meld count seen.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from machine import machine_line

from rummy500 import JOKER, Card, Rules, enumerate_melds, make_deck
from rummy500._engine import melds_from_counts
from rummy500._engine.meldgen import clear_memos, count_vector


def random_hands(count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    naturals = list(make_deck(1, 0))
    return [[*rng.sample(naturals, 11), JOKER, JOKER] for _ in range(count)]


def clear_memo() -> None:
    clear_memos()


def timed(call: Callable[[], object]) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(machine_line())
    rules = Rules()
    hands = random_hands(args.hands, args.seed)
    samples: dict[str, list[float]] = {
        "enumerate_melds (cold)": [],
        "enumerate_melds (warm)": [],
        "melds_from_counts (cold)": [],
        "melds_from_counts (warm)": [],
    }
    largest = 0
    for hand in hands:
        public = partial(enumerate_melds, hand, rules)
        core = partial(melds_from_counts, count_vector(hand), rules)
        clear_memo()
        samples["enumerate_melds (cold)"].append(timed(public))
        samples["enumerate_melds (warm)"].append(timed(public))
        clear_memo()
        samples["melds_from_counts (cold)"].append(timed(core))
        samples["melds_from_counts (warm)"].append(timed(core))
        largest = max(largest, len(enumerate_melds(hand, rules)))
    for name, times in samples.items():
        times.sort()
        median = statistics.median(times) * 1e6
        p95 = times[int(len(times) * 0.95)] * 1e6
        print(f"{name:26} median {median:8.1f} us   p95 {p95:8.1f} us   ({len(times)} hands)")
    print(f"largest meld count: {largest}")


if __name__ == "__main__":
    main()

"""Meld enumeration speed: all melds of random 13-card hands holding 2 jokers.

Usage: python benchmarks/bench_meldgen.py [--hands 1000] [--seed 1]

Prints the median and 95th-percentile time of one ``enumerate_melds`` call
(public API, building Meld objects) and of ``melds_from_counts`` (the
generator's core on a count vector), and the largest meld count seen.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from rummy500 import JOKER, Card, Rules, enumerate_melds, make_deck
from rummy500.meldgen import count_vector, melds_from_counts


def random_hands(count: int, seed: int) -> list[list[Card]]:
    rng = random.Random(seed)
    naturals = list(make_deck(1, 0))
    return [[*rng.sample(naturals, 11), JOKER, JOKER] for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = Rules()
    hands = random_hands(args.hands, args.seed)
    public: list[float] = []
    core: list[float] = []
    largest = 0
    for hand in hands:
        start = time.perf_counter()
        melds = enumerate_melds(hand, rules)
        public.append(time.perf_counter() - start)
        counts = count_vector(hand)
        start = time.perf_counter()
        melds_from_counts(counts, rules)
        core.append(time.perf_counter() - start)
        largest = max(largest, len(melds))
    for name, times in (("enumerate_melds", public), ("melds_from_counts", core)):
        times.sort()
        median = statistics.median(times) * 1e6
        p95 = times[int(len(times) * 0.95)] * 1e6
        print(f"{name:18} median {median:8.1f} us   p95 {p95:8.1f} us   ({len(times)} hands)")
    print(f"largest meld count: {largest}")


if __name__ == "__main__":
    main()

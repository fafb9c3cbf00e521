"""Reading and writing views: :meth:`PlayerView.from_dict` and ``to_dict`` per view.

Usage: python benchmarks/bench_views.py [--hands 20] [--seed 1] [--preset pagat] [--repeat 3]

Smoke run: python benchmarks/bench_views.py --hands 1 --repeat 1

GreedyBot plays RandomBot for ``--hands`` seeded hands; every view a bot is
asked to decide on is kept as a program bot receives it (the dict of
``to_dict``, through JSON text and back, as ``examples/bots/builtin_bot.py``
reads it).  Each view is then read back with ``PlayerView.from_dict`` and
written with ``to_dict``, ``--repeat`` times in turn, and the median and mean
microseconds per view are printed, beside ``json.loads`` of the same text
for scale.  The reader keeps what it read between views (rule sets, tables,
melds, moves): the first pass, in the order of play in a fresh process, is
what a program bot pays (``first read``); the passes after it find every
view's parts kept (``again``).

Times are wall-clock on whatever machine runs it: on a shared one compare two
versions alternately, in the same sitting, by their medians.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

from machine import machine_line

from rummy500 import Bot, GreedyBot, Move, PlayerView, RandomBot, new_game, play_hand, presets


class _Recording:
    """A bot that keeps the JSON text of every view it is asked to decide on."""

    def __init__(self, bot: Bot, texts: list[str]) -> None:
        self.bot = bot
        self.texts = texts

    def choose(self, view: PlayerView) -> Move | None:
        self.texts.append(view.to_json())
        return self.bot.choose(view)


def view_texts(hands: int, seed: int, preset: str) -> list[str]:
    """The JSON text of every view decided on along ``hands`` seeded greedy-vs-random hands."""
    texts: list[str] = []
    rules = presets.get(preset)
    for hand in range(hands):
        bots = [
            _Recording(GreedyBot(seed + hand), texts),
            _Recording(RandomBot(seed + hand), texts),
        ]
        play_hand(new_game(rules, seed=seed + hand), bots)
    return texts


def _times(call: Callable[[Any], object], items: Sequence[Any]) -> list[float]:
    times = []
    for item in items:
        start = time.perf_counter()
        call(item)
        times.append(time.perf_counter() - start)
    return times


def _line(name: str, times: list[float]) -> str:
    median = statistics.median(times) * 1e6
    mean = statistics.fmean(times) * 1e6
    return f"{name:24} median {median:8.1f} us   mean {mean:8.1f} us   ({len(times)} views)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(machine_line())
    texts = view_texts(args.hands, args.seed, args.preset)
    datas = [json.loads(text) for text in texts]
    cold = _times(PlayerView.from_dict, datas)
    views = [PlayerView.from_dict(data) for data in datas]
    samples: dict[str, list[float]] = {"json.loads": [], "from_dict (again)": [], "to_dict": []}
    for _ in range(args.repeat):
        samples["json.loads"] += _times(json.loads, texts)
        samples["from_dict (again)"] += _times(PlayerView.from_dict, datas)
        samples["to_dict"] += _times(PlayerView.to_dict, views)
    print(f"{len(texts)} views along {args.hands} {args.preset} hands, greedy vs random")
    print(_line("from_dict (first read)", cold))
    for name, times in samples.items():
        print(_line(name, times))


if __name__ == "__main__":
    main()

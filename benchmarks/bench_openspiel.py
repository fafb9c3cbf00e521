"""Random-play speed of rummy500 beside OpenSpiel's C++ ``gin_rummy``, in the same run.

Usage: python benchmarks/bench_openspiel.py [--hands 1000] [--rounds 3] [--seed 1]
Smoke run (CI): python benchmarks/bench_openspiel.py --hands 3 --rounds 1

Needs the ``bench`` extra (``pip install -e '.[bench]'``, which installs the
PyPI package ``open-spiel``, module ``pyspiel``); without it the script says
so and prints only the rummy500 figures.

Both engines are driven from the same Python loop shape, 2 players:

* rummy500: ``legal_moves(state)``, ``rng.choice``, ``apply_move``; default
  rules (500 Rummy, 2 jokers, 13-card hands).  There are no chance nodes:
  ``new_game`` shuffles the deck once and a stock draw is one decision.
* OpenSpiel ``gin_rummy`` (default parameters: 52 cards, 10-card hands,
  knock card 10): ``state.legal_actions()``, ``rng.choice``,
  ``state.apply_action``.  Chance nodes (the deal, and the card of every
  stock draw) are sampled with their outcome probabilities
  (``state.chance_outcomes()``, ``random.Random.choices``); their time is
  included but they are *not* counted as decisions, so a stock draw counts
  as one decision in both engines.

The deal (``new_game`` / ``new_initial_state`` and its chance nodes) is inside
the timed loop of both.  Each round runs rummy500 then OpenSpiel on
``--hands`` hands; the table shows each round and the median over rounds.
The games differ (rules, hand size, hand length), so the ratio compares the
cost of a decision under random play, not identical work.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.metadata
import random
import statistics
import time
from collections.abc import Sequence
from types import ModuleType

import attrs
from bench_engine import PlayRun, play_random_hands, print_table
from machine import machine_line


@attrs.frozen
class SpielRun:
    """The result of an OpenSpiel run."""

    hands: int
    decisions: int
    chance_nodes: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds


def load_pyspiel() -> tuple[ModuleType | None, str]:
    """The ``pyspiel`` module and its version, or ``None`` and why it is missing."""
    try:
        module = importlib.import_module("pyspiel")
    except ImportError as error:
        return None, str(error)
    try:
        version = importlib.metadata.version("open-spiel")
    except importlib.metadata.PackageNotFoundError:
        version = "unknown version"
    return module, version


def play_gin_rummy(pyspiel: ModuleType, hands: int, seed: int) -> SpielRun:
    """Play ``hands`` hands of OpenSpiel's gin_rummy uniformly at random."""
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    choice = rng.choice
    choices = rng.choices
    decisions = 0
    chance_nodes = 0
    start = time.perf_counter()
    for _ in range(hands):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(choices(actions, probabilities)[0])
                chance_nodes += 1
            else:
                state.apply_action(choice(state.legal_actions()))
                decisions += 1
    seconds = time.perf_counter() - start
    return SpielRun(hands, decisions, chance_nodes, seconds)


def _row(name: str, run: PlayRun | SpielRun) -> tuple[object, ...]:
    chance = run.chance_nodes / run.hands if isinstance(run, SpielRun) else 0.0
    return (
        name,
        run.hands,
        run.decisions,
        f"{run.decisions / run.hands:.1f}",
        f"{chance:.1f}",
        f"{run.seconds:.2f}",
        f"{run.decisions_per_second:,.0f}",
        f"{run.hands_per_second:,.1f}",
        f"{1e6 / run.decisions_per_second:.1f}",
    )


HEADER = (
    "run",
    "hands",
    "decisions",
    "dec/hand",
    "chance/hand",
    "seconds",
    "decisions/s",
    "hands/s",
    "us/decision",
)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=1000, help="hands per engine per round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds (median reported)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    pyspiel, version = load_pyspiel()
    print(machine_line())
    if pyspiel is None:
        print(
            f"OpenSpiel is not available ({version}): install the bench extra "
            "(pip install -e '.[bench]', PyPI package open-spiel) to compare; "
            "showing rummy500 only."
        )
    else:
        print(f"OpenSpiel: open-spiel {version} (pyspiel), game gin_rummy, default parameters")

    rows: list[tuple[object, ...]] = []
    ours: list[PlayRun] = []
    theirs: list[SpielRun] = []
    for round_number in range(1, args.rounds + 1):
        seed = args.seed + round_number - 1
        ours.append(play_random_hands(2, args.hands, seed))
        rows.append(_row(f"round {round_number}: rummy500 (500 Rummy)", ours[-1]))
        if pyspiel is not None:
            theirs.append(play_gin_rummy(pyspiel, args.hands, seed))
            rows.append(_row(f"round {round_number}: OpenSpiel gin_rummy", theirs[-1]))
    print_table(
        "Uniform random play, 2 players (decisions = player decisions; chance nodes timed, "
        "not counted)",
        HEADER,
        rows,
    )
    our_rate = statistics.median(run.decisions_per_second for run in ours)
    our_hands = statistics.median(run.hands_per_second for run in ours)
    summary = [
        ("rummy500 decisions/s", f"{our_rate:,.0f}"),
        ("rummy500 hands/s", f"{our_hands:,.1f}"),
    ]
    if theirs:
        their_rate = statistics.median(run.decisions_per_second for run in theirs)
        their_hands = statistics.median(run.hands_per_second for run in theirs)
        summary += [
            ("OpenSpiel gin_rummy decisions/s", f"{their_rate:,.0f}"),
            ("OpenSpiel gin_rummy hands/s", f"{their_hands:,.1f}"),
            ("ratio rummy500 / OpenSpiel, decisions/s", f"{our_rate / their_rate:.3f}"),
            ("ratio rummy500 / OpenSpiel, hands/s", f"{our_hands / their_hands:.3f}"),
        ]
    print_table(f"Median over {args.rounds} round(s)", ("measure", "value"), summary)


if __name__ == "__main__":
    main()

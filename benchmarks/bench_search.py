"""SearchBot against GreedyBot: hands won (95% confidence interval), points per hand, time.

Usage: python benchmarks/bench_search.py [--hands 400] [--iterations 400] [--workers 2]
    [--win-bonus 40] [--search-plays]
Smoke run: python benchmarks/bench_search.py --hands 4 --iterations 8

Two players, the ``pagat`` preset.  Hands come in pairs: the same deal
(same seed, same dealer) is played twice with the seats swapped, so each
bot holds each set of cards once and the luck of the deal cancels out.
The hands run on a process pool (``--workers``, default: every core).

A hand is *won* by the seat that went out, or, if nobody did, by the
single best score (a tie is won by nobody), as ``rummy500 simulate``
counts wins.  The interval is Wilson's score interval for the search
bot's share of the hands.

A *searched decision* is one where the bot compares candidates in
rollouts (two or more candidates on its shortlist); the seconds per
searched decision are the whole time of its choice there.  Decisions with
a choice in the draw phase (more than one option) are counted too: the
bot searches only those whose shortlist holds two or more moves.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import math
import os
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import attrs
from machine import machine_line

import rummy500
from rummy500 import GreedyBot, iter_hand, new_game, presets
from rummy500.search import SearchBot


@attrs.frozen
class Job:
    """One hand: its deal seed, the search bot's seat and its budget."""

    index: int
    seed: int
    search_seat: int
    iterations: int | None
    time_limit: float | None
    preset: str
    win_bonus: float
    search_plays: bool = False


@attrs.frozen
class Result:
    """What one hand gave."""

    index: int
    search_seat: int
    winner: int | None
    scores: tuple[int, ...]
    search_decisions: int
    choice_decisions: int
    search_seconds: float
    moves: int
    cpu_seconds: float


def play(job: Job) -> Result:
    """Play one hand between the search bot and GreedyBot (module level, for the pool)."""
    cpu = time.process_time()
    rules = presets.get(job.preset)
    search = _CountingSearchBot(
        iterations=job.iterations,
        time_limit=job.time_limit,
        seed=job.seed,
        win_bonus=job.win_bonus,
        search_plays=job.search_plays,
    )
    greedy = GreedyBot(seed=job.seed + 1)
    bots = [greedy, greedy]
    bots[job.search_seat] = search  # type: ignore[call-overload]
    timed = _Timed(search)
    bots[job.search_seat] = timed  # type: ignore[call-overload]
    state = new_game(rules, 2, seed=job.seed, dealer=0)
    moves = 0
    for step in iter_hand(state, bots):
        state = step.after
        moves += 1
    result = state.result
    assert result is not None
    if result.went_out is not None:
        winner: int | None = result.went_out
    else:
        best = max(result.scores)
        leaders = [seat for seat, score in enumerate(result.scores) if score == best]
        winner = leaders[0] if len(leaders) == 1 else None
    return Result(
        job.index,
        job.search_seat,
        winner,
        result.scores,
        timed.decisions,
        timed.choices,
        timed.seconds,
        moves,
        time.process_time() - cpu,
    )


@attrs.frozen
class _CountingSearchBot(SearchBot):
    """A SearchBot that notes each decision where it compares candidates in rollouts."""

    compared: list[int] = attrs.field(factory=list, eq=False, repr=False)

    def _compare(self, view: Any, shortlist: Any, policy: Any, rng: Any) -> rummy500.Move | None:
        self.compared.append(len(shortlist))
        move: rummy500.Move | None = super()._compare(view, shortlist, policy, rng)
        return move


class _Timed:
    """A bot wrapper that counts the searched decisions and times them.

    Searched: the bot compared candidates (its shortlist held two or more).
    A choice: more than one option, in the draw phase (the rest follow
    GreedyBot unless ``search_plays``); the bot searches some of them.
    """

    def __init__(self, bot: _CountingSearchBot) -> None:
        self.bot = bot
        self.decisions = 0
        self.choices = 0
        self.seconds = 0.0

    def choose(self, view: rummy500.PlayerView) -> rummy500.Move | None:
        compared = len(self.bot.compared)
        start = time.perf_counter()
        move = self.bot.choose(view)
        elapsed = time.perf_counter() - start
        options = len(view.legal_moves) + (0 if view.is_my_turn else 1)
        if options > 1 and (view.phase is rummy500.Phase.DRAW or self.bot.search_plays):
            self.choices += 1
        if len(self.bot.compared) > compared:
            self.decisions += 1
            self.seconds += elapsed
        return move


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson's score interval for a proportion (95% by default)."""
    if not trials:
        return (0.0, 1.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (centre - half, centre + half)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=400, help="hands (rounded up to pairs)")
    parser.add_argument("--iterations", type=int, default=400, help="rollouts per decision")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per decision")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--preset", default="pagat")
    parser.add_argument(
        "--win-bonus",
        type=float,
        default=attrs.fields(SearchBot).win_bonus.default,
        help="the search bot's worth of winning a hand, in points (default: the bot's own)",
    )
    parser.add_argument(
        "--search-plays",
        action="store_true",
        help="search the play phase too (melds, lay-offs, discards)",
    )
    args = parser.parse_args(argv)
    iterations = None if args.time_limit is not None else args.iterations
    pairs = (args.hands + 1) // 2
    rng = random.Random(args.seed)
    jobs = []
    for pair in range(pairs):
        seed = rng.getrandbits(62)
        for seat in (0, 1):
            jobs.append(
                Job(
                    2 * pair + seat,
                    seed,
                    seat,
                    iterations,
                    args.time_limit,
                    args.preset,
                    args.win_bonus,
                    args.search_plays,
                )
            )
    budget = (
        f"{iterations} rollouts per decision"
        if iterations is not None
        else f"{args.time_limit} s per decision"
    )
    if args.search_plays:
        budget += ", the play phase searched too"
    print(f"{machine_line()}; {args.workers} workers")
    print(
        f"SearchBot ({budget}) against GreedyBot, {len(jobs)} hands of {args.preset!r}, 2 players"
    )
    start = time.perf_counter()
    results: list[Result] = []
    with concurrent.futures.ProcessPoolExecutor(max_workers=args.workers) as pool:
        for result in pool.map(play, jobs):
            results.append(result)
            if len(results) % 50 == 0:
                won = sum(r.winner == r.search_seat for r in results)
                elapsed = time.perf_counter() - start
                print(f"  {len(results)} hands, search won {won}, {elapsed:.0f} s", flush=True)
    wall = time.perf_counter() - start
    hands = len(results)
    won = sum(r.winner == r.search_seat for r in results)
    lost = sum(r.winner is not None and r.winner != r.search_seat for r in results)
    low, high = wilson(won, hands)
    search_points = [r.scores[r.search_seat] for r in results]
    greedy_points = [r.scores[1 - r.search_seat] for r in results]
    decisions = sum(r.search_decisions for r in results)
    choices = sum(r.choice_decisions for r in results)
    seconds = sum(r.search_seconds for r in results)
    rows = [
        ("hands", f"{hands} ({pairs} pairs, seats swapped)"),
        ("budget", budget),
        ("win bonus", f"{args.win_bonus:g} points"),
        ("hands won by SearchBot", f"{won} ({won / hands:.1%})"),
        ("95% interval (Wilson)", f"{low:.1%} - {high:.1%}"),
        ("hands won by GreedyBot", f"{lost} ({lost / hands:.1%})"),
        ("hands won by nobody", f"{hands - won - lost}"),
        ("points per hand, SearchBot", f"{statistics.mean(search_points):.1f}"),
        ("points per hand, GreedyBot", f"{statistics.mean(greedy_points):.1f}"),
        (
            "point lead per hand (95% interval)",
            _mean_interval([a - b for a, b in zip(search_points, greedy_points, strict=True)]),
        ),
        ("moves per hand", f"{statistics.mean(r.moves for r in results):.1f}"),
        ("searched decisions per hand (candidates compared)", f"{decisions / hands:.2f}"),
        ("decisions with a choice per hand (draw phase)", f"{choices / hands:.2f}"),
        ("seconds per searched decision", f"{seconds / max(decisions, 1):.3f}"),
        ("wall time", f"{wall:.0f} s ({wall / 60:.1f} min)"),
        (
            "CPU time of the hands / workers",
            f"{sum(r.cpu_seconds for r in results) / args.workers:.0f} s "
            "(the wall time on an otherwise idle machine)",
        ),
        ("load average at the end (1, 5, 15 min)", " ".join(f"{x:.1f}" for x in _load())),
    ]
    width = max(len(name) for name, _ in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


def _load() -> tuple[float, ...]:
    try:
        return os.getloadavg()
    except OSError:  # not on this platform
        return ()


def _mean_interval(values: list[int]) -> str:
    mean = statistics.mean(values)
    if len(values) < 2:
        return f"{mean:.1f}"
    half = 1.959964 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.1f} ({mean - half:.1f} to {mean + half:.1f})"


if __name__ == "__main__":
    main()

"""Simulation at scale: the same totals for a seed on every executor, batches, progress.

Rule ids: none (a service over the hand engine); the wins are counted as
``rummy500 simulate`` documents them (E1: the seat that went out).
"""

from __future__ import annotations

import concurrent.futures
import io
from typing import Any

import pytest

from rummy500 import GreedyBot, InvalidArgumentError, RandomBot, presets
from rummy500.simulate import BOTS, Outcome, SimulationSummary, outcomes, simulate

#: The workload every executor plays: small, in several batches.
WORK: dict[str, Any] = {"seed": 21, "batch_size": 3}
BOTS_2 = ["greedy", "random"]


@pytest.fixture(scope="module")
def serial() -> SimulationSummary:
    return simulate("pagat", 2, BOTS_2, 10, **WORK)


def test_the_summary_adds_up(serial: SimulationSummary) -> None:
    assert serial.played == serial.hands == 10
    assert serial.seed == 21
    assert sum(serial.wins) <= 10
    assert serial.bots == ("greedy", "random")
    assert serial.win_rates == (serial.wins[0] / 10, serial.wins[1] / 10)
    assert serial.mean_scores[0] == serial.score_sums[0] / 10
    lines = serial.table().splitlines()
    assert lines[0].split() == ["seat", "bot", "wins", "win", "rate", "score/hand", "moves/hand"]
    assert lines[-1].startswith("10 hands, ")


def test_a_process_pool_gives_the_same_totals(serial: SimulationSummary) -> None:
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        assert simulate("pagat", 2, BOTS_2, 10, executor=pool, **WORK) == serial


def test_a_thread_pool_gives_the_same_totals(serial: SimulationSummary) -> None:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        assert simulate("pagat", 2, BOTS_2, 10, executor=pool, **WORK) == serial


def test_the_batch_size_does_not_change_the_totals(serial: SimulationSummary) -> None:
    assert simulate("pagat", 2, BOTS_2, 10, seed=21, batch_size=7) == serial
    assert simulate("pagat", 2, BOTS_2, 10, seed=21) == serial


def test_a_dask_cluster_gives_the_same_totals(serial: SimulationSummary) -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1,
            threads_per_worker=2,
            processes=False,
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        summary = simulate("pagat", 2, BOTS_2, 10, executor=client.get_executor(), **WORK)
    assert summary == serial


def test_ray_gives_the_same_totals(serial: SimulationSummary) -> None:
    ray = pytest.importorskip("ray")
    from rummy500.simulate import RayExecutor

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        executor = RayExecutor()
        assert simulate("pagat", 2, BOTS_2, 10, executor=executor, **WORK) == serial
        executor.shutdown()
        with pytest.raises(RuntimeError, match="after shutdown"):
            executor.submit(len, ())
    finally:
        ray.shutdown()


def test_matches_and_bot_functions() -> None:
    summary = simulate(presets.get("pagat"), 2, [GreedyBot, RandomBot], 2, unit="matches", seed=4)
    assert summary.unit == "matches"
    assert summary.played == 2
    assert summary.hands >= 2
    assert summary.bots == ("GreedyBot", "RandomBot")
    assert sum(summary.wins) == 2
    named = simulate("pagat", 2, ["greedy", "random"], 2, unit="matches", seed=4)
    assert named.wins == summary.wins
    assert named.score_sums == summary.score_sums


def test_outcomes_stream_every_hand_once() -> None:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        streamed = list(outcomes("wikipedia", 3, ["greedy"] * 3, 7, seed=2, executor=pool))
    assert sorted(outcome.index for outcome in streamed) == list(range(7))
    assert all(isinstance(outcome, Outcome) for outcome in streamed)
    assert [outcome.dealer for outcome in sorted(streamed, key=lambda o: o.index)] == [
        0, 1, 2, 0, 1, 2, 0,
    ]  # fmt: skip
    in_order = list(outcomes("wikipedia", 3, ["greedy"] * 3, 7, seed=2))
    assert in_order == sorted(streamed, key=lambda outcome: outcome.index)


def test_no_seed_draws_one_and_it_replays() -> None:
    first = simulate("pagat", 2, BOTS_2, 2)
    assert simulate("pagat", 2, BOTS_2, 2, seed=first.seed) == first


def test_plain_progress_lines_off_a_terminal() -> None:
    stream = io.StringIO()
    simulate("pagat", 2, BOTS_2, 3, seed=1, progress=stream)
    lines = stream.getvalue().splitlines()
    assert lines
    assert lines[-1].startswith("simulate: 3/3 hands (100%), ")
    assert lines[-1].endswith("done")


def test_a_tqdm_bar_on_a_terminal() -> None:
    pytest.importorskip("tqdm")

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    simulate("pagat", 2, BOTS_2, 3, seed=1, progress=stream)
    text = stream.getvalue()
    assert "simulate" in text
    assert "3/3" in text
    assert "hand/s" in text or "s/hand" in text


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("pagat", 3, BOTS_2, 1), "one bot per seat"),
        (("pagat", 2, ["greedy", "smart"], 1), "unknown bot 'smart'"),
        (("pagat", 2, "gr", 1), "one bot per seat, got the text"),
        (("pagat", 2, ["greedy", 7], 1), "a name or a function"),
        (("pagat", 2, BOTS_2, 0), "at least one hand"),
        (("persian", 2, BOTS_2, 1), "for 4 players, got 2"),
        ((3, 2, BOTS_2, 1), "a Rules value or a preset.s name"),
    ],
)
def test_bad_arguments(arguments: tuple[Any, ...], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        simulate(*arguments)


def test_bad_batch_size_and_unit() -> None:
    with pytest.raises(InvalidArgumentError, match="batch_size"):
        simulate("pagat", 2, BOTS_2, 2, batch_size=0)
    with pytest.raises(InvalidArgumentError, match="unit"):
        simulate("pagat", 2, BOTS_2, 2, unit="rounds")  # type: ignore[arg-type]


def test_the_bots_by_name() -> None:
    assert set(BOTS) == {"random", "greedy", "search"}
    assert isinstance(BOTS["greedy"](3), GreedyBot)
    assert type(BOTS["search"](3)).__name__ == "SearchBot"

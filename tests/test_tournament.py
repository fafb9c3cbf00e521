"""Tournaments (rummy500.tournament, `rummy500 tournament`): duplicate deals, ratings with
intervals, the SPRT, faults that forfeit a hand, the same result on any executor."""

from __future__ import annotations

import concurrent.futures
import json
import math
import shlex
import sys
from pathlib import Path

import jsonschema
import pytest

import rummy500
from rummy500 import InvalidArgumentError, cli, json_schema, tournament
from rummy500.ratings import elo_interval, elo_of_score, interval, score_of_elo, sprt
from rummy500.tournaments import TournamentResult
from tests.test_program_bot import FAULT_BOT, FIRST_MOVE, marker

__all__ = ["marker"]  # the fixture, shared with the fault suite

ROOT = Path(__file__).resolve().parent.parent


def program(path: Path, *words: str) -> str:
    return "exec:" + shlex.join([sys.executable, str(path), *words])


def test_the_front_door_offers_tournament_and_bot_specs() -> None:
    assert rummy500.tournament is tournament
    assert isinstance(rummy500.make_bot("search:iterations=5"), rummy500.Bot)


def test_duplicate_deals_cancel_the_luck_of_the_cards() -> None:
    """Two copies of one deterministic bot play each deal from both seats alike: every
    deal's lead is exactly 0, and they win alike."""
    result = tournament(["greedy", "greedy"], hands=12, seed=3)
    pairing = result.pairings[0]
    assert (pairing.hands, pairing.deals) == (12, 6)
    assert (pairing.lead.mean, pairing.lead.low, pairing.lead.high) == (0.0, 0.0, 0.0)
    assert pairing.wins[0] == pairing.wins[1]
    assert pairing.score == 0.5
    assert abs(pairing.elo.mean) < 1e-9
    apart = tournament(["greedy", "greedy"], hands=12, seed=3, duplicate=False).pairings[0]
    assert (apart.hands, apart.deals) == (12, 12)
    assert apart.lead.width > 0  # the luck of the cards, uncancelled


def test_a_tournament_ranks_its_bots_and_writes_its_result() -> None:
    result = tournament(["random", "greedy", "search:iterations=8"], hands=6, seed=1)
    assert [bot.spec for bot in result.bots] == ["random", "greedy", "search:iterations=8"]
    assert len(result.pairings) == 3
    assert [pairing.bots for pairing in result.pairings] == [(0, 1), (0, 2), (1, 2)]
    random_bot, greedy = result.bots[0], result.bots[1]
    assert greedy.elo.mean > random_bot.elo.mean
    assert greedy.win_rate > random_bot.win_rate
    assert all(bot.hands == 12 for bot in result.bots)
    assert math.isclose(sum(bot.elo.mean for bot in result.bots), 0.0, abs_tol=1e-9)
    data = result.to_dict()
    jsonschema.validate(data, json_schema("tournament"))
    json.dumps(data, allow_nan=False)
    chart = result.chart()
    assert chart.startswith("<svg")
    assert chart._repr_svg_() == chart
    for spec in result.specs:
        assert spec in chart
    table = result.table()
    assert "greedy vs search:iterations=8" in table
    assert "lead/hand [95%]" in table


def test_the_same_seed_gives_the_same_result_on_a_process_pool() -> None:
    specs = ["greedy", "random", program(FIRST_MOVE)]
    here = tournament(specs, hands=6, seed=5, batch_size=1)
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        pooled = tournament(specs, hands=6, seed=5, executor=pool, batch_size=1)
    assert pooled == here
    assert tournament(specs, hands=6, seed=6) != here


def test_the_same_seed_gives_the_same_result_on_dask() -> None:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = tournament(
            ["greedy", "random"], hands=4, seed=2, executor=client.get_executor(), batch_size=1
        )
    assert on_dask == tournament(["greedy", "random"], hands=4, seed=2)


def test_the_sprt_stops_a_pairing_in_deal_order() -> None:
    result = tournament(["greedy", "random"], hands=400, seed=1, sprt=(0.0, 50.0))
    pairing = result.pairings[0]
    assert pairing.sprt is not None
    assert pairing.sprt.verdict == "H1"
    assert pairing.hands < 400
    assert pairing.hands == 2 * pairing.sprt.units
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        pooled = tournament(
            ["greedy", "random"], hands=400, seed=1, sprt=(0.0, 50.0), executor=pool
        )
    assert pooled == result


def test_a_faulty_program_forfeits_its_hands_and_the_tournament_goes_on(marker: str) -> None:
    spec = program(FAULT_BOT, "crash_mid_hand", marker)
    result = tournament([spec, "greedy"], hands=4, seed=1)
    faulty, greedy = result.bots
    assert faulty.faults == faulty.hands == 4  # it crashes in every hand, restarted each time
    assert greedy.wins == 4
    assert result.pairings[0].faults == (4, 0)
    assert len(result.errors) == 4
    assert "closed its output: it exited with code 1" in result.errors[0]
    jsonschema.validate(result.to_dict(), json_schema("tournament"))


def test_a_program_that_cannot_start_forfeits_every_hand(marker: str) -> None:
    result = tournament([program(FAULT_BOT, "crash_at_start", marker), "random"], hands=2)
    assert result.bots[0].faults == 2
    assert result.bots[1].wins == 2


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"specs": ["greedy"]}, "at least two bot specs"),
        ({"specs": "greedy,random"}, "at least two bot specs"),
        ({"specs": ["greedy", "clever"]}, "unknown bot 'clever'"),
        ({"specs": ["greedy", "search:iterations=0"]}, "iterations must be positive"),
        ({"hands": 0}, "hands must be 1 or more"),
        ({"players": 9}, "2 to 8 players"),
        ({"sprt": (50, 0)}, "sprt must be two Elo differences"),
        ({"rules": 3}, "rules must be a Rules value or a preset's name"),
        ({"seed": "x"}, "seed must be an integer"),
    ],
)
def test_a_tournament_refuses_bad_arguments(arguments: dict[str, object], message: str) -> None:
    given: dict[str, object] = {"specs": ["greedy", "random"], "hands": 2, **arguments}
    with pytest.raises(InvalidArgumentError, match=message):
        tournament(**given)  # type: ignore[arg-type]


def test_the_command_line_plays_a_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out_json, out_svg = tmp_path / "result.json", tmp_path / "chart.svg"
    argv = ["tournament", "greedy", "random", "--hands", "4", "--seed", "2"]
    assert cli.main([*argv, "--json", str(out_json), "--svg", str(out_svg)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("preset 'pagat', 2 players, seed 2: 4 hands a pairing, duplicate deals")
    data = json.loads(out_json.read_text())
    jsonschema.validate(data, json_schema("tournament"))
    expected = tournament(["greedy", "random"], hands=4, seed=2)
    assert data == json.loads(json.dumps(expected.to_dict()))
    assert out_svg.read_text().startswith("<svg")
    assert cli.main([*argv, "--workers", "2", "--no-duplicate", "--sprt", "0,40"]) == 0
    assert "a deal a hand" in capsys.readouterr().out


def test_the_command_line_says_what_is_wrong_with_a_tournament(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert cli.main(["tournament", "greedy", "--hands", "2"]) == 2
    assert "name two bots or more, got 1" in capsys.readouterr().err
    assert cli.main(["tournament", "greedy", "wise", "--hands", "2"]) == 2
    assert "unknown bot 'wise'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["tournament", "greedy", "random", "--sprt", "5"])
    assert "ELO0,ELO1" in capsys.readouterr().err


def test_no_program_outlives_a_tournament_on_a_pool(marker: str) -> None:
    specs = [program(FIRST_MOVE, marker), program(FIRST_MOVE, marker)]
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        result = tournament(specs, hands=4, seed=1, executor=pool)
    assert isinstance(result, TournamentResult)
    assert result.pairings[0].hands == 4


# ---------------------------------------------------------------------------
# The statistics


def test_intervals_and_elo_differences() -> None:
    assert interval([]).mean == 0.0
    assert interval([3.0]).width == 0.0
    found = interval([1.0, 2.0, 3.0, 4.0])
    assert found.mean == 2.5
    assert math.isclose(found.high - found.mean, 1.959963984540054 * math.sqrt(5 / 3 / 4))
    assert math.isclose(elo_of_score(0.5), 0.0, abs_tol=1e-12)
    assert math.isclose(elo_of_score(score_of_elo(123.0)), 123.0)
    assert math.isfinite(elo_of_score(1.0, 10))
    assert math.isfinite(elo_of_score(0.0, 10))
    all_won = elo_interval([1.0] * 20)
    assert all_won.low < all_won.mean  # never a point, even when every hand is won


def test_the_sprt_decides_both_ways() -> None:
    strong = sprt([1.0, 0.5, 1.0, 1.0, 0.0, 1.0] * 20, 0.0, 50.0)
    assert strong.verdict == "H1"
    weak = sprt([0.0, 0.5, 0.0, 0.0, 1.0, 0.0] * 20, 0.0, 50.0)
    assert weak.verdict == "H0"
    assert sprt([1.0], 0, 50).verdict == "continue"
    assert math.isclose(strong.upper, math.log(0.95 / 0.05))

"""Steps per second of each environment under random play (uniform over the legal tokens).

Usage: python benchmarks/bench_envs.py [--seconds 3] [--rounds 3] [--preset pagat] [--players 2]
Smoke run: python benchmarks/bench_envs.py --seconds 0.3 --rounds 1

A step is one token (one action of an agent), or one move for the raw
engine.  Each run plays whole hands for about ``--seconds`` seconds and
counts steps and hands; the runs are interleaved over ``--rounds`` rounds
(every run once per round, so a machine that slows down slows them all),
and each run's ratios to the raw engine are taken inside a round, then the
median over the rounds is printed:

* ``engine``: ``legal_moves``, a uniform choice and ``apply_move``: the
  baseline of the ratios;
* ``TokenGame``: the token game the environments run, stepped directly
  (no observation built): the cost of the engine and the mask;
The environments' legal actions are chosen as the engine's moves are, by
``random.Random.choice`` (here over the mask's nonzero entries): NumPy's
``Generator.choice`` alone costs about as much as an engine move.

* ``PettingZoo env()``: with PettingZoo's wrappers, an observation and a mask
  for the agent at every step (``env.last()``);
* ``PettingZoo raw_env``: the same without the wrappers;
* ``Gymnasium``: the learner's steps only (the other seats are played by
  ``RandomBot`` between them, their time included);
* ``OpenSpiel``: ``legal_actions`` and ``apply_action`` at decision nodes,
  chance nodes sampled with their probabilities (timed, not counted); plus a
  run that also reads the observation tensor at every decision.

An environment whose library is missing is skipped.

``--floors`` adds the PettingZoo, Gymnasium and batched runs with their
observations skipped (each seat encoder swapped for one that returns a
vector of zeros, a measurement and not an option of the environments): what
the environments cost without the observation, the floor of their ratios.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from machine import machine_line

from rummy500 import apply_move, legal_moves, new_game, presets
from rummy500.adapters.actions import TokenGame


def timed(
    run_hand: Callable[[int], int | tuple[int, int]], seconds: float
) -> tuple[int, int, float]:
    """Run hands until ``seconds`` have passed: (steps, hands, elapsed).

    A run returns its steps (one hand), or its steps and the hands it finished.
    """
    steps = hands = calls = 0
    start = time.perf_counter()
    while True:
        done = run_hand(calls)
        calls += 1
        if isinstance(done, tuple):
            steps, hands = steps + done[0], hands + done[1]
        else:
            steps, hands = steps + done, hands + 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps, hands, elapsed


def engine(preset: str, players: int) -> Callable[[int], int]:
    rules = presets.get(preset)

    def run(seed: int) -> int:
        state = new_game(rules, players, seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_over:
            state = apply_move(state, rng.choice(legal_moves(state)))
            steps += 1
        return steps

    return run


def token_game(preset: str, players: int) -> Callable[[int], int]:
    rules = presets.get(preset)

    def run(seed: int) -> int:
        game = TokenGame(new_game(rules, players, seed=seed))
        rng = random.Random(seed)
        steps = 0
        while not game.is_over:
            game.step(rng.choice(game.legal_tokens()))
            steps += 1
        return steps

    return run


class SkippedObservations:
    """A seat encoder that encodes nothing: its vector of zeros (for ``--floors``)."""

    def __init__(self, encoder: Any) -> None:
        self.vector = encoder.vector * 0

    def encode(self, state: Any, totals: Sequence[int] = ()) -> Any:
        return self.vector


def skip_observations(encoders: list[Any]) -> list[Any]:
    """``encoders`` (a list, or a list of lists) swapped for :class:`SkippedObservations`."""
    return [
        skip_observations(encoder) if isinstance(encoder, list) else SkippedObservations(encoder)
        for encoder in encoders
    ]


def pettingzoo(
    preset: str, players: int, wrapped: bool, skipped: bool = False
) -> Callable[[int], int]:
    from rummy500.adapters.pettingzoo import env, raw_env

    table = (
        env(preset=preset, players=players) if wrapped else raw_env(preset=preset, players=players)
    )
    if skipped:
        table.unwrapped._encoders = skip_observations(table.unwrapped._encoders)
    return aec_hands(table)


def aec_hands(table: Any) -> Callable[[int], int]:
    """Hands of a PettingZoo AEC environment: ``last()`` at every step, a uniform legal action."""
    rng = random.Random(0)

    def run(seed: int) -> int:
        table.reset(seed=seed)
        steps = 0
        for _agent in table.agent_iter():
            observation, _reward, termination, truncation, _info = table.last()
            if termination or truncation:
                table.step(None)
                continue
            table.step(int(rng.choice(observation["action_mask"].nonzero()[0])))
            steps += 1
        return steps

    return run


def gymnasium(preset: str, players: int, skipped: bool = False) -> Callable[[int], int]:
    from rummy500.adapters.gymnasium import Rummy500Env

    environment = Rummy500Env(preset=preset, players=players, opponents="random")
    if skipped:
        environment._encoder = cast(Any, SkippedObservations(environment._encoder))
    rng = random.Random(0)

    def run(seed: int) -> int:
        _observation, info = environment.reset(seed=seed)
        steps = 0
        done = False
        while not done:
            action = int(rng.choice(info["action_mask"].nonzero()[0]))
            _observation, _reward, done, _truncated, info = environment.step(action)
            steps += 1
        return steps

    return run


def openspiel(preset: str, players: int, observe: bool) -> Callable[[int], int]:
    from rummy500.adapters.openspiel import load_game

    game = load_game(preset=preset, players=players)

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            if observe:
                state.observation_tensor(state.current_player())
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time per run and round")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--floors", action="store_true", help="add runs with the observations skipped"
    )
    args = parser.parse_args(argv)
    print(machine_line())
    print(
        f"preset {args.preset!r}, {args.players} players, "
        f"uniform random tokens; {args.rounds} rounds of {args.seconds:g} s per run"
    )
    runs: list[tuple[str, str | None, Callable[[], Callable[[int], int | tuple[int, int]]]]] = [
        (
            "engine (legal_moves + choice + apply_move)",
            None,
            lambda: engine(args.preset, args.players),
        ),
        ("TokenGame (no observations)", None, lambda: token_game(args.preset, args.players)),
        (
            "PettingZoo env() (wrapped)",
            "pettingzoo",
            lambda: pettingzoo(args.preset, args.players, True),
        ),
        ("PettingZoo raw_env", "pettingzoo", lambda: pettingzoo(args.preset, args.players, False)),
        (
            "Gymnasium (learner steps; RandomBot seats)",
            "gymnasium",
            lambda: gymnasium(args.preset, args.players),
        ),
        (
            "OpenSpiel (actions only)",
            "pyspiel",
            lambda: openspiel(args.preset, args.players, False),
        ),
        (
            "OpenSpiel (+ observation tensor)",
            "pyspiel",
            lambda: openspiel(args.preset, args.players, True),
        ),
        *extra_runs(args.preset, args.players),
        *(floor_runs(args.preset, args.players) if args.floors else []),
    ]
    width = max(len(name) for name, _module, _make in runs)
    made: dict[str, Callable[[int], int | tuple[int, int]]] = {}
    for name, module, make in runs:
        if module is not None and not available(module):
            print(f"{name:<{width}}  skipped: {module} is not installed")
            continue
        made[name] = make()
    rates: dict[str, list[tuple[float, float, float, float]]] = {name: [] for name in made}
    for _round in range(args.rounds):
        measured = {}
        for name, run in made.items():
            steps, hands, elapsed = timed(run, args.seconds)
            measured[name] = (steps / elapsed, hands / elapsed)
        base_steps, base_hands = next(iter(measured.values()))
        for name, (step_rate, hand_rate) in measured.items():
            rates[name].append(
                (step_rate, hand_rate, step_rate / base_steps, hand_rate / base_hands)
            )
    print(
        f"{'run':<{width}}  {'steps/s':>9}  {'hands/s':>8}  {'x engine steps':>14}  "
        f"{'x engine hands':>14}"
    )
    for name, values in rates.items():
        step_rate, hand_rate, step_ratio, hand_ratio = (
            statistics.median(value[index] for value in values) for index in range(4)
        )
        print(
            f"{name:<{width}}  {step_rate:9,.0f}  {hand_rate:8.1f}  {step_ratio:14.2f}  "
            f"{hand_ratio:14.2f}"
        )


def available(module: str) -> bool:
    """Whether ``module`` can be imported (a dotted name whose parent is missing cannot)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:
        return False


def extra_runs(
    preset: str, players: int
) -> list[tuple[str, str | None, Callable[[], Callable[[int], int | tuple[int, int]]]]]:
    """The batched environment, N = 64 (self-play), and PettingZoo's gin rummy (a peer)."""
    return [
        ("BatchedEnv N=64 (self-play)", "numpy", lambda: batched(preset, players, 64)),
        ("peer: PettingZoo gin_rummy_v4 (RLCard)", "pettingzoo.classic.gin_rummy_v4", gin_rummy),
    ]


def floor_runs(
    preset: str, players: int
) -> list[tuple[str, str | None, Callable[[], Callable[[int], int | tuple[int, int]]]]]:
    """The PettingZoo, Gymnasium and batched runs with their observations skipped."""
    return [
        (
            "floor: PettingZoo env(), no observations",
            "pettingzoo",
            lambda: pettingzoo(preset, players, True, skipped=True),
        ),
        (
            "floor: Gymnasium, no observations",
            "gymnasium",
            lambda: gymnasium(preset, players, skipped=True),
        ),
        (
            "floor: BatchedEnv N=64, no observations",
            "numpy",
            lambda: batched(preset, players, 64, skipped=True),
        ),
    ]


def batched(
    preset: str, players: int, games: int, skipped: bool = False
) -> Callable[[int], tuple[int, int]]:
    """Twenty steps of every game: the tokens spelled and the episodes finished.

    The tokens are drawn as batched learning code draws them, for all the
    games in one NumPy call: the legal token with the largest uniform
    random key in each row (uniform over the legal tokens).
    """
    import numpy as np

    from rummy500.adapters.batched import BatchedEnv

    batch = BatchedEnv(games, preset=preset, players=players, seed=0)
    if skipped:
        batch._encoders = skip_observations(batch._encoders)
    rng = np.random.default_rng(0)

    def run(seed: int) -> tuple[int, int]:
        before = int(batch.episodes.sum())
        for _ in range(20):
            batch.step(np.argmax(batch.masks * rng.random(batch.masks.shape), axis=1))
        return 20 * games, int(batch.episodes.sum()) - before

    return run


def gin_rummy() -> Callable[[int], int]:
    """PettingZoo's gin rummy (RLCard's game; PettingZoo 1.24, the last release with it).

    Played as the PettingZoo runs above (:func:`aec_hands`).  Skipped where
    it is not installed (it needs ``pettingzoo[classic]<1.25``, which this
    project does not install).
    """
    from pettingzoo.classic import gin_rummy_v4  # type: ignore[attr-defined,unused-ignore]

    return aec_hands(gin_rummy_v4.env())


if __name__ == "__main__":
    main()

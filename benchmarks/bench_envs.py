"""Steps per second of each environment beside OpenSpiel's C++ gin rummy, in the same run.

Usage: python benchmarks/bench_envs.py [--seconds 3] [--rounds 3] [--preset pagat] [--players 2]
    [--runs peer,engine,...] [--clock wall|cpu] [--floors]
Smoke run: python benchmarks/bench_envs.py --seconds 0.05 --rounds 1

The ratios are taken against the **peer**: OpenSpiel's C++ ``gin_rummy``
(default parameters, 2 players) asked for ``observation_tensor(player)``
and ``legal_actions_mask(player)`` at every decision, what a learner would
otherwise train on.  Without OpenSpiel (the ``bench`` or ``openspiel``
extra) the ratios are taken against the raw engine instead, and the header
says so.

A step is one decision: a token (one action of an agent) for the
environments, a move for the raw engine, an action for OpenSpiel.  Each
run plays whole hands for about ``--seconds`` seconds and counts steps and
hands; the runs are interleaved over ``--rounds`` rounds (every run once
per round, so a machine that slows down slows them all), each run's ratio
to the peer is taken inside a round, and the median over the rounds is
printed.  The runs (``--runs`` picks some by key):

* ``spiel``: OpenSpiel ``gin_rummy``, ``legal_actions`` and
  ``apply_action`` only; ``peer``: the same and the observation tensor and
  the mask at every decision (chance nodes sampled with their
  probabilities: timed, not counted);
* ``engine``: rummy500's ``legal_moves``, a uniform choice and ``apply_move``;
* ``tokens``: the token game the environments run, stepped directly (no
  observation);
* ``pettingzoo``: PettingZoo ``env()``, ``last()`` at every step (the
  observation and the mask of the agent); ``raw``: ``raw_env``, the same
  without PettingZoo's wrappers;
* ``gymnasium``: one learner against ``RandomBot`` seats, every decision
  counted (the learner's tokens and the bots' moves inside ``step``);
* ``openspiel``: the OpenSpiel adapter, ``observation_tensor(player)`` and
  ``legal_actions_mask(player)`` at every decision, as the peer;
  ``openspiel-info``: the same with the information-state tensor;
  ``openspiel-actions``: actions only;
* ``batched``: ``BatchedEnv`` with N = 64 games (self-play), its steps summed
  over the games; the tokens are drawn as batched learning code draws them,
  in one NumPy call for all the games.

The environments' legal actions are chosen as the engine's moves are, by
``random.Random.choice`` over the mask's nonzero entries (NumPy's
``Generator.choice`` alone costs about as much as an engine move).  An
environment whose library is missing is skipped.

``--floors`` adds the PettingZoo, Gymnasium and batched runs with their
observations skipped (each seat encoder swapped for one that returns its
vector of zeros, a measurement and not an option of the environments).
``--clock cpu`` times the process's CPU time instead of the wall clock (on
a busy machine it is the steadier of the two).
"""

from __future__ import annotations

import argparse
import importlib.metadata
import importlib.util
import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from machine import machine_line

from rummy500 import apply_move, legal_moves, new_game, presets
from rummy500.adapters.actions import TokenGame
from rummy500.bots import RandomBot

#: A run: a function of a seed playing one hand (its steps) or a batch (steps and hands).
Run = Callable[[int], "int | tuple[int, int]"]


def timed(run_hand: Run, seconds: float, clock: Callable[[], float]) -> tuple[int, int, float]:
    """Run hands until ``seconds`` have passed on ``clock``: (steps, hands, elapsed)."""
    steps = hands = calls = 0
    start = clock()
    while True:
        done = run_hand(calls)
        calls += 1
        if isinstance(done, tuple):
            steps, hands = steps + done[0], hands + done[1]
        else:
            steps, hands = steps + done, hands + 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return steps, hands, elapsed


def engine(preset: str, players: int) -> Run:
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


def token_game(preset: str, players: int) -> Run:
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
        self.raw: bytes = self.vector.tobytes()
        self.values = self.vector.tolist()

    def encode(self, state: Any, totals: Sequence[int] = ()) -> Any:
        return self.vector

    def observation(self, state: Any, totals: Any, prefix: Any) -> Any:
        return self.vector.copy()

    def vector_bytes(self, state: Any, totals: Any, prefix: Any) -> bytes:
        return self.raw

    def tensor(self, state: Any, totals: Any, prefix: Any) -> list[float]:
        return list(self.values)


def skip_observations(encoders: list[Any]) -> list[Any]:
    """``encoders`` (a list, or a list of lists) swapped for :class:`SkippedObservations`."""
    return [
        skip_observations(encoder) if isinstance(encoder, list) else SkippedObservations(encoder)
        for encoder in encoders
    ]


def pettingzoo(preset: str, players: int, wrapped: bool, skipped: bool = False) -> Run:
    from rummy500.adapters.pettingzoo import env, raw_env

    table = (
        env(preset=preset, players=players) if wrapped else raw_env(preset=preset, players=players)
    )
    if skipped:
        table.unwrapped._encoders = skip_observations(table.unwrapped._encoders)
    return aec_hands(table)


def aec_hands(table: Any) -> Run:
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


class CountedBot:
    """A :class:`RandomBot` whose decisions are counted in a shared counter."""

    def __init__(self, seed: int, counter: list[int]) -> None:
        self.bot = RandomBot(seed)
        self.counter = counter

    def choose(self, view: Any) -> Any:
        self.counter[0] += 1
        return self.bot.choose(view)


def gymnasium(preset: str, players: int, skipped: bool = False) -> Run:
    """The learner's tokens and the bots' decisions (each ``choose``) of Gymnasium hands."""
    from rummy500.adapters.gymnasium import Rummy500Env

    counter = [0]
    environment = Rummy500Env(
        preset=preset, players=players, opponents=lambda seed: CountedBot(seed, counter)
    )
    if skipped:
        environment._encoder = cast(Any, SkippedObservations(environment._encoder))
    rng = random.Random(0)

    def run(seed: int) -> int:
        counter[0] = 0
        _observation, info = environment.reset(seed=seed)
        steps = 0
        done = False
        while not done:
            action = int(rng.choice(info["action_mask"].nonzero()[0]))
            _observation, _reward, done, _truncated, info = environment.step(action)
            steps += 1
        return steps + counter[0]

    return run


def openspiel(preset: str, players: int, tensor: str | None) -> Run:
    """Hands of the OpenSpiel adapter; ``tensor``: which tensor and the mask at every decision."""
    from rummy500.adapters.openspiel import load_game

    return spiel_hands(load_game(preset=preset, players=players), tensor)


def spiel_hands(game: Any, tensor: str | None) -> Run:
    """Hands of an OpenSpiel game by uniform random actions.

    ``tensor`` (``"observation"`` or ``"information_state"``): that tensor
    and ``legal_actions_mask`` of the player at every decision.
    """
    read = None if tensor is None else f"{tensor}_tensor"

    def run(seed: int) -> int:
        rng = random.Random(seed)
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probabilities)[0])
                continue
            if read is not None:
                player = state.current_player()
                getattr(state, read)(player)
                state.legal_actions_mask(player)
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return run


def gin_rummy(tensor: str | None) -> Run:
    """OpenSpiel's C++ ``gin_rummy`` (default parameters, 2 players)."""
    import pyspiel

    return spiel_hands(pyspiel.load_game("gin_rummy"), tensor)


def batched(preset: str, players: int, games: int, skipped: bool = False) -> Run:
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


#: Every run: its key, its name in the table, the module it needs, and its maker
#: (of the preset and the number of players).
RUNS: tuple[tuple[str, str, str | None, Callable[[str, int], Run]], ...] = (
    (
        "spiel",
        "OpenSpiel C++ gin_rummy, legal_actions + apply_action only",
        "pyspiel",
        lambda preset, players: gin_rummy(None),
    ),
    (
        "peer",
        "peer: the same + observation_tensor + legal_actions_mask",
        "pyspiel",
        lambda preset, players: gin_rummy("observation"),
    ),
    ("engine", "rummy500 engine (legal_moves + choice + apply_move)", None, engine),
    ("tokens", "TokenGame (tokens, no observation)", None, token_game),
    (
        "pettingzoo",
        "PettingZoo env()",
        "pettingzoo",
        lambda preset, players: pettingzoo(preset, players, True),
    ),
    (
        "raw",
        "PettingZoo raw_env",
        "pettingzoo",
        lambda preset, players: pettingzoo(preset, players, False),
    ),
    (
        "gymnasium",
        "Gymnasium (every decision: learner's tokens + bots' moves)",
        "gymnasium",
        gymnasium,
    ),
    (
        "openspiel",
        "OpenSpiel adapter + observation tensor + mask",
        "pyspiel",
        lambda preset, players: openspiel(preset, players, "observation"),
    ),
    (
        "openspiel-info",
        "OpenSpiel adapter + information-state tensor + mask",
        "pyspiel",
        lambda preset, players: openspiel(preset, players, "information_state"),
    ),
    (
        "openspiel-actions",
        "OpenSpiel adapter, actions only",
        "pyspiel",
        lambda preset, players: openspiel(preset, players, None),
    ),
    (
        "batched",
        "BatchedEnv N=64 (steps summed over games)",
        "numpy",
        lambda preset, players: batched(preset, players, 64),
    ),
)

#: The runs with the observations skipped (``--floors``).
FLOORS: tuple[tuple[str, str, str | None, Callable[[str, int], Run]], ...] = (
    (
        "floor-pettingzoo",
        "floor: PettingZoo env(), no observations",
        "pettingzoo",
        lambda preset, players: pettingzoo(preset, players, True, skipped=True),
    ),
    (
        "floor-gymnasium",
        "floor: Gymnasium, no observations",
        "gymnasium",
        lambda preset, players: gymnasium(preset, players, skipped=True),
    ),
    (
        "floor-batched",
        "floor: BatchedEnv N=64, no observations",
        "numpy",
        lambda preset, players: batched(preset, players, 64, skipped=True),
    ),
)


def make_run(key: str, preset: str, players: int) -> Run:
    """The run of ``key`` (see :data:`RUNS` and :data:`FLOORS`)."""
    for name, _title, _module, make in (*RUNS, *FLOORS):
        if name == key:
            return make(preset, players)
    raise SystemExit(f"unknown run {key!r}; runs: {', '.join(name for name, *_ in RUNS + FLOORS)}")


def available(module: str | None) -> bool:
    """Whether ``module`` can be imported (a dotted name whose parent is missing cannot)."""
    if module is None:
        return True
    try:
        return importlib.util.find_spec(module) is not None
    except ImportError:
        return False


def version_of(distribution: str) -> str:
    """The installed version of ``distribution``, or ``"missing"``."""
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return "missing"


def header(args: argparse.Namespace, base: str) -> str:
    return (
        f"{machine_line()}\n"
        f"NumPy {version_of('numpy')}, open-spiel {version_of('open-spiel')}, "
        f"PettingZoo {version_of('pettingzoo')}, Gymnasium {version_of('gymnasium')}\n"
        f"preset {args.preset!r}, {args.players} players, uniform random actions; "
        f"{args.rounds} rounds of {args.seconds:g} s ({args.clock} clock) per run, interleaved; "
        f"ratios to {base}, taken in each round, medians"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="time per run and round")
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds")
    parser.add_argument("--preset", default="pagat")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--runs", default="", help="the runs to make, by key (default: all)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument(
        "--floors", action="store_true", help="add runs with the observations skipped"
    )
    args = parser.parse_args(argv)
    chosen = (*RUNS, *FLOORS) if args.floors else RUNS
    if args.runs:
        keys = args.runs.split(",")
        chosen = tuple(run for run in (*RUNS, *FLOORS) if run[0] in keys)
    made: dict[str, Run] = {}
    skipped: list[str] = []
    for key, title, module, make in chosen:
        if not available(module):
            skipped.append(f"{title}: skipped, {module} is not installed")
            continue
        made[key] = make(args.preset, args.players)
    titles = {key: title for key, title, _module, _make in chosen}
    base = "peer" if "peer" in made else next(iter(made))
    print(header(args, "the peer" if base == "peer" else f"the run {titles[base]!r}"))
    for line in skipped:
        print(line)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    rates: dict[str, list[tuple[float, float, float]]] = {key: [] for key in made}
    for _round in range(args.rounds):
        measured = {}
        for key, run in made.items():
            steps, hands, elapsed = timed(run, args.seconds, clock)
            measured[key] = (steps / elapsed, hands / elapsed)
        for key, (step_rate, hand_rate) in measured.items():
            rates[key].append((step_rate, hand_rate, step_rate / measured[base][0]))
    width = max(len(titles[key]) for key in made)
    ratio = "x the peer" if base == "peer" else "x base"
    print()
    print(f"| {'run':<{width}} | {'steps/s':>9} | {'hands/s':>8} | {ratio:>10} |")
    print(f"|{'-' * (width + 2)}|{'-' * 11}|{'-' * 10}|{'-' * 12}|")
    for key, values in rates.items():
        step_rate, hand_rate, step_ratio = (
            statistics.median(value[index] for value in values) for index in range(3)
        )
        print(
            f"| {titles[key]:<{width}} | {step_rate:9,.0f} | {hand_rate:8.1f} | "
            f"{step_ratio:10.2f} |"
        )


if __name__ == "__main__":
    main()

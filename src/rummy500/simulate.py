"""Simulation at scale: many hands or matches between bots, on any executor.

:func:`simulate` plays ``count`` hands (or whole matches) between bots and
totals the results per seat.  Each hand or match is dealt from a seed
derived from the simulation's seed and its number, and the first dealer
rotates, so the totals for a seed are the same however the work is spread:
in this process, on a process pool, on a Dask cluster or on Ray.

>>> from rummy500.simulate import simulate
>>> summary = simulate("pagat", 2, ["greedy", "random"], 4, seed=1)
>>> summary.played, summary.wins
(4, (4, 0))
>>> print(summary.table())  # doctest: +NORMALIZE_WHITESPACE
seat  bot        wins win rate score/hand moves/hand
p0    greedy        4   100.0%      111.5       34.0
p1    random        0     0.0%       75.8       28.5
4 hands, 62.5 moves a hand

The work goes out in *batches* of hands (or matches), one task each, so
that an executor's cost per task (tens of microseconds for a process pool,
about a millisecond for Ray, several for Dask) stays small beside the
hands' (tens of milliseconds each).  Results stream back as batches finish
(:func:`outcomes` yields them one by one); :func:`simulate` adds them up.

Executors: any :class:`concurrent.futures.Executor`.

- A process pool: ``concurrent.futures.ProcessPoolExecutor()``.
- Dask: ``distributed.Client(...).get_executor()`` (``pip install
  'rummy500[dask]'``).
- Ray: :class:`RayExecutor`, a thin adapter over ``ObjectRef.future()``
  (``pip install 'rummy500[ray]'``).

With a process pool, Dask or Ray the bots must be given by their specs
(:mod:`rummy500.botspecs`: ``"greedy"``, ``"search:iterations=400"``,
``"exec:COMMAND"``) or by a function the workers can unpickle (a class such
as :class:`~rummy500.bots.GreedyBot`, or a function defined at module level).

A program bot (``exec:COMMAND``) runs one process per seat and worker (per
thread of a worker that runs tasks in threads), started at its first hand
and ended when the worker exits; without an executor, when the simulation
ends.  It is told the end of each hand and match (the protocol's
``hand_end`` and ``match_end``).  A program's fault
(:class:`~rummy500.BotError`) stops the simulation.
"""

from __future__ import annotations

import concurrent.futures
import math
import random
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Literal, TextIO

import attrs

import rummy500.presets as presets
from rummy500._engine import new_game
from rummy500.bots import Bot, GreedyBot, RandomBot, iter_hand, tell_hand_end, tell_match_end
from rummy500.botspecs import BotPool, spec_maker, worker_pool
from rummy500.errors import InvalidArgumentError
from rummy500.extras import requires
from rummy500.match import apply_match_move, new_match
from rummy500.progress import ProgressBar, units
from rummy500.rules import Rules
from rummy500.state import HandResult

__all__ = [
    "BOTS",
    "BotSpec",
    "Outcome",
    "RayExecutor",
    "SimulationSummary",
    "bot_maker",
    "outcomes",
    "simulate",
]


def _search_bot(seed: int) -> Bot:
    from rummy500.search import SearchBot

    return SearchBot(seed=seed)


#: The bots by name, as the command line's ``--bot`` and ``--bots`` spell them:
#: each makes a bot from a seed.
BOTS: dict[str, Callable[[int], Bot]] = {
    "random": lambda seed: RandomBot(seed=seed),
    "greedy": lambda seed: GreedyBot(seed=seed),
    "search": _search_bot,
}

#: A seat's bot: a bot spec (a name in :data:`BOTS`, ``"search:iterations=400"``,
#: ``"exec:COMMAND"``: :mod:`rummy500.botspecs`), or a function of a seed that makes a bot.
BotSpec = str | Callable[[int], Bot]

Unit = Literal["hands", "matches"]


def bot_maker(spec: BotSpec) -> Callable[[int], Bot]:
    """What makes a seat's bot from a seed: ``spec`` itself, or the maker its text names.

    Raises:
        InvalidArgumentError: for text that is not a bot spec
            (:func:`~rummy500.botspecs.parse_bot_spec`), or anything but text or a function.
    """
    if isinstance(spec, str):
        maker = BOTS.get(spec)
        return maker if maker is not None else spec_maker(spec)
    if not callable(spec):
        raise InvalidArgumentError(f"a bot is a name or a function of a seed, got {spec!r}")
    return spec


@attrs.frozen
class Outcome:
    """What one hand or match of a simulation gave.

    Attributes:
        index: Its number in the simulation (0-based).
        seed: The seed it was dealt from.
        dealer: The first dealer.
        winners: For a hand, the seat that went out (else the single best
            score; a tie gives nobody); for a match, the seats of the winning side.
        scores: Each hand's scores, per seat (one hand for a hand).
        moves: Each hand's number of moves per seat.
    """

    index: int
    seed: int
    dealer: int
    winners: tuple[int, ...]
    scores: tuple[tuple[int, ...], ...]
    moves: tuple[tuple[int, ...], ...]


@attrs.frozen
class SimulationSummary:
    """The totals of a simulation.

    Attributes:
        unit: ``"hands"`` or ``"matches"``.
        bots: The bot of each seat, by name.
        played: The number of hands or matches played.
        hands: The number of hands played (equal to ``played`` for hands).
        wins: Each seat's wins: for hands, the seat that went out (else the
            single best score; a tie counts for nobody); for matches, the seats
            of the winning side.
        score_sums: Each seat's sum of hand scores.
        move_sums: Each seat's number of moves made, over all hands.
        seed: The simulation's seed (drawn at random when none was given).
    """

    unit: Unit
    bots: tuple[str, ...]
    played: int
    hands: int
    wins: tuple[int, ...]
    score_sums: tuple[int, ...]
    move_sums: tuple[int, ...]
    seed: int = 0

    @property
    def win_rates(self) -> tuple[float, ...]:
        """Each seat's wins divided by the hands or matches played."""
        return tuple(wins / max(self.played, 1) for wins in self.wins)

    @property
    def mean_scores(self) -> tuple[float, ...]:
        """Each seat's mean hand score."""
        return tuple(total / max(self.hands, 1) for total in self.score_sums)

    def table(self) -> str:
        """The summary as a text table: a row per seat and a line of totals."""
        hands = max(self.hands, 1)
        width = max(8, *(len(bot) for bot in self.bots))
        lines = [
            f"{'seat':4}  {'bot':{width}} {'wins':>6} {'win rate':>8} {'score/hand':>10} "
            f"{'moves/hand':>10}"
        ]
        for seat, bot in enumerate(self.bots):
            lines.append(
                f"p{seat:<3}  {bot:{width}} {self.wins[seat]:6} {self.win_rates[seat]:8.1%} "
                f"{self.score_sums[seat] / hands:10.1f} {self.move_sums[seat] / hands:10.1f}"
            )
        length = sum(self.move_sums) / hands
        played = units(self.played, self.unit) + (
            f", {units(self.hands, 'hands')}" if self.unit == "matches" else ""
        )
        lines.append(f"{played}, {length:.1f} moves a hand")
        return "\n".join(lines)


# ---------------------------------------------------------------------------
# Work sent to the workers


@attrs.frozen
class _Batch:
    """A batch of hands or matches, as sent to a worker (picklable)."""

    rules: Rules
    players: int
    bots: tuple[BotSpec, ...]
    unit: Unit
    first: int
    seeds: tuple[int, ...]


def _job_seed(seed: int, index: int) -> int:
    return random.Random(f"rummy500 simulate {seed} {index}").getrandbits(63)


def _hand_winner(result: HandResult) -> tuple[int, ...]:
    if result.went_out is not None:
        return (result.went_out,)
    best = max(result.scores)
    leaders = [seat for seat, score in enumerate(result.scores) if score == best]
    return tuple(leaders) if len(leaders) == 1 else ()


def _play_one(batch: _Batch, index: int, seed: int, pool: BotPool) -> Outcome:
    players = batch.players
    dealer = index % players
    bots = [
        pool.bot(BOTS.get(spec, spec) if isinstance(spec, str) else spec, seed + seat, seat)
        for seat, spec in enumerate(batch.bots)
    ]
    if batch.unit == "hands":
        state = new_game(batch.rules, players, seed=seed, dealer=dealer)
        moves = [0] * players
        for step in iter_hand(state, bots):
            moves[step.move.player] += 1
            state = step.after
        assert state.result is not None
        tell_hand_end(bots, state.result)
        return Outcome(
            index,
            seed,
            dealer,
            _hand_winner(state.result),
            (state.result.scores,),
            (tuple(moves),),
        )
    match = new_match(batch.rules, players, seed=seed, dealer=dealer)
    per_hand: list[tuple[int, ...]] = []
    while match.result is None:
        moves = [0] * players
        for step in iter_hand(match.hand, bots):
            moves[step.move.player] += 1
            match = apply_match_move(match, step.move)
        per_hand.append(tuple(moves))
        tell_hand_end(bots, match.history[-1].result, match.history[-1].totals)
    tell_match_end(bots, match.result)
    scores = tuple(record.result.scores for record in match.result.hands)
    return Outcome(index, seed, dealer, match.result.seats, scores, tuple(per_hand))


def _run_batch(batch: _Batch, pool: BotPool | None = None) -> tuple[Outcome, ...]:
    """Play one batch (at module level, so that process pools can send it).

    A batch sent to a worker plays its programs in the worker's pool (they
    live on for the worker's next batches); else in ``pool``.
    """
    if pool is None:
        pool = worker_pool()
    return tuple(
        _play_one(batch, batch.first + offset, seed, pool)
        for offset, seed in enumerate(batch.seeds)
    )


# ---------------------------------------------------------------------------
# The public functions


def _batches(
    rules: Rules,
    players: int,
    bots: Sequence[BotSpec],
    count: int,
    unit: Unit,
    seed: int,
    batch_size: int | None,
) -> list[_Batch]:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidArgumentError(f"expected at least one {unit[:-1]}, got {count!r}")
    if batch_size is None:
        batch_size = max(1, min(32, math.ceil(count / 64)))
    elif isinstance(batch_size, bool) or not isinstance(batch_size, int) or batch_size < 1:
        raise InvalidArgumentError(f"batch_size must be 1 or more, got {batch_size!r}")
    seeds = [_job_seed(seed, index) for index in range(count)]
    return [
        _Batch(rules, players, tuple(bots), unit, first, tuple(seeds[first : first + batch_size]))
        for first in range(0, count, batch_size)
    ]


def _check(rules: Rules | str | None, players: int, bots: Sequence[BotSpec], unit: str) -> Rules:
    rules = presets.as_rules(rules)
    if unit not in ("hands", "matches"):
        raise InvalidArgumentError(f"unit must be 'hands' or 'matches', got {unit!r}")
    if isinstance(bots, str):
        raise InvalidArgumentError(f"bots must be one bot per seat, got the text {bots!r}")
    if len(bots) != players:
        raise InvalidArgumentError(f"expected one bot per seat ({players}), got {len(bots)}")
    rules.check_players(players)
    for spec in bots:
        bot_maker(spec)
    return rules


def outcomes(
    rules: Rules | str | None,
    players: int,
    bots: Sequence[BotSpec],
    count: int,
    *,
    unit: Unit = "hands",
    seed: int = 0,
    executor: concurrent.futures.Executor | None = None,
    batch_size: int | None = None,
) -> Iterator[Outcome]:
    """Play ``count`` hands or matches and yield each outcome as its batch finishes.

    The arguments are those of :func:`simulate` (the seed must be given).
    Without an executor the outcomes come in order; with one, in the order
    the batches finish.  Stopping the iteration cancels the batches not
    started yet.
    """
    checked = _check(rules, players, bots, unit)
    batches = _batches(checked, players, bots, count, unit, seed, batch_size)
    if executor is None:
        pool = BotPool()
        try:
            for batch in batches:
                yield from _run_batch(batch, pool)
        finally:
            pool.close()
        return
    futures = [executor.submit(_run_batch, batch) for batch in batches]
    try:
        for future in concurrent.futures.as_completed(futures):
            yield from future.result()
    finally:
        for future in futures:
            future.cancel()


def simulate(
    rules: Rules | str | None,
    players: int,
    bots: Sequence[BotSpec],
    count: int,
    *,
    unit: Unit = "hands",
    seed: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    progress: bool | TextIO = False,
    batch_size: int | None = None,
    progress_interval: float = 5.0,
) -> SimulationSummary:
    """Play ``count`` hands (or matches) between bots and total the results per seat.

    Args:
        rules: The rule set, or a preset name (``None``: ``pagat``).
        players: The number of players.
        bots: One bot per seat: a name in :data:`BOTS`, or a function of a
            seed that makes a bot (seat ``s`` of a hand or match dealt from
            seed ``k`` gets seed ``k + s``).
        count: How many hands or matches to play.
        unit: ``"hands"`` (each hand alone) or ``"matches"`` (whole matches).
        seed: The simulation's seed; ``None`` draws one (it is in the summary).
            The same seed gives the same totals with or without an executor.
        executor: Any :class:`concurrent.futures.Executor` to play the
            batches on (a process pool, Dask's ``Client.get_executor()``,
            :class:`RayExecutor`); ``None`` plays them one after another here.
        progress: ``True`` shows the progress on standard error, a stream
            shows it there: a tqdm bar with the rate and the time left on a
            terminal (with the ``cli`` extra; without it a first line says
            how to install it), else a plain line every
            ``progress_interval`` seconds and at the end.
        batch_size: Hands or matches per task (default: at most 32, and
            at least 64 tasks when there are enough hands).
        progress_interval: Seconds between the plain progress lines.

    Returns:
        The totals.

    Raises:
        InvalidArgumentError: for a wrong number of bots, an unknown bot, a bad count
            or batch size, or a rule set that does not allow ``players``.
    """
    checked = _check(rules, players, bots, unit)
    if seed is None:
        seed = secrets.randbits(63)
    stream: TextIO | None = sys.stderr if progress is True else (progress or None)
    bar = ProgressBar(stream, count, unit, progress_interval, label="simulate")
    wins = [0] * players
    score_sums = [0] * players
    move_sums = [0] * players
    played = hands = 0
    try:
        for outcome in outcomes(
            checked,
            players,
            bots,
            count,
            unit=unit,
            seed=seed,
            executor=executor,
            batch_size=batch_size,
        ):
            played += 1
            for seat in outcome.winners:
                wins[seat] += 1
            for scores, moves in zip(outcome.scores, outcome.moves, strict=True):
                hands += 1
                for seat in range(players):
                    score_sums[seat] += scores[seat]
                    move_sums[seat] += moves[seat]
            bar.update(1)
    finally:
        bar.close()
    return SimulationSummary(
        unit=unit,
        bots=tuple(_bot_name(spec) for spec in bots),
        played=played,
        hands=hands,
        wins=tuple(wins),
        score_sums=tuple(score_sums),
        move_sums=tuple(move_sums),
        seed=seed,
    )


def _bot_name(spec: BotSpec) -> str:
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "__name__", None) or type(spec).__name__)


# ---------------------------------------------------------------------------
# Ray


class RayExecutor(concurrent.futures.Executor):
    """A :class:`concurrent.futures.Executor` that runs tasks on Ray (the ``ray`` extra).

    Ray has no executor of its own, but each ``ObjectRef`` gives a
    ``concurrent.futures.Future`` (``ObjectRef.future()``): each
    :meth:`submit` runs the function as a Ray task and returns that future.
    Ray must be initialised first (``ray.init()``, or ``ray.init(address=...)``
    for a cluster), or is initialised locally at the first task::

        import ray
        from rummy500.simulate import RayExecutor, simulate

        ray.init()
        summary = simulate("pagat", 2, ["greedy", "random"], 10_000, seed=1,
                           executor=RayExecutor())

    Args:
        **options: Options of each task (``num_cpus=1`` …), as for
            ``ray.remote``.

    Raises:
        MissingExtraError: without Ray, naming the extra
            (``pip install 'rummy500[ray]'``).
    """

    def __init__(self, **options: Any) -> None:
        with requires("ray", "rummy500.simulate.RayExecutor"):
            import ray

        self._ray = ray
        self._options = options
        self._remote: dict[Callable[..., Any], Any] = {}
        self._shutdown = False

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        """Run ``fn(*args, **kwargs)`` as a Ray task; its ``concurrent.futures.Future``."""
        if self._shutdown:
            raise RuntimeError("cannot submit tasks after shutdown")
        remote = self._remote.get(fn)
        if remote is None:
            remote = (
                self._ray.remote(**self._options)(fn) if self._options else self._ray.remote(fn)
            )
            self._remote[fn] = remote
        return remote.remote(*args, **kwargs).future()

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Accept no more tasks (Ray itself keeps running: ``ray.shutdown()`` stops it)."""
        self._shutdown = True

"""The command line's ``tournament``: a round robin between bots named by their specs.

``rummy500 tournament SPEC SPEC [...] --hands N`` plays
:func:`rummy500.tournament` and prints the standings and the pairings;
``--json FILE`` writes the result (schema ``tournament``), ``--svg FILE``
the chart of the ratings.  ``--executor`` chooses where the hands are
played: here (``none``), on ``--workers`` processes (``process``, the
default when ``--workers`` is above 1), on a local Dask cluster (``dask``)
or on Ray (``ray``).
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import json
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rummy500.botspecs import parse_bot_spec, split_specs
from rummy500.errors import InvalidArgumentError
from rummy500.extras import requires
from rummy500.tournaments import tournament

__all__ = ["EXECUTORS", "add_parser"]

#: The executors ``--executor`` names.
EXECUTORS = ("none", "process", "dask", "ray")


def _sprt(text: str) -> tuple[float, float]:
    try:
        low, high = (float(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected two Elo differences ELO0,ELO1, got {text!r}"
        ) from None
    if not low < high:
        raise argparse.ArgumentTypeError(f"expected ELO0 < ELO1, got {text!r}")
    return low, high


def add_parser(commands: Any, preset: Any, preset_help: str) -> None:
    """Add the ``tournament`` subcommand to the command line's subparsers."""
    parser = commands.add_parser("tournament", help="a round robin between bots, with ratings")
    parser.add_argument(
        "specs",
        nargs="+",
        metavar="SPEC",
        help="two or more bots: random, greedy, search[:OPTIONS] or exec:COMMAND",
    )
    parser.add_argument(
        "--hands", type=int, default=100, metavar="N", help="hands a pairing (default 100)"
    )
    parser.add_argument("--preset", default="pagat", type=preset, help=preset_help)
    parser.add_argument("--players", type=int, default=2, help="players a hand (default 2)")
    parser.add_argument(
        "--no-duplicate",
        dest="duplicate",
        action="store_false",
        help="deal every hand afresh (default: each deal once per seating)",
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the tournament (default 0)")
    parser.add_argument(
        "--sprt", type=_sprt, default=None, metavar="ELO0,ELO1", help="stop pairings by an SPRT"
    )
    parser.add_argument(
        "--executor", choices=EXECUTORS, default=None, help="where to play (default: --workers)"
    )
    parser.add_argument(
        "--workers", type=int, default=1, metavar="K", help="processes to play in (default 1)"
    )
    parser.add_argument("--json", metavar="FILE", default=None, help="write the result as JSON")
    parser.add_argument("--svg", metavar="FILE", default=None, help="write the ratings' chart")
    parser.set_defaults(run=_run)


@contextlib.contextmanager
def _executor(name: str, workers: int) -> Iterator[concurrent.futures.Executor | None]:
    if name == "none":
        yield None
    elif name == "process":
        with concurrent.futures.ProcessPoolExecutor(
            max_workers=workers, initializer=_ignore_interrupts
        ) as pool:
            yield pool
    elif name == "dask":
        with requires("dask", "rummy500 tournament --executor dask"):
            from distributed import Client, LocalCluster
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers, threads_per_worker=1, processes=True
        )
        client = Client(cluster)  # type: ignore[no-untyped-call]
        try:
            yield client.get_executor()  # type: ignore[no-untyped-call]
        finally:
            client.close()  # type: ignore[no-untyped-call]
            cluster.close()
    else:
        from rummy500.simulate import RayExecutor

        executor = RayExecutor()
        import ray

        if not ray.is_initialized():
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        try:
            yield executor
        finally:
            ray.shutdown()


def _ignore_interrupts() -> None:
    """In a worker process: leave Ctrl-C to the main process."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run(args: argparse.Namespace) -> int:
    specs = split_specs(args.specs)
    for spec in specs:
        parse_bot_spec(spec)
    if len(specs) < 2:
        raise InvalidArgumentError(f"tournament: name two bots or more, got {len(specs)}")
    if args.hands < 1:
        raise InvalidArgumentError(f"--hands: expected at least 1, got {args.hands}")
    if args.workers < 1:
        raise InvalidArgumentError(f"--workers: expected at least 1, got {args.workers}")
    name = args.executor or ("process" if args.workers > 1 else "none")
    with _executor(name, args.workers) as executor:
        result = tournament(
            specs,
            hands=args.hands,
            rules=args.preset,
            players=args.players,
            duplicate=args.duplicate,
            seed=args.seed,
            executor=executor,
            sprt=args.sprt,
            progress=sys.stderr,
        )
    kind = "duplicate deals" if args.duplicate else "a deal a hand"
    print(
        f"preset {args.preset!r}, {args.players} players, seed {args.seed}: "
        f"{args.hands} hands a pairing, {kind}"
    )
    print(result.table())
    for error in result.errors:
        print(f"fault: {error}")
    if args.json is not None:
        Path(args.json).write_text(json.dumps(result.to_dict(), indent=1) + "\n", "utf-8")
    if args.svg is not None:
        Path(args.svg).write_text(result.chart(), "utf-8")
    return 0

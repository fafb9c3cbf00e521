"""Long soak runs: many seeded random hands on several processes, every move checked.

Plays the hands of ``tests/test_soak.py`` (same seeds, same checks: every
move checked with ``check_move``, cards conserved after every move, every
hand over within 2,000 moves, scores equal to melded minus in hand) and
prints progress and a summary.  Exits with status 1 if any hand failed.

Usage (from the repository root)::

    .venv/bin/python scripts/soak.py --hands 100000 --workers 2 --seed 0

Hand ``i`` of seed ``S`` is the same hand in every run, so a failure printed
as ``hand i (seed S ...)`` replays with
``python -c "from tests.test_soak import soak_hand; print(soak_hand(i, S))"``.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.test_soak import SoakSummary, soak_range, summary_line  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Run the soak; return the exit status (1 if any hand failed)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000, help="number of hands (10000)")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (2)")
    parser.add_argument("--seed", type=int, default=0, help="base seed of the run (0)")
    parser.add_argument("--start", type=int, default=0, help="index of the first hand (0)")
    parser.add_argument("--chunk", type=int, default=200, help="hands per task (200)")
    args = parser.parse_args(argv)
    if args.hands < 0 or args.workers < 1 or args.chunk < 1:
        parser.error("--hands must be >= 0, --workers and --chunk >= 1")

    began = time.perf_counter()
    total = SoakSummary()
    stop = args.start + args.hands
    ranges = [(i, min(i + args.chunk, stop)) for i in range(args.start, stop, args.chunk)]
    next_report = 0.0
    print(
        f"soak: {args.hands} hands from hand {args.start}, seed {args.seed}, "
        f"{args.workers} workers, {len(ranges)} tasks",
        flush=True,
    )
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        pending: set[Future[SoakSummary]] = set()
        queue = iter(ranges)
        for start, end in queue:
            pending.add(pool.submit(soak_range, start, end, args.seed))
            if len(pending) >= 2 * args.workers:
                break
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                summary = future.result()
                total = total + summary
                for failure in summary.failures:
                    print(f"FAILED {failure}", flush=True)
                for start, end in queue:
                    pending.add(pool.submit(soak_range, start, end, args.seed))
                    break
            elapsed = time.perf_counter() - began
            if elapsed >= next_report or not pending:
                rate = total.hands / elapsed if elapsed else 0.0
                print(
                    f"  {total.hands}/{args.hands} hands, {total.moves} moves, "
                    f"{len(total.failures)} failures, {elapsed:.0f} s ({rate:.0f} hands/s)",
                    flush=True,
                )
                next_report = elapsed + 30.0
    print("soak summary: " + summary_line(total, time.perf_counter() - began), flush=True)
    return 1 if total.failures else 0


if __name__ == "__main__":
    sys.exit(main())

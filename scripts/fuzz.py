"""Long fuzzing runs of the library's inputs: counts by outcome per target.

Runs the five targets of ``tests/fuzzing.py`` (notation, positions, records,
rules and the command line's ``validate``) on many generated inputs, on
worker processes watched for hangs, and prints for each target how many
inputs gave a result (``ok``), each deliberate library error (by class), an
unexpected exception or a hang.  Exits with status 1 if any input gave an
unexpected exception or a hang.

Usage (from the repository root)::

    .venv/bin/python scripts/fuzz.py --inputs 1000000 --workers 2
    .venv/bin/python scripts/fuzz.py --minutes 30

With ``--inputs N`` the inputs are shared among the targets by weight
(notation 4, positions 2, rules 2, records 1, cli 1); with ``--minutes M``
the run goes round the targets until the time is up (with both, whichever
comes first).  Input ``i`` of target ``T`` and seed ``S`` is the same input in
every run, so a failure printed as ``T #i (seed S)`` replays with::

    python -c "from tests.fuzzing import case, RUNS; RUNS['T'](case('T', S, i))"

An input that takes longer than ``--hang-seconds`` counts as a hang: a worker
that stays on one input that long is stopped and replaced.
"""

from __future__ import annotations

import argparse
import multiprocessing
import queue
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Iterator
from multiprocessing.queues import Queue
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tests.fuzzing import RUNS, TARGETS, FuzzFailure, case, warm_up  # noqa: E402

#: How the inputs of ``--inputs N`` are shared among the targets.
WEIGHTS = {"notation": 4, "positions": 2, "records": 1, "rules": 2, "cli": 1}

#: The outcome labels of failures.
UNEXPECTED = "UNEXPECTED"
HANG = "HANG"

Task = tuple[str, int, int]  # target, first index, index after the last
Failure = tuple[int, str, str]  # index, UNEXPECTED or HANG, message
Report = tuple[int, str, dict[str, int], list[Failure]]  # worker, target, counts, failures


def run_range(
    target: str, seed: int, start: int, stop: int, hang: float
) -> tuple[Counter[str], list[Failure]]:
    """Run inputs ``start`` to ``stop - 1`` of ``target``: the counts, and the failures."""
    counts: Counter[str] = Counter()
    failures: list[Failure] = []
    run = RUNS[target]
    for index in range(start, stop):
        began = time.perf_counter()
        try:
            label = run(case(target, seed, index))
        except FuzzFailure as failure:
            label = UNEXPECTED
            failures.append((index, UNEXPECTED, str(failure)[:2000]))
        except Exception:  # the generator or the harness itself
            label = UNEXPECTED
            failures.append((index, UNEXPECTED, traceback.format_exc()[-2000:]))
        seconds = time.perf_counter() - began
        if seconds > hang:
            failures.append((index, HANG, f"took {seconds:.1f} s (limit {hang} s)"))
            label = HANG
        counts[label] += 1
    return counts, failures


def _worker(
    number: int,
    seed: int,
    hang: float,
    tasks: Queue[Task | None],
    reports: Queue[Report],
    current: Any,
    since: Any,
) -> None:
    """A worker process: run tasks, noting the input in hand for the watchdog."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the main process's
    while True:
        task = tasks.get()
        if task is None:
            return
        target, start, stop = task
        counts: Counter[str] = Counter()
        failures: list[Failure] = []
        for index in range(start, stop):
            current.value = index
            since.value = time.monotonic()
            one, failed = run_range(target, seed, index, index + 1, hang)
            counts.update(one)
            failures.extend(failed)
        since.value = 0.0
        reports.put((number, target, dict(counts), failures))


class _Slot:
    """One worker process, its task queue and what it is doing."""

    def __init__(self, pool: Pool, number: int) -> None:
        context = pool.context
        self.tasks: Queue[Task | None] = context.Queue()
        self.current = context.Value("q", -1)
        self.since = context.Value("d", 0.0)
        self.task: Task | None = None
        self.process = context.Process(
            target=_worker,
            args=(number, pool.seed, pool.hang, self.tasks, pool.reports, self.current, self.since),
            daemon=True,
        )
        self.process.start()


class Pool:
    """Worker processes, each fed one task at a time, and stopped if one input hangs it."""

    def __init__(self, workers: int, seed: int, hang: float) -> None:
        self.seed = seed
        self.hang = hang
        self.context = multiprocessing.get_context("fork")
        self.reports: Queue[Report] = self.context.Queue()
        self.slots = [_Slot(self, number) for number in range(workers)]

    def idle(self) -> list[int]:
        """The workers without a task."""
        return [number for number, slot in enumerate(self.slots) if slot.task is None]

    def give(self, number: int, task: Task) -> None:
        """Hand ``task`` to worker ``number``."""
        self.slots[number].task = task
        self.slots[number].tasks.put(task)

    def collect(self, timeout: float) -> tuple[list[Report], list[Task]]:
        """Reports of finished tasks (and of hangs); the tasks to run again after a hang.

        A worker that has spent twice the hang limit on one input is stopped
        and replaced; the inputs of its task before and after that one are
        run again.
        """
        reports: list[Report] = []
        again: list[Task] = []
        try:
            report = self.reports.get(timeout=timeout)
        except queue.Empty:
            pass
        else:
            self.slots[report[0]].task = None
            reports.append(report)
        now = time.monotonic()
        for number, slot in enumerate(self.slots):
            since = slot.since.value
            if slot.task is None or not since or now - since <= 2 * self.hang:
                continue
            target, start, stop = slot.task
            index = slot.current.value
            slot.process.kill()
            slot.process.join()
            self.slots[number] = _Slot(self, number)
            message = f"stopped after {now - since:.0f} s on this input"
            reports.append((number, target, {HANG: 1}, [(index, HANG, message)]))
            again.extend(
                (target, first, last)
                for first, last in ((start, index), (index + 1, stop))
                if first < last
            )
        return reports, again

    def busy(self) -> bool:
        """Whether some worker has a task."""
        return any(slot.task is not None for slot in self.slots)

    def close(self) -> None:
        """Stop the workers."""
        for slot in self.slots:
            slot.tasks.put(None)
        for slot in self.slots:
            slot.process.join(timeout=5)
            if slot.process.is_alive():
                slot.process.kill()


def _plan(inputs: int | None, targets: list[str], chunk: int) -> Iterator[Task]:
    """The tasks: ``inputs`` shared by weight, or an endless round of the targets."""
    if inputs is not None:
        weight = sum(WEIGHTS[target] for target in targets)
        shares = {target: inputs * WEIGHTS[target] // weight for target in targets}
        shares[targets[0]] += inputs - sum(shares.values())
        starts = dict.fromkeys(targets, 0)
        while any(starts[target] < shares[target] for target in targets):
            for target in targets:
                for _ in range(WEIGHTS[target]):
                    if starts[target] < shares[target]:
                        stop = min(starts[target] + chunk, shares[target])
                        yield target, starts[target], stop
                        starts[target] = stop
        return
    starts = dict.fromkeys(targets, 0)
    while True:
        for target in targets:
            for _ in range(WEIGHTS[target]):
                yield target, starts[target], starts[target] + chunk
                starts[target] += chunk


def _table(counts: dict[str, Counter[str]], seconds: float) -> str:
    lines = []
    total = 0
    for target, outcome in counts.items():
        inputs = sum(outcome.values())
        total += inputs
        errors = sorted(
            (label, n) for label, n in outcome.items() if label not in ("ok", UNEXPECTED, HANG)
        )
        shown = ", ".join(f"{label} {n}" for label, n in errors) or "none"
        lines.append(
            f"{target:9} {inputs:9} inputs: ok {outcome['ok']}; errors: {shown}; "
            f"unexpected {outcome[UNEXPECTED]}; hangs {outcome[HANG]}"
        )
    lines.append(f"{'total':9} {total:9} inputs in {seconds:.0f} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run the fuzzing; return the exit status (1 on an unexpected exception or a hang)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--inputs", type=int, default=None, help="inputs in all (by weight)")
    parser.add_argument("--minutes", type=float, default=None, help="stop after M minutes")
    parser.add_argument(
        "--targets", default=",".join(TARGETS), help="comma-separated targets (all)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (0)")
    parser.add_argument("--workers", type=int, default=1, help="worker processes (1)")
    parser.add_argument("--chunk", type=int, default=500, help="inputs per task (500)")
    parser.add_argument(
        "--hang-seconds", type=float, default=10.0, help="an input slower than this hangs (10)"
    )
    args = parser.parse_args(argv)
    targets = [name.strip() for name in args.targets.split(",") if name.strip()]
    if any(target not in TARGETS for target in targets) or not targets:
        parser.error(f"--targets: choose from {', '.join(TARGETS)}")
    if args.inputs is None and args.minutes is None:
        args.inputs = 10_000
    if args.workers < 1 or args.chunk < 1 or (args.inputs is not None and args.inputs < 0):
        parser.error("--workers and --chunk must be >= 1, --inputs >= 0")

    began = time.monotonic()
    deadline = None if args.minutes is None else began + args.minutes * 60
    counts: dict[str, Counter[str]] = {target: Counter() for target in targets}
    failures: list[str] = []
    plan = _plan(args.inputs, targets, args.chunk)
    pending: list[Task] = []
    exhausted = False
    print(
        f"fuzz: targets {', '.join(targets)}; seed {args.seed}; "
        + (f"{args.inputs} inputs" if args.inputs is not None else "")
        + (f"; {args.minutes} minutes" if args.minutes is not None else "")
        + f"; {args.workers} worker(s)",
        flush=True,
    )
    warm_up()  # the valid inputs, built once and inherited by the workers
    pool = Pool(args.workers, args.seed, args.hang_seconds)
    next_report = began + 60
    try:
        while True:
            out_of_time = deadline is not None and time.monotonic() >= deadline
            for number in pool.idle():
                if out_of_time:
                    break
                if not pending and not exhausted:
                    task = next(plan, None)
                    if task is None:
                        exhausted = True
                    else:
                        pending.append(task)
                if pending:
                    pool.give(number, pending.pop(0))
            if not pool.busy() and (exhausted or out_of_time) and not pending:
                break
            reports, again = pool.collect(timeout=0.5)
            pending.extend(again)
            for _, target, outcome, failed in reports:
                counts[target].update(outcome)
                for index, kind, message in failed:
                    failures.append(f"{kind} {target} #{index} (seed {args.seed}): {message}")
                    print(failures[-1], flush=True)
            if time.monotonic() >= next_report:
                next_report += 60
                print(_table(counts, time.monotonic() - began), flush=True)
    except KeyboardInterrupt:
        print("fuzz: interrupted; the counts so far:", flush=True)
    finally:
        pool.close()
    print(_table(counts, time.monotonic() - began))
    bad = sum(outcome[UNEXPECTED] + outcome[HANG] for outcome in counts.values())
    print(f"unexpected exceptions and hangs: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

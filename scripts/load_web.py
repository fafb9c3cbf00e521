"""A bounded load test of the web example, and the memory one table holds in a long match.

Starts the app (``python -m examples.web --port 0``) in a subprocess on
127.0.0.1, keeping its matches in a new SQLite file (persistence on, as in
use: every move is written before it is answered), unless ``--url`` names a
running server; then ``--clients`` threads, each with its own ``httpx``
client, play ``--matches`` whole matches each against bots (or play for
``--duration`` seconds), as the page does: create a table, and until the
match is over send a move (or let a call go by), now and then read the state
again or list the ways to take from the pile.  A client picks its moves
cheaply from the view's move dicts (a meld, lay-off or deep take first, else
a draw, else a random discard) and sends the dict, so the time measured is
the server's.

Prints requests per second, the latency percentiles (p50, p90, p99, max)
of each kind of request and of all, and the errors (expected: none).  Then,
in this process, plays one table of a long match (4 players, target 5000)
for ``--table-moves`` moves through the app's own functions, and prints the
memory the table holds (what removing it frees) and the size of its last
answer, and how the process's memory grew over those moves (tracemalloc
snapshots before and after, by file): the engine's shared memos (bounded:
each is emptied when it reaches its limit) and the rest.  The machine (its
processor and cores) is printed first.  Exits with status 1 if any request
failed.

Usage (from the repository root, with the ``web`` extra installed)::

    .venv/bin/python scripts/load_web.py --clients 8 --matches 3
    .venv/bin/python scripts/load_web.py --clients 8 --duration 30 --table-moves 10000
"""

from __future__ import annotations

import argparse
import gc
import importlib
import json
import random
import re
import subprocess
import sys
import tempfile
import threading
import time
import tracemalloc
from collections import defaultdict
from pathlib import Path
from typing import Any, NamedTuple

import httpx

ROOT = Path(__file__).resolve().parent.parent

sys.path.insert(0, str(ROOT / "benchmarks"))
from machine import machine_line  # noqa: E402 (benchmarks/machine.py, found just above)

#: Kinds of the moves that put cards on the table (a take with a play melds at once).
_PLAYS = ("meld", "layoff", "rummy")


class Stats:
    """Latencies by kind of request, and the errors; shared by the client threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.matches = 0
        self.moves = 0
        self.deadline: float | None = None

    def add(self, kind: str, seconds: float) -> None:
        """Count one request of ``kind`` that took ``seconds``."""
        with self.lock:
            self.latencies[kind].append(seconds)

    def error(self, text: str) -> None:
        """Count an error (an unexpected status, a failed request)."""
        with self.lock:
            self.errors.append(text)


def _choose(moves: list[dict[str, Any]], rng: random.Random) -> dict[str, Any] | None:
    """A move of the view's move dicts: a play first, then a draw, else a discard."""
    plays = [
        move
        for move in moves
        if move["kind"] in _PLAYS or (move["kind"] == "take" and move["play"] is not None)
    ]
    if plays:
        return rng.choice(plays)
    draws = [move for move in moves if move["kind"] == "draw"]
    if draws:
        return draws[0]
    discards = [move for move in moves if move["kind"] == "discard"]
    if discards:
        return rng.choice(discards)
    return rng.choice(moves) if moves else None


class Client(threading.Thread):
    """One simulated player: plays ``matches`` whole matches, one after the other."""

    def __init__(self, url: str, number: int, args: argparse.Namespace, stats: Stats) -> None:
        super().__init__(name=f"client-{number}", daemon=True)
        self.url = url
        self.args = args
        self.stats = stats
        self.rng = random.Random(args.seed * 1000 + number)

    def request(self, http: httpx.Client, kind: str, method: str, path: str, **kw: Any) -> Any:
        """Send one request, timing it; ``None`` (and an error counted) unless it is a 2xx."""
        start = time.perf_counter()
        try:
            response = http.request(method, path, **kw)
        except httpx.HTTPError as error:
            self.stats.error(f"{kind}: {type(error).__name__}: {error}")
            return None
        self.stats.add(kind, time.perf_counter() - start)
        if not response.is_success:
            self.stats.error(
                f"{kind} {method} {path}: {response.status_code} {response.text[:200]}"
            )
            return None
        return response.json() if response.status_code != 204 else {}

    def run(self) -> None:
        """Play the matches (or play until the deadline)."""
        with httpx.Client(base_url=self.url, timeout=60) as http:
            played = 0
            while played < self.args.matches or self.deadline is not None:
                if self.deadline is not None and time.perf_counter() > self.deadline:
                    return
                if not self.play_match(http):
                    return
                played += 1

    @property
    def deadline(self) -> float | None:
        """When to stop (``--duration``), or ``None`` to play ``--matches`` matches."""
        return self.stats.deadline

    def play_match(self, http: httpx.Client) -> bool:
        """Play one match to its end; whether it went without an error."""
        body = {"bots": self.args.bots, "preset": self.args.preset}
        if self.args.target:
            body["target_score"] = self.args.target
        created = self.request(http, "create", "POST", "/api/tables", json=body)
        if created is None:
            return False
        path = f"/api/tables/{created['table']}"
        http.headers["authorization"] = f"Bearer {created['token']}"
        state = created["state"]
        for step in range(self.args.max_moves):
            if state["over"]:
                break
            if self.deadline is not None and time.perf_counter() > self.deadline:
                return True  # time is up: the match is left where it stands
            if step % 5 == 4:
                state = self.request(http, "state", "GET", path)
                if state is None:
                    return False
            depths = [depth for depth in state["take_depths"] if depth > 1]
            if depths and step % 2 == 0:
                ways = self.request(
                    http, "ways", "GET", f"{path}/moves", params={"depth": depths[0]}
                )
                if ways is None:
                    return False
            move = _choose(state["view"]["moves"], self.rng)
            if state["can_decline"] and (move is None or move["kind"] != "rummy"):
                answer = self.request(http, "decline", "POST", f"{path}/decline")
            else:
                answer = self.request(http, "move", "POST", f"{path}/moves", json={"move": move})
            if answer is None:
                return False
            state = answer["state"]
            with self.stats.lock:
                self.stats.moves += 1
        else:
            self.stats.error(f"{path}: not over after {self.args.max_moves} moves")
            return False
        if self.request(http, "record", "GET", f"{path}/record") is None:
            return False
        self.request(http, "leave", "DELETE", path)
        with self.stats.lock:
            self.stats.matches += 1
        return True


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


_QUANTILES = (("p50", 0.50), ("p90", 0.90), ("p99", 0.99))


def _line(kind: str, values: list[float]) -> str:
    cells = [_percentile(values, q) * 1000 for _, q in _QUANTILES] + [max(values) * 1000]
    return f"  {kind:<8}{len(values):>8}" + "".join(f"{cell:>9.1f}" for cell in cells)


def _start_server(database: str) -> tuple[subprocess.Popen[str], str]:
    """The app in a subprocess on a free port of 127.0.0.1, and its address."""
    command = ["-m", "examples.web", "--host", "127.0.0.1", "--port", "0", "--db", database]
    server = subprocess.Popen(
        [sys.executable, *command], cwd=ROOT, stdout=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"http://[^ ]+/", line)
    if not found:
        server.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    return server, found.group(0).rstrip("/")


def main(argv: list[str] | None = None) -> int:
    """Run the load test; return the exit status (1 if any request failed)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8, help="concurrent clients (8)")
    parser.add_argument("--matches", type=int, default=3, help="matches per client (3)")
    parser.add_argument("--bots", type=int, default=1, help="bots at each table (1)")
    parser.add_argument("--preset", default="pagat", help="the rules' preset (pagat)")
    parser.add_argument("--target", type=int, default=0, help="target score (0: the preset's)")
    parser.add_argument("--max-moves", type=int, default=3000, help="moves a match may take")
    parser.add_argument("--seed", type=int, default=0, help="seed of the clients' choices (0)")
    parser.add_argument("--url", help="a running server to load instead of starting one")
    parser.add_argument(
        "--db", help="the SQLite file of the server started (default: a new temporary one)"
    )
    parser.add_argument(
        "--duration", type=float, default=0, help="play for this many seconds (0: --matches)"
    )
    parser.add_argument(
        "--table-moves", type=int, default=10_000, help="moves of the table measured (0: none)"
    )
    args = parser.parse_args(argv)

    server = None
    url = args.url
    scratch = tempfile.TemporaryDirectory(prefix="rummy500-load-")
    database = args.db or str(Path(scratch.name) / "matches.sqlite3")
    if url is None:
        server, url = _start_server(database)
    stats = Stats()
    print(machine_line(), flush=True)
    amount = f"{args.duration:g} s" if args.duration else f"{args.matches} matches"
    where = url if server is None else f"{url} (matches kept in {database})"
    print(
        f"{args.clients} clients x {amount} ({args.preset}, {args.bots} bot(s), "
        f"target {args.target or 'default'}) against {where}",
        flush=True,
    )
    try:
        start = time.perf_counter()
        if args.duration:
            stats.deadline = start + args.duration
        clients = [Client(url, number, args, stats) for number in range(args.clients)]
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        elapsed = time.perf_counter() - start
    finally:
        if server is not None:
            server.terminate()
            server.wait(10)
        scratch.cleanup()

    every = [value for values in stats.latencies.values() for value in values]
    print(
        f"{stats.matches} matches, {stats.moves} moves, {len(every)} requests "
        f"in {elapsed:.1f} s: {len(every) / elapsed:.0f} requests/s"
    )
    names = [name for name, _ in _QUANTILES] + ["max"]
    print(f"  {'ms':<8}{'count':>8}" + "".join(f"{name:>9}" for name in names))
    for kind in sorted(stats.latencies):
        print(_line(kind, stats.latencies[kind]))
    if every:
        print(_line("all", every))
    print(f"errors: {len(stats.errors)}")
    for text in stats.errors[:20]:
        print(f"  {text}")
    if args.table_moves:
        memory = table_memory(args.table_moves)
        print(
            f"one table after {args.table_moves} moves ({memory.hands} hands, "
            f"{memory.seconds:.1f} s): holds {memory.held / 1e6:.2f} MB "
            f"({memory.held / args.table_moves:.0f} B a move), its last answer "
            f"{memory.answer / 1000:.1f} kB"
        )
        rest = memory.grown - memory.engine
        print(
            f"the process's memory over those moves (tracemalloc): +{memory.grown / 1e6:.2f} MB "
            f"({memory.grown / args.table_moves:.0f} B a move): the engine's shared memos "
            f"+{memory.engine / 1e6:.2f} MB (bounded, each emptied at its limit), the rest "
            f"+{rest / 1e6:.2f} MB"
        )
    return 1 if stats.errors else 0


class TableMemory(NamedTuple):
    """What one long table costs, measured with :mod:`tracemalloc` across its game."""

    #: The bytes the table holds: what removing it frees.
    held: int
    #: The size of its last answer, in bytes of JSON.
    answer: int
    #: The hands it played, and the seconds it took.
    hands: int
    seconds: float
    #: The growth of the memory Python allocated over the game, in all (``grown``) and by
    #: where it was allocated: the engine's memos (``rummy500._engine``, shared by every
    #: table and bounded, each emptied when it reaches its limit) and the rest.
    grown: int
    engine: int


def table_memory(moves: int) -> TableMemory:
    """One table of a long match played for ``moves`` moves, in this process.

    The memory is traced from before the table is made to its last move
    (tracemalloc snapshots at both ends, compared by file), then the table is
    removed: what that frees is what the table holds.
    """
    from rummy500 import RandomBot, Session, presets

    # The example is not a package of the library: import it from the checkout's root (and
    # by name, so that mypy does not see the examples' files under a second module name).
    sys.path.insert(0, str(ROOT))
    app_module: Any = importlib.import_module("examples.web.app")
    Table: Any = importlib.import_module("examples.web.tables").Table
    _decline, _submit, create_app = app_module._decline, app_module._submit, app_module.create_app

    app = create_app(database=":memory:")
    store = app.state.store
    rules = presets.get("pagat").evolve(target_score=5000)
    seeds = {1: 1, 2: 2, 3: 3}
    bots = {seat: RandomBot(seed=seed) for seat, seed in seeds.items()}
    tracemalloc.start()
    first = tracemalloc.take_snapshot()
    start = time.perf_counter()
    table, _ = Table.new(Session(rules, 4, seed=99, bots=bots), 0, "pagat", "random", seeds, 0.0)
    store.add(table)
    del bots
    rng = random.Random(5)
    answer = 0
    while table.moves < moves and not table.session.is_over:
        # (no local name for the session: removing the table must free it)
        if table.session.awaiting and table.session.state.to_move != 0:
            _decline(store, table)
        else:
            move = rng.choice(table.session.legal_moves(0)).to_dict()
            answer = len(json.dumps(_submit(store, table, move)))
    seconds = time.perf_counter() - start
    hands = table.session.match.number
    gc.collect()
    last = tracemalloc.take_snapshot()
    held = tracemalloc.get_traced_memory()[0]
    store.remove(table.id)
    del table
    gc.collect()
    held -= tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    growth = last.compare_to(first, "filename")
    engine_folder = f"{Path('rummy500', '_engine')}"
    engine = sum(stat.size_diff for stat in growth if engine_folder in stat.traceback[0].filename)
    grown = sum(stat.size_diff for stat in growth)
    return TableMemory(held, answer, hands, seconds, grown, engine)


if __name__ == "__main__":
    sys.exit(main())

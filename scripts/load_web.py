"""A bounded load test of the web example: concurrent clients play whole matches over HTTP.

Starts the app (``python -m examples.web --port 0``) in a subprocess on
127.0.0.1, unless ``--url`` names a running one; then ``--clients`` threads,
each with its own ``httpx`` client, play ``--matches`` whole matches each
against bots, as a browser would: create a table, and until the match is
over send a move (or let a call go by), now and then read the state again or
list the ways to take from the pile.  A client picks its moves cheaply from
the notation of its legal moves (a meld, lay-off or deep take first, else a
draw, else a random discard), so the time measured is the server's.

Prints requests per second, the latency percentiles (p50, p90, p99, max)
of each kind of request and of all, and the errors (expected: none).  Exits
with status 1 if there was any.

Usage (from the repository root, with the ``web`` extra installed)::

    .venv/bin/python scripts/load_web.py --clients 8 --matches 3
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import threading
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parent.parent

#: Words of the moves that put cards on the table (a take with a play melds at once).
_PLAYS = ("meld", "layoff", "rummy")


class Stats:
    """Latencies by kind of request, and the errors; shared by the client threads."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.latencies: dict[str, list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.matches = 0
        self.moves = 0

    def add(self, kind: str, seconds: float) -> None:
        """Count one request of ``kind`` that took ``seconds``."""
        with self.lock:
            self.latencies[kind].append(seconds)

    def error(self, text: str) -> None:
        """Count an error (an unexpected status, a failed request)."""
        with self.lock:
            self.errors.append(text)


def _choose(moves: list[str], rng: random.Random) -> str | None:
    """A move from the legal moves' notation: a play first, then a draw, else a discard."""
    bodies = [move.split(":", 1)[1].strip() for move in moves]
    plays = [
        body
        for body in bodies
        if body.split()[0] in _PLAYS or (body.startswith("take") and len(body.split()) > 2)
    ]
    if plays:
        return rng.choice(plays)
    if "draw" in bodies:
        return "draw"
    discards = [body for body in bodies if body.startswith("discard")]
    if discards:
        return rng.choice(discards)
    return rng.choice(bodies) if bodies else None


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
        """Play the matches."""
        with httpx.Client(base_url=self.url, timeout=60) as http:
            for _ in range(self.args.matches):
                if not self.play_match(http):
                    return

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
            move = _choose(state["view"]["legal_moves"], self.rng)
            if state["can_decline"] and (move is None or not move.startswith("rummy")):
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


def _start_server() -> tuple[subprocess.Popen[str], str]:
    """The app in a subprocess on a free port of 127.0.0.1, and its address."""
    server = subprocess.Popen(
        [sys.executable, "-m", "examples.web", "--host", "127.0.0.1", "--port", "0"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
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
    args = parser.parse_args(argv)

    server = None
    url = args.url
    if url is None:
        server, url = _start_server()
    stats = Stats()
    print(
        f"{args.clients} clients x {args.matches} matches ({args.preset}, {args.bots} bot(s), "
        f"target {args.target or 'default'}) against {url}",
        flush=True,
    )
    try:
        start = time.perf_counter()
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
    return 1 if stats.errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""The web example as a server: its database, restarts, bounded memory, expiry, and bad clients.

Every match is written to SQLite before the server answers, so a server
stopped at any moment (SIGTERM or ``kill -9``) and started again on the same
file has every accepted move: the seat's state is the same, byte for byte,
and the match goes on.  A table's memory stays bounded however long its
match (the session's events trimmed once written, the log and the history
capped), expired tables go on a timer, and a failing database answers 503
without losing what was written.

The defects an outside attack found (about 70,000 requests) are regression
tests here: a ``bot`` of the wrong type answered 500 with a traceback; a
500 carried none of the security headers and reset the kept-alive
connection; a Content-Length of 4,301 digits answered 500; UTF-16 and
UTF-32 bodies were read although JSON is UTF-8; a table grew by about 1 KB
a move; expiry ran only when a table was created.

Rule ids: none of their own (a server of the library's sessions and records).
"""

from __future__ import annotations

import gc
import http.client
import importlib.util
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
if importlib.util.find_spec("httpx2") is None and importlib.util.find_spec("httpx") is None:
    pytest.skip("the HTTP tests need httpx2 (or httpx)", allow_module_level=True)
import examples.web.app as web_app
from examples.web.app import HEADERS, MAX_BODY, create_app
from examples.web.storage import StorageError
from examples.web.tables import HISTORY_LENGTH, LOG_LENGTH, Table
from starlette.testclient import TestClient

from rummy500 import RandomBot, Session, json_schema, presets, replay

ROOT = Path(__file__).resolve().parent.parent


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@contextmanager
def served(app: Any) -> Iterator[TestClient]:
    """A test client of ``app``; the app must not have failed (answered 500) meanwhile."""
    with TestClient(app) as client:
        yield client
    assert app.state.failures == []


def start(client: Any, **body: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    response = client.post("/api/tables", json={"seed": 7, **body})
    assert response.status_code == 201, response.text
    data = response.json()
    return data["table"], {"Authorization": f"Bearer {data['token']}"}, data["state"]


def step(client: Any, table: str, headers: dict[str, str], state: dict[str, Any], pick: int) -> Any:
    """One action of the seat, as the page makes it: a move dict of its view, or a decline."""
    path = f"/api/tables/{table}"
    moves = state["view"]["moves"]
    if state["can_decline"] and pick % 3 == 0:
        return client.post(f"{path}/decline", headers=headers)
    return client.post(f"{path}/moves", json={"move": moves[pick % len(moves)]}, headers=headers)


def has_security_headers(response: Any) -> bool:
    """The headers of every answer (the page and its files may be cached, but revalidated)."""
    headers = {name: value for name, value in HEADERS.items() if name != "cache-control"}
    cache = response.headers.get("cache-control")
    return cache in ("no-store", "no-cache") and all(
        response.headers.get(name) == value for name, value in headers.items()
    )


# ---------------------------------------------------------------------------
# The defects found by an outside attack, one test each


@pytest.mark.parametrize(
    "body",
    [
        {"bot": []},
        {"bot": {}},
        {"bot": ["greedy"]},
        {"bot": None},
        {"bot": 1},
        {"preset": []},
        {"preset": {"name": "pagat"}},
        {"bots": []},
        {"bots": {}},
        {"target_score": []},
        {"target_score": "500"},
        {"seed": [7]},
        {"seed": "7"},
        {"seed": 2**53},
    ],
)
def test_a_field_of_the_wrong_type_is_400_not_500(body: dict[str, Any]) -> None:
    app = create_app(database=":memory:", allow_seed=True)
    with served(app) as client:
        response = client.post("/api/tables", json=body)
        assert response.status_code == 400, response.text
        assert response.json()["error"] == "bad_request"
        assert has_security_headers(response)


@pytest.mark.parametrize("digits", [5, 30, 4_301, 10_000])
def test_a_content_length_of_thousands_of_digits_is_413(digits: int) -> None:
    app = create_app(database=":memory:")
    with served(app) as client:
        headers = {"content-type": "application/json", "content-length": "9" * digits}
        response = client.post("/api/tables", content=b"{}", headers=headers)
        assert response.status_code == 413, response.text
        assert has_security_headers(response)


@pytest.mark.parametrize(
    "encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-8-sig"]
)
def test_a_body_not_in_utf_8_is_bad_json(encoding: str) -> None:
    app = create_app(database=":memory:")
    with served(app) as client:
        content = '{"bots": 2}'.encode(encoding)
        headers = {"content-type": "application/json"}
        response = client.post("/api/tables", content=content, headers=headers)
        assert response.status_code == 400, response.text
        assert response.json()["error"] == "bad_json"
        assert response.json()["message"]
        # The same body in UTF-8 makes a table.
        ok = client.post("/api/tables", content=b'{"bots": 2}', headers=headers)
        assert ok.status_code == 201


def test_a_500_is_json_with_the_security_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(database=":memory:", allow_seed=True)
    with TestClient(app, raise_server_exceptions=False) as client:
        table, headers, _ = start(client)

        def broken(table: Any) -> Any:
            raise RuntimeError("a bug in the server")

        monkeypatch.setattr(web_app, "seat_state", broken)
        response = client.get(f"/api/tables/{table}", headers=headers)
        assert response.status_code == 500
        assert response.json() == {
            "error": "internal_error",
            "message": "the server failed to answer this request",
        }
        assert "a bug" not in response.text  # no traceback goes out
        assert has_security_headers(response)
    assert len(app.state.failures) == 1


@pytest.fixture
def real_server() -> Iterator[tuple[Any, int]]:
    """The app served by uvicorn in a thread on a free port of 127.0.0.1."""
    uvicorn = pytest.importorskip("uvicorn")
    from examples.web.serving import server_config

    app = create_app(database=":memory:", allow_seed=True)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    config = server_config(app, log_level="critical", timeout_graceful_shutdown=1)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield app, sock.getsockname()[1]
    server.should_exit = True
    thread.join(10)
    sock.close()


def test_a_500_keeps_the_connection_alive(
    real_server: tuple[Any, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    app, port = real_server
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(
        "POST",
        "/api/tables",
        body=json.dumps({"seed": 3}),
        headers={"content-type": "application/json"},
    )
    created = connection.getresponse()
    data = json.loads(created.read())
    assert created.status == 201
    local = connection.sock.getsockname()
    monkeypatch.setattr(web_app, "seat_state", lambda table: 1 / 0)
    connection.request(
        "GET", f"/api/tables/{data['table']}", headers={"authorization": f"Bearer {data['token']}"}
    )
    failed = connection.getresponse()
    body = json.loads(failed.read())
    assert failed.status == 500
    assert body["error"] == "internal_error"
    assert all(failed.getheader(name) == value for name, value in HEADERS.items())
    assert failed.getheader("connection") != "close"
    # The same connection answers the next request.
    connection.request("GET", "/api/options")
    again = connection.getresponse()
    again.read()
    assert again.status == 200
    assert connection.sock.getsockname() == local
    connection.close()
    assert len(app.state.failures) == 1
    app.state.failures.clear()


def raw_answer(port: int, request: bytes) -> tuple[str, dict[str, str]]:
    """The status line and headers the server answers ``request`` (bytes as sent) with."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        connection.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = connection.recv(65536)
            if not chunk:
                break
            data += chunk
    head = data.split(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in head[1:])
    return head[0], {name.lower(): value for name, value in headers.items()}


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: " + b"9" * 4_301 + b"\r\n\r\n{}",
        b"POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Length: 12abc\r\n\r\n{}",
        b"NOT HTTP AT ALL\r\n\r\n",
        b"GET /api/options HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n",
    ],
    ids=["length-of-4301-digits", "length-not-a-number", "no-request-line", "bad-header"],
)
def test_a_request_the_http_layer_cannot_read_is_400_with_the_headers(
    real_server: tuple[Any, int], request_bytes: bytes
) -> None:
    app, port = real_server
    status, headers = raw_answer(port, request_bytes)
    assert status.startswith("HTTP/1.1 4"), status
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (name, headers)
    assert app.state.failures == []


def test_every_answer_carries_the_security_headers() -> None:
    app = create_app(database=":memory:", allow_seed=True)
    with served(app) as client:
        table, headers, _ = start(client)
        path = f"/api/tables/{table}"
        answers = [
            client.get("/"),
            client.get("/static/app.js"),
            client.get("/static/api.js"),
            client.get("/static/nothing.js"),
            client.get("/api/options"),
            client.put("/api/options"),
            client.get(path),
            client.get(path, headers={"Authorization": "Bearer wrong"}),
            client.get(path),
            client.get(f"{path}/moves?depth=abc", headers=headers),
            client.get(f"{path}/record", headers=headers),
            client.post(f"{path}/moves", json={"move": "discard 2S"}, headers=headers),
            client.post(
                f"{path}/moves", json={"move": {"kind": "draw", "seat": 0}}, headers=headers
            ),
            client.post(f"{path}/moves", content=b"x" * (MAX_BODY + 1), headers=headers),
            client.post(
                f"{path}/moves", content=b"{}", headers={**headers, "content-type": "text/plain"}
            ),
            client.get("/api/tables/nosuchtable", headers=headers),
            client.delete(path, headers=headers),
        ]
        statuses = {answer.status_code for answer in answers}
        assert {200, 201, 204, 400, 401, 403, 404, 405, 409, 413, 415, 422} - statuses <= {201}
        for answer in answers:
            assert has_security_headers(answer), (answer.request.url, answer.status_code)


# ---------------------------------------------------------------------------
# Matches survive a restart


def play_some(
    client: Any,
    table: str,
    headers: dict[str, str],
    state: dict[str, Any],
    count: int,
    rng: random.Random,
) -> dict[str, Any]:
    for _ in range(count):
        if state["over"]:
            break
        response = step(client, table, headers, state, rng.randrange(10**6))
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    return state


def test_a_restarted_app_has_every_match_as_it_was(tmp_path: Path) -> None:
    database = tmp_path / "matches.sqlite3"
    rng = random.Random(3)
    app = create_app(database=database, allow_seed=True)
    with served(app) as client:
        table, headers, state = start(client, bots=2, target_score=100)
        other, other_headers, other_state = start(client, seed=8, bot="random")
        state = play_some(client, table, headers, state, 120, rng)
        other_state = play_some(client, other, other_headers, other_state, 15, rng)
    again = create_app(database=database, allow_seed=True)
    with served(again) as client:
        assert again.state.store.loaded == 0  # read back only when asked for
        assert client.get(f"/api/tables/{table}", headers=headers).json() == state
        assert client.get(f"/api/tables/{other}", headers=other_headers).json() == other_state
        assert again.state.store.loaded == 2
        response = client.get(f"/api/tables/{table}", headers=other_headers)
        assert response.status_code == 403
        # The match goes on to its end, and its record replays.
        state = play_some(client, table, headers, state, 3000, rng)
        assert state["over"]
        record = client.get(f"/api/tables/{table}/record", headers=headers).json()
        assert list(replay(record).result.totals) == state["result"]["totals"]  # type: ignore[union-attr]


def test_the_database_holds_the_record_of_each_match(tmp_path: Path) -> None:
    app = create_app(database=tmp_path / "matches.sqlite3", allow_seed=True)
    with served(app) as client:
        table, headers, state = start(client, bots=1, target_score=50)
        state = play_some(client, table, headers, state, 3000, random.Random(1))
        store = app.state.store
        row = store.storage.row(table)
        assert row is not None
        assert row.token_hash != headers["Authorization"].split()[1]  # the token is kept hashed
        record = store.storage.record(row)
        written = store.get(table).session.record()
        assert [hand["moves"] for hand in record["hands"]] == [
            hand["moves"] for hand in written["hands"]
        ]
        assert replay(record) == store.get(table).session.match
        jsonschema = pytest.importorskip("jsonschema")
        jsonschema.validate(record, json_schema("record"))


def test_a_failed_write_answers_503_and_loses_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    app = create_app(database=":memory:", allow_seed=True)
    with served(app) as client:
        table, headers, state = start(client)
        storage = app.state.store.storage
        real = storage.append

        def failing(*args: Any, **kwargs: Any) -> None:
            raise StorageError("the disk is full")

        monkeypatch.setattr(storage, "append", failing)
        draw = {"move": {"kind": "draw", "seat": 0}}
        response = client.post(f"/api/tables/{table}/moves", json=draw, headers=headers)
        assert response.status_code == 503, response.text
        assert response.json()["error"] == "storage_error"
        assert has_security_headers(response)
        monkeypatch.setattr(storage, "append", real)
        # The move was not kept: the table is read again from the database, as it was.
        assert client.get(f"/api/tables/{table}", headers=headers).json() == state
        response = client.post(f"/api/tables/{table}/moves", json=draw, headers=headers)
        assert response.status_code == 200


def run_server(database: Path) -> tuple[subprocess.Popen[str], str]:
    """``python -m examples.web`` on a free port, keeping its matches in ``database``."""
    command = [sys.executable, "-m", "examples.web", "--port", "0", "--db", str(database)]
    server = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert server.stdout is not None
    line = server.stdout.readline()
    found = re.search(r"http://[^ ]+/", line)
    assert found, line
    return server, found.group(0).rstrip("/")


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_a_server_stopped_mid_match_loses_no_accepted_move(tmp_path: Path, how: int) -> None:
    httpx = pytest.importorskip("httpx")
    database = tmp_path / "matches.sqlite3"
    server, url = run_server(database)
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            created = client.post("/api/tables", json={"bots": 2, "target_score": 300}).json()
            table, headers = created["table"], {"Authorization": f"Bearer {created['token']}"}
            state = play_some(client, table, headers, created["state"], 40, random.Random(4))
        os.kill(server.pid, how)  # mid-match: the last answer was the last accepted move
        server.wait(20)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(10)
    server, url = run_server(database)
    try:
        with httpx.Client(base_url=url, timeout=30) as client:
            assert client.get(f"/api/tables/{table}", headers=headers).json() == state
            state = play_some(client, table, headers, state, 10, random.Random(5))
            assert client.get(f"/api/tables/{table}", headers=headers).json() == state
    finally:
        server.terminate()
        server.wait(20)


# ---------------------------------------------------------------------------
# Bounded memory, expiry on a timer


def table_memory(moves: int) -> tuple[int, int]:
    """The bytes one table holds after ``moves`` moves of a long match, and its last answer's size.

    What the table holds is what removing it frees: the engine's own caches,
    shared by every table and bounded, are not counted.
    """
    app = create_app(database=":memory:")
    store = app.state.store
    rules = presets.get("pagat").evolve(target_score=5000)
    seeds = {1: 1, 2: 2, 3: 3}
    tracemalloc.start()
    try:
        bots = {seat: RandomBot(seed=seed) for seat, seed in seeds.items()}
        session = Session(rules, 4, seed=9, bots=bots)
        table, _ = Table.new(session, 0, "pagat", "random", seeds, 0.0)
        store.add(table)
        del session, bots
        rng = random.Random(9)
        answer = 0
        while table.moves < moves:
            with table.lock:
                if table.session.awaiting and table.session.state.to_move != 0:
                    web_app._decline(store, table)
                else:
                    move = rng.choice(table.session.legal_moves(0)).to_dict()
                    answer = len(json.dumps(web_app._submit(store, table, move)))
        gc.collect()
        held = tracemalloc.get_traced_memory()[0]
        store.remove(table.id)
        del table
        gc.collect()
        return held - tracemalloc.get_traced_memory()[0], answer
    finally:
        tracemalloc.stop()


def test_a_long_match_keeps_a_bounded_table_and_bounded_answers() -> None:
    held, answer = table_memory(2000)
    # The record's moves grow by a pointer a move (their texts are shared: d19); the rest is
    # capped.  (Before the texts were shared: ~85 bytes a move, 10,000 moves about 0.8 MB.)
    assert held < 60_000 + 30 * 2000, held
    assert answer < 30_000, answer


def test_a_seats_state_lists_the_last_hands_and_events() -> None:
    app = create_app(database=":memory:", allow_seed=True)
    with served(app) as client:
        table, headers, state = start(client, bots=1, target_score=5000, bot="random")
        state = play_some(client, table, headers, state, 1500, random.Random(2))
        assert state["hands_played"] > HISTORY_LENGTH
        assert len(state["history"]) == HISTORY_LENGTH
        assert state["history"][-1]["hand"] == state["hands_played"]
        assert len(state["log"]) == LOG_LENGTH
        session = app.state.store.get(table).session
        assert len(session.events) == 0  # trimmed once written
        assert len(session.record()["hands"]) == state["hands_played"]


def test_expired_tables_go_on_a_timer() -> None:
    clock = Clock()
    app = create_app(
        database=":memory:", idle_seconds=100, finished_seconds=10, sweep_seconds=0.05, clock=clock
    )
    with served(app) as client:
        created = client.post("/api/tables", json={}).json()
        headers = {"Authorization": f"Bearer {created['token']}"}
        time.sleep(0.3)
        assert len(app.state.store) == 1  # in use: kept
        clock.now += 150
        deadline = time.monotonic() + 10
        while len(app.state.store) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert len(app.state.store) == 0  # no new table was needed to drop it
        response = client.get(f"/api/tables/{created['table']}", headers=headers)
        assert response.status_code == 404

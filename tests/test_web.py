"""The web example's HTTP API (examples/web), through Starlette's TestClient.

Every endpoint answers bad input with the documented 4xx and a JSON body,
never a 500 (the app lists any failure it answered with a 500, and
``make_app``'s clients check that the list stays empty); a seat's token is
needed to see or act; and no response depends on what the seat may not see:
the hidden cards of the other hands, the order of the stock and the seeds
(the leak property, over random play through the API).  The apps here keep
their matches in memory (``database=":memory:"``); tests/test_web_server.py
tests the database, restarts and the server's limits.

Rule ids: T1 (a move out of phase), D7 (a move out of turn), R1 (a chance to
call "Rummy!" let go by), G1 (the match to its end, and its record).
"""

from __future__ import annotations

import importlib.util
import json
import random
import shlex
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("starlette")
if importlib.util.find_spec("httpx2") is None and importlib.util.find_spec("httpx") is None:
    pytest.skip("the HTTP tests need httpx2 (or httpx)", allow_module_level=True)
from examples.web.app import MAX_BODY, create_app
from examples.web.tables import Table
from starlette.testclient import TestClient

from rummy500 import (
    GreedyBot,
    PlayerView,
    Session,
    json_schema,
    presets,
    replay,
)
from rummy500.views import resample

TABLE_ENDPOINTS = [
    ("GET", ""),
    ("DELETE", ""),
    ("GET", "/moves"),
    ("POST", "/moves"),
    ("POST", "/decline"),
    ("GET", "/record"),
]


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def make_app(**settings: Any) -> Any:
    """The app with its matches in memory (a test leaves no database behind)."""
    return create_app(database=":memory:", **settings)


@contextmanager
def served(app: Any) -> Iterator[TestClient]:
    """A test client of ``app``; the app must not have failed (answered 500) meanwhile."""
    with TestClient(app) as test_client:
        yield test_client
    assert app.state.failures == []


@pytest.fixture
def client() -> Iterator[TestClient]:
    with served(make_app(allow_seed=True)) as test_client:
        yield test_client


def start(client: TestClient, **body: Any) -> tuple[str, dict[str, str], dict[str, Any]]:
    """A new table: its id, the seat's Authorization header, and the seat's state."""
    response = client.post("/api/tables", json={"seed": 7, **body})
    assert response.status_code == 201, response.text
    data = response.json()
    return data["table"], {"Authorization": f"Bearer {data['token']}"}, data["state"]


def error_of(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    body = response.json()
    assert body["error"] == code, body
    assert isinstance(body["message"], str)
    assert body["message"]
    return dict(body)


def send(client: TestClient, method: str, path: str, headers: dict[str, Any], body: Any) -> Any:
    if body is None:
        return client.request(method, path, headers=headers)
    return client.request(method, path, headers=headers, json=body)


def table_body(method: str, suffix: str) -> Any:
    return {"move": "draw"} if (method, suffix) == ("POST", "/moves") else None


# ---------------------------------------------------------------------------
# The page and the options


def test_the_page_and_its_files_are_served_with_a_strict_policy(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "/static/app.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    assert page.headers["x-content-type-options"] == "nosniff"
    assert client.get("/static/app.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/static/style.css").headers["content-type"].startswith("text/css")
    error_of(client.get("/static/secret.py"), 404, "not_found")
    error_of(client.get("/static/..%2Fapp.py"), 404, "not_found")
    error_of(client.get("/static/index.html"), 404, "not_found")


def test_unknown_routes_and_methods_are_json_errors(client: TestClient) -> None:
    error_of(client.get("/nothing/here"), 404, "not_found")
    error_of(client.put("/api/tables"), 405, "method_not_allowed")
    error_of(client.get("/api/tables"), 405, "method_not_allowed")
    error_of(client.post("/api/options"), 405, "method_not_allowed")


def test_options_list_every_preset_and_the_limits(client: TestClient) -> None:
    options = client.get("/api/options").json()
    assert [preset["name"] for preset in options["presets"]] == list(presets.names())
    assert options["bot_kinds"] == ["greedy", "random"]
    assert options["bots"] == {"min": 1, "max": 3}
    assert options["seed"] is True
    with served(make_app()) as default:
        assert default.get("/api/options").json()["seed"] is False


# ---------------------------------------------------------------------------
# Creating a table


def test_a_new_table_gives_the_seat_its_token_and_its_view(client: TestClient) -> None:
    response = client.post("/api/tables", json={"preset": "pagat", "bots": 2, "seed": 5})
    assert response.status_code == 201
    data = response.json()
    assert data["seat"] == 0
    assert len(data["token"]) >= 40
    state = data["state"]
    assert state["players"] == 3
    assert state["view"]["seat"] == 0
    assert state["bots"] == {"1": "greedy", "2": "greedy"}
    assert state["sides"] == [[0], [1], [2]]
    assert state["awaiting"] is True
    assert state["view"]["legal_moves"] == ["p0: draw", "p0: take 1"]
    assert state["take_depths"] == [1]
    assert state["log"][0]["type"] == "hand_dealt"
    assert [entry["n"] for entry in state["log"]] == list(range(1, len(state["log"]) + 1))
    # Two tables have different ids and tokens.
    again = client.post("/api/tables", json={"seed": 5}).json()
    assert again["table"] != data["table"]
    assert again["token"] != data["token"]


def test_partnerships_are_kept_by_side(client: TestClient) -> None:
    _, _, state = start(client, preset="partnership", bots=3, target_score=100)
    assert state["sides"] == [[0, 2], [1, 3]]
    assert state["totals"] == [0, 0]
    assert state["target_score"] == 100


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ([], "JSON object"),
        ("pagat", "JSON object"),
        ({"preset": "nope"}, "preset"),
        ({"preset": 3}, "preset"),
        ({"bots": 0}, "bots"),
        ({"bots": 4}, "bots"),
        ({"bots": "2"}, "bots"),
        ({"bots": True}, "bots"),
        ({"bots": 1.0}, "bots"),
        ({"bot": "smart"}, "bot"),
        ({"target_score": 10}, "target_score"),
        ({"target_score": 10**6}, "target_score"),
        ({"seed": -1}, "seed"),
        ({"seed": 2**70}, "seed"),
        ({"preset": "partnership", "bots": 1}, "for 4 players, got 2"),
        ({"colour": "red"}, "unknown field"),
    ],
)
def test_bad_table_requests_are_400(client: TestClient, body: Any, fragment: str) -> None:
    response = client.post("/api/tables", json=body)
    assert fragment in error_of(response, 400, "bad_request")["message"]


def test_a_seed_is_refused_unless_the_server_allows_it() -> None:
    with served(make_app()) as client:
        response = client.post("/api/tables", json={"seed": 7})
        assert "unknown field(s): seed" in error_of(response, 400, "bad_request")["message"]


@pytest.mark.parametrize(
    ("content", "content_type", "status", "code"),
    [
        (b"{", "application/json", 400, "bad_json"),
        (b"", "application/json", 400, "bad_json"),
        (b'{"bots": NaN}', "application/json", 400, "bad_request"),
        (b"\xff\xfe{}", "application/json", 400, "bad_json"),
        (b"[" * 3000 + b"]" * 3000, "application/json", 413, "body_too_large"),
        # Nested too deep for the recursion limit (bad_json), or parsed (not an object).
        (b"[" * 2000 + b"]" * 2000, "application/json", 400, "bad_json bad_request"),
        (b'{"bots": 2}', "text/plain", 415, "not_json"),
        (b"bots=2", "application/x-www-form-urlencoded", 415, "not_json"),
        (b'{"bots": 2}', "", 415, "not_json"),
        (b" " * (MAX_BODY + 1), "application/json", 413, "body_too_large"),
    ],
)
def test_malformed_bodies_are_4xx(
    client: TestClient, content: bytes, content_type: str, status: int, code: str
) -> None:
    headers = {"content-type": content_type} if content_type else {}
    response = client.post("/api/tables", content=content, headers=headers)
    assert response.status_code == status, response.text
    assert response.json()["error"] in code.split()


def test_a_large_body_without_a_length_is_cut_off(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(100):
            yield b" " * 1000

    headers = {"content-type": "application/json"}
    response = client.post("/api/tables", content=chunks(), headers=headers)
    error_of(response, 413, "body_too_large")


def test_a_malformed_length_is_400(client: TestClient) -> None:
    headers = {"content-type": "application/json", "content-length": "abc"}
    # The test client sends the header as given; a real server (h11) refuses it itself.
    response = client.post("/api/tables", content=b"{}", headers=headers)
    error_of(response, 400, "bad_request")


# ---------------------------------------------------------------------------
# Tables and tokens


@pytest.mark.parametrize(("method", "suffix"), TABLE_ENDPOINTS)
def test_an_unknown_table_is_404(client: TestClient, method: str, suffix: str) -> None:
    _, headers, _ = start(client)
    body = table_body(method, suffix)
    for table_id in ("nosuchtable", "x" * 65, "bad%20id", "..", "%00"):
        response = send(client, method, f"/api/tables/{table_id}{suffix}", headers, body)
        assert response.status_code == 404, (table_id, response.text)
        assert response.json()["error"] in ("unknown_table", "not_found")


@pytest.mark.parametrize(("method", "suffix"), TABLE_ENDPOINTS)
def test_a_token_is_needed(client: TestClient, method: str, suffix: str) -> None:
    table, headers, _ = start(client)
    other_table, other_headers, _ = start(client)
    path = f"/api/tables/{table}{suffix}"
    body = table_body(method, suffix)
    for missing in (
        {},
        {"Authorization": ""},
        {"Authorization": "Bearer"},
        {"Authorization": "Basic abc"},
        {"Authorization": "Bearer    "},
    ):
        response = send(client, method, path, missing, body)
        error_of(response, 401, "missing_token")
        assert response.headers["www-authenticate"] == "Bearer"
    token = headers["Authorization"].split()[1]
    for wrong in (
        other_headers,
        {"Authorization": f"Bearer {token[:-1]}"},
        {"Authorization": f"Bearer {token}x"},
        {"Authorization": "Bearer \u00e9".encode("latin-1")},
    ):
        error_of(send(client, method, path, wrong, body), 403, "wrong_token")
    # The seat's own token works, in either case of the scheme.
    ok = send(client, method, path, {"Authorization": f"bearer {token}"}, body)
    assert ok.status_code < 500
    assert ok.status_code not in (401, 403, 404)
    del other_table


def test_the_state_is_the_seats_and_a_left_table_is_gone(client: TestClient) -> None:
    table, headers, created = start(client)
    state = client.get(f"/api/tables/{table}", headers=headers).json()
    assert state == created
    assert client.delete(f"/api/tables/{table}", headers=headers).status_code == 204
    error_of(client.get(f"/api/tables/{table}", headers=headers), 404, "unknown_table")


# ---------------------------------------------------------------------------
# Moves


def test_moves_by_depth(client: TestClient) -> None:
    table, headers, state = start(client)
    path = f"/api/tables/{table}/moves"
    every = client.get(path, headers=headers).json()
    assert every == {"depth": None, "moves": state["view"]["moves"]}
    assert [move["text"] for move in every["moves"]] == state["view"]["legal_moves"]
    assert client.get(f"{path}?depth=1", headers=headers).json() == {
        "depth": 1,
        "moves": [{"kind": "take", "seat": 0, "count": 1, "play": None, "text": "p0: take 1"}],
    }
    assert client.get(f"{path}?depth=999", headers=headers).json()["moves"] == []
    for bad in ("0", "-1", "abc", "1000", "1.5", "\u00b2", "", " 1"):
        response = client.get(path, params={"depth": bad}, headers=headers)
        assert "depth" in error_of(response, 400, "bad_request")["message"]


def test_a_legal_move_answers_its_events_and_the_new_state(client: TestClient) -> None:
    table, headers, _ = start(client)
    response = client.post(f"/api/tables/{table}/moves", json={"move": "draw"}, headers=headers)
    assert response.status_code == 200
    data = response.json()
    assert data["events"][0] == {
        "n": data["events"][0]["n"],
        "type": "move",
        "hand": 1,
        "seat": 0,
        "move": "p0: draw",
        "bot": False,
    }
    assert data["state"]["view"]["phase"] == "play"
    assert data["state"]["log"][-1] == data["events"][-1]


@pytest.mark.parametrize(
    ("body", "status", "code", "rule"),
    [
        ({"move": "discard 2S"}, 422, "illegal_move", "T1 wrong_phase"),
        ({"move": "take 2"}, 422, "illegal_move", "T3 must_meld_taken_card"),
        ({"move": "p0: discard 2S"}, 422, "illegal_move", "T1 wrong_phase"),
        ({"move": "fly away"}, 400, "bad_notation", None),
        ({"move": "discard QQ"}, 400, "bad_notation", None),
        ({"move": "p1: draw"}, 403, "not_your_seat", None),
        ({"move": "P 2 : draw"}, 403, "not_your_seat", None),
        ({"move": "p9: draw"}, 403, "not_your_seat", None),
        ({"move": ""}, 400, "bad_request", None),
        ({"move": "   "}, 400, "bad_request", None),
        ({"move": "draw " * 100}, 400, "bad_request", None),
        ({"move": 3}, 400, "bad_request", None),
        ({"move": None}, 400, "bad_request", None),
        ({"move": ["draw"]}, 400, "bad_request", None),
        ({}, 400, "bad_request", None),
        ({"move": "draw", "seat": 1}, 400, "bad_request", None),
        (["draw"], 400, "bad_request", None),
        # Moves as data: the dicts of a view's "moves", checked as strictly as the schema.
        (
            {"move": {"kind": "discard", "seat": 0, "card": "2S"}},
            422,
            "illegal_move",
            "T1 wrong_phase",
        ),
        (
            {"move": {"kind": "take", "seat": 0, "count": 2, "play": None}},
            422,
            "illegal_move",
            "T3 must_meld_taken_card",
        ),
        ({"move": {"kind": "draw", "seat": 1}}, 403, "not_your_seat", None),
        ({"move": {"kind": "draw", "seat": 0, "text": "p0: take 1"}}, 400, "bad_move", None),
        ({"move": {"kind": "fly", "seat": 0}}, 400, "bad_move", None),
        ({"move": {"kind": "draw"}}, 400, "bad_move", None),
        ({"move": {"kind": "discard", "seat": 0, "card": "2s"}}, 400, "bad_move", None),
        ({"move": {"kind": "draw", "seat": True}}, 400, "bad_move", None),
        ({"move": {}}, 400, "bad_move", None),
    ],
)
def test_bad_moves_are_4xx_and_change_nothing(
    client: TestClient, body: Any, status: int, code: str, rule: str | None
) -> None:
    table, headers, before = start(client)
    response = client.post(f"/api/tables/{table}/moves", json=body, headers=headers)
    error = error_of(response, status, code)
    if rule is not None:
        rule_id, reason = rule.split()
        assert error["rule"] == rule_id
        assert f"(rule {rule_id})" in error["message"]
        assert error["reason"] == reason
    assert client.get(f"/api/tables/{table}", headers=headers).json() == before


def test_a_move_out_of_turn_is_409() -> None:
    app = make_app()
    with served(app) as client:
        # Seat 1 is to move at this table (seat 0 dealt) and no bot plays it.
        store = app.state.store
        table, token = Table.new(Session(seed=3), 0, "pagat", "greedy", {}, store.clock())
        store.add(table)
        headers = {"Authorization": f"Bearer {token}"}
        state = client.get(f"/api/tables/{table.id}", headers=headers).json()
        assert state["view"]["to_move"] == 1
        assert state["awaiting"] is False
        response = client.post(
            f"/api/tables/{table.id}/moves", json={"move": "draw"}, headers=headers
        )
        error = error_of(response, 409, "not_your_turn")
        assert error["rule"] == "D7"
        assert error["reason"] == "not_your_turn"
        error_of(
            client.post(f"/api/tables/{table.id}/decline", headers=headers),
            409,
            "nothing_to_decline",
        )


def test_a_chance_to_call_rummy_and_a_move_out_of_turn(client: TestClient) -> None:
    # Seed 0: after 57 moves of a greedy seat, p0 may call "Rummy!" while p1 is to move.
    table, headers, state = start(client, seed=0, bots=2)
    path = f"/api/tables/{table}"
    for _ in range(200):
        if state["can_decline"]:
            break
        move = GreedyBot(seed=0).choose(PlayerView.from_dict(state["view"]))
        response = client.post(f"{path}/moves", json={"move": str(move)}, headers=headers)
        assert response.status_code == 200, response.text
        state = response.json()["state"]
    else:
        pytest.fail("no chance to call Rummy! came")
    assert state["awaiting"] is True
    assert state["view"]["to_move"] != 0
    assert any(" rummy " in f" {move} " for move in state["view"]["legal_moves"])
    error = error_of(
        client.post(f"{path}/moves", json={"move": "draw"}, headers=headers), 409, "not_your_turn"
    )
    assert error["rule"] == "D7"
    response = client.post(f"{path}/decline", headers=headers)
    assert response.status_code == 200
    after = response.json()["state"]
    assert after["can_decline"] is False
    assert after["view"]["to_move"] == 0 or after["hand_number"] > state["hand_number"]
    declined = client.post(f"{path}/decline", headers=headers, json={})
    error_of(declined, 409, "nothing_to_decline")
    bad = client.post(
        f"{path}/decline",
        headers=headers,
        content=b"{",
    )
    error_of(bad, 415, "not_json")


def test_a_whole_match_then_its_record(client: TestClient) -> None:
    table, headers, state = start(client, seed=11, bots=1, target_score=50)
    path = f"/api/tables/{table}"
    error_of(client.get(f"{path}/record", headers=headers), 409, "match_in_progress")
    events: list[dict[str, Any]] = list(state["log"])
    for _ in range(2000):
        if state["over"]:
            break
        view = PlayerView.from_dict(state["view"])
        if state["can_decline"]:
            response = client.post(f"{path}/decline", headers=headers)
        else:  # as a client in another language would: the move as data
            move = GreedyBot(seed=1).choose(view)
            assert move is not None
            response = client.post(f"{path}/moves", json={"move": move.to_dict()}, headers=headers)
        assert response.status_code == 200, response.text
        events.extend(response.json()["events"])
        state = response.json()["state"]
    assert state["over"] is True
    assert events[-1]["type"] == "match_won"
    assert state["result"]["totals"] == events[-1]["totals"]
    assert [hand["totals"] for hand in state["history"]][-1] == state["result"]["totals"]
    assert state["view"]["legal_moves"] == []
    assert state["take_depths"] == []
    assert state["awaiting"] is False
    error_of(
        client.post(f"{path}/moves", json={"move": "draw"}, headers=headers), 409, "match_over"
    )
    response = client.get(f"{path}/record", headers=headers)
    assert response.status_code == 200
    assert response.headers["content-disposition"].startswith("attachment;")
    record = response.json()
    final = replay(record)
    assert final.result is not None
    assert list(final.result.totals) == state["result"]["totals"]
    assert record["seed"] == 11
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.validate(record, json_schema("record"))
    hands_ended = [event for event in events if event["type"] == "hand_ended"]
    assert [event["result"]["scores"] for event in hands_ended] == [
        hand["scores"] for hand in state["history"]
    ]


def test_calls_on_one_table_are_serialized(client: TestClient) -> None:
    table, headers, _ = start(client)
    path = f"/api/tables/{table}/moves"

    def draw(_: int) -> int:
        return client.post(path, json={"move": "draw"}, headers=headers).status_code

    with ThreadPoolExecutor(8) as pool:
        statuses = sorted(pool.map(draw, range(16)))
    assert statuses == [200] + [422] * 15  # one draw, then "has drawn already" (T1)
    state = client.get(f"/api/tables/{table}", headers=headers).json()
    assert state["view"]["phase"] == "play"
    assert len(state["view"]["hand"]) == 14


# ---------------------------------------------------------------------------
# The store: a cap, old tables dropped


def test_the_store_has_a_cap_and_drops_old_tables() -> None:
    clock = Clock()
    app = make_app(max_tables=2, idle_seconds=100, finished_seconds=10, clock=clock)
    with served(app) as client:
        first, first_headers, _ = start_plain(client)
        second, _, _ = start_plain(client)
        full = client.post("/api/tables", json={})
        assert "limit" in error_of(full, 503, "too_many_tables")["message"]
        # A table left idle for too long is dropped to make room.
        clock.now += 50
        client.get(f"/api/tables/{first}", headers=first_headers)  # the first one is in use
        wrong = {"Authorization": "Bearer not-the-token"}
        error_of(client.get(f"/api/tables/{second}", headers=wrong), 403, "wrong_token")
        clock.now += 60
        third, _, _ = start_plain(client)
        assert len(app.state.store) == 2
        error_of(client.get(f"/api/tables/{second}", headers=first_headers), 404, "unknown_table")
        # A finished match makes room at once when the store is full.
        table = app.state.store.get(third)
        bots = {0: GreedyBot(seed=0), 1: GreedyBot(seed=1)}
        with table.lock:
            table.session = Session(
                presets.get("pagat").evolve(target_score=50), 2, seed=1, bots=bots
            )
            app.state.store.save(table, ())  # the database learns the match is over
        assert table.session.is_over
        fourth, _, _ = start_plain(client)
        assert len(app.state.store) == 2
        error_of(client.get(f"/api/tables/{third}", headers=first_headers), 404, "unknown_table")
        del fourth


def start_plain(client: TestClient) -> tuple[str, dict[str, str], dict[str, Any]]:
    response = client.post("/api/tables", json={})
    assert response.status_code == 201, response.text
    data = response.json()
    return data["table"], {"Authorization": f"Bearer {data['token']}"}, data["state"]


# ---------------------------------------------------------------------------
# Nothing leaks


FORBIDDEN_KEYS = {"hands", "stock", "seed", "token"}


def keys_of(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from keys_of(item)
    elif isinstance(value, list):
        for item in value:
            yield from keys_of(item)


@contextmanager
def hidden_cards_redealt(table: Table, rng: random.Random) -> Iterator[None]:
    """The server's state with the cards the seat cannot see dealt again, and other seeds."""
    session = table.session
    recorder = session._recorder
    saved = recorder._state
    match = saved[0]
    guess = resample(session.view(table.seat), rng)
    other_seed = (match.seed + 1 + rng.randrange(2**32)) % 2**63
    recorder._state = (attrs.evolve(match, hand=guess, seed=other_seed), *saved[1:])
    try:
        yield
    finally:
        recorder._state = saved


def seat_responses(client: TestClient, table: Table, headers: dict[str, str]) -> list[str]:
    """Every answer the seat can get without acting, as JSON text."""
    path = f"/api/tables/{table.id}"
    answers = [client.get(path, headers=headers)]
    depths = answers[0].json()["take_depths"]
    answers += [
        client.get(f"{path}/moves?depth={depth}", headers=headers) for depth in (*depths, 1, 2)
    ]
    answers.append(client.get(f"{path}/moves", headers=headers))
    assert all(answer.status_code == 200 for answer in answers)
    return [json.dumps(answer.json(), sort_keys=True) for answer in answers]


@settings(max_examples=15)
@given(
    seed=st.integers(0, 2**32),
    preset=st.sampled_from(["pagat", "wikipedia", "boathouse", "basic_rummy", "dealers_gambit"]),
    bots=st.integers(1, 3),
    kind=st.sampled_from(["random", "greedy"]),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=40),
)
def test_no_response_depends_on_what_the_seat_cannot_see(
    seed: int, preset: str, bots: int, kind: str, picks: list[int]
) -> None:
    app = make_app(allow_seed=True)
    body = {"seed": seed, "preset": preset, "bots": bots, "bot": kind, "target_score": 50}
    rng = random.Random(seed)
    with served(app) as client:
        created = client.post("/api/tables", json=body)
        assert created.status_code == 201, created.text
        table = app.state.store.get(created.json()["table"])
        headers = {"Authorization": f"Bearer {created.json()['token']}"}
        answers = [json.dumps(created.json()["state"], sort_keys=True)]
        for pick in picks:
            real = seat_responses(client, table, headers)
            assert real[0] == answers[-1]
            with hidden_cards_redealt(table, rng):
                assert seat_responses(client, table, headers) == real
            state = json.loads(real[0])
            assert not FORBIDDEN_KEYS & set(keys_of(state))
            if state["over"]:
                break
            moves = state["view"]["legal_moves"]
            path = f"/api/tables/{table.id}"
            if state["can_decline"] and pick % (len(moves) + 1) == len(moves):
                response = client.post(f"{path}/decline", headers=headers)
            else:
                move = moves[pick % len(moves)]
                response = client.post(f"{path}/moves", json={"move": move}, headers=headers)
            assert response.status_code == 200, response.text
            data = response.json()
            assert not FORBIDDEN_KEYS & set(keys_of(data))
            answers.append(json.dumps(data["state"], sort_keys=True))


def test_a_server_may_seat_bots_named_by_spec_programs_included() -> None:
    """The server names more kinds of bots by spec; a client chooses among them by name only."""
    script = Path(__file__).resolve().parent.parent / "examples" / "bots" / "python_bot.py"
    program = "exec:" + shlex.join([sys.executable, str(script)])
    app = make_app(allow_seed=True, bots={"py": program, "deep": "search:iterations=4"})
    with served(app) as client:
        assert client.get("/api/options").json()["bot_kinds"] == ["greedy", "random", "py", "deep"]
        table, headers, state = start(client, bot="py")
        assert state["view"]["seat"] == 0
        response = client.post(
            f"/api/tables/{table}/moves",
            json={"move": state["view"]["legal_moves"][0]},
            headers=headers,
        )
        assert response.status_code == 200, response.text
        error_of(client.post("/api/tables", json={"bot": program}), 400, "bad_request")
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        make_app(bots={"x": "clever"})

"""The web example's ASGI app (Starlette): a page, and a JSON API over :class:`rummy500.Session`.

Run it with ``python -m examples.web`` (or ``uvicorn examples.web.app:app``)
from the repository's root, or with ``python path/to/examples/web`` from
anywhere.  The server holds every match, in a SQLite database
(:mod:`examples.web.storage`) written before each answer; a browser only
ever receives its own seat's view, and acts with its seat's token (sent as
``Authorization: Bearer <token>``).  Moves travel as move dicts (a view's
``"moves"``) or as notation, and an illegal move comes back with the id of
the rule it breaks.

Endpoints (every error is JSON, ``{"error": code, "message": text}``):

- ``GET /``: the page; ``GET /static/{app.js, api.js, cards.js, style.css}``: its scripts
  and style.
- ``GET /api/options``: the presets, the kinds of bots, the limits.
- ``POST /api/tables``: a new match against bots; answers the table id, the
  seat and its token, and the seat's state.
- ``GET /api/tables/{id}``: the seat's state; ``DELETE``: leave the table.
- ``GET /api/tables/{id}/moves?depth=N``: the seat's legal moves that take N
  pile cards (all its legal moves without ``depth``), as move dicts.
- ``POST /api/tables/{id}/moves`` with ``{"move": {"kind": "draw", "seat": 0}}``
  or ``{"move": "meld 4S 5S 6S"}``: play.
- ``POST /api/tables/{id}/decline``: let a chance to call "Rummy!" go by.
- ``GET /api/tables/{id}/record``: the match record, once the match is over.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from rummy500 import (
    BotError,
    IllegalMoveError,
    InvalidArgumentError,
    NotationError,
    Reason,
    RecordError,
    Rummy500Error,
    Session,
    legal_moves,
    presets,
)
from rummy500.botspecs import make_bot, parse_bot_spec
from rummy500.extras import requires
from rummy500.jsonnumbers import MAX_SAFE_INTEGER
from rummy500.jsontext import utf8_text

from .storage import DEFAULT_DATABASE, Storage
from .tables import ApiError, Table, TableStore, finished_record, note_draw, seat_state

#: How to install the ``web`` extra for the example, which runs from a checkout.
INSTALL = "pip install '.[web]' in the repository's root"

with requires("web", "the web example (examples/web)", install=INSTALL):
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.datastructures import MutableHeaders
    from starlette.exceptions import HTTPException
    from starlette.requests import Request
    from starlette.responses import JSONResponse, Response
    from starlette.routing import Route
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["HEADERS", "INSTALL", "MAX_BODY", "app", "create_app"]

#: The largest request body read, in bytes (a move is a line of text, or a small dict).
MAX_BODY = 4096
#: The longest move text accepted, in characters.
MAX_MOVE = 400
#: The kinds of bots a table may seat by default: each kind's name and its bot spec
#: (``create_app(bots=...)`` and ``python -m examples.web --bot NAME=SPEC`` add more).
BOT_KINDS: dict[str, str] = {"greedy": "greedy", "random": "random"}
#: The fewest and most bots at a table (the human is seat 0).
MIN_BOTS, MAX_BOTS = 1, 3
#: The range of target scores a table may choose.
MIN_TARGET, MAX_TARGET = 50, 5000
#: The human's seat at every table.
HUMAN_SEAT = 0
#: The security headers of every answer, errors included.
HEADERS = {
    "content-security-policy": (
        "default-src 'self'; img-src 'self' data:; object-src 'none'; "
        "base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}

_STATIC = Path(__file__).resolve().parent / "static"
_FILES = {
    "index.html": "text/html; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "api.js": "text/javascript; charset=utf-8",
    "cards.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}
_TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}\Z")
_DEPTH = re.compile(r"[0-9]{1,3}\Z")
_SEAT_PREFIX = re.compile(r"\s*p\s*([0-9]{1,6})\s*:", re.IGNORECASE)
_LOG = logging.getLogger("examples.web")

_T = TypeVar("_T")


class Guard:
    """ASGI middleware around the app: the security headers on every answer, and a 500 if need be.

    Any error the app did not answer becomes a JSON 500 with the headers,
    and the connection is kept.  The failures are logged (``examples.web``)
    and listed in ``failures``, which the tests check stays empty.
    """

    def __init__(self, app: ASGIApp, failures: list[str]) -> None:
        self.app = app
        self.failures = failures

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers; answer 500 if the app fails before answering."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = MutableHeaders(scope=message)
                for name, value in HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception as error:
            self.failures.append(f"{scope.get('method')} {scope.get('path')}: {error!r}")
            del self.failures[:-100]  # the latest ones: a failure repeated keeps memory bounded
            _LOG.exception("the app failed on %s %s", scope.get("method"), scope.get("path"))
            if started:
                raise  # the answer is half sent: only closing the connection is left
            body = {
                "error": "internal_error",
                "message": "the server failed to answer this request",
            }
            await JSONResponse(body, status_code=500)(scope, receive, send_with_headers)


def create_app(
    *,
    database: str | Path = DEFAULT_DATABASE,
    max_tables: int = 1000,
    idle_seconds: float = 3600.0,
    finished_seconds: float = 600.0,
    sweep_seconds: float = 60.0,
    allow_seed: bool = False,
    clock: Callable[[], float] = time.time,
    bots: Mapping[str, str] | None = None,
) -> Starlette:
    """The app, with its own store of tables (``app.state.store``).

    Args:
        database: The SQLite file the matches are kept in (created if
            missing; opened at the first request), or ``":memory:"`` (tests).
        max_tables: The most matches kept at once.
        idle_seconds: A table nobody used for this long is dropped.
        finished_seconds: A finished match is dropped this long after its last use.
        sweep_seconds: How often expired tables are dropped (a timer while the app runs).
        allow_seed: Accept ``"seed"`` when a table is created (tests only: a
            client that chooses the seed knows every card).
        clock: The store's clock, in seconds (tests pass their own).
        bots: More kinds of bots, ``{name: bot spec}`` (``"search:iterations=100"``,
            ``"exec:COMMAND"`` for a program: one process per seat and table, ended
            when the table is dropped).  A client chooses a kind by its name only:
            the specs, and so the commands, are the server's.
    """
    kinds = {**BOT_KINDS, **(bots or {})}
    for spec in kinds.values():
        parse_bot_spec(spec)
    storage = Storage(database)
    store = TableStore(
        storage,
        max_tables,
        idle_seconds=idle_seconds,
        finished_seconds=finished_seconds,
        clock=clock,
    )
    store.make_bot = lambda kind, seed: make_bot(kinds[kind], seed)
    files = {name: (_STATIC / name).read_bytes() for name in _FILES}
    failures: list[str] = []

    async def page(request: Request) -> Response:
        return _file(files, "index.html")

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in _FILES or name == "index.html":
            raise ApiError(404, "not_found", f"no file {name[:80]!r}")
        return _file(files, name)

    async def options(request: Request) -> Response:
        return JSONResponse(
            {
                "presets": [_preset_options(name) for name in presets.names()],
                "bot_kinds": list(kinds),
                "bots": {"min": MIN_BOTS, "max": MAX_BOTS},
                "target_score": {"min": MIN_TARGET, "max": MAX_TARGET},
                "seed": allow_seed,
            }
        )

    async def create(request: Request) -> Response:
        data = await _json_object(request)
        choice = _table_choice(data, allow_seed, kinds)
        await run_in_threadpool(store.check_room)
        table, token = await run_in_threadpool(_deal, *choice, store.clock(), kinds)
        await run_in_threadpool(store.add, table)
        state = await _locked(table, lambda: seat_state(table))
        body = {"table": table.id, "seat": table.seat, "token": token, "state": state}
        return JSONResponse(body, status_code=201)

    async def show(request: Request) -> Response:
        table = await _authorized(request, store)
        return JSONResponse(await _locked(table, lambda: seat_state(table)))

    async def leave(request: Request) -> Response:
        table = await _authorized(request, store)
        await run_in_threadpool(store.remove, table.id)
        return Response(status_code=204)

    async def moves(request: Request) -> Response:
        table = await _authorized(request, store)
        depth = _depth(request)

        def work() -> dict[str, Any]:
            session = table.session
            found = (
                () if session.is_over else legal_moves(session.state, seat=table.seat, depth=depth)
            )
            return {
                "depth": depth,
                "moves": [{**move.to_dict(), "text": str(move)} for move in found],
            }

        return JSONResponse(await _locked(table, work))

    async def play(request: Request) -> Response:
        table = await _authorized(request, store)
        data = await _json_object(request)
        move = _move_of(data, table.seat)
        return JSONResponse(await _locked(table, lambda: _submit(store, table, move)))

    async def decline(request: Request) -> Response:
        table = await _authorized(request, store)
        await _json_object(request, empty_ok=True)
        return JSONResponse(await _locked(table, lambda: _decline(store, table)))

    async def record(request: Request) -> Response:
        table = await _authorized(request, store)
        data = await _locked(table, lambda: finished_record(table))
        name = f"rummy500-match-{table.id}.json"
        headers = {"content-disposition": f'attachment; filename="{name}"'}
        return JSONResponse(data, headers=headers)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        sweeper = asyncio.create_task(_sweep_forever(store, sweep_seconds))
        try:
            yield
        finally:
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            storage.close()

    routes = [
        Route("/", page, methods=["GET"]),
        Route("/static/{name}", static, methods=["GET"]),
        Route("/api/options", options, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{table_id}", show, methods=["GET"]),
        Route("/api/tables/{table_id}", leave, methods=["DELETE"]),
        Route("/api/tables/{table_id}/moves", moves, methods=["GET"]),
        Route("/api/tables/{table_id}/moves", play, methods=["POST"]),
        Route("/api/tables/{table_id}/decline", decline, methods=["POST"]),
        Route("/api/tables/{table_id}/record", record, methods=["GET"]),
    ]
    app = Starlette(
        routes=routes,
        exception_handlers={ApiError: _api_error, HTTPException: _http_error},
        lifespan=lifespan,
    )
    app.add_middleware(Guard, failures=failures)
    app.state.store = store
    app.state.failures = failures
    return app


async def _sweep_forever(store: TableStore, seconds: float) -> None:
    """Drop the expired tables every ``seconds``, for as long as the app runs."""
    while True:
        await asyncio.sleep(seconds)
        try:
            await run_in_threadpool(store.sweep)
        except Exception:  # a failed sweep is logged; the next one tries again
            _LOG.exception("dropping the expired tables failed")


# ---------------------------------------------------------------------------
# Reading requests


async def _authorized(request: Request, store: TableStore) -> Table:
    """The request's table, if its ``Authorization: Bearer`` token is the seat's."""
    table_id = request.path_params["table_id"]
    if not _TABLE_ID.match(table_id):
        raise ApiError(404, "unknown_table", "no such table")
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise ApiError(401, "missing_token", "send the seat's token: Authorization: Bearer <token>")
    table = await run_in_threadpool(store.find, table_id, token)
    store.touch(table)
    return table


async def _json_object(request: Request, *, empty_ok: bool = False) -> dict[str, Any]:
    """The request's body, a JSON object in UTF-8 of at most :data:`MAX_BODY` bytes."""
    too_large = ApiError(413, "body_too_large", f"a request body may hold {MAX_BODY} bytes at most")
    length = request.headers.get("content-length")
    if length is not None and not (length.isascii() and length.isdigit()):
        raise ApiError(400, "bad_request", "a malformed Content-Length")
    # A length of more digits than MAX_BODY's is too large (and int() refuses 4,301 digits).
    digits = None if length is None else length.lstrip("0") or "0"
    if digits is not None and (len(digits) > len(str(MAX_BODY)) or int(digits) > MAX_BODY):
        raise too_large
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY:
            raise too_large
    if not body and empty_ok:
        return {}
    media = request.headers.get("content-type", "").partition(";")[0].strip().lower()
    if media != "application/json":
        raise ApiError(415, "not_json", "send the body as JSON (Content-Type: application/json)")
    try:  # JSON is UTF-8 (RFC 8259): read as the library reads every JSON document's bytes
        text = utf8_text(body, "the body", RecordError)
    except RecordError as error:
        raise ApiError(400, "bad_json", str(error)) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ApiError(400, "bad_json", f"the body is not JSON: {str(error)[:200]}") from None
    if not isinstance(data, dict):
        raise ApiError(400, "bad_request", "the body must be a JSON object")
    return data


def _table_choice(
    data: dict[str, Any], allow_seed: bool, kinds: Mapping[str, str]
) -> tuple[str, int, str, int | None, int | None]:
    """The preset, the number of bots, their kind, the target score and the seed of a new table."""
    known = {"preset", "bots", "bot", "target_score"} | ({"seed"} if allow_seed else set())
    unknown = sorted(set(data) - known)
    if unknown:
        raise ApiError(400, "bad_request", f"unknown field(s): {', '.join(unknown)[:200]}")
    try:  # a preset name in any case, as a person may type it
        preset = presets.canonical_name(data.get("preset", "pagat"))
    except InvalidArgumentError:
        raise ApiError(
            400, "bad_request", f"preset must be one of {', '.join(presets.names())}"
        ) from None
    bots = _integer(data, "bots", MIN_BOTS, MAX_BOTS)
    bots = 1 if bots is None else bots
    kind = data.get("bot", "greedy")
    if not isinstance(kind, str) or kind not in kinds:
        raise ApiError(400, "bad_request", f"bot must be one of {', '.join(kinds)}")
    target = _integer(data, "target_score", MIN_TARGET, MAX_TARGET)
    seed = _integer(data, "seed", 0, MAX_SAFE_INTEGER)
    try:
        presets.get(preset).check_players(bots + 1)
    except InvalidArgumentError as error:
        raise ApiError(400, "bad_request", f"{preset}: {error}") from None
    return preset, bots, kind, target, seed


def _integer(data: dict[str, Any], key: str, low: int, high: int) -> int | None:
    """``data[key]``, a whole number from ``low`` to ``high``; ``None`` if absent."""
    if key not in data:
        return None
    value = data[key]
    if type(value) is not int or not low <= value <= high:
        raise ApiError(400, "bad_request", f"{key} must be a whole number from {low} to {high}")
    return value


def _depth(request: Request) -> int | None:
    text = request.query_params.get("depth")
    if text is None:
        return None
    if not _DEPTH.match(text) or int(text) < 1:
        raise ApiError(400, "bad_request", "depth must be a whole number from 1 to 999")
    return int(text)


def _move_of(data: dict[str, Any], seat: int) -> str | dict[str, Any]:
    """The move of a request: notation text, or a move dict; of the seat's, if it names one."""
    if set(data) != {"move"}:
        raise ApiError(400, "bad_request", 'send {"move": <a move dict, or a move in notation>}')
    move = data["move"]
    if isinstance(move, dict):
        seat_named = move.get("seat")
        if type(seat_named) is int and seat_named != seat:
            raise ApiError(403, "not_your_seat", f"you play p{seat}, not p{seat_named}")
        return move
    if not isinstance(move, str) or not move.strip() or len(move) > MAX_MOVE:
        raise ApiError(
            400,
            "bad_request",
            f"move must be a move dict, or notation text of 1 to {MAX_MOVE} characters",
        )
    prefix = _SEAT_PREFIX.match(move)
    if prefix and int(prefix.group(1)) != seat:
        raise ApiError(403, "not_your_seat", f"you play p{seat}, not p{int(prefix.group(1))}")
    return move


# ---------------------------------------------------------------------------
# Working on a table (in a worker thread, holding its lock)


async def _locked(table: Table, work: Callable[[], _T]) -> _T:
    """``work()`` in a worker thread, holding the table's lock (sessions are not thread-safe)."""

    def run() -> _T:
        with table.lock:
            return work()

    return await run_in_threadpool(run)


def _deal(
    preset: str,
    bots: int,
    kind: str,
    target: int | None,
    seed: int | None,
    now: float,
    kinds: Mapping[str, str],
) -> tuple[Table, str]:
    rules = presets.get(preset)
    if target is not None:
        rules = rules.evolve(target_score=target)
    seeds = {
        seat: secrets.randbits(32) if seed is None else seed + seat for seat in range(1, bots + 1)
    }
    try:
        seats = {seat: make_bot(kinds[kind], bot_seed) for seat, bot_seed in seeds.items()}
    except BotError as error:
        raise ApiError(503, "bot_unavailable", str(error)) from None
    try:
        session = Session(rules, bots + 1, seed=seed, bots=seats)
    except Rummy500Error as error:
        raise ApiError(400, "bad_request", str(error)) from None
    return Table.new(session, HUMAN_SEAT, preset, kind, seeds, now)


def _submit(store: TableStore, table: Table, move: str | dict[str, Any]) -> dict[str, Any]:
    session = table.session
    if session.is_over:
        raise ApiError(409, "match_over", "the match is over")
    before = session.state.hands[table.seat]
    try:
        events = session.submit(table.seat, move)
    except NotationError as error:
        raise ApiError(400, "bad_notation", str(error)) from None
    except IllegalMoveError as error:
        why = {"reason": error.reason.value, "rule": error.rule}
        if error.reason is Reason.NOT_YOUR_TURN:
            raise ApiError(409, "not_your_turn", str(error), **why) from None
        raise ApiError(422, "illegal_move", str(error), **why) from None
    except InvalidArgumentError as error:
        raise ApiError(400, "bad_move", str(error)) from None
    note_draw(table, before, events)
    added = store.save(table, events)
    return {"events": added, "state": seat_state(table)}


def _decline(store: TableStore, table: Table) -> dict[str, Any]:
    try:
        events = table.session.decline(table.seat)
    except InvalidArgumentError as error:
        raise ApiError(409, "nothing_to_decline", str(error)) from None
    added = store.save(table, events)
    return {"events": added, "state": seat_state(table)}


def _preset_options(name: str) -> dict[str, Any]:
    rules = presets.get(name)
    return {
        "name": name,
        "min_players": rules.min_players,
        "max_players": rules.max_players,
        "target_score": rules.target_score,
    }


# ---------------------------------------------------------------------------
# Responses


def _file(files: dict[str, bytes], name: str) -> Response:
    return Response(files[name], media_type=_FILES[name], headers={"cache-control": "no-cache"})


async def _api_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, ApiError)
    headers = {"www-authenticate": "Bearer"} if error.status == 401 else None
    return JSONResponse(error.body(), status_code=error.status, headers=headers)


async def _http_error(request: Request, error: Exception) -> Response:
    assert isinstance(error, HTTPException)
    codes = {404: "not_found", 405: "method_not_allowed"}
    body = {"error": codes.get(error.status_code, "http_error"), "message": error.detail}
    return JSONResponse(body, status_code=error.status_code, headers=error.headers)


#: The app with the default settings, for ``uvicorn examples.web.app:app``.
app = create_app()

"""The tables of the web example: sessions, seat tokens, a capped store, and what a seat sees.

A :class:`Table` holds one match (a :class:`rummy500.Session`), the human
seat's token, a lock, and a log of what happened.  :class:`TableStore`
keeps the tables in memory, at most ``max_tables`` of them: finished tables
and tables left idle are dropped after a while, and when the store is still
full a new table is refused (:class:`ApiError` 503).

:func:`seat_state` is everything the server ever sends about a match: the
seat's view (:meth:`rummy500.Session.view`, which holds no other hand's
hidden cards, no stock order, no seed), the depths at which it may take,
and the public facts of the match (totals, finished hands, events).  The
record (:func:`finished_record`) holds the match seed, from which every hand
is dealt: it is given out only once the match is over.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from rummy500 import Session

__all__ = [
    "LOG_LENGTH",
    "ApiError",
    "Table",
    "TableStore",
    "finished_record",
    "seat_state",
]

#: The most recent events a table keeps and sends (older ones are dropped).
LOG_LENGTH = 100


class ApiError(Exception):
    """An error the API answers with: an HTTP status and a JSON body.

    Attributes:
        status: The HTTP status (4xx for the client's mistakes).
        code: A short machine-readable name (``"unknown_table"``).
        message: A sentence for people.
        extra: More keys of the JSON body (an illegal move's ``rule`` and ``reason``).
    """

    def __init__(self, status: int, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.extra = extra

    def body(self) -> dict[str, Any]:
        """The JSON body: ``{"error": code, "message": text, ...extra}``."""
        return {"error": self.code, "message": self.message, **self.extra}


class Table:
    """One match at one table: a session, its human seat and that seat's token.

    Attributes:
        id: The table's id, random and URL-safe.
        session: The match (not thread-safe: hold :attr:`lock` to use it).
        seat: The human seat.
        token: The human seat's secret token.
        preset: The name of the rule set's preset.
        bot_kind: The kind of bot at the other seats.
        lock: Serializes the calls on the session.
        log: The most recent events, as dicts, each with its number ``"n"``.
        touched: When the table was last used (the store's clock).
    """

    def __init__(self, session: Session, seat: int, preset: str, bot_kind: str, now: float) -> None:
        self.id = secrets.token_urlsafe(12)
        self.token = secrets.token_urlsafe(32)
        self.session = session
        self.seat = seat
        self.preset = preset
        self.bot_kind = bot_kind
        self.lock = threading.Lock()
        self.log: deque[dict[str, Any]] = deque(maxlen=LOG_LENGTH)
        self._count = 0
        self.touched = now
        self.add_events(event.to_dict() for event in session.events)

    def check_token(self, token: str) -> bool:
        """Whether ``token`` is this table's human seat's (compared in constant time)."""
        return secrets.compare_digest(token.encode(), self.token.encode())

    def add_events(self, events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """Number the events, keep them in the log, and return them."""
        added = []
        for event in events:
            self._count += 1
            entry = {"n": self._count, **event}
            self.log.append(entry)
            added.append(entry)
        return added


class TableStore:
    """The tables in memory: at most ``max_tables``, old finished and idle ones dropped.

    Args:
        max_tables: The most tables kept at once.
        idle_seconds: A table nobody used for this long is dropped.
        finished_seconds: A finished match is kept this long after its last use
            (to download its record), or less when the store is full.
        clock: The time in seconds (:func:`time.monotonic`); tests pass their own.

    The store is thread-safe; a table's session is not (see :class:`Table`).
    """

    def __init__(
        self,
        max_tables: int = 1000,
        *,
        idle_seconds: float = 3600.0,
        finished_seconds: float = 600.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if max_tables < 1:
            raise ValueError(f"max_tables must be at least 1, got {max_tables}")
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.finished_seconds = finished_seconds
        self.clock = clock
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._tables)

    def check_room(self) -> None:
        """Raise :class:`ApiError` 503 if no table can be added now (cheap: before dealing)."""
        with self._lock:
            self._make_room()

    def add(self, table: Table) -> None:
        """Keep ``table``, dropping old ones first; :class:`ApiError` 503 if the store is full."""
        with self._lock:
            self._make_room()
            self._tables[table.id] = table

    def get(self, table_id: str) -> Table:
        """The table ``table_id``; :class:`ApiError` 404 if there is none."""
        with self._lock:
            table = self._tables.get(table_id)
            if table is None:
                raise ApiError(404, "unknown_table", f"no table {table_id!r} (it may have expired)")
            return table

    def touch(self, table: Table) -> None:
        """Mark ``table`` as used now (its seat acted or looked)."""
        with self._lock:
            table.touched = self.clock()

    def remove(self, table_id: str) -> None:
        """Drop the table ``table_id`` (nothing if there is none)."""
        with self._lock:
            self._tables.pop(table_id, None)

    def _make_room(self) -> None:
        """Drop expired tables; if the store is full, the finished table least recently used."""
        now = self.clock()
        for table_id, table in list(self._tables.items()):
            idle = now - table.touched
            if idle > self.idle_seconds or (table.session.is_over and idle > self.finished_seconds):
                del self._tables[table_id]
        if len(self._tables) < self.max_tables:
            return
        finished = [table for table in self._tables.values() if table.session.is_over]
        if finished:
            del self._tables[min(finished, key=lambda table: table.touched).id]
            return
        raise ApiError(
            503,
            "too_many_tables",
            f"the server holds {self.max_tables} matches in progress, its limit: try again later",
        )


def _sides(session: Session) -> list[list[int]]:
    """The seats of each side the totals are kept for (partnerships: 0+2 and 1+3)."""
    players = session.num_players
    if session.rules.partnerships:
        return [[seat for seat in range(players) if seat % 2 == side] for side in range(2)]
    return [[seat] for seat in range(players)]


def seat_state(table: Table) -> dict[str, Any]:
    """What the table's human seat may see now, JSON-ready (hold the table's lock).

    The seat's view, its take depths and whether it may act, and the public
    facts of the match: the totals, each finished hand's result, the result
    of the match, the recent events.  Nothing about the hidden cards of the
    other seats, the stock or the seeds.
    """
    session, seat = table.session, table.seat
    match = session.match
    awaiting = seat in session.awaiting
    to_move = session.state.to_move
    result = match.result
    return {
        "table": table.id,
        "seat": seat,
        "players": session.num_players,
        "preset": table.preset,
        "bots": {str(other): table.bot_kind for other in sorted(session.bots)},
        "target_score": session.rules.target_score,
        "sides": _sides(session),
        "hand_number": match.number,
        "totals": list(match.totals),
        "history": [
            {
                "hand": record.number,
                "dealer": record.dealer,
                "scores": list(record.result.scores),
                "went_out": record.result.went_out,
                "reason": record.result.reason.value,
                "totals": list(record.totals),
            }
            for record in match.history
        ],
        "over": result is not None,
        "result": None
        if result is None
        else {"winner": result.winner, "seats": list(result.seats), "totals": list(result.totals)},
        "view": session.view(seat).to_dict(),
        "take_depths": list(session.take_depths(seat)),
        "awaiting": awaiting,
        "can_decline": awaiting and seat != to_move,
        "log": list(table.log),
    }


def finished_record(table: Table) -> dict[str, Any]:
    """The match record (:meth:`rummy500.Session.record`) once the match is over.

    Raises:
        ApiError: 409 while the match is in progress: the record holds the
            match seed, from which the hands still to come are dealt.
    """
    if not table.session.is_over:
        raise ApiError(
            409,
            "match_in_progress",
            "the record can be downloaded once the match is over "
            "(it holds the seed the hands to come are dealt from)",
        )
    return table.session.record()

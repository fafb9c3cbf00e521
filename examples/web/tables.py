"""The web example's tables: sessions, seat tokens, a capped store on disk, what a seat sees.

A :class:`Table` holds one match (a :class:`rummy500.Session`), the human
seat's token (hashed), a lock, and the recent events.  :class:`TableStore`
keeps every table in a database (:class:`~examples.web.storage.Storage`) and
the tables in use in memory, at most ``max_tables`` of them: finished tables
and tables left idle are dropped by :meth:`TableStore.sweep` (the app runs it
on a timer), and when the store is still full a new table is refused
(:class:`ApiError` 503).  Every move is written to the database before the
server answers, so a server started again finds each match as it was.

A table's memory stays bounded however long its match: the session's events
are trimmed once written (:meth:`rummy500.Session.trim_events`), the table
keeps the last :data:`LOG_LENGTH` events, and a seat's state lists the last
:data:`HISTORY_LENGTH` finished hands.

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
from collections import Counter, deque
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rummy500 import Bot, Draw, MoveApplied, Phase, Session
from rummy500.session import Event

from .storage import Row, Storage, StorageError, token_hash

__all__ = [
    "HISTORY_LENGTH",
    "LOG_LENGTH",
    "ApiError",
    "Table",
    "TableStore",
    "finished_record",
    "seat_state",
]

#: The most recent events a table keeps and sends (older ones are dropped).
LOG_LENGTH = 100
#: The most recent finished hands a seat's state lists (the totals count them all).
HISTORY_LENGTH = 20


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
    """One match at one table: a session, its human seat and that seat's token (hashed).

    Make one with :meth:`new` (a new match) or :meth:`restore` (from the database).

    Attributes:
        id: The table's id, random and URL-safe.
        token_hash: The hash of the human seat's secret token.
        session: The match (not thread-safe: hold :attr:`lock` to use it).
        seat: The human seat.
        preset: The name of the rule set's preset.
        bot_kind: The kind of bot at the other seats.
        bot_seeds: Each bot's seed, by seat.
        lock: Serializes the calls on the session.
        log: The most recent events, as dicts, each with its number ``"n"``.
        moves: How many moves of the match are written to the database.
        unsaved: Moves made but not written yet: the bots' first moves of a new
            table, or those a table read back makes at once.
        drawn: The cards the seat drew from the stock last, and the hand it drew them in.
        touched: When the table was last used (the store's clock).
    """

    def __init__(
        self,
        table_id: str,
        hashed: str,
        session: Session,
        seat: int,
        preset: str,
        bot_kind: str,
        bot_seeds: Mapping[int, int],
        now: float,
    ) -> None:
        self.id = table_id
        self.token_hash = hashed
        self.session = session
        self.seat = seat
        self.preset = preset
        self.bot_kind = bot_kind
        self.bot_seeds = dict(bot_seeds)
        self.lock = threading.Lock()
        self.log: deque[dict[str, Any]] = deque(maxlen=LOG_LENGTH)
        self.moves = 0
        self.saved_touched = now
        self.unsaved: list[tuple[int, str]] = []
        self.drawn: tuple[tuple[str, ...], int] = ((), 0)
        self.touched = now
        self._count = 0

    @classmethod
    def new(
        cls,
        session: Session,
        seat: int,
        preset: str,
        bot_kind: str,
        bot_seeds: Mapping[int, int],
        now: float,
    ) -> tuple[Table, str]:
        """A table for a new match, and its seat's token (given out once, kept only hashed)."""
        token = secrets.token_urlsafe(32)
        table = cls(
            secrets.token_urlsafe(12),
            token_hash(token),
            session,
            seat,
            preset,
            bot_kind,
            bot_seeds,
            now,
        )
        table.unsaved = _moves_of(session.events)
        table.add_events(session.events)
        return table, token

    @classmethod
    def restore(cls, row: Row, record: Mapping[str, Any], make_bot: Callable[[int], Bot]) -> Table:
        """The table of ``row``, its match replayed from ``record`` with its bots made again."""
        bots = {seat: make_bot(seed) for seat, seed in row.bot_seeds.items()}
        session = Session.from_record(record, bots=bots)
        table = cls(
            row.id, row.token_hash, session, row.seat, row.preset, row.bot_kind, row.bot_seeds, 0
        )
        table.touched = table.saved_touched = row.touched
        table.drawn = row.drawn
        recorded = sum(len(hand["moves"]) for hand in record["hands"])
        recorded += len(record.get("current", {}).get("moves", ()))
        made = _moves_of(session.events)
        table.moves, table.unsaved = recorded, made[recorded:]
        table.add_events(session.events)
        return table

    def check_token(self, token: str) -> bool:
        """Whether ``token`` is this table's human seat's (compared in constant time)."""
        return secrets.compare_digest(token_hash(token), self.token_hash)

    def add_events(self, events: Sequence[Event]) -> list[dict[str, Any]]:
        """Number the events, keep the last ones in the log, trim the session's; the dicts."""
        added = []
        for event in events:
            self._count += 1
            entry = {"n": self._count, **event.to_dict()}
            self.log.append(entry)
            added.append(entry)
        self.session.trim_events()
        return added

    def row(self) -> Row:
        """The table as the database keeps it."""
        record = self.session.record()
        head = {key: record[key] for key in ("format", "version", "rules", "players", "dealer")}
        head["seed"] = record["seed"]
        return Row(
            id=self.id,
            token_hash=self.token_hash,
            seat=self.seat,
            preset=self.preset,
            bot_kind=self.bot_kind,
            bot_seeds=self.bot_seeds,
            head=head,
            hand=self.session.match.number,
            over=self.session.is_over,
            drawn=self.drawn,
            touched=self.touched,
        )


def _moves_of(events: Sequence[Event]) -> list[tuple[int, str]]:
    """The moves among ``events``: their hand numbers and notation."""
    return [(event.hand, str(event.move)) for event in events if isinstance(event, MoveApplied)]


class TableStore:
    """The tables: every one in the database, those in use in memory; at most ``max_tables``.

    Args:
        storage: The database.
        max_tables: The most tables kept at once.
        idle_seconds: A table nobody used for this long is dropped.
        finished_seconds: A finished match is kept this long after its last use
            (to download its record), or less when the store is full.
        clock: The time in seconds (:func:`time.time`, which goes on across
            restarts); tests pass their own.

    The store is thread-safe; a table's session is not (see :class:`Table`).
    """

    def __init__(
        self,
        storage: Storage,
        max_tables: int = 1000,
        *,
        idle_seconds: float = 3600.0,
        finished_seconds: float = 600.0,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if max_tables < 1:
            raise ValueError(f"max_tables must be at least 1, got {max_tables}")
        self.storage = storage
        self.max_tables = max_tables
        self.idle_seconds = idle_seconds
        self.finished_seconds = finished_seconds
        self.clock = clock
        self.make_bot: Callable[[str, int], Bot] | None = None
        self._tables: dict[str, Table] = {}
        self._loading: dict[str, threading.Lock] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return self.storage.count()

    @property
    def loaded(self) -> int:
        """How many tables are in memory."""
        with self._lock:
            return len(self._tables)

    def check_room(self) -> None:
        """Raise :class:`ApiError` 503 if no table can be added now (cheap: before dealing)."""
        with self._lock:
            self._make_room()

    def add(self, table: Table) -> None:
        """Keep ``table`` (written to the database), old ones dropped first; 503 if full."""
        with self._lock:
            self._make_room()
            self.storage.create(table.row(), table.unsaved)
            table.moves, table.unsaved = len(table.unsaved), []
            self._tables[table.id] = table

    def find(self, table_id: str, token: str) -> Table:
        """The table ``table_id`` if ``token`` is its seat's; loaded from the database if need be.

        Raises:
            ApiError: 404 if there is no such table, 403 for another token.
        """
        with self._lock:
            table = self._tables.get(table_id)
        if table is not None:
            if not table.check_token(token):
                raise _wrong_token()
            return table
        row = self.storage.row(table_id)
        if row is None:
            raise _unknown(table_id)
        if not secrets.compare_digest(token_hash(token), row.token_hash):
            raise _wrong_token()
        return self._load(table_id)

    def get(self, table_id: str) -> Table:
        """The table ``table_id`` (tests and tools); :class:`ApiError` 404 if there is none."""
        with self._lock:
            table = self._tables.get(table_id)
        return table if table is not None else self._load(table_id)

    def _load(self, table_id: str) -> Table:
        """Replay the table from the database, once even if asked from several threads."""
        with self._lock:
            loader = self._loading.setdefault(table_id, threading.Lock())
        try:
            with loader:
                with self._lock:
                    table = self._tables.get(table_id)
                if table is not None:
                    return table
                row = self.storage.row(table_id)
                if row is None:
                    raise _unknown(table_id)
                assert self.make_bot is not None, "the app sets how bots are made"
                kind = row.bot_kind
                make_bot = self.make_bot

                def bot(seed: int) -> Bot:
                    return make_bot(kind, seed)

                table = Table.restore(row, self.storage.record(row), bot)
                if table.unsaved:  # the bots played on at once: keep their moves too
                    self._write(table, table.unsaved)
                with self._lock:
                    self._tables[table_id] = table
                return table
        finally:
            with self._lock:
                self._loading.pop(table_id, None)

    def touch(self, table: Table) -> None:
        """Mark ``table`` as used now (its seat acted or looked)."""
        with self._lock:
            table.touched = self.clock()

    def save(self, table: Table, events: Sequence[Event]) -> list[dict[str, Any]]:
        """Write the moves among ``events`` (hold the table's lock); the events, numbered.

        Raises:
            ApiError: 503 if the database fails: the table is then dropped
                from memory, to be read again from what the database holds.
        """
        self._write(table, _moves_of(events))
        return table.add_events(events)

    def _write(self, table: Table, moves: list[tuple[int, str]]) -> None:
        session = table.session
        try:
            self.storage.append(
                table.id,
                table.moves,
                moves,
                hand=session.match.number,
                over=session.is_over,
                drawn=table.drawn,
                touched=table.touched,
            )
        except StorageError:
            with self._lock:
                self._tables.pop(table.id, None)
            raise ApiError(
                503, "storage_error", "the server could not save the move: try again"
            ) from None
        table.moves += len(moves)
        table.unsaved = []
        table.saved_touched = table.touched

    def remove(self, table_id: str) -> None:
        """Drop the table ``table_id`` (nothing if there is none)."""
        with self._lock:
            self._tables.pop(table_id, None)
            self.storage.delete([table_id])

    def sweep(self) -> int:
        """Drop the expired tables (idle, or finished a while ago); how many were dropped."""
        with self._lock:
            return len(self._expire())

    def _expire(self) -> list[str]:
        now = self.clock()
        # Tables in memory carry their latest use (written here if newer); the others, the one
        # written last.
        used = [table for table in self._tables.values() if table.touched != table.saved_touched]
        if used:
            self.storage.touch((table.id, table.touched) for table in used)
            for table in used:
                table.saved_touched = table.touched
        gone = self.storage.expired(
            idle_before=now - self.idle_seconds, finished_before=now - self.finished_seconds
        )
        for table_id in gone:
            self._tables.pop(table_id, None)
        self.storage.delete(gone)
        return gone

    def _make_room(self) -> None:
        """Drop expired tables; if the store is full, the finished table least recently used."""
        self._expire()
        if self.storage.count() < self.max_tables:
            return
        finished = self.storage.oldest_finished()
        if finished is not None:
            self._tables.pop(finished, None)
            self.storage.delete([finished])
            return
        raise ApiError(
            503,
            "too_many_tables",
            f"the server holds {self.max_tables} matches in progress, its limit: try again later",
        )


def _unknown(table_id: str) -> ApiError:
    return ApiError(404, "unknown_table", f"no table {table_id!r} (it may have expired)")


def _wrong_token() -> ApiError:
    return ApiError(403, "wrong_token", "that token is not a seat's token at this table")


def _sides(session: Session) -> list[list[int]]:
    """The seats of each side the totals are kept for (partnerships: 0+2 and 1+3)."""
    players = session.num_players
    if session.rules.partnerships:
        return [[seat for seat in range(players) if seat % 2 == side] for side in range(2)]
    return [[seat] for seat in range(players)]


def drawn_now(table: Table) -> list[str]:
    """The cards the seat drew from the stock this turn and still holds (the page marks them)."""
    cards, hand = table.drawn
    session, seat = table.session, table.seat
    state = session.state
    if (
        not cards
        or session.is_over
        or hand != session.match.number
        or state.to_move != seat
        or state.phase is not Phase.PLAY
    ):
        return []
    held = Counter(str(card) for card in state.hands[seat])
    shown = []
    for card in cards:
        if held[card] > 0:
            held[card] -= 1
            shown.append(card)
    return shown


def note_draw(table: Table, before: Sequence[Any], events: Sequence[Event]) -> None:
    """After the seat's move: if it drew from the stock, keep which cards (``before``: its hand)."""
    first = events[0] if events else None
    if not isinstance(first, MoveApplied) or not isinstance(first.move, Draw):
        return
    session = table.session
    gained = Counter(map(str, session.state.hands[table.seat])) - Counter(map(str, before))
    table.drawn = (tuple(sorted(gained.elements())), session.match.number)


def seat_state(table: Table) -> dict[str, Any]:
    """What the table's human seat may see now, JSON-ready (hold the table's lock).

    The seat's view, its take depths and whether it may act, the cards it
    just drew, and the public facts of the match: the totals, the last
    finished hands' results, the result of the match, the recent events.
    Nothing about the hidden cards of the other seats, the stock or the seeds.
    """
    session, seat = table.session, table.seat
    match = session.match
    awaiting = seat in session.awaiting
    to_move = session.state.to_move
    result = match.result
    history = match.history[-HISTORY_LENGTH:]
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
        "hands_played": len(match.history),
        "history": [
            {
                "hand": record.number,
                "dealer": record.dealer,
                "scores": list(record.result.scores),
                "went_out": record.result.went_out,
                "reason": record.result.reason.value,
                "totals": list(record.totals),
            }
            for record in history
        ],
        "over": result is not None,
        "result": None
        if result is None
        else {"winner": result.winner, "seats": list(result.seats), "totals": list(result.totals)},
        "view": session.view(seat).to_dict(),
        "take_depths": list(session.take_depths(seat)),
        "drawn": drawn_now(table),
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

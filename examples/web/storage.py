"""The web example's matches on disk: SQLite (Python's ``sqlite3``), through the library's records.

A match is kept as its record (:meth:`rummy500.Session.record`): the record's
head (format, version, rules, players, first dealer, seed) when the table is
created, then every move applied, in notation, one row each, written before
the server answers the request that made it.  Reading a table back builds the
record again and replays it (:meth:`rummy500.Session.from_record`), so a
server stopped at any moment (Ctrl-C, SIGTERM, ``kill -9``) and started again
has every match as it was after the last move it answered.

The database runs in write-ahead-log mode with ``synchronous=NORMAL``: a
committed move survives the server process being killed (it is in the log
before the answer goes out); only a crash of the machine itself may lose the
last moves.  ``":memory:"`` keeps everything in memory (tests).

Beside the record, a table's row holds what the record does not: the seat's
token (hashed), its bots' kind and seeds, when it was last used, and the
card the seat last drew (the page marks it).
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["DEFAULT_DATABASE", "Row", "Storage", "StorageError", "token_hash"]

#: The database file when none is given: in the working directory.
DEFAULT_DATABASE = "rummy500-web.sqlite3"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL,
    seat INTEGER NOT NULL,
    preset TEXT NOT NULL,
    bot_kind TEXT NOT NULL,
    bot_seeds TEXT NOT NULL,
    head TEXT NOT NULL,
    hand INTEGER NOT NULL,
    over INTEGER NOT NULL,
    drawn TEXT NOT NULL,
    touched REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    table_id TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    hand INTEGER NOT NULL,
    move TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"""


class StorageError(Exception):
    """The database failed (full disk, locked file, corrupt row): the server answers 503."""


def token_hash(token: str) -> str:
    """The hash a table's row keeps instead of its seat's token (SHA-256, hex)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class Row:
    """A table as the database holds it, beside its moves.

    Attributes:
        id: The table's id.
        token_hash: The hash of its seat's token (:func:`token_hash`).
        seat: The human seat.
        preset: The name of the rule set's preset.
        bot_kind: The kind of bot at the other seats.
        bot_seeds: Each bot's seed, by seat.
        head: The record without its hands (format, version, rules, players, dealer, seed).
        hand: The number of the hand in progress (the last hand once the match is over).
        over: Whether the match is over.
        drawn: The cards the seat drew last, and the hand it drew them in.
        touched: When the table was last used (the store's clock).
    """

    id: str
    token_hash: str
    seat: int
    preset: str
    bot_kind: str
    bot_seeds: dict[int, int]
    head: dict[str, Any]
    hand: int
    over: bool
    drawn: tuple[tuple[str, ...], int]
    touched: float


class Storage:
    """The matches in one SQLite database; thread-safe (one connection, one lock).

    Args:
        path: The database file, created if missing, or ``":memory:"``.

    The connection opens at the first use, so that making an app does not
    touch the disk; :meth:`close` closes it.
    """

    def __init__(self, path: str | Path = DEFAULT_DATABASE) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None

    # -- the connection ------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            connection = sqlite3.connect(
                self.path, check_same_thread=False, isolation_level=None, timeout=10
            )
            if self.path != ":memory:":
                connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            connection.execute("PRAGMA foreign_keys=ON")
            connection.executescript(_SCHEMA)
            self._connection = connection
        return self._connection

    def close(self) -> None:
        """Close the connection (it opens again at the next use)."""
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def _write(self, statements: Iterable[tuple[str, Sequence[Any]]]) -> None:
        """Run ``statements`` in one transaction: all of them are kept, or none."""
        with self._lock:
            try:
                connection = self._connect()
                connection.execute("BEGIN IMMEDIATE")
                try:
                    for sql, parameters in statements:
                        connection.execute(sql, parameters)
                    connection.execute("COMMIT")
                except BaseException:
                    if connection.in_transaction:  # a failed COMMIT leaves it open
                        connection.execute("ROLLBACK")
                    raise
            except sqlite3.Error as error:
                raise StorageError(f"the database failed: {error}") from error

    def _read(self, sql: str, parameters: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._connect().execute(sql, parameters).fetchall()
            except sqlite3.Error as error:
                raise StorageError(f"the database failed: {error}") from error

    # -- writing ---------------------------------------------------------------

    def create(self, row: Row, moves: Sequence[tuple[int, str]]) -> None:
        """Keep a new table and the moves made at its creation (the bots' first moves)."""
        self._write(
            [
                (
                    "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (
                        row.id,
                        row.token_hash,
                        row.seat,
                        row.preset,
                        row.bot_kind,
                        json.dumps({str(seat): seed for seat, seed in row.bot_seeds.items()}),
                        json.dumps(row.head),
                        row.hand,
                        int(row.over),
                        json.dumps([list(row.drawn[0]), row.drawn[1]]),
                        row.touched,
                    ),
                ),
                *self._inserts(row.id, 0, moves),
            ]
        )

    def append(
        self,
        table_id: str,
        first: int,
        moves: Sequence[tuple[int, str]],
        *,
        hand: int,
        over: bool,
        drawn: tuple[tuple[str, ...], int],
        touched: float,
    ) -> None:
        """Keep the moves a request made (numbered from ``first``) and the table's new facts."""
        update = (
            "UPDATE tables SET hand = ?, over = ?, drawn = ?, touched = ? WHERE id = ?",
            (hand, int(over), json.dumps([list(drawn[0]), drawn[1]]), touched, table_id),
        )
        self._write([*self._inserts(table_id, first, moves), update])

    @staticmethod
    def _inserts(
        table_id: str, first: int, moves: Sequence[tuple[int, str]]
    ) -> list[tuple[str, Sequence[Any]]]:
        return [
            ("INSERT INTO moves VALUES (?, ?, ?, ?)", (table_id, first + index, hand, text))
            for index, (hand, text) in enumerate(moves)
        ]

    def touch(self, uses: Iterable[tuple[str, float]]) -> None:
        """Note when tables were last used: ``(table id, time)`` pairs, in one transaction."""
        sql = "UPDATE tables SET touched = ? WHERE id = ?"
        self._write([(sql, (touched, table_id)) for table_id, touched in uses])

    def delete(self, table_ids: Iterable[str]) -> None:
        """Forget the tables ``table_ids`` and their moves."""
        ids = [(table_id,) for table_id in table_ids]
        self._write([("DELETE FROM tables WHERE id = ?", parameters) for parameters in ids])

    # -- reading ---------------------------------------------------------------

    def count(self) -> int:
        """How many tables the database holds."""
        return int(self._read("SELECT count(*) FROM tables")[0][0])

    def row(self, table_id: str) -> Row | None:
        """The table ``table_id``, or ``None``."""
        found = self._read("SELECT * FROM tables WHERE id = ?", (table_id,))
        if not found:
            return None
        (id_, token, seat, preset, kind, seeds, head, hand, over, drawn, touched) = found[0]
        cards, drawn_hand = json.loads(drawn)
        return Row(
            id=id_,
            token_hash=token,
            seat=seat,
            preset=preset,
            bot_kind=kind,
            bot_seeds={int(seat): seed for seat, seed in json.loads(seeds).items()},
            head=json.loads(head),
            hand=hand,
            over=bool(over),
            drawn=(tuple(cards), drawn_hand),
            touched=touched,
        )

    def record(self, row: Row) -> dict[str, Any]:
        """The record of the table of ``row``, built from its head and its moves."""
        found = self._read(
            "SELECT hand, move FROM moves WHERE table_id = ? ORDER BY seq", (row.id,)
        )
        by_hand: dict[int, list[str]] = {}
        for hand, text in found:
            by_hand.setdefault(hand, []).append(text)
        finished = row.hand if row.over else row.hand - 1
        record = dict(row.head)
        record["hands"] = [{"moves": by_hand.get(number, [])} for number in range(1, finished + 1)]
        if not row.over and by_hand.get(row.hand):
            record["current"] = {"moves": by_hand[row.hand]}
        return record

    def moves_count(self, table_id: str) -> int:
        """How many moves the table's match has had."""
        return int(self._read("SELECT count(*) FROM moves WHERE table_id = ?", (table_id,))[0][0])

    def expired(self, *, idle_before: float, finished_before: float) -> list[str]:
        """The tables unused since ``idle_before``; finished ones, since ``finished_before``."""
        found = self._read(
            "SELECT id FROM tables WHERE touched < ? OR (over = 1 AND touched < ?)",
            (idle_before, finished_before),
        )
        return [table_id for (table_id,) in found]

    def oldest_finished(self) -> str | None:
        """The finished table used least recently, or ``None``."""
        found = self._read("SELECT id FROM tables WHERE over = 1 ORDER BY touched LIMIT 1")
        return found[0][0] if found else None

"""The kiosk's tables on disk: one SQLite row per table (standard library only).

The database runs in WAL mode with ``synchronous=FULL``: when a write returns,
it is on disk, and a power cut or ``kill -9`` after that loses nothing. Each
move is one statement, so it lands whole or not at all; the row keeps the
game's save (:meth:`~pintas.protocol.Game.to_bytes`, checksummed), so a table
reads back exactly as it was, unseeded deals included.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from .tables import Table

__all__ = ["Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id       TEXT PRIMARY KEY,
    spec     TEXT NOT NULL,     -- how it was set up (JSON)
    tokens   TEXT NOT NULL,     -- seat -> SHA-256 of its token (JSON)
    save     BLOB NOT NULL,     -- the game's to_bytes()
    extra    TEXT NOT NULL,     -- ended rounds, timer moves, the clock's deadline (JSON)
    version  INTEGER NOT NULL,  -- moves played
    referee  INTEGER NOT NULL,  -- 1 while the server must act (a computer seat, a clock)
    created  REAL NOT NULL,
    updated  REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_for_the_referee ON tables (referee) WHERE referee = 1;
"""


class Store:
    """The SQLite file of a kiosk. Thread-safe: one connection, one lock."""

    def __init__(self, path: str | Path) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        # autocommit: each statement is its own transaction, committed when it returns
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.execute("PRAGMA busy_timeout=5000")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def insert(self, table: Table, referee: bool) -> None:
        """Keep a new table (on disk when this returns)."""
        now = time.time()
        with self._lock:
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (table.id, json.dumps(table.spec.to_dict()),
                 json.dumps({str(s): d for s, d in table.tokens.items()}),
                 table.game.to_bytes(), json.dumps(table.extra()), table.version,
                 int(referee), now, now))

    def update(self, table: Table, referee: bool, moves: int = 1) -> None:
        """Keep a table's new state, ``moves`` moves on from the one kept (on
        disk when this returns). Refused (sqlite3.DatabaseError, nothing
        written) unless the row is at the version this state grew from, so
        that two copies of one table in memory can never overwrite each
        other's moves."""
        with self._lock:
            cursor = self._db.execute(
                "UPDATE tables SET save = ?, extra = ?, version = ?, referee = ?, updated = ? "
                "WHERE id = ? AND version = ?",
                (table.game.to_bytes(), json.dumps(table.extra()), table.version,
                 int(referee), time.time(), table.id, table.version - moves))
            if cursor.rowcount != 1:
                raise sqlite3.DatabaseError(f"table {table.id!r} is not at version "
                                            f"{table.version - moves} in {self.path}")

    def load(self, id: str) -> Table | None:
        """The table ``id`` as last kept, or None (CorruptStateError if it does not read back)."""
        with self._lock:
            row = self._db.execute("SELECT spec, tokens, save, extra FROM tables WHERE id = ?",
                                   (id,)).fetchone()
        if row is None:
            return None
        spec, tokens, save, extra = row
        return Table.load(id, _json(spec), _json(tokens), bytes(save), _json(extra))

    def referee_ids(self) -> list[str]:
        """The tables the server must act on (computer seats to move, clocks running)."""
        with self._lock:
            rows = self._db.execute("SELECT id FROM tables WHERE referee = 1").fetchall()
        return [row[0] for row in rows]

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM tables").fetchone()[0])


def _json(text: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None

"""The kiosk's tables on disk: one SQLite row per table (standard library only).

The database runs in WAL mode with ``synchronous=FULL``: when a write returns,
it is on disk, and a power cut or ``kill -9`` after that loses nothing. Each
change is one statement, so it lands whole or not at all; the row keeps the
game's save (:meth:`~pintas.protocol.Game.to_bytes`, checksummed), so a table
reads back exactly as it was, unseeded deals included.

What can go wrong with the file, and what the store does about it
(docs/kiosk.md, "Nothing lost"):

- **A damaged row.** Every row carries a BLAKE2b checksum of all its other
  columns, written in the same statement as they are. :meth:`Store.load`
  refuses a row whose checksum, JSON, setup, tokens, extra or version does not
  check with :class:`DamagedRowError` (a :class:`~pintas.errors.CorruptStateError`
  naming the table and what is wrong); every other row reads as before.
- **Damaged pages.** When the store opens a file it runs SQLite's own check;
  a damaged file is moved aside and every row that still reads back and
  checks is copied into a fresh file at the same path (:func:`recover`, which
  ``python -m pintas.kiosk.store repair PATH`` runs by hand).
- **A write that fails** (a full disk, a read-only file, an I/O error) raises
  :class:`NotKeptError` and changes nothing; the next write opens the file
  again, so once the disk is writable again writes succeed.
- **A file of a newer schema** than this code knows is refused
  (:class:`NewerDatabaseError`); older ones are brought up to date in place,
  in one transaction.

A row's columns, checksum and checks are :mod:`pintas.kiosk.rows`', shared with
the PostgreSQL store (:mod:`pintas.kiosk.postgres`); :func:`open_store` opens
either, as ``--db`` says.
"""

from __future__ import annotations

import argparse
import logging
import os
import shutil
import sqlite3
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from ..errors import CorruptStateError
from .postgres import PostgresStore, is_postgres_url
from .rows import (
    COLUMNS,
    DATABASE_FAILURES,
    Damage,
    DamagedRowError,
    NewerDatabaseError,
    NotKeptError,
    Quota,
    StaleVersionError,
    TableStore,
    check_quota,
    checked_table,
    find_damaged,
    moved_row,
    new_row,
    plain_text,
    row_checksum,
    row_values,
    table_of,
)
from .tables import Table

__all__ = ["COLUMNS", "SCHEMA_VERSION", "DamagedRowError", "NewerDatabaseError",
           "NotADatabaseError", "NotKeptError", "Recovery", "StaleVersionError", "Store",
           "TableStore", "check", "open_store", "recover", "row_checksum"]

#: The schema this code writes (``PRAGMA user_version``). 0 is the first
#: kiosk's, without checksums; 1 adds ``client``, ``over``, ``checksum`` and
#: the ``lost`` table.
SCHEMA_VERSION = 1

_log = logging.getLogger("pintas.kiosk")

_TABLES = """
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
"""
#: Version 1 besides version 0's ``tables``: as ALTER TABLE adds them, so that
#: a migrated file and a new one have the same columns in the same order.
_NEW_COLUMNS = (
    "client   TEXT NOT NULL DEFAULT ''",    # who created it (an address)
    "over     INTEGER NOT NULL DEFAULT 0",  # 1 once the game is over
    "checksum BLOB NOT NULL DEFAULT x''",   # row_checksum() of the columns of COLUMNS
)
_SCHEMA_1 = """
CREATE TABLE IF NOT EXISTS lost (  -- tables a repair could not keep, answered as damaged
    id      TEXT PRIMARY KEY,
    reason  TEXT NOT NULL,
    at      REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_for_the_referee ON tables (referee) WHERE referee = 1;
CREATE INDEX IF NOT EXISTS tables_live ON tables (client) WHERE over = 0;
CREATE INDEX IF NOT EXISTS tables_by_updated ON tables (updated);
"""
_CREATE_1 = _TABLES + "".join(f",\n    {c}" for c in _NEW_COLUMNS) + "\n);\n" + _SCHEMA_1

#: The columns of a row of schema 0, and of schema 1 with its checksum.
_COLUMNS_0 = COLUMNS[:7] + COLUMNS[9:]
_COLUMNS_1 = (*COLUMNS, "checksum")
_TEXT_COLUMNS = ("id", "spec", "tokens", "extra", "client")

#: The row as :meth:`Store.load` reads it: text columns as bytes (a damaged one
#: need not be UTF-8), then the checksum.
_SELECT = "SELECT " + ", ".join(COLUMNS) + ", checksum FROM tables"


def _hashed(column: str) -> str:
    """A column as the checksum sees it in SQL: text as its bytes (the function
    would otherwise be handed text that may not be UTF-8), anything else as is."""
    return f"CASE typeof({column}) WHEN 'text' THEN CAST({column} AS BLOB) ELSE {column} END"


_STORED_CHECKSUM = "pintas_row_checksum(" + ", ".join(_hashed(c) for c in COLUMNS) + ")"
_NEW_CHECKSUM = "pintas_row_checksum(" + ", ".join(
    f":{c}" if c in ("save", "extra", "version", "referee", "over", "updated") else _hashed(c)
    for c in COLUMNS) + ")"
#: A move kept: only on the row at the version it grew from, and only if that
#: row still checks (so a damaged row is never given a checksum that blesses it).
_UPDATE = (f"UPDATE tables SET save = :save, extra = :extra, version = :version, "
           f"referee = :referee, over = :over, updated = :updated, checksum = {_NEW_CHECKSUM} "
           f"WHERE id = :id AND version = :moved_from AND checksum = {_STORED_CHECKSUM}")

_SQLITE_HEADER = b"SQLite format 3\x00"
#: SQLite's primary result codes that mean the file's pages are damaged.
_CORRUPT_CODES = {11, 26}  # SQLITE_CORRUPT, SQLITE_NOTADB

T = TypeVar("T")



class NotADatabaseError(CorruptStateError):
    """A file that does not even begin as an SQLite database: it may not be a
    kiosk's file at all, so it is left as it is."""


# ---- SQLite ---------------------------------------------------------------------------------


def _is_corrupt(error: sqlite3.Error) -> bool:
    code = getattr(error, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in _CORRUPT_CODES
    text = str(error)
    return "malformed" in text or "not a database" in text


def _connect(path: str, readonly: bool = False) -> sqlite3.Connection:
    """A connection to the kiosk file ``path`` as the store uses it."""
    if readonly:
        uri = "file:" + urllib.parse.quote(os.path.abspath(path)) + "?mode=ro"
        db = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
    else:
        # autocommit: each statement is its own transaction, committed when it returns
        db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
    try:
        db.text_factory = bytes  # a damaged text column need not be UTF-8
        db.create_function("pintas_row_checksum", len(COLUMNS), row_checksum,
                           deterministic=True)
        db.execute("PRAGMA busy_timeout=5000")
        db.execute("PRAGMA cell_size_check=ON")  # damaged pages found sooner
        if not readonly:
            db.execute("PRAGMA synchronous=FULL")
            db.execute("PRAGMA secure_delete=ON")  # no stale rows in free pages
    except BaseException:
        db.close()
        raise
    return db


def _wal(db: sqlite3.Connection) -> None:
    # a read-only or full file may not take it: its writes then fail, and are retried
    try:
        db.execute("PRAGMA journal_mode=WAL")
    except sqlite3.Error as error:
        _log.error("the database could not be put in WAL mode now: %s", error)


def _run_script(db: sqlite3.Connection, script: str) -> None:
    """Each statement of ``script``, in the caller's transaction (executescript
    would commit it first)."""
    for statement in script.split(";\n"):
        if statement.strip():
            db.execute(statement)


def _match_modes(path: str) -> None:
    """Give the file's -wal and -shm its own permissions, as SQLite does when it
    makes them: made while the file was read-only, they would keep it from
    being written once it is writable again."""
    try:
        mode = os.stat(path).st_mode & 0o777
    except OSError:
        return
    for suffix in ("-wal", "-shm"):
        try:
            if os.stat(path + suffix).st_mode & 0o777 != mode:
                os.chmod(path + suffix, mode)
        except OSError:  # not there, or not ours: SQLite says what it can do
            pass


def _user_version(db: sqlite3.Connection) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def _has_tables(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'tables'"
                      ).fetchone() is not None


def _check_pages(db: sqlite3.Connection, thorough: bool = False) -> list[str]:
    """What SQLite's own check says is wrong with the file's pages ([] if nothing)."""
    pragma = "integrity_check" if thorough else "quick_check"
    try:
        lines = [line for row in db.execute(f"PRAGMA {pragma}(20)")
                 for line in plain_text(row[0]).splitlines()]
    except sqlite3.DatabaseError as error:
        return [f"{pragma}: {error}"]
    lines = [line for line in lines if line.strip() and not line.startswith("*** in database")]
    return [] if lines == ["ok"] else [f"{pragma}: {line}" for line in lines]


def _refuse_other_files(path: str) -> None:
    try:
        with open(path, "rb") as file:
            head = file.read(len(_SQLITE_HEADER))
    except FileNotFoundError:
        return
    except OSError as error:
        raise NotADatabaseError(f"{path} cannot be read: {error}") from None
    if head and head != _SQLITE_HEADER:
        raise NotADatabaseError(
            f"{path} is not an SQLite database (it begins {head[:16]!r}): it is left as it "
            "is; give another --db, or move it away to start with an empty kiosk")


# ---- the store ------------------------------------------------------------------------------


class Store:
    """The SQLite file of a kiosk. Thread-safe: one connection, one lock.

    Opening it checks the file and repairs it if its pages are damaged
    (:func:`recover`; what was done is :attr:`recovery`), brings an older
    schema up to date, and reads every row's checksum, logging each row that
    does not check (:attr:`damaged`). The check is SQLite's
    ``integrity_check`` (a few milliseconds for a kiosk's file of a few
    megabytes, 0.2 s for 50 MB); ``thorough=False`` runs its ``quick_check``.
    """

    def __init__(self, path: str | Path, *, thorough: bool = True) -> None:
        self.path = str(path)
        self._lock = threading.Lock()
        #: What the repair at opening did, if the file's pages were damaged.
        self.recovery: Recovery | None = None
        #: Tables whose rows do not check, found when the file was opened
        #: (id -> what is wrong), including rows whose id column is damaged.
        self.damaged: dict[str, str] = {}
        self._suspect = False  # a call failed: open the file again before the next write
        self._said_damaged = False  # damaged pages found while open, and logged
        _refuse_other_files(self.path)
        db = _connect(self.path)
        try:
            schema = _user_version(db)
            if schema > SCHEMA_VERSION:
                raise NewerDatabaseError(
                    f"{self.path} is a kiosk database of schema version {schema}, written by "
                    f"a newer pintas; this one knows versions up to {SCHEMA_VERSION}: "
                    "upgrade pintas (the file is left as it is)")
            problems = _check_pages(db, thorough) if os.path.getsize(self.path) else []
            if problems:
                db.close()
                self.recovery = recover(self.path, problems)
                db = _connect(self.path)
            _wal(db)
            self._db = db
            self._migrate()
        except BaseException:
            db.close()
            raise
        self._find_damaged_rows()

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def join_servers(self) -> bool:
        """One server at a time serves a file: this one."""
        return True

    def jobs(self, worker: str) -> None:
        """None: the server's referee keeps its timetable in memory."""
        return None

    def listen(self, heard: Callable[[str], None]) -> None:
        """None: no other server writes the file, there is nothing to hear."""
        return None

    def shared(self) -> None:
        """None: no other server writes the file, there is nothing to share."""
        return None

    # -- opening ---------------------------------------------------------------------------

    def _migrate(self) -> None:
        """Bring the file to :data:`SCHEMA_VERSION`, in one transaction."""
        db = self._db
        schema = _user_version(db)
        if schema == SCHEMA_VERSION:
            if db.execute("SELECT count(*) FROM sqlite_master WHERE name IN ('lost', "
                          "'tables_live', 'tables_by_updated')").fetchone()[0] != 3:
                _run_script(db, _SCHEMA_1)
            return
        try:
            db.execute("BEGIN IMMEDIATE")
            if not _has_tables(db):
                _run_script(db, _CREATE_1)
            else:
                _migrate_0_to_1(db)
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException as error:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise NotKeptError(f"{self.path} could not be brought to schema version "
                                   f"{SCHEMA_VERSION} ({error}): nothing was changed; it "
                                   "needs to be writable, and room on its disk") from None
            raise

    def _find_damaged_rows(self) -> None:
        """Read every row's checksum; log those that do not check, and remember
        the id each damaged one answers to."""
        try:
            rows = [row for _, row in _readable_rows(self._db, _COLUMNS_1)]
        except sqlite3.Error as error:  # (the pages checked: this is not expected)
            _log.error("could not read the rows of %s to check them: %s", self.path, error)
            return
        find_damaged(rows, self.path, self.damaged)

    def _reopen(self) -> None:
        """A new connection to the file, before the next write after one that
        failed: whatever state the failure left the old one in (a file opened
        read-only, an I/O error), the next write starts afresh. The new one
        opens before the old closes, so that the old is never the file's last
        connection (whose closing would checkpoint, and remove the -shm that
        a full disk may not let the new one make again); if it cannot open,
        the old one stays for reads and the next write tries again."""
        _match_modes(self.path)
        try:
            fresh = _connect(self.path)
            _wal(fresh)
        except sqlite3.Error as error:
            raise NotKeptError(f"the database {self.path} cannot be opened now: {error}"
                               ) from None
        old, self._db = self._db, fresh
        self._suspect = False
        try:
            old.close()
        except sqlite3.Error:
            pass

    def _write(self, id: str | None, write: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``write`` (its lock held); a failure raises NotKeptError (nothing
        written), or DamagedRowError if the pages it touched are damaged."""
        with self._lock:
            if self._suspect:
                self._reopen()
            db = self._db
            try:
                return write(db)
            except DATABASE_FAILURES as error:  # (a write may refuse by NotKeptError itself)
                if db.in_transaction:
                    try:
                        db.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                if not isinstance(error, sqlite3.Error):
                    raise
                if _is_corrupt(error) and id is not None and _row_checks(db, id):
                    # the damage is on a page the change had to touch (SQLite
                    # rebalances a row's page with its neighbours), not in its row
                    self._say_damaged(error)
                    raise NotKeptError(f"the database {self.path} is damaged where this change "
                                       f"had to be written ({error}), though table {id!r} is "
                                       "sound: it is repaired when the server starts again"
                                       ) from None
                raise self._failed(error, id, "kept") from None

    def _read(self, id: str | None, read: Callable[[sqlite3.Connection], T]) -> T:
        with self._lock:
            try:
                return read(self._db)
            except sqlite3.Error as error:
                raise self._failed(error, id, "read") from None

    def _failed(self, error: sqlite3.Error, id: str | None, what: str) -> Exception:
        if _is_corrupt(error):
            self._say_damaged(error)
            if id is not None:
                return DamagedRowError(id, f"the database pages holding it are damaged "
                                           f"({error}); the file is repaired when the "
                                           "server starts again")
            return NotKeptError(f"the database {self.path} is damaged ({error}): it is "
                                "repaired when the server starts again")
        self._suspect = True
        return NotKeptError(f"the database {self.path} could not be {what} ({error})")

    def _say_damaged(self, error: sqlite3.Error) -> None:
        if not self._said_damaged:  # once: each table it costs is logged by its id
            self._said_damaged = True
            _log.error("the database %s is damaged (%s): restart the server to repair it",
                       self.path, error)

    # -- writing ---------------------------------------------------------------------------

    def insert(self, table: Table, referee: bool, client: str = "",
               quota: Quota | None = None) -> None:
        """Keep a new table (on disk when this returns); ``client``: who made it
        (an address), for :meth:`live_count`; ``quota``: QuotaError, with
        nothing written, if ``client`` or the file has that many unfinished
        tables (counted under the store's lock). NotKeptError if it cannot be kept."""
        values = new_row(table, referee, client)

        def write(db: sqlite3.Connection) -> None:
            if quota is not None:
                mine, everyone = db.execute(
                    "SELECT count(*) FILTER (WHERE client = ?), count(*) FROM tables "
                    "WHERE over = 0", (client,)).fetchone()
                check_quota(client, int(mine), int(everyone), quota)
            db.execute(f"INSERT INTO tables ({', '.join(COLUMNS)}, checksum) "
                       f"VALUES ({', '.join(':' + c for c in COLUMNS)}, :checksum)", values)

        self._write(table.id, write)
        table.kept_revision = table.revision

    def update(self, table: Table, referee: bool, moves: int = 1) -> None:
        """Keep a table's new state, ``moves`` moves on from the one kept (on
        disk when this returns). Refused, with nothing written, unless the row
        is at the version this state grew from (StaleVersionError: two copies
        of one table in memory can never overwrite each other's moves), and
        unless the row still checks (DamagedRowError); NotKeptError if the
        database cannot keep it."""
        values = moved_row(table, referee, moves)

        def write(db: sqlite3.Connection) -> None:
            if db.execute(_UPDATE, values).rowcount != 1:
                self._refused(db, table.id, table.version - moves)

        self._write(table.id, write)

    def _refused(self, db: sqlite3.Connection, id: str, version: int) -> None:
        """Why an update changed no row: the row is damaged, gone, or moved on."""
        row = db.execute(_SELECT + " WHERE id = ?", (id,)).fetchone()
        if row is None:
            reason = self._lost(db, id)
            if reason is not None:
                raise DamagedRowError(id, reason)
            raise StaleVersionError(f"table {id!r} is no longer in {self.path}")
        checked_table(row, id)
        raise StaleVersionError(f"table {id!r} is at version {row[5]} in {self.path}, not "
                                f"{version}: it was moved on meanwhile")

    def delete(self, id: str) -> bool:
        """Forget the table ``id``; whether there was one."""
        def write(db: sqlite3.Connection) -> bool:
            db.execute("BEGIN IMMEDIATE")
            gone = db.execute("DELETE FROM tables WHERE id = ?", (id,)).rowcount
            gone += db.execute("DELETE FROM lost WHERE id = ?", (id,)).rowcount
            db.execute("COMMIT")
            return gone > 0

        deleted = self._write(None, write)
        self.damaged.pop(id, None)
        return deleted

    def expire(self, before: float) -> list[str]:
        """Delete the tables last changed before ``before`` (seconds since the
        epoch), and the record of tables lost in a repair before then; the
        deleted tables' ids."""
        def write(db: sqlite3.Connection) -> list[str]:
            db.execute("BEGIN IMMEDIATE")
            ids = [plain_text(r[0]) for r in
                   db.execute("SELECT id FROM tables WHERE updated < ?", (before,))]
            db.execute("DELETE FROM tables WHERE updated < ?", (before,))
            db.execute("DELETE FROM lost WHERE at < ?", (before,))
            db.execute("COMMIT")
            return ids

        ids = self._write(None, write)
        for id in ids:
            self.damaged.pop(id, None)
        return ids

    # -- reading ---------------------------------------------------------------------------

    def load(self, id: str) -> Table | None:
        """The table ``id`` as last kept, or None if there is none.
        DamagedRowError if its row does not check (or was lost in a repair);
        NotKeptError if the database cannot be read now."""
        def read(db: sqlite3.Connection) -> tuple[Any, str | None]:
            row = db.execute(_SELECT + " WHERE id = ?", (id,)).fetchone()
            return row, None if row is not None else self._lost(db, id)

        row, lost = self._read(id, read)
        if row is None:
            reason = lost or self.damaged.get(id)
            if reason is not None:
                raise DamagedRowError(id, reason)
            return None
        return checked_table(row, id)

    def _lost(self, db: sqlite3.Connection, id: str) -> str | None:
        row = db.execute("SELECT reason FROM lost WHERE id = ?", (id,)).fetchone()
        return None if row is None else plain_text(row[0])

    def referee_ids(self) -> list[str]:
        """The tables the server must act on (computer seats to move, clocks
        running). A damaged row may be among them: loading it says so."""
        def read(db: sqlite3.Connection) -> list[str]:
            ids: list[str] = []
            try:
                for row in db.execute("SELECT id FROM tables WHERE referee = 1"):
                    ids.append(plain_text(row[0]))
            except sqlite3.DatabaseError as error:
                if not _is_corrupt(error):
                    raise
                _log.error("the database %s is damaged (%s): the referee acts on the "
                           "%d tables read before the damage; restart the server to repair "
                           "it", self.path, error, len(ids))
            return ids

        return self._read(None, read)

    def count(self) -> int:
        """How many tables the file holds."""
        return self._count("SELECT count(*) FROM tables", ())

    def live_count(self, client: str | None = None) -> int:
        """How many unfinished tables the file holds: all of them, or those
        ``client`` made."""
        if client is None:
            return self._count("SELECT count(*) FROM tables WHERE over = 0", ())
        return self._count("SELECT count(*) FROM tables WHERE over = 0 AND client = ?",
                           (client,))

    def _count(self, query: str, parameters: tuple[Any, ...]) -> int:
        def read(db: sqlite3.Connection) -> int:
            try:
                return int(db.execute(query, parameters).fetchone()[0])
            except sqlite3.DatabaseError as error:
                if not _is_corrupt(error):
                    raise
                # an index damaged while running: count from the table itself
                where = query.partition(" FROM tables")[2]
                return int(db.execute("SELECT count(*) FROM tables NOT INDEXED" + where,
                                      parameters).fetchone()[0])

        return self._read(None, read)


def _row_checks(db: sqlite3.Connection, id: str) -> bool:
    """Whether table ``id``'s row reads back and checks."""
    try:
        row = db.execute(_SELECT + " WHERE id = ?", (id,)).fetchone()
        if row is None:
            return False
        table_of(row_values(row), row[-1], id)
    except (sqlite3.Error, Damage):
        return False
    return True



def _migrate_0_to_1(db: sqlite3.Connection) -> None:
    """Schema 0 to 1, in the caller's transaction: the new columns, the ``lost``
    table, the indexes; each row's ``over`` and checksum. A row that does not
    read back keeps an empty checksum: it stays refused, as it was."""
    for column in _NEW_COLUMNS:
        db.execute(f"ALTER TABLE tables ADD COLUMN {column}")
    _run_script(db, _SCHEMA_1)
    rows = list(_readable_rows(db, _COLUMNS_0))
    for rowid, row in rows:
        values = dict(zip(_COLUMNS_0, row, strict=True), client=b"", over=0)
        try:
            table = table_of(values, None)
        except Damage as damage:
            _log.error("table %r does not read back (%s): it stays refused",
                       plain_text(values["id"]), damage)
            continue
        values["over"] = int(table.game.is_over)
        db.execute("UPDATE tables SET over = ?, checksum = ? WHERE rowid = ?",
                   (values["over"], row_checksum(*(values[c] for c in COLUMNS)), rowid))


def _readable_rows(db: sqlite3.Connection, columns: Sequence[str]
                   ) -> Iterator[tuple[int, tuple[Any, ...]]]:
    """Every row's rowid and ``columns``, by a scan of the table."""
    for row in db.execute(f"SELECT rowid, {', '.join(columns)} FROM tables NOT INDEXED"):
        yield int(row[0]), tuple(row[1:])


# ---- repairing a damaged file -----------------------------------------------------------------


@dataclass
class Recovery:
    """What :func:`recover` did."""

    #: The database file, repaired.
    path: str
    #: Where the damaged file is now (its -wal and -shm beside it).
    aside: str
    #: What the check found wrong with the pages (its first lines).
    problems: list[str]
    #: Tables copied into the repaired file.
    kept: int = 0
    #: Ids of the tables that could not be kept, when they could be read.
    lost: list[str] = field(default_factory=list)
    #: How the rows were found: each way tried and what it gave.
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0

    def summary(self) -> str:
        more = len(self.problems) - 3
        lines = [f"the database {self.path} was damaged: " + "; ".join(self.problems[:3])
                 + (f"; and {more} more" if more > 0 else ""),
                 f"moved the damaged file to {self.aside}",
                 f"kept {self.kept} table(s) in a new {self.path}; "
                 + (f"lost {len(self.lost)}: {', '.join(self.lost)}" if self.lost
                    else "lost none that could be named"),
                 "rows found: " + "; ".join(self.notes),
                 f"repaired in {self.seconds:.2f} s"]
        return "\n  ".join(lines)


def recover(path: str | Path, problems: Sequence[str] = (),
            now: float | None = None) -> Recovery:
    """Repair the kiosk database ``path`` (with no server using it): copy every
    row that still reads back and checks into a new file, which then takes the
    old one's place; the damaged file is moved aside to
    ``<path>.damaged-<UTC time>`` (with its -wal and -shm), never deleted.

    Rows are looked for every way SQLite can still reach them: a scan of the
    table, each row by its rowid, the rowids and ids of every index, and if
    the table's b-tree is damaged, each of its leaf pages read on its own (in
    a copy), so that a damaged page loses only the rows it holds. A table
    found more than once is kept at its latest version. The ids of tables
    that could not be kept are recorded in the new file (their requests are
    answered as damaged tables) and in :attr:`Recovery.lost`. Logs what it did.
    """
    path = str(path)
    started = time.monotonic()
    now = time.time() if now is None else now
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime(now))
    aside = f"{path}.damaged-{stamp}"
    number = 1
    while any(os.path.exists(aside + s) for s in ("", "-wal", "-shm")):
        number += 1
        aside = f"{path}.damaged-{stamp}-{number}"
    report = Recovery(path, aside, list(problems) or ["(repair asked for)"])
    found = _salvage(path, report.notes)
    kept: dict[str, tuple[Any, ...]] = {}
    named = set(found.ids)
    for values, checksum, trusted in found.rows:
        try:
            table = table_of(values, checksum)
        except Damage:
            id = plain_text(values["id"])
            if trusted or id in found.ids:  # (a leaf read on its own may be another b-tree's)
                named.add(id)
            continue
        values = dict(values)
        if checksum is None:  # a row of schema 0: give it what schema 1 adds
            values["over"] = int(table.game.is_over)
            checksum = row_checksum(*(values[c] for c in COLUMNS))
        row = (*(values[c] for c in COLUMNS), checksum)
        old = kept.get(table.id)
        if old is None or (old[5], old[10]) < (row[5], row[10]):
            kept[table.id] = row
    report.lost = sorted(named - set(kept))
    report.kept = len(kept)
    reason = f"it was lost when the damaged database was repaired at {stamp}"
    lost = [(id, reason, now) for id in report.lost]
    lost += [entry for entry in found.lost if entry[0] not in kept and entry[0] not in named]
    fresh = path + ".repairing"
    for suffix in ("", "-wal", "-shm", "-journal"):
        if os.path.exists(fresh + suffix):
            os.remove(fresh + suffix)
    _write_fresh(fresh, list(kept.values()), lost)
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.replace(path + suffix, aside + suffix)
    os.replace(fresh, path)
    _sync_directory(path)
    report.seconds = time.monotonic() - started
    _log.error("%s", report.summary())
    return report


@dataclass
class _Found:
    #: Rows read: their columns of COLUMNS (schema 0's filled in), checksum
    #: (None for schema 0), and whether they were read through the table's own
    #: b-tree (not from a leaf page read on its own).
    rows: list[tuple[dict[str, Any], bytes | None, bool]] = field(default_factory=list)
    #: Ids the id index names.
    ids: set[str] = field(default_factory=set)
    #: Entries of the damaged file's own ``lost`` table.
    lost: list[tuple[str, str, float]] = field(default_factory=list)


def _salvage(path: str, notes: list[str]) -> _Found:
    """Every row of the damaged file ``path`` that can be read, every way."""
    found = _Found()
    try:
        db = _connect(path, readonly=True)
    except sqlite3.Error as error:
        notes.append(f"the file does not open ({error})")
        return found
    try:
        try:
            columns = [plain_text(r[1]) for r in db.execute("PRAGMA table_info(tables)")]
        except sqlite3.Error as error:
            notes.append(f"its schema does not read ({error})")
            return found
        if "id" not in columns:
            notes.append("it has no table of tables")
            return found
        schema_1 = "checksum" in columns
        wanted = _COLUMNS_1 if schema_1 else _COLUMNS_0
        read: set[int] = set()

        def take(row: Sequence[Any], trusted: bool = True) -> None:
            if trusted:
                if int(row[0]) in read:
                    return
                read.add(int(row[0]))
            values = dict(zip(wanted, row[1:], strict=True))
            checksum = values.pop("checksum", None)
            if not schema_1:
                values.update(client=b"", over=0)
            found.rows.append((values, checksum if isinstance(checksum, bytes) or not schema_1
                               else b"", trusted))

        select = f"SELECT rowid, {', '.join(wanted)} FROM tables"
        scanned = _scan(db, select + " NOT INDEXED", (), take)
        notes.append(f"a scan of the table read {len(read)} row(s)"
                     + ("" if scanned is None else f" before its damage ({scanned})"))
        ids: dict[str, int] = {}
        indexed = _index_ids(db, ids)
        found.ids = set(ids)
        notes.append(f"the id index named {len(ids)} table(s)"
                     + ("" if indexed is None else f" around its damage ({indexed})"))
        if scanned is not None:  # the table's b-tree is damaged: try every rowid known
            others: set[int] = set()
            for index, where in (("tables_by_updated", ""),
                                 ("tables_for_the_referee", " WHERE referee = 1"),
                                 ("tables_live", " WHERE over = 0")):
                if _has_index(db, index):
                    _scan(db, f"SELECT rowid FROM tables INDEXED BY {index}{where}", (),
                          lambda r: others.add(int(r[0])))
            before = len(read)
            known = set(ids.values()) | others | read
            top = max(known, default=0) + 256
            failed = 0
            for rowid in sorted(known | set(range(1, top + 1))):
                if rowid not in read and \
                        _scan(db, select + " WHERE rowid = ?", (rowid,), take) is not None:
                    failed += 1
            notes.append(f"rowid by rowid (1..{top}) read {len(read) - before} more, "
                         f"{failed} could not be reached")
            notes.append(_leaf_rows(path, select, lambda row: take(row, trusted=False)))
        try:
            found.lost = [(plain_text(i), plain_text(r), float(a))
                          for i, r, a in db.execute("SELECT id, reason, at FROM lost")]
        except (sqlite3.Error, ValueError, TypeError):
            pass
    finally:
        db.close()
    return found


def _scan(db: sqlite3.Connection, query: str, parameters: tuple[Any, ...],
          each: Callable[[Sequence[Any]], None]) -> str | None:
    """Run ``query``, giving ``each`` every row until the end or an error;
    the error (None if it ran to the end)."""
    try:
        for row in db.execute(query, parameters):
            each(row)
    except sqlite3.Error as error:
        return str(error)
    return None


def _has_index(db: sqlite3.Connection, name: str) -> bool:
    try:
        return db.execute("SELECT 1 FROM sqlite_master WHERE type = 'index' AND name = ?",
                          (name,)).fetchone() is not None
    except sqlite3.Error:
        return False


def _index_ids(db: sqlite3.Connection, ids: dict[str, int]) -> str | None:
    """The ids and rowids the id index holds (into ``ids``), reading on past a
    damaged page by seeking from every two hex digits an id may begin with."""
    index = db.execute("SELECT name FROM sqlite_master WHERE type = 'index' AND "
                       "tbl_name = 'tables' AND sql IS NULL").fetchone()
    if index is None:
        return "it has none"
    query = (f"SELECT id, rowid FROM tables INDEXED BY {plain_text(index[0])} "
             "WHERE id >= ? ORDER BY id")
    first_error: str | None = None
    last = ""
    for start in [""] + [f"{n:02x}" for n in range(256)] + ["g"]:
        if start and start <= last:
            continue

        def each(row: Sequence[Any]) -> None:
            nonlocal last
            id = plain_text(row[0])
            ids.setdefault(id, int(row[1]))
            last = max(last, id)

        error = _scan(db, query, (start,), each)
        first_error = first_error or error
    return first_error


def _leaf_rows(path: str, select: str, take: Callable[[Sequence[Any]], None]) -> str:
    """Read each leaf page of a table b-tree in (a copy of) the file on its own,
    as if it were the root of ``tables``, with ``select``: the rows under a
    damaged interior page are found this way. Free pages are skipped (they
    may hold rows of an older version)."""
    found = 0
    with tempfile.TemporaryDirectory(prefix="pintas-repair-") as work:
        copy = os.path.join(work, "copy.db")
        shutil.copyfile(path, copy)
        if os.path.exists(path + "-wal"):
            shutil.copyfile(path + "-wal", copy + "-wal")
        try:
            db = sqlite3.connect(copy, isolation_level=None)
            try:
                db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                db.execute("PRAGMA journal_mode=DELETE")
            finally:
                db.close()
        except sqlite3.Error as error:
            return f"its leaf pages could not be read on their own ({error})"
        with open(copy, "rb") as file:
            data = file.read()
        size = int.from_bytes(data[16:18], "big")
        size = 65536 if size == 1 else size
        if size < 512 or size & (size - 1):
            return "its leaf pages could not be found (the page size is damaged)"
        pages = len(data) // size
        free = _free_pages(data, size, pages)
        leaves = [n for n in range(2, pages + 1)
                  if n not in free and data[(n - 1) * size] == 0x0D]

        def each(row: Sequence[Any]) -> None:
            nonlocal found
            found += 1
            take(row)

        for page in leaves:
            try:
                db = sqlite3.connect(copy, isolation_level=None)
                try:
                    db.execute("PRAGMA journal_mode=OFF")
                    db.execute("PRAGMA synchronous=OFF")
                    db.execute("PRAGMA writable_schema=ON")
                    db.execute("UPDATE sqlite_master SET rootpage = ? WHERE type = 'table' "
                               "AND name = 'tables'", (page,))
                finally:
                    db.close()
                db = _connect(copy, readonly=True)
            except sqlite3.Error as error:
                return f"its leaf pages could not be read on their own ({error})"
            try:
                _scan(db, select + " NOT INDEXED", (), each)
            finally:
                db.close()
    return f"{len(leaves)} leaf page(s) read on their own held {found} row(s)"


def _free_pages(data: bytes, size: int, pages: int) -> set[int]:
    """The pages of the file's free list (as far as it can be read)."""
    free: set[int] = set()
    trunk = int.from_bytes(data[32:36], "big")
    total = int.from_bytes(data[36:40], "big")
    while 1 < trunk <= pages and trunk not in free and len(free) <= total:
        free.add(trunk)
        at = (trunk - 1) * size
        count = int.from_bytes(data[at + 4:at + 8], "big")
        for i in range(min(count, size // 4 - 2)):
            leaf = int.from_bytes(data[at + 8 + 4 * i:at + 12 + 4 * i], "big")
            if 1 < leaf <= pages:
                free.add(leaf)
        trunk = int.from_bytes(data[at:at + 4], "big")
    return free


def _write_fresh(path: str, rows: Iterable[tuple[Any, ...]],
                 lost: Iterable[tuple[str, str, float]]) -> None:
    """A new kiosk file at ``path`` holding ``rows`` (as read) and ``lost``."""
    db = _connect(path)
    try:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("BEGIN IMMEDIATE")
        _run_script(db, _CREATE_1)
        db.executemany(f"INSERT INTO tables ({', '.join(COLUMNS)}, checksum) "
                       f"VALUES ({', '.join('?' * (len(COLUMNS) + 1))})",
                       [(*(plain_text(v) if c in _TEXT_COLUMNS else v
                           for c, v in zip(COLUMNS, row[:-1], strict=True)), row[-1])
                        for row in rows])
        db.executemany("INSERT OR REPLACE INTO lost (id, reason, at) VALUES (?, ?, ?)", lost)
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()


def _sync_directory(path: str) -> None:
    try:
        fd = os.open(os.path.dirname(os.path.abspath(path)), os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# ---- checking without changing ----------------------------------------------------------------


def check(path: str | Path, thorough: bool = True) -> list[str]:
    """What is wrong with the kiosk database ``path``, without changing it: its
    pages (SQLite's ``integrity_check``, or ``quick_check`` without
    ``thorough``), and each row that does not check. [] if nothing."""
    path = str(path)
    _refuse_other_files(path)
    db = _connect(path, readonly=True)
    try:
        schema = _user_version(db)
        if schema > SCHEMA_VERSION:
            return [f"schema version {schema} is newer than this pintas knows "
                    f"({SCHEMA_VERSION})"]
        problems = _check_pages(db, thorough)
        if problems or not _has_tables(db):
            return problems
        names = _COLUMNS_1 if schema else _COLUMNS_0
        try:
            for _, row in _readable_rows(db, names):
                values = dict(zip(names, row, strict=True))
                checksum = values.pop("checksum", None)
                if not schema:
                    values.update(client=b"", over=0)
                try:
                    table_of(values, checksum)
                except Damage as damage:
                    problems.append(f"table {plain_text(values['id'])!r}: {damage}")
        except sqlite3.Error as error:
            problems.append(f"the rows do not read: {error}")
        return problems
    finally:
        db.close()


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m pintas.kiosk.store check|repair PATH``, with no server running."""
    parser = argparse.ArgumentParser(
        prog="python -m pintas.kiosk.store",
        description="Check or repair a kiosk's database (stop its server first).")
    parser.add_argument("action", choices=("check", "repair"),
                        help="check: say what is wrong, change nothing; repair: move a "
                             "damaged file aside and keep every table that still checks")
    parser.add_argument("path", help="the kiosk's database (its --db)")
    parser.add_argument("--force", action="store_true",
                        help="repair even if the pages check (drops the rows that do not)")
    args = parser.parse_args(argv)
    logging.basicConfig(format="%(message)s", level=logging.WARNING)
    if not os.path.exists(args.path):
        print(f"{args.path}: no such file", file=sys.stderr)
        return 2
    try:
        problems = check(args.path)
    except CorruptStateError as error:
        print(error, file=sys.stderr)
        return 2
    for problem in problems:
        print(problem)
    if args.action == "check":
        print(f"{args.path}: " + ("no damage found" if not problems
                                  else f"{len(problems)} problem(s)"))
        return 1 if problems else 0
    pages = [p for p in problems if not p.startswith("table ")]
    if pages or args.force:
        recover(args.path, pages or ["(repair asked for)"])
    elif problems:
        print("the pages check: the rows that do not are answered as damaged tables "
              "(--force drops them)")
    else:
        print(f"{args.path}: no damage found, nothing done")
    return 0


def open_store(db: str | Path) -> TableStore:
    """The store of the kiosk database ``db``: a ``postgresql://`` URL (psycopg 3,
    :class:`~pintas.kiosk.postgres.PostgresStore`), or else the path of an
    SQLite file (:class:`Store`)."""
    if is_postgres_url(db):
        return PostgresStore(str(db))
    return Store(db)


if __name__ == "__main__":
    sys.exit(main())


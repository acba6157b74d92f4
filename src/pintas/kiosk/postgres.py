"""The kiosk's tables in PostgreSQL: one row per table, as in SQLite
(:mod:`pintas.kiosk.store`), for servers whose workers share one database.

Needs psycopg 3 (``pip install 'pintas[postgresql]'``); ``--db
postgresql://...`` selects it (:func:`pintas.kiosk.store.open_store`).

- **Commit before acknowledgement.** Each change is one transaction, made with
  ``synchronous_commit = on``: when a call returns, the change is committed
  and flushed to the server's write-ahead log.
- **Every write conditional.** A move is written only on a row still at the
  version it grew from, whose checksum still matches its columns (the row is
  locked while it is checked): two workers holding one table can never
  overwrite each other's moves (:class:`~pintas.kiosk.rows.StaleVersionError`).
- **The same checks as SQLite.** A row carries the same columns and the same
  BLAKE2b checksum (:func:`~pintas.kiosk.rows.row_checksum`); a row altered
  behind the store's back is refused by name
  (:class:`~pintas.kiosk.rows.DamagedRowError`), every other row reads as before.
- **A versioned schema.** The store creates its tables and brings an older
  schema up to date itself, in one transaction under an advisory lock (so
  that workers starting together do it once); the versions applied are rows
  of ``schema_version``. A database of a newer schema is refused
  (:class:`~pintas.kiosk.rows.NewerDatabaseError`) and left as it is.
- **A database that cannot be reached** (a restart, a network fault) raises
  :class:`~pintas.kiosk.rows.NotKeptError` with nothing changed; the next call
  connects again.
- **News for the other servers.** The transaction that writes a table's row
  sends a notification (``pg_notify``) on the schema's channel, ``t <id>
  <version> <revision>``, heard only once it is committed; one that gives the
  referee a job sends ``j``. :class:`Listener` hears them on a connection of
  its own.
- **Any server answers any request.** A change is also kept only on the
  revision its copy was read at; a table's version and revision can be read
  alone, each seat's contact and the clients' rate limits are kept for every
  server (:class:`Servers`), and a new table's quota is counted in its
  insert's transaction under an advisory lock.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import urllib.parse
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from . import rows as _rows
from .rows import (
    COLUMNS,
    DamagedRowError,
    NewerDatabaseError,
    NotKeptError,
    Quota,
    StaleVersionError,
)
from .tables import Table

if TYPE_CHECKING:
    import psycopg

    from .rows import Change

__all__ = ["CLAIM", "LEASE", "SCHEMA_VERSION", "URL_SCHEMES", "Jobs", "Listener",
           "PostgresStore", "Servers", "is_postgres_url", "redacted"]

#: The schema this code writes (the greatest version in ``schema_version``):
#: 1 the tables, 2 the referee's jobs, 3 the tables' revisions, the seats'
#: contact and the clients' rate limits.
SCHEMA_VERSION = 3

#: What a ``--db`` that names a PostgreSQL database begins with.
URL_SCHEMES = ("postgresql://", "postgres://")

#: The advisory lock held while the schema is created or migrated.
_SCHEMA_LOCK = 0x70696E746173  # "pintas"
#: The advisory lock every server holds shared while it runs (with the
#: schema's hash: one per kiosk's schema): a server that can take it alone
#: knows that every other server is down.
_SERVING_LOCK = 0x70696E74  # "pint"
#: The advisory lock (with the schema's hash) held while a new table's quota
#: is counted and the table inserted, so that two servers never both let in
#: the last table a quota allows.
_QUOTA_LOCK = 0x71756F74  # "quot"

#: Seconds a server may act on a job it claimed before another may claim it
#: (the server died meanwhile); a job is claimed for one move.
LEASE = 30.0
#: The most jobs one claim takes (fewer when the server's threads are busy:
#: :data:`~pintas.kiosk.referee.AHEAD`).
CLAIM = 16

#: The channel of a schema's notifications (an SQL expression: one channel per
#: schema, whatever the length of its name).
_CHANNEL = "'pintas_' || md5(current_schema())"
#: The ``application_name`` of a listener's connection (as ``pg_stat_activity`` shows it).
LISTENER_NAME = "pintas-listener"
#: How long a listener that lost its connection waits before it connects
#: again, doubled each time up to LISTEN_RETRY_MOST (seconds).
LISTEN_RETRY_FIRST = 0.2
LISTEN_RETRY_MOST = 5.0

#: Schema version -> the statements that bring the version before it to it.
_MIGRATIONS: dict[int, tuple[str, ...]] = {
    1: ("""CREATE TABLE tables (
            id       text PRIMARY KEY,
            spec     text NOT NULL,              -- how it was set up (JSON)
            tokens   text NOT NULL,              -- seat -> SHA-256 of its token (JSON)
            save     bytea NOT NULL,             -- the game's to_bytes()
            extra    text NOT NULL,              -- ended rounds, clock moves, deadline (JSON)
            version  bigint NOT NULL,            -- moves played
            referee  integer NOT NULL,           -- 1 while the server must act
            client   text NOT NULL,              -- who created it (an address)
            over     integer NOT NULL,           -- 1 once the game is over
            created  double precision NOT NULL,  -- seconds since the epoch
            updated  double precision NOT NULL,
            checksum bytea NOT NULL              -- row_checksum() of the columns above
        )""",
        "CREATE INDEX tables_for_the_referee ON tables (referee) WHERE referee = 1",
        "CREATE INDEX tables_live ON tables (client) WHERE over = 0",
        "CREATE INDEX tables_by_updated ON tables (updated)"),
    2: ("""CREATE TABLE jobs (  -- what the referee must do: at most one job per table
            table_id text PRIMARY KEY,               -- tables.id (gone with its row)
            due      double precision NOT NULL,  -- when (the server's clock)
            serial   bigint NOT NULL DEFAULT 0,  -- grows each time it is scheduled
            worker   text,                       -- the server that claimed it
            lease    double precision            -- claimed until
        )""",
        "CREATE INDEX jobs_by_due ON jobs (due)",
        # every table the referee must act on has its job, due at once
        "INSERT INTO jobs (table_id, due) SELECT id, 0 FROM tables WHERE referee = 1"),
    3: (# a table's revision besides its version, for a cheap look at whether a copy is behind
        # (outside the checksum: the revision that counts is the one in extra, written with it)
        "ALTER TABLE tables ADD COLUMN IF NOT EXISTS revision bigint NOT NULL DEFAULT 0",
        "UPDATE tables SET revision = coalesce(substring(extra from '\"revision\": ([0-9]+)')"
        "::bigint, version)",
        """CREATE TABLE IF NOT EXISTS contact (  -- each seat's last contact, on any server
            table_id text NOT NULL,                   -- tables.id (gone with its row)
            seat     integer NOT NULL,
            at       double precision NOT NULL,       -- its last request (coarsely)
            waiting  double precision NOT NULL,       -- it waits on a server until then
            PRIMARY KEY (table_id, seat)
        )""",
        """CREATE TABLE IF NOT EXISTS buckets (  -- the clients' rate limits, every server's
            kind     text NOT NULL,              -- create, join
            client   text NOT NULL,              -- an address (limits.client_key)
            tokens   double precision NOT NULL,
            at       double precision NOT NULL,  -- when it had them (the wall clock)
            PRIMARY KEY (kind, client)
        )"""),
}

_SELECT = "SELECT " + ", ".join(COLUMNS) + ", checksum FROM tables WHERE id = %s"

T = TypeVar("T")

_log = logging.getLogger("pintas.kiosk")


def is_postgres_url(db: object) -> bool:
    """Whether ``db`` (a ``--db``) names a PostgreSQL database."""
    return isinstance(db, str) and db.startswith(URL_SCHEMES)


def redacted(url: str) -> str:
    """``url`` with its password hidden, for messages and the log (anything
    but a PostgreSQL URL as it is)."""
    if not is_postgres_url(url):
        return url
    parts = urllib.parse.urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(":" + parts.password + "@", ":***@", 1)
    return urllib.parse.urlunsplit(parts._replace(netloc=netloc))


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        raise ImportError("a kiosk on PostgreSQL needs psycopg 3: python -m pip install "
                          "'pintas[postgresql]'") from None
    return psycopg


class PostgresStore:
    """A kiosk's tables in the PostgreSQL database ``url``. Thread-safe: one
    connection, one lock. Opening it creates or migrates the schema and reads
    every row's checksum, logging each row that does not check
    (:attr:`damaged`)."""

    def __init__(self, url: str) -> None:
        self._psycopg = _psycopg()
        self.path = url
        self.where = redacted(url)
        #: Tables whose rows did not check when the store opened (id -> what is wrong).
        self.damaged: dict[str, str] = {}
        self._lock = threading.Lock()
        self._db: psycopg.Connection[Any] | None = None
        self._serving = False
        self._run(None, "migrated", self._migrate)
        rows = self._run(None, "read", lambda db: db.execute(
            "SELECT " + ", ".join(COLUMNS) + ", checksum FROM tables").fetchall())
        _rows.find_damaged(rows, self.where, self.damaged)

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    # -- the connection ----------------------------------------------------------------------

    def _connection(self) -> psycopg.Connection[Any]:
        if self._db is None or self._db.closed or self._db.broken:
            db: psycopg.Connection[Any] = self._psycopg.connect(
                self.path, autocommit=True, connect_timeout=10)
            try:
                db.execute("SET synchronous_commit = on")  # committed means flushed
            except BaseException:
                db.close()
                raise
            self._db = db
            if self._serving:  # (a session's advisory lock goes with it)
                db.execute(_serving("pg_advisory_lock_shared"), (_SERVING_LOCK,))
        return self._db

    def _run(self, id: str | None, what: str,
             work: Callable[[psycopg.Connection[Any]], T]) -> T:
        """``work`` on the connection, its lock held (a transaction it opens is
        rolled back if it raises); a database error raises NotKeptError, with
        nothing changed."""
        with self._lock:
            try:
                return work(self._connection())
            except self._psycopg.Error as error:
                message = str(error).strip() or type(error).__name__
                about = "" if id is None else f" table {id!r}:"
                raise NotKeptError(f"the database {self.where} could not be {what}:{about} "
                                   f"{message}") from None

    def _migrate(self, db: psycopg.Connection[Any]) -> None:
        """Bring the database to :data:`SCHEMA_VERSION`, in one transaction."""
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            row = db.execute("SELECT to_regclass('schema_version') IS NOT NULL").fetchone()
            schema = 0
            if row is not None and row[0]:
                found = db.execute("SELECT max(version) FROM schema_version").fetchone()
                schema = int(found[0] or 0) if found is not None else 0
            else:
                db.execute("CREATE TABLE schema_version (version integer PRIMARY KEY, "
                           "applied double precision NOT NULL)")
            if schema > SCHEMA_VERSION:
                raise NewerDatabaseError(
                    f"{self.where} is a kiosk database of schema version {schema}, written by a "
                    f"newer pintas; this one knows versions up to {SCHEMA_VERSION}: upgrade "
                    "pintas (the database is left as it is)")
            for version in range(schema + 1, SCHEMA_VERSION + 1):
                for statement in _MIGRATIONS[version]:
                    db.execute(statement)
                db.execute("INSERT INTO schema_version (version, applied) VALUES (%s, %s)",
                           (version, time.time()))

    # -- the servers and the referee's jobs ----------------------------------------------------

    def join_servers(self) -> bool:
        """Count this process among the servers of the database (an advisory
        lock held shared while it is connected: a server that dies lets go of
        it); whether it is the only one, every other being down."""
        def join(db: psycopg.Connection[Any]) -> bool:
            key = (_SERVING_LOCK,)
            row = db.execute(_serving("pg_try_advisory_lock"), key).fetchone()
            alone = bool(row and row[0])
            if alone:
                db.execute(_serving("pg_advisory_unlock"), key)
            db.execute(_serving("pg_advisory_lock_shared"), key)
            self._serving = True
            return alone

        return self._run(None, "read", join)

    def listen(self, heard: Callable[[str], None]) -> Listener:
        """Hear the notifications of the schema (:class:`Listener`)."""
        return Listener(self.path, self.where, heard)

    def shared(self) -> Servers:
        """What the servers of the database share besides the rows (:class:`Servers`)."""
        return Servers(self)

    def jobs(self, worker: str) -> Jobs:
        """The referee's jobs, shared by every server, as the server ``worker`` takes them."""
        return Jobs(self, worker)

    # -- writing ---------------------------------------------------------------------------

    def insert(self, table: Table, referee: bool, client: str = "",
               quota: Quota | None = None) -> None:
        """Keep a new table (committed when this returns); ``client``: who made
        it (an address), for :meth:`live_count`. ``quota``: QuotaError, with
        nothing written, if ``client`` or the server has that many unfinished
        tables (counted in the insert's transaction, under an advisory lock
        every server takes for it). NotKeptError if it cannot be kept."""
        values = {**_rows.new_row(table, referee, client), "revision": table.revision}
        names = (*COLUMNS, "checksum", "revision")
        insert = (f"INSERT INTO tables ({', '.join(names)}) "
                  f"VALUES ({', '.join(f'%({c})s' for c in names)})")

        def write(db: psycopg.Connection[Any]) -> None:
            if quota is None:
                _write_row(db, insert, values, table, referee)
                return
            with db.transaction():
                db.execute(_serving("pg_advisory_xact_lock"), (_QUOTA_LOCK,))
                row = db.execute("SELECT count(*) FILTER (WHERE client = %s), count(*) "
                                 "FROM tables WHERE over = 0", (client,)).fetchone()
                assert row is not None
                _rows.check_quota(client, int(row[0]), int(row[1]), quota)
                _write_row(db, insert, values, table, referee)

        self._run(table.id, "kept", write)
        table.kept_revision = table.revision

    def update(self, table: Table, referee: bool, moves: int = 1) -> None:
        """Keep a table's new state, ``moves`` moves on from the one kept
        (committed when this returns). Refused, with nothing written, unless
        the row is at the version this state grew from (StaleVersionError)
        and its checksum still matches its columns (DamagedRowError);
        NotKeptError if the database cannot keep it. A copy read from the
        database (or kept) must also still be at the revision it was read at:
        another server's change that is no move (a seat going on, an
        invitation used) refuses it as well."""
        values = _rows.moved_row(table, referee, moves)

        def write(db: psycopg.Connection[Any]) -> None:
            with db.transaction():
                row = db.execute(_SELECT + " FOR UPDATE", (table.id,)).fetchone()
                self._check_moved_from(row, table.id, values["moved_from"])
                assert row is not None
                old = _rows.row_values(row)
                _check_revision(old["extra"], table, self.where)
                new = {**old, **values, "revision": table.revision}
                new["checksum"] = _rows.row_checksum(*(new[c] for c in COLUMNS))
                _write_row(db, "UPDATE tables SET save = %(save)s, extra = %(extra)s, "
                           "version = %(version)s, referee = %(referee)s, over = %(over)s, "
                           "updated = %(updated)s, checksum = %(checksum)s, "
                           "revision = %(revision)s WHERE id = %(id)s", new, table, referee)

        self._run(table.id, "kept", write)
        table.kept_revision = table.revision

    def _check_moved_from(self, row: Sequence[Any] | None, id: str, version: int) -> None:
        """Refuse to move a row on from ``version`` unless it is there, checks
        and is at that version."""
        if row is None:
            if id in self.damaged:
                raise DamagedRowError(id, self.damaged[id])
            raise StaleVersionError(f"table {id!r} is no longer in {self.where}")
        if row[-1] != _rows.row_checksum(*row[:len(COLUMNS)]):
            _rows.checked_table(row, id)  # says what is wrong
            raise DamagedRowError(id, "its checksum does not match its columns")
        if row[COLUMNS.index("version")] != version:
            raise StaleVersionError(f"table {id!r} is at version {row[5]} in {self.where}, "
                                    f"not {version}: it was moved on meanwhile")

    def delete(self, id: str) -> bool:
        """Forget the table ``id``; whether there was one."""
        deleted = self._run(None, "kept", lambda db: db.execute(
            "WITH job AS (DELETE FROM jobs WHERE table_id = %(id)s), "
            "seats AS (DELETE FROM contact WHERE table_id = %(id)s) "
            "DELETE FROM tables WHERE id = %(id)s", {"id": id}).rowcount > 0)
        self.damaged.pop(id, None)
        return deleted

    def expire(self, before: float) -> list[str]:
        """Delete the tables last changed before ``before`` (seconds since the
        epoch); their ids."""
        ids = self._run(None, "kept", lambda db: [str(r[0]) for r in db.execute(
            "WITH gone AS (DELETE FROM tables WHERE updated < %s RETURNING id), "
            "jobs_gone AS (DELETE FROM jobs WHERE table_id IN (SELECT id FROM gone)), "
            "seats_gone AS (DELETE FROM contact WHERE table_id IN (SELECT id FROM gone)) "
            "SELECT id FROM gone", (before,))])
        for id in ids:
            self.damaged.pop(id, None)
        return ids

    # -- reading ---------------------------------------------------------------------------

    def load(self, id: str) -> Table | None:
        """The table ``id`` as last kept, or None if there is none.
        DamagedRowError if its row does not check; NotKeptError if the
        database cannot be read now."""
        row = self._run(id, "read", lambda db: db.execute(_SELECT, (id,)).fetchone())
        if row is None and id in self.damaged:
            raise DamagedRowError(id, self.damaged[id])
        return _rows.checked_table(row, id)

    def referee_ids(self) -> list[str]:
        """The tables the server must act on (computer seats to move, clocks
        running). A damaged row may be among them: loading it says so."""
        return self._run(None, "read", lambda db: [str(r[0]) for r in db.execute(
            "SELECT id FROM tables WHERE referee = 1")])

    def count(self) -> int:
        """How many tables the database holds."""
        return self._count("SELECT count(*) FROM tables", ())

    def live_count(self, client: str | None = None) -> int:
        """How many unfinished tables the database holds: all of them, or
        those ``client`` made."""
        if client is None:
            return self._count("SELECT count(*) FROM tables WHERE over = 0", ())
        return self._count("SELECT count(*) FROM tables WHERE over = 0 AND client = %s",
                           (client,))

    def _count(self, query: str, parameters: tuple[Any, ...]) -> int:
        def read(db: psycopg.Connection[Any]) -> int:
            row = db.execute(query, parameters).fetchone()
            return 0 if row is None else int(row[0])

        return self._run(None, "read", read)


def _check_revision(extra: object, table: Table, where: str) -> None:
    """Refuse to change ``table`` unless the row's revision (in its ``extra``,
    which the checksum covers) is the one its copy was read at."""
    if table.kept_revision < 0:
        return
    try:
        revision = json.loads(_rows.plain_text(extra)).get("revision")
    except (ValueError, AttributeError):
        revision = None
    if revision != table.kept_revision:
        raise StaleVersionError(f"table {table.id!r} is at revision {revision} in {where}, "
                                f"not {table.kept_revision}: it was changed meanwhile")


def _serving(function: str) -> str:
    """A call of the advisory lock ``function`` on the serving lock of the schema."""
    return f"SELECT {function}(%s::integer, hashtext(current_schema()))"


def _write_row(db: psycopg.Connection[Any], write: str, values: dict[str, Any], table: Table,
               referee: bool) -> None:
    """Table ``table``'s row written (``write``, an INSERT or UPDATE of
    ``values``) in one statement with its job (due at once if the referee
    must act on it: the server that wrote it then schedules it when it is
    due; or none) and the news of it: ``j`` if it has a job, then ``t <id>
    <version> <revision>``. (One statement: one round trip to the database.)"""
    job = ("INSERT INTO jobs (table_id, due) VALUES (%(id)s, 0) ON CONFLICT (table_id) "
           "DO UPDATE SET due = 0, serial = jobs.serial + 1" if referee else
           "DELETE FROM jobs WHERE table_id = %(id)s")
    news = f"pg_notify({_CHANNEL}, 'j'), " if referee else ""
    db.execute(f"WITH written AS ({write}), job AS ({job}) "
               f"SELECT {news}pg_notify({_CHANNEL}, %(news)s)",
               {**values, "news": f"t {table.id} {table.version:d} {table.revision:d}"})


#: In a statement that is its own transaction, an SQL expression that commits
#: it without waiting for the write-ahead log's flush (``synchronous_commit``
#: off for this transaction alone): for the referee's bookkeeping, which a
#: crash of the database may lose (see :class:`Jobs`), never for a table's row.
_UNFLUSHED = "set_config('synchronous_commit', 'off', true)"


class Servers:
    """What the servers of the database keep there besides the rows (a
    :class:`~pintas.kiosk.rows.Shared`): a table's version and revision
    (one read by its primary key), and each seat's contact (the table
    ``contact``), written coarsely by the server the seat asks."""

    def __init__(self, store: PostgresStore) -> None:
        self._store = store

    def stamp(self, id: str) -> tuple[int, int] | None:
        row = self._store._run(id, "read", lambda db: db.execute(
            "SELECT version, revision FROM tables WHERE id = %s", (id,)).fetchone())
        return None if row is None else (int(row[0]), int(row[1]))

    def mark(self, id: str, seat: int, at: float, waiting: float) -> bool:
        """(Committed without waiting for the disk: a contact lost in a crash
        is written again at the seat's next request.)"""
        def write(db: psycopg.Connection[Any]) -> Any:
            with db.transaction():
                db.execute("SET LOCAL synchronous_commit = off")
                return db.execute(
                    "WITH seen AS (INSERT INTO contact (table_id, seat, at, waiting) "
                    "SELECT id, %(seat)s, %(at)s, %(waiting)s FROM tables WHERE id = %(id)s "
                    "ON CONFLICT (table_id, seat) DO UPDATE SET at = greatest(contact.at, "
                    "EXCLUDED.at), waiting = greatest(contact.waiting, EXCLUDED.waiting)) "
                    "SELECT EXISTS (SELECT 1 FROM jobs WHERE table_id = %(id)s)",
                    {"id": id, "seat": seat, "at": at, "waiting": waiting}).fetchone()

        row = self._store._run(id, "kept", write)
        return bool(row and row[0])

    def contact(self, id: str) -> dict[int, tuple[float, float]]:
        rows = self._store._run(id, "read", lambda db: db.execute(
            "SELECT seat, at, waiting FROM contact WHERE table_id = %s", (id,)).fetchall())
        return {int(seat): (float(at), float(waiting)) for seat, at, waiting in rows}

    def bucket(self, kind: str, client: str, change: Change) -> float:
        """Change ``client``'s bucket of ``kind`` (:mod:`~pintas.kiosk.limits`)
        in one transaction, its row locked."""
        key = {"kind": kind, "client": client}

        def write(db: psycopg.Connection[Any]) -> float:
            with db.transaction():   # (a new client's bucket is full: infinity, cut to its size)
                db.execute("INSERT INTO buckets (kind, client, tokens, at) VALUES (%(kind)s, "
                           "%(client)s, 'Infinity', 0) ON CONFLICT DO NOTHING", key)
                row = db.execute("SELECT tokens, at FROM buckets WHERE kind = %(kind)s AND "
                                 "client = %(client)s FOR UPDATE", key).fetchone()
                (tokens, at), answer = change(None if row is None
                                              else (float(row[0]), float(row[1])))
                db.execute("UPDATE buckets SET tokens = %(tokens)s, at = %(at)s "
                           "WHERE kind = %(kind)s AND client = %(client)s",
                           {**key, "tokens": tokens, "at": at})
                return answer

        return self._store._run(None, "kept", write)

    def forget_buckets(self, before: float) -> None:
        self._store._run(None, "kept", lambda db: db.execute(
            "DELETE FROM buckets WHERE at < %s", (before,)))


class Jobs:
    """The referee's timetable in the database (a
    :class:`~pintas.kiosk.referee.Timetable`), shared by every server: one row
    per table the referee must act on, with its due time. A server claims the
    jobs due with ``FOR UPDATE SKIP LOCKED`` (two servers never claim one
    job) for :data:`LEASE` seconds; a server that dies while acting leaves its
    job to be claimed again once the lease is over. A job's existence is kept
    with its table's row, in the same transaction; scheduling only moves its
    due time, and a server done with a job it claimed sets the next only if
    nobody scheduled it meanwhile. A failure of the database is logged, never
    raised: the job stays, and is claimed again.

    Only a job's existence is committed with the flush a move waits for (it
    is written with its table's row). Its due time, claims and releases are
    committed without waiting for the flush (:data:`_UNFLUSHED`): a crash of
    the database may lose the last of them, which leaves a job due at once
    (its server works out what is due), a claim not made (another server may
    act on the table too: its write, conditional on the version, is refused)
    or a claim not released (taken again once its lease is over), as a
    server's death does."""

    def __init__(self, store: PostgresStore, worker: str) -> None:
        self._store = store
        self.worker = worker
        self._claimed: dict[str, int] = {}  # jobs claimed -> their serial then

    def _try(self, what: str, work: Callable[[psycopg.Connection[Any]], T], failed: T) -> T:
        try:
            return self._store._run(None, what, work)
        except NotKeptError as error:
            _log.warning("the referee's jobs: %s", error)
            return failed

    def schedule(self, id: str, due: float | None) -> None:
        if due is None:
            return  # (the job goes with the write of the row that needs none)
        def keep(db: psycopg.Connection[Any]) -> None:
            # one statement, so one transaction; ``j``: the other servers'
            # referees look at their next due
            db.execute("WITH job AS (INSERT INTO jobs (table_id, due) SELECT id, %s FROM tables "
                       "WHERE id = %s ON CONFLICT (table_id) DO UPDATE SET "
                       f"due = EXCLUDED.due, serial = jobs.serial + 1) SELECT pg_notify("
                       f"{_CHANNEL}, 'j'), {_UNFLUSHED}", (due, id))

        self._try("kept", keep, None)

    def due(self, id: str) -> float | None:
        row = self._store._run(id, "read", lambda db: db.execute(
            "SELECT due FROM jobs WHERE table_id = %s", (id,)).fetchone())
        return None if row is None else float(row[0])

    def __len__(self) -> int:
        return self._store._count("SELECT count(*) FROM jobs", ())

    def take_due(self, now: float, most: int | None = None) -> tuple[list[str], float | None]:
        most = CLAIM if most is None else min(most, CLAIM)

        def claim(db: psycopg.Connection[Any]) -> tuple[list[tuple[str, int]], float | None]:
            claimed = db.execute(
                "WITH due AS (SELECT table_id FROM jobs WHERE due <= %(now)s "
                "AND (lease IS NULL OR lease < %(now)s) ORDER BY due LIMIT %(most)s "
                f"FOR UPDATE SKIP LOCKED), quick AS (SELECT {_UNFLUSHED}) "
                "UPDATE jobs SET worker = %(me)s, lease = %(until)s FROM due, quick "
                "WHERE jobs.table_id = due.table_id RETURNING jobs.table_id, jobs.serial",
                {"now": now, "most": most, "me": self.worker, "until": now + LEASE}).fetchall()
            row = db.execute("SELECT min(due) FROM jobs WHERE lease IS NULL OR lease < %s",
                             (now,)).fetchone()
            return ([(str(id), int(serial)) for id, serial in claimed],
                    None if row is None or row[0] is None else float(row[0]))

        nothing: tuple[list[tuple[str, int]], float | None] = ([], None)
        claimed, next_due = self._try("read", claim, nothing)
        self._claimed.update(claimed)
        return [id for id, _ in claimed], next_due

    def done(self, id: str, due: float | None) -> None:
        serial = self._claimed.pop(id, None)
        quick = f"WITH quick AS (SELECT {_UNFLUSHED}) "
        if due is None:
            self._try("kept", lambda db: db.execute(
                quick + "DELETE FROM jobs USING quick WHERE table_id = %s AND worker = %s "
                "AND serial = %s", (id, self.worker, serial)), None)
            return
        self._try("kept", lambda db: db.execute(
            quick + "UPDATE jobs SET due = CASE WHEN serial = %s THEN %s ELSE due END, "
            "worker = NULL, lease = NULL FROM quick WHERE table_id = %s AND worker = %s",
            (serial, due, id, self.worker)), None)

    def next_due(self) -> float | None:
        return self._try("read", lambda db: _first_due(db), None)


def _first_due(db: psycopg.Connection[Any]) -> float | None:
    row = db.execute("SELECT min(due) FROM jobs").fetchone()
    return None if row is None or row[0] is None else float(row[0])


class Listener:
    """A thread, on a connection of its own, that listens (``LISTEN``) on the schema's
    channel and calls ``heard(payload)`` for each notification, in the order
    they were committed; and ``heard("")`` each time it has connected again
    after losing its connection (notifications sent meanwhile were missed).
    ``heard`` must be quick: it runs on the listener's thread."""

    def __init__(self, url: str, where: str, heard: Callable[[str], None]) -> None:
        self._url = url
        self._where = where
        self._heard = heard
        self._stop = threading.Event()
        #: Set once the listener listens (then again after each reconnection).
        self.listening = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="pintas-listener", daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop listening (within half a second)."""
        self._stop.set()
        self._thread.join(5)

    def _loop(self) -> None:
        psycopg = _psycopg()
        retry = LISTEN_RETRY_FIRST
        connected_before = False
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._url, autocommit=True, connect_timeout=10,
                                     application_name=LISTENER_NAME) as db:
                    row = db.execute(f"SELECT {_CHANNEL}").fetchone()
                    assert row is not None
                    db.execute(psycopg.sql.SQL("LISTEN {}").format(
                        psycopg.sql.Identifier(str(row[0]))))
                    self.listening.set()
                    retry = LISTEN_RETRY_FIRST
                    if connected_before:
                        self._tell("")
                    connected_before = True
                    while not self._stop.is_set():
                        for note in db.notifies(timeout=0.5):
                            self._tell(note.payload)
            except psycopg.Error as error:
                self.listening.clear()
                _log.warning("the listener of %s lost its connection (%s): connecting again "
                             "in %g s", self._where, str(error).strip() or type(error).__name__,
                             retry)
                self._stop.wait(retry)
                retry = min(LISTEN_RETRY_MOST, retry * 2)

    def _tell(self, payload: str) -> None:
        try:
            self._heard(payload)
        except Exception:  # the listener outlives any one notification's fault
            _log.exception("the kiosk failed on the notification %r", payload)

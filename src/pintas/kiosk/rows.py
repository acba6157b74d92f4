"""A kiosk table's row, whatever database keeps it: its columns, its
checksum, the checks a row must pass to be read back as a table, and what a
store of rows offers the service (:class:`TableStore`). Standard library only.

:mod:`pintas.kiosk.store` keeps rows in SQLite, :mod:`pintas.kiosk.postgres`
in PostgreSQL; both write and check rows with the functions of this module, so
a row holds the same columns and is refused for the same reasons in either.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import re
import sqlite3
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from .. import registry
from ..errors import CorruptStateError, PintasError
from .tables import HUMAN, MAX_SEED, MOST_DELAY, TIMERS, Table
from .tables import _player_spec as player_spec

if TYPE_CHECKING:
    from .referee import Timetable

__all__ = [
    "COLUMNS",
    "DATABASE_FAILURES",
    "MENDED_IDS",
    "Bucket",
    "Buckets",
    "Change",
    "DamagedRowError",
    "Listening",
    "NewerDatabaseError",
    "NotKeptError",
    "QuotaError",
    "Shared",
    "StaleVersionError",
    "TableStore",
    "row_checksum",
]

#: The columns a row's checksum covers, in the order it covers them.
COLUMNS = ("id", "spec", "tokens", "save", "extra", "version", "referee", "client", "over",
           "created", "updated")

#: How many damaged rows opening a file tries to find the id of, if their id
#: column is what was damaged (each try hashes the row 8 times per byte of id).
MENDED_IDS = 64

_log = logging.getLogger("pintas.kiosk")


# ---- errors -----------------------------------------------------------------------------


class DamagedRowError(CorruptStateError):
    """A table's row that does not read back: its checksum, its data, or the
    database pages holding it are damaged. Nothing else is affected; the row
    is never written again."""

    def __init__(self, id: str, reason: str) -> None:
        super().__init__(f"table {id!r} is damaged: {reason}")
        self.id = id
        self.reason = reason


class NewerDatabaseError(CorruptStateError):
    """A database written by a newer kiosk than this one (its schema version is
    unknown here): it is left as it is."""


class NotKeptError(Exception):
    """A change the database could not keep, or a read it could not do now: a
    full disk, a read-only file, an I/O error, a database server that cannot
    be reached. Nothing changed; the store opens the file (or connects) again
    before its next write. Whatever the store, this is what it raises: the
    driver's own error is its ``__cause__``."""


#: What a store's call raises when its database fails now: NotKeptError, or
#: (from the SQLite store's few direct reads) the driver's own error. The
#: service catches exactly these, so a bug elsewhere is never taken for a
#: database that failed.
DATABASE_FAILURES: tuple[type[Exception], ...] = (NotKeptError, sqlite3.Error)


class StaleVersionError(NotKeptError):
    """A change refused because the row is no longer at the version it grew
    from (another copy of the table moved it on, or it was deleted): nothing
    changed, read it again."""


class QuotaError(Exception):
    """A new table refused: ``client`` (None: the whole server) already has
    ``count`` unfinished tables, its most (nothing was written)."""

    def __init__(self, client: str | None, count: int) -> None:
        super().__init__(f"{client!r} has {count} unfinished tables")
        self.client = client
        self.count = count


#: The most unfinished tables one client, and the whole server, may have.
Quota = tuple[int, int]


def check_quota(client: str, mine: int, everyone: int, quota: Quota | None) -> None:
    """QuotaError if ``client``'s ``mine`` or the server's ``everyone``
    unfinished tables are at ``quota``'s limits."""
    if quota is None:
        return
    if mine >= quota[0]:
        raise QuotaError(client, mine)
    if everyone >= quota[1]:
        raise QuotaError(None, everyone)


# ---- the checksum -------------------------------------------------------------------------


def _field(value: object) -> bytes:
    """One column in the checksum's encoding: a tag for its kind, its length,
    its bytes (text as UTF-8): no two rows' columns can run into each other."""
    if value is None:
        tag, data = b"n", b""
    elif isinstance(value, int):
        tag, data = b"i", str(value).encode()
    elif isinstance(value, float):
        tag, data = b"f", value.hex().encode()
    elif isinstance(value, str):
        tag, data = b"b", value.encode("utf-8", "surrogatepass")
    elif isinstance(value, (bytes, bytearray, memoryview)):
        tag, data = b"b", bytes(value)
    else:
        tag, data = b"?", repr(value).encode()
    return tag + len(data).to_bytes(8, "big") + data


def row_checksum(*values: object) -> bytes:
    """The checksum of a row: BLAKE2b (32 bytes) of its columns of
    :data:`COLUMNS`, in that order. It catches damage, not forgery: anyone
    who can write the file can write a matching checksum."""
    digest = hashlib.blake2b(digest_size=32, person=b"pintas-kiosk-row")
    for value in values:
        digest.update(_field(value))
    return digest.digest()


# ---- reading a row --------------------------------------------------------------------------


class Damage(Exception):
    """What is wrong with a row (the message)."""


def _text(value: object, what: str) -> str:
    if isinstance(value, (bytes, bytearray, memoryview)):
        try:
            return bytes(value).decode("utf-8")
        except UnicodeDecodeError:
            raise Damage(f"its {what} is not UTF-8 text") from None
    if isinstance(value, str):
        return value
    raise Damage(f"its {what} is not text: {type(value).__name__}")


def _json_object(value: object, what: str) -> dict[str, Any]:
    text = _text(value, what)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Damage(f"its {what} is not JSON: {text[:60]!r}") from None
    if not isinstance(data, dict):
        raise Damage(f"its {what} is not a JSON object: {text[:60]!r}")
    return data


#: A tile as the ended rounds' hands hold it.
_TILE = re.compile(r"\d{1,2}\|\d{1,2}")


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_spec(spec: dict[str, Any]) -> None:
    if set(spec) != {"game", "options", "seats", "seed", "timer"}:
        raise Damage(f"its setup has the fields {sorted(spec)}")
    seats = spec["seats"]
    if not (isinstance(spec["game"], str) and isinstance(spec["options"], dict)
            and isinstance(seats, list) and seats and all(isinstance(s, str) for s in seats)):
        raise Damage(f"its setup is not a game, options and seats: {spec!r:.120}")
    seed, timer = spec["seed"], spec["timer"]
    if seed is not None and not (_whole(seed) and 0 <= seed <= MAX_SEED):
        raise Damage(f"its setup's seed is {seed!r:.40}")
    if timer is not None and timer not in TIMERS:
        raise Damage(f"its setup's clock is {timer!r:.40}")


def _check_tokens(tokens: dict[str, Any], seats: list[str], left: set[int]) -> dict[str, str]:
    if not tokens:
        raise Damage("it has no seat tokens")
    humans = {str(n) for n, who in enumerate(seats) if who == HUMAN and n not in left}
    if humans - set(tokens):
        raise Damage(f"human seat(s) {', '.join(sorted(humans - set(tokens)))} have no token")
    for seat, digest in tokens.items():
        if not (seat.isascii() and seat.isdigit() and str(int(seat)) == seat
                and int(seat) < len(seats)):
            raise Damage(f"it has a token for seat {seat!r:.20}, which it does not have")
        if seats[int(seat)] != HUMAN:
            raise Damage(f"it has a token for seat {seat}, a computer seat")
        if not (isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{64}", digest)):
            raise Damage(f"seat {seat}'s token digest is not 64 hex digits: {digest!r:.80}")
    return tokens


#: The fields of a table's extra: those every kiosk wrote, and those added since.
_EXTRA = {"rounds", "timed_out", "deadline"}
_EXTRA_SINCE = {"revision", "break", "fault", "left", "player_seed", "invites", "rematch",
                "spectate"}
#: The fields of an ended round, likewise.
_ROUND = {"round", "hands", "events", "scores"}
_ROUND_SINCE = {"pips", "counting"}


def _check_invites(invites: object) -> None:
    """Check a table's invitations: seat -> code digest, salt, spent."""
    if not isinstance(invites, dict) or not all(
            isinstance(seat, str) and seat.isascii() and seat.isdigit() and len(seat) < 3
            and isinstance(i, dict) and set(i) == {"code", "salt", "spent"}
            and isinstance(i["code"], str) and re.fullmatch(r"[0-9a-f]{64}", i["code"])
            and isinstance(i["salt"], str) and re.fullmatch(r"[0-9a-f]{32}", i["salt"])
            and isinstance(i["spent"], bool) for seat, i in invites.items()):
        raise Damage(f"its invitations do not read back: {invites!r:.120}")


def _check_extra(extra: dict[str, Any]) -> set[int]:
    """Check a table's extra; the seats whose person left."""
    if not _EXTRA <= set(extra) <= _EXTRA | _EXTRA_SINCE:
        raise Damage(f"its extra has the fields {sorted(extra)}")
    rounds, timed_out = extra["rounds"], extra["timed_out"]
    left = extra.get("left", [])
    if not (isinstance(left, list) and all(_whole(n) and 0 <= n < 16 for n in left)):
        raise Damage(f"its seats left are {left!r:.60}")
    for name in ("revision", "player_seed"):
        if name in extra and not (_whole(extra[name]) and 0 <= extra[name] < 2**63):
            raise Damage(f"its {name} is {extra[name]!r:.40}")
    _check_invites(extra.get("invites", {}))
    spectate = extra.get("spectate")
    if spectate is not None and not (
            isinstance(spectate, dict) and set(spectate) == {"code", "delay"}
            and isinstance(spectate["code"], str)
            and re.fullmatch(r"[0-9a-f]{64}", spectate["code"])
            and _whole(spectate["delay"]) and 0 <= spectate["delay"] <= MOST_DELAY):
        raise Damage(f"its spectators do not read back: {spectate!r:.120}")
    rematch = extra.get("rematch")
    if rematch is not None and not (isinstance(rematch, str)
                                    and re.fullmatch(r"[0-9a-f]{16}", rematch)):
        raise Damage(f"its rematch is {rematch!r:.40}")
    if extra.get("fault") is not None and not isinstance(extra["fault"], str):
        raise Damage(f"its fault is {extra['fault']!r:.40}")
    pause = extra.get("break")
    if pause is not None and not (isinstance(pause, dict)
                                  and set(pause) == {"round", "waiting", "until"}
                                  and _whole(pause["round"]) and isinstance(pause["waiting"], list)
                                  and all(_whole(n) for n in pause["waiting"])):
        raise Damage(f"its round break is {pause!r:.80}")
    if not isinstance(rounds, list) or not all(
            isinstance(r, dict) and _ROUND <= set(r) <= _ROUND | _ROUND_SINCE
            and isinstance(r.get("counting", []), list)
            and _whole(r["round"]) and isinstance(r["hands"], list)
            and all(isinstance(h, list) and all(isinstance(t, str) and _TILE.fullmatch(t)
                                                for t in h) for h in r["hands"])
            and isinstance(r["events"], list) and all(isinstance(e, dict) for e in r["events"])
            and isinstance(r["scores"], list) and all(_whole(n) for n in r["scores"])
            for r in rounds):
        raise Damage(f"its ended rounds do not read back: {rounds!r:.120}")
    if not isinstance(timed_out, list) or not all(
            isinstance(t, dict) and set(t) == {"seat", "version"}
            and _whole(t["seat"]) and _whole(t["version"]) for t in timed_out):
        raise Damage(f"its clock's moves do not read back: {timed_out!r:.120}")
    return set(left)


def table_of(values: Mapping[str, Any], checksum: object | None, id: str | None = None
              ) -> Table:
    """The table a row holds (``values``: its columns of :data:`COLUMNS`, text
    as bytes); ``checksum`` None for a row of schema 0, which has none.
    Damage says what does not check."""
    row_id = _text(values["id"], "id")
    if id is not None and row_id != id:
        raise Damage(f"its id column reads {row_id!r:.40}")
    if checksum is not None and (not isinstance(checksum, bytes)
                                 or checksum != row_checksum(*(values[c] for c in COLUMNS))):
        raise Damage("its checksum does not match its columns")
    spec = _json_object(values["spec"], "setup")
    _check_spec(spec)
    extra = _json_object(values["extra"], "extra")
    left = _check_extra(extra)
    tokens = _check_tokens(_json_object(values["tokens"], "tokens"), spec["seats"], left)
    save = values["save"]
    if not isinstance(save, bytes):
        raise Damage(f"its save is not bytes: {type(save).__name__}")
    for name in ("created", "updated"):
        if not (isinstance(values[name], float) and math.isfinite(values[name])):
            raise Damage(f"its {name} column is {values[name]!r:.40}")
    if values["referee"] not in (0, 1):
        raise Damage(f"its referee column is {values['referee']!r:.40}")
    try:
        table = Table.load(row_id, spec, tokens, save, extra)
    except CorruptStateError as error:
        raise Damage(str(error).replace(f"table {row_id!r} does not read back: ", "")) \
            from None
    except Exception as error:  # whatever a damaged save makes a game raise
        raise Damage(f"it does not read back: {type(error).__name__}: {error}") from None
    if table.game.seats != len(table.spec.seats):
        raise Damage(f"its game has {table.game.seats} seats, its setup "
                      f"{len(table.spec.seats)}")
    for seat in table.spec.seats:
        if seat != HUMAN:
            try:
                registry.parse_player(player_spec(seat, table.family, table.game.rules,
                                                  table.game.seats), table.game.rules)
            except PintasError as error:
                raise Damage(f"its setup's seat {seat!r:.40} is no player: {error}") from None
    if values["version"] != table.version:
        raise Damage(f"its version column is {values['version']!r:.40}, its game has "
                      f"{table.version} moves")
    if checksum is not None and values["over"] != int(table.game.is_over):
        raise Damage(f"its over column is {values['over']!r:.40}, its game "
                      f"{'is' if table.game.is_over else 'is not'} over")
    table.kept_revision = table.revision
    return table


def row_values(row: Sequence[Any]) -> dict[str, Any]:
    """A row read with :data:`_SELECT` as its columns of :data:`COLUMNS`."""
    return dict(zip(COLUMNS, row[:len(COLUMNS)], strict=True))



def plain_text(value: object) -> str:
    if isinstance(value, (bytes, bytearray)):
        return bytes(value).decode("utf-8", "backslashreplace")
    return str(value)


def mended_id(values: Mapping[str, Any], checksum: object) -> str | None:
    """For a row that does not check: the id it checks with if one bit of its
    id is flipped back (so that its table is answered as damaged, not as
    unknown), or None."""
    raw = values["id"]
    if not isinstance(raw, (bytes, str)) or not isinstance(checksum, bytes) or len(raw) > 64:
        return None
    data = bytearray(raw.encode() if isinstance(raw, str) else raw)
    rest = [values[c] for c in COLUMNS[1:]]
    for index in range(len(data)):
        for bit in range(8):
            data[index] ^= 1 << bit
            if row_checksum(bytes(data), *rest) == checksum:
                try:
                    return data.decode("utf-8")
                except UnicodeDecodeError:
                    return None
            data[index] ^= 1 << bit
    return None


# ---- writing a row ----------------------------------------------------------------------------


def new_row(table: Table, referee: bool, client: str) -> dict[str, Any]:
    """The columns of a new table's row, its checksum among them."""
    now = time.time()
    values: dict[str, Any] = {
        "id": table.id, "spec": json.dumps(table.spec.to_dict()),
        "tokens": json.dumps({str(s): d for s, d in table.tokens.items()}),
        "save": table.game.to_bytes(), "extra": json.dumps(table.extra()),
        "version": table.version, "referee": int(referee), "client": str(client),
        "over": int(table.game.is_over), "created": now, "updated": now}
    values["checksum"] = row_checksum(*(values[c] for c in COLUMNS))
    return values


def moved_row(table: Table, referee: bool, moves: int) -> dict[str, Any]:
    """The columns a table's new state changes, ``moves`` moves on from the row
    kept, and the version that row must be at (``moved_from``)."""
    return {"id": table.id, "save": table.game.to_bytes(), "extra": json.dumps(table.extra()),
            "version": table.version, "referee": int(referee),
            "over": int(table.game.is_over), "updated": time.time(),
            "moved_from": table.version - moves}


def find_damaged(rows: Iterable[Sequence[Any]], where: str, damaged: dict[str, str]) -> None:
    """Check the checksum of each of ``rows`` (their columns of :data:`COLUMNS`,
    then the checksum) read from the database ``where``; put each that does
    not check in ``damaged`` (id -> what is wrong, under the id it was
    written with if only its id column is damaged), and log it."""
    for row in rows:
        values, checksum = row_values(row), row[-1]
        if checksum == row_checksum(*row[:len(COLUMNS)]):
            continue
        id = plain_text(values["id"])
        meant = mended_id(values, checksum) if len(damaged) < MENDED_IDS else None
        if meant is not None and meant != id:
            reason = f"its id column is damaged (it reads {id!r})"
            id = meant
        else:
            reason = "its checksum does not match its columns"
        damaged[id] = reason
        _log.error("table %r in %s is damaged (%s): its requests are answered "
                   "corrupt_table", id, where, reason)


def checked_table(row: Sequence[Any] | None, id: str) -> Table | None:
    """The table of ``row`` (read as :func:`find_damaged` takes it) for table
    ``id``, None if there is no row; DamagedRowError if it does not check."""
    if row is None:
        return None
    try:
        return table_of(row_values(row), row[-1], id)
    except Damage as damage:
        raise DamagedRowError(id, str(damage)) from None


# ---- what the service needs of a store --------------------------------------------------------


class Listening(Protocol):
    """What a store's :meth:`TableStore.listen` gives: it hears until closed."""

    def close(self) -> None:
        """Stop hearing."""


class TableStore(Protocol):
    """The tables' rows, in whatever database keeps them: what
    :class:`~pintas.kiosk.service.Kiosk` calls. A change returns once it is
    committed; a change or read the database cannot do now raises
    :class:`NotKeptError` with nothing changed; a row that does not check is
    refused with :class:`DamagedRowError`, naming the table."""

    #: Where the rows are: an SQLite file's path, or a PostgreSQL URL.
    path: str
    #: Tables whose rows did not check when the store opened (id -> what is wrong).
    damaged: dict[str, str]

    def insert(self, table: Table, referee: bool, client: str = "",
               quota: Quota | None = None) -> None:
        """Keep a new table; ``client``: who made it, for :meth:`live_count`;
        ``quota``: refused (QuotaError) if ``client`` or the server already
        has that many unfinished tables, counted in the same step as the insert."""

    def update(self, table: Table, referee: bool, moves: int = 1) -> None:
        """Keep a table's new state, ``moves`` moves on from the row kept: only
        if the row is at the version it grew from (StaleVersionError otherwise)
        and still checks (DamagedRowError otherwise)."""

    def delete(self, id: str) -> bool:
        """Forget table ``id``; whether there was one."""

    def expire(self, before: float) -> list[str]:
        """Delete the tables last changed before ``before`` (seconds since the
        epoch); their ids."""

    def load(self, id: str) -> Table | None:
        """Table ``id`` as last kept, or None if there is none."""

    def referee_ids(self) -> list[str]:
        """The tables the server must act on (computer seats, clocks)."""

    def count(self) -> int:
        """How many tables are kept."""

    def live_count(self, client: str | None = None) -> int:
        """How many unfinished tables are kept: all, or those ``client`` made."""

    def close(self) -> None:
        """Let go of the database."""

    def join_servers(self) -> bool:
        """Count this process among the servers of the database; whether it is
        the only one (every other is down: a clock that ran out meanwhile
        gets the grace)."""

    def jobs(self, worker: str) -> Timetable | None:
        """The referee's timetable shared by every server of the database, as
        the server ``worker`` takes its jobs; None if each server keeps its own."""

    def listen(self, heard: Callable[[str], None]) -> Listening | None:
        """Hear what the other servers of the database commit: ``heard`` is
        called, on a thread of the store's, with ``t <id> <version>
        <revision>`` for a table written, ``j`` for a job of the referee's,
        and ``""`` when some may have been missed (a connection lost); None
        if no other server shares the database."""

    def shared(self) -> Shared | None:
        """What the servers of the database share besides the rows
        (:class:`Shared`); None if one server serves the database alone."""


#: A client's bucket: its tokens, and when it had them (seconds).
Bucket = tuple[float, float]
#: What a change makes of a bucket (None: a new client's, full): the bucket
#: then, and what the caller is answered.
Change = Callable[[Bucket | None], tuple[Bucket, float]]


class Buckets(Protocol):
    """Where the servers of one database keep the clients' buckets."""

    def bucket(self, kind: str, client: str, change: Change) -> float:
        """Change ``client``'s bucket of ``kind`` in one step (no other server
        changes it meanwhile); what ``change`` answered."""

    def forget_buckets(self, before: float) -> None:
        """Forget the buckets last changed before ``before`` (full by then)."""


class Shared(Buckets, Protocol):
    """What the servers of one database keep there besides the tables' rows,
    so that a seat may ask any of them: a table's version and revision read
    cheaply, and each seat's contact (its last request, and how long it waits
    on some server). Every call raises NotKeptError if the database cannot
    be reached now."""

    def stamp(self, id: str) -> tuple[int, int] | None:
        """Table ``id``'s version and revision as kept; None if there is no row."""

    def mark(self, id: str, seat: int, at: float, waiting: float) -> bool:
        """``seat`` of table ``id`` was in contact at ``at`` and waits on some
        server until at least ``waiting`` (0: it does not wait); each only ever
        grows. Whether the table has a job of the referee's."""

    def contact(self, id: str) -> dict[int, tuple[float, float]]:
        """Each seat of table ``id`` that was in contact: its ``at`` and ``waiting``."""

"""The kiosk's tables as a service: create, read, play, and the referee that
moves the computer seats and runs the move clocks — everything the web app
calls, with no HTTP in it, so tests and other servers can drive it directly.

Every change is committed before the call returns (an SQLite file or a
PostgreSQL database: :class:`~pintas.kiosk.rows.TableStore`), and a change
that cannot be kept is undone: the table is read back from the database.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .. import registry
from ..errors import CorruptStateError
from .limits import CreateLimiter, SharedLimiter
from .referee import Referee
from .rows import DATABASE_FAILURES, QuotaError, Shared
from .settings import Settings
from .store import TableStore, open_store
from .tables import TIMERS, KioskError, Table, TableSpec

__all__ = ["CACHE_SIZE", "TIMER_MOVE_SECONDS", "Bells", "Kiosk"]

#: How many tables stay in memory besides those on the referee's timetable.
CACHE_SIZE = 128
#: What the computer may spend on the move it plays for a person whose time ran out.
TIMER_MOVE_SECONDS = 0.3
#: A seat is "connected" while it waits (a long poll, a socket) and this long
#: after its last request (seconds: longer than the longest long poll), else "away".
CONNECTED_SECONDS = 30.0
#: After a change that could not be kept (a full disk), the referee tries
#: again after this long, doubled each time up to RETRY_MOST (seconds).
RETRY_FIRST = 1.0
RETRY_MOST = 30.0
#: On a database that several servers share, a seat's contact is written
#: there at most this often per table and seat by each server (seconds; or a
#: quarter of ``idle_seconds`` or ``absent_seconds`` if shorter), and a seat
#: waiting here (a long poll, a socket) is written as waiting for three times
#: as long, again as often while it waits.
MARK_EVERY = 10.0
#: How long a server keeps what it read of the seats' contact on other servers
#: before it reads it again to tell a seat the others' connection status (seconds).
CONTACT_READ = 1.0

#: What keeping a table may raise: its database failed, or its row is damaged.
_UNKEPT: tuple[type[Exception], ...] = (*DATABASE_FAILURES, CorruptStateError)
_log = logging.getLogger("pintas.kiosk")


class Bells:
    """Who waits for which table to change (the long polls, the WebSockets):
    each a ``ring()`` callable from any thread, rung at every change of its
    table, made on this server or heard from another."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: dict[str, set[Callable[[], None]]] = {}

    def add(self, id: str, ring: Callable[[], None]) -> None:
        with self._lock:
            self._waiting.setdefault(id, set()).add(ring)

    def discard(self, id: str, ring: Callable[[], None]) -> None:
        with self._lock:
            rings = self._waiting.get(id)
            if rings is not None:
                rings.discard(ring)
                if not rings:
                    del self._waiting[id]

    def ring(self, id: str) -> None:
        with self._lock:
            rings = list(self._waiting.get(id, ()))
        for ring in rings:
            ring()

    def __len__(self) -> int:
        """How many wait (on every table)."""
        with self._lock:
            return sum(map(len, self._waiting.values()))


class Kiosk:
    """The tables of one kiosk database: ``db``, the path of an SQLite file or
    a ``postgresql://`` URL.

    ``settings``: the operator's (:class:`~pintas.kiosk.settings.Settings`);
    ``pace``, if given, replaces its pace: how long a computer seat waits
    before it moves, so that people see each move. ``clock``: seconds since
    the epoch (a test may drive it).
    """

    def __init__(self, db: str | Path, pace: float | None = None,
                 clock: Callable[[], float] = time.time,
                 settings: Settings | None = None) -> None:
        settings = settings or Settings()
        if pace is not None:
            settings = settings.but(pace=pace)
        self.settings = settings
        self.store: TableStore = open_store(db)
        self.pace = settings.pace
        self.clock = clock
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()
        self._moved_at: dict[str, float] = {}  # tables on the timetable -> when they last changed
        self._seen: dict[str, float] = {}  # tables -> when a seat last asked about them
        self._asleep: set[str] = set()  # tables the referee let sleep: nobody asked for long
        self._retries: dict[str, int] = {}  # tables whose last change could not be kept
        self._damaged: set[str | None] = set()  # damaged tables already logged
        self._creating = threading.Lock()
        self._contact: dict[str, dict[int, float]] = {}  # table -> seat -> its last request
        self._waits: dict[str, Counter[int]] = {}  # table -> seat -> its waits open now
        #: What the servers of the database share (None on SQLite: one server).
        self.shared: Shared | None = self.store.shared()
        self._marked: dict[tuple[str, int], tuple[float, bool]] = {}  # contact written
        #: Tables -> when their seats' contact on any server was read, and what it was.
        self._contact_read: dict[str, tuple[float, dict[int, tuple[float, float]]]] = {}
        every = [MARK_EVERY, settings.idle_seconds / 4, settings.absent_seconds / 4]
        self.mark_every = max(0.05, min(e for e in every if e > 0))
        self._beat = threading.Event()   # set: a seat began or ended a wait (or it closes)
        self._unwaited: set[str] = set()  # tables a seat stopped waiting at, to schedule again
        self._closing = False
        self._beating: threading.Thread | None = None
        self._limiters: list[SharedLimiter] = []   # (their full buckets forgotten)
        #: The referee's timetable shared with the other servers of the
        #: database (PostgreSQL), or None: the referee keeps its own.
        self.jobs = self.store.jobs(
            f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}")
        self.referee = Referee(self._act, clock, settings.workers, self.housekeeping,
                               every=min(60.0, 900.0 * settings.expire_hours),
                               timetable=self.jobs)
        #: Who waits for a table to change.
        self.bells = Bells()
        #: What the other servers of the database commit, heard (None on SQLite).
        self.listener = self.store.listen(self._heard)
        now = self.clock()
        alone = self.store.join_servers()
        for id in self.store.referee_ids() if alone or self.jobs is None else []:
            table = self._readable(id)
            if table is not None:
                self._seen[id] = now
                if alone and table.resume_clock(now):
                    try:  # kept, so that the next restart gives no second grace
                        self.store.update(table, referee=True, moves=0)
                    except _UNKEPT as error:  # in memory only, then
                        _log.error("could not keep table %s's clock: %s", id, error)
                self._schedule(table, now)

    # -- the API ------------------------------------------------------------------------------

    def games(self) -> dict[str, Any]:
        """The menu of ``GET /api/games``."""
        games = []
        for preset in registry.presets():
            family = preset.family
            rules = preset.rules()
            if family.seats_from_rules:
                least, most = _seat_range(preset, rules)
            else:
                least, most = 1, 8
            games.append({"name": preset.name, "family": family.name, "title": preset.title,
                          "options": dict(preset.options),
                          "seats": {"min": least, "max": most,
                                    "default": family.seats(rules)},
                          "players": list(registry.LEVELS)})
        return {"games": games, "timers": list(TIMERS),
                "strengths": list(registry.LEVELS), "seeds": self.settings.allow_seeds}

    def create(self, body: object, client: str = "") -> dict[str, Any]:
        """``POST /api/tables``: a new table; its id and each human seat's token.
        ``client``: who asks (the web app gives the peer's address), for the
        per-client quota of :class:`~pintas.kiosk.settings.Settings`."""
        invite, spectators = False, None
        if isinstance(body, dict) and ("invite" in body or "spectators" in body):
            body = dict(body)
            invite = body.pop("invite", False)
            if not isinstance(invite, bool):
                raise KioskError(422, "bad_request", f"invite must be true or false: "
                                 f"got {invite!r:.40}")
            spectators = _spectators(body.pop("spectators", None))
        spec = TableSpec.from_request(body, self.settings.allow_seeds, online=invite)
        now = self.clock()
        table, tokens = Table.create(spec, now, self.settings.break_seconds)
        codes = table.invite() if invite else {}
        watch = None if spectators is None else table.allow_spectators(spectators)
        answer = self._insert(table, now, client)
        if watch is not None:
            answer["spectators"] = {"code": watch, "delay": spectators,
                                    "path": f"/api/tables/{table.id}/watch",
                                    "page": f"/watch/{table.id}#{watch}"}
        answer["tokens"] = {str(seat): token for seat, token in tokens.items()
                            if seat not in codes}
        if invite:
            answer["invitations"] = {
                str(seat): {"code": code, "link": f"/api/tables/{table.id}/join/{code}",
                            "page": f"/join/{table.id}#{code}"}
                for seat, code in codes.items()}
        return answer

    def join(self, id: str, code: object) -> dict[str, Any]:
        """``POST /api/tables/{id}/join/{code}``: use an invitation; the seat it
        opens and that seat's token, once (KioskError 410 ``spent`` after)."""
        for last in (False, True):
            table = self._current(self.table(id))
            now = self.clock()
            with table.lock:
                seat, token = table.join(code)
                try:
                    self._commit(table, now, moves=0)   # (not kept: it reads back unspent)
                except KioskError as error:   # another server changed it: look again
                    if last or error.status != 503 or self.shared is None:
                        raise
                    continue
                self._seen[id] = now
                return {"id": id, "seat": seat, "token": token, "revision": table.revision}
        raise AssertionError("unreachable")

    def _insert(self, table: Table, now: float, client: str) -> dict[str, Any]:
        """Keep a new table (within ``client``'s quota); what everyone may see of it."""
        quota = (self.settings.tables_per_client, self.settings.max_tables)
        with self._creating, table.lock:   # (the quota checked and kept in one step)
            try:
                self._keep(lambda: self.store.insert(table, self._needs_referee(table, now),
                                                     client, quota), table)
            except QuotaError as full:
                raise self._over_quota(client, full) from None
            self._seen[table.id] = now
            self._remember(table)
            self._schedule(table, now)
            return table.summary(now)

    def rematch(self, id: str, token: str | None, client: str = "") -> dict[str, Any]:
        """``POST /api/tables/{id}/rematch``: once the game is over, a new table
        of the same setup, seats and tokens, from a fresh seed of the server's;
        every seat asking gets the same one (the old table names it: ``rematch``)."""
        table, _ = self.asked(id, token)
        now = self.clock()
        with table.lock:
            if table.rematch is None:
                new = table.rematch_table(now)
                self._insert(new, now, client)
                table.rematch = new.id
                table._changed()
                self._commit(table, now, moves=0)
            return {"id": table.rematch, "revision": table.revision}

    def limiter(self, kind: str, settings: Settings | None = None) -> CreateLimiter:
        """The rate limit of ``kind`` (``create``, ``join``) per client, with
        ``settings``' rate (default: the kiosk's): in memory on SQLite, in the
        database on PostgreSQL (every server holds a client to one rate)."""
        settings = settings or self.settings
        if self.shared is None:
            return CreateLimiter(settings.create_per_minute, settings.create_burst)
        limiter = SharedLimiter(self.shared, kind, settings.create_per_minute,
                                settings.create_burst)
        self._limiters.append(limiter)
        return limiter

    @staticmethod
    def _over_quota(client: str, full: QuotaError) -> KioskError:
        """The answer to a table refused by the store for ``client``'s quota, or the server's."""
        if full.client is not None:
            return KioskError(429, "too_many_tables", f"{client or 'this client'} has "
                              f"{full.count} unfinished tables, the most one client may have: "
                              f"finish or leave one (DELETE /api/tables/{{id}}) first")
        return KioskError(429, "too_many_tables", f"the server holds {full.count} unfinished "
                          f"tables, the most it may: try again later")

    def state(self, id: str, token: str | None, since: object = 0,
              box: tuple[float, float] | None = None) -> dict[str, Any]:
        """``GET /api/tables/{id}``: what the token's seat may know now."""
        table, seat = self.asked(id, token)
        now = self.clock()
        answer = table.state(seat, now, _whole_or(since, 0, "since"), box)
        answer["connections"] = [self.connection(table, s, now)
                                 for s in range(len(table.spec.seats))]
        return answer

    def watch(self, id: str, code: str | None, since: object = 0) -> dict[str, Any]:
        """``GET /api/tables/{id}/watch``: what a spectator with the table's
        code is shown (:meth:`Table.watched`); it wakes nothing and is no seat."""
        table = self.spectated(id, code)
        return table.watched(_whole_or(since, 0, "since"))

    def spectated(self, id: str, code: str | None) -> Table:
        """The table a spectator's ``code`` opens (KioskError otherwise), as
        the database holds it now (:meth:`_current`)."""
        table = self._current(self.table(id))
        table.check_spectator(code)
        return table

    def connection(self, table: Table, seat: int, now: float) -> str | None:
        """``"connected"`` while ``seat`` waits on this server or asked within
        :data:`CONNECTED_SECONDS`, else ``"away"``; None for a computer seat."""
        if not table.is_human(seat):
            return None
        with self._lock:
            waits = self._waits.get(table.id)
            if waits is not None and waits[seat] > 0:
                return "connected"
            contacts = self._contact.get(table.id)
            last = None if contacts is None else contacts.get(seat)
        if last is not None and now - last <= CONNECTED_SECONDS:
            return "connected"
        at, waiting = self._contact_elsewhere(table.id, now).get(seat, (0.0, 0.0))
        return "connected" if waiting >= now or now - at <= CONNECTED_SECONDS else "away"

    @contextmanager
    def waiting(self, id: str, seat: int) -> Iterator[None]:
        """While ``seat`` of table ``id`` waits for a change (a long poll, a socket)."""
        with self._lock:
            self._waits.setdefault(id, Counter())[seat] += 1
        if self.shared is not None:
            self._beat.set()   # (written by the heartbeat's thread: this may be the event loop)
        try:
            yield
        finally:
            with self._lock:
                waits = self._waits.get(id)
                if waits is not None:
                    waits[seat] -= 1
                    if waits[seat] <= 0:
                        del waits[seat]
                    if not waits:
                        del self._waits[id]
                table = self._tables.get(id)
            now = self.clock()
            self._touch(id, seat, now)
            if table is not None and self.settings.absent_seconds:   # absent from now on
                if self.jobs is None or self._beating is None:
                    self._schedule(table, self._moved_at.get(id, now))
                else:   # (a write: the heartbeat's thread does it, not the event loop)
                    with self._lock:
                        self._unwaited.add(id)
                    self._beat.set()

    def _touch(self, id: str, seat: int, now: float) -> None:
        with self._lock:
            self._contact.setdefault(id, {})[seat] = now

    # -- what the servers of one database share ------------------------------------------

    def _current(self, table: Table) -> Table:
        """``table``, read again if the database holds a later version or
        revision of it (another server changed it, and this one may not have
        heard yet): one read by its primary key, on a database that several
        servers share. KioskError 404 if it is gone, 503 if it cannot be read."""
        if self.shared is None:
            return table
        try:
            stamp = self.shared.stamp(table.id)
        except DATABASE_FAILURES as error:
            raise KioskError(503, "not_kept", f"the table could not be read now ({error}): "
                             "try again") from None
        current = table if stamp is not None and stamp <= (table.version, table.revision) \
            else None if stamp is None else self._table(table.id, fresh=True)
        if current is None:   # deleted, or expired, on another server
            self._forget([table.id])
            raise KioskError(404, "no_table", f"no table {table.id!r}")
        return current

    def _mark(self, id: str, seat: int, now: float, waiting: bool = False) -> bool | None:
        """Write ``seat``'s contact with table ``id`` into the database the
        servers share (:data:`MARK_EVERY`, coarsely; ``waiting``: it waits
        here); whether the table has a job of the referee's, or None if
        nothing was written."""
        if self.shared is None:
            return None
        key = (id, seat)
        with self._lock:
            last = self._marked.get(key)
            if last is not None and now - last[0] < self.mark_every and (last[1] or not waiting):
                return None
            self._marked[key] = (now, waiting)
        try:
            return self.shared.mark(id, seat, now, now + 3 * self.mark_every if waiting else 0.0)
        except DATABASE_FAILURES as error:
            with self._lock:
                self._marked.pop(key, None)
            _log.warning("could not write the contact of table %s: %s", id, error)
            return None

    def _contact_elsewhere(self, id: str, now: float, fresh: bool = False
                           ) -> dict[int, tuple[float, float]]:
        """Each seat's contact with table ``id`` on any server (its last
        request and until when it waits), read from the database the servers
        share at most every :data:`CONTACT_READ` seconds unless ``fresh``; {}
        on SQLite."""
        if self.shared is None:
            return {}
        with self._lock:
            read = self._contact_read.get(id)
        if read is not None and not fresh and now - read[0] < CONTACT_READ:
            return read[1]
        try:
            contact = self.shared.contact(id)
        except DATABASE_FAILURES as error:
            _log.warning("could not read the contact of table %s: %s", id, error)
            return {} if read is None else read[1]
        with self._lock:
            self._contact_read[id] = (now, contact)
        return contact

    def heartbeat(self) -> None:
        """Write, into the database the servers share, that each seat waiting
        here still waits (once started, the server's heartbeat thread does it
        every :attr:`mark_every` seconds, and at once when a seat begins to wait);
        and put the tables a seat stopped waiting at back on the referee's
        timetable, due when their person to move counts as absent (a write to
        the shared timetable, kept off the event loop the wait ended on)."""
        with self._lock:
            waiting = [(id, seat) for id, waits in self._waits.items()
                       for seat, count in waits.items() if count > 0]
            unwaited = [self._tables.get(id) for id in self._unwaited]
            self._unwaited.clear()
        now = self.clock()
        for id, seat in waiting:
            self._mark(id, seat, now, waiting=True)
        for table in unwaited:   # due when the person to move counts as absent
            if table is not None:
                self._schedule(table, self._moved_at.get(table.id, now))

    def _beat_loop(self) -> None:
        while not self._closing:
            self._beat.wait(self.mark_every)
            self._beat.clear()
            if self._closing:
                return
            try:
                self.heartbeat()
            except Exception:   # (the next beat tries again)
                _log.exception("the kiosk's heartbeat failed")

    def play(self, id: str, token: str | None, body: object) -> dict[str, Any]:
        """``POST /api/tables/{id}/moves``: play the token's seat's move."""
        table, seat = self.asked(id, token)
        fields = _fields(body, ("move", "version"), "a move takes move and version")
        now = self.clock()
        with table.lock:
            table.check_kept()
            events = table.play(seat, fields.get("move"), fields.get("version"), now)
            self._commit(table, now)
            return {"version": table.version, "revision": table.revision, "events": events}

    def go_on(self, id: str, token: str | None, body: object) -> dict[str, Any]:
        """``POST /api/tables/{id}/continue``: the token's seat has seen a round's
        end and goes on (the break ends once every person has)."""
        table, seat = self.asked(id, token)
        fields = _fields(body, ("round",), "it takes the round whose end was seen")
        now = self.clock()
        with table.lock:
            if table.go_on(seat, fields.get("round"), now):
                self._commit(table, now, moves=0)
            return {"revision": table.revision,
                    "break": None if table.pause is None else table.pause.to_dict(now)}

    def leave(self, id: str, token: str | None) -> dict[str, Any]:
        """``DELETE /api/tables/{id}``: the token's seat leaves the table; the
        computer plays it from then on."""
        table, seat = self.asked(id, token)
        now = self.clock()
        with table.lock:
            table.leave(seat, now)
            if table.people:
                self._commit(table, now, moves=0)
                return {"revision": table.revision, "left": sorted(table.left),
                        "deleted": False}
            try:  # nobody is left at it: nobody can ever ask about it again
                self.store.delete(id)
            except DATABASE_FAILURES as error:
                with self._lock:
                    self._tables.pop(id, None)   # read back from disk: nobody has left
                raise KioskError(503, "not_kept", f"the table could not be deleted now "
                                 f"({error}): nothing changed, try again") from None
            self._forget([id])
            return {"revision": table.revision, "left": sorted(table.left), "deleted": True}

    def housekeeping(self) -> list[str]:
        """Delete the tables whose last change is older than the settings'
        ``expire_hours``; their ids. (The referee's thread calls it.)"""
        # rows are stamped with the wall clock when written, whatever self.clock is
        before = time.time() - 3600 * self.settings.expire_hours
        self._prune_contact()
        for limiter in self._limiters:
            limiter.forget()
        try:
            ids = self.store.expire(before)
        except DATABASE_FAILURES as error:
            _log.warning("could not delete the expired tables now: %s", error)
            return []
        self._forget(ids)
        if ids:
            _log.info("deleted %d table(s) not played for %g hours", len(ids),
                      self.settings.expire_hours)
        return ids

    def _prune_contact(self) -> None:
        """Forget the contact written or read long ago (it is written or read again)."""
        now = self.clock()
        with self._lock:
            for key in [k for k, (at, _) in self._marked.items()
                        if now - at > 3 * self.mark_every]:
                del self._marked[key]
            for id in [i for i, (at, _) in self._contact_read.items()
                       if now - at > CONTACT_READ]:
                del self._contact_read[id]

    def _forget(self, ids: list[str]) -> None:
        """Tables gone from the database: gone from memory and the timetable too."""
        with self._lock:
            for id in ids:
                self._tables.pop(id, None)
                self._moved_at.pop(id, None)
                self._seen.pop(id, None)
                self._contact.pop(id, None)
                self._contact_read.pop(id, None)
                self._retries.pop(id, None)
                self._asleep.discard(id)
        for id in ids:
            self.referee.schedule(id, None)
            self.bells.ring(id)

    def revision(self, id: str) -> int:
        """The table's revision (for the long poll): it grows with every change."""
        return self.table(id).revision

    def table(self, id: str) -> Table:
        """The table ``id`` (KioskError 404 if there is none)."""
        table = self._table(id) if isinstance(id, str) and len(id) <= 64 else None
        if table is None:
            raise KioskError(404, "no_table", f"no table {id!r}")
        return table

    def asked(self, id: str, token: str | None) -> tuple[Table, int]:
        """The table and the seat of a request with ``token``; the table is
        awake (a seat asked), its clock resumed if it slept."""
        table = self._current(self.table(id))
        seat = table.seat_of(token)
        now = self.clock()
        self._seen[id] = now
        self._touch(id, seat, now)
        if self._mark(id, seat, now) is False \
                and self._due(table, self._moved_at.get(id, now)) is not None:
            self._asleep.add(id)   # (let sleep by another server's referee: wake it)
        if id in self._asleep:
            with table.lock:
                self._asleep.discard(id)
                if table.resume_clock(now):
                    self._commit(table, now, moves=0, quiet=True)
                self._schedule(table, self._moved_at.get(id, now))
        return table, seat

    # -- the referee ------------------------------------------------------------------------

    def start(self) -> None:
        """Start the referee's threads (and, on a database that several
        servers share, the heartbeat of the seats waiting here)."""
        self.referee.start()
        if self.shared is not None and self._beating is None:
            self._beating = threading.Thread(target=self._beat_loop, daemon=True,
                                             name="pintas-heartbeat")
            self._beating.start()

    def close(self) -> None:
        """Stop the referee and close the database."""
        if self.listener is not None:
            self.listener.close()
        self._closing = True
        self._beat.set()
        if self._beating is not None:
            self._beating.join(5)
        self.referee.close()
        self.store.close()

    # -- news from the other servers ------------------------------------------------------

    def _heard(self, news: str) -> None:
        """What another server committed (:meth:`TableStore.listen`): a table
        cached here and behind is read again, and its waiters woken; a job
        wakes the referee."""
        kind, _, rest = news.partition(" ")
        if kind == "j":
            self.referee.wake()
            return
        if kind != "t":  # some news may have been missed: every table cached is read again
            with self._lock:
                ids = list(self._tables)
            for id in ids:
                self._refresh(id)
            self.referee.wake()
            return
        id, version, revision = rest.rsplit(" ", 2)
        with self._lock:
            table = self._tables.get(id)
        if table is not None and (int(version), int(revision)) > (table.version,
                                                                   table.revision):
            self._refresh(id)

    def _refresh(self, id: str) -> None:
        """Read table ``id`` again (if it is ahead in the database) and wake its waiters."""
        try:
            self._table(id, fresh=True)
        except KioskError:
            pass  # (damaged or unreadable now: its waiters are told when they ask)
        self.bells.ring(id)

    def step(self) -> float | None:
        """Do what is due now on every table, on this thread: a computer seat's
        move, the move for a person whose time ran out, the end of a break.
        Returns when the next thing is due."""
        return self.referee.run_due()

    def _act(self, id: str) -> float | None:
        """What the referee does on table ``id`` when it falls due; when it is next due."""
        now = self.clock()
        try:  # (shared with other servers, it may have been moved on elsewhere)
            table = self._table(id, fresh=self.jobs is not None)
        except KioskError as error:  # damaged: dropped; unreadable now: tried again
            return self._retry(id, now, error) if error.status == 503 else None
        if table is None:
            return None
        if now - self._seen.get(id, now) > self.settings.idle_seconds \
                and now - self._asked_elsewhere(id, now) > self.settings.idle_seconds:
            self._asleep.add(id)  # nobody has asked for long: wake when a seat asks
            return None
        moved_at = self._moved_at.get(id, now)
        absent = self._absent_at(table, moved_at)
        if absent is not None and absent <= now and self.shared is not None:
            self._contact_elsewhere(id, now, fresh=True)   # (in contact with another server?)
            absent = self._absent_at(table, moved_at)
        if absent is not None and absent <= now:
            with table.lock:   # the clock's path: the computer plays for them now
                if table.deadline is None or table.deadline > now:
                    table.deadline = now
        due = self._due(table, moved_at)
        if due is None or due > now:
            return due
        try:
            self._referee_move(table, now)
        except KioskError as error:  # not kept (a full disk): try again later
            return self._retry(id, now, error) if error.status == 503 else None
        except Exception as error:  # a table that fails is stopped alone
            self._stop(table, error)
            return None
        self._retries.pop(id, None)
        return self._due(table, self._moved_at.get(id, now))

    def _asked_elsewhere(self, id: str, now: float) -> float:
        """When a seat last asked about table ``id`` on any server (now if one
        waits), as the database the servers share says; -inf on SQLite."""
        last = float("-inf")
        for at, waiting in self._contact_elsewhere(id, now, fresh=True).values():
            last = max(last, at, min(now, waiting))
        if last > self._seen.get(id, last):
            self._seen[id] = last
        return last

    def _absent_at(self, table: Table, moved_at: float) -> float | None:
        """When the person to move counts as absent (the settings'
        ``absent_seconds`` after their last contact here, or after the table
        last moved), or None: no person to move, waiting now, or never."""
        seat = table.game.to_move
        if not self.settings.absent_seconds or seat is None or not table.is_human(seat) \
                or table.game.is_over or table.pause is not None or table.fault is not None:
            return None
        with self._lock:
            waits = self._waits.get(table.id)
            if waits is not None and waits[seat] > 0:
                return None
            contacts = self._contact.get(table.id) or {}
            last = max(contacts.get(seat, moved_at), moved_at)
            read = self._contact_read.get(table.id)
        at, waiting = (0.0, 0.0) if read is None else read[1].get(seat, (0.0, 0.0))
        return max(max(last, at) + self.settings.absent_seconds, waiting)

    def _due(self, table: Table, moved_at: float) -> float | None:
        """When the referee must next act on ``table``: its own due time, or
        when the person to move counts as absent, whichever is first."""
        due = table.due(self.pace, moved_at)
        absent = self._absent_at(table, moved_at)
        return absent if due is None else due if absent is None else min(due, absent)

    def _retry(self, id: str, now: float, error: KioskError) -> float:
        """When to try table ``id`` again after the disk failed it (backing off)."""
        tries = self._retries.get(id, 0)
        self._retries[id] = tries + 1
        _log.warning("table %s: %s (try %d)", id, error.message, tries + 1)
        return now + min(RETRY_MOST, RETRY_FIRST * 2.0 ** min(tries, 16))

    def _referee_move(self, table: Table, now: float) -> None:
        with table.lock:
            if table.end_break_if_due(now):
                self._commit(table, now, moves=0, quiet=True)
                return
        chosen = table.computer_move(TIMER_MOVE_SECONDS)
        if chosen is None:
            return
        version, move = chosen
        now = self.clock()
        with table.lock:
            if table.play_computer(version, move, now):
                self._commit(table, now, quiet=True)   # (the referee reports a failure)

    def _stop(self, table: Table, error: Exception) -> None:
        """Stop acting on ``table`` for good, tell its seats why, report it."""
        _log.error("table %s stopped: the referee failed on it", table.id,
                   exc_info=(type(error), error, error.__traceback__))
        reason = f"the computer could not move ({type(error).__name__}: {error})"
        with table.lock:
            table.stop(reason[:300])
            try:
                self._commit(table, self.clock(), moves=0, quiet=True)
            except KioskError:
                pass  # stopped in memory; the next restart tries again

    # -- keeping tables -----------------------------------------------------------------

    def _needs_referee(self, table: Table, now: float) -> bool:
        return table.due(self.pace, now) is not None

    def _commit(self, table: Table, now: float, moves: int = 1, quiet: bool = False) -> None:
        """Keep the table's new state on disk (its lock held), ``moves`` moves
        on from the state kept; put it on the referee's timetable."""
        self._keep(lambda: self.store.update(table, self._needs_referee(table, now), moves),
                   table, quiet)
        self._remember(table)
        self._schedule(table, now)

    def _keep(self, write: Callable[[], None], table: Table, quiet: bool = False) -> None:
        try:
            write()
        except CorruptStateError as error:  # its row is damaged: the table is gone for good
            with self._lock:
                if self._tables.get(table.id) is table:
                    del self._tables[table.id]
                self._moved_at.pop(table.id, None)
            self.referee.schedule(table.id, None)
            raise self._corrupt(error) from None
        except DATABASE_FAILURES as error:  # a full disk, a read-only file
            table.dropped = True  # (a request that holds this copy must not show it)
            with self._lock:  # forget the change: the table reads back from disk (the
                if self._tables.get(table.id) is table:  # referee tries its move again
                    del self._tables[table.id]  # once it can be kept)
            if not quiet:
                _log.error("could not keep table %s: %s", table.id, error)
            raise KioskError(503, "not_kept", f"the table could not be kept ({error}): "
                             "nothing changed, try again") from None

    def _corrupt(self, error: CorruptStateError) -> KioskError:
        id = getattr(error, "id", None)
        if id not in self._damaged:  # said once in the log, not at every request
            self._damaged.add(id)
            _log.error("%s", error)
        return KioskError(410, "corrupt_table", f"{error}: the table cannot be read any more")

    def _schedule(self, table: Table, moved_at: float) -> None:
        """Put ``table`` on the referee's timetable for when it next needs it."""
        due = self._due(table, moved_at)
        with self._lock:
            if due is None:
                self._moved_at.pop(table.id, None)
            else:
                self._moved_at[table.id] = moved_at
        self.referee.schedule(table.id, due)

    def _remember(self, table: Table) -> None:
        """Keep ``table`` cached."""
        with self._lock:
            self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            self._evict()
        self.bells.ring(table.id)

    def _evict(self) -> None:
        extra = len(self._tables) - CACHE_SIZE - len(self._moved_at)
        for id in list(self._tables):
            if extra <= 0:
                break
            if id not in self._moved_at:
                del self._tables[id]
                extra -= 1

    def _readable(self, id: str) -> Table | None:
        """The table for the referee, or None if it does not read back: one
        damaged row must not stop the server, nor the other tables (its
        requests are answered ``corrupt_table``), and neither must a disk that
        fails to read it (``not_kept``)."""
        try:
            return self._table(id)
        except KioskError:
            return None

    def _table(self, id: str, fresh: bool = False) -> Table | None:
        """Table ``id``, from memory if it is there; ``fresh``: read from the
        database, the copy in memory kept only if it is what the database
        holds (another server may have changed it)."""
        with self._lock:
            table = self._tables.get(id)
            if table is not None and not fresh:
                self._tables.move_to_end(id)
                return table
        try:
            loaded = self.store.load(id)
        except CorruptStateError as error:  # (store.DamagedRowError)
            raise self._corrupt(error) from None
        except DATABASE_FAILURES as error:  # the disk failed to read it
            _log.error("could not read table %s: %s", id, error)
            raise KioskError(503, "not_kept", f"the table could not be read now ({error}): "
                             "try again") from None
        if loaded is None:
            return None
        loaded.break_seconds = self.settings.break_seconds
        with self._lock:
            table = self._tables.setdefault(id, loaded)
            if fresh and (loaded.version, loaded.revision) > (table.version, table.revision):
                table = self._tables[id] = loaded  # (the copy in memory is behind)
            self._evict()
            return table


def _spectators(value: object) -> int | None:
    """The spectators' delay a new table's ``spectators`` field asks for: None
    (no spectators: absent, null or false), 0 (true) or ``{"delay": n}``."""
    if value is None or value is False:
        return None
    if value is True:
        return 0
    if isinstance(value, dict) and set(value) <= {"delay"}:
        return value.get("delay", 0)  # type: ignore[no-any-return]  # (checked by the table)
    raise KioskError(422, "bad_request", f"spectators must be true, false or {{\"delay\": "
                     f"moves}}: got {value!r:.60}")


def _fields(body: object, names: tuple[str, ...], what: str) -> dict[str, Any]:
    """A request's JSON object with only the fields ``names`` (KioskError otherwise)."""
    if not isinstance(body, dict):
        raise KioskError(400, "bad_json", f"the body must be a JSON object: got {body!r}")
    unknown = sorted(set(body) - set(names))
    if unknown:
        raise KioskError(422, "bad_request", f"unknown field(s) "
                         f"{', '.join(map(repr, unknown))}: {what}")
    return body


def _seat_range(preset: registry.Preset, rules: Any) -> tuple[int, int]:
    """The seat counts a preset can be set up with (by trying its ``players`` option)."""
    if "players" not in preset.options:
        return int(rules.players), int(rules.players)
    fits = []
    for players in range(1, 9):
        try:
            preset.rules(players=players)
            fits.append(players)
        except ValueError:
            pass
    return min(fits), max(fits)


def _whole_or(value: object, default: int, name: str) -> int:
    if value is None:
        return default
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) < 10:
        return int(value)
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise KioskError(422, "bad_request", f"{name} must be a whole number >= 0: got {value!r}")

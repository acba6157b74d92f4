"""The kiosk's tables as a service: create, read, play, and the referee that
moves the computer seats and runs the move clocks — everything the web app
calls, with no HTTP in it, so tests and other servers can drive it directly.

Every change is on disk before the call returns (:class:`~pintas.kiosk.store.Store`),
and a change that cannot be kept is undone: the table is read back from disk.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import registry
from ..errors import CorruptStateError
from .settings import Settings
from .store import Store
from .tables import TIMERS, KioskError, Table, TableSpec

__all__ = ["CACHE_SIZE", "TIMER_MOVE_SECONDS", "Kiosk"]

#: How many tables stay in memory besides those the referee is acting on.
CACHE_SIZE = 128
#: What the computer may spend on the move it plays for a person whose time ran out.
TIMER_MOVE_SECONDS = 0.3
#: The referee looks at its tables at least this often (seconds).
REFEREE_TICK = 0.5

_log = logging.getLogger("pintas.kiosk")


class Kiosk:
    """The tables of one kiosk database.

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
        self.store = Store(db)
        self.pace = settings.pace
        self.clock = clock
        self._tables: OrderedDict[str, Table] = OrderedDict()
        self._lock = threading.Lock()
        self._active: dict[str, float] = {}  # tables the referee acts on -> when they last moved
        self._damaged: set[str | None] = set()  # damaged tables already logged
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._referee: threading.Thread | None = None
        now = self.clock()
        for id in self.store.referee_ids():
            table = self._readable(id)
            if table is not None:
                if table.resume_clock(now):
                    try:  # kept, so that the next restart gives no second grace
                        self.store.update(table, referee=True, moves=0)
                    except (sqlite3.Error, CorruptStateError) as error:  # in memory only, then
                        _log.error("could not keep table %s's clock: %s", id, error)
                self._active[id] = now

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
                          "players": [k.name for k in family.players]})
        return {"games": games, "timers": list(TIMERS),
                "strengths": list(registry.STRENGTHS)}

    def create(self, body: object, client: str = "") -> dict[str, Any]:
        """``POST /api/tables``: a new table; its id and each human seat's token.
        ``client``: who asks (the web app gives the peer's address), for the
        per-client quota of :class:`~pintas.kiosk.settings.Settings`."""
        spec = TableSpec.from_request(body)
        now = self.clock()
        table, tokens = Table.create(spec, now)
        with table.lock:
            referee = table.due(self.pace, now) is not None
            self._keep(lambda: self.store.insert(table, referee), table)
            self._remember(table, now, referee)
            answer = table.summary(now)
        answer["tokens"] = {str(seat): token for seat, token in tokens.items()}
        return answer

    def state(self, id: str, token: str | None, since: object = 0,
              box: tuple[float, float] | None = None) -> dict[str, Any]:
        """``GET /api/tables/{id}``: what the token's seat may know now."""
        table = self.table(id)
        seat = table.seat_of(token)
        return table.state(seat, self.clock(), _whole_or(since, 0, "since"), box)

    def play(self, id: str, token: str | None, body: object) -> dict[str, Any]:
        """``POST /api/tables/{id}/moves``: play the token's seat's move."""
        table = self.table(id)
        seat = table.seat_of(token)
        if not isinstance(body, dict):
            raise KioskError(400, "bad_json", f"the body must be a JSON object: got {body!r}")
        unknown = sorted(set(body) - {"move", "version"})
        if unknown:
            raise KioskError(422, "bad_request", f"unknown field(s) "
                             f"{', '.join(map(repr, unknown))}: a move takes move and version")
        now = self.clock()
        with table.lock:
            events = table.play(seat, body.get("move"), body.get("version"), now)
            self._commit(table, now)
            return {"version": table.version, "events": events}

    def version(self, id: str) -> int:
        """The table's version (for the long poll)."""
        return self.table(id).version

    def table(self, id: str) -> Table:
        """The table ``id`` (KioskError 404 if there is none)."""
        table = self._table(id) if isinstance(id, str) and len(id) <= 64 else None
        if table is None:
            raise KioskError(404, "no_table", f"no table {id!r}")
        return table

    # -- the referee ------------------------------------------------------------------------

    def start(self) -> None:
        """Start the referee's thread."""
        if self._referee is None:
            self._stop.clear()
            self._referee = threading.Thread(target=self._run, name="pintas-kiosk-referee",
                                             daemon=True)
            self._referee.start()

    def close(self) -> None:
        """Stop the referee and close the database."""
        self._stop.set()
        self._wake.set()
        if self._referee is not None:
            self._referee.join(10)
            self._referee = None
        self.store.close()

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                due = self.step()
            except Exception:  # the referee must outlive any one table's fault
                _log.exception("the referee failed on a table")
                due = None
            wait = REFEREE_TICK if due is None else min(REFEREE_TICK, max(0.0, due - self.clock()))
            self._wake.wait(wait)
            self._wake.clear()

    def step(self) -> float | None:
        """Do what is due now on every table: a computer seat's move, or the move
        for a person whose time ran out. Returns when the next thing is due."""
        next_due: float | None = None
        with self._lock:
            active = list(self._active.items())
        for id, moved_at in active:
            table = self._readable(id)
            due = None if table is None else table.due(self.pace, moved_at)
            if table is None or due is None:
                with self._lock:
                    self._active.pop(id, None)
                continue
            if due <= self.clock():
                self._referee_move(table)
                due = table.due(self.pace, self._active.get(id, self.clock()))
            if due is not None and (next_due is None or due < next_due):
                next_due = due
        return next_due

    def _referee_move(self, table: Table) -> None:
        chosen = table.computer_move(TIMER_MOVE_SECONDS)
        if chosen is None:
            return
        version, move = chosen
        now = self.clock()
        with table.lock:
            if table.play_computer(version, move, now):
                self._commit(table, now)

    # -- keeping tables -----------------------------------------------------------------

    def _commit(self, table: Table, now: float) -> None:
        """Keep the table's new state on disk (its lock held); remember it for the referee."""
        referee = table.due(self.pace, now) is not None
        self._keep(lambda: self.store.update(table, referee), table)
        self._remember(table, now, referee)

    def _keep(self, write: Callable[[], None], table: Table) -> None:
        try:
            write()
        except CorruptStateError as error:  # its row is damaged: the table is gone for good
            with self._lock:
                if self._tables.get(table.id) is table:
                    del self._tables[table.id]
                self._active.pop(table.id, None)
            raise self._corrupt(error) from None
        except sqlite3.Error as error:  # (store.NotKeptError) a full disk, a read-only file
            with self._lock:  # forget the change: the table reads back from disk (the
                if self._tables.get(table.id) is table:  # referee's list keeps it, so that
                    del self._tables[table.id]  # its move is made again once it can be kept)
            _log.error("could not keep table %s: %s", table.id, error)
            raise KioskError(503, "not_kept", f"the table could not be kept ({error}): "
                             "nothing changed, try again") from None

    def _corrupt(self, error: CorruptStateError) -> KioskError:
        id = getattr(error, "id", None)
        if id not in self._damaged:  # said once in the log, not at every request
            self._damaged.add(id)
            _log.error("%s", error)
        return KioskError(410, "corrupt_table", f"{error}: the table cannot be read any more")

    def _remember(self, table: Table, now: float, referee: bool) -> None:
        """Keep ``table`` cached; with ``referee``, on the referee's list."""
        with self._lock:
            self._tables[table.id] = table
            self._tables.move_to_end(table.id)
            if referee:
                self._active[table.id] = now
            else:
                self._active.pop(table.id, None)
            self._evict()
        self._wake.set()

    def _evict(self) -> None:
        extra = len(self._tables) - CACHE_SIZE - len(self._active)
        for id in list(self._tables):
            if extra <= 0:
                break
            if id not in self._active:
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

    def _table(self, id: str) -> Table | None:
        with self._lock:
            table = self._tables.get(id)
            if table is not None:
                self._tables.move_to_end(id)
                return table
        try:
            loaded = self.store.load(id)
        except CorruptStateError as error:  # (store.DamagedRowError)
            raise self._corrupt(error) from None
        except sqlite3.Error as error:  # (store.NotKeptError) the disk failed to read it
            _log.error("could not read table %s: %s", id, error)
            raise KioskError(503, "not_kept", f"the table could not be read now ({error}): "
                             "try again") from None
        if loaded is None:
            return None
        with self._lock:
            table = self._tables.setdefault(id, loaded)
            self._evict()
            return table


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

"""The referee's timetable: when each table next needs the server (a
computer seat's move, a clock run out, a break over), and the threads that
act then.

Tables are served in the order they fall due, each by one thread at a time,
on a fixed pool of threads: a table whose computer thinks long holds one
thread for its own move only, and never the others' turn. What acting means
is the caller's (:class:`~pintas.kiosk.service.Kiosk`): ``act(id)`` does what
is due on table ``id`` and returns when it is next due, or None.

The due times are kept in this process's memory (:class:`MemoryTimetable`),
or in a PostgreSQL database as jobs that every server of it shares
(:class:`~pintas.kiosk.postgres.Jobs`, docs/server.md).
"""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Protocol

__all__ = ["AHEAD", "SETTLE", "TICK", "MemoryTimetable", "Referee", "Timetable"]

#: The longest the timetable sleeps without looking at the clock (seconds):
#: a clock driven by a test moves without waking it.
TICK = 0.5
#: The least time between two looks at the timetable woken by other servers'
#: news (seconds): news that comes faster (every move of a busy site) is
#: taken in one look, not one look each.
SETTLE = 0.02
#: The most tables a referee holds taken a thread (being acted on, or
#: waiting for a thread): more stay on the timetable.
AHEAD = 2

_log = logging.getLogger("pintas.kiosk")


class Timetable(Protocol):
    """When each table is next due: the referee's own in memory
    (:class:`MemoryTimetable`), or one shared by every server of a database
    (:class:`~pintas.kiosk.postgres.Jobs`). Its caller holds a lock: one call
    at a time."""

    def schedule(self, id: str, due: float | None) -> None:
        """Table ``id`` is next due at ``due``, or never (None)."""

    def due(self, id: str) -> float | None:
        """When table ``id`` is next due, or None."""

    def __len__(self) -> int:
        """How many tables are due some time."""

    def take_due(self, now: float, most: int | None = None) -> tuple[list[str], float | None]:
        """The tables due at ``now`` that nobody is acting on, taken (each
        acted on by its taker alone until :meth:`done`), at most ``most`` of
        them (None: as many as the timetable takes at once), the first due
        first; and when the next falls due."""

    def done(self, id: str, due: float | None) -> None:
        """The taker of table ``id`` is done with it; it is next due at ``due``."""

    def next_due(self) -> float | None:
        """When the next table falls due."""


class MemoryTimetable:
    """A :class:`Timetable` in this process's memory: a heap of due times."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int, str]] = []
        self._due: dict[str, tuple[float, int]] = {}
        self._busy: set[str] = set()
        self._count = itertools.count()

    def schedule(self, id: str, due: float | None) -> None:
        if due is None:
            self._due.pop(id, None)
            return
        seq = next(self._count)
        self._due[id] = (due, seq)
        heapq.heappush(self._heap, (due, seq, id))

    def due(self, id: str) -> float | None:
        entry = self._due.get(id)
        return None if entry is None else entry[0]

    def __len__(self) -> int:
        return len(self._due)

    def take_due(self, now: float, most: int | None = None) -> tuple[list[str], float | None]:
        ready: list[str] = []
        while self._heap and self._heap[0][0] <= now and (most is None or len(ready) < most):
            due, seq, id = heapq.heappop(self._heap)
            if self._due.get(id) != (due, seq):
                continue  # rescheduled since, or dropped
            if id in self._busy:
                continue  # still in _due: put back when its thread is done
            del self._due[id]
            self._busy.add(id)
            ready.append(id)
        while self._heap and self._due.get(self._heap[0][2]) != self._heap[0][:2]:
            heapq.heappop(self._heap)
        return ready, (self._heap[0][0] if self._heap else None)

    def done(self, id: str, due: float | None) -> None:
        self._busy.discard(id)
        entry = self._due.get(id)
        if entry is not None:  # a request rescheduled it while a thread acted on it
            heapq.heappush(self._heap, (entry[0], entry[1], id))
            return
        self.schedule(id, due)

    def next_due(self) -> float | None:
        return min((due for due, _ in self._due.values()), default=None)


class Referee:
    """The tables' due times, and ``workers`` threads that act on the tables due.

    The referee takes no more tables off the timetable than its threads can
    start on soon (:data:`AHEAD` a thread): the rest stay due on the
    timetable, where another server of a shared one takes them, and a table
    taken is acted on well within its lease.

    ``act(id)`` must not raise (an exception is logged and the table dropped
    from the timetable); ``housekeeping()`` runs every ``every`` seconds on the
    timetable's own thread. ``timetable``: where the due times are kept (by
    default in memory).
    """

    def __init__(self, act: Callable[[str], float | None], clock: Callable[[], float],
                 workers: int, housekeeping: Callable[[], object] | None = None,
                 every: float = 60.0, timetable: Timetable | None = None) -> None:
        self._act = act
        self._clock = clock
        self._workers = workers
        self._housekeeping = housekeeping
        self._every = every
        self._timetable: Timetable = MemoryTimetable() if timetable is None else timetable
        self._cond = threading.Condition()
        self._stop = False
        self._thread: threading.Thread | None = None
        self._pool: ThreadPoolExecutor | None = None
        #: Tables taken off the timetable and not done with yet.
        self.taken = 0
        #: How many times the timetable was looked at for tables due.
        self.looks = 0
        self._prompt = False  # a table scheduled or done here since the last look

    # -- the timetable --------------------------------------------------------------------

    def schedule(self, id: str, due: float | None) -> None:
        """Table ``id`` is next due at ``due`` (seconds since the epoch), or never (None)."""
        with self._cond:
            self._timetable.schedule(id, due)
            if due is not None:
                self._prompt = True
                self._cond.notify()

    def wake(self) -> None:
        """Look at the timetable soon (another server changed it): at once,
        unless the last look was less than :data:`SETTLE` ago."""
        with self._cond:
            self._cond.notify()

    def due(self, id: str) -> float | None:
        """When table ``id`` is next due, or None."""
        with self._cond:
            return self._timetable.due(id)

    def __len__(self) -> int:
        with self._cond:
            return len(self._timetable)

    def _take_due(self, now: float, most: int | None = None) -> tuple[list[str], float | None]:
        """The tables due at ``now`` that no thread is acting on (taken off the
        timetable and marked busy), at most ``most``, and when the next one
        falls due. The caller holds the lock."""
        ready, next_due = self._timetable.take_due(now, most)
        self.taken += len(ready)
        self.looks += 1
        return ready, next_due

    def _done(self, id: str, due: float | None) -> None:
        with self._cond:
            self.taken -= 1
            self._timetable.done(id, due)
            self._prompt = True
            self._cond.notify()

    def _run_one(self, id: str) -> None:
        due = None
        try:
            due = self._act(id)
        except Exception:  # the referee outlives any one table's fault
            _log.exception("the referee failed on table %s", id)
        finally:
            self._done(id, due)

    # -- acting -----------------------------------------------------------------------------

    def run_due(self) -> float | None:
        """Act now, on this thread, on every table due; when the next falls due.
        (What the threads do, for a test that drives the clock.)"""
        with self._cond:
            ready, _ = self._take_due(self._clock())
        for id in ready:
            self._run_one(id)
        with self._cond:
            return self._timetable.next_due()

    def start(self) -> None:
        """Start the timetable's thread and the pool of ``workers`` threads."""
        if self._thread is not None:
            return
        self._stop = False
        self._pool = ThreadPoolExecutor(self._workers, thread_name_prefix="pintas-referee")
        self._thread = threading.Thread(target=self._loop, name="pintas-timetable",
                                        daemon=True)
        self._thread.start()

    def close(self) -> None:
        """Stop the threads (a move under way finishes first, up to 10 s)."""
        with self._cond:
            self._stop = True
            self._cond.notify_all()
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def _settle(self, until: float) -> None:
        """Woken by other servers' news only: wait until ``until`` (monotonic)
        before looking again, unless a table is scheduled or done here
        meanwhile. The caller holds the lock."""
        while not self._prompt and not self._stop:
            left = until - time.monotonic()
            if left <= 0:
                return
            self._cond.wait(left)

    def _loop(self) -> None:
        last_housekeeping = self._clock()
        while True:
            with self._cond:
                if self._stop:
                    return
                now = self._clock()
                room = AHEAD * self._workers - self.taken
                looked = time.monotonic()
                ready, next_due = self._take_due(now, room) if room > 0 else ([], None)
                self._prompt = False
                if not ready:  # (a thread done with a table wakes it, as a schedule does)
                    wait = TICK if next_due is None else min(TICK, max(0.0, next_due - now))
                    self._cond.wait(wait)
                    self._settle(looked + SETTLE)
            pool = self._pool
            for id in ready:
                if pool is None:  # closing: left due for whoever serves next
                    self._done(id, now)
                else:
                    pool.submit(self._run_one, id)
            if self._housekeeping is not None and now - last_housekeeping >= self._every:
                last_housekeeping = now
                try:
                    self._housekeeping()
                except Exception:
                    _log.exception("the kiosk's housekeeping failed")

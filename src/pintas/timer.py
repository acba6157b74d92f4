"""The move timer: the computer's move for a seat whose time runs out, and a
small per-seat clock that tells the host when to ask for it.

Online tables give each move 15, 30 or 60 seconds; when the time runs out the
computer plays for the seat. The library never keeps real time by
itself: the host owns the clock, asks :meth:`Clock.should_auto_move` while a
seat thinks, and then plays :func:`auto_move`'s move, which is ready within the
seconds it was given.

>>> from pintas import domino
>>> from pintas.timer import Clock, auto_move
>>> g = domino.Game(domino.Rules.dominican(), seed=7)
>>> clock = Clock.fast(time_source=lambda: 100.0)
>>> clock.start(g.to_move)
>>> clock.should_auto_move(now=113.5)
True
>>> auto_move(g, g.to_move, seconds=clock.budget(now=113.5)) in g.legal_moves()
True
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable
from typing import Any

from . import registry
from ._base import Stop
from ._checks import check_seat, is_number, is_whole
from .errors import IllegalMoveError, RulesError, RulesTypeError, SeatError, SeatTypeError
from .protocol import Game, Player

__all__ = ["Clock", "auto_move"]


#: auto_move raises its search's stop flag this share of the budget (between
#: GUARD_MIN and GUARD_MAX seconds) before it wants the search's answer: the
#: time for the search to end its sample and answer. Both moments move earlier
#: by how late a waiting thread may run again (:class:`_Lateness`).
GUARD_SHARE = 0.04
GUARD_MIN = 0.0005
GUARD_MAX = 0.004
#: What auto_move keeps after its last wait for its own return.
RETURN_MARGIN = 0.00025
#: The least lateness auto_move allows for: on a busy machine a thread that
#: has woken on time for a while can still, now and then, run milliseconds late.
LATE_FLOOR = 0.003


class _Lateness:
    """How late a waiting thread has been, lately, in running again after the
    moment it asked for: on a busy machine the OS can keep a thread waiting for
    milliseconds. auto_move waits twice (for the moment to stop the search, for
    the answer) and each wait can end that late, so it stops the search and
    stops waiting for the answer that much earlier. The estimate is the largest
    of the last :data:`WINDOW` delays, and at least :data:`LATE_FLOOR`: late
    wakes come in bursts, and the first of a burst must not make a move late.
    Shared by all threads (a lost update only makes one estimate a little off)."""

    WINDOW = 256

    def __init__(self) -> None:
        self._recent: list[float] = []

    def record(self, seconds: float) -> None:
        self._recent.append(max(0.0, seconds))
        del self._recent[:-self.WINDOW]

    def estimate(self) -> float:
        return max([LATE_FLOOR, *self._recent])


_LATENESS = _Lateness()


def _check_seconds(name: str, value: object, allow_zero: bool = False) -> float:
    if not is_number(value) or not math.isfinite(value) \
            or value < 0 or (value == 0 and not allow_zero):
        low = ">= 0" if allow_zero else "> 0"
        error = RulesError if is_number(value) else RulesTypeError
        raise error(f"{name} must be a finite number of seconds {low}: got {value!r}")
    return float(value)


def _players(game: Game, samples: int, stop: Stop) -> tuple[Player, Player]:
    """(a quick fallback player, the player whose move auto_move wants)."""
    return registry.family_of(game).timer_players(samples, stop)


def _within(cut_at: float, answer_by: float, work: Callable[[], Any], stop: Stop) -> Any | None:
    """``work()``'s result, or None if it has none by ``answer_by`` (perf_counter).

    The work runs on a daemon thread. At ``cut_at`` the ``stop`` flag is
    raised: a search running in C (without the GIL) ends before its next
    sample and the work answers from the samples it has, which is waited for
    until ``answer_by``. So the move comes in time, and no search goes on
    burning a core after it. How late each wait ends is recorded.
    """
    box: list[Any] = []
    ready = threading.Event()
    done_at: list[float] = []

    def run() -> None:
        try:
            box.append(work())
        except Exception:  # the fallback move stands in for any failure
            pass
        finally:
            done_at.append(time.perf_counter())
            ready.set()

    threading.Thread(target=run, name="pintas-auto-move", daemon=True).start()
    if not _wait(ready, cut_at, done_at):
        stop.set()
        _wait(ready, answer_by, done_at)
    return box[0] if box else None


def _wait(ready: threading.Event, until: float, done_at: list[float]) -> bool:
    """Wait for ``ready`` until ``until``; record how late the waiting thread
    ran again (after ``until``, or after the work said it was done)."""
    called = time.perf_counter()
    answered = ready.wait(max(0.0, until - called))
    woke = time.perf_counter()
    _LATENESS.record(woke - (max(done_at[0], called) if answered and done_at else until))
    return answered


def auto_move(game: Game, seat: int, seconds: float, samples: int = 200) -> Any:
    """The move the computer plays for ``seat`` (to move in ``game``), returned
    within ``seconds`` of the call.

    The move is the game's best player's (its family's timer players in
    :mod:`pintas.registry`: the domino games' and Caminos' search player with
    up to ``samples`` samples; at dice the win player in the 2-player games it
    has a table for, else the optimal player), which decides from
    ``game.view(seat)`` only. The deadline holds by construction: a quick
    greedy move is computed first; the search runs on a worker thread, in C,
    and a moment before the deadline (:data:`GUARD_SHARE` of the budget, plus
    twice how late this machine has lately been in waking a thread) its stop
    flag is raised: it ends its sample and answers with the best move of the
    samples it ran, or, if it has not answered in time, the greedy move is
    returned.
    Budgets of a millisecond or two leave room only for the greedy move. The
    search never runs on after the call (the dice player's one-off solve of a
    new set of rules, a few milliseconds, excepted). Only a machine that runs a
    waiting thread later than it ever has in the last 256 waits, and by more
    than 3 ms, can make the move late (docs/performance.md has the figures).

    Raises IllegalMoveError if ``seat`` is not to move, SeatError for a seat the
    game does not have, RulesError for a bad ``seconds``. The game is not changed.
    """
    start = time.perf_counter()
    budget = _check_seconds("seconds", seconds)
    if not is_whole(samples) or samples < 1:
        error = RulesError if is_whole(samples) else RulesTypeError
        raise error(f"samples must be a whole number >= 1: got {samples!r}")
    late = _LATENESS.estimate()
    answer_by = start + budget - min(late + RETURN_MARGIN, 0.25 * budget)
    guard = min(GUARD_MAX, max(GUARD_MIN, GUARD_SHARE * budget)) + late
    cut_at = max(start + 0.25 * budget, answer_by - guard)
    stop = Stop()
    fallback_player, player = _players(game, samples, stop)
    check_seat(seat, game.seats)
    if game.is_over or game.to_move != seat:
        state = "the game is over" if game.is_over else f"seat {game.to_move} is to move"
        raise IllegalMoveError(f"seat {seat} has no move to make: {state}")
    view = game.view(seat)
    fallback = fallback_player.choose(view)
    move = _within(cut_at, answer_by, lambda: player.choose(view), stop)
    return fallback if move is None else move


class Clock:
    """Per-seat turn time: one turn runs at a time, each with the same limit.

    Times come from ``time_source`` (default :func:`time.monotonic`) or from
    the ``now`` argument of each method, so a host or a test can drive it.

    >>> c = Clock(seconds_per_move=30, time_source=lambda: 0.0)
    >>> c.start(2, now=10.0)
    >>> c.remaining(now=25.0), c.expired(now=25.0), c.should_auto_move(now=25.0)
    (15.0, False, False)
    >>> c.should_auto_move(now=38.5), c.expired(now=40.0)
    (True, True)
    >>> c.stop(now=40.0), c.used(2)
    (30.0, 30.0)
    """

    FAST = 15.0
    NORMAL = 30.0
    SLOW = 60.0

    def __init__(self, seconds_per_move: float = NORMAL,
                 time_source: Callable[[], float] = time.monotonic) -> None:
        self.seconds_per_move = _check_seconds("seconds_per_move", seconds_per_move)
        if not callable(time_source):
            raise RulesTypeError(f"time_source must be a function returning seconds: "
                             f"got {time_source!r}")
        self._time = time_source
        self._seat: int | None = None
        self._started = 0.0
        self._used: dict[int, float] = {}

    @classmethod
    def fast(cls, time_source: Callable[[], float] = time.monotonic) -> Clock:
        """15 seconds a move."""
        return cls(cls.FAST, time_source)

    @classmethod
    def normal(cls, time_source: Callable[[], float] = time.monotonic) -> Clock:
        """30 seconds a move."""
        return cls(cls.NORMAL, time_source)

    @classmethod
    def slow(cls, time_source: Callable[[], float] = time.monotonic) -> Clock:
        """60 seconds a move."""
        return cls(cls.SLOW, time_source)

    def _now(self, now: float | None) -> float:
        if now is None:
            return float(self._time())
        if not is_number(now) or not math.isfinite(now):
            error = RulesError if is_number(now) else RulesTypeError
            raise error(f"now must be a finite number of seconds: got {now!r}")
        return float(now)

    @property
    def seat(self) -> int | None:
        """The seat whose turn is running, or None."""
        return self._seat

    def start(self, seat: int, now: float | None = None) -> None:
        """Start ``seat``'s turn (a running turn is stopped first)."""
        if not is_whole(seat) or seat < 0:
            error = SeatError if is_whole(seat) else SeatTypeError
            raise error(f"a seat is a whole number >= 0: got {seat!r}")
        at = self._now(now)
        if self._seat is not None:
            self.stop(at)
        self._seat, self._started = seat, at

    def stop(self, now: float | None = None) -> float:
        """End the running turn; its seconds (added to the seat's total), 0.0 if none."""
        at = self._now(now)
        if self._seat is None:
            return 0.0
        spent = max(0.0, at - self._started)
        self._used[self._seat] = self._used.get(self._seat, 0.0) + spent
        self._seat = None
        return spent

    def elapsed(self, now: float | None = None) -> float:
        """Seconds the running turn has taken (0.0 when none runs)."""
        if self._seat is None:
            return 0.0
        return max(0.0, self._now(now) - self._started)

    def remaining(self, now: float | None = None) -> float:
        """Seconds left in the running turn (the full limit when none runs)."""
        return max(0.0, self.seconds_per_move - self.elapsed(now))

    def expired(self, now: float | None = None) -> bool:
        """True once the running turn has used all its time."""
        return self._seat is not None and self.remaining(now) <= 0.0

    def should_auto_move(self, now: float | None = None, margin: float = 2.0) -> bool:
        """True when the running turn has ``margin`` seconds or less left: time
        for the host to call :func:`auto_move` with :meth:`budget` seconds."""
        _check_seconds("margin", margin, allow_zero=True)
        return self._seat is not None and self.remaining(now) <= margin

    def budget(self, now: float | None = None, reserve: float = 0.25) -> float:
        """Seconds to give :func:`auto_move` so that its move, plus ``reserve``
        seconds for the host to play it, lands before the turn expires (at
        least 1 ms, so auto_move can still return its quick move)."""
        _check_seconds("reserve", reserve, allow_zero=True)
        return max(0.001, self.remaining(now) - reserve)

    def used(self, seat: int) -> float:
        """Total seconds ``seat``'s finished turns have taken."""
        if not is_whole(seat):
            raise SeatTypeError(f"a seat is a whole number >= 0: got {seat!r}")
        return self._used.get(seat, 0.0)

    @property
    def totals(self) -> dict[int, float]:
        """Total seconds per seat over its finished turns."""
        return dict(self._used)

    def __repr__(self) -> str:
        running = "idle" if self._seat is None else f"seat {self._seat} running"
        return f"<Clock {self.seconds_per_move:g}s a move, {running}>"

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
from ._checks import check_seat, is_number, is_whole
from .errors import IllegalMoveError, RulesError, RulesTypeError, SeatError, SeatTypeError
from .protocol import Game, Player

__all__ = ["Clock", "auto_move"]


#: The search is given this share of the time; the rest absorbs a batch that
#: runs long, thread start-up and the interpreter's thread switch interval.
SEARCH_SHARE = 0.8
#: auto_move stops waiting this long before its deadline (at most), so that
#: returning the move never crosses it.
GUARD_SECONDS = 0.02


def _check_seconds(name: str, value: object, allow_zero: bool = False) -> float:
    if not is_number(value) or not math.isfinite(value) \
            or value < 0 or (value == 0 and not allow_zero):
        low = ">= 0" if allow_zero else "> 0"
        error = RulesError if is_number(value) else RulesTypeError
        raise error(f"{name} must be a finite number of seconds {low}: got {value!r}")
    return float(value)


def _players(game: Game, seconds: float, samples: int) -> tuple[Player, Player]:
    """(a quick fallback player, the player whose move auto_move wants)."""
    return registry.family_of(game).timer_players(seconds, samples)


def _within(deadline: float, work: Callable[[], Any]) -> Any | None:
    """``work()``'s result if it is ready by ``deadline`` (perf_counter), else None.

    The work runs on a daemon thread, so waiting ends at the deadline whatever
    it does; a late result is dropped (the search releases the GIL in C, and
    a thread holding it in Python yields it every switch interval).
    """
    box: list[Any] = []
    ready = threading.Event()

    def run() -> None:
        try:
            box.append(work())
        except Exception:  # the fallback move stands in for any failure
            pass
        finally:
            ready.set()

    threading.Thread(target=run, name="pintas-auto-move", daemon=True).start()
    ready.wait(max(0.0, deadline - time.perf_counter()))
    return box[0] if box else None


def auto_move(game: Game, seat: int, seconds: float, samples: int = 200) -> Any:
    """The move the computer plays for ``seat`` (to move in ``game``), returned
    within ``seconds`` of the call.

    The move is the game's best player's (its family's timer players in
    :mod:`pintas.registry`: the domino games' and Caminos' search player with
    ``samples``; the dice optimal player), which decides from
    ``game.view(seat)`` only. The deadline holds by
    construction: the search runs on a worker thread with most of the time, a
    quick greedy move is computed first, and at the deadline (less a small
    guard) the greedy move is returned if the search is not done. Budgets of
    a few milliseconds only leave room for the greedy move.

    Raises IllegalMoveError if ``seat`` is not to move, SeatError for a seat the
    game does not have, RulesError for a bad ``seconds``. The game is not changed.
    """
    start = time.perf_counter()
    budget = _check_seconds("seconds", seconds)
    if not is_whole(samples) or samples < 1:
        error = RulesError if is_whole(samples) else RulesTypeError
        raise error(f"samples must be a whole number >= 1: got {samples!r}")
    deadline = start + budget
    guard = min(GUARD_SECONDS, 0.25 * budget)
    fallback_player, player = _players(game, SEARCH_SHARE * budget, samples)
    check_seat(seat, game.seats)
    if game.is_over or game.to_move != seat:
        state = "the game is over" if game.is_over else f"seat {game.to_move} is to move"
        raise IllegalMoveError(f"seat {seat} has no move to make: {state}")
    view = game.view(seat)
    fallback = fallback_player.choose(view)
    move = _within(deadline - guard, lambda: player.choose(view))
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

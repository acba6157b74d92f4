"""The referee's timetable (pintas.kiosk.referee) and what the kiosk's
referee does with it: tables served in the order they fall due, one thread
per table at a time, a slow table holding one thread only; tables nobody
asks about sleep; a change the disk could not keep is tried again."""

from __future__ import annotations

import sqlite3
import statistics
import threading
import time
from typing import Any

import pytest
from starlette.testclient import TestClient

from pintas.kiosk.referee import AHEAD, MemoryTimetable, Referee
from pintas.kiosk.service import Kiosk
from tests.kiosk.conftest import STORES, Clock
from tests.kiosk.push import until
from tests.kiosk.test_api import create, get

#: Every test of a kiosk here runs on SQLite and on PostgreSQL.
pytestmark = pytest.mark.stores(*STORES)

# ---- the timetable --------------------------------------------------------------------------


def test_tables_are_served_in_the_order_they_fall_due() -> None:
    clock = Clock(100.0)
    acted: list[str] = []

    def act(id: str) -> float | None:
        acted.append(id)
        return None

    referee = Referee(act, clock, workers=1)
    for id, due in (("c", 103.0), ("a", 101.0), ("b", 102.0), ("later", 200.0)):
        referee.schedule(id, due)
    referee.schedule("b", 101.5)   # moved: the latest time counts
    referee.schedule("gone", 101.0)
    referee.schedule("gone", None)  # dropped
    assert referee.run_due() == 101.0 and acted == []
    clock.now = 102.5
    assert referee.run_due() == 103.0
    assert acted == ["a", "b"]
    clock.now = 300.0
    referee.run_due()
    assert acted == ["a", "b", "c", "later"] and len(referee) == 0


def test_what_an_act_returns_is_when_the_table_is_next_due() -> None:
    clock = Clock(0.0)
    count = {"t": 0}

    def act(id: str) -> float | None:
        count[id] += 1
        return clock.now + 1 if count[id] < 3 else None

    referee = Referee(act, clock, workers=1)
    referee.schedule("t", 0.0)
    for _ in range(5):
        referee.run_due()
        clock.now += 1
    assert count["t"] == 3 and referee.due("t") is None


def test_an_act_that_raises_drops_its_table_and_nothing_else() -> None:
    clock = Clock(0.0)
    acted: list[str] = []

    def act(id: str) -> float | None:
        if id == "bad":
            raise RuntimeError("boom")
        acted.append(id)
        return None

    referee = Referee(act, clock, workers=1)
    referee.schedule("bad", 0.0)
    referee.schedule("good", 0.0)
    referee.run_due()
    assert acted == ["good"] and referee.due("bad") is None


def lateness(workers: int, slow_seconds: float, run: float = 3.0) -> list[float]:
    """How late a quick table's turns come beside a table whose every turn
    takes ``slow_seconds``, with ``workers`` threads."""
    late: list[float] = []
    due: dict[str, float] = {}

    def act(id: str) -> float | None:
        now = time.time()
        if id == "slow":
            time.sleep(slow_seconds)
            return time.time()
        late.append(now - due[id])
        due[id] = now + 0.05
        return due[id]

    referee = Referee(act, time.time, workers=workers)
    start = time.time()
    due["quick"] = start + 0.05
    referee.schedule("slow", start)
    referee.schedule("quick", due["quick"])
    referee.start()
    time.sleep(run)
    referee.close()
    return late


def test_a_slow_table_holds_one_thread_and_delays_no_other() -> None:
    late = lateness(workers=2, slow_seconds=1.0)
    assert len(late) > 20
    assert statistics.median(late) < 0.1 and max(late) < 0.5, late
    # (one thread for every table, as the referee once was: the quick table
    # waits for the slow one's every turn)
    alone = lateness(workers=1, slow_seconds=1.0)
    assert max(alone) > 0.5


def test_a_table_is_acted_on_by_one_thread_at_a_time() -> None:
    inside = {"now": 0, "most": 0}
    lock = threading.Lock()

    def act(id: str) -> float | None:
        with lock:
            inside["now"] += 1
            inside["most"] = max(inside["most"], inside["now"])
        time.sleep(0.01)
        with lock:
            inside["now"] -= 1
        return time.time()   # due again at once

    referee = Referee(act, time.time, workers=4)
    referee.schedule("one", time.time())
    referee.start()
    deadline = time.time() + 1.0
    while time.time() < deadline:   # requests rescheduling it while a thread acts on it
        referee.schedule("one", time.time())
        time.sleep(0.002)
    referee.close()
    assert inside["most"] == 1


def test_a_referee_takes_no_more_tables_than_its_threads_start_on_soon() -> None:
    release = threading.Event()
    acting: list[str] = []

    def act(id: str) -> float | None:
        acting.append(id)
        release.wait(10)
        return None

    clock = Clock(100.0)
    referee = Referee(act, clock, workers=2)
    for n in range(20):
        referee.schedule(f"t{n}", 100.0)
    referee.start()
    try:
        assert until(lambda: len(acting) == 2)
        time.sleep(0.1)   # (it would have taken more by now)
        assert referee.taken == AHEAD * 2   # two acting, two waiting for a thread
        assert len(referee) == 20 - AHEAD * 2   # the rest left due, for another server
        release.set()
        assert until(lambda: len(acting) == 20)   # then taken as threads come free
        assert sorted(acting, key=lambda id: int(id[1:])) == [f"t{n}" for n in range(20)]
    finally:
        release.set()
        referee.close()


def test_a_take_is_bounded_by_what_is_asked() -> None:
    timetable = MemoryTimetable()
    for n in range(5):
        timetable.schedule(f"t{n}", float(n))
    assert timetable.take_due(10.0, 2) == (["t0", "t1"], 2.0)
    assert timetable.take_due(10.0) == (["t2", "t3", "t4"], None)


def test_news_from_other_servers_is_taken_in_few_looks() -> None:
    referee = Referee(lambda id: None, time.time, workers=1)
    referee.start()
    try:
        assert until(lambda: referee.looks >= 1)
        before = referee.looks
        for _ in range(200):   # a busy site's moves, heard at once
            referee.wake()
        time.sleep(0.2)
        woken = referee.looks - before
        assert 1 <= woken < 50   # not one look a wake
        referee.schedule("now", time.time())   # a table of its own: looked at at once
        assert until(lambda: len(referee) == 0)
    finally:
        referee.close()


# ---- the kiosk's referee ----------------------------------------------------------------------


def test_a_table_nobody_asks_about_sleeps_until_a_seat_asks(client: TestClient, kiosk: Kiosk,
                                                            clock: Clock) -> None:
    id, tokens = create(client, "farkle", ["random", "human"], timer=15)
    clock.advance(kiosk.settings.idle_seconds + 1)
    kiosk.step()
    table = kiosk.table(id)
    assert table.version == 0   # asleep: the computer waits, and no clock runs
    clock.advance(60)
    kiosk.step()
    assert table.version == 0 and table.timed_out == []
    state = get(client, id, tokens["1"])   # a seat asks: the table wakes
    assert state["version"] == 0
    kiosk.step()
    assert table.version >= 1


def test_a_sleeping_clock_that_ran_out_gets_a_grace_when_woken(client: TestClient,
                                                               kiosk: Kiosk,
                                                               clock: Clock) -> None:
    id, tokens = create(client, "farkle", ["human", "random"], timer=15)
    clock.advance(kiosk.settings.idle_seconds + 1)
    kiosk.step()   # asleep, its clock long run out
    assert kiosk.table(id).version == 0
    state = get(client, id, tokens["0"])
    assert state["timer"]["remaining"] == 10.0   # the grace, as after a restart
    assert state["your_turn"]


class FailingWrites:
    """A stand-in for the store's update that fails ``times`` times, as on a full disk."""

    def __init__(self, update: Any, times: int) -> None:
        self.update, self.times, self.failed = update, times, 0

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        if self.failed < self.times:
            self.failed += 1
            raise sqlite3.OperationalError("database or disk is full")
        self.update(*args, **kwargs)


def test_a_computer_move_that_could_not_be_kept_is_tried_again(
        client: TestClient, kiosk: Kiosk, clock: Clock, monkeypatch: pytest.MonkeyPatch) -> None:
    id, _ = create(client, "farkle", ["random", "human"])
    failing = FailingWrites(kiosk.store.update, times=3)
    monkeypatch.setattr(kiosk.store, "update", failing)
    for _ in range(3):
        kiosk.step()
        assert kiosk.table(id).version == 0   # not kept: nothing changed
        clock.advance(10)   # (the tries back off: 1, 2, 4 s)
    assert failing.failed == 3 and kiosk.referee.due(id) is not None
    kiosk.step()
    assert kiosk.table(id).version >= 1   # the disk is back: the referee carried on
    fresh = Kiosk(kiosk.store.path, pace=0)
    assert fresh.table(id).version == kiosk.table(id).version
    fresh.close()

"""The load benchmark (benchmarks/kiosk_load.py) in brief, so that it keeps
working: its clients against SQLite and two servers on PostgreSQL, and its
measure of a clock's move (deadline to commit, read from the database) on a
kiosk whose clock the test drives. Its timings are not asserted: the
benchmark measures them."""

from __future__ import annotations

import math
import os
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

from benchmarks.kiosk_load import cpu_seconds, lateness, log_moves, requests, servers_on
from pintas.kiosk.service import Kiosk
from tests.kiosk.conftest import RELAXED, Clock
from tests.kiosk.postgres import fresh_schema


def test_clients_play_on_sqlite_and_on_two_postgresql_servers(tmp_path: Path) -> None:
    with servers_on(tmp_path / "kiosk.db", 1, tmp_path) as servers:
        alone = requests(servers, clients=2, seconds=1.0, label="SQLite")
    with fresh_schema() as url, servers_on(url, 2, tmp_path) as servers:
        both = requests(servers, clients=2, seconds=1.0, label="PostgreSQL")
    for report in (alone, both):
        text = "\n".join(report.lines())
        print("\n" + text)
        assert "requests/s" in text and "p99" in text
        assert report.errors == [] and report.games >= 1
        assert len(report.latencies["move"]) >= 1 and len(report.latencies["get"]) >= 1


def test_a_clocks_move_is_timed_from_its_deadline_in_the_database() -> None:
    with fresh_schema() as url:
        clock = Clock(time.time() - 30)   # the tables made 30 s ago: their clocks ran out
        kiosk = Kiosk(url, clock=clock, settings=RELAXED)
        try:
            log_moves(url)
            ids = [kiosk.create({"game": "dominican", "seats": ["human"] * 4, "timer": 15})["id"]
                   for _ in range(2)]
            deadline = clock.now + 15
            late, overdue, _ = lateness(url, deadline - 1, deadline + 1)
            assert overdue == 2 and len(late) == 2 and min(late) > 0   # run out, not moved
            clock.now = time.time()
            kiosk.step()   # the computer moves for both
            assert [kiosk.table(id).version for id in ids] == [1, 1]
            late, overdue, _ = lateness(url, deadline - 1, deadline + 1)
            assert overdue == 0 and len(late) == 2   # each move, logged with its deadline
            assert all(math.isfinite(x) and x > 0 for x in late)   # committed after it
            assert lateness(url, deadline + 1, deadline + 100) == ([], 0, _)   # (none other)
        finally:
            kiosk.close()


def test_cpu_seconds_reads_this_process() -> None:
    before = cpu_seconds([os.getpid()])
    # the kernel counts CPU time in ticks (10 ms): work until a tick is counted
    for _ in range(200):
        sum(i * i for i in range(200_000))
        if cpu_seconds([os.getpid()]) > before:
            break
    assert cpu_seconds([os.getpid()]) > before >= 0
    assert cpu_seconds([2**22 + 12345]) == 0.0   # gone: nothing

"""A move clock across restarts, as docs/kiosk.md promises: one that still has
time carries on from its deadline; one that ran out while the server was down
gets the grace once, kept on disk, so that restarts coming faster than the
grace cannot hold a clock back for ever (the crash test found its clock probe
waiting out every kill)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pintas.kiosk.service import Kiosk
from pintas.kiosk.tables import RESTART_GRACE
from tests.kiosk.conftest import RELAXED, STORES, Clock

#: Every test of a kiosk here runs on SQLite and on PostgreSQL.
pytestmark = pytest.mark.stores(*STORES)


def _farkle_with_a_clock(db: Path, clock: Clock) -> str:
    kiosk = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    table = kiosk.create({"game": "farkle", "seats": ["human", "human"], "timer": 15})
    kiosk.close()
    return str(table["id"])


def test_a_clock_with_a_few_seconds_left_carries_on(db: Path, clock: Clock) -> None:
    id = _farkle_with_a_clock(db, clock)
    clock.advance(12)  # down for 12 s: 3 s left, less than the grace
    kiosk = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    assert kiosk.table(id).deadline == pytest.approx(clock.now + 3)
    clock.advance(3)
    kiosk.step()
    assert kiosk.table(id).version == 1
    assert kiosk.table(id).timed_out == [{"seat": 0, "version": 0}]
    kiosk.close()


def test_the_grace_is_given_once_and_kept(db: Path, clock: Clock) -> None:
    id = _farkle_with_a_clock(db, clock)
    clock.advance(60)  # ran out while the server was down
    first = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    assert first.table(id).deadline == pytest.approx(clock.now + RESTART_GRACE)
    first.close()
    clock.advance(RESTART_GRACE / 2)  # down again, during the grace: it goes on
    second = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    assert second.table(id).deadline == pytest.approx(clock.now + RESTART_GRACE / 2)
    clock.advance(RESTART_GRACE / 2)
    second.step()
    assert second.table(id).version == 1
    second.close()

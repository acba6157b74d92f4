"""Push across servers: a change committed by one kiosk server on a
PostgreSQL database is heard by the others (LISTEN/NOTIFY), which read the
table again and wake its waiters; the referee's jobs are woken the same way;
and the revision rule of the long poll (a client that missed changes gets the
current state, never a gap), on both stores."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from pintas.kiosk import referee
from pintas.kiosk.postgres import LISTENER_NAME
from pintas.kiosk.rows import StaleVersionError
from pintas.kiosk.service import Kiosk
from tests.kiosk.conftest import RELAXED, Clock
from tests.kiosk.damage import raw
from tests.kiosk.push import until

pytestmark = pytest.mark.stores("postgresql")

FARKLE = {"game": "farkle", "seats": ["human", "human"], "seed": 6}
COMPUTER_FIRST = {"game": "farkle", "seats": ["random", "human"], "seed": 3}


def servers(db: str, clock: Clock, count: int = 2) -> list[Kiosk]:
    """``count`` kiosk servers on one database, each listening."""
    made = [Kiosk(db, pace=0, clock=clock, settings=RELAXED) for _ in range(count)]
    for server in made:
        assert server.listener is not None
        assert server.listener.listening.wait(5)  # type: ignore[attr-defined]
    return made


@pytest.fixture
def pair(db: str) -> Iterator[tuple[Kiosk, Kiosk, str, str]]:
    """Two servers, a table made on the first and held by the second too: the
    servers, the table's id and seat 0's token."""
    a, b = servers(db, Clock())
    made = a.create(FARKLE)
    id, token = made["id"], made["tokens"]["0"]
    assert b.state(id, token)["revision"] == 0   # held by b
    yield a, b, id, token
    a.close()
    b.close()


def test_a_move_on_one_server_is_heard_by_the_other(
        pair: tuple[Kiosk, Kiosk, str, str]) -> None:
    a, b, id, token = pair
    rung = threading.Event()
    b.bells.add(id, rung.set)
    a.play(id, token, {"move": "roll", "version": 0})
    assert rung.wait(5)   # b's waiters woken ...
    assert b.table(id).version == 1   # ... once b's copy is the one committed
    assert b.state(id, token)["revision"] == 1


def test_a_refused_write_tells_nobody(pair: tuple[Kiosk, Kiosk, str, str]) -> None:
    a, b, id, token = pair
    stale = b.table(id)
    a.play(id, token, {"move": "roll", "version": 0})
    assert until(lambda: b.table(id) is not stale and b.table(id).version == 1)
    heard: list[str] = []
    listener = a.store.listen(heard.append)
    assert listener is not None and listener.listening.wait(5)  # type: ignore[attr-defined]
    with stale.lock:   # a write on a stale copy is refused, rolled back: no news
        stale.play(0, "roll", 0, 0.0)
        with pytest.raises(StaleVersionError):
            b.store.update(stale, referee=False)
    a.play(id, token, {"move": a.state(id, token)["legal_moves"][0], "version": 1})
    assert until(lambda: any(n.startswith(f"t {id} ") for n in heard))
    assert [n for n in heard if n.startswith("t ")] == [f"t {id} 2 2"]   # only a's move
    assert until(lambda: b.table(id).version == 2)   # heard, read again
    listener.close()


def test_a_listener_that_lost_its_connection_reads_every_table_again(
        db: str, pair: tuple[Kiosk, Kiosk, str, str]) -> None:
    a, b, id, token = pair
    with raw(db) as connection:   # b's listener cut off, and a move made meanwhile
        connection.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                           "WHERE application_name = ? AND pid <> pg_backend_pid()",
                           (LISTENER_NAME,))
    a.play(id, token, {"move": "roll", "version": 0})
    assert until(lambda: b.table(id).version == 1)   # heard again, every table read again


def test_the_referee_is_woken_by_a_job_made_on_another_server(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(referee, "TICK", 60.0)   # no polling: only the news can wake it
    clock = Clock()
    a, b = servers(db, clock)
    b.start()
    try:
        assert until(lambda: b.referee._thread is not None)
        id = a.create(COMPUTER_FIRST)["id"]   # a's referee does not run
        assert until(lambda: b.table(id).version >= 1)
    finally:
        a.close()
        b.close()


@pytest.mark.stores("sqlite", "postgresql")
def test_a_client_that_missed_changes_gets_the_current_state_at_once(
        client: TestClient, kiosk: Kiosk) -> None:
    made = client.post("/api/tables", json=FARKLE).json()
    id, token = made["id"], made["tokens"]["0"]
    auth = {"Authorization": f"Bearer {token}"}
    for version in range(2):
        move = kiosk.state(id, token)["legal_moves"][0]
        kiosk.play(id, token, {"move": move, "version": version})
    now = kiosk.state(id, token)
    for after in range(now["revision"]):   # any older revision: the whole state, at once
        answer: Any = client.get(f"/api/tables/{id}", params={"after": after, "wait": 20},
                                 headers=auth).json()
        assert answer["revision"] == now["revision"] and answer["view"] == now["view"]
        assert answer["log"] == now["log"]   # from the start (since=0): no gap
    waited = client.get(f"/api/tables/{id}", params={"after": now["revision"], "wait": 0.05},
                        headers=auth).json()
    assert waited["revision"] == now["revision"]   # nothing new: after the wait

"""Any server answers any request: two kiosk servers on one PostgreSQL
database, a table's seats sent to either at random (no sticky sessions).

Each test holds what must not depend on which server a seat asks: no seat is
shown an older table than it was shown before, a table asked about on one
server only is not put to sleep by the other's referee, an invitation gives
its seat once, the quotas hold across servers, and a seat waiting on one
server reads as connected (and is not absent) on the other. The listeners are
closed where hearing a change would hide what is tested: a notification may
arrive after the seat's next request."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import pytest
from starlette.testclient import TestClient

from pintas.kiosk.app import make_app
from pintas.kiosk.service import Kiosk
from pintas.kiosk.settings import Settings
from pintas.kiosk.tables import KioskError
from tests.kiosk.conftest import BASE_URL, RELAXED, Clock
from tests.kiosk.push import until

pytestmark = pytest.mark.stores("postgresql")

FARKLE = {"game": "farkle", "seats": ["human", "human"], "seed": 6}
CLOCKED = {**FARKLE, "timer": 15}
INVITED = {"game": "farkle", "seats": ["human", "human"], "invite": True}


def deaf(db: str, clock: Clock, settings: Settings = RELAXED) -> Kiosk:
    """A server that hears nothing of the others (its listener closed)."""
    server = Kiosk(db, pace=0, clock=clock, settings=settings)
    assert server.listener is not None
    server.listener.close()
    return server


@pytest.fixture
def servers(db: str, clock: Clock) -> Iterator[Callable[..., list[Kiosk]]]:
    """Two deaf servers on one database, with RELAXED's settings but those given."""
    made: list[Kiosk] = []

    def two(**settings: Any) -> list[Kiosk]:
        made.extend(deaf(db, clock, RELAXED.but(**settings)) for _ in range(2))
        return made[-2:]

    yield two
    for server in made:
        server.close()


@pytest.fixture
def two(servers: Callable[..., list[Kiosk]]) -> list[Kiosk]:
    return servers()


def race(*calls: Callable[[], Any]) -> list[Any]:
    """Run ``calls`` at once, each on a thread of its own; what each returned
    or raised (its KioskError's code)."""
    start = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(index: int) -> None:
        start.wait()
        try:
            results[index] = calls[index]()
        except KioskError as error:
            results[index] = error.code

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results


# -- no stale reads -------------------------------------------------------------------------


def test_a_seat_is_never_shown_an_older_table_on_another_server(two: list[Kiosk]) -> None:
    a, b = two
    made = a.create(FARKLE)
    id, token = made["id"], made["tokens"]["0"]
    assert b.state(id, token)["version"] == 0   # b holds it now, and hears nothing
    a.play(id, token, {"move": "roll", "version": 0})
    shown = b.state(id, token)
    assert (shown["version"], shown["revision"]) == (1, 1)
    # and a move on b grows from there, not from b's old copy
    move = shown["legal_moves"][0]
    assert b.play(id, token, {"move": move, "version": 1})["version"] == 2
    assert a.state(id, token)["version"] == 2


def test_a_spectator_is_never_shown_an_older_table_on_another_server(
        two: list[Kiosk]) -> None:
    a, b = two
    made = a.create({**FARKLE, "spectators": True})
    id, token, code = made["id"], made["tokens"]["0"], made["spectators"]["code"]
    assert b.watch(id, code)["version"] == 0   # b holds it now, and hears nothing
    a.play(id, token, {"move": "roll", "version": 0})
    assert b.watch(id, code)["version"] == 1


def test_a_change_that_is_no_move_is_shown_by_the_other_server(two: list[Kiosk]) -> None:
    a, b = two
    made = a.create(INVITED)
    id, token = made["id"], made["tokens"]["0"]
    code = made["invitations"]["1"]["code"]
    before = b.state(id, token)["revision"]
    a.join(id, code)   # a revision, not a version
    assert b.state(id, token)["revision"] > before


def test_a_table_deleted_on_one_server_is_gone_on_the_other(two: list[Kiosk]) -> None:
    a, b = two
    made = a.create({**FARKLE, "seats": ["human", "random"]})
    id, token = made["id"], made["tokens"]["0"]
    b.state(id, token)
    assert a.leave(id, token)["deleted"]
    with pytest.raises(KioskError) as gone:
        b.state(id, token)
    assert gone.value.status == 404


# -- invitations, once ----------------------------------------------------------------------


def test_an_invitation_gives_its_seat_once_when_two_servers_race(two: list[Kiosk]) -> None:
    a, b = two
    for _ in range(12):
        made = a.create(INVITED)
        id, code = made["id"], made["invitations"]["1"]["code"]
        b.state(id, made["tokens"]["0"])   # both hold it
        results = race(partial(a.join, id, code), partial(b.join, id, code))
        assert sorted(map(type, results), key=str) == [dict, str], results
        assert "spent" in results


def test_a_join_on_a_copy_read_before_the_other_servers_join_is_refused(
        two: list[Kiosk], monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = two
    made = a.create(INVITED)
    id, code = made["id"], made["invitations"]["1"]["code"]
    b.state(id, made["tokens"]["0"])
    assert b.shared is not None
    stale = b.shared.stamp(id)
    a.join(id, code)
    # b looked just before a's join was committed: its copy seems current
    monkeypatch.setattr(b.shared, "stamp", lambda _: stale)
    with pytest.raises(KioskError) as spent:
        b.join(id, code)
    assert spent.value.code == "spent"


def played_out(server: Kiosk, body: dict[str, Any]) -> tuple[str, str]:
    """A table made on ``server`` and played to its end (its person's moves at
    random, the computer's by the referee): its id and the person's token."""
    made = server.create(body)
    id, token = made["id"], made["tokens"]["0"]
    rng = random.Random(1)
    while not (view := server.state(id, token))["is_over"]:
        if view["break"] is not None:
            server.go_on(id, token, {"round": view["break"]["round"]})
        elif view["your_turn"]:
            server.play(id, token, {"move": rng.choice(view["legal_moves"])})
        else:
            server.step()
    return id, token


def test_a_rematch_asked_of_two_servers_at_once_names_one_table(two: list[Kiosk]) -> None:
    a, b = two
    id, token = played_out(a, {"game": "farkle", "options": {"target": 50},
                               "seats": ["human", "random"]})
    b.state(id, token)   # both hold it
    results = race(partial(a.rematch, id, token), partial(b.rematch, id, token))
    named = {r["id"] for r in results if isinstance(r, dict)}
    refused = [r for r in results if not isinstance(r, dict)]
    assert len(named) == 1 and set(refused) <= {"not_kept"}, results
    for server in (a, b):   # asked again (the one refused, or another seat): the same
        assert server.rematch(id, token)["id"] in named


# -- quotas across servers ------------------------------------------------------------------


def test_two_servers_racing_let_a_client_have_one_table_at_its_quota(
        servers: Callable[..., list[Kiosk]]) -> None:
    a, b = servers(tables_per_client=1)
    for round in range(8):
        client = f"192.0.2.{round}"
        results = race(partial(a.create, FARKLE, client), partial(b.create, FARKLE, client))
        assert sorted(map(type, results), key=str) == [dict, str], results
        assert a.store.live_count(client) == 1


def test_two_servers_racing_keep_the_servers_quota(
        servers: Callable[..., list[Kiosk]]) -> None:
    a, b = servers(max_tables=3)
    results = race(*[partial(s.create, FARKLE, f"192.0.2.{n}")
                     for n, s in enumerate([a, b] * 3)])
    assert sum(isinstance(r, dict) for r in results) == 3
    assert a.store.live_count() == 3


def test_the_creation_and_join_limits_hold_whichever_server_a_client_asks(
        servers: Callable[..., list[Kiosk]]) -> None:
    a, b = servers(create_per_minute=1, create_burst=2)
    with TestClient(make_app(a, run_referee=False), base_url=BASE_URL) as on_a, \
            TestClient(make_app(b, run_referee=False), base_url=BASE_URL) as on_b:
        assert on_a.post("/api/tables", json={"game": "nope"}).status_code == 422
        made = on_b.post("/api/tables", json=INVITED)   # (a table refused took nothing)
        assert made.status_code == 201
        assert on_a.post("/api/tables", json=INVITED).status_code == 201
        refused = on_b.post("/api/tables", json=INVITED)
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        link = made.json()["invitations"]["1"]["link"]
        for on, status in ((on_a, 200), (on_b, 410), (on_a, 429)):
            assert on.post(link).status_code == status


# -- sleeping tables across servers ---------------------------------------------------------


def job_of(server: Kiosk, id: str) -> float | None:
    assert server.jobs is not None
    return server.jobs.due(id)


def test_a_table_asked_about_on_one_server_is_not_put_to_sleep_by_the_other(
        servers: Callable[..., list[Kiosk]], clock: Clock) -> None:
    a, b = servers(idle_seconds=60)
    made = a.create(CLOCKED)
    id, token = made["id"], made["tokens"]["0"]
    for _ in range(12):   # 120 s: b's seats ask, a's referee acts
        clock.advance(10)
        b.state(id, token)
        a.step()
        assert job_of(a, id) is not None, "put to sleep while its seats ask"
    assert id not in a._asleep and a.table(id).version >= 4   # the clock's moves were made


def test_a_table_another_server_let_sleep_wakes_when_a_seat_asks_here(
        servers: Callable[..., list[Kiosk]], clock: Clock) -> None:
    a, b = servers(idle_seconds=60)
    made = a.create(CLOCKED)
    id, token = made["id"], made["tokens"]["0"]
    b.state(id, token)
    clock.advance(90)   # nobody asks anywhere: a's referee lets it sleep
    a.step()
    assert job_of(a, id) is None and id in a._asleep
    b.state(id, token)   # a seat asks on b
    due = job_of(a, id)
    assert due is not None and due > clock.now   # its clock runs again, with a grace
    clock.advance(15)
    a.step()
    assert a.state(id, token)["version"] >= 1   # and the clock's move is made


# -- connection status and absence across servers -------------------------------------------


def test_a_seat_waiting_on_one_server_reads_as_connected_on_the_other(
        two: list[Kiosk], clock: Clock) -> None:
    a, b = two
    made = a.create(FARKLE)
    id, tokens = made["id"], made["tokens"]
    b.state(id, tokens["1"])
    clock.advance(40)
    assert a.state(id, tokens["0"])["connections"] == ["connected", "away"]
    with b.waiting(id, 1):
        b.heartbeat()   # (as b's heartbeat thread does when a seat begins to wait)
        clock.advance(1.5)   # (past what a read of the contact is kept)
        assert a.state(id, tokens["0"])["connections"] == ["connected", "connected"]
        for _ in range(6):   # a socket open for a minute: b says it still waits
            clock.advance(10)
            b.heartbeat()
        assert a.state(id, tokens["0"])["connections"] == ["connected", "connected"]
    clock.advance(60)
    assert a.state(id, tokens["0"])["connections"] == ["connected", "away"]


def test_a_seat_beginning_to_wait_is_written_at_once_by_the_heartbeat(
        two: list[Kiosk], clock: Clock) -> None:
    a, b = two
    id = a.create(FARKLE)["id"]
    b.start()   # (its heartbeat thread: mark_every is 10 s, and the clock stands still)
    shared = a.shared
    assert shared is not None and shared.contact(id) == {}
    with b.waiting(id, 1):
        assert until(lambda: shared.contact(id).get(1, (0.0, 0.0))[1] > clock.now, 5)


def test_a_wait_that_ends_is_put_back_on_the_timetable_off_the_event_loop(
        servers: Callable[..., list[Kiosk]], clock: Clock,
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the wait ends on the event loop (a long poll, a socket); the timetable it
    # goes back on is a table of the database: the heartbeat's thread writes it
    _, b = servers(absent_seconds=20)
    id = b.create(FARKLE)["id"]   # seat 0 to move, no clock: only --absent plays for it
    b.start()
    threads: list[tuple[str, str, float | None]] = []
    schedule = b.referee.schedule

    def recorded(table: str, due: float | None) -> None:
        threads.append((threading.current_thread().name, table, due))
        schedule(table, due)

    monkeypatch.setattr(b.referee, "schedule", recorded)
    with b.waiting(id, 0):
        clock.advance(3)
    assert until(lambda: bool(threads), 5)
    assert threads == [("pintas-heartbeat", id, clock.now + 20)]
    assert b.jobs is not None and b.jobs.due(id) == clock.now + 20


def test_a_request_on_one_server_reads_as_contact_on_the_other(
        two: list[Kiosk], clock: Clock) -> None:
    a, b = two
    made = a.create(FARKLE)
    id, tokens = made["id"], made["tokens"]
    clock.advance(40)
    b.state(id, tokens["1"])
    clock.advance(5)
    assert a.state(id, tokens["0"])["connections"] == ["connected", "connected"]


def test_a_seat_waiting_on_another_server_is_not_absent(
        servers: Callable[..., list[Kiosk]], clock: Clock) -> None:
    a, b = servers(absent_seconds=20)
    made = a.create(FARKLE)   # seat 0 to move, no clock: only --absent plays for it
    id = made["id"]
    with b.waiting(id, 0):
        b.heartbeat()
        for _ in range(10):   # 50 s waiting on b, a's referee acting
            clock.advance(5)
            b.heartbeat()
            a.step()
        assert a.state(id, made["tokens"]["1"])["version"] == 0   # nobody played for it
    clock.advance(25 + 30)   # gone from b: absent once its wait has lapsed
    a.step()
    b.step()
    assert a.state(id, made["tokens"]["1"])["version"] >= 1

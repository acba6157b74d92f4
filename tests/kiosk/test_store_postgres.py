"""The kiosk's store on PostgreSQL (docs/kiosk.md, "On PostgreSQL"): the
schema created and versioned by the server, a newer one refused; every change
committed before it returns; workers sharing one database that never
overwrite each other's moves; a lost connection made again; the referee's
jobs, shared by the servers (docs/server.md). (What both stores
do alike is tested on both in test_store.py, test_api.py and the others.)"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from pintas.kiosk import postgres
from pintas.kiosk.postgres import PostgresStore, redacted
from pintas.kiosk.rows import NewerDatabaseError, NotKeptError
from pintas.kiosk.service import Kiosk
from pintas.kiosk.tables import RESTART_GRACE, KioskError
from tests.kiosk.conftest import RELAXED, Clock
from tests.kiosk.damage import make_table, raw
from tests.kiosk.push import until

pytestmark = pytest.mark.stores("postgresql")

PERSON_FIRST = {"game": "farkle", "seats": ["human", "random"], "seed": 4}


def versions(db: str) -> list[int]:
    with raw(db) as connection:
        return [int(r[0]) for r in connection.execute(
            "SELECT version FROM schema_version ORDER BY version").fetchall()]


def on_its_connection(store: PostgresStore, query: str) -> Any:
    """What ``query`` answers on the store's own connection."""
    row = store._run(None, "read", lambda c: c.execute(query).fetchone())
    assert row is not None
    return row[0]


def test_the_schema_is_made_once_and_versioned(db: str) -> None:
    opened: list[PostgresStore] = []
    errors: list[BaseException] = []

    def open_one() -> None:
        try:
            opened.append(PostgresStore(db))
        except BaseException as error:  # (said by the assertion below)
            errors.append(error)

    workers = [threading.Thread(target=open_one) for _ in range(4)]  # as workers starting
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert errors == [] and len(opened) == 4
    assert versions(db) == list(range(1, postgres.SCHEMA_VERSION + 1))
    id, _ = make_table(opened[0], PERSON_FIRST)
    assert all(store.load(id) is not None for store in opened)
    for store in opened:
        store.close()
    PostgresStore(db).close()   # opened again: nothing to do
    assert versions(db) == list(range(1, postgres.SCHEMA_VERSION + 1))


def test_a_newer_schema_is_refused_by_name_and_left_alone(db: str) -> None:
    store = PostgresStore(db)
    id, _ = make_table(store, PERSON_FIRST)
    store.close()
    newer = postgres.SCHEMA_VERSION + 1
    with raw(db) as connection:
        connection.execute("INSERT INTO schema_version (version, applied) VALUES (?, 0)",
                           (newer,))
    with pytest.raises(NewerDatabaseError, match=f"schema version {newer}, written by a newer"):
        PostgresStore(db)
    with raw(db) as connection:
        assert connection.execute("SELECT id FROM tables").fetchall() == [(id,)]
    assert versions(db)[-1] == newer


def test_a_change_is_committed_when_it_returns(db: str) -> None:
    store = PostgresStore(db)
    id, _ = make_table(store, PERSON_FIRST)
    table = store.load(id)
    assert table is not None
    table.play(0, "roll", None, time.time())
    store.update(table, referee=False)
    with raw(db) as elsewhere:   # another connection sees it: committed, not pending
        assert elsewhere.execute("SELECT version FROM tables WHERE id = ?",
                                 (id,)).fetchone()[0] == 1
    assert on_its_connection(store, "SHOW synchronous_commit") == "on"
    store.close()


def test_two_kiosks_on_one_database_refuse_a_move_on_a_stale_copy(
        db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A table cached by worker B is moved on by worker A just after B looked
    at its row: B's next move on it is refused with nothing written (503, try
    again), and B then reads A's."""
    a = Kiosk(db, pace=0, settings=RELAXED)
    b = Kiosk(db, pace=0, settings=RELAXED)
    made = a.create({"game": "farkle", "seats": ["human", "human"], "seed": 5})
    id, token = made["id"], made["tokens"]["0"]
    assert b.state(id, token)["version"] == 0   # cached by B
    assert b.listener is not None
    b.listener.close()   # B misses A's news (else it may read the table again first: 409)
    assert b.shared is not None
    with monkeypatch.context() as looked:   # B looked just before A's move was committed
        looked.setattr(b.shared, "stamp", lambda _: (0, 0))
        a.play(id, token, {"move": "roll", "version": 0})
        with pytest.raises(KioskError) as refused:
            b.play(id, token, {"move": "roll", "version": 0})
    assert refused.value.status == 503 and refused.value.code == "not_kept"
    assert b.state(id, token)["version"] == 1
    assert a.store.load(id) is not None and b.table(id).game.to_bytes() == \
        a.table(id).game.to_bytes()
    a.close()
    b.close()


def test_a_lost_connection_is_made_again_and_changes_nothing(db: str) -> None:
    store = PostgresStore(db)
    id, _ = make_table(store, PERSON_FIRST)
    pid = on_its_connection(store, "SELECT pg_backend_pid()")
    with raw(db) as admin:   # as a database restart or a network fault would
        admin.execute("SELECT pg_terminate_backend(?)", (pid,))
    with pytest.raises(NotKeptError, match="could not be kept"):
        make_table(store, PERSON_FIRST)
    assert store.count() == 1   # the next call connects again; nothing was written
    table = store.load(id)
    assert table is not None and table.version == 0
    store.close()


def test_the_password_is_never_told() -> None:
    url = "postgresql://kiosk:s3cret@db.example/tables?sslmode=require"
    assert redacted(url) == "postgresql://kiosk:***@db.example/tables?sslmode=require"
    assert redacted("postgresql://kiosk@db.example/tables") == \
        "postgresql://kiosk@db.example/tables"
    assert redacted("kiosk.db") == "kiosk.db"


def test_an_unreachable_database_says_where_without_the_password(tmp_path: Path) -> None:
    pytest.importorskip("psycopg")
    url = f"postgresql://kiosk:s3cret@/tables?host={tmp_path}&port=1&connect_timeout=2"
    with pytest.raises(NotKeptError) as refused:
        PostgresStore(url)
    assert "s3cret" not in str(refused.value) and "kiosk:***@" in str(refused.value)


# ---- the referee's jobs -------------------------------------------------------------------------

COMPUTER_FIRST = {"game": "farkle", "seats": ["random", "human"], "seed": 3}
CLOCKED = {"game": "farkle", "seats": ["human", "human"], "seed": 6, "timer": 15}


def jobs_of(db: str) -> dict[str, float]:
    with raw(db) as connection:
        return {str(id): float(due) for id, due in
                connection.execute("SELECT table_id, due FROM jobs").fetchall()}


def kiosk(db: str, clock: Clock) -> Kiosk:
    return Kiosk(db, pace=0, clock=clock, settings=RELAXED)


def made(db: str, clock: Clock, *bodies: dict[str, Any]) -> list[str]:
    """Tables made by a server that then stops: their ids."""
    server = kiosk(db, clock)
    ids = [server.create(body)["id"] for body in bodies]
    server.close()
    return ids


def test_a_table_has_one_job_while_the_referee_must_act_on_it(db: str) -> None:
    clock = Clock()
    server = kiosk(db, clock)
    computer = server.create(COMPUTER_FIRST)["id"]
    made = server.create(CLOCKED)
    clocked, token = made["id"], made["tokens"]["0"]
    people = server.create({**CLOCKED, "timer": None})["id"]
    assert set(jobs_of(db)) == {computer, clocked}   # none for a table without clock or computer
    assert jobs_of(db)[clocked] == pytest.approx(clock.now + 15)
    with raw(db) as connection, pytest.raises(Exception, match=r"unique|duplicate"):
        connection.execute("INSERT INTO jobs (table_id, due) VALUES (?, 0)", (clocked,))
    server.play(clocked, token, {"move": "roll", "version": 0})
    assert len(jobs_of(db)) == 2 and len(server.referee) == 2
    server.leave(clocked, token)
    server.leave(clocked, made["tokens"]["1"])   # nobody left: deleted, and its job
    assert set(jobs_of(db)) == {computer} and people not in jobs_of(db)
    server.close()


def test_two_servers_claim_each_job_once(db: str) -> None:
    clock = Clock()
    ids = set(made(db, clock, *[COMPUTER_FIRST] * 12))
    first, second = PostgresStore(db).jobs("a"), PostgresStore(db).jobs("b")
    taken: dict[str, list[str]] = {}
    start = threading.Barrier(2)

    def claim(jobs: Any) -> None:
        start.wait()
        taken[jobs.worker] = [id for _ in range(3) for id in jobs.take_due(clock.now)[0]]

    workers = [threading.Thread(target=claim, args=(j,)) for j in (first, second)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(taken["a"] + taken["b"]) == sorted(ids)   # every job once, by one server
    assert second.take_due(clock.now + 1)[0] == []   # claimed: nobody else takes them


def test_a_claim_takes_at_most_what_is_asked_first_due_first(db: str) -> None:
    clock = Clock()
    ids = made(db, clock, *[COMPUTER_FIRST] * 5)
    jobs = PostgresStore(db).jobs("a")
    for n, id in enumerate(ids):
        jobs.schedule(id, clock.now - 10 + n)
    taken, next_due = jobs.take_due(clock.now, 2)
    assert taken == ids[:2] and next_due == clock.now - 8   # the rest stay due, unclaimed
    assert PostgresStore(db).jobs("b").take_due(clock.now)[0] == ids[2:]


def test_the_referees_bookkeeping_is_unflushed_and_moves_stay_flushed(db: str) -> None:
    clock = Clock()
    ids = made(db, clock, COMPUTER_FIRST)
    store = PostgresStore(db)
    jobs = store.jobs("a")

    def setting(connection: Any) -> str:
        return str(connection.execute("SHOW synchronous_commit").fetchone()[0])

    jobs.schedule(ids[0], clock.now - 1)
    assert jobs.take_due(clock.now)[0] == ids
    jobs.done(ids[0], clock.now + 5)
    assert jobs.due(ids[0]) == clock.now + 5   # kept, as before
    # each of those statements committed its own transaction unflushed, and
    # the connection's setting, which every move's write commits with, is on
    assert store._run(None, "read", setting) == "on"
    assert store._run(None, "read", lambda connection: connection.execute(
        f"WITH quick AS (SELECT {postgres._UNFLUSHED}) SELECT current_setting("
        "'synchronous_commit') FROM quick").fetchone()) == ("off",)
    assert store._run(None, "read", setting) == "on"
    store.close()


def test_a_dead_servers_job_is_taken_by_another(db: str) -> None:
    clock = Clock()
    first = kiosk(db, clock)
    id = first.create(COMPUTER_FIRST)["id"]
    second = kiosk(db, clock)
    assert first.jobs is not None and first.jobs.take_due(clock.now)[0] == [id]
    first.store.close()   # dies while acting on it: its claim stays, its lock goes
    second.step()
    assert second.table(id).version == 0   # claimed: not yet
    clock.advance(postgres.LEASE + 0.5)
    second.step()
    assert second.table(id).version >= 1
    second.close()


def test_a_table_made_on_one_server_is_moved_by_another(db: str) -> None:
    clock = Clock()
    first, second = kiosk(db, clock), kiosk(db, clock)
    made = first.create(CLOCKED)
    id, token = made["id"], made["tokens"]["0"]
    computer = first.create(COMPUTER_FIRST)["id"]
    second.step()   # the computer's move, on the other server
    assert second.table(computer).version >= 1
    clock.advance(16)
    second.step()   # the clock's move, likewise
    table = second.table(id)
    assert table.version >= 1 and table.timed_out == [{"seat": 0, "version": 0}]
    # (first's copy: read again when it hears of the move, LISTEN/NOTIFY)
    assert until(lambda: first.state(id, token)["version"] == 1)
    clock.advance(16)
    first.step()   # the next clock's move, on the first server: read again, not played again
    assert [t["version"] for t in first.table(id).timed_out] == [0, 1]
    assert first.table(id).version == 2 and first.state(id, token)["version"] == 2
    first.close()
    second.close()


def test_a_clock_that_ran_out_while_every_server_was_down_gets_the_grace_once(db: str) -> None:
    clock = Clock()
    [id] = made(db, clock, CLOCKED)
    clock.advance(600)   # every server down
    second = kiosk(db, clock)
    graced = clock.now + RESTART_GRACE
    assert second.table(id).deadline == pytest.approx(graced)
    kept = second.store.load(id)
    assert kept is not None and kept.deadline == pytest.approx(graced)   # in the database
    assert jobs_of(db)[id] == pytest.approx(graced)
    clock.advance(5)
    third = kiosk(db, clock)   # another server while one runs: no second grace
    assert third.table(id).deadline == pytest.approx(graced)
    clock.advance(RESTART_GRACE)
    third.step()
    assert third.table(id).version == 1
    second.close()
    third.close()


def test_a_schema_1_database_gets_the_jobs_of_its_tables(db: str) -> None:
    clock = Clock()
    computer, _ = made(db, clock, COMPUTER_FIRST, {**CLOCKED, "timer": None})
    with raw(db) as connection:   # as the first kiosk on PostgreSQL left it
        connection.execute("DROP TABLE jobs")
        connection.execute("DROP TABLE contact")
        connection.execute("ALTER TABLE tables DROP COLUMN revision")
        connection.execute("DELETE FROM schema_version WHERE version > 1")
    again = kiosk(db, clock)
    assert versions(db) == [1, 2, 3] and set(jobs_of(db)) == {computer}
    again.step()
    assert again.table(computer).version >= 1
    again.close()


def test_a_schema_2_database_gets_its_tables_revisions(db: str) -> None:
    clock = Clock()
    server = kiosk(db, clock)
    made = server.create({"game": "farkle", "seats": ["human", "human"], "invite": True})
    id = made["id"]
    server.join(id, made["invitations"]["1"]["code"])   # a revision that is no move
    server.close()
    with raw(db) as connection:   # as a kiosk of schema 2 left it
        connection.execute("DROP TABLE contact")
        connection.execute("ALTER TABLE tables DROP COLUMN revision")
        connection.execute("DELETE FROM schema_version WHERE version > 2")
    again = kiosk(db, clock)
    assert versions(db) == [1, 2, 3]
    assert again.shared is not None and again.shared.stamp(id) == (0, 1)
    again.close()

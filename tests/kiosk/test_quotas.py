"""How many tables a client, and the server, may hold, and how tables go
away: tried against a real server (docs/kiosk.md, "From the tables").
Before these limits one client made 128,209 tables in 150 s, and 5,000
all-human tables with a 15 s clock slowed every other table's computer to
5-23 s; now a client's unfinished tables are counted, the server's too,
tables left by everyone are deleted, old ones expire, and tables nobody asks
about sleep."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the kiosk needs the kiosk extra")
pytest.importorskip("starlette", reason="the kiosk needs the kiosk extra")

from starlette.testclient import TestClient

from pintas.kiosk.app import make_app
from pintas.kiosk.service import Kiosk
from tests.kiosk.conftest import BASE_URL, RELAXED, Clock
from tests.kiosk.server import ApiError, KioskServer
from tests.kiosk.test_api import play_out

FARKLE: dict[str, object] = {"game": "farkle", "seats": ["human", "random"]}


def server_with(tmp_path: Path, *options: str, pace: float = 0.0) -> KioskServer:
    """A real server with the test servers' options, then ``options``."""
    server = KioskServer(tmp_path / "kiosk.db", pace=pace, extra=options)
    server.start()
    return server


def refused(server: KioskServer, body: dict[str, object]) -> ApiError:
    with pytest.raises(ApiError) as error:
        server.call("POST", "/api/tables", body)
    return error.value


def version_on_disk(db: Path, id: str) -> int:
    """A table's version as the file holds it (reading through the API would wake it)."""
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as raw:
        return int(raw.execute("SELECT version FROM tables WHERE id = ?", (id,)).fetchone()[0])


def test_a_client_has_so_many_unfinished_tables_and_leaving_frees_one(tmp_path: Path) -> None:
    server = server_with(tmp_path, "--tables-per-client", "3")
    try:
        made = [server.call("POST", "/api/tables", FARKLE) for _ in range(3)]
        error = refused(server, FARKLE)
        assert error.status == 429 and error.body["error"] == "too_many_tables"
        assert "3 unfinished tables" in error.body["message"]
        # its only person leaves: the table is deleted, and its place free
        gone = made[0]
        left = server.call("DELETE", f"/api/tables/{gone['id']}", token=gone["tokens"]["0"])
        assert left["deleted"] is True
        with pytest.raises(ApiError) as missing:
            server.call("GET", f"/api/tables/{gone['id']}", token=gone["tokens"]["0"])
        assert missing.value.status in (401, 404)
        assert server.call("POST", "/api/tables", FARKLE)["version"] == 0
    finally:
        server.kill()


def test_the_server_holds_so_many_unfinished_tables(tmp_path: Path) -> None:
    server = server_with(tmp_path, "--max-tables", "2")
    try:
        for _ in range(2):
            server.call("POST", "/api/tables", FARKLE)
        error = refused(server, FARKLE)
        assert error.status == 429 and "the server holds 2 unfinished tables" in \
            error.body["message"]
    finally:
        server.kill()


def test_old_tables_expire(tmp_path: Path) -> None:
    # 0.001 hours: 3.6 s, looked for every 0.9 s
    server = server_with(tmp_path, "--expire-hours", "0.001")
    try:
        old = server.call("POST", "/api/tables", FARKLE)
        time.sleep(6)
        with pytest.raises(ApiError) as gone:
            server.call("GET", f"/api/tables/{old['id']}", token=old["tokens"]["0"])
        assert gone.value.status == 404 and gone.value.body["error"] == "no_table"
        fresh = server.call("POST", "/api/tables", FARKLE)
        assert server.call("GET", f"/api/tables/{fresh['id']}",
                           token=fresh["tokens"]["0"])["version"] == 0
    finally:
        server.kill()


def test_a_table_nobody_asks_about_sleeps_and_wakes_when_asked(tmp_path: Path) -> None:
    db = tmp_path / "kiosk.db"
    # the computer is due 2 s after the table is made; nobody has asked for 1 s by then
    server = server_with(tmp_path, "--idle", "1", pace=2.0)
    try:
        made = server.call("POST", "/api/tables", {"game": "farkle", "seats": ["random", "human"],
                                                   "timer": 15})
        id, token = made["id"], made["tokens"]["1"]
        time.sleep(4)
        assert version_on_disk(db, id) == 0   # asleep: no move made for nobody
        state = server.call("GET", f"/api/tables/{id}?after={made['revision']}&wait=10",
                            token=token)   # a seat asks: it wakes, and its computer moves
        assert state["version"] >= 1
    finally:
        server.kill()


def test_a_finished_table_counts_no_more(tmp_path: Path, clock: Clock) -> None:
    kiosk = Kiosk(tmp_path / "kiosk.db", clock=clock, settings=RELAXED.but(tables_per_client=1))
    with TestClient(make_app(kiosk, run_referee=False), base_url=BASE_URL) as client:
        body = {"game": "muggins", "seats": ["human", "random"], "options": {"target": 50}}
        made = client.post("/api/tables", json=body).json()
        again = client.post("/api/tables", json=body)
        assert again.status_code == 429
        play_out(client, kiosk, made["id"], made["tokens"])
        assert kiosk.table(made["id"]).game.is_over
        assert client.post("/api/tables", json=body).status_code == 201
    kiosk.close()


def test_leaving_a_table_others_play_on_keeps_it(tmp_path: Path, clock: Clock) -> None:
    kiosk = Kiosk(tmp_path / "kiosk.db", clock=clock, settings=RELAXED.but(tables_per_client=1))
    with TestClient(make_app(kiosk, run_referee=False), base_url=BASE_URL) as client:
        made = client.post("/api/tables", json={"game": "farkle",
                                                "seats": ["human", "human"]}).json()
        answer = client.delete(f"/api/tables/{made['id']}",
                               headers={"Authorization": f"Bearer {made['tokens']['0']}"})
        assert answer.json()["deleted"] is False
        assert client.post("/api/tables", json=FARKLE).status_code == 429   # still counted
        client.delete(f"/api/tables/{made['id']}",
                      headers={"Authorization": f"Bearer {made['tokens']['1']}"})
        assert kiosk.store.count() == 0
        assert client.post("/api/tables", json=FARKLE).status_code == 201
    kiosk.close()

"""What a client can make the referee do, tried against a real server
(docs/kiosk.md, "Security: what the server refuses"): ask for a computer
player of unbounded work, fill the server with the strongest players, and
leave a table the referee cannot move; every other table must keep moving."""

from __future__ import annotations

import json
import sqlite3
import statistics
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the kiosk needs the kiosk extra")
pytest.importorskip("starlette", reason="the kiosk needs the kiosk extra")

from tests.kiosk.load import Player, table
from tests.kiosk.server import ApiError, KioskServer

#: The pace of the servers here (seconds a computer seat waits before it moves).
PACE = 0.1


@pytest.fixture
def server(tmp_path: Path) -> Iterator[KioskServer]:
    with KioskServer(tmp_path / "kiosk.db", pace=PACE, extra=("--workers", "2")) as running:
        yield running


def test_a_player_of_unbounded_work_is_refused(server: KioskServer) -> None:
    for word in ("search:1000001", "search:1000000", "optimal", "threshold:1"):
        with pytest.raises(ApiError) as refused:
            server.call("POST", "/api/tables", {"game": "dominican",
                                                "seats": ["human", word, "suit", "suit"]})
        assert refused.value.status == 422 and refused.value.body["error"] == "bad_rules"
        assert repr(word) in refused.value.body["message"]
    # and the referee carries on with the tables it has
    id, token = table(server, "farkle", ["search", "human"])
    state = server.call("GET", f"/api/tables/{id}?after=0&wait=10", token=token)
    assert state["version"] >= 1


def test_the_strongest_players_everywhere_delay_no_other_table(server: KioskServer) -> None:
    """Ten tables of three search players each, played as fast as the server
    answers, beside one table whose computer replies are timed: each of its
    computer moves comes within a fraction of a second of its pace."""
    stop = threading.Event()
    heavy = [Player(server, *table(server, "dominican", ["human", "search", "search", "search"]),
                    stop) for _ in range(10)]
    probe = Player(server, *table(server, "muggins", ["human", "random"]), stop)
    for player in [*heavy, probe]:
        player.start()
    time.sleep(15)
    stop.set()
    for player in [*heavy, probe]:
        player.join(10)
        assert player.errors == []
    heavy_moves = sum(len(p.per_move) for p in heavy)
    assert heavy_moves > 20, "the heavy tables hardly played"
    assert len(probe.per_move) >= 10
    median = statistics.median(probe.per_move)
    print(f"\nprobe: {len(probe.per_move)} replies, per computer move median {median:.3f} s, "
          f"max {max(probe.per_move):.3f} s (pace {PACE} s); heavy tables' replies "
          f"{heavy_moves}")
    assert median < PACE + 0.4
    assert max(probe.per_move) < PACE + 3.0


def test_a_table_the_referee_cannot_move_is_stopped_alone(tmp_path: Path) -> None:
    db = tmp_path / "kiosk.db"
    slow = KioskServer(db, pace=60)   # nobody moves before the row is changed
    slow.start()
    try:
        broken, broken_token = table(slow, "farkle", ["random", "human"])
        good, good_token = table(slow, "farkle", ["random", "human"])
    finally:
        slow.kill()
    # a computer seat the referee cannot make (a spec kept before the menu was fixed)
    with sqlite3.connect(db) as raw:
        spec = json.loads(raw.execute("SELECT spec FROM tables WHERE id = ?",
                                      (broken,)).fetchone()[0])
        spec["seats"][0] = "search:1000001"
        raw.execute("UPDATE tables SET spec = ? WHERE id = ?", (json.dumps(spec), broken))
    server = KioskServer(db, pace=PACE, port=slow.port)
    server.start()
    try:
        deadline = time.monotonic() + 20
        state = server.call("GET", f"/api/tables/{broken}", token=broken_token)
        while state["fault"] is None and time.monotonic() < deadline:
            state = server.call("GET", f"/api/tables/{broken}?after={state['revision']}&wait=2",
                                token=broken_token)
        assert state["fault"] is not None and "1000001" in state["fault"]
        assert state["version"] == 0 and not state["your_turn"]
        # every other table moves on: the one made before, and a new one
        moved = server.call("GET", f"/api/tables/{good}?after=0&wait=10", token=good_token)
        assert moved["version"] >= 1 and moved["fault"] is None
        fresh, fresh_token = table(server, "farkle", ["random", "human"])
        moved = server.call("GET", f"/api/tables/{fresh}?after=0&wait=10", token=fresh_token)
        assert moved["version"] >= 1
        time.sleep(1.5)   # several of the referee's ticks
        log = server.log.read_text(errors="replace")
        assert log.count(f"table {broken} stopped") == 1   # reported once, not every tick
    finally:
        server.kill()

"""Two kiosk servers on one PostgreSQL database, clients spread over both as a
load balancer would spread them: every move made on one server wakes the
long polls and the WebSockets waiting on the other. The wake latency is shown
in the output, and bounded only loosely (benchmarks/kiosk_push.py measures it;
docs/performance.md gives the figures)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from tests.kiosk.postgres import fresh_schema
from tests.kiosk.push import HEARD_WITHIN, percentile, wake_latencies
from tests.kiosk.server import KioskServer


@pytest.fixture
def two_servers(tmp_path: Path) -> Iterator[list[KioskServer]]:
    with fresh_schema() as url:
        servers = [KioskServer(url, log=tmp_path / f"server{i}.log") for i in range(2)]
        try:
            for server in servers:
                server.start()
            yield servers
        finally:
            for server in servers:
                server.stop()


def test_every_move_wakes_the_other_servers_waiters(two_servers: list[KioskServer]) -> None:
    latencies = wake_latencies(two_servers, moves=24)
    for how, seconds in latencies.items():
        print(f"{how}: {len(seconds)} wakes across servers, median "
              f"{1000 * percentile(seconds, 0.5):.1f} ms, worst {1000 * max(seconds):.1f} ms")
        assert len(seconds) == 24 and max(seconds) < HEARD_WITHIN   # every one, woken

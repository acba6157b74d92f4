"""kill -9 at random moments, restart on the same database, and nothing
acknowledged is lost, nothing is played twice, computer seats and move clocks
carry on (tests/kiosk/crash.py does the work; benchmarks/kiosk_crash.py runs
it for longer)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the kiosk needs the kiosk extra")
pytest.importorskip("starlette", reason="the kiosk needs the kiosk extra")

from tests.kiosk.crash import RESUME_AFTER, Settings, run
from tests.kiosk.postgres import fresh_schema, restart_postgres, server_url

KILLS = 30


def test_kill_at_random_moments(tmp_path: Path) -> None:
    figures = run(tmp_path / "kiosk.db", Settings(kills=KILLS, clients=4, seed=13))
    print("\n" + figures.table())
    assert figures.mismatches == []
    # the run did what it is for: every kill, moves and kills that crossed
    # each other, a computer seat caught mid-game, the clock of an idle person
    assert figures.kills == KILLS + 1
    assert figures.moves_acked > 500
    assert figures.moves_checked >= figures.moves_acked
    assert figures.unanswered_landed + figures.unanswered_lost > 0
    assert figures.computer_resumes > 0
    assert figures.timer_moves > 0


#: Kills of a server on PostgreSQL, and restarts of PostgreSQL itself.
PG_KILLS = 3
PG_RESTARTS = 2


def test_kill_servers_and_restart_postgres(tmp_path: Path) -> None:
    """Two servers on one PostgreSQL database, the clients spread
    over both; one killed at random moments, PostgreSQL restarted with a fast
    and with an immediate shutdown under load."""
    if not os.environ.get("PINTAS_TEST_POSTGRES_DIR"):
        # the cluster is restarted: only the throwaway one of tools/test_postgres.sh
        server_url()  # (skipped, or failed if PostgreSQL is required)
        pytest.skip("PINTAS_TEST_POSTGRES_DIR is not set (tools/test_postgres.sh start)")
    with fresh_schema() as url:
        # (no resume probe: its search seat, killed mid-move, holds its job
        # for a whole lease; the clients' tables have computer seats enough)
        figures = run(url, Settings(kills=PG_KILLS, clients=4, seed=17, servers=2,
                                    resume_probe_every=0,
                                    restart_db=restart_postgres, db_restarts=PG_RESTARTS,
                                    resume_wait=RESUME_AFTER, logs=tmp_path))
    print("\n" + figures.table())
    assert figures.mismatches == []
    assert figures.kills == PG_KILLS + 1
    assert figures.db_restarts == PG_RESTARTS
    assert figures.moves_acked > 100
    assert figures.moves_checked >= figures.moves_acked
    assert figures.computer_resumes > 0
    assert figures.timer_moves > 0

"""kill -9 at random moments, restart on the same database, and nothing
acknowledged is lost, nothing is played twice, computer seats and move clocks
carry on (tests/kiosk/crash.py does the work; benchmarks/kiosk_crash.py runs
it for longer)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the kiosk needs the kiosk extra")
pytest.importorskip("starlette", reason="the kiosk needs the kiosk extra")

from tests.kiosk.crash import Settings, run

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

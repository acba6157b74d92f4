"""The soak benchmark (benchmarks/kiosk_soak.py) on a few games, so that it
keeps working: it plays them all through the API, reads the server's memory
and descriptors, and reports. Its timings are not asserted: the benchmark
measures them."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="the kiosk needs the kiosk extra")
if not os.path.exists("/proc/self/status"):
    pytest.skip("the soak reads the server's memory from /proc", allow_module_level=True)

from benchmarks.kiosk_soak import GAMES, read_process, soak


def test_read_process_sees_this_process() -> None:
    rss, fds, files, threads = read_process(os.getpid())
    assert rss > 1000 and threads >= 1 and fds >= files >= 1
    with open(__file__) as handle:  # one more file open: counted
        assert read_process(os.getpid())[2] == files + 1
        assert not handle.closed


def test_a_quick_soak_plays_every_game(tmp_path: Path) -> None:
    report = soak(tmp_path / "kiosk.db", games=2 * len(GAMES), clients=2, sample_every=0.2,
                  quick=True)
    text = report.text()
    print("\n" + text)
    assert report.errors == [] and report.problems() == []
    assert report.games == 2 * len(GAMES)
    assert report.moves > report.games
    counts = {kind: len(times) for kind, times in report.latencies.items()}
    assert counts["create"] == report.games
    assert counts["move"] == report.moves
    assert counts["get"] >= report.moves
    assert len(report.samples) >= 2
    assert all(s.rss_kib > 0 and s.fds >= s.files > 0 for s in report.samples)
    assert report.samples[-1].games == report.games
    assert report.db_bytes > 0
    assert "create" in text and "p99" in text and "passed" in text

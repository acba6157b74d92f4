"""Fixtures of the kiosk's tests: a kiosk on a fresh database with a clock the
test drives, and a web client of its app (the referee does not run by itself:
tests call ``kiosk.step()`` when they want the computer seats to move)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
# Starlette's test client works on httpx and warns that it will move to a successor
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient  # noqa: E402

from pintas.kiosk.app import make_app  # noqa: E402
from pintas.kiosk.service import Kiosk  # noqa: E402
from pintas.kiosk.settings import Settings  # noqa: E402

#: The tests deal from chosen seeds, to build exact positions.
SEEDED = Settings(allow_seeds=True)


class Clock:
    """Seconds since the epoch, moved by hand."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "kiosk.db"


@pytest.fixture
def kiosk(db: Path, clock: Clock) -> Iterator[Kiosk]:
    k = Kiosk(db, pace=0, clock=clock, settings=SEEDED)
    yield k
    k.close()


@pytest.fixture
def client(kiosk: Kiosk) -> Iterator[TestClient]:
    with TestClient(make_app(kiosk, run_referee=False)) as c:
        yield c

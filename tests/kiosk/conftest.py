"""Fixtures of the kiosk's tests: a kiosk on a fresh database with a clock the
test drives, and a web client of its app (the referee does not run by itself:
tests call ``kiosk.step()`` when they want the computer seats to move).

The kiosk has the limits of tests/kiosk/server.py's RELAXED (tests create many
tables from one client, with seeds); the client asks for ``localhost``, a Host
the server answers to (Starlette's default, ``testserver``, is refused like any
other name: DNS rebinding).

A test marked ``@pytest.mark.stores("sqlite", "postgresql")`` (or a module
with that mark) runs once per store: its ``db`` is an SQLite file's path, then
the URL of a fresh PostgreSQL schema (tests/kiosk/postgres.py: skipped when no
server is given, failed instead when PINTAS_POSTGRES_REQUIRED is set). Other
tests run on SQLite only."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
# Starlette's test client works on httpx and warns that it will move to a successor
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")

from starlette.testclient import TestClient  # noqa: E402

from pintas.kiosk.app import make_app  # noqa: E402
from pintas.kiosk.service import Kiosk  # noqa: E402
from pintas.kiosk.settings import Settings  # noqa: E402
from tests.kiosk.postgres import fresh_schema  # noqa: E402

#: What a test's kiosk allows (as RELAXED does for a test server).
RELAXED = Settings(pace=0, create_per_minute=0, tables_per_client=100_000, max_tables=100_000,
                   allow_seeds=True)
#: Where a test's client sends its requests.
BASE_URL = "http://localhost"


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


#: The stores a test marked ``stores`` may name.
STORES = ("sqlite", "postgresql")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "stores(*names): run the test's db on each of these "
                                       "stores (sqlite, postgresql)")


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    mark = metafunc.definition.get_closest_marker("stores")
    if mark is not None and "db" in metafunc.fixturenames:
        assert set(mark.args) <= set(STORES), mark.args
        metafunc.parametrize("db", mark.args, indirect=True)


@pytest.fixture
def db(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Any]:
    """Where a test's kiosk keeps its tables: an SQLite file's path, or (for a
    test marked ``stores``, once per store) a fresh PostgreSQL schema's URL."""
    if getattr(request, "param", "sqlite") == "sqlite":
        yield tmp_path / "kiosk.db"
    else:
        with fresh_schema() as url:
            yield url


@pytest.fixture
def kiosk(db: Path, clock: Clock) -> Iterator[Kiosk]:
    k = Kiosk(db, clock=clock, settings=RELAXED)
    yield k
    k.close()


@pytest.fixture
def client(kiosk: Kiosk) -> Iterator[TestClient]:
    with TestClient(make_app(kiosk, run_referee=False), base_url=BASE_URL) as c:
        yield c

"""PostgreSQL for the kiosk's tests: a fresh schema per test in the database
PINTAS_TEST_POSTGRES names (tools/test_postgres.sh starts a throwaway
cluster and gives it), and a plain connection that takes SQLite's ``?``
placeholders, so that a test damages a row the same way in either store.

Without PINTAS_TEST_POSTGRES (or psycopg, or a server that answers), the
PostgreSQL tests are skipped, unless PINTAS_POSTGRES_REQUIRED is set: then
they fail."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from pintas.kiosk.postgres import is_postgres_url

__all__ = ["connect", "fresh_schema", "restart_postgres", "server_url"]


def _unavailable(why: str) -> None:
    if os.environ.get("PINTAS_POSTGRES_REQUIRED"):
        pytest.fail(f"PostgreSQL is required (PINTAS_POSTGRES_REQUIRED) but {why}")
    pytest.skip(f"no PostgreSQL: {why}")


def server_url() -> str:
    """The URL of the tests' PostgreSQL database (skips or fails the test if
    there is none that answers)."""
    url = os.environ.get("PINTAS_TEST_POSTGRES", "")
    if not url:
        _unavailable("PINTAS_TEST_POSTGRES is not set (tools/test_postgres.sh starts one)")
    try:
        import psycopg
    except ImportError:
        _unavailable("psycopg is not installed (pip install 'pintas[postgresql]')")
    try:
        psycopg.connect(url, connect_timeout=5).close()
    except psycopg.Error as error:
        _unavailable(f"{url} does not answer: {error}")
    return url


def _with_search_path(url: str, schema: str) -> str:
    return url + ("&" if "?" in url else "?") + f"options=-csearch_path%3D{schema}"


@contextmanager
def fresh_schema() -> Iterator[str]:
    """The URL of a new, empty schema of the tests' database (dropped after)."""
    import psycopg

    url = server_url()
    schema = "test_" + uuid.uuid4().hex[:16]
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield _with_search_path(url, schema)
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SET lock_timeout = '10s'")
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


class _Postgres:
    """A plain connection to a test's schema, autocommitting, that takes
    SQLite's ``?`` placeholders."""

    def __init__(self, url: str) -> None:
        import psycopg

        self._db = psycopg.connect(url, autocommit=True)

    def execute(self, query: str, parameters: Any = ()) -> Any:
        return self._db.execute(query.replace("?", "%s"), parameters)

    def close(self) -> None:
        self._db.close()


@contextmanager
def connect(db: Path | str) -> Iterator[Any]:
    """A plain connection to the database ``db`` (an SQLite file's path or a
    PostgreSQL URL), each statement committed at once."""
    connection: Any = _Postgres(str(db)) if is_postgres_url(db) else \
        sqlite3.connect(db, isolation_level=None)
    try:
        yield connection
    finally:
        connection.close()


def restart_postgres(mode: str) -> None:
    """The throwaway cluster of tools/test_postgres.sh (PINTAS_TEST_POSTGRES_DIR)
    restarted with pg_ctl's shutdown ``mode`` ("fast", "immediate")."""
    script = Path(__file__).resolve().parents[2] / "tools" / "test_postgres.sh"
    subprocess.run(["bash", str(script), "restart", mode], check=True, capture_output=True,
                   timeout=120)

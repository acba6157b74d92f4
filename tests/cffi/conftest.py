"""The installed library for every cffi test (skipped without PINTAS_LIB)."""

from __future__ import annotations

import pytest

from tests.cffi.support import CLibrary, LibraryMissing


@pytest.fixture(scope="session")
def c() -> CLibrary:
    """The installed library; the test is skipped, saying why, without one."""
    try:
        return CLibrary.load()
    except LibraryMissing as exc:
        pytest.skip(str(exc))

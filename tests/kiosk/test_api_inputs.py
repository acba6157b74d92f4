"""Any JSON a client can send: the kiosk answers it or refuses it with a 4xx
and its JSON error, never a server error, and a refusal changes nothing
(property-based, hypothesis; ``HYPOTHESIS_PROFILE=long`` tries 100 times as many)."""

from __future__ import annotations

from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pintas import registry
from pintas.kiosk.service import Kiosk
from pintas.kiosk.tables import KioskError
from tests.fuzz.support import budget
from tests.kiosk.conftest import RELAXED, STORES
from tests.kiosk.postgres import fresh_schema

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=5),
    max_leaves=12)
GAMES = [p.name for p in registry.presets()]
OPTIONS = sorted({name for p in registry.presets() for name in p.options})
SEAT_WORDS = ["human", "random", "greedy", "suit", "search", "threshold:300", "optimal",
              "search:1", "search:0", "wizard", ""]
NEAR = st.fixed_dictionaries(
    {"game": st.sampled_from(GAMES) | JSON,
     "seats": st.lists(st.sampled_from(SEAT_WORDS), max_size=9) | JSON},
    optional={"options": st.dictionaries(st.sampled_from(OPTIONS), JSON, max_size=3) | JSON,
              "seed": st.integers(-5, 2**65) | JSON,
              "timer": st.sampled_from([None, 0, 15, 30, 60, 20, -15]) | JSON})


@pytest.fixture(scope="module", params=STORES)
def kiosk(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Any:
    """A kiosk on SQLite, then on PostgreSQL."""
    with ExitStack() as stack:
        db: Path | str = Path(tmp_path_factory.mktemp("kiosk")) / "kiosk.db"
        if request.param == "postgresql":
            db = stack.enter_context(fresh_schema())
        k = Kiosk(db, pace=0, settings=RELAXED)
        yield k
        k.close()


def _refused_well(error: KioskError) -> None:
    assert 400 <= error.status < 500, error.to_dict()
    assert error.code and error.message


@budget(300)
@given(body=NEAR | JSON)
def test_any_table_body_is_made_or_refused_with_a_4xx(kiosk: Kiosk, body: Any) -> None:
    before = kiosk.store.count()
    try:
        made = kiosk.create(body)
    except KioskError as error:
        _refused_well(error)
        assert kiosk.store.count() == before
        return
    assert kiosk.store.count() == before + 1
    assert made["tokens"] and made["version"] == 0


@budget(300)
@given(body=st.fixed_dictionaries({"move": st.text(max_size=20) | JSON},
                                  optional={"version": JSON}) | JSON,
       since=st.integers(-3, 10**6) | st.text(max_size=6) | st.none())
def test_any_move_body_is_played_or_refused_with_a_4xx(kiosk: Kiosk, body: Any,
                                                       since: Any) -> None:
    made = kiosk.create({"game": "capicua", "seats": ["human", "human", "human", "human"],
                         "seed": 3})
    id, tokens = made["id"], made["tokens"]
    seat = str(kiosk.table(id).game.to_move)
    before = kiosk.table(id).game.to_bytes()
    try:
        kiosk.play(id, tokens[seat], body)
    except KioskError as error:
        _refused_well(error)
        assert kiosk.table(id).game.to_bytes() == before
    try:
        kiosk.state(id, tokens[seat], since)
    except KioskError as error:
        _refused_well(error)

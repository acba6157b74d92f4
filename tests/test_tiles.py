"""Tile and TileSet: notation, values, masks, errors."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

import pintas
from pintas import Tile, TileSet
from pintas.errors import NotationError
from pintas.tiles import TILES


def test_design_surface() -> None:
    t = pintas.Tile(3, 5)
    assert str(t) == "5|3"
    assert pintas.Tile.parse("3|5") == t
    assert t.pips == 8
    assert not t.is_double and Tile(6, 6).is_double
    ts = pintas.TileSet(["6|6", "5|3"])
    assert len(ts) == 2
    assert pintas.Tile(6, 6) in ts
    assert int(ts) == (1 << 27) | (1 << 18)
    assert isinstance(pintas.__version__, str)


def test_indices_follow_the_c_layout() -> None:
    assert [str(t) for t in TILES[:6]] == ["0|0", "1|0", "1|1", "2|0", "2|1", "2|2"]
    assert Tile(6, 6).index == 27
    assert all(Tile.from_index(i).index == i for i in range(28))


@pytest.mark.parametrize("text", ["", "7|1", "6-4", "6|", "|4", "66", "6|4|2", "a|b", "10|1",
                                  "\u00b2|1", "\u0664|1", 64])
def test_bad_tile_notation_is_quoted(text: object) -> None:
    with pytest.raises(NotationError) as err:
        Tile.parse(text)  # type: ignore[arg-type]
    assert repr(text) in str(err.value)


@pytest.mark.parametrize("ends", [(7, 0), (-1, 2), (1.0, 2), ("1", 2)])
def test_bad_tile_ends(ends: tuple[object, object]) -> None:
    with pytest.raises(NotationError):
        Tile(*ends)  # type: ignore[arg-type]


def test_tiles_are_immutable_and_hashable() -> None:
    t = Tile(4, 2)
    with pytest.raises(AttributeError):
        t._high = 6
    assert {Tile(2, 4), Tile(4, 2)} == {t}
    assert pickle.loads(pickle.dumps(t)) == t
    assert repr(t) == "Tile(4, 2)"


def test_heaviest_ordering_helpers() -> None:
    assert Tile(6, 3).other_end(6) == 3
    with pytest.raises(ValueError):
        Tile(6, 3).other_end(5)
    assert Tile(6, 3).has(3) and not Tile(6, 3).has(5)


def test_tileset_operations() -> None:
    a = TileSet.parse("6|6 5|3, 0|0")
    b = TileSet(["0|0", Tile(1, 1)])
    assert str(a) == "0|0 5|3 6|6"
    assert a | b == TileSet.parse("0|0 1|1 5|3 6|6")
    assert a & b == TileSet(["0|0"])
    assert a - b == TileSet(["6|6", "5|3"])
    assert (a ^ b) == TileSet(["6|6", "5|3", "1|1"])
    assert TileSet(["0|0"]).issubset(a)
    assert a.pips == 20
    assert "6|6" in a and "1|1" not in a
    assert a.with_number(3) == TileSet(["5|3"])
    assert not TileSet() and len(TileSet.full()) == 28
    assert eval(repr(a), {"TileSet": TileSet}) == a
    assert pickle.loads(pickle.dumps(a)) == a


def test_tileset_errors() -> None:
    with pytest.raises(NotationError):
        TileSet("6|6")
    with pytest.raises(NotationError):
        TileSet.from_mask(1 << 28)
    with pytest.raises(NotationError):
        TileSet([1])  # type: ignore[list-item]


@given(st.integers(min_value=0, max_value=(1 << 28) - 1))
def test_tileset_mask_round_trip(mask: int) -> None:
    ts = TileSet.from_mask(mask)
    assert int(ts) == mask
    assert TileSet.parse(str(ts)) == ts
    assert len(ts) == bin(mask).count("1")
    assert list(ts) == sorted(ts)


@given(st.integers(0, 6), st.integers(0, 6))
def test_tile_notation_round_trip(a: int, b: int) -> None:
    t = Tile(a, b)
    assert Tile.parse(str(t)) == t
    assert Tile.parse(f"{b}|{a}") == t
    assert t.pips == a + b

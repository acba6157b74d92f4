# Tiles and sets of tiles as CPython's pintas.tiles shows them (the values of
# its doctests): the 28 tiles made once, values that compare, hash and order
# by index, that cannot be changed, and the refusals' classes and messages
# (refusal: common.py).

from pintas import Tile, TileSet

try:
    from pintas import TILES, as_tile
except ImportError:  # CPython: in pintas.tiles
    from pintas.tiles import TILES, as_tile


def test_a_tile():
    t = Tile(4, 6)
    assert (str(t), repr(t), t.high, t.low, t.index, t.ends) == (
        "6|4", "Tile(6, 4)", 6, 4, 25, (6, 4))
    assert (t.pips, t.is_double, Tile(3, 3).is_double) == (10, False, True)
    assert t.has(4) and t.has(6) and not t.has(5) and not t.has("4")
    assert (t.other_end(6), t.other_end(4), Tile(2, 2).other_end(2)) == (4, 6, 2)
    assert t == Tile(6, 4) and not t != Tile(6, 4) and t != Tile(6, 3)
    assert t != 25 and t != "6|4" and t != (6, 4)
    assert hash(t) == 25 and {t: 1}[Tile(6, 4)] == 1
    assert Tile(0, 0) < t and not t < t and t > Tile(6, 3)
    assert sorted([Tile(6, 6), Tile(0, 0), Tile(3, 1)]) == [Tile(0, 0), Tile(3, 1), Tile(6, 6)]
    assert Tile.parse(" 4 | 6 ") == t and Tile.from_index(25) == t and as_tile("4|6") == t


def test_the_tiles_are_made_once():
    assert len(TILES) == 28 and [t.index for t in TILES] == list(range(28))
    assert [str(t) for t in TILES[:4]] + [str(TILES[27])] == ["0|0", "1|0", "1|1", "2|0", "6|6"]
    assert all(a is b for a, b in zip(TileSet.full(), TILES))
    assert Tile.parse("3|5") is TILES[18] and Tile.from_index(7) is TILES[7]
    assert as_tile(TILES[3]) is TILES[3] and list(TileSet.parse("5|3"))[0] is TILES[18]


def test_a_tile_refused():
    form = "a tile's ends are whole numbers 0..6: got {!r}|{!r}"
    for a, b in ((9, 1), (1, -1), (1, 2 ** 70)):
        assert refusal(Tile, a, b) == ("NotationError", form.format(a, b))
    for a, b in (("6", 4), (4, None), (True, 1), (1.0, 2)):
        assert refusal(Tile, a, b) == ("NotationTypeError", form.format(a, b))
    assert refusal(Tile.parse, "6|9") == ("NotationError", "a tile's ends are 0..6: got '6|9'")
    for text in ("x", "6|6 5|5", ""):
        assert refusal(Tile.parse, text) == (
            "NotationError", "a tile is written like '6|4': got {!r}".format(text))
    assert refusal(Tile.parse, 64) == ("NotationTypeError", "a tile is written like '6|4': got 64")
    assert refusal(Tile.from_index, 28) == ("NotationError", "a tile index is 0..27: got 28")
    assert refusal(Tile.from_index, -1) == ("NotationError", "a tile index is 0..27: got -1")
    assert refusal(Tile.from_index, "1") == ("NotationTypeError", "a tile index is 0..27: got '1'")
    assert refusal(as_tile, 3) == ("NotationTypeError", "expected a tile like '6|4': got 3")
    assert refusal(Tile(6, 4).other_end, 3) == ("ValueError", "6|4 has no 3")
    try:
        Tile(6, 4).high = 3
    except AttributeError:
        pass
    else:
        raise AssertionError("a tile changed")
    assert Tile(6, 4).high == 6


def test_a_tile_set():
    ts = TileSet(["6|6", "5|3", Tile(0, 0)])
    assert (str(ts), repr(ts)) == ("0|0 5|3 6|6", "TileSet(['0|0', '5|3', '6|6'])")
    assert (ts.mask, int(ts), len(ts), ts.pips) == (134479873, 134479873, 3, 20)
    assert ts and not TileSet() and (str(TileSet()), repr(TileSet())) == ("", "TileSet([])")
    assert [t.index for t in ts] == [0, 18, 27] and list(TileSet.from_mask(ts.mask)) == list(ts)
    assert "6|6" in ts and Tile(6, 6) in ts and "1|1" not in ts and 27 not in ts
    assert ts == TileSet.parse("6|6, 5|3 0|0") == TileSet(tiles=("0|0", "5|3", "6|6"))
    assert ts != TileSet() and ts != ts.mask and hash(ts) == hash(TileSet.parse("0|0 5|3 6|6"))
    other = TileSet.parse("5|3 1|1")
    assert [str(ts | other), str(ts & other), str(ts - other), str(ts ^ other)] == [
        "0|0 1|1 5|3 6|6", "5|3", "0|0 6|6", "0|0 1|1 6|6"]
    assert (ts & other).issubset(ts) and not ts.issubset(other) and ts.issubset(TileSet.full())
    assert str(ts.with_number(6)) == "6|6" and not ts.with_number(2)
    assert str(TileSet.full().with_number(0)) == "0|0 1|0 2|0 3|0 4|0 5|0 6|0"
    assert (len(TileSet.full()), TileSet.full().pips, TileSet.parse("")) == (28, 168, TileSet())
    both = ts
    both |= other
    assert str(both) == "0|0 1|1 5|3 6|6" and str(ts) == "0|0 5|3 6|6"


def test_a_tile_set_refused():
    assert refusal(TileSet, "6|6") == (
        "NotationTypeError", "TileSet takes a list of tiles (TileSet.parse reads text): got '6|6'")
    assert refusal(TileSet, [5]) == ("NotationTypeError", "expected a tile like '6|4': got 5")
    assert refusal(TileSet, ["9|9"]) == ("NotationError", "a tile's ends are 0..6: got '9|9'")
    assert refusal(TileSet, ["0|0"] * 1001) == (
        "NotationError", "a set of tiles lists at most 1000 tiles: got more")
    form = "a tile mask has bits 0..27 only: got {!r}"
    for mask in (1 << 28, -1):
        assert refusal(TileSet.from_mask, mask) == ("NotationError", form.format(mask))
    for mask in (1.0, "3", None):
        assert refusal(TileSet.from_mask, mask) == ("NotationTypeError", form.format(mask))
    assert refusal(TileSet.parse, 7) == (
        "NotationTypeError", "expected tiles like '6|6 5|3': got 7")
    assert refusal(TileSet.parse, "6|6 x") == (
        "NotationError", "a tile is written like '6|4': got 'x'")
    ts = TileSet.parse("6|6")
    assert refusal(lambda t: t in ts, "9|9") == (
        "NotationError", "a tile's ends are 0..6: got '9|9'")
    assert refusal(ts.issubset, 5) == ("NotationTypeError", "issubset takes a TileSet: got 5")
    try:
        ts | 5
    except TypeError:
        pass
    else:
        raise AssertionError("a set of tiles or 5")
    try:
        ts.mask = 0
    except AttributeError:
        pass
    else:
        raise AssertionError("a set of tiles changed")
    assert ts.mask == 1 << 27

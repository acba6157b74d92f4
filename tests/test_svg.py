# mypy: disable-error-code="arg-type, list-item"
"""pintas.svg, tested by structure rather than by pixel: every picture is
parsed as XML and its elements read back (tiles are ``rect.tile-body``
boxes at absolute coordinates, pips ``circle.pip``), so the tests check what
a person would see: how many pips each half shows and where, that the tiles
of the longest line stay inside the box without overlapping and touch with
equal numbers, that doubles lie across, that a picture shows no tile the view
hides, and that the same input gives the same bytes."""

from __future__ import annotations

import dataclasses
import importlib.util
import itertools
import pathlib
import random
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from pintas import Tile, TileSet, caminos, dice, domino, registry, svg
from pintas.caminos import Path
from pintas.errors import NotationError, NotationTypeError, RulesError, RulesTypeError, ViewError
from pintas.tiles import TILES

NS = "{http://www.w3.org/2000/svg}"
EPS = 0.02  # coordinates are written with two decimals

Box = tuple[float, float, float, float]  # x, y, width, height


# ---- reading a picture back -------------------------------------------------------------


def parse(picture: str) -> ET.Element:
    """The picture's root, after the checks every picture passes: valid XML,
    an accessible ``svg`` with a title, no transforms, short numbers."""
    root = ET.fromstring(picture)
    assert root.tag == f"{NS}svg" and root.get("role") == "img"
    label = root.get("aria-label")
    assert label and root[0].tag == f"{NS}title" and root[0].text == label
    x0, y0, width, height = map(float, (root.get("viewBox") or "").split())
    assert (x0, y0) == (0, 0) and (width, height) == (float(root.get("width") or 0),
                                                      float(root.get("height") or 0))
    for element in root.iter():
        assert "transform" not in element.attrib, element.attrib
        for name in ("x", "y", "width", "height", "cx", "cy", "r", "x1", "x2", "y1", "y2"):
            value = element.get(name)
            assert value is None or re.fullmatch(r"-?\d+(\.\d{1,2})?", value), (name, value)
    return root


def classes(element: ET.Element) -> list[str]:
    return (element.get("class") or "").split()


def find(root: ET.Element, kind: str) -> list[ET.Element]:
    """Every element of class ``kind``, in document order."""
    return [e for e in root.iter() if kind in classes(e)]


def box(element: ET.Element, body: str = "tile-body") -> Box:
    """The box of a tile's (or a die's) body."""
    [found] = [e for e in element if body in classes(e)]
    return rect(found)


def pips(element: ET.Element) -> list[tuple[float, float]]:
    return [(float(c.get("cx") or 0), float(c.get("cy") or 0))
            for c in element if "pip" in classes(c)]


def halves(tile: ET.Element) -> tuple[Box, Box]:
    """The two squares of a tile: top then bottom, or left then right."""
    x, y, w, h = box(tile)
    if w > h:
        return (x, y, h, h), (x + h, y, h, h)
    return (x, y, w, w), (x, y + w, w, w)


def inside(point: tuple[float, float], square: Box) -> bool:
    x, y, w, h = square
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def shown(tile: ET.Element) -> tuple[int, int]:
    """The numbers a tile shows: pips in its first half, in its second."""
    first, second = halves(tile)
    dots = pips(tile)
    assert all(inside(p, first) or inside(p, second) for p in dots)
    return sum(inside(p, first) for p in dots), sum(inside(p, second) for p in dots)


def grid(tile_or_die: ET.Element, square: Box) -> set[tuple[int, int]]:
    """The pips in ``square`` on the 3 x 3 grid: (column, row), each -1, 0 or 1."""
    x, y, w, h = square
    cx, cy = x + w / 2, y + h / 2

    def sign(v: float) -> int:
        return 0 if abs(v) < w * 0.05 else 1 if v > 0 else -1

    return {(sign(px - cx), sign(py - cy)) for px, py in pips(tile_or_die)
            if inside((px, py), square)}


def rect(element: ET.Element) -> Box:
    """The box of a ``rect``."""
    return (float(element.get("x") or 0), float(element.get("y") or 0),
            float(element.get("width") or 0), float(element.get("height") or 0))


def overlap(a: Box, b: Box) -> bool:
    return (a[0] < b[0] + b[2] - EPS and b[0] < a[0] + a[2] - EPS
            and a[1] < b[1] + b[3] - EPS and b[1] < a[1] + a[3] - EPS)


def apart(a: Box, b: Box) -> tuple[float, float]:
    """The gaps between two boxes across x and across y (0 where they overlap)."""
    return (max(b[0] - a[0] - a[2], a[0] - b[0] - b[2], 0.0),
            max(b[1] - a[1] - a[3], a[1] - b[1] - b[3], 0.0))


def side_by_side(a: Box, b: Box) -> bool:
    """True when two touching boxes are side by side (share a height), False
    when one is above the other."""
    return min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]) > EPS


def distance(a: Box, b: Box) -> float:
    """How far apart the centres of two boxes are."""
    return float(((a[0] + a[2] / 2 - b[0] - b[2] / 2) ** 2
                  + (a[1] + a[3] / 2 - b[1] - b[3] / 2) ** 2) ** 0.5)


def within(inner: Box, width: float, height: float) -> bool:
    x, y, w, h = inner
    return x >= -EPS and y >= -EPS and x + w <= width + EPS and y + h <= height + EPS


def size_of(root: ET.Element) -> tuple[float, float]:
    return float(root.get("width") or 0), float(root.get("height") or 0)


# ---- tiles ----------------------------------------------------------------------------------

#: The classic layouts, written out: (column, row) of each pip in a square
#: half, rows downwards; on an upright tile and on a lying one (turned a
#: quarter, its top half to the left).
UPRIGHT = {
    0: set(),
    1: {(0, 0)},
    2: {(1, -1), (-1, 1)},
    3: {(1, -1), (0, 0), (-1, 1)},
    4: {(-1, -1), (1, -1), (-1, 1), (1, 1)},
    5: {(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)},
    6: {(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)},
}
LYING = {
    0: set(),
    1: {(0, 0)},
    2: {(-1, -1), (1, 1)},
    3: {(-1, -1), (0, 0), (1, 1)},
    4: {(-1, -1), (1, -1), (-1, 1), (1, 1)},
    5: {(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)},
    6: {(-1, -1), (0, -1), (1, -1), (-1, 1), (0, 1), (1, 1)},
}


def only_tile(picture: str) -> ET.Element:
    [tile] = find(parse(picture), "tile")
    return tile


@pytest.mark.parametrize("lying", [False, True])
def test_every_tile_shows_its_pips_in_its_halves(lying: bool) -> None:
    for a, b in itertools.product(range(7), repeat=2):
        tile = only_tile(svg.tile((a, b), lying=lying))
        assert len(pips(tile)) == a + b
        assert shown(tile) == (a, b)
        assert tile.get("data-tile") == str(Tile(a, b))
        _, _, w, h = box(tile)
        assert (w > h) == lying and max(w, h) == 2 * min(w, h)


@pytest.mark.parametrize("lying", [False, True])
def test_pips_lie_in_the_classic_layouts(lying: bool) -> None:
    expected = LYING if lying else UPRIGHT
    for number in range(7):
        tile = only_tile(svg.tile((number, 6 - number), size=50, lying=lying))
        first, second = halves(tile)
        assert grid(tile, first) == expected[number]
        assert grid(tile, second) == expected[6 - number]


def test_notation_draws_high_end_first_and_a_pair_as_given() -> None:
    assert shown(only_tile(svg.tile("4|6"))) == (6, 4)
    assert shown(only_tile(svg.tile(Tile(4, 6), lying=True))) == (6, 4)
    assert shown(only_tile(svg.tile((4, 6)))) == (4, 6)
    assert svg.tile("6|4") == svg.tile(Tile(6, 4)) == svg.tile((6, 4))


def test_a_face_down_tile_shows_nothing_of_the_tile() -> None:
    for picture in (svg.tile("6|4", face_down=True), svg.tile(None)):
        tile = only_tile(picture)
        assert tile.get("data-face-down") == "true" and tile.get("data-tile") is None
        assert not pips(tile) and "6|4" not in picture
        assert tile[0].text == "face-down tile"


def test_a_tile_says_what_it_is() -> None:
    root = parse(svg.tile("6|4"))
    assert root.get("aria-label") == "domino tile 6|4" and root.get("data-picture") == "tile"
    tile = find(root, "tile")[0]
    assert tile[0].tag == f"{NS}title" and tile[0].text == "6|4"


def test_sizes_scale_the_tile() -> None:
    small, large = (box(only_tile(svg.tile("5|5", size=s))) for s in (20, 60))
    assert (small[2], small[3], large[2], large[3]) == (20, 40, 60, 120)


# ---- hands ----------------------------------------------------------------------------------


def test_a_hand_is_a_row_of_its_tiles() -> None:
    hand = TileSet.parse("6|6 5|3 1|0 4|2")
    root = parse(svg.hand(hand))
    tiles = find(root, "tile")
    assert [t.get("data-tile") for t in tiles] == [str(t) for t in hand]
    assert [t.get("data-index") for t in tiles] == ["0", "1", "2", "3"]
    boxes = [box(t) for t in tiles]
    assert all(within(b, *size_of(root)) for b in boxes)
    assert all(a[0] + a[2] < b[0] and a[1] == b[1] for a, b in itertools.pairwise(boxes))
    assert sum(len(pips(t)) for t in tiles) == hand.pips
    assert svg.hand(hand) == svg.hand(str(hand)) == svg.hand(list(hand))


def test_another_seats_hand_is_a_count_of_backs() -> None:
    for picture in (svg.hand(6), svg.hand("6|6 5|3 1|0 4|2 3|3 2|1", face_down=True)):
        root = parse(picture)
        tiles = find(root, "tile")
        assert len(tiles) == 6 and not find(root, "pip")
        assert all(t.get("data-face-down") == "true" for t in tiles)
        assert root.get("aria-label") == "6 face-down domino tiles"
    assert not find(parse(svg.hand([])), "tile")


def test_a_lying_hand() -> None:
    tiles = find(parse(svg.hand(["6|4", (2, 5)], lying=True)), "tile")
    assert [shown(t) for t in tiles] == [(6, 4), (2, 5)]
    assert all(box(t)[2] > box(t)[3] for t in tiles)


# ---- the line -------------------------------------------------------------------------------


def full_line(seed: int) -> list[tuple[int, int]]:
    """All 28 tiles in one line: a walk through every tile of the set (each
    number is on 8 half-tiles, so there is one), found at random from ``seed``."""
    rng = random.Random(seed)
    free = {n: [t for t in TILES if t.has(n)] for n in range(7)}
    for tiles in free.values():
        rng.shuffle(tiles)
    used: set[Tile] = set()
    stack: list[tuple[int, tuple[int, int] | None]] = [(rng.randrange(7), None)]
    walk: list[tuple[int, int]] = []
    while stack:
        number, step = stack[-1]
        while free[number] and free[number][-1] in used:
            free[number].pop()
        if free[number]:
            tile = free[number].pop()
            used.add(tile)
            stack.append((tile.other_end(number), (number, tile.other_end(number))))
        else:
            stack.pop()
            if step is not None:
                walk.append(step)
    walk.reverse()
    assert len({Tile(*t) for t in walk}) == 28
    assert all(a[1] == b[0] for a, b in itertools.pairwise(walk))
    return walk


def view_of_line(line: Sequence[tuple[int, int]], first: int) -> domino.View:
    """A view of a two-seat Muggins game whose line is ``line``, grown from
    the tile at ``first`` (its right arm placed first, then its left)."""
    if line[first][0] < line[first][1]:  # the first tile lies high end first
        line = [(b, a) for a, b in reversed(line)]
        first = len(line) - 1 - first
    placements = [(Tile(*line[first]), "L")]
    placements += [(Tile(*line[i]), "R") for i in range(first + 1, len(line))]
    placements += [(Tile(*line[i]), "L") for i in range(first - 1, -1, -1)]
    base = domino.Game(domino.Rules.muggins(players=2), seed=1).view(0)
    view = dataclasses.replace(base, placements=tuple(placements), line=tuple(line),
                               ends=(line[0][0], line[-1][1]), hand=TileSet(),
                               hand_sizes=(0, 28 - len(line)), boneyard_size=0,
                               forced_tile=None)
    assert view.line == tuple(line)
    return view


def first_index(view: domino.View) -> int:
    """Where the round's first tile is in the view's line."""
    return next(i for i, t in enumerate(view.line) if Tile(*t) == view.placements[0][0])


def check_line(picture: str, line: Sequence[tuple[int, int]],
               first: int | None = None) -> list[ET.Element]:
    """The checks of every drawn line; its tiles, in line order."""
    root = parse(picture)
    width, height = size_of(root)
    tiles = find(root, "tile")
    assert [int(t.get("data-index") or -1) for t in tiles] == list(range(len(line)))
    assert [t.get("data-tile") for t in tiles] == [str(Tile(*pair)) for pair in line]
    boxes = [box(t) for t in tiles]
    for each in boxes:
        assert within(each, width, height), (each, width, height)
    for (i, one), (j, other) in itertools.combinations(enumerate(boxes), 2):
        assert not overlap(one, other), (i, j, one, other)
    u = min(boxes[0][2:]) if boxes else 0
    for i, (a, b) in enumerate(itertools.pairwise(tiles)):
        gap_x, gap_y = apart(box(a), box(b))
        assert (gap_x == 0 or gap_y == 0) and max(gap_x, gap_y) <= 0.1 * u + EPS, i
        # the halves that touch show the same number: the closest two, or the
        # half closest to the middle of a double (which lies across the line)
        near_a, near_b = min(itertools.product(halves(a), halves(b)),
                             key=lambda pair: distance(*pair))
        if line[i + 1][0] == line[i + 1][1]:
            near_a = min(halves(a), key=lambda h: distance(h, box(b)))
        if line[i][0] == line[i][1]:
            near_b = min(halves(b), key=lambda h: distance(h, box(a)))
        assert sum(inside(p, near_a) for p in pips(a)) == line[i][1]
        assert sum(inside(p, near_b) for p in pips(b)) == line[i + 1][0]
    start = 0 if first is None else first
    for i, tile in enumerate(tiles):
        assert sorted(shown(tile)) == sorted(line[i])
        if line[i][0] == line[i][1] and i != start:
            # a double lies across the line where it was played: across the
            # tile it touches on the side of the first tile
            j = i - 1 if i > start else i + 1
            _, _, w, h = boxes[i]
            assert (h > w) == side_by_side(boxes[i], boxes[j]), (i, j)
    if line:
        assert tiles[0].get("data-end") in ("L", "LR") and tiles[-1].get("data-end") in ("R",
                                                                                         "LR")
    marked = [int(t.get("data-index") or -1) for t in tiles if t.get("data-first")]
    assert marked == ([] if first is None else [first])
    return tiles


BOXES = [(640, 400), (800, 600), (400, 400), (300, 600), (1200, 300), (200, 150), (2000, 120)]


@pytest.mark.parametrize(("width", "height"), BOXES)
def test_the_longest_line_fits_any_box_without_overlaps(width: int, height: int) -> None:
    for seed in range(3):
        line = full_line(seed)
        check_line(svg.line(line, width, height), line)
        for first in (0, 5, 13, 27):
            view = view_of_line(line, first)
            check_line(svg.line(view, width, height), view.line, first_index(view))


def test_the_first_tile_is_where_the_line_grew_from() -> None:
    view = view_of_line(full_line(7), 14)
    start = first_index(view)
    assert start in (13, 14)
    tiles = check_line(svg.line(view, 800, 600), view.line, start)
    first = tiles[start]
    assert first.get("data-order") == "0" and first.get("data-tile") == str(
        view.placements[0][0])
    # the line grows from it both ways in its row: its neighbours lie level with it
    centre = box(first)[1] + box(first)[3] / 2
    for neighbour in (tiles[start - 1], tiles[start + 1]):
        _, ny, _, nh = box(neighbour)
        assert abs(ny + nh / 2 - centre) < EPS
    orders = sorted(int(t.get("data-order") or -1) for t in tiles)
    assert orders == list(range(28))


def test_lines_of_played_games() -> None:
    """Every line a random game makes along its first rounds, in two boxes."""
    for preset in ("muggins", "dominican", "capicua"):
        rules = registry.preset(preset).rules()
        game = domino.Game(rules, seed=3)
        rng = random.Random(3)
        while not game.is_over and game.round <= 2:
            game.play(rng.choice(game.legal_moves()))
            view = game.view(0)
            if view.line:
                for width, height in ((640, 400), (360, 640)):
                    check_line(svg.line(view, width, height), view.line, first_index(view))


def test_a_bare_line_is_a_snake_from_the_top_left() -> None:
    line = full_line(2)
    tiles = check_line(svg.line(line, 500, 500), line)
    boxes = [box(t) for t in tiles]
    assert boxes[0][1] == min(b[1] for b in boxes[:3])  # the first row is the top one
    assert boxes[0][0] < boxes[1][0] < boxes[2][0]  # going right
    tiles = check_line(svg.line(line, 500, 500, first=9), line, 9)


def test_doubles_lie_across_the_line() -> None:
    line = [(1, 6), (6, 6), (6, 3), (3, 3), (3, 0)]
    tiles = check_line(svg.line(line, 640, 200), line)
    assert [box(t)[3] > box(t)[2] for t in tiles] == [False, True, False, True, False]


def test_an_empty_line_and_a_single_tile() -> None:
    view = domino.Game(domino.Rules.dominican(), seed=2).view(0)
    root = parse(svg.line(view))
    assert not find(root, "tile") and root.get("aria-label") == "line of play: empty"
    check_line(svg.line([(5, 5)]), [(5, 5)])


def test_notes_in_words_can_be_left_to_the_page() -> None:
    """An empty line and a slot with no path say so in English; a page that
    writes its own words (the kiosk's) asks for no notes, and gets the same
    picture without them."""
    view = domino.Game(domino.Rules.dominican(), seed=2).view(0)
    assert [e.text for e in find(parse(svg.line(view)), "note")] == ["no tile played yet"]
    assert find(parse(svg.line(view, notes=False)), "note") == []
    found = [Path(1, Tile(6, 4), ends=(6, 4), free=(1, 1)), Path(2, None)]
    assert [e.text for e in find(parse(svg.paths(found)), "note")] == ["no path"]
    quiet = svg.paths(found, notes=False)
    assert find(parse(quiet), "note") == [] and len(find(parse(quiet), "path")) == 2
    with pytest.raises(RulesTypeError, match="notes must be True or False: got 1"):
        svg.paths(found, notes=1)


def test_a_box_too_small_for_the_line_is_refused() -> None:
    with pytest.raises(RulesError, match="a line of 28 tiles does not fit 16 x 16 pixels"):
        svg.line(full_line(1), 16, 16)


# ---- Caminos' paths ------------------------------------------------------------------------


def caminos_views(variant: str, seed: int) -> Iterator[caminos.View]:
    rules = getattr(caminos.Rules, variant)(players=3)
    game = caminos.Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        yield game.view(game.to_move if game.to_move is not None else 0)
        game.play(rng.choice(game.legal_moves()))
    yield game.view(0)


def check_paths(picture: str, found: Sequence[Path]) -> None:
    root = parse(picture)
    width, height = size_of(root)
    groups = find(root, "path")
    assert [g.get("data-path") for g in groups] == [str(p.number) for p in found]
    everything: list[Box] = []
    for group, path in zip(groups, found, strict=True):
        state = "gone" if path.centre is None else "closed" if path.closed else "open"
        assert group.get("data-state") == state
        tiles = [e for e in group if "tile" in classes(e)]
        slots = [e for e in group.iter() if "slot" in classes(e)]
        assert sorted(t.get("data-tile") or "" for t in tiles) == sorted(map(str, path.tiles))
        assert len(slots) == (0 if path.centre is None else sum(path.free))
        front, back = path.numbers
        takes = {s.get("data-side"): s.get("data-takes") for s in slots if s.get("data-takes")}
        assert takes == {side: str(n) for side, n in (("front", front), ("back", back))
                         if n is not None}
        assert group.get("data-front") == (None if front is None else str(front))
        for tile in tiles:
            side = tile.get("data-side")
            assert side in ("centre", "front", "back")
            if tile.get("data-tile") == str(path.centre):
                assert side == "centre"
            if Tile.parse(tile.get("data-tile") or "").is_double:
                assert box(tile)[3] > box(tile)[2]  # across its path
        if path.centre is not None:
            # back at the left, the centre, front at the right, in one row
            order = sorted(tiles, key=lambda t: box(t)[0])
            assert [t.get("data-tile") for t in order] == [str(Tile(*p)) for p in path.chain]
        everything += [box(t) for t in tiles] + [rect(s) for s in slots]
    for b in everything:
        assert within(b, width, height)
    for a, b in itertools.combinations(everything, 2):
        assert not overlap(a, b)


@pytest.mark.parametrize("variant", ["base", "no_renewal", "two_paths"])
def test_paths_of_played_games(variant: str) -> None:
    for k, view in enumerate(caminos_views(variant, 4)):
        if k % 3 == 0:
            check_paths(svg.paths(view, 640, 400), view.paths)
            check_paths(svg.paths(view, 300, 500), view.paths)


def test_a_chain_reads_back_to_front_left_to_right() -> None:
    path = Path(1, Tile(5, 2), front=(Tile(5, 3),), back=(Tile(2, 2),), ends=(3, 2), free=(1, 1))
    tiles = find(parse(svg.paths([path])), "tile")
    order = sorted(tiles, key=lambda t: box(t)[0])
    assert [shown(t) for t in order] == [(2, 2), (2, 5), (5, 3)]


def test_closed_and_missing_paths_are_drawn_apart() -> None:
    full = Path(2, Tile(3, 1), front=(Tile(5, 3),), back=(Tile(1, 1),), ends=(5, 1), free=(0, 0))
    gone = Path(3, None)
    open_ = Path(1, Tile(6, 4), ends=(6, 4), free=(1, 1))
    found = [open_, full, gone]
    picture = svg.paths(found)
    check_paths(picture, found)
    groups = find(parse(picture), "path")
    states = [g.get("data-state") for g in groups]
    assert states == ["open", "closed", "gone"]
    grounds = [next(e for e in g if "path-ground" in classes(e)) for g in groups]
    assert grounds[0].get("fill") == "none" and grounds[1].get("fill") != "none"
    assert grounds[2].get("stroke-dasharray") and not find(groups[2], "tile")
    assert all(t.get("opacity") for t in find(groups[1], "tile"))


# ---- dice -----------------------------------------------------------------------------------


def test_every_die_face() -> None:
    for value in range(1, 7):
        root = parse(svg.die(value, size=60))
        [die] = find(root, "die")
        assert die.get("data-die") == str(value) and len(pips(die)) == value
        assert grid(die, box(die, "die-body")) == UPRIGHT[value]
        assert root.get("aria-label") == f"die {value}"


def test_a_roll_and_the_kept_dice() -> None:
    root = parse(svg.dice([4, 2, 6], kept=[1, 5, 5]))
    rolled, kept = find(root, "rolled"), find(root, "kept")
    assert [d.get("data-die") for d in find(rolled[0], "die")] == ["4", "2", "6"]
    assert [d.get("data-die") for d in find(kept[0], "die")] == ["1", "5", "5"]
    assert all(d.get("data-kept") == "true" for d in find(kept[0], "die"))
    fills = {box_fill(d) for d in find(root, "die")}
    assert len(fills) == 2  # kept dice in their own colour
    boxes = [box(d, "die-body") for d in find(root, "die")]
    assert all(within(b, *size_of(root)) for b in boxes)
    assert not any(overlap(a, b) for a, b in itertools.combinations(boxes, 2))
    assert not find(parse(svg.dice([3])), "kept")


def box_stroke(tile: ET.Element) -> str:
    return next(e.get("stroke") or "" for e in tile if "tile-body" in classes(e))


def box_fill(die: ET.Element) -> str:
    return next(e.get("fill") or "" for e in die if "die-body" in classes(e))


def test_the_dice_of_a_view() -> None:
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=4)
    game.play("roll 1 5 6 4 4 3")
    game.play("keep 1 5")
    game.play("roll 2 3 5 6")
    view = game.view(1)
    root = parse(svg.dice(view))
    assert [d.get("data-die") for d in find(find(root, "rolled")[0], "die")] == list("2356")
    assert [d.get("data-die") for d in find(find(root, "kept")[0], "die")] == list("15")


# ---- whole views of every game -------------------------------------------------------------


def snapshots(preset: registry.Preset, seed: int) -> Iterator[Any]:
    """Every seat's view at every 12th move of a seeded game of random moves (and at
    its end)."""
    rules = preset.rules()
    game = preset.family.new_game(rules, seed=seed)
    rng = random.Random(seed)
    moves = 0
    while True:
        if moves % 12 == 0 or game.is_over:
            yield from (game.view(seat) for seat in range(game.seats))
        if game.is_over or moves > 400:
            return
        game.play(rng.choice(game.legal_moves()))
        moves += 1


def check_view(view: Any, picture: str) -> None:
    root = parse(picture)
    assert root.get("data-picture") == "view"
    width, height = size_of(root)
    for element in find(root, "tile") + find(root, "die"):
        body = "die-body" if "die" in classes(element) else "tile-body"
        assert within(box(element, body), width, height)
    drawn = [t.get("data-tile") or "" for t in find(root, "tile") if t.get("data-tile")]
    if isinstance(view, dice.View):
        assert not drawn
        return
    # nothing the view hides: the seat's own tiles and the table's, each once
    table = (TileSet(Tile(*pair) for pair in view.line) if isinstance(view, domino.View)
             else TileSet(t for path in view.paths for t in path.tiles))
    assert sorted(drawn) == sorted(str(t) for t in [*view.hand, *table])
    backs = sum(1 for t in find(root, "tile") if t.get("data-face-down"))
    assert backs == sum(view.hand_sizes) - len(view.hand)
    seat = find(root, "own")[0]
    moves = [str(m) for m in view.legal_moves() if m.tile is None]
    assert seat.get("data-moves") == (",".join(moves) if moves else None)
    own = find(seat, "tile")
    assert [t.get("data-tile") for t in own] == [str(t) for t in view.hand]
    # each own tile lists its legal moves (none unless the seat is to move)
    for tile in own:
        listed = tile.get("data-moves")
        moves = [str(m) for m in view.legal_moves() if str(m.tile) == tile.get("data-tile")]
        assert (listed.split(",") if listed else []) == moves
        assert bool(moves) == (box_stroke(tile) != svg.Style().edge)


@pytest.mark.parametrize("preset", registry.presets(), ids=lambda p: p.name)
def test_every_view_of_every_preset_draws(preset: registry.Preset) -> None:
    for view in snapshots(preset, seed=21):
        picture = svg.view(view, 720, 540)
        check_view(view, picture)
        assert view._repr_svg_() == svg.view(view)


@pytest.mark.parametrize("preset", registry.presets(), ids=lambda p: p.name)
def test_a_view_waiting_for_a_chance_outcome_draws_chance_to_move(preset: registry.Preset) -> None:
    # a game made with external chance stops before its deal (dice: before a
    # roll's outcome): no seat is to move, and the picture says chance is
    game = preset.family.new_game(preset.rules(), chance="external")
    if not game.is_chance:
        game.play(game.legal_moves()[0])  # dice: the roll, then its outcome is due
    assert game.is_chance and game.to_move is None
    view = game.view(0)
    picture = svg.view(view, 720, 540)
    check_view(view, picture)
    assert "chance" in svg.view(view)


def test_the_seat_to_move_sees_its_moves_on_its_tiles() -> None:
    game = caminos.Game(caminos.Rules.base(players=2), seed=7)
    while game.phase == "reveal":
        game.play(game.legal_moves()[0])
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    root = parse(svg.view(view))
    marked = {t.get("data-tile"): (t.get("data-moves") or "").split(",")
              for t in find(find(root, "own")[0], "tile") if t.get("data-moves")}
    legal: dict[str, list[str]] = {}
    for move in view.legal_moves():
        if move.tile is not None:
            legal.setdefault(str(move.tile), []).append(str(move))
    assert marked == legal and any(len(moves) > 1 for moves in legal.values())
    check_view(view, svg.view(view))


def test_a_view_draws_in_a_small_box_and_refuses_a_tiny_one() -> None:
    view = domino.Game(domino.Rules.capicua(players=4), seed=1).view(0)
    check_view(view, svg.view(view, 240, 180))
    with pytest.raises(RulesError, match=r"got 200 x 150"):
        svg.view(view, 200, 150)


# ---- determinism, options, errors -----------------------------------------------------------


def test_same_input_same_bytes() -> None:
    line = full_line(5)
    view = view_of_line(line, 11)
    pictures: list[Callable[[], str]] = [lambda: svg.line(view, 640, 400), lambda: svg.view(view),
                lambda: svg.paths(next(caminos_views("no_renewal", 2))),
                lambda: svg.dice([1, 2, 3], kept=[5]), lambda: svg.hand("6|6 0|0")]
    for draw in pictures:
        assert draw() == draw()
    assert svg.view(view) == svg.view(dataclasses.replace(view))
    code = ("from pintas import svg; import sys; "
            "sys.stdout.write(svg.line([(6, 6), (6, 1), (1, 1), (1, 4)], 333, 222))")
    again = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout
    assert again == svg.line([(6, 6), (6, 1), (1, 1), (1, 4)], 333, 222)


def test_importing_pintas_and_its_games_does_not_import_svg() -> None:
    code = ("import sys, pintas, pintas.domino, pintas.caminos, pintas.dice, pintas.registry; "
            "print('pintas.svg' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


def test_style_colours_and_escaping() -> None:
    style = svg.Style(pip="#aa0000", table=None, font='Odd "Font" <&>')
    picture = svg.line([(6, 4), (4, 4)], 300, 200, style=style)
    root = parse(picture)
    assert {c.get("fill") for c in find(root, "pip")} == {"#aa0000"}
    assert not find(root, "table")
    view = domino.Game(domino.Rules.dominican(), seed=1).view(0)
    texts = [e for e in parse(svg.view(view, style=style)).iter() if e.tag == f"{NS}text"]
    assert texts and all(t.get("font-family") == 'Odd "Font" <&>' for t in texts)


ROOT = pathlib.Path(__file__).resolve().parent.parent


def test_the_docs_pictures_are_what_their_code_draws() -> None:
    """docs/pictures.md shows each picture with the code that draws it, and
    docs/pictures/ holds what that code draws today (tools/render_pictures.py
    writes them)."""
    spec = importlib.util.spec_from_file_location("render_pictures",
                                                  ROOT / "tools" / "render_pictures.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    page = (ROOT / "docs" / "pictures.md").read_text()
    found = tool.blocks(page)
    images = re.findall(r"\(pictures/([\w-]+)\.png\)", page)
    assert [name for name, _ in found] == images and len(images) >= 6
    for name, code in found:
        made = ROOT / "docs" / "pictures" / f"{name}.svg"
        assert made.read_text() == tool.draw(code, name), f"rerun tools/render_pictures.py ({name})"
        assert (ROOT / "docs" / "pictures" / f"{name}.png").stat().st_size > 0
        parse(made.read_text())


BAD_CALLS: list[tuple[Any, type[Exception], str]] = [
    (lambda: svg.tile(42), NotationTypeError, "got 42"),
    (lambda: svg.tile("7|1"), NotationError, "'7|1'"),
    (lambda: svg.tile((6, 9)), NotationError, "6|9"),
    (lambda: svg.tile(("6", 4)), NotationTypeError, "'6'"),
    (lambda: svg.hand(29), NotationError, "got 29"),
    (lambda: svg.hand(3.5), NotationTypeError, "got 3.5"),
    (lambda: svg.hand(["6|6", "x"]), NotationError, "'x'"),
    (lambda: svg.line("6|4 4|4"), NotationTypeError, "got '6|4 4|4'"),
    (lambda: svg.line([(6, 4), (3, 3)]), NotationError,
     r"6\|4 then 3\|3 in \[\(6, 4\), \(3, 3\)\]"),
    (lambda: svg.line([(6, 4), (4, 6)]), NotationError, "each tile once"),
    (lambda: svg.line(["6|4"]), NotationTypeError, "'6|4'"),
    (lambda: svg.line([(6, 4)], first=1), RulesError, "got 1"),
    (lambda: svg.line([(6, 4)], first="0"), RulesTypeError, "got '0'"),
    (lambda: svg.line(domino.Game(domino.Rules.dominican(), seed=1).view(0), first=3),
     RulesError, "leave first out .got 3"),
    (lambda: svg.paths([1, 2]), NotationTypeError, r"got \[1, 2\]"),
    (lambda: svg.paths(domino.Game(domino.Rules.dominican(), seed=1).view(0)), NotationTypeError,
     "got View"),
    (lambda: svg.die(0), NotationError, "got 0"),
    (lambda: svg.die("5"), NotationTypeError, "got '5'"),
    (lambda: svg.dice([1, 9]), NotationError, r"got \[1, 9\]"),
    (lambda: svg.dice([1, "2"]), NotationTypeError, r"got \[1, '2'\]"),
    (lambda: svg.dice((1, 2), kept=7), NotationTypeError, "got 7"),
    (lambda: svg.view(42), ViewError, "got 42"),
    (lambda: svg.view(domino.Game(domino.Rules.dominican(), seed=1)), ViewError, "got <domino"),
    (lambda: svg.tile("6|4", size=0), RulesError, "got 0"),
    (lambda: svg.tile("6|4", size=float("nan")), RulesError, "got nan"),
    (lambda: svg.tile("6|4", size="40"), RulesTypeError, "got '40'"),
    (lambda: svg.tile("6|4", lying=1), RulesTypeError, "got 1"),
    (lambda: svg.line([], width=True), RulesTypeError, "got True"),
    (lambda: svg.line([], width=10), RulesError, "width must be a number of pixels 16..100000: "
                                                  "got 10"),
    (lambda: svg.hand(3, style="dark"), RulesTypeError, "got 'dark'"),
    (lambda: svg.Style(pip=3), RulesTypeError, "Style.pip .* got 3"),
    (lambda: svg.Style(face=""), RulesError, "Style.face .* got ''"),
]


@pytest.mark.parametrize(("call", "error", "quoted"), BAD_CALLS)
def test_bad_input_raises_the_packages_errors_quoting_it(call: Any, error: type[Exception],
                                                         quoted: str) -> None:
    with pytest.raises(error, match=quoted):
        call()

"""The line of play of the domino games, laid out as a snake that fits a box.

The round's first tile lies in the middle row; the line grows from it both
ways as on a table: its right arm goes right, turns down at the right edge
with a standing tile, comes back leftwards below, turns down again at the
left edge, and so on; its left arm does the same upwards (the right arm
turned half a turn about the first tile). Tiles lie along the line, doubles
across it. The largest tile size whose snake fits the box is chosen, the
first tile's place in its row too (the middle when that costs nothing), and
the drawing is centred.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from .._view import shown
from ..domino.game import View
from ..errors import NotationError, NotationTypeError, RulesError, RulesTypeError
from ..tiles import TILE_COUNT, Tile
from ._base import El, Style, Svg, check_box, check_flag, check_size, document, num, style_of
from ._tiles import face, notation, oriented

__all__ = ["Placed", "layout", "line", "line_parts"]

#: The gap between two tiles of the line, and the margin of the box, in sizes.
GAP = 0.08
MARGIN = 0.3
#: Each smaller size tried is this much of the one before, down to the least
#: size that still shows pips, in pixels.
SHRINK = 0.97
LEAST = 4.0
#: Where the first tile may lie in its row (0: leftmost, 1: rightmost), best first.
PLACES = (0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9, 0.0, 1.0)


@dataclass(frozen=True)
class Placed:
    """A tile of the laid-out line: its box, its numbers as drawn (top then
    bottom, or left then right when it lies) and its place in the line."""

    x: float
    y: float
    width: float
    height: float
    ends: tuple[int, int]
    index: int

    @property
    def lying(self) -> bool:
        return self.width > self.height

    def turned(self, cx: float, cy: float) -> Placed:
        """The tile turned half a turn about cx, cy."""
        return Placed(2 * cx - self.x - self.width, 2 * cy - self.y - self.height,
                      self.width, self.height, (self.ends[1], self.ends[0]), self.index)

    def moved(self, dx: float, dy: float) -> Placed:
        return Placed(self.x + dx, self.y + dy, self.width, self.height, self.ends, self.index)


def _arm(tiles: Sequence[tuple[int, int, int]], u: float, low: float, high: float,
         first_far: float, first_bottom: float, deepest: float) -> list[Placed] | None:
    """One arm of the line laid out rightwards from a first tile centred on the
    row y = 0 whose right edge is ``first_far`` and bottom ``first_bottom``:
    ``tiles`` as (near number, far number, index) from the first tile outwards,
    rows between x = ``low`` and ``high``. None when a row after a turn cannot
    hold even one tile, or a tile reaches below y = ``deepest``."""
    gap = GAP * u
    out: list[Placed] = []
    way = 1  # +1 rightwards, -1 leftwards
    axis = 0.0
    prev_far, prev_bottom = first_far, first_bottom
    x = first_far + gap
    in_row = True  # the row holds a tile to turn from
    i = 0
    while i < len(tiles):
        near, far, index = tiles[i]
        double = near == far
        length = u if double else 2 * u
        end = x + way * length
        if (end >= low) if way < 0 else (end <= high):
            left = x if way > 0 else end
            if double:
                out.append(Placed(left, axis - u, u, 2 * u, (near, near), index))
            else:
                out.append(Placed(left, axis - u / 2, 2 * u, u,
                                  (near, far) if way > 0 else (far, near), index))
            prev_far, prev_bottom = end, axis + (u if double else u / 2)
            x = end + way * gap
            in_row = True
            i += 1
            continue
        if not in_row:
            return None
        # The turn: down from the far half of the row's last tile.
        column = prev_far - way * u / 2
        top = prev_bottom + gap
        if double:  # across the downward run, then the next tile stands below it
            out.append(Placed(column - u, top, 2 * u, u, (near, near), index))
            top += u + gap
            i += 1
            if i == len(tiles):
                break
            near, far, index = tiles[i]
        out.append(Placed(column - u / 2, top, u, 2 * u, (near, far), index))
        i += 1
        axis = top + 1.5 * u
        if top + 2 * u > deepest or (i < len(tiles) and axis + u / 2 > deepest):
            return None  # this tile, or the next row's, is deeper than the box allows
        way = -way
        x = column + way * (u / 2 + gap)
        in_row = False
    return out


def _attempt(line: Sequence[tuple[int, int]], first: int, u: float, width: float,
             height: float, place: float) -> list[Placed] | None:
    """The line laid out with tiles of size ``u``, the first tile at ``place``
    (0..1) along its row, centred in width x height; None if it does not fit."""
    margin = MARGIN * u
    low, high = margin, width - margin
    a, b = line[first]
    fw, fh = (u, 2 * u) if a == b else (2 * u, u)
    if high - low < fw or height - 2 * margin < fh:
        return None
    cx = low + fw / 2 + place * (high - low - fw)
    first_tile = Placed(cx - fw / 2, -fh / 2, fw, fh, (a, b), first)
    right = [(p, q, i) for i, (p, q) in enumerate(line) if i > first]
    left = [(q, p, i) for i, (p, q) in reversed(list(enumerate(line))) if i < first]
    deepest = height - 2 * margin - fh / 2  # below the first tile's centre, at most
    arm_right = _arm(right, u, low, high, cx + fw / 2, fh / 2, deepest)
    # The left arm is the right arm of the line turned half a turn about the first tile.
    arm_left = _arm(left, u, 2 * cx - high, 2 * cx - low, cx + fw / 2, fh / 2, deepest)
    if arm_right is None or arm_left is None:
        return None
    placed = [first_tile, *arm_right, *(p.turned(cx, 0.0) for p in arm_left)]
    x0 = min(p.x for p in placed)
    x1 = max(p.x + p.width for p in placed)
    y0 = min(p.y for p in placed)
    y1 = max(p.y + p.height for p in placed)
    if x0 < low - 1e-9 or x1 > high + 1e-9 or y1 - y0 > height - 2 * margin + 1e-9:
        return None
    dx = (low + high) / 2 - (x0 + x1) / 2
    dy = height / 2 - (y0 + y1) / 2
    return sorted((p.moved(dx, dy) for p in placed), key=lambda p: p.index)


def layout(line: Sequence[tuple[int, int]], width: float, height: float,
           first: int | None = None, largest: float = 48) -> tuple[float, list[Placed]]:
    """The tile size and the tiles of ``line`` (pairs left to right) laid out in
    width x height, the tile ``first`` in the middle row (None: a plain snake
    from the top left). RulesError when it fits at no size of :data:`LEAST`
    pixels or more.

    >>> u, tiles = layout([(4, 6), (6, 6), (6, 1)], 400, 200)
    >>> num(u), [(num(t.x), num(t.y), t.ends) for t in tiles]
    ('48', [('76.16', '76', (4, 6)), ('176', '52', (6, 6)), ('227.84', '76', (6, 1))])
    """
    if not line:
        return min(largest, height / 2, width / 2), []
    places = (0.0,) if first is None else PLACES
    start = 0 if first is None else first
    sizes: list[float] = []
    u = min(largest, height / (2 + 2 * MARGIN), width / (2 + 2 * MARGIN))
    while u >= LEAST:
        sizes.append(u)
        u *= SHRINK
    best: tuple[int, list[Placed]] | None = None
    for place in places:
        for k in range(len(sizes) if best is None else best[0]):
            tiles = _attempt(line, start, sizes[k], width, height, place)
            if tiles is not None:
                best = (k, tiles)
                break
    if best is None:
        raise RulesError(f"a line of {len(line)} tiles does not fit {num(width)} x "
                         f"{num(height)} pixels: give a larger box")
    return sizes[best[0]], best[1]


def line_of(value: object) -> tuple[tuple[int, int], ...]:
    """A line given as (left, right) pairs, checked: at most 28 distinct tiles,
    touching numbers equal."""
    if not isinstance(value, (list, tuple)):
        raise NotationTypeError(f"a line is a domino.View or (left, right) pairs like "
                                f"[(4, 6), (6, 6)]: got {shown(value)}")
    if len(value) > TILE_COUNT:
        raise NotationError(f"a line holds at most {TILE_COUNT} tiles: got {len(value)} "
                            f"in {shown(value)}")
    pairs = []
    for item in value:
        if isinstance(item, (Tile, str)):
            raise NotationTypeError(f"a line's tiles are (left, right) pairs, turned as they "
                                    f"lie: got {item!r} in {shown(value)}")
        pairs.append(oriented(item))
    for (a, b), (c, d) in pairwise(pairs):
        if b != c:
            raise NotationError(f"touching tiles of a line show the same number: {a}|{b} "
                                f"then {c}|{d} in {shown(value)}")
    if len({Tile(a, b) for a, b in pairs}) != len(pairs):
        raise NotationError(f"a line holds each tile once: got {shown(value)}")
    return tuple(pairs)


def _order(placements: Sequence[tuple[Tile, str]]) -> list[int]:
    """For each tile of the line left to right, when it was placed (0: first)."""
    order: list[int] = []
    for number, (_, end) in enumerate(placements):
        if end == "L" and order:
            order.insert(0, number)
        else:
            order.append(number)
    return order


def line_parts(x: float, y: float, width: float, height: float,
               line: Sequence[tuple[int, int]], first: int | None, order: Sequence[int] | None,
               largest: float, style: Style, notes: bool = True) -> tuple[list[El], str]:
    """The table and the tiles of ``line`` in the box at x, y, and what the
    picture shows in words (with ``notes``, an empty line says so)."""
    u, tiles = layout(line, width, height, first, largest)
    parts: list[El] = []
    if style.table is not None:
        parts.append(El("rect", {"class": "table", "x": x, "y": y, "width": width,
                                 "height": height, "rx": min(12.0, width / 20, height / 20),
                                 "fill": style.table}))
    drawn = []
    for tile in tiles:
        i = tile.index
        ends = "LR" if len(tiles) == 1 else "L" if i == 0 else "R" if i == len(tiles) - 1 \
            else None
        is_first = first is not None and i == first
        name = notation(tile.ends)
        drawn.append(face(x + tile.x, y + tile.y, u, tile.ends, tile.lying, style, {
            "data-index": i, "data-order": order[i] if order is not None else None,
            "data-first": "true" if is_first else None, "data-end": ends},
            title=f"{name}, the first tile" if is_first else name,
            outline=style.highlight if is_first else None))
    parts.append(El("g", {"class": "line", "data-tiles": len(tiles), "data-size": u,
                          "data-ends": f"{line[0][0]} {line[-1][1]}" if line else None},
                    drawn))
    if not line and notes:
        size = max(8.0, min(20.0, height / 8))
        parts.append(El("text", {"x": x + width / 2, "y": y + height / 2 + size / 3,
                                 "font-size": size, "font-family": style.font,
                                 "fill": style.table_text, "text-anchor": "middle",
                                 "class": "note"}, text="no tile played yet"))
    words = " ".join(f"{a}|{b}" for a, b in line)
    label = (f"line of play: {words}" if line else "line of play: empty") + (
        f" (first tile {notation(line[first])})" if first is not None and line else "")
    return parts, label


def line(line: View | Sequence[tuple[int, int]], width: float = 640, height: float = 400, *,
         first: int | None = None, size: float = 48, style: Style | None = None,
         notes: bool = True) -> Svg:
    """The line of play laid out to fit ``width`` x ``height`` pixels: of a
    :class:`pintas.domino.View` (its round's first tile in the middle row, where
    the line grew from), or of ``(left, right)`` pairs left to right (a snake
    from the top left, or from ``first``, the index of the first tile). Tiles
    are at most ``size`` pixels wide. An empty line says so in English, unless
    ``notes`` is False (for a page that writes its own words).

    Each tile's group carries ``data-tile``, ``data-index`` (its place from the
    left), ``data-order`` (when it was played, from a view), ``data-first`` and
    ``data-end`` (``L``, ``R``: an open end).

    >>> from pintas import domino, svg
    >>> game = domino.Game(domino.Rules.dominican(), seed=3)
    >>> for _ in range(8):
    ...     _ = game.play(game.legal_moves()[0])
    >>> view = game.view(0)
    >>> view.line
    ((5, 5), (5, 4), (4, 0), (0, 1), (1, 4), (4, 6), (6, 6))
    >>> picture = svg.line(view, 480, 320)
    >>> picture.count('class="tile"'), picture.count('data-first="true"')
    (7, 1)
    >>> svg.line([(4, 6), (5, 1)])
    Traceback (most recent call last):
    ...
    pintas.errors.NotationError: touching tiles of a line show the same number: 4|6 then \
5|1 in [(4, 6), (5, 1)]
    """
    w, h = check_box(width, height)
    largest = check_size("size", size)
    st = style_of(style)
    shows_notes = check_flag("notes", notes)
    order: list[int] | None = None
    if isinstance(line, View):
        pairs = line.line
        order = _order(line.placements)
        start = order.index(0) if pairs else None
        if first is not None:
            raise RulesError(f"the view tells its first tile: leave first out (got {shown(first)})")
    else:
        pairs = line_of(line)
        start = first
        if first is not None and (type(first) is not int or not 0 <= first < len(pairs)):
            error = RulesError if type(first) is int else RulesTypeError
            raise error(f"first is the index of a tile of the line, 0..{len(pairs) - 1}: "
                        f"got {shown(first)}")
    parts, label = line_parts(0, 0, w, h, pairs, start, order, largest, st, shows_notes)
    return document(w, h, label, parts, "line")

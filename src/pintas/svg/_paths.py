"""Caminos' paths: each a row of places, the back's at the left, the centre tile
in the middle and the front's at the right; the paths arranged in a grid that
fits a box."""

from __future__ import annotations

import math
from collections.abc import Sequence

from .._view import shown
from ..caminos.game import Path, View
from ..errors import NotationTypeError
from ._base import El, Style, Svg, Value, check_box, check_flag, check_size, document, num, style_of
from ._tiles import face, pip_points

__all__ = ["paths", "paths_parts"]

#: In sizes: the gap between two tiles or places of a path, the label's width,
#: the padding inside a path's strip, the space between strips, the box's margin.
GAP = 0.1
LABEL = 1.2
PAD = 0.25
SPACE = 0.35
MARGIN = 0.3


def _strip(places: int) -> tuple[float, float]:
    """The width and height of a path's strip, in sizes."""
    return LABEL + places * 2 + (places - 1) * GAP + 2 * PAD, 2 + 2 * PAD


def grid(count: int, places: int, width: float, height: float,
         largest: float) -> tuple[float, int]:
    """The tile size and the number of columns that draw ``count`` paths of
    ``places`` places largest in width x height (fewer columns on a tie)."""
    sw, sh = _strip(places)
    best = (0.0, 1)
    for columns in range(1, max(count, 1) + 1):
        rows = math.ceil(count / columns)
        u = min(largest, width / (columns * sw + (columns - 1) * SPACE + 2 * MARGIN),
                height / (rows * sh + (rows - 1) * SPACE + 2 * MARGIN))
        if u > best[0] * 1.0001:
            best = (u, columns)
    return best


def _state(path: Path) -> str:
    return "gone" if path.centre is None else "closed" if path.closed else "open"


def _path(x: float, y: float, u: float, path: Path, side_tiles: int, style: Style,
          notes: bool) -> El:
    """One path's strip, its top-left at x, y."""
    places = 1 + 2 * side_tiles
    sw, sh = (v * u for v in _strip(places))
    state = _state(path)
    front, back = path.numbers
    attrs: dict[str, Value] = {"class": "path", "data-path": path.number, "data-state": state,
             "data-front": front, "data-back": back}
    ground = El("rect", {"class": "path-ground", "x": x, "y": y, "width": sw, "height": sh,
                         "rx": 0.25 * u,
                         "fill": style.closed if state == "closed" else "none",
                         "stroke": style.slot if state == "gone" else "none",
                         "stroke-width": 0.05 * u,
                         "stroke-dasharray": f"{num(0.2 * u)} {num(0.15 * u)}"
                         if state == "gone" else None})
    label = El("text", {"class": "path-number", "x": x + (PAD + LABEL / 2) * u,
                        "y": y + sh / 2 + 0.32 * u, "font-size": 0.9 * u,
                        "font-family": style.font, "font-weight": "bold",
                        "fill": style.table_text, "text-anchor": "middle"},
               text=str(path.number))
    title = El("title", text=str(path) if state != "closed" else f"{path} (full)")
    parts = [title, ground, label]
    left = x + (PAD + LABEL) * u
    axis = y + sh / 2
    if path.centre is None:
        if not notes:
            return El("g", attrs, parts)
        parts.append(El("text", {"class": "note", "x": left + (sw / u - LABEL - 2 * PAD) * u / 2,
                                 "y": axis + 0.25 * u, "font-size": 0.7 * u,
                                 "font-family": style.font, "fill": style.slot,
                                 "text-anchor": "middle"}, text="no path"))
        return El("g", attrs, parts)
    # The chain lies tile against tile from the centre, which keeps the middle
    # place; the free places follow on each side.
    gap = GAP * u
    chain = path.chain
    middle = len(path.back)
    widths = [u if a == b else 2 * u for a, b in chain]
    xs = [0.0] * len(chain)
    xs[middle] = left + side_tiles * (2 + GAP) * u + (2 * u - widths[middle]) / 2
    for i in range(middle - 1, -1, -1):
        xs[i] = xs[i + 1] - gap - widths[i]
    for i in range(middle + 1, len(chain)):
        xs[i] = xs[i - 1] + widths[i - 1] + gap
    for i, (a, b) in enumerate(chain):
        side = "back" if i < middle else "front" if i > middle else "centre"
        data: dict[str, Value] = {"data-path": path.number, "data-side": side,
                                  "data-place": abs(i - middle) - 1 if side != "centre"
                                  else None}
        parts.append(face(xs[i], axis - (u if a == b else u / 2), u, (a, b), a != b, style,
                          data, dim=state == "closed"))
    outer = {"back": xs[0], "front": xs[-1] + widths[-1]}
    for side, number, tiles in (("back", back, path.back), ("front", front, path.front)):
        for distance in range(len(tiles), side_tiles):
            step = distance - len(tiles)
            slot_x = (outer[side] - (step + 1) * (2 * u + gap) if side == "back"
                      else outer[side] + gap + step * (2 * u + gap))
            is_open = step == 0 and number is not None
            slot = [El("rect", {"class": "slot", "x": slot_x, "y": axis - u / 2,
                                "width": 2 * u, "height": u, "rx": 0.12 * u, "fill": "none",
                                "stroke": style.slot, "stroke-width": 0.05 * u,
                                "stroke-dasharray": f"{num(0.2 * u)} {num(0.12 * u)}",
                                "data-path": path.number, "data-side": side,
                                "data-place": distance,
                                "data-takes": number if is_open else None})]
            if is_open and number is not None:  # the number it takes, faintly, where it touches
                cx = slot_x + (1.5 * u if side == "back" else 0.5 * u)
                slot += [El("circle", {"class": "slot-pip", "cx": px, "cy": py,
                                       "r": 0.07 * u, "fill": style.slot, "opacity": 0.7})
                         for px, py in pip_points(number, cx, axis, u, True)]
            parts.append(El("g", {"class": "free"}, slot) if len(slot) > 1 else slot[0])
    return El("g", attrs, parts)


def paths_of(value: object) -> tuple[tuple[Path, ...], int]:
    """The paths and the tiles a side takes, from a view or a sequence of paths."""
    if isinstance(value, View):
        return value.paths, value.rules.side_tiles
    if not isinstance(value, (list, tuple)) or not value \
            or not all(isinstance(p, Path) for p in value):
        raise NotationTypeError(f"paths are drawn from a caminos.View or a list of "
                                f"caminos.Path: got {shown(value)}")
    sides = [len(p.front) + p.free[0] for p in value if p.centre is not None]
    return tuple(value), max(sides, default=1)


def paths_parts(x: float, y: float, width: float, height: float, paths: Sequence[Path],
                side_tiles: int, largest: float, style: Style,
                notes: bool = True) -> tuple[list[El], str]:
    """The table and its paths in the box at x, y, and what it shows in words
    (with ``notes``, a slot with no path says so)."""
    places = 1 + 2 * side_tiles
    u, columns = grid(len(paths), places, width, height, largest)
    rows = math.ceil(len(paths) / columns)
    sw, sh = (v * u for v in _strip(places))
    used_w = columns * sw + (columns - 1) * SPACE * u
    used_h = rows * sh + (rows - 1) * SPACE * u
    x0, y0 = x + (width - used_w) / 2, y + (height - used_h) / 2
    parts: list[El] = []
    if style.table is not None:
        parts.append(El("rect", {"class": "table", "x": x, "y": y, "width": width,
                                 "height": height, "rx": min(12.0, width / 20, height / 20),
                                 "fill": style.table}))
    strips = [_path(x0 + (k % columns) * (sw + SPACE * u), y0 + (k // columns) * (sh + SPACE * u),
                    u, path, side_tiles, style, notes) for k, path in enumerate(paths)]
    parts.append(El("g", {"class": "paths", "data-paths": len(paths), "data-size": u}, strips))
    return parts, "paths: " + "; ".join(str(p) for p in paths)


def paths(paths: View | Sequence[Path], width: float = 640, height: float = 400, *,
          size: float = 40, style: Style | None = None, notes: bool = True) -> Svg:
    """Caminos' paths in a box of ``width`` x ``height`` pixels: of a
    :class:`pintas.caminos.View`, or a list of :class:`pintas.caminos.Path`.
    Each path is a row: its number, the back's places, the centre tile, the
    front's places; a free place is a dashed slot (the one that takes a tile
    now shows faintly the number it takes), a closed path lies on a dark
    ground with its tiles greyed, a slot with no path any more is an empty
    dashed strip (which says "no path" in English, unless ``notes`` is False,
    for a page that writes its own words). Tiles are at most ``size`` pixels wide.

    Each path's group carries ``data-path`` (its number), ``data-state``
    (``open``, ``closed``, ``gone``) and ``data-front``/``data-back`` (the number
    each side takes now); its tiles ``data-side`` (``centre``, ``front``,
    ``back``) and ``data-place`` (0 next to the centre); each slot the same,
    and ``data-takes`` where a tile may go now.

    >>> from pintas import caminos, svg
    >>> game = caminos.Game(caminos.Rules.base(players=3), seed=7)
    >>> picture = svg.paths(game.view(0))
    >>> picture.count('class="path"'), picture.count('class="slot"')
    (5, 10)
    >>> 'data-path="1" data-side="front" data-place="0" data-takes="3"' in picture
    True
    """
    w, h = check_box(width, height)
    largest = check_size("size", size)
    st = style_of(style)
    shows_notes = check_flag("notes", notes)
    found, side_tiles = paths_of(paths)
    parts, label = paths_parts(0, 0, w, h, found, side_tiles, largest, st, shows_notes)
    return document(w, h, label, parts, "paths")

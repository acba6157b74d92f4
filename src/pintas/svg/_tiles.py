"""Tiles and hands: a tile's face (its pips in the classic layouts), its back,
and a row of tiles."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import islice

from .._view import shown
from ..errors import NotationError, NotationTypeError
from ..tiles import MAX_PIP, TILE_COUNT, Tile, TileSet
from ._base import El, Style, Svg, Value, check_flag, check_size, document, style_of

__all__ = ["PIPS", "TileArg", "face", "hand", "oriented", "tile"]

#: Where the pips of each number lie in a square half of an upright tile (and
#: on a die), on a 3 x 3 grid: (column, row), each -1, 0 or 1, rows downwards.
#: A lying tile turns them with the tile (a quarter turn: the upright tile's
#: top half becomes the left half), so a lying 6 shows two rows of three.
PIPS: Mapping[int, tuple[tuple[int, int], ...]] = {
    0: (),
    1: ((0, 0),),
    2: ((1, -1), (-1, 1)),
    3: ((1, -1), (0, 0), (-1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
}

#: A pip's distance from the centre of its square, and its radius, in sizes.
PIP_STEP = 0.26
PIP_RADIUS = 0.085
#: The gap between two tiles of a hand, in sizes.
HAND_GAP = 0.2

TileArg = Tile | str | tuple[int, int]
"""A tile as the drawing functions take it: a :class:`~pintas.tiles.Tile` or
its notation (drawn high end first), or an ``(a, b)`` pair drawn ``a`` first
(on top, or at the left when lying)."""


def oriented(value: object) -> tuple[int, int]:
    """The two numbers of a tile in the order they are drawn (see :data:`TileArg`).

    >>> oriented("4|6"), oriented((4, 6))
    ((6, 4), (4, 6))
    """
    if isinstance(value, Tile):
        return value.ends
    if isinstance(value, str):
        return Tile.parse(value).ends
    if isinstance(value, (tuple, list)) and len(value) == 2:
        a, b = value
        Tile(a, b)  # NotationError (NotationTypeError) for anything but two numbers 0..6
        return (a, b)
    raise NotationTypeError(f"a tile is drawn from a Tile, its notation like '6|4' or an "
                            f"(a, b) pair of numbers 0..{MAX_PIP}: got {shown(value)}")


def notation(ends: tuple[int, int]) -> str:
    """The tile's notation, high end first."""
    return str(Tile(*ends))


def pip_points(number: int, cx: float, cy: float, u: float,
               lying: bool) -> list[tuple[float, float]]:
    """The centres of the pips of ``number`` in the square of side ``u`` centred at cx, cy."""
    step = PIP_STEP * u
    return [(cx + step * (row if lying else col), cy + step * (-col if lying else row))
            for col, row in PIPS[number]]


def face(x: float, y: float, u: float, ends: tuple[int, int] | None, lying: bool,
         style: Style, data: Mapping[str, Value] | None = None, title: str | None = None,
         outline: str | None = None, dim: bool = False) -> El:
    """A tile whose top-left corner is at x, y and whose short side is ``u``:
    ``ends`` (top then bottom, or left then right when ``lying``), or its back
    for None. ``data`` adds attributes to the tile's group; ``outline`` draws
    its edge in that colour, thicker; ``dim`` greys it out."""
    width, height = (2 * u, u) if lying else (u, 2 * u)
    attrs: dict[str, Value] = {"class": "tile"}
    if ends is None:
        attrs["data-face-down"] = "true"
    else:
        attrs["data-tile"] = notation(ends)
    attrs.update(data or {})
    if dim:
        attrs["opacity"] = 0.55
    label = title if title is not None else ("face-down tile" if ends is None
                                             else notation(ends))
    body = El("rect", {"class": "tile-body", "x": x, "y": y, "width": width, "height": height,
                       "rx": 0.12 * u, "fill": style.face if ends is not None else style.back,
                       "stroke": outline or style.edge,
                       "stroke-width": (0.09 if outline else 0.04) * u})
    parts = [El("title", text=label), body]
    if ends is None:
        inset = 0.16 * u
        parts.append(El("rect", {"class": "tile-mark", "x": x + inset, "y": y + inset,
                                 "width": width - 2 * inset, "height": height - 2 * inset,
                                 "rx": 0.08 * u, "fill": "none", "stroke": style.back_mark,
                                 "stroke-width": 0.05 * u}))
        return El("g", attrs, parts)
    a, b = ends
    if lying:
        parts.append(El("line", {"class": "divider", "x1": x + u, "y1": y + 0.14 * u,
                                 "x2": x + u, "y2": y + 0.86 * u, "stroke": style.edge,
                                 "stroke-width": 0.035 * u}))
        centres = ((x + u / 2, y + u / 2, a), (x + 1.5 * u, y + u / 2, b))
    else:
        parts.append(El("line", {"class": "divider", "x1": x + 0.14 * u, "y1": y + u,
                                 "x2": x + 0.86 * u, "y2": y + u, "stroke": style.edge,
                                 "stroke-width": 0.035 * u}))
        centres = ((x + u / 2, y + u / 2, a), (x + u / 2, y + 1.5 * u, b))
    for cx, cy, number in centres:
        for px, py in pip_points(number, cx, cy, u, lying):
            parts.append(El("circle", {"class": "pip", "cx": px, "cy": py,
                                       "r": PIP_RADIUS * u, "fill": style.pip}))
    return El("g", attrs, parts)


def tile(tile: TileArg | None, *, size: float = 32, lying: bool = False,
         face_down: bool = False, style: Style | None = None) -> Svg:
    """One tile, upright (``size`` pixels wide and twice as tall) or ``lying``;
    its back for ``face_down`` or for None (a hidden tile).

    >>> from pintas import svg
    >>> picture = svg.tile("6|4", size=40)
    >>> picture.count('class="pip"'), 'data-tile="6|4"' in picture
    (10, True)
    >>> print(svg.tile("6|4", lying=True).splitlines()[0])
    <svg xmlns="http://www.w3.org/2000/svg" width="68" height="36" viewBox="0 0 68 36" \
role="img" aria-label="domino tile 6|4" data-picture="tile">
    >>> 'data-tile' in svg.tile("6|4", face_down=True)
    False
    >>> svg.tile(64)
    Traceback (most recent call last):
    ...
    pintas.errors.NotationTypeError: a tile is drawn from a Tile, its notation like '6|4' \
or an (a, b) pair of numbers 0..6: got 64
    """
    u = check_size("size", size)
    check_flag("lying", lying)
    check_flag("face_down", face_down)
    st = style_of(style)
    ends = None if tile is None else oriented(tile)
    if face_down:
        ends = None
    pad = u / 16
    width, height = (2 * u, u) if lying else (u, 2 * u)
    label = "face-down domino tile" if ends is None else f"domino tile {notation(ends)}"
    return document(width + 2 * pad, height + 2 * pad, label,
                    [face(pad, pad, u, ends, lying, st)], "tile")


def hand_tiles(tiles: object) -> list[tuple[int, int] | None]:
    """The tiles of a hand as drawn: a count of face-down tiles, notation of a
    set of tiles (``"6|6 5|3"``), or tiles (see :data:`TileArg`)."""
    if type(tiles) is int:
        if not 0 <= tiles <= TILE_COUNT:
            raise NotationError(f"a hand holds 0..{TILE_COUNT} tiles: got {tiles}")
        return [None] * tiles
    if isinstance(tiles, str):
        return [t.ends for t in TileSet.parse(tiles)]
    if not isinstance(tiles, Iterable) or isinstance(tiles, (bytes, dict)):
        raise NotationTypeError(f"a hand is a count of face-down tiles, or tiles like "
                                f"['6|4', '5|5']: got {shown(tiles)}")
    listed = list(islice(tiles, TILE_COUNT + 1))
    if len(listed) > TILE_COUNT:
        raise NotationError(f"a hand holds at most {TILE_COUNT} tiles: got {shown(tiles)}")
    return [None if value is None else oriented(value) for value in listed]


def row(x: float, y: float, u: float, tiles: Sequence[tuple[int, int] | None], lying: bool,
        style: Style, data: Sequence[Mapping[str, Value]] | None = None,
        outlines: Sequence[str | None] | None = None) -> list[El]:
    """A row of tiles from x, y (their top-left), ``HAND_GAP`` apart."""
    step = (2 * u if lying else u) + HAND_GAP * u
    return [face(x + i * step, y, u, ends, lying, style,
                 {"data-index": i, **(data[i] if data else {})},
                 outline=outlines[i] if outlines else None)
            for i, ends in enumerate(tiles)]


def row_width(count: int, u: float, lying: bool) -> float:
    """How wide a row of ``count`` tiles is."""
    if count == 0:
        return 0.0
    return count * (2 * u if lying else u) + (count - 1) * HAND_GAP * u


def hand(tiles: Iterable[TileArg | None] | TileSet | str | int, *, size: float = 32,
         lying: bool = False, face_down: bool = False, style: Style | None = None) -> Svg:
    """A row of tiles: a hand, a :class:`~pintas.tiles.TileSet`, tiles (or
    None for a hidden one), their notation, or a count of face-down tiles
    (another seat's hand). ``face_down`` hides them all.

    >>> from pintas import svg
    >>> mine = svg.hand("6|6 5|3 1|0")
    >>> mine.count('class="tile"'), mine.count('class="pip"')
    (3, 21)
    >>> theirs = svg.hand(5)
    >>> theirs.count('data-face-down="true"'), 'aria-label="5 face-down domino tiles"' in theirs
    (5, True)
    """
    u = check_size("size", size)
    check_flag("lying", lying)
    check_flag("face_down", face_down)
    st = style_of(style)
    drawn = hand_tiles(tiles)
    if face_down:
        drawn = [None] * len(drawn)
    pad = u / 16
    width = max(row_width(len(drawn), u, lying), u)
    height = u if lying else 2 * u
    hidden = sum(1 for ends in drawn if ends is None)
    if not drawn:
        label = "no domino tiles"
    elif hidden == len(drawn):
        label = f"{hidden} face-down domino tile{'s' if hidden != 1 else ''}"
    else:
        label = "domino tiles " + " ".join("?" if e is None else notation(e) for e in drawn)
    return document(width + 2 * pad, height + 2 * pad, label,
                    [El("g", {"class": "hand", "data-tiles": len(drawn)},
                        row(pad, pad, u, drawn, lying, st))], "hand")

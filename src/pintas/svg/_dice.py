"""Dice: a die's face, a roll, and the dice rolled and kept in a turn."""

from __future__ import annotations

from collections.abc import Sequence

from .._view import shown
from ..dice.game import View
from ..errors import NotationError, NotationTypeError
from ._base import (
    El,
    Style,
    Svg,
    check_flag,
    check_size,
    document,
    style_of,
    text,
    text_width,
)
from ._tiles import pip_points

__all__ = ["dice", "dice_box", "dice_parts", "die"]

#: In die sizes: the gap between two dice, between two rows, and the words' size.
GAP = 0.25
ROW_GAP = 0.3
WORDS = 0.38


def values_of(value: object, what: str) -> tuple[int, ...]:
    """Dice as a tuple of at most six faces 1..6 (NotationError quoting ``value``)."""
    if not isinstance(value, (list, tuple)):
        raise NotationTypeError(f"{what} are a list of faces 1..6 like [1, 5, 6]: "
                                f"got {shown(value)}")
    if len(value) > 6 or not all(type(v) is int and 1 <= v <= 6 for v in value):
        error = NotationError if all(type(v) is int for v in value) else NotationTypeError
        raise error(f"{what} are at most 6 faces, each a whole number 1..6: got {shown(value)}")
    return tuple(value)


def face(x: float, y: float, s: float, value: int, kept: bool, style: Style,
         data: dict[str, str | int | None] | None = None) -> El:
    """A die of side ``s`` whose top-left corner is at x, y."""
    body = El("rect", {"class": "die-body", "x": x, "y": y, "width": s, "height": s,
                       "rx": 0.17 * s, "fill": style.kept if kept else style.die_face,
                       "stroke": style.edge, "stroke-width": 0.04 * s})
    pips = [El("circle", {"class": "pip", "cx": px, "cy": py, "r": 0.09 * s,
                          "fill": style.die_pip})
            for px, py in pip_points(value, x + s / 2, y + s / 2, s, False)]
    return El("g", {"class": "die", "data-die": value, "data-kept": "true" if kept else None,
                    **(data or {})},
              [El("title", text=f"{value}, kept" if kept else str(value)), body, *pips])


def die(value: int, *, size: float = 40, kept: bool = False, style: Style | None = None) -> Svg:
    """One die showing ``value`` (1..6); a ``kept`` die is drawn in the kept colour.

    >>> from pintas import svg
    >>> picture = svg.die(5)
    >>> picture.count('class="pip"'), 'data-die="5"' in picture
    (5, True)
    >>> svg.die(7)
    Traceback (most recent call last):
    ...
    pintas.errors.NotationError: a die shows a whole number 1..6: got 7
    """
    s = check_size("size", size)
    check_flag("kept", kept)
    st = style_of(style)
    if type(value) is not int or not 1 <= value <= 6:
        error = NotationError if type(value) is int else NotationTypeError
        raise error(f"a die shows a whole number 1..6: got {shown(value)}")
    pad = 0.05 * s
    return document(s + 2 * pad, s + 2 * pad, f"die {value}" + (", kept" if kept else ""),
                    [face(pad, pad, s, value, kept, st)], "die")


def dice_box(s: float, rolled: Sequence[int], kept: Sequence[int],
             labelled: bool) -> tuple[float, float]:
    """The width and height of :func:`dice_parts`' rows."""
    label_w = text_width("kept ", WORDS * s) if labelled else 0.0
    longest = max(len(rolled), len(kept) if labelled else 0)
    rows = 2 if labelled else 1
    return (label_w + max(longest * (1 + GAP) - GAP, 0.5) * s,
            rows * s + (rows - 1) * ROW_GAP * s)


def dice_parts(x: float, y: float, s: float, rolled: Sequence[int], kept: Sequence[int],
               labelled: bool, style: Style, colour: str) -> list[El]:
    """The rows of dice of side ``s`` from x, y: the dice rolled, and the dice
    kept (both labelled) when ``labelled``; the words in ``colour``."""
    words = WORDS * s
    label_w = text_width("kept ", words) if labelled else 0.0
    rows = [("rolled", "roll", rolled), ("kept", "kept", kept)][:2 if labelled else 1]
    parts: list[El] = []
    for number, (kind, label, values) in enumerate(rows):
        top = y + number * (1 + ROW_GAP) * s
        group: list[El] = []
        if labelled:
            group.append(text(x, top + s / 2 + words / 3, label, words, colour, style))
        for i, value in enumerate(values):
            group.append(face(x + label_w + i * (1 + GAP) * s, top, s, value, kind == "kept",
                              style, {"data-index": i}))
        if not values:
            group.append(text(x + label_w, top + s / 2 + words / 3, "-", words, colour, style))
        parts.append(El("g", {"class": kind, "data-dice": len(values)}, group))
    return parts


def dice(dice: View | Sequence[int], *, kept: Sequence[int] = (), size: float = 40,
         style: Style | None = None) -> Svg:
    """A roll of dice in a row; with ``kept`` dice, or from a
    :class:`pintas.dice.View` (its ``last_roll`` and its ``pool``), two rows:
    the dice rolled and the dice kept (in the kept colour).

    Each die's group carries ``data-die`` (its face), ``data-index`` and
    ``data-kept``; the rows are groups of class ``rolled`` and ``kept``.

    >>> from pintas import svg
    >>> roll = svg.dice([1, 5, 6, 4, 4, 3])
    >>> roll.count('class="die"'), roll.count('class="pip"')
    (6, 23)
    >>> svg.dice([4, 2], kept=[1, 5]).count('data-kept="true"')
    2
    """
    s = check_size("size", size)
    st = style_of(style)
    if isinstance(dice, View):
        rolled, held, labelled = dice.last_roll, dice.pool, True
        if kept != ():
            raise NotationError("the kept dice are the view's own pool: leave kept out")
    else:
        rolled = values_of(dice, "dice")
        held = values_of(kept, "kept dice")
        labelled = bool(held)
    pad = 0.1 * s
    width, height = dice_box(s, rolled, held, labelled)
    parts = dice_parts(pad, pad, s, rolled, held, labelled, st, st.text)
    label = "dice rolled " + (" ".join(map(str, rolled)) or "none")
    if labelled:
        label += ", kept " + (" ".join(map(str, held)) or "none")
    return document(width + 2 * pad, height + 2 * pad, label, parts, "dice")

"""What every picture shares: the elements and how they are written, the
style, the document around a drawing, and the checks of the options.

Every drawing is built from :class:`El` values placed at absolute coordinates
(no transforms), written with :func:`num`, so that equal inputs give
byte-identical text on every platform.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields

from .._checks import is_number
from .._view import shown
from ..errors import RulesError, RulesTypeError

__all__ = ["El", "Style", "Svg", "check_box", "check_size", "document", "num"]

#: The largest width, height or size a picture takes, in pixels.
MAX_PIXELS = 100_000

Value = str | int | float | None


def num(value: float) -> str:
    """A coordinate as it is written: at most two decimals, no trailing zeros.

    >>> num(12.0), num(3.14159), num(-0.001), num(2.5)
    ('12', '3.14', '0', '2.5')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _escaped(text: str) -> str:
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


class El:
    """One SVG element: its tag, its attributes in the order given (a None
    value is left out; numbers are written with :func:`num`), its children and
    its text.

    >>> str(El("circle", {"cx": 1.5, "cy": 2, "r": None, "class": "pip"}))
    '<circle cx="1.5" cy="2" class="pip"/>'
    """

    __slots__ = ("attrs", "children", "tag", "text")

    def __init__(self, tag: str, attrs: Mapping[str, Value] | None = None,
                 children: Iterable[El] = (), text: str | None = None) -> None:
        self.tag = tag
        self.attrs = dict(attrs or {})
        self.children = list(children)
        self.text = text

    def write(self, out: list[str], depth: int = 0) -> None:
        """Append the element's lines to ``out``, indented by ``depth``."""
        attrs = "".join(f' {name}="{_escaped(num(v) if isinstance(v, (int, float)) else v)}"'
                        for name, v in self.attrs.items() if v is not None)
        pad = "  " * depth
        if self.text is None and not self.children:
            out.append(f"{pad}<{self.tag}{attrs}/>")
        elif not self.children:
            out.append(f"{pad}<{self.tag}{attrs}>{_escaped(self.text or '')}</{self.tag}>")
        else:
            out.append(f"{pad}<{self.tag}{attrs}>")
            if self.text is not None:
                out.append(f"{pad}  {_escaped(self.text)}")
            for child in self.children:
                child.write(out, depth + 1)
            out.append(f"{pad}</{self.tag}>")

    def __str__(self) -> str:
        out: list[str] = []
        self.write(out)
        return "\n".join(out)


class Svg(str):
    """A picture: the SVG document as text (a ``str``), which Jupyter shows
    as a picture.

    >>> from pintas import svg
    >>> picture = svg.tile("6|4")
    >>> isinstance(picture, str), picture.startswith("<svg"), picture._repr_svg_() == picture
    (True, True, True)
    """

    def _repr_svg_(self) -> str:
        return str(self)


@dataclass(frozen=True)
class Style:
    """The colours and the font of the pictures: every drawing function takes
    ``style=Style(...)``, and each field is any colour SVG and CSS read
    (``"#1f6f43"``, ``"ivory"``, ``"rgb(10, 20, 30)"``). ``table=None`` leaves
    the table transparent. Each element also carries a ``class`` (``tile``,
    ``tile-body``, ``pip``, ``slot``, ``die``, ...), so a page's CSS can
    restyle it.

    >>> from pintas import svg
    >>> dark = svg.Style(face="#222222", pip="#eeeeee", edge="#888888")
    >>> 'fill="#eeeeee"' in svg.tile("6|4", style=dark)
    True
    """

    face: str = "#fbf7ea"
    """A tile's face."""
    edge: str = "#2a2a2a"
    """A tile's outline and its dividing line."""
    pip: str = "#1c1c1c"
    """A tile's pips."""
    back: str = "#2d5b8a"
    """A face-down tile."""
    back_mark: str = "#5f88b3"
    """The pattern on a face-down tile."""
    table: str | None = "#1d6b45"
    """The table under the line and the paths (None: transparent)."""
    slot: str = "#a9d3b9"
    """The outline of a free place on a path, and its label."""
    closed: str = "#4d5a52"
    """The ground of a closed path."""
    highlight: str = "#f0a030"
    """The first tile of the line, the seat to move, the tiles that can be played."""
    die_face: str = "#ffffff"
    """A rolled die."""
    die_pip: str = "#1c1c1c"
    """A die's pips."""
    kept: str = "#f3d36b"
    """A kept die."""
    ground: str = "#f4f1e8"
    """The background of a whole view around the table."""
    text: str = "#1c1c1c"
    """Words on the background."""
    table_text: str = "#eef5f0"
    """Words on the table."""
    font: str = "DejaVu Sans, Verdana, Arial, sans-serif"
    """The font family of every word."""

    def __post_init__(self) -> None:
        for field in fields(self):
            value = getattr(self, field.name)
            if value is None and field.name == "table":
                continue
            if not isinstance(value, str):
                raise RulesTypeError(f"Style.{field.name} is a colour written as a string: "
                                     f"got {shown(value)}")
            if not value.strip() or len(value) > 200:
                raise RulesError(f"Style.{field.name} is a colour of 1..200 characters: "
                                 f"got {shown(value)}")


DEFAULT = Style()


def style_of(style: object) -> Style:
    """``style``, or the default style for None (RulesTypeError for anything else)."""
    if style is None:
        return DEFAULT
    if not isinstance(style, Style):
        raise RulesTypeError(f"style is a pintas.svg.Style or None: got {shown(style)}")
    return style


def check_size(name: str, value: object, least: float = 1) -> float:
    """A length in pixels: an int or a float, ``least..MAX_PIXELS``.

    >>> check_size("size", 0)
    Traceback (most recent call last):
    ...
    pintas.errors.RulesError: size must be a number of pixels 1..100000: got 0
    """
    if not is_number(value) or not math.isfinite(value) or not least <= value <= MAX_PIXELS:
        error = RulesError if is_number(value) else RulesTypeError
        raise error(f"{name} must be a number of pixels {num(least)}..{MAX_PIXELS}: "
                    f"got {shown(value)}")
    return float(value)


def check_box(width: object, height: object) -> tuple[float, float]:
    """The width and height of a picture that must fit a box: at least 16 pixels each."""
    return check_size("width", width, 16), check_size("height", height, 16)


def check_flag(name: str, value: object) -> bool:
    """``value`` must be True or False."""
    if type(value) is not bool:
        raise RulesTypeError(f"{name} must be True or False: got {shown(value)}")
    return value


def document(width: float, height: float, label: str, children: Iterable[El],
             kind: str) -> Svg:
    """The SVG document of a drawing ``width`` x ``height`` pixels: its ``role``,
    its ``aria-label`` and ``<title>`` (``label``), and ``data-picture``
    (``kind``: what it shows)."""
    root = El("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": width, "height": height,
                      "viewBox": f"0 0 {num(width)} {num(height)}", "role": "img",
                      "aria-label": label, "data-picture": kind},
              [El("title", text=label), *children])
    return Svg(str(root) + "\n")


def text(x: float, y: float, words: str, size: float, colour: str, style: Style,
         anchor: str = "start", weight: str | None = None,
         data: Mapping[str, Value] | None = None) -> El:
    """A line of words whose baseline starts (or centres, or ends: ``anchor``) at x, y."""
    return El("text", {"x": x, "y": y, "font-size": size, "font-family": style.font,
                       "fill": colour, "text-anchor": None if anchor == "start" else anchor,
                       "font-weight": weight, **(data or {})}, text=words)


def text_width(words: str, size: float) -> float:
    """About how wide ``words`` are written at font ``size`` (for the layout only)."""
    return 0.6 * size * len(words)

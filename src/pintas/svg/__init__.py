"""Pictures of the games as SVG: tiles, hands, the line of play, Caminos'
paths, dice, and whole views. Pure Python, no dependency; ``import pintas``
does not import it.

Every function returns an :class:`Svg`, the SVG document as a ``str`` (which
Jupyter shows as a picture), and every view's ``_repr_svg_`` calls
:func:`view`, so a view shows as its picture in a notebook.

- :func:`tile` one tile, upright or lying, or face down;
- :func:`hand` a row of tiles, or of face-down tiles (another seat's hand);
- :func:`line` the line of play of a :class:`pintas.domino.View`, laid out as
  a snake that fits a box, doubles across it, the round's first tile where
  the line grew from;
- :func:`paths` Caminos' paths, each its centre tile with its back and front
  places, free places as slots;
- :func:`die` and :func:`dice` a die, a roll, the dice rolled and kept;
- :func:`view` what one seat sees of any game, as one picture.

The pictures are made to be read by a program as well as by a person:

- **Deterministic.** The same input gives the same bytes, on every platform:
  no randomness, every number written with at most two decimals.
- **Plain geometry.** Every element is placed at absolute coordinates, with
  no transform: a tile's box is its ``rect`` of class ``tile-body``, a die's
  its ``rect`` of class ``die-body``; pips are ``circle`` elements of class
  ``pip``.
- **Data for a page.** Each tile's group carries ``data-tile`` (``6|4``, high
  end first; none on a face-down tile, which has ``data-face-down``), each
  path ``data-path``, each die ``data-die``, and so on: see each function.
  Every element has a ``class``, so a page's CSS can restyle it.
- **Accessible.** Each picture has ``role="img"``, an ``aria-label`` and a
  ``<title>`` that say what it shows in words (``domino tile 6|4``); each
  tile and die has its own ``<title>`` (``6|4``).
- **Styled by options.** Sizes are keyword options in pixels; colours and
  the font are a :class:`Style`.

Bad input raises the package's errors, quoting it: a value that is not a tile
:class:`~pintas.errors.NotationTypeError`, a bad tile, die or line
:class:`~pintas.errors.NotationError`, a bad size or style
:class:`~pintas.errors.RulesError` (:class:`~pintas.errors.RulesTypeError` for
a wrong type), anything but a view where a view is drawn
:class:`~pintas.errors.ViewError`.

>>> from pintas import domino, svg
>>> game = domino.Game(domino.Rules.dominican(), seed=1)
>>> picture = svg.view(game.view(0), width=800, height=600)
>>> picture[:40]
'<svg xmlns="http://www.w3.org/2000/svg" '
>>> picture == game.view(0)._repr_svg_()
True
>>> svg.tile("6|4") == svg.tile("4|6")
True
"""

from __future__ import annotations

from ._base import Style, Svg
from ._dice import dice, die
from ._line import line
from ._paths import paths
from ._tiles import TileArg, hand, tile
from ._views import view

__all__ = ["Style", "Svg", "TileArg", "dice", "die", "hand", "line", "paths", "tile", "view"]

"""pintas: rules engine for Latin-American domino games and the Dice of Doom.

A compact C99 core with a typed Python API. The games live in submodules:
:mod:`pintas.domino` (Muggins, Capicua, Dominican), :mod:`pintas.caminos` and
:mod:`pintas.dice` (Dice of Doom); computer players are in :mod:`pintas.bots`.
Values shared by every game, and the move timer (:func:`auto_move`,
:class:`Clock`), are here.

>>> import pintas
>>> pintas.Tile(3, 5)
Tile(5, 3)
"""

from __future__ import annotations

from . import errors
from .errors import CorruptStateError, IllegalMoveError, NotationError, RulesError
from .tiles import Tile, TileSet
from .timer import Clock, auto_move

__version__ = "0.1.0"

__all__ = [
    "Clock",
    "CorruptStateError",
    "IllegalMoveError",
    "NotationError",
    "RulesError",
    "Tile",
    "TileSet",
    "__version__",
    "auto_move",
    "errors",
]

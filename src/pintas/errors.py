"""The errors pintas raises: each names its cause, and each is a
:class:`PintasError` (a :class:`ValueError`).

A host can tell a player's bad move from a corrupt save file by the class, and
every message quotes the input that caused it. A rejected call changes
nothing: a game is exactly as it was before.

Two kinds of bad input, as in Python itself:

- **A wrong value** (a move that is not legal now, a seat the game does not
  have, ``players=5``, text that is not a move) raises the cause's class, a
  :class:`ValueError`: :class:`IllegalMoveError`, :class:`NotationError`,
  :class:`RulesError`, :class:`DealError`, :class:`SeatError`,
  :class:`CorruptStateError`, and :class:`ChanceError` (an outcome refused by
  a game with external chance, an :class:`IllegalMoveError`).
- **A wrong type** (``game.play(42)``, ``domino.Game("dominican")``,
  ``target="200"``, ``from_bytes(str)``) raises the cause's *TypeError twin*,
  which derives from the cause's class and from :class:`PintasTypeError`, so
  it is a :class:`TypeError` as well as a ValueError: :class:`NotationTypeError`,
  :class:`RulesTypeError`, :class:`DealTypeError`, :class:`SeatTypeError`,
  :class:`SaveTypeError`, :class:`ChanceTypeError`, and :class:`ViewError` (a
  player given anything but a view of its game). So ``except NotationError``,
  ``except ValueError`` and ``except TypeError`` all catch ``game.play(42)``.

A ``bool`` is not taken for a number (``target=True``, ``view(True)``): it is a
wrong type, although Python's ``bool`` is an ``int``. Whole numbers are exactly
``int``; a ``float`` such as ``2.0`` is a wrong type too.

>>> from pintas import errors
>>> issubclass(errors.IllegalMoveError, ValueError)
True
>>> issubclass(errors.NotationTypeError, errors.NotationError), \\
...     issubclass(errors.NotationTypeError, TypeError)
(True, True)
"""

from __future__ import annotations

__all__ = [
    "ChanceError",
    "ChanceTypeError",
    "CorruptStateError",
    "DealError",
    "DealTypeError",
    "IllegalMoveError",
    "NotationError",
    "NotationTypeError",
    "PintasError",
    "PintasTypeError",
    "RulesError",
    "RulesTypeError",
    "SaveTypeError",
    "SeatError",
    "SeatTypeError",
    "ViewError",
]


class PintasError(ValueError):
    """Base class of every error pintas raises on bad input (a ValueError)."""


class PintasTypeError(PintasError, TypeError):
    """Base class of the errors for an argument of the wrong type (also a TypeError)."""


class IllegalMoveError(PintasError):
    """A well-formed move that the rules do not allow now (the game is unchanged)."""


class ChanceError(IllegalMoveError):
    """A chance outcome refused by a game with external chance
    (``play_chance``): no chance event is pending, or the outcome is not one
    of ``chance_outcomes()``; also a move played while a chance event is
    pending, and the external-chance setting itself when it is not
    ``"internal"`` or ``"external"``. The game is unchanged."""


class ChanceTypeError(ChanceError, PintasTypeError):
    """A chance outcome that is not a whole number (``play_chance("6-4")``,
    ``play_chance(True)``), or a chance setting that is not text."""


class NotationError(PintasError):
    """Text that is not valid notation for a tile, a set of tiles or a move."""


class NotationTypeError(NotationError, PintasTypeError):
    """A move, tile, set of tiles or dice given as neither such a value nor its
    notation (``game.play(42)``, ``Tile.parse(5)``)."""


class CorruptStateError(PintasError):
    """Saved bytes or plain data that are malformed, inconsistent or of an unknown version."""


class SaveTypeError(CorruptStateError, PintasTypeError):
    """``from_bytes`` given anything but bytes, or ``from_dict`` anything but a dict."""


class RulesError(PintasError):
    """A rules setting, or a combination of settings, that is not allowed."""


class RulesTypeError(RulesError, PintasTypeError):
    """A setting, an option, the rules or a seed of the wrong type (``target="200"``,
    ``players=2.0``, ``Game("dominican")``)."""


class DealError(RulesError):
    """A hand-made deal that is not a deal of the game's rules."""


class DealTypeError(DealError, RulesTypeError):
    """A deal, or a part of one (its hands, its pile), of the wrong type."""


class SeatError(PintasError):
    """A seat number that the game does not have."""


class SeatTypeError(SeatError, PintasTypeError):
    """A seat that is not a whole number (``view("0")``, ``view(1.0)``)."""


class ViewError(PintasTypeError):
    """A player was given something other than a view of its game (also a TypeError)."""

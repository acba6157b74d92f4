"""The errors pintas raises: every one is a :class:`ValueError`.

Each names its cause, so a host can tell a player's bad move from a corrupt
save file, and each message quotes the input that caused it.

>>> from pintas import errors
>>> issubclass(errors.IllegalMoveError, ValueError)
True
"""

from __future__ import annotations

__all__ = [
    "CorruptStateError",
    "DealError",
    "IllegalMoveError",
    "NotationError",
    "PintasError",
    "RulesError",
    "SeatError",
    "ViewError",
]


class PintasError(ValueError):
    """Base class of every error pintas raises on bad input."""


class IllegalMoveError(PintasError):
    """A well-formed move that the rules do not allow now (the game is unchanged)."""


class NotationError(PintasError):
    """Text that is not valid notation for a tile, a set of tiles or a move."""


class CorruptStateError(PintasError):
    """Saved bytes that are malformed, inconsistent or of an unknown version."""


class RulesError(PintasError):
    """A rules setting, or a combination of settings, that is not allowed."""


class DealError(RulesError):
    """A hand-made deal that is not a deal of the game's rules."""


class SeatError(PintasError):
    """A seat number that the game does not have."""


class ViewError(PintasError, TypeError):
    """A player was given something other than a view of its game (also a TypeError)."""

"""Checks of the arguments every game's rules, games and simulations take.

Each raises :class:`~pintas.errors.RulesTypeError` (a TypeError) for a value of
the wrong type and :class:`~pintas.errors.RulesError` for a wrong value of the
right type, quoting the value it refused. A whole number is exactly an
``int``: a ``bool`` (``target=True``) or a ``float`` (``players=2.0``) is a
wrong type.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from .errors import (
    ChanceError,
    ChanceTypeError,
    NotationError,
    RulesError,
    RulesTypeError,
    SeatError,
    SeatTypeError,
)

MAX_SEED = (1 << 64) - 1
MAX_GAMES = 10**12
#: The longest text read as notation (a tile, a set of tiles, a move): far
#: more than any notation needs, so that parsing never works on unbounded text.
MAX_NOTATION = 1000


def is_whole(value: object) -> TypeGuard[int]:
    """True for an ``int`` that is not a ``bool``."""
    return type(value) is int


def is_number(value: object) -> TypeGuard[int | float]:
    """True for an ``int`` or a ``float`` that is not a ``bool``."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check_int(name: str, value: object, low: int, high: int) -> None:
    """``value`` must be an int (not a bool or float) in ``low..high``."""
    if not is_whole(value) or not low <= value <= high:
        error = RulesError if is_whole(value) else RulesTypeError
        raise error(f"{name} must be a whole number {low}..{high}: got {value!r}")


def check_limit(name: str, value: object, high: int) -> None:
    """``value`` must be None (no limit) or an int (not a bool) in ``1..high``."""
    if value is not None and (not is_whole(value) or not 1 <= value <= high):
        error = RulesError if is_whole(value) else RulesTypeError
        raise error(f"{name} must be None (no limit) or a whole number 1..{high}: "
                    f"got {value!r}")


def check_choice(name: str, value: object, choices: Sequence[str]) -> None:
    """``value`` must be one of the strings ``choices``."""
    if not isinstance(value, str) or value not in choices:
        error = RulesError if isinstance(value, str) else RulesTypeError
        raise error(f"{name} must be one of {', '.join(map(repr, choices))}: got {value!r}"
                    + did_you_mean(value, choices))


def check_bool(name: str, value: object) -> None:
    """``value`` must be True or False (not 0 or 1)."""
    if type(value) is not bool:
        raise RulesTypeError(f"{name} must be True or False: got {value!r}")


def check_seed(seed: object, optional: bool = False) -> None:
    """A seed is a 64-bit unsigned int (or None where ``optional``)."""
    if seed is None and optional:
        return
    if not is_whole(seed) or not 0 <= seed <= MAX_SEED:
        tail = " or None" if optional else ""
        error = RulesError if is_whole(seed) else RulesTypeError
        raise error(f"a seed is a whole number 0..2**64-1{tail}: got {seed!r}")


def check_chance(chance: object) -> bool:
    """A game's chance setting, ``"internal"`` or ``"external"``: True for external."""
    if not isinstance(chance, str):
        raise ChanceTypeError(f"chance is 'internal' or 'external': got {chance!r}")
    if chance not in ("internal", "external"):
        raise ChanceError(f"chance is 'internal' or 'external': got {chance!r}")
    return chance == "external"


def check_games(games: object) -> None:
    """How many games a simulation plays: 0..10**12."""
    if not is_whole(games) or not 0 <= games <= MAX_GAMES:
        error = RulesError if is_whole(games) else RulesTypeError
        raise error(f"games must be a whole number 0..10**12: got {games!r}")


def check_seat(seat: object, seats: int) -> None:
    """``seat`` must be a seat of a game of ``seats`` seats: an int 0..seats-1."""
    if not is_whole(seat):
        raise SeatTypeError(f"a seat is a whole number 0..{seats - 1}: got {seat!r}")
    if not 0 <= seat < seats:
        raise SeatError(f"no seat {seat!r}: seats are 0..{seats - 1}")


def check_notation_length(text: str, what: str) -> None:
    """NotationError for text longer than :data:`MAX_NOTATION` characters
    (``what``: what it should be, for the message)."""
    if len(text) > MAX_NOTATION:
        raise NotationError(f"{what} is written in at most {MAX_NOTATION} characters: "
                            f"got {len(text)} ({text[:40]!r}...)")


def did_you_mean(word: object, names: Sequence[str]) -> str:
    """``" (did you mean 'x'?)"`` when ``word`` is close to one of ``names``, else ``""``.

    >>> did_you_mean("taget", ["players", "target"])
    " (did you mean 'target'?)"
    """
    import difflib  # only on the error path

    if not isinstance(word, str) or len(word) > 100:  # nothing that long is a typo
        return ""
    close = difflib.get_close_matches(word, list(names), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""

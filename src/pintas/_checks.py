"""Checks of the arguments every game's rules, games and simulations take.

Each raises :class:`~pintas.errors.RulesError` quoting the value it refused.
"""

from __future__ import annotations

from collections.abc import Sequence

from .errors import RulesError

MAX_SEED = (1 << 64) - 1
MAX_GAMES = 10**12


def check_int(name: str, value: object, low: int, high: int) -> None:
    """``value`` must be an int (not a bool or float) in ``low..high``."""
    if type(value) is not int or not low <= value <= high:
        raise RulesError(f"{name} must be a whole number {low}..{high}: got {value!r}")


def check_choice(name: str, value: object, choices: Sequence[str]) -> None:
    """``value`` must be one of the strings ``choices``."""
    if not isinstance(value, str) or value not in choices:
        raise RulesError(f"{name} must be one of {', '.join(map(repr, choices))}: got {value!r}")


def check_bool(name: str, value: object) -> None:
    """``value`` must be True or False (not 0 or 1)."""
    if type(value) is not bool:
        raise RulesError(f"{name} must be True or False: got {value!r}")


def check_seed(seed: object, optional: bool = False) -> None:
    """A seed is a 64-bit unsigned int (or None where ``optional``)."""
    if seed is None and optional:
        return
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        tail = " or None" if optional else ""
        raise RulesError(f"a seed is a whole number 0..2**64-1{tail}: got {seed!r}")


def check_games(games: object) -> None:
    """How many games a simulation plays: 0..10**12."""
    if type(games) is not int or not 0 <= games <= MAX_GAMES:
        raise RulesError(f"games must be a whole number 0..10**12: got {games!r}")

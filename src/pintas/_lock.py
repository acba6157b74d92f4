"""One game, many threads: the decorator that makes a game's method atomic.

Every game holds a re-entrant lock (its engine's ``_acquire``/``_release``,
see ``_base.pyx``). The engine's own calls that read or change several things
(``play``, ``legal_moves``, ``is_legal``, copying) take it themselves; the
Python methods of a game that do (``view``, ``to_bytes``, ``copy``, properties
built from several reads of the C state) are marked :func:`atomic`. So every
call sees the game between two moves, whichever threads share it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, Protocol, TypeVar, cast

__all__ = ["atomic"]

F = TypeVar("F", bound=Callable[..., Any])


class Lockable(Protocol):
    def _acquire(self) -> None: ...
    def _release(self) -> None: ...


def atomic(method: F) -> F:
    """``method``, run holding its game's lock: what it reads and changes, it
    reads and changes in one step, whatever other threads do with the game."""

    @functools.wraps(method)
    def holding(self: Lockable, *args: Any, **kwargs: Any) -> Any:
        self._acquire()
        try:
            return method(self, *args, **kwargs)
        finally:
            self._release()

    return cast(F, holding)

"""What every game's view shares: the moves of the seat to move, the round's
log, and the plain-data form.

Each game's ``View`` is a frozen dataclass deriving from :class:`ViewBase`: a
snapshot of what one seat may know, and nothing more. Its ``to_dict()`` holds
exactly its fields, so it hides what the view hides.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from ._plain import PlainRecord

MoveT = TypeVar("MoveT")


class ViewBase(PlainRecord, Generic[MoveT]):
    """The shared half of every game's view (see the module)."""

    __slots__ = ()

    seat: int
    to_move: int | None
    is_over: bool
    log: tuple[Any, ...]

    def legal_moves(self) -> list[MoveT]:
        """The seat's legal moves when it is to move (else an empty list)."""
        if self.is_over or self.to_move != self.seat:
            return []
        return self._legal()

    def _legal(self) -> list[MoveT]:
        """The legal moves of the seat, which is to move."""
        raise NotImplementedError

    @property
    def round_log(self) -> tuple[Any, ...]:
        """The log since the current round was dealt (all of it in a game of no deals)."""
        start = max((i for i, e in enumerate(self.log) if e.kind == "deal"), default=0)
        return self.log[start:]

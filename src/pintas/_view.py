"""What every game's view shares: the moves of the seat to move, the round's
log, and the plain-data form.

Each game's ``View`` is a frozen dataclass deriving from :class:`ViewBase`: a
snapshot of what one seat may know, and nothing more. Its ``to_dict()`` holds
exactly its fields, so it hides what the view hides.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from ._checks import check_seat
from ._plain import PlainRecord
from .errors import IllegalMoveError, ViewError
from .tiles import TileSet

MoveT = TypeVar("MoveT")


@dataclass(frozen=True)
class ViewBase(PlainRecord, Generic[MoveT]):
    """The shared half of every game's view (see the module): its seat, the
    rules, whose move it is, the scores and the log, as the seat sees them.
    Each game's view redeclares ``rules`` and ``log`` with its own types."""

    seat: int
    """The seat whose view this is."""
    rules: Any
    """The rules of the game."""
    to_move: int | None
    """The seat to move, or None once the game is over."""
    scores: tuple[int, ...]
    """Points per side (a team in a game of pairs, else a seat)."""
    is_over: bool
    """True once the game has ended."""
    log: tuple[Any, ...]
    """Every event so far, as this seat saw it: others' secrets hidden."""

    def legal_moves(self) -> list[MoveT]:
        """The seat's legal moves when it is to move (else an empty list)."""
        if self.is_over or self.to_move != self.seat:
            return []
        return self._legal()

    def _legal(self) -> list[MoveT]:
        """The legal moves of the seat, which is to move."""
        raise NotImplementedError

    @classmethod
    def check(cls, view: object) -> None:
        """Raise ViewError unless ``view`` is a view of this class (what a player
        of its game reads)."""
        if not isinstance(view, cls):
            raise ViewError(f"a {cls.__module__.split('.')[1]} player chooses from a "
                            f"{cls.__module__.split('.')[1]}.View: got {view!r}")

    @classmethod
    def moves_to_choose(cls, view: object) -> list[MoveT]:
        """The legal moves a player may choose from in ``view``, which must be a
        view of this class (ViewError) whose seat is to move (IllegalMoveError)."""
        cls.check(view)
        assert isinstance(view, cls)
        moves = view.legal_moves()
        if not moves:
            state = "the game is over" if view.is_over else f"seat {view.to_move} is to move"
            raise IllegalMoveError(f"seat {view.seat} has no move to choose: {state}")
        return moves

    @property
    def round_log(self) -> tuple[Any, ...]:
        """The log since the current round was dealt (all of it in a game of no deals)."""
        start = max((i for i, e in enumerate(self.log) if e.kind == "deal"), default=0)
        return self.log[start:]


@dataclass(frozen=True)
class TileView(ViewBase[MoveT]):
    """What a seat of a tile game sees besides: its own hand, how many tiles
    every seat holds, and the round."""

    hand: TileSet
    """The seat's own tiles."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    round: int
    """The round being played, from 1."""

    def _check_seat(self, seat: object) -> None:
        check_seat(seat, len(self.hand_sizes))

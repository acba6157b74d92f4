"""Typing stubs of the compiled Caminos search binding (pintas.caminos._search)."""

from typing import Final

from pintas._base import Stop

from ._engine import Move
from .game import View

MAX_COHORTS: int
MAX_SAMPLES: int

#: A path slot as a view's log leaves it: its ends and its sides' lengths, or None.
Slot = tuple[list[int], list[int]] | None

def derive(view: View) -> tuple[list[list[list[int]]], list[int], list[Slot]]: ...

class Info:
    seat: Final[int]
    cohorts: Final[tuple[tuple[tuple[int, int, int], ...], ...]]
    since: Final[tuple[int, ...]]
    known: Final[tuple[int, ...]]
    def __init__(self, view: View) -> None: ...
    def search(self, seed: int, first: int, count: int,
               stop: Stop | None = ...) -> tuple[list[Move], list[int], int, int]: ...
    def sample(self, seed: int,
               index: int = ...) -> tuple[tuple[int, ...], tuple[int, ...], int]: ...

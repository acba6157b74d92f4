"""Typing stubs of the compiled Caminos search binding (pintas.caminos._search)."""

from typing import Any, Final

from ._engine import Move
from .game import View

MAX_COHORTS: int
MAX_SAMPLES: int

def derive(view: View) -> tuple[list[list[list[int]]], list[int], list[Any]]: ...

class Info:
    seat: Final[int]
    cohorts: Final[tuple[tuple[tuple[int, int, int], ...], ...]]
    since: Final[tuple[int, ...]]
    known: Final[tuple[int, ...]]
    def __init__(self, view: View) -> None: ...
    def search(self, seed: int, first: int,
               count: int) -> tuple[list[Move], list[int], int, int]: ...
    def sample(self, seed: int,
               index: int = ...) -> tuple[tuple[int, ...], tuple[int, ...], int]: ...

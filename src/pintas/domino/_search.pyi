"""Typing stubs of the compiled line-game search binding (pintas.domino._search)."""

from typing import TypedDict

from pintas._base import Stop

from ._engine import Move
from .game import View

POLICIES: dict[str, int]
MAX_SAMPLES: int

class Knowledge(TypedDict):
    """What :func:`knowledge` returns (a plain dict at run time)."""

    unseen: int
    not_held: tuple[int, ...]
    voids: tuple[tuple[int, ...], ...]
    hand_counts: tuple[int, ...]
    pile: int
    to_move: int
    last_placer: int | None
    passes: int

class Sample(TypedDict):
    """What :func:`sample` returns (a plain dict at run time)."""

    hands: tuple[int, ...]
    boneyard: tuple[int, ...]
    aside: int
    relaxed: bool

def knowledge(view: View) -> Knowledge: ...
def sample(view: View, seed: int) -> Sample: ...

class Info:
    def __init__(self, view: View) -> None: ...
    def search(self, seed: int, first: int, count: int, policy: int = ...,
               stop: Stop | None = ...) -> tuple[list[Move], list[int], int, int]: ...

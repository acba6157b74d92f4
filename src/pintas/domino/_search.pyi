"""Typing stubs of the compiled line-game search binding (pintas.domino._search)."""

from typing import Any, Final

from ._engine import Move

POLICIES: dict[str, int]
MAX_SAMPLES: int

def knowledge(view: Any) -> dict[str, Any]: ...
def sample(view: Any, seed: int) -> dict[str, Any]: ...

class Search:
    moves: Final[list[Move]]
    def __init__(self, view: Any) -> None: ...
    def run(self, seed: int, first: int, count: int, policy: int = ...) -> None: ...
    samples: Final[int]
    relaxed: Final[int]
    totals: Final[tuple[int, ...]]
    means: Final[tuple[float, ...]]

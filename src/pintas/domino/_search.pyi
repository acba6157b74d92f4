"""Typing stubs of the compiled line-game search binding (pintas.domino._search)."""

from typing import Any

from ._engine import Move

POLICIES: dict[str, int]
MAX_SAMPLES: int

def knowledge(view: Any) -> dict[str, Any]: ...
def sample(view: Any, seed: int) -> dict[str, Any]: ...

class Info:
    def __init__(self, view: Any) -> None: ...
    def search(self, seed: int, first: int, count: int,
               policy: int = ...) -> tuple[list[Move], list[int], int, int]: ...

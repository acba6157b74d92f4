"""Typing stubs of the compiled line-game binding (pintas.domino._engine)."""

from typing import Final

from .._base import Engine, TileEvent, TileMove
from ..tiles import Tile

SAVE_SIZE: int
EVENT_KINDS: tuple[str, ...]
REASONS: tuple[str | None, ...]

class Move(TileMove):
    end: Final[str | None]
    def __init__(self, kind: str, tile: Tile | str | None = ..., end: str | None = ...) -> None: ...
    @staticmethod
    def play(tile: Tile | str, end: str = ...) -> Move: ...
    @staticmethod
    def parse(text: str) -> Move: ...

class Event(TileEvent):
    side: Final[int | None]
    end: Final[str | None]
    zapatero: Final[bool]
    teams: Final[bool]
    def __init__(self, kind: str, seat: int | None = ..., side: int | None = ...,
                 tile: Tile | str | None = ..., end: str | None = ..., points: int = ...,
                 reason: str | None = ..., count: int = ..., *,
                 teams: bool | None = ...) -> None: ...

def check_rules(fields: tuple[int, ...]) -> None: ...
def deal_refusal(fields: tuple[int, ...], deal: tuple[list[int], ...],
                 hands: int) -> str | None: ...
def round_moves(fields: tuple[int, ...]) -> int: ...
def max_rounds_bound(fields: tuple[int, ...]) -> int: ...
def rules_shape(fields: tuple[int, ...]) -> tuple[int, bool]: ...
def simulate(rules: tuple[int, ...], games: int, seed: int) -> dict[str, int | list[int]]: ...

class LineGame(Engine[Move, Event]):
    def _pips(self, seat: int) -> int: ...
    def _forced_tile(self) -> Tile | None: ...
    leader: Final[int]
    ends: Final[tuple[int, int] | None]
    boneyard_size: Final[int]
    placements: Final[tuple[tuple[Tile, str], ...]]

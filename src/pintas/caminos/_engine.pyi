"""Typing stubs of the compiled Caminos binding (pintas.caminos._engine)."""

from collections.abc import Iterable
from typing import Final

from .._base import Engine, TileEvent, TileMove
from ..tiles import Tile, TileSet

SAVE_SIZE: int
MAX_PATHS: int
MAX_CODE: int
SIDES: tuple[str, ...]
EVENT_KINDS: tuple[str, ...]
REASONS: tuple[str | None, ...]

class Move(TileMove):
    side: Final[str | None]
    path: Final[int | None]
    def __init__(self, kind: str, tile: Tile | str | None = ..., side: str | None = ...,
                 path: int | None = ...) -> None: ...
    @staticmethod
    def place(tile: Tile | str, side: str, path: int) -> Move: ...
    @staticmethod
    def reveal(tile: Tile | str) -> Move: ...
    @staticmethod
    def parse(text: str) -> Move: ...

class Event(TileEvent):
    path: Final[int | None]
    side: Final[str | None]
    seats: Final[tuple[int, ...]]
    tiles: Final[TileSet | None]
    def __init__(self, kind: str, seat: int | None = ..., tile: Tile | str | None = ...,
                 path: int | None = ..., side: str | None = ..., points: int = ...,
                 reason: str | None = ..., count: int = ..., seats: Iterable[int] = ...,
                 tiles: TileSet | Iterable[Tile | str] | None = ...) -> None: ...

def path_chain(centre: Tile | None, front: tuple[Tile, ...],
               back: tuple[Tile, ...]) -> tuple[tuple[int, int], ...] | None: ...
def path_text(number: int, centre: Tile | None, front: tuple[Tile, ...],
              back: tuple[Tile, ...], free: tuple[int, int]) -> str: ...
def check_rules(fields: tuple[int, ...]) -> None: ...
def deal_refusal(fields: tuple[int, ...], deal: tuple[list[int], ...],
                 hands: int) -> str | None: ...
def preset_fields(variant: int, players: int) -> tuple[int, ...]: ...
def full_path_names() -> tuple[str, ...]: ...
def rules_shape(fields: tuple[int, ...]) -> tuple[int, int, int, int, str]: ...
def simulate(rules: tuple[int, ...], games: int, seed: int) -> dict[str, int | list[int]]: ...

PathRaw = tuple[Tile, tuple[Tile, ...], tuple[Tile, ...], tuple[int, int], tuple[int, int]]

class CaminosGame(Engine[Move, Event]):
    def _chosen(self) -> tuple[int, ...]: ...
    def _choice(self, seat: int) -> Tile | None: ...
    def _path_raw(self, slot: int) -> PathRaw | None: ...
    def _path_count(self) -> int: ...
    def _pile(self) -> tuple[Tile, ...]: ...
    def _discard_mask(self) -> int: ...
    phase: Final[str]
    starter: Final[int | None]
    pile_size: Final[int]
    step: Final[int]
    contenders: Final[tuple[int, ...]]
    out_seat: Final[int | None]
    last_turns: Final[int]
    passes: Final[int]

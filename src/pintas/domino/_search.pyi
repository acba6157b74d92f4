"""Typing stubs of the compiled line-game search binding (pintas.domino._search)."""

from collections.abc import Iterable, Sequence
from typing import TypedDict, TypeVar

from typing_extensions import Buffer

from pintas._base import StateObserver, Stop, Twister

from ..tiles import Tile
from ._engine import Event, Move
from .game import Game, View
from .players import SuitWeights
from .rules import Rules

BufferT = TypeVar("BufferT", bound=Buffer)

POLICIES: dict[str, int]
MAX_SAMPLES: int
LEVERS: dict[str, int]

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

class InferParams(TypedDict):
    """The stronger search's parameters (a plain dict at run time)."""

    levers: frozenset[str]
    playout_temperature: float
    model_temperature: float
    model_mix: float
    playout_mix: float

def knowledge(view: View) -> Knowledge: ...
def sample(view: View, seed: int, attempt: int = 0, into: Game | None = None) -> Sample: ...
def sample_world(view: View, seed: int, into: Game) -> None: ...
def world_check(view: View, hands: Sequence[int], pile: int) -> bool: ...

class Info:
    def __init__(self, view: View) -> None: ...
    def search(self, seed: int, first: int, count: int, policy: int = ...,
               stop: Stop | None = ...) -> tuple[list[Move], list[int], int, int]: ...
    def infer(self, seed: int, first: int, count: int, params: InferParams,
              stop: Stop | None = ...) -> tuple[list[Move], list[float], int, float]: ...

def infer_defaults() -> InferParams: ...

def view_of(game: Game, seat: int | None, rules: Rules, log: tuple[Event, ...]) -> View: ...
def oriented_line(placements: Iterable[tuple[Tile, str]]) -> tuple[tuple[int, int], ...]: ...
def legal(view: View) -> list[Move]: ...
def suit_weights_for(game: int) -> tuple[float, ...]: ...
def random_choose(view: View, rng: Twister) -> Move: ...
def greedy_choose(view: View) -> Move: ...
def suit_choose(view: View, weights: SuitWeights | None) -> Move: ...
def suit_rank(view: View, weights: SuitWeights | None, moves: list[Move]) -> list[Move]: ...
def immediate_points(view: View, move: Move,
                     voids: Sequence[Sequence[int]] | None = None) -> int: ...
def encode(view: View, out: BufferT | None = ...) -> BufferT | bytearray: ...
def encoding() -> dict[str, slice]: ...
def key(view: View) -> bytes: ...

class Observer(StateObserver[Game]):
    """The observations of a line game's seats straight from its C state."""

"""Helpers for the suites of every game: the documented random generator,
random play, and the checks the games' tests share.

:class:`PCG32` is an independent pure-Python reading of docs/determinism.md
(PCG32 XSH-RR, O'Neill seeding, Lemire bounds, Fisher-Yates from the top): the
suites recompute deals, reshuffles, tie-break draws and the batch simulator's
choices with it from the documentation alone, so the C core and the documented
contract cannot drift apart. Each game's own helpers (hand-made deals, its
configurations) are in its package's ``support`` module.
"""

from __future__ import annotations

import hashlib
import importlib.util
import itertools
import pickle
import random
import sys
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol, TypeVar

import pytest

from pintas.errors import IllegalMoveError
from pintas.tiles import Tile

T = TypeVar("T")

MASK64 = (1 << 64) - 1
MULT = 6364136223846793005
STREAM = 0x70696E746173  # PINTAS_RNG_STREAM

ROOT = Path(__file__).resolve().parents[1]


# ---- the documented generator ---------------------------------------------------------


class PCG32:
    """docs/determinism.md, in plain Python."""

    def __init__(self, seed: int, stream: int = STREAM) -> None:
        self.state, self.inc = 0, ((stream << 1) | 1) & MASK64
        self._step()
        self.state = (self.state + seed) & MASK64
        self._step()

    def _step(self) -> None:
        self.state = (self.state * MULT + self.inc) & MASK64

    def next(self) -> int:
        old = self.state
        self._step()
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        if bound == 0:
            return 0
        m = self.next() * bound
        low = m & 0xFFFFFFFF
        if low < bound:
            threshold = ((1 << 32) - bound) % bound
            while low < threshold:
                m = self.next() * bound
                low = m & 0xFFFFFFFF
        return m >> 32

    def shuffled(self, items: Iterable[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def shuffled_tiles(self) -> list[Tile]:
        """One shuffle of the 28 tiles (a deal, a reshuffle, a tie-break draw)."""
        return [Tile.from_index(i) for i in self.shuffled(range(28))]


# ---- random play ---------------------------------------------------------------------


class Playable(Protocol):
    """What random play needs of a game."""

    @property
    def is_over(self) -> bool: ...

    @property
    def history(self) -> Sequence[Any]: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def play(self, move: Any) -> Any: ...


G = TypeVar("G", bound=Playable)


def random_legal(game: Playable, rng: random.Random) -> Any:
    return rng.choice(game.legal_moves())


def played(game: G, moves: int | None = None, rng: random.Random | None = None,
           pick: Callable[[Any, random.Random], Any] = random_legal) -> G:
    """``game`` after ``moves`` random legal moves (fewer if it ends first; all
    to its end when None), chosen by ``pick`` (default: ``rng.choice`` among the
    legal moves) with ``rng`` (default: ``random.Random(game.seed)``)."""
    rng = random.Random(getattr(game, "seed", None)) if rng is None else rng
    for _ in itertools.count() if moves is None else range(moves):
        if game.is_over:
            break
        game.play(pick(game, rng))
    return game


def play_checked(game: G, rng: random.Random, max_moves: int,
                 check: Callable[[G], None] | None = None,
                 illegal: Callable[[G, random.Random], Any] | None = None) -> G:
    """Play ``game`` to its end by random legal moves; it must end within
    ``max_moves`` moves. With ``check``, before every move ``check(game)`` runs
    and, one time in five, the move ``illegal(game, rng)`` must be rejected
    without a change."""
    for _ in range(max_moves):
        if game.is_over:
            return game
        if check is not None:
            check(game)
            if illegal is not None and rng.random() < 0.2:
                rejected(game, illegal(game, rng))
        move = rng.choice(game.legal_moves())
        game.play(move)
        assert game.history[-1] == move
    raise AssertionError("a game did not end")


# ---- moves, events and seats ----------------------------------------------------------


def played_alike(a: Any, b: Any, rng: random.Random, alike: Callable[[], bool],
                 check: Callable[[], None]) -> int:
    """Play games ``a`` and ``b`` by the same random moves (those legal in
    both) while ``alike()`` holds, calling ``check()`` at each position; the
    positions checked."""
    compared = 0
    while alike():
        check()
        compared += 1
        both = [m for m in a.legal_moves() if b.is_legal(m)]
        if a.is_over or not both:
            break
        move = rng.choice(both)
        a.play(move)
        b.play(move)
    return compared


def run(game: Any, *moves: Any) -> list[Any]:
    """Play the moves in order; all the events they caused."""
    events: list[Any] = []
    for move in moves:
        events += game.play(move)
    return events


def mover(game: Any) -> int:
    """The seat to move (the game is not over)."""
    seat = game.to_move
    assert seat is not None
    return int(seat)


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind for e in events]


# ---- checks every game's suites make ----------------------------------------------------


def rejected(game: Any, move: Any, error: type[Exception] | tuple[type[Exception], ...]
             = IllegalMoveError, match: str | None = None) -> None:
    """Playing ``move`` raises ``error`` and the game is exactly as before."""
    before = game.to_bytes()
    with pytest.raises(error, match=match):
        game.play(move)
    assert game.to_bytes() == before


def refused(game: Any, text: str, error: type[Exception], match: str | None = None) -> None:
    """parse_move and play both refuse ``text`` with ``error`` (parse_move's
    message matching ``match``), and the game is exactly as before."""
    before = game.to_bytes()
    with pytest.raises(error, match=match):
        game.parse_move(text)
    rejected(game, text, error)
    assert game.to_bytes() == before


def assert_replays(game: Any, fresh: Any) -> None:
    """``game`` survives its save, copy, pickle and replay() unchanged, and its
    history played on ``fresh`` (a new game of its rules and seed) gives it again."""
    saved = game.to_bytes()
    assert type(game).from_bytes(saved).to_bytes() == saved
    assert game.copy().to_bytes() == saved
    assert pickle.loads(pickle.dumps(game)).to_bytes() == saved
    assert game.replay().to_bytes() == saved
    for move in game.history:
        fresh.play(move)
    assert fresh.to_bytes() == saved
    assert fresh.events == game.events


# ---- saves -----------------------------------------------------------------------------


def resealed(body: bytes | bytearray, trailer: int = 16) -> bytes:
    """A save whose bytes were edited, with the checksum anyone can recompute:
    ``body`` without its last ``trailer`` bytes (0: ``body`` has none yet),
    then their BLAKE2b checksum. What an editor does to get past the checksum,
    so that the checks behind it (the replay, canonicity) are the ones tested."""
    kept = bytes(body[:len(body) - trailer])
    return kept + hashlib.blake2b(kept, digest_size=16).digest()


# ---- the C tests' golden generators ---------------------------------------------------


def golden_generator(name: str) -> ModuleType:
    """tools/golden/<name>.py loaded as the module golden_<name> (it is a
    script, not a package module): what it would write into the C tests'
    golden headers now."""
    spec = importlib.util.spec_from_file_location(f"golden_{name}",
                                                  ROOT / "tools" / "golden" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module

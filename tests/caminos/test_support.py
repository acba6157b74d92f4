"""Helpers shared by the Caminos suites, and the tests of the helpers themselves.

:class:`PCG32` is an independent pure-Python reading of docs/determinism.md
(PCG32 XSH-RR, O'Neill seeding, Lemire bounds, Fisher-Yates from the top):
the suites use it to recompute deals and reshuffles from the documentation
alone, so the C core and the documented contract cannot drift apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from pintas import caminos

T = TypeVar("T")

MASK64 = (1 << 64) - 1
MULT = 6364136223846793005
STREAM = 0x70696E746173


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

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return out


def run(game: caminos.Game, *moves: str) -> list[caminos.Event]:
    """Play the moves in order; all the events they caused."""
    events: list[caminos.Event] = []
    for move in moves:
        events += game.play(move)
    return events


def kinds(events: Sequence[caminos.Event]) -> list[str]:
    return [e.kind for e in events]


def test_pcg32_matches_the_reference_vector() -> None:
    rng = PCG32(42, 54)
    assert [rng.next() for _ in range(6)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293,
                                              0xBFA4784B, 0xCBED606E]


def test_shuffle_is_a_permutation() -> None:
    assert sorted(PCG32(1).shuffled(range(28))) == list(range(28))

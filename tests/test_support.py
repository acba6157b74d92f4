"""The helpers of the suites, tested themselves: the generator follows the reference."""

from __future__ import annotations

from tests.support import PCG32


def test_pcg32_matches_the_reference_vector() -> None:
    rng = PCG32(42, 54)
    assert [rng.next() for _ in range(6)] == [0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293,
                                              0xBFA4784B, 0xCBED606E]


def test_shuffle_is_a_permutation() -> None:
    assert sorted(PCG32(1).shuffled(range(28))) == list(range(28))

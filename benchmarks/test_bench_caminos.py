"""Caminos benchmarks: batch rounds/s in C and step-API rounds/s from Python.

Run: python -m pytest benchmarks/test_bench_caminos.py --benchmark-enable \
         --benchmark-columns=median,rounds
Each benchmark stores its rounds/s in extra_info; docs/performance.md has the table.
"""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.harness import batch_simulate, step_games
from pintas import caminos

PRESETS = {
    "base-3": caminos.Rules.base(players=3),
    "no_renewal-4": caminos.Rules.no_renewal(players=4),
    "two_paths-2": caminos.Rules.two_paths(players=2),
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_batch_simulate(benchmark: Any, name: str) -> None:
    """Whole random games inside C, GIL released."""
    rules = PRESETS[name]
    stats = batch_simulate(benchmark, caminos.simulate, rules)
    assert stats.rounds == stats.games * rules.rounds
    benchmark.extra_info["moves_per_round"] = stats.moves / stats.rounds


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_step_api(benchmark: Any, name: str) -> None:
    """Python calling legal_moves() and play() for every move of random games."""
    rules = PRESETS[name]
    assert step_games(benchmark, lambda seed: caminos.Game(rules, seed=seed)) == 10 * rules.rounds

"""Line-game benchmarks: batch rounds/s in C and step-API rounds/s from Python.

Run: python -m pytest benchmarks --benchmark-enable --benchmark-columns=median,rounds
Each benchmark stores its rounds/s in extra_info; docs/performance.md has the table.
"""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.harness import batch_simulate, step_games
from pintas import domino

PRESETS = {
    "dominican-pairs": domino.Rules.dominican(mode="pairs"),
    "muggins-3": domino.Rules.muggins(players=3),
    "capicua-4": domino.Rules.capicua(players=4),
}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_batch_simulate(benchmark: Any, name: str) -> None:
    """Whole random games inside C, GIL released."""
    stats = batch_simulate(benchmark, domino.simulate, PRESETS[name])
    benchmark.extra_info["rounds_per_game"] = stats.rounds / stats.games


@pytest.mark.parametrize("name", ["dominican-pairs"])
def test_step_api(benchmark: Any, name: str) -> None:
    """Python calling legal_moves() and play() for every move of random games."""
    rules = PRESETS[name]
    assert step_games(benchmark, lambda seed: domino.Game(rules, seed=seed), uniform=True) >= 10

"""Caminos benchmarks: batch rounds/s in C and step-API rounds/s from Python.

Run: python -m pytest benchmarks/test_bench_caminos.py --benchmark-enable \
         --benchmark-columns=median,rounds
Each benchmark stores its rounds/s in extra_info; docs/performance.md has the table.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

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
    games = 2000
    stats = benchmark(caminos.simulate, rules, games=games, seed=1)
    assert stats.games == games and stats.rounds == games * rules.rounds
    benchmark.extra_info["moves_per_round"] = stats.moves / stats.rounds
    if benchmark.stats is not None:
        benchmark.extra_info["rounds_per_s"] = stats.rounds / benchmark.stats.stats.median


def play_random_game(rules: caminos.Rules, seed: int) -> int:
    """A whole game through the step API: legal_moves() and play() every move."""
    game = caminos.Game(rules, seed=seed)
    choose = random.Random(seed).choice
    legal_moves, play = game.legal_moves, game.play
    while not game.is_over:
        play(choose(legal_moves()))
    return game.round


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_step_api(benchmark: Any, name: str) -> None:
    """Python calling legal_moves() and play() for every move of random games."""
    rules = PRESETS[name]

    def ten_games() -> int:
        return sum(play_random_game(rules, seed) for seed in range(10))

    rounds = benchmark(ten_games)
    assert rounds == 10 * rules.rounds
    if benchmark.stats is not None:
        benchmark.extra_info["rounds_per_s"] = rounds / benchmark.stats.stats.median

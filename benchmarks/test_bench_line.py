"""Line-game benchmarks: batch rounds/s in C and step-API rounds/s from Python.

Run: python -m pytest benchmarks --benchmark-enable --benchmark-columns=median,rounds
Each benchmark stores its rounds/s in extra_info; docs/performance.md has the table.
"""

from __future__ import annotations

import random
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


def play_random_game(rules: domino.Rules, seed: int) -> int:
    """A whole game through the step API: legal_moves() and play() every move."""
    game = domino.Game(rules, seed=seed)
    # random.choice alone costs about as much as a whole play(): the harness
    # picks with one float draw so that the figure is the engine's.
    uniform = random.Random(seed).random
    legal_moves, play = game.legal_moves, game.play
    while not game.is_over:
        moves = legal_moves()
        play(moves[int(uniform() * len(moves))])
    return game.round


@pytest.mark.parametrize("name", ["dominican-pairs"])
def test_step_api(benchmark: Any, name: str) -> None:
    """Python calling legal_moves() and play() for every move of random games."""
    assert step_games(benchmark, play_random_game, PRESETS[name]) >= 10

"""Caminos SearchPlayer benchmarks: decisions per second at 50 and 200 samples.

Run: python -m pytest benchmarks/test_bench_caminos_search.py --benchmark-enable \
         --benchmark-columns=median,rounds
Each benchmark decides the same 20 positions (the seat to move has a choice)
and stores decisions/s in extra_info; docs/performance.md has the table.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.harness import record_rate
from pintas import caminos
from pintas.caminos.players import SearchPlayer

PRESETS = {
    "base-3": caminos.Rules.base(players=3),
    "two_paths-4": caminos.Rules.two_paths(players=4),
}
POSITIONS = 20


def decisions(rules: caminos.Rules, count: int = POSITIONS) -> list[caminos.View]:
    """Views of the seat to move where it has more than one legal placement,
    from games of random moves."""
    views: list[caminos.View] = []
    seed = 0
    while len(views) < count:
        game = caminos.Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over and len(views) < count:
            moves = game.legal_moves()
            seat = game.to_move
            if game.phase == "play" and len(moves) > 1 and seat is not None and rng.random() < 0.3:
                views.append(game.view(seat))
            game.play(rng.choice(moves))
        seed += 1
    return views


@pytest.mark.parametrize("samples", [50, 200])
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_search_decisions(benchmark: Any, name: str, samples: int) -> None:
    """SearchPlayer.choose on fixed positions; the search runs in C without the GIL."""
    views = decisions(PRESETS[name])
    player = SearchPlayer(samples=samples, seed=1)

    def decide_all() -> int:
        return sum(1 for view in views if player.choose(view) is not None)

    assert benchmark(decide_all) == len(views)
    assert player.last_samples == samples
    record_rate(benchmark, "decisions_per_s", len(views))

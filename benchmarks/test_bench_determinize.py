"""sample_game benchmarks: exact determinization (pintas/determinize.h) per second.

Run: python -m pytest benchmarks/test_bench_determinize.py --benchmark-enable \
         --benchmark-columns=median,rounds
Positions: every view a seat may sample along whole random games of fixed
seeds (line games: any seat's view; Caminos: the seat to move in play), so
early deals with few facts and late rounds with many lacks alike. Each
benchmark stores its samples/s in extra_info.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.harness import record_rate
from pintas import caminos, domino


def line_views(rules: domino.Rules, games: int = 3) -> list[domino.View]:
    """A view of a random seat before every move of ``games`` random games."""
    views = []
    for seed in range(games):
        game, rng = domino.Game(rules, seed=seed), random.Random(seed)
        while not game.is_over:
            views.append(game.view(rng.randrange(game.seats)))
            game.play(rng.choice(game.legal_moves()))
    return views


def caminos_views(rules: caminos.Rules, games: int = 3) -> list[caminos.View]:
    """The view of the seat to move in play, before every move of ``games`` games."""
    views = []
    for seed in range(games):
        game, rng = caminos.Game(rules, seed=seed), random.Random(seed)
        while not game.is_over:
            seat = game.to_move
            if seat is not None and game.phase == "play":
                views.append(game.view(seat))
            game.play(rng.choice(game.legal_moves()))
    return views


VIEWS: dict[str, list[Any]] = {
    "muggins-2": line_views(domino.Rules.muggins(players=2)),
    "dominican-pairs": line_views(domino.Rules.dominican()),
    "caminos-4": caminos_views(caminos.Rules.base(players=4)),
    "two-paths-4": caminos_views(caminos.Rules.two_paths(players=4)),
}


@pytest.mark.parametrize("name", list(VIEWS))
def test_sample_game(benchmark: Any, name: str) -> None:
    """view.sample_game over every position of the games, one seed each."""
    views = VIEWS[name]

    def sample_all() -> int:
        return sum(1 for i, view in enumerate(views) if view.sample_game(i) is not None)

    assert benchmark(sample_all) == len(views)
    record_rate(benchmark, "samples_per_s", len(views))

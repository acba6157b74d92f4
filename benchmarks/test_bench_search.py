"""SearchPlayer and InferPlayer benchmarks: line-game decisions per second at
given sample budgets.

Run: python -m pytest benchmarks/test_bench_search.py --benchmark-enable \
         --benchmark-columns=median,rounds
Positions: 12 Dominican-pairs views in mid-round (2-12 placements made, the
seat to move holding a real choice), reached by Suit players from fixed seeds.
Each benchmark stores its decisions/s in extra_info; docs/performance.md has
the table.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.harness import record_rate
from pintas import domino
from pintas.domino.players import InferPlayer, SearchPlayer, SuitPlayer


def mid_round_views(count: int = 12) -> list[domino.View]:
    """Views of the seat to move with two or more legal moves, mid-round."""
    views: list[domino.View] = []
    rng = random.Random(5)
    suit = SuitPlayer()
    seed = 0
    while len(views) < count:
        seed += 1
        game = domino.Game(domino.Rules.dominican(), seed=seed)
        stop = rng.randrange(2, 13)
        while game.round == 1 and len(game.placements) < stop:
            seat = game.to_move
            assert seat is not None
            game.play(suit.choose(game.view(seat)))
        seat = game.to_move
        if game.round == 1 and seat is not None and len(game.legal_moves()) >= 2:
            views.append(game.view(seat))
    return views


VIEWS = mid_round_views()


@pytest.mark.parametrize(("search", "samples"), [(SearchPlayer, 50), (SearchPlayer, 200),
                                                 (SearchPlayer, 1000), (InferPlayer, 70),
                                                 (InferPlayer, 250)])
def test_search_decisions(benchmark: Any, search: type, samples: int) -> None:
    """A search player's choose over the positions, the sample budget binding."""
    player = search(samples=samples, seed=1)

    def decide_all() -> int:
        return sum(1 for view in VIEWS if player.choose(view) in view.legal_moves())

    assert benchmark(decide_all) == len(VIEWS)
    record_rate(benchmark, "decisions_per_s", len(VIEWS))

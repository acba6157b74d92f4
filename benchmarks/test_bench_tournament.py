"""Tournament benchmarks: rounds/s of a paired-deal tournament (Dominican pairs).

Run: python -m pytest benchmarks/test_bench_tournament.py --benchmark-enable \
         --benchmark-columns=median,rounds
Each benchmark stores its rounds/s (deals played per second of wall time, every
move chosen by a player from its seat's view) in extra_info.
"""

from __future__ import annotations

from typing import Any

import pytest

from benchmarks.harness import record_rate
from pintas import domino
from pintas.tournament import Tournament, TournamentResults

RULES = domino.Rules.dominican(mode="pairs")


@pytest.mark.parametrize("players", [("random", "random"), ("greedy", "random"),
                                     ("greedy", "greedy")])
def test_tournament_rounds_per_second(benchmark: Any, players: tuple[str, str]) -> None:
    """10 deals of whole Dominican games to 200 (x 2 seatings when the types differ)."""
    event = Tournament(RULES, list(players), deals=10, seed=1)

    def run() -> TournamentResults:
        return event.run()

    results = benchmark(run)
    assert results.games == 10 * len(event.seatings)
    benchmark.extra_info["rounds"] = results.rounds
    record_rate(benchmark, "rounds_per_s", results.rounds)

"""What the benchmark suites share: rates stored in ``extra_info``, the batch
simulator in C, and whole games through the step API."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def record_rate(benchmark: Any, key: str, count: float, whole: bool = False) -> None:
    """Store ``count`` per second of the median run as ``extra_info[key]`` (when
    timed; ``whole``: rounded to a whole number)."""
    if benchmark.stats is not None:
        rate = count / benchmark.stats.stats.median
        benchmark.extra_info[key] = round(rate) if whole else rate


def batch_simulate(benchmark: Any, simulate: Callable[..., Any], rules: Any,
                   games: int = 2000) -> Any:
    """Whole random games inside C, GIL released: ``simulate(rules, games=, seed=1)``;
    stores rounds/s and gives the statistics."""
    stats = benchmark(simulate, rules, games=games, seed=1)
    assert stats.games == games
    record_rate(benchmark, "rounds_per_s", stats.rounds)
    return stats


def step_games(benchmark: Any, play_game: Callable[[Any, int], int], rules: Any,
               games: int = 10) -> int:
    """Python calling legal_moves() and play() for every move of ``games`` whole
    games, ``play_game(rules, seed)`` giving a game's rounds; stores rounds/s
    and gives the rounds."""
    rounds: int = benchmark(lambda: sum(play_game(rules, seed) for seed in range(games)))
    record_rate(benchmark, "rounds_per_s", rounds)
    return rounds

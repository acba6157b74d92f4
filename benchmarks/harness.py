"""What the benchmark suites share: rates stored in ``extra_info``, the batch
simulator in C, and whole games through the step API."""

from __future__ import annotations

import random
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


def random_game(game: Any, seed: int, uniform: bool = False) -> int:
    """Play ``game`` to its end through the step API, legal_moves() and play()
    every move, the moves drawn by ``random.Random(seed)``: by ``choice``, or
    with ``uniform`` by one float draw (``random.choice`` alone costs about as
    much as a whole play() of a line game: the float draw keeps the figure the
    engine's); gives the rounds played."""
    legal_moves, play = game.legal_moves, game.play
    if uniform:
        draw = random.Random(seed).random
        while not game.is_over:
            moves = legal_moves()
            play(moves[int(draw() * len(moves))])
    else:
        choose = random.Random(seed).choice
        while not game.is_over:
            play(choose(legal_moves()))
    return int(game.round)


def step_games(benchmark: Any, new_game: Callable[[int], Any], uniform: bool = False,
               games: int = 10) -> int:
    """Python calling legal_moves() and play() for every move of ``games`` whole
    games (:func:`random_game`), ``new_game(seed)`` for seeds 0, 1, ...; stores
    rounds/s and gives the rounds."""
    rounds: int = benchmark(lambda: sum(random_game(new_game(seed), seed, uniform)
                                        for seed in range(games)))
    record_rate(benchmark, "rounds_per_s", rounds)
    return rounds

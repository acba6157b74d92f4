"""Dice benchmarks: scoring calls/s, keeps() calls/s, the solver, step-API turns/s.

Run: python -m pytest benchmarks/test_bench_dice.py --benchmark-enable \
         --benchmark-columns=median,rounds
Each benchmark stores its rate in extra_info (calls_per_s, turns_per_s, ...);
the target for dice.score is 2,000,000 calls/s from Python.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from benchmarks.harness import record_rate
from pintas import dice
from pintas.dice import _search

RULES = {"dice_of_doom": dice.Rules.dice_of_doom(), "farkle": dice.Rules.farkle()}


def random_rolls(count: int, seed: int) -> list[list[int]]:
    rng = random.Random(seed)
    return [[rng.randint(1, 6) for _ in range(rng.choice((6, 6, 5, 4, 3, 2, 1)))]
            for _ in range(count)]


ROLLS = random_rolls(1000, 1)


@pytest.mark.parametrize("name", [None, "dice_of_doom", "farkle"])
def test_score(benchmark: Any, name: str | None) -> None:
    """dice.score over 1000 rolls of 1-6 dice (None: the default rules argument)."""
    rules = RULES[name] if name else None
    score = dice.score

    def run() -> int:
        total = 0
        for roll in ROLLS:
            total += score(roll, rules)
        return total

    assert benchmark(run) > 0
    record_rate(benchmark, "calls_per_s", len(ROLLS), whole=True)


def test_score_default_args(benchmark: Any) -> None:
    """dice.score(roll) with the rules left out: the common call."""
    score = dice.score

    def run() -> int:
        total = 0
        for roll in ROLLS:
            total += score(roll)
        return total

    assert benchmark(run) > 0
    record_rate(benchmark, "calls_per_s", len(ROLLS), whole=True)


@pytest.mark.parametrize("name", sorted(RULES))
def test_keeps(benchmark: Any, name: str) -> None:
    """dice.keeps (every legal keep with its points, as Keep records) over 1000 rolls."""
    rules = RULES[name]
    keeps = dice.keeps

    def run() -> int:
        return sum(len(keeps(roll, (), rules)) for roll in ROLLS)

    assert benchmark(run) > 0
    record_rate(benchmark, "calls_per_s", len(ROLLS), whole=True)


@pytest.mark.parametrize("name", sorted(RULES))
def test_solve_turn(benchmark: Any, name: str) -> None:
    """The C solver (workspace sizing + backward induction), uncached, GIL released."""
    fields = RULES[name]._fields()
    benchmark(_search._Solution, fields)
    benchmark.extra_info["expected_turn_score"] = dice.solve_turn(RULES[name]).expected_turn_score


def play_random_games(rules: dice.Rules, games: int, seed: int) -> int:
    """Whole games through the step API: legal_moves() and play() every move."""
    turns = 0
    for number in range(games):
        game = dice.Game(rules, players=2, seed=seed + number)
        choose = random.Random(seed + number).choice
        legal_moves, play = game.legal_moves, game.play
        while not game.is_over:
            for event in play(choose(legal_moves())):
                turns += event.kind == "turn_end"
    return turns


@pytest.mark.parametrize("name", sorted(RULES))
def test_step_api(benchmark: Any, name: str) -> None:
    """Python calling legal_moves() and play() for every move of random games."""
    rules = RULES[name].replace(target=3000)
    turns = benchmark(play_random_games, rules, 20, 1)
    assert turns > 0
    record_rate(benchmark, "turns_per_s", turns, whole=True)


def play_optimal_turns(rules: dice.Rules, turns: int) -> int:
    """Turns of an OptimalPlayer deciding from views (view + choose + play per move)."""
    player = dice.OptimalPlayer(rules)
    done = 0
    while done < turns:
        game = dice.Game(rules, players=1, seed=3 + done)  # fresh games keep views small
        for _ in range(50):
            ended = False
            while not ended:
                for event in game.play(player.choose(game.view(0))):
                    ended = ended or event.kind == "turn_end"
            done += 1
    return done


@pytest.mark.parametrize("name", sorted(RULES))
def test_optimal_player_turns(benchmark: Any, name: str) -> None:
    rules = RULES[name].replace(target=dice.MAX_TARGET)
    turns = benchmark(play_optimal_turns, rules, 500)
    record_rate(benchmark, "turns_per_s", turns, whole=True)


WIN_RULES = {"farkle": dice.Rules.farkle(), "dice_of_doom": dice.Rules.dice_of_doom(target=10_000),
             "dice_of_doom_25000": dice.Rules.dice_of_doom(target=25_000),
             "dice_of_doom_100000": dice.Rules.dice_of_doom()}


def keep_views(rules: dice.Rules, count: int, seed: int) -> list[dice.View]:
    """Views of 2-player games with a keep due, each at another pair of (the
    mover's, the opponent's) scores."""
    rng = random.Random(seed)
    views: dict[tuple[int, int], dice.View] = {}
    player = dice.WinPlayer(rules)
    while len(views) < count:
        game = dice.Game(rules, players=2, seed=rng.randrange(2**32))
        while not game.is_over and len(views) < count:
            seat = game.to_move
            assert seat is not None
            view = game.view(seat)
            if view.phase == "keep":
                views.setdefault((view.scores[seat], view.scores[1 - seat]), view)
            game.play(player.choose(view))
    return list(views.values())


@pytest.mark.parametrize("name", sorted(WIN_RULES))
def test_win_decisions(benchmark: Any, name: str) -> None:
    """WinPlayer's keeps at 200 views, each at other scores than the last: every
    decision solves its turn from the table (docs/performance.md)."""
    rules = WIN_RULES[name]
    views = keep_views(rules, 200, 1)
    player = dice.WinPlayer(rules)

    def run() -> int:
        return sum(player.choose(view).kind == "keep" for view in views)

    assert benchmark(run) == len(views)
    record_rate(benchmark, "decisions_per_s", len(views), whole=True)

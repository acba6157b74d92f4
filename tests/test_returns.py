"""Outcomes for learners and searches: ``returns`` and ``utility_range``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pintas import caminos, dice, domino


def played_out(game: Any, seed: int) -> Any:
    choose = random.Random(seed)
    while not game.is_over:
        game.play(choose.choice(game.legal_moves()))
    return game


def test_nothing_is_returned_before_the_end() -> None:
    game = domino.Game(domino.Rules.muggins(players=3), seed=1)
    assert game.returns() == (0.0, 0.0, 0.0) == game.returns(points=True)
    assert game.utility_range == (-0.5, 1.0)


@pytest.mark.parametrize("seed", range(4))
def test_a_team_wins_and_loses_together(seed: int) -> None:
    game = played_out(domino.Game(domino.Rules.dominican(), seed=seed), seed)
    (winner,) = game.winners
    returns = game.returns()
    assert returns == tuple(1.0 if seat % 2 == winner else -1.0 for seat in range(4))
    assert game.utility_range == (-1.0, 1.0)
    points = game.returns(points=True)
    margin = (game.scores[0] - game.scores[1]) / 2
    assert points == (margin, -margin, margin, -margin)


@pytest.mark.parametrize("seed", range(3))
def test_a_lone_winner_among_three_takes_what_the_others_lose(seed: int) -> None:
    game = played_out(caminos.Game(caminos.Rules.base(players=3), seed=seed), seed)
    returns = game.returns()
    winners = set(game.winners)
    share = 1 / len(winners)
    assert returns == tuple((((share if s in winners else 0.0) - 1 / 3) * 1.5)
                            for s in range(3))
    assert abs(sum(returns)) < 1e-12
    assert min(returns) >= game.utility_range[0] and max(returns) <= game.utility_range[1]
    mean = sum(game.scores) / 3
    assert game.returns(points=True) == tuple(score - mean for score in game.scores)


def test_dice_returns_by_seat() -> None:
    game = played_out(dice.Game(dice.Rules.farkle(target=500), players=3, seed=2), 2)
    (winner,) = game.winners
    assert game.returns() == tuple(1.0 if s == winner else -0.5 for s in range(3))

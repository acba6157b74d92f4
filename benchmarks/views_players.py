"""Microseconds per call (timeit medians) of ``game.view(seat)``, a view's
``legal_moves()`` and each computer player's ``choose``: on one view, and
on a fresh view every time (what a tournament does: one view, one choice).

    python benchmarks/views_players.py
"""

from __future__ import annotations

import statistics
import timeit
from collections.abc import Callable
from functools import partial
from typing import Any

from pintas import caminos, dice, domino


def micros(fn: Callable[[], object], number: int = 2000) -> float:
    """The median of 9 runs of ``number`` calls, in microseconds a call."""
    return statistics.median(timeit.repeat(fn, number=number, repeat=9)) / number * 1e6


def opened(game: Any, moves: int, pick: int) -> Any:
    """``game`` after ``moves`` moves, each its ``pick``-th legal move."""
    for _ in range(moves):
        game.play(game.legal_moves()[pick])
    return game


def tables() -> list[tuple[str, Any, Any, list[tuple[str, Any]]]]:
    """(name, game, seat, players) of each table measured."""
    dp, cp, xp = domino.players, caminos.players, dice.players
    line = [("random", dp.RandomPlayer(seed=1)), ("greedy", dp.GreedyPlayer()),
            ("suit", dp.SuitPlayer())]
    rolled = dice.Game(dice.Rules.farkle(), seed=3)
    rolled.play("roll 1 1 5 2 3 4")
    out = [(name, g, g.to_move, line) for name, g in (
        ("dominican", opened(domino.Game(domino.Rules.dominican(), seed=7), 6, 0)),
        ("muggins", opened(domino.Game(domino.Rules.muggins(players=2), seed=7), 5, 0)),
        ("capicua", opened(domino.Game(domino.Rules.capicua(players=4), seed=3), 9, 0)))]
    cam = opened(caminos.Game(caminos.Rules.base(players=3), seed=5), 8, -1)
    out.append(("caminos", cam, cam.to_move, [("random", cp.RandomPlayer(seed=1)),
                                              ("greedy", cp.GreedyPlayer()),
                                              ("suit", cp.SuitPlayer())]))
    out.append(("dice", rolled, 0, [("random", xp.RandomPlayer(seed=1)),
                                    ("threshold", xp.ThresholdPlayer(300)),
                                    ("optimal", xp.OptimalPlayer(dice.Rules.farkle()))]))
    return out


def measure(name: str, game: Any, seat: int, players: list[tuple[str, Any]]) -> None:
    """Print one table's rows: the view, its legal moves, each player's choice."""
    view = game.view(seat)
    print(f"{name + ' view':24} {micros(lambda: game.view(seat)):9.2f}")
    print(f"{name + ' legal_moves':24} {micros(view.legal_moves):9.2f} "
          f"{micros(lambda: game.view(seat).legal_moves()):11.2f}")
    for kind, player in players:
        print(f"{name + ' ' + kind:24} {micros(partial(player.choose, view)):9.2f} "
              f"{micros(partial(fresh, game, seat, player.choose)):11.2f}")


def fresh(game: Any, seat: int, choose: Callable[[Any], object]) -> object:
    """``choose`` from a view made now."""
    return choose(game.view(seat))


def main() -> None:
    print(f"{'':24} {'one view':>9} {'fresh view':>11}")
    for table in tables():
        measure(*table)


if __name__ == "__main__":
    main()

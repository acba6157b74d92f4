"""Microseconds per call (timeit, the best of 5) of a view's ``round_log`` and
``passes(seat)`` late in a long Muggins game, beside the scan of the whole log
they used to make (written out here as it was), on the same view.

    python benchmarks/round_marks.py [TARGET]

TARGET is the game's target (200 if not given): the longer the game, the
longer the log the old scan read; the marks cost the same.
"""

from __future__ import annotations

import random
import sys
import timeit
from collections.abc import Callable
from typing import Any

from pintas import domino


def late_game(target: int) -> domino.Game:
    """A Muggins game of two one move before its end (random moves, seeded)."""
    game = domino.Game(domino.Rules.muggins(players=2, target=target), seed=11)
    rng = random.Random(11)
    while True:
        after = game.copy()
        after.play(rng.choice(after.legal_moves()))
        if after.is_over:
            return game
        game = after


def scanned_round_log(view: domino.View) -> tuple[Any, ...]:
    """round_log as it was: the last deal found by reading the whole log."""
    start = max((i for i, e in enumerate(view.log) if e.kind == "deal"), default=0)
    return view.log[start:]


def scanned_passes(view: domino.View, seat: int) -> int:
    """passes as it was: a count over that round_log."""
    return sum(1 for e in scanned_round_log(view) if e.kind == "pass" and e.seat == seat)


def per_call(call: Callable[[], object], number: int = 2000) -> float:
    return min(timeit.repeat(call, number=number, repeat=5)) / number * 1e6


def main() -> None:
    game = late_game(int(sys.argv[1]) if len(sys.argv) > 1 else 200)
    view = game.view(0)
    assert scanned_round_log(view) == view.round_log
    assert scanned_passes(view, 1) == view.passes(1)
    print(f"{len(view.log)} events, round {view.round}, scores {view.scores}")
    rows = [("round_log", lambda: scanned_round_log(view), lambda: view.round_log),
            ("passes(1)", lambda: scanned_passes(view, 1), lambda: view.passes(1)),
            ("a view and both seats' passes",
             lambda: [scanned_passes(game.view(0), s) for s in range(2)],
             lambda: [game.view(0).passes(s) for s in range(2)])]
    for name, before, after in rows:
        print(f"{name:32s} scan {per_call(before):8.2f} us   marks {per_call(after):8.2f} us")


if __name__ == "__main__":
    main()

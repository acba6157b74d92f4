"""Whole random games through the step API, for counting instructions.

Wall time on a shared machine swings by a quarter; the instructions a fixed
workload executes do not. Run under callgrind, once with 0 games for the cost
of starting Python and importing pintas, and subtract::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/step_count.py domino 40

Prints the number of moves played, to divide by.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

from pintas import caminos, dice, domino

GAMES: dict[str, Callable[[int], Any]] = {
    "domino": lambda seed: domino.Game(domino.Rules.dominican(mode="pairs"), seed=seed),
    "caminos": lambda seed: caminos.Game(caminos.Rules.base(players=3), seed=seed),
    "dice": lambda seed: dice.Game(dice.Rules.dice_of_doom(), seed=seed),
}


def moves_of_random_game(game: Any, seed: int) -> int:
    """Play ``game`` to its end with moves drawn by one float each; give the moves."""
    draw = random.Random(seed).random
    legal_moves, play = game.legal_moves, game.play
    moves = 0
    while not game.is_over:
        legal = legal_moves()
        play(legal[int(draw() * len(legal))])
        moves += 1
    return moves


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in GAMES or not argv[1].isdigit():
        print(f"usage: step_count.py {{{','.join(GAMES)}}} GAMES", file=sys.stderr)
        return 2
    new_game = GAMES[argv[0]]
    print(sum(moves_of_random_game(new_game(seed), seed) for seed in range(int(argv[1]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

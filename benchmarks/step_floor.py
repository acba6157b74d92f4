"""The step API beside its floor: per move, a Python loop of ``legal_moves()``
and ``play()`` on a real game, and the same loop on an object that has the
same three calls and no game behind them.

Run (Cython compiles the floor's stand-in on first use, with pyximport)::

    python benchmarks/step_floor.py [--reps 15] [--games 40] [--only domino,...]

**The step loop** is :func:`benchmarks.step_count.moves_of_random_game`, the
loop callgrind counts: while ``not game.is_over``, ``legal =
game.legal_moves()`` and ``game.play(legal[int(draw() * len(legal))])`` with
``draw`` a ``random.Random(seed).random``; games of seeds 0, 1, ... (built
before the clock starts).

**The floor** runs that very function on a ``Floor`` of
``benchmarks/_step_floor.pyx``: ``legal_moves()`` is one C method call that
returns a fresh list of as many items as the real game's list had at the
same move (the counts are recorded from the same seeds first, so the floor
makes exactly the lists the game made, and plays exactly as many moves);
``play(item)`` is one C method call that takes the picked item and returns a
fresh one-item list; ``is_over`` is one C property read. The random pick is
the same expression on the same draws. What the floor leaves out is the game:
the C engine's work, making moves and events as Python objects, the game's
lock, its logs.

Each repetition times the game (A) and then the floor (B), A B A B ..., by
CPU time (``time.process_time_ns``: steadier than wall time on a shared
machine); each figure is the median over the repetitions, in ns per move.
The ratio is floor time / step time: the step API's speed as a share of
the floor's.
"""

from __future__ import annotations

import argparse
import gc
import importlib
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository's root holds benchmarks/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.step_count import moves_of_random_game
from pintas import caminos, dice, domino

GAMES: dict[str, Callable[[int], Any]] = {
    "dominican-pairs": lambda seed: domino.Game(domino.Rules.dominican(mode="pairs"), seed=seed),
    "muggins-3": lambda seed: domino.Game(domino.Rules.muggins(players=3), seed=seed),
    "caminos-base-3": lambda seed: caminos.Game(caminos.Rules.base(players=3), seed=seed),
    "farkle": lambda seed: dice.Game(dice.Rules.farkle(), seed=seed),
    "dice-of-doom": lambda seed: dice.Game(dice.Rules.dice_of_doom(), seed=seed),
}


def floor_class() -> Any:
    """The ``Floor`` class of ``benchmarks/_step_floor.pyx``, compiled by pyximport."""
    import pyximport  # type: ignore[import-untyped]  # Cython's

    pyximport.install(language_level=3)
    return importlib.import_module("benchmarks._step_floor").Floor


def list_lengths(game: Any, seed: int) -> bytes:
    """The length of every list ``legal_moves()`` gives in the step loop's game of ``seed``."""
    draw = random.Random(seed).random
    lengths = []
    while not game.is_over:
        legal = game.legal_moves()
        lengths.append(len(legal))
        game.play(legal[int(draw() * len(legal))])
    return bytes(lengths)


def timed(games: list[Any], seeds: range) -> tuple[int, int]:
    """CPU nanoseconds and moves of the step loop over ``games`` (one per seed)."""
    gc.collect()
    start = time.process_time_ns()
    moves = sum(moves_of_random_game(game, seed) for game, seed in zip(games, seeds, strict=True))
    return time.process_time_ns() - start, moves


def compare(name: str, seeds: range, reps: int, floor: Any) -> tuple[int, float, float]:
    """Moves, and the median ns per move of the game and of its floor."""
    new_game = GAMES[name]
    lengths = [list_lengths(new_game(seed), seed) for seed in seeds]
    stand_ins = tuple(object() for _ in range(max(max(x, default=1) for x in lengths)))
    step_ns: list[float] = []
    floor_ns: list[float] = []
    moves = sum(len(x) for x in lengths)
    for _ in range(reps):
        ns, played = timed([new_game(seed) for seed in seeds], seeds)
        assert played == moves, (played, moves)
        step_ns.append(ns / moves)
        ns, played = timed([floor(lengths[seed], stand_ins) for seed in seeds], seeds)
        assert played == moves, (played, moves)
        floor_ns.append(ns / moves)
    return moves, statistics.median(step_ns), statistics.median(floor_ns)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reps", type=int, default=15, help="repetitions (A B pairs)")
    parser.add_argument("--games", type=int, default=40, help="games per repetition")
    parser.add_argument("--only", default=",".join(GAMES), help="games, comma-separated")
    args = parser.parse_args(argv)
    names = args.only.split(",")
    unknown = [name for name in names if name not in GAMES]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}: choose among {', '.join(GAMES)}")
    floor = floor_class()
    print(f"{'game':<16} {'moves':>7} {'step ns/move':>13} {'floor ns/move':>14} "
          f"{'step/floor':>10}")
    for name in names:
        moves, step, bare = compare(name, range(args.games), args.reps, floor)
        print(f"{name:<16} {moves:>7} {step:>13.0f} {bare:>14.0f} {bare / step:>10.2f}",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

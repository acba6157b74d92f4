"""How late ``auto_move`` returns, on a machine kept busy.

The move timer promises its move within the seconds it is given. This
benchmark calls ``auto_move`` many times at several budgets, for a game of
each kind, with a search budget far larger than the time (so the search is
always cut by the deadline), while other processes keep every core busy, and
reports how far past its budget each call returned: median, 99th percentile
and maximum, in milliseconds (negative: early). It also counts the threads
still running 50 ms after each call ("lingering": the search must stop when
the budget ends).

Run: python benchmarks/timer_overrun.py [--calls 200] [--budgets 50,100,200]
     [--load N]   (N busy processes; default: one per core)
docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

from pintas import caminos, dice, domino
from pintas.timer import auto_move

GAMES: dict[str, Callable[[int], Any]] = {
    "dominican": lambda seed: domino.Game(domino.Rules.dominican(), seed=seed),
    "muggins": lambda seed: domino.Game(domino.Rules.muggins(players=3), seed=seed),
    "caminos": lambda seed: caminos.Game(caminos.Rules.base(players=3), seed=seed),
    "dice": lambda seed: dice.Game(dice.Rules.dice_of_doom(), players=3, seed=seed),
}
#: So many samples that the search never finishes before its deadline.
SAMPLES = 1_000_000


def burn(stop: Any) -> None:
    """Keep one core busy until ``stop`` is set."""
    x = 0
    while not stop.is_set():
        for _ in range(10_000):
            x = (x * 1_103_515_245 + 12_345) & 0xFFFF_FFFF


def positions(name: str, count: int) -> list[Any]:
    """``count`` positions of game ``name`` a few moves in, each with a seat to move."""
    out: list[Any] = []
    seed = 0
    while len(out) < count:
        game = GAMES[name](seed)
        for _ in range(3 + seed % 7):
            if game.is_over:
                break
            game.play(game.legal_moves()[0])
        if not game.is_over:
            out.append(game)
        seed += 1
    return out


def searches_end(seconds: float) -> bool:
    """True if every thread of auto_move ends within ``seconds`` (a stopped
    search ends its sample and returns; one that runs on does not)."""
    until = time.perf_counter() + seconds
    for thread in threading.enumerate():
        if thread.name.startswith("pintas-auto-move"):
            thread.join(max(0.0, until - time.perf_counter()))
            if thread.is_alive():
                return False
    return True


def measure(name: str, budget: float, calls: int) -> dict[str, float]:
    """Overruns (ms) of ``calls`` auto_move calls at ``budget`` seconds."""
    overruns: list[float] = []
    lingering = 0
    for game in positions(name, calls):
        seat = game.to_move
        start = time.perf_counter()
        auto_move(game, seat, seconds=budget, samples=SAMPLES)
        overruns.append((time.perf_counter() - start - budget) * 1000)
        lingering += not searches_end(0.05)
    overruns.sort()
    return {
        "median": statistics.median(overruns),
        "p99": overruns[min(len(overruns) - 1, int(0.99 * len(overruns)))],
        "max": overruns[-1],
        "lingering": lingering,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=200)
    parser.add_argument("--budgets", default="50,100,200", help="milliseconds, comma-separated")
    parser.add_argument("--load", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args(argv)
    stop = multiprocessing.Event()
    burners = [multiprocessing.Process(target=burn, args=(stop,), daemon=True)
               for _ in range(args.load)]
    for p in burners:
        p.start()
    try:
        print(f"{args.load} busy processes; {args.calls} calls per row; overrun in ms")
        print(f"{'game':10} {'budget':>7} {'median':>8} {'p99':>8} {'max':>8} {'lingering':>9}")
        for name in args.games.split(","):
            for ms in map(int, args.budgets.split(",")):
                r = measure(name, ms / 1000, args.calls)
                print(f"{name:10} {ms:>5}ms {r['median']:8.2f} {r['p99']:8.2f} {r['max']:8.2f} "
                      f"{int(r['lingering']):>9}", flush=True)
    finally:
        stop.set()
        for p in burners:
            p.join()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The kiosk's referee under load: what the strongest computer player the
kiosk offers costs a move in each game, and how late the computer moves of
one table come while many tables of the strongest players are played as fast
as a real server answers (tests/kiosk/load.py's clients).

Run: python benchmarks/kiosk_referee.py [--tables 10] [--seconds 30] [--workers 2]
     [--pace 0.1] [--moves 300]
Prints both tables; docs/performance.md has the figures.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds tests/
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pintas import registry
from pintas.kiosk.tables import _player_spec
from tests.kiosk.load import Player, table
from tests.kiosk.server import KioskServer

PRESETS = ("dominican", "muggins", "capicua", "caminos", "caminos_two_paths", "dice_of_doom",
           "farkle")


def move_costs(moves: int) -> list[str]:
    """Milliseconds a move of the strongest menu player ("search") takes, by preset."""
    lines = [f"{'preset':<18} {'player':<11} {'moves':>6} {'p50 ms':>7} {'p99 ms':>7} "
             f"{'max ms':>7}"]
    for name in PRESETS:
        preset = registry.preset(name)
        family, rules = preset.family, preset.rules()
        spec = _player_spec("search", family, rules, family.seats(rules, 2))
        times: list[float] = []
        seed = 0
        while len(times) < moves:
            game = family.new_game(rules, None if family.seats_from_rules else 2, seed=seed)
            player = registry.make_player(spec, rules, seed=seed)
            while not game.is_over and len(times) < moves:
                view = game.view(game.to_move or 0)
                start = time.perf_counter()
                move = player.choose(view)
                times.append(time.perf_counter() - start)
                game.play(move)
            seed += 1
        times.sort()
        lines.append(f"{name:<18} {spec:<11} {len(times):>6} "
                     f"{1000 * statistics.median(times):>7.2f} "
                     f"{1000 * times[int(0.99 * (len(times) - 1))]:>7.2f} "
                     f"{1000 * times[-1]:>7.2f}")
    return lines


def under_load(tables: int, seconds: float, workers: int, pace: float) -> list[str]:
    """A probe table's computer moves, beside ``tables`` tables of three search players."""
    with tempfile.TemporaryDirectory() as folder:
        server = KioskServer(Path(folder) / "kiosk.db", pace=pace,
                             extra=("--workers", str(workers)))
        server.start()
        stop = threading.Event()
        try:
            heavy = [Player(server, *table(server, "dominican",
                                           ["human", "search", "search", "search"]), stop)
                     for _ in range(tables)]
            probe = Player(server, *table(server, "muggins", ["human", "random"]), stop)
            for player in [*heavy, probe]:
                player.start()
            time.sleep(seconds)
            stop.set()
            for player in [*heavy, probe]:
                player.join(10)
        finally:
            server.kill()
    late = sorted(probe.per_move)
    replies = sum(len(p.per_move) for p in heavy)
    errors = [e for p in [*heavy, probe] for e in p.errors]
    return [f"{tables} tables of three search players, {workers} referee threads, pace "
            f"{pace} s, {seconds:g} s: the heavy tables' people were answered "
            f"{replies} times ({replies / seconds:.1f}/s)",
            f"probe table: {len(late)} computer replies, per computer move "
            f"p50 {statistics.median(late):.3f} s, p90 {late[int(0.9 * (len(late) - 1))]:.3f} s, "
            f"max {late[-1]:.3f} s" if late else "probe table: no replies",
            *(f"error: {e}" for e in errors)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10, help="heavy tables (default 10)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long (default 30)")
    parser.add_argument("--workers", type=int, default=2, help="referee threads (default 2)")
    parser.add_argument("--pace", type=float, default=0.1, help="the pace (default 0.1 s)")
    parser.add_argument("--moves", type=int, default=300,
                        help="moves timed per preset (default 300)")
    args = parser.parse_args(argv)
    print("\n".join(move_costs(args.moves)), flush=True)
    print()
    print("\n".join(under_load(args.tables, args.seconds, args.workers, args.pace)))
    return 0


if __name__ == "__main__":
    sys.exit(main())

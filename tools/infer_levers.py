#!/usr/bin/env python3
"""Measure the levers of the line games' stronger search (docs/strength.md,
"The infer player"): CPU a decision, and paired tournaments of the player
with one lever at a time.

Besides the package's players, this tool knows these kinds (each takes
``:N`` samples, as ``infer`` does):

- ``infer-playouts``: suit-like playouts only (uniform samples);
- ``infer-weights``: weighted samples only (random playouts);
- ``infer-none``: neither (the search itself, through the same code).

    python tools/infer_levers.py cpu search,search:800,infer,infer:400
    python tools/infer_levers.py tournament dominican --bots infer-weights,search \\
        --deals 200 --jobs 2

``cpu`` plays Dominican pairs games (``--games``, the first ``--rounds``
rounds of each) with the kinds seated in turn and prints, per kind, the
median CPU time (``time.process_time``) of its decisions among two or more
moves. ``tournament`` is ``python -m pintas tournament`` with the kinds
above added (its worker processes must start by fork: Linux's default).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from pintas import domino, registry
from pintas.cli import main as pintas_main
from pintas.domino.players import InferPlayer

LEVER_KINDS = {"infer-playouts": ("suit_playouts",), "infer-weights": ("weighted",),
               "infer-none": ()}


def _lever_player(levers: tuple[str, ...]) -> type:
    class Lever(InferPlayer):
        def __init__(self, samples: int = 200, seed: int = 0) -> None:
            super().__init__(samples=samples, seed=seed, levers=levers)
    return Lever


def add_lever_kinds() -> None:
    """Add the kinds of LEVER_KINDS to the domino family, in this process."""
    family = domino.FAMILY
    known = {kind.name for kind in family.players}
    extra = tuple(registry.sampling_kind(name, _lever_player(levers))
                  for name, levers in LEVER_KINDS.items() if name not in known)
    object.__setattr__(family, "players", family.players + extra)


def decision_cpu(specs: list[str], games: int, rounds: int) -> dict[str, list[float]]:
    """CPU seconds of every decision among two or more moves, per spec."""
    rules = domino.Rules.dominican()
    times: dict[str, list[float]] = {spec: [] for spec in specs}
    for seed in range(games):
        game = domino.Game(rules, seed=seed)
        seated = [specs[(seat + seed) % len(specs)] for seat in range(4)]
        players = [registry.make_player(spec, rules, seed=seat) for seat, spec in enumerate(seated)]
        while not game.is_over and game.round <= rounds:
            seat = game.to_move
            assert seat is not None
            choices = len(game.legal_moves())
            start = time.process_time()
            move = players[seat].choose(game.view(seat))
            took = time.process_time() - start
            if choices > 1:
                times[seated[seat]].append(took)
            game.play(move)
    return times


def main(argv: list[str]) -> int:
    add_lever_kinds()
    if argv[:1] == ["tournament"]:
        return pintas_main(argv)
    parser = argparse.ArgumentParser(prog="infer_levers.py cpu")
    parser.add_argument("command", choices=["cpu"])
    parser.add_argument("specs", help="player specs, comma-separated")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    for spec, spent in decision_cpu(args.specs.split(","), args.games, args.rounds).items():
        print(f"{spec:>16}: median {statistics.median(spent) * 1000:.3f} ms a decision "
              f"({len(spent)} decisions)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

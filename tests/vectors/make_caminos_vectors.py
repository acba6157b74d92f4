"""Write the Caminos golden transcripts tests/vectors/caminos_*.json.

Each file holds the rules, the seed (and the hand-made first deal, if any),
every move in notation, every event the referee saw, the final scores and
winners, and the final C state (format "PCM" 1) in hex. tests/caminos/test_vectors.py
replays them; any implementation that reproduces them all follows the
determinism contract of docs/determinism.md bit for bit.

Run from the repository root:  python tests/vectors/make_caminos_vectors.py
Only rerun it on purpose (a change of rules or of the contract): the files are
the proof that nothing changed by accident.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from pintas import caminos
from pintas.caminos.players import GreedyPlayer

HERE = Path(__file__).resolve().parent

# name: (variant, players, seed, deal or None, how moves are chosen)
CASES: dict[str, tuple[str, int, int, dict[str, Any] | None, str]] = {
    "caminos_base_3p": ("base", 3, 7, None, "random"),
    "caminos_base_2p_greedy": ("base", 2, 2026, None, "greedy"),
    "caminos_base_4p": ("base", 4, 41, None, "random"),
    "caminos_no_renewal_3p": ("no_renewal", 3, 12, None, "random"),
    "caminos_no_renewal_4p_greedy": ("no_renewal", 4, 5, None, "greedy"),
    "caminos_two_paths_2p": ("two_paths", 2, 99, None, "random"),
    "caminos_two_paths_4p": ("two_paths", 4, 3, None, "greedy"),
    "caminos_base_3p_dealt": ("base", 3, 1, {
        "paths": "6|5 4|4 3|1 2|0 1|0",
        "hands": ["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0",
                  "6|2 5|2 4|2 2|1 6|0 5|0"],
        "pile": "5|4 6|1 5|1 4|0 3|0"}, "random"),
}


def event_json(event: caminos.Event) -> dict[str, Any]:
    """An event with its non-default fields only, tiles in notation."""
    out: dict[str, Any] = {"kind": event.kind}
    if event.seat is not None:
        out["seat"] = event.seat
    if event.tile is not None:
        out["tile"] = str(event.tile)
    if event.path is not None:
        out["path"] = event.path
    if event.side is not None:
        out["side"] = event.side
    if event.points:
        out["points"] = event.points
    if event.reason is not None:
        out["reason"] = event.reason
    if event.count:
        out["count"] = event.count
    if event.seats:
        out["seats"] = list(event.seats)
    if event.tiles is not None:
        out["tiles"] = str(event.tiles)
    return out


def transcript(name: str) -> dict[str, Any]:
    variant, players, seed, deal, chooser = CASES[name]
    rules = caminos.Rules(variant, players=players)
    game = caminos.Game(rules, seed=seed,
                        deal=caminos.Deal(**deal) if deal is not None else None)
    pick = random.Random(name)
    greedy = GreedyPlayer()
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        if chooser == "greedy":
            game.play(greedy(game.view(seat)))
        else:
            game.play(pick.choice(game.legal_moves()))
    return {
        "game": "caminos",
        "rules": {"variant": variant, "players": players, "rounds": rules.rounds,
                  "paths": rules.paths, "hand_size": rules.hand_size,
                  "side_tiles": rules.side_tiles, "full_path": rules.full_path},
        "seed": seed,
        "deal": deal,
        "moves": [str(m) for m in game.history],
        "events": [event_json(e) for e in game.events],
        "scores": list(game.scores),
        "winners": list(game.winners),
        "state_format": "PCM 1",
        "state": game._save().hex(),
    }


def main() -> int:
    for name in CASES:
        path = HERE / f"{name}.json"
        path.write_text(json.dumps(transcript(name), indent=1) + "\n")
        print(f"wrote {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

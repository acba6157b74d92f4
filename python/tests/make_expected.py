"""What the MicroPython tests expect, computed by CPython's pintas: the golden
transcripts of tests/vectors, games chosen by random.Random(seed), games of the
computer players, and saves made by CPython.

Run by run.py (which passes the data to the tests on the target); run alone it
prints the sizes of what it computed. Needs CPython's pintas installed.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(HERE))

import common  # noqa: E402  (the shared half, importable from this folder)

from pintas import TileSet, caminos, dice, domino  # noqa: E402


def _vectors() -> list[dict[str, Any]]:
    """Every golden transcript as the MicroPython test replays it: the setup, the
    moves, and the digest of the moves, events and scores CPython makes."""
    out: list[dict[str, Any]] = []
    folder = ROOT / "tests" / "vectors"
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        name = path.stem
        if name.startswith("line_"):
            game = domino.Game(domino.Rules(**data["rules"]), seed=data["seed"])
            spec = {"family": "domino", "rules": data["rules"], "seed": data["seed"]}
            cases = [(spec, data["moves"], game)]
        elif name.startswith("caminos_"):
            r = data["rules"]
            rules = caminos.Rules(r["variant"], players=r["players"], rounds=r["rounds"])
            deal = data["deal"]
            game = caminos.Game(rules, seed=data["seed"],
                                deal=caminos.Deal(**deal) if deal else None)
            spec = {"family": "caminos", "variant": r["variant"], "players": r["players"],
                    "rounds": r["rounds"], "deal": deal, "seed": data["seed"]}
            cases = [(spec, data["moves"], game)]
        elif name.startswith("dice_"):
            cases = []
            for g in data["games"]:
                game = dice.Game(dice.Rules(**g["rules"]), players=g["players"], seed=g["seed"],
                                 first_player=g["first_player"])
                spec = {"family": "dice", "rules": g["rules"], "players": g["players"],
                        "first_player": g["first_player"], "seed": g["seed"]}
                cases.append((spec, g["moves"], game))
        else:
            continue
        for i, (spec, moves, game) in enumerate(cases):
            for move in moves:
                game.play(move)
            spec = dict(spec, name=f"{name}#{i}" if len(cases) > 1 else name, moves=moves,
                        digest=common.transcript_digest(moves, game.events, game.scores),
                        scores=list(game.scores), winners=list(game.winners),
                        save=common.digest(game.to_bytes()))
            out.append(spec)
    return out


def _legacy() -> list[list[str]]:
    """The saves of pintas 0.1 (format 1): hex, and the digest of the format-2
    save CPython writes after loading it."""
    data = json.loads((ROOT / "tests" / "vectors" / "legacy_0_1.json").read_text())
    out = []
    for name, text in sorted(data["saves"].items()):
        family = name.split(".")[0]
        game_type = {"domino": domino.Game, "caminos": caminos.Game, "dice": dice.Game}[family]
        game = game_type.from_bytes(bytes.fromhex(text))
        out.append([name, family, text, common.digest(game.to_bytes())])
    return out


def _saves() -> list[list[Any]]:
    """Saves CPython made of unseeded, dealt and keyed games: (family, hex, key
    hex or None, digest of the unkeyed save CPython writes after loading it)."""
    out: list[list[Any]] = []
    key = bytes(range(16, 48))
    games: list[tuple[str, Any]] = []
    g = domino.Game(domino.Rules.muggins(players=3))  # unseeded: seeds in the log
    rng = common.make_rng(5)
    while g.round < 3 and not g.is_over:
        g.play(rng.choice(g.legal_moves()))
    games.append(("domino", g))
    deal = domino.Deal(hands=["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"])
    dealt = deal.hands[0] | deal.hands[1]
    pile = [t for t in reversed(list(TileSet.full())) if t not in dealt]
    g = domino.Game(domino.Rules.muggins(players=2), seed=3,
                    deal=domino.Deal(hands=deal.hands, boneyard=pile))
    for _ in range(9):
        g.play(g.legal_moves()[0])
    games.append(("domino", g))
    g = caminos.Game(caminos.Rules.two_paths(players=3), deal=caminos.Deal.complete(
        paths="6|5 4|4", hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0",
                                "6|2 5|2 4|2 2|1 6|0 5|0"]))
    rng = common.make_rng(9)
    for _ in range(40):
        g.play(rng.choice(g.legal_moves()))
    games.append(("caminos", g))
    g = dice.Game(dice.Rules.farkle(target=1000), players=3)
    rng = common.make_rng(11)
    for _ in range(60):
        if g.is_over:
            break
        g.play(rng.choice(g.legal_moves()))
    games.append(("dice", g))
    for family, game in games:
        plain = game.to_bytes()
        out.append([family, plain.hex(), None, common.digest(plain)])
        out.append([family, game.to_bytes(key=key).hex(), key.hex(), common.digest(plain)])
    return out


# Hand-made positions whose optimal keep (roll, pool, turn total) and bank
# decision (turn total, pool) a board's book must give as CPython's solver does.
BOOK_KEEPS = (((1, 1, 1, 5, 2, 3), (), 0), ((2, 3, 4, 6, 6, 2), (), 0),
              ((5, 2), (1, 1, 1, 5), 1100), ((1, 5, 3), (2, 2, 2), 300),
              ((1, 2, 3, 4, 5, 6), (), 0), ((5, 5, 3, 4), (1, 1), 200))
BOOK_BANKS = ((300, (1,)), (1500, (1, 1, 1, 5)), (5000, (5,)), (200, (1, 5, 5, 5)),
              (3000, (1, 1)), (400, (5, 5, 5)))


def build(quick: bool = False) -> dict[str, Any]:
    """Everything the tests expect; ``quick`` (the emulated board): fewer games."""
    seeds = common.SEEDS
    random_games: list[list[Any]] = []
    for family, names in (("domino", common.DOMINO), ("caminos", common.CAMINOS),
                          ("dice", common.DICE)):
        for i, name in enumerate(sorted(names)):
            # the board: two seeds a configuration, turn about, one of them >= 2**31
            chosen = ([seeds[i % len(seeds)], seeds[len(seeds) - 1 - i % 5]] if quick
                      else seeds)
            for seed in chosen:
                random_games.append([family, name, seed,
                                     *common.random_game(family, name, seed)])
    players: list[list[Any]] = []
    for family, names in (("domino", common.DOMINO), ("caminos", common.CAMINOS),
                          ("dice", common.DICE)):
        for i, name in enumerate(sorted(names)):
            if quick and i % 3:
                continue
            for seed in ((3,) if quick else (3, 2 ** 40 + 1)):
                players.append([family, name, seed, i % 5,
                                *common.players_game(family, name, seed, shift=i % 5)])
    # the policy books a board's OptimalPlayer reads instead of solving
    books = {name: dice.solve_turn(common.dice_rules(name)).book() for name in common.DICE}
    book_checks: list[list[Any]] = []
    for name in sorted(common.DICE):
        policy = dice.solve_turn(common.dice_rules(name))
        for roll, pool, total in BOOK_KEEPS:
            keep = policy.best_keep(roll, pool, total)
            book_checks.append([name, "keep", roll, pool, total,
                                None if keep is None else [list(keep.dice), keep.points]])
        for total, pool in BOOK_BANKS:
            book_checks.append([name, "bank", (), pool, total, policy.should_bank(total, pool)])
    return {"vectors": _vectors(), "random": random_games, "players": players,
            "legacy": _legacy(), "saves": _saves(), "books": books, "book_checks": book_checks}


if __name__ == "__main__":
    data = build(quick=os.environ.get("PINTAS_QUICK") == "1")
    print({k: len(v) for k, v in data.items()}, len(json.dumps(data)), "bytes")

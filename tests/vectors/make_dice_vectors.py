"""Write the dice golden transcripts tests/vectors/dice_*.json.

Each file holds whole games as language-neutral JSON: the rules (every setting
by name), players, first player, seed, the moves in notation, the events each
move caused, and the final scores and winner. tests/dice/test_vectors.py
replays them; any other implementation (the planned pure-Python edition) must
reproduce them bit for bit. Regenerate only when the rules deliberately change:

    python tests/vectors/make_dice_vectors.py
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from pintas import dice

HERE = Path(__file__).parent
FORMAT = "pintas-dice-transcript/1"

Player = dice.RandomPlayer | dice.ThresholdPlayer | dice.OptimalPlayer


def play_game(name: str, rules: dice.Rules, players: int, first_player: int, seed: int,
              seats: list[Player], given_rolls: float = 0.0) -> dict[str, Any]:
    """One whole game; ``given_rolls`` is the share of rolls made with kiosk dice."""
    game = dice.Game(rules, players=players, seed=seed, first_player=first_player)
    kiosk = random.Random(seed ^ 0x5EED)
    moves: list[str] = []
    events: list[list[dict[str, Any]]] = []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        move = seats[seat].choose(game.view(seat))
        if move.kind == "roll" and kiosk.random() < given_rolls:
            move = dice.Move.roll([kiosk.randint(1, 6) for _ in range(game.dice_to_roll)])
        events.append([e.to_dict() for e in game.play(move)])
        moves.append(str(move))
    return {
        "name": name,
        "rules": rules.to_dict(),  # (the limits only when set)
        "players": players,
        "first_player": first_player,
        "seed": seed,
        "moves": moves,
        "events": events,
        "scores": list(game.scores),
        "winner": game.winner,
    }


def vectors() -> dict[str, list[dict[str, Any]]]:
    doom = dice.Rules.dice_of_doom()
    farkle = dice.Rules.farkle()
    return {
        "dice_doom.json": [
            play_game("dice of doom, 2 players, optimal v threshold", doom.replace(target=6000),
                      2, 0, 2026, [dice.OptimalPlayer(), dice.ThresholdPlayer(bank_at=1500)]),
            play_game("dice of doom, 3 players, seat 2 first, kiosk dice",
                      doom.replace(target=4000), 3, 2, 77,
                      [dice.ThresholdPlayer(bank_at=b) for b in (1000, 2000, 3000)],
                      given_rolls=0.5),
        ],
        "dice_farkle.json": [
            play_game("farkle, 2 optimal players", farkle.replace(target=2500), 2, 0, 10,
                      [dice.OptimalPlayer(), dice.OptimalPlayer()]),
            play_game("farkle, 4 players, seat 1 first", farkle.replace(target=2000), 4, 1, 11,
                      [dice.ThresholdPlayer(bank_at=300), dice.OptimalPlayer(),
                       dice.RandomPlayer(1), dice.ThresholdPlayer(bank_at=500)]),
        ],
        "dice_options.json": [
            play_game("doom loses the score, final round, hot dice may",
                      doom.replace(target=3000, doom_loses="score", final_round=True,
                                   hot_dice="may"),
                      3, 0, 5, [dice.RandomPlayer(5), dice.ThresholdPlayer(bank_at=1000),
                                dice.OptimalPlayer()]),
            play_game("dice of doom scored separately", doom.replace(target=3000,
                                                                     combine_kept=False),
                      2, 1, 6, [dice.OptimalPlayer(), dice.RandomPlayer(6)]),
            play_game("solo practice", doom.replace(target=5000), 1, 0, 7,
                      [dice.OptimalPlayer()], given_rolls=0.2),
            play_game("farkle combined, hot dice must, final round",
                      farkle.replace(target=1500, combine_kept=True, hot_dice="must",
                                     final_round=True),
                      2, 0, 8, [dice.ThresholdPlayer(bank_at=350), dice.OptimalPlayer()]),
        ],
        "dice_limits.json": [
            play_game("farkle, at most 4 rounds of at most 3 rolls a turn",
                      farkle.replace(max_rounds=4, max_rolls=3), 3, 1, 12,
                      [dice.ThresholdPlayer(bank_at=300), dice.OptimalPlayer(),
                       dice.RandomPlayer(12)]),
            play_game("dice of doom, 2 rounds, 2 rolls a turn, final round",
                      doom.replace(target=3000, max_rounds=2, max_rolls=2, final_round=True),
                      2, 0, 13, [dice.OptimalPlayer(), dice.ThresholdPlayer(bank_at=1000)]),
        ],
    }


def game_text(game: dict[str, Any]) -> str:
    """One game as JSON, one move's events per line (readable diffs)."""
    head = ", ".join(f"{json.dumps(k)}: {json.dumps(game[k])}"
                     for k in ("name", "rules", "players", "first_player", "seed"))
    moves = ", ".join(json.dumps(m) for m in game["moves"])
    events = ",\n".join(json.dumps(evs, separators=(",", ":")) for evs in game["events"])
    tail = f'"scores": {json.dumps(game["scores"])}, "winner": {json.dumps(game["winner"])}'
    return f'{{{head},\n"moves": [{moves}],\n"events": [\n{events}\n],\n{tail}}}'


def write() -> None:
    for filename, games in vectors().items():
        body = ",\n".join(game_text(g) for g in games)
        text = f'{{"format": "{FORMAT}", "games": [\n{body}\n]}}\n'
        json.loads(text)  # well-formed
        (HERE / filename).write_text(text)
        print(f"wrote {filename}: {len(games)} games, {sum(len(g['moves']) for g in games)} moves")


if __name__ == "__main__":
    write()

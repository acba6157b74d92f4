"""Four random players at a Dominican table, each deciding from its own view.

A host gives every player only ``game.view(seat)``: its own hand, the table,
counts, scores and the public log. Run: python examples/play_random.py
"""

from __future__ import annotations

import random

from pintas import domino


def random_player(view: domino.View, rng: random.Random) -> domino.Move:
    """Any legal move: what a player sees is enough to list them."""
    return rng.choice(view.legal_moves())


def main() -> None:
    rules = domino.Rules.dominican(mode="pairs", target=200, capicua_bonus=25)
    game = domino.Game(rules, seed=2026)
    rng = random.Random(2026)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        move = random_player(game.view(seat), rng)
        for event in game.play(move):
            if event.kind in ("score", "round_end", "game_end"):
                print(event)
    assert game.winner is not None
    # side 0 is team 1 (players 1 & 3): words for people count from 1
    print("final scores:", game.scores, "- team", game.winner + 1, "wins")
    stats = domino.simulate(rules, games=10_000, seed=1)
    print(f"10,000 random games in C: {stats.rounds} rounds, "
          f"{stats.block_rate:.1%} ended in a block")


if __name__ == "__main__":
    main()

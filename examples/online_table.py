"""An online Dominican table with a move timer, as a server would referee it.

Each move has 15 seconds, and when they run out the computer plays for the
seat (docs/rules.md section 5). The server keeps a Clock; when a seat's time
is nearly out it asks pintas.auto_move for the computer's move, which arrives
within the budget it is given. Here the "remote players" are bots that
sometimes stall, and time is simulated so the example runs in a moment.
Run: python examples/online_table.py
"""

from __future__ import annotations

import random

import pintas
from pintas import bots, domino


class SimulatedTime:
    """A clock the example advances by hand instead of waiting."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def main() -> None:
    rules = domino.Rules.dominican(mode="pairs", target=100)
    game = domino.Game(rules, seed=15)
    time = SimulatedTime()
    clock = pintas.Clock.fast(time_source=time)      # 15 s a move
    players = [bots.SuitPlayer() for _ in range(rules.players)]
    stalls = random.Random(15)
    auto_moves = 0
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        clock.start(seat)
        time.now += stalls.choice([1.0, 3.0, 14.0])   # how long the player thinks
        if clock.should_auto_move():
            # Out of time: the computer plays for the seat, from its view only.
            move = pintas.auto_move(game, seat, seconds=min(clock.budget(), 0.05))
            auto_moves += 1
        else:
            move = players[seat].choose(game.view(seat))
        clock.stop()
        game.play(move)
    assert game.winner is not None
    print(f"final scores {game.scores}; team {game.winner + 1} wins; "
          f"the computer moved {auto_moves} times for players out of time")


if __name__ == "__main__":
    main()

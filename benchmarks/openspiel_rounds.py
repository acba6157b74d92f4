"""Rounds a second of random play through OpenSpiel: OpenSpiel's own Python
``python_team_dominoes`` beside pintas's Dominican pairs
(``pintas_dominican(max_rounds=1)``: a game of one round, as a game of theirs
is), each round dealt tile by tile at chance nodes, then played to its end
by random legal actions.

Two loops per game: ``plain`` (``apply_action`` of a random chance outcome
or legal action, until the end) and ``tensors`` (the same, asking at every
decision for the information-state tensor of the seat to move). Each figure
is the median of 5 runs of ``--seconds`` CPU seconds, the games taking turns::

    python benchmarks/openspiel_rounds.py --seconds 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

import pyspiel
from open_spiel.python.games import team_dominoes  # noqa: F401  # registers theirs

from pintas import openspiel

RUNS = 5
GAMES = {"OpenSpiel team_dominoes": "python_team_dominoes",
         "pintas dominican": "pintas_dominican(max_rounds=1)"}


def rounds_per_second(game: Any, seconds: float, tensors: bool, seed: int) -> float:
    """Whole random games of ``game`` played in ``seconds`` CPU seconds, a second."""
    draw = random.Random(seed).random
    games = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[int(draw() * len(outcomes))][0])
                continue
            if tensors:
                state.information_state_tensor(state.current_player())
            legal = state.legal_actions()
            state.apply_action(legal[int(draw() * len(legal))])
        games += 1
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0)
    args = parser.parse_args()
    openspiel.register()
    games = {label: pyspiel.load_game(name) for label, name in GAMES.items()}
    for tensors in (False, True):
        runs: dict[str, list[float]] = {label: [] for label in games}
        for run in range(RUNS):
            for label, game in games.items():
                runs[label].append(rounds_per_second(game, args.seconds, tensors, run))
        medians = {label: statistics.median(values) for label, values in runs.items()}
        theirs, ours = medians.values()
        loop = "with information-state tensors" if tensors else "plain"
        print(f"{loop}: " + ", ".join(f"{label} {value:,.0f} rounds/s"
                                      for label, value in medians.items())
              + f" (pintas {ours / theirs:.2f}x)")


if __name__ == "__main__":
    main()

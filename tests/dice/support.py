"""Helpers of the dice suites: every configuration, random moves with given
rolls, and saves of played games."""

from __future__ import annotations

import random
from collections.abc import Callable

from pintas import dice
from tests.support import played


def all_configs() -> dict[str, dice.Rules]:
    out = {}
    for scoring, base, target in (("doom", dice.Rules.dice_of_doom(), 4000),
                                  ("farkle", dice.Rules.farkle(), 1500)):
        for doom, loses in ((True, "turn"), (True, "score"), (False, "turn")):
            for hot in ("must", "may"):
                for combine in (True, False):
                    for final in (False, True):
                        name = (f"{scoring}-{'doom-' + loses if doom else 'nodoom'}-{hot}-"
                                f"{'combine' if combine else 'separate'}"
                                f"{'-final' if final else ''}")
                        out[name] = base.replace(target=target, doom=doom, doom_loses=loses,
                                                 hot_dice=hot, combine_kept=combine,
                                                 final_round=final)
    return out


# Every preset and every combination of its options (low targets keep games short).
CONFIGS = all_configs()


def given_rolls(share: float) -> Callable[[dice.Game, random.Random], dice.Move]:
    """A random legal move; a roll is made with given dice ``share`` of the time."""

    def pick(game: dice.Game, rng: random.Random) -> dice.Move:
        move = rng.choice(game.legal_moves())
        if move.kind == "roll" and rng.random() < share:
            return dice.Move.roll([rng.randint(1, 6) for _ in range(game.dice_to_roll)])
        return move

    return pick


# The rules of the saved games.
SAVED_RULES = {
    "doom": dice.Rules.dice_of_doom(target=5000),
    "doom-score-may-final": dice.Rules.dice_of_doom(target=3000, doom_loses="score",
                                                    hot_dice="may", final_round=True),
    "farkle": dice.Rules.farkle(target=2000),
    "farkle-combined": dice.Rules.farkle(target=2000, combine_kept=True, hot_dice="must"),
}


def played_dice(rules: dice.Rules, seed: int | None, moves: int, players: int = 3) -> dice.Game:
    """A game of ``players`` (the first one drawn) after ``moves`` random moves,
    a roll in three or so with given dice."""
    rng = random.Random(seed)
    game = dice.Game(rules, players=players, seed=seed, first_player=rng.randrange(players))
    return played(game, moves, rng, given_rolls(0.3))


SAVES = [played_dice(SAVED_RULES[name], i, 15 * (i + 1)).to_bytes()
         for i, name in enumerate(sorted(SAVED_RULES))]
SAVES.append(played_dice(SAVED_RULES["doom"], None, 40, players=2).to_bytes())  # roll seeds

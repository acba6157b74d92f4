"""Dice of Doom and Farkle: six-dice push-your-luck.

The C core scores, referees and solves; this package is its typed face.
:func:`score` and :func:`keeps` answer "what is this roll worth", :class:`Game`
is the referee, :meth:`Game.view` is what a seat knows (in dice: everything but
the audit seeds), :func:`solve_turn` gives the optimal single-turn policy, and
four players (:class:`RandomPlayer`, :class:`ThresholdPlayer`,
:class:`OptimalPlayer`, :class:`WinPlayer`) choose moves from views.

The package's rooms, the same in every game's package: ``rules``, ``game``
(the game and its view), ``_engine`` (the binding of the C engine: scoring,
keeps, moves, events, the C state), ``_search`` (the binding of the C solver),
``players`` and ``terminal`` (the terminal front end).

>>> from pintas import dice
>>> dice.score([1, 5, 6, 4, 4, 3])
1500
>>> dice.keeps([1, 5, 6, 4, 4, 3])
[Keep((1, 5), 1500), Keep((1,), 1000), Keep((5,), 500)]
"""

from __future__ import annotations

from .. import registry
from ._engine import Event, Keep, Move, is_doom, keep_score, keeps, score
from ._search import Policy, solve_turn
from .game import MAX_PLAYERS, Game, View
from .players import (
    OptimalPlayer,
    RandomPlayer,
    StrongestPlayer,
    ThresholdPlayer,
    WinPlayer,
    has_win_table,
)
from .rules import DOOM_LOSES, HOT_DICE, MAX_TARGET, SCORINGS, Rules

# ---- the registry's entries ---------------------------------------------------------

FAMILY = registry.Family(
    name="dice", rules_type=Rules, game_type=Game, view_type=View, move_type=Move,
    players=(
        registry.PlayerKind("random", RandomPlayer, lambda rules, seed, n: RandomPlayer(seed=seed)),
        registry.PlayerKind("threshold", ThresholdPlayer,
                            lambda rules, seed, n: ThresholdPlayer() if n is None
                            else ThresholdPlayer(bank_at=n), number="bank_at"),
        registry.PlayerKind("optimal", OptimalPlayer,
                            lambda rules, seed, n: OptimalPlayer(rules)),
        registry.PlayerKind("win", WinPlayer, lambda rules, seed, n: WinPlayer(rules),
                            plays=has_win_table),
    ),
    strengths={"random": "random", "greedy": "threshold", "suit": "threshold",
               "search": "optimal"},
    # The dial has no player between optimal and win: expert and master are
    # both optimal where win has no table.
    levels=registry.dial("random", "threshold:300", "threshold", "optimal", "optimal"),
    strength_for=lambda word, rules, seats: (
        "win" if word in ("search", "master") and seats == 2 and has_win_table(rules)
        else None),
    timer_players=lambda samples, stop: (ThresholdPlayer(), StrongestPlayer()),
    terminal_module="pintas.dice.terminal", seats_from_rules=False, round_word="turn")

_OPTIONS = {"target": None, "doom": None, "doom_loses": None, "hot_dice": None,
            "combine_kept": None, "final_round": None, "max_rounds": None, "max_rolls": None}
PRESETS = (
    registry.Preset("dice_of_doom", "dice", "Dice of Doom", Rules.dice_of_doom, _OPTIONS),
    registry.Preset("farkle", "dice", "Farkle", Rules.farkle, _OPTIONS),
)

__all__ = [
    "DOOM_LOSES",
    "FAMILY",
    "HOT_DICE",
    "MAX_PLAYERS",
    "MAX_TARGET",
    "PRESETS",
    "SCORINGS",
    "Event",
    "Game",
    "Keep",
    "Move",
    "OptimalPlayer",
    "Policy",
    "RandomPlayer",
    "Rules",
    "ThresholdPlayer",
    "View",
    "WinPlayer",
    "is_doom",
    "keep_score",
    "keeps",
    "score",
    "solve_turn",
]

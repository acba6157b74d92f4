"""The line games: Muggins to 200, Capicua to 20 and Dominican domino.

One engine (in C) plays all three; :class:`Rules` presets choose the game and
its house options, :class:`Game` is the referee, :meth:`Game.view` is what one
seat may see, and :mod:`pintas.domino.players` holds the computer players.

The package's rooms, the same in every game's package: ``rules`` (the rules
and presets), ``game`` (the game, its view and hand-made deals), ``_engine``
(the binding of the C engine: moves, events, the C state), ``_search`` (the
binding of the C search), ``players`` and ``terminal`` (the terminal front end).

>>> from pintas import domino
>>> g = domino.Game(domino.Rules.dominican(), seed=7)
>>> g.to_move, g.round, g.ends
(3, 1, None)
>>> g.legal_moves()
[Move('play', '6|6', 'L')]
>>> [str(e) for e in g.play("6|6")]
['player 4 plays 6|6 at left']
"""

from __future__ import annotations

from .. import registry
from ._engine import Event, Move
from .game import Deal, Game, SimulationStats, View, simulate
from .players import GreedyPlayer, InferPlayer, RandomPlayer, SearchPlayer, SuitPlayer
from .rules import BLOCK_SCORING, GAMES, MODES, TRANQUE, Rules

# ---- the registry's entries ---------------------------------------------------------

#: The strongest domino player: the dial's top level ("master"). The levels
#: below it do not name it, so changing this line is all a stronger player needs
#: (then rebuild the ladder: docs/strength.md, "The dial").
STRONGEST = "search"

FAMILY = registry.Family(
    name="domino", rules_type=Rules, game_type=Game, view_type=View, move_type=Move,
    players=(*registry.search_game_players(RandomPlayer, GreedyPlayer, SuitPlayer, SearchPlayer),
             registry.sampling_kind("infer", InferPlayer)),
    strengths={word: word for word in registry.STRENGTHS},
    levels=registry.dial("random", "greedy", "suit", "search:40", STRONGEST),
    timer_players=registry.search_timer_players(GreedyPlayer, SearchPlayer),
    terminal_module="pintas.domino.terminal", per_round=True)

_COMMON = {"target": None, "redeal_doubles": None}
_LIMITS = {"max_rounds": None}  # no limit unless asked
PRESETS = (
    registry.Preset("dominican", "domino", "Dominican domino", Rules.dominican,
                    {"mode": "pairs", **_COMMON, "tranque": None, "capicua_bonus": None,
                     "pase_corrido_bonus": None, "pase_de_salida_bonus": None, **_LIMITS}),
    registry.Preset("muggins", "domino", "Muggins", Rules.muggins,
                    {"players": 3, **_COMMON, "block_scoring": None, **_LIMITS}),
    registry.Preset("capicua", "domino", "Capicua", Rules.capicua,
                    {"players": 4, "pairs": False, **_COMMON, "capicua": None,
                     "pass_points": None, **_LIMITS}),
)

__all__ = [
    "BLOCK_SCORING",
    "FAMILY",
    "GAMES",
    "MODES",
    "PRESETS",
    "TRANQUE",
    "Deal",
    "Event",
    "Game",
    "Move",
    "Rules",
    "SimulationStats",
    "View",
    "simulate",
]

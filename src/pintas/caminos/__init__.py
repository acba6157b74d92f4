"""Caminos: place your tiles on short paths, and be the first without tiles.

Five path centres lie face up (two in ``two_paths``); each path takes tiles at
its *front* and its *back*, each matching the number showing there. Who starts
each round is decided by secret reveals of a tile from the hand. See
:class:`Game`; :mod:`pintas.caminos.players` holds the computer players.

The package's rooms, the same in every game's package: ``rules``, ``game``
(the game, its view, paths and hand-made deals), ``_engine`` (the binding of
the C engine), ``_search`` (the binding of the C search), ``players`` and
``terminal`` (the terminal front end).

>>> from pintas import caminos
>>> g = caminos.Game(caminos.Rules.base(players=3), seed=7)
>>> g.phase, g.to_move, len(g.paths), g.pile_size
('reveal', 0, 5, 5)
"""

from __future__ import annotations

from .. import registry
from ._engine import Event, Move
from .game import SIDES, Deal, Game, Path, SimulationStats, View, simulate
from .players import CarelessPlayer, GreedyPlayer, RandomPlayer, SearchPlayer, SuitPlayer
from .rules import FULL_PATH, PRESET_NAMES, VARIANTS, Rules

# ---- the registry's entries ---------------------------------------------------------

#: The strongest Caminos player: the dial's top level ("master"). The levels
#: below it do not name it, so changing this line is all a stronger player needs
#: (then rebuild the ladder: docs/strength.md, "The dial").
STRONGEST = "search:1000"

FAMILY = registry.Family(
    name="caminos", rules_type=Rules, game_type=Game, view_type=View, move_type=Move,
    players=(registry.PlayerKind("careless", CarelessPlayer,
                                 lambda rules, seed, n: CarelessPlayer(seed=seed)),
             *registry.search_game_players(RandomPlayer, GreedyPlayer, SuitPlayer,
                                           SearchPlayer)),
    strengths={word: word for word in registry.STRENGTHS},
    # Two seats show the steps best (docs/strength.md, "The dial"): the
    # beginner is careless, below random, for the steps to be even.
    levels=registry.dial("careless", "random", "suit~50", "suit", STRONGEST),
    timer_players=registry.search_timer_players(GreedyPlayer, SearchPlayer),
    terminal_module="pintas.caminos.terminal")

PRESETS = tuple(
    registry.Preset(PRESET_NAMES[variant], "caminos", title, getattr(Rules, variant),
                    {"players": 3, "rounds": None, "max_rounds": None,
                     "max_round_moves": None})
    for variant, title in (("base", "Caminos"), ("no_renewal", "Caminos without renewal"),
                           ("two_paths", "Caminos with two paths")))

__all__ = [
    "FAMILY",
    "FULL_PATH",
    "PRESETS",
    "PRESET_NAMES",
    "SIDES",
    "VARIANTS",
    "Deal",
    "Event",
    "Game",
    "Move",
    "Path",
    "Rules",
    "SimulationStats",
    "View",
    "simulate",
]

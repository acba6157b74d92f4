"""Computer players for every game: each is an object with ``choose(view) -> Move``.

A player only ever receives a view (what its seat may know); it never sees the
game. Each game's players live in its package (``pintas.domino.players``,
``pintas.caminos.players``, ``pintas.dice.players``); the players here serve
every game, each turning into the game's own player of that name for the
view it is given (found through :mod:`pintas.registry`).

- :class:`RandomPlayer`: any legal move (every game).
- :class:`GreedyPlayer`: the most points now, else the heaviest tile.
- :class:`SuitPlayer`: the "most accompanied tile" heuristic.
- :class:`SearchPlayer`: perfect-information Monte Carlo with playouts in C.
- :class:`InferPlayer`: the line games' stronger search (suit-like playouts,
  samples weighted by how likely the seats' placements were).
- :class:`ThresholdPlayer`, :class:`OptimalPlayer` and :class:`WinPlayer`: the dice players.

A player of a kind a game does not have (a greedy player at dice) raises
:class:`~pintas.errors.RulesError` when given that game's view.

>>> from pintas import bots, domino
>>> g = domino.Game(domino.Rules.dominican(), seed=1)
>>> bots.GreedyPlayer().choose(g.view(g.to_move)) in g.legal_moves()
True
"""

from __future__ import annotations

from typing import Any, TypeVar

from . import registry
from .errors import RulesError, RulesTypeError, ViewError
from .protocol import Player, ViewOf

MoveT = TypeVar("MoveT")

__all__ = [
    "GreedyPlayer",
    "InferPlayer",
    "OptimalPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SuitPlayer",
    "ThresholdPlayer",
    "WinPlayer",
]


class _Dispatching:
    """A player that hands each view to its game's player of the same kind."""

    _kind = ""

    def __init__(self, **options: Any) -> None:
        self._options = options
        # Each game's player is made at once, so that a bad option is refused here.
        self._by_family: dict[str, Player] = {}
        for family in registry.families():
            kind = family.player_kind(self._kind)
            if kind is not None:
                self._by_family[family.name] = kind.cls(**options)

    def _player_for(self, view: object) -> Player:
        try:
            family = registry.family_of(view)
        except RulesTypeError:
            raise ViewError(f"{type(self).__name__} chooses from the view of a pintas game: "
                            f"got {view!r}") from None
        player = self._by_family.get(family.name)
        if player is None:
            raise RulesError(f"{type(self).__name__} does not play {family.name}")
        return player

    def choose(self, view: ViewOf[MoveT]) -> MoveT:
        """The move this player makes from ``view`` (its seat must be to move):
        a move of the view's game."""
        move: MoveT = self._player_for(view).choose(view)
        return move

    __call__ = choose

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"{type(self).__name__}({options})"


class RandomPlayer(_Dispatching):
    """Any legal move, uniformly at random from its own generator (``seed``)."""

    _kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)


class GreedyPlayer(_Dispatching):
    """The move that scores most now; else the heaviest tile."""

    _kind = "greedy"

    def __init__(self) -> None:
        super().__init__()


class SuitPlayer(_Dispatching):
    """Plays from the suits it holds most of, keeps doubles from being stranded,
    and plays suits the opponents are known to lack."""

    _kind = "suit"

    def __init__(self) -> None:
        super().__init__()


class SearchPlayer(_Dispatching):
    """Perfect-information Monte Carlo: samples the hidden tiles consistently with
    the view, scores each legal move by playouts in C (GIL released), picks the
    best. Budget: ``samples`` per decision and at most ``seconds`` of wall time;
    deterministic for a given ``seed`` when the sample budget binds."""

    _kind = "search"

    def __init__(self, samples: int = 200, seconds: float | None = None, seed: int = 0) -> None:
        super().__init__(samples=samples, seconds=seconds, seed=seed)


class InferPlayer(_Dispatching):
    """The line games' stronger search (``pintas.domino.players.InferPlayer``):
    SearchPlayer's samples, weighted by how likely the other seats'
    placements were with the sampled tiles, and playouts in which every seat
    plays like the suit player. Budget and determinism as SearchPlayer's."""

    _kind = "infer"

    def __init__(self, samples: int = 200, seconds: float | None = None, seed: int = 0) -> None:
        super().__init__(samples=samples, seconds=seconds, seed=seed)


class ThresholdPlayer(_Dispatching):
    """Dice: keeps the best-scoring dice and banks once the turn total reaches ``bank_at``."""

    _kind = "threshold"

    def __init__(self, bank_at: int = 1000) -> None:
        super().__init__(bank_at=bank_at)


class OptimalPlayer(_Dispatching):
    """Dice: the optimal single-turn policy of ``rules`` (None: each view's rules)."""

    _kind = "optimal"

    def __init__(self, rules: Any = None, bank_to_win: bool = True) -> None:
        super().__init__(rules=rules, bank_to_win=bank_to_win)


class WinPlayer(_Dispatching):
    """Dice, 2 players: the move most likely to win, from the shipped win table
    of ``rules`` (None: each view's rules)."""

    _kind = "win"

    def __init__(self, rules: Any = None) -> None:
        super().__init__(rules=rules)

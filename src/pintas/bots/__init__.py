"""Computer players for every game: each is an object with ``choose(view) -> Move``.

A player only ever receives a view (what its seat may know); it never sees the
game. The same four players serve the line games (:mod:`pintas.domino`) and
Caminos (:mod:`pintas.caminos`), dispatching on the kind of view they are
given; the dice players come from :mod:`pintas.dice`.

- :class:`RandomPlayer`: any legal move.
- :class:`GreedyPlayer`: the most points now, else the heaviest tile.
- :class:`SuitPlayer`: the "most accompanied tile" heuristic.
- :class:`SearchPlayer`: perfect-information Monte Carlo with playouts in C.

>>> from pintas import bots, domino
>>> g = domino.Game(domino.Rules.dominican(), seed=1)
>>> bots.GreedyPlayer().choose(g.view(g.to_move)) in g.legal_moves()
True
"""

from __future__ import annotations

from typing import Any, Protocol

# The game modules under private names: a plain `from .. import caminos` would
# shadow the `pintas.bots.caminos` players module in this package.
from .. import caminos as _caminos_game
from .. import dice as _dice_game
from .. import domino as _domino_game
from ..dice import OptimalPlayer, ThresholdPlayer
from ..errors import RulesError
from . import caminos as _caminos_bots
from . import line as _line_bots

__all__ = [
    "GreedyPlayer",
    "OptimalPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "SuitPlayer",
    "ThresholdPlayer",
]

AnyView = _domino_game.View | _caminos_game.View | _dice_game.View
AnyMove = _domino_game.Move | _caminos_game.Move | _dice_game.Move


class Player(Protocol):
    """Anything that picks a move from a view."""

    def choose(self, view: Any) -> Any: ...


class _Dispatching:
    """A player that delegates to the game-specific player for the view given."""

    _kind = ""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._by_game: dict[type, Any] = {}

    def _player_for(self, view: object) -> Any:
        kind = type(view)
        player = self._by_game.get(kind)
        if player is None:
            player = self._make(view)
            self._by_game[kind] = player
        return player

    def _make(self, view: object) -> Any:
        if isinstance(view, _domino_game.View):
            module: Any = _line_bots
        elif isinstance(view, _caminos_game.View):
            module = _caminos_bots
        elif isinstance(view, _dice_game.View) and self._kind == "RandomPlayer":
            return _dice_game.RandomPlayer(**self._options)
        else:
            raise RulesError(f"{self._kind} does not play {type(view).__name__}")
        return getattr(module, self._kind)(**self._options)

    def choose(self, view: Any) -> Any:
        """The move this player makes from ``view`` (its seat must be to move)."""
        return self._player_for(view).choose(view)

    __call__ = choose

    def __repr__(self) -> str:
        options = ", ".join(f"{k}={v!r}" for k, v in self._options.items())
        return f"{self._kind}({options})"


class RandomPlayer(_Dispatching):
    """Any legal move, uniformly at random from its own generator (``seed``)."""

    _kind = "RandomPlayer"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed=seed)


class GreedyPlayer(_Dispatching):
    """The move that scores most now; else the heaviest tile."""

    _kind = "GreedyPlayer"

    def __init__(self) -> None:
        super().__init__()


class SuitPlayer(_Dispatching):
    """Plays from the suits it holds most of, keeps doubles from being stranded,
    and plays suits the opponents are known to lack."""

    _kind = "SuitPlayer"

    def __init__(self) -> None:
        super().__init__()


class SearchPlayer(_Dispatching):
    """Perfect-information Monte Carlo: samples the hidden tiles consistently with
    the view, scores each legal move by playouts in C (GIL released), picks the
    best. Budget: ``samples`` per decision and at most ``seconds`` of wall time;
    deterministic for a given ``seed`` when the sample budget binds."""

    _kind = "SearchPlayer"

    def __init__(self, samples: int = 200, seconds: float | None = None, seed: int = 0) -> None:
        super().__init__(samples=samples, seconds=seconds, seed=seed)

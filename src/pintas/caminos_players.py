"""Computer players for Caminos: each takes a :class:`~pintas.caminos.View`
(what its seat may know, nothing more) and returns a legal
:class:`~pintas.caminos.Move`.

>>> from pintas import caminos
>>> from pintas.caminos_players import GreedyPlayer, RandomPlayer
>>> g = caminos.Game(caminos.Rules.base(players=3), seed=7)
>>> players = [GreedyPlayer(), RandomPlayer(seed=1), RandomPlayer(seed=2)]
>>> while not g.is_over:
...     seat = g.to_move
...     _ = g.play(players[seat](g.view(seat)))
>>> g.round, len(g.winners) >= 1
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from .caminos import Move, Path, View
from .errors import IllegalMoveError
from .tiles import Tile, TileSet

__all__ = ["GreedyPlayer", "Player", "RandomPlayer"]


class Player(Protocol):
    """Anything that picks a move from a view."""

    def __call__(self, view: View) -> Move: ...


def _moves(view: View) -> list[Move]:
    moves = view.legal_moves()
    if not moves:
        raise IllegalMoveError(f"seat {view.seat} has no move: it is not its turn "
                               f"(seat {view.to_move} is to move)")
    return moves


class RandomPlayer:
    """Any legal move, uniformly at random, from its own generator.

    >>> from pintas import caminos
    >>> g = caminos.Game(caminos.Rules.two_paths(players=2), seed=3)
    >>> RandomPlayer(seed=5)(g.view(0)) in g.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __call__(self, view: View) -> Move:
        return self._rng.choice(_moves(view))

    choose = __call__

    def __repr__(self) -> str:
        return "RandomPlayer()"


def _weight(tile: Tile) -> tuple[int, int]:
    """RULES' order of weight: most pips, ties to the higher high end."""
    return (tile.pips, tile.high)


def _after(paths: Sequence[Path], move: Move) -> tuple[tuple[int | None, int | None], ...]:
    """The numbers every path's sides would take after ``move`` (a new path
    from a renewal is unknown and counted as nothing)."""
    out = []
    for path in paths:
        numbers = list(path.numbers)
        if move.path == path.number and move.tile is not None and path.ends is not None:
            side = 0 if move.side == "front" else 1
            free = list(path.free)
            free[side] -= 1
            shown = move.tile.other_end(path.ends[side])
            numbers[side] = shown if free[side] else None
            if free == [0, 0]:
                numbers = [None, None]
        out.append((numbers[0], numbers[1]))
    return tuple(out)


def _playable(hand: TileSet, numbers: Sequence[tuple[int | None, int | None]]) -> int:
    """How many tiles of ``hand`` some open side would take."""
    shown = {n for pair in numbers for n in pair if n is not None}
    return sum(1 for t in hand if t.high in shown or t.low in shown)


class GreedyPlayer:
    """A simple one-move-ahead heuristic.

    - Reveal: its heaviest tile not revealed yet (to start the round).
    - Place: the placement that leaves it the most tiles it could place next
      turn; then one that fills a path (which locks it, or swaps it for an
      unknown tile, for the next players); then doubles first (they fit one
      number only); then the heaviest tile.
    - Otherwise draw or pass, the only move there is.

    >>> from pintas import caminos
    >>> g = caminos.Game(caminos.Rules.base(players=2), deal=caminos.Deal.complete(
    ...     paths="6|5 4|4 3|1 2|0 1|0",
    ...     hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]), seed=1)
    >>> GreedyPlayer()(g.view(0))
    Move('reveal', '6|6')
    """

    def __call__(self, view: View) -> Move:
        moves = _moves(view)
        if moves[0].kind == "reveal":
            return max(moves, key=lambda m: _weight(m.tile) if m.tile else (0, 0))
        if moves[0].kind != "place":
            return moves[0]
        paths = {p.number: p for p in view.paths}

        def score(move: Move) -> tuple[int, int, int, int, int]:
            tile = move.tile
            assert tile is not None and move.path is not None
            path = paths[move.path]
            fills = int(sum(path.free) == 1)
            rest = TileSet.from_mask(int(view.hand) & ~(1 << tile.index))
            return (_playable(rest, _after(view.paths, move)), fills, int(tile.is_double),
                    tile.pips, tile.high)

        best = max(score(m) for m in moves)
        return next(m for m in moves if score(m) == best)

    choose = __call__

    def __repr__(self) -> str:
        return "GreedyPlayer()"

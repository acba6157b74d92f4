"""Computer players for Caminos: each has ``choose(view) -> Move`` and sees only
the :class:`~pintas.caminos.View` of its seat, never the game.

- :class:`RandomPlayer`: any legal move.
- :class:`GreedyPlayer`: the placement that leaves the most tiles placeable
  next turn.
- :class:`SuitPlayer`: the "most accompanied tile" idea for paths. Keep the
  numbers you hold most of open for you, place first the tiles that fit
  fewest places (a double fits one number: place it while that number is
  open), and leave opponents the numbers they are known to lack (a seat that
  drew or passed could not place on any number open then).
- :class:`SearchPlayer`: perfect-information Monte Carlo in C. It samples
  the hidden tiles consistently with the view (csrc/caminos_search.c), plays
  every legal move followed by a fast default policy to the end of the round,
  and picks the move with the best mean outcome (its round score minus the
  mean of the others'). Budget: ``samples`` per decision and, optionally,
  ``seconds`` of wall time. The GIL is released while C runs.

Reveals (who starts the round) are not searched: every player but Random
shows its heaviest tile not shown yet.

>>> from pintas import caminos
>>> from pintas.caminos.players import SearchPlayer, SuitPlayer
>>> g = caminos.Game(caminos.Rules.two_paths(players=2), seed=4)
>>> players = [SuitPlayer(), SearchPlayer(samples=20, seed=1)]
>>> while g.round == 1:
...     _ = g.play(players[g.to_move].choose(g.view(g.to_move)))
>>> g.phase
'reveal'
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from .._base import Stop
from .._budget import Budget
from .._checks import check_seed
from .._game import listed
from ..errors import IllegalMoveError, RulesTypeError
from ..tiles import Tile, TileSet
from ._engine import Move
from ._search import MAX_SAMPLES, Info, derive
from .game import Path, View

__all__ = ["GreedyPlayer", "RandomPlayer", "SearchPlayer", "SuitPlayer"]


def _legal_moves(view: View) -> list[Move]:
    return View.moves_to_choose(view)


def _heaviest(moves: Sequence[Move]) -> Move:
    """The reveal of the heaviest tile (most pips, ties to the higher high end)."""
    return max(moves, key=lambda m: (m.tile.pips, m.tile.high) if m.tile else (-1, -1))


class RandomPlayer:
    """Any legal move (reveals included), uniformly at random from its own
    generator seeded with ``seed``.

    >>> from pintas import caminos
    >>> g = caminos.Game(caminos.Rules.two_paths(players=2), seed=3)
    >>> RandomPlayer(seed=5).choose(g.view(0)) in g.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        check_seed(seed, optional=True)
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        """The move this player makes from ``view`` (its seat must be to move)."""
        return self._rng.choice(_legal_moves(view))

    __call__ = choose

    def __repr__(self) -> str:
        return "RandomPlayer()"


def _weight(tile: Tile) -> tuple[int, int]:
    """The rules' order of weight: most pips, ties to the higher high end."""
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
    >>> GreedyPlayer().choose(g.view(0))
    Move('reveal', '6|6')
    """

    def choose(self, view: View) -> Move:
        """The move this player makes from ``view`` (its seat must be to move)."""
        moves = _legal_moves(view)
        if moves[0].kind == "reveal":
            return _heaviest(moves)
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

    __call__ = choose

    def __repr__(self) -> str:
        return "GreedyPlayer()"


@dataclass(frozen=True)
class SuitWeights:
    """How much each consideration of :class:`SuitPlayer` counts."""

    reach: float = 4.0      # my other tiles that an open side takes after the move
    depth: float = 3.0      # ... and that two open sides take (one may be taken first)
    hardness: float = 2.0   # the placed tile fitting few sides now (place it while it fits)
    double: float = 1.0     # the placed tile is a double
    starve: float = 0.3     # open sides after the move that the next players can use
    block: float = 2.0      # the next player is left with nothing to place (known lacks)


class SuitPlayer:
    """The "most accompanied tile" heuristic adapted to paths (see the module).

    Each placement is scored on the table it leaves: how many of my other
    tiles an open side takes (twice over counts again), how few places the
    placed tile fits now, a double, and how many open sides the following
    players can use given the numbers they are known to lack (leaving the
    next player nothing counts most); ties go to the heaviest tile.

    >>> from pintas import caminos
    >>> g = caminos.Game(caminos.Rules.base(players=2), deal=caminos.Deal.complete(
    ...     paths="6|5 4|4 3|1 2|0 1|0",
    ...     hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]), seed=1)
    >>> SuitPlayer().choose(g.view(0))
    Move('reveal', '6|6')
    """

    def __init__(self, weights: SuitWeights | None = None) -> None:
        if weights is not None and not isinstance(weights, SuitWeights):
            raise RulesTypeError(f"weights must be SuitWeights or None: got {weights!r}")
        self.weights = weights or SuitWeights()

    def choose(self, view: View) -> Move:
        """The move this player makes from ``view`` (its seat must be to move)."""
        moves = _legal_moves(view)
        if moves[0].kind == "reveal":
            return _heaviest(moves)
        if moves[0].kind != "place" or len(moves) == 1:
            return moves[0]
        ranked = self.rank(view, moves)
        return ranked[0]

    __call__ = choose

    def rank(self, view: View, moves: Sequence[Move]) -> list[Move]:
        """``moves`` (placements of the seat to move) from best to worst."""
        moves = View.moves_of(view, moves)
        if any(m.kind != "place" for m in moves):
            raise IllegalMoveError(f"only placements are ranked: got {listed(moves)}")
        table = _Table(view)
        scores = {m: table.score(m, self.weights) for m in moves}
        return sorted(moves, key=lambda m: scores[m], reverse=True)

    def __repr__(self) -> str:
        return "SuitPlayer()"


class _Table:
    """The open sides of a view and what the seat knows of the others."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.side_tiles = view.rules.side_tiles
        self.sides: dict[tuple[int, int], tuple[int, int]] = {}
        for path in view.paths:
            if path.ends is None:
                continue
            for side, tiles in enumerate((path.front, path.back)):
                if path.free[side]:
                    self.sides[(path.number, side)] = (path.ends[side], len(tiles))
        self.hand = list(view.hand)
        self.lacks = _known_lacks(view)

    def open_after(self, move: Move) -> list[int]:
        """The numbers the open sides show after ``move`` (a renewed path's new
        numbers are unknown and not counted)."""
        assert move.path is not None and move.tile is not None
        key = (move.path, 0 if move.side == "front" else 1)
        out = []
        for where, (number, length) in self.sides.items():
            if where != key:
                out.append(number)
            elif length + 1 < self.side_tiles:
                out.append(move.tile.other_end(number))
        return out

    def score(self, move: Move, w: SuitWeights) -> tuple[float, int, int]:
        """How good ``move`` looks (higher is better), then its tile's weight
        as the tie-break. A turn that cannot place costs a tile, so what
        counts is being able to place next time: tiles of mine that some open
        side takes (two sides: safer, an opponent may take one first), and
        placing now the tile that fits fewest sides."""
        tile = move.tile
        assert tile is not None
        after = self.open_after(move)
        counts = [after.count(n) for n in range(7)]
        rest = [t for t in self.hand if t != tile]
        reach = depth = 0
        for t in rest:
            ways = counts[t.high] + (counts[t.low] if t.low != t.high else 0)
            reach += ways > 0
            depth += ways > 1
        now = [n for n, _ in self.sides.values()]
        fits_now = sum(1 for n in now if tile.has(n))
        value = (w.reach * reach + w.depth * depth - w.hardness * fits_now
                 + w.double * tile.is_double)
        value -= w.starve * self._usable_by_next(after) + w.block * self._next_blocked(after)
        return (value, tile.pips, tile.high)

    def _next_seats(self) -> list[int]:
        players = self.view.rules.players
        return [(self.view.seat + i) % players for i in range(1, players)]

    def _usable_by_next(self, after: Sequence[int]) -> float:
        """Open sides the next seat is not known to lack, weighted less for later seats."""
        total = 0.0
        for distance, seat in enumerate(self._next_seats()):
            lacks = self.lacks[seat]
            if not lacks:
                continue
            usable = sum(1 for n in after if not lacks >> n & 1)
            total += usable / (1 + distance)
        return total

    def _next_blocked(self, after: Sequence[int]) -> int:
        """1 when the next seat is known to lack every number left open."""
        seat = self._next_seats()[0]
        lacks = self.lacks[seat]
        return int(bool(lacks) and all(lacks >> n & 1 for n in after))


def _known_lacks(view: View) -> list[int]:
    """Per seat, the numbers (bit n) it could not place on since its last draw,
    or at that draw: the tiles it held then lacked them, only the drawn tile may not."""
    if view.phase != "play":
        return [0] * view.rules.players
    cohorts, _, _ = derive(view)
    lacks = []
    for seat_cohorts in cohorts:
        numbers = seat_cohorts[-1][2]
        if len(seat_cohorts) > 1:
            numbers |= seat_cohorts[-2][2]
        lacks.append(numbers)
    return lacks


class SearchPlayer:
    """Perfect-information Monte Carlo over samples of the hidden tiles.

    ``samples`` bounds the samples per decision; ``seconds`` (optional) bounds
    the wall time: samples run in batches and the search stops before a batch
    that would not fit, judging by the batches done (the first batch is a
    single sample). With ``samples`` alone the move depends only on (view,
    seed). When no batch fits, or the seat is revealing, the move is
    :class:`SuitPlayer`'s. Ties between equal means go to Suit's order.

    >>> from pintas import caminos
    >>> g = caminos.Game(caminos.Rules.base(players=3), seed=2)
    >>> while g.phase == "reveal":
    ...     _ = g.play(g.legal_moves()[0])
    >>> SearchPlayer(samples=30, seed=5).choose(g.view(g.to_move)) in g.legal_moves()
    True
    """

    def __init__(self, samples: int = 200, seconds: float | None = None, seed: int = 0,
                 stop: Stop | None = None) -> None:
        self.budget = Budget(samples, seconds, seed, MAX_SAMPLES, stop)
        self.samples, self.seconds, self.seed = samples, self.budget.seconds, seed
        self._suit = SuitPlayer()
        #: Samples the last decision used (0: no search was needed or none fitted).
        self.last_samples = 0

    def choose(self, view: View) -> Move:
        """The move this player makes from ``view`` (its seat must be to move)."""
        start = time.perf_counter()
        moves = _legal_moves(view)
        self.last_samples = 0
        if moves[0].kind == "reveal":
            return _heaviest(moves)
        if len(moves) == 1:
            return moves[0]
        order = self._suit.rank(view, moves)
        means = self.evaluate(view, start)
        if means is None:
            return order[0]
        best = max(means.values())
        return next(m for m in order if means[m] == best)

    __call__ = choose

    def evaluate(self, view: View, start: float | None = None) -> dict[Move, float] | None:
        """Every legal move's mean margin (its round score minus the others'
        mean) over the samples the budget allows, counting time from ``start``
        (a ``time.perf_counter()`` value, default now); None when no batch fitted.
        The seat must be to move in the playing phase."""
        info = Info(view)
        moves, sums, done = self.budget.run(
            lambda first, count: info.search(self.seed, first, count,
                                             self.budget.stop)[:3], start)
        self.last_samples = done
        if not done:
            return None
        scale = done * (view.rules.players - 1)
        return {m: total / scale for m, total in zip(moves, sums, strict=True)}

    def __repr__(self) -> str:
        return f"SearchPlayer(samples={self.samples}, seconds={self.seconds}, seed={self.seed})"

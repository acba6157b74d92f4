"""Computer players for Caminos: each has ``choose(view) -> Move`` and sees only
the :class:`~pintas.caminos.View` of its seat, never the game.

- :class:`CarelessPlayer`: the placement :class:`SuitPlayer` likes least,
  as a careless beginner plays (the dial's beginner).
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

import time
from collections.abc import Sequence
from dataclasses import dataclass

from .._base import Stop, Twister
from .._budget import Budget
from .._checks import check_seed
from .._game import listed
from ..errors import IllegalMoveError, RulesTypeError
from . import _search
from ._engine import Move
from ._search import MAX_SAMPLES, Info
from .game import View

__all__ = ["CarelessPlayer", "GreedyPlayer", "RandomPlayer", "SearchPlayer", "SuitPlayer"]


def _legal_moves(view: View) -> list[Move]:
    return View.moves_to_choose(view)


class RandomPlayer:
    """Any legal move (reveals included), uniformly at random from its own
    generator seeded with ``seed``: the stream of ``random.Random(seed)``,
    drawn as its ``choice`` draws.

    >>> from pintas import caminos
    >>> g = caminos.Game(caminos.Rules.two_paths(players=2), seed=3)
    >>> RandomPlayer(seed=5).choose(g.view(0)) in g.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        check_seed(seed, optional=True)
        self._rng = Twister(seed)

    def choose(self, view: View) -> Move:
        """The move this player makes from ``view`` (its seat must be to move)."""
        return _search.random_choose(view, self._rng)

    __call__ = choose

    def __repr__(self) -> str:
        return "RandomPlayer()"


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
        return _search.greedy_choose(view)

    __call__ = choose

    def __repr__(self) -> str:
        return "GreedyPlayer()"


_DEFAULT = _search.default_weights()


@dataclass(frozen=True)
class SuitWeights:
    """How much each consideration of :class:`SuitPlayer` counts."""

    reach: float = _DEFAULT[0]     # my other tiles that an open side takes after the move
    depth: float = _DEFAULT[1]     # ... and that two open sides take (one may be taken first)
    hardness: float = _DEFAULT[2]  # the placed tile fitting few sides now (place it while it fits)
    double: float = _DEFAULT[3]    # the placed tile is a double
    starve: float = _DEFAULT[4]    # open sides after the move that the next players can use
    block: float = _DEFAULT[5]     # the next player is left with nothing to place (known lacks)


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
        return _search.suit_choose(view, self.weights)

    __call__ = choose

    def rank(self, view: View, moves: Sequence[Move]) -> list[Move]:
        """``moves`` (placements of the seat to move) from best to worst."""
        moves = View.moves_of(view, moves)
        if any(m.kind != "place" for m in moves):
            raise IllegalMoveError(f"only placements are ranked: got {listed(moves)}")
        return _search.suit_rank(view, self.weights, moves)

    def __repr__(self) -> str:
        return "SuitPlayer()"


class CarelessPlayer:
    """A careless beginner: of its placements, the one :class:`SuitPlayer`
    ranks last (it opens numbers for the others, keeps its hard tiles, lets
    the next player place); a reveal at random (from its own generator seeded
    with ``seed``), a draw or a pass when that is the only move. It is weaker
    than :class:`RandomPlayer`: the dial's beginner level, so that the steps
    up to the strongest are even (docs/strength.md, "The dial").

    >>> from pintas import caminos
    >>> g = caminos.Game(caminos.Rules.base(players=2), deal=caminos.Deal.complete(
    ...     paths="6|5 4|4 3|1 2|0 1|0",
    ...     hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]), seed=1)
    >>> while g.phase == "reveal":
    ...     _ = g.play(g.legal_moves()[0])
    >>> view = g.view(g.to_move)
    >>> CarelessPlayer().choose(view) == SuitPlayer().rank(view, view.legal_moves())[-1]
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._random = RandomPlayer(seed)
        self._suit = SuitPlayer()

    def choose(self, view: View) -> Move:
        """The move this player makes from ``view`` (its seat must be to move)."""
        moves = _legal_moves(view)
        if moves[0].kind == "reveal":
            return self._random.choose(view)
        if moves[0].kind != "place":
            return moves[0]  # a draw or a pass: the only move
        return self._suit.rank(view, moves)[-1]

    __call__ = choose

    def __repr__(self) -> str:
        return "CarelessPlayer()"


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
            return self._suit.choose(view)  # the heaviest tile's reveal
        if len(moves) == 1:
            return moves[0]
        searched, sums = self._search(view, start)
        return _search.search_pick(view, searched or moves, sums if searched else None)

    __call__ = choose

    def evaluate(self, view: View, start: float | None = None) -> dict[Move, float] | None:
        """Every legal move's mean margin (its round score minus the others'
        mean) over the samples the budget allows, counting time from ``start``
        (a ``time.perf_counter()`` value, default now); None when no batch fitted.
        The seat must be to move in the playing phase."""
        moves, sums = self._search(view, start)
        if not moves:
            return None
        scale = self.last_samples * (view.rules.players - 1)
        return {m: total / scale for m, total in zip(moves, sums, strict=True)}

    def _search(self, view: View, start: float | None) -> tuple[list[Move], list[int]]:
        """Every legal move and its summed outcomes over the samples the
        budget allows (none when no batch fitted; :attr:`last_samples`: how many)."""
        info = Info(view)
        moves, sums, done = self.budget.run(
            lambda first, count: info.search(self.seed, first, count,
                                             self.budget.stop)[:3], start)
        self.last_samples = done
        return (moves, sums) if done else ([], [])

    def __repr__(self) -> str:
        return f"SearchPlayer(samples={self.samples}, seconds={self.seconds}, seed={self.seed})"

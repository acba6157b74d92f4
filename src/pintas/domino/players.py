"""Computer players for the line games (Muggins, Capicua, Dominican): each has
``choose(view) -> Move`` and sees only the :class:`~pintas.domino.View` of its
seat, never the game.

- :class:`RandomPlayer`: any legal move.
- :class:`GreedyPlayer`: the most points now (Muggins fives; a domino), else
  the heaviest tile.
- :class:`SuitPlayer`: the "most accompanied tile" heuristic: play from the
  numbers you hold most of, place doubles before they are stranded, open
  numbers the opponents are known to lack and keep open the ones your partner
  lacks closed to nobody (see :class:`SuitWeights`).
- :class:`SearchPlayer`: perfect-information Monte Carlo in C
  : it samples the hidden tiles consistently with the
  view, plays every legal move out to the end of the round with a fast
  default policy, and picks the best mean outcome (its side's points minus
  the best other side's). Budget: ``samples`` per decision and, optionally,
  ``seconds`` of wall time; the GIL is released while C runs.
- :class:`InferPlayer`: the same search made stronger (pintas/line_infer.h):
  every seat plays its playouts like the suit player, and each sample counts
  as much as the other seats' placements so far were likely with its tiles.

>>> from pintas import domino
>>> from pintas.domino.players import SearchPlayer, SuitPlayer
>>> g = domino.Game(domino.Rules.dominican(), seed=4)
>>> players = [SearchPlayer(samples=20), SuitPlayer(), SearchPlayer(samples=20), SuitPlayer()]
>>> while g.round == 1:
...     _ = g.play(players[g.to_move].choose(g.view(g.to_move)))
>>> g.round
2
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from .._base import Stop, Twister
from .._budget import Budget
from .._checks import check_choice, check_seed
from ..errors import NotationTypeError, RulesTypeError
from . import _search
from ._engine import Move
from .game import View

__all__ = [
    "GreedyPlayer",
    "InferPlayer",
    "RandomPlayer",
    "SearchPlayer",
    "SuitPlayer",
    "SuitWeights",
    "immediate_points",
]


def _legal_moves(view: View) -> list[Move]:
    return View.moves_to_choose(view)


def immediate_points(view: View, move: Move,
                     voids: Sequence[Sequence[int]] | None = None) -> int:
    """The points ``move`` surely scores at once, as far as the view can tell:
    Muggins fives (a double at an end counts both halves, a lone opening tile
    its pips), and Capicua pass points for every opponent who must pass next
    (known to lack both open ends, nothing left to draw). ``voids`` are the
    numbers each seat is known to lack (``_search.knowledge``), computed
    when not given and needed.

    >>> from pintas import domino
    >>> g = domino.Game(domino.Rules.muggins(players=2), deal=domino.Deal(
    ...     hands=["5|5 6|2 4|1 3|3 2|0 1|1 0|0", "5|0 6|6 6|5 4|4 3|2 2|2 1|0"],
    ...     boneyard="6|4 6|3 6|1 6|0 5|4 5|3 5|2 5|1 4|3 4|2 4|0 3|1 3|0 2|1"), seed=1)
    >>> _ = g.play("6|6"), g.play("6|2L")
    >>> immediate_points(g.view(1), Move.parse("3|2L"))  # 3 + 6|6 at the right
    15
    """
    View.check(view)
    if not isinstance(move, Move):
        raise NotationTypeError(f"immediate_points takes a domino.Move: got {move!r}")
    if move.kind != "play" or move.tile is None:
        return 0
    if voids is not None:
        _check_voids(voids, view.rules.players)
    return _search.immediate_points(view, move, voids)


def _check_voids(voids: object, players: int) -> None:
    """``voids`` must be, for each of the ``players`` seats, the numbers 0..6 it lacks."""
    if not (isinstance(voids, (list, tuple)) and len(voids) == players
            and all(isinstance(v, (list, tuple)) and all(type(n) is int for n in v)
                    for v in voids)):
        raise NotationTypeError(f"voids are the numbers each of the {players} seats lacks: "
                                f"got {voids!r}")


class RandomPlayer:
    """Any legal move, uniformly at random from its own generator (``seed``):
    the stream of ``random.Random(seed)``, drawn as its ``choice`` draws.

    >>> from pintas import domino
    >>> g = domino.Game(domino.Rules.capicua(), seed=2)
    >>> RandomPlayer(seed=1).choose(g.view(g.to_move)) in g.legal_moves()
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        check_seed(seed, optional=True)
        self._seed = seed
        self._rng = Twister(seed)

    def choose(self, view: View) -> Move:
        """A uniformly random legal move of ``view.seat`` (who must be to move)."""
        return _search.random_choose(view, self._rng)

    __call__ = choose

    def __repr__(self) -> str:
        return f"RandomPlayer(seed={self._seed!r})"


class GreedyPlayer:
    """The move that surely scores most now (see :func:`immediate_points`: Muggins
    fives, Capicua pass points), else the heaviest tile, shedding pips first.

    >>> from pintas import domino
    >>> g = domino.Game(domino.Rules.dominican(), seed=7)
    >>> _ = g.play("6|6")
    >>> GreedyPlayer().choose(g.view(g.to_move))  # its heaviest tile with a 6
    Move('play', '6|2', 'L')
    """

    def choose(self, view: View) -> Move:
        """The greedy move of ``view.seat`` (who must be to move)."""
        return _search.greedy_choose(view)

    __call__ = choose

    def __repr__(self) -> str:
        return "GreedyPlayer()"


_GAMES = ("muggins", "capicua", "dominican")  # the C core's numbers of the games
_OWN = _search.suit_weights_for(0)  # the weights of Muggins and Capicua


@dataclass(frozen=True)
class SuitWeights:
    """How much each consideration of :class:`SuitPlayer` counts.

    The defaults were tuned by paired-deal matches against
    :class:`GreedyPlayer` in Muggins and Capicua; :meth:`for_game` gives
    Dominican its own (pips weigh more where a round scores the pips left).
    """

    #: per tile left in hand that shows the number this move opens
    accompanied: float = _OWN[0]
    #: per tile left in hand that still fits either open end afterwards
    playable_after: float = _OWN[1]
    #: for placing a double, plus ``stranding`` per tile of its number already out
    double: float = _OWN[2]
    stranding: float = _OWN[3]
    #: per opponent known to lack the number this move opens (x2 for the next seat)
    opponent_lacks: float = _OWN[4]
    #: per partner known to lack the number this move opens
    partner_lacks: float = _OWN[5]
    #: per Muggins point scored now
    points: float = _OWN[6]
    #: per pip of the tile placed (shed weight early)
    pips: float = _OWN[7]

    @classmethod
    def for_game(cls, game: str) -> SuitWeights:
        """The tuned weights of ``game`` (``muggins``, ``capicua``, ``dominican``).

        >>> SuitWeights.for_game("dominican").pips
        2.0
        """
        if game not in _GAMES:
            return cls()
        return cls(*_search.suit_weights_for(_GAMES.index(game)))


class SuitPlayer:
    """The "most accompanied tile" heuristic of domino players.

    Each legal placement is scored by: how many tiles of the number it opens
    the player still holds (play from the long suit, so the next turn has a
    tile to follow); how many tiles still fit afterwards; a bonus for doubles,
    larger as their number runs out (a double fits one number only and is
    easily stranded); opponents known to lack the number it opens (a seat that
    passed or drew at ends (a, b) had no a and no b) and, in pairs, a penalty
    when the partner lacks it; Muggins points now; pips as a tie-break.

    >>> from pintas import domino
    >>> g = domino.Game(domino.Rules.dominican(), seed=7)
    >>> _ = g.play("6|6")
    >>> SuitPlayer().choose(g.view(g.to_move)).tile in g.hand(g.to_move)
    True
    """

    def __init__(self, weights: SuitWeights | None = None) -> None:
        if weights is not None and not isinstance(weights, SuitWeights):
            raise RulesTypeError(f"weights must be SuitWeights or None: got {weights!r}")
        self.weights = weights

    def choose(self, view: View) -> Move:
        """The best-scored move of ``view.seat`` (who must be to move)."""
        return _search.suit_choose(view, self.weights)

    __call__ = choose

    def rank(self, view: View, moves: Sequence[Move]) -> list[Move]:
        """``moves`` from best to worst (stable: equal scores keep their order)."""
        return _search.suit_rank(view, self.weights, View.moves_of(view, moves))

    def __repr__(self) -> str:
        return "SuitPlayer()" if self.weights is None else f"SuitPlayer({self.weights})"


class _Searching:
    """What the search players share: a budget of ``samples`` and ``seconds``
    (:class:`~pintas._budget.Budget`), a ``seed``, and the move of the best
    value their ``evaluate`` gives."""

    def __init__(self, samples: int, seconds: float | None, seed: int,
                 stop: Stop | None) -> None:
        self.budget = Budget(samples, seconds, seed, _search.MAX_SAMPLES, stop)
        self.samples, self.seconds, self.seed = samples, self.budget.seconds, seed

    def evaluate(self, view: View, start: float | None = None) -> dict[Move, float] | None:
        raise NotImplementedError

    def choose(self, view: View) -> Move:
        """The move of the best value for ``view.seat``: the only legal one,
        else the first of the best values, else (no time for a sample) the
        suit player's."""
        start = time.perf_counter()
        moves = _legal_moves(view)
        if len(moves) == 1:
            return moves[0]
        means = self.evaluate(view, start)
        if means is None:
            return SuitPlayer().choose(view)
        best = max(means.values())
        return next(m for m, v in means.items() if v == best)

    __call__ = choose


class SearchPlayer(_Searching):
    """Perfect-information Monte Carlo with playouts in C.

    For every sample the hidden tiles are dealt uniformly among the deals
    consistent with the view (hand sizes, tiles seen, numbers a seat is known
    to lack after a pass or a draw), then each legal move is played and the
    round played out by every seat with the ``policy``: ``"random"`` (uniform
    legal moves, the default: in paired-deal matches it made the stronger
    player in Dominican and Capicua, and no measurable difference in Muggins)
    or ``"greedy"`` (most Muggins points, else the heaviest tile). The move
    with the best mean outcome (its side's points minus the best other side's,
    from now to the end of the round) is chosen; ties go to the engine's move
    order.

    With ``seconds`` None the result depends only on (view, ``seed``,
    ``samples``). With ``seconds``, the samples run in batches and the search
    stops before a batch that would not fit the time left (its cost estimated
    from the batches done); if none fits, :class:`SuitPlayer`'s move is played.

    >>> from pintas import domino
    >>> g = domino.Game(domino.Rules.dominican(), seed=7)
    >>> _ = g.play("6|6")
    >>> p = SearchPlayer(samples=50, seed=1)
    >>> p.choose(g.view(g.to_move)) == p.choose(g.view(g.to_move))
    True
    """

    def __init__(self, samples: int = 200, seconds: float | None = None, seed: int = 0,
                 policy: str = "random", stop: Stop | None = None) -> None:
        check_choice("policy", policy, tuple(_search.POLICIES))
        super().__init__(samples, seconds, seed, stop)
        self.policy = policy

    def evaluate(self, view: View, start: float | None = None) -> dict[Move, float] | None:
        """Mean playout outcome of every legal move, or None if the time budget
        (counted from ``start``, default now) allowed no sample at all."""
        info = _search.Info(view)
        policy = _search.POLICIES[self.policy]
        moves, sums, done = self.budget.run(
            lambda first, count: info.search(self.seed, first, count, policy,
                                             self.budget.stop)[:3], start)
        if not done:
            return None
        return {m: total / done for m, total in zip(moves, sums, strict=True)}

    def __repr__(self) -> str:
        extra = "" if self.policy == "random" else f", policy={self.policy!r}"
        return (f"SearchPlayer(samples={self.samples}, seconds={self.seconds!r}, "
                f"seed={self.seed}{extra})")


class InferPlayer(_Searching):
    """The stronger search: :class:`SearchPlayer`'s samples and playouts with
    two levers (pintas/line_infer.h). In the playouts every seat plays a move
    drawn from a softmax of the suit player's score; and each sample is
    weighted by how likely the other seats' placements this round were,
    holding the sampled tiles, under a model of play (the same softmax mixed
    with uniform play), so a partner's lead from its long number, or a seat
    that kept a number alive, tells where the hidden tiles lie.

    ``levers`` (names of ``_search.LEVERS``; None: all) switches them;
    ``samples``, ``seconds``, ``seed`` and ``stop`` are as
    :class:`SearchPlayer`'s. With ``seconds`` None the result depends only on
    (view, ``seed``, ``samples``, ``levers``); when the time allows no sample
    :class:`SuitPlayer`'s move is played.

    >>> from pintas import domino
    >>> game = domino.Game(domino.Rules.muggins(), seed=3)
    >>> player = InferPlayer(samples=20, seed=2)
    >>> while game.round == 1:
    ...     _ = game.play(player.choose(game.view(game.to_move)))
    >>> game.round
    2
    """

    def __init__(self, samples: int = 200, seconds: float | None = None, seed: int = 0,
                 stop: Stop | None = None, levers: Sequence[str] | None = None) -> None:
        super().__init__(samples, seconds, seed, stop)
        self.params = _search.infer_defaults()
        if levers is not None:
            if isinstance(levers, str) or not all(isinstance(x, str) for x in levers):
                raise RulesTypeError(f"levers are names of levers: got {levers!r}")
            for name in levers:
                check_choice("lever", name, tuple(_search.LEVERS))
            self.params["levers"] = frozenset(levers)
        self.levers = None if levers is None else tuple(sorted(self.params["levers"]))

    def evaluate(self, view: View, start: float | None = None) -> dict[Move, float] | None:
        """Weighted mean playout outcome of every legal move, or None if the
        time budget (counted from ``start``, default now) allowed no sample."""
        info = _search.Info(view)
        weight = [0.0]

        def batch(first: int, count: int) -> tuple[list[Move], list[float], int]:
            moves, sums, ran, part = info.infer(self.seed, first, count, self.params,
                                                self.budget.stop)
            weight[0] += part
            return moves, sums, ran

        moves, sums, done = self.budget.run(batch, start)
        if not done or weight[0] <= 0:
            return None
        return {m: total / weight[0] for m, total in zip(moves, sums, strict=True)}

    def __repr__(self) -> str:
        extra = "" if self.levers is None else f", levers={self.levers!r}"
        return (f"InferPlayer(samples={self.samples}, seconds={self.seconds!r}, "
                f"seed={self.seed}{extra})")

"""Computer players for the dice games: each has ``choose(view) -> Move`` and
sees only the :class:`~pintas.dice.View` of its seat.

- :class:`RandomPlayer`: any legal move.
- :class:`ThresholdPlayer`: the best-scoring keep, and banks at a turn total.
- :class:`OptimalPlayer`: the optimal single-turn policy of :func:`solve_turn`.
"""

from __future__ import annotations

from .._base import Twister
from .._checks import check_bool, check_seed, is_whole
from ..errors import RulesError, RulesTypeError
from . import _search
from ._engine import Move
from ._search import Policy, solve_turn
from .game import View
from .rules import Rules

__all__ = ["OptimalPlayer", "RandomPlayer", "ThresholdPlayer"]


class RandomPlayer:
    """Any legal move, uniformly at random (from its own seeded generator).

    >>> from pintas import dice
    >>> g = dice.Game(dice.Rules.farkle(), seed=3)
    >>> RandomPlayer(seed=1).choose(g.view(0))
    Move('roll')
    """

    def __init__(self, seed: int | None = None) -> None:
        check_seed(seed, optional=True)
        self._rng = Twister(seed)  # random.Random(seed)'s stream, drawn as its choice draws

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        return _search.random_choose(view, self._rng)

    __call__ = choose

    def __repr__(self) -> str:
        return "RandomPlayer()"


class ThresholdPlayer:
    """Keeps the best-scoring keep (most points, then fewest dice) and banks as
    soon as the turn total reaches ``bank_at``.

    >>> p = ThresholdPlayer(bank_at=300)
    >>> from pintas import dice
    >>> g = dice.Game(dice.Rules.farkle(), seed=3)
    >>> _ = g.play("roll 1 1 5 2 3 4")
    >>> p.choose(g.view(0))
    Move('keep', (1, 1, 5))
    """

    def __init__(self, bank_at: int = 1000) -> None:
        if not is_whole(bank_at) or bank_at < 0:
            error = RulesError if is_whole(bank_at) else RulesTypeError
            raise error(f"bank_at must be a whole number >= 0: got {bank_at!r}")
        self.bank_at = bank_at

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        # a turn total never reaches past 2**31: a larger bank_at banks as never
        return _search.threshold_choose(view, min(self.bank_at, 2**31 - 1))

    __call__ = choose

    def __repr__(self) -> str:
        return f"ThresholdPlayer(bank_at={self.bank_at})"


class OptimalPlayer:
    """Follows the optimal single-turn policy of :func:`solve_turn`: it keeps and
    banks so as to maximise the expected turn total. It also banks whenever
    banking wins the game at once (no final round).

    ``rules`` None means: the rules of each view (solved once per rules).

    >>> from pintas import dice
    >>> p = OptimalPlayer(dice.Rules.farkle())
    >>> g = dice.Game(dice.Rules.farkle(), seed=3)
    >>> _ = g.play("roll 1 1 5 2 3 4")
    >>> p.choose(g.view(0))
    Move('keep', (1,))
    """

    def __init__(self, rules: Rules | None = None, bank_to_win: bool = True) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise RulesTypeError(f"OptimalPlayer needs dice.Rules or None: got {rules!r}")
        check_bool("bank_to_win", bank_to_win)
        self.rules = rules
        self.bank_to_win = bank_to_win
        self.policy: Policy | None = solve_turn(rules) if rules is not None else None

    def _policy(self, view: View) -> Policy:
        View.check(view)
        if self.policy is not None:
            return self.policy
        return solve_turn(view.rules)

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        return _search.optimal_choose(view, self._policy(view), self.bank_to_win)

    __call__ = choose

    def __repr__(self) -> str:
        return f"OptimalPlayer({self.rules!r})"

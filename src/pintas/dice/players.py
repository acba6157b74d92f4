"""Computer players for the dice games: each has ``choose(view) -> Move`` and
sees only the :class:`~pintas.dice.View` of its seat.

- :class:`RandomPlayer`: any legal move.
- :class:`ThresholdPlayer`: the best-scoring keep, and banks at a turn total.
- :class:`OptimalPlayer`: the optimal single-turn policy of :func:`solve_turn`.
"""

from __future__ import annotations

import random

from .._checks import check_bool, check_seed, is_whole
from ..errors import IllegalMoveError, RulesError, RulesTypeError
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
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        return self._rng.choice(View.moves_to_choose(view))

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
        View.moves_to_choose(view)
        if view.phase == "keep":
            return view.keeps()[0].move
        if view.phase == "bank_or_roll" and view.turn_total >= self.bank_at:
            return Move.bank()
        return Move.roll()

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
        View.moves_to_choose(view)
        policy = self._policy(view)
        if view.phase == "keep":
            keep = policy.best_keep(view.last_roll, view.pool, view.turn_total)
            if keep is None:  # cannot happen: the game ends such turns itself
                raise IllegalMoveError(f"no legal keep in {view.last_roll}")
            return keep.move
        if view.phase == "bank_or_roll":
            rules = view.rules
            if self.bank_to_win and not rules.final_round \
                    and view.score + view.turn_total >= rules.target:
                return Move.bank()
            if policy.should_bank(view.turn_total, view.pool):
                return Move.bank()
        return Move.roll()

    __call__ = choose

    def __repr__(self) -> str:
        return f"OptimalPlayer({self.rules!r})"

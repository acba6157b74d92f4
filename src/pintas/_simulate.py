"""What the batch simulations of the games share: their totals and their checks.

A game's ``simulate(rules, games, seed)`` plays whole games of uniformly
random legal moves in C, with the GIL released, and returns its totals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from ._checks import check_games, check_seed
from ._rules import RulesBase
from .errors import RulesTypeError

S = TypeVar("S", bound="SimulationStats")


@dataclass(frozen=True)
class SimulationStats:
    """Totals of a batch of random games played in C: games, rounds and moves,
    wins and points per side (a win shared at a round limit, or in Caminos,
    counts for every side sharing it)."""

    #: The field that counts the rounds that ended blocked.
    _BLOCKED: ClassVar[str]

    games: int
    rounds: int
    moves: int
    wins: tuple[int, ...]
    points: tuple[int, ...]

    @property
    def mean_points_per_round(self) -> tuple[float, ...]:
        """Points per round for each side."""
        return tuple(p / self.rounds for p in self.points) if self.rounds else ()

    @property
    def block_rate(self) -> float:
        """Share of rounds that ended blocked (nobody could play on)."""
        blocked: int = getattr(self, self._BLOCKED)
        return blocked / self.rounds if self.rounds else 0.0


def simulate(stats: type[S], run: Callable[[tuple[int, ...], int, int], dict[str, Any]],
             rules: object, rules_type: type[RulesBase], games: int, seed: int,
             sides: int) -> S:
    """Check the arguments, ``run`` the binding's batch and total it as
    ``stats``, keeping the entries of the ``sides`` the rules have."""
    if not isinstance(rules, rules_type):
        raise RulesTypeError(f"simulate needs a {rules_type.__module__.split('.')[1]}.Rules: "
                         f"got {rules!r}")
    check_games(games)
    check_seed(seed)
    totals: dict[str, Any] = {name: tuple(value[:sides]) if isinstance(value, list) else value
                              for name, value in run(rules._fields(), games, seed).items()}
    return stats(**totals)

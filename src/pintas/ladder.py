"""The difficulty dial measured: a paired tournament between each two adjacent
levels of a family (:data:`pintas.registry.LEVELS`), as docs/strength.md tables it.

``python -m pintas ladder dominican`` rebuilds a table of that page: one row a
step up the dial, with its paired margins (points, and the share of the games
won) and their 95% confidence intervals. The results are a pure function of the
rules, the levels' player specs, the deals and the seed.

>>> from pintas.tournament import rules_for
>>> steps = climb(rules_for("muggins", players=2, target=30), deals=2)
>>> [(s.lower, s.upper) for s in steps]
[('beginner', 'casual'), ('casual', 'club'), ('club', 'expert'), ('expert', 'master')]
>>> steps[0].specs
('greedy', 'random')
"""

from __future__ import annotations

import concurrent.futures
import functools
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import registry
from .tournament import Margin, Tournament, TournamentResults

__all__ = ["Step", "climb", "table"]

#: The table's head: the columns of docs/strength.md's ladders.
HEAD = ("| step | A − B | deals × seatings | margin (95% CI) | win share margin (95% CI) "  # noqa: RUF001
        "| A / B won | time |\n|---|---|---|---|---|---|---|")


@dataclass(frozen=True)
class Step:
    """One step up the dial: ``upper`` against ``lower`` (level names), and
    what their tournament measured."""

    lower: str
    upper: str
    results: TournamentResults

    @property
    def specs(self) -> tuple[str, str]:
        """The player specs of the upper and the lower level (A, B)."""
        a, b = self.results.tournament.types
        return a, b

    @property
    def points(self) -> Margin:
        """The paired margin in points, upper - lower."""
        return self.results.compare(*self.specs)

    @property
    def wins(self) -> Margin:
        """The paired margin in the share of the games won, upper - lower."""
        return self.results.compare(*self.specs, metric="wins")

    def row(self) -> str:
        """The step as a row of :data:`HEAD`'s table."""
        a, b = self.specs
        wins = self.results.wins
        games = self.results.games
        share = f"{100 * wins[a] / games:.1f}% / {100 * wins[b] / games:.1f}%"
        seatings = len(self.results.tournament.seatings)
        return (f"| {self.upper} − {self.lower} | {a} − {b} | {self.results.deals} × "  # noqa: RUF001
                f"{seatings} | {_margin(self.points, 2)} | {_margin(self.wins, 3)} "
                f"| {share} | {self.results.seconds:.0f} s |")


def _margin(margin: Margin, digits: int) -> str:
    return f"**{margin.mean:+.{digits}f} ± {margin.half_width:.{digits}f}**"


def climb(rules: Any, deals: int, seed: int = 0,
          executor: concurrent.futures.Executor | None = None,
          progress: Callable[[str, int, int], None] | None = None) -> list[Step]:
    """Each step of the dial of ``rules``' family: the tournament of every
    two adjacent levels over ``deals`` deals from ``seed`` (on ``executor`` if
    given), ``progress(step, games_done, games_total)`` as it goes. Dice are
    measured in games of two."""
    family = registry.family_of(rules)
    count = family.seats(rules, 2)
    steps = []
    for lower, upper in itertools.pairwise(registry.LEVELS):
        specs = [family.strength(upper, rules, count), family.strength(lower, rules, count)]
        if specs[0] == specs[1]:
            continue   # the same player at both levels here (dice without a win table)
        event = Tournament(rules, specs, deals=deals, seed=seed)
        ran = event.run(executor, None if progress is None
                        else functools.partial(progress, f"{upper} - {lower}"))
        steps.append(Step(lower, upper, ran))
    return steps


def table(steps: Sequence[Step]) -> str:
    """The steps as docs/strength.md's table (Markdown)."""
    return "\n".join([HEAD, *(step.row() for step in steps)])

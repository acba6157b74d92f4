"""The strength guard: no change weakens a computer player unseen.

Each player kind of each family plays a short paired tournament against a
fixed reference (the kind below it) from a fixed seed, and its margin must stay
above a floor: the mean less four standard deviations of that same short
tournament's margin over many seeds (docs/strength.md, "The guard"). The same
tournament with the kind made random falls below the floor: the guard trips.

Re-measure the spread (after a change that makes a player stronger, or to
check the floors) with ``python -m tests.test_strength_guard [SEEDS [NAME]]`` (NAME: only the
guards whose name holds it, e.g. ``caminos``).
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import dataclass, field
from typing import Any

import pytest

from pintas import registry, tournament
from pintas.tournament import Tournament

#: How many standard deviations below the mean a floor lies.
SPREADS = 4.0


@dataclass(frozen=True)
class Guard:
    """A player kind's short tournament against ``reference`` and its floor
    (a paired margin in points: per round in the line games, per game in
    Caminos and dice)."""

    game: str
    kind: str
    reference: str
    deals: int
    floor: float
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.game}-{self.kind}-{self.reference}"

    def margin(self, seed: int = 0) -> float:
        """The kind's paired margin over the reference from ``seed``."""
        rules = tournament.rules_for(self.game, **self.options)
        results = Tournament(rules, [self.kind, self.reference], deals=self.deals,
                             seed=seed).run()
        return results.compare(self.kind, self.reference).mean


#: The guards, each measured by ``python -m tests.test_strength_guard``.
GUARDS = (
    Guard("muggins", "greedy", "random", 10, 6.0, {"players": 3}),
    Guard("dominican", "suit", "greedy", 100, 3.0),
    Guard("dominican", "search", "suit", 30, 6.0),
    Guard("caminos", "greedy", "random", 50, 0.2),
    Guard("caminos", "suit", "greedy", 15, 0.85),
    Guard("caminos", "search", "greedy", 6, 0.85),
    Guard("farkle", "threshold", "random", 40, 600.0),
    Guard("farkle", "optimal", "threshold", 60, 4000.0),
    Guard("farkle", "win", "threshold", 60, 3650.0),
)


def _guards() -> list[Any]:
    """The guards, and the stronger domino player's (against the search's
    reference, at the search's floor) when there is one."""
    search = next(g for g in GUARDS if g.game == "dominican" and g.kind == "search")
    infer = Guard(search.game, "infer", search.reference, search.deals, search.floor)
    present = registry.preset("dominican").family.player_kind("infer") is not None
    return [*GUARDS, pytest.param(infer, marks=pytest.mark.skipif(
        not present, reason="no infer player"))]


@pytest.mark.parametrize("guard", _guards(), ids=lambda guard: guard.name)
def test_no_player_falls_below_its_floor(guard: Guard) -> None:
    assert guard.margin() >= guard.floor


@pytest.mark.parametrize("guard", GUARDS, ids=lambda guard: guard.name)
def test_a_player_made_random_trips_the_guard(guard: Guard,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    made = registry.make_player

    def weakened(spec: str, rules: Any, seed: int = 0) -> Any:
        return made("random" if spec == guard.kind else spec, rules, seed)

    monkeypatch.setattr(tournament, "make_player", weakened)
    assert guard.margin() < guard.floor


def measure(seeds: int, only: str = "") -> None:
    """Each guard's short tournament over seeds 1..``seeds``: the mean and
    standard deviation of its margin, the floor they give, and the floor set
    (``only``: the guards whose name holds it)."""
    print("| game | kind - reference | deals | mean | s.d. | mean - 4 s.d. | floor | seed 0 |")
    print("|---|---|---|---|---|---|---|---|")
    for guard in (g for g in GUARDS if only in g.name):
        margins = [guard.margin(seed) for seed in range(1, seeds + 1)]
        mean, spread = statistics.fmean(margins), statistics.stdev(margins)
        print(f"| {guard.game} {guard.options or ''} | {guard.kind} - {guard.reference} "
              f"| {guard.deals} | {mean:+.2f} | {spread:.2f} | {mean - SPREADS * spread:+.2f} "
              f"| {guard.floor:+.2f} | {guard.margin():+.2f} |", flush=True)


if __name__ == "__main__":
    measure(int(sys.argv[1]) if len(sys.argv) > 1 else 30, *sys.argv[2:3])

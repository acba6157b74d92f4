"""Paired-deal tournaments between computer players, for every game.

The same deals are replayed with the seats rotated, so every player type sits
in every seat for every deal (in pairs: each team is one player type, and the
types swap teams). Luck of the deal then cancels out of the comparison: the
*paired margin* of player A over player B is measured deal by deal, and its 95%
confidence interval comes from the spread of those per-deal margins.

Players are given as specs (strings): ``random``, ``greedy``, ``suit``,
``search`` (or ``search:500`` for a budget of 500 samples a decision) for the
line games and Caminos; ``random``, ``threshold:N`` (bank at a turn total of N)
and ``optimal`` for dice. They are built through :mod:`pintas.registry`, and
the tournament is written against the game protocol: it plays every game.

The unit of work is one game: :func:`play_game` is a pure function of (rules,
lineup, deal seed, player seed), so a :class:`Tournament` runs on any
:class:`concurrent.futures.Executor` (a process pool, Dask's
``Client.get_executor()``, Ray's ...) and gives the same results as in-process.

Measures, per player type: games won (a shared win counts as a share), mean
points per round (line games: a side's final score over the rounds its game
lasted; Caminos and dice: per game), and between two types the paired margin of
:meth:`TournamentResults.compare`.

>>> from pintas import domino
>>> t = Tournament(rules_for("muggins", players=2, target=50), ["greedy", "random"], deals=4)
>>> [list(s) for s in t.seatings]
[['greedy', 'random'], ['random', 'greedy']]
>>> r = t.run()
>>> r.games, sum(r.wins.values())
(8, 8.0)
"""

from __future__ import annotations

import concurrent.futures
import math
import statistics
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import registry
from .errors import RulesError
from .registry import PlayerSpec, make_player, parse_player

__all__ = [
    "GAMES",
    "GameRecord",
    "Margin",
    "PlayerSpec",
    "Tournament",
    "TournamentResults",
    "make_player",
    "paired_margin",
    "parse_player",
    "play_game",
    "play_games",
    "rules_for",
]

Progress = Callable[[int, int], None]
Lineup = tuple[str, ...]

#: Every game and preset a tournament (and ``python -m pintas``) knows.
GAMES = tuple(p.name for p in registry.presets())
#: z for a two-sided 95% interval under the normal approximation.
Z95 = 1.959963984540054
#: A game that runs longer than this is stuck (e.g. dice players that never bank).
MAX_MOVES = 200_000
_MASK64 = (1 << 64) - 1


# ---- rules and players ----------------------------------------------------------


def rules_for(game: str, **options: Any) -> Any:
    """The rules of preset ``game`` (one of :data:`GAMES`) with ``options``
    (those the preset takes: ``mode``, ``players``, ``pairs``, ``target``, ...;
    None means the preset's default).

    >>> str(rules_for("capicua", pairs=True))
    'capicua (4 players in pairs) to 20'
    >>> rules_for("chess")
    Traceback (most recent call last):
    ...
    pintas.errors.RulesError: no game 'chess': choose one of dominican, muggins, capicua, \
caminos, caminos_no_renewal, caminos_two_paths, dice_of_doom, farkle
    """
    return registry.preset(game).rules(**options)


def derive_seed(*parts: int) -> int:
    """A 64-bit seed mixed from whole numbers (SplitMix64 steps): the same on
    every platform and in every process, unlike :func:`hash`.

    >>> derive_seed(0, 1) != derive_seed(1, 0)
    True
    """
    state = 0x9E3779B97F4A7C15
    for part in parts:
        state = (state ^ (part & _MASK64)) * 0xBF58476D1CE4E5B9 & _MASK64
        state = (state ^ (state >> 27)) * 0x94D049BB133111EB & _MASK64
        state ^= state >> 31
    return state


# ---- one game: the unit of work -----------------------------------------------


@dataclass(frozen=True)
class GameRecord:
    """The outcome of one game, seat by seat.

    ``points``: the final score of each seat's side (its team's in pairs);
    ``sides``: the side each seat plays for; ``winners``: the winning sides
    (several when a win is shared); ``rounds``: rounds (deals) played in a line
    game or Caminos, turns in dice.
    """

    lineup: Lineup
    points: tuple[int, ...]
    sides: tuple[int, ...]
    winners: tuple[int, ...]
    rounds: int
    moves: int

    def win_share(self, seat: int) -> float:
        """The share of the win of ``seat``'s side: 1, 1/k for a k-way tie, or 0."""
        return 1 / len(self.winners) if self.sides[seat] in self.winners else 0.0


def play_game(rules: Any, lineup: Lineup, deal_seed: int, player_seed: int) -> GameRecord:
    """Play one whole game: seat ``s`` is a fresh ``lineup[s]`` player.

    A pure function of its (picklable) arguments: the deals come from
    ``deal_seed``, each player's randomness from ``player_seed`` and its seat.

    >>> rules = rules_for("dominican", mode="two", target=50)
    >>> rec = play_game(rules, ("greedy", "random"), deal_seed=3, player_seed=4)
    >>> rec == play_game(rules, ("greedy", "random"), deal_seed=3, player_seed=4)
    True
    """
    family = registry.family_of(rules)
    seats = family.seats(rules, len(lineup))
    if len(lineup) != seats:
        raise RulesError(f"{rules} has {seats} seats: got a lineup of {len(lineup)}")
    players = [make_player(spec, rules, derive_seed(player_seed, seat))
               for seat, spec in enumerate(lineup)]
    game = family.new_game(rules, seats, deal_seed)
    moves = 0
    while not game.is_over:
        if moves >= MAX_MOVES:
            raise RulesError(f"a game of {rules} between {', '.join(lineup)} did not end "
                             f"within {MAX_MOVES} moves (deal seed {deal_seed})")
        seat = game.to_move
        assert seat is not None  # the game is not over
        game.play(players[seat].choose(game.view(seat)))
        moves += 1
    sides = tuple(game.side_of(seat) for seat in range(seats))
    points = tuple(game.scores[side] for side in sides)
    return GameRecord(lineup, points, sides, game.winners, family.rounds(game), moves)


def play_games(rules: Any,
               jobs: Sequence[tuple[Lineup, int, int]]) -> list[GameRecord]:
    """:func:`play_game` for each (lineup, deal seed, player seed): one batch of work."""
    return [play_game(rules, lineup, deal, player) for lineup, deal, player in jobs]


# ---- statistics ------------------------------------------------------------------


@dataclass(frozen=True)
class Margin:
    """A paired margin: the mean per-deal difference and its 95% confidence interval.

    The interval is the normal approximation ``mean +- 1.96 * sd / sqrt(n)``
    over the ``n`` deals (sd the sample standard deviation of the per-deal
    differences): fine from a few dozen deals on; with fewer than 2 deals it is
    unbounded.
    """

    mean: float
    half_width: float
    deals: int
    unit: str = "points"

    @property
    def low(self) -> float:
        """Lower end of the 95% interval."""
        return self.mean - self.half_width

    @property
    def high(self) -> float:
        """Upper end of the 95% interval."""
        return self.mean + self.half_width

    @property
    def significant(self) -> bool:
        """True when the 95% interval excludes 0."""
        return self.low > 0 or self.high < 0

    def __str__(self) -> str:
        return (f"{self.mean:+.2f} ± {self.half_width:.2f} {self.unit} "
                f"(95% CI {self.low:+.2f} .. {self.high:+.2f}, {self.deals} deals)")


def paired_margin(differences: Sequence[float], unit: str = "points") -> Margin:
    """The mean of per-deal differences and its 95% normal-approximation interval.

    >>> m = paired_margin([1.0, 3.0, 2.0, 6.0])
    >>> m.mean, round(m.half_width, 4)
    (3.0, 2.117)
    """
    n = len(differences)
    if n == 0:
        return Margin(math.nan, math.inf, 0, unit)
    mean = math.fsum(differences) / n
    if n < 2:
        return Margin(mean, math.inf, n, unit)
    return Margin(mean, Z95 * statistics.stdev(differences) / math.sqrt(n), n, unit)


# ---- the tournament ----------------------------------------------------------------


def _seatings(players: Sequence[str], seats: int, pairs: bool) -> tuple[Lineup, ...]:
    """Every rotation round the table of every lineup that cycles ``players``
    over the seats from a different first player, each seating once.

    Two types in three seats give ``a b a`` and ``b a b``, each rotated: both
    types hold two seats as often as one, so neither meets a friendlier table.
    """
    out: list[Lineup] = []
    for first in range(len(players)):
        base = [players[(first + i) % len(players)] for i in range(seats)]
        for shift in range(seats):
            lineup = tuple(base[shift:] + base[:shift])
            if lineup not in out:
                out.append(lineup)
    if pairs:
        assert all(lineup[s] == lineup[s + 2] for lineup in out for s in (0, 1))
    return tuple(out)


class Tournament:
    """A paired-deal tournament of ``players`` (specs) at the game of ``rules``.

    ``rules``: domino, caminos or dice rules, or a preset name for
    :func:`rules_for`. ``players``: the player types; when there are fewer than
    seats they are repeated round the table, starting from each type in turn
    (``a, b`` in 3 seats sits ``a b a`` and ``b a b``, each in its 3
    rotations); in pairs, give one or two (a team is one type). A list as long
    as the seats is a lineup, only rotated. Dice games have as many seats as
    player types. ``deals``: how many deals; each is
    played once per seating (:attr:`seatings`). ``seed``: everything follows
    from it. ``batch``: games per unit of work (default: about 2% of all).
    """

    def __init__(self, rules: Any, players: Sequence[str], deals: int = 100,
                 seed: int = 0, batch: int | None = None) -> None:
        self.rules: Any = rules_for(rules) if isinstance(rules, str) else rules
        family = registry.family_of(self.rules)
        if isinstance(players, str) or not players:
            raise RulesError(f"players is a list of specs like ['search', 'suit']: "
                             f"got {players!r}")
        self.players: Lineup = tuple(str(parse_player(p, self.rules)) for p in players)
        self.types: Lineup = tuple(dict.fromkeys(self.players))
        seats = family.seats(self.rules, len(self.players))
        sides = [family.new_game(self.rules, seats, 0).side_of(s) for s in range(seats)]
        pairs = len(set(sides)) < seats
        if len(self.players) > seats:
            raise RulesError(f"{self.rules} has {seats} seats: got {len(self.players)} players")
        if pairs and len(self.types) > 2:
            raise RulesError(f"in pairs each team is one player type: give 1 or 2 players, "
                             f"got {', '.join(self.players)}")
        for name, value, low in (("deals", deals, 1), ("seed", seed, 0)):
            if type(value) is not int or not low <= value <= _MASK64:
                raise RulesError(f"{name} must be a whole number >= {low}: got {value!r}")
        if batch is not None and (type(batch) is not int or batch < 1):
            raise RulesError(f"batch must be a whole number >= 1: got {batch!r}")
        self.deals = deals
        self.seed = seed
        self.seatings: tuple[Lineup, ...] = _seatings(self.players, seats, pairs)
        self.batch = batch or max(1, self.games // 50)

    @property
    def games(self) -> int:
        """Games in all: deals times seatings."""
        return self.deals * len(self.seatings)

    def jobs(self) -> Iterator[tuple[Lineup, int, int]]:
        """Every game's (lineup, deal seed, player seed), deal by deal, seating by seating."""
        for deal in range(self.deals):
            deal_seed = derive_seed(self.seed, deal)
            for index, lineup in enumerate(self.seatings):
                yield lineup, deal_seed, derive_seed(self.seed, deal, index + 1)

    def run(self, executor: concurrent.futures.Executor | None = None,
            progress: Progress | None = None) -> TournamentResults:
        """Play every game, on ``executor`` if given (else here), calling
        ``progress(games_done, games_total)`` as batches finish."""
        jobs = list(self.jobs())
        batches = [jobs[i:i + self.batch] for i in range(0, len(jobs), self.batch)]
        records: list[list[GameRecord] | None] = [None] * len(batches)
        start = time.perf_counter()
        done = 0
        if executor is None:
            for index, batch in enumerate(batches):
                records[index] = play_games(self.rules, batch)
                done += len(batch)
                if progress is not None:
                    progress(done, len(jobs))
        else:
            futures = {executor.submit(play_games, self.rules, batch): index
                       for index, batch in enumerate(batches)}
            try:
                for future in concurrent.futures.as_completed(futures):
                    index = futures[future]
                    records[index] = future.result()
                    done += len(batches[index])
                    if progress is not None:
                        progress(done, len(jobs))
            finally:
                for future in futures:
                    future.cancel()
        flat = [record for batch in records if batch is not None for record in batch]
        return TournamentResults(self, tuple(flat), time.perf_counter() - start)


@dataclass(frozen=True)
class TournamentResults:
    """What a :class:`Tournament` measured; ``str()`` gives a readable table."""

    tournament: Tournament
    records: tuple[GameRecord, ...] = field(repr=False)
    seconds: float

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.records)

    @property
    def rounds(self) -> int:
        """Rounds played in all (turns in dice)."""
        return sum(r.rounds for r in self.records)

    @property
    def rounds_per_second(self) -> float:
        """Rounds played per second of wall time."""
        return self.rounds / self.seconds if self.seconds > 0 else math.inf

    @property
    def per_round(self) -> bool:
        """True when points are measured per round (line games), else per game."""
        return registry.family_of(self.tournament.rules).per_round

    @property
    def unit(self) -> str:
        """What a point figure means: points per round or per game."""
        return "points/round" if self.per_round else "points/game"

    @property
    def wins(self) -> dict[str, float]:
        """Games won by each player type (a win shared by k sides counts 1/k)."""
        out = dict.fromkeys(self.tournament.types, 0.0)
        for record in self.records:
            for side in record.winners:
                seat = record.sides.index(side)
                out[record.lineup[seat]] += 1 / len(record.winners)
        return out

    def mean_points(self, player: str) -> float:
        """Mean points of ``player``'s seats (per round in line games, else per game)."""
        values = [self._seat_value(record, seat, "points")
                  for record in self.records
                  for seat, who in enumerate(record.lineup) if who == player]
        return math.fsum(values) / len(values) if values else math.nan

    def _seat_value(self, record: GameRecord, seat: int, metric: str) -> float:
        if metric == "wins":
            return record.win_share(seat)
        points = record.points[seat]
        return points / record.rounds if self.per_round and record.rounds else float(points)

    def _type_value(self, record: GameRecord, player: str, metric: str) -> float:
        values = [self._seat_value(record, seat, metric)
                  for seat, who in enumerate(record.lineup) if who == player]
        return math.fsum(values) / len(values)

    def deal_differences(self, a: str, b: str, metric: str = "points") -> list[float]:
        """Per deal: the mean over its seatings of (a's value - b's value), where
        a type's value in a game is the mean over its seats."""
        self._check_type(a)
        self._check_type(b)
        if metric not in ("points", "wins"):
            raise RulesError(f"metric is 'points' or 'wins': got {metric!r}")
        per_deal = len(self.tournament.seatings)
        out = []
        for start in range(0, len(self.records), per_deal):
            games = self.records[start:start + per_deal]
            out.append(math.fsum(self._type_value(g, a, metric) - self._type_value(g, b, metric)
                                 for g in games) / len(games))
        return out

    def compare(self, a: str, b: str, metric: str = "points") -> Margin:
        """The paired margin of ``a`` over ``b``: mean per-deal difference in
        points (per round in line games, per game otherwise) or, with
        ``metric="wins"``, in share of games won per seat; with its 95% CI."""
        unit = self.unit if metric == "points" else "wins/game"
        return paired_margin(self.deal_differences(a, b, metric), unit)

    def _check_type(self, player: str) -> None:
        if player not in self.tournament.types:
            raise RulesError(f"{player!r} did not play: the players were "
                             f"{', '.join(self.tournament.types)}")

    def __str__(self) -> str:
        t = self.tournament
        lines = [f"{t.rules}: {t.deals} deals x {len(t.seatings)} seatings = {self.games} games, "
                 f"{self.rounds} {registry.family_of(t.rules).round_word}s, "
                 f"{self.seconds:.1f} s ({self.rounds_per_second:.1f}/s), seed {t.seed}"]
        width = max(len("player"), *(len(p) for p in t.types))
        lines.append(f"{'player':<{width}}  {'won':>8}  {'win %':>6}  {self.unit:>12}")
        wins = self.wins
        for player in t.types:
            lines.append(f"{player:<{width}}  {wins[player]:>8.1f}  "
                         f"{100 * wins[player] / max(1, self.games):>5.1f}%  "
                         f"{self.mean_points(player):>12.2f}")
        pairs = [(a, b) for i, a in enumerate(t.types) for b in t.types[i + 1:]]
        if pairs:
            lines.append(f"paired margins over {t.deals} deals (95% CI, normal approximation):")
        for a, b in pairs:
            points = self.compare(a, b)
            wins_margin = self.compare(a, b, "wins")
            lines.append(f"  {a} - {b}: {points.mean:+.2f} ± {points.half_width:.2f} "
                         f"{self.unit}; win share {wins_margin.mean:+.3f} ± "
                         f"{wins_margin.half_width:.3f}")
        return "\n".join(lines)

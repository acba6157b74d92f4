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
import contextlib
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
    "Interrupted",
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
#: Fewer deals than this and the normal approximation of the intervals means little.
FEW_DEALS = 30
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

    def to_dict(self) -> dict[str, Any]:
        """The margin as plain data (JSON-ready: a figure that is not finite,
        such as the unbounded half-width of one deal, is None)."""
        return {"mean": _finite(self.mean), "half_width": _finite(self.half_width),
                "low": _finite(self.low), "high": _finite(self.high), "deals": self.deals,
                "unit": self.unit, "significant": self.significant}

    def __str__(self) -> str:
        return (f"{self.mean:+.2f} ± {self.half_width:.2f} {self.unit} "
                f"(95% CI {self.low:+.2f} .. {self.high:+.2f}, {self.deals} deals)")


def _finite(value: float) -> float | None:
    return value if math.isfinite(value) else None


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
        ``progress(games_done, games_total)`` as batches finish.

        Ctrl-C (KeyboardInterrupt) raises :class:`Interrupted`, which holds
        the results of the deals finished so far.
        """
        jobs = list(self.jobs())
        batches = [jobs[i:i + self.batch] for i in range(0, len(jobs), self.batch)]
        records: list[list[GameRecord] | None] = [None] * len(batches)
        start = time.perf_counter()

        def finished(index: int, batch: list[GameRecord]) -> None:
            records[index] = batch
            if progress is not None:
                progress(sum(len(b) for b in records if b is not None), len(jobs))

        try:
            if executor is None:
                for index, batch in enumerate(batches):
                    finished(index, play_games(self.rules, batch))
            else:
                self._run_on(executor, batches, finished)
        except KeyboardInterrupt:
            partial = self._finished_deals(records)
            raise Interrupted(TournamentResults(self, partial, time.perf_counter() - start,
                                                partial=True)) from None
        flat = [record for batch in records if batch is not None for record in batch]
        return TournamentResults(self, tuple(flat), time.perf_counter() - start)

    def _run_on(self, executor: concurrent.futures.Executor,
                batches: list[list[tuple[Lineup, int, int]]],
                finished: Callable[[int, list[GameRecord]], None]) -> None:
        """Every batch on ``executor``, ``finished(index, records)`` as each ends.
        On Ctrl-C the batches not begun are cancelled and those already running
        are still waited for (their workers finish them anyway), unless Ctrl-C
        comes again."""
        futures = {executor.submit(play_games, self.rules, batch): index
                   for index, batch in enumerate(batches)}
        try:
            for future in concurrent.futures.as_completed(futures):
                finished(futures[future], future.result())
        except KeyboardInterrupt:
            running = [f for f in futures if not f.done() and not f.cancel()]
            with contextlib.suppress(KeyboardInterrupt):
                for future in concurrent.futures.as_completed(running):
                    finished(futures[future], future.result())
            raise
        finally:
            for future in futures:
                future.cancel()

    def _finished_deals(self, batches: Sequence[list[GameRecord] | None]
                        ) -> tuple[GameRecord, ...]:
        """The records of the deals every seating of which has been played (a
        deal's games may lie in two batches, and batches finish in any order)."""
        games: list[GameRecord | None] = []
        for index, batch in enumerate(batches):
            size = min(self.batch, self.games - index * self.batch)
            games.extend(batch if batch is not None else [None] * size)
        per_deal = len(self.seatings)
        out: list[GameRecord] = []
        for first in range(0, len(games), per_deal):
            deal = [record for record in games[first:first + per_deal] if record is not None]
            if len(deal) == per_deal:
                out.extend(deal)
        return tuple(out)


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped :meth:`Tournament.run`: ``results`` holds every deal
    finished before it (``results.partial`` is True)."""

    def __init__(self, results: TournamentResults) -> None:
        super().__init__("the tournament was interrupted")
        self.results = results


def whole_or_fraction(value: float) -> str:
    """A count that may hold shares of a win: whole numbers as integers, else
    at most two decimals.

    >>> whole_or_fraction(495.0), whole_or_fraction(12.5), whole_or_fraction(1 / 3)
    ('495', '12.5', '0.33')
    """
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


@dataclass(frozen=True)
class TournamentResults:
    """What a :class:`Tournament` measured; ``str()`` gives a readable table."""

    tournament: Tournament
    records: tuple[GameRecord, ...] = field(repr=False)
    seconds: float
    #: True when the run was interrupted: the records are the deals finished before.
    partial: bool = False

    @property
    def games(self) -> int:
        """Games played."""
        return len(self.records)

    @property
    def deals(self) -> int:
        """Deals played, every seating of each (fewer than planned when partial)."""
        return len(self.records) // len(self.tournament.seatings)

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

    @property
    def pairs(self) -> list[tuple[str, str]]:
        """Every two player types, in the order they were given."""
        types = self.tournament.types
        return [(a, b) for i, a in enumerate(types) for b in types[i + 1:]]

    def warnings(self) -> list[str]:
        """Why the 95% intervals may mean little: too few deals for the normal
        approximation, or an interval wider than its margin (the deals do not
        tell the two players apart). Empty when neither."""
        out: list[str] = []
        if 0 < self.deals < FEW_DEALS:
            out.append(f"only {self.deals} deals: the 95% intervals rest on a normal "
                       f"approximation that needs about {FEW_DEALS} deals or more, so they "
                       f"mean little here; play more deals")
        for a, b in self.pairs if self.deals else ():
            margin = self.compare(a, b)
            if margin.half_width > abs(margin.mean):
                out.append(f"{a} - {b}: the interval (± {margin.half_width:.2f}) is wider than "
                           f"the margin ({margin.mean:+.2f}): these {self.deals} deals do not "
                           f"tell the two apart; more deals narrow the interval")
        return out

    def to_dict(self) -> dict[str, Any]:
        """The results as plain data (JSON-ready): the rules (their title and
        options), the players, each player's results, the paired margins with
        their intervals, and what was played (``partial`` after Ctrl-C;
        ``rounds`` counts what ``round_word`` names: turns in dice)."""
        t = self.tournament
        wins = self.wins
        return {
            "rules": str(t.rules), "options": t.rules.to_dict(), "players": list(t.types),
            "seatings": [list(lineup) for lineup in t.seatings], "seed": t.seed,
            "deals": self.deals, "deals_planned": t.deals, "games": self.games,
            "partial": self.partial, "rounds": self.rounds, "round_word": self._round_word,
            "seconds": round(self.seconds, 3), "unit": self.unit,
            "results": [{"player": player, "wins": wins[player],
                         "win_share": wins[player] / self.games if self.games else None,
                         "mean_points": _finite(self.mean_points(player))}
                        for player in t.types],
            "margins": [{"a": a, "b": b, "points": self.compare(a, b).to_dict(),
                         "wins": self.compare(a, b, "wins").to_dict()}
                        for a, b in self.pairs],
        }

    @property
    def _round_word(self) -> str:
        return registry.family_of(self.tournament.rules).round_word

    def __str__(self) -> str:
        t = self.tournament
        lines = [f"{t.rules}: {self.deals} deals x {len(t.seatings)} seatings = "
                 f"{self.games} games",
                 f"{self.rounds} {self._round_word}s in {self.seconds:.1f} s "
                 f"({self.rounds_per_second:.1f} {self._round_word}s/s), seed {t.seed}"]
        if self.partial:
            lines.append(f"partial: interrupted after {self.deals} of {t.deals} deals")
        if not self.records:
            return "\n".join([*lines, "no deal was finished"])
        width = max(len("player"), *(len(p) for p in t.types))
        lines.append(f"{'player':<{width}}  {'won':>8}  {'win %':>6}  {self.unit:>12}")
        wins = self.wins
        for player in t.types:
            lines.append(f"{player:<{width}}  {whole_or_fraction(wins[player]):>8}  "
                         f"{100 * wins[player] / max(1, self.games):>5.1f}%  "
                         f"{self.mean_points(player):>12.2f}")
        return "\n".join(lines + self._margin_lines())

    def _margin_lines(self) -> list[str]:
        """The paired margins as a table: each pair's margin in points and in
        share of games won, with the half-width of its 95% interval."""
        if not self.pairs:
            return []
        width = max(len("A - B"), *(len(f"{a} - {b}") for a, b in self.pairs))
        lines = [f"paired margins over {self.deals} deals (95% CI, normal approximation):",
                 f"  {'A - B':<{width}}  {self.unit:>18}  {'win share a game':>18}"]
        for a, b in self.pairs:
            name = f"{a} - {b}"
            points, wins = self.compare(a, b), self.compare(a, b, "wins")
            lines.append(f"  {name:<{width}}  "
                         f"{f'{points.mean:+.2f} ± {points.half_width:.2f}':>18}  "
                         f"{f'{wins.mean:+.3f} ± {wins.half_width:.3f}':>18}")
        return lines

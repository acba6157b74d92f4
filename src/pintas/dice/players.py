"""Computer players for the dice games: each has ``choose(view) -> Move`` and
sees only the :class:`~pintas.dice.View` of its seat.

- :class:`RandomPlayer`: any legal move.
- :class:`ThresholdPlayer`: the best-scoring keep, and banks at a turn total.
- :class:`OptimalPlayer`: the optimal single-turn policy of :func:`solve_turn`.
- :class:`WinPlayer`: the policy that maximises the probability of winning a
  2-player game, read from a shipped table (docs/strength.md).
"""

from __future__ import annotations

import sys
import zlib
from array import array
from importlib.resources import files
from itertools import accumulate

from .._base import Twister
from .._checks import check_bool, check_seed, is_whole
from ..errors import RulesError, RulesTypeError
from . import _search
from ._engine import Move
from ._search import Policy, Win, solve_turn
from .game import View
from .rules import Rules

__all__ = ["WIN_TABLES", "OptimalPlayer", "RandomPlayer", "StrongestPlayer", "ThresholdPlayer",
           "WinPlayer", "has_win_table", "pack_table", "unpack_table", "win_table"]

#: The win tables shipped in ``pintas/dice/tables``: file name -> (preset, target).
#: A ``.pwin`` file is the table's bytes, a ``.pwz`` file the table packed by
#: :func:`pack_table`. ``tools/dice_win_tables.py`` regenerates them.
WIN_TABLES: dict[str, tuple[str, int]] = {
    "farkle-10000.pwin": ("farkle", 10_000),
    "dice_of_doom-10000.pwin": ("dice_of_doom", 10_000),
    "dice_of_doom-25000.pwz": ("dice_of_doom", 25_000),
    "dice_of_doom-50000.pwz": ("dice_of_doom", 50_000),
    "dice_of_doom-100000.pwz": ("dice_of_doom", 100_000),
}

_HEADER = 160  # bytes before a table's values (PINTAS_DICE_WIN_HEADER)
_GOAL_AT = slice(6, 8)  # the goal, u16 little-endian

_WINS: dict[Rules, Win] = {}


def _goal_and_values(table: bytes) -> tuple[int, array[int]]:
    goal = int.from_bytes(table[_GOAL_AT], "little")
    if table[:4] != b"PWIN" or len(table) != _HEADER + 2 * goal * goal:
        raise RulesError("not a win table")
    return goal, _swapped(array("H", table[_HEADER:]))


def _swapped(values: array[int]) -> array[int]:
    """u16 values read as or written to little-endian bytes (the tables' order):
    on a big-endian machine, a byte-swapped copy."""
    if sys.byteorder == "little":
        return values
    out = array("H", values)
    out.byteswap()
    return out


def _differences(values: array[int], goal: int) -> array[int]:
    """Each value less its left, upper and upper-left neighbours' sum
    W(a, b - 1) + W(a - 1, b) - W(a - 1, b - 1), mod 2**16: the differences a
    smooth table leaves small. :func:`_sums` inverts it."""
    out = array("H", bytes(2 * goal * goal))
    previous = [0] * goal
    for a in range(goal):
        row = values[a * goal:(a + 1) * goal]
        vertical = [(x - p) & 0xFFFF for x, p in zip(row, previous, strict=True)]
        out[a * goal:(a + 1) * goal] = array(
            "H", [(v - u) & 0xFFFF for v, u in zip(vertical, [0, *vertical[:-1]], strict=True)])
        previous = list(row)
    return out


def _sums(differences: array[int], goal: int) -> array[int]:
    """The values whose :func:`_differences` are ``differences``, row by row."""
    out = array("H", bytes(2 * goal * goal))
    previous = [0] * goal
    for a in range(goal):
        vertical = [v & 0xFFFF for v in accumulate(differences[a * goal:(a + 1) * goal])]
        previous = [(p + v) & 0xFFFF for p, v in zip(previous, vertical, strict=True)]
        out[a * goal:(a + 1) * goal] = array("H", previous)
    return out


def pack_table(table: bytes) -> bytes:
    """A win table packed: its header, then each value's difference from its
    neighbours (:func:`_differences`), zlib-compressed. :func:`unpack_table`
    inverts it.

    >>> from pintas import dice
    >>> raw = dice._search.win_policy(dice.Rules.farkle(target=300)).table()
    >>> unpack_table(pack_table(raw)) == raw
    True
    """
    goal, values = _goal_and_values(table)
    return zlib.compress(table[:_HEADER] + _swapped(_differences(values, goal)).tobytes(), 9)


def unpack_table(packed: bytes) -> bytes:
    """The win table that :func:`pack_table` packed."""
    try:
        raw = zlib.decompress(packed)
    except zlib.error as e:
        raise RulesError(f"not a packed win table: {e}") from None
    goal, differences = _goal_and_values(raw)
    return raw[:_HEADER] + _swapped(_sums(differences, goal)).tobytes()


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


def _shipped_table(rules: Rules) -> str | None:
    """The file name of the shipped win table of ``rules`` (:data:`WIN_TABLES`), or None."""
    return next((name for name, (preset, target) in WIN_TABLES.items()
                 if rules == getattr(Rules, preset)(target=target)), None)


def has_win_table(rules: Rules) -> bool:
    """True when a win table of ``rules`` is shipped (:data:`WIN_TABLES`)."""
    return _shipped_table(rules) is not None


def win_table(rules: Rules) -> Win:
    """The shipped win table of ``rules``, opened (once per rules).

    >>> from pintas import dice
    >>> round(win_table(dice.Rules.farkle()).start(0, 0), 4)
    0.5369
    """
    if not isinstance(rules, Rules):
        raise RulesTypeError(f"win_table needs dice.Rules: got {rules!r}")
    win = _WINS.get(rules)
    if win is not None:
        return win
    name = _shipped_table(rules)
    if name is not None:
        table = (files(__package__) / "tables" / name).read_bytes()
        if name.endswith(".pwz"):
            table = unpack_table(table)
        win = _WINS[rules] = _search.win_policy(rules, table)
        return win
    shipped = ", ".join(f"{preset} to {target:,}" for preset, target in WIN_TABLES.values())
    raise RulesError(f"no win table for {rules!r}: the tables shipped are {shipped} "
                     "(pass WinPlayer(rules, table=...) for others)")


class WinPlayer:
    """Plays a 2-player game to win: at each choice the move of the highest
    probability of winning, against an opponent who does the same. The
    start-of-turn values come from a table (:func:`win_table`: Farkle to 10,000
    and Dice of Doom to 10,000, 25,000, 50,000 and 100,000 are shipped); each turn is solved
    from it. Refuses games of other than 2 players.

    ``rules`` None means: the rules of each view. ``table`` (bytes of
    ``dice._search.win_policy(rules).table()``) plays rules with no shipped
    table.

    >>> from pintas import dice
    >>> p = WinPlayer(dice.Rules.farkle())
    >>> g = dice.Game(dice.Rules.farkle(), players=2, seed=3)
    >>> _ = g.play("roll 1 1 5 2 3 4")
    >>> p.choose(g.view(0))
    Move('keep', (1,))
    """

    def __init__(self, rules: Rules | None = None, table: bytes | None = None) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise RulesTypeError(f"WinPlayer needs dice.Rules or None: got {rules!r}")
        if table is not None and rules is None:
            raise RulesError("WinPlayer(table=...) needs the rules the table was solved for")
        self.rules = rules
        self.win: Win | None = None
        if rules is not None:
            self.win = win_table(rules) if table is None else _search.win_policy(rules, table)

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        View.check(view)
        if view.players != 2:
            raise RulesError(f"WinPlayer plays 2-player games only: this game has "
                             f"{view.players} players")
        win = self.win if self.win is not None else win_table(view.rules)
        return _search.win_choose(view, win)

    __call__ = choose

    def __repr__(self) -> str:
        return f"WinPlayer({self.rules!r})"


class StrongestPlayer:
    """The strongest player for each view: :class:`WinPlayer` in a 2-player
    game it has a table for, else :class:`OptimalPlayer` (the move timer's)."""

    def __init__(self) -> None:
        self._win = WinPlayer()
        self._optimal = OptimalPlayer()

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        View.check(view)
        if view.players == 2 and has_win_table(view.rules):
            return self._win.choose(view)
        return self._optimal.choose(view)

    __call__ = choose

    def __repr__(self) -> str:
        return "StrongestPlayer()"

"""Dice of Doom (seed 003) and Farkle: six-dice push-your-luck.

The C core scores, referees and solves; this module is its typed face.
:func:`score` and :func:`keeps` answer "what is this roll worth", :class:`Game`
is the referee, :meth:`Game.view` is what a seat knows (in dice: everything but
the audit seeds), :func:`solve_turn` gives the optimal single-turn policy, and
three players (:class:`RandomPlayer`, :class:`ThresholdPlayer`,
:class:`OptimalPlayer`) choose moves from views.

>>> from pintas import dice
>>> dice.score([1, 5, 6, 4, 4, 3])
1500
>>> dice.keeps([1, 5, 6, 4, 4, 3])
[Keep((1, 5), 1500), Keep((1,), 1000), Keep((5,), 500)]
>>> g = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
>>> [str(e) for e in g.play("roll 1 5 6 4 4 3")]
['seat 0 rolls 1 5 6 4 4 3']
>>> [str(e) for e in g.play("keep 1 5")]
['seat 0 keeps 1 5 for 1500 (turn total 1500)']
>>> g.turn_total, g.dice_to_roll, g.pool
(1500, 4, (1, 5))
>>> [str(e) for e in g.play("bank")]
['seat 0 banks 1500 (score 1500)', "seat 0's turn ends (bank): +1500, score 1500"]
>>> g.scores, g.to_move
((1500, 0), 1)
"""

from __future__ import annotations

import dataclasses
import random
import secrets
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import _dice, _saves
from ._checks import check_bool, check_choice, check_int, check_seed
from ._dice import Event, Keep, Move, Policy, is_doom, keep_score, keeps, score, solve_turn
from .errors import CorruptStateError, IllegalMoveError, NotationError, RulesError, SeatError

__all__ = [
    "Event",
    "Game",
    "Keep",
    "Move",
    "OptimalPlayer",
    "Policy",
    "RandomPlayer",
    "Rules",
    "ThresholdPlayer",
    "View",
    "is_doom",
    "keep_score",
    "keeps",
    "score",
    "solve_turn",
]

SCORINGS = ("dice_of_doom", "farkle")
DOOM_LOSES = ("turn", "score")
HOT_DICE = ("must", "may")
MAX_PLAYERS = 8
MAX_TARGET: int = _dice.MAX_TARGET



@dataclass(frozen=True)
class Rules:
    """The rules of a dice game: the combination table and every option of RULES 3.

    ``scoring`` picks the combination values (``dice_of_doom``: single 1 = 1000,
    single 5 = 500, three or more of a kind = face x 100, straights, three pairs
    and two triplets 1000 plus their 1s and 5s; ``farkle``: Busche & Neller's
    minimal table). The options: ``target``; ``doom`` (two or more 6s in a roll
    end the turn) and ``doom_loses`` (``turn`` or ``score``); ``hot_dice``
    (``must`` roll six again after keeping all six, or ``may`` bank);
    ``combine_kept`` (the dice kept since the last six-dice roll are scored as
    one pool); ``final_round`` (the others get one last turn). Build them with a
    preset and adjust with :meth:`replace`; a bad setting raises
    :class:`~pintas.errors.RulesError`.

    >>> r = Rules.dice_of_doom(target=5000)
    >>> r.target, r.doom, r.hot_dice, r.combine_kept
    (5000, True, 'must', True)
    >>> Rules.farkle().replace(final_round=True).final_round
    True
    >>> Rules.dice_of_doom().replace(hot_dice="sometimes")
    Traceback (most recent call last):
    ...
    pintas.errors.RulesError: hot_dice must be one of 'must', 'may': got 'sometimes'
    """

    scoring: str = "dice_of_doom"
    target: int = 100_000
    doom: bool = True
    doom_loses: str = "turn"
    hot_dice: str = "must"
    combine_kept: bool = True
    final_round: bool = False

    def __post_init__(self) -> None:
        check_choice("scoring", self.scoring, SCORINGS)
        check_int("target", self.target, 1, MAX_TARGET)
        check_bool("doom", self.doom)
        check_choice("doom_loses", self.doom_loses, DOOM_LOSES)
        check_choice("hot_dice", self.hot_dice, HOT_DICE)
        check_bool("combine_kept", self.combine_kept)
        check_bool("final_round", self.final_round)
        if not self.doom and self.doom_loses != "turn":
            raise RulesError(f"doom_loses={self.doom_loses!r} needs doom=True "
                             f"(without doom nothing is lost to it)")
        _dice.check_rules(self._fields())

    @classmethod
    def dice_of_doom(cls, **options: Any) -> Rules:
        """Dice of Doom (seed 003): combine kept dice, doom loses the turn, hot dice
        must roll again, target 100,000."""
        return cls._preset({}, options)

    @classmethod
    def farkle(cls, **options: Any) -> Rules:
        """Busche & Neller's minimal Farkle: 1 = 100, 5 = 50, three 1s = 1000,
        three f = 100 f, each roll scored alone, no doom, hot dice may, target 10,000."""
        return cls._preset(dict(scoring="farkle", target=10_000, doom=False,
                                hot_dice="may", combine_kept=False), options)

    @classmethod
    def _preset(cls, base: dict[str, Any], options: dict[str, Any]) -> Rules:
        names = {f.name for f in dataclasses.fields(cls)} - {"scoring"}
        unknown = set(options) - names
        if unknown:
            raise RulesError(f"not an option of this preset: {', '.join(sorted(unknown))}")
        return cls(**{**base, **options})

    def replace(self, **changes: Any) -> Rules:
        """A checked copy with some settings changed.

        >>> Rules.dice_of_doom().replace(doom_loses="score").doom_loses
        'score'
        >>> Rules.farkle().replace(bust=True)
        Traceback (most recent call last):
        ...
        pintas.errors.RulesError: no such rules setting: bust
        """
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(f"no such rules setting: {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    @property
    def unit(self) -> int:
        """The gcd of every combination value: every score is a multiple of it."""
        return int(_dice.rules_unit(self._fields()))

    def combinations(self) -> dict[str, int]:
        """The combination values, by name.

        >>> Rules.farkle().combinations()["3 x 1"]
        1000
        """
        return dict(_dice.rules_values(self._fields()))

    def _fields(self) -> tuple[int, ...]:
        return (SCORINGS.index(self.scoring), self.target, int(self.doom),
                DOOM_LOSES.index(self.doom_loses), HOT_DICE.index(self.hot_dice),
                int(self.combine_kept), int(self.final_round))

    @classmethod
    def _from_fields(cls, fields: Sequence[int]) -> Rules:
        scoring, target, doom, loses, hot, combine, final = fields
        if scoring >= len(SCORINGS) or loses >= len(DOOM_LOSES) or hot >= len(HOT_DICE) \
                or doom > 1 or combine > 1 or final > 1:
            raise RulesError(f"rules fields out of range: {tuple(fields)!r}")
        return cls(scoring=SCORINGS[scoring], target=target, doom=bool(doom),
                   doom_loses=DOOM_LOSES[loses], hot_dice=HOT_DICE[hot],
                   combine_kept=bool(combine), final_round=bool(final))

    def __str__(self) -> str:
        preset = Rules.farkle() if self.scoring == "farkle" else Rules()
        name = "Farkle" if self.scoring == "farkle" else "Dice of Doom"
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                   if f.name not in ("scoring", "target")
                   and getattr(self, f.name) != getattr(preset, f.name)]
        return f"{name} to {self.target}" + (f" ({', '.join(changed)})" if changed else "")


_set_rules_type = _dice.set_rules_type
_set_rules_type(Rules)


@dataclass(frozen=True)
class View:
    """What one seat knows: in dice everything is public (scores, the turn, the
    dice and the log) except the seeds an unseeded game drew for its rolls.
    Players receive views, never the game."""

    seat: int
    rules: Rules
    players: int
    first_player: int
    scores: tuple[int, ...]
    to_move: int | None
    phase: str
    turn_total: int
    dice_to_roll: int
    last_roll: tuple[int, ...]
    pool: tuple[int, ...]
    final_turns_left: int
    log: tuple[Event, ...]
    is_over: bool
    winner: int | None

    def keeps(self) -> list[Keep]:
        """The legal keeps of the last roll (empty unless a keep is due)."""
        if self.phase != "keep":
            return []
        return keeps(self.last_roll, self.pool, self.rules)

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when it is to move (else an empty list)."""
        if self.is_over or self.to_move != self.seat:
            return []
        if self.phase == "keep":
            return [k.move for k in self.keeps()]
        if self.phase == "bank_or_roll":
            return [Move.roll(), Move.bank()]
        return [Move.roll()]

    @property
    def score(self) -> int:
        """The seat's own banked score."""
        return self.scores[self.seat]


_ENTRY_ROLL = 0x00
_ENTRY_ROLL_GIVEN = 0x01
_ENTRY_KEEP = 0x02
_ENTRY_BANK = 0x03
_ENTRY_SEED = 0xFE


class Game(_saves.GameRecord[Rules, Move], _dice.DiceGame):
    """A dice game from the first roll to its winner: the referee.

    Moves are :class:`Move` values or their notation: ``roll`` (the game's dice),
    ``roll 1 5 6 4 4 3`` (physical dice: as many values as there are dice to
    roll), ``keep 1 5`` (scoring dice of the last roll), ``bank``. Every move
    returns the events it caused; a move that is not legal raises and changes
    nothing. With ``seed`` the game is a pure function of (rules, players,
    first player, seed, moves); without, every ``roll`` draws a fresh 64-bit
    seed from the OS, kept for audit in :attr:`roll_seeds`.

    >>> g = Game(Rules.dice_of_doom(), players=3, seed=1, first_player=2)
    >>> g.to_move, g.legal_moves()
    (2, [Move('roll')])
    >>> g.play("roll 6 6 1 1 1 1")[1:]
    [Event('doom', seat=2), Event('turn_end', seat=2, reason='doom')]
    >>> g.to_move
    0
    """

    _rules: Rules

    def __init__(self, rules: Rules | None = None, players: int = 2, seed: int | None = None,
                 first_player: int = 0) -> None:
        if rules is None:
            rules = Rules.dice_of_doom()
        if not isinstance(rules, Rules):
            raise RulesError(f"Game needs a dice.Rules: got {rules!r}")
        if type(players) is not int or not 1 <= players <= MAX_PLAYERS:
            raise RulesError(f"players must be a whole number 1..{MAX_PLAYERS}: got {players!r}")
        if type(first_player) is not int or not 0 <= first_player < players:
            raise SeatError(f"no seat {first_player!r} to play first: seats are "
                            f"0..{players - 1}")
        check_seed(seed, optional=True)
        first_seed = secrets.randbits(64) if seed is None else seed
        self._start(rules._fields(), players, first_player, first_seed)
        self._rules = rules
        self._seed = seed

    # ---- what everyone can ask -------------------------------------------

    @property
    def roll_seeds(self) -> tuple[int, ...]:
        """The seeds the OS gave this game's rolls, in order, for audit (empty if seeded)."""
        return tuple(e[1] for e in self._log if isinstance(e, tuple))

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise SeatError(f"no seat {seat!r}: seats are 0..{self.players - 1}")

    # ---- views, copies, bytes -------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` knows now (see :class:`View`)."""
        self._check_seat(seat)
        return View(seat=seat, rules=self._rules, players=self.players,
                    first_player=self.first_player, scores=self.scores, to_move=self.to_move,
                    phase=self.phase, turn_total=self.turn_total,
                    dice_to_roll=self.dice_to_roll, last_roll=self.last_roll, pool=self.pool,
                    final_turns_left=self.final_turns_left, log=self.events,
                    is_over=self.is_over, winner=self.winner)

    def copy(self) -> Game:
        """An independent copy: moves on one do not touch the other."""
        other = Game.__new__(Game)
        other._copy_state_from(self)
        other._rules, other._seed, other._first_seed = self._rules, self._seed, self._first_seed
        other._history, other._events, other._log = self._history[:], self._events[:], self._log[:]
        return other

    def replay(self) -> Game:
        """A new game rebuilt from this one's seed and log: equal to this one."""
        return Game._replay(self._rules, self.players, self.first_player, self._seed,
                            self._first_seed, self._log)

    @classmethod
    def _replay(cls, rules: Rules, players: int, first_player: int, seed: int | None,
                first_seed: int, log: Sequence[Any]) -> Game:
        game = cls(rules, players=players, seed=first_seed, first_player=first_player)
        for entry in log:
            if isinstance(entry, tuple):
                game._reseed(entry[1])
                game._log.append(entry)
            else:
                game.play(entry)
        game._seed = seed
        return game

    def to_bytes(self) -> bytes:
        """The whole game (rules, seats, seeds, log, current state) as bytes for saving."""
        out = _saves.header("D", int(self._seed is not None), self._first_seed)
        fields = self._rules._fields()
        out += bytes([self.players, self.first_player, fields[0], *fields[2:]])
        out += struct.pack("<I", fields[1])
        out += struct.pack("<I", len(self._log))
        for entry in self._log:
            if isinstance(entry, tuple):
                out += bytes([_ENTRY_SEED]) + struct.pack("<Q", entry[1])
            elif entry.kind == "roll":
                if entry.given:
                    out += bytes([_ENTRY_ROLL_GIVEN, len(entry.dice), *entry.dice])
                else:
                    out.append(_ENTRY_ROLL)
            elif entry.kind == "keep":
                out += bytes([_ENTRY_KEEP, len(entry.dice), *entry.dice])
            else:
                out.append(_ENTRY_BANK)
        out += self._save()
        return bytes(out)

    @classmethod
    def from_bytes(cls, data: bytes | bytearray | memoryview) -> Game:
        """The game saved by :meth:`to_bytes`; CorruptStateError for anything else.

        The saved log is replayed through the rules and must reach exactly the
        saved state, so a tampered save cannot produce an impossible game.
        """
        return _saves.decode(data, "dice game", cls._decode)

    @classmethod
    def _decode(cls, data: bytes) -> Game:
        reader = _saves.Reader(data)
        flags, first_seed = _saves.read_header(reader, "D", 1, "dice game")
        players, first_player, scoring, *options = reader.take(8)
        target = struct.unpack("<I", reader.take(4))[0]
        try:
            rules = Rules._from_fields((scoring, target, *options))
        except RulesError as exc:
            raise CorruptStateError(f"the saved rules are not valid: {exc}") from None
        if not 1 <= players <= MAX_PLAYERS or first_player >= players:
            raise CorruptStateError(f"bad seats in the save: {players} players, "
                                    f"seat {first_player} first")
        seeded = bool(flags & 1)
        log: list[Any] = []
        for _ in range(struct.unpack("<I", reader.take(4))[0]):
            code = reader.take(1)[0]
            if code == _ENTRY_SEED:
                log.append(("seed", struct.unpack("<Q", reader.take(8))[0]))
            elif code in (_ENTRY_ROLL_GIVEN, _ENTRY_KEEP):
                n = reader.take(1)[0]
                if not 1 <= n <= 6:
                    raise CorruptStateError(f"bad dice count {n} in the saved log")
                values = tuple(reader.take(n))
                try:
                    log.append(Move("roll" if code == _ENTRY_ROLL_GIVEN else "keep", values))
                except NotationError as exc:
                    raise CorruptStateError(f"bad dice in the saved log: {exc}") from None
            elif code == _ENTRY_ROLL:
                log.append(Move.roll())
            elif code == _ENTRY_BANK:
                log.append(Move.bank())
            else:
                raise CorruptStateError(f"bad log entry {code} in the save")
        _check_seed_entries(log, seeded)
        final = reader.take(_dice.SAVE_SIZE)
        if not reader.at_end():
            raise CorruptStateError("trailing bytes after the saved game")
        check = cls.__new__(cls)
        check._load(final)
        try:
            game = cls._replay(rules, players, first_player, first_seed if seeded else None,
                               first_seed, log)
        except (IllegalMoveError, NotationError) as exc:
            raise CorruptStateError(f"the saved log does not replay: {exc}") from None
        if game._save() != final:
            raise CorruptStateError("the saved log does not reach the saved state")
        return game

    def __repr__(self) -> str:
        state = (f"seat {self.winner} won" if self.is_over else
                 f"seat {self.to_move} to {self.phase.replace('_', ' ')}, "
                 f"turn total {self.turn_total}")
        return f"<dice.Game {self._rules}, scores {self.scores}, {state}>"


def _check_seed_entries(log: Sequence[Any], seeded: bool) -> None:
    """A seeded game logs no seeds; an unseeded one logs one right before every PRNG roll."""
    for i, entry in enumerate(log):
        is_seed = isinstance(entry, tuple)
        if seeded and is_seed:
            raise CorruptStateError("a seeded game's log holds a roll seed")
        if not seeded:
            plain_roll = not is_seed and entry.kind == "roll" and not entry.given
            before_seed = i > 0 and isinstance(log[i - 1], tuple)
            if is_seed and (i + 1 >= len(log) or isinstance(log[i + 1], tuple)):
                raise CorruptStateError("a roll seed in the saved log is not followed by a roll")
            if plain_roll and not before_seed:
                raise CorruptStateError("a roll of an unseeded game has no seed in the log")
            if is_seed and not (log[i + 1].kind == "roll" and not log[i + 1].given):
                raise CorruptStateError("a roll seed in the saved log is not followed by a roll")


# ---- players -------------------------------------------------------------------


def _must_move(view: View) -> None:
    if not isinstance(view, View):
        raise TypeError(f"a player decides from a dice.View: got {view!r}")
    if view.is_over or view.to_move != view.seat:
        raise IllegalMoveError(f"seat {view.seat} has no move: "
                               + ("the game is over" if view.is_over else
                                  f"seat {view.to_move} is to move"))


class RandomPlayer:
    """Any legal move, uniformly at random (from its own seeded generator).

    >>> g = Game(Rules.farkle(), seed=3)
    >>> RandomPlayer(seed=1).choose(g.view(0))
    Move('roll')
    """

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        _must_move(view)
        return self._rng.choice(view.legal_moves())

    __call__ = choose

    def __repr__(self) -> str:
        return "RandomPlayer()"


class ThresholdPlayer:
    """Keeps the best-scoring keep (most points, then fewest dice) and banks as
    soon as the turn total reaches ``bank_at``.

    >>> p = ThresholdPlayer(bank_at=300)
    >>> g = Game(Rules.farkle(), seed=3)
    >>> _ = g.play("roll 1 1 5 2 3 4")
    >>> p.choose(g.view(0))
    Move('keep', (1, 1, 5))
    """

    def __init__(self, bank_at: int = 1000) -> None:
        if type(bank_at) is not int or bank_at < 0:
            raise ValueError(f"bank_at must be a whole number >= 0: got {bank_at!r}")
        self.bank_at = bank_at

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        _must_move(view)
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

    >>> p = OptimalPlayer(Rules.farkle())
    >>> g = Game(Rules.farkle(), seed=3)
    >>> _ = g.play("roll 1 1 5 2 3 4")
    >>> p.choose(g.view(0))
    Move('keep', (1,))
    """

    def __init__(self, rules: Rules | None = None, bank_to_win: bool = True) -> None:
        if rules is not None and not isinstance(rules, Rules):
            raise RulesError(f"OptimalPlayer needs dice.Rules or None: got {rules!r}")
        self.rules = rules
        self.bank_to_win = bank_to_win
        self.policy: Policy | None = solve_turn(rules) if rules is not None else None

    def _policy(self, view: View) -> Policy:
        if self.policy is not None:
            return self.policy
        return solve_turn(view.rules)

    def choose(self, view: View) -> Move:
        """A legal move of ``view.seat``, who must be to move."""
        _must_move(view)
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

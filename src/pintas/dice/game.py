"""The dice game: its game, the referee, and its view.

>>> from pintas import dice
>>> g = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
>>> [str(e) for e in g.play("roll 1 5 6 4 4 3")]
['player 1 rolls 1 5 6 4 4 3']
>>> [str(e) for e in g.play("keep 1 5")]
['player 1 keeps 1 5 for 1500 (turn total 1500)']
>>> g.turn_total, g.dice_to_roll, g.pool
(1500, 4, (1, 5))
>>> [str(e) for e in g.play("bank")]
['player 1 banks 1500 (score 1500)', "player 1's turn ends (bank): +1500, score 1500"]
>>> g.scores, g.to_move
((1500, 0), 1)
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any

from .. import _save
from .._checks import check_int, is_whole
from .._game import GameBase
from .._lock import atomic
from .._view import ViewBase, is_int_in, is_tuple_of
from ..errors import SeatError, SeatTypeError, ViewError
from . import _engine, _search
from ._engine import Event, Keep, Move
from .rules import Rules

__all__ = ["MAX_PLAYERS", "Game", "View"]

MAX_PLAYERS: int = _engine.MAX_PLAYERS  # (the C core's PINTAS_DICE_MAX_PLAYERS)


@dataclass(frozen=True)
class View(ViewBase[Move]):
    """What one seat knows: in dice everything is public (scores, the turn, the
    dice and the log) except the seeds an unseeded game drew for its rolls.
    Players receive views, never the game."""

    rules: Rules
    log: tuple[Event, ...]
    players: int
    """How many players the game has."""
    first_player: int
    """The seat that played the first turn."""
    phase: str
    """``roll`` (must roll), ``keep`` (must keep), ``bank_or_roll`` or ``over``."""
    turn_total: int
    """Points at stake this turn."""
    dice_to_roll: int
    """Dice the next roll throws."""
    last_roll: tuple[int, ...]
    """The latest roll, in roll order."""
    pool: tuple[int, ...]
    """The dice kept since the turn began or since the last six-dice roll."""
    final_turns_left: int
    """Last turns still to play in a final round (0 when none is running)."""
    winner: int | None
    """The winning seat once the game is over, else None."""

    def _seats(self) -> int:
        self._expect("players", is_int_in(self.players, 1, MAX_PLAYERS),
                     f"a whole number 1..{MAX_PLAYERS}")
        return self.players

    def _validate(self) -> None:
        super()._validate()
        seats = self._seats()
        self._expect("first_player", is_int_in(self.first_player, 0, seats - 1),
                     f"a seat 0..{seats - 1}")
        self._expect("phase", self.phase in _engine.PHASES,
                     f"one of {', '.join(map(repr, _engine.PHASES))}")
        self._expect("turn_total", is_int_in(self.turn_total, 0, _engine.MAX_TURN_TOTAL),
                     f"a whole number 0..{_engine.MAX_TURN_TOTAL}")
        self._expect("dice_to_roll", is_int_in(self.dice_to_roll, 0, 6), "a whole number 0..6")
        for name in ("last_roll", "pool"):
            self._expect(name, is_tuple_of(getattr(self, name), _is_die, most=6),
                         "a tuple of at most 6 dice, each 1..6")
        self._expect("final_turns_left", is_int_in(self.final_turns_left, 0, MAX_PLAYERS),
                     f"a whole number 0..{MAX_PLAYERS}")
        self._expect("winner", self.winner is None or is_int_in(self.winner, 0, seats - 1),
                     f"a seat 0..{seats - 1} or None")

    def keeps(self) -> list[Keep]:
        """The legal keeps of the last roll (empty unless a keep is due)."""
        if self.phase != "keep":
            return []
        return _search.keeps(self)

    def _legal(self) -> list[Move]:
        return _search.legal(self)

    def _sample_game(self, seed: int) -> Game:
        # Nothing is hidden but the dice still to roll: the game is the view's,
        # its rolls replayed as the dice they showed, its later rolls seeded
        # from ``seed``.
        game = Game(self.rules, players=self.players, seed=seed,
                    first_player=self.first_player)
        game._replay(_moves_of(self.log))
        return game

    @property
    def score(self) -> int:
        """The seat's own banked score (ViewError for the public view: nobody's)."""
        if self.seat is None:
            raise ViewError("the public dice.View is nobody's: it has no score of its own")
        return self.scores[self.seat]


def _moves_of(log: tuple[Event, ...]) -> list[Any]:
    """The moves a log's rolls, keeps and banks were, each roll as the dice
    it showed."""
    moves: list[Any] = []
    for event in log:
        if event.kind == "rolled":
            moves.append(Move.roll(event.values))
        elif event.kind == "kept":
            moves.append(Move.keep(event.values))
        elif event.kind == "banked":
            moves.append(Move.bank())
    return moves


def _is_die(value: object) -> bool:
    return is_int_in(value, 1, 6)


class Game(_engine.DiceGame, GameBase[Rules, Move, Event, View]):
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

    _RULES = Rules
    # the seats (players, first player), the scoring and the options, then the target
    _SAVED_RULES = "<2x6BI"
    _LIMITS = 2  # max_rounds, max_rolls

    def __init__(self, rules: Rules | None = None, players: int = 2, seed: int | None = None,
                 first_player: int = 0, chance: str = "internal") -> None:
        check_int("players", players, 1, MAX_PLAYERS)
        if not is_whole(first_player) or not 0 <= first_player < players:
            error = SeatError if is_whole(first_player) else SeatTypeError
            raise error(f"no seat {first_player!r} to play first: seats are 0..{players - 1}")
        self._open(Rules.dice_of_doom() if rules is None else rules, seed, players, first_player,
                   chance=chance)

    def _origin(self) -> dict[str, Any]:
        return {"players": self.players, "first_player": self.first_player,
                **self._chance_origin()}

    def _outcome_text(self, code: int) -> str:
        return " ".join(map(str, _engine.chance_dice(code)))

    def _length_bound(self) -> int | None:
        return self._rules.max_moves(self.players)

    @property
    def players(self) -> int:
        """How many players the game has (its seats)."""
        return self.seats

    # ---- what everyone can ask -------------------------------------------


    @property
    @atomic
    def roll_seeds(self) -> tuple[int, ...]:
        """The seeds the OS gave this game's rolls, in order, for audit (empty if seeded)."""
        return self._logged_seeds()

    # ---- views -----------------------------------------------------------

    @atomic
    def view(self, seat: int) -> View:
        """What ``seat`` knows now (see :class:`View`)."""
        self._check_seat(seat)
        return self._marked(_search.view_of(self, seat, self._rules, self.events))

    @atomic
    def public_view(self) -> View:
        """The view of no seat (a spectator's, ``seat`` None): dice hide
        nothing, so it shows what every seat's shows; it has no legal moves
        and no player chooses from it, as in every game."""
        return self._marked(_search.view_of(self, None, self._rules, self.events))

    # ---- saves -----------------------------------------------------------

    @classmethod
    def _saved_rules(cls, data: bytes) -> Rules:
        scoring, *options, target = struct.unpack_from(cls._SAVED_RULES, data, _save.HEADER_SIZE)
        rules: Rules = cls._limited(Rules._from_fields((scoring, target, *options)), data)
        return rules

    @classmethod
    def _saved_origin(cls, data: bytes, rules: Any, dealt: int, players: int,
                      first_player: int) -> dict[str, Any]:
        return {"players": players, "first_player": first_player}

    def __repr__(self) -> str:
        won = " and ".join(map(str, self.winners))
        state = (f"seat {won} won" if len(self.winners) == 1 else f"seats {won} share the win"
                 if self.is_over else
                 f"seat {self.to_move} to {self.phase.replace('_', ' ')}, "
                 f"turn total {self.turn_total}")
        return f"<dice.Game {self._rules}, scores {self.scores}, {state}>"

"""The line-game referee (:class:`Game`), what one seat sees (:class:`View`)
and hand-made deals (:class:`Deal`).

>>> g = Game(Rules.capicua(players=2), seed=5)
>>> g.round, len(g.hand(0)), g.boneyard_size
(1, 7, 14)
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import _simulate
from .._deals import Hand, Tiles, hands_of, tile_list
from .._game import TileGame, take_record
from .._lock import atomic
from .._plain import PlainRecord
from .._view import TileView, is_int_in, is_tile, is_tuple_of
from ..errors import (
    DealError,
    IllegalMoveError,
    RulesTypeError,
)
from ..tiles import TILE_COUNT, TILES, Tile, TileSet
from . import _engine, _search
from ._engine import Event, Move
from .rules import Rules

__all__ = ["Deal", "Game", "SimulationStats", "View", "simulate"]


@dataclass(frozen=True, init=False)
class Deal(PlainRecord):
    """A hand-made deal: each seat's seven tiles and, where the rules draw, the
    boneyard in draw order (where they do not, the rest is set aside).

    >>> d = Deal(hands=["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"])
    >>> len(d.hands), str(d.hands[0])[:7]
    (2, '6|0 6|1')
    """

    hands: tuple[TileSet, ...]
    boneyard: tuple[Tile, ...] = field(default=())

    def __init__(self, hands: Iterable[Hand], boneyard: Tiles = ()) -> None:
        object.__setattr__(self, "hands", hands_of(hands))
        object.__setattr__(self, "boneyard", tile_list(boneyard, "the boneyard"))

    def check(self, rules: Rules) -> None:
        """Raise :class:`~pintas.errors.DealError` unless this is a deal of ``rules``."""
        if not isinstance(rules, Rules):
            raise RulesTypeError(f"a deal is checked against domino.Rules: got {rules!r}")
        # the core says why not (pintas_line_deal_why), in Python's words
        why = _engine.deal_refusal(rules._fields(), self._c_args(rules), len(self.hands))
        if why is not None:
            raise DealError(why)

    def _c_args(self, rules: Rules) -> tuple[list[int], list[int]]:
        masks = [int(h) for h in self.hands] + [0] * (4 - len(self.hands))
        return masks, [t.index for t in self.boneyard]


@dataclass(frozen=True)
class View(TileView[Move]):
    """What one seat may know: its own hand, the table, counts and the public log.

    Never another hand, the boneyard's contents or order, or set-aside tiles.
    Bots receive views, never the game.
    """

    rules: Rules
    log: tuple[Event, ...]
    placements: tuple[tuple[Tile, str], ...]
    """The round's placements in order, as ``(tile, end)`` pairs."""
    line: tuple[tuple[int, int], ...]
    """The line left to right, each tile as ``(left, right)`` numbers."""
    ends: tuple[int, int] | None
    """The open numbers ``(left, right)``, or None before the round's first tile."""
    boneyard_size: int
    """Tiles left to draw (0 where the rules never draw)."""
    leader: int
    """The seat that led, or leads, the round."""
    forced_tile: Tile | None
    """The tile this seat must open the round with, if any (only the leader knows it)."""
    winner: int | None
    """The winning side once the game is over, else None."""

    def _sides(self) -> int:
        return int(self.rules.sides)

    def _validate(self) -> None:
        super()._validate()
        seats, sides = self._seats(), self._sides()
        self._expect("placements", is_tuple_of(self.placements, _is_placement, most=TILE_COUNT)
                     and len({t for t, _ in self.placements}) == len(self.placements),
                     "(tile, 'L' or 'R') pairs of distinct tiles")
        try:
            line = _search.oriented_line(self.placements)
        except ValueError:  # a tile that does not match the end it was placed at
            line = None
        self._expect("placements", line is not None, "a line whose tiles match")
        self._expect("line", self.line == line, f"the line the placements make ({line})")
        ends = (line[0][0], line[-1][1]) if line else None
        self._expect("ends", self.ends == ends, f"the ends of the line ({ends})")
        self._expect("boneyard_size", is_int_in(self.boneyard_size, 0, TILE_COUNT),
                     f"a whole number 0..{TILE_COUNT}")
        self._expect("leader", is_int_in(self.leader, 0, seats - 1), f"a seat 0..{seats - 1}")
        self._expect("forced_tile", self.forced_tile is None or is_tile(self.forced_tile),
                     "a Tile or None")
        # only the leader of a round not yet begun is held to a tile, one of its own
        self._expect("forced_tile", self.forced_tile is None or (
            not self.placements and self.seat == self.leader and self.forced_tile in self.hand),
                     "None, or a tile in the hand of the leader before the first play")
        self._expect("winner", self.winner is None or is_int_in(self.winner, 0, sides - 1),
                     f"a side 0..{sides - 1} or None")

    def _legal(self) -> list[Move]:
        return _search.legal(self)

    def _sample_game(self, seed: int) -> Game:
        # C draws the world uniformly among those the view allows, and the
        # state around it (pintas/determinize.h; docs/ai.md, "Determinization")
        if self.is_over:
            raise IllegalMoveError("the game is over: no world is left to sample")
        game = Game(self.rules, seed=seed)
        _search.sample_world(self, seed, game)
        take_record(game, self.log, _moves_of(self.log))
        return game

    def passes(self, seat: int) -> int:
        """How many times ``seat`` has passed this round (counted as the log
        grows, so asking costs nothing).

        >>> g = Game(Rules.dominican(), seed=2)
        >>> g.view(0).passes(1)
        0
        """
        self._check_seat(seat)
        return self._round_marks().passes[seat]


def _moves_of(log: Iterable[Event]) -> list[Move]:
    """The moves a log's plays, draws and passes were (all public)."""
    moves = []
    for event in log:
        if event.kind == "play":
            moves.append(Move("play", event.tile, event.end))
        elif event.kind in ("draw", "pass"):
            moves.append(Move(event.kind))
    return moves


def _is_placement(value: object) -> bool:
    return (type(value) is tuple and len(value) == 2 and is_tile(value[0])
            and value[1] in ("L", "R"))


class Game(_engine.LineGame, TileGame[Rules, Move, Event, View, Deal]):
    """A line game from its first deal to its winner: the referee, which sees all.

    Moves are :class:`Move` values or their notation (``6|4L``, ``6|4R``, a bare
    ``6|4`` when it fits one way only, ``draw``, ``pass``). Every move returns
    the events it caused. With ``seed`` the whole game is a pure function of
    (rules, seed, moves); without, every deal gets a fresh seed from the OS.

    >>> g = Game(Rules.muggins(players=2), deal=Deal(
    ...     hands=["5|5 6|2 4|1 3|3 2|0 1|1 0|0", "5|0 6|6 6|5 4|4 3|2 2|2 1|0"],
    ...     boneyard="6|4 6|3 6|1 6|0 5|4 5|3 5|2 5|1 4|3 4|2 4|0 3|1 3|0 2|1"), seed=1)
    >>> g.to_move, g.legal_moves()
    (1, [Move('play', '6|6', 'L')])
    """

    _RULES = Rules
    _SAVED_RULES = "<7B5H"
    _LIMITS = 1  # max_rounds

    _DEAL = Deal

    # ---- what everyone can ask -------------------------------------------

    @property
    @atomic
    def line(self) -> tuple[tuple[int, int], ...]:
        """The round's line left to right, each tile as ``(left, right)`` numbers."""
        return _search.oriented_line(self.placements)

    def pips(self, seat: int) -> int:
        """Total pips in ``seat``'s hand."""
        self._check_seat(seat)
        return self._pips(seat)

    def _length_bound(self) -> int | None:
        rounds = self._rules.max_rounds_bound
        return None if rounds is None else rounds * self._rules.round_moves

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for (its team in pairs, else itself)."""
        self._check_seat(seat)
        return self._rules.side_of(seat)

    # ---- views -----------------------------------------------------------

    @atomic
    def view(self, seat: int) -> View:
        """What ``seat`` may know now (see :class:`View`)."""
        self._check_seat(seat)
        return self._marked(_search.view_of(self, seat, self._rules, self._log_seen_by(seat)))

    @atomic
    def public_view(self) -> View:
        """What everyone may know now (a spectator's view): the view of no seat
        (``seat`` None), filled by C as each seat's is, with no hand, no forced
        tile and every secret event hidden in its log.

        >>> g = Game(Rules.dominican(), seed=2)
        >>> v = g.public_view()
        >>> v.seat, len(v.hand), v.hand_sizes, v.legal_moves()
        (None, 0, (7, 7, 7, 7), [])
        """
        return self._marked(_search.view_of(self, None, self._rules, self._log_seen_by(None)))

    # ---- saves -----------------------------------------------------------

    @classmethod
    def _saved_deal(cls, data: bytes, at: int, rules: Rules) -> Deal:
        # four hand masks, then the boneyard's length and its tiles
        masks = struct.unpack_from("<4I", data, at)
        pile = data[at + 17:at + 17 + data[at + 16]]
        return Deal(hands=[TileSet.from_mask(m) for m in masks[:rules.players]],
                    boneyard=[TILES[t] for t in pile])

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.to_move} to move"
        return f"<domino.Game {self._rules}, round {self.round}, scores {self.scores}, {state}>"


@dataclass(frozen=True)
class SimulationStats(_simulate.SimulationStats):
    """Totals of a batch of random line games played in C (see :func:`simulate`);
    ``blocks`` counts the rounds that ended blocked."""

    _BLOCKED = "blocks"

    blocks: int = 0


def simulate(rules: Rules, games: int = 1000, seed: int = 0) -> SimulationStats:
    """Play ``games`` whole games with uniformly random legal moves, in C, GIL released.

    >>> s = simulate(Rules.dominican(), games=100, seed=1)
    >>> s.games, sum(s.wins)
    (100, 100)
    """
    return _simulate.simulate(SimulationStats, _engine.simulate, rules, Rules, games, seed,
                              rules.sides if isinstance(rules, Rules) else 0)

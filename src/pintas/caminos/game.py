"""Caminos: place your tiles on short paths, and be the first without tiles.

Five path centres lie face up (two in ``two_paths``); each path takes tiles at
its *front* (the centre's high end) and its *back* (its low end), each tile
matching the number showing there. A full path closes: it is renewed from the
draw pile (``base``), stays closed (``no_renewal``) or is discarded and renewed
(``two_paths``). A player who can place must place one tile; otherwise draws
one, or passes with an empty pile. When a player runs out, everybody else has
one last turn; every tile left costs a point; three rounds. Who starts each
round is decided by secret reveals of a tile from the hand.

Path numbers are 1-based: ``5|3 front 2`` places 5|3 at the front of path 2.

>>> from pintas import caminos
>>> g = caminos.Game(caminos.Rules.base(players=3), seed=7)
>>> g.phase, g.to_move, len(g.paths), g.pile_size
('reveal', 0, 5, 5)
>>> str(g.paths[0])
'path 1: back 0 (1 free) [0|3] front 3 (1 free)'
>>> str(g.hand(0))
'3|3 4|0 4|1 5|0 5|3 6|1'
>>> g.legal_moves()[:2]
[Move('reveal', '3|3'), Move('reveal', '4|0')]
>>> [str(e) for e in g.play("reveal 6|1")]
['player 1 chooses 6|1 to reveal']
>>> g.view(1).log[-1]
Event('choose', seat=0, count=1)
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
from .._view import TileView, is_int_in, is_seat_tuple, is_tile, is_tuple_of, shown
from ..errors import (
    DealError,
    IllegalMoveError,
    NotationError,
    NotationTypeError,
    RulesTypeError,
)
from ..tiles import TILE_COUNT, TILES, Tile, TileLike, TileSet, as_tile
from . import _engine, _search
from ._engine import Event, Move
from .rules import Rules

__all__ = ["Deal", "Game", "Path", "SimulationStats", "View", "simulate"]

SIDES: tuple[str, ...] = _engine.SIDES  # (the C core's names)
_MAX_SIDE = 2  # tiles a side of a path takes, at most (PINTAS_CAMINOS_MAX_SIDE)


@dataclass(frozen=True, init=False)
class Deal(PlainRecord):
    """A hand-made deal: the path centres (path 1 first), each seat's hand and
    the draw pile in draw order (its first tile is drawn first).

    >>> d = Deal.complete(paths="6|5 4|4", hands=["6|6 5|5 4|3 3|3 2|2 1|1",
    ...                                           "6|4 5|4 4|2 3|2 2|1 1|0"], pile="0|0")
    >>> len(d.paths), len(d.pile), str(d.pile[0]), str(d.pile[1])
    (2, 14, '0|0', '6|3')
    """

    paths: tuple[Tile, ...]
    hands: tuple[TileSet, ...]
    pile: tuple[Tile, ...] = field(default=())

    def __init__(self, paths: Tiles, hands: Iterable[Hand], pile: Tiles = ()) -> None:
        object.__setattr__(self, "paths", tile_list(paths, "the paths"))
        object.__setattr__(self, "hands", hands_of(hands))
        object.__setattr__(self, "pile", tile_list(pile, "the pile"))

    @classmethod
    def complete(cls, paths: Tiles, hands: Iterable[Hand], pile: Tiles = ()) -> Deal:
        """A deal whose pile is ``pile`` followed by every tile not named yet,
        from 6|6 down."""
        partial = cls(paths, hands, pile)
        used = set(partial.paths) | set(partial.pile)
        for hand in partial.hands:
            used |= set(hand)
        rest = [t for t in reversed(TILES) if t not in used]
        return cls(partial.paths, partial.hands, [*partial.pile, *rest])

    def check(self, rules: Rules) -> None:
        """Raise :class:`~pintas.errors.DealError` unless this is a deal of ``rules``."""
        if not isinstance(rules, Rules):
            raise RulesTypeError(f"a deal is checked against caminos.Rules: got {rules!r}")
        # the core says why not (pintas_caminos_deal_why), in Python's words
        why = _engine.deal_refusal(rules._fields(), self._c_args(rules), len(self.hands))
        if why is not None:
            raise DealError(why)

    def _c_args(self, rules: Rules) -> tuple[list[int], list[int], list[int]]:
        masks = [int(h) for h in self.hands] + [0] * (4 - len(self.hands))
        return [t.index for t in self.paths], masks, [t.index for t in self.pile]


@dataclass(frozen=True)
class Path(PlainRecord):
    """One path on the table, as everybody sees it.

    ``front`` and ``back`` list the side's tiles from the centre outwards;
    ``ends`` is the number each side shows outwards (front, back); ``free`` how
    many more tiles each side takes. A path with no free place is closed (a
    full ``no_renewal`` path); ``centre`` None means the slot has no path any
    more (``two_paths`` with an empty pile).
    """

    number: int
    centre: Tile | None
    front: tuple[Tile, ...] = ()
    back: tuple[Tile, ...] = ()
    ends: tuple[int, int] | None = None
    free: tuple[int, int] = (0, 0)

    def __post_init__(self) -> None:
        # A path built by hand from lists, or with tiles as notation, is the same
        # value as the table's (compared and hashed alike); the table's pass at once.
        if not (type(self.front) is tuple and type(self.back) is tuple
                and type(self.free) is tuple
                and (self.centre is None or type(self.centre) is Tile)
                and (self.ends is None or type(self.ends) is tuple)
                and all(type(t) is Tile for t in self.front)
                and all(type(t) is Tile for t in self.back)):
            self._as_value()
        self._check()

    def _as_value(self) -> None:
        """Turn what was given by hand into the fields' types."""
        if self.centre is not None:
            object.__setattr__(self, "centre", as_tile(self.centre))
        for name, size in (("front", None), ("back", None), ("ends", 2), ("free", 2)):
            value = getattr(self, name)
            if value is None and size is not None:
                continue
            if not isinstance(value, (tuple, list)):
                raise NotationTypeError(f"a path's {name} is a tuple: got {shown(value)}")
            if len(value) != (size or len(value)) or len(value) > _MAX_SIDE:
                raise NotationError(f"a path's {name} holds {size or f'at most {_MAX_SIDE}'} "
                                    f"values: got {shown(value)}")
            object.__setattr__(self, name, tuple(value) if size else
                               tuple(as_tile(t) for t in value))

    def _check(self) -> None:
        """NotationError (NotationTypeError for a wrong type) unless this is a path
        a table can show: its tiles chain from the centre out to its ends."""
        if type(self.number) is not int or not 1 <= self.number <= _engine.MAX_PATHS:
            error = NotationError if type(self.number) is int else NotationTypeError
            raise error(f"a path's number is 1..{_engine.MAX_PATHS}: got {shown(self.number)}")
        for name in ("ends", "free"):
            high = _MAX_SIDE if name == "free" else 6
            value = getattr(self, name)
            if value is None and name == "free":
                raise NotationTypeError("a path's free places are two whole numbers: got None")
            if value is not None and not all(type(n) is int for n in value):
                raise NotationTypeError(f"a path's {name} are whole numbers: got {shown(value)}")
            if value is not None and not all(0 <= n <= high for n in value):
                raise NotationError(f"a path's {name} are 0..{high}: got {shown(value)}")
        if len(self.front) > _MAX_SIDE or len(self.back) > _MAX_SIDE:
            raise NotationError(f"a side of a path holds at most {_MAX_SIDE} tiles: got {self!r}")
        if self.centre is None:
            if self.front or self.back or self.ends is not None or self.free != (0, 0):
                raise NotationError(f"a path with no centre has no tiles, ends or free "
                                    f"places: got {self!r}")
            return
        if self.ends is None or self.ends != self._chain_ends() \
                or self.free[0] + len(self.front) != self.free[1] + len(self.back):
            raise NotationError(f"a path's tiles chain from its centre to its ends, and "
                                f"both sides take as many tiles: got {self!r}")

    def _chain_ends(self) -> tuple[int, int] | None:
        """The numbers the sides' tiles show outwards, or None if they do not chain."""
        assert self.centre is not None
        chain = _engine.path_chain(self.centre, self.front, self.back)
        return None if chain is None else (chain[-1][1], chain[0][0])

    @property
    def closed(self) -> bool:
        """True when the path takes no more tiles (full, or no path at all)."""
        return self.centre is None or self.free == (0, 0)

    @property
    def numbers(self) -> tuple[int | None, int | None]:
        """The number a tile must show to go on the (front, back), None where
        that side takes nothing."""
        if self.ends is None:
            return (None, None)
        return (self.ends[0] if self.free[0] else None, self.ends[1] if self.free[1] else None)

    @property
    def tiles(self) -> TileSet:
        """Every tile of the path."""
        centre = () if self.centre is None else (self.centre,)
        return TileSet((*centre, *self.front, *self.back))

    @property
    def sides_alike(self) -> bool:
        """True when front and back make the same position, mirrored: a double
        centre with both sides empty (only the front is a listed move; the
        back is accepted too)."""
        return (self.centre is not None and self.centre.is_double
                and not self.front and not self.back)

    def sides_for(self, tile: TileLike) -> tuple[str, ...]:
        """The sides (``"front"``, ``"back"``) where ``tile`` could go now."""
        t = as_tile(tile)
        return tuple(side for side, n in zip(SIDES, self.numbers, strict=True)
                     if n is not None and t.has(n))

    @property
    def chain(self) -> tuple[tuple[int, int], ...]:
        """The path from its back end to its front end, each tile as
        ``(left, right)`` numbers so that touching numbers match."""
        chain = _engine.path_chain(self.centre, self.front, self.back)
        assert chain is not None  # (a path is checked when made)
        return chain

    def __str__(self) -> str:
        return _engine.path_text(self.number, self.centre, self.front, self.back, self.free)

@dataclass(frozen=True)
class View(TileView[Move]):
    """What one seat may know: its own hand, the table, counts, the reveals
    shown so far and the public log.

    Never another hand, the pile's contents or order, or another seat's reveal
    choice before everyone in the step has chosen. Bots receive views.
    """

    rules: Rules
    log: tuple[Event, ...]
    paths: tuple[Path, ...]
    """Every path slot, path 1 first."""
    pile_size: int
    """Tiles left in the draw pile."""
    discard: TileSet
    """Tiles out of the round (``two_paths``: the discarded paths)."""
    phase: str
    """``reveal`` (choosing who starts), ``play`` or ``over``."""
    starter: int | None
    """The seat that started the round (None during its reveal)."""
    step: int
    """The reveal step (1 and up) while choosing who starts, else 0."""
    contenders: tuple[int, ...]
    """The seats still in the reveal."""
    chosen: tuple[int, ...]
    """The seats that have chosen their reveal tile in this step (not which tile)."""
    my_choice: Tile | None
    """The tile this seat chose to reveal in this step, if it has chosen."""
    revealed: tuple[tuple[Tile, ...], ...]
    """The tiles each seat has revealed this round, in step order."""
    out_seat: int | None
    """The seat that placed its last tile this round, or None."""
    last_turns: int
    """Last turns still to be played after a seat went out."""
    passes: int
    """Passes in a row (the round is blocked when every seat has passed)."""
    winners: tuple[int, ...]
    """The seats that share the win once the game is over, else ``()``."""

    def _validate(self) -> None:
        super()._validate()
        rules, seats = self.rules, self._seats()
        self._expect("paths", is_tuple_of(self.paths, lambda p: type(p) is Path,
                                          length=rules.paths)
                     and all(_fits(path, number, rules.side_tiles)
                             for number, path in enumerate(self.paths, 1)),
                     f"the {rules.paths} paths of {rules}, numbered from 1")
        for name in ("pile_size", "step", "last_turns", "passes"):
            high = TILE_COUNT if name == "pile_size" else 0xFF
            self._expect(name, is_int_in(getattr(self, name), 0, high), f"a whole number 0..{high}")
        self._expect("discard", type(self.discard) is TileSet, "a TileSet")
        self._expect("phase", self.phase in ("reveal", "play", "over"),
                     "'reveal', 'play' or 'over'")
        for name in ("starter", "out_seat"):
            value = getattr(self, name)
            self._expect(name, value is None or is_int_in(value, 0, seats - 1),
                         f"a seat 0..{seats - 1} or None")
        for name in ("contenders", "chosen", "winners"):
            self._expect(name, is_seat_tuple(getattr(self, name), seats),
                         f"a tuple of distinct seats 0..{seats - 1}")
        self._expect("my_choice", self.my_choice is None or (
            is_tile(self.my_choice) and self.seat is not None), "a Tile, or None (always None "
                     "in the public view)")
        self._expect("revealed", is_tuple_of(self.revealed, lambda r: is_tuple_of(
            r, is_tile, most=TILE_COUNT), length=seats), f"{seats} tuples of tiles")

    def _legal(self) -> list[Move]:
        return _search.legal(self)

    def _sample_game(self, seed: int) -> Game:
        # C draws the world uniformly among those the view allows, and the
        # state around it (pintas/determinize.h; docs/ai.md, "Determinization")
        if self.phase != "play" or self.to_move != self.seat:
            raise IllegalMoveError(f"seat {self.seat} samples a world when it is to move in "
                                   f"play: phase {self.phase!r}, seat {self.to_move} to move")
        game = Game(self.rules, seed=seed)
        _search.sample_world(self, seed, game)
        take_record(game, self.log, _moves_of(self.log))
        return game

    def known_tiles(self, seat: int) -> TileSet:
        """Tiles ``seat`` revealed this round and has not placed: still in its hand."""
        self._check_seat(seat)
        placed = {e.tile for e in self.round_log if e.kind == "place" and e.seat == seat}
        return TileSet(t for t in self.revealed[seat] if t not in placed)



def _moves_of(log: Iterable[Event]) -> list[Move]:
    """The moves a log's reveals, placements, draws and passes were: a
    reveal chosen in secret is the tile that seat shows next."""
    moves: list[Move] = []
    unshown: dict[int, int] = {}  # seat -> its secret choice's place in moves
    for event in log:
        if event.kind == "choose" and event.seat is not None:
            if event.tile is None:
                unshown[event.seat] = len(moves)
            moves.append(Move("reveal", event.tile or TILES[0]))
        elif event.kind == "reveal" and event.seat in unshown and event.tile is not None:
            moves[unshown.pop(event.seat)] = Move("reveal", event.tile)
        elif event.kind == "place":
            moves.append(Move("place", event.tile, event.side, event.path))
        elif event.kind in ("draw", "pass"):
            moves.append(Move(event.kind))
    return moves


def _fits(path: Path, number: int, side_tiles: int) -> bool:
    """True when ``path`` is path ``number`` of a table whose sides take ``side_tiles``."""
    return path.number == number and (path.centre is None or all(
        len(tiles) + free == side_tiles
        for tiles, free in ((path.front, path.free[0]), (path.back, path.free[1]))))


class Game(_engine.CaminosGame, TileGame[Rules, Move, Event, View, Deal]):
    """A Caminos game from its first deal to its winners: the referee, which sees all.

    Moves are :class:`Move` values or their notation: ``reveal 6|4``,
    ``5|3 front 2``, ``draw``, ``pass``; :meth:`parse_move` also takes short
    forms (``5|3 f2``, ``5|3 2``, a bare ``5|3`` when it fits one place only).
    Every move returns the events it caused. With ``seed`` the game is a pure
    function of (rules, seed, moves); without, every deal and reshuffle gets a
    fresh seed from the OS.

    >>> g = Game(Rules.base(players=2), deal=Deal.complete(
    ...     paths="6|5 4|4 3|1 2|0 1|0",
    ...     hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]), seed=1)
    >>> _ = g.play("reveal 6|6"), g.play("reveal 6|3")
    >>> g.phase, g.to_move
    ('play', 0)
    >>> [str(e) for e in g.play("6|6 front 1")]
    ['player 1 places 6|6 on the front of path 1']
    >>> g.paths[0].numbers
    (None, 5)
    """

    _RULES = Rules
    _SAVED_RULES = "<6B"
    _LIMITS = 2
    _LIMIT_NAMES = ("max_rounds", "max_round_moves")

    _DEAL = Deal

    # ---- what everyone can ask -------------------------------------------


    def _length_bound(self) -> int | None:
        per_round = self._rules.round_moves
        return None if per_round is None else per_round * self._rules.game_rounds

    @property
    @atomic
    def paths(self) -> tuple[Path, ...]:
        """Every path slot, path 1 first."""
        out = []
        for slot in range(self._path_count()):
            raw = self._path_raw(slot)
            if raw is None:
                out.append(Path._made(number=slot + 1, centre=None, front=(), back=(),
                                      ends=None, free=(0, 0)))
            else:
                centre, front, back, ends, free = raw
                out.append(Path._made(number=slot + 1, centre=centre, front=front, back=back,
                                      ends=ends, free=free))
        return tuple(out)

    @property
    def discard(self) -> TileSet:
        """Tiles out of the round (``two_paths``: the discarded paths)."""
        return TileSet.from_mask(self._discard_mask())

    @property
    def pile(self) -> tuple[Tile, ...]:
        """The draw pile in draw order (the referee's secret: no view shows it)."""
        return self._pile()

    @property
    def chosen(self) -> tuple[int, ...]:
        """The seats that have chosen their reveal tile in the current step."""
        return self._chosen()

    @property
    @atomic
    def reveals(self) -> tuple[tuple[Tile, ...], ...]:
        """The tiles each seat has revealed this round, in step order (public)."""
        shown: list[list[Tile]] = [[] for _ in range(self._rules.players)]
        for event in self._round_events():
            if event.kind == "reveal" and event.seat is not None and event.tile is not None:
                shown[event.seat].append(event.tile)
        return tuple(tuple(s) for s in shown)

    @atomic
    def _round_events(self) -> list[Event]:
        return self._events[self._round_marks().start:]

    def choice(self, seat: int) -> Tile | None:
        """The reveal tile ``seat`` has chosen in this step and not yet shown
        (the referee's secret), or None."""
        self._check_seat(seat)
        return self._choice(seat)

    # ---- views, copies, bytes -------------------------------------------

    @atomic
    def view(self, seat: int) -> View:
        """What ``seat`` may know now (see :class:`View`)."""
        self._check_seat(seat)
        return self._view_of(seat)

    @atomic
    def public_view(self) -> View:
        """What everyone may know now (a spectator's view): the view of no seat
        (``seat`` None), with no hand, no secret reveal choice and every secret
        event hidden in its log; the tiles revealed are everyone's.

        >>> g = Game(Rules.base(players=2), seed=3)
        >>> v = g.public_view()
        >>> v.seat, len(v.hand), v.hand_sizes, v.my_choice, v.legal_moves()
        (None, 0, (6, 6), None, [])
        """
        return self._view_of(None)

    def _view_of(self, seat: int | None) -> View:
        """The view of ``seat``, or with None the public one: the one builder."""
        return self._marked(View._made(
            seat=seat, rules=self._rules, hand=TileSet() if seat is None else self.hand(seat),
            paths=self.paths,
            hand_sizes=self.hand_sizes, pile_size=self.pile_size, discard=self.discard,
            scores=self.scores, to_move=self.to_move, round=self.round, phase=self.phase,
            starter=self.starter, step=self.step, contenders=self.contenders,
            chosen=self.chosen, my_choice=None if seat is None else self._choice(seat),
            revealed=self.reveals,
            out_seat=self.out_seat, last_turns=self.last_turns, passes=self.passes,
            log=self._log_seen_by(seat),
            is_over=self.is_over, winners=self.winners))

    # ---- saves -----------------------------------------------------------

    @classmethod
    def _saved_deal(cls, data: bytes, at: int, rules: Rules) -> Deal:
        # the paths (a length, then tiles), four hand masks, then the pile
        paths = data[at + 1:at + 1 + data[at]]
        at += 1 + len(paths)
        masks = struct.unpack_from("<4I", data, at)
        pile = data[at + 17:at + 17 + data[at + 16]]
        return Deal(paths=[TILES[t] for t in paths],
                    hands=[TileSet.from_mask(m) for m in masks[:rules.players]],
                    pile=[TILES[t] for t in pile])

    def __repr__(self) -> str:
        if self.is_over:
            state = f"over, won by {self.winners}"
        elif self.phase == "reveal":
            state = f"seat {self.to_move} to reveal"
        else:
            state = f"seat {self.to_move} to move"
        return (f"<caminos.Game {self._rules}, round {self.round}, scores {self.scores}, "
                f"{state}>")


@dataclass(frozen=True)
class SimulationStats(_simulate.SimulationStats):
    """Totals of a batch of random Caminos games played in C (see :func:`simulate`):
    ``blocked`` rounds (every player passed), path ``closes``, reveal ``ties``,
    ``shared`` wins, the ``longest_round`` in moves and the rounds each seat
    ``starts``. Points per round are 0 or negative."""

    _BLOCKED = "blocked"

    blocked: int = 0
    closes: int = 0
    ties: int = 0
    shared: int = 0
    longest_round: int = 0
    starts: tuple[int, ...] = ()


def simulate(rules: Rules, games: int = 1000, seed: int = 0) -> SimulationStats:
    """Play ``games`` whole games of uniformly random legal moves (reveals too)
    in C with the GIL released. Game ``i`` is seeded ``seed + i``.

    >>> s = simulate(Rules.base(players=3), games=100, seed=1)
    >>> s.games, s.rounds, sum(s.wins) >= 100
    (100, 300, True)
    """
    return _simulate.simulate(SimulationStats, _engine.simulate, rules, Rules, games, seed,
                              rules.players if isinstance(rules, Rules) else 0)

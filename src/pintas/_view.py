"""What every game's view shares: the moves of the seat to move, the round's
log, and the plain-data form.

Each game's ``View`` is a frozen dataclass deriving from :class:`ViewBase`: a
snapshot of what one seat may know, and nothing more. Its ``to_dict()`` holds
exactly its fields, so it hides what the view hides.

A view is checked when it is built, not when it is read: a view built by hand,
by ``dataclasses.replace`` or by ``from_dict`` (a host rebuilding views from
JSON) raises :class:`~pintas.errors.ViewError`, naming the field, unless every
field holds what its game's views hold (types, lengths, ranges, and the
consistency the players and searches rely on: the hand and its size, the line
and its ends, the paths and the rules). So every view that exists is one the
players, the view's own methods and the searches can read. ``Game.view``
builds its views without the check (from the C view of the seat, or through
:meth:`~pintas._plain.PlainRecord._made`): the game's state is consistent by
construction, and a game's own views stay cheap.

A view keeps the C struct its players and legal moves read (the binding's
``_c`` slot, never a field): ``Game.view`` hands it over, and a view made by
hand or read back gets it from its fields at first use. The bindings check
every value they write into C, so even a view forged around its constructor
cannot crash the process.
"""

from __future__ import annotations

import functools
import importlib
import math
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ._checks import check_seat, check_seed
from ._plain import PlainRecord, _hints
from .errors import IllegalMoveError, NotationTypeError, ViewError
from .tiles import TILE_COUNT, Tile, TileSet

MoveT = TypeVar("MoveT")
ViewT = TypeVar("ViewT", bound="ViewBase[Any]")
if TYPE_CHECKING:
    from typing_extensions import Buffer

    BufferT = TypeVar("BufferT", bound=Buffer)

INT32 = (-(2**31), 2**31 - 1)


def shown(value: object) -> str:
    """A value as a message quotes it: its repr, cut short."""
    try:
        text = repr(value)
    except ValueError:  # an int too long to write out (sys.get_int_max_str_digits)
        return f"a {type(value).__name__} too long to show"
    return text if len(text) <= 120 else text[:117] + "..."


def is_int_in(value: object, low: float, high: float) -> bool:
    """True for an int (not a bool) in ``low..high``."""
    return type(value) is int and low <= value <= high


def is_tuple_of(value: object, item: Callable[[Any], bool], most: float = math.inf,
                length: int | None = None) -> bool:
    """True for a tuple of at most ``most`` (or exactly ``length``) items, each ``item``."""
    return (type(value) is tuple and len(value) <= most
            and (length is None or len(value) == length) and all(item(v) for v in value))


@functools.cache
def _binding_of(package: str) -> Any:
    """The C view binding of a game package (imported once: a learner encodes
    views by the million)."""
    return importlib.import_module(package + "._search")


@dataclass(frozen=True)
class ViewBase(PlainRecord, Generic[MoveT]):
    """The shared half of every game's view (see the module): its seat, the
    rules, whose move it is, the scores and the log, as the seat sees them.
    Each game's view redeclares ``rules`` and ``log`` with its own types."""

    # The C struct the binding reads a view as, once it has built it, and the
    # round's marks (RoundMarks): kept beside the fields, never one of them
    # (not in vars(), to_dict or a pickle).
    __slots__ = ("_c", "_marks")

    seat: int | None
    """The seat whose view this is, or None for the public view (a
    spectator's: ``Game.public_view()``), which is nobody's: no hand, no
    secret, no legal moves."""
    rules: Any
    """The rules of the game."""
    to_move: int | None
    """The seat to move, or None once the game is over."""
    scores: tuple[int, ...]
    """Points per side (a team in a game of pairs, else a seat)."""
    is_over: bool
    """True once the game has ended."""
    log: tuple[Any, ...]
    """Every event so far, as this seat saw it: others' secrets hidden."""

    def legal_moves(self) -> list[MoveT]:
        """The seat's legal moves when it is to move (else an empty list)."""
        if self.is_over or self.seat is None or self.to_move != self.seat:
            return []
        return self._legal()

    def _legal(self) -> list[MoveT]:
        """The legal moves of the seat, which is to move."""
        raise NotImplementedError

    # ---- for learners and searches (docs/ai.md) -------------------------------------

    @classmethod
    def _binding(cls) -> Any:
        """The game's C view binding (``pintas.<game>._search``)."""
        return _binding_of(cls.__module__.rsplit(".", 1)[0])

    def encode(self, out: BufferT | None = None) -> BufferT | bytearray:
        """What the seat may know as a vector of fixed size, every entry 0 or 1
        (line games 408, Caminos 929, dice 341; named parts in
        :meth:`encoding`): into ``out`` (a writable buffer of one-byte items,
        such as a numpy ``uint8`` array) or a new bytearray."""
        encoded: BufferT | bytearray = self._binding().encode(self, out)
        return encoded

    @classmethod
    def encoding(cls) -> dict[str, slice]:
        """The named parts of :meth:`encode`'s vector (``hand``, ``table``,
        ``scores``, ...), as slices of it, in order."""
        parts: dict[str, slice] = cls._binding().encoding()
        return parts

    def key(self) -> bytes:
        """What the view shows, as canonical bytes: two views have one key
        exactly when they show the same (a search's key of an information state)."""
        key: bytes = self._binding().key(self)
        return key

    def __post_init__(self) -> None:
        self._validate()

    def __getstate__(self) -> dict[str, Any]:
        return dict(self.__dict__)  # the fields, without the C struct

    def _expect(self, name: str, ok: bool, what: str) -> None:
        """ViewError naming the field ``name`` unless ``ok`` (``what``: what it must be)."""
        if not ok:
            package = type(self).__module__.split(".")[1]
            raise ViewError(f"{package}.View.{name} must be {what}: "
                            f"got {shown(getattr(self, name, None))}")

    def _seats(self) -> int:
        """How many seats the view's game has (its rules checked first)."""
        return int(self.rules.players)

    def _sides(self) -> int:
        """How many scoring sides the view's game has."""
        return self._seats()

    def _validate(self) -> None:
        """Raise ViewError unless every field holds what the game's own views
        hold. Each game's view extends it."""
        hints = _hints(type(self))
        rules_type, event_type = hints["rules"], typing.get_args(hints["log"])[0]
        self._expect("rules", isinstance(self.rules, rules_type), f"a {rules_type.__qualname__}")
        seats, sides = self._seats(), self._sides()
        self._expect("seat", self.seat is None or is_int_in(self.seat, 0, seats - 1),
                     f"a seat 0..{seats - 1}, or None (the public view)")
        self._expect("is_over", type(self.is_over) is bool, "True or False")
        self._expect("to_move", self.to_move is None if self.is_over
                     else self.to_move is None or is_int_in(self.to_move, 0, seats - 1),
                     "None once the game is over or while a chance event is pending, "
                     "else the seat to move")
        self._expect("scores", is_tuple_of(self.scores, lambda v: is_int_in(v, *INT32),
                                           length=sides), f"{sides} whole numbers")
        self._expect("log", is_tuple_of(self.log, lambda e: isinstance(e, event_type) and (
            e.seat is None or e.seat < seats)), f"a tuple of events of {seats} seats")

    @property
    def is_public(self) -> bool:
        """True for the public view (``Game.public_view()``): nobody's, a spectator's."""
        return self.seat is None

    @classmethod
    def check(cls, view: object, public: bool = False) -> None:
        """Raise ViewError unless ``view`` is a view of this class (what a player
        of its game reads) and, unless ``public``, a seat's: the public view
        has no hand to choose from, no legal moves and no observation (those
        are a seat's); it has a key."""
        game = cls.__module__.split('.')[1]
        if not isinstance(view, cls):
            raise ViewError(f"a {game} player chooses from a {game}.View: got {view!r}")
        if not public and view.seat is None:
            raise ViewError(f"the public {game}.View is nobody's: it has no hand to choose "
                            f"from, no legal moves and no observation (a seat's view has)")

    @classmethod
    def moves_to_choose(cls, view: object) -> list[MoveT]:
        """The legal moves a player may choose from in ``view``, which must be a
        view of this class (ViewError) whose seat is to move (IllegalMoveError)."""
        cls.check(view)
        assert isinstance(view, cls)
        moves = view.legal_moves()
        if not moves:
            raise view._no_move_error()
        return moves

    def _no_move_error(self) -> IllegalMoveError:
        """The error a player raises when asked to choose for this view's seat,
        which has no move (the game is over, or another seat is to move)."""
        state = ("the game is over" if self.is_over
                 else "a chance outcome is due" if self.to_move is None
                 else f"seat {self.to_move} is to move")
        return IllegalMoveError(f"seat {self.seat} has no move to choose: {state}")

    @classmethod
    def moves_of(cls, view: object, moves: object) -> list[MoveT]:
        """``moves`` checked for a player that ranks them: a list or tuple of
        moves legal in ``view`` (a view of this class). NotationTypeError for
        anything but moves of the view's game, IllegalMoveError for a move that
        is not legal in the view."""
        cls.check(view)
        assert isinstance(view, cls)
        legal = view.legal_moves()
        kind = type(legal[0]) if legal else None
        if not isinstance(moves, (list, tuple)) or not all(type(m) is kind for m in moves):
            raise NotationTypeError(f"moves of the view's game are wanted: got {shown(moves)}")
        wrong = [m for m in moves if m not in legal]
        if wrong:
            raise IllegalMoveError(f"not a legal move of seat {view.seat} in the view: {wrong[0]}")
        return list(moves)

    def _repr_svg_(self) -> str:
        """The view as a picture (:func:`pintas.svg.view`), which Jupyter shows."""
        from . import svg  # only when a picture is asked for: not part of importing pintas

        return svg.view(self)

    def _round_marks(self) -> RoundMarks:
        """Where the current round starts in the log and its passes per seat:
        the game hands them over with its views (kept as its log grows), and a
        view made by hand or read back finds them once, reading back from the
        log's end to the round's deal (never the rounds before)."""
        marks = getattr(self, "_marks", None)
        if not isinstance(marks, RoundMarks) or marks.length != len(self.log):
            marks = RoundMarks.of(self.log, self._seats())
            object.__setattr__(self, "_marks", marks)
        return marks

    @property
    def round_log(self) -> tuple[Any, ...]:
        """The log since the current round was dealt (all of it in a game of no
        deals). Costs the round's length, never the whole log's: the round's
        start is kept with the view.

        >>> from pintas import domino
        >>> g = domino.Game(domino.Rules.muggins(players=2), seed=3)
        >>> [e.kind for e in g.view(0).round_log]
        ['deal']
        """
        return self.log[self._round_marks().start:]

    def _with_marks(self: ViewT, marks: RoundMarks) -> ViewT:
        """This view (just built by its game) with the game's round marks."""
        if not isinstance(marks, RoundMarks):
            raise TypeError(f"a view's round marks are RoundMarks: got {marks!r}")
        object.__setattr__(self, "_marks", marks)
        return self

    def sample_game(self, seed: int) -> Any:
        """A whole game consistent with everything this view shows, drawn from
        ``seed`` (docs/ai.md, "Determinization"): the package's ``Game``, with
        the view's rules, scores, round, turn and public log, this seat's own
        hand as it is, and every tile the seat cannot see dealt uniformly at
        random among the worlds the view allows (hand sizes, the numbers a seat
        showed it lacks by drawing or passing, every play). The game plays on
        from there, its chance (later draws, deals, rolls) seeded from ``seed``.
        Only the view is read; the same seed gives the same game.

        >>> from pintas import domino
        >>> g = domino.Game(domino.Rules.dominican(), seed=4)
        >>> world = g.view(0).sample_game(seed=1)
        >>> world.hand(0) == g.hand(0), world.view(0).key() == g.view(0).key()
        (True, True)
        """
        check_seed(seed)
        return self._sample_game(seed)

    def _sample_game(self, seed: int) -> Any:
        """The game :meth:`sample_game` returns (each game's view gives it)."""
        raise NotImplementedError


class RoundMarks:
    """Where the current round starts in a log (the index of its last
    ``deal`` event, 0 if it has none) and how many times each seat has
    passed since, for a log of ``length`` events. A game keeps one up to date
    as events are added (:meth:`extend`), so its views get them for nothing."""

    __slots__ = ("length", "passes", "start")

    def __init__(self, seats: int) -> None:
        self.length = 0
        self.start = 0
        self.passes = [0] * seats

    @classmethod
    def of(cls, log: tuple[Any, ...], seats: int) -> RoundMarks:
        """The marks of ``log``, read back from its end to the round's deal."""
        marks = cls(seats)
        start = len(log)
        while start > 0 and log[start - 1].kind != "deal":
            start -= 1
        marks.length = start - 1 if start > 0 else 0  # the rounds before: skipped
        marks.extend(log[marks.length:])
        return marks

    def extend(self, events: Sequence[Any]) -> None:
        """Take in ``events``, the ones that follow the log read so far."""
        for event in events:
            kind = event.kind
            if kind == "deal":
                self.start = self.length
                self.passes = [0] * len(self.passes)
            elif kind == "pass" and event.seat is not None and event.seat < len(self.passes):
                self.passes[event.seat] += 1
            self.length += 1

    def copy(self) -> RoundMarks:
        """An independent copy (a view keeps its own, the game goes on)."""
        other = RoundMarks(len(self.passes))
        other.length, other.start, other.passes = self.length, self.start, self.passes[:]
        return other


@dataclass(frozen=True)
class TileView(ViewBase[MoveT]):
    """What a seat of a tile game sees besides: its own hand, how many tiles
    every seat holds, and the round."""

    hand: TileSet
    """The seat's own tiles."""
    hand_sizes: tuple[int, ...]
    """How many tiles each seat holds."""
    round: int
    """The round being played, from 1."""

    def _check_seat(self, seat: object) -> None:
        check_seat(seat, len(self.hand_sizes))

    def _validate(self) -> None:
        super()._validate()
        seats = self._seats()
        self._expect("hand", type(self.hand) is TileSet, "a TileSet")
        self._expect("hand_sizes", is_tuple_of(self.hand_sizes,
                                               lambda n: is_int_in(n, 0, TILE_COUNT),
                                               length=seats),
                     f"{seats} whole numbers 0..{TILE_COUNT}")
        if self.seat is None:
            self._expect("hand", not self.hand, "empty in the public view")
        else:
            self._expect("hand", len(self.hand) == self.hand_sizes[self.seat],
                         f"the seat's {self.hand_sizes[self.seat]} tiles (hand_sizes)")
        self._expect("round", is_int_in(self.round, 1, INT32[1]), "a round from 1")


def is_tile(value: object) -> bool:
    """True for a :class:`~pintas.tiles.Tile`."""
    return type(value) is Tile


def is_seat_tuple(value: object, seats: int) -> bool:
    """True for a tuple of distinct seats of a game of ``seats`` seats."""
    return (is_tuple_of(value, lambda s: is_int_in(s, 0, seats - 1), most=seats)
            and isinstance(value, tuple) and len(set(value)) == len(value))

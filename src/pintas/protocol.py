"""The game protocol: what every game, view, move, event and player offers.

Every game of pintas (``domino.Game``, ``caminos.Game``, ``dice.Game``)
implements :class:`Game`; its views implement :class:`View`; its moves and
events :class:`Move` and :class:`Event`. Front ends (the tournament, the move
timer, the command line, the kiosk, a host's own server) are written against
these and the registry of games (:mod:`pintas.registry`), never against one
game's classes, so each is written once for every game.

Seats are numbered from 0. Scores and winners are per *side*: a team in a
game of pairs, else a seat; :meth:`Game.side_of` tells a seat's side. Every
value has a plain-data form (``to_dict()``, JSON-ready) that its class reads
back with ``from_dict()``; a view's holds exactly what the view holds, and so
hides what the view hides.

Players are typed with their game's types: each game's players take its
``View`` and give its ``Move`` (a :class:`PlayerOf` that game's view and
move), and the players of every game (:mod:`pintas.bots`) take a
:class:`ViewOf` some move type and give a move of that type, so a type
checker knows ``bots.GreedyPlayer().choose(domino_view)`` is a
``domino.Move``. :class:`Player` is any player of any game.

>>> from pintas import caminos, dice, domino
>>> from pintas.protocol import Game
>>> all(isinstance(g, Game) for g in (domino.Game(domino.Rules.dominican(), seed=1),
...                                    caminos.Game(caminos.Rules.base(), seed=1),
...                                    dice.Game(dice.Rules.farkle(), seed=1)))
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Protocol, SupportsIndex, TypeVar, runtime_checkable

__all__ = ["Event", "Game", "Move", "Player", "PlayerOf", "Position", "View", "ViewOf"]

MoveT = TypeVar("MoveT")
ViewT_contra = TypeVar("ViewT_contra", contravariant=True)
MoveT_co = TypeVar("MoveT_co", covariant=True)


@runtime_checkable
class Move(Protocol):
    """A move: immutable, compared by value, written in the game's notation by ``str()``."""

    @property
    def kind(self) -> str:
        """What sort of move it is (``play``, ``draw``, ``keep``, ...)."""

    def to_dict(self) -> dict[str, Any]:
        """The move as plain data; the move's class reads it back with ``from_dict``."""

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """The move whose plain data is ``data``."""


@runtime_checkable
class Event(Protocol):
    """One thing that happened, as an immutable record: ``kind``, who (``seat``),
    ``points``, ``reason``, ``count``, and the fields of its game."""

    @property
    def kind(self) -> str:
        """What happened."""

    @property
    def seat(self) -> int | None:
        """Who acted (or won), or None."""

    @property
    def points(self) -> int:
        """The points it scored or lost (0 for most events)."""

    def hidden(self) -> Event:
        """The event as the other seats see it (the same event where nothing is secret)."""

    def to_dict(self) -> dict[str, Any]:
        """The event as plain data; the event's class reads it back with ``from_dict``."""

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """The event whose plain data is ``data``."""


class Position(Protocol):
    """What a game and a view both tell: the rules, whose move it is, the
    scores, and the legal moves."""

    @property
    def rules(self) -> Any:
        """The rules of the game."""

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None once the game is over."""

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""

    @property
    def scores(self) -> tuple[int, ...]:
        """Points per side."""

    def legal_moves(self) -> list[Any]:
        """The legal moves (a view's: only when its seat is to move), else ``[]``."""


@runtime_checkable
class View(Position, Protocol):
    """What one seat may know at one moment, and nothing more: computer players
    decide from views, never from the game."""

    @property
    def seat(self) -> int | None:
        """The seat whose view this is, or None for the public view (nobody's:
        no hand, no secret, no legal moves; :meth:`Game.public_view`)."""

    @property
    def log(self) -> tuple[Any, ...]:
        """Every event so far as this seat saw it (secrets of others hidden)."""

    def to_dict(self) -> dict[str, Any]:
        """The view as plain data; the view's class reads it back with ``from_dict``."""

    @classmethod
    def from_dict(cls, data: Any) -> Any:
        """The view whose plain data is ``data``."""


@runtime_checkable
class ViewOf(View, Protocol[MoveT]):
    """A view whose moves are ``MoveT`` values: what a player of every game
    (those of :mod:`pintas.bots`) is given, so that its move has the type of
    the view's game (``bots.GreedyPlayer().choose(domino_view)`` is a
    ``domino.Move`` to a type checker)."""

    def legal_moves(self) -> list[MoveT]:
        """The seat's legal moves when it is to move, else ``[]``."""


@runtime_checkable
class Game(Position, Protocol):
    """A whole game, from its setup to its end: the referee, which sees all."""

    @property
    def seats(self) -> int:
        """How many seats the game has."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning sides once the game is over (several when the win is shared), else ``()``."""

    @property
    def history(self) -> tuple[Any, ...]:
        """Every move played, in order."""

    @property
    def events(self) -> tuple[Any, ...]:
        """Every event so far, secrets included (the referee's log)."""

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for."""

    def is_legal(self, move: object) -> bool:
        """True if ``move`` (a move or its notation) may be played now; a value
        of the wrong type raises a TypeError, as ``play`` does."""

    def parse_move(self, text: str) -> Any:
        """The legal move written ``text`` (NotationError, IllegalMoveError otherwise)."""

    def play(self, move: Any) -> list[Any]:
        """Play a move (or its notation) and return the events it caused; an
        illegal move raises (a TypeError too for a value of the wrong type)
        and changes nothing."""

    def view(self, seat: int) -> Any:
        """What ``seat`` may know now."""

    def public_view(self) -> Any:
        """What everyone may know now (a spectator's view): the view of no
        seat, built as each seat's is, with no hand and no secret."""

    def copy(self) -> Any:
        """An independent copy."""

    def replay(self, moves: int | None = None) -> Any:
        """A new game rebuilt from this one's setup and log: equal to this one;
        with ``moves``, as it was right after its first ``moves`` moves."""

    def to_bytes(self, *, key: bytes | None = None) -> bytes:
        """The whole game as bytes; the game's class reads them back with ``from_bytes``
        (with ``key``, signed: only the same key loads them)."""

    @classmethod
    def from_bytes(cls, data: bytes, *, key: bytes | None = None) -> Any:
        """The game saved as ``data`` (CorruptStateError for anything else)."""

    # ---- for learners and searches (docs/ai.md) -------------------------------------

    @property
    def action_count(self) -> int:
        """How many actions (move numbers) the game's rules have."""

    def legal_mask(self, out: Any = None) -> Any:
        """The legal actions as 0/1 bytes: into ``out`` or a new bytearray."""

    def legal_indices(self) -> list[int]:
        """The legal actions, ascending."""

    def play_index(self, index: SupportsIndex) -> list[Any]:
        """Play the move of action ``index``; its events."""

    @property
    def utility_range(self) -> tuple[float, float]:
        """The least and the most a seat can get from :meth:`returns`."""

    def returns(self, points: bool = False) -> tuple[float, ...]:
        """Each seat's outcome once the game is over (all 0 before)."""

    @property
    def max_length(self) -> int | None:
        """A bound on the moves of the whole game, or None when the rules set none."""

    # ---- external chance (docs/ai.md, "External chance") ----------------------------

    @property
    def chance(self) -> str:
        """``"internal"`` (the game's PRNG deals and rolls) or ``"external"``."""

    @property
    def is_chance(self) -> bool:
        """True while a chance event waits for :meth:`play_chance` (then
        ``to_move`` is None and no move is legal)."""

    @property
    def chance_count(self) -> int:
        """Every chance outcome code is below it."""

    def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]:
        """The pending chance event's outcomes and exact probabilities, by code."""

    def chance_probabilities(self) -> list[tuple[int, float]]:
        """:meth:`chance_outcomes` with float probabilities."""

    def play_chance(self, outcome: SupportsIndex) -> list[Any]:
        """Give the pending chance event its outcome; the events it caused."""

    def chance_text(self, outcome: SupportsIndex) -> str:
        """Outcome ``outcome`` in words (a tile, dice)."""


@runtime_checkable
class PlayerOf(Protocol[ViewT_contra, MoveT_co]):
    """A player of one game: picks a ``MoveT_co`` from a ``ViewT_contra``
    (``PlayerOf[domino.View, domino.Move]``: what ``registry.make_player``
    gives for ``domino.Rules``)."""

    def choose(self, view: ViewT_contra) -> MoveT_co:
        """A legal move of ``view.seat``, which must be to move."""


@runtime_checkable
class Player(PlayerOf[Any, Any], Protocol):
    """Anything that picks a move from a view, of any game: every
    :class:`PlayerOf` is one."""

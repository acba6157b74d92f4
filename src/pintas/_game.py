"""What every game object shares, above its binding: seeds and seats, copies,
replays, saves and pickling.

Each game's ``Game`` class is ``GameBase`` plus its binding's engine class
(a :class:`pintas._base.Engine`, which plays the moves). A game states how it
was set up (:meth:`GameBase._origin`: its first deal, its seats) and how its
rules and deals read as Python values from a save's bytes; the C core writes
and reads the saves (:mod:`pintas._save`); everything else is here once.

The log (``_log``) is what replays a game: its moves, and the ``("seed", s)``
and ``("deal", d)`` entries of chance. A seeded game logs no seeds. An
unseeded game gets a fresh seed from the OS before every move and logs it
(before the move) exactly when the move drew from the PRNG; a replay runs the
same code with the logged seeds, so a saved log that is not what its moves
make (a seed missing, extra or misplaced) does not load (the C core checks it).
"""

from __future__ import annotations

import secrets
import struct
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, SupportsIndex, TypeVar

from . import _save
from ._base import chance_value, extend_seen, given
from ._checks import check_chance, check_int, check_seat, check_seed
from ._deals import Deal
from ._lock import atomic
from ._view import RoundMarks, ViewBase
from .errors import ChanceError, DealTypeError, PintasError, RulesTypeError
from .tiles import TILES, TileSet

RulesT = TypeVar("RulesT")
MoveT = TypeVar("MoveT")
EventT = TypeVar("EventT")
ViewT = TypeVar("ViewT")
DealT = TypeVar("DealT", bound=Deal)
GameT = TypeVar("GameT", bound="GameBase[Any, Any, Any, Any]")

LogEntry = Any  # a move, ("seed", int) or ("deal", Deal)

_LIMITS_FLAG = 0x04  # a save's flags: the rules set a length limit (docs/saves.md)


def listed(items: Sequence[object]) -> str:
    """Items in words, for a message: ``a``, ``a and b``, ``a, b and c``.

    >>> listed(["6|1", "3|3", "2|2"])
    '6|1, 3|3 and 2|2'
    """
    words = [str(item) for item in items]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


class GameBase(Generic[RulesT, MoveT, EventT, ViewT]):
    """The shared half of every game: see the module."""

    #: The game's rules class, and its rules fields as a save holds them after
    #: its header (a ``struct`` layout).
    _RULES: ClassVar[type]
    _SAVED_RULES: ClassVar[str]

    _rules: RulesT
    _seed: int | None
    _first_seed: int
    _history: list[MoveT]
    _events: list[EventT]
    _log: list[LogEntry]

    if TYPE_CHECKING:  # given by the binding's engine class
        def play(self, move: MoveT | str) -> list[EventT]: ...
        def is_legal(self, move: object) -> bool: ...
        def legal_moves(self) -> list[MoveT]: ...
        def parse_move(self, text: str) -> MoveT: ...
        @property
        def events(self) -> tuple[EventT, ...]: ...
        @property
        def to_move(self) -> int | None: ...
        @property
        def is_over(self) -> bool: ...
        @property
        def scores(self) -> tuple[int, ...]: ...
        @property
        def seats(self) -> int: ...
        @property
        def winners(self) -> tuple[int, ...]: ...
        @property
        def winner(self) -> int | None: ...
        def _start(self, rules: tuple[int, ...], seed: int, *args: Any) -> list[EventT]: ...
        def _play_seeded_by(self, move: MoveT, seed: int) -> list[EventT]: ...
        def _copy_from(self: GameT, other: GameT) -> None: ...
        def _replay(self, log: list[LogEntry]) -> None: ...
        @property
        def chance(self) -> str: ...
        @property
        def is_chance(self) -> bool: ...
        @property
        def chance_count(self) -> int: ...
        def chance_outcomes(self) -> tuple[tuple[int, Fraction], ...]: ...
        def play_chance(self, outcome: SupportsIndex) -> list[EventT]: ...

    # ---- setting up ---------------------------------------------------------------

    def _open(self, rules: RulesT, seed: int | None, *start: Any,
              chance: str = "internal") -> None:
        """Check ``rules``, ``seed`` and ``chance`` and start the C game
        (``start``: its setup); without a seed the first one comes from the OS."""
        if not isinstance(rules, self._RULES):
            raise RulesTypeError(f"Game needs a {self._package()}.Rules: got {rules!r}")
        check_seed(seed, optional=True)
        external = check_chance(chance)
        first_seed = secrets.randbits(64) if seed is None else seed
        self._start(rules._fields(), first_seed, *start, external)  # type: ignore[attr-defined]
        self._rules, self._seed = rules, seed

    @classmethod
    def _package(cls) -> str:
        """The game's package (``domino``, ``caminos``, ``dice``), for messages."""
        return cls._RULES.__module__.split(".")[1]

    def _origin(self) -> dict[str, Any]:
        """How the game was set up, as keyword arguments of its constructor
        besides the rules and the seed."""
        return self._chance_origin()

    def _chance_origin(self) -> dict[str, Any]:
        """``chance="external"`` for a game with external chance, else nothing."""
        return {"chance": "external"} if self.chance == "external" else {}

    def chance_text(self, outcome: SupportsIndex) -> str:
        """Chance outcome ``outcome`` (a code of :meth:`chance_outcomes`) in
        words: a tile in notation (``6|4``), or dice (``1 1 5``).

        >>> from pintas import dice, domino
        >>> domino.Game(domino.Rules.muggins(), seed=1, chance="external").chance_text(27)
        '6|6'
        >>> dice.Game(dice.Rules.farkle(), seed=1, chance="external").chance_text(1)
        '6'
        """
        code: int = chance_value(outcome)
        if not 0 <= code < self.chance_count:
            raise ChanceError(f"a chance outcome is 0..{self.chance_count - 1}: "
                              f"got {given(outcome)}")
        return self._outcome_text(code)

    def _outcome_text(self, code: int) -> str:
        """The words of outcome ``code`` (in range)."""
        return str(TILES[code])

    # ---- what every game tells ------------------------------------------------------

    @property
    def rules(self) -> RulesT:
        """The rules this game is played by."""
        return self._rules

    @property
    def seed(self) -> int | None:
        """The game's seed, or None when its chance was seeded by the OS (the
        seeds used are kept for audit)."""
        return self._seed

    @property
    def history(self) -> tuple[MoveT, ...]:
        """Every move played, in order."""
        return tuple(self._history)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for (the seat itself unless the game has teams)."""
        self._check_seat(seat)
        return seat

    def _check_seat(self, seat: object) -> None:
        check_seat(seat, self.seats)

    # ---- outcomes, for learners and searches ---------------------------------------

    @property
    def max_length(self) -> int | None:
        """An upper bound on the moves of the whole game (the moves played so
        far included), derived from its rules, or None when they set none
        (docs/ai.md, "Game length"): a line game needs a bounded number of
        rounds (``max_rounds``, or a target every round scores towards), a
        dice game ``max_rounds`` and ``max_rolls``, Caminos full paths that
        leave play.

        >>> from pintas import domino
        >>> domino.Game(domino.Rules.muggins(max_rounds=2), seed=1).max_length
        170
        >>> domino.Game(domino.Rules.muggins(), seed=1).max_length is None
        True
        """
        return self._length_bound()

    def _length_bound(self) -> int | None:
        """The game's :attr:`max_length`."""
        raise NotImplementedError

    @property
    def utility_range(self) -> tuple[float, float]:
        """The least and the most :meth:`returns` gives a seat: ``(-1, 1)``
        between two sides, ``(-1 / (sides - 1), 1)`` among more."""
        sides = len(self.scores)
        return (-1.0 / (sides - 1), 1.0) if sides > 1 else (0.0, 0.0)

    def returns(self, points: bool = False) -> tuple[float, ...]:
        """Each seat's outcome, by seat; all 0 until the game is over.

        A win is shared equally among the winning sides, and each seat gets
        its side's share less an even share, scaled so that a lone winner
        gets 1: 1 and -1 between two sides; with three, 1 for the winner and
        -0.5 for each other. The returns add up to 0 over the sides (a zero-sum
        game), whoever wins. With ``points``, each seat gets instead its side's
        score less the mean of the sides' scores.

        >>> from pintas import dice
        >>> game = dice.Game(dice.Rules.farkle(target=50), players=2, seed=3)
        >>> while not game.is_over:
        ...     _ = game.play(game.legal_moves()[-1])
        >>> game.returns(), game.utility_range
        ((1.0, -1.0), (-1.0, 1.0))
        """
        scores = self.scores
        sides = len(scores)
        if not self.is_over or sides < 2:
            return (0.0,) * self.seats
        if points:
            mean = sum(scores) / sides
            by_side = [score - mean for score in scores]
        else:
            winners = set(self.winners)
            share = [1.0 / len(winners) if side in winners else 0.0 for side in range(sides)]
            by_side = [(s - 1.0 / sides) * sides / (sides - 1) for s in share]
        return tuple(by_side[self.side_of(seat)] for seat in range(self.seats))

    def _round_marks(self) -> RoundMarks:
        """The current round's marks (its start in the log, its passes per
        seat), brought up to date with the events added since the last call:
        what a view's ``round_log`` and ``passes`` read, without a scan."""
        events = self._events
        source: list[EventT] | None
        marks: RoundMarks | None
        source, marks = self.__dict__.get("_marks", (None, None))
        if source is not events or marks is None or marks.length > len(events):
            marks = RoundMarks(self.seats)  # a new log (a replay, a load): start again
        if marks.length < len(events):
            marks.extend(events[marks.length:])
        self.__dict__["_marks"] = (events, marks)
        return marks

    def _marked(self, view: ViewT) -> ViewT:
        """``view``, just built from this game, given the round's marks."""
        if not isinstance(view, ViewBase):
            raise TypeError(f"a view of this game is marked: got {view!r}")
        return view._with_marks(self._round_marks().copy())

    def _check_whole(self) -> None:
        """PintasError for a sampled game (:func:`take_record`): its log does
        not replay to it, so it has no save and no replay."""
        if self.__dict__.get("_sampled"):
            raise PintasError("a game sampled from a view holds only the view's record of "
                              "its past: it plays on, but it cannot be saved or replayed")

    @atomic
    def _logged_seeds(self) -> tuple[int, ...]:
        """The seeds the OS gave moves of this game, in order."""
        return tuple(entry[1] for entry in self._log
                     if isinstance(entry, tuple) and entry[0] == "seed")

    # ---- copies and replays ---------------------------------------------------------

    @atomic
    def copy(self: GameT) -> GameT:
        """An independent copy: moves on one do not touch the other."""
        other = type(self).__new__(type(self))
        other._copy_from(self)
        other.__dict__.update(self.__dict__)
        return other

    @atomic
    def replay(self: GameT, moves: int | None = None) -> GameT:
        """A new game rebuilt from this one's setup and log: equal to this one.
        With ``moves`` (0..``len(history)``), the game as it was right after its
        first ``moves`` moves, rebuilt the same way from the start of its log
        (chance given and deals set after that move are not in it): what a
        spectator kept some moves behind is shown (its ``public_view()``).

        >>> from pintas import domino
        >>> g = domino.Game(domino.Rules.dominican())
        >>> _ = g.play(g.legal_moves()[0]), g.play(g.legal_moves()[0])
        >>> g.replay(1).history == g.history[:1], g.replay() == g
        (True, True)
        """
        self._check_whole()
        log = self._log
        if moves is not None:
            check_int("moves", moves, 0, len(self._history))
            entries = [i for i, entry in enumerate(log) if type(entry) is not tuple]
            log = log if moves == len(entries) else log[:entries[moves]]
            # (the seed logged before a move belongs to it: cut before that move's seed)
            while moves < len(entries) and log and type(log[-1]) is tuple \
                    and log[-1][0] == "seed":
                log = log[:-1]
        return self._rebuild(self._rules, self._origin(), self._seed, self._first_seed, log)

    @classmethod
    def _rebuild(cls: type[GameT], rules: Any, origin: dict[str, Any], seed: int | None,
                 first_seed: int, log: Sequence[LogEntry]) -> GameT:
        """The game set up from (rules, origin, first seed) with ``log`` played
        through the rules; an unseeded game's moves take the logged seeds (a
        log this game made, or one the C core checked: see the module)."""
        game = cls(rules, seed=first_seed, **origin)  # type: ignore[call-arg]
        game._seed = seed
        game._replay(list(log))
        return game

    def __eq__(self, other: object) -> bool:
        """Two games are equal when they have the same rules, seeds, log and state."""
        if type(other) is not type(self):
            return NotImplemented
        if self.chance == "external" or other.chance == "external":  # no format 1
            return _save.write(self) == _save.write(other)
        # their saves in format 1, which has no trailer: no hashing
        return _save.write(self, None, 1) == _save.write(other, None, 1)

    __hash__ = None  # type: ignore[assignment]  # a game changes: no dict key

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return (type(self).from_bytes, (self.to_bytes(),))

    def __copy__(self: GameT) -> GameT:
        return self.copy()

    def __deepcopy__(self: GameT, memo: dict[int, Any]) -> GameT:
        return self.copy()

    # ---- saves ----------------------------------------------------------------------

    def to_bytes(self, *, key: bytes | None = None) -> bytes:
        """The whole game (setup, log, current state) as bytes for saving, ending
        with a checksum, or with ``key`` (16 bytes or more) a MAC that only the
        holder of the key can make: :meth:`from_bytes` then needs the same key.

        A save holds everything, the hands nobody sees included: never give a
        referee's save to a player (docs/saves.md).

        >>> from pintas import dice
        >>> game = dice.Game(dice.Rules.farkle(), players=2, seed=7)
        >>> data, signed = game.to_bytes(), game.to_bytes(key=bytes(range(16)))
        >>> data[:4], data[4], len(signed) - len(data)
        (b'PNTS', 2, 16)
        >>> dice.Game.from_bytes(signed, key=bytes(range(16))) == game
        True
        """
        self._check_whole()
        return _save.write(self, key)

    @classmethod
    def from_bytes(cls: type[GameT], data: bytes | bytearray | memoryview, *,
                   key: bytes | None = None) -> GameT:
        """The game saved by :meth:`to_bytes`; CorruptStateError for anything else.

        The save's checksum (or with ``key``, its MAC) must match; then the saved
        log is replayed through the rules and must make exactly the saved log
        and state, so a tampered save cannot produce an impossible game; and the
        game must write exactly these bytes back. A save made with a key loads
        only with that key, and one made without a key only without.
        """
        return _save.read(cls, data, key)

    @classmethod
    def _saved_rules(cls, data: bytes) -> Any:
        """The rules of save ``data`` (RulesError if they are no rules): its
        rules fields after the header, then its limits."""
        rules = cls._RULES._from_fields(  # type: ignore[attr-defined]
            struct.unpack_from(cls._SAVED_RULES, data, _save.HEADER_SIZE))
        return cls._limited(rules, data)

    @classmethod
    def _limited(cls, rules: Any, data: bytes) -> Any:
        """``rules`` with the limits save ``data`` sets after them (if any)."""
        limits = cls._saved_limits(data)[:cls._LIMITS]
        if not any(limits):
            return rules
        names = cls._LIMIT_NAMES[:cls._LIMITS]
        pairs = zip(names, limits, strict=True)
        return rules.replace(**{name: value or None for name, value in pairs})

    #: How many limit bytes the game's rules fields end with (docs/saves.md:
    #: flag bit 2, then two bytes after the rules).
    _LIMITS: ClassVar[int] = 0
    #: The rules settings of those bytes, in order.
    _LIMIT_NAMES: ClassVar[tuple[str, ...]] = ("max_rounds", "max_rolls")

    @classmethod
    def _saved_limits(cls, data: bytes) -> tuple[int, int]:
        """The two bytes of limits after the rules of save ``data``, or
        ``(0, 0)`` (no limit) when its flags say there are none."""
        if len(data) <= 6 or not data[6] & _LIMITS_FLAG:
            return (0, 0)
        at = _save.HEADER_SIZE + struct.calcsize(cls._SAVED_RULES)
        first, second = struct.unpack_from("<2B", data, at)
        return (first, second)

    @classmethod
    def _rules_end(cls, data: bytes) -> int:
        """Where the setup of save ``data`` goes on after its rules and limits."""
        at = _save.HEADER_SIZE + struct.calcsize(cls._SAVED_RULES)
        return at + (2 if len(data) > 6 and data[6] & _LIMITS_FLAG else 0)

    @classmethod
    def _saved_origin(cls, data: bytes, rules: Any, dealt: int, players: int,
                      first_player: int) -> dict[str, Any]:
        """The :meth:`_origin` of save ``data``, from what the C core read of
        its setup (a hand-made first deal, the seats)."""
        raise NotImplementedError


def take_record(game: GameBase[Any, MoveT, EventT, Any], events: Sequence[EventT],
                moves: Sequence[MoveT]) -> None:
    """Make ``game``, just built and its C state replaced by a sampled
    world's, carry the record of the view it was sampled from: the view's
    log as its events, the moves it shows as its history. Its deals are not
    the ones that record started from, so it plays on but neither saves nor
    replays (:meth:`GameBase._check_whole`)."""
    game._events, game._history, game._log = list(events), list(moves), list(moves)
    game.__dict__.pop("_marks", None)
    game.__dict__.pop("_seen_logs", None)
    game.__dict__["_sampled"] = True


class TileGame(GameBase[RulesT, MoveT, EventT, ViewT],
               Generic[RulesT, MoveT, EventT, ViewT, DealT]):
    """What the games dealt from the 28 tiles share: hands, hand-made deals
    (the first one, and :meth:`set_deal` between rounds), the seeds of their
    deals, and moves named by their code alone in the log."""

    #: The game's hand-made deal class.
    _DEAL: ClassVar[type[Any]]
    _first_deal: DealT | None

    if TYPE_CHECKING:  # given by the binding's engine class
        def _set_deal(self, deal: tuple[Any, ...]) -> list[EventT]: ...
        def _hand_mask(self, seat: int) -> int: ...
        def _hand_sizes(self) -> tuple[int, ...]: ...
        def _round(self) -> int: ...

    def __init__(self, rules: RulesT, seed: int | None = None, deal: DealT | None = None,
                 chance: str = "internal") -> None:
        if deal is not None:
            self._checked_deal(deal, rules)
        self._open(rules, seed, None if deal is None else deal._c_args(rules), chance=chance)
        self._first_deal = deal

    def _checked_deal(self, deal: object, rules: object) -> None:
        if not isinstance(deal, self._DEAL):
            raise DealTypeError(f"a deal must be a {self._package()}.Deal: got {deal!r}")
        if isinstance(rules, self._RULES):
            deal.check(rules)

    def _origin(self) -> dict[str, Any]:
        return {"deal": self._first_deal, **self._chance_origin()}

    @property
    @atomic
    def deal_seeds(self) -> tuple[int, ...]:
        """The seeds the OS gave this game's deals (and reshuffles), for audit
        (empty if seeded)."""
        return () if self._seed is not None else (self._first_seed, *self._logged_seeds())

    def hand(self, seat: int) -> TileSet:
        """The tiles ``seat`` holds (the referee sees every hand)."""
        self._check_seat(seat)
        return TileSet.from_mask(self._hand_mask(seat))

    @property
    @atomic
    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return self._hand_sizes()

    @property
    def round(self) -> int:
        """The round being played, from 1."""
        return self._round()

    def _log_seen_by(self, seat: int | None) -> tuple[EventT, ...]:
        """The log as ``seat`` sees it (None: the public, nobody's; others'
        secrets hidden: each event's ``hidden()``). Kept between calls, so a
        view costs the events since the seat's last view, not the whole log: a
        timer's view of a long game stays cheap."""
        cache: dict[int | None, tuple[list[EventT], list[EventT], tuple[EventT, ...]]]
        cache = self.__dict__.setdefault("_seen_logs", {})
        events = self._events
        source, seen, snapshot = cache.get(seat, (None, [], ()))
        if source is not events or len(seen) > len(events):  # a new log: start again
            seen = []
        if len(seen) < len(events):
            extend_seen(seen, events, seat)  # type: ignore[type-var]  # tile events
            snapshot = tuple(seen)
        elif len(snapshot) != len(seen):
            snapshot = tuple(seen)
        cache[seat] = (events, seen, snapshot)
        return snapshot

    @atomic
    def set_deal(self, deal: DealT) -> list[EventT]:
        """Replace the current round's deal by a hand-made one, before the
        round's first move: for a kiosk dealing real tiles, or a test that needs
        an exact position in a later round. The round's rules for who leads
        apply to the new hands."""
        self._checked_deal(deal, self._rules)
        events = self._set_deal(deal._c_args(self._rules))
        self._log.append(("deal", deal))
        return events

    # ---- saves ----------------------------------------------------------------------

    @classmethod
    def _saved_origin(cls, data: bytes, rules: Any, dealt: int, players: int,
                      first_player: int) -> dict[str, Any]:
        at = cls._rules_end(data)  # the deal follows the rules (and their limits)
        return {"deal": cls._saved_deal(data, at, rules) if dealt else None}

    @classmethod
    def _saved_deal(cls, data: bytes, at: int, rules: Any) -> DealT:
        """The deal that starts at byte ``at`` of save ``data`` (DealError if it
        lists a tile twice; not yet checked against ``rules``)."""
        raise NotImplementedError

"""A kiosk table: one game, its seats (people or computer players), its move
clock, and what each seat may be told — written once, against the game
protocol and the registry, for every game.

Nothing here knows HTTP or SQLite: :mod:`pintas.kiosk.app` turns requests into
calls of :class:`Table` and :class:`KioskError` into answers, and
:mod:`pintas.kiosk.store` keeps tables on disk.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import math
import secrets
import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import registry
from .._checks import is_whole
from .._plain import to_plain
from ..errors import CorruptStateError, IllegalMoveError, NotationError, PintasError
from ..protocol import Game, Player

__all__ = ["TIMERS", "KioskError", "Table", "TableSpec", "token_digest"]

#: The move clocks a table may have, in seconds a move.
TIMERS = (15, 30, 60)
#: A clock that ran out while the server was down gets this long (or its whole
#: limit, if shorter) once the server is back: nobody loses a move to a power
#: cut without seeing the clock run.
RESTART_GRACE = 10.0
#: The search player's samples when a seat asks for "search" without a number:
#: strong, and a move within a fraction of a second on a small machine.
SEARCH_SAMPLES = 300
#: The longest seed and move text a request may carry.
MAX_MOVE_TEXT = 64
MAX_SEED = 2**64 - 1
HUMAN = "human"


class KioskError(Exception):
    """A request the kiosk refuses: its HTTP status, a code for programs and a
    message for people (which quotes the input)."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_dict(self) -> dict[str, str]:
        return {"error": self.code, "message": self.message}


def _bad(message: str) -> KioskError:
    return KioskError(422, "bad_request", message)


def token_digest(token: str) -> str:
    """What the database keeps of a seat's token: its SHA-256, so a copy of the
    database does not let anyone play."""
    return hashlib.sha256(token.encode()).hexdigest()


# ---- the table's setup --------------------------------------------------------------


@dataclass(frozen=True)
class TableSpec:
    """How a table was set up: the preset, its options, the seats, the seed, the clock."""

    game: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    seed: int | None
    timer: int | None

    @classmethod
    def from_request(cls, data: object) -> TableSpec:
        """The spec a ``POST /api/tables`` body asks for (KioskError otherwise)."""
        if not isinstance(data, dict):
            raise KioskError(400, "bad_json", f"the body must be a JSON object: got {data!r}")
        unknown = sorted(set(data) - {"game", "options", "seats", "seed", "timer"})
        if unknown:
            raise _bad(f"unknown field(s) {', '.join(map(repr, unknown))}: a table takes "
                       "game, options, seats, seed and timer")
        game, options, seats = data.get("game"), data.get("options", {}), data.get("seats")
        seed, timer = data.get("seed"), data.get("timer")
        if not isinstance(game, str):
            raise _bad(f"game must be the name of a game, like 'dominican': got {game!r}")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise _bad(f"options must be an object: got {options!r}")
        if not isinstance(seats, list) or not seats or \
                not all(isinstance(s, str) for s in seats):
            raise _bad(f"seats must be a list of 'human' or a computer player per seat: "
                       f"got {seats!r}")
        if seed is not None and not (is_whole(seed) and 0 <= seed <= MAX_SEED):
            raise _bad(f"seed must be a whole number 0..2**64-1 or null: got {seed!r}")
        if timer is not None and timer != 0 and (not is_whole(timer) or timer not in TIMERS):
            raise _bad(f"timer must be null or one of {', '.join(map(str, TIMERS))} seconds: "
                       f"got {timer!r}")
        return cls(game, dict(options), tuple(s.strip().lower() for s in seats),
                   seed, timer or None)

    def to_dict(self) -> dict[str, Any]:
        return {"game": self.game, "options": dict(self.options), "seats": list(self.seats),
                "seed": self.seed, "timer": self.timer}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TableSpec:
        return cls(data["game"], dict(data["options"]), tuple(data["seats"]), data["seed"],
                   data["timer"])

    @property
    def preset(self) -> registry.Preset:
        try:
            return registry.preset(self.game)
        except PintasError as error:
            raise KioskError(422, "bad_rules", str(error)) from None

    def new_game(self) -> Game:
        """The table's game, set up once its rules, seats and players are
        checked (KioskError ``bad_rules`` for a bad setup)."""
        preset = self.preset
        options = dict(self.options)
        if "players" in preset.options and "players" not in options:
            options["players"] = len(self.seats)
        try:
            rules = preset.rules(**options)
            family = preset.family
            seats = family.seats(rules, len(self.seats))
            if seats != len(self.seats):
                raise KioskError(422, "bad_rules", f"{self.game} with these options has {seats} "
                                 f"seats: got {len(self.seats)} ({list(self.seats)!r})")
            for seat in self.seats:
                if seat != HUMAN:
                    registry.parse_player(_player_spec(seat, family), rules)
            if HUMAN not in self.seats:
                raise KioskError(422, "bad_rules", f"a table needs at least one human seat: "
                                 f"got {list(self.seats)!r}")
            return family.new_game(rules, None if family.seats_from_rules else seats,
                                   seed=self.seed)
        except PintasError as error:
            raise KioskError(422, "bad_rules", str(error)) from None


def _player_spec(seat: str, family: registry.Family) -> str:
    """The player spec a seat's word means in ``family`` (a strength word, or a spec)."""
    spec = family.strengths.get(seat, seat)
    return f"search:{SEARCH_SAMPLES}" if spec == "search" else spec


# ---- the table ----------------------------------------------------------------------------


@dataclass
class RoundRecord:
    """One ended round, as every seat is shown it: the hands left when it
    ended (counted in the open), the events that counted the points, and the
    scores after it."""

    round: int
    hands: list[list[str]]
    events: list[dict[str, Any]]
    scores: list[int]

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "hands": self.hands, "events": self.events,
                "scores": self.scores}


@dataclass
class Table:
    """One game at the kiosk. Every method that reads or changes the game
    holds the table's lock, so the web server's threads and the referee
    (which moves the computer seats and runs the clocks) never interleave."""

    id: str
    spec: TableSpec
    game: Game
    tokens: dict[int, str]  # seat -> token digest
    rounds: list[RoundRecord] = field(default_factory=list)
    timed_out: list[dict[str, int]] = field(default_factory=list)
    #: When the running clock runs out (seconds since the epoch), or None.
    deadline: float | None = None
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    _players: dict[int, Player] = field(default_factory=dict, repr=False)

    # -- making one ------------------------------------------------------------------------

    @classmethod
    def create(cls, spec: TableSpec, now: float) -> tuple[Table, dict[int, str]]:
        """A new table of ``spec`` and the secret token of each human seat."""
        game = spec.new_game()
        tokens = {seat: secrets.token_urlsafe(24)
                  for seat, who in enumerate(spec.seats) if who == HUMAN}
        table = cls(secrets.token_hex(8), spec, game,
                    {seat: token_digest(t) for seat, t in tokens.items()})
        table._start_clock(now)
        return table, tokens

    @property
    def family(self) -> registry.Family:
        return self.spec.preset.family

    @property
    def version(self) -> int:
        """Moves played so far: grows by one with every move."""
        return len(self.game.history)

    def seat_of(self, token: str | None) -> int:
        """The seat whose token this is (KioskError 401 otherwise)."""
        if not token:
            raise KioskError(401, "missing_token", "this needs a seat's token: "
                             "send the header 'Authorization: Bearer <token>'")
        digest = token_digest(token)
        for seat, known in self.tokens.items():
            if hmac.compare_digest(digest, known):
                return seat
        raise KioskError(401, "bad_token", f"{_quoted(token)} is not a token of table "
                         f"{self.id}")

    def is_human(self, seat: int) -> bool:
        return self.spec.seats[seat] == HUMAN

    # -- what a seat is told ------------------------------------------------------------------

    def state(self, seat: int, now: float, since: int = 0,
              box: tuple[float, float] | None = None) -> dict[str, Any]:
        """What ``seat`` may know at ``now``, as the JSON of ``GET /api/tables/{id}``."""
        with self.lock:
            game = self.game
            view = game.view(seat)
            your_turn = not game.is_over and game.to_move == seat
            moves = view.legal_moves() if your_turn else []
            log = view.log
            answer = {
                **self.summary(now),
                "seat": seat,
                "side": game.side_of(seat),
                "to_move": game.to_move,
                "your_turn": your_turn,
                "legal_moves": [str(m) for m in moves],
                "moves": [{"move": str(m), **m.to_dict()} for m in moves],
                "view": _view_data(view),
                "log": [_event(e) for e in log[max(0, since):]],
                "log_length": len(log),
            }
            if box is not None:
                answer["pictures"] = self._pictures(view, moves, box)
            return answer

    def summary(self, now: float) -> dict[str, Any]:
        """What every seat and the creator of the table may know of it at ``now``."""
        with self.lock:
            game = self.game
            return {
                "id": self.id,
                "game": self.spec.game,
                "family": self.family.name,
                "title": self.spec.preset.title,
                "seats": [{"seat": s, "player": who, "side": game.side_of(s)}
                          for s, who in enumerate(self.spec.seats)],
                "timer_seconds": self.spec.timer,
                "version": self.version,
                "is_over": game.is_over,
                "scores": list(game.scores),
                "side_names": [self._side_name(side) for side in range(len(game.scores))],
                "winners": list(game.winners),
                "rounds": [r.to_dict() for r in self.rounds],
                "timer": self._clock(now),
                "timed_out": list(self.timed_out),
            }

    def _side_name(self, side: int) -> str:
        seats = [s for s in range(self.game.seats) if self.game.side_of(s) == side]
        return " & ".join(f"seat {s}" for s in seats)

    def _clock(self, now: float) -> dict[str, Any] | None:
        if self.deadline is None or self.game.to_move is None:
            return None
        return {"seconds": self.spec.timer, "seat": self.game.to_move,
                "remaining": round(max(0.0, self.deadline - now), 2)}

    def _pictures(self, view: Any, moves: Sequence[Any], box: tuple[float, float]
                  ) -> dict[str, Any]:
        from .. import svg

        width, height = box
        family = self.family.name
        if family == "domino":
            table = svg.line(view, width, height, notes=False)
        elif family == "caminos":
            table = svg.paths(view, width, height, notes=False)
        else:
            table = svg.dice(view, size=max(16.0, min(width / 8, height / 2.5)))
        tiles: set[str] = set()
        for tile in getattr(view, "hand", ()):
            tiles.add(str(tile))
        for move in moves:
            if getattr(move, "tile", None) is not None:
                tiles.add(str(move.tile))
        for record in self.rounds:  # (28 tiles at most, however many rounds)
            tiles.update(t for hand in record.hands for t in hand)
        return {"table": str(table),
                "tiles": {t: str(svg.tile(t, size=40)) for t in sorted(tiles)}}

    # -- moves --------------------------------------------------------------------------------

    def play(self, seat: int, text: object, version: object, now: float
             ) -> list[dict[str, Any]]:
        """Play ``text`` for ``seat`` (a person's move); the events as the seat sees them."""
        if not isinstance(text, str):
            raise _bad(f"move must be the move's notation, like '6|6L' or 'roll': got {text!r}")
        if len(text) > MAX_MOVE_TEXT:
            raise KioskError(422, "bad_notation", f"{_quoted(text)} is too long for a move")
        if version is not None and not is_whole(version):
            raise _bad(f"version must be a whole number: got {version!r}")
        with self.lock:
            game = self.game
            if version is not None and version != self.version:
                raise KioskError(409, "stale_version", f"the table is at version {self.version}, "
                                 f"not {version}: read it again")
            if game.is_over:
                raise KioskError(409, "game_over", f"the game is over: {text!r} cannot be played")
            if game.to_move != seat:
                raise KioskError(409, "not_your_turn", f"seat {game.to_move} is to move, "
                                 f"not seat {seat}: {text!r} cannot be played")
            if self.deadline is not None and now >= self.deadline:
                raise KioskError(409, "time_up", f"seat {seat}'s time ran out: the computer "
                                 f"plays for it ({text!r} was not played)")
            try:
                move = game.parse_move(text)
            except IllegalMoveError as error:
                raise KioskError(422, "illegal_move", str(error)) from None
            except NotationError as error:
                raise KioskError(422, "bad_notation", str(error)) from None
            if move not in game.legal_moves():
                # a roll with its faces named ("roll 6 6 6 1 1 1"): the game takes
                # one from physical dice, but at the kiosk the server rolls
                raise KioskError(422, "illegal_move", f"{text!r} is not one of the moves "
                                 f"offered: the kiosk rolls the dice itself")
            return self._commit_move(seat, move, now)

    def _commit_move(self, seat: int, move: Any, now: float) -> list[dict[str, Any]]:
        """Play a legal ``move`` of the seat to move; keep each ended round's hands."""
        game = self.game
        seen = len(game.view(seat).log)
        hands = self._hands()
        events = game.play(move)
        self._record_rounds(hands, events)
        self._start_clock(now)
        return [_event(e) for e in game.view(seat).log[seen:]]

    def _hands(self) -> list[list[str]] | None:
        hand = getattr(self.game, "hand", None)
        if hand is None:
            return None
        return [[str(t) for t in hand(s)] for s in range(self.game.seats)]

    def _record_rounds(self, hands: list[list[str]] | None, events: Sequence[Any]) -> None:
        """If the move ended a round, keep the hands left then and how it was counted.

        The hands left are the hands before the move, less each tile the move's
        events played from them, plus each tile they drew: the game deals the
        next round in the same move, so they are not there to ask for after it.
        """
        if hands is None:
            return
        counted: list[dict[str, Any]] = []
        ended = False
        for event in events:
            if event.kind == "round_end":
                ended = True
            tile = getattr(event, "tile", None)
            if not ended and event.seat is not None and tile is not None:
                if event.kind in ("play", "place") and str(tile) in hands[event.seat]:
                    hands[event.seat].remove(str(tile))
                elif event.kind == "draw":
                    hands[event.seat].append(str(tile))
            if ended and event.kind in ("round_end", "score", "game_end"):
                counted.append(_event(event))
            if ended and event.kind in ("deal", "game_end"):
                self.rounds.append(RoundRecord(len(self.rounds) + 1, hands, counted,
                                               list(self.game.scores)))
                return
        if ended:
            self.rounds.append(RoundRecord(len(self.rounds) + 1, hands, counted,
                                           list(self.game.scores)))

    # -- the computer seats and the clock -------------------------------------------------

    def due(self, pace: float, moved_at: float) -> float | None:
        """When the referee must act next (seconds since the epoch), or None
        while a person thinks without a clock, or once the game is over."""
        with self.lock:
            seat = self.game.to_move
            if self.game.is_over or seat is None:
                return None
            if not self.is_human(seat):
                return moved_at + pace
            return self.deadline

    def computer_move(self, seconds: float) -> tuple[int, Any] | None:
        """The move the referee plays now, and the version it is for: a computer
        seat's own move, or the timer's move for a person whose time ran out.
        Chosen from the seat's view only; the table is not changed."""
        from ..timer import auto_move

        with self.lock:
            game = self.game
            seat = game.to_move
            if game.is_over or seat is None:
                return None
            version = self.version
            choose: Callable[[], Any]
            if self.is_human(seat):
                copy = game.copy()
                choose = lambda: auto_move(copy, seat, seconds=seconds)  # noqa: E731
            else:
                view, player = game.view(seat), self._player(seat)
                choose = lambda: player.choose(view)  # noqa: E731
        move = choose()  # outside the lock: a search runs in C without the GIL
        return version, move

    def play_computer(self, version: int, move: Any, now: float) -> bool:
        """Play the referee's ``move`` chosen at ``version``; False (nothing done)
        if the table has moved on since."""
        with self.lock:
            if self.version != version or self.game.is_over:
                return False
            seat = self.game.to_move
            assert seat is not None
            if self.is_human(seat):
                if self.deadline is None or now < self.deadline:
                    return False  # the person still has time
                self.timed_out.append({"seat": seat, "version": version})
            self._commit_move(seat, move, now)
            return True

    def _player(self, seat: int) -> Player:
        player = self._players.get(seat)
        if player is None:
            spec = _player_spec(self.spec.seats[seat], self.family)
            seed = ((self.spec.seed or 0) + 1_000_003 * (seat + 1)) % 2**63
            player = registry.make_player(spec, self.game.rules, seed=seed)
            self._players[seat] = player
        return player

    def _start_clock(self, now: float) -> None:
        seat = self.game.to_move
        timed = self.spec.timer is not None and seat is not None and not self.game.is_over
        self.deadline = now + float(self.spec.timer or 0) \
            if timed and seat is not None and self.is_human(seat) else None

    def resume_clock(self, now: float) -> bool:
        """After a restart: a clock that ran out while the server was down gets
        :data:`RESTART_GRACE` seconds (or its whole limit, if shorter); one
        that still has time carries on. True if the deadline moved: the caller
        keeps it, so that a restart during the grace gives no second grace."""
        with self.lock:
            if self.deadline is None or self.spec.timer is None or self.deadline > now:
                return False
            self.deadline = now + min(RESTART_GRACE, float(self.spec.timer))
            return True

    # -- kept on disk -------------------------------------------------------------------------

    def extra(self) -> dict[str, Any]:
        """What the table keeps besides its game: rounds, timer moves, the clock."""
        return {"rounds": [r.to_dict() for r in self.rounds], "timed_out": self.timed_out,
                "deadline": self.deadline}

    @classmethod
    def load(cls, id: str, spec: dict[str, Any], tokens: dict[str, str], save: bytes,
             extra: dict[str, Any]) -> Table:
        """A table kept by :meth:`extra`, ``save`` and its spec (CorruptStateError if
        anything in it does not read back)."""
        try:
            table_spec = TableSpec.from_dict(spec)
            game: Game = table_spec.preset.family.game_type.from_bytes(save)  # type: ignore[attr-defined]
            rounds = [RoundRecord(r["round"], r["hands"], r["events"], r["scores"])
                      for r in extra["rounds"]]
            deadline = extra["deadline"]
            if deadline is not None and not (isinstance(deadline, float)
                                             and math.isfinite(deadline)):
                raise ValueError(f"deadline {deadline!r}")
            return cls(id, table_spec, game, {int(s): d for s, d in tokens.items()}, rounds,
                       list(extra["timed_out"]), deadline)
        except (KeyError, TypeError, ValueError, KioskError) as error:
            raise CorruptStateError(f"table {id!r} does not read back: {error}") from None


def _view_data(view: Any) -> dict[str, Any]:
    """``view.to_dict()`` without its log, which the answer sends from ``since`` on
    (converting a long game's whole log for every poll would cost the most)."""
    return {f.name: to_plain(getattr(view, f.name))
            for f in dataclasses.fields(view) if f.init and f.name != "log"}


def _event(event: Any) -> dict[str, Any]:
    return {**event.to_dict(), "text": str(event)}


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")

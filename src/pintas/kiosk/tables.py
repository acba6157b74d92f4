"""A kiosk table: one game, its seats (people or computer players), its move
clock, and what each seat may be told — written once, against the game
protocol and the registry, for every game.

Nothing here knows HTTP or SQLite: :mod:`pintas.kiosk.app` turns requests into
calls of :class:`Table` and :class:`KioskError` into answers, and
:mod:`pintas.kiosk.store` keeps tables on disk.
"""

from __future__ import annotations

import base64
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
from .._prompt import hands_left
from .._words import NOBODY, player, players, team
from ..errors import CorruptStateError, IllegalMoveError, NotationError, PintasError
from ..protocol import Game, Player
from ..tiles import Tile

__all__ = ["INVITE_LENGTH", "PLAYERS", "TIMERS", "Break", "KioskError", "Table", "TableSpec",
           "token_digest"]

#: The move clocks a table may have, in seconds a move.
TIMERS = (15, 30, 60)
#: A clock that ran out while the server was down gets this long (or its whole
#: limit, if shorter) once the server is back: nobody loses a move to a power
#: cut without seeing the clock run.
RESTART_GRACE = 10.0
#: The search player's samples: the kiosk's strongest computer ("search"),
#: a move in milliseconds (docs/performance.md). No request can ask for more:
#: the work of every move the server makes is bounded by this menu.
SEARCH_SAMPLES = 300
#: What a seat may be: a person, or the computer at one of the dial's levels
#: (the menu), or at one of the strength words of before the levels (still
#: taken, as stored tables and older clients name them).
PLAYERS = ("human", *registry.LEVELS, *registry.STRENGTHS)
#: What the computer plays for a person who has left the table.
LEFT_PLAYER = "search"
#: The tile a round's events place from a hand, by family.
PLACED = {"domino": "play", "caminos": "place"}
#: The longest seed and move text a request may carry.
MAX_MOVE_TEXT = 64
MAX_SEED = 2**64 - 1
HUMAN = "human"
#: An invitation's code: this many characters of :data:`INVITE_LETTERS` (60
#: bits, drawn by :mod:`secrets`), with no letter that reads as another.
INVITE_LENGTH = 12
INVITE_LETTERS = "0123456789abcdefghjkmnpqrstvwxyz"
#: A spectator code: this many of :data:`INVITE_LETTERS` (120 bits, by :mod:`secrets`).
SPECTATE_LENGTH = 24
#: The most moves spectators may be kept behind the game.
MOST_DELAY = 20


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


def _invited_token(salt: str, code: str) -> str:
    """The token an invitation's ``code`` yields: keyed by the invitation's
    ``salt`` (kept in the row), so neither the code alone nor a copy of the
    database alone (which keeps only the code's digest) gives it."""
    key = bytes.fromhex(salt)
    digest = hashlib.blake2b(code.encode(), key=key, digest_size=24,
                             person=b"pintas-invite").digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


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
    def from_request(cls, data: object, allow_seeds: bool = False,
                     online: bool = False) -> TableSpec:
        """The spec a ``POST /api/tables`` body asks for (KioskError otherwise).
        A seed is refused unless ``allow_seeds``: whoever picks it knows every
        deal; an ``online`` table (seats filled by invitation) refuses it always."""
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
        if seed is not None and online:
            raise _bad(f"seed {seed!r} refused: a table whose seats are filled by invitation "
                       "deals from the server's seeds only (a chosen seed tells its chooser "
                       "every deal)")
        if seed is not None and not allow_seeds:
            raise _bad(f"seed {seed!r} refused: this kiosk deals from seeds of its own "
                       "(a chosen seed tells its chooser every deal; the operator may allow "
                       "them with --allow-seeds)")
        if timer is not None and timer != 0 and (not is_whole(timer) or timer not in TIMERS):
            raise _bad(f"timer must be null or one of {', '.join(map(str, TIMERS))} seconds: "
                       f"got {timer!r}")
        words = tuple(s.strip().lower() for s in seats)
        for seat, word in enumerate(words):
            if word not in PLAYERS:
                raise KioskError(422, "bad_rules", f"{player(seat)}: {_quoted(seats[seat])} "
                                 f"is not a player the kiosk offers: "
                                 f"{', '.join(map(repr, PLAYERS))}")
        return cls(game, dict(options), words, seed, timer or None)

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
                if seat != HUMAN:  # (a spec kept before the kiosk had a fixed menu, too)
                    registry.parse_player(_player_spec(seat, family, rules, seats), rules)
            if HUMAN not in self.seats:
                raise KioskError(422, "bad_rules", f"a table needs at least one human seat: "
                                 f"got {list(self.seats)!r}")
            return family.new_game(rules, None if family.seats_from_rules else seats,
                                   seed=self.seed)
        except PintasError as error:
            raise KioskError(422, "bad_rules", str(error)) from None


def _player_spec(seat: str, family: registry.Family, rules: Any, seats: int) -> str:
    """The player spec a seat's word means in ``family`` (a level, a strength
    word, or a spec) for a game of ``rules`` with ``seats``: a level plays its
    spec as the dial measured it; the word ``search`` plays :data:`SEARCH_SAMPLES`."""
    spec = family.strength(seat, rules, seats)
    return f"search:{SEARCH_SAMPLES}" if seat == "search" and spec == "search" else spec


# ---- the table ----------------------------------------------------------------------------


@dataclass
class RoundRecord:
    """One ended round, as every seat is shown it: the hands left when it
    ended (counted in the open) and their pips, the steps that counted the
    points (:mod:`pintas.domino.counting`), the events that gave them, and
    the scores after it."""

    round: int
    hands: list[list[str]]
    events: list[dict[str, Any]]
    scores: list[int]
    counting: list[dict[str, Any]] = field(default_factory=list)

    @property
    def pips(self) -> list[int]:
        return [sum(Tile.parse(t).pips for t in hand) for hand in self.hands]

    def to_dict(self) -> dict[str, Any]:
        return {"round": self.round, "hands": self.hands, "pips": self.pips,
                "counting": self.counting, "events": self.events, "scores": self.scores}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundRecord:
        return cls(data["round"], data["hands"], data["events"], data["scores"],
                   data.get("counting", []))


@dataclass
class Break:
    """The pause after a round's end: nobody moves and no clock runs until
    every person in ``waiting`` has gone on, or, on a table with a clock,
    until ``until`` (seconds since the epoch)."""

    round: int
    waiting: set[int]
    until: float | None

    def to_dict(self, now: float | None = None) -> dict[str, Any]:
        """As kept (``now`` None), or as a seat is told at ``now``."""
        data: dict[str, Any] = {"round": self.round, "waiting": sorted(self.waiting)}
        if now is None:
            data["until"] = self.until
        else:
            data["seconds"] = None if self.until is None else \
                round(max(0.0, self.until - now), 2)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Break:
        until = data["until"]
        if until is not None and not (isinstance(until, float) and math.isfinite(until)):
            raise ValueError(f"break until {until!r}")
        return cls(int(data["round"]), {int(s) for s in data["waiting"]}, until)


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
    #: Grows with every change a seat can see (moves, going on from a break, ...).
    revision: int = 0
    #: The pause after a round's end, while it lasts.
    pause: Break | None = None
    #: Why the server stopped acting on this table (a computer seat failed), or None.
    fault: str | None = None
    #: The seats whose person left: the computer plays for them.
    left: set[int] = field(default_factory=set)
    #: The seed of the computer seats' own choices (kept, so that a restart
    #: does not change them): a chosen seed repeats the whole game, computer
    #: moves included; else a secret of its own, never the deal's.
    player_seed: int = 0
    #: The seats filled by invitation: seat -> the digest of its code, the
    #: salt of its token and whether it was spent (:meth:`invite`).
    invites: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: The table of the rematch, once a seat asked for one (:meth:`rematch_table`).
    rematch: str | None = None
    #: Spectators, when allowed: the digest of their code and how many moves
    #: behind the game they are shown (:meth:`allow_spectators`).
    spectate: dict[str, Any] | None = None
    #: The longest a break lasts on a table with a clock (the server's setting).
    break_seconds: float = 60.0
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    _players: dict[int, Player] = field(default_factory=dict, repr=False)
    #: The game as spectators were last shown it: (moves, game), a replay.
    _watched: tuple[int, Game] | None = field(default=None, repr=False)
    #: Set (under :attr:`lock`) when a change to this copy could not be kept:
    #: the copy is ahead of the database, so nothing may be read from it or
    #: played on it; a request that held it answers ``not_kept`` and the next
    #: one reads the table again from the database.
    dropped: bool = field(default=False, repr=False)
    #: The revision of this copy as the database last kept it (read or
    #: written), or -1 if not kept yet: a change is kept only on that revision.
    kept_revision: int = field(default=-1, repr=False)

    def check_kept(self) -> None:
        """KioskError ``not_kept`` if this copy holds a change that was not kept."""
        if self.dropped:
            raise KioskError(503, "not_kept", f"table {self.id} changed while this request "
                             "waited, and the change could not be kept: try again")

    # -- making one ------------------------------------------------------------------------

    @classmethod
    def create(cls, spec: TableSpec, now: float, break_seconds: float = 60.0
               ) -> tuple[Table, dict[int, str]]:
        """A new table of ``spec`` and the secret token of each human seat."""
        game = spec.new_game()
        tokens = {seat: secrets.token_urlsafe(24)
                  for seat, who in enumerate(spec.seats) if who == HUMAN}
        table = cls(secrets.token_hex(8), spec, game,
                    {seat: token_digest(t) for seat, t in tokens.items()},
                    player_seed=secrets.randbits(63) if spec.seed is None else spec.seed % 2**63,
                    break_seconds=break_seconds)
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
        """True while a person plays ``seat`` (not a computer, and not left)."""
        return self.spec.seats[seat] == HUMAN and seat not in self.left

    @property
    def people(self) -> set[int]:
        """The seats people still play."""
        return {s for s in range(len(self.spec.seats)) if self.is_human(s)}

    def _changed(self) -> None:
        self.revision += 1

    # -- a rematch ------------------------------------------------------------------------------

    def rematch_table(self, now: float) -> Table:
        """A new game of this table's setup, once it is over: the same seats
        and tokens (a person who left stays gone, an open seat keeps its
        invitation), dealt from a fresh seed of the server's (whatever seed
        dealt this one)."""
        with self.lock:
            if not self.game.is_over:
                raise KioskError(409, "not_over", f"table {self.id}'s game is not over: a "
                                 "rematch follows a game's end")
            table, _ = Table.create(dataclasses.replace(self.spec, seed=None), now,
                                    self.break_seconds)
            table.tokens = {s: d for s, d in self.tokens.items() if s not in self.left}
            table.left = set(self.left)
            table.invites = {s: dict(i) for s, i in self.invites.items()}
            table.spectate = None if self.spectate is None else dict(self.spectate)
            table._start_clock(now)   # (a seat left is the computer's: no clock)
            return table

    # -- invitations --------------------------------------------------------------------------

    def invite(self) -> dict[int, str]:
        """Make every human seat but the first an open seat, filled by
        invitation: seat -> its code, each told once (to the table's creator).
        The seat's token is one the code yields (:meth:`join`), nobody's yet."""
        with self.lock:
            codes = {}
            for seat in sorted(self.tokens)[1:]:
                code = "".join(secrets.choice(INVITE_LETTERS) for _ in range(INVITE_LENGTH))
                salt = secrets.token_hex(16)
                self.tokens[seat] = token_digest(_invited_token(salt, code))
                self.invites[seat] = {"code": token_digest(code), "salt": salt, "spent": False}
                codes[seat] = code
            return codes

    def is_open(self, seat: int) -> bool:
        """True while ``seat`` waits for its invitation to be used."""
        invite = self.invites.get(seat)
        return invite is not None and not invite["spent"] and seat not in self.left

    def join(self, code: object) -> tuple[int, str]:
        """Use an invitation: the seat its ``code`` opens and the seat's token,
        given once; the code is spent then (KioskError 410 ``spent`` after)."""
        if not isinstance(code, str) or not 0 < len(code) <= 64 or not code.isascii():
            raise _bad(f"an invitation's code is {INVITE_LENGTH} letters and digits: "
                       f"got {_quoted(str(code))}")
        code = code.strip().lower().replace("-", "")
        digest = token_digest(code)
        with self.lock:
            seats = [s for s, i in self.invites.items()
                     if hmac.compare_digest(digest, i["code"])]
            if not seats:
                raise KioskError(403, "bad_invitation", f"{_quoted(code)} is not an "
                                 f"invitation to table {self.id}")
            seat = seats[0]
            invite = self.invites[seat]
            if invite["spent"] or seat in self.left:
                raise KioskError(410, "spent", f"the invitation to {player(seat)} of table "
                                 f"{self.id} was used already: ask its seat for the token")
            invite["spent"] = True
            self._changed()
            return seat, _invited_token(invite["salt"], code)

    # -- spectators ------------------------------------------------------------------------------

    def allow_spectators(self, delay: object) -> str:
        """Let spectators watch, ``delay`` moves behind the game (0..:data:`MOST_DELAY`):
        their code, told once (to the table's creator); the row keeps its digest."""
        if not is_whole(delay) or not 0 <= delay <= MOST_DELAY:
            raise _bad(f"the spectators' delay is a whole number of moves 0..{MOST_DELAY}: "
                       f"got {delay!r:.40}")
        code = "".join(secrets.choice(INVITE_LETTERS) for _ in range(SPECTATE_LENGTH))
        with self.lock:
            self.spectate = {"code": token_digest(code), "delay": delay}
        return code

    def check_spectator(self, code: str | None) -> None:
        """KioskError unless ``code`` is this table's spectator code: 401 for
        none or another (a seat's token is not one), 403 when the table has no
        spectators."""
        if not code:
            raise KioskError(401, "missing_token", "this needs the table's spectator code: "
                             "send the header 'Authorization: Bearer <code>'")
        with self.lock:
            if self.spectate is None:
                raise KioskError(403, "no_spectators", f"table {self.id} has no spectators")
            if not hmac.compare_digest(token_digest(code), self.spectate["code"]):
                raise KioskError(401, "bad_token", f"{_quoted(code)} is not the spectator "
                                 f"code of table {self.id}")

    def watched(self, since: int = 0) -> dict[str, Any]:
        """What a spectator is shown: the public view of the game as it was
        ``delay`` moves ago (all of it once the game is over), from the game
        replayed by the library to that move (never from the state now), and
        nothing of the table that the game's public record does not say (no
        id, no clock, no connections)."""
        with self.lock:
            self.check_kept()
            assert self.spectate is not None
            delay = int(self.spectate["delay"])
            moves = self.version if self.game.is_over else max(0, self.version - delay)
            if self._watched is None or self._watched[0] != moves:
                self._watched = (moves, self.game if moves == self.version
                                 else self.game.replay(moves))
            game = self._watched[1]
            view = game.public_view()
            return {
                "spectator": True,
                "game": self.spec.game,
                "family": self.family.name,
                "title": self.spec.preset.title,
                "seats": [{"seat": s, "player": who, "side": game.side_of(s)}
                          for s, who in enumerate(self.spec.seats)],
                "side_names": [self._side_name(side) for side in range(len(game.scores))],
                "delay": delay,
                "version": moves,
                "revision": self.revision,
                "is_over": view.is_over,
                "to_move": view.to_move,
                "scores": list(view.scores),
                "view": _view_data(view),
                "log": [_event(e) for e in view.log[max(0, since):]],
                "log_length": len(view.log),
            }

    # -- what a seat is told ------------------------------------------------------------------

    def state(self, seat: int, now: float, since: int = 0,
              box: tuple[float, float] | None = None) -> dict[str, Any]:
        """What ``seat`` may know at ``now``, as the JSON of ``GET /api/tables/{id}``."""
        with self.lock:
            self.check_kept()
            game = self.game
            view = game.view(seat)
            your_turn = not game.is_over and game.to_move == seat and self.pause is None \
                and self.fault is None
            moves = view.legal_moves() if your_turn else []
            log = view.log
            answer = {
                **self.summary(now),
                "seat": seat,
                "side": game.side_of(seat),
                "to_move": game.to_move,
                "your_turn": your_turn,
                "legal_moves": [str(m) for m in moves],
                "moves": _moves_data(view, moves),
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
                "seats": [{"seat": s, "player": who, "side": game.side_of(s),
                           "left": s in self.left, "open": self.is_open(s)}
                          for s, who in enumerate(self.spec.seats)],
                "timer_seconds": self.spec.timer,
                "chosen_seed": self.spec.seed is not None,
                "version": self.version,
                "revision": self.revision,
                "is_over": game.is_over,
                "scores": list(game.scores),
                "side_names": [self._side_name(side) for side in range(len(game.scores))],
                "winners": list(game.winners),
                "rounds": [r.to_dict() for r in self.rounds],
                "break": None if self.pause is None else self.pause.to_dict(now),
                "timer": self._clock(now),
                "timed_out": list(self.timed_out),
                "fault": self.fault,
                "rematch": self.rematch,
            }

    def _side_name(self, side: int) -> str:
        seats = [s for s in range(self.game.seats) if self.game.side_of(s) == side]
        return player(seats[0]) if len(seats) == 1 else team(side, seats)

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
            if self.fault is not None:
                raise KioskError(409, "table_stopped", f"the table is stopped ({self.fault}): "
                                 f"{text!r} cannot be played")
            if self.pause is not None:
                raise KioskError(409, "round_break", f"round {self.pause.round} has ended: "
                                 f"waiting for {players(sorted(self.pause.waiting))} to go on "
                                 f"({text!r} was not played)")
            mover = game.to_move
            if mover != seat:
                who = NOBODY if mover is None else player(mover)
                raise KioskError(409, "not_your_turn", f"{who} is to move, "
                                 f"not {player(seat)}: {text!r} cannot be played")
            if self.deadline is not None and now >= self.deadline:
                raise KioskError(409, "time_up", f"{player(seat)}'s time ran out: the "
                                 f"computer plays for them ({text!r} was not played)")
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
        """Play a legal ``move`` of the seat to move; keep each ended round's
        hands and how it was counted; pause the table after a round's end."""
        game = self.game
        seen = len(game.view(seat).log)
        hands = self._hands()
        rounds = len(self.rounds)
        events = game.play(move)
        self._record_rounds(hands, events, seat)
        self._changed()
        if len(self.rounds) > rounds and not game.is_over and self.people:
            self._start_break(now)
        else:
            self._start_clock(now)
        return [_event(e) for e in game.view(seat).log[seen:]]

    def _hands(self) -> dict[int, set[Any]] | None:
        hand = getattr(self.game, "hand", None)
        if hand is None:
            return None
        return {s: set(hand(s)) for s in range(self.game.seats)}

    def _record_rounds(self, hands: dict[int, set[Any]] | None, events: Sequence[Any],
                       mover: int) -> None:
        """If the move ended a round, keep the hands left then and how it was counted.

        The hands left are the hands before the move, less each tile the move's
        events played from them, plus each tile they drew: the game deals the
        next round in the same move, so they are not there to ask for after it.
        """
        kinds = [e.kind for e in events]
        if hands is None or "round_end" not in kinds:
            return
        start = kinds.index("round_end")
        left = hands_left(hands, events, PLACED[self.family.name])
        shown = [[str(t) for t in sorted(left[s], reverse=True)] for s in sorted(left)]
        counted = []
        for event in events[start:]:
            if event.kind == "deal":
                break
            if event.kind in ("round_end", "score", "game_end"):
                counted.append(_event(event))
        self.rounds.append(RoundRecord(len(self.rounds) + 1, shown, counted,
                                       list(self.game.scores),
                                       self._counting(events[start:], left, mover)))

    def _counting(self, events: Sequence[Any], left: dict[int, set[Any]], mover: int
                  ) -> list[dict[str, Any]]:
        """How the round that ``events`` (from its ``round_end`` on) ended was
        counted, given the hands ``left``."""
        if self.family.name == "caminos":
            return [{"key": "caminos_tiles", "tiles": [len(left[s]) for s in sorted(left)]}]
        from ..domino.counting import steps

        scored = [e for e in events if e.kind == "score"]
        pips = {s: sum(t.pips for t in left[s]) for s in left}
        return steps(self.game.rules, events[0], scored, pips, mover)

    # -- the break after a round's end -------------------------------------------------------

    def _start_break(self, now: float) -> None:
        timed = self.spec.timer is not None
        self.pause = Break(len(self.rounds), set(self.people),
                           now + self.break_seconds if timed else None)
        self.deadline = None

    def go_on(self, seat: int, round: object, now: float) -> bool:
        """``seat`` has seen round ``round``'s end and goes on; True if that
        changed anything (a seat no longer waited for, the break over)."""
        if not is_whole(round) or round < 1:
            raise _bad(f"round must be a whole number >= 1: got {round!r}")
        with self.lock:
            if round > len(self.rounds):
                raise _bad(f"round {round} has not ended (rounds ended: {len(self.rounds)})")
            if self.pause is None or self.pause.round != round or seat not in self.pause.waiting:
                return False
            self.pause.waiting.discard(seat)
            if not self.pause.waiting:
                self._end_break(now)
            self._changed()
            return True

    def end_break_if_due(self, now: float) -> bool:
        """End a timed break whose time is up; True if it ended."""
        with self.lock:
            if self.pause is None or self.pause.until is None or now < self.pause.until:
                return False
            self._end_break(now)
            self._changed()
            return True

    def _end_break(self, now: float) -> None:
        self.pause = None
        self._start_clock(now)

    # -- people leaving ----------------------------------------------------------------------

    def leave(self, seat: int, now: float) -> None:
        """The person of ``seat`` leaves: its token no longer works, and the
        computer plays the seat from now on."""
        with self.lock:
            self.tokens.pop(seat, None)
            self.left.add(seat)
            if self.pause is not None:
                self.pause.waiting.discard(seat)
                if not self.pause.waiting:
                    self._end_break(now)
            if self.game.to_move == seat:
                self.deadline = None
            self._changed()

    # -- the computer seats and the clock -------------------------------------------------

    def due(self, pace: float, moved_at: float) -> float | None:
        """When the referee must act next (seconds since the epoch), or None
        while a person thinks without a clock, while a break waits for people,
        once the game is over or the table is stopped."""
        with self.lock:
            seat = self.game.to_move
            if self.game.is_over or seat is None or self.fault is not None:
                return None
            if self.pause is not None:
                return self.pause.until
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
            if game.is_over or seat is None or self.pause is not None or self.fault is not None:
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
            if self.version != version or self.game.is_over or self.pause is not None \
                    or self.fault is not None:
                return False
            seat = self.game.to_move
            assert seat is not None
            if self.is_human(seat):
                if self.deadline is None or now < self.deadline:
                    return False  # the person still has time
                self.timed_out.append({"seat": seat, "version": version})
            self._commit_move(seat, move, now)
            return True

    def stop(self, reason: str) -> None:
        """Stop acting on this table for good: ``reason`` is told to every seat."""
        with self.lock:
            self.fault = reason
            self.deadline = None
            self._changed()

    def _player(self, seat: int) -> Player:
        player = self._players.get(seat)
        if player is None:
            word = LEFT_PLAYER if seat in self.left else self.spec.seats[seat]
            spec = _player_spec(word, self.family, self.game.rules, self.game.seats)
            seed = (self.player_seed + 1_000_003 * (seat + 1)) % 2**63
            player = registry.make_player(spec, self.game.rules, seed=seed)
            self._players[seat] = player
        return player

    def _start_clock(self, now: float) -> None:
        seat = self.game.to_move
        timed = self.spec.timer is not None and seat is not None and not self.game.is_over
        self.deadline = now + float(self.spec.timer or 0) \
            if timed and seat is not None and self.is_human(seat) else None

    def resume_clock(self, now: float) -> bool:
        """After a restart (or a sleep): a clock that ran out while nobody was
        there gets :data:`RESTART_GRACE` seconds (or its whole limit, if
        shorter); one that still has time carries on. A timed break that ran
        out likewise gets the grace. True if a deadline moved: the caller
        keeps it, so that a restart during the grace gives no second grace."""
        with self.lock:
            if self.spec.timer is None:
                return False
            grace = now + min(RESTART_GRACE, float(self.spec.timer))
            if self.pause is not None and self.pause.until is not None \
                    and self.pause.until <= now:
                self.pause.until = grace
                return True
            if self.deadline is None or self.deadline > now:
                return False
            self.deadline = grace
            return True

    # -- kept on disk -------------------------------------------------------------------------

    def extra(self) -> dict[str, Any]:
        """What the table keeps besides its game: rounds, timer moves, the clock,
        the break, what changed, who left."""
        return {"rounds": [r.to_dict() for r in self.rounds], "timed_out": self.timed_out,
                "deadline": self.deadline, "revision": self.revision,
                "break": None if self.pause is None else self.pause.to_dict(),
                "fault": self.fault, "left": sorted(self.left),
                "player_seed": self.player_seed,
                **({"rematch": self.rematch} if self.rematch is not None else {}),
                **({"invites": {str(s): dict(i) for s, i in sorted(self.invites.items())}}
                   if self.invites else {}),
                **({"spectate": dict(self.spectate)} if self.spectate is not None else {})}

    @classmethod
    def load(cls, id: str, spec: dict[str, Any], tokens: dict[str, str], save: bytes,
             extra: dict[str, Any]) -> Table:
        """A table kept by :meth:`extra`, ``save`` and its spec (CorruptStateError if
        anything in it does not read back)."""
        try:
            table_spec = TableSpec.from_dict(spec)
            game: Game = table_spec.preset.family.game_type.from_bytes(save)  # type: ignore[attr-defined]
            rounds = [RoundRecord.from_dict(r) for r in extra["rounds"]]
            deadline = extra["deadline"]
            if deadline is not None and not (isinstance(deadline, float)
                                             and math.isfinite(deadline)):
                raise ValueError(f"deadline {deadline!r}")
            pause = extra.get("break")
            fault = extra.get("fault")
            if fault is not None and not isinstance(fault, str):
                raise ValueError(f"fault {fault!r}")
            left = {int(s) for s in extra.get("left", [])}
            # (the row keeps a left seat's token digest: it no longer works)
            return cls(id, table_spec, game,
                       {int(s): d for s, d in tokens.items() if int(s) not in left}, rounds,
                       list(extra["timed_out"]), deadline,
                       revision=int(extra.get("revision", len(game.history))),
                       pause=None if pause is None else Break.from_dict(pause),
                       fault=fault, left=left,
                       player_seed=int(extra.get("player_seed", table_spec.seed or 0)),
                       invites={int(s): dict(i) for s, i in extra.get("invites", {}).items()},
                       rematch=extra.get("rematch"),
                       spectate=None if extra.get("spectate") is None
                       else dict(extra["spectate"]))
        except (KeyError, TypeError, ValueError, AttributeError, KioskError) as error:
            raise CorruptStateError(f"table {id!r} does not read back: {error}") from None


def _moves_data(view: Any, moves: Sequence[Any]) -> list[dict[str, Any]]:
    """The legal moves as plain data; at dice each keep with the points it adds."""
    points = {k.move: k.points for k in view.keeps()} if hasattr(view, "keeps") else {}
    data = []
    for move in moves:
        entry = {"move": str(move), **move.to_dict()}
        if move in points:
            entry["points"] = points[move]
        data.append(entry)
    return data


def _view_data(view: Any) -> dict[str, Any]:
    """``view.to_dict()`` without its log, which the answer sends from ``since`` on
    (converting a long game's whole log for every poll would cost the most)."""
    return {f.name: to_plain(getattr(view, f.name))
            for f in dataclasses.fields(view) if f.init and f.name != "log"}


def _event(event: Any) -> dict[str, Any]:
    return {**event.to_dict(), "text": str(event)}


def _quoted(text: str) -> str:
    return repr(text if len(text) <= 40 else text[:40] + "...")

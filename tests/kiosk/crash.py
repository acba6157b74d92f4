"""The kiosk's crash test: a server killed with SIGKILL at random moments and
restarted on the same database must serve every table exactly as it last
acknowledged, its computer seats and move clocks carrying on.

Client threads play tables of every game as fast as they can, remembering for
each human seat what the server last acknowledged (every 200 answer: the
version, the seat's view, its log, its legal moves; every move answered).
A killer kills the server at random moments, some very soon after a restart
so that kills land mid-request and mid-commit. While the server is down and
every client waits, it opens the database read-only and replays every table
with the library from its seed and stored moves; once the server is back it
reads every table through the API. Both must agree with what was
acknowledged: nothing acknowledged lost, nothing played that nobody sent,
every move whose answer was lost in the kill landed once or not at all.

On PostgreSQL (``db`` a URL) several servers share the database, each
request of each client sent to one of them at random, as a load balancer
without sticky sessions sends it (``Settings.spread``); each kill
takes one server at random (its jobs go to the others once their lease is
over), and the database itself may be restarted under load (``restart_db``,
with pg_ctl's fast and immediate shutdowns), the clients retrying what the
servers answer ``503 not_kept`` meanwhile, as the page does.

``run()`` does it all and returns the figures; tests/kiosk/test_crash.py runs
it briefly in CI, benchmarks/kiosk_crash.py for as many kills as asked.
"""

from __future__ import annotations

import http.client
import json
import random
import sqlite3
import threading
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pintas import registry
from pintas.kiosk.postgres import LEASE
from pintas.kiosk.service import RETRY_MOST
from pintas.kiosk.tables import RESTART_GRACE

from .postgres import connect as connect_db
from .server import ApiError, Connection, KioskServer

__all__ = ["Figures", "Settings", "run"]

#: What a request that never got its answer raises (the server died under it).
TRANSPORT = (OSError, http.client.HTTPException)

#: The games the clients set up, with options that keep games short enough to
#: end often (so tables are created all the time too).
GAMES: tuple[tuple[str, dict[str, Any]], ...] = (
    ("dominican", {"target": 50}),
    ("dominican", {"mode": "four", "target": 50}),
    ("dominican", {"mode": "two", "target": 50}),
    ("muggins", {"target": 61}),
    ("capicua", {}),
    ("caminos", {}),
    ("caminos_no_renewal", {}),
    ("caminos_two_paths", {}),
    ("dice_of_doom", {"target": 2000}),
    ("farkle", {"target": 2000}),
)
#: Computer seats, by weight: "search" is the slow one, so it is rarer.
COMPUTERS = ("random", "greedy", "suit", "random", "greedy", "suit", "search")
#: The move clock of the tables the clients play on (they always move in time).
PLAYED_TIMER = 60
#: The clock of the table nobody plays on, whose moves the server must make.
PROBE_TIMER = 15
#: How many tables each client plays at once.
TABLES_EACH = 3
#: The longest a long poll waits for a computer seat (seconds).
POLL = 2.0
#: How long the killer waits after a restart for a computer seat that was to
#: move to move again (a search seat takes a fraction of a second).
RESUME_WAIT = 15.0
#: The same on PostgreSQL: the lease of a job a killed server had claimed, and
#: the longest back-off of a server whose database was down when a job fell due.
RESUME_AFTER = LEASE + RETRY_MOST + RESUME_WAIT
# Several servers: each client sends each request to one of them at random,
# as a load balancer without sticky sessions does (Settings.spread), or all
# its requests to one of them.
#: How long the killer asks again a request answered 503 not_kept (seconds),
#: and how long anyone waits before asking again.
NOT_KEPT_WAIT = 30.0
RETRY = 0.2
#: The database's shutdown modes, in turn.
DB_RESTARTS = ("fast", "immediate")
#: The share of finished tables replayed from the database at each kill.
SETTLED_SAMPLE = 0.1
#: The GET answer's fields that may differ between two reads of one revision:
#: the running clocks (a move's, a round break's); the log is compared apart
#: (it is read in pieces).
VOLATILE = ("timer", "log", "break", "connections")


@dataclass
class Settings:
    """How long and how hard to run."""

    kills: int = 30
    clients: int = 4
    seed: int = 1
    #: Every this many kills, a table whose computer seats play first is made
    #: just before the kill, so that one is mid-move when the server dies.
    resume_probe_every: int = 4
    #: Make a table with a clock that nobody plays, and wait at the end until
    #: the server has played for it.
    timer_probe: bool = True
    #: Written each kill (None: quiet).
    say: Callable[[str], None] | None = None
    #: How many servers share the database (more than one: PostgreSQL only).
    servers: int = 1
    #: Restart the database with the shutdown mode given ("fast", "immediate"),
    #: and how many times in the run (the modes in turn, between kills).
    restart_db: Callable[[str], None] | None = None
    db_restarts: int = 0
    #: How long after a kill a computer seat that was to move must have moved
    #: (on PostgreSQL, a dead server's job waits for its lease to end).
    resume_wait: float = RESUME_WAIT
    #: Where the servers write their output (None: beside an SQLite file).
    logs: Path | None = None
    #: Several servers: each request of a client goes to one of them at random
    #: (no sticky sessions); else each client keeps to one.
    spread: bool = True


@dataclass
class Figures:
    """What a run did and found."""

    kills: int = 0
    seconds: float = 0.0
    #: Seconds from each kill to the clients' going on, and of them: replaying
    #: the database, restarting, reading the tables back through the API.
    seconds_down: float = 0.0
    seconds_replaying: float = 0.0
    seconds_restarting: float = 0.0
    seconds_reading: float = 0.0
    tables: int = 0
    requests: int = 0
    moves_sent: int = 0
    moves_acked: int = 0
    #: Moves whose answer the kill swallowed: found played once, or not at all.
    unanswered_landed: int = 0
    unanswered_lost: int = 0
    #: Moves sent while the server was down (connection refused: never played).
    moves_refused: int = 0
    #: Creations whose answer the kill swallowed (the table may exist unseen).
    unanswered_creates: int = 0
    #: Acknowledged moves found in the database, summed over the kills.
    moves_checked: int = 0
    #: Acknowledged states (a seat's view and log at a version) found again in
    #: the database's replay, and read again through the API after a restart.
    states_checked: int = 0
    reads_checked: int = 0
    #: Tables with a computer seat to move when the server died, seen to move on after.
    computer_resumes: int = 0
    #: Seconds from the clock probe's deadline to the first look (a replay at
    #: a kill, or the end) that found its move played: a bound on how late it
    #: was (None: no probe).
    timer_probe_late: float | None = None
    timer_moves: int = 0
    #: The clients' long polls for a computer seat that ended with no move.
    polls_in_vain: int = 0
    #: Database restarts under load, and the answers 503 not_kept the clients
    #: retried (a server's stale copy, or its lost connection).
    db_restarts: int = 0
    not_kept: int = 0
    mismatches: list[str] = field(default_factory=list)

    def table(self, extra: tuple[tuple[str, object], ...] = ()) -> str:
        """The figures as a small text table (with ``extra`` rows)."""
        rows: list[tuple[str, object]] = [
            ("kills (SIGKILL) and restarts", self.kills),
            ("seconds", f"{self.seconds:.1f}"),
            ("seconds down (restarts and checks)", f"{self.seconds_down:.1f}"),
            ("  replaying the database", f"{self.seconds_replaying:.1f}"),
            ("  restarting", f"{self.seconds_restarting:.1f}"),
            ("  reading back through the API", f"{self.seconds_reading:.1f}"),
            ("tables created", self.tables),
            ("requests answered", self.requests),
            ("moves sent", self.moves_sent),
            ("moves acknowledged", self.moves_acked),
            ("moves unanswered, found played once", self.unanswered_landed),
            ("moves unanswered, found not played", self.unanswered_lost),
            ("moves sent while the server was down", self.moves_refused),
            ("creations unanswered", self.unanswered_creates),
            ("acknowledged moves checked in the database", self.moves_checked),
            ("acknowledged states replayed from the database", self.states_checked),
            ("tables read back through the API after restarts", self.reads_checked),
            ("computer seats resumed after a restart", self.computer_resumes),
            ("moves the clock played for an idle person", self.timer_moves),
            ("clock probe: its move seen, seconds past the deadline",
             "-" if self.timer_probe_late is None else f"{self.timer_probe_late:.1f}"),
            ("long polls for a computer seat in vain", self.polls_in_vain),
            ("database restarts under load (fast, immediate in turn)", self.db_restarts),
            ("answers 503 not_kept, retried", self.not_kept),
            *extra,
            ("mismatches", len(self.mismatches)),
        ]
        width = max(len(name) for name, _ in rows)
        lines = [f"{name:<{width}}  {value}" for name, value in rows]
        lines += [f"  MISMATCH: {m}" for m in self.mismatches[:50]]
        return "\n".join(lines)


class Lost(Exception):
    """A request whose answer never came: the server died under it, or was
    already gone."""


@dataclass
class SeatRecord:
    """What the server acknowledged to one human seat."""

    seat: int
    token: str
    #: The last version acknowledged to this seat (-1: none yet), and revision.
    version: int = -1
    revision: int = -1
    #: The last GET answer, when the last acknowledgement was a GET (less the
    #: log and the clock); None after a move's answer.
    answer: dict[str, Any] | None = None
    #: The seat's whole log at ``version``.
    log: list[Any] = field(default_factory=list)
    #: Every move sent, by the version it was sent at (answered or not).
    sent: dict[int, set[str]] = field(default_factory=dict)
    #: The moves answered 200, by the version they were played at.
    acked: dict[int, str] = field(default_factory=dict)
    #: A move sent whose answer has not come: (version, move, whether it
    #: reached a server: a connection refused carries nothing).
    pending: tuple[int, str, bool] | None = None


@dataclass
class Stored:
    """A table as the database held it while the server was down."""

    version: int
    to_move: int | None
    is_over: bool
    computer_to_move: bool
    #: Each human seat's GET answer at ``version`` (less the clock), its log apart.
    answers: dict[int, dict[str, Any]]
    logs: dict[int, list[Any]]
    timed_out: list[Any]
    deadline: float | None
    revision: int


@dataclass
class TableRecord:
    """One table and what was acknowledged about it."""

    id: str
    body: dict[str, Any]
    seats: dict[int, SeatRecord]
    created: float
    #: Who plays it: "client", or a probe nobody plays ("resume", "timer").
    kind: str = "client"
    #: The server its client talks to (the killer reads it there too).
    server: int = 0
    #: The highest version any answer showed.
    version: int = 0
    over: bool = False
    #: Nobody will change it any more (over, or a probe left to a person who
    #: never comes), and it was read back after a restart since: only a sample
    #: of such tables is checked at each kill.
    settled: bool = False
    next_seat: int = 0
    #: The version and revision at which the last read found a computer seat
    #: to move: the next read waits for it to move on.
    waiting: tuple[int, int] | None = None
    stored: Stored | None = None

    @property
    def timed(self) -> bool:
        return self.body.get("timer") is not None


def _plain(data: Any) -> Any:
    """``data`` as it comes out of JSON (tuples as lists, keys as strings)."""
    return json.loads(json.dumps(data))


def _event(event: Any) -> Any:
    """An event as the API shows it in a log."""
    return _plain({**event.to_dict(), "text": str(event)})


class Outage:
    """The killer's and the clients' meeting point: the killer says the server
    is going down; each client whose request fails waits there until the
    server is back and checked, so that the killer reads what was acknowledged
    while nobody changes it."""

    def __init__(self, clients: int) -> None:
        self._cond = threading.Condition()
        self._down = False
        self._live = clients
        self._parked = 0

    def begin(self) -> None:
        with self._cond:
            self._down = True

    def end(self) -> None:
        with self._cond:
            self._down = False
            self._cond.notify_all()

    def park(self) -> bool:
        """Wait out the outage; False if there is none (the request failed for another reason)."""
        with self._cond:
            if not self._down:
                return False
            self._parked += 1
            self._cond.notify_all()
            while self._down:
                self._cond.wait()
            self._parked -= 1
            return True

    def leave(self) -> None:
        """A client stops: it will not park again."""
        with self._cond:
            self._live -= 1
            self._cond.notify_all()

    def hold(self) -> bool:
        """Before a request: wait out an outage that has begun (the servers
        still up are left alone while the database is checked); whether it waited."""
        return self.park()

    def all_parked(self, timeout: float) -> bool:
        with self._cond:
            return self._cond.wait_for(lambda: self._parked >= self._live, timeout)


class CrashRun:
    """One run: the server, the clients, the killer and what they found."""

    def __init__(self, db: Path | str, settings: Settings) -> None:
        self.db = db
        self.settings = settings
        logs = settings.logs
        self.servers = [KioskServer(db, pace=0.0,
                                    log=None if logs is None else logs / f"server-{n}.log")
                        for n in range(settings.servers)]
        #: The killer's connection to each server (made when they start).
        self.connections: list[Connection] = []
        self.figures = Figures()
        self.tables: list[TableRecord] = []
        self._lock = threading.Lock()
        self.outage = Outage(settings.clients)
        self.stopping = threading.Event()
        self.rng = random.Random(settings.seed)

    # -- bookkeeping ---------------------------------------------------------------------

    def mismatch(self, text: str) -> None:
        with self._lock:
            self.figures.mismatches.append(text)
        if self.settings.say is not None:
            self.settings.say(f"MISMATCH {text}")

    def count(self, name: str, by: int = 1) -> None:
        with self._lock:
            setattr(self.figures, name, getattr(self.figures, name) + by)

    def add_table(self, record: TableRecord) -> None:
        with self._lock:
            self.tables.append(record)
            self.figures.tables += 1

    # -- what was acknowledged -------------------------------------------------------------

    def ack(self, table: TableRecord, seat: SeatRecord, answer: dict[str, Any],
            since: int) -> None:
        """A GET answer of ``seat`` (its log from ``since``): check it against
        what was acknowledged before, then remember it."""
        where = f"table {table.id} ({table.body['game']}) seat {seat.seat}"
        version = answer["version"]
        log = answer["log"]
        if answer["log_length"] != since + len(log):
            self.mismatch(f"{where}: log_length {answer['log_length']} but {len(log)} "
                          f"entries from {since}")
        if version < table.version:
            self.mismatch(f"{where}: version {version} after {table.version} was acknowledged")
        full = seat.log[:since] + log if since <= len(seat.log) else None
        if full is None or full[:len(seat.log)] != seat.log:
            self.mismatch(f"{where}: the log at version {version} does not extend the "
                          f"acknowledged log of version {seat.version} "
                          f"({len(seat.log)} entries)")
            full = seat.log[:since] + log
        kept = {k: v for k, v in answer.items() if k not in VOLATILE}
        kept["paused"] = answer["break"] is not None or answer["fault"] is not None
        if answer["revision"] == seat.revision:
            if full != seat.log:
                self.mismatch(f"{where}: revision {seat.revision} read twice with different logs")
            if seat.answer is not None and kept != seat.answer:
                differ = sorted(k for k in kept if kept[k] != seat.answer.get(k))
                self.mismatch(f"{where}: revision {seat.revision} read twice, differing in "
                              f"{differ}")
        elif answer["revision"] < seat.revision:
            self.mismatch(f"{where}: revision {answer['revision']} after {seat.revision}")
        seat.version = version
        seat.revision = answer["revision"]
        seat.answer = kept
        seat.log = full
        table.version = max(table.version, version)
        table.over = table.over or bool(answer["is_over"])

    # -- the database, while the server is down ------------------------------------------------

    def check_db(self, everything: bool = False) -> None:
        """Replay the tables of the database with the library and hold them to
        what was acknowledged: every table still in play, and a sample of the
        finished ones (all of them with ``everything``), which nobody writes
        any more, so that a long run's checks do not grow with its length."""
        rows = {row[0]: row[1:] for row in self._rows()}
        for table in self.tables:
            if table.settled and not everything and self.rng.random() > SETTLED_SAMPLE:
                continue
            row = rows.get(table.id)
            if row is None:
                self.mismatch(f"table {table.id} ({table.body['game']}): acknowledged, "
                              "not in the database")
                continue
            try:
                self._check_stored(table, json.loads(row[0]), bytes(row[1]), json.loads(row[2]),
                                   int(row[3]))
            except Exception as error:  # the check must report, not stop, on a bad row
                self.mismatch(f"table {table.id}: its row does not replay: {error!r}\n"
                              + traceback.format_exc())

    def _rows(self) -> list[Any]:
        """Every table's row: SQLite's file opened read-only, or PostgreSQL."""
        query = "SELECT id, spec, save, extra, version FROM tables"
        if isinstance(self.db, Path):
            connection = sqlite3.connect(f"file:{self.db}?mode=ro", uri=True)
            try:
                return connection.execute(query).fetchall()
            finally:
                connection.close()
        with connect_db(self.db) as db:
            return list(db.execute(query).fetchall())

    def _check_stored(self, table: TableRecord, spec: dict[str, Any], save: bytes,
                      extra: dict[str, Any], version: int) -> None:
        where = f"table {table.id} ({table.body['game']})"
        family = registry.preset(spec["game"]).family
        game_type: Any = family.game_type
        game: Any = game_type.from_bytes(save)
        history = game.history
        if version != len(history):
            self.mismatch(f"{where}: version column {version}, {len(history)} moves in the save")
        if game != game.replay():
            self.mismatch(f"{where}: the saved game differs from its own replay")
        if spec["seed"] != table.body["seed"] or spec["seats"] != table.body["seats"]:
            self.mismatch(f"{where}: stored setup {spec} is not the one asked for")
        fresh: Any = family.new_game(game.rules, None if family.seats_from_rules else game.seats,
                                     seed=spec["seed"])
        timed = {(d["seat"], d["version"]) for d in extra["timed_out"]}
        for seat in table.seats.values():
            if seat.version > len(history):
                self.mismatch(f"{where} seat {seat.seat}: LOST: version {seat.version} was "
                              f"acknowledged, the database has {len(history)}")
        for index, move in enumerate(history):
            self._check_views(table, fresh, index)
            mover = fresh.to_move
            text = str(move)
            if mover in table.seats:
                seat = table.seats[mover]
                if index in seat.acked:
                    if seat.acked[index] != text:
                        self.mismatch(f"{where}: move {index} is {text!r}, {seat.acked[index]!r} "
                                      "was acknowledged")
                    else:
                        self.count("moves_checked")
                elif text not in seat.sent.get(index, ()) and (mover, index) not in timed:
                    self.mismatch(f"{where}: move {index} {text!r} of human seat {mover} was "
                                  f"never sent (sent then: {seat.sent.get(index)})")
            elif (mover, index) in timed:
                self.mismatch(f"{where}: timed_out names computer seat {mover} at {index}")
            fresh.play(move)
        self._check_views(table, fresh, len(history))
        if fresh != game:
            self.mismatch(f"{where}: replaying its moves from its seed gives another game")
        for seat in table.seats.values():
            if seat.pending is None:
                continue
            at, text, reached = seat.pending
            landed = len(history) > at and str(history[at]) == text
            if len(history) > at and not landed and (seat.seat, at) not in timed:
                self.mismatch(f"{where}: unanswered {text!r} at {at}, found {history[at]}")
            if landed and not reached:
                self.mismatch(f"{where}: {text!r} at {at} landed, though its connection "
                              "was refused or answered 503 not_kept")
            if landed:
                seat.acked[at] = text
            self.count("unanswered_landed" if landed else
                       "unanswered_lost" if reached else "moves_refused")
            seat.pending = None
        to_move = game.to_move
        deadline = extra.get("deadline")
        answers: dict[int, dict[str, Any]] = {}
        logs: dict[int, list[Any]] = {}
        paused = extra["break"] is not None or extra["fault"] is not None
        for number in table.seats:
            answers[number], logs[number] = self._expected(table, game, number, paused)
        table.stored = Stored(len(history), to_move, game.is_over,
                              not game.is_over and to_move is not None and not paused
                              and to_move not in table.seats,
                              answers, logs, _plain(extra["timed_out"]), deadline,
                              int(extra["revision"]))
        if table.kind == "timer" and timed and self.figures.timer_probe_late is None:
            self.figures.timer_probe_late = time.time() - (table.created + PROBE_TIMER)
        if table.kind == "timer" and not timed:
            # its first clock, on disk: from the table's making, or a restart's grace
            due = table.created + PROBE_TIMER
            if deadline is None or not due - 2 <= deadline <= max(due, time.time()) + \
                    RESTART_GRACE + 2:
                self.mismatch(f"{where}: stored deadline {deadline} is neither about "
                              f"{PROBE_TIMER} s after the table was made ({table.created:.1f}) "
                              "nor a restart's grace")

    def _check_views(self, table: TableRecord, game: Any, version: int) -> None:
        """Each seat acknowledged at ``version`` saw what the replay shows then."""
        for seat in table.seats.values():
            if seat.version != version:
                continue
            paused = seat.answer is not None and seat.answer["paused"]
            answer, log = self._expected(table, game, seat.seat, paused)
            where = f"table {table.id} ({table.body['game']}) seat {seat.seat} version {version}"
            if log != seat.log:
                self.mismatch(f"{where}: acknowledged log differs from the stored game's")
            if seat.answer is not None:
                fields = ("view", "legal_moves", "scores", "to_move", "your_turn", "is_over",
                          "winners")
                differ = [k for k in fields if seat.answer[k] != answer[k]]
                if differ:
                    self.mismatch(f"{where}: acknowledged {differ} differ from the stored game's")
            self.count("states_checked")

    @staticmethod
    def _expected(table: TableRecord, game: Any, seat: int, paused: bool
                  ) -> tuple[dict[str, Any], list[Any]]:
        """What the API should show ``seat`` of ``game`` (the fields the library
        alone decides, and whether the table is ``paused``: a round's end
        waiting for people, or stopped), and its whole log."""
        view = game.view(seat)
        data = view.to_dict()
        del data["log"]
        your_turn = not game.is_over and game.to_move == seat and not paused
        answer = {"view": _plain(data),
                  "legal_moves": [str(m) for m in view.legal_moves()] if your_turn else [],
                  "scores": list(game.scores), "to_move": game.to_move,
                  "your_turn": your_turn, "is_over": game.is_over,
                  "winners": list(game.winners), "version": len(game.history)}
        return answer, [_event(e) for e in view.log]

    # -- the API, once the server is back -------------------------------------------------

    def check_api(self) -> None:
        """Read every table through the API and hold it to the database and to
        what was acknowledged; wait for the computer seats that were to move."""
        for table in self.tables:
            stored = table.stored
            if stored is None:
                continue
            connection = self.connections[table.server]
            for seat in table.seats.values():
                answer = self._read(connection, table, seat)
                where = f"table {table.id} ({table.body['game']}) seat {seat.seat}"
                if answer["version"] < stored.version:
                    self.mismatch(f"{where}: serves version {answer['version']}, the database "
                                  f"had {stored.version}")
                elif answer["version"] == stored.version:
                    if answer["log"] != stored.logs[seat.seat]:
                        self.mismatch(f"{where}: serves another log than the database's")
                    differ = [k for k, v in stored.answers[seat.seat].items() if answer[k] != v]
                    if answer["timed_out"] != stored.timed_out:
                        differ.append("timed_out")
                    if differ:
                        self.mismatch(f"{where}: serves {differ} unlike the database")
                elif answer["log"][:len(stored.logs[seat.seat])] != stored.logs[seat.seat]:
                    self.mismatch(f"{where}: its log does not extend the database's")
                self.count("reads_checked")
            if table.over or (table.kind == "resume" and not stored.computer_to_move
                              and stored.to_move in table.seats):
                table.settled = True
        # for them all: a broken server fails soon
        deadline = time.monotonic() + self.settings.resume_wait
        for table in self.tables:
            if table.stored is None or not table.stored.computer_to_move:
                continue
            stored = table.stored
            seat = next(iter(table.seats.values()))
            after = stored.revision
            while True:
                wait = max(0.0, deadline - time.monotonic())
                path = f"/api/tables/{table.id}?after={after}&wait={wait:.2f}"
                answer = self.call(self.connections[table.server], "GET", path,
                                   token=seat.token)
                if answer["version"] > stored.version or wait == 0:
                    break
                after = answer["revision"]
            if answer["version"] > stored.version:
                self.count("computer_resumes")
            else:
                self.mismatch(f"table {table.id} ({table.body['game']}): computer seat "
                              f"{stored.to_move} was to move at version {stored.version} and "
                              f"has not moved {self.settings.resume_wait} s after the restart")
        for table in self.tables:
            table.stored = None

    def _read(self, connection: Connection, table: TableRecord, seat: SeatRecord
              ) -> dict[str, Any]:
        answer: dict[str, Any] = self.call(connection, "GET", f"/api/tables/{table.id}",
                                           token=seat.token)
        self.ack(table, seat, answer, 0)
        return answer

    def call(self, connection: Connection, method: str, path: str, body: Any = None,
             token: str | None = None) -> Any:
        """The killer's request: one answered ``503 not_kept`` (a server's
        connection to the database lost in a restart, its copy of a table
        stale) is sent again, for up to :data:`NOT_KEPT_WAIT` seconds."""
        deadline = time.monotonic() + NOT_KEPT_WAIT
        while True:
            try:
                return connection.call(method, path, body, token)
            except ApiError as error:
                if not _not_kept(error) or time.monotonic() > deadline:
                    raise
                self.count("not_kept")
                time.sleep(RETRY)

    # -- the killer -------------------------------------------------------------------------

    def delay(self) -> float:
        """How long the server lives: often a moment (kills mid-request and
        mid-commit), else up to a few seconds (kills mid-game)."""
        draw = self.rng.random()
        if draw < 0.3:
            return self.rng.uniform(0.0, 0.05)
        if draw < 0.55:
            return self.rng.uniform(0.05, 0.5)
        return self.rng.uniform(0.5, 2.5)

    def kill_and_check(self, last: bool = False) -> None:
        """One kill: SIGKILL of a server, replay the database, restart it, read
        every table back through it."""
        down = time.monotonic()
        self.outage.begin()
        number = self.rng.randrange(len(self.servers))
        server, connection = self.servers[number], self.connections[number]
        server.kill()
        connection.close()
        if not self.outage.all_parked(60):
            self.mismatch("the clients did not all notice the server was gone within 60 s")
        self.figures.kills += 1
        replay = time.monotonic()
        self.check_db(everything=last)
        restart = time.monotonic()
        server.start()
        read = time.monotonic()
        self.check_api()
        self.outage.end()
        end = time.monotonic()
        self.figures.seconds_down += end - down
        self.figures.seconds_replaying += restart - replay
        self.figures.seconds_restarting += read - restart
        self.figures.seconds_reading += end - read

    def restart_db_and_check(self, mode: str) -> None:
        """The database restarted under load (the clients go on, retrying),
        then, once they have played on a while, everything checked while they wait."""
        restart_db = self.settings.restart_db
        assert restart_db is not None
        time.sleep(self.delay())
        restart_db(mode)
        self.figures.db_restarts += 1
        time.sleep(self.delay())
        self.outage.begin()
        if not self.outage.all_parked(60):
            self.mismatch("the clients did not all stop within 60 s of a database restart")
        self.check_db()
        self.check_api()
        self.outage.end()

    def resume_probe(self, connection: Connection, number: int) -> None:
        """Make a table whose computer seats play first, many moves each (the
        kill then comes at once, with a computer seat mid-move)."""
        body = {"game": "dice_of_doom", "options": {"target": 5000},
                "seats": ["random", "random", "search", "random", "human"],
                "seed": 1_000 + number, "timer": None}
        answer = self.call(connection, "POST", "/api/tables", body)
        self.count("requests")
        self.add_table(TableRecord(answer["id"], body,
                                   {4: SeatRecord(4, answer["tokens"]["4"])}, time.time(),
                                   kind="resume", version=answer["version"]))

    def timer_probe(self, connection: Connection) -> TableRecord:
        """A table with a clock whose people never move."""
        body = {"game": "farkle", "options": {}, "seats": ["human", "human"],
                "seed": 99, "timer": PROBE_TIMER}
        answer = self.call(connection, "POST", "/api/tables", body)
        record = TableRecord(answer["id"], body,
                             {s: SeatRecord(s, answer["tokens"][str(s)]) for s in (0, 1)},
                             time.time(), kind="timer", version=answer["version"])
        self.add_table(record)
        return record

    def wait_for_timer(self, connection: Connection, probe: TableRecord) -> None:
        """The probe's first move, played by the server for the idle seat."""
        seat = probe.seats[0]
        deadline = probe.created + PROBE_TIMER
        # the clock may have been given its restart grace just now
        wait = max(1.0, deadline - time.time()) + 15.0
        answer = self.call(connection, "GET",
                           f"/api/tables/{probe.id}?after=0&wait={min(wait, 25)}",
                           token=seat.token)
        if answer["version"] == 0:
            self.mismatch(f"the clock probe {probe.id}: nobody moved "
                          f"{time.time() - deadline:.1f} s after its deadline")
            return
        if not answer["timed_out"] or answer["timed_out"][0] != {"seat": 0, "version": 0}:
            self.mismatch(f"the clock probe {probe.id}: timed_out is {answer['timed_out']}")
        self.figures.timer_moves = len(answer["timed_out"])
        if self.figures.timer_probe_late is None:
            self.figures.timer_probe_late = max(0.0, time.time() - deadline)

    def run(self) -> Figures:
        start = time.monotonic()
        settings = self.settings
        say = settings.say
        for server in self.servers:
            server.start()
        self.connections = [server.connect() for server in self.servers]
        connection = self.connections[0]
        probe = self.timer_probe(connection) if settings.timer_probe else None
        restarts = settings.db_restarts if settings.restart_db is not None else 0
        # the database's restarts, spread evenly between the kills
        restart_at = {(n + 1) * settings.kills // (restarts + 1) for n in range(restarts)}
        clients = [Client(self, n) for n in range(settings.clients)]
        for client in clients:
            client.start()
        try:
            for kill in range(settings.kills):
                if kill in restart_at:
                    self.restart_db_and_check(DB_RESTARTS[self.figures.db_restarts % 2])
                every = settings.resume_probe_every
                if every and kill % every == every - 1:
                    self.resume_probe(connection, kill)
                else:
                    time.sleep(self.delay())
                self.kill_and_check()
                if say is not None and (kill + 1) % 10 == 0:
                    f = self.figures
                    say(f"{kill + 1} kills, {f.moves_acked} moves acknowledged, "
                        f"{len(f.mismatches)} mismatches, {time.monotonic() - start:.0f} s")
            if probe is not None:
                # the clients play on while the probe's clock runs out
                self.wait_for_timer(connection, probe)
        finally:
            self.stopping.set()
            self.outage.end()  # a client waiting for a restart that will not come goes home
            for client in clients:
                client.join(60)
        try:
            # the last state, once the clients have stopped: killed and read back too
            self.kill_and_check(last=True)
        finally:
            for each in self.connections:
                each.close()
            for server in self.servers:
                server.stop()
            self.figures.seconds = time.monotonic() - start
        return self.figures


class Client(threading.Thread):
    """A person at the kiosk who plays as fast as the server answers, on a
    few tables at a time, each move chosen by a seeded RNG from the legal moves."""

    def __init__(self, run: CrashRun, number: int) -> None:
        super().__init__(name=f"crash-client-{number}", daemon=True)
        self.crash = run
        self.number = number
        self.rng = random.Random(run.settings.seed * 1_000 + number)
        #: The client's server, as a load balancer that keeps each client on
        #: one server sends it, or (``spread``) the server of its last request.
        self.server = number % len(run.servers)
        self.connections = [server.connect() for server in run.servers]
        self.connection = self.connections[self.server]
        self.spread = random.Random(run.settings.seed * 1_000 + number + 500) \
            if run.settings.spread else None
        self.active: list[TableRecord] = []

    def run(self) -> None:
        try:
            while not self.crash.stopping.is_set():
                self.active = [t for t in self.active if not t.over]
                if len(self.active) < TABLES_EACH:
                    self.create()
                    continue
                table = self.active.pop(0)
                self.active.append(table)
                try:
                    self.step(table)
                except Lost:
                    continue
        except Exception as error:  # a client that dies says why
            self.crash.mismatch(f"client {self.number} stopped: {error!r}\n"
                                + traceback.format_exc())
        finally:
            self.crash.outage.leave()
            for connection in self.connections:
                connection.close()

    def call(self, method: str, path: str, body: Any = None, token: str | None = None,
             mover: SeatRecord | None = None) -> Any:
        """The answer; Lost once the server is back if it died (``mover``: the
        seat whose move this is, marked as never sent if its connection was refused or
        the server said it kept nothing). An answer ``503 not_kept`` is Lost too,
        after a moment's wait, as the page waits before it tries again."""
        if self.crash.outage.hold():
            for connection in self.connections:
                connection.close()  # (its server may have been killed meanwhile)
        if self.spread is not None:
            self.server = self.spread.randrange(len(self.connections))
            self.connection = self.connections[self.server]
        try:
            answer = self.connection.call(method, path, body, token)
        except TRANSPORT as error:
            refused = isinstance(error, ConnectionRefusedError)
            if mover is not None and mover.pending is not None and refused:
                mover.pending = (*mover.pending[:2], False)
            if not self.crash.outage.park():
                self.crash.mismatch(f"{method} {path} failed with the server up: {error!r}")
                time.sleep(0.1)
            raise Lost from None
        except ApiError as error:
            self.crash.count("requests")
            if not _not_kept(error):
                raise
            if mover is not None and mover.pending is not None:
                mover.pending = (*mover.pending[:2], False)
            self.crash.count("not_kept")
            time.sleep(RETRY)
            raise Lost from None
        self.crash.count("requests")
        return answer

    def create(self) -> None:
        rng = self.rng
        game, options = rng.choice(GAMES)
        preset = registry.preset(game)
        if "players" in preset.options:
            count = rng.choice([n for n in (2, 3, 4) if _fits(preset, options, n)])
        elif preset.family.seats_from_rules:
            count = int(preset.rules(**options).players)
        else:
            count = rng.randint(1, 4)
        humans = 1 if count == 1 or rng.random() < 0.7 else 2
        seats = ["human"] * humans + [rng.choice(COMPUTERS) for _ in range(count - humans)]
        rng.shuffle(seats)
        body = {"game": game, "options": options, "seats": seats,
                "seed": rng.randrange(2**64), "timer": PLAYED_TIMER if rng.random() < 0.2 else None}
        try:
            answer = self.call("POST", "/api/tables", body)
        except Lost:
            self.crash.count("unanswered_creates")
            return
        tokens = answer["tokens"]
        record = TableRecord(answer["id"], body,
                             {int(s): SeatRecord(int(s), token) for s, token in tokens.items()},
                             time.time(), version=answer["version"], server=self.server)
        record.next_seat = min(record.seats)
        self.crash.add_table(record)
        self.active.append(record)

    def get(self, table: TableRecord, seat: SeatRecord, after: int | None = None
            ) -> dict[str, Any]:
        since = len(seat.log)
        path = f"/api/tables/{table.id}?since={since}"
        if after is not None:
            path += f"&after={after}&wait={POLL}"
        answer: dict[str, Any] = self.call("GET", path, token=seat.token)
        self.crash.ack(table, seat, answer, since)
        if after is not None and answer["revision"] <= after:
            self.crash.count("polls_in_vain")
        return answer

    def step(self, table: TableRecord) -> None:
        """Read the table as the seat to move (or the last that moved) and play
        if it may. A computer seat to move is left to it while the client
        plays its other tables; found to move twice running, it is waited for."""
        seat = table.seats[table.next_seat]
        # wait only while nobody has seen it move on (the killer reads tables too)
        after = table.waiting[1] if table.waiting and table.waiting[0] == table.version else None
        table.waiting = None
        answer = self.get(table, seat, after=after)
        if answer["is_over"]:
            return
        pause = answer["break"]
        if pause is not None and set(pause["waiting"]) & set(table.seats):
            self.go_on(table, pause)
        elif answer["your_turn"]:
            self.move(table, seat, answer)
        elif answer["to_move"] in table.seats:
            table.next_seat = answer["to_move"]
        else:
            table.waiting = (answer["version"], answer["revision"])

    def go_on(self, table: TableRecord, pause: dict[str, Any]) -> None:
        """Each of the table's people still looking at a round's end goes on."""
        for number in pause["waiting"]:
            if number in table.seats:
                try:
                    self.call("POST", f"/api/tables/{table.id}/continue",
                              {"round": pause["round"]}, table.seats[number].token)
                except ApiError as error:
                    self.crash.mismatch(f"table {table.id}: going on from round "
                                        f"{pause['round']} refused: {error}")
                    return

    def move(self, table: TableRecord, seat: SeatRecord, answer: dict[str, Any]) -> None:
        version = answer["version"]
        text = self.rng.choice(answer["legal_moves"])
        body: dict[str, Any] = {"move": text}
        if self.rng.random() < 0.5:  # half the moves say the version they are for
            body["version"] = version
        seat.sent.setdefault(version, set()).add(text)
        seat.pending = (version, text, True)
        self.crash.count("moves_sent")
        where = f"table {table.id} ({table.body['game']}) seat {seat.seat}"
        try:
            played = self.call("POST", f"/api/tables/{table.id}/moves", body, seat.token,
                               mover=seat)
        except ApiError as error:
            seat.pending = None
            timed_out = table.timed and error.status == 409
            if not timed_out:
                self.crash.mismatch(f"{where}: {text!r} at version {version} refused: {error}")
            return
        seat.pending = None
        self.crash.count("moves_acked")
        if played["version"] != version + 1:
            self.crash.mismatch(f"{where}: {text!r} at version {version} answered version "
                                f"{played['version']}")
        seat.acked[version] = text
        seat.version = played["version"]
        seat.answer = None
        seat.log = seat.log + played["events"]
        table.version = max(table.version, played["version"])


def _not_kept(error: ApiError) -> bool:
    """Whether ``error`` is the server's ``503 not_kept``: nothing was changed,
    ask again."""
    return error.status == 503 and isinstance(error.body, dict) and \
        error.body.get("error") == "not_kept"


def _fits(preset: registry.Preset, options: dict[str, Any], players: int) -> bool:
    try:
        preset.rules(**{**options, "players": players})
    except ValueError:
        return False
    return True


def run(db: Path | str, settings: Settings | None = None) -> Figures:
    """Run the crash test on a new database ``db`` (an SQLite file's path, or
    an empty PostgreSQL database's URL); its figures."""
    return CrashRun(db, settings or Settings()).run()

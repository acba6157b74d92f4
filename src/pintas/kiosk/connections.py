"""The kiosk server's connections: how long each may take, and how many may
be open (docs/kiosk.md, "Security: what the server refuses").

uvicorn has no deadline for a request's headers: a client that sends them a
byte at a time keeps its connection, and a file descriptor, for as long as it
likes, and enough of them use up the process's open files, after which every
request fails. :class:`GuardedH11Protocol` is uvicorn's h11 protocol with
deadlines and a cap:

- a connection has ``header_timeout`` seconds from its opening (or from its
  previous answer, on a kept-alive connection) to send a whole request's
  headers, else it is closed;
- a request's body has ``body_timeout`` seconds from its headers (the web
  app answers ``408 timeout`` at that deadline; a body nobody reads is cut
  off a second later);
- a kept-alive connection with nothing to say is closed after ``keep_alive``
  seconds;
- at most ``max_connections`` are open: at the cap a new connection evicts
  the oldest one still sending its headers, else the oldest idle kept-alive
  one, else it is refused (``503 busy``) and closed at once.

It relies on uvicorn's ``H11Protocol`` (its constructor, ``connection_made``,
``data_received``, ``connection_lost``, ``on_response_complete``,
``send_400_response``, and the ``conn`` and ``transport`` it keeps):
:func:`check_uvicorn` fails at start if any is missing, and the tests of
tests/kiosk/test_attacks_http.py fail if they no longer behave.
"""

from __future__ import annotations

import asyncio
import inspect
import json
import logging
import math
import socket
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import h11
import uvicorn
from starlette.types import ASGIApp
from uvicorn.config import WS_PROTOCOLS
from uvicorn.protocols.http.h11_impl import H11Protocol

from .guard import SECURITY_HEADERS
from .settings import Settings
from .tables import KioskError

__all__ = ["ConnectionGuard", "GuardedH11Protocol", "QuietRepeats", "Serving", "check_uvicorn",
           "connection_cap", "guarded_protocol", "listeners", "open_files_limit",
           "raise_open_files", "serving"]

_log = logging.getLogger("pintas.kiosk")

#: Files kept for the server itself (the database and its journal, the event
#: loop, standard streams), besides IN_FLIGHT and a sixteenth of the limit (the
#: static files being sent, SQLite's own).
RESERVED_FILES = 64
#: The most connections the event loop accepts in one go (asyncio takes the
#: backlog given to uvicorn as that number).
ACCEPT_BATCH = 64
#: Connections accepted but not yet seen by the guard, or evicted but not yet
#: closed: an accepted socket reaches the guard two turns of the event loop
#: later, and the one it evicts is closed on the turn after, so at most four
#: batches are in flight.
IN_FLIGHT = 4 * ACCEPT_BATCH
#: Connections the system holds for the server until it accepts them (the
#: listening socket's backlog proper): a burst of connections beyond it is
#: dropped, and its clients try again a second later.
LISTEN_BACKLOG = 2048
#: The largest WebSocket frame a client may send (bytes).
MAX_FRAME = 4096
#: A body nobody reads is cut off this long after the app's deadline for it.
BODY_GRACE = 1.0
#: The guard notes what it evicted, refused and closed at most this often (seconds).
NOTE_EVERY = 10.0

_HEADERS, _BODY, _BUSY, _IDLE, _CLOSED = "headers", "body", "busy", "idle", "closed"


def raise_open_files() -> int | None:
    """Raise the process's soft limit of open files to its hard limit; the
    soft limit now (None where there is no such limit)."""
    try:
        import resource
    except ImportError:  # not on this system
        return None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    targets = [hard] if hard != resource.RLIM_INFINITY else [1 << 20, 1 << 16, 10240]
    for target in targets:
        if soft != resource.RLIM_INFINITY and soft >= target:
            break
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
            break
        except (ValueError, OSError):
            continue
    return open_files_limit()


def open_files_limit() -> int | None:
    """The process's soft limit of open files (None: none known)."""
    try:
        import resource
    except ImportError:
        return None
    soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
    return None if soft == resource.RLIM_INFINITY else int(soft)


def connection_cap(configured: int | None, files: int | None) -> int:
    """The most connections open at once: ``configured`` (the operator's), but
    no more than the open-files limit ``files`` allows once the server's own
    files are kept aside."""
    allowed = None if files is None else max(8, files - RESERVED_FILES - IN_FLIGHT
                                             - files // 16)
    if configured is None:
        return 4096 if allowed is None else allowed
    if allowed is not None and configured > allowed:
        _log.warning("max_connections %d is more than the open-files limit (%d) allows: "
                     "%d", configured, files, allowed)
        return allowed
    return configured


class ConnectionGuard:
    """What the connections of one server share: their deadlines, the cap, and
    the connections that may be evicted at the cap, oldest first."""

    def __init__(self, settings: Settings, max_connections: int) -> None:
        self.header_timeout = settings.header_timeout
        self.body_timeout = settings.body_timeout
        self.keep_alive = settings.keep_alive
        self.max_connections = max_connections
        self.open: set[GuardedH11Protocol] = set()
        # the connections still sending their headers, and the idle kept-alive
        # ones, each in the order they got there (dicts keep their order)
        self.waiting: dict[GuardedH11Protocol, None] = {}
        self.idle: dict[GuardedH11Protocol, None] = {}
        #: What the guard did since the server started: connections evicted at
        #: the cap, refused at the cap, and closed at a deadline (by phase).
        self.counts: dict[str, int] = {"evicted": 0, "refused": 0, _HEADERS: 0, _BODY: 0,
                                       _IDLE: 0}
        self._noted: dict[str, int] = dict(self.counts)
        self._noted_at = -NOTE_EVERY
        self._note_later: asyncio.TimerHandle | None = None

    def admit(self, connection: GuardedH11Protocol) -> bool:
        """Take a new connection in (evicting another at the cap); False: refuse it."""
        if len(self.open) >= self.max_connections:
            victim = next(iter(self.waiting), None) or next(iter(self.idle), None)
            if victim is None:
                self.count("refused")
                return False
            self.count("evicted")
            victim.close_now()
        self.open.add(connection)
        return True

    def place(self, connection: GuardedH11Protocol, phase: str) -> None:
        """Note the connection's phase (its place in the eviction order)."""
        self.waiting.pop(connection, None)
        self.idle.pop(connection, None)
        if phase == _HEADERS:
            self.waiting[connection] = None
        elif phase == _IDLE:
            self.idle[connection] = None

    def forget(self, connection: GuardedH11Protocol) -> None:
        self.open.discard(connection)
        self.waiting.pop(connection, None)
        self.idle.pop(connection, None)

    def count(self, what: str) -> None:
        """Count something the guard did; say so in the log now and then (never
        once per connection: an attack must not fill the disk with lines)."""
        self.counts[what] = self.counts.get(what, 0) + 1
        wait = self._noted_at + NOTE_EVERY - time.monotonic()
        if wait <= 0:
            self.note()
        elif self._note_later is None:
            self._note_later = asyncio.get_running_loop().call_later(wait, self.note)

    def note(self) -> None:
        """Log what the guard did since it last said."""
        if self._note_later is not None:
            self._note_later.cancel()
            self._note_later = None
        news = {k: v - self._noted.get(k, 0) for k, v in self.counts.items()
                if v != self._noted.get(k, 0)}
        self._noted, self._noted_at = dict(self.counts), time.monotonic()
        if news:
            _log.warning("connections (%d open, at most %d): %s", len(self.open),
                         self.max_connections,
                         ", ".join(f"{n} {_WORDS[k]}" for k, n in news.items()))


_WORDS = {"evicted": "evicted at the cap", "refused": "refused at the cap",
          _HEADERS: "closed slow to send their headers", _BODY: "closed slow to send a body",
          _IDLE: "idle closed"}


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with the deadlines and the cap of a
    :class:`ConnectionGuard` (the ``guard`` of the subclass
    :func:`guarded_protocol` makes)."""

    guard: ClassVar[ConnectionGuard]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._phase: str | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._since = 0.0   # when the connection opened, or its last answer was sent

    # -- uvicorn's protocol ------------------------------------------------------------------

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._since = self.loop.time()
        if not self.guard.admit(self):
            self._phase = _CLOSED
            self.transport.write(raw_answer(KioskError(
                503, "busy", "the server has as many connections as it can take: try again "
                "in a moment"), ("retry-after", "1")))
            self.transport.close()
            return
        self._enter(_HEADERS, self._since + self.guard.header_timeout)

    def data_received(self, data: bytes) -> None:
        if self._phase == _CLOSED:
            return
        if self._phase == _IDLE:  # the header clock has run since the last answer
            self._enter(_HEADERS, self._since + self.guard.header_timeout)
        super().data_received(data)
        self._follow()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self._phase != _CLOSED and not self.transport.is_closing():
            self._follow(answered=True)

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        self._phase = _CLOSED
        self.guard.forget(self)
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """A request h11 cannot read: answered as JSON, with the security headers."""
        self.transport.write(raw_answer(KioskError(
            400, "bad_http", f"the request is not HTTP/1.1 the server can read ({msg})")))
        self.transport.close()

    def _should_upgrade(self) -> bool:
        # a WebSocket if uvicorn has a library for it; no warning in the log for
        # each request asking for anything else
        return self._get_upgrade() == b"websocket" and self._should_upgrade_to_ws()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        """A WebSocket leaves the guard (its handshake is whole, the connection
        is the WebSocket protocol's from now on: the app caps the sockets)."""
        self._stop_timer()
        self._phase = _CLOSED
        self.guard.forget(self)
        super().handle_websocket_upgrade(event)

    # -- the guard ------------------------------------------------------------------------------

    def close_now(self) -> None:
        """Close the connection (evicted at the cap, or past its deadline)."""
        self._stop_timer()
        self._phase = _CLOSED
        self.guard.forget(self)
        if not self.transport.is_closing():
            self.transport.close()

    def _follow(self, answered: bool = False) -> None:
        """Set the phase from where the request stands (after h11 read new data,
        or after an answer)."""
        if self._phase == _CLOSED or self.transport.is_closing():
            return
        now = self.loop.time()
        their = self.conn.their_state
        if their is h11.IDLE:   # waiting for a request's headers
            if answered or self._phase in (_BODY, _BUSY):
                self._since = now
                if self.conn.trailing_data[0]:   # part of the next request is here already
                    self._enter(_HEADERS, now + self.guard.header_timeout)
                else:
                    self._enter(_IDLE, now + self.guard.keep_alive)
        elif their is h11.SEND_BODY:
            if self._phase in (_HEADERS, _IDLE):
                self._enter(_BODY, now + self.guard.body_timeout + BODY_GRACE)
        elif self._phase != _BUSY:   # the request is whole: the app has it, no deadline
            self._enter(_BUSY, None)

    def _enter(self, phase: str, deadline: float | None) -> None:
        self._stop_timer()
        self._phase = phase
        self.guard.place(self, phase)
        if deadline is not None:
            self._timer = self.loop.call_at(deadline, self._expire)

    def _expire(self) -> None:
        self._timer = None
        if self._phase in (_HEADERS, _BODY, _IDLE):
            self.guard.count(self._phase)
            self.close_now()

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


def guarded_protocol(guard: ConnectionGuard) -> type[GuardedH11Protocol]:
    """The protocol class to give uvicorn (``uvicorn.Config(http=...)``) for ``guard``."""
    return type("KioskH11Protocol", (GuardedH11Protocol,), {"guard": guard})


def raw_answer(error: KioskError, *extra: tuple[str, str]) -> bytes:
    """A whole HTTP answer with a JSON error, written straight to a connection
    that then closes."""
    body = json.dumps(error.to_dict(), separators=(",", ":")).encode()
    reasons = {400: "Bad Request", 503: "Service Unavailable"}
    lines = [f"HTTP/1.1 {error.status} {reasons.get(error.status, 'Error')}",
             "content-type: application/json", f"content-length: {len(body)}",
             "cache-control: no-store", "connection: close",
             *(f"{name}: {value}" for name, value in (*SECURITY_HEADERS, *extra))]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


#: What GuardedH11Protocol needs of uvicorn's H11Protocol: methods it overrides
#: or calls (with the parameters it passes) and attributes it reads.
_NEEDED_METHODS = {"__init__": ["config", "server_state", "app_state"],
                   "connection_made": ["transport"], "data_received": ["data"],
                   "connection_lost": ["exc"], "on_response_complete": [],
                   "send_400_response": ["msg"], "_should_upgrade": [],
                   "_get_upgrade": [], "_should_upgrade_to_ws": [],
                   "handle_websocket_upgrade": ["event"]}
_NEEDED_ATTRIBUTES = ("conn", "transport", "loop")


def check_uvicorn() -> None:
    """RuntimeError unless uvicorn's h11 protocol is still what
    :class:`GuardedH11Protocol` builds on (a uvicorn upgrade may change it)."""
    problems = []
    for name, parameters in _NEEDED_METHODS.items():
        method = getattr(H11Protocol, name, None)
        if method is None or name not in vars(H11Protocol):
            problems.append(f"H11Protocol.{name} is gone")
            continue
        have = list(inspect.signature(method).parameters)[1:]
        if have[:len(parameters)] != parameters:
            problems.append(f"H11Protocol.{name} takes {have}, not {parameters}")
    try:
        init = inspect.getsource(H11Protocol.__init__)
        made = inspect.getsource(H11Protocol.connection_made)
        received = inspect.getsource(H11Protocol.data_received)
    except (OSError, TypeError):   # installed without its source: the tests still check
        init = made = received = ""
    if init:
        problems += [f"H11Protocol keeps no self.{a}" for a in _NEEDED_ATTRIBUTES
                     if f"self.{a} " not in init + made and f"self.{a}:" not in init + made]
        if "handle_events" not in received:
            problems.append("H11Protocol.data_received no longer reads the request at once")
    if problems:
        raise RuntimeError("the kiosk's connection guard does not fit this uvicorn "
                           f"({_uvicorn_version()}): " + "; ".join(problems))
    if not hasattr(h11.Connection, "trailing_data"):
        raise RuntimeError("the kiosk's connection guard needs h11.Connection.trailing_data")


def _uvicorn_version() -> str:
    return str(getattr(uvicorn, "__version__", "?"))


@dataclass
class Serving:
    """A kiosk server ready to run: uvicorn's configuration, the connection
    guard, and the sockets it listens on."""

    config: uvicorn.Config
    guard: ConnectionGuard
    sockets: list[socket.socket]

    def run(self) -> None:
        """Serve until interrupted."""
        uvicorn.Server(self.config).run(sockets=self.sockets)


def websocket_library() -> str:
    """What uvicorn serves WebSockets with: ``websockets`` if it is installed
    (the kiosk extra; through its sans-I/O protocol where uvicorn has it),
    else none (the page then uses the long poll)."""
    try:
        import websockets  # noqa: F401
    except ImportError:
        return "none"
    return "websockets-sansio" if "websockets-sansio" in WS_PROTOCOLS else "websockets"


def serving(app: ASGIApp, settings: Settings, host: str, port: int) -> Serving:
    """The kiosk's ``app`` ready to serve on ``host`` and ``port``, with its
    connections guarded. Raises the open-files limit as far as it goes."""
    files = raise_open_files()
    guard = ConnectionGuard(settings, connection_cap(settings.max_connections, files))
    config = uvicorn.Config(
        app, http=guarded_protocol(guard), ws=websocket_library(), lifespan="on",
        # a seat sends one short message on its socket: a larger frame closes it (1009)
        ws_max_size=MAX_FRAME,
        log_level="warning", access_log=False, server_header=False,
        # the peer's address is who asks: a header of the request must not say otherwise
        proxy_headers=False,
        # how many connections the event loop accepts at once (the listening
        # sockets' own backlog is LISTEN_BACKLOG: see listeners())
        backlog=ACCEPT_BATCH,
        # the guard closes idle connections; uvicorn's own timer is a backstop behind it
        timeout_keep_alive=math.ceil(settings.keep_alive) + 1,
        # every change is on disk before it is answered, so a stop need not wait
        # long for the requests still open (long polls)
        timeout_graceful_shutdown=2)
    quiet = QuietRepeats()
    for name in ("uvicorn.error", "asyncio", "pintas.kiosk"):
        logging.getLogger(name).addFilter(quiet)
    return Serving(config, guard, listeners(host, port))


class _Listener(socket.socket):
    """A listening socket that keeps a long backlog whatever its server asks
    (asyncio asks for the number of connections it accepts at once)."""

    def listen(self, backlog: int = LISTEN_BACKLOG) -> None:
        super().listen(max(backlog, LISTEN_BACKLOG))


def listeners(host: str, port: int) -> list[socket.socket]:
    """Sockets bound to every address of ``host`` on ``port`` (OSError if one
    cannot be bound)."""
    sockets: list[socket.socket] = []
    bound = set()
    try:
        for family, kind, proto, _, address in socket.getaddrinfo(
                host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE):
            if address in bound:
                continue
            listener = _Listener(family, kind, proto)
            sockets.append(listener)
            listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if family == socket.AF_INET6:
                listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            listener.bind(address)
            listener.listen(LISTEN_BACKLOG)
            bound.add(address)
    except BaseException:
        for each in sockets:
            each.close()
        raise
    return sockets


class QuietRepeats(logging.Filter):
    """Lets through at most ``most`` records of one message a minute: what a
    client can make the server log, it must not be able to make it log
    without end. The first record let through after a quiet spell says how
    many were left out."""

    def __init__(self, most: int = 10, every: float = 60.0) -> None:
        super().__init__()
        self.most = most
        self.every = every
        self._seen: dict[tuple[str, str], list[float]] = {}  # start of minute, let, left out

    def filter(self, record: logging.LogRecord) -> bool:
        key = (record.name, str(record.msg)[:200])
        now = time.monotonic()
        start, let, left = self._seen.get(key, (now, 0.0, 0.0))
        if now - start >= self.every:
            start, let = now, 0.0
        if let >= self.most:
            self._seen[key] = [start, let, left + 1]
            return False
        if left:
            record.msg = f"{record.msg} [{int(left)} more like this were not logged]"
            left = 0.0
        self._seen[key] = [start, let + 1, left]
        if len(self._seen) > 1000:   # messages are few; stay bounded regardless
            self._seen.pop(next(iter(self._seen)))
        return True

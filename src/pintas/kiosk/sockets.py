"""The kiosk's WebSocket: a seat waits on it for its table to change, as the
long poll does (docs/kiosk.md, "The WebSocket").

``/api/tables/{id}/socket``: the seat's first message, within
:data:`HELLO_TIMEOUT` seconds, is ``{"token": "...", "after": R}`` (a
browser cannot give a WebSocket an ``Authorization`` header); the token is
checked as a request's would be. The server then sends ``{"revision": N,
"version": V}`` each time the table is past the last revision it said (the
first at once if the table is already past ``R``): the seat then reads the
table as ever (``GET /api/tables/{id}``), so the socket tells nothing a seat
may not see, and a seat that missed changes reads the current state, never a
gap. The seat sends nothing more (pings are the protocol's own).

Everything that is refused closes the socket with a code and a reason
(``<code>: <message>``, cut to the protocol's 123 bytes), and never holds up
another socket or table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocket, WebSocketDisconnect

from .service import Kiosk
from .tables import KioskError

__all__ = ["HELLO_TIMEOUT", "MAX_MESSAGE", "MOST_SOCKETS", "POLL_EVERY", "SOCKETS_PER_TABLE",
           "Sockets", "wait_change"]

#: Seconds a socket has to send its first message.
HELLO_TIMEOUT = 10.0
#: The largest message a seat may send (characters).
MAX_MESSAGE = 1024
#: The most sockets open on one server (unless its settings cap its connections lower).
MOST_SOCKETS = 1024
#: The most sockets open on one table (on one server).
SOCKETS_PER_TABLE = 16
#: How often a waiter (a long poll, a socket) looks at its table's revision,
#: and whether its asker has gone, besides when the table's bell rings (seconds).
POLL_EVERY = 0.5
#: How long a socket waits between looks at its table when nothing rings (seconds).
SOCKET_WAIT = 25.0
#: Close codes: the request was bad, the token wrong, no such table, the table
#: damaged, the server or the table has all the sockets it takes, a message too large.
BAD_REQUEST, BAD_TOKEN, NO_TABLE, GONE, BUSY, TOO_LARGE = 4400, 4401, 4404, 4410, 1013, 1009
_CODES = {401: BAD_TOKEN, 403: BAD_TOKEN, 404: NO_TABLE, 410: GONE, 413: TOO_LARGE, 503: BUSY}
#: The most bytes of a close frame's reason.
REASON_BYTES = 123


class Sockets:
    """The open sockets of one server, at most ``most`` of them and
    :data:`SOCKETS_PER_TABLE` per table."""

    def __init__(self, kiosk: Kiosk, most: int) -> None:
        self.kiosk = kiosk
        self.most = most
        self.open: dict[str, int] = {}   # table -> its open sockets

    def __len__(self) -> int:
        return sum(self.open.values())

    async def watch(self, socket: WebSocket) -> None:
        """A spectator's socket: as a seat's, with the table's spectator code
        as the token; it tells only the new revisions, and is no seat."""
        await self.serve(socket, spectator=True)

    async def serve(self, socket: WebSocket, spectator: bool = False) -> None:
        """One socket, from its opening to its close."""
        id = str(socket.path_params["id"])
        await socket.accept()   # (then closed with a reason a browser can read)
        if len(self) >= self.most or self.open.get(id, 0) >= SOCKETS_PER_TABLE:
            await _close(socket, BUSY, KioskError(
                503, "busy", "the server or the table has as many sockets as it takes: use "
                "the long poll"))
            return
        self.open[id] = self.open.get(id, 0) + 1
        try:
            await self._follow(socket, id, spectator)
        except KioskError as error:
            await _close(socket, _CODES.get(error.status, BAD_REQUEST), error)
        except WebSocketDisconnect:
            pass
        finally:
            self.open[id] -= 1
            if not self.open[id]:
                del self.open[id]

    async def _follow(self, socket: WebSocket, id: str, spectator: bool) -> None:
        try:
            first = await asyncio.wait_for(socket.receive(), HELLO_TIMEOUT)
        except asyncio.TimeoutError:
            raise KioskError(408, "timeout", f"the first message did not come within "
                             f"{HELLO_TIMEOUT:g} s") from None
        token, after = _hello(first)
        if spectator:
            await run_in_threadpool(self.kiosk.spectated, id, token)   # the code, checked
            waiting: contextlib.AbstractContextManager[None] = contextlib.nullcontext()
        else:
            _, seat = await run_in_threadpool(self.kiosk.asked, id, token)   # the token, checked
            waiting = self.kiosk.waiting(id, seat)
        closed = asyncio.Event()

        async def listen() -> None:   # the seat sends nothing more: anything else ends it
            message = await socket.receive()
            if message["type"] != "websocket.disconnect":
                await _close(socket, BAD_REQUEST, KioskError(
                    400, "bad_request", "a socket takes one message, the first"))
            closed.set()

        async def gone() -> bool:
            return closed.is_set()

        listening = asyncio.ensure_future(listen())
        try:
            with waiting:
                await self._send_changes(socket, id, after, closed, gone, not spectator)
        finally:
            listening.cancel()

    async def _send_changes(self, socket: WebSocket, id: str, after: int,
                            closed: asyncio.Event, gone: Callable[[], Awaitable[bool]],
                            versions: bool = True) -> None:
        """Tell the seat each new revision of table ``id`` (and, with
        ``versions``, its version) until the socket closes."""
        while not closed.is_set():
            await wait_change(self.kiosk, id, after, SOCKET_WAIT, gone)
            table = self.kiosk.table(id)
            if table.revision > after and not closed.is_set():
                after = table.revision
                await socket.send_json({"revision": after, "version": table.version}
                                       if versions else {"revision": after})


def _hello(message: Any) -> tuple[str, int]:
    """The token and revision of a socket's first message (KioskError if it is not one)."""
    text = message.get("text")
    if message.get("type") != "websocket.receive" or not isinstance(text, str):
        raise KioskError(400, "bad_json", "the first message must be JSON text: "
                         '{"token": ..., "after": R}')
    if len(text) > MAX_MESSAGE:
        raise KioskError(413, "too_large", f"a message must be at most {MAX_MESSAGE} "
                         f"characters: got {len(text)}")
    try:
        hello = json.loads(text)
    except (ValueError, RecursionError):
        raise KioskError(400, "bad_json", f"the first message is not JSON: "
                         f"{text[:40]!r}") from None
    if not isinstance(hello, dict) or set(hello) != {"token", "after"}:
        raise KioskError(400, "bad_request", 'the first message must be {"token": ..., '
                         '"after": R}')
    token, after = hello["token"], hello["after"]
    if not isinstance(token, str) or not token or len(token) > 200:
        raise KioskError(401, "bad_token", "token must be the seat's token")
    if not isinstance(after, int) or isinstance(after, bool) or not 0 <= after < 10**9:
        raise KioskError(400, "bad_request", f"after must be a whole number >= 0: "
                         f"got {str(after)[:40]!r}")
    return token, after


async def _close(socket: WebSocket, code: int, error: KioskError) -> None:
    reason = f"{error.code}: {error.message}".encode()[:REASON_BYTES]
    try:
        await socket.close(code, reason.decode(errors="ignore"))
    except (RuntimeError, OSError, WebSocketDisconnect):
        pass   # (already closed, or the seat has gone)


async def wait_change(kiosk: Kiosk, id: str, revision: int, wait: float,
                      gone: Callable[[], Awaitable[bool]]) -> None:
    """Return once table ``id`` is past ``revision`` (woken by its bell: a
    change made here or heard from another server), after ``wait`` seconds,
    or as soon as ``gone()`` says the asker has gone."""
    loop = asyncio.get_running_loop()
    rung = asyncio.Event()

    def ring() -> None:
        loop.call_soon_threadsafe(rung.set)

    kiosk.bells.add(id, ring)
    try:
        end = time.monotonic() + wait
        while True:
            rung.clear()
            left = end - time.monotonic()
            if kiosk.revision(id) > revision or left <= 0 or await gone():
                return
            try:
                await asyncio.wait_for(rung.wait(), min(left, POLL_EVERY))
            except asyncio.TimeoutError:
                pass
    finally:
        kiosk.bells.discard(id, ring)

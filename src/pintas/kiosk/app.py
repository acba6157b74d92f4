"""The kiosk's web app (Starlette): the JSON API of docs/kiosk.md and the touch
page that uses it, served from the package (no network needed).

Blocking work (SQLite writes, the games) runs in Starlette's thread pool; the
long poll waits without holding a thread. Every request passes the checks of
:mod:`pintas.kiosk.guard` first (Host, Origin, Content-Type, the security
headers, the catch-all); each query parameter and body is checked here, and
table creation is rate-limited per client (:mod:`pintas.kiosk.limits`).
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from ..errors import RulesError
from . import sockets as sockets_module
from .guard import RequestGuard
from .limits import CreateLimiter, client_key
from .service import Kiosk
from .settings import Settings
from .sockets import Sockets, wait_change
from .tables import KioskError

__all__ = ["LARGEST_PICTURE", "MAX_BODY", "MAX_WAIT", "SMALLEST_PICTURE", "make_app"]

STATIC = Path(__file__).with_name("static")
#: The largest request body read (bytes).
MAX_BODY = 64 * 1024
#: The longest a long poll waits (seconds).
MAX_WAIT = 25.0
#: The sizes of a table's picture a client may ask for (pixels, each side).
SMALLEST_PICTURE = 16
LARGEST_PICTURE = 4096
#: The largest log position (``since``) and version (``after``) a query may name.
LARGEST_WHOLE = 999_999_999
#: What ``GET /api/tables/{id}`` takes in its query.
STATE_QUERY = ("since", "after", "wait", "width", "height")
#: Answers after which the connection closes (the body may not have been read).
_CLOSING = frozenset({408, 413})


def make_app(kiosk: Kiosk, run_referee: bool = True, settings: Settings | None = None
             ) -> Starlette:
    """The web app serving ``kiosk``'s tables; its referee runs while the app does.
    ``settings``: the web server's (default: the kiosk's own)."""
    settings = settings or kiosk.settings
    limiter = kiosk.limiter("create", settings)
    joins = kiosk.limiter("join", settings)
    # (in memory on one server, kept in the event loop; else in the database)
    shared = kiosk.shared is not None

    async def take(bucket: CreateLimiter, client: str) -> int:
        return math.ceil(await run_in_threadpool(bucket.take, client) if shared
                         else bucket.take(client))
    most = sockets_module.MOST_SOCKETS
    sockets = Sockets(kiosk, min(most, settings.max_connections or most))

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if run_referee:
            kiosk.start()
        try:
            yield
        finally:
            await run_in_threadpool(kiosk.close)

    async def games(request: Request) -> Response:
        _no_query(request)
        return _json(await run_in_threadpool(kiosk.games))

    async def create(request: Request) -> Response:
        _no_query(request)
        client = client_key(request.client.host if request.client else None)
        wait = await take(limiter, client)
        if wait > 0:
            return _flood(KioskError(429, "too_many_tables", f"one client may create "
                                     f"{settings.create_burst:d} tables at once, then "
                                     f"{settings.create_per_minute:g} a minute: try again "
                                     f"in {wait:d} s"), wait)
        try:
            body = await _body(request, settings.body_timeout)
            made = await run_in_threadpool(kiosk.create, body, client)
        except BaseException:
            if shared:
                await run_in_threadpool(limiter.give_back, client)
            else:
                limiter.give_back(client)   # a table refused is no table made
            raise
        return _json(made, 201)

    async def join(request: Request) -> Response:
        """An invitation used (or tried: wrong codes count, so none can be guessed)."""
        _no_query(request)
        wait = await take(joins, client_key(request.client.host if request.client else None))
        if wait > 0:
            return _flood(KioskError(429, "too_many_joins", f"one client may use "
                                     f"{settings.create_burst:d} invitations at once, then "
                                     f"{settings.create_per_minute:g} a minute: try again "
                                     f"in {wait:d} s"), wait)
        return _json(await run_in_threadpool(kiosk.join, request.path_params["id"],
                                             request.path_params["code"]))

    async def state(request: Request) -> Response:
        id = request.path_params["id"]
        since, after, wait, box = _state_query(request)
        token = _token(request)
        if after is not None:
            await _wait_past(request, kiosk, id, token, after, wait)
        try:
            return _json(await run_in_threadpool(kiosk.state, id, token, since, box))
        except RulesError as error:
            if box is None:
                raise
            # a box too small for what is on the table (a long line in 50 x 50 pixels)
            raise KioskError(422, "bad_request", f"the table does not fit width={box[0]:.0f} "
                             f"height={box[1]:.0f}: {error}") from None

    async def watch(request: Request) -> Response:
        """A spectator's view, long poll and all (``after``, ``wait``: as a seat's)."""
        id = request.path_params["id"]
        since, after, wait, box = _state_query(request)
        if box is not None:
            raise KioskError(422, "bad_request", "a spectator's answer has no pictures: "
                             "width and height are a seat's")
        code = _token(request)
        if after is not None:
            await run_in_threadpool(kiosk.spectated, id, code)
            await wait_change(kiosk, id, after, wait, request.is_disconnected)
        return _json(await run_in_threadpool(kiosk.watch, id, code, since))

    async def seat_action(request: Request, action: Callable[[str, str | None, Any], Any]
                          ) -> Response:
        """A seat's POST to its table: who asks is checked before the body is
        read (the table may be read from disk: off the event loop)."""
        _no_query(request)
        id = request.path_params["id"]
        token = _token(request)
        await run_in_threadpool(lambda: kiosk.table(id).seat_of(token))
        body = await _body(request, settings.body_timeout)
        return _json(await run_in_threadpool(action, id, token, body))

    async def play(request: Request) -> Response:
        return await seat_action(request, kiosk.play)

    async def go_on(request: Request) -> Response:
        return await seat_action(request, kiosk.go_on)

    async def leave(request: Request) -> Response:
        _no_query(request)
        return _json(await run_in_threadpool(kiosk.leave, request.path_params["id"],
                                             _token(request)))

    async def rematch(request: Request) -> Response:
        _no_query(request)
        client = client_key(request.client.host if request.client else None)
        return _json(await run_in_threadpool(kiosk.rematch, request.path_params["id"],
                                             _token(request), client))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, KioskError)
        answer = _json(error.to_dict(), error.status)
        if error.status in _CLOSING:
            answer.headers["Connection"] = "close"
        return answer

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return _json({"error": code, "message": f"{request.method} {request.url.path}: "
                      f"{error.detail}"}, error.status_code)

    routes = [
        Route("/", page),
        # the links the creator passes on: the code rides in the fragment,
        # which no browser sends, so it never reaches a request line or a log
        Route("/watch/{id}", page, methods=["GET"]),
        Route("/join/{id}", page, methods=["GET"]),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{id}", state, methods=["GET"]),
        Route("/api/tables/{id}", leave, methods=["DELETE"]),
        Route("/api/tables/{id}/moves", play, methods=["POST"]),
        Route("/api/tables/{id}/continue", go_on, methods=["POST"]),
        Route("/api/tables/{id}/join/{code}", join, methods=["POST"]),
        Route("/api/tables/{id}/rematch", rematch, methods=["POST"]),
        Route("/api/tables/{id}/watch", watch, methods=["GET"]),
        WebSocketRoute("/api/tables/{id}/socket", sockets.serve),
        WebSocketRoute("/api/tables/{id}/watch/socket", sockets.watch),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    guard = Middleware(RequestGuard, allowed_hosts=settings.allowed_hosts,
                       allowed_origins=settings.allowed_origins)
    return Starlette(routes=routes, lifespan=lifespan, middleware=[guard],
                     exception_handlers={KioskError: refused, HTTPException: http_error})


def _json(data: Any, status: int = 200) -> Response:
    return JSONResponse(data, status, headers={"Cache-Control": "no-store"})


def _flood(error: KioskError, wait: int) -> Response:
    """The answer to a client that asked too often: ``error``, and when to try again."""
    answer = _json(error.to_dict(), error.status)
    answer.headers["Retry-After"] = str(wait)
    return answer


async def _body(request: Request, timeout: float) -> Any:
    """The request's JSON body (KioskError for one too large, not JSON, or not
    whole ``timeout`` seconds after the request's headers)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise KioskError(413, "too_large", f"the body must be at most {MAX_BODY} bytes: "
                         f"got {declared!r}")
    started = request.scope.get("state", {}).get("started", time.monotonic())
    # (a body already here is read however late the handler came to it)
    left = max(0.1, started + timeout - time.monotonic())
    try:
        raw = await asyncio.wait_for(_read(request), left)
    except asyncio.TimeoutError:
        raise KioskError(408, "timeout", f"the body did not arrive within {timeout:g} s "
                         "of the request's headers") from None
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        shown = raw[:60].decode("utf-8", "replace")
        raise KioskError(400, "bad_json", f"the body is not JSON: {shown!r}") from None


async def _read(request: Request) -> bytes:
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise KioskError(413, "too_large", f"the body must be at most {MAX_BODY} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise KioskError(401, "missing_token", f"the Authorization header must be "
                         f"'Bearer <token>': got {header[:40]!r}")
    return token.strip()


_WHOLE = re.compile(r"[0-9]{1,12}")
_SECONDS = re.compile(r"[0-9]{1,12}(\.[0-9]{0,20})?|\.[0-9]{1,20}")


def _no_query(request: Request) -> None:
    """KioskError unless the request has no query: the endpoint takes none."""
    query = request.scope.get("query_string", b"")
    if query:
        raise KioskError(422, "bad_request", f"{request.method} {request.url.path} takes no "
                         f"query parameters: got {_shown(query.decode('latin-1'))!r}")


def _state_query(request: Request
                 ) -> tuple[int, int | None, float, tuple[float, float] | None]:
    """The query of ``GET /api/tables/{id}``: since, after, wait and the box
    (KioskError 422 for a parameter unknown, repeated, or out of range)."""
    given: dict[str, str] = {}
    for name, value in request.query_params.multi_items():
        if name not in STATE_QUERY:
            raise KioskError(422, "bad_request", f"unknown query parameter {_shown(name)!r}: "
                             f"a table's state takes {', '.join(STATE_QUERY)}")
        if name in given:
            raise KioskError(422, "bad_request", f"the query parameter {name} is given twice")
        given[name] = value
    since = _whole(given.get("since", "0"), "since", 0, LARGEST_WHOLE)
    after = None if "after" not in given else _whole(given["after"], "after", 0, LARGEST_WHOLE)
    if "wait" in given and after is None:
        raise KioskError(422, "bad_request", "wait goes with after (the long poll): got "
                         f"wait={_shown(given['wait'])!r} alone")
    wait = _seconds(given.get("wait", "20"), "wait")
    box = None
    if "width" in given or "height" in given:
        if "width" not in given or "height" not in given:
            raise KioskError(422, "bad_request", "width and height go together: got only "
                             + ("width" if "width" in given else "height"))
        box = (float(_whole(given["width"], "width", SMALLEST_PICTURE, LARGEST_PICTURE)),
               float(_whole(given["height"], "height", SMALLEST_PICTURE, LARGEST_PICTURE)))
    return since, after, min(MAX_WAIT, wait), box


def _whole(text: str, name: str, least: int, most: int) -> int:
    if _WHOLE.fullmatch(text) and least <= int(text) <= most:
        return int(text)
    raise KioskError(422, "bad_request", f"{name} must be a whole number {least}..{most}: "
                     f"got {_shown(text)!r}")


def _seconds(text: str, name: str) -> float:
    if _SECONDS.fullmatch(text):
        return float(text)
    raise KioskError(422, "bad_request", f"{name} must be a number of seconds >= 0 "
                     f"(more than {MAX_WAIT:g} waits {MAX_WAIT:g}): got {_shown(text)!r}")


def _shown(text: str) -> str:
    """An input as a message quotes it (cut short)."""
    return text if len(text) <= 40 else text[:40] + "..."


async def _wait_past(request: Request, kiosk: Kiosk, id: str, token: str | None,
                     version: int, wait: float) -> None:
    """The long poll: return once the table is past ``version``, after ``wait``
    seconds, or as soon as the asker has gone (a page closed, a server stopping)."""
    # a poll needs a seat's token too; it is a seat asking (a sleeping table wakes)
    _, seat = await run_in_threadpool(kiosk.asked, id, token)
    with kiosk.waiting(id, seat):
        await wait_change(kiosk, id, version, wait, request.is_disconnected)


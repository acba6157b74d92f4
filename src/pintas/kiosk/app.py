"""The kiosk's web app (Starlette): the JSON API of docs/kiosk.md and the touch
page that uses it, served from the package (no network needed).

Blocking work (SQLite writes, the games) runs in Starlette's thread pool; the
long poll waits without holding a thread.
"""

from __future__ import annotations

import asyncio
import json
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .service import Kiosk
from .tables import KioskError

__all__ = ["MAX_BODY", "MAX_WAIT", "make_app"]

STATIC = Path(__file__).with_name("static")
#: The largest request body read (bytes).
MAX_BODY = 64 * 1024
#: The longest a long poll waits (seconds).
MAX_WAIT = 25.0
#: How often a long poll looks at its table's version (seconds).
POLL_EVERY = 0.05


def make_app(kiosk: Kiosk, run_referee: bool = True) -> Starlette:
    """The web app serving ``kiosk``'s tables; its referee runs while the app does."""

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if run_referee:
            kiosk.start()
        try:
            yield
        finally:
            await run_in_threadpool(kiosk.close)

    async def games(request: Request) -> Response:
        return _json(await run_in_threadpool(kiosk.games))

    async def create(request: Request) -> Response:
        body = await _body(request)
        return _json(await run_in_threadpool(kiosk.create, body), 201)

    async def state(request: Request) -> Response:
        id = request.path_params["id"]
        query = request.query_params
        token = _token(request)
        after = query.get("after")
        if after is not None:
            await _wait_past(request, kiosk, id, token, _number(after, "after"),
                             min(MAX_WAIT, _number(query.get("wait", "20"), "wait")))
        box = None
        if "width" in query or "height" in query:
            box = (_number(query.get("width", ""), "width"),
                   _number(query.get("height", ""), "height"))
        return _json(await run_in_threadpool(kiosk.state, id, token,
                                             query.get("since", "0"), box))

    async def play(request: Request) -> Response:
        id = request.path_params["id"]
        token = _token(request)
        # who asks, before the body (the table may be read from disk: off the event loop)
        await run_in_threadpool(lambda: kiosk.table(id).seat_of(token))
        body = await _body(request)
        return _json(await run_in_threadpool(kiosk.play, id, token, body))

    async def go_on(request: Request) -> Response:
        id = request.path_params["id"]
        token = _token(request)
        await run_in_threadpool(lambda: kiosk.table(id).seat_of(token))
        body = await _body(request)
        return _json(await run_in_threadpool(kiosk.go_on, id, token, body))

    async def leave(request: Request) -> Response:
        return _json(await run_in_threadpool(kiosk.leave, request.path_params["id"],
                                             _token(request)))

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def refused(request: Request, error: Exception) -> Response:
        assert isinstance(error, KioskError)
        return _json(error.to_dict(), error.status)

    async def http_error(request: Request, error: Exception) -> Response:
        assert isinstance(error, HTTPException)
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return _json({"error": code, "message": f"{request.method} {request.url.path}: "
                      f"{error.detail}"}, error.status_code)

    routes = [
        Route("/", page),
        Route("/api/games", games, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{id}", state, methods=["GET"]),
        Route("/api/tables/{id}", leave, methods=["DELETE"]),
        Route("/api/tables/{id}/moves", play, methods=["POST"]),
        Route("/api/tables/{id}/continue", go_on, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, lifespan=lifespan,
                     exception_handlers={KioskError: refused, HTTPException: http_error})


def _json(data: Any, status: int = 200) -> Response:
    return JSONResponse(data, status, headers={"Cache-Control": "no-store"})


async def _body(request: Request) -> Any:
    """The request's JSON body (KioskError for one too large or not JSON)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise KioskError(413, "too_large", f"the body must be at most {MAX_BODY} bytes: "
                         f"got {declared!r}")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise KioskError(413, "too_large", f"the body must be at most {MAX_BODY} bytes")
        chunks.append(chunk)
    raw = b"".join(chunks)
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        shown = raw[:60].decode("utf-8", "replace")
        raise KioskError(400, "bad_json", f"the body is not JSON: {shown!r}") from None


def _token(request: Request) -> str | None:
    header = request.headers.get("authorization")
    if header is None:
        return None
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise KioskError(401, "missing_token", f"the Authorization header must be "
                         f"'Bearer <token>': got {header[:40]!r}")
    return token.strip()


def _number(text: str, name: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value < 0 or value > 100_000:
        raise KioskError(422, "bad_request", f"{name} must be a number >= 0: got {text!r}")
    return value


async def _wait_past(request: Request, kiosk: Kiosk, id: str, token: str | None,
                     version: float, wait: float) -> None:
    """The long poll: return once the table is past ``version``, after ``wait``
    seconds, or as soon as the asker has gone (a page closed, a server stopping)."""
    table = await run_in_threadpool(kiosk.table, id)
    table.seat_of(token)  # a poll needs a seat's token too
    end = time.monotonic() + wait
    while kiosk.revision(id) <= version and time.monotonic() < end:
        if await request.is_disconnected():
            return
        await asyncio.sleep(POLL_EVERY)

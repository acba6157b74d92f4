"""What the kiosk's web app checks on every request before it serves it, and
what it adds to every answer (docs/kiosk.md, "Security: what the server
refuses").

- **Host**: an IP address, ``localhost``, or a name the operator allowed
  (``400 bad_host``): a page that reaches the server through DNS rebinding
  names the attacker's host, and is refused.
- **Origin**: a request that changes something (any method but GET, HEAD and
  OPTIONS), or opens a WebSocket, sent by a browser must come from the server's own origin or one
  the operator allowed, and not from another site (``403 bad_origin``).
- **Content-Type**: such a request's body must be ``application/json``
  (``415 unsupported_media_type``): a page of another site can send
  ``text/plain`` anywhere without asking the server first, never JSON.
- **Headers**: every answer carries a strict Content-Security-Policy and the
  headers that keep the page out of frames and other sites.
- **Nothing unexpected escapes**: an exception no handler expected is logged
  once, with its traceback, and answered ``500 internal`` as JSON, with no
  traceback in it.
"""

from __future__ import annotations

import ipaddress
import json
import logging
import time
from collections.abc import Iterable

from starlette.requests import ClientDisconnect
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .tables import KioskError

__all__ = ["CSP", "SECURITY_HEADERS", "RequestGuard", "host_allowed", "origin_of"]

_log = logging.getLogger("pintas.kiosk")

#: The page's Content-Security-Policy: its scripts, styles, pictures and
#: requests come from the server itself (pictures also as data: URLs); no
#: frame may show it, no plugin, no form, no <base>.
CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
#: The headers on every answer of the server.
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("content-security-policy", CSP),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
)
_ENCODED = [(name.encode(), value.encode()) for name, value in SECURITY_HEADERS]
#: Methods that change nothing (the others need a good Origin and JSON).
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The most characters of an input an error message quotes.
QUOTED = 60


def host_allowed(host: str | None, names: Iterable[str] = ()) -> bool:
    """Whether a request's ``Host`` header may be served: an IPv4 address, an
    IPv6 address in brackets, ``localhost``, or one of ``names``; any case,
    any port."""
    if not host or not host.isascii():
        return False
    host = host.lower()
    if host.startswith("["):
        address, bracket, port = host[1:].partition("]")
        if not bracket or not _port(port):
            return False
        try:
            ipaddress.IPv6Address(address)
        except ValueError:
            return False
        return True
    name, colon, port = host.partition(":")
    if colon and not _port(colon + port):
        return False
    try:
        ipaddress.IPv4Address(name)
        return True
    except ValueError:
        pass
    return name == "localhost" or name in {n.lower() for n in names}


def _port(text: str) -> bool:
    """``""`` or ``":"`` followed by a port number (an empty one is allowed)."""
    if not text:
        return True
    digits = text[1:]
    return text[0] == ":" and digits.isascii() and (digits == "" or
                                                   (digits.isdigit() and len(digits) <= 5))


def origin_of(text: str) -> str:
    """An origin as compared: lower case, without the scheme's default port or
    a trailing slash."""
    origin = text.strip().lower().rstrip("/")
    for scheme, port in (("http://", ":80"), ("https://", ":443")):
        if origin.startswith(scheme) and origin.endswith(port):
            origin = origin[: -len(port)]
    return origin


class RequestGuard:
    """ASGI middleware around the kiosk's routes: the checks of this module's
    docstring, the security headers on every answer, and the catch-all for
    unexpected exceptions. It also notes when each request started
    (``scope["state"]["started"]``, :func:`time.monotonic`), for the body's
    deadline."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = (),
                 allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed_hosts = frozenset(h.lower() for h in allowed_hosts)
        self.allowed_origins = frozenset(origin_of(o) for o in allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":   # the Host and the Origin, as a change's
            refusal = self.refusal(scope)
            if refusal is None:
                await self.app(scope, receive, send)
            else:   # (before the handshake: answered 403)
                reason = f"{refusal.code}: {refusal.message}".encode()[:123]
                await send({"type": "websocket.close", "code": 1008,
                            "reason": reason.decode(errors="ignore")})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        scope.setdefault("state", {})["started"] = time.monotonic()
        started = False

        async def send_guarded(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in _ENCODED if n not in present]
                message = {**message, "headers": headers}
            await send(message)

        refusal = self.refusal(scope)
        if refusal is not None:
            await _send_error(send_guarded, refusal)
            return
        try:
            await self.app(scope, receive, send_guarded)
        except ClientDisconnect:
            return   # the client went away (or was cut off) before its body was whole
        except Exception:
            _log.exception("internal error answering %s %s", scope.get("method"),
                           scope.get("path"))
            if started:
                return   # too late for an answer: the server closes the connection
            await _send_error(send_guarded, KioskError(
                500, "internal", f"the server failed on {scope.get('method')} "
                f"{_quote(str(scope.get('path')))}: the error is logged"))

    def refusal(self, scope: Scope) -> KioskError | None:
        """Why the request is refused before it is served, or None."""
        headers: dict[bytes, list[str]] = {}
        for name, value in scope.get("headers", []):
            headers.setdefault(name.lower(), []).append(value.decode("latin-1"))
        hosts = headers.get(b"host", [])
        if len(hosts) != 1 or not host_allowed(hosts[0], self.allowed_hosts):
            shown = "two" if len(hosts) > 1 else repr(_quote(hosts[0])) if hosts else "none"
            return KioskError(400, "bad_host", "the Host header must be an IP address, "
                              f"localhost or a name the server was given: got {shown}")
        if scope["type"] == "http" and scope.get("method", "GET") in SAFE_METHODS:
            return None
        origins = headers.get(b"origin", [])
        sites = headers.get(b"sec-fetch-site", [])
        if len(origins) > 1 or len(sites) > 1:
            return KioskError(403, "bad_origin", "the request has two Origin or "
                              "Sec-Fetch-Site headers")
        scheme = {"ws": "http", "wss": "https"}.get(scope.get("scheme", "http"),
                                                    scope.get("scheme", "http"))
        own = origin_of(f"{scheme}://{hosts[0]}")   # (a WebSocket's page is http's)
        origin = origin_of(origins[0]) if origins else None
        allowed = origin is not None and origin in self.allowed_origins
        if origin is not None and origin != own and not allowed:
            return KioskError(403, "bad_origin", "a page of another origin may not change "
                              f"tables: got Origin {_quote(origins[0])!r}, this server is "
                              f"{own!r}")
        if sites and sites[0].strip().lower() == "cross-site" and not allowed:
            return KioskError(403, "bad_origin", "a page of another site may not change "
                              "tables: got Sec-Fetch-Site 'cross-site'")
        lengths = headers.get(b"content-length", [])
        has_body = b"transfer-encoding" in headers or any(n.strip() != "0" for n in lengths)
        kinds = headers.get(b"content-type", [])
        media = kinds[0].partition(";")[0].strip().lower() if len(kinds) == 1 else ""
        if has_body and media != "application/json":
            shown = repr(_quote(kinds[0])) if len(kinds) == 1 else "none" if not kinds \
                else "two"
            return KioskError(415, "unsupported_media_type", "the body must be JSON, sent "
                              f"with Content-Type: application/json: got {shown}")
        return None


def _quote(text: str) -> str:
    return text if len(text) <= QUOTED else text[:QUOTED] + "..."


async def _send_error(send: Send, error: KioskError) -> None:
    """Answer ``error`` as JSON, and close the connection after it (the body,
    if any, is not read)."""
    body = json.dumps(error.to_dict(), separators=(",", ":")).encode()
    await send({"type": "http.response.start", "status": error.status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"cache-control", b"no-store"), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})

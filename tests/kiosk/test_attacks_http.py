"""The attacks of the kiosk's security review, against a real server over
HTTP (docs/kiosk.md, "Security: what the server refuses"):

- F4: sockets that send their headers a byte at a time are closed at the
  header timeout; 1,150 of them under a 1,024-file limit leave the server
  answering at once, with a quiet log; a slow body is answered 408; idle
  kept-alive connections close; at the connection cap the slowest go first.
- F5: a picture too small for the SVG is a 422, never a 500 and a traceback.
- F9: a create sent as text/plain, from another origin or site, or to a
  rebinding host name is refused; every answer has the security headers.
- F3: table creation is rate-limited per client, and a forwarded-for header
  does not make another client.
- Invitations and spectators: bad, huge, guessed and replayed codes, and a
  spectator asking for a hand or moving, are refused alone.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import socket
import sqlite3
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("starlette")

from pintas.kiosk.connections import check_uvicorn
from pintas.kiosk.guard import SECURITY_HEADERS
from tests.kiosk.attacks import SlowHeaders, raw_request, room_for_sockets
from tests.kiosk.push import until
from tests.kiosk.server import ApiError, KioskServer

#: The header (and body) timeout of the test servers: short, so that tests are.
TIMEOUT = 2.0
#: Seconds the server's keep-alive lasts (the default).
KEEP_ALIVE = 5.0
#: Slack for a loaded machine (two cores shared with other work).
SLACK = 3.0

FARKLE = {"game": "farkle", "seats": ["human", "random"]}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[KioskServer]:
    kiosk = KioskServer(tmp_path_factory.mktemp("kiosk") / "kiosk.db",
                        extra=("--header-timeout", str(TIMEOUT)))
    kiosk.start()
    try:
        yield kiosk
    finally:
        kiosk.kill()


def ask(port: int, method: str, path: str, headers: dict[str, str] | None = None,
        body: bytes | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request with exactly these headers (Host too, if given): status,
    headers (lower-case names) and body."""
    headers = dict(headers or {})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.putrequest(method, path, skip_host="Host" in headers,
                              skip_accept_encoding=True)
        if body is not None:
            headers.setdefault("Content-Length", str(len(body)))
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        answer = connection.getresponse()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def tables_in(server: KioskServer) -> int:
    with sqlite3.connect(server.db) as db:
        return int(db.execute("SELECT count(*) FROM tables").fetchone()[0])


def error_of(body: bytes) -> str:
    return str(json.loads(body)["error"])


def check_headers(headers: dict[str, str], what: str) -> None:
    for name, value in SECURITY_HEADERS:
        assert headers.get(name) == value, (what, name, headers)


# ---- F4: slow clients -------------------------------------------------------------------


def test_uvicorn_is_still_what_the_connection_guard_builds_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    check_uvicorn()
    from uvicorn.protocols.http.h11_impl import H11Protocol

    monkeypatch.delattr(H11Protocol, "on_response_complete")   # as an upgrade might
    with pytest.raises(RuntimeError, match="on_response_complete"):
        check_uvicorn()


def test_sockets_slow_to_send_their_headers_are_closed_at_the_header_timeout(
        server: KioskServer) -> None:
    if not room_for_sockets(500):
        pytest.skip("this process may not open 500 sockets")
    with SlowHeaders(server.port, 500, every=0.5) as slow:
        assert slow.refused == 0
        deadline = max(slow.opened) + TIMEOUT + SLACK
        while slow.still_open() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert slow.still_open() == 0, f"{slow.still_open()} of 500 still open"
        lasted = [c - o for c, o in zip(slow.closed, slow.opened, strict=True)
                  if c is not None]
        assert min(lasted) >= TIMEOUT - 0.5   # none closed before its time, either
        assert server.call("GET", "/api/games")["games"]


def test_slow_sockets_beyond_the_open_files_limit_do_not_stop_the_server(
        tmp_path: Path) -> None:
    """1,150 slow sockets against a server that may open 1,024 files: the
    connections slow to send their headers are evicted at the cap or closed at
    the timeout, and a normal request is answered at once throughout."""
    if not room_for_sockets(1150):
        pytest.skip("this process may not open 1,150 sockets")
    timeout = 3.0
    with KioskServer(tmp_path / "kiosk.db", extra=("--header-timeout", str(timeout)),
                     open_files=1024) as server:
        with SlowHeaders(server.port, 1150, every=0.5) as slow:
            took = []
            for _ in range(8):
                start = time.monotonic()
                assert server.call("GET", "/api/games", timeout=10)["games"]
                took.append(time.monotonic() - start)
                time.sleep(0.1)
            assert max(took) < 2.0, took
            deadline = max(slow.opened) + timeout + SLACK + 1
            while slow.still_open() and time.monotonic() < deadline:
                time.sleep(0.1)
            assert slow.still_open() == 0, f"{slow.still_open()} of 1,150 still open"
            table = server.call("POST", "/api/tables", FARKLE)
            assert table["tokens"]["0"]
        log = server.log.read_text(errors="replace")
    assert "Too many open files" not in log
    assert len(log) < 5_000, log[-2_000:]
    print(f"normal requests under attack: median {statistics.median(took) * 1000:.0f} ms, "
          f"worst {max(took) * 1000:.0f} ms")


def test_a_slow_body_is_answered_408(server: KioskServer) -> None:
    head = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n")
    answer, took = raw_request(server.port, head + b'{"game": ', timeout=TIMEOUT + 10)
    assert answer.startswith(b"HTTP/1.1 408 "), answer[:200]
    assert error_of(answer.partition(b"\r\n\r\n")[2]) == "timeout"
    assert TIMEOUT - 0.5 <= took <= TIMEOUT + SLACK   # and the connection closed


def test_an_idle_kept_alive_connection_is_closed(server: KioskServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    connection.request("GET", "/api/games")
    assert connection.getresponse().read()
    answered = time.monotonic()
    assert connection.sock is not None
    assert connection.sock.recv(1) == b""   # closed by the server
    assert KEEP_ALIVE - 0.5 <= time.monotonic() - answered <= KEEP_ALIVE + SLACK
    connection.close()


def test_a_kept_alive_connection_has_the_header_timeout_from_its_last_answer(
        server: KioskServer) -> None:
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as s:
        s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer:
            answer += s.recv(65536)
        answered = time.monotonic()
        try:
            for byte in b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ":
                s.sendall(bytes([byte]))   # the next request, so slowly it is never whole
                time.sleep(0.05)
            s.settimeout(TIMEOUT + SLACK)
            while s.recv(65536):
                pass
        except OSError:   # a broken pipe, or reset
            pass
        closed = time.monotonic() - answered
        assert TIMEOUT - 0.5 <= closed <= TIMEOUT + SLACK


def test_at_the_connection_cap_the_slowest_are_evicted_then_new_ones_refused(
        tmp_path: Path) -> None:
    with KioskServer(tmp_path / "kiosk.db", extra=("--max-connections", "8",
                                                    "--header-timeout", "30")) as server:
        table = server.call("POST", "/api/tables", FARKLE)
        id, token = table["id"], table["tokens"]["0"]
        idle = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                for _ in range(4)]
        for connection in idle:   # four idle kept-alive connections, then four slow ones
            connection.request("GET", "/api/games")
            connection.getresponse().read()
        with SlowHeaders(server.port, 4, every=0.2) as slow:
            time.sleep(0.5)
            assert slow.still_open() == 4
            # a ninth: the oldest still sending its headers goes
            assert ask(server.port, "GET", "/api/games")[0] == 200
            assert until(lambda: slow.closed[0] is not None)
            time.sleep(0.2)
            assert slow.still_open() == 3
            for connection in idle:   # the idle ones were not touched
                connection.request("GET", "/api/games")
                assert connection.getresponse().status == 200
            polls = [http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
                     for _ in range(8)]
            for poll in polls:   # eight long polls: each evicts a slow or idle one
                poll.request("GET", f"/api/tables/{id}?after=0&wait=8",
                             headers={"Authorization": f"Bearer {token}"})
                time.sleep(0.1)   # (its headers in before the next one comes)
            assert until(lambda: slow.still_open() == 0)
            # every connection is now busy: a new one is refused at once
            status, headers, body = ask(server.port, "GET", "/api/games")
            assert status == 503 and error_of(body) == "busy"
            assert headers["retry-after"] == "1"
            check_headers(headers, "busy")
            for poll in polls:
                assert poll.getresponse().status == 200
                poll.close()
        for connection in idle:
            connection.close()
        assert ask(server.port, "GET", "/api/games")[0] == 200


# ---- F5: every query parameter checked ------------------------------------------------------


@pytest.mark.parametrize("game", ["dominican", "caminos"])
def test_a_picture_too_small_is_refused_not_a_server_error(server: KioskServer,
                                                             game: str) -> None:
    seats = {"dominican": ["human", "random", "random", "random"],
             "caminos": ["human", "random", "random"]}[game]
    table = server.call("POST", "/api/tables", {"game": game, "seats": seats})
    path, token = f"/api/tables/{table['id']}", table["tokens"]["0"]
    for query, quoted in [("width=0&height=0", "'0'"), ("width=15&height=400", "'15'"),
                          ("width=640&height=4097", "'4097'"), ("width=64.5&height=64", "'64.5'"),
                          ("width=640", "height"), ("width=-1&height=1", "'-1'")]:
        with pytest.raises(ApiError) as refused:
            server.call("GET", f"{path}?{query}", token=token)
        assert refused.value.status == 422, query
        assert refused.value.body["error"] == "bad_request"
        assert quoted in refused.value.body["message"], (query, refused.value.body)
    for width, height in [(50, 50), (4096, 4096), (200, 16), (16, 4096)]:
        try:
            state = server.call("GET", f"{path}?width={width}&height={height}", token=token)
        except ApiError as refused:   # a line too long for so few pixels: refused too
            assert refused.status == 422 and "does not fit" in refused.body["message"]
            assert min(width, height) < 50
            continue
        assert state["pictures"]["table"].startswith("<svg")
    assert "Traceback" not in server.log.read_text(errors="replace")


# ---- F9: other sites, other hosts ---------------------------------------------------------------


def test_a_create_sent_as_text_plain_is_refused(server: KioskServer) -> None:
    before = tables_in(server)
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                 None):
        headers = {"Content-Type": kind} if kind else {}
        status, answer_headers, body = ask(server.port, "POST", "/api/tables", headers,
                                           json.dumps(FARKLE).encode())
        assert status == 415 and error_of(body) == "unsupported_media_type", kind
        check_headers(answer_headers, "415")
    assert tables_in(server) == before


def test_a_create_from_another_origin_or_site_is_refused(server: KioskServer) -> None:
    before = tables_in(server)
    body = json.dumps(FARKLE).encode()
    json_type = {"Content-Type": "application/json"}
    for headers in [{"Origin": "http://evil.example"}, {"Origin": "null"},
                    {"Origin": f"http://127.0.0.1:{server.port + 1}"},
                    {"Sec-Fetch-Site": "cross-site"},
                    {"Origin": f"http://127.0.0.1:{server.port}", "Sec-Fetch-Site": "cross-site"}]:
        status, _, answer = ask(server.port, "POST", "/api/tables", {**json_type, **headers},
                                body)
        assert status == 403 and error_of(answer) == "bad_origin", headers
    assert tables_in(server) == before
    # the page's own requests, and a program's (no Origin), are served
    own = {"Origin": f"http://127.0.0.1:{server.port}", "Sec-Fetch-Site": "same-origin"}
    assert ask(server.port, "POST", "/api/tables", {**json_type, **own}, body)[0] == 201
    assert ask(server.port, "POST", "/api/tables", json_type, body)[0] == 201


def test_a_rebinding_host_name_is_refused(server: KioskServer) -> None:
    for path in ("/", "/api/games", "/static/kiosk.js"):
        for host in ("evil.example", f"evil.example:{server.port}", "127.0.0.1.evil.example",
                     "localhost.evil.example"):
            status, headers, body = ask(server.port, "GET", path, {"Host": host})
            assert status == 400 and error_of(body) == "bad_host", (path, host)
            check_headers(headers, "bad_host")
        for host in (f"127.0.0.1:{server.port}", f"LOCALHOST:{server.port}", "[::1]:8000",
                     "192.168.1.20"):
            assert ask(server.port, "GET", path, {"Host": host})[0] == 200, (path, host)


def test_every_answer_has_the_security_headers(server: KioskServer) -> None:
    for path, status in [("/", 200), ("/static/kiosk.js", 200), ("/static/kiosk.css", 200),
                         ("/api/games", 200), ("/nowhere", 404), ("/static/nothing.js", 404),
                         ("/api/tables/x?width=0", 422), ("/api/tables/nope", 404)]:
        got, headers, _ = ask(server.port, "GET", path)
        assert got == status, path
        check_headers(headers, path)
    answer, _ = raw_request(server.port, b"NOT HTTP AT ALL\r\n\r\n")
    assert answer.startswith(b"HTTP/1.1 400 ")
    head = answer.partition(b"\r\n\r\n")[0].decode().lower()
    for name, value in SECURITY_HEADERS:
        assert f"{name}: {value.lower()}" in head


# ---- F3: a flood of tables ---------------------------------------------------------------------


def test_creating_tables_is_rate_limited_per_client(tmp_path: Path) -> None:
    with KioskServer(tmp_path / "kiosk.db", extra=("--create-burst", "3",
                                                    "--create-per-minute", "30")) as server:
        for _ in range(3):
            server.call("POST", "/api/tables", FARKLE)
        body = json.dumps(FARKLE).encode()
        for headers in [{}, {"X-Forwarded-For": "203.0.113.9", "X-Real-IP": "203.0.113.9",
                             "Forwarded": "for=203.0.113.9"}]:
            status, answer_headers, answer = ask(
                server.port, "POST", "/api/tables",
                {"Content-Type": "application/json", **headers}, body)
            assert status == 429 and error_of(answer) == "too_many_tables", headers
            assert 1 <= int(answer_headers["retry-after"]) <= 2
        assert tables_in(server) == 3
        time.sleep(2.1)   # thirty a minute: one more two seconds later
        server.call("POST", "/api/tables", FARKLE)
        assert tables_in(server) == 4


def test_hostile_websockets_are_refused_alone_and_quietly(server: KioskServer) -> None:
    websockets = pytest.importorskip("websockets")
    from websockets.sync.client import connect

    from pintas.kiosk.sockets import POLL_EVERY, SOCKETS_PER_TABLE

    made = server.call("POST", "/api/tables", FARKLE)
    url = f"ws://127.0.0.1:{server.port}/api/tables/{made['id']}/socket"
    hello = json.dumps({"token": made["tokens"]["0"], "after": 0})
    with pytest.raises(websockets.exceptions.ConnectionClosed) as closed:
        with connect(url) as socket:   # a frame over the protocol's limit
            socket.send("x" * 10_000)
            socket.recv(timeout=5)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
    with pytest.raises(websockets.exceptions.InvalidStatus) as refused:
        with connect(url, additional_headers={"Origin": "https://evil.example"}):
            pass   # another site's page
    assert refused.value.response.status_code == 403
    with contextlib.ExitStack() as many:
        for _ in range(SOCKETS_PER_TABLE):
            many.enter_context(connect(url)).send(hello)
        with pytest.raises(websockets.exceptions.ConnectionClosed) as busy:
            with connect(url) as socket:   # one socket too many on the table
                socket.send(hello)
                socket.recv(timeout=5)
        assert busy.value.rcvd is not None and busy.value.rcvd.code == 1013
        assert server.call("GET", "/api/games")["games"]   # the server serves on
    # and the table takes sockets again once they have closed (seen within POLL_EVERY)
    time.sleep(POLL_EVERY + SLACK / 3)
    with connect(url) as socket:
        socket.send(hello)
        play = server.call("GET", f"/api/tables/{made['id']}", token=made["tokens"]["0"])
        server.call("POST", f"/api/tables/{made['id']}/moves",
                    {"move": play["legal_moves"][0], "version": play["version"]},
                    token=made["tokens"]["0"])
        assert json.loads(socket.recv(timeout=5))["revision"] > play["revision"]
    assert "Traceback" not in server.log.read_text(errors="replace")


def test_hostile_invitations_are_refused_alone(tmp_path: Path) -> None:
    """Bad, huge, replayed and other tables' codes: each a 4xx, and neither
    the table they aim at nor another changes; wrong codes are rate-limited
    like right ones, so none can be guessed."""
    with KioskServer(tmp_path / "kiosk.db", extra=("--create-burst", "12",
                                                    "--create-per-minute", "6")) as server:
        invited = {"game": "farkle", "seats": ["human", "human"], "invite": True}
        aim, other = server.call("POST", "/api/tables", invited), \
            server.call("POST", "/api/tables", invited)
        code = aim["invitations"]["1"]["code"]
        before = [server.call("GET", f"/api/tables/{t['id']}", token=t["tokens"]["0"])
                  for t in (aim, other)]
        joined = server.call("POST", f"/api/tables/{aim['id']}/join/{code}")
        assert joined["seat"] == 1
        refused = []
        for path in [f"{aim['id']}/join/{code}",                        # replayed
                     f"{other['id']}/join/{code}",                      # another table's
                     f"{aim['id']}/join/{'z' * 12}",                    # guessed
                     f"{aim['id']}/join/{'x' * 6000}",                  # huge
                     f"{aim['id']}/join/%00%ff",                        # not text
                     f"{'0' * 16}/join/{code}"]:                        # no such table
            status, _, body = ask(server.port, "POST", f"/api/tables/{path}")
            refused.append((status, error_of(body) if body.startswith(b"{") else ""))
        assert [s for s, _ in refused[:4]] == [410, 403, 403, 422], refused
        assert all(400 <= s < 500 for s, _ in refused), refused
        after = [server.call("GET", f"/api/tables/{t['id']}", token=t["tokens"]["0"])
                 for t in (aim, other)]
        assert after[1] == before[1]
        assert after[0]["seats"][1]["open"] is False and after[0]["version"] == 0
        for _ in range(12):
            status, headers, body = ask(server.port, "POST",
                                        f"/api/tables/{other['id']}/join/{'z' * 12}")
            if status == 429:
                break
        assert status == 429 and error_of(body) == "too_many_joins"
        assert int(headers["retry-after"]) >= 1


def test_hostile_spectators_are_refused_alone(server: KioskServer) -> None:
    """Bad, huge, guessed, replayed-elsewhere spectator codes, a spectator
    asking for a hand or moving, a seat's token as a code and a code as a
    seat's token: each a 4xx, and neither the table they aim at nor another
    changes; a spectator's answer holds no hand."""
    watched = {"game": "farkle", "seats": ["human", "human"], "spectators": {"delay": 1}}
    aim, other = server.call("POST", "/api/tables", watched), \
        server.call("POST", "/api/tables", {**watched, "spectators": None})
    code, token = aim["spectators"]["code"], aim["tokens"]["0"]
    before = [server.call("GET", f"/api/tables/{t['id']}", token=t["tokens"]["0"])
              for t in (aim, other)]
    seen = server.call("GET", f"/api/tables/{aim['id']}/watch", token=code)
    assert seen["view"]["seat"] is None and "legal_moves" not in seen
    refused = []
    for method, path, auth, body in [
            ("GET", f"{aim['id']}/watch", "z" * 24, None),                 # guessed
            ("GET", f"{aim['id']}/watch", "x" * 6000, None),               # huge
            ("GET", f"{aim['id']}/watch", token, None),                    # a seat's token
            ("GET", f"{other['id']}/watch", code, None),                   # no spectators there
            ("GET", f"{aim['id']}/watch?seat=0", code, None),              # asking for a hand
            ("GET", f"{aim['id']}/watch?width=400&height=300", code, None),
            ("GET", f"{aim['id']}", code, None),                           # a code as a token
            ("POST", f"{aim['id']}/moves", code, b'{"move": "roll"}'),     # a spectator moving
            ("DELETE", f"{aim['id']}", code, None),
            ("POST", f"{aim['id']}/rematch", code, None),
            ("GET", f"{'0' * 16}/watch", code, None)]:                     # no such table
        headers = {"Host": "localhost", "Authorization": f"Bearer {auth}"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        status, _, answer = ask(server.port, method, f"/api/tables/{path}", headers, body)
        refused.append((status, error_of(answer) if answer.startswith(b"{") else ""))
    assert all(400 <= s < 500 for s, _ in refused), refused
    assert [s for s, _ in refused[:4]] == [401, 401, 401, 403], refused
    after = [server.call("GET", f"/api/tables/{t['id']}", token=t["tokens"]["0"])
             for t in (aim, other)]
    assert after == before

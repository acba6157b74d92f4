"""What the kiosk's web app refuses before it serves a request, through the
app (docs/kiosk.md, "Security: what the server refuses"): every query of a
table's state (property-based: never a server error), Host, Origin and
Content-Type, the security headers, the catch-all for unexpected errors, and
the per-client limit on new tables. The same attacks against a real server
are in test_attacks_http.py."""

from __future__ import annotations

import logging
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from pintas.kiosk import app as kiosk_app
from pintas.kiosk.app import make_app
from pintas.kiosk.connections import QuietRepeats, connection_cap
from pintas.kiosk.guard import CSP, SECURITY_HEADERS, host_allowed, origin_of
from pintas.kiosk.limits import CreateLimiter, client_key
from pintas.kiosk.service import Kiosk
from tests.fuzz.support import budget
from tests.kiosk.conftest import BASE_URL, RELAXED

FARKLE = {"game": "farkle", "seats": ["human", "random"]}


def check_headers(answer: Any) -> None:
    for name, value in SECURITY_HEADERS:
        assert answer.headers.get(name) == value, (name, answer.status_code, answer.text)


# ---- every query parameter -----------------------------------------------------------------


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, list[Any]]]:
    """A client and a table of each family: (id, token)."""
    kiosk = Kiosk(Path(tmp_path_factory.mktemp("kiosk")) / "kiosk.db", settings=RELAXED)
    client = TestClient(make_app(kiosk, run_referee=False), base_url=BASE_URL)
    made = []
    for body in ({"game": "dominican", "seats": ["human", "suit", "suit", "suit"], "seed": 4},
                 {"game": "caminos", "seats": ["human", "greedy", "greedy"], "seed": 4},
                 FARKLE):
        data = client.post("/api/tables", json=body).json()
        made.append((data["id"], data["tokens"]["0"]))
        _play_on(kiosk, data["id"], data["tokens"]["0"])
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kiosk_app, "MAX_WAIT", 0.0)   # a long poll answers at once
        yield client, made
    kiosk.close()


def _play_on(kiosk: Kiosk, id: str, token: str, moves: int = 12) -> None:
    """Play a few of the person's moves (and the computers'), so that the
    table has a long line or full paths to draw."""
    rng = random.Random(4)
    for _ in range(10 * moves):
        table = kiosk.table(id)
        if table.game.is_over or moves == 0:
            return
        if table.pause is not None:   # a round's end: go on
            kiosk.go_on(id, token, {"round": table.pause.round})
        elif table.game.to_move == 0:
            legal = kiosk.state(id, token)["legal_moves"]
            kiosk.play(id, token, {"move": rng.choice(legal)})
            moves -= 1
        else:
            kiosk.step()


NAMES = st.sampled_from(["since", "after", "wait", "width", "height"]) | st.text(max_size=6)
VALUES = (st.integers(-5, 5000).map(str) | st.sampled_from(
    ["", "0", "15", "16", "4096", "4097", "1e3", "1.5", ".5", "5.", "-0", "+5", " 5", "0x10",
     "nan", "inf", "١٢", "5_0", "9" * 20, "25.000000000000001"]) | st.text(max_size=8))
#: Queries near the ones the page sends: mostly served, some just out of range.
NEAR = st.fixed_dictionaries({}, optional={
    "since": st.integers(0, 60).map(str),
    "after": st.integers(0, 5).map(str),
    "wait": st.sampled_from(["0", "0.05", "20", "25", "30.5"]),
    "width": st.integers(8, 4200).map(str),
    "height": st.integers(8, 4200).map(str),
}).map(lambda d: list(d.items()))
QUERIES = st.lists(st.tuples(NAMES, VALUES), max_size=5) | NEAR


def _expected(query: list[tuple[str, str]]) -> bool:
    """Whether the query is one the API serves (the rules of docs/kiosk.md)."""
    given_ = dict(query)
    if len(given_) != len(query) or set(given_) - {"since", "after", "wait", "width", "height"}:
        return False
    whole = re.compile(r"[0-9]{1,12}")
    for name in ("since", "after"):
        if name in given_ and not (whole.fullmatch(given_[name])
                                   and int(given_[name]) <= 999_999_999):
            return False
    if "wait" in given_ and ("after" not in given_ or not re.fullmatch(
            r"[0-9]{1,12}(\.[0-9]{0,20})?|\.[0-9]{1,20}", given_["wait"])):
        return False
    if ("width" in given_) != ("height" in given_):
        return False
    return all(whole.fullmatch(given_[n]) and 16 <= int(given_[n]) <= 4096
               for n in ("width", "height") if n in given_)


@budget(300)
@given(query=QUERIES, which=st.integers(0, 2))
def test_any_query_of_a_table_is_served_or_refused_with_a_422(
        tables: tuple[TestClient, list[Any]], query: list[tuple[str, str]], which: int
) -> None:
    client, made = tables
    id, token = made[which]
    text = "&".join(f"{quote(n, safe='')}={quote(v, safe='')}" for n, v in query)
    answer = client.get(f"/api/tables/{id}?{text}", headers={"Authorization":
                                                              f"Bearer {token}"})
    assert answer.status_code in (200, 422), (text, answer.text)
    if answer.status_code == 422:
        assert answer.json()["error"] == "bad_request" and answer.json()["message"]
    if answer.status_code == 422 and _expected(query):
        # a box the query may ask for, but too small for the line on the table
        assert "does not fit" in answer.json()["message"], (text, answer.text)
        assert min(int(dict(query)["width"]), int(dict(query)["height"])) < 50
        return
    assert answer.status_code == (200 if _expected(query) else 422), (text, answer.text)
    if answer.status_code == 200 and "width" in dict(query):
        assert answer.json()["pictures"]["table"].startswith("<svg")


@pytest.mark.parametrize("path", ["/api/games?x=1", "/api/games?", "/api/tables?since=0"])
def test_endpoints_without_a_query_refuse_one(client: TestClient, path: str) -> None:
    answer = client.get(path) if "games" in path else client.post(path, json=FARKLE)
    if path.endswith("?"):   # an empty query is no query
        assert answer.status_code == 200
        return
    assert answer.status_code == 422 and answer.json()["error"] == "bad_request"


def test_a_query_names_its_fault(client: TestClient) -> None:
    id, token = (lambda d: (d["id"], d["tokens"]["0"]))(
        client.post("/api/tables", json=FARKLE).json())
    for query, says in [("since=1&since=2", "twice"), ("colour=red", "'colour'"),
                        ("wait=3", "wait goes with after"), ("height=100", "only height"),
                        ("after=-1", "'-1'"), ("wait=inf&after=0", "'inf'"),
                        ("since=" + "9" * 100, "99999...")]:
        answer = client.get(f"/api/tables/{id}?{query}",
                            headers={"Authorization": f"Bearer {token}"})
        assert answer.status_code == 422 and says in answer.json()["message"], (query, answer.text)
        assert len(answer.json()["message"]) < 200


# ---- Host, Origin, Content-Type ---------------------------------------------------------------


@pytest.mark.parametrize(("host", "allowed"), [
    ("127.0.0.1", True), ("127.0.0.1:8000", True), ("10.1.2.3:80", True), ("[::1]", True),
    ("[::1]:8000", True), ("[fe80::1]", True), ("localhost", True), ("LocalHost:8000", True),
    ("localhost:", True), ("kiosk.lan", True), ("KIOSK.LAN:8000", True),
    ("evil.example", False), ("evil.example:8000", False), ("127.0.0.1.evil.example", False),
    ("localhost.evil.example", False), ("::1", False), ("[::1", False), ("[evil]", False),
    ("127.0.0.1:80:80", False), ("127.0.0.1:port", False), ("127.1", False), ("", False),
    ("localhost:123456", False), ("lócalhost", False), ("[::1]x", False),
])
def test_which_hosts_are_served(host: str, allowed: bool) -> None:
    assert host_allowed(host, ["kiosk.lan"]) is allowed


def test_origins_compare_without_default_ports_or_case() -> None:
    assert origin_of("HTTP://Kiosk.lan:80/") == "http://kiosk.lan"
    assert origin_of("https://kiosk.lan:443") == "https://kiosk.lan"
    assert origin_of("http://kiosk.lan:8000") == "http://kiosk.lan:8000"


def test_the_test_client_s_own_host_name_is_refused(kiosk: Kiosk) -> None:
    with TestClient(make_app(kiosk, run_referee=False)) as plain:   # Host: testserver
        answer = plain.get("/api/games")
        assert answer.status_code == 400 and answer.json()["error"] == "bad_host"
        assert "'testserver'" in answer.json()["message"]
        check_headers(answer)


def test_allowed_hosts_and_origins_are_served(kiosk: Kiosk) -> None:
    settings = RELAXED.but(allowed_hosts=("Kiosk.LAN",),
                           allowed_origins=("https://display.lan:8443",))
    app = make_app(kiosk, run_referee=False, settings=settings)
    with TestClient(app, base_url="http://kiosk.lan:8000") as client:
        assert client.get("/api/games").status_code == 200
        for origin, status in [("http://kiosk.lan:8000", 201), ("https://display.lan:8443", 201),
                               ("https://DISPLAY.lan:8443/", 201), ("http://display.lan", 403),
                               ("http://kiosk.lan", 403)]:
            answer = client.post("/api/tables", json=FARKLE, headers={"Origin": origin})
            assert answer.status_code == status, (origin, answer.text)
        answer = client.post("/api/tables", json=FARKLE, headers={
            "Origin": "https://display.lan:8443", "Sec-Fetch-Site": "cross-site"})
        assert answer.status_code == 201   # an allowed origin may be another site


@pytest.mark.parametrize(("headers", "status", "code"), [
    ({"Content-Type": "text/plain"}, 415, "unsupported_media_type"),
    ({"Content-Type": "text/plain; charset=utf-8"}, 415, "unsupported_media_type"),
    ({"Content-Type": "application/jsonx"}, 415, "unsupported_media_type"),
    ({"Content-Type": "application/json; charset=utf-8"}, 201, None),
    ({"Content-Type": "Application/JSON"}, 201, None),
    ({"Content-Type": "application/json", "Origin": "http://localhost"}, 201, None),
    ({"Content-Type": "application/json", "Origin": "http://LOCALHOST:80"}, 201, None),
    ({"Content-Type": "application/json", "Origin": "http://localhost:8000"}, 403, "bad_origin"),
    ({"Content-Type": "application/json", "Origin": "https://localhost"}, 403, "bad_origin"),
    ({"Content-Type": "application/json", "Origin": "null"}, 403, "bad_origin"),
    ({"Content-Type": "application/json", "Sec-Fetch-Site": "cross-site"}, 403, "bad_origin"),
    ({"Content-Type": "application/json", "Sec-Fetch-Site": "same-site"}, 201, None),
    ({"Content-Type": "application/json", "Sec-Fetch-Site": "none"}, 201, None),
])
def test_a_create_needs_json_from_this_origin(client: TestClient, kiosk: Kiosk,
                                              headers: dict[str, str], status: int,
                                              code: str | None) -> None:
    import json

    answer = client.post("/api/tables", content=json.dumps(FARKLE).encode(), headers=headers)
    assert answer.status_code == status, answer.text
    check_headers(answer)
    if code is not None:
        assert answer.json()["error"] == code
        assert answer.headers["connection"] == "close"
        assert kiosk.store.count() == 0


def test_a_move_from_another_origin_is_refused(client: TestClient, kiosk: Kiosk) -> None:
    made = client.post("/api/tables", json=FARKLE).json()
    answer = client.post(f"/api/tables/{made['id']}/moves", json={"move": "roll"},
                         headers={"Authorization": f"Bearer {made['tokens']['0']}",
                                  "Origin": "http://evil.example"})
    assert answer.status_code == 403 and answer.json()["error"] == "bad_origin"
    assert kiosk.table(made["id"]).version == 0


def test_reading_from_another_origin_is_not_refused(client: TestClient) -> None:
    """Reading changes nothing (and a browser shows another site nothing of
    it: the server allows no cross-origin reads)."""
    answer = client.get("/api/games", headers={"Origin": "http://evil.example",
                                               "Sec-Fetch-Site": "cross-site"})
    assert answer.status_code == 200
    assert "access-control-allow-origin" not in answer.headers


# ---- the headers, the catch-all ---------------------------------------------------------------


@pytest.mark.parametrize(("method", "path", "status"), [
    ("GET", "/", 200), ("GET", "/static/kiosk.js", 200), ("GET", "/static/i18n.js", 200),
    ("GET", "/static/kiosk.css", 200), ("GET", "/api/games", 200), ("HEAD", "/", 200),
    ("GET", "/nowhere", 404), ("DELETE", "/api/games", 405), ("GET", "/api/tables/x", 404),
    ("POST", "/api/tables", 400),
])
def test_every_answer_has_the_security_headers(client: TestClient, method: str, path: str,
                                               status: int) -> None:
    answer = client.request(method, path, headers={"Content-Type": "application/json"})
    assert answer.status_code == status
    check_headers(answer)
    assert "'unsafe-inline'" not in CSP and "frame-ancestors 'none'" in CSP


def test_an_unexpected_error_is_a_json_500_logged_once(client: TestClient, kiosk: Kiosk,
                                                       monkeypatch: pytest.MonkeyPatch,
                                                       caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> Any:
        raise RuntimeError("a bug deep inside")

    monkeypatch.setattr(kiosk, "games", broken)
    with caplog.at_level(logging.ERROR):
        answer = client.get("/api/games")
    assert answer.status_code == 500 and answer.json()["error"] == "internal"
    assert "Traceback" not in answer.text and "a bug deep inside" not in answer.text
    check_headers(answer)
    logged = [r for r in caplog.records if r.exc_info]
    assert len(logged) == 1 and "a bug deep inside" in str(logged[0].exc_info[1])  # type: ignore[index]


# ---- a flood of tables ------------------------------------------------------------------------


def test_one_client_s_flood_of_tables_leaves_another_client_alone(kiosk: Kiosk) -> None:
    settings = RELAXED.but(create_burst=3, create_per_minute=2)
    app = make_app(kiosk, run_referee=False, settings=settings)
    flooder = TestClient(app, base_url=BASE_URL, client=("192.0.2.7", 40000))
    other = TestClient(app, base_url=BASE_URL, client=("192.0.2.8", 40000))
    neighbour = TestClient(app, base_url=BASE_URL, client=("2001:db8::1:7", 40000))
    same_machine = TestClient(app, base_url=BASE_URL, client=("2001:db8::2:9", 40000))
    assert [flooder.post("/api/tables", json=FARKLE).status_code for _ in range(5)] == \
        [201, 201, 201, 429, 429]
    answer = flooder.post("/api/tables", json=FARKLE)
    assert answer.json()["error"] == "too_many_tables" and answer.headers["retry-after"] == "30"
    check_headers(answer)
    assert other.post("/api/tables", json=FARKLE).status_code == 201
    # a refused body does not count against its client
    for _ in range(5):
        assert other.post("/api/tables", json={"game": "chess"}).status_code == 422
    assert other.post("/api/tables", json=FARKLE).status_code == 201
    # an IPv6 client is its /64
    assert [neighbour.post("/api/tables", json=FARKLE).status_code for _ in range(3)] == [201] * 3
    assert same_machine.post("/api/tables", json=FARKLE).status_code == 429
    assert kiosk.store.count() == 3 + 2 + 3


def test_the_limiter_refills_and_stays_small() -> None:
    now = [0.0]
    limiter = CreateLimiter(per_minute=6, burst=2, clock=lambda: now[0], most_clients=100)
    assert [limiter.take("a") for _ in range(3)] == [0.0, 0.0, 10.0]
    now[0] += 5
    assert limiter.take("a") == pytest.approx(5.0)
    now[0] += 5
    assert limiter.take("a") == 0.0
    limiter.give_back("a")
    assert limiter.take("a") == 0.0
    for n in range(10_000):
        limiter.take(f"10.0.{n // 256}.{n % 256}")
    assert len(limiter) <= 100
    assert CreateLimiter(per_minute=0, burst=1).take("a") == 0.0   # no limit
    unlimited = CreateLimiter(per_minute=0, burst=1)
    assert all(unlimited.take("a") == 0.0 for _ in range(1000)) and len(unlimited) == 0


@pytest.mark.parametrize(("address", "key"), [
    ("192.0.2.1", "192.0.2.1"), ("::ffff:192.0.2.1", "192.0.2.1"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"), ("::1", "::/64"), (None, ""),
    ("testclient", "testclient"),
])
def test_who_a_client_is(address: str | None, key: str) -> None:
    assert client_key(address) == key


# ---- the server's own limits ---------------------------------------------------------------------


def test_the_connection_cap_leaves_files_for_the_server() -> None:
    assert connection_cap(None, 1024) == 640
    assert connection_cap(100, 1024) == 100
    assert connection_cap(5000, 1024) == 640   # no more than the files allow
    assert connection_cap(None, 65536) > 55_000
    assert connection_cap(None, None) == 4096


def test_a_message_repeated_is_logged_ten_times_a_minute() -> None:
    quiet = QuietRepeats(most=10, every=60.0)
    record = logging.LogRecord("uvicorn.error", logging.WARNING, __file__, 1,
                               "Invalid HTTP request received.", None, None)
    assert sum(quiet.filter(record) for _ in range(1000)) == 10

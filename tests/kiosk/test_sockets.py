"""The kiosk's WebSocket (src/pintas/kiosk/sockets.py), on both stores: a seat
hears its table change, a seat that missed changes hears the current
revision at once, and every hostile input is refused with a code and a
reason, without holding up any other table."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pintas.kiosk import sockets
from pintas.kiosk.service import Kiosk

pytestmark = pytest.mark.stores("sqlite", "postgresql")

FARKLE = {"game": "farkle", "seats": ["human", "human"], "seed": 6}


def table(client: TestClient) -> tuple[str, str]:
    made = client.post("/api/tables", json=FARKLE).json()
    return made["id"], made["tokens"]["0"]


def path(id: str) -> str:
    return f"ws://localhost/api/tables/{id}/socket"


def play(kiosk: Kiosk, id: str, token: str) -> None:
    state = kiosk.state(id, token)
    kiosk.play(id, token, {"move": state["legal_moves"][0], "version": state["version"]})


def refusal(client: TestClient, id: str, *messages: Any, **headers: str) -> tuple[int, str]:
    """The close code and reason of a socket that sends ``messages``."""
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(path(id), headers=headers) as socket:
            for message in messages:
                if isinstance(message, bytes):
                    socket.send_bytes(message)
                else:
                    socket.send_text(message)
            socket.receive_json()
    return closed.value.code, closed.value.reason


def test_a_seat_hears_its_table_change(client: TestClient, kiosk: Kiosk) -> None:
    id, token = table(client)
    with client.websocket_connect(path(id)) as socket:
        socket.send_json({"token": token, "after": 0})
        play(kiosk, id, token)
        assert socket.receive_json() == {"revision": 1, "version": 1}
        play(kiosk, id, token)
        assert socket.receive_json() == {"revision": 2, "version": 2}


def test_a_seat_that_missed_changes_hears_the_current_revision_at_once(
        client: TestClient, kiosk: Kiosk) -> None:
    id, token = table(client)
    for _ in range(3):
        play(kiosk, id, token)
    with client.websocket_connect(path(id)) as socket:
        socket.send_json({"token": token, "after": 1})
        assert socket.receive_json() == {"revision": 3, "version": 3}   # no gap: the latest


@pytest.mark.parametrize("messages, code, word", [
    (["{not json"], sockets.BAD_REQUEST, "bad_json"),
    ([b"\x00\x01"], sockets.BAD_REQUEST, "bad_json"),
    (['{"token": "x"}'], sockets.BAD_REQUEST, "bad_request"),
    (['{"token": "nobody", "after": 0}'], sockets.BAD_TOKEN, ""),
    (['{"token": 5, "after": 0}'], sockets.BAD_TOKEN, "bad_token"),
    (['{"token": "TOKEN", "after": -1}'], sockets.BAD_REQUEST, "after"),
    (['{"token": "TOKEN", "after": true}'], sockets.BAD_REQUEST, "after"),
    (["[" * 100_000], sockets.TOO_LARGE, "too_large"),
    (['{"token": "TOKEN", "after": 0}', "more"], sockets.BAD_REQUEST, "one message"),
])
def test_hostile_messages_are_refused_with_a_reason(
        client: TestClient, messages: list[Any], code: int, word: str) -> None:
    id, token = table(client)
    sent = [m.replace("TOKEN", token) if isinstance(m, str) else m for m in messages]
    closed, reason = refusal(client, id, *sent)
    assert closed == code and word in reason and len(reason.encode()) <= sockets.REASON_BYTES
    assert token not in reason
    assert client.get(f"/api/tables/{id}", headers={"Authorization": f"Bearer {token}"}
                      ).status_code == 200   # the table is served as ever


def test_no_table_and_a_silent_socket_are_refused(client: TestClient,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert refusal(client, "nothing", '{"token": "t", "after": 0}')[0] == sockets.NO_TABLE
    monkeypatch.setattr(sockets, "HELLO_TIMEOUT", 0.1)
    id, _ = table(client)
    code, reason = refusal(client, id)
    assert code == sockets.BAD_REQUEST and "timeout" in reason


def test_another_sites_page_may_not_open_a_socket(client: TestClient, kiosk: Kiosk) -> None:
    id, token = table(client)
    with client.websocket_connect(path(id), headers={"origin": "http://localhost"}) as socket:
        socket.send_json({"token": token, "after": 0})   # the server's own page may
        play(kiosk, id, token)
        assert socket.receive_json()["revision"] == 1
    code, reason = refusal(client, id, f'{{"token": "{token}", "after": 0}}',
                           origin="https://evil.example")
    assert code == 1008 and "bad_origin" in reason


def test_too_many_sockets_are_refused_and_other_tables_served(
        client: TestClient, kiosk: Kiosk) -> None:
    id, token = table(client)
    other, other_token = table(client)
    with ExitStack() as open_sockets:
        for _ in range(sockets.SOCKETS_PER_TABLE):
            socket = open_sockets.enter_context(client.websocket_connect(path(id)))
            socket.send_json({"token": token, "after": 0})
        code, reason = refusal(client, id, f'{{"token": "{token}", "after": 0}}')
        assert code == sockets.BUSY and "busy" in reason
        with client.websocket_connect(path(other)) as socket:   # another table: served
            socket.send_json({"token": other_token, "after": 0})
            play(kiosk, other, other_token)
            assert socket.receive_json()["revision"] == 1


@pytest.fixture
def few_sockets(kiosk: Kiosk, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    from pintas.kiosk.app import make_app
    from tests.kiosk.conftest import BASE_URL

    monkeypatch.setattr(sockets, "MOST_SOCKETS", 3)
    with TestClient(make_app(kiosk, run_referee=False), base_url=BASE_URL) as c:
        yield c


def test_a_server_with_all_its_sockets_refuses_one_more(few_sockets: TestClient) -> None:
    client = few_sockets
    tables = [table(client) for _ in range(4)]
    with ExitStack() as open_sockets:
        for id, token in tables[:3]:
            socket = open_sockets.enter_context(client.websocket_connect(path(id)))
            socket.send_json({"token": token, "after": 0})
        id, token = tables[3]
        assert refusal(client, id, f'{{"token": "{token}", "after": 0}}')[0] == sockets.BUSY
        long_poll = client.get(f"/api/tables/{id}", params={"after": 0, "wait": 0.01},
                               headers={"Authorization": f"Bearer {token}"})
        assert long_poll.status_code == 200   # the long poll still serves it

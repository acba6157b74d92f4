"""What online players expect of a kiosk table (docs/kiosk.md): open seats
filled by invitation, joining rate-limited per client, the server's seeds
only, rematches, each seat's connection status, and an absent person played
for as the clock does."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pintas.kiosk.app import make_app
from pintas.kiosk.service import CONNECTED_SECONDS, Kiosk
from pintas.kiosk.tables import INVITE_LENGTH
from tests.kiosk.conftest import BASE_URL, RELAXED, STORES, Clock
from tests.kiosk.test_api import SHORT, bearer, create, get, play_out, settle

pytestmark = pytest.mark.stores(*STORES)

SEATS = ["human", "greedy", "human", "human"]


def invited(client: TestClient, seats: list[str] | None = None) -> dict[str, Any]:
    answer = client.post("/api/tables", json={"game": "dominican", "seats": seats or SEATS,
                                              "invite": True})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def join(client: TestClient, id: str, code: str) -> Any:
    return client.post(f"/api/tables/{id}/join/{code}")


def seen(client: TestClient, id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{id}", headers={"Authorization": f"Bearer {token}"})
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def test_an_invitation_yields_its_seat_token_once(client: TestClient) -> None:
    made = invited(client)
    id, codes = made["id"], made["invitations"]
    assert set(made["tokens"]) == {"0"} and set(codes) == {"2", "3"}
    assert all(len(c["code"]) == INVITE_LENGTH for c in codes.values())
    assert codes["2"]["code"] != codes["3"]["code"]
    creator = made["tokens"]["0"]
    assert [s["open"] for s in seen(client, id, creator)["seats"]] == [False, False, True, True]
    answer = client.post(codes["2"]["link"])
    assert answer.status_code == 200, answer.text
    token = answer.json()["token"]
    assert answer.json()["seat"] == 2
    assert seen(client, id, token)["seat"] == 2
    assert [s["open"] for s in seen(client, id, creator)["seats"]] == [False, False, False, True]
    again = join(client, id, codes["2"]["code"])
    assert again.status_code == 410 and again.json()["error"] == "spent"
    assert token not in again.text
    assert seen(client, id, token)["seat"] == 2   # (the seat's token still works)
    other = join(client, id, codes["3"]["code"].upper())   # (read aloud: any case)
    assert other.status_code == 200 and other.json()["seat"] == 3


def test_an_unused_code_is_no_token(client: TestClient) -> None:
    made = invited(client)
    code = made["invitations"]["2"]["code"]
    answer = client.get(f"/api/tables/{made['id']}", headers={"Authorization": f"Bearer {code}"})
    assert answer.status_code == 401


def test_a_table_without_invitations_gives_every_token(client: TestClient) -> None:
    answer = client.post("/api/tables", json={"game": "dominican", "seats": SEATS,
                                              "invite": False})
    assert answer.status_code == 201
    assert set(answer.json()["tokens"]) == {"0", "2", "3"}
    assert "invitations" not in answer.json()
    bad = client.post("/api/tables", json={"game": "dominican", "seats": SEATS, "invite": 1})
    assert bad.status_code == 422


def test_spent_invitations_survive_a_restart(db: Path, clock: Clock) -> None:
    first = Kiosk(db, clock=clock, settings=RELAXED)
    with TestClient(make_app(first, run_referee=False), base_url=BASE_URL) as client:
        made = invited(client)
        id, codes = made["id"], made["invitations"]
        assert join(client, id, codes["2"]["code"]).status_code == 200
    again = Kiosk(db, clock=clock, settings=RELAXED)
    with TestClient(make_app(again, run_referee=False), base_url=BASE_URL) as client:
        assert join(client, id, codes["2"]["code"]).status_code == 410
        answer = join(client, id, codes["3"]["code"])
        assert answer.status_code == 200
        assert seen(client, id, answer.json()["token"])["seat"] == 3


@pytest.mark.parametrize("code", ["0" * INVITE_LENGTH, "x" * 65, "x" * 5000, "%00", "é" * 4])
def test_bad_codes_are_refused_and_change_nothing(client: TestClient, code: str) -> None:
    made = invited(client)
    id, creator = made["id"], made["tokens"]["0"]
    before = seen(client, id, creator)
    answer = join(client, id, code)
    assert 400 <= answer.status_code < 500, answer.text
    assert seen(client, id, creator) == before
    assert join(client, "0" * 16, made["invitations"]["2"]["code"]).status_code == 404
    assert join(client, id, made["invitations"]["2"]["code"]).status_code == 200


def test_a_code_opens_only_its_own_table(client: TestClient) -> None:
    one, two = invited(client), invited(client)
    answer = join(client, two["id"], one["invitations"]["2"]["code"])
    assert answer.status_code == 403 and answer.json()["error"] == "bad_invitation"
    assert [s["open"] for s in seen(client, two["id"], two["tokens"]["0"])["seats"]][2] is True


def test_joining_is_rate_limited_per_client(db: Path, clock: Clock) -> None:
    kiosk = Kiosk(db, clock=clock, settings=RELAXED)
    settings = RELAXED.but(create_per_minute=1, create_burst=3)
    with TestClient(make_app(kiosk, run_referee=False, settings=settings),
                    base_url=BASE_URL) as client:
        made = invited(client)
        answers = [join(client, made["id"], "0" * INVITE_LENGTH) for _ in range(4)]
        assert [a.status_code for a in answers] == [403, 403, 403, 429]
        assert answers[-1].json()["error"] == "too_many_joins"
        assert int(answers[-1].headers["Retry-After"]) > 0
        right = join(client, made["id"], made["invitations"]["2"]["code"])
        assert right.status_code == 429   # (not used: the code is still good)
    kiosk.close()


def test_an_online_table_refuses_a_client_seed_even_where_seeds_are_allowed(
        client: TestClient) -> None:
    assert RELAXED.allow_seeds
    answer = client.post("/api/tables", json={"game": "dominican", "seats": SEATS,
                                              "invite": True, "seed": 7})
    assert answer.status_code == 422 and answer.json()["error"] == "bad_request"
    message = answer.json()["message"]
    assert "seed 7" in message and "invitation" in message and "--allow-seeds" not in message


def test_a_rematch_keeps_the_seats_and_tokens_with_a_fresh_server_seed(
        client: TestClient, kiosk: Kiosk) -> None:
    id, tokens = create(client, "farkle", ["human", "random", "human"], options=SHORT["farkle"])
    assert client.post(f"/api/tables/{id}/rematch",
                       headers=bearer(tokens["0"])).json()["error"] == "not_over"
    assert client.delete(f"/api/tables/{id}", headers=bearer(tokens["2"])).status_code == 200
    play_out(client, kiosk, id, tokens)
    first = client.post(f"/api/tables/{id}/rematch", headers=bearer(tokens["0"]))
    assert first.status_code == 200, first.text
    new = first.json()["id"]
    assert new != id and get(client, id, tokens["0"])["rematch"] == new
    assert client.post(f"/api/tables/{id}/rematch", headers=bearer(tokens["0"])).json()["id"] \
        == new   # (asked again, or by another seat: the same table)
    state = get(client, new, tokens["0"])
    assert state["version"] == 0 and not state["is_over"] and not state["chosen_seed"]
    assert [s["left"] for s in state["seats"]] == [False, False, True]
    assert client.get(f"/api/tables/{new}", headers=bearer(tokens["2"])).status_code == 401
    assert kiosk.table(id).spec.seed == 7 and kiosk.table(new).spec.seed is None
    assert kiosk.table(new).player_seed != kiosk.table(id).player_seed
    assert client.post(f"/api/tables/{id}/rematch").status_code == 401
    assert client.post(f"/api/tables/{id}/rematch",
                       headers=bearer(state["id"])).status_code == 401


def connections(client: TestClient, id: str, token: str) -> list[str | None]:
    answer: list[str | None] = seen(client, id, token)["connections"]
    return answer


def test_each_seat_sees_who_is_connected(client: TestClient, kiosk: Kiosk,
                                         clock: Clock) -> None:
    id, tokens = create(client, "dominican", SEATS)
    assert connections(client, id, tokens["0"]) == ["connected", None, "away", "away"]
    seen(client, id, tokens["2"])
    clock.advance(CONNECTED_SECONDS - 1)
    assert connections(client, id, tokens["0"]) == ["connected", None, "connected", "away"]
    clock.advance(2)
    assert connections(client, id, tokens["0"]) == ["connected", None, "away", "away"]
    with kiosk.waiting(id, 3):   # (a socket or a long poll open: however long it lasts)
        clock.advance(10 * CONNECTED_SECONDS)
        assert connections(client, id, tokens["0"]) == ["connected", None, "away", "connected"]
    clock.advance(CONNECTED_SECONDS + 1)
    assert connections(client, id, tokens["0"]) == ["connected", None, "away", "away"]


def test_a_long_poll_keeps_its_seat_connected(client: TestClient, clock: Clock) -> None:
    id, tokens = create(client, "dominican", SEATS)
    revision = seen(client, id, tokens["2"])["revision"]
    poll = threading.Thread(target=lambda: client.get(
        f"/api/tables/{id}", params={"after": revision, "wait": 2}, headers=bearer(tokens["2"])))
    poll.start()
    try:
        time.sleep(0.5)
        clock.advance(10 * CONNECTED_SECONDS)
        assert connections(client, id, tokens["0"])[2] == "connected"
    finally:
        poll.join()
    clock.advance(CONNECTED_SECONDS + 1)
    assert connections(client, id, tokens["0"])[2] == "away"


def test_an_absent_person_is_played_for_as_the_clock_does(db: Path, clock: Clock) -> None:
    kiosk = Kiosk(db, clock=clock, settings=RELAXED.but(absent_seconds=60.0))
    with TestClient(make_app(kiosk, run_referee=False), base_url=BASE_URL) as client:
        id, tokens = create(client, "dominican", SEATS)
        settle(kiosk, id)
        mover = kiosk.table(id).game.to_move
        assert mover is not None
        other = next(s for s in tokens if s != str(mover))
        version = kiosk.table(id).version
        clock.advance(59)
        seen(client, id, tokens[other])
        kiosk.step()
        assert kiosk.table(id).version == version   # (not absent yet)
        seen(client, id, tokens[str(mover)])   # a request: in contact again
        clock.advance(59)
        kiosk.step()
        assert kiosk.table(id).version == version
        with kiosk.waiting(id, mover):   # waiting on a long poll or a socket: present
            clock.advance(120)
            kiosk.step()
            assert kiosk.table(id).version == version
        clock.advance(61)
        seen(client, id, tokens[other])
        kiosk.step()
        table = kiosk.table(id)
        assert table.version > version
        assert table.timed_out[0] == {"seat": mover, "version": version}
    kiosk.close()

"""Spectators of a kiosk table (docs/kiosk.md, "Spectators"): a table made
with spectators allowed gives its creator a code; ``GET
/api/tables/{id}/watch`` with it answers the public view of the game as it was
``delay`` moves ago, replayed by the library, with no hand and no seat; the
code is kept hashed and survives a restart; it is no seat's token and a seat's
token is not it. Hidden information: two tables whose games differ only in
hidden tiles answer their spectators byte for byte alike."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from pintas import domino
from pintas.kiosk.app import make_app
from pintas.kiosk.service import Kiosk
from pintas.kiosk.tables import MOST_DELAY, SPECTATE_LENGTH, Table, TableSpec, _view_data
from pintas.tiles import TILES
from tests.kiosk.conftest import BASE_URL, RELAXED, STORES, Clock
from tests.kiosk.test_api import bearer, get, move, play_out, settle

pytestmark = pytest.mark.stores(*STORES)


def made(client: TestClient, spectators: object, game: str = "dominican",
         seats: list[str] | None = None) -> dict[str, Any]:
    answer = client.post("/api/tables", json={
        "game": game, "seats": seats or ["human", "greedy", "greedy", "greedy"],
        "spectators": spectators})
    assert answer.status_code == 201, answer.text
    data: dict[str, Any] = answer.json()
    return data


def watch(client: TestClient, id: str, code: str, **query: Any) -> Any:
    return client.get(f"/api/tables/{id}/watch", params=query, headers=bearer(code))


def watched(client: TestClient, id: str, code: str, **query: Any) -> dict[str, Any]:
    answer = watch(client, id, code, **query)
    assert answer.status_code == 200, answer.text
    data: dict[str, Any] = answer.json()
    return data


def shown(game: Any) -> dict[str, Any]:
    """What a spectator of ``game`` (as it stands) is shown of it: its public
    view, as plain JSON, and its public log."""
    view = game.public_view()
    data: dict[str, Any] = json.loads(json.dumps({
        "view": _view_data(view), "log": [{**e.to_dict(), "text": str(e)} for e in view.log]}))
    return data


def test_a_spectator_sees_the_public_view_and_no_hand(client: TestClient, kiosk: Kiosk) -> None:
    data = made(client, True)
    id, code, token = data["id"], data["spectators"]["code"], data["tokens"]["0"]
    assert len(code) == SPECTATE_LENGTH and data["spectators"]["delay"] == 0
    assert data["spectators"]["path"] == f"/api/tables/{id}/watch"
    play_out(client, kiosk, id, data["tokens"], limit=6)
    seen = watched(client, id, code)
    assert seen["spectator"] is True and seen["view"]["seat"] is None
    assert seen["view"]["hand"] == [] and "hand" not in json.dumps(seen["log"]).replace(
        '"hand"', "")
    assert "id" not in seen and "tokens" not in seen and "legal_moves" not in seen
    game = kiosk.table(id).game
    assert {"view": seen["view"], "log": seen["log"]} == shown(game)
    assert seen["version"] == len(game.history) and seen["log_length"] == len(game.events)
    assert watched(client, id, code, since=3)["log"] == seen["log"][3:]
    # the seat's own view holds its hand; the spectator's does not
    assert get(client, id, token)["view"]["hand"] and seen["view"]["hand"] == []


@pytest.mark.parametrize("delay", [1, 3])
def test_a_spectator_is_shown_the_game_delay_moves_ago(client: TestClient, kiosk: Kiosk,
                                                       delay: int) -> None:
    data = made(client, {"delay": delay})
    id, code = data["id"], data["spectators"]["code"]
    compared = 0
    for limit in range(1, 12):
        play_out(client, kiosk, id, data["tokens"], seed=limit, limit=1)
        game = kiosk.table(id).game
        if game.is_over:
            break
        seen = watched(client, id, code)
        moves = max(0, len(game.history) - delay)
        assert seen["version"] == moves and seen["delay"] == delay
        # the library's game replayed to that move, independently of the table
        assert {"view": seen["view"], "log": seen["log"]} == shown(game.replay(moves))
        compared += 1
    assert compared > 5


def test_once_the_game_is_over_spectators_see_all_of_it(client: TestClient,
                                                        kiosk: Kiosk) -> None:
    data = made(client, {"delay": MOST_DELAY}, game="farkle", seats=["human", "random"])
    id, code = data["id"], data["spectators"]["code"]
    play_out(client, kiosk, id, data["tokens"])
    game = kiosk.table(id).game
    assert game.is_over
    seen = watched(client, id, code)
    assert seen["is_over"] and seen["version"] == len(game.history)
    assert {"view": seen["view"], "log": seen["log"]} == shown(game)


def test_the_code_survives_a_restart_and_is_kept_hashed(db: Any, clock: Clock) -> None:
    first = Kiosk(db, clock=clock, settings=RELAXED)
    with TestClient(make_app(first, run_referee=False), base_url=BASE_URL) as client:
        data = made(client, {"delay": 2})
        id, code = data["id"], data["spectators"]["code"]
        play_out(client, first, id, data["tokens"], limit=4)
        before = watched(client, id, code)
        kept = first.table(id).extra()["spectate"]
    first.close()
    assert kept["delay"] == 2 and code not in json.dumps(kept)
    again = Kiosk(db, clock=clock, settings=RELAXED)
    with TestClient(make_app(again, run_referee=False), base_url=BASE_URL) as client:
        assert watched(client, id, code) == before
        assert watch(client, id, ("y" if code[0] == "x" else "x") + code[1:]).status_code == 401
    again.close()


def test_a_rematch_keeps_its_spectators(client: TestClient, kiosk: Kiosk) -> None:
    data = made(client, True, game="farkle", seats=["human", "random"])
    id, code = data["id"], data["spectators"]["code"]
    play_out(client, kiosk, id, data["tokens"])
    answer = client.post(f"/api/tables/{id}/rematch", headers=bearer(data["tokens"]["0"]))
    assert answer.status_code == 200, answer.text
    assert watched(client, answer.json()["id"], code)["version"] == 0


def test_spectators_only_with_their_code_and_never_as_a_seat(client: TestClient,
                                                             kiosk: Kiosk) -> None:
    data = made(client, True)
    id, code, token = data["id"], data["spectators"]["code"], data["tokens"]["0"]
    plain = made(client, None)
    settle(kiosk, id)
    version = kiosk.table(id).version
    refused = {
        "no code": watch(client, id, "").status_code,
        "a seat's token": watch(client, id, token).status_code,
        "another table's code": watch(client, plain["id"], code).status_code,
        "code as a seat's token": client.get(f"/api/tables/{id}",
                                             headers=bearer(code)).status_code,
        "a spectator's move": move(client, id, code, "6|6").status_code,
        "a spectator goes on": client.post(f"/api/tables/{id}/continue", json={"round": 1},
                                           headers=bearer(code)).status_code,
        "a spectator leaves": client.delete(f"/api/tables/{id}",
                                            headers=bearer(code)).status_code,
        "a spectator's rematch": client.post(f"/api/tables/{id}/rematch",
                                             headers=bearer(code)).status_code,
        "pictures": watch(client, id, code, width=300, height=300).status_code,
        "no such table": watch(client, "0" * 16, code).status_code,
    }
    assert refused == {**dict.fromkeys(refused, 401), "another table's code": 403,
                       "pictures": 422, "no such table": 404}, refused
    assert client.get(f"/api/tables/{id}/watch").status_code == 401
    assert kiosk.table(id).version == version and kiosk.table(id).left == set()


@pytest.mark.parametrize("spectators", [{"delay": -1}, {"delay": MOST_DELAY + 1},
                                        {"delay": "2"}, {"delay": True}, {"delay": 1.5},
                                        {"wait": 1}, "yes", 3, []])
def test_bad_spectator_settings_are_refused(client: TestClient, spectators: object) -> None:
    answer = client.post("/api/tables", json={"game": "farkle", "seats": ["human", "random"],
                                              "spectators": spectators})
    assert answer.status_code == 422 and answer.json()["error"] == "bad_request", answer.text


def test_the_long_poll_of_a_spectator(client: TestClient, kiosk: Kiosk) -> None:
    data = made(client, True)
    id, code = data["id"], data["spectators"]["code"]
    revision = watched(client, id, code)["revision"]
    # nothing changed: the poll waits out its time and answers the same
    assert watched(client, id, code, after=revision, wait=0.2)["revision"] == revision
    play_out(client, kiosk, id, data["tokens"], limit=1)
    assert watched(client, id, code, after=revision, wait=5)["revision"] > revision
    assert watch(client, id, data["tokens"]["0"], after=0, wait=5).status_code == 401


def test_the_socket_of_a_spectator(client: TestClient, kiosk: Kiosk) -> None:
    data = made(client, {"delay": 1}, game="farkle", seats=["human", "human"])
    id, code, tokens = data["id"], data["spectators"]["code"], data["tokens"]
    url = f"ws://localhost/api/tables/{id}/watch/socket"
    with client.websocket_connect(url) as socket:
        socket.send_json({"token": code, "after": 0})
        play_out(client, kiosk, id, tokens, limit=1)
        heard = socket.receive_json()
        assert heard == {"revision": kiosk.table(id).revision}   # (no version: it is delayed)
        assert watched(client, id, code)["revision"] == heard["revision"]
    for token in (tokens["0"], "x" * SPECTATE_LENGTH):   # a seat's token, a wrong code
        with pytest.raises(WebSocketDisconnect) as closed:
            with client.websocket_connect(url) as socket:
                socket.send_json({"token": token, "after": 0})
                socket.receive_json()
        assert "bad_token" in closed.value.reason
    # the spectator's code opens no seat's socket
    with pytest.raises(WebSocketDisconnect) as closed:
        with client.websocket_connect(f"ws://localhost/api/tables/{id}/socket") as socket:
            socket.send_json({"token": code, "after": 0})
            socket.receive_json()
    assert "bad_token" in closed.value.reason


# ---- hidden information --------------------------------------------------------------


def dealt_table(kiosk: Kiosk, deal: domino.Deal, delay: int) -> tuple[str, str, dict[str, str]]:
    """A Muggins table of two people dealt ``deal`` (seed 1 for the rest),
    kept as the kiosk keeps a new table: its id, spectator code and tokens."""
    spec = TableSpec.from_request({"game": "muggins", "options": {"players": 2},
                                   "seats": ["human", "human"]})
    now = kiosk.clock()
    table, tokens = Table.create(spec, now)
    table.game = domino.Game(domino.Rules.muggins(players=2), seed=1, deal=deal)
    code = table.allow_spectators(delay)
    kiosk._insert(table, now, "test")
    return table.id, code, {str(s): t for s, t in tokens.items()}


def twin_tables(kiosk: Kiosk, rng: random.Random, delay: int) -> list[tuple[str, str,
                                                                              dict[str, str]]]:
    """Two tables dealt alike but for hidden tiles: one tile of each hand
    swapped, and one of seat 1's with the boneyard's (a deal where that
    changes who leads is drawn again)."""
    rules = domino.Rules.muggins(players=2)
    while True:
        tiles = list(TILES)
        rng.shuffle(tiles)
        hands, pile = [tiles[:7], tiles[7:14]], tiles[14:]
        i, j = (next(k for k, t in enumerate(h) if not t.is_double) for h in hands)
        other = [list(h) for h in hands]
        other[0][i], other[1][j] = hands[1][j], hands[0][i]
        other_pile = list(pile)
        other[1][0], other_pile[0] = other_pile[0], other[1][0]
        deals = [domino.Deal(hands, pile), domino.Deal(other, other_pile)]
        first, second = (domino.Game(rules, seed=1, deal=d).public_view() for d in deals)
        if first == second:
            return [dealt_table(kiosk, deal, delay) for deal in deals]


@pytest.mark.parametrize("delay", [0, 2])
def test_tables_differing_in_hidden_tiles_answer_spectators_alike(
        client: TestClient, kiosk: Kiosk, delay: int) -> None:
    rng = random.Random(delay)
    compared = 0
    for _ in range(4):
        a, b = twin_tables(kiosk, rng, delay)
        ga: Any = kiosk.table(a[0]).game
        gb: Any = kiosk.table(b[0]).game
        assert ga.hand(0) != gb.hand(0) and ga.hand(1) != gb.hand(1)
        while True:
            answers = [watch(client, id, code) for id, code, _ in (a, b)]
            assert answers[0].status_code == 200, answers[0].text
            assert answers[0].content == answers[1].content
            compared += 1
            both = [m for m in ga.legal_moves() if gb.is_legal(m)]
            if ga.is_over or not both:
                break  # one can play where the other cannot: the records would part
            step = rng.choice(both)
            seat = str(ga.to_move)
            for id, _, tokens in (a, b):
                assert move(client, id, tokens[seat], str(step)).status_code == 200
            if [e.hidden() for e in ga.events] != [e.hidden() for e in gb.events]:
                break  # the round's end counts hidden pips: the public records part
    assert compared > 16

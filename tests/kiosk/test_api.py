"""The kiosk's JSON API (docs/kiosk.md), driven through its web app: creating
tables, reading a seat's view, playing, every refusal changing nothing, the
computer seats and the move clock, hidden information, and restarts."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pintas import caminos, domino, registry
from pintas.kiosk.app import MAX_BODY, make_app
from pintas.kiosk.service import Kiosk
from pintas.kiosk.store import NotKeptError
from pintas.kiosk.tables import RESTART_GRACE, KioskError, Table, TableSpec
from tests.kiosk.conftest import BASE_URL, RELAXED, STORES, Clock
from tests.kiosk.damage import raw

#: Every test of a kiosk here runs on SQLite and on PostgreSQL.
pytestmark = pytest.mark.stores(*STORES)

SEATS = {
    "dominican": ["human", "suit", "greedy", "random"],
    "muggins": ["human", "greedy", "random"],
    "capicua": ["human", "suit", "greedy", "random"],
    "caminos": ["human", "greedy", "random"],
    "caminos_no_renewal": ["human", "greedy", "random"],
    "caminos_two_paths": ["human", "greedy", "random"],
    "dice_of_doom": ["human", "search"],
    "farkle": ["human", "random"],
}
SHORT = {"dominican": {"target": 50}, "muggins": {"target": 50}, "capicua": {"target": 10},
         "dice_of_doom": {"target": 3000}, "farkle": {"target": 1500}}


def create(client: TestClient, game: str = "dominican", seats: list[str] | None = None,
           **fields: Any) -> tuple[str, dict[str, str]]:
    body = {"game": game, "seats": seats or SEATS[game], "seed": 7, **fields}
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return data["id"], data["tokens"]


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def get(client: TestClient, id: str, token: str, **query: Any) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{id}", params=query, headers=bearer(token))
    assert answer.status_code == 200, answer.text
    result: dict[str, Any] = answer.json()
    return result


def move(client: TestClient, id: str, token: str, text: str, **extra: Any) -> Any:
    return client.post(f"/api/tables/{id}/moves", json={"move": text, **extra},
                       headers=bearer(token))


def settle(kiosk: Kiosk, id: str) -> None:
    """Let the computer seats move until a person is to move, a round's end
    waits for the people, or the game is over."""
    for _ in range(10_000):
        table = kiosk.table(id)
        if table.game.is_over or table.pause is not None \
                or table.is_human(table.game.to_move or 0):
            return
        kiosk.step()
    raise AssertionError("the computer seats did not stop")


def go_on(client: TestClient, kiosk: Kiosk, id: str, tokens: dict[str, str]) -> int:
    """Every person goes on from the round's end the table waits on; the round."""
    pause = kiosk.table(id).pause
    assert pause is not None
    for seat in sorted(pause.waiting):
        answer = client.post(f"/api/tables/{id}/continue", json={"round": pause.round},
                             headers=bearer(tokens[str(seat)]))
        assert answer.status_code == 200, answer.text
    assert kiosk.table(id).pause is None
    return pause.round


def play_out(client: TestClient, kiosk: Kiosk, id: str, tokens: dict[str, str],
             seed: int = 1, limit: int | None = None) -> int:
    """Play the humans' moves (chosen at random) until the game ends; moves played."""
    rng = random.Random(seed)
    played = 0
    while limit is None or played < limit:
        settle(kiosk, id)
        table = kiosk.table(id)
        if table.game.is_over:
            break
        if table.pause is not None:
            go_on(client, kiosk, id, tokens)
            continue
        seat = str(table.game.to_move)
        state = get(client, id, tokens[seat])
        answer = move(client, id, tokens[seat], rng.choice(state["legal_moves"]))
        assert answer.status_code == 200, answer.text
        played += 1
    return played


def saved(kiosk: Kiosk, id: str) -> bytes:
    return kiosk.table(id).game.to_bytes()


# ---- creating tables ------------------------------------------------------------------


def test_a_table_has_an_id_and_one_secret_token_per_human_seat(client: TestClient) -> None:
    id, tokens = create(client, "capicua", ["human", "suit", "human", "random"])
    assert sorted(tokens) == ["0", "2"]
    assert len(set(tokens.values())) == 2 and all(len(t) >= 32 for t in tokens.values())
    assert get(client, id, tokens["2"])["seat"] == 2


def test_the_menu_lists_every_preset_with_its_seats(client: TestClient) -> None:
    menu = client.get("/api/games").json()
    assert [g["name"] for g in menu["games"]] == [p.name for p in registry.presets()]
    seats = {g["name"]: g["seats"] for g in menu["games"]}
    assert seats["dominican"] == {"min": 4, "max": 4, "default": 4}
    assert seats["muggins"]["min"] == 2 and seats["muggins"]["max"] == 4
    assert seats["farkle"] == {"min": 1, "max": 8, "default": 2}
    assert menu["timers"] == [15, 30, 60]


@pytest.mark.parametrize(("body", "status", "code", "quoted"), [
    ([1, 2], 400, "bad_json", "[1, 2]"),
    ({"game": "dominican", "seats": ["human"] * 4, "colour": "red"}, 422, "bad_request",
     "'colour'"),
    ({"game": 7, "seats": ["human"]}, 422, "bad_request", "7"),
    ({"game": "dominoes", "seats": ["human"] * 4}, 422, "bad_rules", "'dominoes'"),
    ({"game": "dominican", "seats": ["human"] * 3}, 422, "bad_rules", "3"),
    ({"game": "dominican", "options": {"target": -5}, "seats": ["human"] * 4}, 422,
     "bad_rules", "-5"),
    ({"game": "dominican", "options": {"colour": 1}, "seats": ["human"] * 4}, 422,
     "bad_rules", "colour"),
    ({"game": "dominican", "options": [1], "seats": ["human"] * 4}, 422, "bad_request", "[1]"),
    ({"game": "muggins", "seats": ["human", "wizard", "suit"]}, 422, "bad_rules", "wizard"),
    ({"game": "farkle", "seats": ["human", "greedy:5"]}, 422, "bad_rules", "greedy:5"),
    ({"game": "muggins", "seats": ["suit", "suit", "suit"]}, 422, "bad_rules", "'suit'"),
    ({"game": "muggins", "seats": "human"}, 422, "bad_request", "'human'"),
    ({"game": "muggins", "seats": ["human"] * 3, "seed": -1}, 422, "bad_request", "-1"),
    ({"game": "muggins", "seats": ["human"] * 3, "seed": 2**64}, 422, "bad_request",
     str(2**64)),
    ({"game": "muggins", "seats": ["human"] * 3, "seed": "7"}, 422, "bad_request", "'7'"),
    ({"game": "muggins", "seats": ["human"] * 3, "timer": 20}, 422, "bad_request", "20"),
    ({"game": "muggins", "seats": ["human"] * 3, "timer": True}, 422, "bad_request", "True"),
])
def test_a_bad_table_is_refused_and_nothing_is_kept(client: TestClient, kiosk: Kiosk,
                                                    body: Any, status: int, code: str,
                                                    quoted: str) -> None:
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"] == code
    assert quoted in answer.json()["message"]
    assert kiosk.store.count() == 0


def test_malformed_and_huge_bodies_are_refused(client: TestClient, kiosk: Kiosk) -> None:
    json_body = {"Content-Type": "application/json"}
    answer = client.post("/api/tables", content=b'{"game": "dominican", ', headers=json_body)
    assert answer.status_code == 400 and answer.json()["error"] == "bad_json"
    assert "dominican" in answer.json()["message"]
    answer = client.post("/api/tables", content=b"[" * 100_000, headers=json_body)
    assert answer.status_code == 413 and answer.json()["error"] == "too_large"
    answer = client.post("/api/tables", content=b"[" * (MAX_BODY - 10) + b"]" * 10,
                         headers=json_body)
    assert answer.status_code == 400 and answer.json()["error"] == "bad_json"
    assert kiosk.store.count() == 0


# ---- reading a table ---------------------------------------------------------------------


@pytest.mark.parametrize("game", list(SEATS))
def test_a_seat_reads_its_view_with_the_legal_moves(client: TestClient, kiosk: Kiosk,
                                                    game: str) -> None:
    id, tokens = create(client, game)
    settle(kiosk, id)
    state = get(client, id, tokens["0"])
    table = kiosk.table(id)
    view = table.game.view(0)
    assert state["seat"] == 0 and state["version"] == len(table.game.history)
    assert state["to_move"] == table.game.to_move == 0
    assert state["your_turn"] is True and state["is_over"] is False
    assert state["legal_moves"] == [str(m) for m in view.legal_moves()]
    assert [m["move"] for m in state["moves"]] == state["legal_moves"]
    assert state["scores"] == list(table.game.scores)
    expected = view.to_dict()
    del expected["log"]
    assert state["view"] == json.loads(json.dumps(expected))
    assert [e["text"] for e in state["log"]] == [str(e) for e in view.log]
    assert state["log_length"] == len(view.log)
    tail = get(client, id, tokens["0"], since=2)["log"]
    assert tail == state["log"][2:]


def test_pictures_of_the_table_and_the_tiles(client: TestClient) -> None:
    id, tokens = create(client, "muggins")
    state = get(client, id, tokens["0"], width=640, height=400)
    assert state["pictures"]["table"].startswith("<svg")
    hand = state["view"]["hand"]
    assert sorted(state["pictures"]["tiles"]) == sorted(hand)
    assert all(p.startswith("<svg") for p in state["pictures"]["tiles"].values())
    answer = client.get(f"/api/tables/{id}", params={"width": "wide", "height": 3},
                        headers=bearer(tokens["0"]))
    assert answer.status_code == 422 and "'wide'" in answer.json()["message"]
    assert "pictures" not in get(client, id, tokens["0"])


def test_a_long_poll_answers_when_the_table_moves_on(client: TestClient, kiosk: Kiosk) -> None:
    id, tokens = create(client, "farkle")
    state = get(client, id, tokens["0"], after=0, wait=0.05)   # nothing moved: after the wait
    assert state["version"] == 0
    assert move(client, id, tokens["0"], "roll").status_code == 200
    assert get(client, id, tokens["0"], after=0, wait=20)["version"] == 1   # at once


# ---- moves ------------------------------------------------------------------------------


def test_a_move_grows_the_version_by_one_and_returns_the_seats_events(
        client: TestClient, kiosk: Kiosk) -> None:
    id, tokens = create(client, "muggins")
    settle(kiosk, id)
    before = get(client, id, tokens["0"])
    answer = move(client, id, tokens["0"], before["legal_moves"][0])
    assert answer.status_code == 200, answer.text
    after = get(client, id, tokens["0"], since=before["log_length"])
    assert answer.json()["version"] == before["version"] + 1
    assert answer.json()["events"] == after["log"][:len(answer.json()["events"])]
    assert answer.json()["events"][0]["kind"] == "play"


@pytest.mark.parametrize("game", list(SEATS))
def test_whole_games_through_the_api(client: TestClient, kiosk: Kiosk, game: str) -> None:
    id, tokens = create(client, game, options=SHORT.get(game, {}))
    assert play_out(client, kiosk, id, tokens) > 0
    state = get(client, id, tokens["0"])
    assert state["is_over"] and state["winners"] and state["legal_moves"] == []
    assert state["log"][-1]["kind"] == "game_end"
    answer = move(client, id, tokens["0"], "pass")
    assert answer.status_code == 409 and answer.json()["error"] == "game_over"


def refusals(client: TestClient, kiosk: Kiosk) -> list[tuple[Any, int, str, str]]:
    """(request, status, code, quoted) for each way a move is refused."""
    id, tokens = create(client, "capicua", ["human", "human", "suit", "suit"])
    settle(kiosk, id)
    game: Any = kiosk.table(id).game
    me = str(game.to_move)
    other = "1" if me == "0" else "0"
    legal = [str(m) for m in game.legal_moves()]
    unplayable = next((str(t) for t in game.hand(int(me))
                       if not any(m.startswith(str(t)) for m in legal)), None)
    path = f"/api/tables/{id}/moves"
    cases: list[tuple[Any, int, str, str]] = [
        ((path, {"move": "7|7L"}, bearer(tokens[me])), 422, "bad_notation", "7|7L"),
        ((path, {"move": legal[0]}, bearer(tokens[other])), 409, "not_your_turn", legal[0]),
        ((path, {"move": legal[0]}, {}), 401, "missing_token", "Bearer"),
        ((path, {"move": legal[0]}, bearer("guess")), 401, "bad_token", "'guess'"),
        ((path, {"move": legal[0]}, {"Authorization": "Basic abc"}), 401, "missing_token",
         "'Basic abc'"),
        ((path, {"move": legal[0], "version": 99}, bearer(tokens[me])), 409, "stale_version",
         "99"),
        ((path, {"move": 5}, bearer(tokens[me])), 422, "bad_request", "5"),
        ((path, {"move": legal[0], "x": 1}, bearer(tokens[me])), 422, "bad_request", "'x'"),
        ((path, {"move": "x" * 100}, bearer(tokens[me])), 422, "bad_notation", "xxxx"),
        ((path, [legal[0]], bearer(tokens[me])), 400, "bad_json", legal[0]),
        ((path, b"{move", bearer(tokens[me])), 400, "bad_json", "{move"),
        (("/api/tables/nope/moves", {"move": legal[0]}, bearer(tokens[me])), 404, "no_table",
         "'nope'"),
    ]
    if unplayable is not None:
        cases.append(((path, {"move": unplayable + "L"}, bearer(tokens[me])), 422,
                      "illegal_move", unplayable))
    return cases


def test_every_refused_move_changes_nothing(client: TestClient, kiosk: Kiosk) -> None:
    cases = refusals(client, kiosk)
    id = next(iter(kiosk._tables))
    before, version = saved(kiosk, id), kiosk.table(id).version
    rows = kiosk.store.count()
    for (path, body, headers), status, code, quoted in cases:
        if isinstance(body, bytes):
            answer = client.post(path, content=body,
                                 headers={**headers, "Content-Type": "application/json"})
        else:
            answer = client.post(path, json=body, headers=headers)
        assert answer.status_code == status, (body, answer.text)
        assert answer.json()["error"] == code, (body, answer.text)
        assert quoted in answer.json()["message"], (quoted, answer.text)
        assert saved(kiosk, id) == before and kiosk.table(id).version == version
    assert kiosk.store.count() == rows
    reloaded = Kiosk(kiosk.store.path, pace=0, settings=RELAXED)
    assert reloaded.table(id).game.to_bytes() == before   # nor on disk
    reloaded.close()


def test_a_seat_cannot_choose_its_own_dice(client: TestClient, kiosk: Kiosk) -> None:
    """The game takes a roll with its faces named (physical dice); the kiosk
    rolls them itself, so it plays only the moves it offers."""
    id, tokens = create(client, "farkle")
    before = saved(kiosk, id)
    answer = move(client, id, tokens["0"], "roll 1 1 1 1 1 1")
    assert answer.status_code == 422 and answer.json()["error"] == "illegal_move"
    assert "'roll 1 1 1 1 1 1'" in answer.json()["message"]
    assert saved(kiosk, id) == before
    assert move(client, id, tokens["0"], "roll").status_code == 200


def test_reading_needs_a_token_of_the_table(client: TestClient) -> None:
    id, tokens = create(client, "muggins")
    _, other_tokens = create(client, "muggins")
    for headers, code in [({}, "missing_token"), (bearer("x" * 32), "bad_token"),
                          (bearer(other_tokens["0"]), "bad_token")]:
        answer = client.get(f"/api/tables/{id}", headers=headers)
        assert answer.status_code == 401 and answer.json()["error"] == code
    answer = client.get("/api/tables/" + "z" * 300, headers=bearer(tokens["0"]))
    assert answer.status_code == 404 and answer.json()["error"] == "no_table"
    assert client.get("/api/nothing").json()["error"] == "not_found"


# ---- hidden information ---------------------------------------------------------------------


def _table_of(game: Any, spec: TableSpec) -> Table:
    return Table("t", spec, game, {0: "digest"})


def test_a_seat_learns_nothing_of_the_hands_it_may_not_see() -> None:
    """Two deals alike for seat 0 and different for everyone else: seat 0's
    answers are the same, word for word, pictures included."""
    tiles = [str(t) for t in domino.Game(domino.Rules.muggins(players=3), seed=5).view(0).hand]
    rest = [f"{a}|{b}" for a in range(7) for b in range(a + 1) if f"{a}|{b}" not in tiles]
    # 6|6 stays where it is (its holder leads, which every seat is told);
    # every other tile seat 0 does not hold changes place
    first = ["6|6"] if "6|6" in rest else []
    others = first + [t for t in rest if t != "6|6"]
    shuffled = first + [t for t in rest if t != "6|6"][::-1]
    deal_a = domino.Deal(hands=[tiles, others[0:7], others[7:14]], boneyard=others[14:])
    deal_b = domino.Deal(hands=[tiles, shuffled[0:7], shuffled[7:14]], boneyard=shuffled[14:])
    spec = TableSpec("muggins", {}, ("human", "suit", "suit"), None, None)
    answers = []
    for deal in (deal_a, deal_b):
        game = domino.Game(domino.Rules.muggins(players=3), deal=deal)
        answers.append(_table_of(game, spec).state(0, 0.0, box=(600, 400)))
    assert answers[0] == answers[1]
    text = json.dumps(answers[0])
    hidden = set(others) - {answers[0]["view"]["forced_tile"]}
    assert not [t for t in hidden if f'"{t}' in text or f">{t}<" in text]


def test_caminos_shows_no_other_hand_nor_the_pile() -> None:
    game = caminos.Game(caminos.Rules.base(players=3), seed=11)
    view = game.view(0)
    paths = [str(p.centre) for p in view.paths]
    hand = [str(t) for t in view.hand]
    rest = [f"{a}|{b}" for a in range(7) for b in range(a + 1)
            if f"{a}|{b}" not in hand + paths]
    spec = TableSpec("caminos", {}, ("human", "suit", "suit"), None, None)
    answers = []
    for order in (rest, rest[::-1]):
        deal = caminos.Deal(paths=paths, hands=[hand, order[0:6], order[6:12]], pile=order[12:])
        answers.append(_table_of(caminos.Game(caminos.Rules.base(players=3), deal=deal),
                                 spec).state(0, 0.0, box=(600, 400)))
    assert answers[0] == answers[1]


def test_no_answer_tells_the_seed(client: TestClient, kiosk: Kiosk) -> None:
    seed = 918_273_645_546_372_819
    body = {"game": "muggins", "seats": ["human", "suit", "suit"], "seed": seed}
    created = client.post("/api/tables", json=body)
    id, tokens = created.json()["id"], created.json()["tokens"]
    texts = [created.text, client.get("/api/games").text]
    settle(kiosk, id)
    texts.append(client.get(f"/api/tables/{id}", headers=bearer(tokens["0"])).text)
    assert not [t for t in texts if str(seed) in t]


# ---- rounds ------------------------------------------------------------------------------------


def test_a_rounds_end_shows_every_hand_and_how_it_was_counted(client: TestClient,
                                                              kiosk: Kiosk) -> None:
    id, tokens = create(client, "dominican", options={"target": 150})
    play_out(client, kiosk, id, tokens, seed=3)
    rounds = get(client, id, tokens["0"])["rounds"]
    assert len(rounds) >= 2
    for record in rounds:
        assert len(record["hands"]) == 4
        end = record["events"][0]
        assert end["kind"] == "round_end"
        left = [sum(int(x) for t in hand for x in t.split("|")) for hand in record["hands"]]
        if end["reason"] == "domino":
            assert record["hands"][end["seat"]] == []
            score = next(e for e in record["events"] if e["kind"] == "score"
                         and e["reason"] == "domino")
            assert score["points"] == sum(left)   # every other hand, partner's included
    assert rounds[-1]["scores"] == get(client, id, tokens["0"])["scores"]


def test_caminos_rounds_count_a_point_lost_per_tile_left(client: TestClient,
                                                         kiosk: Kiosk) -> None:
    id, tokens = create(client, "caminos")
    play_out(client, kiosk, id, tokens, seed=5)
    rounds = get(client, id, tokens["0"])["rounds"]
    assert len(rounds) == 3
    for record in rounds:
        for event in record["events"]:
            if event["kind"] == "score":
                assert event["points"] == -len(record["hands"][event["seat"]])
        counted = {e["seat"] for e in record["events"] if e["kind"] == "score"}
        assert counted == {s for s, hand in enumerate(record["hands"]) if hand}


# ---- the computer seats and the clock ---------------------------------------------------------


def test_computer_seats_move_by_themselves(client: TestClient, kiosk: Kiosk) -> None:
    id, _ = create(client, "muggins", ["greedy", "human", "suit"])
    table = kiosk.table(id)
    assert table.game.to_move == 0 and table.version == 0
    kiosk.step()
    assert table.version >= 1 and table.game.to_move == 1


def test_the_clock_plays_for_a_person_whose_time_runs_out(client: TestClient, kiosk: Kiosk,
                                                          clock: Clock) -> None:
    id, tokens = create(client, "farkle", timer=15)
    state = get(client, id, tokens["0"])
    assert state["timer"] == {"seconds": 15, "seat": 0, "remaining": 15.0}
    clock.advance(14.9)
    kiosk.step()
    assert get(client, id, tokens["0"])["version"] == 0
    clock.advance(0.1)
    before = saved(kiosk, id)
    answer = move(client, id, tokens["0"], "roll")
    assert answer.status_code == 409 and answer.json()["error"] == "time_up"
    assert saved(kiosk, id) == before
    kiosk.step()
    state = get(client, id, tokens["0"])
    assert state["version"] == 1 and state["timed_out"] == [{"seat": 0, "version": 0}]
    assert state["timer"]["remaining"] == 15.0   # a new clock for the next move


def test_a_clock_only_runs_for_people(client: TestClient, kiosk: Kiosk, clock: Clock) -> None:
    id, tokens = create(client, "muggins", ["greedy", "human", "suit"], timer=30)
    assert get(client, id, tokens["1"])["timer"] is None   # a computer seat is to move
    kiosk.step()
    assert get(client, id, tokens["1"])["timer"]["seat"] == 1


# ---- restarts -----------------------------------------------------------------------------------


def test_a_restart_serves_every_table_as_it_was(db: Path, clock: Clock) -> None:
    first = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    states: dict[str, tuple[str, dict[str, Any]]] = {}
    with TestClient(make_app(first, run_referee=False), base_url=BASE_URL) as client:
        for n, game in enumerate(SEATS):
            id, tokens = create(client, game, options=SHORT.get(game, {}))
            play_out(client, first, id, tokens, seed=n, limit=5)
            states[id] = (tokens["0"], {})
        for id, (token, _) in states.items():   # each as the last step left it
            states[id] = (token, get(client, id, token))
    second = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    with TestClient(make_app(second, run_referee=False), base_url=BASE_URL) as client:
        for id, (token, state) in states.items():
            assert get(client, id, token) == state


def test_a_token_of_a_seat_left_stays_refused_after_a_restart(db: Path, clock: Clock) -> None:
    first = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    with TestClient(make_app(first, run_referee=False), base_url=BASE_URL) as client:
        id, tokens = create(client, "farkle", ["human", "human"])
        assert client.delete(f"/api/tables/{id}", headers=bearer(tokens["1"])).status_code == 200
    second = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    with TestClient(make_app(second, run_referee=False), base_url=BASE_URL) as client:
        answer = client.get(f"/api/tables/{id}", headers=bearer(tokens["1"]))
        assert answer.status_code == 401 and answer.json()["error"] == "bad_token"
        assert get(client, id, tokens["0"])["seats"][1]["left"] is True


def test_computer_seats_carry_on_after_a_restart(db: Path, clock: Clock) -> None:
    first = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    with TestClient(make_app(first, run_referee=False), base_url=BASE_URL) as client:
        id, _ = create(client, "muggins", ["greedy", "human", "suit"])
    second = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    second.step()
    assert second.table(id).version >= 1 and second.table(id).game.to_move == 1
    second.close()


def test_a_clock_that_ran_out_while_the_server_was_down_gets_a_grace(db: Path,
                                                                     clock: Clock) -> None:
    first = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    with TestClient(make_app(first, run_referee=False), base_url=BASE_URL) as client:
        id, _ = create(client, "farkle", timer=60)
        other, _ = create(client, "farkle", timer=60)
    clock.advance(30)  # down for 30 s: the first clock has 30 s left, kept as it was
    second = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    assert second.table(id).deadline == pytest.approx(clock.now + 30)
    second.close()
    clock.advance(600)  # down for 10 minutes: both ran out
    third = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    assert third.table(other).deadline == pytest.approx(clock.now + RESTART_GRACE)
    third.step()
    assert third.table(other).version == 0   # the grace runs first
    clock.advance(RESTART_GRACE)
    third.step()
    assert third.table(other).version == 1 and third.table(id).version == 1
    third.close()


def test_a_corrupt_table_is_refused_and_the_others_served(client: TestClient, kiosk: Kiosk,
                                                           db: Path) -> None:
    id, tokens = create(client, "muggins")
    good, good_tokens = create(client, "farkle")
    with raw(db) as connection:
        save = bytearray(connection.execute("SELECT save FROM tables WHERE id = ?", (id,))
                         .fetchone()[0])
        save[len(save) // 2] ^= 0x10
        connection.execute("UPDATE tables SET save = ? WHERE id = ?", (bytes(save), id))
    fresh = Kiosk(db, pace=0, settings=RELAXED)
    with TestClient(make_app(fresh, run_referee=False), base_url=BASE_URL) as other_client:
        answer = other_client.get(f"/api/tables/{id}", headers=bearer(tokens["0"]))
        assert answer.status_code == 410 and answer.json()["error"] == "corrupt_table"
        assert id in answer.json()["message"]
        assert get(other_client, good, good_tokens["0"])["version"] == 0


def test_a_damaged_table_the_referee_acts_on_stops_nothing_else(client: TestClient, db: Path,
                                                                kiosk: Kiosk) -> None:
    broken, _ = create(client, "muggins", ["greedy", "human", "suit"])  # a computer to move
    good, _ = create(client, "muggins", ["greedy", "human", "suit"])
    with raw(db) as connection:
        connection.execute("UPDATE tables SET save = ? WHERE id = ?", (b"not a save", broken))
    fresh = Kiosk(db, pace=0, clock=kiosk.clock)   # starts, though one of the tables it
    # must act on is damaged
    fresh.step()
    assert fresh.table(good).version >= 1 and fresh.table(good).game.to_move == 1
    with pytest.raises(KioskError) as refused:
        fresh.table(broken)
    assert refused.value.code == "corrupt_table"
    fresh.close()


def test_a_move_that_cannot_be_kept_is_undone(client: TestClient, kiosk: Kiosk,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    id, tokens = create(client, "farkle")
    before = saved(kiosk, id)

    def full_disk(*args: Any) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(kiosk.store, "update", full_disk)
    answer = move(client, id, tokens["0"], "roll")
    assert answer.status_code == 503 and answer.json()["error"] == "not_kept"
    monkeypatch.undo()
    assert saved(kiosk, id) == before and get(client, id, tokens["0"])["version"] == 0


# ---- the page, the command, the extra ------------------------------------------------------------


def test_the_page_and_its_assets_are_served_with_no_address_elsewhere(
        client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<html" in page.text.lower()
    static = Path(__file__).resolve().parents[2] / "src/pintas/kiosk/static"
    assets = sorted(p.name for p in static.iterdir())
    assert {"index.html", "kiosk.css", "kiosk.js", "i18n.js"} <= set(assets)
    for name in assets:
        answer = client.get(f"/static/{name}")
        assert answer.status_code == 200, name
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", answer.text), name
        assert f"/static/{name}" in page.text or name == "index.html", name


def test_import_pintas_imports_no_web_framework() -> None:
    code = ("import sys, pintas, pintas.kiosk, pintas.kiosk.service; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('starlette', 'uvicorn', 'anyio', 'httpx')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_kiosk_on_sqlite_needs_no_psycopg_and_postgresql_says_what_to_install(
        tmp_path: Path) -> None:
    code = ("import sys; sys.modules['psycopg'] = None\n"
            "from pintas.kiosk.service import Kiosk\n"
            f"Kiosk({str(tmp_path / 'k.db')!r}).close()\n"
            "try:\n"
            "    Kiosk('postgresql://kiosk:secret@192.0.2.1/tables')\n"
            "except ImportError as error:\n"
            "    print(error)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "python -m pip install 'pintas[postgresql]'" in out.stdout
    assert (tmp_path / "k.db").exists()


def test_the_kiosk_command_says_why_a_database_cannot_be_used(tmp_path: Path) -> None:
    import io

    from pintas.cli import main

    (tmp_path / "k.db").write_bytes(b"not a database, though it has a name like one")
    err = io.StringIO()
    assert main(["kiosk", "--db", str(tmp_path / "k.db"), "--port", "1"], err=err) == 2
    assert "is not an SQLite database" in err.getvalue()


@pytest.mark.parametrize(("argv", "says"), [
    (["kiosk", "--port", "0"], "--port must be 1..65535: got 0"),
    (["kiosk", "--pace", "-1"], "--pace must be 0..60 seconds: got -1"),
])
def test_the_kiosk_command_checks_its_options(argv: list[str], says: str) -> None:
    import io

    from pintas.cli import main

    err = io.StringIO()
    assert main(argv, out=io.StringIO(), err=err) == 2
    assert says in err.getvalue()



def test_the_guide_lists_every_error_the_api_answers() -> None:
    root = Path(__file__).resolve().parents[2]
    source = "".join(p.read_text() for p in (root / "src/pintas/kiosk").glob("*.py"))
    codes = set(re.findall(r'KioskError\(\s*\d+,\s*"(\w+)"', source))
    codes |= {"not_found"}  # the app's answer for an address it does not serve
    guide = (root / "docs/kiosk.md").read_text()
    listed = set(re.findall(r"^\| \d{3} \| `(\w+)` \|", guide, re.MULTILINE))
    assert codes == listed


def test_without_the_extra_the_command_says_what_to_install(tmp_path: Path) -> None:
    code = ("import sys; sys.modules['starlette'] = None; sys.modules['uvicorn'] = None\n"
            "from pintas.cli import main\n"
            f"sys.exit(main(['kiosk', '--db', {str(tmp_path / 'k.db')!r}]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2
    assert "python -m pip install 'starlette>=0.37' 'uvicorn>=0.29'" in done.stderr
    assert not (tmp_path / "k.db").exists()


def test_a_copy_whose_change_was_not_kept_is_never_shown(
        client: TestClient, kiosk: Kiosk, monkeypatch: pytest.MonkeyPatch) -> None:
    """A request that took a table before a change to it failed to be kept
    (the database went away meanwhile) answers ``not_kept``: it never shows
    nor plays on the change the database does not hold; the next request
    reads the table again."""
    id, tokens = create(client, "farkle")
    held = kiosk.table(id)   # as a request holds it while it waits for the lock
    kept = saved(kiosk, id)

    def fails(*args: object, **kwargs: object) -> None:
        raise NotKeptError("the database went away")

    with monkeypatch.context() as patched:
        patched.setattr(kiosk.store, "update", fails)
        answer = client.post(f"/api/tables/{id}/moves", json={"move": "roll"},
                             headers=bearer(tokens["0"]))
        assert answer.status_code == 503 and answer.json()["error"] == "not_kept"
    assert held.version == 1 and saved(kiosk, id) == kept   # moved on in memory only
    with pytest.raises(KioskError) as refused:
        held.state(0, kiosk.clock())
    assert refused.value.code == "not_kept"
    with monkeypatch.context() as patched:   # a move whose request took the held copy
        patched.setattr(kiosk, "table", lambda id, fresh=False: held)
        with pytest.raises(KioskError) as refused:
            kiosk.play(id, tokens["0"], {"move": "roll"})
        assert refused.value.code == "not_kept"
    assert saved(kiosk, id) == kept
    again = client.get(f"/api/tables/{id}", headers=bearer(tokens["0"]))
    assert again.status_code == 200 and again.json()["version"] == 0


def test_two_copies_of_a_table_never_overwrite_each_others_moves(
        client: TestClient, kiosk: Kiosk) -> None:
    """A table dropped from memory while a move on it is under way is read
    again from disk by the next request: a move on that older copy is refused
    when it is kept, and the move made first stays."""
    id, tokens = create(client, "farkle")
    first = kiosk.table(id)
    with kiosk._lock:
        del kiosk._tables[id]   # as if evicted while `first` was in use
    second = kiosk.table(id)
    assert second is not first
    assert kiosk.play(id, tokens["0"], {"move": "roll"})["version"] == 1  # on `second`
    kept = saved(kiosk, id)
    with first.lock, pytest.raises(KioskError) as refused:
        first.play(0, "roll", None, kiosk.clock())
        kiosk._commit(first, kiosk.clock())
    assert refused.value.code == "not_kept"
    assert saved(kiosk, id) == kept
    assert Kiosk(kiosk.store.path, pace=0).table(id).game.to_bytes() == kept

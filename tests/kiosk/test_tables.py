"""What a kiosk table does beyond moves (docs/kiosk.md): the pause at a
round's end, how each round was counted, the dice keeps' points, chosen
seeds, the fixed menu of computer players, people leaving, a table whose
computer fails, and the revision the long poll waits on."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from pintas import registry
from pintas.domino.counting import capicua_points, round5
from pintas.kiosk.app import make_app
from pintas.kiosk.service import Kiosk
from pintas.kiosk.settings import Settings
from pintas.kiosk.tables import PLAYERS
from tests.kiosk.conftest import BASE_URL, RELAXED, Clock
from tests.kiosk.test_api import bearer, create, get, go_on, move, play_out, settle


def until_a_break(client: TestClient, kiosk: Kiosk, id: str, tokens: dict[str, str],
                  seed: int = 1) -> dict[str, Any]:
    """Play the people's moves (at random) until a round's end pauses the
    table; what seat 0 is told then."""
    rng = random.Random(seed)
    for _ in range(500):
        settle(kiosk, id)
        table = kiosk.table(id)
        if table.pause is not None:
            return get(client, id, tokens[str(min(table.people))])
        assert not table.game.is_over, "the game ended without a break"
        seat = str(table.game.to_move)
        state = get(client, id, tokens[seat])
        assert move(client, id, tokens[seat], rng.choice(state["legal_moves"])).status_code == 200
    raise AssertionError("no round ended")


def go_on_as(client: TestClient, id: str, token: str, round: object) -> Any:
    return client.post(f"/api/tables/{id}/continue", json={"round": round},
                       headers=bearer(token))


# ---- the pause after a round's end -----------------------------------------------------------


def test_a_rounds_end_waits_for_every_person(client: TestClient, kiosk: Kiosk,
                                             clock: Clock) -> None:
    id, tokens = create(client, "capicua", ["human", "suit", "human", "random"])
    state = until_a_break(client, kiosk, id, tokens)
    table = kiosk.table(id)
    version, rounds = table.version, len(state["rounds"])
    assert state["break"] == {"round": rounds, "waiting": [0, 2], "seconds": None}
    for seat in ("0", "2"):
        seen = get(client, id, tokens[seat])
        assert not seen["your_turn"] and seen["legal_moves"] == [] and seen["timer"] is None
    # nobody moves meanwhile: not the computers, however long it lasts, nor a person
    clock.advance(3600)
    kiosk.step()
    assert table.version == version
    mover = table.game.to_move
    assert mover is not None
    if table.is_human(mover):
        legal = [str(m) for m in table.game.legal_moves()]
        answer = move(client, id, tokens[str(mover)], legal[0])
        assert answer.status_code == 409 and answer.json()["error"] == "round_break"
        assert "players 1 and 3" in answer.json()["message"]
    assert table.version == version
    # each person goes on; going on twice, or from an earlier round, changes nothing
    first = go_on_as(client, id, tokens["0"], rounds)
    assert first.status_code == 200 and first.json()["break"]["waiting"] == [2]
    revision = table.revision
    assert go_on_as(client, id, tokens["0"], rounds).json()["revision"] == revision
    if rounds > 1:
        assert go_on_as(client, id, tokens["2"], rounds - 1).json()["break"]["waiting"] == [2]
    last = go_on_as(client, id, tokens["2"], rounds)
    assert last.status_code == 200 and last.json() == {"revision": revision + 1, "break": None}
    assert get(client, id, tokens["0"])["break"] is None
    settle(kiosk, id)
    assert table.version > version or table.is_human(table.game.to_move or 0)


@pytest.mark.parametrize(("round", "code"), [(99, "bad_request"), (0, "bad_request"),
                                             ("1", "bad_request"), (None, "bad_request")])
def test_going_on_from_a_round_that_has_not_ended_is_refused(client: TestClient, kiosk: Kiosk,
                                                              round: object, code: str) -> None:
    id, tokens = create(client, "capicua", ["human", "suit", "human", "random"])
    until_a_break(client, kiosk, id, tokens)
    revision = kiosk.table(id).revision
    answer = go_on_as(client, id, tokens["0"], round)
    assert answer.status_code == 422 and answer.json()["error"] == code
    assert repr(round) in answer.json()["message"] or str(round) in answer.json()["message"]
    assert kiosk.table(id).revision == revision and kiosk.table(id).pause is not None
    extra = client.post(f"/api/tables/{id}/continue", json={"round": 1, "seat": 2},
                        headers=bearer(tokens["0"]))
    assert extra.status_code == 422 and "'seat'" in extra.json()["message"]


def test_with_a_clock_the_break_has_a_limit_and_the_clock_waits_for_it(
        client: TestClient, kiosk: Kiosk, clock: Clock) -> None:
    id, tokens = create(client, "dominican", ["human", "suit", "suit", "suit"], timer=15)
    state = until_a_break(client, kiosk, id, tokens)
    table = kiosk.table(id)
    assert state["break"]["seconds"] == kiosk.settings.break_seconds == 60
    assert state["timer"] is None and table.deadline is None
    timed_out = list(table.timed_out)
    clock.advance(59.9)
    kiosk.step()
    assert table.pause is not None and table.timed_out == timed_out   # the clock waited
    clock.advance(0.2)
    kiosk.step()
    assert table.pause is None
    settle(kiosk, id)
    if not table.game.is_over:  # the person's clock starts afresh once the round does
        assert get(client, id, tokens["0"])["timer"]["remaining"] == 15.0
    assert table.timed_out == timed_out


def test_going_on_starts_the_clock_of_the_next_round(client: TestClient, kiosk: Kiosk,
                                                     clock: Clock) -> None:
    id, tokens = create(client, "muggins", ["human", "greedy"], timer=15)
    until_a_break(client, kiosk, id, tokens)
    clock.advance(40)
    go_on(client, kiosk, id, tokens)
    settle(kiosk, id)
    table = kiosk.table(id)
    if table.is_human(table.game.to_move or 0):
        assert table.deadline == pytest.approx(clock.now + 15)


def test_a_break_survives_a_restart(db: Path, clock: Clock) -> None:
    first = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    with TestClient(make_app(first, run_referee=False), base_url=BASE_URL) as client:
        id, tokens = create(client, "capicua", ["human", "suit", "human", "random"])
        before = until_a_break(client, first, id, tokens)["break"]
    second = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    with TestClient(make_app(second, run_referee=False), base_url=BASE_URL) as client:
        assert get(client, id, tokens["0"])["break"] == before
        second.step()
        assert second.table(id).pause is not None


def test_a_timed_break_that_ran_out_while_the_server_was_down_gets_a_grace(
        db: Path, clock: Clock) -> None:
    first = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    with TestClient(make_app(first, run_referee=False), base_url=BASE_URL) as client:
        id, tokens = create(client, "muggins", ["human", "greedy"], timer=30)
        until_a_break(client, first, id, tokens)
    clock.advance(600)
    second = Kiosk(db, pace=0, clock=clock, settings=RELAXED)
    pause = second.table(id).pause
    assert pause is not None and pause.until == pytest.approx(clock.now + 10)


# ---- how a round was counted -------------------------------------------------------------------


def check_counting(record: dict[str, Any], rules: Any) -> set[str]:
    """Each step of a round's counting agrees with its hands and its points; the keys."""
    pips = [sum(int(x) for t in hand for x in t.split("|")) for hand in record["hands"]]
    assert record["pips"] == pips
    end = record["events"][0]
    scored = [e for e in record["events"] if e["kind"] == "score"]
    points = sum(e["points"] for e in scored)
    steps = record["counting"]
    keys = {step["key"] for step in steps}
    first = steps[0]
    winner = first.get("winner")
    others = [p for s, p in enumerate(pips) if s != winner]
    key = first["key"]
    if key == "block_tie":
        assert first["pips"] == min(pips) and pips.count(min(pips)) > 1 and points == 0
    elif key in ("muggins_out", "muggins_lowest"):
        assert (first["others"], first["total"]) == (others, sum(others))
        assert first["points"] == round5(sum(others)) == points
    elif key == "muggins_each":
        rows = steps[1:]
        assert [r["seat"] for r in rows] == list(range(len(pips)))
        for row in rows:
            own = pips[row["seat"]]
            assert (row["own"], row["others"]) == (own, sum(pips) - own)
            assert row["diff"] == sum(pips) - 2 * own
            assert row["points"] == max(0, round5(row["diff"]))
        assert sum(r["points"] for r in rows) == points
    elif key in ("capicua_out", "capicua_lowest"):
        assert (first["others"], first["total"]) == (others, sum(others))
        assert first["points"] == capicua_points(sum(others))
        assert points == first["points"] * (2 if first["doubled"] else 1)
    elif key == "dominican_out":
        bonus = sum(s["points"] for s in steps[1:] if s["key"] == "capicua_bonus")
        assert first["total"] == sum(others) and points == sum(others) + bonus
    elif key in ("dominican_lowest", "dominican_blocker"):
        assert first["every"] == pips and first["total"] == sum(pips) == points
        if key == "dominican_blocker":
            blocker, after = first["blocker"], first["next"]
            assert after == (blocker + 1) % len(pips)
            assert winner == (blocker if pips[blocker] <= pips[after] else after)
        else:
            assert pips[winner] == min(pips)
    elif key == "caminos_tiles":
        assert first["tiles"] == [len(hand) for hand in record["hands"]]
        assert points == -sum(first["tiles"])
    else:
        raise AssertionError(f"unknown counting step {key!r}")
    if end["reason"] == "domino":
        assert record["hands"][end["seat"]] == []
    return keys


#: (preset, options, seats): between them every way a round is counted.
COUNTED = [
    ("muggins", {"target": 150}, ["human", "random", "random", "random"]),
    ("muggins", {"target": 150, "block_scoring": "lowest_takes_all"},
     ["human", "random", "random"]),
    ("capicua", {"target": 20}, ["human", "random", "random", "random"]),
    ("dominican", {"target": 300}, ["human", "random", "random", "random"]),
    ("dominican", {"target": 300, "tranque": "blocker"}, ["human", "random", "random", "random"]),
    ("caminos", {}, ["human", "random", "random"]),
]


def test_every_round_says_how_it_was_counted(client: TestClient, kiosk: Kiosk) -> None:
    keys: set[str] = set()
    for game, options, seats in COUNTED:
        for seed in range(3):
            id, tokens = create(client, game, seats, options=options, seed=seed)
            play_out(client, kiosk, id, tokens, seed=seed)
            state = get(client, id, tokens["0"])
            assert state["rounds"], game
            for record in state["rounds"]:
                keys |= check_counting(record, kiosk.table(id).game.rules)
    assert keys >= {"muggins_out", "muggins_lowest", "muggins_each", "muggins_each_seat",
                    "capicua_out", "capicua_lowest", "dominican_out", "dominican_lowest",
                    "dominican_blocker", "caminos_tiles"}, keys


# ---- dice ------------------------------------------------------------------------------------


def test_each_dice_keep_says_its_points(client: TestClient, kiosk: Kiosk) -> None:
    id, tokens = create(client, "farkle", ["human", "random"])
    state = get(client, id, tokens["0"])
    assert move(client, id, tokens["0"], "roll").status_code == 200
    state = get(client, id, tokens["0"])
    keeps = [m for m in state["moves"] if m["kind"] == "keep"]
    if not keeps:
        pytest.skip("the roll scored nothing")
    view = kiosk.table(id).game.view(0)
    assert {m["move"]: m["points"] for m in keeps} == \
        {str(k.move): k.points for k in view.keeps()}
    assert all(m["points"] > 0 for m in keeps)


# ---- seeds and the computer players -------------------------------------------------------------


def test_a_seed_is_refused_unless_the_operator_allows_it(db: Path, clock: Clock) -> None:
    kiosk = Kiosk(db, pace=0, clock=clock)
    with TestClient(make_app(kiosk, run_referee=False), base_url=BASE_URL) as client:
        body = {"game": "farkle", "seats": ["human", "random"], "seed": 7}
        answer = client.post("/api/tables", json=body)
        assert answer.status_code == 422 and answer.json()["error"] == "bad_request"
        assert "seed 7" in answer.json()["message"] and "--allow-seeds" in answer.json()["message"]
        assert kiosk.store.count() == 0
        made = client.post("/api/tables", json={"game": "farkle", "seats": ["human", "random"]})
        assert made.status_code == 201 and made.json()["chosen_seed"] is False
        assert client.get("/api/games").json()["seeds"] is False


def test_a_chosen_seed_is_told_to_every_seat(client: TestClient, kiosk: Kiosk) -> None:
    id, tokens = create(client, "capicua", ["human", "suit", "human", "random"])
    assert all(get(client, id, token)["chosen_seed"] for token in tokens.values())


@pytest.mark.parametrize("word", ["search:1000001", "search:5", "optimal", "threshold:300",
                                  "wizard", "", "human:2"])
def test_only_the_menus_computer_players_sit_at_a_table(client: TestClient, kiosk: Kiosk,
                                                        word: str) -> None:
    answer = client.post("/api/tables", json={"game": "dice_of_doom", "seats": ["human", word]})
    assert answer.status_code == 422 and answer.json()["error"] == "bad_rules"
    assert repr(word) in answer.json()["message"] and "player 2" in answer.json()["message"]
    assert kiosk.store.count() == 0


def test_the_menu_offers_the_levels_and_takes_the_old_words(client: TestClient) -> None:
    menu = client.get("/api/games").json()
    assert all(game["players"] == list(registry.LEVELS) for game in menu["games"])
    assert menu["strengths"] == list(registry.LEVELS)
    assert PLAYERS == ("human", *registry.LEVELS, *registry.STRENGTHS)


@pytest.mark.parametrize(("game", "seats", "players"), [
    ("muggins", ["human", "expert", "master"], {1: "SearchPlayer 40", 2: "SearchPlayer 200"}),
    ("caminos", ["beginner", "human", "club", "master"],
     {0: "CarelessPlayer", 2: "MixedPlayer", 3: "SearchPlayer 1000"}),
    ("capicua", ["human", "beginner", "club", "expert"],
     {1: "RandomPlayer", 2: "SuitPlayer", 3: "SearchPlayer 40"}),
    ("farkle", ["master", "human"], {0: "WinPlayer"}),
    ("dominican", ["human", "casual", "suit", "search"],
     {1: "GreedyPlayer", 2: "SuitPlayer", 3: "SearchPlayer 300"}),
])
def test_a_table_with_level_seats_plays(client: TestClient, kiosk: Kiosk, game: str,
                                        seats: list[str], players: dict[int, str]) -> None:
    id, tokens = create(client, game, seats)
    table = kiosk.table(id)
    for seat, expected in players.items():
        player = table._player(seat)
        samples = getattr(player, "samples", None)
        assert " ".join([type(player).__name__, *([str(samples)] if samples else [])]) \
            == expected
    assert play_out(client, kiosk, id, tokens, limit=12) == 12


# ---- people leaving -------------------------------------------------------------------------


def test_a_person_who_leaves_is_played_by_the_computer(client: TestClient,
                                                       kiosk: Kiosk) -> None:
    id, tokens = create(client, "muggins", ["human", "human"])
    table = kiosk.table(id)
    mover = str(table.game.to_move)
    other = "1" if mover == "0" else "0"
    answer = client.delete(f"/api/tables/{id}", headers=bearer(tokens[mover]))
    assert answer.status_code == 200 and answer.json()["left"] == [int(mover)]
    again = client.get(f"/api/tables/{id}", headers=bearer(tokens[mover]))
    assert again.status_code == 401 and again.json()["error"] == "bad_token"
    assert get(client, id, tokens[other])["seats"][int(mover)]["left"] is True
    version = table.version
    kiosk.step()   # the seat is the computer's now
    assert table.version == version + 1


def test_leaving_during_a_break_no_longer_holds_it(client: TestClient, kiosk: Kiosk) -> None:
    id, tokens = create(client, "capicua", ["human", "suit", "human", "random"])
    until_a_break(client, kiosk, id, tokens)
    assert go_on_as(client, id, tokens["0"], len(kiosk.table(id).rounds)).status_code == 200
    client.delete(f"/api/tables/{id}", headers=bearer(tokens["2"]))
    assert kiosk.table(id).pause is None


# ---- a table whose computer fails -----------------------------------------------------------


def failing(table: Any, seat: int) -> None:
    """Make ``seat``'s computer player raise whenever it is asked for a move."""
    player = table._player(seat)

    def choose(view: Any) -> Any:
        raise RuntimeError("out of its mind")

    player.choose = choose


def test_a_table_whose_computer_fails_is_stopped_alone(client: TestClient, kiosk: Kiosk,
                                                       db: Path) -> None:
    broken, tokens = create(client, "muggins", ["greedy", "human", "suit"])
    good, _ = create(client, "muggins", ["greedy", "human", "suit"])
    failing(kiosk.table(broken), 0)
    kiosk.step()
    assert kiosk.table(good).version >= 1   # the other table moved on
    state = get(client, broken, tokens["1"])
    assert state["version"] == 0 and "out of its mind" in state["fault"]
    assert not state["your_turn"]
    answer = move(client, broken, tokens["1"], "pass")
    assert answer.status_code == 409 and answer.json()["error"] in ("table_stopped",
                                                                    "not_your_turn")
    assert kiosk.referee.due(broken) is None
    # kept: a restart does not try it again
    fresh = Kiosk(db, pace=0, settings=RELAXED)
    assert "out of its mind" in (fresh.table(broken).fault or "")
    assert fresh.referee.due(broken) is None and fresh.referee.due(good) is None
    fresh.close()


# ---- revision and the long poll -----------------------------------------------------------------


def test_the_revision_grows_with_every_change(client: TestClient, kiosk: Kiosk) -> None:
    id, tokens = create(client, "capicua", ["human", "suit", "human", "random"])
    revisions = [get(client, id, tokens["0"])["revision"]]
    state = until_a_break(client, kiosk, id, tokens)
    revisions.append(state["revision"])
    go_on_as(client, id, tokens["0"], state["break"]["round"])
    revisions.append(get(client, id, tokens["0"])["revision"])
    assert revisions == sorted(set(revisions)) and revisions[-1] == revisions[-2] + 1
    assert state["revision"] >= state["version"]


def test_the_long_poll_answers_when_the_revision_moves(client: TestClient,
                                                       kiosk: Kiosk) -> None:
    id, tokens = create(client, "capicua", ["human", "suit", "human", "random"])
    state = until_a_break(client, kiosk, id, tokens)
    go_on_as(client, id, tokens["2"], state["break"]["round"])   # a change, no move
    answer = get(client, id, tokens["0"], after=state["revision"], wait=5)
    assert answer["revision"] == state["revision"] + 1 and answer["version"] == state["version"]


# ---- settings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("change", [
    {"workers": 0}, {"tables_per_client": 0}, {"pace": -1.0}, {"idle_seconds": float("nan")},
    {"header_timeout": 0.0}, {"max_connections": 3}, {"create_burst": 1.5}])
def test_settings_refuse_what_cannot_work(change: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=next(iter(change))):
        Settings(**change)


"""Paired-deal tournaments: the pairing, determinism on any executor, and the statistics."""

from __future__ import annotations

import concurrent.futures
import json
import math
import pickle
import statistics

import pytest

from pintas import caminos, dice, domino, tournament
from pintas.errors import RulesError
from pintas.tournament import GameRecord, Tournament, TournamentResults


def small(game: str, specs: list[str], deals: int = 4, **options: object) -> Tournament:
    """A tournament that runs in a blink: short targets."""
    targets = {"dominican": 60, "muggins": 50, "capicua": 6, "dice_of_doom": 5000,
               "farkle": 1000}
    rules = tournament.rules_for(game, target=targets.get(game), **options)
    return Tournament(rules, specs, deals=deals, seed=11)


# ---- pairing ----------------------------------------------------------------------


@pytest.mark.parametrize(("game", "players", "options"), [
    ("dominican", ["greedy", "random"], {}),
    ("dominican", ["suit", "random"], {"mode": "three"}),
    ("muggins", ["greedy", "random"], {"players": 3}),
    ("muggins", ["search:5", "suit", "greedy", "random"], {"players": 4}),
    ("capicua", ["greedy", "random"], {"pairs": True}),
    ("capicua", ["greedy", "random", "random"], {"players": 3}),
    ("caminos", ["greedy", "random"], {"players": 3}),
    ("caminos_two_paths", ["greedy", "random"], {"players": 2}),
    ("farkle", ["optimal", "threshold:300", "random"], {}),
])
def test_every_player_sits_in_every_seat_for_every_deal(
        game: str, players: list[str], options: dict[str, object]) -> None:
    event = small(game, players, deals=3, **options)
    jobs = list(event.jobs())
    per_deal = len(event.seatings)
    assert len(jobs) == event.games == 3 * per_deal
    seats = len(event.seatings[0])
    for deal in range(3):
        games = jobs[deal * per_deal:(deal + 1) * per_deal]
        assert len({deal_seed for _, deal_seed, _ in games}) == 1  # the same deal...
        sat = {(seat, lineup[seat]) for lineup, _, _ in games for seat in range(seats)}
        assert sat == {(seat, p) for seat in range(seats) for p in set(players)}  # ...every seat
    assert len({deal_seed for _, deal_seed, _ in jobs}) == 3  # and the deals differ


def test_pairs_keep_each_team_one_player_type_and_swap_the_teams() -> None:
    event = Tournament(domino.Rules.dominican(), ["search", "suit"], deals=2)
    assert event.seatings == (("search", "suit", "search", "suit"),
                              ("suit", "search", "suit", "search"))
    with pytest.raises(RulesError, match="each team is one player type"):
        Tournament(domino.Rules.capicua(pairs=True), ["random", "greedy", "suit"])


def test_fewer_types_than_seats_go_round_the_table() -> None:
    event = Tournament(domino.Rules.muggins(players=3), ["greedy", "random"], deals=1)
    assert event.seatings == (("greedy", "random", "greedy"), ("random", "greedy", "greedy"),
                              ("greedy", "greedy", "random"), ("random", "greedy", "random"),
                              ("greedy", "random", "random"), ("random", "random", "greedy"))
    # A lineup as long as the table is only rotated.
    event = Tournament(domino.Rules.muggins(players=3), ["suit", "random", "random"])
    assert len(event.seatings) == 3


def test_every_seating_replays_the_same_deal() -> None:
    rules = domino.Rules.dominican(target=60)
    event = Tournament(rules, ["greedy", "random"], deals=1, seed=4)
    (first, seed, _), (swapped, seed2, _) = event.jobs()
    assert first != swapped and seed == seed2
    # The same hands, so the same seat holds 6|6 and opens, whoever sits there.
    one, two = domino.Game(rules, seed=seed), domino.Game(rules, seed=seed2)
    assert [one.hand(s) for s in range(4)] == [two.hand(s) for s in range(4)]


@pytest.mark.parametrize(("rules", "players", "message"), [
    (domino.Rules.muggins(players=2), ["greedy", "random", "suit"], "has 2 seats"),
    (domino.Rules.dominican(), "greedy,random", "list of specs"),
    (domino.Rules.dominican(), ["optimal"], "does not play domino"),
    (dice.Rules.farkle(), ["suit"], "does not play dice"),
    (dice.Rules.farkle(), ["threshold:x"], "take a whole number"),
    (domino.Rules.dominican(), ["search:0"], "at least 1 sample"),
    (domino.Rules.dominican(), ["chess"], "no player 'chess'"),
])
def test_bad_tournaments_are_refused_with_the_reason(
        rules: object, players: list[str], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Tournament(rules, players)


# ---- determinism on any executor ----------------------------------------------------


@pytest.mark.parametrize("game", ["dominican", "muggins", "capicua", "caminos", "dice_of_doom"])
def test_results_are_a_function_of_the_seed(game: str) -> None:
    players = ["optimal", "random"] if game == "dice_of_doom" else ["greedy", "random"]
    one = small(game, players, deals=3).run()
    two = small(game, players, deals=3).run()
    assert one.records == two.records
    other = Tournament(one.tournament.rules, players, deals=3, seed=12).run()
    assert other.records != one.records


def test_a_process_pool_gives_the_same_results() -> None:
    event = small("muggins", ["greedy", "random"], deals=4)
    event.batch = 2
    alone = event.run()
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        pooled = event.run(pool)
    assert pooled.records == alone.records
    assert str(pooled).splitlines()[2:] == str(alone).splitlines()[2:]  # all but the times


def test_dask_local_cluster_gives_the_same_results() -> None:
    distributed = pytest.importorskip("distributed")
    event = small("dominican", ["greedy", "random"], deals=3)
    event.batch = 2
    alone = event.run()
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        clustered = event.run(client.get_executor())
    assert clustered.records == alone.records


def test_units_of_work_are_picklable_pure_functions() -> None:
    rules = domino.Rules.capicua(players=4, target=6)
    job = (("greedy", "random", "greedy", "random"), 5, 6)
    assert pickle.loads(pickle.dumps((rules, job))) == (rules, job)
    assert tournament.play_games(rules, [job]) == tournament.play_games(rules, [job])


def test_progress_is_reported_up_to_the_total() -> None:
    seen: list[tuple[int, int]] = []
    event = small("capicua", ["greedy", "random"], deals=3)
    event.batch = 2
    event.run(progress=lambda done, total: seen.append((done, total)))
    assert seen == [(2, 6), (4, 6), (6, 6)]


# ---- what is measured ------------------------------------------------------------------


def test_records_add_up() -> None:
    results = small("capicua", ["greedy", "random"], deals=3, pairs=True).run()
    assert results.games == 6
    assert sum(results.wins.values()) == 6
    for record in results.records:
        assert record.points[0] == record.points[2] and record.points[1] == record.points[3]
        assert max(record.points) >= 6 and record.rounds >= 1
    assert results.rounds == sum(r.rounds for r in results.records)
    assert results.rounds_per_second > 0
    text = str(results)
    assert "points/round" in text and "greedy - random" in text and "6 games" in text


def test_caminos_shares_tied_wins_and_counts_points_per_game() -> None:
    results = small("caminos", ["greedy", "random"], deals=3).run()
    assert results.unit == "points/game"
    assert math.isclose(sum(results.wins.values()), results.games)
    assert all(r.rounds == 3 and max(r.points) <= 0 for r in results.records)


def test_dice_games_count_turns() -> None:
    results = small("farkle", ["optimal", "random"], deals=2).run()
    assert all(r.rounds >= 1 and max(r.points) >= 1000 for r in results.records)
    assert "turns" in str(results)


def test_the_confidence_interval_by_hand() -> None:
    # Two farkle players, two seatings a deal: per-deal margins of A over B are
    # the mean over both seatings of (A's points - B's points).
    def game(lineup: tuple[str, str], points: tuple[int, int]) -> GameRecord:
        return GameRecord(lineup, points, (0, 1), (0 if points[0] > points[1] else 1,), 10, 50)

    ab, ba = ("a", "b"), ("b", "a")
    records = [game(ab, (1000, 600)), game(ba, (800, 1000)),    # margins 400, 200 -> 300
               game(ab, (500, 700)), game(ba, (900, 1000)),     # -200, 100 -> -50
               game(ab, (1000, 0)), game(ba, (300, 1000))]      # 1000, 700 -> 850
    event = Tournament(dice.Rules.farkle(), ["threshold:1", "threshold:2"], deals=3)
    event.types = ("a", "b")
    results = TournamentResults(event, tuple(records), seconds=2.0)
    assert results.deal_differences("a", "b") == [300.0, -50.0, 850.0]
    margin = results.compare("a", "b")
    sd = math.sqrt(((300 - 366.66666) ** 2 + (-50 - 366.66666) ** 2 + (850 - 366.66666) ** 2) / 2)
    assert margin.mean == pytest.approx(1100 / 3)
    assert margin.half_width == pytest.approx(1.959964 * sd / math.sqrt(3), rel=1e-6)
    assert margin.half_width == pytest.approx(1.959964 * statistics.stdev([300, -50, 850]) / 3**.5)
    assert margin.low < 0 < margin.high and not margin.significant
    assert results.compare("b", "a").mean == pytest.approx(-margin.mean)
    wins = results.compare("a", "b", "wins")  # a wins 1, 0, 1 of its seatings' games
    assert wins.mean == pytest.approx((1.0 + 0.0 + 1.0) / 3)
    assert results.wins == {"a": 5.0, "b": 1.0}
    assert results.mean_points("a") == pytest.approx((1000 + 1000 + 500 + 1000 + 1000 + 1000) / 6)
    assert results.rounds_per_second == 30.0


def hand_made_results(shared: bool = False) -> TournamentResults:
    """Three deals of two farkle seatings each, by hand: ``a`` wins 5 of 6 (one
    of them shared with ``b`` when ``shared``)."""
    def game(lineup: tuple[str, str], points: tuple[int, int]) -> GameRecord:
        winners = (0, 1) if shared and points == (1000, 1000) else \
            (0 if points[0] > points[1] else 1,)
        return GameRecord(lineup, points, (0, 1), winners, 10, 50)

    ab, ba = ("a", "b"), ("b", "a")
    last = (1000, 1000) if shared else (300, 1000)
    records = [game(ab, (1000, 600)), game(ba, (800, 1000)), game(ab, (500, 700)),
               game(ba, (900, 1000)), game(ab, (1000, 0)), game(ba, last)]
    event = Tournament(dice.Rules.farkle(), ["threshold:1", "threshold:2"], deals=3)
    event.types = ("a", "b")
    return TournamentResults(event, tuple(records), seconds=2.0)


def test_wins_print_as_whole_numbers_and_shared_wins_as_halves() -> None:
    whole = str(hand_made_results()).splitlines()
    assert [line.split()[:2] for line in whole if line.startswith(("a ", "b "))] == \
        [["a", "5"], ["b", "1"]]
    shared = hand_made_results(shared=True)
    assert shared.wins == {"a": 4.5, "b": 1.5}
    assert [line.split()[:2] for line in str(shared).splitlines()
            if line.startswith(("a ", "b "))] == [["a", "4.5"], ["b", "1.5"]]


def test_the_rate_says_what_it_counts() -> None:
    assert "(30.0 turns/s)" in str(hand_made_results())
    results = small("muggins", ["greedy", "random"], deals=2).run()
    assert " rounds/s)" in str(results)


def test_every_line_of_the_table_fits_80_columns() -> None:
    results = Tournament(domino.Rules.muggins(players=4, target=30),
                         ["search:2", "suit", "greedy", "random"], deals=2).run()
    assert max(map(len, str(results).splitlines())) <= 80


def test_ctrl_c_keeps_the_deals_finished_so_far() -> None:
    """Ctrl-C during a run raises Interrupted (a KeyboardInterrupt) holding the
    results of every deal whose games had all finished, marked partial."""
    event = small("muggins", ["greedy", "random"], deals=5, players=2)
    event.batch = 5   # a deal is 2 seatings: the first batch ends in the middle of deal 3

    def progress(done: int, total: int) -> None:
        raise KeyboardInterrupt   # as the first batch ends

    with pytest.raises(tournament.Interrupted) as caught:
        event.run(progress=progress)
    results = caught.value.results
    assert isinstance(caught.value, KeyboardInterrupt)
    assert results.partial and results.deals == 2 and results.games == 4
    assert results.records == small("muggins", ["greedy", "random"], deals=2,
                                    players=2).run().records
    assert "partial: interrupted after 2 of 5 deals" in str(results)
    assert not small("muggins", ["greedy", "random"], deals=1).run().partial


def test_ctrl_c_before_any_deal_ends_gives_empty_results() -> None:
    event = small("muggins", ["greedy", "random"], deals=2)
    event.batch = 1

    def progress(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(tournament.Interrupted) as caught:
        event.run(progress=progress)
    results = caught.value.results
    assert results.deals == 0 and results.partial
    assert "no deal was finished" in str(results)
    json.dumps(results.to_dict(), allow_nan=False)


def test_small_samples_are_warned_about() -> None:
    few = small("muggins", ["greedy", "random"], deals=4).run()
    assert any("only 4 deals" in warning and "30" in warning for warning in few.warnings())
    rules = domino.Rules.muggins(players=2, target=100)
    clear = Tournament(rules, ["greedy", "random"], deals=60, seed=5).run()
    assert clear.warnings() == []
    unclear = hand_made_results()   # a - b: +366.67 +- 819 points over 3 deals
    assert any("a - b" in warning and "wider than the margin" in warning
               for warning in unclear.warnings())


def test_results_as_plain_data() -> None:
    results = small("capicua", ["greedy", "random"], deals=3, pairs=True).run()
    data = json.loads(json.dumps(results.to_dict(), allow_nan=False))
    assert data["rules"] == "capicua (4 players in pairs) to 6"
    assert data["options"] == results.tournament.rules.to_dict()
    assert data["players"] == ["greedy", "random"]
    assert (data["deals"], data["games"], data["partial"]) == (3, 6, False)
    assert (data["rounds"], data["round_word"]) == (results.rounds, "round")
    assert [row["player"] for row in data["results"]] == ["greedy", "random"]
    assert sum(row["wins"] for row in data["results"]) == 6
    (margin,) = data["margins"]
    assert (margin["a"], margin["b"]) == ("greedy", "random")
    assert margin["points"]["low"] <= margin["points"]["mean"] <= margin["points"]["high"]
    assert margin["points"]["unit"] == "points/round" and margin["wins"]["unit"] == "wins/game"
    one = small("muggins", ["greedy", "random"], deals=1).run().to_dict()
    assert one["margins"][0]["points"]["half_width"] is None   # unbounded: not a number


def test_a_margin_needs_two_deals_for_an_interval() -> None:
    assert math.isinf(tournament.paired_margin([5.0]).half_width)
    assert tournament.paired_margin([]).deals == 0
    margin = tournament.paired_margin([2.0, 2.0, 2.0])
    assert (margin.low, margin.high, margin.significant) == (2.0, 2.0, True)
    assert "+2.00 ± 0.00" in str(margin)


def test_comparing_a_player_who_did_not_play_is_refused() -> None:
    results = small("muggins", ["greedy", "random"], deals=1).run()
    with pytest.raises(RulesError, match="did not play"):
        results.compare("greedy", "suit")
    with pytest.raises(RulesError, match="metric"):
        results.compare("greedy", "random", "elo")


def test_greedy_beats_random_at_muggins_with_a_confidence_interval_above_zero() -> None:
    rules = domino.Rules.muggins(players=2, target=100)
    results = Tournament(rules, ["greedy", "random"], deals=60, seed=5).run()
    margin = results.compare("greedy", "random")
    assert margin.significant and margin.low > 0, str(results)
    assert results.wins["greedy"] > results.wins["random"]


def test_rules_for_every_game() -> None:
    assert isinstance(tournament.rules_for("caminos_no_renewal", players=4), caminos.Rules)
    assert tournament.rules_for("dominican", mode="two") == domino.Rules.dominican(mode="two")
    assert tournament.rules_for("farkle", target=500) == dice.Rules.farkle(target=500)
    for game in tournament.GAMES:
        tournament.rules_for(game)
    with pytest.raises(RulesError, match="does not take target"):
        tournament.rules_for("caminos", target=10)

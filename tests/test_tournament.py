"""Paired-deal tournaments: the pairing, determinism on any executor, and the statistics."""

from __future__ import annotations

import concurrent.futures
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
    assert str(pooled).splitlines()[1:] == str(alone).splitlines()[1:]


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

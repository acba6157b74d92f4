"""The line-game players (pintas.domino.players) and the C sampler behind SearchPlayer.

Every player returns a legal move from views of random positions of every
preset; the sampler's deals respect what the view shows (checked through the
binding); the search is deterministic for a seed, finds an obvious win and
stays inside a time budget; Suit prefers numbers the opponent lacks; players
decide from the view alone.
"""

from __future__ import annotations

import dataclasses
import random
import time
from typing import Any

import pytest

from pintas import domino, registry
from pintas._base import Stop
from pintas.domino import _search as _line_search
from pintas.domino import players as line
from pintas.errors import IllegalMoveError, RulesError, RulesTypeError
from pintas.tiles import TILE_COUNT, TileSet
from tests.domino.support import CONFIGS
from tests.support import mover, played

SUIT_BITS = [sum(1 << t.index for t in TileSet.from_mask((1 << TILE_COUNT) - 1) if t.has(n))
             for n in range(7)]


def random_positions(rules: domino.Rules, games: int, seed: int) -> list[domino.Game]:
    """Copies of games at random moments, each with someone to move."""
    rng = random.Random(seed)
    out = []
    for i in range(games):
        g = played(domino.Game(rules, seed=seed * 100 + i), rng.randrange(0, 40), rng)
        if not g.is_over:
            out.append(g)
    return out


def line_mask(game: domino.Game) -> int:
    return sum(1 << tile.index for tile, _ in game.placements)


# Dominican "two": seat 1 leads 6|6 and passes at ends (1, 2) after 9 moves, so
# it holds no 1 and no 2; seat 0 then holds 1|1 3|2 4|2 6|2 against (1, 2).
HANDS = ["6|0 3|1 2|2 3|2 4|2 1|1 6|2", "6|6 6|5 3|0 5|2 4|3 6|4 6|3"]
SCRIPT = ["6|6L", "6|0L", "6|5R", "pass", "3|0L", "3|1L", "5|2R", "2|2R", "pass"]


def scripted_two_player_game(moves: list[str]) -> domino.Game:
    g = domino.Game(domino.Rules.dominican(mode="two"), deal=domino.Deal(hands=HANDS), seed=1)
    for text in moves:
        g.play(g.parse_move(text))
    return g


# ---- every player, every preset ------------------------------------------------


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_player_plays_legal_moves(name: str) -> None:
    rules = CONFIGS[name]
    players: list[Any] = [line.RandomPlayer(seed=1), line.GreedyPlayer(), line.SuitPlayer(),
               line.SearchPlayer(samples=8, seed=2), line.InferPlayer(samples=8, seed=2)]
    for game in random_positions(rules, 6, seed=len(name)):
        view = game.view(mover(game))
        legal = game.legal_moves()
        for player in players:
            assert player.choose(view) in legal, (player, name)
            assert player(view) in legal


def test_players_refuse_a_seat_not_to_move() -> None:
    g = domino.Game(domino.Rules.dominican(), seed=3)
    idle = (mover(g) + 1) % 4
    for player in (line.RandomPlayer(), line.GreedyPlayer(), line.SuitPlayer(),
                   line.SearchPlayer(samples=5), line.InferPlayer(samples=5)):
        with pytest.raises(IllegalMoveError, match=f"seat {idle} has no move"):
            player.choose(g.view(idle))
        with pytest.raises(TypeError, match=r"domino\.View"):
            player.choose("6|6")  # type: ignore[arg-type]


def test_search_options_are_checked() -> None:
    for bad in ({"samples": 0}, {"samples": 2.5}, {"seconds": -1}, {"seconds": "1"},
                {"seconds": float("inf")}, {"seconds": float("nan")},
                {"seed": -1}, {"policy": "smart"}):
        with pytest.raises(RulesError):
            line.SearchPlayer(**bad)


# ---- the sampler ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["muggins-2", "muggins-3", "capicua-4", "capicua-pairs",
                                  "dominican-pairs", "dominican-three", "dominican-two"])
def test_samples_respect_what_the_view_shows(name: str) -> None:
    rules = CONFIGS[name]
    for game in random_positions(rules, 10, seed=7):
        for seat in range(rules.players):
            view = game.view(seat)
            known = _line_search.knowledge(view)
            mine, placed = int(view.hand), line_mask(game)
            assert known["unseen"] == ((1 << TILE_COUNT) - 1) & ~mine & ~placed
            assert known["hand_counts"] == game.hand_sizes
            for other in range(rules.players):
                # sound: the real hands break no derived fact
                if other != seat:
                    assert int(game.hand(other)) & known["not_held"][other] == 0
                    for n in known["voids"][other]:
                        assert not any(t.has(n) for t in game.hand(other))
            for s in range(20):
                deal = _line_search.sample(view, s)
                assert not deal["relaxed"]
                hands = deal["hands"]
                assert hands[seat] == mine
                assert tuple(bin(h).count("1") for h in hands) == game.hand_sizes
                assert len(deal["boneyard"]) == game.boneyard_size
                everything = placed | deal["aside"] | sum(1 << t for t in deal["boneyard"])
                for other, hand in enumerate(hands):
                    assert everything & hand == 0
                    everything |= hand
                    if other != seat:
                        assert hand & known["not_held"][other] == 0
                        assert hand & (mine | placed) == 0
                assert everything == (1 << TILE_COUNT) - 1


def test_a_pass_shows_the_numbers_a_seat_lacks() -> None:
    g = scripted_two_player_game(SCRIPT)
    known = _line_search.knowledge(g.view(0))
    assert set(known["voids"][1]) >= {1, 2}  # seat 1 passed at ends (1, 2)
    assert known["not_held"][1] & (SUIT_BITS[1] | SUIT_BITS[2]) == \
        known["unseen"] & (SUIT_BITS[1] | SUIT_BITS[2])
    for s in range(50):
        hand = _line_search.sample(g.view(0), s)["hands"][1]
        assert not any(t.has(1) or t.has(2) for t in TileSet.from_mask(hand))


def test_samples_are_deterministic_for_a_seed() -> None:
    g = random_positions(domino.Rules.dominican(), 1, seed=4)[0]
    view = g.view(mover(g))
    assert _line_search.sample(view, 9) == _line_search.sample(view, 9)
    assert len({str(_line_search.sample(view, s)) for s in range(10)}) > 1


# ---- the search ---------------------------------------------------------------------

# Dominican "two", round 1: seat 1 is left with 2|2 and 2|1 against ends (3, 2);
# seat 0 passed at (3, 2) and holds one tile. 2|2R keeps both ends closed to
# seat 0, which must pass, and 2|1 then wins the round by domino; 2|1R opens a
# 1, and seat 0's last tile (1|1) fits it and wins the round instead.
WIN_HANDS = ["1|1 2|0 5|0 5|2 6|0 6|4 6|6", "2|1 2|2 3|0 3|2 4|2 6|2 6|3"]
WIN_SCRIPT = ["6|6L", "6|3L", "6|0R", "3|0L", "5|0L", "pass", "5|2L", "3|2L", "2|0R", "4|2R",
              "6|4R", "6|2R", "pass"]


def test_search_finds_the_winning_move() -> None:
    g = domino.Game(domino.Rules.dominican(mode="two"), deal=domino.Deal(hands=WIN_HANDS),
                    seed=1)
    for text in WIN_SCRIPT:
        g.play(g.parse_move(text))
    view = g.view(1)
    win, lose = domino.Move.parse("2|2R"), domino.Move.parse("2|1R")
    assert set(view.legal_moves()) == {win, lose}
    for policy in ("random", "greedy"):
        player = line.SearchPlayer(samples=100, seed=5, policy=policy)
        assert player.choose(view) == win
        means = player.evaluate(view)
        assert means is not None and means[win] > 0 and means[win] > means[lose]
    # and it does win: seat 0 must pass, 2|1 ends the round; the other move loses it
    other = g.copy()
    g.play(win)
    g.play("pass")
    assert any(e.kind == "round_end" and e.seat == 1 for e in g.play("2|1R"))
    other.play(lose)
    assert any(e.kind == "round_end" and e.seat == 0 for e in other.play("1|1R"))


@pytest.mark.parametrize("search", [line.SearchPlayer, line.InferPlayer])
def test_search_is_deterministic_for_a_seed(search: Any) -> None:
    for game in random_positions(domino.Rules.dominican(), 4, seed=11):
        view = game.view(mover(game))
        a = search(samples=60, seed=3)
        assert a.evaluate(view) == a.evaluate(view)
        assert a.choose(view) == search(samples=60, seed=3).choose(view)


def test_batches_add_up_to_one_call() -> None:
    g = random_positions(domino.Rules.capicua(players=4), 1, seed=5)[0]
    view = g.view(mover(g))
    info = _line_search.Info(view)
    moves, whole, samples, _ = info.search(7, 0, 40)
    parts = [info.search(7, first, count) for first, count in ((0, 1), (1, 8), (9, 31))]
    assert [sum(p[1][i] for p in parts) for i in range(len(moves))] == whole
    assert samples == sum(p[2] for p in parts) == 40 and all(p[0] == moves for p in parts)


@pytest.mark.parametrize("search", [line.SearchPlayer, line.InferPlayer])
def test_search_respects_its_time_budget(search: Any) -> None:
    g = random_positions(domino.Rules.dominican(), 1, seed=2)[0]
    view = g.view(mover(g))
    player = search(samples=1_000_000, seconds=0.15, seed=1)
    start = time.perf_counter()
    move = player.choose(view)
    took = time.perf_counter() - start
    assert move in view.legal_moves()
    assert took <= 0.15 + 0.05  # batches stop before the budget; generous for a busy CI
    # no time at all: Suit's move, at once
    assert search(seconds=0).choose(view) == line.SuitPlayer().choose(view)


# ---- Suit and Greedy ------------------------------------------------------------------


def test_suit_opens_a_number_the_opponent_lacks() -> None:
    g = scripted_two_player_game(SCRIPT)  # seat 1 just passed at (1, 2)
    view = g.view(0)
    # Greedy sheds the heaviest tile; Suit keeps both ends on numbers seat 1 lacks.
    assert line.GreedyPlayer().choose(view) == domino.Move.parse("6|2R")
    assert line.SuitPlayer().choose(view) == domino.Move.parse("1|1L")
    blind = dataclasses.replace(line.SuitWeights.for_game("dominican"), opponent_lacks=0.0)
    assert line.SuitPlayer(blind).choose(view) == domino.Move.parse("6|2R")


def test_greedy_takes_the_most_points_then_the_heaviest_tile() -> None:
    for game in random_positions(domino.Rules.muggins(players=3), 30, seed=8):
        view = game.view(mover(game))
        best = line.GreedyPlayer().choose(view)
        plays = [m for m in view.legal_moves() if m.tile is not None]
        if not plays:
            continue
        points = {m: line.immediate_points(view, m) for m in plays}
        top = [m for m in plays if points[m] == max(points.values())]
        assert best in top
        assert best.tile is not None
        assert (best.tile.pips, best.tile.high) == max((m.tile.pips, m.tile.high)
                                                       for m in top if m.tile is not None)


def test_muggins_points_now() -> None:
    g = domino.Game(domino.Rules.muggins(players=2), deal=domino.Deal(
        hands=["5|5 6|2 4|1 3|3 2|0 1|1 0|0", "5|0 6|6 6|5 4|4 3|2 2|2 1|0"],
        boneyard="6|4 6|3 6|1 6|0 5|4 5|3 5|2 5|1 4|3 4|2 4|0 3|1 3|0 2|1"), seed=1)
    g.play("6|6")  # seat 1 opens: 12, no points
    view = g.view(0)
    assert line.immediate_points(view, domino.Move.parse("6|2L")) == 0  # 2 + 6|6 = 14
    g.play("6|2L")
    view = g.view(1)
    expected = {"3|2L": 15, "2|2L": 0, "6|5R": 0}  # 3 + 12; 4 + 12; 2 + 5
    for text, points in expected.items():
        assert line.immediate_points(view, domino.Move.parse(text)) == points
    assert line.GreedyPlayer().choose(view) == domino.Move.parse("3|2L")
    events = g.play("3|2L")
    assert any(e.kind == "score" and e.points == 15 for e in events)


# ---- the view-only contract --------------------------------------------------------------


def test_players_decide_from_the_view_alone() -> None:
    # Two deals that differ only in tiles seats 1 and 3 have not shown: seat 2's
    # view is the same in both games, so every player's move must be too.
    a = ["6|6 0|0 1|0 1|1 2|0 2|1 2|2", "6|5 3|0 3|1 3|2 3|3 4|0 4|1",
         "6|4 4|2 4|3 4|4 5|0 5|1 5|2", "6|3 5|3 5|4 5|5 6|0 6|1 6|2"]
    b = list(a)
    b[1], b[3] = "6|5 3|0 3|1 3|2 5|5 6|0 6|1", "6|3 5|3 5|4 3|3 4|0 4|1 6|2"
    games = [domino.Game(domino.Rules.dominican(), deal=domino.Deal(hands=h), seed=5)
             for h in (a, b)]
    for g in games:
        g.play("6|6")
        g.play("6|5")
    views = [g.view(2) for g in games]
    assert views[0] == views[1]
    assert games[0].hand(1) != games[1].hand(1)
    for make in (lambda: line.RandomPlayer(seed=4), line.GreedyPlayer, line.SuitPlayer,
                 lambda: line.SearchPlayer(samples=40, seed=4),
                 lambda: line.InferPlayer(samples=40, seed=4)):
        assert make().choose(views[0]) == make().choose(views[1])
    assert not any(isinstance(v, domino.Game) for v in vars(views[0]).values())


# ---- InferPlayer ----------------------------------------------------------------------


def test_infer_options_are_checked() -> None:
    for bad in ({"samples": 0}, {"seconds": -1}, {"seed": -1}, {"levers": ["smart"]}):
        with pytest.raises(RulesError):
            line.InferPlayer(**bad)
    for bad_type in ("weighted", [1]):
        with pytest.raises(RulesTypeError):
            line.InferPlayer(levers=bad_type)  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError):
        _line_search.Info(domino.Game(domino.Rules.dominican(), seed=1).view(0)).infer(
            1, 0, 1, {"levers": ()})  # type: ignore[typeddict-item]
    with pytest.raises(RulesError):
        _line_search.Info(domino.Game(domino.Rules.dominican(), seed=1).view(0)).infer(
            1, 0, 1, {**_line_search.infer_defaults(), "model_mix": 2})


def test_infer_without_levers_is_the_search() -> None:
    for game in random_positions(domino.Rules.dominican(), 3, seed=13):
        view = game.view(mover(game))
        assert (line.InferPlayer(samples=30, seed=2, levers=[]).evaluate(view)
                == line.SearchPlayer(samples=30, seed=2).evaluate(view))


def test_each_lever_changes_the_values() -> None:
    game = random_positions(domino.Rules.dominican(), 1, seed=21)[0]
    view = game.view(mover(game))
    values = [line.InferPlayer(samples=40, seed=2, levers=levers).evaluate(view)
              for levers in ([], ["suit_playouts"], ["weighted"], None)]
    assert all(v is not None and len(v) > 1 for v in values)
    assert len({tuple(v.values()) for v in values if v is not None}) == 4


def test_infer_repr_and_registry() -> None:
    assert repr(line.InferPlayer(samples=50, seed=1)) == (
        "InferPlayer(samples=50, seconds=None, seed=1)")
    assert repr(line.InferPlayer(levers=["weighted"])) == (
        "InferPlayer(samples=200, seconds=None, seed=0, levers=('weighted',))")
    made = registry.make_player("infer:70", domino.Rules.muggins(), seed=3)
    assert isinstance(made, line.InferPlayer) and (made.samples, made.seed) == (70, 3)
    assert isinstance(registry.make_player("infer", domino.Rules.capicua()), line.InferPlayer)


def test_a_raised_stop_ends_the_infer_search() -> None:
    game = random_positions(domino.Rules.dominican(), 1, seed=4)[0]
    view = game.view(mover(game))
    stop = Stop()
    params = _line_search.infer_defaults()
    assert _line_search.Info(view).infer(1, 0, 10, params, stop)[2] == 10
    stop.set()
    assert _line_search.Info(view).infer(1, 0, 10, params, stop)[2] == 0
    assert (line.InferPlayer(samples=10**6, stop=stop).choose(view)
            == line.SuitPlayer().choose(view))

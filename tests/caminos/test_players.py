"""The Caminos players (pintas.caminos.players) and the sampler under the search
(pintas.caminos._search): legal moves everywhere, the sampler's constraints
(checked here against the referee's real hands too), determinism per seed, an
obviously better move found, the time budget, and the view-only contract."""

from __future__ import annotations

import dataclasses
import itertools
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from pintas import caminos
from pintas.caminos._search import Info, derive
from pintas.caminos.players import (
    CarelessPlayer,
    GreedyPlayer,
    RandomPlayer,
    SearchPlayer,
    SuitPlayer,
    SuitWeights,
)
from pintas.errors import IllegalMoveError, RulesError, ViewError
from pintas.tiles import Tile, TileSet
from tests.caminos.support import CONFIGS, dealt
from tests.support import mover

ALL = (1 << 28) - 1

Bot = CarelessPlayer | RandomPlayer | GreedyPlayer | SuitPlayer | SearchPlayer


def positions(rules: caminos.Rules, seed: int, every: int = 3) -> Iterator[caminos.Game]:
    """Every ``every``-th position of a game of random moves (reveals too)."""
    game = caminos.Game(rules, seed=seed)
    rng = random.Random(seed)
    count = 0
    while not game.is_over:
        if count % every == 0:
            yield game
        game.play(rng.choice(game.legal_moves()))
        count += 1


def players() -> list[Bot]:
    return [CarelessPlayer(seed=3), RandomPlayer(seed=1), GreedyPlayer(), SuitPlayer(),
            SearchPlayer(samples=6, seed=2)]


def suit_mask(numbers: int) -> int:
    """The tiles showing any number of the bit set ``numbers``."""
    out = 0
    for tile in TileSet.full():
        if numbers >> tile.high & 1 or numbers >> tile.low & 1:
            out |= 1 << tile.index
    return out


def table_tiles(view: caminos.View) -> int:
    out = int(view.discard)
    for path in view.paths:
        out |= int(path.tiles)
    return out


def hand_fits(info: Info, view: caminos.View, seat: int, tiles: int) -> bool:
    """The could-not-place and renewal constraints for ``seat``'s unknown
    tiles: they fit its loosest cohort places (nested, so a counting test)."""
    unseen = ALL & ~(int(view.hand) | table_tiles(view) | sum(info.known))
    places: list[int] = []
    voids = 0
    need = bin(tiles).count("1")
    for at, count, numbers in reversed(info.cohorts[seat]):
        voids |= numbers
        order = sum(1 << t for t in range(28) if info.since[t] <= at)
        places += [order & unseen & ~suit_mask(voids)] * count
    places = places[:need] + [unseen] * max(0, need - len(places))
    return all(bin(tiles & ~allow).count("1") <= i for i, allow in enumerate(places))


# ---- every player, every preset ------------------------------------------------


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_every_player_returns_a_legal_move(name: str) -> None:
    rules = CONFIGS[name]
    bots = players()
    for game in positions(rules, seed=len(name), every=5):
        view = game.view(mover(game))
        legal = game.legal_moves()
        for bot in bots:
            assert bot.choose(view) in legal, (bot, view.phase)


@pytest.mark.parametrize("bot", players(), ids=repr)
def test_a_seat_not_to_move_gets_a_clear_error(bot: Bot) -> None:
    game = caminos.Game(caminos.Rules.base(players=3), seed=4)
    other = (mover(game) + 1) % 3
    with pytest.raises(IllegalMoveError, match=f"seat {other}"):
        bot.choose(game.view(other))
    while not game.is_over:
        game.play(game.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match="over"):
        bot.choose(game.view(0))


@pytest.mark.parametrize("bot", players(), ids=repr)
def test_players_read_views_not_games(bot: Bot) -> None:
    game = caminos.Game(caminos.Rules.base(players=2), seed=4)
    with pytest.raises(TypeError, match=r"caminos\.View"):
        bot.choose(game)  # type: ignore[arg-type]


def test_players_call_is_choose() -> None:
    game = caminos.Game(caminos.Rules.two_paths(players=2), seed=9)
    view = game.view(mover(game))
    for bot in (GreedyPlayer(), SuitPlayer(), SearchPlayer(samples=4)):
        assert bot(view) == bot.choose(view)
    assert CarelessPlayer(seed=1)(view) == CarelessPlayer(seed=1).choose(view)  # (reveals random)


def test_the_careless_player_places_what_suit_likes_least() -> None:
    rules = caminos.Rules.base(players=3)
    placements = 0
    for game in positions(rules, seed=11, every=2):
        view = game.view(mover(game))
        moves = view.legal_moves()
        chosen = CarelessPlayer(seed=5).choose(view)
        if moves[0].kind == "place":
            placements += len(moves) > 1
            assert chosen == SuitPlayer().rank(view, moves)[-1]
            assert len(moves) == 1 or chosen != SuitPlayer().choose(view)
        elif moves[0].kind == "reveal":  # at random, from its seed
            assert chosen == RandomPlayer(seed=5).choose(view)
        else:
            assert chosen == moves[0]  # the draw or pass there is
    assert placements > 5


def test_reveals_show_the_heaviest_tile() -> None:
    game = dealt(caminos.Rules.base(players=2), "6|5 4|4 3|1 2|0 1|0",
                 ["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"], seed=1)
    for bot in (GreedyPlayer(), SuitPlayer(), SearchPlayer()):
        assert str(bot.choose(game.view(0))) == "reveal 6|6"


# ---- the sampler ---------------------------------------------------------------


def test_derive_replays_the_table() -> None:
    for name, rules in CONFIGS.items():
        for game in positions(rules, seed=7, every=2):
            _, _, slots = derive(game.view(0))
            for path, slot in zip(game.paths, slots, strict=True):
                if path.centre is None:
                    assert slot is None, name
                else:
                    assert slot is not None, name
                    ends, lens = slot
                    assert tuple(ends) == path.ends and (len(path.front), len(path.back)) == \
                        tuple(lens), name


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_samples_keep_what_the_seat_knows(name: str) -> None:
    rules = CONFIGS[name]
    games = itertools.chain(positions(rules, seed=3, every=2), positions(rules, seed=4, every=2))
    for number, game in enumerate(games):
        if game.phase != "play":
            continue
        seat = mover(game)
        view = game.view(seat)
        info = Info(view)
        seen = int(view.hand) | table_tiles(view)
        for other in range(rules.players):
            if other == seat:
                continue
            real = int(game.hand(other))
            known = info.known[other]
            assert known & ~real == 0
            # soundness: the real hand meets every derived constraint
            assert hand_fits(info, view, other, real & ~known)
        for index in range(6):
            hands, pile, level = info.sample(number, index)
            assert level == 0
            assert hands[seat] == int(view.hand)
            assert len(pile) == view.pile_size == len(set(pile))
            union = sum(1 << t for t in pile)
            for other, hand in enumerate(hands):
                assert bin(hand).count("1") == view.hand_sizes[other]
                assert union & hand == 0
                union |= hand
                if other != seat:
                    assert hand & seen == 0
                    assert hand & info.known[other] == info.known[other]
                    assert hand_fits(info, view, other, hand & ~info.known[other])
            assert union | table_tiles(view) == ALL
            assert info.sample(number, index) == (hands, pile, level)


def test_random_games_give_could_not_place_constraints() -> None:
    # the sampler tests above are not vacuous: draws and passes leave voids
    constrained = renewed = 0
    for rules in CONFIGS.values():
        for game in positions(rules, seed=3, every=2):
            if game.phase == "play":
                info = Info(game.view(mover(game)))
                constrained += sum(1 for seat in info.cohorts for c in seat if c[2])
                renewed += any(info.since)
    assert constrained > 50 and renewed > 10


def test_a_seat_that_drew_lacks_the_open_numbers() -> None:
    # seat 1 holds nothing that fits the open numbers: it must draw
    game = dealt(caminos.Rules.base(players=2), "6|6 5|5 4|4 6|5 6|4",
                 ["6|3 5|3 4|3 6|2 5|2 4|2", "3|3 2|2 1|1 0|0 3|2 1|0"], seed=1)
    game.play("reveal 6|3")
    game.play("reveal 3|2")
    game.play("6|3 front 1")
    assert game.play("draw")[0].kind == "draw"
    info = Info(game.view(0))
    (_, held, voids), (at, drawn, _) = info.cohorts[1]
    assert held == 6 and drawn == 1 and at > 0
    assert voids == 0b1110000  # 6 (path 1's back, 4 and 5's fronts), 5 and 4 were open
    for index in range(50):
        hands, _, level = info.sample(11, index)
        lacking = [t for t in TileSet.from_mask(hands[1]) if t.high >= 4 or t.low >= 4]
        assert level == 0 and len(lacking) <= 1  # only the drawn tile may show 4, 5 or 6


def test_info_needs_the_seat_to_move_in_play() -> None:
    game = caminos.Game(caminos.Rules.base(players=3), seed=2)
    with pytest.raises(IllegalMoveError):
        Info(game.view(0))  # still revealing
    with pytest.raises(ViewError):
        Info(game)  # type: ignore[arg-type]


# ---- the search ----------------------------------------------------------------


def play_phase(rules: caminos.Rules, seed: int, seat: int | None = None) -> caminos.Game:
    """A game past its first reveal (with ``seat`` to move, if given)."""
    for attempt in range(seed, seed + 200):
        game = caminos.Game(rules, seed=attempt)
        while game.phase == "reveal":
            game.play(game.legal_moves()[0])
        if seat is None or game.to_move == seat:
            return game
    raise AssertionError("no such game")


def test_search_is_deterministic_per_seed() -> None:
    for name, rules in CONFIGS.items():
        game = play_phase(rules, seed=5)
        view = game.view(mover(game))
        first = SearchPlayer(samples=40, seed=9)
        second = SearchPlayer(samples=40, seed=9)
        assert first.evaluate(view) == second.evaluate(view), name
        assert first.choose(view) == second.choose(view) == first.choose(view), name


def test_search_batches_do_not_change_the_result() -> None:
    game = play_phase(caminos.Rules.no_renewal(players=3), seed=8)
    info = Info(game.view(mover(game)))
    moves, whole, samples, _ = info.search(4, 0, 20)
    _, part1, _, _ = info.search(4, 0, 7)
    _, part2, _, _ = info.search(4, 7, 13)
    assert samples == 20 and moves == game.legal_moves()
    assert whole == [a + b for a, b in zip(part1, part2, strict=True)]


def stranding_view() -> caminos.View:
    """Seat 0 holds 6|6 and 6|1; path 1's front (6) is its last free side, path
    3's front shows 1. 6|1 on path 1 strands the double; the double there, or
    6|1 on path 3, lets seat 0 go out next turn. The view is hand-built from a
    real one: a player only ever reads views."""
    game = play_phase(caminos.Rules.base(players=2), seed=3, seat=0)
    tile = Tile.parse
    paths = (
        caminos.Path(1, tile("6|5"), (), (tile("5|5"),), (6, 5), (1, 0)),
        caminos.Path(2, tile("4|4"), (), (), (4, 4), (1, 1)),
        caminos.Path(3, tile("1|0"), (), (), (1, 0), (1, 1)),
        caminos.Path(4, tile("3|3"), (), (), (3, 3), (1, 1)),
        caminos.Path(5, tile("2|2"), (), (), (2, 2), (1, 1)),
    )
    view = game.view(0)
    return dataclasses.replace(view, hand=TileSet.parse("6|6 6|1"), paths=paths,
                               hand_sizes=(2, 6), pile_size=14, discard=TileSet(),
                               revealed=((), ()), log=view.log[:1])


def test_search_avoids_stranding_a_double() -> None:
    view = stranding_view()
    bad = caminos.Move.place("6|1", "front", 1)
    assert bad in view.legal_moves() and len(view.legal_moves()) == 3
    search = SearchPlayer(samples=200, seed=1)
    means = search.evaluate(view)
    assert means is not None and min(means, key=means.__getitem__) == bad
    assert search.choose(view) != bad
    assert SuitPlayer().choose(view) != bad


def test_time_budget() -> None:
    game = play_phase(caminos.Rules.base(players=4), seed=6)
    view = game.view(mover(game))
    assert len(view.legal_moves()) > 1
    never = SearchPlayer(samples=1000, seconds=0)
    assert never.choose(view) == SuitPlayer().choose(view) and never.last_samples == 0
    timed = SearchPlayer(samples=10**6, seconds=0.05)
    start = time.perf_counter()
    assert timed.choose(view) in view.legal_moves()
    assert time.perf_counter() - start < 1.0  # generous: a loaded machine, no speed claim
    assert 0 < timed.last_samples < 10**6


def test_the_move_depends_only_on_the_view() -> None:
    # the same public position with the hidden tiles (seat 1's hand, the pile) swapped
    def game(hand1: str, pile: str) -> caminos.Game:
        g = caminos.Game(caminos.Rules.base(players=2), seed=1, deal=caminos.Deal(
            paths="6|5 4|4 3|1 2|0 1|0", hands=["6|6 6|4 5|5 4|1 3|3 2|2", hand1],
            pile=pile))
        g.play("reveal 6|6")
        g.play("reveal 6|3")
        return g
    rest = "5|4 5|2 5|1 5|0 4|2 4|0 3|2 3|0 2|1 1|1 0|0"
    one = game("6|3 6|2 6|1 6|0 5|3 4|3", rest)
    two = game("6|3 5|4 5|2 5|1 5|0 4|2", "6|2 6|1 6|0 5|3 4|3 " + " ".join(rest.split()[5:]))
    assert one.view(0) == two.view(0) and one.hand(1) != two.hand(1)
    search = SearchPlayer(samples=30, seed=3)
    assert search.evaluate(one.view(0)) == search.evaluate(two.view(0))
    for bot in (CarelessPlayer(seed=2), SuitPlayer()):
        assert bot.choose(one.view(0)) == bot.choose(two.view(0))


def test_bad_options() -> None:
    bad: dict[str, Any]
    for bad in ({"samples": 0}, {"samples": 2.5}, {"seconds": -1.0}, {"seconds": "1"},
                {"seed": -1}, {"seed": 1 << 64}):
        with pytest.raises(RulesError):
            SearchPlayer(**bad)


def test_suit_weights_are_used() -> None:
    view = stranding_view()
    assert SuitPlayer(SuitWeights(reach=0, depth=0, hardness=0, double=0, starve=0,
                                  block=0)).rank(view, view.legal_moves())[0].tile == \
        Tile.parse("6|6")  # all else equal: the heaviest tile

"""The Python surface of Caminos: rules and presets, deals, notation and
parsing, values, views, computer players, the batch simulation and the
docstring examples."""

from __future__ import annotations

import re
import threading

import pytest

from pintas import caminos
from pintas.caminos import Deal, Event, Game, Move, Path, Rules
from pintas.caminos import _engine as _caminos
from pintas.caminos.players import GreedyPlayer, RandomPlayer
from pintas.errors import DealError, IllegalMoveError, NotationError, RulesError, SeatError
from pintas.protocol import Player
from pintas.tiles import Tile, TileSet
from tests.caminos.support import dealt
from tests.support import refused, run

T = Tile.parse


# ---- rules ----------------------------------------------------------------------


@pytest.mark.parametrize("variant", caminos.VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_python_presets_match_the_c_presets(variant: str, players: int) -> None:
    rules = Rules(variant, players=players)
    assert rules._saved_fields() == _caminos.preset_fields(caminos.VARIANTS.index(variant), players)
    assert Rules._from_fields(rules._saved_fields()) == rules
    assert getattr(Rules, variant)(players=players) == rules


def test_rules_presets_options_and_replace() -> None:
    assert Rules.base() == Rules("base", players=3, rounds=3)
    assert str(Rules.two_paths(players=4, rounds=5)) == "caminos_two_paths (4 players, 5 rounds)"
    assert Rules.no_renewal().name == "caminos_no_renewal"
    assert Rules.no_renewal().path_size == 5 and Rules.base().path_size == 3
    assert Rules.base(players=3).replace(players=4).hand_size == 5
    assert Rules.base().replace(variant="two_paths").paths == 2
    with pytest.raises(RulesError, match="players must be"):
        Rules.base(players=1)
    with pytest.raises(RulesError, match="rounds must be"):
        Rules.base(rounds=0)
    with pytest.raises(RulesError, match="variant must be"):
        Rules("classic")
    with pytest.raises(RulesError,
                       match="not an option of caminos: target; caminos takes players, rounds"):
        Rules.base(target=3)
    with pytest.raises(RulesError, match="no such rules setting: hand"):
        Rules.base().replace(hand=7)
    with pytest.raises(RulesError, match="players must be"):
        Rules.base().replace(players=True)
    with pytest.raises(RulesError, match="no Caminos preset"):
        Rules._from_fields((3, 5, 7, 1, 0, 3))
    with pytest.raises(RulesError, match=r"caminos\.Rules"):
        Game("base")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="seed"):
        Game(Rules.base(), seed=-1)


# ---- deals ----------------------------------------------------------------------

HANDS = ["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0", "6|2 5|2 4|2 2|1 6|0 5|0"]


def test_deal_complete_fills_the_pile_from_6_6_down() -> None:
    deal = Deal.complete("6|5 4|4 3|1 2|0 1|0", HANDS, "5|4")
    assert [str(t) for t in deal.pile] == ["5|4", "6|1", "5|1", "4|0", "3|0"]
    deal.check(Rules.base())


@pytest.mark.parametrize(("paths", "hands", "pile", "message"), [
    ("6|5 4|4 3|1 2|0", HANDS, "1|0 5|4 6|1 5|1 4|0 3|0", "reveals 5 paths"),
    ("6|5 4|4 3|1 2|0 1|0", HANDS[:2], "", "3 players need 3 hands"),
    ("6|5 4|4 3|1 2|0 1|0", [HANDS[0], HANDS[1], "6|2 5|2"], "", "seat 2 must hold 6"),
    ("6|5 4|4 3|1 2|0 6|6", HANDS, "1|0 5|4 6|1 5|1 4|0", "dealt twice: 6|6"),
    ("6|5 4|4 3|1 2|0 1|0", HANDS, "6|6 5|4 6|1 5|1 4|0", "in the pile and dealt too: 6|6"),
    ("6|5 4|4 3|1 2|0 1|0", HANDS, "5|4 6|1 5|1 4|0", "missing 3|0"),
])
def test_bad_deals_are_explained(paths: str, hands: list[str], pile: str,
                                 message: str) -> None:
    with pytest.raises(DealError, match=message):
        Game(Rules.base(), deal=Deal(paths, hands, pile))


def test_deal_lists_a_tile_twice() -> None:
    with pytest.raises(DealError, match="twice"):
        Deal("6|6 6|6", HANDS)
    with pytest.raises(DealError, match="twice"):
        Deal("6|6", ["5|5 5|5"])
    with pytest.raises(DealError, match=r"caminos\.Deal"):
        Game(Rules.base(), deal="6|6")  # type: ignore[arg-type]


# ---- notation and parsing --------------------------------------------------------


def test_move_values() -> None:
    move = Move.place("3|5", "FRONT", 2)
    assert (move.kind, move.tile, move.side, move.path) == ("place", T("5|3"), "front", 2)
    assert str(move) == "5|3 front 2" and repr(move) == "Move('place', '5|3', 'front', 2)"
    assert Move("reveal", "6|4") == Move.reveal(T("6|4")) == Move.parse("reveal 4|6")
    assert repr(Move.reveal("6|4")) == "Move('reveal', '6|4')"
    assert str(Move.draw()) == "draw" and repr(Move.pass_()) == "Move('pass')"
    assert {Move.draw(), Move.parse("DRAW")} == {Move.draw()}
    assert Move.from_code(Move.parse("0|0 back 8").code) == Move.parse("0|0 back 8")
    for bad in ("5|3 front", "5|3 front 0", "5|3 front 9", "5|3 up 2", "reveal", "7|7 front 1",
                "", "draw now", "5|3 front ²", "reveal ²|1"):
        with pytest.raises(NotationError, match=re.escape(repr(bad))):
            Move.parse(bad)
    with pytest.raises(NotationError):
        Move.parse(5)  # type: ignore[arg-type]
    with pytest.raises(NotationError, match="no tile"):
        Move("draw", "6|6")
    with pytest.raises(NotationError, match="kind"):
        Move("jump")
    with pytest.raises(NotationError, match="path number"):
        Move.place("6|6", "front", 0)
    with pytest.raises(NotationError, match="side"):
        Move.place("6|6", "left", 1)
    with pytest.raises(NotationError, match="no side or path"):
        Move("reveal", "6|6", "front")
    with pytest.raises(NotationError, match=r"0\.\.477"):
        Move.from_code(478)


def started() -> Game:
    game = dealt(Rules.base(), "6|5 4|4 3|1 2|0 1|0", HANDS, seed=1)
    run(game, "reveal 6|6", "reveal 6|3", "reveal 6|2")
    return game


@pytest.mark.parametrize(("text", "move"), [
    ("2|2", "2|2 front 4"),              # fits one place only
    ("6|6 front 1", "6|6 front 1"),
    ("6|6 F1", "6|6 front 1"),
    ("6|6 1", "6|6 front 1"),
    ("5|5 b", "5|5 back 1"),
    ("4|1 back 3", "4|1 back 3"),
    ("4|1 atrás 3", "4|1 back 3"),
    ("4|1 5", "4|1 front 5"),
    ("1|4 adelante 5", "4|1 front 5"),
    ("6|4 1", "6|4 front 1"),
])
def test_parse_move_takes_short_forms(text: str, move: str) -> None:
    game = started()
    assert game.parse_move(text) == Move.parse(move)


@pytest.mark.parametrize(("text", "error", "message"), [
    ("4|1", NotationError, "fits more than one place: say '4|1 front 2' or"),
    ("6|6 back 1", IllegalMoveError, "not legal now for seat 0"),
    ("6|3", IllegalMoveError, "'6|3' is not legal"),
    ("draw", IllegalMoveError, "legal: 2|2 front 4"),
    ("robar", IllegalMoveError, "'robar'"),
    ("reveal 6|6", IllegalMoveError, "'reveal 6|6'"),
    ("6|6 sideways 1", NotationError, "'sideways' in '6|6 sideways 1' is not a side"),
    ("6|6 front 1 2", NotationError, "not a path number"),
    ("hello", NotationError, "got 'hello'"),
    ("²|1", NotationError, "got '²|1'"),
    ("6|6 front ²", NotationError, "'²' in '6|6 front ²' is not a side"),
    ("", NotationError, "got ''"),
])
def test_parse_move_explains_bad_input_and_changes_nothing(text: str, error: type,
                                                            message: str) -> None:
    game = started()
    refused(game, text, error, re.escape(message))
    assert not game.is_legal(text)


def test_play_accepts_moves_and_notation_only() -> None:
    game = started()
    with pytest.raises(NotationError, match=r"a move is a caminos\.Move or its notation: got 3"):
        game.play(3)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=r"'6\|3 front 1' is not legal now for seat 0: "
                                               r"you do not hold 6\|3"):
        game.play(Move.place("6|3", "front", 1))
    assert game.is_legal("6|6") and game.is_legal(Move.parse("6|6 front 1"))


# ---- values ---------------------------------------------------------------------


def test_events_read_well_and_hide_secrets() -> None:
    event = Event("draw", seat=2, tile=T("1|1"), count=1)
    assert str(event) == "player 3 draws 1|1" and str(event.hidden()) == "player 3 draws"
    assert repr(event.hidden()) == "Event('draw', seat=2, count=1)"
    choose = Event("choose", seat=0, tile=T("6|6"), count=1)
    assert choose.hidden().tile is None
    assert str(choose.hidden()) == "player 1 chooses a tile to reveal"
    close = Event("close", seat=1, path=2, reason="stay", count=5,
                  tiles=TileSet.parse("6|6 6|5 5|4 4|3 3|2"))
    assert close.hidden() is close
    assert str(close) == "path 2 is full (3|2 4|3 5|4 6|5 6|6): stays closed"
    assert str(Event("game_end", seat=0, seats=(0, 2), points=-3)) == \
        "players 1 and 3 share the win with -3"
    assert str(Event("tie", seats=(0, 1), count=1)) == \
        "tie between players 1 and 2: they reveal again"
    assert str(Event("start", seat=0, reason="lowest_seat", count=3)) == \
        "player 1 starts the round (the lowest-numbered player of the tie)"
    with pytest.raises(ValueError, match="unknown event kind"):
        Event("explode")
    game = Game(Rules.base(players=2), seed=12)
    while not game.is_over:
        game.play(game.legal_moves()[-1])
    assert {e.kind for e in game.events} >= {"close", "reshuffle", "score", "game_end"}
    for e in game.events:
        assert e == eval(repr(e), {"Event": Event, "Tile": Tile, "TileSet": TileSet})
        assert str(e)


def test_paths_describe_the_table() -> None:
    game = started()
    game.play("6|4 front 1")
    path = game.paths[0]
    assert path == Path(1, T("6|5"), (T("6|4"),), (), (4, 5), (0, 1))
    assert str(path) == "path 1: back 5 (1 free) [5|6][6|4] front 4 (full)"
    assert path.sides_for("5|0") == ("back",) and path.sides_for("4|0") == ()
    assert path.tiles == TileSet.parse("6|5 6|4") and not path.closed
    assert str(game.paths[1]) == "path 2: back 4 (1 free) [4|4] front 4 (1 free)"


# ---- views ----------------------------------------------------------------------


def test_views_hold_only_what_the_seat_may_know() -> None:
    game = dealt(Rules.base(), "6|5 4|4 3|1 2|0 1|0", HANDS, seed=1)
    game.play("reveal 6|6")
    view = game.view(1)
    assert view.hand == game.hand(1) and view.my_choice is None and view.chosen == (0,)
    assert not hasattr(view, "pile") and not hasattr(view, "hands")
    assert all(e.tile is None for e in view.log if e.kind in ("choose", "draw"))
    assert view.to_move == 1 and view.legal_moves() == game.legal_moves()
    assert game.view(2).legal_moves() == []
    run(game, "reveal 6|3", "reveal 6|2", "6|4 front 1")
    view = game.view(2)
    assert view.known_tiles(0) == TileSet.parse("6|6")
    assert view.known_tiles(1) == TileSet.parse("6|3")
    assert view.round_log[0].kind == "deal"
    with pytest.raises(SeatError, match="no seat 3"):
        game.view(3)
    with pytest.raises(SeatError, match="no seat"):
        game.hand(-1)


def test_game_repr_and_referee_queries() -> None:
    game = Game(Rules.two_paths(players=2), seed=4)
    assert repr(game) == ("<caminos.Game caminos_two_paths (2 players), round 1, "
                          "scores (0, 0), seat 0 to reveal>")
    assert game.winner is None and game.winners == () and game.starter is None
    assert game.rules == Rules.two_paths(players=2) and game.seed == 4
    assert game.deal_seeds == () and game.history == ()


# ---- computer players --------------------------------------------------------------


def test_players_return_legal_moves_from_views_only() -> None:
    for rules in (Rules.base(), Rules.no_renewal(players=4), Rules.two_paths(players=2)):
        game = Game(rules, seed=8)
        players: list[Player] = [GreedyPlayer() if s % 2 else RandomPlayer(seed=s)
                                 for s in range(rules.players)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            move = players[seat].choose(game.view(seat))
            assert move in game.legal_moves()
            game.play(move)
        with pytest.raises(IllegalMoveError, match="no move"):
            GreedyPlayer()(game.view(0))


def test_greedy_reveals_its_heaviest_tile_and_prefers_keeping_options() -> None:
    game = dealt(Rules.base(), "6|5 4|4 3|1 2|0 1|0", HANDS, seed=1)
    assert GreedyPlayer()(game.view(0)) == Move.reveal("6|6")
    game.play("reveal 2|2")
    # 6|3 and 5|4 tie on pips: the higher high end is heavier
    view = game.view(1)
    assert GreedyPlayer()(view) == Move.reveal("6|3")


def test_greedy_beats_random_players() -> None:
    wins = 0
    games = 30
    for seed in range(games):
        game = Game(Rules.base(players=3), seed=seed)
        players: list[Player] = [GreedyPlayer(), RandomPlayer(seed), RandomPlayer(seed + 1000)]
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            game.play(players[seat].choose(game.view(seat)))
        wins += 0 in game.winners
    assert wins > games / 2  # a random seat would win about a third


# ---- simulation -----------------------------------------------------------------


def test_simulate_is_deterministic_and_counts_everything() -> None:
    a = caminos.simulate(Rules.no_renewal(players=3), games=300, seed=5)
    b = caminos.simulate(Rules.no_renewal(players=3), games=300, seed=5)
    assert a == b
    assert a.games == 300 and a.rounds == 900 and sum(a.starts) == 900
    assert sum(a.wins) >= 300 and sum(a.wins) - 300 >= a.shared
    assert all(p <= 0 for p in a.points) and a.longest_round >= 9
    assert 0 < a.block_rate < 1 and all(m < 0 for m in a.mean_points_per_round)
    assert caminos.simulate(Rules.base(), games=0).rounds == 0
    with pytest.raises(RulesError, match="games must be"):
        caminos.simulate(Rules.base(), games=-1)
    with pytest.raises(RulesError, match="seed"):
        caminos.simulate(Rules.base(), seed=2**64)
    with pytest.raises(RulesError, match=r"caminos\.Rules"):
        caminos.simulate("base")  # type: ignore[arg-type]


def test_simulate_runs_in_parallel_threads() -> None:
    results: list[caminos.SimulationStats] = []

    def work() -> None:
        results.append(caminos.simulate(Rules.base(), games=500, seed=2))

    threads = [threading.Thread(target=work) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 3 and results[0] == results[1] == results[2]


def test_equal_events_are_shared_and_read_as_new_ones() -> None:
    """A move's events come from a cache of shared events: each equals (and
    reads as) an event made from its fields, and equal events (a draw at a
    pile size, a tile placed at a count) are mostly one object."""
    events: list[Event] = []
    for seed in range(4):
        game = Game(Rules.base(players=3), seed=seed)
        while not game.is_over:
            legal = game.legal_moves()
            events += game.play(legal[(seed * 7 + len(events)) % len(legal)])
    namespace = {"Event": Event, "Tile": Tile, "TileSet": TileSet}
    for e in events:
        fresh = eval(repr(e), namespace)
        assert e == fresh and str(e) == str(fresh) and e.hidden() == fresh.hidden()
    distinct = len(set(events))
    assert distinct < len(events) and len({id(e) for e in events}) < distinct * 1.1

"""The public API of the line games: rules, deals, moves, errors,
views, events, copies and the batch simulator."""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
import re

import pytest

from pintas import domino
from pintas.errors import (
    DealError,
    IllegalMoveError,
    NotationError,
    PintasError,
    RulesError,
    SeatError,
)
from pintas.tiles import Tile, TileSet
from tests.domino.support import ALL_TILES, new_game, rest
from tests.support import PCG32, STREAM, refused, rejected

HANDS2 = ["6|6 2|2 2|1 2|0 1|1 1|0 0|0", "6|5 5|5 5|4 4|4 6|4 4|3 3|3"]
HANDS4 = ["5|5 5|4 5|3 5|2 5|1 5|0 4|4", "4|3 4|2 4|1 4|0 3|3 3|2 3|1",
          "6|6 6|5 6|4 6|3 6|2 6|1 6|0", "3|0 2|2 2|1 2|0 1|1 1|0 0|0"]


# ---- rules -----------------------------------------------------------------------


def test_presets_and_their_defaults() -> None:
    """The defaults of docs/rules.md sections 1.2-1.4 through the presets."""
    m = domino.Rules.muggins()
    assert (m.game, m.players, m.pairs, m.target, m.redeal_doubles, m.block_scoring) == \
        ("muggins", 3, False, 200, 5, "cascade")
    c = domino.Rules.capicua()
    assert (c.game, c.players, c.pairs, c.target, c.redeal_doubles, c.capicua_doubles,
            c.pass_points) == ("capicua", 4, False, 20, 5, True, 2)
    d = domino.Rules.dominican()
    assert (d.game, d.mode, d.players, d.pairs, d.target, d.redeal_doubles, d.tranque,
            d.capicua_bonus, d.pase_corrido_bonus, d.pase_de_salida_bonus) == \
        ("dominican", "pairs", 4, True, 200, 0, "lowest", 25, 0, 0)
    assert m.mode is None and c.mode is None
    assert str(d) == "dominican (pairs) to 200"
    assert str(domino.Rules.capicua(players=4, pairs=True)) == "capicua (4 players in pairs) to 20"


def test_rules_are_frozen_values_and_replace_checks() -> None:
    """Rules are immutable, comparable and hashable; replace() returns a checked copy."""
    r = domino.Rules.dominican(mode="two")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.target = 100  # type: ignore[misc]
    r2 = r.replace(target=150, tranque="blocker")
    assert (r.target, r.tranque) == (200, "lowest")
    assert (r2.target, r2.tranque, r2.mode) == (150, "blocker", "two")
    assert r2 == domino.Rules.dominican(mode="two", target=150, tranque="blocker")
    assert hash(r2) == hash(domino.Rules.dominican(mode="two", target=150, tranque="blocker"))
    assert domino.Rules.capicua().replace(capicua=False).capicua_doubles is False
    with pytest.raises(RulesError, match="pairs needs 4 players"):
        r.replace(players=3, pairs=True)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: domino.Rules.muggins(players=5), "got 5"),
    (lambda: domino.Rules.muggins(players=1), "got 1"),
    (lambda: domino.Rules.capicua(players="4"), "got '4'"),  # type: ignore[arg-type]
    (lambda: domino.Rules.muggins(target=0), "got 0"),
    (lambda: domino.Rules.muggins(target=10001), "got 10001"),
    (lambda: domino.Rules.dominican(target="200"), "got '200'"),
    (lambda: domino.Rules.dominican(target=150.0), "got 150.0"),
    (lambda: domino.Rules.muggins(redeal_doubles=8), "got 8"),
    (lambda: domino.Rules.muggins(redeal_doubles=-1), "got -1"),
    (lambda: domino.Rules.muggins(players=4, redeal_doubles=2), "got 2"),
    (lambda: domino.Rules.capicua(redeal_doubles=1), "got 1"),
    (lambda: domino.Rules.muggins(block_scoring="lowest"), "got 'lowest'"),
    (lambda: domino.Rules.dominican(tranque="highest"), "got 'highest'"),
    (lambda: domino.Rules.capicua(pass_points=-2), "got -2"),
    (lambda: domino.Rules.capicua(pass_points=1001), "got 1001"),
    (lambda: domino.Rules.dominican(capicua_bonus=2000), "got 2000"),
    (lambda: domino.Rules.dominican(pase_corrido_bonus=-1), "got -1"),
    (lambda: domino.Rules.dominican(pase_de_salida_bonus=True), "got True"),
    (lambda: domino.Rules.capicua(players=4, pairs=1),  # type: ignore[arg-type]
     "pairs must be True or False: got 1"),
    (lambda: domino.Rules.capicua(capicua="yes"), "capicua must be True or False: got 'yes'"),
    (lambda: domino.Rules(game="poker", players=2), "got 'poker'"),
], ids=lambda x: x if isinstance(x, str) else "")
def test_bad_values_are_rules_errors_quoting_the_value(make: object, message: str) -> None:
    """Rules: every out-of-range or mistyped setting is a RulesError quoting the bad value."""
    with pytest.raises(RulesError, match=re.escape(message)):
        make()  # type: ignore[operator]


@pytest.mark.parametrize(("make", "option"), [
    (lambda: domino.Rules.muggins(tranque="blocker"), "tranque"),
    (lambda: domino.Rules.muggins(pass_points=2), "pass_points"),
    (lambda: domino.Rules.muggins(capicua=True), "capicua"),
    (lambda: domino.Rules.muggins(capicua_bonus=25), "capicua_bonus"),
    (lambda: domino.Rules.capicua(block_scoring="lowest_takes_all"), "block_scoring"),
    (lambda: domino.Rules.capicua(pase_corrido_bonus=10), "pase_corrido_bonus"),
    (lambda: domino.Rules.capicua(capicua_bonus=25), "capicua_bonus"),
    (lambda: domino.Rules.dominican(pass_points=2), "pass_points"),
    (lambda: domino.Rules.dominican(capicua=True), "capicua"),
    (lambda: domino.Rules.dominican(block_scoring="lowest_takes_all"), "block_scoring"),
    (lambda: domino.Rules.capicua().replace(tranque="blocker"), "tranque"),
    (lambda: domino.Rules.dominican().replace(pass_points=2), "pass_points"),
])
def test_options_of_another_game_are_rejected(make: object, option: str) -> None:
    """Rules: each house option belongs to its game; setting it elsewhere is a RulesError."""
    with pytest.raises(RulesError, match=option):
        make()  # type: ignore[operator]


def test_unknown_and_fixed_settings_are_rejected() -> None:
    """Rules: unknown settings, and the seats a Dominican mode fixes, are RulesErrors."""
    with pytest.raises(RulesError, match="spinner"):
        domino.Rules.muggins(spinner=True)
    with pytest.raises(RulesError, match="bogus"):
        domino.Rules.capicua().replace(bogus=1)
    with pytest.raises(RulesError, match="players"):
        domino.Rules.dominican(mode="four", players=3)
    with pytest.raises(RulesError, match="game"):
        domino.Rules.muggins(game="capicua")


def test_pairs_needs_four_players_and_is_not_muggins() -> None:
    """Rules: pairs needs 4 players (Capicua) and Muggins has no pairs."""
    with pytest.raises(RulesError, match="players=3"):
        domino.Rules.capicua(players=3, pairs=True)
    with pytest.raises(RulesError, match="muggins"):
        domino.Rules.muggins(players=4, pairs=True)


@pytest.mark.parametrize("mode", ["Pairs", "five", "", "one", "individual"])
def test_dominican_mode_names(mode: str) -> None:
    """Rules: the Dominican modes are exactly pairs, four, three and two."""
    with pytest.raises(RulesError, match=re.escape(repr(mode))):
        domino.Rules.dominican(mode=mode)


def test_rules_errors_are_value_errors() -> None:
    assert issubclass(RulesError, PintasError) and issubclass(RulesError, ValueError)
    assert issubclass(DealError, RulesError)


# ---- deals --------------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "hands", "boneyard", "message"), [
    (domino.Rules.capicua(players=3), HANDS2, None, "3 players need 3 hands: got 2"),
    (domino.Rules.dominican(mode="two"), HANDS4[:3], [], "2 players need 2 hands: got 3"),
    (domino.Rules.dominican(mode="two"), ["6|6 2|2 2|1 2|0 1|1 1|0", HANDS2[1]], [],
     "seat 0 must hold 7 tiles: got 6"),
    (domino.Rules.dominican(mode="two"), [HANDS2[0], "6|5 5|5 5|4 4|4 6|4 4|3 0|0"], [],
     "dealt twice: 0|0"),
    (domino.Rules.dominican(mode="two"), [HANDS2[0], "6|5 5|5 5|4 4|4 6|4 4|3 3|2 1|0"], [],
     "seat 1 must hold 7 tiles: got 8"),
    (domino.Rules.muggins(players=2), HANDS2, rest(*HANDS2)[:13], "got 13"),
    (domino.Rules.muggins(players=2), HANDS2, [*rest(*HANDS2), Tile(6, 6)], "6|6"),
    (domino.Rules.dominican(mode="three"), HANDS4[:3], rest(*HANDS4[:3]), "never draws"),
    (domino.Rules.capicua(players=4), HANDS4, [Tile(6, 6)], "in a hand and in the boneyard"),
])
def test_bad_deals_are_deal_errors(rules: domino.Rules, hands: list[str],
                                   boneyard: list[Tile] | None, message: str) -> None:
    """Deal: wrong hand count or size, a tile twice, a wrong boneyard, or any boneyard where
    the rules never draw: DealError with the cause."""
    if boneyard is None:
        boneyard = rest(*hands)
    with pytest.raises(DealError, match=re.escape(message)):
        domino.Game(rules, seed=0, deal=domino.Deal(hands=hands, boneyard=boneyard))


def test_deal_lists_with_a_tile_twice_are_deal_errors() -> None:
    """Deal: a hand or a boneyard listing a tile twice is caught when the Deal is built."""
    with pytest.raises(DealError, match="twice"):
        domino.Deal(hands=[["6|6", "6|6", "5|5", "4|4", "3|3", "2|2", "1|1"]])
    with pytest.raises(DealError, match="twice"):
        domino.Deal(hands=HANDS2, boneyard=["5|3", "3|5"])
    with pytest.raises(DealError):
        domino.Game(domino.Rules.capicua(players=2), deal="6|6")  # type: ignore[arg-type]


def test_set_deal_only_before_the_rounds_first_move() -> None:
    """Deal: set_deal replaces a round's deal before its first move, else IllegalMoveError."""
    game = new_game(domino.Rules.dominican(mode="two"), HANDS2)
    events = game.set_deal(domino.Deal(hands=list(reversed(HANDS2))))
    assert events == [domino.Event("deal", seat=1, side=1, tile=Tile(6, 6), count=1)]
    game.play("6|6")
    before = game.to_bytes()
    with pytest.raises(IllegalMoveError):
        game.set_deal(domino.Deal(hands=HANDS2))
    with pytest.raises(DealError):
        game.set_deal(domino.Deal(hands=HANDS2[:1]))
    assert game.to_bytes() == before
    back = domino.Game.from_bytes(before)  # a hand-set deal is part of the save
    assert back.to_bytes() == before and back.events == game.events


# ---- moves and notation -------------------------------------------------------------


def test_parse_move_accepts_full_and_bare_notation() -> None:
    """parse_move: TILE+L/R, a bare tile when it fits one way, draw and pass."""
    game = new_game(domino.Rules.capicua(players=2), HANDS2)
    assert game.parse_move("6|6") == domino.Move.play("6|6", "L")
    assert game.parse_move(" 6|6l ") == domino.Move.play("6|6", "L")
    game.play("6|6")
    assert game.parse_move("5|6") == domino.Move.play("6|5", "L")
    game2 = new_game(domino.Rules.dominican(mode="two"), HANDS2)
    for move in "6|6 6|5 pass 5|5 pass 5|4 pass 4|4 pass".split():
        game2.play(move)
    assert game2.ends == (4, 6)
    with pytest.raises(NotationError, match=re.escape("'6|4' fits both ends")):
        game2.parse_move("6|4")
    assert game2.parse_move("6|4r") == domino.Move.play("6|4", "R")
    hands = ["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"]
    game3 = new_game(domino.Rules.capicua(players=2), hands)
    game3.play("6|6")
    assert game3.parse_move("draw") == domino.Move.draw()
    for _ in range(14):
        game3.play("draw")
    assert game3.parse_move("pass") == domino.Move.pass_()


@pytest.mark.parametrize("text", ["hello", "7|1", "6-6", "", "6|4x", "66", "6|6|L"])
def test_bad_text_is_a_notation_error_quoting_it(text: str) -> None:
    """parse_move / play: text that is no move is a NotationError quoting it; nothing changes."""
    refused(new_game(domino.Rules.capicua(players=2), HANDS2), text, NotationError,
            re.escape(repr(text)))


@pytest.mark.parametrize("text", ["6|4X", "HELLO", " 6|6|L "])
def test_notation_error_quotes_the_input_verbatim(text: str) -> None:
    """Error messages quote the input as given (case and spaces kept)."""
    game = new_game(domino.Rules.capicua(players=2), HANDS2)
    with pytest.raises(NotationError, match=re.escape(repr(text))):
        game.parse_move(text)


def test_non_text_moves_are_notation_errors() -> None:
    game = new_game(domino.Rules.capicua(players=2), HANDS2)
    for bad in (None, 5, object()):
        with pytest.raises(NotationError):
            game.play(bad)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        game.parse_move(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["6|5L", "6|6R", "draw", "pass", "0|0", "4|4L"])
def test_well_formed_illegal_moves_are_illegal_move_errors(text: str) -> None:
    """parse_move / play: a well-formed move that is not legal now is an IllegalMoveError
    quoting it, and the game is byte-identical afterwards."""
    game = new_game(domino.Rules.capicua(players=2), HANDS2)
    refused(game, text, IllegalMoveError, re.escape(repr(text)))
    rejected(game, domino.Move.parse(text) if text[-1] in "LR" or text in ("draw", "pass")
             else domino.Move.play(text, "L"))
    assert game.history == () and game.to_move == 0


def test_play_on_a_finished_game_is_an_illegal_move_error() -> None:
    """play: once the game is over every move is an IllegalMoveError; nothing changes."""
    hands = ["5|5 6|5 6|4 6|3 4|3 2|1 1|0", "4|4 3|3 6|2 6|1 5|4 5|3 5|0"]
    game = new_game(domino.Rules.muggins(players=2, target=10), hands)
    game.play("5|5")
    assert game.is_over and game.legal_moves() == []
    before = game.to_bytes()
    for move in ("5|0R", "5|4L", "draw", "pass", domino.Move.play("5|0", "R")):
        with pytest.raises(IllegalMoveError):
            game.play(move)
    assert game.to_bytes() == before


def test_moves_are_values_with_notation() -> None:
    m = domino.Move.parse("4|6r")
    assert (m.kind, m.tile, m.end, str(m)) == ("play", Tile(6, 4), "R", "6|4R")
    assert m == domino.Move.play("6|4", "R") and hash(m) == hash(domino.Move.play("6|4", "R"))
    assert domino.Move.from_code(m.code) is domino.Move.parse("6|4R")
    assert (domino.Move.draw().kind, domino.Move.pass_().tile) == ("draw", None)
    assert pickle.loads(pickle.dumps(m)) == m
    with pytest.raises(NotationError):
        domino.Move.play("6|4", "X")
    with pytest.raises(AttributeError):
        m.end = "L"  # type: ignore[misc]


# ---- seats and views ----------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 2, 4, "0", 1.0, True, None])
def test_bad_seats_are_seat_errors(seat: object) -> None:
    """hand(seat), view(seat), pips(seat): a seat the game does not have is a SeatError."""
    game = new_game(domino.Rules.dominican(mode="two"), HANDS2)
    for method in (game.hand, game.view, game.pips, game.side_of):
        with pytest.raises(SeatError, match=re.escape(repr(seat))):
            method(seat)  # type: ignore[arg-type]


VIEW_FIELDS = {"seat", "rules", "hand", "placements", "line", "ends", "hand_sizes",
               "boneyard_size", "scores", "to_move", "round", "leader", "forced_tile", "log",
               "is_over", "winner"}


def test_view_carries_nothing_hidden() -> None:
    """view: only the seat's own hand and public facts: no other hand, no boneyard contents,
    no set-aside tiles; the leader alone sees its forced opening tile."""
    assert {f.name for f in dataclasses.fields(domino.View)} == VIEW_FIELDS
    game = new_game(domino.Rules.capicua(players=2), HANDS2)
    for seat in (0, 1):
        view = game.view(seat)
        assert set(vars(view)) == VIEW_FIELDS
        assert view.hand == game.hand(seat)
        assert view.boneyard_size == 14 and view.hand_sizes == (7, 7)
        others = game.hand(1 - seat)
        for name in VIEW_FIELDS - {"rules", "hand", "log"}:
            value = getattr(view, name)
            assert not (isinstance(value, TileSet) and value & others)
        assert not {e.tile for e in view.log if e.tile is not None} & set(others)
    assert game.view(0).forced_tile == Tile(6, 6) and game.view(1).forced_tile is None
    assert game.view(0).legal_moves() == game.legal_moves() and game.view(1).legal_moves() == []


def test_view_log_hides_other_seats_drawn_tiles() -> None:
    """view: the log shows a seat its own draws; another seat's draws without the tile."""
    hands = ["6|6 6|5 6|4 6|3 6|2 4|4 3|3", "5|5 5|4 5|3 5|2 5|1 5|0 4|3"]
    boneyard = [Tile.parse(t) for t in ("1|0", "2|0", "6|1")]
    boneyard += [t for t in rest(*hands) if t not in boneyard]
    game = new_game(domino.Rules.capicua(players=2), hands, boneyard)
    game.play("6|6")
    for _ in range(3):
        game.play("draw")
    own = [e for e in game.view(1).log if e.kind == "draw"]
    seen = [e for e in game.view(0).log if e.kind == "draw"]
    assert [e.tile for e in own] == boneyard[:3]
    assert seen == [domino.Event("draw", seat=1, side=1)] * 3
    assert [e.tile for e in game.events if e.kind == "draw"] == boneyard[:3]  # the referee
    assert game.view(0).boneyard_size == 11 and game.view(0).hand_sizes == (6, 10)


def test_view_in_dominican_two_never_shows_set_aside_tiles() -> None:
    """view: 14 tiles set aside in "two": no view holds any of them, before or after the round."""
    game = new_game(domino.Rules.dominican(mode="two"), HANDS2)
    aside = set(ALL_TILES) - set(TileSet.parse(HANDS2[0])) - set(TileSet.parse(HANDS2[1]))
    for move in "6|6 6|5 pass 5|5 pass 5|4 pass 4|4 pass 6|4R pass 4|3 pass 3|3".split():
        game.play(move)
    assert game.round == 2
    for seat in (0, 1):
        view = game.view(seat)
        round_one = view.log[:[e.kind for e in view.log].index("round_end") + 1]
        assert not {e.tile for e in round_one} & aside
        assert view.boneyard_size == 0


# ---- events ------------------------------------------------------------------------


def test_events_are_immutable_records_with_readable_text() -> None:
    """Events: immutable, hashable, comparable, picklable, with a plain-words str()."""
    hands = ["6|6 2|2 2|1 2|0 1|1 1|0 0|0", "6|5 5|5 5|4 4|4 6|4 4|3 3|3"]
    game = new_game(domino.Rules.dominican(mode="two"), hands)
    events = list(game.events)
    for move in "6|6 6|5 pass 5|5 pass 5|4 pass 4|4 pass 6|4R pass 4|3 pass 3|3".split():
        events += game.play(move)
    text = [str(e) for e in events]
    assert text[:4] == ["round 1 dealt; player 1 leads", "player 1 plays 6|6 at left",
                        "player 2 plays 6|5 at left", "player 1 passes"]
    assert text[-3:] == ["round won by player 2 (domino)", "player 2 scores 12 (domino)",
                         "round 2 dealt; player 2 leads"]
    event = events[1]
    with pytest.raises(AttributeError):
        event.tile = Tile(0, 0)  # type: ignore[misc]
    assert event == domino.Event("play", seat=0, side=0, tile=Tile(6, 6), end="L")
    assert {event, domino.Event("play", seat=0, side=0, tile=Tile(6, 6), end="L")} == {event}
    assert pickle.loads(pickle.dumps(events)) == events
    assert repr(event) == "Event('play', seat=0, side=0, tile=Tile(6, 6), end='L')"
    assert str(domino.Event("redeal", seat=2, side=2, count=5)) == \
        "deal void: player 3 held 5 doubles"
    assert str(domino.Event("draw", seat=1, side=1)) == "player 2 draws"
    assert str(domino.Event("tiebreak", seat=2, side=2, tile=Tile(3, 1), count=1)) == \
        "tie-break draw 1: player 3 draws 3|1"
    assert str(domino.Event("game_end", side=1, reason="zapatero")) == \
        "game won by player 2 (zapatero!)"
    assert str(domino.Event("round_end", reason="block_tie")) == \
        "round blocked with a tie: nobody scores"
    with pytest.raises(ValueError):
        domino.Event("explode")


def test_event_texts_name_a_team_in_pairs_and_a_player_otherwise() -> None:
    """The words of docs/rules.md: in pairs a side is a team (its players
    named), otherwise a player, counted from 1; never "side" or "seat", which
    stay the fields' names."""
    texts = {}
    for rules in (domino.Rules.dominican(target=30), domino.Rules.capicua(pairs=True, target=4),
                  domino.Rules.muggins(players=3, target=40),
                  domino.Rules.dominican(mode="three", target=30)):
        game = domino.Game(rules, seed=3)
        while not game.is_over:
            game.play(game.legal_moves()[0])
        texts[rules.game, rules.pairs] = [str(e) for e in game.events]
        assert not any("side" in text or "seat" in text
                       for text in texts[rules.game, rules.pairs])
        views = [str(e) for e in game.view(1).log]
        assert views[-1] == texts[rules.game, rules.pairs][-1]
    pairs = texts["dominican", True] + texts["capicua", True]
    assert any(re.fullmatch(r"player [1-4] scores \d+ for team [12] \(players [1-4] & [1-4]\) "
                            r"\(\w+\)", t) for t in pairs)
    assert re.fullmatch(r"game won by team (1 \(players 1 & 3\)|2 \(players 2 & 4\))",
                        texts["dominican", True][-1])
    assert re.fullmatch(r"game won by player [1-3]", texts["muggins", False][-1])
    assert any(re.fullmatch(r"player [1-3] scores \d+ \((fives|domino|block)\)", t)
               for t in texts["muggins", False])
    # an event keeps its words through pickling and hiding
    game = domino.Game(domino.Rules.dominican(target=30), seed=3)
    while not game.is_over:
        game.play(game.legal_moves()[0])
    end = game.events[-1]
    assert str(pickle.loads(pickle.dumps(end))) == str(end)
    assert pickle.loads(pickle.dumps(end)) == end
    # plain data says so: the game's end reads the same from JSON
    assert end.teams and end.to_dict()["teams"] is True
    again = domino.Event.from_dict(json.loads(json.dumps(end.to_dict())))
    assert again == end and str(again) == str(end) == "game won by team 1 (players 1 & 3)"
    assert "teams" not in domino.Event("game_end", side=1, reason="normal").to_dict()
    # built by hand: told, or guessed from a seat scoring for another side
    assert str(domino.Event("game_end", side=0, reason="normal", teams=True)) == \
        "game won by team 1 (players 1 & 3)"
    assert str(domino.Event("score", seat=2, side=0, points=25, reason="capicua")) == \
        "player 3 scores 25 for team 1 (players 1 & 3) (capicua)"
    assert str(domino.Event("score", seat=0, side=0, points=4, reason="pase_corrido")) == \
        "player 1 scores 4 (pase corrido)"
    with pytest.raises(TypeError):
        domino.Event("game_end", side=0, teams=1)  # type: ignore[arg-type]


# ---- copies, history -------------------------------------------------------------------


def test_copy_is_independent() -> None:
    """copy(): moves on the copy leave the original untouched, and the other way round."""
    game = new_game(domino.Rules.capicua(players=2), HANDS2)
    game.play("6|6")
    before = game.to_bytes()
    other = game.copy()
    assert other.to_bytes() == before
    other.play(other.legal_moves()[0])
    assert game.to_bytes() == before and game.history == (domino.Move.play("6|6", "L"),)
    assert len(other.history) == 2 and other.to_bytes() != before
    game.play(game.legal_moves()[-1])
    assert len(other.history) == 2
    assert other.copy().to_bytes() == other.to_bytes()


def test_history_replays_to_the_same_game() -> None:
    game = domino.Game(domino.Rules.muggins(players=3), seed=9)
    for _ in range(5000):
        if game.round >= 3 or game.is_over:
            break
        game.play(game.legal_moves()[-1])
    assert game.round == 3
    replay = domino.Game(domino.Rules.muggins(players=3), seed=9)
    for move in game.history:
        replay.play(move)
    assert replay.to_bytes() == game.to_bytes() and replay.events == game.events


# ---- simulate ------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [domino.Rules.muggins(players=2),
                                   domino.Rules.capicua(players=4, pairs=True),
                                   domino.Rules.dominican(mode="three")], ids=str)
def test_simulate_stats_are_sane_and_deterministic(rules: domino.Rules) -> None:
    """simulate(): wins sum to the games, rounds >= games, blocks <= rounds, the winners'
    points cover the target; the same seed gives the same stats, another seed others."""
    stats = domino.simulate(rules, games=150, seed=4)
    assert stats.games == 150 and sum(stats.wins) == 150
    assert len(stats.wins) == len(stats.points) == rules.sides
    assert stats.rounds >= stats.games and 0 < stats.blocks <= stats.rounds
    assert stats.moves >= 7 * stats.rounds
    assert sum(stats.points) >= rules.target * stats.games
    assert 0 <= stats.block_rate <= 1
    assert len(stats.mean_points_per_round) == rules.sides
    assert domino.simulate(rules, games=150, seed=4) == stats
    assert domino.simulate(rules, games=150, seed=5) != stats


def test_simulate_matches_the_same_games_played_through_the_api() -> None:
    """simulate(): game i is seeded seed + i; choices are legal[below(n)] from a PCG32 on
    stream PINTAS_RNG_STREAM + 1 (drawn only when n > 1, per csrc/line_sim.c)."""
    rules, seed, games = domino.Rules.muggins(players=3), 11, 3
    chooser = PCG32(seed, STREAM + 1)
    rounds = moves = blocks = 0
    wins = [0] * rules.sides
    points = [0] * rules.sides
    for i in range(games):
        game = domino.Game(rules, seed=seed + i)
        for _ in range(5_000):
            if game.is_over:
                break
            legal = game.legal_moves()
            move = legal[chooser.below(len(legal))] if len(legal) > 1 else legal[0]
            moves += 1
            for event in game.play(move):
                if event.kind == "score":
                    assert event.side is not None
                    points[event.side] += event.points
                elif event.kind == "round_end" and event.reason != "domino":
                    blocks += 1
        winner = game.winner
        assert game.is_over and winner is not None
        rounds += game.round
        wins[winner] += 1
    stats = domino.simulate(rules, games=games, seed=seed)
    assert (stats.games, stats.rounds, stats.moves, stats.blocks) == (games, rounds, moves, blocks)
    assert stats.wins == tuple(wins) and stats.points == tuple(points)


def test_simulate_rejects_bad_arguments() -> None:
    bad: list[dict[str, object]] = [{"games": -1}, {"games": 1.5}, {"seed": -1}, {"seed": 2**64}]
    for kwargs in bad:
        with pytest.raises(RulesError):
            domino.simulate(domino.Rules.muggins(), **kwargs)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        domino.simulate("muggins")  # type: ignore[arg-type]  # the point of the test
    empty = domino.simulate(domino.Rules.muggins(), games=0)
    assert (empty.games, empty.rounds, empty.block_rate) == (0, 0, 0.0)


@pytest.mark.parametrize("rules", [domino.Rules.muggins(players=2), domino.Rules.muggins(players=4),
                                   domino.Rules.dominican(mode="pairs")], ids=str)
def test_shared_events_are_the_values_a_new_event_has(rules: domino.Rules) -> None:
    """Plays, draws, passes and fives are made once and shared between games:
    each is the very event every equal one is, with the fields, text and
    teams of an event made from its values."""
    seen: dict[tuple[object, ...], domino.Event] = {}
    fives = 0
    for seed in range(6):
        game = domino.Game(rules, seed=seed)
        draw = random.Random(seed).random
        while not game.is_over:
            legal = game.legal_moves()
            for e in game.play(legal[int(draw() * len(legal))]):
                if e.kind not in ("play", "draw", "pass") and e.reason != "fives":
                    continue
                fives += e.reason == "fives"
                key = (e.kind, e.seat, e.side, e.tile, e.end, e.points, e.reason, e.teams)
                fresh = domino.Event(e.kind, e.seat, e.side, e.tile, e.end, e.points, e.reason,
                                     teams=e.teams)
                assert e == fresh and str(e) == str(fresh) and e.teams == fresh.teams
                assert seen.setdefault(key, e) is e, f"{e!r} made anew"
    assert (fives > 0) == (rules.game == "muggins")

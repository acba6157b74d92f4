"""The registry of games: presets, families, players; and the front ends that
are written against it and the protocol, never against one game's classes."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pintas
from pintas import caminos, dice, domino, registry
from pintas._base import Stop
from pintas.errors import RulesError

SRC = Path(pintas.__file__).parent
#: The front ends: written once, for every game.
FRONT_ENDS = ("tournament.py", "timer.py", "cli.py", "bots.py", "_prompt.py", "_game.py",
              "_view.py", "_rules.py", "_plain.py", "_simulate.py", "protocol.py")
GAME_PACKAGES = ("domino", "caminos", "dice")


def test_every_preset_is_listed_once_under_its_family() -> None:
    names = [p.name for p in registry.presets()]
    assert names == ["dominican", "muggins", "capicua", "caminos", "caminos_no_renewal",
                     "caminos_two_paths", "dice_of_doom", "farkle"]
    assert [f.name for f in registry.families()] == list(GAME_PACKAGES)
    for preset in registry.presets():
        rules = preset.rules()
        assert registry.family_of(rules) is preset.family
        assert isinstance(rules, preset.family.rules_type)


@pytest.mark.parametrize(("name", "options", "expected"), [
    ("dominican", {"mode": "three"}, domino.Rules.dominican(mode="three")),
    ("dominican", {"tranque": "blocker", "target": 150},
     domino.Rules.dominican(tranque="blocker", target=150)),
    ("muggins", {"players": 2, "block_scoring": "lowest_takes_all"},
     domino.Rules.muggins(players=2, block_scoring="lowest_takes_all")),
    ("capicua", {"pairs": True, "capicua": False},
     domino.Rules.capicua(pairs=True, capicua=False)),
    ("caminos_two_paths", {"players": 4, "rounds": 1}, caminos.Rules.two_paths(4, rounds=1)),
    ("farkle", {"target": 500, "final_round": True},
     dice.Rules.farkle(target=500, final_round=True)),
    ("dice_of_doom", {"mode": None, "target": None}, dice.Rules.dice_of_doom()),
])
def test_presets_take_their_options(name: str, options: dict[str, object],
                                    expected: object) -> None:
    assert registry.preset(name).rules(**options) == expected


@pytest.mark.parametrize(("name", "options", "message"), [
    ("muggins", {"mode": "pairs"}, r"muggins does not take mode \(it takes players, target"),
    ("dominican", {"players": 2}, "dominican does not take players"),
    ("caminos", {"target": 5}, "caminos does not take target"),
    ("farkle", {"pairs": True}, "farkle does not take pairs"),
    ("capicua", {"players": 7}, "players must be a whole number 2..4"),
])
def test_presets_refuse_what_they_do_not_take(name: str, options: dict[str, object],
                                              message: str) -> None:
    with pytest.raises(RulesError, match=message):
        registry.preset(name).rules(**options)


def test_unknown_games_and_values_are_named() -> None:
    with pytest.raises(RulesError, match="no game 'chess': choose one of dominican"):
        registry.preset("chess")
    with pytest.raises(RulesError, match="not the rules, game or view of a pintas game: got 42"):
        registry.family_of(42)


def test_family_of_knows_rules_games_and_views() -> None:
    for game in (domino.Game(domino.Rules.capicua(), seed=1), caminos.Game(caminos.Rules.base(),
                 seed=1), dice.Game(dice.Rules.farkle(), seed=1)):
        family = registry.family_of(game)
        assert registry.family_of(game.rules) is family
        assert registry.family_of(game.view(0)) is family
        assert type(family.new_game(game.rules, seed=1)) is family.game_type


def test_every_player_kind_and_strength_makes_a_player_of_its_family() -> None:
    for family in registry.families():
        rules = next(p for p in registry.presets() if p.family is family).rules()
        for kind in family.players:
            if not kind.can_play(rules):
                with pytest.raises(RulesError, match=kind.name):
                    registry.make_player(kind.name, rules, seed=1)
                continue
            player = registry.make_player(kind.name, rules, seed=1)
            assert isinstance(player, kind.cls)
            if kind.number:
                assert isinstance(registry.make_player(f"{kind.name}:{kind.least + 3}", rules),
                                  kind.cls)
        for word in registry.STRENGTHS:
            assert family.player_kind(registry.parse_player(family.strengths[word]).kind)


@pytest.mark.parametrize(("spec", "rules", "message"), [
    ("optimal", domino.Rules.dominican(), "'optimal' does not play domino"),
    ("suit", dice.Rules.farkle(), "'suit' does not play dice"),
    ("greedy:3", None, "only infer:N and search:N and threshold:N take a whole number"),
    ("search:x", None, "only infer:N and search:N and threshold:N take a whole number"),
    ("greedy:3~50", None, "only infer:N and search:N and threshold:N take a whole number"),
    ("search:0", caminos.Rules.base(), "search needs at least 1 samples"),
    ("genius", None, "no player 'genius': choose random, greedy, suit, search"),
    (7, None, "a player spec is a string"),
])
def test_bad_player_specs_are_refused_with_the_reason(spec: object, rules: object,
                                                      message: str) -> None:
    with pytest.raises(RulesError, match=message):
        registry.parse_player(spec, rules)  # type: ignore[arg-type]


def test_the_timer_players_of_every_family_answer_a_view() -> None:
    for family in registry.families():
        rules = next(p for p in registry.presets() if p.family is family).rules()
        game = family.new_game(rules, seed=5)
        seat = game.to_move
        assert seat is not None
        for player in family.timer_players(10, Stop()):
            assert player.choose(game.view(seat)) in game.legal_moves()


@pytest.mark.parametrize("name", FRONT_ENDS)
def test_front_ends_name_no_game(name: str) -> None:
    """The front ends and the shared layers import no game package: they reach
    every game through the protocol and the registry."""
    tree = ast.parse((SRC / name).read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            parts = (node.module or "").split(".")
            names = {alias.name for alias in node.names}
            assert not (set(parts) | names) & set(GAME_PACKAGES), \
                f"{name} imports a game: {ast.unparse(node)}"
        if isinstance(node, ast.Import):
            assert not any(set(a.name.split(".")) & set(GAME_PACKAGES) for a in node.names)


def test_each_game_package_has_the_same_rooms() -> None:
    rooms = {"__init__.py", "rules.py", "game.py", "players.py", "terminal.py",
             "_engine.pyx", "_engine.pxd", "_engine.pyi", "_search.pyx", "_search.pyi"}
    for package in GAME_PACKAGES:
        present = {p.name for p in (SRC / package).iterdir()}
        assert rooms <= present, f"pintas.{package} lacks {sorted(rooms - present)}"


def test_a_family_is_a_key_and_names_its_move_type() -> None:
    by_family = {family: family.move_type for family in registry.families()}
    assert len(by_family) == 3
    assert by_family[registry.family_of(domino.Rules.dominican())] is domino.Move
    assert by_family[registry.preset("caminos").family] is caminos.Move
    assert by_family[registry.preset("farkle").family] is dice.Move
    assert registry.preset("muggins").family == registry.preset("capicua").family
    assert registry.preset("muggins").family != registry.preset("farkle").family


# ---- the dial ---------------------------------------------------------------------------


def test_every_level_resolves_in_every_game_and_climbs() -> None:
    for preset in registry.presets():
        family, rules = preset.family, preset.rules()
        assert tuple(family.levels) == registry.LEVELS
        seats = family.seats(rules)
        specs = [family.strength(level, rules, seats) for level in registry.LEVELS]
        for spec in specs:
            registry.make_player(spec, rules, seed=3)
        assert specs[0] == family.players[0].name  # the family's weakest player
        strongest = registry.parse_player(family.strength("search", rules, seats)).kind
        assert registry.parse_player(specs[-1]).kind == strongest


def test_the_old_strength_words_still_mean_their_players() -> None:
    old = {"domino": ["random", "greedy", "suit", "search"],
           "caminos": ["random", "greedy", "suit", "search"],
           "dice": ["random", "threshold", "threshold", "optimal"]}
    for family in registry.families():
        assert [family.strength(word) for word in registry.STRENGTHS] == old[family.name]
    farkle = dice.Rules.farkle()
    assert [registry.families()[2].strength(w, farkle, 2) for w in ("search", "master")] == \
        ["win", "win"]
    assert registry.families()[2].strength("master", farkle, 3) == "optimal"


def test_the_top_level_is_one_name_in_each_game_package() -> None:
    assert domino.FAMILY.levels["master"] == domino.STRONGEST
    assert caminos.FAMILY.levels["master"] == caminos.STRONGEST
    with pytest.raises(ValueError, match="the dial has 5 levels: got 4"):
        registry.dial("random", "greedy", "suit", "search")


def test_a_mixed_spec_plays_its_kind_on_a_share_of_the_moves() -> None:
    assert str(registry.parse_player(" Search:40~70 ")) == "search:40~70"
    rules = domino.Rules.dominican()
    game = domino.Game(rules, seed=5)
    while len(game.legal_moves()) < 2:
        game.play(game.legal_moves()[0])
    assert game.to_move is not None
    view = game.view(game.to_move)
    suit = registry.make_player("suit", rules).choose(view)
    picks = [registry.make_player("suit~50", rules, seed=s).choose(view) for s in range(40)]
    assert picks == [registry.make_player("suit~50", rules, seed=s).choose(view)
                     for s in range(40)]   # the same seed, the same moves
    assert 10 <= picks.count(suit) < 40 and all(p in game.legal_moves() for p in picks)
    always = [registry.make_player("suit~99", rules, seed=s).choose(view) for s in range(40)]
    assert always.count(suit) >= 38


@pytest.mark.parametrize("spec", ["suit~0", "suit~100", "suit~x", "search:5~", "suit~-3"])
def test_a_bad_share_is_refused(spec: str) -> None:
    with pytest.raises(RulesError, match="~P is a percent of the moves, 1 to 99"):
        registry.parse_player(spec)

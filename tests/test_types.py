# mypy: disable-error-code="arg-type, list-item, operator"
"""An argument of the wrong type raises a TypeError, in every public call of
every game (pintas.errors: each cause's TypeError twin).

The twins derive from their cause's class too (``except NotationError`` still
catches ``game.play(42)``), their messages quote what was given, and a refused
call leaves the game exactly as it was. A ``bool`` or a ``float`` is a wrong
type where a whole number is wanted.
"""

from __future__ import annotations

import dataclasses
import pickle
import re
from collections.abc import Callable
from typing import Any

import pytest

from pintas import Tile, TileSet, bots, caminos, dice, domino, errors, registry, timer
from pintas.tiles import as_tile

PRESETS = registry.presets()
WRONG_MOVES = [42, None, 3.5, b"6|6", ("6|6", "L"), ["roll"]]
WRONG_SEATS = ["0", 1.0, None, True]
TWINS = [(errors.NotationTypeError, errors.NotationError),
         (errors.RulesTypeError, errors.RulesError), (errors.DealTypeError, errors.DealError),
         (errors.SeatTypeError, errors.SeatError), (errors.SaveTypeError, errors.CorruptStateError)]


def _game(preset: registry.Preset) -> Any:
    rules = preset.rules()
    game = preset.family.new_game(rules, seed=5)
    game.play(game.legal_moves()[0])
    return game


def _quoted(value: object) -> str:
    return re.escape(repr(value))


def _unchanged(game: Any, error: type[Exception], match: str | None,
               call: Callable[..., object], *args: Any) -> None:
    """``call(*args)`` raises ``error`` (a TypeError) and leaves ``game`` as it was."""
    before = game.to_bytes()
    with pytest.raises(error, match=match) as caught:
        call(*args)
    assert isinstance(caught.value, TypeError) and isinstance(caught.value, errors.PintasTypeError)
    assert game.to_bytes() == before


# ---- the classes --------------------------------------------------------------------------


@pytest.mark.parametrize(("twin", "cause"), TWINS, ids=lambda c: c.__name__)
def test_each_twin_is_its_cause_and_a_type_error(twin: type[Exception],
                                                 cause: type[Exception]) -> None:
    assert issubclass(twin, cause) and issubclass(twin, TypeError)
    assert issubclass(twin, errors.PintasTypeError) and issubclass(twin, errors.PintasError)
    error = pickle.loads(pickle.dumps(twin("got 42")))
    assert type(error) is twin and str(error) == "got 42"


def test_view_error_is_a_pintas_type_error() -> None:
    assert issubclass(errors.ViewError, errors.PintasTypeError)
    assert issubclass(errors.ViewError, TypeError)


def test_every_error_is_exported() -> None:
    for name in errors.__all__:
        assert issubclass(getattr(errors, name), errors.PintasError)


# ---- games ----------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_play_parse_and_is_legal_refuse_what_is_no_move(preset: registry.Preset) -> None:
    game = _game(preset)
    for wrong in WRONG_MOVES:
        for call in (game.play, game.is_legal, game.parse_move):
            _unchanged(game, errors.NotationTypeError, _quoted(wrong), call, wrong)


def test_the_exact_calls_a_new_user_met() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=1)
    for wrong in (42, None):
        with pytest.raises(TypeError, match=f"got {wrong}"):
            game.play(wrong)
    with pytest.raises(TypeError, match="got 'dominican'"):
        domino.Game("dominican")


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_a_move_of_another_game_is_a_wrong_type(preset: registry.Preset) -> None:
    game = _game(preset)
    for other in PRESETS:
        if other.family is preset.family:
            continue
        move = _game(other).legal_moves()[0]
        _unchanged(game, errors.NotationTypeError, f"{other.family.name}.Move", game.play, move)
        _unchanged(game, errors.NotationTypeError, None, game.is_legal, move)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_seats_of_the_wrong_type_are_refused(preset: registry.Preset) -> None:
    game = _game(preset)
    calls = [game.view, game.side_of]
    if hasattr(game, "hand"):
        calls.append(game.hand)
    for call in calls:
        for wrong in WRONG_SEATS:
            _unchanged(game, errors.SeatTypeError, _quoted(wrong), call, wrong)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_a_game_refuses_rules_and_seeds_of_the_wrong_type(preset: registry.Preset) -> None:
    family, rules = preset.family, preset.rules()
    for wrong in (preset.name, None, 3, registry.preset("farkle" if family.name != "dice"
                                                        else "muggins").rules()):
        if wrong is None and family.name == "dice":
            continue  # dice.Game(None) plays Dice of Doom
        with pytest.raises(errors.RulesTypeError, match=_quoted(wrong)):
            family.game_type(wrong)
    for seed in ("7", 7.0, True, [7]):
        with pytest.raises(errors.RulesTypeError, match=_quoted(seed)):
            family.new_game(rules, seed=seed)
    with pytest.raises(errors.RulesError, match="-1"):
        family.new_game(rules, seed=-1)
    with pytest.raises(errors.RulesTypeError, match="'4'"):
        family.new_game(rules, seats="4")


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_from_bytes_takes_bytes_and_from_dict_a_dict(preset: registry.Preset) -> None:
    game = _game(preset)
    saved = game.to_bytes()
    for wrong in (saved.decode("latin-1"), None, list(saved)):
        with pytest.raises(errors.SaveTypeError, match=type(wrong).__name__):
            type(game).from_bytes(wrong)
    for value in (game.rules, game.view(0), game.events[0], game.history[0]):
        for wrong in (42, "{}", [("kind", "play")]):
            with pytest.raises(errors.SaveTypeError, match=_quoted(wrong)):
                type(value).from_dict(wrong)


def test_dice_games_check_their_seats_and_players() -> None:
    for players in (2.0, "2", True, None):
        with pytest.raises(errors.RulesTypeError, match=_quoted(players)):
            dice.Game(players=players)
    for first in ("0", 0.0, True, None):
        with pytest.raises(errors.SeatTypeError, match=_quoted(first)):
            dice.Game(players=2, first_player=first)


def test_the_seat_calls_of_each_game_and_view() -> None:
    line = domino.Game(domino.Rules.muggins(), seed=1)
    road = caminos.Game(caminos.Rules.base(), seed=1)
    for wrong in WRONG_SEATS:
        _unchanged(line, errors.SeatTypeError, _quoted(wrong), line.pips, wrong)
        _unchanged(road, errors.SeatTypeError, _quoted(wrong), road.choice, wrong)
        with pytest.raises(errors.SeatTypeError, match=_quoted(wrong)):
            line.view(0).passes(wrong)
        with pytest.raises(errors.SeatTypeError, match=_quoted(wrong)):
            road.view(0).known_tiles(wrong)
    with pytest.raises(errors.SeatError, match="seat 9"):
        line.view(0).passes(9)
    with pytest.raises(errors.SeatError, match="seat 9"):
        road.view(0).known_tiles(9)


# ---- rules ----------------------------------------------------------------------------------


def _wrong_values(default: object) -> list[object]:
    """Values of the wrong type for a setting whose value is ``default``."""
    if default is None:  # a limit: None (no limit) or a whole number
        return ["3", 2.0, True, [2]]
    if isinstance(default, bool):
        return [1, "yes", 0.0]
    if isinstance(default, int):
        return ["200", 2.0, True, [2]]
    return [1, True, b"x"]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_every_option_of_every_preset_refuses_a_wrong_type(preset: registry.Preset) -> None:
    rules = preset.rules()
    for option in preset.options:
        field = {"capicua": "capicua_doubles"}.get(option, option)
        default = "pairs" if option == "mode" else getattr(rules, field)
        for wrong in _wrong_values(default):
            with pytest.raises(errors.RulesTypeError, match=_quoted(wrong)):
                preset.make(**{option: wrong})


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_replace_refuses_a_wrong_type_for_every_setting(preset: registry.Preset) -> None:
    rules = preset.rules()
    for field in dataclasses.fields(rules):
        for wrong in _wrong_values(getattr(rules, field.name)):
            with pytest.raises(errors.RulesTypeError, match=_quoted(wrong)):
                rules.replace(**{field.name: wrong})


def test_the_rules_options_a_new_user_met() -> None:
    for make in (lambda: domino.Rules.muggins(target="200"),
                 lambda: domino.Rules.muggins(players=2.0),
                 lambda: domino.Rules.capicua(pairs="yes"),
                 lambda: domino.Rules.muggins(target=True),
                 lambda: dice.Rules.farkle(target=True),
                 lambda: caminos.Rules(3)):
        with pytest.raises(TypeError):
            make()
    with pytest.raises(errors.RulesError) as caught:  # a wrong value stays a ValueError only
        domino.Rules.muggins(target=0)
    assert not isinstance(caught.value, TypeError)


def test_simulations_check_their_arguments() -> None:
    for module, rules in ((domino, domino.Rules.muggins()), (caminos, caminos.Rules.base())):
        with pytest.raises(errors.RulesTypeError, match="'muggins'"):
            module.simulate("muggins", games=1)
        with pytest.raises(errors.RulesTypeError, match="'10'"):
            module.simulate(rules, games="10")
        with pytest.raises(errors.RulesTypeError, match=r"1\.5"):
            module.simulate(rules, games=1, seed=1.5)


# ---- deals ----------------------------------------------------------------------------------

HANDS = ["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"]


@pytest.mark.parametrize("make", [
    lambda: domino.Deal(hands=42),
    lambda: domino.Deal(hands="6|6 6|5 6|4 6|3 6|2 6|1 6|0"),
    lambda: domino.Deal(hands=[42, "5|5"]),
    lambda: domino.Deal(hands=HANDS, boneyard=42),
    lambda: caminos.Deal(paths=42, hands=HANDS),
    lambda: caminos.Deal(paths="6|5", hands=7),
    lambda: caminos.Deal(paths="6|5", hands=HANDS, pile=None),
    lambda: caminos.Deal.complete(paths="6|5", hands="6|6 5|5"),
], ids=range(8))
def test_deals_refuse_parts_of_the_wrong_type(make: Callable[[], object]) -> None:
    with pytest.raises(errors.DealTypeError, match="got "):
        make()


def test_tiles_of_the_wrong_type_in_a_deal_are_notation_type_errors() -> None:
    with pytest.raises(errors.NotationTypeError, match="64"):
        domino.Deal(hands=[[64], "5|5"])


@pytest.mark.parametrize("preset", [p for p in PRESETS if p.family.name != "dice"],
                         ids=lambda p: p.name)
def test_set_deal_and_the_constructor_take_a_deal(preset: registry.Preset) -> None:
    game = _game(preset)
    for wrong in (42, "6|6 6|5", HANDS):
        _unchanged(game, errors.DealTypeError, _quoted(wrong), game.set_deal, wrong)
        with pytest.raises(errors.DealTypeError, match=_quoted(wrong)):
            preset.family.game_type(preset.rules(), deal=wrong)


# ---- tiles, moves, dice ---------------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda: Tile("6", 4), lambda: Tile(1.5, 2), lambda: Tile(True, 0), lambda: Tile.parse(64),
    lambda: Tile.from_index("3"), lambda: Tile.from_index(True), lambda: TileSet(5),
    lambda: TileSet("6|6 5|5"), lambda: TileSet([64]), lambda: TileSet.from_mask("1"),
    lambda: TileSet.parse(None), lambda: as_tile(64), lambda: TileSet().issubset(5),
    lambda: domino.Move("play", 42, "L"), lambda: domino.Move.play(None),
    lambda: domino.Move(3), lambda: domino.Move.play("6|6", end=1), lambda: domino.Move.parse(42),
    lambda: domino.Move.from_code("3"), lambda: caminos.Move.place("6|6", 3, 1),
    lambda: caminos.Move.place("6|6", "front", "2"), lambda: caminos.Move.place("6|6", "back", 1.0),
    lambda: caminos.Move.reveal(5), lambda: caminos.Move.parse(None),
    lambda: caminos.Move.from_code(2.0), lambda: dice.Move.keep(None), lambda: dice.Move.roll(3.5),
    lambda: dice.Move(5), lambda: dice.Move.parse(b"bank"), lambda: dice.Move.keep([1.0]),
    lambda: dice.Keep(None, 100),
], ids=range(31))
def test_tiles_and_moves_refuse_values_of_the_wrong_type(call: Callable[[], object]) -> None:
    with pytest.raises(errors.NotationTypeError, match="got "):
        call()


def test_tile_sets_combine_only_with_tile_sets() -> None:
    with pytest.raises(TypeError):
        TileSet() | 5


@pytest.mark.parametrize("call", [
    lambda: dice.score(None), lambda: dice.score([1.5]), lambda: dice.score([True, 5]),
    lambda: dice.score(["1"]), lambda: dice.keeps([1, 5], pool=None),
    lambda: dice.keep_score(5), lambda: dice.is_doom(6),
], ids=range(7))
def test_dice_helpers_refuse_dice_of_the_wrong_type(call: Callable[[], object]) -> None:
    with pytest.raises(errors.NotationTypeError, match="got "):
        call()


def test_dice_helpers_refuse_rules_of_the_wrong_type() -> None:
    for call in (lambda: dice.score([1], rules="farkle"),
                 lambda: dice.keeps([1], rules=domino.Rules.muggins()),
                 lambda: dice.keep_score([1], rules=1), lambda: dice.is_doom([6, 6], rules={}),
                 lambda: dice.solve_turn("farkle")):
        with pytest.raises(errors.RulesTypeError, match="got "):
            call()
    with pytest.raises(errors.NotationError) as caught:  # text that is no dice: a wrong value
        dice.score("abc")
    assert not isinstance(caught.value, TypeError)


def test_a_policy_refuses_arguments_of_the_wrong_type() -> None:
    policy = dice.solve_turn(dice.Rules.farkle())
    for call in (lambda: policy.should_bank("300"), lambda: policy.roll_value(1.5),
                 lambda: policy.best_keep([1, 5], turn_total=None),
                 lambda: policy.threshold(dice_left="3")):
        with pytest.raises(errors.PintasTypeError, match="got "):
            call()


# ---- players, the registry and the timer ----------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_every_player_refuses_what_is_no_view_of_its_game(preset: registry.Preset) -> None:
    rules = preset.rules()
    other = _game(next(p for p in PRESETS if p.family is not preset.family))
    players: list[Any] = [registry.make_player(kind.name, rules) for kind in preset.family.players
                          if kind.can_play(rules)]
    for player in [*players, bots.RandomPlayer()]:  # the facade plays every game's views
        for wrong in (42, None, rules, *([other.view(0)] if player in players else [])):
            with pytest.raises(errors.ViewError, match="got "):
                player.choose(wrong)


def test_player_options_of_the_wrong_type_are_refused() -> None:
    for make in (lambda: domino.players.SearchPlayer(samples="50"),
                 lambda: caminos.players.SearchPlayer(seconds="1"),
                 lambda: domino.players.SearchPlayer(policy=1),
                 lambda: domino.players.SuitPlayer(weights=5),
                 lambda: dice.players.ThresholdPlayer(bank_at="1000"),
                 lambda: dice.players.OptimalPlayer(rules="farkle"),
                 lambda: domino.players.RandomPlayer(seed="1"),
                 lambda: bots.SearchPlayer(seed=1.0).choose(
                     domino.Game(domino.Rules.muggins(), seed=1).view(0))):
        with pytest.raises(errors.RulesTypeError, match="got "):
            make()


def test_the_registry_refuses_names_and_rules_of_the_wrong_type() -> None:
    for call in (lambda: registry.preset(42), lambda: registry.parse_player(7),
                 lambda: registry.make_player("greedy", 42), lambda: registry.family_of(None)):
        with pytest.raises(errors.RulesTypeError, match="got "):
            call()


def test_the_timer_refuses_seats_and_seconds_of_the_wrong_type() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=7)
    seat = game.to_move
    _unchanged(game, errors.SeatTypeError, "got ", timer.auto_move, game, str(seat), 1.0)
    _unchanged(game, errors.RulesTypeError, "got ", timer.auto_move, game, seat, "1")
    _unchanged(game, errors.RulesTypeError, "got ", timer.auto_move, game, seat, 1.0, 2.0)
    with pytest.raises(errors.RulesTypeError, match="got "):
        timer.Clock(seconds_per_move="30")


def test_the_other_public_calls_check_their_types() -> None:
    line = domino.Game(domino.Rules.muggins(players=2), seed=1)
    road = caminos.Game(caminos.Rules.base(players=2), seed=1)
    view = line.view(line.to_move)
    for call, error in ((lambda: domino.Deal(hands=HANDS).check("muggins"), errors.RulesTypeError),
                        (lambda: caminos.Deal.complete(paths="6|5 4|4 3|1 2|0 1|0", hands=[
                            "6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]).check(42),
                         errors.RulesTypeError),
                        (lambda: domino.players.SuitPlayer().rank(42, []), errors.ViewError),
                        (lambda: caminos.players.SuitPlayer().rank(road, []), errors.ViewError),
                        (lambda: domino.players.immediate_points(42, line.legal_moves()[0]),
                         errors.ViewError),
                        (lambda: domino.players.immediate_points(view, "6|6L"),
                         errors.NotationTypeError),
                        (lambda: bots.SearchPlayer(samples="50"), errors.RulesTypeError),
                        (lambda: bots.ThresholdPlayer(bank_at=1.5), errors.RulesTypeError),
                        (lambda: timer.Clock().used("0"), errors.SeatTypeError)):
        with pytest.raises(error, match="got "):
            call()

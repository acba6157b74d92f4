"""Every value of every game compares by value, over every preset.

Games are equal when their rules, seeds, logs and states are (a copy, a
replay, a save read back, a pickle), and they are not hashable: they change.
Views, rules, deals, moves, events (and paths, keeps, tiles) are immutable:
equal values compare equal and hash equal however they were made (built
again, copied, pickled, read back from plain data).
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from pintas import Tile, TileSet, caminos, dice, domino, registry
from tests.support import played

PRESETS = registry.presets()


def _game(preset: registry.Preset, seed: int | None) -> Any:
    rules = preset.rules()
    game = preset.family.new_game(rules, seed=seed)
    return played(game, random.Random(preset.name).randrange(5, 60), random.Random(7))


def _same_value(value: Any, *others: Any) -> None:
    """``value`` equals each of ``others`` and every copy of it, with the same hash."""
    copies = [*others, copy.copy(value), copy.deepcopy(value),
              pickle.loads(pickle.dumps(value)), type(value).from_dict(value.to_dict())]
    for other in copies:
        assert other == value and not other != value, (value, other)
        assert hash(other) == hash(value), (value, other)


@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "unseeded"])
@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_games_equal_their_copies_replays_saves_and_pickles(preset: registry.Preset,
                                                            seeded: bool) -> None:
    game = _game(preset, 11 if seeded else None)
    for other in (game.copy(), game.replay(), type(game).from_bytes(game.to_bytes()),
                  pickle.loads(pickle.dumps(game)), copy.copy(game), copy.deepcopy(game)):
        assert other == game and not other != game and other is not game
    with pytest.raises(TypeError):
        hash(game)
    assert game != game.to_bytes() and game != 42
    moved = game.copy()
    if not moved.is_over:
        moved.play(moved.legal_moves()[0])
        assert moved != game


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_views_rules_moves_and_events_are_values(preset: registry.Preset) -> None:
    game = _game(preset, 5)
    twin = game.replay()
    assert preset.rules() is not preset.rules()
    _same_value(game.rules, preset.rules(), game.rules.replace())
    for seat in range(game.seats):
        _same_value(game.view(seat), twin.view(seat), game.copy().view(seat))
    assert game.view(0) != game.view(1)
    for move in game.legal_moves() + list(game.history):
        _same_value(move, type(move).parse(str(move)), type(move)(**move.to_dict()))
    for event in game.events:
        _same_value(event)
    assert game.events == twin.events and hash(game.events) == hash(twin.events)


def test_values_of_different_games_or_kinds_differ() -> None:
    values = [domino.Move.draw(), caminos.Move.draw(), dice.Move.roll(),
              domino.Rules.muggins(), caminos.Rules.base(), dice.Rules.farkle(),
              domino.Event("pass", seat=0), caminos.Event("pass", seat=0)]
    for i, a in enumerate(values):
        for b in values[i + 1:]:
            assert a != b and not a == b


def test_deals_paths_keeps_and_tiles_are_values() -> None:
    hands = ["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"]
    deal = domino.Deal(hands=hands)
    _same_value(deal, domino.Deal(hands=[TileSet.parse(h) for h in hands], boneyard=[]),
                domino.Deal(hands=[h.split() for h in hands], boneyard=""))
    road = caminos.Deal.complete(paths="6|5 4|4 3|1 2|0 1|0",
                                 hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"])
    _same_value(road, caminos.Deal(road.paths, road.hands, road.pile))
    game = caminos.Game(caminos.Rules.base(players=2), deal=road, seed=1)
    for path in game.paths:
        _same_value(path, game.copy().paths[path.number - 1])
    keep = dice.keeps([1, 5, 6, 4, 4, 3])[0]
    assert keep == dice.Keep((5, 1), keep.points) and hash(keep) == hash(dice.Keep([1, 5],
                                                                                  keep.points))
    assert pickle.loads(pickle.dumps(keep)) == keep
    assert Tile(6, 4) == Tile.parse("4|6") and hash(Tile(6, 4)) == hash(Tile.parse("4|6"))
    assert TileSet.parse("6|6 5|5") == TileSet(["5|5", "6|6"])
    assert hash(TileSet.parse("6|6 5|5")) == hash(TileSet(["5|5", "6|6"]))


def test_events_built_with_notation_equal_those_built_with_tiles() -> None:
    played = domino.Event("play", seat=0, tile="6|4", end="L")
    assert played == domino.Event("play", seat=0, tile=Tile(6, 4), end="L")
    assert hash(played) == hash(domino.Event("play", seat=0, tile=Tile(6, 4), end="L"))
    closed = caminos.Event("close", path=1, tiles=["6|6", "5|5"], reason="renew", tile="4|4")
    same = caminos.Event("close", path=1, tiles=TileSet(["5|5", "6|6"]), reason="renew",
                         tile=Tile(4, 4))
    assert closed == same and hash(closed) == hash(same)
    assert caminos.Event("tie", seats=[0, 1]) == caminos.Event("tie", seats=(0, 1))
    assert dice.Event("kept", values=[1, 5]) == dice.Event("kept", values=(1, 5))


def test_paths_built_from_lists_are_values() -> None:
    built = caminos.Path(1, "6|5", front=[Tile(6, 6)], back=["5|5"],  # type: ignore[arg-type]
                         ends=[6, 5], free=[0, 0])  # type: ignore[arg-type]
    same = caminos.Path(1, Tile(6, 5), (Tile(6, 6),), (Tile(5, 5),), (6, 5), (0, 0))
    assert built == same and hash(built) == hash(same)


def test_a_game_dealt_by_hand_equals_its_copies() -> None:
    hands = ["5|5 6|2 4|1 3|3 2|0 1|1 0|0", "5|0 6|6 6|5 4|4 3|2 2|2 1|0"]
    line = played(domino.Game(domino.Rules.capicua(players=2), seed=3,
                              deal=domino.Deal(hands=hands, boneyard=[
                                  t for t in TileSet.full() if t not in
                                  TileSet.parse(" ".join(hands))])), 9, random.Random(1))
    road = played(caminos.Game(caminos.Rules.base(players=2), seed=3, deal=caminos.Deal.complete(
        paths="6|5 4|4 3|1 2|0 1|0",
        hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"])), 9, random.Random(1))
    for game in (line, road):
        for other in (game.copy(), game.replay(), type(game).from_bytes(game.to_bytes()),
                      pickle.loads(pickle.dumps(game))):
            assert other == game

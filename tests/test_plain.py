"""The plain-data form of every value: to_dict() is JSON-ready, from_dict()
reads it back, and anything else is refused naming the field."""

from __future__ import annotations

import json
from typing import Any

import pytest

from pintas import Tile, TileSet, caminos, dice, domino, protocol, registry
from pintas._plain import from_plain, to_plain
from pintas.errors import CorruptStateError


def _values() -> list[Any]:
    line = domino.Game(domino.Rules.muggins(players=2), seed=4)
    road = caminos.Game(caminos.Rules.base(players=3), seed=4)
    roll = dice.Game(dice.Rules.farkle(), players=2, seed=4)
    games: list[protocol.Game] = [line, road, roll]
    for game in games:
        for _ in range(9):
            game.play(game.legal_moves()[0])
    return [
        *(p.rules() for p in registry.presets()),
        domino.Rules.dominican(pase_corrido_bonus=25), line.view(0), line.view(1),
        road.view(2), roll.view(1), *road.paths, *line.events, *road.events, *roll.events,
        *line.legal_moves(), caminos.Move.place("5|3", "front", 2), caminos.Move.reveal("6|6"),
        dice.Move.roll([1, 2, 3, 4, 5, 6]), dice.Move.keep([1, 5]), dice.Move.bank(),
        domino.Deal(hands=["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"],
                    boneyard=[t for t in TileSet.full() if t.high < 4]),
        caminos.Deal.complete(paths="6|5 4|4 3|1 2|0 1|0",
                              hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]),
    ]


@pytest.mark.parametrize("value", _values(), ids=lambda v: type(v).__qualname__)
def test_every_value_round_trips_through_json(value: Any) -> None:
    data = value.to_dict()
    text = json.dumps(data)
    assert type(value).from_dict(json.loads(text)) == value
    assert json.dumps(type(value).from_dict(json.loads(text)).to_dict()) == text


def test_plain_forms_of_tiles_and_tuples() -> None:
    assert to_plain((Tile(6, 4), None, (1, 2), TileSet(["3|3", "0|0"]))) == \
        ["6|4", None, [1, 2], ["0|0", "3|3"]]
    assert from_plain(tuple[Tile, ...], ["6|4", "3|3"], "x") == (Tile(6, 4), Tile(3, 3))
    assert from_plain(tuple[int, int] | None, None, "x") is None
    assert from_plain(TileSet | None, ["6|6"], "x") == TileSet(["6|6"])
    with pytest.raises(TypeError, match="no plain form"):
        to_plain(object())


@pytest.mark.parametrize(("cls", "data", "message"), [
    (domino.Rules, {"game": "chess", "players": 2}, "game must be one of"),
    (domino.Rules, {"game": "muggins", "players": 2, "colour": "red"},
     "not a field of Rules: colour"),
    (domino.Rules, "muggins", "Rules.from_dict takes a dict"),
    (domino.Move, {"kind": "play", "tile": "7|7", "end": "L"}, "Move.tile"),
    (domino.Move, {"kind": "jump"}, "not a Move"),
    (domino.Event, {"kind": "play", "seat": "one"}, "Event.seat must be a whole number"),
    (caminos.Event, {"kind": "close", "tiles": "6|6"}, "Event.tiles must be a list of tiles"),
    (dice.Move, {"kind": "keep", "dice": [7]}, "not a Move"),
    (caminos.Path, {"number": 1, "centre": "6|5", "ends": [5, 6, 7]},
     "Path.ends must be a list of 2"),
    (dice.Rules, {"target": True}, "Rules.target must be a whole number"),
])
def test_bad_plain_data_is_refused_naming_the_field(cls: Any, data: Any, message: str) -> None:
    with pytest.raises(CorruptStateError, match=message):
        cls.from_dict(data)


def test_a_views_plain_data_holds_only_its_fields() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=9)
    view = game.view(0)
    data = view.to_dict()
    assert set(data) == {f for f in type(view).__dataclass_fields__}
    assert data["hand"] == [str(t) for t in game.hand(0)]
    others = {str(t) for seat in (1, 2, 3) for t in game.hand(seat)}
    assert not others & set(json.dumps(data).replace('"', " ").split())

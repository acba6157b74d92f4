"""Pickles and saves made by pintas 0.1.0 still load.

tests/vectors/legacy_0_1.json was written once by ``make_legacy.py`` with
pintas 0.1.0, from the recipe :func:`legacy_objects` below: every value a
host may have pickled (games, rules, moves, events, views, deals, keeps,
policies, tiles) and every game's save. Whatever moves inside the package, a
pickle names the module a class lived in then, so these must keep loading and
give values equal to the same recipe run today.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import pickle
from pathlib import Path
from typing import Any

import pytest

from pintas import Tile, TileSet, _save, caminos, dice, domino
from pintas.errors import CorruptStateError
from tests.support import resealed

VECTORS = Path(__file__).resolve().parent / "vectors" / "legacy_0_1.json"


def _played(game: Any, moves: int) -> Any:
    """``game`` after its first legal move ``moves`` times (or to its end)."""
    for _ in range(moves):
        if game.is_over:
            break
        game.play(game.legal_moves()[0])
    return game


def legacy_objects() -> dict[str, Any]:
    """The values pickled and saved by pintas 0.1.0. Games whose seed is None
    differ from run to run: only their saves are compared."""
    line = _played(domino.Game(domino.Rules.dominican(), seed=7), 30)
    muggins = _played(domino.Game(domino.Rules.muggins(players=2), seed=3), 40)
    line_os = _played(domino.Game(domino.Rules.capicua(players=3)), 60)
    dealt = domino.Game(domino.Rules.muggins(players=2), seed=1, deal=domino.Deal(
        hands=["5|5 6|2 4|1 3|3 2|0 1|1 0|0", "5|0 6|6 6|5 4|4 3|2 2|2 1|0"],
        boneyard="6|4 6|3 6|1 6|0 5|4 5|3 5|2 5|1 4|3 4|2 4|0 3|1 3|0 2|1"))
    road = _played(caminos.Game(caminos.Rules.base(players=3), seed=7), 40)
    road_os = _played(caminos.Game(caminos.Rules.two_paths(players=2)), 80)
    roll = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
    for move in ("roll 1 5 6 4 4 3", "keep 1 5", "roll", "bank"):
        if roll.is_legal(move):
            roll.play(move)
    roll_os = _played(dice.Game(dice.Rules.farkle(), players=3), 25)
    return {
        "tile": Tile(6, 4),
        "tileset": TileSet(["6|6", "5|3", "0|0"]),
        "domino.rules": domino.Rules.dominican(mode="four", tranque="blocker"),
        "domino.game": line,
        "domino.game_muggins": muggins,
        "domino.game_os": line_os,
        "domino.game_dealt": dealt,
        "domino.move": domino.Move.parse("6|4R"),
        "domino.moves": line.history,
        "domino.events": line.events,
        "domino.view": line.view(1),
        "domino.deal": domino.Deal(hands=["6|6 6|5 6|4 6|3 6|2 6|1 6|0",
                                          "5|5 5|4 5|3 5|2 5|1 5|0 4|4"]),
        "domino.stats": domino.simulate(domino.Rules.capicua(), games=20, seed=2),
        "caminos.rules": caminos.Rules.no_renewal(players=4, rounds=2),
        "caminos.game": road,
        "caminos.game_os": road_os,
        "caminos.move": caminos.Move.parse("5|3 front 2"),
        "caminos.events": road.events,
        "caminos.view": road.view(2),
        "caminos.paths": road.paths,
        "caminos.deal": caminos.Deal.complete(
            paths="6|5 4|4 3|1 2|0 1|0",
            hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]),
        "caminos.stats": caminos.simulate(caminos.Rules.base(players=2), games=10, seed=2),
        "dice.rules": dice.Rules.farkle(final_round=True),
        "dice.game": roll,
        "dice.game_os": roll_os,
        "dice.move": dice.Move.parse("roll 1 5 6 4 4 3"),
        "dice.events": roll.events,
        "dice.view": roll.view(0),
        "dice.keeps": dice.keeps([1, 5, 6, 4, 4, 3]),
        "dice.policy": dice.solve_turn(dice.Rules.farkle()),
    }


def _saved_today(old: bytes) -> bytes:
    """What today's ``to_bytes`` writes for a game pintas 0.1.0 saved as ``old``:
    the same bytes in format version 2, ending with their checksum."""
    return resealed(old[:4] + bytes([_save.FORMAT]) + old[5:], 0)


def _is_game(value: object) -> bool:
    return isinstance(value, (domino.Game, caminos.Game, dice.Game))


def _saved() -> dict[str, Any]:
    return json.loads(VECTORS.read_text())  # type: ignore[no-any-return]


def _comparable(value: Any) -> Any:
    """What must be equal between the value of 0.1.0 and today's."""
    if _is_game(value):
        return value.to_bytes()
    if isinstance(value, dice.Policy):
        return (value.rules, value.expected_turn_score)
    if isinstance(value, caminos.SimulationStats):
        # random games pick among the legal moves, and 0.2 lists one move where
        # 0.1 listed an empty double's front and back: the same fields, other counts
        return (value.games, [f.name for f in dataclasses.fields(value)])
    return value


SAVED = _saved()
NOW = legacy_objects()


@pytest.mark.parametrize("name", sorted(SAVED["pickles"]))
def test_old_pickles_load(name: str) -> None:
    old = pickle.loads(base64.b64decode(SAVED["pickles"][name]))
    if name.endswith("_os"):  # seeded by the OS: compare with its own save
        assert old.to_bytes() == _saved_today(bytes.fromhex(SAVED["saves"][name]))
    else:
        assert _comparable(old) == _comparable(NOW[name])
    assert type(old) is type(NOW[name])


@pytest.mark.parametrize("name", sorted(SAVED["saves"]))
def test_old_saves_load(name: str) -> None:
    data = bytes.fromhex(SAVED["saves"][name])
    game = type(NOW[name]).from_bytes(data)
    assert data[4] == 1 and game.to_bytes() == _saved_today(data)
    if not name.endswith("_os"):
        assert _saved_today(data) == NOW[name].to_bytes()


def test_an_old_save_loads_only_as_written() -> None:
    """A save of format 1 has no checksum: it loads only if it is exactly what
    0.1.0 wrote for the game it holds (here, a rules switch read as 2: pairs,
    1 in Dominican pairs)."""
    data = bytearray.fromhex(SAVED["saves"]["domino.game"])
    data[_save.HEADER_SIZE + 2] = 2
    with pytest.raises(CorruptStateError, match="not written the one way"):
        domino.Game.from_bytes(bytes(data))


@pytest.mark.parametrize("name", sorted(SAVED["saves"]))
def test_old_saves_carry_no_mac(name: str) -> None:
    """A save of format 1 loads without a key only, and bit 7 of its flags
    (signed, in format 2) is unknown."""
    data, game_type = bytes.fromhex(SAVED["saves"][name]), type(NOW[name])
    with pytest.raises(CorruptStateError, match=r"format-1 save .* no MAC"):
        game_type.from_bytes(data, key=bytes(16))
    keyed = bytearray(data)
    keyed[6] |= _save.KEYED
    with pytest.raises(CorruptStateError, match="unknown flags"):
        game_type.from_bytes(bytes(keyed))


def test_every_recipe_value_was_saved() -> None:
    assert set(SAVED["pickles"]) == set(NOW)
    assert set(SAVED["saves"]) == {name for name, value in NOW.items() if _is_game(value)}

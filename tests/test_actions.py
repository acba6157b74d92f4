"""Actions: every move of a game as one number in a range fixed for the game
(``Move.index``, ``Move.from_index``, ``Game.action_count``), the legal ones
as a mask or a list (``legal_mask``, ``legal_indices``) and played by number
(``play_index``), for every preset over whole games."""

from __future__ import annotations

import array
import random
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry
from pintas.errors import IllegalMoveError, NotationError, NotationTypeError, PintasTypeError
from pintas.tiles import Tile


class Index:
    """Not an int, but usable as one (what numpy's integers are)."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def new_game(name: str, seed: int) -> Any:
    preset = registry.preset(name)
    rules = preset.rules()
    return preset.family.new_game(rules, seats=None if preset.family.seats_from_rules else 3,
                                  seed=seed)


COUNTS = {"domino": 58, "caminos": 478, "dice": 925}


@pytest.mark.parametrize("name", [p.name for p in registry.presets()])
def test_every_position_s_mask_is_its_legal_moves(name: str) -> None:
    game = new_game(name, 7)
    family: Any = registry.preset(name).family
    assert game.action_count == COUNTS[family.name]
    choose = random.Random(7)
    for _ in range(400):
        legal = game.legal_moves()
        indices = game.legal_indices()
        assert indices == sorted(m.index for m in legal)
        assert len(set(indices)) == len(legal)
        mask = game.legal_mask()
        assert isinstance(mask, bytearray) and len(mask) == game.action_count
        assert [i for i, legal_move in enumerate(mask) if legal_move] == indices
        for move in legal:
            assert family.move_type.from_index(move.index) == move
            assert family.move_type.from_index(Index(move.index)) == move
        if not legal:
            assert game.is_over and indices == [] and not any(mask)
            break
        index = choose.choice(indices)
        twin = game.copy()
        assert game.play_index(Index(index)) == twin.play(family.move_type.from_index(index))
        assert game == twin


@pytest.mark.parametrize("move_type, count", [(domino.Move, 58), (caminos.Move, 478),
                                              (dice.Move, 925)])
def test_every_index_names_one_move_and_back(move_type: Any, count: int) -> None:
    moves = [move_type.from_index(i) for i in range(count)]
    assert [m.index for m in moves] == list(range(count))
    assert len(set(moves)) == count


def test_the_numbers_a_network_is_built_on() -> None:
    assert domino.Move.pass_().index == 57 and domino.Move.draw().index == 56
    six = Tile.parse("6|6").index
    assert domino.Move.play("6|6", "R").index == 2 * six + 1
    five_two = Tile.parse("5|2").index
    assert caminos.Move.pass_().index == 477
    assert caminos.Move.reveal("5|2").index == 448 + five_two
    assert caminos.Move.place("5|2", "back", 3).index == (five_two * 8 + 2) * 2 + 1
    assert dice.Move.roll().index == 0 and dice.Move.bank().index == 1
    keeps = {dice.Move.from_index(i) for i in range(2, 925)}
    assert all(m.kind == "keep" for m in keeps) and len(keeps) == 923


@pytest.mark.parametrize("bad", [-1, 58, 2**70, Index(99)])
def test_an_index_out_of_range_is_refused_quoting_it(bad: Any) -> None:
    with pytest.raises(NotationError, match=r"a move index is 0\.\.57: got"):
        domino.Move.from_index(bad)
    game = domino.Game(domino.Rules.dominican(), seed=1)
    before = game.copy()
    with pytest.raises(NotationError):
        game.play_index(bad)
    assert game == before


@pytest.mark.parametrize("bad", [1.0, "3", None, True, [1]])
def test_an_index_that_is_no_whole_number_is_refused(bad: Any) -> None:
    for move_type in (domino.Move, caminos.Move, dice.Move):
        with pytest.raises(NotationTypeError, match="is a whole number"):
            move_type.from_index(bad)


def test_an_illegal_index_changes_nothing() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=1)
    illegal = next(i for i in range(58) if i not in game.legal_indices())
    before = game.copy()
    with pytest.raises(IllegalMoveError):
        game.play_index(illegal)
    assert game == before


def test_a_given_roll_is_chance_and_has_no_index() -> None:
    with pytest.raises(NotationError, match="chance, not a decision"):
        _ = dice.Move.roll([1, 2, 3, 4, 5, 6]).index


def test_the_mask_fills_a_caller_s_buffer() -> None:
    game = caminos.Game(caminos.Rules.base(players=3), seed=2)
    out = bytearray(b"\x07" * 500)
    assert game.legal_mask(out) is out
    assert out[478:] == b"\x07" * 22  # past the actions: untouched
    assert [i for i in range(478) if out[i]] == game.legal_indices()
    typed = array.array("B", bytes(478))
    game.legal_mask(typed)
    assert list(typed) == list(out[:478])
    bad: Any
    for bad in (bytearray(477), b"\x00" * 478, array.array("i", [0] * 478), 5, "mask"):
        with pytest.raises(PintasTypeError, match="mask"):
            game.legal_mask(bad)

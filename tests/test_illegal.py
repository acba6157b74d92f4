"""An illegal move is refused naming its cause, in every game.

The message quotes the move, names the seat to move, says why in words to that
seat ("you do not hold 6|1", "you must draw: ..."), and lists the legal moves;
``play`` and ``parse_move`` say the same, and the game is unchanged. The
causes are derived on the error path only, from what the game shows.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry
from pintas.errors import IllegalMoveError
from pintas.tiles import TileSet
from tests.caminos.support import dealt
from tests.domino.support import new_game

MUGGINS = domino.Rules.muggins(players=2)
HANDS = ["5|5 6|2 4|1 3|3 2|0 1|1 0|0", "5|0 6|6 6|5 4|4 3|2 2|2 1|0"]


def refused(game: Any, move: Any, cause: str) -> None:
    """``move`` is refused with a message whose cause starts with ``cause`` (a
    regex; all of the cause when it ends with ``$``) by play and, written as
    text, by parse_move; the game is exactly as it was."""
    text = move if isinstance(move, str) else str(move)
    rest = "" if cause.endswith("$") else ".*"
    expected = (f"^{re.escape(repr(text))} is not legal now for seat {game.to_move}: "
                f"{cause.removesuffix('$')}{rest}" r" \(legal: [^()]*\)$")
    before = game.to_bytes()
    for call in (game.play, game.parse_move):
        with pytest.raises(IllegalMoveError, match=expected):
            call(move if call == game.play else text)
    assert game.to_bytes() == before


# ---- the line games -------------------------------------------------------------------


def test_the_tile_a_new_user_does_not_hold() -> None:
    game = new_game(MUGGINS, HANDS)  # seat 1 leads with 6|6
    refused(game, "5|5L", "you do not hold 5|5")
    refused(game, domino.Move.play("6|1", "L"), r"you do not hold 6\|1")
    refused(game, "6|1", r"you do not hold 6\|1")


def test_the_round_opens_with_the_forced_tile() -> None:
    game = new_game(MUGGINS, HANDS)
    refused(game, "6|5L", r"you must open the round with 6\|6")


def test_a_tile_that_matches_no_open_end() -> None:
    game = new_game(MUGGINS, HANDS, moves="6|6")
    refused(game, "3|3L", r"3\|3 does not match an open end \(ends 6 and 6\)")
    refused(game, "3|3", r"3\|3 does not match an open end \(ends 6 and 6\)")


def test_a_tile_that_matches_the_other_end() -> None:
    game = new_game(MUGGINS, HANDS, moves="6|6 6|2L")
    assert game.ends == (2, 6)
    refused(game, "6|5L", r"6\|5 does not match the left end \(2\): it fits the right \(6\|5R\)")
    refused(game, "2|2R", r"2\|2 does not match the right end \(6\): it fits the left \(2\|2L\)")


def test_drawing_or_passing_when_a_tile_fits() -> None:
    game = new_game(MUGGINS, HANDS, moves="6|6 6|2L")
    for move in ("draw", "pass"):
        refused(game, move, r"you must play a tile: 2\|2, 3\|2 and 6\|5 fit$")
    dominican = domino.Game(domino.Rules.dominican(), seed=7)
    refused(dominican, "pass", r"you must play a tile: 6\|6 fits")


def test_passing_when_the_boneyard_holds_tiles() -> None:
    game = new_game(MUGGINS, ["5|5 4|1 3|3 2|0 1|0 5|4 4|3", "6|6 6|5 5|0 3|2 2|2 1|1 0|0"],
                    moves="6|6")
    assert game.legal_moves() == [domino.Move.draw()]
    refused(game, "pass", "you must draw: the boneyard holds 14 tiles")


def test_drawing_where_nobody_draws_or_nothing_is_left() -> None:
    rng = random.Random(3)
    for rules in (domino.Rules.dominican(), MUGGINS):
        game, seen = domino.Game(rules, seed=3), False
        while not game.is_over and not seen:
            if game.legal_moves() == [domino.Move.pass_()]:
                cause = ("the boneyard is empty: pass" if rules.draws
                         else re.escape(f"nobody draws in {rules}: pass"))
                refused(game, "draw", cause)
                seen = True
            game.play(rng.choice(game.legal_moves()))
        assert seen, rules


def test_a_move_after_the_game_is_over() -> None:
    game = new_game(domino.Rules.muggins(players=2, target=10),
                    ["5|5 6|5 6|4 6|3 4|3 2|1 1|0", "4|4 3|3 6|2 6|1 5|4 5|3 5|0"], moves="5|5")
    assert game.is_over
    for move in ("5|0R", "draw", "5|0"):
        with pytest.raises(IllegalMoveError, match=f"the game is over: '{re.escape(move)}' "
                                                   "cannot be played"):
            game.play(move)


@pytest.mark.parametrize("preset", [p for p in registry.presets() if p.family.name == "domino"],
                         ids=lambda p: p.name)
def test_every_illegal_line_move_of_random_games_names_its_cause(
        preset: registry.Preset) -> None:
    rng = random.Random(preset.name)
    for seed in range(3):
        game = domino.Game(preset.rules(target=60), seed=seed)
        while not game.is_over:
            _check_line_causes(game, rng)
            game.play(rng.choice(game.legal_moves()))


def _check_line_causes(game: domino.Game, rng: random.Random) -> None:
    seat, legal = game.to_move, game.legal_moves()
    assert seat is not None
    hand = game.hand(seat)
    other = rng.choice(list(TileSet.full() - hand))
    refused(game, domino.Move.play(other, rng.choice("LR")),
            f"you do not hold {re.escape(str(other))}$")
    fits = [m for m in legal if m.kind == "play"]
    if fits and game.ends is not None:
        refused(game, "pass", "you must play a tile: ")
        refused(game, "draw", "you must play a tile: ")
    elif legal == [domino.Move.draw()]:
        refused(game, "pass", "you must draw: the boneyard holds ")
    stuck = [t for t in hand if game.ends is not None and not any(map(t.has, game.ends))]
    if stuck and game.ends is not None:
        refused(game, domino.Move.play(stuck[0], "L"), f"{re.escape(str(stuck[0]))} does not "
                f"match an open end \\(ends {game.ends[0]} and {game.ends[1]}\\)")


# ---- Caminos --------------------------------------------------------------------------

PATHS = "6|5 4|4 3|1 2|0 1|0"
ROAD = ["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]


def _revealed() -> caminos.Game:
    game = dealt(caminos.Rules.base(players=2), PATHS, ROAD, seed=1)
    game.play("reveal 6|6")
    game.play("reveal 6|3")
    return game  # seat 0 places first


def test_caminos_moves_while_revealing() -> None:
    game = dealt(caminos.Rules.base(players=2), PATHS, ROAD, seed=1)
    for move in ("6|6 front 1", "draw", "pass"):
        refused(game, move, "the round's starter is being revealed: you must reveal a tile")
    refused(game, "reveal 6|3", r"you do not hold 6\|3")


def test_caminos_reveals_and_tiles_while_playing() -> None:
    game = _revealed()
    refused(game, "reveal 6|4", "the round is under way: a reveal only decides who starts")
    refused(game, "6|3 front 1", r"you do not hold 6\|3")
    refused(game, "6|6 front 6", "there is no path 6: the paths are 1..5")


def test_caminos_tiles_that_do_not_match_a_path() -> None:
    game = _revealed()
    refused(game, "5|5 front 1", r"5\|5 does not match path 1 \(its front takes a 6\): it fits "
                                 r"the back \(5\|5 back 1\)")
    refused(game, "3|3 front 2", r"3\|3 does not match path 2 \(its front takes a 4\)$")
    refused(game, "3|3 2", r"3\|3 does not match path 2 \(its front takes a 4 and its back "
                           r"takes a 4\)")
    refused(game, "3|3 back", r"3\|3 matches the back of no path")


def test_caminos_a_full_side() -> None:
    game = _revealed()
    game.play("6|6 front 1")  # path 1's front (one tile a side) is full
    refused(game, "5|3 front 1", r"the front of path 1 is full: it fits the back \(5\|3 back 1\)")
    refused(game, "0|0 1", r"0\|0 does not match path 1 \(its back takes a 5\)")


def test_caminos_drawing_or_passing_when_a_tile_fits() -> None:
    game = _revealed()
    for move in ("draw", "pass"):
        refused(game, move, r"you must place a tile: 2\|2, 3\|3, 4\|1, 5\|5, 6\|4 and 6\|6 fit")


@pytest.mark.parametrize("preset", [p for p in registry.presets() if p.family.name == "caminos"],
                         ids=lambda p: p.name)
def test_every_illegal_caminos_move_of_random_games_names_its_cause(
        preset: registry.Preset) -> None:
    rng = random.Random(preset.name)
    seen: set[str] = set()
    for seed in range(4):
        game = caminos.Game(preset.rules(), seed=seed)
        while not game.is_over:
            seen |= _check_caminos_causes(game, rng)
            game.play(rng.choice(game.legal_moves()))
    assert {"hold", "draw", "pass", "match"} <= seen
    if preset.name == "caminos_no_renewal":
        assert "closed" in seen


def _check_caminos_causes(game: caminos.Game, rng: random.Random) -> set[str]:
    seat, legal = game.to_move, game.legal_moves()
    assert seat is not None
    seen = set()
    if game.phase == "reveal":
        refused(game, "draw", "the round's starter is being revealed: you must reveal a tile$")
        return {"reveal"}
    other = rng.choice(list(TileSet.full() - game.hand(seat)))
    refused(game, caminos.Move.place(other, "front", 1), f"you do not hold {re.escape(str(other))}")
    seen.add("hold")
    if legal[0].kind == "place":
        refused(game, "draw", "you must place a tile: ")
        seen.add("draw")
    elif legal == [caminos.Move.draw()]:
        refused(game, "pass", "you must draw: the pile holds ")
        seen.add("pass")
    else:
        refused(game, "draw", "the pile is empty: pass")
        seen.add("empty")
    tile = next(iter(game.hand(seat)))
    for path in game.paths:
        for side in caminos.SIDES:
            move = caminos.Move.place(tile, side, path.number)
            if move in legal or game.is_legal(move):  # the unlisted mirror image is legal
                continue
            if path.centre is None:
                refused(game, move, f"path {path.number} is gone")
            elif path.closed:
                refused(game, move, f"path {path.number} is full and closed")
                seen.add("closed")
            elif not path.free[caminos.SIDES.index(side)]:
                refused(game, move, f"the {side} of path {path.number} is full")
            else:
                refused(game, move, f"{re.escape(str(tile))} does not match path {path.number}")
                seen.add("match")
    return seen


# ---- dice -----------------------------------------------------------------------------


def test_dice_keeping_and_banking_before_the_roll() -> None:
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
    refused(game, "keep 1 5", "there is no roll to keep from: you cannot keep now")
    refused(game, "bank", "you have kept nothing to bank: you must roll first")
    refused(game, "roll 1 2 3", "there are 6 dice to roll, not 3")


def test_dice_moves_while_a_keep_is_due() -> None:
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
    game.play("roll 1 5 6 4 4 3")
    for move in ("roll", "bank"):
        refused(game, move, r"you must first keep scoring dice from the roll \(1 5 6 4 4 3\)")
    refused(game, "keep 2", r"the roll \(1 5 6 4 4 3\) does not hold 2")
    refused(game, "keep 5 5", r"the roll \(1 5 6 4 4 3\) does not hold 5 5")
    refused(game, "keep 1 4", "not every die kept would score")


def test_dice_a_second_keep_from_one_roll() -> None:
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
    game.play("roll 1 5 6 4 4 3")
    game.play("keep 1")
    refused(game, "keep 5", "you have kept from this roll already: roll again or bank")


def test_dice_banking_after_hot_dice_that_must_roll() -> None:
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
    game.play("roll 1 1 1 5 5 5")
    game.play("keep 1 1 1 5 5 5")
    refused(game, "bank", "hot dice: you must roll all six dice again before banking")

"""Dice in the terminal: rolls shown, keeps listed with points, typed moves, clean exits."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest

from pintas import cli, dice, registry
from pintas._prompt import ask_move
from pintas.dice import terminal
from pintas.errors import RulesError


def typist(out: io.StringIO, bank_at: int = 300) -> cli.InputFn:
    """Types moves as a person would: the first keep listed (by its dice), then
    rolls on until the turn total reaches ``bank_at`` and banks."""

    def ask(prompt: str) -> str:
        legal = out.getvalue().rsplit("legal: ", 1)[1].splitlines()[0]
        keep = re.match(r"1\) keep ([\d ]+) \(", legal)
        if keep:
            return f"keep {keep.group(1)}"
        total = re.search(r"bank (\d+)", legal)
        return "bank" if total and int(total.group(1)) >= bank_at else "roll"

    return ask


def answers(*lines: str) -> tuple[cli.InputFn, list[str]]:
    asked: list[str] = []
    feed: Iterator[str] = iter(lines)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return ask, asked


@pytest.mark.parametrize("argv", [
    ["play", "farkle", "--seed", "1", "--target", "1500"],
    ["play", "farkle", "--seed", "2", "--target", "1500", "--players", "3", "--seat", "1",
     "--opponents", "random"],
    ["play", "farkle", "--seed", "3", "--target", "1000", "--players", "1"],
    ["play", "dice_of_doom", "--seed", "4", "--target", "6000", "--opponents", "greedy"],
    ["play", "dice_of_doom", "--seed", "5", "--target", "6000", "--opponents", "threshold:2000"],
    ["play", "dice_of_doom", "--seed", "6", "--target", "6000", "--opponents", "search"],
])
def test_a_whole_dice_game_can_be_played_by_typing(argv: list[str]) -> None:
    out = io.StringIO()
    assert cli.main(argv, ask=typist(out), out=out) == 0
    text = out.getvalue()
    assert "you rolled: [" in text
    assert re.search(r"legal: 1\) keep [\d ]+ \(\+\d+\)", text)
    assert "seat 0 banks" in text or "seat 1 banks" in text
    assert "final scores: " in text
    assert "you win!" in text or re.search(r"seat \d wins", text)


def test_numbers_pick_from_the_list_and_the_game_ends() -> None:
    out = io.StringIO()
    assert cli.main(["play", "farkle", "--seed", "7", "--target", "2000"],
                    ask=lambda prompt: "1", out=out) == 0
    assert "legal: 1) roll 6 dice" in out.getvalue()


def test_the_board_shows_scores_turn_total_and_the_kept_dice() -> None:
    game = dice.Game(dice.Rules.farkle(), players=2, seed=1)
    game.play("roll 1 1 5 2 3 4")
    game.play("keep 1 1")
    view = game.view(0)
    text = terminal.render(view)
    assert "scores: you 0, seat 1 0" in text
    assert "your turn total: 200; kept so far: [1] [1]; dice to roll: 4" in text
    game.play("roll 5 2 3 4")
    assert "you rolled: [5] [2] [3] [4]" in terminal.render(game.view(0))


def test_bad_input_is_explained_and_asked_again() -> None:
    ask, asked = answers("hello", "9", "keep 6", "roll 1 2 3 4 5 6", "bank", "", "quit")
    out = io.StringIO()
    assert cli.main(["play", "farkle", "--seed", "1"], ask=ask, out=out) == 1
    text = out.getvalue()
    assert "'hello'" in text
    assert "there is no move 9" in text
    assert "the computer rolls the dice here" in text
    assert "cannot keep now" in text and "must roll first" in text
    assert "type 'roll', 'keep 1 5'" in text
    assert len(asked) == 7
    assert text.endswith("bye\n")
    assert "Traceback" not in text


def test_keeps_can_be_typed_as_bare_dice_and_short_words() -> None:
    game = dice.Game(dice.Rules.farkle(), players=2, seed=1)
    game.play("roll 1 1 5 2 3 4")
    view = game.view(0)
    out = io.StringIO()
    ask, _ = answers("1 5")
    assert ask_move(terminal, view, game, ask, out) == dice.Move.keep((1, 5))
    assert "1) keep 1 1 5 (+250)" in out.getvalue()
    game.play("keep 1 5")
    ask, _ = answers("b")
    assert ask_move(terminal, game.view(0), game, ask, out) == dice.Move.bank()
    ask, _ = answers("r")
    assert ask_move(terminal, game.view(0), game, ask, out) == dice.Move.roll()


def test_end_of_input_and_ctrl_c_leave_quietly() -> None:
    out = io.StringIO()
    ask, _ = answers()
    assert cli.main(["play", "dice_of_doom", "--seed", "5"], ask=ask, out=out) == 1
    assert out.getvalue().endswith("bye\n")

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    out = io.StringIO()
    assert cli.main(["play", "farkle"], ask=interrupted, out=out) == 1
    assert out.getvalue().endswith("bye\n")


@pytest.mark.parametrize(("argv", "message"), [
    (["play", "farkle", "--players", "9"], "players must be"),
    (["play", "farkle", "--seat", "2"], "--seat must be 0..1"),
    (["play", "dice_of_doom", "--target", "0"], "target must be"),
    (["play", "farkle", "--opponents", "suit:3"], "does not play dice"),
    (["play", "farkle", "--opponents", "optimal:3"], "bad player spec"),
])
def test_bad_dice_options_are_one_line(argv: list[str], message: str) -> None:
    out = io.StringIO()
    assert cli.main(argv, ask=lambda prompt: "1", out=out) == 2
    assert message in out.getvalue()


def test_dice_presets_and_strength_words() -> None:
    assert registry.preset("farkle").rules() == dice.Rules.farkle()
    assert registry.preset("dice_of_doom").rules(target=500).target == 500
    with pytest.raises(RulesError, match="no game 'yahtzee'"):
        registry.preset("yahtzee")
    strengths = registry.preset("farkle").family.strengths
    assert [strengths[s] for s in registry.STRENGTHS] == \
        ["random", "threshold", "threshold", "optimal"]

"""The terminal game: it plays to the end, explains bad input and never crashes."""

from __future__ import annotations

import io
import subprocess
import sys
from collections.abc import Iterator

import pytest

from pintas import cli


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


def always_first_move() -> cli.InputFn:
    def ask(prompt: str) -> str:
        return "1"

    return ask


@pytest.mark.parametrize("argv", [
    ["play", "dominican", "--seed", "1"],
    ["play", "dominican", "--mode", "two", "--seed", "2"],
    ["play", "muggins", "--players", "2", "--seed", "3", "--target", "50"],
    ["play", "capicua", "--pairs", "--seed", "4", "--seat", "2"],
])
def test_a_whole_game_can_be_played(argv: list[str]) -> None:
    out = io.StringIO()
    assert cli.main(argv, ask=always_first_move(), out=out) == 0
    text = out.getvalue()
    assert "final scores" in text
    assert "your hand (seat" in text


def test_bad_input_is_explained_and_asked_again() -> None:
    ask, asked = answers("hello", "7|7", "99", "0|0X", "help", "quit")
    out = io.StringIO()
    assert cli.main(["play", "dominican", "--seed", "3"], ask=ask, out=out) == 1
    text = out.getvalue()
    assert "'hello'" in text
    assert "'7|7'" in text
    assert "there is no move 99" in text
    assert "type a tile" in text
    assert len(asked) == 6
    assert "Traceback" not in text


def test_end_of_input_leaves_quietly() -> None:
    ask, _ = answers()
    out = io.StringIO()
    assert cli.main(["play", "muggins", "--seed", "5"], ask=ask, out=out) == 1
    assert out.getvalue().endswith("bye\n")


def test_bad_options_are_reported_not_raised() -> None:
    out = io.StringIO()
    assert cli.main(["play", "muggins", "--players", "7"], ask=always_first_move(), out=out) == 2
    assert "players must be" in out.getvalue()
    out = io.StringIO()
    assert cli.main(["play", "dominican", "--seat", "4"], ask=always_first_move(), out=out) == 2
    assert "--seat must be 0..3" in out.getvalue()


def test_the_module_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "-m", "pintas", "play", "dominican", "--seed", "9"],
                          input="quit\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "your hand (seat 0)" in done.stdout
    assert done.stderr == ""

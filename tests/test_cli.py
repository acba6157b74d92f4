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
    ["play", "dominican", "--mode", "two", "--seed", "2", "--target", "100"],
    ["play", "dominican", "--mode", "three", "--seed", "2", "--target", "100"],
    ["play", "dominican", "--mode", "four", "--seed", "2", "--target", "100",
     "--opponents", "greedy"],
    ["play", "muggins", "--players", "2", "--seed", "3", "--target", "50"],
    ["play", "muggins", "--players", "4", "--seed", "3", "--target", "50",
     "--opponents", "random"],
    ["play", "capicua", "--pairs", "--seed", "4", "--seat", "2"],
    ["play", "capicua", "--players", "3", "--seed", "4", "--target", "10",
     "--opponents", "search:8"],
    ["play", "caminos", "--seed", "5"],
    ["play", "caminos_no_renewal", "--players", "4", "--seed", "5", "--opponents", "greedy"],
    ["play", "caminos_two_paths", "--players", "2", "--seed", "6", "--opponents", "search:8"],
])
def test_a_whole_game_can_be_played(argv: list[str]) -> None:
    out = io.StringIO()
    assert cli.main(argv, ask=always_first_move(), out=out) == 0
    text = out.getvalue()
    assert "final scores" in text
    assert "your hand" in text
    assert "legal: 1) " in text
    assert "you win!" in text or " wins" in text or "share the win" in text


def test_the_opponents_are_the_strength_asked_for_and_replay_with_the_seed() -> None:
    runs = []
    for _ in range(2):
        out = io.StringIO()
        argv = ["play", "muggins", "--seed", "8", "--target", "40", "--opponents", "search:6"]
        assert cli.main(argv, ask=always_first_move(), out=out) == 0
        runs.append(out.getvalue())
    assert runs[0] == runs[1]
    assert "seats 1, 2: search:6 players" in runs[0]
    out = io.StringIO()
    cli.main(["play", "dominican", "--seed", "8", "--opponents", "random"],
             ask=always_first_move(), out=out)
    assert "partner of seat 2" in out.getvalue()
    assert out.getvalue() != runs[0]


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


def test_ctrl_c_leaves_quietly() -> None:
    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    out = io.StringIO()
    assert cli.main(["play", "caminos", "--seed", "5"], ask=interrupted, out=out) == 1
    assert out.getvalue().endswith("bye\n")


def test_bad_options_are_reported_not_raised() -> None:
    out = io.StringIO()
    assert cli.main(["play", "muggins", "--players", "7"], ask=always_first_move(), out=out) == 2
    assert "players must be" in out.getvalue()
    out = io.StringIO()
    assert cli.main(["play", "dominican", "--seat", "4"], ask=always_first_move(), out=out) == 2
    assert "--seat must be 0..3" in out.getvalue()


@pytest.mark.parametrize(("argv", "message"), [
    ([], "required: command"),
    (["play"], "required: game"),
    (["play", "chess"], "invalid choice: 'chess'"),
    (["play", "dominican", "--seat", "x"], "invalid int value: 'x'"),
    (["play", "dominican", "--opponents", "genius"], "no player 'genius'"),
    (["play", "caminos", "--target", "5"], "does not take target"),
    (["play", "capicua", "--pairs", "--players", "3"], "pairs needs 4 players"),
    (["tournament", "--players", "suit,chess"], "no player 'chess'"),
    (["tournament", "--game", "farkle", "--players", "search"], "does not play dice"),
    (["tournament", "--games", "0"], "--games must be"),
    (["tournament", "--jobs", "-1"], "--jobs must be"),
    (["tournament", "--game", "farkle", "--seats", "3"], "drop --seats"),
    (["tournament", "--game", "muggins", "--seats", "2", "--players", "a,b,c"], "no player"),
    (["play", "dominican", "--frobnicate"], "unrecognized arguments: --frobnicate"),
])
def test_every_bad_command_line_gets_one_clear_line(argv: list[str], message: str) -> None:
    out = io.StringIO()
    assert cli.main(argv, ask=always_first_move(), out=out) == 2
    assert message in out.getvalue()
    assert "Traceback" not in out.getvalue()


def test_help_is_printed_and_exits_cleanly() -> None:
    out = io.StringIO()
    assert cli.main(["play", "--help"], out=out) == 0
    assert "--opponents" in out.getvalue() and "caminos_two_paths" in out.getvalue()
    out = io.StringIO()
    assert cli.main(["tournament", "--help"], out=out) == 0
    assert "--jobs" in out.getvalue()


def test_the_tournament_command_prints_a_table_and_a_progress_bar() -> None:
    out, err = io.StringIO(), io.StringIO()
    argv = ["tournament", "--game", "capicua", "--pairs", "--target", "8",
            "--players", "greedy,random", "--games", "6", "--seed", "3"]
    assert cli.main(argv, out=out, err=err) == 0
    text = out.getvalue()
    assert "capicua (4 players in pairs) to 8: 6 deals x 2 seatings = 12 games" in text
    assert "greedy - random:" in text and "points/round" in text
    assert ("reproduce: python -m pintas tournament --game capicua --pairs --target 8 "
            "--players greedy,random --games 6 --seed 3") in text
    bar = err.getvalue()
    assert "\r[" in bar and "100% 12/12 games" in bar and bar.endswith("\n")
    again = io.StringIO()
    assert cli.main([*argv, "--quiet", "--jobs", "2"], out=again, err=(quiet := io.StringIO())) == 0
    assert quiet.getvalue() == ""
    table = [line for line in text.splitlines()[1:] if not line.startswith("reproduce")]
    assert [line for line in again.getvalue().splitlines()[1:]
            if not line.startswith("reproduce")] == table


@pytest.mark.parametrize("game", ["muggins", "caminos", "farkle", "dominican"])
def test_the_tournament_command_runs_every_kind_of_game(game: str) -> None:
    out = io.StringIO()
    extra = {"muggins": ["--target", "40"], "dominican": ["--mode", "two", "--target", "40"],
             "farkle": ["--target", "800"], "caminos": []}[game]
    assert cli.main(["tournament", "--game", game, "--games", "2", "--quiet", *extra],
                    out=out, err=io.StringIO()) == 0
    assert "paired margins over 2 deals" in out.getvalue()


def test_the_module_runs_as_a_program() -> None:
    done = subprocess.run([sys.executable, "-m", "pintas", "play", "dominican", "--seed", "9"],
                          input="quit\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert "your hand (seat 0)" in done.stdout
    assert done.stderr == ""


def test_end_of_input_in_a_subprocess_is_no_traceback() -> None:
    done = subprocess.run([sys.executable, "-m", "pintas", "play", "farkle", "--seed", "2"],
                          input="", capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stdout.endswith("bye\n")
    assert done.stderr == ""

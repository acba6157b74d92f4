"""The Caminos terminal game: it plays to the end, explains bad input and never crashes."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from pintas import cli


def play(name: str, players: int, seat: int, seed: int | None, ask: cli.InputFn,
         out: io.StringIO) -> int:
    """A Caminos game at the terminal against greedy players."""
    argv = ["play", name, "--players", str(players), "--seat", str(seat),
            "--opponents", "greedy"] + ([] if seed is None else ["--seed", str(seed)])
    return cli.main(argv, ask=ask, out=out)


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


def always(text: str) -> cli.InputFn:
    def ask(prompt: str) -> str:
        return text

    return ask


@pytest.mark.parametrize(("name", "players", "seat", "seed"), [
    ("caminos", 3, 0, 1),
    ("caminos_no_renewal", 2, 1, 2),
    ("caminos_two_paths", 4, 3, 3),
    ("caminos", 4, 2, 4),
])
def test_a_whole_game_can_be_played(name: str, players: int, seat: int, seed: int) -> None:
    out = io.StringIO()
    assert play(name, players, seat, seed, always("1"), out) == 0
    text = out.getvalue()
    assert "final scores: seat 0" in text
    assert f"your hand (seat {seat})" in text
    assert "paths:" in text and "path 1:" in text and "pile:" in text
    assert "who starts: each player reveals a tile" in text
    assert "win" in text.splitlines()[-1]
    assert "Traceback" not in text


def test_the_board_shows_paths_hands_counts_and_scores() -> None:
    out = io.StringIO()
    ask, _ = answers("reveal 6|6", "quit")
    assert play("caminos", 3, 0, 5, ask, out) == 1
    text = out.getvalue()
    assert "--- caminos (3 players), round 1 of 3 ---" in text
    assert "scores: seat 0 0, seat 1 0, seat 2 0" in text
    assert "path 1: back 4 (1 free) [4|6] front 6 (1 free)" in text
    assert "tiles in hand: seat 1: 6, seat 2: 6; pile: 5" in text
    assert "your hand (seat 0): [1|1] [2|0] [2|2] [3|0] [3|3] [6|6]" in text
    assert "1) reveal 1|1" in text
    assert "seat 1 chooses a tile to reveal" in text   # the bots' choices stay secret
    assert "seat 0 chooses 6|6 to reveal" in text
    assert text.endswith("bye\n")


def test_bad_input_is_explained_and_asked_again() -> None:
    ask, asked = answers("hello", "7|7", "99", "help", "", "6|6 sideways 1", "draw", "quit")
    out = io.StringIO()
    assert play("caminos", 3, 0, 5, ask, out) == 1
    text = out.getvalue()
    assert "got 'hello'" in text
    assert "'7|7'" in text
    assert "there is no move 99: choose 1..6" in text
    assert text.count("type a move:") == 2
    assert "'sideways' in '6|6 sideways 1' is not a side" in text
    assert "'draw' is not legal now" in text
    assert len(asked) == 8
    assert "Traceback" not in text


def test_moves_by_notation_and_short_forms() -> None:
    # seed 5: seat 0 reveals 6|6, the bots start; then seat 0 plays typed moves
    script = iter(["6|6", "1|1 back 3"])

    def ask(prompt: str) -> str:
        try:
            return next(script)
        except StopIteration:
            return "1"

    out = io.StringIO()
    assert play("caminos", 3, 0, 5, ask, out) == 0
    text = out.getvalue()
    assert "seat 0 chooses 6|6 to reveal" in text
    assert "seat 0 places 1|1 on the back of path 3" in text


def test_end_of_input_and_quit_leave_with_1() -> None:
    ask, _ = answers()
    out = io.StringIO()
    assert play("caminos_two_paths", 2, 1, 5, ask, out) == 1
    assert out.getvalue().endswith("bye\n")

    def interrupted(prompt: str) -> str:
        raise KeyboardInterrupt

    out = io.StringIO()
    assert play("caminos", 2, 0, 5, interrupted, out) == 1
    assert out.getvalue().endswith("bye\n")


def test_bad_setup_is_reported_not_raised() -> None:
    out = io.StringIO()
    assert play("caminos", 5, 0, 1, always("1"), out) == 2
    assert "players must be" in out.getvalue()
    out = io.StringIO()
    assert play("caminos", 2, 2, 1, always("1"), out) == 2
    assert "--seat must be 0..1: got 2" in out.getvalue()


def test_an_unseeded_game_runs() -> None:
    out = io.StringIO()
    assert play("caminos_two_paths", 2, 0, None, always("1"), out) == 0

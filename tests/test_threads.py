"""One game shared by several threads (docs/architecture.md, "Threads").

A server may referee a table from a pool of threads: moves, views, saves and
copies of one game come from several threads at once. Every call is atomic:
whatever the interleaving, each view, save and copy is the game between two
moves, and the game itself stays a game its rules can reach. These tests make
the interpreter switch threads as often as it can and attack one game from
four threads.
"""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from pintas import caminos, dice, domino
from pintas.errors import IllegalMoveError

GAMES: dict[str, Callable[[], Any]] = {
    "dominican-pairs": lambda: domino.Game(domino.Rules.dominican(target=60), seed=5),
    "muggins-unseeded": lambda: domino.Game(domino.Rules.muggins(players=3, target=60)),
    "caminos-base": lambda: caminos.Game(caminos.Rules.base(players=3), seed=5),
    "caminos-unseeded": lambda: caminos.Game(caminos.Rules.two_paths(players=2)),
    "dice-unseeded": lambda: dice.Game(dice.Rules.dice_of_doom(target=3000), players=3),
}
THREADS = 4
OPERATIONS = 300  # per thread


@contextmanager
def switching_threads_constantly() -> Iterator[None]:
    """Let the interpreter switch threads every microsecond."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def check_snapshot(game: Any, kind: type[Any], data: bytes) -> None:
    """A save taken at any moment loads, and replays to itself."""
    loaded = kind.from_bytes(data)
    assert loaded.to_bytes() == data
    assert loaded.replay() == loaded


def check_view(game: Any, seat: int) -> None:
    """A view is one moment of the game: its parts agree with each other."""
    view = game.view(seat)
    if hasattr(view, "hand_sizes"):
        assert len(view.hand) == view.hand_sizes[seat]
    if not view.is_over and view.to_move == seat:
        assert view.legal_moves()


def worker(game: Any, seed: int, failures: list[BaseException]) -> None:
    rng = random.Random(seed)
    kind = type(game)
    try:
        for _ in range(OPERATIONS):
            action = rng.randrange(5)
            if action <= 1:
                moves = game.legal_moves()
                if not moves:
                    continue
                try:
                    game.play(rng.choice(moves))
                except IllegalMoveError:
                    pass  # another thread moved first: the move is refused, nothing changes
            elif action == 2:
                check_view(game, rng.randrange(game.seats))
            elif action == 3:
                check_snapshot(game, kind, game.to_bytes())
            else:
                copy = game.copy()
                check_snapshot(copy, kind, copy.to_bytes())
    except BaseException as exc:  # reported by the test, with the thread's traceback
        failures.append(exc)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_one_game_survives_four_threads(name: str) -> None:
    game = GAMES[name]()
    failures: list[BaseException] = []
    threads = [threading.Thread(target=worker, args=(game, seed, failures))
               for seed in range(THREADS)]
    with switching_threads_constantly():
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    if failures:
        raise failures[0]
    check_snapshot(game, type(game), game.to_bytes())
    assert game.replay() == game
    assert len(game.history) == sum(1 for entry in game._log if not isinstance(entry, tuple))

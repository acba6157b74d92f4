"""The move timer: auto_move's deadline and choices, and the Clock on a fake time source."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import Any

import pytest

from pintas import caminos, dice, domino, timer
from pintas._base import Stop
from pintas.errors import IllegalMoveError, RulesError, SeatError
from pintas.timer import Clock, auto_move
from tests.support import mover

# A sanity bound, not the promise: how late auto_move returns is measured by
# benchmarks/timer_overrun.py (docs/performance.md). This much is allowed for
# the OS to schedule the return on a shared two-core CI machine (where a
# thread can wait tens of milliseconds for a core).
EPSILON = 0.05


def mid_round(seed: int = 3) -> domino.Game:
    """A Dominican game a few moves in, where the seat to move has a choice."""
    g = domino.Game(domino.Rules.dominican(), seed=seed)
    for _ in range(6):
        g.play(g.legal_moves()[-1])
    while len(g.legal_moves()) < 2:
        g.play(g.legal_moves()[0])
    return g


def test_auto_move_is_a_legal_move_of_every_game() -> None:
    games: list[Any] = [mid_round(), domino.Game(domino.Rules.muggins(players=3), seed=2),
                        caminos.Game(caminos.Rules.base(players=3), seed=1),
                        dice.Game(dice.Rules.dice_of_doom(), players=2, seed=1)]
    for g in games:
        before = len(g.history)
        assert auto_move(g, mover(g), seconds=1.0) in g.legal_moves()
        assert len(g.history) == before  # the game is not changed


def test_auto_move_is_the_search_players_move() -> None:
    from pintas.domino.players import SearchPlayer
    g = mid_round(5)
    view = g.view(mover(g))
    assert auto_move(g, mover(g), seconds=5.0, samples=50) == \
        SearchPlayer(samples=50).choose(view)


@pytest.mark.parametrize("seconds", [0.05, 0.3])
def test_auto_move_never_late(seconds: float) -> None:
    g = mid_round(7)
    start = time.perf_counter()
    move = auto_move(g, mover(g), seconds=seconds, samples=10**6)  # more than fits
    took = time.perf_counter() - start
    assert move in g.legal_moves()
    assert took <= seconds + EPSILON
    assert took >= 0.5 * seconds  # it did use the time


def searching_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "pintas-auto-move"]


@pytest.mark.parametrize("name", ["dominican", "caminos"])
def test_auto_move_leaves_no_search_running(name: str) -> None:
    """The search is stopped at the deadline: its thread ends right after the
    move is returned, instead of burning a core through its million samples."""
    game: Any = mid_round(7)
    if name == "caminos":
        game = caminos.Game(caminos.Rules.base(players=3), seed=4)
        while game.phase == "reveal":
            game.play(game.legal_moves()[0])
    for thread in searching_threads():
        thread.join()
    # a million samples take minutes: only the stop flag ends this search
    auto_move(game, mover(game), seconds=0.05, samples=10**6)
    for thread in searching_threads():
        thread.join(timeout=5.0)  # it ends within a sample; 5 s only if something is wrong
        assert not thread.is_alive()


def test_auto_move_stops_an_infer_player_at_the_deadline(monkeypatch: pytest.MonkeyPatch) -> None:
    """The infer player under auto_move's budget: its search, far too long to
    end on its own, is cut by the stop flag and answers a legal move."""
    from pintas.domino.players import GreedyPlayer, InferPlayer
    monkeypatch.setattr(timer, "_players", lambda game, samples, stop: (
        GreedyPlayer(), InferPlayer(samples=samples, stop=stop)))
    g = mid_round(7)
    for thread in searching_threads():
        thread.join()
    assert auto_move(g, mover(g), seconds=0.05, samples=10**6) in g.legal_moves()
    for thread in searching_threads():
        thread.join(timeout=5.0)  # it ends within a sample; 5 s only if something is wrong
        assert not thread.is_alive()


def test_a_raised_stop_ends_a_search_before_its_next_sample() -> None:
    from pintas.caminos._search import Info as CaminosInfo
    from pintas.domino._search import Info as LineInfo
    from pintas.domino.players import SearchPlayer, SuitPlayer
    g = mid_round(5)
    view = g.view(mover(g))
    stop = Stop()
    assert LineInfo(view).search(1, 0, 10, 0, stop)[2] == 10
    stop.set()
    moves, sums, samples, _ = LineInfo(view).search(1, 0, 10, 0, stop)
    assert samples == 0 and sums == [0] * len(moves) and moves == g.legal_moves()
    # a player whose search is stopped before its first sample plays its quick move
    assert SearchPlayer(samples=10**6, stop=stop).choose(view) == SuitPlayer().choose(view)
    c = caminos.Game(caminos.Rules.base(players=2), seed=2)
    while c.phase == "reveal":
        c.play(c.legal_moves()[0])
    assert CaminosInfo(c.view(mover(c))).search(1, 0, 10, stop)[2] == 0
    with pytest.raises(TypeError):
        LineInfo(view).search(1, 0, 10, 0, "stop")  # type: ignore[arg-type]


def test_auto_move_deadline_holds_by_construction(monkeypatch: pytest.MonkeyPatch) -> None:
    class Stuck:
        def choose(self, view: Any) -> Any:
            time.sleep(2.0)
            raise AssertionError("never used")

    class Quick:
        def choose(self, view: Any) -> Any:
            return view.legal_moves()[0]

    monkeypatch.setattr(timer, "_players", lambda game, samples, stop: (Quick(), Stuck()))
    g = mid_round()
    start = time.perf_counter()
    assert auto_move(g, mover(g), seconds=0.1) == g.legal_moves()[0]
    assert time.perf_counter() - start <= 0.1 + EPSILON


def test_auto_move_falls_back_when_the_search_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        def choose(self, view: Any) -> Any:
            raise RuntimeError("boom")

    class Quick:
        def choose(self, view: Any) -> Any:
            return view.legal_moves()[-1]

    monkeypatch.setattr(timer, "_players", lambda game, samples, stop: (Quick(), Broken()))
    g = mid_round()
    assert auto_move(g, mover(g), seconds=0.5) == g.legal_moves()[-1]


def test_auto_move_bad_input() -> None:
    g = mid_round()
    with pytest.raises(IllegalMoveError, match="is to move"):
        auto_move(g, (mover(g) + 1) % 4, seconds=1)
    with pytest.raises(SeatError, match="no seat 9"):
        auto_move(g, 9, seconds=1)
    for bad in (0, -1, float("nan"), "1", True):
        with pytest.raises(RulesError, match="seconds"):
            auto_move(g, mover(g), seconds=bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="samples"):
        auto_move(g, mover(g), seconds=1, samples=0)
    with pytest.raises(RulesError, match="not the rules, game or view"):
        auto_move("chess", 0, seconds=1)  # type: ignore[arg-type]


def test_auto_move_on_a_finished_game() -> None:
    g = domino.Game(domino.Rules.dominican(mode="two", target=1), seed=1)
    while not g.is_over:
        g.play(g.legal_moves()[0])
    with pytest.raises(IllegalMoveError, match="game is over"):
        auto_move(g, 0, seconds=1)


@dataclass
class FakeTime:
    """A time source the tests move on by hand."""

    now: float = 1000.0

    def __call__(self) -> float:
        return self.now


def test_clock_presets() -> None:
    assert Clock.fast().seconds_per_move == 15
    assert Clock.normal().seconds_per_move == 30
    assert Clock.slow().seconds_per_move == 60
    assert Clock().seconds_per_move == 30


def test_clock_on_a_fake_time_source() -> None:
    t = FakeTime()
    c = Clock.fast(time_source=t)
    assert c.seat is None and c.remaining() == 15 and not c.expired()
    assert not c.should_auto_move()
    c.start(1)
    t.now += 10
    assert c.elapsed() == 10 and c.remaining() == 5 and not c.expired()
    assert not c.should_auto_move(margin=2)
    t.now += 3.5
    assert c.should_auto_move(margin=2)
    assert c.budget(reserve=0.5) == pytest.approx(1.0)
    t.now += 5
    assert c.expired() and c.remaining() == 0 and c.budget() == 0.001
    assert c.stop() == pytest.approx(18.5)
    assert c.used(1) == pytest.approx(18.5) and c.seat is None
    assert c.stop() == 0.0  # nothing running
    c.start(2)
    t.now += 4
    c.start(3)  # seat 2's turn ends when seat 3's starts
    t.now += 1
    c.stop()
    assert c.totals == {1: 18.5, 2: 4.0, 3: 1.0}
    assert "15s a move" in repr(c)


def test_clock_explicit_now_and_bad_input() -> None:
    c = Clock(20, time_source=lambda: 0.0)
    c.start(0, now=5.0)
    assert c.remaining(now=12.0) == 13.0
    assert c.remaining(now=1.0) == 20.0  # a clock going backwards counts as no time
    assert c.expired(now=25.0)
    for bad in (0, -5, "30", float("inf")):
        with pytest.raises(RulesError):
            Clock(bad)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        Clock(10, time_source=5)  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        c.start(-1)
    with pytest.raises(RulesError):
        c.remaining(now="later")  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        c.should_auto_move(now=6.0, margin=-1)


def test_clock_drives_auto_move() -> None:
    t = FakeTime()
    g = mid_round()
    seat = mover(g)
    clock = Clock.fast(time_source=t)
    clock.start(seat)
    t.now += 14.0
    assert clock.should_auto_move()
    seconds = clock.budget(reserve=0.75)
    assert seconds == pytest.approx(0.25)
    g.play(auto_move(g, seat, seconds))
    clock.stop()
    assert clock.used(seat) == pytest.approx(14.0)

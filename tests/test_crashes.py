# mypy: disable-error-code="arg-type, misc"
"""The reliability probe's findings, each pinned: no Python value crashes the
process, and every bad input raises a PintasError or its TypeError twin.

A case that crashed the interpreter runs in a subprocess, so that the suite
survives it if it comes back; the others run here.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
import textwrap

import pytest

from pintas import Tile, TileSet, caminos, dice, domino
from pintas.caminos.players import GreedyPlayer as CaminosGreedy
from pintas.caminos.players import SearchPlayer as CaminosSearch
from pintas.domino.players import GreedyPlayer, SearchPlayer
from pintas.errors import (
    DealTypeError,
    NotationError,
    NotationTypeError,
    PintasTypeError,
    RulesError,
    SeatError,
    SeatTypeError,
    ViewError,
)


def _run(code: str, memory: int | None = None) -> subprocess.CompletedProcess[str]:
    """``code`` run by a fresh interpreter (with at most ``memory`` bytes of
    address space); a crash shows as a negative return code."""
    limit = "" if memory is None else (
        f"import resource; resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))\n")
    return subprocess.run([sys.executable, "-c", limit + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=120)


def _refused(code: str, error: str, memory: int | None = None) -> None:
    """``code`` (which prints the class of what it raised) runs to its end and
    prints ``error``."""
    done = _run(code, memory)
    assert done.returncode == 0, f"exit {done.returncode}: {done.stderr[-800:]}"
    assert done.stdout.split() == [error] * len(done.stdout.split()) and done.stdout, done.stdout


CAMINOS_IN_PLAY = """
    import dataclasses
    from pintas import caminos
    from pintas.caminos.players import SearchPlayer
    game = caminos.Game(caminos.Rules.base(players=2), seed=3)
    while game.phase == "reveal":
        game.play(game.legal_moves()[0])
    view = game.view(game.to_move)
    def refused(make):
        try:
            SearchPlayer(samples=5).choose(make())
        except Exception as exc:
            print(type(exc).__name__)
        else:
            print("chosen")
"""


def test_a_caminos_view_without_hand_sizes_is_refused_not_searched() -> None:
    _refused(CAMINOS_IN_PLAY + """
    refused(lambda: dataclasses.replace(view, hand_sizes=()))
    """, "ViewError")


def test_a_caminos_path_with_one_end_is_refused_not_searched() -> None:
    # its back takes nothing more, so that only the search reads the missing end
    _refused(CAMINOS_IN_PLAY + """
    def one_end(path):
        return dataclasses.replace(path, ends=path.ends[:1], free=(path.free[0], 0))
    refused(lambda: dataclasses.replace(view, paths=(one_end(view.paths[0]), *view.paths[1:])))
    """, "NotationError")


def test_a_forged_caminos_view_is_refused_by_the_search() -> None:
    _refused(CAMINOS_IN_PLAY + """
    def forged(cls, **fields):  # around the constructor: nothing checked
        value = object.__new__(cls)
        value.__dict__.update(fields)
        return value
    path = view.paths[0]
    short = forged(caminos.Path, **{**path.__dict__, "ends": (6,), "free": (1, 0)})
    refused(lambda: forged(caminos.View, **{**view.__dict__, "paths": (short, *view.paths[1:])}))
    refused(lambda: forged(caminos.View, **{**view.__dict__, "hand_sizes": ()}))
    """, "CorruptStateError")


def test_the_private_accessors_check_their_arguments() -> None:
    _refused("""
    from pintas import caminos, domino
    road = caminos.Game(caminos.Rules.base(players=2), seed=3)
    line = domino.Game(domino.Rules.muggins(), seed=1)
    for call in (lambda: road._choice(-100_000_000), lambda: road._path_raw(100_000),
                 lambda: road._path_raw(-1), lambda: road._choice(2**40),
                 lambda: line._pips(2**40), lambda: line._hand_mask(2**40),
                 lambda: road._hand_mask(-1)):
        try:
            call()
        except Exception as exc:
            print(isinstance(exc, ValueError) and type(exc).__module__ == "pintas.errors")
        else:
            print("answered")
    """, "True")


def test_a_method_called_from_its_class_checks_its_instance() -> None:
    _refused("""
    from pintas import dice, domino
    for call in (lambda: domino.Game._pips({}, 1), lambda: domino.Game.play(None, "6|6L"),
                 lambda: dice.Policy.best_keep(1, [1, 5]), lambda: domino.Move.__str__(5)):
        try:
            call()
        except TypeError as exc:
            print(isinstance(exc, TypeError))
    """, "True")


def test_what_an_object_made_by_new_holds_is_never_read_as_c() -> None:
    _refused("""
    from pintas import dice
    game = dice.Game(seed=1)
    for call in (game._hand_sizes, lambda: game._hand_mask(0), lambda: game._illegal(42, "42"),
                 lambda: dice.Policy.__new__(dice.Policy).expected_turn_score,
                 lambda: dice.Policy.__new__(dice.Policy).best_keep([1, 5])):
        try:
            call()
        except TypeError as exc:
            print(isinstance(exc, TypeError))
    """, "True")
    for family in (domino, caminos, dice):
        blank = family.Game.__new__(family.Game)
        assert blank.scores == () and blank.seats == 0 and blank.winners == ()


def test_big_numbers_raise_the_twins_not_overflow() -> None:
    with pytest.raises(NotationError):
        dice.Keep((1,), 2**40)
    for code in (2**70, -(2**70)):
        with pytest.raises(NotationError):
            domino.Move.from_code(code)
        with pytest.raises(NotationError):
            caminos.Move.from_code(code)
    with pytest.raises(NotationError):
        domino.Event("score", points=2**40)
    with pytest.raises(NotationError):
        dice.Event("rolled", seat=2**80)
    line = domino.Game(domino.Rules.muggins(), seed=1)
    before = line.to_bytes()
    for call, error in ((lambda: line._reseed(-1), RulesError),
                        (lambda: line._play_seeded_by(line.legal_moves()[0], 2**64), RulesError),
                        (lambda: line._pips(2**40), SeatError),
                        (lambda: line._pips(1.0), SeatTypeError)):
        with pytest.raises(error):
            call()
    assert line.to_bytes() == before


def test_huge_iterables_are_counted_before_they_are_read() -> None:
    _refused("""
    from pintas import TileSet, caminos, dice, domino
    import itertools
    for call in (lambda: dice.score(range(10**9)), lambda: dice.keeps(range(10**9)),
                 lambda: dice.score(iter(range(10**9))), lambda: dice.Move.keep(range(10**9)),
                 lambda: TileSet(itertools.repeat("6|6")),
                 lambda: domino.Deal(hands=itertools.repeat("6|6 5|5")),
                 lambda: caminos.Event("tie", seats=range(10**9))):
        try:
            call()
        except Exception as exc:
            print(type(exc).__name__ in ("NotationError", "DealError", "NotationTypeError"))
    """, "True", memory=2 << 30)


def test_long_notation_is_refused_before_it_is_parsed() -> None:
    for parse in (domino.Move.parse, caminos.Move.parse, dice.Move.parse, Tile.parse,
                  TileSet.parse, dice.score):
        with pytest.raises(NotationError, match="at most"):
            parse("6|6 " * 100_000)


def _line_view() -> domino.View:
    game = domino.Game(domino.Rules.muggins(players=2), seed=3)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    return game.view(game.to_move)


@pytest.mark.parametrize("changes", [
    {"rules": None}, {"ends": (9, 9)}, {"hand_sizes": ()}, {"log": (1, 2)}, {"seat": -1},
    {"scores": (2**40, 0)}, {"hand": None}, {"forced_tile": 5}, {"round": 2**80},
    {"placements": ((Tile(6, 6), "L"), (Tile(1, 0), "R"))}, {"hand_sizes": (7, 99)},
    {"forced_tile": Tile(3, 3)},  # a forced tile once the line has begun broke the greedy player
], ids=lambda c: ",".join(c))
def test_a_line_view_built_by_hand_is_refused_when_built(changes: dict[str, object]) -> None:
    view = _line_view()
    with pytest.raises(ViewError):
        dataclasses.replace(view, **changes)
    for player in (GreedyPlayer(), SearchPlayer(samples=3)):
        assert player.choose(view) in view.legal_moves()


def test_a_caminos_view_and_path_built_by_hand_are_refused() -> None:
    game = caminos.Game(caminos.Rules.base(players=2), seed=3)
    while game.phase == "reveal":
        game.play(game.legal_moves()[0])
    view = game.view(game.to_move or 0)
    for changes in ({"hand_sizes": ()}, {"paths": ()}, {"revealed": ()}, {"phase": 3},
                    {"pile_size": -1}, {"passes": 2**70}, {"chosen": (0, 0)}):
        with pytest.raises(ViewError):
            dataclasses.replace(view, **changes)
    path = view.paths[0]
    for fields in ({"ends": (6,)}, {"ends": (6, 6, 6)}, {"free": None}, {"number": 0},
                   {"front": (Tile(0, 0),) * 3}, {"ends": range(10**9)}):
        with pytest.raises(NotationError):
            dataclasses.replace(path, **fields)
    for player in (CaminosGreedy(), CaminosSearch(samples=3)):
        assert player.choose(view) in view.legal_moves()


def test_a_record_is_built_once() -> None:
    move = domino.Move.from_code(0)
    with pytest.raises(PintasTypeError):
        move.__init__("draw")
    assert domino.Move.from_code(0) == domino.Move.play("0|0", "L") and move.code == 0
    event = domino.Event("pass", seat=1)
    with pytest.raises(PintasTypeError):
        event.__init__("score", points=5)
    assert event.kind == "pass"


def test_hand_made_events_are_checked_and_read() -> None:
    for make in (lambda: domino.Event("play", seat="x"), lambda: caminos.Event("tie", seats=5),
                 lambda: dice.Event("rolled", values=5), lambda: domino.Event("play", end=4)):
        with pytest.raises(NotationTypeError):
            make()
    assert str(caminos.Event("reveal", seat=0)) == "Event('reveal', seat=0)"
    for hands in (None, 5, [5], "6|6"):  # a deal's hands too (fixed before the probe)
        with pytest.raises(DealTypeError):
            domino.Deal(hands=hands)

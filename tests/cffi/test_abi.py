"""The installed shared library, driven through its C ABI by cffi, plays every
game exactly as the Python API does: the same legal moves, move for move; the
same events, event for event; the same scores, seat to move and winners; and
the same save image of the C state after every move.

Each game starts in both from the same rules and seed, as the bindings start
it: the Python seed is the C seed (docs/determinism.md), the rules are the C
preset of the Python rules with their house options set field by field. Both
then play the same choice, by index among the legal moves, drawn by a
``random.Random`` of the game's seed. The events the C calls write are read as
the headers document them (kinds and reasons named after the C enums) and
built into the Python API's event records, which compare by value.

Skipped unless PINTAS_LIB names the installed library (CI installs it and
sets it; see tests/cffi/support.py).
"""

from __future__ import annotations

import importlib.metadata
import random
from typing import Any

import pytest

from pintas import caminos, dice, domino
from tests.caminos.support import CONFIGS as CAMINOS_CONFIGS
from tests.cffi.games import CCaminos, CDice, CGame, CLine, PyGame
from tests.cffi.support import CLibrary
from tests.dice.support import CONFIGS as DICE_CONFIGS
from tests.domino.support import CONFIGS as LINE_CONFIGS
from tests.support import PCG32, STREAM

MAX_MOVES = 20_000
SEEDS = (1, 2026, 2**64 - 1)  # the largest seed too: every bit crosses the ABI


# ---- the library against its headers -----------------------------------------------


def test_the_library_is_the_version_its_headers_and_the_python_package_say(c: CLibrary) -> None:
    lib = c.lib
    version = c.text(lib.pintas_version())
    parts = (lib.PINTAS_VERSION_MAJOR, lib.PINTAS_VERSION_MINOR, lib.PINTAS_VERSION_PATCH)
    assert version == ".".join(map(str, parts))
    assert version == importlib.metadata.version("pintas")


def test_the_library_defines_every_function_the_headers_declare(c: CLibrary) -> None:
    functions = c.functions()
    assert len(functions) > 50
    for name in functions:
        assert callable(getattr(c.lib, name)), name  # dlsym: AttributeError if not exported
    assert c.text(c.lib.pintas_status_str(c.lib.PINTAS_E_ILLEGAL)) == "illegal move"


def test_the_generator_crosses_the_abi_as_documented(c: CLibrary) -> None:
    # docs/determinism.md: O'Neill's check values, and the library's stream.
    rng = c.new("pintas_rng *")
    c.lib.pintas_rng_seed(rng, 42, 54)
    assert [c.lib.pintas_rng_next(rng) for _ in range(6)] == [
        0xA15C02B7, 0x7B47F409, 0xBA1D3330, 0x83D2F293, 0xBFA4784B, 0xCBED606E]
    assert c.lib.PINTAS_RNG_STREAM == STREAM
    ours, documented = c.new("pintas_rng *"), PCG32(2**64 - 1)
    c.lib.pintas_rng_seed(ours, 2**64 - 1, STREAM)
    assert [c.lib.pintas_rng_below(ours, 28) for _ in range(50)] == [
        documented.below(28) for _ in range(50)]


@pytest.mark.parametrize("game", ["line", "caminos", "dice"])
def test_the_structs_as_the_headers_lay_them_out_are_the_librarys(c: CLibrary, game: str) -> None:
    e = c.engine(game)
    assert c.text(e.name) == game
    assert e.state_size == c.ffi.sizeof(f"pintas_{game}_state")
    assert e.rng_offset == c.ffi.offsetof(f"pintas_{game}_state", "rng")
    assert e.move_size == c.ffi.sizeof(f"pintas_{game}_move")
    assert e.event_size == c.ffi.sizeof(f"pintas_{game}_event")
    upper = game.upper()
    assert e.save_size == getattr(c.lib, f"PINTAS_{upper}_SAVE_SIZE")
    assert e.max_events == getattr(c.lib, f"PINTAS_{upper}_MAX_EVENTS")
    if game != "dice":
        assert e.max_moves == getattr(c.lib, f"PINTAS_{upper}_MAX_MOVES")
        assert e.stats_size == c.ffi.sizeof(f"pintas_{game}_stats")


def play_alike(py: PyGame, c_game: CGame, seed: int, ordered: bool = True) -> int:
    """Play both games to their end by the same random choices, comparing
    everything after every move; the number of moves."""
    choose = random.Random(seed)
    assert list(py.events) == c_game.first_events
    for played in range(MAX_MOVES):
        where = f"after {played} moves"
        assert c_game.save() == py._save(), f"{where}: the save images differ"
        assert c_game.status() == (py.to_move, py.scores, py.winners), where
        legal = c_game.legal()
        py_legal = list(py.legal_moves())
        if ordered:
            assert legal == py_legal, where
        else:  # Python lists dice keeps by points, C by their dice
            assert sorted(map(repr, legal)) == sorted(map(repr, py_legal)), where
        if not legal:
            assert py.is_over, where
            return played
        index = choose.randrange(len(legal))
        c_events = c_game.play(index)
        assert c_events, f"{where}: {legal[index]} wrote no event"  # a move writes itself first
        assert c_events == list(py.play(legal[index])), f"{where}: {legal[index]}"
    raise AssertionError(f"no end after {MAX_MOVES} moves")


def _ids(seed: int) -> str:
    return "max-seed" if seed == 2**64 - 1 else f"seed-{seed}"


#: The tile games' configurations ("family/name"): the Python game, the C game, the rules.
TILE_GAMES: dict[str, tuple[Any, Any, Any]] = {
    **{f"line/{name}": (domino.Game, CLine, rules) for name, rules in LINE_CONFIGS.items()},
    **{f"caminos/{name}": (caminos.Game, CCaminos, rules)
       for name, rules in CAMINOS_CONFIGS.items()}}


@pytest.mark.parametrize("seed", SEEDS, ids=_ids)
@pytest.mark.parametrize("name", sorted(TILE_GAMES))
def test_tile_games_play_alike(c: CLibrary, name: str, seed: int) -> None:
    game_type, c_game, rules = TILE_GAMES[name]
    moves = play_alike(game_type(rules, seed=seed), c_game(c, rules, seed), seed)
    assert moves > 10


DICE_GAMES = {"dice_of_doom": dice.Rules.dice_of_doom(), "farkle": dice.Rules.farkle(),
              **DICE_CONFIGS}


@pytest.mark.parametrize("seed", SEEDS, ids=_ids)
@pytest.mark.parametrize("name", list(DICE_GAMES))
def test_dice_games_play_alike(c: CLibrary, name: str, seed: int) -> None:
    rules = DICE_GAMES[name]
    players, first = 2 + seed % 3, seed % 2
    py = dice.Game(rules, players=players, seed=seed, first_player=first)
    moves = play_alike(py, CDice(c, rules, players, first, seed), seed, ordered=False)
    assert moves >= 3  # at the least a roll, a keep and a bank


"""The installed library's notation (pintas/notation.h) against the Python
package's, for every preset: every legal move printed as ``str(move)`` and
read back as the same move; tiles, sets of tiles and moves read alike without
a game; what a person types in a position (the aliases, the Spanish words,
the short forms, a bare tile) read as the same move or refused in the same
words; and every move given as a value that the rules refuse now refused in
the words of Python's IllegalMoveError, and typed, in the words of its refusal of
the text.

The texts are the corpus of tools/golden/notation.py (the generator of the C
tests' golden vectors), tried here against the package as it is now.

Skipped unless PINTAS_LIB names the installed library (see support.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

from pintas import caminos, dice, domino
from pintas.errors import IllegalMoveError, NotationError
from pintas.tiles import TILES, Tile, TileSet
from tests.cffi.support import CLibrary
from tests.cffi.twins import CASES, Notation, Twin, random_positions
from tests.support import golden_generator

Said = tuple[str | None, str]  # (what a text reads as, printed; or None and the refusal)


@pytest.fixture(scope="module")
def corpus() -> ModuleType:
    """tools/golden/notation.py: its texts, and the positions' texts it tries."""
    return golden_generator("notation")


def python_said(read: Callable[[str], Any], text: str) -> Said:
    """What Python's ``read`` makes of ``text``: the value read, printed, or the
    refusal's words."""
    try:
        return str(read(text)), ""
    except (NotationError, IllegalMoveError) as exc:
        return None, str(exc)


MOVE_TYPES: dict[str, Any] = {"line": domino.Move, "caminos": caminos.Move, "dice": dice.Move}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_legal_move_prints_and_reads_back_alike(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 21)
    notation, size = Notation(c, twin.name), twin.cg.engine.move_size
    compared = 0
    for _ in random_positions(twin, 21, 150):
        legal = twin.cg.legal()  # the C game's own moves, beside their Python values
        for move, c_move in zip(legal, twin.cg.moves, strict=True):
            text = notation.print(c_move)
            assert text == str(move)
            for read in (notation.parse(text), notation.parse_in(twin.cg.state, text)):
                assert read == (text, "")
            raw, back = text.encode(), c.new(f"pintas_{twin.name}_move *")
            c.check(getattr(c.lib, f"pintas_{twin.name}_move_parse")(
                raw, len(raw), back, c.new("pintas_refusal *")), text)
            assert c.ffi.buffer(back, size)[:] == c.ffi.buffer(c_move, size)[:], text
            compared += 1
    assert compared > 100


def test_tiles_and_sets_of_tiles_read_and_print_alike(c: CLibrary, corpus: ModuleType) -> None:
    notation = Notation(c, "line")
    for tile in TILES:
        status, text = notation.call("tile_print", tile.index)
        assert (status, text) == (c.lib.PINTAS_OK, str(tile))
    rng = random.Random(3)
    for mask in [0, int(TileSet.full()), *(rng.getrandbits(28) for _ in range(200))]:
        status, text = notation.call("tileset_print", mask)
        assert (status, text) == (c.lib.PINTAS_OK, str(TileSet.from_mask(mask)))

    def c_read(kind: str, text: str) -> Said:
        raw, why = text.encode(), c.new("pintas_refusal *")
        out = c.new("uint8_t *" if kind == "tile" else "pintas_mask *")
        if getattr(c.lib, f"pintas_{kind}_parse")(raw, len(raw), out, why) == c.lib.PINTAS_OK:
            return str(TILES[out[0]] if kind == "tile" else TileSet.from_mask(out[0])), ""
        status, words = notation.call("notation_refusal_text", why, raw, len(raw))
        c.check(status, "notation_refusal_text")
        return None, words

    texts = {"tile": (corpus.tile_texts(), Tile.parse),
             "tileset": (corpus.tileset_texts(), TileSet.parse)}
    for kind, (tried, parse) in texts.items():
        for text in tried:
            assert c_read(kind, text) == python_said(parse, text), (kind, text)


@pytest.mark.parametrize("game", ["line", "caminos", "dice"])
def test_moves_read_alike_without_a_game(c: CLibrary, corpus: ModuleType, game: str) -> None:
    notation, move_type = Notation(c, game), MOVE_TYPES[game]
    texts = getattr(corpus, f"{game}_move_texts")()
    refused = 0
    for text in texts:
        said = notation.parse(text)
        assert said == python_said(move_type.parse, text), text
        refused += said[0] is None
    assert 20 < refused < len(texts)


def tried_in(corpus: ModuleType, py: Any, game: str, rng: random.Random) -> list[str]:
    """What the golden corpus types in this position (aliases, languages,
    short forms, bare tiles, junk), and moves written in full."""
    return [*getattr(corpus, f"{game}_texts")(py, rng), *getattr(corpus, f"{game}_values")(py, rng)]


@pytest.mark.parametrize("name", sorted(CASES))
def test_what_a_player_types_reads_alike(c: CLibrary, corpus: ModuleType, name: str) -> None:
    twin = Twin.new(c, name, 33)
    notation, rng = Notation(c, twin.name), random.Random(name)
    outcomes = {"read": 0, "refused": 0}
    for played in random_positions(twin, 33, 3000):  # (to the end: a game over refuses)
        if (played % 6 or played > 400) and not twin.py.is_over:
            continue
        odd = corpus.ODD if played == 0 or twin.py.is_over else []  # spaces, cases, junk
        for text in [*tried_in(corpus, twin.py, twin.name, rng), *odd]:
            said = notation.parse_in(twin.cg.state, text)
            assert said == python_said(twin.py.parse_move, text), (played, text)
            outcomes["read" if said[0] is not None else "refused"] += 1
    assert twin.py.is_over or twin.name == "dice"
    assert min(outcomes.values()) > 20, outcomes


def python_refusal(py: Any, move: Any) -> str:
    """The words of the IllegalMoveError ``py`` refuses ``move`` (a value) with, "" if legal."""
    if py.is_legal(move):
        return ""
    with pytest.raises(IllegalMoveError) as refusal:
        py.play(move)  # refused: the game is left as it was
    return str(refusal.value)


def every_move(py: Any) -> list[Any]:
    """Every move the notation names that the game might be given now."""
    if isinstance(py, domino.Game):
        return [domino.Move.play(t, end) for t in TILES for end in "LR"] + [
            domino.Move.draw(), domino.Move.pass_()]
    if isinstance(py, caminos.Game):
        paths = range(1, py.rules.paths + 1)
        return ([caminos.Move.place(t, side, p) for t in TILES for side in ("front", "back")
                 for p in paths] + [caminos.Move.reveal(t) for t in TILES]
                + [caminos.Move.draw(), caminos.Move.pass_()])
    keeps = [(1,), (5,), (1, 5), (5, 5), (2, 2, 2), (6,), (1, 1, 1, 1, 1, 1), (3, 4)]
    rolls = [(1,), (1, 2, 3, 4, 5, 6), (2, 2, 3, 3, 4, 6)][: py.dice_to_roll]
    return ([dice.Move.roll(), dice.Move.bank()] + [dice.Move.keep(k) for k in keeps]
            + [dice.Move.roll(r) for r in rolls])


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_illegal_move_is_refused_in_the_same_words(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 45)
    notation = Notation(c, twin.name)
    refusals: set[str] = set()
    for played in random_positions(twin, 45, 300):
        if played % 9 and not twin.py.is_over:
            continue
        for move in every_move(twin.py):
            words = notation.why(twin.cg.state, twin.cg.c_move(move))
            assert words == python_refusal(twin.py, move), (played, move)
            refusals.add(words.split(": ", 1)[-1].split(" (legal")[0])
            text = str(move)  # and typed: the refusal quotes the text
            said = notation.parse_in(twin.cg.state, text)
            assert said == python_said(twin.py.parse_move, text), (played, text)
    assert len(refusals) > 12, refusals

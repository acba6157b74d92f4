"""What the C library gives beyond the rules, against the Python package, for
every preset: the saves (the same bytes both ways, each loading the other's,
damaged ones refused with the same cause), notation (every move printed and
read back alike, every refusal in the same words), a seat's view (the same
hand, sizes, scores, turn and legal moves) and the computer players below the
search (the same choice for the same view and seed).

Both sides play the same game: the Python game and a C game started from the
same rules and seed (tests/cffi/games.py), the same move chosen by index at
every turn, the events of each C call fed to the C record of the views.

Skipped unless PINTAS_LIB names the installed library (see support.py).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any, ClassVar

import pytest

from pintas import caminos, dice, domino, registry
from pintas.errors import CorruptStateError, IllegalMoveError, NotationError
from tests.cffi.games import CCaminos, CDice, CGame, CLine
from tests.cffi.support import CLibrary

KEY = bytes(range(100, 132))
MOVES = 60  # moves played before a save; every 5th position is compared in full


def _cases() -> dict[str, tuple[Any, int]]:
    """Every preset of the registry (and the other modes of the line games), with its seats."""
    out: dict[str, tuple[Any, int]] = {}
    for preset in registry.presets():
        rules = preset.rules()
        out[preset.name] = (rules, preset.family.seats(rules, 3))
    out["dominican_two"] = (domino.Rules.dominican(mode="two"), 2)
    out["capicua_pairs"] = (domino.Rules.capicua(players=4, pairs=True), 4)
    out["muggins_four"] = (domino.Rules.muggins(players=4), 4)
    return out


CASES = _cases()


def new_games(c: CLibrary, name: str, seed: int | None) -> tuple[Any, CGame]:
    """The Python game and its C twin (seed None: the Python game unseeded,
    the C one seeded with the Python game's first seed)."""
    rules, seats = CASES[name]
    if isinstance(rules, dice.Rules):
        py: Any = dice.Game(rules, players=seats, seed=seed)
        return py, CDice(c, rules, seats, 0, seed if seed is not None else py._first_seed)
    if isinstance(rules, caminos.Rules):
        py = caminos.Game(rules, seed=seed)
        return py, CCaminos(c, rules, seed if seed is not None else py._first_seed)
    py = domino.Game(rules, seed=seed)
    return py, CLine(c, rules, seed if seed is not None else py._first_seed)


def positions(py: Any, cg: CGame, seed: int, moves: int = MOVES,
              played_in_c: Callable[[], None] | None = None) -> Iterator[int]:
    """Play both games by the same random choices, yielding after each move
    (0 before the first); stops at the end or after ``moves`` moves.
    ``played_in_c`` is called after each C move, its events still in the
    C game's buffer."""
    choose = random.Random(seed)
    for played in range(moves + 1):
        yield played
        legal = cg.legal()
        if not legal or py.is_over:
            return
        index = choose.randrange(len(legal))
        move = legal[index]
        cg.play(index)
        if played_in_c is not None:
            played_in_c()
        py.play(move)


# ---- saves -----------------------------------------------------------------------------


class CSave:
    """The save calls of the library for one C game."""

    LETTERS: ClassVar[dict[str, int]] = {"line": ord("L"), "caminos": ord("C"), "dice": ord("D")}

    def __init__(self, c: CLibrary, cg: CGame) -> None:
        self.c, self.lib, self.cg = c, c.lib, cg
        self.letter = self.LETTERS[cg.NAME]

    def setup(self, seed: int) -> Any:
        """The setup of the C game, made as a C host makes it."""
        s = self.c.new("pintas_save_setup *")
        s.game, s.first_seed, s.seeded = self.letter, seed, 1
        setattr(s.rules, self.cg.NAME, self.cg.rules[0])
        if isinstance(self.cg, CDice):
            s.players, s.first_player = self.cg.players, self.cg.first
        return s

    def write(self, setup: Any, entries: list[Any], key: bytes | None = None) -> bytes:
        """The save of the C game's state with these log entries."""
        ffi = self.c.ffi

        @ffi.callback("int(void *, size_t, pintas_save_entry *)")
        def entry(ctx: Any, i: int, out: Any) -> int:
            ffi.memmove(out, entries[i], ffi.sizeof("pintas_save_entry"))
            return int(self.lib.PINTAS_OK)

        log = self.c.new("pintas_save_log *", {"count": len(entries), "entry": entry})
        n = self.c.new("size_t *")
        k = ffi.NULL if key is None else key
        self.c.check(self.lib.pintas_save_write(setup, log, self.cg.state, k,
                                                0 if key is None else len(key), 2, ffi.NULL,
                                                0, n), "save size")
        buf = self.c.new("uint8_t[]", n[0])
        self.c.check(self.lib.pintas_save_write(setup, log, self.cg.state, k,
                                                0 if key is None else len(key), 2, buf, n[0],
                                                n), "save")
        return bytes(ffi.buffer(buf, n[0]))

    def moves(self) -> list[Any]:
        """The C game's moves as log entries."""
        out = []
        for move in self.cg.played:
            e = self.c.new("pintas_save_entry *")
            e.kind = self.lib.PINTAS_SAVE_MOVE
            self.c.ffi.memmove(e.move.bytes, move, self.c.ffi.sizeof(move[0]))
            out.append(e)
        return out

    def load(self, data: bytes, key: bytes | None = None) -> tuple[int, Any, Any, list[Any]]:
        """(status, error, reader, the log's entries) of loading ``data``; once
        loaded, the C game's state is the loaded one."""
        ffi = self.c.ffi
        r, err = self.c.new("pintas_save_reader *"), self.c.new("pintas_save_error *")
        work = self.c.new("pintas_save_work *")
        state = self.c.new(f"pintas_{self.cg.NAME}_state *")
        k = ffi.NULL if key is None else key
        status = self.lib.pintas_save_load(r, self.letter, data, len(data), k,
                                           0 if key is None else len(key), state, work, err)
        entries: list[Any] = []
        while status == self.lib.PINTAS_OK:
            e = self.c.new("pintas_save_entry *")
            if self.lib.pintas_save_next(r, e) != self.lib.PINTAS_OK:
                break
            entries.append(e)
        if status == self.lib.PINTAS_OK:
            self.cg.state = state  # the C game is now the one loaded
        return status, err, r, entries


def template_matches(template: str, message: str) -> bool:
    """Whether ``message`` is ``template`` with every {placeholder} filled."""
    parts = re.split(r"\{[a-z_]+\}", template)
    return re.fullmatch(".*".join(map(re.escape, parts)), message, re.DOTALL) is not None


@pytest.mark.parametrize("name", sorted(CASES))
def test_saves_are_the_same_bytes_both_ways(c: CLibrary, name: str) -> None:
    seed = 4 + len(name)
    py, cg = new_games(c, name, seed)
    for _ in positions(py, cg, seed):
        pass
    saves = CSave(c, cg)
    entries = saves.moves()
    written = saves.write(saves.setup(seed), entries)
    assert written == py.to_bytes()
    assert saves.write(saves.setup(seed), entries, KEY) == py.to_bytes(key=KEY)
    assert type(py).from_bytes(written) == py
    image = cg.save()
    status, _, reader, loaded = saves.load(py.to_bytes(key=KEY), KEY)
    assert status == c.lib.PINTAS_OK and len(loaded) == len(entries) == reader.count
    assert cg.save() == image == py._save()


@pytest.mark.parametrize("name", ["dominican", "caminos", "farkle"])
def test_an_unseeded_game_saves_alike(c: CLibrary, name: str) -> None:
    py, cg = new_games(c, name, None)  # the OS seeds each Python move: C only loads it
    choose = random.Random(9)
    for _ in range(30):
        legal = py.legal_moves()
        if not legal:
            break
        py.play(legal[choose.randrange(len(legal))])
    saves, data = CSave(c, cg), py.to_bytes()
    status, _, reader, entries = saves.load(data)
    assert status == c.lib.PINTAS_OK
    assert any(e.kind == c.lib.PINTAS_SAVE_RESEED for e in entries)
    setup = c.ffi.addressof(reader, "setup")
    assert saves.write(setup, entries) == data  # the loaded state, written back


@pytest.mark.parametrize("name", ["dominican", "muggins", "caminos", "dice_of_doom"])
def test_damaged_saves_are_refused_for_the_same_cause(c: CLibrary, name: str) -> None:
    seed = 11
    py, cg = new_games(c, name, seed)
    for _ in positions(py, cg, seed, 20):
        pass
    saves, data = CSave(c, cg), py.to_bytes()
    for at in range(0, len(data), max(1, len(data) // 40)):
        damaged = bytearray(data)
        damaged[at] ^= 0x10
        status, err, _, _ = saves.load(bytes(damaged))
        assert status != c.lib.PINTAS_OK, at
        with pytest.raises(CorruptStateError) as refused:
            type(py).from_bytes(bytes(damaged))
        template = c.text(c.lib.pintas_save_message(err))
        assert template_matches(template, str(refused.value)), (at, template, refused.value)


# ---- notation ----------------------------------------------------------------------------


class CNotation:
    """Parse, print and refuse through the library, for one C game."""

    def __init__(self, c: CLibrary, cg: CGame) -> None:
        self.c, self.lib, self.cg, self.name = c, c.lib, cg, cg.NAME

    def _call(self, fn: str, *args: Any) -> tuple[int, str]:
        buf, n = self.c.new("char[]", 2048), self.c.new("size_t *")
        status = getattr(self.lib, f"pintas_{self.name}_{fn}")(*args, buf, 2048, n)
        return status, bytes(self.c.ffi.buffer(buf, n[0])).decode()

    def print(self, move: Any) -> str:
        status, text = self._call("move_print", move)
        self.c.check(status, "move_print")
        return text

    def play_text(self, text: str) -> tuple[bool, str]:
        """(accepted, the refusal's words) of ``text`` typed in this position."""
        raw = text.encode()
        m = self.c.new(f"pintas_{self.name}_move *")
        why = self.c.new("pintas_refusal *")
        status = getattr(self.lib, f"pintas_{self.name}_parse_in")(self.cg.state, raw, len(raw),
                                                                      m, why)
        if status == self.lib.PINTAS_OK:
            status = getattr(self.lib, f"pintas_{self.name}_why")(self.cg.state, m, why)
            if status == self.lib.PINTAS_OK:
                return True, ""
        status, words = self._call("refusal_text", self.cg.state, why, raw, len(raw))
        self.c.check(status, "refusal_text")
        return False, words


def python_play_text(py: Any, text: str) -> tuple[bool, str]:
    """(accepted, the refusal's words) of ``text`` played in a copy of ``py``."""
    try:
        py.copy().play(text)
    except (IllegalMoveError, NotationError) as exc:
        return False, str(exc)
    return True, ""


def texts_to_try(py: Any) -> list[str]:
    """Text a player might type here: every move, legal or not, in the
    package's notation, and some that is no move at all."""
    return ["pass", "draw", "", "6|9", "potato", *map(str, py.legal_moves())]


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_move_prints_and_reads_back_alike(c: CLibrary, name: str) -> None:
    seed = 21
    py, cg = new_games(c, name, seed)
    notation = CNotation(c, cg)
    for played in positions(py, cg, seed):
        legal = cg.legal()
        for move, c_move in zip(legal, cg.moves, strict=True):
            text = notation.print(c_move)
            assert text == str(move)
            raw = text.encode()
            parsed = c.new(f"pintas_{cg.NAME}_move *")
            c.check(getattr(c.lib, f"pintas_{cg.NAME}_move_parse")(
                raw, len(raw), parsed, c.new("pintas_refusal *")), text)
            size = c.ffi.sizeof(parsed[0])
            assert c.ffi.buffer(parsed, size)[:] == c.ffi.buffer(c_move, size)[:], text
        if played % 10 == 0:
            for text in texts_to_try(py):
                assert notation.play_text(text) == python_play_text(py, text), (played, text)


def _all_texts(py: Any) -> list[str]:
    """Every placement and reveal the game's notation can name, for refusals."""
    from pintas.tiles import TILES
    if isinstance(py, domino.Game):
        return [f"{t} {end}" for t in TILES for end in ("L", "R")] + [str(t) for t in TILES]
    if isinstance(py, caminos.Game):
        paths = py.rules.paths
        return ([f"{t} {side} {p}" for t in TILES for side in ("front", "back")
                 for p in range(1, paths + 2)] + [f"reveal {t}" for t in TILES])
    return ["roll", "bank", "keep 1", "keep 5", "keep 1 5", "keep 2 2 2", "roll 1 2 3 4 5 6",
            "keep 6", "roll 1"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_refusal_is_worded_alike(c: CLibrary, name: str) -> None:
    seed = 33
    py, cg = new_games(c, name, seed)
    notation = CNotation(c, cg)
    refused = 0
    for played in positions(py, cg, seed, 40):
        if played % 8:
            continue
        for text in _all_texts(py):
            c_said, py_said = notation.play_text(text), python_play_text(py, text)
            assert c_said == py_said, (played, text)
            refused += not py_said[0]
    assert refused > 20


# ---- views and players --------------------------------------------------------------------


class CViews:
    """The record of a C game, updated with every C call's events, and the
    seats' views of it."""

    def __init__(self, c: CLibrary, cg: CGame) -> None:
        self.c, self.lib, self.cg, self.name = c, c.lib, cg, cg.NAME
        self.owner: Any = None
        if self.name == "line":
            self.record = c.new("pintas_line_record *")
            c.check(self.lib.pintas_line_record_clear(self.record), "record")
        elif self.name == "caminos":
            self.record = c.new("pintas_caminos_record *")
            c.check(self.lib.pintas_caminos_record_start(self.record, cg.rules), "record")
        if self.name != "dice":
            self.update()  # the start's events, still in the C game's buffer

    def update(self) -> None:
        if self.name != "dice":
            update = getattr(self.lib, f"pintas_{self.name}_record_update")
            self.c.check(update(self.record, self.cg.events, self.cg.n[0]), "record update")

    def view(self, seat: int) -> Any:
        v = self.c.new(f"pintas_{self.name}_view *")
        if self.name == "dice":
            self.c.check(self.lib.pintas_dice_view_of(self.cg.state, seat, v), "view")
        else:
            view_of = getattr(self.lib, f"pintas_{self.name}_view_of")
            self.c.check(view_of(self.cg.state, self.record, seat, v), "view")
        return v

    def legal(self, v: Any) -> list[Any]:
        """The view's legal moves, as C moves."""
        cap = 64 if self.name == "dice" else self.cg.engine.max_moves
        moves, n = self.c.new(f"pintas_{self.name}_move[]", cap), self.c.new("size_t *")
        if self.name == "dice":
            status = self.lib.pintas_dice_view_legal(v, moves, self.c.ffi.NULL, cap, n)
        else:
            status = getattr(self.lib, f"pintas_{self.name}_view_legal")(v, moves, cap, n)
        self.c.check(status, "view_legal")
        self.owner = moves  # the array the moves point into, alive until the next call
        return [moves + i for i in range(n[0])]


def play_and_view(c: CLibrary, name: str, seed: int, moves: int = 80
                  ) -> Iterator[tuple[Any, CGame, CViews, CNotation]]:
    """The positions of a game played alike in both, with the C views kept up."""
    py, cg = new_games(c, name, seed)
    views, notation = CViews(c, cg), CNotation(c, cg)
    for _ in positions(py, cg, seed, moves - 1, views.update):
        yield py, cg, views, notation


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_seat_sees_the_same_in_c(c: CLibrary, name: str) -> None:
    compared = 0
    for py, _, views, notation in play_and_view(c, name, 41):
        for seat in range(len(py.scores) if isinstance(py, dice.Game) else py.rules.players):
            v, pv = views.view(seat), py.view(seat)
            legal = [notation.print(m) for m in views.legal(v)]
            if isinstance(py, dice.Game):
                assert sorted(legal) == sorted(map(str, pv.legal_moves()))
                assert v.turn_total == pv.turn_total
                assert tuple(v.score[0:py.players]) == py.scores
            else:
                assert legal == [str(m) for m in pv.legal_moves()]
                assert int(v.info.hand) == int(pv.hand)
                assert v.to_move == (255 if py.to_move is None else py.to_move)
            compared += 1
    assert compared > 50


def _py_players(py: Any, seed: int) -> dict[str, Any]:
    if isinstance(py, dice.Game):
        return {"random": dice.players.RandomPlayer(seed=seed),
                "threshold": dice.players.ThresholdPlayer(bank_at=600 + 50 * (seed % 9))}
    family = caminos if isinstance(py, caminos.Game) else domino
    return {"random": family.players.RandomPlayer(seed=seed),
            "greedy": family.players.GreedyPlayer(),
            "suit": family.players.SuitPlayer()}


def c_choice(c: CLibrary, name: str, kind: str, v: Any, seed: int, py: Any) -> Any:
    """What the C player of ``kind`` chooses for view ``v``."""
    lib, out = c.lib, c.new(f"pintas_{name}_move *")
    if kind == "random":
        mt = c.new("pintas_mt *")
        lib.pintas_mt_seed(mt, seed)
        c.check(getattr(lib, f"pintas_{name}_random_choose")(v, mt, out), kind)
    elif kind == "threshold":
        c.check(lib.pintas_dice_threshold_choose(v, 600 + 50 * (seed % 9), out), kind)
    elif kind == "greedy":
        c.check(getattr(lib, f"pintas_{name}_greedy_choose")(v, out), kind)
    else:
        c.check(getattr(lib, f"pintas_{name}_suit_choose")(v, c.ffi.NULL, out), kind)
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_players_choose_alike(c: CLibrary, name: str) -> None:
    chosen = 0
    for step, (py, cg, views, notation) in enumerate(play_and_view(c, name, 57)):
        seat = py.to_move
        if seat is None:
            continue
        v, pv = views.view(seat), py.view(seat)
        for kind, player in _py_players(py, step).items():
            c_move = c_choice(c, cg.NAME, kind, v, step, py)
            assert notation.print(c_move) == str(player.choose(pv)), (step, kind)
            chosen += 1
    assert chosen > 40

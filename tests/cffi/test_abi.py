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
from collections.abc import Sequence
from typing import Any, Protocol

import pytest

from pintas import caminos, dice, domino
from pintas.tiles import TILES, Tile, TileSet
from tests.caminos.support import CONFIGS as CAMINOS_CONFIGS
from tests.cffi.support import CLibrary, LibraryMissing
from tests.dice.support import CONFIGS as DICE_CONFIGS
from tests.domino.support import CONFIGS as LINE_CONFIGS
from tests.support import PCG32, STREAM

MAX_MOVES = 20_000
SEEDS = (1, 2026, 2**64 - 1)  # the largest seed too: every bit crosses the ABI


@pytest.fixture(scope="module")
def c() -> CLibrary:
    try:
        return CLibrary.load()
    except LibraryMissing as exc:
        pytest.skip(str(exc))


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


# ---- one game in C, as the Python API plays it ------------------------------------------


class PyGame(Protocol):
    """What the comparison reads of a Python game."""

    @property
    def events(self) -> Sequence[object]: ...

    @property
    def to_move(self) -> int | None: ...

    @property
    def scores(self) -> tuple[int, ...]: ...

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def is_over(self) -> bool: ...

    def legal_moves(self) -> Sequence[object]: ...

    def play(self, move: Any) -> Sequence[object]: ...

    def _save(self) -> bytes: ...


class CGame:
    """A game in C through the typed calls of its header (start, legal, play,
    save) and its engine table (status), read as Python values."""

    NAME = ""

    def __init__(self, c: CLibrary) -> None:
        self.c, self.lib = c, c.lib
        self.engine = c.engine(self.NAME)
        self.state = c.new(f"pintas_{self.NAME}_state *")
        cap = getattr(self.lib, f"PINTAS_{self.NAME.upper()}_MAX_EVENTS")
        self.events, self.cap = c.new(f"pintas_{self.NAME}_event[]", cap), cap
        self.n = c.new("size_t *")
        self.moves: list[Any] = []   # the C moves of the last legal(), in the C order
        self.first_events: list[object] = []

    def legal(self) -> list[object]:
        """The legal moves as Python moves, in the C library's order (keeping the C ones)."""
        raise NotImplementedError

    def event(self, ev: Any) -> object:
        """A C event as the Python API's event record."""
        raise NotImplementedError

    def play(self, index: int) -> list[object]:
        """Play the C move ``index`` of the last :meth:`legal`; its events as Python events."""
        play = getattr(self.lib, f"pintas_{self.NAME}_play")
        self.c.check(play(self.state, self.moves[index], self.events, self.cap, self.n), "play")
        return self.read_events()

    def read_events(self) -> list[object]:
        return [self.event(self.events[i]) for i in range(self.n[0])]

    def save(self) -> bytes:
        size = self.engine.save_size
        buf = self.c.new("uint8_t[]", size)
        save = getattr(self.lib, f"pintas_{self.NAME}_save")
        self.c.check(save(self.state, buf, size), "save")
        return bytes(self.c.ffi.buffer(buf, size))

    def status(self) -> tuple[int | None, tuple[int, ...], tuple[int, ...]]:
        """(seat to move or None, the scores per side, the winning sides)."""
        st = self.c.new("pintas_engine_status *")
        self.c.check(self.engine.status(self.state, st), "status")
        turn = int(self.engine.turn(self.state))
        sides = range(st.sides)
        return (None if turn < 0 else turn, tuple(int(st.score[s]) for s in sides),
                tuple(s for s in sides if st.winners >> s & 1))


def tile(index: int) -> Tile | None:
    """The tile of a C tile index; None for PINTAS_NO_TILE."""
    return None if index >= len(TILES) else TILES[index]


def seat_or_none(seat: int, lib: Any) -> int | None:
    return None if seat == lib.PINTAS_NO_SEAT else seat


def reasons(names: dict[int, str]) -> dict[int, str | None]:
    """Reasons by C value: ``none`` (WHY_NONE) is None in Python."""
    return {value: None if name == "none" else name for value, name in names.items()}


class CLine(CGame):
    NAME = "line"

    def __init__(self, c: CLibrary, rules: domino.Rules, seed: int) -> None:
        super().__init__(c)
        lib = self.lib
        r = c.new("pintas_line_rules *")
        game = c.value("pintas_line_game", "PINTAS_LINE_", rules.game)
        c.check(lib.pintas_line_rules_preset(r, game, rules.players, int(rules.pairs)), "preset")
        r.redeal_doubles = rules.redeal_doubles
        r.block_scoring = c.value("pintas_block_scoring", "PINTAS_BLOCK_", rules.block_scoring)
        r.tranque = c.value("pintas_tranque", "PINTAS_TRANQUE_", rules.tranque)
        r.capicua = int(rules.capicua_doubles)
        for name in ("target", "pass_points", "capicua_bonus", "pase_corrido_bonus",
                     "pase_de_salida_bonus"):
            setattr(r, name, getattr(rules, name))
        c.check(lib.pintas_line_rules_check(r), "rules_check")
        self.kinds = c.enum("pintas_line_event_kind", "PINTAS_EV_")
        self.reasons = reasons(c.enum("pintas_line_reason", "PINTAS_WHY_"))
        self.ends = {lib.PINTAS_END_LEFT: "L", lib.PINTAS_END_RIGHT: "R"}
        c.check(lib.pintas_line_new(self.state, r, seed, self.events, self.cap, self.n), "new")
        self.first_events = self.read_events()

    def legal(self) -> list[object]:
        cap = self.lib.PINTAS_LINE_MAX_MOVES
        moves = self.c.new("pintas_line_move[]", cap)
        self.c.check(self.lib.pintas_line_legal(self.state, moves, cap, self.n), "legal")
        self.moves = [moves + i for i in range(self.n[0])]
        kinds = self.c.enum("pintas_move_kind", "PINTAS_MOVE_")
        return [domino.Move(kinds[m.kind], TILES[m.tile], self.ends[m.end])
                if m.kind == self.lib.PINTAS_MOVE_PLAY else domino.Move(kinds[m.kind])
                for m in self.moves]

    def event(self, ev: Any) -> object:
        kind = self.kinds[ev.kind]
        scored = kind == "score"
        return domino.Event(kind, seat=seat_or_none(ev.seat, self.lib),
                            side=seat_or_none(ev.side, self.lib), tile=tile(ev.tile),
                            end=self.ends[ev.end] if kind == "play" else None,
                            points=ev.points if scored else 0,
                            reason=self.reasons[ev.reason], count=0 if scored else ev.points)


class CCaminos(CGame):
    NAME = "caminos"

    def __init__(self, c: CLibrary, rules: caminos.Rules, seed: int) -> None:
        super().__init__(c)
        lib = self.lib
        r = c.new("pintas_caminos_rules *")
        variant = c.value("pintas_caminos_variant", "PINTAS_CAMINOS_", rules.variant)
        c.check(lib.pintas_caminos_rules_preset(r, variant, rules.players), "preset")
        r.rounds = rules.rounds
        c.check(lib.pintas_caminos_rules_check(r), "rules_check")
        self.kinds = c.enum("pintas_caminos_event_kind", "PINTAS_CAMINOS_EV_")
        self.reasons = reasons(c.enum("pintas_caminos_reason", "PINTAS_CAMINOS_WHY_"))
        self.sides = c.enum("pintas_caminos_side", "PINTAS_CAMINOS_")
        c.check(lib.pintas_caminos_new(self.state, r, seed, self.events, self.cap, self.n), "new")
        self.first_events = self.read_events()

    def path(self, slot: int) -> int | None:
        """The path number Python gives a C slot (from 1)."""
        return None if slot >= self.lib.PINTAS_CAMINOS_MAX_PATHS else slot + 1

    def legal(self) -> list[object]:
        cap = self.engine.max_moves
        moves = self.c.new("pintas_caminos_move[]", cap)
        self.c.check(self.lib.pintas_caminos_legal(self.state, moves, cap, self.n), "legal")
        self.moves = [moves + i for i in range(self.n[0])]
        kinds = self.c.enum("pintas_caminos_move_kind", "PINTAS_CAMINOS_")
        out: list[object] = []
        for m in self.moves:
            kind = kinds[m.kind]
            if kind == "place":
                out.append(caminos.Move.place(TILES[m.tile], self.sides[m.side], m.path + 1))
            elif kind == "reveal":
                out.append(caminos.Move.reveal(TILES[m.tile]))
            else:
                out.append(caminos.Move(kind))
        return out

    def event(self, ev: Any) -> object:
        kind = self.kinds[ev.kind]
        scored = kind in ("score", "game_end")
        return caminos.Event(kind, seat=seat_or_none(ev.seat, self.lib), tile=tile(ev.tile),
                             path=self.path(ev.path),
                             side=self.sides[ev.side] if kind == "place" else None,
                             points=ev.value if scored else 0,
                             reason=self.reasons[ev.reason],
                             count=0 if scored else ev.value,
                             seats=tuple(s for s in range(8) if ev.seats >> s & 1),
                             tiles=TileSet.from_mask(ev.tiles) if kind == "close" else None)


def dice_of(s: int) -> tuple[int, ...]:
    """The dice of a pintas_dice_set, ascending: 3 bits per face, face f's
    count at bits 3(f-1).. (pintas/dice.h)."""
    return tuple(f for f in range(1, 7) for _ in range(s >> 3 * (f - 1) & 7))


class CDice(CGame):
    NAME = "dice"

    def __init__(self, c: CLibrary, rules: dice.Rules, players: int, first: int,
                 seed: int) -> None:
        super().__init__(c)
        lib = self.lib
        r = c.new("pintas_dice_rules *")
        c.check(getattr(lib, f"pintas_dice_rules_{rules.scoring}")(r), "preset")
        r.target = rules.target
        r.doom = int(rules.doom)
        r.doom_loses = c.value("pintas_dice_doom_loses", "PINTAS_DICE_DOOM_", rules.doom_loses)
        r.hot_dice = c.value("pintas_dice_hot", "PINTAS_DICE_HOT_", rules.hot_dice)
        r.combine_kept = int(rules.combine_kept)
        r.final_round = int(rules.final_round)
        c.check(lib.pintas_dice_rules_check(r), "rules_check")
        self.kinds = c.enum("pintas_dice_event_kind", "PINTAS_DICE_EV_")
        self.turn_ended_by: str | None = None
        c.check(lib.pintas_dice_new(self.state, r, players, first, seed), "new")

    def legal(self) -> list[object]:
        lib, legal = self.lib, self.c.new("pintas_dice_moves *")
        self.c.check(lib.pintas_dice_legal(self.state, legal), "legal")
        out: list[object] = []
        self.moves = []
        for can, kind, move in ((legal.can_roll, lib.PINTAS_DICE_ROLL, dice.Move.roll()),
                                (legal.can_bank, lib.PINTAS_DICE_BANK, dice.Move.bank())):
            if can:
                self.moves.append(self.c.new("pintas_dice_move *", {"kind": kind}))
                out.append(move)
        for keep in legal.keeps[0:legal.n_keeps]:
            self.moves.append(self.c.new("pintas_dice_move *",
                                         {"kind": lib.PINTAS_DICE_KEEP, "keep": keep.keep}))
            out.append(dice.Move.keep(dice_of(keep.keep)))
        return out

    def play(self, index: int) -> list[object]:
        self.turn_ended_by = None
        return super().play(index)

    def event(self, ev: Any) -> object:
        # Python names why a turn ended (the doom or roll-out just before it,
        # else a bank) and how the game ended (after a final round or not).
        kind = self.kinds[ev.kind]
        reason = None
        if kind in ("doom", "roll_out"):
            self.turn_ended_by = kind
        elif kind == "turn_end":
            reason = self.turn_ended_by or "bank"
        elif kind == "game_end":
            final = self.state.final_trigger != self.lib.PINTAS_DICE_NO_PLAYER
            reason = "final_round" if final else "target"
        return dice.Event(kind, seat=ev.player,
                          values=tuple(ev.dice[0:ev.n]) if kind in ("rolled", "kept") else (),
                          points=ev.points, total=ev.total, reason=reason,
                          count=ev.n if kind == "final_round" else 0)


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


@pytest.mark.parametrize("seed", SEEDS, ids=_ids)
@pytest.mark.parametrize("name", sorted(LINE_CONFIGS))
def test_line_games_play_alike(c: CLibrary, name: str, seed: int) -> None:
    rules = LINE_CONFIGS[name]
    moves = play_alike(domino.Game(rules, seed=seed), CLine(c, rules, seed), seed)
    assert moves > 10


@pytest.mark.parametrize("seed", SEEDS, ids=_ids)
@pytest.mark.parametrize("name", sorted(CAMINOS_CONFIGS))
def test_caminos_plays_alike(c: CLibrary, name: str, seed: int) -> None:
    rules = CAMINOS_CONFIGS[name]
    moves = play_alike(caminos.Game(rules, seed=seed), CCaminos(c, rules, seed), seed)
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


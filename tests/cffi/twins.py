"""A game played alike by the Python package, through its public API, and by
the installed C library, through cffi: the tests of notation, saves, views and
players compare the two at every position of it.

The cases are every preset of :mod:`pintas.registry` and the other modes of
the line games. A :class:`Twin` is a Python game and the same game in C: both
started from the same rules, seed and hand-made deal and then fed the same
moves (converted field by field, not through the notation under test), or the
C one rebuilt from the Python game's save alone (:meth:`Twin.loaded`). The C
side keeps what a C host keeps: its log (moves and deals, for
``pintas_save_write``) and the record of the round's public log that its views
read.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pintas import caminos, dice, domino, registry
from tests.cffi.games import CCaminos, CDice, CGame, CLine
from tests.cffi.support import CLibrary

KEY = bytes(range(100, 132))
LETTERS = {"line": ord("L"), "caminos": ord("C"), "dice": ord("D")}
PY_GAMES: dict[str, Any] = {"line": domino.Game, "caminos": caminos.Game, "dice": dice.Game}


def _cases() -> dict[str, tuple[Any, int]]:
    """Every preset of the registry with its default seats, the other modes
    of the line games (individual and pairs) and other seats and house rules
    (a final round, hot dice), by name."""
    out: dict[str, tuple[Any, int]] = {}
    for preset in registry.presets():
        rules = preset.rules()
        out[preset.name] = (rules, preset.family.seats(rules))
    for name, rules in (("dominican_two", domino.Rules.dominican(mode="two")),
                        ("dominican_four", domino.Rules.dominican(mode="four")),
                        ("capicua_pairs", domino.Rules.capicua(players=4, pairs=True)),
                        ("muggins_two", domino.Rules.muggins(players=2)),
                        ("farkle_three", dice.Rules.farkle()),
                        ("farkle_final", dice.Rules.farkle(target=2000, final_round=True,
                                                           combine_kept=True, hot_dice="must")),
                        ("doom_house", dice.Rules.dice_of_doom(target=8000, doom_loses="score",
                                                               hot_dice="may")),
                        ("caminos_two", caminos.Rules.base(players=2)),
                        ("muggins_limited", domino.Rules.muggins(max_rounds=8, target=10000)),
                        ("capicua_limited", domino.Rules.capicua(max_rounds=8, target=1000)),
                        ("farkle_limited", dice.Rules.farkle(max_rounds=25, max_rolls=3,
                                                             target=100_000)),
                        ("doom_limited", dice.Rules.dice_of_doom(max_rounds=25, max_rolls=4,
                                                                 final_round=True))):
        out[name] = (rules, 3 if isinstance(rules, dice.Rules) else rules.players)
    return out


CASES = _cases()
PRESETS = [preset.name for preset in registry.presets()]


def family(rules: Any) -> str:
    """The C game of some rules: ``line``, ``caminos`` or ``dice``."""
    if isinstance(rules, domino.Rules):
        return "line"
    return "caminos" if isinstance(rules, caminos.Rules) else "dice"


def c_deal(c: CLibrary, deal: Any) -> Any:
    """A hand-made Python deal as the C deal struct of its game."""
    hands = [int(hand) for hand in deal.hands]
    if isinstance(deal, domino.Deal):
        pile = [t.index for t in deal.boneyard]
        return c.new("pintas_line_deal *", {"hand": hands, "boneyard": pile,
                                            "boneyard_len": len(pile)})
    pile = [t.index for t in deal.pile]
    return c.new("pintas_caminos_deal *", {"path": [t.index for t in deal.paths],
                                           "hand": hands, "pile": pile, "pile_len": len(pile)})


class Twin:
    """A Python game and its C twin, with the C host's log and record."""

    def __init__(self, c: CLibrary, py: Any, cg: CGame, seed: int) -> None:
        self.c, self.lib, self.py, self.cg = c, c.lib, py, cg
        self.name = cg.NAME
        self.seed = seed              # the C game's first seed
        self.first_deal: Any = None   # the C deal it started with, if hand-made
        self.entries: list[Any] = []  # the log as pintas_save_entry structs
        self.record: Any = None
        self.pending_seed: int | None = None  # replaying a save: the next move's seed
        self.source: Any = None       # the Loaded save it was made from, if any
        if self.name != "dice":
            self.record = c.new(f"pintas_{self.name}_record *")

    # ---- starting -------------------------------------------------------------------------

    @classmethod
    def new(cls, c: CLibrary, name: str, seed: int, deal: Any = None) -> Twin:
        """The game of case ``name`` in both, from ``seed`` and a hand-made
        first ``deal`` (a Python deal, or None)."""
        rules, seats = CASES[name]
        return cls.of(c, rules, seats, seed, deal)

    @classmethod
    def of(cls, c: CLibrary, rules: Any, seats: int, seed: int, deal: Any = None,
           first_player: int = 0) -> Twin:
        """The game of ``rules`` in both (dice: with ``seats`` players, the
        first to play ``first_player``)."""
        cg: CGame
        if isinstance(rules, dice.Rules):
            py: Any = dice.Game(rules, players=seats, seed=seed, first_player=first_player)
            cg = CDice(c, rules, seats, first_player, seed)
        elif isinstance(rules, caminos.Rules):
            py = caminos.Game(rules, seed=seed, deal=deal)
            cg = CCaminos(c, rules, seed)
        else:
            py = domino.Game(rules, seed=seed, deal=deal)
            cg = CLine(c, rules, seed)
        twin = cls(c, py, cg, seed)
        if deal is not None:
            twin.first_deal = c_deal(c, deal)
        twin.restart()
        return twin

    def restart(self) -> None:
        """(Re)start the C game from its seed and first deal, with an empty log."""
        self.entries = []
        self.cg.start(self.seed, self.first_deal)
        if self.name == "line":
            self.c.check(self.lib.pintas_line_record_clear(self.record), "record")
        elif self.name == "caminos":
            self.c.check(self.lib.pintas_caminos_record_start(self.record, self.cg.rules),
                         "record")
        self.update()

    @classmethod
    def from_setup(cls, c: CLibrary, name: str, setup: Any) -> Twin:
        """The C game a save's setup (a pintas_save_setup) starts, with no
        Python game beside it yet."""
        cg: CGame
        if name == "dice":
            cg = CDice(c, dice.Rules.farkle(), 1, 0, 0)
            cg.players, cg.first = setup.players, setup.first_player
        else:
            cg = CLine(c, domino.Rules.muggins(), 0) if name == "line" else \
                CCaminos(c, caminos.Rules.base(), 0)
        cg.rules = c.new(f"pintas_{name}_rules *", getattr(setup.rules, name))
        twin = cls(c, None, cg, setup.first_seed)
        if setup.dealt:
            twin.first_deal = c.new(f"pintas_{name}_deal *", getattr(setup.deal, name))
        twin.restart()
        return twin

    @classmethod
    def loaded(cls, c: CLibrary, py: Any, key: bytes | None = None) -> Twin:
        """The C twin of ``py`` made from its save alone: the state
        ``pintas_save_load`` makes of ``py.to_bytes(key=key)``, and the save's
        setup and log replayed through the engine (as a C host replays a save to
        show its views), which must reach that very state."""
        data = py.to_bytes(key=key)
        name = family(py.rules)
        loaded = load_save(c, name, data, key)
        assert loaded.status == c.lib.PINTAS_OK, loaded.message(data)
        twin = cls.from_setup(c, name, loaded.reader.setup)
        twin.py, twin.source = py, loaded
        for entry in loaded.entries:
            twin.replay(entry)
        assert twin.image() == image_of(c, twin.cg, loaded.state), "the replay is not the load"
        return twin

    def replay(self, entry: Any) -> None:
        """Play one entry of a save's log in C as a host replays it: an
        unseeded game's move is played with the seed logged before it (a move
        with none before it draws nothing)."""
        engine, cg = self.cg.engine, self.cg
        if entry.kind == self.lib.PINTAS_SAVE_RESEED:
            self.pending_seed = entry.seed
        elif entry.kind == self.lib.PINTAS_SAVE_DEAL:
            deal = self.c.ffi.addressof(entry.deal, self.name)
            self.c.check(engine.set_deal(cg.state, deal, cg.events, cg.cap, cg.n), "set_deal")
            cg.read_events()
            self.update()
        else:
            if self.pending_seed is not None:
                self.c.check(engine.reseed(cg.state, self.pending_seed), "reseed")
                self.pending_seed = None
            move = self.c.ffi.cast(f"pintas_{self.name}_move *", entry.move.bytes)
            cg.play_move(move)
            self.update()
        self.entries.append(entry)

    # ---- playing --------------------------------------------------------------------------

    def update(self) -> None:
        """Feed the events of the last C call to the record of the views."""
        if self.record is not None:
            update = getattr(self.lib, f"pintas_{self.name}_record_update")
            self.c.check(update(self.record, self.cg.events, self.cg.n[0]), "record update")

    def play(self, move: Any) -> None:
        """Play ``move`` (a Python move, or text the Python game reads) in both;
        their events must be the same."""
        if isinstance(move, str):
            move = self.py.parse_move(move)
        events = self.py.play(move)
        c_move = self.cg.c_move(move)
        assert self.cg.play_move(c_move) == events, move
        self.update()
        entry = self.c.new("pintas_save_entry *", {"kind": self.lib.PINTAS_SAVE_MOVE})
        self.c.ffi.memmove(entry.move.bytes, c_move, self.c.ffi.sizeof(c_move[0]))
        self.entries.append(entry)

    def set_deal(self, deal: Any) -> None:
        """Deal the round about to start by hand, in both."""
        events = self.py.set_deal(deal)
        cg, d = self.cg, c_deal(self.c, deal)
        self.c.check(cg.engine.set_deal(cg.state, d, cg.events, cg.cap, cg.n), "set_deal")
        assert cg.read_events() == events
        self.update()
        entry = self.c.new("pintas_save_entry *", {"kind": self.lib.PINTAS_SAVE_DEAL})
        setattr(entry.deal, self.name, d[0])
        self.entries.append(entry)

    def image(self) -> bytes:
        """The C state's save image."""
        return image_of(self.c, self.cg, self.cg.state)

    @property
    def seats(self) -> int:
        return int(self.py.seats)

    # ---- views ---------------------------------------------------------------------------

    def view(self, seat: int | None, state: Any = None) -> Any:
        """The C view of ``seat``, or with None the public view (of ``state``,
        by default the game's)."""
        state = self.cg.state if state is None else state
        v = self.c.new(f"pintas_{self.name}_view *")
        if seat is None:
            args = (state,) if self.name == "dice" else (state, self.record)
            self.c.check(getattr(self.lib, f"pintas_{self.name}_view_public")(*args, v), "view")
        elif self.name == "dice":
            self.c.check(self.lib.pintas_dice_view_of(state, seat, v), "view")
        else:
            view_of = getattr(self.lib, f"pintas_{self.name}_view_of")
            self.c.check(view_of(state, self.record, seat, v), "view")
        return v

    def view_legal(self, v: Any) -> list[Any]:
        """The legal moves of a C view, as C moves (pointers)."""
        cap = self.lib.PINTAS_DICE_MAX_KEEPS if self.name == "dice" else self.cg.engine.max_moves
        moves, n = self.c.new(f"pintas_{self.name}_move[]", cap), self.c.new("size_t *")
        if self.name == "dice":
            status = self.lib.pintas_dice_view_legal(v, moves, self.c.ffi.NULL, cap, n)
        else:
            status = getattr(self.lib, f"pintas_{self.name}_view_legal")(v, moves, cap, n)
        self.c.check(status, "view_legal")
        self.cg.owner = moves  # what the moves point into, alive with the game
        return [moves + i for i in range(n[0])]

    def moves(self, c_moves: list[Any]) -> list[object]:
        """C moves as Python moves."""
        return [self.cg.py_move(m) for m in c_moves]


def image_of(c: CLibrary, cg: CGame, state: Any) -> bytes:
    """The save image of a C state of ``cg``'s game."""
    size = cg.engine.save_size
    buf = c.new("uint8_t[]", size)
    c.check(cg.engine.save(state, buf, size), "save")
    return bytes(c.ffi.buffer(buf, size))


def random_positions(twin: Twin, seed: int, moves: int) -> Iterator[int]:
    """Play random legal moves of the Python game in both (seeded), yielding
    before each and at the end: the number of moves played."""
    choose = random.Random(seed)
    for played in range(moves + 1):
        yield played
        legal = twin.py.legal_moves()
        if not legal:
            return
        twin.play(legal[choose.randrange(len(legal))])


# ---- the library's notation ---------------------------------------------------------------


class Notation:
    """The notation calls of the library for one game (``line``, ``caminos``,
    ``dice``): print, read and refuse, every text as Python gives it."""

    def __init__(self, c: CLibrary, name: str) -> None:
        self.c, self.lib, self.name = c, c.lib, name

    def call(self, fn: str, *args: Any) -> tuple[int, str]:
        """(status, text) of a call writing text into a buffer of the largest size."""
        cap = self.lib.PINTAS_MESSAGE_MAX
        buf, n = self.c.new("char[]", cap), self.c.new("size_t *")
        status = getattr(self.lib, f"pintas_{fn}")(*args, buf, cap, n)
        return status, bytes(self.c.ffi.buffer(buf, n[0])).decode()

    def print(self, move: Any) -> str:
        status, text = self.call(f"{self.name}_move_print", move)
        self.c.check(status, "move_print")
        return text

    def refusal(self, state: Any, why: Any, raw: bytes | None) -> str:
        """The words of refusal ``why`` (of the text ``raw``, or None for a move
        given as a value)."""
        ffi = self.c.ffi
        status, words = self.call(f"{self.name}_refusal_text", ffi.NULL if state is None else state,
                                  why, ffi.NULL if raw is None else raw,
                                  0 if raw is None else len(raw))
        self.c.check(status, "refusal_text")
        return words

    def parse(self, text: str) -> tuple[str | None, str]:
        """A move's full notation read without a game (Move.parse): (the move
        printed, or None when refused, and the refusal's words)."""
        raw = text.encode()
        m, why = self.c.new(f"pintas_{self.name}_move *"), self.c.new("pintas_refusal *")
        if getattr(self.lib, f"pintas_{self.name}_move_parse")(raw, len(raw), m, why) == 0:
            return self.print(m), ""
        return None, self.refusal(None, why, raw)

    def parse_in(self, state: Any, text: str) -> tuple[str | None, str]:
        """The move ``text`` names in a position (Game.parse_move): (the move
        printed, or None when refused, and the refusal's words)."""
        raw = text.encode()
        m, why = self.c.new(f"pintas_{self.name}_move *"), self.c.new("pintas_refusal *")
        status = getattr(self.lib, f"pintas_{self.name}_parse_in")(state, raw, len(raw), m, why)
        if status == self.lib.PINTAS_OK:
            return self.print(m), ""
        return None, self.refusal(state, why, raw)

    def why(self, state: Any, move: Any) -> str:
        """Why a move given as a value is refused in a position ("" when legal)."""
        why = self.c.new("pintas_refusal *")
        if getattr(self.lib, f"pintas_{self.name}_why")(state, move, why) == self.lib.PINTAS_OK:
            return ""
        return self.refusal(state, why, None)


# ---- the library's saves ----------------------------------------------------------------


class Loaded:
    """What the library made of some bytes read as a save of game ``name``:
    the status, error and reader of the call, the log's entries and the state
    (once loaded)."""

    def __init__(self, c: CLibrary, name: str, data: bytes, key: bytes | None) -> None:
        self.c, self.name = c, name
        self.data, self.key = data, key  # (the reader points into the data)
        self.reader = c.new("pintas_save_reader *")
        self.error = c.new("pintas_save_error *")
        self.work = c.new("pintas_save_work *")
        self.state = c.new(f"pintas_{name}_state *")
        self.status = -1
        self.entries: list[Any] = []

    def read_entries(self) -> None:
        """The entries of the opened save, from the first."""
        lib = self.c.lib
        self.c.check(lib.pintas_save_rewind(self.reader), "rewind")
        self.entries = []
        while True:
            e = self.c.new("pintas_save_entry *")
            if lib.pintas_save_next(self.reader, e) != lib.PINTAS_OK:
                return
            self.entries.append(e)

    def message(self, data: bytes) -> str:
        """The refusal's template, for an assertion's message."""
        return f"{self.c.text(self.c.lib.pintas_save_message(self.error))} ({data[:24]!r})"


def load_save(c: CLibrary, name: str, data: bytes, key: bytes | None = None,
              replay: bool = True) -> Loaded:
    """``pintas_save_load`` of ``data`` read as a save of game ``name`` (or
    without ``replay``, ``pintas_save_open``: the checks before the replay)."""
    out = Loaded(c, name, data, key)
    k, size = (c.ffi.NULL, 0) if key is None else (key, len(key))
    if replay:
        out.status = c.lib.pintas_save_load(out.reader, LETTERS[name], data, len(data), k, size,
                                            out.state, out.work, out.error)
    else:
        out.status = c.lib.pintas_save_open(out.reader, LETTERS[name], data, len(data), k, size,
                                            out.work, out.error)
    if out.status == c.lib.PINTAS_OK:
        out.read_entries()
    return out

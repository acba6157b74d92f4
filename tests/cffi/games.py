"""Games in the installed C library, driven through cffi as the Python API
plays them: each game's typed calls (start, legal, play, save) and its engine
table (status), read back as the Python API's values (moves, events, scores).
Shared by the cffi tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from pintas import caminos, dice, domino
from pintas.tiles import TILES, Tile, TileSet
from tests.cffi.support import CLibrary

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
        self.played: list[Any] = []  # copies of the C moves played, in order
        self.owner: Any = None       # the array self.moves point into (kept alive)
        self.rules: Any = None       # the C rules struct
        self.first_events: list[object] = []

    def legal(self) -> list[object]:
        """The legal moves as Python moves, in the C library's order (keeping the C ones)."""
        raise NotImplementedError

    def py_move(self, m: Any) -> object:
        """A C move as the Python API's move."""
        raise NotImplementedError

    def c_move(self, move: Any) -> Any:
        """A Python move as a new C move struct (a pointer to it)."""
        raise NotImplementedError

    def event(self, ev: Any) -> object:
        """A C event as the Python API's event record."""
        raise NotImplementedError

    def play(self, index: int) -> list[object]:
        """Play the C move ``index`` of the last :meth:`legal`; its events as Python events."""
        return self.play_move(self.moves[index])

    def play_move(self, move: Any) -> list[object]:
        """Play the C move ``move`` (a pointer to one); its events as Python events."""
        play = getattr(self.lib, f"pintas_{self.NAME}_play")
        self.c.check(play(self.state, move, self.events, self.cap, self.n), "play")
        self.played.append(self.c.new(f"pintas_{self.NAME}_move *", move[0]))
        return self.read_events()

    def start(self, seed: int, deal: Any = None) -> list[object]:
        """Start the game again from its rules, ``seed`` and ``deal`` (a C deal
        struct, or None: dealt from the seed), as the engine table starts a
        tile game; its events."""
        deal = self.c.ffi.NULL if deal is None else deal
        self.c.check(self.engine.start(self.state, self.rules, seed, deal, self.events,
                                       self.cap, self.n), "start")
        self.played = []
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
        r.max_rounds = rules.max_rounds or 0
        c.check(lib.pintas_line_rules_check(r), "rules_check")
        self.rules = r
        self.kinds = c.enum("pintas_line_event_kind", "PINTAS_EV_")
        self.reasons = reasons(c.enum("pintas_line_reason", "PINTAS_WHY_"))
        self.ends = {lib.PINTAS_END_LEFT: "L", lib.PINTAS_END_RIGHT: "R"}
        c.check(lib.pintas_line_new(self.state, r, seed, self.events, self.cap, self.n), "new")
        self.first_events = self.read_events()

    def legal(self) -> list[object]:
        cap = self.lib.PINTAS_LINE_MAX_MOVES
        moves = self.c.new("pintas_line_move[]", cap)
        self.c.check(self.lib.pintas_line_legal(self.state, moves, cap, self.n), "legal")
        self.owner, self.moves = moves, [moves + i for i in range(self.n[0])]  # owner: alive
        return [self.py_move(m) for m in self.moves]

    def py_move(self, m: Any) -> object:
        kinds = self.c.enum("pintas_move_kind", "PINTAS_MOVE_")
        if m.kind == self.lib.PINTAS_MOVE_PLAY:
            return domino.Move(kinds[m.kind], TILES[m.tile], self.ends[m.end])
        return domino.Move(kinds[m.kind])

    def c_move(self, move: Any) -> Any:
        lib = self.lib
        kind = self.c.value("pintas_move_kind", "PINTAS_MOVE_", move.kind)
        if move.tile is None:
            return self.c.new("pintas_line_move *", {"kind": kind, "tile": lib.PINTAS_NO_TILE})
        end = lib.PINTAS_END_RIGHT if move.end == "R" else lib.PINTAS_END_LEFT
        return self.c.new("pintas_line_move *", {"kind": kind, "tile": move.tile.index,
                                                 "end": end})

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
        self.rules = r
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
        self.owner, self.moves = moves, [moves + i for i in range(self.n[0])]  # owner: alive
        return [self.py_move(m) for m in self.moves]

    def py_move(self, m: Any) -> object:
        kind = self.c.enum("pintas_caminos_move_kind", "PINTAS_CAMINOS_")[m.kind]
        if kind == "place":
            return caminos.Move.place(TILES[m.tile], self.sides[m.side], m.path + 1)
        if kind == "reveal":
            return caminos.Move.reveal(TILES[m.tile])
        return caminos.Move(kind)

    def c_move(self, move: Any) -> Any:
        lib = self.lib
        kind = self.c.value("pintas_caminos_move_kind", "PINTAS_CAMINOS_", move.kind)
        m = self.c.new("pintas_caminos_move *", {"kind": kind, "tile": lib.PINTAS_NO_TILE,
                                                 "path": lib.PINTAS_CAMINOS_NO_PATH})
        if move.tile is not None:
            m.tile = move.tile.index
        if move.kind == "place":
            m.path = move.path - 1
            m.side = self.c.value("pintas_caminos_side", "PINTAS_CAMINOS_", move.side)
        return m

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


def dice_set(dice: Sequence[int]) -> int:
    """The pintas_dice_set of some dice (see :func:`dice_of`)."""
    return sum(1 << 3 * (f - 1) for f in dice)


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
        r.max_rounds = rules.max_rounds or 0
        r.max_rolls = rules.max_rolls or 0
        c.check(lib.pintas_dice_rules_check(r), "rules_check")
        self.rules, self.players, self.first = r, players, first
        self.kinds = c.enum("pintas_dice_event_kind", "PINTAS_DICE_EV_")
        self.turn_ended_by: str | None = None
        c.check(lib.pintas_dice_new(self.state, r, players, first, seed), "new")

    def legal(self) -> list[object]:
        lib, legal = self.lib, self.c.new("pintas_dice_moves *")
        self.c.check(lib.pintas_dice_legal(self.state, legal), "legal")
        self.moves = [self.c.new("pintas_dice_move *", {"kind": kind})
                      for can, kind in ((legal.can_roll, lib.PINTAS_DICE_ROLL),
                                        (legal.can_bank, lib.PINTAS_DICE_BANK)) if can]
        self.moves += [self.c.new("pintas_dice_move *", {"kind": lib.PINTAS_DICE_KEEP,
                                                         "keep": keep.keep})
                       for keep in legal.keeps[0:legal.n_keeps]]
        return [self.py_move(m) for m in self.moves]

    def py_move(self, m: Any) -> object:
        lib = self.lib
        if m.kind == lib.PINTAS_DICE_KEEP:
            return dice.Move.keep(dice_of(m.keep))
        if m.kind == lib.PINTAS_DICE_ROLL_GIVEN:
            return dice.Move.roll(tuple(m.values[0:m.n]))
        return dice.Move.roll() if m.kind == lib.PINTAS_DICE_ROLL else dice.Move.bank()

    def c_move(self, move: Any) -> Any:
        lib, values = self.lib, tuple(move.dice or ())
        if move.kind == "keep":
            return self.c.new("pintas_dice_move *", {"kind": lib.PINTAS_DICE_KEEP,
                                                     "keep": dice_set(values)})
        if move.kind == "bank":
            return self.c.new("pintas_dice_move *", {"kind": lib.PINTAS_DICE_BANK})
        if not values:
            return self.c.new("pintas_dice_move *", {"kind": lib.PINTAS_DICE_ROLL})
        return self.c.new("pintas_dice_move *", {"kind": lib.PINTAS_DICE_ROLL_GIVEN,
                                                 "n": len(values), "values": list(values)})

    def play_move(self, move: Any) -> list[object]:
        self.turn_ended_by = None
        return super().play_move(move)

    def start(self, seed: int, deal: Any = None) -> list[object]:
        assert deal is None, "dice have no deals"
        self.c.check(self.lib.pintas_dice_new(self.state, self.rules, self.players, self.first,
                                              seed), "new")
        self.played = []
        return []

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
            reason = "max_rounds" if ev.n == 1 else "final_round" if final else "target"
        return dice.Event(kind, seat=ev.player,
                          values=tuple(ev.dice[0:ev.n]) if kind in ("rolled", "kept") else (),
                          points=ev.points, total=ev.total, reason=reason,
                          count=ev.n if kind == "final_round" else 0)

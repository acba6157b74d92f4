"""The installed library's views (pintas/views.h) against the Python
package's, for every preset: at positions along games, the C view of every
seat (``pintas_*_view_of``, the tile games' from the record of the public log
that a C host keeps up from the events) shows what ``game.view(seat)`` shows,
field by field, and lists the same legal moves (``pintas_*_view_legal``); and
it shows nothing a seat may not see: hands, the boneyard or pile and secret
reveal choices changed behind the seat's back leave its view byte for byte
the same.

Skipped unless PINTAS_LIB names the installed library (see support.py).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from pintas import caminos, dice
from pintas.tiles import TILES, TileSet
from tests.cffi.games import dice_of, tile
from tests.cffi.support import CLibrary
from tests.cffi.twins import CASES, Twin, random_positions

Seen = dict[str, object]


def seats_of(mask: int) -> tuple[int, ...]:
    return tuple(s for s in range(8) if mask >> s & 1)


def no_seat(value: int) -> int | None:
    return None if value == 0xFF else value


def line_seen(twin: Twin, v: Any) -> Seen:
    """What a C line view shows, as the Python view says it."""
    lib, info, players = twin.lib, v.info, twin.py.rules.players
    kinds = twin.c.enum("pintas_move_kind", "PINTAS_MOVE_")
    placed = [(TILES[t & 0x7F], "R" if t & 0x80 else "L") for t in v.line[0:v.line_len]]
    log = [(kinds[e.kind], e.seat, tile(e.tile), "R" if e.end == lib.PINTAS_END_RIGHT else "L")
           for e in info.log[0:info.log_len]]
    return {
        "seat": no_seat(info.seat), "hand": TileSet.from_mask(info.hand),
        "to_move": no_seat(v.to_move), "is_over": bool(v.over), "winner": no_seat(v.winner),
        "scores": tuple(info.score[0:twin.py.rules.sides]),
        "hand_sizes": tuple(v.hand_size[0:players]), "boneyard_size": v.boneyard_size,
        "leader": info.leader, "forced_tile": tile(info.forced_tile), "round": info.round,
        "placements": tuple(placed), "ends": tuple(v.ends) if v.line_len else None,
        "end_doubles": tuple(map(bool, v.end_double)) if v.line_len else None,
        "round_log": tuple((kind, seat, t if kind == "play" else None, end if kind == "play"
                            else None) for kind, seat, t, end in log)}


def python_line_seen(pv: Any) -> Seen:
    actions = [e for e in pv.round_log if e.kind in ("play", "draw", "pass")]
    line = pv.line
    return {
        "seat": pv.seat, "hand": pv.hand, "to_move": pv.to_move, "is_over": pv.is_over,
        "winner": pv.winner, "scores": pv.scores, "hand_sizes": pv.hand_sizes,
        "boneyard_size": pv.boneyard_size, "leader": pv.leader, "forced_tile": pv.forced_tile,
        "round": pv.round, "placements": pv.placements, "ends": pv.ends,
        "end_doubles": (line[0][0] == line[0][1], line[-1][0] == line[-1][1]) if line else None,
        "round_log": tuple((e.kind, e.seat, e.tile if e.kind == "play" else None,
                            e.end if e.kind == "play" else None) for e in actions)}


def caminos_seen(twin: Twin, v: Any) -> Seen:
    """What a C Caminos view shows, as the Python view says it."""
    lib, info, rules = twin.lib, v.info, twin.py.rules
    phases = {lib.PINTAS_CAMINOS_REVEALING: "reveal", lib.PINTAS_CAMINOS_PLAYING: "play",
              lib.PINTAS_CAMINOS_OVER: "over"}
    paths = []
    for slot in range(rules.paths):
        p = info.path[slot]
        sides = [tuple(TILES[t] for t in p.tile[side][0:p.len[side]]) for side in (0, 1)]
        paths.append((tile(p.centre), *sides, tuple(p.end) if p.centre != 0xFF else None))
    return {
        "seat": no_seat(info.seat), "hand": TileSet.from_mask(info.hand),
        "to_move": no_seat(v.to_move), "is_over": v.phase == lib.PINTAS_CAMINOS_OVER,
        "phase": phases[v.phase],
        "scores": tuple(v.score[0:rules.players]), "round": v.round, "step": v.step,
        "hand_sizes": tuple(info.hand_len[0:rules.players]), "pile_size": info.pile_len,
        "discard": TileSet.from_mask(info.discard), "passes": info.passes,
        "out_seat": no_seat(info.out_seat), "last_turns": info.last_turns,
        "starter": no_seat(info.starter), "contenders": seats_of(v.contenders),
        "chosen": seats_of(v.chosen), "my_choice": tile(v.my_choice),
        "winners": seats_of(v.winners), "paths": tuple(paths),
        "revealed": tuple(TileSet.from_mask(v.revealed[s]) for s in range(rules.players)),
        "known": tuple(TileSet.from_mask(info.known[s]) if s != info.seat else TileSet()
                       for s in range(rules.players))}


def python_caminos_seen(pv: Any) -> Seen:
    players = pv.rules.players
    return {
        "seat": pv.seat, "hand": pv.hand, "to_move": pv.to_move, "is_over": pv.is_over,
        "phase": pv.phase, "scores": pv.scores, "round": pv.round, "step": pv.step,
        "hand_sizes": pv.hand_sizes, "pile_size": pv.pile_size, "discard": pv.discard,
        "passes": pv.passes, "out_seat": pv.out_seat, "last_turns": pv.last_turns,
        "starter": pv.starter, "contenders": pv.contenders, "chosen": pv.chosen,
        "my_choice": pv.my_choice, "winners": pv.winners,
        "paths": tuple((p.centre, p.front, p.back, p.ends) for p in pv.paths),
        "revealed": tuple(TileSet(r) for r in pv.revealed),
        "known": tuple(pv.known_tiles(s) if s != pv.seat else TileSet() for s in range(players))}


def dice_seen(twin: Twin, v: Any) -> Seen:
    """What a C dice view shows, as the Python view says it."""
    lib = twin.lib
    phases = {lib.PINTAS_DICE_MUST_ROLL: "roll", lib.PINTAS_DICE_MUST_KEEP: "keep",
              lib.PINTAS_DICE_BANK_OR_ROLL: "bank_or_roll", lib.PINTAS_DICE_OVER: "over"}
    over = v.phase == lib.PINTAS_DICE_OVER
    return {
        "seat": no_seat(v.seat), "players": v.players, "first_player": v.first_player,
        "to_move": None if over else v.to_move, "is_over": over, "phase": phases[v.phase],
        "winner": None if v.winner == lib.PINTAS_DICE_NO_PLAYER else v.winner,
        "scores": tuple(v.score[0:v.players]), "turn_total": v.turn_total,
        "dice_to_roll": v.dice_to_roll, "last_roll": tuple(v.last_roll[0:v.last_roll_len]),
        "pool": dice_of(v.pool), "final_turns_left": v.final_left}


def python_dice_seen(pv: Any) -> Seen:
    return {
        "seat": pv.seat, "players": pv.players, "first_player": pv.first_player,
        "to_move": pv.to_move, "is_over": pv.is_over, "phase": pv.phase, "winner": pv.winner,
        "scores": pv.scores, "turn_total": pv.turn_total, "dice_to_roll": pv.dice_to_roll,
        "last_roll": pv.last_roll, "pool": tuple(sorted(pv.pool)),
        "final_turns_left": pv.final_turns_left}


SEEN = {"line": (line_seen, python_line_seen), "caminos": (caminos_seen, python_caminos_seen),
        "dice": (dice_seen, python_dice_seen)}


def assert_views_alike(twin: Twin) -> int:
    """Every seat's C view, and the public one, shows what its Python view
    shows (``game.public_view()``), and lists the same legal moves (none for
    the public view); the number of seats to move (whose list is not empty)."""
    c_seen, py_seen = SEEN[twin.name]
    public = twin.view(None)
    assert c_seen(twin, public) == py_seen(twin.py.public_view())
    with pytest.raises(AssertionError, match="bad argument"):
        twin.view_legal(public)
    moving = 0
    for seat in range(twin.seats):
        v, pv = twin.view(seat), twin.py.view(seat)
        assert c_seen(twin, v) == py_seen(pv), seat
        legal = twin.moves(twin.view_legal(v))
        assert legal == pv.legal_moves(), seat
        moving += bool(legal)
    return moving


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_seat_sees_the_same_in_c(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 41)
    compared = 0
    for played in random_positions(twin, 41, 3000):
        if played < 60 or played % 7 == 0 or twin.py.is_over:
            assert assert_views_alike(twin) == (0 if twin.py.is_over else 1)
            compared += 1
    assert compared > 60


@pytest.mark.parametrize("name", ["dominican", "muggins", "caminos", "caminos_two_paths",
                                  "farkle"])
def test_a_game_loaded_from_its_save_shows_the_same_views(c: CLibrary, name: str) -> None:
    # an unseeded game (the OS seeds it): C rebuilds it, record and all, from the save
    rules, seats = CASES[name]
    py = (dice.Game(rules, players=seats) if isinstance(rules, dice.Rules)
          else type(Twin.new(c, name, 1).py)(rules))
    choose = random.Random(6)
    for played in range(120):
        legal = py.legal_moves()
        if not legal:
            break
        py.play(legal[choose.randrange(len(legal))])
        if played % 40 == 39:
            assert_views_alike(Twin.loaded(c, py))


def test_a_tied_reveal_is_seen_alike(c: CLibrary) -> None:
    # 5|5 against 6|4: a tie, then a second step whose choices are secret again
    deal = caminos.Deal.complete(paths="6|6 4|4 3|1 2|0 1|0",
                                 hands=["6|5 5|5 4|1 3|3 2|2 0|0", "6|4 6|3 5|3 4|3 1|1 2|1"])
    twin = Twin.of(c, caminos.Rules.base(players=2), 2, 8, deal)
    steps = []
    for text in ("reveal 5|5", "reveal 6|4", "reveal 3|3", "reveal 6|3", "6|4 front 1"):
        assert_views_alike(twin)
        steps.append(twin.py.view(1).step)
        if twin.py.view(0).my_choice is not None:  # seat 0 chose: seat 1 may not know what
            for state in hidden_changes(twin, 1, random.Random(1)):
                assert view_bytes(twin, 1, state) == view_bytes(twin, 1, twin.cg.state)
        twin.play(text)
    assert steps == [1, 1, 2, 2, 0] and twin.py.view(0).starter == 1


# ---- what a view hides ------------------------------------------------------------------


def copy_state(twin: Twin) -> Any:
    state = twin.c.new(f"pintas_{twin.name}_state *")
    twin.c.ffi.memmove(state, twin.cg.state, twin.c.ffi.sizeof(state[0]))
    return state


def view_bytes(twin: Twin, seat: int | None, state: Any) -> bytes:
    return bytes(twin.c.ffi.buffer(twin.view(seat, state)))


def bits(mask: int) -> list[int]:
    return [t for t in range(28) if mask >> t & 1]


def hidden_changes(twin: Twin, seat: int, rng: random.Random) -> list[Any]:
    """Copies of the C state that differ from it only in what ``seat`` may
    not see: another seat's hidden tiles swapped with a third seat's or with
    the boneyard, set-aside tiles or the pile's, the order of the boneyard or
    pile, another seat's secret reveal choice, the dice's PRNG."""
    out: list[Any] = []
    if twin.name == "dice":
        state = copy_state(twin)
        state.rng.state ^= 0x5DEECE66D
        return [state]
    s = twin.cg.state
    players = twin.py.rules.players
    if twin.name == "caminos":  # the tiles others revealed and hold are seen: left alone
        known = [int(twin.py.view(seat).known_tiles(o)) if o != seat else 0
                 for o in range(players)]
        held = [s.hand[o] & ~known[o] & ~sum(1 << t for t in s.choice[0:players] if t < 28)
                for o in range(players)]
        pile, pile_len = "pile", "pile_len"
    else:
        held = [s.hand[o] for o in range(players)]
        pile, pile_len = "boneyard", "bone_len"
    others = [o for o in range(players) if o != seat and held[o]]
    for a, b in itertools.pairwise(others):  # a hidden tile swapped between hands
        state, ta, tb = copy_state(twin), rng.choice(bits(held[a])), rng.choice(bits(held[b]))
        state.hand[a] ^= 1 << ta | 1 << tb
        state.hand[b] ^= 1 << ta | 1 << tb
        out.append(state)
    first = s.bone_pos if twin.name == "line" else 0
    rest = list(getattr(s, pile)[first:getattr(s, pile_len)])
    if others and rest:  # one with the boneyard or pile, and the pile reordered
        state, o = copy_state(twin), others[0]
        t, at = rng.choice(bits(held[o])), rng.randrange(len(rest))
        state.hand[o] ^= 1 << t | 1 << rest[at]
        getattr(state, pile)[first + at] = t
        out.append(state)
        state = copy_state(twin)
        getattr(state, pile)[first:first + len(rest)] = rest[::-1]
        out.append(state)
    if twin.name == "line" and s.aside and others:  # a set-aside tile for a held one
        state, o = copy_state(twin), others[0]
        t, a = rng.choice(bits(held[o])), rng.choice(bits(s.aside))
        state.hand[o] ^= 1 << t | 1 << a
        state.aside ^= 1 << t | 1 << a
        out.append(state)
    if twin.name == "caminos":  # another seat's secret choice, made another
        for o in others:
            if s.choice[o] < 28 and held[o]:
                state = copy_state(twin)
                state.choice[o] = rng.choice(bits(held[o]))
                out.append(state)
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_view_shows_nothing_the_seat_may_not_see(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 43)
    rng = random.Random(name)
    changed = 0
    for played in random_positions(twin, 43, 300):
        if played % 5:
            continue
        public = view_bytes(twin, None, twin.cg.state)
        for seat in range(twin.seats):
            seen = view_bytes(twin, seat, twin.cg.state)
            for state in hidden_changes(twin, seat, rng):
                assert view_bytes(twin, seat, state) == seen, (played, seat)
                # the public view: nothing hidden from any seat changes it
                assert view_bytes(twin, None, state) == public, (played, seat)
                changed += 1
            if played == 0 and twin.name != "dice":  # while what it sees does change it
                state = copy_state(twin)
                state.hand[seat] ^= state.hand[seat] & -state.hand[seat]
                assert view_bytes(twin, seat, state) != seen
    assert changed > 30


def test_what_a_seat_sees_names_only_tiles_it_may_see(c: CLibrary) -> None:
    # the tiles a Caminos view names: its own hand and choice, and the table's
    twin = Twin.new(c, "caminos", 47)
    for played in random_positions(twin, 47, 200):
        for seat in range(twin.seats):
            v, pv = twin.view(seat), twin.py.view(seat)
            table = TileSet(t for p in pv.paths for t in
                            ([p.centre] if p.centre else []) + [*p.front, *p.back])
            public = int(table) | int(pv.discard) | sum(int(TileSet(r)) for r in pv.revealed)
            assert v.info.hand == int(twin.py.hand(seat))
            for other in range(twin.seats):
                if other != seat:
                    assert v.info.known[other] & ~public == 0, (played, seat, other)
                    assert v.info.known[other] & ~int(twin.py.hand(other)) == 0
            assert v.my_choice == 0xFF or TILES[v.my_choice] in pv.hand

"""The installed library's saves (pintas/save.h) against the Python package's,
for every preset: a C host that keeps its setup, its log and its state writes
the very bytes ``to_bytes`` writes (with and without a key, seeded or not, with
hand-made deals); each side loads the other's saves; and damaged bytes are
refused by both in the same words, the C template filled from the C error's
details as a C host fills it.

Skipped unless PINTAS_LIB names the installed library (see support.py).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry
from pintas.errors import CorruptStateError
from pintas.tiles import TILES
from tests.cffi.games import CDice
from tests.cffi.support import CLibrary
from tests.cffi.twins import (
    CASES,
    KEY,
    LETTERS,
    PRESETS,
    PY_GAMES,
    Loaded,
    Notation,
    Twin,
    family,
    load_save,
    random_positions,
)

OTHER_KEY = bytes(range(40, 72))


def setup_of(twin: Twin) -> Any:
    """The setup of a twin's C game, made as a C host makes it."""
    c, name = twin.c, twin.name
    s = c.new("pintas_save_setup *")
    s.game, s.first_seed, s.seeded = LETTERS[name], twin.seed, twin.py.seed is not None
    setattr(s.rules, name, twin.cg.rules[0])
    if isinstance(twin.cg, CDice):
        s.players, s.first_player = twin.cg.players, twin.cg.first
    if twin.first_deal is not None:
        s.dealt = 1
        setattr(s.deal, name, twin.first_deal[0])
    return s


def c_write(twin: Twin, setup: Any, key: bytes | None = None, version: int = 2) -> bytes:
    """``pintas_save_write`` of a twin's C game: its state, and its log read
    through the callback, as a C host keeps it."""
    c, ffi, entries = twin.c, twin.c.ffi, twin.entries

    @ffi.callback("int(void *, size_t, pintas_save_entry *)")
    def entry(ctx: Any, i: int, out: Any) -> int:
        ffi.memmove(out, entries[i], ffi.sizeof("pintas_save_entry"))
        return int(c.lib.PINTAS_OK)

    log = c.new("pintas_save_log *", {"count": len(entries), "entry": entry})
    k, n = ffi.NULL if key is None else key, c.new("size_t *")
    args = (setup, log, twin.cg.state, k, 0 if key is None else len(key), version)
    c.check(c.lib.pintas_save_write(*args, ffi.NULL, 0, n), "save size")
    buf = c.new("uint8_t[]", n[0])
    c.check(c.lib.pintas_save_write(*args, buf, n[0], n), "save")
    return bytes(ffi.buffer(buf, n[0]))


def twin_entry(twin: Twin) -> Callable[[Any], tuple[int, int, bytes]]:
    """What a log entry says, as a value: its kind, seed and move (a deal's
    entry: its kind; the deal itself is in the bytes compared)."""
    size, lib = twin.cg.engine.move_size, twin.lib

    def said(e: Any) -> tuple[int, int, bytes]:
        move = bytes(e.move.bytes[0:size]) if e.kind == lib.PINTAS_SAVE_MOVE else b""
        return int(e.kind), int(e.seed), move

    return said


def assert_saved_alike(twin: Twin, setup: Any) -> None:
    """The C save is the Python save, with and without a key; each loads the other's."""
    py = twin.py
    for key in (None, KEY):
        written = c_write(twin, setup, key)
        assert written == py.to_bytes(key=key)
        assert type(py).from_bytes(written, key=key) == py
        loaded = load_save(twin.c, twin.name, py.to_bytes(key=key), key)
        assert loaded.status == twin.lib.PINTAS_OK, loaded.message(written)
        assert list(map(twin_entry(twin), loaded.entries)) == list(map(twin_entry(twin),
                                                                       twin.entries))
        assert Twin.loaded(twin.c, py, key).image() == twin.image()


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_c_host_writes_the_python_save(c: CLibrary, name: str) -> None:
    seed = 4 + len(name)
    twin = Twin.new(c, name, seed)
    for played in random_positions(twin, seed, 200):
        if played in (0, 1, 9) or played % 50 == 0:
            assert_saved_alike(twin, setup_of(twin))
    assert_saved_alike(twin, setup_of(twin))  # at the end, or after 200 moves


@pytest.mark.parametrize("first", [1, 3])
def test_a_dice_game_another_seat_starts_saves_alike(c: CLibrary, first: int) -> None:
    twin = Twin.of(c, dice.Rules.dice_of_doom(target=3000), 4, 8, first_player=first)
    for _ in random_positions(twin, 8, 60):
        pass
    assert twin.py.view(0).first_player == first
    assert_saved_alike(twin, setup_of(twin))


def _deal(rules: Any, rng: random.Random) -> Any:
    """A hand-made deal of ``rules`` from a shuffle."""
    tiles = list(TILES)
    rng.shuffle(tiles)
    if isinstance(rules, domino.Rules):
        hands = [tiles[7 * s:7 * s + 7] for s in range(rules.players)]
        rest = tiles[7 * rules.players:] if rules.draws else []
        return domino.Deal(hands=hands, boneyard=rest)
    size, paths = rules.hand_size, rules.paths
    hands = [tiles[paths + size * s:paths + size * (s + 1)] for s in range(rules.players)]
    return caminos.Deal(paths=tiles[:paths], hands=hands,
                        pile=tiles[paths + size * rules.players:])


TILE_CASES = sorted(name for name, (rules, _) in CASES.items() if family(rules) != "dice")


@pytest.mark.parametrize("name", TILE_CASES)
def test_hand_made_deals_save_alike(c: CLibrary, name: str) -> None:
    rng = random.Random(len(name))
    rules = CASES[name][0]
    twin = Twin.new(c, name, 77, deal=_deal(rules, rng))
    rounds, dealt = twin.py.round, 0
    while not twin.py.is_over and dealt < 2:
        if twin.py.round != rounds:  # a new round, before its first move
            rounds = twin.py.round
            twin.set_deal(_deal(rules, rng))
            dealt += 1
        legal = twin.py.legal_moves()
        twin.play(legal[rng.randrange(len(legal))])
    assert dealt == 2 or twin.py.is_over
    assert any(e.kind == c.lib.PINTAS_SAVE_DEAL for e in twin.entries) or twin.py.is_over
    assert_saved_alike(twin, setup_of(twin))


@pytest.mark.parametrize("name", ["dominican", "muggins_two", "caminos", "caminos_two_paths"])
def test_an_unseeded_game_dealt_by_hand_saves_alike(c: CLibrary, name: str) -> None:
    rules, rng = CASES[name][0], random.Random(name)
    py = PY_GAMES[family(rules)](rules, deal=_deal(rules, rng))
    while not py.is_over and py.round < 3:
        legal = py.legal_moves()
        py.play(legal[rng.randrange(len(legal))])
    twin = Twin.loaded(c, py, KEY)
    assert twin.first_deal is not None and twin.source is not None
    setup: Any = c.ffi.addressof(twin.source.reader, "setup")
    assert setup.dealt and not setup.seeded
    assert c_write(twin, setup, KEY) == py.to_bytes(key=KEY)
    assert type(py).from_bytes(c_write(twin, setup), key=None) == py


def unseeded(name: str, seed: int, rounds: int = 3) -> Any:
    """A Python game of case ``name`` without a seed (the OS seeds its chance),
    played at random into its ``rounds``-th round (dice: turn) or to its end:
    every deal after the first, and every roll, logs a seed."""
    rules, seats = CASES[name]
    choose = random.Random(seed)
    rounds_of = registry.family_of(rules).rounds
    for _ in range(100):  # a tile game that ends in its first round logs no seed: another
        if isinstance(rules, dice.Rules):
            py: Any = dice.Game(rules, players=seats)
        else:
            py = PY_GAMES[family(rules)](rules)
        assert py.seed is None
        while not py.is_over and rounds_of(py) < rounds:
            legal = py.legal_moves()
            py.play(legal[choose.randrange(len(legal))])
        if isinstance(rules, dice.Rules) or rounds_of(py) >= 2:
            return py
    raise AssertionError(f"no game of {name} reached its second round in 100")


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_unseeded_game_saves_alike(c: CLibrary, name: str) -> None:
    py = unseeded(name, 9)
    for key in (None, KEY):
        data = py.to_bytes(key=key)
        twin = Twin.loaded(c, py, key)  # its state loaded, its log replayed alike
        assert twin.source is not None
        seeds = [e for e in twin.entries if e.kind == c.lib.PINTAS_SAVE_RESEED]
        assert seeds and not twin.source.reader.setup.seeded
        setup = c.ffi.addressof(twin.source.reader, "setup")
        assert c_write(twin, setup, key) == data  # the loaded game, written back
        assert c_write(twin, setup, OTHER_KEY if key else None) == py.to_bytes(
            key=OTHER_KEY if key else None)
        assert type(py).from_bytes(c_write(twin, setup, key), key=key) == py


@pytest.mark.parametrize("name", ["dominican", "caminos", "farkle"])
def test_format_1_saves_of_c_load_in_python(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 3)
    for _ in random_positions(twin, 3, 25):
        pass
    old = c_write(twin, setup_of(twin), version=1)
    assert old[4] == 1 and old[:4] == b"PNTS"
    assert type(twin.py).from_bytes(old) == twin.py
    loaded = load_save(c, twin.name, old)
    assert loaded.status == c.lib.PINTAS_OK
    assert refused_alike(c, twin.py, old, KEY) == "key_legacy"  # no MAC to check


# ---- damaged saves ------------------------------------------------------------------------


def python_refusal(py: Any, data: bytes, key: bytes | None = None) -> str:
    """CPython's words refusing ``data`` as a save of ``py``'s game."""
    with pytest.raises(CorruptStateError) as refusal:
        type(py).from_bytes(data, key=key)
    return str(refusal.value)


def refused_alike(c: CLibrary, py: Any, data: bytes, key: bytes | None) -> str:
    """Both sides load ``data`` as a save of ``py``'s game ("loaded": a
    change that leaves a save, a house rule say), or both refuse it in the same
    words: the cause of the C refusal."""
    name = family(py.rules)
    loaded = load_save(c, name, data, key)
    if loaded.status == c.lib.PINTAS_OK:
        assert type(py).from_bytes(data, key=key).to_bytes(key=key) == data
        return "loaded"
    c_words, py_words = refused(c, name, loaded), python_refusal(py, data, key)
    assert same_words(c_words, py_words), (data.hex(), key, c_words, py_words)
    return c.enum("pintas_save_cause", "PINTAS_SAVE_")[loaded.error.cause]


def refused(c: CLibrary, name: str, loaded: Loaded) -> str:
    """The C library's words refusing a save it did not load: the template of
    its cause (``pintas_save_message``) filled from the error's details and the
    save's bytes as a C host fills it; where the words are the Python
    package's own checks of rules, deals or dice (``{reason}``), a wildcard
    ``\\x00*\\x00``."""
    err, lib, data = loaded.error, c.lib, loaded.data
    causes = c.enum("pintas_save_cause", "PINTAS_SAVE_")
    cause = causes[err.cause]

    def what(game: int) -> str:
        text = lib.pintas_save_what(game)
        return "" if text == c.ffi.NULL else c.text(text)

    def package(game: int) -> str:
        text = lib.pintas_save_package(game)
        return "" if text == c.ffi.NULL else c.text(text)

    image = data[err.at:err.at + (8 if cause == "state_version" else 16)]
    words: dict[str, object] = {
        "size": err.size, "wanted": err.wanted, "at": err.at, "offset": err.at,
        "version": err.value, "flags": err.value, "n": err.value, "players": err.value,
        "first": err.other, "count": err.count, "room": err.room, "tag": err.tag,
        "found": err.found, "written": err.written, "what": what(err.game),
        "other": what(err.value), "package": package(err.value), "kind": repr(bytes([err.value])),
        "start": repr(data[:24]), "data": repr(data), "image": repr(image),
        "reason": "\x00*\x00"}
    if cause in ("drew_unseeded", "seed_unused", "no_replay"):
        words.update(replay_words(c, name, loaded, cause))
    elif cause == "state":
        words["reason"] = c.text(lib.pintas_status_str(err.status))
    return c.text(lib.pintas_save_message(err)).format_map(words)


def replay_words(c: CLibrary, name: str, loaded: Loaded, cause: str) -> dict[str, object]:
    """{move} and {reason} of a refusal by the replay: the move of the entry
    refused, printed, and why the game refuses it there (its IllegalMoveError
    words, from pintas_*_why), found by replaying the log up to it in C."""
    err = loaded.error
    save = load_save(c, name, loaded.data, loaded.key, replay=False)
    assert save.status == c.lib.PINTAS_OK
    twin = Twin.from_setup(c, name, save.reader.setup)
    for entry in save.entries[:err.entry]:
        twin.replay(entry)
    entry = save.entries[err.entry]
    if entry.kind != c.lib.PINTAS_SAVE_MOVE:
        return {}  # a deal refused: DealError's words, the package's own
    move = c.ffi.cast(f"pintas_{name}_move *", entry.move.bytes)
    notation = Notation(c, name)
    reason = notation.why(twin.cg.state, move) if cause == "no_replay" else ""
    return {"move": notation.print(move),
            "reason": reason or c.text(c.lib.pintas_status_str(err.status))}


def same_words(c_words: str, py_words: str) -> bool:
    """Whether the C words are the Python ones (a ``\\x00*\\x00`` in them
    standing for any text)."""
    pattern = ".*".join(re.escape(part) for part in c_words.split("\x00*\x00"))
    return re.fullmatch(pattern, py_words, re.DOTALL) is not None


def sealed(body: bytes, key: bytes | None) -> bytes:
    """``body`` with the trailer a save ends with made again over it
    (hashlib's BLAKE2b-128, or hmac's HMAC-SHA256 with a key)."""
    if key is None:
        return body + hashlib.blake2b(body, digest_size=16).digest()
    return body + hmac.new(key, body, hashlib.sha256).digest()


def damaged(data: bytes, key: bytes | None, rng: random.Random) -> Iterator[bytes]:
    """Damaged copies of a format-2 save: bytes flipped, cut and added, with
    the trailer left as it was (the checksum or MAC refuses them) and made
    again (the checks behind it refuse them: the header, the setup, the log,
    the replay, the state image, the one way of writing)."""
    body = data[:len(data) - (16 if key is None else 32)]
    for at in range(len(data)):
        if at % 7 == 0:
            flipped = bytearray(data)
            flipped[at] ^= 1
            yield bytes(flipped)
    for at in range(len(body)):
        for bit in (1, 0x80):
            if at < 40 or rng.random() < 0.1:
                flipped = bytearray(body)
                flipped[at] ^= bit
                yield sealed(bytes(flipped), key)
    for at in range(0, len(body), 5):
        yield sealed(body[:at], key)
        yield data[:at]
    for extra in (b"\0", b"\0" * 16):
        yield data + extra
        yield sealed(body + extra, key)
    for letter in b"LCDX":
        yield sealed(body[:5] + bytes([letter]) + body[6:], key)
    yield sealed(body[:4] + b"\x03" + body[5:], key)


DAMAGED = [*PRESETS, "muggins_two", "farkle_final"]


def game_of(c: CLibrary, name: str, seeded: bool, seed: int) -> tuple[Twin, Any]:
    """A game of case ``name``: seeded, played at random in both, or unseeded,
    played in Python into its third round (or turn) and loaded by C; and the
    setup of its save as the C host has it."""
    if seeded:
        twin = Twin.new(c, name, seed)
        for _ in random_positions(twin, seed, 30):
            pass
        return twin, setup_of(twin)
    twin = Twin.loaded(c, unseeded(name, seed, rounds=3))
    assert twin.source is not None
    return twin, c.ffi.addressof(twin.source.reader, "setup")


@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "unseeded"])
@pytest.mark.parametrize("name", DAMAGED)
def test_damaged_saves_are_refused_in_the_same_words(c: CLibrary, name: str,
                                                     seeded: bool) -> None:
    py = game_of(c, name, seeded, 11)[0].py
    rng = random.Random(name)
    causes: set[str] = set()
    for key in (None, KEY) if seeded else (None,):
        for data in damaged(py.to_bytes(key=key), key, rng):
            causes.add(refused_alike(c, py, data, key))
    assert {"checksum", "ends_early", "other_game", "unknown_game", "version", "trailing",
            "rules", "entry", "count", "no_replay", "state", "state_mismatch"} <= causes, causes
    assert len(causes) >= 17, causes


def reseed(c: CLibrary, seed: int) -> Any:
    return c.new("pintas_save_entry *", {"kind": c.lib.PINTAS_SAVE_RESEED, "seed": seed})


def forgeries(twin: Twin) -> Iterator[list[Any]]:
    """Logs a C host may write beside a game's state that are not the log its
    moves make: a seed where none can be, twice or at the end, a seed missing,
    unused or changed, a move dropped, one played twice."""
    c, log = twin.c, list(twin.entries)
    moves = [i for i, e in enumerate(log) if e.kind == c.lib.PINTAS_SAVE_MOVE]
    seeds = [i for i, e in enumerate(log) if e.kind == c.lib.PINTAS_SAVE_RESEED]
    yield log[:moves[-1]] + log[moves[-1] + 1:]
    yield [log[moves[1]], *log]
    yield [*log[:moves[2]], log[moves[2]], *log[moves[2]:]]
    if not seeds:
        yield [reseed(c, 5), *log]
        return
    first = seeds[0]
    yield [*log, reseed(c, 7)]
    yield [*log[:first], log[first], *log[first:]]
    yield log[:first] + log[first + 1:]
    yield [*log[:first], reseed(c, log[first].seed ^ 1), *log[first + 1:]]
    plain = [i for i in moves if i == 0 or log[i - 1].kind != c.lib.PINTAS_SAVE_RESEED]
    yield [*log[:plain[-1]], reseed(c, 9), *log[plain[-1]:]]


@pytest.mark.parametrize("seeded", [True, False], ids=["seeded", "unseeded"])
@pytest.mark.parametrize("name", DAMAGED)
def test_forged_logs_are_refused_in_the_same_words(c: CLibrary, name: str,
                                                   seeded: bool) -> None:
    twin, setup = game_of(c, name, seeded, 13)
    found: set[str] = set()
    real = twin.entries
    for forged in forgeries(twin):
        twin.entries = forged
        for key in (None, KEY):
            found.add(refused_alike(c, twin.py, c_write(twin, setup, key), key))
    twin.entries = real
    wanted = {"no_replay"} | ({"seed_seeded"} if seeded else {
        "seed_at_end", "seed_twice", "drew_unseeded", "seed_unused"})
    assert wanted <= found, found


@pytest.mark.parametrize("name", ["dominican", "caminos_two_paths", "farkle"])
def test_keys_and_odd_bytes_are_refused_in_the_same_words(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 5)
    for _ in random_positions(twin, 5, 10):
        pass
    py, kind = twin.py, twin.name
    plain, signed = py.to_bytes(), py.to_bytes(key=KEY)
    cases: list[tuple[bytes, bytes | None]] = [
        (signed, None), (signed, OTHER_KEY), (plain, KEY), (signed, KEY[:15]), (plain, b""),
        (b"", None), (b"PNT", None), (b"PNTX", None), (b"hello, world" * 3, None),
        (plain[:15], None), (plain[:30], None), (bytes(16 * 2**20 + 1), None)]
    others: dict[str, Any] = {"line": caminos.Game(caminos.Rules.base(), seed=1),
              "caminos": dice.Game(dice.Rules.farkle(), seed=1),
              "dice": domino.Game(domino.Rules.muggins(), seed=1)}
    cases.append((others[kind].to_bytes(), None))
    assert {refused_alike(c, py, data, key) for data, key in cases} == {
        "key_needed", "mac", "key_unkeyed", "key_short", "empty", "magic_cut", "not_a_save",
        "short", "too_big", "other_game"}

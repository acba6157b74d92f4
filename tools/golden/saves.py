"""Golden vectors of the C save code, computed with the CPython package's public API.

Writes two C headers under csrc/tests/ (checked by tests/test_golden_saves.py):

- ``golden_hash.h``: BLAKE2b-128 of messages of 0..300 bytes (hashlib), and
  MT19937 as ``random.Random(seed)`` draws it (``getrandbits(32)`` and
  ``randrange(n)``) for seeds below 2**64.
- ``golden_saves.h``: saves of every preset (seeded and unseeded with reseeds
  in the log, with a hand-made first deal and a ``set_deal`` later, short and
  finished, with and without a key, format 1), saves whose log was forged
  (each refused by the replay), and damaged variants of the short saves (every
  byte flipped, with and without the trailer made again, cuts, bytes added,
  another game's kind, wrong keys), each with the message CPython refuses it
  with and the C cause that message is.

The committed ``golden_saves.h`` was made when the package wrote and read its
saves in Python; the package now does both through the C core, and
tests/test_golden_saves.py makes the header again through the public API
(``to_bytes``, ``from_bytes``) and compares it with the committed one: the
bytes and the messages must not have changed. Damaged saves are resealed with
hashlib and hmac here, not with the package's own trailer code.

Run: ``python tools/golden/saves.py`` (``--check`` only compares).
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pintas import _save, caminos, dice, domino
from pintas.errors import CorruptStateError
from pintas.tiles import TILES

ROOT = Path(__file__).resolve().parents[2]
HASH_HEADER = ROOT / "csrc" / "tests" / "golden_hash.h"
SAVES_HEADER = ROOT / "csrc" / "tests" / "golden_saves.h"

KEYS: tuple[bytes | None, ...] = (None, bytes(range(32)), bytes(range(100, 132)), bytes(15))
KEY_A, KEY_B, KEY_SHORT = 1, 2, 3
GAMES: dict[type, str] = {domino.Game: "L", caminos.Game: "C", dice.Game: "D"}
CLASSES: dict[str, Any] = {kind: cls for cls, kind in GAMES.items()}

# The C cause of each Python message, found by its words (the first match wins).
CAUSES: tuple[tuple[str, str], ...] = (
    ("TOO_BIG", r"bytes are more than the longest save"),
    ("KEY_SHORT", r"^a save key is at least"),
    ("EMPTY", r"they are empty$"),
    ("NOT_A_SAVE", r"^these bytes are not a pintas save"),
    ("MAGIC_CUT", r"^not a pintas save: a save cut short"),
    ("ENDS_EARLY", r"^the save ends early \(wanted"),
    ("SHORT", r"^the save ends early \(\d+ bytes\)"),
    ("VERSION", r"^these bytes are a pintas save of format version"),
    ("KEY_NEEDED", r"^this save is signed with a key"),
    ("KEY_UNKEYED", r"^this save was made without a key"),
    ("KEY_LEGACY", r"^a format-1 save"),
    ("CHECKSUM", r"^the save's checksum does not match"),
    ("MAC", r"^the save's MAC does not match"),
    ("OTHER_GAME", r"^these bytes are a saved"),
    ("UNKNOWN_GAME", r"^these bytes are a pintas save of no game"),
    ("FLAGS", r"unknown flags"),
    ("DEAL_TWICE", r"^not a saved domino game \(the (boneyard|paths|pile) lists a tile twice"),
    ("RULES", r"^not a saved domino game \(|rules are not Caminos rules|saved rules are not"),
    ("SEATS", r"^bad seats in the save"),
    ("DEAL_TILE", r"^a saved deal names a tile"),
    ("DEAL_SEAT", r"^a saved deal gives tiles to a seat"),
    ("DEAL_TWICE", r"^a saved deal lists a tile twice"),
    ("DEAL_RULES", r"^a saved deal is not a deal of its rules"),
    ("COUNT", r"^the save says its log has"),
    ("ENTRY", r"^bad log entry"),
    ("DICE_COUNT", r"^bad dice count"),
    ("DICE_VALUE", r"^bad dice in the saved log"),
    ("TRAILING", r"^trailing bytes"),
    ("STATE_VERSION", r"^unknown format version in"),
    ("STATE", r"^not a saved state of this game"),
    ("SEED_SEEDED", r"the game is seeded$"),
    ("SEED_TWICE", r"two seeds in a row$"),
    ("SEED_AT_END", r"^the log ends with a seed"),
    ("DREW_UNSEEDED", r"drew from the PRNG with no seed"),
    ("SEED_UNUSED", r"did not use the seed logged"),
    ("NO_REPLAY", r"^the saved log does not replay"),
    ("LOG_MISMATCH", r"^the saved log is not the one"),
    ("STATE_MISMATCH", r"^the saved log does not reach"),
    ("NOT_CANONICAL", r"^the save is not written the one way"),
)


def cause_of(message: str) -> str:
    """The C cause (``PINTAS_SAVE_...``) of a CPython refusal."""
    for cause, pattern in CAUSES:
        if re.search(pattern, message):
            return "PINTAS_SAVE_" + cause
    raise ValueError(f"no cause for the message {message!r}")


# ---- hashes ------------------------------------------------------------------------------

MT_SEEDS = (0, 1, 42, 2**32 - 1, 2**32, 2**32 + 1, 2**63 + 12345, 2**64 - 1)
MT_BOUNDS = (1, 2, 6, 7, 28, 1000, 2**31 + 1, 2**32 - 1)
MT_DRAWS = 8


def hash_header() -> str:
    """golden_hash.h."""
    lines = [
        "/* golden_hash.h - generated by tools/golden/saves.py from CPython's hashlib and",
        " * random.Random: do not edit. */",
        "#ifndef GOLDEN_HASH_H", "#define GOLDEN_HASH_H", "", "#include <stdint.h>", "",
        "/* BLAKE2b-128 of golden_message(n) for n = 0..300: byte i is (7 i + 3) mod 256. */",
        "#define GOLDEN_BLAKE_LENGTHS 301",
        "static const uint8_t golden_blake2b_128[GOLDEN_BLAKE_LENGTHS][16] = {",
    ]
    message = bytes((7 * i + 3) & 0xFF for i in range(300))
    for n in range(301):
        lines.append("    {" + ", ".join(f"0x{b:02x}" for b in
                                          hashlib.blake2b(message[:n], digest_size=16).digest())
                     + "},")
    lines += ["};", "",
              f"#define GOLDEN_MT_SEEDS {len(MT_SEEDS)}",
              f"#define GOLDEN_MT_BOUNDS {len(MT_BOUNDS)}",
              f"#define GOLDEN_MT_DRAWS {MT_DRAWS}",
              "static const uint64_t golden_mt_seeds[GOLDEN_MT_SEEDS] = {"
              + ", ".join(f"UINT64_C({s})" for s in MT_SEEDS) + "};",
              "static const uint32_t golden_mt_bounds[GOLDEN_MT_BOUNDS] = {"
              + ", ".join(f"UINT32_C({n})" for n in MT_BOUNDS) + "};",
              "/* random.Random(seed).getrandbits(32), MT_DRAWS times. */",
              "static const uint32_t golden_mt_bits[GOLDEN_MT_SEEDS][GOLDEN_MT_DRAWS] = {"]
    for seed in MT_SEEDS:
        rng = random.Random(seed)
        lines.append("    {" + ", ".join(f"UINT32_C({rng.getrandbits(32)})"
                                         for _ in range(MT_DRAWS)) + "},")
    lines += ["};",
              "/* random.Random(seed): randrange(n) MT_DRAWS times for each bound in turn. */",
              "static const uint32_t golden_mt_below[GOLDEN_MT_SEEDS][GOLDEN_MT_BOUNDS]"
              "[GOLDEN_MT_DRAWS] = {"]
    for seed in MT_SEEDS:
        rng = random.Random(seed)
        rows = ["{" + ", ".join(f"UINT32_C({rng.randrange(n)})" for _ in range(MT_DRAWS)) + "}"
                for n in MT_BOUNDS]
        lines.append("    {" + ", ".join(rows) + "},")
    lines += ["};", "", "#endif /* GOLDEN_HASH_H */", ""]
    return "\n".join(lines)


# ---- games -------------------------------------------------------------------------------

Game = Any  # a domino, caminos or dice Game


def line_deal(rules: domino.Rules, rng: random.Random) -> domino.Deal:
    tiles = list(range(28))
    rng.shuffle(tiles)
    hands = [tiles[7 * s:7 * s + 7] for s in range(rules.players)]
    pile = tiles[7 * rules.players:] if rules.draws else []
    return domino.Deal(hands=[[TILES[t] for t in h] for h in hands],
                       boneyard=[TILES[t] for t in pile])


def caminos_deal(rules: caminos.Rules, rng: random.Random) -> caminos.Deal:
    tiles = list(range(28))
    rng.shuffle(tiles)
    paths, rest = tiles[:rules.paths], tiles[rules.paths:]
    size = rules.hand_size
    hands = [rest[size * s:size * s + size] for s in range(rules.players)]
    pile = rest[size * rules.players:]
    tile = TILES.__getitem__
    return caminos.Deal(paths=[tile(t) for t in paths], hands=[[tile(t) for t in h] for h in hands],
                        pile=[tile(t) for t in pile])


@dataclass
class Plan:
    """One game to play and save."""

    name: str
    make: Callable[[int, random.Random], Game]   # (first seed, rng) -> the game
    seeded: bool
    moves: int | None          # None: to the end
    set_deal: Callable[[Game, random.Random], Any] | None = None


def play(plan: Plan, seed: int) -> Game:
    """The game of ``plan``: random legal moves; an unseeded game's moves take
    seeds from the plan's generator (as the OS would give them)."""
    rng = random.Random(seed)
    game = plan.make(rng.getrandbits(64), rng)
    if not plan.seeded:
        game._seed = None
    rounds_dealt = {1}
    played = 0
    while not game.is_over and (plan.moves is None or played < plan.moves):
        if plan.set_deal and game.round not in rounds_dealt and played and rng.random() < 0.7:
            game.set_deal(plan.set_deal(game, rng))
        rounds_dealt.add(getattr(game, "round", 1))
        moves = game.legal_moves()
        move = moves[0] if len(moves) == 1 else rng.choice(moves)
        if plan.seeded:
            game.play(move)
        else:
            game._play_seeded_by(move, rng.getrandbits(64))
        played += 1
    return game


def plans() -> list[Plan]:
    """Every preset, seeded and unseeded, short and finished."""
    out: list[Plan] = []
    line_rules = [("muggins2", domino.Rules.muggins(players=2)),
                  ("muggins3", domino.Rules.muggins(players=3)),
                  ("muggins4", domino.Rules.muggins(players=4)),
                  ("capicua4", domino.Rules.capicua()),
                  ("capicua4pairs", domino.Rules.capicua(pairs=True)),
                  ("capicua2", domino.Rules.capicua(players=2)),
                  ("dominican_pairs", domino.Rules.dominican()),
                  ("dominican_four", domino.Rules.dominican("four")),
                  ("dominican_three", domino.Rules.dominican("three")),
                  ("dominican_two", domino.Rules.dominican("two", target=100))]
    for name, rules in line_rules:
        out += tile_plans(name, domino.Game, rules, line_deal)
    for variant in ("base", "no_renewal", "two_paths"):
        for players in (2, 3, 4):
            rules = getattr(caminos.Rules, variant)(players=players)
            out += tile_plans(f"caminos_{variant}{players}", caminos.Game, rules, caminos_deal)
    dice_rules = [("doom", dice.Rules.dice_of_doom()), ("farkle", dice.Rules.farkle()),
                  ("doom_score", dice.Rules.dice_of_doom(doom_loses="score", hot_dice="may")),
                  ("farkle_final", dice.Rules.farkle(final_round=True, combine_kept=True))]
    for dice_name, dice_rule in dice_rules:
        for players in (1, 2, 3, 8) if dice_name == "farkle" else (2, 3):
            out += dice_plans(f"{dice_name}{players}", dice_rule, players)
    return out


def tile_plans(name: str, cls: type, rules: Any,
               deal: Callable[[Any, random.Random], Any]) -> list[Plan]:
    def fresh(seed: int, rng: random.Random) -> Game:
        return cls(rules, seed=seed)

    def dealt(seed: int, rng: random.Random) -> Game:
        return cls(rules, seed=seed, deal=deal(rules, rng))

    def later(game: Game, rng: random.Random) -> Any:
        return deal(rules, rng)

    plans = [Plan(f"{name}_seeded_short", fresh, True, 6),
             Plan(f"{name}_unseeded_short", fresh, False, 6),
             Plan(f"{name}_dealt_short", dealt, False, 4),
             Plan(f"{name}_seeded_end", dealt, True, None, later)]
    if cls is domino.Game or rules.players == 3:  # a few finished unseeded games suffice
        plans.append(Plan(f"{name}_unseeded_end", fresh, False, None, later))
    return plans


def dice_plans(name: str, rules: dice.Rules, players: int) -> list[Plan]:
    finished = rules.replace(target=min(rules.target, 3000))

    def short(seed: int, rng: random.Random) -> Game:
        return dice.Game(rules, players=players, seed=seed, first_player=players - 1)

    def ending(seed: int, rng: random.Random) -> Game:
        return dice.Game(finished, players=players, seed=seed, first_player=rng.randrange(players))

    plans = [Plan(f"{name}_seeded_short", short, True, 7),
             Plan(f"{name}_unseeded_short", short, False, 7),
             Plan(f"{name}_seeded_end", ending, True, None)]
    if players <= 2:
        plans.append(Plan(f"{name}_unseeded_end", ending, False, None))
    return plans


# ---- saves and their damage ----------------------------------------------------------------


@dataclass
class Save:
    name: str
    kind: str
    data: bytes
    key: int           # the key it is read with (an index of KEYS)
    version: int
    good: bool


@dataclass
class Damage:
    save: int          # an index of the saves
    op: str            # NONE, FLIP, SET, CUT, APPEND, SIZE
    offset: int
    value: int
    reseal: bool       # the trailer made again over the damaged body
    key: int           # the key it is read with
    cause: str
    message: str


def trailer_size(data: bytes) -> int:
    """The trailer's length in a save (0 for format 1)."""
    if data[4] != _save.FORMAT:
        return 0
    return _save.MAC_SIZE if data[6] & _save.KEYED else _save.CHECKSUM_SIZE


def damaged(data: bytes, op: str, offset: int, value: int, reseal: bool,
            seal_key: bytes | None) -> bytes:
    """``data`` with one change (to its body, with ``reseal``, and a new trailer)."""
    size = trailer_size(data)
    target = bytearray(data[:len(data) - size] if reseal else data)
    if op == "FLIP":
        target[offset] ^= value
    elif op == "SET":
        target[offset] = value
    elif op == "CUT":
        del target[offset:]
    elif op == "APPEND":
        target += bytes([value]) * offset
    if reseal and size:
        target += (hashlib.blake2b(target, digest_size=_save.CHECKSUM_SIZE).digest()
                   if seal_key is None else hmac.new(seal_key, target, hashlib.sha256).digest())
    return bytes(target)


def refusal(kind: str, data: bytes, key: bytes | None) -> str:
    """CPython's message refusing ``data`` read as a game of ``kind``."""
    try:
        CLASSES[kind].from_bytes(data, key=key)
    except CorruptStateError as error:
        return str(error)
    raise AssertionError("loaded")


def forged(game: Game, log: list[Any]) -> bytes:
    """The save of ``game`` with its log replaced by ``log``."""
    copy = game.copy()
    copy._log = log
    return _save.write(copy)


def forgeries(kind: str, seeded: Game, unseeded: Game) -> list[tuple[str, bytes]]:
    """Saves whose log the replay refuses, each for another reason."""
    out: list[tuple[str, bytes]] = []
    log = list(seeded._log)
    out.append(("seed_in_seeded", forged(seeded, [("seed", 5), *log])))
    out.append(("last_move_dropped", forged(seeded, log[:-1])))
    out.append(("illegal_move", forged(seeded, [log[1], *log[1:]])))
    ulog = list(unseeded._log)
    seeds = [i for i, e in enumerate(ulog) if isinstance(e, tuple) and e[0] == "seed"]
    plain = [i for i, e in enumerate(ulog) if not isinstance(e, tuple)
             and (i == 0 or not isinstance(ulog[i - 1], tuple))]
    out.append(("seed_at_end", forged(unseeded, [*ulog, ("seed", 7)])))
    if seeds:
        i = seeds[0]
        out.append(("two_seeds", forged(unseeded, [*ulog[:i], ulog[i], *ulog[i:]])))
        out.append(("seed_missing", forged(unseeded, ulog[:i] + ulog[i + 1:])))
    if plain:
        i = plain[-1]
        out.append(("seed_unused", forged(unseeded, [*ulog[:i], ("seed", 9), *ulog[i:]])))
    deals = [i for i, e in enumerate(ulog) if isinstance(e, tuple) and e[0] == "deal"]
    for i in deals:
        if i + 1 < len(ulog) and isinstance(ulog[i + 1], tuple) and ulog[i + 1][0] == "seed":
            swapped = [*ulog[:i], ulog[i + 1], ulog[i], *ulog[i + 2:]]
            out.append(("seed_before_deal", forged(unseeded, swapped)))
            break
    if kind == "D":
        keeps = [i for i, e in enumerate(log) if not isinstance(e, tuple) and e.kind == "keep"
                 and len(set(e.dice)) > 1]
        if keeps:
            data = bytearray(seeded.to_bytes())
            # the first keep of two or more values, written in descending order
            at = entry_offset(seeded, keeps[0])
            n = data[at + 1]
            data[at + 2:at + 2 + n] = bytes(sorted(data[at + 2:at + 2 + n], reverse=True))
            out.append(("keep_unsorted", damaged(bytes(data), "NONE", 0, 0, True, None)))
    return out


def entry_offset(game: Game, index: int) -> int:
    """Where log entry ``index`` starts in ``game``'s save."""
    copy = game.copy()
    copy._log = game._log[:index]
    return len(_save.write(copy, None, 1)) - len(copy._save())  # format 1: no trailer


def damages(index: int, save: Save, every_byte: bool) -> list[tuple[str, int, int, bool, int]]:
    """The damage done to a short save: (op, offset, value, reseal, key)."""
    data, key = save.data, save.key
    size = trailer_size(data)
    body = len(data) - size
    out: list[tuple[str, int, int, bool, int]] = []
    if every_byte:
        out += [("FLIP", i, 1, False, key) for i in range(len(data))]
    if size and key:  # a keyed save: the MAC's refusals (the rest is a keyless save's)
        out += [("FLIP", i, 0x10, r, key) for i in range(0, len(data), 3) for r in (False, True)
                if not r or i < body]
        out += [("NONE", 0, 0, False, other) for other in range(4) if other != key]
    elif size:
        image = body - 256  # roughly where the state image starts: sampled there
        out += [("FLIP", i, x, True, key) for i in range(body) for x in (1, 0x80)
                if i < image or i % 5 == 0]
        out += [("SET", i, v, True, key) for i in range(4, image) for v in (2, 0xFF)]
        out += [("CUT", n, 0, True, key) for n in range(body) if n < image or n % 7 == 0]
        out += [("CUT", n, 0, False, key) for n in range(0, len(data), 7)]
        out += [("APPEND", n, 0, r, key) for n in (1, 16) for r in (False, True)]
        out += [("SET", 5, ord(k), True, key) for k in "LCDX"]
        out += [("NONE", 0, 0, False, other) for other in range(4) if other != key]
    else:
        out += [("CUT", n, 0, False, key) for n in range(len(data))]
        out += [("APPEND", 1, 0, False, key), ("NONE", 0, 0, False, KEY_A)]
        out += [("FLIP", i, 1, False, key) for i in range(4, len(data) - 200)]
    return out


def collect() -> tuple[list[Save], list[Damage]]:
    saves: list[Save] = []
    damage: list[Damage] = []
    by_kind: dict[str, dict[str, Game]] = {}
    for n, plan in enumerate(plans()):
        game = play(plan, 1000 + n)
        kind = GAMES[type(game)]
        if plan.moves is None:
            by_kind.setdefault(kind, {}).setdefault("seeded" if plan.seeded else "unseeded",
                                                    game)
        key = KEY_A if n % 3 == 1 else 0
        saves.append(Save(plan.name, kind, game.to_bytes(key=KEYS[key]), key, 2, True))
        if plan.moves is not None and n % 2 == 0:
            saves.append(Save(plan.name + "_v1", kind, _save.write(game, None, 1), 0, 1, True))
    for kind, games in sorted(by_kind.items()):
        for name, data in forgeries(kind, games["seeded"], games["unseeded"]):
            saves.append(Save(f"{kind}_{name}", kind, data, 0, 2, False))
    # damage: every short save a little, the first short save of each game (and
    # its format-1 twin) every way
    seen: set[tuple[str, int, int]] = set()
    for index, save in enumerate(list(saves)):
        if not save.good:
            message = refusal(save.kind, save.data, KEYS[save.key])
            damage.append(Damage(index, "NONE", 0, 0, False, 0, cause_of(message), message))
            continue
        if "short" not in save.name:
            continue
        first = (save.kind, save.version, save.key) not in seen
        seen.add((save.kind, save.version, save.key))
        todo = damages(index, save, first) if first else [
            ("SET", i, 2, True, save.key) for i in range(15, len(save.data) - 256, 5)]
        if "dealt" in save.name and save.kind == "L":  # a tile for seat 3 (of 2 or 3)
            todo.append(("SET", 15 + 17 + 12, 1, True, save.key))
        for op, offset, value, reseal, key in todo:
            data = damaged(save.data, op, offset, value, reseal, KEYS[save.key])
            try:
                message = refusal(save.kind, data, KEYS[key])
            except AssertionError:
                continue  # a change that makes another game of the same rules: it loads
            damage.append(Damage(index, op, offset, value, reseal, key, cause_of(message),
                                 message))
    big = next(i for i, s in enumerate(saves) if s.good)
    message = refusal(saves[big].kind, bytes(_save.MAX_SAVE_SIZE + 1), None)
    damage.append(Damage(big, "SIZE", 0, _save.MAX_SAVE_SIZE + 1, False, 0, cause_of(message),
                         message))
    return saves, damage


def c_string(text: str) -> str:
    escaped = text.encode("utf-8").decode("latin-1")
    out = "".join(f"\\{ord(c):03o}" if ord(c) > 126 or ord(c) < 32 else
                  "\\" + c if c in '"\\' else c for c in escaped)
    return '"' + out.replace("??", "?\\?") + '"'


def saves_header() -> str:
    saves, damage = collect()
    messages: dict[str, int] = {}
    for d in damage:
        messages.setdefault(d.message, len(messages))
    blob = b"".join(s.data for s in saves)
    lines = [
        "/* golden_saves.h - generated by tools/golden/saves.py from the CPython package:",
        " * do not edit. Saves of every preset, and damaged saves with the cause and the",
        " * message CPython refuses them with. */",
        "#ifndef GOLDEN_SAVES_H", "#define GOLDEN_SAVES_H", "", "#include <stdint.h>", "",
        "#include \"pintas/save.h\"", "",
        "/* The keys (index 0: none; 3: a key too short). */",
        "static const uint8_t golden_key_a[32] = {" + ", ".join(map(str, KEYS[1] or b"")) + "};",
        "static const uint8_t golden_key_b[32] = {" + ", ".join(map(str, KEYS[2] or b"")) + "};",
        "static const uint8_t golden_key_short[15] = {0};", "",
        f"static const uint8_t golden_blob[{len(blob)}] = {{"]
    for i in range(0, len(blob), 24):
        lines.append("    " + ",".join(str(b) for b in blob[i:i + 24]) + ",")
    lines += ["};", "",
              "typedef struct golden_save {",
              "    const char *name;",
              "    uint8_t game;     /* pintas_save_game */",
              "    uint8_t key;      /* 0 none, 1 golden_key_a */",
              "    uint8_t version;  /* 1 or 2 */",
              "    uint8_t good;     /* 0: a forged log, refused (see golden_damage) */",
              "    uint32_t offset;  /* in golden_blob */",
              "    uint32_t len;",
              "} golden_save;", "",
              f"#define GOLDEN_SAVES {len(saves)}",
              "static const golden_save golden_saves[GOLDEN_SAVES] = {"]
    offset = 0
    for s in saves:
        lines.append(f'    {{"{s.name}", \'{s.kind}\', {s.key}, {s.version}, {int(s.good)}, '
                     f"{offset}, {len(s.data)}}},")
        offset += len(s.data)
    lines += ["};", "",
              "/* A change to a save: NONE; FLIP (byte offset ^= value); SET (byte offset =",
              " * value); CUT (keep offset bytes); APPEND (offset bytes of value); SIZE (a",
              " * length of `value` bytes, never read). With reseal the change is to the body",
              " * and the trailer is made again with the save's own key. */",
              "enum { GOLDEN_NONE, GOLDEN_FLIP, GOLDEN_SET, GOLDEN_CUT, GOLDEN_APPEND,"
              " GOLDEN_SIZE };",
              "typedef struct golden_damage {",
              "    uint16_t save;",
              "    uint8_t op;",
              "    uint8_t reseal;",
              "    uint8_t key;       /* the key it is read with: 0 none, 1 a, 2 b, 3 short */",
              "    uint32_t offset;",
              "    uint32_t value;",
              "    int8_t cause;      /* pintas_save_cause */",
              "    uint16_t message;  /* in golden_messages */",
              "} golden_damage;", "",
              f"#define GOLDEN_DAMAGES {len(damage)}",
              "#define D(save, op, reseal, key, offset, value, cause, message) \\",
              "    {save, GOLDEN_##op, reseal, key, offset, value, PINTAS_SAVE_##cause, message}",
              "static const golden_damage golden_damages[GOLDEN_DAMAGES] = {"]
    for d in damage:
        cause = d.cause.removeprefix("PINTAS_SAVE_")
        lines.append(f"D({d.save},{d.op},{int(d.reseal)},{d.key},{d.offset},{d.value},{cause},"
                     f"{messages[d.message]}),")
    lines += ["};", "#undef D", "", f"#define GOLDEN_MESSAGES {len(messages)}",
              "static const char *const golden_messages[GOLDEN_MESSAGES] = {"]
    lines += [f"    {c_string(m)}," for m in messages]
    lines += ["};", "", "#endif /* GOLDEN_SAVES_H */", ""]
    return "\n".join(lines)


def headers() -> dict[Path, str]:
    """Every generated header and its text."""
    return {HASH_HEADER: hash_header(), SAVES_HEADER: saves_header()}


def main(argv: Sequence[str]) -> int:
    made = headers()
    stale = [path for path, text in made.items() if not path.exists() or path.read_text() != text]
    if "--check" in argv:
        for path in stale:
            print(f"{path.relative_to(ROOT)} is not up to date")
        return 1 if stale else 0
    for path in stale:
        path.write_text(made[path])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

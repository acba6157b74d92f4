"""Golden vectors of the C notation (csrc/notation*.c and csrc/*_why.c), made
by the CPython package: what each text reads as, how each value prints, and
the message of every refusal, word for word.

    python tools/golden/notation.py [OUT]

writes OUT (default csrc/tests/golden_notation.h), which csrc/tests/test_notation.c
checks the C core against; tests/test_golden_notation.py checks that the
committed header is what this script makes now.

The corpus: every tile and move printed by Python, every alias in several
cases, spacing variants, bad input of every kind (empty, too long, unknown
words, bad numbers, 7|7, wrong separators, trailing junk, non-ASCII), and
positions of seeded games of every preset of pintas.registry, chosen to reach
every cause (a tile that fits both ends, the first move of a round, a closed
path, hot dice, a game over...), with texts and moves tried in each.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from pintas import caminos, dice, domino, registry
from pintas.errors import IllegalMoveError, NotationError
from pintas.tiles import TILES, Tile, TileSet

ROOT = Path(__file__).resolve().parents[2]
HEADER = ROOT / "csrc" / "tests" / "golden_notation.h"

# What a parse case reads (the C test's switch).
TILE, TILESET, LINE_MOVE, CAMINOS_MOVE, DICE_MOVE = range(5)
GAMES = {"line": 1, "caminos": 2, "dice": 3}
OK, NOTATION, ILLEGAL = 0, 1, 2

Game = Any  # a domino, caminos or dice Game


@dataclass(frozen=True)
class Result:
    """What Python made of a text: a value (its code and str) or an error."""

    result: int
    code: int = 0
    printed: str = ""
    message: str = ""


def outcome(read: Callable[[], Any], code: Callable[[Any], int]) -> Result:
    """``read()`` as a Result."""
    try:
        value = read()
    except IllegalMoveError as error:
        return Result(ILLEGAL, message=str(error))
    except NotationError as error:
        return Result(NOTATION, message=str(error))
    return Result(OK, code(value), str(value))


def c_string(text: str) -> str:
    """A C string literal of the text's UTF-8 bytes (no trigraphs, no hex
    escapes that run on)."""
    out = []
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char in '"\\?':
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F:
            out.append(char)
        else:
            out.append(f"\\{byte:03o}")
    return '"' + "".join(out) + '"'


# ---- texts read without a game ------------------------------------------------------

LONG = "6|4 " * 251  # 1004 characters
ODD = ["", " ", "\t", "x", "hello", "7|7", "6|7", "9|0", "6|", "|6", "6||4", "6|4|3", "64",
       "6/4", "6-4", "6 4", "a|b", "\uff16|4", "\u00b2|1", "6|4x", "'6|4'", 'say "6|4"',
       "it's \"6|4\"", "6\\4", "6|4\n", "6|4\x85", "\x1c6|4\x1f", "6\u00a0|\u00a04",
       "\u30006|4\u3000", "6|4\u2028", "6|4\x7f", "6|4\u200b", "6|4\ue000", "\u00e96|4",
       "K", "\u212a", "6|4 \U0001f600", LONG, "6" * 1001, "é" * 1001, "6|4,5|3", "6|4, 5|3"]


def tile_texts() -> list[str]:
    texts = []
    for t in TILES:
        texts += [str(t), f"{t.low}|{t.high}"]
    return [*texts, " 4 | 6 ", "\t6|4\n", "6 |4", "0|0", *ODD]


def tileset_texts() -> list[str]:
    return ["", "6|6 5|3", "6|6,5|3", ",6|6,, 5|3,", "0|0 0|0", str(TileSet.full()),
            "6|6\u20035|3", "6|6 7|7", "6|6 x", "6 | 6", "6|6;5|3", "6|6 '", "6|6 \\",
            LONG[:996], *ODD]


def line_move_texts() -> list[str]:
    texts = []
    for t in TILES:
        texts += [f"{t}L", f"{t.low}|{t.high}r"]
    return [*texts, "draw", "pass", "DRAW", " Pass ", "Draw\n", "paso", "p", "d", "6|4 l",
                    "6|4 LL", "6|4", "6|4 x", "l", "|l", "7|7L", "6|7R", "6|4\u212a", "6|4\u0130",
                    "6|4 r ", "6 | 4 R", "draws", *ODD]


def caminos_move_texts() -> list[str]:
    texts = []
    for t in TILES[::3]:
        texts += [f"{t} front 1", f"{t.low}|{t.high} back 5", f"reveal {t}"]
    return [*texts, "5|3 FRONT 2", "  5|3   back\t8 ", "5|3 front 0", "5|3 front 9",
                    "5|3 front 08", "5|3 f 2", "5|3 f2", "5|3,front,2", "5|3 front \u00b2",
                    "REVEAL 6|4", "reveal", "reveal 7|7", "reveal 6|4 5|3", "draw", "pass",
                    "Draw", "draw pass", "r 6|4", "5|3 front 2 x", "5|3 BAC\u212a 2",
                    "5|3 front 4294967297", *ODD]


def dice_move_texts() -> list[str]:
    return ["roll", "ROLL", "bank", "Bank ", "roll 1 5 6 4 4 3", "roll 156443", "roll 1,5,6",
            "roll,1,5", "keep 5 1", "keep 1", "keep 1 1 1 1 1 1", "keep 1 1 1 1 1 1 1",
            "keep 0", "keep 7", "keep", "bank 1", "\u212aeep 1", "keep 15 6", "roll 1234567",
            "roll \u0661", "keep 15", "keep 1 5,", "roll 0", "roll 6", "keep ,5", "kep 1",
            "r", "b", "k 1", *ODD]


def code_of(value: Any) -> int:
    """The number a value is known by: a tile's index, a set's mask, a move's code."""
    if isinstance(value, Tile):
        return value.index
    if isinstance(value, TileSet):
        return int(value)
    return int(value.code)


def parse_cases() -> Iterator[tuple[int, str, Result]]:
    readers: list[tuple[int, Callable[[str], Any], list[str]]] = [
        (TILE, Tile.parse, tile_texts()), (TILESET, TileSet.parse, tileset_texts()),
        (LINE_MOVE, domino.Move.parse, line_move_texts()),
        (CAMINOS_MOVE, caminos.Move.parse, caminos_move_texts()),
        (DICE_MOVE, dice.Move.parse, dice_move_texts())]
    for what, read, texts in readers:
        for text in texts:
            yield what, text, outcome(partial(read, text), code_of)


# ---- positions -------------------------------------------------------------------------

def family_of(game: Game) -> str:
    return {domino.Game: "line", caminos.Game: "caminos", dice.Game: "dice"}[type(game)]


def rules_list() -> list[tuple[Any, int]]:
    """Every preset of the registry, and the seat counts that change what is
    said (drawing or not, pairs)."""
    out: list[tuple[Any, int]] = []
    for preset in registry.presets():
        rules = preset.rules()
        out.append((rules, preset.family.seats(rules)))
    out += [(domino.Rules.muggins(players=2), 2), (domino.Rules.capicua(players=2), 2),
            (domino.Rules.dominican(mode="two"), 2), (domino.Rules.muggins(players=4), 4),
            (caminos.Rules.base(players=2), 2), (caminos.Rules.two_paths(players=4), 4),
            (dice.Rules.farkle(), 3)]
    return out


def new_game(rules: Any, seats: int, seed: int) -> Game:
    if isinstance(rules, dice.Rules):
        return dice.Game(rules, players=seats, seed=seed)
    return type_of(rules)(rules, seed=seed)


def type_of(rules: Any) -> Any:
    return domino.Game if isinstance(rules, domino.Rules) else caminos.Game


def positions() -> Iterator[Game]:
    """Positions along seeded games of every rules, each a copy."""
    for number, (rules, seats) in enumerate(rules_list()):
        for seed in range(2):
            game = new_game(rules, seats, 1000 * number + seed)
            rng = random.Random(seed * 7919 + number)
            step = 0
            while not game.is_over and step < 400:
                if step % 23 == seed * 5:
                    yield game.copy()
                legal = game.legal_moves()
                game.play(rng.choice(legal))
                step += 1
            yield game.copy()


# What makes a position worth a place of its own: each reaches a cause.
Wanted = Callable[[Game], bool]


def line_wanted() -> dict[str, Wanted]:
    def both_ends(g: Game) -> bool:
        tiles = [m.tile for m in g.legal_moves() if m.tile is not None]
        return len(tiles) != len(set(tiles))

    def alike(g: Game) -> bool:
        return g.ends is not None and g.ends[0] == g.ends[1] and not both_ends(g)

    return {
        "both ends": both_ends,
        "ends alike": alike,
        "forced": lambda g: g._forced_tile() is not None and not g.is_over,
        "first free": lambda g: g.ends is None and g._forced_tile() is None and not g.is_over,
        "must draw": lambda g: [str(m) for m in g.legal_moves()] == ["draw"],
        "pass, no boneyard": lambda g: ([str(m) for m in g.legal_moves()] == ["pass"]
                                       and g.rules.draws),
        "pass, no drawing": lambda g: ([str(m) for m in g.legal_moves()] == ["pass"]
                                      and not g.rules.draws),
        "over": lambda g: g.is_over,
    }


def caminos_wanted() -> dict[str, Wanted]:
    def many(g: Game) -> bool:
        tiles = [m.tile for m in g.legal_moves() if m.kind == "place"]
        return len(tiles) != len(set(tiles))

    return {
        "reveal": lambda g: g.phase == "reveal",
        "reveal again": lambda g: g.phase == "reveal" and any(g.reveals),
        "many places": many,
        "double centre": lambda g: any(p.sides_alike for p in g.paths) and g.phase == "play",
        "closed path": lambda g: any(p.closed and p.centre is not None for p in g.paths)
        and g.phase == "play",
        "gone path": lambda g: any(p.centre is None for p in g.paths) and g.phase == "play",
        "side full": lambda g: g.phase == "play" and any(
            p.centre is not None and 0 in p.free and p.free != (0, 0) for p in g.paths),
        "must draw": lambda g: [str(m) for m in g.legal_moves()] == ["draw"],
        "must pass": lambda g: [str(m) for m in g.legal_moves()] == ["pass"],
        "over": lambda g: g.is_over,
    }


def dice_wanted() -> dict[str, Wanted]:
    return {
        "keep with pool": lambda g: g.phase == "keep" and bool(g.pool),
        "keep": lambda g: g.phase == "keep",
        "hot dice": lambda g: g.phase == "roll" and g.turn_total > 0 and not g.pool,
        "bank or roll": lambda g: g.phase == "bank_or_roll",
        "over": lambda g: g.is_over,
    }


def chosen_positions() -> list[Game]:
    """A few positions of every kind, the first ones found, and every
    hundredth other one."""
    wanted = {"line": line_wanted(), "caminos": caminos_wanted(), "dice": dice_wanted()}
    found: dict[tuple[str, str], int] = {}
    out: list[Game] = []
    for index, game in enumerate(positions()):
        family = family_of(game)
        keep = index % 12 == 0 and not game.is_over
        for name, test in wanted[family].items():
            if found.get((family, name), 0) < 2 and test(game):
                found[(family, name)] = found.get((family, name), 0) + 1
                keep = True
        if keep:
            out.append(game)
    missing = [(f, n) for f, names in wanted.items() for n in names if (f, n) not in found]
    if missing:
        raise SystemExit(f"no position found for {missing}")
    return out


# ---- what is tried in a position ----------------------------------------------------------

def line_texts(game: Game, rng: random.Random) -> list[str]:
    seat = game.to_move if game.to_move is not None else 0
    hand = list(game.hand(seat))
    others = [t for t in TILES if t not in hand]
    texts = [str(m) for m in game.legal_moves()][:4]
    for t in rng.sample(hand, min(3, len(hand))) + rng.sample(others, 2):
        texts += [str(t), f"{t}L", f"{t.low}|{t.high} r"]
    texts += rng.sample(["draw", "pass", "paso", "P", "robo", "ROBAR", "d", "D", " Pass ",
                         "", "6|x", "7|7", "hello", "6|4 LL", "x|l", "6|4|"], 6)
    return texts


def caminos_texts(game: Game, rng: random.Random) -> list[str]:
    seat = game.to_move if game.to_move is not None else 0
    hand = list(game.hand(seat))
    texts = [str(m) for m in game.legal_moves()][:3]
    texts += [f"reveal {t}" for t in game.reveals[seat][:2]]
    for t in rng.sample(hand, min(2, len(hand))) + rng.sample(TILES, 1):
        texts += [str(t), f"reveal {t}", f"{t} f1", f"{t} 2", f"{t} back",
                  rng.choice([f"{t} front 3", f"{t},b,2", f"{t} Adelante 1",
                              f"{t} ATR\u00c1S 2", f"{t} detr\u00e1s 1", f"{t} 9",
                              f"{t} front 9", f"{t} 007", f"{t} f 99999999999", f"{t} 0",
                              f"{t} f0", f"{t} x", f"{t} front 2 3", f"{t} front back",
                              f"{t} 2f", f"{t} \u00b2"])]
    texts += rng.sample(["draw", "pass", "robo", "PASA", "d", "p", "R", "r x", "revelar 6|6 5|5",
                         "", "x", "6|x front 1", "x 1", ",,", "reveal 7|7"], 5)
    return texts


def dice_texts(game: Game, rng: random.Random) -> list[str]:
    texts = [str(m) for m in game.legal_moves()][:3]
    n = game.dice_to_roll
    texts += ["roll", "bank", "keep 1", "keep 5", "keep 5 5", "keep 2 2 2", "keep 6",
              "roll " + " ".join("153644"[:n]), "roll " + " ".join("1234"[: max(1, n - 1)])]
    if game.last_roll:
        roll = list(game.last_roll)
        texts.append("keep " + " ".join(map(str, rng.sample(roll, rng.randint(1, len(roll))))))
        texts += [f"keep {face}" for face in sorted(set(roll))]
    return rng.sample(texts, min(len(texts), 10))


def line_values(game: Game, rng: random.Random) -> list[str]:
    return [str(domino.Move.from_code(c)) for c in rng.sample(range(58), 6)] + ["draw", "pass"]


def caminos_values(game: Game, rng: random.Random) -> list[str]:
    codes = rng.sample(range(448), 5) + rng.sample(range(448, 476), 2) + [476, 477]
    seat = game.to_move if game.to_move is not None else 0
    for t in list(game.hand(seat))[:2]:
        codes += [(t.index * 8 + p) * 2 + s for p in range(game.rules.paths) for s in (0, 1)]
    return [str(caminos.Move.from_code(c)) for c in codes]


def dice_values(game: Game, rng: random.Random) -> list[str]:
    return ["roll", "bank", "keep 1", "keep 5 5", "keep 2 2 2", "roll 1", "roll 1 2 3 4 5 6",
            "keep 6 6"]


def tries(game: Game, rng: random.Random) -> Iterator[tuple[bool, str, Result]]:
    family = family_of(game)
    texts = {"line": line_texts, "caminos": caminos_texts, "dice": dice_texts}[family]
    values = {"line": line_values, "caminos": caminos_values, "dice": dice_values}[family]
    parse: Callable[[str], Any] = {"line": domino.Move.parse, "caminos": caminos.Move.parse,
                                   "dice": dice.Move.parse}[family]
    for text in dict.fromkeys(texts(game, rng)):
        yield False, text, outcome(partial(game.parse_move, text), code_of)
    for text in dict.fromkeys(values(game, rng)):
        move = parse(text)
        if game.is_legal(move):
            yield True, text, Result(OK, move.code, str(move))
            continue
        try:
            game.play(move)
        except IllegalMoveError as error:
            yield True, text, Result(ILLEGAL, message=str(error))
        else:
            raise SystemExit(f"{text!r} played although not legal")


# ---- the header -----------------------------------------------------------------------

def result_row(r: Result) -> str:
    return f"{r.result}, {r.code}, {c_string(r.printed)}, {c_string(r.message)}"


def build() -> str:
    lines = ["/* golden_notation.h - made by tools/golden/notation.py from the CPython package:",
             " * do not edit (tests/test_golden_notation.py checks it is what the script makes).",
             " * Parse cases: what (0 tile, 1 tile set, 2 line move, 3 Caminos move, 4 dice",
             " * move), the text and its length in bytes, the result (0 read, 1 NotationError,",
             " * 2 IllegalMoveError), the code and str() of what was read, the message.",
             " * Positions: the game (1 line, 2 Caminos, 3 dice) and its C save image in hex.",
             " * Tries: the position, 1 when the move is given as a value (its notation is",
             " * read without the game, then played), the text, and the result as above. */",
             "",
             "typedef struct golden_parse {",
             "    int what; const char *text; unsigned len;",
             "    int result; long code; const char *printed; const char *message;",
             "} golden_parse;",
             "",
             "typedef struct golden_position { int game; const char *save; } golden_position;",
             "",
             "typedef struct golden_try {",
             "    int position; int by_value; const char *text; unsigned len;",
             "    int result; long code; const char *printed; const char *message;",
             "} golden_try;",
             "",
             "static const golden_parse golden_parses[] = {"]
    for what, text, r in parse_cases():
        lines.append(f"    {{{what}, {c_string(text)}, {len(text.encode())}, {result_row(r)}}},")
    lines += ["};", "", "static const golden_position golden_positions[] = {"]
    rows: list[str] = []
    for index, game in enumerate(chosen_positions()):
        lines.append(f'    {{{GAMES[family_of(game)]}, "{game._save().hex()}"}},')
        rng = random.Random(index)
        for by_value, text, r in tries(game, rng):
            rows.append(f"    {{{index}, {int(by_value)}, {c_string(text)}, "
                        f"{len(text.encode())}, {result_row(r)}}},")
    lines += ["};", "", "static const golden_try golden_tries[] = {", *rows, "};", ""]
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else HEADER
    out.write_text(build(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

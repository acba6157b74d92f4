"""Write csrc/tests/golden_players.h: games played by the computer players of
the public API, for csrc/tests/test_players.c to replay with the C views and
players.

The committed header was written when those players were Python code; the
players now call C, and tests/test_golden_players.py holds what the public
API plays (its views, the moves its players choose) to that header, so the C
players stay the Python ones move for move. Write it again only for a change
of play that is meant.

Run ``python tools/golden/players.py`` to write the header, ``--check`` to
compare it with what it would write (tests/test_golden_players.py does that).

Every preset of :mod:`pintas.registry` (with several option sets) is played
by tables of the players below the search: random (a seed per seat), greedy,
suit (the game's weights and others, ties made likely by equal or zero
weights), and for dice the threshold player (several ``bank_at``) and the
optimal policy (``bank_to_win`` on and off). Hand-made positions reach the
tie-breaks: tiles that fit both ends, doubles, a tile of equal weight at two
places, dice rolls with several keeps of equal points.

A game is a sequence of steps: a *decision* (the seat to move, the fields of
its view, the move its CPython player chose, which is then played) or a
*scripted* move (played without asking anyone: a hand-made roll). The C test
replays every game with the C engine and at every decision builds the C view
of that seat, checks its fields against the recorded ones and asks the C
player, which must choose the same move.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pintas import caminos, dice, domino, registry
from pintas.caminos import _search as caminos_search
from pintas.domino import _search as domino_search

ROOT = Path(__file__).resolve().parents[2]
HEADER = ROOT / "csrc" / "tests" / "golden_players.h"

# Player kinds, as the C test numbers them.
RANDOM, GREEDY, SUIT, THRESHOLD, OPTIMAL = range(5)
NONE = 0xFF

# Decisions recorded per game at most: enough for several rounds, and a
# header of a sensible size.
MAX_DECISIONS = 48


def mix(h: int, *values: int) -> int:
    """The fields' hash both sides compute: h * 1000003 + value, 32 bits."""
    for v in values:
        h = (h * 1000003 + (v & 0xFFFFFFFF)) & 0xFFFFFFFF
    return h


# ---- the players of a table -------------------------------------------------


@dataclass(frozen=True)
class Seat:
    """One seat's player: its kind, the seed of a random player, the index of
    a suit player's weights (NONE: the game's own), the threshold's bank_at or
    the optimal player's bank_to_win."""

    kind: int
    seed: int = 0
    weights: int = NONE
    param: int = 0


LINE_WEIGHTS: list[domino.players.SuitWeights] = [
    domino.players.SuitWeights(),
    domino.players.SuitWeights(1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
    domino.players.SuitWeights(0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    domino.players.SuitWeights(0.1, 0.2, 0.7, 0.3, -0.1, 0.6, 0.3, 0.1),
    domino.players.SuitWeights(accompanied=0.0, playable_after=0.0, double=6.0, pips=0.0),
]
CAMINOS_WEIGHTS: list[caminos.players.SuitWeights] = [
    caminos.players.SuitWeights(),
    caminos.players.SuitWeights(1.0, 1.0, 1.0, 1.0, 1.0, 1.0),
    caminos.players.SuitWeights(0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
    caminos.players.SuitWeights(0.1, 0.2, 0.3, 0.7, 0.1, 0.3),
    caminos.players.SuitWeights(reach=0.0, depth=0.0, starve=1.0, block=5.0),
]


def tile_player(players: Any, weights: Sequence[Any], seat: Seat) -> Any:
    """A tile game's player for a seat: from the game's players module, a
    suit player with weights[seat.weights] (the game's own for NONE)."""
    if seat.kind == RANDOM:
        return players.RandomPlayer(seed=seat.seed)
    if seat.kind == GREEDY:
        return players.GreedyPlayer()
    return players.SuitPlayer(None if seat.weights == NONE else weights[seat.weights])


def line_player(seat: Seat) -> Any:
    return tile_player(domino.players, LINE_WEIGHTS, seat)


def caminos_player(seat: Seat) -> Any:
    return tile_player(caminos.players, CAMINOS_WEIGHTS, seat)


def dice_player(seat: Seat, rules: dice.Rules) -> Any:
    p = dice.players
    if seat.kind == RANDOM:
        return p.RandomPlayer(seed=seat.seed)
    if seat.kind == THRESHOLD:
        return p.ThresholdPlayer(bank_at=seat.param)
    return p.OptimalPlayer(rules, bank_to_win=bool(seat.param))


def tables(players: int, kinds: Sequence[int], base: int) -> list[tuple[Seat, ...]]:
    """Tables of one kind at every seat, and one of every kind mixed."""
    out: list[tuple[Seat, ...]] = []
    for kind in kinds:
        out.append(tuple(Seat(kind, seed=base + 7 * s + kind, weights=NONE)
                         for s in range(players)))
    out.append(tuple(Seat(kinds[s % len(kinds)], seed=base + s, weights=s % 5)
                     for s in range(players)))
    return out


# ---- line games ---------------------------------------------------------------


@dataclass
class Game:
    """One recorded game: its setup and the rows of its steps."""

    setup: list[int]
    seats: tuple[Seat, ...]
    deal: int
    steps: list[list[Any]] = field(default_factory=list)


# A game's row of a step: (view, seat, decided, move) -> the row's fields.
Row = Callable[[Any, int, int, Any], list[Any]]


def decide(g: Any, game: Game, players: Sequence[Any], row: Row) -> None:
    """A decision: the seat to move's player chooses from its view, the row
    is recorded and the move played."""
    seat = g.to_move
    assert seat is not None
    view = g.view(seat)
    move = players[seat].choose(view)
    game.steps.append(row(view, seat, 1, move))
    g.play(move)


def play_scripted(g: Any, game: Game, row: Row, text: str) -> None:
    """A scripted move: the text read in the game's context, recorded and
    played without asking anyone."""
    seat = g.to_move
    assert seat is not None
    move = g.parse_move(text)
    game.steps.append(row(g.view(seat), seat, 0, move))
    g.play(move)


def play_out(g: Any, game: Game, players: Sequence[Any], row: Row) -> None:
    """Decisions until the game is over or MAX_DECISIONS are recorded."""
    decisions = 0
    while not g.is_over and decisions < MAX_DECISIONS:
        decide(g, game, players, row)
        decisions += 1


def line_move(m: domino.Move) -> list[int]:
    kind = {"play": 0, "draw": 1, "pass": 2}[m.kind]
    return [kind, NONE if m.tile is None else m.tile.index, 1 if m.end == "R" else 0]


def line_log_hash(view: domino.View) -> int:
    h = 0
    kinds = {"play": 0, "draw": 1, "pass": 2}
    for e in view.round_log:
        if e.kind in kinds:
            tile = e.tile.index if e.kind == "play" and e.tile is not None else NONE
            seat = e.seat if e.seat is not None else 0
            h = mix(h, kinds[e.kind], seat, tile, 1 if e.end == "R" else 0)
    return h


def line_row(view: domino.View, seat: int, decided: int, move: domino.Move) -> list[int]:
    """Step row: seat, decided, the move (kind, tile, end), the hand and the
    hash of the rest of the view: to_move, boneyard size, leader, forced tile,
    line length, ends (or 0xFF), hand sizes, the known voids (a mask per
    seat), round, the round's actions and their hash, the scores."""
    knowledge = domino_search.knowledge(view)
    voids = [sum(1 << n for n in v) for v in knowledge["voids"]]
    sizes = list(view.hand_sizes) + [0] * (4 - len(view.hand_sizes))
    voids += [0] * (4 - len(voids))
    ends = view.ends if view.ends is not None else (NONE, NONE)
    actions = [e for e in view.round_log if e.kind in ("play", "draw", "pass")]
    forced = NONE if view.forced_tile is None else view.forced_tile.index
    to_move = NONE if view.to_move is None else view.to_move
    h = mix(0, to_move, view.boneyard_size, view.leader, forced, len(view.line), *ends,
            *sizes, *voids, view.round, len(actions), line_log_hash(view), *view.scores)
    return [seat, decided, *line_move(move), int(view.hand), h]


LINE_DEALS: list[domino.Deal] = []


def line_deal(deal: domino.Deal) -> int:
    LINE_DEALS.append(deal)
    return len(LINE_DEALS) - 1


def unlimited_fields(rules: domino.Rules | dice.Rules | caminos.Rules) -> tuple[int, ...]:
    """The rules' fields as the header's setups hold them (each setting's value
    as the C core reads it, in its table's order: pintas_settings_rules makes
    the struct of them) without the limits (max_rounds, max_rolls; Caminos
    max_rounds, max_round_moves), which no golden game sets."""
    limits = 1 if isinstance(rules, domino.Rules) else 2
    fields = rules._fields()
    assert not any(fields[-limits:]), "a golden game with a length limit"
    return fields[:-limits]


def play_line(rules: domino.Rules, seed: int, seats: tuple[Seat, ...],
              deal: domino.Deal | None = None, script: Sequence[str] = ()) -> Game:
    g = domino.Game(rules, seed=seed, deal=deal)
    players = [line_player(s) for s in seats]
    game = Game([*unlimited_fields(rules), seed], seats, NONE if deal is None else line_deal(deal))
    for text in script:
        play_scripted(g, game, line_row, text)
    play_out(g, game, players, line_row)
    return game


def line_games() -> list[Game]:
    kinds = [RANDOM, GREEDY, SUIT]
    presets: list[domino.Rules] = [
        domino.Rules.dominican(mode="pairs"), domino.Rules.dominican(mode="four"),
        domino.Rules.dominican(mode="three"), domino.Rules.dominican(mode="two", target=60),
        domino.Rules.muggins(players=2, target=60), domino.Rules.muggins(players=3),
        domino.Rules.muggins(players=4, block_scoring="lowest_takes_all"),
        domino.Rules.capicua(players=4), domino.Rules.capicua(players=4, pairs=True),
        domino.Rules.capicua(players=2), domino.Rules.capicua(players=3, target=10),
        domino.Rules.capicua(players=3, pass_points=0),
    ]
    games = []
    for i, rules in enumerate(presets):
        for j, seats in enumerate(tables(rules.players, kinds, 11 * i + 1)):
            games.append(play_line(rules, seed=100 * i + j, seats=seats))
    games.extend(line_positions())
    return games


def line_positions() -> list[Game]:
    """Hand-made deals for the tie-breaks: a tile fitting both ends (alike
    and not), doubles at the ends (Muggins counts them twice), equal
    weights."""
    out = []
    deal = domino.Deal(hands=["6|6 6|5 5|5 4|4 6|4 5|4 3|3", "6|3 5|3 4|3 2|2 1|1 0|0 6|0"],
                       boneyard="6|2 6|1 5|2 5|1 5|0 4|2 4|1 4|0 3|2 3|1 3|0 2|1 2|0 1|0")
    for weights in range(len(LINE_WEIGHTS)):
        seats = (Seat(SUIT, weights=weights), Seat(SUIT, weights=(weights + 1) % 5))
        out.append(play_line(domino.Rules.muggins(players=2, target=60), 3, seats, deal))
        out.append(play_line(domino.Rules.capicua(players=2), 3, seats, deal))
    for kind in (GREEDY, RANDOM):
        seats = (Seat(kind, seed=5), Seat(kind, seed=6))
        out.append(play_line(domino.Rules.muggins(players=2, target=60), 4, seats, deal,
                             script=["6|6", "6|3R", "3|3"]))
        out.append(play_line(domino.Rules.dominican(mode="two", target=40), 4, seats,
                             domino.Deal(hands=deal.hands), script=["6|6", "6|0R"]))
    return out


# ---- Caminos --------------------------------------------------------------------


def caminos_move(m: caminos.Move) -> list[int]:
    kind = {"place": 0, "draw": 1, "pass": 2, "reveal": 3}[m.kind]
    return [kind, NONE if m.tile is None else m.tile.index,
            NONE if m.path is None else m.path - 1, 1 if m.side == "back" else 0]


def seat_mask(seats: Iterable[int]) -> int:
    return sum(1 << s for s in seats)


def caminos_row(view: caminos.View, seat: int, decided: int, move: caminos.Move) -> list[int]:
    """Step row: seat, decided, the move (kind, tile, path, side), the hand
    and the hash of the rest of the view: phase, to_move, round, step,
    contenders, chosen, my choice, winners, pile, passes, out seat, last
    turns, starter, hand sizes, known lacks, discard, then hashes of the
    paths, of the record (cohorts, since) and of the known and revealed
    tiles, then the scores."""
    players = view.rules.players
    cohorts, since, _ = caminos_search.derive(view)
    lacks = caminos_search.known_lacks(view) + [0] * (4 - players)
    sizes = list(view.hand_sizes) + [0] * (4 - players)
    paths = 0
    for p in view.paths:
        if p.centre is None or p.ends is None:
            paths = mix(paths, NONE)
            continue
        paths = mix(paths, p.centre.index, len(p.front), *(t.index for t in p.front),
                    len(p.back), *(t.index for t in p.back), *p.ends)
    record = 0
    for seat_cohorts in cohorts:
        record = mix(record, len(seat_cohorts))
        for at, tiles, voids in seat_cohorts:
            record = mix(record, at, tiles, voids)
    record = mix(record, *since)
    known = 0
    for s in range(players):
        known = mix(known, 0 if s == view.seat else int(view.known_tiles(s)),
                    _mask(view.revealed[s]))
    phases = {"reveal": 0, "play": 1, "over": 2}
    h = mix(0, phases[view.phase], NONE if view.to_move is None else view.to_move, view.round,
            view.step, seat_mask(view.contenders), seat_mask(view.chosen),
            NONE if view.my_choice is None else view.my_choice.index, seat_mask(view.winners),
            view.pile_size, view.passes, NONE if view.out_seat is None else view.out_seat,
            view.last_turns, NONE if view.starter is None else view.starter, *sizes, *lacks,
            int(view.discard), paths, record, known, *view.scores)
    return [seat, decided, *caminos_move(move), int(view.hand), h]


def _mask(tiles: Iterable[Any]) -> int:
    return sum(1 << t.index for t in tiles)


CAMINOS_DEALS: list[caminos.Deal] = []


def play_caminos(rules: caminos.Rules, seed: int, seats: tuple[Seat, ...],
                 deal: caminos.Deal | None = None) -> Game:
    g = caminos.Game(rules, seed=seed, deal=deal)
    players = [caminos_player(s) for s in seats]
    index = NONE
    if deal is not None:
        CAMINOS_DEALS.append(deal)
        index = len(CAMINOS_DEALS) - 1
    game = Game([*unlimited_fields(rules), seed], seats, index)
    play_out(g, game, players, caminos_row)
    return game


def caminos_games() -> list[Game]:
    kinds = [RANDOM, GREEDY, SUIT]
    games = []
    makers: list[Callable[..., caminos.Rules]] = [
        caminos.Rules.base, caminos.Rules.no_renewal, caminos.Rules.two_paths]
    for i, make in enumerate(makers):
        for players in (2, 3, 4):
            rules = make(players=players)
            for j, seats in enumerate(tables(players, kinds, 13 * i + players)):
                games.append(play_caminos(rules, seed=1000 + 10 * i + players + 100 * j,
                                          seats=seats))
    # a double centre with empty sides, doubles in hand, equal weights
    deal = caminos.Deal.complete(paths="6|6 4|4 3|1 2|0 1|0",
                                 hands=["6|5 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"])
    for w in range(len(CAMINOS_WEIGHTS)):
        seats = (Seat(SUIT, weights=w), Seat(GREEDY if w % 2 else SUIT, weights=(w + 2) % 5))
        games.append(play_caminos(caminos.Rules.base(players=2), 7 + w, seats, deal))
    return games


# ---- dice ---------------------------------------------------------------------


def dice_move(m: dice.Move) -> list[Any]:
    if m.kind == "roll":
        values = list(m.dice or ())
        return [1 if values else 0, len(values), values + [0] * (6 - len(values)), 0]
    if m.kind == "bank":
        return [3, 0, [0] * 6, 0]
    keep = sum(1 << (3 * (f - 1)) for f in m.dice)
    return [2, 0, [0] * 6, keep]


def dice_row(view: dice.View, seat: int, decided: int, move: dice.Move) -> list[Any]:
    """Step row: seat, decided, the move (kind, n, six values, keep set), the
    turn total and the hash of the rest of the view: phase, to_move, dice to
    roll, final turns left, winner, the last roll (length, six dice), the
    pool set, the scores."""
    phases = {"roll": 0, "keep": 1, "bank_or_roll": 2, "over": 3}
    roll = list(view.last_roll) + [0] * (6 - len(view.last_roll))
    pool = sum(1 << (3 * (f - 1)) for f in view.pool)
    h = mix(0, phases[view.phase], NONE if view.to_move is None else view.to_move,
            view.dice_to_roll, view.final_turns_left, NONE if view.winner is None else view.winner,
            len(view.last_roll), *roll, pool, *view.scores)
    return [seat, decided, *dice_move(move), view.turn_total, h]


def play_dice(rules: dice.Rules, players: int, seed: int, seats: tuple[Seat, ...],
              script: Sequence[str] = (), decisions_after: int = MAX_DECISIONS) -> Game:
    g = dice.Game(rules, players=players, seed=seed)
    chooser = [dice_player(s, rules) for s in seats]
    game = Game([*unlimited_fields(rules), players, seed], seats, NONE)
    for text in script:
        # each hand-made roll opens a turn: the players play on to the next
        while not g.is_over and not (g.phase == "roll" and g.dice_to_roll == 6):
            decide(g, game, chooser, dice_row)
        if g.is_over:
            break
        play_scripted(g, game, dice_row, text)
    for _ in range(decisions_after):
        if g.is_over:
            break
        decide(g, game, chooser, dice_row)
    return game


def dice_games() -> list[Game]:
    presets = [
        dice.Rules.dice_of_doom(target=8000), dice.Rules.farkle(target=3000),
        dice.Rules.dice_of_doom(target=5000, doom_loses="score", final_round=True),
        dice.Rules.farkle(target=2000, hot_dice="must", combine_kept=True),
        dice.Rules.dice_of_doom(target=6000, hot_dice="may", combine_kept=False),
        dice.Rules.farkle(target=2500, doom=True, final_round=True),
    ]
    games = []
    for i, rules in enumerate(presets):
        unit = 100 if rules.scoring == "dice_of_doom" else 50
        tables_ = [
            (Seat(RANDOM, seed=3 * i + 1), Seat(RANDOM, seed=3 * i + 2)),
            (Seat(THRESHOLD, param=3 * unit), Seat(THRESHOLD, param=10 * unit),
             Seat(THRESHOLD, param=0)),
            (Seat(OPTIMAL, param=1), Seat(OPTIMAL, param=0)),
            (Seat(OPTIMAL, param=1), Seat(THRESHOLD, param=6 * unit), Seat(RANDOM, seed=i)),
        ]
        for j, seats in enumerate(tables_):
            games.append(play_dice(rules, len(seats), 50 * i + j, seats))
    # rolls with several keeps of equal points, for every player
    rolls = ["roll 2 2 2 2 3 4", "roll 1 1 5 5 2 3", "roll 5 5 5 5 2 3", "roll 1 2 3 4 5 6",
             "roll 3 3 3 3 3 3", "roll 2 2 3 3 4 4", "roll 1 5 2 2 2 6", "roll 4 4 4 1 1 1"]
    for rules in (dice.Rules.dice_of_doom(), dice.Rules.farkle(),
                  dice.Rules.farkle(combine_kept=True)):
        for seats in ((Seat(OPTIMAL, param=1),) * 2, (Seat(THRESHOLD, param=500),) * 2,
                      (Seat(RANDOM, seed=9), Seat(RANDOM, seed=10))):
            games.append(play_dice(rules, 2, 77, seats, script=rolls, decisions_after=6))
    # six 1s again and again (hot dice under "must"), then keeps of equal points
    chain = ["roll 1 1 1 1 1 1"] * 18 + ["roll 2 2 2 2 3 4", "roll 5 5 5 5 1 3"]
    for seats in ((Seat(OPTIMAL, param=1),) * 2, (Seat(OPTIMAL, param=0),) * 2):
        games.append(play_dice(dice.Rules.dice_of_doom(), 2, 78, seats, script=chain,
                               decisions_after=4))
    return games


# ---- the header ---------------------------------------------------------------


def c_value(value: Any) -> str:
    """An int, or a list of values as a braced initializer."""
    if isinstance(value, list):
        return "{" + ", ".join(c_value(v) for v in value) + "}"
    return str(value)


def c_rows(rows: Iterable[Sequence[Any]]) -> str:
    return "\n".join("    " + c_value(list(row)) + "," for row in rows)


def seat_rows(games: Sequence[Game]) -> list[list[list[int]]]:
    out = []
    for g in games:
        seats = list(g.seats) + [Seat(NONE)] * (4 - len(g.seats))
        out.append([[s.kind, s.seed, s.weights, s.param] for s in seats])
    return out


def game_table(name: str, games: Sequence[Game], width: int) -> str:
    first = 0
    rows = []
    for g, seats in zip(games, seat_rows(games), strict=True):
        setup = g.setup + [0] * (width - len(g.setup))
        rows.append([setup, g.deal, first, len(g.steps), seats])
        first += len(g.steps)
    return (f"static const golden_game {name}_GAMES[] = {{\n{c_rows(rows)}\n}};\n"
            f"static const golden_step_{name.lower()} {name}_STEPS[] = {{\n"
            + c_rows(r for g in games for r in g.steps) + "\n};\n")


def deal_rows() -> str:
    line = []
    for d in LINE_DEALS:
        hands = [int(h) for h in d.hands] + [0] * (4 - len(d.hands))
        pile = [t.index for t in d.boneyard]
        line.append([*hands, len(pile), *(pile + [0] * (28 - len(pile)))])
    cam = []
    for c in CAMINOS_DEALS:
        hands = [int(h) for h in c.hands] + [0] * (4 - len(c.hands))
        paths = [t.index for t in c.paths]
        pile = [t.index for t in c.pile]
        cam.append([len(paths), *(paths + [0] * (8 - len(paths))), *hands, len(pile),
                    *(pile + [0] * (28 - len(pile)))])
    return ("static const uint32_t LINE_DEALS[][4 + 1 + 28] = {\n" + c_rows(line) + "\n};\n"
            "static const uint32_t CAMINOS_DEALS[][1 + 8 + 4 + 1 + 28] = {\n" + c_rows(cam)
            + "\n};\n")


def weight_rows() -> str:
    line = [[float(getattr(w, f)).hex() for f in ("accompanied", "playable_after", "double",
                                                   "stranding", "opponent_lacks",
                                                   "partner_lacks", "points", "pips")]
            for w in LINE_WEIGHTS]
    cam = [[float(getattr(w, f)).hex() for f in ("reach", "depth", "hardness", "double",
                                                 "starve", "block")] for w in CAMINOS_WEIGHTS]
    return ("static const double LINE_WEIGHTS[][8] = {\n"
            + "\n".join("    {" + ", ".join(r) + "}," for r in line) + "\n};\n"
            "static const double CAMINOS_WEIGHTS[][6] = {\n"
            + "\n".join("    {" + ", ".join(r) + "}," for r in cam) + "\n};\n")


PREAMBLE = """\
/* golden_players.h - games played by CPython's computer players (generated
 * by tools/golden/players.py; do not edit: run it again). The rows' columns
 * are named in that script (line_row, caminos_row, dice_row). */
#ifndef PINTAS_GOLDEN_PLAYERS_H
#define PINTAS_GOLDEN_PLAYERS_H

#include <stdint.h>

#define GOLDEN_NONE 0xFF
enum { GOLDEN_RANDOM, GOLDEN_GREEDY, GOLDEN_SUIT, GOLDEN_THRESHOLD, GOLDEN_OPTIMAL };

/* setup: the rules' settings in pintas/settings.h's order without the limits,
 * then the seed (dice: players, then the seed);
 * deal: an index into the game's deals or GOLDEN_NONE; first, steps: its rows;
 * per seat: kind, random seed, weights index, bank_at or bank_to_win. */
typedef struct golden_game {
    int64_t setup[14];
    uint32_t deal, first, steps;
    uint32_t seat[4][4];
} golden_game;

/* A step: the seat to move, 1 for a player's decision (0: a scripted move),
 * the move played, one field of the view in full and the hash of the rest. */
typedef struct golden_step_line {
    uint8_t seat, decided, kind, tile, end;
    uint32_t hand, view_hash;
} golden_step_line;

typedef struct golden_step_caminos {
    uint8_t seat, decided, kind, tile, path, side;
    uint32_t hand, view_hash;
} golden_step_caminos;

typedef struct golden_step_dice {
    uint8_t seat, decided, kind, n, values[6];
    uint32_t keep;
    int32_t turn_total;
    uint32_t view_hash;
} golden_step_dice;

"""


def render() -> str:
    LINE_DEALS.clear()
    CAMINOS_DEALS.clear()
    assert [p.name for p in registry.presets()] == [
        "dominican", "muggins", "capicua", "caminos", "caminos_no_renewal",
        "caminos_two_paths", "dice_of_doom", "farkle"], "a preset to cover was added"
    line, cam, dice_ = line_games(), caminos_games(), dice_games()
    return (PREAMBLE + weight_rows() + game_table("LINE", line, 14)
            + game_table("CAMINOS", cam, 14) + game_table("DICE", dice_, 14) + deal_rows()
            + "\n#endif /* PINTAS_GOLDEN_PLAYERS_H */\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        same = HEADER.exists() and HEADER.read_text() == text
        print("golden_players.h is up to date" if same else "golden_players.h differs")
        return 0 if same else 1
    HEADER.write_text(text)
    print(f"wrote {HEADER.relative_to(ROOT)} ({len(text)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

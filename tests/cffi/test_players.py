"""The installed library's computer players (pintas/players.h) against the
Python package's, for every preset: games played by the Python players, and at
every decision the C player of each kind, given the C view of the seat to
move, chooses what the Python player of that kind chooses from its view:
random (a ``pintas_mt`` per seat seeded as the seat's RandomPlayer and kept
for the whole game, so the streams must stay in step), greedy, suit (the
game's weights and others, ties made likely), and the dice threshold, optimal
(a policy solved in C) and book (the book of Python's policy, read by C)
players; with the suit players' rankings, Muggins' and Capicua's immediate
points and the optimal player's keep values beside them. Hand-made deals
and rolls reach the tie-breaks random play seldom reaches.

Skipped unless PINTAS_LIB names the installed library (see support.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import fields
from functools import partial
from typing import Any

import pytest

from pintas import caminos, dice, domino
from tests.cffi.games import dice_set
from tests.cffi.support import CLibrary
from tests.cffi.twins import CASES, Twin, family

DECISIONS = 120  # per game: enough for a round or two of every seat

LINE_WEIGHTS = [None, domino.players.SuitWeights.for_game("dominican"),
                domino.players.SuitWeights(*[1.0] * 8), domino.players.SuitWeights(*[0.0] * 8),
                domino.players.SuitWeights(0.1, 0.2, 0.7, 0.3, -0.1, 0.6, 0.3, 0.1)]
CAMINOS_WEIGHTS = [None, caminos.players.SuitWeights(*[1.0] * 6),
                   caminos.players.SuitWeights(*[0.0] * 6),
                   caminos.players.SuitWeights(reach=0.0, depth=0.0, starve=1.0, block=5.0)]
# The Python weights' fields by the C struct's names (the same order).
C_FIELDS = {"line": ("accompanied", "playable_after", "double_bonus", "stranding",
                     "opponent_lacks", "partner_lacks", "points", "pips"),
            "caminos": ("reach", "depth", "hardness", "double_bonus", "starve", "block")}


def c_weights(c: CLibrary, game: str, weights: Any) -> Any:
    """Python SuitWeights as the C struct (None: NULL, the game's own)."""
    if weights is None:
        return c.ffi.NULL
    values = [getattr(weights, f.name) for f in fields(weights)]
    return c.new(f"pintas_{game}_suit_weights *", dict(zip(C_FIELDS[game], values, strict=True)))


def random_players(twin: Twin, players: Any, seed: int) -> tuple[list[Any], list[Any]]:
    """A Python RandomPlayer for each seat (seeded ``seed + seat``) from the
    ``players`` module, and the C stream of each, seeded alike."""
    streams = [twin.c.new("pintas_mt *") for _ in range(twin.seats)]
    for s, mt in enumerate(streams):
        twin.lib.pintas_mt_seed(mt, seed + s)
    return [players.RandomPlayer(seed=seed + s) for s in range(twin.seats)], streams


class Table:
    """The players of a tile game in both homes: a random player per seat
    (Python's and a C stream seeded alike), greedy, and suit players."""

    def __init__(self, twin: Twin, seed: int) -> None:
        self.twin, self.c, self.lib, self.game = twin, twin.c, twin.lib, twin.name
        players = domino.players if self.game == "line" else caminos.players
        self.randoms, self.streams = random_players(twin, players, seed)
        self.greedy = players.GreedyPlayer()
        weights = LINE_WEIGHTS if self.game == "line" else CAMINOS_WEIGHTS
        self.suits = [(players.SuitPlayer(w), c_weights(twin.c, self.game, w)) for w in weights]

    def call(self, fn: str, *args: Any) -> Any:
        out = self.c.new(f"pintas_{self.game}_move *")
        self.c.check(getattr(self.lib, f"pintas_{self.game}_{fn}")(*args, out), fn)
        return self.twin.cg.py_move(out)

    def choices(self, seat: int) -> Iterator[tuple[str, object, object]]:
        """(kind, the C player's choice, the Python player's) for the seat to move."""
        v, pv = self.twin.view(seat), self.twin.py.view(seat)
        yield ("random", self.call("random_choose", v, self.streams[seat]),
               self.randoms[seat].choose(pv))
        yield "greedy", self.call("greedy_choose", v), self.greedy.choose(pv)
        for i, (player, weights) in enumerate(self.suits):
            yield f"suit {i}", self.call("suit_choose", v, weights), player.choose(pv)

    def rankings(self, seat: int) -> Iterator[tuple[list[object], list[object]]]:
        """The suit players' rankings of the seat's placements, (C, Python)."""
        twin, v, pv = self.twin, self.twin.view(seat), self.twin.py.view(seat)
        places = [m for m in pv.legal_moves() if m.kind in ("play", "place")]
        if len(places) < 2:
            return
        for player, weights in self.suits:
            moves = self.c.new(f"pintas_{self.game}_move[]", [twin.cg.c_move(m)[0] for m in places])
            self.c.check(getattr(self.lib, f"pintas_{self.game}_suit_rank")(
                v, weights, moves, len(places)), "suit_rank")
            yield twin.moves([moves + i for i in range(len(places))]), player.rank(pv, places)


TILE_CASES = sorted(name for name, (rules, _) in CASES.items() if family(rules) != "dice")
DICE_CASES = sorted(name for name, (rules, _) in CASES.items() if family(rules) == "dice")


def play_out(twin: Twin, table: Table, decisions: int = DECISIONS) -> int:
    """Let each seat play its own kind of player (random, greedy, suit, in
    turn by seat) while every kind is asked at every decision; the decisions."""
    made = 0
    while not twin.py.is_over and made < decisions:
        seat = twin.py.to_move
        chosen = {}
        for kind, c_move, py_move in table.choices(seat):
            assert c_move == py_move, (made, seat, kind)
            chosen[kind.split()[0]] = py_move
        for c_ranked, py_ranked in table.rankings(seat):
            assert c_ranked == py_ranked, (made, seat)
        twin.play(chosen[("random", "greedy", "suit")[seat % 3]])
        made += 1
    return made


@pytest.mark.parametrize("name", TILE_CASES)
def test_the_tile_players_choose_alike(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 57)
    assert play_out(twin, Table(twin, 500)) >= min(DECISIONS, 40)


def test_the_line_players_choose_alike_in_hand_made_positions(c: CLibrary) -> None:
    # tiles that fit both ends, doubles at the ends (Muggins counts them twice),
    # equal weights; Capicua's pass points; Dominican's forced 6|6
    deal = domino.Deal(hands=["6|6 6|5 5|5 4|4 6|4 5|4 3|3", "6|3 5|3 4|3 2|2 1|1 0|0 6|0"],
                       boneyard="6|2 6|1 5|2 5|1 5|0 4|2 4|1 4|0 3|2 3|1 3|0 2|1 2|0 1|0")
    for rules in (domino.Rules.muggins(players=2, target=60), domino.Rules.capicua(players=2),
                  domino.Rules.dominican(mode="two", target=40)):
        dealt = deal if rules.draws else domino.Deal(hands=deal.hands)
        for seed in range(3):
            twin = Twin.of(c, rules, 2, seed, dealt)
            assert play_out(twin, Table(twin, 70 + seed), 60) > 10


def test_the_caminos_players_choose_alike_in_hand_made_positions(c: CLibrary) -> None:
    # a double centre with both sides empty, doubles in hand, equal weights
    deal = caminos.Deal.complete(paths="6|6 4|4 3|1 2|0 1|0",
                                 hands=["6|5 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"])
    for seed in range(4):
        twin = Twin.of(c, caminos.Rules.base(players=2), 2, seed, deal)
        assert play_out(twin, Table(twin, 90 + seed), 60) > 10


@pytest.mark.parametrize("name", sorted(n for n in TILE_CASES if "muggins" in n or "capicua" in n))
def test_immediate_points_are_counted_alike(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 61)
    counted = scored = 0
    while not twin.py.is_over and counted < 400:
        seat = twin.py.to_move
        v, pv = twin.view(seat), twin.py.view(seat)
        legal = pv.legal_moves()
        for move in legal:
            points = c.new("int32_t *")
            c.check(c.lib.pintas_line_immediate_points(v, twin.cg.c_move(move), c.ffi.NULL,
                                                       points), "immediate_points")
            assert points[0] == domino.players.immediate_points(pv, move), move
            counted += 1
            scored += points[0] > 0
        twin.play(domino.players.GreedyPlayer().choose(pv))
    assert scored > 0 and counted > 100


# ---- dice --------------------------------------------------------------------------------


class Policy:
    """A dice policy solved by the library (as the Python OptimalPlayer
    solves it: the full workspace, the default cap), and Python's book of the
    same rules opened by it."""

    def __init__(self, c: CLibrary, rules: Any, py_policy: Any) -> None:
        lib = c.lib
        size = lib.pintas_dice_solve_workspace_size_full(rules, 0)
        self.workspace = c.new("double[]", size // 8 + 1)  # aligned for double
        solved = c.new("pintas_dice_policy **")
        c.check(lib.pintas_dice_solve(rules, 0, self.workspace, size, solved), "solve")
        self.policy = solved[0]
        n = c.new("size_t *")
        lib.pintas_dice_policy_book(self.policy, c.ffi.NULL, 0, n)
        buf = c.new("uint8_t[]", n[0])
        c.check(lib.pintas_dice_policy_book(self.policy, buf, n[0], n), "book")
        self.c_book = bytes(c.ffi.buffer(buf, n[0]))
        self.py_book = py_policy.book()
        self.book = c.new("pintas_dice_book *")
        c.check(lib.pintas_dice_book_open(self.book, self.py_book, len(self.py_book)), "book_open")


BANK_AT = (0, 300, 1000, 2500)
SCRIPTED_ROLLS = ["roll 2 2 2 2 3 4", "roll 1 1 5 5 2 3", "roll 5 5 5 5 2 3", "roll 1 2 3 4 5 6",
                  "roll 3 3 3 3 3 3", "roll 2 2 3 3 4 4", "roll 1 5 2 2 2 6", "roll 4 4 4 1 1 1",
                  "roll 1 1 1 1 1 1"]


@pytest.mark.parametrize("name", DICE_CASES)
def test_the_dice_players_choose_alike(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 63)
    py, cg = twin.py, twin.cg
    py_policy = dice.solve_turn(py.rules)
    policy = Policy(c, cg.rules, py_policy)
    assert policy.c_book == policy.py_book  # the same book, byte for byte
    randoms, streams = random_players(twin, dice.players, 7)
    optimal = {win: dice.players.OptimalPlayer(py.rules, bank_to_win=win) for win in (True, False)}
    made = ties = 0
    script = iter(SCRIPTED_ROLLS)
    while not py.is_over and made < 300:
        seat = py.to_move
        v, pv = twin.view(seat), py.view(seat)
        choice = partial(dice_choice, twin, v)
        at_random = randoms[seat].choose(pv)
        assert choice("random_choose", streams[seat]) == at_random
        for bank_at in BANK_AT:
            assert choice("threshold_choose", bank_at) == \
                dice.players.ThresholdPlayer(bank_at).choose(pv), bank_at
        for win, player in optimal.items():
            chosen = player.choose(pv)
            assert choice("optimal_choose", policy.policy, win) == chosen, (made, win)
            from_book = choice("book_choose", policy.book, win)
            if from_book != chosen:  # only where the policy values both keeps alike
                assert chosen.kind == from_book.kind == "keep", (made, win)
                values = [py_policy.keep_value(m.dice, pv.pool, pv.turn_total)
                          for m in (chosen, from_book)]
                assert values[0] == values[1], (made, win, chosen, from_book)
                ties += 1
        if pv.phase == "keep":
            assert_keeps_valued_alike(c, policy, py_policy, pv)
        move = optimal[seat % 2 == 0].choose(pv) if seat < 2 else at_random
        if pv.phase == "roll" and pv.dice_to_roll == 6:  # a turn begins: a hand-made roll
            move = dice.Move.parse(next(script, "roll"))
        twin.play(move)
        made += 1
    assert made > 30 and ties <= made // 10


def dice_choice(twin: Twin, v: Any, fn: str, *args: Any) -> Any:
    """What the C dice player ``pintas_dice_<fn>`` chooses for view ``v``, as a Python move."""
    out = twin.c.new("pintas_dice_move *")
    twin.c.check(getattr(twin.lib, f"pintas_dice_{fn}")(v, *args, out), fn)
    return twin.cg.py_move(out)


def assert_keeps_valued_alike(c: CLibrary, policy: Policy, py_policy: Any, pv: Any) -> None:
    """The optimal keep of the last roll and the worth of every keep, as
    Python's Policy gives them (best_keep, keep_value)."""
    lib, roll = c.lib, c.new("pintas_dice_set *")
    c.check(lib.pintas_dice_set_from_values(bytes(pv.last_roll), len(pv.last_roll), roll), "set")
    keep = c.new("pintas_dice_keep *")
    c.check(lib.pintas_dice_optimal_keep(policy.policy, roll[0], dice_set(pv.pool),
                                         pv.turn_total, keep), "optimal_keep")
    best = py_policy.best_keep(pv.last_roll, pv.pool, pv.turn_total)
    assert (keep.keep, keep.points) == (dice_set(best.dice), best.points)
    for k in pv.keeps():
        value = c.new("double *")
        c_keep = c.new("pintas_dice_keep *", {"keep": dice_set(k.dice), "points": k.points})
        c.check(lib.pintas_dice_optimal_keep_value(policy.policy, dice_set(pv.pool),
                                                   pv.turn_total, c_keep, value), "keep_value")
        assert value[0] == py_policy.keep_value(k, pv.pool, pv.turn_total), k

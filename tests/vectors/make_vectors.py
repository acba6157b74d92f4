"""Write the golden transcripts of the line games: tests/vectors/line_*.json.

Run ``python tests/vectors/make_vectors.py`` (``--check`` compares instead of
writing). Each vector is a whole game: the rules, the seed, the moves (chosen
by ``random.Random(seed)`` among the legal moves), every event, the final
scores and the winner. Before a vector is written, :func:`referee` replays it
and recomputes every point from docs/rules.md section 1 with its own arithmetic
(ends and fives, domino and block scores, capicua, pass points, pases, the
target, zapatero and the tie-break), so a vector encodes the rules, not merely
what the engine happened to do.

Event rows: [kind, seat, side, tile, end, points, reason, count].
"""

from __future__ import annotations

import dataclasses
import json
import random
import sys
from pathlib import Path
from typing import Any

from pintas import domino
from pintas.tiles import Tile

HERE = Path(__file__).resolve().parent

# (file name, rules, seed): two per preset family.
VECTORS = [
    # seeds picked for coverage: blocks, a Muggins block tie, redeals, capicua, pass points
    ("line_muggins_2p.json", domino.Rules.muggins(players=2), 68),
    ("line_muggins_3p.json", domino.Rules.muggins(players=3), 23),
    ("line_capicua_4.json", domino.Rules.capicua(players=4), 23),
    ("line_capicua_pairs.json", domino.Rules.capicua(players=4, pairs=True), 35),
    ("line_dominican_pairs.json", domino.Rules.dominican(mode="pairs"), 20),
    ("line_dominican_two.json", domino.Rules.dominican(mode="two"), 5),
]

Row = list[Any]
MAX_MOVES = 5_000  # far beyond any real game: a bound, so a broken engine fails, not hangs


def row(event: domino.Event) -> Row:
    return [event.kind, event.seat, event.side, None if event.tile is None else str(event.tile),
            event.end, event.points, event.reason, event.count]


def play_game(rules: domino.Rules, seed: int) -> dict[str, Any]:
    """A whole game with moves drawn by random.Random(seed), as a vector."""
    game = domino.Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    assert game.is_over, f"{rules} seed {seed}: no end after {MAX_MOVES} moves"
    return {
        "rules": dataclasses.asdict(rules),
        "seed": seed,
        "moves": [str(m) for m in game.history],
        "events": [row(e) for e in game.events],
        "scores": list(game.scores),
        "winner": game.winner,
    }


# ---- the independent referee ------------------------------------------------------


def round5(x: int) -> int:
    """1.2: nearest multiple of 5, remainders 1-2 down, 3-4 up."""
    return 5 * ((x + 2) // 5) if x > 0 else 0


def capicua_points(t: int) -> int:
    """1.3: 1 if T <= 2, 2 if 3..20, ceil(T/10) from 21."""
    return 1 if t <= 2 else 2 if t <= 20 else -(-t // 10)


class Referee:
    """Recomputes the events of each move from docs/rules.md section 1."""

    def __init__(self, rules: domino.Rules) -> None:
        self.rules = rules
        self.players = rules.players
        self.new_round()

    def new_round(self) -> None:
        self.ends: list[int] | None = None
        self.doubles = [False, False]
        self.line_len = 0
        self.last_placer: int | None = None
        self.passes = 0

    def side(self, seat: int) -> int:
        return self.rules.side_of(seat)

    def check_first_lead(self, game: domino.Game) -> None:
        """1.1: the highest double leads with it (6|6 first), else the heaviest tile."""
        held = {t: s for s in range(self.players) for t in game.hand(s)}
        doubles = [t for t in held if t.is_double]
        if doubles:
            tile = max(doubles, key=lambda t: t.high)
        else:
            tile = max(held, key=lambda t: (t.pips, t.high))
        assert game.leader == held[tile] and game.legal_moves() == [domino.Move.play(tile, "L")]

    def step(self, pre: domino.Game, move: domino.Move, events: list[domino.Event]) -> None:
        """Check the events of ``move`` played on ``pre`` (a copy taken before it)."""
        _rules, seat = self.rules, pre.to_move
        assert seat is not None
        self.scores = list(pre.scores)
        self.expected: list[Row] = []
        self.hands = {s: set(pre.hand(s)) for s in range(self.players)}
        self.leader = pre.leader
        actual = [row(e) for e in events]
        if move.kind == "play":
            assert move.tile is not None and move.end is not None
            self.play(pre, seat, move.tile, move.end)
        elif move.kind == "draw":
            drawn = Tile.parse(actual[0][3])
            assert all(drawn not in h for h in self.hands.values())
            self.expected.append(["draw", seat, self.side(seat), str(drawn), None, 0, None, 0])
            self.hands[seat].add(drawn)
            if pre.boneyard_size == 1 and not self.anyone_can_play():
                self.block(seat, None)
        else:
            self.pass_turn(seat)
        self.compare(actual)

    # -- the three kinds of move --

    def play(self, pre: domino.Game, seat: int, tile: Tile, end: str) -> None:
        rules = self.rules
        self.expected.append(["play", seat, self.side(seat), str(tile), end, 0, None, 0])
        ends = pre.ends
        capicua = (ends is not None and ends[0] != ends[1] and not tile.is_double
                   and {tile.high, tile.low} == set(ends))
        self.hands[seat].discard(tile)
        if self.ends is None:
            assert ends is None
            self.ends = [tile.high, tile.low]
            self.doubles = [tile.is_double, tile.is_double]
        else:
            assert tuple(self.ends) == ends
            i = 0 if end == "L" else 1
            assert tile.has(self.ends[i])
            self.ends[i] = tile.other_end(self.ends[i])
            self.doubles[i] = tile.is_double
        self.line_len += 1
        self.last_placer = seat
        self.passes = 0
        if rules.game == "muggins":
            if self.line_len == 1:
                count = tile.pips
            else:
                count = sum(e * (2 if d else 1)
                            for e, d in zip(self.ends, self.doubles, strict=True))
            if count > 0 and count % 5 == 0:
                self.score(seat, count, "fives")
                if self.scores[self.side(seat)] >= rules.target:
                    self.game_end(self.side(seat), "normal")
                    return
        if not self.hands[seat]:
            self.domino(seat, tile, capicua)
        elif pre.boneyard_size == 0 and not self.anyone_can_play():
            self.block(seat, tile)

    def pass_turn(self, seat: int) -> None:
        rules = self.rules
        self.expected.append(["pass", seat, self.side(seat), None, None, 0, None, 0])
        before, self.passes = self.passes, self.passes + 1
        placer = self.last_placer
        assert placer is not None
        if rules.game == "capicua":
            if rules.pass_points and self.side(placer) != self.side(seat):
                self.score(placer, rules.pass_points, "pass")
                side = self.side(placer)
                if self.scores[side] >= rules.target:
                    self.game_end(side, self.capicua_reason(side))
        elif rules.game == "dominican":
            if (self.line_len == 1 and before == 0 and seat == (self.leader + 1) % self.players):
                self.score(self.leader, rules.pase_de_salida_bonus, "pase_de_salida")
            if self.passes == self.players - 1:
                self.score(placer, rules.pase_corrido_bonus, "pase_corrido")

    # -- round ends --

    def anyone_can_play(self) -> bool:
        assert self.ends is not None
        return any(t.has(e) for h in self.hands.values() for t in h for e in self.ends)

    def pips(self) -> list[int]:
        return [sum(t.pips for t in self.hands[s]) for s in range(self.players)]

    def domino(self, seat: int, tile: Tile, capicua: bool) -> None:
        rules = self.rules
        others = sum(self.pips()) - self.pips()[seat]
        self.expected.append(["round_end", seat, self.side(seat), str(tile), None, 0, "domino", 0])
        if rules.game == "muggins":
            self.score(seat, round5(others), "domino")
        elif rules.game == "capicua":
            base = capicua_points(others)
            self.score(seat, base, "domino")
            if capicua and rules.capicua_doubles:
                self.score(seat, base, "capicua")
        else:
            self.score(seat, others, "domino")
            if capicua:
                self.score(seat, rules.capicua_bonus, "capicua")
        self.settle(seat, seat)

    def first_fewest_from_leader(self, pips: list[int]) -> int:
        order = [(self.leader + i) % self.players for i in range(self.players)]
        return min(order, key=lambda s: (pips[s], order.index(s)))

    def block(self, blocker: int, tile: Tile | None) -> None:
        rules, pips = self.rules, self.pips()
        total, name = sum(pips), None if tile is None else str(tile)
        if rules.game == "muggins":
            low = min(pips)
            if pips.count(low) > 1:
                self.expected.append(["round_end", None, None, name, None, 0, "block_tie", 0])
                self.settle(None, self.leader)
                return
            winner = pips.index(low)
            self.expected.append(["round_end", winner, winner, name, None, 0, "block", 0])
            if rules.block_scoring == "lowest_takes_all":
                self.score(winner, round5(total - low), "block")
            else:
                for s in range(self.players):
                    self.score(s, round5(total - 2 * pips[s]), "block")
            self.settle(winner, winner)
            return
        if rules.game == "dominican" and rules.tranque == "blocker":
            nxt = (blocker + 1) % self.players
            winner = nxt if pips[nxt] < pips[blocker] else blocker
        else:
            winner = self.first_fewest_from_leader(pips)
        self.expected.append(["round_end", winner, self.side(winner), name, None, 0, "block", 0])
        if rules.game == "capicua":
            self.score(winner, capicua_points(total - pips[winner]), "block")
        else:
            self.score(winner, total, "block")
        self.settle(winner, winner)

    def settle(self, round_winner: int | None, next_leader: int) -> None:
        rules = self.rules
        best = max(self.scores)
        self.new_round()
        if best < rules.target:
            self.next_deal = next_leader
            return
        tied = [s for s, v in enumerate(self.scores) if v == best]
        if rules.game == "capicua":
            assert len(tied) == 1
            self.game_end(tied[0], self.capicua_reason(tied[0]))
        elif len(tied) == 1:
            self.game_end(tied[0], "normal")
        elif rules.game == "muggins":
            self.tiebreak = tied
        else:
            start = round_winner if round_winner is not None else self.leader
            order = [(start + i) % self.players for i in range(self.players)]
            self.game_end(next(self.side(s) for s in order if self.side(s) in tied), "normal")

    def capicua_reason(self, side: int) -> str:
        others = [v for s, v in enumerate(self.scores) if s != side]
        return "zapatero" if all(v == 0 for v in others) else "normal"

    def score(self, seat: int, points: int, reason: str) -> None:
        if points > 0:
            self.scores[self.side(seat)] += points
            self.expected.append(["score", seat, self.side(seat), None, None, points, reason, 0])

    def game_end(self, side: int, reason: str) -> None:
        self.expected.append(["game_end", None, side, None, None, 0, reason, self.scores[side]])

    # -- comparison --

    def compare(self, actual: list[Row]) -> None:
        next_deal = self.__dict__.pop("next_deal", None)
        tied = self.__dict__.pop("tiebreak", None)
        n = len(self.expected)
        assert actual[:n] == self.expected, (actual, self.expected)
        tail = actual[n:]
        if next_deal is not None:
            *redeals, deal = tail
            threshold = self.rules.redeal_doubles
            assert all(r[0] == "redeal" and threshold and r[7] >= threshold for r in redeals)
            assert deal[:3] == ["deal", next_deal, self.side(next_deal)] and deal[3] is None
        elif tied is not None:
            *draws, end = tail
            draw_round, pool = 1, tied
            while True:
                this = [d for d in draws if d[7] == draw_round]
                assert [d[1] for d in this] == pool and all(d[0] == "tiebreak" for d in this)
                pips = {d[1]: Tile.parse(d[3]).pips for d in this}
                low = min(pips.values())
                pool = [s for s in pool if pips[s] == low]
                if len(pool) == 1:
                    break
                draw_round += 1
            assert len(draws) == sum(1 for d in draws if d[7] <= draw_round)
            assert end == ["game_end", None, pool[0], None, None, 0, "tiebreak",
                           self.scores[pool[0]]]
        else:
            assert tail == [], tail


def referee(vector: dict[str, Any]) -> None:
    """Replay ``vector`` and recompute every event from the rules (AssertionError if not)."""
    rules = domino.Rules(**vector["rules"])
    game = domino.Game(rules, seed=vector["seed"])
    ref = Referee(rules)
    ref.check_first_lead(game)
    for text in vector["moves"]:
        pre = game.copy()
        round_before = game.round
        move = game.parse_move(text)
        ref.step(pre, move, game.play(move))
        if game.round != round_before and not game.is_over:
            assert len(game.legal_moves()) == 7, "a later round's leader plays any tile"
    assert game.is_over
    assert list(game.scores) == vector["scores"] and game.winner == vector["winner"]
    assert [row(e) for e in game.events] == vector["events"]


def dump(vector: dict[str, Any]) -> str:
    """JSON with one event per line (stable, diff-friendly)."""
    moves = vector["moves"]
    move_lines = ",\n".join("  " + ", ".join(json.dumps(m) for m in moves[i:i + 16])
                            for i in range(0, len(moves), 16))
    parts = [
        f' "rules": {json.dumps(vector["rules"])}',
        f' "seed": {vector["seed"]}',
        f' "moves": [\n{move_lines}\n ]',
        ' "events": [\n' + ",\n".join("  " + json.dumps(r) for r in vector["events"]) + "\n ]",
        f' "scores": {json.dumps(vector["scores"])}',
        f' "winner": {vector["winner"]}',
    ]
    return "{\n" + ",\n".join(parts) + "\n}\n"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    for name, rules, seed in VECTORS:
        vector = play_game(rules, seed)
        referee(vector)
        path = HERE / name
        text = dump(vector)
        reasons = sorted({e[6] for e in vector["events"] if e[6]})
        kinds = sorted({e[0] for e in vector["events"]})
        print(f"{name}: {len(vector['moves'])} moves, scores {vector['scores']}, "
              f"winner {vector['winner']}, kinds {kinds}, reasons {reasons}")
        if check:
            if path.read_text() != text:
                print(f"  {name} differs from what the engine plays now")
                return 1
        else:
            path.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

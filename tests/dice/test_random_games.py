"""The generic random-game test for the dice game.

Every preset and every combination of its options, 1-4 players, a chosen first
player, random legal moves (PRNG rolls and given rolls). After every move the
invariants hold: only the player to move has moves, the views agree with the
referee, the bookkeeping of scores, turn totals and dice adds up, a rejected
move changes nothing, copies and saves round-trip, and the history replays to
the same game. Every game ends within a bound (low targets keep games short).
"""

from __future__ import annotations

import random

import pytest

from pintas import dice
from pintas.errors import IllegalMoveError, NotationError
from tests.dice.support import CONFIGS, given_rolls
from tests.support import assert_replays, rejected

GAMES_PER_CONFIG = 8
DEEP_GAMES = 2
MAX_MOVES_PER_GAME = 20_000
random_move = given_rolls(0.25)


def illegal_moves(game: dice.Game, rng: random.Random) -> list[dice.Move | str]:
    legal = set(game.legal_moves())
    n = game.dice_to_roll
    candidates: list[dice.Move | str] = [
        dice.Move.roll(), dice.Move.bank(),
        dice.Move.roll([rng.randint(1, 6) for _ in range(rng.choice([k for k in range(1, 7)
                                                                     if k != n]))]),
        dice.Move.keep([rng.randint(1, 6) for _ in range(rng.randint(1, 6))]),
        "keep 7", "roll 1 2 3 4 5 6 6", "hold",
    ]
    out = []
    for m in candidates:
        if isinstance(m, dice.Move) and (m in legal or (m.kind == "roll" and m.given
                                                        and dice.Move.roll() in legal
                                                        and len(m.dice) == n)):
            continue
        out.append(m)
    return out


def check_invariants(game: dice.Game, rng: random.Random) -> None:
    legal = game.legal_moves()
    for seat in range(game.players):
        view = game.view(seat)
        assert view.legal_moves() == (legal if seat == game.to_move else [])
        assert view.scores == game.scores and view.log == game.events
    if game.is_over:
        assert legal == [] and game.phase == "over"
        return
    assert legal, "a live game must offer a move"
    assert game.dice_to_roll == 6 - len(game.pool)
    if game.phase == "keep":
        assert all(m.kind == "keep" for m in legal)
        assert [k.move for k in game.keeps()] == legal
        assert [k.move for k in dice.keeps(game.last_roll, game.pool, game.rules)] == legal
    elif game.phase == "bank_or_roll":
        assert legal == [dice.Move.roll(), dice.Move.bank()]
    else:
        assert legal == [dice.Move.roll()]
        assert game.pool == ()
    # a rejected move changes nothing
    for move in rng.sample(illegal_moves(game, rng), 2):
        rejected(game, move, (IllegalMoveError, NotationError))
        assert not game.is_legal(move)


class Ledger:
    """Scores and turn totals recomputed from the events alone."""

    def __init__(self, game: dice.Game) -> None:
        self.scores = [0] * game.players
        self.turn = 0

    def apply(self, game: dice.Game, dice_to_roll: int, events: list[dice.Event]) -> None:
        rules = game.rules
        for e in events:
            if e.kind == "rolled":
                assert len(e.values) == dice_to_roll and e.total == self.turn
            elif e.kind == "kept":
                self.turn += e.points
                assert e.total == self.turn and e.points >= 0
            elif e.kind == "hot_dice":
                assert e.total == self.turn
            elif e.kind in ("doom", "roll_out"):
                assert e.points == self.turn
                if e.kind == "doom":
                    assert rules.doom and sum(1 for v in events[0].values if v == 6) >= 2
                    if rules.doom_loses == "score":
                        self.scores[e.seat] = 0
                assert e.total == self.scores[e.seat]
                self.turn = 0
            elif e.kind == "banked":
                self.scores[e.seat] += e.points
                assert e.points == self.turn and e.total == self.scores[e.seat]
                self.turn = 0
            elif e.kind == "turn_end":
                assert e.total == self.scores[e.seat]
                self.turn = 0
        assert tuple(self.scores) == game.scores
        assert self.turn == game.turn_total


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_games_keep_every_invariant(name: str) -> None:
    rules = CONFIGS[name]
    rng = random.Random(name)
    for number in range(GAMES_PER_CONFIG):
        players = 1 + number % 4
        game = dice.Game(rules, players=players, seed=rng.getrandbits(64),
                         first_player=rng.randrange(players))
        ledger = Ledger(game)
        deep = number < DEEP_GAMES
        moves = 0
        while not game.is_over:
            if deep:
                check_invariants(game, rng)
            seat, to_roll = game.to_move, game.dice_to_roll
            events = game.play(random_move(game, rng))
            assert all(e.seat == seat for e in events if e.kind != "game_end")
            ledger.apply(game, to_roll, events)
            moves += 1
            assert moves < MAX_MOVES_PER_GAME, "a game did not end"
            if deep and rng.random() < 0.05:
                saved = game.to_bytes()
                assert dice.Game.from_bytes(saved).to_bytes() == saved
                assert game.copy().to_bytes() == saved
        check_invariants(game, rng)
        end = game.events[-1]
        assert end.kind == "game_end" and end.seat == game.winner
        assert game.scores[game.winner] == max(game.scores) >= rules.target
        assert end.reason == ("final_round" if rules.final_round and players > 1 else "target")
        assert_replays(game, dice.Game(rules, players=players, seed=game.seed,
                                       first_player=game.first_player))


@pytest.mark.parametrize("name", ["doom-doom-turn-must-combine", "farkle-nodoom-may-separate"])
def test_random_unseeded_games_replay_from_their_audit_seeds(name: str) -> None:
    rules = CONFIGS[name]
    rng = random.Random(name)
    for players in (1, 3):
        game = dice.Game(rules, players=players)
        while not game.is_over:
            game.play(random_move(game, rng))
        plain_rolls = sum(1 for m in game.history if m.kind == "roll" and not m.given)
        assert len(game.roll_seeds) == plain_rolls
        saved = game.to_bytes()
        assert game.replay().to_bytes() == saved
        assert dice.Game.from_bytes(saved).roll_seeds == game.roll_seeds

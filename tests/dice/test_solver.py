"""The optimal single-turn policy (dice.solve_turn) and the dice players."""

from __future__ import annotations

import itertools
import math
import pickle
import statistics
import threading
from collections import Counter

import pytest

from pintas import dice
from pintas.errors import IllegalMoveError, NotationError, PintasError, PintasTypeError, RulesError
from tests.dice.support import CONFIGS

DOOM = dice.Rules.dice_of_doom()
FARKLE = dice.Rules.farkle()


def six_dice_rolls() -> list[tuple[tuple[int, ...], float]]:
    """Every multiset of six dice with its probability."""
    out = []
    for roll in itertools.combinations_with_replacement(range(1, 7), 6):
        ways = math.factorial(6)
        for n in Counter(roll).values():
            ways //= math.factorial(n)
        out.append((roll, ways / 6**6))
    return out


# ---- the literature's figures ------------------------------------------------------

def test_farkle_matches_busche_and_neller() -> None:
    p = dice.solve_turn(FARKLE)
    assert round(p.expected_turn_score, 2) == 446.57
    assert p.thresholds == (250, 250, 400, 1000, 2900, 10050)
    for left, th in zip(range(1, 7), p.thresholds, strict=True):
        assert p.threshold(left) == th == p.threshold([5] * (6 - left))
        assert p.threshold(dice_left=left) == th
        for total in range(50, 12000, 50):
            assert p.should_bank(total, left) == (total >= th), (left, total)


def test_dice_of_doom_policy() -> None:
    p = dice.solve_turn(DOOM)
    assert abs(p.expected_turn_score - 1798.058146) < 1e-5
    assert p.thresholds is None  # the pool's dice matter
    assert p.threshold([1]) == 4900
    assert p.threshold([5]) == 5500
    assert p.threshold([1, 1, 1]) == 3000
    with pytest.raises(PintasError, match="combine_kept"):
        p.threshold(5)
    # the policy is a threshold policy for every pool
    for pool in p.pools():
        if not pool:  # hot dice must roll: banking with an empty pool is never advised
            assert not any(p.should_bank(total) for total in range(0, 20000, 100))
            continue
        th = p.threshold(pool)
        start = dice.keep_score(pool) or 0 if pool else 0
        for total in range(max(start, 100), 20000, 300):
            assert p.should_bank(total, pool) == (total >= th), (pool, total)


@pytest.mark.parametrize("rules", [DOOM, FARKLE], ids=["dice_of_doom", "farkle"])
def test_expected_value_recomputed_through_the_queries(rules: dice.Rules) -> None:
    # A fresh turn rolls six dice; each roll is lost (0) or worth its best keep.
    p = dice.solve_turn(rules)
    total = 0.0
    for roll, prob in six_dice_rolls():
        best = p.best_keep(roll)
        if best is None:
            assert dice.score(roll, rules) == 0
            continue
        assert best in dice.keeps(roll, (), rules)
        values = [p.keep_value(k, ()) for k in dice.keeps(roll, (), rules)]
        assert p.keep_value(best) == pytest.approx(max(values))
        total += prob * max(values)
    assert total == pytest.approx(p.expected_turn_score, abs=1e-9)
    assert p.roll_value(0) == pytest.approx(p.expected_turn_score)


def test_the_worked_turn_decision() -> None:
    p = dice.solve_turn(DOOM)
    best = p.best_keep([1, 5, 6, 4, 4, 3])
    assert best is not None and best.dice in ((1,), (1, 5))
    assert p.best_keep([6, 6, 1, 1, 1, 1]) is None  # doom
    assert p.best_keep([2, 2, 3, 3, 4, 6]) is None  # roll-out
    # a pool of 1 and 5 (1500) with 2, 3, 4 rolled: completing the straight is right
    best = p.best_keep([2, 3, 4, 4], pool=[1, 5], turn_total=1500)
    assert best == dice.Keep((2, 3, 4), 1000)


def test_banking_is_only_advised_where_allowed() -> None:
    p = dice.solve_turn(DOOM)
    assert not p.should_bank(0)
    assert not p.should_bank(50_000)  # hot dice must roll
    may = dice.solve_turn(DOOM.replace(hot_dice="may"))
    assert may.should_bank(50_000) and not may.should_bank(0)
    assert may.expected_turn_score >= p.expected_turn_score


def test_policies_are_cached_and_shared() -> None:
    p = dice.solve_turn(FARKLE)
    assert dice.solve_turn(FARKLE) is p and dice.solve_turn(dice.Rules.farkle()) is p
    q = dice.solve_turn(FARKLE.replace(target=500, final_round=True))
    assert q is not p and q.expected_turn_score == p.expected_turn_score
    assert q.rules.target == 500
    assert dice.solve_turn().rules == DOOM
    assert pickle.loads(pickle.dumps(p)) is p
    assert "446.57" in repr(p)
    with pytest.raises(TypeError):
        dice.Policy()


def test_the_book_of_a_policy() -> None:
    # the decisions as bytes for a device's flash; the C tests read them back
    doom, farkle = dice.solve_turn(DOOM).book(), dice.solve_turn(FARKLE).book()
    assert doom[:5] == b"PDBK\x01" and farkle[:5] == b"PDBK\x01"
    assert len(doom) < 8192 and len(farkle) < 4096
    assert dice.solve_turn(DOOM.replace(target=5000)).book() == doom  # the target plays no part
    with pytest.raises(PintasTypeError):
        dice.Policy.__new__(dice.Policy).book()


@pytest.mark.parametrize("name", sorted(CONFIGS)[::3])
def test_every_option_set_solves(name: str) -> None:
    p = dice.solve_turn(CONFIGS[name])
    assert p.expected_turn_score > 0
    assert p.roll_value(0) == pytest.approx(p.expected_turn_score)


def test_solving_from_threads() -> None:
    rules = [DOOM.replace(doom=False, combine_kept=c, hot_dice=h)
             for c in (True, False) for h in ("must", "may")]
    results: dict[int, float] = {}

    def solve(i: int) -> None:
        results[i] = dice.solve_turn(rules[i]).expected_turn_score

    threads = [threading.Thread(target=solve, args=(i,)) for i in range(len(rules))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == {i: dice.solve_turn(r).expected_turn_score for i, r in enumerate(rules)}


def test_policy_input_checking() -> None:
    p = dice.solve_turn(DOOM)
    with pytest.raises(PintasError, match=r"\[2\]"):
        p.should_bank(100, [2])  # not a pool: the 2 does not score
    with pytest.raises(PintasError, match="-5"):
        p.should_bank(-5)
    with pytest.raises(PintasError, match="dice_left"):
        p.should_bank(100, 7)
    with pytest.raises(PintasError, match="not both"):
        p.should_bank(100, [1], dice_left=5)
    with pytest.raises(PintasError, match="dice_left"):
        p.should_bank(100, dice_left=5)  # the pool's dice matter with combine_kept
    assert dice.solve_turn(FARKLE).should_bank(300, dice_left=1)
    with pytest.raises(NotationError):
        p.best_keep([7])
    with pytest.raises(NotationError, match="at most 6"):
        p.best_keep([1, 1, 1], pool=[1, 1, 1, 5])
    with pytest.raises(PintasError):
        p.keep_value([2], pool=[1])
    with pytest.raises(RulesError):
        dice.solve_turn("farkle")  # type: ignore[arg-type]


# ---- players ---------------------------------------------------------------------

def turn_scores(player: dice.OptimalPlayer | dice.ThresholdPlayer, rules: dice.Rules,
                turns: int, seed: int) -> list[int]:
    """Points of ``turns`` single-player turns (fresh short games keep views small)."""
    out: list[int] = []
    while len(out) < turns:
        game = dice.Game(rules, players=1, seed=seed + len(out))
        for _ in range(50):
            while True:
                events = game.play(player.choose(game.view(0)))
                ends = [e for e in events if e.kind == "turn_end"]
                if ends:
                    out.append(ends[0].points)
                    break
    return out


@pytest.mark.parametrize("rules, turns, tolerance", [
    (FARKLE.replace(target=dice.MAX_TARGET), 2500, 30.0),
    (DOOM.replace(target=dice.MAX_TARGET), 2500, 170.0),
], ids=["farkle", "dice_of_doom"])
def test_optimal_player_scores_the_expected_turn_score(rules: dice.Rules, turns: int,
                                                       tolerance: float) -> None:
    # about four standard errors (sd 350 for Farkle, 2000 for Dice of Doom)
    points = turn_scores(dice.OptimalPlayer(rules), rules, turns, seed=2024)
    expected = dice.solve_turn(rules).expected_turn_score
    assert abs(statistics.mean(points) - expected) < tolerance
    # and it beats a fixed threshold on the same dice
    assert statistics.mean(points) > statistics.mean(
        turn_scores(dice.ThresholdPlayer(bank_at=300 if rules.scoring == "farkle" else 1500),
                    rules, turns, seed=2024)) - tolerance


@pytest.mark.parametrize("bank_at", [0, 300, 1000, 3000])
def test_threshold_player_banks_at_its_threshold(bank_at: int) -> None:
    player = dice.ThresholdPlayer(bank_at=bank_at)
    for rules in (DOOM.replace(target=30_000), FARKLE.replace(target=5000)):
        game = dice.Game(rules, players=2, seed=bank_at)
        while not game.is_over:
            view = game.view(game.to_move)  # type: ignore[arg-type]
            move = player.choose(view)
            if view.phase == "keep":
                assert move == view.keeps()[0].move
                assert view.keeps()[0].points == max(k.points for k in view.keeps())
            elif view.phase == "bank_or_roll":
                assert (move == dice.Move.bank()) == (view.turn_total >= bank_at)
            for e in game.play(move):
                if e.kind == "banked":
                    assert e.points >= bank_at


def test_random_player_is_reproducible_and_legal() -> None:
    def moves(seed: int) -> list[dice.Move]:
        game, player = dice.Game(FARKLE, players=3, seed=9), dice.RandomPlayer(seed)
        out: list[dice.Move] = []
        while not game.is_over and len(out) < 300:
            view = game.view(game.to_move)  # type: ignore[arg-type]
            move = player(view)
            assert move in view.legal_moves()
            game.play(move)
            out.append(move)
        return out

    assert moves(1) == moves(1)
    assert moves(1) != moves(2)


def test_players_need_their_turn_and_a_view() -> None:
    game = dice.Game(DOOM, players=2, seed=1)
    for player in (dice.RandomPlayer(1), dice.ThresholdPlayer(), dice.OptimalPlayer()):
        with pytest.raises(IllegalMoveError, match="seat 1"):
            player.choose(game.view(1))
        with pytest.raises(TypeError):
            player.choose(game)  # type: ignore[arg-type]
        assert player.choose(game.view(0)) == dice.Move.roll()
    with pytest.raises(ValueError):
        dice.ThresholdPlayer(bank_at=-1)
    with pytest.raises(RulesError):
        dice.OptimalPlayer("doom")  # type: ignore[arg-type]


def test_optimal_player_banks_a_win() -> None:
    rules = DOOM.replace(target=1000)
    game = dice.Game(rules, players=2, seed=1)
    game.play("roll 1 2 2 3 3 4")
    game.play("keep 1")
    assert dice.OptimalPlayer(rules).choose(game.view(0)) == dice.Move.bank()
    assert dice.OptimalPlayer(rules, bank_to_win=False).choose(game.view(0)) == dice.Move.roll()

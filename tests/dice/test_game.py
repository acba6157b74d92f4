"""The dice game through the Python API: every rule of docs/rules.md section 3 with
given rolls.

Rolls are given as physical dice (``roll 1 5 6 4 4 3``), so each test is exact.
"""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from pintas import dice
from pintas.errors import IllegalMoveError, NotationError, PintasError, RulesError, SeatError
from tests.support import kinds, rejected

DOOM = dice.Rules.dice_of_doom()
FARKLE = dice.Rules.farkle()


# ---- a turn ----------------------------------------------------------------------

def test_worked_turn_keep_the_1_and_roll_five_dice() -> None:
    g = dice.Game(DOOM, seed=1)
    assert g.phase == "roll" and g.dice_to_roll == 6 and g.legal_moves() == [dice.Move.roll()]
    ev = g.play("roll 1 5 6 4 4 3")
    assert ev == [dice.Event("rolled", 0, (1, 5, 6, 4, 4, 3))]
    assert g.last_roll == (1, 5, 6, 4, 4, 3) and g.phase == "keep"
    assert g.legal_moves() == [dice.Move.keep([1, 5]), dice.Move.keep([1]), dice.Move.keep([5])]
    assert g.keeps() == dice.keeps([1, 5, 6, 4, 4, 3])
    ev = g.play(g.keeps()[1])  # a Keep record plays as its move
    assert ev == [dice.Event("kept", 0, (1,), points=1000, total=1000)]
    assert (g.turn_total, g.dice_to_roll, g.pool) == (1000, 5, (1,))
    assert g.legal_moves() == [dice.Move.roll(), dice.Move.bank()]


def test_worked_turn_keep_the_1_and_5_roll_four_dice_or_end_the_turn() -> None:
    g = dice.Game(DOOM, seed=1)
    g.play("roll 1 5 6 4 4 3")
    g.play("keep 5 1")
    assert (g.turn_total, g.dice_to_roll, g.pool) == (1500, 4, (1, 5))
    rejected(g, "roll 1 2 3 4 5", match="4 dice to roll")
    ev = g.play("bank")
    assert ev == [dice.Event("banked", 0, points=1500, total=1500),
                  dice.Event("turn_end", 0, points=1500, total=1500, reason="bank")]
    assert g.scores == (1500, 0) and g.to_move == 1
    assert (g.turn_total, g.dice_to_roll, g.pool, g.phase) == (0, 6, (), "roll")


def test_a_keep_is_mandatory_and_a_bank_needs_a_keep() -> None:
    g = dice.Game(DOOM, seed=1)
    rejected(g, "bank", match="roll first")
    g.play("roll 1 5 6 4 4 3")
    rejected(g, "bank", match="keep")
    rejected(g, "roll", match="keep")
    rejected(g, "keep 4 4", match="score")
    rejected(g, "keep 1 1", match="does not hold")
    rejected(g, "keep 1 5 6 4 4 3", match="score")


def test_the_pool_combines_across_rolls() -> None:
    # Kept 1 and 5; then 2, 3, 4 complete the straight 1-5 (2500): +1000.
    g = dice.Game(DOOM, seed=1)
    g.play("roll 1 5 6 4 4 3")
    g.play("keep 1 5")
    g.play("roll 2 3 4 2")
    assert set(g.legal_moves()) == {dice.Move.keep([2, 3, 4])}
    rejected(g, "keep 2 3", match="score")
    ev = g.play("keep 4 3 2")
    assert ev == [dice.Event("kept", 0, (2, 3, 4), points=1000, total=2500)]
    assert g.pool == (1, 2, 3, 4, 5) and g.dice_to_roll == 1


def test_separate_scoring_without_combining() -> None:
    g = dice.Game(DOOM.replace(combine_kept=False), seed=1)
    g.play("roll 1 5 6 4 4 3")
    g.play("keep 1 5")
    ev = g.play("roll 2 3 4 2")  # 2, 3, 4 do not score alone: a roll-out
    assert kinds(ev) == ["rolled", "roll_out", "turn_end"]
    assert ev[1].points == 1500 and g.scores == (0, 0)


def test_a_keep_may_add_no_points_to_a_set() -> None:
    g = dice.Game(DOOM, seed=1)
    g.play("roll 2 2 2 3 4 6")
    g.play("keep 2 2 2")
    g.play("roll 2 3 4")
    assert g.legal_moves() == [dice.Move.keep([2])]
    assert g.play("keep 2")[0].points == 0
    assert g.turn_total == 200 and g.dice_to_roll == 2


def test_roll_out_loses_the_turn_total() -> None:
    g = dice.Game(DOOM, seed=1)
    g.play("roll 1 5 6 4 4 3")
    g.play("keep 1 5")
    ev = g.play("roll 2 2 3 3")  # nothing joins 1 and 5 in a scoring pool
    assert ev[1:] == [dice.Event("roll_out", 0, points=1500, total=0),
                      dice.Event("turn_end", 0, points=0, total=0, reason="roll_out")]
    assert g.to_move == 1 and g.turn_total == 0 and g.scores == (0, 0)


# ---- hot dice --------------------------------------------------------------------

def test_a_six_dice_straight_forces_a_reroll() -> None:
    # a straight of all six dice, 1-6, is 2500 points, and hot dice force the
    # player to roll again, whether they want to or not
    g = dice.Game(DOOM, seed=1)
    g.play("roll 3 1 2 6 5 4")
    ev = g.play("keep 1 2 3 4 5 6")
    assert ev == [dice.Event("kept", 0, (1, 2, 3, 4, 5, 6), points=2500, total=2500),
                  dice.Event("hot_dice", 0, points=2500, total=2500)]
    assert g.phase == "roll" and g.dice_to_roll == 6 and g.pool == () and g.turn_total == 2500
    assert g.legal_moves() == [dice.Move.roll()]
    rejected(g, "bank", match="hot dice")
    g.play("roll 5 2 2 3 3 4")
    g.play("keep 5")
    assert g.turn_total == 3000  # the closed pool counts, the new pool starts afresh
    g.play("bank")
    assert g.scores == (3000, 0)


def test_two_triplets_must_roll_again() -> None:
    g = dice.Game(DOOM, seed=1)
    g.play("roll 2 2 2 3 3 3")
    assert kinds(g.play("keep 2 2 2 3 3 3")) == ["kept", "hot_dice"]
    assert g.turn_total == 1000 and g.legal_moves() == [dice.Move.roll()]


def test_hot_dice_across_rolls_close_the_pool() -> None:
    g = dice.Game(DOOM, seed=1)
    g.play("roll 1 5 6 4 4 3")
    g.play("keep 1 5")
    g.play("roll 2 3 4 6")
    ev = g.play("keep 2 3 4 6")
    assert ev[-1] == dice.Event("hot_dice", 0, points=2500, total=2500)
    # a doom on the next roll loses the closed pools too
    ev = g.play("roll 6 6 1 1 1 1")
    assert ev[1] == dice.Event("doom", 0, points=2500, total=0)


def test_hot_dice_may_bank() -> None:
    rules = DOOM.replace(hot_dice="may")
    g = dice.Game(rules, seed=1)
    g.play("roll 1 1 1 5 5 5")
    g.play("keep 1 1 1 5 5 5")
    assert g.phase == "bank_or_roll" and g.pool == () and g.turn_total == 5500
    assert g.legal_moves() == [dice.Move.roll(), dice.Move.bank()]
    g.play("bank")
    assert g.scores == (5500, 0)


def test_farkle_hot_dice_are_optional() -> None:
    g = dice.Game(FARKLE, seed=1)
    g.play("roll 1 1 1 5 5 5")
    assert g.play("keep 1 1 1 5 5 5")[0].points == 1500  # 1000 + 500: two triplets
    assert g.legal_moves() == [dice.Move.roll(), dice.Move.bank()]


# ---- doom ------------------------------------------------------------------------

def test_doom_loses_the_turn_total() -> None:
    g = dice.Game(DOOM, seed=1)
    g.play("roll 1 5 2 2 3 4")
    g.play("keep 1 5")
    g.play("bank")
    g.play("roll 6 6 6 1 1 1")  # seat 1: doom, whatever else the roll shows
    g.play("roll 1 2 3 4 4 3")
    g.play("keep 1")
    ev = g.play("roll 6 2 3 6 1")
    assert ev[1:] == [dice.Event("doom", 0, points=1000, total=1500),
                      dice.Event("turn_end", 0, points=0, total=1500, reason="doom")]
    assert g.scores == (1500, 0)


def test_doom_may_lose_the_banked_score_too() -> None:
    g = dice.Game(DOOM.replace(doom_loses="score"), seed=1)
    g.play("roll 1 5 2 2 3 4")
    g.play("keep 1 5")
    g.play("bank")
    g.play("roll 1 2 2 3 3 4")
    g.play("keep 1")
    g.play("bank")
    assert g.scores == (1500, 1000)
    ev = g.play("roll 6 6 2 3 4 1")
    assert ev[1] == dice.Event("doom", 0, points=0, total=0)
    assert g.scores == (0, 1000)


def test_doom_is_checked_before_the_roll_out() -> None:
    g = dice.Game(DOOM, seed=1)
    assert kinds(g.play("roll 6 6 2 2 3 4")) == ["rolled", "doom", "turn_end"]
    # farkle has no doom: 6 6 6 is three of a kind
    g = dice.Game(FARKLE, seed=1)
    assert kinds(g.play("roll 6 6 6 2 3 4")) == ["rolled"]
    assert g.legal_moves() == [dice.Move.keep([6, 6, 6])]


# ---- the end ---------------------------------------------------------------------

def test_the_first_bank_reaching_the_target_wins_at_once() -> None:
    g = dice.Game(DOOM.replace(target=2000), players=3, seed=1)
    g.play("roll 1 1 2 2 3 4")
    g.play("keep 1 1")
    ev = g.play("bank")
    assert ev == [dice.Event("banked", 0, points=2000, total=2000),
                  dice.Event("turn_end", 0, points=2000, total=2000, reason="bank"),
                  dice.Event("game_end", 0, total=2000, reason="target")]
    assert g.is_over and g.winner == 0 and g.to_move is None and g.phase == "over"
    assert g.legal_moves() == [] and g.dice_to_roll == 0
    rejected(g, "roll", match="over")
    assert all(g.view(s).legal_moves() == [] for s in range(3))


def test_final_round_gives_the_others_one_last_turn() -> None:
    g = dice.Game(DOOM.replace(target=2000, final_round=True), players=3, seed=1)
    g.play("roll 1 1 2 2 3 4")
    g.play("keep 1 1")
    ev = g.play("bank")
    assert kinds(ev) == ["banked", "final_round", "turn_end"]
    assert ev[1].count == 2 and g.final_turns_left == 2 and not g.is_over
    assert g.view(1).final_turns_left == 2
    g.play("roll 1 1 1 2 3 4")  # seat 1 overtakes with 3000
    g.play("keep 1 1 1")
    assert kinds(g.play("bank")) == ["banked", "turn_end"]
    assert g.final_turns_left == 1
    ev = g.play("roll 2 2 3 3 4 6")  # seat 2 rolls out: the game ends
    assert kinds(ev) == ["rolled", "roll_out", "turn_end", "game_end"]
    assert ev[-1] == dice.Event("game_end", 1, total=3000, reason="final_round")
    assert g.winner == 1 and g.scores == (2000, 3000, 0)


def test_final_round_tie_goes_to_the_player_who_reached_the_target() -> None:
    g = dice.Game(DOOM.replace(target=2000, final_round=True), players=2, seed=1)
    g.play("roll 1 1 2 2 3 4")
    g.play("keep 1 1")
    g.play("bank")
    g.play("roll 1 1 2 2 3 4")
    g.play("keep 1 1")
    g.play("bank")
    assert g.is_over and g.winner == 0 and g.scores == (2000, 2000)


def test_final_round_alone_wins_at_once() -> None:
    g = dice.Game(DOOM.replace(target=1000, final_round=True), players=1, seed=1)
    g.play("roll 1 2 2 3 3 4")
    g.play("keep 1")
    assert kinds(g.play("bank"))[-1] == "game_end"
    assert g.winner == 0


# ---- seats -----------------------------------------------------------------------

@pytest.mark.parametrize("players", range(1, 9))
def test_one_to_eight_players_take_turns_in_seat_order(players: int) -> None:
    first = players // 2
    g = dice.Game(DOOM, players=players, seed=5, first_player=first)
    assert g.scores == (0,) * players and g.first_player == first
    order = []
    for _ in range(2 * players):
        order.append(g.to_move)
        g.play("roll 6 6 1 1 1 1")
    assert order == [(first + i) % players for i in range(2 * players)]


def test_bad_seats_and_counts() -> None:
    with pytest.raises(RulesError, match="players"):
        dice.Game(DOOM, players=0)
    with pytest.raises(RulesError, match="players"):
        dice.Game(DOOM, players=9)
    with pytest.raises(SeatError, match="seat 2"):
        dice.Game(DOOM, players=2, first_player=2)
    with pytest.raises(RulesError, match="seed"):
        dice.Game(DOOM, seed=-1)
    with pytest.raises(RulesError, match="Rules"):
        dice.Game("farkle")  # type: ignore[arg-type]
    with pytest.raises(SeatError):
        dice.Game(DOOM).view(2)
    assert dice.Game().rules == DOOM


# ---- moves and notation ----------------------------------------------------------

def test_given_rolls_are_validated() -> None:
    g = dice.Game(DOOM, seed=1)
    rejected(g, "roll 1 2 3", match="6 dice to roll, not 3")
    rejected(g, "roll 1 2 3 4 5 7", NotationError, match="roll 1 2 3 4 5 7")
    rejected(g, "roll 0 1 2 3 4 5", NotationError)
    rejected(g, dice.Move.roll([1, 2, 3, 4, 5]), match="not 5")
    with pytest.raises(NotationError):
        dice.Move.roll([1, 2, 3, 4, 5, 6, 1])
    assert g.is_legal("roll 1 2 3 4 5 6") and not g.is_legal("roll 1 2 3")
    assert not g.is_legal("dance")


def test_move_notation() -> None:
    assert str(dice.Move.roll()) == "roll" and repr(dice.Move.roll()) == "Move('roll')"
    m = dice.Move.parse(" Roll 1 5 6 4 4 3 ")
    assert m == dice.Move("roll", (1, 5, 6, 4, 4, 3)) and m.given and m.kind == "roll"
    assert str(m) == "roll 1 5 6 4 4 3" and repr(m) == "Move('roll', (1, 5, 6, 4, 4, 3))"
    assert dice.Move.parse("roll 3 3 1") != dice.Move.parse("roll 1 3 3")  # roll order matters
    assert dice.Move.parse("keep 5 1") == dice.Move.keep((1, 5)) == dice.Move("keep", [5, 1])
    assert dice.Move.parse("keep 1,5") == dice.Move.parse("keep 15")
    assert dice.Move.parse("bank") is dice.Move.bank()
    for bad in ("", "keep", "bank 1", "roll 7", "hold 1", "keep 1 2 3 4 5 6 1", "rolls"):
        with pytest.raises(NotationError, match=repr(bad)):
            dice.Move.parse(bad)
    with pytest.raises(NotationError):
        dice.Move.parse(3)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        dice.Move("jump")
    with pytest.raises(NotationError):
        dice.Move("bank", (1,))
    assert pickle.loads(pickle.dumps(m)) == m
    assert {dice.Move.keep([1]), dice.Move.keep([1])} == {dice.Move.keep([1])}


def test_parse_move_checks_legality() -> None:
    g = dice.Game(DOOM, seed=1)
    assert g.parse_move("roll") == dice.Move.roll()
    with pytest.raises(IllegalMoveError, match="'keep 1'"):
        g.parse_move("keep 1")
    with pytest.raises(NotationError):
        g.parse_move("keep one")
    with pytest.raises(NotationError):
        g.play(42)  # type: ignore[arg-type]


# ---- views, events, copies -------------------------------------------------------

def test_views_show_the_public_game_and_no_seeds() -> None:
    g = dice.Game(DOOM, players=3)
    g.play("roll")
    for seat in range(3):
        v = g.view(seat)
        assert v.seat == seat and v.scores == g.scores and v.turn_total == g.turn_total
        assert v.last_roll == g.last_roll and v.pool == g.pool and v.log == g.events
        assert v.phase == g.phase and v.to_move == g.to_move and v.rules == g.rules
        assert v.legal_moves() == (g.legal_moves() if seat == g.to_move else [])
        assert not any("seed" in name for name in vars(v))
    with pytest.raises(AttributeError):
        g.view(0).turn_total = 5  # type: ignore[misc]


def test_event_values() -> None:
    e = dice.Event("kept", 1, [1, 5], points=1500, total=1500)
    assert repr(e) == "Event('kept', seat=1, values=(1, 5), points=1500, total=1500)"
    assert str(e) == "player 2 keeps 1 5 for 1500 (turn total 1500)"
    assert dice.Event.from_dict(e.to_dict()) == e
    assert pickle.loads(pickle.dumps(e)) == e and hash(e) == hash(copy.copy(e))
    with pytest.raises(ValueError):
        dice.Event("exploded")


def test_copies_are_independent() -> None:
    g = dice.Game(DOOM, seed=3)
    g.play("roll 1 5 6 4 4 3")
    c = g.copy()
    c.play("keep 1")
    assert g.phase == "keep" and c.phase == "bank_or_roll"
    assert copy.deepcopy(g).to_bytes() == g.to_bytes() == copy.copy(g).to_bytes()
    assert pickle.loads(pickle.dumps(g)).to_bytes() == g.to_bytes()
    assert "seat 0 to keep" in repr(g)


def test_seeded_rolls_are_reproducible_and_logged_events_replay() -> None:
    a, b = dice.Game(DOOM, seed=42), dice.Game(DOOM, seed=42)
    for _ in range(30):
        if a.is_over:
            break
        move = a.legal_moves()[0]
        assert a.play(move) == b.play(move)
    assert a.to_bytes() == b.to_bytes() and a.roll_seeds == ()
    assert a.replay().to_bytes() == a.to_bytes()


def test_unseeded_games_seed_every_roll_for_audit() -> None:
    g = dice.Game(DOOM, players=2)
    assert g.seed is None
    rolls = 0
    for _ in range(40):
        if g.is_over:
            break
        move = g.legal_moves()[-1]  # bank when allowed, else the last keep / roll
        if move.kind == "roll":
            rolls += 1
        g.play(move)
    assert len(g.roll_seeds) == rolls and rolls > 0
    assert len(set(g.roll_seeds)) == rolls
    saved = g.to_bytes()
    assert g.replay().to_bytes() == saved
    back = dice.Game.from_bytes(saved)
    assert back.roll_seeds == g.roll_seeds and back.seed is None and back.events == g.events


def test_errors_are_value_errors() -> None:
    g = dice.Game(DOOM, seed=1)
    with pytest.raises(ValueError):
        g.play("bank")
    assert issubclass(IllegalMoveError, PintasError)


def test_legal_keeps_follow_the_rules_roll_and_pool_of_each_game() -> None:
    """The keeps legal_moves() lists are the keeps of the game's own rules,
    last roll and pool, in the order dice.keeps gives them, with games of
    several rules played in turn (the same rolls meet other pools and rules)
    and a game loaded from another's save."""
    rules = [dice.Rules.dice_of_doom(), dice.Rules.farkle(),
             dice.Rules.dice_of_doom(combine_kept=False), dice.Rules.farkle(combine_kept=True)]
    games = [dice.Game(r, players=2, seed=seed) for seed in range(3) for r in rules]
    draw = random.Random(5).random
    checked = 0
    for _ in range(400):
        for i, game in enumerate(games):
            if game.is_over:
                continue
            legal = game.legal_moves()
            if game.phase == "keep":
                assert legal == [k.move for k in dice.keeps(game.last_roll, game.pool,
                                                            game.rules)]
                checked += 1
            game.play(legal[int(draw() * len(legal))])
            if game.phase == "keep" and i % 5 == 0:
                games[i] = dice.Game.from_bytes(game.to_bytes())
    assert checked > 1000


def test_a_game_never_started_has_no_moves() -> None:
    """A game made by __new__ reads as empty: no legal moves, no keeps."""
    game = dice.Game.__new__(dice.Game)
    assert game.legal_moves() == [] and game.keeps() == []

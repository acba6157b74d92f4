"""docs/rules.md section 1.4: Dominican domino, one test per rule.

Most positions are hand-made in the "three" and "two" modes, where the
set-aside tiles let a round block at once; the 4-player rounds were found once
by a seeded search over random games and frozen here as (hands, moves).
"""

from __future__ import annotations

import random

import pytest

from pintas import domino
from pintas.errors import IllegalMoveError, RulesError
from pintas.tiles import Tile, TileSet
from tests.domino.support import new_game, run


def scores_of(events: list[domino.Event]) -> list[tuple[int | None, int | None, int, str | None]]:
    return [(e.seat, e.side, e.points, e.reason) for e in events if e.kind == "score"]


# ---- modes, no drawing ------------------------------------------------------------


@pytest.mark.parametrize(("mode", "players", "pairs", "sides"), [
    ("pairs", 4, True, 2), ("four", 4, False, 4), ("three", 3, False, 3), ("two", 2, False, 2)])
def test_modes_and_never_any_drawing(mode: str, players: int, pairs: bool, sides: int) -> None:
    """1.4 Modes: pairs/four/three/two; whole games never offer a draw, even with set-aside."""
    rules = domino.Rules.dominican(mode=mode)
    assert (rules.players, rules.pairs, rules.sides, rules.mode) == (players, pairs, sides, mode)
    assert rules.draws is False
    for seed in range(3):
        game = domino.Game(rules, seed=seed)
        rng = random.Random(seed)
        passes = 0
        for _ in range(5_000):
            if game.is_over:
                break
            legal = game.legal_moves()
            assert all(m.kind != "draw" for m in legal)
            assert game.boneyard_size == 0 and game.to_move is not None
            assert game.hand_sizes[game.to_move] <= 7
            move = rng.choice(legal)
            passes += move.kind == "pass"
            events = game.play(move)
            assert all(e.kind != "draw" for e in events)
        assert game.is_over and passes > 0
        assert max(game.scores) >= 200 and len(game.scores) == sides


def test_a_player_who_cannot_play_passes_though_tiles_are_set_aside() -> None:
    """1.4 Never any drawing: in "three" (7 tiles set aside) a stuck player must pass."""
    hands = ["6|5 5|4 5|3 5|2 5|1 5|0 4|4", "6|6 4|3 4|2 4|1 4|0 3|3 3|2",
             "3|1 3|0 2|2 2|1 2|0 1|1 1|0"]
    game = new_game(domino.Rules.dominican(mode="three"), hands)
    game.play("6|6")
    assert game.to_move == 2
    assert game.legal_moves() == [domino.Move.pass_()]
    with pytest.raises(IllegalMoveError):
        game.play("draw")
    assert game.play("pass") == [domino.Event("pass", seat=2, side=2)]


# ---- domino ---------------------------------------------------------------------------


def test_domino_scores_all_other_hands_partner_included() -> None:
    """1.4 Domino: the rules' example: rivals hold 12 and 9, the partner 5 -> 26.

    Pairs round found by a seeded search: seat 1 dominoes with 2|1; seats 0
    and 2 (rivals) keep 9 and 12 pips, seat 3 (partner) 5.
    """
    hands = ["6|3 5|5 5|4 5|1 4|2 4|1 1|1", "6|6 6|4 4|4 4|3 4|0 2|1 1|0",
             "6|5 6|2 3|2 3|1 3|0 2|2 2|0", "6|1 6|0 5|3 5|2 5|0 3|3 0|0"]
    game = new_game(domino.Rules.dominican(mode="pairs"), hands)
    run(game, "6|6L 6|2L 6|0R 4|2L 4|4L 2|0R 5|2R 5|5R 4|0L 6|5R 6|1R 5|1R 1|0L 3|1L 3|3L "
              "6|3L 6|4L pass 5|3R 4|1L 4|3R pass pass 1|1L")
    assert [game.pips(s) for s in (0, 2, 3)] == [9, 12, 5]
    events = game.play("2|1L")
    assert events[1] == domino.Event("round_end", seat=1, side=1, tile=Tile(2, 1), reason="domino")
    assert scores_of(events) == [(1, 1, 26, "domino")]
    assert game.scores == (0, 26) and game.leader == 1


def test_domino_in_two_mode_scores_the_opponents_pips() -> None:
    """1.4 Domino ("two"): seat 1 plays out; seat 0 keeps 0|0 1|0 1|1 2|0 2|1 2|2 = 12."""
    hands = ["6|6 2|2 2|1 2|0 1|1 1|0 0|0", "6|5 5|5 5|4 4|4 6|4 4|3 3|3"]
    game = new_game(domino.Rules.dominican(mode="two"), hands)
    events = run(game, "6|6 6|5 pass 5|5 pass 5|4 pass 4|4 pass 6|4R pass 4|3 pass 3|3")
    assert scores_of(events) == [(1, 1, 12, "domino")]


# ---- capicua bonus -------------------------------------------------------------------

CAPICUA_HANDS = ["6|2 5|5 5|3 5|0 4|2 3|1 3|0", "6|5 5|4 4|4 3|3 3|2 2|0 1|0"]
CAPICUA_MOVES = "5|5L 6|5L 5|0R 1|0R 3|1R 3|3R 3|0R 2|0R 6|2L 3|2L 5|3L 5|4L"


@pytest.mark.parametrize("bonus", [None, 30, 50, 0])
def test_capicua_bonus(bonus: int | None) -> None:
    """1.4 Capicua bonus: 25 by default (30, 50 as options, 0 disables) on a capicua domino:
    4|2 on open ends 4 and 2; seat 1 keeps 4|4 (8)."""
    options = {} if bonus is None else {"capicua_bonus": bonus}
    rules = domino.Rules.dominican(mode="two", **options)
    expected = 25 if bonus is None else bonus
    assert rules.capicua_bonus == expected
    game = new_game(rules, CAPICUA_HANDS)
    run(game, CAPICUA_MOVES)
    assert game.ends == (4, 2)
    events = game.play("4|2R")
    bonus_scores = [(0, 0, expected, "capicua")] if expected else []
    assert scores_of(events) == [(0, 0, 8, "domino"), *bonus_scores]
    assert game.scores == (8 + expected, 0)


@pytest.mark.parametrize("last", ["3|3", "3|0"])
def test_no_capicua_bonus_on_equal_ends(last: str) -> None:
    """1.4 Capicua bonus, as defined in 1.3: the winning tile fits both ends only because they
    show the same number (3 and 3): a double or a plain tile, no bonus."""
    hands = ["6|6 2|2 2|1 2|0 1|1 1|0 0|0", f"6|5 5|5 6|4 4|4 5|3 4|3 {last}"]
    game = new_game(domino.Rules.dominican(mode="two", capicua_bonus=50), hands)
    run(game, "6|6 6|5 pass 5|5 pass 6|4R pass 4|4R pass 5|3L pass 4|3R pass")
    assert game.ends == (3, 3) and game.hand(1) == TileSet.parse(last)
    events = game.play(last)
    assert events[1] == domino.Event("round_end", seat=1, side=1, tile=Tile.parse(last),
                                     reason="domino")
    assert scores_of(events) == [(1, 1, 12, "domino")]


# ---- tranque "lowest" ------------------------------------------------------------------

# "three" mode: seat 1 must open 6|6, every other six is set aside, so the
# opening tile blocks the round at once (seat 1 is leader and blocker).
THREE = {
    # pips 30, 30, 45: seats 0 and 1 tie; the leader (1) wins for its side
    "tie-with-leader": ["5|4 4|3 4|1 3|0 2|1 2|0 1|0", "6|6 5|2 4|4 4|0 3|2 3|1 1|1",
                        "5|5 5|3 5|1 5|0 4|2 3|3 2|2"],
    # pips 30, 45, 30: seats 0 and 2 tie; after the leader (1) comes seat 2 first
    "tie-after-leader": ["4|3 3|3 3|2 3|1 3|0 2|1 1|1", "6|6 5|5 5|4 5|2 4|4 4|2 4|1",
                         "5|3 5|1 5|0 4|0 2|2 2|0 1|0"],
    # pips 25, 45, 35
    "next-lower": ["5|1 5|0 4|0 3|1 2|1 1|1 1|0", "6|6 5|5 5|4 5|2 4|4 4|1 3|3",
                   "5|3 4|3 4|2 3|2 3|0 2|2 2|0"],
    # pips 27, 39, 39
    "blocker-ties-next": ["5|0 4|2 3|1 3|0 2|2 2|1 2|0", "6|6 5|5 5|4 4|3 4|1 3|3 1|1",
                          "5|3 5|2 5|1 4|4 4|0 3|2 1|0"],
}
THREE_PIPS = {"tie-with-leader": [30, 30, 45], "tie-after-leader": [30, 45, 30],
              "next-lower": [25, 45, 35], "blocker-ties-next": [27, 39, 39]}


@pytest.mark.parametrize(("case", "tranque", "winner"), [
    ("tie-with-leader", "lowest", 1),
    ("tie-after-leader", "lowest", 2),
    ("next-lower", "lowest", 0),
    ("next-lower", "blocker", 2),
    ("blocker-ties-next", "lowest", 0),
    ("blocker-ties-next", "blocker", 1),
    ("tie-with-leader", "blocker", 1),
])
def test_tranque_three_players(case: str, tranque: str, winner: int) -> None:
    """1.4 Tranque: "lowest": fewest pips takes every pip (own included), an opposing tie goes
    to the tied player nearest the leader (leader first); "blocker": the blocker and the next
    seat compare, the lower takes all, a tie goes to the blocker."""
    rules = domino.Rules.dominican(mode="three", tranque=tranque)
    game = new_game(rules, THREE[case])
    events = game.play("6|6")
    assert sum(THREE_PIPS[case]) == 105
    assert events == [
        domino.Event("play", seat=1, side=1, tile=Tile(6, 6), end="L"),
        domino.Event("round_end", seat=winner, side=winner, tile=Tile(6, 6), reason="block"),
        domino.Event("score", seat=winner, side=winner, points=105, reason="block"),
        domino.Event("deal", seat=winner, side=winner, count=2),
    ]


@pytest.mark.parametrize("case", list(THREE))
def test_three_player_hands_have_the_stated_pips(case: str) -> None:
    """(Fixture check for the tranque tests: the pips after the opening 6|6.)"""
    game = new_game(domino.Rules.dominican(mode="three"), THREE[case])
    pips = [game.pips(s) for s in range(3)]
    pips[1] -= 12
    assert pips == THREE_PIPS[case]


# 4-player tranques found by a seeded search: (hands, moves, pips after, leader)
FOUR = {
    "pairs-partners-tie": (
        ["6|3 6|1 5|4 4|4 3|3 3|0 2|2", "6|2 6|0 5|5 5|0 4|0 1|0 0|0",
         "6|6 5|3 5|2 5|1 4|3 4|1 2|0", "6|5 6|4 4|2 3|2 3|1 2|1 1|1"],
        "6|6L 6|4L 6|3R 4|0L 5|3R 6|5R 3|0L 6|0R 2|0R 3|1L 6|1L 6|2R", [27, 16, 25, 16], 2),
    "pairs-opposing-tie-leader": (
        ["6|5 6|4 5|4 4|0 2|1 2|0 0|0", "6|2 4|2 3|3 3|2 3|1 3|0 2|2",
         "6|3 6|0 5|5 5|3 5|1 5|0 4|1", "6|6 6|1 5|2 4|4 4|3 1|1 1|0"],
        "6|6L 6|4L 6|2R 4|1L 1|0L 4|0L 4|2R pass 4|4L 5|4L pass 5|3L 4|3L", [16, 22, 36, 16], 3),
    "pairs-opposing-tie-after-leader": (
        ["6|0 5|5 5|2 4|0 3|2 2|0 0|0", "5|3 4|4 4|3 3|0 2|2 1|1 1|0",
         "6|6 6|4 6|3 6|2 5|1 4|2 3|3", "6|5 6|1 5|4 5|0 4|1 3|1 2|1"],
        "6|6L 6|5L 5|5L 5|3L 6|2R 3|1L 2|0R 1|1L 5|1L 5|0R 5|2L 2|2L 4|2L 5|4L",
        [15, 19, 25, 15], 2),
    "four-unique": (
        ["6|5 6|2 4|4 4|3 4|2 3|2 1|0", "6|4 6|1 6|0 5|3 5|2 2|0 1|1",
         "6|6 5|5 5|0 4|1 2|2 2|1 0|0", "6|3 5|4 5|1 4|0 3|3 3|1 3|0"],
        "6|6L 6|3L 3|2L 6|4R 2|2L 5|4R 6|2L 6|0L 5|0L 5|1L 6|5R 6|1L", [22, 19, 18, 17], 2),
}


@pytest.mark.parametrize(("case", "mode", "tranque", "winner"), [
    # partners 1 and 3 tie on 16: their team wins (seat 3 is nearer the leader, 2)
    ("pairs-partners-tie", "pairs", "lowest", 3),
    # seats 0 and 3 (opponents) tie on 16: the leader, seat 3, wins
    ("pairs-opposing-tie-leader", "pairs", "lowest", 3),
    # seats 0 and 3 tie on 15, leader 2: turn order from the leader reaches 3 first
    ("pairs-opposing-tie-after-leader", "pairs", "lowest", 3),
    ("four-unique", "four", "lowest", 3),
    # seat 1 blocks with 6|1 and holds 19; the next seat, 2, holds 18 and wins
    # (though seat 3 has fewer)
    ("four-unique", "four", "blocker", 2),
])
def test_tranque_four_players(case: str, mode: str, tranque: str, winner: int) -> None:
    """1.4 Tranque with 4 players: the winner's side takes every pip on the table, own
    included; the winner leads the next round."""
    hands, moves, pips, leader = FOUR[case]
    rules = domino.Rules.dominican(mode=mode, tranque=tranque)
    game = new_game(rules, hands)
    *head, last = moves.split()
    run(game, " ".join(head))
    assert game.leader == leader
    tile = Tile.parse(last[:-1])
    assert [game.pips(s) - (tile.pips if s == game.to_move else 0) for s in range(4)] == pips
    before = game.scores
    events = game.play(last)
    side = rules.side_of(winner)
    assert events[1] == domino.Event("round_end", seat=winner, side=side, tile=tile,
                                     reason="block")
    assert scores_of(events) == [(winner, side, sum(pips), "block")]
    assert game.scores[side] == before[side] + sum(pips)
    assert events[-1] == domino.Event("deal", seat=winner, side=side, count=2)


# ---- pases --------------------------------------------------------------------------

# "three": seat 1 opens 6|6; seat 2 has no six; seat 0 holds 6|5.
SALIDA = ["6|5 5|4 5|3 5|2 5|1 5|0 4|4", "6|6 4|3 4|2 4|1 4|0 3|3 3|2",
          "3|1 3|0 2|2 2|1 2|0 1|1 1|0"]


def test_pase_de_salida() -> None:
    """1.4 Pase de salida: the seat after the leader cannot answer the opening tile: the
    leader scores the bonus (once: the same seat passing later scores nothing for it)."""
    rules = domino.Rules.dominican(mode="three", pase_de_salida_bonus=20)
    game = new_game(rules, SALIDA)
    game.play("6|6")
    assert game.play("pass") == [
        domino.Event("pass", seat=2, side=2),
        domino.Event("score", seat=1, side=1, points=20, reason="pase_de_salida")]
    events = run(game, "6|5 pass pass")  # seats 1 and 2 cannot answer 6|5 either
    assert scores_of(events) == []
    assert game.scores == (0, 20, 0)


def test_pase_corrido() -> None:
    """1.4 Pase corrido: every other player passes in a row after a placement: the placer
    scores the bonus (seat 0's 6|5, passed by seats 1 and 2)."""
    rules = domino.Rules.dominican(mode="three", pase_corrido_bonus=30)
    game = new_game(rules, SALIDA)
    assert scores_of(run(game, "6|6 pass 6|5 pass")) == []  # one pass is not all of them
    assert game.play("pass") == [
        domino.Event("pass", seat=2, side=2),
        domino.Event("score", seat=0, side=0, points=30, reason="pase_corrido")]
    assert game.to_move == 0 and game.scores == (30, 0, 0)


def test_pase_de_salida_only_for_the_seat_after_the_leader() -> None:
    """1.4 Pase de salida: seat 2 answers the opening; seat 0's pass is no salida (but with
    seat 1's pass it is a pase corrido for seat 2)."""
    hands = [SALIDA[2], SALIDA[1], SALIDA[0]]
    rules = domino.Rules.dominican(mode="three", pase_de_salida_bonus=20, pase_corrido_bonus=30)
    game = new_game(rules, hands)
    events = run(game, "6|6 6|5 pass pass")
    assert scores_of(events) == [(2, 2, 30, "pase_corrido")]


def test_pase_de_salida_and_corrido_on_the_opening_tile() -> None:
    """1.4 Pases: nobody answers 6|6 (seat 1 still holds 6|5): salida at the first pass,
    corrido at the last."""
    hands = ["5|5 5|4 5|3 5|2 5|1 5|0 4|4", "6|6 6|5 4|3 4|2 4|1 4|0 3|3",
             "3|1 3|0 2|2 2|1 2|0 1|1 1|0"]
    rules = domino.Rules.dominican(mode="three", pase_de_salida_bonus=20, pase_corrido_bonus=30)
    game = new_game(rules, hands)
    events = run(game, "6|6 pass pass")
    assert scores_of(events) == [(1, 1, 20, "pase_de_salida"), (1, 1, 30, "pase_corrido")]
    assert game.to_move == 1 and game.legal_moves() == [domino.Move.play("6|5", "L")]


def test_pase_corrido_in_pairs_counts_the_partners_pass() -> None:
    """1.4 Pases in pairs: seats 1, 2 (partner) and 3 all pass on seat 0's 6|6: team 0
    scores the salida (at seat 1's pass) and the corrido (at seat 3's)."""
    hands = ["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4",
             "4|3 4|2 4|1 4|0 3|3 3|2 3|1", "3|0 2|2 2|1 2|0 1|1 1|0 0|0"]
    rules = domino.Rules.dominican(mode="pairs", pase_de_salida_bonus=20, pase_corrido_bonus=30)
    game = new_game(rules, hands)
    events = run(game, "6|6 pass pass pass")
    assert scores_of(events) == [(0, 0, 20, "pase_de_salida"), (0, 0, 30, "pase_corrido")]
    assert game.scores == (50, 0)


def test_pases_are_off_by_default() -> None:
    """1.4 Pases: both bonuses default to 0 = off: passes score nothing."""
    rules = domino.Rules.dominican(mode="three")
    assert (rules.pase_corrido_bonus, rules.pase_de_salida_bonus) == (0, 0)
    game = new_game(rules, SALIDA)
    events = run(game, "6|6 pass 6|5 pass pass")
    assert scores_of(events) == [] and game.scores == (0, 0, 0)


# ---- target -------------------------------------------------------------------------

# "two": seat 0 opens 6|6, seat 1 (no five or six) passes: a pase de salida.
# Seat 0's 6|5 then blocks the round; seat 1 has 15 pips to seat 0's 32, so
# seat 1 takes all 47.
TARGET_HANDS = ["6|6 6|5 4|4 4|3 4|2 3|3 3|2", "3|0 2|2 2|1 2|0 1|1 1|0 0|0"]


def test_target_is_checked_at_the_round_end_only() -> None:
    """1.4 Target: a pase bonus taking a side past the target mid-round ends nothing; the game
    ends at the end of that round."""
    rules = domino.Rules.dominican(mode="two", target=50, pase_de_salida_bonus=50)
    game = new_game(rules, TARGET_HANDS)
    events = run(game, "6|6 pass")
    assert scores_of(events) == [(0, 0, 50, "pase_de_salida")]
    assert game.scores == (50, 0) and not game.is_over and game.to_move == 0
    events = game.play("6|5")
    assert [e.kind for e in events] == ["play", "round_end", "score", "game_end"]
    assert events[-1] == domino.Event("game_end", side=0, reason="normal", count=50)
    assert game.scores == (50, 47) and game.winner == 0


@pytest.mark.parametrize(("salida", "target", "winner"), [
    (60, 40, 0),  # 60 against 47: the higher
    (30, 30, 1),  # 30 against 47: the higher
    (47, 40, 1),  # 47 each: the side that won the round (seat 1), not the leader
])
def test_two_sides_past_the_target(salida: int, target: int, winner: int) -> None:
    """1.4 Target: two sides past it in one round: the higher wins; equal scores go to the
    side that won the round."""
    rules = domino.Rules.dominican(mode="two", target=target, pase_de_salida_bonus=salida)
    game = new_game(rules, TARGET_HANDS)
    events = run(game, "6|6 pass 6|5")
    assert game.scores == (salida, 47)
    assert events[-1] == domino.Event("game_end", side=winner, reason="normal",
                                      count=game.scores[winner])
    assert game.winner == winner


@pytest.mark.parametrize("target", [100, 150, 200])
def test_target_options(target: int) -> None:
    """1.4 Target options 100/150/200: the round that takes a side to the target ends the
    game; one point short, the next round is dealt. (Capicua domino: 8 + bonus.)"""
    assert domino.Rules.dominican().target == 200
    for bonus, over in ((target - 8, True), (target - 9, False)):
        rules = domino.Rules.dominican(mode="two", target=target, capicua_bonus=bonus)
        game = new_game(rules, CAPICUA_HANDS)
        events = run(game, CAPICUA_MOVES + " 4|2R")
        assert game.scores == (8 + bonus, 0)
        assert game.is_over is over
        if over:
            assert events[-1] == domino.Event("game_end", side=0, reason="normal", count=target)
        else:
            assert events[-1] == domino.Event("deal", seat=0, side=0, count=2)


def test_dominican_rejects_bad_modes_and_targets() -> None:
    """1.4: the four mode names only; seats are fixed by the mode."""
    with pytest.raises(RulesError, match="'five'"):
        domino.Rules.dominican(mode="five")
    with pytest.raises(RulesError):
        domino.Rules.dominican(mode="pairs", players=3)
    with pytest.raises(RulesError):
        domino.Rules.dominican(target=0)

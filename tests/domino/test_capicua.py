"""docs/rules.md section 1.3: Capicua to 20, one test per rule.

Positions come from hand-made deals; the longer rounds were found once by a
seeded search over random games and frozen here as (hands, boneyard head,
moves). Every expected number is worked out from the rules in the comments.
"""

from __future__ import annotations

import pytest

from pintas import domino
from pintas.errors import IllegalMoveError, RulesError
from pintas.tiles import Tile, TileSet
from tests.domino.support import new_game, run, scores_of


def table(t: int) -> int:
    """1.3 domino points: 1 if T <= 2, 2 if 3..20, ceil(T/10) from 21."""
    return 1 if t <= 2 else 2 if t <= 20 else -(-t // 10)


# Seat 0 holds every six; after its 6|6 nobody else can answer.
SIXES4 = ["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4",
          "4|3 4|2 4|1 4|0 3|3 3|2 3|1", "3|0 2|2 2|1 2|0 1|1 1|0 0|0"]

# A 4-player round (seeded search) with passes from both sides; seat 3 wins it
# by domino with 6|3 (T = 6 + 20 + 15 = 41 -> 5).
PASSES4_HANDS = ["5|3 5|2 4|1 2|1 1|1 1|0 0|0", "6|0 5|5 5|4 4|3 4|2 4|0 3|0",
                 "6|2 6|1 5|1 3|3 3|2 2|2 2|0", "6|6 6|5 6|4 6|3 5|0 4|4 3|1"]
PASSES4_MOVES = ("6|6L pass 6|0L 6|1R 5|0L 5|3L 4|3L 5|1R 4|4L 5|2R 5|4L 6|2R 6|5L pass pass "
                 "pass 6|4L 4|1L pass pass 3|1L pass 3|0L 2|0L 6|3R").split()

# A 4-player round (seeded search) without a single pass, won by seat 3 with a
# capicua: 4|3 on ends 4 and 3 (T = 8 + 0 + 2 = 10 -> 2, doubled).
QUIET4_HANDS = ["6|4 6|1 6|0 5|5 5|2 4|4 3|1", "6|5 5|0 4|2 3|0 2|1 1|0 0|0",
                "6|2 5|4 4|1 3|3 2|2 2|0 1|1", "6|6 6|3 5|3 5|1 4|3 4|0 3|2"]
QUIET4_MOVES = ("6|6L 6|1L 1|0L 2|0L 3|2L 3|1L 2|1L 2|2L 6|3R 5|2L 6|5L 3|3R 5|3R 5|5R 5|0R "
                "6|2L 4|0R 6|4R 4|2L 4|1L 5|1L 6|0R 3|0R 5|4L 4|3L")


# ---- pass points -----------------------------------------------------------------


def test_each_opponent_pass_scores_two_for_the_last_placer() -> None:
    """1.3 Pass points: every pass by an opponent of the last placer scores that placer 2."""
    game = new_game(domino.Rules.capicua(players=4), SIXES4)
    game.play("6|6")
    for n, seat in enumerate((1, 2, 3), start=1):
        events = game.play("pass")
        assert events == [domino.Event("pass", seat=seat, side=seat),
                          domino.Event("score", seat=0, side=0, points=2, reason="pass")]
        assert game.scores == (2 * n, 0, 0, 0)


def test_a_partners_pass_scores_nothing_in_pairs() -> None:
    """1.3 Pass points (pairs): seat 1's and 3's passes score 2 for team 0; partner 2's, none."""
    game = new_game(domino.Rules.capicua(players=4, pairs=True), SIXES4)
    game.play("6|6")
    assert scores_of(game.play("pass")) == [(0, 2, "pass")]
    assert scores_of(game.play("pass")) == []  # seat 2, the placer's partner
    assert scores_of(game.play("pass")) == [(0, 2, "pass")]
    assert game.scores == (4, 0)


@pytest.mark.parametrize(("pass_points", "each"), [(0, 0), (3, 3), (2, 2)])
def test_pass_points_option(pass_points: int, each: int) -> None:
    """1.3 Pass points option: pass_points=0 disables them, another value replaces 2."""
    rules = domino.Rules.capicua(players=4, pass_points=pass_points)
    assert rules.pass_points == pass_points
    game = new_game(rules, SIXES4)
    events = run(game, "6|6 pass pass pass")
    assert scores_of(events) == ([(0, each, "pass")] * 3 if each else [])
    assert game.scores == (3 * each, 0, 0, 0)


def test_no_pass_while_the_boneyard_has_tiles() -> None:
    """1.3 Pass points: with a boneyard the player draws (no points); the pass comes once empty."""
    hands = ["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"]
    game = new_game(domino.Rules.capicua(players=2), hands)
    game.play("6|6")
    for _ in range(14):
        with pytest.raises(IllegalMoveError):
            game.play("pass")
        assert scores_of(game.play("draw")) == []
    assert game.scores == (0, 0) and game.boneyard_size == 0
    assert scores_of(game.play("pass")) == [(0, 2, "pass")]


# ---- domino -------------------------------------------------------------------------

# (hands, boneyard head, moves, winner, T) for 2 players, from a seeded search.
DOMINOES = [
    (["6|3 6|0 5|2 4|4 4|3 3|2 2|2", "6|5 6|1 5|1 4|0 3|0 2|0 0|0"], "",
     "4|4L 4|0L 4|3R 2|0L 6|3R 6|1R 3|2L 5|1R 5|2R 3|0L 6|0L 6|5L 2|2R", 0, 0),
    (["6|4 6|3 6|1 5|1 4|1 2|0 1|0", "6|2 5|2 4|0 3|3 3|1 2|1 1|1"], "",
     "3|3L 6|3L 6|2L 2|0L 3|1R 6|1R 4|0L 4|1L 2|1L 6|4R 5|2L 5|1L 1|1L", 1, 1),
    (["6|5 5|4 5|3 5|1 3|2 3|0 1|1", "6|4 6|3 6|1 5|2 4|4 4|0 0|0"], "",
     "4|4L 5|4L 6|4R 5|1L 6|3R 3|2R 5|2R 5|3R 6|1L 3|0R 0|0R 6|5L 4|0R", 1, 2),
    (["6|3 6|1 4|1 3|0 2|2 2|1 0|0", "6|6 5|5 5|0 4|3 3|2 2|0 1|0"], "",
     "6|6L 6|3L 4|3L 6|1R 1|0R 3|0R 3|2R 2|2R 2|0R 0|0R 5|0R 4|1L 5|5R", 1, 3),
    (["6|2 5|5 4|2 3|1 3|0 2|0 1|0", "6|5 6|4 6|3 5|4 5|0 2|2 0|0"], "1|1",
     "5|5L 5|0L 3|0L 5|4R 3|1L 6|4R 6|2R 2|2R 4|2R draw 1|1L 1|0L 0|0L 2|0L", 0, 20),
    (["6|1 5|3 4|3 3|3 3|1 2|0 0|0", "6|4 5|1 4|2 4|1 3|0 1|1 1|0"], "5|5 3|2",
     "3|3L 3|0L 0|0L 1|0L 3|1R 1|1L 6|1L 5|1R 5|3R 6|4L 4|3L draw draw 3|2L 2|0L", 0, 21),
    (["6|3 5|0 4|4 3|3 3|2 3|0 2|0", "6|2 6|0 5|1 4|2 4|1 2|2 2|1"], "6|5 5|2 6|1",
     "4|4L 4|2L 3|2L 4|1R 3|0L 5|1R 2|0L 2|1L 5|0R 6|0R 6|3R draw draw draw 6|1L 3|3R", 0, 30),
    (["6|5 6|3 5|5 5|3 3|3 2|0 1|1", "6|6 6|0 5|2 5|0 3|1 3|0 2|2"], "4|2 5|4 1|0",
     "6|6L 6|3L 3|1L 6|5R 5|2R 1|1L 2|2R 2|0R 3|0R 5|3R 5|0R draw draw draw 1|0L 6|0L", 1, 31),
    (["6|5 6|1 6|0 5|3 5|1 3|1 2|1", "6|3 6|2 5|4 5|2 3|3 2|2 1|0"], "4|4 5|0 6|4 4|2",
     "3|3L 3|1L 6|3R 6|1R 1|0L 2|1R 2|2R 6|0L 5|2R 5|3R 6|2L draw draw draw draw 4|2L 5|4L",
     1, 40),
    (["6|6 3|1 3|0 2|2 2|1 1|1 0|0", "6|2 6|1 5|5 5|4 4|4 4|3 3|3"], "2|0 6|5 5|1 5|2",
     "6|6L 6|2L 2|2L 6|1R 2|1R draw 2|0L 0|0L draw draw draw 5|2R 3|0L 5|4R 3|1L 4|3R 1|1L",
     0, 41),
]


@pytest.mark.parametrize(("hands", "first", "moves", "winner", "t"), DOMINOES,
                         ids=[f"T{d[4]}" for d in DOMINOES])
def test_domino_points_table(hands: list[str], first: str, moves: str, winner: int,
                             t: int) -> None:
    """1.3 Domino: T <= 2 -> 1; 3..20 -> 2; 21-30 -> 3; 31-40 -> 4; 41 -> 5."""
    game = new_game(domino.Rules.capicua(players=2), hands, first=first)
    *head, last = moves.split()
    run(game, " ".join(head))
    assert game.pips(1 - winner) == t and len(game.hand(winner)) == 1
    events = game.play(last)
    expected = {0: 1, 1: 1, 2: 1, 3: 2, 20: 2, 21: 3, 30: 3, 31: 4, 40: 4, 41: 5}[t]
    assert expected == table(t)
    assert events[1] == domino.Event("round_end", seat=winner, side=winner,
                                     tile=Tile.parse(last[:-1]), reason="domino")
    assert [p for s, p, why in scores_of(events) if why == "domino"] == [expected]
    assert game.leader == winner and game.round == 2


def test_domino_t_includes_the_partners_pips() -> None:
    """1.3 Domino (pairs): T counts every other hand, the partner's too: 6 + 22 + 3 = 31 -> 4
    (without the partner's 3 it would be 28 -> 3)."""
    hands = ["6|1 5|3 5|2 4|2 2|1 1|1 1|0", "6|6 6|5 6|4 5|4 4|1 4|0 3|2",
             "6|2 6|0 5|5 5|1 5|0 4|3 2|2", "6|3 4|4 3|3 3|1 3|0 2|0 0|0"]
    moves = ("6|6L 6|0L 0|0L 6|1R 4|0L 5|1R 4|4L 5|3R 4|1L 4|3R 3|1L 4|2R 3|2R pass 6|3L pass "
             "6|5L 5|0L 2|0L 5|2L 5|4L pass 3|3R pass")
    game = new_game(domino.Rules.capicua(players=4, pairs=True, target=100), hands)
    run(game, moves)
    assert [game.pips(s) for s in range(4)] == [6, 10, 22, 3]
    events = game.play("6|4L")
    assert events[1] == domino.Event("round_end", seat=1, side=1, tile=Tile(6, 4), reason="domino")
    assert scores_of(events) == [(1, 4, "domino")]


# ---- capicua -------------------------------------------------------------------------

CAPICUA_HANDS = ["6|2 5|5 5|3 5|0 4|2 3|1 3|0", "6|5 5|4 4|4 3|3 3|2 2|0 1|0"]
CAPICUA_MOVES = "5|5L 6|5L 5|0R 1|0R 3|1R 3|3R 3|0R 2|0R 6|2L 3|2L 5|3L 5|4L"


def test_capicua_doubles_the_domino_points() -> None:
    """1.3 Capicua: 4|2 wins on ends 4 and 2 (either end, different, no double): 2 + 2."""
    game = new_game(domino.Rules.capicua(players=2), CAPICUA_HANDS)
    run(game, CAPICUA_MOVES)
    assert game.ends == (4, 2) and game.hand(0) == TileSet.parse("4|2")
    assert {domino.Move.play("4|2", "L"), domino.Move.play("4|2", "R")} == set(game.legal_moves())
    events = game.play("4|2R")
    # T = 8 (seat 1 keeps 4|4) -> 2, doubled by a second score
    assert scores_of(events) == [(0, 2, "domino"), (0, 2, "capicua")]
    assert game.scores == (4, 0)


def test_capicua_option_off() -> None:
    """1.3 Capicua option: capicua=False scores the same win once."""
    rules = domino.Rules.capicua(players=2, capicua=False)
    assert rules.capicua_doubles is False
    game = new_game(rules, CAPICUA_HANDS)
    run(game, CAPICUA_MOVES)
    assert scores_of(game.play("4|2R")) == [(0, 2, "domino")]


def test_capicua_doubles_in_pairs_too() -> None:
    """1.3 Capicua in a 4-player game: 4|3 on ends 4 and 3 gives 2 + 2 to seat 3."""
    game = new_game(domino.Rules.capicua(players=4), QUIET4_HANDS)
    *head, last = QUIET4_MOVES.split()
    run(game, " ".join(head))
    assert game.ends == (4, 3)
    assert scores_of(game.play(last)) == [(3, 2, "domino"), (3, 2, "capicua")]


@pytest.mark.parametrize(("hands", "moves", "ends", "last"), [
    # a double closing on equal ends 3 and 3: it fits both ends, but no capicua
    (["6|1 4|4 4|0 3|3 3|1 3|0 2|0", "6|4 5|3 5|1 4|3 3|2 1|0 0|0"],
     "4|4L 6|4L 6|1L 5|1L 4|0R 1|0R 3|1R 3|2R 2|0R 0|0R 3|0R 5|3L", (3, 3), "3|3L"),
    # a plain tile on equal ends 5 and 5: fits both, no capicua
    (["6|3 6|2 5|0 4|2 4|1 1|1 0|0", "5|4 5|3 5|2 4|0 3|1 2|1 1|0"],
     "1|1L 3|1L 6|3L 1|0R 0|0R 4|0R 4|1R 2|1R 6|2L 5|2L 4|2R 5|4R", (5, 5), "5|0L"),
    # a tile that fits one end only (2|0 on ends 0 and 4)
    (DOMINOES[4][0], "5|5L 5|0L 3|0L 5|4R 3|1L 6|4R 6|2R 2|2R 4|2R draw 1|1L 1|0L 0|0L",
     (0, 4), "2|0L"),
], ids=["double-on-equal-ends", "equal-ends", "one-end-only"])
def test_no_capicua_exclusions(hands: list[str], moves: str, ends: tuple[int, int],
                               last: str) -> None:
    """1.3 Capicua exclusions: a double, equal open ends, a tile fitting one end: no doubling."""
    first = "1|1" if hands is DOMINOES[4][0] else ""
    game = new_game(domino.Rules.capicua(players=2), hands, first=first)
    run(game, moves)
    assert game.ends == ends
    events = game.play(last)
    assert events[1].kind == "round_end" and events[1].reason == "domino"
    assert [why for _, _, why in scores_of(events)] == ["domino"]


# ---- block ----------------------------------------------------------------------------

BLOCKS = {
    # leader 2; pips 22, 19, 18, 17: seat 3 wins alone, T = 59 -> 6
    "unique": (["6|5 6|2 4|4 4|3 4|2 3|2 1|0", "6|4 6|1 6|0 5|3 5|2 2|0 1|1",
                "6|6 5|5 5|0 4|1 2|2 2|1 0|0", "6|3 5|4 5|1 4|0 3|3 3|1 3|0"],
               "6|6L 6|3L 3|2L 6|4R 2|2L 5|4R 6|2L 6|0L 5|0L 5|1L 6|5R 6|1L",
               [22, 19, 18, 17], 3, 6),
    # leader 2; pips 15, 14, 14, 17: seats 1 and 2 tie, the leader (2) wins, T = 46 -> 5
    "tie-with-leader": (["6|3 6|1 5|5 5|2 4|4 4|0 1|0", "6|5 6|0 5|4 4|1 3|2 2|0 1|1",
                         "6|6 6|2 5|1 5|0 3|1 2|2 0|0", "6|4 5|3 4|3 4|2 3|3 3|0 2|1"],
                        "6|6L 6|4L 4|4L 6|0R 0|0R 4|2L 5|2L 5|4L 5|0R 4|3L 6|3L 6|5R 6|2L "
                        "2|1L 6|1L", [15, 14, 14, 17], 2, 5),
    # leader 2; pips 18, 10, 12, 10: seats 1 and 3 tie; after the leader comes 3 first
    # (then 0, then 1), so seat 3 wins, T = 40 -> 4
    "tie-after-leader": (["6|0 5|5 5|3 5|0 3|3 2|2 0|0", "6|3 5|2 4|4 4|3 4|2 2|0 1|0",
                          "6|6 6|5 6|1 5|1 3|2 3|0 2|1", "6|4 6|2 5|4 4|1 4|0 3|1 1|1"],
                         "6|6L 6|4L 6|0R 4|3L 3|0L 4|0L 0|0R 4|2L 2|1L 3|1L 5|0R 6|3L 6|5L "
                         "5|4L 5|5R 4|4L 5|1R 4|1R", [18, 10, 12, 10], 3, 4),
}


@pytest.mark.parametrize("pairs", [False, True], ids=["individual", "pairs"])
@pytest.mark.parametrize("case", list(BLOCKS))
def test_block_fewest_pips_wins_and_scores_like_a_domino(case: str, pairs: bool) -> None:
    """1.3 Block: fewest pips wins, T = all other hands; ties go to the leader, else to the
    first tied seat after the leader; the winner leads the next round."""
    hands, moves, pips, winner, points = BLOCKS[case]
    rules = domino.Rules.capicua(players=4, pairs=pairs, target=100)
    game = new_game(rules, hands)
    *head, last = moves.split()
    run(game, " ".join(head))
    assert game.leader == 2
    before = game.scores
    tile = Tile.parse(last[:-1])
    after = [game.pips(s) - (tile.pips if s == game.to_move else 0) for s in range(4)]
    assert after == pips
    events = game.play(last)
    side = rules.side_of(winner)
    assert events[1] == domino.Event("round_end", seat=winner, side=side, tile=tile,
                                     reason="block")
    assert points == table(sum(pips) - pips[winner])
    assert scores_of(events) == [(winner, points, "block")]
    assert "pass" not in [e.kind for e in events]
    assert game.scores[side] == before[side] + points
    assert events[-1] == domino.Event("deal", seat=winner, side=side, count=2)
    assert game.leader == winner and game.to_move == winner


# ---- end of the game, zapatero ----------------------------------------------------------


def play_until(game: domino.Game, moves: list[str], n: int) -> list[domino.Event]:
    events: list[domino.Event] = []
    for move in moves[:n]:
        events = game.play(move)
    return events


def test_pass_points_reaching_the_target_end_the_game_at_once_zapatero() -> None:
    """1.3 End + zapatero: seat 3's 8th point comes from a pass; the others are on 0."""
    game = new_game(domino.Rules.capicua(players=4, target=8), PASSES4_HANDS)
    events = play_until(game, PASSES4_MOVES, 16)
    assert events == [domino.Event("pass", seat=2, side=2),
                      domino.Event("score", seat=3, side=3, points=2, reason="pass"),
                      domino.Event("game_end", side=3, reason="zapatero", count=8)]
    assert events[-1].zapatero and "zapatero" in str(events[-1])
    assert game.is_over and game.winner == 3 and game.scores == (0, 0, 0, 8)
    assert game.hand_sizes == (5, 4, 4, 3), "ended mid-round: the hands stay"
    with pytest.raises(IllegalMoveError):
        game.play(PASSES4_MOVES[16])


def test_game_ends_at_twenty_by_pass_points() -> None:
    """1.3 End at the default target 20, reached by pass points in mid-round (3 players,
    seeded search): seats 0 and 2 keep passing on seat 1's tiles; the tenth pass ends it,
    with both opponents on 0: zapatero."""
    hands = ["6|1 5|5 5|0 4|3 4|2 2|1 1|0", "6|2 6|0 5|4 5|3 3|3 3|2 2|0",
             "6|4 5|1 4|4 4|1 3|1 3|0 1|1"]
    moves = ("5|5L 5|3L 3|0L 5|0L 5|4L 6|4L 6|1L draw draw draw 5|2R 5|1L 2|1R draw draw draw "
             "6|5L 3|1R 4|3R 6|6L 4|4R 4|2R 6|3L draw pass pass 2|2R pass pass 3|3L pass pass "
             "3|2L pass pass 6|2L pass").split()
    game = new_game(domino.Rules.capicua(players=3), hands, first="6|6 6|3 5|2 2|2 4|0 6|5 0|0")
    run(game, " ".join(moves))
    assert game.scores == (0, 18, 0) and game.boneyard_size == 0
    events = game.play("pass")
    assert events == [domino.Event("pass", seat=0, side=0),
                      domino.Event("score", seat=1, side=1, points=2, reason="pass"),
                      domino.Event("game_end", side=1, reason="zapatero", count=20)]
    assert game.is_over and game.winner == 1 and game.scores == (0, 20, 0)


def test_no_zapatero_when_an_opponent_has_points() -> None:
    """1.3 Zapatero: seat 3 reaches 10 by a pass while seat 0 has 4: a normal end."""
    game = new_game(domino.Rules.capicua(players=4, target=10), PASSES4_HANDS)
    events = play_until(game, PASSES4_MOVES, 22)
    assert events[-1] == domino.Event("game_end", side=3, reason="normal", count=10)
    assert not events[-1].zapatero
    assert game.scores == (4, 0, 0, 10)


def test_domino_reaching_the_target_ends_the_game() -> None:
    """1.3 End: seat 3's domino (5 points) takes it from 10 to 15 = target: normal end."""
    game = new_game(domino.Rules.capicua(players=4, target=15), PASSES4_HANDS)
    events = play_until(game, PASSES4_MOVES, 25)
    assert [e.kind for e in events] == ["play", "round_end", "score", "game_end"]
    assert events[-1] == domino.Event("game_end", side=3, reason="normal", count=15)
    assert game.scores == (4, 0, 0, 15)


def test_zapatero_by_a_capicua_domino() -> None:
    """1.3 Zapatero: a round without passes won by capicua (2 + 2) reaching 4 with all on 0."""
    game = new_game(domino.Rules.capicua(players=4, target=4), QUIET4_HANDS)
    events = run(game, QUIET4_MOVES)
    assert events[-1] == domino.Event("game_end", side=3, reason="zapatero", count=4)
    assert events[-1].zapatero and game.scores == (0, 0, 0, 4)


def test_below_the_target_the_game_goes_on() -> None:
    """1.3 End: the default target is 20; 15 points end nothing."""
    game = new_game(domino.Rules.capicua(players=4), PASSES4_HANDS)
    events = play_until(game, PASSES4_MOVES, 25)
    assert events[-1] == domino.Event("deal", seat=3, side=3, count=2)
    assert not game.is_over and game.scores == (4, 0, 0, 15)


# ---- pairs mode ------------------------------------------------------------------------


def test_pairs_zapatero_is_per_team_and_partner_passes_score_nothing() -> None:
    """1.3 Pairs: team scores; partner passes score nothing; team 1 reaches 6 with team 0
    on 0 (zapatero); with target 8 it gets there after team 0 scored (normal)."""
    rules = domino.Rules.capicua(players=4, pairs=True, target=6)
    game = new_game(rules, PASSES4_HANDS)
    events = play_until(game, PASSES4_MOVES, 15)
    assert events == [domino.Event("pass", seat=1, side=1)]  # seat 3's partner: nothing
    events = game.play(PASSES4_MOVES[15])
    assert events == [domino.Event("pass", seat=2, side=0),
                      domino.Event("score", seat=3, side=1, points=2, reason="pass"),
                      domino.Event("game_end", side=1, reason="zapatero", count=6)]
    assert game.scores == (0, 6) and game.winner == 1

    game = new_game(rules.replace(target=8), PASSES4_HANDS)
    events = play_until(game, PASSES4_MOVES, 22)
    assert events[-1] == domino.Event("game_end", side=1, reason="normal", count=8)
    assert game.scores == (2, 8)


def test_pairs_needs_four_players() -> None:
    """1.3: pairs is an option with 4 players only; the default is individual."""
    assert domino.Rules.capicua().pairs is False
    assert domino.Rules.capicua(players=4, pairs=True).sides == 2
    for players in (2, 3):
        with pytest.raises(RulesError, match="pairs needs 4 players"):
            domino.Rules.capicua(players=players, pairs=True)


@pytest.mark.parametrize(("players", "boneyard"), [(2, 14), (3, 7), (4, 0)])
def test_capicua_players_and_boneyard(players: int, boneyard: int) -> None:
    """1.3: 2-4 players, 7 tiles each, a boneyard with 2-3 players; target 20, redeal 5."""
    rules = domino.Rules.capicua(players=players)
    assert (rules.target, rules.redeal_doubles, rules.pass_points) == (20, 5, 2)
    assert rules.capicua_doubles is True
    game = domino.Game(rules, seed=3)
    assert game.boneyard_size == boneyard and game.hand_sizes == (7,) * players

"""docs/rules.md section 1.2: Muggins to 200, one test per rule.

Positions come from hand-made deals. The longer rounds were found once by a
seeded search over random games and frozen here as (hands, moves); every
expected number is worked out from the rules in the comments.
"""

from __future__ import annotations

import pytest

from pintas import domino
from pintas.errors import IllegalMoveError, RulesError
from pintas.tiles import Tile, TileSet
from tests.domino.support import new_game, rest, run, scores_of
from tests.support import PCG32


def round5(x: int) -> int:
    """1.2: nearest multiple of 5, remainders 1-2 down and 3-4 up."""
    return 5 * ((x + 2) // 5) if x > 0 else 0


# A 2-player round 1 that ends quickly: seat 0 opens 1|1 (its highest double)
# and wins by domino with 5|0, seat 1 keeping 5|3 (8 pips).
QUICK_HANDS = ["6|3 6|2 5|0 4|2 4|1 1|1 0|0", "5|4 5|3 5|2 4|0 3|1 2|1 1|0"]
QUICK_MOVES = "1|1L 3|1L 6|3L 1|0R 0|0R 4|0R 4|1R 2|1R 6|2L 5|2L 4|2R 5|4R 5|0L"

# A 4-player round (seeded search) blocked by seat 1's 6|1 with pips 22, 19, 18, 17;
# before it the scores are (0, 5, 10, 15) from fives.
BLOCK4_HANDS = ["6|5 6|2 4|4 4|3 4|2 3|2 1|0", "6|4 6|1 6|0 5|3 5|2 2|0 1|1",
                "6|6 5|5 5|0 4|1 2|2 2|1 0|0", "6|3 5|4 5|1 4|0 3|3 3|1 3|0"]
BLOCK4_MOVES = "6|6L 6|3L 3|2L 6|4R 2|2L 5|4R 6|2L 6|0L 5|0L 5|1L 6|5R"
BLOCK4_LAST = "6|1L"

# A 4-player round (seeded search) blocked by seat 0's 6|2 with pips 22, 25, 17,
# 16 (total 80) and scores (5, 0, 5, 0) before: the cascade makes seats 2 and 3
# both reach 50.
TIE4_HANDS = ["6|4 6|2 6|0 5|0 4|4 4|1 3|1", "6|3 5|4 4|3 3|3 3|2 3|0 2|2",
              "6|6 5|5 5|3 4|0 2|1 1|0 0|0", "6|5 6|1 5|2 5|1 4|2 2|0 1|1"]
TIE4_MOVES = "6|6L 6|1R 6|4L 5|4L 1|0R 6|5L 6|0R 6|3R 5|3R 5|2R"
TIE4_LAST = "6|2R"


def round_two(rules: domino.Rules) -> domino.Game:
    """A 2-player game after QUICK's round 1: seat 0 won and leads round 2."""
    game = new_game(rules, QUICK_HANDS)
    run(game, QUICK_MOVES)
    assert game.round == 2 and game.leader == 0
    return game


# ---- points in play ------------------------------------------------------------


def test_fives_opening_double_counts_its_pips_once() -> None:
    """1.2 Points in play: a 5|5 opening scores 10 (its pips once while alone, not 20)."""
    hands = ["5|5 6|5 6|4 6|3 4|3 2|1 1|0", "4|4 3|3 6|2 6|1 5|4 5|3 5|0"]
    game = new_game(domino.Rules.muggins(players=2), hands)
    events = game.play("5|5")
    assert events == [domino.Event("play", seat=0, side=0, tile=Tile(5, 5), end="L"),
                      domino.Event("score", seat=0, side=0, points=10, reason="fives")]
    assert game.scores == (10, 0)


def test_fives_covered_opening_double_counts_both_halves() -> None:
    """1.2 Points in play: 5|5 then 5|0: the double's free side counts 10, plus 0 = 10."""
    hands = ["5|5 6|5 6|4 6|3 4|3 2|1 1|0", "4|4 3|3 6|2 6|1 5|4 5|3 5|0"]
    game = new_game(domino.Rules.muggins(players=2), hands)
    game.play("5|5")
    events = game.play("5|0R")
    assert game.ends == (5, 0)
    assert scores_of(events) == [(1, 10, "fives")]
    assert game.scores == (10, 10)


def test_fives_opening_tile_counts_both_ends_six_four() -> None:
    """1.2 Points in play: a 6|4 opening scores 10 (no double dealt: 6|4 is the heaviest)."""
    hands = ["6|4 5|3 5|2 4|1 4|0 3|1 2|0", "6|3 6|2 6|1 5|4 5|1 4|3 3|2"]
    game = new_game(domino.Rules.muggins(players=2), hands)  # 6|5 in the boneyard
    assert game.legal_moves() == [domino.Move.play("6|4", "L")]
    assert scores_of(game.play("6|4")) == [(0, 10, "fives")]


def test_fives_opening_three_two_scores_five() -> None:
    """1.2 Points in play: a 3|2 opening (a later round's free lead) scores 5."""
    game = round_two(domino.Rules.muggins(players=2))
    before = game.scores
    hands = ["3|2 6|6 6|5 5|5 4|4 4|1 3|3", QUICK_HANDS[1]]
    game.set_deal(domino.Deal(hands=hands, boneyard=rest(*hands)))
    assert scores_of(game.play("3|2")) == [(0, 5, "fives")]
    assert game.scores == (before[0] + 5, before[1])


@pytest.mark.parametrize(("opening", "points"), [("6|6", 0), ("0|0", 0), ("4|1", 5), ("6|5", 0)])
def test_fives_only_positive_multiples_of_five_score(opening: str, points: int) -> None:
    """1.2 Points in play: 12, 0 (not positive) and 11 score nothing; 5 scores 5."""
    game = round_two(domino.Rules.muggins(players=2))
    hand, other = f"{opening} 3|2 2|2 3|3 2|0 3|0 1|1", "5|4 5|3 5|2 4|0 3|1 2|1 1|0"
    game.set_deal(domino.Deal(hands=[hand, other], boneyard=rest(hand, other)))
    events = game.play(f"{opening}L")
    assert scores_of(events) == ([(0, points, "fives")] if points else [])


def test_fives_double_at_an_end_counts_both_halves() -> None:
    """1.2 Points in play: 6|6 at one end and 3 at the other: 12 + 3 = 15 (not 6 + 3)."""
    hands = ["6|6 6|5 6|4 4|2 4|1 2|1 1|0", "6|3 5|5 5|4 5|3 4|4 4|3 3|3"]
    game = new_game(domino.Rules.muggins(players=2), hands)
    assert scores_of(game.play("6|6")) == []  # 12 alone: no score
    events = game.play("6|3L")
    assert game.ends == (3, 6)
    assert scores_of(events) == [(1, 15, "fives")]
    # Seat 0 covers the double's other side with 6|4: ends 3 and 4, 7: nothing.
    assert scores_of(game.play("6|4R")) == []
    # Seat 1 puts 3|3 at the left: the double counts 6, plus 4 -> 10 (not 3 + 4).
    events = game.play("3|3L")
    assert game.ends == (3, 4)
    assert scores_of(events) == [(1, 10, "fives")]


# ---- domino -------------------------------------------------------------------

# (hands, boneyard head, moves, winner, opponents' pips) from a seeded search.
DOMINOES = [
    (["6|4 6|3 6|1 5|1 4|1 2|0 1|0", "6|2 5|2 4|0 3|3 3|1 2|1 1|1"], "",
     "3|3L 6|3L 6|2L 2|0L 3|1R 6|1R 4|0L 4|1L 2|1L 6|4R 5|2L 5|1L 1|1L", 1, 1),
    (["6|5 5|4 5|3 5|1 3|2 3|0 1|1", "6|4 6|3 6|1 5|2 4|4 4|0 0|0"], "",
     "4|4L 5|4L 6|4R 5|1L 6|3R 3|2R 5|2R 5|3R 6|1L 3|0R 0|0R 6|5L 4|0R", 1, 2),
    (["6|3 6|1 4|1 3|0 2|2 2|1 0|0", "6|6 5|5 5|0 4|3 3|2 2|0 1|0"], "",
     "6|6L 6|3R 4|3R 6|1L 1|0L 3|0L 3|2L 2|2L 2|0L 0|0L 5|0L 4|1R 5|5L", 1, 3),
    (["5|2 5|1 4|3 2|1 2|0 1|1 1|0", "6|4 6|1 5|5 4|1 3|2 3|0 0|0"], "",
     "5|5L 5|1L 6|1L 5|2R 6|4L 2|1R 4|1L 1|0R 3|0R 1|1L 3|2R 2|0R 0|0R", 1, 7),
    (QUICK_HANDS, "", QUICK_MOVES, 0, 8),
    (["6|5 6|1 5|1 4|2 4|1 3|1 1|0", "6|6 6|4 4|4 3|0 2|0 1|1 0|0"], "5|4",
     "6|6L 6|1R 6|4L 4|2L 1|1R 4|1R 4|4R draw 5|4R 2|0L 5|1R 0|0L 3|1R 3|0R", 1, 12),
    (["6|3 6|0 5|5 5|0 4|3 3|1 1|0", "6|2 6|1 5|3 5|1 4|1 4|0 1|1"], "6|5",
     "5|5L 5|1R 3|1R 5|3L 4|3L 4|0L 6|3R 6|1R 5|0L 1|1R 1|0R draw 6|5L 6|0R", 0, 13),
]


@pytest.mark.parametrize(("hands", "first", "moves", "winner", "others"), DOMINOES,
                         ids=[f"pips{d[4]}" for d in DOMINOES])
def test_domino_scores_opponents_pips_rounded_to_five(hands: list[str], first: str, moves: str,
                                                      winner: int, others: int) -> None:
    """1.2 Domino: the winner scores round5(opponents' pips): 1-2 -> 0, 3-7 -> 5, 8-12 -> 10."""
    game = new_game(domino.Rules.muggins(players=2), hands, first=first)
    *head, last = moves.split()
    run(game, " ".join(head))
    assert game.pips(1 - winner) == others
    assert len(game.hand(winner)) == 1
    events = game.play(last)
    end = next(e for e in events if e.kind == "round_end")
    assert (end.seat, end.reason) == (winner, "domino")
    expected = {1: 0, 2: 0, 3: 5, 7: 5, 8: 10, 12: 10, 13: 15}[others]
    assert expected == round5(others)
    domino_scores = [e.points for e in events if e.kind == "score" and e.reason == "domino"]
    assert domino_scores == ([expected] if expected else [])
    assert game.leader == winner and game.round == 2


# ---- block ---------------------------------------------------------------------


def test_block_cascade_every_player_scores_others_minus_own() -> None:
    """1.2 Block (cascade): each seat scores round5(others - own) if positive; lowest leads."""
    game = new_game(domino.Rules.muggins(players=4), BLOCK4_HANDS)
    run(game, BLOCK4_MOVES)
    assert game.scores == (0, 5, 10, 15)
    events = game.play(BLOCK4_LAST)
    # pips 22, 19, 18, 17 (total 76): 76-44=32 -> 30, 38 -> 40, 40 -> 40, 42 -> 40
    assert events[1] == domino.Event("round_end", seat=3, side=3, tile=Tile(6, 1), reason="block")
    assert scores_of(events) == [(0, 30, "block"), (1, 40, "block"), (2, 40, "block"),
                                 (3, 40, "block")]
    assert events[-1] == domino.Event("deal", seat=3, side=3, count=2)
    assert game.scores == (30, 45, 50, 55)


def test_block_cascade_skips_a_share_that_rounds_to_nothing() -> None:
    """1.2 Block (cascade), 3 players: pips 7, 40, 35: 68 -> 70, 2 -> 0 (nothing), 12 -> 10."""
    hands = ["6|2 5|4 4|2 4|1 3|2 2|2 1|1", "6|4 6|0 5|0 4|0 3|1 3|0 0|0",
             "6|6 6|3 6|1 5|3 5|1 4|4 3|3"]
    game = new_game(domino.Rules.muggins(players=3), hands, first="2|1 5|2 2|0 4|3 5|5 1|0 6|5")
    run(game, "6|6L 6|2L 6|4R 4|4R 4|2L 4|0L draw draw draw 2|0L 2|2L draw 4|3R 5|3R 5|4R "
              "draw draw draw pass 2|1L")
    assert game.leader == 2
    events = game.play("4|1L")
    assert [game.round, events[1].seat, events[1].reason] == [2, 0, "block"]
    assert scores_of(events) == [(0, 70, "block"), (2, 10, "block")]
    assert events[-1] == domino.Event("deal", seat=0, side=0, count=2)


def test_block_lowest_takes_all_option() -> None:
    """1.2 Block option lowest_takes_all: only the lowest (17) scores round5(76 - 17) = 60."""
    rules = domino.Rules.muggins(players=4, block_scoring="lowest_takes_all")
    game = new_game(rules, BLOCK4_HANDS)
    run(game, BLOCK4_MOVES)
    events = game.play(BLOCK4_LAST)
    assert scores_of(events) == [(3, 60, "block")]
    assert game.scores == (0, 5, 10, 75) and game.leader == 3


def test_block_tie_for_fewest_scores_nothing_and_the_leader_leads_again() -> None:
    """1.2 Block: a tie for the fewest pips (seats 0 and 2, 14 each): nobody scores, and the
    blocked round's leader (seat 3) leads the next one."""
    hands = ["6|4 6|2 5|2 4|4 4|3 3|1 3|0", "6|5 5|4 5|1 4|2 3|3 2|0 1|1",
             "6|1 6|0 5|0 3|2 2|1 1|0 0|0", "6|6 6|3 5|5 5|3 4|1 4|0 2|2"]
    for block_scoring in ("cascade", "lowest_takes_all"):
        game = new_game(domino.Rules.muggins(players=4, block_scoring=block_scoring), hands)
        run(game, "6|6L 6|2L 2|0L 5|0L 5|3L 6|4R 4|2R 2|1R 4|1R 4|4R 5|4R 3|2L 2|2L")
        assert game.leader == 3
        before = game.scores
        events = game.play("5|2R")
        assert events[1] == domino.Event("round_end", tile=Tile(5, 2), reason="block_tie")
        assert scores_of(events) == []
        assert game.scores == before
        assert events[-1] == domino.Event("deal", seat=3, side=3, count=2)


# ---- end of the game -----------------------------------------------------------


def test_game_ends_the_moment_fives_reach_the_target() -> None:
    """1.2 End: reaching the target mid-round ends the game on that placement."""
    hands = ["5|5 6|5 6|4 6|3 4|3 2|1 1|0", "4|4 3|3 6|2 6|1 5|4 5|3 5|0"]
    game = new_game(domino.Rules.muggins(players=2, target=10), hands)
    events = game.play("5|5")
    assert events == [domino.Event("play", seat=0, side=0, tile=Tile(5, 5), end="L"),
                      domino.Event("score", seat=0, side=0, points=10, reason="fives"),
                      domino.Event("game_end", side=0, reason="normal", count=10)]
    assert game.is_over and game.winner == 0 and game.to_move is None
    assert game.legal_moves() == []
    with pytest.raises(IllegalMoveError):
        game.play("5|0R")


def test_fives_on_the_winning_tile_end_the_game_before_the_round_is_scored() -> None:
    """1.2 End: the domino tile's fives reach the target: no domino points after (3 players)."""
    hands = ["6|3 5|5 5|0 3|3 2|0 1|0 0|0", "6|4 6|2 6|0 5|3 5|2 5|1 4|3",
             "6|1 5|4 4|4 4|2 4|1 3|1 2|1"]
    moves = ("5|5L 5|3R 5|4L 3|3R 4|3R 4|1R 1|0R 6|4L 6|1L 0|0R 6|0R 2|1L 2|0L 6|2R 4|2R "
             "5|0L 5|1L 3|1L")
    game = new_game(domino.Rules.muggins(players=3, target=30), hands)
    run(game, moves)
    assert game.scores == (20, 5, 5) and game.hand(0) == TileSet.parse("6|3")
    events = game.play("6|3L")
    assert events == [domino.Event("play", seat=0, side=0, tile=Tile(6, 3), end="L"),
                      domino.Event("score", seat=0, side=0, points=10, reason="fives"),
                      domino.Event("game_end", side=0, reason="normal", count=30)]
    assert game.scores == (30, 5, 5) and game.winner == 0
    # With the default target the same tile also scores the domino: 15.
    game = new_game(domino.Rules.muggins(players=3), hands)
    run(game, moves)
    assert scores_of(game.play("6|3L")) == [(0, 10, "fives"), (0, 15, "domino")]


def test_several_players_past_the_target_the_highest_wins() -> None:
    """1.2 End: the block takes seats 1, 2 and 3 to 45, 50 and 55 (target 45): seat 3 wins."""
    game = new_game(domino.Rules.muggins(players=4, target=45), BLOCK4_HANDS)
    run(game, BLOCK4_MOVES)
    assert not game.is_over
    events = game.play(BLOCK4_LAST)
    assert events[-1] == domino.Event("game_end", side=3, reason="normal", count=55)
    assert game.scores == (30, 45, 50, 55) and game.winner == 3


def _tied_at_fifty(seed: int) -> tuple[domino.Game, list[domino.Event]]:
    game = new_game(domino.Rules.muggins(players=4, target=50), TIE4_HANDS, seed=seed)
    run(game, TIE4_MOVES)
    assert game.scores == (5, 0, 5, 0)
    return game, game.play(TIE4_LAST)


@pytest.mark.parametrize(("seed", "winner"), [(0, 3), (2, 2)])
def test_tie_for_the_highest_is_broken_by_a_tile_draw(seed: int, winner: int) -> None:
    """1.2 End: seats 2 and 3 both reach 50: each draws a tile, the fewest pips wins.

    The draw follows docs/determinism.md: a fresh shuffle from the game's
    generator (the hand-made deal consumed nothing), tied seats take items 0, 1.
    """
    game, events = _tied_at_fifty(seed)
    assert scores_of(events) == [(0, 35, "block"), (1, 30, "block"), (2, 45, "block"),
                                 (3, 50, "block")]
    assert game.scores == (40, 30, 50, 50)
    order = PCG32(seed).shuffled_tiles()
    assert [e for e in events if e.kind == "tiebreak"] == [
        domino.Event("tiebreak", seat=2, side=2, tile=order[0], count=1),
        domino.Event("tiebreak", seat=3, side=3, tile=order[1], count=1)]
    assert (order[0].pips < order[1].pips) == (winner == 2)
    assert events[-1] == domino.Event("game_end", side=winner, reason="tiebreak", count=50)
    assert game.winner == winner and game.is_over


def test_tied_tie_break_draws_draw_again() -> None:
    """1.2 End: equal tie-break draws (seed 38: 5|3 and 6|2, 8 each) draw again."""
    game, events = _tied_at_fifty(38)
    rng = PCG32(38)
    first, second = rng.shuffled_tiles(), rng.shuffled_tiles()
    assert first[0].pips == first[1].pips
    draws = [e for e in events if e.kind == "tiebreak"]
    assert draws[:2] == [domino.Event("tiebreak", seat=2, side=2, tile=first[0], count=1),
                         domino.Event("tiebreak", seat=3, side=3, tile=first[1], count=1)]
    assert draws[2:4] == [domino.Event("tiebreak", seat=2, side=2, tile=second[0], count=2),
                          domino.Event("tiebreak", seat=3, side=3, tile=second[1], count=2)]
    assert second[0].pips != second[1].pips and len(draws) == 4
    assert game.winner == (2 if second[0].pips < second[1].pips else 3)


def test_tie_break_is_deterministic_per_seed() -> None:
    """1.2 End: the tie-break draw is part of the events and follows the game's seed."""
    runs = [_tied_at_fifty(s)[1] for s in (2, 2, 0)]
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


# ---- players ----------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_individual_players(players: int) -> None:
    """1.2: 2-4 players, individual: one score per seat, to 200, redeal at 5 doubles."""
    rules = domino.Rules.muggins(players=players)
    assert (rules.players, rules.pairs, rules.target, rules.sides) == (players, False, 200, players)
    assert rules.redeal_doubles == 5 and rules.block_scoring == "cascade"
    game = domino.Game(rules, seed=1)
    assert game.scores == (0,) * players


@pytest.mark.parametrize("players", [1, 5])
def test_muggins_rejects_other_player_counts(players: int) -> None:
    """1.2: fewer than 2 or more than 4 players is a RulesError quoting the value."""
    with pytest.raises(RulesError, match=str(players)):
        domino.Rules.muggins(players=players)


def test_muggins_has_no_pairs() -> None:
    """1.2: Muggins is individual: pairs=True is a RulesError, by preset or replace."""
    with pytest.raises(RulesError, match="pairs"):
        domino.Rules.muggins(players=4, pairs=True)
    with pytest.raises(RulesError, match="pairs"):
        domino.Rules.muggins(players=4).replace(pairs=True)

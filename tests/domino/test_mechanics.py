"""docs/rules.md section 1.1: the mechanics shared by every line game.

Each test names the clause it pins and builds its position from a hand-made
:class:`~pintas.domino.Deal` (or, for the deal itself, from the documented
shuffle), so it asserts exact seats, tiles, events and points.
"""

from __future__ import annotations

import random

import pytest

from pintas import domino
from pintas.errors import IllegalMoveError, NotationError
from pintas.tiles import Tile, TileSet
from tests.domino.support import ALL_TILES, new_game, rest, round_won, run
from tests.support import PCG32, kinds

MAX_MOVES = 5000  # loops are bounded so that a broken engine fails instead of hanging

# A Dominican "two" round, made by hand: seat 0 must open 6|6, then seat 1
# plays all seven of its tiles while seat 0, holding only 0s, 1s and 2s, passes.
# Seat 1 wins by domino; seat 0 keeps 12 pips.
TWO_HANDS = ["6|6 2|2 2|1 2|0 1|1 1|0 0|0", "6|5 5|5 5|4 4|4 6|4 4|3 3|3"]
TWO_MOVES = "6|6 6|5 pass 5|5 pass 5|4 pass 4|4 pass 6|4R pass 4|3 pass 3|3"

# A Capicua pairs round (found by a seeded search, frozen here): seat 3 wins by
# domino with 5|1 while its partner, seat 1, holds 0|0 2|2.
PAIRS_HANDS = ["6|5 5|2 5|0 4|4 4|3 4|1 1|1", "5|4 3|2 3|0 2|2 2|1 1|0 0|0",
               "6|6 6|4 6|3 5|5 4|2 3|3 2|0", "6|2 6|1 6|0 5|3 5|1 4|0 3|1"]
PAIRS_MOVES = ("6|6L 6|1L 1|1L 1|0L 6|3R 5|3R 5|2R 3|0L 4|2R 3|1L 4|1R 2|1L 2|0L 4|0L 4|3L 3|2L "
               "pass 6|2L 6|5L 5|4L 6|4L 6|0L 5|0L pass 5|5L 5|1R")


# ---- deal ----------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "boneyard", "aside"), [
    (domino.Rules.muggins(players=2), 14, 0),
    (domino.Rules.muggins(players=3), 7, 0),
    (domino.Rules.muggins(players=4), 0, 0),
    (domino.Rules.capicua(players=2), 14, 0),
    (domino.Rules.capicua(players=3), 7, 0),
    (domino.Rules.capicua(players=4), 0, 0),
    (domino.Rules.capicua(players=4, pairs=True), 0, 0),
    (domino.Rules.dominican(mode="pairs"), 0, 0),
    (domino.Rules.dominican(mode="four"), 0, 0),
    (domino.Rules.dominican(mode="three"), 0, 7),
    (domino.Rules.dominican(mode="two"), 0, 14),
], ids=str)
def test_deal_gives_seven_each_and_the_rest_to_boneyard_or_aside(
        rules: domino.Rules, boneyard: int, aside: int) -> None:
    """1.1 Deal: 7 tiles a seat; the rest is the boneyard (14/7/0) or set aside."""
    for seed in range(5):
        game = domino.Game(rules, seed=seed)
        hands = [game.hand(s) for s in range(rules.players)]
        assert game.hand_sizes == (7,) * rules.players
        assert all(len(h) == 7 for h in hands)
        held = TileSet()
        for hand in hands:
            assert not held & hand
            held |= hand
        assert game.boneyard_size == boneyard
        assert 28 - len(held) - boneyard == aside


@pytest.mark.parametrize("seed", [0, 1, 2, 5])
def test_deal_follows_the_shuffle_order(seed: int) -> None:
    """1.1 Deal: seat s gets shuffled[7s:7s+7]; the boneyard's draw order is the shuffle's."""
    rules = domino.Rules.capicua(players=2)
    order = PCG32(seed).shuffled_tiles()
    game = domino.Game(rules, seed=seed)
    assert not any(e.kind == "redeal" for e in game.events)
    for seat in range(2):
        assert game.hand(seat) == TileSet(order[7 * seat:7 * seat + 7])
    drawn = []
    for _ in range(MAX_MOVES):
        if game.round != 1 or game.is_over:
            break
        for event in game.play(game.legal_moves()[0]):
            if event.kind == "draw" and event.tile is not None:
                drawn.append(event.tile)
    assert drawn, "the seeded round drew nothing"
    assert drawn == order[14:14 + len(drawn)]


@pytest.mark.parametrize("mode", ["three", "two"])
def test_set_aside_tiles_are_in_no_view_even_after_the_round(mode: str) -> None:
    """1.1 Deal: set-aside tiles are unseen, in every view, during and after the round."""
    rules = domino.Rules.dominican(mode=mode)
    for seed in range(4):
        game = domino.Game(rules, seed=seed)
        held = TileSet()
        for seat in range(rules.players):
            held |= game.hand(seat)
        aside = ALL_TILES - held
        assert len(aside) == 28 - 7 * rules.players
        rng = random.Random(seed)
        for _ in range(MAX_MOVES):
            if game.round != 1:
                break
            game.play(rng.choice(game.legal_moves()))
        assert game.round == 2, "round 1 never ended"
        for seat in range(rules.players):
            view = game.view(seat)
            assert view.boneyard_size == 0
            round_one = view.log[:next(i for i, e in enumerate(view.log)
                                       if e.kind == "round_end") + 1]
            shown = {e.tile for e in round_one if e.tile is not None}
            assert not shown & set(aside)
            assert not set(vars(view).get("aside", ())), "a view must not carry set-aside tiles"


# ---- redeal ----------------------------------------------------------------------

FIVE_DOUBLES = ["6|6 5|5 4|4 3|3 2|2 6|5 6|4", "1|1 0|0 6|3 6|2 6|1 6|0 5|4"]


def test_redeal_with_five_doubles_voids_the_hand_made_deal() -> None:
    """1.1 Redeal: a hand with 5 doubles voids the deal: a REDEAL event and a new shuffle."""
    rules = domino.Rules.muggins(players=2)
    game = new_game(rules, FIVE_DOUBLES, seed=11)
    events = game.events
    assert events[0] == domino.Event("redeal", seat=0, side=0, count=5)
    assert events[-1].kind == "deal" and events[-1].count == 1
    order = PCG32(11).shuffled_tiles()  # the replacement deal is the seed's first shuffle
    assert game.hand(0) == TileSet(order[:7])
    assert game.hand(1) == TileSet(order[7:14])
    assert game.hand(0) != TileSet.parse(FIVE_DOUBLES[0])
    assert game.round == 1 and game.history == ()
    assert all(len([t for t in game.hand(s) if t.is_double]) < 5 for s in range(2))


def test_redeal_counts_the_doubles_of_the_void_hand() -> None:
    """1.1 Redeal: more than the threshold (6 doubles) voids too; the event says how many."""
    hands = ["1|0 5|5 4|4 3|3 2|2 1|1 0|0", "6|6 6|5 6|4 6|3 6|2 6|1 6|0"]
    game = new_game(domino.Rules.capicua(players=2), hands, seed=3)
    assert game.events[0] == domino.Event("redeal", seat=0, side=0, count=6)


def test_no_redeal_below_the_threshold() -> None:
    """1.1 Redeal: four doubles is not five: the hand-made deal stands."""
    hands = ["6|6 5|5 4|4 3|3 6|5 6|4 6|3", "2|2 1|1 0|0 6|2 6|1 6|0 5|4"]
    game = new_game(domino.Rules.muggins(players=2), hands)
    assert kinds(list(game.events)) == ["deal"]
    assert game.hand(0) == TileSet.parse(hands[0])


def test_redeal_option_zero_turns_it_off() -> None:
    """1.1 Redeal option: redeal_doubles=0 never redeals, even with 6 doubles."""
    hands = ["1|0 5|5 4|4 3|3 2|2 1|1 0|0", "6|6 6|5 6|4 6|3 6|2 6|1 6|0"]
    rules = domino.Rules.muggins(players=2, redeal_doubles=0)
    game = new_game(rules, hands)
    assert kinds(list(game.events)) == ["deal"]
    assert game.hand(0) == TileSet.parse(hands[0])


def test_redeal_option_other_threshold() -> None:
    """1.1 Redeal option: redeal_doubles=3 voids a hand with 3 doubles, not one with 2."""
    rules = domino.Rules.capicua(players=3, redeal_doubles=3)
    three = ["6|6 5|5 4|4 6|5 6|4 6|3 6|2", "6|1 6|0 5|4 5|3 5|2 5|1 3|3",
             "5|0 4|3 4|2 4|1 4|0 3|2 3|1"]
    game = new_game(rules, three, seed=4)
    assert game.events[0] == domino.Event("redeal", seat=0, side=0, count=3)
    two = ["6|6 5|5 6|5 6|4 6|3 6|2 6|1", "4|4 3|3 6|0 5|4 5|3 5|2 5|1",
           "5|0 4|3 4|2 4|1 4|0 3|2 3|1"]
    game = new_game(rules, two, seed=4)
    assert kinds(list(game.events)) == ["deal"]


def test_redeal_defaults_per_game() -> None:
    """1.1 Redeal: default 5 in Muggins and Capicua, off for Dominican."""
    assert domino.Rules.muggins().redeal_doubles == 5
    assert domino.Rules.capicua().redeal_doubles == 5
    assert domino.Rules.dominican().redeal_doubles == 0
    hands = ["6|6 5|5 4|4 3|3 2|2 6|5 6|4", "1|1 0|0 6|3 6|2 6|1 6|0 5|4"]
    game = new_game(domino.Rules.dominican(mode="two"), hands)
    assert kinds(list(game.events)) == ["deal"]
    assert game.hand(0) == TileSet.parse(hands[0])
    game = new_game(domino.Rules.capicua(players=2), hands, seed=2)
    assert game.events[0].kind == "redeal"


def test_redeal_applies_to_a_later_round_deal() -> None:
    """1.1 Redeal: a later round's deal with 5 doubles is void too (leader kept)."""
    game = new_game(domino.Rules.dominican(mode="two", redeal_doubles=5), TWO_HANDS)
    run(game, TWO_MOVES)
    assert game.round == 2 and game.leader == 1
    events = game.set_deal(domino.Deal(hands=["6|6 6|5 6|4 6|3 6|2 6|1 6|0",
                                              "5|5 4|4 3|3 2|2 1|1 5|4 5|3"]))
    assert events[0] == domino.Event("redeal", seat=1, side=1, count=5)
    assert events[-1] == domino.Event("deal", seat=1, side=1, count=2)
    assert game.hand(1) != TileSet.parse("5|5 4|4 3|3 2|2 1|1 5|4 5|3")


# ---- first round's lead -------------------------------------------------------------


@pytest.mark.parametrize("rules", [domino.Rules.muggins(players=4),
                                   domino.Rules.capicua(players=4, pairs=True),
                                   domino.Rules.dominican(mode="four")], ids=str)
def test_first_lead_is_the_six_six_holder_who_must_play_it(rules: domino.Rules) -> None:
    """1.1 First round's lead: the 6|6 holder leads and 6|6 is the only legal move."""
    hands = ["5|5 5|4 5|3 5|2 5|1 5|0 4|4", "4|3 4|2 4|1 4|0 3|3 3|2 3|1",
             "6|6 6|5 6|4 6|3 6|2 6|1 6|0", "3|0 2|2 2|1 2|0 1|1 1|0 0|0"]
    game = new_game(rules, hands)
    assert game.to_move == 2 and game.leader == 2
    assert game.events[-1] == domino.Event("deal", seat=2, side=rules.side_of(2),
                                           tile=Tile(6, 6), count=1)
    assert game.legal_moves() == [domino.Move.play("6|6", "L")]
    before = game.to_bytes()
    for illegal in ("6|5L", "6|6R"):
        with pytest.raises(IllegalMoveError):
            game.play(illegal)
    assert game.to_bytes() == before
    game.play("6|6")
    assert game.ends == (6, 6)


def test_first_lead_without_six_six_is_the_highest_double() -> None:
    """1.1 First round's lead (2-3 players, no 6|6 dealt): the highest double leads."""
    hands = ["4|4 6|5 6|4 6|3 6|2 1|1 0|0", "5|5 2|2 5|4 5|3 5|2 5|1 5|0"]
    game = new_game(domino.Rules.muggins(players=2), hands)
    assert game.to_move == 1
    assert game.legal_moves() == [domino.Move.play("5|5", "L")]


def test_first_lead_highest_double_with_three_players() -> None:
    """1.1 First round's lead, 3 players: 6|6 in the boneyard, 4|4 is the highest held."""
    hands = ["6|5 6|4 6|3 3|3 6|2 6|1 6|0", "5|4 5|3 5|2 5|1 5|0 2|2 1|1",
             "4|3 4|2 4|1 4|0 4|4 3|2 3|1"]
    game = new_game(domino.Rules.capicua(players=3), hands)
    assert game.to_move == 2
    assert game.legal_moves() == [domino.Move.play("4|4", "L")]


def test_first_lead_highest_double_in_dominican_two_with_six_six_set_aside() -> None:
    """1.1 First round's lead: in Dominican "two", 6|6 may be set aside; 5|5 then leads."""
    hands = ["6|5 6|4 5|3 4|3 3|2 1|0 2|0", "5|5 3|3 6|3 5|4 4|2 2|1 3|0"]
    game = new_game(domino.Rules.dominican(mode="two"), hands)
    assert game.to_move == 1
    assert game.legal_moves() == [domino.Move.play("5|5", "L")]


def test_first_lead_without_doubles_is_the_heaviest_tile_ties_to_higher_end() -> None:
    """1.1 First round's lead, no double dealt: the heaviest tile; 6|3 beats 5|4 (both 9)."""
    hands = ["5|4 5|3 5|2 5|1 4|3 4|2 4|1", "6|3 6|2 6|1 6|0 5|0 4|0 3|2"]
    boneyard = rest(*hands)  # 6|5, 6|4 and every double are in the boneyard
    game = new_game(domino.Rules.muggins(players=2), hands, boneyard)
    assert game.to_move == 1
    assert game.legal_moves() == [domino.Move.play("6|3", "L")]
    game.play("6|3")
    assert game.ends == (6, 3), "the opening tile's high end is the left end"


# ---- later rounds' lead ---------------------------------------------------------------


def test_later_round_is_led_by_the_previous_winner_with_any_tile() -> None:
    """1.1 Later rounds' lead: the previous round's winner leads, any tile, no 6|6 rule."""
    game = new_game(domino.Rules.dominican(mode="two"), TWO_HANDS)
    events = run(game, TWO_MOVES)
    assert events[-1] == domino.Event("deal", seat=1, side=1, count=2)
    assert game.round == 2 and game.to_move == 1 and game.leader == 1
    # Pose the new round by hand: 6|6 goes to seat 0, the winner still leads.
    hands = ["6|6 6|5 6|4 5|5 4|4 3|3 2|2", "3|2 5|2 4|1 1|0 2|0 6|1 0|0"]
    game.set_deal(domino.Deal(hands=hands))
    assert game.to_move == 1
    assert game.legal_moves() == [domino.Move.play(t, "L") for t in TileSet.parse(hands[1])]
    game.play("2|5")
    assert game.ends == (5, 2), "the opening tile's high end is the left end"


def test_later_round_in_pairs_is_led_by_the_winner_not_the_partner() -> None:
    """1.1 Later rounds' lead in pairs: the player who won (seat 3), not the partner."""
    rules = domino.Rules.capicua(players=4, pairs=True)
    game = new_game(rules, PAIRS_HANDS)
    events = run(game, PAIRS_MOVES)
    end = next(e for e in events if e.kind == "round_end")
    assert (end.seat, end.side, end.reason) == (3, 1, "domino")
    assert game.round == 2 and game.leader == 3 and game.to_move == 3
    assert len(game.legal_moves()) == 7
    # Pose round 2 with 6|6 at seat 1 (the winner's partner): seat 3 still leads, any tile.
    hands = ["5|5 5|4 5|3 5|2 5|1 5|0 4|4", "6|6 6|5 6|4 6|3 6|2 6|1 6|0",
             "4|3 4|2 4|1 4|0 3|3 3|2 3|1", "3|0 2|2 2|1 2|0 1|1 1|0 0|0"]
    events = game.set_deal(domino.Deal(hands=hands))
    assert events == [domino.Event("deal", seat=3, side=1, count=2)]
    assert game.legal_moves() == [domino.Move.play(t, "L") for t in TileSet.parse(hands[3])]


# ---- playing ---------------------------------------------------------------------------


def test_tile_fitting_both_ends_goes_either_way() -> None:
    """1.1 Playing: a tile fitting both (different) ends may go on either; each end moves."""
    game = new_game(domino.Rules.dominican(mode="two"), TWO_HANDS)
    run(game, "6|6 6|5 pass 5|5 pass 5|4 pass 4|4 pass")
    assert game.ends == (4, 6)
    legal = game.legal_moves()
    assert domino.Move.play("6|4", "L") in legal and domino.Move.play("6|4", "R") in legal
    left, right = game.copy(), game.copy()
    right.play("6|4R")
    assert right.ends == (4, 4) and right.line[-1] == (6, 4)
    # On the left it turns the left end to 6: ends 6 and 6, nobody holds a 6,
    # so the round is blocked at once (seat 0 has 12 pips, seat 1 13).
    events = left.play("6|4L")
    assert events[:2] == [
        domino.Event("play", seat=1, side=1, tile=Tile(6, 4), end="L"),
        domino.Event("round_end", seat=0, side=0, tile=Tile(6, 4), reason="block")]


@pytest.mark.parametrize("rules", [domino.Rules.capicua(players=2),
                                   domino.Rules.dominican(mode="two"),
                                   domino.Rules.muggins(players=2)], ids=str)
def test_ends_alike_make_one_move(rules: domino.Rules) -> None:
    """1.1 Playing: both ends show 6 (in Muggins: of the opening double, at both
    ends): placing 6|5 left or right is the same position, mirrored, so only
    LEFT is listed; RIGHT is accepted too and puts the tile on the right."""
    hands = ["6|6 2|2 2|1 2|0 1|1 1|0 0|0", "6|5 5|5 5|4 4|4 6|4 4|3 3|3"]
    game = new_game(rules, hands)
    game.play("6|6")
    assert game.ends == (6, 6)
    assert game.legal_moves() == [domino.Move.play("6|4", "L"), domino.Move.play("6|5", "L")]
    assert game.parse_move("6|5") == domino.Move.play("6|5", "L")
    assert game.parse_move("6|5R") == domino.Move.play("6|5", "R")
    assert game.is_legal("6|5R") and game.view(1).legal_moves() == game.legal_moves()
    left, right = game.copy(), game.copy()
    assert left.play("6|5L")[0].end == "L" and right.play("6|5R")[0].end == "R"
    assert left.ends == (5, 6) and right.ends == (6, 5)
    assert left.scores == right.scores and left.legal_moves() == right.legal_moves()
    assert domino.Game.from_bytes(right.to_bytes()) == right  # its save replays it


# Muggins, seat 0 leads 5|5 (6|6 is in the boneyard); the plays end on ends 5 and 5.
MIRROR_HANDS = ["5|5 3|0 5|2 5|4 1|1 2|2 3|3", "5|0 5|3 4|2 5|1 6|1 6|2 6|3"]


def test_equal_ends_with_a_double_at_one_end_make_two_moves_in_muggins() -> None:
    """1.1 Playing: in Muggins a double lying at one end counts twice, so on
    ends 5 (the double 5|5) and 5 the two placements of 5|1 are two moves."""
    game = new_game(domino.Rules.muggins(players=2), MIRROR_HANDS,
                    moves="5|5 5|0L 3|0L 5|3L")
    assert game.line == ((5, 3), (3, 0), (0, 5), (5, 5)) and game.ends == (5, 5)
    assert game.legal_moves() == [domino.Move.play("5|2", "L"), domino.Move.play("5|2", "R"),
                                  domino.Move.play("5|4", "L"), domino.Move.play("5|4", "R")]
    assert game.view(0).legal_moves() == game.legal_moves()
    left, right = game.copy(), game.copy()
    left.play("5|4L")   # ends 4 and 5|5: 4 + 10 = 14, nothing
    right.play("5|4R")  # ends 5 and 4: 9, nothing
    assert (left.ends, right.ends) == ((4, 5), (5, 4))
    with pytest.raises(NotationError, match="fits both ends"):
        game.parse_move("5|4")


def test_equal_ends_with_a_double_at_neither_make_one_move_in_muggins() -> None:
    """1.1 Playing: in Muggins, ends 5 and 5 with no double at either are alike."""
    game = new_game(domino.Rules.muggins(players=2), MIRROR_HANDS,
                    moves="5|5 5|0L 3|0L 5|3L 5|2R 4|2R 5|4R")
    assert game.ends == (5, 5) and game.line[0] == (5, 3) and game.line[-1] == (4, 5)
    assert game.legal_moves() == [domino.Move.play("5|1", "L")]
    assert game.view(1).legal_moves() == game.legal_moves()
    assert game.parse_move("5|1") == domino.Move.play("5|1", "L")
    assert game.is_legal("5|1R")


def test_playing_is_mandatory_when_a_tile_fits() -> None:
    """1.1 Cannot play: drawing and passing are illegal while a tile in hand fits."""
    hands = ["6|6 2|2 2|1 2|0 1|1 1|0 0|0", "6|5 5|5 5|4 4|4 6|4 4|3 3|3"]
    game = new_game(domino.Rules.capicua(players=2), hands)
    game.play("6|6")
    assert game.boneyard_size == 14
    assert all(m.kind == "play" for m in game.legal_moves())
    for move in ("draw", "pass"):
        with pytest.raises(IllegalMoveError):
            game.play(move)


# ---- cannot play: draw, then pass ------------------------------------------------------

ALL_SIXES = ["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"]


def test_cannot_play_draws_one_tile_at_a_time_until_playable_then_must_play() -> None:
    """1.1 Cannot play: draw one tile at a time until a playable one comes, then play."""
    hands = ["6|6 6|5 6|4 6|3 6|2 4|4 3|3", "5|5 5|4 5|3 5|2 5|1 5|0 4|3"]
    boneyard = rest(*hands, first="1|0 2|0 6|1")
    game = new_game(domino.Rules.capicua(players=2), hands, boneyard)
    game.play("6|6")
    for n, tile in enumerate(["1|0", "2|0"], start=1):
        assert game.legal_moves() == [domino.Move.draw()]
        with pytest.raises(IllegalMoveError):
            game.play("pass")
        events = game.play("draw")
        assert events == [domino.Event("draw", seat=1, side=1, tile=Tile.parse(tile))]
        assert game.to_move == 1 and game.hand_sizes == (6, 7 + n)
        assert game.boneyard_size == 14 - n
    game.play("draw")
    assert Tile(6, 1) in game.hand(1)
    assert game.legal_moves() == [domino.Move.play("6|1", "L")]
    for move in ("draw", "pass"):
        with pytest.raises(IllegalMoveError):
            game.play(move)
    game.play("6|1")
    assert game.ends == (1, 6) and game.to_move == 0


def test_pass_only_once_the_boneyard_is_empty_and_others_can_still_play() -> None:
    """1.1 Cannot play: 14 draws empty the boneyard, then a pass; no block while seat 0 can play."""
    game = new_game(domino.Rules.capicua(players=2, pass_points=0), ALL_SIXES)
    game.play("6|6")
    for _ in range(14):
        assert game.legal_moves() == [domino.Move.draw()]
        events = game.play("draw")
        assert kinds(events) == ["draw"], "drawing the last tile is no block: seat 0 can play"
    assert game.boneyard_size == 0
    assert game.legal_moves() == [domino.Move.pass_()]
    with pytest.raises(IllegalMoveError):
        game.play("draw")
    assert game.play("pass") == [domino.Event("pass", seat=1, side=1)]
    assert game.to_move == 0 and game.round == 1


def test_without_a_boneyard_a_player_who_cannot_play_passes() -> None:
    """1.1 Cannot play: with 4 players there is no boneyard: pass, never draw."""
    hands = ["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4",
             "4|3 4|2 4|1 4|0 3|3 3|2 3|1", "3|0 2|2 2|1 2|0 1|1 1|0 0|0"]
    game = new_game(domino.Rules.muggins(players=4), hands)
    game.play("6|6")
    for seat in (1, 2, 3):
        assert game.to_move == seat
        assert game.legal_moves() == [domino.Move.pass_()]
        with pytest.raises(IllegalMoveError):
            game.play("draw")
        game.play("pass")
    assert game.to_move == 0 and game.round == 1


# ---- round end: domino and block ---------------------------------------------------------


def test_domino_ends_the_round() -> None:
    """1.1 Round ends by domino: the last tile ends the round, scores it, deals the next."""
    game = new_game(domino.Rules.dominican(mode="two"), TWO_HANDS)
    run(game, TWO_MOVES.rsplit(" ", 1)[0])
    assert game.hand(1) == TileSet.parse("3|3")
    events = game.play("3|3")
    assert events == [domino.Event("play", seat=1, side=1, tile=Tile(3, 3), end="L"),
                      *round_won(1, 12, "domino", Tile(3, 3))]
    assert game.scores == (0, 12) and game.round == 2 and game.placements == ()


def test_block_after_a_placement_is_declared_at_once_without_passes() -> None:
    """1.1 Block: declared right after the placement that caused it: no pass, no pass points.

    Capicua, 3 players (found by a seeded search): the boneyard is empty and
    seat 1's 6|3 leaves ends 3 and 3 that nobody can match.
    """
    hands = ["6|5 6|2 6|1 4|2 3|2 3|0 1|1", "6|6 6|4 6|3 6|0 3|1 2|0 0|0",
             "5|5 5|3 5|2 4|0 3|3 2|2 2|1"]
    game = new_game(domino.Rules.capicua(players=3), hands, "4|4 1|0 4|3 5|0 4|1 5|4 5|1".split(),
                    moves="6|6L draw draw draw draw draw draw draw pass 6|2L 6|0R 4|0R 4|2L "
                          "6|4L 4|3R 6|5L 3|1R 5|3L 6|1R")
    assert game.boneyard_size == 0 and game.scores == (0, 2, 0)
    assert game.pips(0) == 10 and game.pips(1) == 11 and game.pips(2) == 64
    events = game.play("6|3L")
    # fewest pips: seat 1 with 2; T = 10 + 64 = 74 -> ceil(74/10) = 8
    assert events == [domino.Event("play", seat=1, side=1, tile=Tile(6, 3), end="L"),
                      *round_won(1, 8, "block", Tile(6, 3))]
    assert game.scores == (0, 10, 0)


def test_block_after_drawing_the_last_boneyard_tile() -> None:
    """1.1 Block: declared right after the draw of the last boneyard tile (tile kept private).

    Capicua, 3 players (seeded search): seat 0 draws the last tile, 2|0, and
    nobody can match ends 5 and 6.
    """
    hands = ["6|5 6|4 6|1 4|4 4|2 1|1 1|0", "6|6 5|5 5|2 4|1 4|0 3|3 2|1",
             "6|3 5|4 4|3 3|2 3|1 2|2 0|0"]
    game = new_game(domino.Rules.capicua(players=3), hands, "6|0 5|3 3|0 6|2 5|1 5|0 2|0".split(),
                    moves="6|6L 6|3L 6|1R 3|3L 3|1R draw draw 5|3L 5|2L 3|2L draw 3|0L 4|0L "
                          "4|3L draw draw draw")
    assert game.boneyard_size == 1 and game.to_move == 0
    events = game.play("draw")
    # pips 65, 18, 13: seat 2 wins; T = 65 + 18 = 83 -> 9
    assert events == [domino.Event("draw", seat=0, side=0, tile=Tile(2, 0)),
                      *round_won(2, 9, "block")]


def test_block_by_the_opening_tile_scores_no_pase_bonus() -> None:
    """1.1 Block: nobody passes into a block, so no pase de salida / pase corrido bonus."""
    rules = domino.Rules.dominican(mode="three", pase_de_salida_bonus=30, pase_corrido_bonus=40)
    hands = ["5|5 5|4 5|3 5|2 5|1 5|0 4|4", "6|6 4|3 4|2 4|1 4|0 3|3 3|2",
             "3|1 3|0 2|2 2|1 2|0 1|1 1|0"]
    game = new_game(rules, hands)
    events = game.play("6|6")
    assert kinds(events) == ["play", "round_end", "score", "deal"]
    # pips: seat 0 53, seat 1 33 (6|6 played), seat 2 19 -> seat 2 takes all 105
    assert events[1] == domino.Event("round_end", seat=2, side=2, tile=Tile(6, 6), reason="block")
    assert events[2] == domino.Event("score", seat=2, side=2, points=105, reason="block")
    assert game.scores == (0, 0, 105)


def test_blocker_is_the_player_who_made_the_blocking_move() -> None:
    """1.1 Block: the blocker is who placed the blocking tile (seen through tranque=blocker)."""
    rules = domino.Rules.dominican(mode="three", tranque="blocker")
    hands = ["5|5 5|4 5|3 5|2 5|1 5|0 4|4", "6|6 4|3 4|2 4|1 4|0 3|3 3|2",
             "3|1 3|0 2|2 2|1 2|0 1|1 1|0"]
    game = new_game(rules, hands)
    events = game.play("6|6")
    # blocker seat 1 (33 pips) against the next seat, 2 (19): seat 2 wins all 105
    assert events[1] == domino.Event("round_end", seat=2, side=2, tile=Tile(6, 6), reason="block")
    assert game.scores == (0, 0, 105)


# ---- teams ---------------------------------------------------------------------------


def test_pairs_score_per_team() -> None:
    """1.1 Teams: in pairs, scores are per team and a player's win scores for the team."""
    rules = domino.Rules.capicua(players=4, pairs=True)
    game = new_game(rules, PAIRS_HANDS)
    assert game.scores == (0, 0)
    events = run(game, PAIRS_MOVES)
    # Seat 2 passes after seat 1's 3|2 (2 for team 1), seat 1 passes after
    # seat 0's 5|0 (2 for team 0); seat 3 wins by domino with 5|1 on ends 5
    # and 1 (a capicua): T = 8 + 4 + 6 = 18 -> 2, doubled.
    assert [e for e in events if e.kind == "score"] == [
        domino.Event("score", seat=1, side=1, points=2, reason="pass"),
        domino.Event("score", seat=0, side=0, points=2, reason="pass"),
        domino.Event("score", seat=3, side=1, points=2, reason="domino"),
        domino.Event("score", seat=3, side=1, points=2, reason="capicua"),
    ]
    assert game.scores == (2, 6)
    assert game.side_of(1) == game.side_of(3) == 1 and game.side_of(2) == 0

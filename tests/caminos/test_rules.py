"""docs/rules.md section 2 (Caminos), rule by rule, on hand-made deals.

Each test names the rule or the decision (D1..D11, listed in docs/rules.md
section 2 and at the top of csrc/caminos.c) it pins and builds its position
from a :class:`~pintas.caminos.Deal`, so it asserts exact seats, tiles,
paths, events and points.
"""

from __future__ import annotations

import pytest

from pintas import caminos
from pintas.caminos import Deal, Game, Move, Rules
from pintas.errors import IllegalMoveError, NotationError
from pintas.tiles import Tile, TileSet
from tests.caminos.support import dealt
from tests.support import PCG32, kinds, rejected, run

T = Tile.parse


# ---- set-up --------------------------------------------------------------------


@pytest.mark.parametrize(("rules", "paths", "hand", "pile"), [
    (Rules.base(players=2), 5, 6, 11),
    (Rules.base(players=3), 5, 6, 5),
    (Rules.base(players=4), 5, 5, 3),        # 5 tiles a player with 4 players
    (Rules.no_renewal(players=4), 5, 5, 3),
    (Rules.two_paths(players=2), 2, 6, 14),
    (Rules.two_paths(players=4), 2, 6, 2),   # always 6 in two_paths
])
def test_setup_reveals_paths_deals_hands_and_leaves_the_pile(rules: Rules, paths: int,
                                                            hand: int, pile: int) -> None:
    game = Game(rules, seed=11)
    assert len(game.paths) == paths
    assert all(p.centre is not None and p.front == () and p.back == () for p in game.paths)
    assert game.hand_sizes == (hand,) * rules.players
    assert game.pile_size == len(game.pile) == pile
    assert kinds(list(game.events)) == ["deal"] + ["path"] * paths
    assert game.phase == "reveal" and game.to_move == 0 and game.round == 1


def test_the_deal_is_the_documented_shuffle() -> None:
    # docs: shuffle [0..27]; paths first, then seat by seat, the rest is the pile
    for seed in (0, 7, 2**63 + 5):
        rules = Rules.base(players=3)
        game = Game(rules, seed=seed)
        order = PCG32(seed).shuffled(list(range(28)))
        assert [p.centre.index for p in game.paths if p.centre] == order[:5]
        for seat in range(3):
            assert game.hand(seat) == TileSet(Tile.from_index(i)
                                              for i in order[5 + 6 * seat:11 + 6 * seat])
        assert [t.index for t in game.pile] == order[23:]


# ---- the starting player --------------------------------------------------------

REVEAL_HANDS = ["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0", "6|2 5|2 4|2 2|1 6|0 5|0"]


def test_reveal_choices_are_secret_until_all_have_chosen() -> None:
    game = dealt(Rules.base(), "6|5 4|4 3|1 2|0 1|0", REVEAL_HANDS)
    assert game.legal_moves() == [caminos.Move.reveal(t) for t in game.hand(0)]
    rejected(game, "6|6 front 1")
    rejected(game, "draw")
    events = game.play("reveal 5|5")
    assert kinds(events) == ["choose"]
    assert game.choice(0) == T("5|5")
    for seat in (1, 2):
        view = game.view(seat)
        assert view.my_choice is None
        assert view.chosen == (0,)
        assert view.log[-1] == caminos.Event("choose", seat=0, count=1)
        assert view.revealed == ((), (), ())
    assert game.view(0).my_choice == T("5|5")
    assert game.view(0).log[-1].tile == T("5|5")
    game.play("reveal 6|3")
    events = game.play("6|2")  # a bare tile is a reveal while revealing
    assert kinds(events) == ["choose", "reveal", "reveal", "reveal", "start"]
    assert [(e.seat, e.tile) for e in events[1:4]] == [(0, T("5|5")), (1, T("6|3")),
                                                       (2, T("6|2"))]
    for seat in range(3):
        assert game.view(seat).revealed == ((T("5|5"),), (T("6|3"),), (T("6|2"),))


def test_the_most_pips_starts_and_revealed_tiles_stay_in_the_hands() -> None:
    game = dealt(Rules.base(), "6|5 4|4 3|1 2|0 1|0", REVEAL_HANDS)
    events = run(game, "reveal 4|1", "reveal 6|3", "reveal 2|1")
    assert events[-1] == caminos.Event("start", seat=1, tile=T("6|3"), reason="most_pips",
                                       count=1)
    assert game.phase == "play" and game.starter == 1 and game.to_move == 1
    assert game.hand_sizes == (6, 6, 6)
    assert T("6|3") in game.hand(1)
    # play goes on in seat order from the starter (D5)
    game.play(game.legal_moves()[0])
    assert game.to_move == 2


def test_ties_compare_pips_only_and_the_tied_reveal_again() -> None:
    # 6|3 and 5|4 both show 9 pips (D3); seat 2's 8 drops out
    hands = ["6|3 6|0 5|0 4|0 3|0 2|0", "5|4 6|1 5|1 4|1 3|1 2|1", "4|4 6|2 5|2 4|2 3|2 2|2"]
    game = dealt(Rules.base(), "6|6 6|5 6|4 5|5 5|3", hands)
    events = run(game, "reveal 6|3", "reveal 5|4", "reveal 4|4")
    assert events[-1] == caminos.Event("tie", seats=(0, 1), count=1)
    assert game.phase == "reveal" and game.step == 2 and game.contenders == (0, 1)
    assert game.to_move == 0
    rejected(game, "reveal 6|3")                     # shown before
    assert T("6|3") not in {m.tile for m in game.legal_moves()}
    game.play("reveal 2|0")
    assert game.to_move == 1                                  # seat 2 is out of it
    events = game.play("reveal 3|1")
    assert kinds(events) == ["choose", "reveal", "reveal", "start"]
    assert events[-1].seat == 1 and events[-1].count == 2
    assert game.view(2).revealed == ((T("6|3"), T("2|0")), (T("5|4"), T("3|1")), (T("4|4"),))


def test_tied_to_the_last_tile_the_lowest_seat_starts() -> None:
    # tile for tile the same pips (6 5 7 4 8 3): the tie never breaks (D4)
    a = ["6|0", "5|0", "6|1", "4|0", "6|2", "3|0"]
    b = ["5|1", "4|1", "5|2", "3|1", "5|3", "2|1"]
    game = dealt(Rules.base(players=2), "6|6 6|5 6|4 5|5 5|4", [" ".join(a), " ".join(b)])
    for step, (x, y) in enumerate(zip(a, b, strict=True), start=1):
        assert game.step == step
        events = run(game, f"reveal {x}", f"reveal {y}")
    assert events[-1] == caminos.Event("start", seat=0, tile=T("3|0"), reason="lowest_seat",
                                       count=6)
    assert game.starter == 0


# ---- paths and placements --------------------------------------------------------

PLACE_PATHS = "6|5 4|4 3|1 2|0 1|0"


def started(rules: Rules, pile: str = "", seed: int = 0) -> Game:
    game = dealt(rules, PLACE_PATHS, REVEAL_HANDS, pile, seed)
    run(game, "reveal 6|6", "reveal 6|3", "reveal 6|2")
    assert game.to_move == 0
    return game


def test_front_is_the_high_end_back_the_low_end_and_doubles_show_both() -> None:
    game = started(Rules.base())
    first, double = game.paths[0], game.paths[1]
    assert first.numbers == (6, 5) and first.free == (1, 1)
    assert double.numbers == (4, 4)                          # D1
    assert double.sides_alike and not first.sides_alike
    # the double's back, empty like its front, is the same position mirrored:
    # only the front is listed
    places = [str(m) for m in game.legal_moves()]
    assert places == ["2|2 front 4", "3|3 front 3", "4|1 front 2", "4|1 back 3",
                      "4|1 front 5", "5|5 back 1", "6|4 front 1", "6|4 front 2",
                      "6|6 front 1"]
    assert game.view(0).legal_moves() == game.legal_moves()
    rejected(game, "5|5 front 1")   # the front shows 6
    rejected(game, "6|6 back 1")    # the back shows 5
    rejected(game, "6|3 front 1")   # not in the hand
    rejected(game, "draw")          # a player who can place must place
    rejected(game, "pass")


def test_the_unlisted_back_of_an_empty_double_is_accepted_and_placed_there() -> None:
    """D1: the back of a double centre whose sides are both empty is not listed
    (the front is the same position, mirrored) but is accepted and placed where
    asked; once one side holds a tile the sides differ and both are moves."""
    game = started(Rules.no_renewal())
    assert "4|1 back 2" not in [str(m) for m in game.legal_moves()]
    assert game.is_legal("4|1 back 2")
    assert game.parse_move("4|1 back 2") == Move.place("4|1", "back", 2)
    assert game.parse_move("4|1 2") == Move.place("4|1", "front", 2)
    front, back = game.copy(), game.copy()
    assert front.play("4|1 front 2")[0].side == "front"
    assert back.play("4|1 back 2")[0].side == "back"
    assert front.paths[1].front == back.paths[1].back == (T("4|1"),)
    assert front.paths[1].numbers == (1, 4) and back.paths[1].numbers == (4, 1)
    assert not back.paths[1].sides_alike


def test_base_sides_take_one_tile_and_an_occupied_side_takes_no_more() -> None:
    game = started(Rules.base())
    events = game.play("6|4 front 1")
    assert events == [caminos.Event("place", seat=0, tile=T("6|4"), path=1, side="front",
                                    count=1)]
    path = game.paths[0]
    assert path.front == (T("6|4"),) and path.ends == (4, 5)    # D2: shows 4 outwards
    assert path.numbers == (None, 5) and path.free == (0, 1)
    assert path.chain == ((5, 6), (6, 4))
    rejected(game, "4|3 front 1")   # 4 shows, but the side is occupied
    game.play("4|3 back 2")
    assert game.paths[1].numbers == (4, None)


def test_a_base_path_closes_at_three_tiles_and_is_renewed_from_the_shuffled_pile() -> None:
    game = started(Rules.base(), pile="5|4 6|1", seed=99)
    game.play("6|4 front 1")
    pile_before = list(game.pile)
    events = game.play("5|3 back 1")
    assert kinds(events) == ["place", "close", "reshuffle", "path"]
    close = events[1]
    assert close.reason == "renew" and close.path == 1 and close.count == 3
    assert close.tiles == TileSet.parse("6|5 6|4 5|3")
    # the binding makes the tiles as TileSet.from_mask does: a TileSet, immutable
    assert type(close.tiles) is TileSet and hash(close.tiles) == hash(TileSet.parse("6|5 6|4 5|3"))
    with pytest.raises(AttributeError):
        close.tiles._mask = 0
    assert events[2].count == 8
    # D7: pile in draw order + centre, front, back, shuffled; the first is the new path
    listed = [*pile_before, T("6|5"), T("6|4"), T("5|3")]
    shuffled = PCG32(99).shuffled(listed)
    assert events[3] == caminos.Event("path", tile=shuffled[0], path=1, reason="renew")
    assert game.paths[0] == caminos.Path(1, shuffled[0], (), (), (shuffled[0].high,
                                                                  shuffled[0].low), (1, 1))
    assert list(game.pile) == shuffled[1:]
    assert game.to_move == 2


NO_RENEWAL_HANDS = ["6|6 5|2 0|0 1|1 2|2 3|3", "5|1 2|1 1|0 3|0 4|0 4|4",
                    "6|3 3|2 5|0 6|0 5|5 4|1"]


def test_no_renewal_sides_take_two_and_a_full_path_stays_closed() -> None:
    game = dealt(Rules.no_renewal(), "6|5 4|3 4|2 6|1 6|2", NO_RENEWAL_HANDS)
    run(game, "reveal 6|6", "reveal 5|1", "reveal 6|3")
    game.play("6|6 front 1")
    assert game.paths[0].numbers == (6, 5)          # a double shows the same number again
    rejected(game, "5|1 front 1")            # must match the first tile's outer end
    run(game, "5|1 back 1", "6|3 front 1")
    front_full = game.paths[0]
    assert front_full.numbers == (None, 1) and front_full.free == (0, 1)
    rejected(game, "3|3 front 1")            # a third tile on a side
    events = game.play("1|1 back 1")
    assert kinds(events) == ["place", "close"]
    assert events[1].reason == "stay" and events[1].count == 5
    path = game.paths[0]
    assert path.closed and path.numbers == (None, None) and len(path.tiles) == 5
    assert path.chain == ((1, 1), (1, 5), (5, 6), (6, 6), (6, 3))
    assert str(path).startswith("path 1: [1|1][1|5][5|6][6|6][6|3]")
    # the core reads the chain, and refuses a side that does not chain out from the centre
    with pytest.raises(NotationError, match="chain from its centre"):
        caminos.Path(1, T("6|5"), (T("6|6"), T("3|4")), path.back, (3, 1), (0, 0))
    assert all(m.path != 1 for m in game.legal_moves())
    assert game.pile_size == 5 and not game.discard


def test_two_paths_discards_a_full_path_and_renews_from_the_top() -> None:
    hands = ["6|5 3|2 0|0 1|1 2|2 1|0", "5|4 4|0 2|0 3|0 3|3 2|1", "6|3 6|4 4|1 3|1 4|4 5|5"]
    game = dealt(Rules.two_paths(), "6|6 4|2", hands, pile="5|3 6|0", seed=3)
    run(game, "reveal 6|5", "reveal 5|4", "reveal 6|4",
        "6|5 front 1", "5|4 front 1", "6|3 back 1")
    events = game.play("3|2 back 1")
    assert kinds(events) == ["place", "close", "path"]          # no shuffle
    assert events[1].reason == "discard"
    assert events[2] == caminos.Event("path", tile=T("5|3"), path=1, reason="discard")
    assert game.discard == TileSet.parse("6|6 6|5 5|4 6|3 3|2")
    assert game.paths[0].centre == T("5|3") and game.pile[0] == T("6|0")
    assert game.pile_size == 7


# ---- turns ----------------------------------------------------------------------

BLOCK_HANDS = ["6|5 6|3 6|4 6|2 6|1 6|0", "5|4 3|1 5|0 4|0 3|0 2|0",
               "5|5 5|3 5|2 5|1 4|3 4|2", "4|4 4|1 3|3 3|2 2|2 2|1"]


def blocked_game(rounds: int = 3) -> Game:
    game = dealt(Rules.two_paths(players=4, rounds=rounds), "6|6 0|0", BLOCK_HANDS,
                 pile="1|1 1|0", seed=5)
    run(game, "reveal 6|5", "reveal 5|4", "reveal 5|5", "reveal 4|4",
        "6|5 front 1", "5|4 front 1")
    return game


def test_a_player_who_cannot_place_draws_and_the_turn_ends() -> None:
    game = blocked_game()
    assert game.to_move == 2 and game.legal_moves() == [caminos.Move.draw()]
    rejected(game, "pass")
    events = game.play("draw")
    assert events == [caminos.Event("draw", seat=2, tile=T("1|1"), count=1)]
    assert game.view(3).log[-1] == caminos.Event("draw", seat=2, count=1)   # secret
    assert game.view(2).log[-1].tile == T("1|1")
    assert game.to_move == 3 and T("1|1") in game.hand(2)
    game.play("draw")
    assert game.pile_size == 0


def test_a_discarded_path_with_an_empty_pile_is_gone_and_everyone_passes() -> None:
    game = blocked_game(rounds=1)
    run(game, "draw", "draw", "6|3 back 1")
    events = game.play("3|1 back 1")
    assert kinds(events) == ["place", "close", "no_path"]
    assert game.paths[0] == caminos.Path(1, None) and game.paths[0].closed
    assert str(game.paths[0]) == "path 1: (no path)"
    # the pile is empty: who cannot place passes (D9: each pass is a move)
    assert game.legal_moves() == [caminos.Move.pass_()]
    rejected(game, "draw")
    assert game.play("pass") == [caminos.Event("pass", seat=2, count=1)]
    run(game, "1|0 front 2", "6|0 back 2")
    assert game.play("pass")[0].count == 1          # a placement restarts the count
    run(game, "1|1 front 2", "pass", "6|4 back 2")  # path 2 full: gone too
    assert all(p.centre is None for p in game.paths)
    run(game, "pass", "pass", "pass")
    assert game.passes == 3 and not game.is_over
    events = game.play("pass")
    assert kinds(events) == ["pass", "round_end", "score", "score", "score", "score",
                             "game_end"]
    assert events[1] == caminos.Event("round_end", reason="blocked", count=1)
    assert game.scores == (-2, -4, -6, -6)           # -1 per tile left
    assert game.winners == (0,) and game.winner == 0


def test_after_a_player_goes_out_every_other_player_has_one_last_turn() -> None:
    hands = ["6|5 5|4 4|3 3|2 6|2 5|3", "0|0 1|0 1|1 6|4 6|3 5|2"]
    game = dealt(Rules.no_renewal(players=2), "6|6 5|5 4|4 3|3 2|2", hands, pile="6|1 2|1")
    run(game, "reveal 6|5", "reveal 6|4",
        "6|5 front 1", "6|4 back 1", "5|4 front 2", "6|3 back 4", "4|3 front 3",
        "5|2 back 5", "3|2 front 4")
    assert game.play("draw")[0].tile == T("6|1")      # seat 1 cannot place: draws
    run(game, "6|2 front 5", "6|1 back 4")            # the drawn tile is placed next turn
    events = game.play("5|3 front 1")                  # seat 0 places its last tile
    assert kinds(events) == ["place", "out"]
    assert events[1] == caminos.Event("out", seat=0, count=1)
    assert game.out_seat == 0 and game.last_turns == 1 and game.to_move == 1
    events = game.play("draw")                         # seat 1's last turn: it draws
    assert kinds(events) == ["draw", "round_end", "score", "deal"] + ["path"] * 5
    assert events[1] == caminos.Event("round_end", seat=0, reason="out", count=1)
    assert events[2] == caminos.Event("score", seat=1, points=-4, reason="out")  # drawn: counts
    assert game.scores == (0, -4)
    # the next round has its own reveal, seat 0 choosing first (D5)
    assert game.round == 2 and game.phase == "reveal" and game.to_move == 0
    assert game.hand_sizes == (6, 6) and game.out_seat is None


# ---- the game -------------------------------------------------------------------


def test_three_rounds_then_the_highest_total_wins() -> None:
    game = blocked_game()
    run(game, "draw", "draw", "6|3 back 1", "3|1 back 1", "pass", "1|0 front 2", "6|0 back 2",
        "pass", "1|1 front 2", "pass", "6|4 back 2", "pass", "pass", "pass", "pass")
    assert game.round == 2 and game.scores == (-2, -4, -6, -6)
    rng_moves = 0
    while not game.is_over:
        game.play(game.legal_moves()[-1])
        rng_moves += 1
        assert rng_moves < 5000
    assert game.round == 3
    deals = [e for e in game.events if e.kind == "deal"]
    assert [e.count for e in deals] == [1, 2, 3]
    assert sum(1 for e in game.events if e.kind == "start") == 3
    for seat in range(4):
        assert game.scores[seat] == sum(e.points for e in game.events
                                        if e.kind == "score" and e.seat == seat)
    best = max(game.scores)
    assert game.winners == tuple(s for s in range(4) if game.scores[s] == best)
    end = game.events[-1]
    assert end.kind == "game_end" and end.seats == game.winners and end.points == best
    assert game.legal_moves() == [] and game.to_move is None
    rejected(game, "pass")


def test_equal_best_totals_share_the_win() -> None:
    # both players place every turn; seat 0 goes out, seat 1 too in its last turn
    hands = ["6|5 5|4 4|3 3|2 2|1 5|1", "6|4 5|3 4|2 3|1 2|0 4|0"]
    game = dealt(Rules.no_renewal(players=2, rounds=1), "6|6 5|5 4|4 3|3 2|2", hands)
    run(game, "reveal 6|5", "reveal 6|4",
        "6|5 front 1", "6|4 back 1", "5|4 front 2", "5|3 back 2", "4|3 front 3", "4|2 back 3",
        "3|2 front 4", "3|1 back 4", "2|1 front 5", "2|0 back 5")
    assert kinds(game.play("5|1 front 1")) == ["place", "out"]
    events = game.play("4|0 back 1")                 # its last turn: out as well
    assert kinds(events) == ["place", "close", "round_end", "game_end"]
    assert events[-1] == caminos.Event("game_end", seat=0, seats=(0, 1), points=0)
    assert game.scores == (0, 0) and game.winners == (0, 1) and game.winner is None
    assert str(events[-1]) == "players 1 and 2 share the win with 0"


def test_set_deal_replaces_a_later_round_before_its_first_reveal() -> None:
    game = blocked_game()
    run(game, "draw", "draw", "6|3 back 1", "3|1 back 1", "pass", "1|0 front 2", "6|0 back 2",
        "pass", "1|1 front 2", "pass", "6|4 back 2", "pass", "pass", "pass", "pass")
    deal = Deal.complete("6|6 0|0", BLOCK_HANDS, "1|1 1|0")
    events = game.set_deal(deal)
    assert kinds(events) == ["deal", "path", "path"] and events[0].count == 2
    assert game.hand(0) == TileSet.parse(BLOCK_HANDS[0])
    game.play("reveal 6|5")
    with pytest.raises(IllegalMoveError):
        game.set_deal(deal)
    # the log replays the hand-made deal too
    assert game.replay().to_bytes() == game.to_bytes()
    assert Game.from_bytes(game.to_bytes()).to_bytes() == game.to_bytes()

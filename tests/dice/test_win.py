"""The win-probability policy of 2-player dice (dice.WinPlayer, its tables)."""

from __future__ import annotations

import hashlib
import math
import zlib
from importlib.resources import files

import pytest

import pintas
from pintas import bots, dice, registry
from pintas.dice import _search
from pintas.dice.players import WIN_TABLES, has_win_table, pack_table, unpack_table, win_table
from pintas.errors import CorruptStateError, RulesError

FARKLE = dice.Rules.farkle()
SMALL = dice.Rules.farkle(target=1000)

# The shipped tables: their SHA-256 (tools/dice_win_tables.py makes them) and size.
PINNED = {
    "farkle-10000.pwin":
        ("ca1a039ffb75f916d12c7a9eb506873a2731f244c638604b08f20e1ddaf433b0", 80_160),
    "dice_of_doom-10000.pwin":
        ("bde3f522cac73bd820048e6a5f612ac8578803ce1c9be74ede86ad0139db10a5", 20_160),
    "dice_of_doom-25000.pwz":
        ("675581e9f7a6aa1f94872e6f8ded8854c8c310b98a528622dc22281d2521dd88", 25_024),
    "dice_of_doom-50000.pwz":
        ("d58d6965e7b5ff07ba08db5406c5ffc7e602851b984bf824a2dd7b93fd08cc0a", 72_361),
    "dice_of_doom-100000.pwz":
        ("41a7e16b44cad1a7d093d3a815a608435686657358d76df72464d385d9f1f249", 196_779),
}


def small_table() -> bytes:
    return _search.win_policy(SMALL).table()


@pytest.mark.parametrize("name", sorted(WIN_TABLES))
def test_shipped_tables_are_pinned_and_open_for_their_rules(name: str) -> None:
    table = (files("pintas.dice") / "tables" / name).read_bytes()
    digest, size = PINNED[name]
    assert (hashlib.sha256(table).hexdigest(), len(table)) == (digest, size)
    preset, target = WIN_TABLES[name]
    rules = getattr(dice.Rules, preset)(target=target)
    assert has_win_table(rules)
    win = win_table(rules)
    first = win.start(0, 0)
    assert 0.5 < first < 0.6
    # a lead is worth more, and nearly winning nearly wins
    assert win.start(target // 2, 0) > first > win.start(0, target // 2)
    assert win.start(0, 0) > win.start(0, target - 100)


def test_packed_tables_unpack_to_the_same_bytes() -> None:
    raw = (files("pintas.dice") / "tables" / "dice_of_doom-10000.pwin").read_bytes()
    packed = pack_table(raw)
    assert unpack_table(packed) == raw and len(packed) < len(raw) // 3
    small = small_table()
    assert unpack_table(pack_table(small)) == small
    # one value changed changes the packing, and unpacks to itself
    changed = bytearray(small)
    changed[160 + 2 * 47] ^= 0x35
    assert unpack_table(pack_table(bytes(changed))) == bytes(changed)
    assert pack_table(bytes(changed)) != pack_table(small)
    with pytest.raises(RulesError, match="not a packed win table"):
        unpack_table(b"PWIN" + bytes(10))
    with pytest.raises(RulesError, match="not a win table"):
        pack_table(small[:-2])
    with pytest.raises(RulesError, match="not a win table"):
        unpack_table(zlib.compress(b"PWIX" + small[4:]))


def test_a_small_target_solves_in_the_shipped_tables_code_path() -> None:
    """Farkle to 1,000 through the code path of tools/dice_win_tables.py: the
    same bytes twice, the header of the rules, and W(0, 0) as the C test's
    brute force gives it (csrc/tests/test_dice_win.c)."""
    table = small_table()
    assert table == small_table()
    assert len(table) == 160 + 2 * 20 * 20 and table[:4] == b"PWIN"
    win = _search.win_policy(SMALL, table)
    assert win.goal == 20
    assert win.start(0, 0) == pytest.approx(0.602396, abs=2e-5)
    with pytest.raises(CorruptStateError, match="not the win table"):
        _search.win_policy(dice.Rules.farkle(target=1500), table)
    with pytest.raises(CorruptStateError, match="not the win table"):
        _search.win_policy(SMALL, table[:-2])


def test_simulated_first_player_share_matches_the_table() -> None:
    """Win against win on Farkle to 1,000: the first player's share of 3,000
    games lies within four standard errors of W(0, 0)."""
    table = small_table()
    players = [dice.WinPlayer(SMALL, table=table), dice.WinPlayer(SMALL, table=table)]
    games, first = 3000, 0
    for seed in range(games):
        game = dice.Game(SMALL, players=2, seed=seed)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            game.play(players[seat].choose(game.view(seat)))
        first += game.winners == (0,)
    w = _search.win_policy(SMALL, table).start(0, 0)
    assert abs(first / games - w) < 4 * math.sqrt(w * (1 - w) / games)


def test_win_plays_for_the_game_not_the_turn() -> None:
    win = dice.WinPlayer(SMALL, table=small_table())
    optimal = dice.OptimalPlayer(SMALL)
    game = dice.Game(SMALL, players=2, seed=1)
    for move in ("roll 2 3 4 6 6 3",                      # player 1 rolls out
                 "roll 5 5 5 2 3 6", "keep 5 5 5", "roll 4 4 4", "keep 4 4 4", "bank",
                 "roll 4 4 4 2 3 6", "keep 4 4 4"):
        game.play(move)
    assert game.scores == (0, 900) and game.turn_total == 400
    # 400 with three dice left: the turn policy banks; 100 short of the target
    # the opponent nearly wins next turn, so win rolls on
    assert optimal.choose(game.view(0)) == dice.Move.bank()
    assert win.choose(game.view(0)) == dice.Move.roll()
    game.play("roll 1 2 3")
    assert win.choose(game.view(0)) == dice.Move.keep([1])
    game.play("keep 1")
    assert win.choose(game.view(0)) == dice.Move.roll()  # 500 is still too little


@pytest.mark.parametrize("rules", [FARKLE, dice.Rules.dice_of_doom(target=25_000)],
                         ids=["farkle", "dice_of_doom_25000"])
def test_the_move_timer_plays_win_where_it_can(rules: dice.Rules) -> None:
    """At the first choice where win and the turn policy differ in a seeded
    game of Farkle to 10,000 (Dice of Doom to 25,000: a packed table), auto_move
    plays win's move."""
    win, optimal = dice.WinPlayer(rules), dice.OptimalPlayer(rules)
    differ: list[int] = []
    for seed in range(20):
        game = dice.Game(rules, players=2, seed=seed)
        while not game.is_over and not differ:
            seat = game.to_move
            assert seat is not None
            mine, theirs = win.choose(game.view(seat)), optimal.choose(game.view(seat))
            if mine != theirs:
                differ.append(seed)
                assert pintas.auto_move(game, seat, 5.0) == mine
            game.play(mine)
    assert differ
    three = dice.Game(rules, players=3, seed=1)
    assert pintas.auto_move(three, 0, 5.0) == optimal.choose(three.view(0))


def test_win_refuses_other_player_counts_and_rules_without_a_table() -> None:
    player = dice.WinPlayer(FARKLE)
    game = dice.Game(FARKLE, players=3, seed=1)
    with pytest.raises(RulesError, match="2-player games only: this game has 3 players"):
        player.choose(game.view(0))
    with pytest.raises(RulesError, match=r"no win table for .* farkle to 10,000"):
        dice.WinPlayer(dice.Rules.farkle(target=5000))
    with pytest.raises(RulesError, match="no final round"):
        _search.win_policy(dice.Rules.farkle(target=1000, final_round=True))
    assert has_win_table(dice.Rules.dice_of_doom())  # the kiosk's 100,000
    assert not has_win_table(dice.Rules.dice_of_doom(target=20_000))


def test_win_is_a_player_of_every_front_end() -> None:
    family = registry.preset("farkle").family
    assert isinstance(registry.make_player("win", FARKLE), dice.WinPlayer)
    assert isinstance(bots.WinPlayer().choose(dice.Game(FARKLE, players=2, seed=2).view(0)),
                      dice.Move)
    # the strongest level: win where it plays, else the turn policy
    assert family.strength("search", FARKLE, 2) == "win"
    assert family.strength("search", FARKLE, 3) == "optimal"
    assert family.strength("search", dice.Rules.dice_of_doom(), 2) == "win"
    assert family.strength("search", dice.Rules.dice_of_doom(target=20_000), 2) == "optimal"
    assert family.strength("search", dice.Rules.dice_of_doom(target=10_000), 2) == "win"
    assert family.strength("search", dice.Rules.dice_of_doom(target=25_000), 2) == "win"
    assert family.strength("search", dice.Rules.dice_of_doom(target=25_000), 3) == "optimal"
    assert family.strength("greedy", FARKLE, 2) == "threshold"

"""The public players of pintas.bots dispatch on the kind of view they get."""

from __future__ import annotations

import pytest

from pintas import bots, caminos, dice, domino
from pintas.errors import RulesError

PLAYERS = [bots.RandomPlayer(seed=1), bots.GreedyPlayer(), bots.SuitPlayer(),
           bots.SearchPlayer(samples=8, seed=1)]


@pytest.mark.parametrize("player", PLAYERS, ids=repr)
def test_every_player_plays_line_games_and_caminos(player: bots.Player) -> None:
    for game in (domino.Game(domino.Rules.dominican(), seed=3),
                 domino.Game(domino.Rules.muggins(players=2), seed=4),
                 caminos.Game(caminos.Rules.base(players=3), seed=5)):
        for _ in range(12):
            if game.is_over:
                break
            seat = game.to_move
            assert seat is not None
            move = player.choose(game.view(seat))
            assert move in game.legal_moves()
            game.play(move)


def test_the_facade_hands_each_view_to_its_games_player() -> None:
    import pintas.caminos.players
    import pintas.domino.players

    player = bots.SearchPlayer(samples=5)
    g = domino.Game(domino.Rules.dominican(), seed=2)
    player.choose(g.view(g.leader))
    c = caminos.Game(caminos.Rules.base(), seed=2)
    while c.phase == "reveal":
        c.play(c.legal_moves()[0])
    assert c.to_move is not None
    player.choose(c.view(c.to_move))
    assert {type(p) for p in player._by_family.values()} == {
        pintas.caminos.players.SearchPlayer, pintas.domino.players.SearchPlayer}


def test_dice_views_get_the_dice_players() -> None:
    game = dice.Game(dice.Rules.farkle(), seed=2)
    assert bots.RandomPlayer(seed=1).choose(game.view(0)) in game.legal_moves()
    assert bots.OptimalPlayer(dice.Rules.farkle()).choose(game.view(0)) in game.legal_moves()
    with pytest.raises(RulesError, match="does not play"):
        bots.SuitPlayer().choose(game.view(0))


def test_a_game_is_not_a_view() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=3)
    with pytest.raises(TypeError, match=r"chooses from a domino\.View"):
        bots.GreedyPlayer().choose(game)  # type: ignore[arg-type]

"""docs/rules.md, "Seats and players": seats and sides are numbered from 0 in
data and in errors about arguments; every text for people names seat s
"player s+1" and side t "team t+1" (in pairs with its players: "team 1
(players 1 & 3)")."""

from __future__ import annotations

import doctest
import io
import random
import re
from pathlib import Path
from typing import Any

import pytest

import pintas
from pintas import caminos, cli, dice, domino, svg
from pintas._words import player, players, team
from pintas.errors import IllegalMoveError, SeatError

ROOT = Path(__file__).resolve().parent.parent
#: A number of a seat or side in words for people: never one of these.
SEAT_WORDS = re.compile(r"\b(seats?|sides?) \d|\b(player|team) 0\b")


def test_the_words_count_from_1() -> None:
    assert (player(0), player(3)) == ("player 1", "player 4")
    assert (players([2]), players([0, 2]), players([0, 1, 3])) == \
        ("player 3", "players 1 and 3", "players 1, 2 and 4")
    assert (team(0, [0, 2]), team(1, [1, 3])) == \
        ("team 1 (players 1 & 3)", "team 2 (players 2 & 4)")


def test_an_event_of_seat_0_reads_player_1_and_keeps_seat_0() -> None:
    event = domino.Event("play", seat=0, side=0, tile="6|4", end="L")
    assert event.seat == 0 and event.side == 0
    assert str(event) == "player 1 plays 6|4 at left"
    assert event.to_dict()["seat"] == 0 and repr(event).startswith("Event('play', seat=0,")
    assert str(dice.Event("turn_end", seat=0, points=300, total=300, reason="bank")) == \
        "player 1's turn ends (bank): +300, score 300"
    assert str(caminos.Event("place", seat=0, tile="5|3", path=2, side="front", count=1)) == \
        "player 1 places 5|3 on the front of path 2"


def test_a_team_event_names_team_1_with_players_1_and_3() -> None:
    score = domino.Event("score", seat=2, side=0, points=25, reason="capicua")
    assert (score.seat, score.side) == (2, 0)
    assert str(score) == "player 3 scores 25 for team 1 (players 1 & 3) (capicua)"
    end = domino.Event("game_end", side=1, reason="normal", teams=True)
    assert str(end) == "game won by team 2 (players 2 & 4)" and end.to_dict()["side"] == 1
    assert str(domino.Event("game_end", side=1, reason="normal")) == "game won by player 2"
    assert str(caminos.Event("game_end", seat=0, seats=(0, 2), points=-3)) == \
        "players 1 and 3 share the win with -3"
    assert caminos.Event("game_end", seat=0, seats=(0, 2), points=-3).seats == (0, 2)


def _whole_games() -> list[Any]:
    games: list[Any] = [domino.Game(domino.Rules.dominican(target=60), seed=3),
                        domino.Game(domino.Rules.capicua(pairs=True, target=6), seed=3),
                        domino.Game(domino.Rules.muggins(players=4, target=60), seed=3),
                        caminos.Game(caminos.Rules.base(players=4), seed=3),
                        dice.Game(dice.Rules.farkle(target=1500), players=3, seed=3)]
    for game in games:
        rng = random.Random(5)
        for _ in range(5000):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        assert game.is_over
    return games


@pytest.mark.parametrize("game", _whole_games(), ids=lambda game: str(game.rules))
def test_every_event_of_a_whole_game_counts_players_from_1(game: Any) -> None:
    texts = [str(e) for e in game.events]
    assert not [t for t in texts if SEAT_WORDS.search(t)]
    for event, text in zip(game.events, texts, strict=True):
        if text.startswith("player "):   # the one who acts, named first
            assert re.match(re.escape(player(event.seat)) + r"\b(?!\d)", text), event
    assert any(f"player {game.seats}" in t for t in texts)   # the last seat is player n


def test_errors_about_arguments_keep_the_seat_given() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=7)
    assert game.to_move == 3
    with pytest.raises(SeatError, match=r"^no seat 4: seats are 0\.\.3$"):
        game.view(4)
    with pytest.raises(IllegalMoveError, match=r"is not legal now for seat 3: you do not hold"):
        game.play("5|0L")
    with pytest.raises(IllegalMoveError, match=r"^seat 2 has no move to make: seat 3 is to move"):
        pintas.auto_move(game, 2, 1.0)


def test_the_terminal_and_the_pictures_count_from_1() -> None:
    out = io.StringIO()
    assert cli.main(["play", "capicua", "--pairs", "--seed", "4", "--seat", "1",
                     "--target", "6"], ask=lambda prompt: "1", out=out, err=out) == 0
    text = out.getvalue()
    assert text.startswith("you are player 2, partner of player 4 (team 2); ")
    assert "team 1 (players 1 & 3)" in text and "your hand (player 2)" in text
    assert not SEAT_WORDS.search(text)
    game = domino.Game(domino.Rules.dominican(), seed=7)
    picture = svg.view(game.view(0))
    assert "as player 1 sees it: player 4 to move" in picture
    assert 'data-seat="3"' in picture and "player 4: 7 tiles" in picture
    assert not SEAT_WORDS.search(re.sub(r'data-[a-z-]+="[^"]*"', "", picture))


def test_the_rules_page_shows_what_the_code_says() -> None:
    """docs/rules.md's section "Seats and players" states the decision, and
    its example runs as it shows."""
    page = (ROOT / "docs" / "rules.md").read_text()
    section = page.split("### Seats and players\n")[1].split("\n## ")[0]
    assert ("Seats are numbered from 0 in data and in errors about arguments; texts for\n"
            "people name player seat+1 and team side+1.") in section
    [code] = re.findall(r"```python\n(.*?)```", section, re.S)
    example = doctest.DocTestParser().get_doctest(code, {}, "rules.md", None, 0)
    assert example.examples
    runner = doctest.DocTestRunner()
    runner.run(example)
    assert runner.summarize(verbose=False).failed == 0

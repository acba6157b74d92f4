"""The sentences events read as come from one table in the C core
(pintas/texts.h), which the MicroPython layer reads too: each game's event
class holds exactly that table, and every event a game writes finds its
sentence there (never falling back to its repr)."""

from __future__ import annotations

import random

import pytest

from pintas import _words, registry
from pintas._texts import template, text, texts
from pintas.caminos import Event as CaminosEvent
from pintas.dice import Event as DiceEvent
from pintas.domino import Event as DominoEvent


@pytest.mark.parametrize(("table", "event_type"), [("line", DominoEvent),
                                                   ("caminos", CaminosEvent),
                                                   ("dice", DiceEvent)])
def test_each_game_reads_its_sentences_from_the_core(table: str, event_type: type) -> None:
    assert getattr(event_type, "_TEXTS") == table  # noqa: B009 (a private table)


def test_an_event_finds_its_variant_first_then_its_reason_then_its_kind() -> None:
    line, caminos = texts("line"), texts("caminos")
    assert template("line", "draw", None, 1) == line["draw/hidden"]
    assert template("line", "draw", None, 0) == line["draw"]
    assert template("line", "score", "domino", 3) == line["score/team"]
    assert template("line", "game_end", "zapatero", 1) == line["game_end/zapatero"]
    assert template("line", "game_end", "domino", 0) == line["game_end"]
    assert template("caminos", "game_end", None, 4) == caminos["game_end/alone"]
    assert template("caminos", "tie", None, 4 | 128) == caminos["tie"]
    assert template("caminos", "close", None, 0) is None
    assert template("dice", "play", None, 0) is None
    assert text("line", "why/block_tie") == "block tie"
    assert text("line", "why") is None
    with pytest.raises(ValueError, match="None"):
        template(None, "draw", None, 0)  # type: ignore[arg-type]


def test_a_hidden_or_team_or_lone_event_reads_as_its_variant() -> None:
    assert str(DominoEvent("draw", seat=1)) == "player 2 draws"
    assert str(DominoEvent("draw", seat=1, tile="4|3")) == "player 2 draws 4|3"
    assert str(DominoEvent("score", seat=0, side=0, points=10, reason="domino", teams=True)) \
        == "player 1 scores 10 for team 1 (players 1 & 3) (domino)"
    assert str(CaminosEvent("choose", seat=2)) == "player 3 chooses a tile to reveal"
    assert str(CaminosEvent("game_end", seats=(1,), points=9)) == "player 2 wins with 9"
    assert str(CaminosEvent("game_end", seats=(1, 2), points=9)) \
        == "players 2 and 3 share the win with 9"


def test_the_words_for_seats_are_the_cores() -> None:
    words = texts("words")
    assert _words.player(0) == words["player"].format(n=1) == "player 1"
    assert _words.team(1, [1, 3]) == "team 2 (players 2 & 4)"


def test_an_unknown_table_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'chess'"):
        texts("chess")


@pytest.mark.parametrize("preset", registry.presets(), ids=lambda preset: preset.name)
def test_every_event_of_a_random_game_reads_as_a_sentence(preset: registry.Preset) -> None:
    rng = random.Random(preset.name)
    for seed in range(3):
        game = preset.family.game_type(preset.rules(), seed=seed) if preset.family.name != "dice" \
            else preset.family.game_type(preset.rules(), players=3, seed=seed)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        for event in game.events:
            assert not str(event).startswith("Event("), repr(event)
            assert "{" not in str(event)

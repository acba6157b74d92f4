"""The sentences events read as are written by the C core (pintas/texts.h,
pintas_event_text), which the MicroPython layer prints through too, and so are
the words for seats (pintas_seat_words): every event a game writes reads as a
sentence (never falling back to its repr); one built by hand without what its
sentence names reads as its repr."""

from __future__ import annotations

import random

import pytest

from pintas import _words, registry
from pintas._texts import words
from pintas.caminos import Event as CaminosEvent
from pintas.dice import Event as DiceEvent
from pintas.domino import Event as DominoEvent


def test_an_event_finds_its_variant_first_then_its_reason_then_its_kind() -> None:
    assert str(DominoEvent("game_end", side=1, reason="zapatero")) == \
        "game won by player 2 (zapatero!)"
    assert str(DominoEvent("game_end", side=1, reason="zapatero", teams=True)) == \
        "game won by team 2 (players 2 & 4) (zapatero!)"
    assert str(DominoEvent("round_end", reason="block_tie")) == \
        "round blocked with a tie: nobody scores"
    assert str(DominoEvent("round_end", reason="block")) == "round won by nobody (block)"
    assert str(CaminosEvent("tie", seats=(0, 2), count=1)) == \
        "tie between players 1 and 3: they reveal again"
    assert str(DiceEvent("turn_end", seat=1, total=1200, reason="roll_out")) == \
        "player 2's turn ends (rolled out): +0, score 1200"


def test_an_event_without_what_its_sentence_names_reads_as_its_repr() -> None:
    for event in (DominoEvent("play", seat=0, end="L"),
                  DominoEvent("score", seat=0, side=0, points=10),
                  CaminosEvent("place", seat=1, side="front", path=2),
                  CaminosEvent("close", path=3, reason="stay"),
                  CaminosEvent("game_end", points=3)):
        assert str(event) == repr(event)


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
    assert _words.player(0) == words("player", 1) == "player 1"
    assert _words.team(1, [1, 3]) == words("team", 2, (1, 3)) == "team 2 (players 2 & 4)"
    assert _words.players([3, 1]) == "players 4 and 2"  # in the order given
    assert _words.players((2,)) == "player 3"
    assert _words.NOBODY == words("nobody", 0) == "nobody"


def test_an_unknown_word_is_refused_by_name() -> None:
    with pytest.raises(ValueError, match="'seat'"):
        words("seat", 1)
    for key in ("players", "team"):  # naming no seat: no sentence
        with pytest.raises(ValueError, match=rf"'{key}' of the seats \(\)"):
            words(key, 1, ())


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

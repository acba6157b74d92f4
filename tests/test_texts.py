"""The sentences events read as come from one table in the C core
(pintas/texts.h), which the MicroPython layer reads too: each game's event
class holds exactly that table, and every event a game writes finds its
sentence there (never falling back to its repr)."""

from __future__ import annotations

import random

import pytest

from pintas import _words, registry
from pintas._texts import texts
from pintas.caminos import Event as CaminosEvent
from pintas.dice import Event as DiceEvent
from pintas.domino import Event as DominoEvent


@pytest.mark.parametrize(("table", "event_type"), [("line", DominoEvent),
                                                   ("caminos", CaminosEvent),
                                                   ("dice", DiceEvent)])
def test_each_game_reads_its_sentences_from_the_core(table: str, event_type: type) -> None:
    assert getattr(event_type, "_TEXTS") == texts(table)  # noqa: B009 (a private table)


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

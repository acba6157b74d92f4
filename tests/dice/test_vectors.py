"""Golden transcripts (tests/vectors/dice_*.json) replayed move by move.

They pin the PRNG's dice order, the scoring and every event, so another
implementation can prove it plays the same games (docs/determinism.md).
Regenerate with ``python tests/vectors/make_dice_vectors.py`` only on purpose.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pintas import dice
from pintas.dice import _engine as _dice
from tests.vectors import files, load

VECTORS = files("dice_*.json")


def games_in(path: Path) -> list[dict[str, Any]]:
    data = load(path)
    assert data["format"] == "pintas-dice-transcript/1"
    games: list[dict[str, Any]] = data["games"]
    return games


GAMES = [(path.name, game) for path in VECTORS for game in games_in(path)]


def test_there_are_transcripts() -> None:
    assert len(VECTORS) >= 3 and len(GAMES) >= 6


@pytest.mark.parametrize("game", [g for _, g in GAMES], ids=[f"{f}:{g['name']}" for f, g in GAMES])
def test_transcript_replays_exactly(game: dict[str, Any]) -> None:
    rules = dice.Rules(**game["rules"])
    g = dice.Game(rules, players=game["players"], seed=game["seed"],
                  first_player=game["first_player"])
    assert len(game["moves"]) == len(game["events"])
    for number, (move, expected) in enumerate(zip(game["moves"], game["events"], strict=True)):
        got = [e.to_dict() for e in g.play(move)]
        assert got == expected, f"move {number} ({move})"
    assert g.is_over and list(g.scores) == game["scores"] and g.winner == game["winner"]
    # the bytes of a replayed transcript load back to the same game
    assert dice.Game.from_bytes(g.to_bytes()).events == g.events


def test_transcripts_cover_every_event_kind_and_option() -> None:
    kinds = {e["kind"] for _, g in GAMES for evs in g["events"] for e in evs}
    assert kinds == set(_dice.EVENT_KINDS)
    reasons = {e["reason"] for _, g in GAMES for evs in g["events"] for e in evs}
    assert reasons == set(_dice.REASONS)
    moves = {m.split()[0] + (" given" if m.startswith("roll ") else "")
             for _, g in GAMES for m in g["moves"]}
    assert moves == {"roll", "roll given", "keep", "bank"}
    assert {g["players"] for _, g in GAMES} >= {1, 2, 3, 4}
    for option in ("doom", "combine_kept", "final_round"):
        assert {g["rules"][option] for _, g in GAMES} == {True, False}
    assert {g["rules"]["hot_dice"] for _, g in GAMES} == {"must", "may"}
    assert {g["rules"]["doom_loses"] for _, g in GAMES} == {"turn", "score"}

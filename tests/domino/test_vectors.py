"""Golden transcripts (docs/determinism.md): replay tests/vectors/line_*.json.

Each vector is a whole game: the rules, the seed, every move, every event and
the final scores. Replaying the moves from (rules, seed) must give the same
events to the last field; the independent referee of make_vectors.py also
recomputes every point from docs/rules.md section 1. Regenerate with
``python tests/vectors/make_vectors.py`` only after a deliberate rules change.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from pintas import domino
from tests.domino.support import CONFIGS
from tests.vectors import files, load
from tests.vectors.make_vectors import VECTORS, play_game, referee, row

FILES = files("line_*.json")


def test_every_preset_family_has_two_vectors() -> None:
    names = {p.name for p in FILES}
    assert names == {name for name, _, _ in VECTORS}
    games = [load(p)["rules"]["game"] for p in FILES]
    assert sorted(games) == ["capicua"] * 2 + ["dominican"] * 2 + ["muggins"] * 2


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_vector_replays_exactly(path: Path) -> None:
    """Replaying the moves from (rules, seed) gives every event, the scores and the winner."""
    vector = load(path)
    rules = domino.Rules(**vector["rules"])
    game = domino.Game(rules, seed=vector["seed"])
    events = [row(e) for e in game.events]
    for move in vector["moves"]:
        events += [row(e) for e in game.play(move)]
    assert len(events) == len(vector["events"])
    for i, (got, want) in enumerate(zip(events, vector["events"], strict=False)):
        assert got == want, f"event {i} differs"
    assert events == [row(e) for e in game.events]
    assert list(game.scores) == vector["scores"]
    assert game.is_over and game.winner == vector["winner"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_vector_follows_the_rules(path: Path) -> None:
    """The independent referee recomputes every point of the transcript from the rules."""
    referee(load(path))


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_vector_survives_a_save_midway(path: Path) -> None:
    """A game saved halfway and loaded plays the rest of the vector identically."""
    vector = load(path)
    game = domino.Game(domino.Rules(**vector["rules"]), seed=vector["seed"])
    half = len(vector["moves"]) // 2
    for move in vector["moves"][:half]:
        game.play(move)
    game = domino.Game.from_bytes(game.to_bytes())
    for move in vector["moves"][half:]:
        game.play(move)
    assert [row(e) for e in game.events] == vector["events"]


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_referee_agrees_on_random_games(name: str) -> None:
    """The referee's arithmetic (docs/rules.md section 1) holds on whole random games of every
    preset and option set, not only on the frozen vectors."""
    for seed in range(1000, 1003):
        referee(play_game(CONFIGS[name], seed))

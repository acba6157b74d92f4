"""The Caminos golden transcripts (tests/vectors/caminos_*.json) replay exactly:
the same moves give the same events to the last field, the same scores and
winners and the same final C state. They were written by
tests/vectors/make_caminos_vectors.py; see that file before regenerating."""

from __future__ import annotations

from pathlib import Path

import pytest

from pintas import caminos
from pintas.caminos import _engine as _caminos
from tests.vectors import files, load
from tests.vectors.make_caminos_vectors import CASES, event_json

VECTORS = files("caminos_*.json")


def test_every_case_has_a_vector() -> None:
    assert sorted(p.stem for p in VECTORS) == sorted(CASES)


@pytest.mark.parametrize("path", VECTORS, ids=lambda p: p.stem)
def test_vector_replays_exactly(path: Path) -> None:
    data = load(path)
    spec = data["rules"]
    rules = caminos.Rules(spec["variant"], players=spec["players"], rounds=spec["rounds"])
    assert (rules.paths, rules.hand_size, rules.side_tiles, rules.full_path) == (
        spec["paths"], spec["hand_size"], spec["side_tiles"], spec["full_path"])
    deal = caminos.Deal(**data["deal"]) if data["deal"] is not None else None
    game = caminos.Game(rules, seed=data["seed"], deal=deal)
    for move in data["moves"]:
        game.play(caminos.Move.parse(move))
    assert [event_json(e) for e in game.events] == data["events"]
    assert list(game.scores) == data["scores"]
    assert list(game.winners) == data["winners"]
    assert game.is_over
    assert data["state_format"] == "PCM 1"
    assert game._save().hex() == data["state"]
    # the saved game carries the same transcript
    again = caminos.Game.from_bytes(game.to_bytes())
    assert [str(m) for m in again.history] == data["moves"]


def test_vectors_cover_every_kind_of_event() -> None:
    kinds: set[str] = set()
    reasons: set[str] = set()
    for path in VECTORS:
        for event in load(path)["events"]:
            kinds.add(event["kind"])
            reasons.add(event.get("reason", ""))
    assert kinds == set(_caminos.EVENT_KINDS)
    assert reasons >= {"most_pips", "renew", "stay", "discard", "out", "blocked"}

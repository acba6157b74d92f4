"""csrc/tests/golden_players.h, written when the computer players were Python
code, is what the public API plays today (tools/golden/players.py plays it:
the views of pintas.domino, pintas.caminos and pintas.dice and the moves their
players choose, which are C's now), and csrc/tests/test_players.c replays it
with the C views and players. A change of play shows here until the header is
written again."""

from __future__ import annotations

from tests.support import ROOT, golden_generator


def test_header_is_what_the_generator_makes() -> None:
    generator = golden_generator("players")
    assert (ROOT / "csrc" / "tests" / "golden_players.h").read_text() == generator.render()

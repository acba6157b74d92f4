"""csrc/tests/golden_players.h is what tools/golden/players.py makes now: the
games CPython's players play, which csrc/tests/test_players.c replays with the
C views and players. A change to a Python player shows here until the header
is written again (and the C test then says whether the C player follows)."""

from __future__ import annotations

from tests.support import ROOT, golden_generator


def test_header_is_what_the_generator_makes() -> None:
    generator = golden_generator("players")
    assert (ROOT / "csrc" / "tests" / "golden_players.h").read_text() == generator.render()

"""The C notation's golden vectors (csrc/tests/golden_notation.h) are what
tools/golden/notation.py makes from this package now: Python's notation and
messages and the C core's cannot drift apart unseen (csrc/tests/test_notation.c
checks the C core against the header)."""

from __future__ import annotations

from tests.support import ROOT, golden_generator


def test_committed_header_is_what_the_generator_makes() -> None:
    header = ROOT / "csrc" / "tests" / "golden_notation.h"
    assert header.read_text(encoding="utf-8") == golden_generator("notation").build(), (
        "csrc/tests/golden_notation.h is stale: run python tools/golden/notation.py")

"""The C notation's golden vectors (csrc/tests/golden_notation.h) are what
tools/golden/notation.py makes from this package now: Python's notation and
messages and the C core's cannot drift apart unseen (csrc/tests/test_notation.c
checks the C core against the header)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_notation",
                                                  ROOT / "tools" / "golden" / "notation.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_committed_header_is_what_the_generator_makes() -> None:
    header = ROOT / "csrc" / "tests" / "golden_notation.h"
    assert header.read_text(encoding="utf-8") == _generator().build(), (
        "csrc/tests/golden_notation.h is stale: run python tools/golden/notation.py")

"""csrc/tests/golden_players.h is what tools/golden/players.py makes now: the
games CPython's players play, which csrc/tests/test_players.c replays with the
C views and players. A change to a Python player shows here until the header
is written again (and the C test then says whether the C player follows)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _generator() -> ModuleType:
    path = ROOT / "tools" / "golden" / "players.py"
    spec = importlib.util.spec_from_file_location("golden_players", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_header_is_what_the_generator_makes() -> None:
    generator = _generator()
    assert (ROOT / "csrc" / "tests" / "golden_players.h").read_text() == generator.render()

"""The C save tests' golden data (csrc/tests/golden_saves.h, golden_hash.h) is
what tools/golden/saves.py makes from this package today: Python and C cannot
drift apart unseen."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("golden_saves",
                                                  ROOT / "tools" / "golden" / "saves.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_golden_headers_are_up_to_date() -> None:
    for path, text in _generator().headers().items():
        assert path.read_text() == text, (f"{path.relative_to(ROOT)} is stale: run "
                                          f"python tools/golden/saves.py")


def test_every_cause_is_covered() -> None:
    # every refusal the reader can give is among the golden damages, but the
    # one no game can produce today (a seed logged before a deal whose round's
    # first move draws)
    text = (ROOT / "csrc" / "tests" / "golden_saves.h").read_text()
    causes = {cause for cause, _ in _generator().CAUSES} - {"LOG_MISMATCH"}
    missing = sorted(c for c in causes if f",{c}," not in text)
    assert not missing

"""The C save tests' golden data (csrc/tests/golden_saves.h, golden_hash.h) is
what tools/golden/saves.py makes from this package today: Python and C cannot
drift apart unseen. The saves header was made when the package wrote and read
saves in Python; the package does both through the C core now, and must still
make it byte for byte (every save, every refusal's message)."""

from __future__ import annotations

from pintas import _save
from tests.support import ROOT, golden_generator


def test_golden_headers_are_up_to_date() -> None:
    for path, text in golden_generator("saves").headers().items():
        assert path.read_text() == text, (f"{path.relative_to(ROOT)} is stale: run "
                                          f"python tools/golden/saves.py")


def test_every_cause_is_covered() -> None:
    # every refusal the reader can give is among the golden damages, but the
    # one no game can produce today (a seed logged before a deal whose round's
    # first move draws)
    text = (ROOT / "csrc" / "tests" / "golden_saves.h").read_text()
    causes = {cause for cause, _ in golden_generator("saves").CAUSES} - {"LOG_MISMATCH"}
    missing = sorted(c for c in causes if f",{c}," not in text)
    assert not missing


def test_every_golden_save_loads_and_writes_itself_back() -> None:
    # (the saves are the header's: test_golden_headers_are_up_to_date)
    golden = golden_generator("saves")
    saves, _ = golden.collect()
    for save in (s for s in saves if s.good):
        key = golden.KEYS[save.key]
        game = golden.CLASSES[save.kind].from_bytes(save.data, key=key)
        again = game.to_bytes(key=key) if save.version == 2 else _save.write(game, None, 1)
        assert again == save.data, save.name
        assert game.replay() == game

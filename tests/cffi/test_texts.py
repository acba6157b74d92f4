"""The installed library's sentences (pintas/texts.h) are the ones the Python
package prints its events with, for every preset: every event of a game, as
the referee and as a seat sees it (others' draws hidden), reads as the
template of its kind or of one of its variants (``kind/variant``) in the C
table, filled with the event's own tile, points, counts, path, side and
seat in the words of the C word table; what a host words for itself (a team,
the winners, the tied seats, a reason) may be any text.

Skipped unless PINTAS_LIB names the installed library (see support.py).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.cffi.support import CLibrary
from tests.cffi.twins import CASES, Twin, random_positions


def table(c: CLibrary, name: str) -> dict[str, str]:
    """A C table of sentences by key."""
    texts = getattr(c.lib, f"pintas_{name}_texts")
    return {c.text(t.key): c.text(t.text) for t in texts.items[0:texts.count]}


def pattern(template: str, values: dict[str, str]) -> re.Pattern[str]:
    """``template`` as a pattern: its known fields filled, the others any text."""
    parts = re.split(r"(\{[a-z_]+\})", template)
    return re.compile("".join(
        (re.escape(values[p[1:-1]]) if p[1:-1] in values else ".+?") if p.startswith("{")
        else re.escape(p) for p in parts))


def filled(event: Any, words: dict[str, str]) -> dict[str, str]:
    """The fields of an event's sentence that the event alone fills."""
    out: dict[str, str] = {}
    seat = getattr(event, "seat", None)
    if seat is not None:
        out["who"] = out["player"] = words["player"].format(n=seat + 1)
    for name in ("points", "count", "total", "path", "side"):
        value = getattr(event, name, None)
        if value is not None:
            out[name] = str(value)
    tile = getattr(event, "tile", None)
    if tile is not None:
        out["tile"] = str(tile)
    end = getattr(event, "end", None)
    if end is not None:
        out["at"] = {"L": "left", "R": "right"}[end]
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_event_reads_as_the_c_sentence(c: CLibrary, name: str) -> None:
    twin = Twin.new(c, name, 71)
    for _ in random_positions(twin, 71, 400):
        pass
    sentences, words = table(c, twin.name), table(c, "word")
    events = [*twin.py.events, *twin.py.view(0).log]
    keys: set[str] = set()
    for event in events:
        said, values = str(event), filled(event, words)
        found = [key for key, text in sentences.items()
                 if key.split("/")[0] == event.kind and pattern(text, values).fullmatch(said)]
        assert found, (event, said)
        keys.update(found)
    assert len(keys) >= 6, keys

"""Golden transcripts (JSON) and the scripts that write them: make_vectors.py for
the line games, make_dice_vectors.py and make_caminos_vectors.py for the others."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DIR = Path(__file__).resolve().parent


def files(pattern: str) -> list[Path]:
    """The transcripts whose names match ``pattern``, sorted."""
    return sorted(DIR.glob(pattern))


def load(path: Path) -> Any:
    return json.loads(path.read_text())

"""Freeze tests/vectors/legacy_0_1.json: pickles and saves of pintas 0.1.0.

This was run once, with pintas 0.1.0 installed, to record what a host of that
version may have stored; tests/test_legacy.py checks that later versions load
it. Running it again with a later version would record that version instead,
so it refuses unless ``--force`` is given.
"""

from __future__ import annotations

import base64
import json
import pickle
import sys
from pathlib import Path

import pintas
from tests.test_legacy import VECTORS, _is_game, legacy_objects


def main() -> None:
    if pintas.__version__ != "0.1.0" and "--force" not in sys.argv:
        sys.exit(f"this freezes pintas 0.1.0's pickles; installed: {pintas.__version__}")
    objects = legacy_objects()
    out = {
        "made_by": f"pintas {pintas.__version__}",
        "pickles": {name: base64.b64encode(pickle.dumps(value)).decode("ascii")
                    for name, value in sorted(objects.items())},
        "saves": {name: value.to_bytes().hex()
                  for name, value in sorted(objects.items()) if _is_game(value)},
    }
    Path(VECTORS).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()

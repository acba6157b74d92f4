"""``python -m pintas``: play in the terminal (see :mod:`pintas.cli`)."""

from __future__ import annotations

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())

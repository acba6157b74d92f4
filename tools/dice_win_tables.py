#!/usr/bin/env python3
"""Regenerate the win tables the dice package ships (src/pintas/dice/tables).

Each table holds W(a, b), the probability that the player to start a turn
wins a 2-player game under mutual win-optimal play, for every pair of banked
scores below the target (docs/strength.md, "Playing to win"). The C solver
(csrc/dice_win.c) does the work, the GIL released; run it on a quiet machine:

    python tools/dice_win_tables.py            # every shipped table
    python tools/dice_win_tables.py farkle     # only the tables of one preset

The tables are pure functions of the rules: tests/dice/test_win.py pins their
SHA-256.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from pintas import dice
from pintas.dice import _search
from pintas.dice.players import WIN_TABLES

OUT = Path(__file__).resolve().parent.parent / "src" / "pintas" / "dice" / "tables"


def main(argv: list[str]) -> int:
    for name, (preset, target) in WIN_TABLES.items():
        if argv and preset not in argv:
            continue
        rules = getattr(dice.Rules, preset)(target=target)
        start = time.process_time()
        table = _search.win_policy(rules).table()
        (OUT / name).write_bytes(table)
        win = _search.win_policy(rules, table)
        print(f"{name}: {len(table):,} bytes, W(0, 0) = {win.start(0, 0):.5f}, "
              f"{time.process_time() - start:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

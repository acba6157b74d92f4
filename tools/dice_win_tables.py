#!/usr/bin/env python3
"""Regenerate the win tables the dice package ships (src/pintas/dice/tables).

Each table holds W(a, b), the probability that the player to start a turn
wins a 2-player game under mutual win-optimal play, for every pair of banked
scores below the target (docs/strength.md, "Playing to win"). The C solver
(csrc/dice_win.c) does the work, the GIL released; a ``.pwz`` file is the
table packed (``pack_table``). Run it on a quiet machine, or at low priority:

    nice -n 19 python tools/dice_win_tables.py                 # every shipped table
    nice -n 19 python tools/dice_win_tables.py farkle          # the tables of one preset
    nice -n 19 python tools/dice_win_tables.py dice_of_doom-25000.pwz   # one table

The tables are pure functions of the rules: tests/dice/test_win.py pins their
SHA-256.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from pintas import dice
from pintas.dice import _search
from pintas.dice.players import WIN_TABLES, pack_table

OUT = Path(__file__).resolve().parent.parent / "src" / "pintas" / "dice" / "tables"


def main(argv: list[str]) -> int:
    for name, (preset, target) in WIN_TABLES.items():
        if argv and preset not in argv and name not in argv:
            continue
        rules = getattr(dice.Rules, preset)(target=target)
        start = time.process_time()
        table = _search.win_policy(rules).table()
        stored = pack_table(table) if name.endswith(".pwz") else table
        (OUT / name).write_bytes(stored)
        win = _search.win_policy(rules, table)
        print(f"{name}: {len(stored):,} bytes ({len(table):,} unpacked), "
              f"W(0, 0) = {win.start(0, 0):.5f}, {time.process_time() - start:.1f} s CPU")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

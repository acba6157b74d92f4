"""The line games in the terminal: the table as a seat sees it, and how moves are typed.

Moves are typed in notation (``6|4``, ``6|4L``, ``draw``, ``pass``) or by their
number in the list; ``python -m pintas play dominican`` plays (see :mod:`pintas.cli`).
"""

from __future__ import annotations

from .._prompt import fit, table_top, wrap_items
from .game import View
from .rules import Rules

__all__ = ["HELP", "render", "side_name"]

HELP = ("type a tile (6|4), a tile and an end (6|4L / 6|4R), 'draw', 'pass', "
        "or the number of a legal move; 'quit' leaves\n")

def render(view: View, width: int = 80) -> str:
    """The table as ``view.seat`` sees it, in lines of at most ``width`` characters."""
    rules = view.rules
    lines = table_top(f"{rules}, round {view.round}", view.scores,
                      lambda side: side_name(rules, side), width)
    tiles = [f"[{a}|{b}]" for a, b in view.line] or ["(empty: the leader opens)"]
    lines += wrap_items("table:  ", tiles, width, " ")
    if view.ends is not None:
        lines.append(f"ends:   {view.ends[0]} (L) and {view.ends[1]} (R)")
    others = ", ".join(f"seat {s}: {n}" for s, n in enumerate(view.hand_sizes) if s != view.seat)
    lines.append(f"tiles in hand: {others}" + (
        f"; boneyard: {view.boneyard_size}" if rules.draws else ""))
    lines += wrap_items(f"your hand (seat {view.seat}): ", [f"[{t}]" for t in view.hand],
                        width, " ")
    return fit("\n".join(lines), width)


def side_name(rules: Rules, side: int) -> str:
    """How a scoring side is named: a team in pairs, else a seat."""
    if rules.pairs:
        return f"team {side} (seats {side} & {side + 2})"
    return f"seat {side}"

"""Caminos in the terminal: the table as a seat sees it, and how moves are typed.

The board is redrawn before each of your moves: every path with its tiles and
the number each side shows and how many more it takes, your hand, the other
hands' sizes, the pile and the scores. Type a move in notation (``5|3 front 2``,
``5|3 f2``, a bare ``5|3`` when it fits one place, ``reveal 6|4``, ``draw``,
``pass``) or its number in the list; bad input is explained and asked again;
``quit`` (or end of input) leaves.
"""

from __future__ import annotations

from .._prompt import fit, table_top, wrap_items
from .game import View

__all__ = ["HELP", "render"]

HELP = ("type a move: '5|3 front 2' (tile, side, path), '5|3 f2', or just '5|3' when it fits "
        "one place; 'reveal 6|4' (or '6|4') while choosing who starts; 'draw'; 'pass'; "
        "or the number of a listed move. 'quit' leaves.\n")

def render(view: View, width: int = 80) -> str:
    """The board as ``view.seat`` sees it, in lines of at most ``width`` characters."""
    rules = view.rules
    lines = table_top(f"{rules}, round {view.round} of {rules.rounds}", view.scores,
                      lambda seat: f"seat {seat}", width)
    lines.append("paths:")
    lines.extend(f"  {path}" for path in view.paths)
    if view.discard:
        lines.append(f"discarded: {len(view.discard)} tiles")
    others = ", ".join(f"seat {s}: {n}" for s, n in enumerate(view.hand_sizes) if s != view.seat)
    lines.append(f"tiles in hand: {others}; pile: {view.pile_size}")
    if view.phase == "reveal":
        line = "who starts: each player reveals a tile, the most pips starts"
        if view.step > 1:
            line += (f" (tie: step {view.step} between seats "
                     f"{', '.join(map(str, view.contenders))})")
        lines.append(line)
        shown = [f"seat {s}: {' '.join(map(str, tiles))}"
                 for s, tiles in enumerate(view.revealed) if tiles]
        if shown:
            lines.append("revealed so far: " + "; ".join(shown))
        if view.chosen:
            lines.append("already chose: " + ", ".join(f"seat {s}" for s in view.chosen))
    else:
        lines.append(f"seat {view.starter} started this round")
        if view.out_seat is not None:
            lines.append(f"seat {view.out_seat} is out of tiles: {view.last_turns} last "
                         f"turn(s) left")
    lines += wrap_items(f"your hand (seat {view.seat}): ", [f"[{t}]" for t in view.hand],
                        width, " ")
    return fit("\n".join(lines), width)

"""Caminos in the terminal: the table as a seat sees it, and how moves are typed.

The board is redrawn before each of your moves: every path with its tiles and
the number each side shows and how many more it takes, your hand, the other
hands' sizes, the pile and the scores. Type a move in notation (``5|3 front 2``,
``5|3 f2``, a bare ``5|3`` when it fits one place, ``reveal 6|4``, ``draw``,
``pass``) or its number in the list; bad input is explained and asked again;
``quit`` (or end of input) leaves. At a round's end every hand left is shown
with what it costs (docs/rules.md, section 2).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._prompt import after_the_round, fit, hands_at_round_end, table_top, wrap_items
from .._words import onlooker, player, players
from ._engine import Event
from .game import Game, View

__all__ = ["HELP", "render", "round_summary"]

HELP = ("type a move: '5|3 front 2' (tile, side, path), '5|3 f2', or just '5|3' when it fits "
        "one place; 'reveal 6|4' (or '6|4') while choosing who starts; 'draw'; 'pass'; "
        "or the number of a listed move. 'quit' leaves.\n")

def render(view: View, width: int = 80) -> str:
    """The board as ``view.seat`` sees it, in lines of at most ``width`` characters."""
    rules = view.rules
    lines = table_top(f"{rules}, round {view.round} of {rules.rounds}", view.scores,
                      player, width)
    lines.append("paths:")
    lines.extend(f"  {path}" for path in view.paths)
    if view.discard:
        lines.append(f"discarded: {len(view.discard)} tiles")
    others = ", ".join(f"{player(s)}: {n}" for s, n in enumerate(view.hand_sizes)
                       if s != view.seat)
    lines.append(f"tiles in hand: {others}; pile: {view.pile_size}")
    if view.phase == "reveal":
        line = "who starts: each player reveals a tile, the most pips starts"
        if view.step > 1:
            line += f" (tie: step {view.step} between {players(view.contenders)})"
        lines.append(line)
        shown = [f"{player(s)}: {' '.join(map(str, tiles))}"
                 for s, tiles in enumerate(view.revealed) if tiles]
        if shown:
            lines.append("revealed so far: " + "; ".join(shown))
        if view.chosen:
            lines.append("already chose: " + ", ".join(map(player, view.chosen)))
    else:
        if view.starter is not None:  # (always, once the round is under way)
            lines.append(f"{player(view.starter)} started this round")
        if view.out_seat is not None:
            lines.append(f"{player(view.out_seat)} is out of tiles: {view.last_turns} last "
                         f"turn(s) left")
    lines += wrap_items(f"your hand ({onlooker(view.seat)}): ", [f"[{t}]" for t in view.hand],
                        width, " ")
    return fit("\n".join(lines), width)


def round_summary(before: Game, after: Game, events: Sequence[Event],
                  width: int = 80) -> tuple[int, str] | None:
    """When ``events`` (those of one move, played on ``before`` to give
    ``after``) end a round: where the round's own events end (the next
    deal, or the game's end, follows), and the round told in full: every hand left,
    what it costs, and the scores. None when the move ended no round."""
    kinds = [e.kind for e in events]
    if "round_end" not in kinds:
        return None
    end = events[kinds.index("round_end")]
    how = ("everybody passed" if end.reason == "blocked" or end.seat is None
           else f"{player(end.seat)} went out")
    lines = [f"--- round {before.round} is over: {how} ---"]
    for seat, hand in hands_at_round_end(before, events, "place").items():
        shown = [f"[{t}]" for t in sorted(hand, reverse=True)]
        lines += wrap_items(f"{player(seat)}: ", [*shown, f"= {-len(hand)}"] if hand
                            else ["out of tiles"], width, " ")
    lines.append("each player scores -1 for every tile left in hand")
    lines += table_top("", after.scores, player, width)[1:]
    return after_the_round(events), fit("\n".join(lines), width)

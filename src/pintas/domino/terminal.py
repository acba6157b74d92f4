"""The line games in the terminal: the table as a seat sees it, how moves are
typed, and the end of a round told in full.

Moves are typed in notation (``6|4``, ``6|4L``, ``draw``, ``pass``) or by their
number in the list; ``python -m pintas play dominican`` plays (see :mod:`pintas.cli`).
In Muggins the table line ends with what the open ends add up to (it scores
when it is a multiple of 5). At a round's end every hand left is shown with its
pips, and how the points were reached (docs/rules.md, section 1).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .._prompt import after_the_round, fit, hands_at_round_end, table_top, wrap_items
from .._words import onlooker, player, team
from ..tiles import Tile
from ._engine import Event
from ._search import oriented_line
from .counting import steps
from .game import Game, View
from .rules import Rules

__all__ = ["HELP", "ends_count", "render", "round_summary", "side_name"]

HELP = ("type a tile (6|4), a tile and an end (6|4L / 6|4R), 'draw', 'pass', "
        "or the number of a legal move; 'quit' leaves\n")


def render(view: View, width: int = 80) -> str:
    """The table as ``view.seat`` sees it, in lines of at most ``width`` characters."""
    rules = view.rules
    lines = table_top(f"{rules}, round {view.round}", view.scores,
                      lambda side: side_name(rules, side), width)
    lines += _table_lines(view.line, rules, width)
    if view.ends is not None:
        lines.append(f"ends:   {view.ends[0]} (L) and {view.ends[1]} (R)")
    others = ", ".join(f"{player(s)}: {n}" for s, n in enumerate(view.hand_sizes)
                       if s != view.seat)
    lines.append(f"tiles in hand: {others}" + (
        f"; boneyard: {view.boneyard_size}" if rules.draws else ""))
    lines += wrap_items(f"your hand ({onlooker(view.seat)}): ", [f"[{t}]" for t in view.hand],
                        width, " ")
    return fit("\n".join(lines), width)


def _table_lines(line: Sequence[tuple[int, int]], rules: Rules, width: int,
                 count: bool = True) -> list[str]:
    """The line of tiles; in Muggins, with what its open ends add up to."""
    tiles = [f"[{a}|{b}]" for a, b in line] or ["(empty: the leader opens)"]
    if count and rules.game == "muggins" and line:
        tiles.append(f"(the ends add up to {ends_count(line)})")
    return wrap_items("table:  ", tiles, width, " ")


def ends_count(line: Sequence[tuple[int, int]]) -> int:
    """What the open ends of ``line`` add up to in Muggins: a double lying at
    an end counts both halves; a lone first tile counts its pips once.

    >>> ends_count([(5, 5)]), ends_count([(5, 5), (5, 0)]), ends_count([(6, 4), (4, 4)])
    (10, 10, 14)
    """
    if len(line) == 1:
        return sum(line[0])
    (left, inner), (other, right) = line[0], line[-1]
    return left * (2 if left == inner else 1) + right * (2 if right == other else 1)


def side_name(rules: Rules, side: int) -> str:
    """How a scoring side is named: a team in pairs (with its players), else a
    player; both counted from 1 (``team 1 (players 1 & 3)`` is side 0)."""
    if rules.pairs:
        return team(side, (side, side + 2))
    return player(side)


# ---- the end of a round ----------------------------------------------------------------


def round_summary(before: Game, after: Game, events: Sequence[Event],
                  width: int = 80) -> tuple[int, str] | None:
    """When ``events`` (those of one move, played on ``before`` to give
    ``after``) end a round: where the round's own events end (the next
    deal, or the game's end, follows), and the round told in full: the last table,
    every hand left with its pips, how the points were reached and the
    scores. None when the move ended no round."""
    kinds = [e.kind for e in events]
    if "round_end" not in kinds:
        return None
    end = events[kinds.index("round_end")]
    rules = after.rules
    hands = hands_at_round_end(before, events, "play")
    pips = {seat: sum(t.pips for t in hand) for seat, hand in hands.items()}
    scored = [e for e in events if e.kind == "score"]
    how = "went out (domino)" if end.reason == "domino" else "blocked"
    who = f"{player(end.seat)} " if end.reason == "domino" and end.seat is not None else ""
    lines = [f"--- round {before.round} is over: {who}{how} ---"]
    lines += _table_lines(oriented_line(_placements(before, events)), rules, width,
                          count=False)
    for seat, hand in hands.items():
        shown = [f"[{t}]" for t in sorted(hand, reverse=True)]
        lines += wrap_items(f"{player(seat)}: ", [*shown, f"= {_pips(pips[seat])}"] if hand
                            else ["out of tiles"], width, " ")
    lines += _how_it_scored(rules, end, scored, pips, before.to_move)
    lines += table_top("", after.scores, lambda side: side_name(rules, side), width)[1:]
    return after_the_round(events), fit("\n".join(lines), width)


def _placements(before: Game, events: Sequence[Event]) -> list[tuple[Tile, str]]:
    return [*before.placements, *((e.tile, e.end) for e in events
                                  if e.kind == "play" and e.tile is not None
                                  and e.end is not None)]


def _pips(n: int) -> str:
    return "1 pip" if n == 1 else f"{n} pips"


def _sum(values: Sequence[int]) -> str:
    """``a + b + c = n`` (just ``n`` for one value)."""
    total = sum(values)
    return " + ".join(map(str, values)) + f" = {total}" if len(values) > 1 else str(total)


def _how_it_scored(rules: Rules, end: Event, scored: Sequence[Event], pips: dict[int, int],
                   mover: int | None) -> list[str]:
    """How the round's points were reached, in the words of docs/rules.md
    (the steps of :func:`pintas.domino.counting.steps`, said in English)."""
    return [line for step in steps(rules, end, scored, pips, mover) for line in _said(step)]


def _said(step: dict[str, Any]) -> list[str]:
    """One counting step in English."""
    key = step["key"]
    who = player(step["winner"]) if "winner" in step else ""
    if key == "block_tie":
        return [f"a tie for the fewest pips ({step['pips']}): nobody scores, and the "
                f"round's leader leads again"]
    if key == "muggins_out":
        return [f"{who} scores the pips left in the other hands, {_sum(step['others'])}, "
                f"rounded to the nearest 5: {step['points']}"]
    if key == "muggins_lowest":
        return [f"{who} has the fewest pips and scores all the others' pips, "
                f"{_sum(step['others'])}, rounded to the nearest 5: {step['points']}"]
    if key == "muggins_each":
        return ["each player scores the others' pips less their own, rounded to the "
                "nearest 5, when that is more than 0:"]
    if key == "muggins_each_seat":
        return [f"  {player(step['seat'])}: {step['others']} - {step['own']} = {step['diff']}: "
                f"scores {step['points']}"]
    if key in ("capicua_out", "capicua_lowest"):
        why = "went out" if key == "capicua_out" else "has the fewest pips"
        return [f"{who} {why}: the other hands hold {_sum(step['others'])} pips, worth "
                f"{step['points']} (1 up to 2 pips, 2 up to 20, then 1 a 10 begun)"
                + ("; a capicúa doubles it" if step["doubled"] else "")]
    if key == "dominican_out":
        return [f"{who} scores the pips left in the other hands: {_sum(step['others'])}"]
    if key == "capicua_bonus":
        return [f"a capicúa: {step['points']} more"]
    if key == "dominican_blocker":
        blocker, after = player(step["blocker"]), player(step["next"])
        return [f"{blocker} blocked; {blocker} and {after} compare pips and {who}, with fewer "
                f"(the blocker on a tie), scores every pip in every hand: "
                f"{_sum(step['every'])}"]
    return [f"{who} has the fewest pips and scores every pip in every hand: "
            f"{_sum(step['every'])}"]


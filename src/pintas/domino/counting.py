"""How a round's points were reached, as data: the steps that front ends put
in words (the terminal in English, the kiosk's page in its languages), so
that the arithmetic of docs/rules.md, section 1, lives in one place.

Each step is a dict with a ``key`` naming what it says and the numbers it
says it with; seats are numbered from 0, as everywhere in data.

>>> from pintas import domino
>>> rules = domino.Rules.muggins(players=3)
>>> end = domino.Event("round_end", seat=0, side=0, reason="domino")
>>> steps(rules, end, [], {0: 0, 1: 7, 2: 11}, mover=0)
[{'key': 'muggins_out', 'winner': 0, 'others': [7, 11], 'total': 18, 'points': 20}]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ._engine import Event
from .rules import Rules

__all__ = ["capicua_points", "round5", "steps"]


def round5(pips: int) -> int:
    """Muggins' rounding to the nearest 5: a remainder of 1-2 down, 3-4 up.

    >>> [round5(n) for n in (2, 3, 7, 8, 22)]
    [0, 5, 5, 10, 20]
    """
    return (pips + 2) // 5 * 5


def capicua_points(pips: int) -> int:
    """Capicúa's points for the pips of the other hands: 1 up to 2 pips, 2 up
    to 20, then one for every 10 begun.

    >>> [capicua_points(n) for n in (2, 3, 20, 21, 30, 31)]
    [1, 2, 2, 3, 3, 4]
    """
    return 1 if pips <= 2 else 2 if pips <= 20 else -(-pips // 10)


def steps(rules: Rules, end: Event, scored: Sequence[Event], pips: Mapping[int, int],
          mover: int | None) -> list[dict[str, Any]]:
    """How the round that ``end`` (its ``round_end`` event) ended was counted,
    given the ``score`` events it gave, every seat's ``pips`` left, and the
    seat whose move ended it (``mover``: the blocker of a block)."""
    winner = end.seat
    every = [pips[s] for s in sorted(pips)]
    others = [pips[s] for s in sorted(pips) if s != winner]
    if end.reason == "block_tie":
        return [{"key": "block_tie", "pips": min(every)}]
    if winner is None:
        raise ValueError(f"a round_end with no winner: {end!r}")
    if rules.game == "muggins":
        return _muggins(rules, end, winner, others, pips)
    if rules.game == "capicua":
        doubled = any(e.reason == "capicua" for e in scored)
        key = "capicua_out" if end.reason == "domino" else "capicua_lowest"
        return [{"key": key, "winner": winner, "others": others, "total": sum(others),
                 "points": capicua_points(sum(others)), "doubled": doubled}]
    bonus = [{"key": "capicua_bonus", "points": e.points} for e in scored
             if e.reason == "capicua"]
    if end.reason == "domino":
        return [{"key": "dominican_out", "winner": winner, "others": others,
                 "total": sum(others)}, *bonus]
    if rules.tranque == "blocker" and mover is not None:
        return [{"key": "dominican_blocker", "blocker": mover, "next": (mover + 1) % len(pips),
                 "winner": winner, "every": every, "total": sum(every)}]
    return [{"key": "dominican_lowest", "winner": winner, "every": every, "total": sum(every)}]


def _muggins(rules: Rules, end: Event, winner: int, others: list[int],
             pips: Mapping[int, int]) -> list[dict[str, Any]]:
    total = sum(others)
    if end.reason == "domino" or rules.block_scoring == "lowest_takes_all":
        key = "muggins_out" if end.reason == "domino" else "muggins_lowest"
        return [{"key": key, "winner": winner, "others": others, "total": total,
                 "points": round5(total)}]
    every = sum(pips.values())
    return [{"key": "muggins_each"},
            *({"key": "muggins_each_seat", "seat": s, "others": every - own, "own": own,
               "diff": every - 2 * own, "points": max(0, round5(every - 2 * own))}
              for s, own in sorted(pips.items()))]

"""How a text for people names the seats and sides of a game.

Seats and sides are numbered from 0 in data (every ``seat`` and ``side``
field, every argument, ``to_dict()``, saves) and in errors about an argument.
A text for people (an event's ``str()``, the terminal game, a picture's
words) counts from 1 and says "player" and "team": seat ``s`` is
"player s+1", side ``t`` of a game of pairs "team t+1" (docs/rules.md,
"Seats and players"). The words are the C core's (pintas/texts.h), which the
MicroPython layer reads too.

>>> player(0), players([1]), players([0, 2]), players([1, 2, 3])
('player 1', 'player 2', 'players 1 and 3', 'players 2, 3 and 4')
>>> team(0, [0, 2])
'team 1 (players 1 & 3)'
"""

from __future__ import annotations

from collections.abc import Iterable

from ._texts import words

__all__ = ["NOBODY", "player", "players", "team"]

#: What a text says where a seat would stand and none does.
NOBODY = words("nobody", 0)


def player(seat: int) -> str:
    """Seat ``seat`` as people read it: ``player 1`` for seat 0."""
    return words("player", seat + 1)


def onlooker(seat: int | None) -> str:
    """Who looks at a view: its seat as :func:`player` names it, or ``a
    spectator`` for the public view (seat None)."""
    return "a spectator" if seat is None else player(seat)


def players(seats: Iterable[int]) -> str:
    """Some seats as people read them: ``player 2``, ``players 1 and 3``,
    ``players 2, 3 and 4``."""
    return words("players", 0, seats)


def team(side: int, seats: Iterable[int]) -> str:
    """Side ``side`` of a game of pairs, with its seats: ``team 1 (players 1 & 3)``."""
    return words("team", side + 1, seats)

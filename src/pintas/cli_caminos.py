"""Caminos in the terminal: you take one seat against computer players.

The board is redrawn before each of your moves: every path with its tiles and
the number each side shows and how many more it takes, your hand, the other
hands' sizes, the pile and the scores. Type a move in notation (``5|3 front 2``,
``5|3 f2``, a bare ``5|3`` when it fits one place, ``reveal 6|4``, ``draw``,
``pass``) or its number in the list; bad input is explained and asked again;
``quit`` (or end of input) leaves.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from . import caminos
from ._prompt import ask_choice
from .caminos_players import GreedyPlayer
from .errors import PintasError, RulesError

InputFn = Callable[[str], str]

PRESETS = {
    "caminos": "base", "base": "base",
    "caminos_no_renewal": "no_renewal", "no_renewal": "no_renewal",
    "caminos_two_paths": "two_paths", "two_paths": "two_paths",
}


def build_rules(name: str, players: int) -> caminos.Rules:
    """The rules of preset ``name`` (``caminos``, ``caminos_no_renewal``,
    ``caminos_two_paths``, or ``base``/``no_renewal``/``two_paths``) for
    ``players`` seats; RulesError for anything else.

    >>> build_rules("caminos_two_paths", 4).hand_size
    6
    """
    if name not in PRESETS:
        raise RulesError(f"no Caminos preset {name!r}: choose one of "
                          f"{', '.join(sorted(set(PRESETS) - set(PRESETS.values())))}")
    return caminos.Rules(variant=PRESETS[name], players=players)


def render(view: caminos.View) -> str:
    """The board as ``view.seat`` sees it."""
    rules = view.rules
    lines = [f"--- {rules}, round {view.round} of {rules.rounds} ---"]
    lines.append("scores: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(view.scores)))
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
    lines.append(f"your hand (seat {view.seat}): {' '.join(f'[{t}]' for t in view.hand)}")
    return "\n".join(lines)


HELP = ("type a move: '5|3 front 2' (tile, side, path), '5|3 f2', or just '5|3' when it fits "
        "one place; 'reveal 6|4' (or '6|4') while choosing who starts; 'draw'; 'pass'; "
        "or the number of a listed move. 'quit' leaves.\n")


def ask_move(view: caminos.View, game: caminos.Game, ask: InputFn,
             out: TextIO) -> caminos.Move | None:
    """Ask until the player types a legal move; None if they quit."""
    return ask_choice([(m, str(m)) for m in view.legal_moves()], game.parse_move, HELP, ask, out)


def _shown(event: caminos.Event, human: int) -> str:
    return str(event if event.seat == human else event.hidden())


def play(rules: caminos.Rules, human: int, seed: int | None, ask: InputFn, out: TextIO) -> int:
    """Run one game in the terminal; 0 when it ends, 1 if the player quits.

    The other seats are :class:`~pintas.caminos_players.GreedyPlayer` bots.
    """
    try:
        if type(human) is not int or not 0 <= human < rules.players:
            raise PintasError(f"your seat must be 0..{rules.players - 1}: got {human!r}")
        game = caminos.Game(rules, seed=seed)
    except PintasError as exc:
        out.write(f"pintas: {exc}\n")
        return 2
    bot = GreedyPlayer()
    try:
        for event in game.events:
            out.write(f"  {_shown(event, human)}\n")
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            if seat == human:
                view = game.view(human)
                out.write("\n" + render(view) + "\n")
                move = ask_move(view, game, ask, out)
                if move is None:
                    out.write("bye\n")
                    return 1
            else:
                move = bot(game.view(seat))
            for event in game.play(move):
                out.write(f"  {_shown(event, human)}\n")
    except KeyboardInterrupt:
        out.write("\nbye\n")
        return 1
    out.write(f"\nfinal scores: {', '.join(f'seat {s} {p}' for s, p in enumerate(game.scores))}\n")
    if human in game.winners:
        out.write("you win!\n" if len(game.winners) == 1 else
                  f"you share the win with seat(s) "
                  f"{', '.join(str(s) for s in game.winners if s != human)}!\n")
    else:
        names = ", ".join(map(str, game.winners))
        out.write(f"seat {names} wins\n" if len(game.winners) == 1 else
                  f"seats {names} share the win\n")
    return 0

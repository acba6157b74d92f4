"""Dice of Doom and Farkle in the terminal: you against computer players.

Before each of your moves the table is shown: every score, your turn total,
the dice you have kept and, after a roll, the roll and every keep it allows
with its points, numbered. Type ``roll``, ``keep 1 5`` (the dice to keep),
``bank``, or the number of a listed move; bad input is explained and asked
again; ``quit`` (or end of input) leaves. The dice are the computer's to roll:
``roll 1 5 6 4 4 3`` (physical dice) is for kiosks, not for this table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TextIO

from . import dice
from ._prompt import ask_choice
from .errors import RulesError

InputFn = Callable[[str], str]

PRESETS = ("dice_of_doom", "farkle")

HELP = ("type 'roll', 'keep 1 5' (the dice of the last roll to keep, by their faces), "
        "'bank', or the number of a listed move. 'quit' leaves.\n")


def build_rules(name: str, target: int | None = None) -> dice.Rules:
    """The rules of preset ``name`` (``dice_of_doom`` or ``farkle``), with
    ``target`` if given; RulesError for anything else.

    >>> build_rules("farkle", target=2000).target
    2000
    """
    extra = {} if target is None else {"target": target}
    if name == "dice_of_doom":
        return dice.Rules.dice_of_doom(**extra)
    if name == "farkle":
        return dice.Rules.farkle(**extra)
    raise RulesError(f"no dice game {name!r}: choose one of {', '.join(PRESETS)}")


def _faces(values: Sequence[int]) -> str:
    return " ".join(f"[{v}]" for v in values) or "-"


def render(view: dice.View) -> str:
    """The table as ``view.seat`` sees it, before a move."""
    lines = [f"--- {view.rules} ---"]
    lines.append("scores: " + ", ".join(
        f"{'you' if s == view.seat else f'seat {s}'} {p}" for s, p in enumerate(view.scores)))
    if view.final_turns_left:
        lines.append(f"final round: {view.final_turns_left} last turn(s) left")
    lines.append(f"your turn total: {view.turn_total}; kept so far: {_faces(view.pool)}; "
                 f"dice to roll: {view.dice_to_roll}")
    if view.phase == "keep":
        lines.append(f"you rolled: {_faces(view.last_roll)}")
    return "\n".join(lines)


def _listed(view: dice.View) -> list[tuple[dice.Move, str]]:
    """The legal moves with how each reads in the list."""
    if view.phase == "keep":
        return [(k.move, f"keep {' '.join(map(str, k.dice))} (+{k.points})")
                for k in view.keeps()]
    labels = {"roll": f"roll {view.dice_to_roll} dice", "bank": f"bank {view.turn_total}"}
    return [(m, labels.get(m.kind, str(m))) for m in view.legal_moves()]


def _parse(text: str, view: dice.View, game: dice.Game) -> dice.Move:
    words = text.lower().split()
    if view.phase == "keep" and words and all(w.isdigit() for w in words):
        words = ["keep", *words]  # "1 5" in a keep phase: the dice to keep
    if words and words[0] in ("roll", "r") and len(words) > 1:
        raise RulesError(f"{text!r}: the computer rolls the dice here; just type 'roll'")
    aliases = {"r": "roll", "b": "bank", "k": "keep"}
    words[:1] = [aliases.get(words[0], words[0])] if words else []
    return game.parse_move(" ".join(words))


def ask_move(view: dice.View, game: dice.Game, ask: InputFn, out: TextIO) -> dice.Move | None:
    """Ask until the player types a legal move; None if they quit."""

    def keep_hint(text: str) -> str:
        return f", or type 'keep {text}' to keep a die" if view.phase == "keep" else ""

    return ask_choice(_listed(view), lambda text: _parse(text, view, game), HELP, ask, out,
                      keep_hint)


def play(rules: dice.Rules, players: int, human: int, seed: int | None, ask: InputFn,
         out: TextIO, opponent: Callable[[int], Any] | None = None) -> int:
    """Run one game in the terminal; 0 when it ends, 1 if the player quits.

    ``opponent(seat)`` makes the computer player of each other seat (default:
    :class:`~pintas.dice.OptimalPlayer`, the best single-turn policy).
    """
    game = dice.Game(rules, players=players, seed=seed)
    make = opponent or (lambda seat: dice.OptimalPlayer(rules))
    bots = {seat: make(seat) for seat in range(players) if seat != human}
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
            move = bots[seat].choose(game.view(seat))
        for event in game.play(move):
            out.write(f"  {event}\n")
    out.write("\nfinal scores: " + ", ".join(
        f"{'you' if s == human else f'seat {s}'} {p}" for s, p in enumerate(game.scores)) + "\n")
    out.write("you win!\n" if game.winner == human else f"seat {game.winner} wins\n")
    return 0

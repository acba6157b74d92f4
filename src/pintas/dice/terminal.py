"""Dice of Doom and Farkle in the terminal: the table as a seat sees it, and
how moves are typed.

Before each of your moves the table is shown: every score, your turn total,
the dice you have kept and, after a roll, the roll and every keep it allows
with its points, numbered. Type ``roll``, ``keep 1 5`` (the dice to keep),
``bank``, or the number of a listed move; bad input is explained and asked
again; ``quit`` (or end of input) leaves.

Physical dice are welcome: ``roll 1 5 6 4 4 3`` plays the faces you rolled
yourself. With ``python -m pintas play farkle --dice physical`` every roll is
rolled by hand and typed in, the computer players' too: a ``roll`` then asks
for the faces (:func:`hand_roll_prompt`, :func:`hand_roll`).
"""

from __future__ import annotations

from collections.abc import Sequence

from .._prompt import fit, table_top
from .._words import player
from ..errors import NotationError
from ._engine import Move
from .game import Game, View

__all__ = ["HELP", "ROLL_HELP", "choices", "hand_roll", "hand_roll_prompt", "number_hint", "parse",
           "render"]

HELP = ("type 'roll' (or, with your own dice, 'roll' and the faces: 'roll 1 5 6 4 4 3'), "
        "'keep 1 5' (the dice of the last roll to keep, by their faces), 'bank', or the "
        "number of a listed move. 'quit' leaves.\n")
#: What is asked for a roll made by hand.
ROLL_HELP = ("type the faces of the dice as they fell, e.g. '1 5 6 4 4 3' (one number 1..6 "
             "a die). 'quit' leaves.\n")


def _dice(n: int) -> str:
    return "1 die" if n == 1 else f"{n} dice"


def _faces(values: Sequence[int]) -> str:
    return " ".join(f"[{v}]" for v in values) or "-"


def render(view: View, width: int = 80) -> str:
    """The table as ``view.seat`` sees it, before a move, in lines of at most
    ``width`` characters."""
    lines = table_top(str(view.rules), view.scores,
                      lambda seat: "you" if seat == view.seat else player(seat), width)
    if view.final_turns_left:
        lines.append(f"final round: {view.final_turns_left} last turn(s) left")
    lines.append(f"your turn total: {view.turn_total}; kept so far: {_faces(view.pool)}; "
                 f"dice to roll: {view.dice_to_roll}")
    if view.phase == "keep":
        lines.append(f"you rolled: {_faces(view.last_roll)}")
    return fit("\n".join(lines), width)


def choices(view: View) -> list[tuple[Move, str]]:
    """The legal moves with how each reads in the list."""
    if view.phase == "keep":
        return [(k.move, f"keep {' '.join(map(str, k.dice))} (+{k.points})")
                for k in view.keeps()]
    labels = {"roll": f"roll {_dice(view.dice_to_roll)}", "bank": f"bank {view.turn_total}"}
    return [(m, labels.get(m.kind, str(m))) for m in view.legal_moves()]


def parse(text: str, view: View, game: Game) -> Move:
    """The move a typed line names: a move's notation, or (when keeping) just the dice."""
    words = text.lower().split()
    if view.phase == "keep" and words and all(w.isdigit() for w in words):
        words = ["keep", *words]  # "1 5" in a keep phase: the dice to keep
    aliases = {"r": "roll", "b": "bank", "k": "keep"}
    words[:1] = [aliases.get(words[0], words[0])] if words else []
    return game.parse_move(" ".join(words))


def hand_roll_prompt(view: View, move: Move, who: str) -> str | None:
    """When ``move`` rolls the game's dice (a bare ``roll``), the prompt that
    asks ``who`` (``you``, ``player 2``) for the faces of a roll made by hand;
    else None."""
    if move.kind != "roll" or move.dice:
        return None
    rolls = "roll" if who == "you" else "rolls"
    return f"{who} {rolls} {_dice(view.dice_to_roll)}: type the faces> "


def hand_roll(text: str, view: View, game: Game) -> Move:
    """The roll whose faces were typed (``1 5 6 4 4 3``, or ``roll 1 5 6 4 4 3``)."""
    words = text.lower().replace(",", " ").split()
    if words[:1] == ["roll"]:
        words = words[1:]
    example = " ".join("153644"[:view.dice_to_roll])
    if not words or not all(len(w) == 1 and w in "123456" for w in words):
        raise NotationError(f"{text!r}: type the faces of the {_dice(view.dice_to_roll)}, "
                            f"a number 1..6 for each (e.g. {example})")
    return game.parse_move(" ".join(["roll", *words]))


def number_hint(view: View, text: str) -> str:
    """While keeping, a number off the list may be a die to keep."""
    return f", or type 'keep {text}' to keep a die" if view.phase == "keep" else ""

"""The one prompt loop every terminal game uses to ask for a move, and what
the terminal front ends (``pintas.<game>.terminal``) share.

A terminal front end is a module with ``HELP`` (the help text) and
``render(view)`` (the table as the seat sees it, usually begun with
:func:`table_top`). It may also define ``choices(view)`` (the legal moves,
each with how it reads in the numbered list; by default its notation),
``parse(text, view, game)`` (the move a typed line names; by default the
game's ``parse_move``) and ``number_hint(view, text)`` (a hint for a number
that is not on the list; by default none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TextIO, TypeVar

from .errors import PintasError

T = TypeVar("T")

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h", "")


def table_top(title: str, scores: Sequence[int], side_name: Callable[[int], str]) -> list[str]:
    """The first lines of a table: its title and every side's score."""
    return [f"--- {title} ---",
            "scores: " + ", ".join(f"{side_name(side)} {points}"
                                   for side, points in enumerate(scores))]


def _listed(view: Any) -> list[tuple[Any, str]]:
    return [(m, str(m)) for m in view.legal_moves()]


def ask_move(terminal: Any, view: Any, game: Any, ask: Callable[[str], str],
             out: TextIO) -> Any | None:
    """Ask the seat of ``view`` for a move through a terminal front end; None if it quits."""
    choices = getattr(terminal, "choices", _listed)(view)
    parse = getattr(terminal, "parse", None)
    hint = getattr(terminal, "number_hint", None)
    return ask_choice(choices,
                      (lambda text: parse(text, view, game)) if parse else game.parse_move,
                      terminal.HELP, ask, out,
                      (lambda text: hint(view, text)) if hint else (lambda text: ""))


def ask_choice(choices: Sequence[tuple[T, str]], parse: Callable[[str], T], help_text: str,
               ask: Callable[[str], str], out: TextIO,
               number_hint: Callable[[str], str] = lambda text: "") -> T | None:
    """List ``choices`` (value, label), then ask until the player names one.

    A number picks from the list; other text goes to ``parse``, whose
    :class:`~pintas.errors.PintasError` is shown and asked again. ``quit`` or
    the end of input gives None. ``number_hint(text)`` may add a hint to the
    message for a number that is not on the list.
    """
    out.write("legal: " + "  ".join(f"{i}) {label}" for i, (_, label) in
                                     enumerate(choices, 1)) + "\n")
    while True:
        try:
            text = ask("your move> ").strip()
        except EOFError:
            return None
        if text.lower() in QUIT_WORDS:
            return None
        if text.lower() in HELP_WORDS:
            out.write(help_text)
            continue
        if text.isdigit():
            if 1 <= int(text) <= len(choices):
                return choices[int(text) - 1][0]
            out.write(f"  there is no move {text}: choose 1..{len(choices)}"
                      f"{number_hint(text)}\n")
            continue
        try:
            return parse(text)
        except PintasError as exc:
            out.write(f"  {exc}\n")

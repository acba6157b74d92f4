"""The one prompt loop every terminal game uses to ask for a move."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TextIO, TypeVar

from .errors import PintasError

T = TypeVar("T")

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h", "")


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

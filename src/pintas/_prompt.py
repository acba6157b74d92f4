"""The one prompt loop every terminal game uses to ask for a move, and what
the terminal front ends (``pintas.<game>.terminal``) share.

A terminal front end is a module with ``HELP`` (the help text) and
``render(view, width)`` (the table as the seat sees it, in lines of at most
``width`` characters, usually begun with :func:`table_top`). It may also
define ``choices(view)`` (the legal moves, each with how it reads in the
numbered list; by default its notation), ``parse(text, view, game)`` (the
move a typed line names; by default the game's ``parse_move``) and
``number_hint(view, text)`` (a hint for a number that is not on the list; by
default none). A game of dice adds ``hand_roll_prompt(view, move, who)``,
``hand_roll(text, view, game)`` and ``ROLL_HELP``, to ask for the faces of a
roll made by hand (``play --dice physical``).

Every line written fits the terminal: lists are wrapped item by item
(:func:`wrap_items`) and any other text at its spaces (:func:`fit`).
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TextIO, TypeVar

from .errors import IllegalMoveError, NotationError, PintasError

T = TypeVar("T")

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h", "")
#: Narrower terminals still get lines this wide: below it nothing reads well.
MIN_WIDTH = 40


def terminal_width() -> int:
    """The width of the terminal in characters: 80 when the output is not a
    terminal (a pipe, a file), never less than :data:`MIN_WIDTH`."""
    return max(MIN_WIDTH, shutil.get_terminal_size().columns)


def wrap_items(head: str, items: Iterable[str], width: int, sep: str = "  ") -> list[str]:
    """``head`` followed by ``items`` on as few lines of at most ``width``
    characters as they fit, an item never split; the lines after the first
    are indented under the first item.

    >>> wrap_items("legal: ", ["1) 6|6L", "2) 6|4L", "3) 6|4R"], 22)
    ['legal: 1) 6|6L', '       2) 6|4L', '       3) 6|4R']
    """
    indent = " " * (len(head) if len(head) <= width // 3 else 4)
    lines, line = [], head
    for item in items:
        if line not in (head, indent) and len(line) + len(sep) + len(item) > width:
            lines.append(line)
            line = indent
        line += item if line in (head, indent) else sep + item
    lines.append(line)
    return lines


def fit(text: str, width: int) -> str:
    """``text`` with every line wider than ``width`` broken at its spaces; the
    lines it continues on are indented two more than its own.

    >>> print(fit("  player 1 plays 6|4 at the left end of the line", 24))
      player 1 plays 6|4 at
        the left end of the
        line
    """
    out = []
    for line in text.split("\n"):
        if len(line) <= width:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out.extend(textwrap.wrap(line, width, subsequent_indent=indent,
                                 break_on_hyphens=False) or [""])
    return "\n".join(out)


def table_top(title: str, scores: Sequence[int], side_name: Callable[[int], str],
              width: int = 80) -> list[str]:
    """The first lines of a table: its title and every side's score."""
    return [f"--- {title} ---",
            *wrap_items("scores: ", [f"{side_name(side)} {points}"
                                     for side, points in enumerate(scores)], width, ", ")]


def after_the_round(events: Sequence[Any]) -> int:
    """Where the events that end a round (its ``round_end`` and the scores
    after it) give way to what follows: the next deal, or the game's end."""
    start = [e.kind for e in events].index("round_end") + 1
    return next((i for i in range(start, len(events)) if events[i].kind != "score"),
                len(events))


def hands_at_round_end(before: Any, events: Sequence[Any], placed: str) -> dict[int, set[Any]]:
    """Every seat's tiles when a round ended, from the game ``before`` the move
    that ended it and that move's ``events``: less the tile placed (events of
    kind ``placed``), plus the tile drawn. (The same move deals the next round,
    so the game after it holds the new hands.)"""
    return hands_left({seat: set(before.hand(seat)) for seat in range(before.seats)},
                      events, placed)


def hands_left(hands: dict[int, set[Any]], events: Sequence[Any],
               placed: str) -> dict[int, set[Any]]:
    """``hands`` (every seat's tiles before a move) as they are when the
    move's ``events`` end a round: changed in place and returned."""
    for event in events:
        if event.kind == "round_end":
            break
        if event.kind == placed:
            hands[event.seat].discard(event.tile)
        elif event.kind == "draw":
            hands[event.seat].add(event.tile)
    return hands


def _listed(view: Any) -> list[tuple[Any, str]]:
    return [(m, str(m)) for m in view.legal_moves()]


def ask_move(terminal: Any, view: Any, game: Any, ask: Callable[[str], str],
             out: TextIO, width: int = 80) -> Any | None:
    """Ask the seat of ``view`` for a move through a terminal front end; None if it quits."""
    choices = getattr(terminal, "choices", _listed)(view)
    parse = getattr(terminal, "parse", None)
    hint = getattr(terminal, "number_hint", None)
    return ask_choice(choices,
                      refused_for(view.seat, "you",
                                  (lambda text: parse(text, view, game)) if parse
                                  else game.parse_move),
                      terminal.HELP, ask, out,
                      (lambda text: hint(view, text)) if hint else (lambda text: ""), width)


def refused_for(seat: int, who: str, parse: Callable[[str], T]) -> Callable[[str], T]:
    """``parse``, whose refusal of a move names the mover as a person reads it.

    The API's IllegalMoveError names the seat a program passed, from 0
    ("'6|1' is not legal now for seat 0: you do not hold 6|1"); at the
    terminal the mover is ``who`` ("you", "player 2"), as every other line
    there counts players from 1.

    >>> from pintas import domino
    >>> game = domino.Game(domino.Rules.muggins(players=2), seed=1)
    >>> try:
    ...     refused_for(0, "you", game.parse_move)("6|1")
    ... except IllegalMoveError as error:
    ...     print(error)
    '6|1' is not legal now for you: you do not hold 6|1 (legal: 6|6L)
    """
    api_words = f" is not legal now for seat {seat}"

    def parse_for_people(text: str) -> T:
        try:
            return parse(text)
        except IllegalMoveError as error:
            raise IllegalMoveError(str(error).replace(api_words, f" is not legal now for {who}",
                                                      1)) from None

    return parse_for_people


def ask_choice(choices: Sequence[tuple[T, str]], parse: Callable[[str], T], help_text: str,
               ask: Callable[[str], str], out: TextIO,
               number_hint: Callable[[str], str] = lambda text: "", width: int = 80) -> T | None:
    """List ``choices`` (value, label), then ask until the player names one.

    A number picks from the list; other text goes to ``parse``, whose
    :class:`~pintas.errors.PintasError` is shown and asked again. ``quit`` or
    the end of input gives None. ``number_hint(text)`` may add a hint to the
    message for a number that is not on the list. Lines fit ``width``.
    """
    out.write("\n".join(wrap_items("legal: ", [f"{i}) {label}" for i, (_, label) in
                                               enumerate(choices, 1)], width)) + "\n")

    def pick(text: str) -> T:
        if not text.isdigit():
            return parse(text)
        if 1 <= int(text) <= len(choices):
            return choices[int(text) - 1][0]
        raise NotationError(f"there is no move {text}: choose 1..{len(choices)}"
                            f"{number_hint(text)}")

    return ask_line("your move> ", pick, help_text, ask, out, width)


def ask_line(prompt: str, parse: Callable[[str], T], help_text: str, ask: Callable[[str], str],
             out: TextIO, width: int = 80) -> T | None:
    """Ask with ``prompt`` until ``parse`` takes the line typed (its
    :class:`~pintas.errors.PintasError` is shown and asked again); ``quit`` or
    the end of input gives None, ``help`` shows ``help_text``."""
    while True:
        try:
            text = ask(prompt).strip()
        except EOFError:
            return None
        if text.lower() in QUIT_WORDS:
            return None
        if text.lower() in HELP_WORDS:
            out.write(fit(help_text, width))
            continue
        try:
            return parse(text)
        except PintasError as exc:
            out.write(fit(f"  {exc}", width) + "\n")

"""A dice preset's optimal policy as a C header, for a device's flash.

A device that only plays the optimal policy need not solve it (Dice of Doom's
solve takes 126 KB of RAM): a host solves once and writes the policy's book, a
few kilobytes of bytes; the device compiles them in as a const array and reads
every decision from it with no workspace and no floating point::

    python examples/dice_book.py dice_of_doom > dice_of_doom_book.h

and on the device (pintas/dice.h)::

    pintas_dice_book book;
    pintas_dice_book_open(&book, dice_of_doom_book, sizeof dice_of_doom_book);
    pintas_dice_book_best_keep(&book, roll, state.pool, pintas_dice_turn_total(&state), &keep);
    pintas_dice_book_should_bank(&book, state.pool, pintas_dice_turn_total(&state));
"""

from __future__ import annotations

import sys

from pintas import dice

PRESETS = {"dice_of_doom": dice.Rules.dice_of_doom, "farkle": dice.Rules.farkle}


def header(name: str, book: bytes) -> str:
    """The bytes as a C array named ``<name>_book``, twelve a line."""
    rows = [", ".join(f"0x{b:02x}" for b in book[i:i + 12]) for i in range(0, len(book), 12)]
    body = ",\n    ".join(rows)
    return (f"/* {name}: the optimal single-turn policy's book ({len(book)} bytes), written by\n"
            f" * examples/dice_book.py; open it with pintas_dice_book_open. */\n"
            f"#include <stdint.h>\n\n"
            f"static const uint8_t {name}_book[{len(book)}] = {{\n    {body}\n}};\n")


def main() -> None:
    name = sys.argv[1] if len(sys.argv) > 1 else "dice_of_doom"
    if name not in PRESETS:
        sys.exit(f"usage: python examples/dice_book.py [{'|'.join(PRESETS)}]")
    print(header(name, dice.solve_turn(PRESETS[name]()).book()), end="")


if __name__ == "__main__":
    main()

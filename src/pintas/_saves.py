"""The container every game's ``to_bytes`` writes, and its careful reader.

A save is ``b"PNTS"``, a format version, a game kind byte, a flags byte (bit 0:
the game is seeded; the game may use the others), the first seed (8 bytes,
little-endian), then what the game itself writes: its setup (rules, first
deal, seats), the count of log entries, the entries, and the C state's save
image. A log entry starts with a tag; each game names the tag of a reseed
(followed by the 8-byte seed) and of a hand-made deal, and every other tag is
one of its moves.

Reading never trusts a length: running short, a wrong header or any decoding
error is a :class:`~pintas.errors.CorruptStateError` that quotes the bytes.
A wrong header says what the bytes are: no pintas save at all, a save of a
format version this pintas does not read, or the save of another game (and
which game's ``from_bytes`` loads it).
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from .errors import CorruptStateError, SaveTypeError

MAGIC = b"PNTS"
FORMAT = 1

T = TypeVar("T")


class Reader:
    """Reads a byte string front to back; running short is a CorruptStateError."""

    def __init__(self, data: bytes) -> None:
        self._data, self._pos = data, 0

    def take(self, n: int) -> bytes:
        """The next ``n`` bytes."""
        if self._pos + n > len(self._data):
            raise CorruptStateError(f"the save ends early (wanted {n} bytes at {self._pos})")
        chunk = self._data[self._pos:self._pos + n]
        self._pos += n
        return chunk

    def unpack(self, fmt: str) -> int:
        """The next integer written with ``struct`` format ``fmt``."""
        value: int = struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]
        return value

    def peek(self, n: int) -> bytes:
        """Up to ``n`` bytes from here on, without taking them."""
        return self._data[self._pos:self._pos + n]

    def at_end(self) -> bool:
        """True once every byte was read."""
        return self._pos == len(self._data)


@dataclass(frozen=True)
class SaveFormat:
    """How one game writes its saves: its kind letter and name (``"L"``, ``"domino
    game"``), the width of a log entry's tag (``"<B"`` or ``"<H"``), the tags
    of a reseed and of a hand-made deal (None: the game has no deals), and the
    size of its C state's save image."""

    kind: str
    what: str
    tag: str
    seed: int
    deal: int | None
    size: int

    @property
    def max_flags(self) -> int:
        """Bit 0: seeded; bit 1 (games with deals): a hand-made first deal."""
        return 1 if self.deal is None else 3


def header(kind: str, flags: int, first_seed: int) -> bytearray:
    """The start of a save of game ``kind`` (one letter)."""
    return bytearray(MAGIC + bytes([FORMAT, ord(kind), flags]) + struct.pack("<Q", first_seed))


def read_header(reader: Reader, fmt: SaveFormat) -> tuple[int, int]:
    """Check the header of a save written as ``fmt`` says; its ``(flags, first_seed)``."""
    start = reader.peek(24)
    if not start.startswith(MAGIC):
        raise CorruptStateError(_no_save(start))
    reader.take(len(MAGIC))
    version, found, flags = reader.take(3)
    if version != FORMAT:
        raise CorruptStateError(f"these bytes are a pintas save of format version {version}: "
                                f"this pintas reads version {FORMAT}")
    if found != ord(fmt.kind):
        raise CorruptStateError(_another_game(found, fmt))
    if flags > fmt.max_flags:
        raise CorruptStateError(f"not a saved {fmt.what}: unknown flags {flags} in {start!r}")
    return flags, reader.unpack("<Q")


def _no_save(start: bytes) -> str:
    """What bytes that do not start as a save are, for a message (their first bytes)."""
    if start and MAGIC.startswith(start):
        return f"not a pintas save: a save cut short: {start!r}"
    what = f"they start {start!r}" if start else "they are empty"
    return f"these bytes are not a pintas save (a save starts with {MAGIC!r}): {what}"


def _another_game(kind: int, fmt: SaveFormat) -> str:
    """What a save of game ``kind`` is, and what loads it, for a ``fmt`` game's message."""
    from . import registry  # on the error path only: the registry imports every game

    for family in registry.families():
        other: SaveFormat = getattr(family.game_type, "_SAVE")  # noqa: B009 (game_type is a bare type)
        if ord(other.kind) == kind:
            return (f"these bytes are a saved {other.what}, not a {fmt.what}: use "
                    f"{family.name}.Game.from_bytes")
    return (f"these bytes are a pintas save of no game this pintas knows "
            f"(kind {bytes([kind])!r}), not a {fmt.what}")


def _abridged(value: object) -> str:
    """``repr(value)``, cut short when it is long (a whole save as text, say)."""
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


def decode(data: object, what: str, decoder: Callable[[bytes], T]) -> T:
    """Run ``decoder`` on ``data``, turning any failure into a CorruptStateError."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SaveTypeError(f"from_bytes takes bytes: got {type(data).__name__} "
                            f"{_abridged(data)}")
    raw = bytes(data)
    try:
        return decoder(raw)
    except CorruptStateError:
        raise
    except (ValueError, IndexError, struct.error) as exc:
        raise CorruptStateError(f"not a saved {what} ({exc}): {raw[:24]!r}...") from None

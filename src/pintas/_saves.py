"""The container every game's ``to_bytes`` writes, and its careful reader.

A save is ``b"PNTS"``, a format version, a game kind byte, a flags byte, the
first seed (8 bytes, little-endian), then what the game itself writes. Reading
never trusts a length: running short, a wrong header or any decoding error is
a :class:`~pintas.errors.CorruptStateError` that quotes the bytes.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from .errors import CorruptStateError

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

    def at_end(self) -> bool:
        """True once every byte was read."""
        return self._pos == len(self._data)


def header(kind: str, flags: int, first_seed: int) -> bytearray:
    """The start of a save of game ``kind`` (one letter)."""
    return bytearray(MAGIC + bytes([FORMAT, ord(kind), flags]) + struct.pack("<Q", first_seed))


def read_header(reader: Reader, kind: str, max_flags: int, what: str) -> tuple[int, int]:
    """Check the header of a save of game ``kind``; its ``(flags, first_seed)``."""
    start = reader.take(4)
    if start != MAGIC:
        raise CorruptStateError(f"not a pintas save (bad magic): {start!r}")
    version, found, flags = reader.take(3)
    if version != FORMAT:
        raise CorruptStateError(f"unknown save format version {version} in {start!r}")
    if found != ord(kind) or flags > max_flags:
        raise CorruptStateError(f"not a saved {what} (kind {found}, flags {flags})")
    return flags, struct.unpack("<Q", reader.take(8))[0]


def decode(data: object, what: str, decoder: Callable[[bytes], T]) -> T:
    """Run ``decoder`` on ``data``, turning any failure into a CorruptStateError."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise CorruptStateError(f"from_bytes takes bytes: got {type(data).__name__}")
    raw = bytes(data)
    try:
        return decoder(raw)
    except CorruptStateError:
        raise
    except (ValueError, IndexError, struct.error) as exc:
        raise CorruptStateError(f"not a saved {what} ({exc}): {raw[:24]!r}...") from None


RulesT = TypeVar("RulesT")
MoveT = TypeVar("MoveT")
GameT = TypeVar("GameT", bound="GameRecord[Any, Any]")


class GameRecord(Generic[RulesT, MoveT]):
    """What every game object shares: its rules, seed and history, and copying
    and pickling through its own ``copy``, ``to_bytes`` and ``from_bytes``."""

    __slots__ = ()
    _rules: RulesT
    _seed: int | None
    _history: list[MoveT]

    @property
    def rules(self) -> RulesT:
        """The rules this game is played by."""
        return self._rules

    @property
    def seed(self) -> int | None:
        """The game's seed, or None when its chance was seeded by the OS (the
        seeds used are kept for audit)."""
        return self._seed

    @property
    def history(self) -> tuple[MoveT, ...]:
        """Every move played, in order."""
        return tuple(self._history)

    def copy(self: GameT) -> GameT:
        """An independent copy: moves on one do not touch the other."""
        raise NotImplementedError

    def to_bytes(self) -> bytes:
        """The whole game as bytes for saving."""
        raise NotImplementedError

    @classmethod
    def from_bytes(cls: type[GameT], data: bytes) -> GameT:
        """The game saved by :meth:`to_bytes`."""
        raise NotImplementedError

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return (type(self).from_bytes, (self.to_bytes(),))

    def __copy__(self: GameT) -> GameT:
        return self.copy()

    def __deepcopy__(self: GameT, memo: dict[int, Any]) -> GameT:
        return self.copy()

"""The container every game's ``to_bytes`` writes, and its careful reader.

A save (format version 2; docs/saves.md has its layout) is ``b"PNTS"``, the
format version, a game kind byte, a flags byte (bit 0: the game is seeded; the
game may use bits 1-6; bit 7: signed with a key), the first seed (8 bytes,
little-endian), then what the game itself writes: its setup (rules, first
deal, seats), the count of log entries, the entries, and the C state's save
image; and last a trailer over every byte before it: a 16-byte BLAKE2b
checksum, or with a key a 32-byte HMAC-SHA256. A log entry starts with a tag;
each game names the tag of a reseed (followed by the 8-byte seed) and of a
hand-made deal, and every other tag is one of its moves.

Format 1 (pintas 0.1) is the same without the trailer and bit 7: it still
loads, and is never written.

Reading never trusts a length: running short, a wrong header, a trailer that
does not match, or any decoding error is a
:class:`~pintas.errors.CorruptStateError` that quotes the bytes. A wrong
header says what the bytes are: no pintas save at all, a save of a format
version this pintas does not read, or the save of another game (and which
game's ``from_bytes`` loads it).
"""

from __future__ import annotations

import hashlib
import hmac
import struct
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from .errors import CorruptStateError, SaveTypeError

MAGIC = b"PNTS"
FORMAT = 2            # the format this pintas writes
LEGACY_FORMAT = 1     # pintas 0.1: no trailer; read, never written
KEYED = 0x80          # flags bit 7: the trailer is a MAC, not a checksum
CHECKSUM_SIZE = 16    # BLAKE2b-128
MAC_SIZE = 32         # HMAC-SHA256
MIN_KEY_SIZE = 16
HEADER_SIZE = 15      # magic, version, kind, flags, first seed
#: The longest save ``from_bytes`` reads (and ``to_bytes`` writes): 16 MiB. A
#: game has no longest log (dice may be rolled forever), so this is a fixed cap
#: far above real games: more than a million moves of any game.
MAX_SAVE_SIZE = 16 * 1024 * 1024

T = TypeVar("T")


class Reader:
    """Reads a byte string front to back; running short is a CorruptStateError."""

    def __init__(self, data: bytes, start: int = 0) -> None:
        self.data, self._pos = data, start

    def take(self, n: int) -> bytes:
        """The next ``n`` bytes."""
        if self._pos + n > len(self.data):
            raise CorruptStateError(f"the save ends early (wanted {n} bytes at {self._pos})")
        chunk = self.data[self._pos:self._pos + n]
        self._pos += n
        return chunk

    def unpack(self, fmt: str) -> int:
        """The next integer written with ``struct`` format ``fmt``."""
        value: int = struct.unpack(fmt, self.take(struct.calcsize(fmt)))[0]
        return value

    def peek(self, n: int) -> bytes:
        """Up to ``n`` bytes from here on, without taking them."""
        return self.data[self._pos:self._pos + n]

    def remaining(self) -> int:
        """How many bytes are left to read."""
        return len(self.data) - self._pos

    def at_end(self) -> bool:
        """True once every byte was read."""
        return self._pos == len(self.data)


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


@dataclass(frozen=True)
class Header:
    """What the first 15 bytes of a save say."""

    version: int
    flags: int
    first_seed: int

    @property
    def seeded(self) -> bool:
        """The game is seeded (bit 0): its log holds no seeds."""
        return bool(self.flags & 1)

    @property
    def keyed(self) -> bool:
        """Signed with a key (format 2 only: bit 7 of a format-1 save is an unknown flag)."""
        return self.version == FORMAT and bool(self.flags & KEYED)

    @property
    def game_flags(self) -> int:
        """The game's own flags (bits 1-6), shifted down to bit 0."""
        return (self.flags & ~KEYED) >> 1


def header(kind: str, flags: int, first_seed: int, version: int = FORMAT) -> bytearray:
    """The start of a save of game ``kind`` (one letter)."""
    return bytearray(MAGIC + bytes([version, ord(kind), flags]) + struct.pack("<Q", first_seed))


# ---- the trailer: a checksum, or a key's MAC -----------------------------------------


def checksum(body: bytes | bytearray) -> bytes:
    """The 16-byte BLAKE2b digest that ends a save made without a key.

    >>> checksum(b"PNTS").hex()
    '61e73b130043d21c0333066afcf9e39b'
    """
    return hashlib.blake2b(body, digest_size=CHECKSUM_SIZE).digest()


def mac(body: bytes | bytearray, key: bytes) -> bytes:
    """The HMAC-SHA256 that ends a save made with ``key``."""
    return hmac.new(key, body, hashlib.sha256).digest()


def check_key(key: object) -> bytes | None:
    """A save key as bytes (None: no key). The key is never quoted in a message."""
    if key is None:
        return None
    if not isinstance(key, (bytes, bytearray, memoryview)):
        raise SaveTypeError(f"a save key is bytes (at least {MIN_KEY_SIZE} of them): "
                            f"got a {type(key).__name__}")
    key = bytes(key)
    if len(key) < MIN_KEY_SIZE:
        raise CorruptStateError(f"a save key is at least {MIN_KEY_SIZE} bytes: got "
                                f"{len(key)}")
    return key


def seal(body: bytearray, key: bytes | None) -> bytes:
    """``body`` (a save up to its trailer) with its checksum, or its MAC under ``key``."""
    body += checksum(body) if key is None else mac(body, key)
    if len(body) > MAX_SAVE_SIZE:
        raise CorruptStateError(f"this game's save would take {len(body)} bytes, more than "
                                f"the {MAX_SAVE_SIZE} that from_bytes reads")
    return bytes(body)


def _check_trailer(data: bytes, keyed: bool, key: bytes | None) -> bytes:
    """The body of a format-2 save whose trailer matches it (a checksum, or a MAC)."""
    size = MAC_SIZE if keyed else CHECKSUM_SIZE
    body, trailer = data[:-size], data[-size:]
    if len(body) < HEADER_SIZE:
        raise CorruptStateError(f"the save ends early ({len(data)} bytes): {data!r}")
    if key is None:
        if not hmac.compare_digest(checksum(body), trailer):
            raise CorruptStateError("the save's checksum does not match its bytes: the save "
                                    "was damaged or edited (cut short, a byte changed, "
                                    "bytes added)")
    elif not hmac.compare_digest(mac(body, key), trailer):
        raise CorruptStateError("the save's MAC does not match its bytes: the save was "
                                "edited, or signed with another key")
    return body


def _check_key_fits(header: Header, key: bytes | None) -> None:
    """A save made with a key loads only with one, and one without a key only without."""
    if header.keyed and key is None:
        raise CorruptStateError("this save is signed with a key: load it with "
                                "from_bytes(data, key=...)")
    if key is not None and not header.keyed:
        what = ("a format-1 save (pintas 0.1) carries" if header.version == LEGACY_FORMAT
                else "this save was made without a key: it carries")
        raise CorruptStateError(f"{what} no MAC, so it cannot be loaded with a key")


# ---- reading ---------------------------------------------------------------------------


def _read_header(data: bytes) -> tuple[Header, int]:
    """What the header of save ``data`` says, and the kind of game it names (the
    trailer not yet checked)."""
    start = data[:24]
    if not start.startswith(MAGIC):
        raise CorruptStateError(_no_save(start))
    reader = Reader(data, len(MAGIC))
    version, found, flags = reader.take(3)
    if version not in (LEGACY_FORMAT, FORMAT):
        raise CorruptStateError(f"these bytes are a pintas save of format version {version}: "
                                f"this pintas reads versions {LEGACY_FORMAT} and {FORMAT}")
    return Header(version, flags, reader.unpack("<Q")), found


def open_save(data: bytes, key: bytes | None, fmt: SaveFormat) -> tuple[Reader, Header]:
    """A reader of the body of save ``data`` after its header, which is checked,
    as is its trailer (a checksum, or ``key``'s MAC)."""
    head, found = _read_header(data)
    _check_key_fits(head, key)
    body = data if head.version == LEGACY_FORMAT else _check_trailer(data, head.keyed, key)
    if found != ord(fmt.kind):
        raise CorruptStateError(_another_game(found, fmt))
    if head.flags & ~(fmt.max_flags | (KEYED if head.version == FORMAT else 0)):
        raise CorruptStateError(f"not a saved {fmt.what}: unknown flags {head.flags} in "
                                f"{data[:24]!r}")
    return Reader(body, HEADER_SIZE), head


def check_canonical(body: bytes, written: bytes | bytearray) -> None:
    """``body`` must be exactly what the game it loaded writes: a game has one save."""
    if body == written:
        return
    at = next((i for i, (a, b) in enumerate(zip(body, written, strict=False)) if a != b),
              min(len(body), len(written)))
    found = f"byte {at} is {body[at]}" if at < len(body) else "it ends"
    raise CorruptStateError(f"the save is not written the one way its game is: {found} "
                            f"where the game it holds writes "
                            + (f"{written[at]}" if at < len(written) else "no more"))


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


def _size(data: bytes | bytearray | memoryview) -> int:
    return data.nbytes if isinstance(data, memoryview) else len(data)


def decode(data: object, key: object, fmt: SaveFormat,
           decoder: Callable[[Reader, Header], T]) -> T:
    """Check ``data`` (its type, size, header and trailer) and run ``decoder`` on
    its body, turning any failure into a CorruptStateError."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SaveTypeError(f"from_bytes takes bytes: got {type(data).__name__} "
                            f"{_abridged(data)}")
    checked_key = check_key(key)
    if _size(data) > MAX_SAVE_SIZE:  # before any copy or parse
        raise CorruptStateError(f"{_size(data)} bytes are more than the longest save "
                                f"pintas reads ({MAX_SAVE_SIZE} bytes): not read")
    raw = bytes(data)
    try:
        return decoder(*open_save(raw, checked_key, fmt))
    except CorruptStateError:
        raise
    except (ValueError, IndexError, struct.error) as exc:
        raise CorruptStateError(f"not a saved {fmt.what} ({exc}): {raw[:24]!r}...") from None

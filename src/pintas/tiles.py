"""Domino tiles and sets of tiles: small immutable values with a notation.

A tile is written high end first, ``6|4``; a set of tiles is a frozen set over a
28-bit mask (tile ``a|b`` with ``a >= b`` has bit ``a*(a+1)/2 + b``), the same
mask the C core uses.

>>> from pintas import Tile, TileSet
>>> t = Tile(3, 5)
>>> str(t), t.pips, t.is_double
('5|3', 8, False)
>>> Tile.parse("3|5") == t
True
>>> ts = TileSet(["6|6", "5|3"])
>>> len(ts), Tile(6, 6) in ts, int(ts)
(2, True, 134479872)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import islice

from ._checks import check_notation_length
from .errors import NotationError, NotationTypeError

__all__ = ["MAX_PIP", "TILE_COUNT", "Tile", "TileLike", "TileSet"]

MAX_PIP = 6
TILE_COUNT = 28
#: The most values a :class:`TileSet` reads from what it is given (repeats
#: included): far more than any set of tiles needs.
MAX_LISTED = 1000


def _index(high: int, low: int) -> int:
    return high * (high + 1) // 2 + low


class Tile:
    """One domino tile, ``a|b``; the order of the ends does not matter.

    >>> Tile(2, 6)
    Tile(6, 2)
    >>> sorted([Tile(6, 6), Tile(0, 0), Tile(3, 1)])
    [Tile(0, 0), Tile(3, 1), Tile(6, 6)]
    """

    __slots__ = ("_high", "_index", "_low")
    _high: int
    _low: int
    _index: int

    def __init__(self, a: int, b: int) -> None:
        for end in (a, b):
            if type(end) is not int or not 0 <= end <= MAX_PIP:
                error = NotationError if type(end) is int else NotationTypeError
                raise error(f"a tile's ends are whole numbers 0..{MAX_PIP}: got {a!r}|{b!r}")
        high, low = (a, b) if a >= b else (b, a)
        object.__setattr__(self, "_high", high)
        object.__setattr__(self, "_low", low)
        object.__setattr__(self, "_index", _index(high, low))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Tile is immutable")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """The tile written ``a|b`` (either end first; spaces allowed around ``|``).

        >>> Tile.parse(" 4 | 6 ")
        Tile(6, 4)
        """
        if not isinstance(text, str):
            raise NotationTypeError(f"a tile is written like '6|4': got {text!r}")
        check_notation_length(text, "a tile")
        parts = [p.strip() for p in text.strip().split("|")]
        if len(parts) != 2 or not all(len(p) == 1 and p in "0123456789" for p in parts):
            raise NotationError(f"a tile is written like '6|4': got {text!r}")
        a, b = (int(p) for p in parts)
        if a > MAX_PIP or b > MAX_PIP:
            raise NotationError(f"a tile's ends are 0..{MAX_PIP}: got {text!r}")
        return TILES[_index(max(a, b), min(a, b))]

    @classmethod
    def from_index(cls, index: int) -> Tile:
        """The tile with this bit index (0 = ``0|0`` ... 27 = ``6|6``)."""
        if type(index) is not int or not 0 <= index < TILE_COUNT:
            error = NotationError if type(index) is int else NotationTypeError
            raise error(f"a tile index is 0..{TILE_COUNT - 1}: got {index!r}")
        return TILES[index]

    @property
    def high(self) -> int:
        """The larger end."""
        return self._high

    @property
    def low(self) -> int:
        """The smaller end."""
        return self._low

    @property
    def ends(self) -> tuple[int, int]:
        """``(high, low)``."""
        return (self._high, self._low)

    @property
    def index(self) -> int:
        """The tile's bit in a :class:`TileSet` mask."""
        return self._index

    @property
    def pips(self) -> int:
        """Sum of both ends."""
        return self._high + self._low

    @property
    def is_double(self) -> bool:
        """True for ``0|0`` ... ``6|6``."""
        return self._high == self._low

    def has(self, number: int) -> bool:
        """True if either end shows ``number``."""
        return number in (self._high, self._low)

    def other_end(self, number: int) -> int:
        """The end opposite ``number`` (which must be on the tile)."""
        if number == self._high:
            return self._low
        if number == self._low:
            return self._high
        raise ValueError(f"{self} has no {number!r}")

    def __str__(self) -> str:
        return f"{self._high}|{self._low}"

    def __repr__(self) -> str:
        return f"Tile({self._high}, {self._low})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tile) and other._index == self._index

    def __hash__(self) -> int:
        return self._index

    def __lt__(self, other: Tile) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self._index < other._index

    def __reduce__(self) -> tuple[type[Tile], tuple[int, int]]:
        return (Tile, (self._high, self._low))


TILES: tuple[Tile, ...] = tuple(Tile(h, lo) for h in range(MAX_PIP + 1) for lo in range(h + 1))
"""All 28 tiles, by index."""

TileLike = Tile | str
"""A tile or its notation."""


def as_tile(value: TileLike) -> Tile:
    """A :class:`Tile` from a tile or its notation."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return Tile.parse(value)
    raise NotationTypeError(f"expected a tile like '6|4': got {value!r}")


class TileSet:
    """An immutable set of tiles over a 28-bit mask; iterates in index order.

    >>> ts = TileSet.parse("6|6 5|3")
    >>> str(ts), ts.pips
    ('5|3 6|6', 20)
    >>> ts | TileSet(["0|0"])
    TileSet(['0|0', '5|3', '6|6'])
    """

    __slots__ = ("_mask",)
    _mask: int

    def __init__(self, tiles: Iterable[TileLike] = ()) -> None:
        if isinstance(tiles, str) or not isinstance(tiles, Iterable):
            raise NotationTypeError(f"TileSet takes a list of tiles (TileSet.parse reads "
                                    f"text): got {tiles!r}")
        mask = 0
        # at most MAX_LISTED values are read: an endless iterable ends here
        values = list(islice(tiles, MAX_LISTED + 1))
        for value in values:
            mask |= 1 << as_tile(value)._index
        if len(values) > MAX_LISTED:
            raise NotationError(f"a set of tiles lists at most {MAX_LISTED} tiles: got more")
        object.__setattr__(self, "_mask", mask)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("TileSet is immutable")

    @classmethod
    def from_mask(cls, mask: int) -> TileSet:
        """The set whose bits are ``mask`` (only bits 0..27 may be set)."""
        if type(mask) is not int or not 0 <= mask < (1 << TILE_COUNT):
            error = NotationError if type(mask) is int else NotationTypeError
            raise error(f"a tile mask has bits 0..{TILE_COUNT - 1} only: got {mask!r}")
        ts = cls.__new__(cls)
        object.__setattr__(ts, "_mask", mask)
        return ts

    @classmethod
    def parse(cls, text: str) -> TileSet:
        """Tiles separated by spaces or commas, e.g. ``"6|6 5|3"``; ``""`` is empty."""
        if not isinstance(text, str):
            raise NotationTypeError(f"expected tiles like '6|6 5|3': got {text!r}")
        check_notation_length(text, "a set of tiles")
        return cls(part for part in text.replace(",", " ").split())

    @classmethod
    def full(cls) -> TileSet:
        """All 28 tiles of the double-six set."""
        return cls.from_mask((1 << TILE_COUNT) - 1)

    @property
    def pips(self) -> int:
        """Total pips of the set."""
        return sum(t.pips for t in self)

    def __int__(self) -> int:
        return self._mask

    def __index__(self) -> int:
        return self._mask

    def __len__(self) -> int:
        return bin(self._mask).count("1")

    def __bool__(self) -> bool:
        return self._mask != 0

    def __iter__(self) -> Iterator[Tile]:
        mask = self._mask
        while mask:
            low_bit = mask & -mask
            yield TILES[low_bit.bit_length() - 1]
            mask ^= low_bit

    def __contains__(self, tile: object) -> bool:
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        return isinstance(tile, Tile) and bool(self._mask >> tile._index & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TileSet) and other._mask == self._mask

    def __hash__(self) -> int:
        return hash(("TileSet", self._mask))

    # Set operations take another TileSet; anything else is Python's TypeError
    # (NotImplemented), as for the built-in sets.
    def __or__(self, other: TileSet) -> TileSet:
        if not isinstance(other, TileSet):
            return NotImplemented
        return TileSet.from_mask(self._mask | other._mask)

    def __and__(self, other: TileSet) -> TileSet:
        if not isinstance(other, TileSet):
            return NotImplemented
        return TileSet.from_mask(self._mask & other._mask)

    def __sub__(self, other: TileSet) -> TileSet:
        if not isinstance(other, TileSet):
            return NotImplemented
        return TileSet.from_mask(self._mask & ~other._mask)

    def __xor__(self, other: TileSet) -> TileSet:
        if not isinstance(other, TileSet):
            return NotImplemented
        return TileSet.from_mask(self._mask ^ other._mask)

    def issubset(self, other: TileSet) -> bool:
        """True if every tile here is in ``other`` (a TileSet)."""
        if not isinstance(other, TileSet):
            raise NotationTypeError(f"issubset takes a TileSet: got {other!r}")
        return self._mask & ~other._mask == 0

    def with_number(self, number: int) -> TileSet:
        """The tiles here showing ``number`` on either end."""
        return TileSet(t for t in self if t.has(number))

    def __str__(self) -> str:
        return " ".join(str(t) for t in self)

    def __repr__(self) -> str:
        return f"TileSet({[str(t) for t in self]!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (TileSet.from_mask, (self._mask,))

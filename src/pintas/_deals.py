"""What every game's hand-made deal shares: reading lists of tiles and hands.

A hand-made deal (a kiosk dealing real tiles, a test that needs an exact
position) names tiles as :class:`~pintas.Tile` values or notation; a list may
also be one string (``"6|6 5|3"``). Anything that is not a deal of the rules
raises :class:`~pintas.errors.DealError`; a part of the wrong type (hands
that are not a list of hands, a pile that is not tiles) its TypeError twin,
:class:`~pintas.errors.DealTypeError`.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import islice
from typing import Any, Protocol

from ._checks import check_notation_length
from .errors import DealError, DealTypeError
from .tiles import TILE_COUNT, Tile, TileLike, TileSet, as_tile

#: The most hands a deal lists (the most seats of a tile game).
MAX_HANDS = 4

Tiles = str | Iterable[TileLike]


class Deal(Protocol):
    """What every game's hand-made deal offers the game it is given to."""

    def check(self, rules: Any) -> None:
        """Raise DealError unless this is a deal of ``rules``."""

    def _c_args(self, rules: Any) -> tuple[Any, ...]:
        """The deal as the binding passes it to the C core."""


Hand = str | TileSet | Iterable[TileLike]


def tile_list(value: Tiles, what: str) -> tuple[Tile, ...]:
    """The tiles of ``value`` in order; DealError if one is listed twice."""
    if not isinstance(value, (str, Iterable)):
        raise DealTypeError(f"{what} is tiles like '6|6 5|3' or a list of tiles: got {value!r}")
    if isinstance(value, str):
        check_notation_length(value, what)
    items = value.replace(",", " ").split() if isinstance(value, str) else value
    # no list of distinct tiles is longer than the 28 tiles: read one more at most
    tiles = tuple(as_tile(t) for t in islice(items, TILE_COUNT + 1))
    if len(set(tiles)) != len(tiles):
        raise DealError(f"{what} lists a tile twice: {[str(t) for t in tiles]}")
    return tiles


def hands_of(value: Iterable[Hand]) -> tuple[TileSet, ...]:
    """The hands of a deal, one a seat (DealTypeError unless a list of hands)."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise DealTypeError(f"hands is a list of hands, one a seat (each tiles like "
                            f"'6|6 5|3'): got {value!r}")
    hands = tuple(hand_of(hand) for hand in islice(value, MAX_HANDS + 1))
    if len(hands) > MAX_HANDS:
        raise DealError(f"a deal has at most {MAX_HANDS} hands: got more")
    return hands


def hand_of(value: Hand) -> TileSet:
    """One hand of a deal."""
    return value if isinstance(value, TileSet) else TileSet(tile_list(value, "a hand"))

"""What a round's public log allows of the tiles one seat cannot see, shared
by the tile games' ``sample_game`` (docs/ai.md, "Determinization").

A *world* is where every hidden tile is now: in which other hand, or in the
pile (the boneyard, or the tiles set aside). A world is *consistent* with a
view when some history of the round leads to it that shows the seat exactly
its view. Each game reads its round's log into one :class:`Story` per hidden
seat: the *places* its tiles entered by (the deal, then one per draw), the
moments it showed it lacked some tiles (it drew or passed while nothing it
held fitted the open numbers), and the tiles it placed and when. A hand fits
its story when its tiles and the tiles the seat placed can be put one to a
place, each in a place it may have come by: entered before it was placed
(and, in Caminos, after it last went back into the pile), and not lacked by
the seat at any moment between. Whether that can be done is a matching
(:func:`fits`), so the test is exact, not a rule of thumb.

The samplers draw worlds from a simpler set that holds every consistent one
(sizes, and each tile kept from a seat that can never have held it), uniformly
among that set, and keep the first that fits every story and the game's
public facts: uniform among the consistent worlds (rejection sampling keeps
the proposal's uniformity on the subset it accepts).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from math import comb

from .errors import CorruptStateError
from .tiles import TILES

#: A moment before every event of the round: the deal.
DEALT = -2
#: After the deal, before the first event: what round 1's forced lead says.
OPENING = -1
#: A moment after every event: a tile still held.
NOW = 1 << 30
#: Draws of the proposal before a sampler gives up (a view no real game shows).
MAX_TRIES = 100_000


@dataclass
class Story:
    """What the round's log says of one seat's tiles (see the module)."""

    places: list[int] = field(default_factory=list)
    """When each place was filled: DEALT for a dealt tile, else the draw's
    position in the round's log."""
    lacks: list[tuple[int, int]] = field(default_factory=list)
    """``(moment, mask)``: at that moment the seat held no tile of ``mask``."""
    placed: list[tuple[int, int, int]] = field(default_factory=list)
    """``(tile, after, moment)``: the seat placed ``tile`` at ``moment``,
    holding it since some place filled after ``after``."""
    dealt_doubles_below: int | None = None
    """The deal gave the seat fewer doubles than this (a redeal rule), or None."""
    dealt_only: int = 0
    """Tiles that, unless they went back into the pile, came from the deal
    (Caminos: the tiles the seat revealed)."""

    def deal(self, tiles: int) -> None:
        """The seat is dealt ``tiles`` tiles."""
        self.places.extend([DEALT] * tiles)

    def draw(self, moment: int) -> None:
        """The seat draws a tile at ``moment``."""
        self.places.append(moment)

    def lack(self, moment: int, mask: int) -> None:
        """At ``moment`` the seat held no tile of ``mask``."""
        if mask:
            self.lacks.append((moment, mask))

    def place(self, tile: int, after: int, moment: int) -> None:
        """The seat placed ``tile`` at ``moment`` (it entered after ``after``)."""
        self.placed.append((tile, after, moment))

    def allows(self, tile: int, after: int, until: int, entered: int) -> bool:
        """True if ``tile``, held from a place filled at ``entered`` until
        ``until``, and back in the pile until ``after``, breaks nothing."""
        if not after < entered < until:
            return False
        bit = 1 << tile
        return not any(entered < moment < until and mask & bit for moment, mask in self.lacks)

    def could_hold(self, tile: int, after: int) -> bool:
        """True if some place of the story may hold ``tile`` now."""
        return any(self.allows(tile, after, NOW, entered) for entered in set(self.places))


def fits(story: Story, hand: int, after: Sequence[int]) -> bool:
    """True if ``hand`` (a mask), held now, and the tiles the seat placed can
    be put one to a place of ``story`` (``after[t]``: the last moment tile t
    went back into the pile, else DEALT - 1)."""
    held = [(t, after[t], NOW) for t in _tiles(hand)]
    pieces = held + list(story.placed)
    if len(pieces) != len(story.places):
        return False
    # Places filled at one moment are alike: one node each, with a capacity.
    moments = sorted(set(story.places))
    room = [story.places.count(m) for m in moments]
    edges = [[i for i, m in enumerate(moments) if story.allows(t, a, until, m)
              and (m == DEALT or not story.dealt_only >> t & 1 or a >= DEALT)]
             for t, a, until in pieces]
    limit = story.dealt_doubles_below
    if limit is not None and DEALT in moments:
        return _matched_with_limit(pieces, edges, room, moments.index(DEALT), limit - 1)
    return _matched(edges, room) == len(pieces)


def _tiles(mask: int) -> list[int]:
    return [t for t in range(28) if mask >> t & 1]


def _is_double(tile: int) -> bool:
    return TILES[tile].is_double


def _matched(edges: list[list[int]], room: list[int]) -> int:
    """How many pieces a largest assignment puts in places (augmenting paths
    over place groups of capacity ``room``)."""
    taken: list[list[int]] = [[] for _ in room]

    def augment(piece: int, seen: set[int]) -> bool:
        for group in edges[piece]:
            if group in seen:
                continue
            seen.add(group)
            if len(taken[group]) < room[group]:
                taken[group].append(piece)
                return True
            for i, other in enumerate(taken[group]):
                if augment(other, seen):
                    taken[group][i] = piece
                    return True
        return False

    return sum(1 for piece in range(len(edges)) if augment(piece, set()))


def _matched_with_limit(pieces: list[tuple[int, int, int]], edges: list[list[int]],
                        room: list[int], dealt: int, most: int) -> bool:
    """True if every piece finds a place with at most ``most`` doubles among
    the dealt ones: for each k up to ``most``, k dealt places are kept for
    doubles and the others for the rest (an assignment that fills every
    place puts exactly k doubles there, so some k answers)."""
    gate = len(room)
    gated = [[gate if g == dealt else g for g in e] if _is_double(pieces[i][0]) else e
             for i, e in enumerate(edges)]
    for doubles in range(min(most, room[dealt]) + 1):
        split = [*room, doubles]
        split[dealt] = room[dealt] - doubles
        if _matched(gated, split) == len(pieces):
            return True
    return False


#: One way to share a class of tiles: the deals it stands for, the room left
#: in each holder, and how many tiles each holder of the class takes.
Share = tuple[int, tuple[int, ...], tuple[int, ...]]


class UniformDeals:
    """The deals of the ``unseen`` tiles to holders of ``sizes`` tiles, each
    tile to a holder whose ``allowed`` mask has it: counted exactly once,
    class by class of tiles allowed alike, then drawn uniformly as often as
    wanted (:meth:`draw`). ``total`` is how many there are (0: none)."""

    def __init__(self, unseen: int, allowed: Sequence[int], sizes: Sequence[int]) -> None:
        classes: dict[tuple[int, ...], list[int]] = {}
        for t in _tiles(unseen):
            key = tuple(h for h, mask in enumerate(allowed) if mask >> t & 1)
            classes.setdefault(key, []).append(t)
        self.groups = sorted(classes.items())
        self.sizes = tuple(sizes)
        self._memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self._shares: dict[tuple[int, tuple[int, ...]], list[Share]] = {}
        fits_sizes = sum(self.sizes) == unseen.bit_count()
        self.total = self._count(0, self.sizes) if fits_sizes else 0

    def _count(self, i: int, room: tuple[int, ...]) -> int:
        """The deals of classes i.. into ``room``."""
        if i == len(self.groups):
            return 1 if not any(room) else 0
        if (i, room) not in self._memo:
            self._memo[i, room] = sum(ways * self._count(i + 1, rest)
                                      for ways, rest, _ in self._splits(i, room))
        return self._memo[i, room]

    def _splits(self, i: int, room: tuple[int, ...]) -> list[Share]:
        """The ways to share class i within ``room`` (kept: draws reuse them)."""
        if (i, room) not in self._shares:
            holders, tiles = self.groups[i]
            self._shares[i, room] = list(_splits(holders, len(tiles), room))
        return self._shares[i, room]

    def draw(self, rng: random.Random) -> list[int]:
        """One deal, uniformly: a mask per holder (there must be some deal)."""
        room = self.sizes
        hands = [0] * len(room)
        for i, (holders, tiles) in enumerate(self.groups):
            # one way to share this class, each as likely as the deals it stands for
            pick = rng.randrange(self._count(i, room))
            rest: tuple[int, ...] = room
            split: tuple[int, ...] = ()
            for ways, rest, split in self._splits(i, room):  # noqa: B007
                weight = ways * self._count(i + 1, rest)
                if pick < weight:
                    break
                pick -= weight
            order = tiles[:]
            rng.shuffle(order)
            at = 0
            for holder, n in zip(holders, split, strict=True):
                for t in order[at:at + n]:
                    hands[holder] |= 1 << t
                at += n
            room = rest
        return hands


def _splits(holders: tuple[int, ...], n: int, room: tuple[int, ...]) -> Iterable[Share]:
    """Every way to share ``n`` tiles among ``holders`` within their room: the
    number of deals it stands for, the room left, and the counts."""
    if not holders:
        if n == 0:
            yield 1, room, ()
        return
    first, rest = holders[0], holders[1:]
    for k in range(min(n, room[first]) + 1):
        left = list(room)
        left[first] -= k
        for ways, after, split in _splits(rest, n - k, tuple(left)):
            yield comb(n, k) * ways, after, (k, *split)


def exhausted(what: str) -> CorruptStateError:
    """The error of a sampler that found no consistent world: the view is
    none a real game shows."""
    return CorruptStateError(f"no world is consistent with this view of {what}: "
                             f"it is not a position a real game reaches")

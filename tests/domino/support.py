"""Helpers of the line-game suites: every configuration, saves of played games,
hand-made deals, moves in a row and the scores they make."""

from __future__ import annotations

from collections.abc import Sequence

from pintas import domino
from pintas.tiles import Tile, TileSet
from tests import support

ALL_TILES = TileSet.full()

# Every preset, player count and mode of the line games, with the non-default
# house options too: the generic tests run over all of them.
CONFIGS: dict[str, domino.Rules] = {
    "muggins-2": domino.Rules.muggins(players=2),
    "muggins-3": domino.Rules.muggins(players=3),
    "muggins-4": domino.Rules.muggins(players=4),
    "muggins-3-lowest": domino.Rules.muggins(players=3, block_scoring="lowest_takes_all"),
    "capicua-2": domino.Rules.capicua(players=2),
    "capicua-3": domino.Rules.capicua(players=3),
    "capicua-4": domino.Rules.capicua(players=4),
    "capicua-pairs": domino.Rules.capicua(players=4, pairs=True),
    "capicua-plain": domino.Rules.capicua(players=3, capicua=False, pass_points=0),
    "dominican-pairs": domino.Rules.dominican(mode="pairs"),
    "dominican-four": domino.Rules.dominican(mode="four"),
    "dominican-three": domino.Rules.dominican(mode="three"),
    "dominican-two": domino.Rules.dominican(mode="two"),
    "dominican-blocker": domino.Rules.dominican(tranque="blocker", target=100),
    "dominican-pases": domino.Rules.dominican(pase_corrido_bonus=25, pase_de_salida_bonus=25,
                                              capicua_bonus=50),
}

# Saves of games a few random moves in, one for each configuration.
SAVES = [support.played(domino.Game(CONFIGS[name], seed=i), 12 * i).to_bytes()
         for i, name in enumerate(sorted(CONFIGS))]


def rest(*hands: str, first: str = "") -> list[Tile]:
    """The tiles in no hand: ``first`` in that order, then the others from 6|6 down."""
    used: set[Tile] = set()
    for hand in hands:
        used |= set(TileSet.parse(hand))
    head = [Tile.parse(t) for t in first.split()]
    return head + sorted(set(ALL_TILES) - used - set(head), reverse=True)


def new_game(rules: domino.Rules, hands: list[str],
             boneyard: Sequence[Tile | str] | None = None, *, first: str = "",
             seed: int = 0, moves: str = "") -> domino.Game:
    """A game whose first round is dealt by hand, after ``moves`` (space-separated);
    the boneyard (where the rules draw) defaults to :func:`rest` of the hands,
    ``first`` on top."""
    if boneyard is None:
        boneyard = rest(*hands, first=first) if rules.draws else []
    game = domino.Game(rules, seed=seed, deal=domino.Deal(hands=hands, boneyard=boneyard))
    run(game, moves)
    return game


def run(game: domino.Game, moves: str) -> list[domino.Event]:
    """Play the space-separated moves; all the events they caused."""
    return support.run(game, *moves.split())


def scores_of(events: list[domino.Event]) -> list[tuple[int | None, int, str | None]]:
    """(seat, points, reason) of each score."""
    return [(e.seat, e.points, e.reason) for e in events if e.kind == "score"]


def round_won(seat: int, points: int, reason: str, tile: Tile | None = None,
              next_round: int = 2) -> list[domino.Event]:
    """The events that end a round of an individual game won by ``seat`` (by
    ``reason``, with ``tile`` last placed if any) scoring ``points``: round_end,
    score and the next round's deal."""
    return [domino.Event("round_end", seat=seat, side=seat, tile=tile, reason=reason),
            domino.Event("score", seat=seat, side=seat, points=points, reason=reason),
            domino.Event("deal", seat=seat, side=seat, count=next_round)]

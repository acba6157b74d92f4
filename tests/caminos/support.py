"""Helpers of the Caminos suites: every configuration, saves of played games,
and games dealt by hand."""

from __future__ import annotations

import random

from pintas import caminos
from pintas.tiles import TILES, Tile
from tests.support import played

# Every variant with 2, 3 and 4 players.
CONFIGS: dict[str, caminos.Rules] = {
    f"{variant}-{players}": caminos.Rules(variant, players=players)
    for variant in caminos.VARIANTS for players in (2, 3, 4)}


# Saves of games a few random moves in, one for each configuration.
SAVES = [played(caminos.Game(rules, seed=i), 9 * i).to_bytes()
         for i, rules in enumerate(CONFIGS.values())]


def dealt(rules: caminos.Rules, paths: str, hands: list[str], pile: str = "",
          seed: int = 0) -> caminos.Game:
    """A game whose first deal is made by hand (:meth:`caminos.Deal.complete`)."""
    return caminos.Game(rules, seed=seed, deal=caminos.Deal.complete(paths, hands, pile))


def shuffled_deal(rules: caminos.Rules,
                  rng: random.Random) -> tuple[list[Tile], list[list[Tile]], list[Tile]]:
    """A deal of ``rules`` from the 28 tiles shuffled by ``rng``: the path
    centres, each seat's hand and the pile, in that order of the shuffle."""
    tiles = list(TILES)
    rng.shuffle(tiles)
    paths, rest = tiles[:rules.paths], tiles[rules.paths:]
    size = rules.hand_size
    hands = [rest[s * size:(s + 1) * size] for s in range(rules.players)]
    return paths, hands, rest[rules.players * size:]

"""Helpers of the Caminos suites: every configuration, saves of played games,
and games dealt by hand."""

from __future__ import annotations

from pintas import caminos
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

"""Helpers of the Caminos suites: every configuration, and saves of played games."""

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

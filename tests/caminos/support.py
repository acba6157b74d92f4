"""Helpers of the Caminos suites: every configuration."""

from __future__ import annotations

from pintas import caminos

# Every variant with 2, 3 and 4 players.
CONFIGS: dict[str, caminos.Rules] = {
    f"{variant}-{players}": caminos.Rules(variant, players=players)
    for variant in caminos.VARIANTS for players in (2, 3, 4)}


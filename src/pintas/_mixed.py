"""A player between two: another player's choice on a share of the moves, a
random legal move on the others (the ``~P`` of a player spec: ``suit~60``).

The coin is its own generator, seeded with the player's seed, so a game stays
reproducible; the wrapped player is asked only on the moves it makes.
"""

from __future__ import annotations

import random
from typing import Any

from .protocol import Player

__all__ = ["MixedPlayer"]


class MixedPlayer:
    """``player``'s move with probability ``steady`` (0 to 1), else ``fallback``'s
    (a random player's), the coin drawn from ``random.Random(seed)``."""

    def __init__(self, player: Player, fallback: Player, steady: float, seed: int) -> None:
        if not 0.0 <= steady <= 1.0:
            raise ValueError(f"steady is a share of the moves, 0 to 1: got {steady!r}")
        self.player, self.fallback, self.steady = player, fallback, steady
        self._coin = random.Random(seed)

    def choose(self, view: Any) -> Any:
        """The move of ``view``'s seat: the player's, or on a share of the moves a
        random one."""
        chosen = self.player if self._coin.random() < self.steady else self.fallback
        return chosen.choose(view)

    __call__ = choose

    def __repr__(self) -> str:
        return f"MixedPlayer({self.player!r}, steady={self.steady})"

"""Typing stubs of the C binding of many games stepped at once (pintas._vector)."""

from typing import Any

from typing_extensions import Buffer

class Batch:
    size: int
    seats: int
    observation_size: int
    action_count: int
    def __init__(self, game: Any, size: int) -> None: ...
    def reset(self, seed: int, stride: int, obs: Buffer, masks: Buffer,
              to_move: Buffer) -> None: ...
    def step(self, actions: Buffer, obs: Buffer, masks: Buffer, rewards: Buffer, done: Buffer,
             to_move: Buffer) -> tuple[int, int]: ...
    def seed_of(self, i: int) -> tuple[int, int]: ...
    def returns(self, i: int) -> tuple[float, ...]: ...

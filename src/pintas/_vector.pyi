"""Typing stubs of the C binding of many games stepped at once (pintas._vector).

The arrays are any buffers of the item type and shape each call says (numpy
arrays in pintas.vector): ``object`` here, as any object exporting a buffer
is taken and checked when called.
"""

class Batch:
    size: int
    seats: int
    observation_size: int
    action_count: int
    def __init__(self, game: object, size: int) -> None: ...
    def reset(self, seed: int, stride: int, obs: object, masks: object,
              to_move: object) -> None: ...
    def step(self, actions: object, obs: object, masks: object, rewards: object, done: object,
             to_move: object) -> tuple[int, int]: ...
    def seed_of(self, i: int) -> tuple[int, int]: ...
    def returns(self, i: int) -> tuple[float, ...]: ...

"""Many games of one preset stepped at once, for training a learner.

A :class:`VectorEnv` holds ``num_envs`` games of a preset of the registry,
each stepped by its own action in one call into the C core: out come the
observation and legal mask of the seat to move next in every game, each
seat's reward and which games ended, in numpy arrays made once and written
again by every call (copy what you keep).

A game that ends is replaced at once by the next one, so every game always
has a seat to move: on the step that ends a game its row holds the rewards of
the ended game and the observation of the new one. Seeds: with ``seed=S``
and ``n`` games, game ``i`` starts from seed ``S + i`` and each next game of
it ``n`` further (``S + i + k * n`` for its ``k``-th game), the game
``Game(rules, seed=...)`` of the preset starts from: a run is reproducible,
and no seed is played twice.

This module needs numpy (the ``vector`` extra); ``import pintas`` does not.

>>> import numpy as np
>>> from pintas.vector import VectorEnv
>>> env = VectorEnv("dominican", 4, seed=1)
>>> obs, mask = env.reset()
>>> obs.shape, mask.shape, env.seats
((4, 408), (4, 58), 4)
>>> obs, mask, rewards, done, to_move = env.step(mask.argmax(axis=1))
>>> rewards.shape, rewards.dtype, done.dtype
((4, 4), dtype('float32'), dtype('bool'))
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import numpy.typing as npt

from . import registry
from ._vector import Batch
from .errors import IllegalMoveError, NotationError, NotationTypeError, RulesError, RulesTypeError

__all__ = ["VectorEnv"]

Step = tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], npt.NDArray[np.float32],
             npt.NDArray[np.bool_], npt.NDArray[np.uint8]]


class VectorEnv:
    """``num_envs`` games of ``preset`` (a name of :func:`pintas.registry.presets`)
    with its ``options`` (a dice game's ``players`` is its seats, 2 if not
    given), stepped together; ``seed`` starts the run's seed sequence (see the
    module)."""

    def __init__(self, preset: str, num_envs: int, *, seed: int = 0, **options: Any) -> None:
        self._preset = registry.preset(preset)
        family = self._preset.family
        seats = None if family.seats_from_rules else options.pop("players", None)
        rules = self._preset.rules(**options)
        if type(num_envs) is not int:
            raise RulesTypeError(f"num_envs is a whole number: got {num_envs!r}")
        if num_envs < 1:
            raise RulesError(f"num_envs is at least 1: got {num_envs}")
        self.rules = rules
        self._move_type: Any = family.move_type
        self._batch = Batch(family.new_game(rules, seats=seats, seed=0), num_envs)
        self._seed = _checked_seed(seed)
        n, seats_n = num_envs, self._batch.seats
        #: The arrays every call writes (and returns).
        self.observations = np.zeros((n, self._batch.observation_size), dtype=np.uint8)
        self.masks = np.zeros((n, self._batch.action_count), dtype=np.uint8)
        self.rewards = np.zeros((n, seats_n), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.bool_)
        self.to_move = np.zeros(n, dtype=np.uint8)
        self._actions = np.zeros(n, dtype=np.int32)
        self._started = False
        # C runs without the GIL: calls from several threads take turns
        self._lock = threading.Lock()

    @property
    def num_envs(self) -> int:
        """How many games are stepped at once."""
        return int(self._batch.size)

    @property
    def seats(self) -> int:
        """The seats of each game (the width of a row of rewards)."""
        return int(self._batch.seats)

    @property
    def action_count(self) -> int:
        """The game's actions (the width of a row of masks)."""
        return int(self._batch.action_count)

    @property
    def observation_size(self) -> int:
        """The entries of an observation (the width of a row of observations)."""
        return int(self._batch.observation_size)

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.uint8],
                                                      npt.NDArray[np.uint8]]:
        """Start every game afresh (from ``seed``'s sequence if given, else the
        last one's again): the observation and legal mask of the seat to move
        in each game (that seat is :attr:`to_move`)."""
        with self._lock:
            if seed is not None:
                self._seed = _checked_seed(seed)
            self._batch.reset(self._seed, self.num_envs, self.observations, self.masks,
                              self.to_move)
            self.rewards[:] = 0
            self.done[:] = False
            self._started = True
            return self.observations, self.masks

    def step(self, actions: npt.ArrayLike) -> Step:
        """Play ``actions[i]`` (an action number, :attr:`action_count` of them)
        in game i for its seat to move, every game at once: ``(observations,
        masks, rewards, done, to_move)`` after it (the arrays of the
        environment, written again by the next call). Any integer array (or
        sequence of whole numbers) of ``num_envs`` actions is taken. An action
        out of range is a NotationError, one the game does not allow an
        IllegalMoveError, each naming the game; then no game has moved and
        every array is as it was."""
        if not self._started:
            self.reset()
        with self._lock:
            self._take_actions(actions)
            status, refused = self._batch.step(self._actions, self.observations, self.masks,
                                               self.rewards, self.done.view(np.uint8),
                                               self.to_move)
            if status != 0:
                raise self._refusal(int(refused))
            return self.observations, self.masks, self.rewards, self.done, self.to_move

    def seed_of(self, game: int) -> tuple[int, int]:
        """The seed game ``game``'s current game started from, and how many of
        its games have ended."""
        seed, ended = self._batch.seed_of(game)
        return int(seed), int(ended)

    def _take_actions(self, actions: npt.ArrayLike) -> None:
        """Check ``actions`` (shape, type, range) and copy them into the int32 buffer."""
        given = np.asarray(actions)
        if given.dtype.kind not in "iu":
            raise NotationTypeError(f"actions are whole numbers: got an array of {given.dtype}")
        if given.shape != (self.num_envs,):
            raise NotationError(f"actions are one a game, shape ({self.num_envs},): "
                                f"got shape {given.shape}")
        outside = np.flatnonzero((given < 0) | (given >= self.action_count))
        if outside.size:
            game = int(outside[0])
            raise NotationError(f"game {game}: action {int(given[game])} is out of range "
                                f"0..{self.action_count - 1}")
        np.copyto(self._actions, given, casting="unsafe")

    def _refusal(self, game: int) -> IllegalMoveError:
        action = int(self._actions[game])
        move = self._move_type.from_index(action)
        return IllegalMoveError(f"game {game}: action {action} ({move}) is not legal for seat "
                                f"{int(self.to_move[game])}")


def _checked_seed(seed: object) -> int:
    if type(seed) is not int:
        raise RulesTypeError(f"a seed is a whole number: got {seed!r}")
    if not 0 <= seed < 2**64:
        raise RulesError(f"a seed is a whole number 0..2**64-1: got {seed}")
    return seed

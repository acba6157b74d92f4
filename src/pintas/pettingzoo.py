"""Every pintas game as a PettingZoo environment (the AEC API: agents act in turn).

:func:`env` makes the environment of a preset of the registry, wrapped as
PettingZoo recommends (its order and bounds checks); :func:`raw_env` the
environment itself, :class:`RawEnv`, for speed. ``options`` are the preset's
rules options (``target=100``, ``players=2``, ...); in a dice game
``players`` is the number of seats.

- Agents: ``player_0`` .. ``player_{n-1}``, one per seat; the agent to act is
  the seat to move.
- Observation of an agent: a dict, ``"observation"`` the seat's view as a
  vector of 0/1 entries (``View.encode``: 408 entries for the line games,
  929 for Caminos, 341 for dice; ``numpy.uint8``), ``"action_mask"`` the
  legal actions (``numpy.int8``, 1 where legal; all 0 unless the agent is to
  move). Each call gives new arrays: a caller may keep them. Both are
  written straight from the game's C state (no view is built), the very
  bytes ``game.view(seat).encode()`` and ``game.legal_mask()`` give.
- Actions: ``Discrete(action_count)``, the game's move numbers (docs/ai.md).
  An illegal action raises :class:`~pintas.errors.IllegalMoveError` and
  changes nothing, the game nor the environment.
- Rewards: 0 until the game is over, then ``game.returns()`` (zero-sum);
  every agent is then terminated. Nothing is truncated: a game always ends,
  and a caller wanting a bound on its length wraps the environment.
- Seeds: ``reset(seed=s)`` plays the game of seed ``s`` (the game
  ``Game(rules, seed=s)`` would be) and seeds the environment's generator,
  from which each later ``reset()`` takes its game's seed: a seeded
  environment replays the same games. One never seeded takes them from the OS.
  ``reset(options={"deal": deal})`` starts a tile game from a hand-made first
  deal (other keys are ignored).
- Rendering: ``"ansi"`` gives the terminal's table as the agent to act sees
  it, ``"human"`` prints it.

PettingZoo, Gymnasium and numpy are needed by this module only (the
``pettingzoo`` extra): ``import pintas`` needs none of them.

>>> from pintas import pettingzoo
>>> table = pettingzoo.env("dominican")
>>> table.reset(seed=1)
>>> table.possible_agents
['player_0', 'player_1', 'player_2', 'player_3']
>>> observation, reward, terminated, truncated, info = table.last()
>>> observation["observation"].shape, observation["action_mask"].shape
((408,), (58,))
>>> table.step(int(observation["action_mask"].argmax()))   # the first legal action
"""

from __future__ import annotations

import operator
import random
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import logger, spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import registry
from .errors import RulesError

__all__ = ["RawEnv", "env", "raw_env"]

#: An agent's observation: its ``"observation"`` and ``"action_mask"`` arrays.
Observation = dict[str, npt.NDArray[Any]]
#: An action: a move number (numpy's whole numbers too).
Action = int | np.integer[Any]
#: The environment's types as PettingZoo names them: agent, observation, action
#: (None: the step of an agent whose game is over).
Env = AECEnv[str, dict[str, Any], Action | None]
Wrapped = wrappers.OrderEnforcingWrapper[str, dict[str, Any], Action | None]

#: The width of the rendered table, in characters.
RENDER_WIDTH = 80

#: A seed for a game: the games take 64-bit seeds.
SEED_BITS = 64


def env(preset: str, *, render_mode: str | None = None,
        **options: Any) -> Wrapped:
    """The environment of ``preset`` (a name of ``registry.presets()``) with
    the rules ``options``, wrapped as PettingZoo recommends: an action out of
    the action space fails an assertion, and a call out of order (a step
    before ``reset``) raises.

    >>> table = env("farkle", players=3, target=1000)
    >>> table.reset(seed=2)
    >>> table.agent_selection, table.action_space("player_0")
    ('player_0', Discrete(925))
    """
    table: Env = raw_env(preset, render_mode=render_mode, **options)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(table))


def raw_env(preset: str, *, render_mode: str | None = None, **options: Any) -> RawEnv:
    """The environment of ``preset`` with the rules ``options``, unwrapped.

    >>> table = raw_env("caminos", players=2)
    >>> table.reset(seed=3)
    >>> table.num_agents, table.observation_space("player_1")["observation"].shape
    (2, (929,))
    """
    return RawEnv(preset, render_mode=render_mode, **options)


class RawEnv(Env):
    """A game of one preset as a PettingZoo AEC environment (see the module).

    ``game`` is the pintas game being played (the referee's: it sees every
    hand), for what the environment does not show, such as
    ``game.returns(points=True)``.

    >>> table = RawEnv("muggins", players=2, target=50)
    >>> table.reset(seed=4)
    >>> while table.agents:
    ...     observation, reward, terminated, truncated, info = table.last()
    ...     if terminated:
    ...         table.step(None)
    ...     else:
    ...         table.step(int(observation["action_mask"].argmax()))
    >>> sum(table.game.returns())
    0.0
    """

    # PettingZoo reads it from the class or the instance (which names its preset)
    metadata = {"render_modes": ["human", "ansi"], "name": "pintas_v0",  # noqa: RUF012
                "is_parallelizable": False}

    def __init__(self, preset: str, *, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()  # type: ignore[no-untyped-call]  # AECEnv's takes no annotation
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise RulesError(f"render_mode is one of {self.metadata['render_modes']} or None: "
                             f"got {render_mode!r}")
        self.render_mode = render_mode
        self._preset = registry.preset(preset)
        self._family = self._preset.family
        # a dice game's seats are the game's, not its rules'
        requested = None if self._family.seats_from_rules else options.pop("players", None)
        self._rules = self._preset.rules(**options)
        self._seat_count = self._family.seats(self._rules, requested)
        self.metadata = {**RawEnv.metadata, "name": f"pintas_{preset}_v0"}
        self.possible_agents = [f"player_{seat}" for seat in range(self._seat_count)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        probe = self._new_game(0, None)
        self._action_count: int = probe.action_count
        self._observation_size = len(probe.view(0).encode())
        # observations written straight from the game's C state (no view):
        # the game's binding keeps the round's record from the game's events
        view_type: Any = self._family.view_type
        self._observe = view_type._binding().Observer().observe
        # one space per agent, each seeded apart
        self._observation_spaces = {agent: self._observation_space()
                                    for agent in self.possible_agents}
        self._action_spaces = {agent: spaces.Discrete(self._action_count)
                               for agent in self.possible_agents}
        # PettingZoo's own names for them, typed as its base class types them
        self.observation_spaces = {**self._observation_spaces}
        self.action_spaces = {**self._action_spaces}
        self._seeds = random.Random()  # seeded by the OS until reset(seed=...)
        self._game: Any = None

    def _observation_space(self) -> spaces.Dict:
        return spaces.Dict({
            "observation": spaces.Box(0, 1, (self._observation_size,), np.uint8),
            "action_mask": spaces.Box(0, 1, (self._action_count,), np.int8),
        })

    def _new_game(self, seed: int, deal: Any) -> Any:
        """A game of the rules from ``seed`` (and a hand-made first ``deal``)."""
        if deal is not None:
            if not self._family.seats_from_rules:
                raise RulesError(f"{self._preset.name} is not dealt: it takes no deal")
            return self._family.game_type(self._rules, seed=seed, deal=deal)
        return self._family.new_game(self._rules, seats=self._seat_count, seed=seed)

    # ---- the spaces ------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        """The agent's observation space: ``"observation"`` and ``"action_mask"``."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """The agent's action space: every move number of the game."""
        return self._action_spaces[agent]

    @property
    def game(self) -> Any:
        """The game being played (None before the first ``reset``)."""
        return self._game

    # ---- playing ---------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: of ``seed``, else of a seed from the environment's
        generator (see the module); ``options["deal"]``: a hand-made first deal."""
        deal = None if options is None else options.get("deal")
        # the game first: a seed or deal it refuses changes nothing
        self._game = self._new_game(self._seeds.getrandbits(SEED_BITS) if seed is None
                                    else seed, deal)
        if seed is not None:
            self._seeds.seed(operator.index(seed))
        self.agents = list(self.possible_agents)
        # kept for the whole game and updated in place: the rewards change
        # only at its end
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._game.to_move]
        # PettingZoo's dead steps keep here whom to come back to; None: nobody
        self._skip_agent_selection = None  # type: ignore[assignment]

    def step(self, action: Action | None) -> None:
        """Play ``action`` for the agent to act; ``None`` for an agent whose
        game is over, which then leaves (PettingZoo's dead step)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)  # None only: ValueError otherwise
            return
        game = self._game
        # refused (IllegalMoveError) before anything changes
        game.play_index(action)
        to_move = game.to_move
        if to_move is None:
            self._end_game()
        else:
            self.agent_selection = self.possible_agents[to_move]
        if self.render_mode == "human":
            self.render()

    def _end_game(self) -> None:
        """Every agent terminated, rewarded with its return. The rewards stay
        0 until now, so no agent's cumulative reward needs clearing before."""
        for agent, value in zip(self.possible_agents, self._game.returns(), strict=True):
            self.rewards[agent] = value
            self.terminations[agent] = True
        self._accumulate_rewards()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` may know, and its legal actions (see the module)."""
        # new arrays, so that an observation a caller keeps stays as it was;
        # the game's binding fills both (View.encode's bytes, legal_mask's)
        observation = np.empty(self._observation_size, np.uint8)
        mask = np.empty(self._action_count, np.int8)
        self._observe(self._game, self._seat_of[agent], observation, mask)
        return {"observation": observation, "action_mask": mask}

    # ---- showing ---------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as the agent to act sees it, as the terminal shows it:
        returned (``"ansi"``) or printed (``"human"``)."""
        if self.render_mode is None:
            logger.warn("render() called on an environment made without a render_mode")
            return None
        seat = self._seat_of[self.agent_selection]
        text: str = self._family.terminal.render(self._game.view(seat), RENDER_WIDTH)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release: the game lives in this process."""

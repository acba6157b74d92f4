"""Steps a second of random masked play through the PettingZoo environments,
beside the same play straight through pintas, for every preset:

- ``raw_env``: ``raw_env(preset)``, each step ``observe(agent)`` (the
  observation and the mask), a random legal action drawn from the mask, ``step``;
- ``views``: the same with each observation made as ``raw_env`` made it
  before it wrote them from the game's C state: the seat's ``game.view``,
  then ``View.encode`` and ``legal_mask`` (the before of the same run);
- ``env``: the same as ``raw_env`` through ``env(preset)``, the wrapped
  environment;
- ``direct``: the game itself, ``legal_indices()`` and ``play_index``.

A step is one move (the end of a game's steps for the terminated agents are
not counted, their time is). Each figure is the median of 5 runs of
``--seconds`` CPU seconds each, the four loops taking turns::

    python benchmarks/pettingzoo_steps.py --seconds 1

With ``--parts``, what one observation costs instead, in CPU microseconds
(timeit medians, at the 10th move of a game): the seat's view (``game.view``), a new
view and its encoding (``View.encode`` into an array: a view encoded once
keeps its C struct, so encoding it again would cost less than an
observation's encoding does), the legal mask, the game binding's
``Observer`` writing the vector and the mask into arrays (what ``observe``
calls), and the whole ``observe``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
import timeit
from collections.abc import Callable
from typing import Any

import numpy as np

from pintas import pettingzoo, registry

RUNS = 5


class ViewsEnv(pettingzoo.RawEnv):
    """``raw_env`` observing as it did before its observations were written
    from the game's C state: the seat's view built, then encoded."""

    def observe(self, agent: str) -> dict[str, Any]:
        seat, game = self.possible_agents.index(agent), self.game
        observation = np.empty(self.observation_space(agent)["observation"].shape or (0,),
                               np.uint8)
        game.view(seat).encode(observation)
        mask = np.zeros(game.action_count, np.int8)
        if game.to_move == seat:
            game.legal_mask(mask)
        return {"observation": observation, "action_mask": mask}


def env_steps(table: Any, seconds: float, seed: int) -> float:
    """Steps a CPU second of whole random games through environment ``table``."""
    draw = random.Random(seed).random
    observe, step, nonzero = table.observe, table.step, np.flatnonzero
    steps, games = 0, 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        table.reset(seed=seed + games)
        games += 1
        while table.agents:
            agent = table.agent_selection
            if table.terminations[agent]:
                step(None)
                continue
            legal = nonzero(observe(agent)["action_mask"])
            step(int(legal[int(draw() * len(legal))]))
            steps += 1
    return steps / (time.process_time() - start)


def direct_steps(preset: registry.Preset, seconds: float, seed: int) -> float:
    """Steps a CPU second of whole random games played on the game itself."""
    draw = random.Random(seed).random
    rules = preset.rules()
    steps, games = 0, 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        game: Any = preset.family.new_game(rules, seed=seed + games)
        games += 1
        legal_indices, play_index = game.legal_indices, game.play_index
        while not game.is_over:
            legal = legal_indices()
            play_index(legal[int(draw() * len(legal))])
            steps += 1
    return steps / (time.process_time() - start)


def medians(preset: registry.Preset, seconds: float) -> dict[str, float]:
    """The median steps/s of each loop over :data:`RUNS` turns."""
    loops: dict[str, Callable[[int], float]] = {
        "raw_env": lambda seed: env_steps(pettingzoo.raw_env(preset.name), seconds, seed),
        "views": lambda seed: env_steps(ViewsEnv(preset.name), seconds, seed),
        "env": lambda seed: env_steps(pettingzoo.env(preset.name), seconds, seed),
        "direct": lambda seed: direct_steps(preset, seconds, seed),
    }
    rates: dict[str, list[float]] = {name: [] for name in loops}
    for run in range(RUNS):
        for name, loop in loops.items():
            rates[name].append(loop(1000 * run))
    return {name: statistics.median(found) for name, found in rates.items()}


def parts(preset: registry.Preset) -> dict[str, float]:
    """Microseconds a call of each part of an observation (see the module)."""
    table = pettingzoo.raw_env(preset.name)
    table.reset(seed=1)
    draw = random.Random(1).random
    for _ in range(10):
        legal = np.flatnonzero(table.observe(table.agent_selection)["action_mask"])
        table.step(int(legal[int(draw() * len(legal))]))
    game, agent = table.game, table.agent_selection
    seat = table.possible_agents.index(agent)
    observation = np.empty(len(game.view(seat).encode()), np.uint8)
    mask = np.empty(game.action_count, np.int8)
    observer = type(game.view(seat))._binding().Observer()
    calls: dict[str, Callable[[], object]] = {
        "view": lambda: game.view(seat),
        "view+encode": lambda: game.view(seat).encode(observation),
        "mask": lambda: game.legal_mask(mask),
        "observer": lambda: observer.observe(game, seat, observation, mask),
        "observe": lambda: table.observe(agent),
    }
    number = 2000
    return {name: statistics.median(timeit.repeat(call, number=number, repeat=9,
                                                  timer=time.process_time)) / number * 1e6
            for name, call in calls.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0,
                        help="CPU seconds of each run (default 1)")
    parser.add_argument("--parts", action="store_true",
                        help="microseconds of each part of an observation instead")
    parser.add_argument("presets", nargs="*", help="presets to measure (default: all)")
    args = parser.parse_args()
    names = args.presets or [p.name for p in registry.presets()]
    if args.parts:
        print(f"{'preset':<20} {'view':>8} {'view+encode':>12} {'mask':>8} {'observer':>9} "
              f"{'observe':>8}   microseconds a call")
        for name in names:
            cost = parts(registry.preset(name))
            print(f"{name:<20} {cost['view']:>8.2f} {cost['view+encode']:>12.2f} "
                  f"{cost['mask']:>8.2f} {cost['observer']:>9.2f} {cost['observe']:>8.2f}",
                  flush=True)
        return
    print(f"{'preset':<20} {'raw_env':>10} {'views':>10} {'env':>10} {'direct':>10}   "
          f"steps/s, medians of {RUNS} runs of {args.seconds:g} s")
    for name in names:
        rate = medians(registry.preset(name), args.seconds)
        print(f"{name:<20} {rate['raw_env']:>10,.0f} {rate['views']:>10,.0f} "
              f"{rate['env']:>10,.0f} {rate['direct']:>10,.0f}", flush=True)


if __name__ == "__main__":
    main()

"""Steps per second of :class:`pintas.vector.VectorEnv`, every preset, at
several batch sizes: random legal actions chosen in numpy (per game, the
largest of a random draw in [0, 1) plus the mask: a legal action's is at
least 1), the time of choosing kept apart from the time of ``step`` (which
plays every game, writes its observation, mask, rewards and done, and
replaces ended games). A step is one game's move, so a
call of ``step`` is ``num_envs`` steps. Each figure is the median of
``--runs`` runs of ``--seconds`` CPU seconds of ``step`` each::

    python benchmarks/vector_steps.py --seconds 1 --runs 5
"""

from __future__ import annotations

import argparse
import statistics
import time

import numpy as np

from pintas import registry
from pintas.vector import VectorEnv

SIZES = (64, 256, 1024)


def one_run(preset: str, num_envs: int, seconds: float, seed: int) -> tuple[float, float]:
    """(steps/s of ``step`` alone, steps/s counting the choice too), CPU time."""
    env = VectorEnv(preset, num_envs, seed=seed)
    _, mask = env.reset()
    rng = np.random.default_rng(seed)
    clock = time.process_time
    stepping = choosing = 0.0
    calls = 0
    while stepping < seconds:
        t0 = clock()
        actions = (rng.random(mask.shape, dtype=np.float32) + mask).argmax(axis=1)
        t1 = clock()
        _, mask, _, _, _ = env.step(actions)
        t2 = clock()
        choosing += t1 - t0
        stepping += t2 - t1
        calls += 1
    steps = calls * num_envs
    return steps / stepping, steps / (stepping + choosing)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=0.5)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--presets", nargs="*", default=[p.name for p in registry.presets()])
    parser.add_argument("--sizes", nargs="*", type=int, default=list(SIZES))
    args = parser.parse_args()
    print(f"{'preset':<20} {'num_envs':>8} {'step steps/s':>14} {'with choosing':>14}")
    for preset in args.presets:
        for size in args.sizes:
            runs = [one_run(preset, size, args.seconds, seed) for seed in range(args.runs)]
            alone = statistics.median(r[0] for r in runs)
            whole = statistics.median(r[1] for r in runs)
            print(f"{preset:<20} {size:>8} {alone:>14,.0f} {whole:>14,.0f}", flush=True)


if __name__ == "__main__":
    main()

"""Random agents at a Dominican table through PettingZoo's AEC API.

Each agent picks a random legal action from the mask in its observation;
each game ends with every agent's return (1 for the winning team's players,
-1 for the others). Needs the pettingzoo extra
(``pip install "pintas[pettingzoo]"``). Run: python examples/pettingzoo_random.py
"""

from __future__ import annotations

import importlib.util

GAMES = 3


def main() -> None:
    if importlib.util.find_spec("pettingzoo") is None:
        print("PettingZoo is not installed: pip install 'pintas[pettingzoo]' to run this example")
        return
    import numpy as np

    from pintas import pettingzoo

    table = pettingzoo.env("dominican", target=100)
    rng = np.random.default_rng(2026)
    for number in range(GAMES):
        table.reset(seed=number)
        returns: dict[str, float] = {}
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if terminated or truncated:
                returns[agent] = reward  # an agent's last reward: the game's return
                table.step(None)
                continue
            assert observation is not None  # last() observes unless told not to
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(rng.choice(legal)))
        print(f"game {number + 1}:", ", ".join(f"{agent} {value:+g}"
                                               for agent, value in sorted(returns.items())))
    table.close()


if __name__ == "__main__":
    main()

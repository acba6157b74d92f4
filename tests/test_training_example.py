"""examples/pettingzoo_train.py learns to beat random players, as docs/ai.md says."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "pettingzoo_train.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("pettingzoo_train", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_trained_team_beats_random_players() -> None:
    example = load_example()
    before, _ = example.win_share(None, example.EVALUATION_GAMES)
    policy = example.train(example.TRAINING_GAMES)
    after, spread = example.win_share(policy, example.EVALUATION_GAMES)
    # the whole 95% interval above an even share, and above the random team's
    assert after - spread > 0.5
    assert after - spread > before


def test_an_untrained_policy_plays_as_random_players_do() -> None:
    example = load_example()
    policy = example.train(0)
    assert not policy.weights.any()  # every legal action equally likely
    share, spread = example.win_share(policy, 400)
    assert abs(share - 0.5) < 2 * spread

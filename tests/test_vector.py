"""Many games stepped at once (``pintas.vector``), for every preset: each
row is the game of its seed replayed in Python (observation, mask, seat to
move), rewards are the game's returns at its end and 0 before, ended games
are replaced by the next seed, a seed replays its run, and a bad action is
refused with every game and array unchanged."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from pintas import registry  # noqa: E402
from pintas.errors import (  # noqa: E402
    IllegalMoveError,
    NotationError,
    NotationTypeError,
    PintasError,
    RulesError,
)
from pintas.vector import VectorEnv  # noqa: E402

PRESETS = [p.name for p in registry.presets()]
#: Short dice games, so that a few hundred random steps end some.
OPTIONS: dict[str, dict[str, Any]] = {"dice_of_doom": {"target": 50}, "farkle": {"target": 50}}


def random_actions(mask: Any, rng: Any) -> Any:
    """A random legal action a game: a draw in [0, 1) plus the mask is at least
    1 for a legal action only (a product of the two could be 0 for all)."""
    return (rng.random(mask.shape) + mask).argmax(axis=1)


def new_game(env: VectorEnv, preset: str, seed: int) -> Any:
    family = registry.preset(preset).family
    return family.new_game(env.rules, seats=env.seats, seed=seed % 2**64)


@pytest.mark.parametrize("preset", PRESETS)
def test_rows_are_the_games_replayed(preset: str) -> None:
    n, seed = 3, 11
    env = VectorEnv(preset, n, seed=seed, **OPTIONS.get(preset, {}))
    obs, mask = env.reset()
    games = [new_game(env, preset, seed + i) for i in range(n)]
    played = [0] * n
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(300):
        for i, game in enumerate(games):
            assert env.to_move[i] == game.to_move
            assert bytes(obs[i]) == bytes(game.view(game.to_move).encode())
            assert bytes(mask[i]) == bytes(game.legal_mask())
            assert env.seed_of(i) == (seed + i + played[i] * n, played[i])
        actions = random_actions(mask, rng)
        obs, mask, rewards, done, _ = env.step(actions)
        for i, game in enumerate(games):
            game.play_index(int(actions[i]))
            assert bool(done[i]) == game.is_over
            if game.is_over:
                ended += 1
                assert rewards[i].tolist() == list(np.float32(game.returns()))
                assert abs(float(rewards[i].sum())) < 1e-6
                assert rewards[i].max() > 0
                played[i] += 1
                games[i] = new_game(env, preset, seed + i + played[i] * n)
            else:
                assert not rewards[i].any()
    assert ended > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_a_seed_replays_its_run(preset: str) -> None:
    runs: list[list[Any]] = []
    for seed in (4, 4, 5):
        env = VectorEnv(preset, 4, seed=seed)
        obs, mask = env.reset()
        rng = np.random.default_rng(0)
        trail: list[Any] = [obs.copy()]
        for _ in range(150):
            obs, mask, rewards, done, _ = env.step(random_actions(mask, rng))
            trail += [obs.copy(), rewards.copy(), done.copy()]
        runs.append(trail)
    assert all(np.array_equal(a, b) for a, b in zip(runs[0], runs[1], strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(runs[0], runs[2], strict=True))


def test_reset_starts_the_sequence_again() -> None:
    env = VectorEnv("muggins", 2, seed=7)
    first = env.reset()[0].copy()
    rng = np.random.default_rng(0)
    for _ in range(100):
        env.step(random_actions(env.masks, rng))
    assert np.array_equal(env.reset()[0], first)
    assert env.seed_of(1) == (8, 0)
    env.reset(seed=2**64 - 1)  # the sequence wraps
    assert env.seed_of(1) == (0, 0)


@pytest.mark.parametrize("preset", ["dominican", "caminos", "farkle"])
def test_a_bad_action_changes_nothing(preset: str) -> None:
    env, twin = VectorEnv(preset, 4, seed=3), VectorEnv(preset, 4, seed=3)
    _, mask = env.reset()
    twin.reset()
    rng = np.random.default_rng(2)
    for _ in range(5):
        actions = random_actions(mask, rng)
        _, mask, *_ = env.step(actions)
        twin.step(actions)
    before = [a.copy() for a in (env.observations, env.masks, env.rewards, env.done,
                                 env.to_move)]
    good = random_actions(mask, rng)
    illegal = good.copy()
    illegal[2] = int(np.flatnonzero(mask[2] == 0)[-1])
    with pytest.raises(IllegalMoveError, match=f"game 2: action {illegal[2]} "):
        env.step(illegal)
    for bad in ([-1, 0, 0, 0], good.astype(np.int64) + 2**40, np.append(good, 0)):
        with pytest.raises(NotationError):
            env.step(bad)
    with pytest.raises(NotationTypeError):
        env.step(good.astype(np.float64))
    after = (env.observations, env.masks, env.rewards, env.done, env.to_move)
    assert all(np.array_equal(a, b) for a, b in zip(before, after, strict=True))
    # the games did not move: both play on alike
    for got, want in zip(env.step(good), twin.step(good), strict=True):
        assert np.array_equal(got, want)


def test_any_integer_array_and_the_sizes() -> None:
    env = VectorEnv("farkle", 5, seed=1, players=3)
    assert (env.seats, env.action_count, env.observation_size, env.num_envs) == (3, 925, 341, 5)
    obs, mask = env.reset()
    for dtype in (np.uint16, np.int16, np.int32, np.int64, np.uint64):
        obs, mask, rewards, done, to_move = env.step(mask.argmax(axis=1).astype(dtype))
    env.step(mask.argmax(axis=1).tolist())
    assert obs.dtype == np.uint8 and mask.dtype == np.uint8 and rewards.shape == (5, 3)
    assert done.dtype == np.bool_ and to_move.dtype == np.uint8
    assert VectorEnv("capicua", 2).seats == 4


def test_bad_set_ups() -> None:
    with pytest.raises(RulesError):
        VectorEnv("dominican", 0)
    with pytest.raises(RulesError):
        VectorEnv("dominican", 2, seed=-1)
    with pytest.raises(PintasError):
        VectorEnv("no_such_game", 2)
    with pytest.raises(RulesError):
        VectorEnv("dominican", 2, target=-5)


def test_import_pintas_needs_no_numpy() -> None:
    code = "import sys, pintas, pintas.registry; print('numpy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"

"""The OpenSpiel games (``pintas.openspiel``) of every preset: OpenSpiel's own
random simulation test with serialization, explicit chance with exact
probabilities, the tensors and strings a seat gets (and that they show nothing
hidden), the parameters, and OpenSpiel's ISMCTS bot searching through the
public determinization."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("pyspiel")
import numpy as np  # after the skip: the openspiel extra brings it
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from pintas import openspiel, registry

PRESETS = [p.name for p in registry.presets()]

#: Parameters that make a preset's games short, for the slower checks.
SHORT = {"dominican": "target=50", "muggins": "players=2,target=50", "capicua": "target=5",
         "dice_of_doom": "target=2000", "farkle": "target=1000"}


@pytest.fixture(scope="module", autouse=True)
def registered() -> tuple[str, ...]:
    return openspiel.register()


def load(preset: str, parameters: str = "") -> Any:
    name = openspiel.game_name(preset)
    return pyspiel.load_game(f"{name}({parameters})" if parameters else name)


def play_randomly(state: Any, rng: random.Random, steps: int | None = None) -> Any:
    """Play ``state`` on (every step, or ``steps``): chance by its
    probabilities, decisions at random among the legal actions."""
    while not state.is_terminal() and (steps is None or steps > 0):
        if state.is_chance_node():
            outcomes, chances = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, chances)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        if steps is not None:
            steps -= 1
    return state


def test_every_preset_is_registered_once() -> None:
    names = openspiel.register()
    assert names == tuple(f"pintas_{p}" for p in PRESETS)
    assert openspiel.register() == names  # again: nothing changes
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", PRESETS)
def test_openspiel_random_sim_test_with_serialization(name: str) -> None:
    game = load(name, SHORT.get(name, ""))
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize("name", PRESETS)
def test_openspiel_random_sim_test_of_the_preset_as_it_is(name: str) -> None:
    pyspiel.random_sim_test(load(name), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("name", PRESETS)
def test_the_game_s_sizes_are_the_pintas_game_s(name: str) -> None:
    game = load(name)
    pintas_game = game.new_pintas_game()
    assert game.num_distinct_actions() == pintas_game.action_count
    assert game.max_chance_outcomes() == pintas_game.chance_count
    assert game.num_players() == pintas_game.seats
    assert (game.min_utility(), game.max_utility()) == pintas_game.utility_range
    assert game.max_game_length() == pintas_game.max_length
    assert game.information_state_tensor_shape() == [len(pintas_game.view(0).encode())]
    assert game.observation_tensor_shape() == game.information_state_tensor_shape()


def test_a_deal_is_dealt_tile_by_tile_at_chance_nodes() -> None:
    state = load("dominican").new_initial_state()
    for dealt in range(28):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 28 - dealt
        assert all(chance == pytest.approx(1 / (28 - dealt)) for _, chance in outcomes)
        state.apply_action(outcomes[-1][0])
    assert not state.is_chance_node()
    assert state.current_player() in range(4)
    # the highest tiles went first, to seat 0: it holds the seven highest
    assert {t.index for t in state.game.hand(0)} == set(range(21, 28))


def test_a_dice_roll_is_a_decision_then_a_chance_node() -> None:
    state = load("farkle").new_initial_state()
    assert not state.is_chance_node() and state.current_player() == 0
    roll = state.legal_actions()[0]
    assert state.action_to_string(0, roll) == "roll"
    state.apply_action(roll)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 462  # the multisets of six dice
    assert sum(chance for _, chance in outcomes) == pytest.approx(1.0)
    assert min(chance for _, chance in outcomes) == pytest.approx(1 / 6 ** 6)
    assert max(chance for _, chance in outcomes) == pytest.approx(720 / 6 ** 6)


def test_returns_are_the_pintas_game_s() -> None:
    state = play_randomly(load("muggins", SHORT["muggins"]).new_initial_state(),
                          random.Random(3))
    assert state.is_terminal()
    assert state.returns() == list(state.game.returns())
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_parameters_reach_the_rules_and_bad_ones_are_refused() -> None:
    game = load("muggins", "players=2,target=100")
    assert game.rules.players == 2 and game.rules.target == 100
    assert game.get_parameters()["target"] == 100
    assert load("farkle", "players=3").num_players() == 3
    with pytest.raises(pyspiel.SpielError, match="target"):
        load("muggins", "target=-5")


def test_presets_without_a_bound_take_a_round_limit() -> None:
    game = load("muggins")
    assert game.rules.max_rounds == openspiel.LIMITS["max_rounds"]
    assert game.max_game_length() == game.new_pintas_game().max_length
    assert load("capicua").rules.max_rounds is None  # bounded by its own rules


def deal(state: Any, tiles: list[int]) -> Any:
    for tile in tiles:
        assert state.is_chance_node()
        state.apply_action(tile)
    return state


@pytest.mark.parametrize("name", ["dominican", "muggins"])
def test_a_seat_s_tensor_and_strings_do_not_show_other_hands(name: str) -> None:
    """Two deals with the same hand for seat 0 and the other tiles swapped
    around: seat 0 sees the same; seat 1, whose hand differs, does not. Seat 0
    holds the double six in both, so that the same seat leads round 1."""
    game = load(name)
    seats = game.num_players()
    rng = random.Random(5)
    mine = list(range(21, 28))
    others = list(range(21))
    first = deal(game.new_initial_state(), mine + others[: 7 * (seats - 1)])
    rng.shuffle(others)
    second = deal(game.new_initial_state(), mine + others[: 7 * (seats - 1)])
    assert first.game.hand(1) != second.game.hand(1)
    # the same moves from both, as far as they are legal in both
    moved = 0
    for _ in range(6):
        if first.is_terminal() or first.is_chance_node() or second.is_chance_node():
            break
        shared = sorted(set(first.legal_actions()) & set(second.legal_actions()))
        if not shared:
            break
        action = shared[0] if first.current_player() != 0 else first.legal_actions()[0]
        if action not in second.legal_actions():
            break
        first.apply_action(action)
        second.apply_action(action)
        moved += 1
    assert moved >= 2
    assert first.information_state_tensor(0) == second.information_state_tensor(0)
    assert first.observation_tensor(0) == second.observation_tensor(0)
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.observation_string(0) == second.observation_string(0)
    assert first.information_state_string(1) != second.information_state_string(1)


def test_the_tensor_is_the_seat_s_encoded_view() -> None:
    state = play_randomly(load("dominican").new_initial_state(), random.Random(8), steps=40)
    for seat in range(4):
        view = state.game.view(seat)
        assert state.information_state_tensor(seat) == [float(x) for x in view.encode()]
        assert state.information_state_string(seat) == view.key().hex()


def test_a_serialized_state_comes_back_the_same() -> None:
    game = load("muggins", SHORT["muggins"])
    state = play_randomly(game.new_initial_state(), random.Random(9), steps=50)
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert back.history() == state.history()
    assert back.game == state.game
    assert back.information_state_string(1) == state.information_state_string(1)


def test_a_cloned_state_plays_on_alone() -> None:
    state = play_randomly(load("dominican").new_initial_state(), random.Random(4), steps=30)
    clone = state.clone()
    before = clone.game.copy()
    play_randomly(state, random.Random(1), steps=5)
    assert clone.game == before
    assert clone.history() != state.history()


def test_resampling_keeps_what_the_player_knows() -> None:
    state = play_randomly(load("dominican").new_initial_state(), random.Random(6), steps=34)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
    hidden = {tuple(t.index for t in w.game.hand((player + 1) % 4)) for w in worlds}
    assert len(hidden) > 1  # the other hands are drawn, not copied


def test_openspiel_s_ismcts_bot_plays_a_domino_game() -> None:
    game = load("dominican", SHORT["dominican"])
    rng = np.random.RandomState(7)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), 2.0, 40,
                           random_state=rng)
    state = play_randomly(game.new_initial_state(), random.Random(2), steps=28)
    decisions = 0
    while not state.is_terminal() and decisions < 6:
        if state.is_chance_node():
            play_randomly(state, random.Random(decisions), steps=1)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 6

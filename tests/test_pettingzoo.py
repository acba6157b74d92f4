"""The PettingZoo environments (``pintas.pettingzoo``) of every preset:
PettingZoo's own API, seed and render tests, and what its tests cannot see:
each observation is the seat's encoded view and each mask the game's legal
mask, the rewards are the game's returns, a seed replays its games, an
illegal action changes nothing, and nothing hidden shows in an observation."""

from __future__ import annotations

import random
import subprocess
import sys
import warnings
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
import numpy as np  # after the skip: the pettingzoo extra brings it
from pettingzoo.test.api_test import api_test
from pettingzoo.test.render_test import render_test
from pettingzoo.test.seed_test import seed_test
from pettingzoo.utils import wrappers

from pintas import caminos, domino, pettingzoo, registry
from pintas.errors import IllegalMoveError, RulesError
from pintas.tiles import TILES
from tests.caminos.support import shuffled_deal
from tests.test_observations import swapped

PRESETS = [p.name for p in registry.presets()]

#: What PettingZoo's api_test says of any dict observation (its own games with
#: masks in the observation are let off by name).
DICT_WARNINGS = ("Observation is not a NumPy array",
                 "Observation space for each agent probably should be")


def step_randomly(table: Any, rng: random.Random) -> int:
    """One step of the agent to act: a random legal action, or None once it
    is terminated; the action (-1 for None)."""
    agent = table.agent_selection
    if table.terminations[agent]:
        table.step(None)
        return -1
    legal = np.flatnonzero(table.observe(agent)["action_mask"])
    action = int(legal[rng.randrange(len(legal))])
    table.step(action)
    return action


# ---- PettingZoo's own tests ------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_pettingzoo_api_test(name: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        # enough cycles for a whole game of every preset (a random Dice of
        # Doom game takes up to some 800 steps of 2 agents)
        api_test(pettingzoo.env(name), num_cycles=1000)  # type: ignore[no-untyped-call]
    said = {str(w.message) for w in caught}
    assert all(text.startswith(DICT_WARNINGS) for text in said), said


@pytest.mark.parametrize("name", PRESETS)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: pettingzoo.env(name), num_cycles=300)  # type: ignore[no-untyped-call]


@pytest.mark.parametrize("name", PRESETS)
def test_pettingzoo_render_test(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    rules = registry.preset(name).rules()

    def shows_the_table(text: str) -> bool:  # the terminal's table, headed by the rules
        return str(rules) in text.splitlines()[0]

    def made(render_mode: str | None = None) -> Any:
        return pettingzoo.env(name, render_mode=render_mode)

    render_test(made, custom_tests={"ansi": shows_the_table})
    assert str(rules) in capsys.readouterr().out  # "human" printed it


@pytest.mark.parametrize("name", ["muggins", "caminos", "dice_of_doom"])
def test_rendering_is_the_terminal_s_table(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    shown = pettingzoo.raw_env(name, render_mode="human")
    told = pettingzoo.raw_env(name, render_mode="ansi")
    for table in (shown, told):
        table.reset(seed=8)
    rng = random.Random(8)
    for _ in range(6):
        capsys.readouterr()
        text = told.render()
        seat = told.possible_agents.index(told.agent_selection)
        terminal = registry.family_of(told.game).terminal
        assert text == terminal.render(told.game.view(seat), pettingzoo.RENDER_WIDTH)
        assert shown.render() is None
        assert capsys.readouterr().out == f"{text}\n"
        action = step_randomly(told, rng)
        shown.step(action)  # "human" shows the table after each step
        assert capsys.readouterr().out == f"{told.render()}\n"
    with pytest.warns(UserWarning, match="render_mode"):
        assert pettingzoo.raw_env(name).render() is None


# ---- observations, masks, rewards ------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_observations_masks_and_rewards_are_the_game_s(name: str) -> None:
    table = pettingzoo.raw_env(name)
    table.reset(seed=3)
    game, rng = table.game, random.Random(3)
    empty = bytes(game.action_count)
    while not game.is_over:
        for seat, agent in enumerate(table.possible_agents):
            seen = table.observe(agent)
            assert seen["observation"].dtype == np.uint8 and seen["action_mask"].dtype == np.int8
            assert seen["observation"].tobytes() == game.view(seat).encode()
            mask = seen["action_mask"].tobytes()
            assert mask == (game.legal_mask() if seat == game.to_move else empty)
            assert table.observation_space(agent).contains(seen)
        # a seat to move always has a move: passing and drawing are moves
        assert table.agent_selection == f"player_{game.to_move}" and game.legal_indices()
        assert set(table.rewards.values()) == {0} and not any(table.terminations.values())
        step_randomly(table, rng)
    returns = game.returns()
    assert table.rewards == dict(zip(table.possible_agents, returns, strict=True))
    assert sum(returns) == pytest.approx(0) and set(returns) != {0.0}
    assert all(table.terminations.values()) and not any(table.truncations.values())
    rewarded = {}
    while table.agents:  # each agent leaves by a dead step, its return told by last()
        _, rewarded[table.agent_selection], terminated, truncated, _ = table.last()
        assert terminated and not truncated
        assert table.observe(table.agent_selection)["action_mask"].tobytes() == empty
        table.step(None)
    assert rewarded == table_returns(table.possible_agents, returns)


def table_returns(agents: list[str], returns: tuple[float, ...]) -> dict[str, float]:
    return dict(zip(agents, returns, strict=True))


@pytest.mark.parametrize("name", ["dominican", "caminos", "farkle"])
def test_a_kept_observation_stays_as_it_was(name: str) -> None:
    table = pettingzoo.raw_env(name)
    table.reset(seed=5)
    rng = random.Random(5)
    kept = [(table.observe(agent), table.observe(agent)) for agent in table.agents]
    for _ in range(20):
        step_randomly(table, rng)
    for first, second in kept:
        for part in ("observation", "action_mask"):
            assert np.array_equal(first[part], second[part])
            assert not np.shares_memory(first[part], second[part])


# ---- seeds -----------------------------------------------------------------------------


def trajectory(table: Any, seed: int | None, steps: int = 400) -> list[Any]:
    """What ``steps`` random steps show after ``reset(seed=seed)`` (the
    actions drawn with a generator of their own)."""
    table.reset(seed=seed)
    rng, shown = random.Random(1), []
    for _ in range(steps):
        if not table.agents:
            break
        agent = table.agent_selection
        seen = table.observe(agent)
        shown.append((agent, seen["observation"].tobytes(), seen["action_mask"].tobytes(),
                      step_randomly(table, rng), dict(table.rewards)))
    return shown


@pytest.mark.parametrize("name", PRESETS)
def test_a_seed_replays_its_game(name: str) -> None:
    one, other = pettingzoo.raw_env(name), pettingzoo.raw_env(name)
    assert trajectory(one, 11) == trajectory(other, 11)
    assert trajectory(one, 11) != trajectory(other, 12)
    preset = registry.preset(name)
    one.reset(seed=11)
    assert one.game == preset.family.new_game(preset.rules(), seed=11)


@pytest.mark.parametrize("name", ["dominican", "caminos_two_paths", "dice_of_doom"])
def test_a_seeded_environment_replays_its_later_games(name: str) -> None:
    one, other = pettingzoo.raw_env(name), pettingzoo.raw_env(name)
    games = []
    for table in (one, other):
        table.reset(seed=21)
        games.append([trajectory(table, None, 60) for _ in range(3)])
    assert games[0] == games[1]
    assert games[0][0] != games[0][1]
    fresh = [trajectory(pettingzoo.raw_env(name), None, 60) for _ in range(2)]
    assert fresh[0] != fresh[1]  # never seeded: the OS's seeds


# ---- illegal actions -------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESETS)
def test_an_illegal_action_is_refused_and_changes_nothing(name: str) -> None:
    table = pettingzoo.raw_env(name)
    table.reset(seed=4)
    rng = random.Random(4)
    for _ in range(15):
        step_randomly(table, rng)
    agent = table.agent_selection
    seen = table.observe(agent)
    illegal = int(np.flatnonzero(seen["action_mask"] == 0)[0])
    saved = table.game.to_bytes()
    with pytest.raises(IllegalMoveError):
        table.step(illegal)
    assert table.game.to_bytes() == saved and table.agent_selection == agent
    again = table.observe(agent)
    assert all(np.array_equal(seen[part], again[part]) for part in seen)
    assert not any(table.terminations.values()) and set(table.rewards.values()) == {0}


def test_the_wrapped_environment_checks_the_action_space() -> None:
    table = pettingzoo.env("dominican")
    with pytest.raises(AssertionError):  # PettingZoo's order check: reset first
        table.step(0)
    table.reset(seed=2)
    with pytest.raises(AssertionError):  # PettingZoo's bounds check
        table.step(58)
    seen = table.observe(table.agent_selection)
    assert seen is not None
    illegal = int(np.flatnonzero(seen["action_mask"] == 0)[0])
    with pytest.raises(IllegalMoveError):
        table.step(illegal)


def test_pettingzoo_s_penalty_for_illegal_actions_reads_the_mask() -> None:
    raw = pettingzoo.raw_env("muggins")
    table = wrappers.TerminateIllegalWrapper(raw, illegal_reward=-1)
    table.reset(seed=3)
    mover = table.agent_selection
    seen = table.observe(mover)
    assert seen is not None
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        table.step(int(np.flatnonzero(seen["action_mask"] == 0)[0]))
    assert all(table.terminations.values())
    assert table.rewards[mover] == -1 and raw.game.history == ()


# ---- nothing hidden --------------------------------------------------------------------


def observed_alike(a: Any, b: Any, seat: int, rng: random.Random, moves: int = 200) -> int:
    """Step both environments by the same actions (legal in both) while
    ``seat`` sees the same in both games, checking that its agent's
    observation is the same; the positions compared."""
    agent, compared = a.possible_agents[seat], 0
    for _ in range(moves):
        if a.game.view(seat) != b.game.view(seat):
            break
        assert a.observe(agent)["observation"].tobytes() == \
            b.observe(agent)["observation"].tobytes()
        compared += 1
        mover = a.agent_selection
        both = np.flatnonzero(a.observe(mover)["action_mask"] & b.observe(mover)["action_mask"])
        if a.game.is_over or mover != b.agent_selection or not len(both):
            break
        action = int(both[rng.randrange(len(both))])
        a.step(action)
        b.step(action)
    return compared


@pytest.mark.parametrize(("name", "options"), [("dominican", {}), ("muggins", {"players": 3}),
                                               ("capicua", {"players": 2})])
@pytest.mark.parametrize("seed", range(2))
def test_other_seats_tiles_are_not_observed(name: str, options: dict[str, Any],
                                            seed: int) -> None:
    rules = registry.preset(name).rules(**options)
    rng = random.Random(seed)
    tiles = list(TILES)
    rng.shuffle(tiles)
    hands = [tiles[s * 7:(s + 1) * 7] for s in range(rules.players)]
    pile = tiles[rules.players * 7:] if rules.draws else []
    compared = 0
    for seat in range(rules.players):
        other_hands, other_pile = swapped(hands, pile, seat, rng)
        a, b = pettingzoo.raw_env(name, **options), pettingzoo.raw_env(name, **options)
        a.reset(seed=seed, options={"deal": domino.Deal(hands, pile)})
        b.reset(seed=seed, options={"deal": domino.Deal(other_hands, other_pile)})
        assert a.game.hand(seat) == b.game.hand(seat)
        assert [a.game.hand(s) for s in range(rules.players)] != \
            [b.game.hand(s) for s in range(rules.players)]
        compared += observed_alike(a, b, seat, rng)
    assert compared > 2 * rules.players


@pytest.mark.parametrize("seed", range(2))
def test_other_seats_tiles_are_not_observed_in_caminos(seed: int) -> None:
    rules = caminos.Rules.base(players=3)
    rng = random.Random(seed)
    paths, hands, pile = shuffled_deal(rules, rng)
    compared = 0
    for seat in range(3):
        other_hands, other_pile = swapped(hands, pile, seat, rng)
        a, b = pettingzoo.raw_env("caminos"), pettingzoo.raw_env("caminos")
        a.reset(seed=seed, options={"deal": caminos.Deal(paths, hands, pile)})
        b.reset(seed=seed, options={"deal": caminos.Deal(paths, other_hands, other_pile)})
        compared += observed_alike(a, b, seat, rng)
    assert compared > 3


# ---- making environments ---------------------------------------------------------------


def test_options_go_to_the_rules_and_players_to_a_dice_game_s_seats() -> None:
    assert pettingzoo.raw_env("muggins", players=2, target=50).game is None
    table = pettingzoo.raw_env("muggins", players=2, target=50)
    table.reset(seed=1)
    assert table.possible_agents == ["player_0", "player_1"]
    assert table.game.rules == domino.Rules.muggins(players=2, target=50)
    dice_table = pettingzoo.env("farkle", players=3)
    assert dice_table.possible_agents == ["player_0", "player_1", "player_2"]
    assert dice_table.metadata["name"] == "pintas_farkle_v0"
    assert not dice_table.metadata["is_parallelizable"]
    with pytest.raises(RulesError, match="does not take players"):
        pettingzoo.raw_env("dominican", players=3)
    with pytest.raises(RulesError, match="render_mode"):
        pettingzoo.raw_env("dominican", render_mode="rgb_array")
    with pytest.raises(RulesError, match="no game"):
        pettingzoo.raw_env("checkers")
    with pytest.raises(RulesError, match="takes no deal"):
        pettingzoo.raw_env("farkle").reset(options={"deal": domino.Deal([TILES[:7]] * 4)})


def test_a_refused_reset_changes_nothing() -> None:
    table = pettingzoo.raw_env("dominican")
    table.reset(seed=6)
    game = table.game
    with pytest.raises(RulesError):
        table.reset(seed=-1)
    assert table.game is game


def test_importing_pintas_needs_neither_pettingzoo_nor_numpy() -> None:
    code = ("import sys\n"
            "for name in ('pettingzoo', 'gymnasium', 'numpy'): sys.modules[name] = None\n"
            "import pintas, pintas.registry\n"
            "from pintas import caminos, dice, domino\n"
            "domino.Game(domino.Rules.dominican(), seed=1).view(0).encode()\n"
            "try:\n"
            "    import pintas.pettingzoo\n"
            "except ImportError:\n"
            "    print('refused')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "refused\n"

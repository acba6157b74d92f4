"""Game length: the limits (``max_rounds``; dice ``max_rolls``), how a game
ends at them, their saves, and ``max_length``, the bound on a whole game's
moves (docs/ai.md, "Game length")."""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry, svg
from pintas.errors import CorruptStateError, RulesError, RulesTypeError
from tests.support import assert_replays, mover, played, resealed, run

FLAGS = 6  # the byte of a save's flags; bit 2: the rules set a limit

# ---- the option --------------------------------------------------------------------


@pytest.mark.parametrize("make", [domino.Rules.muggins, domino.Rules.capicua,
                                  domino.Rules.dominican, dice.Rules.dice_of_doom,
                                  dice.Rules.farkle])
def test_no_preset_sets_a_limit(make: Any) -> None:
    rules = make()
    assert rules.max_rounds is None
    assert "max_rounds" not in rules.to_dict() and "max_rolls" not in rules.to_dict()
    assert "round" not in str(rules)


@pytest.mark.parametrize("name", ["max_rounds", "max_rolls"])
@pytest.mark.parametrize("value,error", [(0, RulesError), (256, RulesError), (-1, RulesError),
                                         (True, RulesTypeError), (2.0, RulesTypeError),
                                         ("3", RulesTypeError)])
def test_a_limit_is_none_or_1_to_255(name: str, value: object, error: type[Exception]) -> None:
    makers: list[Any] = [dice.Rules.farkle] + ([domino.Rules.muggins] if name == "max_rounds"
                                               else [])
    for make in makers:
        with pytest.raises(error, match=f"{name} must be None .*got {value!r}"):
            make(**{name: value})
        with pytest.raises(error, match=f"{name} must be None"):
            make().replace(**{name: value})
    for make in makers:
        assert getattr(make(**{name: 255}), name) == 255
        assert getattr(make(**{name: 1}).replace(**{name: None}), name) is None


def test_domino_has_no_roll_limit() -> None:
    with pytest.raises(RulesError, match="not an option of muggins: max_rolls"):
        domino.Rules.muggins(max_rolls=3)


def test_the_limits_in_presets_plain_data_text_and_pickles() -> None:
    for name, options in (("muggins", {"max_rounds": 10}), ("dominican", {"max_rounds": 5}),
                          ("capicua", {"max_rounds": 7}),
                          ("farkle", {"max_rounds": 10, "max_rolls": 4}),
                          ("dice_of_doom", {"max_rounds": 3})):
        rules = registry.preset(name).rules(**options)
        for option, value in options.items():
            assert getattr(rules, option) == value
        assert type(rules).from_dict(rules.to_dict()) == rules
        assert pickle.loads(pickle.dumps(rules)) == rules
        assert rules.to_dict()["max_rounds"] == options["max_rounds"]
    assert str(domino.Rules.muggins(max_rounds=10)) == \
        "muggins (3 players) to 200, at most 10 rounds"
    assert str(dice.Rules.farkle(max_rounds=10, max_rolls=4)) == \
        "Farkle to 10000 (max_rounds=10, max_rolls=4)"
    # plain data without the limits reads as no limit
    assert domino.Rules.from_dict(domino.Rules.muggins().to_dict()).max_rounds is None


# ---- the line games at the round limit ---------------------------------------------


def test_a_line_game_ends_after_the_last_round_is_scored() -> None:
    for rules in (domino.Rules.muggins(players=2, max_rounds=2),
                  domino.Rules.capicua(max_rounds=2, target=1000),
                  domino.Rules.dominican(mode="two", max_rounds=2)):
        for seed in range(10):
            game = played(domino.Game(rules, seed=seed))
            last_round = [e for e in game.events if e.kind == "round_end"][-1:]
            ends = [e for e in game.events if e.kind == "game_end"]
            if ends[0].reason != "max_rounds":  # a side reached the target first
                assert game.round <= 2
                continue
            assert game.round == 2 and last_round
            best = max(game.scores)
            assert {e.side for e in ends} == set(game.winners) == \
                {side for side, score in enumerate(game.scores) if score == best}
            assert game.winner == (game.winners[0] if len(game.winners) == 1 else None)
            assert game.events[-len(ends):] == tuple(ends)  # nothing after them
            assert all(str(e).endswith("at the round limit") for e in ends)
            assert_replays(game, domino.Game(rules, seed=seed))


def test_a_tie_at_the_round_limit_shares_the_win() -> None:
    # Capicua's rounds score little (1, 2 or a tenth of the pips): two rounds
    # won by two players often leave them level
    rules = domino.Rules.capicua(pass_points=0, max_rounds=2, target=1000)
    for seed in range(200):
        game = played(domino.Game(rules, seed=seed))
        if sorted(game.scores)[-2:] == [game.scores[0]] * 2 and game.scores[1] == game.scores[0]:
            break
    else:
        pytest.fail("no tie in 200 games")
    assert game.winners == (0, 1) and game.winner is None
    assert [e.side for e in game.events if e.kind == "game_end"] == [0, 1]
    assert game.returns() == (1 / 3, 1 / 3, -1 / 3, -1 / 3)
    assert game.view(0).winner is None
    assert domino.Game.from_bytes(game.to_bytes()) == game


# ---- dice at the limits ---------------------------------------------------------------


def test_a_dice_round_is_a_turn_of_every_player_from_the_first() -> None:
    rules = dice.Rules.farkle(max_rounds=1)
    game = dice.Game(rules, players=3, seed=1, first_player=1)
    run(game, "roll 1 2 2 3 4 6", "keep 1", "bank")   # player 1: 100
    run(game, "roll 5 2 2 3 4 6", "keep 5", "bank")   # player 2: 50
    assert not game.is_over
    events = run(game, "roll 1 2 2 3 4 6", "keep 1", "bank")  # player 0 ends round 1
    assert game.is_over and game.winners == (0, 1) and game.winner is None
    ends = [e for e in events if e.kind == "game_end"]
    assert [(e.seat, e.total, e.reason) for e in ends] == [(0, 100, "max_rounds"),
                                                            (1, 100, "max_rounds")]
    assert str(ends[0]) == "player 1 wins with 100 at the round limit"
    assert game.returns() == (0.25, 0.25, -0.5)
    assert dice.Game.from_bytes(game.to_bytes()) == game
    assert game.view(2).winner is None
    assert "game over: player 1 and player 2 share the win" in str(svg.view(game.view(2)))
    assert "share the win" in repr(game)


def test_the_last_roll_of_a_turn_banks_its_keep() -> None:
    game = dice.Game(dice.Rules.dice_of_doom(max_rolls=2), players=2, seed=1)
    run(game, "roll 1 5 5 2 3 4", "keep 1")
    assert [str(m) for m in game.legal_moves()] == ["roll", "bank"]
    events = run(game, "roll 1 2 3 4 6", "keep 1")
    assert [e.kind for e in events] == ["rolled", "kept", "banked", "turn_end"]
    assert game.scores == (2000, 0) and game.to_move == 1


# ---- saves ----------------------------------------------------------------------------


def test_a_save_without_limits_is_as_before_and_one_with_them_flags_them() -> None:
    plain = played(domino.Game(domino.Rules.muggins(), seed=3), 30)
    assert not plain.to_bytes()[FLAGS] & 4
    for game in (played(domino.Game(domino.Rules.muggins(max_rounds=3), seed=3)),
                 played(dice.Game(dice.Rules.farkle(max_rounds=3, max_rolls=2), seed=3)),
                 played(dice.Game(dice.Rules.farkle(max_rolls=2), seed=3), 20)):
        data = game.to_bytes()
        assert data[FLAGS] & 4
        again = type(game).from_bytes(data)
        assert again == game and again.rules == game.rules
        assert type(game).from_bytes(game.to_bytes(key=bytes(32)), key=bytes(32)) == game
        # the flag without a limit is not this game's one save
        at = 15 + (17 if isinstance(game, domino.Game) else 12)
        zeroed = bytearray(data)
        zeroed[at:at + 2] = b"\0\0"
        with pytest.raises(CorruptStateError):
            type(game).from_bytes(resealed(zeroed))
        # nor are limits without the flag
        unflagged = bytearray(data)
        unflagged[FLAGS] &= ~4
        with pytest.raises(CorruptStateError):
            type(game).from_bytes(resealed(unflagged))
    # a line game's second limit byte is 0
    second = bytearray(played(domino.Game(domino.Rules.muggins(max_rounds=3), seed=3), 5)
                       .to_bytes())
    second[15 + 17 + 1] = 1
    with pytest.raises(CorruptStateError):
        domino.Game.from_bytes(resealed(second))


# ---- max_length ----------------------------------------------------------------------


def test_which_presets_are_bounded() -> None:
    assert domino.Game(domino.Rules.muggins(), seed=1).max_length is None
    assert domino.Game(domino.Rules.dominican(mode="two"), seed=1).max_length is None
    assert dice.Game(dice.Rules.farkle(), seed=1).max_length is None
    assert dice.Game(dice.Rules.farkle(max_rounds=5), seed=1).max_length is None
    assert dice.Game(dice.Rules.farkle(max_rolls=5), seed=1).max_length is None
    assert caminos.Game(caminos.Rules.base(), seed=1).max_length is None
    # a target every round scores towards bounds the rounds
    assert domino.Rules.capicua().max_rounds_bound == 4 * 19 + 1
    assert domino.Rules.capicua(pairs=True).max_rounds_bound == 2 * 19 + 1
    assert domino.Rules.dominican().max_rounds_bound == 2 * 199 + 1
    assert domino.Rules.dominican(mode="three").max_rounds_bound == 3 * 199 + 1
    assert domino.Rules.dominican(max_rounds=20).max_rounds_bound == 20
    assert domino.Game(domino.Rules.capicua(), seed=1).max_length == 77 * 4 * 25
    assert dice.Game(dice.Rules.farkle(max_rounds=5, max_rolls=3), players=4,
                     seed=1).max_length == 5 * 4 * 2 * 3
    assert caminos.Game(caminos.Rules.no_renewal(), seed=1).max_length == 3 * 105
    assert caminos.Game(caminos.Rules.two_paths(players=2), seed=1).max_length == \
        3 * (12 + 2 * (12 + 2 * 14) + 2)


def _bounded_setups() -> list[tuple[str, Any]]:
    """A game maker for every preset, with the limits it needs to be bounded."""
    setups: list[tuple[str, Any]] = []
    rules: Any
    for players in (2, 3, 4):
        rules = domino.Rules.muggins(players=players, max_rounds=3, target=10000)
        setups.append((f"muggins {players}", lambda s, r=rules: domino.Game(r, seed=s)))
    for players, pairs in ((2, False), (3, False), (4, False), (4, True)):
        rules = domino.Rules.capicua(players=players, pairs=pairs, max_rounds=3, target=1000)
        setups.append((f"capicua {players} {pairs}", lambda s, r=rules: domino.Game(r, seed=s)))
    for mode in domino.MODES:
        rules = domino.Rules.dominican(mode=mode, max_rounds=3, target=10000)
        setups.append((f"dominican {mode}", lambda s, r=rules: domino.Game(r, seed=s)))
    for make in (dice.Rules.dice_of_doom, dice.Rules.farkle):
        for players in (1, 2, 4):
            rules = make(max_rounds=3, max_rolls=4, target=dice.MAX_TARGET)
            setups.append((f"{rules.scoring} {players}",
                           lambda s, r=rules, p=players: dice.Game(r, players=p, seed=s)))
    for variant in ("no_renewal", "two_paths"):
        for players in (2, 3, 4):
            rules = caminos.Rules(variant=variant, players=players, rounds=2)
            setups.append((f"{variant} {players}", lambda s, r=rules: caminos.Game(r, seed=s)))
    return setups


@pytest.mark.parametrize("name,make", _bounded_setups(), ids=[n for n, _ in _bounded_setups()])
def test_the_bound_holds_and_is_not_loose(name: str, make: Any) -> None:
    longest = 0
    bound = make(0).max_length
    assert bound is not None
    for seed in range(60):
        game = make(seed)
        rng = random.Random(seed)
        while not game.is_over:
            assert len(game.history) < bound, name
            game.play(rng.choice(game.legal_moves()))
        assert game.max_length == bound
        longest = max(longest, len(game.history))
    assert bound <= 10 * longest, (name, bound, longest)


def test_the_players_finish_limited_games() -> None:
    # the players read limited rules from their views (the searches sample
    # worlds of the same rules); the game ends at the limit
    for name in ("muggins", "capicua", "dominican"):
        rules = registry.preset(name).rules(max_rounds=2, target=10000)
        for player in (domino.players.GreedyPlayer(), domino.players.SearchPlayer(samples=4)):
            game = domino.Game(rules, seed=3)
            while not game.is_over:
                game.play(player.choose(game.view(mover(game))))
            assert game.round == 2 and game.events[-1].reason == "max_rounds"
            assert len(game.history) <= (game.max_length or 0)
    limited = dice.Rules.dice_of_doom(max_rounds=5, max_rolls=3)
    for chooser in (dice.ThresholdPlayer(), dice.OptimalPlayer(), dice.RandomPlayer(1)):
        rolled = dice.Game(limited, players=3, seed=2)
        while not rolled.is_over:
            rolled.play(chooser.choose(rolled.view(mover(rolled))))
        assert len(rolled.history) <= (rolled.max_length or 0)
    sampled = played(domino.Game(domino.Rules.muggins(max_rounds=3), seed=5), 10)
    assert sampled.view(1).sample_game(7).rules.max_rounds == 3

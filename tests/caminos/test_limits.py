"""Caminos' house limits: ``max_rounds`` and ``max_round_moves`` (docs/ai.md,
"Game length"; docs/rules.md, section 2): the options, a round and a game
ended at the limits on hand-made deals, saves, and ``max_length``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pintas import caminos, registry
from pintas.errors import CorruptStateError, RulesError, RulesTypeError
from tests.caminos.support import dealt
from tests.support import played, resealed

FLAGS = 6  # the byte of a save's flags; bit 2: the rules set a limit
LIMITS_AT = 15 + 6  # a Caminos save's limit bytes: after the header and six rule bytes

PATHS = "6|6 5|5 4|4 3|3 2|2"
HANDS = ["6|5 6|4 6|3 6|2 6|1 6|0", "1|1 1|0 0|0 2|1 3|1 4|1"]


def _to_play(game: caminos.Game) -> caminos.Game:
    """``game`` after its reveal, each seat showing its first legal choice."""
    while game.phase == "reveal":
        game.play(game.legal_moves()[0])
    return game


# ---- the options ----------------------------------------------------------------------


@pytest.mark.parametrize("make", [caminos.Rules.base, caminos.Rules.no_renewal,
                                  caminos.Rules.two_paths])
def test_no_preset_sets_a_limit(make: Any) -> None:
    rules = make()
    assert rules.max_rounds is None and rules.max_round_moves is None
    assert "max_rounds" not in rules.to_dict() and "max_round_moves" not in rules.to_dict()
    assert str(rules) == f"{rules.name} (3 players)"
    assert rules._saved_fields()[6:] == (0, 0)


@pytest.mark.parametrize("name", ["max_rounds", "max_round_moves"])
@pytest.mark.parametrize("value,error", [(0, RulesError), (256, RulesError), (-1, RulesError),
                                         (True, RulesTypeError), (2.0, RulesTypeError),
                                         ("3", RulesTypeError)])
def test_a_limit_is_none_or_1_to_255(name: str, value: object, error: type[Exception]) -> None:
    options: dict[str, Any] = {name: value}
    with pytest.raises(error, match=f"{name} must be None .*got {value!r}"):
        caminos.Rules.base(**options)
    with pytest.raises(error, match=f"{name} must be None .*got {value!r}"):
        caminos.Rules.two_paths().replace(**options)
    assert getattr(caminos.Rules.base(**{name: 255}), name) == 255
    assert getattr(caminos.Rules.base(**{name: 1}).replace(**{name: None}), name) is None


def test_the_limits_in_presets_plain_data_and_text() -> None:
    for preset in ("caminos", "caminos_no_renewal", "caminos_two_paths"):
        rules = registry.preset(preset).rules(max_rounds=2, max_round_moves=80)
        assert (rules.max_rounds, rules.max_round_moves) == (2, 80)
        assert caminos.Rules.from_dict(rules.to_dict()) == rules
        assert "at most 2 rounds" in str(rules) and "at most 80 moves" in str(rules)
        assert rules._saved_fields()[6:] == (2, 80)


# ---- the limits in play ---------------------------------------------------------------


def test_max_round_moves_ends_the_round_as_a_block_and_max_rounds_the_game() -> None:
    rules = caminos.Rules.base(players=2, rounds=2, max_rounds=1, max_round_moves=3)
    game = _to_play(dealt(rules, PATHS, HANDS))
    reveals = len(game.history)
    game.play(game.legal_moves()[0])
    game.play(game.legal_moves()[0])
    assert game.phase == "play" and not game.is_over
    # mid-round: the count of the round's moves survives a save
    again = caminos.Game.from_bytes(game.to_bytes())
    assert again == game and again.rules == rules
    hands_before = [len(game.hand(seat)) for seat in range(2)]
    events = game.play(game.legal_moves()[0])
    kinds = [e.kind for e in events]
    assert "round_end" in kinds and kinds[-1] == "game_end"
    end = events[kinds.index("round_end")]
    assert end.reason == "blocked" and end.count == 1
    assert events[-1].reason == "max_rounds"
    assert game.is_over and game.round == 1 and len(game.history) == reveals + 3
    # -1 a tile left, as a blocked round scores
    left = [len(game.hand(seat)) for seat in range(2)]
    assert list(game.scores) == [-n for n in left]
    assert sum(hands_before) - sum(left) <= 1  # the third move placed at most one tile
    assert game.winners == tuple(s for s in range(2) if game.scores[s] == max(game.scores))
    data = game.to_bytes()
    assert data[FLAGS] & 4 and tuple(data[LIMITS_AT:LIMITS_AT + 2]) == (1, 3)
    assert caminos.Game.from_bytes(data) == game


def test_without_the_limits_the_same_moves_go_on() -> None:
    game = _to_play(dealt(caminos.Rules.base(players=2, rounds=2), PATHS, HANDS))
    for _ in range(3):
        game.play(game.legal_moves()[0])
    assert game.phase == "play" and game.round == 1


def test_max_rounds_not_before_rounds_changes_nothing() -> None:
    rules = caminos.Rules.no_renewal(players=2, rounds=1, max_rounds=4)
    game = played(caminos.Game(rules, seed=3))
    assert game.events[-1].kind == "game_end" and game.events[-1].reason is None
    assert rules.game_rounds == 1


# ---- saves -----------------------------------------------------------------------------


def test_a_save_without_limits_is_as_before_and_one_with_them_flags_them() -> None:
    plain = played(caminos.Game(caminos.Rules.base(), seed=3), 30)
    assert not plain.to_bytes()[FLAGS] & 4
    for rules in (caminos.Rules.base(max_round_moves=40), caminos.Rules.two_paths(max_rounds=2),
                  caminos.Rules.no_renewal(players=4, max_rounds=1, max_round_moves=9)):
        game = played(caminos.Game(rules, seed=3), 50)
        data = game.to_bytes()
        assert data[FLAGS] & 4
        assert tuple(data[LIMITS_AT:LIMITS_AT + 2]) == (rules.max_rounds or 0,
                                                        rules.max_round_moves or 0)
        again = caminos.Game.from_bytes(data)
        assert again == game and again.rules == rules
        zeroed = bytearray(data)
        zeroed[LIMITS_AT:LIMITS_AT + 2] = b"\0\0"
        with pytest.raises(CorruptStateError):
            caminos.Game.from_bytes(resealed(zeroed))
        unflagged = bytearray(data)
        unflagged[FLAGS] &= ~4
        with pytest.raises(CorruptStateError):
            caminos.Game.from_bytes(resealed(unflagged))


# ---- max_length ------------------------------------------------------------------------


def test_every_preset_is_bounded_with_the_round_cap() -> None:
    assert caminos.Game(caminos.Rules.base(), seed=1).max_length is None
    assert caminos.Game(caminos.Rules.base(max_rounds=2), seed=1).max_length is None
    for make in (caminos.Rules.base, caminos.Rules.no_renewal, caminos.Rules.two_paths):
        for players in (2, 3, 4):
            rules = make(players=players, max_round_moves=50)
            reveal = players * rules.hand_size
            assert rules.round_moves is not None and rules.round_moves <= reveal + 50
            assert caminos.Game(rules, seed=1).max_length == 3 * rules.round_moves
    assert caminos.Rules.base(max_round_moves=200).round_moves == 18 + 200
    assert caminos.Game(caminos.Rules.base(max_rounds=2, max_round_moves=200),
                        seed=1).max_length == 2 * 218
    # a cap above what a round can take anyway changes no bound
    assert caminos.Rules.no_renewal(max_round_moves=255).round_moves == \
        caminos.Rules.no_renewal().round_moves


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_bound_holds_in_the_base_game(players: int) -> None:
    rules = caminos.Rules.base(players=players, max_rounds=2, max_round_moves=60)
    bound = caminos.Game(rules, seed=0).max_length
    assert bound is not None
    for seed in range(30):
        game = caminos.Game(rules, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            assert len(game.history) < bound
            game.play(rng.choice(game.legal_moves()))
        assert game.round <= 2

"""dice.Rules: presets, options, validation; and the module's doctests."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from pintas import dice
from pintas.errors import RulesError


def test_dice_of_doom_preset() -> None:
    r = dice.Rules.dice_of_doom()
    assert r == dice.Rules()
    assert (r.scoring, r.target, r.doom, r.doom_loses, r.hot_dice, r.combine_kept,
            r.final_round) == ("dice_of_doom", 100_000, True, "turn", "must", True, False)
    assert r.unit == 100
    values = r.combinations()
    assert values["single 1"] == 1000 and values["single 5"] == 500
    assert values["3 x 4"] == values["6 x 4"] == 400
    assert values["straight 1-6"] == values["three pairs"] == values["two triplets"] == 1000
    assert str(r) == "Dice of Doom to 100000"


def test_farkle_preset() -> None:
    r = dice.Rules.farkle()
    assert (r.scoring, r.target, r.doom, r.hot_dice, r.combine_kept, r.final_round) == (
        "farkle", 10_000, False, "may", False, False)
    assert r.unit == 50
    values = r.combinations()
    assert values == {"single 1": 100, "single 5": 50, "3 x 1": 1000, "6 x 1": 2000,
                      **{f"3 x {f}": 100 * f for f in range(2, 7)},
                      **{f"6 x {f}": 200 * f for f in range(2, 7)}}
    assert str(r.replace(final_round=True)) == "Farkle to 10000 (final_round=True)"


def test_every_option_is_a_keyword() -> None:
    r = dice.Rules.dice_of_doom(target=5000, doom_loses="score", hot_dice="may",
                                combine_kept=False, final_round=True)
    assert r.replace(target=100_000, doom_loses="turn", hot_dice="must", combine_kept=True,
                     final_round=False) == dice.Rules.dice_of_doom()
    assert dice.Rules.farkle(doom=True, doom_loses="score").doom_loses == "score"


@pytest.mark.parametrize("change, match", [
    ({"target": 0}, "target .* got 0"),
    ({"target": 10_000_001}, "got 10000001"),
    ({"target": 5000.0}, "got 5000.0"),
    ({"target": True}, "got True"),
    ({"doom_loses": "everything"}, "'everything'"),
    ({"hot_dice": 1}, "got 1"),
    ({"combine_kept": 1}, "combine_kept must be True or False: got 1"),
    ({"final_round": "yes"}, "got 'yes'"),
    ({"doom": None}, "got None"),
    ({"scoring": "yahtzee"}, "'yahtzee'"),
    ({"doom": False, "doom_loses": "score"}, "needs doom=True"),
    ({"players": 3}, "no such rules setting: players"),
])
def test_bad_settings_are_rejected_with_the_value_quoted(change: dict[str, Any],
                                                          match: str) -> None:
    with pytest.raises(RulesError, match=match):
        dice.Rules.dice_of_doom().replace(**change)


def test_presets_reject_unknown_options_and_the_scoring() -> None:
    with pytest.raises(RulesError, match="bust"):
        dice.Rules.farkle(bust=True)
    with pytest.raises(RulesError, match="scoring"):
        dice.Rules.dice_of_doom(scoring="farkle")


def test_rules_are_frozen_hashable_values() -> None:
    r = dice.Rules.farkle()
    with pytest.raises(AttributeError):
        r.target = 5  # type: ignore[misc]
    assert {r, dice.Rules.farkle()} == {r}
    assert pickle.loads(pickle.dumps(r)) == r
    assert dice.Rules._from_fields(r._fields()) == r
    with pytest.raises(RulesError):
        dice.Rules._from_fields((9, 100, 0, 0, 0, 0, 0))


def test_rules_change_the_tables() -> None:
    assert dice.score([1]) == 1000
    assert dice.score([1], dice.Rules.farkle()) == 100
    assert dice.score([1], dice.Rules.farkle(target=500)) == 100

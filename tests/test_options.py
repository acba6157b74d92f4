"""A rules option a preset does not take is refused naming what the preset does
take, and nothing else, with the closest name suggested (a typo is the usual
cause); ``replace``, the registry's presets, choices and names do the same."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry
from pintas.errors import CorruptStateError, RulesError

PRESETS = registry.presets()


def _rules_class(preset: registry.Preset) -> Any:
    return preset.family.rules_type


def _takes(preset: registry.Preset) -> tuple[str, ...]:
    """What the preset's own method says it takes."""
    takes: tuple[str, ...] = _rules_class(preset).PRESET_OPTIONS[preset.name]
    return takes


def _listed(message: str, preset: registry.Preset) -> list[str]:
    """The options a refusal lists as the ones the preset takes."""
    found = re.search(rf"{preset.name} takes (.*)$", message)
    assert found, message
    return found.group(1).split(", ")


def _typo(name: str) -> str:
    return name[:2] + name[3:]


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_the_registry_and_the_rules_agree_on_what_each_preset_takes(
        preset: registry.Preset) -> None:
    assert set(_takes(preset)) == set(preset.options)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_an_unknown_option_lists_only_what_the_preset_takes(preset: registry.Preset) -> None:
    with pytest.raises(RulesError, match="not an option of") as caught:
        preset.make(spiner=1)
    assert _listed(str(caught.value), preset) == list(_takes(preset))
    assert "did you mean" not in str(caught.value)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_a_misspelt_option_gets_the_closest_name(preset: registry.Preset) -> None:
    for option in _takes(preset):
        with pytest.raises(RulesError, match=f"{_typo(option)} \\(did you mean '{option}'\\?\\)"):
            preset.make(**{_typo(option): 1})


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_every_setting_a_preset_does_not_take_is_refused_with_its_reason(
        preset: registry.Preset) -> None:
    settings = {f.name for f in dataclasses.fields(_rules_class(preset))}
    for setting in sorted(settings - set(_takes(preset)) - {"capicua_doubles"}):
        with pytest.raises(RulesError, match=f"not an option of {preset.name}: {setting} \\(") \
                as caught:
            preset.make(**{setting: getattr(preset.rules(), setting)})
        assert _listed(str(caught.value), preset) == list(_takes(preset))


def test_the_message_a_new_user_met() -> None:
    with pytest.raises(RulesError) as caught:
        domino.Rules.muggins(spiner=1)
    message = str(caught.value)
    assert message == ("not an option of muggins: spiner; muggins takes players, target, "
                       "redeal_doubles, block_scoring, max_rounds")
    with pytest.raises(RulesError, match=r"tranque \(an option of dominican only\)"):
        domino.Rules.muggins(tranque="lowest")
    with pytest.raises(RulesError, match=r"pairs \(muggins is played by individuals\)"):
        domino.Rules.muggins(pairs=False)
    with pytest.raises(RulesError, match=r"players \(set by mode"):
        domino.Rules.dominican(players=4)
    with pytest.raises(RulesError, match=r"variant \(set by the preset\)"):
        caminos.Rules.base(variant="two_paths")
    with pytest.raises(RulesError, match="taget \\(did you mean 'target'\\?\\); farkle takes"):
        dice.Rules.farkle(taget=500)


def test_the_capicua_option_is_taken_by_either_name() -> None:
    assert domino.Rules.capicua(capicua=False) == domino.Rules.capicua(capicua_doubles=False)
    with pytest.raises(RulesError, match="did you mean 'capicua'"):
        domino.Rules.capicua(capicau=False)


@pytest.mark.parametrize("preset", PRESETS, ids=lambda p: p.name)
def test_replace_suggests_and_lists_the_settings_of_the_rules_game(
        preset: registry.Preset) -> None:
    rules = preset.rules()
    with pytest.raises(RulesError, match="no such rules setting: spiner; ") as caught:
        rules.replace(spiner=1)
    listed = str(caught.value).split(": ")[-1].split(", ")
    assert set(listed) <= {f.name for f in dataclasses.fields(rules)}
    for field in listed:
        with pytest.raises(RulesError, match=f"did you mean '{field}'"):
            rules.replace(**{_typo(field): 1})


def test_replace_lists_no_setting_of_another_game() -> None:
    with pytest.raises(RulesError) as caught:
        domino.Rules.muggins().replace(spiner=1)
    assert str(caught.value) == ("no such rules setting: spiner; the settings of muggins rules: "
                                 "game, players, target, redeal_doubles, block_scoring, "
                                 "max_rounds")


def test_the_registry_suggests_names() -> None:
    with pytest.raises(RulesError, match="did you mean 'dominican'"):
        registry.preset("domincan")
    with pytest.raises(RulesError, match="did you mean 'target'"):
        registry.preset("muggins").rules(taget=100)
    with pytest.raises(RulesError, match="did you mean 'search'"):
        registry.parse_player("serch")


def test_choices_and_fields_suggest_names() -> None:
    with pytest.raises(RulesError, match="did you mean 'blocker'"):
        domino.Rules.dominican(tranque="blokcer")
    with pytest.raises(RulesError, match="did you mean 'must'"):
        dice.Rules.dice_of_doom(hot_dice="mst")
    with pytest.raises(CorruptStateError, match="did you mean 'target'"):
        dice.Rules.from_dict({"taget": 100})

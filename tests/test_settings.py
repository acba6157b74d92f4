"""The rules settings table of the C core (pintas/settings.h), as every
family's Rules checks by it: one entry a setting, in the dataclass's order,
each refusal the core's message, the type checked here."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from pintas import _settings, caminos, dice, domino
from pintas.errors import RulesError, RulesTypeError

FAMILIES = [domino.Rules, caminos.Rules, dice.Rules]


@pytest.mark.parametrize("rules", FAMILIES)
def test_the_table_names_every_setting_in_order(rules: Any) -> None:
    table = _settings.settings(rules._FAMILY)
    assert [s[0] for s in table] == [f.name for f in dataclasses.fields(rules)]


# The keyword constructors' defaults, as they were typed in each dataclass
# before the core's table held them (the C test pins the core's numbers).
DEFAULTS: dict[Any, dict[str, object]] = {
    domino.Rules: dict(pairs=False, target=200, redeal_doubles=0, block_scoring="cascade",
                       tranque="lowest", capicua_doubles=False, pass_points=0, capicua_bonus=0,
                       pase_corrido_bonus=0, pase_de_salida_bonus=0, max_rounds=None),
    caminos.Rules: dict(players=3, rounds=3, max_rounds=None, max_round_moves=None),
    dice.Rules: dict(scoring="dice_of_doom", target=100_000, doom=True, doom_loses="turn",
                     hot_dice="must", combine_kept=True, final_round=False, max_rounds=None,
                     max_rolls=None),
}


@pytest.mark.parametrize("rules", FAMILIES)
def test_every_dataclass_default_is_the_cores(rules: Any) -> None:
    core = _settings.defaults(rules._FAMILY)
    fields = {f.name: f.default for f in dataclasses.fields(rules)}
    assert core == DEFAULTS[rules]
    # every field has the core's default; those it has none for are required
    assert fields == {name: core.get(name, dataclasses.MISSING) for name in fields}
    for name, value in core.items():
        assert type(value) is type(DEFAULTS[rules][name])
        assert _settings.default_of(rules._FAMILY, name, type(value)) == value
    with pytest.raises(KeyError):
        _settings.default_of(rules._FAMILY, "nothing", int)


def test_a_default_of_another_type_than_its_fields_is_refused() -> None:
    with pytest.raises(TypeError, match="the C core's default of pairs is False, not a int"):
        _settings.default_of(0, "pairs", int)


def test_what_the_rules_derive_comes_from_the_core() -> None:
    assert caminos.FULL_PATH == ("renew", "stay", "discard")
    shapes = {(v, p): (r.paths, r.hand_size, r.side_tiles, r.path_size, r.full_path)
              for v in caminos.VARIANTS for p in (2, 3, 4)
              for r in [caminos.Rules(variant=v, players=p)]}
    assert shapes[("base", 3)] == (5, 6, 1, 3, "renew")
    assert shapes[("base", 4)] == (5, 5, 1, 3, "renew")
    assert shapes[("no_renewal", 4)] == (5, 5, 2, 5, "stay")
    assert shapes[("two_paths", 4)] == (2, 6, 2, 5, "discard")
    for game in domino.GAMES:
        for players in (2, 3, 4):
            r = domino.Rules(game=game, players=players)
            assert r.draws is (game != "dominican" and players < 4)
            assert r.sides == players
            assert r.mode == ({2: "two", 3: "three", 4: "four"}[players]
                              if game == "dominican" else None)
    assert domino.Rules.dominican().mode == "pairs" and domino.Rules.dominican().sides == 2


def test_the_tables_ranges_are_the_packages_constants() -> None:
    assert domino.GAMES == ("muggins", "capicua", "dominican")
    assert domino.TRANQUE == ("lowest", "blocker")
    assert caminos.VARIANTS == ("base", "no_renewal", "two_paths")
    assert dice.MAX_TARGET == 10_000_000 and dice.HOT_DICE == ("must", "may")


@pytest.mark.parametrize(("make", "error", "message"), [
    # a whole number out of any C int: shown as given
    (lambda: domino.Rules.muggins(target=10**30), RulesError,
     f"target must be a whole number 1..10000: got {10**30}"),
    (lambda: domino.Rules.muggins(target=-(10**30)), RulesError,
     f"target must be a whole number 1..10000: got {-(10**30)}"),
    # a limit of 0 is refused (None is no limit)
    (lambda: caminos.Rules.base(max_rounds=0), RulesError,
     "max_rounds must be None (no limit) or a whole number 1..255: got 0"),
    (lambda: dice.Rules.farkle(max_rolls=2.0), RulesTypeError,
     "max_rolls must be None (no limit) or a whole number 1..255: got 2.0"),
    # the wrong type for a flag, a choice, a whole number
    (lambda: dice.Rules.farkle(doom=1), RulesTypeError, "doom must be True or False: got 1"),
    (lambda: dice.Rules.farkle(hot_dice=0), RulesTypeError,
     "hot_dice must be one of 'must', 'may': got 0"),
    (lambda: caminos.Rules.base(rounds=True), RulesTypeError,
     "rounds must be a whole number 1..99: got True"),
    # the first refusal in the table's order, whatever its kind
    (lambda: domino.Rules(game="capicua", players=9, pairs="no"),  # type: ignore[arg-type]
     RulesError,
     "players must be a whole number 2..4: got 9"),
    (lambda: domino.Rules(game="capicua", players=4, pairs="no", target=0),  # type: ignore[arg-type]
     RulesTypeError,
     "pairs must be True or False: got 'no'"),
    # the ties between settings, after every range
    (lambda: domino.Rules(game="capicua", players=3, pairs=True), RulesError,
     "pairs needs 4 players: got players=3"),
    (lambda: domino.Rules(game="muggins", players=4, pairs=True), RulesError,
     "muggins is played by individuals: pairs=True is not allowed"),
    (lambda: domino.Rules(game="muggins", players=4, tranque="blocker"), RulesError,
     "tranque is an option of dominican only: got tranque='blocker' for muggins"),
    (lambda: dice.Rules.farkle(doom_loses="score"), RulesError,
     "doom_loses='score' needs doom=True (without doom nothing is lost to it)"),
    # a name close to a choice's is suggested; a long one shown whole
    (lambda: caminos.Rules(variant="two_path"), RulesError,
     "variant must be one of 'base', 'no_renewal', 'two_paths': got 'two_path' "
     "(did you mean 'two_paths'?)"),
    (lambda: caminos.Rules(variant="x" * 600), RulesError,
     f"variant must be one of 'base', 'no_renewal', 'two_paths': got {'x' * 600!r}"),
])
def test_each_refusal_is_the_cores_message(make: object, error: type, message: str) -> None:
    with pytest.raises(error) as raised:
        make()  # type: ignore[operator]
    assert str(raised.value) == message


def test_refusal_refuses_what_is_not_a_familys_settings() -> None:
    with pytest.raises(ValueError, match="not the settings of rules family 0"):
        _settings.refusal(0, ["dominican"])
    with pytest.raises(ValueError, match="not the settings of rules family 7"):
        _settings.refusal(7, [])
    with pytest.raises(ValueError, match="no rules family 3"):
        _settings.settings(3)


def test_any_number_of_refused_names_is_refused_by_name() -> None:
    many = {f"o{i}": i for i in range(100)}
    with pytest.raises(RulesError, match=r"^not an option of muggins: o0, o1, .*, o99; muggins "
                                          r"takes players, target"):
        domino.Rules.muggins(**many)
    with pytest.raises(RulesError, match=r"^no such rules setting: o0, .*, o99; the settings of "
                                          r"muggins rules: game, players"):
        domino.Rules.muggins().replace(**many)

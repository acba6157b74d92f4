"""The rules settings through the installed C library: for every configuration
the package's tests play, the values ``Rules._fields()`` gives (the settings in
the C table's order) make, through ``pintas_settings_rules``, the same struct
the cffi games build field by field from the Python rules, and
``pintas_settings_values`` reads that struct back as the same values.

Skipped unless PINTAS_LIB names the installed library (see tests/cffi/support.py).
"""

from __future__ import annotations

from typing import Any

import pytest

from pintas import caminos, dice, domino
from tests.caminos.support import CONFIGS as CAMINOS_CONFIGS
from tests.cffi.games import CCaminos, CDice, CLine
from tests.cffi.support import CLibrary
from tests.dice.support import CONFIGS as DICE_CONFIGS
from tests.domino.support import CONFIGS as LINE_CONFIGS

FAMILY_TYPES = {0: "pintas_line_rules", 1: "pintas_caminos_rules", 2: "pintas_dice_rules"}


def plain(c: CLibrary, value: Any) -> object:
    """A C value as Python data (a struct's fields by name, an array as a list)."""
    if not isinstance(value, c.ffi.CData):
        return value
    kind = c.ffi.typeof(value)
    if kind.kind == "array":
        return [plain(c, item) for item in value]
    if kind.kind == "struct":
        return {name: plain(c, getattr(value, name)) for name, _ in kind.fields}
    return value


def made_from_settings(c: CLibrary, family: int, fields: tuple[int, ...]) -> Any:
    """The struct pintas_settings_rules makes of ``fields``, which read back the same."""
    ctype = FAMILY_TYPES[family]
    rules = c.new(f"{ctype} *")
    values = c.new("int32_t[]", list(fields))
    c.check(c.lib.pintas_settings_rules(family, values, len(fields), rules,
                                        c.ffi.sizeof(ctype)), "settings_rules")
    back = c.new("int32_t[]", len(fields))
    c.check(c.lib.pintas_settings_values(family, rules, c.ffi.sizeof(ctype), back, len(fields)),
            "settings_values")
    assert tuple(back) == fields
    return rules


CASES = ([(f"line-{n}", r, lambda c, r: CLine(c, r, 1)) for n, r in LINE_CONFIGS.items()]
         + [(f"caminos-{n}", r, lambda c, r: CCaminos(c, r, 1))
            for n, r in CAMINOS_CONFIGS.items()]
         + [(f"dice-{n}", r, lambda c, r: CDice(c, r, 2, 0, 1)) for n, r in DICE_CONFIGS.items()])


@pytest.mark.parametrize(("rules", "game"), [(r, g) for _, r, g in CASES],
                         ids=[name for name, _, _ in CASES])
def test_settings_make_the_struct_the_fields_make(c: CLibrary, rules: Any, game: Any) -> None:
    assert isinstance(rules, (domino.Rules, caminos.Rules, dice.Rules))
    made = made_from_settings(c, rules._FAMILY, rules._fields())
    by_fields = game(c, rules).rules
    assert plain(c, made[0]) == plain(c, by_fields[0])


def test_a_value_out_of_range_is_refused_and_the_struct_kept(c: CLibrary) -> None:
    fields = list(domino.Rules.dominican()._fields())
    fields[3] = 0  # target 0: below its range
    rules = c.new("pintas_line_rules *", {"target": 77})
    values = c.new("int32_t[]", fields)
    status = c.lib.pintas_settings_rules(0, values, len(fields), rules,
                                         c.ffi.sizeof("pintas_line_rules"))
    assert status == c.lib.PINTAS_E_ARG
    assert rules.target == 77

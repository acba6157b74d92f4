# Every rules refusal is the C core's message (pintas/settings.h), word for
# word as CPython's: the first setting refused, only the value's type judged
# by the layer.

from pintas import errors


def test_rules_refusals_are_the_cores():
    for error, call, kwargs, message in (
            (errors.RulesTypeError, domino.Rules.capicua, {"capicua": "yes"},
             "capicua must be True or False: got 'yes'"),
            (errors.RulesError, domino.Rules, {"game": "muggins", "players": 3, "pairs": True},
             "pairs needs 4 players: got players=3"),
            (errors.RulesError, domino.Rules, {"game": "muggins", "players": 4, "pairs": True},
             "muggins is played by individuals: pairs=True is not allowed"),
            (errors.RulesError, domino.Rules.muggins, {"redeal_doubles": 2},
             "redeal_doubles must be 0 (off) or 3..7: got 2 (nearly every deal would be void)"),
            (errors.RulesError, domino.Rules.muggins, {"target": 10 ** 30},
             "target must be a whole number 1..10000: got " + str(10 ** 30)),
            (errors.RulesError, dice.Rules.farkle, {"doom_loses": "score"},
             "doom_loses='score' needs doom=True (without doom nothing is lost to it)"),
            (errors.RulesTypeError, caminos.Rules.base, {"rounds": True},
             "rounds must be a whole number 1..99: got True"),
            (errors.RulesError, caminos.Rules, {"variant": "x" * 300},
             "variant must be one of 'base', 'no_renewal', 'two_paths': got '" + "x" * 300 + "'"),
    ):
        assert raises(error, call, **kwargs) == message
    assert raises(errors.RulesError, domino.Rules.dominican().replace, pass_points=2) == (
        "pass_points is an option of capicua only: got pass_points=2 for dominican")


def test_rules_give_their_settings_in_the_cores_order():
    # a Rules' fields are its _NAMES in order, the core's settings table's
    # (pintas/settings.h) less the limits at its end, which pintas for
    # MicroPython does not offer and the binding reads as no limit
    import pintas
    from pintas import domino, caminos, dice
    for g, rules in ((0, domino.Rules.dominican()), (1, caminos.Rules.base()),
                     (2, dice.Rules.farkle())):
        names = [name for name, _ in pintas._c.setting_names(g)]
        n = len(rules._NAMES)
        assert names[:n] == list(rules._NAMES), (names, rules._NAMES)
        assert all(name.startswith("max_") for name in names[n:]), names[n:]
        assert pintas._c.check_rules(g, rules._fields())[0] == 0
        assert pintas._c.check_rules(g, rules._fields() + (None,) * (len(names) - n))[0] == 0

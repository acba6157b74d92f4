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


def test_presets_are_the_cores():
    # a preset starts from the core's settings (pintas_preset_values), takes
    # the options the core lists for it, less the limits pintas for
    # MicroPython does not offer, and refuses the others in the core's words
    assert domino.Rules.capicua() == domino.Rules("capicua", 4, target=20, redeal_doubles=5,
                                                  capicua_doubles=True, pass_points=2)
    assert domino.Rules.dominican(mode="three") == domino.Rules("dominican", 3, capicua_bonus=25)
    assert domino.Rules.dominican(mode="three").mode == "three"
    assert dice.Rules.farkle() == dice.Rules("farkle", 10000, doom=False, hot_dice="may",
                                             combine_kept=False)
    assert caminos.Rules.two_paths(players=4) == caminos.Rules("two_paths", 4)
    for call, kwargs, message in (
            (domino.Rules.muggins, {"pairs": True},
             "not an option of muggins: pairs (muggins is played by individuals); muggins "
             "takes players, target, redeal_doubles, block_scoring"),
            (domino.Rules.dominican, {"players": 3},
             "not an option of dominican: players (set by mode: 'pairs', 'four', 'three', "
             "'two'); dominican takes mode, target, redeal_doubles, tranque, capicua_bonus, "
             "pase_corrido_bonus, pase_de_salida_bonus"),
            (domino.Rules.capicua, {"tranque": "blocker"},
             "not an option of capicua: tranque (an option of dominican only); capicua takes "
             "players, pairs, target, redeal_doubles, capicua, pass_points"),
            (caminos.Rules.no_renewal, {"variant": "base"},
             "not an option of caminos_no_renewal: variant (set by the preset); "
             "caminos_no_renewal takes players, rounds"),
            (dice.Rules.farkle, {"max_rolls": 3},
             "not an option of farkle: max_rolls; farkle takes target, doom, doom_loses, "
             "hot_dice, combine_kept, final_round"),
    ):
        assert raises(errors.RulesError, call, **kwargs) == message
    # many names, and long ones: the whole message
    many = {"option{}".format(i): i for i in range(40)}
    many["x" * 250] = 1  # (a keyword of MicroPython is at most 255 bytes)
    message = raises(errors.RulesError, dice.Rules.dice_of_doom, **many)
    assert message.startswith("not an option of dice_of_doom: ")
    assert "x" * 250 in message and "option39" in message
    assert message.endswith("; dice_of_doom takes target, doom, doom_loses, hot_dice, "
                            "combine_kept, final_round")


def test_rules_print_the_cores_description():
    # str(rules) is pintas_settings_text's, CPython's words
    for rules, text in (
            (domino.Rules.capicua(pairs=True), "capicua (4 players in pairs) to 20"),
            (domino.Rules.dominican(mode="two", target=100), "dominican (two) to 100"),
            (domino.Rules.muggins(players=2), "muggins (2 players) to 200"),
            (caminos.Rules.two_paths(rounds=1), "caminos_two_paths (3 players, 1 rounds)"),
            (caminos.Rules.base(players=4), "caminos (4 players)"),
            (dice.Rules.farkle(doom=True, hot_dice="must"),
             "Farkle to 10000 (doom=True, hot_dice='must')"),
            (dice.Rules(), "Dice of Doom to 100000"),
    ):
        assert str(rules) == text, (str(rules), text)


def test_replace_refuses_names_in_the_cores_words():
    assert raises(errors.RulesError, domino.Rules.muggins().replace, spinner=1, pairs=False) == (
        "no such rules setting: spinner; the settings of muggins rules: game, players, "
        "target, redeal_doubles, block_scoring")
    assert raises(errors.RulesError, caminos.Rules.two_paths().replace, max_rounds=1) == (
        "no such rules setting: max_rounds; the settings of caminos_two_paths rules: "
        "variant, players, rounds")
    assert raises(errors.RulesError, dice.Rules.farkle().replace, **{"x" * 250: 1}) == (
        "no such rules setting: " + "x" * 250 + "; the settings of farkle rules: scoring, "
        "target, doom, doom_loses, hot_dice, combine_kept, final_round")

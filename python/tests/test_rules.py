# Every rules refusal is the C core's message (pintas/settings.h), word for
# word as CPython's: the first setting refused, only the value's type judged
# by the binding. A domino-only module runs the line games' part of each test
# (caminos and dice None).

from pintas import errors


def others():
    """Whether this module has Caminos and the dice (not a domino-only module)."""
    return caminos is not None


def test_rules_refusals_are_the_cores():
    cases = [
            (errors.RulesTypeError, domino.Rules.capicua, {"capicua": "yes"},
             "capicua must be True or False: got 'yes'"),
            (errors.RulesError, domino.Rules, {"game": "muggins", "players": 3, "pairs": True},
             "pairs needs 4 players: got players=3"),
            (errors.RulesError, domino.Rules, {"game": "muggins", "players": 4, "pairs": True},
             "muggins is played by individuals: pairs=True is not allowed"),
            (errors.RulesError, domino.Rules.muggins, {"redeal_doubles": 2},
             "redeal_doubles must be 0 (off) or 3..7: got 2 (nearly every deal would be void)"),
            (errors.RulesError, domino.Rules.muggins, {"target": 10 ** 30},
             "target must be a whole number 1..10000: got " + str(10 ** 30))]
    if others():
        cases += [
            (errors.RulesError, dice.Rules.farkle, {"doom_loses": "score"},
             "doom_loses='score' needs doom=True (without doom nothing is lost to it)"),
            (errors.RulesTypeError, caminos.Rules.base, {"rounds": True},
             "rounds must be a whole number 1..99: got True"),
            (errors.RulesError, caminos.Rules, {"variant": "x" * 300},
             "variant must be one of 'base', 'no_renewal', 'two_paths': got '" + "x" * 300 + "'")]
    for error, call, kwargs, message in cases:
        assert raises(error, call, **kwargs) == message
    assert raises(errors.RulesError, domino.Rules.dominican().replace, pass_points=2) == (
        "pass_points is an option of capicua only: got pass_points=2 for dominican")


def test_rules_give_their_settings_in_the_cores_order():
    # a Rules' settings are the core's settings table's (pintas/settings.h),
    # in its order, less the limits at its end, which pintas for MicroPython
    # does not offer; the binding's functions take the Rules itself or its
    # _fields() (the limits None), and _from_fields makes them again
    cases = [(domino.Rules.dominican(), ["game", "players", "pairs", "target", "redeal_doubles",
                                         "block_scoring", "tranque", "capicua_doubles",
                                         "pass_points", "capicua_bonus", "pase_corrido_bonus",
                                         "pase_de_salida_bonus"])]
    if others():
        cases += [(caminos.Rules.base(), ["variant", "players", "rounds"]),
                  (dice.Rules.farkle(), ["scoring", "target", "doom", "doom_loses", "hot_dice",
                                         "combine_kept", "final_round"])]
    for rules, names in cases:
        assert sorted(rules.to_dict()) == sorted(names), rules.to_dict()
        fields = rules._fields()
        assert list(fields[:len(names)]) == [getattr(rules, n) for n in names], fields
        assert all(f is None for f in fields[len(names):]), fields
        assert type(rules)._from_fields(fields) == rules
        assert repr(rules) == "Rules({})".format(", ".join(
            "{}={!r}".format(n, getattr(rules, n)) for n in names))


def test_presets_are_the_cores():
    # a preset starts from the core's settings (pintas_preset_values), takes
    # the options the core lists for it, less the limits pintas for
    # MicroPython does not offer, and refuses the others in the core's words
    assert domino.Rules.capicua() == domino.Rules("capicua", 4, target=20, redeal_doubles=5,
                                                  capicua_doubles=True, pass_points=2)
    assert domino.Rules.dominican(mode="three") == domino.Rules("dominican", 3, capicua_bonus=25)
    assert domino.Rules.dominican(mode="three").mode == "three"
    cases = [
            (domino.Rules.muggins, {"pairs": True},
             "not an option of muggins: pairs (muggins is played by individuals); muggins "
             "takes players, target, redeal_doubles, block_scoring"),
            (domino.Rules.dominican, {"players": 3},
             "not an option of dominican: players (set by mode: 'pairs', 'four', 'three', "
             "'two'); dominican takes mode, target, redeal_doubles, tranque, capicua_bonus, "
             "pase_corrido_bonus, pase_de_salida_bonus"),
            (domino.Rules.capicua, {"tranque": "blocker"},
             "not an option of capicua: tranque (an option of dominican only); capicua takes "
             "players, pairs, target, redeal_doubles, capicua, pass_points")]
    for call, kwargs, message in cases:
        assert raises(errors.RulesError, call, **kwargs) == message
    if not others():
        return
    assert dice.Rules.farkle() == dice.Rules("farkle", 10000, doom=False, hot_dice="may",
                                             combine_kept=False)
    assert caminos.Rules.two_paths(players=4) == caminos.Rules("two_paths", 4)
    for call, kwargs, message in (
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
    cases = [
            (domino.Rules.capicua(pairs=True), "capicua (4 players in pairs) to 20"),
            (domino.Rules.dominican(mode="two", target=100), "dominican (two) to 100"),
            (domino.Rules.muggins(players=2), "muggins (2 players) to 200")]
    if others():
        cases += [
            (caminos.Rules.two_paths(rounds=1), "caminos_two_paths (3 players, 1 rounds)"),
            (caminos.Rules.base(players=4), "caminos (4 players)"),
            (dice.Rules.farkle(doom=True, hot_dice="must"),
             "Farkle to 10000 (doom=True, hot_dice='must')"),
            (dice.Rules(), "Dice of Doom to 100000")]
    for rules, text in cases:
        assert str(rules) == text, (str(rules), text)


def test_replace_refuses_names_in_the_cores_words():
    assert raises(errors.RulesError, domino.Rules.muggins().replace, spinner=1, pairs=False) == (
        "no such rules setting: spinner; the settings of muggins rules: game, players, "
        "target, redeal_doubles, block_scoring")
    if not others():
        return
    assert raises(errors.RulesError, caminos.Rules.two_paths().replace, max_rounds=1) == (
        "no such rules setting: max_rounds; the settings of caminos_two_paths rules: "
        "variant, players, rounds")
    assert raises(errors.RulesError, dice.Rules.farkle().replace, **{"x" * 250: 1}) == (
        "no such rules setting: " + "x" * 250 + "; the settings of farkle rules: scoring, "
        "target, doom, doom_loses, hot_dice, combine_kept, final_round")


def test_rules_constructors_quote_their_input():
    # the constructor's defaults and checks: each refusal the core's, quoting
    # the value as given, RulesTypeError for a value of the wrong type
    assert domino.Rules("muggins", 3) == domino.Rules.muggins(redeal_doubles=0)
    cases = [
            (errors.RulesTypeError, domino.Rules, ("muggins", "3"), {},
             "players must be a whole number 2..4: got '3'"),
            (errors.RulesError, domino.Rules, ("muggins", 3), {"block_scoring": "lowest"},
             "block_scoring must be one of 'cascade', 'lowest_takes_all': got 'lowest'"),
            (errors.RulesError, domino.Rules.dominican, (), {"mode": "five"},
             "mode must be one of 'pairs', 'four', 'three', 'two': got 'five'"),
            (errors.RulesTypeError, domino.Rules.dominican, (4,), {},
             "mode must be one of 'pairs', 'four', 'three', 'two': got 4")]
    if others():
        assert caminos.Rules("base") == caminos.Rules.base()
        assert dice.Rules() == dice.Rules.dice_of_doom()
        cases += [
            (errors.RulesError, caminos.Rules, ("nope",), {},
             "variant must be one of 'base', 'no_renewal', 'two_paths': got 'nope'"),
            (errors.RulesError, dice.Rules, (), {"target": 0},
             "target must be a whole number 1..10000000: got 0"),
            (errors.RulesTypeError, dice.Rules, (), {"doom": "yes"},
             "doom must be True or False: got 'yes'"),
            (errors.RulesTypeError, dice.Rules, (), {"final_round": 1},
             "final_round must be True or False: got 1"),
            (errors.RulesTypeError, caminos.Rules.two_paths, ([3],), {},
             "players must be a whole number 2..4: got [3]")]
    for error, call, args, kwargs, message in cases:
        assert raises(error, call, *args, **kwargs) == message
    # a call Python itself refuses: a TypeError (the words are the port's)
    for args, kwargs in ((("muggins",), {}), (("muggins", 3), {"spinner": 1}),
                         (("muggins", 3), {"players": 3})):
        raises(TypeError, domino.Rules, *args, **kwargs)
    raises(TypeError, domino.Rules.muggins, 3, 200)
    if others():
        raises(TypeError, dice.Rules.farkle, 10000)


def test_rules_compare_and_hash_by_value():
    a = domino.Rules.capicua(4, True)
    b = domino.Rules.capicua(pairs=True)
    assert a == b and not (a != b) and hash(a) == hash(b)
    assert a != domino.Rules.capicua() and a != a.replace(target=21)
    assert a != "capicua" and a != a.to_dict() and a is not None
    assert len({a, b, domino.Rules.capicua(), a.replace(target=20)}) == 2
    assert {a: 1}[b] == 1
    if not others():
        return
    # rules of two families never equal, whatever their values
    assert caminos.Rules.base() != dice.Rules() and dice.Rules() == dice.Rules()
    assert caminos.Rules.base(2) == caminos.Rules("base", 2, 3)


def test_rules_read_their_settings_and_what_the_core_derives():
    r = domino.Rules.capicua(4, True)
    assert (r.game, r.players, r.pairs, r.target, r.capicua_doubles) == (
        "capicua", 4, True, 20, True)
    assert (r.sides, r.side_of(3), r.draws, r.mode) == (2, 1, False, None)
    assert domino.Rules.muggins(2).draws and not domino.Rules.dominican("two").draws
    assert domino.Rules.dominican("two").mode == "two" and domino.Rules.muggins().sides == 3
    assert domino.MODES == (("pairs", 4, True), ("four", 4, False), ("three", 3, False),
                            ("two", 2, False))
    assert raises(errors.SeatError, r.side_of, 4) == "no seat 4: seats are 0..3"
    assert raises(errors.SeatTypeError, r.side_of, "1") == (
        "a seat is a whole number 0..3: got '1'")
    # immutable, as CPython's frozen dataclasses
    raises(AttributeError, setattr, r, "target", 5)
    assert r.target == 20
    raises(AttributeError, getattr, r, "max_rounds")
    if not others():
        return
    c = caminos.Rules.no_renewal(4, rounds=2)
    assert (c.variant, c.players, c.rounds, c.name, c.full_path) == (
        "no_renewal", 4, 2, "caminos_no_renewal", "stay")
    assert (c.paths, c.hand_size, c.side_tiles, c.path_size) == (5, 5, 2, 5), (
        c.paths, c.hand_size, c.side_tiles, c.path_size)
    assert caminos.Rules.two_paths().full_path == "discard"
    b = caminos.Rules.base()
    assert (b.full_path, b.path_size, b.side_tiles, b.hand_size) == ("renew", 3, 1, 6)
    assert caminos.FULL_PATH == ("renew", "stay", "discard")  # (the core's names)
    assert (dice.Rules.farkle().unit, dice.Rules().unit) == (50, 100)


def test_rules_constructors_defaults_are_the_cores():
    # every setting a keyword constructor is not given: the core's table's
    # default (CPython's dataclass fields read the same table)
    r = domino.Rules("capicua", 2)
    assert (r.pairs, r.target, r.redeal_doubles, r.block_scoring, r.tranque,
            r.capicua_doubles, r.pass_points, r.capicua_bonus, r.pase_corrido_bonus,
            r.pase_de_salida_bonus) == (False, 200, 0, "cascade", "lowest", False, 0, 0, 0, 0)
    assert r.mode is None and domino.Rules("dominican", 3).mode == "three"
    for args in ((), ("muggins",)):  # the game and the players have no default
        assert "required" in raises(TypeError, domino.Rules, *args)
    if not others():
        return
    c = caminos.Rules("two_paths")
    assert (c.players, c.rounds) == (3, 3)
    assert "required" in raises(TypeError, caminos.Rules)
    d = dice.Rules()
    assert (d.scoring, d.target, d.doom, d.doom_loses, d.hot_dice, d.combine_kept,
            d.final_round) == ("dice_of_doom", 100000, True, "turn", "must", True, False)


def test_the_settings_choices_are_the_cores():
    # (CPython's pintas reads the same names from the core's settings table)
    assert domino.GAMES == ("muggins", "capicua", "dominican")
    assert domino.BLOCK_SCORING == ("cascade", "lowest_takes_all")
    assert domino.TRANQUE == ("lowest", "blocker")
    if others():
        assert caminos.VARIANTS == ("base", "no_renewal", "two_paths")
        assert dice.SCORINGS == ("dice_of_doom", "farkle")
        assert dice.DOOM_LOSES == ("turn", "score")
        assert dice.HOT_DICE == ("must", "may")
        assert dice.MAX_TARGET == 10000000


def test_rules_replace_repr_str_and_to_dict():
    r = domino.Rules.dominican(target=150)
    s = r.replace(tranque="blocker", capicua=False, capicua_bonus=30)
    assert (s.tranque, s.capicua_doubles, s.capicua_bonus, s.target) == (
        "blocker", False, 30, 150)
    assert r.tranque == "lowest" and r.replace() == r
    assert domino.Rules.capicua().replace(capicua=False).capicua_doubles is False
    assert raises(errors.RulesTypeError, r.replace, target="150") == (
        "target must be a whole number 1..10000: got '150'")
    assert raises(errors.RulesError, r.replace, players=5) == (
        "players must be a whole number 2..4: got 5")
    assert str(r) == "dominican (pairs) to 150" and "{}".format(r) == str(r)
    assert "{!r}".format(r) == repr(r) and repr(r).startswith("Rules(game='dominican', ")
    d = domino.Rules.muggins().to_dict()
    assert domino.Rules(**d) == domino.Rules.muggins()
    assert (d["game"], d["redeal_doubles"], d["block_scoring"]) == ("muggins", 5, "cascade")
    if not others():
        return
    assert repr(dice.Rules()) == (
        "Rules(scoring='dice_of_doom', target=100000, doom=True, doom_loses='turn', "
        "hot_dice='must', combine_kept=True, final_round=False)")
    assert repr(caminos.Rules.base(2)) == "Rules(variant='base', players=2, rounds=3)"
    assert caminos.Rules.base(2).to_dict() == {"variant": "base", "players": 2, "rounds": 3}
    assert dice.Rules.farkle().to_dict() == {
        "scoring": "farkle", "target": 10000, "doom": False, "doom_loses": "turn",
        "hot_dice": "may", "combine_kept": False, "final_round": False}


def test_presets_refuse_options_they_do_not_take():
    # each preset takes its seats by position or name, then only its options;
    # a name given twice, seats among the options, the limits: the core's words
    assert domino.Rules.capicua(3).players == 3 and domino.Rules.capicua(players=2).players == 2
    assert domino.Rules.capicua(capicua_doubles=False) == domino.Rules.capicua(capicua=False)
    cases = [
            (domino.Rules.muggins, {"game": "capicua"},
             "not an option of muggins: game (set by the preset); muggins takes players, "
             "target, redeal_doubles, block_scoring"),
            (domino.Rules.dominican, {"pairs": False, "max_rounds": 3},
             "not an option of dominican: pairs (set by mode: 'pairs', 'four', 'three', "
             "'two'), max_rounds; dominican takes mode, target, redeal_doubles, tranque, "
             "capicua_bonus, pase_corrido_bonus, pase_de_salida_bonus")]
    if others():
        assert caminos.Rules.base(4, rounds=1).rounds == 1
        cases += [
            (caminos.Rules.base, {"max_round_moves": 9},
             "not an option of caminos: max_round_moves; caminos takes players, rounds"),
            (dice.Rules.dice_of_doom, {"scoring": "farkle"},
             "not an option of dice_of_doom: scoring (set by the preset); dice_of_doom takes "
             "target, doom, doom_loses, hot_dice, combine_kept, final_round")]
    for call, kwargs, message in cases:
        assert raises(errors.RulesError, call, **kwargs) == message, raises(
            errors.RulesError, call, **kwargs)

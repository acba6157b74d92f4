# Moves as CPython's pintas shows them: each game's Move from its
# constructor, its class methods and its notation, its fields as attributes,
# compared and hashed by value within its own game, immutable, and the
# refusals' classes and messages quoting what was given. (domino, caminos,
# dice and refusal come from common.py: caminos and dice are None in the
# domino-only module.)

from pintas import Tile


def unchanged(move, name, value):
    try:
        setattr(move, name, value)
    except AttributeError:
        return True
    return False


def test_a_domino_move():
    Move = domino.Move
    m = Move("play", "4|6", "r")
    assert (str(m), repr(m), m.kind, m.tile, m.end, m.code) == (
        "6|4R", "Move('play', '6|4', 'R')", "play", Tile(6, 4), "R", 51)
    assert m == Move.play(Tile(6, 4), "R") == Move.parse("6|4r") == Move.from_code(51)
    assert m != Move.play("6|4") and m != 51 and m != "6|4R" and hash(m) == hash(Move.parse("6|4R"))
    assert {m: 1}[Move(kind="play", tile="6|4", end="R")] == 1
    assert Move.play("6|4") is Move.play("4|6", "L")  # (the 58 moves are made once)
    d, p = Move.draw(), Move.pass_()
    assert (str(d), repr(d), d.kind, d.tile, d.end, d.code) == ("draw", "Move('draw')", "draw",
                                                               None, None, 56)
    assert (str(p), repr(p), p.code, Move("pass"), Move.parse(" PASS ")) == (
        "pass", "Move('pass')", 57, p, p)
    assert [str(Move.from_code(c)) for c in (0, 1, 2, 55)] == ["0|0L", "0|0R", "1|0L", "6|6R"]
    assert unchanged(m, "code", 3) and unchanged(m, "kind", "draw") and m.code == 51


def test_a_domino_move_refused():
    Move = domino.Move
    kinds = "a move's kind is 'play', 'draw' or 'pass': got {!r}"
    assert refusal(Move, 3) == ("NotationTypeError", kinds.format(3))
    assert refusal(Move, "jump") == ("NotationError", kinds.format("jump"))
    assert refusal(Move, "draw", "6|6") == (
        "NotationError", "a draw has no tile or end: got tile='6|6', end=None")
    assert refusal(Move, "pass", None, "L") == (
        "NotationError", "a pass has no tile or end: got tile=None, end='L'")
    assert refusal(Move, "play") == ("NotationTypeError", "a play needs a tile like '6|4': got None")
    assert refusal(Move, "play", 64, "L") == (
        "NotationTypeError", "a play needs a tile like '6|4': got 64")
    assert refusal(Move, "play", "6|9", "L") == ("NotationError", "a tile's ends are 0..6: got '6|9'")
    assert refusal(Move, "play", "6|4") == ("NotationTypeError", "a play's end is 'L' or 'R': got None")
    assert refusal(Move.play, "6|4", "X") == ("NotationError", "a play's end is 'L' or 'R': got 'X'")
    assert refusal(Move.play, "6|4", 1) == ("NotationTypeError", "a play's end is 'L' or 'R': got 1")
    form = "a move is written like '6|4L', 'draw' or 'pass': got {!r}"
    assert refusal(Move.parse, 64) == ("NotationTypeError", form.format(64))
    assert refusal(Move.parse, "6|4X") == (
        "NotationError", "a move is written like '6|4L', '6|4R', 'draw' or 'pass': got '6|4X'")
    for code in (58, -1):
        assert refusal(Move.from_code, code) == ("NotationError",
                                                 "a move code is 0..57: got {}".format(code))
    for code in ("1", True):
        assert refusal(Move.from_code, code) == (
            "NotationTypeError", "a move code is a whole number 0..57: got {!r}".format(code))


def test_a_caminos_move():
    if caminos is None:
        return
    Move = caminos.Move
    m = Move("place", "3|5", "BACK", 2)
    assert (str(m), repr(m), m.kind, m.tile, m.side, m.path) == (
        "5|3 back 2", "Move('place', '5|3', 'back', 2)", "place", Tile(5, 3), "back", 2)
    assert m == Move.place(Tile(5, 3), "back", 2) == Move.parse("5|3 back 2")
    assert m == Move.from_code(m.code) and hash(m) == m.code and m != Move.place("5|3", "front", 2)
    r = Move.reveal("4|6")
    assert (str(r), repr(r), r.kind, r.tile, r.side, r.path) == (
        "reveal 6|4", "Move('reveal', '6|4')", "reveal", Tile(6, 4), None, None)
    assert r == Move("reveal", Tile(6, 4)) == Move.parse("reveal 6|4")
    assert (repr(Move.draw()), str(Move.pass_()), Move("draw"), Move.pass_().kind) == (
        "Move('draw')", "pass", Move.draw(), "pass")
    assert Move.draw() != domino.Move.draw() and Move.from_code(0) != domino.Move.from_code(0)
    assert {Move.draw(): 1}[Move("draw")] == 1
    assert unchanged(m, "path", 3) and m.path == 2


def test_a_caminos_move_refused():
    if caminos is None:
        return
    Move = caminos.Move
    kinds = "a move's kind is 'place', 'draw', 'pass' or 'reveal': got {!r}"
    assert refusal(Move, None) == ("NotationTypeError", kinds.format(None))
    assert refusal(Move, "play") == ("NotationError", kinds.format("play"))
    assert refusal(Move, "draw", None, None, 2)[0] == "NotationError"
    assert refusal(Move, "reveal") == ("NotationTypeError", "a reveal needs a tile like '6|4': got None")
    assert refusal(Move, "reveal", "6|4", "front") == (
        "NotationError", "a reveal has no side or path: got side='front', path=None")
    assert refusal(Move.place, "6|4", "up", 1) == (
        "NotationError", "a placement's side is 'front' or 'back': got 'up'")
    assert refusal(Move.place, "6|4", 0, 1) == (
        "NotationTypeError", "a placement's side is 'front' or 'back': got 0")
    for path in (0, 9):
        assert refusal(Move.place, "6|4", "front", path) == (
            "NotationError", "a path number is 1..8: got {}".format(path))
    for path in ("1", True, None):
        assert refusal(Move.place, "6|4", "front", path) == (
            "NotationTypeError", "a path number is 1..8: got {!r}".format(path))
    assert refusal(Move.parse, b"draw") == (
        "NotationTypeError",
        "a move is written like '5|3 front 2', 'reveal 6|4', 'draw' or 'pass': got b'draw'")
    assert refusal(Move.from_code, 478) == ("NotationError", "a move code is 0..477: got 478")


def test_a_dice_move():
    if dice is None:
        return
    Move = dice.Move
    k = Move("keep", (5, 1, 1))
    assert (str(k), repr(k), k.kind, k.dice, k.given) == (
        "keep 1 1 5", "Move('keep', (1, 1, 5))", "keep", (1, 1, 5), False)
    assert k == Move.keep("1 5 1") == Move.keep([1, 1, 5]) == Move.parse("keep 5 1 1")
    assert hash(k) == hash(Move.keep((1, 5, 1))) and k != Move.keep((1, 5))
    r = Move.roll([6, 1, 3])
    assert (str(r), repr(r), r.kind, r.dice, r.given) == (
        "roll 6 1 3", "Move('roll', (6, 1, 3))", "roll", (6, 1, 3), True)
    assert r != Move.roll([1, 3, 6]) and r == Move("roll", "613")
    plain = Move.roll()
    assert (str(plain), repr(plain), plain.dice, plain.given) == ("roll", "Move('roll')", (), False)
    assert plain == Move("roll") == Move.roll(None) == Move("roll", []) == Move.parse("ROLL")
    b = Move.bank()
    assert (str(b), repr(b), b.kind, b.dice, b == Move("bank", None)) == (
        "bank", "Move('bank')", "bank", (), True)
    assert repr(Move.keep([5])) == "Move('keep', (5,))" and {k: 1}[Move.keep("115")] == 1
    assert unchanged(k, "dice", (1,)) and k.dice == (1, 1, 5)


def test_a_dice_move_refused():
    if dice is None:
        return
    Move = dice.Move
    kinds = "a move's kind is 'roll', 'keep' or 'bank': got {!r}"
    assert refusal(Move, 1) == ("NotationTypeError", kinds.format(1))
    assert refusal(Move, "hold") == ("NotationError", kinds.format("hold"))
    assert refusal(Move, "bank", (1,)) == ("NotationError", "a bank takes no dice: got (1,)")
    assert refusal(Move, "keep") == (
        "NotationError", "a keep is 1 to 6 dice, each a whole number 1..6: got 0 in ()")
    assert refusal(Move.keep, None) == (
        "NotationTypeError", "a keep is 1 to 6 dice, each a whole number 1..6: got None")
    assert refusal(Move.roll, (1, 7)) == (
        "NotationError", "a roll is 1 to 6 dice, each a whole number 1..6: got (1, 7)")
    assert refusal(Move.roll, (1, "2")) == (
        "NotationTypeError", "a roll is 1 to 6 dice, each a whole number 1..6: got (1, '2')")
    assert refusal(Move.parse, None) == (
        "NotationTypeError", "a move is written like 'roll', 'keep 1 5' or 'bank': got None")
    assert refusal(Move.parse, "keep 7")[0] == "NotationError"


def test_moves_of_a_game():
    g = domino.Game(domino.Rules.muggins(), seed=7)
    moves = g.legal_moves()
    assert all(type(m) is domino.Move for m in moves) and g.parse_move(str(moves[0])) == moves[0]
    assert refusal(g.parse_move, 5) == (
        "NotationTypeError", "a move is written like '6|4L', 'draw' or 'pass': got 5")
    g.play(str(moves[0]))
    assert g.history == (moves[0],) and g.history[0] is moves[0]
    if caminos is None:
        return
    c = caminos.Game(caminos.Rules.base(), seed=3)
    first = c.legal_moves()[0]
    assert type(first) is caminos.Move and first.kind == "reveal"
    c.play(first)
    assert c.history == (first,) and c.parse_move(str(c.legal_moves()[0])) == c.legal_moves()[0]
    x = dice.Game(dice.Rules.farkle(), seed=3)
    assert x.legal_moves() == [dice.Move.roll()] and type(x.legal_moves()[0]) is dice.Move
    x.play("roll")
    assert x.history == (dice.Move.roll(),)

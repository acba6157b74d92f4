# Events as CPython's pintas makes them: built by their fields (by position or
# name) and compared with a game's, read as attributes, a repr, a sentence
# (the C core's pintas_event_text), a dict and a hidden copy; and the
# constructor's refusals, with their classes and messages.

import sys

from pintas import Tile, TileSet, domino, caminos, dice

# (a TypeError's message is the interpreter's on CPython)
MICROPYTHON = sys.implementation.name == "micropython"


def type_error(call, *args, **kwargs):
    try:
        call(*args, **kwargs)
    except TypeError as exc:
        return str(exc)
    raise AssertionError("no TypeError")


def test_a_line_event():
    e = domino.Event("play", 1, 1, "6|4", "L")
    assert e == domino.Event("play", seat=1, side=1, tile=Tile(6, 4), end="L")
    assert (e.kind, e.seat, e.side, e.tile, e.end, e.points, e.reason, e.count) == (
        "play", 1, 1, Tile(6, 4), "L", 0, None, 0)
    assert e.tile == Tile(6, 4) and not e.teams and not e.zapatero
    assert repr(e) == "Event('play', seat=1, side=1, tile=Tile(6, 4), end='L')"
    assert str(e) == "player 2 plays 6|4 at left"
    assert e.to_dict() == {"kind": "play", "seat": 1, "side": 1, "tile": "6|4", "end": "L",
                           "points": 0, "reason": None, "count": 0}
    s = domino.Event("score", seat=2, side=0, points=10, reason="fives")
    assert s.teams and str(s) == "player 3 scores 10 for team 1 (players 1 & 3) (fives)"
    assert s == domino.Event("score", seat=2, side=0, points=10, reason="fives", teams=False)
    assert str(domino.Event("score", seat=2, side=0, points=10, reason="fives", teams=False)) \
        == "player 3 scores 10 (fives)"
    assert domino.Event("game_end", side=1, reason="zapatero").zapatero
    assert str(domino.Event("round_end", reason="block")) == "round won by nobody (block)"


def test_a_caminos_event():
    e = caminos.Event("close", path=3, reason="stay", count=2, tiles=["6|6", "5|3"])
    assert e.tiles == TileSet.parse("6|6 5|3") and e.seats == () and e.seat is None
    assert repr(e) == ("Event('close', path=3, reason='stay', count=2, "
                       "tiles=TileSet(['5|3', '6|6']))")
    assert str(e) == "path 3 is full (5|3 6|6): stays closed"
    p = caminos.Event("place", 0, "2|1", 8, "back", count=3)
    assert (p.side, p.path, str(p)) == ("back", 8, "player 1 places 2|1 on the back of path 8")
    w = caminos.Event("game_end", seats=[0, 2], points=-3)
    assert w.seats == (0, 2) and str(w) == "players 1 and 3 share the win with -3"
    assert w.to_dict()["seats"] == [0, 2] and w.to_dict()["tiles"] is None
    r = caminos.Event("reveal", seat=0, tile="1|0", count=1)
    assert str(r) == "player 1 reveals 1|0 (1 pip)"


def test_a_dice_event():
    e = dice.Event("kept", 0, (1, 5, 5), 200, 350)
    assert e == dice.Event("kept", seat=0, values=[1, 5, 5], points=200, total=350)
    assert (e.values, e.total) == ((1, 5, 5), 350)
    assert repr(e) == "Event('kept', seat=0, values=(1, 5, 5), points=200, total=350)"
    assert str(e) == "player 1 keeps 1 5 5 for 200 (turn total 350)"
    assert repr(dice.Event("doom")) == "Event('doom', seat=0)"
    t = dice.Event("turn_end", seat=1, reason="roll_out", total=1200)
    assert str(t) == "player 2's turn ends (rolled out): +0, score 1200"
    assert t.to_dict() == {"kind": "turn_end", "seat": 1, "values": [], "points": 0,
                           "total": 1200, "reason": "roll_out", "count": 0}


def test_events_compare_and_hash_by_value():
    a, b = domino.Event("draw", seat=0, tile="3|2"), domino.Event("draw", 0, None, "3|2")
    assert a == b and not a != b and hash(a) == hash(b) and {a: 1}[b] == 1
    assert a != domino.Event("draw", seat=0, tile="3|1") and a != domino.Event("draw", seat=1)
    assert caminos.Event("draw", seat=0, tile="3|2") != a  # another game's
    assert a != ("draw", 0) and a != "draw"
    assert len({dice.Event("rolled", values=(1, 2)), dice.Event("rolled", values=(1, 2))}) == 1


def test_a_secret_event_hidden():
    a = domino.Event("draw", seat=0, tile="3|2")
    assert a.hidden() == domino.Event("draw", seat=0) and str(a.hidden()) == "player 1 draws"
    assert a.tile == Tile(3, 2)  # (the event itself unchanged)
    play = domino.Event("play", seat=0, tile="3|2", end="R")
    assert play.hidden() is play
    c = caminos.Event("choose", seat=2, tile="6|5", count=1)
    assert c.hidden() == caminos.Event("choose", seat=2, count=1)
    assert str(c.hidden()) == "player 3 chooses a tile to reveal"
    assert dice.Event("banked", points=300).hidden() == dice.Event("banked", points=300)


def test_a_game_s_events_equal_those_built():
    g = domino.Game(domino.Rules.dominican(), seed=7)
    events = g.play(g.legal_moves()[0])
    built = []
    for e in events:
        fields = e.to_dict()
        fields.pop("teams", None)  # (CPython's to_dict names a game of pairs)
        built.append(domino.Event(teams=True, **fields))
    assert events == built and [str(e) for e in events] == [str(e) for e in built]
    assert all(e.teams for e in g.events)
    f = dice.Game(dice.Rules.farkle(), players=2, seed=3)
    for e in f.play(f.legal_moves()[0]):
        assert e == dice.Event(**e.to_dict()) and str(e) == str(dice.Event(**e.to_dict()))


def test_a_sentence_without_its_fields_reads_as_the_repr():
    for e in (domino.Event("play", seat=0), domino.Event("deal"), caminos.Event("path"),
              domino.Event("score", seat=0, side=0, points=5)):
        assert str(e) == repr(e)


def test_an_event_refused():
    assert refusal(domino.Event, "jump") == ("NotationError", "unknown event kind 'jump'")
    assert refusal(caminos.Event, "draw", reason="fives") == (
        "NotationError", "unknown event reason 'fives'")
    assert refusal(dice.Event, "rolled", seat=None) == (
        "NotationTypeError", "a dice event's seat is a whole number: got None")
    assert refusal(dice.Event, "rolled", values=(1, 7)) == (
        "NotationError", "an event's dice is 0 to 6 dice, each a whole number 1..6: got (1, 7)")
    assert refusal(domino.Event, "draw", seat=9) == (
        "NotationError", "an event's seat is a whole number 0..7: got 9")
    assert refusal(domino.Event, "draw", seat="1") == (
        "NotationTypeError", "an event's seat is a whole number 0..7: got '1'")
    assert refusal(domino.Event, "play", end="X") == (
        "NotationError", "an event's end is 'L', 'R' or None: got 'X'")
    assert refusal(caminos.Event, "place", side=0) == (
        "NotationTypeError", "an event's side is 'front', 'back' or None: got 0")
    assert refusal(caminos.Event, "place", path=9) == (
        "NotationError", "an event's path is a whole number 1..8: got 9")
    assert refusal(caminos.Event, "tie", seats=(1, 1)) == (
        "NotationError", "an event's seats are distinct: got (1, 1)")
    assert refusal(domino.Event, "score", points=2 ** 31) == (
        "NotationError", "an event's points is a whole number -2147483648..2147483647: "
                         "got 2147483648")
    assert refusal(domino.Event, "draw", tile="6|9")[0] == "NotationError"
    assert refusal(domino.Event, "draw", teams=1) == (
        "NotationTypeError", "teams is True, False or None: got 1")
    missing, unknown = type_error(domino.Event, seat=0), type_error(dice.Event, "rolled", dice=1)
    if MICROPYTHON:
        assert (missing, unknown) == ("an event needs a kind", "unexpected keyword argument 'dice'")

# What a game and its views read of the table (the binding's `table`): the
# values as CPython's pintas shows them (tiles, seats, phases' names, None for
# none), the names each has (a game's alone, a view's alone), AttributeError
# for any other name.

from pintas import Tile, TileSet, domino

try:
    from pintas import caminos, dice
except ImportError:  # the domino-only module
    caminos = dice = None


def missing(obj, name):
    try:
        getattr(obj, name)
    except AttributeError:
        return not hasattr(obj, name)
    return False


def test_a_line_table():
    g = domino.Game(domino.Rules.dominican(), seed=3)
    v = g.view(0)
    assert (g.placements, g.line, g.ends, g.boneyard_size) == ((), (), None, 0)
    assert v.leader == g.leader and 0 <= g.leader < 4 and v.winner is None
    assert v.forced_tile is None or type(v.forced_tile) is Tile
    for name in ("forced_tile", "nothing", "phase", "pile", "_paths"):
        assert missing(g, name)
    assert missing(v, "nothing") and missing(v, "pool")
    m = g.legal_moves()[0]
    g.play(m)
    (tile, end), = g.placements
    assert tile is m.tile and end in ("L", "R") and len(g.line) == 1
    assert sorted(g.line[0]) == sorted(tile.ends) and g.ends == g.line[0]
    assert g.view(1).placements == g.placements and g.view(1).ends == g.ends


def test_a_caminos_table():
    if caminos is None:
        return
    g = caminos.Game(caminos.Rules.base(), seed=1)
    v = g.view(1)
    assert (g.phase, g.starter, g.discard, g.contenders, g.out_seat) == (
        "reveal", None, TileSet(), (0, 1, 2), None)
    assert len(g.pile) == g.pile_size and all(type(t) is Tile for t in g.pile)
    assert [p.number for p in g.paths] == list(range(1, len(g.paths) + 1))
    assert g.paths == v.paths and all(type(p.centre) is Tile for p in g.paths)
    assert (g.chosen, g.choice(0), v.my_choice, v.winners) == ((), None, None, ())
    assert v.phase == "reveal" and v.pile_size == g.pile_size and v.step == g.step
    for name in ("pile", "nothing", "leader", "forced_tile"):
        assert missing(v, name)
    assert missing(g, "pool_score") and missing(g, "placements")
    seat, reveal = g.to_move, g.legal_moves()[0]
    g.play(reveal)
    assert g.chosen == (seat,) and g.choice(seat) is reveal.tile
    assert g.view(seat).my_choice is reveal.tile and g.view(seat).chosen == (seat,)


def test_a_dice_table():
    if dice is None:
        return
    g = dice.Game(dice.Rules.farkle(), players=2, seed=5)
    v = g.view(0)
    assert (g.phase, g.pool, g.last_roll, g.pool_score, g.turn_total) == ("roll", (), (), 0, 0)
    assert (g.first_player, g.dice_to_roll, g.winner, v.winner) == (0, 6, None, None)
    assert missing(v, "pool_score") and missing(g, "nothing") and missing(v, "paths")
    g.play(g.legal_moves()[0])
    roll = g.last_roll
    assert len(roll) == 6 and all(type(d) is int and 1 <= d <= 6 for d in roll)
    assert g.phase in ("keep", "roll") and g.view(1).last_roll == roll


def test_a_view_made_by_the_binding():
    g = domino.Game(domino.Rules.muggins(), seed=2)
    v = g.view(1)
    assert (v.seat, v.rules, v.to_move, v.scores, v.is_over) == (1, g.rules, g.to_move, g.scores,
                                                                  False)
    assert (v.hand, v.hand_sizes, v.round) == (g.hand(1), g.hand_sizes, g.round)
    assert type(v.hand) is TileSet and v.log == g.view(1).log and missing(g, "score")
    assert refusal(g.view, 5)[0] == "SeatError" and refusal(g.view, "1")[0] == "SeatTypeError"
    if caminos is not None:
        c = caminos.Game(caminos.Rules.base(), seed=4)
        w = c.view(2)
        assert (w.hand, w.hand_sizes, w.round, w.chosen) == (c.hand(2), c.hand_sizes, c.round, ())
        assert missing(c, "my_choice") and missing(c, "score")
    if dice is not None:
        d = dice.Game(dice.Rules.farkle(), players=3, seed=1)
        x = d.view(2)
        assert (x.players, x.score, x.scores, x.to_move) == (3, 0, (0, 0, 0), 0)
        assert missing(d, "score") and missing(x, "hand") and missing(x, "round")


def test_a_game_status_read_of_the_table():
    g = domino.Game(domino.Rules.dominican(), seed=7)
    assert (g.seats, g.scores, g.winners, g.winner, g.round, g.hand_sizes) == (
        4, (0, 0), (), None, 1, (7, 7, 7, 7))
    while not g.is_over:
        g.play(g.legal_moves()[-1])
    assert g.winners in ((0,), (1,)) and g.winner == g.winners[0] and max(g.scores) >= 200
    assert sum(g.hand_sizes) == sum(g.view(0).hand_sizes) and g.view(2).winner == g.winner
    if dice is not None:
        d = dice.Game(dice.Rules.farkle(), players=3, seed=2)
        assert (d.seats, d.players, d.scores, d.winners, d.winner) == (3, 3, (0, 0, 0), (), None)
        assert missing(d, "round") and missing(d, "hand_sizes")
    if caminos is not None:
        c = caminos.Game(caminos.Rules.base(), seed=3)
        assert (c.seats, c.scores, c.round, c.hand_sizes, c.winners) == (3, (0, 0, 0), 1,
                                                                        (6, 6, 6), ())

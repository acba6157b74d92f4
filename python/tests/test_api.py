import gc
# The API as CPython's pintas shows it (the values are those of CPython's
# doctests): presets and options, notation, refusals that change nothing,
# views that hide what a seat may not see, copies, seeds of 64 bits.

import pintas
from pintas import errors


def test_rules():
    r = domino.Rules.dominican(mode="pairs", target=150)
    assert (r.players, r.pairs, r.target, r.capicua_bonus) == (4, True, 150, 25)
    assert r.replace(tranque="blocker").tranque == "blocker"
    assert domino.Rules.dominican(mode="two").mode == "two"
    assert str(domino.Rules.capicua(players=2)) == "capicua (2 players) to 20"
    assert "players must be a whole number 2..4: got 5" in raises(
        errors.RulesError, domino.Rules.muggins, players=5)
    assert "not an option of muggins: taget" in raises(
        errors.RulesError, domino.Rules.muggins, taget=100)
    assert "an option of dominican only" in raises(
        errors.RulesError, domino.Rules.muggins, tranque="blocker")
    assert raises(errors.RulesTypeError, domino.Rules.muggins, players="3")
    assert raises(ValueError, domino.Rules.muggins, target=True)
    assert "no such rules setting" in raises(errors.RulesError, r.replace, colour="red")
    c = caminos.Rules.base(players=4)
    assert (c.name, c.paths, c.hand_size, c.side_tiles, c.full_path, c.rounds) == (
        "caminos", 5, 5, 1, "renew", 3)
    assert caminos.Rules.two_paths(players=4).hand_size == 6
    assert c.replace(rounds=5).rounds == 5
    d = dice.Rules.dice_of_doom(target=5000)
    assert (d.target, d.doom, d.hot_dice, d.combine_kept) == (5000, True, "must", True)
    assert dice.Rules.farkle().replace(final_round=True).final_round
    assert "hot_dice must be one of 'must', 'may': got 'sometimes'" in raises(
        errors.RulesError, dice.Rules.dice_of_doom().replace, hot_dice="sometimes")
    assert dice.Rules.farkle().unit == 50 and dice.Rules().unit == 100
    assert domino.Rules.muggins() == domino.Rules.muggins(players=3)



def test_domino_play():
    g = domino.Game(domino.Rules.dominican(), seed=7)
    assert (g.to_move, g.round, g.ends) == (3, 1, None)
    assert [repr(m) for m in g.legal_moves()] == ["Move('play', '6|6', 'L')"]
    assert [str(e) for e in g.play("6|6")] == ["player 4 plays 6|6 at left"]
    assert domino.GreedyPlayer().choose(g.view(g.to_move)) == domino.Move.play("6|2", "L")
    before = g.to_bytes()
    msg = raises(errors.IllegalMoveError, g.play, "5|5L")
    assert "is not legal now for seat 0" in msg and "(legal: " in msg, msg
    assert raises(errors.NotationError, g.play, "6|9L")
    assert raises(errors.NotationTypeError, g.play, 42)
    assert g.to_bytes() == before
    assert not g.is_legal("5|5L") and g.is_legal(g.legal_moves()[0])
    g = domino.Game(domino.Rules.capicua(players=2), seed=5)
    assert (g.round, len(g.hand(0)), g.boneyard_size) == (1, 7, 14)
    m = domino.Move.parse("2|4r")
    assert repr(m) == "Move('play', '4|2', 'R')" and str(domino.Move.play("6|6")) == "6|6L"
    assert domino.Move.parse("draw").kind == "draw" and str(domino.Move.pass_()) == "pass"


def test_domino_deal_and_view():
    g = domino.Game(domino.Rules.muggins(players=2), deal=domino.Deal(
        hands=["5|5 6|2 4|1 3|3 2|0 1|1 0|0", "5|0 6|6 6|5 4|4 3|2 2|2 1|0"],
        boneyard="6|4 6|3 6|1 6|0 5|4 5|3 5|2 5|1 4|3 4|2 4|0 3|1 3|0 2|1"), seed=1)
    assert g.to_move == 1 and g.legal_moves() == [domino.Move.play("6|6")]
    g.play("6|6")
    g.play("6|2L")
    assert domino.immediate_points(g.view(1), domino.Move.parse("3|2L")) == 15
    # seat 1 draws: seat 0 sees that it drew, not what
    while g.to_move == 1 and g.legal_moves()[0].kind != "draw":
        g.play(g.legal_moves()[0])
    v0, v1 = g.view(0), g.view(1)
    assert v0.hand == g.hand(0) and v1.hand == g.hand(1)
    assert v0.hand_sizes == g.hand_sizes and v0.boneyard_size == g.boneyard_size
    assert raises(errors.SeatError, g.view, 2) and raises(errors.SeatTypeError, g.view, "0")


def test_secret_draws_are_hidden():
    g = domino.Game(domino.Rules.muggins(players=2), seed=11)
    rng = make_rng(1)
    while not any(e.kind == "draw" for e in g.events):
        g.play(rng.choice(g.legal_moves()))
    drew = [e for e in g.events if e.kind == "draw"][0]
    other = 1 - drew.seat
    seen = [e for e in g.view(other).log if e.kind == "draw"][0]
    assert drew.tile is not None and seen.tile is None and seen.seat == drew.seat
    assert str(seen) == "player {} draws".format(drew.seat + 1)
    own = [e for e in g.view(drew.seat).log if e.kind == "draw"][0]
    assert own.tile == drew.tile


def test_caminos_play():
    g = caminos.Game(caminos.Rules.base(players=3), seed=7)
    assert (g.phase, g.to_move, len(g.paths), g.pile_size) == ("reveal", 0, 5, 5)
    assert str(g.paths[0]) == "path 1: back 0 (1 free) [0|3] front 3 (1 free)"
    assert str(g.hand(0)) == "3|3 4|0 4|1 5|0 5|3 6|1"
    assert [repr(m) for m in g.legal_moves()[:2]] == ["Move('reveal', '3|3')",
                                                      "Move('reveal', '4|0')"]
    assert [str(e) for e in g.play("reveal 6|1")] == ["player 1 chooses 6|1 to reveal"]
    assert repr(g.view(1).log[-1]) == "Event('choose', seat=0, count=1)"
    assert g.view(0).my_choice == pintas.Tile(6, 1) and g.view(1).my_choice is None
    assert g.view(2).chosen == (0,)
    assert repr(caminos.Move.parse("3|5 FRONT 2")) == "Move('place', '5|3', 'front', 2)"
    assert str(caminos.Move.reveal("4|6")) == "reveal 6|4"
    g = caminos.Game(caminos.Rules.base(players=2), deal=caminos.Deal.complete(
        paths="6|5 4|4 3|1 2|0 1|0",
        hands=["6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0"]), seed=1)
    g.play("reveal 6|6")
    g.play("reveal 6|3")
    assert (g.phase, g.to_move) == ("play", 0)
    assert [str(e) for e in g.play("6|6 front 1")] == [
        "player 1 places 6|6 on the front of path 1"]
    assert g.paths[0].numbers == (None, 5)
    assert raises(errors.IllegalMoveError, g.play, "reveal 5|3")


def test_dice():
    g = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
    assert [str(e) for e in g.play("roll 1 5 6 4 4 3")] == ["player 1 rolls 1 5 6 4 4 3"]
    assert [str(e) for e in g.play("keep 1 5")] == [
        "player 1 keeps 1 5 for 1500 (turn total 1500)"]
    assert (g.turn_total, g.dice_to_roll, g.pool) == (1500, 4, (1, 5))
    assert [str(e) for e in g.play("bank")] == [
        "player 1 banks 1500 (score 1500)", "player 1's turn ends (bank): +1500, score 1500"]
    assert (g.scores, g.to_move) == ((1500, 0), 1)
    g = dice.Game(dice.Rules.dice_of_doom(), players=3, seed=1, first_player=2)
    assert g.to_move == 2 and g.legal_moves() == [dice.Move.roll()]
    assert [repr(e) for e in g.play("roll 6 6 1 1 1 1")[1:]] == [
        "Event('doom', seat=2)", "Event('turn_end', seat=2, reason='doom')"]
    assert dice.score([1, 5, 6, 4, 4, 3]) == 1500 and dice.score([6, 6, 1, 1, 1, 1]) == 0
    assert dice.score([2, 3, 4]) == 0 and dice.score([1, 5, 6, 4, 4, 3], dice.Rules.farkle()) == 150
    assert (dice.keep_score([5, 5, 5, 5]), dice.keep_score([4, 4, 4, 4]),
            dice.keep_score([1, 4])) == (2000, 400, None)
    assert dice.is_doom([6, 6, 1, 2, 3, 4]) and not dice.is_doom([6, 1, 2, 3, 4, 5])
    assert dice.keeps([2, 3, 4, 4], pool=[1, 5]) == [dice.Keep((2, 3, 4), 1000)]
    assert [repr(k) for k in dice.keeps([1, 5, 6, 4, 4, 3])] == [
        "Keep((1, 5), 1500)", "Keep((1,), 1000)", "Keep((5,), 500)"]
    k = dice.Keep((5, 1), 1500)
    assert (repr(k), str(k), repr(k.move)) == ("Keep((1, 5), 1500)", "1 5: 1500",
                                               "Move('keep', (1, 5))")
    assert raises(errors.NotationError, dice.Move.parse, "keep 7")
    g = dice.Game(dice.Rules.farkle(), seed=3)
    g.play("roll 1 1 5 2 3 4")
    assert dice.ThresholdPlayer(bank_at=300).choose(g.view(0)) == dice.Move.keep((1, 1, 5))


def test_dice_policy():
    if not hasattr(pintas._c, "dice_solve"):  # a board's native module: books only
        for call in (lambda: dice.solve_turn(dice.Rules.farkle()),
                     lambda: dice.OptimalPlayer(dice.Rules.farkle()),
                     lambda: dice.cap_for(dice.Rules.farkle(), 1000)):
            try:
                call()
                raise AssertionError("solved without a solver")
            except pintas.RulesError:
                pass
        return
    cap = dice.cap_for(dice.Rules.farkle(), EXPECTED["budget"]) if EXPECTED["budget"] else 0
    p = dice.solve_turn(dice.Rules.farkle(), cap=cap)
    if cap == 0:
        assert abs(p.expected_turn_score - 446.57) < 0.01
        assert p.thresholds == (250, 250, 400, 1000, 2900, 10050)
    assert not p.should_bank(300, dice_left=3)
    assert p.best_keep([1, 1, 5, 2, 3, 4]) == dice.Keep((1,), 100)
    g = dice.Game(dice.Rules.farkle(), seed=3)
    g.play("roll 1 1 5 2 3 4")
    assert dice.OptimalPlayer(dice.Rules.farkle(), cap=cap).choose(
        g.view(0)) == dice.Move.keep((1,))


def test_seeds_of_64_bits():
    for seed in (2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 63, 2 ** 64 - 1):
        g = domino.Game(domino.Rules.muggins(), seed=seed)
        assert g.seed == seed and domino.Game.from_bytes(g.to_bytes()) == g
    assert raises(errors.RulesError, domino.Game, domino.Rules.muggins(), seed=2 ** 64)
    assert raises(errors.RulesError, domino.Game, domino.Rules.muggins(), seed=-1)
    assert raises(errors.RulesTypeError, domino.Game, domino.Rules.muggins(), seed=1.5)


def test_unseeded_games_save_their_seeds():
    for game in (domino.Game(domino.Rules.muggins(players=2)),
                 caminos.Game(caminos.Rules.base(players=2)),
                 dice.Game(dice.Rules.farkle(target=500))):
        gc.collect()  # a board's heap: the last game's garbage out of the way
        rng = make_rng(3)
        for _ in range(120):
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
        gc.collect()  # its own play's garbage too, before the replay grows a log as long
        again = type(game).from_bytes(game.to_bytes())
        assert again == game and again.seed is None
        assert again.to_bytes() == game.to_bytes()


def test_copies_and_replays():
    g = caminos.Game(caminos.Rules.no_renewal(players=3), seed=5)
    rng = make_rng(5)
    for _ in range(20):
        g.play(rng.choice(g.legal_moves()))
    c = g.copy()
    c.play(c.legal_moves()[0])
    assert len(c.history) == len(g.history) + 1
    assert g.replay() == g and g.replay().to_bytes() == g.to_bytes()


def test_texts_for_people_count_from_1():
    # docs/rules.md, "Seats and players": data and errors about arguments
    # count seats from 0; an event's text names seat s "player s+1" and side
    # t of a game of pairs "team t+1", as CPython's pintas does
    e = domino.Event("play", seat=0, side=0, tile="6|4", end="L")
    assert e.seat == 0 and str(e) == "player 1 plays 6|4 at left"
    e = domino.Event("score", seat=2, side=0, points=10, reason="fives", teams=True)
    assert str(e) == "player 3 scores 10 for team 1 (players 1 & 3) (fives)"
    assert str(domino.Event("game_end", side=1, teams=True)) == \
        "game won by team 2 (players 2 & 4)"
    assert str(domino.Event("game_end", side=1)) == "game won by player 2"
    assert str(domino.Event("deal", seat=3, side=1, count=2)) == "round 2 dealt; player 4 leads"
    assert str(caminos.Event("game_end", seat=0, seats=(0, 2), points=-3)) == \
        "players 1 and 3 share the win with -3"
    assert str(caminos.Event("game_end", seat=1, seats=(1,), points=-1)) == \
        "player 2 wins with -1"
    assert str(caminos.Event("tie", seats=(0, 1, 3), count=1)) == \
        "tie between players 1, 2 and 4: they reveal again"
    assert str(dice.Event("banked", seat=1, points=300, total=300)) == \
        "player 2 banks 300 (score 300)"
    g = domino.Game(domino.Rules.dominican(), seed=7)
    assert "is not legal now for seat 3" in raises(errors.IllegalMoveError, g.play, "5|5L")
    assert "seat 4" in raises(errors.SeatError, g.view, 4)


def test_errors():
    assert issubclass(errors.IllegalMoveError, ValueError)
    assert issubclass(errors.NotationTypeError, errors.NotationError)
    assert issubclass(errors.RulesTypeError, errors.RulesError)


def test_play_events_and_the_short_way():
    # a move legal_moves gave is played by the core from the game object (the
    # short way); anything else (notation, a move made apart, an unseeded
    # game) the long way: both give the same events and the same game
    def moves(game, n, how):
        out = []
        for _ in range(n):
            m = game.legal_moves()[0]
            out.append(game.play(how(m)))
        return out
    fast, slow = domino.Game(domino.Rules.dominican(), seed=3), domino.Game(
        domino.Rules.dominican(), seed=3)
    a = moves(fast, 30, lambda m: m)
    b = moves(slow, 30, lambda m: str(m))
    assert fast.to_bytes() == slow.to_bytes() and fast.history == slow.history
    for x, y in zip(a, b):
        assert x == y and x == list(y) and len(x) == len(y) == len(list(x))
        assert repr(x) == repr(list(y)) and [str(e) for e in x] == [str(e) for e in y]
        assert x[-1] == list(y)[-1] and x[1:] == list(y)[1:]
    assert [e for x in a for e in x] == list(fast.events[-sum(len(x) for x in a):])
    # a refused move: the short way declines, the long way raises, nothing changed
    before = fast.to_bytes()
    illegal = [m for m in domino.Game(domino.Rules.dominican(), seed=4).legal_moves()
               if m not in fast.legal_moves()]
    for m in illegal[:3] + ["6|6R", "draw"]:
        assert raises(errors.IllegalMoveError, fast.play, m)
        assert fast.to_bytes() == before
    assert fast.is_over is False and fast.to_move in (0, 1, 2, 3)
    # an unseeded game takes the long way and logs the seeds it drew
    free = dice.Game(dice.Rules.farkle(), players=2)
    for _ in range(20):
        if free.is_over:
            break
        events = free.play(free.legal_moves()[0])
        assert len(events) == len(list(events))
    assert dice.Game.from_bytes(free.to_bytes()) == free


def test_table_fields_by_name():
    # (games and views read their table fields from the core's info tuple by
    # name: another name is an AttributeError, as for any object)
    gc.collect()  # a board's heap: the last test's garbage out of the way
    games = [domino.Game(domino.Rules.muggins(), seed=4)]
    if caminos is not None:
        games += [caminos.Game(caminos.Rules.base(), seed=4), dice.Game(seed=4)]
    for g in games:
        for o in (g, g.view(0)):
            assert not hasattr(o, "no_such_field") and not hasattr(o, "_INFO_")
            assert raises(AttributeError, getattr, o, "no_such_field")
    g, v = games[0], games[0].view(0)
    assert (v.ends, v.leader, v.boneyard_size, v.placements) == (
        g.ends, g.leader, g.boneyard_size, g.placements)
    assert v.forced_tile is None and not hasattr(g, "forced_tile")
    if dice is not None:
        assert (dice.Policy is None) == (not hasattr(pintas._c, "dice_solve"))


def test_random_choice_and_logs_grown_ahead():
    # _Random.choice is one C call (mt_below given the sequence): the item
    # below(len) names, as CPython's choice, and IndexError on an empty one
    for seq in ([5, 6, 7], (1, 2), "abcdef", range(3, 40)):
        assert pintas._Random(7).choice(seq) == seq[pintas._Random(7).below(len(seq))]
    assert "empty" in raises(IndexError, pintas._Random(7).choice, [])
    # the logs grow by steps ahead of what they hold: what they hold is every
    # move's events' bytes after the deal's, and with log=False two bytes a move
    gc.collect()
    for logs in (True, False):
        g = domino.Game(domino.Rules.muggins(target=300), seed=2, log=logs)
        rng, raw = pintas._Random(2), bytes(g._raw)
        for n in range(1, 201):
            if g.is_over:
                break
            events = g.play(rng.choice(g.legal_moves()))
            assert len(g._log) == (n if logs else 2 * n)
            assert not logs or (bytes(g._raw[:len(raw)]) == raw
                                and len(g._raw) == len(raw) + len(events) * pintas._SIZES[0][2])
            raw = bytes(g._raw)


def test_a_games_state_is_the_cores_alone():
    # a game's C state is a State the binding alone writes: Python reads its
    # bytes but cannot change them (so the binding trusts what the core made
    # there), a copy has a State of its own, and a hand-made buffer given for
    # a state is still checked by the core on every call
    _c = pintas._c
    g = dice.Game(dice.Rules.farkle(), seed=3)
    st = g._st
    image = bytes(st)
    assert len(image) == _c.sizes(2)[0]
    for write in (lambda: st.__setitem__(0, 1), lambda: memoryview(st).__setitem__(0, 1)):
        try:
            write()
            written = True
        except (TypeError, AttributeError, ValueError):
            written = False
        assert not written and bytes(st) == image
    c = g.copy()
    assert c._st is not st and bytes(c._st) == image
    c.play(c.legal_moves()[0])
    assert bytes(st) == image and bytes(c._st) != image
    # the moves listed from the State and from a bytearray of its bytes agree
    assert _c.legal(2, st) == _c.legal(2, bytearray(image)) and len(_c.legal(2, st)) > 0
    # a bytearray whose rules table is broken (a face 0 that scores) is refused
    broken = bytearray(image)
    broken[0:4] = b"\xff\xff\xff\x7f"
    assert _c.legal(2, broken) == ()
    assert _c.play(2, broken, _c.legal(2, st)[0]) == -1  # PINTAS_E_ARG
    assert bytes(broken[4:]) == image[4:]

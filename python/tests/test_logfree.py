import gc
import sys

import pintas
# Game(..., log=False): the moves kept as two bytes each (the core's action
# index), the events of the current round only (dice: of the current turn);
# the same play, saves, history and views as a logged game, and a heap that
# stays flat however long the game runs.

# (a board's objects take half the bytes of the 64-bit unix port's)
_WORD = 8 if sys.maxsize > 2 ** 32 else 4


def _long_games():
    games = (("dominican", lambda log: domino.Game(domino.Rules.dominican(target=1000), seed=11,
                                                  log=log)),
            ("caminos", lambda log: caminos.Game(caminos.Rules.base(), seed=11, log=log)),
            ("farkle", lambda log: dice.Game(dice.Rules.farkle(target=50000), players=2,
                                             seed=11, log=log)))
    # (the domino-only module has no caminos and dice)
    return [game for game in games if game[0] == "dominican" or dice is not None]


def _same_view(a, b, seat):
    va, vb = a.view(seat), b.view(seat)
    assert va.legal_moves() == vb.legal_moves()
    if a._G == 2:
        assert va.keeps() == vb.keeps() and va.turn_total == vb.turn_total
        assert va.log[len(va.log) - len(vb.log):] == vb.log
    else:
        assert va.round_log == vb.round_log
        assert va.hand == vb.hand and va.hand_sizes == vb.hand_sizes
    if a._G == 0:
        assert [va.passes(s) for s in range(a.seats)] == [vb.passes(s) for s in range(b.seats)]
        assert va.placements == vb.placements


def test_log_free_plays_as_a_logged_game():
    for name, make in _long_games():
        a, b = make(True), make(False)
        assert a.logs and not b.logs
        rng = pintas._Random(5)
        moves = 0
        while not a.is_over and moves < 260:
            move = rng.choice(a.legal_moves())
            assert b.legal_moves() == a.legal_moves()
            assert list(b.play(move)) == list(a.play(move)), (name, moves)
            moves += 1
            if moves % 23 == 0:
                for seat in range(a.seats):
                    _same_view(a, b, seat)
                assert b.scores == a.scores
        # the round's (dice: the turn's) events are the logged game's last ones
        assert a.events[len(a.events) - len(b.events):] == b.events
        assert len(b._log) == 2 * moves
        assert b.history == a.history
        assert b.to_bytes() == a.to_bytes(), name
        assert b.to_bytes(key=b"k" * 16) == a.to_bytes(key=b"k" * 16)
        back = type(b).from_bytes(b.to_bytes())
        assert back.logs and back.to_bytes() == a.to_bytes()
        again = b.replay()
        assert not again.logs and again.to_bytes() == a.to_bytes()
        twin = b.copy()
        if not twin.is_over:
            twin.play(twin.legal_moves()[0])
            assert len(twin._log) == 2 * moves + 2
        assert b.to_bytes() == a.to_bytes() and len(b._log) == 2 * moves


def test_log_free_refusals():
    g = domino.Game(domino.Rules.muggins(players=2), log=False)
    assert g.seed is not None  # a log-free game is always seeded
    before = g.to_bytes()
    deal = domino.Deal(hands=["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"])
    dealt = deal.hands[0] | deal.hands[1]
    deal = domino.Deal(hands=deal.hands,
                       boneyard=[t for t in reversed(list(pintas.TileSet.full())) if t not in dealt])
    logged = domino.Game(domino.Rules.muggins(players=2), seed=g.seed)
    logged.set_deal(deal)  # a deal a logged game takes
    try:
        g.set_deal(deal)
        raise AssertionError("set_deal taken")
    except pintas.PintasError:
        pass
    assert g.to_bytes() == before
    if dice is None:
        return
    d = dice.Game(dice.Rules.farkle(), seed=2, log=False)
    before = d.to_bytes()
    try:
        d.play(dice.Move.roll((1, 1, 2, 3, 4, 6)))
        raise AssertionError("given roll taken")
    except pintas.PintasError:
        pass
    assert d.to_bytes() == before and len(d._log) == 0
    for bad in (0, None, "no"):
        try:
            domino.Game(domino.Rules.muggins(), seed=1, log=bad)
            raise AssertionError(repr(bad))
        except pintas.PintasError:
            pass


def test_log_free_heap_stays_flat():
    # A long game's heap beside its log (the moves' bytes and the round's
    # events): flat from move 200 to move 1,000, and within 2 KB on a board
    # (its C state, the game object, the move cache).
    for name, make in _long_games():
        rng = pintas._Random(9)  # (its generator's state takes 2.5 KB)
        gc.collect()
        base = gc.mem_alloc()
        g = make(False)
        moves, at_200 = 0, None
        while not g.is_over and moves < 1000:
            g.play(rng.choice(g.legal_moves()))
            moves += 1
            if moves == 200:
                gc.collect()
                at_200 = gc.mem_alloc() - len(g._log) - len(g._raw)
        gc.collect()
        beside = gc.mem_alloc() - len(g._log) - len(g._raw)
        assert len(type(g)._moves or ()) <= 64  # (the line games' moves: the binding's)
        # "Flat": at most 96 words more over 800 moves, that is well under a
        # byte a move (a log kept by mistake grows 2 bytes a move or more);
        # a garbage collection can keep a few blocks alive through a stale
        # pointer, so the bound is not tight to the block.
        if at_200 is not None:
            assert beside - at_200 <= 96 * _WORD, (name, moves, at_200, beside)
        assert beside - base <= 512 * _WORD, (name, moves, beside - base)

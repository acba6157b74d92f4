import gc
# The computer players choose as CPython's do for the same views and seeds:
# Search (both policies), Suit, Greedy and Random in the tile games, Optimal,
# Threshold and Random in dice (EXPECTED["players"]). The dice OptimalPlayer
# reads the policy's book that CPython wrote (EXPECTED["books"]: no solve, as
# on a board), and where the module has the solver (not the board's native
# module), solves too (EXPECTED["budget"]: the bytes this board affords the
# solver, 0 = no limit: the core's default cap).


def test_players_games():
    for family, name, seed, shift, want, moves in EXPECTED["players"]:
        gc.collect()
        got = players_game(family, name, seed, shift=shift, book=EXPECTED["books"].get(name))
        assert got == [want, moves], (family, name, seed, got)


def test_dice_solved():
    if not hasattr(pintas._c, "dice_solve"):
        return  # a module without the solver: the book only
    for family, name, seed, shift, want, moves in EXPECTED["players"]:
        if family != "dice":
            continue
        gc.collect()
        got = players_game(family, name, seed, budget=EXPECTED["budget"], shift=shift)
        assert got == [want, moves], (family, name, seed, got)


def test_book_choices():
    # the book's keep and bank decisions in hand-made positions, as CPython's solver's
    for name, what, roll, pool, total, want in EXPECTED["book_checks"]:  # (none: domino only)
        book = dice.Book(EXPECTED["books"][name])
        if what == "keep":
            keep = book.best_keep(roll, pool, total)
            got = None if keep is None else [list(keep.dice), keep.points]
        else:
            got = book.should_bank(total, pool)
        assert got == want, (name, what, roll, pool, total, got, want)


def test_book_from_a_file():
    # Book.load reads a file the user gives (a board without a filesystem: skipped)
    if "doom-1" not in EXPECTED["books"]:
        return
    path = "pintas-test-doom.book"
    try:
        import os

        with open(path, "wb") as f:
            f.write(EXPECTED["books"]["doom-1"])
    except (ImportError, OSError):
        return
    try:
        book = dice.Book.load(path)
    finally:
        os.remove(path)
    assert len(book) == len(EXPECTED["books"]["doom-1"])
    assert book.fits(dice.Rules.dice_of_doom())
    keep = book.best_keep((1, 1, 1, 5, 2, 3))
    assert keep == dice.Book(EXPECTED["books"]["doom-1"]).best_keep((1, 1, 1, 5, 2, 3))


def test_book_refusals():
    if dice is None:
        return  # the domino-only module
    for bad, error in ((b"PDBK" + bytes(40), pintas.CorruptStateError),
                       (b"", pintas.CorruptStateError), ("PDBK", pintas.PintasTypeError)):
        try:
            dice.Book(bad)
            raise AssertionError(repr(bad))
        except error:
            pass
    if "doom-1" not in EXPECTED["books"]:
        return
    doom = dice.Book(EXPECTED["books"]["doom-1"])
    assert doom.fits(dice.Rules.dice_of_doom(target=500, final_round=True))
    assert not doom.fits(dice.Rules.farkle())
    assert not doom.fits(dice.Rules.dice_of_doom(doom=False))
    try:
        dice.OptimalPlayer(dice.Rules.farkle(), book=doom)
        raise AssertionError("another rules' book taken")
    except pintas.RulesError:
        pass
    player = dice.OptimalPlayer(book=doom)  # rules from the view: checked there
    game = dice.Game(dice.Rules.farkle(), seed=1)
    try:
        player.choose(game.view(0))
        raise AssertionError("another rules' book read")
    except pintas.RulesError:
        pass


def test_core_players_made_and_shown():
    # the binding's player types: shown as CPython shows them, their arguments
    # checked with CPython's messages, what they were made with read-only
    w = domino.SuitWeights(1.0, pips=2.5)
    assert [repr(p) for p in (domino.RandomPlayer(seed=3), domino.RandomPlayer(),
                              domino.GreedyPlayer(), domino.SuitPlayer(), domino.SuitPlayer(w))] \
        == ["RandomPlayer(seed=3)", "RandomPlayer(seed=None)", "GreedyPlayer()", "SuitPlayer()",
            "SuitPlayer(SuitWeights(accompanied=1.0, playable_after=1.0, double=3.0, "
            "stranding=1.0, opponent_lacks=4.0, partner_lacks=-4.0, points=2.0, pips=2.5))"]
    assert domino.SuitPlayer(weights=w).weights is w and domino.SuitPlayer().weights is None
    seed = "a seed is a whole number 0..2**64-1 or None: got "
    assert refusal(domino.RandomPlayer, -1) == ("RulesError", seed + "-1")
    assert refusal(domino.RandomPlayer, seed=2 ** 64) == ("RulesError", seed + "18446744073709551616")
    assert refusal(domino.RandomPlayer, "7") == ("RulesTypeError", seed + "'7'")
    assert refusal(domino.RandomPlayer, True) == ("RulesTypeError", seed + "True")
    assert refusal(domino.SuitPlayer, 3) == (
        "RulesTypeError", "weights must be SuitWeights or None: got 3")
    for extra in ((1,), (1, 2)):
        try:
            (domino.GreedyPlayer if len(extra) == 1 else domino.RandomPlayer)(*extra)
            raise AssertionError(extra)
        except TypeError:
            pass
    try:
        domino.SuitPlayer().weights = w
        raise AssertionError("a player changed")
    except AttributeError:
        pass
    game = domino.Game(domino.Rules.dominican(), seed=7)
    view = game.view(game.to_move)
    assert domino.GreedyPlayer()(view) == domino.GreedyPlayer().choose(view) == \
        domino.Move.play("6|6", "L")
    assert domino.RandomPlayer(seed=5).choose(view) == domino.RandomPlayer(seed=5)(view)
    assert refusal(domino.GreedyPlayer().choose, 3) == (
        "ViewError", "a domino player chooses from a domino.View: got 3")
    other = (game.to_move + 1) % 4
    assert refusal(domino.SuitPlayer().choose, game.view(other)) == (
        "IllegalMoveError", "seat {} has no move to choose: seat {} is to move".format(
            other, game.to_move))
    if dice is None:
        return  # the domino-only module
    assert [repr(p) for p in (caminos.RandomPlayer(seed=3), caminos.GreedyPlayer(),
                              caminos.SuitPlayer(caminos.SuitWeights(block=1.0)),
                              dice.RandomPlayer(seed=1), dice.ThresholdPlayer(),
                              dice.ThresholdPlayer(bank_at=700))] == [
        "RandomPlayer()", "GreedyPlayer()", "SuitPlayer()", "RandomPlayer()",
        "ThresholdPlayer(bank_at=1000)", "ThresholdPlayer(bank_at=700)"]
    assert repr(caminos.SuitWeights(1.0, 2.0)) == (
        "SuitWeights(reach=1.0, depth=2.0, hardness=2.0, double=1.0, starve=0.3, block=2.0)")
    assert refusal(caminos.SuitPlayer, domino.SuitWeights()) == (
        "RulesTypeError", "weights must be SuitWeights or None: got " + repr(domino.SuitWeights()))
    bank = "bank_at must be a whole number >= 0: got "
    assert refusal(dice.ThresholdPlayer, -1) == ("RulesError", bank + "-1")
    assert refusal(dice.ThresholdPlayer, bank_at=1.5) == ("RulesTypeError", bank + "1.5")
    assert refusal(dice.ThresholdPlayer, False) == ("RulesTypeError", bank + "False")
    huge = dice.ThresholdPlayer(bank_at=2 ** 70)
    assert huge.bank_at == 2 ** 70
    g = dice.Game(dice.Rules.farkle(), seed=3)
    assert huge.choose(g.view(0)) == dice.ThresholdPlayer(5).choose(g.view(0)) == dice.Move.roll()
    assert refusal(dice.RandomPlayer().choose, view)[1].startswith(
        "a dice player chooses from a dice.View: got ")
    assert refusal(caminos.GreedyPlayer(), g.view(0))[0] == "ViewError"


def test_keep():
    # dice.Keep, the binding's type: CPython's values, immutable, a pair to
    # iterate, index, compare and hash; the refusals of its dice
    if dice is None:
        return  # the domino-only module
    k = dice.Keep((5, 1), 1500)
    assert (repr(k), str(k), k.dice, k.points, k.move) == (
        "Keep((1, 5), 1500)", "1 5: 1500", (1, 5), 1500, dice.Move.keep((1, 5)))
    assert (len(k), k[0], k[-1], list(k), tuple(k[:1])) == (2, (1, 5), 1500, [(1, 5), 1500],
                                                            ((1, 5),))
    dice_kept, points = k
    assert (dice_kept, points) == ((1, 5), 1500) and hash(k) == hash(((1, 5), 1500))
    assert k == dice.Keep("1 5", 1500) and k != dice.Keep((1, 5), 1000) and k != ((1, 5), 1500)
    assert {k: 1}[dice.Keep(dice=[5, 1], points=1500)] == 1
    assert (repr(dice.Keep((5,), 50)), repr(dice.Keep((5, 5), 100))) == (
        "Keep((5,), 50)", "Keep((5, 5), 100)")
    assert dice.keeps([1, 5, 6, 4, 4, 3])[0] == k and type(dice.keeps("1")[0]) is dice.Keep
    what = "a keep is 1 to 6 dice, each a whole number 1..6: got "
    assert refusal(dice.Keep, (7,), 1) == ("NotationError", what + "(7,)")
    assert refusal(dice.Keep, 5, 1) == ("NotationTypeError", what + "5")
    for change in (lambda: setattr(k, "points", 1), lambda: k.__setitem__(0, (1,))):
        try:
            change()
            raise AssertionError("a Keep changed")
        except (AttributeError, TypeError):
            pass
    try:
        dice.Keep((1,))
        raise AssertionError("a Keep without points")
    except TypeError:
        pass

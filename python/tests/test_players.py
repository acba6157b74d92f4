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

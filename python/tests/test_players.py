import gc
# The computer players choose as CPython's do for the same views and seeds:
# Search (both policies), Suit, Greedy and Random in the tile games, Optimal,
# Threshold and Random in dice (EXPECTED["players"]; EXPECTED["budget"]: the
# bytes this board affords the dice solver, 0 = no limit: the core's default cap).


def test_players_games():
    for family, name, seed, shift, want, moves in EXPECTED["players"]:
        gc.collect()
        got = players_game(family, name, seed, budget=EXPECTED["budget"], shift=shift)
        assert got == [want, moves], (family, name, seed, got)

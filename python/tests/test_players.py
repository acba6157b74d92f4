# The computer players choose as CPython's do for the same views and seeds:
# Search (both policies), Suit, Greedy and Random in the tile games, Optimal,
# Threshold and Random in dice (EXPECTED["players"]; EXPECTED["cap"]: the
# solver cap this board affords, 0 = the core's default).


def test_players_games():
    for family, name, seed, shift, want, moves in EXPECTED["players"]:
        got = players_game(family, name, seed, cap=EXPECTED["cap"], shift=shift)
        assert got == [want, moves], (family, name, seed, got)

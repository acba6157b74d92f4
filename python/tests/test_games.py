import gc
# Games whose moves random.Random(seed) chooses (MT19937, as in CPython) make
# CPython's events, scores and saves, for every preset and option set and for
# seeds from 0 to 2**64 - 1 (EXPECTED["random"]).


def test_random_games():
    for family, name, seed, want, moves, save in EXPECTED["random"]:
        gc.collect()
        got = random_game(family, name, seed)
        assert got == [want, moves, save], (family, name, seed, got)

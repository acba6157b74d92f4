# What the MicroPython tests and their CPython twin (make_expected.py) share:
# the configurations, the games played from seeds, and the digests of what
# they make. It runs under CPython (with CPython's pintas) and under
# MicroPython (with python/pintas.py): the same code on both, so equal digests
# mean equal games.

from pintas import domino

try:
    from pintas import caminos, dice
except ImportError:  # MicroPython's domino-only module
    caminos = dice = None

try:
    import hashlib

    _blake = hashlib.blake2b

    def digest(data):
        return _blake(data, digest_size=16).hexdigest()

    def _raw_digest(data):
        return _blake(data, digest_size=16).digest()

    import random

    def make_rng(seed):
        return random.Random(seed)

    MICROPYTHON = False
except (ImportError, AttributeError):
    import pintas

    def digest(data):
        return "".join("%02x" % b for b in pintas._c.blake2b(data, 16))

    def _raw_digest(data):
        return pintas._c.blake2b(data, 16)

    def make_rng(seed):
        return pintas._Random(seed)

    MICROPYTHON = True


# name: (game, preset, keyword arguments)
DOMINO = {
    "muggins-2": ("muggins", {"players": 2}),
    "muggins-3": ("muggins", {"players": 3}),
    "muggins-4": ("muggins", {"players": 4}),
    "muggins-3-lowest": ("muggins", {"players": 3, "block_scoring": "lowest_takes_all"}),
    "capicua-2": ("capicua", {"players": 2}),
    "capicua-3": ("capicua", {"players": 3}),
    "capicua-4": ("capicua", {"players": 4}),
    "capicua-pairs": ("capicua", {"players": 4, "pairs": True}),
    "capicua-plain": ("capicua", {"players": 3, "capicua": False, "pass_points": 0}),
    "dominican-pairs": ("dominican", {"mode": "pairs"}),
    "dominican-four": ("dominican", {"mode": "four"}),
    "dominican-three": ("dominican", {"mode": "three"}),
    "dominican-two": ("dominican", {"mode": "two"}),
    "dominican-blocker": ("dominican", {"tranque": "blocker", "target": 100}),
    "dominican-pases": ("dominican", {"pase_corrido_bonus": 25, "pase_de_salida_bonus": 25,
                                      "capicua_bonus": 50}),
    "muggins-2-redeal3": ("muggins", {"players": 2, "redeal_doubles": 3, "target": 100}),
}

CAMINOS = {
    "base-2": ("base", {"players": 2}),
    "base-3": ("base", {"players": 3}),
    "base-4": ("base", {"players": 4}),
    "no_renewal-2": ("no_renewal", {"players": 2}),
    "no_renewal-3": ("no_renewal", {"players": 3}),
    "no_renewal-4": ("no_renewal", {"players": 4}),
    "two_paths-2": ("two_paths", {"players": 2}),
    "two_paths-3": ("two_paths", {"players": 3}),
    "two_paths-4": ("two_paths", {"players": 4}),
    "base-3-rounds5": ("base", {"players": 3, "rounds": 5}),
}

# name: (preset, options, players, first player)
DICE = {
    "doom-2": ("dice_of_doom", {"target": 4000}, 2, 0),
    "doom-1": ("dice_of_doom", {"target": 3000}, 1, 0),
    "doom-3-score-final-may": ("dice_of_doom", {"target": 3000, "doom_loses": "score",
                                                "final_round": True, "hot_dice": "may"}, 3, 1),
    "doom-2-separate": ("dice_of_doom", {"target": 3000, "combine_kept": False}, 2, 1),
    "doom-4-nodoom": ("dice_of_doom", {"target": 4000, "doom": False}, 4, 2),
    "farkle-2": ("farkle", {"target": 1500}, 2, 0),
    "farkle-3-combine-must-final": ("farkle", {"target": 1500, "combine_kept": True,
                                               "hot_dice": "must", "final_round": True}, 3, 0),
    "farkle-8": ("farkle", {"target": 1000}, 8, 5),
}

SEEDS = [0, 1, 2, 7, 42, 2026, 2 ** 31 - 1, 2 ** 31, 2 ** 32 + 5, 2 ** 63 + 11, 2 ** 64 - 1]

MAX_MOVES = 800


def domino_rules(name):
    game, options = DOMINO[name]
    return getattr(domino.Rules, game)(**options)


def caminos_rules(name):
    variant, options = CAMINOS[name]
    return getattr(caminos.Rules, variant)(**options)


def dice_rules(name):
    preset, options, _, _ = DICE[name]
    return getattr(dice.Rules, preset)(**options)


def new_game(family, name, seed):
    if family == "domino":
        return domino.Game(domino_rules(name), seed=seed)
    if family == "caminos":
        return caminos.Game(caminos_rules(name), seed=seed)
    _, _, players, first = DICE[name]
    return dice.Game(dice_rules(name), players=players, seed=seed, first_player=first)


def _text(value):
    return "-" if value is None else str(value)


def row(event):
    """One event as a line of text: its kind and every field, tiles in notation."""
    if isinstance(event, domino.Event):  # (first: the domino-only module has no others)
        fields = (event.kind, event.seat, event.side, event.tile, event.end, event.points,
                  event.reason, event.count)
    elif isinstance(event, dice.Event):
        fields = (event.kind, event.seat, " ".join(str(v) for v in event.values), event.points,
                  event.total, event.reason, event.count)
    else:
        fields = (event.kind, event.seat, event.tile, event.path, event.side, event.points,
                  event.reason, event.count, " ".join(str(s) for s in event.seats),
                  event.tiles)
    return ",".join(_text(f) for f in fields)


class Transcript:
    """A digest of lines of text, chained line by line (a board never holds a
    whole transcript): digest(previous digest + line), from an empty start."""

    def __init__(self):
        self.value = b""

    def add(self, line):
        self.value = _raw_digest(self.value + line.encode())

    def hex(self):
        return "".join("%02x" % b for b in self.value)


def game_events(game):
    """The events of ``game`` in order, a few at a time on MicroPython."""
    if MICROPYTHON:
        return game.iter_events()
    return iter(game.events)


def view_line(game):
    """What the seat to move sees, as a line of text (tiles in notation)."""
    view = game.view(game.to_move)
    common = [view.seat, view.to_move, view.scores, view.is_over,
              " ".join(str(m) for m in view.legal_moves()), len(view.log)]
    if isinstance(view, domino.View):  # (first: the domino-only module has no others)
        own = [view.hand, view.hand_sizes, view.line, view.ends, view.boneyard_size,
               view.leader, view.forced_tile, view.round]
    elif isinstance(view, dice.View):
        own = [view.phase, view.turn_total, view.dice_to_roll, view.last_roll, view.pool,
               view.final_turns_left, " ".join(repr(k) for k in view.keeps())]
    else:
        own = [view.hand, view.hand_sizes, " / ".join(str(p) for p in view.paths),
               view.pile_size, view.discard, view.phase, view.starter, view.step,
               view.contenders, view.chosen, view.my_choice, view.out_seat, view.last_turns,
               view.passes]
    return ";".join(str(x) for x in common + own)


def transcript_digest(moves, events, scores):
    t = Transcript()
    for move in moves:
        t.add(str(move))
    for event in events:
        t.add(row(event) + "|" + str(event) + "|" + repr(event))
    t.add(" ".join(str(s) for s in scores))
    return t.hex()


def random_game(family, name, seed, max_moves=MAX_MOVES):
    """A game of ``name`` whose moves random.Random(seed) chooses among the legal
    ones: (digest of its moves, events and scores, moves played, save digest)."""
    game = new_game(family, name, seed)
    rng = make_rng(seed)
    t = Transcript()
    moves = 0
    while not game.is_over and moves < max_moves:
        if moves % 10 == 0:
            t.add(view_line(game))
        move = rng.choice(game.legal_moves())
        game.play(move)
        t.add(str(move))
        moves += 1
    for event in game_events(game):
        t.add(row(event) + "|" + str(event) + "|" + repr(event))
    t.add(" ".join(str(s) for s in game.scores))
    return [t.hex(), moves, digest(game.to_bytes())]


def _players(family, rules, seed, budget, book=None):
    if family == "domino":
        return [domino.SearchPlayer(samples=12, seed=seed), domino.SuitPlayer(),
                domino.GreedyPlayer(), domino.SearchPlayer(samples=8, seed=seed + 1,
                                                           policy="greedy"),
                domino.RandomPlayer(seed=seed)]
    if family == "caminos":
        return [caminos.SearchPlayer(samples=6, seed=seed), caminos.SuitPlayer(),
                caminos.GreedyPlayer(), caminos.RandomPlayer(seed=seed)]
    if book is not None:  # the policy's decisions read from its book: no solve
        optimal = dice.OptimalPlayer(rules, book=dice.Book(book))
    elif MICROPYTHON:
        # the solver's workspace within the board's budget (0: the core's default cap)
        optimal = dice.OptimalPlayer(rules, cap=dice.cap_for(rules, budget) if budget else 0)
    else:
        optimal = dice.OptimalPlayer(rules)
    return [optimal, dice.ThresholdPlayer(bank_at=700), dice.RandomPlayer(seed=seed)]


def players_game(family, name, seed, max_moves=200, budget=0, shift=0, book=None):
    """A game of ``name`` played by the computer players, seat s played by
    player (s + shift) of the list: (digest, moves played). ``book``: the dice
    OptimalPlayer reads it (MicroPython's dice.Book) instead of solving."""
    game = new_game(family, name, seed)
    players = _players(family, game.rules, seed, budget, book)
    t = Transcript()
    moves = 0
    while not game.is_over and moves < max_moves:
        seat = game.to_move
        move = players[(seat + shift) % len(players)].choose(game.view(seat))
        game.play(move)
        t.add(str(move))
        moves += 1
    for event in game_events(game):
        t.add(row(event))
    t.add(" ".join(str(s) for s in game.scores))
    return [t.hex(), moves]


def raises(error, call, *args, **kwargs):
    """The message of the ``error`` that ``call(*args, **kwargs)`` raises."""
    try:
        call(*args, **kwargs)
    except error as exc:
        return str(exc)
    raise AssertionError("{} not raised".format(error.__name__))


def refusal(call, *args, **kwargs):
    """(class name, message) of the ValueError that ``call(*args, **kwargs)`` raises."""
    try:
        call(*args, **kwargs)
    except ValueError as exc:
        return type(exc).__name__, str(exc)
    raise AssertionError("nothing raised")

# Dominican domino on a board's serial console: you are player 1 (seat 0), your
# partner (player 3) and the two opponents are computer players. Copy it to a board with
# pintas (firmware built with the module, or pintas.mpy installed) and import
# it at the board's prompt, where the console reads your moves:
#     mpremote cp python/examples/dominican_serial.py :
#     mpremote repl        then, at the >>> prompt:  import dominican_serial
# Type a move as the game writes it (6|4L, 6|4R, pass; a bare 6|4 when it fits
# one way only), "hand" to see your tiles again or "quit".

import time

from pintas import domino

SEED = time.ticks_ms() if hasattr(time, "ticks_ms") else 0


def show(game, seat):
    view = game.view(seat)
    line = " ".join(f"[{a}|{b}]" for a, b in view.line) or "(empty)"
    print("table:", line)
    print("your tiles:", view.hand, "   scores: team 1 (yours) {}, team 2 {}".format(
        *view.scores))


def ask(game):
    while True:
        legal = ", ".join(str(m) for m in game.legal_moves())
        text = input(f"your move (legal: {legal})> ")
        if text.strip() == "quit":
            return None
        if text.strip() == "hand":
            show(game, 0)
            continue
        try:
            return game.parse_move(text)
        except ValueError as exc:  # IllegalMoveError, NotationError: nothing changed
            print(exc)


def main(search_samples=40):
    game = domino.Game(domino.Rules.dominican(mode="pairs", target=100), seed=SEED)
    bots = {1: domino.SuitPlayer(), 2: domino.SearchPlayer(samples=search_samples, seed=SEED),
            3: domino.GreedyPlayer()}
    rnd = 0
    while not game.is_over:
        if game.round != rnd:
            rnd = game.round
            print("\n== round", rnd, "== player", game.leader + 1, "leads")
        seat = game.to_move
        if seat == 0:
            show(game, 0)
            move = ask(game)
            if move is None:
                return
        else:
            move = bots[seat].choose(game.view(seat))
        for event in game.play(move):
            if event.kind not in ("deal",):
                print("  ", event)
    print("\nfinal scores: team 1 {}, team 2 {} - team {} wins".format(*game.scores,
                                                                     game.winner + 1))


main()

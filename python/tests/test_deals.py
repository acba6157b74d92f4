# Hand-made deals refused, each cause with CPython's whole message (the
# core's words: pintas_line_deal_why, pintas_caminos_deal_why), as
# Deal.check, Game(deal=...) and set_deal raise it.

from pintas import TileSet

try:
    from pintas import TILES
except ImportError:  # CPython: in pintas.tiles
    from pintas.tiles import TILES

T = TILES


def refused(call):
    """The DealError's message that call() raises."""
    try:
        call()
    except ValueError as exc:
        assert type(exc).__name__ == "DealError", repr(exc)
        return str(exc)
    raise AssertionError("nothing raised")


def every_way(game, rules, deal, message):
    """Deal.check, a game dealt it and set_deal refuse it alike."""
    assert refused(lambda: deal.check(rules)) == message
    assert refused(lambda: game.Game(rules, seed=1, deal=deal)) == message
    assert refused(lambda: game.Game(rules, seed=1).set_deal(deal)) == message


def domino_deal(hands, boneyard):
    return domino.Deal(hands=[list(h) for h in hands], boneyard=list(boneyard))


def test_domino_deals_refused():
    rules = domino.Rules.muggins(players=2)
    h0, h1, rest = T[0:7], T[7:14], T[14:28]
    for hands, boneyard, message in (
        ([h0, h1, []], rest, "2 players need 2 hands: got 3"),
        ([h0], rest, "2 players need 2 hands: got 1"),
        ([h0, T[7:13]], rest, "seat 1 must hold 7 tiles: got 6 (3|1 3|2 3|3 4|0 4|1 4|2)"),
        ([h0, []], rest, "seat 1 must hold 7 tiles: got 0 ()"),
        ([h0, T[7:13] + (T[0],)], rest, "dealt twice: 0|0"),
        ([h0, h1], (T[3],) + rest[1:], "in a hand and in the boneyard: 2|0"),
        ([h0, h1], rest[:3], "the boneyard must list the 14 undealt tiles in draw order: got 3"),
    ):
        every_way(domino, rules, domino_deal(hands, boneyard), message)
    three = domino.Rules.dominican(mode="three")
    every_way(domino, three, domino_deal([T[0:7], T[7:14], T[14:21]], T[21:23]),
              "dominican (three) to 200 never draws: the undealt tiles are set aside, so the "
              "boneyard must be empty (got 2)")
    good = domino_deal([h0, h1], rest)
    good.check(rules)
    assert domino.Game(rules, seed=1, deal=good).hand(1) == TileSet(h1)


def test_caminos_deals_refused():
    if caminos is None:  # the domino-only module
        return
    rules = caminos.Rules.base(players=2)
    paths, c0, c1, pile = T[0:5], T[5:11], T[11:17], T[17:28]
    for r, p, hands, rest, message in (
        (rules, T[0:4], [c0, c1], pile, "caminos (2 players) reveals 5 paths: got 4"),
        (rules, T[0:12], [c0, c1], pile, "caminos (2 players) reveals 5 paths: got 12"),
        (caminos.Rules.two_paths(players=3), T[0:3], [c0, c1], pile,
         "caminos_two_paths (3 players) reveals 2 paths: got 3"),
        (rules, paths, [c0], pile, "2 players need 2 hands: got 1"),
        (rules, paths, [c0, T[11:16]], pile,
         "seat 1 must hold 6 tiles: got 5 (4|1 4|2 4|3 4|4 5|0)"),
        (rules, paths, [T[5:10] + (T[4],), c1], pile, "dealt twice: 2|1"),
        (rules, paths, [c0, T[11:16] + (T[5],)], pile, "dealt twice: 2|2"),
        (rules, paths, [c0, c1], (T[5],) + pile[1:], "in the pile and dealt too: 2|2"),
        (rules, paths, [c0, c1], pile[:10],
         "the pile must list the 11 undealt tiles in draw order: got 10 (missing 6|6)"),
        (rules, paths, [c0, c1], pile[1:10],
         "the pile must list the 11 undealt tiles in draw order: got 9 (missing 5|2 6|6)"),
    ):
        deal = caminos.Deal(list(p), [list(h) for h in hands], list(rest))
        every_way(caminos, r, deal, message)
    good = caminos.Deal(list(paths), [list(c0), list(c1)], list(pile))
    good.check(rules)
    assert caminos.Game(rules, seed=1, deal=good).hand(0) == TileSet(c0)

"""Hand-made deals refused: every cause of the core's deal checks
(pintas_line_deal_why, pintas_caminos_deal_why) with its whole message, as
Deal.check, Game(deal=...) and set_deal raise it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from pintas import caminos, domino
from pintas.errors import DealError, RulesTypeError
from pintas.tiles import TILES

T = TILES


def every_way(game: Any, rules: Any, deal: Any, message: str | None) -> None:
    """Deal.check, a game dealt ``deal`` and set_deal take it (message None)
    or refuse it alike with ``message``."""
    if message is None:
        deal.check(rules)
        game(rules, seed=1, deal=deal)
        return
    calls: list[Callable[[], object]] = [
        lambda: deal.check(rules), lambda: game(rules, seed=1, deal=deal),
        lambda: game(rules, seed=1).set_deal(deal)]
    for call in calls:
        with pytest.raises(DealError) as refused:
            call()
        assert str(refused.value) == message


MUGGINS = domino.Rules.muggins(players=2)
H0, H1, BONEYARD = T[0:7], T[7:14], T[14:28]


@pytest.mark.parametrize(("rules", "hands", "boneyard", "message"), [
    (MUGGINS, [H0, H1, []], BONEYARD, "2 players need 2 hands: got 3"),
    (MUGGINS, [H0], BONEYARD, "2 players need 2 hands: got 1"),
    (MUGGINS, [H0, T[7:13]], BONEYARD,
     "seat 1 must hold 7 tiles: got 6 (3|1 3|2 3|3 4|0 4|1 4|2)"),
    (MUGGINS, [H0, []], BONEYARD, "seat 1 must hold 7 tiles: got 0 ()"),
    (MUGGINS, [H0, (*T[7:13], T[0])], BONEYARD, "dealt twice: 0|0"),
    (MUGGINS, [H0, H1], (T[3], *BONEYARD[1:]), "in a hand and in the boneyard: 2|0"),
    (MUGGINS, [H0, H1], BONEYARD[:3],
     "the boneyard must list the 14 undealt tiles in draw order: got 3"),
    (MUGGINS, [H0, H1], (), "the boneyard must list the 14 undealt tiles in draw order: got 0"),
    (domino.Rules.dominican(mode="three"), [T[0:7], T[7:14], T[14:21]], T[21:23],
     "dominican (three) to 200 never draws: the undealt tiles are set aside, so the "
     "boneyard must be empty (got 2)"),
    (domino.Rules.capicua(players=4, pairs=True, max_rounds=5),
     [T[0:7], T[7:14], T[14:21], T[21:28]], (), None),
])
def test_domino_causes(rules: domino.Rules, hands: list[tuple[object, ...]],
                       boneyard: tuple[object, ...], message: str | None) -> None:
    deal = domino.Deal(hands=hands, boneyard=boneyard)  # type: ignore[arg-type]
    every_way(domino.Game, rules, deal, message)


CAMINOS = caminos.Rules.base(players=2)
PATHS, C0, C1, PILE = T[0:5], T[5:11], T[11:17], T[17:28]


@pytest.mark.parametrize(("rules", "paths", "hands", "pile", "message"), [
    (CAMINOS, T[0:4], [C0, C1], PILE, "caminos (2 players) reveals 5 paths: got 4"),
    (CAMINOS, T[0:12], [C0, C1], PILE, "caminos (2 players) reveals 5 paths: got 12"),
    (caminos.Rules.two_paths(players=3), T[0:3], [C0, C1], PILE,
     "caminos_two_paths (3 players) reveals 2 paths: got 3"),
    (CAMINOS, PATHS, [C0], PILE, "2 players need 2 hands: got 1"),
    (CAMINOS, PATHS, [C0, T[11:16]], PILE,
     "seat 1 must hold 6 tiles: got 5 (4|1 4|2 4|3 4|4 5|0)"),
    (CAMINOS, PATHS, [(*T[5:10], T[4]), C1], PILE, "dealt twice: 2|1"),
    (CAMINOS, PATHS, [C0, (*T[11:16], T[5])], PILE, "dealt twice: 2|2"),
    (CAMINOS, PATHS, [C0, C1], (T[5], *PILE[1:]), "in the pile and dealt too: 2|2"),
    (CAMINOS, PATHS, [C0, C1], PILE[:10],
     "the pile must list the 11 undealt tiles in draw order: got 10 (missing 6|6)"),
    (CAMINOS, PATHS, [C0, C1], PILE[1:10],
     "the pile must list the 11 undealt tiles in draw order: got 9 (missing 5|2 6|6)"),
    (CAMINOS, PATHS, [C0, C1], PILE, None),
])
def test_caminos_causes(rules: caminos.Rules, paths: tuple[object, ...],
                        hands: list[tuple[object, ...]], pile: tuple[object, ...],
                        message: str | None) -> None:
    deal = caminos.Deal(paths, hands, pile)  # type: ignore[arg-type]
    every_way(caminos.Game, rules, deal, message)


def test_checked_against_its_own_rules() -> None:
    with pytest.raises(RulesTypeError, match=r"domino\.Rules"):
        domino.Deal(hands=[H0, H1]).check(CAMINOS)  # type: ignore[arg-type]
    with pytest.raises(RulesTypeError, match=r"caminos\.Rules"):
        caminos.Deal(PATHS, [C0, C1], PILE).check(MUGGINS)  # type: ignore[arg-type]

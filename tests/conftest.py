"""Shared helpers for the pytest suites."""

from __future__ import annotations

from pintas import domino

# Every preset, player count and mode of the line games, with the non-default
# house options too: the generic tests run over all of them.
LINE_CONFIGS: dict[str, domino.Rules] = {
    "muggins-2": domino.Rules.muggins(players=2),
    "muggins-3": domino.Rules.muggins(players=3),
    "muggins-4": domino.Rules.muggins(players=4),
    "muggins-3-lowest": domino.Rules.muggins(players=3, block_scoring="lowest_takes_all"),
    "capicua-2": domino.Rules.capicua(players=2),
    "capicua-3": domino.Rules.capicua(players=3),
    "capicua-4": domino.Rules.capicua(players=4),
    "capicua-pairs": domino.Rules.capicua(players=4, pairs=True),
    "capicua-plain": domino.Rules.capicua(players=3, capicua=False, pass_points=0),
    "dominican-pairs": domino.Rules.dominican(mode="pairs"),
    "dominican-four": domino.Rules.dominican(mode="four"),
    "dominican-three": domino.Rules.dominican(mode="three"),
    "dominican-two": domino.Rules.dominican(mode="two"),
    "dominican-blocker": domino.Rules.dominican(tranque="blocker", target=100),
    "dominican-pases": domino.Rules.dominican(pase_corrido_bonus=25, pase_de_salida_bonus=25,
                                              capicua_bonus=50),
}

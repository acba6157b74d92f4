# An event's sentence and a Caminos path's row and sentence, as the C core
# writes them (pintas_event_text, pintas_caminos_path_chain and _path_text),
# the same as CPython's pintas shows them.

import pintas


def test_an_event_reads_as_its_variant():
    assert str(domino.Event("draw", seat=1)) == "player 2 draws"
    assert str(domino.Event("draw", seat=1, tile="4|3")) == "player 2 draws 4|3"
    e = domino.Event("score", seat=0, side=0, points=10, reason="domino", teams=True)
    assert str(e) == "player 1 scores 10 for team 1 (players 1 & 3) (domino)"
    assert str(domino.Event("game_end", side=0, reason="zapatero")) == \
        "game won by player 1 (zapatero!)"
    assert str(caminos.Event("choose", seat=2)) == "player 3 chooses a tile to reveal"
    assert str(caminos.Event("game_end", seats=(1,), points=9)) == "player 2 wins with 9"


def test_a_path_reads_in_a_row():
    # back end first, each tile turned so that touching numbers match
    t = pintas.Tile.parse
    p = caminos.Path(1, t("6|5"), (t("6|6"), t("6|3")), (t("5|1"), t("1|1")), (3, 1), (0, 0))
    assert p.chain == ((1, 1), (1, 5), (5, 6), (6, 6), (6, 3))
    assert str(p) == "path 1: [1|1][1|5][5|6][6|6][6|3] closed"
    assert caminos.Path(2, None).chain == ()


def test_a_path_reads_with_its_sides():
    # its sides' ends and free places around its row; full sides; no path
    t = pintas.Tile.parse
    p = caminos.Path(2, t("4|3"), (t("4|4"),), (), (4, 3), (1, 2))
    assert str(p) == "path 2: back 3 (2 free) [3|4][4|4] front 4 (1 free)"
    p = caminos.Path(2, t("4|3"), (t("4|4"),), (t("5|3"),), (4, 5), (0, 0))
    assert str(p) == "path 2: [5|3][3|4][4|4] closed"
    p = caminos.Path(3, t("4|3"), (t("4|4"),), (), (4, 3), (0, 1))
    assert str(p) == "path 3: back 3 (1 free) [3|4][4|4] front 4 (full)"
    assert str(caminos.Path(2, None)) == "path 2: (no path)"

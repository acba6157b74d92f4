"""What Caminos adds to the saves of every game (tests/test_saves.py): notation
round trips, and a save whose kind or log is wrong."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pintas.caminos import Game, Move, Rules
from pintas.errors import CorruptStateError, IllegalMoveError, NotationError
from pintas.tiles import TILES
from tests.caminos.support import SAVES
from tests.support import played, resealed


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 477))
def test_every_move_code_round_trips_through_its_notation(code: int) -> None:
    move = Move.from_code(code)
    assert Move.parse(str(move)) == move
    assert Move.parse(str(move).upper().replace(" ", "   ")) == move
    assert eval(repr(move), {"Move": Move}) == move
    assert pickle.loads(pickle.dumps(move)) == move
    assert hash(Move(move.kind, move.tile, move.side, move.path)) == hash(move)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TILES), st.sampled_from(["front", "back"]), st.integers(1, 8))
def test_placement_notation(tile: object, side: str, path: int) -> None:
    move = Move.place(tile, side, path)  # type: ignore[arg-type]
    assert str(move) == f"{tile} {side} {path}"
    assert (move.tile, move.side, move.path) == (tile, side, path)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=20))
def test_any_text_parses_to_a_legal_move_or_raises_a_notation_error(text: str) -> None:
    game = played(Game(Rules.base(), seed=3), 4)
    before = game.to_bytes()
    try:
        move = game.parse_move(text)
    except (NotationError, IllegalMoveError) as exc:
        assert repr(text) in str(exc) or repr(text.strip().lower()) in str(exc) or \
            "not a tile" in str(exc) or "not a side" in str(exc) or "path number" in str(exc)
    else:
        assert move in game.legal_moves()
    assert game.to_bytes() == before


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=16) | st.sampled_from(["5|3 front 2", "reveal 6|4", "6|6 back 8"]))
def test_move_parse_gives_a_move_or_a_notation_error(text: str) -> None:
    try:
        move = Move.parse(text)
    except NotationError as exc:
        assert repr(text) in str(exc)
    else:
        assert Move.parse(str(move)) == move


@pytest.mark.parametrize("code", [0xE0000, 0xE00FF, 0xE0100, 0xE01EF, 0xE01F0, 0xE0FFF])
def test_a_refused_move_quotes_the_tags_and_variation_selectors_as_repr_does(code: int) -> None:
    """The tags beside the variation selectors (U+E0100..U+E01EF, marks that
    repr() shows as they are) are escaped; the selectors are not."""
    text = "x" + chr(code)
    with pytest.raises(NotationError) as refusal:
        Move.parse(text)
    assert repr(text) in str(refusal.value)


def test_a_save_marked_as_a_line_game_is_rejected() -> None:
    with pytest.raises(CorruptStateError, match="a saved domino game, not a Caminos game: use "
                                                r"domino\.Game\.from_bytes"):
        Game.from_bytes(b"PNTS\x01L" + SAVES[0][6:])


def test_a_save_whose_log_does_not_replay_is_rejected() -> None:
    game = played(Game(Rules.two_paths(), seed=4), 30)
    data = bytearray(game.to_bytes())
    # the first logged move (two bytes after the count) becomes 'pass', never legal first
    count_at = 4 + 3 + 8 + 6
    data[count_at + 4:count_at + 6] = (477).to_bytes(2, "little")
    with pytest.raises(CorruptStateError, match="does not replay"):
        Game.from_bytes(resealed(data))

"""Saving and loading Caminos games: round trips, pickle, notation round trips
and hostile bytes."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pintas import caminos
from pintas.caminos import Game, Move, Rules
from pintas.caminos import _engine as _caminos
from pintas.errors import CorruptStateError, IllegalMoveError, NotationError
from pintas.tiles import TILES

PRESETS = [Rules(v, players=p) for v in caminos.VARIANTS for p in (2, 3, 4)]


def played(rules: Rules, seed: int, moves: int) -> Game:
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


SAVES = [played(rules, i, 9 * i).to_bytes() for i, rules in enumerate(PRESETS)]


@settings(max_examples=40, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**64 - 1), st.integers(0, 150))
def test_bytes_round_trip(rules: Rules, seed: int, moves: int) -> None:
    game = played(rules, seed, moves)
    data = game.to_bytes()
    back = Game.from_bytes(data)
    assert back.to_bytes() == data
    assert back.history == game.history and back.events == game.events
    assert back.rules == game.rules and back.paths == game.paths
    assert pickle.loads(pickle.dumps(game)).to_bytes() == data


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
    game = played(Rules.base(), 3, 4)
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


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=700))
def test_random_bytes_never_load(data: bytes) -> None:
    with pytest.raises(CorruptStateError):
        Game.from_bytes(data)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(SAVES), st.integers(0, 10**6), st.integers(1, 255))
def test_mutated_saves_fail_cleanly_or_load_a_consistent_game(data: bytes, where: int,
                                                               xor: int) -> None:
    corrupt = bytearray(data)
    corrupt[where % len(corrupt)] ^= xor
    try:
        game = Game.from_bytes(bytes(corrupt))
    except CorruptStateError:
        return
    # an accepted edit (a seed byte, say) must still be a game that replays
    # to itself and plays on to the end
    assert Game.from_bytes(game.to_bytes()).to_bytes() == game.to_bytes()
    rng = random.Random(where)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("data", SAVES[:3])
def test_truncated_and_extended_saves_are_rejected(data: bytes) -> None:
    for cut in range(0, len(data), 7):
        with pytest.raises(CorruptStateError):
            Game.from_bytes(data[:cut])
    with pytest.raises(CorruptStateError):
        Game.from_bytes(data + b"\0")


def test_errors_quote_the_input() -> None:
    with pytest.raises(CorruptStateError, match="bad magic"):
        Game.from_bytes(b"HELLO WORLD")
    with pytest.raises(CorruptStateError, match="version 9"):
        Game.from_bytes(b"PNTS\x09" + SAVES[0][5:])
    with pytest.raises(CorruptStateError, match="not a saved Caminos game"):
        Game.from_bytes(b"PNTS\x01L" + SAVES[0][6:])
    with pytest.raises(CorruptStateError, match="takes bytes"):
        Game.from_bytes("PNTS")  # type: ignore[arg-type]


@pytest.mark.parametrize("index", [1, 4, 8])
def test_every_edit_of_the_saved_state_is_rejected(index: int) -> None:
    # the save ends with the C state; the log must replay to exactly it
    data = SAVES[index]
    start = len(data) - _caminos.SAVE_SIZE
    for where in range(start, len(data)):
        corrupt = bytearray(data)
        corrupt[where] ^= 0x01
        with pytest.raises(CorruptStateError):
            Game.from_bytes(bytes(corrupt))


def test_a_save_whose_log_does_not_replay_is_rejected() -> None:
    game = played(Rules.two_paths(), 4, 30)
    data = bytearray(game.to_bytes())
    # the first logged move (two bytes after the count) becomes 'pass', never legal first
    count_at = 4 + 3 + 8 + 6
    data[count_at + 4:count_at + 6] = (477).to_bytes(2, "little")
    with pytest.raises(CorruptStateError, match="does not replay"):
        Game.from_bytes(bytes(data))

"""Saving and loading line games: round trips, pickle, and hostile bytes."""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pintas import domino
from pintas.domino import _engine as _line
from pintas.errors import CorruptStateError
from tests.domino.support import CONFIGS


def played(rules: domino.Rules, seed: int, moves: int) -> domino.Game:
    game = domino.Game(rules, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    return game


SAVES = [played(CONFIGS[name], i, 12 * i).to_bytes()
         for i, name in enumerate(sorted(CONFIGS))]


@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(sorted(CONFIGS)), st.integers(0, 2**64 - 1), st.integers(0, 120))
def test_bytes_round_trip(name: str, seed: int, moves: int) -> None:
    game = played(CONFIGS[name], seed, moves)
    data = game.to_bytes()
    back = domino.Game.from_bytes(data)
    assert back.to_bytes() == data
    assert back.history == game.history
    assert back.rules == game.rules
    assert pickle.loads(pickle.dumps(game)).to_bytes() == data


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_load(data: bytes) -> None:
    with pytest.raises(CorruptStateError):
        domino.Game.from_bytes(data)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(SAVES), st.integers(0, 10**6), st.integers(1, 255))
def test_mutated_saves_fail_cleanly_or_load_a_consistent_game(data: bytes, where: int,
                                                               xor: int) -> None:
    corrupt = bytearray(data)
    corrupt[where % len(corrupt)] ^= xor
    try:
        game = domino.Game.from_bytes(bytes(corrupt))
    except CorruptStateError:
        return
    # A mutation the checks accept (a seed byte, say) must still give a game
    # that replays to itself and plays on to the end.
    assert domino.Game.from_bytes(game.to_bytes()).to_bytes() == game.to_bytes()
    rng = random.Random(where)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("data", SAVES[:4])
def test_truncated_and_extended_saves_are_rejected(data: bytes) -> None:
    for cut in range(0, len(data), 7):
        with pytest.raises(CorruptStateError):
            domino.Game.from_bytes(data[:cut])
    with pytest.raises(CorruptStateError):
        domino.Game.from_bytes(data + b"\0")


def test_error_quotes_the_input() -> None:
    with pytest.raises(CorruptStateError, match="bad magic"):
        domino.Game.from_bytes(b"HELLO WORLD")
    with pytest.raises(CorruptStateError, match="version 9"):
        domino.Game.from_bytes(b"PNTS\x09" + SAVES[0][5:])
    with pytest.raises(CorruptStateError, match="takes bytes"):
        domino.Game.from_bytes("PNTS")  # type: ignore[arg-type]


def test_every_edit_of_the_saved_state_is_rejected() -> None:
    # The save ends with the C state; the log must replay to exactly it, so a
    # change to any byte of it is caught (by the C checks or by the replay).
    data = SAVES[3]
    start = len(data) - _line.SAVE_SIZE
    for where in range(start, len(data)):
        corrupt = bytearray(data)
        corrupt[where] ^= 0x01
        with pytest.raises(CorruptStateError):
            domino.Game.from_bytes(bytes(corrupt))

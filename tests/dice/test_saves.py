"""What dice add to the saves of every game (tests/test_saves.py): notation round
trips, the roll seeds, the saved rules and a header followed by noise."""

from __future__ import annotations

import pickle
import struct

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pintas import dice
from pintas.dice import _engine as _dice
from pintas.errors import CorruptStateError, NotationError
from tests.dice.support import SAVED_RULES, SAVES, played_dice
from tests.support import resealed

# ---- notation ----------------------------------------------------------------------

dice_values = st.lists(st.integers(1, 6), min_size=1, max_size=6)
moves = st.one_of(
    st.just(dice.Move.roll()), st.just(dice.Move.bank()),
    dice_values.map(dice.Move.roll), dice_values.map(dice.Move.keep))


@given(moves)
def test_move_notation_round_trips(move: dice.Move) -> None:
    assert dice.Move.parse(str(move)) == move
    assert eval(repr(move), {"Move": dice.Move}) == move
    assert pickle.loads(pickle.dumps(move)) == move


@given(dice_values, st.integers(0, 100_000))
def test_keep_values_round_trip(values: list[int], points: int) -> None:
    k = dice.Keep(values, points)
    assert k.dice == tuple(sorted(values))
    assert eval(repr(k), {"Keep": dice.Keep}) == k
    assert _dice.dice_values(_dice.dice_set(values)) == k.dice


@given(st.text(max_size=20))
def test_any_text_parses_or_raises_notation_error(text: str) -> None:
    try:
        move = dice.Move.parse(text)
    except NotationError as exc:
        assert repr(text) in str(exc)
    else:
        assert dice.Move.parse(str(move)) == move


# ---- bytes ---------------------------------------------------------------------------

@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_after_a_valid_header_never_load(tail: bytes) -> None:
    with pytest.raises(CorruptStateError):
        dice.Game.from_bytes(SAVES[0][:28] + tail)
    with pytest.raises(CorruptStateError):  # the checksum recomputed: the checks behind it
        dice.Game.from_bytes(resealed(SAVES[0][:28] + tail, 0))


def test_seed_entries_must_match_the_seeding() -> None:
    seeded = played_dice(SAVED_RULES["doom"], 5, 10).to_bytes()
    unseeded = SAVES[-1]
    # flip the "seeded" flag: the log's seeds (or their absence) no longer fit
    for data in (seeded, unseeded):
        corrupt = bytearray(data)
        corrupt[6] ^= 1
        with pytest.raises(CorruptStateError, match="seed"):
            dice.Game.from_bytes(resealed(corrupt))


def test_saved_rules_are_checked() -> None:
    data = bytearray(SAVES[0])
    # bytes 17..22: scoring, doom, doom_loses, hot_dice, combine, final; 23..26 target
    data[17] = 7
    with pytest.raises(CorruptStateError, match="rules"):
        dice.Game.from_bytes(resealed(data))
    data = bytearray(SAVES[0])
    data[23:27] = struct.pack("<I", 0)
    with pytest.raises(CorruptStateError, match="rules"):
        dice.Game.from_bytes(resealed(data))


@pytest.mark.parametrize("text", ["roll \u00b2", "keep \u0663", "keep 1\u00b2", "keep \uff11"])
def test_only_ascii_digits_are_dice(text: str) -> None:
    with pytest.raises(NotationError):
        dice.Move.parse(text)
    with pytest.raises(NotationError):
        dice.score(text[5:])

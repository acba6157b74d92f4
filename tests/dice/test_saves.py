"""Saving and loading dice games, and notation round trips: hypothesis and hostile bytes."""

from __future__ import annotations

import pickle
import random
import struct

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pintas import dice, domino
from pintas.dice import _engine as _dice
from pintas.errors import CorruptStateError, NotationError

RULES = {
    "doom": dice.Rules.dice_of_doom(target=5000),
    "doom-score-may-final": dice.Rules.dice_of_doom(target=3000, doom_loses="score",
                                                    hot_dice="may", final_round=True),
    "farkle": dice.Rules.farkle(target=2000),
    "farkle-combined": dice.Rules.farkle(target=2000, combine_kept=True, hot_dice="must"),
}


def played(rules: dice.Rules, seed: int | None, moves: int, players: int = 3) -> dice.Game:
    rng = random.Random(seed)
    game = dice.Game(rules, players=players, seed=seed, first_player=rng.randrange(players))
    for _ in range(moves):
        if game.is_over:
            break
        move = rng.choice(game.legal_moves())
        if move.kind == "roll" and rng.random() < 0.3:
            move = dice.Move.roll([rng.randint(1, 6) for _ in range(game.dice_to_roll)])
        game.play(move)
    return game


SAVES = [played(RULES[name], i, 15 * (i + 1)).to_bytes() for i, name in enumerate(sorted(RULES))]
SAVES.append(played(RULES["doom"], None, 40, players=2).to_bytes())  # with roll seeds


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

@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(st.sampled_from(sorted(RULES)), st.integers(0, 2**64 - 1), st.integers(0, 150),
       st.integers(1, 8))
def test_bytes_round_trip(name: str, seed: int, n_moves: int, players: int) -> None:
    game = played(RULES[name], seed, n_moves, players)
    data = game.to_bytes()
    back = dice.Game.from_bytes(data)
    assert back.to_bytes() == data
    assert back.history == game.history and back.events == game.events
    assert back.rules == game.rules and back.seed == game.seed
    assert (back.players, back.first_player) == (game.players, game.first_player)
    assert pickle.loads(pickle.dumps(game)).to_bytes() == data
    assert dice.Game.from_bytes(bytearray(data)).to_bytes() == data


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=600))
def test_random_bytes_never_load(data: bytes) -> None:
    with pytest.raises(CorruptStateError):
        dice.Game.from_bytes(data)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_after_a_valid_header_never_load(tail: bytes) -> None:
    with pytest.raises(CorruptStateError):
        dice.Game.from_bytes(SAVES[0][:28] + tail)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(SAVES), st.integers(0, 10**6), st.integers(1, 255))
def test_mutated_saves_fail_cleanly_or_load_a_consistent_game(data: bytes, where: int,
                                                               xor: int) -> None:
    corrupt = bytearray(data)
    corrupt[where % len(corrupt)] ^= xor
    try:
        game = dice.Game.from_bytes(bytes(corrupt))
    except CorruptStateError:
        return
    # A mutation the checks accept (a seed byte, say) must still give a game
    # that replays to itself and plays on to the end.
    assert dice.Game.from_bytes(game.to_bytes()).to_bytes() == game.to_bytes()
    rng = random.Random(where)
    for _ in range(5000):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("data", SAVES)
def test_truncated_and_extended_saves_are_rejected(data: bytes) -> None:
    for cut in range(0, len(data), 3):
        with pytest.raises(CorruptStateError):
            dice.Game.from_bytes(data[:cut])
    with pytest.raises(CorruptStateError):
        dice.Game.from_bytes(data + b"\0")


@pytest.mark.parametrize("data", SAVES)
def test_every_edit_of_the_saved_state_is_rejected(data: bytes) -> None:
    # The save ends with the C state; the log must replay to exactly it.
    start = len(data) - _dice.SAVE_SIZE
    for where in range(start, len(data)):
        corrupt = bytearray(data)
        corrupt[where] ^= 0x01
        with pytest.raises(CorruptStateError):
            dice.Game.from_bytes(bytes(corrupt))


def test_seed_entries_must_match_the_seeding() -> None:
    seeded = played(RULES["doom"], 5, 10).to_bytes()
    unseeded = SAVES[-1]
    # flip the "seeded" flag: the log's seeds (or their absence) no longer fit
    for data in (seeded, unseeded):
        corrupt = bytearray(data)
        corrupt[6] ^= 1
        with pytest.raises(CorruptStateError, match="seed"):
            dice.Game.from_bytes(bytes(corrupt))


def test_error_messages_quote_the_input() -> None:
    with pytest.raises(CorruptStateError, match="bad magic"):
        dice.Game.from_bytes(b"HELLO WORLD")
    with pytest.raises(CorruptStateError, match="version 9"):
        dice.Game.from_bytes(b"PNTS\x09" + SAVES[0][5:])
    with pytest.raises(CorruptStateError, match="takes bytes"):
        dice.Game.from_bytes("PNTS")  # type: ignore[arg-type]
    with pytest.raises(CorruptStateError, match="not a saved dice game"):
        dice.Game.from_bytes(domino.Game(domino.Rules.muggins(), seed=1).to_bytes())
    with pytest.raises(CorruptStateError, match="not a saved line game"):
        domino.Game.from_bytes(SAVES[0])


def test_saved_rules_are_checked() -> None:
    data = bytearray(SAVES[0])
    # bytes 17..22: scoring, doom, doom_loses, hot_dice, combine, final; 23..26 target
    data[17] = 7
    with pytest.raises(CorruptStateError, match="rules"):
        dice.Game.from_bytes(bytes(data))
    data = bytearray(SAVES[0])
    data[23:27] = struct.pack("<I", 0)
    with pytest.raises(CorruptStateError, match="rules"):
        dice.Game.from_bytes(bytes(data))


@pytest.mark.parametrize("text", ["roll \u00b2", "keep \u0663", "keep 1\u00b2", "keep \uff11"])
def test_only_ascii_digits_are_dice(text: str) -> None:
    with pytest.raises(NotationError):
        dice.Move.parse(text)
    with pytest.raises(NotationError):
        dice.score(text[5:])

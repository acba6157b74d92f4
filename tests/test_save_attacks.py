"""Attacks on saves: what an accident or an editor does to a save, and what
must come of it (docs/saves.md).

- Accidents: every single-bit flip, every truncation, every appended byte of
  a save of every preset (seeded, unseeded, dealt by hand) is refused; so is
  a logged roll rewritten to another roll with the same outcome, or a logged
  roll seed with a bit flipped (pintas 0.1 loaded both).
- Canonicity: a game has one save. A save whose checksum is recomputed after
  an edit (what anyone can do) loads only if it is exactly what the game it
  holds writes: every value of every byte of the header and setup is tried,
  and random edits.
- A key: a keyed save loads only with its key; an edit with the checksum
  recomputed is refused; the MAC is compared in constant time.
- Sizes: a save over the cap, or whose log count its bytes cannot hold, is
  refused before any work.
"""

from __future__ import annotations

import hashlib
import hmac
import pickle
import random
import struct
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pintas import _save, caminos, dice, domino, registry
from pintas.errors import CorruptStateError, SaveTypeError
from pintas.tiles import TILES
from tests.support import played, resealed

KEY = bytes(range(32))
OTHER_KEY = bytes(range(1, 33))


def _dealt(preset: registry.Preset, seed: int) -> Any:
    """A game of ``preset`` whose first deal is made by hand (a shuffle of ``seed``)."""
    rules = preset.rules()
    tiles = list(TILES)
    random.Random(seed).shuffle(tiles)
    if preset.family.name == "caminos":
        k, n = rules.paths, rules.hand_size
        deal = caminos.Deal.complete(
            paths=tiles[:k], hands=[tiles[k + i * n:k + (i + 1) * n]
                                    for i in range(rules.players)])
        return caminos.Game(rules, seed=seed, deal=deal)
    n = 7
    hands = [tiles[i * n:(i + 1) * n] for i in range(rules.players)]
    return domino.Game(rules, seed=seed, deal=domino.Deal(
        hands=hands, boneyard=tiles[rules.players * n:]))


def _games() -> dict[str, Any]:
    """Games of every preset, some moves in: seeded, unseeded, and dealt by hand."""
    games: dict[str, Any] = {}
    for i, preset in enumerate(registry.presets()):
        rng = random.Random(preset.name)
        for how, seed in (("seeded", 11 + i), ("unseeded", None)):
            game = preset.family.new_game(preset.rules(), seed=seed)
            games[f"{preset.name}-{how}"] = played(game, rng.randrange(20, 40), rng)
        if preset.family.name != "dice":
            games[f"{preset.name}-dealt"] = played(_dealt(preset, i), 15, rng)
    return games


GAMES = _games()
SAVES = {name: game.to_bytes() for name, game in GAMES.items()}


def _refused(game_type: Any, data: bytes, key: bytes | None = None) -> bool:
    try:
        game_type.from_bytes(data, key=key)
    except CorruptStateError:
        return True
    return False


def _loads_only_as_itself(game_type: Any, data: bytes, key: bytes | None = None) -> None:
    """``data`` is refused, or loads a game whose save is ``data`` itself."""
    try:
        game = game_type.from_bytes(data, key=key)
    except CorruptStateError:
        return
    assert game.to_bytes(key=key) == data


# ---- accidents ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(SAVES))
def test_every_single_bit_flip_is_refused(name: str) -> None:
    data, game_type = SAVES[name], type(GAMES[name])
    accepted = []
    for bit in range(len(data) * 8):
        corrupt = bytearray(data)
        corrupt[bit // 8] ^= 1 << bit % 8
        if not _refused(game_type, bytes(corrupt)):
            accepted.append(bit)
    assert accepted == []


@pytest.mark.parametrize("name", sorted(SAVES))
def test_every_truncation_and_every_appended_byte_is_refused(name: str) -> None:
    data, game_type = SAVES[name], type(GAMES[name])
    assert [cut for cut in range(len(data)) if not _refused(game_type, data[:cut])] == []
    assert [b for b in range(256) if not _refused(game_type, data + bytes([b]))] == []


def _roll_forged(data: bytes, real: bytes, forged: bytes) -> bytes:
    assert data.count(real) == 1
    return data.replace(real, forged)


ROLLED, FORGED = bytes([1, 6, 1, 5, 6, 4, 4, 3]), bytes([1, 6, 1, 5, 6, 4, 4, 2])


def _rolled_dice() -> dice.Game:
    """A dice game whose first roll, 1 5 6 4 4 3, was kept as 1 5 and rolled on:
    rolling 1 5 6 4 4 2 instead makes the same game from then on. A given roll
    is logged as tag 1, six dice, the dice: ``ROLLED``; forged, ``FORGED``."""
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
    for move in ("roll 1 5 6 4 4 3", "keep 1 5", "roll"):
        game.play(move)
    return played(game, 12, random.Random(3))


def test_a_logged_roll_forged_to_the_same_outcome_is_refused() -> None:
    game = _rolled_dice()
    forged = _roll_forged(game.to_bytes(), ROLLED, FORGED)
    with pytest.raises(CorruptStateError, match="checksum does not match"):
        dice.Game.from_bytes(forged)
    # With the checksum recomputed, it is the save of a game that could have
    # been played: a keyless save proves no more (docs/saves.md); a key does.
    assert dice.Game.from_bytes(resealed(forged)).history[0] == dice.Move.roll([1, 5, 6, 4, 4, 2])
    keyed = _roll_forged(game.to_bytes(key=KEY), ROLLED, FORGED)
    with pytest.raises(CorruptStateError, match="MAC does not match"):
        dice.Game.from_bytes(keyed, key=KEY)


def _entry_offset(game: Any, index: int) -> int:
    """Where log entry ``index`` starts in ``game``'s save: the length of the save
    of its first ``index`` entries, but the state image and the checksum."""
    copy = game.copy()
    copy._log = game._log[:index]
    return len(copy.to_bytes()) - len(game._save()) - _save.CHECKSUM_SIZE


def _seed_offsets(game: dice.Game) -> list[int]:
    """Where the logged seeds of a dice game's save start (after their tag, 0xFE)."""
    offsets = [_entry_offset(game, i) + 1 for i, entry in enumerate(game._log)
               if isinstance(entry, tuple) and entry[0] == "seed"]
    assert game.to_bytes()[offsets[0] - 1] == 0xFE
    return offsets


def test_no_bit_of_a_logged_roll_seed_can_be_flipped() -> None:
    game = played(dice.Game(dice.Rules.farkle(), players=2), 60, random.Random(5))
    data = game.to_bytes()
    offsets = _seed_offsets(game)
    assert len(offsets) >= 20
    accepted = []
    for at in offsets:
        for bit in range(64):
            corrupt = bytearray(data)
            corrupt[at + bit // 8] ^= 1 << bit % 8
            if not _refused(dice.Game, bytes(corrupt)):
                accepted.append((at, bit))
    assert accepted == []


# ---- canonicity ----------------------------------------------------------------------------


CANON = ("dominican-seeded", "muggins-dealt", "capicua-unseeded", "caminos-dealt",
         "caminos_two_paths-seeded", "dice_of_doom-seeded", "farkle-unseeded")


@pytest.mark.parametrize("name", CANON)
def test_every_value_of_the_header_and_setup_loads_only_as_itself(name: str) -> None:
    """With the checksum recomputed, each byte before the log has one value that
    loads (pintas 0.1 took any non-zero value of a domino rules switch, and any
    hand given to a seat the game does not have)."""
    game = GAMES[name]
    data = type(game)._rebuild(game.rules, game._origin(), game.seed, game._first_seed,
                               []).to_bytes()  # no log: a quick replay per try
    end = _entry_offset(game, 0)
    for at in range(end):
        for value in range(256):
            corrupt = bytearray(data)
            corrupt[at] = value
            _loads_only_as_itself(type(game), resealed(corrupt))


def test_a_domino_rules_switch_has_one_value() -> None:
    data = SAVES["dominican-seeded"]
    pairs = _save.HEADER_SIZE + 2  # game, players, then pairs (0 or 1)
    assert data[pairs] == 1
    corrupt = bytearray(data)
    corrupt[pairs] = 2
    with pytest.raises(CorruptStateError, match=f"byte {pairs} is 2"):
        domino.Game.from_bytes(resealed(corrupt))


def test_a_domino_deal_gives_no_hand_to_a_seat_the_game_lacks() -> None:
    data = SAVES["muggins-dealt"]
    assert GAMES["muggins-dealt"].seats == 3
    fourth = _save.HEADER_SIZE + 17 + 12  # the rules, then a mask of 4 bytes a seat
    corrupt = bytearray(data)
    corrupt[fourth] = 1
    with pytest.raises(CorruptStateError, match="a seat the game does not have"):
        domino.Game.from_bytes(resealed(corrupt))


def test_kept_dice_are_saved_in_one_order() -> None:
    """A keep's dice are a set: pintas 0.1 loaded ``keep 5 1`` as ``keep 1 5``."""
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=7)
    for move in ("roll 1 5 6 4 4 3", "keep 1 5", "bank"):
        game.play(move)
    data = game.to_bytes()
    corrupt = _roll_forged(data, bytes([2, 2, 1, 5]), bytes([2, 2, 5, 1]))  # tag, count, dice
    with pytest.raises(CorruptStateError, match="not written the one way"):
        dice.Game.from_bytes(resealed(corrupt))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(SAVES)), edits=st.lists(
    st.tuples(st.sampled_from(["set", "insert", "delete"]), st.integers(0, 10**6),
              st.integers(0, 255)), min_size=1, max_size=3))
def test_an_edit_with_its_checksum_recomputed_loads_only_as_itself(
        name: str, edits: list[tuple[str, int, int]]) -> None:
    corrupt = bytearray(SAVES[name][:-_save.CHECKSUM_SIZE])
    for kind, where, value in edits:
        at = where % (len(corrupt) + 1)
        if kind == "insert":
            corrupt.insert(at, value)
        elif at < len(corrupt):
            if kind == "set":
                corrupt[at] = value
            else:
                del corrupt[at]
    _loads_only_as_itself(type(GAMES[name]), resealed(corrupt, 0))


@pytest.mark.parametrize("name", sorted(SAVES))
def test_saves_are_canonical(name: str) -> None:
    game_type, data = type(GAMES[name]), SAVES[name]
    assert game_type.from_bytes(data).to_bytes() == data
    keyed = GAMES[name].to_bytes(key=KEY)
    assert game_type.from_bytes(keyed, key=KEY).to_bytes(key=KEY) == keyed
    assert keyed[:6] == data[:6] and keyed[6] == data[6] | _save.KEYED
    assert keyed[7:-_save.MAC_SIZE] == data[7:-_save.CHECKSUM_SIZE]


# ---- a key ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["dominican-unseeded", "caminos-dealt", "farkle-unseeded"])
def test_a_keyed_save_loads_only_with_its_key(name: str) -> None:
    game = GAMES[name]
    game_type, keyed, plain = type(game), game.to_bytes(key=KEY), game.to_bytes()
    assert game_type.from_bytes(keyed, key=KEY) == game
    assert game_type.from_bytes(keyed, key=bytearray(KEY)) == game
    with pytest.raises(CorruptStateError, match="signed with a key"):
        game_type.from_bytes(keyed)
    with pytest.raises(CorruptStateError, match="MAC does not match"):
        game_type.from_bytes(keyed, key=OTHER_KEY)
    with pytest.raises(CorruptStateError, match="made without a key"):
        game_type.from_bytes(plain, key=KEY)
    for bit in range(len(keyed) * 8):
        corrupt = bytearray(keyed)
        corrupt[bit // 8] ^= 1 << bit % 8
        assert _refused(game_type, bytes(corrupt), KEY), bit


def test_an_edited_keyed_save_is_refused_whatever_trailer_it_gets() -> None:
    keyed = _rolled_dice().to_bytes(key=KEY)
    body = _roll_forged(keyed[:-_save.MAC_SIZE], ROLLED, FORGED)
    unkeyed = bytearray(body)
    unkeyed[6] &= ~_save.KEYED
    for forged in (resealed(body, 0),                            # the plain checksum
                   resealed(unkeyed, 0),                         # said to be keyless
                   body + _mac(body, OTHER_KEY),                 # the editor's own key
                   body + keyed[-_save.MAC_SIZE:]):             # the MAC it had
        with pytest.raises(CorruptStateError, match=r"MAC|without a key"):
            dice.Game.from_bytes(forged, key=KEY)


def _mac(body: bytes, key: bytes) -> bytes:
    return hmac.new(key, body, hashlib.sha256).digest()


def test_the_mac_is_hmac_sha256_of_the_body() -> None:
    # (the C core compares it in constant time: pintas_equal_ct, csrc/tests/test_hash.c)
    keyed = GAMES["farkle-seeded"].to_bytes(key=KEY)
    assert keyed[-_save.MAC_SIZE:] == _mac(keyed[:-_save.MAC_SIZE], KEY)
    plain = GAMES["farkle-seeded"].to_bytes()
    assert plain[-16:] == hashlib.blake2b(plain[:-16], digest_size=16).digest()


def test_save_keys_are_bytes_of_16_or_more_and_never_quoted() -> None:
    game = GAMES["farkle-seeded"]
    for wrong in ("a secret of many letters", 12345678901234567890, ["k"] * 16):
        with pytest.raises(SaveTypeError, match=type(wrong).__name__) as caught:
            game.to_bytes(key=wrong)
        assert str(wrong) not in str(caught.value)
        with pytest.raises(SaveTypeError, match=type(wrong).__name__):
            dice.Game.from_bytes(SAVES["farkle-seeded"], key=wrong)  # type: ignore[arg-type]
    with pytest.raises(CorruptStateError, match="at least 16 bytes: got 15") as short:
        game.to_bytes(key=b"fifteen bytes!!")
    assert "fifteen" not in str(short.value)
    with pytest.raises(TypeError):
        game.to_bytes(KEY)  # the key is keyword-only


def test_pickles_and_copies_of_a_keyed_game_carry_no_key() -> None:
    game = dice.Game.from_bytes(GAMES["farkle-unseeded"].to_bytes(key=KEY), key=KEY)
    for other in (pickle.loads(pickle.dumps(game)), game.copy(), game.replay()):
        assert other == game == GAMES["farkle-unseeded"]
    assert dice.Game.from_bytes(game.to_bytes()) == game


# ---- sizes ---------------------------------------------------------------------------------


def test_a_save_over_the_cap_is_refused_unread() -> None:
    huge = SAVES["dominican-seeded"] + bytes(_save.MAX_SAVE_SIZE)
    for data in (huge, bytearray(huge), memoryview(huge)):
        with pytest.raises(CorruptStateError, match="more than the longest save"):
            domino.Game.from_bytes(data)


def test_a_game_longer_than_the_cap_is_not_saved() -> None:
    game = GAMES["farkle-unseeded"].copy()
    game._log = []
    bare = len(game.to_bytes())
    seeds = _save.MAX_SAVE_SIZE // 9  # a tag and 8 bytes each
    game._log = [("seed", 0)] * seeds
    size = bare + 9 * seeds
    assert size > _save.MAX_SAVE_SIZE
    with pytest.raises(CorruptStateError) as refused:
        game.to_bytes()
    assert str(refused.value) == (f"this game's save would take {size} bytes, more than the "
                                  f"{_save.MAX_SAVE_SIZE} that from_bytes reads")


@pytest.mark.parametrize("name", ["dominican-seeded", "caminos-seeded", "farkle-seeded"])
def test_a_log_count_its_bytes_cannot_hold_is_refused_before_the_loop(name: str) -> None:
    game = GAMES[name]
    game_type, data = type(game), SAVES[name]
    at = _entry_offset(game, 0) - 4
    assert struct.unpack_from("<I", data, at)[0] == len(game._log)
    for count in (2**32 - 1, len(data)):
        corrupt = bytearray(data)
        struct.pack_into("<I", corrupt, at, count)
        with pytest.raises(CorruptStateError, match=f"log has {count} entries"):
            game_type.from_bytes(resealed(corrupt))

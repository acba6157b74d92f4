"""Saving and loading every game: round trips, pickle, and hostile bytes.

Every game saves the same way (a header, the rules, the seeds, the move log and
the C state, all checked on load), so each check here runs over the three
games, copies in mid-game over every configuration of each; what one game's
save adds is tested in its own package.
"""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pintas import caminos, dice, domino
from pintas._save import CHECKSUM_SIZE
from pintas.caminos import _engine as _caminos
from pintas.dice import _engine as _dice
from pintas.domino import _engine as _line
from pintas.errors import CorruptStateError
from tests.caminos import support as caminos_support
from tests.dice import support as dice_support
from tests.domino import support as domino_support
from tests.support import played, resealed


@dataclass(frozen=True)
class Saves:
    """One game's part in the checks."""

    name: str
    game: Any                     # the game class
    title: str                    # in "not a saved <title> game"
    use: str                      # what loads its saves
    state_size: int               # the bytes of C state that end every save
    games: st.SearchStrategy[Any]  # games some random moves in, to round-trip
    kept: tuple[str, ...]         # what a loaded game has as the saved one had
    saves: list[bytes]            # saves to corrupt
    noise: int                    # the longest random bytes tried as a save
    cut_every: int                # truncations tried: every this many bytes
    cut: tuple[int, ...]          # the saves truncated
    edited: tuple[int, ...]       # the saves whose C state is edited byte by byte
    finish: int | None            # moves played on after a load (None: to the end)
    configs: dict[str, Any]       # every configuration, to save in mid-game
    new: Callable[[Any], Any]     # a new game of some rules (seed 99)
    midgame: int                  # mid-game is fewer moves in than this

    def __str__(self) -> str:
        return self.name


def line_game(name: str, seed: int, moves: int) -> domino.Game:
    return played(domino.Game(domino_support.CONFIGS[name], seed=seed), moves)


def caminos_game(rules: caminos.Rules, seed: int, moves: int) -> caminos.Game:
    return played(caminos.Game(rules, seed=seed), moves)


GAMES = [
    Saves("domino", domino.Game, "domino", "domino.Game.from_bytes", _line.SAVE_SIZE,
          st.builds(line_game, st.sampled_from(sorted(domino_support.CONFIGS)),
                    st.integers(0, 2**64 - 1), st.integers(0, 120)),
          ("history", "events", "rules"), domino_support.SAVES,
          noise=600, cut_every=7, cut=(0, 1, 2, 3), edited=(3,), finish=None,
          configs=domino_support.CONFIGS, new=lambda rules: domino.Game(rules, seed=99),
          midgame=40),
    Saves("caminos", caminos.Game, "Caminos", "caminos.Game.from_bytes", _caminos.SAVE_SIZE,
          st.builds(caminos_game, st.sampled_from(list(caminos_support.CONFIGS.values())),
                    st.integers(0, 2**64 - 1), st.integers(0, 150)),
          ("history", "events", "rules", "paths", "pile"), caminos_support.SAVES,
          noise=700, cut_every=7, cut=(0, 1, 2), edited=(1, 4, 8), finish=None,
          configs=caminos_support.CONFIGS, new=lambda rules: caminos.Game(rules, seed=99),
          midgame=60),
    Saves("dice", dice.Game, "dice", "dice.Game.from_bytes", _dice.SAVE_SIZE,
          st.builds(dice_support.played_dice,
                    st.sampled_from(sorted(dice_support.SAVED_RULES)).map(
                        dice_support.SAVED_RULES.__getitem__),
                    st.integers(0, 2**64 - 1), st.integers(0, 150), st.integers(1, 8)),
          ("history", "events", "rules", "seed", "players", "first_player"), dice_support.SAVES,
          noise=600, cut_every=3, cut=(0, 1, 2, 3, 4), edited=(0, 1, 2, 3, 4), finish=5000,
          configs=dice_support.CONFIGS, new=lambda rules: dice.Game(rules, players=3, seed=99),
          midgame=60),
]


@pytest.mark.parametrize("case", GAMES, ids=str)
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(data=st.data())
def test_bytes_round_trip(case: Saves, data: st.DataObject) -> None:
    game = data.draw(case.games)
    saved = game.to_bytes()
    back = case.game.from_bytes(saved)
    assert back.to_bytes() == saved
    for name in case.kept:
        assert getattr(back, name) == getattr(game, name), name
    assert pickle.loads(pickle.dumps(game)).to_bytes() == saved
    assert case.game.from_bytes(bytearray(saved)).to_bytes() == saved


@pytest.mark.parametrize("case", GAMES, ids=str)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_random_bytes_never_load(case: Saves, data: st.DataObject) -> None:
    noise = data.draw(st.binary(max_size=case.noise))
    with pytest.raises(CorruptStateError):
        case.game.from_bytes(noise)


@pytest.mark.parametrize("case", GAMES, ids=str)
@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_mutated_saves_fail_cleanly_or_load_a_consistent_game(case: Saves,
                                                               data: st.DataObject) -> None:
    corrupt = bytearray(data.draw(st.sampled_from(case.saves)))
    where = data.draw(st.integers(0, 10**6))
    corrupt[where % len(corrupt)] ^= data.draw(st.integers(1, 255))
    with pytest.raises(CorruptStateError):
        case.game.from_bytes(bytes(corrupt))
    # With the checksum recomputed (anyone can), the checks behind it: a
    # mutation they accept (a seed byte, say) gives a game whose save is the
    # mutated bytes, that plays on to the end.
    try:
        game = case.game.from_bytes(resealed(corrupt))
    except CorruptStateError:
        return
    assert game.to_bytes() == resealed(corrupt)
    played(game, case.finish, random.Random(where))


@pytest.mark.parametrize(("case", "index"), [(case, i) for case in GAMES for i in case.cut],
                         ids=lambda x: str(x))
def test_truncated_and_extended_saves_are_rejected(case: Saves, index: int) -> None:
    data = case.saves[index]
    for cut in range(0, len(data), case.cut_every):
        with pytest.raises(CorruptStateError):
            case.game.from_bytes(data[:cut])
    with pytest.raises(CorruptStateError):
        case.game.from_bytes(data + b"\0")


@pytest.mark.parametrize(("case", "index"), [(case, i) for case in GAMES for i in case.edited],
                         ids=lambda x: str(x))
def test_every_edit_of_the_saved_state_is_rejected(case: Saves, index: int) -> None:
    # The save ends with the C state, then the checksum; the log must replay to
    # exactly that state, so a change to any byte of it is caught, with the
    # checksum recomputed too (by the C checks or by the replay).
    data = case.saves[index]
    end = len(data) - CHECKSUM_SIZE
    for where in range(end - case.state_size, end):
        corrupt = bytearray(data)
        corrupt[where] ^= 0x01
        with pytest.raises(CorruptStateError):
            case.game.from_bytes(resealed(corrupt))


@pytest.mark.parametrize(("case", "name"),
                         [(case, name) for case in GAMES for name in sorted(case.configs)],
                         ids=lambda x: str(x))
def test_midgame_copies_and_saves_are_independent(case: Saves, name: str) -> None:
    rng = random.Random(f"copy-{name}")
    game = played(case.new(case.configs[name]), rng.randrange(5, case.midgame), rng)
    saved = game.to_bytes()
    clone = game.copy()
    loaded = case.game.from_bytes(saved)
    if not clone.is_over:
        clone.play(clone.legal_moves()[0])
        assert game.to_bytes() == saved
    assert loaded.to_bytes() == saved
    for kept in case.kept:
        assert getattr(loaded, kept) == getattr(game, kept), kept


@pytest.mark.parametrize("case", GAMES, ids=str)
def test_errors_say_what_the_bytes_are_quoting_them(case: Saves) -> None:
    with pytest.raises(CorruptStateError, match=re.escape(
            "these bytes are not a pintas save (a save starts with b'PNTS'): they start "
            "b'HELLO WORLD, and more'")):
        case.game.from_bytes(b"HELLO WORLD, and more")
    with pytest.raises(CorruptStateError, match=r"not a pintas save .*: they are empty"):
        case.game.from_bytes(b"")
    with pytest.raises(CorruptStateError, match=r"a save cut short: b'PN'"):
        case.game.from_bytes(b"PN")
    with pytest.raises(CorruptStateError, match="save of format version 9: this pintas reads "
                                                "versions 1 and 2"):
        case.game.from_bytes(b"PNTS\x09" + case.saves[0][5:])
    with pytest.raises(CorruptStateError, match="save of no game this pintas knows "
                                                r"\(kind b'Z'\)"):
        case.game.from_bytes(b"PNTS\x01Z" + case.saves[0][6:])
    with pytest.raises(CorruptStateError, match="takes bytes"):
        case.game.from_bytes("PNTS")


@pytest.mark.parametrize(("case", "other"), [(a, b) for a in GAMES for b in GAMES if a != b],
                         ids=str)
def test_a_save_of_another_game_names_it_and_what_loads_it(case: Saves, other: Saves) -> None:
    with pytest.raises(CorruptStateError, match=re.escape(
            f"these bytes are a saved {other.title} game, not a {case.title} game: "
            f"use {other.use}")):
        case.game.from_bytes(other.saves[0])
    assert other.game.from_bytes(other.saves[0]).to_bytes() == other.saves[0]


def _unseeded_with_seeds(case: Saves) -> Any:
    """An unseeded game whose log holds a kept seed (a move drew from the PRNG)."""
    rules = next(iter(case.configs.values()))
    game = case.game(rules) if case.name != "dice" else case.game(rules, players=2)
    for move in range(5000):
        kept = any(isinstance(entry, tuple) and entry[0] == "seed" for entry in game._log)
        if game.is_over or (kept and move % 7 == 0):
            break
        game.play(game.legal_moves()[0])
    assert any(isinstance(entry, tuple) and entry[0] == "seed" for entry in game._log)
    return game


@pytest.mark.parametrize("case", GAMES, ids=str)
def test_a_log_must_hold_exactly_the_seeds_its_moves_used(case: Saves) -> None:
    """An unseeded game keeps the OS seed of a move exactly when the move drew
    from the PRNG; a save whose log says otherwise does not load."""
    game = _unseeded_with_seeds(case)
    assert case.game.from_bytes(game.to_bytes()) == game
    at = next(i for i, e in enumerate(game._log) if isinstance(e, tuple) and e[0] == "seed")
    plain = next(i for i, e in enumerate(game._log) if not isinstance(e, tuple)
                 and (i == 0 or not isinstance(game._log[i - 1], tuple)))
    forged = []
    for log in ([*game._log[:at], *game._log[at + 1:]],                   # a seed missing
                [*game._log[:plain], ("seed", 5), *game._log[plain:]],    # a seed no move used
                [*game._log, ("seed", 5)]):                               # a seed at the end
        copy = game.copy()
        copy._log = log
        forged.append(copy.to_bytes())
    seeded = bytearray(game.to_bytes())
    seeded[6] |= 1                                     # the same log, said to be seeded
    forged.append(resealed(seeded))
    for data in forged:
        with pytest.raises(CorruptStateError, match="seed"):
            case.game.from_bytes(data)

"""Moves, notation, deals, rules and saves built from arbitrary values.

Each is either refused (a PintasError or a TypeError, the game unchanged) or
accepted as a value that works: a parsed move reads back from its notation, a
deal makes a game with exactly its hands, rules make a game that plays, and a
save that loads writes back the same bytes.
"""

from __future__ import annotations

import dataclasses
import random
from functools import partial
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from pintas import Tile, TileSet, caminos, dice, domino, registry
from pintas.tiles import TILES

from .support import (
    FAMILIES,
    PRESETS,
    VALUES,
    WORDS,
    budget,
    each_family,
    expect_refusal,
    games,
    new_game,
    played,
)

#: Text near notation: the words the games read, cut, joined and garbled.
NOTATION = st.one_of(
    st.text(max_size=20),
    st.sampled_from(WORDS[:-3]),
    st.lists(st.sampled_from(WORDS[:-3] + [str(t) for t in TILES] + list("0123456789|LR ")),
             max_size=5).map(" ".join),
    st.tuples(st.sampled_from(WORDS[:-3]), st.integers(0, 12), st.text(max_size=3)).map(
        lambda w: w[0][:w[1]] + w[2] + w[0][w[1]:]),
)


@each_family(150)
def test_notation_is_refused_or_read_back(family: registry.Family, data: st.DataObject) -> None:
    game = data.draw(games(family))
    text = data.draw(NOTATION, label="text")
    before = game.to_bytes()
    move_type = type(game.legal_moves()[0]) if not game.is_over else None
    parsed: list[Any] = []
    if move_type is not None and expect_refusal(lambda: parsed.append(move_type.parse(text))) \
            is None:
        assert move_type.parse(str(parsed[0])) == parsed[0]
    chosen: list[Any] = []
    if not game.is_over and expect_refusal(lambda: chosen.append(game.parse_move(text))) is None:
        # legal, if not always listed: a roll of given dice, a line game's mirror placement
        assert game.is_legal(chosen[0])
    for read in (Tile.parse, TileSet.parse, dice.score):
        expect_refusal(partial(read, text))
    if expect_refusal(lambda: game.play(text)) is not None:
        assert game.to_bytes() == before
    else:  # played: the move parse_move read
        assert chosen and game.history[-1] == chosen[0]


MOVE_TYPES = (domino.Move, caminos.Move, dice.Move)


def _append_made(made: list[Any], make: Any, args: tuple[Any, ...]) -> None:
    made.append(make(*args))


@budget(200)
@given(data=st.data())
def test_moves_built_from_anything_are_refused_or_whole(data: st.DataObject) -> None:
    move_type = data.draw(st.sampled_from(MOVE_TYPES))
    args = data.draw(st.lists(VALUES, max_size=4).map(tuple), label="args")
    made: list[Any] = []
    for make in (move_type, *[getattr(move_type, name) for name in
                              ("from_code", "play", "place", "reveal", "keep", "roll")
                              if hasattr(move_type, name)]):
        if expect_refusal(partial(_append_made, made, make, args)) is None:
            move = made[-1]
            assert type(move) is move_type
            assert move_type.parse(str(move)) == move and hash(move) == hash(move_type.parse(
                str(move)))


@each_family(80)
def test_a_value_played_is_a_legal_move_or_changes_nothing(family: registry.Family,
                                                          data: st.DataObject) -> None:
    game = data.draw(games(family))
    value = data.draw(st.one_of(VALUES, st.sampled_from(
        [m for f in (domino, caminos) for m in (f.Move.from_code(0), f.Move.from_code(3))])))
    before, legal = game.to_bytes(), [] if game.is_over else game.legal_moves()
    if expect_refusal(lambda: game.play(value)) is not None:
        assert game.to_bytes() == before
    else:
        assert game.history[-1] in legal


# ---- deals -----------------------------------------------------------------------------------


@st.composite
def near_deals(draw: st.DrawFn, rules: Any) -> Any:
    """A deal of ``rules`` with one thing perhaps wrong: a tile moved, doubled,
    dropped or swapped for anything."""
    tiles: list[Any] = list(draw(st.permutations(TILES)))
    if isinstance(rules, domino.Rules):
        cut = 7 * rules.players
        parts = {"hands": [tiles[7 * s:7 * s + 7] for s in range(rules.players)],
                 "boneyard": tiles[cut:] if rules.draws else []}
    else:
        size = rules.hand_size
        rest = tiles[rules.paths:]
        parts = {"paths": tiles[:rules.paths],
                 "hands": [rest[size * s:size * s + size] for s in range(rules.players)],
                 "pile": rest[size * rules.players:]}
    name = draw(st.sampled_from(sorted(parts)))
    lists = parts[name] if name == "hands" else [parts[name]]
    target = draw(st.sampled_from(lists))
    how = draw(st.sampled_from(["keep", "drop", "double", "swap", "append"]))
    if target and how == "drop":
        target.pop(draw(st.integers(0, len(target) - 1)))
    elif target and how == "double":
        target.append(target[0])
    elif target and how == "swap":
        target[draw(st.integers(0, len(target) - 1))] = draw(VALUES)
    elif how == "append":
        target.append(draw(st.sampled_from(TILES)))
    return parts


@each_family(120, [f for f in FAMILIES if f.name != "dice"])
def test_a_deal_is_refused_or_dealt_as_written(family: registry.Family,
                                               data: st.DataObject) -> None:
    preset = data.draw(st.sampled_from([p for p in PRESETS if p.family is family]))
    rules = preset.rules()
    deal_type = domino.Deal if family.name == "domino" else caminos.Deal
    parts = data.draw(st.one_of(near_deals(rules), st.fixed_dictionaries(
        {name: VALUES for name in (f.name for f in dataclasses.fields(deal_type))})))
    deals: list[Any] = []
    if expect_refusal(lambda: deals.append(deal_type(**parts))) is not None:
        return
    games_made: list[Any] = []
    if expect_refusal(lambda: games_made.append(family.game_type(rules, deal=deals[0]))) is None:
        game = games_made[0]
        if not any(e.kind == "redeal" for e in game.events):  # a hand of 5 doubles is redealt
            assert tuple(game.hand(s) for s in range(game.seats)) == deals[0].hands
        played(game, 30, 1)
    seeded = new_game(preset, 5, rules.players)
    before = seeded.to_bytes()
    if expect_refusal(lambda: seeded.set_deal(deals[0])) is not None:
        assert seeded.to_bytes() == before


# ---- rules -----------------------------------------------------------------------------------


@each_family(120)
def test_rules_are_refused_or_make_a_game_that_plays(family: registry.Family,
                                                      data: st.DataObject) -> None:
    preset = data.draw(st.sampled_from([p for p in PRESETS if p.family is family]))
    base = preset.rules()
    names = [f.name for f in dataclasses.fields(base)]
    changed = data.draw(st.dictionaries(st.sampled_from(names), st.one_of(
        VALUES, st.integers(-3, 300), st.sampled_from([getattr(base, n) for n in names])),
        max_size=3), label="changes")
    rules_type: Any = family.rules_type
    made: list[Any] = []
    for make in (lambda: dataclasses.replace(base, **changed),
                 lambda: rules_type.from_dict({**base.to_dict(), **changed}),
                 lambda: rules_type.from_dict(data.draw(VALUES, label="plain"))):
        if expect_refusal(partial(_append_made, made, make, ())) is not None:
            continue
        rules = made[-1]
        assert rules_type.from_dict(rules.to_dict()) == rules
        game = family.new_game(rules, seats=None if family.seats_from_rules else 2, seed=3)
        played(game, 60, 3)
        assert type(game).from_bytes(game.to_bytes()).to_bytes() == game.to_bytes()


# ---- saves -----------------------------------------------------------------------------------


def _mutated(data: bytes, rng: random.Random, other: bytes) -> bytes:
    """``data`` with a few bits flipped, cut, grown, or spliced with ``other``."""
    out = bytearray(data)
    how = rng.choice(["flip", "flips", "cut", "grow", "splice", "byte"])
    if how == "flip" and out:
        i = rng.randrange(len(out) * 8)
        out[i // 8] ^= 1 << i % 8
    elif how == "flips":
        for _ in range(rng.randint(2, 8)):
            if out:
                out[rng.randrange(len(out))] ^= rng.randrange(1, 256)
    elif how == "cut":
        del out[rng.randrange(len(out) + 1):]
    elif how == "grow":
        out[rng.randrange(len(out) + 1):0] = bytes(rng.randrange(256)
                                                   for _ in range(rng.randint(1, 9)))
    elif how == "splice":
        at = rng.randrange(len(out) + 1)
        out[at:] = other[at:]
    elif out:
        out[rng.randrange(len(out))] = rng.randrange(256)
    return bytes(out)


KEY = b"a server's secret key, 32 bytes."


@each_family(150)
def test_a_save_is_refused_or_loads_as_itself(family: registry.Family,
                                              data: st.DataObject) -> None:
    game_type: Any = family.game_type
    game, other = data.draw(games(family)), data.draw(games(family))
    keyed = data.draw(st.booleans(), label="keyed")
    key = KEY if keyed else None
    rng = random.Random(data.draw(st.integers(0, 2**32), label="rng"))
    saved = game.to_bytes(key=key)
    candidates = [_mutated(saved, rng, other.to_bytes(key=key)) for _ in range(4)]
    candidates.append(data.draw(st.binary(max_size=300), label="bytes"))
    for blob in candidates:
        loaded: list[Any] = []
        load = partial(game_type.from_bytes, blob, key=key)
        if expect_refusal(partial(_append_made, loaded, load, ())) is None:
            assert loaded[0].to_bytes(key=key) == blob  # canonical: only exact saves load
    assert game_type.from_bytes(saved, key=key) == game
    wrong_key = data.draw(st.one_of(VALUES, st.binary(max_size=40)), label="key")
    if wrong_key != key:
        assert expect_refusal(lambda: game_type.from_bytes(saved, key=wrong_key))


@each_family(60)
def test_from_bytes_refuses_what_is_not_bytes(family: registry.Family,
                                              data: st.DataObject) -> None:
    game_type: Any = family.game_type
    value = data.draw(VALUES)
    assert expect_refusal(lambda: game_type.from_bytes(value))

"""Observations and keys of views (``View.encode``, ``View.encoding``,
``View.key``): their sizes and parts, every entry 0 or 1, a hand-made
position read part by part, and nothing hidden in them: the other seats'
tiles and the pile changed, or the dice's generator, and with the same public
history every seat's vector and key stay the same."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry
from pintas.errors import PintasTypeError
from pintas.tiles import TILES, Tile
from tests.caminos.support import shuffled_deal

SIZES = {"domino": 408, "caminos": 929, "dice": 341}


def new_game(name: str, seed: int) -> Any:
    preset = registry.preset(name)
    return preset.family.new_game(preset.rules(), seats=None if preset.family.seats_from_rules
                                  else 3, seed=seed)


@pytest.mark.parametrize("name", [p.name for p in registry.presets()])
def test_every_seat_s_vector_is_flags_of_the_game_s_size(name: str) -> None:
    game = new_game(name, 5)
    family: Any = registry.preset(name).family
    parts = family.view_type.encoding()
    assert sum(p.stop - p.start for p in parts.values()) == SIZES[family.name]
    assert next(iter(parts.values())).start == 0
    choose = random.Random(5)
    keys: set[bytes] = set()
    for _ in range(120):
        for seat in range(game.seats):
            view = game.view(seat)
            vector = view.encode()
            assert len(vector) == SIZES[family.name] and set(vector) <= {0, 1}
            key = view.key()
            assert key == game.view(seat).key()
            if seat == 0:
                keys.add(key)
        legal = game.legal_moves()
        if not legal:
            break
        game.play(choose.choice(legal))
    assert len(keys) > 20  # every move shows seat 0 something: its key moves on


def test_a_hand_made_opening_reads_part_by_part() -> None:
    hands = [[t for t in TILES[s::4]] for s in range(4)]
    game = domino.Game(domino.Rules.dominican(), deal=domino.Deal(hands), seed=1)
    opening = game.legal_moves()[0]
    leader = game.to_move
    game.play(opening)
    assert opening.tile is not None and leader is not None
    parts = domino.View.encoding()
    for seat in range(4):
        vector = game.view(seat).encode()
        rel = (leader - seat) % 4
        hand = vector[parts["hand"]]
        assert [t for t in TILES if hand[t.index]] == sorted(game.hand(seat), key=lambda t: t.index)
        played = vector[parts["played"]]
        assert [i for i, bit in enumerate(played) if bit] == [28 * rel + opening.tile.index]
        assert list(vector[parts["to_move"]]) == [int(i == (rel + 1) % 4) for i in range(4)]
        assert vector[parts["left_end"]][opening.tile.high] == 1


def test_an_observation_fills_a_caller_s_buffer() -> None:
    view = dice.Game(dice.Rules.farkle(), players=2, seed=3).view(0)
    out = bytearray(b"\x09" * 400)
    assert view.encode(out) is out and out[341:] == b"\x09" * 59
    assert out[:341] == view.encode()
    bad: Any
    for bad in (bytearray(340), b"\x00" * 341, 7):
        with pytest.raises(PintasTypeError, match="an observation"):
            view.encode(bad)


# ---- nothing hidden ------------------------------------------------------------------


def swapped(hands: list[list[Tile]], pile: list[Tile], seat: int,
            rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """The same deal for ``seat``: the other hands and the pile hold the same
    numbers of tiles, the doubles stay where they were (they decide who
    leads), every other hidden tile is shuffled among them."""
    hidden = [t for s, hand in enumerate(hands) if s != seat for t in hand if not t.is_double]
    hidden += [t for t in pile if not t.is_double]
    rng.shuffle(hidden)
    out = [list(hand) if s == seat else [t if t.is_double else hidden.pop() for t in hand]
           for s, hand in enumerate(hands)]
    return out, [t if t.is_double else hidden.pop() for t in pile]


def play_alike(a: Any, b: Any, seat: int, rng: random.Random, moves: int = 200) -> int:
    """Play both games by the same public moves (legal in both) while ``seat``
    sees the same in both (its views are equal: until a round's end shows the
    hands, or a pile's tile is turned up), checking that its vector and key
    are the same (a line game's and a dice game's view keep the C view made
    from the game's own state); the positions compared (the C tests swap
    hidden tiles at every position of whole games; here the two deals part as
    soon as a hidden tile decides a move)."""
    compared = 0
    for played in range(moves):
        va, vb = a.view(seat), b.view(seat)
        if va != vb:
            break
        assert va.encode() == vb.encode(), played
        assert va.key() == vb.key(), played
        compared += 1
        both = [m for m in a.legal_moves() if b.is_legal(m)]
        if not both:
            break
        move = rng.choice(both)
        a.play(move)
        b.play(move)
    return compared


@pytest.mark.parametrize("rules", [domino.Rules.dominican(), domino.Rules.muggins(players=3),
                                   domino.Rules.capicua(players=2)], ids=str)
@pytest.mark.parametrize("seed", range(3))
def test_the_other_tiles_are_not_seen(rules: domino.Rules, seed: int) -> None:
    rng = random.Random(seed)
    tiles = list(TILES)
    rng.shuffle(tiles)
    size = 7
    hands = [tiles[s * size:(s + 1) * size] for s in range(rules.players)]
    pile = tiles[rules.players * size:] if rules.draws else []
    alike = 0
    for seat in range(rules.players):
        other_hands, other_pile = swapped(hands, pile, seat, rng)
        a = domino.Game(rules, deal=domino.Deal(hands, pile), seed=seed)
        b = domino.Game(rules, deal=domino.Deal(other_hands, other_pile), seed=seed)
        alike += play_alike(a, b, seat, rng)
    assert alike > rules.players


@pytest.mark.parametrize("seed", range(3))
def test_the_other_tiles_of_caminos_are_not_seen(seed: int) -> None:
    rng = random.Random(seed)
    rules = caminos.Rules.base(players=3)
    paths, hands, pile = shuffled_deal(rules, rng)
    alike = 0
    for seat in range(3):
        other_hands, other_pile = swapped(hands, pile, seat, rng)
        a = caminos.Game(rules, deal=caminos.Deal(paths, hands, pile), seed=seed)
        b = caminos.Game(rules, deal=caminos.Deal(paths, other_hands, other_pile), seed=seed)
        alike += play_alike(a, b, seat, rng)
    assert alike > 3


@pytest.mark.parametrize("seed", range(3))
def test_the_dice_to_come_are_not_seen(seed: int) -> None:
    # the same rolls, given by hand, in two games whose generators differ
    rng = random.Random(seed)
    a = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=seed)
    b = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=seed + 1000)
    for _ in range(150):
        for seat in range(2):
            assert a.view(seat).encode() == b.view(seat).encode()
            assert a.view(seat).key() == b.view(seat).key()
        legal = a.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        if move.kind == "roll":
            move = dice.Move.roll([rng.randint(1, 6) for _ in range(a.dice_to_roll)])
        a.play(move)
        b.play(move)

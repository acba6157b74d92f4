"""Observations written straight from a game's C state (each game binding's
``Observer``, what the PettingZoo environments read): the very bytes of
``View.encode`` for every seat, to move or not, over whole games of every
preset; the mask of ``legal_mask``; nothing hidden in them (every hidden
tile changed, the dice's generator reseeded); the round's record followed
across games, deals and replaced logs; and refusals that write nothing."""

from __future__ import annotations

import random
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry
from pintas.errors import PintasTypeError, SeatError, SeatTypeError
from pintas.tiles import TILES, Tile
from tests.caminos.support import shuffled_deal
from tests.support import played_alike

PRESETS = [p.name for p in registry.presets()]


def new_game(name: str, seed: int) -> Any:
    preset = registry.preset(name)
    return preset.family.new_game(preset.rules(), seats=None if preset.family.seats_from_rules
                                  else 3, seed=seed)


def observer_of(game: Any) -> Any:
    """A new Observer of the game's binding."""
    binding: Any = type(game.view(0))._binding()
    return binding.Observer()


def observed(observer: Any, game: Any, seat: int) -> tuple[bytes, bytes]:
    """What ``observer`` writes for ``seat``: the vector and the mask."""
    out, mask = bytearray(len(game.view(seat).encode())), bytearray(game.action_count)
    observer.observe(game, seat, out, mask)
    return bytes(out), bytes(mask)


def check_every_seat(observer: Any, game: Any) -> None:
    for seat in range(game.seats):
        vector, mask = observed(observer, game, seat)
        assert vector == game.view(seat).encode()
        assert mask == (game.legal_mask() if seat == game.to_move else bytes(game.action_count))


@pytest.mark.parametrize("name", PRESETS)
@pytest.mark.parametrize("seed", range(3))
def test_every_seat_s_observation_is_its_view_s_encoding(name: str, seed: int) -> None:
    game, rng = new_game(name, seed), random.Random(seed)
    observer = observer_of(game)
    moves = 0
    while True:
        check_every_seat(observer, game)  # the seat to move and every other
        if game.is_over or moves == 400:
            break
        legal = game.legal_indices()
        game.play_index(legal[rng.randrange(len(legal))])
        moves += 1
    assert moves > 20


# ---- nothing hidden ------------------------------------------------------------------


def every_hidden_tile_moved(hands: list[list[Tile]], pile: list[Tile], seat: int,
                            keep: Any) -> tuple[list[list[Tile]], list[Tile]]:
    """The same deal for ``seat`` with every hidden tile (the other hands', the
    pile's) where another one was, but those ``keep`` names (what decides who
    leads): the hidden places, in order, take the next place's tile."""
    places = [(s, i) for s, hand in enumerate(hands) if s != seat
              for i, t in enumerate(hand) if not keep(t)]
    places += [(-1, i) for i, t in enumerate(pile) if not keep(t)]
    out, rest = [list(h) for h in hands], list(pile)

    def tile_at(place: tuple[int, int]) -> Tile:
        return pile[place[1]] if place[0] < 0 else hands[place[0]][place[1]]

    for k, (s, i) in enumerate(places):
        moved = tile_at(places[(k + 1) % len(places)])
        if s < 0:
            rest[i] = moved
        else:
            out[s][i] = moved
    return out, rest


def observed_alike(a: Any, b: Any, seat: int, rng: random.Random) -> int:
    """Play both games by the same moves while ``seat``'s views are equal,
    checking that it observes the same in both; the positions compared."""
    oa, ob = observer_of(a), observer_of(b)

    def check() -> None:
        assert observed(oa, a, seat) == observed(ob, b, seat)
        assert observed(oa, a, seat)[0] == a.view(seat).encode()

    return played_alike(a, b, rng, lambda: bool(a.view(seat) == b.view(seat)), check)


@pytest.mark.parametrize(("name", "options"), [("dominican", {}), ("muggins", {"players": 2}),
                                               ("capicua", {"players": 3})])
def test_every_hidden_tile_changed_changes_no_line_observation(name: str,
                                                              options: dict[str, Any]) -> None:
    rules = registry.preset(name).rules(**options)
    players = rules.players
    rng = random.Random(players)
    tiles = list(TILES)
    rng.shuffle(tiles)
    hands = [tiles[s * 7:(s + 1) * 7] for s in range(players)]
    pile = tiles[players * 7:] if rules.draws else []
    for seat in range(players):
        other_hands, other_pile = every_hidden_tile_moved(hands, pile, seat,
                                                            lambda t: t.is_double)
        a = domino.Game(rules, seed=1, deal=domino.Deal(hands, pile))
        b = domino.Game(rules, seed=1, deal=domino.Deal(other_hands, other_pile))
        assert a.hand(seat) == b.hand(seat)
        assert all(a.hand(s) != b.hand(s) for s in range(players) if s != seat)
        assert observed_alike(a, b, seat, rng) >= 2


@pytest.mark.parametrize("seat", range(3))
def test_every_hidden_tile_changed_changes_no_caminos_observation(seat: int) -> None:
    rules = caminos.Rules.base(players=3)
    rng = random.Random(seat)
    paths, hands, pile = shuffled_deal(rules, rng)
    other_hands, other_pile = every_hidden_tile_moved(hands, pile, seat, lambda t: False)
    a = caminos.Game(rules, seed=2, deal=caminos.Deal(paths, hands, pile))
    b = caminos.Game(rules, seed=2, deal=caminos.Deal(paths, other_hands, other_pile))
    assert all(a.hand(s) != b.hand(s) for s in range(3) if s != seat)
    assert observed_alike(a, b, seat, rng) >= 1


def test_the_dice_s_generator_reseeded_changes_no_observation() -> None:
    game = dice.Game(dice.Rules.farkle(), players=3, seed=4)
    observer = observer_of(game)
    rng = random.Random(4)
    for _ in range(30):
        if game.is_over:
            break
        before = [observed(observer, game, seat) for seat in range(3)]
        game._reseed(rng.getrandbits(64))
        assert [observed(observer, game, seat) for seat in range(3)] == before
        legal = game.legal_indices()
        game.play_index(legal[rng.randrange(len(legal))])


# ---- the record followed -------------------------------------------------------------


@pytest.mark.parametrize("name", ["dominican", "caminos"])
def test_one_observer_follows_games_in_turn(name: str) -> None:
    first, second = new_game(name, 1), new_game(name, 2)
    observer = observer_of(first)
    rng = random.Random(3)
    for _ in range(40):
        for game in (first, second, first):  # each call another log than the last's
            check_every_seat(observer, game)
        for game in (first, second):
            if not game.is_over:
                legal = game.legal_indices()
                game.play_index(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", ["dominican", "caminos"])
def test_a_replaced_log_is_read_again(name: str) -> None:
    game, rng = new_game(name, 5), random.Random(5)
    observer = observer_of(game)
    for _ in range(12):
        legal = game.legal_indices()
        game.play_index(legal[rng.randrange(len(legal))])
    check_every_seat(observer, game)
    # a game sampled from a seat's view: its state and its log replaced
    world = game.view(game.to_move).sample_game(seed=7)
    check_every_seat(observer, world)
    # a copy's log is another list of the same events; an observer following
    # the original sees the copy's moves only once they are in its own log
    twin = game.copy()
    check_every_seat(observer, twin)
    twin.play_index(twin.legal_indices()[0])
    check_every_seat(observer, twin)
    check_every_seat(observer, game)


def test_a_deal_set_before_the_first_move_starts_the_round_again() -> None:
    rules = domino.Rules.muggins(players=2)
    game = domino.Game(rules, seed=3)
    observer = observer_of(game)
    check_every_seat(observer, game)
    tiles = list(TILES)
    game.set_deal(domino.Deal([tiles[:7], tiles[7:14]], tiles[14:]))
    check_every_seat(observer, game)


# ---- refusals ------------------------------------------------------------------------


def test_refusals_write_nothing() -> None:
    game = new_game("dominican", 1)
    observer = observer_of(game)
    out, mask = bytearray(b"\x07" * 408), bytearray(b"\x07" * 58)
    with pytest.raises(PintasTypeError, match="LineGame"):
        observer.observe(new_game("caminos", 1), 0, out, mask)
    with pytest.raises(SeatError):
        observer.observe(game, 4, out, mask)
    with pytest.raises(SeatTypeError):
        observer.observe(game, "0", out, mask)
    with pytest.raises(PintasTypeError, match="at least 408"):
        observer.observe(game, 0, bytearray(407), mask)
    with pytest.raises(PintasTypeError, match="at least 58"):
        observer.observe(game, 0, out, bytearray(57))
    with pytest.raises(PintasTypeError, match="writable"):
        observer.observe(game, 0, bytes(408), mask)
    with pytest.raises(PintasTypeError, match="one-byte"):
        observer.observe(game, 0, memoryview(bytearray(816)).cast("H"), mask)
    with pytest.raises(PintasTypeError, match="writable"):
        observer.observe(game, 0, out, 5)
    assert out == b"\x07" * 408 and mask == b"\x07" * 58
    observer.observe(game, 0, out)  # the mask is optional
    assert out == game.view(0).encode() and mask == b"\x07" * 58

"""One random-simulation test run over every game through the game protocol.

Every preset of the registry, at several seat counts, is played by uniformly
random legal moves, and at every step what the protocol promises is checked:
only the seat to move has moves, and its view lists the game's; the events a
move returns are the ones the log gains; copies, replays, saves and pickles
give equal games; moves, events and views survive their plain-data form (as
JSON); a view's plain data names no tile its seat may not know; games end.
"""

from __future__ import annotations

import json
import pickle
import random
import re
from typing import Any

import pytest

from pintas import caminos, dice, domino, protocol, registry
from pintas.errors import IllegalMoveError
from pintas.tiles import Tile

#: (preset, options, seats where the game chooses them)
CASES = [
    ("dominican", {}, None), ("dominican", {"mode": "two", "target": 60}, None),
    ("dominican", {"mode": "three", "target": 60}, None),
    ("muggins", {"players": 2, "target": 60}, None), ("muggins", {"players": 4}, None),
    ("capicua", {"players": 3}, None), ("capicua", {"pairs": True, "target": 8}, None),
    ("caminos", {"players": 2}, None), ("caminos", {"players": 4, "rounds": 1}, None),
    ("caminos_no_renewal", {}, None), ("caminos_two_paths", {"players": 4}, None),
    ("dice_of_doom", {"target": 6000}, 3), ("farkle", {"target": 2000}, 1),
]
#: The kinds of event whose tile only the acting seat sees, by family.
SECRET = {"domino": {"draw", "deal"}, "caminos": {"draw", "choose"}, "dice": set()}
MAX_MOVES = 20_000
TILE = re.compile(r"^[0-6]\|[0-6]$")


def _tiles_in(data: Any) -> set[Tile]:
    """Every tile named anywhere in plain data."""
    if isinstance(data, str):
        return {Tile.parse(data)} if TILE.match(data) else set()
    if isinstance(data, list):
        return set().union(*map(_tiles_in, data)) if data else set()
    if isinstance(data, dict):
        return set().union(*map(_tiles_in, data.values())) if data else set()
    return set()


def _known_to(game: Any, family: registry.Family, seat: int) -> set[Tile]:
    """The tiles ``seat`` may know: its hand, and every tile an event showed it."""
    known = set(game.hand(seat))
    for event in game.events:
        if event.seat == seat or event.kind not in SECRET[family.name]:
            known |= _tiles_in(event.to_dict())
    return known


def _round_trips(value: Any) -> None:
    data = json.loads(json.dumps(value.to_dict()))
    assert type(value).from_dict(data) == value


def _check_views(game: Any, family: registry.Family) -> None:
    for seat in range(game.seats):
        view = game.view(seat)
        assert isinstance(view, protocol.View) and isinstance(view, family.view_type)
        if seat == game.to_move:
            assert view.legal_moves() == game.legal_moves()
        else:
            assert view.legal_moves() == []
        data = view.to_dict()
        assert type(view).from_dict(json.loads(json.dumps(data))) == view
        if family.name != "dice":
            leaked = _tiles_in(data) - _known_to(game, family, seat)
            assert not leaked, f"seat {seat}'s view names {sorted(leaked)}"


def _check_copies(game: Any) -> None:
    data = game.to_bytes()
    for same in (game.copy(), game.replay(), type(game).from_bytes(data),
                 pickle.loads(pickle.dumps(game))):
        assert same == game and same.to_bytes() == data
        assert same.history == game.history and same.events == game.events


@pytest.mark.parametrize(("name", "options", "seats"), CASES,
                         ids=[f"{n}-{i}" for i, (n, _, _) in enumerate(CASES)])
@pytest.mark.parametrize("seed", [3, 11])
def test_random_games_keep_every_promise(name: str, options: dict[str, Any], seats: int | None,
                                         seed: int) -> None:
    rules = registry.preset(name).rules(**options)
    family = registry.family_of(rules)
    game = family.new_game(rules, seats, seed)
    assert isinstance(game, protocol.Game) and registry.family_of(game) is family
    rng = random.Random(seed)
    for step in range(MAX_MOVES):
        if game.is_over:
            break
        if step % 37 == 0:
            _check_views(game, family)
            _check_copies(game)
        moves = game.legal_moves()
        assert moves and game.to_move is not None
        move = rng.choice(moves)
        assert isinstance(move, protocol.Move) and game.is_legal(move)
        _round_trips(move)
        before = len(game.events)
        events = game.play(move)
        assert list(game.events[before:]) == events and game.history[-1] == move
        for event in events:
            assert isinstance(event, protocol.Event)
            _round_trips(event)
    assert game.is_over, f"{rules} did not end within {MAX_MOVES} moves"
    assert game.legal_moves() == [] and game.to_move is None and game.winners
    assert all(0 <= side < len(game.scores) for side in game.winners)
    _check_views(game, family)
    _check_copies(game)
    with pytest.raises(IllegalMoveError):
        game.play(move)


def test_every_game_and_view_class_implements_the_protocol() -> None:
    # Checked twice: by mypy --strict (these assignments type-check only if each
    # class has every member of the protocol, with compatible types), and at run
    # time by isinstance.
    games: list[protocol.Game] = [domino.Game(domino.Rules.dominican(), seed=1),
                                  caminos.Game(caminos.Rules.base(), seed=1),
                                  dice.Game(dice.Rules.farkle(), seed=1)]
    views: list[protocol.View] = [game.view(0) for game in games]
    players: list[protocol.Player] = [registry.make_player(kind.name, game.rules)
                                      for game in games
                                      for kind in registry.family_of(game).players]
    assert all(isinstance(g, protocol.Game) for g in games)
    assert all(isinstance(v, protocol.View) for v in views)
    assert all(isinstance(p, protocol.Player) for p in players)


def test_games_compare_by_value_and_are_not_hashable() -> None:
    games: list[protocol.Game] = [domino.Game(domino.Rules.dominican(), seed=1),
             caminos.Game(caminos.Rules.base(), seed=1),
             dice.Game(dice.Rules.farkle(), seed=1)]
    for game in games:
        other = game.copy()
        assert other == game and other is not game
        other.play(other.legal_moves()[0])
        assert other != game
        with pytest.raises(TypeError):
            hash(game)
    assert games[0] != domino.Game(domino.Rules.dominican(), seed=2)
    assert games[0] != games[1]

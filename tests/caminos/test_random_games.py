"""The generic random-game test for Caminos: every
preset with 2, 3 and 4 players.

Random legal moves only; after every move of the first games of each preset
the invariants hold: only the player to move has moves, the views agree with
the referee and hide what they must, tiles are conserved, a rejected move
changes nothing, copies and saves round-trip, the last turns follow a player
going out, and the history replays to the same game. Every game ends within
a bound.
"""

from __future__ import annotations

import random

import pytest

from pintas import caminos
from pintas.caminos import Game, Move, Rules
from pintas.tiles import TileSet
from tests.caminos.support import CONFIGS
from tests.support import assert_replays, play_checked, played

GAMES_PER_CONFIG = 25
DEEP_GAMES = 3
MAX_MOVES_PER_GAME = 5000   # random base rounds have a long tail: 968 moves in 900,000 rounds
ALL_CODES = range(478)


def check_invariants(game: Game) -> None:
    rules = game.rules
    hands = [game.hand(s) for s in range(rules.players)]
    parts = [*hands, TileSet(game.pile), game.discard, *(p.tiles for p in game.paths)]
    seen = 0
    for part in parts:
        assert not seen & int(part), "a tile is in two places"
        seen |= int(part)
    assert seen == int(TileSet.full()), "a tile went missing"
    assert game.hand_sizes == tuple(len(h) for h in hands)
    assert game.pile_size == len(game.pile)
    legal = game.legal_moves()
    if not game.is_over:
        assert legal, "a live game must offer a move"
        kinds = {m.kind for m in legal}
        assert kinds in ({"reveal"}, {"place"}, {"draw"}, {"pass"})
        assert (game.phase == "reveal") == (kinds == {"reveal"})
    for seat in range(rules.players):
        view = game.view(seat)
        assert view.hand == hands[seat]
        assert view.paths == game.paths and view.pile_size == game.pile_size
        assert not hasattr(view, "pile")
        assert view.legal_moves() == (legal if seat == game.to_move else [])
        assert view.my_choice == game.choice(seat)
        for event in view.log:
            if event.kind in ("draw", "choose") and event.seat != seat:
                assert event.tile is None, "a view shows another seat's secret tile"
        assert len(view.log) == len(game.events)


def mirror_images(game: Game) -> set[int]:
    """The codes of the back placements left out of the legal moves because a
    path's sides are alike (an empty double): accepted all the same."""
    alike = {p.number for p in game.paths if p.sides_alike}
    return {Move.place(m.tile, "back", m.path).code for m in game.legal_moves()
            if m.tile is not None and m.path in alike}


def illegal_move(game: Game, rng: random.Random) -> Move:
    legal = {m.code for m in game.legal_moves()}
    mirrors = mirror_images(game)
    assert all(game.is_legal(Move.from_code(c)) for c in mirrors)
    move = Move.from_code(rng.choice([c for c in ALL_CODES if c not in legal | mirrors]))
    assert not game.is_legal(move)
    return move


def check_last_turns(game: Game) -> None:
    """docs/rules.md section 2: after a player places its last tile, each other
    player has one last turn in turn order, then the round ends."""
    n = game.rules.players
    moves = iter(game.history)
    seat_of_move: list[tuple[int, list[caminos.Event]]] = []
    events = list(game.events)
    # group the events by move: each move's events start with the move's own
    start = 1 + game.rules.paths  # the first deal
    for move in moves:
        seat = events[start].seat
        assert seat is not None
        group = [events[start]]
        start += 1
        while start < len(events) and events[start].kind not in (
                "choose", "place", "draw", "pass"):
            group.append(events[start])
            start += 1
        seat_of_move.append((seat, group))
        assert group[0].kind == {"reveal": "choose"}.get(move.kind, move.kind)
    for i, (seat, group) in enumerate(seat_of_move):
        if any(e.kind == "out" for e in group):
            after = seat_of_move[i + 1:i + n]
            assert [s for s, _ in after] == [(seat + k) % n for k in range(1, n)]
            assert all(not any(e.kind == "round_end" for e in g) for _, g in after[:-1])
            assert any(e.kind == "round_end" and e.reason == "out" for e in after[-1][1])


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_games_keep_every_invariant(name: str) -> None:
    rules = CONFIGS[name]
    rng = random.Random(name)
    for number in range(GAMES_PER_CONFIG):
        deep = number < DEEP_GAMES
        game = play_checked(Game(rules, seed=rng.getrandbits(64)), rng, MAX_MOVES_PER_GAME,
                            check_invariants if deep else None, illegal_move)
        check_invariants(game)
        assert game.legal_moves() == [] and game.round == rules.rounds
        best = max(game.scores)
        assert all(s <= 0 for s in game.scores)
        assert game.winners == tuple(s for s in range(rules.players) if game.scores[s] == best)
        assert game.events[-1].kind == "game_end"
        assert sum(1 for e in game.events if e.kind == "round_end") == rules.rounds
        check_last_turns(game)
        if deep or number % 5 == 0:
            assert_replays(game, Game(rules, seed=game.seed))


def test_unseeded_games_replay_from_their_audit_seeds() -> None:
    rng = random.Random(5)
    game = Game(Rules.base(players=3))
    assert game.seed is None
    played(game, rng=rng)
    # one fresh seed per move that dealt or reshuffled (both in one move share it)
    random_moves, used = 0, False
    for event in game.events[1 + game.rules.paths:]:
        if event.kind in ("choose", "place", "draw", "pass"):
            random_moves += used
            used = False
        used |= event.kind in ("deal", "reshuffle")
    random_moves += used
    assert random_moves >= game.round - 1
    assert len(game.deal_seeds) == 1 + random_moves
    saved = game.to_bytes()
    assert game.replay().to_bytes() == saved
    assert Game.from_bytes(saved).deal_seeds == game.deal_seeds
    for seat in range(3):
        assert not hasattr(game.view(seat), "deal_seeds")

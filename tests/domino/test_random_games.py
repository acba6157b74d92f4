"""The generic random-game test, over every preset.

Random legal moves only; after every move the invariants hold: only the
player to move has moves, the views agree with the referee, tiles are
conserved, a rejected move changes nothing, copies and saves round-trip, and
the history replays to the same game. Every game ends within a bound.
"""

from __future__ import annotations

import random

import pytest

from pintas import domino
from tests.domino.support import CONFIGS
from tests.support import assert_replays, play_checked, played

GAMES_PER_CONFIG = 150
MAX_MOVES_PER_GAME = 20_000


def check_invariants(game: domino.Game) -> None:
    rules = game.rules
    on_table = {t for t, _ in game.placements}
    hands = [game.hand(s) for s in range(rules.players)]
    seen: set[object] = set(on_table)
    for hand in hands:
        assert not seen & set(hand), "a tile is in two places"
        seen |= set(hand)
    aside = 0 if rules.draws else 28 - 7 * rules.players
    assert len(seen) + game.boneyard_size + aside == 28
    assert game.hand_sizes == tuple(len(h) for h in hands)
    legal = game.legal_moves()
    for seat in range(rules.players):
        view = game.view(seat)
        assert view.hand == hands[seat]
        if seat == game.to_move:
            assert view.legal_moves() == legal
        else:
            assert view.legal_moves() == []
        for event in view.log:
            if event.kind == "draw" and event.seat != seat:
                assert event.tile is None, "a view shows another seat's drawn tile"
    if not game.is_over:
        assert legal, "a live game must offer a move"
        kinds = {m.kind for m in legal}
        assert len(kinds) == 1, "draw/pass only when no tile can be played"


def mirror_images(game: domino.Game) -> set[domino.Move]:
    """The RIGHT placements left out of the legal moves because the ends are
    alike: accepted all the same."""
    if game.ends is None or game.ends[0] != game.ends[1]:
        return set()
    return {domino.Move.play(m.tile, "R") for m in game.legal_moves() if m.tile is not None}


def illegal_move(game: domino.Game, rng: random.Random) -> domino.Move:
    legal = set(game.legal_moves())
    mirrors = mirror_images(game) - legal
    assert all(game.is_legal(m) for m in mirrors)
    return rng.choice([m for m in map(domino.Move.from_code, range(58))
                       if m not in legal and m not in mirrors])


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_random_games_keep_every_invariant(name: str) -> None:
    rules = CONFIGS[name]
    rng = random.Random(name)
    for number in range(GAMES_PER_CONFIG):
        deep = number < 8
        game = play_checked(domino.Game(rules, seed=rng.getrandbits(64)), rng, MAX_MOVES_PER_GAME,
                            check_invariants if deep else None, illegal_move)
        assert game.legal_moves() == []
        assert game.winner is not None and 0 <= game.winner < rules.sides
        assert max(game.scores) >= rules.target or game.events[-1].reason == "tiebreak"
        assert game.events[-1].kind == "game_end"
        if deep or number % 10 == 0:
            assert_replays(game, domino.Game(rules, seed=game.seed))


def test_unseeded_games_replay_from_their_audit_seeds() -> None:
    rng = random.Random(5)
    game = domino.Game(domino.Rules.capicua(players=3))
    assert game.seed is None
    played(game, rng=rng)
    assert len(game.deal_seeds) >= game.round
    saved = game.to_bytes()
    assert game.replay().to_bytes() == saved
    assert domino.Game.from_bytes(saved).deal_seeds == game.deal_seeds
    for seat in range(3):
        assert not hasattr(game.view(seat), "deal_seeds")

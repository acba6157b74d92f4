"""The public view (``Game.public_view()``): the view of no seat, a
spectator's. For every preset it shows no tile any seat holds (only what the
table, the reveals and the public log show), it is the same in two games that
differ only in hidden tiles while their public records are the same, it
agrees with every seat's view on every public field, and no player, legal
move list or observation takes it (a key does)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry
from pintas.errors import CorruptStateError, RulesError, RulesTypeError, ViewError
from pintas.tiles import TILES, Tile
from tests.caminos.support import shuffled_deal
from tests.support import played_alike

PRESETS = [p.name for p in registry.presets()]
TILE_PRESETS = [p.name for p in registry.presets() if p.family.name != "dice"]
# what only a seat's view holds (its own, or hidden from the others)
OWN_FIELDS = {"seat", "hand", "forced_tile", "my_choice", "log"}


def new_game(name: str, seed: int) -> Any:
    preset = registry.preset(name)
    return preset.family.new_game(preset.rules(), seats=None if preset.family.seats_from_rules
                                  else 3, seed=seed)


def positions(game: Any, seed: int, most: int = 400) -> Any:
    """``game`` at each position of a random game from it (yields its move count)."""
    rng = random.Random(seed)
    for played in range(most):
        yield played
        legal = game.legal_moves()
        if game.is_over or not legal:
            return
        game.play(rng.choice(legal))


# the events whose tiles the rules show everyone: placed, a path's centre,
# revealed, closed into the discard or the pile
SHOWN = ("play", "place", "path", "reveal", "close")


def public_tiles(game: Any) -> set[str]:
    """The tiles anyone may have seen in ``game``: those the shown events name
    (this round's and the earlier rounds')."""
    seen = set()
    for event in game.events:
        if event.kind in SHOWN:
            seen |= {str(t) for t in [getattr(event, "tile", None),
                                      *(getattr(event, "tiles", None) or ())] if t is not None}
    return seen


@pytest.mark.parametrize("name", TILE_PRESETS)
def test_the_public_view_names_no_tile_a_seat_holds(name: str) -> None:
    game = new_game(name, 5)
    checked = 0
    for _ in positions(game, 5):
        view = game.public_view()
        assert view.seat is None and not view.hand and view.is_public
        assert view.legal_moves() == []
        text = json.dumps(view.to_dict())
        hidden = {str(t) for s in range(game.seats) for t in game.hand(s)} - public_tiles(game)
        assert not [t for t in hidden if f'"{t}"' in text], (name, hidden)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("name", PRESETS)
def test_every_seat_s_view_agrees_with_the_public_view(name: str) -> None:
    game = new_game(name, 7)
    for played in positions(game, 7):
        if played % 3:
            continue
        public = game.public_view()
        shown = {k: v for k, v in public.to_dict().items() if k not in OWN_FIELDS}
        for seat in range(game.seats):
            view = game.view(seat)
            assert {k: v for k, v in view.to_dict().items() if k not in OWN_FIELDS} == shown
            # the seat's log with its own secrets hidden is the public log
            assert tuple(e.hidden() for e in view.log) == public.log
            assert view.key() != public.key()
        assert public.forced_tile is None if isinstance(public, domino.View) else True
        if isinstance(public, caminos.View):
            assert public.my_choice is None


def swapped_deal(hands: list[list[Tile]], pile: list[Tile],
                 keep: Any) -> tuple[list[list[Tile]], list[Tile]]:
    """The deal with one tile of seat 0 and one of seat 1 swapped, and one of
    the last seat swapped with the pile's first (none that ``keep`` names,
    what decides who leads): the same public record, other hidden tiles."""
    out, rest = [list(h) for h in hands], list(pile)

    def movable(tiles: list[Tile]) -> int:
        return next(i for i, t in enumerate(tiles) if not keep(t))

    i, j = movable(out[0]), movable(out[1])
    out[0][i], out[1][j] = out[1][j], out[0][i]
    if rest:
        k, p = movable(out[-1]), movable(rest)
        out[-1][k], rest[p] = rest[p], out[-1][k]
    return out, rest


def public_log(game: Any) -> tuple[Any, ...]:
    return tuple(e.hidden() for e in game.events)


def alike_while_public_record_alike(a: Any, b: Any, seed: int) -> int:
    """Play both games by the same moves (legal in both) while their public
    records are the same, checking that their public views are equal, key,
    plain data and all; the positions compared."""

    def check() -> None:
        va, vb = a.public_view(), b.public_view()
        assert va == vb and va.key() == vb.key()
        assert json.dumps(va.to_dict()) == json.dumps(vb.to_dict())

    return played_alike(a, b, random.Random(seed), lambda: public_log(a) == public_log(b),
                        check)


@pytest.mark.parametrize(("name", "options"), [("dominican", {}), ("muggins", {"players": 2}),
                                               ("muggins", {"players": 3}),
                                               ("capicua", {"players": 3})])
def test_hidden_tiles_changed_change_no_line_public_view(name: str,
                                                         options: dict[str, Any]) -> None:
    rules = registry.preset(name).rules(**options)
    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        tiles = list(TILES)
        rng.shuffle(tiles)
        hands = [tiles[s * 7:(s + 1) * 7] for s in range(rules.players)]
        pile = tiles[rules.players * 7:] if rules.draws else []
        other_hands, other_pile = swapped_deal(hands, pile, lambda t: t.is_double)
        a = domino.Game(rules, seed=1, deal=domino.Deal(hands, pile))
        b = domino.Game(rules, seed=1, deal=domino.Deal(other_hands, other_pile))
        assert a.hand(0) != b.hand(0) and a.hand(1) != b.hand(1)
        compared += alike_while_public_record_alike(a, b, seed)
    assert compared > 20


@pytest.mark.parametrize("variant", ["base", "two_paths", "no_renewal"])
def test_hidden_tiles_and_choices_changed_change_no_caminos_public_view(variant: str) -> None:
    rules = getattr(caminos.Rules, variant)(players=3)
    compared = 0
    for seed in range(6):
        paths, hands, pile = shuffled_deal(rules, random.Random(seed))
        other_hands, other_pile = swapped_deal(hands, pile, lambda t: False)
        a = caminos.Game(rules, seed=2, deal=caminos.Deal(paths, hands, pile))
        b = caminos.Game(rules, seed=2, deal=caminos.Deal(paths, other_hands, other_pile))
        compared += alike_while_public_record_alike(a, b, seed)
    assert compared > 20


def test_a_secret_reveal_choice_is_not_in_the_public_view() -> None:
    deal = caminos.Deal.complete(paths="6|6 4|4 3|1 2|0 1|0",
                                 hands=["6|5 5|5 4|1 3|3 2|2 0|0", "6|4 6|3 5|3 4|3 1|1 2|1"])
    a = caminos.Game(caminos.Rules.base(players=2), seed=8, deal=deal)
    b = a.copy()
    a.play("reveal 5|5")
    b.play("reveal 6|5")
    assert a.view(0) != b.view(0)  # seat 0 knows its choice
    assert a.public_view() == b.public_view() and a.public_view().chosen == (0,)
    assert a.public_view().key() == b.public_view().key()


@pytest.mark.parametrize("name", PRESETS)
def test_no_player_chooses_from_the_public_view(name: str) -> None:
    preset = registry.preset(name)
    game = new_game(name, 3)
    view = game.public_view()
    for kind in preset.family.players:
        if not kind.can_play(preset.rules()):
            continue
        player = kind.make(preset.rules(), 1, None)
        with pytest.raises(ViewError, match=r"public .* nobody's"):
            player.choose(view)
    with pytest.raises(ViewError, match="no observation"):
        view.encode()
    with pytest.raises(ViewError, match="nobody's"):
        type(view).moves_to_choose(view)
    assert view.legal_moves() == [] and game.legal_moves()


@pytest.mark.parametrize("name", PRESETS)
def test_the_public_view_reads_back_from_plain_data(name: str) -> None:
    game = new_game(name, 4)
    for played in positions(game, 4, 60):
        if played % 10 == 0:
            view = game.public_view()
            again = type(view).from_dict(json.loads(json.dumps(view.to_dict())))
            assert again == view and again.key() == view.key() and again.seat is None


def test_a_public_view_with_a_hand_or_a_choice_is_refused() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=2)
    data = game.public_view().to_dict()
    data["hand"] = [str(t) for t in game.hand(0)]
    with pytest.raises(CorruptStateError, match="hand must be empty in the public view"):
        domino.View.from_dict(data)
    cg = caminos.Game(caminos.Rules.base(players=2), seed=3)
    cg.play(cg.legal_moves()[0])
    data = cg.public_view().to_dict()
    data["my_choice"] = str(next(iter(cg.hand(0))))
    with pytest.raises(CorruptStateError, match="my_choice must be"):
        caminos.View.from_dict(data)


def test_the_dice_public_view_is_any_seat_s_but_its_seat() -> None:
    game = dice.Game(dice.Rules.farkle(), players=3, seed=4)
    for _ in positions(game, 4, 80):
        public = game.public_view()
        for seat in range(3):
            assert game.view(seat).to_dict() == {**public.to_dict(), "seat": seat}
    with pytest.raises(ViewError, match="nobody's"):
        _ = public.score


@pytest.mark.parametrize("name", PRESETS)
def test_a_game_replayed_to_a_move_shows_the_public_view_it_showed(name: str) -> None:
    # unseeded, as an online table's game: the replay takes the logged seeds
    preset = registry.preset(name)
    game = preset.family.new_game(preset.rules(), seats=None if preset.family.seats_from_rules
                                  else 3)
    shown = [game.public_view() for _ in positions(game, 9, 120)]
    for moves in [*range(0, len(shown), 9), len(shown) - 1]:
        again = game.replay(moves)
        assert again.history == game.history[:moves]
        assert again.public_view() == shown[moves] and again.public_view().log == shown[moves].log
    assert game.replay(len(game.history)) == game
    with pytest.raises(RulesError, match="moves must be a whole number"):
        game.replay(len(game.history) + 1)
    with pytest.raises(RulesTypeError):
        game.replay("1")  # type: ignore[arg-type]

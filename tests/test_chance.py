"""External chance: games whose deals, draws, tie-break draws, new path
centres and rolls are given from outside (``chance="external"``).

Every preset is played to its end with outcomes drawn by their exact
probabilities; an external game fed the outcomes an internal game's PRNG
produced makes the very same log; and hand-made positions pin each kind of
chance event: a deal and its redeal, a Muggins draw and tie-break, a Caminos
path renewed and a draw from the pile after it, a doom and a farkle.
"""

from __future__ import annotations

import hashlib
import pickle
import random
import re
from fractions import Fraction
from typing import Any

import pytest

from pintas import caminos, dice, domino, registry
from pintas.domino.players import RandomPlayer, SuitPlayer
from pintas.errors import (
    ChanceError,
    ChanceTypeError,
    CorruptStateError,
    IllegalMoveError,
    PintasTypeError,
)
from pintas.tiles import TILES, Tile

TILE = re.compile(r"^[0-6]\|[0-6]$")


def _tiles_in(data: Any) -> set[Tile]:
    """Every tile named anywhere in plain data."""
    if isinstance(data, str):
        return {Tile.parse(data)} if TILE.match(data) else set()
    if isinstance(data, (list, tuple)):
        return set().union(*map(_tiles_in, data)) if data else set()
    if isinstance(data, dict):
        return set().union(*map(_tiles_in, data.values())) if data else set()
    return set()


def _pick(game: Any, rng: random.Random) -> int:
    """An outcome of the pending chance event, weighted by its probability."""
    outcomes = game.chance_outcomes()
    codes = [code for code, _ in outcomes]
    weights = [float(p) for _, p in outcomes]
    return int(rng.choices(codes, weights)[0])


def _check_pending(game: Any) -> None:
    """What a pending chance event promises."""
    assert game.is_chance and game.to_move is None and not game.is_over
    assert game.legal_moves() == [] and not any(game.legal_mask())
    outcomes = game.chance_outcomes()
    codes = [code for code, _ in outcomes]
    assert codes == sorted(set(codes)) and all(0 <= c < game.chance_count for c in codes)
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1


# ---- every preset, to the end --------------------------------------------------------


@pytest.mark.parametrize("name", [p.name for p in registry.presets()])
def test_every_preset_plays_to_its_end(name: str) -> None:
    preset = registry.preset(name)
    rules = preset.make()
    family = registry.family_of(rules)
    for seed in range(2):
        game = family.new_game(rules, seed=seed, chance="external")
        assert game.chance == "external"
        rng = random.Random(seed)
        chances = moves = 0
        while not game.is_over:
            assert moves + chances < 50_000
            if game.is_chance:
                _check_pending(game)
                if chances % 97 == 0:  # views mid-chance work and copies agree
                    for seat in range(game.seats):
                        game.view(seat)
                    assert game.copy() == game
                before = len(game.events)
                events = game.play_chance(_pick(game, rng))
                assert list(game.events[before:]) == events
                chances += 1
            else:
                assert game.chance_outcomes() == ()
                game.play(rng.choice(game.legal_moves()))
                moves += 1
        assert chances > 0 and game.winners
        assert pickle.loads(pickle.dumps(game)) == game
        assert game.replay() == game


# ---- the PRNG's outcomes, fed from outside, make the same game --------------------------


def _code_of_dice(game: Any, values: tuple[int, ...]) -> int:
    wanted = " ".join(map(str, sorted(values)))
    return int(next(c for c, _ in game.chance_outcomes() if game.chance_text(c) == wanted))


def _plain(events: Any) -> list[dict[str, Any]]:
    """Events as plain data; rolled dice ascending (an outcome is a multiset)."""
    out = []
    for event in events:
        data = event.to_dict()
        if data["kind"] == "rolled":
            data["values"] = sorted(data["values"])
        out.append(data)
    return out


def _deal_of(game: Any, new: list[Any]) -> list[int]:
    """The tiles an external deal takes to make the deal among ``new``
    events (none if there is none): the path centres, then each hand."""
    kinds = [e.kind for e in new]
    if "deal" not in kinds:
        return []
    centres = [e.tile.index for e in new[kinds.index("deal"):] if e.kind == "path"]
    hands = [t.index for seat in range(game.seats) for t in game.hand(seat)]
    return centres + hands


def _mirror(name: str, seed: int, **options: Any) -> tuple[Any, Any]:
    """An internal game of preset ``name`` (with rules ``options``) played by
    random moves, and an external one given the same moves and the internal
    game's outcomes."""
    rules = registry.preset(name).rules(**options)
    family = registry.family_of(rules)
    inner = family.new_game(rules, seed=seed)
    outer = family.new_game(rules, seed=seed, chance="external")
    rng = random.Random(seed)
    deals = [] if isinstance(inner, dice.Game) else _deal_of(inner, list(inner.events))
    while True:
        while outer.is_chance:
            # (a PRNG deal's voided deals are not fed: its REDEALs are skipped)
            after = [e for e in inner.events if e.kind != "redeal"][len(outer.events)]
            if after.kind in ("draw", "tiebreak", "path"):
                outer.play_chance(after.tile.index)
            elif after.kind == "rolled":
                outer.play_chance(_code_of_dice(outer, after.values))
            else:
                outer.play_chance(deals.pop(0))
        if inner.is_over:
            return inner, outer
        move = rng.choice(inner.legal_moves())
        new = inner.play(move)
        if not isinstance(inner, dice.Game):
            deals += _deal_of(inner, new)
        outer.play(move)


@pytest.mark.parametrize("name", [p.name for p in registry.presets()])
def test_the_prng_outcomes_make_the_same_log(name: str) -> None:
    compared = 0
    for seed in range(4):
        inner, outer = _mirror(name, seed)
        assert outer.is_over and outer.scores == inner.scores
        if any(e.kind == "redeal" for e in inner.events):
            continue  # the voided deals of a PRNG game are not in its log
        assert _plain(outer.events) == _plain(inner.events)
        assert outer.history == inner.history
        compared += 1
    assert compared


@pytest.mark.parametrize("cap", [1, 2, 5])
def test_a_capped_caminos_round_ends_once_its_last_move_s_tile_is_given(cap: int) -> None:
    """A draw (or a placement that renews a path) that brings a round to
    max_round_moves leaves a chance event: the round ends once its outcome
    is given, as the PRNG game ends it after the drawn tile."""
    ended = 0
    for seed in range(6):
        inner, outer = _mirror("caminos", seed, max_round_moves=cap, max_rounds=2)
        assert outer.is_over and outer.scores == inner.scores
        assert _plain(outer.events) == _plain(inner.events)
        ended += sum(1 for e in inner.events if e.kind == "round_end")
    assert ended >= 6


def test_a_capped_caminos_round_saves_and_loads_while_a_draw_waits() -> None:
    """A draw counts toward max_round_moves before its tile is given: a save
    made while the tile waits loads back, the draw that reaches the cap (its
    tile then ends the round) included."""
    waited = capped = 0
    for cap in range(6, 40, 3):
        for seed in range(3):
            game = caminos.Game(caminos.Rules.base(max_round_moves=cap, max_rounds=2),
                                seed=seed, chance="external")
            rng = random.Random(seed)
            while not game.is_over:
                if not game.is_chance:
                    game.play(rng.choice(game.legal_moves()))
                    continue
                drew = bool(game.history) and game.history[-1].kind == "draw"
                if drew:
                    assert caminos.Game.from_bytes(game.to_bytes()) == game
                    waited += 1
                events = game.play_chance(_pick(game, rng))
                capped += drew and any(e.kind == "round_end" for e in events)
    assert waited and capped


# ---- deals ---------------------------------------------------------------------------------


def test_a_deal_takes_one_tile_at_a_time() -> None:
    game = domino.Game(domino.Rules.muggins(players=2), seed=1, chance="external")
    assert game.events == () and game.chance_count == 28
    for k, tile in enumerate([27, 3, 5, 8, 12, 1, 0, *range(13, 20)]):
        _check_pending(game)
        codes = [c for c, _ in game.chance_outcomes()]
        assert len(codes) == 28 - k and tile in codes
        assert game.chance_outcomes()[0][1] == Fraction(1, 28 - k)
        events = game.play_chance(tile)
        assert events == [] if k < 13 else [e.kind for e in events] == ["deal"]
    assert not game.is_chance and game.to_move == 0  # 6|6 leads
    assert {t.index for t in game.hand(0)} == {27, 3, 5, 8, 12, 1, 0}
    assert {t.index for t in game.hand(1)} == set(range(13, 20))
    assert game.view(0).boneyard_size == 14
    assert [str(m) for m in game.legal_moves()] == ["6|6L"]


def test_a_view_mid_deal_shows_only_its_own_tiles() -> None:
    game = domino.Game(domino.Rules.muggins(players=3), seed=1, chance="external")
    for tile in range(10):  # seat 0's seven, then three of seat 1's
        game.play_chance(tile)
    for seat in range(3):
        view = game.view(seat)
        assert view.to_move is None and view.legal_moves() == []
        known = set(game.hand(seat))
        assert _tiles_in(view.to_dict()) <= known
    assert {t.index for t in game.hand(1)} == {7, 8, 9}


def test_a_player_asked_to_choose_mid_deal_says_chance_is_due() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=1, chance="external")
    for player in (RandomPlayer(seed=1), SuitPlayer()):
        with pytest.raises(IllegalMoveError, match="seat 2 has no move to choose: "
                                                   "a chance outcome is due"):
            player.choose(game.view(2))


def test_five_doubles_void_a_dominican_deal() -> None:
    rules = domino.Rules.dominican(redeal_doubles=5)
    game = domino.Game(rules, seed=1, chance="external")
    doubles = [Tile(n, n).index for n in range(5)]
    others = [t.index for t in TILES if t.index not in doubles]
    for tile in doubles + others:
        events = game.play_chance(tile)
    assert [(e.kind, e.seat, e.count) for e in events] == [("redeal", 0, 5)]
    _check_pending(game)
    assert len(game.chance_outcomes()) == 28 and game.hand_sizes == (0, 0, 0, 0)
    for tile in range(28):  # a deal with no hand of five doubles stands
        events = game.play_chance(tile)
    assert [e.kind for e in events] == ["deal"] and game.to_move is not None


# ---- draws ----------------------------------------------------------------------------------


def _muggins_draw() -> domino.Game:
    """Muggins for two: seat 1 leads 6|6, and seat 0, with no 6, must draw."""
    deal = domino.Deal(hands=["0|0 1|0 1|1 2|0 2|1 2|2 3|0", "6|6 6|5 6|4 5|5 5|4 4|4 3|3"],
                       boneyard="6|3 6|2 6|1 6|0 5|3 5|2 5|1 5|0 4|3 4|2 4|1 4|0 3|2 3|1")
    game = domino.Game(domino.Rules.muggins(players=2), seed=1, deal=deal, chance="external")
    game.play("6|6L")
    return game


def test_a_muggins_draw_is_a_move_then_a_chance_event() -> None:
    game = _muggins_draw()
    assert game.to_move == 0 and [str(m) for m in game.legal_moves()] == ["draw"]
    assert game.play("draw") == []
    _check_pending(game)
    held = game.hand(0) | game.hand(1)
    pile = {t.index for t in TILES if t not in held and t != Tile(6, 6)}
    assert {c for c, _ in game.chance_outcomes()} == pile
    events = game.play_chance(Tile(5, 1).index)
    assert [(e.kind, e.seat, str(e.tile)) for e in events] == [("draw", 0, "5|1")]
    assert Tile(5, 1) in game.hand(0) and game.to_move == 0
    assert game.view(1).boneyard_size == 13
    assert "5|1" not in str(game.view(1).to_dict())  # the drawn tile stays private
    game.play("draw")
    assert Tile(5, 1).index not in {c for c, _ in game.chance_outcomes()}
    assert len(game.chance_outcomes()) == 13


#: A three-player Muggins to 20 whose first round ends in a block that
#: leaves seats 0 and 2 tied on 35.
TIED_DEAL = domino.Deal(hands=["2|0 3|1 4|2 4|3 5|3 5|4 6|1", "0|0 1|0 4|0 4|1 4|4 5|2 6|5",
                               "2|1 3|0 3|3 5|0 6|0 6|3 6|6"],
                        boneyard="2|2 6|2 5|5 3|2 5|1 6|4 1|1")
TIED_MOVES = ["6|6L", "6|1L", "6|5R", "2|1L", "4|2L", "4|4L", "5|0R", "4|3L", "1|0R", "6|3L",
              "3|1R", "draw", "draw", "6|2L", "3|3R", "5|3R", "2|2L", "draw", "5|5R", "2|0L",
              "5|2R", "3|0L", "draw", "3|2R", "draw", "draw", "draw"]
TIED_DRAWS = ["2|2", "6|2", "5|5", "3|2", "5|1", "6|4", "1|1"]


def _tied() -> domino.Game:
    game = domino.Game(domino.Rules.muggins(players=3, target=20), seed=1, deal=TIED_DEAL,
                       chance="external")
    draws = iter(TIED_DRAWS)
    for move in TIED_MOVES:
        game.play(move)
        if game.is_chance and move == "draw" and game.events[-1].kind != "round_end":
            game.play_chance(Tile.parse(next(draws)).index)
        elif game.is_chance:
            break
    return game


def test_a_muggins_tie_break_draws_from_outside() -> None:
    game = _tied()
    assert game.scores == (35, 5, 35)
    _check_pending(game)
    assert [e.kind for e in game.events[-3:]] == ["round_end", "score", "score"]
    assert len(game.chance_outcomes()) == 28
    events = game.play_chance(Tile(6, 4).index)  # seat 0 draws 10 pips
    assert [(e.kind, e.seat, str(e.tile), e.count) for e in events] == \
        [("tiebreak", 0, "6|4", 1)]
    assert len(game.chance_outcomes()) == 27  # the fresh set, less 6|4
    assert Tile(6, 4).index not in {c for c, _ in game.chance_outcomes()}
    events = game.play_chance(Tile(3, 3).index)  # seat 2 draws 6: fewer pips wins
    assert [(e.kind, e.seat, e.side, e.reason) for e in events] == \
        [("tiebreak", 2, 2, None), ("game_end", None, 2, "tiebreak")]
    assert game.is_over and game.winner == 2 and not game.is_chance


def test_a_tied_tie_break_draws_again_from_a_fresh_set() -> None:
    game = _tied()
    game.play_chance(Tile(6, 0).index)
    game.play_chance(Tile(5, 1).index)  # 6 pips each: draw again
    assert game.is_chance and len(game.chance_outcomes()) == 28
    game.play_chance(Tile(6, 0).index)  # the same tile again: a fresh set
    events = game.play_chance(Tile(0, 0).index)
    assert [(e.kind, e.count) for e in events] == [("tiebreak", 2), ("game_end", 35)]
    assert game.winner == 2


# ---- Caminos ---------------------------------------------------------------------------------


def _caminos_renewal() -> caminos.Game:
    """Caminos for two (five paths of one tile a side, renewed when full):
    played by the first legal move, preferring to close a path, until one
    is renewed."""
    deal = caminos.Deal.complete(paths="6|6 5|5 4|4 3|3 2|2",
                                 hands=["6|5 6|4 5|4 1|0 0|0 2|0", "6|3 6|2 5|3 5|2 1|1 3|0"])
    game = caminos.Game(caminos.Rules.base(players=2), seed=1, deal=deal, chance="external")
    while not game.is_chance:
        moves = game.legal_moves()
        game.play(moves[0])
    return game


def test_a_caminos_path_renewed_then_a_draw_from_the_pile() -> None:
    game = _caminos_renewal()
    assert game.events[-1].kind == "reshuffle"
    closed = game.events[-2]
    assert closed.kind == "close"
    _check_pending(game)
    pile = {c for c, _ in game.chance_outcomes()}
    assert len(pile) == game.events[-1].count
    centre = min(pile)
    events = game.play_chance(centre)
    assert events[0].kind == "path" and events[0].tile == TILES[centre]
    assert events[0].reason == "renew"
    while not game.is_over and "draw" not in [m.kind for m in game.legal_moves()]:
        if game.is_chance:  # another path renewed
            game.play_chance(game.chance_outcomes()[0][0])
        else:
            game.play(game.legal_moves()[0])
    assert not game.is_over
    seat, size = game.to_move, game.pile_size
    assert seat is not None
    game.play("draw")
    _check_pending(game)
    left = {c for c, _ in game.chance_outcomes()}
    assert centre not in left and len(left) == size
    assert not left & {t.index for s in range(game.seats) for t in game.hand(s)}
    tile = max(left)
    events = game.play_chance(tile)
    assert (events[0].kind, events[0].seat, events[0].tile) == ("draw", seat, TILES[tile])
    if "round_end" not in [e.kind for e in events]:
        assert TILES[tile] in game.hand(seat)


# ---- dice ------------------------------------------------------------------------------------


def _dice_code(game: dice.Game, text: str) -> int:
    return next(c for c, _ in game.chance_outcomes() if game.chance_text(c) == text)


def test_two_sixes_are_doom() -> None:
    game = dice.Game(dice.Rules.dice_of_doom(), players=2, seed=1, chance="external")
    assert game.play("roll") == []
    _check_pending(game)
    assert len(game.chance_outcomes()) == 462 and game.chance_count == 924
    events = game.play_chance(_dice_code(game, "1 2 3 4 6 6"))
    assert [e.kind for e in events] == ["rolled", "doom", "turn_end"]
    assert events[0].values == (1, 2, 3, 4, 6, 6) and game.to_move == 1


def test_a_farkle() -> None:
    game = dice.Game(dice.Rules.farkle(), players=2, seed=1, chance="external")
    game.play("roll")
    events = game.play_chance(_dice_code(game, "2 2 3 3 4 6"))
    assert [e.kind for e in events] == ["rolled", "roll_out", "turn_end"]
    assert game.to_move == 1 and game.scores == (0, 0)


def test_two_dice_have_21_outcomes() -> None:
    game = dice.Game(dice.Rules.farkle(), players=2, seed=1, chance="external")
    game.play("roll")
    game.play_chance(_dice_code(game, "1 1 1 1 2 3"))
    game.play("keep 1 1 1 1")
    game.play("roll")
    outcomes = game.chance_outcomes()
    assert len(outcomes) == 21
    for code, p in outcomes:
        a, b = map(int, game.chance_text(code).split())
        assert p == (Fraction(1, 36) if a == b else Fraction(2, 36))
    six = dict(dice.Game(dice.Rules.farkle(), seed=1, chance="external").copy()
               .chance_outcomes())
    assert six == {}


def test_six_dice_probabilities_are_multinomial() -> None:
    game = dice.Game(dice.Rules.farkle(), seed=1, chance="external")
    game.play("roll")
    p = dict(game.chance_outcomes())
    assert p[_dice_code(game, "1 1 1 1 1 1")] == Fraction(1, 6 ** 6)
    assert p[_dice_code(game, "1 2 3 4 5 6")] == Fraction(720, 6 ** 6)
    assert p[_dice_code(game, "1 1 2 2 3 3")] == Fraction(90, 6 ** 6)


@pytest.mark.parametrize("index", range(3))
def test_float_probabilities_are_the_nearest_to_the_exact_ones(index: int) -> None:
    game = _games()[index]
    if not game.is_chance:
        game.play("roll")  # dice: a roll's outcome is pending once the roll is chosen
    exact = game.chance_outcomes()
    assert exact
    assert game.chance_probabilities() == [(code, float(p)) for code, p in exact]
    game.play_chance(exact[0][0])
    if not game.is_chance:
        assert game.chance_probabilities() == []


# ---- refusals --------------------------------------------------------------------------------


def _games() -> list[Any]:
    return [domino.Game(domino.Rules.muggins(), seed=3, chance="external"),
            caminos.Game(caminos.Rules.base(), seed=3, chance="external"),
            dice.Game(dice.Rules.dice_of_doom(), seed=3, chance="external")]


@pytest.mark.parametrize("index", range(3))
def test_refusals_leave_the_game_as_it_was(index: int) -> None:
    game = _games()[index]
    if isinstance(game, dice.Game):
        with pytest.raises(ChanceError, match="no chance event is pending: got outcome 5"):
            game.play_chance(5)
        game.play("roll")
    else:
        game.play_chance(4)
    before = game.copy()
    bad = [4, 28, -1, 10**30] if not isinstance(game, dice.Game) else [0, 7, 924, -1]
    for outcome in bad:
        with pytest.raises(ChanceError, match=re.escape(repr(outcome))):
            game.play_chance(outcome)
        assert game == before
    wrong: list[object] = ["3", 3.0, True, None, Tile(1, 1)]
    for value in wrong:
        with pytest.raises(ChanceTypeError, match=re.escape(repr(value))):
            game.play_chance(value)
        assert isinstance(ChanceTypeError(), (TypeError, PintasTypeError))
        assert game == before
    move = "roll" if isinstance(game, dice.Game) else "pass"
    with pytest.raises(IllegalMoveError, match="chance event is pending"):
        game.play(move)
    assert game == before and not game.is_legal(move)


def test_an_internal_game_has_no_chance_to_give() -> None:
    game = domino.Game(domino.Rules.muggins(), seed=3)
    assert game.chance == "internal" and not game.is_chance and game.chance_outcomes() == ()
    before = game.copy()
    with pytest.raises(ChanceError, match="no chance event is pending: got outcome 3"):
        game.play_chance(3)
    assert game == before


def test_chance_takes_internal_or_external() -> None:
    with pytest.raises(ChanceError, match="'outside'"):
        domino.Game(domino.Rules.muggins(), chance="outside")
    with pytest.raises(ChanceTypeError, match="True"):
        dice.Game(chance=True)  # type: ignore[arg-type]
    family = registry.family_of(caminos.Rules.base())
    with pytest.raises(ChanceError, match="'PRNG'"):
        family.new_game(caminos.Rules.base(), chance="PRNG")
    assert family.new_game(caminos.Rules.base(), seed=1, chance="external").is_chance


def test_chance_text() -> None:
    game = domino.Game(domino.Rules.muggins(), seed=1, chance="external")
    assert game.chance_text(Tile(6, 4).index) == "6|4" and game.chance_text(0) == "0|0"
    roll = dice.Game(seed=1, chance="external")
    roll.play("roll")
    assert {roll.chance_text(c) for c, _ in roll.chance_outcomes()} >= {"1 1 5 6 6 6"}
    with pytest.raises(ChanceError, match="28"):
        game.chance_text(28)
    with pytest.raises(ChanceTypeError, match=re.escape("'6|4'")):
        game.chance_text("6|4")  # type: ignore[arg-type]


# ---- keeping a game --------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(3))
def test_copies_pickles_and_replays(index: int) -> None:
    game = _games()[index]
    rng = random.Random(index)
    for _ in range(60):
        if game.is_over:
            break
        if game.is_chance:
            game.play_chance(_pick(game, rng))
        else:
            game.play(rng.choice(game.legal_moves()))
    for other in (game.copy(), pickle.loads(pickle.dumps(game)), game.replay()):
        assert other == game and other.chance == "external"
        assert other.chance_outcomes() == game.chance_outcomes()
    other = type(game).from_bytes(game.to_bytes())
    assert other == game and other.chance == "external" and other.history == game.history
    assert other.to_bytes() == game.to_bytes()
    assert game.to_bytes()[6] & 0x08  # the flag of external chance


def _pending_positions() -> list[Any]:
    """Games stopped at each kind of chance event."""
    mid_deal = domino.Game(domino.Rules.dominican(), chance="external")  # unseeded
    for tile in (27, 3, 9):
        mid_deal.play_chance(tile)
    draw = _muggins_draw()
    draw.play("draw")
    roll = dice.Game(dice.Rules.dice_of_doom(), seed=4, chance="external")
    roll.play("roll")
    renewal = _caminos_renewal()
    return [mid_deal, draw, _tied(), renewal, roll,
            caminos.Game(caminos.Rules.two_paths(), seed=2, chance="external")]


@pytest.mark.parametrize("index", range(6))
def test_a_save_keeps_a_pending_chance_event(index: int) -> None:
    game = _pending_positions()[index]
    assert game.is_chance
    data = game.to_bytes()
    assert data[6] & 0x08
    back = type(game).from_bytes(data)
    assert back == game and back.is_chance and back.chance_outcomes() == game.chance_outcomes()
    assert back.events == game.events and back.to_bytes() == data
    key = bytes(range(32))
    assert type(game).from_bytes(game.to_bytes(key=key), key=key) == game
    assert pickle.loads(pickle.dumps(game)) == game
    code = game.chance_outcomes()[-1][0]
    assert back.play_chance(code) == game.play_chance(code) and back == game


def test_a_save_with_an_impossible_outcome_does_not_load() -> None:
    game = domino.Game(domino.Rules.muggins(players=2), seed=5, chance="external")
    game.play_chance(27)
    game.play_chance(26)
    data = bytearray(game.to_bytes())
    body = data[:-16]
    at = bytes(body).rindex(bytes([0xFC, 26]))  # the second outcome's entry
    body[at + 1] = 27                            # 6|6 dealt twice
    bad = bytes(body) + hashlib.blake2b(bytes(body), digest_size=16).digest()
    with pytest.raises(CorruptStateError, match="does not replay: not an outcome"):
        domino.Game.from_bytes(bad)
    internal = domino.Game(domino.Rules.muggins(players=2), seed=5)
    assert not internal.to_bytes()[6] & 0x08


def test_a_chance_outcome_too_long_to_write_is_refused_by_its_kind() -> None:
    """An int too long for repr (past sys.get_int_max_str_digits) is quoted by
    its kind, not by a ValueError from writing it out."""
    game = domino.Game(domino.Rules.muggins(), seed=1, chance="external")
    huge = 10 ** 5000
    with pytest.raises(ChanceError, match="too long to show"):
        game.chance_text(huge)
    before = game.to_bytes()
    with pytest.raises(ChanceError, match="too long to show"):
        game.play_chance(huge)
    assert game.to_bytes() == before

"""View.sample_game: a whole game consistent with a view, its hidden tiles
uniform among the worlds the view allows, checked exactly on small positions.

A *world* is where every tile the seat cannot see is: which other hand holds
it, or the pile (the boneyard, the tiles set aside). The worlds a view allows
are found here by brute force, independently of the sampler: every way to
share the hidden tiles among the holders with the right sizes, kept when some
history of the round (which tile each draw took) replays, through the game
itself, to exactly the view. Then sample_game over many seeds must give only
those worlds, every one of them, and as often each as uniform draws would (a
chi-square test at a strict level).
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest

from pintas import caminos, dice, domino
from pintas.domino.players import InferPlayer, SearchPlayer
from pintas.errors import IllegalMoveError, PintasError
from pintas.tiles import TILES, Tile, TileSet

# ---- the chi-square test, without scipy -------------------------------------------


def chi_square_p(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square with ``df`` degrees of freedom: the
    regularized upper incomplete gamma Q(df / 2, statistic / 2), by its
    series below a + 1 and its continued fraction above."""
    a, x = df / 2.0, statistic / 2.0
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series of P, then Q = 1 - P
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's continued fraction of Q
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


def test_the_chi_square_tail_matches_known_values() -> None:
    # P(X >= x) from published tables: df 1 at 3.841 is 0.05, df 10 at
    # 23.209 is 0.01, df 100 at 124.342 is 0.05; df 2 is exactly exp(-x/2).
    assert chi_square_p(3.841, 1) == pytest.approx(0.05, abs=2e-4)
    assert chi_square_p(23.209, 10) == pytest.approx(0.01, abs=1e-4)
    assert chi_square_p(124.342, 100) == pytest.approx(0.05, abs=2e-4)
    assert chi_square_p(7.0, 2) == pytest.approx(math.exp(-3.5), rel=1e-12)
    assert chi_square_p(0.5, 30) == pytest.approx(1.0)


# ---- positions and their worlds --------------------------------------------------


def _mask(tiles: Sequence[Tile] | TileSet) -> int:
    return sum(1 << t.index for t in tiles)


def _tiles(mask: int) -> list[Tile]:
    return [t for t in TILES if mask >> t.index & 1]


class Position:
    """A round-1 position of a game dealt by hand, seen by one seat: the
    hidden holders (other seats, then the pile), their sizes, the hidden
    tiles, and how to rebuild the game from a world and a history."""

    def __init__(self, game: Any, seat: int, rebuild: Callable[[dict[int, int], int,
                                                                  Sequence[Tile]], Any]) -> None:
        self.game, self.seat, self.view = game, seat, game.view(seat)
        self.rebuild = rebuild
        players = game.rules.players
        self.others = [s for s in range(players) if s != seat]
        self.sizes = [self.view.hand_sizes[s] for s in self.others]
        self.hidden = sorted(t.index for t in self._hidden_tiles())

    def _hidden_tiles(self) -> list[Tile]:
        seen = _mask(self.view.hand) | _mask([e.tile for e in self.view.log
                                             if e.kind in ("play", "place", "path")])
        if isinstance(self.view, caminos.View):
            seen |= int(self.view.discard)
            seen |= sum(_mask(p.front) | _mask(p.back) | (1 << p.centre.index)
                        for p in self.view.paths if p.centre is not None)
        return [t for t in TILES if not seen >> t.index & 1]

    def assignments(self) -> Iterator[dict[int, int]]:
        """Every way to give each other seat its number of hidden tiles (the
        rest: the pile), as a mask per seat."""
        def share(tiles: list[int], seats: list[int], sizes: list[int]) -> Iterator[dict[int, int]]:
            if not seats:
                yield {}
                return
            for chosen in itertools.combinations(tiles, sizes[0]):
                rest = [t for t in tiles if t not in chosen]
                for more in share(rest, seats[1:], sizes[1:]):
                    yield {seats[0]: sum(1 << t for t in chosen), **more}
        yield from share(self.hidden, self.others, self.sizes)

    def histories(self, world: dict[int, int]) -> Iterator[list[Tile]]:
        """Every order of drawn tiles (one per draw of the round, in the log's
        order) the world allows: a seat's draw took a tile it holds now or
        placed after it, each once; the seat's own draws are in its log."""
        log = self.view.round_log
        draws = [(i, e) for i, e in enumerate(log) if e.kind == "draw"]
        choices: list[list[Tile]] = []
        for i, e in draws:
            if e.tile is not None:
                choices.append([e.tile])
                continue
            later = [x.tile for x in log[i:] if x.seat == e.seat and x.kind in ("play", "place")]
            choices.append(_tiles(world[e.seat]) + later)
        for combo in itertools.product(*choices):
            if len(set(combo)) == len(combo):
                yield list(combo)

    def allows(self, world: dict[int, int]) -> bool:
        """True if some history of the round, replayed by the game itself,
        shows this seat exactly its view in this world."""
        for drawn in self.histories(world):
            try:
                game = self.rebuild(world, self.seat, drawn)
                for move in self.game.history:
                    game.play(move)
            except PintasError:
                continue
            if game.view(self.seat) == self.view:
                return True
        return False

    def worlds(self) -> set[tuple[int, ...]]:
        """The worlds the view allows, each as the other seats' masks."""
        return {tuple(w[s] for s in self.others) for w in self.assignments() if self.allows(w)}

    def world_of(self, game: Any) -> tuple[int, ...]:
        return tuple(int(game.hand(s)) for s in self.others)


def _hands_at_deal(position: Position, world: dict[int, int], drawn: Sequence[Tile]) -> list[int]:
    """Each seat's dealt hand: what it holds now and placed, less what it drew."""
    view = position.view
    hands = {position.seat: int(view.hand), **world}
    placed: dict[int, int] = {}
    for e in view.round_log:
        if e.kind in ("play", "place"):
            placed[e.seat] = placed.get(e.seat, 0) | 1 << e.tile.index
    draws = [e.seat for e in view.round_log if e.kind == "draw"]
    dealt = []
    for s in range(view.rules.players):
        mask = hands[s] | placed.get(s, 0)
        for seat, tile in zip(draws, drawn, strict=True):
            if seat == s:
                mask &= ~(1 << tile.index)
        dealt.append(mask)
    return dealt


def line_position(rules: domino.Rules, deal_seed: int, play_seed: int,
                  wanted: Callable[[domino.View], bool]) -> Position | None:
    """The first view along a random round 1 from a hand-made deal that
    ``wanted`` accepts (any seat's), or None."""
    tiles = list(TILES)
    random.Random(deal_seed).shuffle(tiles)
    players = rules.players
    deal = domino.Deal(hands=[tiles[7 * s:7 * s + 7] for s in range(players)],
                       boneyard=tiles[7 * players:] if rules.draws else ())
    game = domino.Game(rules, seed=0, deal=deal)
    if any(e.kind == "redeal" for e in game.events):
        return None
    rng = random.Random(play_seed)

    def rebuild(world: dict[int, int], seat: int, drawn: Sequence[Tile]) -> domino.Game:
        dealt = _hands_at_deal(position_box[0], world, drawn)
        rest = [t for t in TILES if t not in drawn and not any(
            h >> t.index & 1 for h in dealt) and t.index in position_box[0].hidden]
        pile = [*drawn, *rest] if rules.draws else []
        return domino.Game(rules, seed=0, deal=domino.Deal(
            hands=[_tiles(h) for h in dealt], boneyard=pile))

    position_box: list[Position] = []
    while not game.is_over and game.round == 1:
        for seat in range(players):
            view = game.view(seat)
            if wanted(view):
                position_box.append(Position(game, seat, rebuild))
                return position_box[0]
        game.play(rng.choice(game.legal_moves()))
    return None


def caminos_position(rules: caminos.Rules, deal_seed: int, play_seed: int,
                     wanted: Callable[[caminos.View], bool]) -> Position | None:
    """As line_position, for Caminos: the seat to move in play."""
    tiles = list(TILES)
    random.Random(deal_seed).shuffle(tiles)
    players, size = rules.players, rules.hand_size
    paths = tiles[:rules.paths]
    hands = [tiles[rules.paths + size * s:rules.paths + size * s + size] for s in range(players)]
    pile = tiles[rules.paths + size * players:]
    game = caminos.Game(rules, seed=0, deal=caminos.Deal(paths=paths, hands=hands, pile=pile))
    rng = random.Random(play_seed)

    def rebuild(world: dict[int, int], seat: int, drawn: Sequence[Tile]) -> caminos.Game:
        dealt = _hands_at_deal(position_box[0], world, drawn)
        rest = [t for t in TILES if t not in drawn and t.index in position_box[0].hidden
                and not any(h >> t.index & 1 for h in dealt)]
        return caminos.Game(rules, seed=0, deal=caminos.Deal(
            paths=paths, hands=[_tiles(h) for h in dealt], pile=[*drawn, *rest]))

    position_box: list[Position] = []
    while not game.is_over and game.round == 1:
        seat = game.to_move
        view = game.view(seat) if seat is not None else None
        if seat is not None and view is not None and view.phase == "play" and wanted(view):
            position_box.append(Position(game, seat, rebuild))
            return position_box[0]
        game.play(rng.choice(game.legal_moves()))
    return None


# ---- exact uniformity -------------------------------------------------------------


def _hidden_count(view: Any) -> int:
    return int(sum(view.hand_sizes) - len(view.hand) + getattr(view, "boneyard_size", 0)
            + getattr(view, "pile_size", 0))


def _lacked_by_another(view: Any, kinds: tuple[str, ...]) -> bool:
    return any(e.kind in kinds and e.seat != view.seat for e in view.round_log)


def dominican_position() -> Position:
    # 9 hidden tiles among three hands (4, 3 and 2); two seats passed, one twice
    position = line_position(domino.Rules.dominican(), 2, 2, lambda v: 6 <= _hidden_count(
        v) <= 9 and _lacked_by_another(v, ("pass",)))
    assert position is not None
    return position


def muggins_position() -> Position:
    # 9 hidden tiles: two hands (3 and 2) and a boneyard of 4; both others drew
    position = line_position(domino.Rules.muggins(players=3), 8, 8, lambda v: 6 <= _hidden_count(
        v) <= 9 and v.boneyard_size >= 1 and _lacked_by_another(v, ("draw",)))
    assert position is not None
    return position


def muggins_kept_draw_position() -> Position:
    # The other seat drew at a 6 and placed the tile drawn, then later drew
    # twice and placed the second: it kept one drawn tile, so it holds at
    # most one 6 (its dealt tiles showed none). A rule that only remembers
    # the last draw's numbers would also deal it two 6s.
    def wanted(view: domino.View) -> bool:
        acts = [e.kind for e in view.round_log if e.seat not in (None, view.seat)
                and e.kind in ("draw", "pass", "play")]
        kept = any(a == "draw" and b in ("draw", "pass") for a, b in itertools.pairwise(acts))
        return 5 <= _hidden_count(view) <= 10 and kept
    position = line_position(domino.Rules.muggins(players=2), 14, 1014, wanted)
    assert position is not None
    return position


def caminos_position_3() -> Position:
    # 9 hidden tiles: two hands (3 and 2) and a pile of 4; another seat drew
    position = caminos_position(caminos.Rules.no_renewal(players=3), 6, 6, lambda v: 6 <= (
        _hidden_count(v)) <= 9 and _lacked_by_another(v, ("draw", "pass")))
    assert position is not None
    return position


def caminos_position_2() -> Position:
    # 9 hidden tiles: a hand of 2 and a pile of 7; both seats drew twice
    position = caminos_position(caminos.Rules.no_renewal(players=2), 8, 8, lambda v: 6 <= (
        _hidden_count(v)) <= 9 and _lacked_by_another(v, ("draw", "pass")))
    assert position is not None
    return position


POSITIONS = {"dominican": dominican_position, "muggins": muggins_position,
             "muggins-kept-draw": muggins_kept_draw_position, "caminos-3": caminos_position_3,
             "caminos-2": caminos_position_2}
#: Samples per world: enough for every expected count to be 30.
PER_WORLD = 30


@pytest.mark.parametrize("name", list(POSITIONS))
def test_sample_game_is_uniform_among_the_worlds_the_view_allows(name: str) -> None:
    position = POSITIONS[name]()
    worlds = position.worlds()
    assert position.world_of(position.game) in worlds
    assert 1 < len(worlds) < sum(1 for _ in position.assignments())  # the lacks rule some out
    samples = PER_WORLD * len(worlds)
    counts = Counter(position.world_of(position.view.sample_game(seed))
                     for seed in range(samples))
    assert set(counts) <= worlds, "a sample no history of the round leads to"
    assert set(counts) == worlds, "a world the view allows that is never sampled"
    statistic = sum((counts[w] - PER_WORLD) ** 2 / PER_WORLD for w in worlds)
    assert chi_square_p(statistic, len(worlds) - 1) > 1e-4


def test_the_line_sampler_in_c_alone_deals_worlds_the_view_rules_out() -> None:
    # What sample_game corrects: the C sampler forgets what a seat lacked
    # before it kept a drawn tile, so some of its deals are impossible.
    from pintas.domino import _search

    position = muggins_kept_draw_position()
    worlds = position.worlds()
    dealt = [tuple(_search.sample(position.view, seed)["hands"][s] for s in position.others)
             for seed in range(50)]
    assert any(w not in worlds for w in dealt)


# ---- what a sampled game is ---------------------------------------------------------


@pytest.mark.parametrize("name", list(POSITIONS))
def test_a_sampled_game_shows_its_seat_the_view_it_came_from(name: str) -> None:
    position = POSITIONS[name]()
    view = position.view
    for seed in range(20):
        game = view.sample_game(seed)
        assert type(game) is type(position.game)
        assert game.view(view.seat) == view
        assert game.view(view.seat).key() == view.key()
        assert game.hand(view.seat) == view.hand
        assert game.hand_sizes == view.hand_sizes
        assert game.history == position.game.history
        assert game.events == view.log
        assert (game.scores, game.round, game.to_move) == (view.scores, view.round, view.to_move)


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_same_seed_gives_the_same_game_and_seeds_vary(name: str) -> None:
    view = POSITIONS[name]().view
    assert view.sample_game(7) == view.sample_game(7)
    worlds = {tuple(int(view.sample_game(seed).hand(s)) for s in range(view.rules.players))
              for seed in range(20)}
    assert len(worlds) > 1


@pytest.mark.parametrize("name", list(POSITIONS))
def test_sample_game_reads_nothing_the_view_does_not_show(name: str) -> None:
    # The same view from a game whose hidden tiles lie elsewhere: the same samples.
    position = POSITIONS[name]()
    real = position.world_of(position.game)
    other = next(w for w in sorted(position.worlds()) if w != real)
    world = dict(zip(position.others, other, strict=True))
    twin = next(g for g in (_replayed(position, world, drawn)
                            for drawn in position.histories(world)) if g is not None)
    assert position.world_of(twin) == other
    assert twin.view(position.seat) == position.view
    for seed in range(5):
        assert (twin.view(position.seat).sample_game(seed)
                == position.view.sample_game(seed))
    if isinstance(position.view, domino.View) and position.view.to_move == position.seat:
        # the players that search: the same values from either game's view
        for player in (SearchPlayer(samples=30, seed=2), InferPlayer(samples=30, seed=2)):
            assert player.evaluate(twin.view(position.seat)) == player.evaluate(position.view)


def _replayed(position: Position, world: dict[int, int], drawn: Sequence[Tile]) -> Any:
    """The game of ``world`` with ``drawn`` drawn, replayed to the position, or None."""
    try:
        game = position.rebuild(world, position.seat, drawn)
        for move in position.game.history:
            game.play(move)
    except PintasError:
        return None
    return game if game.view(position.seat) == position.view else None


def _every_preset_game(seed: int) -> Iterator[Any]:
    yield from (domino.Game(rules, seed=seed) for rules in (
        domino.Rules.muggins(players=2), domino.Rules.muggins(players=4),
        domino.Rules.capicua(players=3), domino.Rules.capicua(players=4, pairs=True),
        domino.Rules.dominican()))
    yield from (caminos.Game(rules, seed=seed) for rules in (
        caminos.Rules.base(players=2), caminos.Rules.no_renewal(players=3),
        caminos.Rules.two_paths(players=4)))
    yield from (dice.Game(rules, players=3, seed=seed) for rules in (
        dice.Rules.dice_of_doom(), dice.Rules.farkle()))


def _samplable(view: Any) -> bool:
    if view.is_over:
        return False
    return not isinstance(view, caminos.View) or (view.phase == "play"
                                                  and view.to_move == view.seat)


@pytest.mark.parametrize("seed", [1, 2])
def test_sampled_games_of_every_preset_are_consistent_and_play_on(seed: int) -> None:
    rng = random.Random(seed)
    for game in _every_preset_game(seed):
        step = 0
        while not game.is_over:
            seat = game.to_move if isinstance(game, caminos.Game) else rng.randrange(game.seats)
            view = game.view(seat)
            if _samplable(view) and step % 3 == 0:
                world = view.sample_game(step)
                assert world.view(seat) == view
                if not isinstance(game, dice.Game):
                    assert world.hand(seat) == game.hand(seat)
                    assert world.hand_sizes == game.hand_sizes
                    assert _on_table(world) == _on_table(game)
                    held = [int(world.hand(s)) for s in range(world.seats)]
                    assert sum(held) == _union(held)  # no tile in two hands
                    assert not _union(held) & _on_table(world)
                for _ in range(3):
                    if world.is_over:
                        break
                    world.play(rng.choice(world.legal_moves()))
            game.play(rng.choice(game.legal_moves()))
            step += 1


def _union(masks: Sequence[int]) -> int:
    out = 0
    for m in masks:
        out |= m
    return out


def _on_table(game: Any) -> int:
    if isinstance(game, domino.Game):
        return _mask([t for t, _ in game.placements])
    return _mask([t for p in game.paths for t in (p.centre, *p.front, *p.back) if t])


def test_a_dice_game_sampled_is_the_game_with_its_rolls_to_come_from_the_seed() -> None:
    game = dice.Game(dice.Rules.farkle(), players=2, seed=3)
    rng = random.Random(4)
    for _ in range(25):
        game.play(rng.choice(game.legal_moves()))
    view = game.view(1)
    world = view.sample_game(9)
    assert world.view(1) == view and world.scores == game.scores
    assert world == view.sample_game(9)
    assert dice.Game.from_bytes(world.to_bytes()) == world  # a whole game: it saves
    rolls = set()
    for seed in range(10):
        copy = view.sample_game(seed)
        while copy.legal_moves() != [dice.Move.roll()] and not copy.is_over:
            copy.play(copy.legal_moves()[0])
        if not copy.is_over:
            rolls.add(tuple(copy.play("roll")[0].values))
    assert len(rolls) > 1


def test_sample_game_refuses_what_has_no_world_to_sample() -> None:
    game = domino.Game(domino.Rules.muggins(players=2, target=5), seed=1)
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_moves()))
    with pytest.raises(IllegalMoveError):
        game.view(0).sample_game(1)
    cg = caminos.Game(caminos.Rules.base(players=2), seed=1)
    with pytest.raises(IllegalMoveError):  # the reveal: nobody is to move in play
        cg.view(0).sample_game(1)


def test_a_sampled_tile_game_plays_on_but_neither_saves_nor_replays() -> None:
    game = domino.Game(domino.Rules.dominican(), seed=2)
    world = game.view(0).sample_game(1)
    copy = world.copy()
    copy.play(copy.legal_moves()[0])
    with pytest.raises(PintasError, match="cannot be saved"):
        world.to_bytes()
    with pytest.raises(PintasError, match="cannot be saved"):
        world.replay()


# ---- round_log and passes -----------------------------------------------------------


@pytest.mark.parametrize("seed", [3, 4])
def test_round_log_and_passes_match_a_plain_count_through_whole_games(seed: int) -> None:
    rng = random.Random(seed)
    for game in _every_preset_game(seed):
        step = 0
        while True:
            view = game.view(step % game.seats)  # every seat in turn
            start = max((i for i, e in enumerate(view.log) if e.kind == "deal"), default=0)
            assert view.round_log == view.log[start:]
            if isinstance(view, domino.View):
                for s in range(game.seats):
                    assert view.passes(s) == sum(
                        1 for e in view.log[start:] if e.kind == "pass" and e.seat == s)
            if step % 16 == 0 or game.is_over:
                # a view read back from plain data finds the same marks itself
                again = type(view).from_dict(view.to_dict())
                assert again.round_log == view.round_log
                if isinstance(view, domino.View):
                    assert [again.passes(s) for s in range(game.seats)] == [
                        view.passes(s) for s in range(game.seats)]
            if game.is_over:
                break
            game.play(rng.choice(game.legal_moves()))
            step += 1


def test_the_caminos_sampler_in_c_alone_is_neither_sound_nor_uniform() -> None:
    # What sample_game corrects: the search's sampler fills the places one at
    # a time (far from uniform), and leaves out the places placed tiles took
    # (caminos_search.h), so some of its deals no history leads to.
    from pintas.caminos import _search

    for make, impossible in ((caminos_position_2, True), (caminos_position_3, False)):
        position = make()
        worlds = position.worlds()
        info = _search.Info(position.view)
        counts = Counter(tuple(info.sample(seed)[0][s] for s in position.others)
                         for seed in range(PER_WORLD * len(worlds)))
        assert any(w not in worlds for w in counts) is impossible
        statistic = sum((counts[w] - PER_WORLD) ** 2 / PER_WORLD for w in worlds)
        assert chi_square_p(statistic, len(worlds) - 1) < 1e-6


# ---- the checker in C, world by world -------------------------------------------------


@pytest.mark.parametrize("name", list(POSITIONS))
def test_the_c_checker_allows_exactly_the_worlds_some_history_leads_to(name: str) -> None:
    # pintas/determinize.h's world check, against the brute force above:
    # every way to share the hidden tiles, the pile taking the rest.
    position = POSITIONS[name]()
    view, worlds = position.view, position.worlds()
    search = domino._search if isinstance(view, domino.View) else caminos._search
    hidden = sum(1 << t for t in position.hidden)
    for world in position.assignments():
        hands = [int(view.hand) if s == view.seat else world[s]
                 for s in range(view.rules.players)]
        pile = hidden & ~sum(world.values())
        assert search.world_check(view, hands, pile) is (
            tuple(world[s] for s in position.others) in worlds)

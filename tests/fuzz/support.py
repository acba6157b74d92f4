"""What the property-based suites share: the budget of examples, games at
random positions, arbitrary values, and the check every call goes through."""

from __future__ import annotations

import dataclasses
import inspect
import itertools
import os
import random
from collections.abc import Callable, Iterator
from datetime import timedelta
from functools import cache, partial
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from pintas import Tile, TileSet, caminos, dice, domino, registry
from pintas.errors import PintasError
from pintas.tiles import TILES

# ---- the budget --------------------------------------------------------------------------

#: Each profile's multiple of a suite's own number of examples.
_SCALE = {"ci": 1, "random": 1, "long": 100}
# No shrinking: a failing example is printed as drawn, each draw labelled (a
# game of hundreds of moves shrinks for minutes).
# A generous deadline: an example that runs for seconds is a call that does
# not end (an endless iterable read to its end), not a slow machine.
settings.register_profile("ci", deadline=timedelta(seconds=20), database=None,
                          report_multiple_bugs=False,
                          suppress_health_check=list(HealthCheck),
                          phases=(Phase.explicit, Phase.reuse, Phase.generate))
# CI draws the same examples every run (a red CI is then a change, not luck);
# "random" draws new ones each run, and "long" a hundred times as many.
settings.register_profile("random", settings.get_profile("ci"))
settings.register_profile("long", settings.get_profile("ci"))
settings.register_profile("ci", settings.get_profile("ci"), derandomize=True)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
if PROFILE not in _SCALE:
    raise ValueError(f"HYPOTHESIS_PROFILE is one of {', '.join(_SCALE)}: got {PROFILE!r}")


def budget(examples: int) -> settings:
    """The settings of a suite that runs ``examples`` examples in the CI profile."""
    return settings(settings.get_profile(PROFILE), max_examples=examples * _SCALE[PROFILE])


# ---- games ---------------------------------------------------------------------------------

PRESETS = registry.presets()
FAMILIES = registry.families()


def each_family(examples: int, families: list[registry.Family] | None = None
                ) -> Callable[[Callable[..., None]], Any]:
    """A test of each family (``families``, else every one) given ``data`` to
    draw from, ``examples`` examples (:func:`budget`) a family."""
    def wrap(test: Callable[..., None]) -> Any:
        drawn = budget(examples)(given(data=st.data())(test))
        return pytest.mark.parametrize("family", FAMILIES if families is None else families,
                                       ids=lambda f: f.name)(drawn)
    return wrap


def new_game(preset: registry.Preset, seed: int, seats: int) -> Any:
    """A game of ``preset`` (with ``seats`` where the game chooses them)."""
    family = preset.family
    return family.new_game(preset.rules(), seats=None if family.seats_from_rules else seats,
                           seed=seed)


def played(game: Any, moves: int, seed: int) -> Any:
    """``game`` after up to ``moves`` random legal moves."""
    choose = random.Random(seed).choice
    for _ in range(moves):
        if game.is_over:
            break
        game.play(choose(game.legal_moves()))
    return game


@st.composite
def games(draw: st.DrawFn, family: registry.Family | None = None) -> Any:
    """A game of any preset (of ``family``) at a random position."""
    preset = draw(st.sampled_from([p for p in PRESETS if family in (None, p.family)]))
    seed = draw(st.integers(0, 2**64 - 1))
    game = new_game(preset, seed, draw(st.integers(1, dice.MAX_PLAYERS)))
    return played(game, draw(st.integers(0, 250)), seed)


def mover_view(game: Any, seat: int | None = None) -> Any:
    """The view of the seat to move (of ``seat``, or seat 0 once the game is over)."""
    if seat is None:
        seat = 0 if game.is_over else game.to_move
    return game.view(seat)


# ---- players ---------------------------------------------------------------------------------


def players_of(family: registry.Family, rules: Any) -> list[Any]:
    """Every player of the family that plays ``rules`` (searches on a small
    budget) and the facade's."""
    out: list[Any] = [kind.make(rules, 1, 3 if kind.number == "samples" else None)
                      for kind in family.players if kind.can_play(rules)]
    from pintas import bots
    out += [bots.RandomPlayer(seed=1), bots.SearchPlayer(samples=3, seed=1)]
    return out


# ---- values --------------------------------------------------------------------------------

EDGE_INTS = [-(2**64), -(2**63) - 1, -(2**63), -(2**31) - 1, -(2**31), -256, -1, 0, 1, 2, 3,
             4, 5, 6, 7, 8, 9, 27, 28, 29, 57, 58, 255, 256, 477, 478, 0xFFFF, 0x10000,
             2**28, 2**31 - 1, 2**31, 2**32, 2**40, 2**63, 2**64 - 1, 2**64, 2**70, 10**30]
WORDS = ["", " ", "6|6", "6|4L", "4|2R", "draw", "pass", "paso", "roll", "bank", "keep 1 5",
         "roll 1 5 6 4 4 3", "reveal 6|6", "5|3 front 2", "6|6 back 8", "front", "back", "L",
         "R", "play", "place", "reveal", "keep", "deal", "score", "renew", "6|6 5|5 4|4",
         "1 5", "156", "²", "6|6" * 400, "6|6 " * 5000, "x" * 100_000]


@cache
def samples() -> dict[str, list[Any]]:
    """Real values of every game, collected once: moves, events, rules, paths, keeps."""
    out: dict[str, list[Any]] = {"moves": [], "events": [], "rules": [], "paths": [],
                                 "views": []}
    for i, preset in enumerate(PRESETS):
        game = played(new_game(preset, i, 2 + i % 3), 40 + 7 * i, i)
        out["rules"].append(game.rules)
        out["moves"] += list(game.history[-6:]) + game.legal_moves()[:4]
        out["events"] += list(game.events[-12:])
        out["views"].append(game.view(0))
        if isinstance(game, caminos.Game):
            out["paths"] += list(game.paths)
    out["moves"] += [dice.Move.roll([1, 5, 6, 4, 4, 3]), domino.Move.from_code(0),
                     caminos.Move.from_code(477)]
    out["keeps"] = dice.keeps([1, 1, 5, 2, 3, 4])
    return out


def _real(kind: str) -> st.SearchStrategy[Any]:
    return st.integers(0, 10**6).map(lambda i: samples()[kind][i % len(samples()[kind])])


#: Large or endless iterables: a check must look at their length first.
_HUGE: list[Callable[[], Any]] = [
    lambda: range(10**12), lambda: iter(range(10**12)), lambda: itertools.repeat("6|6"),
    lambda: itertools.repeat(1), lambda: itertools.count(), lambda: [0] * 10_000,
    lambda: (6,) * 10_000, lambda: bytes(10_000)]
HUGE = st.sampled_from(_HUGE).map(lambda make: make())

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(-(2**80), 2**80),
    st.sampled_from(EDGE_INTS), st.floats(), st.text(max_size=12), st.binary(max_size=12),
    st.sampled_from(WORDS), st.complex_numbers(), st.just(object()), st.just(int),
    st.just(Ellipsis))
PINTAS_VALUES = st.one_of(
    st.sampled_from(TILES), st.integers(0, 2**28 - 1).map(TileSet.from_mask),
    _real("moves"), _real("events"), _real("rules"), _real("paths"), _real("keeps"),
    _real("views"))

def _of_type(cls: type, kind: str) -> st.SearchStrategy[Any]:
    """Real values of ``cls`` among the samples of ``kind``."""
    found = [v for v in samples()[kind] if isinstance(v, cls)]
    return st.sampled_from(found)


# What st.from_type builds for the types of the views' fields: real values
# (their constructors take checked arguments only).
for _cls, _kind in ((domino.Event, "events"), (caminos.Event, "events"), (dice.Event, "events"),
                    (domino.Rules, "rules"), (caminos.Rules, "rules"), (dice.Rules, "rules"),
                    (caminos.Path, "paths")):
    st.register_type_strategy(_cls, _of_type(_cls, _kind))
st.register_type_strategy(Tile, st.sampled_from(TILES))
st.register_type_strategy(TileSet, st.integers(0, 2**28 - 1).map(TileSet.from_mask))

VALUES = st.recursive(
    st.one_of(SCALARS, PINTAS_VALUES, HUGE),
    lambda inner: st.one_of(
        st.lists(inner, max_size=6), st.tuples(inner), st.tuples(inner, inner),
        st.tuples(inner, inner, inner), st.lists(inner, min_size=4, max_size=8).map(tuple),
        st.dictionaries(st.text(max_size=6), inner, max_size=3), st.frozensets(SCALARS)),
    max_leaves=10)


def arguments(most: int = 4) -> st.SearchStrategy[tuple[Any, ...]]:
    """Positional arguments of a call: up to ``most`` arbitrary values."""
    return st.lists(VALUES, max_size=most).map(tuple)


# ---- calls ---------------------------------------------------------------------------------

#: Dunder methods called as such; __init__ is called as the constructor.
DUNDERS = ("__eq__", "__hash__", "__reduce__")

#: The private steps of reading saves: they take a save's bytes where the C core
#: read them, or what the game's own log holds, never a caller's value, and are fuzzed as a
#: whole through from_bytes (tests/fuzz/test_inputs.py).
SAVE_STEPS = ("_saved_rules", "_saved_deal", "_saved_origin", "_rebuild")


def methods(value: Any) -> Iterator[tuple[str, Callable[..., Any]]]:
    """Every method of ``value`` a caller can reach (public and private, not
    dunders but :data:`DUNDERS`), found by ``dir``: new methods are covered
    without naming them. Properties are read on the way.

    Of a class, the methods that take no instance (class and static methods)
    and the methods of its compiled bases, which are called with anything as
    their instance: a Python function called so is Python's own business, a
    compiled method must check what it is given."""
    is_class = isinstance(value, type)
    for name in dir(value):
        if (name.startswith("__") and name not in DUNDERS) or name in SAVE_STEPS:
            continue
        try:
            attr = inspect.getattr_static(value, name)
        except AttributeError:
            continue
        if is_class and not isinstance(attr, (classmethod, staticmethod)) \
                and not type(attr).__name__.endswith("descriptor"):
            continue  # a Python function: no instance to give it
        if not is_class and (isinstance(attr, property)
                             or type(attr).__name__ == "getset_descriptor"):
            expect_refusal(partial(getattr, value, name))  # a property: read it
            continue
        bound = getattr(value, name, None)
        if callable(bound):
            yield name, bound


def expect_refusal(call: Callable[[], Any]) -> BaseException | None:
    """Run ``call``; the exception it raised (a PintasError or a TypeError), or
    None. Anything else fails the test."""
    try:
        call()
    except (PintasError, TypeError) as exc:
        return exc
    return None


def replaced(value: Any, changes: dict[str, Any]) -> Any:
    """``dataclasses.replace(value, **changes)``."""
    return dataclasses.replace(value, **changes)

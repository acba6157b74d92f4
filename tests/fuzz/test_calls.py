"""Every method of every value, called with arbitrary arguments.

The methods are found with ``dir`` (public and private; of the dunders
``__eq__``, ``__hash__`` and ``__reduce__``, and ``__init__`` as the
constructor), so a new method is covered the day it is written. A call
returns, or raises a PintasError or a TypeError; a refused call leaves the
game exactly as it was (its ``to_bytes()``).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from hypothesis import strategies as st

from pintas import caminos, dice, domino, registry
from pintas.caminos import _engine as caminos_engine
from pintas.caminos import _search as caminos_search
from pintas.dice import _engine as dice_engine
from pintas.dice import _search as dice_search
from pintas.domino import _engine as line_engine
from pintas.domino import _search as line_search
from pintas.tiles import TILES

from . import support as fuzz

#: The modules whose functions are called: every function of the bindings,
#: the public ones of the players' modules.
MODULES = (line_engine, line_search, caminos_engine, caminos_search, dice_engine, dice_search,
           domino.players, caminos.players, dice.players)
#: A batch of 10**12 games is no refusal, only long: simulate has its own test.
LONG_RUNNING = ("simulate",)


def _deal(game: Any, seed: int) -> Any:
    """A deal of the game's rules, shuffled by ``seed``."""
    tiles = random.Random(seed).sample(TILES, len(TILES))
    rules = game.rules
    if isinstance(game, domino.Game):
        hands = [tiles[7 * s:7 * s + 7] for s in range(rules.players)]
        return domino.Deal(hands=hands, boneyard=tiles[7 * rules.players:] if rules.draws else ())
    paths, rest = tiles[:rules.paths], tiles[rules.paths:]
    size = rules.hand_size
    hands = [rest[size * s:size * s + size] for s in range(rules.players)]
    return caminos.Deal(paths=paths, hands=hands, pile=rest[size * rules.players:])


def _targets(game: Any, seed: int) -> list[Any]:
    """The values whose methods are called: the game and what it gives."""
    family = registry.family_of(game)
    view = fuzz.mover_view(game)
    out = [view, game.rules, *game.events[-3:], *game.legal_moves()[:2], *game.history[-2:],
           *fuzz.players_of(family, game.rules)]
    if isinstance(game, caminos.Game):
        out += list(game.paths[:2])
    if isinstance(game, dice.Game):
        out += [dice.solve_turn(game.rules), *dice.keeps([1, 1, 5, 2, 3, 4])[:2]]
    else:
        out.append(_deal(game, seed))
    return out


def _call(call: Callable[..., Any], args: tuple[Any, ...]) -> BaseException | None:
    return fuzz.expect_refusal(lambda: call(*args))


def _some(data: st.DataObject, named: list[tuple[str, Any]], label: str) -> list[tuple[str, Any]]:
    """A few of ``named`` (each example calls a few methods, so that its data
    stays small; the examples together call them all)."""
    chosen = data.draw(st.lists(st.sampled_from(sorted(named, key=lambda n: n[0])),
                                min_size=1, max_size=6, unique_by=lambda n: n[0]), label=label)
    return list(chosen)


@fuzz.each_family(60)
def test_every_method_of_a_game_refuses_what_it_cannot_take(family: registry.Family,
                                                          data: st.DataObject) -> None:
    game = data.draw(fuzz.games(family))
    for name, method in _some(data, list(fuzz.methods(game)), "methods"):
        args = data.draw(fuzz.arguments(), label=name)
        before = game.to_bytes()
        if _call(method, args) is not None:
            assert game.to_bytes() == before, name
        else:  # it did something: the game may have moved on, it must still read
            game.legal_moves(), game.view(0)


@fuzz.each_family(60)
def test_every_method_of_what_a_game_gives_refuses_what_it_cannot_take(
        family: registry.Family, data: st.DataObject) -> None:
    game = data.draw(fuzz.games(family))
    before = game.to_bytes()
    target = data.draw(st.sampled_from(_targets(game, data.draw(st.integers(0, 2**32)))))
    label = type(target).__name__
    for name, method in _some(data, [*fuzz.methods(target), ("()", type(target))], label):
        _call(method, data.draw(fuzz.arguments(6 if name == "()" else 4), label=f"{label}.{name}"))
    assert game.to_bytes() == before


def _functions(family: registry.Family) -> list[tuple[str, Any]]:
    """The methods of the family's classes and the functions of the bindings."""
    out: list[tuple[str, Any]] = []
    for cls in (family.game_type, family.view_type, family.rules_type,
                *[kind.cls for kind in family.players]):
        out += [(f"{cls.__name__}.{name}", method) for name, method in fuzz.methods(cls)]
    for module in MODULES:
        for name in dir(module):
            function = getattr(module, name)
            private = name.startswith("_") and not module.__name__.endswith(("_engine",
                                                                              "_search"))
            if (not name.startswith("__") and not private and callable(function)
                    and name not in LONG_RUNNING
                    and getattr(function, "__module__", None) == module.__name__):
                out.append((f"{module.__name__}.{name}", function))  # the module's own
    return out


@fuzz.each_family(60)
def test_every_class_and_function_refuses_what_it_cannot_take(family: registry.Family,
                                                              data: st.DataObject) -> None:
    for name, function in _some(data, _functions(family), "functions"):
        _call(function, data.draw(fuzz.arguments(), label=name))

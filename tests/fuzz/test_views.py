"""Views built by hand, given to every player of every game.

A view changed by ``dataclasses.replace`` (a host rebuilding views from JSON
does this) with any field set to anything is refused with ViewError when it is
built, or is a view of its game that every player reads: a legal move, or a
PintasError. A view forged around its constructor may be refused with any
error by a player, but never crashes the process, and the search bindings
refuse it with a PintasError or a TypeError.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable
from functools import partial
from typing import Any

from hypothesis import strategies as st

from pintas import caminos, domino, registry
from pintas.caminos import _search as caminos_search
from pintas.domino import _search as line_search
from pintas.errors import ViewError

from .support import (
    FAMILIES,
    VALUES,
    each_family,
    expect_refusal,
    games,
    methods,
    mover_view,
    players_of,
    replaced,
)


def _near(value: Any) -> st.SearchStrategy[Any]:
    """Values close to a field's own: the right type with one thing wrong."""
    options: list[st.SearchStrategy[Any]] = [st.just(value)]
    if type(value) is int:
        options.append(st.integers(value - 3, value + 3) | st.sampled_from([-1, 2**8, 2**31]))
    if type(value) is tuple:
        options.append(st.integers(0, max(len(value), 1)).map(lambda n: value[:n]))
        options.append(st.just(value + value[-1:]))
        if value:
            options.append(st.tuples(st.integers(0, len(value) - 1), VALUES).map(
                lambda iv: (*value[:iv[0]], iv[1], *value[iv[0] + 1:])))
    return st.one_of(options)


@st.composite
def changes(draw: st.DrawFn, view: Any, other: Any) -> dict[str, Any]:
    """New values for one to three fields of ``view``: anything, a value of the
    field's type, a value near its own, or another view's (same game)."""
    hints = typing.get_type_hints(type(view))
    names = [f.name for f in dataclasses.fields(view)]
    chosen = draw(st.lists(st.sampled_from(names), min_size=1, max_size=3, unique=True))
    out = {}
    for name in chosen:
        out[name] = draw(st.one_of(VALUES, st.from_type(hints[name]),
                                   _near(getattr(view, name)), st.just(getattr(other, name))))
    return out


def _read_every_way(view: Any) -> None:
    """A view that was built is one its own methods read without surprise."""
    for _, method in methods(view):
        expect_refusal(method)
    for seat in range(-1, 5):
        for name in ("known_tiles", "passes"):
            reader = getattr(view, name, None)
            if callable(reader):
                expect_refusal(partial(reader, seat))
    assert type(view).from_dict(view.to_dict()) == view


def _choose_into(chosen: list[Any], player: Any, view: Any) -> None:
    chosen.append(player.choose(view))


def _choose_with_every_player(family: registry.Family, view: Any) -> None:
    for player in players_of(family, view.rules):
        before = view.to_dict()
        chosen: list[Any] = []
        if expect_refusal(partial(_choose_into, chosen, player, view)) is None:
            assert chosen[0] in view.legal_moves()
        assert view.to_dict() == before


@each_family(40)
def test_a_changed_view_is_refused_or_played(family: registry.Family, data: st.DataObject) -> None:
    game = data.draw(games(family))
    other = mover_view(data.draw(games(family)))
    view = mover_view(game)
    new = data.draw(changes(view, other))
    try:
        changed = replaced(view, new)
    except ViewError:
        return
    _read_every_way(changed)
    _choose_with_every_player(family, changed)


def _forged(view: Any, new: dict[str, Any]) -> Any:
    """``view`` with the changes written around its constructor (no check)."""
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    return type(view)._made(**{**fields, **new})


@each_family(40, [f for f in FAMILIES if f.name != "dice"])
def test_a_forged_view_cannot_crash_a_search(family: registry.Family,
                                            data: st.DataObject) -> None:
    game = data.draw(games(family))
    other = mover_view(data.draw(games(family)))
    view = _forged(mover_view(game), data.draw(changes(mover_view(game), other)))
    calls: list[Callable[[], object]]
    if isinstance(view, domino.View):
        calls = [lambda: line_search.Info(view).search(1, 0, 2),
                 lambda: line_search.knowledge(view), lambda: line_search.sample(view, 1)]
    else:
        assert isinstance(view, caminos.View)
        calls = [lambda: caminos_search.Info(view).search(1, 0, 2),
                 lambda: caminos_search.Info(view).sample(1), lambda: caminos_search.derive(view)]
    for call in calls:
        expect_refusal(call)
    for player in players_of(family, game.rules):
        try:  # a player may refuse a forged view any way it likes; the process lives on
            player.choose(view)
        except Exception:
            pass


@each_family(15)
def test_every_view_a_game_gives_passes_the_check(family: registry.Family,
                                                  data: st.DataObject) -> None:
    game = data.draw(games(family))
    for seat in range(game.seats):
        view = game.view(seat)
        assert replaced(view, {}) == view  # built through the constructor: checked

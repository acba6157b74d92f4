"""Players and the compiled modules are typed precisely.

Every player's ``choose`` takes its game's view and gives its game's move; the
players of :mod:`pintas.bots` and :func:`pintas.registry.make_player` give the
move of the view's (or the rules') game. The functions below are checked by
``mypy --strict`` (which runs over the tests): returning ``Any`` where they
promise a move of one game is an error there. The stubs of the compiled
modules type nothing public as ``Any`` but plain data (``to_dict``).
"""

from __future__ import annotations

import ast
import typing
from pathlib import Path

import pytest

import pintas
from pintas import bots, caminos, dice, domino, protocol, registry
from tests.support import mover


def _facade_move(view: domino.View) -> domino.Move:
    return bots.SearchPlayer(samples=5).choose(view)


def _made_caminos_move(rules: caminos.Rules, view: caminos.View) -> caminos.Move:
    return registry.make_player("suit", rules).choose(view)


def _made_dice_move(rules: dice.Rules, view: dice.View) -> dice.Move:
    return registry.make_player("optimal", rules).choose(view)


def test_typed_players_give_typed_moves() -> None:
    line = domino.Game(domino.Rules.dominican(), seed=1)
    road = caminos.Game(caminos.Rules.base(), seed=1)
    roll = dice.Game(dice.Rules.farkle(), seed=1)
    assert _facade_move(line.view(mover(line))) in line.legal_moves()
    assert _made_caminos_move(road.rules, road.view(mover(road))) in road.legal_moves()
    assert _made_dice_move(roll.rules, roll.view(mover(roll))) in roll.legal_moves()


@pytest.mark.parametrize("family", registry.families(), ids=lambda f: f.name)
def test_each_games_players_choose_from_its_view_and_give_its_move(
        family: registry.Family) -> None:
    move_type = getattr(family.game_type, "_MOVE_TYPE")  # noqa: B009 (a bare type)
    rules = next(p for p in registry.presets() if p.family is family).rules()
    for kind in family.players:
        hints = typing.get_type_hints(getattr(kind.cls, "choose"))  # noqa: B009
        assert hints == {"view": family.view_type, "return": move_type}, kind.name
        if kind.can_play(rules):
            assert isinstance(registry.make_player(kind.name, rules), protocol.PlayerOf)


@pytest.mark.parametrize("name", bots.__all__)
def test_the_facades_players_give_the_move_of_the_views_game(name: str) -> None:
    player = getattr(bots, name)
    if player is protocol.Player:
        return
    hints = typing.get_type_hints(player.choose)
    assert typing.get_origin(hints["view"]) is protocol.ViewOf
    (move,) = typing.get_args(hints["view"])
    assert isinstance(move, typing.TypeVar) and hints["return"] is move


def _stubs() -> list[Path]:
    return sorted(Path(pintas.__file__).parent.rglob("*.pyi"))


def _public_annotations(tree: ast.Module) -> list[tuple[str, ast.expr]]:
    """Every annotation of a public name: module and class attributes,
    function parameters and returns."""
    found: list[tuple[str, ast.expr]] = []

    def visit(body: list[ast.stmt], where: str) -> None:
        for node in body:
            if isinstance(node, ast.ClassDef) and not node.name.startswith("_"):
                visit(node.body, f"{where}{node.name}.")
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) \
                    and not node.target.id.startswith("_"):
                found.append((where + node.target.id, node.annotation))
            elif isinstance(node, ast.FunctionDef) and (not node.name.startswith("_")
                                                        or node.name.startswith("__")):
                name = where + node.name
                args = node.args.posonlyargs + node.args.args + node.args.kwonlyargs
                found.extend((f"{name}({a.arg})", a.annotation) for a in args if a.annotation)
                if node.returns is not None:
                    found.append((f"{name} return", node.returns))

    visit(tree.body, "")
    return found


@pytest.mark.parametrize("stub", _stubs(), ids=lambda p: p.name if p.parent.name == "pintas"
                         else f"{p.parent.name}/{p.name}")
def test_the_stubs_type_nothing_public_as_any(stub: Path) -> None:
    loose = [name for name, annotation in _public_annotations(ast.parse(stub.read_text()))
             if "Any" in ast.unparse(annotation) and not name.endswith("to_dict return")]
    assert not loose, f"{stub.name}: {loose}"

"""Every example in every docstring of the package runs and gives what it shows."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import pintas


def _modules() -> list[str]:
    return ["pintas"] + [info.name for info in pkgutil.walk_packages(pintas.__path__, "pintas.")]


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_game_modules_show_examples() -> None:
    tried = {name: doctest.testmod(importlib.import_module(name)).attempted
             for name in _modules()}
    for package in ("domino", "caminos", "dice"):
        for room in ("", ".rules", ".game", "._engine", ".players"):
            assert tried[f"pintas.{package}{room}"] > 0, f"no example in pintas.{package}{room}"

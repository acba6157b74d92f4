"""Every example in every docstring of the package runs and gives what it shows;
the docs' Python snippets that start worker processes run as scripts."""

from __future__ import annotations

import contextlib
import doctest
import importlib
import io
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import pintas

DOCS = Path(__file__).resolve().parent.parent / "docs"
#: What starts worker processes in a snippet: those processes import the main
#: module again, so a snippet run as a script needs a ``__main__`` guard.
PROCESSES = re.compile(r"\bClient\(|ProcessPool|multiprocessing|get_executor\(")


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


def _snippets() -> list[tuple[str, str]]:
    return [(f"{page.name} block {i}", code) for page in sorted(DOCS.glob("*.md"))
            for i, code in enumerate(re.findall(r"```python\n(.*?)```", page.read_text(),
                                                re.S))]


def test_saves_snippet_runs() -> None:
    """docs/saves.md's example: its every refusal prints, and nothing else."""
    [code] = [code for name, code in _snippets() if name.startswith("saves.md")]
    shown = io.StringIO()
    with contextlib.redirect_stdout(shown):
        exec(compile(code, "docs/saves.md", "exec"), {})
    assert len(shown.getvalue().splitlines()) == 4


def test_snippets_that_start_processes_are_guarded() -> None:
    starting = [(name, code) for name, code in _snippets() if PROCESSES.search(code)]
    assert starting, "the Dask example of docs/strength.md is gone"
    for name, code in starting:
        assert 'if __name__ == "__main__":' in code, f"{name} needs a __main__ guard"


def test_strength_dask_snippet_runs_as_a_script(tmp_path: Path) -> None:
    """docs/strength.md's Dask example, with 2 deals instead of 5000, as a script."""
    pytest.importorskip("distributed")
    [code] = [code for name, code in _snippets()
              if name.startswith("strength.md") and "Client(" in code]
    assert "deals=5000" in code
    script = tmp_path / "dask_tournament.py"
    script.write_text(code.replace("deals=5000", "deals=2"))
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "search - suit" in done.stdout and "2 deals" in done.stdout

"""The installed C library, loaded by cffi in ABI mode: no compiler builds
anything here, cffi calls the shared library through the C ABI alone.

The declarations come from the installed headers, never from a copy: the C
preprocessor expands ``pintas/pintas.h`` and :func:`declarations` keeps what
came from the ``pintas/`` headers themselves (the standard headers' lines are
left out: cffi knows ``uint8_t``, ``size_t`` and the like), plus the value of
every ``PINTAS_*`` macro that is an integer constant. So the tests follow any change of
the headers, and a header that no longer matches the library fails them.

``PINTAS_LIB`` names the shared library (``/usr/local/lib/libpintas.so``);
the headers are found in the ``include/`` of the prefix it is installed in,
or where ``PINTAS_INCLUDE`` says. ``CC`` names the preprocessor's compiler
(default ``cc``).
"""

from __future__ import annotations

import ast
import operator
import os
import re
import shutil
import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cffi

LIB_ENV = "PINTAS_LIB"
INCLUDE_ENV = "PINTAS_INCLUDE"
HOW = ("tools/test_install.sh -p PREFIX installs the library into PREFIX; then set "
       f"{LIB_ENV}=PREFIX/lib/libpintas.so")

# Something cffi's parser reads otherwise than a C compiler: a global declared
# `extern const` is an integer constant to cffi, which it cannot read from a
# dlopen'ed library; declared without const it is a variable, read in place.
_CFFI_FIXES = ((re.compile(r"\bextern\s+const\s+"), "extern "),)
_LINEMARKER = re.compile(r'^# \d+ "(.*)"')


class LibraryMissing(Exception):
    """No library to test: the reason to skip."""


def library_path() -> Path:
    """The shared library PINTAS_LIB names (LibraryMissing if it names none;
    FileNotFoundError if it names a file that is not there)."""
    given = os.environ.get(LIB_ENV, "")
    if not given:
        raise LibraryMissing(f"{LIB_ENV} is not set: no installed C library to test ({HOW})")
    path = Path(given)
    if not path.is_file():
        raise FileNotFoundError(f"{LIB_ENV}={given} is not a file")
    return path.resolve()


def include_dir(library: Path) -> Path:
    """Where the installed headers are: PINTAS_INCLUDE, else the ``include/``
    beside the library's ``lib/`` (found upwards, for ``lib/<multiarch>/``)."""
    given = os.environ.get(INCLUDE_ENV, "")
    candidates = [Path(given)] if given else [p / "include" for p in library.parents]
    for candidate in candidates:
        if (candidate / "pintas" / "pintas.h").is_file():
            return candidate.resolve()
    raise FileNotFoundError(f"no pintas/pintas.h in {INCLUDE_ENV}={given}" if given else
                            f"no include/pintas/pintas.h in a parent of {library}: "
                            f"set {INCLUDE_ENV}")


def _preprocess(include: Path, *flags: str, source: str | None = None) -> str:
    """The output of the C preprocessor run on ``source`` (default: pintas/pintas.h)."""
    compiler = os.environ.get("CC", "") or shutil.which("cc") or shutil.which("gcc") or "cc"
    what = [str(include / "pintas" / "pintas.h")] if source is None else ["-x", "c", "-"]
    done = subprocess.run([compiler, "-E", *flags, "-I", str(include), *what], input=source,
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{compiler} -E failed on {what[-1]}:\n{done.stderr}")
    return done.stdout


def declarations(include: Path) -> str:
    """The declarations of every public header under ``include/pintas`` and
    its integer macros, as cffi takes them."""
    ours = include / "pintas"
    kept: list[str] = []
    keep = False
    for line in _preprocess(include).splitlines():
        marker = _LINEMARKER.match(line)
        if marker:  # which file the following lines come from
            keep = Path(marker.group(1)).resolve().parent == ours
        elif keep and line.strip():
            kept.append(line)
    text = "\n".join(kept)
    for pattern, replacement in _CFFI_FIXES:
        text = pattern.sub(replacement, text)
    macros = [f"#define {name} {value}" for name, value in macro_values(include).items()]
    return text + "\n" + "\n".join(macros) + "\n"


def macro_values(include: Path) -> dict[str, int]:
    """Every object-like PINTAS_* macro whose expansion is an integer constant
    expression (PINTAS_CAMINOS_MAX_MOVES: 112), by name: the preprocessor
    expands each, and :func:`integer` evaluates what it gives."""
    names = sorted(set(_OBJECT_MACRO.findall(_preprocess(include, "-dM"))))
    probe = '#include "pintas/pintas.h"\n' + "".join(
        f"pintas_probe_{i} = {name}\n" for i, name in enumerate(names))
    values: dict[str, int] = {}
    for line in _preprocess(include, "-P", source=probe).splitlines():
        probed = re.match(r"^pintas_probe_(\d+) = (.+)$", line)
        if probed:
            value = integer(probed.group(2))
            if value is not None:
                values[names[int(probed.group(1))]] = value
    return values


_OBJECT_MACRO = re.compile(r"^#define (PINTAS_\w+) ", re.MULTILINE)  # not NAME(args)
_INT_SUFFIX = re.compile(r"\b(0[xX][0-9a-fA-F]+|\d+)[uUlL]+\b")
_OPERATORS: dict[type[ast.operator], Callable[[int, int], int]] = {
    ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul,
    ast.LShift: operator.lshift, ast.RShift: operator.rshift, ast.BitOr: operator.or_,
    ast.BitAnd: operator.and_, ast.BitXor: operator.xor,
}


def integer(expression: str) -> int | None:
    """The value of a C integer constant expression made of literals, + - *
    << >> | & ^, unary minus and parentheses; None for anything else."""
    try:
        tree = ast.parse(_INT_SUFFIX.sub(r"\1", expression).strip(), mode="eval")
    except SyntaxError:
        return None

    def value(node: ast.expr) -> int | None:
        if isinstance(node, ast.Constant):
            return node.value if type(node.value) is int else None
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
            operand = value(node.operand)
            return None if operand is None else -operand
        if isinstance(node, ast.BinOp) and type(node.op) in _OPERATORS:
            left, right = value(node.left), value(node.right)
            if left is None or right is None:
                return None
            return _OPERATORS[type(node.op)](left, right)
        return None

    return value(tree.body)


@dataclass(frozen=True)
class CLibrary:
    """The library and its declarations. ``lib`` and every cdata are ``Any``:
    their attributes are the C declarations, which no type checker knows."""

    path: Path
    include: Path
    ffi: cffi.FFI
    lib: Any

    @classmethod
    def load(cls) -> CLibrary:
        path = library_path()
        include = include_dir(path)
        ffi = cffi.FFI()
        ffi.cdef(declarations(include))
        return cls(path, include, ffi, ffi.dlopen(str(path)))

    def new(self, ctype: str, init: object = None) -> Any:
        """A new C object (``ffi.new``), zeroed unless ``init`` is given."""
        return self.ffi.new(ctype, init)

    def text(self, string: Any) -> str:
        """A C string (``const char *``) as text."""
        value = self.ffi.string(string)
        return value.decode() if isinstance(value, bytes) else value

    def check(self, status: int, what: str = "a call") -> None:
        """Fail unless ``status`` is PINTAS_OK, naming the status as the library does."""
        if status != self.lib.PINTAS_OK:
            described = self.text(self.lib.pintas_status_str(status))
            raise AssertionError(f"{what} returned {status} ({described})")

    def engine(self, name: str) -> Any:
        """The engine table ``pintas_<name>_engine`` (a pointer to the library's own)."""
        return self.ffi.addressof(self.lib, f"pintas_{name}_engine")

    def enum(self, ctype: str, prefix: str) -> dict[int, str]:
        """The values of a C enum type, named as Python names them: the C name
        less ``prefix``, in lower case (PINTAS_EV_ROUND_END: ``round_end``)."""
        elements: dict[int, str] = self.ffi.typeof(ctype).elements
        assert all(name.startswith(prefix) for name in elements.values()), (ctype, prefix)
        return {value: name[len(prefix):].lower() for value, name in elements.items()}

    def value(self, ctype: str, prefix: str, name: str) -> int:
        """The value of the element of a C enum that Python calls ``name``."""
        values = {python: c for c, python in self.enum(ctype, prefix).items()}
        return values[name]

    def functions(self) -> list[str]:
        """Every function the headers declare."""
        return sorted(name for name in dir(self.lib) if name.startswith("pintas_")
                      and self.ffi.typeof(getattr(self.lib, name)).kind == "function")

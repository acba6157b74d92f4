"""The plain-data form of every value: what ``to_dict()`` gives and ``from_dict()`` reads.

Plain data is what JSON holds: None, bools, ints, strings, lists and dicts with
string keys. A tile is its notation (``"6|4"``), a set of tiles the list of its
tiles' notations, a tuple a list, and a record (rules, move, event, view, path,
deal) a dict of its fields. Reading is guided by each field's declared type,
so ``from_dict(to_dict(x)) == x`` for every value; anything else raises
:class:`~pintas.errors.CorruptStateError` naming the field.

>>> from pintas import Tile
>>> to_plain((Tile(6, 4), None, (1, 2)))
['6|4', None, [1, 2]]
>>> from_plain(tuple[Tile, ...], ["6|4", "3|3"], "tiles")
(Tile(6, 4), Tile(3, 3))
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from typing import Any, TypeVar

from ._checks import did_you_mean
from .errors import CorruptStateError, PintasError, SaveTypeError
from .tiles import Tile, TileSet

__all__ = ["PlainRecord", "from_plain", "read_fields", "to_plain"]


def to_plain(value: Any) -> Any:
    """``value`` as JSON-ready plain data."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, Tile):
        return str(value)
    if isinstance(value, TileSet):
        return [str(t) for t in value]
    if isinstance(value, (tuple, list)):
        return [to_plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): to_plain(v) for k, v in value.items()}
    to_dict = getattr(value, "to_dict", None)
    if to_dict is None:
        raise TypeError(f"no plain form for {type(value).__name__}: {value!r}")
    return to_dict()


_SCALARS = {int: "a whole number", str: "a string", bool: "true or false", float: "a number"}


def _fail(where: str, expected: str, data: object) -> CorruptStateError:
    return CorruptStateError(f"{where} must be {expected}: got {data!r}")


def from_plain(hint: Any, data: Any, where: str) -> Any:
    """The value of type ``hint`` whose plain form is ``data``; ``where`` names
    the field in the error."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        options = [o for o in typing.get_args(hint) if o is not type(None)]
        if data is None and len(options) < len(typing.get_args(hint)):
            return None
        if len(options) == 1:
            return from_plain(options[0], data, where)
        for option in options:
            try:
                return from_plain(option, data, where)
            except CorruptStateError:
                pass
        raise _fail(where, " or ".join(map(str, options)), data)
    if origin is tuple:
        return _tuple(typing.get_args(hint), data, where)
    if hint in _SCALARS:
        if type(data) is not hint and not (hint is float and type(data) is int):
            raise _fail(where, _SCALARS[hint], data)
        return data
    if hint is Tile or hint is TileSet:
        return _tiles(hint, data, where)
    if isinstance(hint, type) and hasattr(hint, "from_dict"):
        if not isinstance(data, dict):  # a field's data: corrupt, not a caller's wrong type
            raise _fail(where, f"a {hint.__qualname__} as a dict", data)
        return hint.from_dict(data)
    if hint is Any:
        return data
    raise TypeError(f"{where}: no plain form for the type {hint!r}")


def _tuple(args: tuple[Any, ...], data: Any, where: str) -> tuple[Any, ...]:
    if not isinstance(data, (list, tuple)):
        raise _fail(where, "a list", data)
    if len(args) == 2 and args[1] is Ellipsis:
        return tuple(from_plain(args[0], item, f"{where}[{i}]") for i, item in enumerate(data))
    if len(data) != len(args):
        raise _fail(where, f"a list of {len(args)}", data)
    return tuple(from_plain(arg, item, f"{where}[{i}]")
                 for i, (arg, item) in enumerate(zip(args, data, strict=True)))


def _tiles(hint: type, data: Any, where: str) -> Tile | TileSet:
    try:
        if hint is Tile:
            if not isinstance(data, str):
                raise _fail(where, "a tile like '6|4'", data)
            return Tile.parse(data)
        if not isinstance(data, list) or not all(isinstance(t, str) for t in data):
            raise _fail(where, "a list of tiles like ['6|4']", data)
        return TileSet(Tile.parse(t) for t in data)
    except CorruptStateError:
        raise
    except PintasError as exc:
        raise CorruptStateError(f"{where}: {exc}") from None


def read_fields(what: str, data: Any, fields: Sequence[tuple[str, Any]]) -> dict[str, Any]:
    """The values of ``fields`` (name, type) read from ``data``, the plain dict
    of a ``what``; fields it leaves out are left out (their defaults apply)."""
    if not isinstance(data, dict):
        raise SaveTypeError(f"{what}.from_dict takes a dict: got {data!r}")
    names = [name for name, _ in fields]
    unknown = sorted(map(str, set(data) - set(names)))
    if unknown:
        named = ", ".join(name + did_you_mean(name, names) for name in unknown)
        raise CorruptStateError(f"not a field of {what}: {named} (fields: {', '.join(names)})")
    return {name: from_plain(hint, data[name], f"{what}.{name}")
            for name, hint in fields if name in data}


_HINTS: dict[type, dict[str, Any]] = {}
P = TypeVar("P", bound="PlainRecord")


def _hints(cls: type) -> dict[str, Any]:
    """The field types of ``cls`` (evaluated once per class)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


class PlainRecord:
    """``to_dict``/``from_dict`` for a dataclass, from its fields' types.

    ``from_dict`` builds the value through its constructor, so every check the
    class makes on its fields applies to data read back too.
    """

    __slots__ = ()

    @classmethod
    def _made(cls: type[P], **fields: Any) -> P:
        """The record with these fields, unchecked: only for what a game builds
        from its own consistent state (its views, its paths)."""
        record = object.__new__(cls)
        record.__dict__.update(fields)
        return record

    def to_dict(self) -> dict[str, Any]:
        """The value as plain data (JSON-ready); :meth:`from_dict` reads it back."""
        return {f.name: to_plain(getattr(self, f.name))
                for f in dataclasses.fields(self) if f.init}  # type: ignore[arg-type]

    @classmethod
    def from_dict(cls: type[P], data: object) -> P:
        """The value written by :meth:`to_dict`; CorruptStateError for anything else."""
        hints = _hints(cls)
        fields = [(f.name, hints[f.name])
                  for f in dataclasses.fields(cls) if f.init]  # type: ignore[arg-type]
        values = read_fields(cls.__qualname__, data, fields)
        try:
            return cls(**values)
        except CorruptStateError:
            raise
        except (PintasError, TypeError) as exc:
            raise CorruptStateError(f"not a {cls.__qualname__}: {exc}") from None

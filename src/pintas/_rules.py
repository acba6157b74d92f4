"""What every game's rules share: presets with checked options, a checked
``replace``, and the plain-data form.

Each game's ``Rules`` is a frozen dataclass deriving from :class:`RulesBase`;
its ``__post_init__`` checks every setting (and asks the C core), so a
``Rules`` value that exists is valid, and ``replace``/``from_dict`` build
through it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping
from typing import Any, TypeVar

from ._plain import PlainRecord
from .errors import RulesError

R = TypeVar("R", bound="RulesBase")


class RulesBase(PlainRecord):
    """The shared half of every game's rules (see the module)."""

    __slots__ = ()

    @classmethod
    def _aliased(cls, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` with other accepted names turned into the field names."""
        return options

    @classmethod
    def _settings(cls) -> set[str]:
        return {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]

    @classmethod
    def _preset(cls: type[R], base: Mapping[str, Any], options: dict[str, Any],
                fixed: Collection[str] = ()) -> R:
        """The rules ``base`` with the caller's ``options``; ``fixed`` names the
        settings the preset decides itself."""
        options = cls._aliased(options)
        allowed = cls._settings() - set(fixed)
        bad = sorted(set(options) - allowed)
        if bad:
            raise RulesError(f"not an option of this preset: {', '.join(bad)} "
                             f"(options: {', '.join(sorted(allowed))})")
        return cls(**{**base, **options})

    def replace(self: R, **changes: Any) -> R:
        """A checked copy with some settings changed (RulesError for a bad one)."""
        changes = self._aliased(changes)
        unknown = set(changes) - self._settings()
        if unknown:
            raise RulesError(f"no such rules setting: {', '.join(sorted(unknown))} "
                             f"(settings: {', '.join(sorted(self._settings()))})")
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    def _fields(self) -> tuple[int, ...]:
        """The settings as the C core's rules fields."""
        raise NotImplementedError

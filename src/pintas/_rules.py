"""What every game's rules share: presets with checked options, a checked
``replace``, and the plain-data form.

Each game's ``Rules`` is a frozen dataclass deriving from :class:`RulesBase`;
its ``__post_init__`` checks every setting (and asks the C core), so a
``Rules`` value that exists is valid, and ``replace``/``from_dict`` build
through it.

A preset takes only the options its game's ``PRESET_OPTIONS`` lists for it:
another game's option, or a setting the preset decides itself (the game, the
seats of a Dominican mode), is refused with its reason, an unknown name with
the closest option when one is close (a typo), and every refusal lists what
the preset does take. ``replace`` refuses unknown names the same way, listing
the settings that mean something for the rules' own game.

>>> from pintas import domino
>>> domino.Rules.muggins(taget=100)
Traceback (most recent call last):
...
pintas.errors.RulesError: not an option of muggins: taget (did you mean 'target'?); \
muggins takes players, target, redeal_doubles, block_scoring, max_rounds
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import Any, ClassVar, TypeVar

from . import _settings
from ._checks import did_you_mean
from ._plain import PlainRecord
from .errors import RulesError, RulesTypeError

R = TypeVar("R", bound="RulesBase")

def preset_options(family: int) -> dict[str, tuple[str, ...]]:
    """The options each of ``family``'s presets takes, by the preset's name,
    from the C core's table (pintas/settings.h)."""
    return {name: takes for name, takes, _ in _settings.presets(family)}


@functools.cache
def _aliases(family: int) -> dict[str, str]:
    """The settings of ``family`` that presets also take by another name, by it."""
    return {str(s[1]): str(s[0]) for s in _settings.settings(family) if s[1] != s[0]}


def setting_of(family: int, name: str) -> tuple[Any, ...]:
    """The C core's entry of the setting ``name`` of ``family``'s rules:
    ``(name, option, kind, low, high, choices, owner, neutral, default)``."""
    return next(s for s in _settings.settings(family) if s[0] == name)


class RulesBase(PlainRecord):
    """The shared half of every game's rules (see the module)."""

    __slots__ = ()

    #: The options each preset takes, by the preset's name, in the names it
    #: takes them by (its method's own parameters first): what a refusal lists.
    #: Every other setting is the preset's to decide.
    PRESET_OPTIONS: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    #: The family of the rules in the C core's table of settings (pintas/settings.h).
    _FAMILY: ClassVar[int]

    def _check_settings(self) -> None:
        """Every setting by the C core's table (pintas/settings.h): RulesError
        for the first refused in the table's order (RulesTypeError for a value
        of the wrong type), a name close to a choice's suggested."""
        table = _settings.settings(self._FAMILY)
        given = [getattr(self, setting[0]) for setting in table]
        refused = _settings.refusal(self._FAMILY, given)
        if refused is not None:
            index, message, what = refused
            if what == _settings.TYPE:
                raise RulesTypeError(message)
            raise RulesError(message + (did_you_mean(given[index], table[index][5])
                                        if what == _settings.UNKNOWN else ""))

    @classmethod
    def _field_name(cls, option: str) -> str:
        """The setting an option of another accepted name sets (else the option)."""
        return _aliases(cls._FAMILY).get(option, option)

    @classmethod
    def _aliased(cls, options: dict[str, Any]) -> dict[str, Any]:
        """``options`` with other accepted names turned into the field names."""
        if not isinstance(options, dict):
            raise RulesTypeError(f"options are a dict of settings: got {options!r}")
        return {cls._field_name(name): value for name, value in options.items()}

    @classmethod
    def _settings(cls) -> list[str]:
        return [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]

    @classmethod
    def _preset(cls: type[R], preset: str, seats: Mapping[str, Any], options: dict[str, Any]) -> R:
        """The C core's preset called ``preset`` (pintas/settings.h), with the
        ``seats`` its call names and the caller's ``options``, which must be
        options the preset takes (:attr:`PRESET_OPTIONS`)."""
        if not isinstance(preset, str) or preset not in cls.PRESET_OPTIONS:
            error = RulesError if isinstance(preset, str) else RulesTypeError
            raise error(f"no preset {preset!r}: {', '.join(cls.PRESET_OPTIONS)}")
        if not isinstance(seats, Mapping):
            raise RulesTypeError(f"a preset's seats are a dict: got {seats!r}")
        index = list(cls.PRESET_OPTIONS).index(preset)
        takes = cls.PRESET_OPTIONS[preset]
        taken = {cls._field_name(name) for name in takes}
        refused = [name for name in options if cls._field_name(name) not in taken]
        if refused:
            hints = [did_you_mean(name, takes) or None for name in refused]
            raise RulesError(_settings.preset_refusal(cls._FAMILY, index, refused, hints))
        base = _settings.preset_settings(cls._FAMILY, index)
        return cls(**{**base, **seats, **cls._aliased(options)})

    #: Settings left out of :meth:`to_dict` while None (limits that no preset
    #: sets): the plain data of rules without them is what it was before them.
    _OMITTED_WHEN_NONE: ClassVar[tuple[str, ...]] = ()

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain data (JSON-ready); :meth:`from_dict` reads them back.
        A limit left at None (no limit) is left out."""
        data = super().to_dict()
        for name in self._OMITTED_WHEN_NONE:
            if data.get(name, 0) is None:
                del data[name]
        return data

    def __str__(self) -> str:
        """The rules as people read them, in the core's words (pintas_settings_text).

        >>> from pintas import domino
        >>> str(domino.Rules.capicua(pairs=True, max_rounds=5))
        'capicua (4 players in pairs) to 20, at most 5 rounds'
        """
        return _settings.description(self._FAMILY, self)

    def replace(self: R, **changes: Any) -> R:
        """A checked copy with some settings changed (RulesError for a bad one)."""
        changes = self._aliased(changes)
        unknown = [name for name in changes if name not in self._settings()]
        if unknown:
            own = _settings.own_settings(self._FAMILY, self)
            hints = [did_you_mean(name, own) or None for name in unknown]
            raise RulesError(_settings.unknown_refusal(self._FAMILY, self, unknown, hints))
        return dataclasses.replace(self, **changes)  # type: ignore[type-var]

    def _fields(self) -> tuple[int, ...]:
        """The settings as the C core's rules fields: each setting's value as
        the core reads it, in its table's order (pintas/settings.h), which the
        bindings give pintas_settings_rules to make the rules struct."""
        return _settings.core_values(self._FAMILY, self)

    @staticmethod
    def _checked_fields(fields: object, count: int) -> tuple[int, ...]:
        """``fields`` (rules fields read back, as ``_from_fields`` takes them):
        ``count`` whole numbers >= 0 (RulesError; RulesTypeError for a wrong type)."""
        if not isinstance(fields, (tuple, list)) or not all(type(f) is int for f in fields):
            raise RulesTypeError(f"rules fields are whole numbers: got {fields!r}")
        if len(fields) != count or min(fields, default=0) < 0:
            raise RulesError(f"rules fields are {count} whole numbers >= 0: got {fields!r}")
        return tuple(fields)

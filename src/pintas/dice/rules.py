"""The rules of the dice games: Dice of Doom and Farkle, and every house option.

>>> Rules.dice_of_doom(target=5000).target
5000
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .._rules import RulesBase, preset_options, setting_of
from .._settings import default_of
from ..errors import RulesError
from . import _engine

__all__ = ["DOOM_LOSES", "HOT_DICE", "MAX_ROLLS", "MAX_ROUNDS", "MAX_TARGET", "SCORINGS",
           "Rules"]

SCORINGS: tuple[str, ...] = setting_of(2, "scoring")[5]
DOOM_LOSES: tuple[str, ...] = setting_of(2, "doom_loses")[5]
HOT_DICE: tuple[str, ...] = setting_of(2, "hot_dice")[5]
MAX_TARGET: int = setting_of(2, "target")[4]
MAX_ROUNDS: int = setting_of(2, "max_rounds")[4]
MAX_ROLLS: int = setting_of(2, "max_rolls")[4]


@dataclass(frozen=True)
class Rules(RulesBase):
    """The rules of a dice game: the combination table and every option.

    ``scoring`` picks the combination values (``dice_of_doom``: single 1 = 1000,
    single 5 = 500, three or more of a kind = face x 100, straights, three pairs
    and two triplets 1000 plus their 1s and 5s; ``farkle``: Busche & Neller's
    minimal table). The options: ``target``; ``doom`` (two or more 6s in a roll
    end the turn) and ``doom_loses`` (``turn`` or ``score``); ``hot_dice``
    (``must`` roll six again after keeping all six, or ``may`` bank);
    ``combine_kept`` (the dice kept since the last six-dice roll are scored as
    one pool); ``final_round`` (the others get one last turn). Two limits,
    None (no limit) in every preset, bound a game's length: ``max_rounds``,
    the rounds played (a round is one turn of every player, from the first
    player on: when the last player of the last round ends his turn and
    nobody has won, every player with the highest score wins, a tie sharing
    the win), and ``max_rolls``, the rolls a turn may make (after the keep of
    the last one the turn total is banked at once). Build them with a
    preset and adjust with :meth:`replace`; a bad setting raises
    :class:`~pintas.errors.RulesError`.

    >>> r = Rules.dice_of_doom(target=5000)
    >>> r.target, r.doom, r.hot_dice, r.combine_kept
    (5000, True, 'must', True)
    >>> Rules.farkle().replace(final_round=True).final_round
    True
    >>> Rules.dice_of_doom().replace(hot_dice="sometimes")
    Traceback (most recent call last):
    ...
    pintas.errors.RulesError: hot_dice must be one of 'must', 'may': got 'sometimes'
    """

    # (the defaults: the C core's, pintas/settings.h)
    scoring: str = default_of(2, "scoring", str)
    target: int = default_of(2, "target", int)
    doom: bool = default_of(2, "doom", bool)
    doom_loses: str = default_of(2, "doom_loses", str)
    hot_dice: str = default_of(2, "hot_dice", str)
    combine_kept: bool = default_of(2, "combine_kept", bool)
    final_round: bool = default_of(2, "final_round", bool)
    max_rounds: int | None = default_of(2, "max_rounds", type(None))
    max_rolls: int | None = default_of(2, "max_rolls", type(None))

    _OMITTED_WHEN_NONE: ClassVar[tuple[str, ...]] = ("max_rounds", "max_rolls")

    _FAMILY: ClassVar[int] = 2

    def __post_init__(self) -> None:
        self._check_settings()
        _engine.check_rules(self._fields())

    PRESET_OPTIONS: ClassVar[Mapping[str, tuple[str, ...]]] = preset_options(2)

    @classmethod
    def dice_of_doom(cls, **options: Any) -> Rules:
        """Dice of Doom: combine kept dice, doom loses the turn, hot dice
        must roll again, target 100,000."""
        return cls._preset("dice_of_doom", {}, options)

    @classmethod
    def farkle(cls, **options: Any) -> Rules:
        """Busche & Neller's minimal Farkle: 1 = 100, 5 = 50, three 1s = 1000,
        three f = 100 f, each roll scored alone, no doom, hot dice may, target 10,000."""
        return cls._preset("farkle", {}, options)

    @property
    def unit(self) -> int:
        """The gcd of every combination value: every score is a multiple of it."""
        return int(_engine.rules_unit(self._fields()))

    def combinations(self) -> dict[str, int]:
        """The combination values, by name.

        >>> Rules.farkle().combinations()["3 x 1"]
        1000
        """
        return dict(_engine.rules_values(self._fields()))

    def max_moves(self, players: int) -> int | None:
        """The most moves a game of ``players`` players can take, or None when
        nothing bounds it: both limits are needed. Without ``max_rolls`` a turn
        is unbounded (hot dice roll six dice again as long as every die
        scores), without ``max_rounds`` a game (every turn can be doomed or
        rolled out); with both, a turn makes at most ``max_rolls`` rolls and
        as many keeps, so a game takes at most
        ``max_rounds * players * 2 * max_rolls`` moves.

        >>> Rules.farkle(max_rounds=10, max_rolls=6).max_moves(2)
        240
        >>> Rules.farkle(max_rounds=10).max_moves(2) is None
        True
        """
        return int(_engine.max_moves(self._fields(), players)) or None

    @classmethod
    def _from_fields(cls, fields: Sequence[int]) -> Rules:
        # 7 fields: rules without limits (what a save's rules bytes hold)
        given = fields = cls._checked_fields(fields, 7 if len(fields) == 7 else 9)
        if len(fields) == 7:
            fields += (0, 0)  # (a refusal quotes the fields as given)
        scoring, target, doom, loses, hot, combine, final, max_rounds, max_rolls = fields
        if scoring >= len(SCORINGS) or loses >= len(DOOM_LOSES) or hot >= len(HOT_DICE) \
                or doom > 1 or combine > 1 or final > 1:
            raise RulesError(f"rules fields out of range: {tuple(given)!r}")
        return cls(scoring=SCORINGS[scoring], target=target, doom=bool(doom),
                   doom_loses=DOOM_LOSES[loses], hot_dice=HOT_DICE[hot],
                   combine_kept=bool(combine), final_round=bool(final),
                   max_rounds=max_rounds or None, max_rolls=max_rolls or None)

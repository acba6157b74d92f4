"""The rules of the line games: Muggins to 200, Capicua to 20 and Dominican domino.

>>> r = Rules.dominican(mode="pairs", target=150)
>>> r.players, r.pairs, r.target, r.capicua_bonus
(4, True, 150, 25)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .._checks import check_choice
from .._rules import RulesBase, preset_options, setting_of
from .._settings import default_of, presets, seating
from ..errors import RulesError
from . import _engine

__all__ = ["BLOCK_SCORING", "GAMES", "MAX_ROUNDS", "MODES", "TRANQUE", "Rules"]

GAMES: tuple[str, ...] = setting_of(0, "game")[5]
#: Dominican's modes: their seats (players, pairs), from the C core's presets.
MODES: dict[str, tuple[int, bool]] = {
    name: (players, pairs) for name, players, pairs in presets(0)[2][2]}
BLOCK_SCORING: tuple[str, ...] = setting_of(0, "block_scoring")[5]
TRANQUE: tuple[str, ...] = setting_of(0, "tranque")[5]
MAX_TARGET: int = setting_of(0, "target")[4]
MAX_ROUNDS: int = setting_of(0, "max_rounds")[4]


@dataclass(frozen=True)
class Rules(RulesBase):
    """The rules of one line game: the game, the seats and every house option.

    Build them with a preset and adjust with :meth:`replace`; every combination
    is checked, and a bad one raises :class:`~pintas.errors.RulesError`.

    ``max_rounds`` (any game; None, no limit, in every preset) ends the game
    once that round is scored if no side has won: every side with the highest
    score wins, a tie sharing the win (``game_end`` events with reason
    ``max_rounds``). It bounds the game's length (:attr:`max_rounds_bound`).

    >>> r = Rules.dominican(mode="pairs", target=150)
    >>> r.players, r.pairs, r.target, r.capicua_bonus
    (4, True, 150, 25)
    >>> r.replace(tranque="blocker").tranque
    'blocker'
    >>> Rules.muggins(players=5)
    Traceback (most recent call last):
    ...
    pintas.errors.RulesError: players must be a whole number 2..4: got 5
    """

    # (the defaults: the C core's, pintas/settings.h; game and players have none)
    game: str
    players: int
    pairs: bool = default_of(0, "pairs", bool)
    target: int = default_of(0, "target", int)
    redeal_doubles: int = default_of(0, "redeal_doubles", int)
    block_scoring: str = default_of(0, "block_scoring", str)
    tranque: str = default_of(0, "tranque", str)
    capicua_doubles: bool = default_of(0, "capicua_doubles", bool)
    pass_points: int = default_of(0, "pass_points", int)
    capicua_bonus: int = default_of(0, "capicua_bonus", int)
    pase_corrido_bonus: int = default_of(0, "pase_corrido_bonus", int)
    pase_de_salida_bonus: int = default_of(0, "pase_de_salida_bonus", int)
    max_rounds: int | None = default_of(0, "max_rounds", type(None))

    _OMITTED_WHEN_NONE: ClassVar[tuple[str, ...]] = ("max_rounds",)

    _FAMILY: ClassVar[int] = 0

    def __post_init__(self) -> None:
        self._check_settings()
        _engine.check_rules(self._fields())

    PRESET_OPTIONS: ClassVar[Mapping[str, tuple[str, ...]]] = preset_options(0)

    @classmethod
    def muggins(cls, players: int = 3, **options: Any) -> Rules:
        """Muggins to 200: 2-4 individuals, fives in play, boneyard draws."""
        return cls._preset("muggins", dict(players=players), options)

    @classmethod
    def capicua(cls, players: int = 4, pairs: bool = False, **options: Any) -> Rules:
        """Capicua to 20: pass points, capicua doubles, zapatero."""
        return cls._preset("capicua", dict(players=players, pairs=pairs), options)

    @classmethod
    def dominican(cls, mode: str = "pairs", **options: Any) -> Rules:
        """Dominican domino: modes ``pairs``, ``four``, ``three``, ``two``."""
        check_choice("mode", mode, tuple(MODES))
        players, pairs = MODES[mode]
        return cls._preset("dominican", dict(players=players, pairs=pairs), options)

    @property
    def mode(self) -> str | None:
        """The Dominican mode (``pairs``, ``four``, ``three``, ``two``), else None
        (the C core's pintas_settings_seating)."""
        return seating(0, self)

    @property
    def sides(self) -> int:
        """Number of scoring sides: 2 teams in pairs, else one per seat
        (pintas_line_sides)."""
        return _engine.rules_shape(self._fields())[0]

    @property
    def draws(self) -> bool:
        """True when a player who cannot play draws from a boneyard: Muggins
        and Capicua with 2 or 3 players (pintas_line_draws)."""
        return _engine.rules_shape(self._fields())[1]

    @property
    def round_moves(self) -> int:
        """The most moves (plays, draws, passes) one round can take: every
        placement but one per other seat (each still holds a tile when the
        round ends), every boneyard draw, and after each placement at most one
        pass per other seat (a pass of every seat in a row would be a block)."""
        return int(_engine.round_moves(self._fields()))

    @property
    def max_rounds_bound(self) -> int | None:
        """The most rounds a game can last, or None when nothing bounds it.

        ``max_rounds`` bounds it; so does the target where every round scores
        at least one point (Capicua; Dominican with 3 or 4 players): R rounds
        without a side at the target mean R <= sides * (target - 1). Muggins
        (a block tie, or a domino against 0|1, scores nothing) and two-player
        Dominican (a domino against a lone 0|0) can play rounds that score 0,
        so only ``max_rounds`` bounds them.

        >>> Rules.muggins().max_rounds_bound is None
        True
        >>> Rules.muggins(max_rounds=10).max_rounds_bound
        10
        >>> Rules.capicua(pairs=True).max_rounds_bound  # 2 sides x 19 + 1
        39
        """
        bound = int(_engine.max_rounds_bound(self._fields()))
        return bound or None

    def side_of(self, seat: int) -> int:
        """The side a seat scores for."""
        return seat % 2 if self.pairs else seat

    @classmethod
    def _from_fields(cls, fields: Sequence[int]) -> Rules:
        # 12 fields: rules without a limit (what a save's rules bytes hold)
        given = fields = cls._checked_fields(fields, 12 if len(fields) == 12 else 13)
        if len(fields) == 12:
            fields += (0,)  # (a refusal quotes the fields as given)
        (game, players, pairs, redeal, block, tranque, capicua, target, pass_points,
         bonus, corrido, salida, max_rounds) = fields
        if game >= len(GAMES) or block >= len(BLOCK_SCORING) or tranque >= len(TRANQUE):
            raise RulesError(f"rules fields out of range: {tuple(given)!r}")
        return cls(game=GAMES[game], players=players, pairs=bool(pairs), target=target,
                   redeal_doubles=redeal, block_scoring=BLOCK_SCORING[block],
                   tranque=TRANQUE[tranque], capicua_doubles=bool(capicua), pass_points=pass_points,
                   capicua_bonus=bonus, pase_corrido_bonus=corrido, pase_de_salida_bonus=salida,
                   max_rounds=max_rounds or None)

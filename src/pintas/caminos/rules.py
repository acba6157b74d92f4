"""The rules of Caminos: the variant, the seats and the rounds.

>>> r = Rules.base(players=4)
>>> r.name, r.paths, r.hand_size
('caminos', 5, 5)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from .._checks import check_choice
from .._rules import RulesBase, preset_options, setting_of
from .._settings import default_of
from ..errors import RulesError
from . import _engine

__all__ = ["FULL_PATH", "PRESET_NAMES", "VARIANTS", "Rules"]

VARIANTS: tuple[str, ...] = setting_of(1, "variant")[5]
#: Each variant's preset, by the C core's table (in the variants' order).
PRESET_NAMES: dict[str, str] = dict(zip(VARIANTS, preset_options(1), strict=True))
#: What a full path does, by the C core's numbers (pintas_caminos_full_path_name).
FULL_PATH: tuple[str, ...] = _engine.full_path_names()
MAX_ROUNDS: int = setting_of(1, "rounds")[4]


@dataclass(frozen=True)
class Rules(RulesBase):
    """The rules of a Caminos game: the variant, the seats and the rounds.

    Build them with a preset and adjust with :meth:`replace`; a bad setting
    raises :class:`~pintas.errors.RulesError`. The shape of the table follows
    from the variant and the players (see :attr:`paths`, :attr:`hand_size`,
    :attr:`side_tiles`, :attr:`full_path`).

    Two limits, None (no limit) in every preset, bound a game's length (the
    base game's renewed paths can feed a round for ever): ``max_rounds``
    (1..255) ends the game once that round is scored, if it comes before
    ``rounds``, every seat with the highest total winning (a ``game_end``
    with reason ``max_rounds``); ``max_round_moves`` (1..255) caps the moves
    of a round's play (placements, draws and passes; not the reveal): the
    move that reaches it ends the round as a blocked round ends, each player
    scoring -1 a tile left (a ``round_end`` with reason ``blocked``).

    >>> r = Rules.base(players=4)
    >>> r.name, r.paths, r.hand_size, r.side_tiles, r.full_path, r.rounds
    ('caminos', 5, 5, 1, 'renew', 3)
    >>> Rules.two_paths(players=4).hand_size
    6
    >>> r.replace(rounds=5).rounds
    5
    >>> Rules.no_renewal(players=5)
    Traceback (most recent call last):
    ...
    pintas.errors.RulesError: players must be a whole number 2..4: got 5
    """

    # (the defaults: the C core's, pintas/settings.h; the variant has none)
    variant: str
    players: int = default_of(1, "players", int)
    rounds: int = default_of(1, "rounds", int)
    max_rounds: int | None = default_of(1, "max_rounds", type(None))
    max_round_moves: int | None = default_of(1, "max_round_moves", type(None))

    _OMITTED_WHEN_NONE: ClassVar[tuple[str, ...]] = ("max_rounds", "max_round_moves")

    _FAMILY: ClassVar[int] = 1

    def __post_init__(self) -> None:
        self._check_settings()
        _engine.check_rules(self._fields())

    PRESET_OPTIONS: ClassVar[Mapping[str, tuple[str, ...]]] = preset_options(1)

    @classmethod
    def base(cls, players: int = 3, **options: Any) -> Rules:
        """The base game (preset ``caminos``): 5 paths taking one tile a side,
        a full path (3 tiles) renewed from the pile; 6 tiles a hand, 5 with 4 players."""
        return cls._variant("base", players, options)

    @classmethod
    def no_renewal(cls, players: int = 3, **options: Any) -> Rules:
        """``caminos_no_renewal``: paths take 2 tiles a side (5 in all) and stay
        closed on the table once full."""
        return cls._variant("no_renewal", players, options)

    @classmethod
    def two_paths(cls, players: int = 3, **options: Any) -> Rules:
        """``caminos_two_paths``: 2 paths of up to 5 tiles, full ones discarded
        and renewed from the pile's top; 6 tiles a hand for any number of players."""
        return cls._variant("two_paths", players, options)

    @classmethod
    def _variant(cls, variant: str, players: int, options: dict[str, Any]) -> Rules:
        check_choice("variant", variant, VARIANTS)
        return cls._preset(PRESET_NAMES[variant], dict(players=players), options)

    @property
    def name(self) -> str:
        """The preset's name: ``caminos``, ``caminos_no_renewal`` or ``caminos_two_paths``."""
        return PRESET_NAMES[self.variant]

    # The shape of the table: the C core's preset of the variant for the
    # players (pintas_caminos_rules_preset) and what it derives.

    @property
    def paths(self) -> int:
        """Paths revealed at the deal."""
        return _engine.rules_shape(self._fields())[0]

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each player."""
        return _engine.rules_shape(self._fields())[1]

    @property
    def side_tiles(self) -> int:
        """Tiles one side of a path takes (a path is full with 1 + 2 x this)."""
        return _engine.rules_shape(self._fields())[2]

    @property
    def path_size(self) -> int:
        """Tiles in a full path: 3 in the base game, 5 in the variants
        (pintas_caminos_path_size)."""
        return _engine.rules_shape(self._fields())[3]

    @property
    def full_path(self) -> str:
        """What a full path does: ``renew``, ``stay`` or ``discard``."""
        return _engine.rules_shape(self._fields())[4]

    @property
    def game_rounds(self) -> int:
        """The rounds a game plays at most: ``rounds``, or ``max_rounds`` when
        that limit comes first.

        >>> Rules.base(max_rounds=2).game_rounds, Rules.base(max_rounds=7).game_rounds
        (2, 3)
        """
        limit = self.max_rounds
        return limit if limit is not None and limit < self.rounds else self.rounds

    @property
    def round_moves(self) -> int | None:
        """The most moves one round can take, or None when nothing bounds it.

        Where full paths stay or are discarded (``no_renewal``, ``two_paths``)
        no tile goes back into the pile, so a round draws at most the pile it
        was dealt (``28 - paths - players * hand_size`` tiles), places at most
        the tiles dealt and drawn, and passes at most once per other player
        after each draw or placement, then once per player to end it; the
        reveal takes at most ``hand_size`` choices a player. In the base game a
        full path goes back into the pile, which can feed the hands for ever:
        no number of moves bounds a round (a player whose last tile never finds
        an open side keeps drawing and placing what he draws) unless
        ``max_round_moves`` caps a round's play: then a round takes at most the
        reveal and that many moves (or the bound above, if lower).

        >>> Rules.no_renewal().round_moves, Rules.base().round_moves is None
        (105, True)
        >>> Rules.base(max_round_moves=200).round_moves  # 18 reveal choices + 200
        218
        """
        dealt = self.players * self.hand_size
        play = None
        if self.full_path != "renew":
            pile = 28 - self.paths - dealt
            moved = dealt + 2 * pile  # placements (dealt + drawn) and draws
            play = self.players * moved + self.players
        cap = self.max_round_moves
        if cap is not None and (play is None or cap < play):
            play = cap
        return None if play is None else dealt + play

    def _saved_fields(self) -> tuple[int, ...]:
        """The rules fields a save holds (what ``_from_fields`` reads back)."""
        return (self.players, self.paths, self.hand_size, self.side_tiles,
                VARIANTS.index(self.variant), self.rounds, self.max_rounds or 0,
                self.max_round_moves or 0)

    @classmethod
    def _from_fields(cls, fields: Sequence[int]) -> Rules:
        """Rules from C fields: the six of a preset, or eight with the limits."""
        if isinstance(fields, (tuple, list)) and len(fields) == 6:
            fields = (*fields, 0, 0)
        fields = cls._checked_fields(fields, 8)
        players, _, _, _, _, rounds, max_rounds, max_round_moves = fields
        for variant in VARIANTS:
            try:
                rules = cls(variant=variant, players=players, rounds=rounds,
                            max_rounds=max_rounds or None,
                            max_round_moves=max_round_moves or None)
            except RulesError:
                continue
            if rules._saved_fields() == tuple(fields):
                return rules
        raise RulesError(f"rules fields of no Caminos preset: {tuple(fields)!r}")

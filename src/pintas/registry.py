"""The registry of games: every game pintas plays, its presets, its players and
its terminal front end, in one place for every front end.

A *family* is one game package (``domino``, ``caminos``, ``dice``): its rules,
game and view types, its computer players and its terminal module. A *preset*
is a named way to set up a family's rules (``dominican``, ``muggins``,
``caminos_two_paths``, ``farkle``, ...), with the options it takes. Each game
package describes itself (its ``FAMILY`` and ``PRESETS``); the registry
lists the packages once (:data:`PACKAGES`) and gathers them on first use.

Front ends (the tournament, the move timer, the command line, the players'
facade, the kiosk) are written against the game protocol
(:mod:`pintas.protocol`) and this registry: none of them names a game class.

>>> from pintas import registry
>>> [p.name for p in registry.presets()][:3]
['dominican', 'muggins', 'capicua']
>>> rules = registry.preset("muggins").rules(players=2)
>>> registry.family_of(rules).name
'domino'
>>> registry.make_player("search:50", rules, seed=1)
SearchPlayer(samples=50, seconds=None, seed=1)
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING, Any, overload

from ._checks import check_chance, did_you_mean, is_whole
from ._mixed import MixedPlayer
from .errors import RulesError, RulesTypeError
from .protocol import Game, Player, PlayerOf

if TYPE_CHECKING:  # each game's types, for the players make_player gives
    from . import caminos, dice, domino

__all__ = [
    "LEVELS",
    "PACKAGES",
    "STRENGTHS",
    "Family",
    "PlayerKind",
    "PlayerSpec",
    "Preset",
    "dial",
    "families",
    "family_of",
    "make_player",
    "parse_player",
    "preset",
    "presets",
    "sampling_kind",
    "search_game_players",
    "search_timer_players",
]

#: The game packages, in the order front ends list them.
PACKAGES = ("domino", "caminos", "dice")

#: The levels of the difficulty dial every family offers, weakest first: each
#: is a player spec per family (:attr:`Family.levels`), measured in
#: docs/strength.md ("The dial").
LEVELS = ("beginner", "casual", "club", "expert", "master")
#: The strength words of before the levels, weakest first: every family still
#: answers to them (:attr:`Family.strengths`), beside the levels.
STRENGTHS = ("random", "greedy", "suit", "search")


@dataclass(frozen=True)
class PlayerKind:
    """One kind of computer player of a family.

    ``make(rules, seed, number)`` builds a fresh player: ``seed`` feeds its
    randomness; ``number`` is the ``N`` of a ``kind:N`` spec (None when not
    given), which means ``number`` (e.g. ``samples``) and is at least ``least``.
    ``cls`` is the player's class (for the facade of :mod:`pintas.bots`).
    ``plays(rules)`` is False for rules of the family the player refuses (None:
    it plays them all).
    """

    name: str
    cls: type
    make: Callable[[Any, int, int | None], Player]
    number: str | None = None
    least: int = 0
    plays: Callable[[Any], bool] | None = None

    def can_play(self, rules: Any) -> bool:
        """Whether this kind of player plays ``rules`` (see ``plays``)."""
        return self.plays is None or self.plays(rules)


@dataclass(frozen=True, eq=False)
class Family:
    """One game package: its types, players, terminal front end and measures.

    Each family is one object, compared and hashed as itself (a dict key, a
    set member).
    """

    #: The package's name (``pintas.<name>``).
    name: str
    rules_type: type
    game_type: type
    view_type: type
    move_type: type
    #: Its computer players, weakest first.
    players: tuple[PlayerKind, ...]
    #: What each strength word of :data:`STRENGTHS` means here (a player spec).
    strengths: Mapping[str, str]
    #: What each level of :data:`LEVELS` means here (a player spec), weakest first.
    levels: Mapping[str, str]
    #: ``(quick, best)`` players for the move timer, given the search samples
    #: the best one may spend and the timer's :class:`pintas._base.Stop` flag,
    #: which cuts its search short at the deadline.
    timer_players: Callable[[int, Any], tuple[Player, Player]]
    #: The terminal front end's module name (imported when first asked for).
    terminal_module: str
    #: True when the rules fix the seats; else each game chooses (dice).
    seats_from_rules: bool = True
    #: The default number of seats when the game chooses them.
    default_seats: int = 2
    #: What one round of play is called, and whether points are compared per round.
    round_word: str = "round"
    per_round: bool = False
    #: The spec a level or strength word means for given rules and seats where
    #: it is not ``levels``' or ``strengths``' (dice: ``master`` and ``search``
    #: are ``win`` in 2-player games the win player has a table for), or None.
    strength_for: Callable[[str, Any, int], str | None] | None = None

    def strength(self, word: str, rules: Any = None, seats: int | None = None) -> str:
        """The player spec ``word`` (a level, a strength word, or a spec) means
        for a game of ``rules`` with ``seats`` (either None: whatever the rules)."""
        spec = self.levels.get(word) or self.strengths.get(word, word)
        if self.strength_for is not None and rules is not None and seats is not None:
            return self.strength_for(word, rules, seats) or spec
        return spec

    def new_game(self, rules: Any, seats: int | None = None, seed: int | None = None,
                 chance: str = "internal") -> Game:
        """A new game of ``rules`` (with ``seats`` where the game chooses them);
        ``chance="external"``: its chance events wait for ``play_chance``
        (docs/ai.md, "External chance")."""
        if seats is not None and not is_whole(seats):
            raise RulesTypeError(f"seats is a whole number or None: got {seats!r}")
        check_chance(chance)
        if self.seats_from_rules:
            if seats is not None and seats != rules.players:
                raise RulesError(f"{rules} has {rules.players} seats: got {seats}")
            return self.game_type(rules, seed=seed, chance=chance)  # type: ignore[no-any-return]
        players = self.default_seats if seats is None else seats
        return self.game_type(  # type: ignore[no-any-return]
            rules, players=players, seed=seed, chance=chance)

    def seats(self, rules: Any, requested: int | None = None) -> int:
        """How many seats a game of ``rules`` has (``requested`` where it chooses)."""
        if self.seats_from_rules:
            return int(rules.players)
        return self.default_seats if requested is None else requested

    def rounds(self, game: Any) -> int:
        """Rounds played so far (turns, in a game of no rounds)."""
        if self.round_word == "round":
            return int(game.round)
        return sum(1 for e in game.events if e.kind == "turn_end")

    def player_kind(self, name: str) -> PlayerKind | None:
        """The player kind called ``name``, or None."""
        return next((kind for kind in self.players if kind.name == name), None)

    @property
    def terminal(self) -> ModuleType:
        """The terminal front end: ``render(view, width)``, ``HELP``, ``choices(view)``,
        ``parse(text, view, game)`` (see :mod:`pintas._prompt`)."""
        return importlib.import_module(self.terminal_module)


@dataclass(frozen=True)
class Preset:
    """A named way to set up a family's rules, and the options it takes.

    ``make(**options)`` builds the rules; ``options`` maps each option the
    preset takes (``mode``, ``players``, ``pairs``, ``target``, ...) to its
    default (None: the preset's own).
    """

    name: str
    family_name: str
    title: str
    make: Callable[..., Any]
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def family(self) -> Family:
        """The family this preset sets up."""
        return _families()[self.family_name]

    def rules(self, **options: Any) -> Any:
        """The preset's rules with ``options`` (None values mean: the default).

        RulesError names any option the preset does not take.
        """
        given = {k: v for k, v in options.items() if v is not None}
        unknown = sorted(set(given) - set(self.options))
        if unknown:
            takes = ", ".join(self.options) or "no options"
            named = ", ".join(name + did_you_mean(name, list(self.options)) for name in unknown)
            raise RulesError(f"{self.name} does not take {named} (it takes {takes})")
        return self.make(**{**{k: v for k, v in self.options.items() if v is not None},
                            **given})


@dataclass(frozen=True)
class PlayerSpec:
    """A parsed player spec: its kind, its number (search budget, bank
    threshold) and ``steady``, the percent of the moves it makes as its kind
    (the rest at random; None: all of them)."""

    kind: str
    number: int | None = None
    steady: int | None = None

    def __str__(self) -> str:
        text = self.kind if self.number is None else f"{self.kind}:{self.number}"
        return text if self.steady is None else f"{text}~{self.steady}"


def dial(*specs: str) -> dict[str, str]:
    """The levels of :data:`LEVELS`, weakest first, as the player ``specs``
    given in that order (one a level).

    >>> dial("random", "greedy", "suit", "search:40", "search")["expert"]
    'search:40'
    """
    if len(specs) != len(LEVELS):
        raise ValueError(f"the dial has {len(LEVELS)} levels: got {len(specs)} specs")
    return dict(zip(LEVELS, specs, strict=True))


def search_game_players(random: type, greedy: type, suit: type,
                        search: type) -> tuple[PlayerKind, ...]:
    """The four players of a game with a Monte Carlo search player: ``random``
    and ``search`` take a ``seed``, ``search`` a budget of ``samples``."""
    return (
        PlayerKind("random", random, lambda rules, seed, n: random(seed=seed)),
        PlayerKind("greedy", greedy, lambda rules, seed, n: greedy()),
        PlayerKind("suit", suit, lambda rules, seed, n: suit()),
        sampling_kind("search", search),
    )


def sampling_kind(name: str, cls: type) -> PlayerKind:
    """A Monte Carlo player ``cls`` as a kind of player: it takes a ``seed``, and
    ``name:N`` sets its budget of ``samples``."""
    return PlayerKind(name, cls,
                      lambda rules, seed, n: cls(seed=seed) if n is None
                      else cls(samples=n, seed=seed), number="samples", least=1)


def search_timer_players(greedy: type, search: type) -> Callable[[int, Any],
                                                                  tuple[Player, Player]]:
    """The move timer's players of a game with a search player: greedy at once,
    and the search of ``samples`` that the timer's ``stop`` flag cuts short."""
    return lambda samples, stop: (greedy(), search(samples=samples, stop=stop))


# ---- the table ------------------------------------------------------------------------


@cache
def _packages() -> tuple[ModuleType, ...]:
    return tuple(importlib.import_module(f"pintas.{name}") for name in PACKAGES)


@cache
def _families() -> dict[str, Family]:
    return {package.FAMILY.name: package.FAMILY for package in _packages()}


@cache
def _presets() -> dict[str, Preset]:
    return {p.name: p for package in _packages() for p in package.PRESETS}


def families() -> tuple[Family, ...]:
    """Every family, in the order of :data:`PACKAGES`."""
    return tuple(_families().values())


def presets() -> tuple[Preset, ...]:
    """Every preset of every family."""
    return tuple(_presets().values())


def preset(name: str) -> Preset:
    """The preset called ``name`` (RulesError listing them all for anything else)."""
    if not isinstance(name, str):
        raise RulesTypeError(f"a game is named by a string like 'dominican': got {name!r}")
    found = _presets().get(name)
    if found is None:
        raise RulesError(f"no game {name!r}: choose one of {', '.join(_presets())}"
                         + did_you_mean(name, list(_presets())))
    return found


def family_of(value: object) -> Family:
    """The family of a rules, game or view value (RulesError for anything else)."""
    for family in _families().values():
        if isinstance(value, (family.rules_type, family.game_type, family.view_type)):
            return family
    raise RulesTypeError(f"not the rules, game or view of a pintas game: got {value!r}")


# ---- players ----------------------------------------------------------------------------


def _spec_help(family: Family | None) -> str:
    fams = [family] if family is not None else families()
    kinds = dict.fromkeys(f"{k.name}[:N]" if k.number else k.name
                          for fam in fams for k in fam.players)
    return ", ".join(kinds)


def parse_player(spec: str, rules: Any = None) -> PlayerSpec:
    """Read a player spec (``kind`` or ``kind:N``, either with ``~P``: the
    kind's move on P percent of the moves, 1 to 99, else a random one); with
    ``rules``, also check that their game has such players.

    >>> parse_player("search:500")
    PlayerSpec(kind='search', number=500, steady=None)
    >>> str(parse_player("suit~60"))
    'suit~60'
    >>> from pintas import dice
    >>> parse_player("greedy", dice.Rules.farkle())
    Traceback (most recent call last):
    ...
    pintas.errors.RulesError: 'greedy' does not play dice: choose random, threshold[:N], ...win
    """
    if not isinstance(spec, str):
        raise RulesTypeError(f"a player spec is a string like 'greedy' or 'search:500': "
                             f"got {spec!r}")
    text, tilde, steady_text = spec.strip().lower().partition("~")
    name, colon, number_text = text.partition(":")
    steady: int | None = None
    if tilde:
        if not steady_text.isascii() or not steady_text.isdigit() \
                or not 1 <= int(steady_text) <= 99:
            raise RulesError(f"bad player spec {spec!r}: ~P is a percent of the moves, "
                             f"1 to 99")
        steady = int(steady_text)
    family = None if rules is None else family_of(rules)
    found = [k for fam in ([family] if family else families()) for k in fam.players
             if k.name == name]
    if not found:
        if family is not None and any(k.name == name for f in families() for k in f.players):
            raise RulesError(f"{spec!r} does not play {family.name}: choose "
                             f"{_spec_help(family)}")
        names = [k.name for fam in ([family] if family else families()) for k in fam.players]
        raise RulesError(f"no player {spec!r}: choose {_spec_help(family)}"
                         + did_you_mean(name, names))
    number: int | None = None
    if colon:
        kind = found[0]
        if not kind.number or not number_text.isascii() or not number_text.isdigit():
            counted = sorted({f"{k.name}:N" for f in families() for k in f.players if k.number})
            raise RulesError(f"bad player spec {spec!r}: only {' and '.join(counted)} "
                             f"take a whole number")
        number = int(number_text)
        if number < kind.least:
            raise RulesError(f"{spec!r}: {kind.name} needs at least {kind.least} {kind.number}")
    return PlayerSpec(name, number, steady)


@overload
def make_player(spec: str, rules: domino.Rules,
                seed: int = 0) -> PlayerOf[domino.View, domino.Move]: ...
@overload
def make_player(spec: str, rules: caminos.Rules,
                seed: int = 0) -> PlayerOf[caminos.View, caminos.Move]: ...
@overload
def make_player(spec: str, rules: dice.Rules, seed: int = 0) -> PlayerOf[dice.View, dice.Move]: ...
@overload
def make_player(spec: str, rules: object, seed: int = 0) -> Player: ...
def make_player(spec: str, rules: Any, seed: int = 0) -> Player:
    """A fresh player of ``spec`` for a game of ``rules``; ``seed`` feeds its
    randomness, so a game stays reproducible. To a type checker it is a
    player of the rules' game (``PlayerOf[domino.View, domino.Move]`` for
    ``domino.Rules``), a :class:`~pintas.protocol.Player` of any game when
    the rules' type is not known."""
    parsed = parse_player(spec, rules)
    family = family_of(rules)
    kind = family.player_kind(parsed.kind)
    assert kind is not None  # parse_player checked it
    player = kind.make(rules, seed, parsed.number)
    if parsed.steady is None:
        return player
    anyone = family.player_kind("random")
    assert anyone is not None  # every family has a random player
    other = (seed + 1) & 0xFFFF_FFFF_FFFF_FFFF
    return MixedPlayer(player, anyone.make(rules, other, None), parsed.steady / 100, seed)

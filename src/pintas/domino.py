"""The line games: Muggins to 200, Capicua to 20 and Dominican domino.

One engine (in C) plays all three; :class:`Rules` presets choose the game and
its house options, :class:`Game` is the referee, :meth:`Game.view` is what one
seat may see.

>>> from pintas import domino
>>> g = domino.Game(domino.Rules.dominican(), seed=7)
>>> g.to_move, g.round, g.ends
(3, 1, None)
>>> g.legal_moves()
[Move('play', '6|6', 'L')]
>>> [str(e) for e in g.play("6|6")]
['seat 3 plays 6|6 at left']
>>> g.ends
(6, 6)
"""

from __future__ import annotations

import dataclasses
import secrets
import struct
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import _line, _saves
from ._checks import check_choice, check_games, check_int, check_seed
from ._line import Event, Move
from .errors import (
    CorruptStateError,
    DealError,
    IllegalMoveError,
    NotationError,
    RulesError,
    SeatError,
)
from .tiles import TILE_COUNT, TILES, Tile, TileLike, TileSet, as_tile

__all__ = [
    "Deal",
    "Event",
    "Game",
    "Move",
    "Rules",
    "SimulationStats",
    "View",
    "simulate",
]

GAMES = ("muggins", "capicua", "dominican")
MODES = {"pairs": (4, True), "four": (4, False), "three": (3, False), "two": (2, False)}
BLOCK_SCORING = ("cascade", "lowest_takes_all")
TRANQUE = ("lowest", "blocker")
MAX_TARGET = 10000
MAX_BONUS = 1000



@dataclass(frozen=True)
class Rules:
    """The rules of one line game: the game, the seats and every house option.

    Build them with a preset and adjust with :meth:`replace`; every combination
    is checked, and a bad one raises :class:`~pintas.errors.RulesError`.

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

    game: str
    players: int
    pairs: bool = False
    target: int = 200
    redeal_doubles: int = 0
    block_scoring: str = "cascade"
    tranque: str = "lowest"
    capicua_doubles: bool = False
    pass_points: int = 0
    capicua_bonus: int = 0
    pase_corrido_bonus: int = 0
    pase_de_salida_bonus: int = 0

    def __post_init__(self) -> None:
        check_choice("game", self.game, GAMES)
        check_int("players", self.players, 2, 4)
        if type(self.pairs) is not bool or type(self.capicua_doubles) is not bool:
            raise RulesError(f"pairs and capicua are True or False: got pairs={self.pairs!r}, "
                             f"capicua={self.capicua_doubles!r}")
        if self.pairs and self.players != 4:
            raise RulesError(f"pairs needs 4 players: got players={self.players}")
        if self.pairs and self.game == "muggins":
            raise RulesError("muggins is played by individuals: pairs=True is not allowed")
        check_int("target", self.target, 1, MAX_TARGET)
        check_int("redeal_doubles", self.redeal_doubles, 0, 7)
        if 0 < self.redeal_doubles < 3:
            raise RulesError(f"redeal_doubles must be 0 (off) or 3..7: got {self.redeal_doubles} "
                             f"(nearly every deal would be void)")
        check_choice("block_scoring", self.block_scoring, BLOCK_SCORING)
        check_choice("tranque", self.tranque, TRANQUE)
        for name in ("pass_points", "capicua_bonus", "pase_corrido_bonus", "pase_de_salida_bonus"):
            check_int(name, getattr(self, name), 0, MAX_BONUS)
        self._check_game_options()
        _line.check_rules(self._fields())

    def _check_game_options(self) -> None:
        # Each option belongs to the game whose rules name it (RULES.md section 1).
        owners = {
            "block_scoring": ("muggins", "cascade"),
            "tranque": ("dominican", "lowest"),
            "capicua_doubles": ("capicua", False),
            "pass_points": ("capicua", 0),
            "capicua_bonus": ("dominican", 0),
            "pase_corrido_bonus": ("dominican", 0),
            "pase_de_salida_bonus": ("dominican", 0),
        }
        for name, (owner, neutral) in owners.items():
            value = getattr(self, name)
            if self.game != owner and value != neutral:
                raise RulesError(f"{name} is an option of {owner} only: got {name}={value!r} "
                                 f"for {self.game}")

    @classmethod
    def muggins(cls, players: int = 3, **options: Any) -> Rules:
        """Muggins to 200 (seed 000): 2-4 individuals, fives in play, boneyard draws."""
        return cls._preset(dict(game="muggins", players=players, target=200, redeal_doubles=5),
                           options)

    @classmethod
    def capicua(cls, players: int = 4, pairs: bool = False, **options: Any) -> Rules:
        """Capicua to 20 (seed 001): pass points, capicua doubles, zapatero."""
        return cls._preset(dict(game="capicua", players=players, pairs=pairs, target=20,
                                redeal_doubles=5, capicua_doubles=True, pass_points=2), options)

    @classmethod
    def dominican(cls, mode: str = "pairs", **options: Any) -> Rules:
        """Dominican domino (seed 004): modes ``pairs``, ``four``, ``three``, ``two``."""
        check_choice("mode", mode, tuple(MODES))
        players, pairs = MODES[mode]
        return cls._preset(dict(game="dominican", players=players, pairs=pairs, target=200,
                                capicua_bonus=25), options)

    @classmethod
    def _preset(cls, base: dict[str, Any], options: dict[str, Any]) -> Rules:
        options = _aliased(options)
        fixed = {"game"} | ({"players", "pairs"} if base["game"] == "dominican" else set())
        unknown = set(options) - {f.name for f in dataclasses.fields(cls)}
        if unknown or fixed & set(options):
            bad = sorted(unknown | (fixed & set(options)))
            raise RulesError(f"not an option of this preset: {', '.join(bad)}")
        return cls(**{**base, **options})

    def replace(self, **changes: Any) -> Rules:
        """A checked copy with some settings changed.

        >>> Rules.capicua().replace(target=30).target
        30
        """
        changes = _aliased(changes)
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RulesError(f"no such rules setting: {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

    @property
    def mode(self) -> str | None:
        """The Dominican mode (``pairs``, ``four``, ``three``, ``two``), else None."""
        if self.game != "dominican":
            return None
        return next(m for m, shape in MODES.items() if shape == (self.players, self.pairs))

    @property
    def sides(self) -> int:
        """Number of scoring sides: 2 teams in pairs, else one per seat."""
        return 2 if self.pairs else self.players

    @property
    def draws(self) -> bool:
        """True when a player who cannot play draws from a boneyard."""
        return self.game != "dominican" and self.players < 4

    def side_of(self, seat: int) -> int:
        """The side a seat scores for."""
        return seat % 2 if self.pairs else seat

    def _fields(self) -> tuple[int, ...]:
        return (GAMES.index(self.game), self.players, int(self.pairs), self.redeal_doubles,
                BLOCK_SCORING.index(self.block_scoring), TRANQUE.index(self.tranque),
                int(self.capicua_doubles), self.target, self.pass_points, self.capicua_bonus,
                self.pase_corrido_bonus, self.pase_de_salida_bonus)

    @classmethod
    def _from_fields(cls, fields: Sequence[int]) -> Rules:
        (game, players, pairs, redeal, block, tranque, capicua, target, pass_points,
         bonus, corrido, salida) = fields
        if game >= len(GAMES) or block >= len(BLOCK_SCORING) or tranque >= len(TRANQUE):
            raise RulesError(f"rules fields out of range: {tuple(fields)!r}")
        return cls(game=GAMES[game], players=players, pairs=bool(pairs), target=target,
                   redeal_doubles=redeal, block_scoring=BLOCK_SCORING[block],
                   tranque=TRANQUE[tranque], capicua_doubles=bool(capicua), pass_points=pass_points,
                   capicua_bonus=bonus, pase_corrido_bonus=corrido, pase_de_salida_bonus=salida)

    def __str__(self) -> str:
        who = self.mode if self.game == "dominican" else (
            f"{self.players} players" + (" in pairs" if self.pairs else ""))
        return f"{self.game} ({who}) to {self.target}"


def _aliased(options: dict[str, Any]) -> dict[str, Any]:
    # RULES.md names Capicua's doubling option `capicua`; the attribute is
    # `capicua_doubles` because `Rules.capicua` is the preset.
    if "capicua" in options:
        options = dict(options)
        options["capicua_doubles"] = options.pop("capicua")
    return options


@dataclass(frozen=True, init=False)
class Deal:
    """A hand-made deal: each seat's seven tiles and, where the rules draw, the
    boneyard in draw order (where they do not, the rest is set aside).

    >>> d = Deal(hands=["6|6 6|5 6|4 6|3 6|2 6|1 6|0", "5|5 5|4 5|3 5|2 5|1 5|0 4|4"])
    >>> len(d.hands), str(d.hands[0])[:7]
    (2, '6|0 6|1')
    """

    hands: tuple[TileSet, ...]
    boneyard: tuple[Tile, ...] = field(default=())

    def __init__(self, hands: Iterable[str | TileSet | Iterable[TileLike]],
                 boneyard: str | Iterable[TileLike] = ()) -> None:
        parsed_hands = []
        for hand in hands:
            if isinstance(hand, TileSet):
                parsed_hands.append(hand)
            elif isinstance(hand, str):
                parsed_hands.append(TileSet.parse(hand))
            else:
                tiles = [as_tile(t) for t in hand]
                if len(set(tiles)) != len(tiles):
                    raise DealError(f"a hand lists a tile twice: {[str(t) for t in tiles]}")
                parsed_hands.append(TileSet(tiles))
        pile = [as_tile(t) for t in (boneyard.split() if isinstance(boneyard, str) else boneyard)]
        if len(set(pile)) != len(pile):
            raise DealError(f"the boneyard lists a tile twice: {[str(t) for t in pile]}")
        object.__setattr__(self, "hands", tuple(parsed_hands))
        object.__setattr__(self, "boneyard", tuple(pile))

    def check(self, rules: Rules) -> None:
        """Raise :class:`~pintas.errors.DealError` unless this is a deal of ``rules``."""
        if len(self.hands) != rules.players:
            raise DealError(f"{rules.players} players need {rules.players} hands: "
                            f"got {len(self.hands)}")
        seen = 0
        for seat, hand in enumerate(self.hands):
            if len(hand) != 7:
                raise DealError(f"seat {seat} must hold 7 tiles: got {len(hand)} ({hand})")
            if seen & int(hand):
                twice = TileSet.from_mask(seen & int(hand))
                raise DealError(f"dealt to two seats: {twice}")
            seen |= int(hand)
        in_pile = TileSet(self.boneyard)
        if seen & int(in_pile):
            both = TileSet.from_mask(seen & int(in_pile))
            raise DealError(f"in a hand and in the boneyard: {both}")
        rest = TILE_COUNT - 7 * rules.players
        if rules.draws and len(self.boneyard) != rest:
            raise DealError(f"the boneyard must list the {rest} undealt tiles in draw order: "
                            f"got {len(self.boneyard)}")
        if not rules.draws and self.boneyard:
            raise DealError(f"{rules} never draws: the undealt tiles are set aside, "
                            f"so the boneyard must be empty (got {len(self.boneyard)})")

    def _c_args(self, rules: Rules) -> tuple[list[int], list[int]]:
        masks = [int(h) for h in self.hands] + [0] * (4 - len(self.hands))
        return masks, [t.index for t in self.boneyard]


@dataclass(frozen=True)
class View:
    """What one seat may know: its own hand, the table, counts and the public log.

    Never another hand, the boneyard's contents or order, or set-aside tiles.
    Bots receive views, never the game.
    """

    seat: int
    rules: Rules
    hand: TileSet
    placements: tuple[tuple[Tile, str], ...]
    line: tuple[tuple[int, int], ...]
    ends: tuple[int, int] | None
    hand_sizes: tuple[int, ...]
    boneyard_size: int
    scores: tuple[int, ...]
    to_move: int | None
    round: int
    leader: int
    forced_tile: Tile | None
    log: tuple[Event, ...]
    is_over: bool
    winner: int | None

    def legal_moves(self) -> list[Move]:
        """The seat's legal moves when it is to move (else an empty list)."""
        if self.is_over or self.to_move != self.seat:
            return []
        if self.forced_tile is not None:
            return [Move.play(self.forced_tile, "L")]
        if self.ends is None:
            return [Move.play(t, "L") for t in self.hand]
        left, right = self.ends
        both_apart = left != right or self.rules.game == "muggins"
        moves = []
        for t in self.hand:
            if t.has(left):
                moves.append(Move.play(t, "L"))
            if t.has(right) and both_apart:
                moves.append(Move.play(t, "R"))
        if moves:
            return moves
        return [Move.draw() if self.rules.draws and self.boneyard_size else Move.pass_()]

    def passes(self, seat: int) -> int:
        """How many times ``seat`` has passed this round."""
        start = max((i for i, e in enumerate(self.log) if e.kind == "deal"), default=0)
        return sum(1 for e in self.log[start:] if e.kind == "pass" and e.seat == seat)


def _oriented_line(placements: Sequence[tuple[Tile, str]]) -> tuple[tuple[int, int], ...]:
    """The line left to right, each tile turned so that touching ends match."""
    if not placements:
        return ()
    first = placements[0][0]
    line = [(first.high, first.low)]
    for tile, end in placements[1:]:
        if end == "L":
            touching = line[0][0]
            line.insert(0, (tile.other_end(touching), touching))
        else:
            touching = line[-1][1]
            line.append((touching, tile.other_end(touching)))
    return tuple(line)


_ENTRY_DEAL = 0xFD
_ENTRY_SEED = 0xFE


class Game(_saves.GameRecord[Rules, Move], _line.LineGame):
    """A line game from its first deal to its winner: the referee, which sees all.

    Moves are :class:`Move` values or their notation (``6|4L``, ``6|4R``, a bare
    ``6|4`` when it fits one way only, ``draw``, ``pass``). Every move returns
    the events it caused. With ``seed`` the whole game is a pure function of
    (rules, seed, moves); without, every deal gets a fresh seed from the OS.

    >>> g = Game(Rules.muggins(players=2), deal=Deal(
    ...     hands=["5|5 6|2 4|1 3|3 2|0 1|1 0|0", "5|0 6|6 6|5 4|4 3|2 2|2 1|0"],
    ...     boneyard="6|4 6|3 6|1 6|0 5|4 5|3 5|2 5|1 4|3 4|2 4|0 3|1 3|0 2|1"), seed=1)
    >>> g.to_move, g.legal_moves()
    (1, [Move('play', '6|6', 'L')])
    """

    _rules: Rules
    _first_seed: int
    _first_deal: Deal | None

    def __init__(self, rules: Rules, seed: int | None = None,
                 deal: Deal | None = None) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(f"Game needs a domino.Rules: got {rules!r}")
        check_seed(seed, optional=True)
        if deal is not None:
            if not isinstance(deal, Deal):
                raise DealError(f"deal must be a domino.Deal: got {deal!r}")
            deal.check(rules)
        first_seed = secrets.randbits(64) if seed is None else seed
        hands, pile = deal._c_args(rules) if deal is not None else (None, [])
        self._start(rules._fields(), first_seed, hands, pile)
        self._rules = rules
        self._seed = seed
        self._first_seed = first_seed
        self._first_deal = deal

    # ---- what everyone can ask -------------------------------------------

    @property
    def deal_seeds(self) -> tuple[int, ...]:
        """The seeds the OS gave this game's deals, for audit (empty if seeded)."""
        if self._seed is not None:
            return ()
        later = (e[1] for e in self._log if isinstance(e, tuple) and e[0] == "seed")
        return (self._first_seed, *later)

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event so far, hidden ones included (the referee's log)."""
        return tuple(self._events)

    @property
    def line(self) -> tuple[tuple[int, int], ...]:
        """The round's line left to right, each tile as ``(left, right)`` numbers."""
        return _oriented_line(self.placements)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many tiles each seat holds."""
        return self._hand_sizes()

    def hand(self, seat: int) -> TileSet:
        """The tiles ``seat`` holds (the referee sees every hand)."""
        self._check_seat(seat)
        return TileSet.from_mask(self._hand_mask(seat))

    def pips(self, seat: int) -> int:
        """Total pips in ``seat``'s hand."""
        self._check_seat(seat)
        return self._pips(seat)

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for (its team in pairs, else itself)."""
        self._check_seat(seat)
        return self._rules.side_of(seat)

    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self._rules.players:
            raise SeatError(f"no seat {seat!r}: seats are 0..{self._rules.players - 1}")

    # ---- moves -----------------------------------------------------------

    def parse_move(self, text: str) -> Move:
        """The legal move written ``text``; a bare tile is enough when it fits one way.

        Raises NotationError for text that is not a move, IllegalMoveError for a
        move that is not legal now (the game is unchanged either way).
        """
        if not isinstance(text, str):
            raise NotationError(f"a move is written like '6|4L', 'draw' or 'pass': got {text!r}")
        word = text.strip().lower()
        aliases = {"paso": "pass", "p": "pass", "robo": "draw", "robar": "draw", "d": "draw"}
        legal = self.legal_moves()
        if "|" in word and word[-1:] not in ("l", "r"):
            tile = Tile.parse(text)
            fits = [m for m in legal if m.tile == tile]
            if len(fits) == 1:
                return fits[0]
            if not fits:
                raise IllegalMoveError(f"{text!r} cannot be played now "
                                       f"(legal: {', '.join(map(str, legal))})")
            raise NotationError(f"{text!r} fits both ends: say {tile}L or {tile}R")
        move = Move.parse(aliases.get(word, text))
        if move not in legal:
            if self.is_over:
                raise IllegalMoveError(f"the game is over: {text!r} cannot be played")
            listed = ", ".join(map(str, legal))
            raise IllegalMoveError(f"{text!r} is not legal now (legal: {listed})")
        return move

    def set_deal(self, deal: Deal) -> list[Event]:
        """Replace the current round's deal by a hand-made one, before its first move.

        For a kiosk dealing real tiles, or a test that needs an exact position in
        a later round. The round's leader rule applies to the new hands.
        """
        if not isinstance(deal, Deal):
            raise DealError(f"set_deal takes a domino.Deal: got {deal!r}")
        deal.check(self._rules)
        hands, pile = deal._c_args(self._rules)
        return self._set_deal(hands, pile)

    # ---- views, copies, bytes -------------------------------------------

    def view(self, seat: int) -> View:
        """What ``seat`` may know now (see :class:`View`)."""
        self._check_seat(seat)
        forced = self._forced_tile()
        placements = self.placements
        return View(
            seat=seat, rules=self._rules, hand=self.hand(seat), placements=placements,
            line=_oriented_line(placements), ends=self.ends, hand_sizes=self.hand_sizes,
            boneyard_size=self.boneyard_size, scores=self.scores, to_move=self.to_move,
            round=self.round, leader=self.leader,
            forced_tile=forced if forced is not None and seat == self.leader else None,
            log=tuple(e if e.seat == seat else e.hidden() for e in self._events),
            is_over=self.is_over, winner=self.winner)

    def copy(self) -> Game:
        """An independent copy: moves on one do not touch the other."""
        other = Game.__new__(Game)
        other._copy_state_from(self)
        other._rules, other._seed = self._rules, self._seed
        other._first_seed, other._first_deal = self._first_seed, self._first_deal
        other._history, other._events, other._log = self._history[:], self._events[:], self._log[:]
        return other

    def replay(self) -> Game:
        """A new game rebuilt from this one's first deal and log: equal to this one."""
        return Game._replay(self._rules, self._seed, self._first_seed, self._first_deal, self._log)

    @classmethod
    def _replay(cls, rules: Rules, seed: int | None, first_seed: int,
                first_deal: Deal | None, log: Sequence[Any]) -> Game:
        game = cls(rules, seed=first_seed, deal=first_deal)
        for entry in log:
            if isinstance(entry, int):
                game.play(Move.from_code(entry))
            elif entry[0] == "seed":
                game._reseed(entry[1])
                game._log.append(entry)
            else:
                game._set_deal(list(entry[1]), list(entry[2]))
        game._seed = seed
        return game

    def to_bytes(self) -> bytes:
        """The whole game (first deal, log, current state) as bytes for saving."""
        flags = (self._seed is not None) | ((self._first_deal is not None) << 1)
        out = _saves.header("L", flags, self._first_seed)
        rules = bytes(self._rules._fields()[:7]) + struct.pack("<5H", *self._rules._fields()[7:])
        out += rules
        if self._first_deal is not None:
            out += _pack_deal(*self._first_deal._c_args(self._rules))
        out += struct.pack("<I", len(self._log))
        for entry in self._log:
            if isinstance(entry, int):
                out.append(entry)
            elif entry[0] == "seed":
                out += bytes([_ENTRY_SEED]) + struct.pack("<Q", entry[1])
            else:
                out += bytes([_ENTRY_DEAL]) + _pack_deal(list(entry[1]), list(entry[2]))
        out += self._save()
        return bytes(out)

    @classmethod
    def from_bytes(cls, data: bytes) -> Game:
        """The game saved by :meth:`to_bytes`; CorruptStateError for anything else.

        The saved log is replayed through the rules and must reach exactly the
        saved state, so a tampered save cannot produce an impossible game.
        """
        return _saves.decode(data, "line game", cls._decode)

    @classmethod
    def _decode(cls, data: bytes) -> Game:
        reader = _saves.Reader(data)
        flags, first_seed = _saves.read_header(reader, "L", 3, "line game")
        rules = Rules._from_fields(tuple(reader.take(7)) + struct.unpack("<5H", reader.take(10)))
        first_deal = _unpack_deal(reader, rules) if flags & 2 else None
        log: list[Any] = []
        for _ in range(struct.unpack("<I", reader.take(4))[0]):
            code = reader.take(1)[0]
            if code == _ENTRY_SEED:
                log.append(("seed", struct.unpack("<Q", reader.take(8))[0]))
            elif code == _ENTRY_DEAL:
                deal = _unpack_deal(reader, rules)
                log.append(("deal", *deal._c_args(rules)))
            elif code <= 57:
                log.append(code)
            else:
                raise CorruptStateError(f"bad log entry {code} in the save")
        final = reader.take(_line.SAVE_SIZE)
        if not reader.at_end():
            raise CorruptStateError("trailing bytes after the saved game")
        check = cls.__new__(cls)
        check._load(final)
        try:
            seed = first_seed if flags & 1 else None
            game = cls._replay(rules, seed, first_seed, first_deal, log)
        except (IllegalMoveError, DealError) as exc:
            raise CorruptStateError(f"the saved log does not replay: {exc}") from None
        if game._save() != final:
            raise CorruptStateError("the saved log does not reach the saved state")
        return game

    def __repr__(self) -> str:
        state = "over" if self.is_over else f"seat {self.to_move} to move"
        return f"<domino.Game {self._rules}, round {self.round}, scores {self.scores}, {state}>"


def _pack_deal(hands: Sequence[int], pile: Sequence[int]) -> bytes:
    return struct.pack("<4I", *hands) + bytes([len(pile)]) + bytes(pile)


def _unpack_deal(reader: _saves.Reader, rules: Rules) -> Deal:
    masks = struct.unpack("<4I", reader.take(16))
    pile = reader.take(reader.take(1)[0])
    if any(m >> TILE_COUNT for m in masks) or any(t >= TILE_COUNT for t in pile):
        raise CorruptStateError("a saved deal names a tile that does not exist")
    deal = Deal(hands=[TileSet.from_mask(m) for m in masks[:rules.players]],
                boneyard=[TILES[t] for t in pile])
    try:
        deal.check(rules)
    except DealError as exc:
        raise CorruptStateError(f"a saved deal is not a deal of its rules: {exc}") from None
    return deal


@dataclass(frozen=True)
class SimulationStats:
    """Totals of a batch of random games played in C."""

    games: int
    rounds: int
    moves: int
    blocks: int
    wins: tuple[int, ...]
    points: tuple[int, ...]

    @property
    def mean_points_per_round(self) -> tuple[float, ...]:
        """Points per round for each side."""
        return tuple(p / self.rounds for p in self.points) if self.rounds else ()

    @property
    def block_rate(self) -> float:
        """Share of rounds that ended blocked."""
        return self.blocks / self.rounds if self.rounds else 0.0


def simulate(rules: Rules, games: int = 1000, seed: int = 0) -> SimulationStats:
    """Play ``games`` whole games with uniformly random legal moves, in C, GIL released.

    >>> s = simulate(Rules.dominican(), games=100, seed=1)
    >>> s.games, sum(s.wins)
    (100, 100)
    """
    if not isinstance(rules, Rules):
        raise RulesError(f"simulate needs a domino.Rules: got {rules!r}")
    check_games(games)
    check_seed(seed)
    raw = _line.simulate(rules._fields(), games, seed)
    return SimulationStats(**raw)

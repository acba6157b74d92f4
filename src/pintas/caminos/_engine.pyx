# cython: language_level=3, auto_pickle=False, boundscheck=False, cdivision=True
"""Binding of the C Caminos engine: the moves, the events and the C state.

:mod:`pintas.caminos` builds the public API on top of this module; use that.
What every game's binding shares is in :mod:`pintas._base`; this module holds
what is Caminos' own. Path numbers are 1-based here and everywhere in Python
(the C slots are 0-based).
"""

cimport cython
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint64_t

from pintas._base cimport (
    Engine,
    pintas_caminos_engine,
    TileEvent,
    Move as BaseMove,
    TileMove,
    PINTAS_NO_TILE,
    PINTAS_OK,
    PINTAS_TILE_COUNT,
    pintas_rng,
)

from pintas._base import intern_moves, rules_verdict
from pintas.errors import NotationError, RulesError
from pintas.tiles import TILES, Tile, TileSet

SAVE_SIZE = PINTAS_CAMINOS_SAVE_SIZE
MAX_EVENTS = PINTAS_CAMINOS_MAX_EVENTS
MAX_PATHS = PINTAS_CAMINOS_MAX_PATHS
MAX_CODE = CODE_PASS  # the largest move code

KINDS = ("place", "draw", "pass", "reveal")
SIDES = ("front", "back")
EVENT_KINDS = ("deal", "path", "choose", "reveal", "tie", "start", "place", "close", "reshuffle",
               "no_path", "draw", "pass", "out", "round_end", "score", "game_end")
REASONS = (None, "most_pips", "lowest_seat", "renew", "stay", "discard", "out", "blocked")
_SIDE_WORDS = {"front": 0, "back": 1}

# Move codes: a placement is (tile * 8 + slot) * 2 + side (0..447), then a
# reveal 448 + tile, then draw, then pass.
cdef enum:
    CODE_REVEAL = 448
    CODE_DRAW = 476
    CODE_PASS = 477


@cython.no_gc
@cython.final
cdef class Move(TileMove):
    """A Caminos move: ``place`` a tile on a side of a path, ``draw``,
    ``pass``, or ``reveal`` a tile to decide who starts.

    Notation: ``5|3 front 2`` (tile, side, path number from 1), ``reveal 6|4``,
    ``draw``, ``pass``. Moves are immutable and compare by value; the game's
    :meth:`~pintas.caminos.Game.parse_move` also takes shorter forms.

    >>> Move.parse("3|5 FRONT 2")
    Move('place', '5|3', 'front', 2)
    >>> str(Move.reveal("4|6")), Move.parse("draw").kind
    ('reveal 6|4', 'draw')
    """

    _FIELDS = (("kind", str, None), ("tile", Tile | None, None), ("side", str | None, None),
               ("path", int | None, None))

    cdef readonly object side
    """``"front"`` or ``"back"`` for a placement, else None."""
    cdef readonly object path
    """The path number (1-based) of a placement, else None."""

    def __init__(self, kind, tile=None, side=None, path=None):
        cdef Move m = _move_from(kind, tile, side, path)
        self.kind, self.tile, self.side, self.path, self.code = (m.kind, m.tile, m.side, m.path,
                                                                 m.code)

    @staticmethod
    def place(tile, side, path):
        """Place ``tile`` on ``side`` (``"front"``/``"back"``) of path number ``path``."""
        return _move_from("place", tile, side, path)

    @staticmethod
    def reveal(tile):
        """Choose ``tile`` to reveal for the starting player."""
        return _move_from("reveal", tile, None, None)

    @staticmethod
    def parse(text):
        """The move written in full notation: ``5|3 front 2``, ``reveal 6|4``,
        ``draw`` or ``pass`` (any case, any spacing)."""
        if not isinstance(text, str):
            raise NotationError(f"a move is written like '5|3 front 2', 'reveal 6|4', 'draw' or "
                                f"'pass': got {text!r}")
        words = text.strip().lower().split()
        if words == ["draw"]:
            return _MOVES[CODE_DRAW]
        if words == ["pass"]:
            return _MOVES[CODE_PASS]
        try:
            if len(words) == 2 and words[0] == "reveal":
                return _MOVES[CODE_REVEAL + Tile.parse(words[1]).index]
            if (len(words) == 3 and words[1] in _SIDE_WORDS and words[2].isascii()
                    and words[2].isdigit()):
                return _move_from("place", Tile.parse(words[0]), words[1], int(words[2]))
        except ValueError:  # NotationError, or Tile.parse on a non-ASCII digit
            pass
        raise NotationError(f"a move is written like '5|3 front 2', 'reveal 6|4', 'draw' or "
                            f"'pass': got {text!r}")

    def __str__(self):
        if self.kind == "place":
            return f"{self.tile} {self.side} {self.path}"
        if self.kind == "reveal":
            return f"reveal {self.tile}"
        return self.kind



cdef Move _new_move(int code):
    cdef Move m = Move.__new__(Move)
    m.code = code
    m.tile = m.side = m.path = None
    if code < CODE_REVEAL:
        m.kind = "place"
        m.tile = TILES[code >> 4]
        m.path = ((code >> 1) & 7) + 1
        m.side = SIDES[code & 1]
    elif code < CODE_DRAW:
        m.kind = "reveal"
        m.tile = TILES[code - CODE_REVEAL]
    else:
        m.kind = "draw" if code == CODE_DRAW else "pass"
    return m


_MOVES = intern_moves(Move, tuple(_new_move(code) for code in range(CODE_PASS + 1)))
cdef tuple MOVES_T = _MOVES


cdef Move _move_from(kind, tile, side, path):
    if kind == "draw" or kind == "pass":
        if tile is not None or side is not None or path is not None:
            raise NotationError(f"a {kind} has no tile, side or path: got tile={tile!r}, "
                                f"side={side!r}, path={path!r}")
        return _MOVES[CODE_DRAW if kind == "draw" else CODE_PASS]
    if kind not in ("place", "reveal"):
        raise NotationError(f"a move's kind is 'place', 'draw', 'pass' or 'reveal': got {kind!r}")
    if isinstance(tile, str):
        tile = Tile.parse(tile)
    if not isinstance(tile, Tile):
        raise NotationError(f"a {kind} needs a tile like '6|4': got {tile!r}")
    if kind == "reveal":
        if side is not None or path is not None:
            raise NotationError(f"a reveal has no side or path: got side={side!r}, path={path!r}")
        return _MOVES[CODE_REVEAL + tile.index]
    if not isinstance(side, str) or side.lower() not in _SIDE_WORDS:
        raise NotationError(f"a placement's side is 'front' or 'back': got {side!r}")
    if type(path) is not int or not 1 <= path <= MAX_PATHS:
        raise NotationError(f"a path number is 1..{MAX_PATHS}: got {path!r}")
    return _MOVES[(tile.index * 8 + path - 1) * 2 + _SIDE_WORDS[side.lower()]]


@cython.no_gc
@cython.final
cdef class Event(TileEvent):
    """One thing that happened in a Caminos game, as a small immutable record.

    ``kind`` is one of ``deal``, ``path``, ``choose``, ``reveal``, ``tie``,
    ``start``, ``place``, ``close``, ``reshuffle``, ``no_path``, ``draw``,
    ``pass``, ``out``, ``round_end``, ``score``, ``game_end``. ``seat`` is who
    acted, ``tile``, ``path`` (1-based) and ``side`` what and where, ``seats``
    the tied seats of a ``tie`` or the winners of a ``game_end``, ``tiles``
    the tiles of a closed path. ``points`` is what a ``score`` added (negative)
    or the winners' total of a ``game_end``; ``reason`` says why (``most_pips``,
    ``lowest_seat``, ``renew``, ``stay``, ``discard``, ``out``, ``blocked``);
    ``count`` is the round of a ``deal`` or ``round_end``, the reveal step of
    ``choose``/``reveal``/``tie``/``start``, the tiles on the side after a
    ``place``, the tiles of a ``close``, the pile size after a ``draw`` or a
    ``reshuffle``, the passes in a row of a ``pass`` and the last turns of an
    ``out``.
    """

    _KINDS = EVENT_KINDS
    _SECRET = ("draw", "choose")   # the tile drawn; the tile chosen to reveal, before the reveal
    _FIELDS = (("kind", str, None), ("seat", int | None, None), ("tile", Tile | None, None),
               ("path", int | None, None), ("side", str | None, None), ("points", int, 0),
               ("reason", str | None, None), ("count", int, 0), ("seats", tuple[int, ...], ()),
               ("tiles", TileSet | None, None))

    cdef readonly object path
    cdef readonly object side
    cdef readonly tuple seats
    cdef readonly object tiles

    def __init__(self, kind, seat=None, tile=None, path=None, side=None, points=0, reason=None,
                 count=0, seats=(), tiles=None):
        self._init(kind, seat, points, reason, count)
        self.tile, self.path, self.side = tile, path, side
        self.seats, self.tiles = tuple(seats), tiles

    def __str__(self):
        who = f"seat {self.seat}"
        kind = self.kind
        if kind == "deal":
            return f"round {self.count} dealt"
        if kind == "path":
            if self.reason is None:
                return f"path {self.path}: {self.tile}"
            return f"new path {self.path}: {self.tile}"
        if kind == "choose":
            if self.tile is None:
                return f"{who} chooses a tile to reveal"
            return f"{who} chooses {self.tile} to reveal"
        if kind == "reveal":
            return f"{who} reveals {self.tile} ({self.tile.pips} pips)"
        if kind == "tie":
            return f"tie between seats {', '.join(map(str, self.seats))}: they reveal again"
        if kind == "start":
            why = " (lowest seat of the tie)" if self.reason == "lowest_seat" else ""
            return f"{who} starts the round{why}"
        if kind == "place":
            return f"{who} places {self.tile} on the {self.side} of path {self.path}"
        if kind == "close":
            fate = {"renew": "back into the pile", "stay": "stays closed",
                    "discard": "to the discard pile"}[self.reason]
            return f"path {self.path} is full ({self.tiles}): {fate}"
        if kind == "reshuffle":
            return f"the pile is shuffled ({self.count} tiles)"
        if kind == "no_path":
            return f"path {self.path} is not replaced: the pile is empty"
        if kind == "draw":
            return f"{who} draws {self.tile}" if self.tile is not None else f"{who} draws"
        if kind == "pass":
            return f"{who} passes"
        if kind == "out":
            return f"{who} is out of tiles: {self.count} last turn(s)"
        if kind == "round_end":
            if self.reason == "blocked":
                return f"round {self.count} over: everybody passed"
            return f"round {self.count} over"
        if kind == "score":
            return f"{who} scores {self.points}"
        names = ", ".join(map(str, self.seats))
        return (f"seat {names} wins with {self.points}" if len(self.seats) == 1
                else f"seats {names} share the win with {self.points}")


cdef tuple _seat_tuple(unsigned mask):
    return tuple(s for s in range(4) if mask >> s & 1)


cdef list _events(const pintas_caminos_event *ev, size_t n):
    cdef list out = []
    cdef size_t i
    cdef Event e
    cdef int kind
    for i in range(n):
        kind = ev[i].kind
        e = Event.__new__(Event)
        e.kind = EVENT_KINDS[kind]
        e.seat = None if ev[i].seat >= 4 else ev[i].seat
        e.tile = None if ev[i].tile >= PINTAS_TILE_COUNT else TILES[ev[i].tile]
        e.path = None if ev[i].path >= PINTAS_CAMINOS_MAX_PATHS else ev[i].path + 1
        e.side = SIDES[ev[i].side & 1] if kind == 6 else None
        e.reason = REASONS[ev[i].reason] if ev[i].reason < len(REASONS) else None
        e.seats = _seat_tuple(ev[i].seats)
        e.tiles = TileSet.from_mask(ev[i].tiles) if kind == 7 else None
        if kind == 14 or kind == 15:
            e.points, e.count = ev[i].value, 0
        else:
            e.points, e.count = 0, ev[i].value
        out.append(e)
    return out


cdef int _rules_from(pintas_caminos_rules *r, tuple fields) except -1:
    memset(r, 0, sizeof(pintas_caminos_rules))
    r.players, r.paths, r.hand_size, r.side_tiles, r.full_path, r.rounds = fields
    return 0


def check_rules(tuple fields):
    """The C core's verdict on a rules tuple (raises RulesError)."""
    cdef pintas_caminos_rules r
    _rules_from(&r, fields)
    rules_verdict(pintas_caminos_rules_check(&r))


def preset_fields(int variant, int players):
    """The C preset's rules tuple for a variant (0 base, 1 no_renewal, 2 two_paths)."""
    cdef pintas_caminos_rules r
    if pintas_caminos_rules_preset(&r, variant, players) != PINTAS_OK:
        raise RulesError(f"no preset {variant} for {players} players")
    return (r.players, r.paths, r.hand_size, r.side_tiles, r.full_path, r.rounds)


cdef int _deal_from(pintas_caminos_deal *d, paths, hands, pile) except -1:
    cdef int i
    memset(d, 0, sizeof(pintas_caminos_deal))
    for i in range(PINTAS_CAMINOS_MAX_PATHS):
        d.path[i] = PINTAS_NO_TILE
    for i, tile in enumerate(paths):
        d.path[i] = tile
    for i, mask in enumerate(hands):
        d.hand[i] = mask
    for i, tile in enumerate(pile):
        d.pile[i] = tile
    d.pile_len = len(pile)
    return 0


cdef inline void _c_move(pintas_caminos_move *cm, int code) noexcept nogil:
    if code < CODE_REVEAL:
        cm.kind, cm.tile, cm.path, cm.side = 0, code >> 4, (code >> 1) & 7, code & 1
    elif code < CODE_DRAW:
        cm.kind, cm.tile, cm.path, cm.side = 3, code - CODE_REVEAL, PINTAS_CAMINOS_NO_PATH, 0
    else:
        cm.kind = 1 if code == CODE_DRAW else 2
        cm.tile, cm.path, cm.side = PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH, 0


cdef inline int _code_of(const pintas_caminos_move *m) noexcept nogil:
    if m.kind == 0:
        return (m.tile * 8 + m.path) * 2 + m.side
    if m.kind == 3:
        return CODE_REVEAL + m.tile
    return CODE_DRAW if m.kind == 1 else CODE_PASS


cdef object move_of(const pintas_caminos_move *m):
    return MOVES_T[_code_of(m)]


cdef class CaminosGame(Engine):
    """The C state of one Caminos game and its verbs (see :class:`pintas.caminos.Game`)."""

    cdef pintas_caminos_state st
    _MOVE_TYPE = Move

    def __cinit__(self):
        self._engine, self._state = &pintas_caminos_engine, &self.st

    def _start(self, tuple rules, uint64_t seed, deal=None):
        """Set up the game; round 1 comes from ``seed`` or from the deal given
        as (paths, hand masks, pile) tile indices."""
        cdef pintas_caminos_rules r
        cdef pintas_caminos_deal d
        _rules_from(&r, rules)
        if deal is not None:
            _deal_from(&d, deal[0], deal[1], deal[2])
        return self._start_dealt(&r, seed, NULL if deal is None else &d)

    def _set_deal(self, paths, hands, pile):
        cdef pintas_caminos_deal d
        _deal_from(&d, paths, hands, pile)
        return self._redeal(&d)

    cdef int _encode(self, BaseMove m, void *out) except -1:
        _c_move(<pintas_caminos_move *>out, m.code)
        return 0

    cdef list _decode(self, const void *events, size_t n):
        return _events(<const pintas_caminos_event *>events, n)

    # ---- what the state shows --------------------------------------------------

    cdef list _decode_moves(self, const void *moves, size_t n):
        cdef const pintas_caminos_move *m = <const pintas_caminos_move *>moves
        return [move_of(&m[i]) for i in range(n)]

    @property
    def phase(self):
        """``"reveal"`` (choosing who starts), ``"play"`` or ``"over"``."""
        return ("reveal", "play", "over")[self.st.phase]

    @property
    def round(self):
        """The round being played, from 1."""
        return self.st.round

    @property
    def starter(self):
        """The seat that started the current round (None during its reveal)."""
        return None if self.st.starter >= 4 else self.st.starter

    @property
    def pile_size(self):
        """Tiles left in the draw pile."""
        return pintas_caminos_pile_size(&self.st)

    @property
    def step(self):
        """The reveal step (1 and up) while choosing who starts, else 0."""
        return self.st.step

    @property
    def contenders(self):
        """The seats still in the reveal (all of them in step 1), else ``()``."""
        return _seat_tuple(self.st.contenders)

    @property
    def out_seat(self):
        """The seat that placed its last tile this round, or None."""
        return None if self.st.out_seat >= 4 else self.st.out_seat

    @property
    def last_turns(self):
        """Last turns still to be played after a player went out."""
        return self.st.last_turns

    @property
    def passes(self):
        """Passes in a row (the round is blocked when every player has passed)."""
        return self.st.passes

    def _chosen(self):
        return tuple(s for s in range(self.st.rules.players) if self.st.choice[s] < 28)

    def _choice(self, int seat):
        return TILES[self.st.choice[seat]] if self.st.choice[seat] < 28 else None

    def _path_raw(self, int slot):
        cdef pintas_caminos_path *p = &self.st.path[slot]
        if p.centre >= PINTAS_TILE_COUNT:
            return None
        front = tuple(TILES[p.tile[0][j]] for j in range(p.len[0]))
        back = tuple(TILES[p.tile[1][j]] for j in range(p.len[1]))
        side = self.st.rules.side_tiles
        return (TILES[p.centre], front, back, (p.end[0], p.end[1]),
                (side - p.len[0], side - p.len[1]))

    def _path_count(self):
        return self.st.rules.paths

    def _pile(self):
        return tuple(TILES[self.st.pile[i]] for i in range(self.st.pile_len))

    def _discard_mask(self):
        return self.st.discard

    def _hand_mask(self, int seat):
        return self.st.hand[seat]

    def _hand_sizes(self):
        return tuple(pintas_caminos_hand_size(&self.st, i) for i in range(self.st.rules.players))


def simulate(tuple rules, uint64_t games, uint64_t seed):
    """Play ``games`` random games in C without the GIL; the raw totals as a dict."""
    cdef pintas_caminos_rules r
    cdef pintas_caminos_stats stats
    _rules_from(&r, rules)
    cdef int status
    with nogil:
        status = pintas_caminos_simulate(&r, games, seed, &stats)
    rules_verdict(status, "cannot simulate these rules")
    players = r.players
    return {
        "games": stats.games, "rounds": stats.rounds, "moves": stats.moves,
        "blocked": stats.blocked, "closes": stats.closes, "ties": stats.ties,
        "shared": stats.shared, "longest_round": stats.longest_round,
        "wins": tuple(stats.wins[i] for i in range(players)),
        "starts": tuple(stats.starts[i] for i in range(players)),
        "points": tuple(stats.points[i] for i in range(players)),
    }

# cython: language_level=3, auto_pickle=False, boundscheck=False, cdivision=True
"""Binding of the C line-game engine: the moves, the events and the C state.

:mod:`pintas.domino` builds the public API on top of this module; use that.
What every game's binding shares (playing, rejecting, reseeding, saving, the
records' comparison and plain data) is in :mod:`pintas._base`; this module
holds what is the line games' own: their moves, events and C calls.
"""

cimport cython
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint64_t

from pintas._base cimport (
    Engine,
    pintas_line_engine,
    TileEvent,
    Move as BaseMove,
    TileMove,
    PINTAS_E_ARG,
    PINTAS_NO_SEAT,
    PINTAS_NO_TILE,
    PINTAS_OK,
    PINTAS_TILE_COUNT,
    pintas_rng,
)

from pintas._base import intern_moves, rules_verdict
from pintas.errors import NotationError
from pintas.tiles import TILES, Tile

SAVE_SIZE = PINTAS_LINE_SAVE_SIZE
MAX_EVENTS = PINTAS_LINE_MAX_EVENTS

_KINDS = ("play", "draw", "pass")
_ENDS = ("L", "R")
EVENT_KINDS = ("deal", "redeal", "play", "draw", "pass", "score", "round_end", "game_end", "tiebreak")
REASONS = (None, "fives", "domino", "block", "block_tie", "pass", "capicua", "pase_corrido",
           "pase_de_salida", "normal", "zapatero", "tiebreak")

# Move codes: a play is tile * 2 + end, then draw, then pass.
cdef enum:
    CODE_DRAW = 56
    CODE_PASS = 57


@cython.no_gc
@cython.final
cdef class Move(TileMove):
    """A move of a line game: ``play`` a tile at an end, ``draw`` or ``pass``.

    Notation: ``4|2L``, ``4|2R``, ``draw``, ``pass``. Moves are immutable and
    compare by value; the game's :meth:`parse_move` also accepts a bare tile
    (``4|2``) when it fits only one way. ``code`` (0..57) names the move.

    >>> Move.parse("2|4r")
    Move('play', '4|2', 'R')
    >>> str(Move.play("6|6")), Move.parse("draw").kind
    ('6|6L', 'draw')
    """

    _FIELDS = (("kind", str, None), ("tile", Tile | None, None), ("end", str | None, None))

    cdef readonly object end
    """``"L"`` or ``"R"`` for a play, else None."""

    def __init__(self, kind, tile=None, end=None):
        cdef Move m = _move_from(kind, tile, end)
        self.kind, self.tile, self.end, self.code = m.kind, m.tile, m.end, m.code

    @staticmethod
    def play(tile, end="L"):
        """Play ``tile`` (a Tile or its notation) at ``end`` (``"L"`` or ``"R"``)."""
        return _move_from("play", tile, end)

    @staticmethod
    def parse(text):
        """The move written in full notation: ``6|4L``, ``6|4R``, ``draw`` or ``pass``."""
        if not isinstance(text, str):
            raise NotationError(f"a move is written like '6|4L', 'draw' or 'pass': got {text!r}")
        word = text.strip().lower()
        if word == "draw" or word == "pass":
            return _MOVES[CODE_DRAW if word == "draw" else CODE_PASS]
        if word[-1:] in ("l", "r"):
            try:
                tile = Tile.parse(word[:-1])
            except NotationError:
                pass
            else:
                return _MOVES[tile.index * 2 + (word[-1] == "r")]
        raise NotationError(f"a move is written like '6|4L', '6|4R', 'draw' or 'pass': got {text!r}")

    def __str__(self):
        return self.kind if self.tile is None else f"{self.tile}{self.end}"


cdef Move _new_move(int code):
    cdef Move m = Move.__new__(Move)
    if code < CODE_DRAW:
        m.kind, m.tile, m.end = "play", TILES[code >> 1], _ENDS[code & 1]
    else:
        m.kind, m.tile, m.end = ("draw" if code == CODE_DRAW else "pass"), None, None
    m.code = code
    return m


_MOVES = intern_moves(Move, tuple(_new_move(code) for code in range(CODE_PASS + 1)))

# Typed references for the hot paths (indexing a typed tuple skips the module
# dictionary lookup).
cdef tuple MOVES_T = _MOVES
cdef tuple TILES_T = TILES
cdef tuple ENDS_T = _ENDS
cdef tuple KINDS_T = EVENT_KINDS
cdef tuple REASONS_T = REASONS


cdef Move _move_from(kind, tile, end):
    if kind == "draw" or kind == "pass":
        if tile is not None or end is not None:
            raise NotationError(f"a {kind} has no tile or end: got tile={tile!r}, end={end!r}")
        return _MOVES[CODE_DRAW if kind == "draw" else CODE_PASS]
    if kind != "play":
        raise NotationError(f"a move's kind is 'play', 'draw' or 'pass': got {kind!r}")
    if isinstance(tile, str):
        tile = Tile.parse(tile)
    if not isinstance(tile, Tile):
        raise NotationError(f"a play needs a tile like '6|4': got {tile!r}")
    if not isinstance(end, str) or end.upper() not in _ENDS:
        raise NotationError(f"a play's end is 'L' or 'R': got {end!r}")
    return _MOVES[tile.index * 2 + (end.upper() == "R")]


@cython.no_gc
@cython.final
cdef class Event(TileEvent):
    """One thing that happened in a line game, as a small immutable record.

    ``kind`` is one of ``deal``, ``redeal``, ``play``, ``draw``, ``pass``,
    ``score``, ``round_end``, ``game_end``, ``tiebreak``. ``seat`` is who acted
    (or won), ``side`` the scoring side (the seat itself unless pairs), ``tile``
    and ``end`` what was played or drawn, ``points`` what a ``score`` added,
    ``reason`` why (``fives``, ``domino``, ``block``, ``block_tie``, ``pass``,
    ``capicua``, ``pase_corrido``, ``pase_de_salida``; and for ``game_end``
    ``normal``, ``zapatero`` or ``tiebreak``), and ``count`` the round number of a
    ``deal``, the doubles that voided a ``redeal``, a ``tiebreak`` draw's round,
    or the winner's final score on ``game_end``.
    """

    _KINDS = EVENT_KINDS
    _SECRET = ("draw", "deal")   # the tile drawn; the opening tile named in a deal
    _FIELDS = (("kind", str, None), ("seat", int | None, None), ("side", int | None, None),
               ("tile", Tile | None, None), ("end", str | None, None), ("points", int, 0),
               ("reason", str | None, None), ("count", int, 0))

    cdef readonly object side
    cdef readonly object end

    def __init__(self, kind, seat=None, side=None, tile=None, end=None, points=0, reason=None,
                 count=0):
        self._init(kind, seat, points, reason, count)
        self.side, self.tile, self.end = side, tile, end

    @property
    def zapatero(self):
        """True on the ``game_end`` of a Capicua game won with every opponent on 0."""
        return self.reason == "zapatero"

    def __str__(self):
        who = f"seat {self.seat}" if self.seat is not None else "nobody"
        if self.kind == "play":
            return f"{who} plays {self.tile} at {'left' if self.end == 'L' else 'right'}"
        if self.kind == "draw":
            return f"{who} draws {self.tile}" if self.tile is not None else f"{who} draws"
        if self.kind == "pass":
            return f"{who} passes"
        if self.kind == "score":
            return f"side {self.side} scores {self.points} ({self.reason})"
        if self.kind == "deal":
            return f"round {self.count} dealt; seat {self.seat} leads"
        if self.kind == "redeal":
            return f"deal void: seat {self.seat} held {self.count} doubles"
        if self.kind == "round_end":
            if self.reason == "block_tie":
                return "round blocked with a tie: nobody scores"
            return f"round won by {who} ({self.reason})"
        if self.kind == "tiebreak":
            return f"tie-break draw {self.count}: seat {self.seat} draws {self.tile}"
        return f"game won by side {self.side}" + (" (zapatero!)" if self.zapatero else "")


cdef object _opt(uint8_t value, int none):
    return None if value == none else value


cdef list _events(const pintas_line_event *ev, size_t n):
    cdef list out = []
    cdef size_t i
    cdef Event e
    for i in range(n):
        e = Event.__new__(Event)
        e.kind = KINDS_T[ev[i].kind]
        e.seat = _opt(ev[i].seat, PINTAS_NO_SEAT)
        e.side = _opt(ev[i].side, PINTAS_NO_SEAT)
        e.tile = None if ev[i].tile >= PINTAS_TILE_COUNT else TILES_T[ev[i].tile]
        e.end = ENDS_T[ev[i].end] if ev[i].kind == 2 else None
        e.reason = REASONS_T[ev[i].reason] if ev[i].reason < len(REASONS_T) else None
        if ev[i].kind == 5:
            e.points, e.count = ev[i].points, 0
        else:
            e.points, e.count = 0, ev[i].points
        out.append(e)
    return out


cdef int _rules_from(pintas_line_rules *r, tuple fields) except -1:
    (r.game, r.players, r.pairs, r.redeal_doubles, r.block_scoring, r.tranque, r.capicua,
     r.target, r.pass_points, r.capicua_bonus, r.pase_corrido_bonus,
     r.pase_de_salida_bonus) = fields
    r.reserved = 0
    return 0


def check_rules(tuple fields):
    """The C core's verdict on a rules tuple (raises RulesError)."""
    cdef pintas_line_rules r
    _rules_from(&r, fields)
    rules_verdict(pintas_line_rules_check(&r))


cdef int _deal_from(pintas_line_deal *d, hands, boneyard) except -1:
    cdef int i
    memset(d, 0, sizeof(pintas_line_deal))
    for i, mask in enumerate(hands):
        d.hand[i] = mask
    for i, tile in enumerate(boneyard):
        d.boneyard[i] = tile
    d.boneyard_len = len(boneyard)
    return 0


cdef object move_of(const pintas_line_move *m):
    if m.kind == 0:
        return MOVES_T[m.tile * 2 + m.end]
    return MOVES_T[CODE_DRAW if m.kind == 1 else CODE_PASS]


cdef class LineGame(Engine):
    """The C state of one line game and its verbs (see :class:`pintas.domino.Game`)."""

    cdef pintas_line_state st
    _MOVE_TYPE = Move

    def __cinit__(self):
        self._engine, self._state = &pintas_line_engine, &self.st

    def _start(self, tuple rules, uint64_t seed, deal=None):
        """Set up the game; the first deal comes from ``seed``, or from ``deal``
        (the hand masks and the boneyard's tile indices)."""
        cdef pintas_line_rules r
        cdef pintas_line_deal d
        _rules_from(&r, rules)
        if deal is not None:
            _deal_from(&d, deal[0], deal[1])
        return self._start_dealt(&r, seed, NULL if deal is None else &d)

    def _set_deal(self, hands, boneyard):
        cdef pintas_line_deal d
        _deal_from(&d, hands, boneyard)
        return self._redeal(&d)

    cdef int _encode(self, BaseMove m, void *out) except -1:
        _c_move(<pintas_line_move *>out, m.code)
        return 0

    cdef list _decode(self, const void *events, size_t n):
        return _events(<const pintas_line_event *>events, n)

    # ---- what the state shows --------------------------------------------------

    cdef list _decode_moves(self, const void *moves, size_t n):
        cdef const pintas_line_move *m = <const pintas_line_move *>moves
        return [move_of(&m[i]) for i in range(n)]

    @property
    def round(self):
        """The round being played, from 1."""
        return self.st.round

    @property
    def leader(self):
        """The seat that led (or leads) the current round."""
        return self.st.leader

    @property
    def ends(self):
        """The open numbers ``(left, right)``, or None before the round's first tile."""
        if self.st.line_len == 0:
            return None
        return (self.st.ends[0], self.st.ends[1])

    @property
    def boneyard_size(self):
        """Tiles left to draw (0 where the rules never draw)."""
        return pintas_line_boneyard_size(&self.st)

    @property
    def placements(self):
        """The round's placements in order, as ``(tile, end)`` pairs."""
        return tuple((TILES[self.st.line[i] & 0x7F], _ENDS[self.st.line[i] >> 7])
                     for i in range(self.st.line_len))

    def _hand_mask(self, int seat):
        return self.st.hand[seat]

    def _hand_sizes(self):
        return tuple(bin(self.st.hand[i]).count("1") for i in range(self.st.rules.players))

    def _pips(self, int seat):
        return pintas_line_hand_pips(&self.st, seat)

    def _forced_tile(self):
        return None if self.st.forced_tile >= PINTAS_TILE_COUNT else TILES[self.st.forced_tile]


cdef inline void _c_move(pintas_line_move *cm, int code) noexcept nogil:
    if code < CODE_DRAW:
        cm.kind, cm.tile, cm.end = 0, code >> 1, code & 1
    else:
        cm.kind, cm.tile, cm.end = (1 if code == CODE_DRAW else 2), PINTAS_NO_TILE, 0


def simulate(tuple rules, uint64_t games, uint64_t seed):
    """Play ``games`` random games in C without the GIL; the raw totals as a dict."""
    cdef pintas_line_rules r
    cdef pintas_line_stats stats
    _rules_from(&r, rules)
    cdef int status
    with nogil:
        status = pintas_line_simulate(&r, games, seed, &stats)
    rules_verdict(status, "cannot simulate these rules")
    sides = pintas_line_sides(&r)
    return {
        "games": stats.games, "rounds": stats.rounds, "moves": stats.moves,
        "blocks": stats.blocks,
        "wins": tuple(stats.wins[i] for i in range(sides)),
        "points": tuple(stats.points[i] for i in range(sides)),
    }

# cython: language_level=3, auto_pickle=False, cdivision=True
"""Binding of the C Caminos engine: the moves, the events and the C state.

:mod:`pintas.caminos` builds the public API on top of this module; use that.
What every game's binding shares is in :mod:`pintas._base`; this module holds
what is Caminos' own. Path numbers are 1-based here and everywhere in Python
(the C slots are 0-based).
"""

cimport cython
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from cpython.object cimport PyTypeObject
from cpython.tuple cimport PyTuple_GET_ITEM
from pintas._base cimport Codec, Engine, TileEvent, TileMove, put_masks, put_tiles, simulate_into
from pintas._base cimport PyList_New, fields_of, optional_whole, put_item, seed64, settings_struct, whole
from pintas._base cimport Move as BaseMove
from pintas._base cimport deal_text, intern_texts, parse_full, pintas_refusal, PINTAS_MESSAGE_MAX
from pintas._base cimport PINTAS_NO_TILE, PINTAS_OK, PINTAS_TILE_COUNT
from pintas._base cimport pintas_caminos_engine, pintas_caminos_notation, pintas_rng
from pintas._base cimport pintas_caminos_texts, pintas_event_fields, pintas_texts

from pintas._base import intern_moves, rules_verdict, tile_of
from pintas.errors import DealError, NotationError, NotationTypeError, PintasError, RulesError
from pintas.tiles import TILES, Tile, TileSet

SAVE_SIZE = PINTAS_CAMINOS_SAVE_SIZE
MAX_EVENTS = PINTAS_CAMINOS_MAX_EVENTS
MAX_PATHS = PINTAS_CAMINOS_MAX_PATHS
MAX_CODE = CODE_PASS  # the largest move code

KINDS = ("place", "draw", "pass", "reveal")


cdef extern from "pintas/caminos.h" nogil:
    const char *pintas_caminos_side_name(int side)


#: The sides of a path, by the core's numbers (pintas_caminos_side_name).
SIDES = (pintas_caminos_side_name(0).decode("ascii"), pintas_caminos_side_name(1).decode("ascii"))
EVENT_KINDS = ("deal", "path", "choose", "reveal", "tie", "start", "place", "close", "reshuffle",
               "no_path", "draw", "pass", "out", "round_end", "score", "game_end")
REASONS = (None, "most_pips", "lowest_seat", "renew", "stay", "discard", "out", "blocked",
           "max_rounds")
_SIDE_WORDS = {"front": 0, "back": 1}

# Move codes: a placement is (tile * 8 + slot) * 2 + side (0..447), then a
# reveal 448 + tile, then draw, then pass.
cdef enum:
    CODE_REVEAL = 448
    CODE_DRAW = 476
    CODE_PASS = 477

# How a move is written, for the refusal of a value that is no text.
WRITTEN_LIKE = "'5|3 front 2', 'reveal 6|4', 'draw' or 'pass'"


@cython.binding(False)
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
        self._fresh()
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
        return parse_full(text, &pintas_caminos_notation, _moves, WRITTEN_LIKE)




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
intern_texts(Move, &pintas_caminos_engine, &pintas_caminos_notation)
cdef tuple MOVES_T = _MOVES


cdef Move _move_from(kind, tile, side, path):
    if not isinstance(kind, str):
        raise NotationTypeError(f"a move's kind is 'place', 'draw', 'pass' or 'reveal': "
                                f"got {kind!r}")
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
        raise NotationTypeError(f"a {kind} needs a tile like '6|4': got {tile!r}")
    if kind == "reveal":
        if side is not None or path is not None:
            raise NotationError(f"a reveal has no side or path: got side={side!r}, path={path!r}")
        return _MOVES[CODE_REVEAL + tile.index]
    if not isinstance(side, str) or side.lower() not in _SIDE_WORDS:
        error = NotationError if isinstance(side, str) else NotationTypeError
        raise error(f"a placement's side is 'front' or 'back': got {side!r}")
    if type(path) is not int or not 1 <= path <= MAX_PATHS:
        error = NotationError if type(path) is int else NotationTypeError
        raise error(f"a path number is 1..{MAX_PATHS}: got {path!r}")
    return _MOVES[(tile.index * 8 + path - 1) * 2 + _SIDE_WORDS[side.lower()]]


@cython.binding(False)
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
    ``lowest_seat``, ``renew``, ``stay``, ``discard``, ``out``, ``blocked``: also
    a round ended by ``max_round_moves``; ``max_rounds``: a ``game_end`` the
    rules' ``max_rounds`` brought before their ``rounds``);
    ``count`` is the round of a ``deal`` or ``round_end``, the reveal step of
    ``choose``/``reveal``/``tie``/``start``, the tiles on the side after a
    ``place``, the tiles of a ``close``, the pile size after a ``draw`` or a
    ``reshuffle``, the passes in a row of a ``pass`` and the last turns of an
    ``out``.
    """

    _KINDS = EVENT_KINDS
    _REASONS = REASONS
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
        self._fresh()
        self._init(kind, seat, points, reason, count)
        if side is not None and side not in SIDES:
            error = NotationError if isinstance(side, str) else NotationTypeError
            raise error(f"an event's side is 'front', 'back' or None: got {side!r}")
        self.path = optional_whole(path, 1, PINTAS_CAMINOS_MAX_PATHS, "an event's path")
        self.tile, self.side = tile_of(tile), side
        self.seats = _event_seats(seats)
        self.tiles = tiles if tiles is None or isinstance(tiles, TileSet) else TileSet(tiles)

    cdef const pintas_texts *_text_fields(self, pintas_event_fields *f) except? NULL:
        TileEvent._text_fields(self, f)
        if self.path is not None:
            f.path = self.path
        if self.side is not None:
            f.side = self.side == "back"
        for seat in self.seats:
            f.seats |= 1 << seat
        if self.tiles is not None:
            f.has_tiles, f.tiles = 1, int(self.tiles)
        return &pintas_caminos_texts

cdef tuple _event_seats(object seats):
    """An event's seats: a list or tuple of distinct seats 0..3."""
    if not isinstance(seats, (tuple, list)):
        raise NotationTypeError(f"an event's seats are a tuple of seats: got {seats!r}")
    if len(seats) > PINTAS_CAMINOS_MAX_SEATS:
        raise NotationError(f"an event's seats are at most {PINTAS_CAMINOS_MAX_SEATS} "
                            f"seats: got {seats!r}")
    out = tuple([whole(s, 0, PINTAS_CAMINOS_MAX_SEATS - 1, "a seat", NotationError)
                 for s in seats])
    if len(set(out)) != len(out):
        raise NotationError(f"an event's seats are distinct: got {seats!r}")
    return out


# The seats of each 4-bit mask, ascending: an event's seats without a generator per event.
cdef tuple SEAT_TUPLES = tuple(tuple(s for s in range(4) if mask >> s & 1) for mask in range(16))


cdef tuple _seat_tuple(unsigned mask):
    return <tuple>SEAT_TUPLES[mask & 15]


# Events are immutable values, and most of a game's are met again (a tile
# placed on a path's side at a count, a path's new centre, a draw with the
# pile's size): each is made once and shared while it stays in a cache of
# SHARED_SLOTS slots, found by its fields packed into 63 bits (tiles 28,
# value 10, kind 4, side 1, reason 4, seats 4, path 4, seat 3, tile 5; bit
# 63 marks a slot in use), the slot a multiplicative hash of them. An event
# whose value does not fit is made anew; one that meets another in its slot
# takes the slot.
cdef enum:
    SHARED_BITS = 13
    SHARED_SLOTS = 1 << SHARED_BITS
    SHARED_VALUE = 1 << 10

cdef uint64_t _SHARED_KEYS[SHARED_SLOTS]
cdef list _SHARED = [None] * SHARED_SLOTS


cdef uint64_t _shared_key(const pintas_caminos_event *ev) noexcept:
    """The key of ``ev`` among the shared events, or 0 when it has none."""
    cdef int kind = ev.kind
    if ev.value < 0 or ev.value >= SHARED_VALUE or kind > 15:
        return 0
    cdef uint64_t key = 1
    key = (key << 28) | ((ev.tiles & 0xFFFFFFF) if kind == 7 else 0)
    key = (key << 10) | <unsigned>ev.value
    key = (key << 4) | kind
    key = (key << 1) | ((ev.side & 1) if kind == 6 else 0)
    key = (key << 4) | min(ev.reason, 15)
    key = (key << 4) | (ev.seats & 15)
    key = (key << 4) | min(ev.path, PINTAS_CAMINOS_MAX_PATHS)
    key = (key << 3) | min(ev.seat, 4)
    key = (key << 5) | min(ev.tile, PINTAS_TILE_COUNT)
    return key


cdef extern from "Python.h":
    object _generic_alloc "PyType_GenericAlloc"(PyTypeObject *t, Py_ssize_t n)
    int _generic_setattr "PyObject_GenericSetAttr"(object o, object name, object value) except -1
    void PyObject_GC_UnTrack(object o)


cdef object _TILE_SET = TileSet
cdef str _MASK = "_mask"


cdef object _tile_set(uint32_t mask):
    """``TileSet.from_mask(mask)`` for a mask the core wrote (bits 0..27), as
    it makes it (``object.__new__``, the slot set past the class's guard),
    without the Python calls: the tiles of a close, new on nearly every one."""
    ts = _generic_alloc(<PyTypeObject *>_TILE_SET, 0)
    _generic_setattr(ts, _MASK, mask & 0xFFFFFFF)
    PyObject_GC_UnTrack(ts)  # it holds an int: in no cycle, nothing for the collector
    return ts


# The module's tables as C-typed tuples: an event's fields are read from them
# without a lookup of the module's globals.
cdef tuple _KINDS_T = EVENT_KINDS
cdef tuple _TILES_T = tuple(TILES)
cdef tuple _SIDES_T = SIDES
cdef tuple _REASONS_T = REASONS


@cython.boundscheck(False)
@cython.wraparound(False)
cdef Event _new_event(const pintas_caminos_event *ev):
    # (every index below is checked against its table's size first)
    cdef int kind = ev.kind
    cdef Event e = Event.__new__(Event)
    e.kind = _KINDS_T[kind] if kind < len(_KINDS_T) else EVENT_KINDS[kind]
    e.seat = None if ev.seat >= 4 else ev.seat
    e.tile = None if ev.tile >= PINTAS_TILE_COUNT else _TILES_T[ev.tile]
    e.path = None if ev.path >= PINTAS_CAMINOS_MAX_PATHS else ev.path + 1
    e.side = _SIDES_T[ev.side & 1] if kind == 6 else None
    e.reason = _REASONS_T[ev.reason] if ev.reason < len(_REASONS_T) else None
    e.seats = _seat_tuple(ev.seats)
    e.tiles = _tile_set(ev.tiles) if kind == 7 else None
    e._amount(ev.value, kind == 14 or kind == 15)
    return e


@cython.boundscheck(False)
@cython.wraparound(False)
cdef list _events(const void *state, const void *events, size_t n):
    cdef const pintas_caminos_event *ev = <const pintas_caminos_event *>events
    cdef list out = PyList_New(n)
    cdef size_t i
    cdef uint64_t key
    cdef Py_ssize_t slot
    for i in range(n):
        key = _shared_key(&ev[i])
        if key == 0:
            put_item(out, i, _new_event(&ev[i]))
            continue
        slot = <Py_ssize_t>((key * <uint64_t>0x9E3779B97F4A7C15) >> (64 - SHARED_BITS))
        if _SHARED_KEYS[slot] != key:
            _SHARED[slot] = _new_event(&ev[i])
            _SHARED_KEYS[slot] = key
        put_item(out, i, _SHARED[slot])
    return out


cdef int _rules_from(tuple fields, void *out) except -1:
    return settings_struct(1, fields, out, sizeof(pintas_caminos_rules))


cdef extern from "pintas/views.h" nogil:
    int pintas_caminos_path_chain(const pintas_caminos_path *p, uint8_t *nums, size_t cap,
                                  size_t *n)


cdef extern from "pintas/caminos.h" nogil:
    int pintas_caminos_path_text(const pintas_caminos_path *p, unsigned number,
                                 const uint8_t free[2], char *buf, size_t cap, size_t *len)


cdef bint _path_of(centre, front, back, pintas_caminos_path *p):
    """Fill *p with the path of centre tile ``centre`` (None: no path) and the
    tiles ``front`` and ``back`` (each side from the centre outwards); False
    when a side holds more tiles than a side can."""
    cdef size_t i
    cdef int side
    memset(p, 0, sizeof(p[0]))
    p.centre = PINTAS_NO_TILE if centre is None else centre.index
    for side, tiles in enumerate((front, back)):
        if len(tiles) > PINTAS_CAMINOS_MAX_SIDE:
            return False
        p.len[side] = len(tiles)
        for i in range(p.len[side]):
            p.tile[side][i] = tiles[i].index
    return True


def path_chain(centre, front, back):
    """The path of centre tile ``centre`` (None: no path) with the tiles
    ``front`` and ``back`` (each side from the centre outwards) in a row, as
    the C core reads it (pintas_caminos_path_chain): from the back end to the
    front end, each tile as ``(left, right)`` numbers so that touching numbers
    match. None when a side's tiles do not chain out from the centre."""
    cdef pintas_caminos_path p
    cdef uint8_t nums[2 * (1 + 2 * PINTAS_CAMINOS_MAX_SIDE)]
    cdef size_t n = 0, i
    if not _path_of(centre, front, back, &p) \
            or pintas_caminos_path_chain(&p, nums, sizeof(nums), &n) != PINTAS_OK:
        return None
    return tuple((nums[2 * i], nums[2 * i + 1]) for i in range(n))


def path_text(number, centre, front, back, free):
    """How path ``number`` (centre, front and back as path_chain takes them;
    ``free`` the tiles the front and the back still take) reads on the table,
    as every home prints it (pintas_caminos_path_text): ``path 2: back 4
    (full) [4|4][4|3] front 3 (1 free)``, ``path 2: [4|4][4|3] closed``,
    ``path 2: (no path)``. ValueError when its tiles do not chain."""
    cdef pintas_caminos_path p
    cdef uint8_t room[2]
    cdef char buf[192]
    cdef size_t n = 0
    room[0], room[1] = free
    if not _path_of(centre, front, back, &p) \
            or pintas_caminos_path_text(&p, number, room, buf, sizeof(buf), &n) != PINTAS_OK:
        raise ValueError(f"path {number} does not chain: {centre} {front} {back}")
    return buf[:n].decode("ascii")

def check_rules(fields):
    """The C core's verdict on a rules tuple (raises RulesError)."""
    cdef pintas_caminos_rules r
    _rules_from(fields_of(fields, 5, "Caminos rules fields"), &r)
    rules_verdict(pintas_caminos_rules_check(&r))


def full_path_names():
    """The names of what a full path does, by the C core's numbers
    (pintas_caminos_full_path_name): caminos.FULL_PATH."""
    names = []
    while pintas_caminos_full_path_name(len(names)) != NULL:
        names.append(pintas_caminos_full_path_name(len(names)).decode("ascii"))
    return tuple(names)


def rules_shape(fields):
    """What the C core's struct of these rules holds beyond their settings
    (the variant's preset for the players) and derives from it: ``(paths,
    hand_size, side_tiles, path_size, full_path)``, ``full_path`` its name."""
    cdef pintas_caminos_rules r
    _rules_from(fields_of(fields, 5, "Caminos rules fields"), &r)
    rules_verdict(pintas_caminos_rules_check(&r))
    return (r.paths, r.hand_size, r.side_tiles, pintas_caminos_path_size(&r),
            pintas_caminos_full_path_name(r.full_path).decode("ascii"))


def preset_fields(variant, players):
    """The C preset's rules tuple for a variant (0 base, 1 no_renewal, 2 two_paths)."""
    cdef pintas_caminos_rules r
    cdef int c_variant = whole(variant, 0, 2, "a Caminos variant")
    cdef int c_players = whole(players, 0, 0xFF, "players")
    if pintas_caminos_rules_preset(&r, c_variant, c_players) != PINTAS_OK:
        raise RulesError(f"no preset {variant} for {players} players")
    return (r.players, r.paths, r.hand_size, r.side_tiles, r.full_path, r.rounds, r.max_rounds,
            r.max_round_moves)


cdef int _deal_from(tuple deal, void *out) except -1:
    cdef pintas_caminos_deal *d = <pintas_caminos_deal *>out
    if len(deal) != 3:
        raise DealError(f"a Caminos deal is (paths, hands, pile): got {deal!r}")
    paths, hands, pile = deal
    memset(d, 0, sizeof(pintas_caminos_deal))
    memset(d.path, PINTAS_NO_TILE, sizeof(d.path))
    put_tiles(d.path, PINTAS_CAMINOS_MAX_PATHS, paths)
    put_masks(d.hand, PINTAS_CAMINOS_MAX_SEATS, hands)
    d.pile_len = put_tiles(d.pile, PINTAS_TILE_COUNT, pile)
    return 0


cdef extern from "pintas/notation.h" nogil:
    int pintas_caminos_deal_why(const pintas_caminos_rules *r, const pintas_caminos_deal *d,
                                unsigned paths, unsigned hands, pintas_refusal *why)
    int pintas_caminos_deal_refusal_text(const pintas_caminos_rules *r,
                                         const pintas_refusal *why, char *buf, size_t cap,
                                         size_t *n)


def deal_refusal(fields, tuple deal, int hands):
    """Why ``deal`` (a Deal's C arguments, listing ``hands`` hands; any
    number of paths) is no deal of the rules ``fields``, in words
    (pintas_caminos_deal_why), or None."""
    cdef pintas_caminos_rules r
    cdef pintas_caminos_deal d
    cdef pintas_refusal why
    cdef char text[PINTAS_MESSAGE_MAX]
    cdef size_t n
    _rules_from(fields_of(fields, 5, "Caminos rules fields"), &r)
    paths = deal[0]
    _deal_from((paths[:PINTAS_CAMINOS_MAX_PATHS],) + deal[1:], &d)
    if pintas_caminos_deal_why(&r, &d, len(paths), hands, &why) == PINTAS_OK:
        return None
    deal_text(pintas_caminos_deal_refusal_text(&r, &why, text, PINTAS_MESSAGE_MAX, &n))
    return text[:n].decode()


cdef int _c_move(BaseMove move, void *out) except -1:
    """Write ``move`` as a pintas_caminos_move (see the move codes above)."""
    cdef pintas_caminos_move *cm = <pintas_caminos_move *>out
    cdef int code = move.code
    if code < CODE_REVEAL:
        cm.kind, cm.tile, cm.path, cm.side = 0, code >> 4, (code >> 1) & 7, code & 1
    elif code < CODE_DRAW:
        cm.kind, cm.tile, cm.path, cm.side = 3, code - CODE_REVEAL, PINTAS_CAMINOS_NO_PATH, 0
    else:
        cm.kind = 1 if code == CODE_DRAW else 2
        cm.tile, cm.path, cm.side = PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH, 0
    return 0


cdef inline int _code_of(const pintas_caminos_move *m) noexcept nogil:
    if m.kind == 0:
        return (m.tile * 8 + m.path) * 2 + m.side
    if m.kind == 3:
        return CODE_REVEAL + m.tile
    return CODE_DRAW if m.kind == 1 else CODE_PASS


cdef object move_of(const pintas_caminos_move *m):
    return MOVES_T[_code_of(m)]


@cython.boundscheck(False)
@cython.wraparound(False)
cdef list _moves(const void *state, const void *moves, size_t n):
    # (MOVES_T read without a bounds check once the code is found in range)
    cdef const pintas_caminos_move *m = <const pintas_caminos_move *>moves
    cdef list out = PyList_New(n)
    cdef size_t i
    cdef int code
    for i in range(n):
        code = _code_of(&m[i])
        put_item(out, i, <object>PyTuple_GET_ITEM(MOVES_T, code) if code <= CODE_PASS
                 else MOVES_T[code])
    return out


@cython.binding(False)
cdef class CaminosGame(Engine):
    """The C state of one Caminos game (a pintas_caminos_state), played through
    the base with the conversions of this module; it shows what Caminos has
    beyond what every game tells: the phase and the reveal, the paths, the
    pile, the player who went out. See :class:`pintas.caminos.Game`."""

    cdef pintas_caminos_state st
    _WRITTEN_LIKE = WRITTEN_LIKE
    _MOVE_TYPE = Move

    def __cinit__(self):
        codec = Codec(move=_c_move, events=_events, moves=_moves, rules=_rules_from,
                      deal=_deal_from, notation=&pintas_caminos_notation)
        self._bind(&pintas_caminos_engine, &self.st, codec)

    @property
    def phase(self):
        """``"reveal"`` (choosing who starts), ``"play"`` or ``"over"``."""
        return ("reveal", "play", "over")[self.st.phase]

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
        """The reveal step while choosing who starts: 1, then one more for each
        tie of the most pips; 0 while playing."""
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
        """Last turns still to be played after a player went out: one for each
        other player, counted down; 0 before anyone is out."""
        return self.st.last_turns

    @property
    def passes(self):
        """Passes in a row since the last placement or draw: the round is
        blocked, and ends, when every player has passed in a row."""
        return self.st.passes

    def _chosen(self):
        return tuple(s for s in range(min(self.st.rules.players, PINTAS_CAMINOS_MAX_SEATS))
                     if self.st.choice[s] < 28)

    def _choice(self, seat):
        cdef int s = self._seat(seat)
        return TILES[self.st.choice[s]] if self.st.choice[s] < 28 else None

    def _path_raw(self, slot):
        cdef int i = whole(slot, 0, min(self.st.rules.paths, PINTAS_CAMINOS_MAX_PATHS) - 1,
                           "a path slot", PintasError)
        cdef pintas_caminos_path *p = &self.st.path[i]
        if p.centre >= PINTAS_TILE_COUNT:
            return None
        front = tuple(TILES[p.tile[0][j]] for j in range(min(p.len[0], 2)))
        back = tuple(TILES[p.tile[1][j]] for j in range(min(p.len[1], 2)))
        side = self.st.rules.side_tiles
        return (TILES[p.centre], front, back, (p.end[0], p.end[1]),
                (side - p.len[0], side - p.len[1]))

    def _path_count(self):
        return self.st.rules.paths

    def _pile(self):
        return tuple(TILES[self.st.pile[i]] for i in range(min(self.st.pile_len, 28)))

    def _discard_mask(self):
        return self.st.discard



def simulate(rules, games, seed):
    """Play ``games`` random games in C without the GIL: the raw totals (a
    dict of the C stats struct, an entry of each list for each of the most
    seats a game can have)."""
    cdef pintas_caminos_stats stats
    simulate_into(&pintas_caminos_engine, _rules_from, fields_of(rules, 5, "the rules fields"),
                  whole(games, 0, 10**12, "games"), seed64(seed), &stats)
    return stats

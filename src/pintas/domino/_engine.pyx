# cython: language_level=3, auto_pickle=False, cdivision=True
"""Binding of the C line-game engine: the moves, the events and the C state.

:mod:`pintas.domino` builds the public API on top of this module; use that.
What every game's binding shares (playing, rejecting, reseeding, saving, the
records' comparison and plain data) is in :mod:`pintas._base`; this module
holds what is the line games' own: their moves, events and C calls.
"""

cimport cython
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint64_t

from pintas._base cimport Codec, Engine, TileEvent, TileMove, put_masks, put_tiles, simulate_into
from pintas._base cimport PyList_New, fields_of, optional_whole, put_item, seed64, settings_struct, whole
from pintas._base cimport Move as BaseMove
from pintas._base cimport deal_text, intern_texts, parse_full, pintas_refusal, PINTAS_MESSAGE_MAX
from pintas._base cimport PINTAS_NO_SEAT, PINTAS_NO_TILE, PINTAS_OK, PINTAS_TILE_COUNT
from pintas._base cimport pintas_line_engine, pintas_line_notation, pintas_rng
from pintas._base cimport pintas_event_fields, pintas_line_texts, pintas_texts

from pintas._base import intern_moves, rules_verdict, tile_of
from pintas.errors import CorruptStateError, DealError, NotationError, NotationTypeError
from pintas.tiles import TILES, Tile

SAVE_SIZE = PINTAS_LINE_SAVE_SIZE
MAX_EVENTS = PINTAS_LINE_MAX_EVENTS

_KINDS = ("play", "draw", "pass")
_ENDS = ("L", "R")
EVENT_KINDS = ("deal", "redeal", "play", "draw", "pass", "score", "round_end", "game_end", "tiebreak")
REASONS = (None, "fives", "domino", "block", "block_tie", "pass", "capicua", "pase_corrido",
           "pase_de_salida", "normal", "zapatero", "tiebreak", "max_rounds")

# Move codes: a play is tile * 2 + end, then draw, then pass.
cdef enum:
    CODE_DRAW = 56
    CODE_PASS = 57

# How a move is written, for the refusal of a value that is no text.
WRITTEN_LIKE = "'6|4L', 'draw' or 'pass'"


@cython.binding(False)
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
        self._fresh()
        cdef Move m = _move_from(kind, tile, end)
        self.kind, self.tile, self.end, self.code = m.kind, m.tile, m.end, m.code

    @staticmethod
    def play(tile, end="L"):
        """Play ``tile`` (a Tile or its notation) at ``end`` (``"L"`` or ``"R"``)."""
        return _move_from("play", tile, end)

    @staticmethod
    def parse(text):
        """The move written in full notation: ``6|4L``, ``6|4R``, ``draw`` or ``pass``."""
        return parse_full(text, &pintas_line_notation, _moves, WRITTEN_LIKE)


cdef Move _new_move(int code):
    cdef Move m = Move.__new__(Move)
    if code < CODE_DRAW:
        m.kind, m.tile, m.end = "play", TILES[code >> 1], _ENDS[code & 1]
    else:
        m.kind, m.tile, m.end = ("draw" if code == CODE_DRAW else "pass"), None, None
    m.code = code
    return m


_MOVES = intern_moves(Move, tuple(_new_move(code) for code in range(CODE_PASS + 1)))
intern_texts(Move, &pintas_line_engine, &pintas_line_notation)

# Typed references for the hot paths (indexing a typed tuple skips the module
# dictionary lookup).
cdef tuple MOVES_T = _MOVES
cdef tuple TILES_T = TILES
cdef tuple ENDS_T = _ENDS
cdef tuple KINDS_T = EVENT_KINDS
cdef tuple REASONS_T = REASONS


cdef Move _move_from(kind, tile, end):
    if not isinstance(kind, str):
        raise NotationTypeError(f"a move's kind is 'play', 'draw' or 'pass': got {kind!r}")
    if kind == "draw" or kind == "pass":
        if tile is not None or end is not None:
            raise NotationError(f"a {kind} has no tile or end: got tile={tile!r}, end={end!r}")
        return _MOVES[CODE_DRAW if kind == "draw" else CODE_PASS]
    if kind != "play":
        raise NotationError(f"a move's kind is 'play', 'draw' or 'pass': got {kind!r}")
    if isinstance(tile, str):
        tile = Tile.parse(tile)
    if not isinstance(tile, Tile):
        raise NotationTypeError(f"a play needs a tile like '6|4': got {tile!r}")
    if not isinstance(end, str) or end.upper() not in _ENDS:
        error = NotationError if isinstance(end, str) else NotationTypeError
        raise error(f"a play's end is 'L' or 'R': got {end!r}")
    return _MOVES[tile.index * 2 + (end.upper() == "R")]


@cython.binding(False)
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
    ``normal``, ``zapatero``, ``tiebreak`` or ``max_rounds``: the round limit,
    one ``game_end`` per side sharing the win), and ``count`` the round number of a
    ``deal``, the doubles that voided a ``redeal``, a ``tiebreak`` draw's round,
    or the winner's final score on ``game_end``.
    """

    _KINDS = EVENT_KINDS
    _REASONS = REASONS
    _SECRET = ("draw", "deal")   # the tile drawn; the opening tile named in a deal
    _FIELDS = (("kind", str, None), ("seat", int | None, None), ("side", int | None, None),
               ("tile", Tile | None, None), ("end", str | None, None), ("points", int, 0),
               ("reason", str | None, None), ("count", int, 0))
    # The words of docs/rules.md: in pairs a side is a team, named with its
    # players; otherwise a player. "side" is the field's name, not a word to
    # read; seats and sides read from 1 ("Seats and players"): the sentences
    # are the C core's (pintas/texts.h), as every home prints them.

    cdef readonly object side
    cdef readonly object end
    # True when the game is played in pairs, so that the text names a team
    # (the codec knows it; not a field: equal events compare equal either way).
    cdef bint _teams

    def __init__(self, kind, seat=None, side=None, tile=None, end=None, points=0, reason=None,
                 count=0, *, teams=None):
        self._fresh()
        self._init(kind, seat, points, reason, count)
        if end is not None and end not in _ENDS:
            error = NotationError if isinstance(end, str) else NotationTypeError
            raise error(f"an event's end is 'L', 'R' or None: got {end!r}")
        self.side = optional_whole(side, 0, PINTAS_LINE_MAX_SEATS - 1, "an event's side")
        self.tile, self.end = tile_of(tile), end
        if teams is None:  # not told: a seat scoring for another side is in pairs
            teams = seat is not None and side is not None and seat != side
        elif not isinstance(teams, bool):
            raise NotationTypeError(f"teams is True, False or None: got {teams!r}")
        self._teams = teams

    @property
    def teams(self):
        """True when the event comes from a game of pairs: its text names teams."""
        return self._teams

    def __reduce__(self):
        return (_event_of, (self._values(), self._teams))

    def to_dict(self):
        """The event as plain data; a game of pairs adds ``"teams": true``."""
        data = TileEvent.to_dict(self)
        if self._teams:
            data["teams"] = True
        return data

    @classmethod
    def from_dict(cls, data):
        """The event written by :meth:`to_dict`."""
        teams = None
        if isinstance(data, dict) and "teams" in data:
            data = dict(data)
            teams = data.pop("teams")
            if not isinstance(teams, bool):
                raise CorruptStateError(f"not an Event: teams must be true or false: "
                                        f"got {teams!r}")
        event = super(Event, cls).from_dict(data)
        if teams is not None:
            (<Event>event)._teams = teams
        return event

    def hidden(self):
        """This event as the other seats see it: without the tile of a secret event."""
        cdef Event out = TileEvent.hidden(self)
        out._teams = self._teams
        return out

    @property
    def zapatero(self):
        """True on the ``game_end`` of a Capicua game won with every opponent on 0."""
        return self.reason == "zapatero"

    cdef const pintas_texts *_text_fields(self, pintas_event_fields *f) except? NULL:
        TileEvent._text_fields(self, f)
        if self.side is not None:
            f.side = self.side
        if self.end is not None:
            f.end = self.end == "R"
        f.teams = self._teams
        return &pintas_line_texts

def _event_of(values, teams):
    """An event read back from a pickle, with how its text names a side."""
    cdef Event event = Event(*values)
    event._teams = teams
    return event


cdef object _opt(uint8_t value, int none):
    return None if value == none else value


# Plays, draws and passes (most of a game's events) are few distinct values
# (kind, seat, side, tile, end, teams), and so are Muggins's fives (seat,
# side, points, teams): immutable like every event, each is made once and
# shared, so such a move makes no new object. The slot of one: the plays,
# draws and passes first, then the fives (points below FIVES_POINTS).
cdef enum:
    SHARED_MOVES = 3 * 4 * 4 * 29 * 2 * 2
    FIVES_POINTS = 64
    SHARED_EVENTS = SHARED_MOVES + 4 * 4 * FIVES_POINTS * 2

cdef list _SHARED = [None] * SHARED_EVENTS


cdef Py_ssize_t _shared_slot(const pintas_line_event *ev, bint teams) noexcept:
    """The slot of ``ev`` among the shared events, or -1 when it is not one of them."""
    if ev.seat >= 4 or ev.side >= 4:
        return -1
    if ev.kind == PINTAS_EV_SCORE:
        if (ev.reason != PINTAS_WHY_FIVES or ev.points <= 0 or ev.points >= FIVES_POINTS
                or ev.tile < PINTAS_TILE_COUNT):
            return -1
        return SHARED_MOVES + ((ev.seat * 4 + ev.side) * FIVES_POINTS + ev.points) * 2 + teams
    if ev.kind < 2 or ev.kind > 4 or ev.points != 0 or ev.reason != 0 or ev.end > 1:
        return -1
    return (((((ev.kind - 2) * 4 + ev.seat) * 4 + ev.side) * 29
             + min(ev.tile, PINTAS_TILE_COUNT)) * 2 + (ev.end if ev.kind == 2 else 0)) * 2 + teams


@cython.boundscheck(False)
@cython.wraparound(False)
cdef list _events(const void *state, const void *events, size_t n):
    cdef const pintas_line_event *ev = <const pintas_line_event *>events
    cdef bint teams = (<const pintas_line_state *>state).rules.pairs
    cdef list out = PyList_New(n)
    cdef size_t i
    cdef Py_ssize_t slot
    cdef Event e
    for i in range(n):
        slot = _shared_slot(&ev[i], teams)
        if slot >= 0 and _SHARED[slot] is not None:
            put_item(out, i, _SHARED[slot])
            continue
        e = Event.__new__(Event)
        e.kind = KINDS_T[ev[i].kind]
        e.seat = _opt(ev[i].seat, PINTAS_NO_SEAT)
        e.side = _opt(ev[i].side, PINTAS_NO_SEAT)
        e.tile = None if ev[i].tile >= PINTAS_TILE_COUNT else TILES_T[ev[i].tile]
        e.end = ENDS_T[ev[i].end] if ev[i].kind == 2 else None
        e.reason = REASONS_T[ev[i].reason] if ev[i].reason < len(REASONS_T) else None
        e._amount(ev[i].points, ev[i].kind == 5)
        e._teams = teams
        if slot >= 0:
            _SHARED[slot] = e
        put_item(out, i, e)
    return out


cdef int _rules_from(tuple fields, void *out) except -1:
    return settings_struct(0, fields, out, sizeof(pintas_line_rules))


def round_moves(fields):
    """pintas_line_round_moves: the most moves one round of these rules takes."""
    cdef pintas_line_rules r
    _rules_from(fields_of(fields, 13, "a line game's rules fields"), &r)
    return pintas_line_round_moves(&r)


def rules_shape(fields):
    """What the C core derives from these rules: ``(sides, draws)``, the
    sides that score (pintas_line_sides) and whether a player who cannot
    play draws from a boneyard (pintas_line_draws)."""
    cdef pintas_line_rules r
    _rules_from(fields_of(fields, 13, "a line game's rules fields"), &r)
    rules_verdict(pintas_line_rules_check(&r))
    return pintas_line_sides(&r), pintas_line_draws(&r) == 1


def max_rounds_bound(fields):
    """pintas_line_max_rounds_bound: the most rounds a game lasts (0: unbounded)."""
    cdef pintas_line_rules r
    _rules_from(fields_of(fields, 13, "a line game's rules fields"), &r)
    return pintas_line_max_rounds_bound(&r)


def check_rules(fields):
    """The C core's verdict on a rules tuple (raises RulesError)."""
    cdef pintas_line_rules r
    _rules_from(fields_of(fields, 13, "a line game's rules fields"), &r)
    rules_verdict(pintas_line_rules_check(&r))


cdef int _deal_from(tuple deal, void *out) except -1:
    cdef pintas_line_deal *d = <pintas_line_deal *>out
    if len(deal) != 2:
        raise DealError(f"a line game's deal is (hands, boneyard): got {deal!r}")
    hands, boneyard = deal
    memset(d, 0, sizeof(pintas_line_deal))
    put_masks(d.hand, PINTAS_LINE_MAX_SEATS, hands)
    d.boneyard_len = put_tiles(d.boneyard, PINTAS_TILE_COUNT, boneyard)
    return 0


cdef extern from "pintas/notation.h" nogil:
    int pintas_line_deal_why(const pintas_line_rules *r, const pintas_line_deal *d,
                             unsigned hands, pintas_refusal *why)
    int pintas_line_deal_refusal_text(const pintas_line_rules *r, const pintas_refusal *why,
                                      char *buf, size_t cap, size_t *n)


def deal_refusal(fields, tuple deal, int hands):
    """Why ``deal`` (a Deal's C arguments, listing ``hands`` hands) is no deal
    of the rules ``fields``, in words (pintas_line_deal_why), or None."""
    cdef pintas_line_rules r
    cdef pintas_line_deal d
    cdef pintas_refusal why
    cdef char text[PINTAS_MESSAGE_MAX]
    cdef size_t n
    _rules_from(fields_of(fields, 13, "a line game's rules fields"), &r)
    _deal_from(deal, &d)
    if pintas_line_deal_why(&r, &d, hands, &why) == PINTAS_OK:
        return None
    deal_text(pintas_line_deal_refusal_text(&r, &why, text, PINTAS_MESSAGE_MAX, &n))
    return text[:n].decode()


cdef object move_of(const pintas_line_move *m):
    if m.kind == 0:
        return MOVES_T[m.tile * 2 + m.end]
    return MOVES_T[CODE_DRAW if m.kind == 1 else CODE_PASS]


cdef int _c_move(BaseMove move, void *out) except -1:
    """Write ``move`` as a pintas_line_move: a play is (tile, end), then draw and pass."""
    cdef pintas_line_move *cm = <pintas_line_move *>out
    cdef int code = move.code
    if code < CODE_DRAW:
        cm.kind, cm.tile, cm.end = 0, code >> 1, code & 1
    else:
        cm.kind, cm.tile, cm.end = (1 if code == CODE_DRAW else 2), PINTAS_NO_TILE, 0
    return 0


cdef list _moves(const void *state, const void *moves, size_t n):
    cdef const pintas_line_move *m = <const pintas_line_move *>moves
    cdef list out = PyList_New(n)
    cdef size_t i
    for i in range(n):
        put_item(out, i, move_of(&m[i]))
    return out


@cython.binding(False)
cdef class LineGame(Engine):
    """The C state of one line game (a pintas_line_state), played through the
    base with the conversions of this module, and what it shows beyond what
    every game tells: the line, the leader, the boneyard.

    See :class:`pintas.domino.Game`.
    """

    cdef pintas_line_state st
    _MOVE_TYPE = Move
    _WRITTEN_LIKE = WRITTEN_LIKE

    def __cinit__(self):
        self._bind(&pintas_line_engine, &self.st,
                   Codec(move=_c_move, events=_events, moves=_moves, rules=_rules_from,
                         deal=_deal_from, notation=&pintas_line_notation))

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
                     for i in range(min(self.st.line_len, PINTAS_TILE_COUNT)))

    def _pips(self, seat):
        return pintas_line_hand_pips(&self.st, self._seat(seat))

    def _forced_tile(self):
        return None if self.st.forced_tile >= PINTAS_TILE_COUNT else TILES[self.st.forced_tile]


def simulate(rules, games, seed):
    """Play ``games`` random games in C without the GIL: the raw totals (a
    dict of the C stats struct, with an entry of ``wins`` and ``points`` for
    each of the most sides a game can have)."""
    cdef pintas_line_stats stats
    simulate_into(&pintas_line_engine, _rules_from, fields_of(rules, 13, "the rules fields"),
                  whole(games, 0, 10**12, "games"), seed64(seed), &stats)
    return stats

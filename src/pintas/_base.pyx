# cython: language_level=3, auto_pickle=False, cdivision=True
"""The Cython base of every game's binding: what the three bindings share.

- :class:`Move` and :class:`Event`, the bases of every game's moves and
  events: comparison, hashing, repr, pickling and the plain-data form
  (``to_dict``/``from_dict``) are written here once, from the field list each
  game's class declares (``_FIELDS``: name, type, default).
- :class:`Engine`, the base of every game's C state: the history, the event
  log and the replay log, and the one way a move is played (coerced, checked
  by the C core, reseeded from the OS in an unseeded game, committed or
  rejected with the legal moves listed). It drives the game's C engine through
  the engine table of ``pintas/engine.h``, so a binding only says where its
  state lies and how its moves and events look in C (``_encode``, ``_decode``).

Moves and events hold only immutable plain values (ints, strings, tiles), so
they cannot be part of a reference cycle: they are kept out of the garbage
collector, which makes creating them (one per event of every move) cheap.
"""

cimport cython
from libc.stdint cimport uint8_t, uint64_t
from libc.string cimport memcpy, memset
from cpython.buffer cimport PyBUF_C_CONTIGUOUS, PyBUF_WRITABLE, PyBuffer_Release
from cpython.buffer cimport PyObject_GetBuffer
from cpython.bytes cimport PyBytes_FromStringAndSize
from cpython.pythread cimport PyThread_get_thread_ident

cdef extern from "<sched.h>" nogil:
    int sched_yield()

import importlib
import operator
import os

from pintas._plain import read_fields, to_plain
from fractions import Fraction

from pintas.errors import (
    ChanceError,
    ChanceTypeError,
    CorruptStateError,
    DealError,
    DealTypeError,
    IllegalMoveError,
    NotationError,
    NotationTypeError,
    PintasError,
    PintasTypeError,
    RulesError,
    RulesTypeError,
    SaveTypeError,
    SeatError,
    SeatTypeError,
)
from pintas.tiles import as_tile

cdef enum:
    MAX_SAVE = 1024   # bytes reserved for a C state's save image (each engine's is smaller)


# ---- Python values into C ----------------------------------------------------------
# Every value a binding writes into a C struct or passes to the C core is
# checked here first: an int of the C type's range (a bool or a float is a
# wrong type), a list no longer than the C array. A wrong type raises the
# TypeError twin of the cause's class, a wrong value the class itself.

cdef dict _TWINS = {RulesError: RulesTypeError, DealError: DealTypeError,
                    NotationError: NotationTypeError, SeatError: SeatTypeError,
                    CorruptStateError: SaveTypeError, PintasError: PintasTypeError}


# Characters no notation takes (nor splits on) that the C core quotes
# otherwise than Python's repr() (it knows printability only for ASCII,
# Latin-1 and a few classes): the text given to C holds, in their place,
# code points of Unicode's private-use plane 15, which C escapes as repr()
# does (\U000fxxxx), and the message gets the escapes repr() gives the
# characters back. Where the text has none, nothing changes.
_PLACEHOLDERS = 0xF0000


@cython.final
cdef class Typed:
    """Text typed as notation, as the C core reads it (UTF-8 bytes)."""
    cdef readonly bytes raw
    cdef dict _escapes

    def __init__(self, str text):
        self._escapes = None
        if not text.isascii():
            text = self._stand_in(text)
        self.raw = text.encode("utf-8", "surrogatepass")

    cdef str _stand_in(self, str text):
        cdef list chars = []
        cdef int free = _PLACEHOLDERS
        used = set(text)
        for c in text:
            if ord(c) > 0xFF and not c.isprintable() and not c.isspace():
                while chr(free) in used:
                    free += 1
                if self._escapes is None:
                    self._escapes = {}
                self._escapes[f"\\U{free:08x}"] = repr(c)[1:-1]
                used.add(chr(free))
                c = chr(free)
            chars.append(c)
        return "".join(chars)

    cdef str quoted(self, str message):
        """The C core's message with repr()'s escapes of the characters stood in for."""
        if self._escapes is not None:
            for escape, original in self._escapes.items():
                message = message.replace(escape, original)
        return message


cdef str refusal_words(const pintas_notation_table *table, const void *state,
                       const pintas_refusal *why, object typed):
    """The message of refusal *why of the Typed text ``typed`` (None: of a move
    given as a value), as the C core words it (state: NULL for a refusal of
    notation alone)."""
    cdef char message[PINTAS_MESSAGE_MAX]
    cdef size_t n = 0
    cdef bytes raw = None if typed is None else (<Typed>typed).raw
    table.refusal_text(state, why, NULL if raw is None else <const uint8_t *>raw,
                       0 if raw is None else len(raw), message, PINTAS_MESSAGE_MAX, &n)
    words = message[:n].decode("utf-8", "surrogatepass")
    return words if typed is None else (<Typed>typed).quoted(words)


cdef object parse_full(object text, const pintas_notation_table *table, decode_fn decode,
                       str written_like):
    """The move ``text`` writes in full notation (each game's Move.parse), as
    the C core reads it: NotationTypeError for a value that is no text,
    NotationError in the core's words for text that is no move."""
    cdef pintas_engine_move m
    cdef pintas_refusal why
    if not isinstance(text, str):
        raise NotationTypeError(f"a move is written like {written_like}: got {text!r}")
    cdef Typed typed = Typed(text)
    if table.move_parse(typed.raw, len(typed.raw), &m, &why) == PINTAS_OK:
        return decode(NULL, &m, 1)[0]
    raise NotationError(refusal_words(table, NULL, &why, typed))


cdef object encode_view(const pintas_observer *o, const void *view, object out):
    """The observation of C view *view (pintas/observe.h), into ``out`` (a
    writable buffer of at least obs_size one-byte items) or a new bytearray."""
    cdef uint8_t obs[PINTAS_OBS_MAX]
    cdef int status = o.observe(view, obs, o.obs_size)
    if status != PINTAS_OK:
        raise CorruptStateError(f"the C core cannot encode this view ({status_message(status)})")
    if out is None:
        out = bytearray(o.obs_size)
    _byte_buffer(out, o.obs_size, "an observation")[:o.obs_size] = \
        PyBytes_FromStringAndSize(<char *>obs, o.obs_size)
    return out


cdef dict obs_parts(const pintas_obs_part *parts, int count):
    """The named parts of a game's observation, as slices, in order."""
    return {parts[i].name.decode(): slice(parts[i].start, parts[i].start + parts[i].size)
            for i in range(count)}


cdef bytes view_key(const pintas_observer *o, const void *view):
    """The key of C view *view: its content as canonical bytes."""
    cdef uint8_t key[PINTAS_KEY_MAX]
    cdef size_t n = 0
    cdef int status = o.view_key(view, key, o.key_max, &n)
    if status != PINTAS_OK:
        raise CorruptStateError(f"the C core cannot key this view ({status_message(status)})")
    return PyBytes_FromStringAndSize(<char *>key, n)


cdef object _byte_buffer(object out, size_t count, str what):
    """A writable memoryview of ``out`` as bytes, of at least ``count`` of them
    (PintasTypeError naming ``what`` goes there)."""
    try:
        view = memoryview(out)
    except TypeError:
        raise PintasTypeError(f"{what} goes into a writable buffer of bytes: got {out!r}") from None
    if view.readonly or view.itemsize != 1 or not view.c_contiguous or view.nbytes < count:
        raise PintasTypeError(f"{what} takes a writable, contiguous buffer of at least {count} "
                              f"one-byte items: got {out!r}")
    return view.cast("B")


cdef int action_index(object value, int count, str what) except -1:
    """``value`` as an action 0..count - 1: an int or anything with
    ``__index__`` (a numpy integer), never a bool; NotationTypeError or
    NotationError quoting it."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise NotationTypeError(f"{what} is a whole number 0..{count - 1}: got {value!r}")
    cdef object i = operator.index(value)
    if not 0 <= i < count:
        raise NotationError(f"{what} is 0..{count - 1}: got {value!r}")
    return i


cdef long long whole(object value, long long low, long long high, str what,
                     object error=RulesError) except? -1:
    if type(value) is not int:
        raise _TWINS[error](f"{what} is a whole number {low}..{high}: got {_given(value)}")
    if not low <= value <= high:
        raise error(f"{what} is a whole number {low}..{high}: got {_given(value)}")
    return value


cdef uint64_t seed64(object value, str what="a seed") except? 0:
    if type(value) is not int or not 0 <= value < 2**64:
        error = RulesError if type(value) is int else RulesTypeError
        raise error(f"{what} is a whole number 0..2**64-1: got {_given(value)}")
    return value


cdef object optional_whole(object value, long long low, long long high, str what):
    """None, or a whole number low..high (NotationError, NotationTypeError): a record's field."""
    if value is None:
        return None
    return whole(value, low, high, what, NotationError)


cdef tuple fields_of(object fields, size_t count, str what):
    if type(fields) is not tuple:
        raise RulesTypeError(f"{what} are a tuple of {count} whole numbers: got {_given(fields)}")
    if len(<tuple>fields) != count:
        raise RulesError(f"{what} are {count} whole numbers: got {_given(fields)}")
    return <tuple>fields


cdef int settings_struct(int family, object fields, void *out, size_t size) except -1:
    cdef const pintas_setting *table
    cdef size_t n, i
    cdef int32_t values[16]
    if pintas_settings(family, &table, &n) != PINTAS_OK or n > 16:
        raise RulesError(f"no rules family {family}")
    fields = fields_of(fields, n, "rules fields")
    for i in range(n):
        values[i] = whole(fields[i], -2**31, 2**31 - 1, "a rules field")
    if pintas_settings_rules(family, values, n, out, size) != PINTAS_OK:
        raise RulesError(f"rules fields out of their settings' ranges: {fields!r}")
    return 0


def status_message(status):
    """The C core's description of a status code."""
    if type(status) is not int:
        raise PintasTypeError(f"a status code is a whole number: got {_given(status)}")
    if not -2**31 <= status < 2**31:
        return f"unknown status {status}"
    return pintas_status_str(status).decode("ascii")


def rules_verdict(status, str doing="the C core rejects these rules"):
    """Raise RulesError unless ``status`` (the C core's answer on rules) is PINTAS_OK."""
    if status != PINTAS_OK:
        raise RulesError(f"{doing}: {status_message(status)}")


cdef size_t _fitting(object items, size_t cap, str what) except? 0:
    if not isinstance(items, (list, tuple)):
        raise DealTypeError(f"{what} are a list of at most {cap}: got {_given(items)}")
    if len(items) > cap:
        raise DealError(f"at most {cap} {what}: got {len(items)}")
    return len(items)


cdef int put_tiles(uint8_t *out, size_t cap, object tiles) except -1:
    cdef size_t i, n = _fitting(tiles, cap, "tiles")
    for i in range(n):
        out[i] = whole(tiles[i], 0, PINTAS_TILE_COUNT - 1, "a tile index", DealError)
    return n


cdef int deal_text(int status) except -1:
    if status != PINTAS_OK:
        raise RuntimeError(f"the core could not word a deal's refusal (status {status})")
    return 0


cdef int put_masks(pintas_mask *out, size_t cap, object masks) except -1:
    cdef size_t i, n = _fitting(masks, cap, "hands")
    for i in range(n):
        out[i] = whole(masks[i], 0, (1 << PINTAS_TILE_COUNT) - 1, "a hand's mask", DealError)
    return n


cdef int simulate_into(const pintas_engine *engine, setup_fn rules_c, tuple rules,
                       uint64_t games, uint64_t seed, void *stats) except -1:
    cdef pintas_engine_setup c_rules
    cdef int status
    rules_c(rules, &c_rules)
    with nogil:
        status = engine.simulate(&c_rules, games, seed, stats)
    rules_verdict(status, "cannot simulate these rules")
    return 0


def no_world(str game, view):
    """The error of a view for which the determinization finds no world (a
    view no real game shows): the same words for every game."""
    return CorruptStateError(f"no world is consistent with this view of a {game} game "
                             f"(seat {view.seat}, round {view.round}): it is not a "
                             f"position a real game reaches")


def class_name(cls):
    """How a message names a class: ``caminos.Move``, ``int`` (a value's class
    for anything else)."""
    if not isinstance(cls, type):
        cls = type(cls)
    parts = str(cls.__module__).split(".")
    if parts[0] == "pintas" and len(parts) > 2:
        return f"{parts[1]}.{cls.__name__}"
    return cls.__name__


def _given(value):
    """A wrong value as a message quotes it: its repr, and the game it is of when
    it is another game's move or event (their reprs do not say)."""
    if isinstance(value, Record):
        return f"{value!r} (a {class_name(type(value))})"
    try:
        return repr(value)
    except ValueError:  # an int too long to write out (sys.get_int_max_str_digits)
        return f"a {type(value).__name__} too long to show"


def given(value):
    """``value`` as a refusal quotes it (see _given), for the Python modules."""
    return _given(value)


def chance_value(outcome):
    """The whole number a chance outcome is (an int or anything with
    ``__index__``, never a bool); ChanceTypeError quoting anything else."""
    if isinstance(outcome, bool) or not hasattr(type(outcome), "__index__"):
        raise ChanceTypeError(f"a chance outcome is a whole number: got {_given(outcome)}")
    return operator.index(outcome)


def _shown(value):
    """How a field value reads inside a repr: tiles by their notation."""
    return value if isinstance(value, (int, str, tuple)) or value is None else str(value)


# Every cdef class here and in the bindings is binding(False): its methods are
# CPython's method descriptors, which check the type of self when a method is
# called from the class; a Cython function does not (``Game.play(42, ...)``
# would read 42 as a game and crash: cython/cython#1903).
@cython.binding(False)
@cython.no_gc
cdef class Record:
    """The base of moves and events: an immutable record of the fields its
    class declares in ``_FIELDS`` (name, type, default), compared by value,
    pickled and written as plain data (``to_dict``/``from_dict``) from them."""

    _FIELDS = ()

    cdef int _fresh(self) except -1:
        # __init__ on a record already built would rewrite it in place, and
        # moves are shared (interned): a record is built once.
        if self.kind is not None:
            raise PintasTypeError(f"{class_name(self)} values are immutable: {self!r} is built")
        return 0

    def _values(self):
        return tuple([getattr(self, name) for name, _, _ in self._FIELDS])

    def __eq__(self, other):
        if type(other) is not type(self):
            return NotImplemented
        return self._values() == other._values()

    def __hash__(self):
        return hash(self._values())

    def __reduce__(self):
        return (type(self), self._values())

    def to_dict(self):
        """The value as plain data (JSON-ready); :meth:`from_dict` reads it back."""
        return {name: to_plain(getattr(self, name)) for name, _, _ in self._FIELDS}

    @classmethod
    def from_dict(cls, data):
        """The value written by :meth:`to_dict` (CorruptStateError for anything else)."""
        what = cls.__name__
        fields = read_fields(what, data, [(name, hint) for name, hint, _ in cls._FIELDS])
        try:
            return cls(**fields)
        except (ValueError, TypeError) as exc:
            raise CorruptStateError(f"not a {what}: {data!r} ({exc})") from None


@cython.binding(False)
@cython.no_gc
cdef class Move(Record):
    """The base of every game's moves: a kind, a small integer code, and the
    fields each game declares in ``_FIELDS``."""

    cdef object _extra(self):
        """What besides the code tells two moves apart (None: the code alone)."""
        return None

    def __eq__(self, other):
        if self is other:
            return True
        if type(other) is not type(self):
            return NotImplemented
        return (<Move>other).code == self.code and (<Move>other)._extra() == self._extra()

    def __hash__(self):
        extra = self._extra()
        return self.code if extra is None else hash((self.code, extra))

    def __repr__(self):
        shown = [repr(_shown(v)) for v in self._values() if v is not None and v != ()]
        return f"Move({', '.join(shown)})"


@cython.binding(False)
@cython.no_gc
cdef class TileMove(Move):
    """The base of the moves of a tile game: each is interned, and named by its
    code alone (``from_code``); the last two codes are ``draw`` and ``pass``.
    ``tile`` is the tile played, placed or shown, or None."""

    @classmethod
    def from_code(cls, code):
        """The move with this :attr:`code` (an int, or anything with ``__index__``)."""
        every = _INTERNED[cls]
        return every[action_index(code, len(every), "a move code")]

    @property
    def index(self):
        """This move's action: its place, from 0, in the game's fixed list of
        every move (``Game.action_count`` of them; a tile game's is its code)."""
        return self.code

    @classmethod
    def from_index(cls, index):
        """The move whose :attr:`index` is ``index`` (an int, or anything with
        ``__index__``, such as a numpy integer)."""
        every = _INTERNED[cls]
        return every[action_index(index, len(every), "a move index")]

    def __str__(self):
        return (<tuple>_MOVE_TEXTS[type(self)])[self.code]

    @classmethod
    def draw(cls):
        """Draw a tile (only when no tile can be played)."""
        return _INTERNED[cls][-2]

    @classmethod
    def pass_(cls):
        """Pass the turn (only when no tile can be played and there is nothing to draw)."""
        return _INTERNED[cls][-1]


# Every move of each tile game, indexed by its code, and its text.
cdef dict _INTERNED = {}
cdef dict _MOVE_TEXTS = {}


cdef int intern_texts(type cls, const pintas_engine *engine,
                      const pintas_notation_table *table) except -1:
    """Record the text of every move of the tile game whose class is ``cls``,
    by code, as the C core prints it (a move's code is its action)."""
    cdef pintas_engine_move m
    cdef char buf[PINTAS_NOTATION_MAX]
    cdef size_t n = 0
    cdef int code
    texts = []
    for code in range(engine.actions):
        if (engine.action_move(code, &m) != PINTAS_OK
                or table.move_print(&m, buf, PINTAS_NOTATION_MAX, &n) != PINTAS_OK):
            raise PintasError(f"the C core prints no move {code} of {class_name(cls)}")
        texts.append(buf[:n].decode())
    _MOVE_TEXTS[cls] = tuple(texts)
    return 0


def tile_of(value):
    """An event's tile from a tile or its notation (None stays None), so that
    events built either way are equal values."""
    return None if value is None else as_tile(value)


def intern_moves(cls, tuple moves):
    """Record ``moves`` (indexed by code) as every move of the tile game whose class is
    ``cls``, once: the codecs trust that table."""
    if cls in _INTERNED:
        raise PintasError(f"the moves of {class_name(cls)} are recorded already")
    _INTERNED[cls] = moves
    return moves


@cython.binding(False)
@cython.no_gc
cdef class Event(Record):
    """The base of every game's events: what happened (``kind``), who
    (``seat``), ``points``, ``reason`` and ``count``, and the fields each
    game adds; each game's class documents what they mean there."""

    _KINDS = ()
    _REASONS = (None,)

    cdef int _init(self, kind, seat, points, reason, count) except -1:
        # An event built by hand holds what the C core's events hold: checked
        # here, so that whatever reads a log (a view, a search) can trust it.
        if not isinstance(kind, str):
            raise NotationTypeError(f"an event's kind is a string like {self._KINDS[0]!r}: "
                                    f"got {_given(kind)}")
        if kind not in self._KINDS:
            raise NotationError(f"unknown event kind {kind!r}")
        if reason is not None and not isinstance(reason, str):
            raise NotationTypeError(f"an event's reason is a string or None: got {_given(reason)}")
        if reason not in self._REASONS:
            raise NotationError(f"unknown event reason {reason!r}")
        self.seat = optional_whole(seat, 0, PINTAS_ENGINE_MAX_SIDES - 1, "an event's seat")
        self.points = whole(points, -2**31, 2**31 - 1, "an event's points", NotationError)
        self.count = whole(count, -2**31, 2**31 - 1, "an event's count", NotationError)
        self.kind, self.reason = kind, reason
        return 0

    cdef void _amount(self, int value, bint scored) noexcept:
        # A C event carries one number: what a score scored, a count otherwise.
        if scored:
            self.points, self.count = value, 0
        else:
            self.points, self.count = 0, value

    def hidden(self):
        """This event as the other seats see it (the same event: nothing in it is secret)."""
        return self

    # An event reads as a sentence for people, the one the C core writes
    # (pintas_event_text, pintas/texts.h) for every home: each game's class
    # fills its fields into the C struct and names its family's table
    # (_text_fields); an event without what its sentence names (one built by
    # hand without its seat, tile, reason, ...) reads as its repr.
    cdef const pintas_texts *_text_fields(self, pintas_event_fields *f) except? NULL:
        # what every event has; a game's class adds its own and its table
        # (_KINDS and _REASONS are in the order of the C enums, as the table's)
        f.kind = self._KINDS.index(self.kind)
        f.reason = self._REASONS.index(self.reason)
        f.seat = PINTAS_EVENT_NONE if self.seat is None else self.seat
        f.points, f.count = self.points, self.count
        return NULL

    def __str__(self):
        cdef pintas_event_fields f
        cdef char buf[256]
        cdef size_t n = 0
        cdef const pintas_texts *table
        memset(&f, 0, sizeof(f))
        f.side = f.end = f.path = PINTAS_EVENT_NONE
        f.tile = PINTAS_NO_TILE
        table = self._text_fields(&f)
        if table == NULL:
            return repr(self)
        status = pintas_event_text(table, &f, buf, sizeof(buf), &n)
        if status == PINTAS_E_BUFFER:
            out = bytearray(n + 1)
            status = pintas_event_text(table, &f, out, n + 1, &n)
            return repr(self) if status != PINTAS_OK else out[:n].decode("ascii")
        return repr(self) if status != PINTAS_OK else buf[:n].decode("ascii")

    def __repr__(self):
        parts = [repr(self.kind)]
        for name, _, default in self._FIELDS[1:]:
            value = getattr(self, name)
            if value != default or default is ...:
                parts.append(f"{name}={value!r}")
        return f"Event({', '.join(parts)})"


@cython.binding(False)
@cython.no_gc
cdef class TileEvent(Event):
    """The base of the events of a tile game: ``tile`` is the tile played,
    drawn or shown (or None). The tile of an event whose kind is in
    ``_SECRET`` is the acting seat's secret: the others see the event without it."""

    _SECRET = ()

    cdef const pintas_texts *_text_fields(self, pintas_event_fields *f) except? NULL:
        Event._text_fields(self, f)
        if self.tile is not None:
            f.tile = self.tile.index
        return NULL

    def hidden(self):
        """This event as the other seats see it: without the tile of a secret event."""
        if self.kind not in self._SECRET or self.tile is None:
            return self
        fields = {name: getattr(self, name) for name, _, _ in self._FIELDS if name != "tile"}
        return type(self)(**fields)


@cython.binding(False)
cdef class Stop:
    """A flag that cuts a search short: the thread that waits for a search
    raises it (:meth:`set`), and the search, running in C in another thread,
    stops before its next sample and answers with the samples it has run.

    >>> stop = Stop()
    >>> stop.is_set(), stop.set(), stop.is_set()
    (False, None, True)
    """

    def set(self):
        """Raise the flag: every search given this flag stops before its next sample."""
        self.flag = 1

    def is_set(self):
        """True once :meth:`set` was called."""
        return self.flag != 0

    def __repr__(self):
        return f"<Stop {'set' if self.flag else 'clear'}>"


cdef const volatile uint8_t *stop_flag(object stop) except? NULL:
    """The C flag of ``stop`` (a Stop or None: NULL, never stop)."""
    if stop is None:
        return NULL
    if type(stop) is not Stop:
        raise RulesTypeError(f"stop is a pintas Stop flag or None: got {_given(stop)}")
    return &(<Stop>stop).flag


@cython.binding(False)
@cython.final
cdef class Twister:
    """The MT19937 stream of ``random.Random(seed)`` (a seed of 64 bits; None:
    one from the OS), held in C for the random players' choices: the players
    choose from it exactly as ``random.Random(seed).choice`` would."""

    def __init__(self, seed=None):
        pintas_mt_seed(&self.mt, int.from_bytes(os.urandom(8), "little") if seed is None
                       else seed64(seed))

    # a player pickles and copies with its stream where it stands, as random.Random does
    def __getstate__(self):
        return (<char *>&self.mt)[:sizeof(pintas_mt)]

    def __setstate__(self, state):
        if type(state) is not bytes or len(state) != sizeof(pintas_mt):
            raise CorruptStateError(f"not the state of a Twister: got {_given(state)}")
        memcpy(&self.mt, <const char *>state, sizeof(pintas_mt))
        self.mt.index = min(self.mt.index, PINTAS_MT_N)

    def __reduce__(self):
        return (Twister, (0,), self.__getstate__())


@cython.binding(False)
cdef class CView:
    """The C struct of a seat's view (each game's binding subclasses it)."""


cdef dict _VIEWS = {}


cdef object game_view(str module):
    """The View class of the game module ``module`` (``pintas.dice.game``),
    imported at first use: the game module imports its binding, not the other
    way round."""
    cls = _VIEWS.get(module)
    if cls is None:
        cls = _VIEWS[module] = importlib.import_module(module).View
    return cls


cdef CView kept_view(object view, str module, type kind, view_fill fill, bint public=False):
    """The C view of ``view``, which must be a View of the game module
    ``module`` (ViewError), and a seat's unless ``public`` (a player, the
    legal moves and an observation are a seat's: ViewError for the public
    view): the one it keeps, or one of class ``kind`` filled by ``fill`` from
    its fields, then kept (CorruptStateError for fields no view of its game
    holds)."""
    cdef CView cv
    cls = game_view(module)
    if type(view) is not cls or (not public and view.seat is None):
        cls.check(view, public)
    cv = getattr(view, "_c", None)
    if cv is None:
        cv = kind.__new__(kind)
        try:
            fill(cv, view)
        except (ValueError, TypeError, AttributeError, LookupError, ArithmeticError) as exc:
            if isinstance(exc, CorruptStateError):
                raise
            raise CorruptStateError(f"not a view of a {module.split('.')[1]} game "
                                    f"a player can read ({exc}): seat {view.seat!r}") from None
        keep_view(view, cv)
    return cv


cdef int chose(int status, object view) except -1:
    """Raise unless a C player's ``status`` is PINTAS_OK: the view's
    IllegalMoveError when its seat has no move to choose, else
    CorruptStateError (a view the player cannot read)."""
    if status == PINTAS_OK:
        return 0
    if status == PINTAS_E_OVER or status == PINTAS_E_ILLEGAL:
        raise view._no_move_error()
    raise CorruptStateError(f"the view of seat {view.seat} is not one a player can read "
                            f"({status_message(status)})")


cdef size_t put_moves(list moves, void *out, size_t size, size_t cap,
                      encode_fn encode) except? 0:
    """Write ``moves`` with ``encode`` into out[0..n), each ``size`` bytes
    (IllegalMoveError for more than ``cap``, the most a seat ever has)."""
    cdef size_t n = len(moves), i
    if n > cap:
        raise IllegalMoveError(f"more moves than a seat has: {n}")
    for i in range(n):
        encode(moves[i], <char *>out + i * size)
    return n


cdef int keep_view(object view, CView cv) except -1:
    """Keep ``cv`` on ``view`` (beside its fields: a frozen view's slot)."""
    object.__setattr__(view, "_c", cv)
    return 0


def extend_seen(list seen, list events, object seat):
    """Append to ``seen`` the events of ``events`` past its length, as ``seat``
    sees them: its own and the public ones as they are, the others' secret
    events ``hidden()``. The loop of every view of a tile game, in C."""
    cdef Py_ssize_t i
    cdef TileEvent e
    cdef tuple secret = ()
    for i in range(len(seen), len(events)):
        e = <TileEvent?>events[i]
        if not secret:
            secret = tuple(type(e)._SECRET)
        if e.seat == seat or e.tile is None or e.kind not in secret:
            seen.append(e)
        else:
            seen.append(e.hidden())


cdef tuple _deal_args(object deal):
    if type(deal) is not tuple:
        raise DealTypeError(f"a deal's C arguments are a tuple: got {_given(deal)}")
    return <tuple>deal


@cython.binding(False)
cdef class Engine:
    """The C state of one game and the one way every game plays a move.

    ``_history`` holds the moves played, ``_events`` every event (the
    referee's log), ``_log`` what replays the game: the moves, and the
    ``("seed", s)`` and ``("deal", d)`` entries that set chance. ``_seed`` is
    the game's seed, or None when the OS seeds every move's chance.
    """

    def __cinit__(self):
        self._move_type = type(self)._MOVE_TYPE
        self._history, self._log, self._events = [], [], []

    cdef void _bind(self, const pintas_engine *engine, void *state, Codec codec) noexcept:
        self._engine, self._state, self._codec = engine, state, codec

    # ---- the game's lock ----------------------------------------------------------
    # Every call that reads or changes more than one thing at once holds it, so
    # a game shared by threads sees its calls one at a time. It leans on the GIL
    # (which importing pintas keeps, even on free-threaded builds): holding the
    # GIL, the check and the claim below cannot be interleaved, so the
    # uncontended path is two loads and two stores. A thread that finds the
    # game held lets the GIL go until the holder is done. Re-entrant: a call
    # that holds it may call others that take it.

    cdef int _hold(self) except -1:
        cdef unsigned long me = PyThread_get_thread_ident()
        if self._depth and self._owner == me:
            self._depth += 1
            return 0
        while self._depth:
            with nogil:
                sched_yield()
        self._owner, self._depth = me, 1
        return 0

    cdef void _free(self) noexcept:
        self._depth -= 1

    def _acquire(self):
        """Take the game's lock (Python code of the game calls this, then _release)."""
        self._hold()

    def _release(self):
        """Give back the game's lock taken by _acquire."""
        self._free()

    # ---- what a binding may add -------------------------------------------------

    cdef Move _coerce(self, object move):
        """A move from a value that is neither a move of this game nor notation."""
        raise NotationTypeError(f"a move is a {class_name(self._move_type)} or its "
                                f"notation: got {_given(move)}")

    # ---- the C engine -----------------------------------------------------------

    cdef int _c_check(self, Move m) except? -100:
        cdef pintas_engine_move move
        self._codec.move(m, &move)
        return self._engine.check(self._state, &move)

    cdef list _c_play(self, Move m, int *status):
        cdef pintas_engine_move move
        cdef pintas_engine_events events
        cdef size_t n = 0
        self._codec.move(m, &move)
        status[0] = self._engine.play(self._state, &move, &events, self._engine.max_events, &n)
        return self._codec.events(self._state, &events, n) if status[0] == PINTAS_OK else None

    cdef pintas_rng *_rng(self) noexcept:
        return <pintas_rng *>(<char *>self._state + self._engine.rng_offset)

    cdef pintas_engine_status _status(self) noexcept:
        cdef pintas_engine_status status
        memset(&status, 0, sizeof(status))
        if self._engine.status(self._state, &status) != PINTAS_OK:
            memset(&status, 0, sizeof(status))
        # A state never started (made by __new__) may report anything: the
        # readers index score[] by these counts.
        if status.sides > PINTAS_ENGINE_MAX_SIDES or status.seats > PINTAS_ENGINE_MAX_SIDES:
            status.sides = status.seats = 0
        return status

    # ---- what every game tells ---------------------------------------------------

    def legal_moves(self):
        """The legal moves of the seat to move, in the engine's order (empty once
        the game is over)."""
        cdef pintas_engine_moves moves
        cdef size_t n = 0
        if self._engine.legal == NULL:  # a game that lists its moves itself (dice)
            raise PintasTypeError(f"a {class_name(self)} lists its own moves")
        hold(self)
        try:
            self._engine.legal(self._state, &moves, self._engine.max_moves, &n)
            return self._codec.moves(self._state, &moves, n)
        finally:
            release(self)

    # ---- actions: every move as one number, for learners ----------------------

    @property
    def action_count(self):
        """How many actions the game has: every move's :attr:`Move.index` is
        below it, whatever the rules and the state (line games 58, Caminos
        478, dice 925)."""
        return self._engine.actions

    def legal_mask(self, out=None):
        """The legal moves as a mask: byte ``i`` is 1 when the move of action
        ``i`` is legal, else 0. ``out``: a writable buffer of one-byte items
        (a bytearray, a numpy ``uint8`` or ``bool`` array) of at least
        :attr:`action_count` items to fill and return; None: a new bytearray.

        >>> from pintas import domino
        >>> game = domino.Game(domino.Rules.dominican(), seed=3)
        >>> mask = game.legal_mask()
        >>> [i for i, legal in enumerate(mask) if legal] == game.legal_indices()
        True
        """
        cdef uint8_t mask[PINTAS_MAX_ACTIONS]
        cdef size_t n = 0, count = self._engine.actions
        cdef int status
        if out is None:
            out = bytearray(count)
        target = _byte_buffer(out, count, "a mask")
        self._hold()
        try:
            status = self._engine.legal_mask(self._state, mask, count, &n)
        finally:
            self._free()
        if status != PINTAS_OK:
            raise PintasError(f"the C core lists no moves here ({status_message(status)})")
        target[:count] = PyBytes_FromStringAndSize(<char *>mask, count)
        return out

    def legal_indices(self):
        """The actions of the legal moves, ascending (:meth:`legal_mask`'s ones)."""
        cdef bytearray mask = self.legal_mask()
        cdef const unsigned char *flags = mask
        cdef Py_ssize_t i, n = len(mask)
        return [i for i in range(n) if flags[i]]

    def play_index(self, index):
        """Play the move of action ``index`` (:meth:`play`, with its checks and
        errors); its events."""
        return self.play(self._move_type.from_index(index))

    @property
    def to_move(self):
        """The seat to move, or None once the game is over or while a chance
        event is pending (:attr:`is_chance`)."""
        cdef int seat = self._engine.turn(self._state)
        return None if seat < 0 else seat

    @property
    def is_over(self):
        """True once the game has ended."""
        return self._engine.turn(self._state) == -1

    # ---- external chance ----------------------------------------------------------

    @property
    def chance(self):
        """Where the game's chance comes from: ``"internal"`` (its PRNG) or
        ``"external"`` (:meth:`play_chance`; docs/ai.md, "External chance")."""
        return "external" if self._external else "internal"

    @property
    def is_chance(self):
        """True while a chance event is pending (external chance only): then
        no move is legal, :attr:`to_move` is None and :meth:`play_chance`
        gives the outcome."""
        return self._engine.pending(self._state) == 1

    @property
    def chance_count(self):
        """How many outcome codes the game's chance events use: every outcome
        is below it (tile games 28, a tile's index; dice 924, the multiset's
        index)."""
        return self._engine.chance_count

    cdef size_t _chance_list(self, uint16_t *codes, uint32_t *num, uint32_t *den) except? 0:
        """The pending chance event's outcome codes and probabilities (num[i] /
        den) written to the arrays (PINTAS_MAX_CHANCE_OUTCOMES each); how many."""
        cdef size_t n = 0
        cdef int status
        den[0] = 1
        self._hold()
        try:
            status = self._engine.chance_outcomes(self._state, codes, num, den,
                                                  PINTAS_MAX_CHANCE_OUTCOMES, &n)
        finally:
            self._free()
        if status != PINTAS_OK:
            raise CorruptStateError(f"the C core lists no chance outcomes here "
                                    f"({status_message(status)})")
        return n

    def chance_outcomes(self):
        """The outcomes of the pending chance event as ``(code, probability)``
        pairs, ascending by code, each probability an exact
        :class:`fractions.Fraction` (they sum to 1); ``()`` when none is
        pending."""
        cdef uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES]
        cdef uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES]
        cdef uint32_t den = 1
        cdef size_t n = self._chance_list(codes, num, &den), i
        return tuple([(codes[i], Fraction(num[i], den)) for i in range(n)])

    def chance_probabilities(self):
        """:meth:`chance_outcomes` with each probability as a float (the nearest
        to the exact one), in a new list: what searches and OpenSpiel take."""
        cdef uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES]
        cdef uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES]
        cdef uint32_t den = 1
        cdef size_t n = self._chance_list(codes, num, &den), i
        cdef double whole = den
        return [(codes[i], num[i] / whole) for i in range(n)]

    def play_chance(self, outcome):
        """Give the pending chance event its outcome (a code of
        :meth:`chance_outcomes`: an int or anything with ``__index__``) and
        return the events it caused, the events a PRNG deal, draw or roll
        makes. ChanceError (the game unchanged) when no chance event is
        pending or the outcome is not possible now; ChanceTypeError for a
        value that is no whole number."""
        cdef pintas_engine_events events
        cdef size_t n = 0
        cdef int status, code
        value = chance_value(outcome)
        self._hold()
        try:
            if not self._engine.pending(self._state) == 1:
                raise ChanceError(f"no chance event is pending: got outcome {_given(outcome)}")
            if not 0 <= value < self._engine.chance_count:
                status = PINTAS_E_OUTCOME
            else:
                code = value
                status = self._engine.play_chance(self._state, code, &events,
                                                  self._engine.max_events, &n)
            if status == PINTAS_E_OUTCOME:
                raise ChanceError(f"not an outcome of the pending chance event: got "
                                  f"{_given(outcome)} (the outcomes: "
                                  f"{[c for c, _ in self.chance_outcomes()]})")
            if status != PINTAS_OK:
                raise ChanceError(f"the C core refuses outcome {_given(outcome)} "
                                  f"({status_message(status)})")
            new = self._codec.events(self._state, &events, n)
            self._log.append(("chance", value))
            self._events.extend(new)
            return new
        finally:
            self._free()

    @property
    def seats(self):
        """How many seats the game has (numbered from 0)."""
        return self._status().seats

    @property
    def scores(self):
        """Points per side: per team (0 = seats 0 and 2) in a game of pairs, else per seat."""
        cdef pintas_engine_status s = self._status()
        return tuple([s.score[i] for i in range(s.sides)])

    @property
    def winners(self):
        """The winning sides once the game is over (several when the win is
        shared), else ``()``."""
        cdef pintas_engine_status s = self._status()
        return tuple([side for side in range(s.sides) if s.winners >> side & 1])

    @property
    def winner(self):
        """The single winning side, or None while playing or when the win is shared."""
        winners = self.winners
        return winners[0] if len(winners) == 1 else None

    # ---- playing ----------------------------------------------------------------

    cdef Move _as_move(self, object move):
        if type(move) is self._move_type:
            return <Move>move
        if isinstance(move, str):
            return self.parse_move(move)
        return self._coerce(move)

    cdef list _begin(self, int status, list events, object first_seed):
        """Start the logs of a game the C core has just set up with ``status``."""
        if status == PINTAS_E_DEAL:
            raise DealError("not a deal of these rules")
        if status != PINTAS_OK:
            raise RulesError(f"cannot start a game with these rules: {status_message(status)}")
        self._first_seed = first_seed
        self._history, self._log, self._events = [], [], events
        self._events_tuple = None
        return events[:]

    def _start(self, rules, seed, deal=None, external=False):
        """Start a tile game from its rules fields, dealt from ``seed`` or, when
        ``deal`` (a deal's C arguments) is given, as it says; with
        ``external``, its chance comes from :meth:`play_chance`."""
        cdef pintas_engine_setup c_rules, c_deal
        cdef pintas_engine_events events
        cdef size_t n = 0
        cdef uint64_t c_seed = seed64(seed)
        if self._codec.rules == NULL:
            raise RulesTypeError(f"a {class_name(self)} starts with its own arguments")
        if type(rules) is not tuple:
            raise RulesTypeError(f"the rules fields are a tuple: got {_given(rules)}")
        self._codec.rules(rules, &c_rules)
        if deal is not None:
            self._codec.deal(_deal_args(deal), &c_deal)
        cdef int status
        if external:
            status = self._engine.start_chance(self._state, &c_rules, c_seed,
                                               NULL if deal is None else &c_deal, 1, &events,
                                               self._engine.max_events, &n)
        else:
            status = self._engine.start(self._state, &c_rules, c_seed,
                                        NULL if deal is None else &c_deal, &events,
                                        self._engine.max_events, &n)
        new = self._codec.events(self._state, &events, n) if status == PINTAS_OK else []
        self._external = bool(external) and status == PINTAS_OK
        return self._begin(status, new, seed)

    def _set_deal(self, deal):
        """Replace a tile game's round deal by ``deal`` (a deal's C arguments),
        before the round's first move."""
        cdef pintas_engine_setup c_deal
        cdef pintas_engine_events events
        cdef size_t n = 0
        if self._codec.deal == NULL:
            raise DealTypeError(f"a {class_name(self)} has no deals")
        self._codec.deal(_deal_args(deal), &c_deal)
        cdef int status = self._engine.set_deal(self._state, &c_deal, &events,
                                                self._engine.max_events, &n)
        if status == PINTAS_E_DEAL:
            raise DealError("not a deal of these rules")
        if status != PINTAS_OK:
            raise IllegalMoveError(f"a deal can only replace one before its round's first move "
                                   f"({status_message(status)})")
        new = self._codec.events(self._state, &events, n)
        self._events.extend(new)
        return new

    def _hand_mask(self, seat):
        """The tiles ``seat`` holds, as a mask (tile games)."""
        self._tiles()
        return self._engine.hand(self._state, self._seat(seat))

    cdef int _tiles(self) except -1:
        # A game of no tiles (dice) has no hands in its engine table.
        if self._engine.hand == NULL:
            raise PintasTypeError(f"a {class_name(self)} has no hands of tiles")
        return 0

    cdef int _seat(self, object seat) except -1:
        """``seat`` checked against the seats of the game (SeatError, SeatTypeError)."""
        return whole(seat, 0, self._status().seats - 1, "a seat", SeatError)

    def _hand_sizes(self):
        """How many tiles each seat holds (tile games)."""
        self._tiles()
        return tuple([bin(self._engine.hand(self._state, seat)).count("1")
                      for seat in range(self._status().seats)])

    def _round(self):
        """The round being played, from 1 (tile games)."""
        return self._status().round

    cdef list _commit(self, Move m, list events):
        self._history.append(m)
        self._log.append(m)
        for event in events:  # mostly one: appending beats list.extend's call
            self._events.append(event)
        return events

    def play(self, move):
        """Play ``move`` (a move or its notation) and return the events it caused.

        Raises :class:`~pintas.errors.IllegalMoveError` (or NotationError) and
        changes nothing when the move is not legal now.
        """
        cdef int status = PINTAS_OK
        cdef list events
        hold(self)
        try:
            if self._external and self._engine.pending(self._state) == 1:
                raise ChanceError(f"a chance event is pending (play_chance gives its "
                                  f"outcome): {_given(move)} cannot be played now")
            if type(move) is not self._move_type or self._seed is None:
                return self._play(move)
            # A move of this game in a seeded game, the step loop's case: as
            # _play, without its conversions.
            events = self._c_play(<Move>move, &status)
            if status != PINTAS_OK:
                self._reject(<Move>move, status, move)
            return self._commit(<Move>move, events)
        finally:
            release(self)

    cdef list _play(self, object move):
        cdef Move m = self._as_move(move)
        cdef int status = PINTAS_OK
        if self._seed is None:
            status = self._c_check(m)
            if status != PINTAS_OK:
                self._reject(m, status, move)
            return self._play_reseeded(m, move, int.from_bytes(os.urandom(8), "little"))
        # The C core checks the move before it changes anything.
        events = self._c_play(m, &status)
        if status != PINTAS_OK:
            self._reject(m, status, move)
        return self._commit(m, events)

    def _replay(self, list log):
        """Play ``log`` (moves, ``("seed", s)`` and ``("deal", d)`` entries) on
        this game, just set up: an unseeded game's moves take the seeds logged
        before them (0 where none was). The log is one a game made, or one the
        C core has checked (a save's): no check of its own beyond each move's."""
        cdef uint64_t pending = 0
        cdef int status = PINTAS_OK
        cdef Move m
        self._hold()
        try:
            for entry in log:
                if type(entry) is tuple:
                    if entry[0] == "seed":
                        pending = entry[1]
                    elif entry[0] == "chance":
                        self.play_chance(entry[1])
                    else:
                        self._set_deal(entry[1]._c_args(self._rules))
                        self._log.append(entry)
                    continue
                m = <Move?>entry
                if self._seed is None:
                    status = self._c_check(m)
                    if status != PINTAS_OK:
                        self._reject(m, status, m)
                    self._play_reseeded(m, m, pending)
                    pending = 0
                else:
                    events = self._c_play(m, &status)
                    if status != PINTAS_OK:
                        self._reject(m, status, m)
                    self._commit(m, events)
        finally:
            self._free()

    def _play_seeded_by(self, move, seed):
        """Play ``move`` as an unseeded game does, with ``seed`` for its chance
        (a replay passes the seed its log recorded)."""
        cdef uint64_t c_seed = seed64(seed)
        cdef Move m
        cdef int status
        self._hold()
        try:
            m = self._as_move(move)
            status = self._c_check(m)
            if status != PINTAS_OK:
                self._reject(m, status, move)
            return self._play_reseeded(m, move, c_seed)
        finally:
            self._free()

    cdef list _play_reseeded(self, Move m, object given, uint64_t seed):
        # An unseeded game gives every move a fresh seed, and keeps it (in the
        # log, before the move) only when the move drew from the PRNG.
        cdef pintas_rng *rng = self._rng()
        cdef pintas_rng saved = rng[0]
        cdef pintas_rng seeded
        cdef int status = PINTAS_OK
        self._engine.reseed(self._state, seed)
        seeded = rng[0]
        events = self._c_play(m, &status)
        if status != PINTAS_OK:  # cannot happen after a successful check
            rng[0] = saved
            self._reject(m, status, given)
        if rng.state == seeded.state and rng.inc == seeded.inc:
            rng[0] = saved
        else:
            self._log.append(("seed", seed))
        return self._commit(m, events)

    cdef int _reject(self, Move m, int status, object given) except -1:
        if status == PINTAS_E_CHANCE:
            raise ChanceError(f"a chance event is pending (play_chance gives its outcome): "
                              f"{_given(given)} cannot be played now")
        raise self._illegal(m, given)

    def _illegal(self, Move move, given):
        """The error refusing ``move`` (written ``given``, when text): the C
        core names its cause and words it (pintas_*_why, _refusal_text)."""
        cdef pintas_engine_move m
        cdef pintas_refusal why
        self._codec.move(move, &m)
        self._codec.notation.why(self._state, &m, &why)
        return self._refusal(&why, Typed(given) if isinstance(given, str) else None)

    cdef object _refusal(self, const pintas_refusal *why, object typed):
        """The error of refusal *why of the Typed text ``typed`` (None: of a
        move given as a value), in the C core's words: NotationError or
        IllegalMoveError."""
        words = refusal_words(self._codec.notation, self._state, why, typed)
        if pintas_cause_class(why.cause) == PINTAS_REFUSED_NOTATION:
            return NotationError(words)
        return IllegalMoveError(words)

    def parse_move(self, text):
        """The legal move written ``text``, in full notation or any shorter form
        the game takes (see each game's Move); the game is unchanged.

        Raises NotationError for text that is not a move, IllegalMoveError for a
        move that is not legal now.
        """
        cdef pintas_engine_move m
        cdef pintas_refusal why
        cdef int status
        if not isinstance(text, str):
            raise NotationTypeError(f"a move is written like {self._WRITTEN_LIKE}: got {text!r}")
        cdef Typed typed = Typed(text)
        self._hold()
        try:
            status = self._codec.notation.parse_in(self._state, typed.raw, len(typed.raw), &m,
                                                   &why)
            if status != PINTAS_OK:
                raise self._refusal(&why, typed)
            return self._codec.moves(self._state, &m, 1)[0]
        finally:
            self._free()

    def is_legal(self, move):
        """True if ``move`` (a move or its notation) may be played now.

        Text that is no move is not legal (False); a value of the wrong type
        (``42``, a move of another game) raises NotationTypeError, as ``play``.
        """
        cdef Move m
        self._hold()
        try:
            try:
                m = self._as_move(move)
            except PintasTypeError:
                raise
            except PintasError:
                return False
            return self._c_check(m) == PINTAS_OK
        finally:
            self._free()

    @property
    def events(self):
        """Every event so far, in order (hidden ones included: the referee's log)."""
        if self._events_tuple is None or len(<tuple>self._events_tuple) != len(self._events):
            self._events_tuple = tuple(self._events)
        return self._events_tuple

    # ---- the C state ------------------------------------------------------------

    def _copy_from(self, Engine other):
        """Make this (new) game an independent copy of ``other``, of the same class."""
        if type(other) is not type(self):
            raise TypeError(f"cannot copy a {type(other).__name__} into a {type(self).__name__}")
        other._hold()
        try:
            memcpy(self._state, other._state, self._engine.state_size)
            self._external = other._external
            self._rules, self._seed, self._first_seed = other._rules, other._seed, other._first_seed
            self._history, self._log = other._history[:], other._log[:]
            self._events = other._events[:]
        finally:
            other._free()

    def _reseed(self, seed):
        self._engine.reseed(self._state, seed64(seed))

    def _save(self):
        """The C state's save image."""
        cdef uint8_t buf[MAX_SAVE]
        if self._engine.save(self._state, buf, MAX_SAVE) != PINTAS_OK:
            raise CorruptStateError("the C core could not save this state")
        return bytes(buf[:self._engine.save_size])

    def _load(self, data):
        """Load a save image into the C state; CorruptStateError if the C core refuses it."""
        if type(data) is not bytes:
            raise SaveTypeError(f"a save image is bytes: got {_given(data)}")
        cdef const uint8_t *p = data
        cdef int status = self._engine.load(self._state, p, len(data))
        if status == PINTAS_E_VERSION:
            raise CorruptStateError(f"unknown format version in {data[:8]!r}...")
        if status != PINTAS_OK:
            raise CorruptStateError(f"not a saved state of this game ({status_message(status)}): "
                                    f"{data[:16]!r}...")


# ---- observations straight from a game's state ----------------------------------------


cdef int _writable_bytes(object out, Py_buffer *buf, size_t count, str what) except -1:
    """Take ``out``'s buffer into *buf: writable, contiguous, of at least
    ``count`` one-byte items (PintasTypeError naming ``what`` otherwise, with
    nothing taken)."""
    try:
        PyObject_GetBuffer(out, buf, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS)
    except (TypeError, ValueError, BufferError):
        raise PintasTypeError(f"{what} goes into a writable, contiguous buffer of bytes: "
                              f"got {_given(out)}") from None
    if buf.itemsize != 1 or <size_t>buf.len < count:
        PyBuffer_Release(buf)
        raise PintasTypeError(f"{what} takes a writable, contiguous buffer of at least {count} "
                              f"one-byte items: got {_given(out)}")
    return 0


cdef class StateObserver:
    """The observations of a game's seats (``View.encode``'s vectors), written
    straight from the game's C state, without a view: each game's binding
    gives its ``Observer``. An observer keeps what a seat knows beyond the
    state (a tile game's round record) from the game's events, reading only
    those added since its last call, so it follows one game at a time best
    (another game's events, or a game's log rewritten, start it afresh). It
    holds the game's lock while it reads the game, but its own record is
    unguarded: one observer per thread."""

    cdef int _write(self, Engine game, int seat, uint8_t *out) except -1:
        raise NotImplementedError

    def observe(self, game, seat, observation, mask=None):
        """Write what ``seat`` of ``game`` (this binding's game) may know into
        ``observation``, exactly as ``game.view(seat).encode(observation)``
        would, and, when ``mask`` is given, the seat's legal mask into it
        (:meth:`legal_mask`'s; all 0 unless the seat is to move): each a
        writable, contiguous buffer of one-byte items (a numpy ``uint8`` or
        ``int8`` array, a bytearray) of at least the vector's, the mask's
        size. PintasTypeError for another game or a buffer that does not fit,
        SeatError for a seat the game does not have: then nothing is written."""
        cdef Engine g
        cdef Py_buffer obs_buf, mask_buf
        cdef size_t actions, n = 0
        cdef int s, status
        if not isinstance(game, self._game_type):
            raise PintasTypeError(f"this observer observes a {self._game_type.__name__}: "
                                  f"got {_given(game)}")
        g = <Engine>game
        g._hold()
        try:
            s = g._seat(seat)
            actions = g._engine.actions
            _writable_bytes(observation, &obs_buf, self._obs_size, "an observation")
            try:
                if mask is not None:
                    _writable_bytes(mask, &mask_buf, actions, "a mask")
                try:
                    self._write(g, s, <uint8_t *>obs_buf.buf)
                    if mask is None:
                        return
                    if g._engine.turn(g._state) != s:
                        memset(mask_buf.buf, 0, actions)
                        return
                    status = g._engine.legal_mask(g._state, <uint8_t *>mask_buf.buf, actions, &n)
                    if status != PINTAS_OK:
                        raise PintasError(f"the C core lists no moves here "
                                          f"({status_message(status)})")
                finally:
                    if mask is not None:
                        PyBuffer_Release(&mask_buf)
            finally:
                PyBuffer_Release(&obs_buf)
        finally:
            g._free()

# cython: language_level=3, auto_pickle=False, cdivision=True
"""Every game's saves, written and read by the C core (pintas/save.h).

:func:`write` fills the C setup from a game (its rules and seats as its C
state holds them, its hand-made first deal) and hands C the game's log
through the log callback; :func:`read` opens and loads a save in C, which
checks everything (the trailer, the setup, every entry, the replay, the one
way a game is written), and then builds the Python game: its rules and deals
from the bytes where C says they lie, its log from C's entries, and its
history and events by replaying that log through the game's own moves.

A refusal is C's cause and details, put in words with the C template of the
cause (pintas_save_message); what a template leaves to the host (the save's
bytes as Python shows them, the words of the package's own checks on the
rules, a deal, dice or a move) is filled here.
"""

from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memset
from cpython.buffer cimport PyBUF_SIMPLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.bytes cimport PyBytes_FromStringAndSize

from pintas._base cimport (
    PINTAS_E_BUFFER,
    PINTAS_E_CORRUPT,
    PINTAS_OK,
    Engine,
    Move,
    pintas_engine_events,
    pintas_engine_move,
)
from pintas.caminos._engine cimport pintas_caminos_deal, pintas_caminos_rules, pintas_caminos_state
from pintas.domino._engine cimport pintas_line_deal, pintas_line_rules, pintas_line_state

from pintas._base import status_message
from pintas.errors import (
    CorruptStateError,
    DealError,
    IllegalMoveError,
    NotationError,
    PintasTypeError,
    RulesError,
    SaveTypeError,
)

# (not cimported from pintas.dice._engine, whose classes would import the dice
# package before pintas._game, which it needs, is done)
cdef extern from "pintas/dice.h" nogil:
    ctypedef struct pintas_dice_rules:
        pass
    ctypedef struct pintas_dice_state:
        pintas_dice_rules rules
        uint8_t players
        uint8_t first_player

cdef extern from "pintas/save.h" nogil:
    enum:
        PINTAS_SAVE_FORMAT
        PINTAS_SAVE_HEADER_SIZE
        PINTAS_SAVE_CHECKSUM_SIZE
        PINTAS_SAVE_MAC_SIZE
        PINTAS_SAVE_MIN_KEY
        PINTAS_SAVE_MAX_SIZE
        PINTAS_SAVE_FLAG_KEYED
        PINTAS_SAVE_LINE
        PINTAS_SAVE_CAMINOS
        PINTAS_SAVE_DICE
        PINTAS_SAVE_MOVE
        PINTAS_SAVE_RESEED
        PINTAS_SAVE_DEAL
        PINTAS_SAVE_CHANCE
        PINTAS_SAVE_TOO_BIG
        PINTAS_SAVE_KEY_SHORT
        PINTAS_SAVE_RULES
        PINTAS_SAVE_DEAL_TWICE
        PINTAS_SAVE_DEAL_RULES
        PINTAS_SAVE_DICE_VALUE
        PINTAS_SAVE_STATE_VERSION
        PINTAS_SAVE_NO_REPLAY
        PINTAS_E_RANGE

    ctypedef union pintas_save_rules:
        pintas_line_rules line
        pintas_caminos_rules caminos
        pintas_dice_rules dice

    ctypedef union pintas_save_deal:
        pintas_line_deal line
        pintas_caminos_deal caminos

    ctypedef struct pintas_save_setup:
        pintas_save_rules rules
        pintas_save_deal deal
        uint64_t first_seed
        uint8_t game
        uint8_t seeded
        uint8_t dealt
        uint8_t players
        uint8_t first_player
        uint8_t external

    ctypedef struct pintas_save_entry:
        uint8_t kind
        uint64_t seed
        pintas_engine_move move
        pintas_save_deal deal
        uint16_t outcome

cdef extern from "pintas/save.h":
    # (not nogil: the writer calls it back with the GIL held)
    ctypedef int (*pintas_save_entry_fn)(void *ctx, size_t index,
                                         pintas_save_entry *out) noexcept

cdef extern from "pintas/save.h" nogil:
    ctypedef struct pintas_save_log:
        size_t count
        pintas_save_entry_fn entry
        void *ctx

    ctypedef struct pintas_save_error:
        int cause
        int status
        uint8_t game
        uint8_t value
        uint8_t other
        uint16_t tag
        uint32_t entry
        uint32_t count
        size_t room
        size_t size
        size_t wanted
        size_t at
        int found
        int written

    ctypedef union pintas_save_state:
        pintas_line_state line

    ctypedef struct pintas_save_work:
        pintas_save_state state
        pintas_engine_events events

    ctypedef struct pintas_save_reader:
        pintas_save_setup setup
        size_t pos

    int pintas_save_write(const pintas_save_setup *setup, const pintas_save_log *log,
                          const void *state, const uint8_t *key, size_t key_len, int version,
                          uint8_t *buf, size_t cap, size_t *len)
    int pintas_save_open(pintas_save_reader *r, int game, const uint8_t *data, size_t len,
                         const uint8_t *key, size_t key_len, pintas_save_work *work,
                         pintas_save_error *err)
    int pintas_save_next(pintas_save_reader *r, pintas_save_entry *e)
    int pintas_save_replay(pintas_save_reader *r, void *state, pintas_save_work *work,
                           pintas_save_error *err)
    const char *pintas_save_message(const pintas_save_error *err)
    const char *pintas_save_what(int game)
    const char *pintas_save_package(int game)

FORMAT = PINTAS_SAVE_FORMAT
HEADER_SIZE = PINTAS_SAVE_HEADER_SIZE
CHECKSUM_SIZE = PINTAS_SAVE_CHECKSUM_SIZE
MAC_SIZE = PINTAS_SAVE_MAC_SIZE
KEYED = PINTAS_SAVE_FLAG_KEYED
#: The longest save ``from_bytes`` reads (and ``to_bytes`` writes): 16 MiB.
MAX_SAVE_SIZE = PINTAS_SAVE_MAX_SIZE


cdef int _kind(Engine game) noexcept:
    """The kind letter of a game's saves (pintas_save_game), from its engine's
    name (each extension module links its own copy of the engines)."""
    cdef char first = game._engine.name[0]
    return (PINTAS_SAVE_LINE if first == b"l" else
            PINTAS_SAVE_CAMINOS if first == b"c" else PINTAS_SAVE_DICE)


cdef object _key(object key):
    """A save key as bytes (None: no key). The key is never quoted in a message."""
    cdef pintas_save_error err
    if key is None:
        return None
    if not isinstance(key, (bytes, bytearray, memoryview)):
        raise SaveTypeError(f"a save key is bytes (at least {PINTAS_SAVE_MIN_KEY} of them): "
                            f"got a {type(key).__name__}")
    key = bytes(key)
    if len(key) < PINTAS_SAVE_MIN_KEY:
        memset(&err, 0, sizeof(err))
        err.cause, err.size = PINTAS_SAVE_KEY_SHORT, len(key)
        raise CorruptStateError(pintas_save_message(&err).decode().format(size=err.size))
    return key


# ---- writing ---------------------------------------------------------------------------


cdef class _Log:
    """A game's log as the C writer reads it, one entry at a time."""

    cdef Engine game
    cdef list log
    cdef object error   # what a conversion raised (the callback cannot raise)

    cdef int put(self, size_t i, pintas_save_entry *out) except -1:
        entry = self.log[i]
        if type(entry) is not tuple:
            out.kind = PINTAS_SAVE_MOVE
            self.game._codec.move(<Move?>entry, &out.move)
        elif entry[0] == "seed":
            out.kind, out.seed = PINTAS_SAVE_RESEED, entry[1]
        elif entry[0] == "chance":
            out.kind, out.outcome = PINTAS_SAVE_CHANCE, entry[1]
        else:
            out.kind = PINTAS_SAVE_DEAL
            self.game._codec.deal(entry[1]._c_args(self.game._rules), &out.deal)
        return 0


cdef int _log_entry(void *ctx, size_t index, pintas_save_entry *out) noexcept:
    # Called by pintas_save_write, which runs with the GIL held.
    cdef _Log log = <_Log>ctx
    try:
        return log.put(index, out)
    except BaseException as exc:
        log.error = exc
        return PINTAS_E_CORRUPT


cdef int _setup(Engine game, pintas_save_setup *s) except -1:
    """How ``game`` was set up: its rules as its C state holds them, its seats, seeds
    and hand-made first deal."""
    if game._rules is None:
        raise PintasTypeError(f"a {type(game).__name__} made by __new__ holds no game to save")
    memset(s, 0, sizeof(s[0]))
    s.game = _kind(game)
    s.first_seed = game._first_seed
    s.seeded = game._seed is not None
    s.external = game._external
    if s.game == PINTAS_SAVE_LINE:
        s.rules.line = (<pintas_line_state *>game._state).rules
    elif s.game == PINTAS_SAVE_CAMINOS:
        s.rules.caminos = (<pintas_caminos_state *>game._state).rules
    else:
        s.rules.dice = (<pintas_dice_state *>game._state).rules
        s.players = (<pintas_dice_state *>game._state).players
        s.first_player = (<pintas_dice_state *>game._state).first_player
    deal = getattr(game, "_first_deal", None)
    if deal is not None:
        s.dealt = 1
        game._codec.deal(deal._c_args(game._rules), &s.deal)
    return 0


def write(Engine game, key=None, int version=PINTAS_SAVE_FORMAT):
    """The save of ``game`` (format ``version``), ending with its checksum, or
    with ``key`` its MAC (see ``GameBase.to_bytes``)."""
    cdef pintas_save_setup setup
    cdef pintas_save_log c_log
    cdef _Log log = _Log()
    cdef bytes k = _key(key)
    cdef const uint8_t *c_key = NULL if k is None else <const uint8_t *>k
    cdef size_t n = 0, cap
    cdef uint8_t *buf = NULL
    cdef int status
    game._hold()
    try:
        _setup(game, &setup)
        log.game, log.log = game, game._log
        c_log.count, c_log.entry, c_log.ctx = len(log.log), _log_entry, <void *>log
        # room for most games at once: a move takes 1-8 bytes, a seed 9-10
        cap = 1024 + game._engine.save_size + 12 * c_log.count
        for _ in range(2):
            buf = <uint8_t *>malloc(cap)
            if buf == NULL:
                raise MemoryError()
            status = pintas_save_write(&setup, &c_log, game._state, c_key,
                                       0 if k is None else len(k), version, buf, cap, &n)
            if status != PINTAS_E_BUFFER:
                break
            free(buf)
            buf, cap = NULL, n
        if log.error is not None:
            raise log.error
        if status == PINTAS_E_RANGE:
            raise CorruptStateError(f"this game's save would take {n} bytes, more than "
                                    f"the {PINTAS_SAVE_MAX_SIZE} that from_bytes reads")
        if status != PINTAS_OK:
            raise CorruptStateError(f"the C core could not save this game "
                                    f"({status_message(status)})")
        return PyBytes_FromStringAndSize(<char *>buf, n)
    finally:
        free(buf)
        game._free()


# ---- reading ---------------------------------------------------------------------------


def _abridged(value):
    """``repr(value)``, cut short when it is long (a whole save as text, say)."""
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."


cdef str _text(const char *text):
    return "" if text == NULL else text.decode()


class _Words(dict):
    """The values of a refusal's template; those that cost something (the
    save's bytes as text, the package's words) are worked out only if named."""

    def __init__(self, save, **values):
        super().__init__(**values)
        self.save = save

    def __missing__(self, name):
        return getattr(self.save, "_" + name)()


cdef class _Save:
    """A save being read: its bytes, its class, and what C has said of it."""

    cdef object cls
    cdef bytes data
    cdef pintas_save_error err
    cdef object setup   # (first seed, seeded, dealt, players, first player, external), once opened
    cdef object log     # the entries as the game keeps them, once opened
    cdef object rules

    def _origin(self):
        first_seed, seeded, dealt, players, first_player, external = self.setup
        origin = self.cls._saved_origin(self.data, self.rules, dealt, players, first_player)
        return {**origin, "chance": "external"} if external else origin

    def _game(self):
        """The Python game of the save, replayed through its own moves."""
        first_seed, seeded = self.setup[:2]
        return self.cls._rebuild(self.rules, self._origin(), first_seed if seeded else None,
                                 first_seed, self.log)

    def _start(self):
        return repr(self.data[:24])

    def _data(self):
        return repr(self.data)

    def _image(self):
        at, size = self.err.at, 8 if self.err.cause == PINTAS_SAVE_STATE_VERSION else 16
        return repr(self.data[at:at + size])

    def _move(self):
        return str(self.log[self.err.entry])

    def _reason(self):
        """What the package's own checks say of what C refused."""
        cause, at = self.err.cause, self.err.at
        try:
            if cause == PINTAS_SAVE_RULES:
                self.cls._saved_rules(self.data)
            elif cause == PINTAS_SAVE_DEAL_TWICE or cause == PINTAS_SAVE_DEAL_RULES:
                rules = self.cls._saved_rules(self.data)
                self.cls._saved_deal(self.data, at, rules).check(rules)
            elif cause == PINTAS_SAVE_DICE_VALUE:
                self.cls._MOVE_TYPE("roll" if self.err.tag == 1 else "keep",
                                    tuple(self.data[at:at + self.err.value]))
            elif cause == PINTAS_SAVE_NO_REPLAY:
                self._game()
        except (RulesError, DealError, NotationError, IllegalMoveError) as exc:
            return str(exc)
        return status_message(self.err.status)

    def _refusal(self):
        """The CorruptStateError refusing the save, in the package's words."""
        cdef pintas_save_error *err = &self.err
        words = _Words(
            self, size=err.size, wanted=err.wanted, at=err.at, offset=err.at,
            version=err.value, flags=err.value, n=err.value, players=err.value,
            first=err.other, count=err.count, room=err.room, tag=err.tag, found=err.found,
            written=err.written, what=_text(pintas_save_what(err.game)),
            other=_text(pintas_save_what(err.value)),
            package=_text(pintas_save_package(err.value)), kind=repr(bytes([err.value])))
        return CorruptStateError(pintas_save_message(err).decode().format_map(words))


def read(cls, data, key=None):
    """The game of class ``cls`` saved in ``data`` (see ``GameBase.from_bytes``)."""
    cdef pintas_save_reader r
    cdef pintas_save_work work
    cdef Py_buffer view
    cdef _Save save = _Save()
    cdef Engine game
    cdef bytes k
    cdef int status
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise SaveTypeError(f"from_bytes takes bytes: got {type(data).__name__} "
                            f"{_abridged(data)}")
    k = _key(key)
    game = cls.__new__(cls)  # its codec, and a state for C to replay into
    if isinstance(data, memoryview) and not data.c_contiguous:
        data = data.tobytes()
    PyObject_GetBuffer(data, &view, PyBUF_SIMPLE)
    try:
        status = pintas_save_open(&r, _kind(game), <const uint8_t *>view.buf, view.len,
                                  NULL if k is None else <const uint8_t *>k,
                                  0 if k is None else len(k), &work, &save.err)
        save.cls = cls
        # (a save over the cap is refused by its size alone: not copied)
        save.data = data if type(data) is bytes else PyBytes_FromStringAndSize(
            <const char *>view.buf, 0 if save.err.cause == PINTAS_SAVE_TOO_BIG else view.len)
    finally:
        PyBuffer_Release(&view)
    if status != PINTAS_OK:
        raise save._refusal()
    save.setup = (r.setup.first_seed, r.setup.seeded, r.setup.dealt, r.setup.players,
                  r.setup.first_player, r.setup.external)
    save.rules = cls._saved_rules(save.data)
    save.log = _entries(&r, game, save)
    if pintas_save_replay(&r, game._state, &work, &save.err) != PINTAS_OK:
        raise save._refusal()
    return save._game()


cdef list _entries(pintas_save_reader *r, Engine game, _Save save):
    """The log of an opened save as the game keeps it: moves, ("seed", s) and
    ("deal", deal) entries."""
    cdef pintas_save_entry e
    cdef list log = []
    cdef size_t at
    # a deal lies after its tag: two bytes in Caminos' saves, one in the others'
    cdef size_t tag = 2 if _kind(game) == PINTAS_SAVE_CAMINOS else 1
    while True:
        at = r.pos + tag
        if pintas_save_next(r, &e) != PINTAS_OK:
            return log
        if e.kind == PINTAS_SAVE_MOVE:
            log.append(game._codec.moves(game._state, &e.move, 1)[0])
        elif e.kind == PINTAS_SAVE_RESEED:
            log.append(("seed", e.seed))
        elif e.kind == PINTAS_SAVE_CHANCE:
            log.append(("chance", e.outcome))
        else:
            log.append(("deal", save.cls._saved_deal(save.data, at, save.rules)))

# The Cython base every game's binding builds on (see _base.pyx): the C types
# that every engine shares, the bases of moves and events, and Engine.
cimport cython
from libc.stdint cimport int32_t, uint8_t, uint16_t, uint32_t, uint64_t
from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.pythread cimport PyThread_get_thread_ident

cdef extern from "pintas/pintas.h" nogil:
    ctypedef uint32_t pintas_mask
    const char *pintas_status_str(int status)
    ctypedef struct pintas_setting:
        pass
    int pintas_settings(int family, const pintas_setting **settings, size_t *n)
    int pintas_settings_rules(int family, const int32_t *values, size_t n, void *rules,
                              size_t size)
    int PINTAS_OK, PINTAS_E_ARG, PINTAS_E_RULES, PINTAS_E_ILLEGAL, PINTAS_E_OVER
    int PINTAS_E_BUFFER, PINTAS_E_CORRUPT, PINTAS_E_VERSION, PINTAS_E_DEAL
    int PINTAS_TILE_COUNT, PINTAS_NO_TILE, PINTAS_NO_SEAT
    int PINTAS_E_NO_CHANCE, PINTAS_E_OUTCOME, PINTAS_E_CHANCE, PINTAS_TURN_CHANCE
    enum:
        PINTAS_MAX_CHANCE_OUTCOMES
    int PINTAS_ENGINE_MAX_SIDES
    enum:
        PINTAS_MAX_ACTIONS

    ctypedef struct pintas_rng:
        uint64_t state
        uint64_t inc

    void pintas_rng_seed(pintas_rng *rng, uint64_t seed, uint64_t stream)

    int PINTAS_MT_N

    ctypedef struct pintas_mt:
        uint32_t index

    void pintas_mt_seed(pintas_mt *mt, uint64_t seed)

    ctypedef union pintas_engine_move:
        uint64_t align
    ctypedef union pintas_engine_moves:
        uint64_t align
    ctypedef union pintas_engine_events:
        uint64_t align

    ctypedef union pintas_engine_setup:
        uint64_t align

    ctypedef struct pintas_engine_status:
        int32_t score[8]
        uint8_t seats
        uint8_t sides
        uint8_t over
        uint8_t to_move
        uint8_t winners
        uint16_t round

    ctypedef struct pintas_engine:
        const char *name
        uint16_t state_size
        uint16_t rng_offset
        uint16_t save_size
        uint16_t move_size
        uint16_t event_size
        uint16_t max_events
        uint16_t max_moves
        int (*start)(void *state, const void *rules, uint64_t seed, const void *deal,
                     void *events, size_t cap, size_t *n)
        int (*set_deal)(void *state, const void *deal, void *events, size_t cap, size_t *n)
        int (*legal)(const void *state, void *moves, size_t cap, size_t *n)
        pintas_mask (*hand)(const void *state, int seat)
        int (*simulate)(const void *rules, uint64_t games, uint64_t seed, void *stats) nogil
        uint16_t stats_size
        int (*status)(const void *state, pintas_engine_status *out)
        int (*turn)(const void *state)
        int (*check)(const void *state, const void *move)
        int (*play)(void *state, const void *move, void *events, size_t cap, size_t *n)
        int (*reseed)(void *state, uint64_t seed)
        int (*save)(const void *state, uint8_t *buf, size_t cap)
        int (*load)(void *state, const uint8_t *buf, size_t len)
        uint16_t actions
        int (*action)(const void *move)
        int (*action_move)(int action, void *move)
        int (*legal_mask)(const void *state, uint8_t *mask, size_t cap, size_t *n)
        int (*play_action)(void *state, int action, void *events, size_t cap, size_t *n)
        uint16_t chance_count
        int (*start_chance)(void *state, const void *rules, uint64_t seed, const void *deal,
                            int external, void *events, size_t cap, size_t *n)
        int (*pending)(const void *state)
        int (*chance_outcomes)(const void *state, uint16_t *codes, uint32_t *num,
                               uint32_t *den, size_t cap, size_t *n)
        int (*play_chance)(void *state, int outcome, void *events, size_t cap, size_t *n)

    const pintas_engine pintas_line_engine
    const pintas_engine pintas_caminos_engine
    const pintas_engine pintas_dice_engine

    # notation (pintas/notation.h): read through the refusal's cause alone
    enum:
        PINTAS_MESSAGE_MAX
        PINTAS_NOTATION_MAX
        PINTAS_OBS_MAX
        PINTAS_KEY_MAX
    int PINTAS_REFUSED_NOTATION, PINTAS_REFUSED_ILLEGAL
    ctypedef struct pintas_refusal:
        uint16_t cause
    int pintas_cause_class(int cause)
    ctypedef struct pintas_notation_table:
        int (*move_parse)(const uint8_t *text, size_t len, void *move, pintas_refusal *why)
        int (*parse_in)(const void *state, const uint8_t *text, size_t len, void *move,
                        pintas_refusal *why)
        int (*move_print)(const void *move, char *buf, size_t cap, size_t *n)
        int (*why)(const void *state, const void *move, pintas_refusal *why)
        int (*refusal_text)(const void *state, const pintas_refusal *why, const uint8_t *text,
                            size_t len, char *buf, size_t cap, size_t *n)
    ctypedef struct pintas_obs_part:
        const char *name
        uint16_t start
        uint16_t size
    const pintas_obs_part *pintas_line_obs_parts
    const pintas_obs_part *pintas_caminos_obs_parts
    const pintas_obs_part *pintas_dice_obs_parts
    enum:
        PINTAS_LINE_OBS_PARTS
        PINTAS_CAMINOS_OBS_PARTS
        PINTAS_DICE_OBS_PARTS
    ctypedef struct pintas_observer:
        uint16_t obs_size
        uint16_t key_max
        int (*observe)(const void *view, uint8_t *out, size_t cap)
        int (*view_key)(const void *view, uint8_t *out, size_t cap, size_t *len)
    const pintas_observer pintas_line_observer
    const pintas_observer pintas_caminos_observer
    const pintas_observer pintas_dice_observer
    const pintas_notation_table pintas_line_notation
    const pintas_notation_table pintas_caminos_notation
    const pintas_notation_table pintas_dice_notation


cdef extern from "pintas/texts.h" nogil:
    # The sentences events read as and the words for seats (pintas/texts.h):
    # written once, in the core, for every home.
    ctypedef struct pintas_texts:
        uint8_t kind_count
        uint8_t reason_count
    const pintas_texts pintas_line_texts
    const pintas_texts pintas_caminos_texts
    const pintas_texts pintas_dice_texts
    uint8_t PINTAS_EVENT_NONE
    ctypedef struct pintas_event_fields:
        uint8_t kind
        uint8_t reason
        uint8_t seat
        uint8_t side
        uint8_t tile
        uint8_t end
        uint8_t path
        uint8_t seats
        uint8_t teams
        uint8_t has_tiles
        uint8_t n_dice
        uint8_t dice[6]
        int32_t points
        int32_t count
        int32_t total
        pintas_mask tiles
    int pintas_event_text(const pintas_texts *texts, const pintas_event_fields *e, char *buf,
                          size_t cap, size_t *len)
    int pintas_seat_words(const char *key, unsigned n, const uint8_t *seats, size_t count,
                          char *buf, size_t cap, size_t *len)


# Records hold only immutable plain values, never in a cycle: no_gc here too,
# so that each game's classes built on them (which read this file, not the
# directives of _base.pyx) stay out of the garbage collector as well.
@cython.no_gc
cdef class Record:
    cdef readonly str kind
    cdef int _fresh(self) except -1


@cython.no_gc
cdef class Move(Record):
    cdef readonly int code
    cdef object _extra(self)


@cython.no_gc
cdef class TileMove(Move):
    cdef readonly object tile


@cython.no_gc
cdef class Event(Record):
    cdef readonly object seat
    cdef readonly int points
    cdef readonly object reason
    cdef readonly int count
    cdef int _init(self, kind, seat, points, reason, count) except -1
    cdef void _amount(self, int value, bint scored) noexcept
    cdef const pintas_texts *_text_fields(self, pintas_event_fields *f) except? NULL


@cython.no_gc
cdef class TileEvent(Event):
    cdef readonly object tile
    cdef const pintas_texts *_text_fields(self, pintas_event_fields *f) except? NULL


# How one game's binding turns its values into its C structs and back: what
# differs by game, as plain functions the base calls.
ctypedef int (*encode_fn)(Move m, void *out) except -1
ctypedef list (*decode_fn)(const void *state, const void *items, size_t n)
ctypedef int (*setup_fn)(tuple args, void *out) except -1

cdef struct Codec:
    encode_fn move      # a Move into the game's C move struct
    decode_fn events    # the game's C events into Events (the state: as they left it)
    decode_fn moves     # a tile game's C moves into Moves
    setup_fn rules      # a tile game's Rules._fields() into its C rules struct
    setup_fn deal       # a tile game's deal (Deal._c_args) into its C deal struct
    const pintas_notation_table *notation  # reading, printing and refusing its moves


# Copy a list of tile indices (or of hand masks) into a C array of `cap`
# entries; the tiles' count. DealError for too many or a value out of range,
# DealTypeError for anything but a list or tuple of ints.
cdef int put_tiles(uint8_t *out, size_t cap, object tiles) except -1
# A deal refusal's message written (pintas_*_deal_refusal_text's status):
# RuntimeError unless it was (the core's bug).
cdef int deal_text(int status) except -1
cdef int put_masks(pintas_mask *out, size_t cap, object masks) except -1

# Python values checked before they reach C: `whole` is an int (not a bool)
# in low..high, else `error` (a PintasError class) or its TypeError twin;
# `seed64` a 64-bit unsigned seed (RulesError, RulesTypeError); `fields_of`
# a tuple of exactly `count` rules fields (RulesError, RulesTypeError).
cdef int action_index(object value, int count, str what) except -1
cdef object parse_full(object text, const pintas_notation_table *table, decode_fn decode,
                       str written_like)
cdef object encode_view(const pintas_observer *o, const void *view, object out)
cdef bytes view_key(const pintas_observer *o, const void *view)
cdef dict obs_parts(const pintas_obs_part *parts, int count)
cdef int intern_texts(type cls, const pintas_engine *engine,
                      const pintas_notation_table *table) except -1
cdef long long whole(object value, long long low, long long high, str what,
                     object error=*) except? -1
cdef uint64_t seed64(object value, str what=*) except? 0
cdef tuple fields_of(object fields, size_t count, str what)
# A family's rules struct (`size` its sizeof) from its rules fields: the values
# of its settings in the C core's table order (Rules._fields(); RulesError).
cdef int settings_struct(int family, object fields, void *out, size_t size) except -1
cdef object optional_whole(object value, long long low, long long high, str what)

# A list made at its final size (PyList_New(n): no regrowth as it fills) is
# filled by put_item, each of its n slots exactly once.
cdef inline void put_item(list out, Py_ssize_t i, object item) noexcept:
    Py_INCREF(item)
    PyList_SET_ITEM(out, i, item)

# Play `games` random games of a tile game's `rules` in C (GIL released) into *stats.
cdef int simulate_into(const pintas_engine *engine, setup_fn rules_c, tuple rules,
                       uint64_t games, uint64_t seed, void *stats) except -1


cdef class Engine:
    cdef public object _rules
    cdef public object _seed
    cdef public object _first_seed
    cdef public list _history
    cdef public list _events
    cdef public list _log
    cdef object _move_type
    cdef object _events_tuple
    # 1: the game's chance comes from outside (play_chance), 0: from its PRNG.
    cdef public bint _external
    # The game's C engine (pintas/engine.h), its state and its codec, set by
    # each binding's __cinit__ through _bind.
    cdef const pintas_engine *_engine
    cdef void *_state
    cdef Codec _codec
    # The game's lock (see _hold): the thread holding it, and how many times.
    cdef unsigned long _owner
    cdef int _depth

    cdef int _hold(self) except -1
    cdef void _free(self) noexcept

    cdef void _bind(self, const pintas_engine *engine, void *state, Codec codec) noexcept

    # What a binding may add: how other values become moves (and, as a def
    # method, _reason: why a move is illegal).
    cdef Move _coerce(self, object move)

    # What the base does with them.
    cdef object _refusal(self, const pintas_refusal *why, object typed)
    cdef int _c_check(self, Move m) except? -100
    cdef list _c_play(self, Move m, int *status)
    cdef pintas_rng *_rng(self) noexcept
    cdef pintas_engine_status _status(self) noexcept
    cdef int _seat(self, object seat) except -1
    cdef int _tiles(self) except -1
    cdef Move _as_move(self, object move)
    cdef list _begin(self, int status, list events, object first_seed)
    cdef list _commit(self, Move m, list events)
    cdef list _play(self, object move)
    cdef list _play_reseeded(self, Move m, object given, uint64_t seed)
    cdef int _reject(self, Move m, int status, object given) except -1
    cdef size_t _chance_list(self, uint16_t *codes, uint32_t *num, uint32_t *den) except? 0


# The game's lock on the step loop's calls (play, legal_moves): Engine._hold
# and _free inlined where no other thread holds the game, the common case;
# a game held already goes through _hold itself.
cdef inline int hold(Engine game) except -1:
    if game._depth == 0:
        game._owner, game._depth = PyThread_get_thread_ident(), 1
        return 0
    return game._hold()

cdef inline void release(Engine game) noexcept:
    game._depth -= 1


# A flag another thread raises to cut a C search short (the move timer's).
cdef class Stop:
    cdef volatile uint8_t flag

cdef const volatile uint8_t *stop_flag(object stop) except? NULL

# The random players' generator: random.Random(seed)'s stream, in C.
cdef class Twister:
    cdef pintas_mt mt


# A view's C struct (each game's subclass holds its pintas_*_view), kept on
# the Python view once built: kept_view returns it, building it with `fill`
# from the view's fields at first use.
cdef class CView:
    pass

ctypedef int (*view_fill)(CView cv, object view) except -1

cdef object game_view(str module)
cdef CView kept_view(object view, str module, type kind, view_fill fill, bint public=*)
cdef int keep_view(object view, CView cv) except -1
cdef int chose(int status, object view) except -1
cdef size_t put_moves(list moves, void *out, size_t size, size_t cap,
                      encode_fn encode) except? 0


# Observations straight from a game's C state (pintas/observe.h's
# pintas_<game>_observe_state): each game's binding subclasses it with the
# record it keeps of the game's events, and writes the vector in _write.
cdef class StateObserver:
    cdef type _game_type
    cdef uint16_t _obs_size
    cdef int _write(self, Engine game, int seat, uint8_t *out) except -1

# The Cython base every game's binding builds on (see _base.pyx): the C types
# that every engine shares, the bases of moves and events, and Engine.
from libc.stdint cimport uint8_t, uint64_t

cdef extern from "pintas/pintas.h" nogil:
    ctypedef uint64_t pintas_mask
    const char *pintas_status_str(int status)
    int PINTAS_OK, PINTAS_E_ARG, PINTAS_E_RULES, PINTAS_E_ILLEGAL, PINTAS_E_OVER
    int PINTAS_E_BUFFER, PINTAS_E_CORRUPT, PINTAS_E_VERSION, PINTAS_E_DEAL
    int PINTAS_TILE_COUNT, PINTAS_NO_TILE, PINTAS_NO_SEAT

    ctypedef struct pintas_rng:
        uint64_t state
        uint64_t inc

    void pintas_rng_seed(pintas_rng *rng, uint64_t seed, uint64_t stream)


cdef class Record:
    cdef readonly str kind


cdef class Move(Record):
    cdef readonly int code
    cdef object _extra(self)


cdef class TileMove(Move):
    cdef readonly object tile


cdef class Event(Record):
    cdef readonly object seat
    cdef readonly int points
    cdef readonly object reason
    cdef readonly int count
    cdef int _init(self, kind, seat, points, reason, count) except -1


cdef class TileEvent(Event):
    cdef readonly object tile


cdef class Engine:
    cdef public object _rules
    cdef public object _seed
    cdef public object _first_seed
    cdef public list _history
    cdef public list _events
    cdef public list _log
    cdef object _move_type
    cdef object _events_tuple

    # What each binding fills in: the C calls on its own state.
    cdef Move _coerce(self, object move)
    cdef int _c_check(self, Move m) noexcept
    cdef list _c_play(self, Move m, int *status)
    cdef pintas_rng *_c_rng(self) noexcept
    cdef void _c_reseed(self, uint64_t seed) noexcept
    cdef int _c_save(self, uint8_t *buf, size_t cap) noexcept
    cdef int _c_load(self, const uint8_t *buf, size_t size) noexcept
    cdef str _why(self, Move m, int status)
    cdef void _c_copy(self, Engine other) noexcept

    # What the base does with them.
    cdef Move _as_move(self, object move)
    cdef list _begin(self, int status, list events, object first_seed)
    cdef list _commit(self, Move m, list events)
    cdef list _play_reseeded(self, Move m, object given, uint64_t seed)
    cdef int _reject(self, Move m, int status, object given) except -1

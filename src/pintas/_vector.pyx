# cython: language_level=3, auto_pickle=False, boundscheck=False, wraparound=False
"""Many games stepped at once in C (pintas/vector.h): the binding behind
:mod:`pintas.vector`.

A :class:`Batch` owns an array of C slots and steps them all in one call,
without the GIL, writing into the caller's arrays (any buffers of the right
item types and shapes; :mod:`pintas.vector` passes numpy arrays). The rules
are copied once from a game of them; the slots then need no Python object.
"""

from libc.stdint cimport int32_t, uint8_t, uint64_t
from libc.string cimport memcpy, strcmp
from cpython.mem cimport PyMem_Free, PyMem_Malloc

from pintas._base cimport (
    PINTAS_E_ARG,
    PINTAS_OK,
    Engine,
    pintas_engine,
    pintas_engine_status,
    pintas_line_engine,
    pintas_caminos_engine,
    pintas_dice_engine,
)
from pintas._base import status_message
from pintas.errors import PintasTypeError, RulesError

cdef extern from "pintas/pintas.h" nogil:
    # only where the rules lie in each state: the vector calls take them as they are
    ctypedef struct pintas_line_rules:
        pass
    ctypedef struct pintas_caminos_rules:
        pass
    ctypedef struct pintas_dice_rules:
        pass
    ctypedef struct pintas_line_state:
        pintas_line_rules rules
    ctypedef struct pintas_caminos_state:
        pintas_caminos_rules rules
    ctypedef struct pintas_dice_state:
        pintas_dice_rules rules
    ctypedef union pintas_save_rules:
        pintas_line_rules line
        pintas_caminos_rules caminos
        pintas_dice_rules dice

    ctypedef struct pintas_vector_slot:
        uint64_t seed
        uint64_t stride
        uint64_t games
        uint8_t players

    int pintas_vector_reset(const pintas_engine *e, const void *rules, int players,
                            pintas_vector_slot *slot, uint64_t seed, uint64_t stride)
    int pintas_vector_returns(const pintas_engine *e, const pintas_vector_slot *slot,
                              float *out, size_t cap)
    int pintas_vector_observe(const pintas_engine *e, const pintas_vector_slot *slots,
                              size_t n, uint8_t *obs, uint8_t *masks, uint8_t *to_move)
    int pintas_vector_step(const pintas_engine *e, const void *rules,
                           pintas_vector_slot *slots, size_t n, const int32_t *actions,
                           uint8_t *obs, uint8_t *masks, float *rewards, uint8_t *done,
                           uint8_t *to_move, size_t *refused)

    enum:
        PINTAS_LINE_OBS_SIZE
        PINTAS_CAMINOS_OBS_SIZE
        PINTAS_DICE_OBS_SIZE


cdef const pintas_engine *_own_engine(const pintas_engine *e) except NULL:
    """This module's table of the game of engine e: each extension links its
    own copy of the core, so tables are matched by name."""
    cdef const pintas_engine *tables[3]
    tables[0] = &pintas_line_engine
    tables[1] = &pintas_caminos_engine
    tables[2] = &pintas_dice_engine
    if e != NULL and e.name != NULL:
        for i in range(3):
            if strcmp(tables[i].name, e.name) == 0:
                return tables[i]
    raise PintasTypeError("a batch is made from a game of pintas")


cdef int _copy_rules(const pintas_engine *e, const void *state, pintas_save_rules *out) except -1:
    """The rules struct of a game's C state into *out (e: this module's table)."""
    if e == &pintas_line_engine:
        memcpy(&out.line, &(<const pintas_line_state *>state).rules, sizeof(pintas_line_rules))
    elif e == &pintas_caminos_engine:
        memcpy(&out.caminos, &(<const pintas_caminos_state *>state).rules,
               sizeof(pintas_caminos_rules))
    elif e == &pintas_dice_engine:
        memcpy(&out.dice, &(<const pintas_dice_state *>state).rules, sizeof(pintas_dice_rules))
    else:
        raise PintasTypeError("a batch is made from a game of pintas")
    return 0


cdef int _obs_size(const pintas_engine *e) noexcept:
    if e == &pintas_line_engine:
        return PINTAS_LINE_OBS_SIZE
    if e == &pintas_caminos_engine:
        return PINTAS_CAMINOS_OBS_SIZE
    return PINTAS_DICE_OBS_SIZE


cdef class Batch:
    """``size`` games of the rules and seats of ``game`` (any pintas game; only
    its rules and seats are read), stepped together in C."""

    cdef const pintas_engine *_engine
    cdef pintas_save_rules _rules
    cdef pintas_vector_slot *_slots
    cdef readonly Py_ssize_t size
    cdef readonly int seats
    cdef readonly int observation_size
    cdef readonly int action_count

    def __cinit__(self, Engine game not None, Py_ssize_t size):
        cdef pintas_engine_status status
        if size < 1:
            raise RulesError(f"a batch holds at least one game: got {size}")
        self._engine = _own_engine(game._engine)
        _copy_rules(self._engine, game._state, &self._rules)
        self._engine.status(game._state, &status)
        self.seats = status.seats
        self.observation_size = _obs_size(self._engine)
        self.action_count = self._engine.actions
        self._slots = <pintas_vector_slot *>PyMem_Malloc(size * sizeof(pintas_vector_slot))
        if self._slots == NULL:
            raise MemoryError()
        self.size = size

    def __dealloc__(self):
        PyMem_Free(self._slots)

    def reset(self, uint64_t seed, uint64_t stride, uint8_t[:, ::1] obs not None,
              uint8_t[:, ::1] masks not None, uint8_t[::1] to_move not None):
        """Start every game afresh, game i's first from ``seed + i`` and each
        next one ``stride`` further (wrapping at 2**64); then
        the observation, mask and seat to move of every game into the arrays."""
        cdef Py_ssize_t i
        cdef int st
        self._check_rows(obs, masks, to_move)
        for i in range(self.size):
            st = pintas_vector_reset(self._engine, &self._rules, self.seats, &self._slots[i],
                                     seed + <uint64_t>i, stride)
            if st != PINTAS_OK:
                raise RulesError(f"the C core cannot start these games: {status_message(st)}")
        with nogil:
            st = pintas_vector_observe(self._engine, self._slots, self.size, &obs[0, 0],
                                       &masks[0, 0], &to_move[0])
        if st != PINTAS_OK:
            raise RulesError(f"the C core cannot observe these games: {status_message(st)}")

    def step(self, const int32_t[::1] actions not None, uint8_t[:, ::1] obs not None,
             uint8_t[:, ::1] masks not None, float[:, ::1] rewards not None,
             uint8_t[::1] done not None, uint8_t[::1] to_move not None):
        """Play actions[i] in game i, all games at once (the GIL released):
        ``(status, slot)``, status 0 when every game played, else the C core's
        refusal of the action of game ``slot`` (then nothing changed)."""
        cdef size_t refused = 0
        cdef int st
        self._check_rows(obs, masks, to_move)
        if actions.shape[0] != self.size or done.shape[0] != self.size:
            raise RulesError(f"the actions and done arrays hold {self.size} items")
        if rewards.shape[0] != self.size or rewards.shape[1] != self.seats:
            raise RulesError(f"the rewards array is {self.size} x {self.seats}")
        with nogil:
            st = pintas_vector_step(self._engine, &self._rules, self._slots, self.size,
                                    &actions[0], &obs[0, 0], &masks[0, 0], &rewards[0, 0],
                                    &done[0], &to_move[0], &refused)
        return st, refused

    cdef int _check_rows(self, uint8_t[:, ::1] obs, uint8_t[:, ::1] masks,
                         uint8_t[::1] to_move) except -1:
        if obs.shape[0] != self.size or obs.shape[1] != self.observation_size:
            raise RulesError(f"the observations array is {self.size} x {self.observation_size}")
        if masks.shape[0] != self.size or masks.shape[1] != self.action_count:
            raise RulesError(f"the masks array is {self.size} x {self.action_count}")
        if to_move.shape[0] != self.size:
            raise RulesError(f"the to_move array holds {self.size} items")
        return 0

    def seed_of(self, Py_ssize_t i):
        """The seed game i's current game started from, and how many of its
        games have ended."""
        if not 0 <= i < self.size:
            raise IndexError(i)
        return self._slots[i].seed, self._slots[i].games

    def returns(self, Py_ssize_t i):
        """Each seat's return in game i as the C core computes it (all 0 until over)."""
        cdef float out[8]
        if not 0 <= i < self.size:
            raise IndexError(i)
        pintas_vector_returns(self._engine, &self._slots[i], out, 8)
        return tuple([out[s] for s in range(self.seats)])

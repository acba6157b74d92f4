# cython: language_level=3
"""The floor of the step loop, for benchmarks/step_floor.py: an object with
the step API's three calls and no game behind them.

- ``legal_moves()``: a C method that returns a fresh list of the next count
  of ``counts`` (one count per move, the lengths the real game's lists had),
  made of the first items of ``moves`` (stand-ins, built once, like the
  interned moves of a game);
- ``play(move)``: a C method that takes the item, steps to the next count and
  returns a fresh list holding the item (a real play returns a fresh list of
  its events);
- ``is_over``: a C property, True once every count is used.

Each does the least a C extension can: no check, no lock, no object made
but the list.
"""

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_GET_ITEM


cdef class Floor:
    cdef bytes _counts
    cdef const unsigned char *_next
    cdef const unsigned char *_end
    cdef tuple _moves

    def __cinit__(self, bytes counts, tuple moves):
        if counts and max(counts) > len(moves):
            raise ValueError("a count above the stand-in moves")
        self._counts, self._moves = counts, moves
        self._next = counts
        self._end = self._next + len(counts)

    def legal_moves(self):
        cdef Py_ssize_t i, n = self._next[0] if self._next < self._end else 0
        cdef list out = PyList_New(n)
        cdef object item
        for i in range(n):
            item = <object>PyTuple_GET_ITEM(self._moves, i)
            Py_INCREF(item)
            PyList_SET_ITEM(out, i, item)
        return out

    def play(self, move):
        self._next += 1
        return [move]

    @property
    def is_over(self):
        return self._next >= self._end

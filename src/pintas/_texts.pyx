# cython: language_level=3
"""The words seats are named with, from the C core (pintas_seat_words,
pintas/texts.h): the one place they are written, for every home. (An event's
sentence is the core's too: pintas._base's Event.__str__.)"""

from pintas._base cimport pintas_seat_words


def words(str key, unsigned n, seats=()):
    """The word ``key`` ("player", "players", "team" or "nobody") with {n}
    ``n`` and the 0-based ``seats`` (read from 1, in the order given), as the
    core writes it: ``words("team", 1, (0, 2))`` is ``team 1 (players 1 &
    3)``; "players" of one seat reads as "player" of it. ValueError for a key
    the core has not, "players" or "team" of no seat, or a seat out of 0..255."""
    cdef bytes k = key.encode("ascii", "replace")
    cdef bytes s = bytes(seats)
    cdef char buf[192]
    cdef size_t n_out = 0
    status = pintas_seat_words(k, n, s, len(s), buf, sizeof(buf), &n_out)
    if status == 0:
        return buf[:n_out].decode("ascii")
    out = bytearray(n_out + 1)
    if pintas_seat_words(k, n, s, len(s), out, n_out + 1, &n_out) != 0:
        raise ValueError(f"no words for seats named {key!r} of the seats {tuple(seats)!r}")
    return out[:n_out].decode("ascii")

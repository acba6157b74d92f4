# Declarations of the C Caminos engine (csrc/include/pintas/caminos.h).
from libc.stdint cimport uint8_t, int32_t, uint32_t, int64_t, uint64_t

from pintas._base cimport Move as BaseMove, pintas_mask, pintas_rng

cdef extern from "pintas/caminos.h" nogil:
    enum:
        PINTAS_CAMINOS_MAX_SEATS
        PINTAS_CAMINOS_MAX_PATHS
        PINTAS_CAMINOS_MAX_SIDE
        PINTAS_CAMINOS_MAX_HAND
        PINTAS_CAMINOS_MAX_ROUNDS
        PINTAS_CAMINOS_MAX_MOVES
        PINTAS_CAMINOS_MAX_EVENTS
        PINTAS_CAMINOS_SAVE_SIZE
        PINTAS_CAMINOS_NO_PATH

    ctypedef struct pintas_caminos_rules:
        uint8_t players
        uint8_t paths
        uint8_t hand_size
        uint8_t side_tiles
        uint8_t full_path
        uint8_t rounds
        uint8_t max_rounds
        uint8_t max_round_moves

    ctypedef struct pintas_caminos_move:
        uint8_t kind
        uint8_t tile
        uint8_t path
        uint8_t side

    ctypedef struct pintas_caminos_event:
        uint8_t kind
        uint8_t seat
        uint8_t tile
        uint8_t path
        uint8_t side
        uint8_t reason
        uint8_t seats
        int32_t value
        pintas_mask tiles

    ctypedef struct pintas_caminos_path:
        uint8_t centre
        uint8_t len[2]
        uint8_t end[2]
        uint8_t tile[2][2]

    ctypedef struct pintas_caminos_deal:
        uint8_t path[8]
        pintas_mask hand[4]
        uint8_t pile[28]
        uint8_t pile_len

    ctypedef struct pintas_caminos_state:
        pintas_caminos_rules rules
        pintas_rng rng
        pintas_mask hand[4]
        pintas_mask revealed[4]
        pintas_mask discard
        int32_t score[4]
        pintas_caminos_path path[8]
        uint8_t pile[28]
        uint8_t pile_len
        uint8_t phase
        uint8_t to_move
        uint8_t round
        uint8_t starter
        uint8_t passes
        uint8_t out_seat
        uint8_t last_turns
        uint8_t contenders
        uint8_t step
        uint8_t choice[4]
        uint8_t shown[4]
        uint8_t winners
        uint8_t round_moves

    ctypedef struct pintas_caminos_stats:
        uint64_t games
        uint64_t rounds
        uint64_t moves
        uint64_t blocked
        uint64_t closes
        uint64_t ties
        uint64_t shared
        uint64_t longest_round
        uint64_t wins[4]
        uint64_t starts[4]
        int64_t points[4]

    int pintas_caminos_rules_preset(pintas_caminos_rules *rules, int variant, int players)
    int pintas_caminos_rules_check(const pintas_caminos_rules *rules)
    int pintas_caminos_path_size(const pintas_caminos_rules *rules)
    const char *pintas_caminos_full_path_name(int full_path)
    int pintas_caminos_pile_size(const pintas_caminos_state *s)


# The move a C move struct names (an interned caminos.Move).
cdef object move_of(const pintas_caminos_move *m)
cdef int _c_move(BaseMove move, void *out) except -1
cdef list _moves(const void *state, const void *moves, size_t n)

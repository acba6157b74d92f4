# Declarations of the C line-game engine (csrc/include/pintas/line.h).
from libc.stdint cimport uint8_t, uint16_t, int32_t, uint64_t

from pintas._base cimport pintas_mask, pintas_rng
from pintas._base cimport Move as BaseMove

cdef extern from "pintas/line.h" nogil:
    enum:
        PINTAS_LINE_MAX_SEATS
        PINTAS_LINE_MAX_MOVES
        PINTAS_LINE_MAX_EVENTS
        PINTAS_LINE_SAVE_SIZE
        PINTAS_EV_SCORE
        PINTAS_WHY_FIVES

    ctypedef struct pintas_line_rules:
        uint8_t game
        uint8_t players
        uint8_t pairs
        uint8_t redeal_doubles
        uint8_t block_scoring
        uint8_t tranque
        uint8_t capicua
        uint8_t max_rounds
        uint16_t target
        uint16_t pass_points
        uint16_t capicua_bonus
        uint16_t pase_corrido_bonus
        uint16_t pase_de_salida_bonus

    ctypedef struct pintas_line_move:
        uint8_t kind
        uint8_t tile
        uint8_t end

    ctypedef struct pintas_line_event:
        uint8_t kind
        uint8_t seat
        uint8_t side
        uint8_t tile
        uint8_t end
        uint8_t reason
        int32_t points

    ctypedef struct pintas_line_deal:
        pintas_mask hand[4]
        uint8_t boneyard[28]
        uint8_t boneyard_len

    ctypedef struct pintas_line_state:
        pintas_line_rules rules
        pintas_rng rng
        pintas_mask hand[4]
        pintas_mask aside
        int32_t score[4]
        uint8_t boneyard[28]
        uint8_t bone_len
        uint8_t bone_pos
        uint8_t line[28]
        uint8_t line_len
        uint8_t ends[2]
        uint8_t end_double[2]
        uint8_t phase
        uint8_t to_move
        uint8_t leader
        uint8_t forced_tile
        uint8_t last_placer
        uint8_t passes
        uint8_t winner
        uint8_t end_reason
        uint16_t round

    ctypedef struct pintas_line_stats:
        uint64_t games
        uint64_t rounds
        uint64_t moves
        uint64_t blocks
        uint64_t wins[4]
        uint64_t points[4]

    int pintas_line_rules_check(const pintas_line_rules *rules)
    int pintas_line_sides(const pintas_line_rules *rules)
    int pintas_line_draws(const pintas_line_rules *rules)
    unsigned pintas_line_round_moves(const pintas_line_rules *rules)
    unsigned long pintas_line_max_rounds_bound(const pintas_line_rules *rules)
    unsigned pintas_line_hand_pips(const pintas_line_state *s, int seat)
    int pintas_line_boneyard_size(const pintas_line_state *s)


# The move a C move struct names (an interned domino.Move).
cdef object move_of(const pintas_line_move *m)
cdef int _c_move(BaseMove move, void *out) except -1
cdef list _moves(const void *state, const void *moves, size_t n)

# Declarations of the C line-game search (csrc/include/pintas/line_search.h).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t

cdef extern from "pintas/line_search.h" nogil:
    ctypedef uint64_t pintas_mask
    int PINTAS_OK, PINTAS_E_ARG, PINTAS_E_ILLEGAL
    int PINTAS_NO_TILE, PINTAS_NO_SEAT

    enum:
        PINTAS_LINE_MAX_SEATS
        PINTAS_LINE_MAX_MOVES
        PINTAS_LINE_INFO_MAX_LOG
        PINTAS_TILE_COUNT
        PINTAS_POLICY_RANDOM
        PINTAS_POLICY_GREEDY

    unsigned PINTAS_LINE_SEARCH_MAX_SAMPLES

    ctypedef struct pintas_rng:
        uint64_t state
        uint64_t inc

    ctypedef struct pintas_line_rules:
        uint8_t game
        uint8_t players
        uint8_t pairs
        uint8_t redeal_doubles
        uint8_t block_scoring
        uint8_t tranque
        uint8_t capicua
        uint8_t reserved
        uint16_t target
        uint16_t pass_points
        uint16_t capicua_bonus
        uint16_t pase_corrido_bonus
        uint16_t pase_de_salida_bonus

    ctypedef struct pintas_line_move:
        uint8_t kind
        uint8_t tile
        uint8_t end

    ctypedef struct pintas_line_state:
        pintas_line_rules rules
        pintas_mask hand[4]
        pintas_mask aside
        uint8_t boneyard[28]
        uint8_t bone_len
        uint8_t bone_pos
        uint8_t to_move

    ctypedef struct pintas_line_log_entry:
        uint8_t kind
        uint8_t seat
        uint8_t tile
        uint8_t end

    ctypedef struct pintas_line_info:
        pintas_line_rules rules
        int32_t score[4]
        pintas_mask hand
        uint8_t seat
        uint8_t leader
        uint8_t forced_tile
        uint8_t reserved
        uint16_t round
        uint16_t log_len
        pintas_line_log_entry log[128]

    ctypedef struct pintas_line_knowledge:
        pintas_mask unseen
        pintas_mask not_held[4]
        uint8_t voids[4]
        uint8_t hand_count[4]
        uint8_t pile_count
        uint8_t pile_draws
        uint8_t to_move
        uint8_t last_placer
        uint8_t passes
        uint8_t line_len

    ctypedef struct pintas_line_search_result:
        pintas_line_move moves[56]
        int64_t total[56]
        uint32_t n_moves
        uint32_t samples
        uint32_t relaxed

    void pintas_rng_seed(pintas_rng *rng, uint64_t seed, uint64_t stream)
    int pintas_line_knowledge_of(const pintas_line_info *info, pintas_line_knowledge *out)
    int pintas_line_determinize(const pintas_line_info *info, pintas_rng *rng,
                                pintas_line_state *out, uint8_t *relaxed)
    int pintas_line_search_init(const pintas_line_info *info, pintas_line_search_result *out)
    int pintas_line_search_run(const pintas_line_info *info, uint64_t seed, uint32_t first,
                               uint32_t count, int policy, pintas_line_search_result *out)

# Declarations of the C line-game search (csrc/include/pintas/line_search.h).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t

from pintas._base cimport pintas_mask, pintas_rng
from pintas.domino._engine cimport pintas_line_move, pintas_line_rules, pintas_line_state

cdef extern from "pintas/line_search.h" nogil:
    enum:
        PINTAS_LINE_INFO_MAX_LOG
        PINTAS_POLICY_RANDOM
        PINTAS_POLICY_GREEDY

    unsigned PINTAS_LINE_SEARCH_MAX_SAMPLES

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

    int pintas_line_knowledge_of(const pintas_line_info *info, pintas_line_knowledge *out)
    int pintas_line_determinize(const pintas_line_info *info, pintas_rng *rng,
                                pintas_line_state *out, uint8_t *relaxed)
    int pintas_line_search_init(const pintas_line_info *info, pintas_line_search_result *out)
    int pintas_line_search_run(const pintas_line_info *info, uint64_t seed, uint32_t first,
                               uint32_t count, int policy, pintas_line_search_result *out)
    int pintas_line_search_run_until(const pintas_line_info *info, uint64_t seed,
                                     uint32_t first, uint32_t count, int policy,
                                     const volatile uint8_t *stop,
                                     pintas_line_search_result *out)

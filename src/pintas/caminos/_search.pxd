# Declarations of the Caminos search (csrc/include/pintas/caminos_search.h).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int64_t, uint64_t

from pintas._base cimport pintas_mask, pintas_rng
from pintas.caminos._engine cimport *

cdef extern from "pintas/caminos_search.h" nogil:
    enum:
        PINTAS_CAMINOS_SEARCH_MAX_COHORTS
        PINTAS_CAMINOS_SEARCH_MAX_SAMPLES
    uint64_t PINTAS_CAMINOS_SEARCH_STREAM

    ctypedef struct pintas_caminos_cohort:
        uint16_t at
        uint8_t tiles
        uint8_t voids

    ctypedef struct pintas_caminos_info:
        pintas_caminos_rules rules
        pintas_caminos_path path[8]
        pintas_mask hand
        pintas_mask known[4]
        pintas_mask discard
        uint16_t since[28]
        uint8_t hand_len[4]
        uint8_t seat
        uint8_t pile_len
        uint8_t passes
        uint8_t out_seat
        uint8_t last_turns
        uint8_t starter
        uint8_t n_cohorts[4]
        pintas_caminos_cohort cohort[4][32]

    ctypedef struct pintas_caminos_search_result:
        pintas_caminos_move move[112]
        int64_t sum[112]
        uint32_t n_moves
        uint32_t samples
        uint32_t relaxed

    int pintas_caminos_info_check(const pintas_caminos_info *info)
    int pintas_caminos_sample(const pintas_caminos_info *info, pintas_rng *rng,
                              pintas_caminos_state *out, int *level)
    int pintas_caminos_playout(pintas_caminos_state *s, pintas_rng *rng)
    int pintas_caminos_search(const pintas_caminos_info *info, uint64_t seed, uint32_t first,
                              uint32_t count, pintas_caminos_search_result *out)
    int pintas_caminos_search_until(const pintas_caminos_info *info, uint64_t seed,
                                    uint32_t first, uint32_t count,
                                    const volatile uint8_t *stop,
                                    pintas_caminos_search_result *out)

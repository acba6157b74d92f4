# Declarations of the Caminos search (csrc/include/pintas/caminos_search.h).
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, int64_t, uint64_t

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


# A seat's view and the players (pintas/views.h, pintas/players.h).
from pintas._base cimport pintas_mt

cdef extern from "pintas/players.h" nogil:
    ctypedef struct pintas_caminos_log_entry:
        uint16_t at
        uint8_t kind
        uint8_t seat
        uint32_t what

    ctypedef struct pintas_caminos_view:
        pintas_caminos_info info
        int32_t score[4]
        pintas_mask revealed[4]
        uint8_t phase
        uint8_t to_move
        uint8_t round
        uint8_t step
        uint8_t contenders
        uint8_t chosen
        uint8_t my_choice
        uint8_t winners

    ctypedef struct pintas_caminos_record:
        pintas_caminos_rules rules
        uint8_t log_lost
        uint16_t log_len
        pintas_caminos_log_entry log[255]

    ctypedef struct pintas_caminos_suit_weights:
        double reach
        double depth
        double hardness
        double double_bonus
        double starve
        double block

    int pintas_caminos_view_legal(const pintas_caminos_view *v, pintas_caminos_move *out,
                                  size_t cap, size_t *n)
    int pintas_caminos_view_lacks(const pintas_caminos_view *v, uint8_t *lacks)
    int pintas_caminos_suit_weights_default(pintas_caminos_suit_weights *w)
    int pintas_caminos_random_choose(const pintas_caminos_view *v, pintas_mt *mt,
                                     pintas_caminos_move *out)
    int pintas_caminos_greedy_choose(const pintas_caminos_view *v, pintas_caminos_move *out)
    int pintas_caminos_suit_choose(const pintas_caminos_view *v,
                                   const pintas_caminos_suit_weights *weights,
                                   pintas_caminos_move *out)
    int pintas_caminos_suit_rank(const pintas_caminos_view *v,
                                 const pintas_caminos_suit_weights *weights,
                                 pintas_caminos_move *moves, size_t n)
    int pintas_caminos_search_pick(const pintas_caminos_view *v,
                                   const pintas_caminos_move *moves, const int64_t *sums,
                                   size_t n, pintas_caminos_move *out)


# Exact determinization (pintas/determinize.h).
cdef extern from "pintas/determinize.h" nogil:
    enum:
        PINTAS_CAMINOS_RECORD_MAX_LOG
        PINTAS_CAMINOS_EV_PLACE
        PINTAS_CAMINOS_EV_CLOSE
        PINTAS_CAMINOS_EV_DRAW
        PINTAS_CAMINOS_EV_PASS

    ctypedef struct pintas_caminos_world:
        pintas_mask hand[4]
        pintas_mask pile

    int pintas_caminos_world_check(const pintas_caminos_view *v, const pintas_caminos_record *r,
                                   const pintas_caminos_world *w, int *consistent)
    int pintas_caminos_view_sample(const pintas_caminos_view *v, const pintas_caminos_record *r,
                                   uint64_t seed, pintas_caminos_world *w,
                                   pintas_caminos_state *state)

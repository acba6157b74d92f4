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

# The stronger search (pintas/line_infer.h).
cdef extern from "pintas/line_infer.h" nogil:
    enum:
        PINTAS_INFER_SUIT_PLAYOUTS
        PINTAS_INFER_WEIGHTED
        PINTAS_INFER_ALL

    ctypedef struct pintas_line_infer_params:
        uint32_t levers
        uint32_t reserved
        double playout_temperature
        double model_temperature
        double model_mix
        double playout_mix

    ctypedef struct pintas_line_infer_result:
        pintas_line_move moves[56]
        double total[56]
        double weight
        uint32_t n_moves
        uint32_t samples
        uint32_t relaxed

    int pintas_line_infer_defaults(pintas_line_infer_params *p)
    int pintas_line_infer_params_check(const pintas_line_infer_params *p)
    int pintas_line_infer_init(const pintas_line_info *info, pintas_line_infer_result *out)
    int pintas_line_infer_run_until(const pintas_line_info *info,
                                    const pintas_line_infer_params *params, uint64_t seed,
                                    uint32_t first, uint32_t count, const volatile uint8_t *stop,
                                    pintas_line_infer_result *out)

# Declarations of a seat's view and the players (pintas/views.h, pintas/players.h).
from pintas._base cimport pintas_mt

cdef extern from "pintas/players.h" nogil:
    ctypedef struct pintas_line_view:
        pintas_line_info info
        uint8_t hand_size[4]
        uint8_t boneyard_size
        uint8_t to_move
        uint8_t over
        uint8_t winner
        uint8_t line_len
        uint8_t ends[2]
        uint8_t end_double[2]
        uint8_t line[28]

    ctypedef struct pintas_line_suit_weights:
        double accompanied
        double playable_after
        double double_bonus
        double stranding
        double opponent_lacks
        double partner_lacks
        double points
        double pips

    ctypedef struct pintas_line_record:
        uint16_t len

    int pintas_line_record_clear(pintas_line_record *r)
    int pintas_line_view_of(const pintas_line_state *s, const pintas_line_record *r, int seat,
                            pintas_line_view *out)
    int pintas_line_view_public(const pintas_line_state *s, const pintas_line_record *r,
                                pintas_line_view *out)
    int pintas_line_view_legal(const pintas_line_view *v, pintas_line_move *out, size_t cap,
                               size_t *n)
    int pintas_line_suit_weights_for(int game, pintas_line_suit_weights *w)
    int pintas_line_immediate_points(const pintas_line_view *v, const pintas_line_move *m,
                                     const uint8_t *voids, int32_t *points)
    int pintas_line_random_choose(const pintas_line_view *v, pintas_mt *mt,
                                  pintas_line_move *out)
    int pintas_line_greedy_choose(const pintas_line_view *v, pintas_line_move *out)
    int pintas_line_suit_choose(const pintas_line_view *v,
                                const pintas_line_suit_weights *weights, pintas_line_move *out)
    int pintas_line_suit_rank(const pintas_line_view *v, const pintas_line_suit_weights *weights,
                              pintas_line_move *moves, size_t n)


# Exact determinization (pintas/determinize.h).
cdef extern from "pintas/determinize.h" nogil:
    ctypedef struct pintas_line_world:
        pintas_mask hand[4]
        pintas_mask pile

    int pintas_line_world_check(const pintas_line_view *v, const pintas_line_world *w,
                                int *consistent)
    int pintas_line_view_sample(const pintas_line_view *v, uint64_t seed, pintas_line_world *w,
                                pintas_line_state *state)

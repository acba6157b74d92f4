# Declarations of the C dice engine (csrc/include/pintas/dice.h), and what
# the solver's binding (_search.pyx) takes from the engine's binding.
from libc.stdint cimport uint8_t, uint16_t, uint32_t, int32_t, uint64_t

from pintas._base cimport pintas_mt, pintas_rng

cdef extern from "pintas/dice.h" nogil:
    enum:
        PINTAS_DICE_COUNT
        PINTAS_DICE_FACES
        PINTAS_DICE_SETS
        PINTAS_DICE_MAX_PLAYERS
        PINTAS_DICE_MAX_KEEPS
        PINTAS_DICE_MAX_EVENTS
        PINTAS_DICE_MAX_VALUE
        PINTAS_DICE_MAX_TARGET
        PINTAS_DICE_MAX_CLOSED
        PINTAS_DICE_SAVE_SIZE
        PINTAS_DICE_NO_PLAYER
        PINTAS_DICE_NO_SCORE

    ctypedef uint32_t pintas_dice_set

    int pintas_dice_set_is_valid(pintas_dice_set s)
    int pintas_dice_set_size(pintas_dice_set s)
    int pintas_dice_set_index(pintas_dice_set s)
    int pintas_dice_set_at(int index, pintas_dice_set *out)
    int pintas_dice_set_values(pintas_dice_set s, uint8_t *values, size_t cap, size_t *n)
    int pintas_dice_set_contains(pintas_dice_set of, pintas_dice_set sub)

    enum:
        PINTAS_DICE_DOOM_TURN
        PINTAS_DICE_DOOM_SCORE
        PINTAS_DICE_HOT_MUST
        PINTAS_DICE_HOT_MAY
        PINTAS_DICE_ADD_STRAIGHTS
        PINTAS_DICE_ADD_THREE_PAIRS
        PINTAS_DICE_ADD_TWO_TRIPLETS

    ctypedef struct pintas_dice_rules:
        int32_t single[7]
        int32_t kind[7][7]
        int32_t straight_low
        int32_t straight_high
        int32_t straight_six
        int32_t three_pairs
        int32_t two_triplets
        int32_t target
        uint8_t add_singles
        uint8_t combine_kept
        uint8_t doom
        uint8_t doom_loses
        uint8_t hot_dice
        uint8_t final_round
        uint8_t max_rounds
        uint8_t max_rolls

    int pintas_dice_rules_dice_of_doom(pintas_dice_rules *rules)
    int pintas_dice_rules_farkle(pintas_dice_rules *rules)
    int pintas_dice_rules_check(const pintas_dice_rules *rules)
    int32_t pintas_dice_rules_unit(const pintas_dice_rules *rules)
    unsigned long pintas_dice_max_moves(const pintas_dice_rules *rules, int players)

    ctypedef struct pintas_dice_table:
        pintas_dice_rules rules
        int32_t score[924]
        int32_t best[924]
        int32_t unit

    int pintas_dice_table_init(pintas_dice_table *table, const pintas_dice_rules *rules)
    int32_t pintas_dice_score(const pintas_dice_table *table, pintas_dice_set s)
    int32_t pintas_dice_best_keep(const pintas_dice_table *table, pintas_dice_set roll)
    int pintas_dice_is_doom(const pintas_dice_rules *rules, pintas_dice_set roll)

    ctypedef struct pintas_dice_keep:
        pintas_dice_set keep
        int32_t points

    int pintas_dice_keeps(const pintas_dice_table *table, pintas_dice_set roll,
                          pintas_dice_set pool, pintas_dice_keep *out, size_t cap, size_t *n)
    void pintas_dice_sort_keeps(pintas_dice_keep *ks, size_t n)

    enum:
        PINTAS_DICE_MUST_ROLL
        PINTAS_DICE_MUST_KEEP
        PINTAS_DICE_BANK_OR_ROLL
        PINTAS_DICE_OVER

    enum:
        PINTAS_DICE_ROLL
        PINTAS_DICE_ROLL_GIVEN
        PINTAS_DICE_KEEP
        PINTAS_DICE_BANK

    ctypedef struct pintas_dice_move:
        uint8_t kind
        uint8_t n
        uint8_t values[6]
        pintas_dice_set keep

    enum:
        PINTAS_DICE_EV_ROLLED
        PINTAS_DICE_EV_DOOM
        PINTAS_DICE_EV_ROLL_OUT
        PINTAS_DICE_EV_KEPT
        PINTAS_DICE_EV_HOT_DICE
        PINTAS_DICE_EV_BANKED
        PINTAS_DICE_EV_FINAL_ROUND
        PINTAS_DICE_EV_TURN_END
        PINTAS_DICE_EV_GAME_END

    ctypedef struct pintas_dice_event:
        uint8_t kind
        uint8_t player
        uint8_t n
        uint8_t dice[6]
        uint8_t reserved[3]
        int32_t points
        int32_t total

    ctypedef struct pintas_dice_state:
        pintas_dice_rules rules
        pintas_rng rng
        int32_t score[8]
        int32_t closed
        int32_t pool_score
        pintas_dice_set pool
        uint8_t players
        uint8_t first_player
        uint8_t to_move
        uint8_t phase
        uint8_t winner
        uint8_t final_trigger
        uint8_t final_left
        uint8_t last_roll_len
        uint8_t last_roll[6]
        uint8_t rounds
        uint8_t rolls
        uint8_t chance
        uint8_t pending

    ctypedef struct pintas_dice_moves:
        uint8_t can_roll
        uint8_t can_bank
        uint8_t dice_to_roll
        uint8_t n_keeps
        pintas_dice_keep keeps[64]

    int pintas_dice_new(pintas_dice_state *s, const pintas_dice_rules *rules, int players,
                        int first_player, uint64_t seed)
    int pintas_dice_new_chance(pintas_dice_state *s, const pintas_dice_rules *rules,
                               int players, int first_player, uint64_t seed, int external)
    int pintas_dice_reseed(pintas_dice_state *s, uint64_t seed)
    int pintas_dice_legal(const pintas_dice_state *s, pintas_dice_moves *out)
    int pintas_dice_check(const pintas_dice_state *s, const pintas_dice_move *m)
    int pintas_dice_play(pintas_dice_state *s, const pintas_dice_move *m, pintas_dice_event *ev,
                         size_t ev_cap, size_t *n_ev)
    int32_t pintas_dice_turn_total(const pintas_dice_state *s)
    int pintas_dice_dice_to_roll(const pintas_dice_state *s)
    int pintas_dice_save(const pintas_dice_state *s, uint8_t *buf, size_t cap)
    int pintas_dice_load(pintas_dice_state *s, const uint8_t *buf, size_t len)

    ctypedef struct pintas_dice_policy:
        pintas_dice_table table
        uint32_t magic
        uint32_t cap_units
        uint32_t n_states
        uint32_t n_rolls
        uint32_t n_options
        uint32_t full_units
        double expected
        uint16_t state_of[924]
        pintas_dice_set state_set[924]

    size_t pintas_dice_solve_workspace_size(const pintas_dice_rules *rules)
    size_t pintas_dice_solve_workspace_size_full(const pintas_dice_rules *rules,
                                                 uint32_t cap_units)
    int pintas_dice_solve(const pintas_dice_rules *rules, uint32_t cap_units, void *workspace,
                          size_t size, const pintas_dice_policy **policy)
    double pintas_dice_policy_expected(const pintas_dice_policy *p)
    int pintas_dice_policy_roll_value(const pintas_dice_policy *p, pintas_dice_set pool,
                                      int32_t turn_total, double *out)
    int pintas_dice_policy_should_bank(const pintas_dice_policy *p, pintas_dice_set pool,
                                       int32_t turn_total)
    int pintas_dice_policy_best_keep(const pintas_dice_policy *p, pintas_dice_set roll,
                                     pintas_dice_set pool, int32_t turn_total,
                                     pintas_dice_keep *keep, double *value)
    int pintas_dice_policy_threshold(const pintas_dice_policy *p, pintas_dice_set pool,
                                     int32_t *threshold)
    int pintas_dice_policy_book(const pintas_dice_policy *p, uint8_t *buf, size_t cap,
                                size_t *len)

    ctypedef struct pintas_dice_win:
        uint32_t goal
        int32_t unit

    size_t pintas_dice_win_workspace_size(const pintas_dice_rules *rules,
                                          const pintas_dice_policy *p)
    int pintas_dice_win_init(const pintas_dice_rules *rules, const pintas_dice_policy *p,
                             void *workspace, size_t size, pintas_dice_win **win)
    int pintas_dice_win_solve(pintas_dice_win *win, double *values, uint64_t *evaluations)
    int pintas_dice_win_table(const pintas_dice_win *win, const double *values, uint8_t *buf,
                              size_t cap, size_t *len)
    int pintas_dice_win_open(pintas_dice_win *win, const uint8_t *bytes, size_t len)
    int pintas_dice_win_start(const pintas_dice_win *win, int32_t a, int32_t b, double *out)


cdef inline long long _one(long face) noexcept nogil:
    """The dice set of one die showing ``face``."""
    return (<long long>1) << (3 * (face - 1))

cdef long long _set_of(object values, int lo, int hi, str what) except -1
cdef tuple _values(pintas_dice_set s)
cdef int _size(pintas_dice_set s) noexcept nogil
cdef list _keep_list(const pintas_dice_keep *ks, size_t n)
cdef int _rules_from(pintas_dice_rules *r, object fields) except -1
cdef object rules_type()

cdef class Keep:
    cdef readonly tuple dice
    cdef readonly int points
    cdef pintas_dice_set _set

# The move a C move struct names (a ROLL_GIVEN reads as the game's roll).
cdef object move_of(const pintas_dice_move *m)


# A seat's view and the players (pintas/views.h, pintas/players.h).
cdef extern from "dice_internal.h" nogil:
    # pintas_dice_play on a state the C core made and only its calls changed
    # (the rules and the state checked once, where it was made or loaded):
    # the move is checked, the state is not.
    int pintas__dice_play_made(pintas_dice_state *s, const pintas_dice_move *m,
                               pintas_dice_event *ev, size_t ev_cap, size_t *n_ev)


cdef extern from "pintas/players.h" nogil:
    ctypedef struct pintas_dice_view:
        pintas_dice_rules rules
        int32_t score[8]
        int32_t turn_total
        pintas_dice_set pool
        uint8_t players
        uint8_t first_player
        uint8_t seat
        uint8_t to_move
        uint8_t phase
        uint8_t winner
        uint8_t final_left
        uint8_t dice_to_roll
        uint8_t last_roll_len
        uint8_t last_roll[6]

    int pintas_dice_view_of(const pintas_dice_state *s, int seat, pintas_dice_view *out)
    int pintas_dice_view_public(const pintas_dice_state *s, pintas_dice_view *out)
    int pintas_dice_view_legal(const pintas_dice_view *v, pintas_dice_move *out, int32_t *points,
                               size_t cap, size_t *n)
    int pintas_dice_random_choose(const pintas_dice_view *v, pintas_mt *mt, pintas_dice_move *out)
    int pintas_dice_threshold_choose(const pintas_dice_view *v, int32_t bank_at,
                                     pintas_dice_move *out)
    int pintas_dice_optimal_choose(const pintas_dice_view *v, const pintas_dice_policy *policy,
                                   int bank_to_win, pintas_dice_move *out)
    int pintas_dice_optimal_keep_value(const pintas_dice_policy *policy, pintas_dice_set pool,
                                       int32_t turn_total, const pintas_dice_keep *k,
                                       double *value)
    int pintas_dice_optimal_keep(const pintas_dice_policy *policy, pintas_dice_set roll,
                                 pintas_dice_set pool, int32_t turn_total,
                                 pintas_dice_keep *keep)
    int pintas_dice_win_choose(const pintas_dice_view *v, pintas_dice_win *win,
                               pintas_dice_move *out)

cdef extern from "pintas/actions.h" nogil:
    enum:
        PINTAS_DICE_ACTIONS
    int pintas_dice_action(const pintas_dice_move *m)
    int pintas_dice_action_move(int action, pintas_dice_move *m)

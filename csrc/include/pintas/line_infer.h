/* pintas/line_infer.h - a stronger search for the line games (Muggins,
 * Capicua, Dominican): the determinized Monte Carlo of line_search.h with two
 * levers that read the table the way a person does.
 *
 *  - Suit-like playouts (PINTAS_INFER_SUIT_PLAYOUTS): after the candidate
 *    move every seat plays a move drawn from a softmax of the suit player's
 *    score (players.h, the game's own weights) instead of a uniformly random
 *    one. Inside a sample every hand is laid open, so "a number the opponents
 *    lack" is read from the sampled hands.
 *  - Weighted samples (PINTAS_INFER_WEIGHTED): a sample's deal is worth the
 *    probability that the other seats, holding the sampled tiles, would have
 *    made the placements the round's log shows under a model of play: a mix
 *    of the same softmax (at its own temperature) and a uniformly random
 *    choice. The hard facts of line_search.h stay: the sampler draws only
 *    deals that keep them. A placement is weighed only when the seat's hand
 *    at that moment is known from the sample: its tiles now plus those it
 *    placed since (so never before a draw of its own that followed), and
 *    neither the observer's own placements (the same in every sample) nor
 *    round 1's forced lead are weighed.
 *
 * Each move's value is the weighted mean of its playout outcomes (the
 * outcome of pintas_line_playout: points of the observer's side from now to
 * the end of the round, minus the best other side's). Everything is a pure
 * function of (info, params, seed): sample i draws the same state as sample
 * i of pintas_line_search_run with that seed, and the samples may run in
 * batches. Caller-owned structs, no malloc, no globals; reentrant.
 */
#ifndef PINTAS_LINE_INFER_H
#define PINTAS_LINE_INFER_H

#include "common.h"
#include "line.h"
#include "line_search.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The levers of pintas_line_infer_params.levers. */
#define PINTAS_INFER_SUIT_PLAYOUTS 1u
#define PINTAS_INFER_WEIGHTED 2u
#define PINTAS_INFER_ALL 3u

typedef struct pintas_line_infer_params {
    uint32_t levers;            /* PINTAS_INFER_* bits; 0: the search's uniform
                                   samples and random playouts */
    uint32_t reserved;          /* 0 */
    double playout_temperature; /* softmax temperature of the playout policy (score units) */
    double model_temperature;   /* softmax temperature of the model of play */
    double model_mix;           /* share of uniformly random play in the model, 0..1 */
    double playout_mix;         /* share of uniformly random moves in the playouts, 0..1 */
} pintas_line_infer_params;

/* Per-legal-move totals (moves in pintas_line_legal order): the value of
 * moves[i] is total[i] / weight. */
typedef struct pintas_line_infer_result {
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    double total[PINTAS_LINE_MAX_MOVES]; /* sum over samples of weight x outcome */
    double weight;                       /* sum of the samples' weights */
    uint32_t n_moves;
    uint32_t samples;  /* samples run so far */
    uint32_t relaxed;  /* samples drawn less uniformly (pintas_line_determinize) */
    uint32_t reserved;
} pintas_line_infer_result;

/* The tuned parameters (every lever on) into *p. PINTAS_E_ARG for NULL. */
int pintas_line_infer_defaults(pintas_line_infer_params *p);

/* Check *p: levers only PINTAS_INFER_ALL's bits, reserved 0, temperatures
 * finite and in (0, 1e6], model_mix and playout_mix in [0, 1]. PINTAS_OK or PINTAS_E_ARG
 * (also for NULL). */
int pintas_line_infer_params_check(const pintas_line_infer_params *p);

/* Start a search of *info as pintas_line_search_init does (PINTAS_E_ARG for
 * an info knowledge_of refuses, PINTAS_E_ILLEGAL if its observer is not to
 * move): *out gets the legal moves and zero totals. */
int pintas_line_infer_init(const pintas_line_info *info, pintas_line_infer_result *out);

/* Run samples first .. first + count - 1 with *params and `seed` and add
 * them to *out (started by pintas_line_infer_init on the same info); stop
 * early, before the next sample, once *stop is non-zero (NULL: never; a move
 * timer on another thread sets it). The samples run are added to
 * out->samples. PINTAS_E_ARG for NULL, params the check refuses, count >
 * PINTAS_LINE_SEARCH_MAX_SAMPLES, or *out not of *info; *out is unchanged on
 * error. */
int pintas_line_infer_run_until(const pintas_line_info *info,
                                const pintas_line_infer_params *params, uint64_t seed,
                                uint32_t first, uint32_t count, const volatile uint8_t *stop,
                                pintas_line_infer_result *out);

/* init + run of samples 0 .. samples - 1 (params NULL: the defaults). */
int pintas_line_infer(const pintas_line_info *info, const pintas_line_infer_params *params,
                      uint32_t samples, uint64_t seed, pintas_line_infer_result *out);

/* The index in out->moves of the best value (ties to the lower index), or -1
 * before any sample (or for NULL). */
int pintas_line_infer_best(const pintas_line_infer_result *out);

/* The weight PINTAS_INFER_WEIGHTED gives *state, a full state of the round
 * *info describes (the observer's hand and the line as the info has them):
 * the model's probability of the log's weighed placements, each relative to
 * a uniform choice (1 when nothing is weighed). params NULL: the defaults.
 * PINTAS_E_ARG for NULL, an info knowledge_of refuses, bad params or a state
 * that is not of the info (another line, another hand for the observer, or
 * one the engine cannot use). */
int pintas_line_infer_weight(const pintas_line_info *info,
                             const pintas_line_infer_params *params,
                             const pintas_line_state *state, double *weight);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_LINE_INFER_H */

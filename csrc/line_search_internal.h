/* line_search_internal.h - what line_search.c shares with line_infer.c: one
 * sample of a search and the outcome of a playout; not public API. */
#ifndef PINTAS_LINE_SEARCH_INTERNAL_H
#define PINTAS_LINE_SEARCH_INTERNAL_H

#include "pintas/line_search.h"

/* Sample i of a search with `seed` (pintas_line_search_run's): seeds *rng
 * from (seed, i) on PINTAS_LINE_SEARCH_STREAM and draws one state consistent
 * with *k (pintas_line_knowledge_of(info) already succeeded) into *out. */
void pintas__line_search_sample(const pintas_line_info *info, const pintas_line_knowledge *k,
                                uint64_t seed, uint64_t i, pintas_rng *rng,
                                pintas_line_state *out, uint8_t *relaxed);

/* The observer's legal moves (PINTAS_LINE_MAX_MOVES entries) and their
 * number, as pintas_line_search_init lists them; PINTAS_E_ILLEGAL if the
 * observer is not to move. */
int pintas__line_search_moves(const pintas_line_info *info, const pintas_line_knowledge *k,
                              pintas_line_move *moves, size_t *n);

/* A playout's outcome: the points the side of `seat` scored from *before to
 * *after, minus the most any other side scored. */
int32_t pintas__line_outcome(const pintas_line_state *before, const pintas_line_state *after,
                             unsigned seat);

#endif /* PINTAS_LINE_SEARCH_INTERNAL_H */

/* caminos_tracker.h - what an observer of a Caminos round knows, rebuilt from
 * the public events only (as a host does from a view's log), and the
 * pintas_caminos_info the search takes, built from it.
 *
 * Shared by csrc/tests/test_caminos_search.c and fuzz/fuzz_caminos_search.c
 * (which includes it as "tests/caminos_tracker.h"), so that both feed the
 * sampler and the search the same genuine views.
 */
#ifndef PINTAS_TEST_CAMINOS_TRACKER_H
#define PINTAS_TEST_CAMINOS_TRACKER_H

#include <stddef.h>
#include <string.h>

#include "pintas/caminos.h"
#include "pintas/caminos_search.h"

/* The public record of the round: the cohorts of every hand, the renewals'
 * order and the revealed tiles, as pintas._caminos_search.derive reads them
 * from a view's log. */
typedef struct tracker {
    unsigned pos; /* events since the round's DEAL (which is 0) */
    uint8_t n_cohorts[PINTAS_CAMINOS_MAX_SEATS];
    pintas_caminos_cohort cohort[PINTAS_CAMINOS_MAX_SEATS][PINTAS_CAMINOS_SEARCH_MAX_COHORTS];
    uint16_t since[PINTAS_TILE_COUNT];
    pintas_mask shown[PINTAS_CAMINOS_MAX_SEATS]; /* revealed this round and not placed */
} tracker;

/* A new round: every hand one cohort of the dealt tiles, nothing shown. */
static inline void tracker_round(tracker *t, const pintas_caminos_rules *r)
{
    unsigned s;
    memset(t, 0, sizeof *t);
    for (s = 0; s < r->players; ++s) {
        t->n_cohorts[s] = 1;
        t->cohort[s][0].tiles = r->hand_size;
    }
}

/* The numbers of the open sides (bit n for number n); taken before a play,
 * they are what a seat that draws or passes showed it lacked. */
static inline unsigned open_numbers(const pintas_caminos_state *s)
{
    unsigned numbers = 0;
    int i, side;
    for (i = 0; i < s->rules.paths; ++i)
        for (side = 0; side < 2; ++side) {
            int n = pintas_caminos_side_number(s, i, side);
            if (n >= 0)
                numbers |= 1u << n;
        }
    return numbers;
}

/* A draw by seat s opens a new cohort (the two oldest draws merged when the
 * list is full, as the binding does). */
static inline void tracker_draw(tracker *t, unsigned s)
{
    if (t->n_cohorts[s] == PINTAS_CAMINOS_SEARCH_MAX_COHORTS) {
        unsigned c;
        t->cohort[s][2].tiles = (uint8_t)(t->cohort[s][2].tiles + t->cohort[s][1].tiles);
        for (c = 1; c + 1 < t->n_cohorts[s]; ++c)
            t->cohort[s][c] = t->cohort[s][c + 1];
        --t->n_cohorts[s];
    }
    t->cohort[s][t->n_cohorts[s]].at = (uint16_t)t->pos;
    t->cohort[s][t->n_cohorts[s]].tiles = 1;
    t->cohort[s][t->n_cohorts[s]].voids = 0;
    ++t->n_cohorts[s];
}

/* Feed the n events of one play(); `after` is the state it left, `open` the
 * numbers open before it. The seat is masked to a valid index: the engine's
 * REVEAL, PLACE, DRAW and PASS always name a seat, and the fuzzer must not
 * read out of bounds whatever happens. */
static inline void tracker_events(tracker *t, const pintas_caminos_state *after,
                                  const pintas_caminos_event *ev, size_t n, unsigned open)
{
    size_t i;
    for (i = 0; i < n; ++i) {
        const pintas_caminos_event *e = &ev[i];
        unsigned s = e->seat & 3u, k;
        if (e->kind == PINTAS_CAMINOS_EV_DEAL) {
            tracker_round(t, &after->rules);
            continue;
        }
        ++t->pos;
        switch (e->kind) {
        case PINTAS_CAMINOS_EV_REVEAL:
            t->shown[s] |= PINTAS_BIT(e->tile);
            break;
        case PINTAS_CAMINOS_EV_PLACE:
            t->shown[s] &= ~PINTAS_BIT(e->tile);
            break;
        case PINTAS_CAMINOS_EV_CLOSE:
            if (e->reason == PINTAS_CAMINOS_WHY_RENEW)
                for (k = 0; k < PINTAS_TILE_COUNT; ++k)
                    if (e->tiles & PINTAS_BIT(k))
                        t->since[k] = (uint16_t)t->pos;
            break;
        case PINTAS_CAMINOS_EV_DRAW:
        case PINTAS_CAMINOS_EV_PASS:
            /* it lacked every open number: noted on its newest cohort, before a
             * draw opens the next */
            t->cohort[s][t->n_cohorts[s] - 1].voids |= (uint8_t)open;
            if (e->kind == PINTAS_CAMINOS_EV_DRAW)
                tracker_draw(t, s);
            break;
        default:
            break;
        }
    }
}

/* What the seat to move knows, from the state (what the table shows) and the
 * tracker (what the log said): no hidden field of the state is read. */
static inline void tracker_info(const pintas_caminos_state *s, const tracker *t,
                                pintas_caminos_info *k)
{
    unsigned i, seat = s->to_move;
    memset(k, 0, sizeof *k);
    k->rules = s->rules;
    memcpy(k->path, s->path, sizeof k->path);
    k->hand = s->hand[seat];
    k->discard = s->discard;
    memcpy(k->since, t->since, sizeof k->since);
    for (i = 0; i < s->rules.players; ++i) {
        k->hand_len[i] = (uint8_t)pintas_caminos_hand_size(s, (int)i);
        k->known[i] = i == seat ? 0 : t->shown[i];
        k->n_cohorts[i] = t->n_cohorts[i];
        memcpy(k->cohort[i], t->cohort[i], sizeof k->cohort[i]);
    }
    k->seat = (uint8_t)seat;
    k->pile_len = s->pile_len;
    k->passes = s->passes;
    k->out_seat = s->out_seat;
    k->last_turns = s->last_turns;
    k->starter = s->starter;
}

#endif /* PINTAS_TEST_CAMINOS_TRACKER_H */

/* caminos_sim.c - pintas_caminos_simulate: whole Caminos games of uniformly
 * random legal moves (the reveal choices too) through the public
 * legal()/play() path, for statistics and speed.
 *
 * Determinism: game i is pintas_caminos_new(rules, seed + i); the players'
 * choices come from one PCG32 seeded once with (seed, PINTAS_RNG_STREAM + 1)
 * for the whole batch; a choice among n legal moves is below(n), drawn only
 * when n > 1 (a forced move consumes no randomness).
 * Totals: rounds counts ROUND_END events; moves counts play() calls; blocked
 * counts ROUND_END with reason BLOCKED; closes counts CLOSE; ties counts TIE;
 * starts counts START per seat; points sums SCORE per seat; wins counts
 * GAME_END winners per seat (a shared win for each of them) and shared the
 * games with more than one winner; longest_round is the most play() calls
 * between a DEAL and the ROUND_END that closes it.
 */
#include <string.h>

#include "pintas/caminos.h"
#include "rng_internal.h"

static void tally(pintas_caminos_stats *st, const pintas_caminos_event *ev, size_t n,
                  uint64_t *round_moves)
{
    size_t i;
    unsigned seat;
    for (i = 0; i < n; ++i) {
        const pintas_caminos_event *e = &ev[i];
        switch (e->kind) {
        case PINTAS_CAMINOS_EV_ROUND_END:
            st->rounds++;
            if (e->reason == PINTAS_CAMINOS_WHY_BLOCKED)
                st->blocked++;
            if (*round_moves > st->longest_round)
                st->longest_round = *round_moves;
            *round_moves = 0;
            break;
        case PINTAS_CAMINOS_EV_CLOSE:
            st->closes++;
            break;
        case PINTAS_CAMINOS_EV_TIE:
            st->ties++;
            break;
        case PINTAS_CAMINOS_EV_START:
            if (e->seat < PINTAS_CAMINOS_MAX_SEATS)
                st->starts[e->seat]++;
            break;
        case PINTAS_CAMINOS_EV_SCORE:
            if (e->seat < PINTAS_CAMINOS_MAX_SEATS)
                st->points[e->seat] += e->value;
            break;
        case PINTAS_CAMINOS_EV_GAME_END:
            for (seat = 0; seat < PINTAS_CAMINOS_MAX_SEATS; ++seat)
                if (e->seats & (1u << seat))
                    st->wins[seat]++;
            if (e->seats & (e->seats - 1u))
                st->shared++;
            break;
        default:
            break;
        }
    }
}

int pintas_caminos_simulate(const pintas_caminos_rules *rules, uint64_t games, uint64_t seed,
                            pintas_caminos_stats *out)
{
    pintas_caminos_rules r;
    pintas_caminos_stats st;
    pintas_caminos_state s;
    pintas_rng choice;
    /* the moves are listed, one is copied out, then the events are written:
     * they never need the memory at once (a kilobyte less stack) */
    union {
        pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
        pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    } buf;
    pintas_caminos_event *ev = buf.ev;
    uint64_t g;
    if (!rules || !out)
        return PINTAS_E_ARG;
    if (pintas_caminos_rules_check(rules) != PINTAS_OK)
        return PINTAS_E_RULES;
    r = *rules;
    memset(&st, 0, sizeof st);
    pintas_rng_seed(&choice, seed, PINTAS_RNG_STREAM + 1u);
    for (g = 0; g < games; ++g) {
        size_t n_ev = 0, n = 0;
        uint64_t round_moves = 0;
        int status = pintas_caminos_new(&s, &r, seed + g, ev, PINTAS_CAMINOS_MAX_EVENTS, &n_ev);
        if (status != PINTAS_OK)
            return status;
        while (s.phase != PINTAS_CAMINOS_OVER) {
            pintas_caminos_move m;
            status = pintas_caminos_legal(&s, buf.moves, PINTAS_CAMINOS_MAX_MOVES, &n);
            if (status != PINTAS_OK || n == 0)
                return status != PINTAS_OK ? status : PINTAS_E_ARG;
            m = buf.moves[pintas__rng_choice(&choice, n)];
            status = pintas_caminos_play(&s, &m, ev, PINTAS_CAMINOS_MAX_EVENTS, &n_ev);
            if (status != PINTAS_OK)
                return status;
            st.moves++;
            round_moves++;
            tally(&st, ev, n_ev, &round_moves);
        }
        st.games++;
    }
    *out = st;
    return PINTAS_OK;
}

/* line_sim.c - pintas_line_simulate: whole games of uniformly random legal
 * moves through the public legal()/play() path, for statistics and speed.
 *
 * Determinism: game i is pintas_line_new(rules, seed + i); the players'
 * choices come from one PCG32 seeded once with (seed, PINTAS_RNG_STREAM + 1)
 * for the whole batch; a choice among n legal moves is below(n), drawn only
 * when n > 1 (a forced move consumes no randomness).
 * Totals: rounds counts every round dealt and played (the final round of a game
 * included, so a game that ends in round 5 adds 5); moves counts play() calls;
 * blocks counts ROUND_END events with reason BLOCK or BLOCK_TIE; points sums
 * SCORE events per side. The games are played by the engine's quiet calls
 * (line_internal.h), which count those events as they happen: no event
 * buffer on the stack.
 */
#include <string.h>

#include "pintas/line.h"
#include "line_internal.h"

int pintas_line_simulate(const pintas_line_rules *rules, uint64_t games, uint64_t seed,
                         pintas_line_stats *out)
{
    pintas_line_rules r;
    pintas_line_stats st;
    pintas_line_state s;
    pintas_rng choice;
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    pintas__line_quiet q;
    uint64_t g;
    if (!rules || !out)
        return PINTAS_E_ARG;
    if (pintas_line_rules_check(rules) != PINTAS_OK)
        return PINTAS_E_RULES;
    r = *rules;
    memset(&st, 0, sizeof st);
    q.tally = &st; /* the events are counted as they happen, never listed */
    pintas_rng_seed(&choice, seed, PINTAS_RNG_STREAM + 1u);
    for (g = 0; g < games; ++g) {
        int status = pintas__line_new_quiet(&s, &r, seed + g, &q);
        if (status != PINTAS_OK)
            return status;
        /* the engine's own states and moves: listed and played unchecked */
        while (s.phase == PINTAS_LINE_PLAYING) {
            size_t n = pintas__line_list_moves(&s, moves);
            pintas__line_play_listed_quiet(&s, &moves[pintas__rng_choice(&choice, n)], &q);
            st.moves++;
        }
        st.games++;
        st.rounds += s.round;
        {
            unsigned side, won = pintas_line_winners(&s);
            for (side = 0; side < PINTAS_LINE_MAX_SEATS; ++side)
                st.wins[side] += (won >> side) & 1u;
        }
    }
    *out = st;
    return PINTAS_OK;
}

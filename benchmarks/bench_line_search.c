/* bench_line_search.c - playouts per second of the line-game search
 * (pintas_line_search: one sampled deal per sample, then one playout per
 * legal move), single thread, for both default policies.
 *
 * Usage: bench_line_search [samples-per-search]   (default 2000)
 * Positions: 32 mid-round states per preset (random legal moves from fixed
 * seeds, the seat to move holding two or more legal moves). For each preset
 * and policy it runs 5 timed passes over the positions (after a warm-up) and
 * prints the median playouts/s, samples/s (deal + its playouts) and ns per
 * playout by wall clock (CLOCK_MONOTONIC), and the median playouts/s by this
 * thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which leaves out the time other
 * processes took the core on a busy machine.
 */
#include "bench.h"

#include <string.h>

#include "pintas/line_search.h"
#include "pintas/pintas.h"

#define POSITIONS 32

static const line_preset PRESETS[] = {
    {"dominican pairs", PINTAS_LINE_DOMINICAN, 4, 1},
    {"muggins 2", PINTAS_LINE_MUGGINS, 2, 0},
    {"muggins 3", PINTAS_LINE_MUGGINS, 3, 0},
    {"capicua 4", PINTAS_LINE_CAPICUA, 4, 0},
};

/* A mid-round position and the public log of its round, as a seat sees it. */
static int make_position(const pintas_line_rules *rules, uint64_t seed, pintas_line_info *info)
{
    pintas_line_state st;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    pintas_rng rng;
    size_t n = 0, k = 0, i;
    unsigned steps, target;
    pintas_rng_seed(&rng, seed, 77);
    if (pintas_line_new(&st, rules, seed, ev, PINTAS_LINE_MAX_EVENTS, &n) != PINTAS_OK)
        return 0;
    memset(info, 0, sizeof *info);
    target = 3 + pintas_rng_below(&rng, 12);
    for (steps = 0; steps < 200; ++steps) {
        pintas_line_legal(&st, moves, PINTAS_LINE_MAX_MOVES, &k);
        if (st.round != 1 || st.phase != PINTAS_LINE_PLAYING)
            return 0;
        if (st.line_len >= target && k >= 2)
            break;
        pintas_line_play(&st, &moves[pintas_rng_below(&rng, (uint32_t)k)], ev,
                         PINTAS_LINE_MAX_EVENTS, &n);
        for (i = 0; i < n && info->log_len < PINTAS_LINE_INFO_MAX_LOG; ++i) {
            pintas_line_log_entry *e = &info->log[info->log_len];
            if (ev[i].kind != PINTAS_EV_PLAY && ev[i].kind != PINTAS_EV_DRAW &&
                ev[i].kind != PINTAS_EV_PASS)
                continue;
            e->kind = ev[i].kind == PINTAS_EV_PLAY   ? PINTAS_MOVE_PLAY
                      : ev[i].kind == PINTAS_EV_DRAW ? PINTAS_MOVE_DRAW
                                                     : PINTAS_MOVE_PASS;
            e->seat = ev[i].seat;
            e->tile = ev[i].kind == PINTAS_EV_PLAY ? ev[i].tile : PINTAS_NO_TILE;
            e->end = ev[i].kind == PINTAS_EV_PLAY ? ev[i].end : 0;
            info->log_len++;
        }
    }
    if (k < 2 || st.round != 1)
        return 0;
    info->rules = st.rules;
    memcpy(info->score, st.score, sizeof info->score);
    info->hand = st.hand[st.to_move];
    info->seat = st.to_move;
    info->leader = st.leader;
    info->forced_tile = PINTAS_NO_TILE;
    info->round = st.round;
    return 1;
}

int main(int argc, char **argv)
{
    static pintas_line_info infos[POSITIONS];
    unsigned long samples = count_arg(argc, argv, 2000ul);
    size_t c;
    printf("%-16s %-7s %12s %11s %11s %16s\n", "preset", "policy", "playouts/s", "samples/s",
           "ns/playout", "cpu playouts/s");
    for (c = 0; c < COUNT_OF(PRESETS); ++c) {
        pintas_line_rules rules;
        unsigned made = 0, policy;
        uint64_t seed = 1;
        if (pintas_line_rules_preset(&rules, PRESETS[c].game, PRESETS[c].players,
                                     PRESETS[c].pairs) != PINTAS_OK)
            return 1;
        while (made < POSITIONS && seed < 100000)
            made += (unsigned)make_position(&rules, seed++, &infos[made]);
        for (policy = 0; policy <= 1; ++policy) {
            double playout_rate[RUNS], sample_rate[RUNS], cpu_rate[RUNS];
            int run;
            for (run = -1; run < RUNS; ++run) {
                stopwatch t = stopwatch_start();
                unsigned long playouts = 0, done = 0;
                unsigned p;
                for (p = 0; p < made; ++p) {
                    pintas_line_search_result res;
                    uint32_t per = (uint32_t)(samples / made + 1);
                    if (pintas_line_search(&infos[p], per, (uint64_t)run + 7u, (int)policy,
                                           &res) != PINTAS_OK)
                        return 1;
                    playouts += (unsigned long)res.samples * res.n_moves;
                    done += res.samples;
                }
                t = stopwatch_read(t);
                if (run >= 0) {
                    playout_rate[run] = (double)playouts / t.wall;
                    sample_rate[run] = (double)done / t.wall;
                    cpu_rate[run] = (double)playouts / t.cpu;
                }
            }
            printf("%-16s %-7s %12.0f %11.0f %11.1f %16.0f\n", PRESETS[c].name,
                   policy == PINTAS_POLICY_RANDOM ? "random" : "greedy", median(playout_rate),
                   median(sample_rate), 1e9 / median(playout_rate), median(cpu_rate));
        }
    }
    return 0;
}

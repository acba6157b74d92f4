/* bench_line.c - rounds per second of pintas_line_simulate (uniformly random
 * legal moves through the public legal()/play() path), single thread.
 *
 * Usage: bench_line [games-per-run]   (default 20000)
 * For each preset it runs 5 timed runs (after one warm-up) and prints the
 * median rounds/s and moves/s by wall clock (CLOCK_MONOTONIC) and the median
 * rounds/s by this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which leaves
 * out the time other processes took the core on a busy machine.
 */
#include "bench.h"

#include "pintas/pintas.h"

static const line_preset PRESETS[] = {
    {"dominican pairs", PINTAS_LINE_DOMINICAN, 4, 1},
    {"muggins 2", PINTAS_LINE_MUGGINS, 2, 0},
    {"muggins 3", PINTAS_LINE_MUGGINS, 3, 0},
    {"muggins 4", PINTAS_LINE_MUGGINS, 4, 0},
    {"capicua 2", PINTAS_LINE_CAPICUA, 2, 0},
    {"capicua 4", PINTAS_LINE_CAPICUA, 4, 0},
};

int main(int argc, char **argv)
{
    unsigned long games = count_arg(argc, argv, 20000ul);
    size_t c;
    printf("%-16s %14s %14s %10s %16s\n", "preset", "rounds/s", "moves/s", "ns/move",
           "cpu rounds/s");
    for (c = 0; c < COUNT_OF(PRESETS); ++c) {
        pintas_line_rules rules;
        sim_rates rate;
        if (pintas_line_rules_preset(&rules, PRESETS[c].game, PRESETS[c].players,
                                     PRESETS[c].pairs) != PINTAS_OK ||
            time_simulate(&pintas_line_engine, &rules, games, &rate) != 0)
            return 1;
        printf("%-16s %14.0f %14.0f %10.1f %16.0f\n", PRESETS[c].name, rate.rounds, rate.moves,
               1e9 / rate.moves, rate.cpu_rounds);
    }
    return 0;
}

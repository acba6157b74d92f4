/* bench_line.c - rounds per second of pintas_line_simulate (uniformly random
 * legal moves through the public legal()/play() path), single thread.
 *
 * Usage: bench_line [games-per-run]   (default 20000)
 * For each preset it runs 5 timed runs (after one warm-up) and prints the
 * median rounds/s and moves/s by wall clock (CLOCK_MONOTONIC) and the median
 * rounds/s by this thread's CPU time (CLOCK_THREAD_CPUTIME_ID), which leaves
 * out the time other processes took the core on a busy machine.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pintas/pintas.h"

#define RUNS 5

typedef struct config {
    const char *name;
    int game, players, pairs;
} config;

static const config CONFIGS[] = {
    {"dominican pairs", PINTAS_LINE_DOMINICAN, 4, 1},
    {"muggins 2", PINTAS_LINE_MUGGINS, 2, 0},
    {"muggins 3", PINTAS_LINE_MUGGINS, 3, 0},
    {"muggins 4", PINTAS_LINE_MUGGINS, 4, 0},
    {"capicua 2", PINTAS_LINE_CAPICUA, 2, 0},
    {"capicua 4", PINTAS_LINE_CAPICUA, 4, 0},
};

static double seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    unsigned long games = argc > 1 ? strtoul(argv[1], NULL, 10) : 20000ul;
    size_t c;
    printf("%-16s %14s %14s %10s %16s\n", "preset", "rounds/s", "moves/s", "ns/move",
           "cpu rounds/s");
    for (c = 0; c < sizeof CONFIGS / sizeof CONFIGS[0]; ++c) {
        pintas_line_rules rules;
        pintas_line_stats st;
        double rounds_rate[RUNS], moves_rate[RUNS], cpu_rate[RUNS];
        int run;
        if (pintas_line_rules_preset(&rules, CONFIGS[c].game, CONFIGS[c].players,
                                     CONFIGS[c].pairs) != PINTAS_OK)
            return 1;
        pintas_line_simulate(&rules, games / 10 + 1, 999, &st); /* warm-up */
        for (run = 0; run < RUNS; ++run) {
            double t0 = seconds(CLOCK_MONOTONIC), c0 = seconds(CLOCK_THREAD_CPUTIME_ID), dt;
            if (pintas_line_simulate(&rules, games, (uint64_t)run * 1000003u, &st) != PINTAS_OK)
                return 1;
            dt = seconds(CLOCK_MONOTONIC) - t0;
            cpu_rate[run] = (double)st.rounds / (seconds(CLOCK_THREAD_CPUTIME_ID) - c0);
            rounds_rate[run] = (double)st.rounds / dt;
            moves_rate[run] = (double)st.moves / dt;
        }
        qsort(rounds_rate, RUNS, sizeof(double), by_value);
        qsort(moves_rate, RUNS, sizeof(double), by_value);
        qsort(cpu_rate, RUNS, sizeof(double), by_value);
        printf("%-16s %14.0f %14.0f %10.1f %16.0f\n", CONFIGS[c].name, rounds_rate[RUNS / 2],
               moves_rate[RUNS / 2], 1e9 / moves_rate[RUNS / 2], cpu_rate[RUNS / 2]);
    }
    return 0;
}

/* bench_caminos.c - rounds per second of pintas_caminos_simulate (uniformly
 * random legal moves, reveal choices included, through the public
 * legal()/play() path), single thread.
 *
 * Usage: bench_caminos [games-per-run]   (default 20000)
 * For each preset it runs 5 timed runs (after one warm-up) and prints the
 * median rounds/s and moves/s. Timing uses clock_gettime(CLOCK_MONOTONIC).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pintas/pintas.h"
#include "pintas/caminos.h"

#define RUNS 5

typedef struct config {
    const char *name;
    int variant, players;
} config;

static const config CONFIGS[] = {
    {"base 2", PINTAS_CAMINOS_BASE, 2},
    {"base 3", PINTAS_CAMINOS_BASE, 3},
    {"base 4", PINTAS_CAMINOS_BASE, 4},
    {"no_renewal 3", PINTAS_CAMINOS_NO_RENEWAL, 3},
    {"no_renewal 4", PINTAS_CAMINOS_NO_RENEWAL, 4},
    {"two_paths 2", PINTAS_CAMINOS_TWO_PATHS, 2},
    {"two_paths 4", PINTAS_CAMINOS_TWO_PATHS, 4},
};

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
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
    printf("%-16s %14s %14s %10s %10s\n", "preset", "rounds/s", "moves/s", "ns/move",
           "moves/rnd");
    for (c = 0; c < sizeof CONFIGS / sizeof CONFIGS[0]; ++c) {
        pintas_caminos_rules rules;
        pintas_caminos_stats st;
        double rounds_rate[RUNS], moves_rate[RUNS];
        int run;
        if (pintas_caminos_rules_preset(&rules, CONFIGS[c].variant, CONFIGS[c].players) !=
            PINTAS_OK)
            return 1;
        pintas_caminos_simulate(&rules, games / 10 + 1, 999, &st); /* warm-up */
        for (run = 0; run < RUNS; ++run) {
            double t0 = now_seconds(), dt;
            if (pintas_caminos_simulate(&rules, games, (uint64_t)run * 1000003u, &st) !=
                PINTAS_OK)
                return 1;
            dt = now_seconds() - t0;
            rounds_rate[run] = (double)st.rounds / dt;
            moves_rate[run] = (double)st.moves / dt;
        }
        qsort(rounds_rate, RUNS, sizeof(double), by_value);
        qsort(moves_rate, RUNS, sizeof(double), by_value);
        printf("%-16s %14.0f %14.0f %10.1f %10.1f\n", CONFIGS[c].name, rounds_rate[RUNS / 2],
               moves_rate[RUNS / 2], 1e9 / moves_rate[RUNS / 2],
               moves_rate[RUNS / 2] / rounds_rate[RUNS / 2]);
    }
    return 0;
}

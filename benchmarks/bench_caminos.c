/* bench_caminos.c - rounds per second of pintas_caminos_simulate (uniformly
 * random legal moves, reveal choices included, through the public
 * legal()/play() path), single thread.
 *
 * Usage: bench_caminos [games-per-run]   (default 20000)
 * For each preset it runs 5 timed runs (after one warm-up) and prints the
 * median rounds/s and moves/s. Timing uses clock_gettime(CLOCK_MONOTONIC).
 */
#include "bench.h"

#include "pintas/pintas.h"
#include "pintas/caminos.h"

/* A Caminos preset to time: the name printed and the arguments of
 * pintas_caminos_rules_preset. */
typedef struct caminos_preset {
    const char *name;
    int variant, players;
} caminos_preset;

static const caminos_preset PRESETS[] = {
    {"base 2", PINTAS_CAMINOS_BASE, 2},
    {"base 3", PINTAS_CAMINOS_BASE, 3},
    {"base 4", PINTAS_CAMINOS_BASE, 4},
    {"no_renewal 3", PINTAS_CAMINOS_NO_RENEWAL, 3},
    {"no_renewal 4", PINTAS_CAMINOS_NO_RENEWAL, 4},
    {"two_paths 2", PINTAS_CAMINOS_TWO_PATHS, 2},
    {"two_paths 4", PINTAS_CAMINOS_TWO_PATHS, 4},
};

int main(int argc, char **argv)
{
    unsigned long games = count_arg(argc, argv, 20000ul);
    size_t c;
    printf("%-16s %14s %14s %10s %10s\n", "preset", "rounds/s", "moves/s", "ns/move",
           "moves/rnd");
    for (c = 0; c < COUNT_OF(PRESETS); ++c) {
        pintas_caminos_rules rules;
        sim_rates rate;
        if (pintas_caminos_rules_preset(&rules, PRESETS[c].variant, PRESETS[c].players) !=
                PINTAS_OK ||
            time_simulate(&pintas_caminos_engine, &rules, games, &rate) != 0)
            return 1;
        printf("%-16s %14.0f %14.0f %10.1f %10.1f\n", PRESETS[c].name, rate.rounds, rate.moves,
               1e9 / rate.moves, rate.moves / rate.rounds);
    }
    return 0;
}

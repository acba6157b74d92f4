/* bench.h - the clocks and the median of the C micro-benchmarks. Include it
 * first: it asks for the POSIX clocks before any system header. */
#ifndef PINTAS_BENCH_H
#define PINTAS_BENCH_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 199309L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "pintas/pintas.h"

/* Timed runs per figure; every figure printed is their median. */
#define RUNS 5

#define COUNT_OF(array) (sizeof(array) / sizeof((array)[0]))

/* A line-game preset to time: the name printed and the arguments of
 * pintas_line_rules_preset (game, players, pairs). */
typedef struct line_preset {
    const char *name;
    int game, players, pairs;
} line_preset;

/* The program's one optional argument, a count (of games, of samples...). */
static inline unsigned long count_arg(int argc, char **argv, unsigned long fallback)
{
    return argc > 1 ? strtoul(argv[1], NULL, 10) : fallback;
}

static inline double seconds(clockid_t clock)
{
    struct timespec ts;
    clock_gettime(clock, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Wall-clock seconds (CLOCK_MONOTONIC). */
static inline double now(void)
{
    return seconds(CLOCK_MONOTONIC);
}

/* Wall-clock and this thread's CPU seconds (CLOCK_THREAD_CPUTIME_ID): the
 * CPU time leaves out the time other processes took the core on a busy
 * machine. */
typedef struct stopwatch {
    double wall, cpu;
} stopwatch;

static inline stopwatch stopwatch_start(void)
{
    stopwatch w;
    w.wall = now();
    w.cpu = seconds(CLOCK_THREAD_CPUTIME_ID);
    return w;
}

/* The time since `start`. */
static inline stopwatch stopwatch_read(stopwatch start)
{
    stopwatch w;
    w.wall = now() - start.wall;
    w.cpu = seconds(CLOCK_THREAD_CPUTIME_ID) - start.cpu;
    return w;
}

static inline int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The median of RUNS figures (sorts them). */
static inline double median(double *v)
{
    qsort(v, RUNS, sizeof v[0], by_value);
    return v[RUNS / 2];
}

/* The medians of RUNS timed runs of a tile game's simulate, through its
 * engine table: rounds and moves a wall-clock second, rounds a CPU second. */
typedef struct sim_rates {
    double rounds, moves, cpu_rounds;
} sim_rates;

/* Times e->simulate on rules, `games` games a run (seeds run * 1000003),
 * after a warm-up of games / 10 + 1 games; 0, or 1 if a run fails. */
static inline int time_simulate(const pintas_engine *e, const void *rules, unsigned long games,
                                sim_rates *out)
{
    union {
        pintas_line_stats line; /* games, rounds, moves first, as in Caminos' */
        pintas_caminos_stats caminos;
    } st;
    double rounds[RUNS], moves[RUNS], cpu_rounds[RUNS];
    int run;
    e->simulate(rules, games / 10 + 1, 999, &st); /* warm-up */
    for (run = 0; run < RUNS; ++run) {
        stopwatch t = stopwatch_start();
        if (e->simulate(rules, games, (uint64_t)run * 1000003u, &st) != PINTAS_OK)
            return 1;
        t = stopwatch_read(t);
        rounds[run] = (double)st.line.rounds / t.wall;
        moves[run] = (double)st.line.moves / t.wall;
        cpu_rounds[run] = (double)st.line.rounds / t.cpu;
    }
    out->rounds = median(rounds);
    out->moves = median(moves);
    out->cpu_rounds = median(cpu_rounds);
    return 0;
}

#endif /* PINTAS_BENCH_H */

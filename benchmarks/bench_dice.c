/* bench_dice.c - micro-benchmarks of the dice core: scoring lookups, legal-keep
 * enumerations, a game move, and the single-turn solver for both presets.
 * Every figure is the median of 5 runs. Build with CMAKE_BUILD_TYPE=Release:
 *   cmake -S . -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build --target bench_dice
 *   build/bench_dice
 */
#include "bench.h"

#include "pintas/dice.h"

#define N_SETS 4096

static pintas_dice_set g_rolls[N_SETS]; /* random rolls of six dice */
static volatile long long g_sink;

static void make_rolls(void)
{
    pintas_rng rng;
    int i, k;
    pintas_rng_seed(&rng, 2024, PINTAS_RNG_STREAM);
    for (i = 0; i < N_SETS; ++i) {
        pintas_dice_set s = 0;
        for (k = 0; k < 6; ++k)
            s += PINTAS_DICE_SET_ONE(1 + pintas_rng_below(&rng, 6));
        g_rolls[i] = s;
    }
}

/* Lookups per second over the rolls, 1000 passes: of each roll's score, or
 * of its best keep. */
static double lookup_rate(const pintas_dice_table *t, int best_keep)
{
    long long acc = 0;
    double t0 = now(), dt;
    int rep, i;
    for (rep = 0; rep < 1000; ++rep)
        for (i = 0; i < N_SETS; ++i)
            acc += best_keep ? pintas_dice_best_keep(t, g_rolls[i])
                             : pintas_dice_score(t, g_rolls[i]);
    dt = now() - t0;
    g_sink += acc;
    return 1000.0 * N_SETS / dt;
}

/* Keep lists per second over the rolls, `reps` passes: from the table, or
 * scored afresh from the rules when t is NULL. */
static double keeps_rate(const pintas_dice_table *t, const pintas_dice_rules *r, int reps)
{
    long long acc = 0;
    double t0 = now(), dt;
    int rep, i;
    for (rep = 0; rep < reps; ++rep) {
        for (i = 0; i < N_SETS; ++i) {
            pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
            size_t n = 0;
            if (t != NULL)
                pintas_dice_keeps(t, g_rolls[i], 0, ks, PINTAS_DICE_MAX_KEEPS, &n);
            else
                pintas_dice_keeps_rules(r, g_rolls[i], 0, ks, PINTAS_DICE_MAX_KEEPS, &n);
            acc += (long long)n;
        }
    }
    dt = now() - t0;
    g_sink += acc;
    return (double)reps * N_SETS / dt;
}

static void bench_scoring(const char *name, const pintas_dice_rules *r)
{
    pintas_dice_table t;
    double rate[RUNS], rate_best[RUNS], rate_keeps[RUNS], rate_keeps_rules[RUNS], t_init[RUNS];
    int run;
    for (run = 0; run < RUNS; ++run) {
        double t0 = now();
        pintas_dice_table_init(&t, r);
        t_init[run] = now() - t0;
        rate[run] = lookup_rate(&t, 0);
        rate_best[run] = lookup_rate(&t, 1);
        rate_keeps[run] = keeps_rate(&t, r, 50);
        rate_keeps_rules[run] = keeps_rate(NULL, r, 5);
    }
    printf("%-13s table_init %8.1f us | score %7.1f M/s | best_keep %7.1f M/s | "
           "keeps(table) %6.2f M/s | keeps(rules) %6.3f M/s\n",
           name, median(t_init) * 1e6, median(rate) / 1e6, median(rate_best) / 1e6,
           median(rate_keeps) / 1e6, median(rate_keeps_rules) / 1e6);
}

static void bench_game(const char *name, const pintas_dice_rules *r)
{
    double rate[RUNS];
    int run;
    for (run = 0; run < RUNS; ++run) {
        pintas_dice_state s;
        pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
        long moves = 0;
        double t0 = now();
        uint64_t game = 0;
        while (moves < 300000) {
            pintas_dice_new(&s, r, 4, 0, game++);
            while (s.phase != PINTAS_DICE_OVER && moves < 300000) {
                pintas_dice_moves lm;
                pintas_dice_move m = {0, 0, {0}, 0};
                size_t n = 0, i, best = 0;
                pintas_dice_legal(&s, &lm);
                if (lm.n_keeps > 0) {
                    m.kind = PINTAS_DICE_KEEP;
                    for (i = 1; i < lm.n_keeps; ++i)
                        if (lm.keeps[i].points > lm.keeps[best].points)
                            best = i;
                    m.keep = lm.keeps[best].keep;
                } else if (lm.can_bank && pintas_dice_turn_total(&s) >= 3000) {
                    m.kind = PINTAS_DICE_BANK;
                } else {
                    m.kind = PINTAS_DICE_ROLL;
                }
                pintas_dice_play(&s, &m, ev, PINTAS_DICE_MAX_EVENTS, &n);
                ++moves;
            }
        }
        rate[run] = (double)moves / (now() - t0);
    }
    printf("%-13s game: legal + play %8.0f moves/s (greedy 4-player games)\n", name,
           median(rate));
}

static void bench_solver(const char *name, const pintas_dice_rules *r)
{
    double secs[RUNS];
    size_t size = pintas_dice_solve_workspace_size(r);
    void *mem = malloc(size);
    const pintas_dice_policy *p = NULL;
    int run;
    double t_size[RUNS];
    if (mem == NULL)
        return;
    for (run = 0; run < RUNS; ++run) {
        double t0 = now();
        (void)pintas_dice_solve_workspace_size(r);
        t_size[run] = now() - t0;
        t0 = now();
        pintas_dice_solve(r, 0, mem, size, &p);
        secs[run] = now() - t0;
    }
    printf("%-13s solver: %7.2f ms (workspace_size %5.2f ms), workspace %zu bytes, "
           "%u pool states x %u units, expected turn score %.2f\n",
           name, median(secs) * 1e3, median(t_size) * 1e3, size, p->n_states, p->cap_units,
           pintas_dice_policy_expected(p));
    free(mem);
}

int main(void)
{
    pintas_dice_rules doom, farkle;
    pintas_dice_rules_dice_of_doom(&doom);
    pintas_dice_rules_farkle(&farkle);
    make_rolls();
    printf("pintas %s bench_dice (median of %d runs)\n", pintas_version(), RUNS);
    bench_scoring("dice_of_doom", &doom);
    bench_scoring("farkle", &farkle);
    bench_game("dice_of_doom", &doom);
    bench_game("farkle", &farkle);
    bench_solver("dice_of_doom", &doom);
    bench_solver("farkle", &farkle);
    printf("sizeof: pintas_dice_state %zu, pintas_dice_table %zu, pintas_dice_policy header %zu, "
           "pintas_dice_rules %zu, pintas_dice_moves %zu\n",
           sizeof(pintas_dice_state), sizeof(pintas_dice_table), sizeof(pintas_dice_policy),
           sizeof(pintas_dice_rules), sizeof(pintas_dice_moves));
    return g_sink == 42 ? 1 : 0;
}

/* test_line_infer.c - the stronger line-game search (pintas/line_infer.h).
 *
 *  - parameters: the defaults pass the check, anything out of range is refused;
 *  - with no lever it is the search: the same totals as pintas_line_search,
 *    every weight 1;
 *  - determinism for a seed, batches == one call, a stop flag;
 *  - the model's weights: a scripted Dominican round where a seat answered
 *    the lead from its long number: a deal that gives it that long number
 *    weighs more than a uniform choice, one where it played against its
 *    longer number weighs less, and a seat with one placement weighs 1;
 *  - the hidden tiles: two games that differ only in tiles hidden from the
 *    observer give the same totals;
 *  - the scripted winning move of test_line_search.c is found with every lever;
 *  - bad input (NULLs, mutated infos, results of another info).
 */
#include <string.h>

#include "check.h"
#include "line_info.h"
#include "line_tiles.h"
#include "pintas/line_infer.h"
#include "pintas/pintas.h"

/* tracked_scripted, checked. */
static int scripted(tracked *g, const char *a, const char *b, const char *const *script,
                    size_t n_script)
{
    return CHECK(tracked_scripted(g, a, b, script, n_script));
}

static void test_params(void)
{
    pintas_line_infer_params p, bad;
    double zero = 0.0;
    CHECK_EQ(pintas_line_infer_defaults(NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer_params_check(NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer_defaults(&p), PINTAS_OK);
    CHECK_EQ(p.levers, PINTAS_INFER_ALL);
    CHECK_EQ(pintas_line_infer_params_check(&p), PINTAS_OK);
    bad = p;
    bad.levers = 4;
    CHECK_EQ(pintas_line_infer_params_check(&bad), PINTAS_E_ARG);
    bad = p;
    bad.reserved = 1;
    CHECK_EQ(pintas_line_infer_params_check(&bad), PINTAS_E_ARG);
    bad = p;
    bad.playout_temperature = 0.0;
    CHECK_EQ(pintas_line_infer_params_check(&bad), PINTAS_E_ARG);
    bad = p;
    bad.model_temperature = zero / zero; /* NaN */
    CHECK_EQ(pintas_line_infer_params_check(&bad), PINTAS_E_ARG);
    bad = p;
    bad.model_temperature = 1.0 / zero; /* infinity */
    CHECK_EQ(pintas_line_infer_params_check(&bad), PINTAS_E_ARG);
    bad = p;
    bad.model_mix = 1.5;
    CHECK_EQ(pintas_line_infer_params_check(&bad), PINTAS_E_ARG);
    bad.model_mix = -0.1;
    CHECK_EQ(pintas_line_infer_params_check(&bad), PINTAS_E_ARG);
    bad.model_mix = 1.0;
    CHECK_EQ(pintas_line_infer_params_check(&bad), PINTAS_OK);
}

/* A Dominican pairs game after `moves` random moves, and its mover's info. */
static void random_position(tracked *g, pintas_line_info *info, uint64_t seed, unsigned moves)
{
    pintas_line_rules r;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_rng rng;
    size_t n = 0, k = 0, i;
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 4, 1), PINTAS_OK);
    memset(g, 0, sizeof *g);
    CHECK_EQ(pintas_line_new(&g->st, &r, seed, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    tracked_record(g, ev, n);
    pintas_rng_seed(&rng, seed, 3);
    for (i = 0; i < moves; ++i) {
        pintas_line_move legal[PINTAS_LINE_MAX_MOVES];
        CHECK_EQ(pintas_line_legal(&g->st, legal, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
        CHECK_EQ(pintas_line_play(&g->st, &legal[pintas_rng_below(&rng, (uint32_t)n)], ev,
                                  PINTAS_LINE_MAX_EVENTS, &k),
                 PINTAS_OK);
        tracked_record(g, ev, k);
    }
    tracked_info(g, g->st.to_move, info);
}

static void test_no_lever_is_the_search(void)
{
    tracked g;
    pintas_line_info info;
    pintas_line_infer_params p;
    pintas_line_infer_result r;
    pintas_line_search_result s;
    uint64_t seed;
    unsigned i, compared = 0;
    pintas_line_infer_defaults(&p);
    p.levers = 0;
    for (seed = 1; seed <= 6; ++seed) {
        random_position(&g, &info, seed, 5 + (unsigned)seed);
        CHECK_EQ(pintas_line_infer(&info, &p, 40, seed, &r), PINTAS_OK);
        CHECK_EQ(pintas_line_search(&info, 40, seed, PINTAS_POLICY_RANDOM, &s), PINTAS_OK);
        CHECK_EQ(r.n_moves, s.n_moves);
        CHECK_EQ(r.samples, 40);
        CHECK(r.weight == 40.0);
        CHECK(memcmp(r.moves, s.moves, r.n_moves * sizeof r.moves[0]) == 0);
        for (i = 0; i < r.n_moves; ++i, ++compared)
            CHECK(r.total[i] == (double)s.total[i]);
    }
    CHECK(compared > 6);
}

static void test_determinism(void)
{
    tracked g;
    pintas_line_info info;
    pintas_line_infer_result a, b, c;
    pintas_line_infer_params p;
    volatile uint8_t stop = 0;
    pintas_line_infer_defaults(&p);
    random_position(&g, &info, 11, 9);
    CHECK_EQ(pintas_line_infer(&info, NULL, 50, 9, &a), PINTAS_OK);
    CHECK_EQ(pintas_line_infer(&info, &p, 50, 9, &b), PINTAS_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    CHECK_EQ(a.samples, 50);
    CHECK(a.weight > 0.0);
    CHECK_EQ(pintas_line_infer_init(&info, &c), PINTAS_OK);
    CHECK_EQ(pintas_line_infer_run_until(&info, &p, 9, 0, 17, NULL, &c), PINTAS_OK);
    CHECK_EQ(pintas_line_infer_run_until(&info, &p, 9, 17, 33, &stop, &c), PINTAS_OK);
    CHECK(memcmp(&a, &c, sizeof a) == 0);
    stop = 1;
    CHECK_EQ(pintas_line_infer_run_until(&info, &p, 9, 50, 50, &stop, &c), PINTAS_OK);
    CHECK(memcmp(&a, &c, sizeof a) == 0); /* a raised flag runs no sample */
    CHECK_EQ(pintas_line_infer(&info, &p, 50, 10, &b), PINTAS_OK);
    CHECK(memcmp(a.total, b.total, sizeof a.total) != 0);
    CHECK(pintas_line_infer_best(&a) >= 0);
    CHECK_EQ(pintas_line_infer_best(NULL), -1);
    CHECK_EQ(pintas_line_infer_init(&info, &c), PINTAS_OK);
    CHECK_EQ(pintas_line_infer_best(&c), -1); /* no sample yet */
}

/* Seat 0 leads 6|6 (forced), seat 1 answers 6|5; the observer is seat 0. */
static const char *const LEAD[] = {"6|6L", "6|5L"};
#define OBSERVER "6|6 3|2 3|1 3|0 2|1 2|0 1|0"

static double weight_of(const char *seat1)
{
    tracked g;
    pintas_line_info info;
    double w = -1.0;
    if (!scripted(&g, OBSERVER, seat1, LEAD, 2))
        return -1.0;
    tracked_info(&g, 0, &info);
    CHECK_EQ(pintas_line_infer_weight(&info, NULL, &g.st, &w), PINTAS_OK);
    return w;
}

static void test_weights(void)
{
    /* 6|5 opened the number seat 1 holds three more of (6|1 would open a 1) */
    double long_suit = weight_of("6|5 6|1 5|4 5|3 5|2 0|0 4|1");
    /* 6|5 opened a number it lacks, though 6|4 would have opened its four 4s */
    double against = weight_of("6|5 6|4 4|4 4|3 4|2 4|1 0|0");
    /* its only 6: no choice, nothing to weigh */
    double forced = weight_of("6|5 5|4 5|3 4|4 4|2 4|1 0|0");
    CHECK(long_suit > 1.0);
    CHECK(against > 0.0 && against < 1.0);
    CHECK(forced == 1.0);
}

/* Move one tile of *a to *b and one of *b to *a. */
static void swap_one(pintas_mask *a, pintas_mask *b)
{
    pintas_mask x = *a & (0u - *a), y = *b & (0u - *b);
    *a = (*a & ~x) | y;
    *b = (*b & ~y) | x;
}

static void test_hidden_tiles(void)
{
    /* seat 0 passes at (5, 6); the observer, seat 1, sees the same round
     * whichever of seat 0's tiles lie set aside instead: the same search */
    static const char *const PLAY[] = {"6|6L", "6|5L", "pass"};
    tracked g1, g2;
    pintas_line_info i1, i2;
    pintas_line_infer_result r1, r2;
    if (!scripted(&g1, OBSERVER, "6|5 6|1 5|4 5|3 5|2 0|0 4|1", PLAY, 3))
        return;
    CHECK_EQ(g1.st.to_move, 1);
    g2 = g1;
    swap_one(&g2.st.hand[0], &g2.st.aside);
    CHECK(g2.st.hand[0] != g1.st.hand[0]);
    tracked_info(&g1, 1, &i1);
    tracked_info(&g2, 1, &i2);
    CHECK(memcmp(&i1, &i2, sizeof i1) == 0);
    CHECK_EQ(pintas_line_infer(&i1, NULL, 30, 4, &r1), PINTAS_OK);
    CHECK_EQ(pintas_line_infer(&i2, NULL, 30, 4, &r2), PINTAS_OK);
    CHECK(memcmp(&r1, &r2, sizeof r1) == 0);
}

/* The winning move of tracked_winning_move, found with every lever. */
static void test_winning_move(void)
{
    tracked g;
    pintas_line_info info;
    pintas_line_infer_params p;
    pintas_line_infer_result r;
    uint32_t levers;
    int best;
    if (!CHECK(tracked_winning_move(&g)))
        return;
    tracked_info(&g, 1, &info);
    pintas_line_infer_defaults(&p);
    for (levers = 0; levers <= PINTAS_INFER_ALL; ++levers) {
        p.levers = levers;
        CHECK_EQ(pintas_line_infer(&info, &p, 100, 3, &r), PINTAS_OK);
        CHECK_EQ(r.n_moves, 2);
        best = pintas_line_infer_best(&r);
        CHECK_EQ(r.moves[best].tile, PINTAS_TILE(2, 2));
        CHECK(r.total[best] > 0.0);
        CHECK(r.total[1 - best] < r.total[best]);
    }
}

static void test_bad_input(void)
{
    tracked g;
    pintas_line_info info, other;
    pintas_line_infer_params p;
    pintas_line_infer_result r, before;
    pintas_line_state s;
    pintas_rng rng;
    double w;
    unsigned i, accepted = 0;
    pintas_line_infer_defaults(&p);
    random_position(&g, &info, 5, 8);
    CHECK_EQ(pintas_line_infer(NULL, &p, 5, 1, &r), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer(&info, &p, 5, 1, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer_init(&info, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer_init(&info, &r), PINTAS_OK);
    before = r;
    CHECK_EQ(pintas_line_infer_run_until(&info, NULL, 1, 0, 5, NULL, &r), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer_run_until(&info, &p, 1, 0, PINTAS_LINE_SEARCH_MAX_SAMPLES + 1u,
                                         NULL, &r),
             PINTAS_E_ARG);
    CHECK(memcmp(&before, &r, sizeof r) == 0);
    /* totals of another position are refused */
    random_position(&g, &other, 6, 3);
    CHECK_EQ(pintas_line_infer_run_until(&other, &p, 1, 0, 5, NULL, &r), PINTAS_E_ARG);
    CHECK(memcmp(&before, &r, sizeof r) == 0);
    /* not the observer's turn */
    random_position(&g, &info, 5, 8);
    tracked_info(&g, (g.st.to_move + 1u) % 4u, &other);
    CHECK_EQ(pintas_line_infer_init(&other, &r), PINTAS_E_ILLEGAL);
    /* weights: NULLs, a state of another hand or line */
    CHECK_EQ(pintas_line_infer_weight(&info, &p, &g.st, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer_weight(&info, &p, NULL, &w), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer_weight(NULL, &p, &g.st, &w), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_infer_weight(&info, &p, &g.st, &w), PINTAS_OK);
    CHECK(w > 0.0);
    s = g.st;
    s.hand[info.seat] ^= s.hand[(info.seat + 1u) % 4u];
    CHECK_EQ(pintas_line_infer_weight(&info, &p, &s, &w), PINTAS_E_ARG);
    s = g.st;
    s.line[0] ^= 1;
    CHECK_EQ(pintas_line_infer_weight(&info, &p, &s, &w), PINTAS_E_ARG);
    /* mutated infos never crash; what is accepted searches */
    pintas_rng_seed(&rng, 7, 7);
    for (i = 0; i < 3000; ++i) {
        uint8_t *q = (uint8_t *)&other;
        other = info;
        q[pintas_rng_below(&rng, sizeof other)] ^= (uint8_t)(1u << pintas_rng_below(&rng, 8));
        if (pintas_line_infer(&other, &p, 2, i, &r) == PINTAS_OK) {
            ++accepted;
            CHECK_EQ(r.samples, 2);
        }
        (void)pintas_line_infer_weight(&other, &p, &g.st, &w);
    }
    CHECK(accepted > 0);
}

int main(void)
{
    test_params();
    test_no_lever_is_the_search();
    test_determinism();
    test_weights();
    test_hidden_tiles();
    test_winning_move();
    test_bad_input();
    return check_summary();
}

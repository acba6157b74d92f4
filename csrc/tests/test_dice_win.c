/* test_dice_win.c - the win-probability solver and player (dice.h, "playing
 * to win"), held to a brute-force value iteration on small targets. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pintas/dice.h"
#include "pintas/players.h"
#include "pintas/views.h"

#define MAXG 16
#define MAXPOOLS 128

/* ---- a brute force: every keep, every roll, plain sweeps to convergence ---- */

typedef struct brute {
    pintas_dice_rules r;
    pintas_dice_table table;
    int32_t unit;
    int g;
    int n_pools;
    pintas_dice_set pools[MAXPOOLS];
    double R[MAXG][MAXG][MAXG + 1][MAXPOOLS];
} brute;

static int pool_index(const brute *b, pintas_dice_set s)
{
    int i;
    for (i = 0; i < b->n_pools; ++i)
        if (b->pools[i] == s)
            return i;
    return -1;
}

/* Without combining, a pool is only its size: n dice of face 1 stand for it. */
static pintas_dice_set canonical(const brute *b, pintas_dice_set s)
{
    return b->r.combine_kept ? s : (pintas_dice_set)pintas_dice_set_size(s) * PINTAS_DICE_SET_ONE(1);
}

static void add_pools(brute *b)
{
    int i;
    b->n_pools = 0;
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        pintas_dice_set s;
        pintas_dice_set_at(i, &s);
        if (pintas_dice_set_size(s) > 5 || canonical(b, s) != s)
            continue;
        if (b->r.combine_kept && pintas_dice_score_rules(&b->r, s) < 0)
            continue;
        b->pools[b->n_pools++] = s;
    }
}

static double start(const brute *b, int a, int o)
{
    return b->R[a][o][0][pool_index(b, 0)];
}

static double keep_value(const brute *b, int a, int o, int t, pintas_dice_set pool,
                         const pintas_dice_keep *k)
{
    int t2 = t + k->points / b->unit, top = b->g - a;
    pintas_dice_set next = canonical(b, pool + k->keep);
    int forced = 0;
    double roll, bank;
    if (pintas_dice_set_size(next) == 6) {
        next = 0;
        forced = b->r.hot_dice == PINTAS_DICE_HOT_MUST;
    }
    if (t2 >= top)
        return forced ? b->R[a][o][top][pool_index(b, 0)] : 1.0;
    roll = b->R[a][o][t2][pool_index(b, next)];
    bank = 1.0 - start(b, o, a + t2);
    return forced || roll > bank ? roll : bank;
}

/* The rolls of n dice as count vectors, each with its probability. */
static double roll_sum(const brute *b, int a, int o, int t, pintas_dice_set pool, int n, int face,
                       pintas_dice_set roll, double ways)
{
    double e = 0.0;
    int c;
    if (face > 6) {
        pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
        size_t nk = 0, i;
        double best = 1.0 - start(b, o, a);
        if (n != 0)
            return 0.0;
        if (!pintas_dice_is_doom(&b->r, roll)) {
            pintas_dice_keeps(&b->table, roll, pool, ks, PINTAS_DICE_MAX_KEEPS, &nk);
            if (nk > 0)
                best = -1.0;
            for (i = 0; i < nk; ++i) {
                double v = keep_value(b, a, o, t, pool, &ks[i]);
                if (v > best)
                    best = v;
            }
        }
        return ways * best;
    }
    for (c = 0; c <= n; ++c) {
        double w = ways;
        int k;
        for (k = 1; k <= c; ++k)
            w = w * (double)(n - c + k) / (double)k; /* choose the c dice of this face */
        e += roll_sum(b, a, o, t, pool, n - c, face + 1, roll + (pintas_dice_set)c * PINTAS_DICE_SET_ONE(face), w);
    }
    return e;
}

static void brute_solve(brute *b, const pintas_dice_rules *r)
{
    int sweep, a, o, t, i;
    memset(b, 0, sizeof *b);
    b->r = *r;
    pintas_dice_table_init(&b->table, r);
    b->unit = pintas_dice_rules_unit(r);
    b->g = (r->target + b->unit - 1) / b->unit;
    add_pools(b);
    for (sweep = 0; sweep < 2000; ++sweep) {
        double change = 0.0;
        for (a = b->g - 1; a >= 0; --a) /* larger scores first: fewer sweeps */
            for (o = b->g - 1; o >= 0; --o)
                for (t = b->g - a; t >= 0; --t)
                    for (i = 0; i < b->n_pools; ++i) {
                        pintas_dice_set pool = b->pools[i];
                        int n = 6 - (int)pintas_dice_set_size(pool);
                        double v = roll_sum(b, a, o, t, pool, n, 1, 0, 1.0);
                        for (int k = 0; k < n; ++k)
                            v /= 6.0;
                        change = (fabs(v - b->R[a][o][t][i]) > change ? fabs(v - b->R[a][o][t][i]) : change);
                        b->R[a][o][t][i] = v;
                    }
        if (change < 1e-14)
            break;
    }
}

/* ---- the solver under test ------------------------------------------------- */

typedef struct solved {
    void *policy_ws;
    void *win_ws;
    const pintas_dice_policy *p;
    pintas_dice_win *w;
    double *values;
    uint64_t evals;
} solved;

static int solve(const pintas_dice_rules *r, solved *s)
{
    size_t ps = pintas_dice_solve_workspace_size_full(r, 0), ws;
    memset(s, 0, sizeof *s);
    s->policy_ws = malloc(ps);
    if (!CHECK(pintas_dice_solve(r, 0, s->policy_ws, ps, &s->p) == PINTAS_OK))
        return 0;
    ws = pintas_dice_win_workspace_size(r, s->p);
    if (!CHECK(ws > 0))
        return 0;
    s->win_ws = malloc(ws);
    CHECK(pintas_dice_win_init(r, s->p, s->win_ws, ws - 8, &s->w) == PINTAS_E_BUFFER);
    if (!CHECK(pintas_dice_win_init(r, s->p, s->win_ws, ws, &s->w) == PINTAS_OK))
        return 0;
    s->values = malloc(sizeof(double) * s->w->goal * s->w->goal);
    return CHECK(pintas_dice_win_solve(s->w, s->values, &s->evals) == PINTAS_OK);
}

static void release(solved *s)
{
    free(s->policy_ws);
    free(s->win_ws);
    free(s->values);
}

static void check_against_brute(const pintas_dice_rules *r, const char *name)
{
    static brute b;
    solved s;
    double worst = 0.0;
    int a, o;
    brute_solve(&b, r);
    if (solve(r, &s)) {
        for (a = 0; a < b.g; ++a)
            for (o = 0; o < b.g; ++o)
                { double d = fabs(s.values[a * b.g + o] - start(&b, a, o)); worst = d > worst ? d : worst; }
        printf("%s to %d: W(0,0) %.9f, brute force %.9f, worst difference %.2e\n", name,
               r->target, s.values[0], start(&b, 0, 0), worst);
        CHECK(worst < 1e-9);
        CHECK(s.values[0] > 0.5 && s.values[0] < 1.0);
    }
    release(&s);
}

static void test_brute_force(void)
{
    pintas_dice_rules r;
    pintas_dice_rules_farkle(&r);
    r.target = 350;
    check_against_brute(&r, "farkle");
    pintas_dice_rules_dice_of_doom(&r);
    r.target = 600;
    check_against_brute(&r, "dice of doom");
    r.hot_dice = PINTAS_DICE_HOT_MAY;
    r.target = 400;
    check_against_brute(&r, "dice of doom, hot dice may");
}

static void test_refused_rules(void)
{
    pintas_dice_rules r, other;
    solved s;
    pintas_dice_rules_farkle(&r);
    r.target = 1000;
    if (solve(&r, &s)) {
        other = r;
        other.final_round = 1;
        CHECK(pintas_dice_win_workspace_size(&other, s.p) == 0);
        other = r;
        other.max_rolls = 3;
        CHECK(pintas_dice_win_workspace_size(&other, s.p) == 0);
        other = r;
        other.target = 1000000; /* 20,000 units */
        CHECK(pintas_dice_win_workspace_size(&other, s.p) == 0);
        pintas_dice_rules_dice_of_doom(&other);
        CHECK(pintas_dice_win_workspace_size(&other, s.p) == 0); /* the policy is Farkle's */
        other.target = 1000;
        other.doom_loses = PINTAS_DICE_DOOM_SCORE;
        CHECK(pintas_dice_win_workspace_size(&other, NULL) == 0);
    }
    release(&s);
}

/* Tables, and the player on a few views of Farkle to 1,000. */
static void test_table_and_player(void)
{
    pintas_dice_rules r;
    solved s;
    size_t len = 0, i;
    uint8_t *buf;
    double w;
    pintas_dice_view v;
    pintas_dice_move m;
    pintas_dice_rules_farkle(&r);
    r.target = 1000;
    if (!solve(&r, &s)) {
        release(&s);
        return;
    }
    printf("farkle to 1000: W(0,0) %.6f after %llu turn solves\n", s.values[0],
           (unsigned long long)s.evals);
    CHECK(pintas_dice_win_table(s.w, s.values, NULL, 0, &len) == PINTAS_E_BUFFER);
    CHECK_EQ(len, PINTAS_DICE_WIN_HEADER + 2u * 20u * 20u);
    buf = malloc(len);
    CHECK(pintas_dice_win_table(s.w, s.values, buf, len, &len) == PINTAS_OK);
    CHECK(pintas_dice_win_start(s.w, 0, 0, &w) == PINTAS_E_ARG); /* no table yet */
    CHECK(pintas_dice_win_open(s.w, buf, len - 1) == PINTAS_E_CORRUPT);
    buf[0] ^= 1u;
    CHECK(pintas_dice_win_open(s.w, buf, len) == PINTAS_E_CORRUPT);
    buf[0] ^= 1u;
    buf[8 + 4 * 36] ^= 1u; /* the target */
    CHECK(pintas_dice_win_open(s.w, buf, len) == PINTAS_E_RULES);
    buf[8 + 4 * 36] ^= 1u;
    CHECK(pintas_dice_win_open(s.w, buf, len) == PINTAS_OK);
    for (i = 0; i < 400; ++i) {
        CHECK(pintas_dice_win_start(s.w, (int32_t)(i / 20 * 50), (int32_t)(i % 20 * 50), &w) ==
              PINTAS_OK);
        CHECK(fabs(w - s.values[i]) <= 0.5 / 65535.0 + 1e-12);
    }
    CHECK(pintas_dice_win_start(s.w, 1000, 0, &w) == PINTAS_E_ARG);
    CHECK(pintas_dice_win_start(s.w, 25, 0, &w) == PINTAS_E_ARG);

    memset(&v, 0, sizeof v);
    v.rules = r;
    v.players = 2;
    v.seat = v.to_move = 0;
    v.phase = PINTAS_DICE_BANK_OR_ROLL;
    v.score[0] = 900;
    v.score[1] = 0;
    v.turn_total = 100;
    v.pool = PINTAS_DICE_SET_ONE(1);
    CHECK(pintas_dice_win_choose(&v, s.w, &m) == PINTAS_OK && m.kind == PINTAS_DICE_BANK);
    /* far behind with few points: roll on where the turn policy banks */
    v.score[0] = 0;
    v.score[1] = 950;
    v.turn_total = 400;
    v.pool = 3 * PINTAS_DICE_SET_ONE(1);
    CHECK(pintas_dice_win_choose(&v, s.w, &m) == PINTAS_OK && m.kind == PINTAS_DICE_ROLL);
    v.pool = 1u << 20; /* forged pools: no set, or more than six dice */
    CHECK(pintas_dice_win_choose(&v, s.w, &m) == PINTAS_E_ARG);
    v.pool = 7 * PINTAS_DICE_SET_ONE(1);
    CHECK(pintas_dice_win_choose(&v, s.w, &m) == PINTAS_E_ARG);
    v.pool = 3 * PINTAS_DICE_SET_ONE(1);
    v.score[1] = 975; /* not a multiple of the unit */
    CHECK(pintas_dice_win_choose(&v, s.w, &m) == PINTAS_E_ARG);
    v.score[1] = 950;
    v.players = 3;
    CHECK(pintas_dice_win_choose(&v, s.w, &m) == PINTAS_E_ARG);
    v.players = 2;
    v.rules.target = 2000;
    CHECK(pintas_dice_win_choose(&v, s.w, &m) == PINTAS_E_ARG);
    free(buf);
    release(&s);
}

/* How far a turn's total runs: h of one row by hand, then a falling bound. */
static void test_reach(void)
{
    pintas_dice_rules r;
    solved s;
    double one = 0.0, h = 0.0, last = 1.0;
    uint32_t rows;
    pintas_dice_rules_farkle(&r);
    r.target = 1000;
    if (solve(&r, &s)) {
        /* one unit (50 points) from the empty pool: any roll that scores */
        CHECK(pintas_dice_win_reach(s.w, 1, &one) == PINTAS_OK);
        CHECK(fabs(one - (1.0 - s.w->lost[0])) < 1e-12);
        printf("farkle: a turn gains 1 unit with probability at most %.6f", one);
        for (rows = 2; rows <= s.w->goal; rows += 3) {
            CHECK(pintas_dice_win_reach(s.w, rows, &h) == PINTAS_OK);
            CHECK(h <= last && h > 0.0);
            last = h;
        }
        printf(", %u units %.6f\n", rows - 3u, last);
        CHECK(last < 0.5); /* 20 units: 1,000 points in one turn */
        CHECK(pintas_dice_win_reach(s.w, 0, &h) == PINTAS_E_ARG);
        CHECK(pintas_dice_win_reach(s.w, s.w->goal + 1u, &h) == PINTAS_E_ARG);
        CHECK(pintas_dice_win_reach(NULL, 1, &h) == PINTAS_E_ARG);
        CHECK(pintas_dice_win_reach(s.w, 1, NULL) == PINTAS_E_ARG);
        /* the rows were used: the solve still gives the same values */
        {
            double w0 = s.values[0];
            CHECK(pintas_dice_win_solve(s.w, s.values, NULL) == PINTAS_OK);
            CHECK(s.values[0] == w0);
        }
    }
    release(&s);
}

int main(void)
{
    test_reach();
    test_brute_force();
    test_refused_rules();
    test_table_and_player();
    return check_summary();
}

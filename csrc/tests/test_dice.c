/* test_dice.c - unit tests of the dice core (docs/rules.md section 3). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "reload.h"
#include "pintas/dice.h"
#include "../dice_internal.h"

/* "115" -> {1,1,5}. */
static pintas_dice_set S(const char *digits)
{
    pintas_dice_set s = 0;
    for (; *digits; ++digits)
        s += PINTAS_DICE_SET_ONE(*digits - '0');
    return s;
}

static pintas_dice_rules doom_rules(void)
{
    pintas_dice_rules r;
    pintas_dice_rules_dice_of_doom(&r);
    return r;
}

static pintas_dice_rules farkle_rules(void)
{
    pintas_dice_rules r;
    pintas_dice_rules_farkle(&r);
    return r;
}

/* A made-up table exercising every kind of entry at once. */
static pintas_dice_rules made_up_rules(void)
{
    pintas_dice_rules r = doom_rules();
    r.single[2] = 20;
    r.kind[3][4] = 700;
    r.kind[3][5] = 0;
    r.kind[1][6] = 9000;
    r.straight_high = 0;
    r.add_singles = PINTAS_DICE_ADD_THREE_PAIRS;
    r.two_triplets = 300;
    return r;
}

/* ---- sets ----------------------------------------------------------------- */

static void test_sets(void)
{
    static unsigned char seen[PINTAS_DICE_SETS];
    int i, ok = 1;
    pintas_dice_set s;
    uint8_t v[6] = {3, 1, 5, 1, 6, 6}, out[6];
    size_t n;
    memset(seen, 0, sizeof seen);
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        int j;
        if (pintas_dice_set_at(i, &s) != PINTAS_OK || !pintas_dice_set_is_valid(s))
            ok = 0;
        j = pintas_dice_set_index(s);
        if (j != i)
            ok = 0;
        if (j >= 0 && j < PINTAS_DICE_SETS)
            seen[j]++;
    }
    CHECK(ok);
    for (i = 0, ok = 1; i < PINTAS_DICE_SETS; ++i)
        ok &= seen[i] == 1;
    CHECK(ok);
    CHECK_EQ(pintas_dice_set_index(0), 0);
    CHECK_EQ(pintas_dice_set_index(S("111111")), 923);
    CHECK_EQ(pintas_dice_set_at(-1, &s), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_set_at(924, &s), PINTAS_E_ARG);
    CHECK(!pintas_dice_set_is_valid(S("1111111")));        /* seven dice */
    CHECK(!pintas_dice_set_is_valid(7u));                  /* count 7 in one field */
    CHECK(!pintas_dice_set_is_valid(1u << 18));            /* stray bit */
    CHECK_EQ(pintas_dice_set_index(1u << 20), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_set_size(S("12345")), 5);
    CHECK_EQ(pintas_dice_set_size(0xFFFFFFFFu), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_set_from_values(v, 6, &s), PINTAS_OK);
    CHECK_EQ(s, S("113566"));
    CHECK_EQ(s, 2u + (1u << 6) + (1u << 12) + (2u << 15)); /* the documented layout */
    v[2] = 7;
    CHECK_EQ(pintas_dice_set_from_values(v, 6, &s), PINTAS_E_ARG);
    v[2] = 0;
    CHECK_EQ(pintas_dice_set_from_values(v, 6, &s), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_set_from_values(v, 7, &s), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_set_values(S("6152"), out, 6, &n), PINTAS_OK);
    CHECK(n == 4 && out[0] == 1 && out[1] == 2 && out[2] == 5 && out[3] == 6);
    CHECK_EQ(pintas_dice_set_values(S("6152"), out, 3, &n), PINTAS_E_BUFFER);
    CHECK(pintas_dice_set_contains(S("115"), S("15")));
    CHECK(!pintas_dice_set_contains(S("115"), S("55")));
}

/* ---- rules ----------------------------------------------------------------- */

static void test_rules(void)
{
    pintas_dice_rules r = doom_rules(), bad;
    CHECK_EQ(pintas_dice_rules_check(&r), PINTAS_OK);
    CHECK_EQ(pintas_dice_rules_unit(&r), 100);
    CHECK_EQ(r.target, 100000);
    CHECK(r.combine_kept == 1 && r.doom == 1 && r.doom_loses == PINTAS_DICE_DOOM_TURN);
    CHECK(r.hot_dice == PINTAS_DICE_HOT_MUST && r.final_round == 0);
    r = farkle_rules();
    CHECK_EQ(pintas_dice_rules_check(&r), PINTAS_OK);
    CHECK_EQ(pintas_dice_rules_unit(&r), 50);
    CHECK(r.combine_kept == 0 && r.doom == 0 && r.hot_dice == PINTAS_DICE_HOT_MAY);
    CHECK_EQ(r.target, 10000);
    CHECK_EQ(pintas_dice_rules_check(NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_rules_dice_of_doom(NULL), PINTAS_E_ARG);
    bad = doom_rules();
    bad.single[1] = -5;
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    bad = doom_rules();
    bad.kind[2][2] = 100; /* a pair is not a kind set */
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    bad = doom_rules();
    bad.single[0] = 1;
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    bad = doom_rules();
    bad.target = 0;
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    bad = doom_rules();
    bad.hot_dice = 2;
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    bad = farkle_rules();
    bad.doom_loses = PINTAS_DICE_DOOM_SCORE; /* without doom */
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    bad = doom_rules();
    bad.straight_six = PINTAS_DICE_MAX_VALUE + 1;
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    memset(&bad, 0, sizeof bad);
    bad.target = 100; /* no combination at all */
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    bad = doom_rules();
    bad.add_singles = 8;
    CHECK_EQ(pintas_dice_rules_check(&bad), PINTAS_E_RULES);
    /* every entry, one at a time: the largest value passes, one more, a
     * negative one and the most negative one fail; the entries that must be
     * 0 fail on any other value */
    {
        int f, n, ok = 1;
        int32_t *single, *kind;
        int32_t *big[5];
        for (f = 0; f <= PINTAS_DICE_FACES; ++f) {
            for (n = -1; n <= PINTAS_DICE_COUNT; ++n) {
                bad = farkle_rules();
                single = &bad.single[f];
                kind = n < 0 ? single : &bad.kind[f][n];
                if (f == 0 || (n >= 0 && n < 3)) {
                    *kind = 1;
                    ok &= pintas_dice_rules_check(&bad) == PINTAS_E_RULES;
                    *kind = -1;
                    ok &= pintas_dice_rules_check(&bad) == PINTAS_E_RULES;
                    continue;
                }
                *kind = PINTAS_DICE_MAX_VALUE;
                ok &= pintas_dice_rules_check(&bad) == PINTAS_OK;
                *kind = PINTAS_DICE_MAX_VALUE + 1;
                ok &= pintas_dice_rules_check(&bad) == PINTAS_E_RULES;
                *kind = 0x7FFFFFFF;
                ok &= pintas_dice_rules_check(&bad) == PINTAS_E_RULES;
                *kind = -1;
                ok &= pintas_dice_rules_check(&bad) == PINTAS_E_RULES;
                *kind = INT32_MIN;
                ok &= pintas_dice_rules_check(&bad) == PINTAS_E_RULES;
            }
        }
        bad = farkle_rules();
        big[0] = &bad.straight_low;
        big[1] = &bad.straight_high;
        big[2] = &bad.straight_six;
        big[3] = &bad.three_pairs;
        big[4] = &bad.two_triplets;
        for (n = 0; n < 5; ++n) {
            *big[n] = PINTAS_DICE_MAX_VALUE;
            ok &= pintas_dice_rules_check(&bad) == PINTAS_OK;
            *big[n] = -PINTAS_DICE_MAX_VALUE;
            ok &= pintas_dice_rules_check(&bad) == PINTAS_E_RULES;
            *big[n] = PINTAS_DICE_MAX_VALUE + 1;
            ok &= pintas_dice_rules_check(&bad) == PINTAS_E_RULES;
            *big[n] = 0;
        }
        /* a single scoring entry is enough */
        memset(&bad, 0, sizeof bad);
        bad.target = 100;
        bad.kind[6][6] = 1;
        ok &= pintas_dice_rules_check(&bad) == PINTAS_OK;
        CHECK(ok);
    }
}

/* ---- scoring --------------------------------------------------------------- */

static void test_doom_combinations(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_table t;
    CHECK_EQ(pintas_dice_table_init(&t, &r), PINTAS_OK);
    CHECK_EQ(pintas_dice_score(&t, 0), 0);                 /* empty: score 0 */
    CHECK_EQ(pintas_dice_score(&t, S("2")), PINTAS_DICE_NO_SCORE);
    CHECK_EQ(pintas_dice_score(&t, S("1")), 1000);
    CHECK_EQ(pintas_dice_score(&t, S("5")), 500);
    CHECK_EQ(pintas_dice_score(&t, S("15")), 1500);
    CHECK_EQ(pintas_dice_score(&t, S("12")), PINTAS_DICE_NO_SCORE);
    /* n of a kind = f x 100 as one set */
    CHECK_EQ(pintas_dice_score(&t, S("222")), 200);
    CHECK_EQ(pintas_dice_score(&t, S("2222")), 200);
    CHECK_EQ(pintas_dice_score(&t, S("22222")), 200);
    CHECK_EQ(pintas_dice_score(&t, S("222222")), 200);   /* one set, not two triplets */
    CHECK_EQ(pintas_dice_score(&t, S("444")), 400);
    CHECK_EQ(pintas_dice_score(&t, S("666")), 600);      /* a set (a roll with it is doom) */
    CHECK_EQ(pintas_dice_score(&t, S("3333")), 300);
    CHECK_EQ(pintas_dice_score(&t, S("555")), 1500);     /* singles beat the 500 set */
    CHECK_EQ(pintas_dice_score(&t, S("5555")), 2000);    /* four 5s: 4 x 500 as singles */
    CHECK_EQ(pintas_dice_score(&t, S("111")), 3000);     /* the set would be 100 */
    CHECK_EQ(pintas_dice_score(&t, S("111111")), 6000);
    CHECK_EQ(pintas_dice_score(&t, S("2225")), 700);
    CHECK_EQ(pintas_dice_score(&t, S("22251")), 1700);
    /* straights: 1000 + 1000 per 1 + 500 per 5 */
    CHECK_EQ(pintas_dice_score(&t, S("123456")), 2500);
    CHECK_EQ(pintas_dice_score(&t, S("23456")), 1500);
    CHECK_EQ(pintas_dice_score(&t, S("12345")), 2500);
    CHECK_EQ(pintas_dice_score(&t, S("112345")), 3500);  /* straight + a single 1 */
    CHECK_EQ(pintas_dice_score(&t, S("123455")), 3000);
    CHECK_EQ(pintas_dice_score(&t, S("234566")), PINTAS_DICE_NO_SCORE);
    CHECK_EQ(pintas_dice_score(&t, S("1234")), PINTAS_DICE_NO_SCORE);
    /* three pairs: 1000 + the 1s and 5s */
    CHECK_EQ(pintas_dice_score(&t, S("115522")), 4000);
    CHECK_EQ(pintas_dice_score(&t, S("223344")), 1000);
    CHECK_EQ(pintas_dice_score(&t, S("113344")), 3000);
    CHECK_EQ(pintas_dice_score(&t, S("222233")), PINTAS_DICE_NO_SCORE); /* 4 + 2 is not 3 pairs */
    CHECK_EQ(pintas_dice_score(&t, S("111155")), 5000);  /* only as singles */
    CHECK_EQ(pintas_dice_score(&t, S("2233")), PINTAS_DICE_NO_SCORE);
    /* two triplets: 1000 + the 1s and 5s */
    CHECK_EQ(pintas_dice_score(&t, S("111555")), 5500);
    CHECK_EQ(pintas_dice_score(&t, S("222333")), 1000);  /* beats 200 + 300 */
    CHECK_EQ(pintas_dice_score(&t, S("111222")), 4000);  /* beats 3000 + 200 */
    CHECK_EQ(pintas_dice_score(&t, S("555666")), 2500);
    /* best keep of a roll (doom applies): the worked turn of the rules */
    CHECK_EQ(pintas_dice_best_keep(&t, S("156443")), 1500);
    CHECK_EQ(pintas_dice_best_keep(&t, S("223346")), 0);
    CHECK_EQ(pintas_dice_best_keep(&t, S("234662")), 0);     /* doom */
    CHECK_EQ(pintas_dice_best_keep(&t, S("661234")), 0);     /* doom beats 1-5... */
    CHECK_EQ(pintas_dice_best_keep(&t, S("123456")), 2500);
    CHECK_EQ(pintas_dice_best_keep(&t, S("222346")), 200);
    CHECK(pintas_dice_is_doom(&r, S("661234")));
    CHECK(pintas_dice_is_doom(&r, S("666")));
    CHECK(!pintas_dice_is_doom(&r, S("612345")));
    CHECK_EQ(pintas_dice_score(&t, 1u << 20), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_score(NULL, 0), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_score_rules(&r, S("115522")), 4000);
}

static void test_farkle_combinations(void)
{
    pintas_dice_rules r = farkle_rules();
    pintas_dice_table t;
    CHECK_EQ(pintas_dice_table_init(&t, &r), PINTAS_OK);
    CHECK_EQ(pintas_dice_score(&t, S("1")), 100);
    CHECK_EQ(pintas_dice_score(&t, S("5")), 50);
    CHECK_EQ(pintas_dice_score(&t, S("111")), 1000);
    CHECK_EQ(pintas_dice_score(&t, S("1111")), 1100);
    CHECK_EQ(pintas_dice_score(&t, S("111111")), 2000);  /* two triplets of 1s */
    CHECK_EQ(pintas_dice_score(&t, S("222")), 200);
    CHECK_EQ(pintas_dice_score(&t, S("2222")), PINTAS_DICE_NO_SCORE);
    CHECK_EQ(pintas_dice_score(&t, S("222222")), 400);
    CHECK_EQ(pintas_dice_score(&t, S("666")), 600);
    CHECK_EQ(pintas_dice_score(&t, S("55555")), 600);    /* triplet + two singles */
    CHECK_EQ(pintas_dice_score(&t, S("123456")), PINTAS_DICE_NO_SCORE); /* no straights */
    CHECK_EQ(pintas_dice_score(&t, S("223344")), PINTAS_DICE_NO_SCORE); /* no three pairs */
    CHECK_EQ(pintas_dice_score(&t, S("222333")), 500);   /* two triplets as sets */
    CHECK_EQ(pintas_dice_best_keep(&t, S("123456")), 150);
    CHECK_EQ(pintas_dice_best_keep(&t, S("666623")), 600); /* no doom in Farkle */
    CHECK(!pintas_dice_is_doom(&r, S("66")));
}

/* Independent brute force: every combination listed explicitly, removed one
 * at a time; kind sets at most one per face. */
typedef struct combo {
    int c[7];
    int32_t v;
    int kind_face;
} combo;

static int make_combos(const pintas_dice_rules *r, combo *out)
{
    int n = 0, f, k, a, b, d;
    static const int faces[3][7] = {{0, 1, 1, 1, 1, 1, 0}, {0, 0, 1, 1, 1, 1, 1}, {0, 1, 1, 1, 1, 1, 1}};
    int32_t bases[3];
    bases[0] = r->straight_low;
    bases[1] = r->straight_high;
    bases[2] = r->straight_six;
    for (f = 1; f <= 6; ++f) {
        if (r->single[f] > 0) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].c[f] = 1;
            out[n++].v = r->single[f];
        }
        for (k = 3; k <= 6; ++k) {
            if (r->kind[f][k] > 0) {
                memset(&out[n], 0, sizeof out[n]);
                out[n].c[f] = k;
                out[n].v = r->kind[f][k];
                out[n++].kind_face = f;
            }
        }
    }
    for (k = 0; k < 3; ++k) {
        if (bases[k] > 0) {
            memset(&out[n], 0, sizeof out[n]);
            out[n].v = bases[k];
            for (f = 1; f <= 6; ++f) {
                out[n].c[f] = faces[k][f];
                if (faces[k][f] && (r->add_singles & PINTAS_DICE_ADD_STRAIGHTS))
                    out[n].v += r->single[f];
            }
            ++n;
        }
    }
    for (a = 1; a <= 6; ++a)
        for (b = a + 1; b <= 6; ++b) {
            if (r->two_triplets > 0) {
                memset(&out[n], 0, sizeof out[n]);
                out[n].c[a] = out[n].c[b] = 3;
                out[n].v = r->two_triplets;
                if (r->add_singles & PINTAS_DICE_ADD_TWO_TRIPLETS)
                    out[n].v += 3 * r->single[a] + 3 * r->single[b];
                ++n;
            }
            for (d = b + 1; d <= 6; ++d) {
                if (r->three_pairs > 0) {
                    memset(&out[n], 0, sizeof out[n]);
                    out[n].c[a] = out[n].c[b] = out[n].c[d] = 2;
                    out[n].v = r->three_pairs;
                    if (r->add_singles & PINTAS_DICE_ADD_THREE_PAIRS)
                        out[n].v += 2 * (r->single[a] + r->single[b] + r->single[d]);
                    ++n;
                }
            }
        }
    return n;
}

static int32_t brute_split(const combo *cs, int ncs, int *c, unsigned used_kinds)
{
    int i, f, first = 0;
    int32_t best = -1;
    for (f = 1; f <= 6; ++f)
        if (c[f] > 0) {
            first = f;
            break;
        }
    if (first == 0)
        return 0;
    for (i = 0; i < ncs; ++i) {
        int fits = cs[i].c[first] > 0;
        int32_t rest;
        if (cs[i].kind_face && (used_kinds >> cs[i].kind_face) & 1u)
            continue;
        for (f = 1; f <= 6 && fits; ++f)
            fits = cs[i].c[f] <= c[f];
        if (!fits)
            continue;
        for (f = 1; f <= 6; ++f)
            c[f] -= cs[i].c[f];
        rest = brute_split(cs, ncs, c, used_kinds | (cs[i].kind_face ? 1u << cs[i].kind_face : 0u));
        for (f = 1; f <= 6; ++f)
            c[f] += cs[i].c[f];
        if (rest >= 0 && rest + cs[i].v > best)
            best = rest + cs[i].v;
    }
    return best;
}

static void cross_check(const pintas_dice_rules *r, const char *name)
{
    static combo cs[128];
    pintas_dice_table t;
    int ncs = make_combos(r, cs), i, bad = 0, bad_best = 0;
    CHECK_EQ(pintas_dice_table_init(&t, r), PINTAS_OK);
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        pintas_dice_set s, k;
        int c[7] = {0}, f;
        int32_t b, best = 0;
        pintas_dice_set_at(i, &s);
        for (f = 1; f <= 6; ++f)
            c[f] = (int)PINTAS_DICE_SET_COUNT(s, f);
        b = brute_split(cs, ncs, c, 0);
        if (b != t.score[i] || b != pintas_dice_score_rules(r, s))
            ++bad;
        /* best keep: every sub-multiset by brute force */
        for (k = 0; k <= s; ++k) {
            int32_t sc;
            int g2, skip = 0;
            /* jump over values with a field above s's count (not subsets) */
            for (g2 = 1; g2 <= 6; ++g2)
                skip |= PINTAS_DICE_SET_COUNT(k, g2) > PINTAS_DICE_SET_COUNT(s, g2);
            if (skip) {
                for (g2 = 1; g2 <= 6; ++g2)
                    if (PINTAS_DICE_SET_COUNT(k, g2) > PINTAS_DICE_SET_COUNT(s, g2))
                        k = (k | ((PINTAS_DICE_SET_ONE(g2) << 3) - 1u)); /* to the end of that field */
                continue;
            }
            for (f = 1; f <= 6; ++f)
                c[f] = (int)PINTAS_DICE_SET_COUNT(k, f);
            sc = brute_split(cs, ncs, c, 0);
            if (sc > best)
                best = sc;
        }
        if (best != t.best[i])
            ++bad_best;
    }
    if (bad || bad_best)
        printf("cross-check %s: %d split and %d best mismatches\n", name, bad, bad_best);
    CHECK_EQ(bad, 0);
    CHECK_EQ(bad_best, 0);
}

static void test_cross_check(void)
{
    pintas_dice_rules r = doom_rules();
    cross_check(&r, "doom");
    r = farkle_rules();
    cross_check(&r, "farkle");
    r = made_up_rules();
    cross_check(&r, "custom");
    r = farkle_rules();
    r.straight_six = 1500;
    r.three_pairs = 750;
    r.add_singles = PINTAS_DICE_ADD_STRAIGHTS;
    cross_check(&r, "farkle+straight");
}

/* ---- legal keeps ------------------------------------------------------------ */

static int32_t keep_points(const pintas_dice_keep *ks, size_t n, pintas_dice_set k)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (ks[i].keep == k)
            return ks[i].points;
    return -999;
}

static void test_keeps(void)
{
    pintas_dice_rules r = doom_rules(), f = farkle_rules();
    pintas_dice_table t, tf;
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t n = 99, i;
    int ordered = 1;
    pintas_dice_table_init(&t, &r);
    pintas_dice_table_init(&tf, &f);
    /* the rules' worked turn: keep the 1 (1000), the 5 (500) or both (1500) */
    CHECK_EQ(pintas_dice_keeps(&t, S("156443"), 0, ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(n, 3);
    CHECK_EQ(keep_points(ks, n, S("1")), 1000);
    CHECK_EQ(keep_points(ks, n, S("5")), 500);
    CHECK_EQ(keep_points(ks, n, S("15")), 1500);
    for (i = 1; i < n; ++i)
        ordered &= ks[i - 1].keep < ks[i].keep;
    CHECK(ordered);
    /* the straight 1-6: one of the keeps uses all six dice */
    CHECK_EQ(pintas_dice_keeps(&t, S("123456"), 0, ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(keep_points(ks, n, S("123456")), 2500);
    CHECK_EQ(keep_points(ks, n, S("12345")), 2500);
    CHECK_EQ(keep_points(ks, n, S("23456")), 1500);
    CHECK_EQ(keep_points(ks, n, S("1234")), -999);
    /* doom: no keep at all, even with a straight's worth of other dice */
    CHECK_EQ(pintas_dice_keeps(&t, S("612366"), 0, ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    /* roll-out */
    CHECK_EQ(pintas_dice_keeps(&t, S("223346"), 0, ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    /* combining: pool {1,5} + roll with 2,3,4 makes the 1-5 straight */
    CHECK_EQ(pintas_dice_keeps(&t, S("2346"), S("15"), ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(keep_points(ks, n, S("234")), 1000);   /* 2500 - 1500 */
    CHECK_EQ(keep_points(ks, n, S("2346")), 1000);  /* 1-6 straight, 2500 - 1500 */
    CHECK_EQ(keep_points(ks, n, S("34")), -999);
    CHECK_EQ(n, 2);
    /* ... which Farkle (no combining) does not allow: a roll-out there */
    CHECK_EQ(pintas_dice_keeps(&tf, S("2346"), S("15"), ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    /* pool {5,5} + a 5: three 5s, best split = singles 1500: the keep makes 500,
     * the same as alone (the 500 set would be worse, and is not used) */
    CHECK_EQ(pintas_dice_keeps(&t, S("5234"), S("55"), ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(keep_points(ks, n, S("5")), 500);
    /* pool {5,5} + 2,3,4 makes the 2-6 straight? no 6: 5,5,2,3,4 is not scoring */
    CHECK_EQ(keep_points(ks, n, S("234")), -999);
    /* pool {1,1} + 5,5,3,3: three pairs 4000, the keep makes 2000 (alone the 3s
     * could not be kept) */
    CHECK_EQ(pintas_dice_keeps(&t, S("5533"), S("11"), ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(keep_points(ks, n, S("5533")), 2000);
    CHECK_EQ(keep_points(ks, n, S("55")), 1000);
    /* pool {1,1,1} + 5,5,5: two triplets 5500, the keep makes 2500 (1500 alone) */
    CHECK_EQ(pintas_dice_keeps(&t, S("555"), S("111"), ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(keep_points(ks, n, S("555")), 2500);
    /* pool {2,2,2} + a 2: still one set of 2s worth 200: a keep making 0 points */
    CHECK_EQ(pintas_dice_keeps(&t, S("234"), S("222"), ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_OK);
    CHECK_EQ(keep_points(ks, n, S("2")), 0);
    CHECK_EQ(n, 1);
    /* bad input */
    CHECK_EQ(pintas_dice_keeps(&t, S("123456"), S("1"), ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_keeps(&t, S("12"), S("2"), ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_keeps(&t, S("12"), 0, ks, PINTAS_DICE_MAX_KEEPS - 1, &n), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_dice_keeps(NULL, S("12"), 0, ks, PINTAS_DICE_MAX_KEEPS, &n), PINTAS_E_ARG);
    /* the table and the rules agree on every roll of six dice */
    {
        int idx, same = 1;
        for (idx = 0; idx < PINTAS_DICE_SETS; ++idx) {
            pintas_dice_set s;
            pintas_dice_keep k2[PINTAS_DICE_MAX_KEEPS];
            size_t n2 = 0, j;
            pintas_dice_set_at(idx, &s);
            pintas_dice_keeps(&t, s, 0, ks, PINTAS_DICE_MAX_KEEPS, &n);
            pintas_dice_keeps_rules(&r, s, 0, k2, PINTAS_DICE_MAX_KEEPS, &n2);
            same &= n == n2;
            for (j = 0; j < n && j < n2; ++j)
                same &= ks[j].keep == k2[j].keep && ks[j].points == k2[j].points;
            /* best keep = the best point value in the list */
            {
                int32_t b = 0;
                for (j = 0; j < n; ++j)
                    if (ks[j].points > b)
                        b = ks[j].points;
                same &= b == pintas_dice_best_keep(&t, s);
            }
        }
        CHECK(same);
    }
}

/* The keep lists against a plain reference: every sub-multiset of the roll
 * in increasing set order, scored from the table (which pintas_dice_table_init
 * fills by the split search, not by the keep lists), for every roll beside
 * every pool it fits with, under each rule set, with and without combining
 * the pool. Both the legal-keep entry points must give the same list. */
static int keeps_match_reference(const pintas_dice_rules *r)
{
    pintas_dice_table t;
    int ri, pi, bad = 0;
    if (pintas_dice_table_init(&t, r) != PINTAS_OK)
        return 0;
    for (ri = 0; ri < PINTAS_DICE_SETS; ++ri) {
        for (pi = 0; pi < PINTAS_DICE_SETS; ++pi) {
            pintas_dice_set roll, pool, k;
            pintas_dice_keep got[PINTAS_DICE_MAX_KEEPS], got2[PINTAS_DICE_MAX_KEEPS];
            size_t n = 0, n2 = 0, want = 0;
            int32_t base = 0;
            int st;
            pintas_dice_set_at(ri, &roll);
            pintas_dice_set_at(pi, &pool);
            if (pintas_dice_set_size(roll) + pintas_dice_set_size(pool) > PINTAS_DICE_COUNT)
                continue;
            if (r->combine_kept) {
                base = pintas_dice_score(&t, pool);
                if (base < 0)
                    continue;
            }
            st = pintas_dice_keeps_rules(r, roll, pool, got, PINTAS_DICE_MAX_KEEPS, &n);
            bad |= st != PINTAS_OK;
            st = pintas_dice_keeps(&t, roll, pool, got2, PINTAS_DICE_MAX_KEEPS, &n2);
            bad |= st != PINTAS_OK || n2 != n;
            /* the roll-out test: a keep exists exactly when the list has one */
            bad |= pintas__dice_any_keep(r, roll, pool) != (n > 0);
            /* the reference: an odometer over the counts, face 1 fastest */
            for (k = 0;;) {
                int f, sc;
                for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
                    if (PINTAS_DICE_SET_COUNT(k, f) < PINTAS_DICE_SET_COUNT(roll, f)) {
                        k += PINTAS_DICE_SET_ONE(f);
                        break;
                    }
                    k -= PINTAS_DICE_SET_COUNT(k, f) * PINTAS_DICE_SET_ONE(f);
                }
                if (f > PINTAS_DICE_FACES)
                    break;
                if (pintas_dice_is_doom(r, roll))
                    break;
                sc = pintas_dice_score(&t, r->combine_kept ? pool + k : k);
                if (sc < 0)
                    continue;
                if (want >= n || got[want].keep != k || got[want].points != sc - base ||
                    got2[want].keep != k || got2[want].points != sc - base)
                    bad = 1;
                ++want;
            }
            bad |= want != n;
        }
    }
    return !bad;
}

static void test_keeps_reference(void)
{
    pintas_dice_rules r = doom_rules();
    CHECK(keeps_match_reference(&r));
    r.combine_kept = 0;
    CHECK(keeps_match_reference(&r));
    r = farkle_rules();
    CHECK(keeps_match_reference(&r));
    r.combine_kept = 1;
    CHECK(keeps_match_reference(&r));
    /* made-up rules: a face scoring only in sets of four, a scoring 2, one
     * straight, three pairs without singles, two triplets */
    r = made_up_rules();
    r.kind[3][3] = 0;
    CHECK(keeps_match_reference(&r));
    r.combine_kept = 0;
    r.doom = 0;
    r.doom_loses = 0;
    CHECK(keeps_match_reference(&r));
    r = farkle_rules();
    r.straight_six = 1500;
    r.three_pairs = 750;
    r.add_singles = PINTAS_DICE_ADD_STRAIGHTS;
    CHECK(keeps_match_reference(&r));
}

/* Reference order of the sorted keep lists: most points, then fewer dice,
 * then the dice (ascending) compared one by one. */
static int keep_ref_before(const pintas_dice_keep *a, const pintas_dice_keep *b)
{
    uint8_t da[PINTAS_DICE_COUNT], db[PINTAS_DICE_COUNT];
    size_t na = 0, nb = 0, i;
    if (a->points != b->points)
        return a->points > b->points;
    pintas_dice_set_values(a->keep, da, PINTAS_DICE_COUNT, &na);
    pintas_dice_set_values(b->keep, db, PINTAS_DICE_COUNT, &nb);
    if (na != nb)
        return na < nb;
    for (i = 0; i < na; ++i)
        if (da[i] != db[i])
            return da[i] < db[i];
    return 0;
}

/* pintas_dice_sort_keeps against the reference order: every set of up to six
 * dice in runs of PINTAS_DICE_MAX_KEEPS, with points from a few values (many
 * ties, which the dice then order), and a few lists by hand. */
static void test_sort_keeps(void)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    int start, ok = 1;
    for (start = 0; start < PINTAS_DICE_SETS; start += PINTAS_DICE_MAX_KEEPS) {
        size_t n = 0, i;
        int idx;
        for (idx = start; idx < PINTAS_DICE_SETS && n < PINTAS_DICE_MAX_KEEPS; ++idx) {
            pintas_dice_set_at(PINTAS_DICE_SETS - 1 - idx, &ks[n].keep);
            ks[n].points = (int32_t)(50 * ((idx * 7) % 3));
            ++n;
        }
        pintas_dice_sort_keeps(ks, n);
        for (i = 1; i < n; ++i)
            ok &= !keep_ref_before(&ks[i], &ks[i - 1]);
    }
    CHECK(ok);
    /* equal points: fewer dice first; of two dice, {1,6} before {2,2}
     * (1 < 2) and {5,5} after; then more points first */
    ks[0].keep = S("55");
    ks[1].keep = S("22");
    ks[2].keep = S("16");
    ks[3].keep = S("111");
    ks[4].keep = S("6");
    for (start = 0; start < 5; ++start)
        ks[start].points = 100;
    pintas_dice_sort_keeps(ks, 5);
    CHECK(ks[0].keep == S("6") && ks[1].keep == S("16") && ks[2].keep == S("22") &&
          ks[3].keep == S("55") && ks[4].keep == S("111"));
    ks[0].keep = S("5");
    ks[0].points = 50;
    ks[1].keep = S("1");
    ks[1].points = 100;
    pintas_dice_sort_keeps(ks, 2);
    CHECK(ks[0].keep == S("1") && ks[1].keep == S("5"));
}

/* ---- the game --------------------------------------------------------------- */

static pintas_dice_event g_ev[PINTAS_DICE_MAX_EVENTS];
static size_t g_nev;

static int play(pintas_dice_state *s, pintas_dice_move m)
{
    return pintas_dice_play(s, &m, g_ev, PINTAS_DICE_MAX_EVENTS, &g_nev);
}

static pintas_dice_move mv_roll(void)
{
    pintas_dice_move m;
    memset(&m, 0, sizeof m);
    m.kind = PINTAS_DICE_ROLL;
    return m;
}

static pintas_dice_move mv_given(const char *digits)
{
    pintas_dice_move m;
    memset(&m, 0, sizeof m);
    m.kind = PINTAS_DICE_ROLL_GIVEN;
    for (; *digits && m.n < 6; ++digits)
        m.values[m.n++] = (uint8_t)(*digits - '0');
    return m;
}

static pintas_dice_move mv_keep(const char *digits)
{
    pintas_dice_move m;
    memset(&m, 0, sizeof m);
    m.kind = PINTAS_DICE_KEEP;
    m.keep = S(digits);
    return m;
}

static pintas_dice_move mv_bank(void)
{
    pintas_dice_move m;
    memset(&m, 0, sizeof m);
    m.kind = PINTAS_DICE_BANK;
    return m;
}

/* A whole turn of the player to move: roll these dice, keep those, bank. */
static void banked_turn(pintas_dice_state *s, const char *roll, const char *keep)
{
    play(s, mv_given(roll));
    play(s, mv_keep(keep));
    play(s, mv_bank());
}

static int has_event(int kind)
{
    size_t i;
    for (i = 0; i < g_nev; ++i)
        if (g_ev[i].kind == kind)
            return 1;
    return 0;
}

static const pintas_dice_event *find_event(int kind)
{
    size_t i;
    for (i = 0; i < g_nev; ++i)
        if (g_ev[i].kind == kind)
            return &g_ev[i];
    return NULL;
}

/* A rejected move leaves the state byte-for-byte as it was. */
static int rejected_unchanged(pintas_dice_state *s, pintas_dice_move m, int expect)
{
    uint8_t a[PINTAS_DICE_SAVE_SIZE], b[PINTAS_DICE_SAVE_SIZE];
    int st;
    pintas_dice_save(s, a, sizeof a);
    st = play(s, m);
    pintas_dice_save(s, b, sizeof b);
    return st == expect && memcmp(a, b, sizeof a) == 0;
}

static void test_worked_turn(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state s;
    pintas_dice_moves lm;
    CHECK_EQ(pintas_dice_new(&s, &r, 2, 0, 7), PINTAS_OK);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    CHECK_EQ(pintas_dice_dice_to_roll(&s), 6);
    CHECK_EQ(pintas_dice_legal(&s, &lm), PINTAS_OK);
    CHECK(lm.can_roll && !lm.can_bank && lm.n_keeps == 0 && lm.dice_to_roll == 6);
    CHECK(rejected_unchanged(&s, mv_bank(), PINTAS_E_ILLEGAL));
    CHECK(rejected_unchanged(&s, mv_keep("1"), PINTAS_E_ILLEGAL));
    CHECK_EQ(play(&s, mv_given("156443")), PINTAS_OK);
    CHECK_EQ(g_nev, 1);
    CHECK(g_ev[0].kind == PINTAS_DICE_EV_ROLLED && g_ev[0].n == 6 && g_ev[0].dice[0] == 1 &&
          g_ev[0].dice[5] == 3);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_KEEP);
    pintas_dice_legal(&s, &lm);
    CHECK(!lm.can_roll && !lm.can_bank && lm.n_keeps == 3);
    CHECK(rejected_unchanged(&s, mv_keep("4"), PINTAS_E_ILLEGAL));
    CHECK(rejected_unchanged(&s, mv_keep("11"), PINTAS_E_ILLEGAL));  /* only one 1 rolled */
    CHECK(rejected_unchanged(&s, mv_keep("144"), PINTAS_E_ILLEGAL)); /* 4s do not score */
    CHECK(rejected_unchanged(&s, mv_keep(""), PINTAS_E_ILLEGAL));
    CHECK(rejected_unchanged(&s, mv_roll(), PINTAS_E_ILLEGAL));
    CHECK(rejected_unchanged(&s, mv_bank(), PINTAS_E_ILLEGAL));
    {
        pintas_dice_state copy = s;
        CHECK_EQ(play(&copy, mv_keep("1")), PINTAS_OK);
        CHECK_EQ(pintas_dice_turn_total(&copy), 1000);
        CHECK_EQ(pintas_dice_dice_to_roll(&copy), 5);
    }
    CHECK_EQ(play(&s, mv_keep("15")), PINTAS_OK);
    CHECK(g_nev == 1 && g_ev[0].kind == PINTAS_DICE_EV_KEPT && g_ev[0].points == 1500 &&
          g_ev[0].total == 1500 && g_ev[0].n == 2 && g_ev[0].dice[0] == 1 && g_ev[0].dice[1] == 5);
    CHECK_EQ(pintas_dice_turn_total(&s), 1500);
    CHECK_EQ(pintas_dice_dice_to_roll(&s), 4);
    CHECK_EQ(s.phase, PINTAS_DICE_BANK_OR_ROLL);
    pintas_dice_legal(&s, &lm);
    CHECK(lm.can_roll && lm.can_bank && lm.dice_to_roll == 4);
    CHECK(rejected_unchanged(&s, mv_given("12345"), PINTAS_E_ILLEGAL)); /* 5 values for 4 dice */
    CHECK(rejected_unchanged(&s, mv_given("1237"), PINTAS_E_ILLEGAL));
    CHECK(rejected_unchanged(&s, mv_given("0123"), PINTAS_E_ILLEGAL));
    CHECK_EQ(play(&s, mv_bank()), PINTAS_OK);
    CHECK(g_ev[0].kind == PINTAS_DICE_EV_BANKED && g_ev[0].points == 1500 && g_ev[0].total == 1500);
    CHECK(has_event(PINTAS_DICE_EV_TURN_END));
    CHECK_EQ(s.score[0], 1500);
    CHECK_EQ(s.to_move, 1);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    CHECK_EQ(pintas_dice_turn_total(&s), 0);
    CHECK_EQ(pintas_dice_dice_to_roll(&s), 6);
}

static void test_combine_across_rolls(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state s;
    pintas_dice_new(&s, &r, 1, 0, 1);
    play(&s, mv_given("156322"));  /* one 6 is not doom */
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_KEEP);
    CHECK_EQ(play(&s, mv_keep("15")), PINTAS_OK);
    CHECK_EQ(play(&s, mv_given("2346")), PINTAS_OK);
    /* {2,3,4} joins the pool's 1 and 5 into the 1-5 straight */
    CHECK_EQ(play(&s, mv_keep("234")), PINTAS_OK);
    CHECK_EQ(g_ev[0].points, 1000);
    CHECK_EQ(pintas_dice_turn_total(&s), 2500);
    CHECK_EQ(pintas_dice_dice_to_roll(&s), 1);
    /* a 6 completes 1-6: still 2500, a keep making 0 points, and hot dice */
    CHECK_EQ(play(&s, mv_given("6")), PINTAS_OK);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_KEEP);
    CHECK_EQ(play(&s, mv_keep("6")), PINTAS_OK);
    CHECK(g_ev[0].kind == PINTAS_DICE_EV_KEPT && g_ev[0].points == 0);
    CHECK(has_event(PINTAS_DICE_EV_HOT_DICE));
    CHECK_EQ(pintas_dice_turn_total(&s), 2500);
    CHECK_EQ(s.closed, 2500);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    CHECK_EQ(pintas_dice_dice_to_roll(&s), 6);

    /* Farkle: the same dice cannot be combined: 2,3,4,6 is a roll-out */
    r = farkle_rules();
    pintas_dice_new(&s, &r, 1, 0, 1);
    play(&s, mv_given("156322"));
    play(&s, mv_keep("15"));
    CHECK_EQ(play(&s, mv_given("2346")), PINTAS_OK);
    CHECK(has_event(PINTAS_DICE_EV_ROLL_OUT));
    CHECK_EQ(find_event(PINTAS_DICE_EV_ROLL_OUT)->points, 150);
    CHECK_EQ(s.score[0], 0);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    /* Farkle: keeps are scored alone, so 5 then 5,5 is 50 + 100, not a triplet */
    play(&s, mv_given("522346"));
    play(&s, mv_keep("5"));
    play(&s, mv_given("55234"));
    CHECK_EQ(play(&s, mv_keep("55")), PINTAS_OK);
    CHECK_EQ(pintas_dice_turn_total(&s), 150);
}

static void test_straight_hot_dice(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state s;
    pintas_dice_moves lm;
    pintas_dice_new(&s, &r, 2, 1, 3);
    CHECK_EQ(s.to_move, 1);
    play(&s, mv_given("615243"));
    CHECK_EQ(play(&s, mv_keep("123456")), PINTAS_OK);
    CHECK_EQ(g_ev[0].points, 2500);
    CHECK(g_nev == 2 && g_ev[1].kind == PINTAS_DICE_EV_HOT_DICE && g_ev[1].points == 2500);
    /* hot dice, must: the player is forced to roll all six again */
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    pintas_dice_legal(&s, &lm);
    CHECK(lm.can_roll && !lm.can_bank && lm.dice_to_roll == 6);
    CHECK(rejected_unchanged(&s, mv_bank(), PINTAS_E_ILLEGAL));
    CHECK_EQ(play(&s, mv_given("122346")), PINTAS_OK);
    CHECK_EQ(play(&s, mv_keep("1")), PINTAS_OK);
    CHECK_EQ(pintas_dice_turn_total(&s), 3500);
    CHECK_EQ(play(&s, mv_bank()), PINTAS_OK);
    CHECK_EQ(s.score[1], 3500);
    CHECK_EQ(s.to_move, 0);

    /* hot dice, may: bank right away */
    r.hot_dice = PINTAS_DICE_HOT_MAY;
    pintas_dice_new(&s, &r, 2, 0, 3);
    play(&s, mv_given("111555"));
    CHECK_EQ(play(&s, mv_keep("111555")), PINTAS_OK);
    CHECK_EQ(g_ev[0].points, 5500);
    CHECK_EQ(s.phase, PINTAS_DICE_BANK_OR_ROLL);
    pintas_dice_legal(&s, &lm);
    CHECK(lm.can_roll && lm.can_bank && lm.dice_to_roll == 6);
    CHECK_EQ(play(&s, mv_bank()), PINTAS_OK);
    CHECK_EQ(s.score[0], 5500);

    /* three pairs and two triplets use all six: hot dice */
    r = doom_rules();
    pintas_dice_new(&s, &r, 1, 0, 3);
    play(&s, mv_given("115522"));
    CHECK_EQ(play(&s, mv_keep("115522")), PINTAS_OK);
    CHECK_EQ(g_ev[0].points, 4000);
    CHECK(has_event(PINTAS_DICE_EV_HOT_DICE));
    play(&s, mv_given("222333"));
    CHECK_EQ(play(&s, mv_keep("222333")), PINTAS_OK);
    CHECK_EQ(g_ev[0].points, 1000);
    CHECK_EQ(pintas_dice_turn_total(&s), 5000);
    /* four 5s kept at once are 2000 (singles) */
    play(&s, mv_given("555523"));
    CHECK_EQ(play(&s, mv_keep("5555")), PINTAS_OK);
    CHECK_EQ(g_ev[0].points, 2000);
}

static void test_doom(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state s;
    const pintas_dice_event *e;
    pintas_dice_new(&s, &r, 2, 0, 5);
    banked_turn(&s, "151534", "1515");
    CHECK_EQ(s.score[0], 3000);
    /* player 1 */
    banked_turn(&s, "122346", "1");
    CHECK_EQ(s.score[1], 1000);
    /* player 0 builds a turn, then two 6s in one roll */
    play(&s, mv_given("111234"));
    play(&s, mv_keep("111"));
    CHECK_EQ(play(&s, mv_given("661")), PINTAS_OK);
    CHECK((e = find_event(PINTAS_DICE_EV_DOOM)) != NULL);
    CHECK(e != NULL && e->points == 3000 && e->total == 3000);
    CHECK(!has_event(PINTAS_DICE_EV_ROLL_OUT)); /* doom first */
    CHECK_EQ(s.score[0], 3000);                 /* doom_loses = turn */
    CHECK_EQ(s.to_move, 1);
    /* any two 6s, whatever else the roll holds (a 1-5 straight here) */
    CHECK_EQ(play(&s, mv_given("612345")), PINTAS_OK);
    CHECK(!has_event(PINTAS_DICE_EV_DOOM));
    play(&s, mv_keep("1"));
    CHECK_EQ(play(&s, mv_given("66123")), PINTAS_OK);
    CHECK(has_event(PINTAS_DICE_EV_DOOM));
    CHECK_EQ(s.to_move, 0);

    /* doom_loses = score: the banked score goes too */
    r.doom_loses = PINTAS_DICE_DOOM_SCORE;
    pintas_dice_new(&s, &r, 1, 0, 5);
    banked_turn(&s, "151534", "1515");
    CHECK_EQ(s.score[0], 3000);
    play(&s, mv_given("512346"));
    play(&s, mv_keep("5"));
    CHECK_EQ(play(&s, mv_given("66666")), PINTAS_OK);
    e = find_event(PINTAS_DICE_EV_DOOM);
    CHECK(e != NULL && e->points == 500 && e->total == 0);
    CHECK_EQ(s.score[0], 0);

    /* Farkle has no doom: 6,6,6 is 600 */
    r = farkle_rules();
    pintas_dice_new(&s, &r, 1, 0, 5);
    play(&s, mv_given("666234"));
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_KEEP);
    CHECK_EQ(play(&s, mv_keep("666")), PINTAS_OK);
    CHECK_EQ(pintas_dice_turn_total(&s), 600);
}

static void test_roll_out(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state s;
    const pintas_dice_event *e;
    pintas_dice_new(&s, &r, 3, 2, 5);
    play(&s, mv_given("223346"));
    e = find_event(PINTAS_DICE_EV_ROLL_OUT);
    CHECK(e != NULL && e->player == 2 && e->points == 0);
    CHECK_EQ(s.to_move, 0);
    play(&s, mv_given("512346"));
    play(&s, mv_keep("5"));
    /* (2,3,4,6 would join the 5 into the 2-6 straight: 2,2,3,3,4 cannot) */
    play(&s, mv_given("22334"));
    e = find_event(PINTAS_DICE_EV_ROLL_OUT);
    CHECK(e != NULL && e->points == 500);
    e = find_event(PINTAS_DICE_EV_TURN_END);
    CHECK(e != NULL && e->player == 0 && e->points == 0);
    CHECK_EQ(s.score[0], 0);
    CHECK_EQ(s.to_move, 1);
    CHECK_EQ(s.pool, 0);
}

static void test_target_and_final_round(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state s;
    const pintas_dice_event *e;
    pintas_dice_moves lm;
    r.target = 2000;
    pintas_dice_new(&s, &r, 2, 0, 5);
    play(&s, mv_given("115234"));
    play(&s, mv_keep("11"));
    CHECK_EQ(play(&s, mv_bank()), PINTAS_OK);
    e = find_event(PINTAS_DICE_EV_GAME_END);
    CHECK(e != NULL && e->player == 0 && e->total == 2000);
    CHECK_EQ(s.phase, PINTAS_DICE_OVER);
    CHECK_EQ(s.winner, 0);
    CHECK_EQ(play(&s, mv_roll()), PINTAS_E_OVER);
    CHECK_EQ(pintas_dice_check(&s, &(pintas_dice_move){PINTAS_DICE_BANK, 0, {0}, 0}), PINTAS_E_OVER);
    pintas_dice_legal(&s, &lm);
    CHECK(!lm.can_roll && !lm.can_bank && lm.n_keeps == 0);

    /* below the target: no end */
    pintas_dice_new(&s, &r, 2, 0, 5);
    banked_turn(&s, "152234", "15");
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);

    /* final round, 3 players: 0 reaches, 1 and 2 get one turn, highest wins */
    r.final_round = 1;
    pintas_dice_new(&s, &r, 3, 0, 5);
    banked_turn(&s, "115234", "11");
    e = find_event(PINTAS_DICE_EV_FINAL_ROUND);
    CHECK(e != NULL && e->player == 0 && e->n == 2);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    CHECK_EQ(s.to_move, 1);
    banked_turn(&s, "111234", "111");
    CHECK_EQ(s.score[1], 3000);
    CHECK(!has_event(PINTAS_DICE_EV_GAME_END));
    CHECK(!has_event(PINTAS_DICE_EV_FINAL_ROUND)); /* only once */
    CHECK_EQ(s.to_move, 2);
    play(&s, mv_given("223346")); /* roll-out ends the last turn */
    e = find_event(PINTAS_DICE_EV_GAME_END);
    CHECK(e != NULL && e->player == 1 && e->total == 3000);
    CHECK_EQ(s.winner, 1);

    /* a tie goes to the player who reached the target first */
    pintas_dice_new(&s, &r, 2, 1, 5);
    banked_turn(&s, "115234", "11");
    CHECK_EQ(s.final_trigger, 1);
    banked_turn(&s, "115234", "11");
    CHECK_EQ(s.phase, PINTAS_DICE_OVER);
    CHECK_EQ(s.winner, 1);

    /* solo with final_round: reaching the target wins at once */
    pintas_dice_new(&s, &r, 1, 0, 5);
    banked_turn(&s, "115234", "11");
    CHECK_EQ(s.phase, PINTAS_DICE_OVER);
    CHECK(!has_event(PINTAS_DICE_EV_FINAL_ROUND));
}

static void test_rng_rolls(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state a, b;
    pintas_rng rng;
    int i, same = 1;
    pintas_dice_new(&a, &r, 2, 0, 12345);
    b = a;
    pintas_rng_seed(&rng, 12345, PINTAS_RNG_STREAM);
    CHECK_EQ(play(&a, mv_roll()), PINTAS_OK);
    CHECK_EQ(g_ev[0].kind, PINTAS_DICE_EV_ROLLED);
    CHECK_EQ(g_ev[0].n, 6);
    for (i = 0; i < 6; ++i)
        same &= g_ev[0].dice[i] == 1 + pintas_rng_below(&rng, 6);
    CHECK(same);
    CHECK_EQ(a.rng.state, rng.state);
    /* ROLL_GIVEN draws nothing */
    play(&b, mv_given("223346"));
    {
        pintas_dice_state c;
        pintas_dice_new(&c, &r, 2, 0, 12345);
        CHECK_EQ(b.rng.state, c.rng.state);
    }
    CHECK_EQ(pintas_dice_new(&a, &r, 0, 0, 1), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_new(&a, &r, 9, 0, 1), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_new(&a, &r, 2, 2, 1), PINTAS_E_ARG);
    r.target = -1;
    CHECK_EQ(pintas_dice_new(&a, &r, 2, 0, 1), PINTAS_E_RULES);
    {
        pintas_dice_move m = mv_roll();
        CHECK_EQ(pintas_dice_play(&b, &m, g_ev, PINTAS_DICE_MAX_EVENTS - 1, &g_nev), PINTAS_E_BUFFER);
        m.kind = 9;
        CHECK_EQ(pintas_dice_check(&b, &m), PINTAS_E_ILLEGAL);
    }
}

/* ---- save / load, random games --------------------------------------------- */

static void test_save_load(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state s, t;
    uint8_t buf[PINTAS_DICE_SAVE_SIZE], buf2[PINTAS_DICE_SAVE_SIZE];
    pintas_dice_new(&s, &r, 4, 2, 99);
    play(&s, mv_given("156443"));
    CHECK_EQ(pintas_dice_save(&s, buf, sizeof buf - 1), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_dice_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK(memcmp(buf, "PDIC\x01", 5) == 0);
    CHECK_EQ(pintas_dice_load(&t, buf, sizeof buf), PINTAS_OK);
    pintas_dice_save(&t, buf2, sizeof buf2);
    CHECK(memcmp(buf, buf2, sizeof buf) == 0);
    CHECK_EQ(pintas_dice_load(&t, buf, sizeof buf - 1), PINTAS_E_CORRUPT);
    CHECK_EQ(pintas_dice_load(&t, buf, 0), PINTAS_E_CORRUPT);
    CHECK_EQ(pintas_dice_load(&t, NULL, 0), PINTAS_E_CORRUPT);
    buf2[4] = 2;
    CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_E_VERSION);
    /* inconsistent states */
    memcpy(buf2, buf, sizeof buf);
    buf2[176 + 8] = 6, buf2[176 + 9] = 6; /* the waiting roll becomes doom */
    CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_E_CORRUPT);
    memcpy(buf2, buf, sizeof buf);
    buf2[176 + 7] = 5; /* roll of 5 dice with an empty pool */
    buf2[176 + 8 + 5] = 0;
    CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_E_CORRUPT);
    memcpy(buf2, buf, sizeof buf);
    buf2[196] = 100; /* a pool score with no pool */
    CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_E_CORRUPT);
    memcpy(buf2, buf, sizeof buf);
    buf2[168] &= 0xFE; /* even PCG increment */
    CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_E_CORRUPT);
    memcpy(buf2, buf, sizeof buf);
    buf2[208 + 4 * 5] = 1; /* a score for a seat that does not play */
    CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_E_CORRUPT);
    /* a pool that cannot be reached: {6,6,6} under doom, and {2} */
    play(&s, mv_keep("1"));
    pintas_dice_save(&s, buf, sizeof buf);
    CHECK_EQ(pintas_dice_load(&t, buf, sizeof buf), PINTAS_OK);
    memcpy(buf2, buf, sizeof buf);
    {
        uint32_t pool = S("666"), pts = 600;
        int k;
        for (k = 0; k < 4; ++k) {
            buf2[192 + k] = (uint8_t)(pool >> (8 * k));
            buf2[196 + k] = (uint8_t)(pts >> (8 * k));
        }
        CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_E_CORRUPT);
        pool = S("1");
        pts = 900;
        for (k = 0; k < 4; ++k) {
            buf2[192 + k] = (uint8_t)(pool >> (8 * k));
            buf2[196 + k] = (uint8_t)(pts >> (8 * k));
        }
        CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_E_CORRUPT);
        pts = 1000;
        for (k = 0; k < 4; ++k)
            buf2[196 + k] = (uint8_t)(pts >> (8 * k));
        CHECK_EQ(pintas_dice_load(&t, buf2, sizeof buf2), PINTAS_OK);
    }
}

/* Random games with random legal moves: every state round-trips through
 * save/load, rejected moves change nothing, the game ends. */
static void random_games(const pintas_dice_rules *base, int games, uint64_t seed)
{
    pintas_rng pick;
    int g, ok_roundtrip = 1, ok_end = 1, ok_inv = 1, ok_fuzz = 1;
    long moves = 0;
    pintas_rng_seed(&pick, seed, 77);
    for (g = 0; g < games; ++g) {
        pintas_dice_rules r = *base;
        pintas_dice_state s;
        int players = 1 + (int)pintas_rng_below(&pick, PINTAS_DICE_MAX_PLAYERS), step;
        r.target = 3000 + 500 * (int32_t)pintas_rng_below(&pick, 8);
        r.final_round = (uint8_t)pintas_rng_below(&pick, 2);
        r.hot_dice = (uint8_t)pintas_rng_below(&pick, 2);
        if (r.doom)
            r.doom_loses = (uint8_t)pintas_rng_below(&pick, 2);
        pintas_dice_new(&s, &r, players, (int)pintas_rng_below(&pick, (uint32_t)players),
                        seed + (uint64_t)g);
        for (step = 0; step < 20000 && s.phase != PINTAS_DICE_OVER; ++step) {
            pintas_dice_moves lm;
            pintas_dice_move m;
            uint8_t buf[PINTAS_DICE_SAVE_SIZE], buf2[PINTAS_DICE_SAVE_SIZE];
            pintas_dice_state t;
            int p;
            pintas_dice_save(&s, buf, sizeof buf);
            if (pintas_dice_load(&t, buf, sizeof buf) != PINTAS_OK)
                ok_roundtrip = 0;
            pintas_dice_save(&t, buf2, sizeof buf2);
            if (memcmp(buf, buf2, sizeof buf) != 0)
                ok_roundtrip = 0;
            /* flip one random byte: load must not crash; if accepted, it re-saves the same */
            {
                size_t at = pintas_rng_below(&pick, sizeof buf);
                buf2[at] ^= (uint8_t)(1 + pintas_rng_below(&pick, 255));
                if (pintas_dice_load(&t, buf2, sizeof buf2) == PINTAS_OK) {
                    uint8_t buf3[PINTAS_DICE_SAVE_SIZE];
                    pintas_dice_save(&t, buf3, sizeof buf3);
                    if (memcmp(buf2, buf3, sizeof buf3) != 0)
                        ok_fuzz = 0;
                }
            }
            pintas_dice_legal(&s, &lm);
            memset(&m, 0, sizeof m);
            if (lm.n_keeps > 0) {
                m.kind = PINTAS_DICE_KEEP;
                m.keep = lm.keeps[pintas_rng_below(&pick, lm.n_keeps)].keep;
            } else if (lm.can_bank && (pintas_dice_turn_total(&s) >= 1500 ||
                                       pintas_rng_below(&pick, 4) == 0)) {
                m.kind = PINTAS_DICE_BANK;
            } else if (pintas_rng_below(&pick, 3) == 0) {
                int k;
                m.kind = PINTAS_DICE_ROLL_GIVEN;
                m.n = lm.dice_to_roll;
                for (k = 0; k < m.n; ++k)
                    m.values[k] = (uint8_t)(1 + pintas_rng_below(&pick, 6));
            } else {
                m.kind = PINTAS_DICE_ROLL;
            }
            p = s.to_move;
            if (pintas_dice_check(&s, &m) != PINTAS_OK || play(&s, m) != PINTAS_OK) {
                ok_inv = 0;
                break;
            }
            ++moves;
            /* invariants */
            if (s.phase != PINTAS_DICE_OVER && (s.to_move >= players || s.score[p] < 0))
                ok_inv = 0;
            if (pintas_dice_turn_total(&s) < 0 || pintas_dice_dice_to_roll(&s) < 0 ||
                pintas_dice_dice_to_roll(&s) > 6)
                ok_inv = 0;
            /* an illegal move is refused and changes nothing */
            if (s.phase == PINTAS_DICE_MUST_KEEP && !rejected_unchanged(&s, mv_bank(), PINTAS_E_ILLEGAL))
                ok_inv = 0;
        }
        if (s.phase != PINTAS_DICE_OVER)
            ok_end = 0;
        else if (s.score[s.winner] < r.target)
            ok_inv = 0;
    }
    CHECK(ok_roundtrip);
    CHECK(ok_fuzz);
    CHECK(ok_end);
    CHECK(ok_inv);
    CHECK(moves > games);
}

static void test_random_games(void)
{
    pintas_dice_rules r = doom_rules();
    random_games(&r, 300, 1);
    r = farkle_rules();
    random_games(&r, 300, 2);
}

static void test_fuzz_bytes(void)
{
    pintas_rng rng;
    uint8_t buf[PINTAS_DICE_SAVE_SIZE + 8];
    pintas_dice_state s, before;
    int i, accepted = 0, unchanged = 1;
    pintas_rng_seed(&rng, 4242, 1);
    memset(&before, 0xAB, sizeof before);
    for (i = 0; i < 20000; ++i) {
        size_t len = pintas_rng_below(&rng, sizeof buf + 1), k;
        for (k = 0; k < len; ++k)
            buf[k] = (uint8_t)pintas_rng_next(&rng);
        if (i % 2 == 0 && len >= 5)
            memcpy(buf, "PDIC\x01", 5);
        s = before;
        if (pintas_dice_load(&s, buf, len) == PINTAS_OK)
            ++accepted;
        else if (memcmp(&s, &before, sizeof s) != 0)
            unchanged = 0;
    }
    CHECK(unchanged);
    CHECK_EQ(accepted, 0); /* random bytes are never a consistent state */
}

/* pintas__dice_play_made plays every move as pintas_dice_play does: the same
 * status, events and state, for legal moves and made-up ones (mostly
 * illegal), under both presets, and pintas__dice_legal_made lists what
 * pintas_dice_legal lists on every state met; a state never started and bad
 * buffers are refused. */
static void test_play_made(void)
{
    pintas_dice_rules rules[2];
    pintas_dice_event ev_a[PINTAS_DICE_MAX_EVENTS], ev_b[PINTAS_DICE_MAX_EVENTS];
    pintas_dice_state a, b;
    pintas_dice_move m;
    pintas_rng pick;
    size_t n_a, n_b;
    int g, same = 1, played = 0, refused = 0;
    rules[0] = doom_rules();
    rules[1] = farkle_rules();
    pintas_rng_seed(&pick, 77, 3);
    for (g = 0; g < 200; ++g) {
        CHECK_EQ(pintas_dice_new(&a, &rules[g & 1], 1 + g % 4, 0, (uint64_t)g), PINTAS_OK);
        b = a;
        while (a.phase != PINTAS_DICE_OVER && same) {
            pintas_dice_moves lm, lm_made;
            int st_a, st_b;
            pintas_dice_legal(&a, &lm);
            memset(&lm_made, 0xA5, sizeof lm_made);
            same &= pintas__dice_legal_made(&b, &lm_made) == PINTAS_OK &&
                    lm_made.can_roll == lm.can_roll && lm_made.can_bank == lm.can_bank &&
                    lm_made.dice_to_roll == lm.dice_to_roll && lm_made.n_keeps == lm.n_keeps &&
                    memcmp(lm_made.keeps, lm.keeps, lm.n_keeps * sizeof lm.keeps[0]) == 0;
            memset(&m, 0, sizeof m);
            m.kind = (uint8_t)pintas_rng_below(&pick, 5);
            if (m.kind == PINTAS_DICE_KEEP)
                m.keep = lm.n_keeps > 0 && pintas_rng_below(&pick, 4) != 0
                             ? lm.keeps[pintas_rng_below(&pick, lm.n_keeps)].keep
                             : (pintas_dice_set)pintas_rng_below(&pick, 1u << 18);
            else if (m.kind == PINTAS_DICE_ROLL_GIVEN) {
                int k;
                m.n = (uint8_t)(lm.dice_to_roll + (pintas_rng_below(&pick, 8) == 0));
                for (k = 0; k < m.n && k < PINTAS_DICE_COUNT; ++k)
                    m.values[k] = (uint8_t)(1 + pintas_rng_below(&pick, 6));
            }
            n_a = n_b = 99;
            st_a = pintas_dice_play(&a, &m, ev_a, PINTAS_DICE_MAX_EVENTS, &n_a);
            st_b = pintas__dice_play_made(&b, &m, ev_b, PINTAS_DICE_MAX_EVENTS, &n_b);
            same &= st_a == st_b && n_a == n_b && memcmp(&a, &b, sizeof a) == 0;
            if (st_a == PINTAS_OK) {
                same &= memcmp(ev_a, ev_b, n_a * sizeof ev_a[0]) == 0;
                ++played;
            } else {
                ++refused;
            }
        }
    }
    CHECK(same);
    CHECK(played > 1000);
    CHECK(refused > 1000);
    m = mv_roll();
    CHECK_EQ(pintas__dice_play_made(NULL, &m, ev_b, PINTAS_DICE_MAX_EVENTS, &n_b), PINTAS_E_ARG);
    CHECK_EQ(pintas__dice_play_made(&b, NULL, ev_b, PINTAS_DICE_MAX_EVENTS, &n_b), PINTAS_E_ARG);
    CHECK_EQ(pintas__dice_play_made(&b, &m, ev_b, PINTAS_DICE_MAX_EVENTS - 1, &n_b),
             PINTAS_E_BUFFER);
    memset(&b, 0, sizeof b); /* never started */
    CHECK_EQ(pintas__dice_play_made(&b, &m, ev_b, PINTAS_DICE_MAX_EVENTS, &n_b), PINTAS_E_ARG);
    {
        pintas_dice_moves lm;
        CHECK_EQ(pintas__dice_legal_made(&b, &lm), PINTAS_E_ARG);
        CHECK_EQ(pintas__dice_legal_made(NULL, &lm), PINTAS_E_ARG);
        CHECK_EQ(pintas__dice_legal_made(&a, NULL), PINTAS_E_ARG);
    }
}

/* A state struct full of garbage is refused, never indexed. */
static void test_garbage_state(void)
{
    pintas_rng rng;
    pintas_dice_state s;
    pintas_dice_moves lm;
    int i, ok = 1;
    pintas_rng_seed(&rng, 9, 9);
    for (i = 0; i < 2000; ++i) {
        size_t k;
        pintas_dice_move m = mv_roll();
        uint8_t *b = (uint8_t *)&s;
        for (k = 0; k < sizeof s; ++k)
            b[k] = (uint8_t)pintas_rng_next(&rng);
        if (i % 2 == 0) { /* mostly plausible fields */
            pintas_dice_rules_dice_of_doom(&s.rules);
            s.players = (uint8_t)(s.players % 10);
            s.to_move = (uint8_t)(s.to_move % 10);
            s.phase = (uint8_t)(s.phase % 5);
        }
        m.kind = (uint8_t)(i % 4);
        (void)pintas_dice_legal(&s, &lm);
        (void)pintas_dice_check(&s, &m);
        (void)pintas_dice_turn_total(&s);
        (void)pintas_dice_dice_to_roll(&s);
        if (pintas_dice_play(&s, &m, g_ev, PINTAS_DICE_MAX_EVENTS, &g_nev) == PINTAS_OK) {
            uint8_t buf[PINTAS_DICE_SAVE_SIZE];
            pintas_dice_save(&s, buf, sizeof buf);
        }
    }
    memset(&s, 0xFF, sizeof s);
    ok &= pintas_dice_legal(&s, &lm) == PINTAS_E_ARG;
    ok &= pintas_dice_turn_total(&s) == 0;
    CHECK(ok);
}

/* ---- the solver ------------------------------------------------------------- */

static const pintas_dice_policy *solve(const pintas_dice_rules *r, uint32_t cap, void **mem)
{
    size_t size = pintas_dice_solve_workspace_size_cap(r, cap);
    const pintas_dice_policy *p = NULL;
    *mem = malloc(size);
    if (*mem == NULL || pintas_dice_solve(r, cap, *mem, size, &p) != PINTAS_OK)
        return NULL;
    return p;
}

static int round2_eq(double x, double want)
{
    return fabs(x - want) < 0.005;
}

/* The expected value recomputed through the query API: a fresh turn rolls six
 * dice; each roll is lost (doom, roll-out) or worth its best keep's value. */
static double expected_via_queries(const pintas_dice_policy *p)
{
    double e = 0.0;
    int i;
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        pintas_dice_set r;
        pintas_dice_keep k;
        double v, w = 720.0;
        int f;
        pintas_dice_set_at(i, &r);
        if (pintas_dice_set_size(r) != 6)
            continue;
        for (f = 1; f <= 6; ++f) {
            unsigned c = PINTAS_DICE_SET_COUNT(r, f), j;
            for (j = 2; j <= c; ++j)
                w /= j;
        }
        if (pintas_dice_policy_best_keep(p, r, 0, 0, &k, &v) == PINTAS_OK)
            e += w / 46656.0 * v;
    }
    return e;
}

/* Solves r with the default cap and checks what every policy shows: the
 * expected turn score `want` (to the cent, printed after `name`), the same
 * value read back through the queries, and with the cap doubled (the cap
 * does not matter). NULL, with nothing left to free, if the solve failed. */
static const pintas_dice_policy *solve_checked(const pintas_dice_rules *r, const char *name,
                                               double want, void **mem)
{
    void *mem2 = NULL;
    const pintas_dice_policy *p = solve(r, 0, mem), *doubled;
    CHECK(p != NULL);
    if (p == NULL) {
        free(*mem);
        *mem = NULL;
        return NULL;
    }
    printf("%s: expected turn score %.6f", name, pintas_dice_policy_expected(p));
    CHECK(round2_eq(pintas_dice_policy_expected(p), want));
    CHECK(fabs(expected_via_queries(p) - pintas_dice_policy_expected(p)) < 1e-9);
    doubled = solve(r, 2 * p->cap_units, &mem2);
    CHECK(doubled != NULL &&
          fabs(pintas_dice_policy_expected(doubled) - pintas_dice_policy_expected(p)) < 1e-9);
    free(mem2);
    return p;
}

static void test_solver_farkle(void)
{
    pintas_dice_rules r = farkle_rules();
    void *mem = NULL;
    const pintas_dice_policy *p = solve_checked(&r, "farkle", 446.57, &mem);
    static const int32_t want[7] = {0, 250, 250, 400, 1000, 2900, 10050};
    int n, monotone = 1;
    if (p == NULL)
        return;
    printf("; thresholds");
    for (n = 1; n <= 6; ++n) {
        int32_t th = -1, t;
        /* without combining any pool of 6 - n dice is the same state */
        pintas_dice_set pool = (pintas_dice_set)(6 - n) * PINTAS_DICE_SET_ONE(5);
        CHECK_EQ(pintas_dice_policy_threshold(p, pool, &th), PINTAS_OK);
        printf(" %d", th);
        CHECK_EQ(th, want[n]);
        /* banking is optimal exactly from the threshold up */
        for (t = 0; t < 40000; t += 50)
            monotone &= pintas_dice_policy_should_bank(p, pool, t) == (t >= th);
    }
    printf("\n");
    CHECK(monotone);
    /* a known decision: 1,1,5,2,3,4 at the start: keep 1,1 (200) rather than all three */
    {
        pintas_dice_keep k;
        double v;
        CHECK_EQ(pintas_dice_policy_best_keep(p, S("115234"), 0, 0, &k, &v), PINTAS_OK);
        CHECK(k.keep == S("1") || k.keep == S("11") || k.keep == S("115"));
        CHECK_EQ(pintas_dice_policy_best_keep(p, S("223466"), 0, 0, &k, &v), PINTAS_E_ILLEGAL);
        /* from 1000 with 2 dice left: bank (threshold 250) */
        CHECK_EQ(pintas_dice_policy_should_bank(p, S("5555"), 1000), 1);
        CHECK_EQ(pintas_dice_policy_should_bank(p, S("5555"), 200), 0);
    }
    free(mem);
}

static void test_solver_doom(void)
{
    pintas_dice_rules r = doom_rules();
    void *mem = NULL;
    const pintas_dice_policy *p = solve_checked(&r, "dice of doom", 1798.06, &mem);
    int monotone = 1;
    uint32_t st;
    if (p == NULL)
        return;
    printf("\n");
    /* every pool banks from one threshold up (the policy is a threshold policy) */
    for (st = 0; st < p->n_states; ++st) {
        pintas_dice_set pool = p->state_set[st];
        int32_t th, t, sc = pintas_dice_score(&p->table, pool);
        pintas_dice_policy_threshold(p, pool, &th);
        for (t = sc; t < 60000; t += 100)
            monotone &= pintas_dice_policy_should_bank(p, pool, t) == (t >= th);
    }
    CHECK(monotone);
    {
        int32_t th;
        pintas_dice_keep k;
        double v;
        pintas_dice_policy_threshold(p, S("1"), &th);
        CHECK_EQ(th, 4900);
        pintas_dice_policy_threshold(p, S("5"), &th);
        CHECK_EQ(th, 5500);
        pintas_dice_policy_threshold(p, S("111"), &th);
        CHECK_EQ(th, 3000); /* always bank with {1,1,1} kept */
        /* the rules' worked turn, at the start of a turn */
        CHECK_EQ(pintas_dice_policy_best_keep(p, S("156443"), 0, 0, &k, &v), PINTAS_OK);
        CHECK(k.keep == S("1") || k.keep == S("15"));
        printf("dice of doom: 1,5,6,4,4,3 -> keep %s (%.1f)\n", k.keep == S("1") ? "1" : "1 5", v);
        CHECK_EQ(pintas_dice_policy_best_keep(p, S("661234"), 0, 0, &k, &v), PINTAS_E_ILLEGAL);
        CHECK_EQ(pintas_dice_policy_should_bank(p, S("2"), 0), PINTAS_E_ARG); /* not a pool */
    }
    free(mem);
}

static void test_solver_errors(void)
{
    pintas_dice_rules r = farkle_rules();
    size_t size = pintas_dice_solve_workspace_size(&r);
    const pintas_dice_policy *p = NULL;
    double *mem = malloc(size + 16);
    CHECK(size > sizeof(pintas_dice_policy));
    CHECK_EQ(pintas_dice_solve(&r, 0, mem, size - 8, &p), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_dice_solve(&r, 0, mem, 16, &p), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_dice_solve(&r, 0, (char *)mem + 4, size, &p), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_solve(&r, 100000, mem, size, &p), PINTAS_E_ARG);
    CHECK(p == NULL);
    CHECK_EQ(pintas_dice_policy_should_bank((const pintas_dice_policy *)(void *)mem, 0, 0), PINTAS_E_ARG);
    r.target = 0;
    CHECK_EQ(pintas_dice_solve_workspace_size(&r), 0);
    /* rules where a keep lowers the pool's score are refused */
    pintas_dice_rules_dice_of_doom(&r);
    r.kind[2][4] = 100; /* {2,2,2} = 200, {2,2,2,2} = 100 */
    CHECK_EQ(pintas_dice_solve_workspace_size(&r), 0);
    CHECK_EQ(pintas_dice_solve(&r, 0, mem, size, &p), PINTAS_E_RULES);
    free(mem);
}

/* ---- the limits: max_rolls and max_rounds ------------------------------------ */

static int load_of(const pintas_dice_state *s)
{
    return reload(&pintas_dice_engine, s);
}

static void test_limit_rules(void)
{
    pintas_dice_rules r = farkle_rules();
    /* every byte of either limit is valid: 0 is none */
    r.max_rounds = 255;
    r.max_rolls = 1;
    CHECK_EQ(pintas_dice_rules_check(&r), PINTAS_OK);
    /* the bound needs both: rounds x players x (a roll and a keep per roll) */
    CHECK_EQ(pintas_dice_max_moves(&r, 3), 255ul * 3ul * 2ul);
    r.max_rolls = 0;
    CHECK_EQ(pintas_dice_max_moves(&r, 3), 0ul);
    r.max_rolls = 6;
    r.max_rounds = 0;
    CHECK_EQ(pintas_dice_max_moves(&r, 3), 0ul);
    r.max_rounds = 10;
    CHECK_EQ(pintas_dice_max_moves(&r, 2), 240ul);
    CHECK_EQ(pintas_dice_max_moves(&r, 0), 0ul);
    CHECK_EQ(pintas_dice_max_moves(&r, PINTAS_DICE_MAX_PLAYERS + 1), 0ul);
    CHECK_EQ(pintas_dice_max_moves(NULL, 2), 0ul);
}

static void test_max_rolls(void)
{
    pintas_dice_rules r = doom_rules();
    pintas_dice_state s;
    pintas_dice_moves lm;
    r.max_rolls = 2;
    pintas_dice_new(&s, &r, 2, 0, 3);
    CHECK_EQ(play(&s, mv_given("155234")), PINTAS_OK);
    CHECK_EQ(s.rolls, 1);
    CHECK_EQ(play(&s, mv_keep("1")), PINTAS_OK);
    CHECK_EQ(s.phase, PINTAS_DICE_BANK_OR_ROLL); /* one roll left */
    pintas_dice_legal(&s, &lm);
    CHECK(lm.can_roll && lm.can_bank);
    CHECK_EQ(load_of(&s), PINTAS_OK);
    CHECK_EQ(play(&s, mv_given("12346")), PINTAS_OK);
    CHECK_EQ(s.rolls, 2);
    /* the keep of the last roll banks the turn total at once */
    CHECK_EQ(play(&s, mv_keep("1")), PINTAS_OK);
    CHECK_EQ(g_nev, 3);
    CHECK(g_ev[0].kind == PINTAS_DICE_EV_KEPT && g_ev[1].kind == PINTAS_DICE_EV_BANKED &&
          g_ev[2].kind == PINTAS_DICE_EV_TURN_END);
    CHECK_EQ(g_ev[1].points, 2000);
    CHECK_EQ(s.score[0], 2000);
    CHECK_EQ(s.to_move, 1);
    CHECK_EQ(s.rolls, 0);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    /* hot dice under HOT_MUST on the last roll: banked too */
    r.max_rolls = 1;
    pintas_dice_new(&s, &r, 2, 1, 3);
    play(&s, mv_given("615243"));
    CHECK_EQ(play(&s, mv_keep("123456")), PINTAS_OK);
    CHECK_EQ(g_nev, 4);
    CHECK(g_ev[1].kind == PINTAS_DICE_EV_HOT_DICE && g_ev[2].kind == PINTAS_DICE_EV_BANKED);
    CHECK_EQ(s.score[1], 2500);
    CHECK_EQ(s.to_move, 0);
    /* a bank reaching the target on the last roll wins as a bank does */
    r.target = 1000;
    pintas_dice_new(&s, &r, 2, 0, 3);
    play(&s, mv_given("122346"));
    CHECK_EQ(play(&s, mv_keep("1")), PINTAS_OK);
    CHECK_EQ(s.phase, PINTAS_DICE_OVER);
    CHECK_EQ(s.winner, 0);
    CHECK_EQ(pintas_dice_winners(&s), 1u);
    CHECK_EQ(load_of(&s), PINTAS_OK);
    /* without the limit the counter stays 0 */
    r = doom_rules();
    pintas_dice_new(&s, &r, 2, 0, 3);
    play(&s, mv_given("155234"));
    CHECK_EQ(s.rolls, 0);
}

static void test_max_rounds(void)
{
    pintas_dice_rules r = farkle_rules();
    pintas_dice_state s, t;
    uint8_t buf[PINTAS_DICE_SAVE_SIZE];
    r.max_rounds = 1;
    /* two players, player 1 first: the round ends with player 0's turn */
    pintas_dice_new(&s, &r, 2, 1, 3);
    banked_turn(&s, "122346", "1");
    CHECK_EQ(s.rounds, 0);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    CHECK_EQ(load_of(&s), PINTAS_OK);
    banked_turn(&s, "134662", "1");
    /* a tie at the limit: both win, one GAME_END each (n = 1), in seat order */
    CHECK_EQ(s.phase, PINTAS_DICE_OVER);
    CHECK_EQ(s.rounds, 1);
    CHECK_EQ(s.winner, PINTAS_DICE_NO_PLAYER);
    CHECK_EQ(pintas_dice_winners(&s), 3u);
    CHECK_EQ(g_nev, 4);
    CHECK(g_ev[2].kind == PINTAS_DICE_EV_GAME_END && g_ev[2].player == 0 && g_ev[2].n == 1 &&
          g_ev[2].total == 100);
    CHECK(g_ev[3].kind == PINTAS_DICE_EV_GAME_END && g_ev[3].player == 1 && g_ev[3].n == 1);
    CHECK_EQ(play(&s, mv_roll()), PINTAS_E_OVER);
    CHECK_EQ(pintas_dice_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK_EQ(buf[158], 1); /* max_rounds: the rules byte that was reserved */
    CHECK_EQ(pintas_dice_load(&t, buf, sizeof buf), PINTAS_OK);
    CHECK_EQ(pintas_dice_winners(&t), 3u);
    /* results the limit cannot give are refused */
    t = s; t.winner = 0;              CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
    t = s; t.rounds = 2;              CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
    t = s; t.rules.max_rounds = 2;    CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
    t = s; t.rules.max_rounds = 0;    CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
    t = s; t.rolls = 1;               CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
    /* the highest score alone wins */
    r.max_rounds = 2;
    pintas_dice_new(&s, &r, 2, 0, 3);
    banked_turn(&s, "122346", "1");
    banked_turn(&s, "134662", "1");
    CHECK_EQ(s.rounds, 1);
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    t = s; t.rounds = 2;              CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
    banked_turn(&s, "112346", "11");
    play(&s, mv_given("223466")); /* a roll-out ends the round: 300 to 100 */
    CHECK_EQ(s.phase, PINTAS_DICE_OVER);
    CHECK_EQ(s.winner, 0);
    CHECK_EQ(pintas_dice_winners(&s), 1u);
    CHECK(g_ev[g_nev - 1].kind == PINTAS_DICE_EV_GAME_END && g_ev[g_nev - 1].n == 1);
    CHECK_EQ(load_of(&s), PINTAS_OK);
    /* the limit ends a final round too; the target alone does not */
    r = farkle_rules();
    r.target = 100;
    r.final_round = 1;
    r.max_rounds = 1;
    pintas_dice_new(&s, &r, 3, 0, 3);
    banked_turn(&s, "134652", "5");
    banked_turn(&s, "122346", "1"); /* player 1 reaches 100: two last turns */
    CHECK(has_event(PINTAS_DICE_EV_FINAL_ROUND));
    CHECK_EQ(s.phase, PINTAS_DICE_MUST_ROLL);
    banked_turn(&s, "134662", "1"); /* player 2 ends round 1: the limit */
    CHECK_EQ(s.phase, PINTAS_DICE_OVER);
    CHECK_EQ(s.final_left, 1);
    CHECK_EQ(pintas_dice_winners(&s), 6u); /* 50, 100, 100 */
    CHECK_EQ(load_of(&s), PINTAS_OK);
    /* a final round over at the round's end: the final round decides (ties
     * to the player who reached the target first) */
    pintas_dice_new(&s, &r, 3, 0, 3);
    banked_turn(&s, "122346", "1");
    banked_turn(&s, "134662", "1");
    banked_turn(&s, "134652", "5");
    CHECK_EQ(s.phase, PINTAS_DICE_OVER);
    CHECK_EQ(s.rounds, 0);
    CHECK_EQ(pintas_dice_winners(&s), 1u);
    CHECK_EQ(g_ev[g_nev - 1].n, 0);
    CHECK_EQ(load_of(&s), PINTAS_OK);
}

/* Random whole games under both limits: every game ends within the bound and
 * every state on the way loads. */
static void test_limit_games(void)
{
    pintas_rng pick;
    int g, ok = 1;
    pintas_rng_seed(&pick, 5, 77);
    for (g = 0; g < 300; ++g) {
        pintas_dice_rules r = g % 2 ? farkle_rules() : doom_rules();
        pintas_dice_state s;
        int players = 1 + (int)pintas_rng_below(&pick, PINTAS_DICE_MAX_PLAYERS);
        unsigned long moves = 0, bound;
        r.max_rounds = (uint8_t)(1 + pintas_rng_below(&pick, 5));
        r.max_rolls = (uint8_t)(1 + pintas_rng_below(&pick, 8));
        r.final_round = (uint8_t)pintas_rng_below(&pick, 2);
        r.hot_dice = (uint8_t)pintas_rng_below(&pick, 2);
        bound = pintas_dice_max_moves(&r, players);
        pintas_dice_new(&s, &r, players, (int)pintas_rng_below(&pick, (uint32_t)players),
                        (uint64_t)g);
        while (s.phase != PINTAS_DICE_OVER && moves <= bound) {
            pintas_dice_moves lm;
            pintas_dice_move m;
            memset(&m, 0, sizeof m);
            pintas_dice_legal(&s, &lm);
            if (lm.n_keeps > 0) {
                m.kind = PINTAS_DICE_KEEP;
                m.keep = lm.keeps[pintas_rng_below(&pick, lm.n_keeps)].keep;
            } else if (lm.can_bank && pintas_rng_below(&pick, 4) == 0) {
                m.kind = PINTAS_DICE_BANK;
            } else {
                m.kind = PINTAS_DICE_ROLL;
            }
            if (play(&s, m) != PINTAS_OK || load_of(&s) != PINTAS_OK)
                ok = 0;
            ++moves;
        }
        if (s.phase != PINTAS_DICE_OVER || moves > bound || pintas_dice_winners(&s) == 0)
            ok = 0;
    }
    CHECK(ok);
}

int main(void)
{
    test_sets();
    test_rules();
    test_doom_combinations();
    test_farkle_combinations();
    test_cross_check();
    test_keeps();
    test_keeps_reference();
    test_sort_keeps();
    test_worked_turn();
    test_combine_across_rolls();
    test_straight_hot_dice();
    test_doom();
    test_roll_out();
    test_target_and_final_round();
    test_rng_rolls();
    test_save_load();
    test_random_games();
    test_fuzz_bytes();
    test_garbage_state();
    test_play_made();
    test_limit_rules();
    test_max_rolls();
    test_max_rounds();
    test_limit_games();
    test_solver_farkle();
    test_solver_doom();
    test_solver_errors();
    return check_summary();
}

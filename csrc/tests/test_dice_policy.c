/* test_dice_policy.c - the dice solver's policy is the same as it ever was.
 *
 * The figures below were recorded from the solver as it stood before its
 * workspace was made to fit a small microcontroller (every pool's value
 * stored for every total below the cap). They are digests of every answer
 * the policy gives: the expected turn score (its exact bits), the threshold
 * of every pool, and for each pool and turn total 0..tmax units (and a few
 * far beyond, and totals between units) the roll value (its bits), the bank
 * decision and the best keep (keep, points, value bits) of every roll of the
 * dice left; and of whole games in which every player follows the policy.
 * The solver must reproduce them bit for bit.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "pintas/dice.h"

static void mix(uint64_t *h, uint64_t v)
{
    int i;
    for (i = 0; i < 8; ++i) {
        *h ^= (v >> (8 * i)) & 0xFFu;
        *h *= UINT64_C(0x100000001b3);
    }
}

static uint64_t bits_of(double v)
{
    uint64_t b;
    memcpy(&b, &v, sizeof b);
    return b;
}

/* A pool of the policy's state st: the state's own pool with combine_kept,
 * else that many 5s. */
static pintas_dice_set pool_of(const pintas_dice_policy *p, uint32_t st)
{
    return p->table.rules.combine_kept ? p->state_set[st]
                                       : p->state_set[st] * PINTAS_DICE_SET_ONE(5);
}

/* Every answer of the policy for turn totals of 0, step, 2 step, ... tmax
 * units (and a few far beyond, and totals between units): thresholds, roll
 * values, bank decisions, best keeps (keep, points, value) of every roll of
 * the dice left. */
static uint64_t policy_digest(const pintas_dice_policy *p, uint32_t tmax, uint32_t step)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    int32_t unit = p->table.unit;
    uint32_t st, t;
    mix(&h, bits_of(pintas_dice_policy_expected(p)));
    for (st = 0; st < p->n_states; ++st) {
        pintas_dice_set pool = pool_of(p, st);
        int left = 6 - pintas_dice_set_size(pool), i, k;
        int32_t th = -1;
        static const int32_t far[3] = {5000000, PINTAS_DICE_MAX_CLOSED,
                                       PINTAS_DICE_MAX_CLOSED + 4200000};
        mix(&h, (uint64_t)(int64_t)pintas_dice_policy_threshold(p, pool, &th));
        mix(&h, (uint64_t)(int64_t)th);
        for (t = 0; t <= tmax + 3; t += t < tmax ? step : 1) {
            int half;
            for (half = 0; half < 2; ++half) {
                /* t units, then a total between units (no game has one) */
                int32_t total = t <= tmax ? (int32_t)t * unit + half * (unit / 2)
                                          : far[t - tmax - 1] + half;
                double v = -1.0;
                mix(&h, (uint64_t)(int64_t)pintas_dice_policy_roll_value(p, pool, total, &v));
                mix(&h, bits_of(v));
                mix(&h, (uint64_t)(int64_t)pintas_dice_policy_should_bank(p, pool, total));
                if (half && t % (10 * step) != 0)
                    continue;
                for (i = 0; i < PINTAS_DICE_SETS; ++i) {
                    pintas_dice_set roll;
                    pintas_dice_keep keep = {0, -1};
                    pintas_dice_set_at(i, &roll);
                    if (pintas_dice_set_size(roll) != left)
                        continue;
                    v = -1.0;
                    k = pintas_dice_policy_best_keep(p, roll, pool, total, &keep, &v);
                    mix(&h, (uint64_t)(int64_t)k);
                    mix(&h, keep.keep);
                    mix(&h, (uint64_t)(int64_t)keep.points);
                    mix(&h, bits_of(v));
                }
            }
        }
    }
    return h;
}

/* Whole games where every player plays the policy (bank when it says so),
 * folded into one digest of their events. */
static uint64_t games_digest(const pintas_dice_policy *p, const pintas_dice_rules *r, int games,
                             int players)
{
    uint64_t h = UINT64_C(0xcbf29ce484222325);
    int g;
    for (g = 0; g < games; ++g) {
        pintas_dice_state s;
        pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
        size_t n = 0, i;
        int moves = 0;
        pintas_dice_new(&s, r, players, g % players, (uint64_t)g + 1u);
        while (s.phase != PINTAS_DICE_OVER && moves < 100000) {
            pintas_dice_move m;
            memset(&m, 0, sizeof m);
            m.kind = PINTAS_DICE_ROLL;
            if (s.phase == PINTAS_DICE_MUST_KEEP) {
                pintas_dice_set roll;
                pintas_dice_keep k;
                pintas_dice_set_from_values(s.last_roll, s.last_roll_len, &roll);
                pintas_dice_policy_best_keep(p, roll, s.pool, pintas_dice_turn_total(&s), &k, NULL);
                m.kind = PINTAS_DICE_KEEP;
                m.keep = k.keep;
            } else if (s.phase == PINTAS_DICE_BANK_OR_ROLL &&
                       pintas_dice_policy_should_bank(p, s.pool, pintas_dice_turn_total(&s)) == 1) {
                m.kind = PINTAS_DICE_BANK;
            }
            if (pintas_dice_play(&s, &m, ev, PINTAS_DICE_MAX_EVENTS, &n) != PINTAS_OK)
                return 0;
            ++moves;
            for (i = 0; i < n; ++i) {
                int d;
                mix(&h, ev[i].kind);
                mix(&h, ev[i].player);
                mix(&h, ev[i].n);
                for (d = 0; d < PINTAS_DICE_COUNT; ++d)
                    mix(&h, ev[i].dice[d]);
                mix(&h, (uint64_t)(int64_t)ev[i].points);
                mix(&h, (uint64_t)(int64_t)ev[i].total);
            }
        }
        mix(&h, (uint64_t)moves);
    }
    return h;
}

/* One rule set and what the solver made of it. An optimised build (NDEBUG)
 * sweeps every total, a debug build (sanitizers, ten times slower) every
 * fifth of the presets' and every 31st of the others'. */
typedef struct recorded {
    const char *name;
    double expected;
    uint32_t tmax, step;  /* the totals the policy digest sweeps (units) */
    uint64_t policy;      /* policy_digest(p, tmax, step) */
    uint32_t coarse_step; /* the debug build's */
    uint64_t coarse;      /* policy_digest(p, tmax, coarse_step) */
    uint64_t games;       /* games_digest(p, rules, 200, 3) */
} recorded;

static const int32_t DOOM_THRESHOLDS[63] = {
    4900, 1500, 1500, 1600, 2500, 1600, 1500, 1500, 1600, 1500, 1500, 1500, 1600, 1500,
    1500, 1600, 2100, 3000, 1900, 1500, 1800, 1500, 2500, 1700, 1500, 2600, 3500, 2400,
    2300, 2200, 4000, 4500, 5000, 2200, 2200, 2000, 2500, 2500, 2500, 2500, 2500, 2500,
    2200, 2500, 2500, 2500, 2500, 3000, 3500, 4000, 4000, 2500, 4600, 4600, 4600, 3000,
    3000, 3000, 4600, 5000, 4200, 5500, 4900};

static const int32_t FARKLE_THRESHOLDS[6] = {10050, 250, 250, 400, 1000, 2900};

static const recorded RECORDED[5] = {
    {"dice of doom", 0x1.c183b8aac3f97p+10, 1000, 1, UINT64_C(0xc84f1684d39b4175), 5,
     UINT64_C(0xe125c39ef5dcfdc9), UINT64_C(0x27fdbe4173bd1c94)},
    {"farkle", 0x1.be9249ea13ee6p+8, 680, 1, UINT64_C(0x76627401b1c30166), 5,
     UINT64_C(0x0e8d7e02679f0e54), UINT64_C(0x7960a9cc4f1bdd6d)},
    {"dice of doom, hot dice may", 0x1.c28457731584cp+10, 1000, 7,
     UINT64_C(0x4fa30c8a91918b98), 31, UINT64_C(0x2c2b7502ea94d115),
     UINT64_C(0xab9ab0286cd49455)},
    {"dice of doom without doom", 0x1.a154dcec012e2p+11, 1000, 7,
     UINT64_C(0x8e8dea2842dd5aad), 31, UINT64_C(0x04e46c8b79b30447),
     UINT64_C(0xc3c8968fdfbc1507)},
    {"farkle, kept dice combined, hot dice must", 0x1.5813cc0157b62p+9, 680, 7,
     UINT64_C(0x26ccfc180c412905), 31, UINT64_C(0xf29405694c337ee3),
     UINT64_C(0x28c04e98836e4ef8)},
};

#ifdef NDEBUG
#define FULL_SWEEP 1
#else
#define FULL_SWEEP 0
#endif

static pintas_dice_rules rules_of(int which)
{
    pintas_dice_rules r;
    if (which == 1 || which == 4)
        pintas_dice_rules_farkle(&r);
    else
        pintas_dice_rules_dice_of_doom(&r);
    if (which == 2)
        r.hot_dice = PINTAS_DICE_HOT_MAY;
    if (which == 3)
        r.doom = 0;
    if (which == 4) {
        r.combine_kept = 1;
        r.hot_dice = PINTAS_DICE_HOT_MUST;
    }
    return r;
}

/* Solves r (default cap) in a workspace of `size` bytes; NULL on failure. */
static const pintas_dice_policy *solve_in(const pintas_dice_rules *r, size_t size, void **mem)
{
    const pintas_dice_policy *p = NULL;
    *mem = malloc(size);
    if (*mem == NULL || pintas_dice_solve(r, 0, *mem, size, &p) != PINTAS_OK)
        return NULL;
    return p;
}

/* Solves r with cap_units in a workspace of `size` bytes; NULL on failure. */
static const pintas_dice_policy *solve_in_cap(const pintas_dice_rules *r, uint32_t cap_units,
                                              size_t size, void **mem)
{
    const pintas_dice_policy *p = NULL;
    *mem = malloc(size);
    if (*mem == NULL || pintas_dice_solve(r, cap_units, *mem, size, &p) != PINTAS_OK)
        return NULL;
    return p;
}

/* The policy gives every recorded answer. */
static void check_recorded(const pintas_dice_policy *p, int which)
{
    const recorded *want = &RECORDED[which];
    pintas_dice_rules r = rules_of(which);
    double e = pintas_dice_policy_expected(p);
    uint32_t step = FULL_SWEEP ? want->step : want->coarse_step;
    uint64_t policy = policy_digest(p, want->tmax, step);
    uint64_t games = games_digest(p, &r, 200, 3);
    printf("%s: expected %a, policy digest %016llx (every %u units), games digest %016llx\n",
           want->name, e, (unsigned long long)policy, step, (unsigned long long)games);
    CHECK(bits_of(e) == bits_of(want->expected));
    CHECK(policy == (FULL_SWEEP ? want->policy : want->coarse));
    CHECK(games == want->games);
    if (which < 2) {
        const int32_t *th = which == 0 ? DOOM_THRESHOLDS : FARKLE_THRESHOLDS;
        uint32_t st, n = which == 0 ? 63 : 6, same = 1;
        CHECK_EQ(p->n_states, n);
        for (st = 0; st < p->n_states && st < n; ++st) {
            int32_t t = -1;
            pintas_dice_policy_threshold(p, pool_of(p, st), &t);
            same &= t == th[st];
        }
        CHECK(same);
    }
}

/* In a workspace holding every total, every rule set's policy is the
 * recorded one; in the smallest workspace too, for the rule sets where
 * banking beats rolling on every non-empty pool from twice the best keep up
 * (both presets and more). For the others the solve values those totals as
 * banked: the policy of the full workspace with that cap. */
static void test_recorded_policies(void)
{
    int which;
    for (which = 0; which < 5; ++which) {
        pintas_dice_rules r = rules_of(which);
        size_t small = pintas_dice_solve_workspace_size(&r);
        size_t full = pintas_dice_solve_workspace_size_full(&r, 0);
        void *mem = NULL, *mem2 = NULL;
        const pintas_dice_policy *p = solve_in(&r, full, &mem), *q;
        CHECK(small > 0 && small < full);
        CHECK(p != NULL);
        if (p == NULL) {
            free(mem);
            continue;
        }
        CHECK_EQ(p->full_units, p->cap_units);
        /* (a debug build checks the presets in their smallest workspace only) */
        if (FULL_SWEEP || which >= 3) {
            printf("full workspace, %zu bytes: ", full);
            check_recorded(p, which);
        }
        q = solve_in(&r, small, &mem2);
        CHECK(q != NULL);
        if (q != NULL && which < 3) {
            printf("smallest workspace, %zu bytes (every pool's values below %u of %u units): ",
                   small, q->full_units, q->cap_units);
            CHECK(q->full_units < q->cap_units);
            check_recorded(q, which);
        } else if (q != NULL) {
            /* rolling pays above full_units: totals from there valued as banked */
            void *mem3 = NULL;
            const pintas_dice_policy *f;
            CHECK_EQ(q->cap_units, q->full_units);
            CHECK(q->cap_units < p->cap_units);
            f = solve_in_cap(&r, q->cap_units,
                             pintas_dice_solve_workspace_size_full(&r, q->cap_units), &mem3);
            CHECK(f != NULL && f->cap_units == q->cap_units);
            if (f != NULL) {
                const recorded *want = &RECORDED[which];
                printf("smallest workspace, %zu bytes: capped at %u units, as the full workspace "
                       "with that cap\n", small, q->cap_units);
                CHECK(bits_of(f->expected) == bits_of(q->expected));
                CHECK(policy_digest(q, want->tmax, 31) == policy_digest(f, want->tmax, 31));
                CHECK(games_digest(q, &r, 50, 3) == games_digest(f, &r, 50, 3));
            }
            free(mem3);
        }
        free(mem2);
        free(mem);
    }
}

/* Dice of Doom's default solve fits a 264 KB RP2040 beside a game: at most
 * 160 KB (this host's header is a few bytes larger than a 32-bit target's);
 * any workspace from the smallest up gives the same policy, holding more
 * totals in full the more room it has. */
static void test_workspace_sizes(void)
{
    pintas_dice_rules r = rules_of(0);
    size_t small = pintas_dice_solve_workspace_size(&r), step, size;
    const pintas_dice_policy *p;
    void *mem = NULL;
    uint32_t last = 0;
    uint64_t want = 0;
    printf("dice of doom: smallest workspace %zu bytes, every total %zu bytes\n", small,
           pintas_dice_solve_workspace_size_full(&r, 0));
    CHECK(small <= 160u * 1024u);
    CHECK_EQ(pintas_dice_solve_workspace_size_cap(&r, 0), small);
    CHECK(solve_in(&r, small - 8, &mem) == NULL);
    free(mem);
    p = solve_in(&r, small, &mem);
    if (!CHECK(p != NULL)) {
        free(mem);
        return;
    }
    step = (p->n_states - 1u) * sizeof(double);
    want = policy_digest(p, 1000, 97);
    free(mem);
    for (size = small; size < small + 40 * step; size += 13 * step + 8) {
        p = solve_in(&r, size, &mem);
        CHECK(p != NULL && p->full_units > last && p->cap_units == 960);
        if (p != NULL) {
            last = p->full_units;
            CHECK(bits_of(p->expected) == bits_of(RECORDED[0].expected));
            CHECK(policy_digest(p, 1000, 97) == want);
        }
        free(mem);
    }
}

/* ---- the book ----------------------------------------------------------------- */

/* The book of p answers as p for every pool, every roll of the dice left and
 * every total that is a multiple of the unit (every `step` of them up to
 * tmax units, every one around the cap, and a few far beyond). */
static int book_agrees(const pintas_dice_book *b, const pintas_dice_policy *p, uint32_t tmax,
                       uint32_t step)
{
    int32_t unit = p->table.unit;
    uint32_t st, t, cap = p->cap_units;
    int same = 1;
    for (st = 0; st < p->n_states; ++st) {
        pintas_dice_set pool = pool_of(p, st), roll;
        int left = 6 - pintas_dice_set_size(pool), i;
        for (t = 0; t <= tmax + 3;
             t += t < tmax && (t + step < cap - 2 || t > cap + 2) ? step : 1) {
            static const int32_t far[3] = {5000000, PINTAS_DICE_MAX_CLOSED,
                                           PINTAS_DICE_MAX_CLOSED + 4200000};
            int32_t total = t <= tmax ? (int32_t)t * unit : far[t - tmax - 1];
            same &= pintas_dice_book_should_bank(b, pool, total) ==
                    pintas_dice_policy_should_bank(p, pool, total);
            for (i = 0; i < PINTAS_DICE_SETS; ++i) {
                pintas_dice_keep want = {0, 0}, got = {0, 0};
                int a, c;
                pintas_dice_set_at(i, &roll);
                if (pintas_dice_set_size(roll) != left)
                    continue;
                a = pintas_dice_policy_best_keep(p, roll, pool, total, &want, NULL);
                c = pintas_dice_book_best_keep(b, roll, pool, total, &got);
                same &= a == c && want.keep == got.keep && want.points == got.points;
            }
        }
    }
    return same;
}

/* Writes p's book into a new buffer (length *len); NULL on failure. */
static uint8_t *book_of(const pintas_dice_policy *p, size_t *len)
{
    uint8_t *buf;
    size_t n = 0;
    if (!CHECK_EQ(pintas_dice_policy_book(p, NULL, 0, &n), PINTAS_E_BUFFER))
        return NULL;
    buf = malloc(n);
    if (buf == NULL || !CHECK_EQ(pintas_dice_policy_book(p, buf, n, len), PINTAS_OK) ||
        !CHECK_EQ(*len, n)) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The books of both presets and of a few other rule sets answer as their
 * policies; a book is the same whichever workspace solved the policy. */
static void test_books(void)
{
    static const int sets[4] = {0, 1, 2, 4};
    int k;
    for (k = 0; k < 4; ++k) {
        int which = sets[k];
        pintas_dice_rules r = rules_of(which);
        void *mem = NULL, *mem2 = NULL;
        const pintas_dice_policy *p = solve_in(&r, pintas_dice_solve_workspace_size(&r), &mem);
        const pintas_dice_policy *q =
            solve_in(&r, pintas_dice_solve_workspace_size_full(&r, 0), &mem2);
        uint8_t *bytes = NULL, *again = NULL;
        size_t len = 0, len2 = 0;
        pintas_dice_book b;
        if (CHECK(p != NULL && q != NULL))
            bytes = book_of(p, &len);
        if (bytes != NULL) {
            uint32_t step = FULL_SWEEP ? 1 : (which < 2 ? 7 : 29);
            printf("%s: book of %zu bytes (cap %u units, %u pool states)\n", RECORDED[which].name,
                   len, p->cap_units, p->n_states);
            CHECK_EQ(pintas_dice_book_open(&b, bytes, len), PINTAS_OK);
            CHECK(book_agrees(&b, p, p->cap_units + 40, step));
            if (p->cap_units == q->cap_units && (FULL_SWEEP || which == 1)) {
                again = book_of(q, &len2);
                CHECK(again != NULL && len2 == len && memcmp(again, bytes, len) == 0);
            }
            if (which == 0)
                CHECK(len <= 8192); /* a few kilobytes of flash */
        }
        free(again);
        free(bytes);
        free(mem2);
        free(mem);
    }
}

/* Every byte string is safe to open, a book damaged anywhere is refused or
 * still answers within its bounds, and the queries check their input. */
static void test_book_bytes(void)
{
    pintas_dice_rules r = rules_of(1);
    void *mem = NULL;
    const pintas_dice_policy *p = solve_in(&r, pintas_dice_solve_workspace_size(&r), &mem);
    uint8_t *bytes = NULL, *bad;
    size_t len = 0, i;
    pintas_dice_book b;
    pintas_dice_keep k;
    pintas_rng rng;
    int round, refused = 0;
    if (p != NULL)
        bytes = book_of(p, &len);
    if (!CHECK(bytes != NULL)) {
        free(mem);
        return;
    }
    CHECK_EQ(pintas_dice_policy_book(p, bytes, len - 1, &i), PINTAS_E_BUFFER);
    CHECK_EQ(i, len);
    CHECK_EQ(pintas_dice_policy_book(NULL, bytes, len, &len), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_policy_book(p, bytes, len, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_book_open(NULL, bytes, len), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_book_open(&b, NULL, 5), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_book_open(&b, NULL, 0), PINTAS_E_CORRUPT);
    for (i = 0; i < len; ++i)
        if (!CHECK_EQ(pintas_dice_book_open(&b, bytes, i), PINTAS_E_CORRUPT))
            break;
    bad = malloc(len + 1);
    if (bad == NULL) {
        free(bytes);
        free(mem);
        return;
    }
    memcpy(bad, bytes, len);
    bad[len] = 0;
    CHECK_EQ(pintas_dice_book_open(&b, bad, len + 1), PINTAS_E_CORRUPT);
    bad[4] = 2;
    CHECK_EQ(pintas_dice_book_open(&b, bad, len), PINTAS_E_VERSION);
    pintas_rng_seed(&rng, 11, 12);
    for (round = 0; round < 3000; ++round) {
        int flips = 1 + (int)pintas_rng_below(&rng, 3), f, st;
        memcpy(bad, bytes, len);
        for (f = 0; f < flips; ++f)
            bad[pintas_rng_below(&rng, (uint32_t)len)] ^=
                (uint8_t)(1u + pintas_rng_below(&rng, 255));
        st = pintas_dice_book_open(&b, bad, len);
        CHECK(st == PINTAS_OK || st == PINTAS_E_CORRUPT || st == PINTAS_E_VERSION);
        if (st != PINTAS_OK) {
            ++refused;
            continue;
        }
        /* what still opens answers something, from inside its bytes */
        st = pintas_dice_book_should_bank(&b, PINTAS_DICE_SET_ONE(5), 300);
        CHECK(st == 0 || st == 1 || st == PINTAS_E_ARG);
        st = pintas_dice_book_best_keep(&b, PINTAS_DICE_SET_ONE(1) * 3 + PINTAS_DICE_SET_ONE(2) * 3,
                                        0, 0, &k);
        CHECK(st == PINTAS_OK || st == PINTAS_E_ILLEGAL || st == PINTAS_E_ARG ||
              st == PINTAS_E_CORRUPT);
    }
    CHECK(refused > 0);
    free(bad);
    /* input checks */
    if (CHECK_EQ(pintas_dice_book_open(&b, bytes, len), PINTAS_OK)) {
        pintas_dice_set two_sixes = 2 * PINTAS_DICE_SET_ONE(6) + 4 * PINTAS_DICE_SET_ONE(2);
        pintas_dice_set roll_out =
            2 * PINTAS_DICE_SET_ONE(3) + 2 * PINTAS_DICE_SET_ONE(4) + 2 * PINTAS_DICE_SET_ONE(6);
        CHECK_EQ(pintas_dice_book_should_bank(&b, 0, -1), PINTAS_E_ARG);
        CHECK_EQ(pintas_dice_book_should_bank(NULL, 0, 0), PINTAS_E_ARG);
        CHECK_EQ(pintas_dice_book_should_bank(&b, 6 * PINTAS_DICE_SET_ONE(5), 0), PINTAS_E_ARG);
        CHECK_EQ(pintas_dice_book_best_keep(&b, PINTAS_DICE_SET_ONE(1), 0, 0, &k), PINTAS_E_ARG);
        CHECK_EQ(pintas_dice_book_best_keep(&b, two_sixes, 0, 0, NULL), PINTAS_E_ARG);
        /* a roll-out: 3,3,4,4,6,6 scores nothing in Farkle */
        CHECK_EQ(pintas_dice_book_best_keep(&b, roll_out, 0, 0, &k), PINTAS_E_ILLEGAL);
        CHECK_EQ(pintas_dice_book_best_keep(&b, two_sixes, 0, 0, &k), PINTAS_OK);
        CHECK(k.keep == 3 * PINTAS_DICE_SET_ONE(2));
    }
    free(bytes);
    free(mem);
}

int main(void)
{
    test_recorded_policies();
    test_workspace_sizes();
    test_books();
    test_book_bytes();
    return check_summary();
}

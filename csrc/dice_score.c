/* dice_score.c - dice sets, the two rule presets, scoring and legal keeps.
 *
 * The scoring of docs/rules.md section 3. A kept set scores its best
 * split into combinations in which every die belongs to exactly one
 * combination; a set with no such split is "not fully scoring"
 * (PINTAS_DICE_NO_SCORE = -1), which is not the same as the empty set (0).
 * The combinations of Dice of Doom:
 *   - a single 1 = 1000, a single 5 = 500 (no other face scores alone);
 *   - n = 3..6 dice of one face f = f x 100 as ONE set, whatever n (three 5s
 *     as a set are 500, four 5s also 500); so three 1s as a set are 100 and
 *     the best split takes them as singles (3000); four 5s are 2000 as
 *     singles, never 500. A split holds at most one such set per face: six
 *     2s are one set (200), not two triplets (six of a kind is one set), and
 *     not a set of three plus a set of three. A set of f and singles of f may mix
 *     (only matters when single[f] > 0: Farkle's four 1s = 1000 + 100);
 *   - straights 1-2-3-4-5 and 2-3-4-5-6 (five dice) and 1-2-3-4-5-6 (six
 *     dice) = 1000 plus the single values of their dice, i.e. +1000 per 1 and
 *     +500 per 5: 1-5 = 2500, 2-6 = 1500, 1-6 = 2500. A five-straight may
 *     leave a sixth die to other combinations (1,1,2,3,4,5 = 2500 + 1000);
 *   - three pairs: exactly 2+2+2 dice of three different faces (4+2 is not
 *     three pairs) = 1000 plus the single values of its dice
 *     (1,1,5,5,2,2 = 1000 + 2000 + 1000 = 4000);
 *   - two triplets: exactly 3+3 dice of two different faces = 1000 plus the
 *     single values (1,1,1,5,5,5 = 1000 + 3000 + 1500 = 5500, better than
 *     the 4500 of six singles; 2,2,2,3,3,3 = 1000, better than 200 + 300).
 * Doom (two or more 6s in one roll) is a property of a roll, not of a kept set:
 * pintas_dice_score ignores it, pintas_dice_best_keep and the keep lists
 * apply it. With doom no reachable pool ever holds two 6s (a 6 scores only
 * inside a straight, and a pool holding a straight cannot take a second 6).
 *
 * The farkle preset: single 1 = 100, single 5 = 50, three 1s = 1000, three of
 * f = 100 f, and nothing else; six of a kind counts as two triplets (written
 * as kind[f][6] = 2 kind[f][3]); four or five of a kind are a triplet plus
 * singles (so four 2s are not fully scoring: keep three, roll the fourth).
 *
 * The split is computed as: the best over {no big combination, each straight
 * that fits, three pairs, two triplets} of that combination's value plus, for
 * every face, the best of "one set of k (3..n) dice or none, the rest singles"
 * over the dice left. At most one big combination fits in six dice (they use
 * five or six). pintas_dice_table_init tabulates this for all 924 sets.
 */
#include "pintas/dice.h"
#include "dice_internal.h"

/* UPTO[i][m]: sets of at most m dice of faces i+1..6 (weak compositions of m
 * into faces i+1..6 plus a slack part), C(m + 6 - i, 6 - i). The sets with
 * fewer than c dice of face i+1 when rem dice are still free (ranked
 * lexicographically) are then UPTO[i][rem] - UPTO[i][rem - c]: their count by
 * the dice c' < c of face i+1 is the sum of UPTO[i + 1][rem - c'] (the
 * hockey-stick identity). Checked by the tests (index is a bijection onto
 * 0..923). */
static const uint16_t UPTO[6][7] = {
    {1, 7, 28, 84, 210, 462, 924},
    {1, 6, 21, 56, 126, 252, 462},
    {1, 5, 15, 35, 70, 126, 210},
    {1, 4, 10, 20, 35, 56, 84},
    {1, 3, 6, 10, 15, 21, 28},
    {1, 2, 3, 4, 5, 6, 7},
};

/* Sets with fewer than c (at most rem) dice of face i+1 when rem are free. */
static unsigned skip(unsigned i, unsigned rem, unsigned c)
{
    return (unsigned)UPTO[i][rem] - UPTO[i][rem - c];
}

/* ---- sets ----------------------------------------------------------------- */

int pintas_dice_set_is_valid(pintas_dice_set s)
{
    return pintas__dice_set_valid(s);
}

int pintas_dice_set_size(pintas_dice_set s)
{
    if (!pintas_dice_set_is_valid(s))
        return PINTAS_E_ARG;
    return (int)pintas__dice_set_size(s);
}

/* Index of a set known to be valid. */
static int set_index(pintas_dice_set s)
{
    unsigned i, rem = PINTAS_DICE_COUNT, r = 0;
    for (i = 0; i < PINTAS_DICE_FACES; ++i) {
        unsigned c = (s >> (3u * i)) & 7u;
        r += skip(i, rem, c);
        rem -= c;
    }
    return (int)r;
}

int pintas_dice_set_index(pintas_dice_set s)
{
    if (!pintas_dice_set_is_valid(s))
        return PINTAS_E_ARG;
    return set_index(s);
}

int pintas_dice_set_at(int index, pintas_dice_set *out)
{
    unsigned i, rem = PINTAS_DICE_COUNT, r;
    pintas_dice_set s = 0;
    if (out == NULL || index < 0 || index >= PINTAS_DICE_SETS)
        return PINTAS_E_ARG;
    r = (unsigned)index;
    for (i = 0; i < PINTAS_DICE_FACES; ++i) {
        unsigned c = 0;
        while (c < rem && skip(i, rem, c + 1) <= r)
            ++c;
        r -= skip(i, rem, c);
        rem -= c;
        s |= (pintas_dice_set)c << (3u * i);
    }
    *out = s;
    return PINTAS_OK;
}

int pintas_dice_set_from_values(const uint8_t *values, size_t n, pintas_dice_set *out)
{
    pintas_dice_set s;
    if (out == NULL || n > PINTAS_DICE_COUNT || (values == NULL && n > 0))
        return PINTAS_E_ARG;
    s = pintas__dice_set_of(values, (unsigned)n);
    if (s == 0 && n > 0)
        return PINTAS_E_ARG;
    *out = s;
    return PINTAS_OK;
}

int pintas_dice_set_values(pintas_dice_set s, uint8_t *values, size_t cap, size_t *n)
{
    if (n == NULL || !pintas_dice_set_is_valid(s))
        return PINTAS_E_ARG;
    if (pintas__dice_set_size(s) > cap)
        return PINTAS_E_BUFFER;
    if (values == NULL && pintas__dice_set_size(s) > 0)
        return PINTAS_E_ARG;
    *n = s == 0 ? 0 : pintas__dice_set_list(s, values);
    return PINTAS_OK;
}

int pintas_dice_set_contains(pintas_dice_set of, pintas_dice_set sub)
{
    if (!pintas_dice_set_is_valid(of) || !pintas_dice_set_is_valid(sub))
        return 0;
    return pintas__dice_set_within(of, sub);
}

/* ---- rules ---------------------------------------------------------------- */

static void rules_clear(pintas_dice_rules *r)
{
    int f, n;
    for (f = 0; f <= PINTAS_DICE_FACES; ++f) {
        r->single[f] = 0;
        for (n = 0; n <= PINTAS_DICE_COUNT; ++n)
            r->kind[f][n] = 0;
    }
    r->straight_low = r->straight_high = r->straight_six = 0;
    r->three_pairs = r->two_triplets = 0;
    r->target = 0;
    r->add_singles = 0;
    r->combine_kept = r->doom = r->doom_loses = r->hot_dice = r->final_round = 0;
    r->max_rounds = r->max_rolls = 0;
}

int pintas_dice_rules_dice_of_doom(pintas_dice_rules *rules)
{
    int f, n;
    if (rules == NULL)
        return PINTAS_E_ARG;
    rules_clear(rules);
    rules->single[1] = 1000;
    rules->single[5] = 500;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        for (n = 3; n <= PINTAS_DICE_COUNT; ++n)
            rules->kind[f][n] = 100 * f;
    rules->straight_low = rules->straight_high = rules->straight_six = 1000;
    rules->three_pairs = 1000;
    rules->two_triplets = 1000;
    rules->add_singles =
        PINTAS_DICE_ADD_STRAIGHTS | PINTAS_DICE_ADD_THREE_PAIRS | PINTAS_DICE_ADD_TWO_TRIPLETS;
    rules->combine_kept = 1;
    rules->doom = 1;
    rules->doom_loses = PINTAS_DICE_DOOM_TURN;
    rules->hot_dice = PINTAS_DICE_HOT_MUST;
    rules->final_round = 0;
    rules->target = 100000;
    return PINTAS_OK;
}

int pintas_dice_rules_farkle(pintas_dice_rules *rules)
{
    int f;
    if (rules == NULL)
        return PINTAS_E_ARG;
    rules_clear(rules);
    rules->single[1] = 100;
    rules->single[5] = 50;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
        rules->kind[f][3] = f == 1 ? 1000 : 100 * f;
        rules->kind[f][6] = 2 * rules->kind[f][3];
    }
    rules->combine_kept = 0;
    rules->doom = 0;
    rules->doom_loses = PINTAS_DICE_DOOM_TURN;
    rules->hot_dice = PINTAS_DICE_HOT_MAY;
    rules->final_round = 0;
    rules->target = 10000;
    return PINTAS_OK;
}

/* Adds the entry v, which must be 0..PINTAS_DICE_MAX_VALUE, to the running
 * checks of pintas_dice_rules_check: `any` gathers the entries (bit 31 set
 * by a negative one; non-zero when one scores), bit 31 of `out` is set by an
 * entry above the maximum (PINTAS_DICE_MAX_VALUE - v wraps past 2^31). A macro: the check runs on every call of
 * the game functions, and boards compile for size (no inlining there). */
#define VALUE_CHECK(v)                                                                   \
    do {                                                                                 \
        uint32_t u_ = (uint32_t)(v);                                                     \
        any |= u_;                                                                       \
        out |= (uint32_t)PINTAS_DICE_MAX_VALUE - u_;                                     \
    } while (0)

int pintas_dice_rules_check(const pintas_dice_rules *r)
{
    /* Checked on every call of the game functions (a state, hand-made or
     * loaded, carries its rules), so without a branch per entry: the entries
     * out of range (see VALUE_CHECK), the entries that must be 0 (no face 0,
     * no set of fewer than three dice) and whether any entry scores are
     * gathered, then judged once. */
    uint32_t out = 0, zero, any = 0;
    int f;
    if (r == NULL)
        return PINTAS_E_ARG;
    zero = (uint32_t)(r->single[0] | r->kind[0][0] | r->kind[0][1] | r->kind[0][2] |
                      r->kind[0][3] | r->kind[0][4] | r->kind[0][5] | r->kind[0][6]);
    for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
        const int32_t *k = r->kind[f];
        zero |= (uint32_t)(k[0] | k[1] | k[2]);
        VALUE_CHECK(r->single[f]);
        VALUE_CHECK(k[3]);
        VALUE_CHECK(k[4]);
        VALUE_CHECK(k[5]);
        VALUE_CHECK(k[6]);
    }
    VALUE_CHECK(r->straight_low);
    VALUE_CHECK(r->straight_high);
    VALUE_CHECK(r->straight_six);
    VALUE_CHECK(r->three_pairs);
    VALUE_CHECK(r->two_triplets);
    if (((out | any) >> 31) != 0 || zero != 0 || any == 0)
        return PINTAS_E_RULES;
#undef VALUE_CHECK
    if (r->target < 1 || r->target > PINTAS_DICE_MAX_TARGET)
        return PINTAS_E_RULES;
    if (r->add_singles & ~(unsigned)(PINTAS_DICE_ADD_STRAIGHTS | PINTAS_DICE_ADD_THREE_PAIRS |
                                     PINTAS_DICE_ADD_TWO_TRIPLETS))
        return PINTAS_E_RULES;
    if (r->combine_kept > 1 || r->doom > 1 || r->doom_loses > 1 || r->hot_dice > 1 ||
        r->final_round > 1)
        return PINTAS_E_RULES;
    if (!r->doom && r->doom_loses != 0)
        return PINTAS_E_RULES;
    /* max_rounds and max_rolls: every value of their byte is valid (0: none) */
    return PINTAS_OK;
}

static int32_t gcd32(int32_t a, int32_t b)
{
    while (b != 0) {
        int32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

int32_t pintas_dice_rules_unit(const pintas_dice_rules *r)
{
    int f, n;
    int32_t g = 0;
    if (pintas_dice_rules_check(r) != PINTAS_OK)
        return 0;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
        g = gcd32(r->single[f], g);
        for (n = 3; n <= PINTAS_DICE_COUNT; ++n)
            g = gcd32(r->kind[f][n], g);
    }
    g = gcd32(r->straight_low, g);
    g = gcd32(r->straight_high, g);
    g = gcd32(r->straight_six, g);
    g = gcd32(r->three_pairs, g);
    g = gcd32(r->two_triplets, g);
    return g;
}

/* ---- scoring --------------------------------------------------------------- */

/* Best score of n dice all of face f: at most one set of k = 3..n, the rest as
 * singles; -1 if impossible. */
static int32_t face_best(const pintas_dice_rules *r, unsigned f, unsigned n)
{
    int32_t best = -1, one = r->single[f];
    unsigned k;
    if (n == 0)
        return 0;
    if (one > 0)
        best = (int32_t)n * one;
    for (k = 3; k <= n; ++k) {
        int32_t v;
        if (r->kind[f][k] <= 0 || (k < n && one <= 0))
            continue;
        v = r->kind[f][k] + (int32_t)(n - k) * one;
        if (v > best)
            best = v;
    }
    return best;
}

/* Best split of the dice in c[1..6] using no big combination; -1 if none. */
static int32_t small_split(const pintas_dice_rules *r, const unsigned *c)
{
    int32_t total = 0;
    unsigned f;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
        int32_t v = face_best(r, f, c[f]);
        if (v < 0)
            return -1;
        total += v;
    }
    return total;
}

/* A big combination taking take[1..6] from c: value base (+ singles if add)
 * plus the best small split of the rest; -1 if it does not fit. */
static int32_t with_big(const pintas_dice_rules *r, const unsigned *c, const unsigned *take,
                        int32_t base, int add)
{
    unsigned rest[PINTAS_DICE_FACES + 1], f;
    int32_t v = base, tail;
    if (base <= 0)
        return -1;
    rest[0] = 0;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
        if (take[f] > c[f])
            return -1;
        rest[f] = c[f] - take[f];
        if (add)
            v += (int32_t)take[f] * r->single[f];
    }
    tail = small_split(r, rest);
    return tail < 0 ? -1 : v + tail;
}

static int32_t max32(int32_t a, int32_t b)
{
    return a > b ? a : b;
}

/* The split score of a valid set under valid rules. */
static int32_t split_score(const pintas_dice_rules *r, pintas_dice_set s)
{
    static const unsigned LOW[7] = {0, 1, 1, 1, 1, 1, 0};
    static const unsigned HIGH[7] = {0, 0, 1, 1, 1, 1, 1};
    static const unsigned SIX[7] = {0, 1, 1, 1, 1, 1, 1};
    unsigned c[PINTAS_DICE_FACES + 1], f, pairs = 0, triplets = 0, size = 0;
    int straights = (r->add_singles & PINTAS_DICE_ADD_STRAIGHTS) != 0;
    int32_t best;
    c[0] = 0;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
        c[f] = PINTAS_DICE_SET_COUNT(s, f);
        size += c[f];
        pairs += c[f] == 2;
        triplets += c[f] == 3;
    }
    if (size == 0)
        return 0;
    best = small_split(r, c);
    if (size >= 5) { /* a straight takes five dice or six */
        best = max32(best, with_big(r, c, LOW, r->straight_low, straights));
        best = max32(best, with_big(r, c, HIGH, r->straight_high, straights));
        best = max32(best, with_big(r, c, SIX, r->straight_six, straights));
    }
    if (pairs == 3)
        best = max32(best, with_big(r, c, c, r->three_pairs,
                                    (r->add_singles & PINTAS_DICE_ADD_THREE_PAIRS) != 0));
    if (triplets == 2)
        best = max32(best, with_big(r, c, c, r->two_triplets,
                                    (r->add_singles & PINTAS_DICE_ADD_TWO_TRIPLETS) != 0));
    return best;
}

int32_t pintas__dice_split_score(const pintas_dice_rules *r, pintas_dice_set s)
{
    return split_score(r, s);
}

int32_t pintas_dice_score_rules(const pintas_dice_rules *rules, pintas_dice_set s)
{
    if (pintas_dice_rules_check(rules) != PINTAS_OK || !pintas_dice_set_is_valid(s))
        return PINTAS_E_ARG;
    return split_score(rules, s);
}

int pintas_dice_table_init(pintas_dice_table *table, const pintas_dice_rules *rules)
{
    int i, size, st;
    unsigned f;
    if (table == NULL)
        return PINTAS_E_ARG;
    st = pintas_dice_rules_check(rules);
    if (st != PINTAS_OK)
        return st;
    table->rules = *rules;
    table->unit = pintas_dice_rules_unit(rules);
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        pintas_dice_set s;
        pintas_dice_set_at(i, &s);
        table->score[i] = split_score(rules, s);
    }
    /* best[s] = max(score[s], best[s minus one die]) by increasing size. */
    for (size = 0; size <= PINTAS_DICE_COUNT; ++size) {
        for (i = 0; i < PINTAS_DICE_SETS; ++i) {
            pintas_dice_set s;
            int32_t b;
            pintas_dice_set_at(i, &s);
            if ((int)pintas__dice_set_size(s) != size)
                continue;
            b = table->score[i] > 0 ? table->score[i] : 0;
            for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
                if (PINTAS_DICE_SET_COUNT(s, f) > 0) {
                    int32_t sub = table->best[set_index(s - PINTAS_DICE_SET_ONE(f))];
                    if (sub > b)
                        b = sub;
                }
            }
            table->best[i] = b;
        }
    }
    return PINTAS_OK;
}

int32_t pintas_dice_score(const pintas_dice_table *table, pintas_dice_set s)
{
    if (table == NULL || !pintas_dice_set_is_valid(s))
        return PINTAS_E_ARG;
    return table->score[set_index(s)];
}


int pintas_dice_is_doom(const pintas_dice_rules *rules, pintas_dice_set roll)
{
    if (rules == NULL || !pintas_dice_set_is_valid(roll))
        return 0;
    return pintas__dice_doom(rules, roll);
}

int32_t pintas_dice_best_keep(const pintas_dice_table *table, pintas_dice_set roll)
{
    if (table == NULL || !pintas_dice_set_is_valid(roll))
        return PINTAS_E_ARG;
    if (pintas__dice_doom(&table->rules, roll))
        return 0;
    return table->best[set_index(roll)];
}

/* ---- legal keeps ------------------------------------------------------------ */

/* A face value standing for "these dice of one face cannot all be placed":
 * so low that a sum over six faces holding one stays negative (a valid split
 * is at most 6 x 7 x PINTAS_DICE_MAX_VALUE) and six of them do not overflow. */
#define NO_FACE (-(INT32_C(1) << 28))

/* 1 if some big combination (straights, three pairs, two triplets) scores. */
static int has_big(const pintas_dice_rules *r)
{
    return (r->straight_low | r->straight_high | r->straight_six | r->three_pairs |
            r->two_triplets) != 0;
}

/* The keeps of a valid roll beside a valid pool (doom already ruled out),
 * in increasing set order, into out (room for PINTAS_DICE_MAX_KEEPS; NULL:
 * stop at the first keep found); returns how many. base is subtracted from
 * every score (the pool's score with combine_kept, else 0).
 *
 * The keeps are the distinct sub-multisets of the roll, visited as six
 * nested counts with face 6 outermost: the order of the set numbers. A
 * split using no big combination is the sum over faces of the best of that
 * face's dice alone (face_best), so each face's values are worked out once
 * for the counts the roll allows, and a keep's score is a running sum. Big
 * combinations take five or six dice: a scored set of five or more dice is
 * scored in full when the rules have one. Without big combinations a face
 * whose count cannot be placed rules out every keep with that count, and
 * that branch is skipped. */
static size_t list_keeps(const pintas_dice_rules *r, pintas_dice_set roll, pintas_dice_set pool,
                         int32_t base, pintas_dice_keep *out)
{
    int32_t v[PINTAS_DICE_FACES + 1][PINTAS_DICE_COUNT + 1];
    unsigned top[PINTAS_DICE_FACES + 1], f, j, c1, c2, c3, c4, c5, c6;
    pintas_dice_set under = r->combine_kept ? pool : 0;
    unsigned under_size = pintas__dice_set_size(under);
    int big = has_big(r);
    size_t len = 0;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
        unsigned have = PINTAS_DICE_SET_COUNT(under, f);
        top[f] = PINTAS_DICE_SET_COUNT(roll, f);
        for (j = 0; j <= top[f]; ++j) {
            int32_t b = have + j == 0 ? 0 : face_best(r, f, have + j);
            v[f][j] = b < 0 ? NO_FACE : b;
        }
    }
    /* skip: a branch whose sum so far is negative holds no keep */
#define SKIP_BRANCH(sum) if (!big && (sum) < 0) continue
    for (c6 = 0; c6 <= top[6]; ++c6) {
        int32_t s6 = v[6][c6];
        SKIP_BRANCH(s6);
        for (c5 = 0; c5 <= top[5]; ++c5) {
            int32_t s5 = s6 + v[5][c5];
            SKIP_BRANCH(s5);
            for (c4 = 0; c4 <= top[4]; ++c4) {
                int32_t s4 = s5 + v[4][c4];
                SKIP_BRANCH(s4);
                for (c3 = 0; c3 <= top[3]; ++c3) {
                    int32_t s3 = s4 + v[3][c3];
                    SKIP_BRANCH(s3);
                    for (c2 = 0; c2 <= top[2]; ++c2) {
                        int32_t s2 = s3 + v[2][c2];
                        unsigned n2 = under_size + c6 + c5 + c4 + c3 + c2;
                        pintas_dice_set k2 = c6 * PINTAS_DICE_SET_ONE(6) +
                                             c5 * PINTAS_DICE_SET_ONE(5) +
                                             c4 * PINTAS_DICE_SET_ONE(4) +
                                             c3 * PINTAS_DICE_SET_ONE(3) +
                                             c2 * PINTAS_DICE_SET_ONE(2);
                        SKIP_BRANCH(s2);
                        for (c1 = 0; c1 <= top[1]; ++c1) {
                            pintas_dice_set k = k2 + c1 * PINTAS_DICE_SET_ONE(1);
                            int32_t sc = s2 + v[1][c1];
                            if (k == 0)
                                continue;
                            if (big && n2 + c1 >= 5)
                                sc = split_score(r, under + k);
                            if (sc < 0)
                                continue;
                            if (out == NULL)
                                return 1;
                            out[len].keep = k;
                            out[len].points = sc - base;
                            ++len;
                        }
                    }
                }
            }
        }
    }
#undef SKIP_BRANCH
    return len;
}

static int keeps(const pintas_dice_rules *r, pintas_dice_set roll, pintas_dice_set pool,
                 pintas_dice_keep *out, size_t cap, size_t *n)
{
    int32_t base = 0;
    size_t len = 0;
    if (out == NULL || n == NULL || !pintas_dice_set_is_valid(roll) ||
        !pintas_dice_set_is_valid(pool) ||
        pintas__dice_set_size(roll) + pintas__dice_set_size(pool) > PINTAS_DICE_COUNT)
        return PINTAS_E_ARG;
    if (cap < PINTAS_DICE_MAX_KEEPS)
        return PINTAS_E_BUFFER;
    if (r->combine_kept) {
        base = split_score(r, pool);
        if (base < 0)
            return PINTAS_E_ARG;
    }
    if (!pintas__dice_doom(r, roll))
        len = list_keeps(r, roll, pool, base, out);
    *n = len;
    return PINTAS_OK;
}

int pintas_dice_keeps(const pintas_dice_table *table, pintas_dice_set roll, pintas_dice_set pool,
                      pintas_dice_keep *out, size_t cap, size_t *n)
{
    if (table == NULL)
        return PINTAS_E_ARG;
    return keeps(&table->rules, roll, pool, out, cap, n);
}

int pintas_dice_keeps_rules(const pintas_dice_rules *rules, pintas_dice_set roll,
                            pintas_dice_set pool, pintas_dice_keep *out, size_t cap, size_t *n)
{
    int st = pintas_dice_rules_check(rules);
    if (st != PINTAS_OK)
        return st;
    return keeps(rules, roll, pool, out, cap, n);
}

int pintas__dice_keeps_of(const pintas_dice_rules *r, pintas_dice_set roll, pintas_dice_set pool,
                          pintas_dice_keep *out, size_t cap, size_t *n)
{
    return keeps(r, roll, pool, out, cap, n);
}

int pintas__dice_any_keep(const pintas_dice_rules *r, pintas_dice_set roll, pintas_dice_set pool)
{
    unsigned f;
    if (pintas__dice_doom(r, roll))
        return 0;
    /* Where the keep is scored alone (no pool under it), one die of a face
     * that scores as a single is a keep: most rolls are settled here,
     * without the search. */
    if (!r->combine_kept || pool == 0)
        for (f = 1; f <= PINTAS_DICE_FACES; ++f)
            if (r->single[f] > 0 && PINTAS_DICE_SET_COUNT(roll, f) > 0)
                return 1;
    return list_keeps(r, roll, pool, 0, NULL) > 0;
}

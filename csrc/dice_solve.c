/* dice_solve.c - the optimal single-turn policy (docs/rules.md section 3) by
 * exact backward induction.
 *
 * The quantity maximised is the expected final turn total of one turn, a lost
 * turn (doom or roll-out) counting 0 (the standard single-turn analysis of
 * Farkle; Busche & Neller). A decision state is (pool state, turn total T):
 *   - the pool state is the multiset kept since the last six-dice roll when
 *     combine_kept is on (it decides the dice left, 6 - |pool|, and which dice
 *     later keeps may add), else only its size (later keeps score alone);
 *   - T = closed pools + the pool's score, in units of the rules' gcd.
 * R(s, T) = expected final total of rolling from (s, T):
 *   sum over the rolls r of the dice left of P(r) * best over legal keeps K of
 *   A(s + K, T + points(K)), with 0 for a doom roll or a roll-out, where
 *   A(s', T') = max(T', R(s', T'))        (bank or roll on), and when the keep
 *   uses the sixth die (hot dice) A = R(empty, T') under HOT_MUST, else
 *   max(T', R(empty, T')).
 * Every keep adds >= 0 points (checked: rules where a keep lowers the total
 * are refused), and a keep adding 0 (combine_kept: {2,2,2} + {2}) makes the
 * pool larger, so evaluating T from the cap downwards, and within one T the
 * empty pool first, then pools by decreasing size, needs no iteration.
 * Totals of cap_units units or more are valued as banked (A = T'); the
 * default cap is 16 times the best six-dice keep (Farkle 32,000, Dice of Doom
 * 96,000), far above every threshold, and the tests check that doubling it
 * changes nothing. The solve-time transitions (per pool state and roll: the
 * roll's probability and the distinct (next state, gain) pairs, a pair kept
 * only with its largest gain) are independent of T and built once.
 */
#include "pintas/dice.h"
#include "dice_internal.h"

#define POLICY_MAGIC 0x50444C59u /* "PDLY" */
#define HOT_STATE 0x3FFu         /* next state of a keep that uses the sixth die */
#define NO_STATE 0xFFFFu
#define GAIN_BITS 22u
#define MAX_CAP_UNITS 65536u
#define DEFAULT_CAP_FACTOR 16

typedef struct solve_roll {
    double prob;
    uint32_t first; /* first option */
    uint32_t n;     /* options */
} solve_roll;

static const uint32_t FACT[7] = {1, 1, 2, 6, 24, 120, 720};
static const double POW6[7] = {1.0, 6.0, 36.0, 216.0, 1296.0, 7776.0, 46656.0};

static double roll_prob(pintas_dice_set r)
{
    unsigned f, n = pintas__dice_set_size(r);
    uint32_t w = FACT[n];
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        w /= FACT[PINTAS_DICE_SET_COUNT(r, f)];
    return (double)w / POW6[n];
}

static int32_t score_at(const pintas_dice_table *t, pintas_dice_set s)
{
    return t->score[pintas_dice_set_index(s)];
}

static uint32_t default_cap(const pintas_dice_table *t)
{
    int i;
    int32_t best = 0;
    uint32_t cap;
    for (i = 0; i < PINTAS_DICE_SETS; ++i)
        if (t->best[i] > best)
            best = t->best[i];
    cap = (uint32_t)(DEFAULT_CAP_FACTOR * best / t->unit); /* best <= 4.2e6: no overflow */
    if (cap > MAX_CAP_UNITS)
        cap = MAX_CAP_UNITS;
    return cap < 1 ? 1 : cap;
}

/* The pool states: fill state_of / state_set / n_states of *p (table set). */
static void make_states(pintas_dice_policy *p)
{
    const pintas_dice_table *t = &p->table;
    uint32_t n = 0;
    int i, size;
    for (i = 0; i < PINTAS_DICE_SETS; ++i)
        p->state_of[i] = NO_STATE;
    /* empty first, then sizes 5, 4, ..., 1 */
    for (size = 0; size <= 5; size = size == 0 ? 5 : size - 1) {
        if (!t->rules.combine_kept) {
            p->state_set[n++] = (pintas_dice_set)size;
        } else {
            for (i = 0; i < PINTAS_DICE_SETS; ++i) {
                pintas_dice_set s;
                pintas_dice_set_at(i, &s);
                if ((int)pintas__dice_set_size(s) == size && t->score[i] >= 0) {
                    p->state_of[i] = (uint16_t)n;
                    p->state_set[n++] = s;
                }
            }
        }
        if (size == 1)
            break;
    }
    if (!t->rules.combine_kept) {
        /* every set maps to the state of its size */
        for (i = 0; i < PINTAS_DICE_SETS; ++i) {
            pintas_dice_set s;
            unsigned k;
            pintas_dice_set_at(i, &s);
            k = pintas__dice_set_size(s);
            p->state_of[i] = (uint16_t)(k == 0 ? 0 : (k <= 5 ? 6 - k : NO_STATE));
        }
    }
    p->n_states = n;
}

static unsigned state_size(const pintas_dice_policy *p, uint32_t st)
{
    return p->table.rules.combine_kept ? pintas__dice_set_size(p->state_set[st]) : p->state_set[st];
}

/* Options of keeping from roll r in state st into opt[0..) (deduplicated by
 * next state, largest gain kept); returns their number, or -1 if a keep
 * would lower the total. */
static int roll_options(const pintas_dice_policy *p, uint32_t st, pintas_dice_set r,
                        uint32_t cap, uint32_t *opt)
{
    const pintas_dice_table *t = &p->table;
    const pintas_dice_rules *rules = &t->rules;
    unsigned kept = state_size(p, st);
    pintas_dice_set pool = rules->combine_kept ? p->state_set[st] : 0;
    int32_t base = rules->combine_kept ? score_at(t, pool) : 0;
    pintas_dice_set k;
    int n = 0, j;
    if (rules->doom && PINTAS_DICE_SET_COUNT(r, 6) >= 2)
        return 0;
    for (k = pintas__dice_next_subset(r, 0); k != 0; k = pintas__dice_next_subset(r, k)) {
        int32_t sc = score_at(t, rules->combine_kept ? pool + k : k);
        uint32_t next, gain;
        unsigned size = kept + pintas__dice_set_size(k);
        if (sc < 0)
            continue;
        if (sc - base < 0)
            return -1;
        gain = (uint32_t)((sc - base) / t->unit);
        if (gain > cap)
            gain = cap;
        if (size == PINTAS_DICE_COUNT)
            next = HOT_STATE;
        else if (rules->combine_kept)
            next = p->state_of[pintas_dice_set_index(pool + k)];
        else
            next = (uint32_t)(6 - size);
        for (j = 0; j < n; ++j) {
            if ((opt[j] >> GAIN_BITS) == next) {
                if ((opt[j] & ((1u << GAIN_BITS) - 1u)) < gain)
                    opt[j] = (next << GAIN_BITS) | gain;
                break;
            }
        }
        if (j == n)
            opt[n++] = (next << GAIN_BITS) | gain;
    }
    return n;
}

static size_t align8(size_t n)
{
    return (n + 7u) & ~(size_t)7u;
}

/* Count (rolls == NULL) or write the transitions. Returns 0, or -1 if a keep
 * lowers the total. */
static int transitions(pintas_dice_policy *p, uint32_t cap, solve_roll *rolls, uint32_t *options)
{
    uint32_t st, nr = 0, no = 0, opt[PINTAS_DICE_MAX_KEEPS];
    for (st = 0; st < p->n_states; ++st) {
        unsigned d = PINTAS_DICE_COUNT - state_size(p, st);
        int i;
        p->roll_first[st] = nr;
        for (i = 0; i < PINTAS_DICE_SETS; ++i) {
            pintas_dice_set r;
            int n, j;
            pintas_dice_set_at(i, &r);
            if (pintas__dice_set_size(r) != d)
                continue;
            n = roll_options(p, st, r, cap, opt);
            if (n < 0)
                return -1;
            if (n == 0)
                continue; /* doom or roll-out: the turn is lost */
            if (rolls != NULL) {
                rolls[nr].prob = roll_prob(r);
                rolls[nr].first = no;
                rolls[nr].n = (uint32_t)n;
                for (j = 0; j < n; ++j)
                    options[no + (uint32_t)j] = opt[j];
            }
            ++nr;
            no += (uint32_t)n;
        }
    }
    p->roll_first[p->n_states] = nr;
    p->n_rolls = nr;
    p->n_options = no;
    return 0;
}

/* Prepare the header in *p and return the total workspace size (0 on error). */
static size_t layout(pintas_dice_policy *p, const pintas_dice_rules *rules, uint32_t cap_units)
{
    size_t size;
    if (pintas_dice_table_init(&p->table, rules) != PINTAS_OK)
        return 0;
    if (cap_units == 0)
        cap_units = default_cap(&p->table);
    if (cap_units > MAX_CAP_UNITS)
        return 0;
    p->cap_units = cap_units;
    make_states(p);
    if (transitions(p, cap_units, NULL, NULL) != 0)
        return 0;
    size = align8(sizeof(pintas_dice_policy));
    p->values_offset = size;
    size += (size_t)cap_units * p->n_states * sizeof(double);
    p->rolls_offset = size;
    size += (size_t)p->n_rolls * sizeof(solve_roll);
    p->options_offset = size;
    size += (size_t)p->n_options * sizeof(uint32_t);
    return align8(size);
}

size_t pintas_dice_solve_workspace_size_cap(const pintas_dice_rules *rules, uint32_t cap_units)
{
    pintas_dice_policy p; /* about 18 KB of stack */
    if (rules == NULL)
        return 0;
    return layout(&p, rules, cap_units);
}

size_t pintas_dice_solve_workspace_size(const pintas_dice_rules *rules)
{
    return pintas_dice_solve_workspace_size_cap(rules, 0);
}

static const double *values_of(const pintas_dice_policy *p)
{
    return (const double *)(const void *)((const unsigned char *)p + p->values_offset);
}

/* Value of reaching next state `next` (or HOT_STATE) at total t2 units. */
static double after(const pintas_dice_policy *p, const double *R, uint32_t next, uint32_t t2)
{
    double bank = (double)t2 * (double)p->table.unit, roll;
    if (t2 >= p->cap_units)
        return bank;
    if (next == HOT_STATE) {
        roll = R[(size_t)t2 * p->n_states];
        if (p->table.rules.hot_dice == PINTAS_DICE_HOT_MUST)
            return roll;
    } else {
        roll = R[(size_t)t2 * p->n_states + next];
    }
    return roll > bank ? roll : bank;
}

int pintas_dice_solve(const pintas_dice_rules *rules, uint32_t cap_units, void *workspace,
                      size_t size, const pintas_dice_policy **policy)
{
    pintas_dice_policy *p = (pintas_dice_policy *)workspace;
    solve_roll *rolls;
    uint32_t *options;
    double *R;
    size_t need;
    uint32_t t, st, ns, cap;
    if (rules == NULL || workspace == NULL || policy == NULL)
        return PINTAS_E_ARG;
    if (((uintptr_t)workspace & 7u) != 0)
        return PINTAS_E_ARG;
    if (cap_units > MAX_CAP_UNITS)
        return PINTAS_E_ARG;
    if (pintas_dice_rules_check(rules) != PINTAS_OK)
        return PINTAS_E_RULES;
    if (size < sizeof(pintas_dice_policy))
        return PINTAS_E_BUFFER;
    need = layout(p, rules, cap_units);
    p->magic = 0;
    if (need == 0)
        return PINTAS_E_RULES;
    if (size < need)
        return PINTAS_E_BUFFER;
    rolls = (solve_roll *)(void *)((unsigned char *)p + p->rolls_offset);
    options = (uint32_t *)(void *)((unsigned char *)p + p->options_offset);
    R = (double *)(void *)((unsigned char *)p + p->values_offset);
    transitions(p, p->cap_units, rolls, options);
    ns = p->n_states;
    cap = p->cap_units;
    for (t = cap; t-- > 0;) {
        for (st = 0; st < ns; ++st) {
            uint32_t i, end = p->roll_first[st + 1];
            double e = 0.0;
            for (i = p->roll_first[st]; i < end; ++i) {
                const uint32_t *o = options + rolls[i].first;
                uint32_t j;
                double best = 0.0;
                for (j = 0; j < rolls[i].n; ++j) {
                    uint32_t t2 = t + (o[j] & ((1u << GAIN_BITS) - 1u));
                    double v = after(p, R, o[j] >> GAIN_BITS, t2);
                    if (v > best)
                        best = v;
                }
                e += rolls[i].prob * best;
            }
            R[(size_t)t * ns + st] = e;
        }
    }
    p->expected = R[0];
    p->reserved = 0;
    p->magic = POLICY_MAGIC;
    *policy = p;
    return PINTAS_OK;
}

/* ---- queries ---------------------------------------------------------------- */

/* Turn totals a game can reach (closed pools saturate; a pool adds < 4.2e6). */
static int total_ok(int32_t turn_total)
{
    return turn_total >= 0 &&
           turn_total <= PINTAS_DICE_MAX_CLOSED + 6 * 7 * PINTAS_DICE_MAX_VALUE;
}

static int policy_ok(const pintas_dice_policy *p)
{
    return p != NULL && p->magic == POLICY_MAGIC;
}

double pintas_dice_policy_expected(const pintas_dice_policy *p)
{
    return policy_ok(p) ? p->expected : 0.0;
}

/* The state of a pool, or NO_STATE. */
static uint32_t state_of_pool(const pintas_dice_policy *p, pintas_dice_set pool)
{
    if (!pintas_dice_set_is_valid(pool) || pintas__dice_set_size(pool) >= PINTAS_DICE_COUNT)
        return NO_STATE;
    return p->state_of[pintas_dice_set_index(pool)];
}

int pintas_dice_policy_roll_value(const pintas_dice_policy *p, pintas_dice_set pool,
                                  int32_t turn_total, double *out)
{
    uint32_t st, t;
    if (!policy_ok(p) || out == NULL || !total_ok(turn_total))
        return PINTAS_E_ARG;
    st = state_of_pool(p, pool);
    if (st == NO_STATE)
        return PINTAS_E_ARG;
    t = (uint32_t)(turn_total / p->table.unit);
    if (t >= p->cap_units)
        *out = (double)turn_total; /* beyond the cap: valued as banked */
    else
        *out = values_of(p)[(size_t)t * p->n_states + st];
    return PINTAS_OK;
}

int pintas_dice_policy_should_bank(const pintas_dice_policy *p, pintas_dice_set pool,
                                   int32_t turn_total)
{
    double v;
    int st = pintas_dice_policy_roll_value(p, pool, turn_total, &v);
    if (st != PINTAS_OK)
        return st;
    return (double)turn_total >= v;
}

int pintas_dice_policy_best_keep(const pintas_dice_policy *p, pintas_dice_set roll,
                                 pintas_dice_set pool, int32_t turn_total,
                                 pintas_dice_keep *keep, double *value)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0, i, best_i = 0;
    double best = -1.0;
    unsigned kept;
    int st;
    if (!policy_ok(p) || keep == NULL || !total_ok(turn_total) || state_of_pool(p, pool) == NO_STATE)
        return PINTAS_E_ARG;
    st = pintas_dice_keeps(&p->table, roll, pool, ks, PINTAS_DICE_MAX_KEEPS, &n);
    if (st != PINTAS_OK)
        return st;
    if (n == 0)
        return PINTAS_E_ILLEGAL;
    kept = pintas__dice_set_size(pool);
    for (i = 0; i < n; ++i) {
        int32_t total = turn_total + ks[i].points; /* both far below 2^30 */
        unsigned size = kept + pintas__dice_set_size(ks[i].keep);
        uint32_t next, t2;
        double v;
        if (size == PINTAS_DICE_COUNT)
            next = HOT_STATE;
        else if (p->table.rules.combine_kept)
            next = state_of_pool(p, pool + ks[i].keep);
        else
            next = (uint32_t)(6 - size);
        t2 = (uint32_t)(total / p->table.unit);
        if (t2 > p->cap_units)
            t2 = p->cap_units;
        v = after(p, values_of(p), next, t2);
        if (t2 >= p->cap_units)
            v = (double)total;
        if (v > best) {
            best = v;
            best_i = i;
        }
    }
    *keep = ks[best_i];
    if (value != NULL)
        *value = best;
    return PINTAS_OK;
}

int pintas_dice_policy_threshold(const pintas_dice_policy *p, pintas_dice_set pool,
                                 int32_t *threshold)
{
    const double *R;
    uint32_t st, t, start = 0, t0;
    if (!policy_ok(p) || threshold == NULL)
        return PINTAS_E_ARG;
    st = state_of_pool(p, pool);
    if (st == NO_STATE)
        return PINTAS_E_ARG;
    if (p->table.rules.combine_kept)
        start = (uint32_t)(score_at(&p->table, pool) / p->table.unit);
    R = values_of(p);
    t0 = p->cap_units;
    for (t = p->cap_units; t-- > start;) {
        if ((double)t * (double)p->table.unit < R[(size_t)t * p->n_states + st])
            break;
        t0 = t;
    }
    *threshold = (int32_t)t0 * p->table.unit;
    return PINTAS_OK;
}

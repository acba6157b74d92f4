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
 *
 * Memory. Storing R for every pool and every total below the cap takes
 * cap x states doubles (Dice of Doom: 960 x 63, 484 KB). Far above the
 * thresholds, banking beats rolling on every pool but the empty one (whose
 * roll hot dice may force), and there R of the other pools decides nothing:
 * A = T'. So the workspace stores R of every pool only for totals below
 * full_units (the smallest workspace: twice the best six-dice keep), and above
 * it R of the empty pool alone. The solve computes the totals above
 * full_units in a ring of rows (a power of two above the largest gain, inside
 * the rows of the totals just below full_units, which it computes last) and
 * checks that banking beats rolling there on every other pool; a query of
 * such a pool's R recomputes it from the transitions, with the very same
 * arithmetic. Every answer is then the one of a full table, bit for bit. If
 * the check fails (rules where rolling on pays at totals that high), the
 * solve values totals from full_units up as banked instead: cap_units
 * becomes full_units, which a larger workspace raises (it holds more totals
 * in full: pintas_dice_solve_workspace_size_full holds all of them).
 */
#include "pintas/dice.h"
#include "dice_internal.h"

#define POLICY_MAGIC 0x50444C59u /* "PDLY" */
#define HOT_STATE PINTAS__DICE_HOT /* next state of a keep that uses the sixth die */
#define NO_STATE 0xFFFFu
#define GAIN_BITS PINTAS__DICE_GAIN_BITS
#define GAIN_MASK ((1u << GAIN_BITS) - 1u)
#define MAX_CAP_UNITS 65536u
#define DEFAULT_CAP_FACTOR 16
#define FULL_FACTOR 2 /* totals the smallest workspace holds in full, in best keeps */

typedef pintas__dice_roll solve_roll;

/* What the workspace holds, known before the solve: the cap, the totals the
 * smallest workspace stores in full, and the counts of states, rolls and
 * options. */
typedef struct shape {
    uint32_t cap;
    uint32_t full_min;
    uint32_t n_states;
    uint32_t n_rolls;
    uint32_t n_options;
} shape;

/* How the values are read: rows of every pool for totals below `full`; above
 * it, during the solve (ring != 0) rows kept in a ring of `ring` rows (a power
 * of two) ending at row `full`, after it the empty pool's values alone. */
typedef struct values_view {
    double *rows;
    double *empty; /* the empty pool's value at totals full .. cap - 1 */
    uint32_t full;
    uint32_t ring;
} values_view;

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

/* The score of a valid set: from the table when there is one (the solve),
 * else from the rules (the size query, which has no room for a table). */
static int32_t score_of(const pintas_dice_rules *r, const pintas_dice_table *t, pintas_dice_set s)
{
    return t != NULL ? t->score[pintas_dice_set_index(s)] : pintas__dice_split_score(r, s);
}

static size_t align8(size_t n)
{
    return (n + 7u) & ~(size_t)7u;
}

/* ---- the pool states and the transitions ----------------------------------- */

/* Walks the pool states in the solver's order: the empty pool, then pools of
 * 5, 4, ..., 1 dice; with combine_kept every fully scoring set of that size in
 * set order (scoring[] has a bit per set index), else one state per size.
 * Starts at {-1, 0}; size -2 once every state was visited. */
typedef struct state_walk {
    int size;
    int i;
} state_walk;

/* The next state's pool (its size as a set value without combine_kept) into
 * *pool; 0 when every state was visited. */
static int next_state(const pintas_dice_rules *r, const uint32_t *scoring, state_walk *w,
                      pintas_dice_set *pool)
{
    if (w->size == -1) {
        w->size = 0;
        *pool = 0;
        return 1;
    }
    if (w->size == 0) {
        w->size = 5;
        w->i = 0;
    }
    while (w->size >= 1) {
        if (!r->combine_kept) {
            *pool = (pintas_dice_set)w->size;
            w->size = w->size == 1 ? -2 : w->size - 1;
            return 1;
        }
        /* w->i: the last set visited of this size, 0 before the first */
        for (;;) {
            pintas_dice_set s = w->i == 0 ? (pintas_dice_set)w->size * PINTAS_DICE_SET_ONE(6)
                                          : pintas__dice_next_same_size((pintas_dice_set)w->i);
            int index;
            if (s == 0)
                break;
            w->i = (int)s;
            index = pintas_dice_set_index(s);
            if ((scoring[index / 32] >> (index % 32)) & 1u) {
                *pool = s;
                return 1;
            }
        }
        w->size = w->size == 1 ? -2 : w->size - 1;
        w->i = 0;
    }
    return 0;
}

/* Options of keeping from roll r with `pool` kept (`kept` dice; the pool is 0
 * without combine_kept) into opt[0..): (next << GAIN_BITS) | gain, one per
 * next state with its largest gain. `next` is HOT_STATE for a keep that uses
 * the sixth die, else the pool kept after it: its set index with
 * combine_kept, its state (6 - size) without. Returns their number, or -1 if
 * a keep would lower the total. */
static int roll_options(const pintas_dice_rules *rules, const pintas_dice_table *t, int32_t unit,
                        pintas_dice_set pool, unsigned kept, pintas_dice_set r, uint32_t cap,
                        uint32_t *opt)
{
    int32_t base = rules->combine_kept ? score_of(rules, t, pool) : 0;
    pintas_dice_set k;
    int n = 0, j;
    if (rules->doom && PINTAS_DICE_SET_COUNT(r, 6) >= 2)
        return 0;
    for (k = pintas__dice_next_subset(r, 0); k != 0; k = pintas__dice_next_subset(r, k)) {
        int32_t sc = score_of(rules, t, rules->combine_kept ? pool + k : k);
        uint32_t next, gain;
        unsigned size = kept + pintas__dice_set_size(k);
        if (sc < 0)
            continue;
        if (sc - base < 0)
            return -1;
        gain = (uint32_t)((sc - base) / unit);
        if (gain > cap)
            gain = cap;
        if (size == PINTAS_DICE_COUNT)
            next = HOT_STATE;
        else if (rules->combine_kept)
            next = (uint32_t)pintas_dice_set_index(pool + k);
        else
            next = (uint32_t)(6 - size);
        for (j = 0; j < n; ++j) {
            if ((opt[j] >> GAIN_BITS) == next) {
                if ((opt[j] & GAIN_MASK) < gain)
                    opt[j] = (next << GAIN_BITS) | gain;
                break;
            }
        }
        if (j == n)
            opt[n++] = (next << GAIN_BITS) | gain;
    }
    return n;
}

/* The shape of the workspace for valid rules (table may be NULL); 0 for rules
 * where a keep could lower the total or a cap above MAX_CAP_UNITS. */
static int shape_of(const pintas_dice_rules *rules, const pintas_dice_table *t,
                    uint32_t cap_units, shape *out)
{
    uint32_t scoring[(PINTAS_DICE_SETS + 31) / 32], opt[PINTAS_DICE_MAX_KEEPS], best_units;
    int32_t unit = pintas_dice_rules_unit(rules), best = 0;
    state_walk w = {-1, 0};
    pintas_dice_set pool;
    int i;
    if (unit <= 0)
        return 0;
    for (i = 0; i < (PINTAS_DICE_SETS + 31) / 32; ++i)
        scoring[i] = 0;
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        pintas_dice_set s;
        int32_t sc;
        pintas_dice_set_at(i, &s);
        sc = score_of(rules, t, s);
        if (sc >= 0)
            scoring[i / 32] |= 1u << (i % 32);
        if (sc > best)
            best = sc;
    }
    best_units = (uint32_t)(best / unit); /* >= 1: some combination scores */
    if (cap_units == 0) {
        cap_units = (uint32_t)(DEFAULT_CAP_FACTOR * best / unit); /* best <= 4.2e6 */
        if (cap_units > MAX_CAP_UNITS)
            cap_units = MAX_CAP_UNITS;
        if (cap_units < 1)
            cap_units = 1;
    }
    if (cap_units > MAX_CAP_UNITS)
        return 0;
    out->cap = cap_units;
    out->full_min = FULL_FACTOR * best_units < cap_units ? FULL_FACTOR * best_units : cap_units;
    out->n_states = out->n_rolls = out->n_options = 0;
    while (next_state(rules, scoring, &w, &pool)) {
        unsigned kept = rules->combine_kept ? pintas__dice_set_size(pool) : pool;
        unsigned d = PINTAS_DICE_COUNT - kept;
        pintas_dice_set r;
        ++out->n_states;
        for (r = d * PINTAS_DICE_SET_ONE(6); r != 0; r = pintas__dice_next_same_size(r)) {
            int n;
            n = roll_options(rules, t, unit, rules->combine_kept ? pool : 0, kept, r, cap_units,
                             opt);
            if (n < 0)
                return 0;
            out->n_rolls += n > 0;
            out->n_options += (uint32_t)n;
        }
    }
    return 1;
}

/* Bytes of the rolls and options (after the header); the rows start there. */
static size_t rows_offset(const shape *sh)
{
    size_t size = align8(sizeof(pintas_dice_policy));
    size += (size_t)sh->n_rolls * sizeof(solve_roll);
    size += (size_t)sh->n_options * sizeof(uint32_t);
    return align8(size);
}

/* The workspace holding every pool's values below `full` units. */
static size_t size_for(const shape *sh, uint32_t full)
{
    return rows_offset(sh) + (size_t)full * sh->n_states * sizeof(double) +
           (size_t)(sh->cap - full) * sizeof(double);
}

/* The pool states of *p (table set): state_of / state_set / n_states. */
static void make_states(pintas_dice_policy *p)
{
    const pintas_dice_table *t = &p->table;
    uint32_t scoring[(PINTAS_DICE_SETS + 31) / 32], n = 0;
    state_walk w = {-1, 0};
    pintas_dice_set pool;
    int i;
    for (i = 0; i < (PINTAS_DICE_SETS + 31) / 32; ++i)
        scoring[i] = 0;
    for (i = 0; i < PINTAS_DICE_SETS; ++i) {
        p->state_of[i] = NO_STATE;
        if (t->score[i] >= 0)
            scoring[i / 32] |= 1u << (i % 32);
    }
    while (next_state(&t->rules, scoring, &w, &pool)) {
        if (t->rules.combine_kept)
            p->state_of[pintas_dice_set_index(pool)] = (uint16_t)n;
        p->state_set[n++] = pool;
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

static solve_roll *rolls_of(const pintas_dice_policy *p)
{
    return (solve_roll *)(void *)((unsigned char *)p + p->rolls_offset);
}

static uint32_t *options_of(const pintas_dice_policy *p)
{
    return (uint32_t *)(void *)((unsigned char *)p + p->options_offset);
}

/* Writes the transitions for the cap in *p (states made); returns the
 * largest gain of an option. */
static uint32_t transitions(pintas_dice_policy *p)
{
    const pintas_dice_rules *rules = &p->table.rules;
    solve_roll *rolls = rolls_of(p);
    uint32_t *options = options_of(p);
    uint32_t st, nr = 0, no = 0, most = 0, opt[PINTAS_DICE_MAX_KEEPS];
    for (st = 0; st < p->n_states; ++st) {
        unsigned kept = state_size(p, st);
        pintas_dice_set pool = rules->combine_kept ? p->state_set[st] : 0, r;
        p->roll_first[st] = nr;
        /* the rolls of the dice left, in set order */
        for (r = (PINTAS_DICE_COUNT - kept) * PINTAS_DICE_SET_ONE(6); r != 0;
             r = pintas__dice_next_same_size(r)) {
            int n, j;
            n = roll_options(rules, &p->table, p->table.unit, pool, kept, r, p->cap_units, opt);
            if (n <= 0)
                continue; /* doom or roll-out: the turn is lost (n < 0 was refused) */
            rolls[nr].prob = roll_prob(r);
            rolls[nr].first = no;
            rolls[nr].n = (uint32_t)n;
            for (j = 0; j < n; ++j) {
                uint32_t next = opt[j] >> GAIN_BITS, gain = opt[j] & GAIN_MASK;
                if (next != HOT_STATE && rules->combine_kept)
                    next = p->state_of[next]; /* set index -> state */
                options[no + (uint32_t)j] = (next << GAIN_BITS) | gain;
                if (gain > most)
                    most = gain;
            }
            ++nr;
            no += (uint32_t)n;
        }
    }
    p->roll_first[p->n_states] = nr;
    return most;
}

void pintas__dice_policy_roll(const pintas_dice_policy *p, uint32_t i, double *prob,
                              const uint32_t **options, uint32_t *n)
{
    const solve_roll *r = rolls_of(p) + i;
    *prob = r->prob;
    *options = options_of(p) + r->first;
    *n = r->n;
}

/* ---- values ---------------------------------------------------------------- */

/* The view of the values of a solved policy. */
static values_view view_of(const pintas_dice_policy *p)
{
    values_view v;
    v.rows = (double *)(void *)((unsigned char *)p + p->values_offset);
    v.empty = v.rows + (size_t)p->full_units * p->n_states;
    v.full = p->full_units;
    v.ring = 0;
    return v;
}

/* The row of values at t units (t < cap). */
static double *row_at(const pintas_dice_policy *p, const values_view *v, uint32_t t)
{
    if (t < v->full)
        return v->rows + (size_t)t * p->n_states;
    return v->rows + (size_t)(v->full - v->ring + ((t - v->full) & (v->ring - 1u))) * p->n_states;
}

/* Value of reaching next state `next` (or HOT_STATE) at total t2 units. Above
 * v->full (after the solve) banking beats rolling on every pool but the
 * empty one, so max(bank, roll) is the bank. */
static double after(const pintas_dice_policy *p, const values_view *v, uint32_t next, uint32_t t2)
{
    double bank = (double)t2 * (double)p->table.unit, roll;
    uint32_t st = next == HOT_STATE ? 0 : next;
    if (t2 >= p->cap_units)
        return bank;
    if (t2 < v->full)
        roll = v->rows[(size_t)t2 * p->n_states + st];
    else if (v->ring)
        roll = row_at(p, v, t2)[st];
    else if (st == 0)
        roll = v->empty[t2 - v->full];
    else
        return bank;
    if (next == HOT_STATE && p->table.rules.hot_dice == PINTAS_DICE_HOT_MUST)
        return roll;
    return roll > bank ? roll : bank;
}

/* R(st, t): the expected final total of rolling from pool state st at t
 * units, from the values at larger totals (and of larger pools at t). The
 * solve and the queries share it, so a value recomputed by a query has the
 * bits the solve gave it. */
static double state_value(const pintas_dice_policy *p, const values_view *v, uint32_t st,
                          uint32_t t)
{
    const solve_roll *rolls = rolls_of(p);
    const uint32_t *options = options_of(p);
    const double *rows = v->rows, unit = (double)p->table.unit;
    uint32_t i, end = p->roll_first[st + 1], full = v->full, ns = p->n_states;
    uint32_t base = full - v->ring, mask = v->ring - 1u;
    uint32_t kept = v->ring ? p->cap_units : full; /* the rows kept end there */
    double e = 0.0;
    for (i = p->roll_first[st]; i < end; ++i) {
        const uint32_t *o = options + rolls[i].first;
        uint32_t j;
        double best = 0.0;
        /* after() in line for its commonest case, a row kept: below full, or
         * (during the solve) in the ring below the cap */
        for (j = 0; j < rolls[i].n; ++j) {
            uint32_t next = o[j] >> GAIN_BITS, t2 = t + (o[j] & GAIN_MASK);
            double val;
            if (t2 < kept && next != HOT_STATE) {
                uint32_t row = t2 < full ? t2 : base + ((t2 - full) & mask);
                double bank = (double)t2 * unit, roll = rows[(size_t)row * ns + next];
                val = roll > bank ? roll : bank;
            } else {
                val = after(p, v, next, t2);
            }
            if (val > best)
                best = val;
        }
        e += rolls[i].prob * best;
    }
    return e;
}

/* R of pool state st at t units (t < cap) of a solved policy. */
static double value_at(const pintas_dice_policy *p, uint32_t st, uint32_t t)
{
    values_view v = view_of(p);
    if (t < v.full)
        return v.rows[(size_t)t * p->n_states + st];
    if (st == 0)
        return v.empty[t - v.full];
    return state_value(p, &v, st, t);
}

/* Every value from the cap down: totals from v->full up in the ring (the
 * empty pool's kept apart), the rest in their rows. 0 if rolling beats
 * banking on a pool other than the empty one at a total from v->full up. */
static int solve_values(pintas_dice_policy *p, values_view *v)
{
    uint32_t t, st, ns = p->n_states;
    double unit = (double)p->table.unit;
    for (t = p->cap_units; t-- > 0;) {
        double *row = row_at(p, v, t);
        for (st = 0; st < ns; ++st) {
            double e = state_value(p, v, st, t);
            row[st] = e;
            if (t >= v->full) {
                if (st == 0)
                    v->empty[t - v->full] = e;
                else if (e > (double)t * unit)
                    return 0;
            }
        }
    }
    return 1;
}

/* ---- the workspace and the solve ------------------------------------------ */

size_t pintas_dice_solve_workspace_size_cap(const pintas_dice_rules *rules, uint32_t cap_units)
{
    shape sh;
    if (pintas_dice_rules_check(rules) != PINTAS_OK || !shape_of(rules, NULL, cap_units, &sh))
        return 0;
    return size_for(&sh, sh.full_min);
}

size_t pintas_dice_solve_workspace_size(const pintas_dice_rules *rules)
{
    return pintas_dice_solve_workspace_size_cap(rules, 0);
}

size_t pintas_dice_solve_workspace_size_full(const pintas_dice_rules *rules, uint32_t cap_units)
{
    shape sh;
    if (pintas_dice_rules_check(rules) != PINTAS_OK || !shape_of(rules, NULL, cap_units, &sh))
        return 0;
    return size_for(&sh, sh.cap);
}

int pintas_dice_solve(const pintas_dice_rules *rules, uint32_t cap_units, void *workspace,
                      size_t size, const pintas_dice_policy **policy)
{
    pintas_dice_policy *p = (pintas_dice_policy *)workspace;
    values_view v;
    shape sh;
    uint32_t full, most, ring = 1;
    size_t per_total;
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
    p->magic = 0;
    if (pintas_dice_table_init(&p->table, rules) != PINTAS_OK ||
        !shape_of(rules, &p->table, cap_units, &sh))
        return PINTAS_E_RULES;
    if (size < size_for(&sh, sh.full_min))
        return PINTAS_E_BUFFER;
    /* every total the workspace has room for is stored in full (a total
     * more takes a double for each pool but the empty one) */
    full = sh.cap;
    per_total = (size_t)(sh.n_states - 1u) * sizeof(double);
    if (per_total > 0 && (size - size_for(&sh, sh.full_min)) / per_total < sh.cap - sh.full_min)
        full = sh.full_min + (uint32_t)((size - size_for(&sh, sh.full_min)) / per_total);
    p->cap_units = sh.cap;
    p->n_rolls = sh.n_rolls;
    p->n_options = sh.n_options;
    p->full_units = full;
    p->rolls_offset = align8(sizeof(pintas_dice_policy));
    p->options_offset = p->rolls_offset + (size_t)sh.n_rolls * sizeof(solve_roll);
    p->values_offset = rows_offset(&sh);
    make_states(p);
    most = transitions(p);
    v = view_of(p);
    if (full < sh.cap) {
        /* the ring: a power of two above the largest gain, no larger than
         * full (full >= 2 x the best keep >= the largest gain + 1) */
        while (ring <= most)
            ring *= 2u;
        v.ring = ring;
    }
    if (!solve_values(p, &v)) {
        /* rolling pays somewhere above full: value those totals as banked */
        p->cap_units = full;
        transitions(p);
        v = view_of(p);
        solve_values(p, &v);
    }
    p->expected = v.rows[0];
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
        *out = value_at(p, st, t);
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

/* The state each of the n keeps ks (pintas_dice_keeps of a roll with `pool`
 * kept) leads to: HOT_STATE for a keep that uses the sixth die. */
static void keep_states(const pintas_dice_policy *p, const pintas_dice_keep *ks, size_t n,
                        pintas_dice_set pool, uint16_t *next)
{
    unsigned kept = pintas__dice_set_size(pool);
    size_t i;
    for (i = 0; i < n; ++i) {
        unsigned size = kept + pintas__dice_set_size(ks[i].keep);
        if (size == PINTAS_DICE_COUNT)
            next[i] = HOT_STATE;
        else if (p->table.rules.combine_kept)
            next[i] = (uint16_t)state_of_pool(p, pool + ks[i].keep);
        else
            next[i] = (uint16_t)(6 - size);
    }
}

/* The index of the best of the n >= 1 keeps ks (leading to next[]) at
 * turn_total (checked), the first on a tie, and its value. */
static size_t best_of(const pintas_dice_policy *p, const pintas_dice_keep *ks,
                      const uint16_t *next, size_t n, int32_t turn_total, double *value)
{
    values_view v = view_of(p);
    size_t i, best_i = 0;
    double best = -1.0;
    for (i = 0; i < n; ++i) {
        int32_t total = turn_total + ks[i].points; /* both far below 2^30 */
        uint32_t t2 = (uint32_t)(total / p->table.unit);
        double val;
        if (t2 > p->cap_units)
            t2 = p->cap_units;
        val = after(p, &v, next[i], t2);
        if (t2 >= p->cap_units)
            val = (double)total;
        if (val > best) {
            best = val;
            best_i = i;
        }
    }
    *value = best;
    return best_i;
}

int pintas_dice_policy_best_keep(const pintas_dice_policy *p, pintas_dice_set roll,
                                 pintas_dice_set pool, int32_t turn_total,
                                 pintas_dice_keep *keep, double *value)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    uint16_t next[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0, i;
    double best;
    int st;
    if (!policy_ok(p) || keep == NULL || !total_ok(turn_total) || state_of_pool(p, pool) == NO_STATE)
        return PINTAS_E_ARG;
    st = pintas_dice_keeps(&p->table, roll, pool, ks, PINTAS_DICE_MAX_KEEPS, &n);
    if (st != PINTAS_OK)
        return st;
    if (n == 0)
        return PINTAS_E_ILLEGAL;
    keep_states(p, ks, n, pool, next);
    i = best_of(p, ks, next, n, turn_total, &best);
    *keep = ks[i];
    if (value != NULL)
        *value = best;
    return PINTAS_OK;
}

int pintas_dice_policy_threshold(const pintas_dice_policy *p, pintas_dice_set pool,
                                 int32_t *threshold)
{
    uint32_t st, t, start = 0, t0;
    if (!policy_ok(p) || threshold == NULL)
        return PINTAS_E_ARG;
    st = state_of_pool(p, pool);
    if (st == NO_STATE)
        return PINTAS_E_ARG;
    if (p->table.rules.combine_kept)
        start = (uint32_t)(p->table.score[pintas_dice_set_index(pool)] / p->table.unit);
    t0 = p->cap_units;
    for (t = p->cap_units; t-- > start;) {
        /* from full_units up, banking beats rolling on every pool but the
         * empty one (the solve checked) */
        if ((st == 0 || t < p->full_units) &&
            (double)t * (double)p->table.unit < value_at(p, st, t))
            break;
        t0 = t;
    }
    *threshold = (int32_t)t0 * p->table.unit;
    return PINTAS_OK;
}

/* ---- the book ----------------------------------------------------------------- */

/* Writes what fits into buf and counts every byte. */
typedef struct book_writer {
    uint8_t *buf;
    size_t cap;
    size_t n;
} book_writer;

static void put8(book_writer *w, unsigned v)
{
    if (w->n < w->cap)
        w->buf[w->n] = (uint8_t)v;
    ++w->n;
}

static void put16(book_writer *w, uint32_t v)
{
    put8(w, v & 0xFFu);
    put8(w, (v >> 8) & 0xFFu);
}

static void put32(book_writer *w, uint32_t v)
{
    put16(w, v & 0xFFFFu);
    put16(w, v >> 16);
}

/* Overwrites the u16 (or u32) at position `at`, where it fits. */
static void patch(book_writer *w, size_t at, uint32_t v, unsigned bytes)
{
    unsigned i;
    for (i = 0; i < bytes; ++i, v >>= 8)
        if (at + i < w->cap)
            w->buf[at + i] = (uint8_t)(v & 0xFFu);
}

/* The policy's bank decision at t units (t < cap), as should_bank gives it. */
static int bank_at(const pintas_dice_policy *p, uint32_t st, uint32_t t)
{
    return (double)((int32_t)t * p->table.unit) >= value_at(p, st, t);
}

/* The best keep's index among ks[0..n) (leading to next[]) at t units (at
 * the cap and beyond, every keep is valued as banked). */
static size_t keep_at(const pintas_dice_policy *p, const pintas_dice_keep *ks,
                      const uint16_t *next, size_t n, uint32_t t)
{
    double value;
    return best_of(p, ks, next, n, (int32_t)t * p->table.unit, &value);
}

int pintas_dice_policy_book(const pintas_dice_policy *p, uint8_t *buf, size_t cap, size_t *len)
{
    book_writer w;
    pintas_dice_rules r;
    uint8_t rules[PINTAS__DICE_RULES_BYTES];
    pintas__writer rw;
    uint32_t st, t, i, caps;
    if (!policy_ok(p) || len == NULL)
        return PINTAS_E_ARG;
    caps = p->cap_units;
    if (caps > 0xFFFFu || caps > (uint32_t)(PINTAS_DICE_MAX_CLOSED / p->table.unit))
        return PINTAS_E_ARG;
    w.buf = buf;
    w.cap = buf != NULL ? cap : 0;
    w.n = 0;
    put8(&w, 'P');
    put8(&w, 'D');
    put8(&w, 'B');
    put8(&w, 'K');
    put8(&w, PINTAS_DICE_BOOK_VERSION);
    put8(&w, 0);
    put16(&w, 0);
    /* the rules as far as the policy depends on them: not on the target,
     * the final round, what doom loses or the limits (the solve does not
     * look at max_rolls) */
    r = p->table.rules;
    r.target = 1;
    r.final_round = 0;
    r.doom_loses = 0;
    r.max_rounds = 0;
    r.max_rolls = 0;
    rw.p = rules;
    pintas__dice_put_rules(&rw, &r);
    for (i = 0; i < PINTAS__DICE_RULES_BYTES; ++i)
        put8(&w, rules[i]);
    put32(&w, caps);
    put16(&w, p->n_states);
    put16(&w, 0);
    for (st = 0; st < p->n_states; ++st)
        put32(&w, 0); /* the records' offsets, patched below */
    for (st = 0; st < p->n_states; ++st) {
        int combine = p->table.rules.combine_kept;
        pintas_dice_set pool = combine ? p->state_set[st] : 0, r;
        unsigned size = state_size(p, st);
        size_t count_at;
        uint32_t flips = 0;
        int bank = bank_at(p, st, 0), pass;
        /* any pool of the size does without combine_kept */
        if (!combine)
            pool = (pintas_dice_set)size * PINTAS_DICE_SET_ONE(1);
        patch(&w, 168u + 4u * st, (uint32_t)w.n, 4);
        put16(&w, combine ? (uint32_t)pintas_dice_set_index(pool) : size);
        count_at = w.n;
        put16(&w, 0);
        put8(&w, (unsigned)bank);
        put8(&w, 0);
        for (t = 1; t < caps; ++t) {
            int b = bank_at(p, st, t);
            if (b != bank) {
                put16(&w, t);
                ++flips;
                bank = b;
            }
        }
        patch(&w, count_at, flips, 2);
        /* pass 0: a code per roll of the dice left (the keep, or MULTI);
         * pass 1: the totals where the keep changes, for each MULTI roll */
        for (pass = 0; pass < 2; ++pass) {
            for (r = (PINTAS_DICE_COUNT - size) * PINTAS_DICE_SET_ONE(6); r != 0;
                 r = pintas__dice_next_same_size(r)) {
                pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
                uint16_t next[PINTAS_DICE_MAX_KEEPS];
                size_t n = 0, first, k;
                uint32_t changes = 0;
                pintas_dice_keeps(&p->table, r, pool, ks, PINTAS_DICE_MAX_KEEPS, &n);
                if (n < 2) {
                    if (pass == 0)
                        put8(&w, 0);
                    continue;
                }
                keep_states(p, ks, n, pool, next);
                first = keep_at(p, ks, next, n, 0);
                for (t = 1; t <= caps && keep_at(p, ks, next, n, t) == first; ++t)
                    ;
                if (pass == 0) {
                    put8(&w, t > caps ? (unsigned)first : 0x80u);
                    continue;
                }
                if (t > caps)
                    continue;
                put8(&w, (unsigned)first);
                count_at = w.n;
                put16(&w, 0);
                for (k = first; t <= caps; ++t) {
                    size_t now = keep_at(p, ks, next, n, t);
                    if (now != k) {
                        put16(&w, t);
                        put8(&w, (unsigned)now);
                        ++changes;
                        k = now;
                    }
                }
                patch(&w, count_at, changes, 2);
            }
        }
    }
    *len = w.n;
    return buf != NULL && w.n <= cap ? PINTAS_OK : PINTAS_E_BUFFER;
}

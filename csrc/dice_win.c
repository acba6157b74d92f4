/* dice_win.c - the policy that maximises the probability of winning a
 * 2-player dice game (dice.h, "playing to win"; docs/strength.md).
 *
 * W(a, b): the player to start a turn has banked a units, the opponent b.
 * One turn of that player, with lost-turn value L = 1 - W(b, a), is a DAG
 * over (turn total t, pool state s):
 *   R(s, t) = lost(s) * L + sum over the roll groups g of s of
 *             P(g) * max over g's options (next, gain) of A(next, t + gain)
 *   A(next, t2) = max(B(t2), R(next, t2)), or R(empty, t2) for a keep of the
 *                 sixth die under HOT_MUST, where B(t2) = 1 - W(b, a + t2)
 * and every total reaching the goal is one row, `m` = goal - a: there banking
 * wins (A = 1) but a forced roll of six dice is still to survive. The values
 * are affine in L piece by piece, so the DAG carries each value's derivative
 * in L beside it, and the solve finds the coupled pair x = W(a, b),
 * y = W(b, a) by Newton's method on x = F_a(1 - F_b(1 - x)).
 */
#include "pintas/players.h"
#include "dice_internal.h"
#include "views_internal.h"

#define WIN_MAGIC 0x4E495750u /* "PWIN" */
#define GAIN_MASK ((1u << PINTAS__DICE_GAIN_BITS) - 1u)
#define NO_STATE 0xFFFFu
#define NEWTON_ROUNDS 64
#define NEWTON_TOLERANCE 1e-13
#define KEEP_TOLERANCE 1e-9
#define Q16 65535.0

typedef pintas__dice_roll win_group; /* rolls of the same options, probabilities added */

/* A value and its derivative in the lost-turn value L. */
typedef struct dual {
    double v;
    double d;
} dual;

static size_t align8(size_t n)
{
    return (n + 7u) & ~(size_t)7u;
}

static win_group *groups_of(const pintas_dice_win *w)
{
    return (win_group *)(void *)((unsigned char *)w + w->groups_offset);
}

static uint32_t *options_of(const pintas_dice_win *w)
{
    return (uint32_t *)(void *)((unsigned char *)w + w->options_offset);
}

/* The rows: values R, then derivatives ((goal + 1) x n_states each), then the
 * bank values B(t) (goal + 1). */
static double *values_of(const pintas_dice_win *w)
{
    return (double *)(void *)((unsigned char *)w + w->rows_offset);
}

static double *derivs_of(const pintas_dice_win *w)
{
    return values_of(w) + (size_t)(w->goal + 1u) * w->n_states;
}

static double *banks_of(const pintas_dice_win *w)
{
    return derivs_of(w) + (size_t)(w->goal + 1u) * w->n_states;
}

/* Then the A of each row and column (n_states + 1 columns: the states, then
 * the sixth die's), goal + max_gain rows (one turn). */
static dual *afters_of(const pintas_dice_win *w)
{
    return (dual *)(void *)(banks_of(w) + w->goal + 1u);
}

/* 1 if the policy was solved for the scoring, doom, hot dice and combining
 * of *r (the fields that shape one turn). */
static int same_turn(const pintas_dice_rules *r, const pintas_dice_rules *q)
{
    int f, n;
    for (f = 0; f <= PINTAS_DICE_FACES; ++f) {
        if (r->single[f] != q->single[f])
            return 0;
        for (n = 0; n <= PINTAS_DICE_COUNT; ++n)
            if (r->kind[f][n] != q->kind[f][n])
                return 0;
    }
    return r->straight_low == q->straight_low && r->straight_high == q->straight_high &&
           r->straight_six == q->straight_six && r->three_pairs == q->three_pairs &&
           r->two_triplets == q->two_triplets && r->add_singles == q->add_singles &&
           r->combine_kept == q->combine_kept && r->doom == q->doom &&
           r->hot_dice == q->hot_dice;
}

static int same_rules(const pintas_dice_rules *r, const pintas_dice_rules *q)
{
    return same_turn(r, q) && r->target == q->target && r->doom_loses == q->doom_loses &&
           r->final_round == q->final_round && r->max_rounds == q->max_rounds &&
           r->max_rolls == q->max_rolls;
}

/* The goal in units of rules the win policy plays, else 0. */
static uint32_t goal_of(const pintas_dice_rules *r, const pintas_dice_policy *p)
{
    int32_t unit;
    uint32_t goal;
    if (r == NULL || p == NULL || pintas_dice_rules_check(r) != PINTAS_OK ||
        pintas_dice_policy_expected(p) <= 0.0 || !same_turn(r, &p->table.rules))
        return 0;
    if (r->final_round || r->max_rounds || r->max_rolls ||
        (r->doom && r->doom_loses == PINTAS_DICE_DOOM_SCORE))
        return 0;
    unit = pintas_dice_rules_unit(r);
    goal = (uint32_t)((r->target + unit - 1) / unit);
    return goal <= PINTAS_DICE_WIN_MAX_GOAL ? goal : 0;
}

/* One more than the largest gain of p's options: the spill rows past the goal. */
static uint32_t max_gain_of(const pintas_dice_policy *p)
{
    uint32_t i, j, most = 0;
    for (i = 0; i < p->n_rolls; ++i) {
        const uint32_t *o;
        uint32_t n;
        double prob;
        pintas__dice_policy_roll(p, i, &prob, &o, &n);
        for (j = 0; j < n; ++j)
            most = (o[j] & GAIN_MASK) > most ? o[j] & GAIN_MASK : most;
    }
    return most + 1u;
}

static size_t size_for(const pintas_dice_policy *p, uint32_t goal)
{
    size_t size = align8(sizeof(pintas_dice_win));
    size += align8((size_t)p->n_rolls * sizeof(win_group));
    size += align8((size_t)p->n_options * sizeof(uint32_t));
    size += (2u * (size_t)(goal + 1u) * p->n_states + goal + 1u) * sizeof(double);
    size += (size_t)(goal + max_gain_of(p)) * (p->n_states + 1u) * sizeof(dual);
    return size;
}

size_t pintas_dice_win_workspace_size(const pintas_dice_rules *rules,
                                      const pintas_dice_policy *p)
{
    uint32_t goal = goal_of(rules, p);
    return goal == 0 ? 0 : size_for(p, goal);
}

static int win_ok(const pintas_dice_win *w)
{
    return w != NULL && w->magic == WIN_MAGIC;
}

/* ---- the transitions, rolls grouped by their options ----------------------- */

static void sort_options(uint32_t *o, uint32_t n)
{
    uint32_t i, j;
    for (i = 1; i < n; ++i) {
        uint32_t x = o[i];
        for (j = i; j > 0 && o[j - 1] > x; --j)
            o[j] = o[j - 1];
        o[j] = x;
    }
}

static int same_options(const uint32_t *a, uint32_t na, const uint32_t *b, uint32_t nb)
{
    uint32_t i;
    if (na != nb)
        return 0;
    for (i = 0; i < na; ++i)
        if (a[i] != b[i])
            return 0;
    return 1;
}

/* The groups of state st from the policy's rolls (appended at *ng, *no),
 * each option (column << GAIN_BITS) | gain: the next state, or n_states for
 * a keep of the sixth die. */
static void group_state(pintas_dice_win *w, uint32_t st, uint32_t *ng, uint32_t *no)
{
    const pintas_dice_policy *p = w->policy;
    win_group *groups = groups_of(w);
    uint32_t *options = options_of(w), i, g, opt[PINTAS_DICE_MAX_KEEPS];
    double kept = 0.0;
    w->group_first[st] = *ng;
    for (i = p->roll_first[st]; i < p->roll_first[st + 1]; ++i) {
        const uint32_t *o;
        uint32_t n;
        double prob;
        pintas__dice_policy_roll(p, i, &prob, &o, &n);
        for (g = 0; g < n; ++g) {
            uint32_t gain = o[g] & GAIN_MASK, next = o[g] >> PINTAS__DICE_GAIN_BITS;
            opt[g] = ((next == PINTAS__DICE_HOT ? p->n_states : next) << PINTAS__DICE_GAIN_BITS) |
                     gain;
        }
        sort_options(opt, n);
        kept += prob;
        for (g = w->group_first[st]; g < *ng; ++g)
            if (same_options(options + groups[g].first, groups[g].n, opt, n))
                break;
        if (g == *ng) {
            groups[g].prob = 0.0;
            groups[g].first = *no;
            groups[g].n = n;
            memcpy(options + *no, opt, n * sizeof *opt);
            *no += n;
            ++*ng;
        }
        groups[g].prob += prob;
    }
    w->lost[st] = kept < 1.0 ? 1.0 - kept : 0.0;
}

/* ---- how far a turn's total can run ------------------------------------------ */

/* Row r (1..goal) of h(s, r): the most probability, over every way to play,
 * that a turn at pool state s keeps dice gaining r units or more before it
 * is lost (it never banks), into values row r (rows 1..r-1 filled, h = 1 for
 * r <= 0; gains as gains_ordered checks). Returns the largest of the row. */
static double reach_row(pintas_dice_win *w, uint32_t r)
{
    double *H = values_of(w), worst = 0.0;
    const win_group *groups = groups_of(w);
    const uint32_t *options = options_of(w);
    uint32_t st, g, j, ns = w->n_states;
    for (st = 0; st < ns; ++st) {
        double e = 0.0;
        for (g = w->group_first[st]; g < w->group_first[st + 1]; ++g) {
            const uint32_t *o = options + groups[g].first;
            double best = 0.0;
            for (j = 0; j < groups[g].n; ++j) {
                uint32_t gain = o[j] & GAIN_MASK, next = o[j] >> PINTAS__DICE_GAIN_BITS;
                double h = gain >= r ? 1.0 : H[(size_t)(r - gain) * ns + (next == ns ? 0u : next)];
                /* gain 0 reads an earlier state of this row */
                best = h > best ? h : best;
            }
            e += groups[g].prob * best;
        }
        H[(size_t)r * ns + st] = e;
        worst = e > worst ? e : worst;
    }
    return worst;
}

/* Fills rows 1..rows of h; returns the largest h(s, rows). */
static double reach(pintas_dice_win *w, uint32_t rows)
{
    double worst = 1.0;
    uint32_t r;
    for (r = 1; r <= rows; ++r)
        worst = reach_row(w, r);
    w->turn_a = w->turn_b = w->goal; /* the rows are no table turn's */
    return worst;
}

/* 1 if every keep that gains nothing (below a unit) leads to an earlier
 * state (the sixth die: to the empty pool, state 0), so that a row computed
 * by increasing state reads only what it has computed of itself. Keeps add
 * dice and the states run from the empty pool by decreasing pool size. */
static int gains_ordered(const pintas_dice_win *w)
{
    const win_group *groups = groups_of(w);
    const uint32_t *options = options_of(w);
    uint32_t st, g, j;
    for (st = 0; st < w->n_states; ++st)
        for (g = w->group_first[st]; g < w->group_first[st + 1]; ++g)
            for (j = 0; j < groups[g].n; ++j) {
                uint32_t o = options[groups[g].first + j], next = o >> PINTAS__DICE_GAIN_BITS;
                if ((o & GAIN_MASK) == 0 && (next == w->n_states ? 0u : next) >= st)
                    return 0;
            }
    return 1;
}

int pintas_dice_win_reach(pintas_dice_win *win, uint32_t rows, double *out)
{
    if (!win_ok(win) || out == NULL || rows < 1u || rows > win->goal)
        return PINTAS_E_ARG;
    if (!gains_ordered(win))
        return PINTAS_E_RULES;
    *out = reach(win, rows);
    return PINTAS_OK;
}

int pintas_dice_win_init(const pintas_dice_rules *rules, const pintas_dice_policy *p,
                         void *workspace, size_t size, pintas_dice_win **win)
{
    pintas_dice_win *w = (pintas_dice_win *)workspace;
    uint32_t goal, st, ng = 0, no = 0;
    if (win == NULL || workspace == NULL || ((uintptr_t)workspace & 7u) != 0)
        return PINTAS_E_ARG;
    goal = goal_of(rules, p);
    if (goal == 0)
        return PINTAS_E_RULES;
    if (size < size_for(p, goal))
        return PINTAS_E_BUFFER;
    memset(w, 0, sizeof *w);
    w->rules = *rules;
    w->policy = p;
    w->unit = pintas_dice_rules_unit(rules);
    w->goal = goal;
    w->n_states = p->n_states;
    w->turn_a = w->turn_b = goal;
    w->max_gain = max_gain_of(p);
    w->groups_offset = align8(sizeof *w);
    w->options_offset = w->groups_offset + align8((size_t)p->n_rolls * sizeof(win_group));
    w->rows_offset = w->options_offset + align8((size_t)p->n_options * sizeof(uint32_t));
    for (st = 0; st < p->n_states; ++st)
        group_state(w, st, &ng, &no);
    w->group_first[p->n_states] = ng;
    w->n_groups = ng;
    w->magic = WIN_MAGIC;
    *win = w;
    return PINTAS_OK;
}

/* ---- one turn --------------------------------------------------------------- */

/* The rows of the turn are filled by decreasing total; each row's A (the
 * value of a keep's next column at that total: its state's max(B, R), the
 * sixth die's R of the empty pool when it must roll) is stored beside R, so
 * that a roll reads each option's A in one load. Past the goal, max_gain
 * spill rows hold what the totals there are worth: 1 (the goal's forced
 * roll for the sixth die when it must roll). */

/* A of column col at total t of the turn with m units to the goal. */
static dual after(const pintas_dice_win *w, uint32_t m, uint32_t col, uint32_t t)
{
    dual r = {1.0, 0.0};
    if (t < m)
        return afters_of(w)[(size_t)t * (w->n_states + 1u) + col];
    if (col == w->n_states && w->rules.hot_dice == PINTAS_DICE_HOT_MUST) {
        r.v = w->goal_value;
        r.d = w->goal_slope;
    }
    return r;
}

/* R(st) at row i: the lost turn, then each group's best option. */
static dual state_value(const pintas_dice_win *w, double L, uint32_t st, uint32_t i)
{
    const win_group *groups = groups_of(w);
    const uint32_t *options = options_of(w);
    const dual *A = afters_of(w) + (size_t)i * (w->n_states + 1u);
    size_t cols = w->n_states + 1u;
    uint32_t g, j;
    dual e;
    e.v = w->lost[st] * L;
    e.d = w->lost[st];
    for (g = w->group_first[st]; g < w->group_first[st + 1]; ++g) {
        const uint32_t *o = options + groups[g].first;
        dual best = {-1.0, 0.0};
        for (j = 0; j < groups[g].n; ++j) {
            const dual *a = A + (size_t)(o[j] & GAIN_MASK) * cols + (o[j] >> PINTAS__DICE_GAIN_BITS);
            if (a->v > best.v)
                best = *a;
        }
        e.v += groups[g].prob * best.v;
        e.d += groups[g].prob * best.d;
    }
    return e;
}

/* The spill rows past the goal (m .. m + max_gain - 1). */
static void fill_spill(pintas_dice_win *w, uint32_t m)
{
    dual *A = afters_of(w);
    uint32_t i, c, cols = w->n_states + 1u;
    for (i = m; i < m + w->max_gain; ++i)
        for (c = 0; c < cols; ++c)
            A[(size_t)i * cols + c] = after(w, m, c, i);
}

/* Fills the rows of a turn with m = goal - a units to the goal, the bank
 * values B(1..m-1) in place and lost-turn value L; returns R(empty, 0). */
static dual turn_values(pintas_dice_win *w, uint32_t m, double L)
{
    double *V = values_of(w), *D = derivs_of(w), good = 0.0, forced = 0.0;
    dual *A = afters_of(w), r0;
    const win_group *groups = groups_of(w);
    const uint32_t *options = options_of(w);
    uint32_t i, st, g, j, ns = w->n_states;
    int must = w->rules.hot_dice == PINTAS_DICE_HOT_MUST;
    /* the goal: a roll of six dice wins unless every keep of it is forced to
     * roll again (or it loses the turn) */
    for (g = w->group_first[0]; g < w->group_first[1]; ++g) {
        int free_keep = !must;
        for (j = 0; j < groups[g].n; ++j)
            free_keep |= (options[groups[g].first + j] >> PINTAS__DICE_GAIN_BITS) != ns;
        if (free_keep)
            good += groups[g].prob;
        else
            forced += groups[g].prob;
    }
    w->goal_value = (good + w->lost[0] * L) / (1.0 - forced);
    w->goal_slope = w->lost[0] / (1.0 - forced);
    fill_spill(w, m);
    for (i = m; i-- > 0;) {
        dual bank, *row = A + (size_t)i * (ns + 1u);
        bank.v = i == 0 ? L : banks_of(w)[i];
        bank.d = i == 0 ? 1.0 : 0.0;
        for (st = 0; st < ns; ++st) {
            dual e = state_value(w, L, st, i);
            V[(size_t)i * ns + st] = e.v;
            D[(size_t)i * ns + st] = e.d;
            row[st] = e.v > bank.v ? e : bank;
            if (st == 0)
                row[ns] = must ? e : row[0];
        }
    }
    w->turn_a = w->turn_b = w->goal; /* the rows are no table turn's */
    r0.v = V[0];
    r0.d = D[0];
    return r0;
}

/* ---- the offline solve ------------------------------------------------------- */

/* F_a(L): my start value with a and b banked (b's values at larger sums
 * known), given the lost-turn value L. */
static dual start_value(pintas_dice_win *w, const double *values, uint32_t a, uint32_t b,
                        double L)
{
    double *bank = banks_of(w);
    uint32_t m = w->goal - a, t;
    for (t = 1; t < m; ++t)
        bank[t] = 1.0 - values[(size_t)b * w->goal + a + t];
    return turn_values(w, m, L);
}

static double clamp01(double x)
{
    return x < 0.0 ? 0.0 : (x > 1.0 ? 1.0 : x);
}

/* x = W(a, b) and y = W(b, a) (a <= b) into values; returns the DAGs solved.
 * Newton's method from W(a, b + 1) (a near value in the right linear piece
 * most often: one step, then one round to confirm it). */
static uint32_t solve_pair(pintas_dice_win *w, double *values, uint32_t a, uint32_t b)
{
    uint32_t round, evals = 0, g = w->goal;
    /* from a neighbour's value (solved: a larger sum), else an even game */
    double x = b + 1u < g ? values[(size_t)a * g + b + 1u] : 0.5, y = x;
    for (round = 0; round < NEWTON_ROUNDS; ++round) {
        dual fx, fy = {0.0, 0.0};
        double slope, step;
        if (a == b) {
            fx = start_value(w, values, a, b, 1.0 - x);
            slope = -fx.d;
            ++evals;
        } else {
            fy = start_value(w, values, b, a, 1.0 - x);
            fx = start_value(w, values, a, b, 1.0 - fy.v);
            slope = fx.d * fy.d;
            evals += 2;
        }
        step = fx.v - x;
        x = fx.v;
        y = a == b ? fx.v : fy.v;
        if (step < NEWTON_TOLERANCE && step > -NEWTON_TOLERANCE)
            break;
        /* Newton's step from the old x: x_old + step / (1 - slope) */
        x = clamp01(x - step + step / (1.0 - slope));
    }
    values[(size_t)a * w->goal + b] = x;
    values[(size_t)b * w->goal + a] = y;
    return evals;
}

int pintas_dice_win_solve(pintas_dice_win *win, double *values, uint64_t *evaluations)
{
    uint32_t s, a, g;
    uint64_t evals = 0;
    if (!win_ok(win) || values == NULL)
        return PINTAS_E_ARG;
    g = win->goal;
    for (s = 2u * (g - 1u) + 1u; s-- > 0;) {
        for (a = s > g - 1u ? s - (g - 1u) : 0u; 2u * a <= s; ++a)
            evals += solve_pair(win, values, a, s - a);
    }
    if (evaluations != NULL)
        *evaluations = evals;
    return PINTAS_OK;
}

/* ---- tables ------------------------------------------------------------------- */

int pintas_dice_win_table(const pintas_dice_win *win, const double *values, uint8_t *buf,
                          size_t cap, size_t *len)
{
    pintas__writer wr;
    size_t need, i, n;
    if (!win_ok(win) || values == NULL || len == NULL)
        return PINTAS_E_ARG;
    n = (size_t)win->goal * win->goal;
    need = PINTAS_DICE_WIN_HEADER + 2u * n;
    *len = need;
    if (buf == NULL || cap < need)
        return PINTAS_E_BUFFER;
    memset(buf, 0, PINTAS_DICE_WIN_HEADER);
    wr.p = buf;
    pintas__put_u32(&wr, WIN_MAGIC);
    pintas__put_u16(&wr, PINTAS_DICE_WIN_VERSION);
    pintas__put_u16(&wr, win->goal);
    pintas__dice_put_rules(&wr, &win->rules);
    wr.p = buf + PINTAS_DICE_WIN_HEADER;
    for (i = 0; i < n; ++i)
        pintas__put_u16(&wr, (unsigned)(clamp01(values[i]) * Q16 + 0.5));
    return PINTAS_OK;
}

int pintas_dice_win_open(pintas_dice_win *win, const uint8_t *bytes, size_t len)
{
    pintas__reader rd;
    pintas_dice_rules r;
    uint32_t goal;
    size_t i;
    if (!pintas__bytes_given(win_ok(win), bytes, len))
        return PINTAS_E_ARG;
    if (len < PINTAS_DICE_WIN_HEADER)
        return PINTAS_E_CORRUPT;
    rd.p = bytes;
    if (pintas__get_u32(&rd) != WIN_MAGIC)
        return PINTAS_E_CORRUPT;
    if (pintas__get_u16(&rd) != PINTAS_DICE_WIN_VERSION)
        return PINTAS_E_VERSION;
    goal = pintas__get_u16(&rd);
    pintas__dice_get_rules(&rd, &r);
    for (i = 8u + PINTAS__DICE_RULES_BYTES; i < PINTAS_DICE_WIN_HEADER; ++i)
        if (bytes[i] != 0)
            return PINTAS_E_CORRUPT;
    if (pintas_dice_rules_check(&r) != PINTAS_OK || goal < 1u ||
        len != PINTAS_DICE_WIN_HEADER + 2u * (size_t)goal * goal)
        return PINTAS_E_CORRUPT;
    if (!same_rules(&r, &win->rules) || goal != win->goal)
        return PINTAS_E_RULES;
    win->table = bytes + PINTAS_DICE_WIN_HEADER;
    win->turn_a = win->turn_b = win->goal;
    return PINTAS_OK;
}

/* W(a, b) of the opened table (units below the goal). */
static double table_at(const pintas_dice_win *w, uint32_t a, uint32_t b)
{
    const uint8_t *q = w->table + 2u * ((size_t)a * w->goal + b);
    return (double)((unsigned)q[0] | ((unsigned)q[1] << 8)) / Q16;
}

/* Units of a banked score, or -1 for a score the table does not hold. */
static int32_t units_of(const pintas_dice_win *w, int32_t score)
{
    if (score < 0 || score % w->unit != 0 || (uint32_t)(score / w->unit) >= w->goal)
        return -1;
    return score / w->unit;
}

int pintas_dice_win_start(const pintas_dice_win *win, int32_t a, int32_t b, double *out)
{
    int32_t ua, ub;
    if (!win_ok(win) || win->table == NULL || out == NULL)
        return PINTAS_E_ARG;
    ua = units_of(win, a);
    ub = units_of(win, b);
    if (ua < 0 || ub < 0)
        return PINTAS_E_ARG;
    *out = table_at(win, (uint32_t)ua, (uint32_t)ub);
    return PINTAS_OK;
}

/* ---- the player --------------------------------------------------------------- */

/* The rows of the turn of a player at a (units) against b, from the table. */
static void table_turn(pintas_dice_win *w, uint32_t a, uint32_t b)
{
    double *bank = banks_of(w);
    uint32_t m = w->goal - a, i;
    if (w->turn_a == a && w->turn_b == b)
        return;
    for (i = 1; i < m; ++i)
        bank[i] = 1.0 - table_at(w, b, a + i);
    turn_values(w, m, 1.0 - table_at(w, b, a));
    w->turn_a = a;
    w->turn_b = b;
}

/* The state after keeping k on pool (HOT for the sixth die), or NO_STATE. */
static uint32_t next_of(const pintas_dice_win *w, pintas_dice_set pool, pintas_dice_set k)
{
    pintas_dice_set s = pool + k;
    unsigned size;
    if (!pintas_dice_set_is_valid(pool) || !pintas_dice_set_is_valid(s))
        return NO_STATE;
    size = pintas__dice_set_size(s);
    if (size == PINTAS_DICE_COUNT)
        return PINTAS__DICE_HOT;
    if (!w->rules.combine_kept)
        return size == 0 ? 0u : PINTAS_DICE_COUNT - size;
    return w->policy->state_of[pintas_dice_set_index(s)];
}

static int win_keep(const pintas_dice_view *v, pintas_dice_win *w, uint32_t m, uint32_t t,
                    pintas_dice_set *keep)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0, i;
    double best = -1.0;
    if (pintas__dice_sorted_keeps(&w->rules, v->last_roll, v->last_roll_len, v->pool, ks, &n) !=
            PINTAS_OK ||
        n == 0)
        return PINTAS_E_ARG;
    for (i = 0; i < n; ++i) {
        uint32_t next = next_of(w, v->pool, ks[i].keep);
        dual a;
        if (next == NO_STATE || ks[i].points < 0)
            return PINTAS_E_ARG;
        a = after(w, m, next == PINTAS__DICE_HOT ? w->n_states : next,
                  t + (uint32_t)(ks[i].points / w->unit));
        if (a.v > best + KEEP_TOLERANCE) {
            best = a.v;
            *keep = ks[i].keep;
        }
    }
    return PINTAS_OK;
}

int pintas_dice_win_choose(const pintas_dice_view *v, pintas_dice_win *win,
                           pintas_dice_move *out)
{
    pintas_dice_move m;
    int32_t a, b;
    uint32_t rows, t;
    int st = v == NULL || out == NULL || !win_ok(win) || win->table == NULL
                 ? PINTAS_E_ARG
                 : pintas__dice_view_to_move(v);
    if (st != PINTAS_OK)
        return st;
    if (v->players != 2 || !same_rules(&v->rules, &win->rules))
        return PINTAS_E_ARG;
    a = units_of(win, v->score[v->seat]);
    b = units_of(win, v->score[1 - v->seat]);
    if (a < 0 || b < 0 || v->turn_total < 0 || v->turn_total % win->unit != 0)
        return PINTAS_E_ARG;
    m = pintas__dice_move_of_kind(PINTAS_DICE_ROLL);
    rows = win->goal - (uint32_t)a;
    t = (uint32_t)(v->turn_total / win->unit);
    if (t > rows)
        t = rows;
    if (v->phase == PINTAS_DICE_MUST_KEEP) {
        table_turn(win, (uint32_t)a, (uint32_t)b);
        m.kind = PINTAS_DICE_KEEP;
        st = win_keep(v, win, rows, t, &m.keep);
        if (st != PINTAS_OK)
            return st;
    } else if (v->phase == PINTAS_DICE_BANK_OR_ROLL) {
        int may = v->pool != 0 || (t != 0 && win->rules.hot_dice != PINTAS_DICE_HOT_MUST);
        if (may && t >= rows) {
            m.kind = PINTAS_DICE_BANK;
        } else if (may) {
            uint32_t s = next_of(win, 0, v->pool);
            table_turn(win, (uint32_t)a, (uint32_t)b);
            if (s == NO_STATE || s == PINTAS__DICE_HOT)
                return PINTAS_E_ARG;
            if (banks_of(win)[t] >= values_of(win)[(size_t)t * win->n_states + s])
                m.kind = PINTAS_DICE_BANK;
        }
    }
    *out = m;
    return PINTAS_OK;
}

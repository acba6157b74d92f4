/* dice_players.c - the random, threshold and optimal players of the dice
 * games (players.h), choosing as pintas.dice.players does: the same move
 * lists, the same policy values compared with the same tolerance. */

#include "pintas/players.h"
#include "dice_internal.h"
#include "views_internal.h"

/* The largest turn total the Python policy accepts (dice MAX_TURN_TOTAL). */
#define MAX_TURN_TOTAL (PINTAS_DICE_MAX_CLOSED + 42 * PINTAS_DICE_MAX_VALUE)
/* The policy's "no state" mark in state_of. */
#define NO_STATE 0xFFFFu
/* A keep must beat the best so far by more than this to take its place. */
#define KEEP_TOLERANCE 1e-9

/* PINTAS_OK if the view's seat is to move, for a choice into *out (the
 * players that need not list every move check this alone: a small stack for
 * small devices). */
static int ready(const pintas_dice_view *v, const pintas_dice_move *out)
{
    if (out == NULL || v == NULL || !pintas__dice_view_ok(v))
        return PINTAS_E_ARG;
    return pintas__dice_view_to_move(v);
}

/* The legal moves of a view whose seat must be to move, for a choice into
 * *out. */
static int legal_to_choose(const pintas_dice_view *v, const pintas_dice_move *out,
                           pintas_dice_move *moves, size_t *n)
{
    int st = ready(v, out);
    if (st != PINTAS_OK)
        return st;
    st = pintas_dice_view_legal(v, moves, NULL, PINTAS_DICE_MAX_KEEPS, n);
    if (st == PINTAS_OK && *n == 0)
        return PINTAS_E_ARG; /* a keep is due on a roll with none: no real state */
    return st;
}

int pintas_dice_random_choose(const pintas_dice_view *v, pintas_mt *mt, pintas_dice_move *out)
{
    pintas_dice_move moves[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0;
    int st = mt == NULL ? PINTAS_E_ARG : legal_to_choose(v, out, moves, &n);
    return pintas__random_pick(st, mt, moves, sizeof moves[0], n, out);
}

int pintas_dice_threshold_choose(const pintas_dice_view *v, int32_t bank_at,
                                 pintas_dice_move *out)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0;
    int st = bank_at < 0 ? PINTAS_E_ARG : ready(v, out);
    if (st != PINTAS_OK)
        return st;
    if (v->phase == PINTAS_DICE_MUST_KEEP) {
        /* the first of the sorted keeps: most points, then fewest dice */
        if (pintas__dice_sorted_keeps(&v->rules, v->last_roll, v->last_roll_len, v->pool, ks,
                                      &n) != PINTAS_OK || n == 0)
            return PINTAS_E_ARG;
        *out = pintas__dice_move_of_kind(PINTAS_DICE_KEEP);
        out->keep = ks[0].keep;
    } else if (v->phase == PINTAS_DICE_BANK_OR_ROLL && v->turn_total >= bank_at)
        *out = pintas__dice_move_of_kind(PINTAS_DICE_BANK);
    else
        *out = pintas__dice_move_of_kind(PINTAS_DICE_ROLL);
    return PINTAS_OK;
}

/* 1 when banking now wins the game outright (no final round to play). */
static int bank_wins(const pintas_dice_view *v, int bank_to_win)
{
    return bank_to_win && !v->rules.final_round &&
           (int64_t)v->score[v->seat] + v->turn_total >= v->rules.target;
}

/* Python's Policy._keep_value: the value of reaching pool + keep at the
 * total plus its points, then banking or rolling as the policy would (a
 * value the policy cannot give reads 0, as the binding's). */
static double keep_value(const pintas_dice_policy *p, pintas_dice_set pool, int32_t total,
                         const pintas_dice_keep *k)
{
    pintas_dice_set after = pool + k->keep;
    int32_t reached = total + k->points;
    double roll = 0.0;
    if (pintas__dice_set_size(after) == PINTAS_DICE_COUNT) {
        pintas_dice_policy_roll_value(p, 0, reached, &roll);
        if (p->table.rules.hot_dice == PINTAS_DICE_HOT_MUST)
            return roll;
    } else {
        pintas_dice_policy_roll_value(p, after, reached, &roll);
    }
    return roll > (double)reached ? roll : (double)reached;
}

/* 1 if the policy knows the pool and the total (else Python raises). */
static int policy_knows(const pintas_dice_policy *p, pintas_dice_set pool, int32_t total)
{
    int index = pintas_dice_set_index(pool);
    return index >= 0 && pintas__dice_set_size(pool) < PINTAS_DICE_COUNT &&
           p->state_of[index] != NO_STATE && total >= 0 && total <= MAX_TURN_TOTAL;
}

int pintas_dice_optimal_keep_value(const pintas_dice_policy *policy, pintas_dice_set pool,
                                   int32_t turn_total, const pintas_dice_keep *k,
                                   double *value)
{
    if (policy == NULL || k == NULL || value == NULL)
        return PINTAS_E_ARG;
    *value = keep_value(policy, pool, turn_total, k);
    return PINTAS_OK;
}

/* The keeps of roll_values[0..len) in the binding's order, the first of the
 * best values unless another beats it by more than the tolerance. */
static int best_keep(const pintas_dice_policy *p, const uint8_t *roll_values, size_t len,
                     pintas_dice_set pool, int32_t total, pintas_dice_keep *keep)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0, i, best_i = 0;
    double best = -1.0;
    if (pintas__dice_sorted_keeps(&p->table.rules, roll_values, len, pool, ks, &n) != PINTAS_OK)
        return PINTAS_E_ARG;
    if (n == 0)
        return PINTAS_E_ILLEGAL;
    for (i = 0; i < n; ++i) {
        double value = keep_value(p, pool, total, &ks[i]);
        if (value > best + KEEP_TOLERANCE) {
            best = value;
            best_i = i;
        }
    }
    *keep = ks[best_i];
    return PINTAS_OK;
}

int pintas_dice_optimal_keep(const pintas_dice_policy *policy, pintas_dice_set roll,
                             pintas_dice_set pool, int32_t turn_total, pintas_dice_keep *keep)
{
    uint8_t values[PINTAS_DICE_COUNT];
    size_t len = 0;
    if (policy == NULL || keep == NULL ||
        pintas_dice_set_values(roll, values, sizeof values, &len) != PINTAS_OK)
        return PINTAS_E_ARG;
    return best_keep(policy, values, len, pool, turn_total, keep);
}

/* Banking is not allowed at a turn's start, nor on an empty pool after hot
 * dice under HOT_MUST: the Python policy never advises it there. */
static int may_bank(const pintas_dice_rules *r, pintas_dice_set pool, int32_t total)
{
    return pool != 0 || (total != 0 && r->hot_dice != PINTAS_DICE_HOT_MUST);
}

int pintas_dice_optimal_choose(const pintas_dice_view *v, const pintas_dice_policy *policy,
                               int bank_to_win, pintas_dice_move *out)
{
    pintas_dice_move m;
    int st = policy == NULL ? PINTAS_E_ARG : ready(v, out);
    if (st != PINTAS_OK)
        return st;
    m = pintas__dice_move_of_kind(PINTAS_DICE_ROLL);
    /* the policy is asked only where Python's player asks it */
    if (v->phase == PINTAS_DICE_MUST_KEEP) {
        if (!policy_knows(policy, v->pool, v->turn_total))
            return PINTAS_E_ARG;
        pintas_dice_keep keep;
        /* a keep is due on a roll with none: no real state */
        if (best_keep(policy, v->last_roll, v->last_roll_len, v->pool, v->turn_total, &keep) !=
            PINTAS_OK)
            return PINTAS_E_ARG;
        m.kind = PINTAS_DICE_KEEP;
        m.keep = keep.keep;
    } else if (v->phase == PINTAS_DICE_BANK_OR_ROLL) {
        if (bank_wins(v, bank_to_win)) {
            m = pintas__dice_move_of_kind(PINTAS_DICE_BANK);
        } else {
            if (!policy_knows(policy, v->pool, v->turn_total))
                return PINTAS_E_ARG;
            if (may_bank(&policy->table.rules, v->pool, v->turn_total) &&
                pintas_dice_policy_should_bank(policy, v->pool, v->turn_total) == 1)
                m = pintas__dice_move_of_kind(PINTAS_DICE_BANK);
        }
    }
    *out = m;
    return PINTAS_OK;
}

int pintas_dice_book_choose(const pintas_dice_view *v, const pintas_dice_book *book,
                            int bank_to_win, pintas_dice_move *out)
{
    pintas_dice_move m;
    pintas_dice_keep keep;
    pintas_dice_set roll;
    int st = book == NULL ? PINTAS_E_ARG : ready(v, out);
    if (st != PINTAS_OK)
        return st;
    m = pintas__dice_move_of_kind(PINTAS_DICE_ROLL);
    if (v->phase == PINTAS_DICE_MUST_KEEP) {
        if (pintas_dice_set_from_values(v->last_roll, v->last_roll_len, &roll) != PINTAS_OK)
            return PINTAS_E_ARG;
        if (pintas_dice_book_best_keep(book, roll, v->pool, v->turn_total, &keep) != PINTAS_OK)
            return PINTAS_E_ARG;
        m = pintas__dice_move_of_kind(PINTAS_DICE_KEEP);
        m.keep = keep.keep;
    } else if (v->phase == PINTAS_DICE_BANK_OR_ROLL) {
        if (bank_wins(v, bank_to_win) ||
            (may_bank(&book->rules, v->pool, v->turn_total) &&
             pintas_dice_book_should_bank(book, v->pool, v->turn_total) == 1))
            m = pintas__dice_move_of_kind(PINTAS_DICE_BANK);
    }
    *out = m;
    return PINTAS_OK;
}

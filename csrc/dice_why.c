/* dice_why.c - why a dice move is not legal now: the causes the Python layer
 * names, in its order (pintas.dice DiceGame._reason). */
#include "notation_internal.h"

/* The last roll as a set. */
static pintas_dice_set roll_set(const pintas_dice_state *s)
{
    pintas_dice_set set = 0;
    unsigned k;
    for (k = 0; k < s->last_roll_len && k < PINTAS_DICE_COUNT; ++k)
        if (s->last_roll[k] >= 1 && s->last_roll[k] <= PINTAS_DICE_FACES)
            set += PINTAS_DICE_SET_ONE(s->last_roll[k]);
    return set;
}

static void keep_problem(const pintas_dice_state *s, const pintas_dice_move *m,
                         pintas_refusal *why)
{
    unsigned k;
    why->roll_n = (uint8_t)(s->last_roll_len < PINTAS_DICE_COUNT ? s->last_roll_len
                                                                 : PINTAS_DICE_COUNT);
    for (k = 0; k < why->roll_n; ++k)
        why->roll[k] = s->last_roll[k];
    if (m->kind != PINTAS_DICE_KEEP) {
        why->cause = PINTAS_CAUSE_DICE_KEEP_FIRST;
        return;
    }
    why->dice = m->keep;
    if (!pintas_dice_set_contains(roll_set(s), m->keep)) {
        why->cause = PINTAS_CAUSE_DICE_NOT_IN_ROLL;
        return;
    }
    why->cause = PINTAS_CAUSE_DICE_NOT_SCORING;
    if (s->rules.combine_kept)
        why->pool = s->pool;
}

int pintas_dice_why(const pintas_dice_state *s, const pintas_dice_move *m, pintas_refusal *why)
{
    int status = s == NULL || m == NULL || why == NULL ? PINTAS_E_ARG : pintas_dice_check(s, m);
    if (status == PINTAS_E_ARG)
        return status;
    pintas__refuse_checked(why, status, PINTAS_NOTATION_DICE, s->to_move);
    why->dice_move = *m;
    if (status != PINTAS_E_ILLEGAL)
        return status;
    if (s->phase == PINTAS_DICE_MUST_KEEP)
        keep_problem(s, m, why);
    else if (m->kind == PINTAS_DICE_KEEP)
        why->cause = s->phase == PINTAS_DICE_BANK_OR_ROLL ? PINTAS_CAUSE_DICE_KEPT_ALREADY
                                                           : PINTAS_CAUSE_DICE_NO_ROLL;
    else if (m->kind == PINTAS_DICE_ROLL_GIVEN) {
        why->cause = PINTAS_CAUSE_DICE_COUNT;
        why->count = (uint32_t)pintas_dice_dice_to_roll(s);
        why->given = m->n;
    } else if (m->kind == PINTAS_DICE_BANK)
        why->cause = s->closed > 0 && s->pool == 0 ? PINTAS_CAUSE_DICE_HOT
                                                    : PINTAS_CAUSE_DICE_NOTHING;
    return status;
}

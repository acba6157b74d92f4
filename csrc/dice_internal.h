/* dice_internal.h - dice-set helpers shared by dice_score.c, dice_solve.c
 * and dice_game.c; not public API. */
#ifndef PINTAS_DICE_INTERNAL_H
#define PINTAS_DICE_INTERNAL_H

#include "pintas/dice.h"

/* The dice in a set (any bits: a set that is not valid may count more than
 * six). */
static inline unsigned pintas__dice_set_size(pintas_dice_set s)
{
    unsigned f, n = 0;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        n += PINTAS_DICE_SET_COUNT(s, f);
    return n;
}

/* The next non-empty sub-multiset of `of` after k in increasing order, or 0
 * when k was the last (k = 0 starts): every keep from a roll, once. */
static inline pintas_dice_set pintas__dice_next_subset(pintas_dice_set of, pintas_dice_set k)
{
    unsigned f;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f) {
        if (PINTAS_DICE_SET_COUNT(k, f) < PINTAS_DICE_SET_COUNT(of, f))
            return k + PINTAS_DICE_SET_ONE(f);
        k -= PINTAS_DICE_SET_COUNT(k, f) * PINTAS_DICE_SET_ONE(f);
    }
    return 0;
}

#endif /* PINTAS_DICE_INTERNAL_H */

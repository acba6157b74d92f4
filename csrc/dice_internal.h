/* dice_internal.h - dice-set helpers shared by dice_score.c, dice_solve.c
 * and dice_game.c; not public API. */
#ifndef PINTAS_DICE_INTERNAL_H
#define PINTAS_DICE_INTERNAL_H

#include <string.h>

#include "pintas/dice.h"
#include "bytes_internal.h"

/* The dice in a set (any bits: a set that is not valid may count more than
 * six). */
static inline unsigned pintas__dice_set_size(pintas_dice_set s)
{
    /* The six 3-bit counts added in pairs (faces 1+2, 3+4, 5+6 into 6-bit
     * fields), then the three sums: the hottest helper of the keep lists. */
    uint32_t t = ((uint32_t)s & 0x71C7u) + (((uint32_t)s >> 3) & 0x71C7u);
    return (unsigned)((t & 63u) + ((t >> 6) & 63u) + ((t >> 12) & 63u));
}

/* pintas_dice_set_is_valid, inlined: the game's move check calls it on
 * every keep. */
static inline int pintas__dice_set_valid(pintas_dice_set s)
{
    return (s & ~(pintas_dice_set)PINTAS_DICE_SET_BITS) == 0 &&
           pintas__dice_set_size(s) <= PINTAS_DICE_COUNT;
}

/* Every face of sub at most as often as in of (both valid). */
static inline int pintas__dice_set_within(pintas_dice_set of, pintas_dice_set sub)
{
    unsigned f;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        if (PINTAS_DICE_SET_COUNT(sub, f) > PINTAS_DICE_SET_COUNT(of, f))
            return 0;
    return 1;
}

/* The set of n dice values (n at most six), or 0 when a value is not 1..6:
 * pintas_dice_set_from_values inlined, for a roll the game holds. */
static inline pintas_dice_set pintas__dice_set_of(const uint8_t *values, unsigned n)
{
    pintas_dice_set s = 0;
    unsigned i;
    for (i = 0; i < n; ++i) {
        if (values[i] < 1 || values[i] > PINTAS_DICE_FACES)
            return 0;
        s += PINTAS_DICE_SET_ONE(values[i]);
    }
    return s;
}

/* The dice of a valid set, ascending, written to values (room for six): how
 * many. */
static inline unsigned pintas__dice_set_list(pintas_dice_set s, uint8_t *values)
{
    unsigned f, k, len = 0;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        for (k = 0; k < PINTAS_DICE_SET_COUNT(s, f); ++k)
            values[len++] = (uint8_t)f;
    return len;
}

/* Doom under valid rules: doom is on and the roll shows two 6s or more. */
static inline int pintas__dice_doom(const pintas_dice_rules *r, pintas_dice_set roll)
{
    return r->doom && PINTAS_DICE_SET_COUNT(roll, 6) >= 2;
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

/* The set after s among the sets of its size, in set index order (the count
 * of face 1 compared first, then of face 2, ...), or 0 after the last. The
 * first set of n dice is n 6s: n * PINTAS_DICE_SET_ONE(6). */
static inline pintas_dice_set pintas__dice_next_same_size(pintas_dice_set s)
{
    unsigned f, rest = PINTAS_DICE_SET_COUNT(s, 6);
    for (f = PINTAS_DICE_FACES - 1; f >= 1; --f) {
        if (rest > 0) {
            /* one more f, the rest (one die fewer) all 6s */
            s &= (PINTAS_DICE_SET_ONE(f + 1) - 1u);
            return s + PINTAS_DICE_SET_ONE(f) + (rest - 1u) * PINTAS_DICE_SET_ONE(6);
        }
        rest += PINTAS_DICE_SET_COUNT(s, f);
    }
    return 0;
}

/* The best split of a valid set under valid rules (pintas_dice_score_rules
 * without the checks): for the solver's size query, which has no table. */
int32_t pintas__dice_split_score(const pintas_dice_rules *r, pintas_dice_set s);

/* pintas_dice_keeps_rules without checking the rules (the game functions
 * checked them once, on entry). */
int pintas__dice_keeps_of(const pintas_dice_rules *r, pintas_dice_set roll, pintas_dice_set pool,
                          pintas_dice_keep *out, size_t cap, size_t *n);

/* pintas_dice_play on a state the API made and nobody else wrote to (one
 * pintas_dice_new or pintas_dice_load gave, changed since only by the
 * engine's calls): the move is checked as pintas_dice_play checks it, the
 * state is not (its rules were checked once, where it was made or loaded).
 * For a binding that holds its state where only it can reach it; a state
 * never started (players 0) is refused with PINTAS_E_ARG. */
int pintas__dice_play_made(pintas_dice_state *s, const pintas_dice_move *m,
                           pintas_dice_event *ev, size_t ev_cap, size_t *n_ev);

/* pintas_dice_legal on such a state: its moves as pintas_dice_legal lists
 * them, the state unchecked (PINTAS_E_ARG for one never started). */
int pintas__dice_legal_made(const pintas_dice_state *s, pintas_dice_moves *out);

/* 1 if `roll` (valid, fitting beside the valid `pool`) has a legal keep under
 * valid rules, 0 for a doom roll or a roll-out: the first keep found ends the
 * search, as a roll-out needs no list. */
int pintas__dice_any_keep(const pintas_dice_rules *r, pintas_dice_set roll, pintas_dice_set pool);

/* The solver's transitions, read by the win solver (dice_win.c): roll i of a
 * solved policy (the rolls of state st are p->roll_first[st] up to
 * p->roll_first[st + 1], doom rolls and roll-outs left out) into its
 * probability, its options (each (next << PINTAS__DICE_GAIN_BITS) | gain, the
 * gain in units, next the pool state after the keep or PINTAS__DICE_HOT for a
 * keep of the sixth die) and their number. */
typedef struct pintas__dice_roll {
    double prob;
    uint32_t first; /* its first option */
    uint32_t n;     /* its options */
} pintas__dice_roll;
#define PINTAS__DICE_HOT 0x3FFu
#define PINTAS__DICE_GAIN_BITS 22u
void pintas__dice_policy_roll(const pintas_dice_policy *p, uint32_t i, double *prob,
                              const uint32_t **options, uint32_t *n);

/* The rules as the dice save writes them (152 bytes: the 36 values from
 * single[1] on, then the eight option bytes; in dice_game.c), shared by the
 * saves and the policy books. The reader sets every unused entry to 0. */
#define PINTAS__DICE_RULES_BYTES 152
void pintas__dice_put_rules(pintas__writer *w, const pintas_dice_rules *r);
void pintas__dice_get_rules(pintas__reader *rd, pintas_dice_rules *r);

/* A move of the given kind with every other field 0 (keep, n, values): the
 * roll, bank and keep the views, players and notation list. */
static inline pintas_dice_move pintas__dice_move_of_kind(unsigned kind)
{
    pintas_dice_move m;
    memset(&m, 0, sizeof m);
    m.kind = (uint8_t)kind;
    return m;
}

#endif /* PINTAS_DICE_INTERNAL_H */

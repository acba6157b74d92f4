/* common_internal.h - the argument checks every game's entry points share;
 * not public API. */
#ifndef PINTAS_COMMON_INTERNAL_H
#define PINTAS_COMMON_INTERNAL_H

#include "pintas/common.h"

/* The first checks of a call that writes into the caller's buffer, in the
 * documented order: PINTAS_E_ARG for a missing pointer (`given` is 0), then
 * PINTAS_E_BUFFER for a capacity below the documented bound. */
static inline int pintas__buffer_args(int given, size_t cap, size_t bound)
{
    if (!given)
        return PINTAS_E_ARG;
    return cap < bound ? PINTAS_E_BUFFER : PINTAS_OK;
}

/* The checks every move of a tile game meets before its own, in the
 * documented order: PINTAS_E_ARG for a state no call can trust (`usable` 0),
 * PINTAS_E_OVER once the game takes no move (`in_play` 0), PINTAS_E_CHANCE
 * while a chance event is pending, PINTAS_E_ARG for a player to move outside
 * the seats (`seat_ok` 0). Each is read safely on any bytes at all, so all
 * four are given at once. */
static inline int pintas__move_state(int usable, int in_play, int chance_pending, int seat_ok)
{
    if (!usable)
        return PINTAS_E_ARG;
    if (!in_play)
        return PINTAS_E_OVER;
    if (chance_pending)
        return PINTAS_E_CHANCE;
    return seat_ok ? PINTAS_OK : PINTAS_E_ARG;
}

/* The end of a call that writes events: their count n into *n_ev once the
 * call has succeeded (status PINTAS_OK); status. */
static inline int pintas__events_written(int status, size_t n, size_t *n_ev)
{
    if (status == PINTAS_OK)
        *n_ev = n;
    return status;
}

/* A game's public move call, whose body its quiet twin (the core's own game
 * loops) shares: where speed counts (not -Os) it takes a copy of that body
 * with every step of the move in line, so it pays nothing for the sharing
 * (GCC and Clang; other compilers decide alone). */
#if defined(__GNUC__) && !defined(__OPTIMIZE_SIZE__)
#define PINTAS__MOVE_CALL __attribute__((flatten))
#else
#define PINTAS__MOVE_CALL
#endif

/* A function kept in a stack frame of its own (GCC and Clang; other
 * compilers decide alone): its locals (a state copy, a view) are off the
 * stack once it returns, not added to its caller's frame. */
#if defined(__GNUC__)
#define PINTAS__OWN_FRAME __attribute__((noinline))
#else
#define PINTAS__OWN_FRAME
#endif

/* The entries of score[0..n) equal to the highest, as bits (every game's
 * winners at a round or turn limit; n <= 32). */
static inline unsigned pintas__top_scores(const int32_t *score, unsigned n)
{
    unsigned i, top = 0;
    int32_t best = INT32_MIN;
    for (i = 0; i < n; ++i) {
        if (score[i] > best) {
            best = score[i];
            top = 0;
        }
        if (score[i] == best)
            top |= 1u << i;
    }
    return top;
}

#endif /* PINTAS_COMMON_INTERNAL_H */

/* line_internal.h - helpers line.c shares with line_save.c; not public API. */
#ifndef PINTAS_LINE_INTERNAL_H
#define PINTAS_LINE_INTERNAL_H

#include "pintas/line.h"

/* No reachable state holds a score above this, 2^20 - 1 (a target is at most 10,000 and
 * one round adds well under 100,000); the engine and the loader refuse more, so
 * adding a round's points can never overflow an int32_t. */
#define PINTAS__LINE_SCORE_BOUND 0xFFFFF

/* Placement flag in pintas_line_state.line[]: the tile went to the RIGHT end. */
#define PINTAS__LINE_AT_RIGHT 0x80u

/* PCG32, Lemire's bounded integers and the Fisher-Yates shuffle of rng.c,
 * repeated here as static inline functions: the library is built with -fPIC,
 * so the compiler may not inline the exported ones, and a call per draw costs
 * a quarter of a random game's time. They must draw exactly what
 * pintas_rng_next / _below / _shuffle draw; test_line.c checks that they do. */
static inline uint32_t pintas__rng_next(pintas_rng *rng)
{
    uint64_t old = rng->state;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    rng->state = old * PINTAS_RNG_MULT + rng->inc;
    return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31u));
}

static inline uint32_t pintas__rng_below(pintas_rng *rng, uint32_t bound)
{
    uint64_t m;
    uint32_t low;
    if (bound == 0)
        return 0;
    m = (uint64_t)pintas__rng_next(rng) * bound;
    low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (0u - bound) % bound;
        while (low < threshold) {
            m = (uint64_t)pintas__rng_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

static inline void pintas__rng_shuffle(pintas_rng *rng, uint8_t *items, size_t n)
{
    size_t i;
    for (i = n > 0 ? n - 1 : 0; i > 0; --i) {
        size_t j = pintas__rng_below(rng, (uint32_t)(i + 1));
        uint8_t t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

/* 1 if these rules draw from a boneyard (not Dominican, fewer than 4 players). */
int pintas__line_draws(const pintas_line_rules *rules);

/* Round 1's lead on the current hands: the highest double held (6|6 first),
 * else the heaviest tile held; *leader is its holder. */
void pintas__line_first_lead(const pintas_line_state *s, uint8_t *leader, uint8_t *tile);

/* The tiles `seat` could place now (the forced tile or any tile before the
 * round's first placement). */
pintas_mask pintas__line_playable(const pintas_line_state *s, unsigned seat);

/* 1 if the line is open, nobody can draw and no seat can place a tile. */
int pintas__line_blocked(const pintas_line_state *s);

/* 1 if every index the engine reads from *s is in range, so no call can
 * overrun an array even on a state whose public fields were scribbled on. */
int pintas__line_usable(const pintas_line_state *s);

#endif /* PINTAS_LINE_INTERNAL_H */

/* rng_internal.h - PCG32, Lemire's bounded integers and the Fisher-Yates
 * shuffle as static inline functions; not public API.
 *
 * rng.c builds the exported pintas_rng_* on these, and the engines call them
 * directly: the library is built with -fPIC, so the compiler may not inline
 * the exported functions, and a call per draw costs a quarter of a random
 * game's time. The exact draw order is part of the determinism contract
 * (docs/determinism.md): change nothing here lightly. */
#ifndef PINTAS_RNG_INTERNAL_H
#define PINTAS_RNG_INTERNAL_H

#include "pintas/rng.h"

/* Every game's pintas_<game>_reseed: PINTAS_E_ARG without a state (rng is
 * NULL), else its generator seeded anew on the games' stream. */
static inline int pintas__game_reseed(pintas_rng *rng, uint64_t seed)
{
    if (rng == NULL)
        return PINTAS_E_ARG;
    pintas_rng_seed(rng, seed, PINTAS_RNG_STREAM);
    return PINTAS_OK;
}

static inline void pintas__rng_step(pintas_rng *rng)
{
    rng->state = rng->state * PINTAS_RNG_MULT + rng->inc;
}

/* XSH-RR output of the old state. */
static inline uint32_t pintas__rng_next(pintas_rng *rng)
{
    uint64_t old = rng->state;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    pintas__rng_step(rng);
    return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31u));
}

/* Uniform in [0, bound) by Lemire's multiply-and-reject; 0 (no draw) for 0. */
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

/* Fisher-Yates from the last index down; fewer than 2 items draw nothing. */
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

/* The batch simulations' uniform choice among n legal moves: below(n),
 * drawn only when there is a choice (a forced move consumes no randomness). */
static inline uint32_t pintas__rng_choice(pintas_rng *rng, size_t n)
{
    return n > 1 ? pintas__rng_below(rng, (uint32_t)n) : 0u;
}

#endif /* PINTAS_RNG_INTERNAL_H */

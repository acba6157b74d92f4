/* rng.c - the exported PCG32 XSH-RR with O'Neill's seeding, Lemire's bounded
 * integers and Fisher-Yates from the last index down, built on the inline
 * functions of rng_internal.h that the engines call directly. */
#include "rng_internal.h"

void pintas_rng_seed(pintas_rng *rng, uint64_t seed, uint64_t stream)
{
    rng->state = 0;
    rng->inc = (stream << 1) | 1u;
    pintas__rng_step(rng);
    rng->state += seed;
    pintas__rng_step(rng);
}

uint32_t pintas_rng_next(pintas_rng *rng)
{
    return pintas__rng_next(rng);
}

uint32_t pintas_rng_below(pintas_rng *rng, uint32_t bound)
{
    return pintas__rng_below(rng, bound);
}

void pintas_rng_shuffle(pintas_rng *rng, uint8_t *items, size_t n)
{
    pintas__rng_shuffle(rng, items, n);
}

int pintas_rng_is_valid(const pintas_rng *rng)
{
    return rng != NULL && (rng->inc & 1u) == 1u;
}

/* rng.c - PCG32 XSH-RR with O'Neill's seeding; Lemire's bounded integers;
 * Fisher-Yates from the last index down. The exact draw order is part of the
 * determinism contract (docs/determinism.md): change nothing here lightly. */
#include "pintas/rng.h"

static void pcg_step(pintas_rng *rng)
{
    rng->state = rng->state * PINTAS_RNG_MULT + rng->inc;
}

void pintas_rng_seed(pintas_rng *rng, uint64_t seed, uint64_t stream)
{
    rng->state = 0;
    rng->inc = (stream << 1) | 1u;
    pcg_step(rng);
    rng->state += seed;
    pcg_step(rng);
}

uint32_t pintas_rng_next(pintas_rng *rng)
{
    uint64_t old = rng->state;
    uint32_t xorshifted = (uint32_t)(((old >> 18) ^ old) >> 27);
    uint32_t rot = (uint32_t)(old >> 59);
    pcg_step(rng);
    return (xorshifted >> rot) | (xorshifted << ((0u - rot) & 31u));
}

uint32_t pintas_rng_below(pintas_rng *rng, uint32_t bound)
{
    uint64_t m;
    uint32_t low;
    if (bound == 0)
        return 0;
    m = (uint64_t)pintas_rng_next(rng) * bound;
    low = (uint32_t)m;
    if (low < bound) {
        uint32_t threshold = (0u - bound) % bound;
        while (low < threshold) {
            m = (uint64_t)pintas_rng_next(rng) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

void pintas_rng_shuffle(pintas_rng *rng, uint8_t *items, size_t n)
{
    size_t i;
    if (n < 2)
        return;
    for (i = n - 1; i > 0; --i) {
        size_t j = pintas_rng_below(rng, (uint32_t)(i + 1));
        uint8_t t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
}

int pintas_rng_is_valid(const pintas_rng *rng)
{
    return rng != NULL && (rng->inc & 1u) == 1u;
}

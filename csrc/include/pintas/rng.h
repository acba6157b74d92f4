/* pintas/rng.h - PCG32 (XSH-RR), the one source of randomness in pintas.
 *
 * Seeding follows O'Neill's pcg32_srandom_r(initstate = seed, initseq = stream):
 * state = 0, inc = (stream << 1) | 1, step, state += seed, step. Every game seeds
 * with stream PINTAS_RNG_STREAM, so a game is a pure function of (rules, seed,
 * moves) in every implementation (see docs/determinism.md).
 */
#ifndef PINTAS_RNG_H
#define PINTAS_RNG_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The library's stream constant: the ASCII bytes of "pintas". */
#define PINTAS_RNG_STREAM UINT64_C(0x70696e746173)
#define PINTAS_RNG_MULT UINT64_C(6364136223846793005)

typedef struct pintas_rng {
    uint64_t state;
    uint64_t inc; /* always odd */
} pintas_rng;

/* Seed *rng as pcg32_srandom_r(seed, stream). rng must not be NULL. */
void pintas_rng_seed(pintas_rng *rng, uint64_t seed, uint64_t stream);

/* The next 32 uniform bits. */
uint32_t pintas_rng_next(pintas_rng *rng);

/* A uniform integer in [0, bound) by Lemire's multiply-shift with rejection;
 * bound 0 gives 0 and draws nothing. */
uint32_t pintas_rng_below(pintas_rng *rng, uint32_t bound);

/* Fisher-Yates shuffle of items[0..n): for i from n-1 down to 1,
 * j = below(i + 1), swap items[i] and items[j]. */
void pintas_rng_shuffle(pintas_rng *rng, uint8_t *items, size_t n);

/* 1 if the rng's increment is odd (a state PCG can be in), else 0. */
int pintas_rng_is_valid(const pintas_rng *rng);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_RNG_H */

/* pintas/hash.h - BLAKE2b (the checksum of a save, RFC 7693) and the
 * Mersenne Twister MT19937 that CPython's random.Random uses (so that the
 * computer players seeded alike choose alike in every home). No allocation,
 * no globals: the caller owns every state. */
#ifndef PINTAS_HASH_H
#define PINTAS_HASH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* BLAKE2b of data[0..len) without a key, outlen bytes (1..64) into out. */
void pintas_blake2b(const uint8_t *data, size_t len, uint8_t *out, size_t outlen);

/* MT19937 as CPython's random.Random keeps it. */
#define PINTAS_MT_N 624
typedef struct pintas_mt {
    uint32_t mt[PINTAS_MT_N];
    uint32_t index;
} pintas_mt;

/* random.Random(seed) for 0 <= seed < 2**64: init_by_array over the seed's
 * 32-bit words, least significant first (one word for a seed below 2**32). */
void pintas_mt_seed(pintas_mt *mt, uint64_t seed);

/* The next 32 bits (genrand_uint32). */
uint32_t pintas_mt_next(pintas_mt *mt);

/* random.Random._randbelow(n) for 1 <= n < 2**32: k = n.bit_length(), draw
 * getrandbits(k) until it is below n. */
uint32_t pintas_mt_below(pintas_mt *mt, uint32_t n);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_HASH_H */

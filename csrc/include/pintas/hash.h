/* pintas/hash.h - BLAKE2b (the checksum of a save, RFC 7693), SHA-256
 * (FIPS 180-4) and HMAC-SHA256 (RFC 2104, the MAC of a save made with a key),
 * a constant-time compare, and the Mersenne Twister MT19937 that CPython's random.Random uses (so that the
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

/* ---- SHA-256 and HMAC-SHA256 ---------------------------------------------
 * Streaming: init, update any number of times (any lengths, data need not be
 * contiguous), final. A context holds no pointer: it may be copied. The
 * functions take no NULL pointers (data may be NULL when its length is 0). */
#define PINTAS_SHA256_SIZE 32

typedef struct pintas_sha256_ctx {
    uint32_t h[8];        /* the hash value so far */
    uint64_t len;         /* bytes given so far */
    uint8_t block[64];    /* the bytes of the block not yet full */
} pintas_sha256_ctx;

/* Start a SHA-256 hash. */
void pintas_sha256_init(pintas_sha256_ctx *ctx);
/* Hash data[0..len) next. */
void pintas_sha256_update(pintas_sha256_ctx *ctx, const uint8_t *data, size_t len);
/* Write the 32-byte digest to out; ctx is spent (init it again to reuse it). */
void pintas_sha256_final(pintas_sha256_ctx *ctx, uint8_t out[PINTAS_SHA256_SIZE]);
/* SHA-256 of data[0..len) in one call. */
void pintas_sha256(const uint8_t *data, size_t len, uint8_t out[PINTAS_SHA256_SIZE]);

typedef struct pintas_hmac_sha256_ctx {
    pintas_sha256_ctx inner;  /* H((K ^ ipad) || message ...) */
    uint8_t key[64];      /* K: the key zero-padded, or its SHA-256 if longer than 64 */
} pintas_hmac_sha256_ctx;

/* Start an HMAC-SHA256 under key[0..key_len) (any length, 0 included). */
void pintas_hmac_sha256_init(pintas_hmac_sha256_ctx *ctx, const uint8_t *key, size_t key_len);
/* MAC data[0..len) next. */
void pintas_hmac_sha256_update(pintas_hmac_sha256_ctx *ctx, const uint8_t *data, size_t len);
/* Write the 32-byte MAC to out; ctx is spent and its copy of the key wiped. */
void pintas_hmac_sha256_final(pintas_hmac_sha256_ctx *ctx, uint8_t out[PINTAS_SHA256_SIZE]);
/* HMAC-SHA256 of data[0..len) under key[0..key_len) in one call. */
void pintas_hmac_sha256(const uint8_t *key, size_t key_len, const uint8_t *data, size_t len,
                        uint8_t out[PINTAS_SHA256_SIZE]);

/* 1 if a[0..len) and b[0..len) are equal, else 0, in a time that depends on
 * len only (for comparing MACs and checksums). */
int pintas_equal_ct(const uint8_t *a, const uint8_t *b, size_t len);

/* ---- MT19937 ---------------------------------------------------------------- */

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

/* hash.c - BLAKE2b (RFC 7693) and MT19937, see pintas/hash.h. */
#include "pintas/hash.h"

#include <string.h>

/* ---- BLAKE2b ------------------------------------------------------------ */

static const uint64_t blake2b_iv[8] = {
    UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b),
    UINT64_C(0x3c6ef372fe94f82b), UINT64_C(0xa54ff53a5f1d36f1),
    UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
    UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179),
};

/* The message schedule SIGMA of RFC 7693 section 2.7 (rounds 10 and 11 repeat 0 and 1). */
static const uint8_t blake2b_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

static uint64_t rotr64(uint64_t x, unsigned n) {
    return (x >> n) | (x << (64 - n));
}

static uint64_t load64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) {
        v = (v << 8) | p[i];
    }
    return v;
}

/* The mixing function G on v[a], v[b], v[c], v[d] with message words x, y. */
static void blake2b_g(uint64_t *v, int a, int b, int c, int d, uint64_t x, uint64_t y) {
    v[a] = v[a] + v[b] + x;
    v[d] = rotr64(v[d] ^ v[a], 32);
    v[c] = v[c] + v[d];
    v[b] = rotr64(v[b] ^ v[c], 24);
    v[a] = v[a] + v[b] + y;
    v[d] = rotr64(v[d] ^ v[a], 16);
    v[c] = v[c] + v[d];
    v[b] = rotr64(v[b] ^ v[c], 63);
}

/* The compression function F of one 128-byte block; t = bytes so far, last = final block. */
static void blake2b_compress(uint64_t h[8], const uint8_t block[128], uint64_t t, int last) {
    uint64_t v[16], m[16];
    for (int i = 0; i < 8; i++) {
        v[i] = h[i];
        v[i + 8] = blake2b_iv[i];
    }
    v[12] ^= t; /* the counter's high word stays 0: no save is 2**64 bytes long */
    if (last) {
        v[14] = ~v[14];
    }
    for (int i = 0; i < 16; i++) {
        m[i] = load64(block + 8 * i);
    }
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = blake2b_sigma[r];
        blake2b_g(v, 0, 4, 8, 12, m[s[0]], m[s[1]]);
        blake2b_g(v, 1, 5, 9, 13, m[s[2]], m[s[3]]);
        blake2b_g(v, 2, 6, 10, 14, m[s[4]], m[s[5]]);
        blake2b_g(v, 3, 7, 11, 15, m[s[6]], m[s[7]]);
        blake2b_g(v, 0, 5, 10, 15, m[s[8]], m[s[9]]);
        blake2b_g(v, 1, 6, 11, 12, m[s[10]], m[s[11]]);
        blake2b_g(v, 2, 7, 8, 13, m[s[12]], m[s[13]]);
        blake2b_g(v, 3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++) {
        h[i] ^= v[i] ^ v[i + 8];
    }
}

void pintas_blake2b(const uint8_t *data, size_t len, uint8_t *out, size_t outlen) {
    uint64_t h[8];
    uint8_t block[128];
    size_t done = 0;
    for (int i = 0; i < 8; i++) {
        h[i] = blake2b_iv[i];
    }
    h[0] ^= UINT64_C(0x01010000) ^ (uint64_t)outlen; /* no key, fanout 1, depth 1 */
    /* Every block but the last is compressed as a full one; the last (possibly
     * empty, for an empty message) is zero-padded and flagged. */
    while (len - done > 128) {
        blake2b_compress(h, data + done, (uint64_t)(done + 128), 0);
        done += 128;
    }
    memset(block, 0, sizeof(block));
    if (len > done) {
        memcpy(block, data + done, len - done);
    }
    blake2b_compress(h, block, (uint64_t)len, 1);
    /* Little-endian words, a byte at a time by constant shifts (a variable
     * 64-bit shift costs a helper call on a 32-bit core). */
    for (size_t i = 0; i < outlen; i++) {
        uint64_t word = h[i / 8];
        for (size_t k = i % 8; k > 0; k--) {
            word >>= 8;
        }
        out[i] = (uint8_t)word;
    }
}

/* ---- MT19937 ------------------------------------------------------------ */

#define MT_M 397
#define MT_UPPER UINT32_C(0x80000000)
#define MT_LOWER UINT32_C(0x7fffffff)

static void mt_init(pintas_mt *mt, uint32_t s) {
    mt->mt[0] = s;
    for (uint32_t i = 1; i < PINTAS_MT_N; i++) {
        mt->mt[i] = UINT32_C(1812433253) * (mt->mt[i - 1] ^ (mt->mt[i - 1] >> 30)) + i;
    }
    mt->index = PINTAS_MT_N;
}

void pintas_mt_seed(pintas_mt *mt, uint64_t seed) {
    uint32_t key[2] = {(uint32_t)seed, (uint32_t)(seed >> 32)};
    uint32_t key_len = (seed >> 32) ? 2 : 1;
    uint32_t i = 1, j = 0, k;
    mt_init(mt, UINT32_C(19650218));
    for (k = PINTAS_MT_N > key_len ? PINTAS_MT_N : key_len; k; k--) {
        mt->mt[i] = (mt->mt[i] ^ ((mt->mt[i - 1] ^ (mt->mt[i - 1] >> 30)) * UINT32_C(1664525)))
                    + key[j] + j;
        i++;
        j++;
        if (i >= PINTAS_MT_N) {
            mt->mt[0] = mt->mt[PINTAS_MT_N - 1];
            i = 1;
        }
        if (j >= key_len) {
            j = 0;
        }
    }
    for (k = PINTAS_MT_N - 1; k; k--) {
        mt->mt[i] = (mt->mt[i] ^ ((mt->mt[i - 1] ^ (mt->mt[i - 1] >> 30)) * UINT32_C(1566083941)))
                    - i;
        i++;
        if (i >= PINTAS_MT_N) {
            mt->mt[0] = mt->mt[PINTAS_MT_N - 1];
            i = 1;
        }
    }
    mt->mt[0] = UINT32_C(0x80000000); /* the state is never all zero */
}

uint32_t pintas_mt_next(pintas_mt *mt) {
    uint32_t y;
    if (mt->index >= PINTAS_MT_N) {
        for (uint32_t k = 0; k < PINTAS_MT_N; k++) {
            y = (mt->mt[k] & MT_UPPER) | (mt->mt[(k + 1) % PINTAS_MT_N] & MT_LOWER);
            mt->mt[k] = mt->mt[(k + MT_M) % PINTAS_MT_N] ^ (y >> 1)
                        ^ ((y & 1u) ? UINT32_C(0x9908b0df) : 0u);
        }
        mt->index = 0;
    }
    y = mt->mt[mt->index++];
    y ^= y >> 11;
    y ^= (y << 7) & UINT32_C(0x9d2c5680);
    y ^= (y << 15) & UINT32_C(0xefc60000);
    y ^= y >> 18;
    return y;
}

uint32_t pintas_mt_below(pintas_mt *mt, uint32_t n) {
    unsigned k = 0;
    uint32_t r;
    if (n == 0) {
        return 0;
    }
    while (k < 32 && (n >> k) != 0) {
        k++;
    }
    do {
        r = pintas_mt_next(mt) >> (32 - k);
    } while (r >= n);
    return r;
}

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

/* ---- SHA-256 (FIPS 180-4 section 6.2) ------------------------------------ */

/* The first 32 bits of the fractional parts of the cube roots of the first
 * 64 primes (section 4.2.2). */
static const uint32_t sha256_k[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u, 0x923f82a4u,
    0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u, 0x72be5d74u, 0x80deb1feu,
    0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu,
    0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau, 0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu,
    0x53380d13u, 0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
    0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u, 0x19a4c116u,
    0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u, 0x90befffau, 0xa4506cebu, 0xbef9a3f7u,
    0xc67178f2u,
};

/* The initial hash value (section 5.3.3). */
static const uint32_t sha256_h0[8] = {
    0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
    0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u,
};

static uint32_t rotr32(uint32_t x, unsigned n) {
    return (x >> n) | (x << (32 - n));
}

static uint32_t load32_be(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | p[3];
}

static void store32_be(uint8_t *p, uint32_t v) {
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* One 64-byte block into the hash value h (section 6.2.2); the schedule is
 * kept as a rolling window of 16 words to stay small on a microcontroller. */
static void sha256_compress(uint32_t h[8], const uint8_t block[64]) {
    uint32_t w[16], v[8];
    for (int i = 0; i < 16; i++) {
        w[i] = load32_be(block + 4 * i);
    }
    for (int i = 0; i < 8; i++) {
        v[i] = h[i];
    }
    for (int t = 0; t < 64; t++) {
        uint32_t wt, s0, s1, t1, t2;
        if (t < 16) {
            wt = w[t];
        } else {
            uint32_t w15 = w[(t - 15) & 15], w2 = w[(t - 2) & 15];
            s0 = rotr32(w15, 7) ^ rotr32(w15, 18) ^ (w15 >> 3);
            s1 = rotr32(w2, 17) ^ rotr32(w2, 19) ^ (w2 >> 10);
            wt = w[t & 15] = w[t & 15] + s0 + w[(t - 7) & 15] + s1;
        }
        t1 = v[7] + (rotr32(v[4], 6) ^ rotr32(v[4], 11) ^ rotr32(v[4], 25))
             + ((v[4] & v[5]) ^ (~v[4] & v[6])) + sha256_k[t] + wt;
        t2 = (rotr32(v[0], 2) ^ rotr32(v[0], 13) ^ rotr32(v[0], 22))
             + ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
        v[7] = v[6];
        v[6] = v[5];
        v[5] = v[4];
        v[4] = v[3] + t1;
        v[3] = v[2];
        v[2] = v[1];
        v[1] = v[0];
        v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; i++) {
        h[i] += v[i];
    }
}

void pintas_sha256_init(pintas_sha256_ctx *ctx) {
    memcpy(ctx->h, sha256_h0, sizeof(ctx->h));
    ctx->len = 0;
}

void pintas_sha256_update(pintas_sha256_ctx *ctx, const uint8_t *data, size_t len) {
    size_t used = (size_t)(ctx->len & 63u);
    ctx->len += len;
    if (used) {
        size_t take = 64 - used < len ? 64 - used : len;
        memcpy(ctx->block + used, data, take);
        data += take;
        len -= take;
        if (used + take < 64) {
            return;
        }
        sha256_compress(ctx->h, ctx->block);
    }
    for (; len >= 64; data += 64, len -= 64) {
        sha256_compress(ctx->h, data);
    }
    if (len) {
        memcpy(ctx->block, data, len);
    }
}

void pintas_sha256_final(pintas_sha256_ctx *ctx, uint8_t out[PINTAS_SHA256_SIZE]) {
    /* The padding of section 5.1.1: a 1 bit, zeros, the length in bits. */
    uint64_t bits = ctx->len * 8u;
    size_t used = (size_t)(ctx->len & 63u);
    ctx->block[used++] = 0x80;
    if (used > 56) {
        memset(ctx->block + used, 0, 64 - used);
        sha256_compress(ctx->h, ctx->block);
        used = 0;
    }
    memset(ctx->block + used, 0, 56 - used);
    store32_be(ctx->block + 56, (uint32_t)(bits >> 32));
    store32_be(ctx->block + 60, (uint32_t)bits);
    sha256_compress(ctx->h, ctx->block);
    for (int i = 0; i < 8; i++) {
        store32_be(out + 4 * i, ctx->h[i]);
    }
}

void pintas_sha256(const uint8_t *data, size_t len, uint8_t out[PINTAS_SHA256_SIZE]) {
    pintas_sha256_ctx ctx;
    pintas_sha256_init(&ctx);
    pintas_sha256_update(&ctx, data, len);
    pintas_sha256_final(&ctx, out);
}

/* ---- HMAC-SHA256 (RFC 2104) ---------------------------------------------- */

/* The key block XORed with `pad` (0x36 inner, 0x5c outer) into a fresh hash. */
static void hmac_start(pintas_sha256_ctx *ctx, const uint8_t key[64], uint8_t pad) {
    uint8_t block[64];
    for (int i = 0; i < 64; i++) {
        block[i] = (uint8_t)(key[i] ^ pad);
    }
    pintas_sha256_init(ctx);
    pintas_sha256_update(ctx, block, sizeof(block));
}

void pintas_hmac_sha256_init(pintas_hmac_sha256_ctx *ctx, const uint8_t *key, size_t key_len) {
    /* A key longer than a block is hashed first; a shorter one is zero-padded. */
    memset(ctx->key, 0, sizeof(ctx->key));
    if (key_len > sizeof(ctx->key)) {
        pintas_sha256(key, key_len, ctx->key);
    } else if (key_len) {
        memcpy(ctx->key, key, key_len);
    }
    hmac_start(&ctx->inner, ctx->key, 0x36);
}

void pintas_hmac_sha256_update(pintas_hmac_sha256_ctx *ctx, const uint8_t *data, size_t len) {
    pintas_sha256_update(&ctx->inner, data, len);
}

void pintas_hmac_sha256_final(pintas_hmac_sha256_ctx *ctx, uint8_t out[PINTAS_SHA256_SIZE]) {
    uint8_t inner[PINTAS_SHA256_SIZE];
    pintas_sha256_ctx outer;
    pintas_sha256_final(&ctx->inner, inner);
    hmac_start(&outer, ctx->key, 0x5c);
    pintas_sha256_update(&outer, inner, sizeof(inner));
    pintas_sha256_final(&outer, out);
    memset(ctx->key, 0, sizeof(ctx->key)); /* the key does not outlive the MAC */
}

void pintas_hmac_sha256(const uint8_t *key, size_t key_len, const uint8_t *data, size_t len,
                        uint8_t out[PINTAS_SHA256_SIZE]) {
    pintas_hmac_sha256_ctx ctx;
    pintas_hmac_sha256_init(&ctx, key, key_len);
    pintas_hmac_sha256_update(&ctx, data, len);
    pintas_hmac_sha256_final(&ctx, out);
}

int pintas_equal_ct(const uint8_t *a, const uint8_t *b, size_t len) {
    /* Every byte is read whatever the others hold: the time tells nothing of
     * where two MACs differ. */
    unsigned diff = 0;
    for (size_t i = 0; i < len; i++) {
        diff |= (unsigned)(a[i] ^ b[i]);
    }
    return diff == 0;
}

/* test_hash.c - the core's hashes against their published test vectors
 * (RFC 7693 for BLAKE2b, FIPS 180-4's examples for SHA-256, RFC 4231 for
 * HMAC-SHA256) and against CPython (golden_hash.h, from tools/golden/saves.py:
 * BLAKE2b-128 of many lengths, and MT19937 as random.Random draws, which the
 * MicroPython players depend on). */
#include <string.h>

#include "check.h"
#include "golden_hash.h"
#include "pintas/hash.h"

/* The bytes written in hex by `hex` (two digits a byte). */
static size_t unhex(const char *hex, uint8_t *out)
{
    size_t n = 0;
    for (; hex[0] && hex[1]; hex += 2) {
        unsigned v = 0, i;
        for (i = 0; i < 2; ++i) {
            char c = hex[i];
            v = v * 16 + (unsigned)(c <= '9' ? c - '0' : (c | 32) - 'a' + 10);
        }
        out[n++] = (uint8_t)v;
    }
    return n;
}

static int same_hex(const uint8_t *bytes, const char *hex)
{
    uint8_t want[64];
    size_t n = unhex(hex, want);
    return memcmp(bytes, want, n) == 0;
}

static void test_blake2b(void)
{
    uint8_t out[64], message[300];
    int n;
    /* RFC 7693, Appendix A: BLAKE2b-512("abc") */
    pintas_blake2b((const uint8_t *)"abc", 3, out, 64);
    CHECK(same_hex(out, "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1"
                        "7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923"));
    for (n = 0; n < 300; ++n)
        message[n] = (uint8_t)(7 * n + 3);
    for (n = 0; n < GOLDEN_BLAKE_LENGTHS; ++n) {
        pintas_blake2b(message, (size_t)n, out, 16);
        CHECK(memcmp(out, golden_blake2b_128[n], 16) == 0);
    }
}

static void test_sha256(void)
{
    static const char two_blocks[] = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
    uint8_t out[32], million[1000];
    pintas_sha256_ctx ctx;
    size_t i;
    pintas_sha256((const uint8_t *)"abc", 3, out);
    CHECK(same_hex(out, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    pintas_sha256(NULL, 0, out);
    CHECK(same_hex(out, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"));
    pintas_sha256((const uint8_t *)two_blocks, strlen(two_blocks), out);
    CHECK(same_hex(out, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    /* the same, streamed a byte at a time */
    pintas_sha256_init(&ctx);
    for (i = 0; i < strlen(two_blocks); ++i)
        pintas_sha256_update(&ctx, (const uint8_t *)two_blocks + i, 1);
    pintas_sha256_final(&ctx, out);
    CHECK(same_hex(out, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"));
    /* a million 'a', in pieces of 1000 */
    memset(million, 'a', sizeof million);
    pintas_sha256_init(&ctx);
    for (i = 0; i < 1000; ++i)
        pintas_sha256_update(&ctx, million, sizeof million);
    pintas_sha256_final(&ctx, out);
    CHECK(same_hex(out, "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0"));
}

static void test_hmac(void)
{
    static const struct {
        const char *key, *data, *mac; /* hex */
    } rfc4231[] = {
        {"0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "4869205468657265",
         "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"},
        {"4a656665", "7768617420646f2079612077616e7420666f72206e6f7468696e673f",
         "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"},
        {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
         "dddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddddd"
         "dddddddddddddddddd",
         "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"},
        {"0102030405060708090a0b0c0d0e0f10111213141516171819",
         "cdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd"
         "cdcdcdcdcdcdcdcdcd",
         "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"},
        {NULL, "54657374205573696e67204c6172676572205468616e20426c6f636b2d53697a65204b6579202d"
               "2048617368204b6579204669727374",
         "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"},
        {NULL, "5468697320697320612074657374207573696e672061206c6172676572207468616e20626c6f63"
               "6b2d73697a65206b657920616e642061206c6172676572207468616e20626c6f636b2d73697a65"
               "20646174612e20546865206b6579206e6565647320746f20626520686173686564206265666f72"
               "65206265696e6720757365642062792074686520616c676f726974686d2e",
         "9a3f8e7ae8dcf1c31b00de0e6244594c68b5446adf6e5cef516510e59732a357"},
    };
    uint8_t key[131], data[200], out[32];
    pintas_hmac_sha256_ctx ctx;
    size_t i, k, d;
    for (i = 0; i < sizeof rfc4231 / sizeof rfc4231[0]; ++i) {
        if (rfc4231[i].key) {
            k = unhex(rfc4231[i].key, key);
        } else { /* test cases 6 and 7: 131 bytes of 0xaa */
            memset(key, 0xaa, sizeof key);
            k = sizeof key;
        }
        d = unhex(rfc4231[i].data, data);
        pintas_hmac_sha256(key, k, data, d, out);
        CHECK(same_hex(out, rfc4231[i].mac));
        pintas_hmac_sha256_init(&ctx, key, k); /* streamed in two parts */
        pintas_hmac_sha256_update(&ctx, data, d / 2);
        pintas_hmac_sha256_update(&ctx, data + d / 2, d - d / 2);
        pintas_hmac_sha256_final(&ctx, out);
        CHECK(same_hex(out, rfc4231[i].mac));
    }
    CHECK(pintas_equal_ct(out, out, sizeof out));
    memcpy(data, out, sizeof out);
    data[31] ^= 1;
    CHECK(!pintas_equal_ct(out, data, sizeof out));
    CHECK(pintas_equal_ct(out, data, 0));
}

static void test_mt(void)
{
    pintas_mt mt;
    int s, b, i;
    for (s = 0; s < GOLDEN_MT_SEEDS; ++s) {
        pintas_mt_seed(&mt, golden_mt_seeds[s]);
        for (i = 0; i < GOLDEN_MT_DRAWS; ++i)
            CHECK_EQ(pintas_mt_next(&mt), golden_mt_bits[s][i]);
        pintas_mt_seed(&mt, golden_mt_seeds[s]);
        for (b = 0; b < GOLDEN_MT_BOUNDS; ++b)
            for (i = 0; i < GOLDEN_MT_DRAWS; ++i)
                CHECK_EQ(pintas_mt_below(&mt, golden_mt_bounds[b]), golden_mt_below[s][b][i]);
    }
}

int main(void)
{
    test_blake2b();
    test_sha256();
    test_hmac();
    test_mt();
    return check_summary();
}

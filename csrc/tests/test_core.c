/* test_core.c - rng.c, tiles.c and common.c against reference values, plus
 * the inline PCG32 of rng_internal.h (what the engines call) against the
 * exported functions. */
#include <string.h>

#include "check.h"
#include "pintas/pintas.h"
#include "../rng_internal.h"

static void test_pcg32_reference(void)
{
    /* O'Neill's pcg32-demo: pcg32_srandom_r(&rng, 42u, 54u). */
    static const uint32_t expected[6] = {0xa15c02b7u, 0x7b47f409u, 0xba1d3330u,
                                         0x83d2f293u, 0xbfa4784bu, 0xcbed606eu};
    pintas_rng rng;
    int i;
    pintas_rng_seed(&rng, 42u, 54u);
    CHECK(pintas_rng_is_valid(&rng));
    for (i = 0; i < 6; ++i)
        CHECK_EQ(pintas_rng_next(&rng), expected[i]);
}

static void test_rng_below(void)
{
    pintas_rng rng, before;
    unsigned counts[3] = {0, 0, 0};
    uint32_t b;
    int i;
    /* below(10) from the reference stream: floor(x * 10 / 2^32) of the
     * outputs above, none of which is rejected. */
    pintas_rng_seed(&rng, 42u, 54u);
    CHECK_EQ(pintas_rng_below(&rng, 10), 6);
    CHECK_EQ(pintas_rng_below(&rng, 10), 4);
    CHECK_EQ(pintas_rng_below(&rng, 10), 7);
    /* bound 0 gives 0 and draws nothing; bound 1 gives 0 */
    before = rng;
    CHECK_EQ(pintas_rng_below(&rng, 0), 0);
    CHECK(memcmp(&before, &rng, sizeof rng) == 0);
    CHECK_EQ(pintas_rng_below(&rng, 1), 0);
    /* always in range, roughly uniform */
    pintas_rng_seed(&rng, 7u, PINTAS_RNG_STREAM);
    for (b = 1; b < 200; ++b)
        for (i = 0; i < 50; ++i)
            if (pintas_rng_below(&rng, b) >= b)
                CHECK(0);
    for (i = 0; i < 30000; ++i)
        counts[pintas_rng_below(&rng, 3)]++;
    for (i = 0; i < 3; ++i)
        CHECK(counts[i] > 9500 && counts[i] < 10500);
    /* a huge bound exercises the rejection loop */
    for (i = 0; i < 1000; ++i)
        CHECK(pintas_rng_below(&rng, 0xFFFFFFF0u) < 0xFFFFFFF0u);
}

static void test_rng_shuffle(void)
{
    pintas_rng a, b;
    uint8_t x[28], y[28];
    unsigned seen = 0;
    size_t i, n;
    int seed;
    /* Fisher-Yates from the last index down with j = below(i + 1) */
    pintas_rng_seed(&a, 99u, PINTAS_RNG_STREAM);
    b = a;
    for (i = 0; i < 28; ++i)
        x[i] = y[i] = (uint8_t)i;
    pintas_rng_shuffle(&a, x, 28);
    for (i = 27; i > 0; --i) {
        size_t j = pintas_rng_below(&b, (uint32_t)(i + 1));
        uint8_t t = y[i];
        y[i] = y[j];
        y[j] = t;
    }
    CHECK(memcmp(x, y, 28) == 0);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    for (i = 0; i < 28; ++i)
        seen |= 1u << x[i];
    CHECK_EQ(seen, (1u << 28) - 1u);
    /* n < 2 draws nothing */
    b = a;
    pintas_rng_shuffle(&a, x, 1);
    pintas_rng_shuffle(&a, x, 0);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    /* the engines' inline calls draw exactly what the exported ones draw */
    for (seed = 0; seed < 300; ++seed) {
        pintas_rng_seed(&a, (uint64_t)seed * 7919u, PINTAS_RNG_STREAM);
        b = a;
        n = (size_t)(seed % 29);
        for (i = 0; i < 28; ++i)
            x[i] = y[i] = (uint8_t)i;
        pintas_rng_shuffle(&a, x, n);
        pintas__rng_shuffle(&b, y, n);
        CHECK(memcmp(x, y, 28) == 0);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK_EQ(pintas_rng_next(&a), pintas__rng_next(&b));
        CHECK_EQ(pintas_rng_below(&a, (uint32_t)seed), pintas__rng_below(&b, (uint32_t)seed));
        CHECK_EQ(pintas_rng_below(&a, 0xFFFFFFF7u), pintas__rng_below(&b, 0xFFFFFFF7u));
    }
}

static void test_rng_seeding(void)
{
    pintas_rng a, b;
    pintas_rng_seed(&a, 1u, PINTAS_RNG_STREAM);
    pintas_rng_seed(&b, 1u, PINTAS_RNG_STREAM);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    CHECK_EQ(a.inc, (PINTAS_RNG_STREAM << 1) | 1u);
    pintas_rng_seed(&b, 2u, PINTAS_RNG_STREAM);
    CHECK(a.state != b.state);
    b.inc = 2;
    CHECK(!pintas_rng_is_valid(&b));
    CHECK(!pintas_rng_is_valid(NULL));
}

static void test_tiles(void)
{
    unsigned a, b, t, n;
    pintas_mask m;
    for (a = 0; a <= 6; ++a)
        for (b = 0; b <= a; ++b) {
            t = a * (a + 1) / 2 + b;
            CHECK_EQ(PINTAS_TILE(a, b), t);
            CHECK_EQ(PINTAS_TILE(b, a), t);
            CHECK_EQ(pintas_tile_high((uint8_t)t), a);
            CHECK_EQ(pintas_tile_low((uint8_t)t), b);
            CHECK_EQ(pintas_tile_pips((uint8_t)t), a + b);
            CHECK_EQ((PINTAS_DOUBLES_MASK >> t) & 1u, a == b);
        }
    CHECK_EQ(pintas_tile_high(28), 0xFF);
    CHECK_EQ(pintas_tile_low(PINTAS_NO_TILE), 0xFF);
    CHECK_EQ(pintas_tile_pips(200), 0xFF);
    CHECK_EQ(pintas_popcount(PINTAS_DOUBLES_MASK), 7);
    for (n = 0; n <= 6; ++n) {
        m = pintas_suit_mask((uint8_t)n);
        CHECK_EQ(pintas_popcount(m), 7);
        for (t = 0; t < 28; ++t)
            CHECK_EQ((m >> t) & 1u,
                     pintas_tile_high((uint8_t)t) == n || pintas_tile_low((uint8_t)t) == n);
    }
    CHECK_EQ(pintas_suit_mask(7), 0);
    CHECK_EQ(pintas_mask_pips(PINTAS_ALL_TILES), 168);
    CHECK_EQ(pintas_mask_pips(PINTAS_ALL_TILES | (UINT32_C(1) << 30)), 168);
    CHECK_EQ(pintas_mask_pips(0), 0);
    CHECK_EQ(pintas_mask_pips(PINTAS_BIT(PINTAS_TILE(6, 6)) | PINTAS_BIT(PINTAS_TILE(3, 1))), 16);
}

static void test_bits(void)
{
    pintas_rng rng;
    int i;
    CHECK_EQ(sizeof(pintas_mask), 4); /* 28 tiles: one machine word on 32-bit targets */
    CHECK_EQ(pintas_lowest_bit(0), 64);
    CHECK_EQ(pintas_popcount(0), 0);
    CHECK_EQ(pintas_popcount(~UINT32_C(0)), 32);
    CHECK_EQ(pintas_lowest_bit(UINT32_C(1) << 31), 31);
    pintas_rng_seed(&rng, 5u, 6u);
    for (i = 0; i < 2000; ++i) {
        pintas_mask m = pintas_rng_next(&rng);
        unsigned naive = 0, low = 64, b;
        m >>= pintas_rng_below(&rng, 32);
        for (b = 0; b < 32; ++b)
            if ((m >> b) & 1u) {
                naive++;
                if (low == 64)
                    low = b;
            }
        CHECK_EQ(pintas_popcount(m), naive);
        CHECK_EQ(pintas_lowest_bit(m), low);
    }
}

static void test_heaviest(void)
{
    /* most pips; equal pips go to the higher high end: 6|3 beats 5|4 */
    CHECK_EQ(pintas_heaviest_tile(PINTAS_ALL_TILES), PINTAS_TILE(6, 6));
    CHECK_EQ(pintas_heaviest_tile(PINTAS_BIT(PINTAS_TILE(5, 4)) | PINTAS_BIT(PINTAS_TILE(6, 3))),
             PINTAS_TILE(6, 3));
    CHECK_EQ(pintas_heaviest_tile(PINTAS_BIT(PINTAS_TILE(6, 3)) | PINTAS_BIT(PINTAS_TILE(5, 4))),
             PINTAS_TILE(6, 3));
    CHECK_EQ(pintas_heaviest_tile(PINTAS_BIT(PINTAS_TILE(4, 4)) | PINTAS_BIT(PINTAS_TILE(5, 3)) |
                                  PINTAS_BIT(PINTAS_TILE(6, 1))),
             PINTAS_TILE(5, 3)); /* 8 pips each: the higher high end */
    CHECK_EQ(pintas_heaviest_tile(0), PINTAS_NO_TILE);
    CHECK_EQ(pintas_heaviest_tile(UINT32_C(1) << 30), PINTAS_NO_TILE);
}

static void test_status(void)
{
    int st;
    for (st = -8; st <= 0; ++st)
        CHECK(strcmp(pintas_status_str(st), "unknown status") != 0);
    CHECK(strcmp(pintas_status_str(-99), "unknown status") == 0);
    CHECK(strcmp(pintas_status_str(PINTAS_E_ILLEGAL), "illegal move") == 0);
    CHECK(strcmp(pintas_version(), "0.1.0") == 0);
}

int main(void)
{
    test_pcg32_reference();
    test_rng_below();
    test_rng_shuffle();
    test_rng_seeding();
    test_tiles();
    test_bits();
    test_heaviest();
    test_status();
    return check_summary();
}

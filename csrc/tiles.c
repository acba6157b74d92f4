/* tiles.c - tile indices, pips and suit masks of the double-six set. */
#include "pintas/tiles.h"

/* High end and low end of each tile index (index = hi*(hi+1)/2 + lo). */
static const uint8_t TILE_HIGH[PINTAS_TILE_COUNT] = {
    0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6};
static const uint8_t TILE_LOW[PINTAS_TILE_COUNT] = {
    0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6};

/* SUIT[n]: every tile with an end showing n (checked against the tables
 * above by the unit tests). */
static const pintas_mask SUIT[PINTAS_MAX_PIP + 1] = {
    UINT64_C(0x000000000020844b), /* 0: 0|0 1|0 2|0 3|0 4|0 5|0 6|0 */
    UINT64_C(0x0000000000410896), /* 1 */
    UINT64_C(0x0000000000821138), /* 2 */
    UINT64_C(0x00000000010423c0), /* 3 */
    UINT64_C(0x0000000002087c00), /* 4 */
    UINT64_C(0x00000000041f8000), /* 5 */
    UINT64_C(0x000000000fe00000), /* 6 */
};

uint8_t pintas_tile_high(uint8_t tile)
{
    return tile < PINTAS_TILE_COUNT ? TILE_HIGH[tile] : 0xFF;
}

uint8_t pintas_tile_low(uint8_t tile)
{
    return tile < PINTAS_TILE_COUNT ? TILE_LOW[tile] : 0xFF;
}

uint8_t pintas_tile_pips(uint8_t tile)
{
    return tile < PINTAS_TILE_COUNT ? (uint8_t)(TILE_HIGH[tile] + TILE_LOW[tile]) : 0xFF;
}

/* SWAR popcount and a de Bruijn lowest-bit: no compiler builtins, so a
 * freestanding build needs no helper library. */
unsigned pintas_popcount(pintas_mask mask)
{
    mask = mask - ((mask >> 1) & UINT64_C(0x5555555555555555));
    mask = (mask & UINT64_C(0x3333333333333333)) + ((mask >> 2) & UINT64_C(0x3333333333333333));
    mask = (mask + (mask >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (unsigned)((mask * UINT64_C(0x0101010101010101)) >> 56);
}

static const uint8_t DEBRUIJN_INDEX[64] = {
    0,  1,  48, 2,  57, 49, 28, 3,  61, 58, 50, 42, 38, 29, 17, 4,
    62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
    63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
    46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9,  13, 8,  7,  6};

unsigned pintas_lowest_bit(pintas_mask mask)
{
    if (!mask)
        return 64;
    return DEBRUIJN_INDEX[((mask & (0 - mask)) * UINT64_C(0x03f79d71b4cb0a89)) >> 58];
}

unsigned pintas_mask_pips(pintas_mask mask)
{
    unsigned total = 0;
    mask &= PINTAS_ALL_TILES;
    while (mask) {
        unsigned t = pintas_lowest_bit(mask);
        total += (unsigned)TILE_HIGH[t] + TILE_LOW[t];
        mask &= mask - 1;
    }
    return total;
}

pintas_mask pintas_suit_mask(uint8_t n)
{
    return n <= PINTAS_MAX_PIP ? SUIT[n] : 0;
}

uint8_t pintas_heaviest_tile(pintas_mask mask)
{
    /* Indices grow with the high end, so among equal pips the higher index
     * has the higher high end: scan up and keep the last best. */
    uint8_t best = PINTAS_NO_TILE;
    unsigned best_pips = 0;
    mask &= PINTAS_ALL_TILES;
    while (mask) {
        uint8_t t = (uint8_t)pintas_lowest_bit(mask);
        unsigned p = (unsigned)TILE_HIGH[t] + TILE_LOW[t];
        if (best == PINTAS_NO_TILE || p >= best_pips) {
            best = t;
            best_pips = p;
        }
        mask &= mask - 1;
    }
    return best;
}

/* tiles.c - tile indices, pips and suit masks of the double-six set, on the
 * tables and helpers of tiles_internal.h. */
#include "tiles_internal.h"

uint8_t pintas_tile_high(uint8_t tile)
{
    return tile < PINTAS_TILE_COUNT ? (uint8_t)pintas__tile_hi(tile) : 0xFF;
}

uint8_t pintas_tile_low(uint8_t tile)
{
    return tile < PINTAS_TILE_COUNT ? (uint8_t)pintas__tile_lo(tile) : 0xFF;
}

uint8_t pintas_tile_pips(uint8_t tile)
{
    return tile < PINTAS_TILE_COUNT ? (uint8_t)pintas__tile_pips(tile) : 0xFF;
}

unsigned pintas_popcount(pintas_mask mask)
{
    return pintas__popcount(mask);
}

unsigned pintas_lowest_bit(pintas_mask mask)
{
    return mask ? pintas__lowest_bit(mask) : 64;
}

unsigned pintas_mask_pips(pintas_mask mask)
{
    return pintas__mask_pips(mask);
}

pintas_mask pintas_suit_mask(uint8_t n)
{
    return n <= PINTAS_MAX_PIP ? pintas__suit(n) : 0;
}

uint8_t pintas_heaviest_tile(pintas_mask mask)
{
    uint8_t best = PINTAS_NO_TILE;
    for (mask &= PINTAS_ALL_TILES; mask; mask &= mask - 1) {
        unsigned t = pintas__lowest_bit(mask);
        if (best == PINTAS_NO_TILE || pintas__tile_weight(t) > pintas__tile_weight(best))
            best = (uint8_t)t;
    }
    return best;
}

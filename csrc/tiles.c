/* tiles.c - tile indices, pips and suit masks of the double-six set, on the
 * tables and helpers of tiles_internal.h, and the checks of tile lists that
 * the games' deals and loaders share. */
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

/* ---- checks of caller-given tile lists ------------------------------------ */

int pintas__add_tile_list(const uint8_t *list, unsigned n, pintas_mask *seen)
{
    unsigned i;
    for (i = 0; i < n; ++i) {
        pintas_mask bit = pintas__tile_bit(list[i]);
        if (!bit || (*seen & bit))
            return 0;
        *seen |= bit;
    }
    return 1;
}

int pintas__tile_list_ok(const uint8_t *list, unsigned len, unsigned cap, pintas_mask *tiles)
{
    unsigned i;
    *tiles = 0;
    if (len > cap || !pintas__add_tile_list(list, len, tiles))
        return 0;
    for (i = len; i < cap; ++i)
        if (list[i] != PINTAS_NO_TILE)
            return 0;
    return 1;
}

int pintas__tiles_partition(const pintas_mask *parts, unsigned n)
{
    pintas_mask seen = 0;
    unsigned i;
    for (i = 0; i < n; ++i) {
        if (seen & parts[i])
            return 0;
        seen |= parts[i];
    }
    return seen == PINTAS_ALL_TILES;
}

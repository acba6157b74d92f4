/* pintas/tiles.h - domino tiles and tile sets as 32-bit masks.
 *
 * Tile a|b with a >= b has index a*(a+1)/2 + b: 0|0 = 0, 1|0 = 1, 1|1 = 2,
 * 2|0 = 3, ..., 6|6 = 27. The 28 tiles of the double-six set fit a 32-bit
 * word, so every mask operation is one machine instruction on 32-bit
 * microcontrollers too (a 64-bit shift by a variable amount is a library call
 * on a Cortex-M0+). Saves store masks as 64-bit fields, upper bits zero.
 */
#ifndef PINTAS_TILES_H
#define PINTAS_TILES_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define PINTAS_MAX_PIP 6
#define PINTAS_TILE_COUNT 28
#define PINTAS_NO_TILE 0xFF
#define PINTAS_ALL_TILES ((UINT32_C(1) << PINTAS_TILE_COUNT) - 1)

typedef uint32_t pintas_mask;

/* Index of tile a|b (either order). Both ends must be 0..PINTAS_MAX_PIP. */
#define PINTAS_TILE(a, b) ((a) >= (b) ? (a) * ((a) + 1) / 2 + (b) : (b) * ((b) + 1) / 2 + (a))
#define PINTAS_BIT(tile) (UINT32_C(1) << (tile))

/* The high and low ends of a tile index below PINTAS_TILE_COUNT;
 * PINTAS_NO_TILE or larger gives 0xFF. */
uint8_t pintas_tile_high(uint8_t tile);
uint8_t pintas_tile_low(uint8_t tile);

/* Pips of one tile (0xFF for an invalid index) and of a whole mask
 * (bits above the set are ignored). */
uint8_t pintas_tile_pips(uint8_t tile);
unsigned pintas_mask_pips(pintas_mask mask);

/* The mask of tiles that show number n on either end (0 for n > 6). */
pintas_mask pintas_suit_mask(uint8_t n);

/* Mask of the seven doubles. */
#define PINTAS_DOUBLES_MASK                                                             \
    (PINTAS_BIT(0) | PINTAS_BIT(2) | PINTAS_BIT(5) | PINTAS_BIT(9) | PINTAS_BIT(14) |   \
     PINTAS_BIT(20) | PINTAS_BIT(27))

/* Number of set bits, and the index of the lowest set bit (64 for 0). */
unsigned pintas_popcount(pintas_mask mask);
unsigned pintas_lowest_bit(pintas_mask mask);

/* The heaviest tile of a non-empty mask: most pips, ties to the higher high end;
 * PINTAS_NO_TILE for an empty mask. */
uint8_t pintas_heaviest_tile(pintas_mask mask);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_TILES_H */

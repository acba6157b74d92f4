/* line_tiles.h - where the tiles of a line-game state are, for the C tests
 * of the line games. */
#ifndef PINTAS_TEST_LINE_TILES_H
#define PINTAS_TEST_LINE_TILES_H

#include "pintas/line.h"
#include "../line_internal.h"

/* The tiles placed on the line. */
static inline pintas_mask line_tiles(const pintas_line_state *s)
{
    pintas_mask m = 0;
    unsigned i;
    for (i = 0; i < s->line_len && i < PINTAS_TILE_COUNT; ++i)
        m |= PINTAS_BIT(s->line[i] & 0x7Fu);
    return m;
}

/* The boneyard's tiles still to draw. */
static inline pintas_mask boneyard_left(const pintas_line_state *s)
{
    pintas_mask m = 0;
    unsigned i;
    for (i = s->bone_pos; i < s->bone_len && i < PINTAS_TILE_COUNT; ++i)
        m |= PINTAS_BIT(s->boneyard[i]);
    return m;
}

/* Every tile in exactly one place (the loader's check, on the places read
 * here). */
static inline int tiles_conserved(const pintas_line_state *s)
{
    return pintas__line_tiles_conserved(s, boneyard_left(s), line_tiles(s));
}

#endif /* PINTAS_TEST_LINE_TILES_H */

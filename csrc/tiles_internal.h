/* tiles_internal.h - the tables of the double-six set and the mask helpers
 * as static inline functions; not public API.
 *
 * tiles.c builds the exported tile functions on these, and the engines call
 * them directly: their move loops look up every tile they touch, and a call
 * into tiles.c per lookup (the library is built with -fPIC, so the exported
 * functions may not be inlined) would cost more than the lookup itself. No
 * compiler builtins either, so a freestanding build needs no helper library.
 */
#ifndef PINTAS_TILES_INTERNAL_H
#define PINTAS_TILES_INTERNAL_H

#include "pintas/tiles.h"
#include "rng_internal.h"

/* High and low end of each tile (index = hi*(hi+1)/2 + lo), padded to 32 so
 * that an index masked with 31 reads inside the table: a state scribbled on
 * by the caller must not make the engine read out of bounds. */
static const uint8_t PINTAS__TILE_HI[32] = {0, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5,
                                            5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0};
static const uint8_t PINTAS__TILE_LO[32] = {0, 0, 1, 0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 4, 0,
                                            1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 0, 0, 0, 0};

/* SUIT[n]: every tile with an end showing n (checked against the tables
 * above by the unit tests); row 7 is empty so that any 3-bit number indexes
 * safely. */
static const pintas_mask PINTAS__SUIT[8] = {
    UINT32_C(0x0020844b), /* 0: 0|0 1|0 2|0 3|0 4|0 5|0 6|0 */
    UINT32_C(0x00410896), /* 1 */
    UINT32_C(0x00821138), /* 2 */
    UINT32_C(0x010423c0), /* 3 */
    UINT32_C(0x02087c00), /* 4 */
    UINT32_C(0x041f8000), /* 5 */
    UINT32_C(0x0fe00000), /* 6 */
    0,
};

/* Bit i of a mask that has only bit i set, multiplied by the de Bruijn
 * sequence 0x077CB531, gives a distinct top five bits: this table maps them
 * back to i. */
static const uint8_t PINTAS__DEBRUIJN[32] = {
    0,  1,  28, 2,  29, 14, 24, 3,  30, 22, 20, 15, 25, 17, 4,  8,
    31, 27, 13, 23, 21, 19, 16, 7,  26, 12, 18, 6,  11, 5,  10, 9};

static inline unsigned pintas__tile_hi(unsigned t)
{
    return PINTAS__TILE_HI[t & 31u];
}

static inline unsigned pintas__tile_lo(unsigned t)
{
    return PINTAS__TILE_LO[t & 31u];
}

static inline unsigned pintas__tile_pips(unsigned t)
{
    return pintas__tile_hi(t) + pintas__tile_lo(t);
}

/* The weight order of docs/rules.md as one number: more pips is heavier,
 * equal pips go to the higher high end (6|3 outweighs 5|4); no two tiles
 * weigh the same. */
static inline unsigned pintas__tile_weight(unsigned t)
{
    return pintas__tile_pips(t) * 8u + pintas__tile_hi(t);
}

static inline unsigned pintas__is_double(unsigned t)
{
    return (unsigned)((PINTAS_DOUBLES_MASK >> (t & 31u)) & 1u);
}

/* 1 if tile t (< 28) shows the number n at either end. */
static inline int pintas__tile_shows(unsigned t, unsigned n)
{
    return pintas__tile_hi(t) == n || pintas__tile_lo(t) == n;
}

/* The tiles showing n; nothing for 7 (n is masked to 3 bits). */
static inline pintas_mask pintas__suit(unsigned n)
{
    return PINTAS__SUIT[n & 7u];
}

/* A tile's bit; nothing for an index that is no tile (such as PINTAS_NO_TILE). */
static inline pintas_mask pintas__tile_bit(unsigned t)
{
    return t < PINTAS_TILE_COUNT ? PINTAS_BIT(t) : 0;
}

/* The index of the lowest set bit, by de Bruijn multiplication; m != 0. */
static inline unsigned pintas__lowest_bit(pintas_mask m)
{
    return PINTAS__DEBRUIJN[(uint32_t)((m & (0 - m)) * UINT32_C(0x077cb531)) >> 27];
}

/* SWAR population count. */
static inline unsigned pintas__popcount(pintas_mask m)
{
    m = m - ((m >> 1) & UINT32_C(0x55555555));
    m = (m & UINT32_C(0x33333333)) + ((m >> 2) & UINT32_C(0x33333333));
    m = (m + (m >> 4)) & UINT32_C(0x0f0f0f0f);
    return (unsigned)((uint32_t)(m * UINT32_C(0x01010101)) >> 24);
}

/* The tiles of set as a chance event's outcomes (a tile drawn uniformly):
 * their indices ascending in codes[], each with probability 1 / their count
 * (num[i] = 1, *den the count, 1 for none), their count in *n. The arrays
 * hold PINTAS_TILE_COUNT. */
static inline void pintas__tile_outcomes(pintas_mask set, uint16_t *codes, uint32_t *num,
                                         uint32_t *den, size_t *n)
{
    size_t k = 0;
    for (set &= PINTAS_ALL_TILES; set; set &= set - 1) {
        codes[k] = (uint16_t)pintas__lowest_bit(set);
        num[k++] = 1;
    }
    *den = k ? (uint32_t)k : 1u;
    *n = k;
}

/* What the chance calls every tile game shares (line.c, caminos.c) read of
 * its state: whether its chance fields can be trusted, whether a chance
 * event is pending, and that event's outcomes as a set of tiles (asked only
 * of a state usable, with an event pending). */
typedef struct pintas__tile_chance {
    int (*usable)(const void *s);
    int (*pending)(const void *s);
    pintas_mask (*set)(const void *s);
} pintas__tile_chance;

/* pintas_<game>_chance_pending: 1 if s is given and c finds an event
 * pending in it. */
static inline int pintas__tile_chance_pending(const pintas__tile_chance *c, const void *s)
{
    return s != NULL && c->pending(s);
}

/* pintas_<game>_chance_outcomes once its arguments are checked (`status`):
 * PINTAS_E_ARG for a state c cannot trust, else the pending event's
 * outcomes (none when none is pending) as pintas__tile_outcomes gives them. */
static inline int pintas__tile_chance_outcomes(const pintas__tile_chance *c, const void *s,
                                               int status, uint16_t *codes, uint32_t *num,
                                               uint32_t *den, size_t *n)
{
    if (status != PINTAS_OK)
        return status;
    if (!c->usable(s))
        return PINTAS_E_ARG;
    pintas__tile_outcomes(c->pending(s) ? c->set(s) : 0, codes, num, den, n);
    return PINTAS_OK;
}

/* The checks of giving outcome to a tile game's pending chance event, in the
 * documented order: PINTAS_E_ARG for a state c cannot trust,
 * PINTAS_E_NO_CHANCE when none is pending, PINTAS_E_OUTCOME for a tile not
 * among the event's outcomes; else PINTAS_OK. */
static inline int pintas__tile_chance_check(const pintas__tile_chance *c, const void *s,
                                            int outcome)
{
    if (!c->usable(s))
        return PINTAS_E_ARG;
    if (!c->pending(s))
        return PINTAS_E_NO_CHANCE;
    if (outcome < 0 || outcome >= PINTAS_TILE_COUNT || !(c->set(s) & PINTAS_BIT(outcome)))
        return PINTAS_E_OUTCOME;
    return PINTAS_OK;
}

/* The pips of the tiles in m (bits beyond the set ignored). */
static inline unsigned pintas__mask_pips(pintas_mask m)
{
    unsigned total = 0;
    for (m &= PINTAS_ALL_TILES; m; m &= m - 1)
        total += pintas__tile_pips(pintas__lowest_bit(m));
    return total;
}

/* The tiles of a list of n tile indices, every one a tile (a deal's order,
 * a checked list). */
static inline pintas_mask pintas__tiles_mask(const uint8_t *tiles, unsigned n)
{
    pintas_mask m = 0;
    unsigned i;
    for (i = 0; i < n; ++i)
        m |= PINTAS_BIT(tiles[i]);
    return m;
}

/* The 28 tiles in a fresh random order: one Fisher-Yates shuffle of 0..27,
 * what every deal and every tie-break draw starts from. */
static inline void pintas__shuffled_tiles(pintas_rng *rng, uint8_t order[PINTAS_TILE_COUNT])
{
    unsigned i;
    for (i = 0; i < PINTAS_TILE_COUNT; ++i)
        order[i] = (uint8_t)i;
    pintas__rng_shuffle(rng, order, PINTAS_TILE_COUNT);
}

/* ---- checks of caller-given tile lists (in tiles.c) ---------------------- */

/* Adds the n tiles of list to *seen; 0 if one is no tile or is in *seen
 * already. */
int pintas__add_tile_list(const uint8_t *list, unsigned n, pintas_mask *seen);

/* A list as the engines store it: distinct tiles in list[0..len) (*tiles
 * gets them), PINTAS_NO_TILE in list[len..cap). */
int pintas__tile_list_ok(const uint8_t *list, unsigned len, unsigned cap, pintas_mask *tiles);

/* 1 if the n parts are pairwise disjoint and together the whole set: every
 * tile in exactly one place. */
int pintas__tiles_partition(const pintas_mask *parts, unsigned n);

#endif /* PINTAS_TILES_INTERNAL_H */

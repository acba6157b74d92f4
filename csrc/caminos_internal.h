/* caminos_internal.h - helpers caminos.c shares with caminos_save.c,
 * caminos_search.c and caminos_view.c; not public API. */
#ifndef PINTAS_CAMINOS_INTERNAL_H
#define PINTAS_CAMINOS_INTERNAL_H

#include <string.h>

#include "pintas/caminos.h"
#include "tiles_internal.h"

/* The move of these fields (the engine's and the view's lists of legal
 * moves, the loader's draw). */
static inline pintas_caminos_move pintas__caminos_move(unsigned kind, unsigned tile,
                                                      unsigned path, unsigned side)
{
    pintas_caminos_move m;
    m.kind = (uint8_t)kind;
    m.tile = (uint8_t)tile;
    m.path = (uint8_t)path;
    m.side = (uint8_t)side;
    return m;
}

/* Seats 0..players-1 as bits. */
static inline unsigned pintas__caminos_all_seats(const pintas_caminos_rules *r)
{
    return (1u << r->players) - 1u;
}

/* A path slot as the engine clears it: centre and tiles PINTAS_NO_TILE, the
 * rest 0. */
static inline void pintas__caminos_clear_path(pintas_caminos_path *p)
{
    memset(p, PINTAS_NO_TILE, sizeof *p);
    p->len[0] = p->len[1] = 0;
    p->end[0] = p->end[1] = 0;
    p->reserved = 0;
}

/* The reveal's seats cleared: nothing revealed, chosen or shown. */
static inline void pintas__caminos_clear_reveal(pintas_caminos_state *s)
{
    unsigned i;
    for (i = 0; i < PINTAS_CAMINOS_MAX_SEATS; ++i) {
        s->revealed[i] = 0;
        s->choice[i] = PINTAS_NO_TILE;
        s->shown[i] = PINTAS_NO_TILE;
    }
}

/* The tiles on a path: its centre and the tiles of both sides. */
static inline pintas_mask pintas__caminos_path_tiles(const pintas_caminos_path *p)
{
    pintas_mask m = pintas__tile_bit(p->centre);
    unsigned side, j;
    for (side = 0; side < 2; ++side)
        for (j = 0; j < p->len[side] && j < PINTAS_CAMINOS_MAX_SIDE; ++j)
            m |= pintas__tile_bit(p->tile[side][j]);
    return m;
}

/* The highest score of the seats in play. */
static inline int32_t pintas__caminos_top_score(const pintas_caminos_state *s)
{
    int32_t best = INT32_MIN;
    unsigned seat;
    for (seat = 0; seat < s->rules.players; ++seat)
        if (s->score[seat] > best)
            best = s->score[seat];
    return best;
}

/* The seats with the highest score, as bits: the game's winners. */
static inline unsigned pintas__caminos_top_seats(const pintas_caminos_state *s)
{
    int32_t best = pintas__caminos_top_score(s);
    unsigned seat, seats = 0;
    for (seat = 0; seat < s->rules.players; ++seat)
        if (s->score[seat] == best)
            seats |= 1u << seat;
    return seats;
}

/* One path slot as the engine can hold it under rules r: empty (as
 * pintas__caminos_clear_path leaves it), or a centre whose sides are chains
 * of matching tiles, no longer than side_tiles, giving the stored ends.
 * *tiles gets the path's tiles (0 if one is there twice), *full whether both
 * sides are full, *empty whether the slot is empty. Whether the rules allow
 * a full or an empty slot is the caller's to check. In caminos_save.c. */
int pintas__caminos_path_ok(const pintas_caminos_rules *r, const pintas_caminos_path *p,
                            pintas_mask *tiles, int *full, int *empty);

/* pintas_caminos_play for the core's own loops (playouts, search): the same
 * checks and the same game, no event buffer; *kinds gets bit k for every
 * event of kind k the move caused. */
int pintas__caminos_play_quiet(pintas_caminos_state *s, const pintas_caminos_move *m,
                               unsigned *kinds);

/* pintas_caminos_play_chance with no event buffer (the loader's check of the
 * state a pending centre's outcome leaves: no 640-byte buffer on its stack). */
int pintas__caminos_play_chance_quiet(pintas_caminos_state *s, int outcome);

#endif /* PINTAS_CAMINOS_INTERNAL_H */

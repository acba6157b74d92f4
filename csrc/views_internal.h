/* views_internal.h - the checks the players share with the views (views.h,
 * players.h); not public API. */
#ifndef PINTAS_VIEWS_INTERNAL_H
#define PINTAS_VIEWS_INTERNAL_H

#include <string.h>

#include "pintas/hash.h"
#include "pintas/views.h"
#include "common_internal.h"

/* 1 if every field a player or the legal moves index by is in range: the
 * rules valid, the seat one of them, tiles, ends and sides inside the set.
 * In line_view.c, caminos_view.c and dice_view.c. */
int pintas__line_view_ok(const pintas_line_view *v);
int pintas__caminos_view_ok(const pintas_caminos_view *v);
int pintas__dice_view_ok(const pintas_dice_view *v);

/* PINTAS_OK if the view's seat is to move, PINTAS_E_OVER once the game is
 * over, else PINTAS_E_ILLEGAL (another seat is to move). */
int pintas__line_view_to_move(const pintas_line_view *v);
int pintas__caminos_view_to_move(const pintas_caminos_view *v);
int pintas__dice_view_to_move(const pintas_dice_view *v);

/* The legal keeps under *r of the roll roll_values[0..roll_len) with `pool`
 * kept, sorted as the Python binding lists them (most points, fewer dice,
 * the dice), into ks[0..*n) (room for PINTAS_DICE_MAX_KEEPS). A status of
 * pintas_dice_keeps_rules, or PINTAS_E_ARG for a roll and pool of more than
 * six dice. In dice_view.c. */
int pintas__dice_sorted_keeps(const pintas_dice_rules *r, const uint8_t *roll_values,
                              size_t roll_len, pintas_dice_set pool, pintas_dice_keep *ks,
                              size_t *n);

/* The score of a SuitPlayer's move as Python compares its (value, pips,
 * high) tuples: the value, then the tile's weight (pintas__tile_weight
 * orders as (pips, high)). */
typedef struct pintas__suit_key {
    double value;
    unsigned weight;
} pintas__suit_key;

/* 1 if a is greater than b: the first of equal keys keeps its place, as the
 * first of a stable sort from best to worst. */
static inline int pintas__suit_key_beats(const pintas__suit_key *a, const pintas__suit_key *b)
{
    return a->value > b->value || (a->value == b->value && a->weight > b->weight);
}

/* Move moves[from] (each move `size` bytes, at most 8) to moves[to], to <=
 * from, the moves between shifting up one place: a step of the suit players'
 * rankings, a selection sort that keeps equal moves in their order (no
 * array of scores on the stack). */
static inline void pintas__move_to(void *moves, size_t size, size_t from, size_t to)
{
    uint8_t *m = (uint8_t *)moves, held[8];
    size_t i;
    memcpy(held, m + from * size, size);
    for (i = from; i > to; --i) /* no memmove: the core takes memcpy and memset only */
        memcpy(m + i * size, m + (i - 1) * size, size);
    memcpy(m + to * size, held, size);
}

/* RandomPlayer once a game has listed the legal moves of the view to move
 * (st the status of that listing, which must give n >= 1 when PINTAS_OK):
 * one pintas_mt_below(mt, n) over moves[0..n), each `size` bytes, the move
 * drawn copied to *out. st when it is not PINTAS_OK. */
static inline int pintas__random_pick(int st, pintas_mt *mt, const void *moves, size_t size,
                                      size_t n, void *out)
{
    if (st != PINTAS_OK)
        return st;
    memcpy(out, (const uint8_t *)moves + size * pintas_mt_below(mt, (uint32_t)n), size);
    return PINTAS_OK;
}

#endif /* PINTAS_VIEWS_INTERNAL_H */

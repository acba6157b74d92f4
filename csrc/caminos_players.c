/* caminos_players.c - the random, greedy and suit players of Caminos
 * (players.h), choosing as pintas.caminos.players does: the same legal-move
 * order, the same scores in the same double arithmetic, the same ties. */
#include <string.h>

#include "pintas/players.h"
#include "caminos_internal.h"
#include "views_internal.h"

int pintas_caminos_suit_weights_default(pintas_caminos_suit_weights *w)
{
    if (w == NULL)
        return PINTAS_E_ARG;
    w->reach = 4.0;
    w->depth = 3.0;
    w->hardness = 2.0;
    w->double_bonus = 1.0;
    w->starve = 0.3;
    w->block = 2.0;
    return PINTAS_OK;
}

/* The legal moves of a view whose seat must be to move, for a choice into
 * *out. */
static int legal_to_choose(const pintas_caminos_view *v, const pintas_caminos_move *out,
                           pintas_caminos_move *moves, size_t *n)
{
    int st;
    if (out == NULL || v == NULL || !pintas__caminos_view_ok(v))
        return PINTAS_E_ARG;
    st = pintas__caminos_view_to_move(v);
    if (st != PINTAS_OK)
        return st;
    return pintas_caminos_view_legal(v, moves, PINTAS_CAMINOS_MAX_MOVES, n);
}

int pintas_caminos_random_choose(const pintas_caminos_view *v, pintas_mt *mt,
                                 pintas_caminos_move *out)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0;
    int st = mt == NULL ? PINTAS_E_ARG : legal_to_choose(v, out, moves, &n);
    return pintas__random_pick(st, mt, moves, sizeof moves[0], n, out);
}

/* Greedy's and Suit's choice in the reveal: when the legal moves are
 * reveals, 1 and *out the reveal of the heaviest tile; else 0. */
static int reveal_heaviest(const pintas_caminos_move *moves, size_t n, pintas_caminos_move *out)
{
    size_t i, best = 0;
    if (moves[0].kind != PINTAS_CAMINOS_REVEAL)
        return 0;
    for (i = 1; i < n; ++i)
        if (pintas__tile_weight(moves[i].tile) > pintas__tile_weight(moves[best].tile))
            best = i;
    *out = moves[best];
    return 1;
}

/* The open sides of the table: slot p's side s shows end[p][s] and takes
 * tiles while open has bit 2p + s. */
static unsigned open_sides(const pintas_caminos_info *k)
{
    unsigned p, side, open = 0;
    for (p = 0; p < k->rules.paths; ++p)
        for (side = 0; side < 2; ++side)
            if (k->path[p].centre < PINTAS_TILE_COUNT && k->path[p].len[side] < k->rules.side_tiles)
                open |= 1u << (2u * p + side);
    return open;
}

/* The numbers the open sides show after m, counted per number (Python's
 * open_after: the side m fills shows the tile's other end while it still
 * takes tiles; a renewed path's numbers are unknown and not counted). */
static void counts_after(const pintas_caminos_info *k, const pintas_caminos_move *m,
                         unsigned counts[7])
{
    unsigned p, side, open = open_sides(k);
    memset(counts, 0, 7 * sizeof counts[0]);
    for (p = 0; p < k->rules.paths; ++p)
        for (side = 0; side < 2; ++side) {
            unsigned number = k->path[p].end[side];
            if (!(open >> (2u * p + side) & 1u))
                continue;
            if (p != m->path || side != m->side)
                ++counts[number];
            else if (k->path[p].len[side] + 1u < k->rules.side_tiles)
                ++counts[pintas__tile_pips(m->tile) - number];
        }
}

/* The numbers some open side shows after m (bit n). Greedy's _after also
 * shows nothing on a path the move fills, whose sides are then both full:
 * counts_after counts neither already. */
static unsigned shown_after(const pintas_caminos_info *k, const pintas_caminos_move *m)
{
    unsigned counts[7], n, shown = 0;
    counts_after(k, m, counts);
    for (n = 0; n < 7; ++n)
        if (counts[n])
            shown |= 1u << n;
    return shown;
}

static unsigned tiles_showing(pintas_mask tiles, unsigned numbers)
{
    unsigned n;
    pintas_mask fit = 0;
    for (n = 0; n < 7; ++n)
        if (numbers >> n & 1u)
            fit |= pintas__suit(n);
    return pintas__popcount(tiles & fit);
}

/* Greedy's score of a placement as one number in Python's tuple order:
 * tiles placeable next turn, filling the path, a double, then the weight. */
static uint32_t greedy_score(const pintas_caminos_info *k, const pintas_caminos_move *m)
{
    const pintas_caminos_path *path = &k->path[m->path];
    unsigned free = 2u * k->rules.side_tiles - path->len[0] - path->len[1];
    pintas_mask rest = k->hand & ~PINTAS_BIT(m->tile);
    unsigned playable = tiles_showing(rest, shown_after(k, m));
    return (uint32_t)playable << 16 | (uint32_t)(free == 1u) << 8 |
           (uint32_t)pintas__is_double(m->tile) << 7 | pintas__tile_weight(m->tile);
}

int pintas_caminos_greedy_choose(const pintas_caminos_view *v, pintas_caminos_move *out)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0, i, best = 0;
    uint32_t best_score = 0;
    int st = legal_to_choose(v, out, moves, &n);
    if (st != PINTAS_OK || reveal_heaviest(moves, n, out))
        return st;
    for (i = 0; moves[0].kind == PINTAS_CAMINOS_PLACE && i < n; ++i) {
        uint32_t score = greedy_score(&v->info, &moves[i]);
        if (i == 0 || score > best_score) {
            best = i;
            best_score = score;
        }
    }
    *out = moves[best];
    return PINTAS_OK;
}

/* What SuitPlayer reads once per decision (Python's _Table). */
typedef struct suit_table {
    const pintas_caminos_view *v;
    const pintas_caminos_suit_weights *w;
    uint8_t lacks[PINTAS_CAMINOS_MAX_SEATS];
    unsigned now[7]; /* open sides showing each number now */
} suit_table;

static void suit_table_init(suit_table *tb, const pintas_caminos_view *v,
                            const pintas_caminos_suit_weights *w)
{
    const pintas_caminos_info *k = &v->info;
    unsigned p, side, open = open_sides(k);
    memset(tb, 0, sizeof *tb);
    tb->v = v;
    tb->w = w;
    pintas_caminos_view_lacks(v, tb->lacks);
    for (p = 0; p < k->rules.paths; ++p)
        for (side = 0; side < 2; ++side)
            if (open >> (2u * p + side) & 1u)
                ++tb->now[k->path[p].end[side]];
}

/* Open sides after the move that the next seats are not known to lack, the
 * seat after the next counting half, and so on (only seats with a known
 * lack count). */
static double usable_by_next(const suit_table *tb, const unsigned counts[7])
{
    const pintas_caminos_info *k = &tb->v->info;
    unsigned distance, n, players = k->rules.players;
    double total = 0.0;
    for (distance = 0; distance + 1 < players; ++distance) {
        unsigned seat = (k->seat + 1u + distance) % players, usable = 0;
        unsigned lacks = tb->lacks[seat];
        if (!lacks)
            continue;
        for (n = 0; n < 7; ++n)
            if (!(lacks >> n & 1u))
                usable += counts[n];
        total += (double)usable / (double)(1u + distance);
    }
    return total;
}

/* 1 when the next seat is known to lack every number left open. */
static unsigned next_blocked(const suit_table *tb, const unsigned counts[7])
{
    const pintas_caminos_info *k = &tb->v->info;
    unsigned n, lacks = tb->lacks[(k->seat + 1u) % k->rules.players];
    if (!lacks)
        return 0;
    for (n = 0; n < 7; ++n)
        if (counts[n] && !(lacks >> n & 1u))
            return 0;
    return 1;
}

/* Python's _Table.score, operation for operation. */
static void suit_score(const suit_table *tb, const pintas_caminos_move *m, pintas__suit_key *key)
{
    const pintas_caminos_info *k = &tb->v->info;
    const pintas_caminos_suit_weights *w = tb->w;
    unsigned counts[7], reach = 0, depth = 0, fits_now = 0, n, t = m->tile;
    pintas_mask rest = k->hand & ~PINTAS_BIT(t);
    double value;
    counts_after(k, m, counts);
    for (; rest; rest &= rest - 1) {
        unsigned r = pintas__lowest_bit(rest), hi = pintas__tile_hi(r), lo = pintas__tile_lo(r);
        unsigned ways = counts[hi] + (lo != hi ? counts[lo] : 0u);
        reach += ways > 0;
        depth += ways > 1;
    }
    for (n = 0; n < 7; ++n)
        if (pintas__suit(n) & PINTAS_BIT(t))
            fits_now += tb->now[n];
    value = w->reach * (double)reach + w->depth * (double)depth -
            w->hardness * (double)fits_now + w->double_bonus * (double)pintas__is_double(t);
    value -= w->starve * usable_by_next(tb, counts) + w->block * (double)next_blocked(tb, counts);
    key->value = value;
    key->weight = pintas__tile_weight(t);
}

/* The suit player's table of *v with `weights` (NULL: the defaults, into
 * *own). */
static void suit_setup(suit_table *tb, const pintas_caminos_view *v,
                       const pintas_caminos_suit_weights *weights,
                       pintas_caminos_suit_weights *own)
{
    if (weights == NULL) {
        pintas_caminos_suit_weights_default(own);
        weights = own;
    }
    suit_table_init(tb, v, weights);
}

/* The index of the best-scored of moves[first..n): the first of the highest
 * scores. */
static size_t best_of(const suit_table *tb, const pintas_caminos_move *moves, size_t first,
                      size_t n)
{
    pintas__suit_key top, key;
    size_t i, best = first;
    suit_score(tb, &moves[first], &top);
    for (i = first + 1; i < n; ++i) {
        suit_score(tb, &moves[i], &key);
        if (pintas__suit_key_beats(&key, &top)) {
            top = key;
            best = i;
        }
    }
    return best;
}

int pintas_caminos_suit_rank(const pintas_caminos_view *v,
                             const pintas_caminos_suit_weights *weights,
                             pintas_caminos_move *moves, size_t n)
{
    pintas_caminos_suit_weights own;
    suit_table tb;
    size_t i;
    if (v == NULL || (moves == NULL && n) || n > PINTAS_CAMINOS_MAX_MOVES ||
        !pintas__caminos_view_ok(v))
        return PINTAS_E_ARG;
    for (i = 0; i < n; ++i)
        if (moves[i].kind != PINTAS_CAMINOS_PLACE || moves[i].tile >= PINTAS_TILE_COUNT ||
            moves[i].path >= v->info.rules.paths || moves[i].side > 1 ||
            v->info.path[moves[i].path].centre >= PINTAS_TILE_COUNT)
            return PINTAS_E_ARG;
    suit_setup(&tb, v, weights, &own);
    for (i = 0; i + 1 < n; ++i)
        pintas__move_to(moves, sizeof moves[0], best_of(&tb, moves, i, n), i);
    return PINTAS_OK;
}

int pintas_caminos_suit_choose(const pintas_caminos_view *v,
                               const pintas_caminos_suit_weights *weights,
                               pintas_caminos_move *out)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    pintas_caminos_suit_weights own;
    suit_table tb;
    size_t n = 0, best = 0;
    int st = legal_to_choose(v, out, moves, &n);
    if (st != PINTAS_OK || reveal_heaviest(moves, n, out))
        return st;
    if (moves[0].kind == PINTAS_CAMINOS_PLACE && n > 1) {
        suit_setup(&tb, v, weights, &own);
        best = best_of(&tb, moves, 0, n);
    }
    *out = moves[best];
    return PINTAS_OK;
}

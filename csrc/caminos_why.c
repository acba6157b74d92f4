/* caminos_why.c - why a Caminos move is not legal now: the causes the Python
 * layer names, in its order (pintas.caminos.Game._reason and
 * _placement_problem). */
#include "notation_internal.h"
#include "pintas/settings.h"
#include "tiles_internal.h"

/* Places a side of path p still takes. */
static unsigned free_on(const pintas_caminos_state *s, const pintas_caminos_path *p,
                        unsigned side)
{
    return p->len[side] < s->rules.side_tiles ? (unsigned)(s->rules.side_tiles - p->len[side]) : 0u;
}

/* Why tile cannot go on side (NONE: either) of the path in slot `slot`. */
static void path_problem(const pintas_caminos_state *s, unsigned slot, uint8_t tile,
                         uint8_t side, pintas_refusal *why)
{
    const pintas_caminos_path *p = &s->path[slot];
    unsigned k;
    if (p->centre >= PINTAS_TILE_COUNT) {
        why->cause = PINTAS_CAUSE_CAMINOS_GONE;
        return;
    }
    if (!free_on(s, p, 0) && !free_on(s, p, 1)) {
        why->cause = PINTAS_CAUSE_CAMINOS_CLOSED;
        return;
    }
    for (k = 0; k < 2; ++k)
        if ((side == PINTAS_NOTATION_NONE || side == k) && free_on(s, p, k))
            why->sides |= (uint8_t)(1u << k);
    why->numbers[0] = p->end[0];
    why->numbers[1] = p->end[1];
    why->cause = why->sides ? PINTAS_CAUSE_CAMINOS_NO_MATCH : PINTAS_CAUSE_CAMINOS_SIDE_FULL;
    for (k = 0; k < 2 && why->other == PINTAS_NOTATION_NONE; ++k) /* where it fits instead */
        if (k != side && free_on(s, p, k) && pintas__tile_shows(tile, p->end[k]))
            why->other = (uint8_t)k;
}

int pintas__caminos_placement(const pintas_caminos_state *s, uint8_t tile, uint8_t side,
                              uint32_t path, pintas_refusal *why)
{
    pintas__refuse_move(why, PINTAS_CAUSE_UNNAMED, PINTAS_NOTATION_CAMINOS, s->to_move);
    why->tile = tile;
    why->end = side;
    why->path = path;
    if (s->phase == PINTAS_CAMINOS_REVEALING)
        why->cause = PINTAS_CAUSE_CAMINOS_MUST_REVEAL;
    else if (!(s->hand[s->to_move & 3u] >> tile & 1u))
        why->cause = PINTAS_CAUSE_NOT_HELD;
    else if (path != 0 && path > s->rules.paths) {
        why->cause = PINTAS_CAUSE_CAMINOS_NO_PATH;
        why->count = s->rules.paths;
    } else if (path == 0)
        why->cause = side == PINTAS_NOTATION_NONE ? PINTAS_CAUSE_CAMINOS_NO_OPEN_SIDE
                                                  : PINTAS_CAUSE_CAMINOS_NO_SIDE;
    else
        path_problem(s, path - 1, tile, side, why);
    return PINTAS_E_ILLEGAL;
}

/* The tiles of the legal placements, for "you must place a tile". */
static pintas_mask legal_tiles(const pintas_caminos_state *s)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0, k;
    pintas_mask tiles = 0;
    if (pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) != PINTAS_OK)
        return 0;
    for (k = 0; k < n; ++k)
        if (moves[k].kind == PINTAS_CAMINOS_PLACE && moves[k].tile < PINTAS_TILE_COUNT)
            tiles |= PINTAS_BIT(moves[k].tile);
    return tiles;
}

/* A move that is not a placement, in the reveal or in play. */
static void other_problem(const pintas_caminos_state *s, const pintas_caminos_move *m,
                          pintas_refusal *why)
{
    why->tile = m->tile;
    if (s->phase == PINTAS_CAMINOS_REVEALING) {
        if (m->kind != PINTAS_CAMINOS_REVEAL)
            why->cause = PINTAS_CAUSE_CAMINOS_MUST_REVEAL;
        else if (m->tile >= PINTAS_TILE_COUNT)
            why->cause = PINTAS_CAUSE_UNNAMED;
        else if (!(s->hand[s->to_move & 3u] >> m->tile & 1u))
            why->cause = PINTAS_CAUSE_NOT_HELD;
        else
            why->cause = PINTAS_CAUSE_CAMINOS_REVEALED;
        return;
    }
    why->tiles = legal_tiles(s);
    if (m->kind == PINTAS_CAMINOS_REVEAL)
        why->cause = PINTAS_CAUSE_CAMINOS_UNDER_WAY;
    else if (why->tiles)
        why->cause = PINTAS_CAUSE_CAMINOS_MUST_PLACE;
    else if (m->kind == PINTAS_CAMINOS_PASS) {
        why->cause = PINTAS_CAUSE_CAMINOS_MUST_DRAW;
        why->count = s->pile_len;
    } else if (m->kind == PINTAS_CAMINOS_DRAW)
        why->cause = PINTAS_CAUSE_CAMINOS_EMPTY;
}

int pintas_caminos_why(const pintas_caminos_state *s, const pintas_caminos_move *m,
                       pintas_refusal *why)
{
    int status = s == NULL || m == NULL || why == NULL ? PINTAS_E_ARG : pintas_caminos_check(s, m);
    if (status == PINTAS_E_ARG)
        return status;
    pintas__refuse_checked(why, status, PINTAS_NOTATION_CAMINOS, s->to_move);
    if (status == PINTAS_E_ILLEGAL && m->kind == PINTAS_CAMINOS_PLACE &&
        m->tile < PINTAS_TILE_COUNT && m->side <= PINTAS_CAMINOS_BACK &&
        m->path < PINTAS_CAMINOS_MAX_PATHS)
        status = pintas__caminos_placement(s, m->tile, m->side, m->path + 1u, why);
    else if (status == PINTAS_E_ILLEGAL)
        other_problem(s, m, why);
    why->caminos_move = *m;
    return status;
}

/* ---- hand-made deals: pintas.caminos.Deal.check ---------------------------- */

int pintas_caminos_deal_why(const pintas_caminos_rules *r, const pintas_caminos_deal *d,
                            unsigned paths, unsigned hands, pintas_refusal *why)
{
    pintas_mask seen = 0;
    unsigned len, rest;
    if (r == NULL || d == NULL || why == NULL || pintas_caminos_rules_check(r) != PINTAS_OK)
        return PINTAS_E_ARG;
    pintas__deal_start(why, PINTAS_NOTATION_CAMINOS);
    if (paths != r->paths) {
        pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_CAMINOS_PATHS, r->paths, paths);
        return PINTAS_E_DEAL;
    }
    len = d->pile_len;
    rest = PINTAS_TILE_COUNT - paths - (unsigned)r->players * r->hand_size;
    if (pintas__deal_no_tile(d->path, paths, d->hand, PINTAS_CAMINOS_MAX_SEATS, why) ||
        pintas__deal_no_tile(d->pile, len, d->hand, 0, why) ||
        pintas__deal_list(d->path, paths, PINTAS_CAUSE_DEAL_TWICE, &seen, why) ||
        pintas__deal_hands(d->hand, PINTAS_CAMINOS_MAX_SEATS, r->players, hands, r->hand_size,
                           &seen, why) ||
        pintas__deal_list(d->pile, len, PINTAS_CAUSE_DEAL_CAMINOS_IN_PILE, &seen, why))
        return PINTAS_E_DEAL;
    if (len != rest) {
        why->tiles = PINTAS_ALL_TILES & ~seen; /* neither dealt nor in the pile */
        pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_CAMINOS_PILE, rest, len);
        return PINTAS_E_DEAL;
    }
    return PINTAS_OK;
}

int pintas_caminos_deal_refusal_text(const pintas_caminos_rules *r, const pintas_refusal *why,
                                     char *buf, size_t cap, size_t *n)
{
    if (r == NULL || pintas_caminos_rules_check(r) != PINTAS_OK)
        return PINTAS_E_ARG;
    return pintas__deal_refusal_text(PINTAS_FAMILY_CAMINOS, r, sizeof *r, why, buf, cap, n);
}

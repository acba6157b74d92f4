/* save_caminos.c - what Caminos writes in a save: its rules, its hand-made
 * deals and its moves by 16-bit code (docs/saves.md, "Caminos"). The
 * container is save.c's. */
#include <string.h>

#include "pintas/notation.h"
#include "pintas/hash.h"
#include "save_internal.h"
#include "tiles_internal.h"

/* Move codes: a placement is (tile * 8 + slot) * 2 + side (0..447), then a
 * reveal 448 + tile, then draw, then pass. */
#define CODE_REVEAL (PINTAS_TILE_COUNT * PINTAS_CAMINOS_MAX_PATHS * 2)
#define CODE_DRAW (CODE_REVEAL + PINTAS_TILE_COUNT)
#define CODE_PASS (CODE_DRAW + 1)

/* Rules: six bytes (players, paths, hand size, side tiles, variant, rounds). */
static int put_setup(pintas__sink *s, const pintas_save_setup *setup)
{
    const pintas_caminos_rules *r = &setup->rules.caminos;
    if (pintas_caminos_rules_check(r) != PINTAS_OK)
        return PINTAS_E_RULES;
    pintas__sink_u8(s, r->players);
    pintas__sink_u8(s, r->paths);
    pintas__sink_u8(s, r->hand_size);
    pintas__sink_u8(s, r->side_tiles);
    pintas__sink_u8(s, r->full_path);
    pintas__sink_u8(s, r->rounds);
    return PINTAS_OK;
}

static int same_rules(const pintas_caminos_rules *a, const pintas_caminos_rules *b)
{
    return a->players == b->players && a->paths == b->paths && a->hand_size == b->hand_size &&
           a->side_tiles == b->side_tiles && a->full_path == b->full_path &&
           a->rounds == b->rounds;
}

/* The Python package reads only the rules of a preset (with its own number
 * of rounds): one of the variants for these players must write these bytes. */
static int is_preset(const pintas_caminos_rules *r)
{
    pintas_caminos_rules p;
    int variant;
    for (variant = PINTAS_CAMINOS_BASE; variant <= PINTAS_CAMINOS_TWO_PATHS; ++variant) {
        if (pintas_caminos_rules_preset(&p, variant, r->players) != PINTAS_OK)
            continue;
        p.rounds = r->rounds;
        if (pintas_caminos_rules_check(&p) == PINTAS_OK && same_rules(&p, r))
            return 1;
    }
    return 0;
}

static int take_setup(pintas__cursor *c, pintas_save_setup *setup)
{
    pintas_caminos_rules *r = &setup->rules.caminos;
    const uint8_t *b;
    if (!pintas__take(c, 6, &b))
        return 0;
    memset(r, 0, sizeof *r);
    r->players = b[0];
    r->paths = b[1];
    r->hand_size = b[2];
    r->side_tiles = b[3];
    r->full_path = b[4];
    r->rounds = b[5];
    if (!is_preset(r))
        return pintas__save_refuse(c->err, PINTAS_SAVE_RULES);
    setup->players = r->players;
    return 1;
}

/* The limits after the rules: max_rounds, max_round_moves (any byte is valid). */
static void limits(const pintas_save_setup *setup, uint8_t out[PINTAS_SAVE_LIMITS_SIZE])
{
    out[0] = setup->rules.caminos.max_rounds;
    out[1] = setup->rules.caminos.max_round_moves;
}

static int set_limits(pintas_save_setup *setup, const uint8_t in[PINTAS_SAVE_LIMITS_SIZE])
{
    setup->rules.caminos.max_rounds = in[0];
    setup->rules.caminos.max_round_moves = in[1];
    return 1;
}

/* A deal: the paths' count and tiles, four hand masks, the pile's length and
 * its tiles in draw order. */
static void put_deal(pintas__sink *s, const pintas_save_setup *setup, const pintas_save_deal *d)
{
    unsigned paths = setup->rules.caminos.paths;
    if (paths > PINTAS_CAMINOS_MAX_PATHS)
        paths = PINTAS_CAMINOS_MAX_PATHS;
    pintas__sink_u8(s, paths);
    pintas__sink_put(s, d->caminos.path, paths);
    pintas__put_hands(s, d->caminos.hand);
    pintas__sink_u8(s, d->caminos.pile_len);
    pintas__sink_put(s, d->caminos.pile, d->caminos.pile_len);
}

/* Deal.check of the Python package (pintas_caminos_deal_why). */
static int deal_fits(const pintas_caminos_rules *r, const pintas_caminos_deal *d)
{
    pintas_refusal why;
    return pintas_caminos_deal_why(r, d, r->paths, r->players, &why) == PINTAS_OK;
}

static int take_deal(pintas__cursor *c, const pintas_save_setup *setup, pintas_save_deal *out)
{
    const pintas_caminos_rules *r = &setup->rules.caminos;
    pintas_caminos_deal *d = &out->caminos;
    const uint8_t *paths, *pile;
    uint32_t hand[4], wide = 0;
    unsigned n_paths, n_pile, i;
    if (!pintas__take_tiles(c, &n_paths, &paths) || !pintas__take_hands(c, hand) ||
        !pintas__take_tiles(c, &n_pile, &pile))
        return 0;
    for (i = 0; i < 4; ++i)
        wide |= (hand[i] >> PINTAS_TILE_COUNT) | (i >= r->players ? hand[i] : 0u);
    if (wide || !pintas__all_tiles(paths, n_paths) || !pintas__all_tiles(pile, n_pile))
        return pintas__save_refuse(c->err, PINTAS_SAVE_DEAL_TILE);
    if (!pintas__distinct(paths, n_paths) || !pintas__distinct(pile, n_pile))
        return pintas__save_refuse(c->err, PINTAS_SAVE_DEAL_TWICE);
    if (n_paths != r->paths)
        return pintas__save_refuse(c->err, PINTAS_SAVE_DEAL_RULES);
    memset(d, 0, sizeof *d);
    memset(d->path, PINTAS_NO_TILE, sizeof d->path);
    memcpy(d->path, paths, n_paths);
    for (i = 0; i < 4; ++i)
        d->hand[i] = hand[i];
    memcpy(d->pile, pile, n_pile); /* n_pile <= 28: distinct tiles */
    d->pile_len = (uint8_t)n_pile;
    if (!deal_fits(r, d))
        return pintas__save_refuse(c->err, PINTAS_SAVE_DEAL_RULES);
    return 1;
}

static int put_move(pintas__sink *s, const void *move)
{
    const pintas_caminos_move *m = (const pintas_caminos_move *)move;
    unsigned code;
    if (m->kind == PINTAS_CAMINOS_PLACE && m->tile < PINTAS_TILE_COUNT &&
        m->path < PINTAS_CAMINOS_MAX_PATHS && m->side <= 1)
        code = (m->tile * 8u + m->path) * 2u + m->side;
    else if (m->kind == PINTAS_CAMINOS_REVEAL && m->tile < PINTAS_TILE_COUNT)
        code = CODE_REVEAL + m->tile;
    else if (m->kind == PINTAS_CAMINOS_DRAW || m->kind == PINTAS_CAMINOS_PASS)
        code = m->kind == PINTAS_CAMINOS_DRAW ? CODE_DRAW : CODE_PASS;
    else
        return PINTAS_E_ARG;
    pintas__sink_u16(s, code);
    return PINTAS_OK;
}

static int take_move(pintas__cursor *c, unsigned tag, void *move)
{
    pintas_caminos_move *m = (pintas_caminos_move *)move;
    if (tag > CODE_PASS)
        return pintas__save_refuse(c->err, PINTAS_SAVE_ENTRY);
    memset(m, 0, sizeof *m);
    m->tile = PINTAS_NO_TILE;
    m->path = PINTAS_CAMINOS_NO_PATH;
    if (tag < CODE_REVEAL) {
        m->kind = PINTAS_CAMINOS_PLACE;
        m->tile = (uint8_t)(tag >> 4);
        m->path = (uint8_t)((tag >> 1) & 7u);
        m->side = (uint8_t)(tag & 1u);
    } else if (tag < CODE_DRAW) {
        m->kind = PINTAS_CAMINOS_REVEAL;
        m->tile = (uint8_t)(tag - CODE_REVEAL);
    } else {
        m->kind = tag == CODE_DRAW ? PINTAS_CAMINOS_DRAW : PINTAS_CAMINOS_PASS;
    }
    return 1;
}

static int start(void *state, const pintas_save_setup *setup, pintas_engine_events *events)
{
    return pintas__start_tile_game(&pintas_caminos_engine, state, setup, events);
}

static int external(const void *state)
{
    return ((const pintas_caminos_state *)state)->chance != 0;
}

const pintas_save_part pintas_save_caminos_part = {
    PINTAS_SAVE_CAMINOS, 2, 0xFFFE, 0xFFFD, &pintas_caminos_engine,
    put_setup, take_setup, limits, set_limits, put_deal, take_deal, put_move, take_move, start,
    0xFFFC, 1, external};

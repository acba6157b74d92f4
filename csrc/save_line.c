/* save_line.c - what a line game (Muggins, Capicua, Dominican) writes in a
 * save: its rules, its hand-made deals and its moves by code (docs/saves.md,
 * "Domino"). The container is save.c's. */
#include <string.h>

#include "pintas/notation.h"
#include "line_internal.h"
#include "save_internal.h"
#include "tiles_internal.h"

/* Move codes: a play is tile * 2 + end, then draw, then pass. */
#define CODE_DRAW (2 * PINTAS_TILE_COUNT)
#define CODE_PASS (CODE_DRAW + 1)

/* Rules: seven bytes (game, players, pairs, redeal doubles, block scoring,
 * tranque, capicua doubles), then five 16-bit values. */
static int put_setup(pintas__sink *s, const pintas_save_setup *setup)
{
    const pintas_line_rules *r = &setup->rules.line;
    if (pintas_line_rules_check(r) != PINTAS_OK)
        return PINTAS_E_RULES;
    pintas__sink_u8(s, r->game);
    pintas__sink_u8(s, r->players);
    pintas__sink_u8(s, r->pairs);
    pintas__sink_u8(s, r->redeal_doubles);
    pintas__sink_u8(s, r->block_scoring);
    pintas__sink_u8(s, r->tranque);
    pintas__sink_u8(s, r->capicua);
    pintas__sink_u16(s, r->target);
    pintas__sink_u16(s, r->pass_points);
    pintas__sink_u16(s, r->capicua_bonus);
    pintas__sink_u16(s, r->pase_corrido_bonus);
    pintas__sink_u16(s, r->pase_de_salida_bonus);
    return PINTAS_OK;
}

static int take_setup(pintas__cursor *c, pintas_save_setup *setup)
{
    pintas_line_rules *r = &setup->rules.line;
    const uint8_t *b, *w;
    unsigned v[5], i;
    /* Seven bytes, then the ten of the 16-bit values: two takes, as the
     * Python reader's (a cut save says where it ends alike). */
    if (!pintas__take(c, 7, &b) || !pintas__take(c, 10, &w))
        return 0;
    for (i = 0; i < 5; ++i)
        v[i] = w[2 * i] | (unsigned)w[2 * i + 1] << 8;
    memset(r, 0, sizeof *r);
    /* Any non-zero switch reads as on (and is written 1: canonicity refuses it). */
    r->game = b[0];
    r->players = b[1];
    r->pairs = b[2] != 0;
    r->redeal_doubles = b[3];
    r->block_scoring = b[4];
    r->tranque = b[5];
    r->capicua = b[6] != 0;
    r->target = (uint16_t)v[0];
    r->pass_points = (uint16_t)v[1];
    r->capicua_bonus = (uint16_t)v[2];
    r->pase_corrido_bonus = (uint16_t)v[3];
    r->pase_de_salida_bonus = (uint16_t)v[4];
    if (pintas_line_rules_check(r) != PINTAS_OK)
        return pintas__save_refuse(c->err, PINTAS_SAVE_RULES);
    setup->players = r->players;
    return 1;
}

/* The limits after the rules: max_rounds, then a zero byte (kept for a
 * later limit). */
static void limits(const pintas_save_setup *setup, uint8_t out[PINTAS_SAVE_LIMITS_SIZE])
{
    out[0] = setup->rules.line.max_rounds;
    out[1] = 0;
}

static int set_limits(pintas_save_setup *setup, const uint8_t in[PINTAS_SAVE_LIMITS_SIZE])
{
    if (in[1] != 0)
        return 0;
    setup->rules.line.max_rounds = in[0];
    return 1;
}

/* A deal: four hand masks, the boneyard's length and its tiles in draw order. */
static void put_deal(pintas__sink *s, const pintas_save_setup *setup, const pintas_save_deal *d)
{
    (void)setup;
    pintas__put_hands(s, d->line.hand);
    pintas__sink_u8(s, d->line.boneyard_len);
    pintas__sink_put(s, d->line.boneyard, d->line.boneyard_len);
}

/* Deal.check of the Python package (pintas_line_deal_why). */
static int deal_fits(const pintas_line_rules *r, const pintas_line_deal *d)
{
    pintas_refusal why;
    return pintas_line_deal_why(r, d, r->players, &why) == PINTAS_OK;
}

static int take_deal(pintas__cursor *c, const pintas_save_setup *setup, pintas_save_deal *out)
{
    const pintas_line_rules *r = &setup->rules.line;
    pintas_line_deal *d = &out->line;
    const uint8_t *pile;
    uint32_t hand[4];
    unsigned n, i, wide = 0, extra = 0;
    if (!pintas__take_hands(c, hand) || !pintas__take_tiles(c, &n, &pile))
        return 0;
    for (i = 0; i < 4; ++i) {
        wide |= hand[i] >> PINTAS_TILE_COUNT;
        if (i >= r->players)
            extra |= hand[i];
    }
    if (wide || !pintas__all_tiles(pile, n))
        return pintas__save_refuse(c->err, PINTAS_SAVE_DEAL_TILE);
    if (extra)
        return pintas__save_refuse(c->err, PINTAS_SAVE_DEAL_SEAT);
    if (!pintas__distinct(pile, n))
        return pintas__save_refuse(c->err, PINTAS_SAVE_DEAL_TWICE);
    memset(d, 0, sizeof *d);
    for (i = 0; i < 4; ++i)
        d->hand[i] = hand[i];
    memcpy(d->boneyard, pile, n); /* n <= 28: distinct tiles */
    d->boneyard_len = (uint8_t)n;
    if (!deal_fits(r, d))
        return pintas__save_refuse(c->err, PINTAS_SAVE_DEAL_RULES);
    return 1;
}

static int put_move(pintas__sink *s, const void *move)
{
    const pintas_line_move *m = (const pintas_line_move *)move;
    if (m->kind == PINTAS_MOVE_PLAY && m->tile < PINTAS_TILE_COUNT && m->end <= 1)
        pintas__sink_u8(s, m->tile * 2u + m->end);
    else if (m->kind == PINTAS_MOVE_DRAW || m->kind == PINTAS_MOVE_PASS)
        pintas__sink_u8(s, m->kind == PINTAS_MOVE_DRAW ? CODE_DRAW : CODE_PASS);
    else
        return PINTAS_E_ARG;
    return PINTAS_OK;
}

static int take_move(pintas__cursor *c, unsigned tag, void *move)
{
    pintas_line_move *m = (pintas_line_move *)move;
    if (tag > CODE_PASS)
        return pintas__save_refuse(c->err, PINTAS_SAVE_ENTRY);
    memset(m, 0, sizeof *m);
    if (tag < CODE_DRAW) {
        m->kind = PINTAS_MOVE_PLAY;
        m->tile = (uint8_t)(tag >> 1);
        m->end = (uint8_t)(tag & 1u);
    } else {
        m->kind = tag == CODE_DRAW ? PINTAS_MOVE_DRAW : PINTAS_MOVE_PASS;
        m->tile = PINTAS_NO_TILE;
    }
    return 1;
}

static int start(void *state, const pintas_save_setup *setup, pintas_engine_events *events)
{
    return pintas__start_tile_game(&pintas_line_engine, state, setup, events);
}

static int external(const void *state)
{
    return ((const pintas_line_state *)state)->chance != 0;
}

const pintas_save_part pintas_save_line_part = {
    PINTAS_SAVE_LINE, 1, 0xFE, 0xFD, &pintas_line_engine,
    put_setup, take_setup, limits, set_limits, put_deal, take_deal, put_move, take_move, start,
    0xFC, 1, external};

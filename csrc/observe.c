/* observe.c - a seat's view as a vector of 0/1 entries and as canonical
 * bytes (pintas/observe.h). Everything is read from the view alone; the
 * encoders write a full vector into a scratch array first, so that the
 * caller's buffer is untouched when a view is refused. */
#include <string.h>

#include "pintas/observe.h"
#include "bytes_internal.h"
#include "dice_internal.h"

/* ---- the writer of 0/1 entries ------------------------------------------------ */

typedef struct obs {
    uint8_t *out;
    size_t at;
} obs;

/* n flags: bit i of `bits`. */
static void put_bits(obs *o, uint32_t bits, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; ++i)
        o->out[o->at++] = (uint8_t)((bits >> i) & 1u);
}

/* n entries, entry `v` 1 (none when v >= n). */
static void put_one_hot(obs *o, unsigned v, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; ++i)
        o->out[o->at++] = (uint8_t)(i == v);
}

/* n entries, entry i 1 when v > i. */
static void put_count(obs *o, unsigned v, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; ++i)
        o->out[o->at++] = (uint8_t)(v > i);
}

/* The share of `whole` that `value` is, in twentieths (0 for none or below, all
 * 20 at or past it). 32-bit only: value is cut to whole first. */
static void put_share(obs *o, int32_t value, int32_t whole)
{
    int32_t v = value < 0 ? 0 : value > whole ? whole : value;
    put_count(o, whole > 0 ? (unsigned)(v * 20 / whole) : 0u, 20);
}

/* Seat s counted from the observer, of `seats` seats (>= n: none). */
static unsigned from_me(unsigned s, unsigned me, unsigned seats)
{
    return s < seats ? (s + seats - me) % seats : 0xFFu;
}

/* A seat mask counted from the observer. */
static uint32_t mask_from_me(uint32_t mask, unsigned me, unsigned seats)
{
    uint32_t out = 0;
    unsigned s;
    for (s = 0; s < seats; ++s)
        if (mask >> s & 1u)
            out |= 1u << from_me(s, me, seats);
    return out;
}

/* ---- line games ------------------------------------------------------------------------ */

const pintas_obs_part pintas_line_obs_parts[PINTAS_LINE_OBS_PARTS] = {
    {"rules", 0, 7}, /* game (3), pairs, players 2/3/4 */
    {"hand", 7, 28},
    {"forced", 35, 28}, /* the tile the observer must open round 1 with */
    {"table", 63, 28}, /* every tile on the line */
    {"left_end", 91, 7}, /* the open number at each end (none before the opening) */
    {"right_end", 98, 7},
    {"end_doubles", 105, 2}, /* a double lies at the left, the right end */
    {"played", 107, 112}, /* this round's plays of each seat */
    {"lacks", 219, 28}, /* numbers each seat was seen to lack this round */
    {"hand_sizes", 247, 40}, /* each seat's tiles, up to 10 */
    {"pile", 287, 14}, /* tiles left to draw or set aside, up to 14 */
    {"pile_draws", 301, 1}, /* the pile is a boneyard the seats draw from */
    {"to_move", 302, 4},
    {"leader", 306, 4}, /* who led this round */
    {"passes", 310, 3}, /* passes since the last placement */
    {"round", 313, 10}, /* rounds begun, up to 10 */
    {"scores", 323, 80}, /* each side's share of the target, the observer's side first */
    {"over", 403, 1},
    {"winner", 404, 4}}; /* the winning side, once over */

const pintas_obs_part pintas_caminos_obs_parts[PINTAS_CAMINOS_OBS_PARTS] = {
    {"rules", 0, 16}, /* players, paths, tiles a side, what a full path does */
    {"phase", 16, 3}, /* revealing, playing, over */
    {"round", 19, 5}, /* rounds begun, up to 5 */
    {"step", 24, 4}, /* the reveal step, up to 4 */
    {"hand", 28, 28},
    {"my_choice", 56, 28}, /* the observer's secret reveal choice */
    {"known", 84, 112}, /* tiles known in each seat's hand */
    {"revealed", 196, 112}, /* tiles each seat revealed this round */
    {"discard", 308, 28},
    {"table", 336, 28}, /* every tile on a path */
    {"centres", 364, 224}, /* each path slot's centre tile */
    {"path_ends", 588, 112}, /* each slot's front and back outward number */
    {"path_lengths", 700, 32}, /* tiles on each slot's front and back */
    {"hand_sizes", 732, 32}, /* each seat's tiles, up to 8 */
    {"pile", 764, 24}, /* tiles left to draw, up to 24 */
    {"lacks", 788, 28}, /* numbers each seat is known to lack */
    {"passes", 816, 4}, /* passes in a row */
    {"to_move", 820, 4},
    {"starter", 824, 4}, /* who started the round */
    {"out_seat", 828, 4}, /* the seat that went out */
    {"last_turns", 832, 4}, /* last turns left */
    {"contenders", 836, 4}, /* seats still in the reveal */
    {"chosen", 840, 4}, /* seats that chose in this reveal step */
    {"scores", 844, 80}, /* each seat's points against it (a tile left is 1), up to 20 */
    {"over", 924, 1},
    {"winners", 925, 4}};

const pintas_obs_part pintas_dice_obs_parts[PINTAS_DICE_OBS_PARTS] = {
    {"rules", 0, 5}, /* doom, doom loses the score, combine, hot dice must roll, final round */
    {"players", 5, 8}, /* how many play */
    {"phase", 13, 4}, /* must roll, must keep, bank or roll, over */
    {"to_move", 17, 8},
    {"scores", 25, 160}, /* each seat's share of the target */
    {"turn_total", 185, 20}, /* the points at stake, share of the target */
    {"turn_units", 205, 32}, /* the points at stake in the rules' units */
    {"pool", 237, 36}, /* each face's count among the dice kept */
    {"roll", 273, 36}, /* each face's count in the latest roll */
    {"dice_to_roll", 309, 7}, /* 0..6 */
    {"final_left", 316, 8}, /* last turns left in a final round */
    {"over", 324, 1},
    {"winner", 325, 8},
    {"first_player", 333, 8}};

#define SEATS 4 /* the most seats of a tile game: every per-seat part has 4 slots */

/* PINTAS_OK if the fields an encoder reads of a line view are in range. */
static int line_view_ok(const pintas_line_view *v)
{
    const pintas_line_info *in = &v->info;
    unsigned i, players = in->rules.players;
    if (pintas_line_rules_check(&in->rules) != PINTAS_OK || in->seat >= players ||
        in->leader >= players || (in->hand & ~PINTAS_ALL_TILES) != 0 ||
        in->log_len > PINTAS_LINE_INFO_MAX_LOG || v->line_len > PINTAS_TILE_COUNT ||
        (in->forced_tile != PINTAS_NO_TILE && in->forced_tile >= PINTAS_TILE_COUNT))
        return PINTAS_E_ARG;
    if (v->line_len > 0 && (v->ends[0] > 6 || v->ends[1] > 6))
        return PINTAS_E_ARG;
    for (i = 0; i < v->line_len; ++i)
        if ((v->line[i] & 0x7Fu) >= PINTAS_TILE_COUNT)
            return PINTAS_E_ARG;
    for (i = 0; i < in->log_len; ++i)
        if (in->log[i].seat >= players ||
            (in->log[i].kind == PINTAS_MOVE_PLAY && (in->log[i].tile >= PINTAS_TILE_COUNT ||
                                                     in->log[i].end > 1)))
            return PINTAS_E_ARG;
    return PINTAS_OK;
}

/* What the round's log shows of each seat: its plays, the numbers it was
 * seen to lack (open when it passed or drew), and the passes since the last
 * placement. */
typedef struct line_log_facts {
    pintas_mask played[SEATS];
    uint8_t lacks[SEATS];
    uint8_t passes;
} line_log_facts;

static void line_facts(const pintas_line_info *in, line_log_facts *f)
{
    unsigned ends[2] = {0, 0}, i, placed = 0;
    memset(f, 0, sizeof *f);
    for (i = 0; i < in->log_len; ++i) {
        const pintas_line_log_entry *e = &in->log[i];
        if (e->kind == PINTAS_MOVE_PLAY) {
            unsigned hi = pintas_tile_high(e->tile), lo = pintas_tile_low(e->tile);
            f->played[e->seat] |= (pintas_mask)1u << e->tile;
            if (!placed) {
                ends[0] = hi;
                ends[1] = lo;
            } else {
                ends[e->end] = ends[e->end] == hi ? lo : hi;
            }
            placed = 1;
            f->passes = 0;
        } else if (placed) { /* a draw or a pass: nothing for the open numbers */
            f->lacks[e->seat] |= (uint8_t)(1u << ends[0] | 1u << ends[1]);
            f->passes = (uint8_t)(f->passes + (e->kind == PINTAS_MOVE_PASS));
        }
    }
}

static void line_encode(const pintas_line_view *v, obs *o)
{
    const pintas_line_info *in = &v->info;
    const pintas_line_rules *r = &in->rules;
    unsigned players = r->players, me = in->seat, sides = (unsigned)pintas_line_sides(r);
    unsigned my_side = (unsigned)pintas_line_side_of(r, (int)me), s, i;
    pintas_mask table = 0;
    line_log_facts f;
    line_facts(in, &f);
    for (i = 0; i < v->line_len; ++i)
        table |= (pintas_mask)1u << (v->line[i] & 0x7Fu);
    put_one_hot(o, r->game, 3);
    put_bits(o, r->pairs, 1);
    put_one_hot(o, players - 2u, 3);
    put_bits(o, in->hand, PINTAS_TILE_COUNT);
    put_one_hot(o, in->forced_tile, PINTAS_TILE_COUNT);
    put_bits(o, table, PINTAS_TILE_COUNT);
    put_one_hot(o, v->line_len ? v->ends[0] : 7u, 7);
    put_one_hot(o, v->line_len ? v->ends[1] : 7u, 7);
    put_bits(o, v->line_len ? (uint32_t)(v->end_double[0] | v->end_double[1] << 1) : 0u, 2);
    for (s = 0; s < SEATS; ++s) /* slot s: the seat s places after the observer */
        put_bits(o, s < players ? f.played[(me + s) % players] : 0u, PINTAS_TILE_COUNT);
    for (s = 0; s < SEATS; ++s)
        put_bits(o, s < players ? f.lacks[(me + s) % players] : 0u, 7);
    for (s = 0; s < SEATS; ++s)
        put_count(o, s < players ? v->hand_size[(me + s) % players] : 0u, 10);
    put_count(o, v->boneyard_size, 14);
    put_bits(o, r->game != PINTAS_LINE_DOMINICAN && players < 4, 1);
    put_one_hot(o, from_me(v->to_move, me, players), SEATS);
    put_one_hot(o, from_me(in->leader, me, players), SEATS);
    put_count(o, f.passes, 3);
    put_count(o, in->round, 10);
    for (s = 0; s < SEATS; ++s)
        put_share(o, s < sides ? in->score[(my_side + s) % sides] : 0, (int32_t)r->target);
    put_bits(o, v->over != 0, 1);
    put_one_hot(o, v->over ? from_me(v->winner, my_side, sides) : 0xFFu, SEATS);
}

/* ---- Caminos ------------------------------------------------------------------------------ */

static int caminos_view_ok(const pintas_caminos_view *v)
{
    const pintas_caminos_info *in = &v->info;
    unsigned p, s;
    if (pintas_caminos_rules_check(&in->rules) != PINTAS_OK || in->seat >= in->rules.players ||
        v->phase > PINTAS_CAMINOS_OVER || (in->hand & ~PINTAS_ALL_TILES) != 0)
        return PINTAS_E_ARG;
    for (p = 0; p < PINTAS_CAMINOS_MAX_PATHS; ++p)
        for (s = 0; s < 2; ++s)
            if (in->path[p].centre != PINTAS_NO_TILE &&
                (in->path[p].centre >= PINTAS_TILE_COUNT || in->path[p].end[s] > 6))
                return PINTAS_E_ARG;
    return PINTAS_OK;
}

static void caminos_encode(const pintas_caminos_view *v, obs *o)
{
    const pintas_caminos_info *in = &v->info;
    const pintas_caminos_rules *r = &in->rules;
    unsigned players = r->players, me = in->seat, s, p, k;
    pintas_mask table = 0;
    uint8_t lacks[PINTAS_CAMINOS_MAX_SEATS];
    pintas_caminos_view_lacks(v, lacks);
    for (p = 0; p < PINTAS_CAMINOS_MAX_PATHS; ++p) {
        const pintas_caminos_path *path = &in->path[p];
        if (path->centre == PINTAS_NO_TILE)
            continue;
        table |= (pintas_mask)1u << path->centre;
        for (s = 0; s < 2; ++s)
            for (k = 0; k < path->len[s] && k < PINTAS_CAMINOS_MAX_SIDE; ++k)
                if (path->tile[s][k] < PINTAS_TILE_COUNT)
                    table |= (pintas_mask)1u << path->tile[s][k];
    }
    put_one_hot(o, players - 2u, 3);
    put_one_hot(o, r->paths - 1u, PINTAS_CAMINOS_MAX_PATHS);
    put_one_hot(o, r->side_tiles - 1u, 2);
    put_one_hot(o, r->full_path, 3);
    put_one_hot(o, v->phase, 3);
    put_count(o, v->round, 5);
    put_count(o, v->step, 4);
    put_bits(o, in->hand, PINTAS_TILE_COUNT);
    put_one_hot(o, v->my_choice, PINTAS_TILE_COUNT);
    for (s = 0; s < SEATS; ++s)
        put_bits(o, s < players ? in->known[(me + s) % players] : 0u, PINTAS_TILE_COUNT);
    for (s = 0; s < SEATS; ++s)
        put_bits(o, s < players ? v->revealed[(me + s) % players] : 0u, PINTAS_TILE_COUNT);
    put_bits(o, in->discard, PINTAS_TILE_COUNT);
    put_bits(o, table, PINTAS_TILE_COUNT);
    for (p = 0; p < PINTAS_CAMINOS_MAX_PATHS; ++p)
        put_one_hot(o, in->path[p].centre, PINTAS_TILE_COUNT);
    for (p = 0; p < PINTAS_CAMINOS_MAX_PATHS; ++p)
        for (s = 0; s < 2; ++s)
            put_one_hot(o, in->path[p].centre != PINTAS_NO_TILE ? in->path[p].end[s] : 7u, 7);
    for (p = 0; p < PINTAS_CAMINOS_MAX_PATHS; ++p)
        for (s = 0; s < 2; ++s)
            put_count(o, in->path[p].centre != PINTAS_NO_TILE ? in->path[p].len[s] : 0u, 2);
    for (s = 0; s < SEATS; ++s)
        put_count(o, s < players ? in->hand_len[(me + s) % players] : 0u, 8);
    put_count(o, in->pile_len, 24);
    for (s = 0; s < SEATS; ++s)
        put_bits(o, s < players ? lacks[(me + s) % players] : 0u, 7);
    put_count(o, in->passes, 4);
    put_one_hot(o, from_me(v->to_move, me, players), SEATS);
    put_one_hot(o, from_me(in->starter, me, players), SEATS);
    put_one_hot(o, from_me(in->out_seat, me, players), SEATS);
    put_count(o, in->last_turns, 4);
    put_bits(o, mask_from_me(v->contenders, me, players), SEATS);
    put_bits(o, mask_from_me(v->chosen, me, players), SEATS);
    for (s = 0; s < SEATS; ++s)
        put_count(o, s < players && v->score[(me + s) % players] < 0
                         ? (unsigned)-v->score[(me + s) % players] : 0u, 20);
    put_bits(o, v->phase == PINTAS_CAMINOS_OVER, 1);
    put_bits(o, mask_from_me(v->winners, me, players), SEATS);
}

/* ---- dice ------------------------------------------------------------------------------------ */

#define DICE_SEATS PINTAS_DICE_MAX_PLAYERS

static int dice_view_ok(const pintas_dice_view *v)
{
    if (pintas_dice_rules_check(&v->rules) != PINTAS_OK || v->players < 1 ||
        v->players > DICE_SEATS || v->seat >= v->players || v->phase > PINTAS_DICE_OVER ||
        !pintas_dice_set_is_valid(v->pool) || v->last_roll_len > PINTAS_DICE_COUNT)
        return PINTAS_E_ARG;
    return PINTAS_OK;
}

/* Each face's count in `set`, up to 6 each. */
static void put_faces(obs *o, pintas_dice_set set)
{
    unsigned f;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        put_count(o, PINTAS_DICE_SET_COUNT(set, f), 6);
}

static void dice_encode(const pintas_dice_view *v, obs *o)
{
    const pintas_dice_rules *r = &v->rules;
    unsigned players = v->players, me = v->seat, s;
    int32_t unit = pintas_dice_rules_unit(r);
    pintas_dice_set roll = 0;
    pintas_dice_set_from_values(v->last_roll, v->last_roll_len, &roll);
    put_bits(o, (uint32_t)(r->doom | r->doom_loses << 1 | r->combine_kept << 2 |
                           (r->hot_dice == PINTAS_DICE_HOT_MUST) << 3 | r->final_round << 4), 5);
    put_one_hot(o, players - 1u, DICE_SEATS);
    put_one_hot(o, v->phase, 4);
    put_one_hot(o, from_me(v->to_move, me, players), DICE_SEATS);
    for (s = 0; s < DICE_SEATS; ++s)
        put_share(o, s < players ? v->score[(me + s) % players] : 0, r->target);
    put_share(o, v->turn_total, r->target);
    put_count(o, unit > 0 && v->turn_total > 0 ? (unsigned)(v->turn_total / unit) : 0u, 32);
    put_faces(o, v->pool);
    put_faces(o, roll);
    put_one_hot(o, v->dice_to_roll, 7);
    put_count(o, v->final_left, 8);
    put_bits(o, v->phase == PINTAS_DICE_OVER, 1);
    put_one_hot(o, v->phase == PINTAS_DICE_OVER ? from_me(v->winner, me, players) : 0xFFu,
                DICE_SEATS);
    put_one_hot(o, from_me(v->first_player, me, players), DICE_SEATS);
}

/* ---- the public calls ---------------------------------------------------------------------- */

/* A view's encoder: check, encode into scratch, copy out. */
static int finish(int status, const uint8_t *scratch, size_t size, uint8_t *out, size_t cap)
{
    if (status != PINTAS_OK)
        return status;
    if (cap < size)
        return PINTAS_E_BUFFER;
    memcpy(out, scratch, size);
    return PINTAS_OK;
}

/* pintas_<game>_observe: check, encode into scratch, copy out. */
#define PINTAS__OBSERVE(game, GAME)                                                      \
    int pintas_##game##_observe(const pintas_##game##_view *v, uint8_t *out, size_t cap) \
    {                                                                                    \
        uint8_t scratch[PINTAS_##GAME##_OBS_SIZE];                                       \
        obs o;                                                                           \
        int st = v == NULL || out == NULL ? PINTAS_E_ARG : game##_view_ok(v);            \
        o.out = scratch;                                                                 \
        o.at = 0;                                                                        \
        if (st == PINTAS_OK)                                                             \
            game##_encode(v, &o);                                                        \
        return finish(st, scratch, PINTAS_##GAME##_OBS_SIZE, out, cap);                  \
    }

PINTAS__OBSERVE(line, LINE)
PINTAS__OBSERVE(caminos, CAMINOS)
PINTAS__OBSERVE(dice, DICE)

/* ---- keys ---------------------------------------------------------------------------------- */

static void put_line_rules(pintas__writer *w, const pintas_line_rules *r)
{
    pintas__put_u8(w, r->game);
    pintas__put_u8(w, r->players);
    pintas__put_u8(w, r->pairs);
    pintas__put_u8(w, r->redeal_doubles);
    pintas__put_u8(w, r->block_scoring);
    pintas__put_u8(w, r->tranque);
    pintas__put_u8(w, r->capicua);
    pintas__put_u16(w, r->target);
    pintas__put_u16(w, r->pass_points);
    pintas__put_u16(w, r->capicua_bonus);
    pintas__put_u16(w, r->pase_corrido_bonus);
    pintas__put_u16(w, r->pase_de_salida_bonus);
}

static void put_i32s(pintas__writer *w, const int32_t *v, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; ++i)
        pintas__put_i32(w, v[i]);
}

static void put_u32s(pintas__writer *w, const pintas_mask *v, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; ++i)
        pintas__put_u32(w, v[i]);
}

static int key_args(const void *v, const uint8_t *out, const size_t *len, size_t cap, size_t max)
{
    if (v == NULL || out == NULL || len == NULL)
        return PINTAS_E_ARG;
    return cap < max ? PINTAS_E_BUFFER : PINTAS_OK;
}

int pintas_line_view_key(const pintas_line_view *v, uint8_t *out, size_t cap, size_t *len)
{
    const pintas_line_info *in;
    pintas__writer w;
    unsigned i;
    int st = key_args(v, out, len, cap, PINTAS_LINE_KEY_MAX);
    if (st != PINTAS_OK)
        return st;
    in = &v->info;
    if (in->log_len > PINTAS_LINE_INFO_MAX_LOG || v->line_len > PINTAS_TILE_COUNT)
        return PINTAS_E_ARG;
    w.p = out;
    put_line_rules(&w, &in->rules);
    put_i32s(&w, in->score, PINTAS_LINE_MAX_SEATS);
    pintas__put_u32(&w, in->hand);
    pintas__put_u8(&w, in->seat);
    pintas__put_u8(&w, in->leader);
    pintas__put_u8(&w, in->forced_tile);
    pintas__put_u16(&w, in->round);
    pintas__put_u16(&w, in->log_len);
    for (i = 0; i < in->log_len; ++i) {
        pintas__put_u8(&w, in->log[i].kind);
        pintas__put_u8(&w, in->log[i].seat);
        pintas__put_u8(&w, in->log[i].tile);
        pintas__put_u8(&w, in->log[i].end);
    }
    pintas__put_bytes(&w, v->hand_size, PINTAS_LINE_MAX_SEATS);
    pintas__put_u8(&w, v->boneyard_size);
    pintas__put_u8(&w, v->to_move);
    pintas__put_u8(&w, v->over);
    pintas__put_u8(&w, v->winner);
    pintas__put_u8(&w, v->line_len);
    pintas__put_bytes(&w, v->ends, 2);
    pintas__put_bytes(&w, v->end_double, 2);
    pintas__put_bytes(&w, v->line, v->line_len);
    *len = (size_t)(w.p - out);
    return PINTAS_OK;
}

int pintas_caminos_view_key(const pintas_caminos_view *v, uint8_t *out, size_t cap,
                            size_t *len)
{
    const pintas_caminos_info *in;
    pintas__writer w;
    unsigned s, p;
    int st = key_args(v, out, len, cap, PINTAS_CAMINOS_KEY_MAX);
    if (st != PINTAS_OK)
        return st;
    in = &v->info;
    for (s = 0; s < PINTAS_CAMINOS_MAX_SEATS; ++s)
        if (in->n_cohorts[s] > PINTAS_CAMINOS_SEARCH_MAX_COHORTS)
            return PINTAS_E_ARG;
    w.p = out;
    pintas__put_bytes(&w, (const uint8_t *)&in->rules, 6); /* the six rule bytes before reserved */
    for (p = 0; p < PINTAS_CAMINOS_MAX_PATHS; ++p) {
        const pintas_caminos_path *path = &in->path[p];
        pintas__put_u8(&w, path->centre);
        pintas__put_bytes(&w, path->len, 2);
        pintas__put_bytes(&w, path->end, 2);
        pintas__put_bytes(&w, &path->tile[0][0], 2 * PINTAS_CAMINOS_MAX_SIDE);
    }
    pintas__put_u32(&w, in->hand);
    put_u32s(&w, in->known, PINTAS_CAMINOS_MAX_SEATS);
    pintas__put_u32(&w, in->discard);
    for (p = 0; p < PINTAS_TILE_COUNT; ++p)
        pintas__put_u16(&w, in->since[p]);
    pintas__put_bytes(&w, in->hand_len, PINTAS_CAMINOS_MAX_SEATS);
    pintas__put_u8(&w, in->seat);
    pintas__put_u8(&w, in->pile_len);
    pintas__put_u8(&w, in->passes);
    pintas__put_u8(&w, in->out_seat);
    pintas__put_u8(&w, in->last_turns);
    pintas__put_u8(&w, in->starter);
    for (s = 0; s < PINTAS_CAMINOS_MAX_SEATS; ++s) {
        pintas__put_u8(&w, in->n_cohorts[s]);
        for (p = 0; p < in->n_cohorts[s]; ++p) {
            pintas__put_u16(&w, in->cohort[s][p].at);
            pintas__put_u8(&w, in->cohort[s][p].tiles);
            pintas__put_u8(&w, in->cohort[s][p].voids);
        }
    }
    put_i32s(&w, v->score, PINTAS_CAMINOS_MAX_SEATS);
    put_u32s(&w, v->revealed, PINTAS_CAMINOS_MAX_SEATS);
    pintas__put_u8(&w, v->phase);
    pintas__put_u8(&w, v->to_move);
    pintas__put_u8(&w, v->round);
    pintas__put_u8(&w, v->step);
    pintas__put_u8(&w, v->contenders);
    pintas__put_u8(&w, v->chosen);
    pintas__put_u8(&w, v->my_choice);
    pintas__put_u8(&w, v->winners);
    *len = (size_t)(w.p - out);
    return PINTAS_OK;
}

int pintas_dice_view_key(const pintas_dice_view *v, uint8_t *out, size_t cap, size_t *len)
{
    pintas__writer w;
    int st = key_args(v, out, len, cap, PINTAS_DICE_KEY_MAX);
    if (st != PINTAS_OK)
        return st;
    if (v->last_roll_len > PINTAS_DICE_COUNT)
        return PINTAS_E_ARG;
    w.p = out;
    pintas__dice_put_rules(&w, &v->rules);
    put_i32s(&w, v->score, PINTAS_DICE_MAX_PLAYERS);
    pintas__put_i32(&w, v->turn_total);
    pintas__put_u32(&w, v->pool);
    pintas__put_u8(&w, v->players);
    pintas__put_u8(&w, v->first_player);
    pintas__put_u8(&w, v->seat);
    pintas__put_u8(&w, v->to_move);
    pintas__put_u8(&w, v->phase);
    pintas__put_u8(&w, v->winner);
    pintas__put_u8(&w, v->final_left);
    pintas__put_u8(&w, v->dice_to_roll);
    pintas__put_u8(&w, v->last_roll_len);
    pintas__put_bytes(&w, v->last_roll, v->last_roll_len);
    *len = (size_t)(w.p - out);
    return PINTAS_OK;
}

/* ---- the observer tables -------------------------------------------------------------- */

#define PINTAS__OBSERVER(game, GAME)                                                     \
    static int game##_observe(const void *v, uint8_t *out, size_t cap)                   \
    {                                                                                    \
        return pintas_##game##_observe(v, out, cap);                                     \
    }                                                                                    \
    static int game##_key(const void *v, uint8_t *out, size_t cap, size_t *len)          \
    {                                                                                    \
        return pintas_##game##_view_key(v, out, cap, len);                               \
    }                                                                                    \
    const pintas_observer pintas_##game##_observer = {                                   \
        PINTAS_##GAME##_OBS_SIZE, PINTAS_##GAME##_KEY_MAX, game##_observe, game##_key}

PINTAS__OBSERVER(line, LINE);
PINTAS__OBSERVER(caminos, CAMINOS);
PINTAS__OBSERVER(dice, DICE);

/* modpintas.c - the MicroPython module _pintas: the C core of pintas for
 * MicroPython, as module functions over plain bytearrays.
 *
 * A game's C state lives in a bytearray owned by the Python layer (pintas.py):
 * every function here copies it into an aligned C struct, calls the core and
 * writes it back only when the core succeeded, so a refused call changes
 * nothing. The functions take and return small ints, tuples, lists and bytes
 * only: no MicroPython types are defined, so the same file builds as a user C
 * module (firmware) and as a dynamic native module (.mpy), whose runtime
 * offers a smaller API. A game is named by its engine number: 0 line games,
 * 1 Caminos, 2 dice (pintas/engine.h's tables, in that order).
 *
 * The events of a move come back as the C event structs' bytes (the "raw"
 * log the Python layer keeps: a few bytes an event instead of an object);
 * events() turns them into tuples and hide() blanks what a seat may not see.
 * A view is a "blob": the state with everything its seat may not see wiped
 * (the other hands, the pile's order, the generator), then a few bytes that
 * the wiping would lose (every hand's size, the seat, who has chosen). The
 * players' searches and heuristics read blobs and hidden logs only, never a
 * game: what a player knows is what a view shows.
 */
#if MICROPY_ENABLE_DYNRUNTIME
#include "py/dynruntime.h"
#else
#include "py/runtime.h"
#endif

#include <string.h>

#include "pintas/pintas.h"
#include "pintas/hash.h"

/* ---- arguments ---------------------------------------------------------- */

enum { G_LINE = 0, G_CAMINOS = 1, G_DICE = 2 };

/* Bytes after the state in a view blob: hand sizes (one a seat), the seat,
 * and the mask of the seats that have chosen a reveal tile (Caminos). */
#define BLOB_EXTRA 12
#define BLOB_SIZES 0
#define BLOB_SEAT 8
#define BLOB_CHOSEN 9

typedef union any_state {
    uint64_t align;
    pintas_line_state line;
    pintas_caminos_state cam;
    pintas_dice_state dice;
} any_state;

static MP_NORETURN void bad(void) {
    mp_raise_ValueError(MP_ERROR_TEXT("pintas: bad argument"));
}

static int game_of(mp_obj_t g) {
    mp_int_t i = mp_obj_get_int(g);
    if (i < 0 || i > 2) {
        bad();
    }
    return (int)i;
}

static const pintas_engine *engine_of(int g) {
    return g == G_LINE ? &pintas_line_engine : g == G_CAMINOS ? &pintas_caminos_engine
                                                              : &pintas_dice_engine;
}

static mp_int_t int_in(mp_obj_t o, mp_int_t lo, mp_int_t hi) {
    mp_int_t v = mp_obj_get_int(o);
    if (v < lo || v > hi) {
        bad();
    }
    return v;
}

static const uint8_t *bytes_of(mp_obj_t o, size_t *len) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(o, &info, MP_BUFFER_READ);
    *len = info.len;
    return (const uint8_t *)info.buf;
}

static uint64_t seed_of(mp_obj_t o) {
    size_t len;
    const uint8_t *p = bytes_of(o, &len);
    uint64_t v = 0;
    if (len != 8) {
        bad();
    }
    for (int i = 7; i >= 0; i--) {
        v = (v << 8) | p[i];
    }
    return v;
}

/* A state (or a view blob: a state with bytes after it) into *s. */
static void state_in(int g, mp_obj_t o, any_state *s) {
    size_t len;
    const uint8_t *p = bytes_of(o, &len);
    size_t size = engine_of(g)->state_size;
    if (len < size) {
        bad();
    }
    memcpy(s, p, size);
}

static void state_out(int g, mp_obj_t o, const any_state *s) {
    mp_buffer_info_t info;
    size_t size = engine_of(g)->state_size;
    mp_get_buffer_raise(o, &info, MP_BUFFER_WRITE);
    if (info.len != size) {
        bad();
    }
    memcpy(info.buf, s, size);
}

/* The items of a tuple or list of exactly n values. */
static mp_obj_t *items_of(mp_obj_t o, size_t n) {
    size_t len;
    mp_obj_t *items;
    mp_obj_get_array(o, &len, &items);
    if (len != n) {
        bad();
    }
    return items;
}

static mp_obj_t new_int64(int64_t v) {
    if (v >= -0x3FFFFFFF && v <= 0x3FFFFFFF) {
        return MP_OBJ_NEW_SMALL_INT((mp_int_t)v);
    }
    if (sizeof(mp_int_t) >= 8) {
        return mp_obj_new_int((mp_int_t)v);
    }
    mp_obj_t hi = mp_obj_new_int((mp_int_t)(int32_t)(v >> 32));
    mp_obj_t lo = mp_obj_new_int_from_uint((mp_uint_t)(uint32_t)v);
    hi = mp_binary_op(MP_BINARY_OP_LSHIFT, hi, MP_OBJ_NEW_SMALL_INT(32));
    return mp_binary_op(MP_BINARY_OP_ADD, hi, lo);
}

static mp_obj_t new_mask(pintas_mask m) {
    return new_int64((int64_t)(m & PINTAS_ALL_TILES));
}

static pintas_mask mask_of(mp_obj_t o) {
    return (pintas_mask)int_in(o, 0, (mp_int_t)PINTAS_ALL_TILES);
}

static unsigned popcount(pintas_mask m) {
    unsigned n = 0;
    while (m) {
        m &= m - 1;
        n++;
    }
    return n;
}

/* ---- rules, deals and moves from Python values -------------------------- */

/* Line rules: (game, players, pairs, redeal_doubles, block_scoring, tranque,
 * capicua, target, pass_points, capicua_bonus, pase_corrido, pase_de_salida). */
static void line_rules_of(mp_obj_t o, pintas_line_rules *r) {
    mp_obj_t *f = items_of(o, 12);
    memset(r, 0, sizeof(*r));
    r->game = (uint8_t)int_in(f[0], 0, 0xFF);
    r->players = (uint8_t)int_in(f[1], 0, 0xFF);
    r->pairs = (uint8_t)int_in(f[2], 0, 0xFF);
    r->redeal_doubles = (uint8_t)int_in(f[3], 0, 0xFF);
    r->block_scoring = (uint8_t)int_in(f[4], 0, 0xFF);
    r->tranque = (uint8_t)int_in(f[5], 0, 0xFF);
    r->capicua = (uint8_t)int_in(f[6], 0, 0xFF);
    r->target = (uint16_t)int_in(f[7], 0, 0xFFFF);
    r->pass_points = (uint16_t)int_in(f[8], 0, 0xFFFF);
    r->capicua_bonus = (uint16_t)int_in(f[9], 0, 0xFFFF);
    r->pase_corrido_bonus = (uint16_t)int_in(f[10], 0, 0xFFFF);
    r->pase_de_salida_bonus = (uint16_t)int_in(f[11], 0, 0xFFFF);
}

/* Caminos rules: (players, paths, hand_size, side_tiles, full_path, rounds). */
static void caminos_rules_of(mp_obj_t o, pintas_caminos_rules *r) {
    mp_obj_t *f = items_of(o, 6);
    memset(r, 0, sizeof(*r));
    r->players = (uint8_t)int_in(f[0], 0, 0xFF);
    r->paths = (uint8_t)int_in(f[1], 0, 0xFF);
    r->hand_size = (uint8_t)int_in(f[2], 0, 0xFF);
    r->side_tiles = (uint8_t)int_in(f[3], 0, 0xFF);
    r->full_path = (uint8_t)int_in(f[4], 0, 0xFF);
    r->rounds = (uint8_t)int_in(f[5], 0, 0xFF);
}

/* Dice rules: (scoring, target, doom, doom_loses, hot_dice, combine_kept, final_round). */
static void dice_rules_of(mp_obj_t o, pintas_dice_rules *r) {
    mp_obj_t *f = items_of(o, 7);
    mp_int_t scoring = int_in(f[0], 0, 1);
    if (scoring == 0) {
        pintas_dice_rules_dice_of_doom(r);
    } else {
        pintas_dice_rules_farkle(r);
    }
    r->target = (int32_t)int_in(f[1], 0, 0x3FFFFFFF);
    r->doom = (uint8_t)int_in(f[2], 0, 0xFF);
    r->doom_loses = (uint8_t)int_in(f[3], 0, 0xFF);
    r->hot_dice = (uint8_t)int_in(f[4], 0, 0xFF);
    r->combine_kept = (uint8_t)int_in(f[5], 0, 0xFF);
    r->final_round = (uint8_t)int_in(f[6], 0, 0xFF);
}

static size_t tiles_of(mp_obj_t o, uint8_t *out, size_t cap) {
    size_t len;
    const uint8_t *p = bytes_of(o, &len);
    if (len > cap) {
        bad();
    }
    for (size_t i = 0; i < len; i++) {
        if (p[i] >= PINTAS_TILE_COUNT) {
            bad();
        }
        out[i] = p[i];
    }
    return len;
}

/* A line deal: (hands: 4 masks, boneyard: bytes of tile indices). */
static void line_deal_of(mp_obj_t o, pintas_line_deal *d) {
    mp_obj_t *f = items_of(o, 2);
    mp_obj_t *hands = items_of(f[0], PINTAS_LINE_MAX_SEATS);
    memset(d, 0, sizeof(*d));
    for (int i = 0; i < PINTAS_LINE_MAX_SEATS; i++) {
        d->hand[i] = mask_of(hands[i]);
    }
    d->boneyard_len = (uint8_t)tiles_of(f[1], d->boneyard, PINTAS_TILE_COUNT);
}

/* A Caminos deal: (paths: bytes, hands: 4 masks, pile: bytes). */
static void caminos_deal_of(mp_obj_t o, pintas_caminos_deal *d) {
    mp_obj_t *f = items_of(o, 3);
    mp_obj_t *hands = items_of(f[1], PINTAS_CAMINOS_MAX_SEATS);
    memset(d, 0, sizeof(*d));
    memset(d->path, PINTAS_NO_TILE, sizeof(d->path));
    tiles_of(f[0], d->path, PINTAS_CAMINOS_MAX_PATHS);
    for (int i = 0; i < PINTAS_CAMINOS_MAX_SEATS; i++) {
        d->hand[i] = mask_of(hands[i]);
    }
    d->pile_len = (uint8_t)tiles_of(f[2], d->pile, PINTAS_TILE_COUNT);
}

/* Move codes. Line: tile * 2 + end, 56 draw, 57 pass. Caminos: (tile * 8 +
 * slot) * 2 + side, 448 + tile a reveal, 476 draw, 477 pass. Dice: kind in
 * bits 0-1 (0 roll, 1 roll given, 2 keep, 3 bank); a given roll has its dice
 * count in bits 2-4 and die i in bits 5 + 3i; a keep has its dice set in
 * bits 5 and up. */
#define LINE_DRAW 56
#define LINE_PASS 57
#define CAM_REVEAL 448
#define CAM_DRAW 476
#define CAM_PASS 477

static int line_code(const pintas_line_move *m) {
    if (m->kind == PINTAS_MOVE_PLAY) {
        return m->tile * 2 + m->end;
    }
    return m->kind == PINTAS_MOVE_DRAW ? LINE_DRAW : LINE_PASS;
}

static int caminos_code(const pintas_caminos_move *m) {
    if (m->kind == PINTAS_CAMINOS_PLACE) {
        return (m->tile * 8 + m->path) * 2 + m->side;
    }
    if (m->kind == PINTAS_CAMINOS_REVEAL) {
        return CAM_REVEAL + m->tile;
    }
    return m->kind == PINTAS_CAMINOS_DRAW ? CAM_DRAW : CAM_PASS;
}

/* Any game's move from its code into *out (all of it zeroed first). */
static void move_of(int g, mp_obj_t o, pintas_engine_move *out) {
    mp_int_t code = mp_obj_get_int(o);
    memset(out, 0, sizeof(*out));
    if (g == G_LINE) {
        pintas_line_move *m = (pintas_line_move *)out->bytes;
        if (code < 0 || code > LINE_PASS) {
            bad();
        }
        if (code < LINE_DRAW) {
            m->kind = PINTAS_MOVE_PLAY;
            m->tile = (uint8_t)(code >> 1);
            m->end = (uint8_t)(code & 1);
        } else {
            m->kind = code == LINE_DRAW ? PINTAS_MOVE_DRAW : PINTAS_MOVE_PASS;
            m->tile = PINTAS_NO_TILE;
        }
    } else if (g == G_CAMINOS) {
        pintas_caminos_move *m = (pintas_caminos_move *)out->bytes;
        if (code < 0 || code > CAM_PASS) {
            bad();
        }
        if (code < CAM_REVEAL) {
            m->kind = PINTAS_CAMINOS_PLACE;
            m->tile = (uint8_t)(code >> 4);
            m->path = (uint8_t)((code >> 1) & 7);
            m->side = (uint8_t)(code & 1);
        } else if (code < CAM_DRAW) {
            m->kind = PINTAS_CAMINOS_REVEAL;
            m->tile = (uint8_t)(code - CAM_REVEAL);
            m->path = PINTAS_CAMINOS_NO_PATH;
        } else {
            m->kind = code == CAM_DRAW ? PINTAS_CAMINOS_DRAW : PINTAS_CAMINOS_PASS;
            m->tile = PINTAS_NO_TILE;
            m->path = PINTAS_CAMINOS_NO_PATH;
        }
    } else {
        pintas_dice_move *m = (pintas_dice_move *)out->bytes;
        if (code < 0 || code >= (1L << 24)) {
            bad();
        }
        m->kind = (uint8_t)(code & 3);
        if (m->kind == PINTAS_DICE_ROLL_GIVEN) {
            m->n = (uint8_t)((code >> 2) & 7);
            if (m->n > PINTAS_DICE_COUNT) {
                bad();
            }
            for (int i = 0; i < m->n; i++) {
                m->values[i] = (uint8_t)((code >> (5 + 3 * i)) & 7);
            }
        } else if (m->kind == PINTAS_DICE_KEEP) {
            m->keep = (pintas_dice_set)(code >> 5);
        }
    }
}

/* ---- events ------------------------------------------------------------- */

static mp_obj_t raw_events(int g, const pintas_engine_events *ev, size_t n) {
    return mp_obj_new_bytes(ev->bytes, n * engine_of(g)->event_size);
}

/* The dice binding's reasons, in the order of pintas.py's REASONS. */
enum { WHY_NONE, WHY_BANK, WHY_DOOM, WHY_ROLL_OUT, WHY_TARGET, WHY_FINAL_ROUND };

/* Dice events say why a turn or the game ended in a byte the core leaves 0. */
static void dice_reasons(const pintas_dice_state *s, pintas_dice_event *ev, size_t n) {
    int prev = -1;
    for (size_t i = 0; i < n; i++) {
        uint8_t why = WHY_NONE;
        if (ev[i].kind == PINTAS_DICE_EV_TURN_END) {
            why = prev == PINTAS_DICE_EV_DOOM       ? WHY_DOOM
                  : prev == PINTAS_DICE_EV_ROLL_OUT ? WHY_ROLL_OUT
                                                    : WHY_BANK;
        } else if (ev[i].kind == PINTAS_DICE_EV_GAME_END) {
            why = s->final_trigger != PINTAS_DICE_NO_PLAYER ? WHY_FINAL_ROUND : WHY_TARGET;
        }
        if (ev[i].kind == PINTAS_DICE_EV_DOOM || ev[i].kind == PINTAS_DICE_EV_ROLL_OUT
            || ev[i].kind == PINTAS_DICE_EV_BANKED) {
            prev = ev[i].kind;
        }
        ev[i].reserved[0] = why;
    }
}

/* events(g, raw) -> the events of a raw log as tuples:
 * line (kind, seat, side, tile, end, reason, points);
 * Caminos (kind, seat, tile, path, side, reason, seats, value, tiles);
 * dice (kind, seat, dice as bytes, points, total, reason, n). */
static mp_obj_t events(mp_obj_t g_in, mp_obj_t raw_in) {
    int g = game_of(g_in);
    size_t len, size = engine_of(g)->event_size;
    const uint8_t *raw = bytes_of(raw_in, &len);
    mp_obj_t out = mp_obj_new_list(0, NULL);
    for (size_t at = 0; at + size <= len; at += size) {
        mp_obj_t t[9];
        size_t n;
        if (g == G_LINE) {
            pintas_line_event e;
            memcpy(&e, raw + at, sizeof(e));
            t[0] = MP_OBJ_NEW_SMALL_INT(e.kind);
            t[1] = MP_OBJ_NEW_SMALL_INT(e.seat);
            t[2] = MP_OBJ_NEW_SMALL_INT(e.side);
            t[3] = MP_OBJ_NEW_SMALL_INT(e.tile);
            t[4] = MP_OBJ_NEW_SMALL_INT(e.end);
            t[5] = MP_OBJ_NEW_SMALL_INT(e.reason);
            t[6] = mp_obj_new_int(e.points);
            n = 7;
        } else if (g == G_CAMINOS) {
            pintas_caminos_event e;
            memcpy(&e, raw + at, sizeof(e));
            t[0] = MP_OBJ_NEW_SMALL_INT(e.kind);
            t[1] = MP_OBJ_NEW_SMALL_INT(e.seat);
            t[2] = MP_OBJ_NEW_SMALL_INT(e.tile);
            t[3] = MP_OBJ_NEW_SMALL_INT(e.path);
            t[4] = MP_OBJ_NEW_SMALL_INT(e.side);
            t[5] = MP_OBJ_NEW_SMALL_INT(e.reason);
            t[6] = MP_OBJ_NEW_SMALL_INT(e.seats);
            t[7] = mp_obj_new_int(e.value);
            t[8] = new_mask(e.tiles);
            n = 9;
        } else {
            pintas_dice_event e;
            memcpy(&e, raw + at, sizeof(e));
            t[0] = MP_OBJ_NEW_SMALL_INT(e.kind);
            t[1] = MP_OBJ_NEW_SMALL_INT(e.player);
            t[2] = mp_obj_new_bytes(e.dice, e.n <= PINTAS_DICE_COUNT ? e.n : 0);
            t[3] = mp_obj_new_int(e.points);
            t[4] = mp_obj_new_int(e.total);
            t[5] = MP_OBJ_NEW_SMALL_INT(e.reserved[0]);
            t[6] = MP_OBJ_NEW_SMALL_INT(e.n);
            n = 7;
        }
        mp_obj_list_append(out, mp_obj_new_tuple(n, t));
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_2(events_obj, events);

/* hide(g, raw, seat) -> the raw log as `seat` sees it: the tile of another
 * seat's secret event (a draw; a line deal's forced opening tile; a Caminos
 * reveal choice) blanked. */
static mp_obj_t hide(mp_obj_t g_in, mp_obj_t raw_in, mp_obj_t seat_in) {
    int g = game_of(g_in);
    size_t len, size = engine_of(g)->event_size;
    const uint8_t *raw = bytes_of(raw_in, &len);
    mp_int_t seat = mp_obj_get_int(seat_in);
    mp_obj_t out = mp_obj_new_bytes(raw, len);
    mp_buffer_info_t info;
    if (g == G_DICE) {
        return out;
    }
    /* A bytes object is immutable to Python; this one is new and not yet shared. */
    mp_get_buffer_raise(out, &info, MP_BUFFER_READ);
    uint8_t *p = (uint8_t *)info.buf;
    for (size_t at = 0; at + size <= len; at += size) {
        if (g == G_LINE) {
            pintas_line_event e;
            memcpy(&e, p + at, sizeof(e));
            if ((e.kind == PINTAS_EV_DRAW || e.kind == PINTAS_EV_DEAL) && e.seat != seat) {
                e.tile = PINTAS_NO_TILE;
                memcpy(p + at, &e, sizeof(e));
            }
        } else {
            pintas_caminos_event e;
            memcpy(&e, p + at, sizeof(e));
            if ((e.kind == PINTAS_CAMINOS_EV_DRAW || e.kind == PINTAS_CAMINOS_EV_CHOOSE)
                && e.seat != seat) {
                e.tile = PINTAS_NO_TILE;
                memcpy(p + at, &e, sizeof(e));
            }
        }
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_3(hide_obj, hide);

/* The index (in events) of the last event of kind `deal` in a raw log, 0 if none. */
static size_t round_start(int g, const uint8_t *raw, size_t len) {
    size_t size = engine_of(g)->event_size, start = 0, i = 0;
    for (size_t at = 0; at + size <= len; at += size, i++) {
        if (raw[at] == 0) { /* every game's event struct starts with its kind; DEAL is 0 */
            start = i;
        }
    }
    return start;
}

/* round_start(g, raw) -> the index of the current round's deal event. */
static mp_obj_t round_start_fn(mp_obj_t g_in, mp_obj_t raw_in) {
    int g = game_of(g_in);
    size_t len;
    const uint8_t *raw = bytes_of(raw_in, &len);
    return MP_OBJ_NEW_SMALL_INT(g == G_DICE ? 0 : round_start(g, raw, len));
}
static MP_DEFINE_CONST_FUN_OBJ_2(round_start_obj, round_start_fn);

/* ---- every game --------------------------------------------------------- */

/* sizes(g) -> (state bytes, save bytes, event bytes, view blob bytes) */
static mp_obj_t sizes(mp_obj_t g_in) {
    const pintas_engine *e = engine_of(game_of(g_in));
    mp_obj_t t[4] = {
        MP_OBJ_NEW_SMALL_INT(e->state_size),
        MP_OBJ_NEW_SMALL_INT(e->save_size),
        MP_OBJ_NEW_SMALL_INT(e->event_size),
        MP_OBJ_NEW_SMALL_INT(e->state_size + BLOB_EXTRA),
    };
    return mp_obj_new_tuple(4, t);
}
static MP_DEFINE_CONST_FUN_OBJ_1(sizes_obj, sizes);

/* new(g, state, rules, seed, setup) -> raw events or a status. setup: a
 * tile game's deal or None; dice: (players, first player). */
static mp_obj_t new_game(size_t n_args, const mp_obj_t *args) {
    int g = game_of(args[0]);
    const pintas_engine *e = engine_of(g);
    uint64_t seed = seed_of(args[3]);
    any_state s;
    pintas_engine_events ev;
    size_t n = 0;
    int status;
    (void)n_args;
    memset(&s, 0, sizeof(s));
    if (g == G_DICE) {
        pintas_dice_rules r;
        mp_obj_t *f = items_of(args[4], 2);
        dice_rules_of(args[2], &r);
        status = pintas_dice_new(&s.dice, &r, (int)int_in(f[0], 0, 255),
                                 (int)int_in(f[1], 0, 255), seed);
    } else {
        pintas_engine_setup rules, deal;
        const void *dealt = NULL;
        if (g == G_LINE) {
            line_rules_of(args[2], (pintas_line_rules *)rules.bytes);
        } else {
            caminos_rules_of(args[2], (pintas_caminos_rules *)rules.bytes);
        }
        if (args[4] != mp_const_none) {
            if (g == G_LINE) {
                line_deal_of(args[4], (pintas_line_deal *)deal.bytes);
            } else {
                caminos_deal_of(args[4], (pintas_caminos_deal *)deal.bytes);
            }
            dealt = &deal;
        }
        status = e->start(&s, &rules, seed, dealt, &ev, e->max_events, &n);
    }
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    state_out(g, args[1], &s);
    return raw_events(g, &ev, n);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(new_obj, 5, 5, new_game);

/* set_deal(g, state, deal) -> raw events or a status (tile games). */
static mp_obj_t set_deal(mp_obj_t g_in, mp_obj_t st, mp_obj_t deal_in) {
    int g = game_of(g_in);
    const pintas_engine *e = engine_of(g);
    any_state s;
    pintas_engine_setup deal;
    pintas_engine_events ev;
    size_t n = 0;
    if (g == G_DICE) {
        bad();
    }
    state_in(g, st, &s);
    if (g == G_LINE) {
        line_deal_of(deal_in, (pintas_line_deal *)deal.bytes);
    } else {
        caminos_deal_of(deal_in, (pintas_caminos_deal *)deal.bytes);
    }
    int status = e->set_deal(&s, &deal, &ev, e->max_events, &n);
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    state_out(g, st, &s);
    return raw_events(g, &ev, n);
}
static MP_DEFINE_CONST_FUN_OBJ_3(set_deal_obj, set_deal);

/* The order of the dice binding: most points, then fewer dice, then the dice. */
static uint64_t keep_key(const pintas_dice_keep *k) {
    uint64_t lex = 0;
    int n = 0;
    for (int f = 1; f <= 6; f++) {
        for (unsigned c = PINTAS_DICE_SET_COUNT(k->keep, f); c; c--) {
            lex = lex * 7 + (uint64_t)f;
            n++;
        }
    }
    for (int c = n; c < 6; c++) {
        lex *= 7;
    }
    return ((uint64_t)(0x7FFFFFFF - k->points) << 32) | ((uint64_t)n << 24) | lex;
}

static void sort_keeps(pintas_dice_keep *ks, size_t n) {
    for (size_t i = 1; i < n; i++) {
        pintas_dice_keep x = ks[i];
        uint64_t kx = keep_key(&x);
        size_t j = i;
        while (j > 0 && keep_key(&ks[j - 1]) > kx) {
            ks[j] = ks[j - 1];
            j--;
        }
        ks[j] = x;
    }
}

/* legal(g, state) -> the move codes of the seat to move, in the engine's
 * order (dice: roll and bank, or the keeps, most points first). A view blob
 * will do for the seat it was made for. */
static mp_obj_t legal(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    any_state s;
    mp_obj_t out = mp_obj_new_list(0, NULL);
    state_in(g, st, &s);
    if (g == G_LINE) {
        pintas_line_move m[PINTAS_LINE_MAX_MOVES];
        size_t n = 0;
        pintas_line_legal(&s.line, m, PINTAS_LINE_MAX_MOVES, &n);
        for (size_t i = 0; i < n; i++) {
            mp_obj_list_append(out, MP_OBJ_NEW_SMALL_INT(line_code(&m[i])));
        }
    } else if (g == G_CAMINOS) {
        pintas_caminos_move m[PINTAS_CAMINOS_MAX_MOVES];
        size_t n = 0;
        pintas_caminos_legal(&s.cam, m, PINTAS_CAMINOS_MAX_MOVES, &n);
        for (size_t i = 0; i < n; i++) {
            mp_obj_list_append(out, MP_OBJ_NEW_SMALL_INT(caminos_code(&m[i])));
        }
    } else {
        pintas_dice_moves m;
        pintas_dice_legal(&s.dice, &m);
        if (m.n_keeps) {
            sort_keeps(m.keeps, m.n_keeps);
            for (size_t i = 0; i < m.n_keeps; i++) {
                mp_obj_list_append(out, MP_OBJ_NEW_SMALL_INT(
                                            PINTAS_DICE_KEEP | ((mp_int_t)m.keeps[i].keep << 5)));
            }
        } else {
            if (m.can_roll) {
                mp_obj_list_append(out, MP_OBJ_NEW_SMALL_INT(PINTAS_DICE_ROLL));
            }
            if (m.can_bank) {
                mp_obj_list_append(out, MP_OBJ_NEW_SMALL_INT(PINTAS_DICE_BANK));
            }
        }
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_2(legal_obj, legal);

/* check(g, state, code) -> the core's status for that move now. */
static mp_obj_t check(mp_obj_t g_in, mp_obj_t st, mp_obj_t code) {
    int g = game_of(g_in);
    any_state s;
    pintas_engine_move m;
    state_in(g, st, &s);
    move_of(g, code, &m);
    return MP_OBJ_NEW_SMALL_INT(engine_of(g)->check(&s, &m));
}
static MP_DEFINE_CONST_FUN_OBJ_3(check_obj, check);

/* play(g, state, code) -> raw events, or a status (and the state unchanged). */
static mp_obj_t play(mp_obj_t g_in, mp_obj_t st, mp_obj_t code) {
    int g = game_of(g_in);
    const pintas_engine *e = engine_of(g);
    any_state s;
    pintas_engine_move m;
    pintas_engine_events ev;
    size_t n = 0;
    state_in(g, st, &s);
    move_of(g, code, &m);
    int status = e->play(&s, &m, &ev, e->max_events, &n);
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    if (g == G_DICE) {
        dice_reasons(&s.dice, (pintas_dice_event *)ev.bytes, n);
    }
    state_out(g, st, &s);
    return raw_events(g, &ev, n);
}
static MP_DEFINE_CONST_FUN_OBJ_3(play_obj, play);

/* status(g, state) -> (seats, sides, over, to_move or -1, winners mask,
 * round, scores tuple). */
static mp_obj_t status(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    any_state s;
    pintas_engine_status out;
    mp_obj_t scores[PINTAS_ENGINE_MAX_SIDES];
    state_in(g, st, &s);
    memset(&out, 0, sizeof(out));
    if (engine_of(g)->status(&s, &out) != PINTAS_OK || out.sides > PINTAS_ENGINE_MAX_SIDES) {
        bad();
    }
    for (int i = 0; i < out.sides; i++) {
        scores[i] = mp_obj_new_int(out.score[i]);
    }
    mp_obj_t t[7] = {
        MP_OBJ_NEW_SMALL_INT(out.seats),
        MP_OBJ_NEW_SMALL_INT(out.sides),
        mp_obj_new_bool(out.over),
        MP_OBJ_NEW_SMALL_INT(out.over ? -1 : out.to_move),
        MP_OBJ_NEW_SMALL_INT(out.winners),
        MP_OBJ_NEW_SMALL_INT(out.round),
        mp_obj_new_tuple(out.sides, scores),
    };
    return mp_obj_new_tuple(7, t);
}
static MP_DEFINE_CONST_FUN_OBJ_2(status_obj, status);

/* turn(g, state) -> the seat to move, -1 once over (cheap). */
static mp_obj_t turn(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    any_state s;
    state_in(g, st, &s);
    return MP_OBJ_NEW_SMALL_INT(engine_of(g)->turn(&s));
}
static MP_DEFINE_CONST_FUN_OBJ_2(turn_obj, turn);

/* save(g, state) -> the core's save image (bytes). */
static mp_obj_t save(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    const pintas_engine *e = engine_of(g);
    any_state s;
    uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE + PINTAS_DICE_SAVE_SIZE + PINTAS_LINE_SAVE_SIZE];
    state_in(g, st, &s);
    if (e->save_size > sizeof(buf) || e->save(&s, buf, sizeof(buf)) != PINTAS_OK) {
        bad();
    }
    return mp_obj_new_bytes(buf, e->save_size);
}
static MP_DEFINE_CONST_FUN_OBJ_2(save_obj, save);

/* load(g, state, data) -> a status; the state is written only on success. */
static mp_obj_t load(mp_obj_t g_in, mp_obj_t st, mp_obj_t data) {
    int g = game_of(g_in);
    any_state s;
    size_t len;
    const uint8_t *p = bytes_of(data, &len);
    memset(&s, 0, sizeof(s));
    int status = engine_of(g)->load(&s, p, len);
    if (status == PINTAS_OK) {
        state_out(g, st, &s);
    }
    return MP_OBJ_NEW_SMALL_INT(status);
}
static MP_DEFINE_CONST_FUN_OBJ_3(load_obj, load);

/* reseed(g, state, seed) -> None; rng_same(g, a, b) -> True if the two
 * states' generators are alike (did a move draw from it?). */
static mp_obj_t reseed(mp_obj_t g_in, mp_obj_t st, mp_obj_t seed) {
    int g = game_of(g_in);
    any_state s;
    state_in(g, st, &s);
    engine_of(g)->reseed(&s, seed_of(seed));
    state_out(g, st, &s);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(reseed_obj, reseed);

static mp_obj_t rng_of(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    any_state s;
    state_in(g, st, &s);
    return mp_obj_new_bytes((const uint8_t *)&s + engine_of(g)->rng_offset, sizeof(pintas_rng));
}
static MP_DEFINE_CONST_FUN_OBJ_2(rng_obj, rng_of);

/* set_rng(g, state, rng bytes): put a generator saved by rng() back. */
static mp_obj_t set_rng(mp_obj_t g_in, mp_obj_t st, mp_obj_t rng) {
    int g = game_of(g_in);
    any_state s;
    size_t len;
    const uint8_t *p = bytes_of(rng, &len);
    if (len != sizeof(pintas_rng)) {
        bad();
    }
    state_in(g, st, &s);
    memcpy((uint8_t *)&s + engine_of(g)->rng_offset, p, len);
    state_out(g, st, &s);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(set_rng_obj, set_rng);

/* hands(g, state) -> every seat's hand as a mask (tile games). */
static mp_obj_t hands(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    any_state s;
    pintas_engine_status out;
    mp_obj_t t[PINTAS_ENGINE_MAX_SIDES];
    if (g == G_DICE) {
        bad();
    }
    state_in(g, st, &s);
    memset(&out, 0, sizeof(out));
    engine_of(g)->status(&s, &out);
    if (out.seats > PINTAS_ENGINE_MAX_SIDES) {
        bad();
    }
    for (int i = 0; i < out.seats; i++) {
        t[i] = new_mask(engine_of(g)->hand(&s, i));
    }
    return mp_obj_new_tuple(out.seats, t);
}
static MP_DEFINE_CONST_FUN_OBJ_2(hands_obj, hands);

/* view(g, state, seat) -> the view blob of `seat` (see the top of the file). */
static mp_obj_t view(mp_obj_t g_in, mp_obj_t st, mp_obj_t seat_in) {
    int g = game_of(g_in);
    const pintas_engine *e = engine_of(g);
    any_state s;
    uint8_t extra[BLOB_EXTRA];
    pintas_engine_status out;
    uint8_t blob[sizeof(any_state) + BLOB_EXTRA];
    state_in(g, st, &s);
    memset(&out, 0, sizeof(out));
    e->status(&s, &out);
    mp_int_t seat = int_in(seat_in, 0, out.seats ? out.seats - 1 : 0);
    memset(extra, 0, sizeof(extra));
    extra[BLOB_SEAT] = (uint8_t)seat;
    if (g != G_DICE) {
        for (int i = 0; i < out.seats && i < 8; i++) {
            extra[BLOB_SIZES + i] = (uint8_t)popcount(e->hand(&s, i));
        }
    }
    if (g == G_LINE) {
        pintas_line_state *l = &s.line;
        for (int i = 0; i < PINTAS_LINE_MAX_SEATS; i++) {
            if (i != seat) {
                l->hand[i] = 0;
            }
        }
        l->aside = 0;
        memset(l->boneyard, PINTAS_NO_TILE, sizeof(l->boneyard));
        if (seat != l->leader) {
            l->forced_tile = PINTAS_NO_TILE;
        }
    } else if (g == G_CAMINOS) {
        pintas_caminos_state *c = &s.cam;
        for (int i = 0; i < PINTAS_CAMINOS_MAX_SEATS; i++) {
            if (c->choice[i] < PINTAS_TILE_COUNT) {
                extra[BLOB_CHOSEN] |= (uint8_t)(1u << i);
            }
            if (i != seat) {
                c->hand[i] = 0;
                c->choice[i] = PINTAS_NO_TILE;
            }
        }
        memset(c->pile, PINTAS_NO_TILE, sizeof(c->pile));
    }
    memset((uint8_t *)&s + e->rng_offset, 0, sizeof(pintas_rng));
    memcpy(blob, &s, e->state_size);
    memcpy(blob + e->state_size, extra, BLOB_EXTRA);
    return mp_obj_new_bytes(blob, e->state_size + BLOB_EXTRA);
}
static MP_DEFINE_CONST_FUN_OBJ_3(view_obj, view);

/* ---- what each game shows ----------------------------------------------- */

/* line_info(state or blob) -> (leader, line: bytes of tile | 0x80 at the
 * right, ends (left, right) or None, end doubles (left, right), boneyard
 * size, forced tile (255: none), winner (255: none), end reason, passes,
 * last placer). */
static mp_obj_t line_info(mp_obj_t st) {
    any_state s;
    state_in(G_LINE, st, &s);
    const pintas_line_state *l = &s.line;
    size_t len = l->line_len <= PINTAS_TILE_COUNT ? l->line_len : 0;
    mp_obj_t ends = mp_const_none, doubles = mp_const_none;
    if (len) {
        mp_obj_t e[2] = {MP_OBJ_NEW_SMALL_INT(l->ends[0]), MP_OBJ_NEW_SMALL_INT(l->ends[1])};
        mp_obj_t d[2] = {mp_obj_new_bool(l->end_double[0]), mp_obj_new_bool(l->end_double[1])};
        ends = mp_obj_new_tuple(2, e);
        doubles = mp_obj_new_tuple(2, d);
    }
    mp_obj_t t[10] = {
        MP_OBJ_NEW_SMALL_INT(l->leader),
        mp_obj_new_bytes(l->line, len),
        ends,
        doubles,
        MP_OBJ_NEW_SMALL_INT(pintas_line_boneyard_size(l)),
        MP_OBJ_NEW_SMALL_INT(l->forced_tile),
        MP_OBJ_NEW_SMALL_INT(l->winner),
        MP_OBJ_NEW_SMALL_INT(l->end_reason),
        MP_OBJ_NEW_SMALL_INT(l->passes),
        MP_OBJ_NEW_SMALL_INT(l->last_placer),
    };
    return mp_obj_new_tuple(10, t);
}
static MP_DEFINE_CONST_FUN_OBJ_1(line_info_obj, line_info);

/* caminos_info(state or blob) -> (phase, starter, pile size, step,
 * contenders mask, out seat, last turns, passes, choices (bytes, 255: none),
 * discard mask, paths, pile (bytes, draw order), winners mask, revealed
 * masks). A path is None (no path in the slot) or (centre, front tiles,
 * back tiles, (front end, back end), (front free, back free)), tiles as
 * bytes of indices. */
static mp_obj_t caminos_info(mp_obj_t st) {
    any_state s;
    state_in(G_CAMINOS, st, &s);
    const pintas_caminos_state *c = &s.cam;
    mp_obj_t paths[PINTAS_CAMINOS_MAX_PATHS], revealed[PINTAS_CAMINOS_MAX_SEATS];
    int n_paths = c->rules.paths <= PINTAS_CAMINOS_MAX_PATHS ? c->rules.paths : 0;
    int side_tiles = c->rules.side_tiles;
    for (int i = 0; i < n_paths; i++) {
        const pintas_caminos_path *p = &c->path[i];
        if (p->centre >= PINTAS_TILE_COUNT) {
            paths[i] = mp_const_none;
            continue;
        }
        uint8_t fl = p->len[0] <= PINTAS_CAMINOS_MAX_SIDE ? p->len[0] : 0;
        uint8_t bl = p->len[1] <= PINTAS_CAMINOS_MAX_SIDE ? p->len[1] : 0;
        mp_obj_t e[2] = {MP_OBJ_NEW_SMALL_INT(p->end[0]), MP_OBJ_NEW_SMALL_INT(p->end[1])};
        mp_obj_t f[2] = {MP_OBJ_NEW_SMALL_INT(side_tiles - fl), MP_OBJ_NEW_SMALL_INT(side_tiles - bl)};
        mp_obj_t t[5] = {
            MP_OBJ_NEW_SMALL_INT(p->centre),
            mp_obj_new_bytes(p->tile[0], fl),
            mp_obj_new_bytes(p->tile[1], bl),
            mp_obj_new_tuple(2, e),
            mp_obj_new_tuple(2, f),
        };
        paths[i] = mp_obj_new_tuple(5, t);
    }
    int players = c->rules.players <= PINTAS_CAMINOS_MAX_SEATS ? c->rules.players : 0;
    for (int i = 0; i < players; i++) {
        revealed[i] = new_mask(c->revealed[i]);
    }
    mp_obj_t t[14] = {
        MP_OBJ_NEW_SMALL_INT(c->phase),
        MP_OBJ_NEW_SMALL_INT(c->starter),
        MP_OBJ_NEW_SMALL_INT(pintas_caminos_pile_size(c)),
        MP_OBJ_NEW_SMALL_INT(c->step),
        MP_OBJ_NEW_SMALL_INT(c->contenders),
        MP_OBJ_NEW_SMALL_INT(c->out_seat),
        MP_OBJ_NEW_SMALL_INT(c->last_turns),
        MP_OBJ_NEW_SMALL_INT(c->passes),
        mp_obj_new_bytes(c->choice, (size_t)players),
        new_mask(c->discard),
        mp_obj_new_tuple((size_t)n_paths, paths),
        mp_obj_new_bytes(c->pile, c->pile_len <= PINTAS_TILE_COUNT ? c->pile_len : 0),
        MP_OBJ_NEW_SMALL_INT(c->winners),
        mp_obj_new_tuple((size_t)players, revealed),
    };
    return mp_obj_new_tuple(14, t);
}
static MP_DEFINE_CONST_FUN_OBJ_1(caminos_info_obj, caminos_info);

/* dice_info(state or blob) -> (first player, phase, turn total, dice to
 * roll, last roll (bytes), pool (dice set), pool score, final turns left,
 * winner (255: none), final trigger, closed). */
static mp_obj_t dice_info(mp_obj_t st) {
    any_state s;
    state_in(G_DICE, st, &s);
    const pintas_dice_state *d = &s.dice;
    mp_obj_t t[11] = {
        MP_OBJ_NEW_SMALL_INT(d->first_player),
        MP_OBJ_NEW_SMALL_INT(d->phase),
        mp_obj_new_int(pintas_dice_turn_total(d)),
        MP_OBJ_NEW_SMALL_INT(pintas_dice_dice_to_roll(d)),
        mp_obj_new_bytes(d->last_roll, d->last_roll_len <= PINTAS_DICE_COUNT ? d->last_roll_len : 0),
        MP_OBJ_NEW_SMALL_INT(d->pool),
        mp_obj_new_int(d->pool_score),
        MP_OBJ_NEW_SMALL_INT(d->final_left),
        MP_OBJ_NEW_SMALL_INT(d->winner),
        MP_OBJ_NEW_SMALL_INT(d->final_trigger),
        mp_obj_new_int(d->closed),
    };
    return mp_obj_new_tuple(11, t);
}
static MP_DEFINE_CONST_FUN_OBJ_1(dice_info_obj, dice_info);

/* ---- the line games' players -------------------------------------------- */

/* What the blob's seat knows, as the search reads it: the round's public
 * actions from the (hidden) raw log. PINTAS_E_ARG for a log too long. */
static int line_info_of(const pintas_line_state *l, int seat, const uint8_t *raw, size_t len,
                        pintas_line_info *info) {
    size_t size = sizeof(pintas_line_event);
    memset(info, 0, sizeof(*info));
    info->rules = l->rules;
    for (int i = 0; i < PINTAS_LINE_MAX_SEATS; i++) {
        info->score[i] = l->score[i];
    }
    info->hand = l->hand[seat];
    info->seat = (uint8_t)seat;
    info->leader = l->leader;
    info->forced_tile = seat == l->leader ? l->forced_tile : PINTAS_NO_TILE;
    info->round = l->round;
    for (size_t at = round_start(G_LINE, raw, len) * size; at + size <= len; at += size) {
        pintas_line_event e;
        memcpy(&e, raw + at, size);
        if (e.kind != PINTAS_EV_PLAY && e.kind != PINTAS_EV_DRAW && e.kind != PINTAS_EV_PASS) {
            continue;
        }
        if (info->log_len >= PINTAS_LINE_INFO_MAX_LOG) {
            return PINTAS_E_ARG;
        }
        pintas_line_log_entry *x = &info->log[info->log_len++];
        x->kind = (uint8_t)(e.kind - PINTAS_EV_PLAY);
        x->seat = e.seat;
        x->tile = e.kind == PINTAS_EV_PLAY ? e.tile : PINTAS_NO_TILE;
        x->end = e.kind == PINTAS_EV_PLAY ? e.end : 0;
    }
    return PINTAS_OK;
}

/* The blob and hidden log of a view into the state and the seat's info. */
static int line_view_in(mp_obj_t blob, mp_obj_t raw_in, any_state *s, int *seat,
                        pintas_line_info *info) {
    size_t blen, len;
    const uint8_t *b = bytes_of(blob, &blen);
    const uint8_t *raw = bytes_of(raw_in, &len);
    if (blen != sizeof(pintas_line_state) + BLOB_EXTRA) {
        bad();
    }
    memcpy(s, b, sizeof(pintas_line_state));
    *seat = b[sizeof(pintas_line_state) + BLOB_SEAT];
    if (*seat >= PINTAS_LINE_MAX_SEATS) {
        bad();
    }
    return line_info_of(&s->line, *seat, raw, len, info);
}

/* line_search(blob, raw, seed, first, count, policy) -> (codes, totals,
 * samples, relaxed), or a status. */
/* The big structs of the players' calls live on the heap, not the C stack:
 * a board's stack is small, and the core's searches take their own share. */
typedef struct line_search_work {
    any_state s;
    pintas_line_info info;
    pintas_line_search_result r;
} line_search_work;

static mp_obj_t line_search(size_t n_args, const mp_obj_t *args) {
    line_search_work *w = m_new(line_search_work, 1);
    int seat;
    (void)n_args;
    int status = line_view_in(args[0], args[1], &w->s, &seat, &w->info);
    uint64_t seed = seed_of(args[2]);
    uint32_t first = (uint32_t)int_in(args[3], 0, 0x3FFFFFFF);
    uint32_t count = (uint32_t)int_in(args[4], 0, PINTAS_LINE_SEARCH_MAX_SAMPLES);
    int policy = (int)int_in(args[5], 0, 1);
    const pintas_line_search_result *r = &w->r;
    if (status == PINTAS_OK) {
        status = pintas_line_search_init(&w->info, &w->r);
    }
    if (status == PINTAS_OK) {
        status = pintas_line_search_run(&w->info, seed, first, count, policy, &w->r);
    }
    if (status != PINTAS_OK) {
        m_del(line_search_work, w, 1);
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    mp_obj_t codes = mp_obj_new_list(0, NULL), totals = mp_obj_new_list(0, NULL);
    for (uint32_t i = 0; i < r->n_moves; i++) {
        mp_obj_list_append(codes, MP_OBJ_NEW_SMALL_INT(line_code(&r->moves[i])));
        mp_obj_list_append(totals, new_int64(r->total[i]));
    }
    mp_obj_t t[4] = {codes, totals, mp_obj_new_int_from_uint(r->samples),
                     mp_obj_new_int_from_uint(r->relaxed)};
    m_del(line_search_work, w, 1);
    return mp_obj_new_tuple(4, t);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(line_search_obj, 6, 6, line_search);

static mp_obj_t masks_tuple(const uint8_t *values, int n) {
    mp_obj_t t[PINTAS_LINE_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        t[i] = MP_OBJ_NEW_SMALL_INT(values[i]);
    }
    return mp_obj_new_tuple((size_t)n, t);
}

/* line_knowledge(blob, raw) -> (unseen, not_held masks, voids masks (bit n:
 * lacks number n), hand counts, pile, to_move, last placer, passes), or a status. */
static mp_obj_t line_knowledge(mp_obj_t blob, mp_obj_t raw) {
    any_state s;
    int seat;
    pintas_line_info info;
    pintas_line_knowledge k;
    int status = line_view_in(blob, raw, &s, &seat, &info);
    if (status == PINTAS_OK) {
        status = pintas_line_knowledge_of(&info, &k);
    }
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    int players = info.rules.players <= PINTAS_LINE_MAX_SEATS ? info.rules.players : 0;
    mp_obj_t held[PINTAS_LINE_MAX_SEATS];
    for (int i = 0; i < players; i++) {
        held[i] = new_mask(k.not_held[i]);
    }
    mp_obj_t t[8] = {
        new_mask(k.unseen),
        mp_obj_new_tuple((size_t)players, held),
        masks_tuple(k.voids, players),
        masks_tuple(k.hand_count, players),
        MP_OBJ_NEW_SMALL_INT(k.pile_count),
        MP_OBJ_NEW_SMALL_INT(k.to_move),
        MP_OBJ_NEW_SMALL_INT(k.last_placer),
        MP_OBJ_NEW_SMALL_INT(k.passes),
    };
    return mp_obj_new_tuple(8, t);
}
static MP_DEFINE_CONST_FUN_OBJ_2(line_knowledge_obj, line_knowledge);

/* What the line players weigh, from a view: pintas.py's domino players are
 * these functions, in the same arithmetic (the same doubles in the same
 * order), so they choose as CPython's do on every port, whatever its floats. */
typedef struct line_table {
    const pintas_line_state *s;
    pintas_line_knowledge k;
    int seat, players, have_k;
    pintas_mask hand;
    int boneyard;
} line_table;

static int tile_has(uint8_t t, int n) {
    return pintas_tile_high(t) == n || pintas_tile_low(t) == n;
}

static int other_end(uint8_t t, int n) {
    return pintas_tile_high(t) == n ? pintas_tile_low(t) : pintas_tile_high(t);
}

/* The open numbers after placing tile at end, and the doubles at each end. */
static void line_ends_after(const line_table *t, int tile, int end, int ends[2], int dbl[2]) {
    int is_double = pintas_tile_high((uint8_t)tile) == pintas_tile_low((uint8_t)tile);
    if (t->s->line_len == 0) {
        ends[0] = pintas_tile_high((uint8_t)tile);
        ends[1] = pintas_tile_low((uint8_t)tile);
        dbl[0] = dbl[1] = is_double;
        return;
    }
    ends[0] = t->s->ends[0];
    ends[1] = t->s->ends[1];
    dbl[0] = t->s->end_double[0];
    dbl[1] = t->s->end_double[1];
    ends[end] = other_end((uint8_t)tile, ends[end]);
    dbl[end] = is_double;
}

static int line_side(const line_table *t, int seat) {
    return pintas_line_side_of(&t->s->rules, seat);
}

/* domino.players._sure_passes */
static int line_sure_passes(const line_table *t, int tile, int end) {
    int ends[2], dbl[2], lacking[PINTAS_LINE_MAX_SEATS], all = 1, passes = 0;
    line_ends_after(t, tile, end, ends, dbl);
    for (int s = 0; s < t->players; s++) {
        lacking[s] = (t->k.voids[s] >> ends[0] & 1) && (t->k.voids[s] >> ends[1] & 1);
        if (s != t->seat && !lacking[s]) {
            all = 0;
        }
    }
    if (all) {
        pintas_mask rest = t->hand & ~PINTAS_BIT(tile);
        int fits = 0;
        for (int x = 0; x < PINTAS_TILE_COUNT; x++) {
            if ((rest >> x & 1) && (tile_has((uint8_t)x, ends[0]) || tile_has((uint8_t)x, ends[1]))) {
                fits = 1;
            }
        }
        if (!fits) {
            return 0;
        }
    }
    int seat = (t->seat + 1) % t->players;
    while (seat != t->seat && lacking[seat]) {
        passes += line_side(t, seat) != line_side(t, t->seat);
        seat = (seat + 1) % t->players;
    }
    return passes;
}

/* domino.players.immediate_points of a play (tile at end). */
static int line_points(const line_table *t, int tile, int end) {
    const pintas_line_rules *r = &t->s->rules;
    if (r->game == PINTAS_LINE_MUGGINS) {
        int count;
        if (t->s->line_len == 0) {
            count = pintas_tile_pips((uint8_t)tile);
        } else {
            int ends[2], dbl[2];
            line_ends_after(t, tile, end, ends, dbl);
            count = ends[0] * (1 + dbl[0]) + ends[1] * (1 + dbl[1]);
        }
        return count > 0 && count % 5 == 0 ? count : 0;
    }
    if (r->game == PINTAS_LINE_CAPICUA && r->pass_points && popcount(t->hand) > 1
        && !t->boneyard && t->have_k) {
        return r->pass_points * line_sure_passes(t, tile, end);
    }
    return 0;
}

static void line_table_in(mp_obj_t blob, mp_obj_t raw, any_state *s, line_table *t,
                          int need_k) {
    pintas_line_info info;
    int status = line_view_in(blob, raw, s, &t->seat, &info);
    t->s = &s->line;
    t->players = s->line.rules.players;
    t->hand = s->line.hand[t->seat];
    t->boneyard = pintas_line_boneyard_size(&s->line);
    t->have_k = 0;
    if (need_k) {
        if (status == PINTAS_OK) {
            status = pintas_line_knowledge_of(&info, &t->k);
        }
        if (status != PINTAS_OK) {
            mp_raise_ValueError(MP_ERROR_TEXT("the view does not describe a round in play"));
        }
        t->have_k = 1;
    }
}

/* line_greedy(blob, raw, codes) -> the code GreedyPlayer plays: the most
 * points now, then the heaviest tile (most pips, then the higher end); the
 * first such in the list. */
static mp_obj_t line_greedy(mp_obj_t blob, mp_obj_t raw, mp_obj_t codes_in) {
    any_state s;
    line_table t;
    size_t n;
    mp_obj_t *codes;
    mp_obj_get_array(codes_in, &n, &codes);
    if (n == 0) {
        bad();
    }
    int pass_points = 0;
    line_table_in(blob, raw, &s, &t, 0);
    pass_points = s.line.rules.game == PINTAS_LINE_CAPICUA && s.line.rules.pass_points && n >= 2;
    if (pass_points) {
        line_table_in(blob, raw, &s, &t, 1);
    }
    size_t best = 0;
    int best_key[3] = {-1, -1, -1};
    for (size_t i = 0; i < n; i++) {
        mp_int_t code = int_in(codes[i], 0, LINE_PASS);
        int key[3] = {0, -1, -1};
        if (code < LINE_DRAW) {
            int tile = (int)(code >> 1);
            key[0] = line_points(&t, tile, (int)(code & 1));
            key[1] = pintas_tile_pips((uint8_t)tile);
            key[2] = pintas_tile_high((uint8_t)tile);
        }
        if (i == 0 || key[0] > best_key[0] || (key[0] == best_key[0] && (key[1] > best_key[1]
            || (key[1] == best_key[1] && key[2] > best_key[2])))) {
            best = i;
            memcpy(best_key, key, sizeof(key));
        }
    }
    return codes[best];
}
static MP_DEFINE_CONST_FUN_OBJ_3(line_greedy_obj, line_greedy);

/* A stable ranking, best first: CPython's sorted(..., reverse=True) on
 * (value, pips, high) keys keeps equal keys in their order. */
typedef struct ranked {
    double value;
    int pips, high;
    mp_obj_t code;
} ranked;

static int ranked_before(const ranked *a, const ranked *b) {
    if (a->value != b->value) {
        return a->value > b->value;
    }
    if (a->pips != b->pips) {
        return a->pips > b->pips;
    }
    return a->high > b->high;
}

static mp_obj_t ranked_list(ranked *r, size_t n) {
    for (size_t i = 1; i < n; i++) {
        ranked x = r[i];
        size_t j = i;
        while (j > 0 && ranked_before(&x, &r[j - 1])) {
            r[j] = r[j - 1];
            j--;
        }
        r[j] = x;
    }
    mp_obj_t out = mp_obj_new_list(0, NULL);
    for (size_t i = 0; i < n; i++) {
        mp_obj_list_append(out, r[i].code);
    }
    return out;
}

/* The weights of a Suit player, in tenths (default weights are exact there). */
static void weights_of(mp_obj_t o, double *w, size_t n) {
    mp_obj_t *items = items_of(o, n);
    for (size_t i = 0; i < n; i++) {
        /* (a native module gets the int as an unsigned word: make it signed first) */
        w[i] = (double)(mp_int_t)mp_obj_get_int(items[i]) / 10.0;
    }
}

/* line_suit(blob, raw, codes, weights) -> the codes ranked by SuitPlayer,
 * best first. weights in tenths: accompanied, playable_after, double,
 * stranding, opponent_lacks, partner_lacks, points, pips. */
static mp_obj_t line_suit(size_t n_args, const mp_obj_t *args) {
    any_state s;
    line_table t;
    size_t n;
    mp_obj_t *codes;
    double w[8];
    ranked *r;
    int out[7] = {0}, partner_lacking[7] = {0};
    double opponents_lacking[7] = {0};
    (void)n_args;
    mp_obj_get_array(args[2], &n, &codes);
    weights_of(args[3], w, 8);
    if (n > PINTAS_LINE_MAX_MOVES) {
        bad();
    }
    line_table_in(args[0], args[1], &s, &t, 1);
    r = m_new(ranked, n ? n : 1);
    const pintas_line_rules *rules = &s.line.rules;
    for (int i = 0; i < s.line.line_len && i < PINTAS_TILE_COUNT; i++) {
        uint8_t tile = s.line.line[i] & 0x7F;
        out[pintas_tile_high(tile)]++;
        if (pintas_tile_high(tile) != pintas_tile_low(tile)) {
            out[pintas_tile_low(tile)]++;
        }
    }
    int me = t.seat, nxt = (me + 1) % t.players;
    for (int seat = 0; seat < t.players; seat++) {
        if (seat == me) {
            continue;
        }
        int partner = rules->pairs && line_side(&t, seat) == line_side(&t, me);
        for (int num = 0; num < 7; num++) {
            if (!(t.k.voids[seat] >> num & 1)) {
                continue;
            }
            if (partner) {
                partner_lacking[num]++;
            } else {
                opponents_lacking[num] += seat == nxt ? 2.0 : 1.0;
            }
        }
    }
    for (size_t i = 0; i < n; i++) {
        mp_int_t code = int_in(codes[i], 0, LINE_PASS);
        r[i].code = codes[i];
        r[i].value = 0.0;
        r[i].pips = r[i].high = -1;
        if (code >= LINE_DRAW) {
            continue;
        }
        int tile = (int)(code >> 1), end = (int)(code & 1), ends[2], dbl[2];
        pintas_mask rest = t.hand & ~PINTAS_BIT(tile);
        int opened[2], n_opened;
        line_ends_after(&t, tile, end, ends, dbl);
        if (s.line.line_len == 0) {
            int hi = pintas_tile_high((uint8_t)tile), lo = pintas_tile_low((uint8_t)tile);
            /* set([high, low]) iterates in ascending order in CPython */
            opened[0] = lo < hi ? lo : hi;
            opened[1] = lo < hi ? hi : lo;
            n_opened = hi == lo ? 1 : 2;
        } else {
            opened[0] = ends[end];
            n_opened = 1;
        }
        double value = 0.0;
        for (int j = 0; j < n_opened; j++) {
            int num = opened[j], count = 0;
            for (int x = 0; x < PINTAS_TILE_COUNT; x++) {
                count += (rest >> x & 1) && tile_has((uint8_t)x, num);
            }
            value += w[0] * count;
            value += w[4] * opponents_lacking[num];
            value += w[5] * partner_lacking[num];
        }
        int playable = 0;
        for (int x = 0; x < PINTAS_TILE_COUNT; x++) {
            playable += (rest >> x & 1) && (tile_has((uint8_t)x, ends[0])
                                            || tile_has((uint8_t)x, ends[1]));
        }
        value += w[1] * playable;
        if (pintas_tile_high((uint8_t)tile) == pintas_tile_low((uint8_t)tile)) {
            value += w[2] + w[3] * out[pintas_tile_high((uint8_t)tile)];
        }
        value += w[6] * line_points(&t, tile, end);
        value += w[7] * pintas_tile_pips((uint8_t)tile);
        r[i].value = value;
        r[i].pips = pintas_tile_pips((uint8_t)tile);
        r[i].high = pintas_tile_high((uint8_t)tile);
    }
    mp_obj_t ranked_codes = ranked_list(r, n);
    m_del(ranked, r, n ? n : 1);
    return ranked_codes;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(line_suit_obj, 4, 4, line_suit);

/* line_points(blob, raw, code) -> immediate_points of that move. */
static mp_obj_t line_points_fn(mp_obj_t blob, mp_obj_t raw, mp_obj_t code_in) {
    any_state s;
    line_table t;
    mp_int_t code = int_in(code_in, 0, LINE_PASS);
    line_table_in(blob, raw, &s, &t, 0);
    if (s.line.rules.game == PINTAS_LINE_CAPICUA && s.line.rules.pass_points) {
        line_table_in(blob, raw, &s, &t, 1);
    }
    return MP_OBJ_NEW_SMALL_INT(code < LINE_DRAW ? line_points(&t, (int)(code >> 1), (int)(code & 1))
                                                 : 0);
}
static MP_DEFINE_CONST_FUN_OBJ_3(line_points_obj, line_points_fn);

/* ---- the Caminos players ------------------------------------------------ */

typedef struct cam_derived {
    pintas_caminos_cohort cohort[PINTAS_CAMINOS_MAX_SEATS][PINTAS_CAMINOS_SEARCH_MAX_COHORTS + 1];
    uint8_t n_cohorts[PINTAS_CAMINOS_MAX_SEATS];
    uint16_t since[PINTAS_TILE_COUNT];
    pintas_mask known[PINTAS_CAMINOS_MAX_SEATS];
} cam_derived;

/* The numbers the open sides of the replayed slots show (bit n). */
static int cam_open_numbers(const int8_t slot_end[][2], const uint8_t slot_len[][2],
                            const uint8_t *present, int paths, int side_tiles) {
    int numbers = 0;
    for (int i = 0; i < paths; i++) {
        if (!present[i]) {
            continue;
        }
        for (int side = 0; side < 2; side++) {
            if (slot_len[i][side] < side_tiles) {
                numbers |= 1 << slot_end[i][side];
            }
        }
    }
    return numbers;
}

/* caminos._search.derive over a raw (hidden) log, plus the tiles known to be
 * in each hand (revealed this round and not placed since). */
static void cam_derive(const pintas_caminos_rules *r, const uint8_t *raw, size_t len,
                       cam_derived *d) {
    size_t size = sizeof(pintas_caminos_event);
    int8_t slot_end[PINTAS_CAMINOS_MAX_PATHS][2];
    uint8_t slot_len[PINTAS_CAMINOS_MAX_PATHS][2], present[PINTAS_CAMINOS_MAX_PATHS];
    pintas_mask placed[PINTAS_CAMINOS_MAX_SEATS], shown[PINTAS_CAMINOS_MAX_SEATS];
    int players = r->players, paths = r->paths;
    memset(d, 0, sizeof(*d));
    memset(present, 0, sizeof(present));
    memset(placed, 0, sizeof(placed));
    memset(shown, 0, sizeof(shown));
    for (int s = 0; s < players; s++) {
        d->cohort[s][0].tiles = r->hand_size;
        d->n_cohorts[s] = 1;
    }
    size_t pos = 0;
    for (size_t at = round_start(G_CAMINOS, raw, len) * size; at + size <= len; at += size, pos++) {
        pintas_caminos_event e;
        memcpy(&e, raw + at, size);
        int seat_ok = e.seat < players, path_ok = e.path < paths;
        if (e.kind == PINTAS_CAMINOS_EV_PATH && path_ok && e.tile < PINTAS_TILE_COUNT) {
            present[e.path] = 1;
            slot_end[e.path][0] = (int8_t)pintas_tile_high(e.tile);
            slot_end[e.path][1] = (int8_t)pintas_tile_low(e.tile);
            slot_len[e.path][0] = slot_len[e.path][1] = 0;
        } else if (e.kind == PINTAS_CAMINOS_EV_PLACE && path_ok && present[e.path]
                   && e.tile < PINTAS_TILE_COUNT && e.side < 2) {
            slot_len[e.path][e.side]++;
            slot_end[e.path][e.side] = (int8_t)other_end(e.tile, slot_end[e.path][e.side]);
            if (seat_ok) {
                placed[e.seat] |= PINTAS_BIT(e.tile);
            }
        } else if (e.kind == PINTAS_CAMINOS_EV_CLOSE) {
            if (e.reason == PINTAS_CAMINOS_WHY_RENEW) {
                for (int t = 0; t < PINTAS_TILE_COUNT; t++) {
                    if (e.tiles >> t & 1) {
                        d->since[t] = pos > 0xFFFF ? 0xFFFF : (uint16_t)pos;
                    }
                }
            } else if (e.reason == PINTAS_CAMINOS_WHY_DISCARD && path_ok) {
                present[e.path] = 0;
            }
        } else if (e.kind == PINTAS_CAMINOS_EV_NO_PATH && path_ok) {
            present[e.path] = 0;
        } else if (e.kind == PINTAS_CAMINOS_EV_REVEAL && seat_ok && e.tile < PINTAS_TILE_COUNT) {
            shown[e.seat] |= PINTAS_BIT(e.tile);
        } else if ((e.kind == PINTAS_CAMINOS_EV_DRAW || e.kind == PINTAS_CAMINOS_EV_PASS)
                   && seat_ok) {
            pintas_caminos_cohort *c = d->cohort[e.seat];
            uint8_t *n = &d->n_cohorts[e.seat];
            c[*n - 1].voids |= (uint8_t)cam_open_numbers(slot_end, slot_len, present, paths,
                                                         r->side_tiles);
            if (e.kind == PINTAS_CAMINOS_EV_DRAW) {
                if (*n > PINTAS_CAMINOS_SEARCH_MAX_COHORTS) {
                    /* merge the two oldest draws: the newer one's constraint is the looser */
                    c[2].tiles = (uint8_t)(c[2].tiles + c[1].tiles);
                    memmove(&c[1], &c[2], (size_t)(*n - 2) * sizeof(c[0]));
                    (*n)--;
                }
                c[*n].at = pos > 0xFFFF ? 0xFFFF : (uint16_t)pos;
                c[*n].tiles = 1;
                c[*n].voids = 0;
                (*n)++;
            }
        }
    }
    for (int s = 0; s < players; s++) {
        while (d->n_cohorts[s] > PINTAS_CAMINOS_SEARCH_MAX_COHORTS) {
            pintas_caminos_cohort *c = d->cohort[s];
            c[2].tiles = (uint8_t)(c[2].tiles + c[1].tiles);
            memmove(&c[1], &c[2], (size_t)(d->n_cohorts[s] - 2) * sizeof(c[0]));
            d->n_cohorts[s]--;
        }
        d->known[s] = shown[s] & ~placed[s];
    }
}

typedef struct cam_view {
    any_state s;
    int seat;
    uint8_t sizes[PINTAS_CAMINOS_MAX_SEATS];
    cam_derived d;
} cam_view;

static void cam_view_in(mp_obj_t blob, mp_obj_t raw_in, cam_view *v) {
    size_t blen, len;
    const uint8_t *b = bytes_of(blob, &blen);
    const uint8_t *raw = bytes_of(raw_in, &len);
    if (blen != sizeof(pintas_caminos_state) + BLOB_EXTRA) {
        bad();
    }
    memcpy(&v->s, b, sizeof(pintas_caminos_state));
    memcpy(v->sizes, b + sizeof(pintas_caminos_state) + BLOB_SIZES, PINTAS_CAMINOS_MAX_SEATS);
    v->seat = b[sizeof(pintas_caminos_state) + BLOB_SEAT];
    const pintas_caminos_rules *r = &v->s.cam.rules;
    if (v->seat >= PINTAS_CAMINOS_MAX_SEATS || r->players > PINTAS_CAMINOS_MAX_SEATS
        || r->paths > PINTAS_CAMINOS_MAX_PATHS || r->side_tiles > PINTAS_CAMINOS_MAX_SIDE) {
        bad();
    }
    cam_derive(r, raw, len, &v->d);
}

/* The seat's search info: caminos._search.Info._fill. */
static void cam_info_of(const cam_view *v, pintas_caminos_info *k) {
    const pintas_caminos_state *c = &v->s.cam;
    memset(k, 0, sizeof(*k));
    k->rules = c->rules;
    for (int i = 0; i < PINTAS_CAMINOS_MAX_PATHS; i++) {
        k->path[i].centre = PINTAS_NO_TILE;
        memset(k->path[i].tile, PINTAS_NO_TILE, sizeof(k->path[i].tile));
    }
    for (int i = 0; i < c->rules.paths; i++) {
        const pintas_caminos_path *p = &c->path[i];
        if (p->centre >= PINTAS_TILE_COUNT) {
            continue;
        }
        k->path[i].centre = p->centre;
        for (int side = 0; side < 2; side++) {
            k->path[i].len[side] = p->len[side];
            k->path[i].end[side] = p->end[side];
            for (int j = 0; j < p->len[side] && j < PINTAS_CAMINOS_MAX_SIDE; j++) {
                k->path[i].tile[side][j] = p->tile[side][j];
            }
        }
    }
    k->hand = c->hand[v->seat];
    k->discard = c->discard;
    k->seat = (uint8_t)v->seat;
    k->pile_len = c->pile_len;
    k->passes = c->passes;
    k->out_seat = c->out_seat;
    k->last_turns = c->last_turns;
    k->starter = c->starter;
    memcpy(k->since, v->d.since, sizeof(k->since));
    for (int s = 0; s < c->rules.players; s++) {
        k->hand_len[s] = v->sizes[s];
        if (s != v->seat) {
            k->known[s] = v->d.known[s];
        }
        k->n_cohorts[s] = v->d.n_cohorts[s];
        memcpy(k->cohort[s], v->d.cohort[s], sizeof(k->cohort[s]));
    }
}

/* caminos_search(blob, raw, seed, first, count) -> (codes, sums, samples,
 * relaxed), or a status (-1: the view is not a consistent position). */
typedef struct cam_search_work {
    cam_view v;
    pintas_caminos_info info;
    pintas_caminos_search_result r;
} cam_search_work;

static mp_obj_t caminos_search(size_t n_args, const mp_obj_t *args) {
    uint64_t seed = seed_of(args[2]);
    uint32_t first = (uint32_t)int_in(args[3], 0, 0x3FFFFFFF);
    uint32_t count = (uint32_t)int_in(args[4], 0, PINTAS_CAMINOS_SEARCH_MAX_SAMPLES);
    cam_search_work *w = m_new(cam_search_work, 1);
    const pintas_caminos_search_result *r = &w->r;
    (void)n_args;
    cam_view_in(args[0], args[1], &w->v);
    cam_info_of(&w->v, &w->info);
    int status = pintas_caminos_info_check(&w->info);
    if (status == PINTAS_OK) {
        status = pintas_caminos_search(&w->info, seed, first, count, &w->r);
    }
    if (status != PINTAS_OK) {
        m_del(cam_search_work, w, 1);
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    mp_obj_t codes = mp_obj_new_list(0, NULL), sums = mp_obj_new_list(0, NULL);
    for (uint32_t i = 0; i < r->n_moves; i++) {
        mp_obj_list_append(codes, MP_OBJ_NEW_SMALL_INT(caminos_code(&r->move[i])));
        mp_obj_list_append(sums, new_int64(r->sum[i]));
    }
    mp_obj_t t[4] = {codes, sums, mp_obj_new_int_from_uint(r->samples),
                     mp_obj_new_int_from_uint(r->relaxed)};
    m_del(cam_search_work, w, 1);
    return mp_obj_new_tuple(4, t);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(caminos_search_obj, 5, 5, caminos_search);

/* caminos_known(blob, raw) -> (cohorts per seat as (at, tiles, voids)
 * tuples, since per tile, known masks per seat). */
static mp_obj_t caminos_known(mp_obj_t blob, mp_obj_t raw) {
    cam_view v;
    cam_view_in(blob, raw, &v);
    int players = v.s.cam.rules.players;
    mp_obj_t cohorts[PINTAS_CAMINOS_MAX_SEATS], known[PINTAS_CAMINOS_MAX_SEATS];
    mp_obj_t since[PINTAS_TILE_COUNT];
    for (int s = 0; s < players; s++) {
        mp_obj_t list = mp_obj_new_list(0, NULL);
        for (int i = 0; i < v.d.n_cohorts[s]; i++) {
            const pintas_caminos_cohort *c = &v.d.cohort[s][i];
            mp_obj_t t[3] = {MP_OBJ_NEW_SMALL_INT(c->at), MP_OBJ_NEW_SMALL_INT(c->tiles),
                             MP_OBJ_NEW_SMALL_INT(c->voids)};
            mp_obj_list_append(list, mp_obj_new_tuple(3, t));
        }
        cohorts[s] = list;
        known[s] = new_mask(v.d.known[s]);
    }
    for (int i = 0; i < PINTAS_TILE_COUNT; i++) {
        since[i] = MP_OBJ_NEW_SMALL_INT(v.d.since[i]);
    }
    mp_obj_t t[3] = {mp_obj_new_tuple((size_t)players, cohorts),
                     mp_obj_new_tuple(PINTAS_TILE_COUNT, since),
                     mp_obj_new_tuple((size_t)players, known)};
    return mp_obj_new_tuple(3, t);
}
static MP_DEFINE_CONST_FUN_OBJ_2(caminos_known_obj, caminos_known);

/* The number a side takes (-1: none), as Path.numbers. */
static int cam_number(const pintas_caminos_state *c, int path, int side) {
    const pintas_caminos_path *p = &c->path[path];
    if (p->centre >= PINTAS_TILE_COUNT || p->len[side] >= c->rules.side_tiles) {
        return -1;
    }
    return p->end[side];
}

/* caminos_greedy(blob, codes) -> GreedyPlayer's placement. */
static mp_obj_t caminos_greedy(mp_obj_t blob, mp_obj_t codes_in) {
    size_t n, blen;
    mp_obj_t *codes;
    any_state s;
    const uint8_t *b = bytes_of(blob, &blen);
    if (blen != sizeof(pintas_caminos_state) + BLOB_EXTRA) {
        bad();
    }
    memcpy(&s, b, sizeof(pintas_caminos_state));
    const pintas_caminos_state *c = &s.cam;
    int seat = b[sizeof(pintas_caminos_state) + BLOB_SEAT];
    mp_obj_get_array(codes_in, &n, &codes);
    if (n == 0 || seat >= PINTAS_CAMINOS_MAX_SEATS || c->rules.paths > PINTAS_CAMINOS_MAX_PATHS) {
        bad();
    }
    size_t best = 0;
    int best_key[5] = {0};
    for (size_t i = 0; i < n; i++) {
        mp_int_t code = int_in(codes[i], 0, CAM_REVEAL - 1);
        int tile = (int)(code >> 4), path = (int)((code >> 1) & 7), side = (int)(code & 1);
        if (path >= c->rules.paths || c->path[path].centre >= PINTAS_TILE_COUNT) {
            bad();
        }
        const pintas_caminos_path *p = &c->path[path];
        int free_[2] = {c->rules.side_tiles - p->len[0], c->rules.side_tiles - p->len[1]};
        int shown = 0; /* the numbers open after the move (bit n) */
        for (int q = 0; q < c->rules.paths; q++) {
            int numbers[2] = {cam_number(c, q, 0), cam_number(c, q, 1)};
            if (q == path) {
                int f[2] = {free_[0], free_[1]};
                f[side]--;
                int after = other_end((uint8_t)tile, p->end[side]);
                numbers[side] = f[side] ? after : -1;
                if (f[0] == 0 && f[1] == 0) {
                    numbers[0] = numbers[1] = -1;
                }
            }
            for (int k = 0; k < 2; k++) {
                if (numbers[k] >= 0) {
                    shown |= 1 << numbers[k];
                }
            }
        }
        pintas_mask rest = c->hand[seat] & ~PINTAS_BIT(tile);
        int playable = 0;
        for (int x = 0; x < PINTAS_TILE_COUNT; x++) {
            playable += (rest >> x & 1) && ((shown >> pintas_tile_high((uint8_t)x) & 1)
                                            || (shown >> pintas_tile_low((uint8_t)x) & 1));
        }
        int key[5] = {playable, free_[0] + free_[1] == 1,
                      pintas_tile_high((uint8_t)tile) == pintas_tile_low((uint8_t)tile),
                      pintas_tile_pips((uint8_t)tile), pintas_tile_high((uint8_t)tile)};
        int better = i == 0;
        for (int k = 0; k < 5 && !better; k++) {
            if (key[k] != best_key[k]) {
                better = key[k] > best_key[k];
                break;
            }
        }
        if (better) {
            best = i;
            memcpy(best_key, key, sizeof(key));
        }
    }
    return codes[best];
}
static MP_DEFINE_CONST_FUN_OBJ_2(caminos_greedy_obj, caminos_greedy);

/* caminos_suit(blob, raw, codes, weights) -> the placements ranked by
 * SuitPlayer, best first. weights in tenths: reach, depth, hardness,
 * double, starve, block. */
typedef struct cam_suit_work {
    cam_view v;
    ranked r[PINTAS_CAMINOS_MAX_MOVES];
} cam_suit_work;

static mp_obj_t caminos_suit(size_t n_args, const mp_obj_t *args) {
    size_t n;
    mp_obj_t *codes;
    double w[6];
    (void)n_args;
    mp_obj_get_array(args[2], &n, &codes);
    weights_of(args[3], w, 6);
    if (n > PINTAS_CAMINOS_MAX_MOVES) {
        bad();
    }
    cam_suit_work *work = m_new(cam_suit_work, 1);
    const cam_view *vp = &work->v;
    ranked *r = work->r;
    cam_view_in(args[0], args[1], &work->v);
    const pintas_caminos_state *c = &vp->s.cam;
    int players = c->rules.players, side_tiles = c->rules.side_tiles;
    /* the open sides, in path order then front before back: (path, side, number, length) */
    int side_path[2 * PINTAS_CAMINOS_MAX_PATHS], side_side[2 * PINTAS_CAMINOS_MAX_PATHS];
    int side_num[2 * PINTAS_CAMINOS_MAX_PATHS], side_len[2 * PINTAS_CAMINOS_MAX_PATHS];
    int n_sides = 0;
    for (int q = 0; q < c->rules.paths; q++) {
        const pintas_caminos_path *p = &c->path[q];
        if (p->centre >= PINTAS_TILE_COUNT) {
            continue;
        }
        for (int side = 0; side < 2; side++) {
            if (side_tiles - p->len[side] > 0) {
                side_path[n_sides] = q;
                side_side[n_sides] = side;
                side_num[n_sides] = p->end[side];
                side_len[n_sides] = p->len[side];
                n_sides++;
            }
        }
    }
    /* _known_lacks: per seat, the voids of its newest cohort and the one before */
    int lacks[PINTAS_CAMINOS_MAX_SEATS] = {0};
    if (c->phase == PINTAS_CAMINOS_PLAYING) {
        for (int s = 0; s < players; s++) {
            int nc = vp->d.n_cohorts[s];
            lacks[s] = vp->d.cohort[s][nc - 1].voids;
            if (nc > 1) {
                lacks[s] |= vp->d.cohort[s][nc - 2].voids;
            }
        }
    }
    pintas_mask hand = c->hand[vp->seat];
    for (size_t i = 0; i < n; i++) {
        mp_int_t code = int_in(codes[i], 0, CAM_REVEAL - 1);
        int tile = (int)(code >> 4), path = (int)((code >> 1) & 7), side = (int)(code & 1);
        int after[2 * PINTAS_CAMINOS_MAX_PATHS], n_after = 0, counts[7] = {0};
        for (int k = 0; k < n_sides; k++) {
            if (side_path[k] != path || side_side[k] != side) {
                after[n_after++] = side_num[k];
            } else if (side_len[k] + 1 < side_tiles) {
                after[n_after++] = other_end((uint8_t)tile, side_num[k]);
            }
        }
        for (int k = 0; k < n_after; k++) {
            counts[after[k]]++;
        }
        pintas_mask rest = hand & ~PINTAS_BIT(tile);
        int reach = 0, depth = 0, fits_now = 0;
        for (int x = 0; x < PINTAS_TILE_COUNT; x++) {
            if (!(rest >> x & 1)) {
                continue;
            }
            int hi = pintas_tile_high((uint8_t)x), lo = pintas_tile_low((uint8_t)x);
            int ways = counts[hi] + (lo != hi ? counts[lo] : 0);
            reach += ways > 0;
            depth += ways > 1;
        }
        for (int k = 0; k < n_sides; k++) {
            fits_now += tile_has((uint8_t)tile, side_num[k]);
        }
        int is_double = pintas_tile_high((uint8_t)tile) == pintas_tile_low((uint8_t)tile);
        double value = w[0] * reach + w[1] * depth - w[2] * fits_now + w[3] * is_double;
        /* _usable_by_next and _next_blocked */
        double usable_total = 0.0;
        for (int distance = 0; distance < players - 1; distance++) {
            int seat = (vp->seat + 1 + distance) % players;
            if (!lacks[seat]) {
                continue;
            }
            int usable = 0;
            for (int k = 0; k < n_after; k++) {
                usable += !(lacks[seat] >> after[k] & 1);
            }
            usable_total += (double)usable / (double)(1 + distance);
        }
        int next = (vp->seat + 1) % players, blocked = 0;
        if (lacks[next]) {
            blocked = 1;
            for (int k = 0; k < n_after; k++) {
                if (!(lacks[next] >> after[k] & 1)) {
                    blocked = 0;
                }
            }
        }
        value -= w[4] * usable_total + w[5] * blocked;
        r[i].code = codes[i];
        r[i].value = value;
        r[i].pips = pintas_tile_pips((uint8_t)tile);
        r[i].high = pintas_tile_high((uint8_t)tile);
    }
    mp_obj_t ranked_codes = ranked_list(r, n);
    m_del(cam_suit_work, work, 1);
    return ranked_codes;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(caminos_suit_obj, 4, 4, caminos_suit);

/* ---- dice: scoring and the optimal policy -------------------------------- */

static pintas_dice_set dice_set_of(mp_obj_t o) {
    mp_int_t v = int_in(o, 0, PINTAS_DICE_SET_BITS);
    if (!pintas_dice_set_is_valid((pintas_dice_set)v)) {
        bad();
    }
    return (pintas_dice_set)v;
}

/* dice_keeps(rules, roll, pool) -> the legal keeps as (set, points), most
 * points first; dice_keep_score(rules, set) -> score or -1; dice_is_doom. */
static mp_obj_t dice_keeps(mp_obj_t rules_in, mp_obj_t roll_in, mp_obj_t pool_in) {
    pintas_dice_rules r;
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0;
    dice_rules_of(rules_in, &r);
    int status = pintas_dice_keeps_rules(&r, dice_set_of(roll_in), dice_set_of(pool_in), ks,
                                         PINTAS_DICE_MAX_KEEPS, &n);
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    sort_keeps(ks, n);
    mp_obj_t out = mp_obj_new_list(0, NULL);
    for (size_t i = 0; i < n; i++) {
        mp_obj_t t[2] = {MP_OBJ_NEW_SMALL_INT(ks[i].keep), mp_obj_new_int(ks[i].points)};
        mp_obj_list_append(out, mp_obj_new_tuple(2, t));
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_3(dice_keeps_obj, dice_keeps);

static mp_obj_t dice_keep_score(mp_obj_t rules_in, mp_obj_t set_in) {
    pintas_dice_rules r;
    dice_rules_of(rules_in, &r);
    return mp_obj_new_int(pintas_dice_score_rules(&r, dice_set_of(set_in)));
}
static MP_DEFINE_CONST_FUN_OBJ_2(dice_keep_score_obj, dice_keep_score);

static mp_obj_t dice_is_doom(mp_obj_t rules_in, mp_obj_t set_in) {
    pintas_dice_rules r;
    dice_rules_of(rules_in, &r);
    return mp_obj_new_bool(pintas_dice_is_doom(&r, dice_set_of(set_in)) == 1);
}
static MP_DEFINE_CONST_FUN_OBJ_2(dice_is_doom_obj, dice_is_doom);

/* dice_check_rules(rules) -> the core's status; dice_unit(rules). */
static mp_obj_t dice_check_rules(mp_obj_t rules_in) {
    pintas_dice_rules r;
    dice_rules_of(rules_in, &r);
    mp_obj_t t[2] = {MP_OBJ_NEW_SMALL_INT(pintas_dice_rules_check(&r)),
                     mp_obj_new_int(pintas_dice_rules_unit(&r))};
    return mp_obj_new_tuple(2, t);
}

/* check_rules(g, rules) -> the core's status on tile-game rules. */
static mp_obj_t check_rules(mp_obj_t g_in, mp_obj_t rules_in) {
    int g = game_of(g_in);
    if (g == G_LINE) {
        pintas_line_rules r;
        line_rules_of(rules_in, &r);
        return MP_OBJ_NEW_SMALL_INT(pintas_line_rules_check(&r));
    }
    if (g == G_CAMINOS) {
        pintas_caminos_rules r;
        caminos_rules_of(rules_in, &r);
        return MP_OBJ_NEW_SMALL_INT(pintas_caminos_rules_check(&r));
    }
    return dice_check_rules(rules_in);
}
static MP_DEFINE_CONST_FUN_OBJ_2(check_rules_obj, check_rules);

/* dice_solve_size(rules, cap) -> workspace bytes (0: cannot). */
static mp_obj_t dice_solve_size(mp_obj_t rules_in, mp_obj_t cap_in) {
    pintas_dice_rules r;
    dice_rules_of(rules_in, &r);
    return mp_obj_new_int_from_uint(
        pintas_dice_solve_workspace_size_cap(&r, (uint32_t)int_in(cap_in, 0, 0x3FFFFFFF)));
}
static MP_DEFINE_CONST_FUN_OBJ_2(dice_solve_size_obj, dice_solve_size);

/* The policy in a workspace bytearray: its first 8-byte aligned byte. */
static const pintas_dice_policy *policy_of(mp_obj_t ws) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(ws, &info, MP_BUFFER_READ);
    uintptr_t base = ((uintptr_t)info.buf + 7u) & ~(uintptr_t)7u;
    if (info.len < sizeof(pintas_dice_policy) + 8) {
        bad();
    }
    return (const pintas_dice_policy *)base;
}

/* dice_solve(rules, cap, workspace) -> a status; the workspace becomes the policy. */
static mp_obj_t dice_solve(mp_obj_t rules_in, mp_obj_t cap_in, mp_obj_t ws) {
    pintas_dice_rules r;
    mp_buffer_info_t info;
    const pintas_dice_policy *p = NULL;
    dice_rules_of(rules_in, &r);
    mp_get_buffer_raise(ws, &info, MP_BUFFER_WRITE);
    uintptr_t base = ((uintptr_t)info.buf + 7u) & ~(uintptr_t)7u;
    size_t skip = base - (uintptr_t)info.buf;
    if (info.len < skip + 8) {
        bad();
    }
    int status = pintas_dice_solve(&r, (uint32_t)int_in(cap_in, 0, 0x3FFFFFFF), (void *)base,
                                   info.len - skip, &p);
    if (status == PINTAS_OK && (uintptr_t)p != base) {
        bad(); /* the policy must start the workspace: policy_of finds it there */
    }
    return MP_OBJ_NEW_SMALL_INT(status);
}
static MP_DEFINE_CONST_FUN_OBJ_3(dice_solve_obj, dice_solve);

static int dice_size(pintas_dice_set s) {
    int n = 0;
    for (int f = 1; f <= 6; f++) {
        n += (int)PINTAS_DICE_SET_COUNT(s, f);
    }
    return n;
}

/* Policy._keep_value: reach pool + keep at total + points, then bank or roll. */
static double dice_keep_value(const pintas_dice_policy *p, pintas_dice_set pool, int32_t t,
                              const pintas_dice_keep *k) {
    pintas_dice_set after = pool + k->keep;
    int32_t total = t + k->points;
    double roll = 0.0;
    if (dice_size(after) == 6) {
        pintas_dice_policy_roll_value(p, 0, total, &roll);
        if (p->table.rules.hot_dice == PINTAS_DICE_HOT_MUST) {
            return roll;
        }
        return roll > total ? roll : total;
    }
    pintas_dice_policy_roll_value(p, after, total, &roll);
    return roll > total ? roll : total;
}

/* dice_policy(workspace, op, a, b, c): op 0 expected; 1 roll_value(pool a,
 * total b); 2 should_bank(pool a, total b); 3 best_keep(roll a, pool b,
 * total c) -> (set, points) or None; 4 threshold(pool a). */
static mp_obj_t dice_policy(size_t n_args, const mp_obj_t *args) {
    const pintas_dice_policy *p = policy_of(args[0]);
    mp_int_t op = int_in(args[1], 0, 4);
    (void)n_args;
    if (op == 0) {
        return mp_obj_new_float((mp_float_t)pintas_dice_policy_expected(p));
    }
    if (op == 1) {
        double v = 0.0;
        pintas_dice_policy_roll_value(p, dice_set_of(args[2]), (int32_t)int_in(args[3], 0, 0x3FFFFFFF), &v);
        return mp_obj_new_float((mp_float_t)v);
    }
    if (op == 2) {
        pintas_dice_set pool = dice_set_of(args[2]);
        int32_t t = (int32_t)int_in(args[3], 0, 0x3FFFFFFF);
        if (pool == 0 && (t == 0 || p->table.rules.hot_dice == PINTAS_DICE_HOT_MUST)) {
            return mp_const_false;
        }
        return mp_obj_new_bool(pintas_dice_policy_should_bank(p, pool, t) == 1);
    }
    if (op == 3) {
        pintas_dice_set roll = dice_set_of(args[2]), pool = dice_set_of(args[3]);
        int32_t t = (int32_t)int_in(args[4], 0, 0x3FFFFFFF);
        pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
        size_t n = 0, best = 0;
        double best_v = -1.0;
        if (pintas_dice_keeps(&p->table, roll, pool, ks, PINTAS_DICE_MAX_KEEPS, &n) != PINTAS_OK
            || n == 0) {
            return mp_const_none;
        }
        sort_keeps(ks, n);
        for (size_t i = 0; i < n; i++) {
            double v = dice_keep_value(p, pool, t, &ks[i]);
            if (v > best_v + 1e-9) {
                best_v = v;
                best = i;
            }
        }
        mp_obj_t t2[2] = {MP_OBJ_NEW_SMALL_INT(ks[best].keep), mp_obj_new_int(ks[best].points)};
        return mp_obj_new_tuple(2, t2);
    }
    int32_t th = 0;
    pintas_dice_policy_threshold(p, dice_set_of(args[2]), &th);
    return mp_obj_new_int(th);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(dice_policy_obj, 3, 5, dice_policy);

/* ---- saves and seeded players ------------------------------------------- */

/* blake2b(data, size) -> BLAKE2b digest of size bytes (1..64). */
static mp_obj_t blake2b(mp_obj_t data, mp_obj_t size_in) {
    size_t len;
    const uint8_t *p = bytes_of(data, &len);
    uint8_t out[64];
    mp_int_t size = int_in(size_in, 1, 64);
    pintas_blake2b(p, len, out, (size_t)size);
    return mp_obj_new_bytes(out, (size_t)size);
}
static MP_DEFINE_CONST_FUN_OBJ_2(blake2b_obj, blake2b);

static pintas_mt *mt_of(mp_obj_t o) {
    mp_buffer_info_t info;
    mp_get_buffer_raise(o, &info, MP_BUFFER_WRITE);
    if (info.len != sizeof(pintas_mt) || ((uintptr_t)info.buf & 3u)) {
        bad();
    }
    return (pintas_mt *)info.buf;
}

/* mt_size() -> bytes of a generator; mt_seed(state, seed) as
 * random.Random(seed); mt_below(state, n) as its _randbelow(n). */
static mp_obj_t mt_size(void) {
    return MP_OBJ_NEW_SMALL_INT(sizeof(pintas_mt));
}
static MP_DEFINE_CONST_FUN_OBJ_0(mt_size_obj, mt_size);

static mp_obj_t mt_seed(mp_obj_t st, mp_obj_t seed) {
    pintas_mt_seed(mt_of(st), seed_of(seed));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_2(mt_seed_obj, mt_seed);

static mp_obj_t mt_below(mp_obj_t st, mp_obj_t n) {
    return mp_obj_new_int_from_uint(pintas_mt_below(mt_of(st), (uint32_t)int_in(n, 1, 0x3FFFFFFF)));
}
static MP_DEFINE_CONST_FUN_OBJ_2(mt_below_obj, mt_below);

/* ---- texts --------------------------------------------------------------- */

/* text(table, key): the template of `key` in table 0 (line games), 1
 * (Caminos), 2 (dice) or 3 (the words for seats: pintas/texts.h), or None.
 * Made on demand, so no table is kept on the heap. */
static mp_obj_t text(mp_obj_t table_in, mp_obj_t key_in) {
    mp_int_t t = int_in(table_in, 0, 3);
    const pintas_texts *table = t == 0 ? &pintas_line_texts : t == 1 ? &pintas_caminos_texts
                              : t == 2 ? &pintas_dice_texts : &pintas_word_texts;
    size_t len;
    const char *key = mp_obj_str_get_data(key_in, &len);
    const pintas_text *found = pintas_text_find(table, key, len);
    return found == NULL ? mp_const_none : mp_obj_new_str(found->text, found->length);
}
static MP_DEFINE_CONST_FUN_OBJ_2(text_obj, text);

/* ---- the module ---------------------------------------------------------- */

/* Every function, each name written out (the native-module build finds its
 * names in the source text). */
#define PINTAS_FUNCTIONS(X) \
    X(MP_QSTR_sizes, sizes_obj) \
    X(MP_QSTR_new, new_obj) \
    X(MP_QSTR_set_deal, set_deal_obj) \
    X(MP_QSTR_legal, legal_obj) \
    X(MP_QSTR_check, check_obj) \
    X(MP_QSTR_play, play_obj) \
    X(MP_QSTR_status, status_obj) \
    X(MP_QSTR_turn, turn_obj) \
    X(MP_QSTR_save, save_obj) \
    X(MP_QSTR_load, load_obj) \
    X(MP_QSTR_reseed, reseed_obj) \
    X(MP_QSTR_rng, rng_obj) \
    X(MP_QSTR_set_rng, set_rng_obj) \
    X(MP_QSTR_hands, hands_obj) \
    X(MP_QSTR_view, view_obj) \
    X(MP_QSTR_events, events_obj) \
    X(MP_QSTR_hide, hide_obj) \
    X(MP_QSTR_round_start, round_start_obj) \
    X(MP_QSTR_check_rules, check_rules_obj) \
    X(MP_QSTR_line_info, line_info_obj) \
    X(MP_QSTR_caminos_info, caminos_info_obj) \
    X(MP_QSTR_dice_info, dice_info_obj) \
    X(MP_QSTR_line_search, line_search_obj) \
    X(MP_QSTR_line_knowledge, line_knowledge_obj) \
    X(MP_QSTR_line_greedy, line_greedy_obj) \
    X(MP_QSTR_line_suit, line_suit_obj) \
    X(MP_QSTR_line_points, line_points_obj) \
    X(MP_QSTR_caminos_search, caminos_search_obj) \
    X(MP_QSTR_caminos_known, caminos_known_obj) \
    X(MP_QSTR_caminos_greedy, caminos_greedy_obj) \
    X(MP_QSTR_caminos_suit, caminos_suit_obj) \
    X(MP_QSTR_dice_keeps, dice_keeps_obj) \
    X(MP_QSTR_dice_keep_score, dice_keep_score_obj) \
    X(MP_QSTR_dice_is_doom, dice_is_doom_obj) \
    X(MP_QSTR_dice_solve_size, dice_solve_size_obj) \
    X(MP_QSTR_dice_solve, dice_solve_obj) \
    X(MP_QSTR_dice_policy, dice_policy_obj) \
    X(MP_QSTR_blake2b, blake2b_obj) \
    X(MP_QSTR_mt_size, mt_size_obj) \
    X(MP_QSTR_mt_seed, mt_seed_obj) \
    X(MP_QSTR_mt_below, mt_below_obj) \
    X(MP_QSTR_text, text_obj)

#if MICROPY_ENABLE_DYNRUNTIME

#define PINTAS_STORE(name, obj) mp_store_global(name, MP_OBJ_FROM_PTR(&obj));

mp_obj_t mpy_init(mp_obj_fun_bc_t *self, size_t n_args, size_t n_kw, mp_obj_t *args) {
    MP_DYNRUNTIME_INIT_ENTRY
    PINTAS_FUNCTIONS(PINTAS_STORE)
    MP_DYNRUNTIME_INIT_EXIT
}

#else

#define PINTAS_ENTRY(name, obj) {MP_ROM_QSTR(name), MP_ROM_PTR(&obj)},

static const mp_rom_map_elem_t pintas_module_globals_table[] = {
    {MP_ROM_QSTR(MP_QSTR___name__), MP_ROM_QSTR(MP_QSTR__pintas)},
    PINTAS_FUNCTIONS(PINTAS_ENTRY)
};
static MP_DEFINE_CONST_DICT(pintas_module_globals, pintas_module_globals_table);

const mp_obj_module_t pintas_user_cmodule = {
    .base = {&mp_type_module},
    .globals = (mp_obj_dict_t *)&pintas_module_globals,
};

MP_REGISTER_MODULE(MP_QSTR__pintas, pintas_user_cmodule);

#endif

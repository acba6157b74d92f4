/* modpintas.c - the MicroPython module _pintas: the C core of pintas for
 * MicroPython, as module functions over plain bytearrays.
 *
 * A game's C state lives in a bytearray owned by the Python layer (pintas.py),
 * which the core works on in place (a heap buffer is aligned; the core changes
 * nothing when it refuses a call). The functions take and return small
 * ints, tuples, lists and bytes, and these types: State (a game's state),
 * Tile and TileSet (the API's tiles and sets of tiles), each game's Move
 * and Event (domino.Move, caminos.Move, dice.Move; domino.Event, ...) and
 * each family's Rules (domino.Rules, caminos.Rules, dice.Rules). The same
 * file builds
 * as a user C module (firmware) and as a dynamic native module (.mpy), whose
 * runtime offers a smaller API and whose types mpy_init makes. A game is
 * named by its engine number: 0 line games, 1 Caminos, 2 dice
 * (pintas/engine.h's tables, in that order).
 *
 * The events of a move come back as the C event structs' bytes (the "raw"
 * log the Python layer keeps: a few bytes an event instead of an object);
 * events() turns them into Event objects, and a view's log blanks what its
 * seat may not see.
 * A view is a "blob": the state with everything its seat may not see wiped
 * (the other hands, the pile's order, the generator), then a few bytes that
 * the wiping would lose (every hand's size, the seat, who has chosen). The
 * players' searches and heuristics read blobs and hidden logs only, never a
 * game: what a player knows is what a view shows.
 */
#if MICROPY_ENABLE_DYNRUNTIME
#include "py/dynruntime.h"
#else
#include "py/builtin.h"
#include "py/objtype.h"
#include "py/runtime.h"
#endif

#include <stddef.h>
#include <string.h>

#include "py/objarray.h"

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

/* A seat's view as the core makes it; the players and searches read it only. */
typedef union any_view {
    uint64_t align;
    pintas_line_view line;
    pintas_caminos_view cam;
    pintas_dice_view dice;
} any_view;

static MP_NORETURN void bad(void) {
    mp_raise_ValueError(MP_ERROR_TEXT("pintas: bad argument"));
}

/* ---- a game's state: a State object ---------------------------------------- */
/* A game keeps its C state in a State object, whose bytes only this binding
 * writes, each time through the core: Python reads them (the buffer protocol,
 * read only: bytes(state), a save's image) but cannot change them. So a State
 * holds what the core made and changed, and the binding may take the core's
 * calls for such states (the dice's, which check a state's rules table on
 * every public call, about 350 instructions a call on a Cortex-M3). Any other
 * buffer given for a state (a bytearray, a view blob) goes through the
 * public, checking calls. */
typedef struct state_obj {
    mp_obj_base_t base;
    size_t len;
    uint64_t items[]; /* (8-byte aligned: the core's states hold 64-bit fields) */
} state_obj;

static mp_int_t state_buffer(mp_obj_t o, mp_buffer_info_t *info, mp_uint_t flags) {
    state_obj *st = MP_OBJ_TO_PTR(o);
    if (flags & MP_BUFFER_WRITE) {
        return 1; /* read only */
    }
    info->buf = st->items;
    info->len = st->len;
    info->typecode = 'B';
    return 0;
}

#if MICROPY_ENABLE_DYNRUNTIME
mp_obj_full_type_t pintas_state_type; /* filled in by mpy_init */
#define STATE_TYPE ((const mp_obj_type_t *)&pintas_state_type)
#else
static MP_DEFINE_CONST_OBJ_TYPE(pintas_state_type, MP_QSTR_State, MP_TYPE_FLAG_NONE,
                                buffer, state_buffer);
#define STATE_TYPE (&pintas_state_type)
#endif

/* The dice's calls for a state the core made and only its calls changed
 * (dice_internal.h): the move is checked, the state's rules table is not. */
int pintas__dice_play_made(pintas_dice_state *s, const pintas_dice_move *m,
                           pintas_dice_event *ev, size_t ev_cap, size_t *n_ev);
int pintas__dice_legal_made(const pintas_dice_state *s, pintas_dice_moves *out);

/* A State object of the binding's, or NULL. */
static state_obj *made_state(mp_obj_t o) {
    return mp_obj_is_obj(o) && mp_obj_get_type(o) == STATE_TYPE ? MP_OBJ_TO_PTR(o) : NULL;
}

/* The bytes of a State of `size` bytes, NULL for any other object; a State
 * of another size is refused. */
static void *made_items(mp_obj_t o, size_t size) {
    state_obj *made = made_state(o);
    if (made == NULL) {
        return NULL;
    }
    if (made->len != size) {
        bad();
    }
    return made->items;
}

/* A one-family module (PINTAS_ONLY_LINE: build.sh natmod-domino) serves the
 * line games alone: game_of refuses any other game, each branch of another
 * game tests ONLY_LINE first, a constant the compiler drops those branches
 * by, and the functions and tables of the other games alone are not
 * compiled; so the module links none of their binding and as little of
 * their core as the core's shared parts name (those functions are linked
 * to a stub that raises). */
#ifdef PINTAS_ONLY_LINE
#define ONLY_LINE 1
#define G_LAST G_LINE
#else
#define ONLY_LINE 0
#define G_LAST G_DICE
#endif
#define IS_LINE(g) (ONLY_LINE || (g) == G_LINE)
#define IS_CAMINOS(g) (!ONLY_LINE && (g) == G_CAMINOS)
#define IS_DICE(g) (!ONLY_LINE && (g) == G_DICE)

static int game_of(mp_obj_t g) {
    mp_int_t i = mp_obj_get_int(g);
    if (i < 0 || i > G_LAST) {
        bad();
    }
    return (int)i;
}

static const pintas_engine *engine_of(int g) {
    return IS_LINE(g) ? &pintas_line_engine : IS_CAMINOS(g) ? &pintas_caminos_engine
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

/* A game's state (or a view blob: a state with bytes after it) where it
 * lies, used in place: the core changes nothing on a refusal, so a call needs
 * no copy in and out. A heap buffer (a bytearray's, a bytes') is always
 * aligned; any other is copied to *tmp, and may then only be read. */
static any_state *state_at(int g, mp_obj_t o, any_state *tmp, int write) {
    mp_buffer_info_t info;
    size_t size = engine_of(g)->state_size;
    void *made = made_items(o, size);
    if (made != NULL) {
        return made;
    }
    if (mp_obj_is_type(o, &mp_type_bytearray)) { /* (a game's: read without the buffer call) */
        const mp_obj_array_t *a = MP_OBJ_TO_PTR(o);
        info.buf = a->items;
        info.len = a->len;
    } else {
        mp_get_buffer_raise(o, &info, write ? MP_BUFFER_WRITE : MP_BUFFER_READ);
    }
    if (info.len < size || (write && info.len != size)) {
        bad();
    }
    if (((uintptr_t)info.buf & (sizeof(uint64_t) - 1)) == 0) {
        return (any_state *)info.buf;
    }
    if (write) {
        bad();
    }
    memcpy(tmp, info.buf, size);
    return tmp;
}

static void state_out(int g, mp_obj_t o, const any_state *s) {
    mp_buffer_info_t info;
    size_t size = engine_of(g)->state_size;
    void *made = made_items(o, size);
    if (made == NULL) {
        mp_get_buffer_raise(o, &info, MP_BUFFER_WRITE);
        if (info.len != size) {
            bad();
        }
        made = info.buf;
    }
    memcpy(made, s, size);
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

static mp_obj_t new_str0(const char *text) {
    return mp_obj_new_str(text, strlen(text));
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

/* A record's tuple of n items: the whole numbers v[0..n), where the caller
 * then puts its other items (bytes, tuples, booleans) in their slots of t. */
static mp_obj_t *put_ints(mp_obj_t *t, const mp_int_t *v, size_t n) {
    for (size_t i = 0; i < n; i++) {
        t[i] = mp_obj_new_int(v[i]);
    }
    return t;
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

static const pintas_setting *settings_of(mp_obj_t family_in, size_t *n) {
    const pintas_setting *table;
    if (pintas_settings((int)mp_obj_get_int(family_in), &table, n) != PINTAS_OK) {
        bad();
    }
    return table;
}

enum { SETTING_RANGE = 0, SETTING_TYPE = 1, SETTING_UNKNOWN = 2 };
#define SETTING_WRONG (-2147483647 - 1) /* out of every setting's range */

/* Whether the NUL-terminated name is the len bytes at text (no memcmp: a
 * native module has no C library). */
static int is_name(const char *name, const char *text, size_t len) {
    size_t i = 0;
    while (i < len && name[i] == text[i]) {
        i++;
    }
    return i == len && name[i] == '\0';
}

/* v as the core reads setting s; *what TYPE for a value of the wrong type,
 * UNKNOWN for a name not among a choice's (each then out of range). */
static int32_t setting_value(const pintas_setting *s, mp_obj_t v, int *what) {
    if (s->kind == PINTAS_SETTING_FLAG && (v == mp_const_true || v == mp_const_false)) {
        return v == mp_const_true;
    }
    if (s->kind == PINTAS_SETTING_CHOICE && mp_obj_is_str(v)) {
        size_t len;
        const char *name = mp_obj_str_get_data(v, &len);
        for (unsigned k = 0; k < s->n_choices; k++) {
            if (is_name(s->choices[k], name, len)) {
                return (int32_t)k;
            }
        }
        *what = SETTING_UNKNOWN;
        return s->n_choices;
    }
    if (s->kind == PINTAS_SETTING_LIMIT && v == mp_const_none) {
        return 0;
    }
    if ((s->kind == PINTAS_SETTING_WHOLE || s->kind == PINTAS_SETTING_LIMIT) &&
        mp_obj_is_int(v)) {
        if (!mp_obj_is_small_int(v)) { /* a long int: past either end */
            return mp_obj_is_true(mp_binary_op(MP_BINARY_OP_LESS, v, MP_OBJ_NEW_SMALL_INT(0)))
                       ? -2147483647 : 2147483647;
        }
        mp_int_t x = MP_OBJ_SMALL_INT_VALUE(v);
        if (s->kind == PINTAS_SETTING_LIMIT && x == 0) {
            return -1; /* a limit of 0 is refused: None is no limit */
        }
        return x < -2147483647 ? -2147483647 : x > 2147483647 ? 2147483647 : (int32_t)x;
    }
    *what = SETTING_TYPE;
    return SETTING_WRONG;
}

static const int32_t *rules_values(int g, mp_obj_t o);

/* A Rules object of family g (checked when made: see "rules" below) into
 * the family's struct; anything else is a bad argument. */
static void rules_of(int g, mp_obj_t o, void *rules, size_t size) {
    size_t n;
    const int32_t *v = rules_values(g, o);
    settings_of(MP_OBJ_NEW_SMALL_INT(g), &n);
    if (v == NULL || pintas_settings_rules(g, v, n, rules, size) != PINTAS_OK) {
        bad();
    }
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
    if (IS_LINE(g)) {
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
    } else if (IS_CAMINOS(g)) {
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

/* An event field the core leaves unset (`none` or more) as None. */
static mp_obj_t opt_int(mp_int_t v, mp_int_t none) {
    return v >= none ? mp_const_none : MP_OBJ_NEW_SMALL_INT(v);
}

/* The seats of a mask, as a tuple. */
static mp_obj_t seats_tuple(unsigned mask) {
    mp_obj_t t[PINTAS_CAMINOS_MAX_SEATS];
    size_t n = 0;
    for (int s = 0; s < PINTAS_CAMINOS_MAX_SEATS; s++) {
        if (mask >> s & 1) {
            t[n++] = MP_OBJ_NEW_SMALL_INT(s);
        }
    }
    return mp_obj_new_tuple(n, t);
}

/* Whether an event of `kind` is secret (the tile of it the other seats may
 * not see): a draw; a line deal's forced opening tile; a Caminos reveal choice. */
static int secret_kind(int g, int kind) {
    return IS_LINE(g) ? kind == PINTAS_EV_DRAW || kind == PINTAS_EV_DEAL
           : IS_CAMINOS(g) && (kind == PINTAS_CAMINOS_EV_DRAW || kind == PINTAS_CAMINOS_EV_CHOOSE);
}

/* The raw log as `seat` sees it (view's third item): the tile of another
 * seat's secret event (a draw; a line deal's forced opening tile; a Caminos
 * reveal choice) blanked. */
static mp_obj_t hidden_log(int g, const uint8_t *raw, size_t len, mp_int_t seat) {
    size_t size = engine_of(g)->event_size;
    mp_obj_t out = mp_obj_new_bytes(raw, len);
    mp_buffer_info_t info;
    if (IS_DICE(g)) {
        return out;
    }
    /* A bytes object is immutable to Python; this one is new and not yet shared. */
    mp_get_buffer_raise(out, &info, MP_BUFFER_READ);
    uint8_t *p = (uint8_t *)info.buf;
    for (size_t at = 0; at + size <= len; at += size) {
        if (IS_LINE(g)) {
            pintas_line_event e;
            memcpy(&e, p + at, sizeof(e));
            if (secret_kind(g, e.kind) && e.seat != seat) {
                e.tile = PINTAS_NO_TILE;
                memcpy(p + at, &e, sizeof(e));
            }
        } else {
            pintas_caminos_event e;
            memcpy(&e, p + at, sizeof(e));
            if (secret_kind(g, e.kind) && e.seat != seat) {
                e.tile = PINTAS_NO_TILE;
                memcpy(p + at, &e, sizeof(e));
            }
        }
    }
    return out;
}

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
    return MP_OBJ_NEW_SMALL_INT(IS_DICE(g) ? 0 : round_start(g, raw, len));
}
static MP_DEFINE_CONST_FUN_OBJ_2(round_start_obj, round_start_fn);

/* ---- every game --------------------------------------------------------- */

/* sizes(g) -> (state bytes, save bytes, event bytes, view blob bytes, actions),
 * None for a game this module leaves out. */
static mp_obj_t sizes(mp_obj_t g_in) {
    if (mp_obj_get_int(g_in) > G_LAST && mp_obj_get_int(g_in) <= G_DICE) {
        return mp_const_none; /* a game left out of a one-family module */
    }
    const pintas_engine *e = engine_of(game_of(g_in));
    const mp_int_t v[5] = {e->state_size, e->save_size, e->event_size,
                           e->state_size + BLOB_EXTRA, e->actions};
    mp_obj_t t[5];
    return mp_obj_new_tuple(5, put_ints(t, v, 5));
}
static MP_DEFINE_CONST_FUN_OBJ_1(sizes_obj, sizes);

/* state(g, source) -> a new State of the game's size: zeroed (source None,
 * for new or a load to fill) or a copy of the State source (a game's copy). */
static mp_obj_t new_state(mp_obj_t g_in, mp_obj_t source) {
    size_t size = engine_of(game_of(g_in))->state_size;
    const void *from = made_items(source, size);
    if (source != mp_const_none && from == NULL) {
        bad();
    }
    state_obj *st = mp_obj_malloc_var(state_obj, items, uint64_t,
                                      (size + sizeof(uint64_t) - 1) / sizeof(uint64_t),
                                      STATE_TYPE);
    st->len = size;
    if (from != NULL) {
        memcpy(st->items, from, size);
    } else {
        memset(st->items, 0, size);
    }
    return MP_OBJ_FROM_PTR(st);
}
static MP_DEFINE_CONST_FUN_OBJ_2(state_obj_fun, new_state);

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
    if (IS_DICE(g)) {
        pintas_dice_rules r;
        mp_obj_t *f = items_of(args[4], 2);
        rules_of(G_DICE, args[2], &r, sizeof r);
        status = pintas_dice_new(&s.dice, &r, (int)int_in(f[0], 0, 255),
                                 (int)int_in(f[1], 0, 255), seed);
    } else {
        pintas_engine_setup rules, deal;
        const void *dealt = NULL;
        if (IS_LINE(g)) {
            rules_of(G_LINE, args[2], rules.bytes, sizeof(pintas_line_rules));
        } else {
            rules_of(G_CAMINOS, args[2], rules.bytes, sizeof(pintas_caminos_rules));
        }
        if (args[4] != mp_const_none) {
            if (IS_LINE(g)) {
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
    pintas_engine_setup deal;
    pintas_engine_events ev;
    size_t n = 0;
    if (IS_DICE(g)) {
        bad();
    }
    any_state tmp, *s = state_at(g, st, &tmp, 1);
    if (IS_LINE(g)) {
        line_deal_of(deal_in, (pintas_line_deal *)deal.bytes);
    } else {
        caminos_deal_of(deal_in, (pintas_caminos_deal *)deal.bytes);
    }
    int status = e->set_deal(s, &deal, &ev, e->max_events, &n);
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    return raw_events(g, &ev, n);
}
static MP_DEFINE_CONST_FUN_OBJ_3(set_deal_obj, set_deal);

/* The most legal moves of any game (Caminos's bound is the largest). */
#define MAX_LEGAL PINTAS_CAMINOS_MAX_MOVES

/* The codes of the legal moves of game g in state s, in the engine's order
 * (dice: roll and bank, or the keeps, most points first), into codes (room
 * for MAX_LEGAL); their number. Nothing is allocated: each caller makes its
 * tuple or list once, at its size. */
/* The core's play of move m on s (made: s is a State's, which the core made). */
static int play_on(int g, any_state *s, int made, const pintas_engine_move *m,
                   pintas_engine_events *ev, size_t *n) {
    const pintas_engine *e = engine_of(g);
    if (IS_DICE(g) && made) {
        return pintas__dice_play_made(&s->dice, (const pintas_dice_move *)m->bytes,
                                      (pintas_dice_event *)ev->bytes, e->max_events, n);
    }
    return e->play(s, m, ev, e->max_events, n);
}

static size_t legal_codes(int g, const any_state *s, int made, mp_obj_t *codes) {
    size_t n = 0;
    if (IS_LINE(g)) {
        pintas_line_move m[PINTAS_LINE_MAX_MOVES];
        pintas_line_legal(&s->line, m, PINTAS_LINE_MAX_MOVES, &n);
        for (size_t i = 0; i < n; i++) {
            codes[i] = MP_OBJ_NEW_SMALL_INT(line_code(&m[i]));
        }
    } else if (IS_CAMINOS(g)) {
        pintas_caminos_move m[PINTAS_CAMINOS_MAX_MOVES];
        pintas_caminos_legal(&s->cam, m, PINTAS_CAMINOS_MAX_MOVES, &n);
        for (size_t i = 0; i < n; i++) {
            codes[i] = MP_OBJ_NEW_SMALL_INT(caminos_code(&m[i]));
        }
    } else {
        pintas_dice_moves m;
        m.n_keeps = 0;
        m.can_roll = m.can_bank = 0; /* (a state the core refuses: no moves) */
        if (made) {
            pintas__dice_legal_made(&s->dice, &m);
        } else {
            pintas_dice_legal(&s->dice, &m);
        }
        if (m.n_keeps) {
            pintas_dice_sort_keeps(m.keeps, m.n_keeps);
            for (; n < m.n_keeps; n++) {
                codes[n] = MP_OBJ_NEW_SMALL_INT(PINTAS_DICE_KEEP
                                                | ((mp_int_t)m.keeps[n].keep << 5));
            }
        } else {
            if (m.can_roll) {
                codes[n++] = MP_OBJ_NEW_SMALL_INT(PINTAS_DICE_ROLL);
            }
            if (m.can_bank) {
                codes[n++] = MP_OBJ_NEW_SMALL_INT(PINTAS_DICE_BANK);
            }
        }
    }
    return n;
}

/* legal(g, state) -> the legal moves' codes as a tuple (one allocation); a
 * view blob will do for the seat it was made for. */
static mp_obj_t legal(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    any_state tmp, *s = state_at(g, st, &tmp, 0);
    mp_obj_t codes[MAX_LEGAL];
    size_t n = legal_codes(g, s, made_state(st) != NULL, codes);
    return mp_obj_new_tuple(n, codes);
}
static MP_DEFINE_CONST_FUN_OBJ_2(legal_obj, legal);

/* ---- the hot path: a game object's own state ------------------------------ */
/* Game.is_over, Game.to_move, Game.legal_moves and Game.play's usual case are
 * called on every move of a board's loop; these take the game object itself,
 * so the Python layer adds no frame of its own (is_over and to_move are
 * properties over them) and reads no attribute the C side cannot. */

/* The engine and state of a game object: its `_st` bytearray, whose size
 * tells the engine (each engine's state has its own size). */
static mp_obj_t member(mp_obj_t game, qstr name);

static any_state *state_of_game(mp_obj_t game, int *g) {
    state_obj *st = made_state(member(game, MP_QSTR__st));
    if (st == NULL) {
        bad();
    }
    for (int e = G_LINE; e <= G_LAST; e++) {
        if (st->len == engine_of(e)->state_size) {
            *g = e;
            return (any_state *)st->items;
        }
    }
    bad();
}

/* An object's own member (a game's _st, _log, _raw, _seed): in firmware read
 * from the instance's map, without the attribute load's dispatch. */
static mp_obj_t member(mp_obj_t game, qstr name) {
#if !MICROPY_ENABLE_DYNRUNTIME
    if (mp_obj_is_instance_type(mp_obj_get_type(game))) {
        mp_obj_instance_t *o = MP_OBJ_TO_PTR(game);
        mp_map_elem_t *e = mp_map_lookup(&o->members, MP_OBJ_NEW_QSTR(name), MP_MAP_LOOKUP);
        if (e != NULL) {
            return e->value;
        }
    }
#endif
    return mp_load_attr(game, name);
}

/* A class attribute of a game object (its _moves, _EVENTS), which
 * pintas.py puts on each game class itself. In firmware it is read from the
 * class's own dict: an attribute load through the instance would first miss in
 * the instance's members and then ask the value's type for a __get__, a
 * search through that type's methods, on every move. */
static mp_obj_t class_attr(mp_obj_t game, qstr name) {
#if MICROPY_ENABLE_DYNRUNTIME
    return mp_load_attr(game, name);
#else
    const mp_obj_type_t *type = mp_obj_get_type(game);
    if (MP_OBJ_TYPE_HAS_SLOT(type, locals_dict)) {
        mp_map_elem_t *e = mp_map_lookup(&MP_OBJ_TYPE_GET_SLOT(type, locals_dict)->map,
                                         MP_OBJ_NEW_QSTR(name), MP_MAP_LOOKUP);
        if (e != NULL) {
            return e->value;
        }
    }
    return mp_load_attr(game, name);
#endif
}

/* A new instance of the Python class cls with no __init__ run (as
 * object.__new__(cls)), its members' map made with room for n of them. */
static mp_obj_t new_bare(mp_obj_t cls, size_t n) {
#if MICROPY_ENABLE_DYNRUNTIME
    (void)n;
    mp_obj_t make = mp_load_attr(mp_load_global(MP_QSTR_object), MP_QSTR___new__);
    return mp_call_function_n_kw(make, 1, 0, &cls);
#else
    /* (what object.__new__ does, without its lookups) */
    const mp_obj_type_t *native_base;
    mp_obj_instance_t *o = mp_obj_new_instance(MP_OBJ_TO_PTR(cls), &native_base);
    mp_map_init(&o->members, n);
    return MP_OBJ_FROM_PTR(o);
#endif
}

/* obj.name = value, for an object new_bare made (no property in its way). */
static void set_member(mp_obj_t obj, qstr name, mp_obj_t value) {
#if MICROPY_ENABLE_DYNRUNTIME
    mp_store_attr(obj, name, value);
#else
    mp_obj_instance_t *o = MP_OBJ_TO_PTR(obj);
    mp_map_lookup(&o->members, MP_OBJ_NEW_QSTR(name), MP_MAP_LOOKUP_ADD_IF_NOT_FOUND)->value
        = value;
#endif
}

/* Add len bytes to the bytearray o, its room grown by whole steps of `step`
 * bytes: a log that grows a move at a time is then moved or extended (the heap
 * walking the whole block on each) once every few moves, not on every one. */
static void append_bytes(mp_obj_t o, const uint8_t *bytes, size_t len, size_t step) {
    if (!mp_obj_is_type(o, &mp_type_bytearray)) {
        bad();
    }
    mp_obj_array_t *a = MP_OBJ_TO_PTR(o);
    if (a->free < len) {
        size_t room = (a->len + len + step - 1) / step * step;
        a->items = m_renew(uint8_t, a->items, a->len + a->free, room);
        a->free = room - a->len;
    }
    memcpy((uint8_t *)a->items + a->len, bytes, len);
    a->len += len;
    a->free -= len;
}

/* over(game) -> Game.is_over. */
static mp_obj_t over(mp_obj_t game) {
    int g;
    any_state *s = state_of_game(game, &g);
    return mp_obj_new_bool(engine_of(g)->turn(s) < 0);
}
static MP_DEFINE_CONST_FUN_OBJ_1(over_obj, over);

/* to_move(game) -> Game.to_move: the seat to move, None once over. */
static mp_obj_t to_move(mp_obj_t game) {
    int g;
    any_state *s = state_of_game(game, &g);
    int seat = engine_of(g)->turn(s);
    return seat < 0 ? mp_const_none : MP_OBJ_NEW_SMALL_INT(seat);
}
static MP_DEFINE_CONST_FUN_OBJ_1(to_move_obj, to_move);

/* The move objects legal_moves gives: the line games' 58 moves, made once;
 * for Caminos and dice, a game class's list game._moves, a small
 * direct-mapped cache of (code, move) pairs (pair: a multiplicative hash of
 * the action index), whose pair is refilled with a new move when it holds
 * another; moves are values compared by code, so a game's heap stays bounded
 * however many moves it meets. */
static mp_obj_t new_move(int g, mp_int_t code);
static mp_int_t move_code_in(int g, mp_obj_t o);

static mp_obj_t move_object(mp_obj_t *slots, size_t len, int g, mp_int_t code) {
    if (IS_LINE(g)) {
        return new_move(g, code);
    }
    pintas_engine_move m;
    move_of(g, MP_OBJ_NEW_SMALL_INT(code), &m);
    size_t action = (size_t)engine_of(g)->action(m.bytes);
    /* (a multiplicative hash: a Caminos hand's placements, whose action
     * indexes differ by small multiples of two, spread over the pairs) */
    size_t at = (((action * 40503u) & 0xFFFFu) * (len / 2)) >> 16;
    mp_obj_t *pair = &slots[2 * at];
    if (pair[0] != MP_OBJ_NEW_SMALL_INT(code)) {
        pair[0] = MP_OBJ_NEW_SMALL_INT(code);
        pair[1] = new_move(g, code); /* (made for most legal moves of a Caminos turn) */
    }
    return pair[1];
}

/* legal_moves(game) -> Game.legal_moves(): the legal moves' objects. */
static mp_obj_t legal_moves(mp_obj_t game) {
    int g;
    any_state *s = state_of_game(game, &g);
    mp_obj_t items[MAX_LEGAL];
    size_t n = legal_codes(g, s, 1, items);
    mp_obj_t *slots = NULL;
    size_t len = 0;
    if (!IS_LINE(g)) {
        mp_obj_get_array(class_attr(game, MP_QSTR__moves), &len, &slots);
        if (len < 2) {
            bad();
        }
    }
    for (size_t i = 0; i < n; i++) {
        items[i] = move_object(slots, len, g, MP_OBJ_SMALL_INT_VALUE(items[i]));
    }
    return mp_obj_new_list(n, items);
}
static MP_DEFINE_CONST_FUN_OBJ_1(legal_moves_obj, legal_moves);

/* Keep a played move in a game object's logs: with a list as game._log (the
 * default), its code there and its events' bytes (the bytes object raw) added to
 * game._raw. A game made with log=False has a bytearray as game._log: the
 * move's action index goes there (two bytes, little-endian) and game._raw
 * keeps the events of the current round only (a tile game: from its last
 * deal event on; dice: the current turn's, after the last turn end), so
 * views still see the round. A log that grows for the whole game grows ahead
 * by steps (append_bytes), a round's events do not: its heap stays flat. */
#define LOG_STEP_ACTIONS 32 /* (bytes: the log-free log's room grows by these) */
#define LOG_STEP_EVENTS 256 /* (the event log's) */
static void log_move(mp_obj_t game, int g, mp_obj_t code, mp_obj_t raw_in) {
    const pintas_engine *e = engine_of(g);
    size_t size = e->event_size, from = 0, len, step = LOG_STEP_EVENTS;
    const uint8_t *raw = bytes_of(raw_in, &len);
    size_t n = len / size;
    mp_obj_t log = member(game, MP_QSTR__log);
    if (mp_obj_is_type(log, &mp_type_list)) {
        mp_obj_list_append(log, code);
    } else {
        pintas_engine_move m;
        move_of(g, code, &m);
        int action = e->action(m.bytes);
        uint8_t two[2] = {(uint8_t)(action & 0xFF), (uint8_t)((unsigned)action >> 8)};
        append_bytes(log, two, 2, LOG_STEP_ACTIONS);
        step = 1; /* (a round's events: a bounded log, kept at its size) */
        int found = 0;
        for (size_t i = 0; i < n; i++) {
            uint8_t kind = raw[i * size]; /* every event struct starts with its kind */
            if (!IS_DICE(g) ? kind == 0 : kind == PINTAS_DICE_EV_TURN_END) {
                found = 1;
                from = !IS_DICE(g) ? i : i + 1;
            }
        }
        if (found) {
            mp_obj_t kept = mp_obj_new_bytes(raw + from * size, (n - from) * size);
            mp_store_attr(game, MP_QSTR__raw,
                          mp_call_function_n_kw(MP_OBJ_FROM_PTR(&mp_type_bytearray), 1, 0, &kept));
            return;
        }
    }
    append_bytes(member(game, MP_QSTR__raw), raw, len, step);
}

/* action(g, code) -> the core's action index of a move code, -1 for a move
 * with no action (a dice roll of given values). */
static mp_obj_t action_of(mp_obj_t g_in, mp_obj_t code) {
    int g = game_of(g_in);
    pintas_engine_move m;
    move_of(g, code, &m);
    return MP_OBJ_NEW_SMALL_INT(engine_of(g)->action(m.bytes));
}
static MP_DEFINE_CONST_FUN_OBJ_2(action_obj, action_of);

static mp_int_t code_of(int g, const pintas_engine_move *m);

/* log_codes(g, log) -> the move codes of a compact log (two bytes an action
 * index, as log_move writes them); ValueError for an index of no move. */
static mp_obj_t log_codes(mp_obj_t g_in, mp_obj_t log_in) {
    int g = game_of(g_in);
    size_t len;
    const uint8_t *p = bytes_of(log_in, &len);
    mp_obj_t out = mp_obj_new_list(0, NULL);
    for (size_t at = 0; at + 2 <= len; at += 2) {
        pintas_engine_move m;
        memset(&m, 0, sizeof(m));
        if (engine_of(g)->action_move(p[at] | p[at + 1] << 8, m.bytes) != PINTAS_OK) {
            bad();
        }
        mp_obj_list_append(out, MP_OBJ_NEW_SMALL_INT(code_of(g, &m)));
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_2(log_codes_obj, log_codes);

/* Game.play's usual case: a move of the game's own type played in a seeded
 * game and kept by log_move, its events returned as an Events object; None
 * for anything else, which game_play then takes the long way (and refuses
 * there), the game unchanged. */
static mp_obj_t new_events(mp_obj_t game, int g, mp_obj_t raw);

static mp_obj_t play_move(mp_obj_t game, mp_obj_t move) {
    int g;
    any_state *s = state_of_game(game, &g);
    const pintas_engine *e = engine_of(g);
    mp_int_t c = move_code_in(g, move);
    if (c < 0 || member(game, MP_QSTR__seed) == mp_const_none) {
        return mp_const_none;
    }
    mp_obj_t code = MP_OBJ_NEW_SMALL_INT(c);
    pintas_engine_move m;
    pintas_engine_events ev;
    size_t n = 0;
    move_of(g, code, &m);
    if (e->action(m.bytes) < 0 || play_on(g, s, 1, &m, &ev, &n) != PINTAS_OK) {
        return mp_const_none;
    }
    if (IS_DICE(g)) {
        dice_reasons(&s->dice, (pintas_dice_event *)ev.bytes, n);
    }
    mp_obj_t raw = raw_events(g, &ev, n);
    log_move(game, g, code, raw);
    return new_events(game, g, raw);
}

/* check(g, state, code) -> the core's status for that move now. */
static mp_obj_t check(mp_obj_t g_in, mp_obj_t st, mp_obj_t code) {
    int g = game_of(g_in);
    pintas_engine_move m;
    any_state tmp, *s = state_at(g, st, &tmp, 0);
    move_of(g, code, &m);
    return MP_OBJ_NEW_SMALL_INT(engine_of(g)->check(s, &m));
}
static MP_DEFINE_CONST_FUN_OBJ_3(check_obj, check);

/* play(g, state, code) -> raw events, or a status (and the state unchanged). */
static mp_obj_t play(mp_obj_t g_in, mp_obj_t st, mp_obj_t code) {
    int g = game_of(g_in);
    pintas_engine_move m;
    pintas_engine_events ev;
    size_t n = 0;
    any_state tmp, *s = state_at(g, st, &tmp, 1);
    move_of(g, code, &m);
    int status = play_on(g, s, made_state(st) != NULL, &m, &ev, &n);
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    if (IS_DICE(g)) {
        dice_reasons(&s->dice, (pintas_dice_event *)ev.bytes, n);
    }
    return raw_events(g, &ev, n);
}
static MP_DEFINE_CONST_FUN_OBJ_3(play_obj, play);

/* The core's status of a state (checked), and its scores as a tuple. */
static mp_obj_t status_of(int g, const any_state *s, pintas_engine_status *out) {
    mp_obj_t scores[PINTAS_ENGINE_MAX_SIDES];
    memset(out, 0, sizeof(*out));
    if (engine_of(g)->status(s, out) != PINTAS_OK || out->sides > PINTAS_ENGINE_MAX_SIDES
        || out->seats > PINTAS_ENGINE_MAX_SIDES) {
        bad();
    }
    for (int i = 0; i < out->sides; i++) {
        scores[i] = mp_obj_new_int(out->score[i]);
    }
    return mp_obj_new_tuple(out->sides, scores);
}


/* reseed(g, state, seed) -> None; rng_same(g, a, b) -> True if the two
 * states' generators are alike (did a move draw from it?). */
static mp_obj_t reseed(mp_obj_t g_in, mp_obj_t st, mp_obj_t seed) {
    int g = game_of(g_in);
    any_state tmp, *s = state_at(g, st, &tmp, 1);
    engine_of(g)->reseed(s, seed_of(seed));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(reseed_obj, reseed);

static mp_obj_t rng_of(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    any_state tmp, *s = state_at(g, st, &tmp, 0);
    return mp_obj_new_bytes((const uint8_t *)s + engine_of(g)->rng_offset, sizeof(pintas_rng));
}
static MP_DEFINE_CONST_FUN_OBJ_2(rng_obj, rng_of);

/* set_rng(g, state, rng bytes): put a generator saved by rng() back. */
static mp_obj_t set_rng(mp_obj_t g_in, mp_obj_t st, mp_obj_t rng) {
    int g = game_of(g_in);
    size_t len;
    const uint8_t *p = bytes_of(rng, &len);
    if (len != sizeof(pintas_rng)) {
        bad();
    }
    any_state tmp, *s = state_at(g, st, &tmp, 1);
    memcpy((uint8_t *)s + engine_of(g)->rng_offset, p, len);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_3(set_rng_obj, set_rng);

/* hands(g, state) -> every seat's hand as a mask (tile games). */
static mp_obj_t hands(mp_obj_t g_in, mp_obj_t st) {
    int g = game_of(g_in);
    pintas_engine_status out;
    mp_obj_t t[PINTAS_ENGINE_MAX_SIDES];
    if (IS_DICE(g)) {
        bad();
    }
    any_state tmp, *s = state_at(g, st, &tmp, 0);
    memset(&out, 0, sizeof(out));
    engine_of(g)->status(s, &out);
    if (out.seats > PINTAS_ENGINE_MAX_SIDES) {
        bad();
    }
    for (int i = 0; i < out.seats; i++) {
        t[i] = new_mask(engine_of(g)->hand(s, i));
    }
    return mp_obj_new_tuple(out.seats, t);
}
static MP_DEFINE_CONST_FUN_OBJ_2(hands_obj, hands);

static int view_of(int g, const any_state *s, const uint8_t *raw, size_t len, int seat,
                   any_view *v);
static const size_t view_sizes[3];

/* view(game, seat) -> Game.view(seat): a new object of the game's class
 * _VIEW whose members are the view blob of `seat` (_blob: see the top of the
 * file), the core's view (_cv: pintas_*_view_of) for the players, the raw log
 * as the seat sees it (_raw), the game, the seat, the rules, and the seat to
 * move, the scores and whether it is over, read of the blob. */
static mp_obj_t view(mp_obj_t game, mp_obj_t seat_in) {
    int g;
    const any_state *p = state_of_game(game, &g);
    const pintas_engine *e = engine_of(g);
    any_state s;
    uint8_t extra[BLOB_EXTRA];
    pintas_engine_status out;
    uint8_t blob[sizeof(any_state) + BLOB_EXTRA];
    memcpy(&s, p, e->state_size);
    memset(&out, 0, sizeof(out));
    e->status(&s, &out);
    mp_int_t seat = int_in(seat_in, 0, out.seats ? out.seats - 1 : 0);
    mp_obj_t v = new_bare(class_attr(game, MP_QSTR__VIEW), 11);
    {
        size_t len;
        const uint8_t *raw = bytes_of(member(game, MP_QSTR__raw), &len);
        any_view *cv = m_new(any_view, 1);
        set_member(v, MP_QSTR__cv, view_of(g, &s, raw, len, (int)seat, cv) == PINTAS_OK
                   ? mp_obj_new_bytearray_by_ref(view_sizes[g], cv) : mp_const_none);
        set_member(v, MP_QSTR__raw, hidden_log(g, raw, len, seat));
    }
    memset(extra, 0, sizeof(extra));
    extra[BLOB_SEAT] = (uint8_t)seat;
    if (!IS_DICE(g)) {
        for (int i = 0; i < out.seats && i < 8; i++) {
            extra[BLOB_SIZES + i] = (uint8_t)popcount(e->hand(&s, i));
        }
    }
    if (IS_LINE(g)) {
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
    } else if (IS_CAMINOS(g)) {
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
    mp_obj_t scores = status_of(g, &s, &out);
    set_member(v, MP_QSTR__blob, mp_obj_new_bytes(blob, e->state_size + BLOB_EXTRA));
    set_member(v, MP_QSTR__game, game);
    set_member(v, MP_QSTR__log, mp_const_none);
    set_member(v, MP_QSTR_seat, MP_OBJ_NEW_SMALL_INT(seat));
    set_member(v, MP_QSTR_rules, member(game, MP_QSTR__rules));
    set_member(v, MP_QSTR_to_move, out.over ? mp_const_none : MP_OBJ_NEW_SMALL_INT(out.to_move));
    set_member(v, MP_QSTR_scores, scores);
    set_member(v, MP_QSTR_is_over, mp_obj_new_bool(out.over));
    return v;
}
static MP_DEFINE_CONST_FUN_OBJ_2(view_obj, view);

#if !ONLY_LINE /* what the dice alone score */
/* ---- dice: scoring and the optimal policy -------------------------------- */

static pintas_dice_set dice_set_of(mp_obj_t o) {
    mp_int_t v = int_in(o, 0, PINTAS_DICE_SET_BITS);
    if (!pintas_dice_set_is_valid((pintas_dice_set)v)) {
        bad();
    }
    return (pintas_dice_set)v;
}

static mp_obj_t new_keep(pintas_dice_set set, int32_t points); /* a Keep (the type: below) */

/* dice_keeps(rules, roll, pool) -> the legal keeps (Keep objects), most
 * points first; dice_keep_score(rules, set) -> score or -1; dice_is_doom. */
static mp_obj_t dice_keeps(mp_obj_t rules_in, mp_obj_t roll_in, mp_obj_t pool_in) {
    pintas_dice_rules r;
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t n = 0;
    rules_of(G_DICE, rules_in, &r, sizeof r);
    int status = pintas_dice_keeps_rules(&r, dice_set_of(roll_in), dice_set_of(pool_in), ks,
                                         PINTAS_DICE_MAX_KEEPS, &n);
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    pintas_dice_sort_keeps(ks, n);
    mp_obj_t out = mp_obj_new_list(0, NULL);
    for (size_t i = 0; i < n; i++) {
        mp_obj_list_append(out, new_keep(ks[i].keep, ks[i].points));
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_3(dice_keeps_obj, dice_keeps);

static mp_obj_t dice_keep_score(mp_obj_t rules_in, mp_obj_t set_in) {
    pintas_dice_rules r;
    rules_of(G_DICE, rules_in, &r, sizeof r);
    return mp_obj_new_int(pintas_dice_score_rules(&r, dice_set_of(set_in)));
}
static MP_DEFINE_CONST_FUN_OBJ_2(dice_keep_score_obj, dice_keep_score);

static mp_obj_t dice_is_doom(mp_obj_t rules_in, mp_obj_t set_in) {
    pintas_dice_rules r;
    rules_of(G_DICE, rules_in, &r, sizeof r);
    return mp_obj_new_bool(pintas_dice_is_doom(&r, dice_set_of(set_in)) == 1);
}
static MP_DEFINE_CONST_FUN_OBJ_2(dice_is_doom_obj, dice_is_doom);
#endif /* !ONLY_LINE */

#if !ONLY_LINE /* the dice's solver and book reader */
/* The dice solver (dice.solve_turn, an OptimalPlayer without a book): left
 * out of a board's native module (PINTAS_NO_SOLVER), whose OptimalPlayer
 * reads a policy book (dice_book below). */
#ifndef PINTAS_NO_SOLVER
/* dice_solve_size(rules, cap) -> workspace bytes (0: cannot). */
static mp_obj_t dice_solve_size(mp_obj_t rules_in, mp_obj_t cap_in) {
    pintas_dice_rules r;
    rules_of(G_DICE, rules_in, &r, sizeof r);
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
    rules_of(G_DICE, rules_in, &r, sizeof r);
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

/* dice_policy(workspace, op, a, b, c): op 0 expected; 1 roll_value(pool a,
 * total b); 2 should_bank(pool a, total b); 3 best_keep(roll a, pool b,
 * total c) -> a Keep or None; 4 threshold(pool a). */
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
        pintas_dice_keep k;
        if (pintas_dice_optimal_keep(p, dice_set_of(args[2]), dice_set_of(args[3]),
                                     (int32_t)int_in(args[4], 0, 0x3FFFFFFF), &k) != PINTAS_OK) {
            return mp_const_none;
        }
        return new_keep(k.keep, k.points);
    }
    int32_t th = 0;
    pintas_dice_policy_threshold(p, dice_set_of(args[2]), &th);
    return mp_obj_new_int(th);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(dice_policy_obj, 3, 5, dice_policy);
#define PINTAS_SOLVER_FUNCTIONS(X) \
    X(MP_QSTR_dice_solve_size, dice_solve_size_obj) \
    X(MP_QSTR_dice_solve, dice_solve_obj) \
    X(MP_QSTR_dice_policy, dice_policy_obj)
#else
#define PINTAS_SOLVER_FUNCTIONS(X)
#endif

/* dice_book(book, op, a, b, c): op 0 -> the status of opening the bytes
 * `book` as a book of the rules a (PINTAS_E_RULES when it is another rules'
 * book: the target, what a doom loses and the final round do not change a
 * turn's policy); 1 should_bank(pool a, total b); 2 best_keep(roll a, pool
 * b, total c) -> a Keep or None. No solve, no floating point. */
static mp_obj_t dice_book(size_t n_args, const mp_obj_t *args) {
    size_t len;
    const uint8_t *bytes = bytes_of(args[0], &len);
    mp_int_t op = int_in(args[1], 0, 2);
    pintas_dice_book b;
    (void)n_args;
    int status = pintas_dice_book_open(&b, bytes, len);
    if (op == 0) {
        pintas_dice_rules r;
        memset(&r, 0, sizeof(r));
        rules_of(G_DICE, args[2], &r, sizeof r);
        if (status == PINTAS_OK) {
            r.target = b.rules.target;
            r.doom_loses = b.rules.doom_loses;
            r.final_round = b.rules.final_round;
            r.max_rounds = b.rules.max_rounds;
            r.max_rolls = b.rules.max_rolls;
            const uint8_t *x = (const uint8_t *)&r, *y = (const uint8_t *)&b.rules;
            for (size_t i = 0; i < sizeof(r) && status == PINTAS_OK; i++) {
                status = x[i] == y[i] ? PINTAS_OK : PINTAS_E_RULES;
            }
        }
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    if (status != PINTAS_OK) {
        bad();
    }
    if (op == 1) {
        pintas_dice_set pool = dice_set_of(args[2]);
        int32_t t = (int32_t)int_in(args[3], 0, 0x3FFFFFFF);
        if (pool == 0 && (t == 0 || b.rules.hot_dice == PINTAS_DICE_HOT_MUST)) {
            return mp_const_false;
        }
        return mp_obj_new_bool(pintas_dice_book_should_bank(&b, pool, t) == 1);
    }
    pintas_dice_keep k;
    if (pintas_dice_book_best_keep(&b, dice_set_of(args[2]), dice_set_of(args[3]),
                                   (int32_t)int_in(args[4], 0, 0x3FFFFFFF), &k) != PINTAS_OK) {
        return mp_const_none;
    }
    return new_keep(k.keep, k.points);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(dice_book_obj, 3, 5, dice_book);
#endif /* !ONLY_LINE */

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
 * random.Random(seed); mt_below(state, n) as its _randbelow(n) (or, given a
 * sequence, as its choice). */
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
    if (!mp_obj_is_int(n)) {
        /* mt_below(state, seq) -> an item of seq, as random.Random.choice(seq)
         * chooses it (a random player's every move: one call) */
        mp_int_t len = mp_obj_get_int(mp_obj_len(n));
        if (len == 0) {
            mp_raise_msg(&mp_type_IndexError, MP_ERROR_TEXT("cannot choose from an empty sequence"));
        }
        mp_int_t at = (mp_int_t)pintas_mt_below(mt_of(st), (uint32_t)int_in(MP_OBJ_NEW_SMALL_INT(len), 1, 0x3FFFFFFF));
        return mp_obj_subscr(n, MP_OBJ_NEW_SMALL_INT(at), MP_OBJ_SENTINEL);
    }
    return mp_obj_new_int_from_uint(pintas_mt_below(mt_of(st), (uint32_t)int_in(n, 1, 0x3FFFFFFF)));
}
static MP_DEFINE_CONST_FUN_OBJ_2(mt_below_obj, mt_below);

/* ---- notation (pintas/notation.h) ---------------------------------------- */

static mp_int_t dice_code(const pintas_dice_move *m) {
    mp_int_t code = m->kind;
    if (m->kind == PINTAS_DICE_ROLL_GIVEN) {
        code |= (mp_int_t)m->n << 2;
        for (int i = 0; i < m->n && i < PINTAS_DICE_COUNT; i++) {
            code |= (mp_int_t)m->values[i] << (5 + 3 * i);
        }
    } else if (m->kind == PINTAS_DICE_KEEP) {
        code |= (mp_int_t)m->keep << 5;
    }
    return code;
}

/* Any game's move code (the inverse of move_of). */
static mp_int_t code_of(int g, const pintas_engine_move *m) {
    return IS_LINE(g)      ? line_code((const pintas_line_move *)m->bytes)
           : IS_CAMINOS(g) ? caminos_code((const pintas_caminos_move *)m->bytes)
                            : dice_code((const pintas_dice_move *)m->bytes);
}

/* Each game's notation behind one table: states and moves are the engine's. */
typedef struct notation_ops {
    int (*parse)(const uint8_t *t, size_t n, void *m, pintas_refusal *why);
    int (*parse_in)(const void *s, const uint8_t *t, size_t n, void *m, pintas_refusal *why);
    int (*print)(const void *m, char *buf, size_t cap, size_t *n);
    int (*why)(const void *s, const void *m, pintas_refusal *why);
    int (*text)(const void *s, const pintas_refusal *why, const uint8_t *t, size_t n, char *buf,
                size_t cap, size_t *len);
} notation_ops;

#define NOTATION_OPS(G, S, M) \
    static int G##_parse_(const uint8_t *t, size_t n, void *m, pintas_refusal *w) { \
        return pintas_##G##_move_parse(t, n, (M *)m, w); \
    } \
    static int G##_parse_in_(const void *s, const uint8_t *t, size_t n, void *m, \
                             pintas_refusal *w) { \
        return pintas_##G##_parse_in((const S *)s, t, n, (M *)m, w); \
    } \
    static int G##_print_(const void *m, char *b, size_t c, size_t *n) { \
        return pintas_##G##_move_print((const M *)m, b, c, n); \
    } \
    static int G##_why_(const void *s, const void *m, pintas_refusal *w) { \
        return pintas_##G##_why((const S *)s, (const M *)m, w); \
    } \
    static int G##_text_(const void *s, const pintas_refusal *w, const uint8_t *t, size_t n, \
                         char *b, size_t c, size_t *len) { \
        return pintas_##G##_refusal_text((const S *)s, w, t, n, b, c, len); \
    }
NOTATION_OPS(line, pintas_line_state, pintas_line_move)
#if !ONLY_LINE
NOTATION_OPS(caminos, pintas_caminos_state, pintas_caminos_move)
NOTATION_OPS(dice, pintas_dice_state, pintas_dice_move)
#endif

static const notation_ops notations[G_LAST + 1] = {
    {line_parse_, line_parse_in_, line_print_, line_why_, line_text_},
#if !ONLY_LINE
    {caminos_parse_, caminos_parse_in_, caminos_print_, caminos_why_, caminos_text_},
    {dice_parse_, dice_parse_in_, dice_print_, dice_why_, dice_text_},
#endif
};

/* A refusal's message as a str; the buffer grows to the length the core asks. */
static mp_obj_t refusal_str(int g, const void *s, const pintas_refusal *why, const uint8_t *t,
                            size_t n) {
    char small[256];
    char *buf = small;
    size_t len = 0, cap = sizeof(small);
    int status = notations[g].text(s, why, t, n, buf, cap, &len);
    if (status == PINTAS_E_BUFFER) {
        cap = len + 1;
        buf = m_new(char, cap);
        status = notations[g].text(s, why, t, n, buf, cap, &len);
    }
    if (status != PINTAS_OK) {
        bad();
    }
    mp_obj_t out = mp_obj_new_str(buf, len);
    if (buf != small) {
        m_del(char, buf, cap);
    }
    return out;
}

/* illegal(g, state, code, text or None) -> the message of the move's refusal
 * (the move printed when no text is given), None if the move is legal. */
static mp_obj_t illegal(size_t n_args, const mp_obj_t *args) {
    int g = game_of(args[0]);
    pintas_engine_move m;
    pintas_refusal why;
    size_t n = 0;
    const uint8_t *t = NULL;
    (void)n_args;
    any_state tmp, *s = state_at(g, args[1], &tmp, 0);
    move_of(g, args[2], &m);
    if (args[3] != mp_const_none) {
        t = (const uint8_t *)mp_obj_str_get_data(args[3], &n);
    }
    if (notations[g].why(s, &m, &why) == PINTAS_OK) {
        return mp_const_none;
    }
    return refusal_str(g, s, &why, t, n);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(illegal_obj, 4, 4, illegal);

/* ---- tiles: the types Tile and TileSet ------------------------------------ */
/* A Tile is one of the 28 objects of TILES, made once (in firmware, in
 * flash): Tile(a, b), Tile.parse, Tile.from_index and a set's iteration all
 * give those, so a tile equals itself alone and `==` needs no method. A
 * TileSet holds a mask of tiles. Both are immutable, and raise pintas.py's
 * NotationError and NotationTypeError with pintas.py's messages. */

typedef struct tile_obj {
    mp_obj_base_t base;
    uint8_t high, low, index;
} tile_obj;

typedef struct tileset_obj {
    mp_obj_base_t base;
    pintas_mask mask;
} tileset_obj;

#if MICROPY_ENABLE_DYNRUNTIME
mp_obj_full_type_t pintas_tile_type, pintas_tileset_type; /* filled in by mpy_init */
#define TILE_TYPE ((const mp_obj_type_t *)&pintas_tile_type)
#define TILESET_TYPE ((const mp_obj_type_t *)&pintas_tileset_type)
/* (a native module's variables in bss must not be static) */
tile_obj tile_objs[PINTAS_TILE_COUNT];
struct {
    mp_obj_base_t base;
    size_t len;
    mp_obj_t items[PINTAS_TILE_COUNT];
} tiles_tuple;
mp_obj_t module_globals; /* (this module's: pintas.py's error classes) */
#else
static const mp_obj_type_t pintas_tile_type, pintas_tileset_type;
#define TILE_TYPE (&pintas_tile_type)
#define TILESET_TYPE (&pintas_tileset_type)
/* every tile by index, as its ends */
#define TILE_ENDS(X) X(0, 0) X(1, 0) X(1, 1) X(2, 0) X(2, 1) X(2, 2) X(3, 0) X(3, 1) \
    X(3, 2) X(3, 3) X(4, 0) X(4, 1) X(4, 2) X(4, 3) X(4, 4) X(5, 0) X(5, 1) X(5, 2) \
    X(5, 3) X(5, 4) X(5, 5) X(6, 0) X(6, 1) X(6, 2) X(6, 3) X(6, 4) X(6, 5) X(6, 6)
#define TILE_OBJ(h, l) {{&pintas_tile_type}, h, l, PINTAS_TILE(h, l)},
static const tile_obj tile_objs[PINTAS_TILE_COUNT] = {TILE_ENDS(TILE_OBJ)};
#define TILE_ITEM(h, l) MP_ROM_PTR(&tile_objs[PINTAS_TILE(h, l)]),
static const mp_rom_obj_tuple_t tiles_tuple = {{&mp_type_tuple}, PINTAS_TILE_COUNT,
                                               {TILE_ENDS(TILE_ITEM)}};
#endif
#define TILE_AT(i) MP_OBJ_FROM_PTR(&tile_objs[i])

/* One of pintas.py's error classes: from the native module's own globals,
 * in firmware from the frozen module pintas. */
static mp_obj_t error_class(qstr name) {
#if MICROPY_ENABLE_DYNRUNTIME
    return mp_obj_subscr(module_globals, MP_OBJ_NEW_QSTR(name), MP_OBJ_SENTINEL);
#else
    mp_obj_t pintas = mp_import_name(MP_QSTR_pintas, mp_const_none, MP_OBJ_NEW_SMALL_INT(0));
    return mp_load_attr(pintas, name);
#endif
}

/* Raise cls(template.format(*args)): the message as pintas.py wrote it. */
static MP_NORETURN void raise_formatted(mp_obj_t cls, const char *template, size_t n,
                                        const mp_obj_t *args) {
    mp_obj_t msg = mp_call_function_n_kw(mp_load_attr(new_str0(template), MP_QSTR_format), n, 0,
                                         args);
    nlr_raise(mp_call_function_n_kw(cls, 1, 0, &msg));
}

/* A game's or a player's seed checked: a whole number 0..2**64-1 (or None
 * when optional); RulesError, RulesTypeError (CPython's words) otherwise. */
static void seed_checked(mp_obj_t seed, int optional) {
    int whole = mp_obj_is_int(seed);
    if ((seed == mp_const_none && optional)
        || (whole && mp_obj_is_true(mp_binary_op(MP_BINARY_OP_MORE_EQUAL, seed,
                                                 MP_OBJ_NEW_SMALL_INT(0)))
            && mp_obj_is_true(mp_binary_op(MP_BINARY_OP_LESS_EQUAL, seed,
                                           error_class(MP_QSTR__MAX_SEED))))) {
        return;
    }
    mp_obj_t a[2] = {new_str0(optional ? " or None" : ""), seed};
    raise_formatted(error_class(whole ? MP_QSTR_RulesError : MP_QSTR_RulesTypeError),
                    "a seed is a whole number 0..2**64-1{}: got {!r}", 2, a);
}

/* NotationTypeError (of_type) or NotationError. */
static MP_NORETURN void notation_error(int of_type, const char *template, size_t n,
                                       const mp_obj_t *args) {
    raise_formatted(error_class(of_type ? MP_QSTR_NotationTypeError : MP_QSTR_NotationError),
                    template, n, args);
}

/* o's value if it is a whole number 0..hi; else NotationError for a whole
 * number out of range, NotationTypeError for any other value (a bool too). */
static mp_int_t whole_or_refuse(mp_obj_t o, mp_int_t hi, const char *template, size_t n,
                                const mp_obj_t *args) {
    if (mp_obj_is_small_int(o) && MP_OBJ_SMALL_INT_VALUE(o) >= 0
        && MP_OBJ_SMALL_INT_VALUE(o) <= hi) {
        return MP_OBJ_SMALL_INT_VALUE(o);
    }
    notation_error(!mp_obj_is_int(o), template, n, args);
}

/* A constructor's arguments by position or name (names[i] required for i
 * below `required`; a missing one is MP_OBJ_NULL). */
static void arguments_of(size_t n_args, size_t n_kw, const mp_obj_t *args, size_t n,
                         const qstr *names, size_t required, mp_obj_t *out) {
    mp_arg_t allowed[4];
    mp_arg_val_t vals[4];
    for (size_t i = 0; i < n; i++) {
        uint16_t flags = MP_ARG_OBJ | (i < required ? MP_ARG_REQUIRED : 0);
        allowed[i] = (mp_arg_t){(uint16_t)names[i], flags, {.u_obj = MP_OBJ_NULL}};
    }
    mp_arg_parse_all_kw_array(n_args, n_kw, args, n, allowed, vals);
    for (size_t i = 0; i < n; i++) {
        out[i] = vals[i].u_obj;
    }
}

/* The tile's index (many 0) or the set's mask (many 1) that text writes. */
static pintas_mask tiles_read(mp_obj_t text, int many) {
    if (!mp_obj_is_str(text)) {
        notation_error(1, many ? "expected tiles like '6|6 5|3': got {!r}"
                               : "a tile is written like '6|4': got {!r}", 1, &text);
    }
    size_t n;
    const uint8_t *t = (const uint8_t *)mp_obj_str_get_data(text, &n);
    pintas_refusal why;
    uint8_t tile = 0;
    pintas_mask mask = 0;
    int status = many ? pintas_tileset_parse(t, n, &mask, &why)
                      : pintas_tile_parse(t, n, &tile, &why);
    if (status == PINTAS_E_ARG) {
        bad();
    }
    if (status != PINTAS_OK) {
        mp_obj_t msg = refusal_str(G_LINE, NULL, &why, t, n);
        nlr_raise(mp_call_function_n_kw(error_class(MP_QSTR_NotationError), 1, 0, &msg));
    }
    return many ? mask : tile;
}

/* as_tile(value) -> a Tile, or the tile a str writes. */
static const tile_obj *tile_of(mp_obj_t v) {
    if (mp_obj_is_type(v, TILE_TYPE)) {
        return MP_OBJ_TO_PTR(v);
    }
    if (mp_obj_is_str(v)) {
        return &tile_objs[tiles_read(v, 0)];
    }
    notation_error(1, "expected a tile like '6|4': got {!r}", 1, &v);
}

static mp_obj_t as_tile(mp_obj_t v) {
    return MP_OBJ_FROM_PTR(tile_of(v));
}
static MP_DEFINE_CONST_FUN_OBJ_1(as_tile_obj, as_tile);

/* _tile_or_none(index) -> the tile, None for an index of no tile (255). */
static mp_obj_t tile_or_none(mp_obj_t index) {
    mp_int_t i = mp_obj_get_int(index);
    return i >= 0 && i < PINTAS_TILE_COUNT ? TILE_AT(i) : mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_1(tile_or_none_obj, tile_or_none);

/* The number 0..6 that `number` equals (as `number == end` in Python), -1 if none. */
static int end_of(mp_obj_t number) {
    for (int k = 0; k <= PINTAS_MAX_PIP; k++) {
        mp_obj_t end = MP_OBJ_NEW_SMALL_INT(k);
        if (number == end || (!mp_obj_is_small_int(number)
                              && mp_obj_is_true(mp_binary_op(MP_BINARY_OP_EQUAL, number, end)))) {
            return k;
        }
    }
    return -1;
}

static mp_obj_t tile_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
                              const mp_obj_t *args) {
    (void)type;
    static const char form[] = "a tile's ends are whole numbers 0..6: got {!r}|{!r}";
    const qstr names[2] = {MP_QSTR_a, MP_QSTR_b};
    mp_obj_t ab[2];
    arguments_of(n_args, n_kw, args, 2, names, 2, ab);
    mp_int_t a = whole_or_refuse(ab[0], PINTAS_MAX_PIP, form, 2, ab);
    mp_int_t b = whole_or_refuse(ab[1], PINTAS_MAX_PIP, form, 2, ab);
    return TILE_AT(PINTAS_TILE(a, b));
}

static void tile_print(const mp_print_t *print, mp_obj_t self, mp_print_kind_t kind) {
    const tile_obj *t = MP_OBJ_TO_PTR(self);
    mp_printf(print, kind == PRINT_REPR ? "Tile(%u, %u)" : "%u|%u", t->high, t->low);
}

static void tile_attr(mp_obj_t self, qstr attr, mp_obj_t *dest) {
    const tile_obj *t = MP_OBJ_TO_PTR(self);
    if (dest[0] != MP_OBJ_NULL) {
        return; /* (immutable: no store, no delete) */
    }
    if (attr == MP_QSTR_high) {
        dest[0] = MP_OBJ_NEW_SMALL_INT(t->high);
    } else if (attr == MP_QSTR_low) {
        dest[0] = MP_OBJ_NEW_SMALL_INT(t->low);
    } else if (attr == MP_QSTR_index) {
        dest[0] = MP_OBJ_NEW_SMALL_INT(t->index);
    } else if (attr == MP_QSTR_pips) {
        dest[0] = MP_OBJ_NEW_SMALL_INT(t->high + t->low);
    } else if (attr == MP_QSTR_is_double) {
        dest[0] = mp_obj_new_bool(t->high == t->low);
    } else if (attr == MP_QSTR_ends) {
        mp_obj_t ends[2] = {MP_OBJ_NEW_SMALL_INT(t->high), MP_OBJ_NEW_SMALL_INT(t->low)};
        dest[0] = mp_obj_new_tuple(2, ends);
    } else {
        dest[1] = MP_OBJ_SENTINEL; /* (the methods) */
    }
}

static mp_obj_t tile_unary_op(mp_unary_op_t op, mp_obj_t self) {
    const tile_obj *t = MP_OBJ_TO_PTR(self);
    return op == MP_UNARY_OP_HASH ? MP_OBJ_NEW_SMALL_INT(t->index) : MP_OBJ_NULL;
}

/* < and > by index, with another Tile only (== is identity: see above). */
static mp_obj_t tile_binary_op(mp_binary_op_t op, mp_obj_t lhs, mp_obj_t rhs) {
    if (!mp_obj_is_type(rhs, TILE_TYPE) || (op != MP_BINARY_OP_LESS && op != MP_BINARY_OP_MORE)) {
        return MP_OBJ_NULL;
    }
    int a = ((const tile_obj *)MP_OBJ_TO_PTR(lhs))->index;
    int b = ((const tile_obj *)MP_OBJ_TO_PTR(rhs))->index;
    return mp_obj_new_bool(op == MP_BINARY_OP_LESS ? a < b : a > b);
}

static mp_obj_t tile_has(mp_obj_t self, mp_obj_t number) {
    const tile_obj *t = MP_OBJ_TO_PTR(self);
    int k = end_of(number);
    return mp_obj_new_bool(k >= 0 && (k == t->high || k == t->low));
}
static MP_DEFINE_CONST_FUN_OBJ_2(tile_has_obj, tile_has);

static mp_obj_t tile_other_end(mp_obj_t self, mp_obj_t number) {
    const tile_obj *t = MP_OBJ_TO_PTR(self);
    int k = end_of(number);
    if (k >= 0 && (k == t->high || k == t->low)) {
        return MP_OBJ_NEW_SMALL_INT(k == t->high ? t->low : t->high);
    }
    mp_obj_t args[2] = {self, number};
    raise_formatted(MP_OBJ_FROM_PTR(&mp_type_ValueError), "{} has no {!r}", 2, args);
}
static MP_DEFINE_CONST_FUN_OBJ_2(tile_other_end_obj, tile_other_end);

/* Tile.parse(text), Tile.from_index(index) (class methods) */
static mp_obj_t tile_parse(mp_obj_t cls, mp_obj_t text) {
    (void)cls;
    return TILE_AT(tiles_read(text, 0));
}
static MP_DEFINE_CONST_FUN_OBJ_2(tile_parse_obj, tile_parse);

static mp_obj_t tile_from_index(mp_obj_t cls, mp_obj_t index) {
    (void)cls;
    return TILE_AT(whole_or_refuse(index, PINTAS_TILE_COUNT - 1, "a tile index is 0..27: got {!r}",
                                   1, &index));
}
static MP_DEFINE_CONST_FUN_OBJ_2(tile_from_index_obj, tile_from_index);

static mp_obj_t new_tileset(pintas_mask mask) {
    tileset_obj *o = mp_obj_malloc(tileset_obj, TILESET_TYPE);
    o->mask = mask;
    return MP_OBJ_FROM_PTR(o);
}

static pintas_mask mask_in(mp_obj_t self) {
    return ((const tileset_obj *)MP_OBJ_TO_PTR(self))->mask;
}

/* TileSet(tiles=()): tiles or their notations, at most 1000 values read. */
static mp_obj_t tileset_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
                                 const mp_obj_t *args) {
    (void)type;
    const qstr names[1] = {MP_QSTR_tiles};
    mp_obj_t tiles;
    pintas_mask mask = 0;
    arguments_of(n_args, n_kw, args, 1, names, 0, &tiles);
    if (tiles == MP_OBJ_NULL) {
        return new_tileset(0);
    }
    if (mp_obj_is_str(tiles)) {
        notation_error(1, "TileSet takes a list of tiles (TileSet.parse reads text): got {!r}", 1,
                       &tiles);
    }
    mp_obj_iter_buf_t buf;
#if MICROPY_ENABLE_DYNRUNTIME
    mp_fun_table.getiter(tiles, &buf);
#define NEXT_TILE() mp_fun_table.iternext(&buf)
#else
    mp_obj_t it = mp_getiter(tiles, &buf);
#define NEXT_TILE() mp_iternext(it)
#endif
    mp_obj_t v;
    for (int count = 1; (v = NEXT_TILE()) != MP_OBJ_STOP_ITERATION; count++) {
        if (count > 1000) {
            notation_error(0, "a set of tiles lists at most 1000 tiles: got more", 0, NULL);
        }
        mask |= PINTAS_BIT(tile_of(v)->index);
    }
#undef NEXT_TILE
    return new_tileset(mask);
}

static void tileset_print(const mp_print_t *print, mp_obj_t self, mp_print_kind_t kind) {
    pintas_mask mask = mask_in(self);
    int repr = kind == PRINT_REPR;
    const char *sep = "";
    if (repr) {
        mp_printf(print, "TileSet([");
    }
    for (int i = 0; i < PINTAS_TILE_COUNT; i++) {
        if (mask >> i & 1) {
            const tile_obj *t = &tile_objs[i];
            mp_printf(print, repr ? "%s'%u|%u'" : "%s%u|%u", sep, t->high, t->low);
            sep = repr ? ", " : " ";
        }
    }
    if (repr) {
        mp_printf(print, "])");
    }
}

static void tileset_attr(mp_obj_t self, qstr attr, mp_obj_t *dest) {
    if (dest[0] != MP_OBJ_NULL) {
        return;
    }
    if (attr == MP_QSTR_mask) {
        dest[0] = MP_OBJ_NEW_SMALL_INT(mask_in(self));
    } else if (attr == MP_QSTR_pips) {
        dest[0] = MP_OBJ_NEW_SMALL_INT(pintas_mask_pips(mask_in(self)));
    } else {
        dest[1] = MP_OBJ_SENTINEL;
    }
}

static mp_obj_t tileset_unary_op(mp_unary_op_t op, mp_obj_t self) {
    pintas_mask mask = mask_in(self);
    switch (op) {
        case MP_UNARY_OP_BOOL:
            return mp_obj_new_bool(mask != 0);
        case MP_UNARY_OP_LEN:
            return MP_OBJ_NEW_SMALL_INT(popcount(mask));
        case MP_UNARY_OP_HASH:
        case MP_UNARY_OP_INT_MAYBE:
            return MP_OBJ_NEW_SMALL_INT(mask);
        default:
            return MP_OBJ_NULL;
    }
}

/* `in` (a Tile or its notation), ==, and | & - ^ with another TileSet. */
static mp_obj_t tileset_binary_op(mp_binary_op_t op, mp_obj_t lhs, mp_obj_t rhs) {
    pintas_mask a = mask_in(lhs);
    if (op == MP_BINARY_OP_CONTAINS) {
        if (mp_obj_is_str(rhs)) {
            rhs = TILE_AT(tiles_read(rhs, 0));
        }
        return mp_obj_new_bool(mp_obj_is_type(rhs, TILE_TYPE)
                               && (a >> ((const tile_obj *)MP_OBJ_TO_PTR(rhs))->index & 1));
    }
    if (!mp_obj_is_type(rhs, TILESET_TYPE)) {
        return MP_OBJ_NULL;
    }
    pintas_mask b = mask_in(rhs);
    if (op >= MP_BINARY_OP_INPLACE_OR && op <= MP_BINARY_OP_INPLACE_SUBTRACT) {
        op += MP_BINARY_OP_OR - MP_BINARY_OP_INPLACE_OR; /* (a new set: a TileSet is immutable) */
    }
    switch (op) {
        case MP_BINARY_OP_EQUAL:
            return mp_obj_new_bool(a == b);
        case MP_BINARY_OP_OR:
            return new_tileset(a | b);
        case MP_BINARY_OP_AND:
            return new_tileset(a & b);
        case MP_BINARY_OP_SUBTRACT:
            return new_tileset(a & ~b);
        case MP_BINARY_OP_XOR:
            return new_tileset(a ^ b);
        default:
            return MP_OBJ_NULL;
    }
}

/* An iterator over `tuple` (a type's iteration as its items' tuple). */
static mp_obj_t tuple_iter(mp_obj_t tuple, mp_obj_iter_buf_t *iter_buf) {
#if MICROPY_ENABLE_DYNRUNTIME
    (void)iter_buf;
    return mp_fun_table.getiter(tuple, NULL);
#else
    return mp_getiter(tuple, iter_buf);
#endif
}

/* Iteration: the set's tiles (TILES' objects) in index order. */
static mp_obj_t tileset_getiter(mp_obj_t self, mp_obj_iter_buf_t *iter_buf) {
    pintas_mask mask = mask_in(self);
    mp_obj_t items[PINTAS_TILE_COUNT];
    size_t n = 0;
    for (int i = 0; i < PINTAS_TILE_COUNT; i++) {
        if (mask >> i & 1) {
            items[n++] = TILE_AT(i);
        }
    }
    return tuple_iter(mp_obj_new_tuple(n, items), iter_buf);
}

static mp_obj_t tileset_issubset(mp_obj_t self, mp_obj_t other) {
    if (!mp_obj_is_type(other, TILESET_TYPE)) {
        notation_error(1, "issubset takes a TileSet: got {!r}", 1, &other);
    }
    return mp_obj_new_bool((mask_in(self) & ~mask_in(other)) == 0);
}
static MP_DEFINE_CONST_FUN_OBJ_2(tileset_issubset_obj, tileset_issubset);

static mp_obj_t tileset_with_number(mp_obj_t self, mp_obj_t number) {
    int k = end_of(number);
    return new_tileset(k < 0 ? 0 : mask_in(self) & pintas_suit_mask((uint8_t)k));
}
static MP_DEFINE_CONST_FUN_OBJ_2(tileset_with_number_obj, tileset_with_number);

/* TileSet.from_mask(mask), TileSet.parse(text), TileSet.full() (class methods) */
static mp_obj_t tileset_from_mask(mp_obj_t cls, mp_obj_t mask) {
    (void)cls;
    return new_tileset((pintas_mask)whole_or_refuse(mask, PINTAS_ALL_TILES,
                                                    "a tile mask has bits 0..27 only: got {!r}", 1,
                                                    &mask));
}
static MP_DEFINE_CONST_FUN_OBJ_2(tileset_from_mask_obj, tileset_from_mask);

static mp_obj_t tileset_parse(mp_obj_t cls, mp_obj_t text) {
    (void)cls;
    return new_tileset(tiles_read(text, 1));
}
static MP_DEFINE_CONST_FUN_OBJ_2(tileset_parse_obj, tileset_parse);

static mp_obj_t tileset_full(mp_obj_t cls) {
    (void)cls;
    return new_tileset(PINTAS_ALL_TILES);
}
static MP_DEFINE_CONST_FUN_OBJ_1(tileset_full_obj, tileset_full);

/* Each type's methods, X(name, function) a method, C(name, function) a class
 * method, and slots. */
#define TILE_METHODS(X, C) \
    C(MP_QSTR_parse, tile_parse_obj) \
    C(MP_QSTR_from_index, tile_from_index_obj) \
    X(MP_QSTR_has, tile_has_obj) \
    X(MP_QSTR_other_end, tile_other_end_obj)
#define TILESET_METHODS(X, C) \
    C(MP_QSTR_from_mask, tileset_from_mask_obj) \
    C(MP_QSTR_parse, tileset_parse_obj) \
    C(MP_QSTR_full, tileset_full_obj) \
    X(MP_QSTR_issubset, tileset_issubset_obj) \
    X(MP_QSTR_with_number, tileset_with_number_obj)
#define TILE_SLOTS(X) \
    X(make_new, tile_make_new) X(print, tile_print) X(attr, tile_attr) \
    X(unary_op, tile_unary_op) X(binary_op, tile_binary_op) X(locals_dict, &tile_locals)
#define TILESET_SLOTS(X) \
    X(make_new, tileset_make_new) X(print, tileset_print) X(attr, tileset_attr) \
    X(unary_op, tileset_unary_op) X(binary_op, tileset_binary_op) X(iter, tileset_getiter) \
    X(locals_dict, &tileset_locals)

#if MICROPY_ENABLE_DYNRUNTIME
/* A native module cannot hold a type, a classmethod or a dict in its
 * constants (their names are qstrs of the module's own table, the
 * classmethod type is not among the firmware's exports, and no variable may
 * have an initial value): mpy_init makes them, from these tables. */
#define COUNT(name, fun) +1
#define TILE_METHOD_COUNT (0 TILE_METHODS(COUNT, COUNT))
#define METHOD_COUNT (TILE_METHOD_COUNT TILESET_METHODS(COUNT, COUNT))
mp_map_elem_t methods_table[METHOD_COUNT]; /* Tile's, then TileSet's */
mp_rom_obj_static_class_method_t class_methods[METHOD_COUNT];
static MP_DEFINE_CONST_DICT_WITH_SIZE(tile_locals, methods_table, TILE_METHOD_COUNT);
static MP_DEFINE_CONST_DICT_WITH_SIZE(tileset_locals, &methods_table[TILE_METHOD_COUNT],
                                      METHOD_COUNT - TILE_METHOD_COUNT);

typedef struct method_row {
    const void *fun;
    int is_class;
} method_row;
#define METHOD_ROW(name, fun) {&fun, 0},
#define CLASS_METHOD_ROW(name, fun) {&fun, 1},
#define METHOD_NAME(name, fun) name,
static const method_row method_rows[METHOD_COUNT] = {
    TILE_METHODS(METHOD_ROW, CLASS_METHOD_ROW) TILESET_METHODS(METHOD_ROW, CLASS_METHOD_ROW)
};
#define SLOT_OFFSET(f, v) MP_OBJ_TYPE_OFFSETOF_SLOT(f),
#define SLOT_VALUE(f, v) (const void *)v,
static const uint8_t tile_slot_at[] = {TILE_SLOTS(SLOT_OFFSET)};
static const void *const tile_slots[] = {TILE_SLOTS(SLOT_VALUE)};
static const uint8_t tileset_slot_at[] = {TILESET_SLOTS(SLOT_OFFSET)};
static const void *const tileset_slots[] = {TILESET_SLOTS(SLOT_VALUE)};

static void type_init(mp_obj_full_type_t *type, qstr name, const uint8_t *at,
                      const void *const *slots, size_t n) {
    type->base.type = (void *)&mp_type_type;
    type->name = name;
    for (size_t i = 0; i < n; i++) { /* (MP_OBJ_TYPE_SET_SLOT) */
        *((uint8_t *)type + at[i]) = (uint8_t)(i + 1);
        type->slots[i] = slots[i];
    }
}

/* A dict's entries: each row's function (a class method made for those of
 * rows[i].is_class), under its name. */
static void methods_init(const method_row *rows, const qstr *names, size_t n, mp_map_elem_t *table,
                         mp_rom_obj_static_class_method_t *class_methods) {
    const mp_obj_type_t *classmethod = MP_OBJ_TO_PTR(mp_load_global(MP_QSTR_classmethod));
    for (size_t i = 0; i < n; i++) {
        mp_obj_t fun = MP_OBJ_FROM_PTR(rows[i].fun);
        if (rows[i].is_class) {
            class_methods[i] = (mp_rom_obj_static_class_method_t){{classmethod}, fun};
            fun = MP_OBJ_FROM_PTR(&class_methods[i]);
        }
        table[i] = (mp_map_elem_t){MP_OBJ_NEW_QSTR(names[i]), fun};
    }
}

/* The types, their methods, the 28 tiles and TILES (mpy_init). */
static void tiles_init(mp_obj_fun_bc_t *self) {
    type_init(&pintas_tile_type, MP_QSTR_Tile, tile_slot_at, tile_slots, sizeof tile_slot_at);
    type_init(&pintas_tileset_type, MP_QSTR_TileSet, tileset_slot_at, tileset_slots,
              sizeof tileset_slot_at);
    /* (the names: values of the module's qstr table, known at run time only) */
    const qstr names[METHOD_COUNT] = {TILE_METHODS(METHOD_NAME, METHOD_NAME)
                                      TILESET_METHODS(METHOD_NAME, METHOD_NAME)};
    methods_init(method_rows, names, METHOD_COUNT, methods_table, class_methods);
    tile_obj *t = tile_objs;
    for (uint8_t high = 0; high <= PINTAS_MAX_PIP; high++) {
        for (uint8_t low = 0; low <= high; low++, t++) {
            *t = (tile_obj){{TILE_TYPE}, high, low, (uint8_t)(t - tile_objs)};
            tiles_tuple.items[t - tile_objs] = MP_OBJ_FROM_PTR(t);
        }
    }
    tiles_tuple.base.type = &mp_type_tuple;
    tiles_tuple.len = PINTAS_TILE_COUNT;
    module_globals = MP_OBJ_FROM_PTR(self->context->module.globals);
}
#else
#define NO_METHOD(name, fun)
#define CLASS_METHOD(name, fun) static MP_DEFINE_CONST_CLASSMETHOD_OBJ(fun##_cm, MP_ROM_PTR(&fun));
TILE_METHODS(NO_METHOD, CLASS_METHOD)
TILESET_METHODS(NO_METHOD, CLASS_METHOD)
#define METHOD_ENTRY(name, fun) {MP_ROM_QSTR(name), MP_ROM_PTR(&fun)},
#define CLASS_METHOD_ENTRY(name, fun) {MP_ROM_QSTR(name), MP_ROM_PTR(&fun##_cm)},
static const mp_rom_map_elem_t tile_locals_table[] = {
    TILE_METHODS(METHOD_ENTRY, CLASS_METHOD_ENTRY)
};
static const mp_rom_map_elem_t tileset_locals_table[] = {
    TILESET_METHODS(METHOD_ENTRY, CLASS_METHOD_ENTRY)
};
static MP_DEFINE_CONST_DICT(tile_locals, tile_locals_table);
static MP_DEFINE_CONST_DICT(tileset_locals, tileset_locals_table);

#define SLOT_ARGS(f, v) , f, v
static MP_DEFINE_CONST_OBJ_TYPE(pintas_tile_type, MP_QSTR_Tile, MP_TYPE_FLAG_NONE
                                TILE_SLOTS(SLOT_ARGS));
static MP_DEFINE_CONST_OBJ_TYPE(pintas_tileset_type, MP_QSTR_TileSet, MP_TYPE_FLAG_ITER_IS_GETITER
                                TILESET_SLOTS(SLOT_ARGS));
#endif

/* ---- moves: the types domino.Move, caminos.Move and dice.Move -------------- */
/* A move is its code (see move_of) in one struct, served by one set of slots
 * for the three games: each game's type has its own methods, and the game
 * is found from the type. The line games' 58 moves are made once (in
 * firmware in flash, in a native module by mpy_init), as the tiles are; a
 * Caminos or dice move is a small object, of which the hot path keeps a game
 * class's cache (`_moves`). Moves are immutable, and compare and hash by
 * code within one game's type. Their refusals are pintas.py's errors with
 * the messages CPython's pintas gives. */

typedef struct move_obj {
    mp_obj_base_t base;
    mp_int_t code;
} move_obj;

#if MICROPY_ENABLE_DYNRUNTIME
mp_obj_full_type_t pintas_move_types[G_LAST + 1]; /* filled in by moves_init */
move_obj line_moves[LINE_PASS + 1];
#define MOVE_TYPE(g) ((const mp_obj_type_t *)&pintas_move_types[g])
#define LINE_MOVE_OBJ pintas_move_types[G_LINE]
#define CAMINOS_MOVE_OBJ pintas_move_types[G_CAMINOS]
#define DICE_MOVE_OBJ pintas_move_types[G_DICE]
#else
static const mp_obj_type_t pintas_line_move_type;
#if !ONLY_LINE
static const mp_obj_type_t pintas_caminos_move_type, pintas_dice_move_type;
#endif
static const mp_obj_type_t *const move_types[G_LAST + 1] = {
    &pintas_line_move_type,
#if !ONLY_LINE
    &pintas_caminos_move_type, &pintas_dice_move_type,
#endif
};
#define MOVE_TYPE(g) (move_types[g])
#define LINE_MOVE_OBJ pintas_line_move_type
#define CAMINOS_MOVE_OBJ pintas_caminos_move_type
#define DICE_MOVE_OBJ pintas_dice_move_type
#define LINE_MOVE(c) {{&pintas_line_move_type}, (c)},
#define LINE_MOVES8(c) LINE_MOVE(c) LINE_MOVE(c + 1) LINE_MOVE(c + 2) LINE_MOVE(c + 3) \
    LINE_MOVE(c + 4) LINE_MOVE(c + 5) LINE_MOVE(c + 6) LINE_MOVE(c + 7)
static const move_obj line_moves[LINE_PASS + 1] = {
    LINE_MOVES8(0) LINE_MOVES8(8) LINE_MOVES8(16) LINE_MOVES8(24) LINE_MOVES8(32)
    LINE_MOVES8(40) LINE_MOVES8(48) LINE_MOVE(LINE_DRAW) LINE_MOVE(LINE_PASS)
};
#endif

/* The game whose move type `type` is, -1 for any other object. */
static int move_game(mp_obj_t type) {
    for (int g = G_LINE; g <= G_LAST; g++) {
        if (MP_OBJ_TO_PTR(type) == MOVE_TYPE(g)) {
            return g;
        }
    }
    return -1;
}

/* The move of a code of game g (a code move_of reads). */
static mp_obj_t new_move(int g, mp_int_t code) {
    if (IS_LINE(g)) {
        return MP_OBJ_FROM_PTR(&line_moves[code]);
    }
    move_obj *m = mp_obj_malloc(move_obj, MOVE_TYPE(g));
    m->code = code;
    return MP_OBJ_FROM_PTR(m);
}

/* The code of o if it is a move of game g, else -1. */
static mp_int_t move_code_in(int g, mp_obj_t o) {
    return mp_obj_is_type(o, MOVE_TYPE(g)) ? ((const move_obj *)MP_OBJ_TO_PTR(o))->code : -1;
}

#if !ONLY_LINE
/* The dice a dice set holds, face by face (as pintas.py reads a set's code:
 * three bits a face, any count), as a tuple. */
static mp_obj_t dice_tuple(pintas_dice_set set) {
    mp_obj_t t[6 * 7];
    size_t n = 0;
    for (int face = 1; face <= 6; face++) {
        for (unsigned k = (set >> (3 * (face - 1))) & 7; k > 0; k--) {
            t[n++] = MP_OBJ_NEW_SMALL_INT(face);
        }
    }
    return mp_obj_new_tuple(n, t);
}
#endif

/* A move's fields from its code into t (None where its kind has none), as
 * the core's numbers, and their count: line (kind, tile, end); Caminos
 * (kind, tile, side, path); dice (kind, dice). */
static size_t fields_of(int g, mp_int_t code, mp_obj_t *t) {
    pintas_engine_move em;
    t[1] = t[2] = t[3] = mp_const_none;
    move_of(g, MP_OBJ_NEW_SMALL_INT(code), &em);
    if (IS_LINE(g)) {
        const pintas_line_move *m = (const pintas_line_move *)em.bytes;
        t[0] = MP_OBJ_NEW_SMALL_INT(m->kind);
        if (m->kind == PINTAS_MOVE_PLAY) {
            t[1] = MP_OBJ_NEW_SMALL_INT(m->tile);
            t[2] = MP_OBJ_NEW_SMALL_INT(m->end);
        }
        return 3;
    }
#if !ONLY_LINE
    if (IS_CAMINOS(g)) {
        const pintas_caminos_move *m = (const pintas_caminos_move *)em.bytes;
        t[0] = MP_OBJ_NEW_SMALL_INT(m->kind);
        if (m->tile < PINTAS_TILE_COUNT) {
            t[1] = MP_OBJ_NEW_SMALL_INT(m->tile);
        }
        if (m->kind == PINTAS_CAMINOS_PLACE) {
            t[2] = MP_OBJ_NEW_SMALL_INT(m->side);
            t[3] = MP_OBJ_NEW_SMALL_INT(m->path + 1);
        }
        return 4;
    }
    const pintas_dice_move *m = (const pintas_dice_move *)em.bytes;
    t[0] = MP_OBJ_NEW_SMALL_INT(m->kind);
    if (m->kind == PINTAS_DICE_KEEP) {
        t[1] = dice_tuple(m->keep);
    } else { /* a roll: its given dice, in order (none for a plain roll or a bank) */
        mp_obj_t values[PINTAS_DICE_COUNT];
        for (int i = 0; i < m->n; i++) {
            values[i] = MP_OBJ_NEW_SMALL_INT(m->values[i]);
        }
        t[1] = mp_obj_new_tuple(m->n, values);
    }
#endif
    return 2;
}

/* The word of field i (kind, end, side) whose number is k. */
static qstr field_word(int g, size_t i, mp_int_t k) {
    if (i == 2) { /* a line move's end, a placement's side */
        return IS_LINE(g) ? (k ? MP_QSTR_R : MP_QSTR_L) : (k ? MP_QSTR_back : MP_QSTR_front);
    }
    if (IS_DICE(g)) {
        return k < 2 ? MP_QSTR_roll : k == 2 ? MP_QSTR_keep : MP_QSTR_bank;
    }
    return k == 0 ? (IS_LINE(g) ? MP_QSTR_play : MP_QSTR_place) : k == 1 ? MP_QSTR_draw
           : k == 2 ? MP_QSTR_pass : MP_QSTR_reveal;
}

/* Field i of a move as the API shows it: words, Tile objects, numbers, dice. */
static mp_obj_t field_shown(int g, size_t i, mp_obj_t v) {
    if (v == mp_const_none || i == 3 || (i == 1 && IS_DICE(g))) {
        return v;
    }
    mp_int_t k = MP_OBJ_SMALL_INT_VALUE(v);
    return i == 1 ? TILE_AT(k) : MP_OBJ_NEW_QSTR(field_word(g, i, k));
}

static const move_obj *move_in(mp_obj_t self, int *g) {
    *g = move_game(MP_OBJ_FROM_PTR(mp_obj_get_type(self)));
    return MP_OBJ_TO_PTR(self);
}

/* str: the notation (the core's); repr: Move('play', '6|4', 'L'), without
 * the fields a kind has not. */
static void move_print(const mp_print_t *print, mp_obj_t self, mp_print_kind_t kind) {
    int g;
    const move_obj *mo = move_in(self, &g);
    if (kind != PRINT_REPR) {
        pintas_engine_move m;
        char buf[PINTAS_NOTATION_MAX];
        size_t n = 0;
        move_of(g, MP_OBJ_NEW_SMALL_INT(mo->code), &m);
        if (notations[g].print(&m, buf, sizeof(buf), &n) != PINTAS_OK) {
            bad();
        }
        buf[n < sizeof(buf) ? n : sizeof(buf) - 1] = 0;
        mp_printf(print, "%s", buf);
        return;
    }
    mp_obj_t t[4];
    size_t n = fields_of(g, mo->code, t);
    mp_printf(print, "Move(");
    for (size_t i = 0, shown = 0; i < n; i++) {
        size_t len = 0;
        mp_obj_t *dice = NULL;
        int is_dice = i == 1 && IS_DICE(g);
        if (is_dice) {
            mp_obj_get_array(t[i], &len, &dice);
        }
        if (t[i] == mp_const_none || (is_dice && len == 0)) {
            continue; /* (None and () are left out) */
        }
        const char *sep = shown++ ? ", " : "";
        if (is_dice) {
            mp_printf(print, "%s(", sep);
            for (size_t d = 0; d < len; d++) {
                mp_printf(print, "%s%d", d ? ", " : "", (int)MP_OBJ_SMALL_INT_VALUE(dice[d]));
            }
            mp_printf(print, len == 1 ? ",)" : ")");
        } else if (i == 3) { /* a path number */
            mp_printf(print, "%s%d", sep, (int)MP_OBJ_SMALL_INT_VALUE(t[i]));
        } else if (i == 1) {
            const tile_obj *tile = MP_OBJ_TO_PTR(TILE_AT(MP_OBJ_SMALL_INT_VALUE(t[i])));
            mp_printf(print, "%s'%u|%u'", sep, tile->high, tile->low);
        } else {
            mp_printf(print, "%s'%q'", sep, field_word(g, i, MP_OBJ_SMALL_INT_VALUE(t[i])));
        }
    }
    mp_printf(print, ")");
}

/* The fields as attributes (kind, tile, end; kind, tile, side, path; kind,
 * dice), the code, and a dice move's `given`. */
static void move_attr(mp_obj_t self, qstr attr, mp_obj_t *dest) {
    int g;
    const move_obj *mo = move_in(self, &g);
    if (dest[0] != MP_OBJ_NULL) {
        return; /* (immutable: no store, no delete) */
    }
    /* (the field's place in fields_of, 4 for none of this game's) */
    size_t i = attr == MP_QSTR_kind                                 ? 0
               : attr == (IS_DICE(g) ? MP_QSTR_dice : MP_QSTR_tile) ? 1
               : IS_DICE(g)                                         ? 4
               : attr == (IS_LINE(g) ? MP_QSTR_end : MP_QSTR_side)  ? 2
               : attr == MP_QSTR_path && IS_CAMINOS(g)              ? 3
                                                                    : 4;
    if (attr == MP_QSTR_code) {
        dest[0] = MP_OBJ_NEW_SMALL_INT(mo->code);
    } else if (attr == MP_QSTR_given && IS_DICE(g)) {
        dest[0] = mp_obj_new_bool((mo->code & 3) == PINTAS_DICE_ROLL_GIVEN);
    } else if (i < 4) {
        mp_obj_t t[4];
        fields_of(g, mo->code, t);
        dest[0] = field_shown(g, i, t[i]);
    } else {
        dest[1] = MP_OBJ_SENTINEL; /* (the methods) */
    }
}

static mp_obj_t move_unary_op(mp_unary_op_t op, mp_obj_t self) {
    const move_obj *mo = MP_OBJ_TO_PTR(self);
    return op == MP_UNARY_OP_HASH ? MP_OBJ_NEW_SMALL_INT(mo->code) : MP_OBJ_NULL;
}

/* ==: a move of the same type with the same code. */
static mp_obj_t move_binary_op(mp_binary_op_t op, mp_obj_t lhs, mp_obj_t rhs) {
    if (op != MP_BINARY_OP_EQUAL || mp_obj_get_type(rhs) != mp_obj_get_type(lhs)) {
        return MP_OBJ_NULL;
    }
    return mp_obj_new_bool(((const move_obj *)MP_OBJ_TO_PTR(lhs))->code
                           == ((const move_obj *)MP_OBJ_TO_PTR(rhs))->code);
}

/* Whether o is the str word (its letters in any case when fold: Python's
 * o.lower() == word). */
static int is_word(mp_obj_t o, const char *word, int fold) {
    if (!mp_obj_is_str(o)) {
        return 0;
    }
    size_t n;
    const char *t = mp_obj_str_get_data(o, &n);
    if (n != strlen(word)) {
        return 0;
    }
    for (size_t i = 0; i < n; i++) {
        char c = t[i];
        if (fold && c >= 'A' && c <= 'Z') {
            c = (char)(c - 'A' + 'a');
        }
        if (c != word[i]) {
            return 0;
        }
    }
    return 1;
}

/* The index of the tile that `tile` (a Tile or its notation) is, else
 * NotationTypeError "a {kind} needs a tile like '6|4'". */
static mp_int_t move_tile(mp_obj_t kind, mp_obj_t tile) {
    if (mp_obj_is_str(tile)) {
        return (mp_int_t)tiles_read(tile, 0);
    }
    if (!mp_obj_is_type(tile, TILE_TYPE)) {
        mp_obj_t args[2] = {kind, tile};
        notation_error(1, "a {} needs a tile like '6|4': got {!r}", 2, args);
    }
    return ((const tile_obj *)MP_OBJ_TO_PTR(tile))->index;
}

/* Unless `o` is one of the words (letters in any case), NotationError
 * quoting it (NotationTypeError when it is no str). */
static int word_in(mp_obj_t o, const char *a, const char *b, const char *form) {
    if (is_word(o, a, 1) || is_word(o, b, 1)) {
        return is_word(o, b, 1);
    }
    notation_error(!mp_obj_is_str(o), form, 1, &o);
}

/* The move of game g that the constructor's arguments name: kind, then
 * (tile, end), (tile, side, path) or (dice,), MP_OBJ_NULL for one not given;
 * the checks, their order and their messages CPython's. */
static mp_obj_t move_made(int g, mp_obj_t kind, const mp_obj_t *given_a) {
    static const char *const kinds[G_LAST + 1] = {
        "a move's kind is 'play', 'draw' or 'pass': got {!r}",
#if !ONLY_LINE
        "a move's kind is 'place', 'draw', 'pass' or 'reveal': got {!r}",
        "a move's kind is 'roll', 'keep' or 'bank': got {!r}",
#endif
    };
    if (!mp_obj_is_str(kind)) {
        notation_error(1, kinds[g], 1, &kind);
    }
    mp_obj_t a[3] = {mp_const_none, mp_const_none, mp_const_none}; /* (not given: None, dice ()) */
    for (int i = 0; i < (IS_LINE(g) ? 2 : IS_CAMINOS(g) ? 3 : 1); i++) {
        a[i] = given_a[i] != MP_OBJ_NULL ? given_a[i]
               : IS_DICE(g)              ? mp_const_empty_tuple
                                         : mp_const_none;
    }
    int draw = is_word(kind, "draw", 0);
    if (!IS_DICE(g) && (draw || is_word(kind, "pass", 0))) {
        if (a[0] != mp_const_none || a[1] != mp_const_none || a[2] != mp_const_none) {
            mp_obj_t args[3] = {kind, a[0], a[1]};
            notation_error(0, IS_LINE(g) ? "a {} has no tile or end: got tile={!r}, end={!r}"
                                         : "a {} has no tile, side or path", 3, args);
        }
        return new_move(g, (IS_LINE(g) ? LINE_PASS : CAM_PASS) - draw);
    }
    if (IS_LINE(g)) {
        if (!is_word(kind, "play", 0)) {
            notation_error(0, kinds[g], 1, &kind);
        }
        mp_int_t tile = move_tile(kind, a[0]);
        return new_move(g, tile * 2 + word_in(a[1], "l", "r", "a play's end is 'L' or 'R': got {!r}"));
    }
#if !ONLY_LINE
    if (IS_CAMINOS(g)) {
        int reveal = is_word(kind, "reveal", 0);
        if (!reveal && !is_word(kind, "place", 0)) {
            notation_error(0, kinds[g], 1, &kind);
        }
        mp_int_t tile = move_tile(kind, a[0]);
        if (reveal) {
            if (a[1] != mp_const_none || a[2] != mp_const_none) {
                notation_error(0, "a reveal has no side or path: got side={!r}, path={!r}", 2,
                               a + 1);
            }
            return new_move(g, CAM_REVEAL + tile);
        }
        int back = word_in(a[1], "front", "back",
                           "a placement's side is 'front' or 'back': got {!r}");
        static const char path_form[] = "a path number is 1..8: got {!r}";
        mp_int_t p = whole_or_refuse(a[2], 8, path_form, 1, a + 2);
        if (p < 1) {
            notation_error(0, path_form, 1, a + 2);
        }
        return new_move(g, (tile * 8 + p - 1) * 2 + back);
    }
    /* dice: their values read by pintas.py's _x_items, as every dice value */
    mp_obj_t dice = a[0];
    int keep = is_word(kind, "keep", 0);
    int empty = dice == mp_const_none;
    if (mp_obj_is_str(dice) || mp_obj_is_type(dice, &mp_type_tuple)
        || mp_obj_is_type(dice, &mp_type_list)) {
        empty = mp_obj_len(dice) == MP_OBJ_NEW_SMALL_INT(0);
    }
    if (is_word(kind, "bank", 0)) {
        if (!empty) {
            notation_error(0, "a bank takes no dice: got {!r}", 1, &dice);
        }
        return new_move(g, PINTAS_DICE_BANK);
    }
    if (!keep && !is_word(kind, "roll", 0)) {
        notation_error(0, kinds[g], 1, &kind);
    }
    if (empty && !keep) {
        return new_move(g, PINTAS_DICE_ROLL);
    }
    mp_obj_t args[4] = {dice, MP_OBJ_NEW_SMALL_INT(1), MP_OBJ_NEW_SMALL_INT(6),
                        new_str0(keep ? "a keep" : "a roll")};
    size_t len;
    mp_obj_t *items;
    mp_obj_get_array(mp_call_function_n_kw(error_class(MP_QSTR__x_items), 4, 0, args), &len,
                     &items);
    mp_int_t code = keep ? PINTAS_DICE_KEEP : PINTAS_DICE_ROLL_GIVEN | (mp_int_t)len << 2;
    for (size_t i = 0; i < len; i++) {
        mp_int_t v = MP_OBJ_SMALL_INT_VALUE(items[i]);
        code += keep ? (mp_int_t)1 << (5 + 3 * (v - 1)) : v << (5 + 3 * i);
    }
    return new_move(g, code);
#endif
}

/* Move(kind, ...): each game's arguments (see move_made). */
static mp_obj_t move_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
                              const mp_obj_t *args) {
    int g = move_game(MP_OBJ_FROM_PTR(type));
    const qstr names[4] = {MP_QSTR_kind, IS_DICE(g) ? MP_QSTR_dice : MP_QSTR_tile,
                           IS_LINE(g) ? MP_QSTR_end : MP_QSTR_side, MP_QSTR_path};
    mp_obj_t a[4];
    arguments_of(n_args, n_kw, args, IS_LINE(g) ? 3 : IS_CAMINOS(g) ? 4 : 2, names, 1, a);
    return move_made(g, a[0], a + 1);
}

/* The class methods. Every game's: parse(text), the move written in full
 * notation; from_code(code) (dice: _of, a code of this binding's). The tile
 * games': draw(), pass_(). */
static mp_obj_t move_parsed(int g, mp_obj_t st, mp_obj_t text_in);

static mp_obj_t move_parse(mp_obj_t cls, mp_obj_t text) {
    return move_parsed(move_game(cls), mp_const_none, text);
}
static MP_DEFINE_CONST_FUN_OBJ_2(move_parse_obj, move_parse);

static mp_obj_t move_from_code(mp_obj_t cls, mp_obj_t code) {
    int g = move_game(cls);
    mp_int_t last = IS_LINE(g) ? LINE_PASS : IS_CAMINOS(g) ? CAM_PASS : (1L << 24) - 1;
    mp_obj_t args[2] = {MP_OBJ_NEW_SMALL_INT(last), code};
    return new_move(g, whole_or_refuse(code, last, mp_obj_is_int(code)
                                                       ? "a move code is 0..{}: got {!r}"
                                                       : "a move code is a whole number 0..{}: got {!r}",
                                       2, args));
}
static MP_DEFINE_CONST_FUN_OBJ_2(move_from_code_obj, move_from_code);

static mp_obj_t move_draw(mp_obj_t cls) {
    int g = move_game(cls);
    return new_move(g, IS_LINE(g) ? LINE_DRAW : CAM_DRAW);
}
static MP_DEFINE_CONST_FUN_OBJ_1(move_draw_obj, move_draw);

static mp_obj_t move_pass(mp_obj_t cls) {
    int g = move_game(cls);
    return new_move(g, IS_LINE(g) ? LINE_PASS : CAM_PASS);
}
static MP_DEFINE_CONST_FUN_OBJ_1(move_pass_obj, move_pass);

/* domino.Move.play(tile, end="L") */
static mp_obj_t move_play(size_t n_args, const mp_obj_t *args) {
    mp_obj_t a[2] = {args[1], n_args > 2 ? args[2] : MP_OBJ_NEW_QSTR(MP_QSTR_L)};
    return move_made(G_LINE, MP_OBJ_NEW_QSTR(MP_QSTR_play), a);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(move_play_obj, 2, 3, move_play);

#if !ONLY_LINE
/* caminos.Move.place(tile, side, path), reveal(tile); dice.Move.roll(values=None),
 * keep(values), bank() */
static mp_obj_t move_place(size_t n_args, const mp_obj_t *args) {
    (void)n_args;
    return move_made(G_CAMINOS, MP_OBJ_NEW_QSTR(MP_QSTR_place), args + 1);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(move_place_obj, 4, 4, move_place);

static mp_obj_t move_reveal(mp_obj_t cls, mp_obj_t tile) {
    mp_obj_t a[3] = {tile, MP_OBJ_NULL, MP_OBJ_NULL};
    (void)cls;
    return move_made(G_CAMINOS, MP_OBJ_NEW_QSTR(MP_QSTR_reveal), a);
}
static MP_DEFINE_CONST_FUN_OBJ_2(move_reveal_obj, move_reveal);

static mp_obj_t move_roll(size_t n_args, const mp_obj_t *args) {
    mp_obj_t values = n_args > 1 ? args[1] : MP_OBJ_NULL;
    return move_made(G_DICE, MP_OBJ_NEW_QSTR(MP_QSTR_roll), &values);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(move_roll_obj, 1, 2, move_roll);

static mp_obj_t move_keep(mp_obj_t cls, mp_obj_t values) {
    (void)cls;
    return move_made(G_DICE, MP_OBJ_NEW_QSTR(MP_QSTR_keep), &values);
}
static MP_DEFINE_CONST_FUN_OBJ_2(move_keep_obj, move_keep);

static mp_obj_t move_bank(mp_obj_t cls) {
    (void)cls;
    return new_move(G_DICE, PINTAS_DICE_BANK);
}
static MP_DEFINE_CONST_FUN_OBJ_1(move_bank_obj, move_bank);
#endif

/* parse(g, state or None, text) -> the move text names: with a state the
 * legal move it names (aliases and short forms: Game.parse_move), without
 * the move in full notation (Move.parse); NotationError or IllegalMoveError
 * in the core's words, NotationTypeError for a text that is no str. */
static mp_obj_t move_parsed(int g, mp_obj_t st, mp_obj_t text_in) {
    static const char *const forms[G_LAST + 1] = {
        "a move is written like '6|4L', 'draw' or 'pass': got {!r}",
#if !ONLY_LINE
        "a move is written like '5|3 front 2', 'reveal 6|4', 'draw' or 'pass': got {!r}",
        "a move is written like 'roll', 'keep 1 5' or 'bank': got {!r}",
#endif
    };
    if (!mp_obj_is_str(text_in)) {
        notation_error(1, forms[g], 1, &text_in);
    }
    size_t n;
    const uint8_t *t = (const uint8_t *)mp_obj_str_get_data(text_in, &n);
    pintas_engine_move m;
    pintas_refusal why;
    any_state tmp, *s = NULL;
    int status;
    memset(&m, 0, sizeof(m));
    if (st == mp_const_none) {
        status = notations[g].parse(t, n, &m, &why);
    } else {
        s = state_at(g, st, &tmp, 0);
        status = notations[g].parse_in(s, t, n, &m, &why);
    }
    if (status == PINTAS_OK) {
        return new_move(g, code_of(g, &m));
    }
    if (status == PINTAS_E_ARG) {
        bad();
    }
    mp_obj_t msg = refusal_str(g, s, &why, t, n);
    nlr_raise(mp_call_function_n_kw(error_class(why.refused == PINTAS_REFUSED_NOTATION
                                                    ? MP_QSTR_NotationError
                                                    : MP_QSTR_IllegalMoveError),
                                    1, 0, &msg));
}

static mp_obj_t parse(mp_obj_t g_in, mp_obj_t st, mp_obj_t text_in) {
    return move_parsed(game_of(g_in), st, text_in);
}
static MP_DEFINE_CONST_FUN_OBJ_3(parse_obj, parse);

/* Each game's class methods (name, function), and the slots of every move type. */
#define LINE_MOVE_METHODS(C) \
    C(MP_QSTR_parse, move_parse_obj) \
    C(MP_QSTR_from_code, move_from_code_obj) \
    C(MP_QSTR_draw, move_draw_obj) \
    C(MP_QSTR_pass_, move_pass_obj) \
    C(MP_QSTR_play, move_play_obj)
#if ONLY_LINE
#define CAMINOS_MOVE_METHODS(C)
#define DICE_MOVE_METHODS(C)
#else
#define CAMINOS_MOVE_METHODS(C) \
    C(MP_QSTR_parse, move_parse_obj) \
    C(MP_QSTR_from_code, move_from_code_obj) \
    C(MP_QSTR_draw, move_draw_obj) \
    C(MP_QSTR_pass_, move_pass_obj) \
    C(MP_QSTR_place, move_place_obj) \
    C(MP_QSTR_reveal, move_reveal_obj)
#define DICE_MOVE_METHODS(C) \
    C(MP_QSTR_parse, move_parse_obj) \
    C(MP_QSTR__of, move_from_code_obj) \
    C(MP_QSTR_roll, move_roll_obj) \
    C(MP_QSTR_keep, move_keep_obj) \
    C(MP_QSTR_bank, move_bank_obj)
#endif
#define MOVE_SLOTS(X) \
    X(make_new, move_make_new) X(print, move_print) X(attr, move_attr) \
    X(unary_op, move_unary_op) X(binary_op, move_binary_op)

#if MICROPY_ENABLE_DYNRUNTIME
#define LINE_MOVE_METHOD_COUNT (0 LINE_MOVE_METHODS(COUNT))
#define CAMINOS_MOVE_METHOD_COUNT (0 CAMINOS_MOVE_METHODS(COUNT))
#define MOVE_METHOD_COUNT \
    (LINE_MOVE_METHOD_COUNT CAMINOS_MOVE_METHODS(COUNT) DICE_MOVE_METHODS(COUNT))
mp_map_elem_t move_methods[MOVE_METHOD_COUNT]; /* domino's, Caminos', dice's */
mp_rom_obj_static_class_method_t move_class_methods[MOVE_METHOD_COUNT];
static MP_DEFINE_CONST_DICT_WITH_SIZE(line_move_locals, move_methods, LINE_MOVE_METHOD_COUNT);
#if !ONLY_LINE
static MP_DEFINE_CONST_DICT_WITH_SIZE(caminos_move_locals, &move_methods[LINE_MOVE_METHOD_COUNT],
                                      CAMINOS_MOVE_METHOD_COUNT);
static MP_DEFINE_CONST_DICT_WITH_SIZE(dice_move_locals,
                                      &move_methods[LINE_MOVE_METHOD_COUNT
                                                    + CAMINOS_MOVE_METHOD_COUNT],
                                      (0 DICE_MOVE_METHODS(COUNT)));
#endif
static const mp_obj_dict_t *const move_locals[G_LAST + 1] = {
    &line_move_locals,
#if !ONLY_LINE
    &caminos_move_locals, &dice_move_locals,
#endif
};
#define MOVE_FUN(name, fun) &fun,
static const void *const move_funs[MOVE_METHOD_COUNT] = {
    LINE_MOVE_METHODS(MOVE_FUN) CAMINOS_MOVE_METHODS(MOVE_FUN) DICE_MOVE_METHODS(MOVE_FUN)
};
static const uint8_t move_slot_at[] = {MOVE_SLOTS(SLOT_OFFSET)};
static const void *const move_slots[] = {MOVE_SLOTS(SLOT_VALUE)};

/* The three types, their methods and the line games' 58 moves (mpy_init). */
static void moves_init(void) {
    const mp_obj_type_t *classmethod = MP_OBJ_TO_PTR(mp_load_global(MP_QSTR_classmethod));
    const qstr names[MOVE_METHOD_COUNT] = {LINE_MOVE_METHODS(METHOD_NAME)
                                           CAMINOS_MOVE_METHODS(METHOD_NAME)
                                           DICE_MOVE_METHODS(METHOD_NAME)};
    for (size_t i = 0; i < MOVE_METHOD_COUNT; i++) {
        move_class_methods[i] = (mp_rom_obj_static_class_method_t){
            {classmethod}, MP_OBJ_FROM_PTR(move_funs[i])};
        move_methods[i] = (mp_map_elem_t){MP_OBJ_NEW_QSTR(names[i]),
                                          MP_OBJ_FROM_PTR(&move_class_methods[i])};
    }
    for (int g = G_LINE; g <= G_LAST; g++) {
        type_init(&pintas_move_types[g], MP_QSTR_Move, move_slot_at, move_slots,
                  sizeof move_slot_at);
        MP_OBJ_TYPE_SET_SLOT(&pintas_move_types[g], locals_dict, move_locals[g],
                             sizeof move_slot_at);
    }
    for (int code = 0; code <= LINE_PASS; code++) {
        line_moves[code] = (move_obj){{MOVE_TYPE(G_LINE)}, code};
    }
}
#else
#define MOVE_CM(fun) static MP_DEFINE_CONST_CLASSMETHOD_OBJ(fun##_cm, MP_ROM_PTR(&fun));
MOVE_CM(move_parse_obj)
MOVE_CM(move_from_code_obj)
MOVE_CM(move_draw_obj)
MOVE_CM(move_pass_obj)
MOVE_CM(move_play_obj)
static const mp_rom_map_elem_t line_move_locals_table[] = {LINE_MOVE_METHODS(CLASS_METHOD_ENTRY)};
static MP_DEFINE_CONST_DICT(line_move_locals, line_move_locals_table);
static MP_DEFINE_CONST_OBJ_TYPE(pintas_line_move_type, MP_QSTR_Move, MP_TYPE_FLAG_NONE
                                MOVE_SLOTS(SLOT_ARGS), locals_dict, &line_move_locals);
#if !ONLY_LINE
MOVE_CM(move_place_obj)
MOVE_CM(move_reveal_obj)
MOVE_CM(move_roll_obj)
MOVE_CM(move_keep_obj)
MOVE_CM(move_bank_obj)
static const mp_rom_map_elem_t caminos_move_locals_table[] = {
    CAMINOS_MOVE_METHODS(CLASS_METHOD_ENTRY)
};
static const mp_rom_map_elem_t dice_move_locals_table[] = {DICE_MOVE_METHODS(CLASS_METHOD_ENTRY)};
static MP_DEFINE_CONST_DICT(caminos_move_locals, caminos_move_locals_table);
static MP_DEFINE_CONST_DICT(dice_move_locals, dice_move_locals_table);
static MP_DEFINE_CONST_OBJ_TYPE(pintas_caminos_move_type, MP_QSTR_Move, MP_TYPE_FLAG_NONE
                                MOVE_SLOTS(SLOT_ARGS), locals_dict, &caminos_move_locals);
static MP_DEFINE_CONST_OBJ_TYPE(pintas_dice_move_type, MP_QSTR_Move, MP_TYPE_FLAG_NONE
                                MOVE_SLOTS(SLOT_ARGS), locals_dict, &dice_move_locals);
#endif
#endif

/* ---- what each game shows: the table's attributes ------------------------ */
/* A game's and its views' attributes read of the table (Game.__getattr__ and
 * View.__getattr__ are `table`): each game's names, in the order of
 * table_values' items; a name after '-' is a game's alone, after '+' a
 * view's alone. Names with a leading underscore are the Python layer's. */
static const char *table_names(int g) {
    if (IS_LINE(g)) {
        return "leader placements line ends boneyard_size +forced_tile +winner +hand "
               "+hand_sizes +round -seats -scores -winners -winner -hand_sizes -round";
    }
#if !ONLY_LINE
    if (IS_CAMINOS(g)) {
        return "phase starter pile_size step contenders out_seat last_turns passes discard "
               "_paths -pile _choices +hand +hand_sizes +round +chosen +my_choice +winners "
               "-seats -scores -winners -winner -hand_sizes -round";
    }
    return "first_player phase turn_total dice_to_roll last_roll pool final_turns_left "
           "-pool_score +players +score +winner -seats -scores -winners -winner -players";
#endif
    return "";
}

/* A tuple of n pairs (a, b) of nums[0..2n): a line of tiles as its pips run. */
static mp_obj_t pairs_tuple(const uint8_t *nums, size_t n) {
    mp_obj_t items[PINTAS_TILE_COUNT];
    for (size_t i = 0; i < n; i++) {
        mp_obj_t pair[2] = {MP_OBJ_NEW_SMALL_INT(nums[2 * i]), MP_OBJ_NEW_SMALL_INT(nums[2 * i + 1])};
        items[i] = mp_obj_new_tuple(2, pair);
    }
    return mp_obj_new_tuple(n, items);
}

#if !ONLY_LINE
/* The tiles of indices, as a tuple of Tile objects. */
static mp_obj_t tiles_tuple_of(const uint8_t *tiles, size_t n) {
    mp_obj_t t[PINTAS_TILE_COUNT];
    for (size_t i = 0; i < n && i < PINTAS_TILE_COUNT; i++) {
        t[i] = TILE_AT(tiles[i] < PINTAS_TILE_COUNT ? tiles[i] : 0);
    }
    return mp_obj_new_tuple(n < PINTAS_TILE_COUNT ? n : PINTAS_TILE_COUNT, t);
}
#endif

/* What a view alone shows, from its blob (the state s, the bytes after it
 * at extra), into t: dice, the players, the seat's score and the winner once
 * over; tile games, the
 * seat's hand, the hands' sizes, the round, and in Caminos the seats that
 * chose, the seat's choice and the winners once over. */
static void view_values(int g, const any_state *s, const uint8_t *extra, mp_obj_t *t) {
    pintas_engine_status out;
    mp_obj_t scores = status_of(g, s, &out), sizes[PINTAS_ENGINE_MAX_SIDES];
    int seat = extra[BLOB_SEAT] < out.seats ? extra[BLOB_SEAT] : 0;
    if (IS_DICE(g)) {
        t[0] = MP_OBJ_NEW_SMALL_INT(out.seats);
        t[1] = mp_obj_subscr(scores, MP_OBJ_NEW_SMALL_INT(seat), MP_OBJ_SENTINEL);
#if !ONLY_LINE
        t[2] = out.over ? opt_int(s->dice.winner, 0xFF) : mp_const_none;
#endif
        return;
    }
    for (int i = 0; i < out.seats && i < 8; i++) {
        sizes[i] = MP_OBJ_NEW_SMALL_INT(extra[BLOB_SIZES + i]);
    }
    t[0] = new_tileset(engine_of(g)->hand(s, seat));
    t[1] = mp_obj_new_tuple(out.seats < 8 ? out.seats : 8, sizes);
    t[2] = MP_OBJ_NEW_SMALL_INT(out.round);
#if !ONLY_LINE
    if (IS_CAMINOS(g)) {
        t[3] = seats_tuple(extra[BLOB_CHOSEN]);
        t[4] = s->cam.choice[seat] < PINTAS_TILE_COUNT ? TILE_AT(s->cam.choice[seat])
                                                       : mp_const_none;
        t[5] = out.over ? seats_tuple(s->cam.winners) : mp_obj_new_tuple(0, NULL);
    }
#endif
}

/* What a game alone shows of its status into t: the seats, the scores, the
 * winning sides, the one winner (None unless one side won), and the hands'
 * sizes and the round (tile games) or the players (dice). */
static void game_values(int g, const any_state *s, mp_obj_t *t) {
    pintas_engine_status out;
    mp_obj_t sides[PINTAS_ENGINE_MAX_SIDES], sizes[PINTAS_ENGINE_MAX_SIDES];
    size_t n = 0;
    t[1] = status_of(g, s, &out);
    for (int i = 0; i < out.sides; i++) {
        if (out.winners >> i & 1) {
            sides[n++] = MP_OBJ_NEW_SMALL_INT(i);
        }
    }
    t[0] = MP_OBJ_NEW_SMALL_INT(out.seats);
    t[2] = mp_obj_new_tuple(n, sides);
    t[3] = n == 1 ? sides[0] : mp_const_none;
    if (IS_DICE(g)) {
        t[4] = t[0];
        return;
    }
    for (int i = 0; i < out.seats; i++) {
        sizes[i] = MP_OBJ_NEW_SMALL_INT(popcount(engine_of(g)->hand(s, i)));
    }
    t[4] = mp_obj_new_tuple(out.seats, sizes);
    t[5] = MP_OBJ_NEW_SMALL_INT(out.round);
}

/* The values of table_names(g) (at most 25) for the state or view blob st. */
static void table_values(int g, mp_obj_t st, mp_obj_t *t) {
    any_state tmp, *s = state_at(g, st, &tmp, 0);
    const uint8_t *extra = NULL;
    if (made_state(st) == NULL) { /* a view's blob: the bytes after the state */
        size_t len;
        extra = bytes_of(st, &len) + engine_of(g)->state_size;
        if (len != (size_t)engine_of(g)->state_size + BLOB_EXTRA) {
            bad();
        }
    }
    if (IS_LINE(g)) {
        const pintas_line_state *l = &s->line;
        size_t len = l->line_len <= PINTAS_TILE_COUNT ? l->line_len : 0;
        mp_obj_t placed[PINTAS_TILE_COUNT];
        for (size_t i = 0; i < len; i++) {
            mp_obj_t pair[2] = {TILE_AT((l->line[i] & 0x7F) % PINTAS_TILE_COUNT),
                                MP_OBJ_NEW_QSTR(l->line[i] & 0x80 ? MP_QSTR_R : MP_QSTR_L)};
            placed[i] = mp_obj_new_tuple(2, pair);
        }
        uint8_t nums[2 * PINTAS_TILE_COUNT];
        size_t n;
        if (pintas_line_chain(l, nums, sizeof nums, &n) != PINTAS_OK) {
            bad();
        }
        mp_obj_t e[2] = {MP_OBJ_NEW_SMALL_INT(l->ends[0]), MP_OBJ_NEW_SMALL_INT(l->ends[1])};
        t[0] = MP_OBJ_NEW_SMALL_INT(l->leader);
        t[1] = mp_obj_new_tuple(len, placed);
        t[2] = pairs_tuple(nums, n);
        t[3] = len ? mp_obj_new_tuple(2, e) : mp_const_none;
        t[4] = MP_OBJ_NEW_SMALL_INT(pintas_line_boneyard_size(l));
        t[5] = l->forced_tile < PINTAS_TILE_COUNT ? TILE_AT(l->forced_tile) : mp_const_none;
        t[6] = opt_int(l->winner, 0xFF);
        if (extra) {
            view_values(g, s, extra, t + 7);
        } else {
            game_values(g, s, t + 10);
        }
        return;
    }
#if !ONLY_LINE
    if (IS_CAMINOS(g)) {
        const pintas_caminos_state *c = &s->cam;
        mp_obj_t paths[PINTAS_CAMINOS_MAX_PATHS], choices[PINTAS_CAMINOS_MAX_SEATS];
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
            mp_obj_t f[2] = {MP_OBJ_NEW_SMALL_INT(side_tiles - fl),
                             MP_OBJ_NEW_SMALL_INT(side_tiles - bl)};
            mp_obj_t path[5] = {TILE_AT(p->centre), tiles_tuple_of(p->tile[0], fl),
                                tiles_tuple_of(p->tile[1], bl), mp_obj_new_tuple(2, e),
                                mp_obj_new_tuple(2, f)};
            paths[i] = mp_obj_new_tuple(5, path);
        }
        int players = c->rules.players <= PINTAS_CAMINOS_MAX_SEATS ? c->rules.players : 0;
        for (int i = 0; i < players; i++) {
            choices[i] = c->choice[i] < PINTAS_TILE_COUNT ? TILE_AT(c->choice[i]) : mp_const_none;
        }
        t[0] = MP_OBJ_NEW_QSTR(c->phase == PINTAS_CAMINOS_REVEALING ? MP_QSTR_reveal
                               : c->phase == PINTAS_CAMINOS_PLAYING ? MP_QSTR_play : MP_QSTR_over);
        t[1] = opt_int(c->starter, 4);
        t[2] = MP_OBJ_NEW_SMALL_INT(pintas_caminos_pile_size(c));
        t[3] = MP_OBJ_NEW_SMALL_INT(c->step);
        t[4] = seats_tuple(c->contenders);
        t[5] = opt_int(c->out_seat, 4);
        t[6] = MP_OBJ_NEW_SMALL_INT(c->last_turns);
        t[7] = MP_OBJ_NEW_SMALL_INT(c->passes);
        t[8] = new_tileset(c->discard & PINTAS_ALL_TILES);
        t[9] = mp_obj_new_tuple((size_t)n_paths, paths);
        t[10] = tiles_tuple_of(c->pile, c->pile_len);
        t[11] = mp_obj_new_tuple((size_t)players, choices);
        if (extra) {
            view_values(g, s, extra, t + 12);
        } else {
            game_values(g, s, t + 18);
        }
        return;
    }
    const pintas_dice_state *d = &s->dice;
    mp_obj_t roll[PINTAS_DICE_COUNT];
    size_t n = d->last_roll_len <= PINTAS_DICE_COUNT ? d->last_roll_len : 0;
    for (size_t i = 0; i < n; i++) {
        roll[i] = MP_OBJ_NEW_SMALL_INT(d->last_roll[i]);
    }
    t[0] = MP_OBJ_NEW_SMALL_INT(d->first_player);
    t[1] = MP_OBJ_NEW_QSTR(d->phase == PINTAS_DICE_MUST_ROLL ? MP_QSTR_roll
                           : d->phase == PINTAS_DICE_MUST_KEEP ? MP_QSTR_keep
                           : d->phase == PINTAS_DICE_BANK_OR_ROLL ? MP_QSTR_bank_or_roll
                           : MP_QSTR_over);
    t[2] = MP_OBJ_NEW_SMALL_INT(pintas_dice_turn_total(d));
    t[3] = MP_OBJ_NEW_SMALL_INT(pintas_dice_dice_to_roll(d));
    t[4] = mp_obj_new_tuple(n, roll);
    t[5] = dice_tuple(d->pool);
    t[6] = MP_OBJ_NEW_SMALL_INT(d->final_left);
    t[7] = MP_OBJ_NEW_SMALL_INT(d->pool_score);
    if (extra) {
        view_values(g, s, extra, t + 8);
    } else {
        game_values(g, s, t + 11);
    }
#endif
}

/* table(game or view, name) -> the attribute `name` of its table, as the
 * API shows it; AttributeError for a name not among its game's. */
static mp_obj_t table(mp_obj_t self, mp_obj_t name_in) {
    int g = game_of(mp_load_attr(self, MP_QSTR__G));
    mp_obj_t st = mp_call_function_n_kw(mp_load_attr(self, MP_QSTR__state), 0, 0, NULL);
    char mark = made_state(st) != NULL ? '+' : '-'; /* (the names the object has not) */
    size_t len;
    const char *name = mp_obj_str_get_data(name_in, &len);
    const char *w = table_names(g);
    for (size_t i = 0; *w; i++) {
        const char *end = w;
        while (*end && *end != ' ') {
            end++;
        }
        int other = *w == mark, own = *w == '+' || *w == '-';
        size_t n = (size_t)(end - w) - (size_t)own;
        const char *word = w + own;
        size_t k = 0;
        while (k < n && k < len && word[k] == name[k]) {
            k++;
        }
        if (!other && k == n && k == len) {
            mp_obj_t t[25];
            table_values(g, st, t);
            return t[i];
        }
        w = *end ? end + 1 : end;
    }
#if MICROPY_ENABLE_DYNRUNTIME
    nlr_raise(mp_call_function_n_kw(mp_load_global(MP_QSTR_AttributeError), 1, 0, &name_in));
#else
    mp_raise_type_arg(&mp_type_AttributeError, name_in);
#endif
}
static MP_DEFINE_CONST_FUN_OBJ_2(table_obj, table);

/* ---- events: the types of domino.Event, caminos.Event and dice.Event ------- */
/* An Event holds one event's fields (pintas/texts.h's pintas_event_fields:
 * what the core's event struct of its game says, or what the constructor
 * was given), each attribute made when it is read. The three types share
 * every slot, and a type's game is which of them it is. Events are
 * immutable, equal (and hashed) by their fields (a line event's `teams`
 * aside: how its sentence names sides), and read as the core's sentence
 * (pintas_event_text) or, where that names a field the event lacks, as
 * their repr. */

typedef struct event_obj {
    mp_obj_base_t base;
    pintas_event_fields f;
} event_obj;

#if MICROPY_ENABLE_DYNRUNTIME
mp_obj_full_type_t pintas_event_types[3]; /* filled in by mpy_init */
#define EVENT_TYPE(g) ((const mp_obj_type_t *)&pintas_event_types[g])
#define LINE_EVENT_TYPE pintas_event_types[G_LINE]
#define CAMINOS_EVENT_TYPE pintas_event_types[G_CAMINOS]
#define DICE_EVENT_TYPE pintas_event_types[G_DICE]
mp_map_elem_t event_methods_table[2];
#else
static const mp_obj_type_t pintas_line_event_type, pintas_caminos_event_type,
    pintas_dice_event_type;
#define EVENT_TYPE(g) (IS_LINE(g) ? &pintas_line_event_type : IS_CAMINOS(g) \
                       ? &pintas_caminos_event_type : &pintas_dice_event_type)
#define LINE_EVENT_TYPE pintas_line_event_type
#define CAMINOS_EVENT_TYPE pintas_caminos_event_type
#define DICE_EVENT_TYPE pintas_dice_event_type
#endif

static int type_game(const mp_obj_type_t *type) {
    return type == EVENT_TYPE(G_LINE) ? G_LINE : type == EVENT_TYPE(G_CAMINOS) ? G_CAMINOS : G_DICE;
}
#define event_game(o) type_game(mp_obj_get_type(o))

static const pintas_texts *texts_of(int g) {
    return IS_LINE(g) ? &pintas_line_texts : IS_CAMINOS(g) ? &pintas_caminos_texts
                                                           : &pintas_dice_texts;
}

/* The fields, and each game's in the order of its constructor's arguments. */
enum { X_KIND, X_SEAT, X_SIDE, X_TILE, X_END, X_POINTS, X_REASON, X_COUNT, X_PATH, X_SEATS,
       X_TILES, X_VALUES, X_TOTAL, X_TEAMS };
static const uint8_t event_fields[3][11] = {
    {X_KIND, X_SEAT, X_SIDE, X_TILE, X_END, X_POINTS, X_REASON, X_COUNT, X_TEAMS},
    {X_KIND, X_SEAT, X_TILE, X_PATH, X_SIDE, X_POINTS, X_REASON, X_COUNT, X_SEATS, X_TILES},
    {X_KIND, X_SEAT, X_VALUES, X_POINTS, X_TOTAL, X_REASON, X_COUNT},
};
static const uint8_t event_field_count[3] = {8, 10, 7}; /* (by position: teams by name only) */

static qstr field_name(int x) {
    const qstr names[] = {MP_QSTR_kind, MP_QSTR_seat, MP_QSTR_side, MP_QSTR_tile, MP_QSTR_end,
                          MP_QSTR_points, MP_QSTR_reason, MP_QSTR_count, MP_QSTR_path,
                          MP_QSTR_seats, MP_QSTR_tiles, MP_QSTR_values, MP_QSTR_total,
                          MP_QSTR_teams};
    return names[x];
}

/* Whether the n bytes at a and b are the same (the native module's C library
 * has no byte comparison: libc.c). */
static int same_bytes(const void *a, const void *b, size_t n) {
    const uint8_t *p = a, *q = b;
    while (n > 0 && *p == *q) {
        p++, q++, n--;
    }
    return n == 0;
}

/* The name at `i` of names[0..n), as a str (None for NULL or past the end). */
static mp_obj_t name_at(const char *const *names, size_t n, unsigned i) {
    return i < n && names[i] != NULL ? new_str0(names[i]) : mp_const_none;
}

/* The field x of an event as Python reads it. */
static mp_obj_t event_field(int g, const pintas_event_fields *f, int x) {
    const pintas_texts *t = texts_of(g);
    switch (x) {
        case X_KIND:
            return name_at(t->kinds, t->kind_count, f->kind);
        case X_REASON:
            return name_at(t->reasons, t->reason_count, f->reason);
        case X_SEAT:
        case X_PATH:
            return opt_int(x == X_SEAT ? f->seat : f->path, PINTAS_EVENT_NONE);
        case X_SIDE:
            return f->side == PINTAS_EVENT_NONE ? mp_const_none
                   : IS_CAMINOS(g) ? new_str0(pintas_caminos_side_name(f->side ? 1 : 0))
                                   : MP_OBJ_NEW_SMALL_INT(f->side);
        case X_END:
            return f->end == PINTAS_EVENT_NONE ? mp_const_none : new_str0(f->end ? "R" : "L");
        case X_TILE:
            return f->tile < PINTAS_TILE_COUNT ? TILE_AT(f->tile) : mp_const_none;
        case X_POINTS:
        case X_COUNT:
        case X_TOTAL:
            return mp_obj_new_int(x == X_POINTS ? f->points : x == X_COUNT ? f->count : f->total);
        case X_SEATS:
            return seats_tuple(f->seats);
        case X_TILES:
            return f->has_tiles ? new_tileset(f->tiles) : mp_const_none;
        case X_VALUES: {
            mp_obj_t dice[PINTAS_DICE_COUNT];
            for (size_t i = 0; i < f->n_dice; i++) {
                dice[i] = MP_OBJ_NEW_SMALL_INT(f->dice[i]);
            }
            return mp_obj_new_tuple(f->n_dice, dice);
        }
        default: /* X_TEAMS */
            return mp_obj_new_bool(f->teams);
    }
}

/* Whether a repr shows the field x (it differs from the constructor's default). */
static int event_shows(int g, const pintas_event_fields *f, int x) {
    switch (x) {
        case X_SEAT:
            return IS_DICE(g) || f->seat != PINTAS_EVENT_NONE;
        case X_SIDE:
            return f->side != PINTAS_EVENT_NONE;
        case X_END:
            return f->end != PINTAS_EVENT_NONE;
        case X_PATH:
            return f->path != PINTAS_EVENT_NONE;
        case X_TILE:
            return f->tile < PINTAS_TILE_COUNT;
        case X_POINTS:
            return f->points != 0;
        case X_COUNT:
            return f->count != 0;
        case X_TOTAL:
            return f->total != 0;
        case X_REASON:
            return f->reason != 0;
        case X_SEATS:
            return f->seats != 0;
        case X_TILES:
            return f->has_tiles;
        default: /* X_VALUES */
            return f->n_dice != 0;
    }
}

static event_obj *new_event(int g) {
    event_obj *e = mp_obj_malloc(event_obj, EVENT_TYPE(g));
    memset(&e->f, 0, sizeof e->f); /* (padding too: events compare by their bytes) */
    e->f.seat = e->f.side = e->f.end = e->f.path = PINTAS_EVENT_NONE;
    e->f.tile = PINTAS_NO_TILE;
    return e;
}

/* The event of the core's event struct at raw (dice: its reason in
 * reserved[0], dice_reasons'); `teams`: a line game played in pairs. */
static mp_obj_t event_of_raw(int g, const uint8_t *raw, int teams) {
    event_obj *o = new_event(g);
    pintas_event_fields *f = &o->f;
    if (IS_LINE(g)) {
        pintas_line_event e;
        memcpy(&e, raw, sizeof(e));
        f->kind = e.kind;
        f->seat = e.seat;
        f->side = e.side;
        f->tile = e.tile;
        f->end = e.kind == PINTAS_EV_PLAY ? e.end : PINTAS_EVENT_NONE;
        *(e.kind == PINTAS_EV_SCORE ? &f->points : &f->count) = e.points;
        f->reason = e.reason;
        f->teams = (uint8_t)teams;
    } else if (IS_CAMINOS(g)) {
        pintas_caminos_event e;
        memcpy(&e, raw, sizeof(e));
        f->kind = e.kind;
        f->seat = e.seat < PINTAS_CAMINOS_MAX_SEATS ? e.seat : PINTAS_EVENT_NONE;
        f->tile = e.tile;
        f->path = e.path < PINTAS_CAMINOS_MAX_PATHS ? (uint8_t)(e.path + 1) : PINTAS_EVENT_NONE;
        f->side = e.kind == PINTAS_CAMINOS_EV_PLACE ? (e.side & 1) : PINTAS_EVENT_NONE;
        int score = e.kind == PINTAS_CAMINOS_EV_SCORE || e.kind == PINTAS_CAMINOS_EV_GAME_END;
        *(score ? &f->points : &f->count) = e.value;
        f->reason = e.reason;
        f->seats = e.seats;
        f->has_tiles = e.kind == PINTAS_CAMINOS_EV_CLOSE;
        f->tiles = f->has_tiles ? e.tiles & PINTAS_ALL_TILES : 0;
    } else {
        pintas_dice_event e;
        memcpy(&e, raw, sizeof(e));
        f->kind = e.kind;
        f->seat = e.player;
        if ((e.kind == PINTAS_DICE_EV_ROLLED || e.kind == PINTAS_DICE_EV_KEPT)
            && e.n <= PINTAS_DICE_COUNT) {
            f->n_dice = e.n;
            memcpy(f->dice, e.dice, e.n);
        }
        f->points = e.points;
        f->total = e.total;
        f->reason = e.reserved[0];
        f->count = e.kind == PINTAS_DICE_EV_FINAL_ROUND ? e.n : 0;
    }
    return MP_OBJ_FROM_PTR(o);
}

/* events(game, raw) -> the Event objects of the raw log of the game or one of
 * its views (a line game in pairs: its sides are teams). */
static mp_obj_t events(mp_obj_t game, mp_obj_t raw_in) {
    int g;
    state_of_game(game, &g);
    int teams = IS_LINE(g) && mp_obj_is_true(mp_load_attr(member(game, MP_QSTR__rules),
                                                         MP_QSTR_pairs));
    size_t len, size = engine_of(g)->event_size;
    const uint8_t *raw = bytes_of(raw_in, &len);
    mp_obj_t out = mp_obj_new_list(0, NULL);
    for (size_t at = 0; at + size <= len; at += size) {
        mp_obj_list_append(out, event_of_raw(g, raw + at, teams));
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_2(events_obj, events);

/* ---- an event's constructor: its checks, with the messages of CPython's pintas */

/* The number of the name v (a str) among names[0..n) (from 1 where names[0]
 * is NULL: None is 0 there), or NotationError "unknown event <what> <v!r>". */
static uint8_t name_number(const char *const *names, size_t n, mp_obj_t v, const char *what) {
    if (v == mp_const_none && names[0] == NULL) {
        return 0;
    }
    if (mp_obj_is_str(v)) {
        size_t len;
        const char *s = mp_obj_str_get_data(v, &len);
        for (size_t i = 0; i < n; i++) {
            if (names[i] != NULL && strlen(names[i]) == len && same_bytes(names[i], s, len)) {
                return (uint8_t)i;
            }
        }
    }
    mp_obj_t args[2] = {new_str0(what), v};
    notation_error(0, "unknown event {} {!r}", 2, args);
}

/* v's value if it is a whole number lo..hi (beyond small ints: -2**31..2**31-1
 * only), else NotationError or (not an int) NotationTypeError. */
static mp_int_t event_whole(mp_obj_t v, mp_int_t lo, mp_int_t hi, const char *what) {
    if (mp_obj_is_small_int(v) && MP_OBJ_SMALL_INT_VALUE(v) >= lo
        && MP_OBJ_SMALL_INT_VALUE(v) <= hi) {
        return MP_OBJ_SMALL_INT_VALUE(v);
    }
    mp_obj_t args[4] = {new_str0(what), mp_obj_new_int(lo), mp_obj_new_int(hi), v};
    if (mp_obj_is_int(v) && !mp_obj_is_small_int(v) && hi == INT32_MAX
        && !mp_obj_is_true(mp_binary_op(MP_BINARY_OP_LESS, v, args[1]))
        && !mp_obj_is_true(mp_binary_op(MP_BINARY_OP_MORE, v, args[2]))) {
        return (mp_int_t)(int32_t)mp_obj_get_int_truncated(v);
    }
    notation_error(!mp_obj_is_int(v), "{} is a whole number {}..{}: got {!r}", 4, args);
}

/* The index of v among two one-letter or word choices ("L"/"R", "front"/"back"). */
static uint8_t event_choice(mp_obj_t v, const char *a, const char *b, const char *template) {
    if (mp_obj_is_str(v)) {
        size_t len;
        const char *s = mp_obj_str_get_data(v, &len);
        for (int i = 0; i < 2; i++) {
            const char *c = i ? b : a;
            if (strlen(c) == len && same_bytes(s, c, len)) {
                return (uint8_t)i;
            }
        }
    }
    notation_error(!mp_obj_is_str(v), template, 1, &v);
}

/* An event's seats: a tuple or list of distinct seats 0..3, as a mask. */
static uint8_t event_seats(mp_obj_t v) {
    if (!mp_obj_is_type(v, &mp_type_tuple) && !mp_obj_is_type(v, &mp_type_list)) {
        notation_error(1, "an event's seats are a tuple of seats: got {!r}", 1, &v);
    }
    size_t n;
    mp_obj_t *items;
    unsigned mask = 0;
    mp_obj_get_array(v, &n, &items);
    if (n > PINTAS_CAMINOS_MAX_SEATS) {
        notation_error(0, "an event's seats are at most 4 seats: got {!r}", 1, &v);
    }
    for (size_t i = 0; i < n; i++) {
        unsigned bit = 1u << event_whole(items[i], 0, PINTAS_CAMINOS_MAX_SEATS - 1, "a seat");
        if (mask & bit) {
            notation_error(0, "an event's seats are distinct: got {!r}", 1, &v);
        }
        mask |= bit;
    }
    return (uint8_t)mask;
}

/* Set the field x of f from v (the constructor's argument, None or given). */
static void event_take(int g, pintas_event_fields *f, int x, mp_obj_t v) {
    static const char side_form[] = "an event's side is 'front', 'back' or None: got {!r}";
    if (v == mp_const_none && x != X_SEAT && x != X_VALUES && x != X_SEATS && x != X_TEAMS) {
        return; /* (as it was: None) */
    }
    switch (x) {
        case X_SEAT:
            if (v == mp_const_none && IS_DICE(g)) {
                notation_error(1, "a dice event's seat is a whole number: got None", 0, NULL);
            }
            if (v != mp_const_none) {
                f->seat = (uint8_t)event_whole(v, 0, PINTAS_ENGINE_MAX_SIDES - 1, "an event's seat");
            }
            break;
        case X_SIDE:
            f->side = IS_CAMINOS(g) ? event_choice(v, "front", "back", side_form)
                      : (uint8_t)event_whole(v, 0, PINTAS_LINE_MAX_SEATS - 1, "an event's side");
            break;
        case X_END:
            f->end = event_choice(v, "L", "R", "an event's end is 'L', 'R' or None: got {!r}");
            break;
        case X_PATH:
            f->path = (uint8_t)event_whole(v, 1, PINTAS_CAMINOS_MAX_PATHS, "an event's path");
            break;
        case X_TILE:
            f->tile = tile_of(v)->index;
            break;
        case X_POINTS:
            f->points = (int32_t)event_whole(v, INT32_MIN, INT32_MAX, "an event's points");
            break;
        case X_COUNT:
            f->count = (int32_t)event_whole(v, INT32_MIN, INT32_MAX, "an event's count");
            break;
        case X_TOTAL:
            f->total = (int32_t)event_whole(v, INT32_MIN, INT32_MAX, "an event's total");
            break;
        case X_SEATS:
            f->seats = event_seats(v);
            break;
        case X_TILES:
            if (!mp_obj_is_type(v, TILESET_TYPE)) {
                v = mp_call_function_n_kw(MP_OBJ_FROM_PTR(TILESET_TYPE), 1, 0, &v);
            }
            f->has_tiles = 1;
            f->tiles = mask_in(v);
            break;
        case X_VALUES: { /* (the dice moves' check, pintas.py's: 0 to 6 dice 1..6) */
            mp_obj_t args[4] = {v, MP_OBJ_NEW_SMALL_INT(0), MP_OBJ_NEW_SMALL_INT(PINTAS_DICE_COUNT),
                                new_str0("an event's dice")};
            mp_obj_t *dice;
            size_t n;
            mp_obj_get_array(mp_call_function_n_kw(error_class(MP_QSTR__x_items), 4, 0, args), &n,
                             &dice);
            for (size_t i = 0; i < n && i < PINTAS_DICE_COUNT; i++) {
                f->dice[f->n_dice++] = (uint8_t)MP_OBJ_SMALL_INT_VALUE(dice[i]);
            }
            break;
        }
        default: /* X_TEAMS: None is told by the seat and side */
            if (v == mp_const_none) {
                v = mp_obj_new_bool(f->seat != PINTAS_EVENT_NONE && f->side != PINTAS_EVENT_NONE
                                    && f->seat != f->side);
            }
            if (v != mp_const_true && v != mp_const_false) {
                notation_error(1, "teams is True, False or None: got {!r}", 1, &v);
            }
            f->teams = v == mp_const_true;
            break;
    }
}

/* Event(kind, ...): its game's fields by position or name (a line event's
 * teams by name only); the kind and reason checked first. */
static mp_obj_t event_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
                               const mp_obj_t *args) {
    int g = type_game(type);
    const uint8_t *names = event_fields[g];
    size_t n = event_field_count[g], named = n + (size_t)IS_LINE(g); /* (teams) */
    mp_obj_t given[11];
    for (size_t i = 0; i < named; i++) {
        given[i] = i < n_args && i < n ? args[i] : MP_OBJ_NULL;
    }
    if (n_args > n) {
        mp_obj_t counts[2] = {MP_OBJ_NEW_SMALL_INT(n), MP_OBJ_NEW_SMALL_INT(n_args)};
        raise_formatted(MP_OBJ_FROM_PTR(&mp_type_TypeError),
                        "Event takes at most {} fields by position: got {}", 2, counts);
    }
    for (size_t k = 0; k < n_kw; k++) {
        mp_obj_t key = args[n_args + 2 * k];
        size_t i = 0;
        while (i < named && !mp_obj_is_true(mp_binary_op(MP_BINARY_OP_EQUAL, key,
                                                         MP_OBJ_NEW_QSTR(field_name(names[i]))))) {
            i++;
        }
        if (i == named) {
            raise_formatted(MP_OBJ_FROM_PTR(&mp_type_TypeError),
                            "unexpected keyword argument {!r}", 1, &key);
        }
        if (given[i] == MP_OBJ_NULL) {
            given[i] = args[n_args + 2 * k + 1];
        }
    }
    if (given[0] == MP_OBJ_NULL) {
        mp_raise_TypeError(MP_ERROR_TEXT("an event needs a kind"));
    }
    event_obj *o = new_event(g);
    const pintas_texts *t = texts_of(g);
    if (IS_DICE(g)) {
        o->f.seat = 0; /* (a dice event always names its seat) */
    }
    size_t at_reason = IS_LINE(g) || IS_CAMINOS(g) ? 6 : 5;
    o->f.kind = name_number(t->kinds, t->kind_count, given[0], "kind");
    if (given[at_reason] != MP_OBJ_NULL) {
        o->f.reason = name_number(t->reasons, t->reason_count, given[at_reason], "reason");
    }
    for (size_t i = 1; i < named; i++) {
        if (i != at_reason && (given[i] != MP_OBJ_NULL || names[i] == X_TEAMS)) {
            event_take(g, &o->f, names[i], given[i] == MP_OBJ_NULL ? mp_const_none : given[i]);
        }
    }
    return MP_OBJ_FROM_PTR(o);
}

/* ---- an event's slots and methods ---------------------------------------- */

static const pintas_event_fields *event_fields_of(mp_obj_t self) {
    return &((const event_obj *)MP_OBJ_TO_PTR(self))->f;
}

/* repr: Event('kind', name=value, ...) for every field off its default. */
static void event_repr(const mp_print_t *print, mp_obj_t self) {
    int g = event_game(self);
    const pintas_event_fields *f = event_fields_of(self);
    mp_obj_t repr = mp_load_global(MP_QSTR_repr);
    for (size_t i = 0; i < event_field_count[g]; i++) {
        int x = event_fields[g][i];
        if (i == 0 || event_shows(g, f, x)) {
            mp_obj_t v = event_field(g, f, x);
            size_t len;
            const char *text = mp_obj_str_get_data(mp_call_function_n_kw(repr, 1, 0, &v), &len);
            if (i == 0) {
                mp_printf(print, "Event(%.*s", (int)len, text);
            } else {
                mp_printf(print, ", %q=%.*s", field_name(x), (int)len, text);
            }
        }
    }
    mp_printf(print, ")");
}

static void event_print(const mp_print_t *print, mp_obj_t self, mp_print_kind_t kind) {
    char buf[256];
    size_t len;
    if (kind == PRINT_REPR || pintas_event_text(texts_of(event_game(self)), event_fields_of(self),
                                                buf, sizeof buf, &len) != PINTAS_OK) {
        event_repr(print, self);
    } else {
        mp_printf(print, "%s", buf);
    }
}

static void event_attr(mp_obj_t self, qstr attr, mp_obj_t *dest) {
    int g = event_game(self);
    const pintas_event_fields *f = event_fields_of(self);
    if (dest[0] != MP_OBJ_NULL) {
        return; /* (immutable: no store, no delete) */
    }
    for (size_t i = 0; i < (size_t)(event_field_count[g] + IS_LINE(g)); i++) {
        if (attr == field_name(event_fields[g][i])) {
            dest[0] = event_field(g, f, event_fields[g][i]);
            return;
        }
    }
    if (IS_LINE(g) && attr == MP_QSTR_zapatero) {
        dest[0] = mp_obj_new_bool(f->reason == PINTAS_WHY_ZAPATERO);
    } else {
        dest[1] = MP_OBJ_SENTINEL; /* (the methods) */
    }
}

/* The bytes compared and hashed: the fields but a line event's teams. */
#define EVENT_HEAD offsetof(pintas_event_fields, teams)
#define EVENT_TAIL offsetof(pintas_event_fields, has_tiles)

static mp_obj_t event_unary_op(mp_unary_op_t op, mp_obj_t self) {
    if (op != MP_UNARY_OP_HASH) {
        return MP_OBJ_NULL;
    }
    const uint8_t *p = (const uint8_t *)event_fields_of(self);
    mp_uint_t h = 2166136261u;
    for (size_t i = 0; i < sizeof(pintas_event_fields); i++) {
        h = i == EVENT_HEAD ? h : (h ^ p[i]) * 16777619u;
    }
    return MP_OBJ_NEW_SMALL_INT(h >> 2);
}

static mp_obj_t event_binary_op(mp_binary_op_t op, mp_obj_t lhs, mp_obj_t rhs) {
    if (op != MP_BINARY_OP_EQUAL || !mp_obj_is_obj(rhs)
        || mp_obj_get_type(rhs) != mp_obj_get_type(lhs)) {
        return op == MP_BINARY_OP_EQUAL ? mp_const_false : MP_OBJ_NULL;
    }
    const uint8_t *a = (const uint8_t *)event_fields_of(lhs), *b = (const uint8_t *)event_fields_of(rhs);
    return mp_obj_new_bool(same_bytes(a, b, EVENT_HEAD)
                           && same_bytes(a + EVENT_TAIL, b + EVENT_TAIL,
                                         sizeof(pintas_event_fields) - EVENT_TAIL));
}

/* to_dict(): the fields by name, tiles as text, tuples as lists. */
static mp_obj_t event_to_dict(mp_obj_t self) {
    int g = event_game(self);
    mp_obj_t out = mp_obj_new_dict(0);
    for (size_t i = 0; i < event_field_count[g]; i++) {
        int x = event_fields[g][i];
        mp_obj_t v = event_field(g, event_fields_of(self), x);
        if ((x == X_TILE || x == X_TILES) && v != mp_const_none) {
            v = mp_call_function_n_kw(mp_load_global(MP_QSTR_str), 1, 0, &v);
        } else if (x == X_SEATS || x == X_VALUES) {
            size_t n;
            mp_obj_t *items;
            mp_obj_get_array(v, &n, &items);
            v = mp_obj_new_list(n, items);
        }
        mp_obj_dict_store(out, MP_OBJ_NEW_QSTR(field_name(x)), v);
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_1(event_to_dict_obj, event_to_dict);

/* hidden(): the event as the other seats see it, without a secret event's tile. */
static mp_obj_t event_hidden(mp_obj_t self) {
    int g = event_game(self);
    const pintas_event_fields *f = event_fields_of(self);
    if (!secret_kind(g, f->kind) || f->tile >= PINTAS_TILE_COUNT) {
        return self;
    }
    event_obj *o = new_event(g);
    o->f = *f;
    o->f.tile = PINTAS_NO_TILE;
    return MP_OBJ_FROM_PTR(o);
}
static MP_DEFINE_CONST_FUN_OBJ_1(event_hidden_obj, event_hidden);

#define EVENT_SLOTS(X) \
    X(make_new, event_make_new) X(print, event_print) X(attr, event_attr) \
    X(unary_op, event_unary_op) X(binary_op, event_binary_op) X(locals_dict, &event_locals)

#if MICROPY_ENABLE_DYNRUNTIME
static MP_DEFINE_CONST_DICT_WITH_SIZE(event_locals, event_methods_table, 2);
static const uint8_t event_slot_at[] = {EVENT_SLOTS(SLOT_OFFSET)};
static const void *const event_slots[] = {EVENT_SLOTS(SLOT_VALUE)};

/* The three types and their methods (mpy_init). */
static void events_init(void) {
    for (int g = 0; g <= G_LAST; g++) {
        type_init(&pintas_event_types[g], MP_QSTR_Event, event_slot_at, event_slots,
                  sizeof event_slot_at);
    }
    event_methods_table[0] = (mp_map_elem_t){MP_OBJ_NEW_QSTR(MP_QSTR_to_dict),
                                             MP_OBJ_FROM_PTR(&event_to_dict_obj)};
    event_methods_table[1] = (mp_map_elem_t){MP_OBJ_NEW_QSTR(MP_QSTR_hidden),
                                             MP_OBJ_FROM_PTR(&event_hidden_obj)};
}
#else
static const mp_rom_map_elem_t event_locals_table[] = {
    {MP_ROM_QSTR(MP_QSTR_to_dict), MP_ROM_PTR(&event_to_dict_obj)},
    {MP_ROM_QSTR(MP_QSTR_hidden), MP_ROM_PTR(&event_hidden_obj)},
};
static MP_DEFINE_CONST_DICT(event_locals, event_locals_table);
static MP_DEFINE_CONST_OBJ_TYPE(pintas_line_event_type, MP_QSTR_Event, MP_TYPE_FLAG_NONE
                                EVENT_SLOTS(SLOT_ARGS));
static MP_DEFINE_CONST_OBJ_TYPE(pintas_caminos_event_type, MP_QSTR_Event, MP_TYPE_FLAG_NONE
                                EVENT_SLOTS(SLOT_ARGS));
static MP_DEFINE_CONST_OBJ_TYPE(pintas_dice_event_type, MP_QSTR_Event, MP_TYPE_FLAG_NONE
                                EVENT_SLOTS(SLOT_ARGS));
#endif

/* ---- saves (pintas/save.h) ----------------------------------------------- */

static const uint8_t save_kinds[3] = {PINTAS_SAVE_LINE, PINTAS_SAVE_CAMINOS, PINTAS_SAVE_DICE};

static void deal_of(int g, mp_obj_t o, pintas_save_deal *d) {
    if (IS_LINE(g)) {
        line_deal_of(o, &d->line);
    } else {
        caminos_deal_of(o, &d->caminos);
    }
}

/* The log entries as pintas.py hands them: a move code, a seed (8 bytes), a
 * deal (its tuple). */
static int log_entry(void *ctx, size_t i, pintas_save_entry *e) {
    const mp_obj_t *items = (const mp_obj_t *)ctx;
    const pintas_save_setup *setup = (const pintas_save_setup *)items[-1];
    mp_obj_t o = items[i];
    mp_buffer_info_t info;
    memset(e, 0, sizeof(*e));
    if (mp_obj_is_small_int(o)) {
        e->kind = PINTAS_SAVE_MOVE;
        move_of(setup->game == PINTAS_SAVE_LINE ? G_LINE : setup->game == PINTAS_SAVE_CAMINOS
                                                               ? G_CAMINOS : G_DICE, o, &e->move);
    } else if (mp_get_buffer(o, &info, MP_BUFFER_READ)) {
        e->kind = PINTAS_SAVE_RESEED;
        e->seed = seed_of(o);
    } else {
        e->kind = PINTAS_SAVE_DEAL;
        deal_of(setup->game == PINTAS_SAVE_LINE ? G_LINE : G_CAMINOS, o, &e->deal);
    }
    return PINTAS_OK;
}

/* save_write(g, state, setup, log, key or None, version) -> the save's bytes,
 * or a status. setup: (rules, first seed (8 bytes), seeded, first deal or
 * None, players, first player). */
static mp_obj_t save_write(size_t n_args, const mp_obj_t *args) {
    int g = game_of(args[0]);
    mp_obj_t *f = items_of(args[2], 6);
    pintas_save_setup setup;
    pintas_save_log log;
    size_t n_log, key_len = 0, len = 0;
    mp_obj_t *items;
    const uint8_t *key = NULL;
    (void)n_args;
    memset(&setup, 0, sizeof(setup));
    setup.game = save_kinds[g];
    if (IS_LINE(g)) {
        rules_of(G_LINE, f[0], &setup.rules.line, sizeof setup.rules.line);
    } else if (IS_CAMINOS(g)) {
        rules_of(G_CAMINOS, f[0], &setup.rules.caminos, sizeof setup.rules.caminos);
    } else {
        rules_of(G_DICE, f[0], &setup.rules.dice, sizeof setup.rules.dice);
    }
    setup.first_seed = seed_of(f[1]);
    setup.seeded = (uint8_t)mp_obj_is_true(f[2]);
    if (f[3] != mp_const_none) {
        setup.dealt = 1;
        deal_of(g, f[3], &setup.deal);
    }
    setup.players = (uint8_t)int_in(f[4], 0, 255);
    setup.first_player = (uint8_t)int_in(f[5], 0, 255);
    any_state tmp, *s = state_at(g, args[1], &tmp, 0);
    mp_obj_get_array(args[3], &n_log, &items);
    /* the callback finds the setup just before the entries */
    mp_obj_t *ctx = m_new(mp_obj_t, n_log + 1);
    ctx[0] = (mp_obj_t)&setup;
    memcpy(ctx + 1, items, n_log * sizeof(mp_obj_t));
    log.count = n_log;
    log.entry = log_entry;
    log.ctx = ctx + 1;
    if (args[4] != mp_const_none) {
        key = bytes_of(args[4], &key_len);
    }
    int version = (int)mp_obj_get_int(args[5]);
    int status = pintas_save_write(&setup, &log, s, key, key_len, version, NULL, 0, &len);
    mp_obj_t out = MP_OBJ_NEW_SMALL_INT(status);
    if (status == PINTAS_OK) {
        uint8_t *buf = m_new(uint8_t, len);
        status = pintas_save_write(&setup, &log, s, key, key_len, version, buf, len, &len);
        out = status == PINTAS_OK ? mp_obj_new_bytes(buf, len) : MP_OBJ_NEW_SMALL_INT(status);
        m_del(uint8_t, buf, len);
    }
    m_del(mp_obj_t, ctx, n_log + 1);
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(save_write_obj, 6, 6, save_write);

static mp_obj_t masks4(const pintas_mask *m) {
    mp_obj_t t[4];
    for (int i = 0; i < 4; i++) {
        t[i] = new_mask(m[i]);
    }
    return mp_obj_new_tuple(4, t);
}

/* A deal as line_deal_of / caminos_deal_of read it. */
static mp_obj_t deal_out(int g, const pintas_save_deal *d) {
    if (IS_LINE(g)) {
        mp_obj_t t[2] = {masks4(d->line.hand),
                         mp_obj_new_bytes(d->line.boneyard, d->line.boneyard_len)};
        return mp_obj_new_tuple(2, t);
    }
    size_t paths = 0;
    while (paths < PINTAS_CAMINOS_MAX_PATHS && d->caminos.path[paths] != PINTAS_NO_TILE) {
        paths++;
    }
    mp_obj_t t[3] = {mp_obj_new_bytes(d->caminos.path, paths), masks4(d->caminos.hand),
                     mp_obj_new_bytes(d->caminos.pile, d->caminos.pile_len)};
    return mp_obj_new_tuple(3, t);
}

static mp_obj_t host_values(int g, const int32_t *values, size_t n);
static mp_obj_t setting_obj(const pintas_setting *s, int32_t v);

/* Rules as rules_of reads them: a Python value a setting (a value out of a
 * choice's range as its number, for pintas.py to refuse). */
static mp_obj_t rules_out(int g, const pintas_save_rules *r) {
    size_t n;
    int32_t values[PINTAS_SETTINGS_MAX];
    size_t size = IS_CAMINOS(g) ? sizeof r->caminos : IS_DICE(g) ? sizeof r->dice : sizeof r->line;
    settings_of(MP_OBJ_NEW_SMALL_INT(g), &n);
    if (pintas_settings_values(g, r, size, values, n) != PINTAS_OK) {
        bad();
    }
    return host_values(g, values, n);
}

/* The core's values of a family's n settings as Python values, a tuple. */
static mp_obj_t host_values(int g, const int32_t *values, size_t n) {
    const pintas_setting *table = settings_of(MP_OBJ_NEW_SMALL_INT(g), &n);
    mp_obj_t f[PINTAS_SETTINGS_MAX];
    for (size_t i = 0; i < n; i++) {
        f[i] = setting_obj(&table[i], values[i]);
    }
    return mp_obj_new_tuple(n, f);
}

static mp_obj_t repr_of(mp_obj_t v);

/* The CorruptStateError of a refused save: the core's template filled in by
 * its fields' names (the move's words for NO_REPLAY and the seeds' causes,
 * the state image quoted). */
static mp_obj_t save_refusal(int g, pintas_save_reader *r, pintas_save_work *w,
                             const pintas_save_error *err, const uint8_t *data, size_t len) {
    mp_obj_t reason = new_str0(pintas_status_str(err->status));
    mp_obj_t move = mp_const_none, image = mp_const_none;
    int cause = err->cause;
    if (cause == PINTAS_SAVE_NO_REPLAY || cause == PINTAS_SAVE_DREW_UNSEEDED
        || cause == PINTAS_SAVE_SEED_UNUSED) {
        pintas_save_entry e;
        pintas_save_rewind(r);
        for (uint32_t i = 0; i <= err->entry; i++) {
            pintas_save_next(r, &e);
        }
        if (e.kind == PINTAS_SAVE_MOVE) {
            pintas_refusal why;
            char buf[PINTAS_NOTATION_MAX];
            size_t n = 0;
            notations[g].print(&e.move, buf, sizeof(buf), &n);
            move = mp_obj_new_str(buf, n);
            if (cause == PINTAS_SAVE_NO_REPLAY && notations[g].why(&w->state, &e.move, &why)
                                                       != PINTAS_OK) {
                reason = refusal_str(g, &w->state, &why, NULL, 0);
            }
        }
    }
    if (cause == PINTAS_SAVE_STATE || cause == PINTAS_SAVE_STATE_VERSION) {
        /* the image ends the body, before the trailer (the reader is closed) */
        size_t at = len - engine_of(g)->save_size;
        if (data[4] == PINTAS_SAVE_FORMAT) {
            at -= data[6] & PINTAS_SAVE_FLAG_KEYED ? PINTAS_SAVE_MAC_SIZE
                                                   : PINTAS_SAVE_CHECKSUM_SIZE;
        }
        image = mp_obj_new_bytes(data + at, cause == PINTAS_SAVE_STATE ? 16 : 8);
    }
    const char *what = pintas_save_what(err->game), *other = pintas_save_what(err->value);
    const char *package = pintas_save_package(err->value);
    mp_obj_t value = MP_OBJ_NEW_SMALL_INT(err->value), at = mp_obj_new_int_from_uint(err->at);
    uint8_t kind = (uint8_t)err->value;
    /* the template's fields by name (the values CPython's pintas gives them) */
    mp_obj_t kw[2 * 24] = {
        MP_OBJ_NEW_QSTR(MP_QSTR_size), mp_obj_new_int_from_uint(err->size),
        MP_OBJ_NEW_QSTR(MP_QSTR_wanted), mp_obj_new_int_from_uint(err->wanted),
        MP_OBJ_NEW_QSTR(MP_QSTR_at), at, MP_OBJ_NEW_QSTR(MP_QSTR_offset), at,
        MP_OBJ_NEW_QSTR(MP_QSTR_value), value, MP_OBJ_NEW_QSTR(MP_QSTR_version), value,
        MP_OBJ_NEW_QSTR(MP_QSTR_flags), value, MP_OBJ_NEW_QSTR(MP_QSTR_n), value,
        MP_OBJ_NEW_QSTR(MP_QSTR_players), value,
        MP_OBJ_NEW_QSTR(MP_QSTR_count), MP_OBJ_NEW_SMALL_INT(err->count),
        MP_OBJ_NEW_QSTR(MP_QSTR_room), mp_obj_new_int_from_uint(err->room),
        MP_OBJ_NEW_QSTR(MP_QSTR_tag), MP_OBJ_NEW_SMALL_INT(err->tag),
        MP_OBJ_NEW_QSTR(MP_QSTR_first), MP_OBJ_NEW_SMALL_INT(err->other),
        MP_OBJ_NEW_QSTR(MP_QSTR_found), MP_OBJ_NEW_SMALL_INT(err->found),
        MP_OBJ_NEW_QSTR(MP_QSTR_written), MP_OBJ_NEW_SMALL_INT(err->written),
        MP_OBJ_NEW_QSTR(MP_QSTR_what), what ? new_str0(what) : mp_const_none,
        MP_OBJ_NEW_QSTR(MP_QSTR_other), other ? new_str0(other) : mp_const_none,
        MP_OBJ_NEW_QSTR(MP_QSTR_package), package ? new_str0(package) : mp_const_none,
        MP_OBJ_NEW_QSTR(MP_QSTR_kind), repr_of(mp_obj_new_bytes(&kind, 1)),
        MP_OBJ_NEW_QSTR(MP_QSTR_image), repr_of(image),
        MP_OBJ_NEW_QSTR(MP_QSTR_move), move, MP_OBJ_NEW_QSTR(MP_QSTR_reason), reason,
        MP_OBJ_NEW_QSTR(MP_QSTR_start), repr_of(mp_obj_new_bytes(data, len < 24 ? len : 24)),
        MP_OBJ_NEW_QSTR(MP_QSTR_data), repr_of(mp_obj_new_bytes(data, len)),
    };
    mp_obj_t msg = mp_call_function_n_kw(mp_load_attr(new_str0(pintas_save_message(err)),
                                                      MP_QSTR_format), 0, 24, kw);
    return mp_call_function_n_kw(error_class(MP_QSTR_CorruptStateError), 1, 0, &msg);
}

/* save_read(cls, data, key or None) -> the game of the class cls that data
 * saves, rebuilt from its setup and log, everything checked
 * (pintas_save_load); CorruptStateError for anything else (the core's
 * refusal, its template filled in), SaveTypeError for data or a key of the wrong type, RulesError for rules
 * with a round, move or roll limit or a game with external chance, which this
 * layer does not offer. */
static int is_bytes_like(mp_obj_t o);
static mp_obj_t key_checked(mp_obj_t key);
static mp_obj_t new_uint64(uint64_t v);
static MP_NORETURN void raise_formatted(mp_obj_t cls, const char *template, size_t n,
                                        const mp_obj_t *args);

static mp_obj_t rebuild(mp_obj_t cls, const mp_obj_t *setup, mp_obj_t seed, mp_obj_t entries,
                        mp_obj_t log);

/* A deal read from a save as the game class cls's Deal. */
static mp_obj_t deal_read(mp_obj_t cls, int g, const pintas_save_deal *d, mp_obj_t rules) {
    mp_obj_t a[2] = {deal_out(g, d), rules};
    return mp_call_function_n_kw(mp_load_attr(mp_load_attr(cls, MP_QSTR__DEAL), MP_QSTR__from_c),
                                 2, 0, a);
}

static mp_obj_t save_read(size_t n_args, const mp_obj_t *args, mp_map_t *kw) {
    const mp_arg_t allowed[2] = { /* (a native module's qstrs are known at run time) */
        {MP_QSTR_data, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_obj = MP_OBJ_NULL}},
        {MP_QSTR_key, MP_ARG_OBJ, {.u_obj = mp_const_none}},
    };
    mp_arg_val_t v[2];
    mp_arg_parse_all(n_args - 1, args + 1, kw, 2, allowed, v);
    mp_obj_t cls = args[0], data_in = v[0].u_obj, key_in = v[1].u_obj;
    int g = game_of(mp_load_attr(cls, MP_QSTR__G));
    size_t len, key_len = 0;
    if (!is_bytes_like(data_in)) {
        mp_obj_t name = MP_OBJ_NEW_QSTR(mp_obj_get_type(data_in)->name);
        raise_formatted(error_class(MP_QSTR_SaveTypeError), "from_bytes takes bytes: got {}", 1,
                        &name);
    }
    key_in = key_checked(key_in);
    const uint8_t *data = bytes_of(data_in, &len), *key = NULL;
    pintas_save_reader r;
    pintas_save_error err;
    pintas_save_entry e;
    mp_obj_t out;
    if (key_in != mp_const_none) {
        key = bytes_of(key_in, &key_len);
    }
    pintas_save_work *w = m_new(pintas_save_work, 1);
    memset(&r, 0, sizeof(r));
    if (pintas_save_load(&r, save_kinds[g], data, len, key, key_len, &w->state, w, &err)
        != PINTAS_OK) {
        out = save_refusal(g, &r, w, &err, data, len);
        m_del(pintas_save_work, w, 1);
        nlr_raise(out);
    }
    m_del(pintas_save_work, w, 1);
    if ((IS_LINE(g) && r.setup.rules.line.max_rounds != 0)
        || (IS_CAMINOS(g) && (r.setup.rules.caminos.max_rounds != 0
                               || r.setup.rules.caminos.max_round_moves != 0))
        || (IS_DICE(g) && (r.setup.rules.dice.max_rounds != 0 || r.setup.rules.dice.max_rolls != 0))) {
        /* rules with a round, move or roll limit, which this layer's Rules do not carry */
        raise_formatted(error_class(MP_QSTR_RulesError),
                        "this save's rules set a round, move or roll limit (max_rounds, "
                        "max_round_moves, max_rolls), which pintas for MicroPython does not "
                        "offer yet", 0, NULL);
    }
    if (r.setup.external) {
        /* a game with external chance, which this layer does not offer */
        raise_formatted(error_class(MP_QSTR_RulesError),
                        "this save is of a game with external chance (chance='external'), "
                        "which pintas for MicroPython does not offer", 0, NULL);
    }
    mp_obj_t rules = mp_call_function_n_kw(mp_load_attr(mp_load_attr(cls, MP_QSTR__RULES),
                                                        MP_QSTR__from_fields),
                                           1, 0, (mp_obj_t[]){rules_out(g, &r.setup.rules)});
    mp_obj_t log = mp_obj_new_list(0, NULL);
    while (pintas_save_next(&r, &e) == PINTAS_OK) {
        mp_obj_t entry[2] = {MP_OBJ_NEW_QSTR(MP_QSTR_seed), mp_const_none};
        if (e.kind == PINTAS_SAVE_MOVE) {
            mp_obj_list_append(log, MP_OBJ_NEW_SMALL_INT(code_of(g, &e.move)));
            continue;
        }
        if (e.kind == PINTAS_SAVE_RESEED) {
            entry[1] = new_uint64(e.seed);
        } else {
            entry[0] = MP_OBJ_NEW_QSTR(MP_QSTR_deal);
            entry[1] = deal_read(cls, g, &e.deal, rules);
        }
        mp_obj_list_append(log, mp_obj_new_tuple(2, entry));
    }
    mp_obj_t setup[5] = {
        rules, new_uint64(r.setup.first_seed),
        r.setup.dealt ? deal_read(cls, g, &r.setup.deal, rules) : mp_const_none,
        MP_OBJ_NEW_SMALL_INT(r.setup.players), MP_OBJ_NEW_SMALL_INT(r.setup.first_player),
    };
    return rebuild(cls, setup, r.setup.seeded ? setup[1] : mp_const_none, log, mp_const_true);
}
static MP_DEFINE_CONST_FUN_OBJ_KW(save_read_obj, 2, save_read);

/* ---- views and players of the core (views.h, players.h) ----------------- */

/* A seat's view as the core makes it; the players and searches read it only. */

typedef struct record_work {
    union {
        pintas_line_record line;
        pintas_caminos_record cam;
    } r;
    pintas_engine_events ev;
} record_work;

static pintas_mt *mt_of(mp_obj_t o);

/* The weights of a Suit player, in tenths (default weights are exact there),
 * as CPython's doubles: 3 / 10.0 is the double 0.3. */
static void weights_of(mp_obj_t o, double *w, size_t n) {
    mp_obj_t *items = items_of(o, n);
    for (size_t i = 0; i < n; i++) {
        /* (a native module gets the int as an unsigned word: make it signed first) */
        w[i] = (double)(mp_int_t)mp_obj_get_int(items[i]) / 10.0;
    }
}

/* The view of `seat` of state *s, whose round's record is made from the
 * game's raw log raw[0..len) (a few events at a time, copied aligned). */
static int view_of(int g, const any_state *s, const uint8_t *raw, size_t len, int seat,
                   any_view *v) {
    size_t size = engine_of(g)->event_size;
    if (IS_DICE(g)) {
        return pintas_dice_view_of(&s->dice, seat, &v->dice);
    }
    record_work *w = m_new(record_work, 1);
    size_t per = sizeof(w->ev.bytes) / size;
    int status = IS_LINE(g) ? pintas_line_record_clear(&w->r.line)
                             : pintas_caminos_record_start(&w->r.cam, &s->cam.rules);
    for (size_t at = 0; status == PINTAS_OK && at + size <= len; at += per * size) {
        size_t n = (len - at) / size < per ? (len - at) / size : per;
        memcpy(w->ev.bytes, raw + at, n * size);
        status = IS_LINE(g)
                     ? pintas_line_record_update(&w->r.line, (const pintas_line_event *)w->ev.bytes, n)
                     : pintas_caminos_record_update(&w->r.cam,
                                                    (const pintas_caminos_event *)w->ev.bytes, n);
    }
    if (status == PINTAS_OK) {
        status = IS_LINE(g) ? pintas_line_view_of(&s->line, &w->r.line, seat, &v->line)
                             : pintas_caminos_view_of(&s->cam, &w->r.cam, seat, &v->cam);
    }
    m_del(record_work, w, 1);
    return status;
}

static const size_t view_sizes[3] = {sizeof(pintas_line_view), sizeof(pintas_caminos_view),
                                     sizeof(pintas_dice_view)};

/* A view made by view(), in place when aligned (a heap block always is). */
static const any_view *view_in(int g, mp_obj_t o) {
    size_t len;
    const uint8_t *p = bytes_of(o, &len);
    if (len != view_sizes[g] || ((uintptr_t)p & 7) != 0) {
        bad();
    }
    return (const any_view *)p;
}

#if ONLY_LINE
#define dice_choose(v, player, arg, out) PINTAS_E_ARG
#else
/* The dice players of choose (3 threshold, 4 optimal, 5 optimal from a book). */
static int dice_choose(const pintas_dice_view *v, mp_int_t player, mp_obj_t arg,
                       pintas_dice_move *out) {
    if (player == 3) {
        return pintas_dice_threshold_choose(v, (int32_t)int_in(arg, 0, 0x3FFFFFFF), out);
    }
    mp_obj_t *f = items_of(arg, 2);
    int bank_to_win = mp_obj_is_true(f[1]);
    if (player == 5) {
        size_t len;
        const uint8_t *bytes = bytes_of(f[0], &len);
        pintas_dice_book b;
        if (pintas_dice_book_open(&b, bytes, len) != PINTAS_OK) {
            bad();
        }
        return pintas_dice_book_choose(v, &b, bank_to_win, out);
    }
#ifndef PINTAS_NO_SOLVER
    return pintas_dice_optimal_choose(v, policy_of(f[0]), bank_to_win, out);
#else
    bad();
#endif
}
#endif

/* choose(g, player, view, arg) -> the code of the move the core's player
 * chooses for the view's seat, or a status (< 0). player: 0 random (arg: a
 * pintas_mt in a bytearray, mt_seed's), 1 greedy, 2 suit (arg: the weights
 * in tenths, or None for the game's own); the dice's 3 threshold (arg:
 * bank_at), 4 optimal (arg: (a solved workspace, bank_to_win)), 5 optimal
 * from a book (arg: (the book's bytes, bank_to_win)). */
static mp_int_t choose_code(int g, mp_int_t player, mp_obj_t blob, mp_obj_t arg) {
    const any_view *v = view_in(g, blob);
    pintas_engine_move m;
    int status;
    memset(&m, 0, sizeof(m));
    if (player == 0) {
        pintas_mt *mt = mt_of(arg);
        status = IS_LINE(g) ? pintas_line_random_choose(&v->line, mt, (pintas_line_move *)m.bytes)
                 : IS_CAMINOS(g)
                     ? pintas_caminos_random_choose(&v->cam, mt, (pintas_caminos_move *)m.bytes)
                     : pintas_dice_random_choose(&v->dice, mt, (pintas_dice_move *)m.bytes);
    } else if (IS_DICE(g) != (player >= 3)) {
        bad();
    } else if (IS_DICE(g)) {
        status = dice_choose(&v->dice, player, arg, (pintas_dice_move *)m.bytes);
    } else if (player == 1) {
        status = IS_LINE(g) ? pintas_line_greedy_choose(&v->line, (pintas_line_move *)m.bytes)
                             : pintas_caminos_greedy_choose(&v->cam, (pintas_caminos_move *)m.bytes);
    } else {
        double w[8];
        int given = arg != mp_const_none;
        if (given) {
            weights_of(arg, w, IS_LINE(g) ? 8 : 6);
        }
        if (IS_LINE(g)) {
            pintas_line_suit_weights lw = {w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7]};
            status = pintas_line_suit_choose(&v->line, given ? &lw : NULL,
                                             (pintas_line_move *)m.bytes);
        } else {
            pintas_caminos_suit_weights cw = {w[0], w[1], w[2], w[3], w[4], w[5]};
            status = pintas_caminos_suit_choose(&v->cam, given ? &cw : NULL,
                                                (pintas_caminos_move *)m.bytes);
        }
    }
    return status == PINTAS_OK ? code_of(g, &m) : status;
}

static mp_obj_t choose(size_t n_args, const mp_obj_t *args) {
    (void)n_args;
    return MP_OBJ_NEW_SMALL_INT(choose_code(game_of(args[0]), int_in(args[1], 0, 5), args[2],
                                            args[3]));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(choose_obj, 4, 4, choose);

/* line_points(view, code) -> the points the move surely scores now. */
static mp_obj_t line_points(mp_obj_t view_in_, mp_obj_t code) {
    pintas_engine_move m;
    int32_t points = 0;
    move_of(G_LINE, code, &m);
    if (pintas_line_immediate_points(&view_in(G_LINE, view_in_)->line,
                                     (const pintas_line_move *)m.bytes, NULL, &points)
        != PINTAS_OK) {
        bad();
    }
    return mp_obj_new_int(points);
}
static MP_DEFINE_CONST_FUN_OBJ_2(line_points_obj, line_points);

/* The big structs of the searches live on the heap, not the C stack: a
 * board's stack is small, and the core's searches take their own share. */
typedef union search_result {
    pintas_line_search_result line;
    pintas_caminos_search_result cam;
} search_result;

/* search(g, view, seed, first, count, policy) -> (codes, sums, samples,
 * relaxed) of the view's legal moves over samples first..first+count-1, or a
 * status. policy: the line games' playout policy (0 random, 1 greedy). */
static mp_obj_t search(size_t n_args, const mp_obj_t *args) {
    int g = game_of(args[0]);
    const any_view *v = view_in(g, args[1]);
    uint64_t seed = seed_of(args[2]);
    uint32_t first = (uint32_t)int_in(args[3], 0, 0x3FFFFFFF);
    uint32_t count = (uint32_t)int_in(args[4], 0, PINTAS_CAMINOS_SEARCH_MAX_SAMPLES);
    int policy = (int)int_in(args[5], 0, 1);
    search_result *r = m_new(search_result, 1);
    int status;
    size_t n;
    (void)n_args;
    if (IS_LINE(g)) {
        status = pintas_line_search_init(&v->line.info, &r->line);
        if (status == PINTAS_OK) {
            status = pintas_line_search_run(&v->line.info, seed, first, count, policy, &r->line);
        }
        n = r->line.n_moves;
    } else if (IS_CAMINOS(g)) {
        status = pintas_caminos_info_check(&v->cam.info);
        if (status == PINTAS_OK) {
            status = pintas_caminos_search(&v->cam.info, seed, first, count, &r->cam);
        }
        n = r->cam.n_moves;
    } else {
        bad();
    }
    mp_obj_t out = MP_OBJ_NEW_SMALL_INT(status);
    if (status == PINTAS_OK) {
        mp_obj_t codes = mp_obj_new_list(0, NULL), sums = mp_obj_new_list(0, NULL);
        for (size_t i = 0; i < n; i++) {
            mp_obj_list_append(codes, MP_OBJ_NEW_SMALL_INT(
                IS_LINE(g) ? line_code(&r->line.moves[i]) : caminos_code(&r->cam.move[i])));
            mp_obj_list_append(sums, new_int64(IS_LINE(g) ? r->line.total[i] : r->cam.sum[i]));
        }
        mp_obj_t t[4] = {codes, sums,
                         mp_obj_new_int_from_uint(IS_LINE(g) ? r->line.samples : r->cam.samples),
                         mp_obj_new_int_from_uint(IS_LINE(g) ? r->line.relaxed : r->cam.relaxed)};
        out = mp_obj_new_tuple(4, t);
    }
    m_del(search_result, r, 1);
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(search_obj, 6, 6, search);

static mp_obj_t ints_tuple(const uint8_t *values, int n) {
    mp_obj_t t[PINTAS_LINE_MAX_SEATS];
    for (int i = 0; i < n; i++) {
        t[i] = MP_OBJ_NEW_SMALL_INT(values[i]);
    }
    return mp_obj_new_tuple((size_t)n, t);
}

/* line_knowledge(view) -> what the view's seat can deduce, as CPython's
 * domino._search.knowledge gives it: a dict of unseen and not_held (tile
 * masks), voids (the numbers each seat lacks), hand_counts, pile, to_move,
 * last_placer (None: nobody yet) and passes; or a status. */
static mp_obj_t line_knowledge(mp_obj_t view_o) {
    const pintas_line_info *info = &view_in(G_LINE, view_o)->line.info;
    pintas_line_knowledge k;
    int status = pintas_line_knowledge_of(info, &k);
    if (status != PINTAS_OK) {
        return MP_OBJ_NEW_SMALL_INT(status);
    }
    int players = info->rules.players <= PINTAS_LINE_MAX_SEATS ? info->rules.players : 0;
    mp_obj_t held[PINTAS_LINE_MAX_SEATS], voids[PINTAS_LINE_MAX_SEATS];
    for (int i = 0; i < players; i++) {
        mp_obj_t numbers[PINTAS_MAX_PIP + 1];
        size_t n = 0;
        for (int number = 0; number <= PINTAS_MAX_PIP; number++) {
            if (k.voids[i] >> number & 1) {
                numbers[n++] = MP_OBJ_NEW_SMALL_INT(number);
            }
        }
        held[i] = new_mask(k.not_held[i]);
        voids[i] = mp_obj_new_tuple(n, numbers);
    }
    const mp_obj_t items[16] = {
        MP_OBJ_NEW_QSTR(MP_QSTR_unseen),
        MP_OBJ_NEW_SMALL_INT((mp_int_t)(k.unseen & PINTAS_ALL_TILES)),
        MP_OBJ_NEW_QSTR(MP_QSTR_not_held), mp_obj_new_tuple((size_t)players, held),
        MP_OBJ_NEW_QSTR(MP_QSTR_voids), mp_obj_new_tuple((size_t)players, voids),
        MP_OBJ_NEW_QSTR(MP_QSTR_hand_counts), ints_tuple(k.hand_count, players),
        MP_OBJ_NEW_QSTR(MP_QSTR_pile), MP_OBJ_NEW_SMALL_INT(k.pile_count),
        MP_OBJ_NEW_QSTR(MP_QSTR_to_move), MP_OBJ_NEW_SMALL_INT(k.to_move),
        MP_OBJ_NEW_QSTR(MP_QSTR_last_placer), opt_int(k.last_placer, 0xFF),
        MP_OBJ_NEW_QSTR(MP_QSTR_passes), MP_OBJ_NEW_SMALL_INT(k.passes)};
    mp_obj_t out = mp_obj_new_dict(8);
    for (size_t i = 0; i < 16; i += 2) {
        mp_obj_dict_store(out, items[i], items[i + 1]);
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_1(line_knowledge_obj, line_knowledge);

#if !ONLY_LINE /* Caminos' players' helpers */
/* caminos_known(view, seat) -> the tiles the view's seat knows `seat` holds. */
static mp_obj_t caminos_known(mp_obj_t view_o, mp_obj_t seat) {
    return new_mask(view_in(G_CAMINOS, view_o)->cam.info.known[int_in(seat, 0, 3)]);
}
static MP_DEFINE_CONST_FUN_OBJ_2(caminos_known_obj, caminos_known);

/* The path of centre tile `centre` (a code; None: no path) with the tile
 * codes `front` and `back` (bytes, each side from the centre outwards). */
static void path_in(mp_obj_t centre, mp_obj_t front, mp_obj_t back, pintas_caminos_path *p) {
    const mp_obj_t sides[2] = {front, back};
    size_t len, i;
    memset(p, 0, sizeof(*p));
    p->centre = centre == mp_const_none ? PINTAS_NO_TILE
                                        : (uint8_t)int_in(centre, 0, PINTAS_TILE_COUNT - 1);
    for (i = 0; i < 2; i++) {
        const uint8_t *tiles = bytes_of(sides[i], &len);
        if (len > PINTAS_CAMINOS_MAX_SIDE) {
            bad();
        }
        memcpy(p->tile[i], tiles, len);
        p->len[i] = (uint8_t)len;
    }
}

/* chain(centre, front, back) -> that path (path_in) in a row, back end
 * first: a tuple of (left, right) numbers (pintas_caminos_path_chain).
 * chain(centre, front, back, number, free) -> how that path, numbered
 * `number`, reads on the table, `free` the tiles its front and back still
 * take (pintas_caminos_path_text). ValueError when the sides do not chain.
 * (One function: a name more in the module's table, and the qstr it
 * interns, cost the board's API loop hundreds of instructions a move.) */
static mp_obj_t chain(size_t n_args, const mp_obj_t *args) {
    pintas_caminos_path p;
    uint8_t nums[2 * (1 + 2 * PINTAS_CAMINOS_MAX_SIDE)];
    char text[96];
    size_t n;
    int status;
    path_in(args[0], args[1], args[2], &p);
    if (n_args == 3) {
        status = pintas_caminos_path_chain(&p, nums, sizeof(nums), &n);
    } else {
        const mp_obj_t *free_o = items_of(args[n_args == 5 ? 4 : 3], 2);
        nums[0] = (uint8_t)int_in(free_o[0], 0, 255);
        nums[1] = (uint8_t)int_in(free_o[1], 0, 255);
        if (n_args != 5) {
            bad();
        }
        status = pintas_caminos_path_text(&p, (unsigned)int_in(args[3], 0, 255), nums, text,
                                          sizeof(text), &n);
    }
    if (status != PINTAS_OK) {
        bad();
    }
    return n_args == 3 ? pairs_tuple(nums, n) : mp_obj_new_str(text, n);
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(chain_obj, 3, 5, chain);

/* caminos_names(which) -> the core's names by their numbers: of what a full
 * path does (which 0: caminos.FULL_PATH) or of a path's sides (1). */
static mp_obj_t caminos_names(mp_obj_t which_in) {
    const char *(*name_of)(int) = mp_obj_get_int(which_in) ? pintas_caminos_side_name
                                                           : pintas_caminos_full_path_name;
    mp_obj_t items[4];
    size_t k = 0;
    for (const char *name; k < MP_ARRAY_SIZE(items) && (name = name_of((int)k)) != NULL; k++) {
        items[k] = new_str0(name);
    }
    return mp_obj_new_tuple(k, items);
}
static MP_DEFINE_CONST_FUN_OBJ_1(caminos_names_obj, caminos_names);

/* ---- the Caminos Suit player's ranking ------------------------------------ */

/* caminos_rank(view, codes, weights) -> the placements' codes ranked by
 * SuitPlayer, best first (pintas_caminos_suit_rank). weights in tenths:
 * reach, depth, hardness, double, starve, block.
 * caminos_rank(view, codes, None, sums) -> the code SearchPlayer picks from
 * the placements whose summed outcomes are sums (None: no search ran), by
 * pintas_caminos_search_pick. */
static mp_obj_t caminos_rank(size_t n_args, const mp_obj_t *args) {
    const pintas_caminos_view *v = &view_in(G_CAMINOS, args[0])->cam;
    size_t n;
    mp_obj_t *codes;
    mp_obj_get_array(args[1], &n, &codes);
    if (n > PINTAS_CAMINOS_MAX_MOVES) {
        bad();
    }
    pintas_caminos_move *moves = m_new(pintas_caminos_move, n ? n : 1);
    for (size_t i = 0; i < n; i++) {
        pintas_engine_move m;
        move_of(G_CAMINOS, codes[i], &m);
        memcpy(&moves[i], m.bytes, sizeof(moves[i]));
    }
    if (n_args == 4) {
        int64_t *sums = NULL;
        pintas_caminos_move out;
        if (args[3] != mp_const_none) {
            mp_obj_t *items = items_of(args[3], n);
            sums = m_new(int64_t, n ? n : 1);
            for (size_t i = 0; i < n; i++) {
                sums[i] = (int64_t)(mp_int_t)mp_obj_get_int(items[i]);
            }
        }
        if (pintas_caminos_search_pick(v, moves, sums, n, &out) != PINTAS_OK) {
            bad();
        }
        return MP_OBJ_NEW_SMALL_INT(caminos_code(&out));
    }
    double w[6];
    weights_of(args[2], w, 6);
    pintas_caminos_suit_weights cw = {w[0], w[1], w[2], w[3], w[4], w[5]};
    if (pintas_caminos_suit_rank(v, &cw, moves, n) != PINTAS_OK) {
        bad();
    }
    mp_obj_t out = mp_obj_new_list(0, NULL);
    for (size_t i = 0; i < n; i++) {
        mp_obj_list_append(out, MP_OBJ_NEW_SMALL_INT(caminos_code(&moves[i])));
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(caminos_rank_obj, 3, 4, caminos_rank);
#endif /* !ONLY_LINE */

/* ---- texts --------------------------------------------------------------- */

/* status_str(status) -> the core's words for a status code (pintas_status_str). */
static mp_obj_t status_str(mp_obj_t status) {
    return new_str0(pintas_status_str((int)mp_obj_get_int(status)));
}
static MP_DEFINE_CONST_FUN_OBJ_1(status_str_obj, status_str);



/* ---- rules: the types domino.Rules, caminos.Rules and dice.Rules ----------- */
/* One implementation for the three families, parametrised by the family g
 * and driven by the core's settings table (pintas/settings.h). A Rules
 * object holds its family's settings as the core holds them: one int32_t a
 * setting, in the table's order, the limits at its end 0 (pintas for
 * MicroPython offers none). It is checked when made (the table's refusal,
 * in the core's words, then the family's own check); its attributes are the
 * settings by name and what the core derives from them; the presets, repr,
 * str and replace's refusals are the core's. Immutable, equal by value. */

typedef struct rules_obj {
    mp_obj_base_t base;
    uint8_t g;
    uint8_t n; /* the family's settings, limits included */
    int32_t v[];
} rules_obj;

#if MICROPY_ENABLE_DYNRUNTIME
mp_obj_full_type_t pintas_line_rules_type; /* filled in by rules_init */
#if !ONLY_LINE
mp_obj_full_type_t pintas_caminos_rules_type, pintas_dice_rules_type;
#endif
#define TYPE_PTR(t) ((const mp_obj_type_t *)&(t))
#else
static const mp_obj_type_t pintas_line_rules_type;
#if !ONLY_LINE
static const mp_obj_type_t pintas_caminos_rules_type, pintas_dice_rules_type;
#endif
#define TYPE_PTR(t) (&(t))
#endif
#if ONLY_LINE
#define RULES_TYPE(g) TYPE_PTR(pintas_line_rules_type)
#else
#define RULES_TYPE(g) ((g) == G_LINE ? TYPE_PTR(pintas_line_rules_type) \
                       : (g) == G_CAMINOS ? TYPE_PTR(pintas_caminos_rules_type) \
                                          : TYPE_PTR(pintas_dice_rules_type))
#endif

static const int32_t *rules_values(int g, mp_obj_t o) {
    return mp_obj_is_type(o, RULES_TYPE(g)) ? ((const rules_obj *)MP_OBJ_TO_PTR(o))->v : NULL;
}

static int family_of_type(mp_obj_t cls) {
    for (int g = 0; g <= G_LAST; g++) {
        if (MP_OBJ_TO_PTR(cls) == RULES_TYPE(g)) {
            return g;
        }
    }
    bad();
}

static const rules_obj *rules_self(mp_obj_t o) {
    family_of_type(MP_OBJ_FROM_PTR(mp_obj_get_type(o)));
    return MP_OBJ_TO_PTR(o);
}

/* Call pintas.py's check `name` (it raises: the layer's message). */
static MP_NORETURN void layer_check(qstr name, size_t n, const mp_obj_t *args) {
    mp_call_function_n_kw(error_class(name), n, 0, args); /* (any global of pintas.py) */
    bad();
}

/* The family's settings table, its size *n, and *offered: the settings a
 * Rules names, all but the limits at its end. */
static const pintas_setting *rules_table(int g, size_t *n, size_t *offered) {
    const pintas_setting *table = settings_of(MP_OBJ_NEW_SMALL_INT(g), n);
    size_t k = *n;
    while (k > 0 && table[k - 1].kind == PINTAS_SETTING_LIMIT) {
        k--;
    }
    *offered = k;
    return table;
}

/* The index of the setting called name[0..len) among the first `count`
 * (with options, also by its option: Capicua's "capicua"), else -1. */
static int setting_named(const pintas_setting *table, size_t count, const char *name, size_t len,
                         int options) {
    for (size_t i = 0; i < count; i++) {
        if (is_name(table[i].name, name, len)
            || (options && table[i].option != NULL && is_name(table[i].option, name, len))) {
            return (int)i;
        }
    }
    return -1;
}

static int setting_keyed(const pintas_setting *table, size_t count, mp_obj_t key, int options) {
    size_t len;
    const char *name = mp_obj_str_get_data(key, &len);
    return setting_named(table, count, name, len, options);
}

/* A setting's core value as a Python value (a choice its name, a flag a
 * bool, a limit 0 None; a choice out of range as its number). */
static mp_obj_t setting_obj(const pintas_setting *s, int32_t v) {
    return s->kind == PINTAS_SETTING_CHOICE && v >= 0 && v < s->n_choices ? new_str0(s->choices[v])
           : s->kind == PINTAS_SETTING_FLAG && (v == 0 || v == 1) ? mp_obj_new_bool(v)
           : s->kind == PINTAS_SETTING_LIMIT && v == 0 ? mp_const_none
                                                        : mp_obj_new_int(v);
}

static mp_obj_t repr_of(mp_obj_t v) {
#if MICROPY_ENABLE_DYNRUNTIME
    mp_obj_t fun = mp_load_global(MP_QSTR_repr);
#else
    mp_obj_t fun = MP_OBJ_FROM_PTR(&mp_builtin_repr_obj);
#endif
    return mp_call_function_n_kw(fun, 1, 0, &v);
}

static MP_NORETURN void rules_raise(qstr cls, const char *text, size_t len) {
    mp_obj_t msg = mp_obj_new_str(text, len);
    nlr_raise(mp_call_function_n_kw(error_class(cls), 1, 0, &msg));
}

/* A TypeError as a Python function's call raises (arg: the name or number). */
static MP_NORETURN void call_error(const char *template, mp_obj_t arg) {
    raise_formatted(MP_OBJ_FROM_PTR(&mp_type_TypeError), template, 1, &arg);
}

/* The rules' struct (settings in range) and the family's verdict on it. */
static int rules_struct(int g, const int32_t *v, size_t n, pintas_save_rules *r) {
    size_t size = IS_LINE(g) ? sizeof r->line : IS_CAMINOS(g) ? sizeof r->caminos : sizeof r->dice;
    if (pintas_settings_rules(g, v, n, r, size) != PINTAS_OK) {
        bad();
    }
    return IS_LINE(g) ? pintas_line_rules_check(&r->line)
           : IS_CAMINOS(g) ? pintas_caminos_rules_check(&r->caminos)
                           : pintas_dice_rules_check(&r->dice);
}

/* Rules of family g from Python values, given[i] for each setting it
 * names: the first refused by the table raises RulesTypeError (a value of
 * the wrong type) or RulesError, in the core's words, quoting the value. */
static mp_obj_t rules_make(int g, const mp_obj_t *given) {
    size_t n, offered, len, got_len;
    const pintas_setting *table = rules_table(g, &n, &offered);
    int32_t v[PINTAS_SETTINGS_MAX];
    int what[PINTAS_SETTINGS_MAX];
    pintas_settings_refusal why;
    pintas_save_rules r;
    for (size_t i = 0; i < n; i++) {
        what[i] = SETTING_RANGE;
        v[i] = i < offered ? setting_value(&table[i], given[i], &what[i]) : 0;
    }
    if (pintas_settings_why(g, v, n, &why) == PINTAS_E_RULES) {
        const char *got = mp_obj_str_get_data(
            repr_of(why.setting < offered ? given[why.setting] : mp_const_none), &got_len);
        char one;
        pintas_settings_refusal_text(&why, got, got_len, &one, 1, &len);
        char *room = m_new(char, len + 1); /* (the collector's) */
        pintas_settings_refusal_text(&why, got, got_len, room, len + 1, &len);
        rules_raise(what[why.setting] == SETTING_TYPE ? MP_QSTR_RulesTypeError : MP_QSTR_RulesError,
                    room, len);
    }
    int status = rules_struct(g, v, n, &r);
    if (status != PINTAS_OK) {
        mp_obj_t words = new_str0(pintas_status_str(status));
        raise_formatted(error_class(MP_QSTR_RulesError), "the C core rejects these rules: {}", 1,
                        &words);
    }
    rules_obj *o = mp_obj_malloc_var(rules_obj, v, int32_t, n, RULES_TYPE(g));
    o->g = (uint8_t)g;
    o->n = (uint8_t)n;
    memcpy(o->v, v, n * sizeof(int32_t));
    return MP_OBJ_FROM_PTR(o);
}

/* The Python values of rules' settings (those it names) into given. */
static size_t rules_given(const rules_obj *o, mp_obj_t *given) {
    size_t n, offered;
    const pintas_setting *table = rules_table(o->g, &n, &offered);
    for (size_t i = 0; i < offered; i++) {
        given[i] = setting_obj(&table[i], o->v[i]);
    }
    return offered;
}

/* Rules(setting, ..., setting=value, ...): the settings in the table's
 * order, by position or name. */
static mp_obj_t rules_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
                               const mp_obj_t *args) {
    int g = family_of_type(MP_OBJ_FROM_PTR(type));
    size_t n, offered;
    const pintas_setting *table = rules_table(g, &n, &offered);
    const mp_map_elem_t *kw = (const mp_map_elem_t *)&args[n_args];
    mp_obj_t given[PINTAS_SETTINGS_MAX];
    if (n_args > offered) {
        call_error("Rules() takes at most {} positional arguments", MP_OBJ_NEW_SMALL_INT(offered));
    }
    for (size_t i = 0; i < offered; i++) {
        given[i] = i < n_args ? args[i] : MP_OBJ_NULL;
    }
    for (size_t k = 0; k < n_kw; k++) {
        int i = setting_keyed(table, offered, kw[k].key, 0);
        if (i < 0) {
            call_error("Rules() got an unexpected keyword argument {!r}", kw[k].key);
        }
        if (given[i] != MP_OBJ_NULL) {
            call_error("Rules() got multiple values for argument {!r}", kw[k].key);
        }
        given[i] = kw[k].value;
    }
    for (size_t i = 0; i < offered; i++) {
        if (given[i] == MP_OBJ_NULL) {
            if (table[i].default_value == PINTAS_SETTING_REQUIRED) {
                call_error("Rules() missing required argument {!r}", new_str0(table[i].name));
            }
            given[i] = setting_obj(&table[i], table[i].default_value);
        }
    }
    return rules_make(g, given);
}

/* A preset (a class method: Rules.muggins(players=3, **options)): the
 * core's preset number `index` of family g, the seats its call names (a
 * seating's name, else its first options among the seats: players, pairs)
 * by position or name, then only the options the core lists for it, the
 * others refused in the core's words. */
static mp_obj_t rules_preset(int g, int index, size_t n_args, const mp_obj_t *args, mp_map_t *kw) {
    size_t n, offered, count, n_takes, own = 0, n_refused = 0;
    const pintas_setting *table = rules_table(g, &n, &offered);
    const pintas_preset *presets;
    const char *takes[2 * PINTAS_SETTINGS_MAX];
    int32_t v[PINTAS_SETTINGS_MAX];
    mp_obj_t given[PINTAS_SETTINGS_MAX], seats[2] = {MP_OBJ_NULL, MP_OBJ_NULL};
    pintas_presets(g, &presets, &count);
    const pintas_preset *p = &presets[index];
    pintas_preset_values(g, index, v, n);
    pintas_preset_takes(g, index, PINTAS_PRESET_NO_LIMITS, takes, MP_ARRAY_SIZE(takes), &n_takes);
    while (own < n_takes && own < 2
           && (p->n_seatings ? own == 0 : is_name(takes[own], "players", 7)
                                              || is_name(takes[own], "pairs", 5))) {
        own++;
    }
    if (n_args - 1 > own) {
        call_error("a preset takes at most {} positional arguments", MP_OBJ_NEW_SMALL_INT(own));
    }
    for (size_t j = 1; j < n_args; j++) {
        seats[j - 1] = args[j];
    }
    for (size_t i = 0; i < offered; i++) {
        given[i] = setting_obj(&table[i], v[i]);
    }
    const char **refused = m_new(const char *, kw->used ? kw->used : 1);
    for (size_t k = 0; k < kw->alloc; k++) {
        if (!mp_map_slot_is_filled(kw, k)) {
            continue;
        }
        size_t len;
        const char *name = mp_obj_str_get_data(kw->table[k].key, &len);
        size_t j = 0;
        while (j < own && !is_name(takes[j], name, len)) {
            j++;
        }
        if (j < own) {
            if (seats[j] != MP_OBJ_NULL) {
                call_error("a preset got multiple values for argument {!r}", kw->table[k].key);
            }
            seats[j] = kw->table[k].value;
            continue;
        }
        int i = setting_named(table, offered, name, len, 1);
        for (j = own; i >= 0 && j < n_takes; j++) {
            if (setting_named(table, offered, takes[j], strlen(takes[j]), 1) == i) {
                break;
            }
        }
        if (i < 0 || j == n_takes) {
            refused[n_refused++] = name;
        } else {
            given[i] = kw->table[k].value;
        }
    }
    if (p->n_seatings) { /* the seating named (its first by default): players and pairs */
        mp_obj_t names[8];
        size_t k, len = 0;
        for (k = 0; k < p->n_seatings && k < MP_ARRAY_SIZE(names); k++) {
            names[k] = new_str0(p->seatings[k].name);
        }
        mp_obj_t mode = seats[0] == MP_OBJ_NULL ? names[0] : seats[0];
        const char *name = mp_obj_is_str(mode) ? mp_obj_str_get_data(mode, &len) : NULL;
        for (k = 0; k < p->n_seatings && !(name && is_name(p->seatings[k].name, name, len)); k++) {
        }
        if (k == p->n_seatings) {
            mp_obj_t check[3] = {new_str0(takes[0]), mode, mp_obj_new_tuple(p->n_seatings, names)};
            layer_check(MP_QSTR__check_choice, 3, check);
        }
        seats[0] = MP_OBJ_NEW_SMALL_INT(p->seatings[k].players);
        seats[1] = mp_obj_new_bool(p->seatings[k].pairs);
        own = 2;
        takes[0] = "players";
        takes[1] = "pairs";
    }
    if (n_refused) {
        size_t len;
        char one;
        pintas_preset_refusal_text(g, index, refused, NULL, n_refused, PINTAS_PRESET_NO_LIMITS,
                                   &one, 1, &len);
        char *room = m_new(char, len + 1);
        pintas_preset_refusal_text(g, index, refused, NULL, n_refused, PINTAS_PRESET_NO_LIMITS,
                                   room, len + 1, &len);
        rules_raise(MP_QSTR_RulesError, room, len);
    }
    for (size_t j = 0; j < own; j++) {
        int i = setting_named(table, offered, takes[j], strlen(takes[j]), 0);
        if (seats[j] != MP_OBJ_NULL && i >= 0) {
            given[i] = seats[j];
        }
    }
    return rules_make(g, given);
}

/* The presets, one function each (a class method knows not its name):
 * each family's in the order of its setting 0's choices, as the core's. */
#define RULES_PRESET(name, g, i) \
    static mp_obj_t name(size_t n_args, const mp_obj_t *args, mp_map_t *kw) { \
        return rules_preset(g, i, n_args, args, kw); \
    } \
    static MP_DEFINE_CONST_FUN_OBJ_KW(name##_obj, 1, name);
RULES_PRESET(rules_muggins, G_LINE, 0)
RULES_PRESET(rules_capicua, G_LINE, 1)
RULES_PRESET(rules_dominican, G_LINE, 2)
#if !ONLY_LINE
RULES_PRESET(rules_base, G_CAMINOS, 0)
RULES_PRESET(rules_no_renewal, G_CAMINOS, 1)
RULES_PRESET(rules_two_paths, G_CAMINOS, 2)
RULES_PRESET(rules_dice_of_doom, G_DICE, 0)
RULES_PRESET(rules_farkle, G_DICE, 1)
#endif

/* replace(**changes): a checked copy; names no setting has refused in the
 * core's words. */
static mp_obj_t rules_replace(size_t n_args, const mp_obj_t *args, mp_map_t *kw) {
    const rules_obj *o = rules_self(args[0]);
    size_t n, offered, n_unknown = 0;
    const pintas_setting *table = rules_table(o->g, &n, &offered);
    mp_obj_t given[PINTAS_SETTINGS_MAX];
    if (n_args > 1) {
        call_error("replace() takes settings by name: got {} positional arguments",
                   MP_OBJ_NEW_SMALL_INT(n_args - 1));
    }
    rules_given(o, given);
    const char **unknown = m_new(const char *, kw->used ? kw->used : 1);
    for (size_t k = 0; k < kw->alloc; k++) {
        if (mp_map_slot_is_filled(kw, k)) {
            int i = setting_keyed(table, offered, kw->table[k].key, 1);
            if (i < 0) {
                unknown[n_unknown++] = mp_obj_str_get_str(kw->table[k].key);
            } else {
                given[i] = kw->table[k].value;
            }
        }
    }
    if (n_unknown) {
        size_t len;
        char one;
        pintas_settings_unknown_text(o->g, o->v, n, unknown, NULL, n_unknown,
                                     PINTAS_PRESET_NO_LIMITS, &one, 1, &len);
        char *room = m_new(char, len + 1);
        pintas_settings_unknown_text(o->g, o->v, n, unknown, NULL, n_unknown,
                                     PINTAS_PRESET_NO_LIMITS, room, len + 1, &len);
        rules_raise(MP_QSTR_RulesError, room, len);
    }
    return rules_make(o->g, given);
}
static MP_DEFINE_CONST_FUN_OBJ_KW(rules_replace_obj, 1, rules_replace);

static mp_obj_t rules_to_dict(mp_obj_t self) {
    const rules_obj *o = rules_self(self);
    size_t n, offered;
    const pintas_setting *table = rules_table(o->g, &n, &offered);
    mp_obj_t given[PINTAS_SETTINGS_MAX], out = mp_obj_new_dict(offered);
    rules_given(o, given);
    for (size_t i = 0; i < offered; i++) {
        mp_obj_dict_store(out, new_str0(table[i].name), given[i]);
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_1(rules_to_dict_obj, rules_to_dict);

/* _fields() -> every setting's Python value, in the table's order (the
 * limits None): as a save's rules read back (save_read, _from_fields). */
static mp_obj_t rules_fields(mp_obj_t self) {
    const rules_obj *o = rules_self(self);
    return host_values(o->g, o->v, o->n);
}
static MP_DEFINE_CONST_FUN_OBJ_1(rules_fields_obj, rules_fields);

/* Rules._from_fields(values): the rules of Python values in the table's
 * order (a save's, as save_read gives them; the limits after them None). */
static mp_obj_t rules_from_fields(mp_obj_t cls, mp_obj_t fields) {
    int g = family_of_type(cls);
    size_t n, offered, k;
    mp_obj_t *items;
    rules_table(g, &n, &offered);
    mp_obj_get_array(fields, &k, &items);
    if (k < offered) {
        bad();
    }
    return rules_make(g, items);
}
static MP_DEFINE_CONST_FUN_OBJ_2(rules_from_fields_obj, rules_from_fields);

/* side_of(seat): the side a seat scores for (pintas_line_side_of). */
static mp_obj_t rules_side_of(mp_obj_t self, mp_obj_t seat) {
    const rules_obj *o = rules_self(self);
    pintas_save_rules r;
    rules_struct(o->g, o->v, o->n, &r);
    int side = mp_obj_is_small_int(seat) && (mp_uint_t)MP_OBJ_SMALL_INT_VALUE(seat) < 256
                   ? pintas_line_side_of(&r.line, (int)MP_OBJ_SMALL_INT_VALUE(seat)) : -1;
    if (side < 0) {
        mp_obj_t check[2] = {seat, MP_OBJ_NEW_SMALL_INT(r.line.players)};
        layer_check(MP_QSTR__check_seat, 2, check);
    }
    return MP_OBJ_NEW_SMALL_INT(side);
}
static MP_DEFINE_CONST_FUN_OBJ_2(rules_side_of_obj, rules_side_of);

/* What the core derives from the rules, by name; MP_OBJ_NULL for none. */
static mp_obj_t rules_derived(const rules_obj *o, qstr attr) {
    pintas_save_rules r;
    rules_struct(o->g, o->v, o->n, &r);
    if (IS_LINE(o->g)) {
        if (attr == MP_QSTR_sides) {
            return MP_OBJ_NEW_SMALL_INT(pintas_line_sides(&r.line));
        }
        if (attr == MP_QSTR_draws) {
            return mp_obj_new_bool(pintas_line_draws(&r.line) == 1);
        }
        if (attr == MP_QSTR_mode) { /* the preset's seating of these seats */
            const char *mode = pintas_settings_seating(o->g, o->v, o->n);
            return mode != NULL ? new_str0(mode) : mp_const_none;
        }
    }
#if !ONLY_LINE
    if (IS_CAMINOS(o->g)) {
        if (attr == MP_QSTR_name) { /* (setting 0's choice: its preset) */
            const pintas_preset *presets;
            size_t count;
            pintas_presets(o->g, &presets, &count);
            return new_str0(presets[o->v[0]].name);
        }
        if (attr == MP_QSTR_full_path) {
            return new_str0(pintas_caminos_full_path_name(r.caminos.full_path));
        }
        int v = attr == MP_QSTR_paths ? r.caminos.paths
                : attr == MP_QSTR_hand_size ? r.caminos.hand_size
                : attr == MP_QSTR_side_tiles ? r.caminos.side_tiles
                : attr == MP_QSTR_path_size ? pintas_caminos_path_size(&r.caminos) : -1;
        return v < 0 ? MP_OBJ_NULL : MP_OBJ_NEW_SMALL_INT(v);
    }
    if (IS_DICE(o->g) && attr == MP_QSTR_unit) {
        return mp_obj_new_int(pintas_dice_rules_unit(&r.dice));
    }
#endif
    return MP_OBJ_NULL;
}

static void rules_attr(mp_obj_t self, qstr attr, mp_obj_t *dest) {
    if (dest[0] != MP_OBJ_NULL) {
        return; /* (immutable: no store, no delete) */
    }
    const rules_obj *o = MP_OBJ_TO_PTR(self);
    size_t n, offered, len;
#if MICROPY_ENABLE_DYNRUNTIME
    const char *name = mp_obj_str_get_data(MP_OBJ_NEW_QSTR(attr), &len);
#else
    const char *name = (const char *)qstr_data(attr, &len);
#endif
    const pintas_setting *table = rules_table(o->g, &n, &offered);
    int i = setting_named(table, offered, name, len, 0);
    dest[0] = i >= 0 ? setting_obj(&table[i], o->v[i]) : rules_derived(o, attr);
    if (dest[0] == MP_OBJ_NULL) {
        dest[1] = MP_OBJ_SENTINEL; /* (the methods) */
    }
}

/* repr: Rules(name=value, ...); str: the core's description of the rules. */
static void rules_print(const mp_print_t *print, mp_obj_t self, mp_print_kind_t kind) {
    const rules_obj *o = MP_OBJ_TO_PTR(self);
    size_t n, offered, len;
    const pintas_setting *table = rules_table(o->g, &n, &offered);
    if (kind != PRINT_REPR) {
        char buf[160];
        if (pintas_settings_text(o->g, o->v, n, buf, sizeof buf, &len) != PINTAS_OK) {
            bad();
        }
        print->print_strn(print->data, buf, len);
        return;
    }
    mp_printf(print, "Rules(");
    for (size_t i = 0; i < offered; i++) {
        const pintas_setting *s = &table[i];
        int32_t v = o->v[i];
        mp_printf(print, "%s%s=", i ? ", " : "", s->name);
        if (s->kind == PINTAS_SETTING_CHOICE) {
            mp_printf(print, "'%s'", s->choices[v]);
        } else if (s->kind == PINTAS_SETTING_FLAG) {
            mp_printf(print, v ? "True" : "False");
        } else {
            mp_printf(print, "%d", (int)v);
        }
    }
    mp_printf(print, ")");
}

static mp_obj_t rules_unary_op(mp_unary_op_t op, mp_obj_t self) {
    const rules_obj *o = MP_OBJ_TO_PTR(self);
    if (op != MP_UNARY_OP_HASH) {
        return MP_OBJ_NULL;
    }
    mp_uint_t h = o->g;
    for (size_t i = 0; i < o->n; i++) {
        h = h * 1000003u ^ (mp_uint_t)o->v[i];
    }
    return MP_OBJ_NEW_SMALL_INT((mp_int_t)(h >> 2));
}

/* ==: rules of the same family with the same settings. */
static mp_obj_t rules_binary_op(mp_binary_op_t op, mp_obj_t lhs, mp_obj_t rhs) {
    const rules_obj *a = MP_OBJ_TO_PTR(lhs), *b = MP_OBJ_TO_PTR(rhs);
    if (op != MP_BINARY_OP_EQUAL || !mp_obj_is_obj(rhs) || b->base.type != a->base.type) {
        return MP_OBJ_NULL;
    }
    size_t i = 0;
    while (i < a->n && a->v[i] == b->v[i]) {
        i++;
    }
    return mp_obj_new_bool(i == a->n);
}

/* Each family's methods (X) and class methods (C): its presets first. */
#define RULES_METHODS(X, C) \
    C(MP_QSTR__from_fields, rules_from_fields_obj) \
    X(MP_QSTR_replace, rules_replace_obj) \
    X(MP_QSTR_to_dict, rules_to_dict_obj) \
    X(MP_QSTR__fields, rules_fields_obj)
#define LINE_PRESETS(C) \
    C(MP_QSTR_muggins, rules_muggins_obj) \
    C(MP_QSTR_capicua, rules_capicua_obj) \
    C(MP_QSTR_dominican, rules_dominican_obj)
#define CAMINOS_PRESETS(C) \
    C(MP_QSTR_base, rules_base_obj) \
    C(MP_QSTR_no_renewal, rules_no_renewal_obj) \
    C(MP_QSTR_two_paths, rules_two_paths_obj)
#define DICE_PRESETS(C) \
    C(MP_QSTR_dice_of_doom, rules_dice_of_doom_obj) \
    C(MP_QSTR_farkle, rules_farkle_obj)
#define LINE_RULES_METHODS(X, C) LINE_PRESETS(C) X(MP_QSTR_side_of, rules_side_of_obj) \
    RULES_METHODS(X, C)
#define CAMINOS_RULES_METHODS(X, C) CAMINOS_PRESETS(C) RULES_METHODS(X, C)
#define DICE_RULES_METHODS(X, C) DICE_PRESETS(C) RULES_METHODS(X, C)
#if ONLY_LINE
#define RULES_PRESETS(C) LINE_PRESETS(C)
#define ALL_RULES_METHODS(X, C) LINE_RULES_METHODS(X, C)
#else
#define RULES_PRESETS(C) LINE_PRESETS(C) CAMINOS_PRESETS(C) DICE_PRESETS(C)
#define ALL_RULES_METHODS(X, C) \
    LINE_RULES_METHODS(X, C) CAMINOS_RULES_METHODS(X, C) DICE_RULES_METHODS(X, C)
#endif
#define RULES_SLOTS(X) \
    X(make_new, rules_make_new) X(print, rules_print) X(attr, rules_attr) \
    X(unary_op, rules_unary_op) X(binary_op, rules_binary_op)

#if MICROPY_ENABLE_DYNRUNTIME
/* (as tiles_init: the types, their dicts and class methods made at run time) */
#define LINE_RULES_COUNT (0 LINE_RULES_METHODS(COUNT, COUNT))
#define CAMINOS_RULES_COUNT (0 CAMINOS_RULES_METHODS(COUNT, COUNT))
#define RULES_METHOD_COUNT (0 ALL_RULES_METHODS(COUNT, COUNT))
mp_map_elem_t rules_methods_table[RULES_METHOD_COUNT];
mp_rom_obj_static_class_method_t rules_class_methods[RULES_METHOD_COUNT];
static MP_DEFINE_CONST_DICT_WITH_SIZE(line_rules_locals, rules_methods_table, LINE_RULES_COUNT);
#if !ONLY_LINE
static MP_DEFINE_CONST_DICT_WITH_SIZE(caminos_rules_locals,
                                      &rules_methods_table[LINE_RULES_COUNT],
                                      CAMINOS_RULES_COUNT);
static MP_DEFINE_CONST_DICT_WITH_SIZE(dice_rules_locals,
                                      &rules_methods_table[LINE_RULES_COUNT
                                                           + CAMINOS_RULES_COUNT],
                                      RULES_METHOD_COUNT - LINE_RULES_COUNT
                                          - CAMINOS_RULES_COUNT);
#endif
static const method_row rules_method_rows[RULES_METHOD_COUNT] = {
    ALL_RULES_METHODS(METHOD_ROW, CLASS_METHOD_ROW)
};
static const uint8_t rules_slot_at[] = {RULES_SLOTS(SLOT_OFFSET)};
static const void *const rules_slots[] = {RULES_SLOTS(SLOT_VALUE)};

static void rules_type_init(mp_obj_full_type_t *type, const mp_obj_dict_t *locals) {
    type_init(type, MP_QSTR_Rules, rules_slot_at, rules_slots, sizeof rules_slot_at);
    MP_OBJ_TYPE_SET_SLOT(type, locals_dict, (void *)locals, sizeof rules_slot_at);
}

static void rules_init(void) {
    const qstr names[RULES_METHOD_COUNT] = {ALL_RULES_METHODS(METHOD_NAME, METHOD_NAME)};
    methods_init(rules_method_rows, names, RULES_METHOD_COUNT, rules_methods_table,
                 rules_class_methods);
    rules_type_init(&pintas_line_rules_type, &line_rules_locals);
#if !ONLY_LINE
    rules_type_init(&pintas_caminos_rules_type, &caminos_rules_locals);
    rules_type_init(&pintas_dice_rules_type, &dice_rules_locals);
#endif
}
#else
RULES_PRESETS(CLASS_METHOD)
CLASS_METHOD(MP_QSTR__from_fields, rules_from_fields_obj)
/* A family's type: its methods' dict and its slots, the shared ones. */
#define RULES_TYPE_DEFINE(family, METHODS) \
    static const mp_rom_map_elem_t family##_rules_locals_table[] = { \
        METHODS(METHOD_ENTRY, CLASS_METHOD_ENTRY) \
    }; \
    static MP_DEFINE_CONST_DICT(family##_rules_locals, family##_rules_locals_table); \
    static MP_DEFINE_CONST_OBJ_TYPE(pintas_##family##_rules_type, MP_QSTR_Rules, \
                                    MP_TYPE_FLAG_NONE RULES_SLOTS(SLOT_ARGS), locals_dict, \
                                    &family##_rules_locals);
RULES_TYPE_DEFINE(line, LINE_RULES_METHODS)
#if !ONLY_LINE
RULES_TYPE_DEFINE(caminos, CAMINOS_RULES_METHODS)
RULES_TYPE_DEFINE(dice, DICE_RULES_METHODS)
#endif
#endif

/* preset(family, name) -> the seatings of the family's preset `name`, each
 * (name, players, pairs): domino.MODES. */
static mp_obj_t preset(mp_obj_t family_in, mp_obj_t name_in) {
    int g = game_of(family_in), index;
    const pintas_preset *table;
    size_t n, k;
    if (pintas_preset_named(g, mp_obj_str_get_str(name_in), &index) != PINTAS_OK) {
        bad();
    }
    pintas_presets(g, &table, &n);
    const pintas_preset *p = &table[index];
    mp_obj_t items[8];
    for (k = 0; k < p->n_seatings && k < MP_ARRAY_SIZE(items); k++) {
        mp_obj_t seating[3] = {new_str0(p->seatings[k].name),
                               MP_OBJ_NEW_SMALL_INT(p->seatings[k].players),
                               mp_obj_new_bool(p->seatings[k].pairs)};
        items[k] = mp_obj_new_tuple(3, seating);
    }
    return mp_obj_new_tuple(k, items);
}
static MP_DEFINE_CONST_FUN_OBJ_2(preset_obj, preset);

/* setting(family, name) -> the names of the family's setting `name`'s
 * choices (domino.GAMES, dice.SCORINGS, ...), or (low, high), its range. */
static mp_obj_t setting_choices(mp_obj_t family_in, mp_obj_t name_in) {
    size_t n, len;
    const pintas_setting *table = settings_of(family_in, &n);
    const char *name = mp_obj_str_get_data(name_in, &len);
    int i = setting_named(table, n, name, len, 0);
    if (i < 0) {
        bad();
    }
    const pintas_setting *s = &table[i];
    mp_obj_t items[8];
    size_t k = 0;
    if (s->choices == NULL) {
        items[k++] = mp_obj_new_int(s->low);
        items[k++] = mp_obj_new_int(s->high);
    }
    for (; s->choices != NULL && k < s->n_choices && k < MP_ARRAY_SIZE(items); k++) {
        items[k] = new_str0(s->choices[k]);
    }
    return mp_obj_new_tuple(k, items);
}
static MP_DEFINE_CONST_FUN_OBJ_2(setting_choices_obj, setting_choices);

/* ---- hand-made deals: the core's check ----------------------------------- */

/* deal_check(g, rules, deal, hands): raise DealError in the core's words
 * (pintas_line_deal_why, pintas_caminos_deal_why) unless `deal` (as set_deal
 * takes it, but a Caminos deal may list any number of paths), listing
 * `hands` hands, is a deal of the rules (as new takes them). */
static mp_obj_t deal_check(size_t n_args, const mp_obj_t *args) {
    int g = game_of(args[0]);
    unsigned hands = (unsigned)int_in(args[3], 0, 255);
    pintas_engine_setup rules, deal;
    pintas_refusal why;
    char text[320];
    size_t n;
    int status = PINTAS_E_ARG, refused = 0;
    (void)n_args;
    if (IS_LINE(g)) {
        const pintas_line_rules *r = (const pintas_line_rules *)rules.bytes;
        rules_of(G_LINE, args[1], rules.bytes, sizeof(pintas_line_rules));
        line_deal_of(args[2], (pintas_line_deal *)deal.bytes);
        status = pintas_line_deal_why(r, (const pintas_line_deal *)deal.bytes, hands, &why);
        if (status == PINTAS_E_DEAL) {
            refused = 1;
            status = pintas_line_deal_refusal_text(r, &why, text, sizeof text, &n);
        }
    }
#if !ONLY_LINE
    else if (IS_CAMINOS(g)) {
        const pintas_caminos_rules *r = (const pintas_caminos_rules *)rules.bytes;
        size_t paths;
        mp_obj_t *f = items_of(args[2], 3);
        bytes_of(f[0], &paths);
        /* (paths past the slots are never read: the core refuses their count) */
        mp_obj_t fits[3] = {paths > PINTAS_CAMINOS_MAX_PATHS ? mp_obj_new_bytes(NULL, 0) : f[0],
                            f[1], f[2]};
        rules_of(G_CAMINOS, args[1], rules.bytes, sizeof(pintas_caminos_rules));
        caminos_deal_of(mp_obj_new_tuple(3, fits), (pintas_caminos_deal *)deal.bytes);
        status = pintas_caminos_deal_why(r, (const pintas_caminos_deal *)deal.bytes,
                                         (unsigned)paths, hands, &why);
        if (status == PINTAS_E_DEAL) {
            refused = 1;
            status = pintas_caminos_deal_refusal_text(r, &why, text, sizeof text, &n);
        }
    }
#endif
    if (status != PINTAS_OK) {
        bad();
    }
    if (!refused) {
        return mp_const_none;
    }
    mp_obj_t msg = mp_obj_new_str(text, n);
    nlr_raise(mp_call_function_n_kw(error_class(MP_QSTR_DealError), 1, 0, &msg));
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(deal_check_obj, 4, 4, deal_check);
/* ---- players: the types of the core's random, greedy, suit and threshold players */
/* Every family's RandomPlayer, GreedyPlayer and SuitPlayer and the dice's
 * ThresholdPlayer are one implementation: a type a row of PLAYER_ROWS (its
 * family and the core's chooser, numbered as choose() numbers them), whose
 * object keeps the value it was made with and the chooser's argument. The
 * seed is checked by the game's seed_checked, the view by pintas.py's
 * _check_view and a view's _moves_to_choose, and a move is the game's own
 * _move. */

#define LINE_PLAYERS(X) \
    X(MP_QSTR_RandomPlayer, G_LINE, 0) X(MP_QSTR_GreedyPlayer, G_LINE, 1) \
    X(MP_QSTR_SuitPlayer, G_LINE, 2)
#if ONLY_LINE
#define PLAYER_ROWS(X) LINE_PLAYERS(X)
#else
#define PLAYER_ROWS(X) LINE_PLAYERS(X) \
    X(MP_QSTR_RandomPlayer, G_CAMINOS, 0) X(MP_QSTR_GreedyPlayer, G_CAMINOS, 1) \
    X(MP_QSTR_SuitPlayer, G_CAMINOS, 2) X(MP_QSTR_RandomPlayer, G_DICE, 0) \
    X(MP_QSTR_ThresholdPlayer, G_DICE, 3)
#endif
#define PLAYER_ONE(name, g, chooser) +1
#define PLAYER_COUNT (0 PLAYER_ROWS(PLAYER_ONE))
#define PLAYER_ROW(name, g, chooser) {g, chooser},
static const uint8_t player_rows[PLAYER_COUNT][2] = {PLAYER_ROWS(PLAYER_ROW)};

typedef struct player_obj {
    mp_obj_base_t base;
    uint8_t g, chooser;
    mp_obj_t given; /* the seed, weights or bank_at it was made with (None: none) */
    mp_obj_t arg;   /* the chooser's: the generator (a bytearray), bank_at capped */
} player_obj;

#if MICROPY_ENABLE_DYNRUNTIME
/* A type with room for a player's four slots alone (mp_obj_type_t's layout;
 * a full type's eleven would take 28 bytes more each). */
typedef struct player_type {
    mp_obj_base_t base;
    uint16_t flags, name;
    uint8_t slot_index[12];
    const void *slots[4];
} player_type;
player_type player_types[PLAYER_COUNT]; /* filled in by players_init */
struct {
    mp_obj_base_t base;
    size_t len;
    mp_obj_t items[PLAYER_COUNT];
} players_tuple;
#else
typedef mp_obj_full_type_t player_type;
static const player_type player_types[PLAYER_COUNT];
#endif

/* The family's name and the name of its View in pintas.py. */
static qstr family_name(int g, int view) {
    return IS_LINE(g) ? (view ? MP_QSTR__DominoView : MP_QSTR_domino)
           : IS_CAMINOS(g) ? (view ? MP_QSTR__CaminosView : MP_QSTR_caminos)
                           : (view ? MP_QSTR__DiceView : MP_QSTR_dice);
}

/* pintas.py's function `name` called with n arguments. */
static mp_obj_t call_layer(qstr name, size_t n, const mp_obj_t *args) {
    return mp_call_function_n_kw(error_class(name), n, 0, args);
}

/* RandomPlayer(seed=None), GreedyPlayer(), SuitPlayer(weights=None),
 * ThresholdPlayer(bank_at=1000). */
static mp_obj_t player_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
                                const mp_obj_t *args) {
    const uint8_t *row = player_rows[(const player_type *)type - player_types];
    const qstr names[1] = {row[1] == 0 ? MP_QSTR_seed : row[1] == 2 ? MP_QSTR_weights
                                                                     : MP_QSTR_bank_at};
    mp_obj_t given = MP_OBJ_NULL;
    arguments_of(n_args, n_kw, args, row[1] != 1, names, 0, &given);
    if (given == MP_OBJ_NULL) {
        given = row[1] == 3 ? MP_OBJ_NEW_SMALL_INT(1000) : mp_const_none;
    }
    player_obj *p = mp_obj_malloc(player_obj, type);
    *p = (player_obj){p->base, row[0], row[1], given, given};
    if (row[1] == 0) {
        mp_obj_t a[2] = {given, mp_const_true};
        seed_checked(given, 1);
        p->arg = mp_load_attr(call_layer(MP_QSTR__Random, 1, a), MP_QSTR__mt);
    } else if (row[1] == 2 && given != mp_const_none) {
        mp_obj_t a[2] = {given, error_class(IS_LINE(row[0]) ? MP_QSTR__DominoSuitWeights
                                                            : MP_QSTR__CaminosSuitWeights)};
        /* (isinstance: a SuitWeights of the family's, a subclass's too) */
        if (!mp_obj_is_true(mp_call_function_n_kw(mp_load_global(MP_QSTR_isinstance), 2, 0, a))) {
            raise_formatted(error_class(MP_QSTR_RulesTypeError),
                            "weights must be SuitWeights or None: got {!r}", 1, &given);
        }
    } else if (!ONLY_LINE && row[1] == 3) {
        int whole = mp_obj_is_int(given);
        if (!whole || mp_obj_is_true(mp_binary_op(MP_BINARY_OP_LESS, given,
                                                  MP_OBJ_NEW_SMALL_INT(0)))) {
            raise_formatted(error_class(whole ? MP_QSTR_RulesError : MP_QSTR_RulesTypeError),
                            "bank_at must be a whole number >= 0: got {!r}", 1, &given);
        }
        /* (a turn total never reaches 2**30) */
        if (!mp_obj_is_small_int(given) || MP_OBJ_SMALL_INT_VALUE(given) > 0x3FFFFFFF) {
            p->arg = MP_OBJ_NEW_SMALL_INT(0x3FFFFFFF);
        }
    }
    return MP_OBJ_FROM_PTR(p);
}

/* As CPython's: RandomPlayer(seed=7), SuitPlayer(SuitWeights(...)) in the
 * line games (RandomPlayer(), SuitPlayer() in the others), GreedyPlayer(),
 * ThresholdPlayer(bank_at=700). */
static void player_print(const mp_print_t *print, mp_obj_t self, mp_print_kind_t kind) {
    const player_obj *p = MP_OBJ_TO_PTR(self);
    const char *form = !IS_LINE(p->g) ? (p->chooser == 3 ? "bank_at=%s" : "")
                       : p->chooser == 0                              ? "seed=%s"
                       : p->chooser == 2 && p->given != mp_const_none ? "%s"
                                                                      : "";
    mp_obj_t shown = mp_call_function_n_kw(mp_load_global(MP_QSTR_repr), 1, 0, &p->given);
    (void)kind;
    mp_printf(print, "%q(", (qstr)mp_obj_get_type(self)->name);
    mp_printf(print, form, mp_obj_str_get_str(shown));
    mp_printf(print, ")");
}

/* choose(view) -> the move the core's player chooses for the view's seat. */
static mp_obj_t player_choose(mp_obj_t self, mp_obj_t view) {
    const player_obj *p = MP_OBJ_TO_PTR(self);
    mp_obj_t a[3] = {view, error_class(family_name(p->g, 1)),
                     MP_OBJ_NEW_QSTR(family_name(p->g, 0))};
    mp_obj_t arg = p->arg;
    call_layer(MP_QSTR__check_view, 3, a);
    mp_call_function_n_kw(mp_load_attr(view, MP_QSTR__moves_to_choose), 0, 0, NULL);
    if (p->chooser == 2 && p->given != mp_const_none) {
        arg = mp_call_function_n_kw(mp_load_attr(p->given, MP_QSTR__tenths), 0, 0, NULL);
    }
    mp_obj_t code = MP_OBJ_NEW_SMALL_INT(choose_code(p->g, p->chooser,
                                                     mp_load_attr(view, MP_QSTR__cv), arg));
    return mp_call_function_n_kw(mp_load_attr(mp_load_attr(view, MP_QSTR__game), MP_QSTR__move),
                                 1, 0, &code);
}
static MP_DEFINE_CONST_FUN_OBJ_2(player_choose_obj, player_choose);

static mp_obj_t player_call(mp_obj_t self, size_t n_args, size_t n_kw, const mp_obj_t *args) {
    mp_arg_check_num(n_args, n_kw, 1, 1, false);
    return player_choose(self, args[0]);
}

/* choose, and what it was made with: SuitPlayer's weights, ThresholdPlayer's
 * bank_at (read-only). */
static void player_attr(mp_obj_t self, qstr attr, mp_obj_t *dest) {
    const player_obj *p = MP_OBJ_TO_PTR(self);
    if (dest[0] != MP_OBJ_NULL) {
        return; /* (immutable) */
    }
    if (attr == MP_QSTR_choose) {
        dest[0] = MP_OBJ_FROM_PTR(&player_choose_obj);
        dest[1] = self;
    } else if ((attr == MP_QSTR_weights && p->chooser == 2)
               || (attr == MP_QSTR_bank_at && p->chooser == 3)) {
        dest[0] = p->given;
    }
}

#define PLAYER_SLOTS(X) \
    X(make_new, player_make_new) X(print, player_print) X(call, player_call) \
    X(attr, player_attr)

#if !ONLY_LINE
/* ---- dice keeps: the type Keep -------------------------------------------- */
/* A legal keep as CPython's dice.Keep: the dice kept (a dice set) and the
 * points it makes; immutable, equal by value, a pair (dice, points) to
 * iterate, index and hash. dice_keeps and the book's and policy's best_keep
 * make them; Keep(dice, points) reads the dice as pintas.py's _x_items. */

typedef struct keep_obj {
    mp_obj_base_t base;
    pintas_dice_set set;
    mp_obj_t points;
} keep_obj;

#if MICROPY_ENABLE_DYNRUNTIME
mp_obj_full_type_t pintas_keep_type; /* filled in by players_init */
#define KEEP_TYPE ((const mp_obj_type_t *)&pintas_keep_type)
#else
static const mp_obj_type_t pintas_keep_type;
#define KEEP_TYPE (&pintas_keep_type)
#endif

static mp_obj_t keep_of(pintas_dice_set set, mp_obj_t points) {
    keep_obj *k = mp_obj_malloc(keep_obj, KEEP_TYPE);
    k->set = set;
    k->points = points;
    return MP_OBJ_FROM_PTR(k);
}

static mp_obj_t new_keep(pintas_dice_set set, int32_t points) {
    return keep_of(set, mp_obj_new_int(points));
}

/* Keep(dice, points) */
static mp_obj_t keep_make_new(const mp_obj_type_t *type, size_t n_args, size_t n_kw,
                              const mp_obj_t *args) {
    const qstr names[2] = {MP_QSTR_dice, MP_QSTR_points};
    mp_obj_t given[2];
    size_t n;
    mp_obj_t *items;
    pintas_dice_set set = 0;
    (void)type;
    arguments_of(n_args, n_kw, args, 2, names, 2, given);
    mp_obj_t check[4] = {given[0], MP_OBJ_NEW_SMALL_INT(1), MP_OBJ_NEW_SMALL_INT(6),
                         new_str0("a keep")};
    mp_obj_get_array(call_layer(MP_QSTR__x_items, 4, check), &n, &items);
    for (size_t i = 0; i < n; i++) {
        set += (pintas_dice_set)1 << (3 * (MP_OBJ_SMALL_INT_VALUE(items[i]) - 1));
    }
    return keep_of(set, given[1]);
}

/* (dice, points) */
static mp_obj_t keep_pair(const keep_obj *k) {
    mp_obj_t pair[2] = {dice_tuple(k->set), k->points};
    return mp_obj_new_tuple(2, pair);
}

/* Keep((1, 5), 1500); str: 1 5: 1500 */
static void keep_print(const mp_print_t *print, mp_obj_t self, mp_print_kind_t kind) {
    const keep_obj *k = MP_OBJ_TO_PTR(self);
    mp_obj_t points = mp_call_function_n_kw(mp_load_global(MP_QSTR_str), 1, 0, &k->points);
    int n = 0;
    mp_printf(print, kind == PRINT_REPR ? "Keep((" : "");
    for (int face = 1; face <= 6; face++) {
        for (unsigned c = (k->set >> (3 * (face - 1))) & 7; c > 0; c--) {
            mp_printf(print, n++ == 0 ? "%d" : kind == PRINT_REPR ? ", %d" : " %d", face);
        }
    }
    mp_printf(print, kind != PRINT_REPR ? ": %s" : n == 1 ? ",), %s)" : "), %s)",
              mp_obj_str_get_str(points));
}

static void keep_attr(mp_obj_t self, qstr attr, mp_obj_t *dest) {
    const keep_obj *k = MP_OBJ_TO_PTR(self);
    if (dest[0] != MP_OBJ_NULL) {
        return; /* (immutable) */
    }
    if (attr == MP_QSTR_dice) {
        dest[0] = dice_tuple(k->set);
    } else if (attr == MP_QSTR_points) {
        dest[0] = k->points;
    } else if (attr == MP_QSTR_move) { /* the move that makes this keep */
        dest[0] = new_move(G_DICE, PINTAS_DICE_KEEP | (mp_int_t)k->set << 5);
    }
}

static mp_obj_t keep_unary_op(mp_unary_op_t op, mp_obj_t self) {
    return op == MP_UNARY_OP_LEN ? MP_OBJ_NEW_SMALL_INT(2)
           : op == MP_UNARY_OP_HASH ? mp_unary_op(op, keep_pair(MP_OBJ_TO_PTR(self)))
                                    : MP_OBJ_NULL;
}

static mp_obj_t keep_binary_op(mp_binary_op_t op, mp_obj_t lhs, mp_obj_t rhs) {
    if (op != MP_BINARY_OP_EQUAL || !mp_obj_is_type(rhs, KEEP_TYPE)) {
        return MP_OBJ_NULL;
    }
    const keep_obj *a = MP_OBJ_TO_PTR(lhs), *b = MP_OBJ_TO_PTR(rhs);
    return mp_obj_new_bool(a->set == b->set
                           && mp_obj_is_true(mp_binary_op(op, a->points, b->points)));
}

static mp_obj_t keep_subscr(mp_obj_t self, mp_obj_t index, mp_obj_t value) {
    if (value != MP_OBJ_SENTINEL) {
        return MP_OBJ_NULL; /* (immutable) */
    }
    return mp_obj_subscr(keep_pair(MP_OBJ_TO_PTR(self)), index, MP_OBJ_SENTINEL);
}

static mp_obj_t keep_getiter(mp_obj_t self, mp_obj_iter_buf_t *iter_buf) {
    return tuple_iter(keep_pair(MP_OBJ_TO_PTR(self)), iter_buf);
}

#define KEEP_SLOTS(X) \
    X(make_new, keep_make_new) X(print, keep_print) X(attr, keep_attr) \
    X(unary_op, keep_unary_op) X(binary_op, keep_binary_op) X(subscr, keep_subscr) \
    X(iter, keep_getiter)
#if MICROPY_ENABLE_DYNRUNTIME
static const uint8_t keep_slot_at[] = {KEEP_SLOTS(SLOT_OFFSET)};
static const void *const keep_slots[] = {KEEP_SLOTS(SLOT_VALUE)};
#define KEEP_INIT() \
    type_init(&pintas_keep_type, MP_QSTR_Keep, keep_slot_at, keep_slots, sizeof keep_slot_at)
#else
static MP_DEFINE_CONST_OBJ_TYPE(pintas_keep_type, MP_QSTR_Keep, MP_TYPE_FLAG_ITER_IS_GETITER
                                KEEP_SLOTS(SLOT_ARGS));
#endif
#endif /* !ONLY_LINE */

/* ---- the players' types and Keep, made ------------------------------------ */

#if MICROPY_ENABLE_DYNRUNTIME
static const uint8_t player_slot_at[] = {PLAYER_SLOTS(SLOT_OFFSET)};
typedef char player_slots_fit[sizeof player_slot_at <= 4 ? 1 : -1];
static const void *const player_slots[] = {PLAYER_SLOTS(SLOT_VALUE)};

/* The types, the tuple `players` of the players' and Keep (mpy_init). */
static void players_init(void) {
#define PLAYER_NAME(name, g, chooser) name,
    const qstr names[PLAYER_COUNT] = {PLAYER_ROWS(PLAYER_NAME)};
    for (size_t i = 0; i < PLAYER_COUNT; i++) {
        type_init((mp_obj_full_type_t *)&player_types[i], names[i], player_slot_at, player_slots,
                  sizeof player_slot_at);
        players_tuple.items[i] = MP_OBJ_FROM_PTR(&player_types[i]);
    }
    players_tuple.base.type = &mp_type_tuple;
    players_tuple.len = PLAYER_COUNT;
#if !ONLY_LINE
    KEEP_INIT();
#endif
}
#else
#define PLAYER_TYPE(q, g, chooser) \
    {.base = {&mp_type_type}, .flags = MP_TYPE_FLAG_NONE, .name = q, \
     .slot_index_make_new = 1, .slot_index_print = 2, .slot_index_call = 3, \
     .slot_index_attr = 4, \
     .slots = {player_make_new, player_print, player_call, player_attr}},
static const player_type player_types[PLAYER_COUNT] = {PLAYER_ROWS(PLAYER_TYPE)};
#define PLAYER_AT(i) MP_ROM_PTR(&player_types[i])
static const mp_rom_obj_tuple_t players_tuple = {{&mp_type_tuple}, PLAYER_COUNT, {
    PLAYER_AT(0), PLAYER_AT(1), PLAYER_AT(2),
#if !ONLY_LINE
    PLAYER_AT(3), PLAYER_AT(4), PLAYER_AT(5), PLAYER_AT(6), PLAYER_AT(7),
#endif
}};
#endif

/* ---- the game base: what every game object does -------------------------- */
/* A game is an instance of one of pintas.py's game classes, whose members
 * (_st, _raw, _log, _seed, _rules) this binding keeps and whose class names
 * its package, move type and view class (_PACKAGE, _MOVE, _VIEW); its
 * methods below are functions of the game object, made methods of the
 * class by the type Method (a built-in function in a Python class binds no
 * self in MicroPython: a Method does, and calls its function directly). */

/* A pintas.py global (a check or an error class), in firmware of the frozen module. */
#define layer_global error_class

/* The seat checked against seats: SeatTypeError, SeatError (CPython's words). */
static mp_int_t seat_checked(mp_obj_t seat, mp_int_t seats) {
    mp_obj_t args[2] = {MP_OBJ_NEW_SMALL_INT(seats - 1), seat};
    if (!mp_obj_is_int(seat) || mp_obj_is_bool(seat)) {
        raise_formatted(error_class(MP_QSTR_SeatTypeError),
                        "a seat is a whole number 0..{}: got {!r}", 2, args);
    }
    if (!mp_obj_is_small_int(seat) || MP_OBJ_SMALL_INT_VALUE(seat) < 0
        || MP_OBJ_SMALL_INT_VALUE(seat) >= seats) {
        args[0] = seat;
        args[1] = MP_OBJ_NEW_SMALL_INT(seats - 1);
        raise_formatted(error_class(MP_QSTR_SeatError), "no seat {!r}: seats are 0..{}", 2, args);
    }
    return MP_OBJ_SMALL_INT_VALUE(seat);
}

/* The seats of the game at s. */
static mp_int_t seats_in(int g, const any_state *s) {
    pintas_engine_status out;
    status_of(g, s, &out);
    return out.seats;
}

/* game.seat_checked(seat) -> seat, checked against the game's seats. */
static mp_obj_t game_seat(mp_obj_t game, mp_obj_t seat) {
    int g;
    any_state *s = state_of_game(game, &g);
    return MP_OBJ_NEW_SMALL_INT(seat_checked(seat, seats_in(g, s)));
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_seat_obj, game_seat);

/* The code of the move `move` names in game g (Game._as_move): a move of the
 * game's type, the legal move a text names, or (dice) a Keep's move. */
static mp_int_t game_code(mp_obj_t game, int g, mp_obj_t move) {
    mp_int_t c = move_code_in(g, move);
    if (c >= 0) {
        return c;
    }
    if (mp_obj_is_str(move)) {
        return move_code_in(g, move_parsed(g, member(game, MP_QSTR__st), move));
    }
#if !ONLY_LINE
    if (IS_DICE(g)) {
        if (mp_obj_is_type(move, KEEP_TYPE)) {
            return move_code_in(g, mp_load_attr(move, MP_QSTR_move));
        }
        notation_error(1, "a move is a dice.Move, a Keep or its notation: got {!r}", 1, &move);
    }
#endif
    mp_obj_t args[2] = {class_attr(game, MP_QSTR__PACKAGE), move};
    notation_error(1, "a move is a {}.Move or its notation: got {!r}", 2, args);
}

/* IllegalMoveError for the move `code` (written `given` when a str). */
static MP_NORETURN void refuse_move(int g, mp_obj_t st, mp_int_t code, mp_obj_t given) {
    mp_obj_t args[4] = {MP_OBJ_NEW_SMALL_INT(g), st, MP_OBJ_NEW_SMALL_INT(code),
                        mp_obj_is_str(given) ? given : mp_const_none};
    mp_obj_t msg = illegal(4, args);
    nlr_raise(mp_call_function_n_kw(error_class(MP_QSTR_IllegalMoveError), 1, 0, &msg));
}

/* Play move `code` (written `given`) on the game the long way, keep it in its
 * logs and return its events' bytes. An unseeded game (seed None: a fresh OS
 * seed a move) or a replay's move (seed given) reseeds the generator for the
 * move and keeps the seed in the log (before the move) only when the move
 * drew from it; IllegalMoveError, the game unchanged, when not legal. */
static mp_obj_t play_code(mp_obj_t game, int g, mp_int_t code, mp_obj_t given, mp_obj_t seed) {
    const pintas_engine *e = engine_of(g);
    mp_obj_t st = member(game, MP_QSTR__st), c = MP_OBJ_NEW_SMALL_INT(code);
    any_state *s = state_of_game(game, &g);
    pintas_engine_move m;
    pintas_engine_events ev;
    size_t n = 0;
    uint8_t saved[sizeof(pintas_rng)], seeded[sizeof(pintas_rng)];
    uint8_t *rng = (uint8_t *)s + e->rng_offset;
    memcpy(saved, rng, sizeof saved);
    memcpy(seeded, rng, sizeof seeded);
    move_of(g, c, &m);
    if (seed == mp_const_none && member(game, MP_QSTR__seed) == mp_const_none) {
        if (e->check(s, &m) != PINTAS_OK) {
            refuse_move(g, st, code, given);
        }
        seed = mp_call_function_n_kw(layer_global(MP_QSTR__os_seed), 0, 0, NULL);
    }
    if (seed != mp_const_none) {
        e->reseed(s, seed_of(mp_call_function_n_kw(layer_global(MP_QSTR__seed8), 1, 0, &seed)));
        memcpy(seeded, rng, sizeof seeded);
    }
    if (play_on(g, s, 1, &m, &ev, &n) != PINTAS_OK) {
        if (seed != mp_const_none) {
            memcpy(rng, saved, sizeof saved);
        }
        refuse_move(g, st, code, given);
    }
    if (seed != mp_const_none) {
        if (same_bytes(rng, seeded, sizeof seeded)) {
            memcpy(rng, saved, sizeof saved);
        } else {
            mp_obj_t entry[2] = {MP_OBJ_NEW_QSTR(MP_QSTR_seed), seed};
            mp_obj_list_append(member(game, MP_QSTR__log), mp_obj_new_tuple(2, entry));
        }
    }
    if (IS_DICE(g)) {
        dice_reasons(&s->dice, (pintas_dice_event *)ev.bytes, n);
    }
    mp_obj_t raw = raw_events(g, &ev, n);
    log_move(game, g, c, raw);
    return raw;
}

/* game._step(code, seed) -> a replay's move: `code` played as a game that
 * drew `seed` for it (None: a seeded game's move), its events' bytes. */
static mp_obj_t game_step(mp_obj_t game, mp_obj_t code, mp_obj_t seed) {
    int g;
    state_of_game(game, &g);
    mp_int_t c = mp_obj_get_int(code);
    if (seed != mp_const_none) {
        any_state *s = state_of_game(game, &g);
        pintas_engine_move m;
        move_of(g, code, &m);
        if (engine_of(g)->check(s, &m) != PINTAS_OK) {
            refuse_move(g, member(game, MP_QSTR__st), c, mp_const_none);
        }
    }
    return play_code(game, g, c, mp_const_none, seed);
}
static MP_DEFINE_CONST_FUN_OBJ_3(game_step_obj, game_step);

/* ---- Events: the events of one move --------------------------------------- */
/* What Game.play returns: a sequence over the move's raw events, decoded when
 * read (a board's loop that never reads them makes no Event objects). */
typedef struct moves_events_obj {
    mp_obj_base_t base;
    mp_obj_t game, raw;
    size_t count;
} moves_events_obj;

#if MICROPY_ENABLE_DYNRUNTIME
mp_obj_full_type_t pintas_events_type; /* filled in by game_types_init */
#define EVENTS_TYPE ((const mp_obj_type_t *)&pintas_events_type)
#else
static const mp_obj_type_t pintas_events_type;
#define EVENTS_TYPE (&pintas_events_type)
#endif

static mp_obj_t new_events(mp_obj_t game, int g, mp_obj_t raw) {
    moves_events_obj *o = mp_obj_malloc(moves_events_obj, EVENTS_TYPE);
    size_t len;
    bytes_of(raw, &len);
    o->game = game;
    o->raw = raw;
    o->count = len / engine_of(g)->event_size;
    return MP_OBJ_FROM_PTR(o);
}

static mp_obj_t events_list(mp_obj_t self) {
    const moves_events_obj *o = MP_OBJ_TO_PTR(self);
    return events(o->game, o->raw);
}

static void events_print(const mp_print_t *print, mp_obj_t self, mp_print_kind_t kind) {
    (void)kind;
    mp_printf(print, "%s", mp_obj_str_get_str(repr_of(events_list(self))));
}

static mp_obj_t events_unary_op(mp_unary_op_t op, mp_obj_t self) {
    size_t n = ((const moves_events_obj *)MP_OBJ_TO_PTR(self))->count;
    return op == MP_UNARY_OP_LEN ? MP_OBJ_NEW_SMALL_INT(n)
           : op == MP_UNARY_OP_BOOL ? mp_obj_new_bool(n != 0) : MP_OBJ_NULL;
}

/* ==: equal to a list or tuple of the same events, or to another Events. */
static mp_obj_t events_binary_op(mp_binary_op_t op, mp_obj_t lhs, mp_obj_t rhs) {
    if (op != MP_BINARY_OP_EQUAL) {
        return MP_OBJ_NULL;
    }
    mp_obj_t other;
    if (mp_obj_is_type(rhs, EVENTS_TYPE)) {
        other = events_list(rhs);
    } else if (mp_obj_is_type(rhs, &mp_type_list) || mp_obj_is_type(rhs, &mp_type_tuple)) {
        size_t len;
        mp_obj_t *items;
        mp_obj_get_array(rhs, &len, &items);
        other = mp_obj_new_list(len, items);
    } else {
        return mp_const_false;
    }
    return mp_binary_op(MP_BINARY_OP_EQUAL, events_list(lhs), other);
}

static mp_obj_t events_subscr(mp_obj_t self, mp_obj_t index, mp_obj_t value) {
    if (value != MP_OBJ_SENTINEL) {
        return MP_OBJ_NULL; /* (read only) */
    }
    return mp_obj_subscr(events_list(self), index, MP_OBJ_SENTINEL);
}

static mp_obj_t events_getiter(mp_obj_t self, mp_obj_iter_buf_t *iter_buf) {
    return tuple_iter(events_list(self), iter_buf);
}

#define EVENTS_SLOTS(X) \
    X(print, events_print) X(unary_op, events_unary_op) X(binary_op, events_binary_op) \
    X(subscr, events_subscr) X(iter, events_getiter)

/* game.play(move) -> the events it caused (an Events); IllegalMoveError (or
 * NotationError) and nothing changed when it is not legal. */
static mp_obj_t game_play(mp_obj_t game, mp_obj_t move) {
    int g;
    state_of_game(game, &g);
    mp_obj_t raw = play_move(game, move);
    if (raw != mp_const_none) {
        return raw;
    }
    mp_int_t code = game_code(game, g, move);
    if (!mp_obj_is_type(member(game, MP_QSTR__log), &mp_type_list)) {
        pintas_engine_move m;
        move_of(g, MP_OBJ_NEW_SMALL_INT(code), &m);
        if (engine_of(g)->action(m.bytes) < 0) {
            raise_formatted(error_class(MP_QSTR_PintasError),
                            "a game with log=False keeps moves as the core's actions: it rolls "
                            "its own dice, not {!r}", 1, &move);
        }
    }
    return new_events(game, g, play_code(game, g, code, move, mp_const_none));
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_play_obj, game_play);

/* game.parse_move(text) -> the legal move written text. */
static mp_obj_t game_parse(mp_obj_t game, mp_obj_t text) {
    int g;
    state_of_game(game, &g);
    return move_parsed(g, member(game, MP_QSTR__st), text);
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_parse_obj, game_parse);

/* game.view(seat) -> what seat may know now (the seat checked first). */
static mp_obj_t game_view(mp_obj_t game, mp_obj_t seat) {
    return view(game, game_seat(game, seat));
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_view_obj, game_view);

/* game.hand(seat) -> the tiles seat holds (tile games; the referee sees all). */
static mp_obj_t game_hand(mp_obj_t game, mp_obj_t seat) {
    int g;
    any_state *s = state_of_game(game, &g);
    mp_int_t i = seat_checked(seat, seats_in(g, s));
    if (IS_DICE(g)) {
        bad();
    }
    return new_tileset(engine_of(g)->hand(s, (int)i));
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_hand_obj, game_hand);

/* A list's items as a tuple. */
static mp_obj_t list_tuple(mp_obj_t list) {
    size_t len;
    mp_obj_t *items;
    mp_obj_get_array(list, &len, &items);
    return mp_obj_new_tuple(len, items);
}

/* game.events -> every event so far (with log=False, the current round's). */
static mp_obj_t game_events(mp_obj_t game) {
    return list_tuple(events(game, member(game, MP_QSTR__raw)));
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_events_obj, game_events);

/* game._entries() -> the log as a list: move codes, ("seed", seed), ("deal", deal). */
static mp_obj_t game_entries(mp_obj_t game) {
    int g;
    state_of_game(game, &g);
    mp_obj_t log = member(game, MP_QSTR__log);
    return mp_obj_is_type(log, &mp_type_list) ? log : log_codes(MP_OBJ_NEW_SMALL_INT(g), log);
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_entries_obj, game_entries);

/* The game's log entries (game._entries()) as an array, and its engine. */
static mp_obj_t *entries_of(mp_obj_t game, int *g, size_t *len) {
    mp_obj_t *items;
    state_of_game(game, g);
    mp_obj_get_array(game_entries(game), len, &items);
    return items;
}

/* game.history -> the moves so far, in order. */
static mp_obj_t game_history(mp_obj_t game) {
    int g;
    size_t len;
    mp_obj_t *items = entries_of(game, &g, &len), out = mp_obj_new_list(0, NULL);
    for (size_t i = 0; i < len; i++) {
        if (mp_obj_is_small_int(items[i])) {
            mp_obj_list_append(out, new_move(g, MP_OBJ_SMALL_INT_VALUE(items[i])));
        }
    }
    return list_tuple(out);
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_history_obj, game_history);

/* game.logs -> False for a game made with log=False. */
static mp_obj_t game_logs(mp_obj_t game) {
    return mp_obj_new_bool(mp_obj_is_type(member(game, MP_QSTR__log), &mp_type_list));
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_logs_obj, game_logs);

/* ---- starting a game, hand-made deals, views' moves and logs --------------- */

/* A raised error of pintas.py's class `cls`, its message template.format(*args). */
#define refuse(cls, template, n, args) raise_formatted(error_class(cls), template, n, args)

/* game._start(rules, seed, setup, log): check rules, seed and log, and start
 * the C game from them (setup: the deal's arguments or None; dice: players and
 * first player); the game's members made. */
static mp_obj_t game_start(size_t n_args, const mp_obj_t *args) {
    mp_obj_t game = args[0], rules = args[1], seed = args[2], log = args[4];
    int g = game_of(mp_load_attr(game, MP_QSTR__G));
    (void)n_args;
    if (mp_obj_get_type(rules) != RULES_TYPE(g)) {
        mp_obj_t a[2] = {class_attr(game, MP_QSTR__PACKAGE), rules};
        refuse(MP_QSTR_RulesTypeError, "Game needs a {}.Rules: got {!r}", 2, a);
    }
    seed_checked(seed, 1);
    if (!mp_obj_is_bool(log)) {
        refuse(MP_QSTR_RulesTypeError, "log must be True or False: got {!r}", 1, &log);
    }
    mp_obj_t first = seed == mp_const_none ? call_layer(MP_QSTR__os_seed, 0, NULL) : seed;
    if (log == mp_const_false) { /* a log-free game keeps action indexes only: always seeded */
        seed = first;
    }
    mp_obj_t st = new_state(MP_OBJ_NEW_SMALL_INT(g), mp_const_none);
    mp_obj_t c[5] = {MP_OBJ_NEW_SMALL_INT(g), st, rules, call_layer(MP_QSTR__seed8, 1, &first),
                     args[3]};
    mp_obj_t raw = new_game(5, c);
    if (mp_obj_is_small_int(raw)) {
        if (MP_OBJ_SMALL_INT_VALUE(raw) == PINTAS_E_DEAL) {
            refuse(MP_QSTR_DealError, "not a deal of these rules", 0, NULL);
        }
        mp_obj_t why = status_str(raw);
        refuse(MP_QSTR_RulesError, "cannot start a game with these rules: {}", 1, &why);
    }
    /* (_G: read on every move, an instance's own member is found first) */
    set_member(game, MP_QSTR__G, MP_OBJ_NEW_SMALL_INT(g));
    set_member(game, MP_QSTR__st, st);
    set_member(game, MP_QSTR__rules, rules);
    set_member(game, MP_QSTR__seed, seed);
    set_member(game, MP_QSTR__first_seed, first);
    set_member(game, MP_QSTR__raw,
               mp_call_function_n_kw(MP_OBJ_FROM_PTR(&mp_type_bytearray), 1, 0, &raw));
    /* The moves: their codes (and seeds, deals) in a list; with log=False, two
     * bytes a move (the core's action index) in a bytearray, and _raw keeps the
     * current round's events only (log_move). */
    set_member(game, MP_QSTR__log, log == mp_const_true ? mp_obj_new_list(0, NULL)
               : mp_call_function_n_kw(MP_OBJ_FROM_PTR(&mp_type_bytearray), 0, 0, NULL));
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_VAR_BETWEEN(game_start_obj, 5, 5, game_start);

/* The deal's arguments for the core (deal._c_args(rules)) after its checks
 * (Game's _checked_deal): DealTypeError for what is not the game's Deal, the
 * deal's own check against rules when they are the game's Rules. */
static mp_obj_t deal_args(mp_obj_t game, mp_obj_t deal, mp_obj_t rules) {
    int g = game_of(mp_load_attr(game, MP_QSTR__G));
    (void)g; /* (a one-family module's RULES_TYPE) */
    if (!mp_obj_is_type(deal, MP_OBJ_TO_PTR(class_attr(game, MP_QSTR__DEAL)))) {
        mp_obj_t a[2] = {class_attr(game, MP_QSTR__PACKAGE), deal};
        refuse(MP_QSTR_DealTypeError, "a deal must be a {}.Deal: got {!r}", 2, a);
    }
    if (mp_obj_get_type(rules) == RULES_TYPE(g)) {
        mp_call_function_n_kw(mp_load_attr(deal, MP_QSTR_check), 1, 0, &rules);
    }
    return mp_call_function_n_kw(mp_load_attr(deal, MP_QSTR__c_args), 1, 0, &rules);
}

/* Game(rules, seed=None, deal=None, log=True) of a tile game. */
static mp_obj_t game_init(size_t n_args, const mp_obj_t *args, mp_map_t *kw) {
    const mp_arg_t allowed[4] = { /* (a native module's qstrs are known at run time) */
        {MP_QSTR_rules, MP_ARG_REQUIRED | MP_ARG_OBJ, {.u_obj = MP_OBJ_NULL}},
        {MP_QSTR_seed, MP_ARG_OBJ, {.u_obj = mp_const_none}},
        {MP_QSTR_deal, MP_ARG_OBJ, {.u_obj = mp_const_none}},
        {MP_QSTR_log, MP_ARG_OBJ, {.u_obj = mp_const_true}},
    };
    mp_arg_val_t v[4];
    mp_arg_parse_all(n_args - 1, args + 1, kw, 4, allowed, v);
    mp_obj_t deal = v[2].u_obj;
    mp_obj_t start[5] = {args[0], v[0].u_obj, v[1].u_obj,
                         deal == mp_const_none ? deal : deal_args(args[0], deal, v[0].u_obj),
                         v[3].u_obj};
    game_start(5, start);
    set_member(args[0], MP_QSTR__first_deal, deal);
    return mp_const_none;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(game_init_obj, 1, game_init);

/* game.set_deal(deal) -> the new round's events: its deal replaced by a
 * hand-made one, before its first move. */
static mp_obj_t game_set_deal(mp_obj_t game, mp_obj_t deal) {
    int g;
    mp_obj_t rules = member(game, MP_QSTR__rules), log = member(game, MP_QSTR__log);
    mp_obj_t dealt = deal_args(game, deal, rules);
    if (!mp_obj_is_type(log, &mp_type_list)) {
        refuse(MP_QSTR_PintasError, "a game with log=False keeps no hand-made deal after its first",
               0, NULL);
    }
    state_of_game(game, &g);
    mp_obj_t raw = set_deal(MP_OBJ_NEW_SMALL_INT(g), member(game, MP_QSTR__st), dealt);
    if (mp_obj_is_small_int(raw)) {
        if (MP_OBJ_SMALL_INT_VALUE(raw) == PINTAS_E_DEAL) {
            refuse(MP_QSTR_DealError, "not a deal of these rules", 0, NULL);
        }
        mp_obj_t why = status_str(raw);
        refuse(MP_QSTR_IllegalMoveError,
               "a deal can only replace one before its round's first move ({})", 1, &why);
    }
    mp_obj_t entry[2] = {MP_OBJ_NEW_QSTR(MP_QSTR_deal), deal};
    mp_obj_list_append(log, mp_obj_new_tuple(2, entry));
    size_t len;
    const uint8_t *p = bytes_of(raw, &len);
    append_bytes(member(game, MP_QSTR__raw), p, len, LOG_STEP_EVENTS);
    return events(game, raw);
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_set_deal_obj, game_set_deal);

/* game.deal_seeds (tile games), game.roll_seeds (dice): the OS seeds an
 * unseeded game drew, its first one too for a tile game. */
static mp_obj_t game_seeds(mp_obj_t game) {
    int g;
    state_of_game(game, &g);
    mp_obj_t out = mp_obj_new_list(0, NULL), log = member(game, MP_QSTR__log);
    size_t len;
    mp_obj_t *items;
    if (!IS_DICE(g)) {
        if (member(game, MP_QSTR__seed) != mp_const_none) {
            return mp_const_empty_tuple;
        }
        mp_obj_list_append(out, member(game, MP_QSTR__first_seed));
    }
    mp_obj_get_array(mp_obj_is_type(log, &mp_type_list) ? log : mp_const_empty_tuple, &len,
                     &items);
    for (size_t i = 0; i < len; i++) {
        if (mp_obj_is_type(items[i], &mp_type_tuple)) {
            mp_obj_t *e = items_of(items[i], 2);
            if (e[0] == MP_OBJ_NEW_QSTR(MP_QSTR_seed)) {
                mp_obj_list_append(out, e[1]);
            }
        }
    }
    return list_tuple(out);
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_seeds_obj, game_seeds);

/* The engine of a view (its game's) and its blob's state. */
static any_state *view_state(mp_obj_t view_o, int *g, any_state *tmp) {
    state_of_game(member(view_o, MP_QSTR__game), g);
    return state_at(*g, member(view_o, MP_QSTR__blob), tmp, 0);
}

/* view.legal_moves() -> the seat's legal moves when it is to move, else []. */
static mp_obj_t view_legal_moves(mp_obj_t view_o) {
    int g;
    any_state tmp, *s = view_state(view_o, &g, &tmp);
    mp_obj_t items[MAX_LEGAL];
    size_t n = 0;
    mp_obj_t to = member(view_o, MP_QSTR_to_move);
    if (!mp_obj_is_true(member(view_o, MP_QSTR_is_over)) && to == member(view_o, MP_QSTR_seat)) {
        n = legal_codes(g, s, 0, items);
    }
    for (size_t i = 0; i < n; i++) {
        items[i] = new_move(g, MP_OBJ_SMALL_INT_VALUE(items[i]));
    }
    return mp_obj_new_list(n, items);
}
static MP_DEFINE_CONST_FUN_OBJ_1(view_legal_moves_obj, view_legal_moves);

/* The events of the raw log of a game or view from its round's deal on
 * (round: 1) or all (0), as a tuple. */
static mp_obj_t log_tuple(mp_obj_t game, mp_obj_t raw_in, int round) {
    int g;
    state_of_game(game, &g);
    size_t len, size = engine_of(g)->event_size;
    const uint8_t *raw = bytes_of(raw_in, &len);
    size_t from = round ? round_start(g, raw, len) * size : 0;
    return list_tuple(events(game, mp_obj_new_bytes(raw + from, len - from)));
}

/* view.log: every event so far as the seat saw it (made once). */
static mp_obj_t view_log(mp_obj_t view_o) {
    mp_obj_t log = member(view_o, MP_QSTR__log);
    if (log == mp_const_none) {
        log = log_tuple(member(view_o, MP_QSTR__game), member(view_o, MP_QSTR__raw), 0);
        set_member(view_o, MP_QSTR__log, log);
    }
    return log;
}
static MP_DEFINE_CONST_FUN_OBJ_1(view_log_obj, view_log);

/* view.round_log, game._round_log(): the log since the current round was dealt. */
static mp_obj_t view_round_log(mp_obj_t view_o) {
    return log_tuple(member(view_o, MP_QSTR__game), member(view_o, MP_QSTR__raw), 1);
}
static MP_DEFINE_CONST_FUN_OBJ_1(view_round_log_obj, view_round_log);

static mp_obj_t game_round_log(mp_obj_t game) {
    return log_tuple(game, member(game, MP_QSTR__raw), 1);
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_round_log_obj, game_round_log);

/* ---- saves of a game object ----------------------------------------------- */

/* Whether o is bytes, a bytearray or a memoryview (what a save or its key is). */
static int is_bytes_like(mp_obj_t o) {
    return mp_obj_is_type(o, &mp_type_bytes) || mp_obj_is_type(o, &mp_type_bytearray)
           || (mp_obj_is_obj(o) && mp_obj_get_type(o)->name == MP_QSTR_memoryview);
}

static mp_obj_t type_name(mp_obj_t o) {
    return MP_OBJ_NEW_QSTR(mp_obj_get_type(o)->name);
}

/* A save's key: None, or bytes of at least 16 (SaveTypeError, CorruptStateError). */
static mp_obj_t key_checked(mp_obj_t key) {
    if (key == mp_const_none) {
        return key;
    }
    mp_obj_t a = type_name(key);
    if (!is_bytes_like(key)) {
        refuse(MP_QSTR_SaveTypeError, "a save key is bytes (at least 16 of them): got a {}", 1, &a);
    }
    size_t len;
    bytes_of(key, &len);
    if (len < 16) {
        a = MP_OBJ_NEW_SMALL_INT(len);
        refuse(MP_QSTR_CorruptStateError, "a save key is at least 16 bytes: got {}", 1, &a);
    }
    return key;
}

static mp_obj_t new_uint64(uint64_t v) {
    mp_obj_t hi = mp_obj_new_int_from_uint((mp_uint_t)(uint32_t)(v >> 32));
    hi = mp_binary_op(MP_BINARY_OP_LSHIFT, hi, MP_OBJ_NEW_SMALL_INT(32));
    return mp_binary_op(MP_BINARY_OP_ADD, hi, mp_obj_new_int_from_uint((mp_uint_t)(uint32_t)v));
}

static mp_obj_t seed8(mp_obj_t seed) {
    return call_layer(MP_QSTR__seed8, 1, &seed);
}

/* A deal's arguments for the core: deal._c_args(rules). */
static mp_obj_t deal_c_args(mp_obj_t deal, mp_obj_t rules) {
    return mp_call_function_n_kw(mp_load_attr(deal, MP_QSTR__c_args), 1, 0, &rules);
}

/* game.to_bytes(key=None, version=2) -> the whole game as bytes: CPython's
 * save format, byte for byte (a BLAKE2b-128 checksum, or with key an
 * HMAC-SHA256). */
static mp_obj_t game_to_bytes(size_t n_args, const mp_obj_t *args, mp_map_t *kw) {
    const mp_arg_t allowed[2] = {
        {MP_QSTR_key, MP_ARG_OBJ, {.u_obj = mp_const_none}},
        {MP_QSTR_version, MP_ARG_OBJ, {.u_obj = MP_OBJ_NEW_SMALL_INT(2)}},
    };
    mp_arg_val_t v[2];
    mp_arg_parse_all(n_args - 1, args + 1, kw, 2, allowed, v);
    mp_obj_t game = args[0], rules = member(game, MP_QSTR__rules);
    int g;
    size_t len;
    mp_obj_t *items = entries_of(game, &g, &len), log = mp_obj_new_list(0, NULL);
    for (size_t i = 0; i < len; i++) {
        mp_obj_t e = items[i];
        if (!mp_obj_is_small_int(e)) {
            mp_obj_t *pair = items_of(e, 2);
            e = pair[0] == MP_OBJ_NEW_QSTR(MP_QSTR_seed) ? seed8(pair[1])
                                                        : deal_c_args(pair[1], rules);
        }
        mp_obj_list_append(log, e);
    }
    mp_obj_t first_deal = IS_DICE(g) ? mp_const_none : member(game, MP_QSTR__first_deal);
    mp_obj_t setup[6] = {
        rules, seed8(member(game, MP_QSTR__first_seed)),
        mp_obj_new_bool(member(game, MP_QSTR__seed) != mp_const_none),
        first_deal == mp_const_none ? first_deal : deal_c_args(first_deal, rules),
        IS_DICE(g) ? mp_load_attr(game, MP_QSTR_players) : MP_OBJ_NEW_SMALL_INT(0),
        IS_DICE(g) ? mp_load_attr(game, MP_QSTR_first_player) : MP_OBJ_NEW_SMALL_INT(0),
    };
    mp_obj_t w[6] = {MP_OBJ_NEW_SMALL_INT(g), member(game, MP_QSTR__st),
                     mp_obj_new_tuple(6, setup), log, key_checked(v[0].u_obj), v[1].u_obj};
    mp_obj_t out = save_write(6, w);
    if (mp_obj_is_small_int(out)) {
        mp_obj_t a[2] = {MP_OBJ_NEW_SMALL_INT(PINTAS_SAVE_MAX_SIZE), status_str(out)};
        refuse(MP_QSTR_CorruptStateError, "this game's save would take more than the {} bytes "
               "that from_bytes reads ({})", 2, a);
    }
    return out;
}
static MP_DEFINE_CONST_FUN_OBJ_KW(game_to_bytes_obj, 1, game_to_bytes);

/* ---- copies and replays --------------------------------------------------- */

/* A game of the class cls rebuilt from its rules, first seed, first deal
 * (tile games) or players and first player (dice), and log entries (move
 * codes, ("seed", seed) and ("deal", deal)); seed: the game's (None: an
 * unseeded game, each move replayed with the seed it drew); log: whether the
 * new game keeps a log. */
static mp_obj_t rebuild(mp_obj_t cls, const mp_obj_t *setup, mp_obj_t seed, mp_obj_t entries,
                        mp_obj_t log) {
    int g = game_of(mp_load_attr(cls, MP_QSTR__G));
    mp_obj_t args[9] = {setup[0], MP_OBJ_NEW_QSTR(MP_QSTR_seed), setup[1],
                        MP_OBJ_NEW_QSTR(MP_QSTR_log), log, MP_OBJ_NEW_QSTR(MP_QSTR_deal), setup[2],
                        MP_OBJ_NEW_QSTR(MP_QSTR_first_player), setup[4]};
    if (IS_DICE(g)) {
        args[5] = MP_OBJ_NEW_QSTR(MP_QSTR_players);
        args[6] = setup[3];
    }
    mp_obj_t game = mp_call_function_n_kw(cls, 1, IS_DICE(g) ? 4 : 3, args);
    set_member(game, MP_QSTR__seed, seed);
    mp_obj_t pending = MP_OBJ_NEW_SMALL_INT(0);
    size_t len;
    mp_obj_t *items;
    mp_obj_get_array(entries, &len, &items);
    for (size_t i = 0; i < len; i++) {
        if (!mp_obj_is_small_int(items[i])) {
            mp_obj_t *pair = items_of(items[i], 2);
            if (pair[0] == MP_OBJ_NEW_QSTR(MP_QSTR_seed)) {
                pending = pair[1];
            } else {
                game_set_deal(game, pair[1]);
            }
        } else {
            game_step(game, items[i], seed == mp_const_none ? pending : mp_const_none);
            pending = MP_OBJ_NEW_SMALL_INT(0);
        }
    }
    return game;
}

/* game.replay() -> a new game rebuilt from this one's setup and log: equal to it. */
static mp_obj_t game_replay(mp_obj_t game) {
    int g;
    state_of_game(game, &g);
    mp_obj_t setup[5] = {member(game, MP_QSTR__rules), member(game, MP_QSTR__first_seed),
                         mp_const_none, mp_const_none, mp_const_none};
    if (IS_DICE(g)) {
        setup[3] = mp_load_attr(game, MP_QSTR_players);
        setup[4] = mp_load_attr(game, MP_QSTR_first_player);
    } else {
        setup[2] = member(game, MP_QSTR__first_deal);
    }
    return rebuild(MP_OBJ_FROM_PTR(mp_obj_get_type(game)), setup, member(game, MP_QSTR__seed),
                   game_entries(game), game_logs(game));
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_replay_obj, game_replay);

/* game.copy() -> an independent copy: moves on one do not touch the other. */
static mp_obj_t game_copy(mp_obj_t game) {
    int g;
    state_of_game(game, &g);
#if MICROPY_ENABLE_DYNRUNTIME
    const mp_map_t *map = &((mp_obj_dict_t *)MP_OBJ_TO_PTR(mp_load_attr(game, MP_QSTR___dict__)))
                               ->map;
#else
    const mp_map_t *map = &((mp_obj_instance_t *)MP_OBJ_TO_PTR(game))->members;
#endif
    mp_obj_t other = new_bare(MP_OBJ_FROM_PTR(mp_obj_get_type(game)), map->used);
    for (size_t i = 0; i < map->alloc; i++) {
        if (mp_map_slot_is_filled(map, i)) {
#if MICROPY_ENABLE_DYNRUNTIME
            mp_obj_t a[3] = {other, map->table[i].key, map->table[i].value};
            mp_call_function_n_kw(mp_load_global(MP_QSTR_setattr), 3, 0, a);
#else
            set_member(other, MP_OBJ_QSTR_VALUE(map->table[i].key), map->table[i].value);
#endif
        }
    }
    mp_obj_t log = member(game, MP_QSTR__log), raw = member(game, MP_QSTR__raw);
    mp_obj_t bytearray = MP_OBJ_FROM_PTR(&mp_type_bytearray);
    set_member(other, MP_QSTR__st, new_state(MP_OBJ_NEW_SMALL_INT(g), member(game, MP_QSTR__st)));
    set_member(other, MP_QSTR__raw, mp_call_function_n_kw(bytearray, 1, 0, &raw));
    if (mp_obj_is_type(log, &mp_type_list)) {
        size_t len;
        mp_obj_t *items;
        mp_obj_get_array(log, &len, &items);
        log = mp_obj_new_list(len, items);
    } else {
        log = mp_call_function_n_kw(bytearray, 1, 0, &log);
    }
    set_member(other, MP_QSTR__log, log);
    return other;
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_copy_obj, game_copy);

/* game == other: a game of the same class whose save is the same. */
static mp_obj_t game_eq(mp_obj_t game, mp_obj_t other) {
    if (mp_obj_get_type(other) != mp_obj_get_type(game)) {
        return mp_const_false;
    }
    mp_map_t none = {0};
    return mp_binary_op(MP_BINARY_OP_EQUAL, game_to_bytes(1, &game, &none),
                        game_to_bytes(1, &other, &none));
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_eq_obj, game_eq);

/* game.is_legal(move) -> whether the move (a move, a Keep or its notation)
 * is legal now; NotationTypeError for what is none of them. */
static mp_obj_t game_is_legal(mp_obj_t game, mp_obj_t move) {
    int g;
    any_state *s = state_of_game(game, &g);
    pintas_engine_move m;
    mp_int_t c = move_code_in(g, move);
    memset(&m, 0, sizeof(m));
    if (c < 0 && mp_obj_is_str(move)) { /* (a text that names no legal move: False) */
        size_t n;
        const uint8_t *t = (const uint8_t *)mp_obj_str_get_data(move, &n);
        pintas_refusal why;
        int status = notations[g].parse_in(s, t, n, &m, &why);
        if (status == PINTAS_E_ARG) {
            bad();
        }
        if (status != PINTAS_OK) {
            return mp_const_false;
        }
        c = code_of(g, &m);
    } else if (c < 0) {
        c = game_code(game, g, move);
    }
    move_of(g, MP_OBJ_NEW_SMALL_INT(c), &m);
    return mp_obj_new_bool(engine_of(g)->check(s, &m) == PINTAS_OK);
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_is_legal_obj, game_is_legal);

/* view._moves_to_choose() -> the view's legal moves; IllegalMoveError when
 * its seat has none to choose (a player's choose). */
static mp_obj_t view_moves_to_choose(mp_obj_t view_o) {
    mp_obj_t moves = view_legal_moves(view_o);
    size_t n;
    mp_obj_t *items;
    mp_obj_get_array(moves, &n, &items);
    if (n == 0) {
        mp_obj_t a[2] = {member(view_o, MP_QSTR_seat), member(view_o, MP_QSTR_to_move)};
        a[1] = mp_obj_is_true(member(view_o, MP_QSTR_is_over)) ? new_str0("the game is over")
               : mp_call_function_n_kw(mp_load_attr(new_str0("seat {} is to move"),
                                                    MP_QSTR_format), 1, 0, &a[1]);
        refuse(MP_QSTR_IllegalMoveError, "seat {} has no move to choose: {}", 2, a);
    }
    return moves;
}
static MP_DEFINE_CONST_FUN_OBJ_1(view_moves_to_choose_obj, view_moves_to_choose);

/* template.format(*args), a str. */
static mp_obj_t formatted(const char *template, size_t n, const mp_obj_t *args) {
    return mp_call_function_n_kw(mp_load_attr(new_str0(template), MP_QSTR_format), n, 0, args);
}

/* game.side_of(seat) -> the seat's side (a line game's team in pairs; else the seat). */
static mp_obj_t game_side_of(mp_obj_t game, mp_obj_t seat) {
    int g;
    state_of_game(game, &g);
    game_seat(game, seat);
    return IS_LINE(g) ? mp_call_function_n_kw(mp_load_attr(member(game, MP_QSTR__rules),
                                                           MP_QSTR_side_of), 1, 0, &seat)
                      : seat;
}
static MP_DEFINE_CONST_FUN_OBJ_2(game_side_of_obj, game_side_of);

/* repr(game): CPython's <family.Game rules, round, scores, state>. */
static mp_obj_t game_repr(mp_obj_t game) {
    int g;
    any_state *s = state_of_game(game, &g);
    mp_obj_t a[5] = {class_attr(game, MP_QSTR__PACKAGE), member(game, MP_QSTR__rules),
                     mp_const_none, mp_load_attr(game, MP_QSTR_scores), to_move(game)};
    int over = a[4] == mp_const_none;
#if !ONLY_LINE
    if (IS_DICE(g)) {
        mp_obj_t t[3] = {over ? mp_load_attr(game, MP_QSTR_winner) : a[4],
                         mp_load_attr(game, MP_QSTR_phase), mp_load_attr(game, MP_QSTR_turn_total)};
        mp_obj_t under[2] = {new_str0("_"), new_str0(" ")};
        t[1] = mp_call_function_n_kw(mp_load_attr(t[1], MP_QSTR_replace), 2, 0, under);
        a[2] = a[3];
        a[3] = over ? formatted("seat {} won", 1, t)
                    : formatted("seat {} to {}, turn total {}", 3, t);
        return formatted("<{}.Game {}, scores {}, {}>", 4, a);
    }
    if (IS_CAMINOS(g) && over) {
        mp_obj_t w = mp_load_attr(game, MP_QSTR_winners);
        a[4] = formatted("over, won by {}", 1, &w);
    } else if (IS_CAMINOS(g) && s->cam.phase == PINTAS_CAMINOS_REVEALING) {
        a[4] = formatted("seat {} to reveal", 1, &a[4]);
    } else
#endif
    {
        (void)s;
        a[4] = over ? new_str0("over") : formatted("seat {} to move", 1, &a[4]);
    }
    a[2] = mp_load_attr(game, MP_QSTR_round);
    return formatted("<{}.Game {}, round {}, scores {}, {}>", 5, a);
}
static MP_DEFINE_CONST_FUN_OBJ_1(game_repr_obj, game_repr);

/* The methods every game class takes (pintas.py's _Game unpacks the tuple
 * game_methods in this order), and its properties' functions. */
#define GAME_METHODS(X) \
    X(game_play_obj) X(legal_moves_obj) X(game_parse_obj) X(game_view_obj) X(game_hand_obj) \
    X(game_seat_obj) X(game_step_obj) X(game_entries_obj) X(game_start_obj) \
    X(game_init_obj) X(game_set_deal_obj) X(game_round_log_obj) X(view_legal_moves_obj) \
    X(game_to_bytes_obj) X(game_replay_obj) X(game_copy_obj) X(game_eq_obj) \
    X(game_is_legal_obj) X(view_moves_to_choose_obj) X(table_obj) X(game_side_of_obj) \
    X(game_repr_obj)
#define COUNT1(fun) +1
#define GAME_METHOD_COUNT (0 GAME_METHODS(COUNT1))
typedef char game_methods_fit[GAME_METHOD_COUNT == 22 ? 1 : -1]; /* (the tuple below) */

typedef struct method_obj {
    mp_obj_base_t base;
    const void *fun;
} method_obj;

static mp_obj_t method_call(mp_obj_t self, size_t n_args, size_t n_kw, const mp_obj_t *args) {
    return mp_call_function_n_kw(MP_OBJ_FROM_PTR(((const method_obj *)MP_OBJ_TO_PTR(self))->fun),
                                 n_args, n_kw, args);
}

#if MICROPY_ENABLE_DYNRUNTIME
mp_obj_full_type_t pintas_method_type; /* filled in by game_types_init */
method_obj game_method_objs[GAME_METHOD_COUNT];
struct {
    mp_obj_base_t base;
    size_t len;
    mp_obj_t items[GAME_METHOD_COUNT];
} game_methods;
static const uint8_t events_slot_at[] = {EVENTS_SLOTS(SLOT_OFFSET)};
static const void *const events_slots[] = {EVENTS_SLOTS(SLOT_VALUE)};
#define METHOD_FUN(fun) &fun,

static const void *const game_funs[GAME_METHOD_COUNT] = {GAME_METHODS(METHOD_FUN)};
static const uint8_t method_slot_at[] = {MP_OBJ_TYPE_OFFSETOF_SLOT(call)};
static const void *const method_slots[] = {(const void *)method_call};

/* The types Method and Events, and the tuple game_methods (mpy_init). */
static void game_types_init(void) {
    type_init(&pintas_method_type, MP_QSTR_function, method_slot_at, method_slots, 1);
    pintas_method_type.flags = MP_TYPE_FLAG_BINDS_SELF;
    type_init(&pintas_events_type, MP_QSTR_Events, events_slot_at, events_slots,
              sizeof events_slot_at);
    pintas_events_type.flags = MP_TYPE_FLAG_EQ_CHECKS_OTHER_TYPE;
    for (size_t i = 0; i < GAME_METHOD_COUNT; i++) {
        game_method_objs[i] = (method_obj){{(const mp_obj_type_t *)&pintas_method_type},
                                           game_funs[i]};
        game_methods.items[i] = MP_OBJ_FROM_PTR(&game_method_objs[i]);
    }
    game_methods.base.type = &mp_type_tuple;
    game_methods.len = GAME_METHOD_COUNT;
}
#else
static MP_DEFINE_CONST_OBJ_TYPE(pintas_method_type, MP_QSTR_function, MP_TYPE_FLAG_BINDS_SELF,
                                call, method_call);
static MP_DEFINE_CONST_OBJ_TYPE(pintas_events_type, MP_QSTR_Events,
                                MP_TYPE_FLAG_ITER_IS_GETITER | MP_TYPE_FLAG_EQ_CHECKS_OTHER_TYPE
                                EVENTS_SLOTS(SLOT_ARGS));
#define METHOD_OBJ(fun) {{&pintas_method_type}, &fun},
static const method_obj game_method_objs[GAME_METHOD_COUNT] = {GAME_METHODS(METHOD_OBJ)};
static const mp_rom_obj_tuple_t game_methods = {{&mp_type_tuple}, GAME_METHOD_COUNT, {
    MP_ROM_PTR(&game_method_objs[0]), MP_ROM_PTR(&game_method_objs[1]),
    MP_ROM_PTR(&game_method_objs[2]), MP_ROM_PTR(&game_method_objs[3]),
    MP_ROM_PTR(&game_method_objs[4]), MP_ROM_PTR(&game_method_objs[5]),
    MP_ROM_PTR(&game_method_objs[6]), MP_ROM_PTR(&game_method_objs[7]),
    MP_ROM_PTR(&game_method_objs[8]), MP_ROM_PTR(&game_method_objs[9]),
    MP_ROM_PTR(&game_method_objs[10]), MP_ROM_PTR(&game_method_objs[11]),
    MP_ROM_PTR(&game_method_objs[12]), MP_ROM_PTR(&game_method_objs[13]),
    MP_ROM_PTR(&game_method_objs[14]), MP_ROM_PTR(&game_method_objs[15]),
    MP_ROM_PTR(&game_method_objs[16]), MP_ROM_PTR(&game_method_objs[17]),
    MP_ROM_PTR(&game_method_objs[18]), MP_ROM_PTR(&game_method_objs[19]),
    MP_ROM_PTR(&game_method_objs[20]), MP_ROM_PTR(&game_method_objs[21]),
}};
#endif

/* ---- the module ---------------------------------------------------------- */

/* Every function, each name written out (the native-module build finds its
 * names in the source text); OTHER_GAMES: Caminos' and the dice's alone. In
 * firmware the module's table is searched in order on every `_c.name` the
 * layer reads, so the names read on every move come first (the random
 * players' draw, mt_below: about 300 instructions a move on the board when
 * it stood 45th) and a name added goes last. */
#if ONLY_LINE
#define OTHER_GAMES(entry)
#else
#define OTHER_GAMES(entry) entry
#endif
#define PINTAS_FUNCTIONS(X) \
    X(MP_QSTR_mt_below, mt_below_obj) \
    X(MP_QSTR_sizes, sizes_obj) \
    X(MP_QSTR_new, new_obj) \
    X(MP_QSTR_set_deal, set_deal_obj) \
    X(MP_QSTR_legal, legal_obj) \
    X(MP_QSTR_check, check_obj) \
    X(MP_QSTR_play, play_obj) \
    X(MP_QSTR_over, over_obj) \
    X(MP_QSTR_to_move, to_move_obj) \
    X(MP_QSTR_legal_moves, legal_moves_obj) \
    X(MP_QSTR_game_methods, game_methods) \
    X(MP_QSTR_history, game_history_obj) \
    X(MP_QSTR_game_events, game_events_obj) \
    X(MP_QSTR_logs, game_logs_obj) \
    X(MP_QSTR_seeds, game_seeds_obj) \
    X(MP_QSTR_view_log, view_log_obj) \
    X(MP_QSTR_round_log, view_round_log_obj) \
    X(MP_QSTR_action, action_obj) \
    X(MP_QSTR_log_codes, log_codes_obj) \
    X(MP_QSTR_reseed, reseed_obj) \
    X(MP_QSTR_rng, rng_obj) \
    X(MP_QSTR_set_rng, set_rng_obj) \
    X(MP_QSTR_hands, hands_obj) \
    X(MP_QSTR_view, view_obj) \
    X(MP_QSTR_events, events_obj) \
    X(MP_QSTR_round_start, round_start_obj) \
    X(MP_QSTR_table, table_obj) \
    X(MP_QSTR_line_knowledge, line_knowledge_obj) \
    X(MP_QSTR_line_points, line_points_obj) \
    OTHER_GAMES(X(MP_QSTR_caminos_known, caminos_known_obj)) \
    OTHER_GAMES(X(MP_QSTR_chain, chain_obj)) \
    OTHER_GAMES(X(MP_QSTR_caminos_names, caminos_names_obj)) \
    OTHER_GAMES(X(MP_QSTR_dice_keeps, dice_keeps_obj)) \
    OTHER_GAMES(X(MP_QSTR_dice_keep_score, dice_keep_score_obj)) \
    OTHER_GAMES(X(MP_QSTR_dice_is_doom, dice_is_doom_obj)) \
    OTHER_GAMES(PINTAS_SOLVER_FUNCTIONS(X)) \
    OTHER_GAMES(X(MP_QSTR_dice_book, dice_book_obj)) \
    X(MP_QSTR_blake2b, blake2b_obj) \
    X(MP_QSTR_mt_size, mt_size_obj) \
    X(MP_QSTR_mt_seed, mt_seed_obj) \
    X(MP_QSTR_parse, parse_obj) \
    X(MP_QSTR_illegal, illegal_obj) \
    X(MP_QSTR_save_write, save_write_obj) \
    X(MP_QSTR_save_read, save_read_obj) \
    X(MP_QSTR_status_str, status_str_obj) \
    X(MP_QSTR_choose, choose_obj) \
    OTHER_GAMES(X(MP_QSTR_caminos_rank, caminos_rank_obj)) \
    X(MP_QSTR_search, search_obj) \
    X(MP_QSTR_state, state_obj_fun) \
    X(MP_QSTR_Tile, pintas_tile_type) \
    X(MP_QSTR_TileSet, pintas_tileset_type) \
    X(MP_QSTR_TILES, tiles_tuple) \
    X(MP_QSTR_as_tile, as_tile_obj) \
    X(MP_QSTR__tile_or_none, tile_or_none_obj) \
    X(MP_QSTR_preset, preset_obj) \
    X(MP_QSTR_setting, setting_choices_obj) \
    X(MP_QSTR__DominoMove, LINE_MOVE_OBJ) \
    OTHER_GAMES(X(MP_QSTR__CaminosMove, CAMINOS_MOVE_OBJ)) \
    OTHER_GAMES(X(MP_QSTR__DiceMove, DICE_MOVE_OBJ)) \
    X(MP_QSTR_line_event, LINE_EVENT_TYPE) \
    OTHER_GAMES(X(MP_QSTR_caminos_event, CAMINOS_EVENT_TYPE)) \
    OTHER_GAMES(X(MP_QSTR_dice_event, DICE_EVENT_TYPE)) \
    X(MP_QSTR_deal_check, deal_check_obj) \
    X(MP_QSTR_players, players_tuple) \
    OTHER_GAMES(X(MP_QSTR_Keep, pintas_keep_type)) \
    X(MP_QSTR__DominoRules, pintas_line_rules_type) \
    OTHER_GAMES(X(MP_QSTR__CaminosRules, pintas_caminos_rules_type)) \
    OTHER_GAMES(X(MP_QSTR__DiceRules, pintas_dice_rules_type))

#if MICROPY_ENABLE_DYNRUNTIME

#define PINTAS_STORE(name, obj) mp_store_global(name, MP_OBJ_FROM_PTR(&obj));

mp_obj_t mpy_init(mp_obj_fun_bc_t *self, size_t n_args, size_t n_kw, mp_obj_t *args) {
    MP_DYNRUNTIME_INIT_ENTRY
    pintas_state_type.base.type = (void *)&mp_type_type;
    pintas_state_type.flags = MP_TYPE_FLAG_NONE;
    pintas_state_type.name = MP_QSTR_State;
    MP_OBJ_TYPE_SET_SLOT(&pintas_state_type, buffer, state_buffer, 0);
    tiles_init(self);
    moves_init();
    events_init();
    players_init();
    rules_init();
    game_types_init();
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

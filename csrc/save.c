/* save.c - the save container of every game (pintas/save.h, docs/saves.md):
 * the header, the trailer, the log's framing, the replay and the canonicity
 * check. What a game writes in its setup, deals and moves is its codec's
 * (save_line.c, save_caminos.c, save_dice.c). */
#include <string.h>

#include "pintas/hash.h"
#include "pintas/rng.h"
#include "save_internal.h"
#include "tiles_internal.h"

static const uint8_t magic[4] = {'P', 'N', 'T', 'S'};

/* The largest state image of any game (Caminos'). */
#define MAX_IMAGE PINTAS_CAMINOS_SAVE_SIZE

/* ---- the sink and the cursor -------------------------------------------------- */

void pintas__sink_put(pintas__sink *s, const uint8_t *p, size_t n)
{
    size_t i;
    if (s->len > PINTAS_SAVE_MAX_SIZE) { /* past any save: only its length counts */
        s->len += n;
        return;
    }
    for (i = 0; i < n; ++i) {
        size_t at = s->len + i;
        if (s->buf && at < s->cap)
            s->buf[at] = p[i];
        if (s->expect && s->diff == SIZE_MAX &&
            (at >= s->expect_len || s->expect[at] != p[i])) {
            s->diff = at;
            s->wrote = p[i];
        }
    }
    s->len += n;
}

void pintas__sink_u8(pintas__sink *s, unsigned v)
{
    uint8_t b = (uint8_t)v;
    pintas__sink_put(s, &b, 1);
}

void pintas__sink_u16(pintas__sink *s, unsigned v)
{
    pintas__sink_u8(s, v & 0xFFu);
    pintas__sink_u8(s, (v >> 8) & 0xFFu);
}

void pintas__sink_u32(pintas__sink *s, uint32_t v)
{
    pintas__sink_u16(s, (unsigned)(v & 0xFFFFu));
    pintas__sink_u16(s, (unsigned)(v >> 16));
}

void pintas__sink_u64(pintas__sink *s, uint64_t v)
{
    pintas__sink_u32(s, (uint32_t)(v & 0xFFFFFFFFu));
    pintas__sink_u32(s, (uint32_t)(v >> 32));
}

int pintas__save_refuse(pintas_save_error *err, int cause)
{
    err->cause = cause;
    return 0;
}

int pintas__take(pintas__cursor *c, size_t n, const uint8_t **p)
{
    if (n > c->len - c->pos) {
        c->err->wanted = n;
        c->err->at = c->pos;
        return pintas__save_refuse(c->err, PINTAS_SAVE_ENDS_EARLY);
    }
    *p = c->data + c->pos;
    c->pos += n;
    return 1;
}

static uint64_t le_value(const uint8_t *p, unsigned n)
{
    uint64_t v = 0;
    while (n--)
        v = (v << 8) | p[n];
    return v;
}

int pintas__take_u8(pintas__cursor *c, unsigned *v)
{
    const uint8_t *p;
    if (!pintas__take(c, 1, &p))
        return 0;
    *v = p[0];
    return 1;
}

int pintas__take_u16(pintas__cursor *c, unsigned *v)
{
    const uint8_t *p;
    if (!pintas__take(c, 2, &p))
        return 0;
    *v = (unsigned)le_value(p, 2);
    return 1;
}

int pintas__take_u32(pintas__cursor *c, uint32_t *v)
{
    const uint8_t *p;
    if (!pintas__take(c, 4, &p))
        return 0;
    *v = (uint32_t)le_value(p, 4);
    return 1;
}

int pintas__take_u64(pintas__cursor *c, uint64_t *v)
{
    const uint8_t *p;
    if (!pintas__take(c, 8, &p))
        return 0;
    *v = le_value(p, 8);
    return 1;
}

/* ---- tile lists and hands, shared by the tile games' deals -------------------------- */

int pintas__take_tiles(pintas__cursor *c, unsigned *n, const uint8_t **tiles)
{
    return pintas__take_u8(c, n) && pintas__take(c, *n, tiles);
}

int pintas__all_tiles(const uint8_t *tiles, unsigned n)
{
    unsigned i;
    for (i = 0; i < n; ++i)
        if (tiles[i] >= PINTAS_TILE_COUNT)
            return 0;
    return 1;
}

int pintas__distinct(const uint8_t *tiles, unsigned n)
{
    pintas_mask seen = 0;
    return pintas__add_tile_list(tiles, n, &seen);
}

int pintas__take_hands(pintas__cursor *c, uint32_t hand[4])
{
    const uint8_t *p;
    unsigned i;
    if (!pintas__take(c, 16, &p)) /* at once, as the Python reader takes them */
        return 0;
    for (i = 0; i < 4; ++i)
        hand[i] = (uint32_t)le_value(p + 4 * i, 4);
    return 1;
}

void pintas__put_hands(pintas__sink *s, const pintas_mask hand[4])
{
    unsigned i;
    for (i = 0; i < 4; ++i)
        pintas__sink_u32(s, (uint32_t)hand[i]);
}

int pintas__start_tile_game(const pintas_engine *engine, void *state,
                            const pintas_save_setup *setup, pintas_engine_events *events)
{
    size_t n = 0;
    if (setup->external)
        return engine->start_chance(state, &setup->rules, setup->first_seed,
                                    setup->dealt ? (const void *)&setup->deal : NULL, 1, events,
                                    engine->max_events, &n);
    return engine->start(state, &setup->rules, setup->first_seed,
                         setup->dealt ? (const void *)&setup->deal : NULL, events,
                         engine->max_events, &n);
}

/* ---- the games ------------------------------------------------------------------------ */

static const pintas__save_codec *codec_of(int game)
{
    switch (game) {
    case PINTAS_SAVE_LINE: return &pintas_save_line_part;
    case PINTAS_SAVE_CAMINOS: return &pintas_save_caminos_part;
    case PINTAS_SAVE_DICE: return &pintas_save_dice_part;
    default: return NULL;
    }
}

const char *pintas_save_what(int game)
{
    switch (game) {
    case PINTAS_SAVE_LINE: return "domino game";
    case PINTAS_SAVE_CAMINOS: return "Caminos game";
    case PINTAS_SAVE_DICE: return "dice game";
    default: return NULL;
    }
}

const char *pintas_save_package(int game)
{
    switch (game) {
    case PINTAS_SAVE_LINE: return "domino";
    case PINTAS_SAVE_CAMINOS: return "caminos";
    case PINTAS_SAVE_DICE: return "dice";
    default: return NULL;
    }
}

/* ---- writing ---------------------------------------------------------------------------- */

static void put_tag(pintas__sink *s, const pintas__save_codec *g, unsigned tag)
{
    if (g->tag_size == 2)
        pintas__sink_u16(s, tag);
    else
        pintas__sink_u8(s, tag);
}

static int put_entry(pintas__sink *s, const pintas__save_codec *g,
                     const pintas_save_setup *setup, const pintas_save_entry *e)
{
    switch (e->kind) {
    case PINTAS_SAVE_MOVE:
        return g->put_move(s, &e->move);
    case PINTAS_SAVE_RESEED:
        put_tag(s, g, g->seed_tag);
        pintas__sink_u64(s, e->seed);
        return PINTAS_OK;
    case PINTAS_SAVE_DEAL:
        if (!g->deal_tag)
            return PINTAS_E_ARG;
        put_tag(s, g, g->deal_tag);
        g->put_deal(s, setup, &e->deal);
        return PINTAS_OK;
    case PINTAS_SAVE_CHANCE:
        if (!setup->external || e->outcome >= g->engine->chance_count)
            return PINTAS_E_ARG;
        put_tag(s, g, g->chance_tag);
        if (g->chance_size == 2)
            pintas__sink_u16(s, e->outcome);
        else
            pintas__sink_u8(s, e->outcome);
        return PINTAS_OK;
    default:
        return PINTAS_E_ARG;
    }
}

/* The save up to its trailer: the header, the setup, the log, the image. */
static int put_body(pintas__sink *s, const pintas__save_codec *g, const pintas_save_setup *setup,
                    const pintas_save_log *log, const uint8_t *image, int version, int keyed)
{
    pintas_save_entry e;
    size_t i, count = log ? log->count : 0;
    uint8_t limits[PINTAS_SAVE_LIMITS_SIZE] = {0, 0};
    unsigned flags = (setup->seeded ? PINTAS_SAVE_FLAG_SEEDED : 0u) |
                     (g->deal_tag && setup->dealt ? PINTAS_SAVE_FLAG_DEALT : 0u) |
                     (setup->external ? PINTAS_SAVE_FLAG_CHANCE : 0u) |
                     (keyed ? PINTAS_SAVE_FLAG_KEYED : 0u);
    int status;
    if (setup->external && version != PINTAS_SAVE_FORMAT)
        return PINTAS_E_ARG;
    if (g->limits) {
        g->limits(setup, limits);
        if (limits[0] | limits[1])
            flags |= PINTAS_SAVE_FLAG_LIMITS;
    }
    if (count > 0xFFFFFFFFu || (count && !log->entry))
        return count > 0xFFFFFFFFu ? PINTAS_E_RANGE : PINTAS_E_ARG;
    pintas__sink_put(s, magic, sizeof magic);
    pintas__sink_u8(s, (unsigned)version);
    pintas__sink_u8(s, g->kind);
    pintas__sink_u8(s, flags);
    pintas__sink_u64(s, setup->first_seed);
    status = g->put_setup(s, setup);
    if (status != PINTAS_OK)
        return status;
    if (flags & PINTAS_SAVE_FLAG_LIMITS)
        pintas__sink_put(s, limits, sizeof limits);
    if (flags & PINTAS_SAVE_FLAG_DEALT)
        g->put_deal(s, setup, &setup->deal);
    pintas__sink_u32(s, (uint32_t)count);
    for (i = 0; i < count; ++i) {
        memset(&e, 0, sizeof e);
        status = log->entry(log->ctx, i, &e);
        if (status == PINTAS_OK)
            status = put_entry(s, g, setup, &e);
        if (status != PINTAS_OK)
            return status;
    }
    pintas__sink_put(s, image, g->engine->save_size);
    return PINTAS_OK;
}

/* The trailer of body[0..len): its checksum, or its MAC under key. */
static size_t trailer(const uint8_t *body, size_t len, const uint8_t *key, size_t key_len,
                      uint8_t out[PINTAS_SAVE_MAC_SIZE])
{
    if (!key) {
        pintas_blake2b(body, len, out, PINTAS_SAVE_CHECKSUM_SIZE);
        return PINTAS_SAVE_CHECKSUM_SIZE;
    }
    pintas_hmac_sha256(key, key_len, body, len, out);
    return PINTAS_SAVE_MAC_SIZE;
}

int pintas_save_write(const pintas_save_setup *setup, const pintas_save_log *log,
                      const void *state, const uint8_t *key, size_t key_len, int version,
                      uint8_t *buf, size_t cap, size_t *len)
{
    return pintas_save_write_part(setup ? codec_of(setup->game) : NULL, setup, log, state, key,
                                  key_len, version, buf, cap, len);
}

int pintas_save_write_part(const pintas_save_part *g, const pintas_save_setup *setup,
                           const pintas_save_log *log, const void *state, const uint8_t *key,
                           size_t key_len, int version, uint8_t *buf, size_t cap, size_t *len)
{
    uint8_t image[MAX_IMAGE], mac[PINTAS_SAVE_MAC_SIZE];
    pintas__sink s;
    size_t size;
    int status;
    if (!g || !setup || setup->game != g->kind || !state || !len ||
        (version != PINTAS_SAVE_FORMAT && version != PINTAS_SAVE_LEGACY_FORMAT))
        return PINTAS_E_ARG;
    if (key && (version != PINTAS_SAVE_FORMAT || key_len < PINTAS_SAVE_MIN_KEY))
        return PINTAS_E_ARG;
    if (g->engine->save(state, image, sizeof image) != PINTAS_OK ||
        g->external(state) != (setup->external != 0))
        return PINTAS_E_CORRUPT;
    memset(&s, 0, sizeof s);
    s.buf = buf;
    s.cap = cap;
    s.diff = SIZE_MAX;
    status = put_body(&s, g, setup, log, image, version, key != NULL);
    if (status != PINTAS_OK)
        return status;
    size = s.len + (version == PINTAS_SAVE_LEGACY_FORMAT ? 0
                    : key ? PINTAS_SAVE_MAC_SIZE : PINTAS_SAVE_CHECKSUM_SIZE);
    *len = size;
    if (size > PINTAS_SAVE_MAX_SIZE)
        return PINTAS_E_RANGE;
    if (!buf)
        return PINTAS_OK;
    if (cap < size)
        return PINTAS_E_BUFFER;
    if (version == PINTAS_SAVE_FORMAT)
        memcpy(buf + s.len, mac, trailer(buf, s.len, key, key_len, mac));
    return PINTAS_OK;
}

/* ---- reading: the header and the trailer ---------------------------------------------- */

static int starts_magic(const uint8_t *data, size_t len)
{
    size_t n = len < sizeof magic ? len : sizeof magic;
    return pintas_equal_ct(data, magic, n);
}

/* The header's checks, the key's and the trailer's, as _saves.open_save makes them. */
static int open_container(pintas_save_reader *r, const pintas__save_codec *g,
                          const uint8_t *data, size_t len, const uint8_t *key, size_t key_len,
                          pintas_save_error *err)
{
    pintas__cursor c;
    const uint8_t *head;
    uint8_t mac[PINTAS_SAVE_MAC_SIZE];
    unsigned allowed;
    int keyed;
    if (key && key_len < PINTAS_SAVE_MIN_KEY) {
        err->size = key_len;
        return pintas__save_refuse(err, PINTAS_SAVE_KEY_SHORT);
    }
    if (len > PINTAS_SAVE_MAX_SIZE) {
        err->size = len;
        return pintas__save_refuse(err, PINTAS_SAVE_TOO_BIG);
    }
    if (len < sizeof magic || !starts_magic(data, len))
        return pintas__save_refuse(err, len == 0 ? PINTAS_SAVE_EMPTY
                                   : len < sizeof magic && starts_magic(data, len)
                                       ? PINTAS_SAVE_MAGIC_CUT : PINTAS_SAVE_NOT_A_SAVE);
    c.data = data;
    c.len = len;
    c.pos = sizeof magic;
    c.err = err;
    if (!pintas__take(&c, 3, &head))
        return 0;
    r->version = head[0];
    r->flags = head[2];
    if (r->version != PINTAS_SAVE_FORMAT && r->version != PINTAS_SAVE_LEGACY_FORMAT) {
        err->value = r->version;
        return pintas__save_refuse(err, PINTAS_SAVE_VERSION);
    }
    if (!pintas__take_u64(&c, &r->setup.first_seed))
        return 0;
    keyed = r->version == PINTAS_SAVE_FORMAT && (r->flags & PINTAS_SAVE_FLAG_KEYED);
    if (keyed && !key)
        return pintas__save_refuse(err, PINTAS_SAVE_KEY_NEEDED);
    if (key && !keyed)
        return pintas__save_refuse(err, r->version == PINTAS_SAVE_LEGACY_FORMAT
                                       ? PINTAS_SAVE_KEY_LEGACY : PINTAS_SAVE_KEY_UNKEYED);
    r->body = len;
    if (r->version == PINTAS_SAVE_FORMAT) {
        size_t size = keyed ? PINTAS_SAVE_MAC_SIZE : PINTAS_SAVE_CHECKSUM_SIZE;
        r->body = len > size ? len - size : 0;
        if (r->body < PINTAS_SAVE_HEADER_SIZE) {
            err->size = len;
            return pintas__save_refuse(err, PINTAS_SAVE_SHORT);
        }
        trailer(data, r->body, key, key_len, mac);
        if (!pintas_equal_ct(mac, data + r->body, size))
            return pintas__save_refuse(err, keyed ? PINTAS_SAVE_MAC : PINTAS_SAVE_CHECKSUM);
    }
    if (head[1] != g->kind) {
        err->value = head[1];
        return pintas__save_refuse(err, pintas_save_what(head[1]) ? PINTAS_SAVE_OTHER_GAME
                                                             : PINTAS_SAVE_UNKNOWN_GAME);
    }
    allowed = PINTAS_SAVE_FLAG_SEEDED | (g->deal_tag ? PINTAS_SAVE_FLAG_DEALT : 0u) |
              (g->limits ? PINTAS_SAVE_FLAG_LIMITS : 0u) |
              (r->version == PINTAS_SAVE_FORMAT
                   ? PINTAS_SAVE_FLAG_KEYED | PINTAS_SAVE_FLAG_CHANCE
                   : 0u);
    if (r->flags & ~allowed) {
        err->value = r->flags;
        return pintas__save_refuse(err, PINTAS_SAVE_FLAGS);
    }
    return 1;
}

/* ---- reading: the body ------------------------------------------------------------------ */

/* The next entry's tag and what follows it, into *e (e NULL: only checked). */
static int take_entry(pintas__cursor *c, const pintas__save_codec *g,
                      const pintas_save_setup *setup, pintas_save_entry *e)
{
    unsigned tag;
    if (!(g->tag_size == 2 ? pintas__take_u16(c, &tag) : pintas__take_u8(c, &tag)))
        return 0;
    if (tag == g->seed_tag) {
        e->kind = PINTAS_SAVE_RESEED;
        return pintas__take_u64(c, &e->seed);
    }
    if (g->deal_tag && tag == g->deal_tag) {
        e->kind = PINTAS_SAVE_DEAL;
        c->err->at = c->pos; /* where a refused deal lies, for the host's words */
        return g->take_deal(c, setup, &e->deal);
    }
    if (setup->external && tag == g->chance_tag) { /* (else a move's tag, refused there) */
        unsigned outcome;
        e->kind = PINTAS_SAVE_CHANCE;
        if (!(g->chance_size == 2 ? pintas__take_u16(c, &outcome)
                                  : pintas__take_u8(c, &outcome)))
            return 0;
        e->outcome = (uint16_t)outcome;
        return 1;
    }
    e->kind = PINTAS_SAVE_MOVE;
    c->err->tag = (uint16_t)tag;
    c->err->value = (uint8_t)tag;
    return g->take_move(c, tag, &e->move);
}

/* The setup, the log's framing and every entry, the image and the end:
 * _decode and _read_log up to the replay. */
static int open_body(pintas_save_reader *r, const pintas__save_codec *g, pintas_save_work *work,
                     pintas_save_error *err)
{
    pintas__cursor c;
    pintas_save_entry e;
    const uint8_t *image;
    uint32_t i;
    size_t left, room;
    int status;
    c.data = r->data;
    c.len = r->body;
    c.pos = PINTAS_SAVE_HEADER_SIZE;
    c.err = err;
    r->setup.game = g->kind;
    r->setup.seeded = (r->flags & PINTAS_SAVE_FLAG_SEEDED) != 0;
    r->setup.dealt = (r->flags & PINTAS_SAVE_FLAG_DEALT) != 0;
    r->setup.external = (r->flags & PINTAS_SAVE_FLAG_CHANCE) != 0;
    if (!g->take_setup(&c, &r->setup))
        return 0;
    if (r->flags & PINTAS_SAVE_FLAG_LIMITS) {
        const uint8_t *limits;
        if (!pintas__take(&c, PINTAS_SAVE_LIMITS_SIZE, &limits))
            return 0;
        /* no limit set: the flag must be clear (one save per game) */
        if ((limits[0] | limits[1]) == 0 || !g->set_limits(&r->setup, limits))
            return pintas__save_refuse(err, PINTAS_SAVE_RULES);
    }
    err->at = c.pos;
    if (r->setup.dealt && !g->take_deal(&c, &r->setup, &r->setup.deal))
        return 0;
    if (!pintas__take_u32(&c, &r->count))
        return 0;
    /* Every entry takes a tag at least: a count the bytes cannot hold is
     * refused before any entry is read. */
    left = c.len - c.pos;
    room = (left > g->engine->save_size ? left - g->engine->save_size : 0) / g->tag_size;
    if (r->count > room) {
        err->count = r->count;
        err->room = room;
        return pintas__save_refuse(err, PINTAS_SAVE_COUNT);
    }
    r->log_at = c.pos;
    for (i = 0; i < r->count; ++i) {
        err->entry = i;
        if (!take_entry(&c, g, &r->setup, &e))
            return 0;
    }
    err->entry = 0;
    r->image_at = c.pos;
    if (!pintas__take(&c, g->engine->save_size, &image))
        return 0;
    if (c.pos != c.len)
        return pintas__save_refuse(err, PINTAS_SAVE_TRAILING);
    status = g->engine->load(&work->state, image, g->engine->save_size);
    /* an image of the other kind of chance than the flags say is no image
     * of this save */
    if (status == PINTAS_OK && g->external(&work->state) != r->setup.external)
        status = PINTAS_E_CORRUPT;
    if (status != PINTAS_OK) {
        err->status = status;
        err->at = r->image_at;
        return pintas__save_refuse(err, status == PINTAS_E_VERSION ? PINTAS_SAVE_STATE_VERSION
                                                              : PINTAS_SAVE_STATE);
    }
    return 1;
}

static int refusal(const pintas_save_error *err)
{
    return err->cause == PINTAS_SAVE_VERSION ? PINTAS_E_VERSION : PINTAS_E_CORRUPT;
}

int pintas_save_open(pintas_save_reader *r, int game, const uint8_t *data, size_t len,
                     const uint8_t *key, size_t key_len, pintas_save_work *work,
                     pintas_save_error *err)
{
    return pintas_save_open_part(r, codec_of(game), data, len, key, key_len, work, err);
}

int pintas_save_open_part(pintas_save_reader *r, const pintas_save_part *g,
                          const uint8_t *data, size_t len, const uint8_t *key, size_t key_len,
                          pintas_save_work *work, pintas_save_error *err)
{
    pintas_save_error none;
    if (!err)
        err = &none;
    memset(err, 0, sizeof *err);
    err->game = g ? g->kind : 0;
    if (!r || !work || !g || (!data && len))
        return PINTAS_E_ARG;
    memset(r, 0, sizeof *r);
    r->data = data;
    r->part = g;
    if (!open_container(r, g, data, len, key, key_len, err) || !open_body(r, g, work, err)) {
        memset(r, 0, sizeof *r);
        return refusal(err);
    }
    r->pos = r->log_at;
    return PINTAS_OK;
}

int pintas_save_next(pintas_save_reader *r, pintas_save_entry *e)
{
    const pintas__save_codec *g = r ? r->part : NULL;
    pintas_save_error err;
    pintas__cursor c;
    if (!g || !e || !r->data)
        return PINTAS_E_ARG;
    if (r->index >= r->count)
        return PINTAS_E_OVER;
    memset(e, 0, sizeof *e);
    c.data = r->data;
    c.len = r->body;
    c.pos = r->pos;
    c.err = &err;
    if (!take_entry(&c, g, &r->setup, e))
        return PINTAS_E_CORRUPT; /* not after a successful open */
    r->pos = c.pos;
    r->index++;
    return PINTAS_OK;
}

int pintas_save_rewind(pintas_save_reader *r)
{
    if (!r)
        return PINTAS_E_ARG;
    r->pos = r->log_at;
    r->index = 0;
    return PINTAS_OK;
}

/* ---- reading: the replay ------------------------------------------------------------------ */

static int same_rng(const pintas_rng *a, const pintas_rng *b)
{
    return a->state == b->state && a->inc == b->inc;
}

/* Play move *m as an unseeded game does with `seed` (0 when none was
 * logged): reseed, play, and keep the reseeded PRNG only if the move drew. */
static int play_reseeded(const pintas_engine *engine, pintas_save_work *work, const void *m,
                         uint64_t seed, int *drew)
{
    pintas_rng *rng = (pintas_rng *)(void *)((uint8_t *)&work->state + engine->rng_offset);
    pintas_rng saved = *rng, seeded;
    size_t n = 0;
    int status = engine->check(&work->state, m);
    if (status != PINTAS_OK)
        return status;
    engine->reseed(&work->state, seed);
    seeded = *rng;
    status = engine->play(&work->state, m, &work->events, engine->max_events, &n);
    if (status != PINTAS_OK) {
        *rng = saved;
        return status;
    }
    *drew = !same_rng(rng, &seeded);
    if (!*drew)
        *rng = saved;
    return PINTAS_OK;
}

/* One entry of the log through the game, as GameBase._rebuild takes it. */
static int replay_entry(const pintas__save_codec *g, const pintas_save_reader *r,
                        pintas_save_work *work, const pintas_save_entry *e, uint64_t *pending,
                        int *has_pending, int *mismatch, pintas_save_error *err)
{
    const pintas_engine *engine = g->engine;
    size_t n = 0;
    int status, drew = 0;
    if (e->kind == PINTAS_SAVE_RESEED) {
        if (r->setup.seeded || *has_pending)
            return pintas__save_refuse(err, r->setup.seeded ? PINTAS_SAVE_SEED_SEEDED
                                                       : PINTAS_SAVE_SEED_TWICE);
        *pending = e->seed;
        *has_pending = 1;
        return 1;
    }
    if (e->kind == PINTAS_SAVE_DEAL) {
        /* The game logs the deal where it was set, and a pending seed after
         * it, before its move: a seed before a deal is not its log. */
        *mismatch |= *has_pending;
        status = engine->set_deal(&work->state, &e->deal, &work->events, engine->max_events, &n);
    } else if (e->kind == PINTAS_SAVE_CHANCE) {
        /* an external game's moves draw nothing: a seed before an outcome is
         * not its log either */
        *mismatch |= *has_pending;
        status = engine->play_chance(&work->state, e->outcome, &work->events, engine->max_events,
                                     &n);
    } else if (r->setup.seeded) {
        status = engine->check(&work->state, &e->move);
        if (status == PINTAS_OK)
            status = engine->play(&work->state, &e->move, &work->events, engine->max_events, &n);
    } else {
        status = play_reseeded(engine, work, &e->move, *has_pending ? *pending : 0, &drew);
        if (status == PINTAS_OK && drew != *has_pending)
            return pintas__save_refuse(err, drew ? PINTAS_SAVE_DREW_UNSEEDED
                                            : PINTAS_SAVE_SEED_UNUSED);
        *has_pending = 0;
    }
    if (status != PINTAS_OK) {
        err->status = status;
        return pintas__save_refuse(err, PINTAS_SAVE_NO_REPLAY);
    }
    return 1;
}

static int replay_log(const pintas__save_codec *g, pintas_save_reader *r, pintas_save_work *work,
                      int *mismatch, pintas_save_error *err)
{
    pintas_save_entry e;
    uint64_t pending = 0;
    int has_pending = 0, status;
    status = g->start(&work->state, &r->setup, &work->events);
    if (status != PINTAS_OK) {
        err->status = status;
        return pintas__save_refuse(err, status == PINTAS_E_DEAL ? PINTAS_SAVE_NO_REPLAY
                                                           : PINTAS_SAVE_RULES);
    }
    pintas_save_rewind(r);
    while (r->index < r->count) {
        err->entry = r->index;
        if (pintas_save_next(r, &e) != PINTAS_OK)
            return pintas__save_refuse(err, PINTAS_SAVE_NO_REPLAY);
        if (!replay_entry(g, r, work, &e, &pending, &has_pending, mismatch, err))
            return 0;
    }
    err->entry = 0;
    if (has_pending)
        return pintas__save_refuse(err, PINTAS_SAVE_SEED_AT_END);
    return 1;
}

/* The entries of an opened save, for the canonicity check's writer. */
static int entry_of_reader(void *ctx, size_t index, pintas_save_entry *out)
{
    (void)index; /* asked in order */
    return pintas_save_next((pintas_save_reader *)ctx, out);
}

/* The save the replayed game writes must be the bytes read. */
static int check_canonical(const pintas__save_codec *g, pintas_save_reader *r,
                           const uint8_t *image, pintas_save_error *err)
{
    pintas_save_log log;
    pintas__sink s;
    memset(&s, 0, sizeof s);
    s.expect = r->data;
    s.expect_len = r->body;
    s.diff = SIZE_MAX;
    pintas_save_rewind(r);
    log.count = r->count;
    log.entry = entry_of_reader;
    log.ctx = r;
    if (put_body(&s, g, &r->setup, &log, image, r->version,
                 (r->flags & PINTAS_SAVE_FLAG_KEYED) != 0) != PINTAS_OK)
        return pintas__save_refuse(err, PINTAS_SAVE_NOT_CANONICAL);
    if (s.diff == SIZE_MAX && s.len == r->body)
        return 1;
    if (s.diff == SIZE_MAX)
        s.diff = s.len; /* the save goes on where the game's ends */
    err->at = s.diff;
    err->found = s.diff < r->body ? r->data[s.diff] : -1;
    err->written = s.diff < s.len ? s.wrote : -1;
    return pintas__save_refuse(err, PINTAS_SAVE_NOT_CANONICAL);
}

int pintas_save_replay(pintas_save_reader *r, void *state, pintas_save_work *work,
                       pintas_save_error *err)
{
    const pintas__save_codec *g = r ? r->part : NULL;
    uint8_t image[MAX_IMAGE];
    pintas_save_error none;
    int mismatch = 0;
    if (!err)
        err = &none;
    if (!g || !r->data || !state || !work)
        return PINTAS_E_ARG;
    memset(err, 0, sizeof *err);
    err->game = g->kind;
    if (!replay_log(g, r, work, &mismatch, err))
        goto refused;
    if (mismatch) {
        pintas__save_refuse(err, PINTAS_SAVE_LOG_MISMATCH);
        goto refused;
    }
    if (g->engine->save(&work->state, image, sizeof image) != PINTAS_OK ||
        !pintas_equal_ct(image, r->data + r->image_at, g->engine->save_size)) {
        pintas__save_refuse(err, PINTAS_SAVE_STATE_MISMATCH);
        goto refused;
    }
    if (!check_canonical(g, r, image, err))
        goto refused;
    memcpy(state, &work->state, g->engine->state_size);
    pintas_save_rewind(r);
    return PINTAS_OK;
refused:
    pintas_save_rewind(r);
    return refusal(err);
}

int pintas_save_load(pintas_save_reader *r, int game, const uint8_t *data, size_t len,
                     const uint8_t *key, size_t key_len, void *state, pintas_save_work *work,
                     pintas_save_error *err)
{
    return pintas_save_load_part(r, codec_of(game), data, len, key, key_len, state, work, err);
}

int pintas_save_load_part(pintas_save_reader *r, const pintas_save_part *part,
                          const uint8_t *data, size_t len, const uint8_t *key, size_t key_len,
                          void *state, pintas_save_work *work, pintas_save_error *err)
{
    int status;
    if (!state)
        return PINTAS_E_ARG;
    status = pintas_save_open_part(r, part, data, len, key, key_len, work, err);
    return status != PINTAS_OK ? status : pintas_save_replay(r, state, work, err);
}

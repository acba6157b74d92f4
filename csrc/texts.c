/* texts.c - the sentences every home prints for the games' events, and the
 * words they are made of: one table a family (line_texts.c, caminos_texts.c,
 * dice_texts.c) and the words' table here, read by the CPython and
 * MicroPython layers alike (see pintas/texts.h), so that a text is never
 * typed twice; and their lookups. */
#include "notation_internal.h" /* (pintas__out: a caller's buffer being written) */
#include "texts_internal.h"

/* How a text for people names seats and sides (counted from 1). */
static const pintas_text word_texts[] = {
    PINTAS__TEXT("player", "player {n}"),
    PINTAS__TEXT("players", "players {list} and {last}"),
    PINTAS__TEXT("team", "team {n} (players {seats})"),
    PINTAS__TEXT("nobody", "nobody"),
};

const pintas_texts pintas_word_texts = PINTAS__TEXTS(word_texts);

/* Whether the NUL-terminated `name` is the `len` bytes at `key`. */
static int same_key(const char *name, const char *key, size_t len)
{
    size_t i;
    for (i = 0; i < len; ++i) {
        if (name[i] == '\0' || name[i] != key[i]) {
            return 0;
        }
    }
    return name[len] == '\0';
}

const pintas_text *pintas_text_find(const pintas_texts *texts, const char *key, size_t len)
{
    uint16_t i;
    if (texts == NULL || key == NULL) {
        return NULL;
    }
    for (i = 0; i < texts->count; ++i) {
        if (same_key(texts->items[i].key, key, len)) {
            return &texts->items[i];
        }
    }
    return NULL;
}

/* Whether the NUL-terminated `name` begins with the `len` bytes at `key`. */
static int starts_with(const char *name, const char *key, size_t len)
{
    size_t i;
    for (i = 0; i < len; ++i) {
        if (name[i] == '\0' || name[i] != key[i]) {
            return 0;
        }
    }
    return 1;
}

/* The entry whose key is `kind` "/" `rest`, or NULL. */
static const pintas_text *find_pair(const pintas_texts *texts, const char *kind, size_t kind_len,
                                    const char *rest, size_t rest_len)
{
    uint16_t i;
    for (i = 0; i < texts->count; ++i) {
        const char *key = texts->items[i].key;
        if (starts_with(key, kind, kind_len) && key[kind_len] == '/'
            && same_key(key + kind_len + 1, rest, rest_len)) {
            return &texts->items[i];
        }
    }
    return NULL;
}

const pintas_text *pintas_event_template(const pintas_texts *texts, const char *kind,
                                         size_t kind_len, const char *reason,
                                         size_t reason_len, unsigned variants)
{
    /* in the order of their bits: PINTAS_TEXT_HIDDEN, _TEAM, _ALONE */
    static const char variant_names[][7] = {"hidden", "team", "alone"};
    const pintas_text *found = NULL;
    size_t i, len;
    if (texts == NULL || kind == NULL) {
        return NULL;
    }
    for (i = 0; found == NULL && i < sizeof(variant_names) / sizeof(variant_names[0]); ++i) {
        if (variants & (1u << i)) {
            for (len = 0; variant_names[i][len] != '\0'; ++len) {
            }
            found = find_pair(texts, kind, kind_len, variant_names[i], len);
        }
    }
    if (found == NULL && reason != NULL) {
        found = find_pair(texts, kind, kind_len, reason, reason_len);
    }
    return found != NULL ? found : pintas_text_find(texts, kind, kind_len);
}

/* ---- an event as a sentence ------------------------------------------- */

static size_t name_length(const char *s)
{
    size_t n = 0;
    while (s[n] != '\0')
        ++n;
    return n;
}

/* The word `key` of pintas_word_texts (one it holds) filled: {n} is n,
 * {seats} seats[0..count) (read from 1) joined by " & ", {list} all of them
 * but the last joined by ", ", {last} the last; "players" of one seat reads
 * as "player" of it. */
static void put_word(pintas__out *o, const char *key, unsigned n, const uint8_t *seats,
                     size_t count)
{
    const char *p;
    size_t i;
    if (count == 1 && same_key(key, "players", 7)) {
        key = "player";
        n = seats[0] + 1u;
    }
    for (p = pintas_text_find(&pintas_word_texts, key, name_length(key))->text; *p != '\0';) {
        if (*p != '{') {
            pintas__putc(o, *p++);
            continue;
        }
        if (pintas__placeholder_is(p, "n")) {
            pintas__put_uint(o, n);
        } else if (pintas__placeholder_is(p, "last")) {
            if (count > 0)
                pintas__put_uint(o, seats[count - 1] + 1u);
        } else {
            int is_list = pintas__placeholder_is(p, "list");
            for (i = 0; i + (size_t)is_list < count; ++i) {
                if (i)
                    pintas__puts(o, is_list ? ", " : " & ");
                pintas__put_uint(o, seats[i] + 1u);
            }
        }
        p = pintas__after(p);
    }
}

/* put_word for the seats of the mask `mask`, ascending. */
static void put_word_of(pintas__out *o, const char *key, unsigned n, unsigned mask)
{
    uint8_t seats[8] = {0};
    size_t count = 0;
    unsigned s;
    for (s = 0; s < 8; ++s)
        if (mask >> s & 1u)
            seats[count++] = (uint8_t)s;
    put_word(o, key, n, seats, count);
}

int pintas_seat_words(const char *key, unsigned n, const uint8_t *seats, size_t count,
                      char *buf, size_t cap, size_t *len)
{
    pintas__out o;
    if (key == NULL || (seats == NULL && count > 0) || (buf == NULL && cap > 0) || len == NULL
        || pintas_text_find(&pintas_word_texts, key, name_length(key)) == NULL)
        return PINTAS_E_ARG;
    if (count == 0 && (same_key(key, "players", 7) || same_key(key, "team", 4)))
        return PINTAS_E_ARG; /* no seats to name: no sentence */
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    put_word(&o, key, n, seats, count);
    return pintas__out_end(&o, len);
}

/* The fields a template may name, in the order of field_names. */
enum {
    F_WHO, F_PLAYER, F_TILE, F_POINTS, F_COUNT, F_TOTAL, F_WHY, F_AT, F_TEAM, F_WINNER, F_NAMES,
    F_PIPS, F_SIDE, F_PATH, F_TILES, F_DICE, F_SEAT, F_KIND, F_REASON, F_FIELDS
};
static const char field_names[F_FIELDS][7] = {
    "who", "player", "tile", "points", "count", "total", "why", "at", "team", "winner",
    "names", "pips", "side", "path", "tiles", "dice", "seat", "kind", "reason"};

static void put_int(pintas__out *o, int32_t v)
{
    if (v < 0)
        pintas__putc(o, '-');
    pintas__put_uint(o, v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
}

/* Write the field `f` of e; 0 when e has it not (nothing written). */
static int put_field(pintas__out *o, const pintas_texts *t, const pintas_event_fields *e, int f)
{
    unsigned i, first = 1;
    const char *reason = e->reason != 0 ? t->reasons[e->reason] : NULL;
    switch (f) {
    case F_WHO:
        if (e->seat == PINTAS_EVENT_NONE) {
            pintas__puts(o, pintas_text_find(&pintas_word_texts, "nobody", 6)->text);
            return 1;
        }
        /* fall through */
    case F_PLAYER:
    case F_SEAT:
        if (e->seat == PINTAS_EVENT_NONE)
            return 0;
        if (f == F_SEAT)
            pintas__put_uint(o, e->seat);
        else
            put_word_of(o, "player", e->seat + 1u, 0);
        return 1;
    case F_TILE:
    case F_PIPS:
        if (e->tile >= PINTAS_TILE_COUNT)
            return 0;
        if (f == F_TILE) {
            pintas__put_tile(o, e->tile);
        } else {
            i = (unsigned)pintas_tile_high(e->tile) + pintas_tile_low(e->tile);
            pintas__put_uint(o, i);
            pintas__puts(o, i == 1 ? " pip" : " pips");
        }
        return 1;
    case F_POINTS:
    case F_COUNT:
    case F_TOTAL:
        put_int(o, f == F_POINTS ? e->points : f == F_COUNT ? e->count : e->total);
        return 1;
    case F_WHY:
    case F_REASON:
        if (reason == NULL)
            return 0;
        if (f == F_WHY) {
            const pintas_text *why = find_pair(t, "why", 3, reason, name_length(reason));
            if (why != NULL) {
                pintas__put(o, why->text, why->length);
                return 1;
            }
        }
        pintas__puts(o, reason);
        return 1;
    case F_AT:
        pintas__puts(o, e->end == 0 ? "left" : "right");
        return 1;
    case F_TEAM:
    case F_WINNER:
    case F_SIDE:
        if (e->side == PINTAS_EVENT_NONE)
            return 0;
        if (f == F_SIDE && t->family == 1) /* (PINTAS_FAMILY_CAMINOS: a path's side) */
            pintas__puts(o, e->side ? "back" : "front");
        else if (f == F_SIDE)
            pintas__put_uint(o, e->side);
        else if (f == F_TEAM || e->teams)
            put_word_of(o, "team", e->side + 1u, 5u << e->side);
        else
            put_word_of(o, "player", e->side + 1u, 0);
        return 1;
    case F_NAMES:
        if (e->seats == 0)
            return 0;
        put_word_of(o, "players", 0, e->seats);
        return 1;
    case F_PATH:
        if (e->path == PINTAS_EVENT_NONE)
            return 0;
        pintas__put_uint(o, e->path);
        return 1;
    case F_TILES:
        if (!e->has_tiles)
            return 0;
        for (i = 0; i < PINTAS_TILE_COUNT; ++i)
            if (e->tiles >> i & 1u) {
                if (!first)
                    pintas__putc(o, ' ');
                pintas__put_tile(o, (uint8_t)i);
                first = 0;
            }
        return 1;
    case F_DICE:
        for (i = 0; i < e->n_dice && i < 6; ++i) {
            if (i)
                pintas__putc(o, ' ');
            pintas__put_uint(o, e->dice[i]);
        }
        return 1;
    default: /* F_KIND */
        pintas__puts(o, t->kinds[e->kind]);
        return 1;
    }
}

int pintas_event_text(const pintas_texts *texts, const pintas_event_fields *e, char *buf,
                      size_t cap, size_t *len)
{
    pintas__out o;
    const pintas_text *tmpl;
    const char *p, *kind, *reason;
    unsigned variants;
    int f;
    if (texts == NULL || e == NULL || (buf == NULL && cap > 0) || len == NULL
        || texts->kinds == NULL || e->kind >= texts->kind_count
        || e->reason >= texts->reason_count)
        return PINTAS_E_ARG;
    kind = texts->kinds[e->kind];
    reason = e->reason != 0 ? texts->reasons[e->reason] : NULL;
    variants = (e->tile >= PINTAS_TILE_COUNT ? PINTAS_TEXT_HIDDEN : 0u)
               | (e->teams ? PINTAS_TEXT_TEAM : 0u)
               | (pintas_popcount(e->seats) == 1 ? PINTAS_TEXT_ALONE : 0u);
    tmpl = pintas_event_template(texts, kind, name_length(kind), reason,
                                 reason == NULL ? 0 : name_length(reason), variants);
    if (tmpl == NULL)
        return PINTAS_E_ARG;
    o.buf = buf;
    o.cap = cap;
    o.len = 0;
    for (p = tmpl->text; *p != '\0';) {
        if (*p != '{') {
            pintas__putc(&o, *p++);
            continue;
        }
        for (f = 0; f < F_FIELDS && !pintas__placeholder_is(p, field_names[f]); ++f) {
        }
        if (f == F_FIELDS || !put_field(&o, texts, e, f))
            return PINTAS_E_ARG;
        p = pintas__after(p);
    }
    return pintas__out_end(&o, len);
}

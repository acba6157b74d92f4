/* texts.c - the sentences every home prints for the games' events, and the
 * words they are made of: one table a family (line_texts.c, caminos_texts.c,
 * dice_texts.c) and the words' table here, read by the CPython and
 * MicroPython layers alike (see pintas/texts.h), so that a text is never
 * typed twice; and their lookups. */
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

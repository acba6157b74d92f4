/* pintas/texts.h - the sentences the games' events read as, for people.
 *
 * Every home of pintas (CPython, MicroPython, a C program) prints an event the
 * same way: it takes the template of the event's key from its game's table and
 * fills the named fields ({who}, {tile}, {points}, ...: docs/c-api.md lists
 * them). A key is the event's kind ("play"), or "kind/variant" where a variant
 * reads differently ("round_end/block_tie", "draw/hidden"); a host tries the
 * variant's key first, then the kind's. Keys "why/<reason>" say how a reason
 * reads where its name does not. pintas_word_texts holds the words seats and
 * sides are named with: "player {n}" counts from 1.
 *
 * The tables are constant data (ASCII, NUL-terminated); nothing here writes.
 */
#ifndef PINTAS_TEXTS_H
#define PINTAS_TEXTS_H

#include "common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct pintas_text {
    const char *key;
    const char *text;
    uint16_t length; /* of text, in bytes, without its NUL */
} pintas_text;

typedef struct pintas_texts {
    const pintas_text *items;
    uint16_t count;
} pintas_texts;

/* The templates of the line games', Caminos' and the dice games' events, and
 * the words for seats and sides. */
extern const pintas_texts pintas_line_texts;
extern const pintas_texts pintas_caminos_texts;
extern const pintas_texts pintas_dice_texts;
extern const pintas_texts pintas_word_texts;

/* The entry whose key is the `len` bytes at `key` (no NUL needed) in
 * `texts`, or NULL when the table has no such key (or either pointer is
 * NULL). */
const pintas_text *pintas_text_find(const pintas_texts *texts, const char *key, size_t len);

/* The variants of an event a host names by bits to pintas_event_template. */
#define PINTAS_TEXT_HIDDEN 1u /* the event's tile is not shown: "kind/hidden" */
#define PINTAS_TEXT_TEAM 2u   /* the points are a team's: "kind/team" */
#define PINTAS_TEXT_ALONE 4u  /* one seat alone is named: "kind/alone" */

/* The template an event reads as: the first entry of `texts` found among
 * "kind/hidden", "kind/team", "kind/alone" (each tried only where its bit is
 * set in `variants`; other bits are ignored), "kind/reason" (tried where
 * `reason` is not NULL) and "kind". `kind` is the `kind_len` bytes at `kind`,
 * `reason` the `reason_len` bytes at `reason` (no NUL needed). NULL when the
 * table holds none of them, or `texts` or `kind` is NULL. */
const pintas_text *pintas_event_template(const pintas_texts *texts, const char *kind,
                                         size_t kind_len, const char *reason,
                                         size_t reason_len, unsigned variants);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_TEXTS_H */

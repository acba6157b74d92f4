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
#include "tiles.h"

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
    /* An event table's family (pintas/settings.h's PINTAS_FAMILY_*; 0xFF: the
     * words' table) and the names of its events' kinds and reasons, by the
     * numbers pintas_event_fields holds (reasons[0] is NULL: no reason). */
    uint8_t family;
    uint8_t kind_count;
    uint8_t reason_count;
    const char *const *kinds;
    const char *const *reasons;
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

/* Write how people name seats, the word `key` of pintas_word_texts
 * ("player", "players", "team" or "nobody") filled, into buf[0..cap),
 * NUL-terminated, its length (without the NUL) into *len: {n} is n, {seats}
 * seats[0..count) (0-based, read from 1) joined by " & ", {list} all of them
 * but the last joined by ", ", {last} the last; "players" of one seat reads
 * as "player" of it. Every home names seats so: ("player", 1) "player 1",
 * ("players", seats 0 2) "players 1 and 3", ("players", seat 1) "player 2",
 * ("team", 1, seats 0 2) "team 1 (players 1 & 3)". PINTAS_OK;
 * PINTAS_E_BUFFER when cap is too small (buf holds what fits, if cap > 0;
 * *len the length needed); PINTAS_E_ARG for NULL pointers (seats may be NULL
 * when count is 0), a key the table has not, or "players" or "team" of no
 * seat. */
int pintas_seat_words(const char *key, unsigned n, const uint8_t *seats, size_t count,
                      char *buf, size_t cap, size_t *len);

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

/* ---- an event as a sentence ------------------------------------------- */

/* A field an event has not (seat, side, end, path). */
#define PINTAS_EVENT_NONE 0xFFu

/* An event of any family as a host holds it (its game's struct, or fields
 * given by hand): a field a family has not is left PINTAS_EVENT_NONE (a tile
 * PINTAS_NO_TILE) or 0. */
typedef struct pintas_event_fields {
    uint8_t kind;      /* the number of its name in the table's kinds */
    uint8_t reason;    /* the number of its name in the table's reasons; 0: none */
    uint8_t seat;      /* who acted (0-based), or PINTAS_EVENT_NONE */
    uint8_t side;      /* line: the scoring side; Caminos: 0 front, 1 back; or NONE */
    uint8_t tile;      /* or PINTAS_NO_TILE */
    uint8_t end;       /* line: 0 left, 1 right; or NONE */
    uint8_t path;      /* Caminos: 1..8, or NONE */
    uint8_t seats;     /* Caminos: the tied seats or the winners, bit s = seat s */
    uint8_t teams;     /* line: 1 when the game is played in pairs (sides read as teams) */
    uint8_t has_tiles; /* Caminos: 1 when `tiles` holds a closed path's tiles */
    uint8_t n_dice;    /* dice: dice[0..n_dice) (at most 6) */
    uint8_t dice[6];
    int32_t points;
    int32_t count;
    int32_t total;     /* dice */
    pintas_mask tiles;
} pintas_event_fields;

/* Write the sentence the event `e` of the family whose table is `texts`
 * reads as into buf[0..cap), NUL-terminated, its length (without the NUL)
 * into *len: the template pintas_event_template() finds for its kind and
 * reason (variants: HIDDEN without a tile, TEAM in pairs, ALONE with one
 * seat in `seats`) filled with its fields, as every home prints it ("player
 * 2 plays 6|4 at left", "player 1 scores 10 for team 1 (players 1 & 3)
 * (domino)", "players 1 and 3 share the win with -3"). {who} is "player
 * n" (seat + 1) or "nobody", {player} the same without a seat missing, {why}
 * the reason as the table's "why/<reason>" reads it, else its name; {at}
 * "left" or "right"; {team} "team n (players a & b)" of the side; {winner}
 * the team (in pairs) or the player of the side; {names} the seats' players;
 * {pips} the tile's pips ("1 pip", "9 pips"); {dice} the dice, spaced.
 * PINTAS_OK; PINTAS_E_BUFFER when cap is too small (buf holds what fits, if
 * cap > 0; *len the length needed); PINTAS_E_ARG for NULL pointers, a table
 * without kinds, a kind or reason out of its names, or an event that lacks
 * what its sentence names (a hand-made event without its seat, tile, path,
 * reason, ...: a host then shows it another way; Python its repr). */
int pintas_event_text(const pintas_texts *texts, const pintas_event_fields *e, char *buf,
                      size_t cap, size_t *len);

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_TEXTS_H */

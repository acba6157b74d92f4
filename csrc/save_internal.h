/* save_internal.h - what save.c shares with each game's body codec
 * (save_line.c, save_caminos.c, save_dice.c). Internal: not public API.
 *
 * save.c owns the container (header, trailer, log framing, replay,
 * canonicity); a codec knows only its game's setup, deal and move bytes.
 * Bytes go out through a sink (which counts, copies and compares: one writer
 * serves writing, sizing and the canonicity check) and come in through a
 * cursor (which refuses to run past the end with the cause the Python reader
 * gives: "the save ends early").
 */
#ifndef PINTAS_SAVE_INTERNAL_H
#define PINTAS_SAVE_INTERNAL_H

#include "pintas/save.h"

/* ---- out: the sink --------------------------------------------------------- */

typedef struct pintas__sink {
    uint8_t *buf;          /* copy here while it fits (NULL: do not copy) */
    size_t cap;
    const uint8_t *expect; /* compare with these bytes (NULL: do not compare) */
    size_t expect_len;
    size_t len;            /* bytes put so far (counting stops past the cap of a save) */
    size_t diff;           /* the first offset that differs from expect, or SIZE_MAX */
    uint8_t wrote;         /* the byte put at diff */
} pintas__sink;

void pintas__sink_put(pintas__sink *s, const uint8_t *p, size_t n);
void pintas__sink_u8(pintas__sink *s, unsigned v);
void pintas__sink_u16(pintas__sink *s, unsigned v);
void pintas__sink_u32(pintas__sink *s, uint32_t v);
void pintas__sink_u64(pintas__sink *s, uint64_t v);

/* ---- in: the cursor -------------------------------------------------------- */

typedef struct pintas__cursor {
    const uint8_t *data;
    size_t len;
    size_t pos;
    pintas_save_error *err; /* never NULL inside the reader */
} pintas__cursor;

/* The next n bytes in *p; 0 (cause ENDS_EARLY) if fewer are left. */
int pintas__take(pintas__cursor *c, size_t n, const uint8_t **p);
/* Little-endian integers; 0 (ENDS_EARLY) if the bytes run out. */
int pintas__take_u8(pintas__cursor *c, unsigned *v);
int pintas__take_u16(pintas__cursor *c, unsigned *v);
int pintas__take_u32(pintas__cursor *c, uint32_t *v);
int pintas__take_u64(pintas__cursor *c, uint64_t *v);

/* Sets the error's cause; returns 0 (to be returned by the reader). */
int pintas__save_refuse(pintas_save_error *err, int cause);

/* ---- shared by the tile games' deals ----------------------------------------- */

/* A length byte then that many tile bytes (*n, *tiles: where they lie). */
int pintas__take_tiles(pintas__cursor *c, unsigned *n, const uint8_t **tiles);
/* 1 if every one of the n bytes is a tile (< 28). */
int pintas__all_tiles(const uint8_t *tiles, unsigned n);
/* 1 if no tile is listed twice among the n, every one a tile (< 28, as
 * pintas__all_tiles checks first): pintas__add_tile_list from none seen. */
int pintas__distinct(const uint8_t *tiles, unsigned n);
/* Four hand masks, 32-bit each. */
int pintas__take_hands(pintas__cursor *c, uint32_t hand[4]);
void pintas__put_hands(pintas__sink *s, const pintas_mask hand[4]);

/* ---- a game's codec ------------------------------------------------------------- */

struct pintas__save_codec {
    uint8_t kind;          /* pintas_save_game */
    uint8_t tag_size;      /* bytes of a log entry's tag: 1, Caminos 2 */
    uint16_t seed_tag;     /* the tag of a reseed */
    uint16_t deal_tag;     /* the tag of a hand-made deal (0: the game has none) */
    const pintas_engine *engine;
    /* The rules (and seats) as saved; PINTAS_E_RULES if they cannot be. */
    int (*put_setup)(pintas__sink *s, const pintas_save_setup *setup);
    /* Read them into *setup: 0 with the error's cause set when refused. */
    int (*take_setup)(pintas__cursor *c, pintas_save_setup *setup);
    /* The rules' length limits as saved after them (PINTAS_SAVE_FLAG_LIMITS;
     * games without limits: NULL): `limits` writes them to out (all 0: none),
     * `set_limits` reads them into *setup, 0 if the rules cannot take them. */
    void (*limits)(const pintas_save_setup *setup, uint8_t out[PINTAS_SAVE_LIMITS_SIZE]);
    int (*set_limits)(pintas_save_setup *setup, const uint8_t in[PINTAS_SAVE_LIMITS_SIZE]);
    /* A deal (games with deals). */
    void (*put_deal)(pintas__sink *s, const pintas_save_setup *setup, const pintas_save_deal *d);
    int (*take_deal)(pintas__cursor *c, const pintas_save_setup *setup, pintas_save_deal *d);
    /* A move's entry, its tag first; PINTAS_E_ARG for no move of the game. */
    int (*put_move)(pintas__sink *s, const void *move);
    /* The move of an entry whose tag is neither a seed's nor a deal's. */
    int (*take_move)(pintas__cursor *c, unsigned tag, void *move);
    /* Start a game of *setup in state (events: the engine's buffer), with
     * external chance when setup->external. */
    int (*start)(void *state, const pintas_save_setup *setup, pintas_engine_events *events);
    /* External chance: the tag of an outcome entry, the outcome's bytes (1 or
     * 2) and whether a state has external chance. */
    uint16_t chance_tag;
    uint8_t chance_size;
    int (*external)(const void *state);
};
typedef struct pintas__save_codec pintas__save_codec;

/* The three parts (pintas_save_line_part, ...) are declared in pintas/save.h. */

/* Tile games: start with the engine's start (start_chance with external
 * chance), from the first deal if made by hand. */
int pintas__start_tile_game(const pintas_engine *engine, void *state,
                            const pintas_save_setup *setup, pintas_engine_events *events);

#endif /* PINTAS_SAVE_INTERNAL_H */

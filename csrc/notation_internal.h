/* notation_internal.h - what every game's notation shares (notation.c):
 * reading UTF-8 text as Python's str methods do, and writing messages into a
 * caller's buffer. Not public API. */
#ifndef PINTAS_NOTATION_INTERNAL_H
#define PINTAS_NOTATION_INTERNAL_H

#include "pintas/notation.h"

/* A byte that is not UTF-8 reads as PINTAS__BAD + the byte: a character no
 * reader accepts (not a space, letter or digit). */
#define PINTAS__BAD 0x110000u

/* A part of the text: bytes text[off..off+len). */
typedef struct pintas__span {
    size_t off, len;
} pintas__span;

/* The character at text[i] (i < end) and its length in bytes in *step. */
uint32_t pintas__char_at(const uint8_t *text, size_t end, size_t i, size_t *step);

/* 1 for the characters Python's str.split() and str.strip() take as whitespace. */
int pintas__is_space(uint32_t c);

/* The character lowered as Python lowers it, for ASCII, Latin-1 and U+212A. */
uint32_t pintas__lower(uint32_t c);

/* The whole text as a span, and a span with whitespace stripped at both ends. */
pintas__span pintas__whole(size_t len);
pintas__span pintas__strip(const uint8_t *text, pintas__span s);

/* The next word of s from byte *pos on (words are split at whitespace, and at
 * commas when `commas`): 1 and *word, *pos moved past it; 0 at the end. */
int pintas__next_word(const uint8_t *text, pintas__span s, size_t *pos, int commas,
                      pintas__span *word);

/* How many words s holds (split as pintas__next_word). */
size_t pintas__word_count(const uint8_t *text, pintas__span s, int commas);

/* 1 if s, lowered, is exactly `word` (UTF-8). */
int pintas__is(const uint8_t *text, pintas__span s, const char *word);

/* The index of the first of words[0..n) that s (lowered) is, or -1. */
int pintas__among(const uint8_t *text, pintas__span s, const char *const *words, int n);

/* The last character of a non-empty s, lowered, and where it starts. */
uint32_t pintas__last_char(const uint8_t *text, pintas__span s, size_t *start);

/* 1 if s holds the byte b (an ASCII character). */
int pintas__has_byte(const uint8_t *text, pintas__span s, uint8_t b);

/* Start a refusal: cleared, with its cause, class and the whole text quoted. */
void pintas__refuse(pintas_refusal *why, int cause, size_t len);


/* Tile.parse on s: PINTAS_CAUSE_NONE and *tile, or TILE_FORM / TILE_ENDS. */
int pintas__tile_in(const uint8_t *text, pintas__span s, uint8_t *tile);

/* The argument checks of a reader: PINTAS_E_ARG unless every pointer is
 * given (text may be NULL with len 0). Most readers start with
 * pintas__read_start. */
static inline int pintas__read_args(const uint8_t *text, size_t len, const void *out,
                                    const void *why)
{
    return (text == NULL && len != 0) || out == NULL || why == NULL ? PINTAS_E_ARG : PINTAS_OK;
}

/* The start of every reader: PINTAS_E_ARG unless args_ok (the reader's own
 * arguments are fit: its output given, and a game's state usable) and text
 * and why are given (text may be NULL with len 0); PINTAS_E_NOTATION with
 * *why (cause) for a text longer than the cap (check_notation_length); else
 * PINTAS_OK. */
int pintas__read_start(const uint8_t *text, size_t len, pintas_refusal *why, int cause,
                       int args_ok);

/* The end of a reader in a game's context: whatever *why says (a refusal,
 * or none) quotes the whole text; status. */
static inline int pintas__read_end(pintas_refusal *why, size_t len, int status)
{
    why->text_off = 0;
    why->text_len = len;
    return status;
}

/* Refuse a text as no move of `game` (cause of the notation class):
 * PINTAS_E_NOTATION. */
int pintas__refuse_text(pintas_refusal *why, int cause, int game, size_t len);

/* ---- writing --------------------------------------------------------------- */

/* A caller's buffer being written: len counts every byte asked for, also
 * those past cap, so that the length needed is known. */
typedef struct pintas__out {
    char *buf;
    size_t cap;
    size_t len;
} pintas__out;

void pintas__put(pintas__out *o, const char *s, size_t n);
void pintas__puts(pintas__out *o, const char *s);
void pintas__putc(pintas__out *o, char c);
void pintas__put_uint(pintas__out *o, uint32_t v);
void pintas__put_tile(pintas__out *o, uint8_t tile);
/* The tiles of a mask as a set is printed: "0|0 5|3 6|6" ("" for none). */
void pintas__put_tileset(pintas__out *o, pintas_mask mask);
/* The tiles of a mask in words: "a", "a and b", "a, b and c". */
void pintas__put_tiles_listed(pintas__out *o, pintas_mask tiles);
/* s as Python's repr() quotes it (lowered when `lowered`). */
void pintas__put_repr(pintas__out *o, const uint8_t *text, pintas__span s, int lowered);
/* NUL-terminate; *n the length; PINTAS_E_BUFFER when it did not fit. */
int pintas__out_end(pintas__out *o, size_t *n);

/* The checks and the start of a printer: PINTAS_E_ARG / PINTAS_E_BUFFER. */
int pintas__print_args(const void *value, char *buf, size_t cap, size_t *n, pintas__out *o);

/* ---- filling templates ----------------------------------------------------- */

/* The template a refusal's message starts from: the cause's own, or the
 * frame of an illegal move around it. */
const char *pintas__top_template(const pintas_refusal *r);

/* Write tmpl filled from r and the text up to the first placeholder this
 * shared part does not fill (a game's: legal, rules, places, why, or shown
 * without text): the pointer to its '{', or NULL at the template's end. */
const char *pintas__fill(pintas__out *o, const char *tmpl, const pintas_refusal *r,
                         const uint8_t *text, size_t len);

/* A refusal's message being filled: where it is, and where the frame goes
 * on after the cause's own template ({why}). */
typedef struct pintas__filler {
    const char *at;
    const char *resume;
} pintas__filler;

/* Start at the template pintas__top_template gives. */
void pintas__filler_start(pintas__filler *f, const pintas_refusal *r);

/* Fill on (the cause's template in place of {why}) up to the next
 * placeholder of the game's own: it, with the filler past it; NULL at the end. */
const char *pintas__fill_next(pintas__out *o, pintas__filler *f, const pintas_refusal *r,
                              const uint8_t *text, size_t len);

/* 1 if the placeholder at p ('{' ...) is `name`; the text after it. */
int pintas__placeholder_is(const char *p, const char *name);
const char *pintas__after(const char *p);

/* The checks and the start of a refusal's text: PINTAS_E_ARG for NULL
 * pointers (text may be NULL with len 0) or a span outside the text. */
int pintas__text_args(const pintas_refusal *r, const uint8_t *text, size_t len, char *buf,
                      size_t cap, size_t *n, pintas__out *o);

/* ---- hand-made deals (deal.c) ------------------------------------------------ */

/* What the tile games' deal checks share; each step returns 1 when it
 * refuses the deal (*why filled, a cause of `game`: PINTAS_NOTATION_LINE or
 * _CAMINOS), else 0. The lists are read up to PINTAS_TILE_COUNT tiles. */

/* Start *why as no refusal of `game`. */
void pintas__deal_start(pintas_refusal *why, int game);

/* Refuse with cause, given and count (the other values set by the caller). */
int pintas__deal_refuse(pintas_refusal *why, int cause, unsigned given, uint32_t count);

/* DEAL_NO_TILE: the first index >= 28 of list[0..n), or bit past the 28
 * tiles of hand[0..seats). */
int pintas__deal_no_tile(const uint8_t *list, unsigned n, const pintas_mask *hand,
                         unsigned seats, pintas_refusal *why);

/* The mask of list[0..n); DEAL_TWICE (the tiles listed twice) when a tile
 * is listed twice, or `cause` (the tiles) when list and *seen share tiles;
 * *seen gains the list's tiles. */
int pintas__deal_list(const uint8_t *list, unsigned n, int cause, pintas_mask *seen,
                      pintas_refusal *why);

/* Python's check_hands: hand[0..hands) and any non-empty mask of
 * hand[0..seats) past them are the hands listed (DEAL_HANDS unless
 * `players`), then each seat's `size` tiles (DEAL_HAND_SIZE), none in *seen
 * or an earlier hand (DEAL_TWICE); *seen gains every hand. */
int pintas__deal_hands(const pintas_mask *hand, unsigned seats, unsigned players,
                       unsigned hands, unsigned size, pintas_mask *seen, pintas_refusal *why);

/* pintas_<game>_deal_refusal_text: the checks, then the message, {rules}
 * from the family's rules struct (size its sizeof). */
int pintas__deal_refusal_text(int family, const void *rules, size_t size,
                              const pintas_refusal *why, char *buf, size_t cap, size_t *n);

/* ---- a game's moves as text, for what every game's notation shares --------- */

/* What the shared printers need of a game: whether a move is well formed
 * (every field in range, so that it prints), how str() prints one, where
 * a refusal holds the move refused (offsetof(pintas_refusal, <game>_move)),
 * whether a state (or NULL) can fill a refusal's message (fits; NULL when
 * any can), and how the game
 * fills the placeholders of its own (at p: legal, rules, places):
 * PINTAS_OK, or PINTAS_E_ARG for one it cannot fill. */
typedef struct pintas__move_text {
    int (*ok)(const void *m);
    void (*put)(pintas__out *o, const void *m);
    size_t shown;
    int (*fits)(const void *s, const pintas_refusal *r);
    int (*put_own)(pintas__out *o, const char *p, const void *s, const pintas_refusal *r);
} pintas__move_text;

/* pintas_<game>_move_print: the checks, then the move as t prints it. */
int pintas__move_print(const pintas__move_text *t, const void *m, char *buf, size_t cap,
                       size_t *n);

/* {shown} of a move given as a value: the move printed, quoted. */
void pintas__put_shown(pintas__out *o, const pintas__move_text *t, const void *m);

/* {legal}: moves[0..n) (each `size` bytes) printed by put, joined by ", ". */
void pintas__put_moves(pintas__out *o, void (*put)(pintas__out *o, const void *m),
                       const void *moves, size_t size, size_t n);

/* pintas_<game>_refusal_text: the checks (pintas__text_args, the cause, t's
 * fits), then the message filled, {shown} from the move when no text is
 * given, the game's own placeholders by t. */
int pintas__refusal_text(const pintas__move_text *t, const void *s, const pintas_refusal *why,
                         const uint8_t *text, size_t len, char *buf, size_t cap, size_t *n);

/* A game's two public printers (pintas/notation.h), pintas_<game>_move_print
 * and pintas_<game>_refusal_text, each the shared printer above given the
 * game's table `t` (a function cannot define a game's typed entry points). */
#define PINTAS__MOVE_TEXT_ENTRIES(game, t)                                                     \
    int pintas_##game##_move_print(const pintas_##game##_move *m, char *buf, size_t cap,       \
                                   size_t *n)                                                  \
    {                                                                                          \
        return pintas__move_print(&(t), m, buf, cap, n);                                       \
    }                                                                                          \
    int pintas_##game##_refusal_text(const pintas_##game##_state *s, const pintas_refusal *why, \
                                     const uint8_t *text, size_t len, char *buf, size_t cap,   \
                                     size_t *n)                                                \
    {                                                                                          \
        return pintas__refusal_text(&(t), s, why, text, len, buf, cap, n);                     \
    }

/* ---- each game's causes (the *_why.c files) --------------------------------- */

/* Start the refusal of an illegal move of `game` by the seat to move (in
 * notation.c). */
void pintas__refuse_move(pintas_refusal *why, int cause, int game, uint8_t seat);

/* The start of every game's why once its check has said `status` (PINTAS_OK,
 * PINTAS_E_OVER or PINTAS_E_ILLEGAL): pintas__refuse_move with cause NONE
 * for a legal move, OVER once the game is over, else UNNAMED until the game
 * names the cause. */
void pintas__refuse_checked(pintas_refusal *why, int status, int game, uint8_t seat);

/* Why tile cannot be placed at end (PINTAS_NOTATION_NONE: at either end) now,
 * for a seat to move: PINTAS_E_ILLEGAL and *why (UNNAMED when nothing is to
 * be said). */
int pintas__line_placement(const pintas_line_state *s, uint8_t tile, uint8_t end,
                           pintas_refusal *why);

/* Why tile cannot be placed on side (NONE: either) of path number `path`
 * (0: any path; from 1, and any number beyond the table) now, for a seat to
 * move in the play phase or the reveal. */
int pintas__caminos_placement(const pintas_caminos_state *s, uint8_t tile, uint8_t side,
                              uint32_t path, pintas_refusal *why);

#endif /* PINTAS_NOTATION_INTERNAL_H */

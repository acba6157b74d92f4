/* pintas/notation.h - reading and writing tiles, sets of tiles and every
 * game's moves as text, and naming why a text or a move is refused.
 *
 * The notation is the one the Python API reads and prints (docs/rules.md):
 *   tile       6|4 (either end first, spaces around the bar allowed)
 *   tile set   6|6 5|3 (spaces or commas between tiles; "" is empty)
 *   line move  6|4L, 6|4R, draw, pass
 *   Caminos    5|3 front 2, reveal 6|4, draw, pass
 *   dice       roll, roll 1 5 6 4 4 3, keep 1 5, bank
 * The game-level readers (pintas_*_parse_in) take a state for context and
 * also the short forms and aliases a person types (paso, robo, 5|3 f2, a
 * bare tile that fits one way, ...), and refuse a move the rules do not allow
 * now, naming why.
 *
 * Text is UTF-8 bytes with a length (no NUL needed). Case folding and
 * whitespace are Python's for everything the readers can accept: the
 * whitespace of str.split() (ASCII, U+001C..U+001F, U+0085, U+00A0, U+1680,
 * U+2000..U+200A, U+2028, U+2029, U+202F, U+205F, U+3000) and the lower case
 * of ASCII and Latin-1 letters and of U+212A (KELVIN SIGN, which lowers to
 * 'k'). Bytes that are not UTF-8 are read one by one as characters no reader
 * accepts.
 *
 * A refusal is a pintas_refusal: a cause code (pintas_cause) and the values
 * its message needs. The messages are a table of templates
 * (pintas_cause_template) with named placeholders, word for word the Python
 * messages; pintas_*_refusal_text fills one in. Where a message quotes text
 * it quotes it as Python's repr() does: exactly for ASCII and Latin-1, and
 * beyond Latin-1 escaping the Unicode separators, the format characters of
 * U+2000..U+206F, U+FEFF and private use (other code points Python escapes,
 * such as unassigned ones, are copied as they are). Words quoted lowered are
 * lowered as above (Python lowers every script).
 *
 * No call allocates or keeps state; all are reentrant; a failed call leaves
 * every output but *why as it was.
 */
#ifndef PINTAS_NOTATION_H
#define PINTAS_NOTATION_H

#include "common.h"
#include "tiles.h"
#include "line.h"
#include "caminos.h"
#include "dice.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- bounds -------------------------------------------------------------- */

/* The longest text read as notation, in characters (code points): anything
 * longer is refused (PINTAS_CAUSE_*_LONG) before it is read. */
#define PINTAS_NOTATION_MAX_INPUT 1000
/* Bytes of the longest tile, tile set or move printed, with its NUL
 * ("0|0 1|0 ... 6|6" is 111 characters). */
#define PINTAS_NOTATION_MAX 112
/* Bytes that always hold a refusal's message with its NUL: two quotations of
 * the longest input (10 bytes a character at worst), the legal moves and
 * the words around them. */
#define PINTAS_MESSAGE_MAX 24576

/* ---- why a text or a move is refused ------------------------------------- */

/* Every cause, and the other texts of the table. The placeholders of each
 * template are named in it; see pintas_refusal for their values. */
typedef enum pintas_cause {
    PINTAS_CAUSE_NONE = 0,          /* "" (nothing refused) */
    /* text that is not notation (Python's NotationError) */
    PINTAS_CAUSE_TILE_LONG,         /* a tile is written in at most 1000 characters: ... */
    PINTAS_CAUSE_TILES_LONG,        /* a set of tiles is written in at most ... */
    PINTAS_CAUSE_MOVE_LONG,         /* a move is written in at most ... */
    PINTAS_CAUSE_TILE_FORM,         /* a tile is written like '6|4': got {text} */
    PINTAS_CAUSE_TILE_ENDS,         /* a tile's ends are 0..6: got {text} */
    PINTAS_CAUSE_LINE_FORM,         /* a move is written like '6|4L', ... */
    PINTAS_CAUSE_LINE_BOTH_ENDS,    /* {text} fits both ends: say {tile}L or {tile}R */
    PINTAS_CAUSE_CAMINOS_FORM,      /* a move is written like '5|3 front 2', ... got {text} */
    PINTAS_CAUSE_CAMINOS_NOT_TILE,  /* ... {word} in {text} is not a tile */
    PINTAS_CAUSE_CAMINOS_REVEAL_FORM, /* a reveal is written like 'reveal 6|4': got {text} */
    PINTAS_CAUSE_CAMINOS_NOT_SIDE,  /* ... {word} in {text} is not a side */
    PINTAS_CAUSE_CAMINOS_NOT_PATH,  /* ... {word} in {text} is not a path number */
    PINTAS_CAUSE_CAMINOS_PATH_RANGE,/* a path number is 1..8: got {path} */
    PINTAS_CAUSE_CAMINOS_MANY,      /* {text} fits more than one place: say {places} */
    PINTAS_CAUSE_DICE_FORM,         /* a move is written like 'roll', ... got {text} */
    /* a move the rules do not allow now (Python's IllegalMoveError) */
    PINTAS_CAUSE_OVER,              /* the game is over: {shown} cannot be played */
    PINTAS_CAUSE_UNNAMED,           /* illegal, and nothing to say why (the frame alone) */
    PINTAS_CAUSE_NOT_HELD,          /* you do not hold {tile} */
    PINTAS_CAUSE_LINE_OPEN_WITH,    /* you must open the round with {tile} */
    PINTAS_CAUSE_LINE_FIRST_LEFT,   /* the round's first tile goes at the left: {tile}L */
    PINTAS_CAUSE_LINE_NO_END,       /* {tile} does not match an open end (ends ...) */
    PINTAS_CAUSE_LINE_WRONG_END,    /* {tile} does not match the {end} end ... */
    PINTAS_CAUSE_LINE_MUST_PLAY,    /* you must play a tile: {tiles} {fit} */
    PINTAS_CAUSE_LINE_MUST_DRAW,    /* you must draw: the boneyard holds {count} tiles */
    PINTAS_CAUSE_LINE_NO_DRAWING,   /* nobody draws in {rules}: pass */
    PINTAS_CAUSE_LINE_EMPTY,        /* the boneyard is empty: pass */
    PINTAS_CAUSE_CAMINOS_MUST_REVEAL, /* the round's starter is being revealed: ... */
    PINTAS_CAUSE_CAMINOS_REVEALED,  /* you have revealed {tile} already this round */
    PINTAS_CAUSE_CAMINOS_UNDER_WAY, /* the round is under way: a reveal only ... */
    PINTAS_CAUSE_CAMINOS_MUST_PLACE,/* you must place a tile: {tiles} {fit} */
    PINTAS_CAUSE_CAMINOS_MUST_DRAW, /* you must draw: the pile holds {count} tiles */
    PINTAS_CAUSE_CAMINOS_EMPTY,     /* the pile is empty: pass */
    PINTAS_CAUSE_CAMINOS_NO_PATH,   /* there is no path {path}: the paths are 1..{count} */
    PINTAS_CAUSE_CAMINOS_NO_OPEN_SIDE, /* {tile} matches no open side of any path */
    PINTAS_CAUSE_CAMINOS_NO_SIDE,   /* {tile} matches the {side} of no path */
    PINTAS_CAUSE_CAMINOS_GONE,      /* path {path} is gone: the pile could not renew it */
    PINTAS_CAUSE_CAMINOS_CLOSED,    /* path {path} is full and closed */
    PINTAS_CAUSE_CAMINOS_SIDE_FULL, /* the {side} of path {path} is full{fits_other} */
    PINTAS_CAUSE_CAMINOS_NO_MATCH,  /* {tile} does not match path {path} ({wants}){fits_other} */
    PINTAS_CAUSE_DICE_KEEP_FIRST,   /* you must first keep scoring dice from the roll ({roll}) */
    PINTAS_CAUSE_DICE_NOT_IN_ROLL,  /* the roll ({roll}) does not hold {dice} */
    PINTAS_CAUSE_DICE_NOT_SCORING,  /* not every die kept would score{with_pool} */
    PINTAS_CAUSE_DICE_KEPT_ALREADY, /* you have kept from this roll already: ... */
    PINTAS_CAUSE_DICE_NO_ROLL,      /* there is no roll to keep from: you cannot keep now */
    PINTAS_CAUSE_DICE_COUNT,        /* there are {count} dice to roll, not {given} */
    PINTAS_CAUSE_DICE_HOT,          /* hot dice: you must roll all six dice again ... */
    PINTAS_CAUSE_DICE_NOTHING,      /* you have kept nothing to bank: you must roll first */
    /* the frames and parts the messages above are built of */
    PINTAS_TEXT_ILLEGAL,            /* {shown} is not legal now for seat {seat}: {why} (legal: {legal}) */
    PINTAS_TEXT_ILLEGAL_UNNAMED,    /* {shown} is not legal now for seat {seat} (legal: {legal}) */
    PINTAS_TEXT_FITS_OTHER,         /* {fits_other}: ": it fits the {other} ({tile} {other} {path})" */
    PINTAS_TEXT_WANTS,              /* each part of {wants}: "its {side} takes a {number}" */
    PINTAS_TEXT_WITH_POOL,          /* {with_pool}: " (with the pool {pool})" */
    /* a hand-made deal that is not a deal of the rules (Python's DealError;
     * pintas_line_deal_why, pintas_caminos_deal_why) */
    PINTAS_CAUSE_DEAL_NO_TILE,      /* a tile index is 0..27: got {count} */
    PINTAS_CAUSE_DEAL_HANDS,        /* {given} players need {given} hands: got {count} */
    PINTAS_CAUSE_DEAL_HAND_SIZE,    /* seat {seat} must hold {given} tiles: got {count} ({set}) */
    PINTAS_CAUSE_DEAL_TWICE,        /* dealt twice: {set} */
    PINTAS_CAUSE_DEAL_LINE_IN_BONEYARD, /* in a hand and in the boneyard: {set} */
    PINTAS_CAUSE_DEAL_LINE_BONEYARD,    /* the boneyard must list the {given} undealt tiles ... */
    PINTAS_CAUSE_DEAL_LINE_SET_ASIDE,   /* {rules} never draws: ... (got {count}) */
    PINTAS_CAUSE_DEAL_CAMINOS_PATHS,    /* {rules} reveals {given} paths: got {count} */
    PINTAS_CAUSE_DEAL_CAMINOS_IN_PILE,  /* in the pile and dealt too: {set} */
    PINTAS_CAUSE_DEAL_CAMINOS_PILE, /* the pile must list the {given} undealt tiles in draw
                                       order: got {count}{missing} */
    PINTAS_TEXT_MISSING,            /* {missing}: " (missing {set})" */
    PINTAS_TEXT_COUNT               /* the size of the table */
} pintas_cause;

/* What kind of refusal a cause is: Python's error class. */
#define PINTAS_REFUSED_NOTATION 1 /* NotationError: the text is not a move */
#define PINTAS_REFUSED_ILLEGAL 2  /* IllegalMoveError: a move the rules do not allow now */
#define PINTAS_REFUSED_DEAL 3     /* DealError: a hand-made deal that is no deal of the rules */

/* No value: a field that does not apply. */
#define PINTAS_NOTATION_NONE 0xFF

/* A refusal: its cause and every value its message needs (fields a cause does
 * not use are PINTAS_NOTATION_NONE or 0). The placeholders:
 *   {text}    text[text_off..+text_len) as repr() quotes it
 *   {word}    text[word_off..+word_len), lowered, as repr() quotes it
 *   {head}    the text's first 40 characters as repr() quotes them
 *   {length}  count (the text's length in characters)
 *   {shown}   the whole text as repr() quotes it, or the move printed and
 *             quoted when no text is given
 *   {tile}    tile; {tiles} the tiles of `tiles` in words ("a, b and c"),
 *             {fit} "fits" for one tile, "fit" for more
 *   {end}, {other}      line: end and other as "left"/"right"; {other_end}
 *             other as "L"/"R"; Caminos: side and other as "front"/"back"
 *   {left}, {right}     numbers[0], numbers[1]; {number} the number of end
 *   {side}    Caminos: side as "front"/"back"
 *   {wants}   Caminos: PINTAS_TEXT_WANTS for each side in `sides` (front
 *             first), joined by " and ", numbers[side] its number
 *   {path}    the path number: text[path_off..+path_len) without leading
 *             zeros when path_len > 0 (a number typed may be any length),
 *             else path
 *   {count}, {given}    count, given
 *   {places}  Caminos: the placements of tile at the (path, side) bits of
 *             `places` (bit 2 x slot + side), each quoted, joined by " or "
 *   {roll}    roll[0..roll_n) joined by spaces; {dice}, {pool} the dice of
 *             the sets dice and pool, ascending
 *   {seat}    seat; {rules} the line rules as Python's str() writes them
 *             (a deal's refusal: the deal's rules, as pintas_settings_text);
 *             {legal} the legal moves joined by ", "; {why} the cause's
 *             own template, filled
 *   {set}     the tiles of `tiles` printed as pintas_tileset_print does
 *             ("0|0 5|3", "" for none); {missing} PINTAS_TEXT_MISSING when
 *             `tiles` is not empty, else nothing */
typedef struct pintas_refusal {
    uint16_t cause;       /* pintas_cause */
    uint8_t refused;      /* PINTAS_REFUSED_NOTATION or _ILLEGAL (0 for NONE) */
    uint8_t seat;         /* the seat to move */
    uint8_t tile;
    uint8_t end;          /* line end or Caminos side named, or NONE */
    uint8_t other;        /* the other end or side where the tile fits, or NONE */
    uint8_t sides;        /* Caminos {wants}: bit 0 front, bit 1 back */
    uint8_t numbers[2];   /* the open ends (line), or each side's number (Caminos) */
    uint8_t given;
    uint8_t roll_n;
    uint8_t roll[PINTAS_DICE_COUNT];
    uint16_t places;
    uint32_t path;
    uint32_t count;
    pintas_mask tiles;
    pintas_dice_set dice;
    pintas_dice_set pool;
    size_t text_off, text_len;
    size_t word_off, word_len;
    size_t path_off, path_len;
    /* the move refused, for {shown} when the text is not given */
    uint8_t game;         /* PINTAS_NOTATION_LINE / _CAMINOS / _DICE, or 0 */
    pintas_line_move line_move;
    pintas_caminos_move caminos_move;
    pintas_dice_move dice_move;
} pintas_refusal;

#define PINTAS_NOTATION_LINE 1
#define PINTAS_NOTATION_CAMINOS 2
#define PINTAS_NOTATION_DICE 3

/* The template of a cause or text (pintas_cause), with its placeholders in
 * braces; "" for a code outside the table. A static string, never NULL. */
const char *pintas_cause_template(int cause);

/* PINTAS_REFUSED_NOTATION, PINTAS_REFUSED_ILLEGAL or PINTAS_REFUSED_DEAL
 * for a cause, 0 for NONE and the frames and parts. */
int pintas_cause_class(int cause);

/* Write the message of a refusal that needs no game state (every notation
 * cause) into buf[0..cap), NUL-terminated, and its length (without the NUL)
 * into *n. text/len is the text that was read (NULL with len 0 when there
 * was none). PINTAS_OK; PINTAS_E_BUFFER when cap is too small (buf holds as
 * much as fits, NUL-terminated, if cap > 0, and *n the length needed);
 * PINTAS_E_ARG for NULL pointers or a cause that needs a game (use the
 * game's own pintas_*_refusal_text, or for a deal pintas_*_deal_refusal_text). */
int pintas_notation_refusal_text(const pintas_refusal *why, const uint8_t *text, size_t len,
                                 char *buf, size_t cap, size_t *n);

/* ---- tiles and sets of tiles ---------------------------------------------- */

/* Read a tile written "a|b" (Tile.parse): PINTAS_OK and *tile its index;
 * PINTAS_E_NOTATION with *why naming the cause (TILE_LONG, TILE_FORM,
 * TILE_ENDS); PINTAS_E_ARG for NULL pointers (text may be NULL when len is 0). */
int pintas_tile_parse(const uint8_t *text, size_t len, uint8_t *tile, pintas_refusal *why);

/* Read a set of tiles (TileSet.parse): tiles separated by whitespace or
 * commas, repeats allowed, "" the empty set. PINTAS_OK and *mask;
 * PINTAS_E_NOTATION with *why (TILES_LONG, or the first bad tile's TILE_FORM
 * or TILE_ENDS quoting that tile's word); PINTAS_E_ARG for NULL pointers. */
int pintas_tileset_parse(const uint8_t *text, size_t len, pintas_mask *mask,
                         pintas_refusal *why);

/* Print a tile ("6|4", high end first) or a set ("0|0 5|3 6|6": ascending
 * index, one space between) into buf, NUL-terminated, *n its length.
 * PINTAS_E_ARG for NULL or a tile index >= 28 (a mask's bits above 27 are
 * ignored), PINTAS_E_BUFFER for cap < PINTAS_NOTATION_MAX. */
int pintas_tile_print(uint8_t tile, char *buf, size_t cap, size_t *n);
int pintas_tileset_print(pintas_mask mask, char *buf, size_t cap, size_t *n);

/* ---- line games ----------------------------------------------------------- */

/* Read a line move in full notation (Move.parse): "6|4L", "4|6 r", "draw",
 * "pass", any case. PINTAS_OK and *m; PINTAS_E_NOTATION with *why (MOVE_LONG,
 * LINE_FORM); PINTAS_E_ARG for NULL pointers. */
int pintas_line_move_parse(const uint8_t *text, size_t len, pintas_line_move *m,
                           pintas_refusal *why);

/* Read the legal move of the seat to move that text names (Game.parse_move):
 * full notation, the aliases paso and p (pass), robo, robar and d (draw),
 * or a bare tile that fits one way. PINTAS_OK and *m (a legal move);
 * PINTAS_E_NOTATION (MOVE_LONG, LINE_FORM, TILE_FORM, TILE_ENDS,
 * LINE_BOTH_ENDS), PINTAS_E_ILLEGAL (a cause of pintas_line_why) or
 * PINTAS_E_OVER (OVER) with *why; PINTAS_E_ARG for NULL pointers or a state
 * that is not one the engine makes. */
int pintas_line_parse_in(const pintas_line_state *s, const uint8_t *text, size_t len,
                         pintas_line_move *m, pintas_refusal *why);

/* Print a line move as Python's str(): "6|4L", "draw", "pass". PINTAS_E_ARG
 * for NULL or a malformed move, PINTAS_E_BUFFER for cap < PINTAS_NOTATION_MAX. */
int pintas_line_move_print(const pintas_line_move *m, char *buf, size_t cap, size_t *n);

/* Why *m is not legal for the seat to move, in Python's order of causes:
 * PINTAS_OK (legal; why->cause NONE), PINTAS_E_ILLEGAL with why->cause
 * NOT_HELD, LINE_OPEN_WITH, LINE_FIRST_LEFT, LINE_NO_END, LINE_WRONG_END,
 * LINE_MUST_PLAY, LINE_MUST_DRAW, LINE_NO_DRAWING, LINE_EMPTY or UNNAMED;
 * PINTAS_E_OVER (OVER) once the game is over; PINTAS_E_ARG for NULL. */
int pintas_line_why(const pintas_line_state *s, const pintas_line_move *m, pintas_refusal *why);

/* Write the message of a refusal of a line game (any cause; the state is
 * needed for the illegal ones, whose frame names the seat and lists the legal
 * moves, and may be NULL for the others): as pintas_notation_refusal_text. */
int pintas_line_refusal_text(const pintas_line_state *s, const pintas_refusal *why,
                             const uint8_t *text, size_t len, char *buf, size_t cap,
                             size_t *n);

/* ---- Caminos ------------------------------------------------------------- */

/* Read a Caminos move in full notation (Move.parse): "5|3 front 2",
 * "reveal 6|4", "draw", "pass", any case and spacing. PINTAS_OK and *m (path
 * 0-based); PINTAS_E_NOTATION with *why (MOVE_LONG, CAMINOS_FORM). */
int pintas_caminos_move_parse(const uint8_t *text, size_t len, pintas_caminos_move *m,
                              pintas_refusal *why);

/* Read the legal move text names (Game.parse_move): full notation or a short
 * form: the side as f/b (or adelante, frente, delante, atras, atrás, detras,
 * detrás) and glued to the path ("5|3 f2"), the side or the path left out
 * when only one place fits, a bare tile while revealing, commas for spaces,
 * and the aliases d, robar, robo, roba (draw), p, paso, pasar, pasa (pass),
 * r, revelar, revelo (reveal). PINTAS_OK and *m; PINTAS_E_NOTATION,
 * PINTAS_E_ILLEGAL or PINTAS_E_OVER with *why; PINTAS_E_ARG for NULL. */
int pintas_caminos_parse_in(const pintas_caminos_state *s, const uint8_t *text, size_t len,
                            pintas_caminos_move *m, pintas_refusal *why);

/* Print a Caminos move: "5|3 front 2" (path from 1), "reveal 6|4", "draw",
 * "pass". PINTAS_E_ARG / PINTAS_E_BUFFER as pintas_line_move_print. */
int pintas_caminos_move_print(const pintas_caminos_move *m, char *buf, size_t cap, size_t *n);

/* Why *m is not legal now (as pintas_line_why): NOT_HELD and the CAMINOS_*
 * causes of an illegal move, or UNNAMED. */
int pintas_caminos_why(const pintas_caminos_state *s, const pintas_caminos_move *m,
                       pintas_refusal *why);

/* As pintas_line_refusal_text, for Caminos. */
int pintas_caminos_refusal_text(const pintas_caminos_state *s, const pintas_refusal *why,
                                const uint8_t *text, size_t len, char *buf, size_t cap,
                                size_t *n);

/* ---- dice ---------------------------------------------------------------- */

/* Read a dice move (Move.parse; Game.parse_move reads the same and then
 * checks the move): "roll", "roll 1 5 6 4 4 3" (1..6 dice in roll order,
 * also "roll 156" or with commas), "keep 1 5" (1..6 dice), "bank", any case.
 * PINTAS_OK and *m; PINTAS_E_NOTATION with *why (MOVE_LONG, DICE_FORM). */
int pintas_dice_move_parse(const uint8_t *text, size_t len, pintas_dice_move *m,
                           pintas_refusal *why);

/* pintas_dice_move_parse, then pintas_dice_why: the legal move text names. */
int pintas_dice_parse_in(const pintas_dice_state *s, const uint8_t *text, size_t len,
                         pintas_dice_move *m, pintas_refusal *why);

/* Print a dice move: "roll", "roll 1 5 6 4 4 3", "keep 1 5" (ascending),
 * "bank". PINTAS_E_ARG / PINTAS_E_BUFFER as pintas_line_move_print. */
int pintas_dice_move_print(const pintas_dice_move *m, char *buf, size_t cap, size_t *n);

/* Why *m is not legal now (as pintas_line_why): the DICE_* causes, or
 * UNNAMED. */
int pintas_dice_why(const pintas_dice_state *s, const pintas_dice_move *m, pintas_refusal *why);

/* As pintas_line_refusal_text, for dice; the legal moves are listed as
 * Python lists them (keeps by most points, then fewest dice, then the dice). */
int pintas_dice_refusal_text(const pintas_dice_state *s, const pintas_refusal *why,
                             const uint8_t *text, size_t len, char *buf, size_t cap, size_t *n);

/* ---- hand-made deals ------------------------------------------------------ */

/* Why *d is not a deal of the line rules *r (Python's Deal.check, its causes
 * in its order). `hands` is how many hands the deal lists: hand[0..hands),
 * and any non-empty mask past them counts as listed too. PINTAS_OK (a deal
 * of the rules; why->cause NONE) or PINTAS_E_DEAL with *why:
 *   DEAL_NO_TILE       a hand holds a bit past the 28 tiles, or the boneyard
 *                      a tile index >= 28 (count: the first; Python's Deal
 *                      cannot name one)
 *   DEAL_HANDS         the hands listed are not r->players (given: players,
 *                      count: the hands)
 *   DEAL_HAND_SIZE     seat `seat`, the first in seat order, holds count
 *                      tiles, not 7 (given; tiles: its hand)
 *   DEAL_TWICE         tiles in the hand of `seat` and an earlier one, or
 *                      listed twice in the boneyard (tiles: those)
 *   DEAL_LINE_IN_BONEYARD  tiles in a hand and in the boneyard (tiles)
 *   DEAL_LINE_BONEYARD the rules draw and the boneyard does not list the
 *                      given = 28 - 7 x players undealt tiles (count: its
 *                      boneyard_len)
 *   DEAL_LINE_SET_ASIDE    the rules never draw and the boneyard lists
 *                      count tiles
 * The boneyard's tiles past the 28th are never read. PINTAS_E_ARG for NULL
 * pointers or rules pintas_line_rules_check refuses. pintas_line_new_dealt,
 * _new_chance and _set_deal refuse with PINTAS_E_DEAL exactly the deals this
 * refuses with hands = players. */
int pintas_line_deal_why(const pintas_line_rules *r, const pintas_line_deal *d, unsigned hands,
                         pintas_refusal *why);

/* Write the message of a deal's refusal (a cause of pintas_line_deal_why for
 * the same rules) into buf[0..cap), NUL-terminated, and its length (without
 * the NUL) into *n: word for word the Python package's, {rules} as
 * pintas_settings_text writes them. PINTAS_OK; PINTAS_E_BUFFER as
 * pintas_notation_refusal_text (320 bytes always hold it); PINTAS_E_ARG for
 * NULL pointers, a cause that is not a deal's or rules the check refuses. */
int pintas_line_deal_refusal_text(const pintas_line_rules *r, const pintas_refusal *why,
                                  char *buf, size_t cap, size_t *n);

/* As pintas_line_deal_why, for Caminos: `paths` is how many path centres the
 * deal lists (path[0..paths) when paths <= PINTAS_CAMINOS_MAX_PATHS; never
 * read when paths is not r->paths), `hands` as there. The causes, in order:
 *   DEAL_CAMINOS_PATHS paths is not r->paths (given: r->paths, count: paths)
 *   DEAL_NO_TILE       a centre, hand or pile names no tile (count)
 *   DEAL_TWICE         a centre listed twice, tiles in the hand of `seat`
 *                      and a centre or an earlier hand, or tiles listed
 *                      twice in the pile (tiles: those)
 *   DEAL_HANDS, DEAL_HAND_SIZE  as pintas_line_deal_why (given: r->hand_size)
 *   DEAL_CAMINOS_IN_PILE   tiles in the pile and dealt too (tiles)
 *   DEAL_CAMINOS_PILE  the pile does not list the given = 28 - paths -
 *                      players x hand_size undealt tiles (count: pile_len;
 *                      tiles: those neither dealt nor in the pile)
 * PINTAS_E_ARG for NULL pointers or rules pintas_caminos_rules_check
 * refuses. pintas_caminos_new_dealt, _new_chance and _set_deal refuse with
 * PINTAS_E_DEAL exactly the deals this refuses with paths = r->paths and
 * hands = r->players. */
int pintas_caminos_deal_why(const pintas_caminos_rules *r, const pintas_caminos_deal *d,
                            unsigned paths, unsigned hands, pintas_refusal *why);

/* As pintas_line_deal_refusal_text, for Caminos. */
int pintas_caminos_deal_refusal_text(const pintas_caminos_rules *r, const pintas_refusal *why,
                                     char *buf, size_t cap, size_t *n);

/* ---- one interface to every game's notation ------------------------------ */

/* A game's notation functions above, called through untyped pointers to its
 * own state and move structs (as pintas/engine.h does for play), so that a
 * host reads, prints and refuses the moves of any game with one piece of
 * code. Each has the contract of the game's own function. A table of its own
 * rather than fields of the engine table: a firmware that plays through the
 * engines links no notation unless it names these. */
typedef struct pintas_notation_table {
    int (*move_parse)(const uint8_t *text, size_t len, void *move, pintas_refusal *why);
    int (*parse_in)(const void *state, const uint8_t *text, size_t len, void *move,
                    pintas_refusal *why);
    int (*move_print)(const void *move, char *buf, size_t cap, size_t *n);
    int (*why)(const void *state, const void *move, pintas_refusal *why);
    int (*refusal_text)(const void *state, const pintas_refusal *why, const uint8_t *text,
                        size_t len, char *buf, size_t cap, size_t *n);
} pintas_notation_table;

extern const pintas_notation_table pintas_line_notation;
extern const pintas_notation_table pintas_caminos_notation;
extern const pintas_notation_table pintas_dice_notation;

#ifdef __cplusplus
}
#endif

#endif /* PINTAS_NOTATION_H */

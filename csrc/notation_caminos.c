/* notation_caminos.c - Caminos moves as text: read in full notation
 * (Move.parse) or in a game's context with its short forms and Spanish
 * words (Game.parse_move), printed as str() prints them, and the messages of
 * their refusals. */
#include "notation_internal.h"

static const char *const draw_words[] = {"draw", "d", "robar", "robo", "roba"};
static const char *const pass_words[] = {"pass", "p", "paso", "pasar", "pasa"};
static const char *const reveal_words[] = {"reveal", "r", "revelar", "revelo"};
/* The side words: the first five name the front, the rest the back. */
static const char *const side_words[] = {"front", "f",     "adelante", "frente",
                                         "delante", "back", "b",       "atras",
                                         "atr\xc3\xa1s", "detras", "detr\xc3\xa1s"};
#define FRONT_WORDS 5

static void set_move(pintas_caminos_move *m, uint8_t kind, uint8_t tile, uint8_t path,
                     uint8_t side)
{
    m->kind = kind;
    m->tile = tile;
    m->path = path;
    m->side = side;
}

/* The number written by ASCII digits (saturating far above any path). */
static uint32_t number_of(const uint8_t *text, pintas__span d)
{
    uint32_t v = 0;
    size_t k;
    for (k = 0; k < d.len; ++k)
        v = v > 100000u ? v : v * 10u + (uint32_t)(text[d.off + k] - '0');
    return v;
}

static int all_digits(const uint8_t *text, pintas__span d)
{
    size_t k;
    for (k = 0; k < d.len; ++k)
        if (text[d.off + k] < '0' || text[d.off + k] > '9')
            return 0;
    return d.len > 0;
}

/* Move.parse on a text within the length cap. */
static int read_full(const uint8_t *text, size_t len, pintas_caminos_move *m)
{
    pintas__span all = pintas__strip(text, pintas__whole(len)), w[3];
    size_t pos = all.off, n = 0;
    uint8_t tile = 0;
    uint32_t path;
    pintas__span word;
    while (pintas__next_word(text, all, &pos, 0, &word))
        if (n++ < 3)
            w[n - 1] = word;
    if (n == 1 && (pintas__is(text, w[0], "draw") || pintas__is(text, w[0], "pass"))) {
        set_move(m, pintas__is(text, w[0], "draw") ? PINTAS_CAMINOS_DRAW : PINTAS_CAMINOS_PASS,
                 PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH, 0);
        return PINTAS_OK;
    }
    if (n == 2 && pintas__is(text, w[0], "reveal") &&
        pintas__tile_in(text, w[1], &tile) == PINTAS_CAUSE_NONE) {
        set_move(m, PINTAS_CAMINOS_REVEAL, tile, PINTAS_CAMINOS_NO_PATH, 0);
        return PINTAS_OK;
    }
    if (n == 3 && (pintas__is(text, w[1], "front") || pintas__is(text, w[1], "back")) &&
        all_digits(text, w[2]) && pintas__tile_in(text, w[0], &tile) == PINTAS_CAUSE_NONE) {
        path = number_of(text, w[2]);
        if (path >= 1 && path <= PINTAS_CAMINOS_MAX_PATHS) {
            set_move(m, PINTAS_CAMINOS_PLACE, tile, (uint8_t)(path - 1),
                     pintas__is(text, w[1], "back") ? PINTAS_CAMINOS_BACK : PINTAS_CAMINOS_FRONT);
            return PINTAS_OK;
        }
    }
    return PINTAS_E_NOTATION;
}

/* Refuse the text as no Caminos move: PINTAS_E_NOTATION. */
static int refuse_text(pintas_refusal *why, int cause, size_t len)
{
    return pintas__refuse_text(why, cause, PINTAS_NOTATION_CAMINOS, len);
}

int pintas_caminos_move_parse(const uint8_t *text, size_t len, pintas_caminos_move *m,
                              pintas_refusal *why)
{
    pintas_caminos_move read;
    int status = pintas__read_start(text, len, why, PINTAS_CAUSE_MOVE_LONG, m != NULL);
    if (status != PINTAS_OK)
        return status;
    if (read_full(text, len, &read) != PINTAS_OK)
        return refuse_text(why, PINTAS_CAUSE_CAMINOS_FORM, len);
    pintas__refuse(why, PINTAS_CAUSE_NONE, len);
    *m = read;
    return PINTAS_OK;
}

/* _tile_in: the tile a word is; else the move's form, quoting the word
 * unless it is the whole (stripped) text. */
static int tile_word(const uint8_t *text, size_t len, pintas__span word, uint8_t *tile,
                     pintas_refusal *why)
{
    pintas__span all = pintas__strip(text, pintas__whole(len));
    if (pintas__tile_in(text, word, tile) == PINTAS_CAUSE_NONE)
        return PINTAS_OK;
    if (word.off == all.off && word.len == all.len)
        return refuse_text(why, PINTAS_CAUSE_CAMINOS_FORM, len);
    refuse_text(why, PINTAS_CAUSE_CAMINOS_NOT_TILE, len);
    why->word_off = word.off;
    why->word_len = word.len;
    return PINTAS_E_NOTATION;
}

/* Where a placement goes: the side and path the words after its tile name
 * (_where). side NONE and path_len 0 when not named. */
typedef struct place_words {
    uint8_t side;
    uint32_t path;
    pintas__span path_digits;
} place_words;

static int read_where(const uint8_t *text, size_t len, pintas__span all, size_t pos,
                      place_words *at, pintas_refusal *why)
{
    pintas__span word, letters, digits;
    int k;
    at->side = PINTAS_NOTATION_NONE;
    at->path = 0;
    at->path_digits.off = at->path_digits.len = 0;
    while (pintas__next_word(text, all, &pos, 1, &word)) {
        letters = digits = word;
        while (letters.len && text[letters.off + letters.len - 1] >= '0' &&
               text[letters.off + letters.len - 1] <= '9')
            --letters.len;
        digits.off = letters.off + letters.len;
        digits.len = word.len - letters.len;
        if (letters.len) {
            k = pintas__among(text, letters, side_words, 11);
            if (k < 0 || at->side != PINTAS_NOTATION_NONE) {
                refuse_text(why, PINTAS_CAUSE_CAMINOS_NOT_SIDE, len);
                why->word_off = word.off;
                why->word_len = word.len;
                return PINTAS_E_NOTATION;
            }
            at->side = k < FRONT_WORDS ? PINTAS_CAMINOS_FRONT : PINTAS_CAMINOS_BACK;
        }
        if (digits.len) {
            if (at->path_digits.len || number_of(text, digits) < 1) {
                refuse_text(why, PINTAS_CAUSE_CAMINOS_NOT_PATH, len);
                why->word_off = word.off;
                why->word_len = word.len;
                return PINTAS_E_NOTATION;
            }
            at->path = number_of(text, digits);
            at->path_digits = digits;
        }
    }
    return PINTAS_OK;
}

/* _legal_or_raise: the move if it is legal, else why not. */
static int legal_or_why(const pintas_caminos_state *s, const pintas_caminos_move *read,
                        pintas_caminos_move *m, pintas_refusal *why)
{
    int status = pintas_caminos_why(s, read, why);
    if (status == PINTAS_OK)
        *m = *read;
    return status;
}

/* A placement named by a tile and what the words say of where. */
static int read_placement(const pintas_caminos_state *s, uint8_t tile, const place_words *at,
                          size_t len, pintas_caminos_move *m, pintas_refusal *why)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES], fit = {0, 0, 0, 0};
    size_t n = 0, k, fits = 0;
    uint16_t places = 0;
    if (pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) != PINTAS_OK)
        return PINTAS_E_ARG;
    for (k = 0; k < n; ++k) {
        const pintas_caminos_move *c = &moves[k];
        if (c->kind != PINTAS_CAMINOS_PLACE || c->tile != tile ||
            (at->side != PINTAS_NOTATION_NONE && c->side != at->side) ||
            (at->path_digits.len && c->path + 1u != at->path))
            continue;
        fit = *c;
        ++fits;
        places |= (uint16_t)(1u << (2u * c->path + c->side));
    }
    if (fits == 1) {
        *m = fit;
        return PINTAS_OK;
    }
    if (fits > 1) {
        refuse_text(why, PINTAS_CAUSE_CAMINOS_MANY, len);
        why->tile = tile;
        why->places = places;
        return PINTAS_E_NOTATION;
    }
    if (at->side != PINTAS_NOTATION_NONE && at->path_digits.len) {
        if (at->path > PINTAS_CAMINOS_MAX_PATHS) { /* Move.place refuses the number */
            refuse_text(why, PINTAS_CAUSE_CAMINOS_PATH_RANGE, len);
            why->path_off = at->path_digits.off;
            why->path_len = at->path_digits.len;
            return PINTAS_E_NOTATION;
        }
        set_move(&fit, PINTAS_CAMINOS_PLACE, tile, (uint8_t)(at->path - 1), at->side);
        return legal_or_why(s, &fit, m, why);
    }
    if (s->phase != PINTAS_CAMINOS_REVEALING && s->phase != PINTAS_CAMINOS_PLAYING) {
        pintas__refuse_move(why, PINTAS_CAUSE_OVER, PINTAS_NOTATION_CAMINOS, s->to_move);
        return PINTAS_E_OVER;
    }
    (void)pintas__caminos_placement(s, tile, at->side, at->path_digits.len ? at->path : 0, why);
    why->path_off = at->path_digits.off;
    why->path_len = at->path_digits.len;
    return PINTAS_E_ILLEGAL;
}

static int read_in(const pintas_caminos_state *s, const uint8_t *text, size_t len,
                   pintas_caminos_move *m, pintas_refusal *why)
{
    pintas__span all = pintas__strip(text, pintas__whole(len)), first, second;
    size_t pos = all.off, n = pintas__word_count(text, all, 1);
    pintas_caminos_move read;
    place_words at;
    uint8_t tile = 0;
    if (!pintas__next_word(text, all, &pos, 1, &first))
        return refuse_text(why, PINTAS_CAUSE_CAMINOS_FORM, len);
    if (n == 1 && pintas__among(text, first, draw_words, 5) >= 0) {
        set_move(&read, PINTAS_CAMINOS_DRAW, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH, 0);
        return legal_or_why(s, &read, m, why);
    }
    if (n == 1 && pintas__among(text, first, pass_words, 5) >= 0) {
        set_move(&read, PINTAS_CAMINOS_PASS, PINTAS_NO_TILE, PINTAS_CAMINOS_NO_PATH, 0);
        return legal_or_why(s, &read, m, why);
    }
    if (pintas__among(text, first, reveal_words, 4) >= 0) {
        if (n != 2)
            return refuse_text(why, PINTAS_CAUSE_CAMINOS_REVEAL_FORM, len);
        (void)pintas__next_word(text, all, &pos, 1, &second);
        if (tile_word(text, len, second, &tile, why) != PINTAS_OK)
            return PINTAS_E_NOTATION;
        set_move(&read, PINTAS_CAMINOS_REVEAL, tile, PINTAS_CAMINOS_NO_PATH, 0);
        return legal_or_why(s, &read, m, why);
    }
    if (tile_word(text, len, first, &tile, why) != PINTAS_OK ||
        read_where(text, len, all, pos, &at, why) != PINTAS_OK)
        return PINTAS_E_NOTATION;
    if (s->phase == PINTAS_CAMINOS_REVEALING && at.side == PINTAS_NOTATION_NONE &&
        at.path_digits.len == 0) {
        set_move(&read, PINTAS_CAMINOS_REVEAL, tile, PINTAS_CAMINOS_NO_PATH, 0);
        return legal_or_why(s, &read, m, why);
    }
    return read_placement(s, tile, &at, len, m, why);
}

int pintas_caminos_parse_in(const pintas_caminos_state *s, const uint8_t *text, size_t len,
                            pintas_caminos_move *m, pintas_refusal *why)
{
    static const pintas_caminos_move pass = {PINTAS_CAMINOS_PASS, PINTAS_NO_TILE,
                                             PINTAS_CAMINOS_NO_PATH, 0};
    int status = pintas__read_start(text, len, why, PINTAS_CAUSE_MOVE_LONG,
                                    m != NULL && s != NULL &&
                                        pintas_caminos_check(s, &pass) != PINTAS_E_ARG);
    if (status != PINTAS_OK)
        return status;
    status = read_in(s, text, len, m, why);
    if (status == PINTAS_OK)
        pintas__refuse(why, PINTAS_CAUSE_NONE, len);
    return pintas__read_end(why, len, status);
}

/* ---- printing --------------------------------------------------------------- */

static int move_ok(const void *move)
{
    const pintas_caminos_move *m = move;
    if (m->kind == PINTAS_CAMINOS_PLACE)
        return m->tile < PINTAS_TILE_COUNT && m->path < PINTAS_CAMINOS_MAX_PATHS &&
               m->side <= PINTAS_CAMINOS_BACK;
    if (m->kind == PINTAS_CAMINOS_REVEAL)
        return m->tile < PINTAS_TILE_COUNT;
    return m->kind == PINTAS_CAMINOS_DRAW || m->kind == PINTAS_CAMINOS_PASS;
}

static void put_move(pintas__out *o, const void *move)
{
    const pintas_caminos_move *m = move;
    if (m->kind == PINTAS_CAMINOS_PLACE) {
        pintas__put_tile(o, m->tile);
        pintas__putc(o, ' ');
        pintas__puts(o, pintas_caminos_side_name(m->side ? PINTAS_CAMINOS_BACK : PINTAS_CAMINOS_FRONT));
        pintas__putc(o, ' ');
        pintas__put_uint(o, m->path + 1u);
    } else if (m->kind == PINTAS_CAMINOS_REVEAL) {
        pintas__puts(o, "reveal ");
        pintas__put_tile(o, m->tile);
    } else
        pintas__puts(o, m->kind == PINTAS_CAMINOS_DRAW ? "draw" : "pass");
}

static int fits(const void *s, const pintas_refusal *r);
static int put_own(pintas__out *o, const char *p, const void *s, const pintas_refusal *r);

static const pintas__move_text caminos_text = {
    move_ok, put_move, offsetof(pintas_refusal, caminos_move), fits, put_own};

/* {places}: 'a' or 'b' or 'c'. */
static void put_places(pintas__out *o, const pintas_refusal *r)
{
    pintas_caminos_move m;
    unsigned bit, first = 1;
    for (bit = 0; bit < 2u * PINTAS_CAMINOS_MAX_PATHS; ++bit) {
        if (!(r->places >> bit & 1u))
            continue;
        if (!first)
            pintas__puts(o, " or ");
        set_move(&m, PINTAS_CAMINOS_PLACE, r->tile, (uint8_t)(bit >> 1), (uint8_t)(bit & 1u));
        pintas__put_shown(o, &caminos_text, &m);
        first = 0;
    }
}

/* A state (or NULL) for the message: one the engine takes. */
static int fits(const void *s, const pintas_refusal *r)
{
    static const pintas_caminos_move pass = {PINTAS_CAMINOS_PASS, PINTAS_NO_TILE,
                                             PINTAS_CAMINOS_NO_PATH, 0};
    (void)r;
    return s == NULL || pintas_caminos_check(s, &pass) != PINTAS_E_ARG;
}

/* {places}; {legal}: the legal moves, given a state. */
static int put_own(pintas__out *o, const char *p, const void *s, const pintas_refusal *r)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0;
    if (pintas__placeholder_is(p, "places") && r->tile < PINTAS_TILE_COUNT)
        put_places(o, r);
    else if (pintas__placeholder_is(p, "legal") && s != NULL) {
        if (pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) == PINTAS_OK)
            pintas__put_moves(o, put_move, moves, sizeof moves[0], n);
    } else
        return PINTAS_E_ARG;
    return PINTAS_OK;
}

PINTAS__MOVE_TEXT_ENTRIES(caminos, caminos_text)

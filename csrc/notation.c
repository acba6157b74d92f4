/* notation.c - what every game's notation shares: reading UTF-8 text as
 * Python's str methods read it (whitespace, lower case, words), the length
 * cap, tiles and sets of tiles, writing into a caller's buffer, quoting as
 * repr() does, and the table of messages with its placeholders filled. */
#include <string.h>

#include "notation_internal.h"

/* ---- the messages ---------------------------------------------------------- */

/* Word for word the messages of the Python package (pintas.errors users). */
static const char *const templates[PINTAS_TEXT_COUNT] = {
    "",
    "a tile is written in at most 1000 characters: got {length} ({head}...)",
    "a set of tiles is written in at most 1000 characters: got {length} ({head}...)",
    "a move is written in at most 1000 characters: got {length} ({head}...)",
    "a tile is written like '6|4': got {text}",
    "a tile's ends are 0..6: got {text}",
    "a move is written like '6|4L', '6|4R', 'draw' or 'pass': got {text}",
    "{text} fits both ends: say {tile}L or {tile}R",
    "a move is written like '5|3 front 2', 'reveal 6|4', 'draw' or 'pass': got {text}",
    "a move is written like '5|3 front 2', 'reveal 6|4', 'draw' or 'pass': "
    "{word} in {text} is not a tile",
    "a reveal is written like 'reveal 6|4': got {text}",
    "a placement is written like '5|3 front 2': {word} in {text} is not a side",
    "a placement is written like '5|3 front 2': {word} in {text} is not a path number",
    "a path number is 1..8: got {path}",
    "{text} fits more than one place: say {places}",
    "a move is written like 'roll', 'roll 1 5 6 4 4 3', 'keep 1 5' or 'bank': got {text}",
    "the game is over: {shown} cannot be played",
    "",
    "you do not hold {tile}",
    "you must open the round with {tile}",
    "the round's first tile goes at the left: {tile}L",
    "{tile} does not match an open end (ends {left} and {right})",
    "{tile} does not match the {end} end ({number}): it fits the {other} ({tile}{other_end})",
    "you must play a tile: {tiles} {fit}",
    "you must draw: the boneyard holds {count} tiles",
    "nobody draws in {rules}: pass",
    "the boneyard is empty: pass",
    "the round's starter is being revealed: you must reveal a tile",
    "you have revealed {tile} already this round",
    "the round is under way: a reveal only decides who starts a round",
    "you must place a tile: {tiles} {fit}",
    "you must draw: the pile holds {count} tiles",
    "the pile is empty: pass",
    "there is no path {path}: the paths are 1..{count}",
    "{tile} matches no open side of any path",
    "{tile} matches the {side} of no path",
    "path {path} is gone: the pile could not renew it",
    "path {path} is full and closed",
    "the {side} of path {path} is full{fits_other}",
    "{tile} does not match path {path} ({wants}){fits_other}",
    "you must first keep scoring dice from the roll ({roll})",
    "the roll ({roll}) does not hold {dice}",
    "not every die kept would score{with_pool}",
    "you have kept from this roll already: roll again or bank",
    "there is no roll to keep from: you cannot keep now",
    "there are {count} dice to roll, not {given}",
    "hot dice: you must roll all six dice again before banking",
    "you have kept nothing to bank: you must roll first",
    "{shown} is not legal now for seat {seat}: {why} (legal: {legal})",
    "{shown} is not legal now for seat {seat} (legal: {legal})",
    ": it fits the {other} ({tile} {other} {path})",
    "its {side} takes a {number}",
    " (with the pool {pool})",
    "a tile index is 0..27: got {count}",
    "{given} players need {given} hands: got {count}",
    "seat {seat} must hold {given} tiles: got {count} ({set})",
    "dealt twice: {set}",
    "in a hand and in the boneyard: {set}",
    "the boneyard must list the {given} undealt tiles in draw order: got {count}",
    "{rules} never draws: the undealt tiles are set aside, so the boneyard must be empty "
    "(got {count})",
    "{rules} reveals {given} paths: got {count}",
    "in the pile and dealt too: {set}",
    "the pile must list the {given} undealt tiles in draw order: got {count}{missing}",
    " (missing {set})",
};

const char *pintas_cause_template(int cause)
{
    return cause >= 0 && cause < PINTAS_TEXT_COUNT ? templates[cause] : "";
}

int pintas_cause_class(int cause)
{
    if (cause > PINTAS_CAUSE_NONE && cause < PINTAS_CAUSE_OVER)
        return PINTAS_REFUSED_NOTATION;
    if (cause >= PINTAS_CAUSE_OVER && cause < PINTAS_TEXT_ILLEGAL)
        return PINTAS_REFUSED_ILLEGAL;
    if (cause >= PINTAS_CAUSE_DEAL_NO_TILE && cause < PINTAS_TEXT_MISSING)
        return PINTAS_REFUSED_DEAL;
    return 0;
}

/* ---- reading text ---------------------------------------------------------- */

/* The core links nothing but memcpy and memset: these few string helpers are its own. */
static size_t length_of(const char *s)
{
    size_t n = 0;
    while (s[n])
        ++n;
    return n;
}

/* The first b in p[0..n), or NULL. */
static const uint8_t *find_byte(const uint8_t *p, size_t n, uint8_t b)
{
    size_t k;
    for (k = 0; k < n; ++k)
        if (p[k] == b)
            return p + k;
    return NULL;
}

static const char *find_char(const char *s, char c)
{
    while (*s && *s != c)
        ++s;
    return *s ? s : NULL;
}

uint32_t pintas__char_at(const uint8_t *text, size_t end, size_t i, size_t *step)
{
    static const uint32_t least[4] = {0, 0x80, 0x800, 0x10000};
    uint8_t b = text[i];
    uint32_t c;
    size_t n, k;
    *step = 1;
    if (b < 0x80)
        return b;
    n = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    if (n == 0 || b >= 0xF5 || end - i <= n)
        return PINTAS__BAD + b;
    c = b & (0x3Fu >> n);
    for (k = 1; k <= n; ++k) {
        if ((text[i + k] & 0xC0) != 0x80)
            return PINTAS__BAD + b;
        c = c << 6 | (text[i + k] & 0x3Fu);
    }
    if (c < least[n] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF))
        return PINTAS__BAD + b;
    *step = n + 1;
    return c;
}

int pintas__is_space(uint32_t c)
{
    if (c < 0x80)
        return c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F);
    return c == 0x85 || c == 0xA0 || c == 0x1680 || (c >= 0x2000 && c <= 0x200A) ||
           c == 0x2028 || c == 0x2029 || c == 0x202F || c == 0x205F || c == 0x3000;
}

uint32_t pintas__lower(uint32_t c)
{
    if ((c >= 'A' && c <= 'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7))
        return c + 0x20;
    return c == 0x212A ? 'k' : c;
}

pintas__span pintas__whole(size_t len)
{
    pintas__span s;
    s.off = 0;
    s.len = len;
    return s;
}

pintas__span pintas__strip(const uint8_t *text, pintas__span s)
{
    size_t i = s.off, end = s.off + s.len, step, first = end, last = end;
    while (i < end) {
        uint32_t c = pintas__char_at(text, end, i, &step);
        if (!pintas__is_space(c)) {
            if (first == end)
                first = i;
            last = i + step;
        }
        i += step;
    }
    s.off = first;
    s.len = first == end ? 0 : last - first;
    return s;
}

/* 1 if c ends a word: whitespace, or a comma where commas separate. */
static int separates(uint32_t c, int commas)
{
    return pintas__is_space(c) || (commas && c == ',');
}

int pintas__next_word(const uint8_t *text, pintas__span s, size_t *pos, int commas,
                      pintas__span *word)
{
    size_t end = s.off + s.len, i = *pos, step, start;
    while (i < end && separates(pintas__char_at(text, end, i, &step), commas))
        i += step;
    if (i >= end) {
        *pos = end;
        return 0;
    }
    start = i;
    while (i < end && !separates(pintas__char_at(text, end, i, &step), commas))
        i += step;
    word->off = start;
    word->len = i - start;
    *pos = i;
    return 1;
}

size_t pintas__word_count(const uint8_t *text, pintas__span s, int commas)
{
    size_t pos = s.off, n = 0;
    pintas__span w;
    while (pintas__next_word(text, s, &pos, commas, &w))
        ++n;
    return n;
}

int pintas__is(const uint8_t *text, pintas__span s, const char *word)
{
    const uint8_t *w = (const uint8_t *)word;
    size_t i = s.off, end = s.off + s.len, j = 0, wlen = length_of(word), step, wstep;
    while (i < end && j < wlen) {
        if (pintas__lower(pintas__char_at(text, end, i, &step)) !=
            pintas__char_at(w, wlen, j, &wstep))
            return 0;
        i += step;
        j += wstep;
    }
    return i == end && j == wlen;
}

int pintas__among(const uint8_t *text, pintas__span s, const char *const *words, int n)
{
    int k;
    for (k = 0; k < n; ++k)
        if (pintas__is(text, s, words[k]))
            return k;
    return -1;
}

uint32_t pintas__last_char(const uint8_t *text, pintas__span s, size_t *start)
{
    size_t i = s.off, end = s.off + s.len, step;
    uint32_t c = 0;
    *start = end;
    while (i < end) {
        c = pintas__char_at(text, end, i, &step);
        *start = i;
        i += step;
    }
    return pintas__lower(c);
}

int pintas__has_byte(const uint8_t *text, pintas__span s, uint8_t b)
{
    return s.len > 0 && find_byte(text + s.off, s.len, b) != NULL;
}

/* The characters of text[0..len) (a byte that is not UTF-8 counts as one),
 * stopping once past `most`. */
static size_t char_count(const uint8_t *text, size_t len, size_t most)
{
    size_t i = 0, n = 0, step;
    while (i < len && n <= most) {
        (void)pintas__char_at(text, len, i, &step);
        i += step;
        ++n;
    }
    return n;
}

void pintas__refuse(pintas_refusal *why, int cause, size_t len)
{
    memset(why, 0, sizeof *why);
    why->cause = (uint16_t)cause;
    why->refused = (uint8_t)pintas_cause_class(cause);
    why->seat = why->tile = why->end = why->other = PINTAS_NOTATION_NONE;
    why->text_len = len;
}

void pintas__refuse_move(pintas_refusal *why, int cause, int game, uint8_t seat)
{
    pintas__refuse(why, cause, 0);
    why->game = (uint8_t)game;
    why->seat = seat;
}

void pintas__refuse_checked(pintas_refusal *why, int status, int game, uint8_t seat)
{
    pintas__refuse_move(why,
                        status == PINTAS_OK       ? PINTAS_CAUSE_NONE
                        : status == PINTAS_E_OVER ? PINTAS_CAUSE_OVER
                                                  : PINTAS_CAUSE_UNNAMED,
                        game, seat);
}

int pintas__refuse_text(pintas_refusal *why, int cause, int game, size_t len)
{
    pintas__refuse(why, cause, len);
    why->game = (uint8_t)game;
    return PINTAS_E_NOTATION;
}

/* The length check every reader makes first (check_notation_length): 1 and
 * *why filled with `cause` when text is longer than PINTAS_NOTATION_MAX_INPUT
 * characters, else 0. */
static int too_long(const uint8_t *text, size_t len, int cause, pintas_refusal *why)
{
    size_t n = char_count(text, len, PINTAS_NOTATION_MAX_INPUT);
    size_t i = 0, step;
    if (n <= PINTAS_NOTATION_MAX_INPUT)
        return 0;
    pintas__refuse(why, cause, len);
    while (i < len) { /* the whole length, for the message */
        (void)pintas__char_at(text, len, i, &step);
        i += step;
        ++why->count;
    }
    return 1;
}

int pintas__read_start(const uint8_t *text, size_t len, pintas_refusal *why, int cause,
                       int args_ok)
{
    if (!args_ok || (text == NULL && len != 0) || why == NULL)
        return PINTAS_E_ARG;
    return too_long(text, len, cause, why) ? PINTAS_E_NOTATION : PINTAS_OK;
}

/* The one ASCII digit a stripped part of a tile is, or -1. */
static int digit_of(const uint8_t *text, pintas__span part)
{
    part = pintas__strip(text, part);
    if (part.len != 1 || text[part.off] < '0' || text[part.off] > '9')
        return -1;
    return text[part.off] - '0';
}

int pintas__tile_in(const uint8_t *text, pintas__span s, uint8_t *tile)
{
    const uint8_t *bar;
    pintas__span a, b;
    int high, low;
    s = pintas__strip(text, s);
    bar = s.len ? find_byte(text + s.off, s.len, '|') : NULL;
    if (bar == NULL)
        return PINTAS_CAUSE_TILE_FORM;
    a.off = s.off;
    a.len = (size_t)(bar - text) - s.off;
    b.off = a.off + a.len + 1;
    b.len = s.len - a.len - 1;
    if (pintas__has_byte(text, b, '|'))
        return PINTAS_CAUSE_TILE_FORM;
    high = digit_of(text, a);
    low = digit_of(text, b);
    if (high < 0 || low < 0)
        return PINTAS_CAUSE_TILE_FORM;
    if (high > PINTAS_MAX_PIP || low > PINTAS_MAX_PIP)
        return PINTAS_CAUSE_TILE_ENDS;
    *tile = (uint8_t)PINTAS_TILE(high, low);
    return PINTAS_CAUSE_NONE;
}

/* ---- tiles and sets --------------------------------------------------------- */

int pintas_tile_parse(const uint8_t *text, size_t len, uint8_t *tile, pintas_refusal *why)
{
    uint8_t t = 0;
    int cause, status = pintas__read_start(text, len, why, PINTAS_CAUSE_TILE_LONG, tile != NULL);
    if (status != PINTAS_OK)
        return status;
    cause = pintas__tile_in(text, pintas__whole(len), &t);
    pintas__refuse(why, cause, len);
    if (cause != PINTAS_CAUSE_NONE)
        return PINTAS_E_NOTATION;
    *tile = t;
    return PINTAS_OK;
}

int pintas_tileset_parse(const uint8_t *text, size_t len, pintas_mask *mask,
                         pintas_refusal *why)
{
    pintas__span word;
    size_t pos = 0;
    pintas_mask m = 0;
    uint8_t t = 0;
    int status = pintas__read_start(text, len, why, PINTAS_CAUSE_TILES_LONG, mask != NULL);
    if (status != PINTAS_OK)
        return status;
    while (pintas__next_word(text, pintas__whole(len), &pos, 1, &word)) {
        int cause = pintas__tile_in(text, word, &t);
        if (cause != PINTAS_CAUSE_NONE) { /* Tile.parse of that word: it quotes the word */
            pintas__refuse(why, cause, word.len);
            why->text_off = word.off;
            return PINTAS_E_NOTATION;
        }
        m |= PINTAS_BIT(t);
    }
    pintas__refuse(why, PINTAS_CAUSE_NONE, len);
    *mask = m;
    return PINTAS_OK;
}

int pintas_tile_print(uint8_t tile, char *buf, size_t cap, size_t *n)
{
    pintas__out o;
    int status = pintas__print_args(buf, buf, cap, n, &o);
    if (status != PINTAS_OK)
        return status;
    if (tile >= PINTAS_TILE_COUNT)
        return PINTAS_E_ARG;
    pintas__put_tile(&o, tile);
    return pintas__out_end(&o, n);
}

int pintas_tileset_print(pintas_mask mask, char *buf, size_t cap, size_t *n)
{
    pintas__out o;
    int status = pintas__print_args(buf, buf, cap, n, &o);
    if (status != PINTAS_OK)
        return status;
    pintas__put_tileset(&o, mask);
    return pintas__out_end(&o, n);
}

/* ---- writing ---------------------------------------------------------------- */

void pintas__put(pintas__out *o, const char *s, size_t n)
{
    size_t k;
    for (k = 0; k < n; ++k, ++o->len)
        if (o->len + 1 < o->cap)
            o->buf[o->len] = s[k];
}

void pintas__puts(pintas__out *o, const char *s)
{
    pintas__put(o, s, length_of(s));
}

void pintas__putc(pintas__out *o, char c)
{
    pintas__put(o, &c, 1);
}

void pintas__put_uint(pintas__out *o, uint32_t v)
{
    char digits[10];
    size_t k = sizeof digits;
    do {
        digits[--k] = (char)('0' + v % 10u);
        v /= 10u;
    } while (v);
    pintas__put(o, digits + k, sizeof digits - k);
}

void pintas__put_tile(pintas__out *o, uint8_t tile)
{
    char t[3];
    t[0] = (char)('0' + pintas_tile_high(tile));
    t[1] = '|';
    t[2] = (char)('0' + pintas_tile_low(tile));
    pintas__put(o, t, 3);
}

void pintas__put_tileset(pintas__out *o, pintas_mask mask)
{
    unsigned t, first = 1;
    for (t = 0; t < PINTAS_TILE_COUNT; ++t) {
        if (!(mask >> t & 1u))
            continue;
        if (!first)
            pintas__putc(o, ' ');
        pintas__put_tile(o, (uint8_t)t);
        first = 0;
    }
}

void pintas__put_tiles_listed(pintas__out *o, pintas_mask tiles)
{
    unsigned t, left = pintas_popcount(tiles & PINTAS_ALL_TILES);
    for (t = 0; t < PINTAS_TILE_COUNT; ++t) {
        if (!(tiles >> t & 1u))
            continue;
        pintas__put_tile(o, (uint8_t)t);
        --left;
        if (left > 1)
            pintas__puts(o, ", ");
        else if (left == 1)
            pintas__puts(o, " and ");
    }
}

/* 1 for the characters beyond ASCII that repr() escapes, as far as this
 * table knows them (see notation.h); the variation selectors U+E0100..U+E01EF
 * are marks, which repr() shows. */
static int unprintable(uint32_t c)
{
    return (c >= 0x80 && c <= 0xA0) || c == 0xAD || c == 0x1680 ||
           (c >= 0x2000 && c <= 0x200F) || (c >= 0x2028 && c <= 0x202F) ||
           (c >= 0x205F && c <= 0x206F) || c == 0x3000 || (c >= 0xE000 && c <= 0xF8FF) ||
           c == 0xFEFF || (c >= 0xFFF0 && c <= 0xFFFB) || c == 0xFFFE || c == 0xFFFF ||
           (c >= 0xE0000 && c <= 0xE00FF) || (c >= 0xE01F0 && c <= 0xE0FFF) || c >= 0xF0000;
}

static void put_hex(pintas__out *o, const char *prefix, uint32_t c, int digits)
{
    static const char hex[] = "0123456789abcdef";
    pintas__puts(o, prefix);
    while (digits-- > 0)
        pintas__putc(o, hex[c >> (4 * digits) & 0xFu]);
}

static void put_char_escaped(pintas__out *o, uint32_t c, char quote, const uint8_t *raw,
                             size_t step)
{
    if (c == (uint32_t)quote || c == '\\') {
        pintas__putc(o, '\\');
        pintas__putc(o, (char)c);
    } else if (c == '\t') {
        pintas__puts(o, "\\t");
    } else if (c == '\n') {
        pintas__puts(o, "\\n");
    } else if (c == '\r') {
        pintas__puts(o, "\\r");
    } else if (c < 0x20 || c == 0x7F) {
        put_hex(o, "\\x", c, 2);
    } else if (c < 0x80) {
        pintas__putc(o, (char)c);
    } else if (c >= PINTAS__BAD) {
        put_hex(o, "\\x", c - PINTAS__BAD, 2);
    } else if (!unprintable(c)) {
        pintas__put(o, (const char *)raw, step);
    } else if (c < 0x100) {
        put_hex(o, "\\x", c, 2);
    } else if (c < 0x10000) {
        put_hex(o, "\\u", c, 4);
    } else {
        put_hex(o, "\\U", c, 8);
    }
}

/* Writes c (lowered from the character at raw) as UTF-8. */
static void put_utf8(pintas__out *o, uint32_t c)
{
    char b[4];
    if (c < 0x80) {
        b[0] = (char)c;
        pintas__put(o, b, 1);
    } else if (c < 0x800) {
        b[0] = (char)(0xC0 | c >> 6);
        b[1] = (char)(0x80 | (c & 0x3F));
        pintas__put(o, b, 2);
    } else if (c < 0x10000) {
        b[0] = (char)(0xE0 | c >> 12);
        b[1] = (char)(0x80 | (c >> 6 & 0x3F));
        b[2] = (char)(0x80 | (c & 0x3F));
        pintas__put(o, b, 3);
    } else {
        b[0] = (char)(0xF0 | c >> 18);
        b[1] = (char)(0x80 | (c >> 12 & 0x3F));
        b[2] = (char)(0x80 | (c >> 6 & 0x3F));
        b[3] = (char)(0x80 | (c & 0x3F));
        pintas__put(o, b, 4);
    }
}

void pintas__put_repr(pintas__out *o, const uint8_t *text, pintas__span s, int lowered)
{
    size_t i, end = s.off + s.len, step;
    char quote = '\'';
    if (pintas__has_byte(text, s, '\'') && !pintas__has_byte(text, s, '"'))
        quote = '"';
    pintas__putc(o, quote);
    for (i = s.off; i < end; i += step) {
        uint32_t c = pintas__char_at(text, end, i, &step);
        uint32_t shown = lowered ? pintas__lower(c) : c;
        if (shown != c && !unprintable(shown))
            put_utf8(o, shown);
        else
            put_char_escaped(o, shown, quote, text + i, step);
    }
    pintas__putc(o, quote);
}

void pintas__put_shown(pintas__out *o, const pintas__move_text *t, const void *m)
{
    pintas__putc(o, '\'');
    t->put(o, m);
    pintas__putc(o, '\'');
}

void pintas__put_moves(pintas__out *o, void (*put)(pintas__out *o, const void *m),
                       const void *moves, size_t size, size_t n)
{
    size_t k;
    for (k = 0; k < n; ++k) {
        if (k)
            pintas__puts(o, ", ");
        put(o, (const uint8_t *)moves + k * size);
    }
}

int pintas__out_end(pintas__out *o, size_t *n)
{
    *n = o->len;
    if (o->cap == 0)
        return PINTAS_E_BUFFER;
    o->buf[o->len < o->cap ? o->len : o->cap - 1] = '\0';
    return o->len < o->cap ? PINTAS_OK : PINTAS_E_BUFFER;
}

int pintas__print_args(const void *value, char *buf, size_t cap, size_t *n, pintas__out *o)
{
    if (value == NULL || buf == NULL || n == NULL)
        return PINTAS_E_ARG;
    if (cap < PINTAS_NOTATION_MAX)
        return PINTAS_E_BUFFER;
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    return PINTAS_OK;
}

int pintas__move_print(const pintas__move_text *t, const void *m, char *buf, size_t cap,
                       size_t *n)
{
    pintas__out o;
    int status = pintas__print_args(m, buf, cap, n, &o);
    if (status != PINTAS_OK)
        return status;
    if (!t->ok(m))
        return PINTAS_E_ARG;
    t->put(&o, m);
    return pintas__out_end(&o, n);
}

/* ---- filling templates ------------------------------------------------------ */

const char *pintas__top_template(const pintas_refusal *r)
{
    if (r->refused != PINTAS_REFUSED_ILLEGAL || r->cause == PINTAS_CAUSE_OVER)
        return pintas_cause_template(r->cause);
    return pintas_cause_template(r->cause == PINTAS_CAUSE_UNNAMED ? PINTAS_TEXT_ILLEGAL_UNNAMED
                                                                  : PINTAS_TEXT_ILLEGAL);
}

int pintas__placeholder_is(const char *p, const char *name)
{
    size_t k = 0;
    while (name[k] && p[k + 1] == name[k])
        ++k;
    return name[k] == '\0' && p[k + 1] == '}';
}

const char *pintas__after(const char *p)
{
    const char *close = find_char(p, '}');
    return close ? close + 1 : p + length_of(p);
}

static void put_dice(pintas__out *o, pintas_dice_set s)
{
    unsigned f, k, first = 1;
    for (f = 1; f <= PINTAS_DICE_FACES; ++f)
        for (k = 0; k < PINTAS_DICE_SET_COUNT(s, f); ++k) {
            if (!first)
                pintas__putc(o, ' ');
            pintas__putc(o, (char)('0' + f));
            first = 0;
        }
}

static const char *end_word(const pintas_refusal *r, uint8_t end)
{
    if (r->game == PINTAS_NOTATION_CAMINOS)
        return pintas_caminos_side_name(end ? PINTAS_CAMINOS_BACK : PINTAS_CAMINOS_FRONT);
    return end ? "right" : "left";
}

static void put_path(pintas__out *o, const pintas_refusal *r, const uint8_t *text)
{
    size_t i = r->path_off, end = r->path_off + r->path_len;
    if (r->path_len == 0 || text == NULL) {
        pintas__put_uint(o, r->path);
        return;
    }
    while (i + 1 < end && text[i] == '0') /* int() reads "007" as 7 */
        ++i;
    pintas__put(o, (const char *)text + i, end - i);
}

/* The span of the text's first 40 characters. */
static pintas__span head_of(const uint8_t *text, size_t len)
{
    size_t i = 0, n = 0, step;
    while (i < len && n < 40) {
        (void)pintas__char_at(text, len, i, &step);
        i += step;
        ++n;
    }
    return pintas__whole(i);
}

/* The placeholders whose values are the refusal's numbers and tiles. */
static int fill_value(pintas__out *o, const char *p, const pintas_refusal *r)
{
    if (pintas__placeholder_is(p, "tile"))
        pintas__put_tile(o, r->tile);
    else if (pintas__placeholder_is(p, "tiles"))
        pintas__put_tiles_listed(o, r->tiles);
    else if (pintas__placeholder_is(p, "set"))
        pintas__put_tileset(o, r->tiles);
    else if (pintas__placeholder_is(p, "fit"))
        pintas__puts(o, pintas_popcount(r->tiles) == 1 ? "fits" : "fit");
    else if (pintas__placeholder_is(p, "count") || pintas__placeholder_is(p, "length"))
        pintas__put_uint(o, r->count);
    else if (pintas__placeholder_is(p, "given"))
        pintas__put_uint(o, r->given);
    else if (pintas__placeholder_is(p, "seat"))
        pintas__put_uint(o, r->seat);
    else if (pintas__placeholder_is(p, "left"))
        pintas__put_uint(o, r->numbers[0]);
    else if (pintas__placeholder_is(p, "right"))
        pintas__put_uint(o, r->numbers[1]);
    else if (pintas__placeholder_is(p, "number"))
        pintas__put_uint(o, r->numbers[r->end & 1u]);
    else if (pintas__placeholder_is(p, "end") || pintas__placeholder_is(p, "side"))
        pintas__puts(o, end_word(r, r->end));
    else if (pintas__placeholder_is(p, "other"))
        pintas__puts(o, end_word(r, r->other));
    else if (pintas__placeholder_is(p, "other_end"))
        pintas__putc(o, r->other ? 'R' : 'L');
    else if (pintas__placeholder_is(p, "dice"))
        put_dice(o, r->dice);
    else if (pintas__placeholder_is(p, "pool"))
        put_dice(o, r->pool);
    else
        return 0;
    return 1;
}

/* {roll}: the roll in roll order. */
static void put_roll(pintas__out *o, const pintas_refusal *r)
{
    unsigned k;
    for (k = 0; k < r->roll_n && k < PINTAS_DICE_COUNT; ++k) {
        if (k)
            pintas__putc(o, ' ');
        pintas__put_uint(o, r->roll[k]);
    }
}

/* A part of a message (PINTAS_TEXT_FITS_OTHER, _WANTS, _WITH_POOL): values
 * and the path only, so that filling never calls itself. */
static void fill_part(pintas__out *o, int part, const pintas_refusal *r, const uint8_t *text)
{
    const char *p = pintas_cause_template(part);
    while (*p) {
        const char *open = find_char(p, '{');
        if (open == NULL) {
            pintas__puts(o, p);
            return;
        }
        pintas__put(o, p, (size_t)(open - p));
        if (!fill_value(o, open, r))
            put_path(o, r, text);
        p = pintas__after(open);
    }
}

/* {wants}: "its front takes a 5 and its back takes a 3". */
static void put_wants(pintas__out *o, const pintas_refusal *r, const uint8_t *text)
{
    pintas_refusal part = *r;
    uint8_t side, first = 1;
    for (side = 0; side < 2; ++side) {
        if (!(r->sides >> side & 1u))
            continue;
        if (!first)
            pintas__puts(o, " and ");
        part.end = side;
        fill_part(o, PINTAS_TEXT_WANTS, &part, text);
        first = 0;
    }
}

const char *pintas__fill(pintas__out *o, const char *tmpl, const pintas_refusal *r,
                         const uint8_t *text, size_t len)
{
    const char *p = tmpl;
    while (*p) {
        const char *open = find_char(p, '{');
        if (open == NULL) {
            pintas__puts(o, p);
            return NULL;
        }
        pintas__put(o, p, (size_t)(open - p));
        p = open;
        if (fill_value(o, p, r)) {
        } else if (pintas__placeholder_is(p, "text") && text != NULL) {
            pintas__span s;
            s.off = r->text_off;
            s.len = r->text_len;
            pintas__put_repr(o, text, s, 0);
        } else if (pintas__placeholder_is(p, "word") && text != NULL) {
            pintas__span s;
            s.off = r->word_off;
            s.len = r->word_len;
            pintas__put_repr(o, text, s, 1);
        } else if (pintas__placeholder_is(p, "head") && text != NULL) {
            pintas__put_repr(o, text, head_of(text, len), 0);
        } else if (pintas__placeholder_is(p, "shown") && text != NULL) {
            pintas__put_repr(o, text, pintas__whole(len), 0);
        } else if (pintas__placeholder_is(p, "path")) {
            put_path(o, r, text);
        } else if (pintas__placeholder_is(p, "roll")) {
            put_roll(o, r);
        } else if (pintas__placeholder_is(p, "wants")) {
            put_wants(o, r, text);
        } else if (pintas__placeholder_is(p, "fits_other")) {
            if (r->other != PINTAS_NOTATION_NONE)
                fill_part(o, PINTAS_TEXT_FITS_OTHER, r, text);
        } else if (pintas__placeholder_is(p, "with_pool")) {
            if (r->pool)
                fill_part(o, PINTAS_TEXT_WITH_POOL, r, text);
        } else if (pintas__placeholder_is(p, "missing")) {
            if (r->tiles)
                fill_part(o, PINTAS_TEXT_MISSING, r, text);
        } else {
            return p; /* the game's own */
        }
        p = pintas__after(p);
    }
    return NULL;
}

const char *pintas__fill_next(pintas__out *o, pintas__filler *f, const pintas_refusal *r,
                              const uint8_t *text, size_t len)
{
    for (;;) {
        const char *p = pintas__fill(o, f->at, r, text, len);
        if (p == NULL) {
            if (f->resume == NULL)
                return NULL;
            f->at = f->resume; /* the rest of the frame, after {why} */
            f->resume = NULL;
            continue;
        }
        f->at = pintas__after(p);
        if (!pintas__placeholder_is(p, "why") || f->resume != NULL)
            return p;
        f->resume = f->at;
        f->at = pintas_cause_template(r->cause);
    }
}

void pintas__filler_start(pintas__filler *f, const pintas_refusal *r)
{
    f->at = pintas__top_template(r);
    f->resume = NULL;
}

int pintas__text_args(const pintas_refusal *r, const uint8_t *text, size_t len, char *buf,
                      size_t cap, size_t *n, pintas__out *o)
{
    if (r == NULL || buf == NULL || n == NULL || (text == NULL && len != 0))
        return PINTAS_E_ARG;
    if (r->text_off > len || r->text_len > len - r->text_off || r->word_off > len ||
        r->word_len > len - r->word_off || r->path_off > len || r->path_len > len - r->path_off)
        return PINTAS_E_ARG;
    o->buf = buf;
    o->cap = cap;
    o->len = 0;
    return PINTAS_OK;
}

int pintas_notation_refusal_text(const pintas_refusal *why, const uint8_t *text, size_t len,
                                 char *buf, size_t cap, size_t *n)
{
    pintas__out o;
    int status = pintas__text_args(why, text, len, buf, cap, n, &o);
    if (status != PINTAS_OK)
        return status;
    if (why->refused == PINTAS_REFUSED_ILLEGAL || why->refused == PINTAS_REFUSED_DEAL ||
        why->cause == PINTAS_CAUSE_CAMINOS_MANY ||
        why->cause >= PINTAS_TEXT_COUNT)
        return PINTAS_E_ARG;
    if (pintas__fill(&o, pintas__top_template(why), why, text, len) != NULL)
        return PINTAS_E_ARG;
    return pintas__out_end(&o, n);
}

int pintas__refusal_text(const pintas__move_text *t, const void *s, const pintas_refusal *why,
                         const uint8_t *text, size_t len, char *buf, size_t cap, size_t *n)
{
    pintas__out o;
    pintas__filler f;
    const char *p;
    const void *shown;
    int status = pintas__text_args(why, text, len, buf, cap, n, &o);
    if (status != PINTAS_OK)
        return status;
    if (why->cause >= PINTAS_TEXT_COUNT || (t->fits != NULL && !t->fits(s, why)))
        return PINTAS_E_ARG;
    shown = (const uint8_t *)why + t->shown;
    pintas__filler_start(&f, why);
    while ((p = pintas__fill_next(&o, &f, why, text, len)) != NULL) {
        if (pintas__placeholder_is(p, "shown") && t->ok(shown))
            pintas__put_shown(&o, t, shown);
        else if (t->put_own(&o, p, s, why) != PINTAS_OK)
            return PINTAS_E_ARG;
    }
    return pintas__out_end(&o, n);
}

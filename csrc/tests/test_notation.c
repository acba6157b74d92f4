/* test_notation.c - the C notation against the CPython package: every text of
 * golden_notation.h (tools/golden/notation.py) reads as the same value, prints
 * the same, or is refused with the cause whose filled template is Python's
 * message; and the readers, printers and messages take any bytes and any
 * buffer without harm. */
#include <stdio.h>
#include <string.h>

#include "pintas/pintas.h"
#include "check.h"
#include "golden_notation.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

typedef union any_state {
    pintas_line_state line;
    pintas_caminos_state caminos;
    pintas_dice_state dice;
} any_state;

/* Python's error class of a status: 0 read, 1 NotationError, 2 IllegalMoveError. */
static int result_of(int status)
{
    if (status == PINTAS_OK)
        return 0;
    if (status == PINTAS_E_NOTATION)
        return 1;
    if (status == PINTAS_E_ILLEGAL || status == PINTAS_E_OVER)
        return 2;
    return -1;
}

static long line_code(const pintas_line_move *m)
{
    return m->kind == PINTAS_MOVE_PLAY ? m->tile * 2 + m->end : 55 + m->kind;
}

static long caminos_code(const pintas_caminos_move *m)
{
    if (m->kind == PINTAS_CAMINOS_PLACE)
        return (m->tile * 8 + m->path) * 2 + m->side;
    if (m->kind == PINTAS_CAMINOS_REVEAL)
        return 448 + m->tile;
    return m->kind == PINTAS_CAMINOS_DRAW ? 476 : 477;
}

/* What one reading made: its result, code, print and message. */
typedef struct reading {
    int result;
    long code;
    char printed[PINTAS_NOTATION_MAX];
    char message[PINTAS_MESSAGE_MAX];
} reading;

static int same(const char *what, const char *text, int result, long code, const char *printed,
                const char *message, const reading *got)
{
    int ok = got->result == result &&
             (result == 0 ? got->code == code && strcmp(got->printed, printed) == 0
                          : strcmp(got->message, message) == 0);
    if (!CHECK(ok))
        fprintf(stderr, "  %s %s\n  want %d %ld %s | %s\n  got  %d %ld %s | %s\n", what, text,
                result, code, printed, message, got->result, got->code, got->printed,
                got->message);
    return ok;
}

static void read_parse(const golden_parse *g, reading *r)
{
    const uint8_t *t = (const uint8_t *)g->text;
    pintas_refusal why;
    pintas_line_move lm;
    pintas_caminos_move cm;
    pintas_dice_move dm;
    uint8_t tile = 0;
    pintas_mask mask = 0;
    size_t n = 0;
    int status = PINTAS_E_ARG, printed = PINTAS_E_ARG, text = PINTAS_E_ARG;
    memset(r, 0, sizeof *r);
    switch (g->what) {
    case 0:
        status = pintas_tile_parse(t, g->len, &tile, &why);
        r->code = tile;
        if (status == PINTAS_OK)
            printed = pintas_tile_print(tile, r->printed, sizeof r->printed, &n);
        break;
    case 1:
        status = pintas_tileset_parse(t, g->len, &mask, &why);
        r->code = (long)mask;
        if (status == PINTAS_OK)
            printed = pintas_tileset_print(mask, r->printed, sizeof r->printed, &n);
        break;
    case 2:
        status = pintas_line_move_parse(t, g->len, &lm, &why);
        if (status == PINTAS_OK) {
            r->code = line_code(&lm);
            printed = pintas_line_move_print(&lm, r->printed, sizeof r->printed, &n);
        }
        text = pintas_line_refusal_text(NULL, &why, t, g->len, r->message, sizeof r->message, &n);
        break;
    case 3:
        status = pintas_caminos_move_parse(t, g->len, &cm, &why);
        if (status == PINTAS_OK) {
            r->code = caminos_code(&cm);
            printed = pintas_caminos_move_print(&cm, r->printed, sizeof r->printed, &n);
        }
        text = pintas_caminos_refusal_text(NULL, &why, t, g->len, r->message, sizeof r->message,
                                           &n);
        break;
    default:
        status = pintas_dice_move_parse(t, g->len, &dm, &why);
        if (status == PINTAS_OK) {
            r->code = dm.kind;
            printed = pintas_dice_move_print(&dm, r->printed, sizeof r->printed, &n);
        }
        text = pintas_dice_refusal_text(NULL, &why, t, g->len, r->message, sizeof r->message, &n);
        break;
    }
    if (g->what <= 1)
        text = pintas_notation_refusal_text(&why, t, g->len, r->message, sizeof r->message, &n);
    r->result = result_of(status);
    CHECK(status != PINTAS_OK || printed == PINTAS_OK);
    CHECK(text == PINTAS_OK);
    CHECK(pintas_cause_class(why.cause) == r->result);
}

static int hex_value(char c)
{
    return c <= '9' ? c - '0' : c - 'a' + 10;
}

static int load_position(const golden_position *p, any_state *s)
{
    uint8_t bytes[PINTAS_CAMINOS_SAVE_SIZE];
    size_t n = strlen(p->save) / 2, k;
    for (k = 0; k < n && k < sizeof bytes; ++k)
        bytes[k] = (uint8_t)(hex_value(p->save[2 * k]) << 4 | hex_value(p->save[2 * k + 1]));
    if (p->game == 1)
        return pintas_line_load(&s->line, bytes, n);
    if (p->game == 2)
        return pintas_caminos_load(&s->caminos, bytes, n);
    return pintas_dice_load(&s->dice, bytes, n);
}

/* Each game's notation, through its table (pintas_notation_table): the
 * golden tries below reach the typed functions only through it. */
static const pintas_notation_table *table_of(int game)
{
    return game == 1 ? &pintas_line_notation
           : game == 2 ? &pintas_caminos_notation : &pintas_dice_notation;
}

static long code_of(int game, const pintas_engine_move *m)
{
    if (game == 1)
        return line_code((const pintas_line_move *)m);
    if (game == 2)
        return caminos_code((const pintas_caminos_move *)m);
    return ((const pintas_dice_move *)m)->kind;
}

/* A move given as a value: its notation read without the game, then judged. */
static int judge(int game, const any_state *s, const uint8_t *t, size_t len, reading *r,
                 pintas_refusal *why)
{
    const pintas_notation_table *nt = table_of(game);
    pintas_engine_move m;
    pintas_refusal read;
    size_t n;
    int status;
    CHECK(nt->move_parse(t, len, &m, &read) == PINTAS_OK);
    status = nt->why(s, &m, why);
    r->code = code_of(game, &m);
    nt->move_print(&m, r->printed, sizeof r->printed, &n);
    return status;
}

/* Game.parse_move in the position. */
static int read_in(int game, const any_state *s, const uint8_t *t, size_t len, reading *r,
                   pintas_refusal *why)
{
    const pintas_notation_table *nt = table_of(game);
    pintas_engine_move m;
    size_t n;
    int status = nt->parse_in(s, t, len, &m, why);
    if (status == PINTAS_OK) {
        r->code = code_of(game, &m);
        nt->move_print(&m, r->printed, sizeof r->printed, &n);
    }
    return status;
}

static int message_of(int game, const any_state *s, const pintas_refusal *why,
                      const uint8_t *t, size_t len, char *buf, size_t cap, size_t *n)
{
    return table_of(game)->refusal_text(s, why, t, len, buf, cap, n);
}

static void check_try(const golden_try *g, const any_state *s)
{
    static reading r;
    const uint8_t *t = (const uint8_t *)g->text;
    int game = golden_positions[g->position].game, status;
    pintas_refusal why;
    size_t n = 0;
    memset(&r, 0, sizeof r);
    status = g->by_value ? judge(game, s, t, g->len, &r, &why) : read_in(game, s, t, g->len, &r, &why);
    r.result = result_of(status);
    if (status != PINTAS_OK) {
        CHECK(message_of(game, s, &why, g->by_value ? NULL : t, g->by_value ? 0 : g->len,
                         r.message, sizeof r.message, &n) == PINTAS_OK);
        CHECK(pintas_cause_class(why.cause) == r.result);
    }
    same(g->by_value ? "value" : "text", g->text, g->result, g->code, g->printed, g->message, &r);
}

static void test_golden(void)
{
    static reading r;
    static any_state s;
    size_t k;
    int loaded = -1;
    for (k = 0; k < COUNT(golden_parses); ++k) {
        read_parse(&golden_parses[k], &r);
        same("parse", golden_parses[k].text, golden_parses[k].result, golden_parses[k].code,
             golden_parses[k].printed, golden_parses[k].message, &r);
    }
    for (k = 0; k < COUNT(golden_tries); ++k) {
        if (golden_tries[k].position != loaded) {
            loaded = golden_tries[k].position;
            CHECK(load_position(&golden_positions[loaded], &s) == PINTAS_OK);
        }
        check_try(&golden_tries[k], &s);
    }
    printf("%u parse cases, %u positions, %u tries\n", (unsigned)COUNT(golden_parses),
           (unsigned)COUNT(golden_positions), (unsigned)COUNT(golden_tries));
}

/* Every template names only placeholders the fillers know, and the table is whole. */
static void test_table(void)
{
    int c;
    for (c = 1; c < PINTAS_TEXT_COUNT; ++c)
        CHECK(c == PINTAS_CAUSE_UNNAMED || strlen(pintas_cause_template(c)) > 0);
    CHECK(strcmp(pintas_cause_template(-1), "") == 0);
    CHECK(strcmp(pintas_cause_template(PINTAS_TEXT_COUNT), "") == 0);
    CHECK(pintas_cause_class(PINTAS_CAUSE_TILE_FORM) == PINTAS_REFUSED_NOTATION);
    CHECK(pintas_cause_class(PINTAS_CAUSE_DICE_HOT) == PINTAS_REFUSED_ILLEGAL);
    CHECK(pintas_cause_class(PINTAS_TEXT_ILLEGAL) == 0);
    CHECK(strcmp(pintas_status_str(PINTAS_E_NOTATION), "not notation") == 0);
}

/* NULL pointers, short buffers, values out of range. */
static void test_arguments(void)
{
    pintas_refusal why;
    pintas_line_move lm = {PINTAS_MOVE_PLAY, 27, 0};
    char buf[PINTAS_NOTATION_MAX], small[8];
    uint8_t tile = 0;
    size_t n = 0;
    CHECK(pintas_tile_parse(NULL, 3, &tile, &why) == PINTAS_E_ARG);
    CHECK(pintas_tile_parse((const uint8_t *)"6|4", 3, NULL, &why) == PINTAS_E_ARG);
    CHECK(pintas_tile_parse((const uint8_t *)"6|4", 3, &tile, NULL) == PINTAS_E_ARG);
    CHECK(pintas_tile_parse(NULL, 0, &tile, &why) == PINTAS_E_NOTATION);
    CHECK(why.cause == PINTAS_CAUSE_TILE_FORM);
    CHECK(pintas_tile_print(28, buf, sizeof buf, &n) == PINTAS_E_ARG);
    CHECK(pintas_tile_print(3, small, sizeof small, &n) == PINTAS_E_BUFFER);
    CHECK(pintas_tile_print(3, buf, sizeof buf, &n) == PINTAS_OK && strcmp(buf, "2|0") == 0);
    CHECK(pintas_line_move_print(&lm, buf, sizeof buf, &n) == PINTAS_OK && n == 4);
    lm.end = 2;
    CHECK(pintas_line_move_print(&lm, buf, sizeof buf, &n) == PINTAS_E_ARG);
    CHECK(pintas_line_why(NULL, &lm, &why) == PINTAS_E_ARG);
    /* a message longer than the buffer: cut, NUL-terminated, the length needed told */
    CHECK(pintas_tile_parse((const uint8_t *)"6|x", 3, &tile, &why) == PINTAS_E_NOTATION);
    CHECK(pintas_notation_refusal_text(&why, (const uint8_t *)"6|x", 3, small, sizeof small, &n) ==
          PINTAS_E_BUFFER);
    CHECK(n == strlen("a tile is written like '6|4': got '6|x'") && strlen(small) == 7);
    /* a span beyond the text is refused */
    CHECK(pintas_notation_refusal_text(&why, (const uint8_t *)"6|x", 2, buf, sizeof buf, &n) ==
          PINTAS_E_ARG);
    why.cause = PINTAS_CAUSE_NOT_HELD;
    why.refused = PINTAS_REFUSED_ILLEGAL;
    CHECK(pintas_notation_refusal_text(&why, NULL, 0, buf, sizeof buf, &n) == PINTAS_E_ARG);
}

/* Any bytes: every reader answers with a status, and every refusal's message
 * fits PINTAS_MESSAGE_MAX. */
static void test_any_bytes(void)
{
    static const char alphabet[] = "0123456789|| ,LRlrfbdp\t\x85\xc3\xa1\xe2\x80\xa8\xff'\"\\";
    static char message[PINTAS_MESSAGE_MAX];
    static any_state s;
    pintas_rng rng;
    pintas_refusal why;
    pintas_line_rules lr;
    pintas_caminos_rules cr;
    pintas_dice_rules dr;
    pintas_line_event lev[PINTAS_LINE_MAX_EVENTS];
    pintas_caminos_event cev[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_line_move lm;
    pintas_caminos_move cm;
    pintas_dice_move dm;
    uint8_t text[64];
    size_t n, k, len;
    int round, status;
    pintas_rng_seed(&rng, 7, 1);
    for (round = 0; round < 3000; ++round) {
        len = pintas_rng_below(&rng, sizeof text);
        for (k = 0; k < len; ++k)
            text[k] = (uint8_t)(round % 3 ? (uint8_t)alphabet[pintas_rng_below(&rng, sizeof alphabet - 1)]
                                          : (uint8_t)pintas_rng_below(&rng, 256));
        switch (round % 3) {
        case 0:
            pintas_line_rules_preset(&lr, PINTAS_LINE_MUGGINS, 2, 0);
            pintas_line_new(&s.line, &lr, (uint64_t)round, lev, PINTAS_LINE_MAX_EVENTS, &n);
            status = pintas_line_parse_in(&s.line, text, len, &lm, &why);
            if (status != PINTAS_OK)
                CHECK(pintas_line_refusal_text(&s.line, &why, text, len, message, sizeof message,
                                               &n) == PINTAS_OK);
            break;
        case 1:
            pintas_caminos_rules_preset(&cr, PINTAS_CAMINOS_BASE, 3);
            pintas_caminos_new(&s.caminos, &cr, (uint64_t)round, cev, PINTAS_CAMINOS_MAX_EVENTS,
                               &n);
            status = pintas_caminos_parse_in(&s.caminos, text, len, &cm, &why);
            if (status != PINTAS_OK)
                CHECK(pintas_caminos_refusal_text(&s.caminos, &why, text, len, message,
                                                  sizeof message, &n) == PINTAS_OK);
            break;
        default:
            pintas_dice_rules_dice_of_doom(&dr);
            pintas_dice_new(&s.dice, &dr, 2, 0, (uint64_t)round);
            status = pintas_dice_parse_in(&s.dice, text, len, &dm, &why);
            if (status != PINTAS_OK)
                CHECK(pintas_dice_refusal_text(&s.dice, &why, text, len, message, sizeof message,
                                               &n) == PINTAS_OK);
            break;
        }
        CHECK(result_of(status) >= 0);
    }
}

int main(void)
{
    test_table();
    test_arguments();
    test_golden();
    test_any_bytes();
    return check_summary();
}

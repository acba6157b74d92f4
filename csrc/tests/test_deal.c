/* test_deal.c - hand-made deals: every cause of pintas_line_deal_why and
 * pintas_caminos_deal_why with the Python package's message word for word,
 * the engines refusing exactly the deals the checks refuse, and the
 * messages' arguments and buffers. */
#include <string.h>

#include "pintas/pintas.h"
#include "check.h"

static char message[PINTAS_MESSAGE_MAX];

/* tiles first..last-1 as a list, and as a mask */
static void tiles(uint8_t *out, unsigned first, unsigned last)
{
    unsigned t;
    for (t = first; t < last; ++t)
        out[t - first] = (uint8_t)t;
}

static pintas_mask mask(unsigned first, unsigned last)
{
    pintas_mask m = 0;
    unsigned t;
    for (t = first; t < last; ++t)
        m |= PINTAS_BIT(t);
    return m;
}

/* Muggins for two: hands 0..6 and 7..13, the boneyard 14..27. */
static void line_deal(pintas_line_deal *d)
{
    memset(d, 0, sizeof *d);
    d->hand[0] = mask(0, 7);
    d->hand[1] = mask(7, 14);
    tiles(d->boneyard, 14, 28);
    d->boneyard_len = 14;
}

/* Caminos for two: paths 0..4, hands 5..10 and 11..16, the pile 17..27. */
static void caminos_deal(pintas_caminos_deal *d)
{
    memset(d, 0, sizeof *d);
    memset(d->path, PINTAS_NO_TILE, sizeof d->path);
    tiles(d->path, 0, 5);
    d->hand[0] = mask(5, 11);
    d->hand[1] = mask(11, 17);
    tiles(d->pile, 17, 28);
    d->pile_len = 11;
}

/* The check's cause, and its message equal to `text` (NULL: accepted); the
 * engine refuses it alike when hands is the players'. */
static int line_says(const pintas_line_rules *r, const pintas_line_deal *d, unsigned hands,
                     int cause, const char *text)
{
    pintas_refusal why;
    pintas_line_state s;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n;
    int status = pintas_line_deal_why(r, d, hands, &why);
    int ok = why.cause == cause && status == (text ? PINTAS_E_DEAL : PINTAS_OK);
    if (text) {
        ok = ok && why.refused == PINTAS_REFUSED_DEAL &&
             pintas_line_deal_refusal_text(r, &why, message, sizeof message, &n) == PINTAS_OK &&
             strcmp(message, text) == 0 && n == strlen(text);
        if (!ok)
            fprintf(stderr, "got: %s\nnot: %s\n", message, text);
    }
    if (hands == r->players)
        ok = ok && pintas_line_new_dealt(&s, r, 1, d, ev, PINTAS_LINE_MAX_EVENTS, &n) ==
                       (text ? PINTAS_E_DEAL : PINTAS_OK);
    return ok;
}

static int caminos_says(const pintas_caminos_rules *r, const pintas_caminos_deal *d,
                        unsigned paths, unsigned hands, int cause, const char *text)
{
    pintas_refusal why;
    pintas_caminos_state s;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n;
    int status = pintas_caminos_deal_why(r, d, paths, hands, &why);
    int ok = why.cause == cause && status == (text ? PINTAS_E_DEAL : PINTAS_OK);
    if (text) {
        ok = ok && why.refused == PINTAS_REFUSED_DEAL &&
             pintas_caminos_deal_refusal_text(r, &why, message, sizeof message, &n) ==
                 PINTAS_OK &&
             strcmp(message, text) == 0 && n == strlen(text);
        if (!ok)
            fprintf(stderr, "got: %s\nnot: %s\n", message, text);
    }
    if (hands == r->players && paths == r->paths)
        ok = ok && pintas_caminos_new_dealt(&s, r, 1, d, ev, PINTAS_CAMINOS_MAX_EVENTS, &n) ==
                       (text ? PINTAS_E_DEAL : PINTAS_OK);
    return ok;
}

static void test_line_causes(void)
{
    pintas_line_rules r, three;
    pintas_line_deal d;
    CHECK(pintas_line_rules_preset(&r, PINTAS_LINE_MUGGINS, 2, 0) == PINTAS_OK);
    CHECK(pintas_line_rules_preset(&three, PINTAS_LINE_DOMINICAN, 3, 0) == PINTAS_OK);
    line_deal(&d);
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_NONE, NULL));
    CHECK(line_says(&r, &d, 3, PINTAS_CAUSE_DEAL_HANDS, "2 players need 2 hands: got 3"));
    CHECK(line_says(&r, &d, 1, PINTAS_CAUSE_NONE, NULL)); /* hand 1 is listed: not empty */
    d.hand[3] = PINTAS_BIT(0);
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_HANDS, "2 players need 2 hands: got 4"));
    line_deal(&d);
    d.hand[1] &= ~PINTAS_BIT(13);
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_HAND_SIZE,
                    "seat 1 must hold 7 tiles: got 6 (3|1 3|2 3|3 4|0 4|1 4|2)"));
    d.hand[1] = 0;
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_HAND_SIZE, "seat 1 must hold 7 tiles: got 0 ()"));
    line_deal(&d);
    d.hand[1] = (d.hand[1] & ~PINTAS_BIT(13)) | PINTAS_BIT(0);
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_TWICE, "dealt twice: 0|0"));
    line_deal(&d);
    d.boneyard[0] = 0;
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_LINE_IN_BONEYARD,
                    "in a hand and in the boneyard: 0|0"));
    line_deal(&d);
    d.boneyard[0] = 27;
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_TWICE, "dealt twice: 6|6"));
    line_deal(&d);
    d.boneyard_len = 3;
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_LINE_BONEYARD,
                    "the boneyard must list the 14 undealt tiles in draw order: got 3"));
    d.boneyard_len = 200; /* never read past the 28th (here 0|0 after 6|6) */
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_LINE_IN_BONEYARD,
                    "in a hand and in the boneyard: 0|0"));
    memset(&d, 0, sizeof d);
    d.hand[0] = mask(0, 7);
    d.hand[1] = mask(7, 14);
    d.hand[2] = mask(14, 21);
    CHECK(line_says(&three, &d, 3, PINTAS_CAUSE_NONE, NULL));
    tiles(d.boneyard, 21, 23);
    d.boneyard_len = 2;
    CHECK(line_says(&three, &d, 3, PINTAS_CAUSE_DEAL_LINE_SET_ASIDE,
                    "dominican (three) to 200 never draws: the undealt tiles are set aside, so "
                    "the boneyard must be empty (got 2)"));
    line_deal(&d);
    d.boneyard[5] = 28;
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_NO_TILE, "a tile index is 0..27: got 28"));
    line_deal(&d);
    d.hand[2] = PINTAS_BIT(29);
    CHECK(line_says(&r, &d, 2, PINTAS_CAUSE_DEAL_NO_TILE, "a tile index is 0..27: got 29"));
}

static void test_caminos_causes(void)
{
    pintas_caminos_rules r;
    pintas_caminos_deal d;
    CHECK(pintas_caminos_rules_preset(&r, PINTAS_CAMINOS_BASE, 2) == PINTAS_OK);
    caminos_deal(&d);
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_NONE, NULL));
    CHECK(caminos_says(&r, &d, 4, 2, PINTAS_CAUSE_DEAL_CAMINOS_PATHS,
                       "caminos (2 players) reveals 5 paths: got 4"));
    CHECK(caminos_says(&r, &d, 29, 2, PINTAS_CAUSE_DEAL_CAMINOS_PATHS,
                       "caminos (2 players) reveals 5 paths: got 29"));
    d.path[4] = 0;
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_TWICE, "dealt twice: 0|0"));
    caminos_deal(&d);
    d.hand[1] = (d.hand[1] & ~PINTAS_BIT(16)) | PINTAS_BIT(0);
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_TWICE, "dealt twice: 0|0"));
    caminos_deal(&d);
    d.hand[1] = 0;
    CHECK(caminos_says(&r, &d, 5, 1, PINTAS_CAUSE_DEAL_HANDS, "2 players need 2 hands: got 1"));
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_HAND_SIZE,
                       "seat 1 must hold 6 tiles: got 0 ()"));
    caminos_deal(&d);
    d.pile[0] = 5;
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_CAMINOS_IN_PILE,
                       "in the pile and dealt too: 2|2"));
    caminos_deal(&d);
    d.pile[0] = 27;
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_TWICE, "dealt twice: 6|6"));
    caminos_deal(&d);
    d.pile_len = 10;
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_CAMINOS_PILE,
                       "the pile must list the 11 undealt tiles in draw order: got 10 "
                       "(missing 6|6)"));
    caminos_deal(&d);
    tiles(d.pile, 18, 27);
    d.pile_len = 9;
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_CAMINOS_PILE,
                       "the pile must list the 11 undealt tiles in draw order: got 9 "
                       "(missing 5|2 6|6)"));
    caminos_deal(&d);
    d.path[2] = PINTAS_NO_TILE;
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_NO_TILE,
                       "a tile index is 0..27: got 255"));
    caminos_deal(&d);
    d.pile[10] = 40;
    CHECK(caminos_says(&r, &d, 5, 2, PINTAS_CAUSE_DEAL_NO_TILE, "a tile index is 0..27: got 40"));
}

static void test_arguments(void)
{
    pintas_line_rules r, bad;
    pintas_caminos_rules cr;
    pintas_line_deal d;
    pintas_caminos_deal cd;
    pintas_refusal why, none;
    size_t n, full;
    char small[16];
    CHECK(pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 3, 0) == PINTAS_OK);
    CHECK(pintas_caminos_rules_preset(&cr, PINTAS_CAMINOS_BASE, 2) == PINTAS_OK);
    bad = r;
    bad.players = 9;
    line_deal(&d);
    caminos_deal(&cd);
    CHECK(pintas_line_deal_why(NULL, &d, 2, &why) == PINTAS_E_ARG);
    CHECK(pintas_line_deal_why(&r, NULL, 2, &why) == PINTAS_E_ARG);
    CHECK(pintas_line_deal_why(&r, &d, 2, NULL) == PINTAS_E_ARG);
    CHECK(pintas_line_deal_why(&bad, &d, 2, &why) == PINTAS_E_ARG);
    CHECK(pintas_caminos_deal_why(NULL, &cd, 5, 2, &why) == PINTAS_E_ARG);
    CHECK(pintas_caminos_deal_why(&cr, NULL, 5, 2, &why) == PINTAS_E_ARG);
    CHECK(pintas_caminos_deal_why(&cr, &cd, 5, 2, NULL) == PINTAS_E_ARG);
    /* the messages: a deal's cause only, of rules the check takes */
    CHECK(pintas_caminos_deal_why(&cr, &cd, 5, 2, &none) == PINTAS_OK);
    CHECK(none.cause == PINTAS_CAUSE_NONE && none.refused == 0);
    CHECK(pintas_caminos_deal_refusal_text(&cr, &none, message, sizeof message, &n) ==
          PINTAS_E_ARG);
    d.hand[2] = mask(14, 21);
    tiles(d.boneyard, 21, 24);
    d.boneyard_len = 3;
    CHECK(pintas_line_deal_why(&r, &d, 3, &why) == PINTAS_E_DEAL);
    CHECK(why.cause == PINTAS_CAUSE_DEAL_LINE_SET_ASIDE);
    CHECK(pintas_line_deal_refusal_text(&bad, &why, message, sizeof message, &n) == PINTAS_E_ARG);
    CHECK(pintas_line_deal_refusal_text(NULL, &why, message, sizeof message, &n) == PINTAS_E_ARG);
    CHECK(pintas_line_deal_refusal_text(&r, NULL, message, sizeof message, &n) == PINTAS_E_ARG);
    CHECK(pintas_line_deal_refusal_text(&r, &why, NULL, sizeof message, &n) == PINTAS_E_ARG);
    CHECK(pintas_line_deal_refusal_text(&r, &why, message, sizeof message, NULL) ==
          PINTAS_E_ARG);
    CHECK(pintas_caminos_deal_refusal_text(NULL, &why, message, sizeof message, &n) ==
          PINTAS_E_ARG);
    CHECK(pintas_notation_refusal_text(&why, NULL, 0, message, sizeof message, &n) ==
          PINTAS_E_ARG);
    /* any buffer: what fits, NUL-terminated, and the length needed */
    CHECK(pintas_line_deal_refusal_text(&r, &why, message, sizeof message, &full) == PINTAS_OK);
    for (n = 0; n <= sizeof small; ++n) {
        size_t need = 0;
        memset(small, 'x', sizeof small);
        CHECK(pintas_line_deal_refusal_text(&r, &why, small, n, &need) == PINTAS_E_BUFFER);
        CHECK(need == full);
        CHECK(n == 0 || (strlen(small) == n - 1 && strncmp(small, message, n - 1) == 0));
    }
    CHECK(pintas_cause_class(PINTAS_CAUSE_DEAL_NO_TILE) == PINTAS_REFUSED_DEAL);
    CHECK(pintas_cause_class(PINTAS_CAUSE_DEAL_CAMINOS_PILE) == PINTAS_REFUSED_DEAL);
    CHECK(pintas_cause_class(PINTAS_TEXT_MISSING) == 0);
}

/* set_deal refuses as new_dealt does, and takes a deal the check takes. */
static void test_set_deal(void)
{
    pintas_line_rules r;
    pintas_line_deal d;
    pintas_line_state s;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_caminos_rules cr;
    pintas_caminos_deal cd;
    pintas_caminos_state cs;
    pintas_caminos_event cev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n;
    CHECK(pintas_line_rules_preset(&r, PINTAS_LINE_MUGGINS, 2, 0) == PINTAS_OK);
    CHECK(pintas_line_new(&s, &r, 3, ev, PINTAS_LINE_MAX_EVENTS, &n) == PINTAS_OK);
    line_deal(&d);
    d.hand[2] = PINTAS_BIT(13);
    d.hand[1] &= ~PINTAS_BIT(13);
    CHECK(pintas_line_set_deal(&s, &d, ev, PINTAS_LINE_MAX_EVENTS, &n) == PINTAS_E_DEAL);
    line_deal(&d);
    CHECK(pintas_line_set_deal(&s, &d, ev, PINTAS_LINE_MAX_EVENTS, &n) == PINTAS_OK);
    CHECK(pintas_caminos_rules_preset(&cr, PINTAS_CAMINOS_BASE, 2) == PINTAS_OK);
    CHECK(pintas_caminos_new(&cs, &cr, 3, cev, PINTAS_CAMINOS_MAX_EVENTS, &n) == PINTAS_OK);
    caminos_deal(&cd);
    cd.pile_len = 10;
    CHECK(pintas_caminos_set_deal(&cs, &cd, cev, PINTAS_CAMINOS_MAX_EVENTS, &n) ==
          PINTAS_E_DEAL);
    caminos_deal(&cd);
    CHECK(pintas_caminos_set_deal(&cs, &cd, cev, PINTAS_CAMINOS_MAX_EVENTS, &n) == PINTAS_OK);
}

int main(void)
{
    test_line_causes();
    test_caminos_causes();
    test_arguments();
    test_set_deal();
    return check_summary();
}

/* test_line.c - every rule of docs/rules.md section 1 (and the engine's
 * decisions in csrc/line.c) with hand-made deals and positions.
 *
 * Positions are built with set_position(): hands, a line replayed from its
 * placements, a boneyard still to draw; tiles in no hand, line or boneyard
 * are put aside, which the engine never reads, so a position only has to hold
 * the tiles the clause is about. */
#include <string.h>

#include "check.h"
#include "reload.h"
#include "pintas/pintas.h"

#define T(a, b) PINTAS_TILE(a, b)

static pintas_line_event EV[PINTAS_LINE_MAX_EVENTS];
static size_t NEV;

/* ---- helpers ------------------------------------------------------------- */

static pintas_line_rules preset(int game, int players, int pairs)
{
    pintas_line_rules r;
    memset(&r, 0, sizeof r);
    CHECK_EQ(pintas_line_rules_preset(&r, game, players, pairs), PINTAS_OK);
    return r;
}

/* "65 43 00" -> mask */
static pintas_mask tiles(const char *text)
{
    pintas_mask m = 0;
    while (text && *text) {
        if (*text == ' ') {
            ++text;
            continue;
        }
        m |= PINTAS_BIT(T(text[0] - '0', text[1] - '0'));
        text += 2;
    }
    return m;
}

/* "draw", "pass", "65" (LEFT), "65L", "65R" */
static pintas_line_move move(const char *text)
{
    pintas_line_move m;
    m.tile = PINTAS_NO_TILE;
    m.end = 0;
    if (strcmp(text, "draw") == 0) {
        m.kind = PINTAS_MOVE_DRAW;
    } else if (strcmp(text, "pass") == 0) {
        m.kind = PINTAS_MOVE_PASS;
    } else {
        m.kind = PINTAS_MOVE_PLAY;
        m.tile = (uint8_t)T(text[0] - '0', text[1] - '0');
        m.end = (uint8_t)(text[2] == 'R' ? PINTAS_END_RIGHT : PINTAS_END_LEFT);
    }
    return m;
}

static int play(pintas_line_state *s, const char *text)
{
    pintas_line_move m = move(text);
    NEV = 0;
    return pintas_line_play(s, &m, EV, PINTAS_LINE_MAX_EVENTS, &NEV);
}

#define PLAY_OK(s, text) CHECK_EQ(play(s, text), PINTAS_OK)

/* The legal moves as text, "65L 65R draw", for compact comparisons. */
static const char *legal_text(const pintas_line_state *s)
{
    static char buf[512];
    pintas_line_move out[PINTAS_LINE_MAX_MOVES];
    size_t n = 0, i;
    char *p = buf;
    buf[0] = 0;
    CHECK_EQ(pintas_line_legal(s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
    for (i = 0; i < n; ++i) {
        if (i)
            *p++ = ' ';
        if (out[i].kind == PINTAS_MOVE_DRAW) {
            memcpy(p, "draw", 4);
            p += 4;
        } else if (out[i].kind == PINTAS_MOVE_PASS) {
            memcpy(p, "pass", 4);
            p += 4;
        } else {
            *p++ = (char)('0' + pintas_tile_high(out[i].tile));
            *p++ = (char)('0' + pintas_tile_low(out[i].tile));
            *p++ = out[i].end ? 'R' : 'L';
        }
    }
    *p = 0;
    return buf;
}

#define LEGAL_IS(s, text) CHECK(strcmp(legal_text(s), text) == 0)

/* Index of the k-th event of this kind in EV (k from 0), or -1. */
static int find_event(unsigned kind, int k)
{
    size_t i;
    for (i = 0; i < NEV; ++i)
        if (EV[i].kind == kind && k-- == 0)
            return (int)i;
    return -1;
}

static int count_events(unsigned kind)
{
    int n = 0;
    size_t i;
    for (i = 0; i < NEV; ++i)
        n += EV[i].kind == kind;
    return n;
}

/* CHECK that EV[i] is the given event (255 = do not care for seat/side/tile). */
static int event_is(int i, unsigned kind, unsigned seat, unsigned side, unsigned reason,
                    int32_t points)
{
    const pintas_line_event *e;
    if (i < 0 || (size_t)i >= NEV)
        return 0;
    e = &EV[i];
    return e->kind == kind && (seat == 255 || e->seat == seat) &&
           (side == 255 || e->side == side) && e->reason == reason && e->points == points;
}

/* The kinds of EV in order as a string of letters: D=deal R=redeal P=play
 * W=draw S=pass C=score E=round end G=game end B=tiebreak. */
static const char *kinds(void)
{
    static char buf[PINTAS_LINE_MAX_EVENTS + 1];
    static const char letters[] = "DRPWSCEGB";
    size_t i;
    for (i = 0; i < NEV; ++i)
        buf[i] = EV[i].kind < 9 ? letters[EV[i].kind] : '?';
    buf[NEV] = 0;
    return buf;
}

#define KINDS_ARE(text) CHECK(strcmp(kinds(), text) == 0)

/* A deal: hands as text; where the rules draw, the boneyard is `bone` first
 * and then every other tile in ascending order. */
static pintas_line_deal make_deal(const pintas_line_rules *r, const char *h0, const char *h1,
                                  const char *h2, const char *h3, const char *bone)
{
    pintas_line_deal d;
    pintas_mask used;
    unsigned t;
    memset(&d, 0, sizeof d);
    d.hand[0] = tiles(h0);
    d.hand[1] = tiles(h1);
    d.hand[2] = tiles(h2);
    d.hand[3] = tiles(h3);
    used = d.hand[0] | d.hand[1] | d.hand[2] | d.hand[3];
    if (r->game == PINTAS_LINE_DOMINICAN || r->players == 4)
        return d;
    while (bone && *bone) {
        if (*bone == ' ') {
            ++bone;
            continue;
        }
        t = T(bone[0] - '0', bone[1] - '0');
        d.boneyard[d.boneyard_len++] = (uint8_t)t;
        used |= PINTAS_BIT(t);
        bone += 2;
    }
    for (t = 0; t < 28; ++t)
        if (!(used & PINTAS_BIT(t)))
            d.boneyard[d.boneyard_len++] = (uint8_t)t;
    return d;
}

static void start(pintas_line_state *s, const pintas_line_rules *r, const pintas_line_deal *d)
{
    NEV = 0;
    CHECK_EQ(pintas_line_new_dealt(s, r, 1, d, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
}

typedef struct position {
    const char *hand[4];
    const char *line; /* "63 62L 32L": the opening, then tile + end */
    const char *bone; /* boneyard still to draw, in order */
    int leader, last, passes;
} position;

static void set_position(pintas_line_state *s, const pintas_line_rules *r, const position *p)
{
    pintas_mask used = 0;
    const char *c = p->line;
    unsigned seat;
    memset(s, 0, sizeof *s);
    s->rules = *r;
    pintas_rng_seed(&s->rng, 777, PINTAS_RNG_STREAM);
    s->round = 2;
    for (seat = 0; seat < 4; ++seat) {
        s->hand[seat] = tiles(p->hand[seat]);
        used |= s->hand[seat];
    }
    memset(s->line, PINTAS_NO_TILE, sizeof s->line);
    memset(s->boneyard, PINTAS_NO_TILE, sizeof s->boneyard);
    while (c && *c) {
        unsigned hi, lo, t, end;
        if (*c == ' ') {
            ++c;
            continue;
        }
        hi = (unsigned)(c[0] - '0');
        lo = (unsigned)(c[1] - '0');
        t = T(hi, lo);
        end = c[2] == 'R';
        if (s->line_len == 0) {
            s->ends[0] = (uint8_t)(hi > lo ? hi : lo);
            s->ends[1] = (uint8_t)(hi > lo ? lo : hi);
            s->end_double[0] = s->end_double[1] = (uint8_t)(hi == lo);
        } else {
            CHECK(s->ends[end] == hi || s->ends[end] == lo);
            s->ends[end] = (uint8_t)(s->ends[end] == hi ? lo : hi);
            s->end_double[end] = (uint8_t)(hi == lo);
        }
        s->line[s->line_len++] = (uint8_t)(t | (end ? 0x80u : 0u));
        used |= PINTAS_BIT(t);
        c += (c[2] == 'L' || c[2] == 'R') ? 3 : 2;
    }
    c = p->bone;
    while (c && *c) {
        if (*c == ' ') {
            ++c;
            continue;
        }
        s->boneyard[s->bone_len] = (uint8_t)T(c[0] - '0', c[1] - '0');
        used |= PINTAS_BIT(s->boneyard[s->bone_len++]);
        c += 2;
    }
    s->aside = PINTAS_ALL_TILES & ~used;
    s->leader = (uint8_t)p->leader;
    s->last_placer = s->line_len ? (uint8_t)p->last : PINTAS_NO_SEAT;
    s->passes = (uint8_t)p->passes;
    s->to_move = s->line_len ? (uint8_t)((p->last + 1 + p->passes) % r->players)
                             : (uint8_t)p->leader;
    s->forced_tile = PINTAS_NO_TILE;
    s->phase = PINTAS_LINE_PLAYING;
    s->winner = PINTAS_NO_SEAT;
}

/* ---- rules and presets --------------------------------------------------- */

static void test_presets(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    CHECK_EQ(r.target, 200);
    CHECK_EQ(r.redeal_doubles, 5);
    CHECK_EQ(r.block_scoring, PINTAS_BLOCK_CASCADE);
    r = preset(PINTAS_LINE_CAPICUA, 4, 1);
    CHECK_EQ(r.target, 20);
    CHECK_EQ(r.redeal_doubles, 5);
    CHECK_EQ(r.capicua, 1);
    CHECK_EQ(r.pass_points, 2);
    CHECK_EQ(r.pairs, 1);
    r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    CHECK_EQ(r.target, 200);
    CHECK_EQ(r.redeal_doubles, 0);
    CHECK_EQ(r.tranque, PINTAS_TRANQUE_LOWEST);
    CHECK_EQ(r.capicua_bonus, 25);
    CHECK_EQ(r.pase_corrido_bonus, 0);
    CHECK_EQ(r.pase_de_salida_bonus, 0);
    /* Dominican modes pairs / four / three / two */
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 4, 0), PINTAS_OK);
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 3, 0), PINTAS_OK);
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 2, 0), PINTAS_OK);
    /* invalid combinations leave *rules untouched */
    r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_MUGGINS, 4, 1), PINTAS_E_RULES);
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 3, 1), PINTAS_E_RULES);
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_CAPICUA, 5, 0), PINTAS_E_RULES);
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_CAPICUA, 1, 0), PINTAS_E_RULES);
    CHECK_EQ(pintas_line_rules_preset(&r, 3, 2, 0), PINTAS_E_RULES);
    CHECK_EQ(pintas_line_rules_preset(&r, -1, 2, 0), PINTAS_E_RULES);
    CHECK_EQ(pintas_line_rules_preset(&r, 0, 2, 2), PINTAS_E_RULES);
    CHECK_EQ(pintas_line_rules_preset(NULL, 0, 2, 0), PINTAS_E_ARG);
    CHECK_EQ(r.game, PINTAS_LINE_MUGGINS);
    CHECK_EQ(r.players, 2);
}

static void test_rules_check(void)
{
    pintas_line_rules base = preset(PINTAS_LINE_MUGGINS, 3, 0), r;
    CHECK_EQ(pintas_line_rules_check(NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_rules_check(&base), PINTAS_OK);
/* The check of rules b with one field changed. */
#define CHECKED(field, value, b, status)                                                       \
    do {                                                                                       \
        r = b;                                                                                 \
        r.field = value;                                                                       \
        CHECK_EQ(pintas_line_rules_check(&r), status);                                         \
    } while (0)
#define BAD(field, value, b) CHECKED(field, value, b, PINTAS_E_RULES)
#define GOOD(field, value, b) CHECKED(field, value, b, PINTAS_OK)
    BAD(game, 3, base);
    BAD(players, 1, base);
    BAD(players, 5, base);
    BAD(pairs, 1, base);           /* pairs need 4 players */
    BAD(redeal_doubles, 8, base);
    BAD(redeal_doubles, 1, base);
    BAD(redeal_doubles, 2, base);
    GOOD(redeal_doubles, 3, base);
    GOOD(redeal_doubles, 7, base);
    GOOD(redeal_doubles, 0, base);
    GOOD(block_scoring, 1, base);
    BAD(block_scoring, 2, base);
    BAD(tranque, 1, base);         /* Dominican only */
    BAD(capicua, 1, base);         /* Capicua only */
    BAD(pass_points, 2, base);     /* Capicua only */
    BAD(capicua_bonus, 25, base);  /* Dominican only */
    BAD(pase_corrido_bonus, 1, base);
    BAD(pase_de_salida_bonus, 1, base);
    BAD(target, 0, base);
    BAD(target, PINTAS_LINE_MAX_TARGET + 1, base);
    GOOD(target, PINTAS_LINE_MAX_TARGET, base);
    /* max_rounds (the byte that was reserved): every value of it is a limit */
    GOOD(max_rounds, 1, base);
    GOOD(max_rounds, PINTAS_LINE_MAX_ROUNDS, base);
    base = preset(PINTAS_LINE_MUGGINS, 4, 0);
    BAD(pairs, 1, base);           /* Muggins is individual */
    base = preset(PINTAS_LINE_CAPICUA, 4, 0);
    GOOD(pairs, 1, base);
    GOOD(capicua, 0, base);
    BAD(capicua, 2, base);
    GOOD(pass_points, PINTAS_LINE_MAX_BONUS, base);
    BAD(pass_points, PINTAS_LINE_MAX_BONUS + 1, base);
    BAD(block_scoring, 1, base);
    BAD(capicua_bonus, 1, base);
    base = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    GOOD(tranque, 1, base);
    BAD(tranque, 2, base);
    GOOD(capicua_bonus, 0, base);
    GOOD(capicua_bonus, PINTAS_LINE_MAX_BONUS, base);
    BAD(capicua_bonus, PINTAS_LINE_MAX_BONUS + 1, base);
    GOOD(pase_corrido_bonus, 30, base);
    GOOD(pase_de_salida_bonus, 30, base);
    BAD(pase_de_salida_bonus, PINTAS_LINE_MAX_BONUS + 1, base);
    BAD(capicua, 1, base);
    BAD(pass_points, 1, base);
    GOOD(redeal_doubles, 5, base);
#undef BAD
#undef GOOD
#undef CHECKED
}

static void test_sides(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_CAPICUA, 4, 1);
    CHECK_EQ(pintas_line_sides(&r), 2);
    CHECK_EQ(pintas_line_side_of(&r, 0), 0);
    CHECK_EQ(pintas_line_side_of(&r, 1), 1);
    CHECK_EQ(pintas_line_side_of(&r, 2), 0);
    CHECK_EQ(pintas_line_side_of(&r, 3), 1);
    CHECK_EQ(pintas_line_side_of(&r, 4), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_side_of(&r, -1), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_side_of(NULL, 0), PINTAS_E_ARG);
    r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    CHECK_EQ(pintas_line_sides(&r), 3);
    CHECK_EQ(pintas_line_side_of(&r, 2), 2);
    CHECK_EQ(pintas_line_side_of(&r, 3), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_sides(NULL), PINTAS_E_ARG);
    r.players = 9;
    CHECK_EQ(pintas_line_sides(&r), PINTAS_E_RULES);
}

static void test_draws(void)
{
    pintas_line_rules r;
    int game, players;
    for (game = PINTAS_LINE_MUGGINS; game <= PINTAS_LINE_DOMINICAN; ++game)
        for (players = 2; players <= 4; ++players) {
            r = preset(game, players, 0);
            CHECK_EQ(pintas_line_draws(&r), game != PINTAS_LINE_DOMINICAN && players < 4);
        }
    r = preset(PINTAS_LINE_CAPICUA, 4, 1);
    CHECK_EQ(pintas_line_draws(&r), 0);
    CHECK_EQ(pintas_line_draws(NULL), PINTAS_E_ARG);
    r.players = 9;
    CHECK_EQ(pintas_line_draws(&r), PINTAS_E_RULES);
}

/* ---- deal and redeal ----------------------------------------------------- */

static void test_deal_from_seed(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_state s, s2;
    pintas_rng rng;
    uint8_t order[28];
    unsigned i, seat;
    uint64_t seed;
    /* find a seed whose first shuffle is not redealt, then compare the deal
     * with a plain shuffle of 0..27 on the game's PCG32 */
    for (seed = 0;; ++seed) {
        CHECK_EQ(pintas_line_new(&s, &r, seed, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
        if (NEV == 1)
            break;
    }
    KINDS_ARE("D");
    pintas_rng_seed(&rng, seed, PINTAS_RNG_STREAM);
    for (i = 0; i < 28; ++i)
        order[i] = (uint8_t)i;
    pintas_rng_shuffle(&rng, order, 28);
    for (seat = 0; seat < 2; ++seat) {
        pintas_mask h = 0;
        for (i = 0; i < 7; ++i)
            h |= PINTAS_BIT(order[7 * seat + i]);
        CHECK_EQ(s.hand[seat], h);
    }
    CHECK_EQ(s.hand[2], 0);
    CHECK_EQ(s.hand[3], 0);
    CHECK_EQ(s.bone_len, 14);
    CHECK_EQ(s.bone_pos, 0);
    CHECK(memcmp(s.boneyard, order + 14, 14) == 0);
    CHECK_EQ(s.boneyard[14], PINTAS_NO_TILE);
    CHECK_EQ(s.aside, 0);
    CHECK(memcmp(&s.rng, &rng, sizeof rng) == 0);
    CHECK_EQ(s.round, 1);
    CHECK_EQ(pintas_line_boneyard_size(&s), 14);
    CHECK_EQ(EV[0].seat, s.leader);
    CHECK_EQ(EV[0].points, 1);
    CHECK_EQ(EV[0].tile, s.forced_tile);
    /* same seed, same game */
    CHECK_EQ(pintas_line_new(&s2, &r, seed, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK(memcmp(&s, &s2, sizeof s) == 0);
    /* Dominican three: 7 set aside, no boneyard */
    r = preset(PINTAS_LINE_DOMINICAN, 3, 0);
    CHECK_EQ(pintas_line_new(&s, &r, 5, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(s.bone_len, 0);
    CHECK_EQ(pintas_popcount(s.aside), 7);
    CHECK_EQ(s.aside & (s.hand[0] | s.hand[1] | s.hand[2]), 0);
    CHECK_EQ(pintas_line_boneyard_size(&s), 0);
    r = preset(PINTAS_LINE_DOMINICAN, 2, 0);
    CHECK_EQ(pintas_line_new(&s, &r, 5, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(pintas_popcount(s.aside), 14);
    /* Muggins 4: all 28 dealt */
    r = preset(PINTAS_LINE_MUGGINS, 4, 0);
    CHECK_EQ(pintas_line_new(&s, &r, 5, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(s.bone_len, 0);
    CHECK_EQ(s.aside, 0);
    CHECK_EQ(s.hand[0] | s.hand[1] | s.hand[2] | s.hand[3], PINTAS_ALL_TILES);
}

static void test_redeal(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_deal d;
    pintas_line_state s;
    pintas_rng rng;
    uint8_t order[28];
    unsigned i, seat;
    uint64_t seed;
    /* seat 1 holds 5 doubles: the hand-made deal is void, redealt from the
     * game's PCG32 (which the hand-made deal did not use) */
    d = make_deal(&r, "10 20 30 40 21 31 32", "00 11 22 33 44 65 64", "", "", NULL);
    start(&s, &r, &d);
    KINDS_ARE("RD");
    CHECK(event_is(0, PINTAS_EV_REDEAL, 1, 1, PINTAS_WHY_NONE, 5));
    pintas_rng_seed(&rng, 1, PINTAS_RNG_STREAM);
    for (i = 0; i < 28; ++i)
        order[i] = (uint8_t)i;
    pintas_rng_shuffle(&rng, order, 28);
    for (seat = 0; seat < 2; ++seat) {
        pintas_mask h = 0;
        for (i = 0; i < 7; ++i)
            h |= PINTAS_BIT(order[7 * seat + i]);
        if (pintas_popcount(h & PINTAS_DOUBLES_MASK) >= 5)
            break; /* that shuffle was voided too: not this seed */
        CHECK_EQ(s.hand[seat], h);
    }
    for (seat = 0; seat < 2; ++seat)
        CHECK(pintas_popcount(s.hand[seat] & PINTAS_DOUBLES_MASK) < 5);
    /* 4 doubles is fine */
    d = make_deal(&r, "10 20 30 40 21 31 32", "00 11 22 33 54 65 64", "", "", NULL);
    start(&s, &r, &d);
    KINDS_ARE("D");
    CHECK_EQ(s.hand[1], d.hand[1]);
    /* the lowest voided seat is named, with its count of doubles */
    r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    r.redeal_doubles = 3;
    d = make_deal(&r, "10 20 30 40 21 31 32", "00 11 22 54 65 64 63", "33 44 55 62 61 60 53", "",
                  NULL);
    start(&s, &r, &d);
    CHECK(event_is(0, PINTAS_EV_REDEAL, 1, 1, PINTAS_WHY_NONE, 3));
    /* no redeal in Dominican by default */
    r = preset(PINTAS_LINE_DOMINICAN, 2, 0);
    d = make_deal(&r, "00 11 22 33 44 55 66", "10 20 30 40 50 60 21", "", "", NULL);
    start(&s, &r, &d);
    KINDS_ARE("D");
    /* a seeded game whose first shuffle is void deals the next shuffle of the
     * same PCG32 */
    r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    for (seed = 0; seed < 10000; ++seed) {
        CHECK_EQ(pintas_line_new(&s, &r, seed, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
        if (NEV > 1)
            break;
    }
    CHECK(NEV > 1 && EV[0].kind == PINTAS_EV_REDEAL);
    pintas_rng_seed(&rng, seed, PINTAS_RNG_STREAM);
    for (i = 0; i < 28; ++i)
        order[i] = (uint8_t)i;
    pintas_rng_shuffle(&rng, order, 28);
    for (i = 0; i < 28; ++i)
        order[i] = (uint8_t)i;
    pintas_rng_shuffle(&rng, order, 28);
    if (NEV == 2) {
        pintas_mask h = 0;
        for (i = 0; i < 7; ++i)
            h |= PINTAS_BIT(order[i]);
        CHECK_EQ(s.hand[0], h);
        CHECK(memcmp(s.boneyard, order + 14, 14) == 0);
    }
    /* thresholds below 3 would void (nearly) every deal: refused */
    r = preset(PINTAS_LINE_CAPICUA, 4, 0);
    r.redeal_doubles = 2;
    CHECK_EQ(pintas_line_new(&s, &r, 3, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_E_RULES);
    r.redeal_doubles = 3;
    CHECK_EQ(pintas_line_new(&s, &r, 3, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK(NEV <= PINTAS_LINE_MAX_REDEALS + 1);
    CHECK_EQ(EV[NEV - 1].kind, PINTAS_EV_DEAL);
}

static void test_bad_deals(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_deal d, bad;
    pintas_line_state s, before;
    d = make_deal(&r, "10 20 30 40 21 31 32", "00 11 22 33 54 65 64", "", "", NULL);
    start(&s, &r, &d);
    before = s;
    bad = d;
    bad.hand[1] = tiles("00 11 22 33 54 65"); /* 6 tiles */
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    bad = d;
    bad.hand[1] = tiles("00 11 22 33 54 65 10"); /* 1|0 twice */
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    bad = d;
    bad.hand[2] = tiles("66"); /* absent seat */
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    bad = d;
    bad.hand[0] |= UINT32_C(1) << 30;
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    bad = d;
    bad.boneyard_len = 13; /* a tile missing */
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    bad = d;
    bad.boneyard[3] = bad.boneyard[4]; /* a tile twice */
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    bad = d;
    bad.boneyard[0] = T(1, 0); /* a tile of a hand */
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    bad = d;
    bad.boneyard[0] = 28;
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    /* no boneyard where the rules do not draw */
    r = preset(PINTAS_LINE_DOMINICAN, 2, 0);
    bad = d;
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    bad.boneyard_len = 0;
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_OK);
    CHECK_EQ(pintas_popcount(s.aside), 14);
    /* argument errors */
    CHECK_EQ(pintas_line_new_dealt(&s, &r, 1, NULL, EV, PINTAS_LINE_MAX_EVENTS, &NEV),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_line_new(NULL, &r, 1, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_new(&s, NULL, 1, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_new(&s, &r, 1, NULL, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_new(&s, &r, 1, EV, PINTAS_LINE_MAX_EVENTS, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_new(&s, &r, 1, EV, PINTAS_LINE_MAX_EVENTS - 1, &NEV), PINTAS_E_BUFFER);
    before = s;
    r.target = 0;
    CHECK_EQ(pintas_line_new(&s, &r, 1, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_E_RULES);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    /* rules may live inside the state they initialise */
    CHECK_EQ(pintas_line_new(&s, &s.rules, 9, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(s.rules.game, PINTAS_LINE_DOMINICAN);
}

/* ---- leads --------------------------------------------------------------- */

static void test_first_lead(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_CAPICUA, 4, 0);
    pintas_line_deal d;
    pintas_line_state s;
    /* 4 players: the 6|6 holder must open with it */
    d = make_deal(&r, "33 44 55 40 50 60 21", "31 41 51 61 32 42 52", "62 43 53 63 54 64 65",
                  "66 00 11 22 10 20 30", NULL);
    start(&s, &r, &d);
    KINDS_ARE("D");
    CHECK_EQ(s.leader, 3);
    CHECK_EQ(s.to_move, 3);
    CHECK_EQ(s.forced_tile, T(6, 6));
    CHECK(event_is(0, PINTAS_EV_DEAL, 3, 3, PINTAS_WHY_NONE, 1));
    CHECK_EQ(EV[0].tile, T(6, 6));
    LEGAL_IS(&s, "66L");
    CHECK_EQ(play(&s, "55"), PINTAS_E_ILLEGAL);
    CHECK_EQ(play(&s, "66R"), PINTAS_E_ILLEGAL);
    PLAY_OK(&s, "66");
    CHECK_EQ(s.forced_tile, PINTAS_NO_TILE);
    /* 3 players, 6|6 in the boneyard: the highest double held leads with it */
    r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    d = make_deal(&r, "10 20 30 40 50 60 00", "31 41 51 61 32 42 11", "62 43 53 63 54 55 22",
                  "", "66");
    start(&s, &r, &d);
    CHECK_EQ(s.leader, 2);
    CHECK_EQ(s.forced_tile, T(5, 5));
    LEGAL_IS(&s, "55L");
    /* 2 players, no double in any hand: the heaviest tile; 6|3 beats 5|4 */
    r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    d = make_deal(&r, "10 20 30 40 50 21 31", "41 51 61 32 42 54 63", "", "", NULL);
    start(&s, &r, &d);
    CHECK_EQ(s.leader, 1);
    CHECK_EQ(s.forced_tile, T(6, 3));
    LEGAL_IS(&s, "63L");
    d = make_deal(&r, "10 20 30 40 50 21 54", "41 51 61 32 42 31 52", "", "", NULL);
    start(&s, &r, &d);
    CHECK_EQ(s.leader, 0);
    CHECK_EQ(s.forced_tile, T(5, 4));
}

/* ---- placing tiles ------------------------------------------------------- */

static void test_placement(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_CAPICUA, 2, 0);
    pintas_line_state s;
    position p = {{"64 41 30 55", "43 62 11 00"}, "", NULL, 0, 0, 0};
    set_position(&s, &r, &p);
    /* a later round's leader opens with any tile, always at LEFT */
    LEGAL_IS(&s, "30L 41L 55L 64L");
    CHECK_EQ(play(&s, "64R"), PINTAS_E_ILLEGAL);
    PLAY_OK(&s, "64");
    CHECK_EQ(s.ends[0], 6); /* the opening's high end is the left end */
    CHECK_EQ(s.ends[1], 4);
    CHECK_EQ(s.line[0], T(6, 4));
    CHECK_EQ(s.to_move, 1);
    CHECK_EQ(s.last_placer, 0);
    CHECK(event_is(0, PINTAS_EV_PLAY, 0, 0, PINTAS_WHY_NONE, 0));
    CHECK_EQ(EV[0].tile, T(6, 4));
    CHECK_EQ(EV[0].end, PINTAS_END_LEFT);
    /* 4|3 fits the right end only; 6|2 the left only */
    LEGAL_IS(&s, "43R 62L");
    CHECK_EQ(play(&s, "43L"), PINTAS_E_ILLEGAL);
    PLAY_OK(&s, "43R");
    CHECK_EQ(s.ends[1], 3);
    CHECK_EQ(s.line[1], T(4, 3) | 0x80);
    /* 3|0 fits the right; 6|4 gone; 5|5 nothing */
    LEGAL_IS(&s, "30R");
    PLAY_OK(&s, "30R");
    CHECK_EQ(s.ends[0], 6);
    CHECK_EQ(s.ends[1], 0);
    /* the line as its pips run, from left to right: 6|4 4|3 3|0 */
    {
        uint8_t nums[2 * PINTAS_TILE_COUNT];
        size_t n = 0;
        CHECK_EQ(pintas_line_chain(&s, nums, sizeof nums, &n), PINTAS_OK);
        CHECK_EQ(n, 3);
        CHECK(memcmp(nums, "\6\4\4\3\3\0", 6) == 0);
        CHECK_EQ(pintas_line_chain(&s, nums, 5, &n), PINTAS_E_BUFFER);
        CHECK_EQ(pintas_line_chain(NULL, nums, sizeof nums, &n), PINTAS_E_ARG);
    }
    /* a tile fitting both (different) ends: two moves, LEFT first */
    set_position(&s, &r, &(position){{"60 11", "22 65"}, "63 30R", NULL, 1, 1, 0});
    LEGAL_IS(&s, "60L 60R");
    PLAY_OK(&s, "60R");
    CHECK_EQ(s.ends[1], 6);
    CHECK_EQ(s.end_double[1], 0);
    /* equal ends: the same position either way (mirrored), one move, LEFT;
     * RIGHT is accepted too and places the tile there */
    set_position(&s, &r, &(position){{"65 11 50", "22"}, "66", NULL, 1, 1, 0});
    LEGAL_IS(&s, "65L");
    PLAY_OK(&s, "65R");
    CHECK_EQ(EV[0].end, PINTAS_END_RIGHT);
    CHECK_EQ(s.ends[0], 6);
    CHECK_EQ(s.ends[1], 5);
    /* Muggins: the opening double lies at both ends, so they are alike too */
    r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    set_position(&s, &r, &(position){{"65 11 50", "22"}, "66", NULL, 1, 1, 0});
    LEGAL_IS(&s, "65L");
    /* ... and so are equal ends with a double at neither */
    set_position(&s, &r, &(position){{"65 11 50", "22"}, "63 32R 26R", NULL, 1, 1, 0});
    LEGAL_IS(&s, "65L");
    /* a double at one end only counts twice there: both placements listed */
    set_position(&s, &r, &(position){{"65 11 50", "22"}, "66 63R 32R 26R", NULL, 1, 1, 0});
    CHECK_EQ(s.ends[0], 6);
    CHECK_EQ(s.ends[1], 6);
    LEGAL_IS(&s, "65L 65R");
    PLAY_OK(&s, "65L");
    CHECK_EQ(s.ends[0], 5);
    CHECK_EQ(s.ends[1], 6);
    CHECK_EQ(s.end_double[0], 0);
    CHECK_EQ(s.end_double[1], 0);
    /* a tile placed at the left shows its touching number to the right */
    {
        uint8_t nums[2 * PINTAS_TILE_COUNT];
        size_t n = 0;
        CHECK_EQ(pintas_line_chain(&s, nums, sizeof nums, &n), PINTAS_OK);
        CHECK_EQ(n, 5);
        CHECK(memcmp(nums, "\5\6\6\6\6\3\3\2\2\6", 10) == 0);
    }
    /* a double placed at an end */
    set_position(&s, &r, &(position){{"22 11", "33 60"}, "62", NULL, 1, 1, 0});
    PLAY_OK(&s, "22R");
    CHECK_EQ(s.ends[1], 2);
    CHECK_EQ(s.end_double[1], 1);
}

static void test_bad_moves(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_state s, before;
    pintas_line_move m;
    pintas_line_move out[PINTAS_LINE_MAX_MOVES];
    size_t n = 99;
    set_position(&s, &r, &(position){{"65 11 50", "22"}, "66", "33", 1, 1, 0});
    before = s;
    m.kind = 3;
    m.tile = T(6, 5);
    m.end = 0;
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_E_ILLEGAL);
    m.kind = PINTAS_MOVE_PLAY;
    m.tile = 28;
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_E_ILLEGAL);
    m.tile = PINTAS_NO_TILE;
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_E_ILLEGAL);
    m.tile = T(6, 5);
    m.end = 2;
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_E_ILLEGAL);
    m.end = 0;
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_OK);
    m.tile = T(2, 2); /* another seat's tile */
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_E_ILLEGAL);
    m.tile = T(1, 1); /* does not match */
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_E_ILLEGAL);
    CHECK_EQ(play(&s, "draw"), PINTAS_E_ILLEGAL); /* can play: must play */
    CHECK_EQ(play(&s, "pass"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    /* NULLs and small buffers */
    m = move("65");
    CHECK_EQ(pintas_line_check(NULL, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_check(&s, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_play(NULL, &m, EV, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_play(&s, NULL, EV, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_play(&s, &m, NULL, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_play(&s, &m, EV, PINTAS_LINE_MAX_EVENTS, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_play(&s, &m, EV, PINTAS_LINE_MAX_EVENTS - 1, &n), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_line_legal(NULL, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_legal(&s, NULL, PINTAS_LINE_MAX_MOVES, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES - 1, &n), PINTAS_E_BUFFER);
    CHECK_EQ(n, 99);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    /* scribbled-on states are refused, not followed */
    s.rules.players = 7;
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_E_ARG);
    s.rules.players = 5;
    CHECK_EQ(pintas_line_check(&s, &m), PINTAS_E_ARG);
    CHECK_EQ(play(&s, "65"), PINTAS_E_ARG);
    s.rules.players = 1;
    CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_E_ARG);
    s = before;
    s.to_move = 2;
    CHECK_EQ(play(&s, "65"), PINTAS_E_ARG);
    s = before;
    s.ends[1] = 9;
    CHECK_EQ(play(&s, "65"), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_hand_pips(NULL, 0), 0);
    CHECK_EQ(pintas_line_hand_pips(&before, 2), 0);
    CHECK_EQ(pintas_line_hand_pips(&before, -1), 0);
    CHECK_EQ(pintas_line_hand_pips(&before, 0), 11 + 2 + 5);
    CHECK_EQ(pintas_line_boneyard_size(NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_boneyard_size(&before), 1);
    CHECK_EQ(pintas_line_reseed(NULL, 1), PINTAS_E_ARG);
}

/* ---- drawing and passing ------------------------------------------------- */

static void test_drawing(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_deal d;
    pintas_line_state s, before;
    d = make_deal(&r, "66 10 20 30 40 21 31", "50 51 52 53 54 55 41", "", "", "00 11 61 32");
    start(&s, &r, &d);
    CHECK_EQ(s.leader, 0);
    PLAY_OK(&s, "66");
    /* no 6: draw one tile at a time; the same player stays to move */
    LEGAL_IS(&s, "draw");
    CHECK_EQ(play(&s, "pass"), PINTAS_E_ILLEGAL);
    PLAY_OK(&s, "draw");
    KINDS_ARE("W");
    CHECK_EQ(EV[0].seat, 1);
    CHECK_EQ(EV[0].tile, T(0, 0));
    CHECK_EQ(s.to_move, 1);
    CHECK_EQ(s.bone_pos, 1);
    CHECK_EQ(pintas_line_boneyard_size(&s), 13);
    PLAY_OK(&s, "draw");
    CHECK_EQ(EV[0].tile, T(1, 1));
    PLAY_OK(&s, "draw");
    CHECK_EQ(EV[0].tile, T(6, 1));
    CHECK(s.hand[1] & PINTAS_BIT(T(6, 1)));
    /* a playable tile came: now the player must play (the ends 6 and 6 of the
     * opening double are alike: one move) */
    LEGAL_IS(&s, "61L");
    before = s;
    CHECK_EQ(play(&s, "draw"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    PLAY_OK(&s, "61R");
    CHECK_EQ(s.to_move, 0);
    CHECK_EQ(s.passes, 0);
}

static void test_block_after_last_draw(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_state s;
    /* seat 1 draws the last tile; nobody can play: block at once, blocker =
     * the drawer, no pass; the drawn tile stays private (tile = NO_TILE) */
    set_position(&s, &r, &(position){{"00", "11"}, "66 65R", "22", 0, 0, 0});
    LEGAL_IS(&s, "draw");
    PLAY_OK(&s, "draw");
    KINDS_ARE("WECD");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 0, 0, PINTAS_WHY_BLOCK, 0));
    CHECK_EQ(EV[1].tile, PINTAS_NO_TILE);
    /* pips 0 and 6: seat 0 scores round5(6 - 0) = 5 */
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_BLOCK, 5));
    CHECK_EQ(s.score[0], 5);
    CHECK(event_is(3, PINTAS_EV_DEAL, 0, 0, PINTAS_WHY_NONE, 3));
    /* the same draw when someone else can still play: no block, then a pass */
    set_position(&s, &r, &(position){{"60", "11"}, "66 65R", "22", 0, 0, 0});
    PLAY_OK(&s, "draw");
    KINDS_ARE("W");
    LEGAL_IS(&s, "pass");
    CHECK_EQ(play(&s, "draw"), PINTAS_E_ILLEGAL);
    PLAY_OK(&s, "pass");
    KINDS_ARE("S");
    CHECK_EQ(s.to_move, 0);
    CHECK_EQ(s.passes, 1);
    LEGAL_IS(&s, "60L");
}

static void test_pass_without_boneyard(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_DOMINICAN, 2, 0);
    pintas_line_state s;
    /* Dominican never draws: a player who cannot play passes */
    set_position(&s, &r, &(position){{"60 10", "11 22"}, "66", NULL, 0, 0, 0});
    LEGAL_IS(&s, "pass");
    CHECK_EQ(play(&s, "draw"), PINTAS_E_ILLEGAL);
    PLAY_OK(&s, "pass");
    KINDS_ARE("S");
    CHECK_EQ(s.to_move, 0);
}

/* ---- Muggins ------------------------------------------------------------- */

static void test_muggins_fives(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_deal d;
    pintas_line_state s;
    const char *openings[] = {"64", "32", "43", "55", "50"};
    const int points[] = {10, 5, 0, 10, 5};
    int i;
    /* 5|5 opens alone: 10, not 20; then 5|0 at the right: 5|5 is a double
     * at the left end (10) + 0 = 10 */
    d = make_deal(&r, "55 10 20 30 40 21 31", "50 41 61 32 42 62 43", "", "", NULL);
    start(&s, &r, &d);
    CHECK_EQ(s.forced_tile, T(5, 5));
    PLAY_OK(&s, "55");
    KINDS_ARE("PC");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_FIVES, 10));
    LEGAL_IS(&s, "50L");
    PLAY_OK(&s, "50R"); /* the mirror image of 50L, accepted */
    KINDS_ARE("PC");
    CHECK(event_is(1, PINTAS_EV_SCORE, 1, 1, PINTAS_WHY_FIVES, 10));
    CHECK_EQ(s.score[1], 10);
    /* ends 5|5 (double) and 1: 11, nothing */
    PLAY_OK(&s, "10R");
    KINDS_ARE("P");
    /* openings count their pips: 6|4 10, 3|2 5, 4|3 7 (nothing) */
    for (i = 0; i < 5; ++i) {
        char h[3] = {openings[i][0], openings[i][1], 0};
        set_position(&s, &r, &(position){{h, "10 20 30 40 60 51"}, "", NULL, 0, 0, 0});
        s.hand[0] |= tiles("22");
        PLAY_OK(&s, openings[i]);
        CHECK_EQ(count_events(PINTAS_EV_SCORE), points[i] > 0);
        CHECK_EQ(s.score[0], points[i]);
    }
    /* a double at an end counts both halves: 6 + 2|2 = 10 */
    set_position(&s, &r, &(position){{"22 11", "33 60"}, "62", NULL, 1, 1, 0});
    PLAY_OK(&s, "22R");
    KINDS_ARE("PC");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_FIVES, 10));
    /* two doubles at the ends: 6|6 + 4|4 = 12 + 8 = 20 */
    set_position(&s, &r, &(position){{"44 11", "33 60"}, "66 64R", NULL, 1, 1, 0});
    PLAY_OK(&s, "44R");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_FIVES, 20));
}

/* Domino: round5 of the pips left in the other hands. */
static void test_muggins_domino(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    pintas_line_state s;
    static const char *other[] = {"11", "21", "43", "44", "66", "66 10", "66 54"};
    static const int expect[] = {0, 5, 5, 10, 10, 15, 20};
    int i;
    for (i = 0; i < 7; ++i) {
        /* ends 3|3; seat 0 plays its last tile 3|1: ends 1 and 3|3 = 7 */
        set_position(&s, &r, &(position){{"31", other[i], "00"}, "63 62L 32L", NULL, 0, 2, 0});
        PLAY_OK(&s, "31");
        if (expect[i]) {
            KINDS_ARE("PECD");
            CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_DOMINO, expect[i]));
        } else {
            KINDS_ARE("PED"); /* 2 pips round to 0: no SCORE, ROUND_END still */
        }
        CHECK(event_is(1, PINTAS_EV_ROUND_END, 0, 0, PINTAS_WHY_DOMINO, 0));
        CHECK_EQ(EV[1].tile, T(3, 1));
        CHECK_EQ(s.score[0], expect[i]);
        /* the winner leads the next round with any tile */
        CHECK(event_is((int)NEV - 1, PINTAS_EV_DEAL, 0, 0, PINTAS_WHY_NONE, 3));
        CHECK_EQ(EV[NEV - 1].tile, PINTAS_NO_TILE);
        CHECK_EQ(s.round, 3);
        CHECK_EQ(s.leader, 0);
        CHECK_EQ(s.to_move, 0);
        CHECK_EQ(s.forced_tile, PINTAS_NO_TILE);
        CHECK_EQ(s.line_len, 0);
        CHECK_EQ(s.last_placer, PINTAS_NO_SEAT);
        CHECK_EQ(s.passes, 0);
        CHECK_EQ(pintas_popcount(s.hand[0]), 7);
        CHECK_EQ(s.bone_len, 7);
    }
    /* later round: the leader may open with any of its 7 tiles */
    {
        pintas_line_move out[PINTAS_LINE_MAX_MOVES];
        size_t n = 0, k;
        CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
        CHECK_EQ(n, 7);
        for (k = 0; k < n; ++k)
            CHECK(out[k].kind == PINTAS_MOVE_PLAY && out[k].end == PINTAS_END_LEFT &&
                  (s.hand[0] & PINTAS_BIT(out[k].tile)));
    }
}

/* The cascade block: p = (5, 12, 20); seat 0: round5(37 - 10) = 25; seat 1:
 * round5(37 - 24) = 15; seat 2: negative, nothing. */
static void test_muggins_block(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    pintas_line_state s;
    position block = {{"41 32", "33 42", "55 53 20"}, "64", NULL, 2, 2, 0};
    set_position(&s, &r, &block);
    PLAY_OK(&s, "41R"); /* ends 6, 1: nobody holds either */
    KINDS_ARE("PECCD");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 0, 0, PINTAS_WHY_BLOCK, 0));
    CHECK_EQ(EV[1].tile, T(4, 1));
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_BLOCK, 25));
    CHECK(event_is(3, PINTAS_EV_SCORE, 1, 1, PINTAS_WHY_BLOCK, 15));
    CHECK(event_is(4, PINTAS_EV_DEAL, 0, 0, PINTAS_WHY_NONE, 3)); /* the lowest leads */
    CHECK_EQ(s.score[0], 25);
    CHECK_EQ(s.score[1], 15);
    CHECK_EQ(s.score[2], 0);
    /* lowest takes all: round5(32) = 30 */
    r.block_scoring = PINTAS_BLOCK_LOWEST_TAKES_ALL;
    set_position(&s, &r, &block);
    PLAY_OK(&s, "41R");
    KINDS_ARE("PECD");
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_BLOCK, 30));
    /* a tie for the fewest: nobody scores, the blocked round's leader leads */
    r.block_scoring = PINTAS_BLOCK_CASCADE;
    block.hand[1] = "50";
    set_position(&s, &r, &block);
    PLAY_OK(&s, "41R");
    KINDS_ARE("PED");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, PINTAS_NO_SEAT, PINTAS_NO_SEAT, PINTAS_WHY_BLOCK_TIE,
                   0));
    CHECK(event_is(2, PINTAS_EV_DEAL, 2, 2, PINTAS_WHY_NONE, 3));
    CHECK_EQ(s.leader, 2);
    CHECK_EQ(s.score[0] + s.score[1] + s.score[2], 0);
}

static void test_muggins_target(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_deal d;
    pintas_line_state s;
    pintas_line_move out[PINTAS_LINE_MAX_MOVES];
    size_t n = 9;
    /* the moment fives reach the target, the game ends */
    d = make_deal(&r, "55 10 20 30 40 21 31", "50 41 61 32 42 62 43", "", "", NULL);
    start(&s, &r, &d);
    PLAY_OK(&s, "55");
    s.score[1] = 195;
    PLAY_OK(&s, "50R");
    KINDS_ARE("PCG");
    CHECK(event_is(2, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 1, PINTAS_WHY_NORMAL, 205));
    CHECK_EQ(s.phase, PINTAS_LINE_OVER);
    CHECK_EQ(s.winner, 1);
    CHECK_EQ(s.end_reason, PINTAS_WHY_NORMAL);
    CHECK_EQ(s.to_move, PINTAS_NO_SEAT);
    CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(play(&s, "10R"), PINTAS_E_OVER);
    CHECK_EQ(play(&s, "pass"), PINTAS_E_OVER);
    /* fives with the last tile reaching the target: no round scoring at all */
    r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    set_position(&s, &r, &(position){{"34", "66 55", "44"}, "63", NULL, 2, 2, 0});
    s.score[0] = 190;
    PLAY_OK(&s, "34R"); /* ends 6, 4: 10 */
    KINDS_ARE("PCG");
    CHECK_EQ(s.score[0], 200);
    CHECK_EQ(s.winner, 0);
    /* the same without reaching it: fives, then the domino */
    set_position(&s, &r, &(position){{"34", "66 55", "44"}, "63", NULL, 2, 2, 0});
    s.score[0] = 100;
    PLAY_OK(&s, "34R");
    KINDS_ARE("PCECD");
    CHECK(event_is(3, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_DOMINO, 30)); /* round5(22 + 8) */
    /* several reach it at a round's end: the highest wins */
    set_position(&s, &r, &(position){{"41 32", "33 42", "55 53 20"}, "64", NULL, 2, 2, 0});
    s.score[0] = 190;
    s.score[1] = 199;
    PLAY_OK(&s, "41R"); /* 215 vs 214 */
    KINDS_ARE("PECCG");
    CHECK(event_is(4, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_NORMAL, 215));
}

/* Reference tie-break of seats 0 and 1 from the game's generator: each round
 * both draw from a fresh shuffle of the 28 tiles (seat 0 the first tile,
 * seat 1 the second), fewer pips wins, equal pips draw again; after the cap
 * seat 0, the lower, wins. Returns the winner; *draw_rounds the rounds drawn. */
static unsigned reference_tiebreak_of_two(pintas_rng rng, int *draw_rounds)
{
    int round;
    for (round = 1; round <= PINTAS_LINE_MAX_TIEBREAK_ROUNDS; ++round) {
        uint8_t order[28];
        unsigned i, pips0, pips1;
        for (i = 0; i < 28; ++i)
            order[i] = (uint8_t)i;
        pintas_rng_shuffle(&rng, order, 28);
        pips0 = pintas_tile_pips(order[0]);
        pips1 = pintas_tile_pips(order[1]);
        *draw_rounds = round;
        if (pips0 != pips1)
            return pips0 < pips1 ? 0u : 1u;
    }
    return 0u;
}

static void test_muggins_tiebreak(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    pintas_line_state s;
    int rounds = 0, i, found_redraw = 0;
    uint64_t seed;
    unsigned expect;
    /* the cascade gives 25 and 15: 185 + 25 = 195 + 15 = 210 */
    for (seed = 0; seed < 400; ++seed) {
        set_position(&s, &r, &(position){{"41 32", "33 42", "55 53 20"}, "64", NULL, 2, 2, 0});
        s.score[0] = 185;
        s.score[1] = 195;
        pintas_line_reseed(&s, seed);
        expect = reference_tiebreak_of_two(s.rng, &rounds);
        PLAY_OK(&s, "41R");
        CHECK_EQ(s.score[0], 210);
        CHECK_EQ(s.score[1], 210);
        CHECK_EQ(count_events(PINTAS_EV_TIEBREAK), 2 * rounds);
        CHECK(event_is((int)NEV - 1, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, expect,
                       PINTAS_WHY_TIEBREAK, 210));
        CHECK_EQ(s.winner, expect);
        CHECK_EQ(s.end_reason, PINTAS_WHY_TIEBREAK);
        for (i = 0; i < 2 * rounds; ++i) {
            int k = find_event(PINTAS_EV_TIEBREAK, i);
            CHECK_EQ(EV[k].seat, (unsigned)(i % 2));
            CHECK_EQ(EV[k].points, i / 2 + 1);
        }
        /* the winner drew fewer pips than the other in the last draw */
        {
            int a = find_event(PINTAS_EV_TIEBREAK, 2 * rounds - 2);
            int b = find_event(PINTAS_EV_TIEBREAK, 2 * rounds - 1);
            unsigned pa = pintas_tile_pips(EV[a].tile), pb = pintas_tile_pips(EV[b].tile);
            CHECK(pa != pb);
            CHECK_EQ(expect, pa < pb ? 0u : 1u);
        }
        if (rounds > 1)
            found_redraw = 1;
    }
    CHECK(found_redraw); /* some seed tied on the first draw and drew again */
}

/* ---- Capicua ------------------------------------------------------------- */

static void test_capicua_pass_points(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_CAPICUA, 2, 0);
    pintas_line_state s;
    set_position(&s, &r, &(position){{"65 10", "00 11"}, "66", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    KINDS_ARE("SC");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASS, 2));
    CHECK_EQ(s.score[0], 2);
    /* pairs: an opponent's pass scores, a partner's does not */
    r = preset(PINTAS_LINE_CAPICUA, 4, 1);
    set_position(&s, &r, &(position){{"65", "00", "11", "22"}, "66", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASS, 2));
    PLAY_OK(&s, "pass");
    KINDS_ARE("S");
    PLAY_OK(&s, "pass");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASS, 2));
    CHECK_EQ(s.score[0], 4);
    CHECK_EQ(s.score[1], 0);
    CHECK_EQ(s.to_move, 0);
    /* pass_points option */
    r.pass_points = 0;
    set_position(&s, &r, &(position){{"65", "00", "11", "22"}, "66", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    KINDS_ARE("S");
    r.pass_points = 7;
    set_position(&s, &r, &(position){{"65", "00", "11", "22"}, "66", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASS, 7));
    /* reaching the target with pass points ends the game at once; zapatero
     * when every other side is on 0 */
    r = preset(PINTAS_LINE_CAPICUA, 3, 0);
    set_position(&s, &r, &(position){{"65", "00", "11"}, "66", NULL, 0, 0, 0});
    s.score[0] = 18;
    PLAY_OK(&s, "pass");
    KINDS_ARE("SCG");
    CHECK(event_is(2, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_ZAPATERO, 20));
    CHECK_EQ(s.end_reason, PINTAS_WHY_ZAPATERO);
    set_position(&s, &r, &(position){{"65", "00", "11"}, "66", NULL, 0, 0, 0});
    s.score[0] = 18;
    s.score[2] = 1;
    PLAY_OK(&s, "pass");
    CHECK(event_is(2, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_NORMAL, 20));
}

static void test_capicua_domino(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_CAPICUA, 2, 0);
    pintas_line_state s;
    static const char *other[] = {"11", "21", "66 44", "66 54", "66 55 44", "66 55 54"};
    static const int expect[] = {1, 2, 2, 3, 3, 4}; /* T = 2, 3, 20, 21, 30, 31 */
    int i;
    for (i = 0; i < 6; ++i) {
        /* 3|1 on equal ends 3, 3: no capicua */
        set_position(&s, &r, &(position){{"31", other[i]}, "63 62L 32L", NULL, 1, 1, 0});
        PLAY_OK(&s, "31");
        KINDS_ARE("PECD");
        CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_DOMINO, expect[i]));
        CHECK_EQ(s.leader, 0);
    }
    /* partner's pips count too */
    r = preset(PINTAS_LINE_CAPICUA, 4, 1);
    set_position(&s, &r, &(position){{"31", "11", "66 55", "00"}, "63 62L 32L", NULL, 3, 3, 0});
    PLAY_OK(&s, "31");
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_DOMINO, 3)); /* T = 24 */
}

static void test_capicua_capicua(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_CAPICUA, 2, 0);
    pintas_line_state s;
    /* 5|3 on ends 3 and 5: it could go on either end, no double, ends differ */
    set_position(&s, &r, &(position){{"53", "66 44"}, "35", NULL, 1, 1, 0});
    LEGAL_IS(&s, "53L 53R");
    PLAY_OK(&s, "53R");
    KINDS_ARE("PECCD");
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_DOMINO, 2));
    CHECK(event_is(3, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_CAPICUA, 2));
    CHECK_EQ(s.score[0], 4);
    /* option off: no doubling */
    r.capicua = 0;
    set_position(&s, &r, &(position){{"53", "66 44"}, "35", NULL, 1, 1, 0});
    PLAY_OK(&s, "53L");
    KINDS_ARE("PECD");
    r.capicua = 1;
    /* exclusions: a double on equal ends */
    set_position(&s, &r, &(position){{"33", "66 44"}, "63 62L 32L", NULL, 1, 1, 0});
    PLAY_OK(&s, "33");
    KINDS_ARE("PECD");
    /* ... a plain tile on equal ends */
    set_position(&s, &r, &(position){{"31", "66 44"}, "63 62L 32L", NULL, 1, 1, 0});
    PLAY_OK(&s, "31");
    KINDS_ARE("PECD");
    /* ... a tile that fits one end only */
    set_position(&s, &r, &(position){{"51", "66 44"}, "35", NULL, 1, 1, 0});
    LEGAL_IS(&s, "51L");
    PLAY_OK(&s, "51L");
    KINDS_ARE("PECD");
    /* ... a double that fits one end only */
    set_position(&s, &r, &(position){{"55", "66 44"}, "35", NULL, 1, 1, 0});
    PLAY_OK(&s, "55L");
    KINDS_ARE("PECD");
}

static void test_capicua_block(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_CAPICUA, 3, 0);
    pintas_line_state s;
    /* after 4|1: seat 0 4 pips, seat 1 4, seat 2 9; the round's leader is
     * tied: it wins */
    set_position(&s, &r, &(position){{"41 22", "40", "54"}, "64", NULL, 1, 2, 0});
    PLAY_OK(&s, "41R");
    KINDS_ARE("PECD");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 1, 1, PINTAS_WHY_BLOCK, 0));
    CHECK(event_is(2, PINTAS_EV_SCORE, 1, 1, PINTAS_WHY_BLOCK, 2)); /* T = 13 */
    CHECK(event_is(3, PINTAS_EV_DEAL, 1, 1, PINTAS_WHY_NONE, 3));
    /* the leader (seat 2) is not tied: the first tied seat after it, seat 0 */
    set_position(&s, &r, &(position){{"41 22", "40", "54"}, "64", NULL, 2, 2, 0});
    PLAY_OK(&s, "41R");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 0, 0, PINTAS_WHY_BLOCK, 0));
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_BLOCK, 2));
    CHECK_EQ(s.leader, 0);
    /* a clear fewest wins; the round's end reaching the target ends the game */
    set_position(&s, &r, &(position){{"41 22", "55 53", "44 33 54"}, "64", NULL, 2, 2, 0});
    s.score[0] = 16;
    s.score[1] = 3;
    PLAY_OK(&s, "41R");
    KINDS_ARE("PECG");
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_BLOCK, 5)); /* T = 18 + 23 = 41 */
    CHECK(event_is(3, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_NORMAL, 21));
    /* zapatero at a round's end */
    set_position(&s, &r, &(position){{"41 22", "55 53", "44 33 54"}, "64", NULL, 2, 2, 0});
    s.score[0] = 16;
    PLAY_OK(&s, "41R");
    CHECK(event_is(3, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_ZAPATERO, 21));
    /* a capicua domino reaching the target is scored whole first */
    r = preset(PINTAS_LINE_CAPICUA, 2, 0);
    set_position(&s, &r, &(position){{"53", "66 44"}, "35", NULL, 1, 1, 0});
    s.score[0] = 17;
    s.score[1] = 5;
    PLAY_OK(&s, "53R");
    KINDS_ARE("PECCG");
    CHECK_EQ(s.score[0], 21);
}

/* ---- Dominican ----------------------------------------------------------- */

static void test_dominican_domino(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    pintas_line_state s;
    /* rivals 12 and 9, partner 5: 26 for side 0 */
    set_position(&s, &r, &(position){{"31", "66", "50", "54"}, "35", NULL, 3, 3, 0});
    PLAY_OK(&s, "31R");
    KINDS_ARE("PECD");
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_DOMINO, 26));
    CHECK(event_is(3, PINTAS_EV_DEAL, 0, 0, PINTAS_WHY_NONE, 3));
    /* seat 2 wins: it leads next, not its partner */
    set_position(&s, &r, &(position){{"66", "50", "31", "54"}, "35", NULL, 1, 1, 0});
    PLAY_OK(&s, "31R");
    CHECK(event_is(2, PINTAS_EV_SCORE, 2, 0, PINTAS_WHY_DOMINO, 26));
    CHECK_EQ(s.leader, 2);
    CHECK_EQ(s.to_move, 2);
    /* capicua bonus */
    set_position(&s, &r, &(position){{"53", "66", "50", "54"}, "35", NULL, 3, 3, 0});
    PLAY_OK(&s, "53L");
    KINDS_ARE("PECCD");
    CHECK(event_is(3, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_CAPICUA, 25));
    CHECK_EQ(s.score[0], 51);
    r.capicua_bonus = 50;
    set_position(&s, &r, &(position){{"53", "66", "50", "54"}, "35", NULL, 3, 3, 0});
    PLAY_OK(&s, "53L");
    CHECK(event_is(3, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_CAPICUA, 50));
    r.capicua_bonus = 0;
    set_position(&s, &r, &(position){{"53", "66", "50", "54"}, "35", NULL, 3, 3, 0});
    PLAY_OK(&s, "53L");
    KINDS_ARE("PECD");
    /* no bonus for a tile that fits one end */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    set_position(&s, &r, &(position){{"51", "66", "50", "54"}, "35", NULL, 3, 3, 0});
    PLAY_OK(&s, "51L");
    KINDS_ARE("PECD");
}

static void test_dominican_tranque(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    pintas_line_state s;
    /* lowest: partners 1 and 3 tie (4 pips), leader 2: seat 3 is nearest;
     * side 1 takes every pip on the table, its own included: 6+4+10+4 */
    set_position(&s, &r, &(position){{"41 33", "40", "55", "22"}, "64", NULL, 2, 3, 0});
    PLAY_OK(&s, "41R");
    KINDS_ARE("PECD");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 3, 1, PINTAS_WHY_BLOCK, 0));
    CHECK(event_is(2, PINTAS_EV_SCORE, 3, 1, PINTAS_WHY_BLOCK, 24));
    CHECK_EQ(s.leader, 3);
    /* opposing sides tie: nearest the leader, the leader first */
    set_position(&s, &r, &(position){{"41 22", "40", "55", "33"}, "64", NULL, 1, 3, 0});
    PLAY_OK(&s, "41R");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 1, 1, PINTAS_WHY_BLOCK, 0));
    set_position(&s, &r, &(position){{"41 22", "40", "55", "33"}, "64", NULL, 3, 3, 0});
    PLAY_OK(&s, "41R");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 0, 0, PINTAS_WHY_BLOCK, 0));
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_BLOCK, 24));
    /* individual four: everyone counts, seat 2 has the fewest */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 0);
    set_position(&s, &r, &(position){{"41 22", "40", "20", "33"}, "64", NULL, 3, 3, 0});
    PLAY_OK(&s, "41R");
    CHECK(event_is(2, PINTAS_EV_SCORE, 2, 2, PINTAS_WHY_BLOCK, 16));
    /* blocker mode: only the blocker (0) and the next seat (1) compare */
    r.tranque = PINTAS_TRANQUE_BLOCKER;
    set_position(&s, &r, &(position){{"41 22", "40", "20", "33"}, "64", NULL, 3, 3, 0});
    PLAY_OK(&s, "41R"); /* 4 vs 4: the blocker */
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 0, 0, PINTAS_WHY_BLOCK, 0));
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_BLOCK, 16));
    set_position(&s, &r, &(position){{"41 22", "30", "20", "33"}, "64", NULL, 3, 3, 0});
    PLAY_OK(&s, "41R"); /* 4 vs 3: the next seat */
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 1, 1, PINTAS_WHY_BLOCK, 0));
    CHECK(event_is(2, PINTAS_EV_SCORE, 1, 1, PINTAS_WHY_BLOCK, 15));
    CHECK_EQ(s.leader, 1);
    set_position(&s, &r, &(position){{"41 20", "40", "00", "33"}, "64", NULL, 3, 3, 0});
    PLAY_OK(&s, "41R"); /* 2 vs 4: the blocker */
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 0, 0, PINTAS_WHY_BLOCK, 0));
    /* blocker mode in pairs: the winner's side scores */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    r.tranque = PINTAS_TRANQUE_BLOCKER;
    set_position(&s, &r, &(position){{"55", "41 22", "40", "33"}, "64", NULL, 0, 0, 0});
    PLAY_OK(&s, "41R"); /* blocker 1 (4) vs 2 (4): the blocker */
    CHECK(event_is(2, PINTAS_EV_SCORE, 1, 1, PINTAS_WHY_BLOCK, 24));
}

static void test_dominican_pases(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_DOMINICAN, 4, 0);
    pintas_line_state s;
    r.pase_corrido_bonus = 30;
    /* every other player passes after seat 0's placement: seat 0 scores */
    set_position(&s, &r, &(position){{"65 10", "00", "11", "22"}, "66 63R", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    KINDS_ARE("S");
    PLAY_OK(&s, "pass");
    KINDS_ARE("S");
    PLAY_OK(&s, "pass");
    KINDS_ARE("SC");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASE_CORRIDO, 30));
    CHECK_EQ(s.to_move, 0);
    /* pairs: the partner's pass is part of it */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    r.pase_corrido_bonus = 30;
    set_position(&s, &r, &(position){{"65 10", "00", "11", "22"}, "66 63R", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    PLAY_OK(&s, "pass");
    PLAY_OK(&s, "pass");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASE_CORRIDO, 30));
    /* pase de salida: the seat after the leader cannot answer the opening */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 0);
    r.pase_de_salida_bonus = 20;
    set_position(&s, &r, &(position){{"65", "00", "11", "62"}, "66", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    KINDS_ARE("SC");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASE_DE_SALIDA, 20));
    PLAY_OK(&s, "pass"); /* the second passer earns nothing */
    KINDS_ARE("S");
    /* not after the opening: no salida */
    set_position(&s, &r, &(position){{"65 10", "00", "11", "62"}, "66 63R", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    KINDS_ARE("S");
    /* two players: one pass is both (salida first, then corrido) */
    r = preset(PINTAS_LINE_DOMINICAN, 2, 0);
    r.pase_de_salida_bonus = 20;
    r.pase_corrido_bonus = 30;
    set_position(&s, &r, &(position){{"65", "00"}, "66", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    KINDS_ARE("SCC");
    CHECK(event_is(1, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASE_DE_SALIDA, 20));
    CHECK(event_is(2, PINTAS_EV_SCORE, 0, 0, PINTAS_WHY_PASE_CORRIDO, 30));
    CHECK_EQ(s.score[0], 50);
    /* off by default */
    r = preset(PINTAS_LINE_DOMINICAN, 2, 0);
    set_position(&s, &r, &(position){{"65", "00"}, "66", NULL, 0, 0, 0});
    PLAY_OK(&s, "pass");
    KINDS_ARE("S");
}

static void test_dominican_target(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_DOMINICAN, 4, 0);
    pintas_line_state s;
    /* pase bonuses past the target do not end the game mid-round */
    r.pase_corrido_bonus = 30;
    set_position(&s, &r, &(position){{"65 10", "00", "11", "22"}, "66 63R", NULL, 0, 0, 0});
    s.score[0] = 190;
    PLAY_OK(&s, "pass");
    PLAY_OK(&s, "pass");
    PLAY_OK(&s, "pass");
    CHECK_EQ(s.score[0], 220);
    CHECK_EQ(s.phase, PINTAS_LINE_PLAYING);
    /* ... it ends with the round: side 0 is highest */
    PLAY_OK(&s, "65L"); /* ends 5, 3: nobody holds either, a tranque */
    KINDS_ARE("PECG");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, 1, 1, PINTAS_WHY_BLOCK, 0)); /* seat 1: 0 pips */
    CHECK(event_is(2, PINTAS_EV_SCORE, 1, 1, PINTAS_WHY_BLOCK, 7));
    CHECK(event_is(3, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_NORMAL, 220));
    CHECK_EQ(s.winner, 0);
    /* a domino reaching the target ends it */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    set_position(&s, &r, &(position){{"31", "66", "50", "54"}, "35", NULL, 3, 3, 0});
    s.score[0] = 190;
    PLAY_OK(&s, "31R");
    KINDS_ARE("PECG");
    CHECK(event_is(3, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_NORMAL, 216));
    /* equal highest: the tied side first in turn order from the round's
     * winner (seat 1 wins the round: side 1) */
    set_position(&s, &r, &(position){{"66", "31", "50", "54"}, "35", NULL, 0, 0, 0});
    s.score[0] = 216;
    s.score[1] = 190;
    PLAY_OK(&s, "31R"); /* side 1: 12 + 5 + 9 = 26 -> 216 */
    CHECK_EQ(s.score[1], 216);
    CHECK(event_is((int)NEV - 1, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 1, PINTAS_WHY_NORMAL, 216));
    /* four individuals: seat 2 wins the round, sides 0 and 1 tie above it:
     * from seat 2 the order is 3, 0, 1: side 0 */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 0);
    set_position(&s, &r, &(position){{"66", "50", "31", "54"}, "35", NULL, 1, 1, 0});
    s.score[0] = 215;
    s.score[1] = 215;
    s.score[2] = 100;
    PLAY_OK(&s, "31R");
    CHECK(event_is((int)NEV - 1, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_NORMAL, 215));
    /* the round's winner tied with another side: the winner's side */
    set_position(&s, &r, &(position){{"66", "50", "31", "54"}, "35", NULL, 1, 1, 0});
    s.score[1] = 226;
    s.score[2] = 200;
    PLAY_OK(&s, "31R");
    CHECK_EQ(s.score[2], 226);
    CHECK(event_is((int)NEV - 1, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 2, PINTAS_WHY_NORMAL, 226));
    /* below the target: the next round */
    set_position(&s, &r, &(position){{"66", "50", "31", "54"}, "35", NULL, 1, 1, 0});
    PLAY_OK(&s, "31R");
    CHECK_EQ(s.phase, PINTAS_LINE_PLAYING);
    CHECK_EQ(s.leader, 2);
}

/* ---- set_deal and reseed ------------------------------------------------- */

static void test_set_deal(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_CAPICUA, 4, 0);
    pintas_line_deal d, bad;
    pintas_line_state s, before;
    CHECK_EQ(pintas_line_new(&s, &r, 11, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    d = make_deal(&r, "10 20 30 40 50 60 21", "31 41 51 61 32 42 52", "00 11 22 33 44 55 66",
                  "62 43 53 63 54 64 65", NULL);
    before = s;
    bad = d;
    bad.hand[3] = d.hand[2];
    CHECK_EQ(pintas_line_set_deal(&s, &bad, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_E_DEAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    /* round 1: the 6|6 rule on the new hands (seat 2 holds 7 doubles, but
     * here redeal is off) */
    r.redeal_doubles = 0;
    CHECK_EQ(pintas_line_new(&s, &r, 11, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(pintas_line_set_deal(&s, &d, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    KINDS_ARE("D");
    CHECK_EQ(s.leader, 2);
    CHECK_EQ(s.forced_tile, T(6, 6));
    CHECK_EQ(s.hand[1], d.hand[1]);
    /* the redeal rule applies to it too */
    r.redeal_doubles = 5;
    CHECK_EQ(pintas_line_new(&s, &r, 11, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(pintas_line_set_deal(&s, &d, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK(event_is(0, PINTAS_EV_REDEAL, 2, 2, PINTAS_WHY_NONE, 7));
    /* once a move was made: illegal */
    PLAY_OK(&s, "66"); /* 4 players: 6|6 is always dealt */
    before = s;
    CHECK_EQ(pintas_line_set_deal(&s, &d, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(pintas_line_set_deal(NULL, &d, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_set_deal(&s, &d, EV, 3, &NEV), PINTAS_E_BUFFER);
    /* a later round keeps its leader and forces no tile */
    r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    set_position(&s, &r, &(position){{"31", "11", "00"}, "63 62L 32L", NULL, 0, 2, 0});
    s.round = 1;
    PLAY_OK(&s, "31"); /* seat 0 wins, leads round 2 */
    CHECK_EQ(s.leader, 0);
    d = make_deal(&r, "10 20 30 40 50 60 21", "31 41 51 61 32 42 52", "00 11 22 33 44 55 66", "",
                  NULL);
    r.redeal_doubles = 0;
    s.rules.redeal_doubles = 0;
    CHECK_EQ(pintas_line_set_deal(&s, &d, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK(event_is(0, PINTAS_EV_DEAL, 0, 0, PINTAS_WHY_NONE, 2));
    CHECK_EQ(s.forced_tile, PINTAS_NO_TILE);
    CHECK_EQ(s.leader, 0);
    CHECK_EQ(s.bone_len, 7);
    CHECK_EQ(s.boneyard[0], T(4, 3)); /* the other tiles, ascending */
    /* reseed: the next deal comes from the new seed */
    CHECK_EQ(pintas_line_reseed(&s, 1234), PINTAS_OK);
    {
        pintas_rng rng;
        pintas_rng_seed(&rng, 1234, PINTAS_RNG_STREAM);
        CHECK(memcmp(&rng, &s.rng, sizeof rng) == 0);
    }
}

/* ---- saving -------------------------------------------------------------- */

static void test_save_load(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_deal d;
    pintas_line_state s, t, before;
    uint8_t buf[PINTAS_LINE_SAVE_SIZE + 8], buf2[PINTAS_LINE_SAVE_SIZE];
    d = make_deal(&r, "66 10 20 30 40 21 31", "50 51 52 53 54 55 41", "", "", "00 11 61 32");
    start(&s, &r, &d);
    CHECK_EQ(PINTAS_LINE_SAVE_SIZE % 8, 0);
    CHECK_EQ(pintas_line_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK(buf[0] == 'P' && buf[1] == 'L' && buf[2] == 'N' && buf[3] == 1);
    CHECK_EQ(buf[4], PINTAS_LINE_MUGGINS);
    CHECK_EQ(buf[12] | (buf[13] << 8), 200); /* target, little-endian */
    memset(&t, 0x5A, sizeof t);
    CHECK_EQ(pintas_line_load(&t, buf, PINTAS_LINE_SAVE_SIZE), PINTAS_OK);
    CHECK(memcmp(&s, &t, sizeof s) == 0);
    PLAY_OK(&s, "66");
    PLAY_OK(&s, "draw");
    CHECK_EQ(pintas_line_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK_EQ(pintas_line_load(&t, buf, PINTAS_LINE_SAVE_SIZE), PINTAS_OK);
    CHECK(memcmp(&s, &t, sizeof s) == 0);
    CHECK_EQ(pintas_line_save(&t, buf2, sizeof buf2), PINTAS_OK);
    CHECK(memcmp(buf, buf2, PINTAS_LINE_SAVE_SIZE) == 0);
    /* errors */
    CHECK_EQ(pintas_line_save(&s, buf, PINTAS_LINE_SAVE_SIZE - 1), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_line_save(NULL, buf, sizeof buf), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_save(&s, NULL, sizeof buf), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_load(NULL, buf, PINTAS_LINE_SAVE_SIZE), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_load(&t, NULL, PINTAS_LINE_SAVE_SIZE), PINTAS_E_ARG);
    before = t;
    CHECK_EQ(pintas_line_load(&t, buf, PINTAS_LINE_SAVE_SIZE - 1), PINTAS_E_CORRUPT);
    CHECK_EQ(pintas_line_load(&t, buf, PINTAS_LINE_SAVE_SIZE + 1), PINTAS_E_CORRUPT);
    CHECK_EQ(pintas_line_load(&t, buf, 2), PINTAS_E_CORRUPT);
    CHECK_EQ(pintas_line_load(&t, buf, 0), PINTAS_E_CORRUPT);
    buf[3] = 2;
    CHECK_EQ(pintas_line_load(&t, buf, PINTAS_LINE_SAVE_SIZE), PINTAS_E_VERSION);
    CHECK_EQ(pintas_line_load(&t, buf, 100), PINTAS_E_VERSION);
    buf[3] = 1;
    buf[1] = 'X';
    CHECK_EQ(pintas_line_load(&t, buf, PINTAS_LINE_SAVE_SIZE), PINTAS_E_CORRUPT);
    buf[1] = 'L';
    CHECK(memcmp(&t, &before, sizeof t) == 0);
    CHECK_EQ(pintas_line_load(&t, buf, PINTAS_LINE_SAVE_SIZE), PINTAS_OK);
}

/* Field-by-field corruptions of a valid state, each refused. */
static int load_of(const pintas_line_state *s)
{
    return reload(&pintas_line_engine, s);
}

static void test_load_rejects(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    pintas_line_deal d;
    pintas_line_state s, c;
    uint8_t buf[PINTAS_LINE_SAVE_SIZE];
    d = make_deal(&r, "66 10 20 30 40 21 31", "50 51 52 53 54 55 41", "", "", "00 11 61 32");
    start(&s, &r, &d);
    CHECK_EQ(load_of(&s), PINTAS_OK);
    /* before the opening of round 1 */
    c = s; c.forced_tile = T(5, 5);              CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.forced_tile = PINTAS_NO_TILE;       CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.leader = 1; c.to_move = 1;          CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.to_move = 1;                        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.round = 0;                          CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.rng.inc = 2;                        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.rules.target = 0;                   CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.rules.players = 3;                  CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.phase = 2;                          CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.hand[2] = PINTAS_BIT(T(0, 0));      CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.hand[0] |= PINTAS_BIT(T(5, 0));     CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.hand[0] |= UINT32_C(1) << 30;       CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    {
        /* masks are stored as 64-bit fields: a bit in the upper half of a hand
         * (bytes 38..45 hold hand[0]) or of the aside (70..77) is corrupt */
        uint8_t img[PINTAS_LINE_SAVE_SIZE];
        CHECK_EQ(pintas_line_save(&s, img, sizeof img), PINTAS_OK);
        img[38 + 7] = 0x80;
        CHECK_EQ(pintas_line_load(&c, img, sizeof img), PINTAS_E_CORRUPT);
        img[38 + 7] = 0;
        img[70 + 4] = 1;
        CHECK_EQ(pintas_line_load(&c, img, sizeof img), PINTAS_E_CORRUPT);
        img[70 + 4] = 0;
        CHECK_EQ(pintas_line_load(&c, img, sizeof img), PINTAS_OK);
    }
    c = s; c.aside = PINTAS_BIT(T(0, 0));        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.boneyard[1] = c.boneyard[2];        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.boneyard[20] = 3;                   CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.bone_len = 13;                      CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.bone_pos = 15;                      CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.score[0] = -1;                      CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.score[0] = 200;                     CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.score[2] = 1;                       CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.winner = 0;                         CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.end_reason = PINTAS_WHY_NORMAL;     CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.passes = 1;                         CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.last_placer = 0;                    CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.ends[0] = 3;                        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.line[5] = 0;                        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.rules.max_rounds = 1;               CHECK_EQ(load_of(&c), PINTAS_OK);
    c = s; c.rules.max_rounds = 1; c.round = 2;  CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    /* mid-round */
    PLAY_OK(&s, "66");
    PLAY_OK(&s, "draw");
    PLAY_OK(&s, "draw");
    PLAY_OK(&s, "draw");
    PLAY_OK(&s, "61R");
    CHECK_EQ(load_of(&s), PINTAS_OK);
    c = s; c.ends[1] = 6;                        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.end_double[1] = 1;                  CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    /* 6|1 at the left instead: the replay gives ends 1, 6 */
    c = s; c.line[1] = T(6, 1);                  CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.line[1] = T(5, 1) | 0x80;           CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.line[0] |= 0x80;                    CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.line[1] = 0x7F;                     CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.line_len = 3;                       CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.last_placer = 0;                    CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.to_move = 1;                        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    /* a pass while the boneyard still has tiles */
    c = s; c.passes = 1; c.to_move = 1;          CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.forced_tile = T(6, 6);              CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.hand[0] = 0;                        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.bone_pos = 2;                       CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    /* a real finished game from the engine */
    r = preset(PINTAS_LINE_CAPICUA, 2, 0);
    r.target = 1;
    CHECK_EQ(pintas_line_new(&s, &r, 3, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    while (s.phase == PINTAS_LINE_PLAYING) {
        pintas_line_move out[PINTAS_LINE_MAX_MOVES];
        size_t n;
        CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
        CHECK_EQ(pintas_line_play(&s, &out[0], EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    }
    CHECK_EQ(load_of(&s), PINTAS_OK);
    c = s; c.winner = (uint8_t)(1 - s.winner);   CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.winner = PINTAS_NO_SEAT;             CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.end_reason = PINTAS_WHY_TIEBREAK;    CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    /* every other side on 0: the reason can only be zapatero */
    c = s; c.end_reason = PINTAS_WHY_NORMAL;      CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.to_move = 0;                         CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.phase = PINTAS_LINE_PLAYING;         CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    /* Dominican pairs positions holding all 28 tiles: a line that leaves
     * 0 and 6 open (every 6 is placed but 6|0) */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    {
        position p = {{"00 11 22 33 44", "55 20 21 30", "60 31 40 41 42", "43 50 51 52 53"},
                      "66 61L 62R 32R 63R 64R 54R 65R 10L", NULL, 0, 1, 0};
        set_position(&s, &r, &p);
        CHECK_EQ(s.aside, 0);
        CHECK_EQ(load_of(&s), PINTAS_OK);
        /* seat 2 passed although it holds 6|0: refused */
        c = s; c.passes = 1; c.to_move = 3;   CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
        /* seat 2 passed without a play: fine */
        p.hand[1] = "55 20 30 40";
        p.hand[2] = "21 31 41 42 43"; /* no 0, no 6 */
        p.hand[3] = "50 51 52 53 60";
        set_position(&s, &r, &p);
        c = s; c.passes = 1; c.to_move = 3;   CHECK_EQ(load_of(&c), PINTAS_OK);
        /* seat 3 passed too, holding 6|0 */
        c.passes = 2; c.to_move = 0;          CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
        /* 6|0 placed too: both ends 6 and no 6 left anywhere, a blocked
         * round still "playing" */
        p.line = "66 61L 62R 32R 63R 64R 54R 65R 10L 60L";
        p.hand[3] = "50 51 52 53";
        set_position(&s, &r, &p);
        CHECK_EQ(s.ends[0], 6);
        CHECK_EQ(s.ends[1], 6);
        CHECK_EQ(load_of(&s), PINTAS_E_CORRUPT);
        /* RIGHT on ends alike is the mirror image of LEFT: both are states
         * the engine makes (only LEFT is listed; RIGHT is accepted) */
        p.line = "66 64R";
        p.hand[0] = "00 11 22 33 44 55";
        p.hand[1] = "20 21 30 31 40 41";
        p.hand[2] = "42 43 50 51 52 53 54";
        p.hand[3] = "60 61 62 63 65 10 32";
        set_position(&s, &r, &p);
        CHECK_EQ(s.aside, 0);
        CHECK_EQ(load_of(&s), PINTAS_OK);
        p.line = "66 64L";
        set_position(&s, &r, &p);
        CHECK_EQ(load_of(&s), PINTAS_OK);
        /* but a tile matching no end is not (5|4 and 6|4 swap places) */
        c = s;
        c.line[1] = T(5, 4);
        c.hand[2] ^= PINTAS_BIT(T(5, 4)) | PINTAS_BIT(T(6, 4));
        CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    }
    /* reserved tail bytes */
    CHECK_EQ(pintas_line_save(&s, buf, sizeof buf), PINTAS_OK);
    buf[PINTAS_LINE_SAVE_SIZE - 1] = 1;
    CHECK_EQ(pintas_line_load(&c, buf, sizeof buf), PINTAS_E_CORRUPT);
}

/* ---- the round limit (max_rounds) ---------------------------------------- */

/* Dominican checks the target only at a round's end, so a score in play may
 * pass it by this round's points, but no further: a fuzzed save with a score
 * near the 2^20 bound used to load, and the round's points then took it past
 * the bound, to a state the loader refused. 30,336 is every pip twice over
 * and a bonus of 1,000 for each of 30 placements (line_internal.h). */
static void test_dominican_score_bound(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_DOMINICAN, 4, 0);
    pintas_line_state s, c;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move m[PINTAS_LINE_MAX_MOVES];
    size_t n_ev, n;
    const int32_t most = (int32_t)r.target + 30336 - 1;
    CHECK_EQ(pintas_line_new(&s, &r, 7, ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_OK);
    CHECK_EQ(load_of(&s), PINTAS_OK);
    c = s; c.score[2] = most;          CHECK_EQ(load_of(&c), PINTAS_OK);
    c = s; c.score[2] = most + 1;      CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    c = s; c.score[2] = 1048574;       CHECK_EQ(load_of(&c), PINTAS_E_CORRUPT);
    /* from the highest score taken, every side's, the round plays to its end
     * (the first listed move each time) and the game over loads */
    s.score[0] = s.score[1] = s.score[2] = s.score[3] = most;
    while (s.phase == PINTAS_LINE_PLAYING) {
        CHECK_EQ(pintas_line_legal(&s, m, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
        CHECK(n > 0);
        CHECK_EQ(pintas_line_play(&s, &m[0], ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_OK);
        CHECK_EQ(load_of(&s), PINTAS_OK);
    }
    CHECK(s.score[s.winner] > most);
}

static void test_max_rounds(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    pintas_line_state s;
    const position block = {{"41 32", "33 42", "55 53 20"}, "64", NULL, 2, 2, 0};
    position tie = block;
    uint8_t buf[PINTAS_LINE_SAVE_SIZE];
    tie.hand[1] = "50";
    /* below the limit (round 2 of 3): the next round is dealt */
    r.max_rounds = 3;
    set_position(&s, &r, &block);
    PLAY_OK(&s, "41R");
    KINDS_ARE("PECCD");
    CHECK_EQ(s.round, 3);
    /* at the limit (round 2 of 2), after the round's scores: 25, 15, 0 */
    r.max_rounds = 2;
    set_position(&s, &r, &block);
    PLAY_OK(&s, "41R");
    KINDS_ARE("PECCG");
    CHECK(event_is(4, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_MAX_ROUNDS, 25));
    CHECK_EQ(s.phase, PINTAS_LINE_OVER);
    CHECK_EQ(s.winner, 0);
    CHECK_EQ(s.end_reason, PINTAS_WHY_MAX_ROUNDS);
    CHECK_EQ(s.to_move, PINTAS_NO_SEAT);
    CHECK_EQ(pintas_line_winners(&s), 1u);
    CHECK_EQ(play(&s, "pass"), PINTAS_E_OVER);
    /* a tie for the highest score at the limit shares the win: no tie-break
     * draw (the round, a block tie, scores nothing and still counts) */
    set_position(&s, &r, &tie);
    s.score[0] = s.score[1] = 40;
    s.score[2] = 35;
    PLAY_OK(&s, "41R");
    KINDS_ARE("PEGG");
    CHECK(event_is(1, PINTAS_EV_ROUND_END, PINTAS_NO_SEAT, PINTAS_NO_SEAT, PINTAS_WHY_BLOCK_TIE,
                   0));
    CHECK(event_is(2, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_MAX_ROUNDS, 40));
    CHECK(event_is(3, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 1, PINTAS_WHY_MAX_ROUNDS, 40));
    CHECK_EQ(s.winner, PINTAS_NO_SEAT);
    CHECK_EQ(pintas_line_winners(&s), 3u);
    /* the save holds the limit in the rules byte that was reserved */
    CHECK_EQ(pintas_line_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK_EQ(buf[11], 2);
    /* the target is checked first: a side at it wins as always */
    set_position(&s, &r, &block);
    s.score[0] = 190;
    PLAY_OK(&s, "41R");
    KINDS_ARE("PECCG");
    CHECK(event_is(4, PINTAS_EV_GAME_END, PINTAS_NO_SEAT, 0, PINTAS_WHY_NORMAL, 215));
    /* Dominican pairs: sides are teams */
    r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    r.max_rounds = 1;
    {
        pintas_line_deal d = make_deal(&r, "66 65 64 63 62 61 60", "55 54 53 52 51 50 44",
                                       "43 42 41 40 33 32 31", "30 22 21 20 11 10 00", NULL);
        pintas_line_move out[PINTAS_LINE_MAX_MOVES];
        size_t n, moves = 0;
        start(&s, &r, &d);
        while (s.phase == PINTAS_LINE_PLAYING) {
            CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
            NEV = 0;
            CHECK_EQ(pintas_line_play(&s, &out[0], EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
            ++moves;
        }
        CHECK_EQ(s.round, 1);
        CHECK_EQ(s.end_reason, PINTAS_WHY_MAX_ROUNDS);
        CHECK(moves <= pintas_line_round_moves(&r));
        CHECK_EQ(pintas_line_winners(&s), s.score[0] > s.score[1] ? 1u : s.score[1] > s.score[0] ? 2u : 3u);
    }
}

static void test_length_bounds(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    /* a round: placements (tiles in play less one per other seat) x players + draws */
    CHECK_EQ(pintas_line_round_moves(&r), 26u * 3u + 7u);
    r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    CHECK_EQ(pintas_line_round_moves(&r), 27u * 2u + 14u);
    r = preset(PINTAS_LINE_DOMINICAN, 4, 1);
    CHECK_EQ(pintas_line_round_moves(&r), 25u * 4u);
    r = preset(PINTAS_LINE_DOMINICAN, 3, 0);
    CHECK_EQ(pintas_line_round_moves(&r), 19u * 3u);
    CHECK_EQ(pintas_line_round_moves(NULL), 0u);
    /* rounds: Muggins and two-player Dominican only with max_rounds */
    r = preset(PINTAS_LINE_MUGGINS, 3, 0);
    CHECK_EQ(pintas_line_max_rounds_bound(&r), 0ul);
    r.max_rounds = 12;
    CHECK_EQ(pintas_line_max_rounds_bound(&r), 12ul);
    r = preset(PINTAS_LINE_DOMINICAN, 2, 0);
    CHECK_EQ(pintas_line_max_rounds_bound(&r), 0ul);
    /* a target every round scores towards: sides x (target - 1) + 1 */
    r = preset(PINTAS_LINE_CAPICUA, 4, 0);
    CHECK_EQ(pintas_line_max_rounds_bound(&r), 4ul * 19ul + 1ul);
    r = preset(PINTAS_LINE_CAPICUA, 4, 1);
    CHECK_EQ(pintas_line_max_rounds_bound(&r), 2ul * 19ul + 1ul);
    r.max_rounds = 50; /* the smaller bound */
    CHECK_EQ(pintas_line_max_rounds_bound(&r), 39ul);
    r.max_rounds = 5;
    CHECK_EQ(pintas_line_max_rounds_bound(&r), 5ul);
    r = preset(PINTAS_LINE_DOMINICAN, 3, 0);
    CHECK_EQ(pintas_line_max_rounds_bound(&r), 3ul * 199ul + 1ul);
    CHECK_EQ(pintas_line_max_rounds_bound(NULL), 0ul);
}

/* A game of seed `seed` started and played to its end by random legal
 * moves, drawn from a generator seeded (seed, stream); its moves. */
static unsigned long play_random_game(pintas_line_state *s, const pintas_line_rules *r,
                                      uint64_t seed, uint64_t stream)
{
    pintas_line_move out[PINTAS_LINE_MAX_MOVES];
    pintas_rng pick;
    size_t n;
    unsigned long moves = 0;
    NEV = 0;
    CHECK_EQ(pintas_line_new(s, r, seed, EV, PINTAS_LINE_MAX_EVENTS, &NEV), PINTAS_OK);
    pintas_rng_seed(&pick, seed, stream);
    while (s->phase == PINTAS_LINE_PLAYING) {
        CHECK_EQ(pintas_line_legal(s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
        NEV = 0;
        CHECK_EQ(pintas_line_play(s, &out[pintas_rng_below(&pick, (uint32_t)n)], EV,
                                  PINTAS_LINE_MAX_EVENTS, &NEV),
                 PINTAS_OK);
        ++moves;
    }
    return moves;
}

/* A seeded whole game to the limit, every round within its bound. */
static void test_limit_whole_games(void)
{
    int game, players, k;
    for (game = 0; game <= 2; ++game) {
        for (players = 2; players <= 4; ++players) {
            pintas_line_rules r = preset(game, players, 0);
            r.max_rounds = 2;
            r.target = PINTAS_LINE_MAX_TARGET;
            for (k = 0; k < 20; ++k) {
                pintas_line_state s;
                unsigned long moves = play_random_game(&s, &r, (uint64_t)k, 99);
                CHECK_EQ(s.round, 2);
                CHECK_EQ(s.end_reason, PINTAS_WHY_MAX_ROUNDS);
                CHECK(moves <= pintas_line_max_rounds_bound(&r) * pintas_line_round_moves(&r));
                CHECK(pintas_line_winners(&s) != 0);
                CHECK_EQ(load_of(&s), PINTAS_OK);
                if (k == 0 && game == PINTAS_LINE_MUGGINS && players == 3) {
                    /* a result the limit cannot give is refused */
                    pintas_line_state t;
                    unsigned top = pintas_line_winners(&s);
                    t = s; t.round = 1;              CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
                    t = s; t.rules.max_rounds = 0;   CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
                    t = s; t.rules.max_rounds = 3;   CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
                    t = s; t.winner = (uint8_t)((s.winner + 1) % 3);
                    CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
                    t = s; t.winner = PINTAS_NO_SEAT;
                    CHECK_EQ(load_of(&t), (top & (top - 1)) ? PINTAS_OK : PINTAS_E_CORRUPT);
                    t = s; t.end_reason = PINTAS_WHY_NORMAL;
                    CHECK_EQ(load_of(&t), PINTAS_E_CORRUPT);
                }
            }
        }
    }
}

/* A game that reaches its round limit with every side still on 0 (a round
 * that scored nothing: a block tie, or a domino against 0|1 in Muggins)
 * ends with every side sharing the win, and its save loads. */
static void test_limit_with_every_score_zero(void)
{
    pintas_line_rules r = preset(PINTAS_LINE_MUGGINS, 2, 0);
    int found = 0;
    uint64_t k;
    r.max_rounds = 1;
    for (k = 0; k < 20000 && !found; ++k) {
        pintas_line_state s;
        play_random_game(&s, &r, k, 7);
        if (s.score[0] != 0 || s.score[1] != 0)
            continue;
        found = 1;
        CHECK_EQ(s.end_reason, PINTAS_WHY_MAX_ROUNDS);
        CHECK_EQ(s.winner, PINTAS_NO_SEAT);
        CHECK_EQ(pintas_line_winners(&s), 3u);
        CHECK_EQ(load_of(&s), PINTAS_OK);
    }
    CHECK(found);
}

int main(void)
{
    test_presets();
    test_rules_check();
    test_sides();
    test_draws();
    test_deal_from_seed();
    test_redeal();
    test_bad_deals();
    test_first_lead();
    test_placement();
    test_bad_moves();
    test_drawing();
    test_block_after_last_draw();
    test_pass_without_boneyard();
    test_muggins_fives();
    test_muggins_domino();
    test_muggins_block();
    test_muggins_target();
    test_muggins_tiebreak();
    test_capicua_pass_points();
    test_capicua_domino();
    test_capicua_capicua();
    test_capicua_block();
    test_dominican_domino();
    test_dominican_tranque();
    test_dominican_pases();
    test_dominican_target();
    test_set_deal();
    test_save_load();
    test_load_rejects();
    test_dominican_score_bound();
    test_max_rounds();
    test_length_bounds();
    test_limit_whole_games();
    test_limit_with_every_score_zero();
    return check_summary();
}

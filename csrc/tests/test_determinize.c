/* test_determinize.c - exact determinization (determinize.h): hand-made
 * positions whose consistent worlds are known, the refusals, and a tiny
 * Caminos position whose every world the sampler reaches, and nothing else. */
#include <string.h>

#include "check.h"
#include "pintas/pintas.h"

#define T(a, b) PINTAS_TILE(a, b)
#define B(a, b) PINTAS_BIT(PINTAS_TILE(a, b))

static pintas_caminos_event CEV[PINTAS_CAMINOS_MAX_EVENTS];

static unsigned popcount(pintas_mask m)
{
    unsigned n = 0;
    for (; m; m &= m - 1)
        ++n;
    return n;
}

/* Every tile showing only numbers in `numbers` (bit n). */
static pintas_mask only_numbers(unsigned numbers)
{
    pintas_mask m = 0;
    unsigned a, b;
    for (a = 0; a <= 6; ++a)
        for (b = 0; b <= a; ++b)
            if ((numbers >> a & 1u) && (numbers >> b & 1u))
                m |= B(a, b);
    return m;
}

static void log_entry(pintas_line_view *v, unsigned kind, unsigned seat, unsigned tile,
                      unsigned end)
{
    pintas_line_log_entry *e = &v->info.log[v->info.log_len++];
    e->kind = (uint8_t)kind;
    e->seat = (uint8_t)seat;
    e->tile = (uint8_t)tile;
    e->end = (uint8_t)end;
}

/* A view of round 2 of the preset (game, players, pairs), seen by seat 0,
 * its leader, holding hand: no forced tile, no winner; the log, the hands'
 * sizes and the line to be filled in. */
static void round_2_view(pintas_line_view *v, int game, int players, int pairs, pintas_mask hand)
{
    memset(v, 0, sizeof *v);
    CHECK_EQ(pintas_line_rules_preset(&v->info.rules, game, players, pairs), PINTAS_OK);
    v->info.seat = 0;
    v->info.leader = 0;
    v->info.round = 2;
    v->info.forced_tile = PINTAS_NO_TILE;
    v->info.hand = hand;
    v->winner = PINTAS_NO_SEAT;
}

/* Dominican, four seats, round 2: seat 0 led 5|5 and seat 1 passed (it held
 * no 5); seat 2 is to move. Seen by seat 0. */
static void dominican_pass(pintas_line_view *v)
{
    round_2_view(v, PINTAS_LINE_DOMINICAN, 4, 1,
                 B(6, 6) | B(6, 5) | B(6, 4) | B(6, 3) | B(6, 2) | B(6, 1));
    log_entry(v, PINTAS_MOVE_PLAY, 0, T(5, 5), 0);
    log_entry(v, PINTAS_MOVE_PASS, 1, PINTAS_NO_TILE, 0);
    v->hand_size[0] = 6;
    v->hand_size[1] = v->hand_size[2] = v->hand_size[3] = 7;
    v->to_move = 2;
    v->line_len = 1;
    v->line[0] = T(5, 5);
    v->ends[0] = v->ends[1] = 5;
    v->end_double[0] = v->end_double[1] = 1;
}

/* The 21 tiles dominican_pass hides (every tile but seat 0's six and 5|5),
 * as seats 1..3 may hold them: seat 1 holds no 5. */
static const pintas_mask PASS_HANDS[3] = {B(4, 4) | B(4, 3) | B(4, 2) | B(4, 1) | B(4, 0) | B(3, 3) | B(3, 2),
                                          B(5, 4) | B(5, 3) | B(5, 2) | B(5, 1) | B(5, 0) | B(6, 0) | B(3, 1),
                                          B(3, 0) | B(2, 2) | B(2, 1) | B(2, 0) | B(1, 1) | B(1, 0) | B(0, 0)};

/* A line world from three hands of the seats 1..3 (seat 0: the view's). */
static int line_ok(const pintas_line_view *v, pintas_mask h1, pintas_mask h2, pintas_mask h3,
                   pintas_mask pile)
{
    pintas_line_world w;
    int consistent = -1;
    memset(&w, 0, sizeof w);
    w.hand[0] = v->info.hand;
    w.hand[1] = h1;
    w.hand[2] = h2;
    w.hand[3] = h3;
    w.pile = pile;
    CHECK_EQ(pintas_line_world_check(v, &w, &consistent), PINTAS_OK);
    return consistent;
}

static void test_a_seat_that_passed_at_a_five_holds_no_five(void)
{
    pintas_line_view v;
    pintas_mask h1 = PASS_HANDS[0], h2 = PASS_HANDS[1], h3 = PASS_HANDS[2];
    dominican_pass(&v);
    CHECK(line_ok(&v, h1, h2, h3, 0));
    /* swap 4|4 (seat 1) and 5|4 (seat 2): seat 1 would have held a 5 */
    CHECK(!line_ok(&v, (h1 & ~B(4, 4)) | B(5, 4), (h2 & ~B(5, 4)) | B(4, 4), h3, 0));
    /* the same swap between seats 2 and 3 is fine */
    CHECK(line_ok(&v, h1, (h2 & ~B(5, 4)) | B(0, 0), (h3 & ~B(0, 0)) | B(5, 4), 0));
    /* sizes, overlaps and the view's own hand are checked */
    CHECK(!line_ok(&v, h1 & ~B(4, 4), h2 | B(4, 4), h3, 0));
    CHECK(!line_ok(&v, h1, h2, h3 & ~B(0, 0), B(0, 0)));
    CHECK(!line_ok(&v, h1 | B(5, 5), h2, h3, 0));
}

/* Muggins, two seats, round 2, seen by seat 0: 0 leads 6|6, 1 draws (it held
 * no 6), 1 places 6|1 (the drawn tile), 0 places 6|2, 1 draws again (its
 * dealt tiles held no 1, 2 or 6). Seat 1 is to move with 8 tiles. */
static void muggins_draws(pintas_line_view *v)
{
    round_2_view(v, PINTAS_LINE_MUGGINS, 2, 0, B(2, 1) | B(1, 1) | B(2, 2) | B(1, 0) | B(2, 0));
    log_entry(v, PINTAS_MOVE_PLAY, 0, T(6, 6), 0);
    log_entry(v, PINTAS_MOVE_DRAW, 1, PINTAS_NO_TILE, 0);
    log_entry(v, PINTAS_MOVE_PLAY, 1, T(6, 1), 0);
    log_entry(v, PINTAS_MOVE_PLAY, 0, T(6, 2), 1);
    log_entry(v, PINTAS_MOVE_DRAW, 1, PINTAS_NO_TILE, 0);
    v->hand_size[0] = 5;
    v->hand_size[1] = 8;
    v->boneyard_size = 12;
    v->to_move = 1;
    v->line_len = 3;
    v->line[0] = T(6, 6);
    v->line[1] = T(6, 1);
    v->line[2] = T(6, 2) | 0x80;
    v->ends[0] = 1;
    v->ends[1] = 2;
}

static void test_a_drawn_tile_is_the_only_one_free_of_the_lacks(void)
{
    pintas_line_view v;
    const pintas_mask clean = only_numbers(0x39); /* 0, 3, 4, 5: ten tiles */
    const pintas_mask unseen = PINTAS_ALL_TILES & ~(B(2, 1) | B(1, 1) | B(2, 2) | B(1, 0) |
                                                    B(2, 0) | B(6, 6) | B(6, 1) | B(6, 2));
    pintas_mask seven = B(5, 5) | B(5, 4) | B(5, 3) | B(5, 0) | B(4, 4) | B(4, 3) | B(4, 0);
    pintas_mask h;
    muggins_draws(&v);
    CHECK_EQ(popcount(clean), 10);
    CHECK_EQ(popcount(unseen), 20);
    h = seven | B(6, 5); /* seven dealt tiles and a drawn 6 */
    CHECK(line_ok(&v, h, 0, 0, unseen & ~h));
    h = seven | B(3, 1); /* the drawn tile may show a 1 */
    CHECK(line_ok(&v, h, 0, 0, unseen & ~h));
    h = (seven & ~B(5, 5)) | B(6, 5) | B(6, 3); /* two 6s: one was dealt */
    CHECK(!line_ok(&v, h, 0, 0, unseen & ~h));
    h = (seven & ~B(5, 5)) | B(3, 1) | B(4, 1); /* two 1s */
    CHECK(!line_ok(&v, h, 0, 0, unseen & ~h));
    h = seven | B(3, 3); /* all eight clean */
    CHECK(line_ok(&v, h, 0, 0, unseen & ~h));
    h = seven; /* one tile short */
    CHECK(!line_ok(&v, h, 0, 0, unseen & ~h));
}

static void test_the_redeal_rule_bounds_the_dealt_doubles(void)
{
    pintas_line_view v;
    const pintas_mask unseen = PINTAS_ALL_TILES & ~(B(2, 1) | B(1, 1) | B(2, 2) | B(1, 0) |
                                                    B(2, 0) | B(6, 6) | B(6, 1) | B(6, 2));
    pintas_mask three = B(0, 0) | B(3, 3) | B(4, 4) | B(3, 0) | B(4, 0) | B(4, 3) | B(5, 0);
    pintas_mask two = B(0, 0) | B(3, 3) | B(3, 0) | B(4, 0) | B(4, 3) | B(5, 0) | B(5, 3);
    pintas_mask h;
    muggins_draws(&v);
    h = three | B(6, 5);
    CHECK(line_ok(&v, h, 0, 0, unseen & ~h)); /* no redeal rule */
    v.info.rules.redeal_doubles = 3;          /* three doubles void a deal */
    CHECK(!line_ok(&v, h, 0, 0, unseen & ~h));
    h = two | B(6, 5);
    CHECK(line_ok(&v, h, 0, 0, unseen & ~h));
    h = two | B(4, 4); /* a third double, drawn */
    CHECK(line_ok(&v, h, 0, 0, unseen & ~h));
    h = (two & ~B(5, 3)) | B(4, 4) | B(5, 5); /* two drawn doubles: one was dealt */
    CHECK(!line_ok(&v, h, 0, 0, unseen & ~h));
}

static void test_round_one_s_opening_says_who_held_what(void)
{
    pintas_line_view v;
    pintas_mask h1 = PASS_HANDS[0], h2 = PASS_HANDS[1], h3 = PASS_HANDS[2];
    dominican_pass(&v);
    v.info.round = 1; /* 5|5 led round 1: nobody held 6|6 */
    CHECK(line_ok(&v, h1, h2, h3, 0));
    v.info.hand = (v.info.hand & ~B(6, 6)) | B(0, 0);
    CHECK(!line_ok(&v, h1, h2, (h3 & ~B(0, 0)) | B(6, 6), 0));
}

static void test_round_one_s_leader_holds_the_lead_tile_before_the_opening(void)
{
    pintas_line_view v;
    /* 5|5 (dominican_pass's lead) with seat 1, 6|6 with seat 3 */
    pintas_mask h1 = (PASS_HANDS[0] & ~B(4, 4)) | B(5, 5), h2 = PASS_HANDS[1];
    pintas_mask h3 = (PASS_HANDS[2] & ~B(0, 0)) | B(6, 6);
    dominican_pass(&v);
    v.info.round = 1; /* before the opening, seat 2 leads: it holds 6|6 */
    v.info.leader = 2;
    v.info.log_len = 0;
    v.line_len = 0;
    v.to_move = 2;
    v.info.hand = B(4, 4) | B(6, 5) | B(6, 4) | B(6, 3) | B(6, 2) | B(6, 1) | B(0, 0);
    v.hand_size[0] = 7;
    CHECK(!line_ok(&v, h1, h2, h3, 0));
    CHECK(line_ok(&v, h1, (h2 & ~B(6, 0)) | B(6, 6), (h3 & ~B(6, 6)) | B(6, 0), 0));
    v.info.round = 2; /* any seat may hold it in a later round */
    CHECK(line_ok(&v, h1, h2, h3, 0));
}

static void test_the_line_sampler_and_its_refusals(void)
{
    pintas_line_state s;
    pintas_line_record r;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_rules rules;
    pintas_line_view v, bad;
    pintas_line_world w, w2;
    pintas_line_state out;
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n, nm;
    int consistent = 0, i;
    CHECK_EQ(pintas_line_rules_preset(&rules, PINTAS_LINE_MUGGINS, 3, 0), PINTAS_OK);
    CHECK_EQ(pintas_line_new(&s, &rules, 7, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    pintas_line_record_clear(&r);
    CHECK_EQ(pintas_line_record_update(&r, ev, n), PINTAS_OK);
    for (i = 0; i < 12; ++i) {
        CHECK_EQ(pintas_line_legal(&s, moves, PINTAS_LINE_MAX_MOVES, &nm), PINTAS_OK);
        CHECK_EQ(pintas_line_play(&s, &moves[nm - 1], ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
        CHECK_EQ(pintas_line_record_update(&r, ev, n), PINTAS_OK);
    }
    CHECK_EQ(pintas_line_view_of(&s, &r, 1, &v), PINTAS_OK);
    /* the real world is consistent */
    memset(&w, 0, sizeof w);
    for (i = 0; i < 3; ++i)
        w.hand[i] = s.hand[i];
    w.pile = s.aside;
    for (i = s.bone_pos; i < s.bone_len; ++i)
        w.pile |= PINTAS_BIT(s.boneyard[i]);
    CHECK_EQ(pintas_line_world_check(&v, &w, &consistent), PINTAS_OK);
    CHECK_EQ(consistent, 1);
    /* a sample is consistent, a pure function of the seed, its state the world's */
    for (i = 0; i < 20; ++i) {
        CHECK_EQ(pintas_line_view_sample(&v, (uint64_t)i, &w, &out), PINTAS_OK);
        CHECK_EQ(pintas_line_world_check(&v, &w, &consistent), PINTAS_OK);
        CHECK_EQ(consistent, 1);
        CHECK(out.hand[0] == w.hand[0] && out.hand[1] == v.info.hand && out.hand[2] == w.hand[2]);
        CHECK_EQ(pintas_line_view_sample(&v, (uint64_t)i, &w2, NULL), PINTAS_OK);
        CHECK(memcmp(&w, &w2, sizeof w) == 0);
    }
    /* refusals: NULL, a view out of range, an impossible view, a game over */
    CHECK_EQ(pintas_line_view_sample(NULL, 1, &w, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_view_sample(&v, 1, NULL, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_world_check(&v, NULL, &consistent), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_world_check(&v, &w, NULL), PINTAS_E_ARG);
    bad = v;
    bad.info.rules.players = 9;
    CHECK_EQ(pintas_line_view_sample(&bad, 1, &w, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_world_check(&bad, &w, &consistent), PINTAS_E_ARG);
    bad = v;
    bad.info.log[0].seat = 7;
    CHECK_EQ(pintas_line_world_check(&bad, &w, &consistent), PINTAS_E_ARG);
    bad = v;
    bad.line[0] = 0x7F; /* no tile */
    CHECK_EQ(pintas_line_world_check(&bad, &w, &consistent), PINTAS_E_ARG);
    bad = v;
    bad.info.leader = 5;
    CHECK_EQ(pintas_line_view_sample(&bad, 1, &w2, NULL), PINTAS_E_ARG);
    bad = v;
    bad.hand_size[0] = 20; /* more tiles than there are */
    memcpy(&w2, &w, sizeof w);
    CHECK_EQ(pintas_line_view_sample(&bad, 1, &w2, NULL), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&w, &w2, sizeof w) == 0); /* untouched */
    bad = v;
    bad.over = 1;
    CHECK_EQ(pintas_line_view_sample(&bad, 1, &w2, NULL), PINTAS_E_OVER);
}

/* ---- Caminos ------------------------------------------------------------------ */

/* A Caminos view (base rules, two seats) of seat to_move in play, after the
 * reveal of the game of `seed`; the record kept. */
static void caminos_in_play(pintas_caminos_view *v, pintas_caminos_record *rec,
                            pintas_caminos_state *s, uint64_t seed)
{
    pintas_caminos_rules rules;
    pintas_caminos_record r;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n, nm;
    CHECK_EQ(pintas_caminos_rules_preset(&rules, PINTAS_CAMINOS_BASE, 2), PINTAS_OK);
    CHECK_EQ(pintas_caminos_new(s, &rules, seed, CEV, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_OK);
    CHECK_EQ(pintas_caminos_record_start(&r, &rules), PINTAS_OK);
    CHECK_EQ(pintas_caminos_record_update(&r, CEV, n), PINTAS_OK);
    while (s->phase != PINTAS_CAMINOS_PLAYING) {
        CHECK_EQ(pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, &nm), PINTAS_OK);
        CHECK_EQ(pintas_caminos_play(s, &moves[0], CEV, PINTAS_CAMINOS_MAX_EVENTS, &n),
                 PINTAS_OK);
        CHECK_EQ(pintas_caminos_record_update(&r, CEV, n), PINTAS_OK);
    }
    CHECK_EQ(pintas_caminos_view_of(s, &r, s->to_move, v), PINTAS_OK);
    *rec = r;
}

static pintas_mask caminos_seen(const pintas_caminos_view *v)
{
    pintas_mask m = v->info.hand | v->info.discard;
    unsigned p, side, j;
    for (p = 0; p < v->info.rules.paths; ++p) {
        if (v->info.path[p].centre >= PINTAS_TILE_COUNT)
            continue;
        m |= PINTAS_BIT(v->info.path[p].centre);
        for (side = 0; side < 2; ++side)
            for (j = 0; j < v->info.path[p].len[side]; ++j)
                m |= PINTAS_BIT(v->info.path[p].tile[side][j]);
    }
    return m;
}

/* caminos_in_play, then the other seat's hand unknown to the view (none of
 * it known or revealed): the other seat, and in *unseen the tiles the view
 * does not see. */
static unsigned other_unknown(pintas_caminos_view *v, pintas_caminos_record *rec,
                              pintas_caminos_state *s, uint64_t seed, pintas_mask *unseen)
{
    unsigned other;
    caminos_in_play(v, rec, s, seed);
    other = 1u - v->info.seat;
    v->info.known[other] = 0;
    v->revealed[other] = 0;
    *unseen = PINTAS_ALL_TILES & ~caminos_seen(v);
    return other;
}

static void centry(pintas_caminos_record *r, unsigned at, unsigned kind, unsigned seat,
                   uint32_t what)
{
    pintas_caminos_log_entry *e = &r->log[r->log_len++];
    e->at = (uint16_t)at;
    e->kind = (uint8_t)kind;
    e->seat = (uint8_t)seat;
    e->what = what;
}

static int caminos_ok(const pintas_caminos_view *v, const pintas_caminos_record *r,
                      pintas_mask other, pintas_mask pile)
{
    pintas_caminos_world w;
    int consistent = -1;
    memset(&w, 0, sizeof w);
    w.hand[v->info.seat] = v->info.hand;
    w.hand[1 - v->info.seat] = other;
    w.pile = pile;
    CHECK_EQ(pintas_caminos_world_check(v, r, &w, &consistent), PINTAS_OK);
    return consistent;
}

/* The n lowest tiles of mask. */
static pintas_mask lowest(pintas_mask mask, unsigned n)
{
    pintas_mask out = 0;
    unsigned t;
    for (t = 0; t < PINTAS_TILE_COUNT && popcount(out) < n; ++t)
        if (mask & PINTAS_BIT(t))
            out |= PINTAS_BIT(t);
    return out;
}

static unsigned low_tile(pintas_mask mask)
{
    unsigned t;
    for (t = 0; t < PINTAS_TILE_COUNT; ++t)
        if (mask & PINTAS_BIT(t))
            return t;
    return PINTAS_NO_TILE;
}

/* The numbers tile t shows, as bits. */
static unsigned numbers_of(unsigned t)
{
    unsigned a, b;
    for (a = 0; a <= 6; ++a)
        for (b = 0; b <= a; ++b)
            if (T(a, b) == t)
                return 1u << a | 1u << b;
    return 0;
}

static void test_a_tile_back_in_the_pile_was_drawn_after_it_went_back(void)
{
    pintas_caminos_record r;
    pintas_caminos_view v;
    pintas_caminos_state s;
    pintas_mask unseen, rest, h;
    unsigned other, a, b;
    other = other_unknown(&v, &r, &s, 11, &unseen);
    /* hand-made: a renewal put a and b into the pile (at 5), then the other
     * seat drew once (at 7): it holds its six dealt tiles and one drawn */
    a = low_tile(unseen);
    b = low_tile(unseen & ~PINTAS_BIT(a));
    rest = unseen & ~(PINTAS_BIT(a) | PINTAS_BIT(b));
    r.log_len = 0;
    centry(&r, 5, PINTAS_CAMINOS_EV_CLOSE, other, PINTAS_BIT(a) | PINTAS_BIT(b));
    centry(&r, 7, PINTAS_CAMINOS_EV_DRAW, other, 0);
    v.info.hand_len[other] = 7;
    v.info.pile_len = (uint8_t)(popcount(unseen) - 7);
    h = PINTAS_BIT(a) | lowest(rest, 6);
    CHECK(caminos_ok(&v, &r, h, unseen & ~h));
    h = PINTAS_BIT(a) | PINTAS_BIT(b) | lowest(rest, 5); /* one draw came after */
    CHECK(!caminos_ok(&v, &r, h, unseen & ~h));
    r.log[0].kind = PINTAS_CAMINOS_EV_PASS; /* no renewal (a pass with nothing open) */
    r.log[0].what = 0;
    CHECK(caminos_ok(&v, &r, h, unseen & ~h));
    /* a pass at 3 lacking a's numbers: a must be the drawn tile, */
    r.log[0].at = 3;
    r.log[0].what = numbers_of(a);
    h = PINTAS_BIT(a) | lowest(rest & only_numbers(0x7Fu & ~numbers_of(a)), 6);
    CHECK_EQ(popcount(h), 7);
    CHECK(caminos_ok(&v, &r, h, unseen & ~h));
    /* so it cannot be a tile the seat revealed (those came from its deal) */
    v.revealed[other] = PINTAS_BIT(a);
    v.info.known[other] = PINTAS_BIT(a);
    CHECK(!caminos_ok(&v, &r, h, unseen & ~h));
    /* unless it went back into the pile since: then it was drawn again */
    r.log[2] = r.log[1];
    r.log[1].at = 5;
    r.log[1].kind = PINTAS_CAMINOS_EV_CLOSE;
    r.log[1].what = PINTAS_BIT(a);
    r.log_len = 3;
    CHECK(caminos_ok(&v, &r, h, unseen & ~h));
}

static void test_a_tile_placed_after_it_went_back_was_drawn_after(void)
{
    pintas_caminos_record r;
    pintas_caminos_view v;
    pintas_caminos_state s;
    pintas_mask unseen, h;
    unsigned other, a, b;
    other = other_unknown(&v, &r, &s, 13, &unseen);
    /* a renewal put a (now a path's centre: seen) and b into the pile at 5;
     * the seat drew once at 7 and placed a at 9: a was that draw */
    a = v.info.path[0].centre;
    b = low_tile(unseen);
    r.log_len = 0;
    centry(&r, 5, PINTAS_CAMINOS_EV_CLOSE, other, PINTAS_BIT(a) | PINTAS_BIT(b));
    centry(&r, 7, PINTAS_CAMINOS_EV_DRAW, other, 0);
    centry(&r, 9, PINTAS_CAMINOS_EV_PLACE, other, a);
    v.info.hand_len[other] = 6;
    v.info.pile_len = (uint8_t)(popcount(unseen) - 6);
    h = lowest(unseen & ~PINTAS_BIT(b), 6);
    CHECK(caminos_ok(&v, &r, h, unseen & ~h));
    h = PINTAS_BIT(b) | lowest(unseen & ~PINTAS_BIT(b), 5); /* b would need a draw too */
    CHECK(!caminos_ok(&v, &r, h, unseen & ~h));
    r.log[0].what = PINTAS_BIT(b); /* only b went back: a was dealt, b drawn */
    CHECK(caminos_ok(&v, &r, h, unseen & ~h));
}

static void test_a_placed_tile_entered_before_it_was_placed(void)
{
    pintas_caminos_record r;
    pintas_caminos_view v;
    pintas_caminos_state s;
    pintas_mask unseen, h;
    unsigned other, x;
    other = other_unknown(&v, &r, &s, 17, &unseen);
    /* x (now a path's centre) placed at 3, a draw at 5: x was dealt */
    x = v.info.path[0].centre;
    r.log_len = 0;
    centry(&r, 3, PINTAS_CAMINOS_EV_PLACE, other, x);
    centry(&r, 5, PINTAS_CAMINOS_EV_DRAW, other, 0);
    v.info.hand_len[other] = 6;
    v.info.pile_len = (uint8_t)(popcount(unseen) - 6);
    h = lowest(unseen & only_numbers(0x7Fu & ~numbers_of(x)), 6);
    CHECK(caminos_ok(&v, &r, h, unseen & ~h));
    /* a pass at 2 showed the seat lacked x's numbers: x came after, but the
     * only draw came after x was placed */
    r.log[1] = r.log[0];
    r.log[0].at = 2;
    r.log[0].kind = PINTAS_CAMINOS_EV_PASS;
    r.log[0].what = numbers_of(x);
    centry(&r, 5, PINTAS_CAMINOS_EV_DRAW, other, 0);
    CHECK(!caminos_ok(&v, &r, h, unseen & ~h));
}

/* The tiny position: the other seat holds two tiles, having placed four and
 * passed while 3, 4, 5 and 6 were open; every world is a pair of unseen tiles
 * showing only 0, 1 and 2. */
static void tiny_caminos(pintas_caminos_view *v, pintas_caminos_record *r, pintas_mask *unseen)
{
    pintas_caminos_state s;
    unsigned other, p;
    caminos_in_play(v, r, &s, 5);
    other = 1u - v->info.seat;
    v->info.known[other] = 0;
    v->revealed[other] = 0;
    *unseen = PINTAS_ALL_TILES & ~caminos_seen(v);
    r->log_len = 0;
    for (p = 0; p < 4; ++p) /* four placements (of path centres: any tiles do) */
        centry(r, 1 + p, PINTAS_CAMINOS_EV_PLACE, other, v->info.path[p].centre);
    centry(r, 6, PINTAS_CAMINOS_EV_PASS, other, 0x78);
    v->info.hand_len[other] = 2;
    v->info.pile_len = (uint8_t)(popcount(*unseen) - 2);
}

static void test_every_world_of_a_tiny_position_and_nothing_else(void)
{
    pintas_caminos_record r;
    pintas_caminos_view v;
    pintas_caminos_world w;
    pintas_caminos_state st;
    pintas_mask unseen, low;
    unsigned counts[PINTAS_TILE_COUNT][PINTAS_TILE_COUNT];
    unsigned other, a, b, worlds = 0, samples, i, least = ~0u, most = 0;
    int consistent;
    tiny_caminos(&v, &r, &unseen);
    other = 1u - v.info.seat;
    low = unseen & only_numbers(0x07);
    CHECK(popcount(low) >= 3);
    /* the checker: exactly the pairs of low tiles */
    for (a = 0; a < PINTAS_TILE_COUNT; ++a)
        for (b = a + 1; b < PINTAS_TILE_COUNT; ++b) {
            pintas_mask h = PINTAS_BIT(a) | PINTAS_BIT(b);
            if ((h & unseen) != h)
                continue;
            CHECK_EQ(caminos_ok(&v, &r, h, unseen & ~h), (h & low) == h);
            worlds += (h & low) == h;
        }
    CHECK_EQ(worlds, popcount(low) * (popcount(low) - 1) / 2);
    /* the sampler: every one of them, about as often each, nothing else */
    memset(counts, 0, sizeof counts);
    samples = 60 * worlds;
    for (i = 0; i < samples; ++i) {
        pintas_mask h;
        CHECK_EQ(pintas_caminos_view_sample(&v, &r, i, &w, i % 7 ? NULL : &st), PINTAS_OK);
        h = w.hand[other];
        CHECK((h & low) == h && popcount(h) == 2);
        CHECK(w.pile == (unseen & ~h) && w.hand[v.info.seat] == v.info.hand);
        CHECK_EQ(pintas_caminos_world_check(&v, &r, &w, &consistent), PINTAS_OK);
        CHECK_EQ(consistent, 1);
        if (i % 7 == 0)
            CHECK(st.hand[other] == h && st.pile_len == v.info.pile_len);
        a = low_tile(h);
        b = low_tile(h & ~PINTAS_BIT(a));
        if (a < PINTAS_TILE_COUNT && b < PINTAS_TILE_COUNT)
            ++counts[a][b];
    }
    for (a = 0; a < PINTAS_TILE_COUNT; ++a)
        for (b = a + 1; b < PINTAS_TILE_COUNT; ++b)
            if ((PINTAS_BIT(a) & low) && (PINTAS_BIT(b) & low)) {
                least = counts[a][b] < least ? counts[a][b] : least;
                most = counts[a][b] > most ? counts[a][b] : most;
            }
    /* 60 expected each: a fixed seed range, so these bounds are exact checks */
    CHECK(least >= 30 && most <= 95);
}

static void test_the_caminos_refusals(void)
{
    pintas_caminos_record r;
    pintas_caminos_view v, bad;
    pintas_caminos_record badr;
    pintas_caminos_world w, w2;
    pintas_mask unseen;
    int consistent;
    tiny_caminos(&v, &r, &unseen);
    CHECK_EQ(pintas_caminos_view_sample(&v, &r, 3, &w, NULL), PINTAS_OK);
    CHECK_EQ(pintas_caminos_view_sample(NULL, &r, 3, &w, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_view_sample(&v, &r, 3, NULL, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_world_check(NULL, &r, &w, &consistent), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_world_check(&v, &r, &w, NULL), PINTAS_E_ARG);
    bad = v;
    bad.info.rules.players = 9;
    CHECK_EQ(pintas_caminos_view_sample(&bad, &r, 3, &w, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_view_sample(&v, NULL, 3, &w, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_world_check(&v, NULL, &w, &consistent), PINTAS_E_ARG);
    badr = r;
    badr.log[0].what = 40; /* no tile */
    CHECK_EQ(pintas_caminos_world_check(&v, &badr, &w, &consistent), PINTAS_E_ARG);
    badr = r;
    badr.log_len = PINTAS_CAMINOS_RECORD_MAX_LOG + 1;
    CHECK_EQ(pintas_caminos_view_sample(&v, &badr, 3, &w, NULL), PINTAS_E_ARG);
    badr = r;
    badr.rules.hand_size = 3; /* a record of other rules */
    CHECK_EQ(pintas_caminos_view_sample(&v, &badr, 3, &w, NULL), PINTAS_E_ARG);
    badr = r;
    badr.log_lost = 1;
    CHECK_EQ(pintas_caminos_view_sample(&v, &badr, 3, &w, NULL), PINTAS_E_RANGE);
    bad = v;
    bad.phase = PINTAS_CAMINOS_REVEALING;
    CHECK_EQ(pintas_caminos_view_sample(&bad, &r, 3, &w, NULL), PINTAS_E_ILLEGAL);
    CHECK_EQ(pintas_caminos_world_check(&bad, &r, &w, &consistent), PINTAS_E_ILLEGAL);
    bad = v;
    bad.to_move = (uint8_t)(1u - v.info.seat);
    CHECK_EQ(pintas_caminos_view_sample(&bad, &r, 3, &w, NULL), PINTAS_E_ILLEGAL);
    bad = v;
    bad.phase = PINTAS_CAMINOS_OVER;
    CHECK_EQ(pintas_caminos_view_sample(&bad, &r, 3, &w, NULL), PINTAS_E_OVER);
    /* impossible: it lacked every number while holding its two tiles */
    badr = r;
    badr.log[4].what = 0x7F;
    w2 = w;
    CHECK_EQ(pintas_caminos_view_sample(&v, &badr, 3, &w2, NULL), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&w, &w2, sizeof w) == 0);
}

/* The record keeps the story log and the view copies it. */
static void test_the_record_keeps_the_story_log(void)
{
    pintas_caminos_rules rules;
    pintas_caminos_record r;
    pintas_caminos_state s;
    pintas_caminos_view v;
    pintas_caminos_world w;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n, nm;
    unsigned i, step, places = 0, draws = 0, checked = 0;
    int consistent;
    CHECK_EQ(pintas_caminos_rules_preset(&rules, PINTAS_CAMINOS_BASE, 3), PINTAS_OK);
    CHECK_EQ(pintas_caminos_new(&s, &rules, 21, CEV, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_OK);
    CHECK_EQ(pintas_caminos_record_start(&r, &rules), PINTAS_OK);
    CHECK_EQ(pintas_caminos_record_update(&r, CEV, n), PINTAS_OK);
    for (step = 0; step < 60 && s.phase != PINTAS_CAMINOS_OVER; ++step) {
        if (s.phase == PINTAS_CAMINOS_PLAYING && s.round == 1) {
            /* the real world is one the view allows */
            CHECK_EQ(pintas_caminos_view_of(&s, &r, s.to_move, &v), PINTAS_OK);
            memset(&w, 0, sizeof w);
            for (i = 0; i < rules.players; ++i)
                w.hand[i] = s.hand[i];
            for (i = 0; i < s.pile_len; ++i)
                w.pile |= PINTAS_BIT(s.pile[i]);
            CHECK_EQ(pintas_caminos_world_check(&v, &r, &w, &consistent), PINTAS_OK);
            CHECK_EQ(consistent, 1);
            CHECK_EQ(pintas_caminos_view_sample(&v, &r, step, &w, NULL), PINTAS_OK);
            ++checked;
        }
        CHECK_EQ(pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &nm), PINTAS_OK);
        CHECK_EQ(pintas_caminos_play(&s, &moves[step % nm], CEV, PINTAS_CAMINOS_MAX_EVENTS, &n),
                 PINTAS_OK);
        for (i = 0; i < n && s.round == 1; ++i) {
            places += CEV[i].kind == PINTAS_CAMINOS_EV_PLACE;
            draws += CEV[i].kind == PINTAS_CAMINOS_EV_DRAW;
        }
        CHECK_EQ(pintas_caminos_record_update(&r, CEV, n), PINTAS_OK);
    }
    CHECK(checked > 5 && places > 0);
    CHECK(r.log_len >= places + draws || s.round > 1);
}

int main(void)
{
    test_a_seat_that_passed_at_a_five_holds_no_five();
    test_a_drawn_tile_is_the_only_one_free_of_the_lacks();
    test_the_redeal_rule_bounds_the_dealt_doubles();
    test_round_one_s_opening_says_who_held_what();
    test_round_one_s_leader_holds_the_lead_tile_before_the_opening();
    test_the_line_sampler_and_its_refusals();
    test_a_tile_back_in_the_pile_was_drawn_after_it_went_back();
    test_a_tile_placed_after_it_went_back_was_drawn_after();
    test_a_placed_tile_entered_before_it_was_placed();
    test_every_world_of_a_tiny_position_and_nothing_else();
    test_the_caminos_refusals();
    test_the_record_keeps_the_story_log();
    return check_summary();
}

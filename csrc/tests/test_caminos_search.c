/* test_caminos_search.c - the Caminos sampler and search (caminos_search.c):
 * over thousands of samples from random games of every preset and player
 * count, every sample keeps what the observer knows (S1-S4 of
 * caminos_search.h) and is a state the engine's own loader accepts; the real
 * hands always meet the derived constraints (soundness); results are
 * deterministic per seed and independent of batching; an obviously better
 * move wins; scribbled or hostile input never crashes and never loops. */
#include <stdio.h>
#include <string.h>

#include "pintas/caminos.h"
#include "pintas/caminos_search.h"
#include "caminos_tracker.h"
#include "check.h"

#define ALL PINTAS_ALL_TILES
#define SEATS PINTAS_CAMINOS_MAX_SEATS

static pintas_caminos_event EV[PINTAS_CAMINOS_MAX_EVENTS];
static size_t NEV;

/* ---- the constraints, checked independently ----------------------------- */

static pintas_mask numbers_mask(unsigned numbers)
{
    pintas_mask m = 0;
    unsigned n;
    for (n = 0; n < 7; ++n)
        if (numbers & (1u << n))
            m |= pintas_suit_mask((uint8_t)n);
    return m;
}

static pintas_mask unseen_of(const pintas_caminos_info *k)
{
    pintas_mask seen = k->hand | k->discard;
    int i;
    for (i = 0; i < SEATS; ++i)
        seen |= k->known[i];
    for (i = 0; i < PINTAS_CAMINOS_MAX_PATHS; ++i) {
        const pintas_caminos_path *p = &k->path[i];
        unsigned side, j;
        if (p->centre < PINTAS_TILE_COUNT)
            seen |= PINTAS_BIT(p->centre);
        for (side = 0; side < 2; ++side)
            for (j = 0; j < p->len[side]; ++j)
                seen |= PINTAS_BIT(p->tile[side][j]);
    }
    return ALL & ~seen;
}

/* S2 + S3 for one seat: its unknown tiles fit the loosest cohort places.
 * With nested places A_1 (tightest) .. A_m, that is: every tile in A_m and,
 * for every k, at most m - k tiles outside A_k. */
static int hand_fits(const pintas_caminos_info *k, unsigned seat, pintas_mask tiles)
{
    pintas_mask allow[PINTAS_TILE_COUNT], unseen = unseen_of(k);
    unsigned m = 0, need = pintas_popcount(tiles), voids = 0, i, t;
    int c;
    for (c = (int)k->n_cohorts[seat] - 1; c >= 0 && m < need; --c) {
        pintas_mask order = 0;
        unsigned take;
        for (t = 0; t < PINTAS_TILE_COUNT; ++t)
            if (k->since[t] <= k->cohort[seat][c].at)
                order |= PINTAS_BIT(t);
        voids |= k->cohort[seat][c].voids;
        for (take = k->cohort[seat][c].tiles; take > 0 && m < need; --take)
            allow[m++] = order & unseen & ~numbers_mask(voids);
    }
    while (m < need)
        allow[m++] = unseen; /* places no cohort accounts for */
    /* allow[] runs loosest first: A_m = allow[0], A_k = allow[m - k] */
    for (i = 0; i < m; ++i)
        if (pintas_popcount(tiles & ~allow[i]) > i)
            return 0;
    return 1;
}

/* Every check on one sample of *k. */
static void check_sample(const pintas_caminos_info *k, const pintas_caminos_state *s, int level)
{
    pintas_mask all = s->discard, pile = 0;
    uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE];
    pintas_caminos_state loaded;
    unsigned i;
    CHECK(level >= 0 && level <= 2);
    CHECK(s->phase == PINTAS_CAMINOS_PLAYING && s->to_move == k->seat);
    CHECK(s->hand[k->seat] == k->hand);
    CHECK(memcmp(s->path, k->path, sizeof(pintas_caminos_path) * k->rules.paths) == 0);
    CHECK_EQ(s->pile_len, k->pile_len);
    for (i = 0; i < s->pile_len; ++i)
        pile |= PINTAS_BIT(s->pile[i]);
    CHECK_EQ(pintas_popcount(pile), s->pile_len);
    CHECK((pile & ~unseen_of(k)) == 0);
    for (i = 0; i < k->rules.players; ++i) {
        CHECK_EQ(pintas_popcount(s->hand[i]), k->hand_len[i]);
        CHECK((s->hand[i] & k->known[i]) == k->known[i]);
        if (i != k->seat) {
            CHECK((s->hand[i] & ~k->known[i] & ~unseen_of(k)) == 0);
            if (level == 0)
                CHECK(hand_fits(k, i, s->hand[i] & ~k->known[i]));
        }
        CHECK((all & s->hand[i]) == 0);
        all |= s->hand[i];
    }
    for (i = 0; i < PINTAS_CAMINOS_MAX_PATHS; ++i)
        all |= pintas_caminos_path_tiles(s, (int)i);
    CHECK((all & pile) == 0);
    CHECK((all | pile) == ALL);
    /* the engine's loader, an independent reading of the invariants, accepts it
     * at every level (a seat that just passed really holds nothing placeable) */
    CHECK_EQ(pintas_caminos_save(s, buf, sizeof buf), PINTAS_OK);
    CHECK_EQ(pintas_caminos_load(&loaded, buf, sizeof buf), PINTAS_OK);
}

/* ---- random games ------------------------------------------------------- */

static long POSITIONS, SAMPLES, RELAXED;

/* Checks at one decision of the seat to move in the playing phase. */
static void check_position(const pintas_caminos_state *s, const tracker *t, unsigned serial)
{
    pintas_caminos_info k;
    pintas_caminos_state sample, again;
    pintas_rng rng, rng2;
    unsigned seat = s->to_move, i, j;
    int level = -1, level2 = -1;
    tracker_info(s, t, &k);
    if (!CHECK_EQ(pintas_caminos_info_check(&k), PINTAS_OK))
        return;
    ++POSITIONS;
    /* soundness: the real hands meet every derived constraint */
    for (i = 0; i < k.rules.players; ++i) {
        if (i == seat)
            continue;
        CHECK((s->hand[i] & k.known[i]) == k.known[i]);
        CHECK(hand_fits(&k, i, s->hand[i] & ~k.known[i]));
    }
    for (j = 0; j < 8; ++j) {
        pintas_rng_seed(&rng, serial, PINTAS_CAMINOS_SEARCH_STREAM + j);
        if (!CHECK_EQ(pintas_caminos_sample(&k, &rng, &sample, &level), PINTAS_OK))
            return;
        check_sample(&k, &sample, level);
        ++SAMPLES;
        RELAXED += level > 0;
        /* deterministic: the same seed and index give the same world */
        pintas_rng_seed(&rng2, serial, PINTAS_CAMINOS_SEARCH_STREAM + j);
        CHECK_EQ(pintas_caminos_sample(&k, &rng2, &again, &level2), PINTAS_OK);
        CHECK(memcmp(&sample, &again, sizeof sample) == 0 && level == level2);
    }
    if (serial % 16 == 0) {
        static pintas_caminos_search_result a, b, c;
        CHECK_EQ(pintas_caminos_search(&k, serial, 0, 6, &a), PINTAS_OK);
        CHECK_EQ(pintas_caminos_search(&k, serial, 0, 2, &b), PINTAS_OK);
        CHECK_EQ(pintas_caminos_search(&k, serial, 2, 4, &c), PINTAS_OK);
        CHECK(a.n_moves >= 1 && a.samples == 6 && b.samples == 2 && c.samples == 4);
        for (i = 0; i < a.n_moves; ++i) {
            CHECK_EQ(a.sum[i], b.sum[i] + c.sum[i]);
            CHECK(a.sum[i] >= -84 * 6 && a.sum[i] <= 84 * 6);
            CHECK_EQ(pintas_caminos_check(s, &a.move[i]), PINTAS_OK);
        }
        CHECK_EQ(pintas_caminos_search(&k, serial, 0, 2, &c), PINTAS_OK);
        CHECK(memcmp(&b, &c, sizeof b) == 0);
        {
            /* a stop flag left at 0 changes nothing; one already set runs no
             * sample: the moves are listed, every sum 0 */
            volatile uint8_t stop = 0;
            CHECK_EQ(pintas_caminos_search_until(&k, serial, 0, 2, &stop, &c), PINTAS_OK);
            CHECK(memcmp(&b, &c, sizeof b) == 0);
            stop = 1;
            CHECK_EQ(pintas_caminos_search_until(&k, serial, 0, 2, &stop, &c), PINTAS_OK);
            CHECK(c.samples == 0 && c.n_moves == a.n_moves);
            for (i = 0; i < c.n_moves; ++i)
                CHECK_EQ(c.sum[i], 0);
        }
    }
}

/* Random games of a preset: its rules, the game played, the tracker of its
 * round and the generator that picks the moves. */
typedef struct walk {
    pintas_caminos_rules r;
    pintas_caminos_state s;
    tracker t;
    pintas_rng choice;
} walk;

/* The rules of (variant, players), the moves picked by PCG32 (seed, stream). */
static void walk_start(walk *w, int variant, int players, uint64_t seed, uint64_t stream)
{
    CHECK_EQ(pintas_caminos_rules_preset(&w->r, variant, players), PINTAS_OK);
    pintas_rng_seed(&w->choice, seed, stream);
}

/* A new game on seed, its tracker at the start of the round. */
static void walk_new_game(walk *w, uint64_t seed)
{
    CHECK_EQ(pintas_caminos_new(&w->s, &w->r, seed, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_OK);
    tracker_round(&w->t, &w->r);
}

/* A legal move the generator picks, played, its events told to the tracker;
 * 0 if the play failed. */
static int walk_move(walk *w)
{
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0;
    unsigned open = open_numbers(&w->s);
    CHECK_EQ(pintas_caminos_legal(&w->s, moves, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_OK);
    if (!CHECK_EQ(pintas_caminos_play(&w->s, &moves[pintas_rng_below(&w->choice, (uint32_t)n)],
                                      EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
                  PINTAS_OK))
        return 0;
    tracker_events(&w->t, &w->s, EV, NEV, open);
    return 1;
}

static void random_games(int variant, int players, int games)
{
    walk w;
    int g;
    walk_start(&w, variant, players, (uint64_t)(variant * 10 + players), 99);
    for (g = 0; g < games; ++g) {
        unsigned serial = 0;
        walk_new_game(&w, (uint64_t)(1000 * variant + 10 * players + g));
        while (w.s.phase != PINTAS_CAMINOS_OVER) {
            if (w.s.phase == PINTAS_CAMINOS_PLAYING)
                check_position(&w.s, &w.t, serial++);
            if (!walk_move(&w))
                return;
        }
    }
}

/* ---- a hand-made position ----------------------------------------------- */

static uint8_t tile_of(const char *text)
{
    return (uint8_t)PINTAS_TILE(text[0] - '0', text[2] - '0');
}

static pintas_mask mask_of(const char *text)
{
    pintas_mask m = 0;
    for (; *text; text += text[3] ? 4 : 3)
        m |= PINTAS_BIT(tile_of(text));
    return m;
}

/* Seat 0 holds 6|6 and 6|1; one open side shows 6 (path 1's front), one
 * shows 1 (path 3's front). Placing 6|1 on the 6 strands the double; the
 * double on the 6, or 6|1 on the 1, lets seat 0 go out next turn. */
static void obvious_move(void)
{
    pintas_caminos_info k;
    pintas_caminos_search_result res;
    static const char *const centres[5] = {"6|5", "4|4", "1|0", "3|3", "2|2"};
    unsigned i, worst = 0, best = 0, seat;
    memset(&k, 0, sizeof k);
    CHECK_EQ(pintas_caminos_rules_preset(&k.rules, PINTAS_CAMINOS_BASE, 2), PINTAS_OK);
    for (i = 0; i < PINTAS_CAMINOS_MAX_PATHS; ++i) {
        memset(&k.path[i], PINTAS_NO_TILE, sizeof k.path[i]);
        k.path[i].len[0] = k.path[i].len[1] = 0;
        k.path[i].end[0] = k.path[i].end[1] = 0;
        k.path[i].reserved = 0;
        if (i < 5) {
            uint8_t c = tile_of(centres[i]);
            k.path[i].centre = c;
            k.path[i].end[0] = pintas_tile_high(c);
            k.path[i].end[1] = pintas_tile_low(c);
        }
    }
    /* path 1's back already holds 5|5: its front (6) is its last free side */
    k.path[0].tile[1][0] = tile_of("5|5");
    k.path[0].len[1] = 1;
    k.path[0].end[1] = 5;
    k.hand = mask_of("6|6 6|1");
    k.hand_len[0] = 2;
    k.hand_len[1] = 6;
    for (seat = 0; seat < 2; ++seat) {
        k.n_cohorts[seat] = 1;
        k.cohort[seat][0].tiles = 6;
    }
    k.seat = 0;
    k.pile_len = (uint8_t)(28 - 6 - 2 - 6);
    k.out_seat = PINTAS_NO_SEAT;
    k.starter = 0;
    CHECK_EQ(pintas_caminos_info_check(&k), PINTAS_OK);
    CHECK_EQ(pintas_caminos_search(&k, 5, 0, 200, &res), PINTAS_OK);
    CHECK_EQ(res.samples, 200);
    for (i = 0; i < res.n_moves; ++i) {
        if (res.sum[i] < res.sum[worst])
            worst = i;
        if (res.sum[i] > res.sum[best])
            best = i;
    }
    CHECK(res.n_moves >= 3);
    CHECK(res.move[worst].tile == tile_of("6|1") &&
          k.path[res.move[worst].path].end[res.move[worst].side] == 6);
    CHECK(!(res.move[best].tile == tile_of("6|1") &&
            k.path[res.move[best].path].end[res.move[best].side] == 6));
}

/* ---- hostile input ------------------------------------------------------ */

/* 1 if the engine's loader takes *s (saved, then loaded back). */
static int loads(const pintas_caminos_state *s)
{
    uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE];
    pintas_caminos_state back;
    return pintas_caminos_save(s, buf, sizeof buf) == PINTAS_OK &&
           pintas_caminos_load(&back, buf, sizeof buf) == PINTAS_OK;
}

/* A genuine info of a fresh round, seat 0 to move after the reveal. */
static void genuine_info(pintas_caminos_info *k, pintas_caminos_state *s)
{
    pintas_caminos_rules r;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    tracker t;
    size_t n;
    CHECK_EQ(pintas_caminos_rules_preset(&r, PINTAS_CAMINOS_BASE, 3), PINTAS_OK);
    CHECK_EQ(pintas_caminos_new(s, &r, 17, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
    tracker_round(&t, &r);
    while (s->phase == PINTAS_CAMINOS_REVEALING) {
        unsigned open = open_numbers(s);
        CHECK_EQ(pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_OK);
        CHECK_EQ(pintas_caminos_play(s, &moves[0], EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
                 PINTAS_OK);
        tracker_events(&t, s, EV, NEV, open);
    }
    tracker_info(s, &t, k);
}

static void hostile(void)
{
    pintas_caminos_info good, k;
    pintas_caminos_state s, out;
    pintas_caminos_search_result res;
    pintas_rng rng, scribble;
    int level = 0, round, i;
    genuine_info(&good, &s);
    CHECK_EQ(pintas_caminos_info_check(&good), PINTAS_OK);
    pintas_rng_seed(&rng, 1, 2);
    CHECK_EQ(pintas_caminos_info_check(NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_sample(NULL, &rng, &out, &level), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_sample(&good, NULL, &out, &level), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_sample(&good, &rng, NULL, &level), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_sample(&good, &rng, &out, NULL), PINTAS_OK);
    CHECK_EQ(pintas_caminos_search(NULL, 1, 0, 1, &res), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_search(&good, 1, 0, 1, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_search(&good, 1, 0, PINTAS_CAMINOS_SEARCH_MAX_SAMPLES + 1u, &res),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_search(&good, 1, 0, 0, &res), PINTAS_OK);
    CHECK(res.samples == 0 && res.n_moves >= 1);
    CHECK_EQ(pintas_caminos_playout(NULL, &rng), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_playout(&s, NULL), PINTAS_E_ARG);

    /* impossible constraints (every number lacked by every cohort): no real
     * deal meets them, so no real position looks like this */
    k = good;
    for (i = 0; i < SEATS; ++i)
        if (k.n_cohorts[i])
            k.cohort[i][0].voids = 0x7F;
    CHECK_EQ(pintas_caminos_info_check(&k), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_sample(&k, &rng, &out, &level), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_search(&k, 3, 0, 3, &res), PINTAS_E_ARG);
    /* no cohorts at all: every place is free */
    k = good;
    memset(k.n_cohorts, 0, sizeof k.n_cohorts);
    CHECK_EQ(pintas_caminos_sample(&k, &rng, &out, &level), PINTAS_OK);
    CHECK_EQ(level, 0);

    /* wrong counts, seats, tiles */
    k = good;
    k.pile_len++;
    CHECK_EQ(pintas_caminos_info_check(&k), PINTAS_E_ARG);
    k = good;
    k.seat = 3;
    CHECK_EQ(pintas_caminos_info_check(&k), PINTAS_E_ARG);
    k = good;
    k.known[(good.seat + 1) % 3] = good.hand & (0 - good.hand);
    CHECK_EQ(pintas_caminos_info_check(&k), PINTAS_E_ARG);
    k = good;
    k.path[0].end[0] = 9;
    CHECK_EQ(pintas_caminos_info_check(&k), PINTAS_E_ARG);
    k = good;
    k.hand |= UINT32_C(1) << 30;
    CHECK_EQ(pintas_caminos_info_check(&k), PINTAS_E_ARG);

    /* scribbles: a few random bytes changed, thousands of times; whatever
     * passes the check must sample and search */
    pintas_rng_seed(&scribble, 7, 7);
    for (round = 0; round < 4000; ++round) {
        uint8_t *bytes = (uint8_t *)&k;
        int flips = 1 + (int)pintas_rng_below(&scribble, 4);
        k = good;
        for (i = 0; i < flips; ++i)
            bytes[pintas_rng_below(&scribble, sizeof k)] = (uint8_t)pintas_rng_next(&scribble);
        if (pintas_caminos_info_check(&k) != PINTAS_OK) {
            CHECK_EQ(pintas_caminos_sample(&k, &rng, &out, &level), PINTAS_E_ARG);
            CHECK_EQ(pintas_caminos_search(&k, 1, 0, 1, &res), PINTAS_E_ARG);
            continue;
        }
        CHECK_EQ(pintas_caminos_sample(&k, &rng, &out, &level), PINTAS_OK);
        CHECK(loads(&out));
        CHECK_EQ(pintas_caminos_search(&k, (uint64_t)round, 0, 1, &res), PINTAS_OK);
    }
    /* a scribbled state never makes a playout crash or run forever */
    for (round = 0; round < 2000; ++round) {
        uint8_t *bytes = (uint8_t *)&out;
        int made;
        out = s;
        for (i = 0; i < 3; ++i)
            bytes[pintas_rng_below(&scribble, sizeof out)] = (uint8_t)pintas_rng_next(&scribble);
        made = pintas_caminos_playout(&out, &rng);
        CHECK(made >= PINTAS_E_ARG && made <= PINTAS_CAMINOS_SEARCH_MAX_PLAYOUT);
    }
}

/* ---- positions no real round reaches ------------------------------------
 * Each case starts from an info the check takes (a real view, or one changed
 * consistently), then changes one thing so that no real game shows it; the
 * check must refuse that one, and so must the sampler and the search, where
 * they used to sample states the engine's loader rejects. */

/* *k is taken, and its samples load. */
static void check_taken(const pintas_caminos_info *k, const char *what)
{
    pintas_caminos_state out;
    pintas_rng rng;
    int level, i;
    if (!CHECK_EQ(pintas_caminos_info_check(k), PINTAS_OK)) {
        fprintf(stderr, "  the accepted twin of: %s\n", what);
        return;
    }
    pintas_rng_seed(&rng, 4, 4);
    for (i = 0; i < 20; ++i) {
        CHECK_EQ(pintas_caminos_sample(k, &rng, &out, &level), PINTAS_OK);
        CHECK(loads(&out));
    }
}

/* *k is refused everywhere, the outputs untouched. */
static void check_refused(const pintas_caminos_info *k, const char *what)
{
    pintas_caminos_state out, out0;
    pintas_caminos_search_result res, res0;
    pintas_rng rng;
    int level = 7;
    memset(&out, 0x5A, sizeof out);
    memset(&res, 0x5A, sizeof res);
    out0 = out;
    res0 = res;
    pintas_rng_seed(&rng, 4, 4);
    if (!CHECK_EQ(pintas_caminos_info_check(k), PINTAS_E_ARG))
        fprintf(stderr, "  taken: %s\n", what);
    CHECK_EQ(pintas_caminos_sample(k, &rng, &out, &level), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_search(k, 1, 0, 2, &res), PINTAS_E_ARG);
    CHECK(memcmp(&out, &out0, sizeof out) == 0 && memcmp(&res, &res0, sizeof res) == 0 &&
          level == 7);
}

/* The first position of seeded random games of `variant` with `players`
 * where the seat to move is in play and `want` holds; 0 if none. */
static int find_position(int variant, int players, int (*want)(const pintas_caminos_state *),
                         pintas_caminos_info *k)
{
    walk w;
    int g;
    walk_start(&w, variant, players, 41, 41);
    for (g = 0; g < 400; ++g) {
        walk_new_game(&w, 700u + (unsigned)g);
        while (w.s.phase != PINTAS_CAMINOS_OVER && w.s.round == 1) {
            if (w.s.phase == PINTAS_CAMINOS_PLAYING && want(&w.s)) {
                tracker_info(&w.s, &w.t, k);
                return 1;
            }
            walk_move(&w);
        }
    }
    return 0;
}

/* Open sides' numbers as tiles, from the info's table. */
static pintas_mask open_of(const pintas_caminos_info *k)
{
    pintas_mask m = 0;
    int i, side;
    for (i = 0; i < k->rules.paths; ++i)
        for (side = 0; side < 2; ++side)
            if (k->path[i].centre != PINTAS_NO_TILE && k->path[i].len[side] < k->rules.side_tiles)
                m |= pintas_suit_mask(k->path[i].end[side]);
    return m;
}

/* The `count` lowest unseen tiles. */
static pintas_mask some_unseen(const pintas_caminos_info *k, unsigned count)
{
    pintas_mask m = 0, u = unseen_of(k);
    for (; u && count; u &= u - 1, --count)
        m |= u & (0 - u);
    return m;
}

/* Empty path slot i: its tiles become unseen, held by seat `holder`. */
static void empty_slot(pintas_caminos_info *k, unsigned i, unsigned holder)
{
    unsigned side, n = 1;
    for (side = 0; side < 2; ++side)
        n += k->path[i].len[side];
    memset(&k->path[i], PINTAS_NO_TILE, sizeof k->path[i]);
    k->path[i].len[0] = k->path[i].len[1] = 0;
    k->path[i].end[0] = k->path[i].end[1] = 0;
    k->path[i].reserved = 0;
    k->hand_len[holder] = (uint8_t)(k->hand_len[holder] + n);
}

static int in_play(const pintas_caminos_state *s)
{
    return s->pile_len >= 5;
}

/* The seat before the one to move passed, and some tile it cannot see
 * would fit an open side. */
static int after_a_pass(const pintas_caminos_state *s)
{
    unsigned before = (s->to_move + s->rules.players - 1u) % s->rules.players;
    pintas_mask unseen = ALL & ~s->hand[s->to_move] & ~s->discard;
    int i;
    for (i = 0; i < PINTAS_CAMINOS_MAX_PATHS; ++i)
        unseen &= ~pintas_caminos_path_tiles(s, i);
    return s->passes > 0 && s->hand[before] != 0 && (unseen & numbers_mask(open_numbers(s))) != 0;
}

/* Someone has just gone out, with the pile empty. */
static int just_out(const pintas_caminos_state *s)
{
    return s->out_seat != PINTAS_NO_SEAT && s->last_turns == s->rules.players - 1u &&
           s->pile_len == 0 && s->passes == 0;
}

/* The pile's tiles are in seat `holder`'s hand instead. */
static void pile_to_hand(pintas_caminos_info *k, unsigned holder)
{
    k->hand_len[holder] = (uint8_t)(k->hand_len[holder] + k->pile_len);
    k->pile_len = 0;
}

static void test_refused_tables(void)
{
    pintas_caminos_info good, k;
    pintas_caminos_state s;
    unsigned other;
    genuine_info(&good, &s); /* base rules, 3 players: full paths renew */
    check_taken(&good, "a real view");
    /* a slot beyond the rules' paths is cleared */
    k = good;
    k.path[6].len[0] = 1;
    check_refused(&k, "a slot beyond the rules' paths not cleared");
    /* a discard only where full paths are discarded */
    k = good;
    k.discard = some_unseen(&k, 3);
    k.pile_len = (uint8_t)(k.pile_len - 3);
    check_refused(&k, "a discard where full paths renew");

    /* two paths: full paths (5 tiles) go to the discard whole, and a slot
     * stays empty only when the pile had no tile to refill it */
    if (!CHECK(find_position(PINTAS_CAMINOS_TWO_PATHS, 2, in_play, &good)))
        return;
    other = (good.seat + 1u) % 2u;
    k = good;
    k.discard = some_unseen(&k, 5);
    k.pile_len = (uint8_t)(k.pile_len - 5);
    check_taken(&k, "a discard of part of a path");
    good = k;
    k = good;
    k.discard |= some_unseen(&k, 3);
    k.pile_len = (uint8_t)(k.pile_len - 3);
    check_refused(&k, "a discard of part of a path");
    k = good;
    empty_slot(&k, 1, other);
    check_refused(&k, "an empty slot while the pile has tiles");
    k = good;
    pile_to_hand(&k, other);
    empty_slot(&k, 1, other);
    check_taken(&k, "more empty slots than paths discarded");
    empty_slot(&k, 0, other);
    check_refused(&k, "more empty slots than paths discarded");
}

static void test_refused_turns(void)
{
    pintas_caminos_info good, k;
    pintas_caminos_state s;
    unsigned next, before;
    pintas_mask t;
    genuine_info(&good, &s);
    next = (good.seat + 1u) % 3u;
    /* every hand holds tiles while nobody has gone out */
    k = good;
    k.known[next] = 0;
    k.pile_len = (uint8_t)(k.pile_len + k.hand_len[next]);
    k.hand_len[next] = 0;
    check_refused(&k, "an empty hand while nobody went out");
    /* the seat after the one that went out has the last turns of all others */
    k.out_seat = (uint8_t)next;
    k.last_turns = 1;
    check_taken(&k, "last turns that do not reach the observer");
    k.last_turns = 2;
    check_refused(&k, "last turns that do not reach the observer");

    /* just after a seat went out nobody has passed since, except that seat
     * if the passes go back that far */
    if (!CHECK(find_position(PINTAS_CAMINOS_TWO_PATHS, 3, just_out, &good)))
        return;
    check_taken(&good, "passes by seats that have not played since one went out");
    k = good;
    k.passes = 1;
    check_refused(&k, "passes by seats that have not played since one went out");

    /* a seat that passed since the last placement holds nothing that fits */
    if (!CHECK(find_position(PINTAS_CAMINOS_TWO_PATHS, 3, after_a_pass, &good) ||
               find_position(PINTAS_CAMINOS_BASE, 2, after_a_pass, &good)))
        return;
    check_taken(&good, "a seat that passed known to hold a tile that fits");
    before = (good.seat + good.rules.players - 1u) % good.rules.players;
    t = unseen_of(&good) & open_of(&good);
    CHECK(t != 0);
    k = good;
    k.known[before] |= t & (0 - t);
    check_refused(&k, "a seat that passed known to hold a tile that fits");
    /* its log says nothing (no voids recorded): the sampler still deals it
     * nothing that fits, or the state would not load */
    k = good;
    memset(k.cohort[before], 0, sizeof k.cohort[before]);
    k.n_cohorts[before] = 0;
    check_taken(&k, "a pass with no voids recorded");
}

/* A playout from a fresh game (reveals included) ends its round. */
static void playout_ends_round(void)
{
    pintas_caminos_rules r;
    pintas_caminos_state s;
    pintas_rng rng;
    int variant, made;
    for (variant = 0; variant < 3; ++variant) {
        CHECK_EQ(pintas_caminos_rules_preset(&r, variant, 4), PINTAS_OK);
        CHECK_EQ(pintas_caminos_new(&s, &r, 3, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
        pintas_rng_seed(&rng, 3, 3);
        made = pintas_caminos_playout(&s, &rng);
        CHECK(made > 0);
        CHECK(s.round == 2 && s.phase == PINTAS_CAMINOS_REVEALING);
        CHECK(s.score[0] <= 0 && s.score[1] <= 0 && s.score[2] <= 0 && s.score[3] <= 0);
    }
}

int main(void)
{
    int variant, players;
    for (variant = 0; variant < 3; ++variant)
        for (players = 2; players <= 4; ++players)
            random_games(variant, players, 3);
    printf("%ld positions, %ld samples, %ld relaxed\n", POSITIONS, SAMPLES, RELAXED);
    CHECK(POSITIONS > 1000 && SAMPLES > 8000);
    CHECK(RELAXED * 100 < SAMPLES); /* genuine views almost never need a fallback */
    obvious_move();
    hostile();
    test_refused_tables();
    test_refused_turns();
    playout_ends_round();
    return check_summary();
}

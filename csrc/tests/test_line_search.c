/* test_line_search.c - the line-game search: knowledge, sampling, playouts.
 *
 * Random games of every preset are played with the engine while the round's
 * public log is recorded; at random moments a seat's pintas_line_info is built
 * from it and checked:
 *  - soundness: the true hands respect every derived "not held" fact, and the
 *    derived counts, ends and turn equal the engine's;
 *  - thousands of samples: hands of the true sizes, disjoint, never holding
 *    the observer's tiles or the line's, respecting the facts, never relaxed,
 *    every tile somewhere, the state loading back through pintas_line_load,
 *    the observer's legal moves equal to the true ones;
 *  - uniformity: on small late-round positions, per-(tile, holder) sample
 *    frequencies match the exact marginals of a brute-force enumeration;
 *  - determinism of samples and searches for a seed, batches == one call;
 *  - a scripted position where one move scores at least as much in every deal
 *    and more in some (the search must find it);
 *  - bad input (garbage and mutated infos, NULLs) never crashes.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "line_info.h"
#include "line_tiles.h"
#include "pintas/line_search.h"
#include "pintas/pintas.h"

typedef struct config {
    int game, players, pairs;
} config;

static const config CONFIGS[] = {
    {PINTAS_LINE_MUGGINS, 2, 0},   {PINTAS_LINE_MUGGINS, 3, 0},   {PINTAS_LINE_MUGGINS, 4, 0},
    {PINTAS_LINE_CAPICUA, 2, 0},   {PINTAS_LINE_CAPICUA, 3, 0},   {PINTAS_LINE_CAPICUA, 4, 1},
    {PINTAS_LINE_DOMINICAN, 4, 1}, {PINTAS_LINE_DOMINICAN, 4, 0}, {PINTAS_LINE_DOMINICAN, 3, 0},
    {PINTAS_LINE_DOMINICAN, 2, 0},
};
#define N_CONFIGS (sizeof CONFIGS / sizeof CONFIGS[0])

static void start(tracked *g, const config *c, uint64_t seed)
{
    pintas_line_rules r;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    CHECK_EQ(pintas_line_rules_preset(&r, c->game, c->players, c->pairs), PINTAS_OK);
    memset(g, 0, sizeof *g);
    CHECK_EQ(pintas_line_new(&g->st, &r, seed, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    tracked_record(g, ev, n);
}

static void step(tracked *g, pintas_rng *rng)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0, k = 0;
    CHECK_EQ(pintas_line_legal(&g->st, moves, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
    if (n == 0)
        return;
    CHECK_EQ(pintas_line_play(&g->st, &moves[pintas_rng_below(rng, (uint32_t)n)], ev,
                              PINTAS_LINE_MAX_EVENTS, &k),
             PINTAS_OK);
    tracked_record(g, ev, k);
}

/* The derived facts hold for the true state. */
static void check_sound(const tracked *g, unsigned seat, const pintas_line_knowledge *k)
{
    const pintas_line_state *s = &g->st;
    unsigned p;
    CHECK_EQ(k->to_move, s->to_move);
    CHECK_EQ(k->line_len, s->line_len);
    CHECK_EQ(k->passes, s->passes);
    CHECK_EQ(k->last_placer, s->last_placer);
    if (s->line_len > 0) {
        CHECK_EQ(k->ends[0], s->ends[0]);
        CHECK_EQ(k->ends[1], s->ends[1]);
        CHECK_EQ(k->end_double[0], s->end_double[0]);
        CHECK_EQ(k->end_double[1], s->end_double[1]);
    }
    CHECK_EQ(k->unseen, PINTAS_ALL_TILES & ~s->hand[seat] & ~line_tiles(s));
    CHECK_EQ(k->pile_count, pintas_popcount(boneyard_left(s) | s->aside));
    for (p = 0; p < s->rules.players; ++p) {
        CHECK_EQ(k->hand_count[p], pintas_popcount(s->hand[p]));
        if (p != seat && !CHECK((s->hand[p] & k->not_held[p]) == 0))
            return;
        CHECK((k->voids[p] & ~0x7Fu) == 0);
    }
}

/* One sample obeys everything the observer knows. */
static void check_sample(const tracked *g, unsigned seat, const pintas_line_knowledge *k,
                         const pintas_line_state *s)
{
    pintas_mask all = line_tiles(s) | boneyard_left(s) | s->aside;
    unsigned p;
    uint8_t buf[PINTAS_LINE_SAVE_SIZE];
    pintas_line_state back;
    pintas_line_move a[PINTAS_LINE_MAX_MOVES], b[PINTAS_LINE_MAX_MOVES];
    size_t na = 0, nb = 0;
    CHECK_EQ(s->hand[seat], g->st.hand[seat]);
    CHECK_EQ(line_tiles(s), line_tiles(&g->st));
    CHECK_EQ(s->line_len, g->st.line_len);
    CHECK(memcmp(s->line, g->st.line, s->line_len) == 0);
    CHECK_EQ(pintas_popcount(boneyard_left(s)), pintas_popcount(boneyard_left(&g->st)));
    CHECK_EQ(pintas_popcount(s->aside), pintas_popcount(g->st.aside));
    for (p = 0; p < s->rules.players; ++p) {
        CHECK_EQ(pintas_popcount(s->hand[p]), pintas_popcount(g->st.hand[p]));
        CHECK((all & s->hand[p]) == 0);
        all |= s->hand[p];
        if (p != seat) {
            CHECK((s->hand[p] & g->st.hand[seat]) == 0);
            CHECK((s->hand[p] & k->not_held[p]) == 0);
        }
    }
    CHECK_EQ(all, PINTAS_ALL_TILES);
    CHECK_EQ(pintas_line_save(s, buf, sizeof buf), PINTAS_OK);
    CHECK_EQ(pintas_line_load(&back, buf, sizeof buf), PINTAS_OK);
    if (g->st.to_move == seat) {
        CHECK_EQ(pintas_line_legal(s, a, PINTAS_LINE_MAX_MOVES, &na), PINTAS_OK);
        CHECK_EQ(pintas_line_legal(&g->st, b, PINTAS_LINE_MAX_MOVES, &nb), PINTAS_OK);
        CHECK(na == nb && memcmp(a, b, na * sizeof a[0]) == 0);
    }
}

static void test_random_positions(void)
{
    pintas_rng rng;
    unsigned c, game, checked = 0, samples = 0;
    pintas_rng_seed(&rng, 11, 3);
    for (c = 0; c < N_CONFIGS; ++c)
        for (game = 0; game < 40; ++game) {
            tracked g;
            unsigned moves = pintas_rng_below(&rng, 30), i, seat;
            start(&g, &CONFIGS[c], 1000u * c + game);
            for (i = 0; i < moves && g.st.phase == PINTAS_LINE_PLAYING; ++i)
                step(&g, &rng);
            if (g.st.phase != PINTAS_LINE_PLAYING)
                continue;
            for (seat = 0; seat < g.st.rules.players; ++seat) {
                pintas_line_info info;
                pintas_line_knowledge k;
                pintas_rng srng;
                unsigned j;
                tracked_info(&g, seat, &info);
                if (!CHECK_EQ(pintas_line_knowledge_of(&info, &k), PINTAS_OK))
                    continue;
                check_sound(&g, seat, &k);
                pintas_rng_seed(&srng, seat + 7u * game, c);
                for (j = 0; j < 60; ++j) {
                    pintas_line_state s;
                    uint8_t relaxed = 9;
                    CHECK_EQ(pintas_line_determinize(&info, &srng, &s, &relaxed), PINTAS_OK);
                    CHECK_EQ(relaxed, 0);
                    check_sample(&g, seat, &k, &s);
                    ++samples;
                }
                ++checked;
            }
        }
    CHECK(checked > 500);
    CHECK(samples > 30000);
}

/* ---- uniformity against brute force -------------------------------------- */

/* Every deal of the unseen tiles to the hidden holders with the right counts
 * that respects the facts, counted per (tile, holder). */
typedef struct brute {
    unsigned tiles[PINTAS_TILE_COUNT], n_tiles;
    unsigned cap[3], n_holders;
    pintas_mask forbid[3];
    int is_seat[3];
    pintas_mask own, ends; /* a deal must leave a tile of `ends` in some hand */
    double freq[PINTAS_TILE_COUNT][3];
    double deals;
    unsigned assign[PINTAS_TILE_COUNT];
} brute;

static void enumerate(brute *b, unsigned i, unsigned *left)
{
    unsigned h, j;
    if (i == b->n_tiles) {
        pintas_mask hands = b->own;
        for (j = 0; j < b->n_tiles; ++j)
            if (b->is_seat[b->assign[j]])
                hands |= PINTAS_BIT(b->tiles[j]);
        if (b->ends && !(hands & b->ends))
            return; /* the engine would have ended the round: not a possible deal */
        b->deals += 1;
        for (j = 0; j < b->n_tiles; ++j)
            b->freq[j][b->assign[j]] += 1;
        return;
    }
    for (h = 0; h < b->n_holders; ++h) {
        if (left[h] == 0 || (b->forbid[h] & PINTAS_BIT(b->tiles[i])))
            continue;
        --left[h];
        b->assign[i] = h;
        enumerate(b, i + 1, left);
        ++left[h];
    }
}

/* Few enough deals to enumerate: holders^unseen stays below ~2 million. */
static int small(const pintas_line_knowledge *k, unsigned players)
{
    unsigned holders = players - 1u + (k->pile_count > 0), n = pintas_popcount(k->unseen);
    return holders <= 2 ? n <= 18 : n <= 12;
}

static void test_uniform(void)
{
    pintas_rng rng;
    unsigned c, game, done = 0, constrained = 0, here;
    pintas_rng_seed(&rng, 5, 5);
    for (c = 0; c < N_CONFIGS; ++c)
        for (game = 0, here = 0; game < 1000 && here < 2; ++game) {
            tracked g;
            pintas_line_info info;
            pintas_line_knowledge k;
            brute b;
            unsigned seat, h, j, left[3], i, holder_of[PINTAS_LINE_MAX_SEATS + 1];
            int constrained_here = 0;
            pintas_mask unseen;
            start(&g, &CONFIGS[c], 77u * game + c);
            for (i = 0; i < 60 && g.st.phase == PINTAS_LINE_PLAYING; ++i) {
                unsigned round = g.st.round;
                step(&g, &rng);
                if (g.st.round != round || g.st.phase != PINTAS_LINE_PLAYING)
                    break;
                tracked_info(&g, g.st.to_move, &info);
                if (pintas_line_knowledge_of(&info, &k) == PINTAS_OK && small(&k, g.st.rules.players) &&
                    (k.not_held[0] | k.not_held[1] | k.not_held[2] | k.not_held[3]) & k.unseen &
                        ~info.hand)
                    break;
            }
            if (g.st.phase != PINTAS_LINE_PLAYING)
                continue;
            /* the player to move, or (odd games) the one after: then blocked
             * deals are possible and must be redrawn */
            seat = (g.st.to_move + (game & 1u)) % g.st.rules.players;
            tracked_info(&g, seat, &info);
            if (pintas_line_knowledge_of(&info, &k) != PINTAS_OK || !small(&k, g.st.rules.players))
                continue;
            memset(&b, 0, sizeof b);
            b.own = info.hand;
            if (k.line_len > 0 && !(k.pile_draws && k.pile_count > 0))
                b.ends = pintas_suit_mask(k.ends[0]) | pintas_suit_mask(k.ends[1]);
            for (h = 0; h < g.st.rules.players; ++h)
                if (h != seat) {
                    holder_of[h] = b.n_holders;
                    b.is_seat[b.n_holders] = 1;
                    b.forbid[b.n_holders] = k.not_held[h];
                    constrained_here |= (k.not_held[h] & k.unseen) != 0;
                    b.cap[b.n_holders++] = k.hand_count[h];
                }
            holder_of[PINTAS_LINE_MAX_SEATS] = b.n_holders;
            if (k.pile_count)
                b.cap[b.n_holders++] = k.pile_count;
            for (unseen = k.unseen; unseen; unseen &= unseen - 1) {
                unsigned t = 0;
                while (!((unseen >> t) & 1u))
                    ++t;
                b.tiles[b.n_tiles++] = t;
            }
            if (!constrained_here)
                continue; /* the unconstrained case is covered by the constrained ones */
            memcpy(left, b.cap, sizeof left);
            enumerate(&b, 0, left);
            if (!CHECK(b.deals >= 1))
                continue;
            {
                static double seen[PINTAS_TILE_COUNT][3];
                const unsigned n = 20000;
                double worst = 0;
                memset(seen, 0, sizeof seen);
                for (i = 0; i < n; ++i) {
                    pintas_line_state s;
                    uint8_t relaxed;
                    CHECK_EQ(pintas_line_determinize(&info, &rng, &s, &relaxed), PINTAS_OK);
                    for (j = 0; j < b.n_tiles; ++j) {
                        pintas_mask bit = PINTAS_BIT(b.tiles[j]);
                        for (h = 0; h < g.st.rules.players; ++h)
                            if (h != seat && (s.hand[h] & bit))
                                seen[j][holder_of[h]] += 1;
                        if ((boneyard_left(&s) | s.aside) & bit)
                            seen[j][holder_of[PINTAS_LINE_MAX_SEATS]] += 1;
                    }
                }
                for (j = 0; j < b.n_tiles; ++j)
                    for (h = 0; h < b.n_holders; ++h) {
                        double p = b.freq[j][h] / b.deals, q = seen[j][h] / n;
                        double d = p > q ? p - q : q - p;
                        if (d > worst)
                            worst = d;
                    }
                /* 20000 samples: a frequency's standard error is <= 0.0036 */
                CHECK(worst < 0.02);
                if (getenv("PINTAS_TEST_VERBOSE"))
                    printf("uniform: config %u, %u unseen, %.0f deals, worst %.4f%s\n", c,
                           b.n_tiles, b.deals, worst, b.ends ? " (block possible)" : "");
            }
            constrained += constrained_here;
            ++done;
            ++here;
        }
    CHECK(done >= 16);
    CHECK_EQ(constrained, done);
}

/* ---- determinism, batches, a winning move --------------------------------- */

static void test_determinism(void)
{
    tracked g;
    pintas_rng rng;
    pintas_line_info info;
    pintas_line_search_result a, b, c;
    pintas_line_state s1, s2;
    pintas_rng r1, r2;
    unsigned i;
    int policy;
    start(&g, &CONFIGS[6], 42);
    pintas_rng_seed(&rng, 42, 1);
    for (i = 0; i < 9; ++i)
        step(&g, &rng);
    tracked_info(&g, g.st.to_move, &info);
    pintas_rng_seed(&r1, 5, 6);
    pintas_rng_seed(&r2, 5, 6);
    CHECK_EQ(pintas_line_determinize(&info, &r1, &s1, NULL), PINTAS_OK);
    CHECK_EQ(pintas_line_determinize(&info, &r2, &s2, NULL), PINTAS_OK);
    CHECK(memcmp(&s1, &s2, sizeof s1) == 0);
    for (policy = 0; policy <= 1; ++policy) {
        CHECK_EQ(pintas_line_search(&info, 50, 9, policy, &a), PINTAS_OK);
        CHECK_EQ(pintas_line_search(&info, 50, 9, policy, &b), PINTAS_OK);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
        CHECK_EQ(a.samples, 50);
        CHECK_EQ(pintas_line_search_init(&info, &c), PINTAS_OK);
        CHECK_EQ(pintas_line_search_run(&info, 9, 0, 17, policy, &c), PINTAS_OK);
        CHECK_EQ(pintas_line_search_run(&info, 9, 17, 33, policy, &c), PINTAS_OK);
        CHECK(memcmp(&a, &c, sizeof a) == 0);
        {
            /* a stop flag that stays 0 changes nothing; one already set runs
             * no sample and leaves the totals as they were */
            volatile uint8_t stop = 0;
            CHECK_EQ(pintas_line_search_init(&info, &c), PINTAS_OK);
            CHECK_EQ(pintas_line_search_run_until(&info, 9, 0, 50, policy, &stop, &c), PINTAS_OK);
            CHECK(memcmp(&a, &c, sizeof a) == 0);
            stop = 1;
            b = c;
            CHECK_EQ(pintas_line_search_run_until(&info, 9, 50, 50, policy, &stop, &c), PINTAS_OK);
            CHECK(memcmp(&b, &c, sizeof b) == 0);
            CHECK_EQ(c.samples, 50);
        }
        CHECK_EQ(pintas_line_search(&info, 50, 10, policy, &b), PINTAS_OK);
        CHECK(memcmp(a.total, b.total, sizeof a.total) != 0 || a.n_moves == 1);
        CHECK(pintas_line_search_best(&a) >= 0);
        /* the wrong info for these totals is refused and changes nothing */
        info.round = (uint16_t)(info.round + 1);
        b = a;
        info.hand ^= 1;
        CHECK_EQ(pintas_line_search_run(&info, 9, 0, 5, policy, &b), PINTAS_E_ARG);
        info.hand ^= 1;
        info.round = (uint16_t)(info.round - 1);
        CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
}

static void test_winning_move(void)
{
    pintas_line_info info;
    pintas_line_knowledge k;
    pintas_line_search_result res;
    tracked g;
    int policy, best;
    if (!CHECK(tracked_winning_move(&g)))
        return;
    CHECK_EQ(g.st.to_move, 1);
    tracked_info(&g, 1, &info);
    CHECK_EQ(pintas_line_knowledge_of(&info, &k), PINTAS_OK);
    CHECK_EQ(k.voids[0] & 0xCu, 0xCu); /* seat 0 lacks 2 and 3 */
    CHECK_EQ(k.hand_count[0], 1);
    for (policy = 0; policy <= 1; ++policy) {
        CHECK_EQ(pintas_line_search(&info, 200, 3, policy, &res), PINTAS_OK);
        CHECK_EQ(res.n_moves, 2);
        CHECK_EQ(res.relaxed, 0);
        best = pintas_line_search_best(&res);
        CHECK_EQ(res.moves[best].tile, PINTAS_TILE(2, 2));
        CHECK(res.total[best] > 0);                          /* a sure round win */
        CHECK(res.total[1 - best] < res.total[best]);
    }
}

/* ---- bad input ------------------------------------------------------------ */

/* 1 if the engine's loader accepts *s (saved, then loaded back). */
static int loads(const pintas_line_state *s)
{
    uint8_t buf[PINTAS_LINE_SAVE_SIZE];
    pintas_line_state back;
    return pintas_line_save(s, buf, sizeof buf) == PINTAS_OK &&
           pintas_line_load(&back, buf, sizeof buf) == PINTAS_OK;
}

static void test_bad_input(void)
{
    pintas_rng rng;
    pintas_line_info info;
    pintas_line_knowledge k;
    pintas_line_search_result res;
    pintas_line_state s;
    pintas_line_move m;
    int32_t outcome;
    unsigned i, j, ok = 0;
    tracked g;
    CHECK_EQ(pintas_line_knowledge_of(NULL, &k), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_determinize(NULL, &rng, &s, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_search(NULL, 5, 1, 0, &res), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_search_best(NULL), -1);
    CHECK_EQ(pintas_line_playout(NULL, &m, 0, 0, &rng, &outcome), PINTAS_E_ARG);
    pintas_rng_seed(&rng, 1, 1);
    /* garbage */
    for (i = 0; i < 20000; ++i) {
        uint8_t *p = (uint8_t *)&info;
        for (j = 0; j < sizeof info; ++j)
            p[j] = (uint8_t)pintas_rng_next(&rng);
        if (i & 1) { /* plausible rules and a short log: reach deeper checks */
            CHECK_EQ(pintas_line_rules_preset(&info.rules, (int)(i % 3), 2 + (int)(i % 3), 0),
                     PINTAS_OK);
            info.log_len = (uint16_t)(i % 40);
            info.seat %= 4;
            info.leader %= 4;
            memset(info.score, 0, sizeof info.score);
            info.round = 2;
            info.forced_tile = PINTAS_NO_TILE;
        }
        if (pintas_line_knowledge_of(&info, &k) == PINTAS_OK)
            ++ok;
        if (pintas_line_determinize(&info, &rng, &s, NULL) == PINTAS_OK)
            CHECK(loads(&s));
        (void)pintas_line_search(&info, 2, i, (int)(i % 3), &res);
    }
    /* valid infos, one field mutated */
    start(&g, &CONFIGS[1], 9);
    for (i = 0; i < 12; ++i)
        step(&g, &rng);
    for (i = 0; i < 20000; ++i) {
        uint8_t *p = (uint8_t *)&info;
        tracked_info(&g, g.st.to_move, &info);
        p[pintas_rng_below(&rng, sizeof info)] ^= (uint8_t)(1u << pintas_rng_below(&rng, 8));
        if (pintas_line_determinize(&info, &rng, &s, NULL) == PINTAS_OK) {
            CHECK(loads(&s)); /* anything accepted is a state the engine can load */
            ++ok;
        }
        (void)pintas_line_search(&info, 1, i, 1, &res);
    }
    CHECK(ok > 0);
    /* a playout from a scribbled state terminates */
    for (i = 0; i < 5000; ++i) {
        uint8_t *p = (uint8_t *)&s;
        tracked_info(&g, g.st.to_move, &info);
        CHECK_EQ(pintas_line_determinize(&info, &rng, &s, NULL), PINTAS_OK);
        p[pintas_rng_below(&rng, sizeof s)] = (uint8_t)pintas_rng_next(&rng);
        m.kind = (uint8_t)pintas_rng_below(&rng, 4);
        m.tile = (uint8_t)pintas_rng_below(&rng, 30);
        m.end = (uint8_t)pintas_rng_below(&rng, 3);
        (void)pintas_line_playout(&s, &m, (int)pintas_rng_below(&rng, 5),
                                  (int)pintas_rng_below(&rng, 3), &rng, &outcome);
    }
    /* not the observer's turn: no search */
    tracked_info(&g, (g.st.to_move + 1u) % g.st.rules.players, &info);
    CHECK_EQ(pintas_line_search_init(&info, &res), PINTAS_E_ILLEGAL);
    CHECK_EQ(pintas_line_search_run(&info, 1, 0, PINTAS_LINE_SEARCH_MAX_SAMPLES + 1u, 0, &res),
             PINTAS_E_ARG);
}

/* ---- positions no real round reaches ---------------------------------------
 * Each case is a hand-built info the search accepts, then one change that
 * makes it a position no real game reaches; every entry must refuse that one
 * (PINTAS_E_ARG, outputs untouched), where the search used to take it and
 * sample states the loader rejects, or fail later. */

/* An info by hand: `hand` and `log` as text ("6|5 4|4", entries "0:6|5L",
 * "1:pass", "1:draw"; a NULL entry ends the log), every score 0. */
static void hand_info(pintas_line_info *info, int game, int players, int pairs, unsigned seat,
                      unsigned leader, unsigned round, const char *hand,
                      const char *const *log)
{
    memset(info, 0, sizeof *info);
    CHECK_EQ(pintas_line_rules_preset(&info->rules, game, players, pairs), PINTAS_OK);
    info->seat = (uint8_t)seat;
    info->leader = (uint8_t)leader;
    info->round = (uint16_t)round;
    info->hand = tiles_of(hand);
    info->forced_tile = PINTAS_NO_TILE;
    for (; log && *log; ++log) {
        pintas_line_log_entry *e = &info->log[info->log_len++];
        pintas_line_move m;
        const char *text = *log + 2;
        e->seat = (uint8_t)((*log)[0] - '0');
        if (text[0] == 'd') {
            m.kind = PINTAS_MOVE_DRAW;
            m.tile = PINTAS_NO_TILE;
            m.end = 0;
        } else {
            move_of_text(text, &m);
        }
        e->kind = m.kind;
        e->tile = m.tile;
        e->end = m.end;
    }
}

/* Every entry takes *info, and its samples load. */
static void check_taken(const pintas_line_info *info, const char *what)
{
    pintas_line_knowledge k;
    pintas_line_state s;
    pintas_rng rng;
    unsigned i;
    if (!CHECK_EQ(pintas_line_knowledge_of(info, &k), PINTAS_OK)) {
        fprintf(stderr, "  the accepted twin of: %s\n", what);
        return;
    }
    pintas_rng_seed(&rng, 3, 4);
    for (i = 0; i < 20; ++i) {
        CHECK_EQ(pintas_line_determinize(info, &rng, &s, NULL), PINTAS_OK);
        CHECK(loads(&s));
    }
}

/* Every entry refuses *info and leaves its outputs as they were. */
static void check_refused(const pintas_line_info *info, const char *what)
{
    pintas_line_knowledge k, k0;
    pintas_line_state s, s0;
    pintas_line_search_result r, r0;
    pintas_rng rng;
    uint8_t relaxed = 7;
    memset(&k, 0x5A, sizeof k);
    memset(&s, 0x5A, sizeof s);
    memset(&r, 0x5A, sizeof r);
    k0 = k;
    s0 = s;
    r0 = r;
    pintas_rng_seed(&rng, 3, 4);
    if (!CHECK_EQ(pintas_line_knowledge_of(info, &k), PINTAS_E_ARG))
        fprintf(stderr, "  taken: %s\n", what);
    CHECK_EQ(pintas_line_determinize(info, &rng, &s, &relaxed), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_search_init(info, &r), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_search(info, 4, 1, PINTAS_POLICY_GREEDY, &r), PINTAS_E_ARG);
    CHECK(memcmp(&k, &k0, sizeof k) == 0 && memcmp(&s, &s0, sizeof s) == 0 &&
          memcmp(&r, &r0, sizeof r) == 0 && relaxed == 7);
}

static void test_scores_refused(void)
{
    pintas_line_info info;
    /* Dominican pairs: two sides */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 4, 1, 0, 0, 2, "6|5 6|4 5|5 4|0 3|3 2|1 1|0", NULL);
    info.score[0] = 10;
    info.score[1] = 250; /* Dominican checks its target at a round's end only */
    check_taken(&info, "scores of sides that do not exist");
    info.score[2] = 5;
    check_refused(&info, "scores of sides that do not exist");
    /* Capicua ends the game the moment a side reaches its target */
    hand_info(&info, PINTAS_LINE_CAPICUA, 2, 0, 0, 0, 2, "6|5 6|4 5|5 4|0 3|3 2|1 1|0", NULL);
    info.score[1] = 19;
    check_taken(&info, "a Capicua score at the target in play");
    info.score[1] = 20;
    check_refused(&info, "a Capicua score at the target in play");
    /* Muggins scores only multiples of 5, and never reaches 200 in play */
    hand_info(&info, PINTAS_LINE_MUGGINS, 2, 0, 0, 0, 2, "6|5 6|4 5|5 4|0 3|3 2|1 1|0", NULL);
    info.score[0] = 195;
    check_taken(&info, "a Muggins score off the fives");
    info.score[0] = 17;
    check_refused(&info, "a Muggins score off the fives");
    info.score[0] = 200;
    check_refused(&info, "a Muggins score at the target in play");
    /* nothing is scored in round 1 before its first placement */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 4, 0, 1, 0, 1, "5|5 6|4 5|3 4|0 3|3 2|1 1|0", NULL);
    check_taken(&info, "points in round 1 before the first placement");
    info.score[2] = 25;
    check_refused(&info, "points in round 1 before the first placement");
    info.score[2] = 0;
    info.reserved = 1;
    check_refused(&info, "reserved not 0");
}

static void test_lead_refused(void)
{
    static const char *const led_5_5[] = {"0:5|5L", NULL};
    pintas_line_info info;
    /* round 1's leader is told its forced tile: the lead rule's pick */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 4, 0, 0, 0, 1, "6|6 6|4 5|5 4|0 3|3 2|1 1|0", NULL);
    info.forced_tile = PINTAS_TILE(6, 6);
    check_taken(&info, "a round-1 leader without its forced tile");
    info.forced_tile = PINTAS_NO_TILE;
    check_refused(&info, "a round-1 leader without its forced tile");
    info.forced_tile = PINTAS_TILE(5, 5);
    check_refused(&info, "a forced tile the lead rule would not pick");
    info.forced_tile = PINTAS_TILE(6, 6);
    info.round = 2;
    check_refused(&info, "a forced tile outside round 1");
    /* only the leader is told */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 4, 0, 1, 0, 1, "5|5 6|4 5|3 4|0 3|3 2|1 1|0", NULL);
    check_taken(&info, "a forced tile told to another seat");
    info.forced_tile = PINTAS_TILE(5, 5);
    check_refused(&info, "a forced tile told to another seat");
    /* a seat that is not the leader holds no tile above the leader's:
     * with all 28 tiles dealt, 6|6 leads */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 4, 0, 1, 0, 1, "6|6 6|4 5|3 4|0 3|3 2|1 1|0", NULL);
    check_refused(&info, "another seat than the leader holding 6|6, all tiles dealt");
    /* with a boneyard the leader may hold 6|6 above the observer's 5|5, but
     * nothing is above 6|6 */
    hand_info(&info, PINTAS_LINE_MUGGINS, 2, 0, 1, 0, 1, "5|5 6|4 5|3 4|0 3|3 2|1 1|0", NULL);
    check_taken(&info, "a seat other than the leader holding 6|6");
    info.hand = tiles_of("6|6 6|4 5|3 4|0 3|3 2|1 1|0");
    check_refused(&info, "a seat other than the leader holding 6|6");
    /* a round past the rules' round limit is no round of a game in play */
    hand_info(&info, PINTAS_LINE_MUGGINS, 2, 0, 1, 0, 1, "5|5 6|4 5|3 4|0 3|3 2|1 1|0", NULL);
    info.round = 3;
    info.rules.max_rounds = 3;
    check_taken(&info, "round 3 of at most 3");
    info.rules.max_rounds = 2;
    check_refused(&info, "round 3 of at most 2");
    /* 5|5 led round 1: nobody held 6|6 at the deal, the observer neither */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 2, 0, 1, 0, 1, "5|4 6|4 5|3 4|0 3|3 2|1 1|0", led_5_5);
    check_taken(&info, "the observer holding a double above round 1's lead");
    info.hand = tiles_of("6|6 6|4 5|3 4|0 3|3 2|1 1|0");
    check_refused(&info, "the observer holding a double above round 1's lead");
}

static void test_log_refused(void)
{
    static const char *const passed[] = {"0:6|5L", "1:pass", NULL};
    static const char *const placed_3[] = {"0:6|5L", "1:pass", "0:5|4R", "1:4|3R", NULL};
    static const char *const placed_6[] = {"0:6|5L", "1:pass", "0:5|4R", "1:6|3L", NULL};
    static const char *const lacks_all[] = {"0:6|5L", "1:pass", "0:5|4R", "1:pass",
                                            "0:4|3R", "1:pass", "0:3|2R", "1:pass",
                                            "0:2|1R", "1:pass", "0:1|0R", NULL};
    pintas_line_info info;
    /* the observer passed at (6, 5): it held no 6 and no 5 */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 2, 0, 1, 0, 2, "4|4 4|3 3|2 2|1 1|0 1|1 0|0",
              passed);
    check_taken(&info, "the observer passed holding a tile that fitted");
    info.hand = tiles_of("5|0 4|3 3|2 2|1 1|0 1|1 0|0");
    check_refused(&info, "the observer passed holding a tile that fitted");
    /* seat 1 passed at (6, 5) and drew nothing since: it cannot place a 6 */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 2, 0, 0, 0, 2, "4|4 3|2 2|1 1|0 2|0", placed_3);
    check_taken(&info, "a seat placing a tile it was known to lack");
    hand_info(&info, PINTAS_LINE_DOMINICAN, 2, 0, 0, 0, 2, "4|4 3|2 2|1 1|0 2|0", placed_6);
    check_refused(&info, "a seat placing a tile it was known to lack");
    /* seat 1 passed at every number but 0 and the observer holds 0|0: seat
     * 1's seven tiles are nowhere */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 2, 0, 0, 0, 2, "5|4 4|3 3|2 2|1 1|0 0|0", passed);
    check_taken(&info, "facts that admit no deal");
    hand_info(&info, PINTAS_LINE_DOMINICAN, 2, 0, 0, 0, 2, "0|0", lacks_all);
    check_refused(&info, "facts that admit no deal");
    /* after 6|5 and seat 1's pass, a seat 0 without a 6 or a 5 means the
     * round was blocked by 6|5: the engine ends it there */
    hand_info(&info, PINTAS_LINE_DOMINICAN, 2, 0, 0, 0, 2, "6|0 1|0 1|1 2|0 2|1 2|2", passed);
    check_taken(&info, "a blocked round in play");
    info.hand = tiles_of("0|0 1|0 1|1 2|0 2|1 2|2");
    check_refused(&info, "a blocked round in play");
}

/* A position where the round stays open only because seat 1's last tile is
 * 6|6, one of the 15 tiles seat 0 cannot see: the ends show 6 and 6, every
 * other 6 is on the line, seat 0 holds 2|2 and the other 14 are set aside.
 * About one sample in 80 misses 6|6 in all 64 redraws; it must still keep
 * every fact (the engine's loader takes it), and be reported relaxed. */
static void test_rare_open_round(void)
{
    static const char *const log[] = {"0:6|3L", "1:4|6L", "0:3|3R", "1:4|4L", "0:3|2R",
                                      "1:5|4L", "0:2|6R", "1:5|5L", "0:6|1R", "1:6|5L",
                                      "0:1|0R", "1:0|6R", NULL};
    pintas_line_info info;
    pintas_line_knowledge k;
    pintas_line_search_result res;
    pintas_rng rng;
    unsigned i, relaxed = 0, holds = 0;
    hand_info(&info, PINTAS_LINE_DOMINICAN, 2, 0, 0, 0, 2, "2|2", log);
    if (!CHECK_EQ(pintas_line_knowledge_of(&info, &k), PINTAS_OK))
        return;
    CHECK(k.ends[0] == 6 && k.ends[1] == 6 && k.hand_count[1] == 1 && k.to_move == 0);
    pintas_rng_seed(&rng, 8, 8);
    for (i = 0; i < 2000; ++i) {
        pintas_line_state s;
        uint8_t flag = 9;
        CHECK_EQ(pintas_line_determinize(&info, &rng, &s, &flag), PINTAS_OK);
        CHECK(loads(&s));
        holds += s.hand[1] == PINTAS_BIT(PINTAS_TILE(6, 6));
        relaxed += flag;
    }
    CHECK_EQ(holds, 2000);
    CHECK(relaxed > 0 && relaxed < 100);
    CHECK_EQ(pintas_line_search(&info, 300, 1, PINTAS_POLICY_RANDOM, &res), PINTAS_OK);
    CHECK(res.n_moves == 1 && res.moves[0].kind == PINTAS_MOVE_PASS && res.relaxed > 0);
}

int main(void)
{
    test_random_positions();
    test_uniform();
    test_determinism();
    test_winning_move();
    test_bad_input();
    test_scores_refused();
    test_lead_refused();
    test_log_refused();
    test_rare_open_round();
    return check_summary();
}

/* test_caminos.c - the Caminos engine (caminos.c, caminos_save.c,
 * caminos_sim.c): every rule of docs/rules.md section 2 and every decision at
 * the top of caminos.c on hand-made deals, the documented draw order, random
 * games against the invariants, hostile bytes and scribbled states. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "pintas/pintas.h"
#include "pintas/caminos.h"

static pintas_caminos_event EV[PINTAS_CAMINOS_MAX_EVENTS];
static size_t NEV;

/* ---- helpers ------------------------------------------------------------- */

static uint8_t tile_of(const char *text)
{
    return (uint8_t)PINTAS_TILE(text[0] - '0', text[2] - '0');
}

/* "6|5 4|4" -> tile indices; returns how many. */
static int parse_tiles(const char *text, uint8_t *out, int cap)
{
    int n = 0;
    while (*text && n < cap) {
        while (*text == ' ')
            ++text;
        if (!*text)
            break;
        out[n++] = tile_of(text);
        text += 3;
    }
    return n;
}

static pintas_mask mask_of(const char *text)
{
    uint8_t t[PINTAS_TILE_COUNT];
    pintas_mask m = 0;
    int i, n = parse_tiles(text, t, PINTAS_TILE_COUNT);
    for (i = 0; i < n; ++i)
        m |= PINTAS_BIT(t[i]);
    return m;
}

static pintas_caminos_rules preset(int variant, int players)
{
    pintas_caminos_rules r;
    memset(&r, 0, sizeof r);
    CHECK_EQ(pintas_caminos_rules_preset(&r, variant, players), PINTAS_OK);
    return r;
}

static pintas_caminos_rules custom(int players, int paths, int hand, int side, int full,
                                   int rounds)
{
    pintas_caminos_rules r;
    memset(&r, 0, sizeof r);
    r.players = (uint8_t)players;
    r.paths = (uint8_t)paths;
    r.hand_size = (uint8_t)hand;
    r.side_tiles = (uint8_t)side;
    r.full_path = (uint8_t)full;
    r.rounds = (uint8_t)rounds;
    CHECK_EQ(pintas_caminos_rules_check(&r), PINTAS_OK);
    return r;
}

/* A deal: the path centres, each seat's hand, the pile starting with `head`
 * and then every other tile by ascending index. */
static pintas_caminos_deal make_deal(const pintas_caminos_rules *r, const char *paths,
                                     const char *const *hands, const char *head)
{
    pintas_caminos_deal d;
    pintas_mask used = 0;
    uint8_t t[PINTAS_TILE_COUNT];
    int i, n;
    unsigned seat;
    memset(&d, 0, sizeof d);
    memset(d.path, PINTAS_NO_TILE, sizeof d.path);
    n = parse_tiles(paths, t, PINTAS_TILE_COUNT);
    for (i = 0; i < n; ++i) {
        d.path[i] = t[i];
        used |= PINTAS_BIT(t[i]);
    }
    for (seat = 0; seat < r->players; ++seat) {
        d.hand[seat] = mask_of(hands[seat]);
        used |= d.hand[seat];
    }
    n = parse_tiles(head, t, PINTAS_TILE_COUNT);
    for (i = 0; i < n; ++i) {
        d.pile[d.pile_len++] = t[i];
        used |= PINTAS_BIT(t[i]);
    }
    for (i = 0; i < PINTAS_TILE_COUNT; ++i)
        if (!(used & PINTAS_BIT(i)))
            d.pile[d.pile_len++] = (uint8_t)i;
    return d;
}

static void start(pintas_caminos_state *s, const pintas_caminos_rules *r, const char *paths,
                  const char *const *hands, const char *head)
{
    pintas_caminos_deal d = make_deal(r, paths, hands, head);
    CHECK_EQ(pintas_caminos_new_dealt(s, r, 1, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_OK);
}

/* "r 6|6" reveal, "6|4 f 0" / "6|4 b 0" place (0-based path), "draw", "pass". */
static pintas_caminos_move move_of(const char *text)
{
    pintas_caminos_move m;
    m.tile = PINTAS_NO_TILE;
    m.path = PINTAS_CAMINOS_NO_PATH;
    m.side = 0;
    if (text[0] == 'r') {
        m.kind = PINTAS_CAMINOS_REVEAL;
        m.tile = tile_of(text + 2);
    } else if (text[0] == 'd') {
        m.kind = PINTAS_CAMINOS_DRAW;
    } else if (text[0] == 'p') {
        m.kind = PINTAS_CAMINOS_PASS;
    } else {
        m.kind = PINTAS_CAMINOS_PLACE;
        m.tile = tile_of(text);
        m.side = text[4] == 'b' ? PINTAS_CAMINOS_BACK : PINTAS_CAMINOS_FRONT;
        m.path = (uint8_t)(text[6] - '0');
    }
    return m;
}

static int act(pintas_caminos_state *s, const char *text)
{
    pintas_caminos_move m = move_of(text);
    NEV = 0;
    return pintas_caminos_play(s, &m, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV);
}

/* Play a space-separated list of moves; each must be legal. */
static void acts(pintas_caminos_state *s, const char *const *moves, int n)
{
    int i;
    for (i = 0; i < n; ++i)
        if (!CHECK_EQ(act(s, moves[i]), PINTAS_OK))
            fprintf(stderr, "  move %d: %s\n", i, moves[i]);
}

static int find_event(int kind)
{
    size_t i;
    for (i = 0; i < NEV; ++i)
        if (EV[i].kind == kind)
            return (int)i;
    return -1;
}

static size_t legal(const pintas_caminos_state *s, pintas_caminos_move *out)
{
    size_t n = 0;
    CHECK_EQ(pintas_caminos_legal(s, out, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_OK);
    return n;
}

static int same_state(const pintas_caminos_state *a, const pintas_caminos_state *b)
{
    uint8_t x[PINTAS_CAMINOS_SAVE_SIZE], y[PINTAS_CAMINOS_SAVE_SIZE];
    pintas_caminos_save(a, x, sizeof x);
    pintas_caminos_save(b, y, sizeof y);
    return memcmp(x, y, sizeof x) == 0;
}

/* Every tile exactly once among hands, pile, paths and discard. */
static int conserved(const pintas_caminos_state *s)
{
    pintas_mask seen = 0, m;
    unsigned i;
    for (i = 0; i < PINTAS_CAMINOS_MAX_SEATS; ++i) {
        if (seen & s->hand[i])
            return 0;
        seen |= s->hand[i];
    }
    for (i = 0; i < s->pile_len; ++i) {
        if (seen & PINTAS_BIT(s->pile[i]))
            return 0;
        seen |= PINTAS_BIT(s->pile[i]);
    }
    for (i = 0; i < s->rules.paths; ++i) {
        m = pintas_caminos_path_tiles(s, (int)i);
        if (seen & m)
            return 0;
        seen |= m;
    }
    if (seen & s->discard)
        return 0;
    seen |= s->discard;
    return seen == PINTAS_ALL_TILES;
}

/* ---- rules --------------------------------------------------------------- */

static void test_presets(void)
{
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3), bad;
    CHECK_EQ(r.paths, 5);
    CHECK_EQ(r.hand_size, 6);
    CHECK_EQ(r.side_tiles, 1);
    CHECK_EQ(r.full_path, PINTAS_CAMINOS_RENEW);
    CHECK_EQ(r.rounds, 3);
    CHECK_EQ(preset(PINTAS_CAMINOS_BASE, 4).hand_size, 5);
    CHECK_EQ(preset(PINTAS_CAMINOS_BASE, 2).hand_size, 6);
    r = preset(PINTAS_CAMINOS_NO_RENEWAL, 4);
    CHECK_EQ(r.paths, 5);
    CHECK_EQ(r.hand_size, 5);
    CHECK_EQ(r.side_tiles, 2);
    CHECK_EQ(r.full_path, PINTAS_CAMINOS_STAY);
    r = preset(PINTAS_CAMINOS_TWO_PATHS, 4);
    CHECK_EQ(r.paths, 2);
    CHECK_EQ(r.hand_size, 6);
    CHECK_EQ(r.side_tiles, 2);
    CHECK_EQ(r.full_path, PINTAS_CAMINOS_DISCARD);
    /* bad presets leave *rules alone */
    bad = r;
    CHECK_EQ(pintas_caminos_rules_preset(&bad, 3, 3), PINTAS_E_RULES);
    CHECK_EQ(pintas_caminos_rules_preset(&bad, 0, 1), PINTAS_E_RULES);
    CHECK_EQ(pintas_caminos_rules_preset(&bad, 0, 5), PINTAS_E_RULES);
    CHECK(memcmp(&bad, &r, sizeof r) == 0);
    CHECK_EQ(pintas_caminos_rules_preset(NULL, 0, 3), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_rules_check(NULL), PINTAS_E_ARG);
    /* what the rules derive: a full path's size, its fate's name */
    CHECK_EQ(pintas_caminos_path_size(&r), 5);
    r = preset(PINTAS_CAMINOS_BASE, 3);
    CHECK_EQ(pintas_caminos_path_size(&r), 3);
    CHECK_EQ(pintas_caminos_path_size(NULL), PINTAS_E_ARG);
    bad = r; bad.side_tiles = 0; CHECK_EQ(pintas_caminos_path_size(&bad), PINTAS_E_RULES);
    CHECK(strcmp(pintas_caminos_full_path_name(PINTAS_CAMINOS_RENEW), "renew") == 0);
    CHECK(strcmp(pintas_caminos_full_path_name(PINTAS_CAMINOS_STAY), "stay") == 0);
    CHECK(strcmp(pintas_caminos_full_path_name(PINTAS_CAMINOS_DISCARD), "discard") == 0);
    CHECK(pintas_caminos_full_path_name(3) == NULL);
    CHECK(pintas_caminos_full_path_name(-1) == NULL);
    CHECK(strcmp(pintas_caminos_side_name(PINTAS_CAMINOS_FRONT), "front") == 0);
    CHECK(strcmp(pintas_caminos_side_name(PINTAS_CAMINOS_BACK), "back") == 0);
    CHECK(pintas_caminos_side_name(2) == NULL);
    CHECK(pintas_caminos_side_name(-1) == NULL);
    /* each bound */
    r = preset(PINTAS_CAMINOS_BASE, 3);
    bad = r; bad.players = 1; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.players = 5; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.paths = 0; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.paths = 9; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.hand_size = 0; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.hand_size = 8; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.side_tiles = 0; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.side_tiles = 3; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.full_path = 3; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.rounds = 0; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad = r; bad.rounds = 100; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    /* the house limits: every byte is valid (0: none) */
    bad = r; bad.max_rounds = 255; bad.max_round_moves = 1; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_OK);
    bad = r; bad.max_rounds = 1; bad.max_round_moves = 255; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_OK);
    /* the deal must fit the set: 4 x 6 + 5 = 29 > 28 */
    bad = r; bad.players = 4; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_E_RULES);
    bad.paths = 4; CHECK_EQ(pintas_caminos_rules_check(&bad), PINTAS_OK);
}

/* ---- the deal ------------------------------------------------------------ */

static void test_deal_follows_the_documented_order(void)
{
    int variant, players;
    for (variant = 0; variant < 3; ++variant) {
        for (players = 2; players <= 4; ++players) {
            pintas_caminos_rules r = preset(variant, players);
            pintas_caminos_state s;
            pintas_rng rng;
            uint8_t order[PINTAS_TILE_COUNT];
            unsigned i, k, seat;
            uint64_t seed = 1000u + (uint64_t)variant * 10u + (uint64_t)players;
            CHECK_EQ(pintas_caminos_new(&s, &r, seed, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
                     PINTAS_OK);
            pintas_rng_seed(&rng, seed, PINTAS_RNG_STREAM);
            for (i = 0; i < PINTAS_TILE_COUNT; ++i)
                order[i] = (uint8_t)i;
            pintas_rng_shuffle(&rng, order, PINTAS_TILE_COUNT);
            CHECK(memcmp(&rng, &s.rng, sizeof rng) == 0);
            for (i = 0; i < r.paths; ++i) {
                CHECK_EQ(s.path[i].centre, order[i]);
                CHECK_EQ(s.path[i].end[0], pintas_tile_high(order[i]));
                CHECK_EQ(s.path[i].end[1], pintas_tile_low(order[i]));
            }
            for (; i < PINTAS_CAMINOS_MAX_PATHS; ++i)
                CHECK_EQ(s.path[i].centre, PINTAS_NO_TILE);
            k = r.paths;
            for (seat = 0; seat < r.players; ++seat) {
                pintas_mask h = 0;
                for (i = 0; i < r.hand_size; ++i)
                    h |= PINTAS_BIT(order[k++]);
                CHECK_EQ(s.hand[seat], h);
                CHECK_EQ(pintas_caminos_hand_size(&s, (int)seat), r.hand_size);
            }
            CHECK_EQ(s.pile_len, PINTAS_TILE_COUNT - k);
            CHECK_EQ(pintas_caminos_pile_size(&s), PINTAS_TILE_COUNT - k);
            CHECK(memcmp(s.pile, order + k, PINTAS_TILE_COUNT - k) == 0);
            /* DEAL then one PATH per path */
            CHECK_EQ(NEV, 1u + r.paths);
            CHECK_EQ(EV[0].kind, PINTAS_CAMINOS_EV_DEAL);
            CHECK_EQ(EV[0].value, 1);
            for (i = 0; i < r.paths; ++i) {
                CHECK_EQ(EV[1 + i].kind, PINTAS_CAMINOS_EV_PATH);
                CHECK_EQ(EV[1 + i].path, i);
                CHECK_EQ(EV[1 + i].tile, order[i]);
            }
            CHECK_EQ(s.phase, PINTAS_CAMINOS_REVEALING);
            CHECK_EQ(s.to_move, 0);
            CHECK_EQ(s.round, 1);
            CHECK(conserved(&s));
        }
    }
}

static void test_bad_deals_are_refused(void)
{
    static const char *const hands[3] = {"6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0",
                                         "6|2 5|2 4|2 2|1 6|0 5|0"};
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_deal good = make_deal(&r, "6|5 4|4 3|1 2|0 1|0", hands, ""), d;
    pintas_caminos_state s, before;
    start(&s, &r, "6|5 4|4 3|1 2|0 1|0", hands, "");
    before = s;
    d = good; d.path[1] = d.path[0];              /* a tile twice */
    CHECK_EQ(pintas_caminos_new_dealt(&s, &r, 1, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    d = good; d.hand[0] &= d.hand[0] - 1;         /* a short hand */
    CHECK_EQ(pintas_caminos_new_dealt(&s, &r, 1, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    d = good; d.hand[3] = 1;                      /* a hand for an absent seat */
    CHECK_EQ(pintas_caminos_new_dealt(&s, &r, 1, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    d = good; d.pile_len--;                       /* a tile missing */
    CHECK_EQ(pintas_caminos_new_dealt(&s, &r, 1, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    d = good; d.pile[0] = 28;                     /* no such tile */
    CHECK_EQ(pintas_caminos_new_dealt(&s, &r, 1, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    d = good; d.pile[0] = d.pile[1];
    CHECK_EQ(pintas_caminos_new_dealt(&s, &r, 1, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_DEAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(pintas_caminos_new_dealt(&s, &r, 1, NULL, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_new(&s, &r, 1, EV, PINTAS_CAMINOS_MAX_EVENTS - 1, &NEV),
             PINTAS_E_BUFFER);
    r.players = 9;
    CHECK_EQ(pintas_caminos_new(&s, &r, 1, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_RULES);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    /* the deal's pile is drawn front first */
    CHECK_EQ(s.pile[0], good.pile[0]);
}

/* ---- the reveal ---------------------------------------------------------- */

static void test_reveal_most_pips_starts(void)
{
    static const char *const hands[3] = {"6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0",
                                         "6|2 5|2 4|2 2|1 6|0 5|0"};
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_state s, before;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n, i;
    start(&s, &r, "6|5 4|4 3|1 2|0 1|0", hands, "");
    /* seat 0 chooses first, one move per tile of the hand */
    n = legal(&s, moves);
    CHECK_EQ(n, 6);
    for (i = 0; i < n; ++i)
        CHECK_EQ(moves[i].kind, PINTAS_CAMINOS_REVEAL);
    CHECK_EQ(moves[0].tile, PINTAS_TILE(2, 2));
    /* placements, draws and another seat's tile are not moves now */
    before = s;
    CHECK_EQ(act(&s, "6|6 f 0"), PINTAS_E_ILLEGAL);
    CHECK_EQ(act(&s, "draw"), PINTAS_E_ILLEGAL);
    CHECK_EQ(act(&s, "r 6|3"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(act(&s, "r 5|5"), PINTAS_OK);
    CHECK_EQ(NEV, 1);
    CHECK_EQ(EV[0].kind, PINTAS_CAMINOS_EV_CHOOSE);
    CHECK_EQ(EV[0].seat, 0);
    CHECK_EQ(EV[0].value, 1);
    CHECK_EQ(s.to_move, 1);
    CHECK_EQ(act(&s, "r 6|3"), PINTAS_OK);
    CHECK_EQ(s.to_move, 2);
    CHECK_EQ(act(&s, "r 6|2"), PINTAS_OK);
    /* CHOOSE, three REVEALs in seat order, START */
    CHECK_EQ(NEV, 5);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_REVEAL);
    CHECK_EQ(EV[1].seat, 0);
    CHECK_EQ(EV[1].tile, PINTAS_TILE(5, 5));
    CHECK_EQ(EV[2].tile, PINTAS_TILE(6, 3));
    CHECK_EQ(EV[3].tile, PINTAS_TILE(6, 2));
    CHECK_EQ(EV[4].kind, PINTAS_CAMINOS_EV_START);
    CHECK_EQ(EV[4].seat, 0);
    CHECK_EQ(EV[4].reason, PINTAS_CAMINOS_WHY_MOST_PIPS);
    CHECK_EQ(EV[4].tile, PINTAS_TILE(5, 5));
    CHECK_EQ(s.phase, PINTAS_CAMINOS_PLAYING);
    CHECK_EQ(s.starter, 0);
    CHECK_EQ(s.to_move, 0);
    /* revealed tiles stay in the hands */
    CHECK_EQ(pintas_caminos_hand_size(&s, 0), 6);
    CHECK(s.hand[0] & PINTAS_BIT(PINTAS_TILE(5, 5)));
}

static void test_reveal_ties_compare_pips_and_reveal_again(void)
{
    /* seat 0 shows 6|3 and seat 1 5|4: 9 pips each (D3: pips only), seat 2
     * 4|4 (8) drops out; step 2 is between seats 0 and 1 only */
    static const char *const hands[3] = {"6|3 6|0 5|0 4|0 3|0 2|0", "5|4 6|1 5|1 4|1 3|1 2|1",
                                         "4|4 6|2 5|2 4|2 3|2 2|2"};
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_state s, before;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    start(&s, &r, "6|6 6|5 6|4 5|5 5|3", hands, "");
    CHECK_EQ(act(&s, "r 6|3"), PINTAS_OK);
    CHECK_EQ(act(&s, "r 5|4"), PINTAS_OK);
    CHECK_EQ(act(&s, "r 4|4"), PINTAS_OK);
    CHECK_EQ(NEV, 5);
    CHECK_EQ(EV[4].kind, PINTAS_CAMINOS_EV_TIE);
    CHECK_EQ(EV[4].seats, 3);
    CHECK_EQ(EV[4].value, 1);
    CHECK_EQ(s.phase, PINTAS_CAMINOS_REVEALING);
    CHECK_EQ(s.step, 2);
    CHECK_EQ(s.to_move, 0);
    /* a tile revealed before cannot be chosen again */
    before = s;
    CHECK_EQ(act(&s, "r 6|3"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(legal(&s, moves), 5);
    CHECK_EQ(act(&s, "r 2|0"), PINTAS_OK);
    CHECK_EQ(s.to_move, 1); /* seat 2 is out of the reveal */
    CHECK_EQ(act(&s, "r 3|1"), PINTAS_OK);
    CHECK_EQ(NEV, 4);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_REVEAL);
    CHECK_EQ(EV[1].seat, 0);
    CHECK_EQ(EV[2].seat, 1);
    CHECK_EQ(EV[3].kind, PINTAS_CAMINOS_EV_START);
    CHECK_EQ(EV[3].seat, 1);
    CHECK_EQ(EV[3].value, 2);
    CHECK_EQ(EV[3].reason, PINTAS_CAMINOS_WHY_MOST_PIPS);
    CHECK_EQ(s.to_move, 1);
    CHECK_EQ(s.starter, 1);
}

static void test_reveal_tied_to_the_last_tile_goes_to_the_lowest_seat(void)
{
    /* equal pips tile for tile (6 5 7 4 8 3): tied after all six steps */
    static const char *const hands[2] = {"6|0 5|0 6|1 4|0 6|2 3|0", "5|1 4|1 5|2 3|1 5|3 2|1"};
    static const char *const a[6] = {"6|0", "5|0", "6|1", "4|0", "6|2", "3|0"};
    static const char *const b[6] = {"5|1", "4|1", "5|2", "3|1", "5|3", "2|1"};
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 2);
    pintas_caminos_state s;
    char text[8];
    int step;
    start(&s, &r, "6|6 6|5 6|4 5|5 5|4", hands, "");
    for (step = 0; step < 6; ++step) {
        CHECK_EQ(s.step, step + 1);
        text[0] = 'r';
        text[1] = ' ';
        memcpy(text + 2, b[step], 4);
        /* seat 1 chooses after seat 0 even when tied again */
        CHECK_EQ(s.to_move, 0);
        memcpy(text + 2, a[step], 4);
        CHECK_EQ(act(&s, text), PINTAS_OK);
        memcpy(text + 2, b[step], 4);
        CHECK_EQ(act(&s, text), PINTAS_OK);
    }
    CHECK_EQ(EV[NEV - 1].kind, PINTAS_CAMINOS_EV_START);
    CHECK_EQ(EV[NEV - 1].seat, 0);
    CHECK_EQ(EV[NEV - 1].reason, PINTAS_CAMINOS_WHY_LOWEST_SEAT);
    CHECK_EQ(EV[NEV - 1].value, 6);
    CHECK_EQ(s.starter, 0);
    CHECK_EQ(s.phase, PINTAS_CAMINOS_PLAYING);
}

/* ---- paths --------------------------------------------------------------- */

static const char *const PLACE_HANDS[3] = {"6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0",
                                           "6|2 5|2 4|2 2|1 6|0 5|0"};
#define PLACE_PATHS "6|5 4|4 3|1 2|0 1|0"

static void reveal_seat0_starts(pintas_caminos_state *s)
{
    static const char *const r[3] = {"r 6|6", "r 6|3", "r 6|2"};
    acts(s, r, 3);
    CHECK_EQ(s->starter, 0);
}

static void test_placement_front_back_and_occupied_sides(void)
{
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_state s, before;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n;
    start(&s, &r, PLACE_PATHS, PLACE_HANDS, "");
    reveal_seat0_starts(&s);
    /* D1: 6|5 shows 6 at the front and 5 at the back; the double 4|4 shows 4
     * at both, and while both are empty they are one move (FRONT) */
    CHECK_EQ(pintas_caminos_side_number(&s, 0, PINTAS_CAMINOS_FRONT), 6);
    CHECK_EQ(pintas_caminos_side_number(&s, 0, PINTAS_CAMINOS_BACK), 5);
    CHECK_EQ(pintas_caminos_side_number(&s, 1, 0), 4);
    CHECK_EQ(pintas_caminos_side_number(&s, 1, 1), 4);
    CHECK_EQ(pintas_caminos_side_number(&s, 5, 0), -1);
    CHECK_EQ(pintas_caminos_side_number(&s, 0, 2), -1);
    n = legal(&s, moves);
    /* 2|2 P3f; 3|3 P2f; 4|1 P1f P2b P4f; 5|5 P0b; 6|4 P0f P1f; 6|6 P0f */
    CHECK_EQ(n, 9);
    CHECK_EQ(moves[0].tile, PINTAS_TILE(2, 2));
    CHECK_EQ(moves[0].path, 3);
    CHECK_EQ(moves[2].tile, PINTAS_TILE(4, 1));
    CHECK_EQ(moves[2].path, 1);
    CHECK_EQ(moves[2].side, PINTAS_CAMINOS_FRONT);
    CHECK_EQ(moves[3].path, 2);
    CHECK_EQ(moves[3].side, PINTAS_CAMINOS_BACK);
    CHECK_EQ(moves[6].tile, PINTAS_TILE(6, 4));
    CHECK_EQ(moves[7].tile, PINTAS_TILE(6, 4));
    CHECK_EQ(moves[7].path, 1);
    CHECK_EQ(moves[7].side, PINTAS_CAMINOS_FRONT);
    CHECK_EQ(moves[8].tile, PINTAS_TILE(6, 6));
    /* a tile that does not match the side, or a side of another number */
    before = s;
    CHECK_EQ(act(&s, "5|5 f 0"), PINTAS_E_ILLEGAL);
    CHECK_EQ(act(&s, "6|6 b 0"), PINTAS_E_ILLEGAL);
    CHECK_EQ(act(&s, "6|3 f 0"), PINTAS_E_ILLEGAL); /* not in the hand */
    CHECK_EQ(act(&s, "draw"), PINTAS_E_ILLEGAL);    /* can place: must place */
    CHECK_EQ(act(&s, "pass"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(act(&s, "6|4 f 0"), PINTAS_OK);
    CHECK_EQ(NEV, 1);
    CHECK_EQ(EV[0].kind, PINTAS_CAMINOS_EV_PLACE);
    CHECK_EQ(EV[0].seat, 0);
    CHECK_EQ(EV[0].path, 0);
    CHECK_EQ(EV[0].side, PINTAS_CAMINOS_FRONT);
    CHECK_EQ(EV[0].value, 1);
    CHECK_EQ(s.to_move, 1);
    /* D2: the front now shows 4 outwards but is occupied: it takes no more */
    CHECK_EQ(s.path[0].end[0], 4);
    CHECK_EQ(pintas_caminos_side_number(&s, 0, PINTAS_CAMINOS_FRONT), -1);
    CHECK_EQ(pintas_caminos_path_tiles(&s, 0), mask_of("6|5 6|4"));
    /* seat 1 (4|3 would fit the old front number 4 now shown) cannot use it */
    before = s;
    CHECK_EQ(act(&s, "4|3 f 0"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    /* the double's back, unlisted while both sides are empty, is accepted
     * and placed there: seat 1 places 4|3 on it */
    CHECK_EQ(act(&s, "4|3 b 1"), PINTAS_OK);
    CHECK_EQ(EV[0].side, PINTAS_CAMINOS_BACK);
    CHECK_EQ(s.path[1].end[1], 3);
    CHECK_EQ(pintas_caminos_side_number(&s, 1, PINTAS_CAMINOS_BACK), -1);
    CHECK_EQ(pintas_caminos_side_number(&s, 1, PINTAS_CAMINOS_FRONT), 4);
    /* now the sides differ: a 4 fits only the front, listed as such */
    n = legal(&s, moves);
    CHECK_EQ(moves[0].kind, PINTAS_CAMINOS_PLACE);
    CHECK(conserved(&s));
}

static void test_base_path_closes_at_three_and_is_renewed(void)
{
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_state s;
    pintas_rng rng;
    uint8_t list[PINTAS_TILE_COUNT];
    unsigned n = 0, i;
    int at;
    start(&s, &r, PLACE_PATHS, PLACE_HANDS, "5|4 6|1");
    reveal_seat0_starts(&s);
    CHECK_EQ(act(&s, "6|4 f 0"), PINTAS_OK);
    /* the documented reshuffle (D7): pile in draw order, then centre, front, back */
    for (i = 0; i < s.pile_len; ++i)
        list[n++] = s.pile[i];
    list[n++] = PINTAS_TILE(6, 5);
    list[n++] = PINTAS_TILE(6, 4);
    list[n++] = PINTAS_TILE(5, 3);
    rng = s.rng;
    pintas_rng_shuffle(&rng, list, n);
    CHECK_EQ(act(&s, "5|3 b 0"), PINTAS_OK);
    /* PLACE, CLOSE, RESHUFFLE, PATH */
    CHECK_EQ(NEV, 4);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_CLOSE);
    CHECK_EQ(EV[1].seat, 1);
    CHECK_EQ(EV[1].path, 0);
    CHECK_EQ(EV[1].reason, PINTAS_CAMINOS_WHY_RENEW);
    CHECK_EQ(EV[1].value, 3);
    CHECK_EQ(EV[1].tiles, mask_of("6|5 6|4 5|3"));
    CHECK_EQ(EV[2].kind, PINTAS_CAMINOS_EV_RESHUFFLE);
    CHECK_EQ(EV[2].value, 8);
    CHECK_EQ(EV[3].kind, PINTAS_CAMINOS_EV_PATH);
    CHECK_EQ(EV[3].path, 0);
    CHECK_EQ(EV[3].tile, list[0]);
    CHECK_EQ(EV[3].reason, PINTAS_CAMINOS_WHY_RENEW);
    /* the new path keeps the slot, starts empty, the rest is the pile */
    CHECK_EQ(s.path[0].centre, list[0]);
    CHECK_EQ(s.path[0].len[0] + s.path[0].len[1], 0);
    CHECK_EQ(s.pile_len, 7);
    CHECK(memcmp(s.pile, list + 1, 7) == 0);
    CHECK(memcmp(&s.rng, &rng, sizeof rng) == 0);
    CHECK_EQ(s.to_move, 2);
    CHECK(conserved(&s));
    at = find_event(PINTAS_CAMINOS_EV_OUT);
    CHECK_EQ(at, -1);
}

static void test_no_renewal_path_takes_two_a_side_and_stays_closed(void)
{
    static const char *const hands[3] = {"6|6 5|2 0|0 1|1 2|2 3|3", "5|1 2|1 1|0 3|0 4|0 4|4",
                                         "6|3 3|2 5|0 6|0 5|5 4|1"};
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_NO_RENEWAL, 3);
    pintas_caminos_state s, before;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n, i;
    static const char *const opening[3] = {"r 6|6", "r 5|1", "r 6|3"};
    start(&s, &r, "6|5 4|3 4|2 6|1 6|2", hands, "");
    acts(&s, opening, 3);
    CHECK_EQ(s.starter, 0);
    /* front of 6|5 shows 6; 6|6 goes there and shows 6 again (D2) */
    CHECK_EQ(act(&s, "6|6 f 0"), PINTAS_OK);
    CHECK_EQ(pintas_caminos_side_number(&s, 0, 0), 6);
    /* the second front tile must match the first's outer end */
    CHECK_EQ(act(&s, "5|1 f 0"), PINTAS_E_ILLEGAL);
    CHECK_EQ(act(&s, "5|1 b 0"), PINTAS_OK);    /* back 5 -> 1 */
    CHECK_EQ(pintas_caminos_side_number(&s, 0, 1), 1);
    CHECK_EQ(act(&s, "6|3 f 0"), PINTAS_OK);    /* front 6 -> 3, front full */
    CHECK_EQ(pintas_caminos_side_number(&s, 0, 0), -1);
    before = s;
    CHECK_EQ(act(&s, "3|3 f 0"), PINTAS_E_ILLEGAL); /* a third tile on a side */
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(act(&s, "1|1 b 0"), PINTAS_OK);    /* back 1 -> 1: five tiles, full */
    CHECK_EQ(NEV, 2);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_CLOSE);
    CHECK_EQ(EV[1].reason, PINTAS_CAMINOS_WHY_STAY);
    CHECK_EQ(EV[1].value, 5);
    CHECK_EQ(EV[1].tiles, mask_of("6|5 6|6 6|3 5|1 1|1"));
    /* it stays on the table, closed, and takes nothing more */
    CHECK_EQ(s.path[0].centre, PINTAS_TILE(6, 5));
    CHECK_EQ(pintas_caminos_path_tiles(&s, 0), mask_of("6|5 6|6 6|3 5|1 1|1"));
    CHECK_EQ(pintas_caminos_side_number(&s, 0, 0), -1);
    CHECK_EQ(pintas_caminos_side_number(&s, 0, 1), -1);
    n = legal(&s, moves);
    for (i = 0; i < n; ++i)
        CHECK(moves[i].kind != PINTAS_CAMINOS_PLACE || moves[i].path != 0);
    CHECK_EQ(s.pile_len, 5);
    CHECK(conserved(&s));
}

static void test_two_paths_discards_and_renews_from_the_top(void)
{
    static const char *const hands[3] = {"6|5 3|2 0|0 1|1 2|2 1|0", "5|4 4|0 2|0 3|0 3|3 2|1",
                                         "6|3 6|4 4|1 3|1 4|4 5|5"};
    static const char *const moves[7] = {"r 6|5", "r 5|4", "r 6|4",
                                         "6|5 f 0", "5|4 f 0", "6|3 b 0", "3|2 b 0"};
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_TWO_PATHS, 3);
    pintas_caminos_state s;
    pintas_rng rng;
    uint8_t top, second;
    start(&s, &r, "6|6 4|2", hands, "5|3 6|0");
    top = s.pile[0];
    second = s.pile[1];
    CHECK_EQ(top, PINTAS_TILE(5, 3));
    acts(&s, moves, 6);
    rng = s.rng;
    CHECK_EQ(act(&s, moves[6]), PINTAS_OK);
    /* PLACE, CLOSE (discard), PATH from the pile's top; no shuffle */
    CHECK_EQ(NEV, 3);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_CLOSE);
    CHECK_EQ(EV[1].reason, PINTAS_CAMINOS_WHY_DISCARD);
    CHECK_EQ(EV[1].value, 5);
    CHECK_EQ(EV[2].kind, PINTAS_CAMINOS_EV_PATH);
    CHECK_EQ(EV[2].tile, top);
    CHECK_EQ(EV[2].reason, PINTAS_CAMINOS_WHY_DISCARD);
    CHECK_EQ(s.discard, mask_of("6|6 6|5 5|4 6|3 3|2"));
    CHECK_EQ(s.path[0].centre, top);
    CHECK_EQ(s.pile[0], second);
    CHECK_EQ(s.pile_len, 7);
    CHECK(memcmp(&s.rng, &rng, sizeof rng) == 0);
    CHECK(conserved(&s));
}

static void test_discarded_path_with_an_empty_pile_leaves_its_slot_empty(void)
{
    /* 4 players x 6 + 4 paths = 28: no pile at all */
    static const char *const hands[4] = {"6|5 0|0 1|0 1|1 2|0 2|1", "6|4 2|2 3|0 3|1 3|2 3|3",
                                         "5|1 4|0 4|1 4|2 4|3 4|4", "5|2 5|3 5|4 5|5 6|0 6|1"};
    static const char *const moves[6] = {"r 6|5", "r 6|4", "r 5|1", "r 5|2", "6|5 f 0",
                                         "6|4 b 0"};
    pintas_caminos_rules r = custom(4, 4, 6, 1, PINTAS_CAMINOS_DISCARD, 1);
    pintas_caminos_state s;
    pintas_caminos_move ms[PINTAS_CAMINOS_MAX_MOVES];
    size_t n, i;
    start(&s, &r, "6|6 6|2 6|3 5|0", hands, "");
    CHECK_EQ(s.pile_len, 0);
    acts(&s, moves, 6);
    CHECK_EQ(NEV, 3);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_CLOSE);
    CHECK_EQ(EV[2].kind, PINTAS_CAMINOS_EV_NO_PATH);
    CHECK_EQ(EV[2].path, 0);
    CHECK_EQ(s.path[0].centre, PINTAS_NO_TILE);
    CHECK_EQ(pintas_caminos_path_tiles(&s, 0), 0);
    CHECK_EQ(pintas_caminos_side_number(&s, 0, 0), -1);
    CHECK_EQ(s.discard, mask_of("6|6 6|5 6|4"));
    n = legal(&s, ms);
    for (i = 0; i < n; ++i)
        CHECK(ms[i].kind != PINTAS_CAMINOS_PLACE || ms[i].path != 0);
    CHECK(conserved(&s));
}

/* ---- turns and round ends ------------------------------------------------ */

static void test_drawing_ends_the_turn_and_an_empty_pile_passes(void)
{
    /* one path 6|6 taking one tile a side; seat 1 holds no 6 */
    static const char *const hands[2] = {"6|5 6|4 0|0", "1|0 2|0 5|5"};
    pintas_caminos_rules r = custom(2, 1, 3, 1, PINTAS_CAMINOS_STAY, 1);
    pintas_caminos_state s, before;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    static const char *const opening[2] = {"r 6|5", "r 5|5"};
    uint8_t top;
    start(&s, &r, "6|6", hands, "6|3");
    acts(&s, opening, 2);
    CHECK_EQ(act(&s, "6|5 f 0"), PINTAS_OK);
    CHECK_EQ(s.to_move, 1);
    CHECK_EQ(legal(&s, moves), 1);
    CHECK_EQ(moves[0].kind, PINTAS_CAMINOS_DRAW);
    before = s;
    CHECK_EQ(act(&s, "pass"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    top = s.pile[0];
    CHECK_EQ(top, PINTAS_TILE(6, 3));
    CHECK_EQ(act(&s, "draw"), PINTAS_OK);
    /* the drawn 6|3 could go on the back, but the turn is over (D8) */
    CHECK_EQ(NEV, 1);
    CHECK_EQ(EV[0].kind, PINTAS_CAMINOS_EV_DRAW);
    CHECK_EQ(EV[0].tile, top);
    CHECK_EQ(EV[0].value, 20);
    CHECK(s.hand[1] & PINTAS_BIT(top));
    CHECK_EQ(s.to_move, 0);
    CHECK_EQ(s.pile_len, 20);
    /* seat 0 fills the path (STAY): nothing can be placed any more */
    CHECK_EQ(act(&s, "6|4 b 0"), PINTAS_OK);
    while (s.pile_len > 0) {
        CHECK_EQ(legal(&s, moves), 1);
        CHECK_EQ(moves[0].kind, PINTAS_CAMINOS_DRAW);
        CHECK_EQ(act(&s, "draw"), PINTAS_OK);
    }
    CHECK_EQ(legal(&s, moves), 1);
    CHECK_EQ(moves[0].kind, PINTAS_CAMINOS_PASS);
    before = s;
    CHECK_EQ(act(&s, "draw"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(act(&s, "pass"), PINTAS_OK);
    CHECK_EQ(EV[0].kind, PINTAS_CAMINOS_EV_PASS);
    CHECK_EQ(EV[0].value, 1);
    CHECK_EQ(s.phase, PINTAS_CAMINOS_PLAYING);
    /* the second pass in a row: every player passed, the round is blocked */
    CHECK_EQ(act(&s, "pass"), PINTAS_OK);
    CHECK_EQ(EV[0].value, 2);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_ROUND_END);
    CHECK_EQ(EV[1].reason, PINTAS_CAMINOS_WHY_BLOCKED);
    CHECK_EQ(EV[1].seat, PINTAS_NO_SEAT);
    CHECK_EQ(s.phase, PINTAS_CAMINOS_OVER);
}

static void test_blocked_round_needs_every_player_to_pass_in_a_row(void)
{
    /* three paths of doubles, one tile a side: after six placements nobody
     * can place; the pile is drawn dry, then everybody passes */
    static const char *const hands[2] = {"6|0 6|1 6|2 5|0 5|1 4|0 3|3",
                                         "6|3 6|4 6|5 5|2 5|3 4|1 2|2"};
    pintas_caminos_rules r = custom(2, 3, 7, 1, PINTAS_CAMINOS_STAY, 1);
    pintas_caminos_state s;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    int passes_seen = 0, guard = 0;
    int32_t total;
    start(&s, &r, "6|6 5|5 4|4", hands, "");
    CHECK_EQ(act(&s, "r 6|2"), PINTAS_OK);
    CHECK_EQ(act(&s, "r 6|5"), PINTAS_OK);
    CHECK_EQ(s.starter, 1);
    while (s.phase == PINTAS_CAMINOS_PLAYING && guard++ < 200) {
        size_t n = legal(&s, moves);
        CHECK(n >= 1);
        NEV = 0;
        CHECK_EQ(pintas_caminos_play(&s, &moves[0], EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
                 PINTAS_OK);
        if (EV[0].kind == PINTAS_CAMINOS_EV_PASS)
            CHECK_EQ(EV[0].value, ++passes_seen);
        else
            passes_seen = 0;
        CHECK(find_event(PINTAS_CAMINOS_EV_OUT) < 0);
    }
    CHECK_EQ(passes_seen, 2);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_ROUND_END);
    CHECK_EQ(EV[1].reason, PINTAS_CAMINOS_WHY_BLOCKED);
    /* -1 per tile left: 14 dealt + 11 drawn - 6 placed */
    total = s.score[0] + s.score[1];
    CHECK_EQ(total, -19);
    CHECK_EQ(s.score[0], -pintas_caminos_hand_size(&s, 0));
    CHECK_EQ(s.score[1], -pintas_caminos_hand_size(&s, 1));
    CHECK_EQ(s.phase, PINTAS_CAMINOS_OVER);
}

static void test_last_turns_after_a_player_goes_out(void)
{
    static const char *const hands[3] = {"6|1 6|2", "5|1 3|0", "5|2 2|0"};
    static const char *const moves[7] = {"r 6|2", "r 5|1", "r 5|2", "6|1 f 0", "5|1 f 1",
                                         "5|2 b 1", "6|2 b 0"};
    pintas_caminos_rules r = custom(3, 2, 2, 1, PINTAS_CAMINOS_STAY, 1);
    pintas_caminos_state s, before;
    int at;
    start(&s, &r, "6|6 5|5", hands, "");
    acts(&s, moves, 7);
    /* seat 0 placed its last tile (closing path 0): PLACE, CLOSE, OUT */
    at = find_event(PINTAS_CAMINOS_EV_OUT);
    CHECK(at >= 0);
    if (at >= 0) {
        CHECK_EQ(EV[at].seat, 0);
        CHECK_EQ(EV[at].value, 2);
    }
    CHECK_EQ(s.out_seat, 0);
    CHECK_EQ(s.last_turns, 2);
    CHECK_EQ(s.to_move, 1);
    /* seat 1's last turn: nothing fits, it draws and keeps the tile */
    CHECK_EQ(act(&s, "draw"), PINTAS_OK);
    CHECK_EQ(NEV, 1);
    CHECK_EQ(s.to_move, 2);
    CHECK_EQ(s.last_turns, 1);
    before = s;
    CHECK_EQ(act(&s, "r 2|0"), PINTAS_E_ILLEGAL);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    /* seat 2's last turn ends the round: ROUND_END, SCORE seat 1, SCORE seat 2, GAME_END */
    CHECK_EQ(act(&s, "draw"), PINTAS_OK);
    CHECK_EQ(EV[1].kind, PINTAS_CAMINOS_EV_ROUND_END);
    CHECK_EQ(EV[1].reason, PINTAS_CAMINOS_WHY_OUT);
    CHECK_EQ(EV[1].seat, 0);
    CHECK_EQ(EV[2].kind, PINTAS_CAMINOS_EV_SCORE);
    CHECK_EQ(EV[2].seat, 1);
    CHECK_EQ(EV[2].value, -2);
    CHECK_EQ(EV[3].kind, PINTAS_CAMINOS_EV_SCORE);
    CHECK_EQ(EV[3].seat, 2);
    CHECK_EQ(EV[3].value, -2);
    CHECK_EQ(EV[4].kind, PINTAS_CAMINOS_EV_GAME_END);
    CHECK_EQ(EV[4].seats, 1);
    CHECK_EQ(EV[4].seat, 0);
    CHECK_EQ(EV[4].value, 0);
    CHECK_EQ(NEV, 5);
    CHECK_EQ(s.phase, PINTAS_CAMINOS_OVER);
    CHECK_EQ(s.winners, 1);
    CHECK_EQ(s.to_move, PINTAS_NO_SEAT);
    CHECK_EQ(s.score[0], 0);
    CHECK_EQ(s.score[1], -2);
    before = s;
    CHECK_EQ(act(&s, "draw"), PINTAS_E_OVER);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
}

static void test_going_out_in_a_last_turn_and_a_shared_win(void)
{
    static const char *const hands[2] = {"6|5", "6|4"};
    static const char *const moves[4] = {"r 6|5", "r 6|4", "6|5 f 0", "6|4 b 0"};
    pintas_caminos_rules r = custom(2, 1, 1, 1, PINTAS_CAMINOS_STAY, 1);
    pintas_caminos_state s;
    start(&s, &r, "6|6", hands, "");
    acts(&s, moves, 4);
    /* seat 1 went out in its last turn too: both on 0 share the win */
    CHECK_EQ(find_event(PINTAS_CAMINOS_EV_SCORE), -1);
    CHECK_EQ(EV[NEV - 1].kind, PINTAS_CAMINOS_EV_GAME_END);
    CHECK_EQ(EV[NEV - 1].seats, 3);
    CHECK_EQ(s.winners, 3);
}

static void test_three_rounds_each_with_its_reveal(void)
{
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_state s;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    int32_t scored[3] = {0, 0, 0};
    int deals = 1, ends = 0, starts = 0, guard = 0;
    size_t i;
    CHECK_EQ(pintas_caminos_new(&s, &r, 77, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
    while (s.phase != PINTAS_CAMINOS_OVER && guard++ < 100000) {
        size_t n = legal(&s, moves);
        CHECK_EQ(pintas_caminos_play(&s, &moves[n - 1], EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
                 PINTAS_OK);
        for (i = 0; i < NEV; ++i) {
            if (EV[i].kind == PINTAS_CAMINOS_EV_DEAL) {
                CHECK_EQ(EV[i].value, ++deals);
                /* D5: the next round opens with a reveal, seat 0 first */
                CHECK_EQ(s.phase, PINTAS_CAMINOS_REVEALING);
                CHECK_EQ(s.to_move, 0);
                CHECK_EQ(s.round, deals);
                CHECK_EQ(pintas_caminos_hand_size(&s, 0), 6);
                CHECK_EQ(s.discard, 0);
            }
            starts += EV[i].kind == PINTAS_CAMINOS_EV_START;
            ends += EV[i].kind == PINTAS_CAMINOS_EV_ROUND_END;
            if (EV[i].kind == PINTAS_CAMINOS_EV_SCORE)
                scored[EV[i].seat] += EV[i].value;
        }
    }
    CHECK_EQ(deals, 3);
    CHECK_EQ(starts, 3);
    CHECK_EQ(ends, 3);
    CHECK_EQ(s.round, 3);
    for (i = 0; i < 3; ++i)
        CHECK_EQ(s.score[i], scored[i]);
    CHECK_EQ(EV[NEV - 1].kind, PINTAS_CAMINOS_EV_GAME_END);
}

/* The house limits on a hand-made deal: max_round_moves ends the round on
 * the move that reaches it, scored as a block; max_rounds then ends the game
 * before its `rounds` (GAME_END reason MAX_ROUNDS). The count of the round's
 * moves is saved and checked by the loader. */
static void test_house_limits_end_rounds_and_games(void)
{
    static const char *const hands[2] = {"6|5 6|4 0|0", "1|0 2|0 5|5"};
    static const char *const opening[2] = {"r 6|5", "r 5|5"};
    pintas_caminos_rules r = custom(2, 1, 3, 1, PINTAS_CAMINOS_STAY, 2);
    pintas_caminos_state s, back;
    uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE];
    int at;
    r.max_rounds = 1;
    r.max_round_moves = 3;
    start(&s, &r, "6|6", hands, "6|3");
    acts(&s, opening, 2);
    CHECK_EQ(s.round_moves, 0); /* the reveal does not count */
    CHECK_EQ(act(&s, "6|5 f 0"), PINTAS_OK);
    CHECK_EQ(act(&s, "draw"), PINTAS_OK);
    CHECK_EQ(s.round_moves, 2);
    CHECK_EQ(s.phase, PINTAS_CAMINOS_PLAYING);
    /* saved and loaded with its count; a count at the cap, or outside a
     * capped round's play, is refused */
    CHECK_EQ(pintas_caminos_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK_EQ(pintas_caminos_load(&back, buf, sizeof buf), PINTAS_OK);
    CHECK(same_state(&s, &back) && back.round_moves == 2 && back.rules.max_rounds == 1 &&
          back.rules.max_round_moves == 3);
    at = 234 + 2 * PINTAS_CAMINOS_MAX_SEATS + 1; /* round_moves, after winners */
    CHECK_EQ(buf[at], 2);
    buf[at] = 3;
    CHECK(pintas_caminos_load(&back, buf, sizeof buf) != PINTAS_OK);
    buf[at] = 2;
    buf[4 + 7] = 0; /* no cap: no count */
    CHECK(pintas_caminos_load(&back, buf, sizeof buf) != PINTAS_OK);
    buf[4 + 7] = 3;
    CHECK_EQ(pintas_caminos_load(&back, buf, sizeof buf), PINTAS_OK);
    /* the third move fills the path (no round end of its own): the cap ends
     * the round as a block, -1 a tile left: seat 0 keeps 0|0, seat 1 its
     * three tiles and the 6|3 drawn; round 1 of 2 is max_rounds */
    CHECK_EQ(act(&s, "6|4 b 0"), PINTAS_OK);
    CHECK_EQ(EV[0].kind, PINTAS_CAMINOS_EV_PLACE);
    at = find_event(PINTAS_CAMINOS_EV_ROUND_END);
    CHECK(at > 0 && EV[at].reason == PINTAS_CAMINOS_WHY_BLOCKED && EV[at].value == 1);
    CHECK_EQ(s.score[0], -1);
    CHECK_EQ(s.score[1], -4);
    CHECK_EQ(s.phase, PINTAS_CAMINOS_OVER);
    CHECK_EQ(s.round, 1);
    CHECK_EQ(s.winners, 1);
    CHECK_EQ(s.round_moves, 0);
    CHECK_EQ(EV[NEV - 1].kind, PINTAS_CAMINOS_EV_GAME_END);
    CHECK_EQ(EV[NEV - 1].reason, PINTAS_CAMINOS_WHY_MAX_ROUNDS);
    CHECK_EQ(pintas_caminos_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK_EQ(pintas_caminos_load(&back, buf, sizeof buf), PINTAS_OK);
    CHECK(same_state(&s, &back));
    /* without the limits the same moves leave the round going */
    r.max_rounds = r.max_round_moves = 0;
    start(&s, &r, "6|6", hands, "6|3");
    acts(&s, opening, 2);
    CHECK_EQ(act(&s, "6|5 f 0"), PINTAS_OK);
    CHECK_EQ(act(&s, "draw"), PINTAS_OK);
    CHECK_EQ(act(&s, "6|4 b 0"), PINTAS_OK);
    CHECK_EQ(s.phase, PINTAS_CAMINOS_PLAYING);
    CHECK_EQ(s.round_moves, 0);
    /* max_rounds as large as `rounds` or more changes nothing: the game ends
     * after `rounds` with no reason */
    r = preset(PINTAS_CAMINOS_NO_RENEWAL, 3);
    r.rounds = 1;
    r.max_rounds = 1;
    CHECK_EQ(pintas_caminos_new(&s, &r, 5, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
    while (s.phase != PINTAS_CAMINOS_OVER) {
        pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
        size_t n = legal(&s, moves);
        CHECK_EQ(pintas_caminos_play(&s, &moves[0], EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
                 PINTAS_OK);
        (void)n;
    }
    CHECK_EQ(EV[NEV - 1].kind, PINTAS_CAMINOS_EV_GAME_END);
    CHECK_EQ(EV[NEV - 1].reason, PINTAS_CAMINOS_WHY_NONE);
}

static void test_set_deal_only_before_the_first_move(void)
{
    static const char *const hands[3] = {"6|6 6|4 5|5 4|1 3|3 2|2", "6|3 5|3 4|3 3|2 1|1 0|0",
                                         "6|2 5|2 4|2 2|1 6|0 5|0"};
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_deal d = make_deal(&r, PLACE_PATHS, hands, "");
    pintas_caminos_state s, before;
    CHECK_EQ(pintas_caminos_new(&s, &r, 5, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(pintas_caminos_set_deal(&s, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(NEV, 6);
    CHECK_EQ(s.hand[0], mask_of(hands[0]));
    CHECK_EQ(s.path[1].centre, PINTAS_TILE(4, 4));
    CHECK_EQ(act(&s, "r 6|6"), PINTAS_OK);
    before = s;
    CHECK_EQ(pintas_caminos_set_deal(&s, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV),
             PINTAS_E_ILLEGAL);
    d.hand[0] = 0;
    CHECK(memcmp(&s, &before, sizeof s) == 0);
}

/* ---- random games against the invariants --------------------------------- */

/* 1 when m is the BACK placement legal() leaves out for the FRONT one it
 * lists: the same tile on a double centre whose sides are both empty. */
static int mirror_of(const pintas_caminos_state *s, const pintas_caminos_move *listed,
                     const pintas_caminos_move *m)
{
    const pintas_caminos_path *p;
    if (listed->kind != PINTAS_CAMINOS_PLACE || m->kind != PINTAS_CAMINOS_PLACE ||
        listed->tile != m->tile || listed->path != m->path ||
        listed->side != PINTAS_CAMINOS_FRONT || m->side != PINTAS_CAMINOS_BACK)
        return 0;
    p = &s->path[m->path];
    return pintas_tile_high(p->centre) == pintas_tile_low(p->centre) && p->len[0] == 0 &&
           p->len[1] == 0;
}

/* Every encodable move is legal exactly when legal() lists it, or it is the
 * mirror image of one it lists. */
static void check_every_move(const pintas_caminos_state *s)
{
    pintas_caminos_move listed[PINTAS_CAMINOS_MAX_MOVES], m;
    size_t n = legal(s, listed), i;
    unsigned kind, tile, path, side, bad = 0;
    for (kind = 0; kind < 5; ++kind)
        for (tile = 0; tile <= PINTAS_TILE_COUNT; ++tile)
            for (path = 0; path <= PINTAS_CAMINOS_MAX_PATHS; ++path)
                for (side = 0; side < 3; ++side) {
                    int found = 0, st;
                    m.kind = (uint8_t)kind;
                    m.tile = (uint8_t)(tile == PINTAS_TILE_COUNT ? PINTAS_NO_TILE : tile);
                    m.path = (uint8_t)(path == PINTAS_CAMINOS_MAX_PATHS ? PINTAS_CAMINOS_NO_PATH
                                                                        : path);
                    m.side = (uint8_t)side;
                    for (i = 0; i < n; ++i)
                        found |= memcmp(&listed[i], &m, sizeof m) == 0 ||
                                 mirror_of(s, &listed[i], &m);
                    st = pintas_caminos_check(s, &m);
                    if ((st == PINTAS_OK) != found)
                        ++bad;
                }
    CHECK_EQ(bad, 0);
}

static void test_random_games_keep_the_invariants(void)
{
    int variant, players;
    size_t most_events = 0, most_moves = 0;
    for (variant = 0; variant < 3; ++variant) {
        for (players = 2; players <= 4; ++players) {
            pintas_caminos_rules r = preset(variant, players);
            pintas_rng pick;
            int game;
            pintas_rng_seed(&pick, (uint64_t)(variant * 10 + players), 99);
            for (game = 0; game < 40; ++game) {
                pintas_caminos_state s, t, before;
                pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
                uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE];
                int steps = 0;
                CHECK_EQ(pintas_caminos_new(&s, &r, (uint64_t)game * 7919u, EV,
                                            PINTAS_CAMINOS_MAX_EVENTS, &NEV),
                         PINTAS_OK);
                while (s.phase != PINTAS_CAMINOS_OVER && steps++ < 20000) {
                    size_t n = legal(&s, moves);
                    uint32_t k;
                    if (n > most_moves)
                        most_moves = n;
                    if (game == 0)
                        check_every_move(&s);
                    if (!CHECK(n > 0))
                        break;
                    /* save / load round trip at every step */
                    CHECK_EQ(pintas_caminos_save(&s, buf, sizeof buf), PINTAS_OK);
                    CHECK_EQ(pintas_caminos_load(&t, buf, sizeof buf), PINTAS_OK);
                    CHECK(memcmp(&s, &t, sizeof s) == 0);
                    /* an illegal move changes nothing */
                    before = s;
                    {
                        pintas_caminos_move bad;
                        bad.kind = PINTAS_CAMINOS_PLACE;
                        bad.tile = s.pile_len ? s.pile[0] : 27;
                        bad.path = 0;
                        bad.side = 0;
                        if (pintas_caminos_check(&s, &bad) != PINTAS_OK)
                            CHECK(pintas_caminos_play(&s, &bad, EV, PINTAS_CAMINOS_MAX_EVENTS,
                                                      &NEV) < 0);
                    }
                    CHECK(memcmp(&s, &before, sizeof s) == 0);
                    k = pintas_rng_below(&pick, (uint32_t)n);
                    CHECK_EQ(pintas_caminos_play(&s, &moves[k], EV, PINTAS_CAMINOS_MAX_EVENTS,
                                                 &NEV),
                             PINTAS_OK);
                    if (NEV > most_events)
                        most_events = NEV;
                    CHECK(conserved(&s));
                }
                CHECK_EQ(s.phase, PINTAS_CAMINOS_OVER);
                CHECK_EQ(s.round, 3);
                CHECK(s.winners != 0);
                CHECK_EQ(pintas_caminos_save(&s, buf, sizeof buf), PINTAS_OK);
                CHECK_EQ(pintas_caminos_load(&t, buf, sizeof buf), PINTAS_OK);
                CHECK(same_state(&s, &t));
            }
        }
    }
    CHECK(most_events <= PINTAS_CAMINOS_MAX_EVENTS);
    CHECK(most_moves <= PINTAS_CAMINOS_MAX_MOVES);
}

/* ---- saves --------------------------------------------------------------- */

static void test_save_rejects_every_inconsistency(void)
{
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_state s, t, before;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE + 8], copy[PINTAS_CAMINOS_SAVE_SIZE];
    pintas_rng pick;
    int saves, accepted = 0, rejected = 0;
    size_t i;
    pintas_rng_seed(&pick, 5, 5);
    CHECK_EQ(pintas_caminos_save(NULL, buf, sizeof buf), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_new(&s, &r, 3, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
    CHECK_EQ(pintas_caminos_save(&s, buf, PINTAS_CAMINOS_SAVE_SIZE - 1), PINTAS_E_BUFFER);
    /* a failed load must leave t as it was: give it a value to compare */
    t = s;
    for (saves = 0; saves < 12; ++saves) {
        unsigned bitpos;
        /* a few moves further each time: reveals, play, later rounds */
        for (i = 0; i < (size_t)(saves * 9) && s.phase != PINTAS_CAMINOS_OVER; ++i) {
            size_t n = legal(&s, moves);
            pintas_caminos_play(&s, &moves[pintas_rng_below(&pick, (uint32_t)n)], EV,
                                PINTAS_CAMINOS_MAX_EVENTS, &NEV);
        }
        CHECK_EQ(pintas_caminos_save(&s, buf, sizeof buf), PINTAS_OK);
        memcpy(copy, buf, PINTAS_CAMINOS_SAVE_SIZE);
        /* flip every bit: a load either fails or gives a state that saves to
         * exactly the flipped bytes (only the PRNG state may change freely) */
        for (bitpos = 0; bitpos < 8u * PINTAS_CAMINOS_SAVE_SIZE; ++bitpos) {
            int st;
            memcpy(buf, copy, PINTAS_CAMINOS_SAVE_SIZE);
            buf[bitpos / 8] ^= (uint8_t)(1u << (bitpos % 8));
            before = t;
            st = pintas_caminos_load(&t, buf, PINTAS_CAMINOS_SAVE_SIZE);
            if (st == PINTAS_OK) {
                uint8_t again[PINTAS_CAMINOS_SAVE_SIZE];
                ++accepted;
                pintas_caminos_save(&t, again, sizeof again);
                /* what the loader cannot know without the history (the PRNG,
                 * a score, who is to move) may change; the rest may not */
                CHECK(memcmp(again, buf, sizeof again) == 0);
            } else {
                ++rejected;
                CHECK(st == PINTAS_E_CORRUPT || st == PINTAS_E_VERSION);
                CHECK(memcmp(&t, &before, sizeof t) == 0);
            }
        }
        memcpy(buf, copy, PINTAS_CAMINOS_SAVE_SIZE);
        /* masks are stored as 64-bit fields: any bit of an upper half (hands
         * from byte 28, revealed from 60, the discard at 92) is corrupt */
        for (i = 0; i < 9; ++i) {
            buf[28 + 8 * i + 4 + (i % 4)] = (uint8_t)(1u << (i % 8));
            CHECK_EQ(pintas_caminos_load(&t, buf, PINTAS_CAMINOS_SAVE_SIZE), PINTAS_E_CORRUPT);
            memcpy(buf, copy, PINTAS_CAMINOS_SAVE_SIZE);
        }
        CHECK_EQ(pintas_caminos_load(&t, buf, PINTAS_CAMINOS_SAVE_SIZE - 1), PINTAS_E_CORRUPT);
        CHECK_EQ(pintas_caminos_load(&t, buf, PINTAS_CAMINOS_SAVE_SIZE + 1), PINTAS_E_CORRUPT);
        CHECK_EQ(pintas_caminos_load(&t, buf, 3), PINTAS_E_CORRUPT);
        buf[3] = 2;
        CHECK_EQ(pintas_caminos_load(&t, buf, PINTAS_CAMINOS_SAVE_SIZE), PINTAS_E_VERSION);
        CHECK_EQ(pintas_caminos_load(NULL, buf, PINTAS_CAMINOS_SAVE_SIZE), PINTAS_E_ARG);
    }
    CHECK(accepted > 0);
    CHECK(rejected > accepted);
}

static void test_random_bytes_never_load_and_never_crash(void)
{
    pintas_rng rng;
    pintas_caminos_state s;
    uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE];
    int i, loaded = 0;
    size_t j;
    pintas_rng_seed(&rng, 11, 11);
    for (i = 0; i < 20000; ++i) {
        for (j = 0; j < sizeof buf; ++j)
            buf[j] = (uint8_t)pintas_rng_next(&rng);
        if (i & 1) {
            buf[0] = 'P';
            buf[1] = 'C';
            buf[2] = 'M';
            buf[3] = 1;
        }
        loaded += pintas_caminos_load(&s, buf, sizeof buf) == PINTAS_OK;
    }
    CHECK_EQ(loaded, 0);
}

/* A state full of random bytes: every entry point must stay inside its
 * arrays (ASan/UBSan builds catch any slip) and never loop forever. */
static void test_scribbled_states_do_not_crash(void)
{
    pintas_rng rng;
    pintas_caminos_state s, good;
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE];
    pintas_caminos_deal d;
    int i, k;
    size_t n, j;
    pintas_rng_seed(&rng, 12, 12);
    CHECK_EQ(pintas_caminos_new(&good, &r, 1, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
    /* a rules shape whose next deal would not fit the set is refused up front */
    s = good;
    s.rules.hand_size = 200;
    CHECK_EQ(pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_E_ARG);
    s = good;
    s.rules.players = 4; /* 5 paths + 4 x 6 > 28 */
    CHECK_EQ(pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_side_number(&s, 0, 0), -1);
    memset(&d, 0, sizeof d);
    for (i = 0; i < 20000; ++i) {
        uint8_t *p = (uint8_t *)&s;
        s = good;
        if (i % 3 == 0) {
            for (j = 0; j < sizeof s; ++j)
                p[j] = (uint8_t)pintas_rng_next(&rng);
        } else {
            for (k = 0; k < 6; ++k)
                p[pintas_rng_below(&rng, sizeof s)] = (uint8_t)pintas_rng_next(&rng);
        }
        n = 0;
        if (pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) == PINTAS_OK && n > 0)
            pintas_caminos_play(&s, &moves[pintas_rng_below(&rng, (uint32_t)n)], EV,
                                PINTAS_CAMINOS_MAX_EVENTS, &NEV);
        for (k = 0; k < 4; ++k) {
            pintas_caminos_move m;
            m.kind = (uint8_t)pintas_rng_below(&rng, 5);
            m.tile = (uint8_t)pintas_rng_next(&rng);
            m.path = (uint8_t)pintas_rng_next(&rng);
            m.side = (uint8_t)pintas_rng_below(&rng, 3);
            pintas_caminos_play(&s, &m, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV);
        }
        pintas_caminos_save(&s, buf, sizeof buf);
        pintas_caminos_side_number(&s, (int)pintas_rng_below(&rng, 10), 0);
        pintas_caminos_path_tiles(&s, (int)pintas_rng_below(&rng, 10));
        pintas_caminos_hand_size(&s, (int)pintas_rng_below(&rng, 5));
        pintas_caminos_pile_size(&s);
        pintas_caminos_set_deal(&s, &d, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV);
    }
    CHECK(1);
}

static void test_null_and_small_buffers(void)
{
    pintas_caminos_rules r = preset(PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_state s, before;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n;
    CHECK_EQ(pintas_caminos_new(&s, &r, 1, EV, PINTAS_CAMINOS_MAX_EVENTS, &NEV), PINTAS_OK);
    before = s;
    CHECK_EQ(pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES - 1, &n), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_caminos_legal(NULL, moves, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_E_ARG);
    CHECK_EQ(legal(&s, moves) > 0, 1);
    CHECK_EQ(pintas_caminos_play(&s, &moves[0], EV, PINTAS_CAMINOS_MAX_EVENTS - 1, &n),
             PINTAS_E_BUFFER);
    CHECK_EQ(pintas_caminos_play(&s, NULL, EV, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_check(&s, NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_set_deal(&s, NULL, EV, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_reseed(NULL, 1), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_pile_size(NULL), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_hand_size(&s, 3), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_hand_size(&s, -1), PINTAS_E_ARG);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(pintas_caminos_reseed(&s, 9), PINTAS_OK);
}

/* ---- simulation ---------------------------------------------------------- */

static void test_simulate(void)
{
    int variant, players;
    for (variant = 0; variant < 3; ++variant) {
        for (players = 2; players <= 4; ++players) {
            pintas_caminos_rules r = preset(variant, players);
            pintas_caminos_stats a, b;
            uint64_t wins = 0, starts = 0;
            int seat;
            CHECK_EQ(pintas_caminos_simulate(&r, 200, 42, &a), PINTAS_OK);
            CHECK_EQ(pintas_caminos_simulate(&r, 200, 42, &b), PINTAS_OK);
            CHECK(memcmp(&a, &b, sizeof a) == 0);
            CHECK_EQ(a.games, 200);
            CHECK_EQ(a.rounds, 600);
            for (seat = 0; seat < 4; ++seat) {
                wins += a.wins[seat];
                starts += a.starts[seat];
                CHECK(a.points[seat] <= 0);
                if (seat >= players)
                    CHECK_EQ(a.wins[seat] + a.starts[seat], 0);
            }
            CHECK_EQ(starts, 600);
            CHECK(wins >= 200);
            CHECK_EQ(wins - 200 >= a.shared, 1);
            CHECK(a.moves > 600);
            CHECK(a.longest_round > 0);
            if (variant == PINTAS_CAMINOS_BASE)
                CHECK(a.closes > 0);
        }
    }
    {
        pintas_caminos_rules bad = preset(0, 3);
        pintas_caminos_stats st;
        bad.players = 7;
        CHECK_EQ(pintas_caminos_simulate(&bad, 1, 1, &st), PINTAS_E_RULES);
        CHECK_EQ(pintas_caminos_simulate(NULL, 1, 1, &st), PINTAS_E_ARG);
    }
}

int main(void)
{
    test_presets();
    test_deal_follows_the_documented_order();
    test_bad_deals_are_refused();
    test_reveal_most_pips_starts();
    test_reveal_ties_compare_pips_and_reveal_again();
    test_reveal_tied_to_the_last_tile_goes_to_the_lowest_seat();
    test_placement_front_back_and_occupied_sides();
    test_base_path_closes_at_three_and_is_renewed();
    test_no_renewal_path_takes_two_a_side_and_stays_closed();
    test_two_paths_discards_and_renews_from_the_top();
    test_discarded_path_with_an_empty_pile_leaves_its_slot_empty();
    test_drawing_ends_the_turn_and_an_empty_pile_passes();
    test_blocked_round_needs_every_player_to_pass_in_a_row();
    test_last_turns_after_a_player_goes_out();
    test_going_out_in_a_last_turn_and_a_shared_win();
    test_three_rounds_each_with_its_reveal();
    test_house_limits_end_rounds_and_games();
    test_set_deal_only_before_the_first_move();
    test_random_games_keep_the_invariants();
    test_save_rejects_every_inconsistency();
    test_random_bytes_never_load_and_never_crash();
    test_scribbled_states_do_not_crash();
    test_null_and_small_buffers();
    test_simulate();
    return check_summary();
}

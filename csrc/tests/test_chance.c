/* test_chance.c - external chance: games started with it stop at every chance
 * event and take its outcome from *_play_chance.
 *
 * Pinned here: the outcome lists and their exact probabilities, the
 * refusals (no chance pending, an impossible outcome) that leave the state
 * untouched, the redeal of a deal made by chance, the Muggins tie-break, the
 * dice's doom and roll-out, the engine tables' entries; and, for every game,
 * that feeding an external game the outcomes a PRNG game drew (its hands,
 * draws, tie-break tiles, new centres and rolls) makes the very same events.
 */
#include <string.h>

#include "check.h"
#include "pintas/pintas.h"

#define T(a, b) ((uint8_t)PINTAS_TILE(a, b))
#define MAX_LOG 30000

/* A state's image loads back to the very same state (every chance state
 * the engine reaches has a save image). */
#define ROUND_TRIP(game, s)                                                                  \
    do {                                                                                     \
        static pintas_##game##_state back_;                                                  \
        static uint8_t image_[1024];                                                         \
        CHECK_EQ(pintas_##game##_save(s, image_, sizeof image_), PINTAS_OK);                 \
        memset(&back_, 0x5A, sizeof back_);                                                  \
        if (CHECK_EQ(pintas_##game##_load(&back_, image_, pintas_##game##_engine.save_size), \
                     PINTAS_OK))                                                             \
            CHECK(memcmp(&back_, s, sizeof back_) == 0);                                     \
    } while (0)

static uint32_t lcg(uint32_t *x)
{
    *x = *x * 1664525u + 1013904223u;
    return *x >> 8;
}

/* ---- line games ---------------------------------------------------------------- */

static pintas_line_event line_a[MAX_LOG];
static size_t line_an;
static uint8_t line_deals[MAX_LOG];
static size_t line_dq_in, line_dq_out;

/* Keep the PRNG game's events but its REDEALs (an external game is fed the
 * deal that stood), and queue the hands of a deal among them. */
static void line_keep(const pintas_line_state *a, const pintas_line_event *ev, size_t n)
{
    size_t i;
    unsigned seat, t;
    for (i = 0; i < n; ++i) {
        if (ev[i].kind == PINTAS_EV_REDEAL)
            continue;
        if (line_an < MAX_LOG)
            line_a[line_an++] = ev[i];
        if (ev[i].kind != PINTAS_EV_DEAL)
            continue;
        for (seat = 0; seat < a->rules.players; ++seat)
            for (t = 0; t < PINTAS_TILE_COUNT; ++t)
                if ((a->hand[seat] >> t & 1u) && line_dq_in < MAX_LOG)
                    line_deals[line_dq_in++] = (uint8_t)t;
    }
}

/* b's events are the next ones of the PRNG game's. */
static size_t line_match(size_t at, const pintas_line_event *ev, size_t n)
{
    size_t i;
    for (i = 0; i < n; ++i, ++at)
        if (!CHECK(at < line_an && memcmp(&ev[i], &line_a[at], sizeof ev[i]) == 0))
            return at + n;
    return at;
}

static void line_mirror(const pintas_line_rules *r, uint64_t seed)
{
    static pintas_line_state a, b;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n = 0, at = 0, k;
    uint32_t x = (uint32_t)seed;
    int steps = 0;
    line_an = line_dq_in = line_dq_out = 0;
    CHECK_EQ(pintas_line_new(&a, r, seed, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    line_keep(&a, ev, n);
    CHECK_EQ(pintas_line_new_chance(&b, r, seed, NULL, 1, ev, PINTAS_LINE_MAX_EVENTS, &n),
             PINTAS_OK);
    CHECK_EQ(n, 0);
    for (;;) {
        while (pintas_line_chance_pending(&b)) {
            const pintas_line_event *next = &line_a[at < line_an ? at : 0];
            int outcome = next->kind == PINTAS_EV_DRAW || next->kind == PINTAS_EV_TIEBREAK
                              ? next->tile
                              : line_deals[line_dq_out++ % MAX_LOG];
            ROUND_TRIP(line, &b);
            if (!CHECK_EQ(pintas_line_play_chance(&b, outcome, ev, PINTAS_LINE_MAX_EVENTS, &n),
                          PINTAS_OK))
                return;
            at = line_match(at, ev, n);
        }
        if (a.phase == PINTAS_LINE_OVER || ++steps > 5000)
            break;
        CHECK_EQ(pintas_line_legal(&a, moves, PINTAS_LINE_MAX_MOVES, &k), PINTAS_OK);
        moves[0] = moves[lcg(&x) % k];
        CHECK_EQ(pintas_line_play(&a, &moves[0], ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
        line_keep(&a, ev, n);
        CHECK_EQ(pintas_line_play(&b, &moves[0], ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
        at = line_match(at, ev, n);
        ROUND_TRIP(line, &b);
    }
    CHECK(b.phase == PINTAS_LINE_OVER && at == line_an);
    CHECK(memcmp(a.score, b.score, sizeof a.score) == 0 && a.winner == b.winner);
}

static void test_line_mirrors(void)
{
    pintas_line_rules r;
    uint64_t seed;
    int game, players;
    for (game = 0; game <= PINTAS_LINE_DOMINICAN; ++game)
        for (players = 2; players <= 4; ++players)
            for (seed = 1; seed <= 3; ++seed) {
                CHECK_EQ(pintas_line_rules_preset(&r, game, players, 0), PINTAS_OK);
                r.target = game == PINTAS_LINE_CAPICUA ? 10 : 60;
                line_mirror(&r, seed);
            }
}

static void test_line_deal_by_chance(void)
{
    static pintas_line_state s, before;
    pintas_line_rules r;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    uint8_t mask[PINTAS_LINE_ACTIONS];
    uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES];
    uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES], den = 0;
    pintas_line_move play = {PINTAS_MOVE_PLAY, T(6, 6), PINTAS_END_LEFT};
    uint8_t buf[PINTAS_LINE_SAVE_SIZE];
    size_t n = 0, i;
    int t;
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_MUGGINS, 2, 0), PINTAS_OK);
    CHECK_EQ(pintas_line_new_chance(&s, &r, 1, NULL, 2, ev, PINTAS_LINE_MAX_EVENTS, &n),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_line_new_chance(&s, &r, 1, NULL, 1, ev, PINTAS_LINE_MAX_EVENTS, &n),
             PINTAS_OK);
    CHECK(pintas_line_chance_pending(&s) && s.to_move == PINTAS_CHANCE_SEAT);
    CHECK_EQ(pintas_line_engine.turn(&s), PINTAS_TURN_CHANCE);
    CHECK_EQ(pintas_line_legal(&s, moves, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(pintas_line_legal_mask(&s, mask, sizeof mask, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(pintas_line_check(&s, &play), PINTAS_E_CHANCE);
    CHECK_EQ(pintas_line_chance_outcomes(&s, codes, num, &den, 27, &n), PINTAS_E_BUFFER);
    ROUND_TRIP(line, &s);
    CHECK_EQ(pintas_line_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK(buf[167] == 1 && buf[168] == PINTAS_LINE_CHANCE_DEAL); /* chance, pending */
    /* seat 0 takes 0..6, seat 1 takes 7..13 (6|6 is 27: in the boneyard) */
    for (t = 0; t < 14; ++t) {
        CHECK_EQ(pintas_line_chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES,
                                             &n),
                 PINTAS_OK);
        CHECK(n == (size_t)(28 - t) && den == n && codes[0] == t && num[0] == 1);
        before = s;
        CHECK_EQ(pintas_line_play_chance(&s, t - 1, ev, PINTAS_LINE_MAX_EVENTS, &n),
                 t == 0 ? PINTAS_E_OUTCOME : PINTAS_E_OUTCOME);
        CHECK_EQ(pintas_line_play_chance(&s, 28, ev, PINTAS_LINE_MAX_EVENTS, &n),
                 PINTAS_E_OUTCOME);
        CHECK(memcmp(&s, &before, sizeof s) == 0);
        CHECK_EQ(pintas_line_play_chance(&s, t, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
        CHECK_EQ(n, t == 13 ? 1u : 0u);
    }
    CHECK(ev[0].kind == PINTAS_EV_DEAL && !pintas_line_chance_pending(&s));
    CHECK(s.hand[0] == 0x7Fu && s.hand[1] == 0x7Fu << 7 && s.bone_len == 14);
    for (i = 0; i < 14; ++i) /* the boneyard, a set, in ascending order */
        CHECK_EQ(s.boneyard[i], 14 + i);
    CHECK_EQ(pintas_line_chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES, &n),
             PINTAS_OK);
    CHECK(n == 0 && den == 1);
    before = s;
    CHECK_EQ(pintas_line_play_chance(&s, 20, ev, PINTAS_LINE_MAX_EVENTS, &n),
             PINTAS_E_NO_CHANCE);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK(strcmp(pintas_status_str(PINTAS_E_NO_CHANCE), "no chance event pending") == 0);
}

static void test_line_redeal_by_chance(void)
{
    static pintas_line_state s;
    pintas_line_rules r;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    unsigned t, k = 0;
    uint8_t order[PINTAS_TILE_COUNT];
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 4, 1), PINTAS_OK);
    r.redeal_doubles = 5;
    for (t = 0; t < 5; ++t)
        order[k++] = T(t, t);
    for (t = 0; t < PINTAS_TILE_COUNT; ++t)
        if (!(PINTAS_DOUBLES_MASK >> t & 1u) || t == T(5, 5) || t == T(6, 6))
            order[k++] = (uint8_t)t;
    CHECK_EQ(k, 28);
    CHECK_EQ(pintas_line_new_chance(&s, &r, 1, NULL, 1, ev, PINTAS_LINE_MAX_EVENTS, &n),
             PINTAS_OK);
    for (k = 0; k < 28; ++k)
        CHECK_EQ(pintas_line_play_chance(&s, order[k], ev, PINTAS_LINE_MAX_EVENTS, &n),
                 PINTAS_OK);
    CHECK(n == 1 && ev[0].kind == PINTAS_EV_REDEAL && ev[0].seat == 0 && ev[0].points == 5);
    CHECK(pintas_line_chance_pending(&s) && s.pending == PINTAS_LINE_CHANCE_DEAL &&
          s.dealt == 0 && s.hand[0] == 0);
    for (k = 0; k < 28; ++k)
        CHECK_EQ(pintas_line_play_chance(&s, (int)k, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK(n == 1 && ev[0].kind == PINTAS_EV_DEAL && s.to_move == 3); /* 6|6 is 27: seat 3 */
}

/* A three-player Muggins to 20 whose first round ends in a block with seats 0
 * and 2 tied on 35: the tie-break draws come from outside. */
static void test_line_tiebreak(void)
{
    static const uint8_t hands[3][7] = {
        {T(2, 0), T(3, 1), T(4, 2), T(4, 3), T(5, 3), T(5, 4), T(6, 1)},
        {T(0, 0), T(1, 0), T(4, 0), T(4, 1), T(4, 4), T(5, 2), T(6, 5)},
        {T(2, 1), T(3, 0), T(3, 3), T(5, 0), T(6, 0), T(6, 3), T(6, 6)}};
    static const uint8_t pile[7] = {T(2, 2), T(6, 2), T(5, 5), T(3, 2), T(5, 1), T(6, 4), T(1, 1)};
    /* tile, end (0 L, 1 R); 99: draw */
    static const uint8_t plays[27][2] = {
        {T(6, 6), 0}, {T(6, 1), 0}, {T(6, 5), 1}, {T(2, 1), 0}, {T(4, 2), 0}, {T(4, 4), 0},
        {T(5, 0), 1}, {T(4, 3), 0}, {T(1, 0), 1}, {T(6, 3), 0}, {T(3, 1), 1}, {99, 0},
        {99, 0},      {T(6, 2), 0}, {T(3, 3), 1}, {T(5, 3), 1}, {T(2, 2), 0}, {99, 0},
        {T(5, 5), 1}, {T(2, 0), 0}, {T(5, 2), 1}, {T(3, 0), 0}, {99, 0},      {T(3, 2), 1},
        {99, 0},      {99, 0},      {99, 0}};
    static pintas_line_state s, before;
    pintas_line_rules r;
    pintas_line_deal d;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES];
    uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES], den = 0;
    size_t n = 0, i, drawn = 0;
    unsigned seat;
    memset(&d, 0, sizeof d);
    for (seat = 0; seat < 3; ++seat)
        for (i = 0; i < 7; ++i)
            d.hand[seat] |= PINTAS_BIT(hands[seat][i]);
    memcpy(d.boneyard, pile, 7);
    d.boneyard_len = 7;
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_MUGGINS, 3, 0), PINTAS_OK);
    r.target = 20;
    CHECK_EQ(pintas_line_new_chance(&s, &r, 1, &d, 1, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    for (i = 0; i < 27; ++i) {
        pintas_line_move m = {PINTAS_MOVE_PLAY, plays[i][0], plays[i][1]};
        if (plays[i][0] == 99) {
            m.kind = PINTAS_MOVE_DRAW;
            m.tile = PINTAS_NO_TILE;
        }
        CHECK_EQ(pintas_line_play(&s, &m, ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
        if (m.kind == PINTAS_MOVE_DRAW) {
            CHECK(n == 0 && s.pending == PINTAS_LINE_CHANCE_DRAW);
            CHECK_EQ(pintas_line_chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES,
                                                 &n),
                     PINTAS_OK);
            CHECK(n == 7 - drawn && den == n);
            CHECK_EQ(pintas_line_play_chance(&s, pile[drawn++], ev, PINTAS_LINE_MAX_EVENTS, &n),
                     PINTAS_OK);
            CHECK(ev[0].kind == PINTAS_EV_DRAW);
        }
    }
    CHECK(s.score[0] == 35 && s.score[2] == 35 && s.pending == PINTAS_LINE_CHANCE_TIEBREAK);
    CHECK(s.phase == PINTAS_LINE_PLAYING && s.to_move == PINTAS_CHANCE_SEAT);
    CHECK(ev[n - 1].kind == PINTAS_EV_SCORE);
    CHECK_EQ(pintas_line_chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES, &n),
             PINTAS_OK);
    CHECK(n == 28 && den == 28);
    /* 6|0 and 5|1: 6 pips each, a tie: draw again from a fresh set */
    CHECK_EQ(pintas_line_play_chance(&s, T(6, 0), ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK(n == 1 && ev[0].kind == PINTAS_EV_TIEBREAK && ev[0].seat == 0 && ev[0].points == 1);
    before = s;
    CHECK_EQ(pintas_line_play_chance(&s, T(6, 0), ev, PINTAS_LINE_MAX_EVENTS, &n),
             PINTAS_E_OUTCOME);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(pintas_line_play_chance(&s, T(5, 1), ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK(n == 1 && ev[0].seat == 2 && s.pending == PINTAS_LINE_CHANCE_TIEBREAK);
    CHECK_EQ(pintas_line_play_chance(&s, T(6, 0), ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK(n == 1 && ev[0].points == 2);
    CHECK_EQ(pintas_line_play_chance(&s, T(0, 0), ev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK(n == 2 && ev[1].kind == PINTAS_EV_GAME_END && ev[1].side == 2 &&
          ev[1].reason == PINTAS_WHY_TIEBREAK);
    CHECK(s.phase == PINTAS_LINE_OVER && s.winner == 2 && !pintas_line_chance_pending(&s));
}

/* ---- Caminos ---------------------------------------------------------------------- */

static pintas_caminos_event cam_a[MAX_LOG];
static size_t cam_an;
static uint8_t cam_deals[MAX_LOG];
static size_t cam_dq_in, cam_dq_out;

static void cam_keep(const pintas_caminos_state *a, const pintas_caminos_event *ev, size_t n)
{
    size_t i;
    unsigned seat, t;
    for (i = 0; i < n; ++i) {
        if (cam_an < MAX_LOG)
            cam_a[cam_an++] = ev[i];
        if (ev[i].kind != PINTAS_CAMINOS_EV_DEAL)
            continue;
        for (t = 0; t < a->rules.paths && cam_dq_in < MAX_LOG; ++t)
            cam_deals[cam_dq_in++] = a->path[t].centre;
        for (seat = 0; seat < a->rules.players; ++seat)
            for (t = 0; t < PINTAS_TILE_COUNT; ++t)
                if ((a->hand[seat] >> t & 1u) && cam_dq_in < MAX_LOG)
                    cam_deals[cam_dq_in++] = (uint8_t)t;
    }
}

static size_t cam_match(size_t at, const pintas_caminos_event *ev, size_t n)
{
    size_t i;
    for (i = 0; i < n; ++i, ++at)
        if (!CHECK(at < cam_an && memcmp(&ev[i], &cam_a[at], sizeof ev[i]) == 0))
            return at + n;
    return at;
}

static void caminos_mirror(int variant, int players, uint64_t seed)
{
    static pintas_caminos_state a, b;
    pintas_caminos_rules r;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n = 0, at = 0, k;
    uint32_t x = (uint32_t)seed * 7u;
    int steps = 0, renewals = 0;
    cam_an = cam_dq_in = cam_dq_out = 0;
    CHECK_EQ(pintas_caminos_rules_preset(&r, variant, players), PINTAS_OK);
    CHECK_EQ(pintas_caminos_new(&a, &r, seed, ev, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_OK);
    cam_keep(&a, ev, n);
    CHECK_EQ(pintas_caminos_new_chance(&b, &r, seed, NULL, 1, ev, PINTAS_CAMINOS_MAX_EVENTS, &n),
             PINTAS_OK);
    CHECK(n == 0 && pintas_caminos_engine.turn(&b) == PINTAS_TURN_CHANCE);
    for (;;) {
        while (pintas_caminos_chance_pending(&b)) {
            const pintas_caminos_event *next = &cam_a[at < cam_an ? at : 0];
            int outcome = next->kind == PINTAS_CAMINOS_EV_DRAW || next->kind == PINTAS_CAMINOS_EV_PATH
                              ? next->tile
                              : cam_deals[cam_dq_out++ % MAX_LOG];
            renewals += b.pending == PINTAS_CAMINOS_CHANCE_REVEAL;
            ROUND_TRIP(caminos, &b);
            if (!CHECK_EQ(pintas_caminos_play_chance(&b, outcome, ev, PINTAS_CAMINOS_MAX_EVENTS,
                                                     &n),
                          PINTAS_OK))
                return;
            at = cam_match(at, ev, n);
        }
        if (a.phase == PINTAS_CAMINOS_OVER || ++steps > 5000)
            break;
        CHECK_EQ(pintas_caminos_legal(&a, moves, PINTAS_CAMINOS_MAX_MOVES, &k), PINTAS_OK);
        moves[0] = moves[lcg(&x) % k];
        CHECK_EQ(pintas_caminos_play(&a, &moves[0], ev, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_OK);
        cam_keep(&a, ev, n);
        CHECK_EQ(pintas_caminos_play(&b, &moves[0], ev, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_OK);
        at = cam_match(at, ev, n);
        ROUND_TRIP(caminos, &b);
    }
    CHECK(b.phase == PINTAS_CAMINOS_OVER && at == cam_an && b.winners == a.winners);
    CHECK(variant == PINTAS_CAMINOS_NO_RENEWAL || renewals > 0);
}

static void test_caminos_mirrors(void)
{
    uint64_t seed;
    int variant, players;
    for (variant = 0; variant <= 2; ++variant)
        for (players = 2; players <= 4; ++players)
            for (seed = 1; seed <= 3; ++seed)
                caminos_mirror(variant, players, seed);
}

static void test_caminos_refusals(void)
{
    static pintas_caminos_state s, before;
    pintas_caminos_rules r;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES];
    uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES], den = 0;
    uint8_t buf[PINTAS_CAMINOS_SAVE_SIZE];
    size_t n = 0;
    int t;
    CHECK_EQ(pintas_caminos_rules_preset(&r, PINTAS_CAMINOS_BASE, 2), PINTAS_OK);
    CHECK_EQ(pintas_caminos_new_chance(&s, &r, 1, NULL, 3, ev, PINTAS_CAMINOS_MAX_EVENTS, &n),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_new_chance(&s, &r, 1, NULL, 1, ev, PINTAS_CAMINOS_MAX_EVENTS, &n),
             PINTAS_OK);
    CHECK_EQ(pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    ROUND_TRIP(caminos, &s);
    CHECK_EQ(pintas_caminos_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK(buf[246] == 1 && buf[247] == PINTAS_CAMINOS_CHANCE_DEAL);
    /* 5 centres and 2 x 6 hand tiles: 17 outcomes, then the round opens */
    for (t = 0; t < 17; ++t) {
        CHECK_EQ(pintas_caminos_chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES,
                                                &n),
                 PINTAS_OK);
        CHECK(n == (size_t)(28 - t) && den == n && codes[0] == 0 && codes[n - 1] == 27 - t);
        before = s;
        CHECK_EQ(pintas_caminos_play_chance(&s, 28 - t, ev, PINTAS_CAMINOS_MAX_EVENTS, &n),
                 PINTAS_E_OUTCOME);
        CHECK(memcmp(&s, &before, sizeof s) == 0);
        CHECK_EQ(pintas_caminos_play_chance(&s, 27 - t, ev, PINTAS_CAMINOS_MAX_EVENTS, &n),
                 PINTAS_OK);
    }
    CHECK(n == 6 && ev[0].kind == PINTAS_CAMINOS_EV_DEAL && s.path[0].centre == T(6, 6));
    CHECK(s.pile_len == 11 && s.to_move == 0 && !pintas_caminos_chance_pending(&s));
    CHECK_EQ(pintas_caminos_play_chance(&s, 0, ev, PINTAS_CAMINOS_MAX_EVENTS, &n),
             PINTAS_E_NO_CHANCE);
}

/* ---- dice ------------------------------------------------------------------------- */

static int dice_code(const uint8_t *values, size_t n)
{
    pintas_dice_set set = 0;
    CHECK_EQ(pintas_dice_set_from_values(values, n, &set), PINTAS_OK);
    return pintas_dice_set_index(set);
}

static void dice_mirror(int farkle, int players, uint64_t seed)
{
    static pintas_dice_state a, b;
    pintas_dice_rules r;
    pintas_dice_event ea[PINTAS_DICE_MAX_EVENTS], eb[PINTAS_DICE_MAX_EVENTS];
    pintas_dice_moves m;
    pintas_dice_move move;
    size_t na = 0, nb = 0, i;
    uint32_t x = (uint32_t)seed * 13u;
    int steps = 0;
    if (farkle)
        pintas_dice_rules_farkle(&r);
    else
        pintas_dice_rules_dice_of_doom(&r);
    r.target = farkle ? 2000 : 8000;
    CHECK_EQ(pintas_dice_new(&a, &r, players, 0, seed), PINTAS_OK);
    CHECK_EQ(pintas_dice_new_chance(&b, &r, players, 0, seed, 1), PINTAS_OK);
    while (a.phase != PINTAS_DICE_OVER && ++steps < 20000) {
        CHECK_EQ(pintas_dice_legal(&a, &m), PINTAS_OK);
        memset(&move, 0, sizeof move);
        if (m.n_keeps) {
            move.kind = PINTAS_DICE_KEEP;
            move.keep = m.keeps[lcg(&x) % m.n_keeps].keep;
        } else {
            move.kind = m.can_bank && lcg(&x) % 3 == 0 ? PINTAS_DICE_BANK : PINTAS_DICE_ROLL;
        }
        CHECK_EQ(pintas_dice_play(&a, &move, ea, PINTAS_DICE_MAX_EVENTS, &na), PINTAS_OK);
        CHECK_EQ(pintas_dice_play(&b, &move, eb, PINTAS_DICE_MAX_EVENTS, &nb), PINTAS_OK);
        if (move.kind == PINTAS_DICE_ROLL) {
            CHECK(nb == 0 && pintas_dice_chance_pending(&b));
            ROUND_TRIP(dice, &b);
            CHECK_EQ(pintas_dice_engine.turn(&b), PINTAS_TURN_CHANCE);
            CHECK_EQ(pintas_dice_play_chance(&b, dice_code(ea[0].dice, ea[0].n), eb,
                                             PINTAS_DICE_MAX_EVENTS, &nb),
                     PINTAS_OK);
            /* the external roll lists its dice ascending */
            CHECK_EQ(dice_code(eb[0].dice, eb[0].n), dice_code(ea[0].dice, ea[0].n));
            memcpy(eb[0].dice, ea[0].dice, sizeof eb[0].dice);
        }
        CHECK_EQ(na, nb);
        for (i = 0; i < na && i < nb; ++i)
            CHECK(memcmp(&ea[i], &eb[i], sizeof ea[i]) == 0);
    }
    CHECK(b.phase == PINTAS_DICE_OVER && memcmp(a.score, b.score, sizeof a.score) == 0);
}

static void test_dice_mirrors(void)
{
    uint64_t seed;
    for (seed = 1; seed <= 4; ++seed) {
        dice_mirror(0, 2, seed);
        dice_mirror(1, 3, seed);
    }
}

static void test_dice_outcomes(void)
{
    static pintas_dice_state s, before;
    pintas_dice_rules r;
    pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
    pintas_dice_move roll = {PINTAS_DICE_ROLL, 0, {0}, 0}, keep = roll;
    pintas_dice_moves m;
    uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES];
    uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES], den = 0, total = 0;
    uint8_t buf[PINTAS_DICE_SAVE_SIZE];
    static const uint8_t doom[6] = {1, 2, 3, 4, 6, 6}, farkle[6] = {2, 2, 3, 3, 4, 6};
    static const uint8_t ones[6] = {1, 1, 1, 1, 2, 3};
    size_t n = 0, i;
    pintas_dice_rules_dice_of_doom(&r);
    CHECK_EQ(pintas_dice_new_chance(&s, &r, 2, 0, 1, 2), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_new_chance(&s, &r, 2, 0, 1, 1), PINTAS_OK);
    CHECK_EQ(pintas_dice_save(&s, buf, sizeof buf), PINTAS_OK);
    CHECK(buf[5] == 1 && buf[6] == 0);
    CHECK_EQ(pintas_dice_play_chance(&s, 0, ev, PINTAS_DICE_MAX_EVENTS, &n), PINTAS_E_NO_CHANCE);
    CHECK_EQ(pintas_dice_play(&s, &roll, ev, PINTAS_DICE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK(n == 0 && pintas_dice_chance_pending(&s) && s.to_move == 0);
    CHECK_EQ(pintas_dice_check(&s, &roll), PINTAS_E_CHANCE);
    CHECK_EQ(pintas_dice_legal(&s, &m), PINTAS_OK);
    CHECK(!m.can_roll && !m.can_bank && m.n_keeps == 0);
    CHECK_EQ(pintas_dice_chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES, &n),
             PINTAS_OK);
    CHECK(n == 462 && den == 46656);
    for (i = 0; i < n; ++i) {
        total += num[i];
        CHECK(i == 0 || codes[i] > codes[i - 1]);
    }
    CHECK_EQ(total, 46656);
    before = s;
    CHECK_EQ(pintas_dice_play_chance(&s, 1, ev, PINTAS_DICE_MAX_EVENTS, &n), PINTAS_E_OUTCOME);
    CHECK_EQ(pintas_dice_play_chance(&s, PINTAS_DICE_SETS, ev, PINTAS_DICE_MAX_EVENTS, &n),
             PINTAS_E_OUTCOME);
    CHECK(memcmp(&s, &before, sizeof s) == 0);
    CHECK_EQ(pintas_dice_play_chance(&s, dice_code(doom, 6), ev, PINTAS_DICE_MAX_EVENTS, &n),
             PINTAS_OK);
    CHECK(n == 3 && ev[0].kind == PINTAS_DICE_EV_ROLLED && ev[1].kind == PINTAS_DICE_EV_DOOM &&
          s.to_move == 1 && !pintas_dice_chance_pending(&s));
    CHECK(memcmp(ev[0].dice, doom, 6) == 0);

    pintas_dice_rules_farkle(&r);
    CHECK_EQ(pintas_dice_new_chance(&s, &r, 2, 0, 1, 1), PINTAS_OK);
    CHECK_EQ(pintas_dice_play(&s, &roll, ev, PINTAS_DICE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK_EQ(pintas_dice_play_chance(&s, dice_code(farkle, 6), ev, PINTAS_DICE_MAX_EVENTS, &n),
             PINTAS_OK);
    CHECK(n == 3 && ev[1].kind == PINTAS_DICE_EV_ROLL_OUT && s.to_move == 1);
    /* two dice left: 21 outcomes, doubles 1/36, the others 2/36 */
    CHECK_EQ(pintas_dice_play(&s, &roll, ev, PINTAS_DICE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK_EQ(pintas_dice_play_chance(&s, dice_code(ones, 6), ev, PINTAS_DICE_MAX_EVENTS, &n),
             PINTAS_OK);
    keep.kind = PINTAS_DICE_KEEP;
    CHECK_EQ(pintas_dice_set_from_values(ones, 4, &keep.keep), PINTAS_OK);
    CHECK_EQ(pintas_dice_play(&s, &keep, ev, PINTAS_DICE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK_EQ(pintas_dice_play(&s, &roll, ev, PINTAS_DICE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK_EQ(pintas_dice_chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES, &n),
             PINTAS_OK);
    CHECK(n == 21 && den == 36);
    for (i = 0; i < n; ++i) {
        pintas_dice_set set = 0;
        int f, pair = 0;
        CHECK_EQ(pintas_dice_set_at(codes[i], &set), PINTAS_OK);
        for (f = 1; f <= 6; ++f)
            pair |= PINTAS_DICE_SET_COUNT(set, f) == 2;
        CHECK_EQ(num[i], pair ? 1u : 2u);
    }
}

/* ---- the engine tables -------------------------------------------------------------- */

static void test_engine_tables(void)
{
    static pintas_line_state a, b;
    pintas_line_rules r;
    pintas_engine_events ev;
    pintas_engine_status st;
    uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES];
    uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES], den = 0;
    pintas_line_event lev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    const pintas_engine *e = &pintas_line_engine;
    CHECK_EQ(pintas_line_engine.chance_count, 28);
    CHECK_EQ(pintas_caminos_engine.chance_count, 28);
    CHECK_EQ(pintas_dice_engine.chance_count, PINTAS_DICE_SETS);
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_CAPICUA, 4, 1), PINTAS_OK);
    /* external 0 is the PRNG game, byte for byte */
    CHECK_EQ(e->start_chance(&a, &r, 9, NULL, 0, &ev, e->max_events, &n), PINTAS_OK);
    CHECK_EQ(pintas_line_new(&b, &r, 9, lev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0 && !e->pending(&a));
    CHECK_EQ(e->start_chance(&a, &r, 9, NULL, 1, &ev, e->max_events, &n), PINTAS_OK);
    CHECK(e->pending(&a) == 1 && e->turn(&a) == PINTAS_TURN_CHANCE);
    CHECK_EQ(e->status(&a, &st), PINTAS_OK);
    CHECK(st.to_move == PINTAS_CHANCE_SEAT && !st.over);
    CHECK_EQ(e->chance_outcomes(&a, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES, &n), PINTAS_OK);
    CHECK(n == 28 && den == 28);
    CHECK_EQ(e->play_chance(&a, 27, &ev, e->max_events, &n), PINTAS_OK);
    CHECK_EQ(e->play_chance(&a, 27, &ev, e->max_events, &n), PINTAS_E_OUTCOME);
    {
        static pintas_dice_state d;
        pintas_dice_rules dr;
        int seats[2] = {3, 1};
        pintas_dice_rules_farkle(&dr);
        CHECK_EQ(pintas_dice_engine.start_chance(&d, &dr, 5, seats, 1, &ev,
                                                 pintas_dice_engine.max_events, &n),
                 PINTAS_OK);
        CHECK(d.players == 3 && d.to_move == 1 && d.chance == 1 && n == 0);
        CHECK_EQ(pintas_dice_engine.turn(&d), 1);
    }
}

/* ---- saves ------------------------------------------------------------------------ */

static pintas_save_entry save_log[4000];

static int save_entry(void *ctx, size_t index, pintas_save_entry *out)
{
    (void)ctx;
    *out = save_log[index];
    return PINTAS_OK;
}

/* An unseeded Capicua game with external chance, saved mid-game with its
 * outcomes in the log, loads back to the same state; its flags say so. */
static void test_saves(void)
{
    static pintas_line_state s, back;
    static pintas_save_reader reader;
    static pintas_save_work work;
    static uint8_t buf[20000];
    pintas_save_setup setup;
    pintas_save_log log;
    pintas_save_error err;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    uint16_t codes[PINTAS_MAX_CHANCE_OUTCOMES];
    uint32_t num[PINTAS_MAX_CHANCE_OUTCOMES], den;
    size_t n = 0, count = 0, len = 0, k;
    uint32_t x = 77;
    int step;
    memset(&setup, 0, sizeof setup);
    setup.game = PINTAS_SAVE_LINE;
    setup.first_seed = 12345;
    setup.external = 1;
    CHECK_EQ(pintas_line_rules_preset(&setup.rules.line, PINTAS_LINE_CAPICUA, 3, 0), PINTAS_OK);
    CHECK_EQ(pintas_line_new_chance(&s, &setup.rules.line, 12345, NULL, 1, ev,
                                    PINTAS_LINE_MAX_EVENTS, &n),
             PINTAS_OK);
    for (step = 0; step < 300 && s.phase != PINTAS_LINE_OVER; ++step) {
        memset(&save_log[count], 0, sizeof save_log[count]);
        if (pintas_line_chance_pending(&s)) {
            CHECK_EQ(pintas_line_chance_outcomes(&s, codes, num, &den, PINTAS_MAX_CHANCE_OUTCOMES,
                                                 &k),
                     PINTAS_OK);
            save_log[count].kind = PINTAS_SAVE_CHANCE;
            save_log[count].outcome = codes[lcg(&x) % k];
            CHECK_EQ(pintas_line_play_chance(&s, save_log[count++].outcome, ev,
                                             PINTAS_LINE_MAX_EVENTS, &n),
                     PINTAS_OK);
        } else {
            CHECK_EQ(pintas_line_legal(&s, moves, PINTAS_LINE_MAX_MOVES, &k), PINTAS_OK);
            save_log[count].kind = PINTAS_SAVE_MOVE;
            memcpy(&save_log[count].move, &moves[lcg(&x) % k], sizeof moves[0]);
            CHECK_EQ(pintas_line_play(&s, (const pintas_line_move *)&save_log[count++].move, ev,
                                      PINTAS_LINE_MAX_EVENTS, &n),
                     PINTAS_OK);
        }
    }
    log.count = count;
    log.entry = save_entry;
    log.ctx = NULL;
    CHECK_EQ(pintas_save_write(&setup, &log, &s, NULL, 0, PINTAS_SAVE_FORMAT, buf, sizeof buf,
                               &len),
             PINTAS_OK);
    CHECK(buf[6] == PINTAS_SAVE_FLAG_CHANCE);
    CHECK_EQ(pintas_save_load(&reader, PINTAS_SAVE_LINE, buf, len, NULL, 0, &back, &work, &err),
             PINTAS_OK);
    CHECK(memcmp(&back, &s, sizeof s) == 0 && reader.setup.external == 1);
    /* no format-1 save of external chance, no save of it without the flag */
    CHECK_EQ(pintas_save_write(&setup, &log, &s, NULL, 0, 1, buf, sizeof buf, &len), PINTAS_E_ARG);
    setup.external = 0;
    CHECK_EQ(pintas_save_write(&setup, NULL, &s, NULL, 0, PINTAS_SAVE_FORMAT, buf, sizeof buf,
                               &len),
             PINTAS_E_CORRUPT);
}

int main(void)
{
    test_saves();
    test_line_deal_by_chance();
    test_line_redeal_by_chance();
    test_line_tiebreak();
    test_line_mirrors();
    test_caminos_refusals();
    test_caminos_mirrors();
    test_dice_outcomes();
    test_dice_mirrors();
    test_engine_tables();
    return check_summary();
}

/* test_line_random.c - invariants over thousands of random games of every
 * preset, player count and mode, and fuzzing of pintas_line_load.
 *
 * After every move: tiles conserved; legal() well-formed (ordered, only the
 * mover's tiles, draw/pass only when nothing can be played, pass only while
 * someone else can play); a random illegal move is refused and changes
 * nothing (state, event buffer); scores only grow and match the SCORE events;
 * save -> load -> save is the identity. Every game ends within a bound and a
 * replay of its moves from the seed ends in the same state. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "line_tiles.h"
#include "pintas/pintas.h"

#define MAX_GAME_MOVES 20000

typedef struct config {
    int game, players, pairs;
    int option; /* 0 preset; 1..: a variant, see make_rules */
} config;

static const config CONFIGS[] = {
    {PINTAS_LINE_MUGGINS, 2, 0, 0},   {PINTAS_LINE_MUGGINS, 3, 0, 0},
    {PINTAS_LINE_MUGGINS, 4, 0, 0},   {PINTAS_LINE_MUGGINS, 3, 0, 1},
    {PINTAS_LINE_CAPICUA, 2, 0, 0},   {PINTAS_LINE_CAPICUA, 3, 0, 0},
    {PINTAS_LINE_CAPICUA, 4, 0, 0},   {PINTAS_LINE_CAPICUA, 4, 1, 0},
    {PINTAS_LINE_CAPICUA, 2, 0, 1},   {PINTAS_LINE_DOMINICAN, 4, 1, 0},
    {PINTAS_LINE_DOMINICAN, 4, 0, 0}, {PINTAS_LINE_DOMINICAN, 3, 0, 0},
    {PINTAS_LINE_DOMINICAN, 2, 0, 0}, {PINTAS_LINE_DOMINICAN, 4, 1, 1},
    {PINTAS_LINE_DOMINICAN, 2, 0, 1}, {PINTAS_LINE_MUGGINS, 2, 0, 2},
    {PINTAS_LINE_CAPICUA, 4, 0, 2},
};
#define N_CONFIGS (sizeof CONFIGS / sizeof CONFIGS[0])

static pintas_line_rules make_rules(const config *c, int small_target)
{
    pintas_line_rules r;
    CHECK_EQ(pintas_line_rules_preset(&r, c->game, c->players, c->pairs), PINTAS_OK);
    if (c->option == 1) {
        if (c->game == PINTAS_LINE_MUGGINS)
            r.block_scoring = PINTAS_BLOCK_LOWEST_TAKES_ALL;
        if (c->game == PINTAS_LINE_CAPICUA) {
            r.capicua = 0;
            r.pass_points = 0;
        }
        if (c->game == PINTAS_LINE_DOMINICAN) {
            r.tranque = PINTAS_TRANQUE_BLOCKER;
            r.pase_corrido_bonus = 30;
            r.pase_de_salida_bonus = 20;
            r.capicua_bonus = 0;
        }
    } else if (c->option == 2) {
        r.redeal_doubles = 3; /* frequent redeals */
    }
    if (small_target)
        r.target = (uint16_t)(r.target / 4 > 0 ? r.target / 4 : 1);
    CHECK_EQ(pintas_line_rules_check(&r), PINTAS_OK);
    return r;
}

static int draws(const pintas_line_rules *r)
{
    return r->game != PINTAS_LINE_DOMINICAN && r->players < 4;
}

static int can_place(const pintas_line_state *s, unsigned seat)
{
    pintas_mask open = pintas_suit_mask(s->ends[0]) | pintas_suit_mask(s->ends[1]);
    return (s->hand[seat] & open) != 0;
}

static int same_move(const pintas_line_move *a, const pintas_line_move *b)
{
    return a->kind == b->kind && a->tile == b->tile && a->end == b->end;
}

/* legal() is well formed for the state it was asked about. */
static void check_legal_list(const pintas_line_state *s, const pintas_line_move *out, size_t n)
{
    size_t i;
    unsigned seat = s->to_move, other;
    int someone_else = 0;
    CHECK(n >= 1);
    if (out[0].kind != PINTAS_MOVE_PLAY) {
        CHECK_EQ(n, 1);
        CHECK(s->line_len > 0);
        CHECK(!can_place(s, seat));
        CHECK(out[0].tile == PINTAS_NO_TILE && out[0].end == 0);
        if (out[0].kind == PINTAS_MOVE_DRAW) {
            CHECK(draws(&s->rules) && s->bone_pos < s->bone_len);
        } else {
            CHECK_EQ(out[0].kind, PINTAS_MOVE_PASS);
            CHECK(s->bone_pos == s->bone_len);
            for (other = 0; other < s->rules.players; ++other)
                someone_else |= other != seat && can_place(s, other);
            CHECK(someone_else); /* a pass never comes before a block */
        }
        return;
    }
    for (i = 0; i < n; ++i) {
        CHECK_EQ(out[i].kind, PINTAS_MOVE_PLAY);
        CHECK(s->hand[seat] & PINTAS_BIT(out[i].tile));
        if (i > 0)
            CHECK(out[i].tile > out[i - 1].tile ||
                  (out[i].tile == out[i - 1].tile && out[i].end > out[i - 1].end));
        if (s->line_len == 0) {
            CHECK_EQ(out[i].end, PINTAS_END_LEFT);
            if (s->forced_tile != PINTAS_NO_TILE)
                CHECK_EQ(out[i].tile, s->forced_tile);
        } else {
            CHECK(pintas_suit_mask(s->ends[out[i].end]) & PINTAS_BIT(out[i].tile));
            /* RIGHT on equal ends only where it is another position: Muggins,
             * a double at one end only */
            if (out[i].end == PINTAS_END_RIGHT && s->ends[0] == s->ends[1])
                CHECK(s->rules.game == PINTAS_LINE_MUGGINS &&
                      s->end_double[0] != s->end_double[1]);
        }
    }
    /* every playable tile is listed */
    if (s->line_len > 0) {
        pintas_mask listed = 0;
        for (i = 0; i < n; ++i)
            listed |= PINTAS_BIT(out[i].tile);
        CHECK_EQ(listed, s->hand[seat] & (pintas_suit_mask(s->ends[0]) |
                                          pintas_suit_mask(s->ends[1])));
    }
}

static pintas_line_move random_move(pintas_rng *rng)
{
    pintas_line_move m;
    m.kind = (uint8_t)pintas_rng_below(rng, 4);
    m.tile = (uint8_t)(pintas_rng_below(rng, 4) == 0 ? PINTAS_NO_TILE : pintas_rng_below(rng, 30));
    m.end = (uint8_t)pintas_rng_below(rng, 3);
    if (pintas_rng_below(rng, 2) && m.kind != PINTAS_MOVE_PLAY) {
        m.tile = PINTAS_NO_TILE;
        m.end = 0;
    }
    return m;
}

static int in_list(const pintas_line_move *m, const pintas_line_move *out, size_t n)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (same_move(m, &out[i]))
            return 1;
    return 0;
}

/* The RIGHT placement that legal() leaves out because the ends are alike:
 * its LEFT twin is listed and the ends show the same number. */
static int mirror_of_listed(const pintas_line_state *s, const pintas_line_move *m,
                            const pintas_line_move *out, size_t n)
{
    pintas_line_move twin = *m;
    twin.end = PINTAS_END_LEFT;
    return m->kind == PINTAS_MOVE_PLAY && m->end == PINTAS_END_RIGHT && s->line_len > 0 &&
           s->ends[0] == s->ends[1] && in_list(&twin, out, n) && !in_list(m, out, n);
}

/* An illegal move changes nothing: not the state, not the event buffer. */
static void check_refused(pintas_line_state *s, const pintas_line_move *m)
{
    pintas_line_state before = *s;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS], ev_before[PINTAS_LINE_MAX_EVENTS];
    size_t n_ev = 12345;
    memset(ev, 0xA5, sizeof ev);
    memcpy(ev_before, ev, sizeof ev);
    CHECK_EQ(pintas_line_check(s, m), PINTAS_E_ILLEGAL);
    CHECK_EQ(pintas_line_play(s, m, ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_E_ILLEGAL);
    CHECK(memcmp(s, &before, sizeof before) == 0);
    CHECK(memcmp(ev, ev_before, sizeof ev) == 0);
    CHECK_EQ(n_ev, 12345);
}

static void check_round_trip(const pintas_line_state *s)
{
    uint8_t a[PINTAS_LINE_SAVE_SIZE], b[PINTAS_LINE_SAVE_SIZE];
    pintas_line_state t;
    CHECK_EQ(pintas_line_save(s, a, sizeof a), PINTAS_OK);
    CHECK_EQ(pintas_line_load(&t, a, sizeof a), PINTAS_OK);
    CHECK(memcmp(&t, s, sizeof t) == 0);
    CHECK_EQ(pintas_line_save(&t, b, sizeof b), PINTAS_OK);
    CHECK(memcmp(a, b, sizeof a) == 0);
}

/* Deals respect the redeal rule unless the cap of redeals was reached. */
static void check_deal_events(const pintas_line_state *s, const pintas_line_event *ev, size_t n)
{
    size_t i, redeals = 0;
    unsigned seat;
    for (i = 0; i < n; ++i) {
        if (ev[i].kind == PINTAS_EV_REDEAL)
            redeals++;
        if (ev[i].kind != PINTAS_EV_DEAL)
            continue;
        CHECK_EQ(ev[i].seat, s->leader);
        CHECK_EQ(ev[i].points, s->round);
        if (s->rules.redeal_doubles && redeals < PINTAS_LINE_MAX_REDEALS)
            for (seat = 0; seat < s->rules.players; ++seat)
                CHECK(pintas_popcount(s->hand[seat] & PINTAS_DOUBLES_MASK) <
                      s->rules.redeal_doubles);
        for (seat = 0; seat < s->rules.players; ++seat)
            CHECK_EQ(pintas_popcount(s->hand[seat]), 7);
        CHECK(i == n - 1);
    }
}

/* One random game with every check; returns its number of moves. */
static long play_checked_game(const pintas_line_rules *r, uint64_t seed, pintas_rng *choice,
                              int heavy)
{
    pintas_line_state s, replay;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move out[PINTAS_LINE_MAX_MOVES];
    static pintas_line_move history[MAX_GAME_MOVES];
    size_t n_ev = 0, n = 0, i;
    long moves = 0, k;
    int sides = pintas_line_sides(r), failed_before = check_failed_;
    CHECK_EQ(pintas_line_new(&s, r, seed, ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_OK);
    check_deal_events(&s, ev, n_ev);
    while (s.phase == PINTAS_LINE_PLAYING && moves < MAX_GAME_MOVES) {
        if (check_failed_ != failed_before)
            return moves; /* one broken game says enough; do not flood */
        int32_t before[4], gained[4] = {0, 0, 0, 0};
        unsigned mover = s.to_move, j;
        pintas_line_move m;
        CHECK(tiles_conserved(&s));
        CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
        check_legal_list(&s, out, n);
        if (heavy) {
            for (i = 0; i < n; ++i)
                CHECK_EQ(pintas_line_check(&s, &out[i]), PINTAS_OK);
            m = random_move(choice);
            if (mirror_of_listed(&s, &m, out, n))
                CHECK_EQ(pintas_line_check(&s, &m), PINTAS_OK);
            else if (!in_list(&m, out, n))
                check_refused(&s, &m);
            check_round_trip(&s);
        }
        m = out[n > 1 ? pintas_rng_below(choice, (uint32_t)n) : 0];
        history[moves++] = m;
        memcpy(before, s.score, sizeof before);
        CHECK_EQ(pintas_line_play(&s, &m, ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_OK);
        CHECK(n_ev >= 1 && n_ev <= PINTAS_LINE_MAX_EVENTS);
        CHECK_EQ(ev[0].kind, m.kind == PINTAS_MOVE_PLAY   ? PINTAS_EV_PLAY
                             : m.kind == PINTAS_MOVE_DRAW ? PINTAS_EV_DRAW
                                                          : PINTAS_EV_PASS);
        CHECK_EQ(ev[0].seat, mover);
        for (i = 0; i < n_ev; ++i) {
            if (ev[i].kind == PINTAS_EV_SCORE) {
                CHECK(ev[i].points > 0);
                CHECK((int)ev[i].side < sides);
                CHECK_EQ(ev[i].side, pintas_line_side_of(r, ev[i].seat));
                gained[ev[i].side] += ev[i].points;
            }
            if (ev[i].kind == PINTAS_EV_GAME_END) {
                CHECK(i == n_ev - 1);
                CHECK_EQ(s.phase, PINTAS_LINE_OVER);
                CHECK_EQ(ev[i].side, s.winner);
            }
        }
        for (j = 0; j < 4; ++j)
            CHECK_EQ(s.score[j], before[j] + gained[j]);
        if (s.phase == PINTAS_LINE_PLAYING)
            check_deal_events(&s, ev, n_ev);
    }
    CHECK_EQ(s.phase, PINTAS_LINE_OVER); /* ended within the bound */
    CHECK(tiles_conserved(&s));
    CHECK((int)s.winner < sides);
    CHECK(s.score[s.winner] >= (int32_t)r->target);
    for (k = 0; k < sides; ++k)
        CHECK(s.score[k] <= s.score[s.winner]);
    CHECK_EQ(s.to_move, PINTAS_NO_SEAT);
    CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
    CHECK_EQ(n, 0);
    CHECK_EQ(pintas_line_play(&s, &history[0], ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_E_OVER);
    check_round_trip(&s);
    /* the same seed and moves replay to the same state */
    if (heavy) {
        CHECK_EQ(pintas_line_new(&replay, r, seed, ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_OK);
        for (k = 0; k < moves; ++k)
            CHECK_EQ(pintas_line_play(&replay, &history[k], ev, PINTAS_LINE_MAX_EVENTS, &n_ev),
                     PINTAS_OK);
        CHECK(memcmp(&replay, &s, sizeof s) == 0);
    }
    return moves;
}

static void test_random_games(void)
{
    size_t c;
    pintas_rng choice;
    pintas_rng_seed(&choice, 2024, 1);
    for (c = 0; c < N_CONFIGS; ++c) {
        int small;
        for (small = 0; small < 2; ++small) {
            pintas_line_rules r = make_rules(&CONFIGS[c], small);
            int games = small ? 1500 : 500, g;
            for (g = 0; g < games && check_failed_ < 100; ++g)
                play_checked_game(&r, (uint64_t)(c * 100000 + small * 50000 + g), &choice,
                                  g % 3 == 0);
        }
    }
}

/* simulate() is the documented loop over the public API. */
static void test_simulate(void)
{
    pintas_line_rules r;
    pintas_line_stats a, b, manual;
    pintas_rng choice;
    pintas_line_state s;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move out[PINTAS_LINE_MAX_MOVES];
    size_t n_ev, n, i;
    uint64_t g, seed = 77;
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_DOMINICAN, 4, 1), PINTAS_OK);
    CHECK_EQ(pintas_line_simulate(&r, 50, seed, &a), PINTAS_OK);
    CHECK_EQ(pintas_line_simulate(&r, 50, seed, &b), PINTAS_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    CHECK_EQ(a.games, 50);
    CHECK_EQ(a.wins[0] + a.wins[1], 50);
    memset(&manual, 0, sizeof manual);
    pintas_rng_seed(&choice, seed, PINTAS_RNG_STREAM + 1);
    for (g = 0; g < 50; ++g) {
        CHECK_EQ(pintas_line_new(&s, &r, seed + g, ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_OK);
        while (s.phase == PINTAS_LINE_PLAYING) {
            CHECK_EQ(pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK);
            CHECK_EQ(pintas_line_play(&s, &out[n > 1 ? pintas_rng_below(&choice, (uint32_t)n) : 0],
                                      ev, PINTAS_LINE_MAX_EVENTS, &n_ev),
                     PINTAS_OK);
            manual.moves++;
            for (i = 0; i < n_ev; ++i) {
                if (ev[i].kind == PINTAS_EV_SCORE)
                    manual.points[ev[i].side] += (uint64_t)ev[i].points;
                if (ev[i].kind == PINTAS_EV_ROUND_END && ev[i].reason != PINTAS_WHY_DOMINO)
                    manual.blocks++;
            }
        }
        manual.games++;
        manual.rounds += s.round;
        manual.wins[s.winner]++;
    }
    CHECK(memcmp(&manual, &a, sizeof a) == 0);
    /* every preset runs */
    CHECK_EQ(pintas_line_rules_preset(&r, PINTAS_LINE_MUGGINS, 3, 0), PINTAS_OK);
    CHECK_EQ(pintas_line_simulate(&r, 20, 1, &a), PINTAS_OK);
    CHECK_EQ(a.wins[0] + a.wins[1] + a.wins[2], 20);
    CHECK(a.blocks > 0);
    CHECK_EQ(pintas_line_simulate(&r, 0, 1, &a), PINTAS_OK);
    CHECK_EQ(a.games, 0);
    CHECK_EQ(pintas_line_simulate(NULL, 1, 1, &a), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_simulate(&r, 1, 1, NULL), PINTAS_E_ARG);
    r.players = 5;
    CHECK_EQ(pintas_line_simulate(&r, 1, 1, &a), PINTAS_E_RULES);
}

/* ---- load fuzzing -------------------------------------------------------- */

/* Play a loaded state to its end with random moves: it must never fail. */
static void play_to_end(pintas_line_state *s, pintas_rng *rng)
{
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move out[PINTAS_LINE_MAX_MOVES];
    size_t n, n_ev;
    long moves = 0;
    while (s->phase == PINTAS_LINE_PLAYING && moves++ < MAX_GAME_MOVES) {
        if (!CHECK_EQ(pintas_line_legal(s, out, PINTAS_LINE_MAX_MOVES, &n), PINTAS_OK) || n == 0)
            return;
        if (!CHECK_EQ(pintas_line_play(s, &out[pintas_rng_below(rng, (uint32_t)n)], ev,
                                       PINTAS_LINE_MAX_EVENTS, &n_ev),
                      PINTAS_OK))
            return;
        if (!CHECK(s->phase == PINTAS_LINE_OVER || s->passes < s->rules.players))
            return; /* passing round the table: a block went undeclared */
        if (moves % 16 == 0)
            check_round_trip(s);
    }
    CHECK_EQ(s->phase, PINTAS_LINE_OVER);
    check_round_trip(s);
}

/* Valid saves from random points of random games of every config. */
static int collect_saves(uint8_t (*saves)[PINTAS_LINE_SAVE_SIZE], int cap, pintas_rng *rng)
{
    int count = 0;
    size_t c;
    for (c = 0; c < N_CONFIGS && count < cap; ++c) {
        int g;
        pintas_line_rules r = make_rules(&CONFIGS[c], 1);
        for (g = 0; g < 4 && count < cap; ++g) {
            pintas_line_state s;
            pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
            pintas_line_move out[PINTAS_LINE_MAX_MOVES];
            size_t n, n_ev;
            uint32_t stop = pintas_rng_below(rng, 120);
            uint32_t k = 0;
            CHECK_EQ(pintas_line_new(&s, &r, 900 + g, ev, PINTAS_LINE_MAX_EVENTS, &n_ev),
                     PINTAS_OK);
            while (s.phase == PINTAS_LINE_PLAYING && (g == 3 || k++ < stop)) {
                pintas_line_legal(&s, out, PINTAS_LINE_MAX_MOVES, &n);
                pintas_line_play(&s, &out[pintas_rng_below(rng, (uint32_t)n)], ev,
                                 PINTAS_LINE_MAX_EVENTS, &n_ev);
            }
            CHECK_EQ(pintas_line_save(&s, saves[count++], PINTAS_LINE_SAVE_SIZE), PINTAS_OK);
        }
    }
    return count;
}

static void test_load_fuzz(void)
{
    static uint8_t saves[80][PINTAS_LINE_SAVE_SIZE];
    uint8_t buf[PINTAS_LINE_SAVE_SIZE + 64];
    pintas_rng rng;
    pintas_line_state s, before;
    int count, i, accepted = 0, rejected = 0;
    size_t len, k;
    pintas_rng_seed(&rng, 31337, 3);
    memset(&before, 0x3C, sizeof before);
    /* random bytes of any length */
    for (i = 0; i < 20000; ++i) {
        int st;
        len = pintas_rng_below(&rng, sizeof buf + 1);
        for (k = 0; k < sizeof buf; ++k)
            buf[k] = (uint8_t)pintas_rng_next(&rng);
        if (i % 2) { /* a plausible header and length */
            buf[0] = 'P';
            buf[1] = 'L';
            buf[2] = 'N';
            buf[3] = 1;
            len = PINTAS_LINE_SAVE_SIZE;
        }
        s = before;
        st = pintas_line_load(&s, buf, len);
        CHECK(st == PINTAS_E_CORRUPT || st == PINTAS_E_VERSION);
        CHECK(memcmp(&s, &before, sizeof s) == 0);
    }
    /* single-byte mutations and truncations of valid saves */
    count = collect_saves(saves, 80, &rng);
    CHECK(count >= 60);
    for (i = 0; i < count && check_failed_ < 100; ++i) {
        int m;
        for (len = 0; len < PINTAS_LINE_SAVE_SIZE; ++len)
            CHECK_EQ(pintas_line_load(&s, saves[i], len), len < 4 || saves[i][3] == 1
                                                              ? PINTAS_E_CORRUPT
                                                              : PINTAS_E_VERSION);
        for (m = 0; m < 400; ++m) {
            int st;
            size_t at = m < PINTAS_LINE_SAVE_SIZE ? (size_t)m
                                                  : pintas_rng_below(&rng, PINTAS_LINE_SAVE_SIZE);
            memcpy(buf, saves[i], PINTAS_LINE_SAVE_SIZE);
            if (pintas_rng_below(&rng, 2))
                buf[at] ^= (uint8_t)(1u << pintas_rng_below(&rng, 8));
            else
                buf[at] = (uint8_t)pintas_rng_next(&rng);
            s = before;
            st = pintas_line_load(&s, buf, PINTAS_LINE_SAVE_SIZE);
            if (st == PINTAS_OK) {
                accepted++;
                check_round_trip(&s);
                if (m % 4 == 0)
                    play_to_end(&s, &rng);
            } else {
                rejected++;
                CHECK(st == PINTAS_E_CORRUPT || (at == 3 && st == PINTAS_E_VERSION));
                CHECK(memcmp(&s, &before, sizeof s) == 0);
            }
        }
        /* the unmutated save loads and plays on */
        CHECK_EQ(pintas_line_load(&s, saves[i], PINTAS_LINE_SAVE_SIZE), PINTAS_OK);
        play_to_end(&s, &rng);
    }
    CHECK(accepted > 0 && rejected > 0);
}

int main(int argc, char **argv)
{
    (void)argv;
    test_simulate();
    test_load_fuzz();
    if (argc < 2) /* any argument: skip the long random games */
        test_random_games();
    return check_summary();
}

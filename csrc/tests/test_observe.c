/* test_observe.c - observations and keys (pintas/observe.h): the parts of
 * each game's vector tile it exactly; over whole games of every preset, for
 * every seat at every state, the vector is all 0/1 and the key fits its
 * bound; what a seat may not know changes neither (the other seats' hands
 * and the pile swapped, the dice PRNG reseeded); a hand-made opening reads
 * as it should, slice by slice; bad arguments leave the buffer untouched. */
#include <string.h>

#include "check.h"
#include "pintas/pintas.h"

#define GAMES 3

static pintas_line_record line_rec;
static pintas_caminos_record cam_rec;
static uint8_t obs_a[PINTAS_MAX_ACTIONS + PINTAS_CAMINOS_OBS_SIZE], obs_b[sizeof obs_a];
static uint8_t key_a[PINTAS_CAMINOS_KEY_MAX], key_b[PINTAS_CAMINOS_KEY_MAX];

/* Every move shows something to every seat: seat 0's key after it differs
 * from its key before (a key that said too little would repeat). */
static uint8_t last_key[PINTAS_CAMINOS_KEY_MAX];
static size_t last_len;

static void check_key_moved(const uint8_t *key, size_t len, int first)
{
    if (!first)
        CHECK(len != last_len || memcmp(key, last_key, len) != 0);
    memcpy(last_key, key, len);
    last_len = len;
}

static void check_parts(const pintas_obs_part *parts, size_t n, size_t size)
{
    size_t i, j, at = 0;
    for (i = 0; i < n; ++i) {
        CHECK_EQ(parts[i].start, at);
        CHECK(parts[i].size > 0);
        for (j = 0; j < i; ++j)
            CHECK(strcmp(parts[i].name, parts[j].name) != 0);
        at += parts[i].size;
    }
    CHECK_EQ(at, size);
}

static int all_flags(const uint8_t *v, size_t n)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (v[i] > 1)
            return 0;
    return 1;
}

/* The part of game `parts` called name, as an offset into a vector. */
static const pintas_obs_part *part(const pintas_obs_part *parts, size_t n, const char *name)
{
    size_t i;
    for (i = 0; i < n; ++i)
        if (strcmp(parts[i].name, name) == 0)
            return &parts[i];
    return NULL;
}

/* ---- line games -------------------------------------------------------------------- */

/* The observation and key of seat `seat` of *s into obs/key; 1 on success. */
/* The observer table gives what the typed calls gave (obs, key). */
static void check_observer(const pintas_observer *o, const void *v, const uint8_t *obs,
                           const uint8_t *key, size_t len)
{
    static uint8_t again[PINTAS_CAMINOS_OBS_SIZE], key_again[PINTAS_CAMINOS_KEY_MAX];
    size_t n = 0;
    CHECK_EQ(o->observe(v, again, o->obs_size), PINTAS_OK);
    CHECK(memcmp(again, obs, o->obs_size) == 0);
    CHECK_EQ(o->view_key(v, key_again, o->key_max, &n), PINTAS_OK);
    CHECK(n == len && memcmp(key_again, key, n) == 0);
}

/* An observation made straight from the state (status st, in from_state)
 * is the one its view gave (obs). */
static uint8_t from_state[PINTAS_CAMINOS_OBS_SIZE];

static void check_from_state(int st, const uint8_t *obs, size_t size)
{
    CHECK_EQ(st, PINTAS_OK);
    CHECK(memcmp(from_state, obs, size) == 0);
}

static int line_seen(const pintas_line_state *s, int seat, uint8_t *obs, uint8_t *key, size_t *len)
{
    static pintas_line_view v;
    int ok = CHECK_EQ(pintas_line_view_of(s, &line_rec, seat, &v), PINTAS_OK) &&
             CHECK_EQ(pintas_line_observe(&v, obs, PINTAS_LINE_OBS_SIZE), PINTAS_OK) &&
             CHECK_EQ(pintas_line_view_key(&v, key, PINTAS_LINE_KEY_MAX, len), PINTAS_OK);
    if (ok)
        check_observer(&pintas_line_observer, &v, obs, key, *len);
    if (ok) /* straight from the state: the same bytes */
        check_from_state(pintas_line_observe_state(s, &line_rec, seat, from_state,
                                                   PINTAS_LINE_OBS_SIZE),
                         obs, PINTAS_LINE_OBS_SIZE);
    return ok;
}

/* Swap a tile of seat a with one of seat b (b may be -1: the boneyard's next). */
static void line_swap_hidden(pintas_line_state *t, int a, int b)
{
    uint8_t x, y;
    if (t->hand[a] == 0)
        return;
    x = (uint8_t)pintas_lowest_bit(t->hand[a]);
    if (b < 0) {
        if (t->bone_pos >= t->bone_len)
            return;
        y = t->boneyard[t->bone_pos];
        t->boneyard[t->bone_pos] = x;
    } else {
        if (t->hand[b] == 0)
            return;
        y = (uint8_t)pintas_lowest_bit(t->hand[b]);
        t->hand[b] = (t->hand[b] & ~((pintas_mask)1u << y)) | (pintas_mask)1u << x;
    }
    t->hand[a] = (t->hand[a] & ~((pintas_mask)1u << x)) | (pintas_mask)1u << y;
}

static void check_line_state(const pintas_line_state *s, int first)
{
    static pintas_line_state t;
    size_t la, lb;
    int seat, p = s->rules.players;
    for (seat = 0; seat < p; ++seat) {
        if (!line_seen(s, seat, obs_a, key_a, &la))
            return;
        CHECK(all_flags(obs_a, PINTAS_LINE_OBS_SIZE));
        CHECK(la <= PINTAS_LINE_KEY_MAX);
        if (seat == 0)
            check_key_moved(key_a, la, first);
        /* the others' hands and the pile changed: this seat sees nothing new */
        t = *s;
        line_swap_hidden(&t, (seat + 1) % p, (seat + 2) % p == seat ? -1 : (seat + 2) % p);
        line_swap_hidden(&t, (seat + 1) % p, -1);
        if (s->forced_tile != PINTAS_NO_TILE) /* the forced lead is told: keep it where it is */
            t = *s;
        line_seen(&t, seat, obs_b, key_b, &lb);
        CHECK(memcmp(obs_a, obs_b, PINTAS_LINE_OBS_SIZE) == 0);
        CHECK(la == lb && memcmp(key_a, key_b, la) == 0);
    }
}

static void check_line_games(const pintas_line_rules *rules)
{
    static pintas_line_state s;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n_ev, n;
    uint64_t seed;
    for (seed = 1; seed <= GAMES; ++seed) {
        unsigned k = 0;
        pintas_line_record_clear(&line_rec);
        CHECK_EQ(pintas_line_new(&s, rules, seed, ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_OK);
        pintas_line_record_update(&line_rec, ev, n_ev);
        for (;;) {
            check_line_state(&s, k == 0);
            if (pintas_line_legal(&s, moves, PINTAS_LINE_MAX_MOVES, &n) != PINTAS_OK || n == 0)
                break;
            CHECK_EQ(pintas_line_play(&s, &moves[k++ % n], ev, PINTAS_LINE_MAX_EVENTS, &n_ev),
                     PINTAS_OK);
            CHECK_EQ(pintas_line_record_update(&line_rec, ev, n_ev), PINTAS_OK);
        }
    }
}

/* A Dominican pairs deal made by hand (tiles dealt in turn); the holder of
 * 6|6 opens with it. */
static void check_line_opening(void)
{
    static pintas_line_state s;
    static pintas_line_view v;
    const pintas_obs_part *P = pintas_line_obs_parts;
    const size_t N = PINTAS_LINE_OBS_PARTS;
    pintas_line_rules rules;
    pintas_line_deal deal;
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    pintas_line_move m = {PINTAS_MOVE_PLAY, 0, PINTAS_END_LEFT};
    size_t n_ev, i;
    int seat, t;
    memset(&deal, 0, sizeof deal);
    for (t = 0; t < PINTAS_TILE_COUNT; ++t) /* tile 0 is 6|6 (tiles.h): seats take 7 in turn */
        deal.hand[t % 4] |= (pintas_mask)1u << t;
    pintas_line_rules_preset(&rules, PINTAS_LINE_DOMINICAN, 4, 1);
    pintas_line_record_clear(&line_rec);
    CHECK_EQ(pintas_line_new_dealt(&s, &rules, 9, &deal, ev, PINTAS_LINE_MAX_EVENTS, &n_ev),
             PINTAS_OK);
    pintas_line_record_update(&line_rec, ev, n_ev);
    m.tile = s.forced_tile;
    CHECK_EQ(pintas_line_play(&s, &m, ev, PINTAS_LINE_MAX_EVENTS, &n_ev), PINTAS_OK);
    pintas_line_record_update(&line_rec, ev, n_ev);
    for (seat = 0; seat < 4; ++seat) {
        unsigned rel0 = (unsigned)((s.leader + 4 - seat) % 4); /* the leader, from this seat */
        CHECK_EQ(pintas_line_view_of(&s, &line_rec, seat, &v), PINTAS_OK);
        CHECK_EQ(pintas_line_observe(&v, obs_a, sizeof obs_a), PINTAS_OK);
        CHECK_EQ(obs_a[part(P, N, "rules")->start + 2], 1); /* Dominican */
        CHECK_EQ(obs_a[part(P, N, "rules")->start + 3], 1); /* pairs */
        for (t = 0; t < PINTAS_TILE_COUNT; ++t) {
            CHECK_EQ(obs_a[part(P, N, "hand")->start + (unsigned)t],
                     (s.hand[seat] >> t & 1u) != 0);
            CHECK_EQ(obs_a[part(P, N, "table")->start + (unsigned)t], t == m.tile);
            CHECK_EQ(obs_a[part(P, N, "played")->start + 28 * rel0 + (unsigned)t], t == m.tile);
        }
        for (i = 0; i < 7; ++i) {
            CHECK_EQ(obs_a[part(P, N, "left_end")->start + i], i == 6);
            CHECK_EQ(obs_a[part(P, N, "right_end")->start + i], i == 6);
        }
        CHECK_EQ(obs_a[part(P, N, "end_doubles")->start], 1);
        /* the seat after the leader is to move */
        for (i = 0; i < 4; ++i) {
            CHECK_EQ(obs_a[part(P, N, "to_move")->start + i], i == (rel0 + 1) % 4);
            CHECK_EQ(obs_a[part(P, N, "leader")->start + i], i == rel0);
            CHECK_EQ(obs_a[part(P, N, "hand_sizes")->start + 10 * i + 5], 1); /* 6 or 7 */
            CHECK_EQ(obs_a[part(P, N, "hand_sizes")->start + 10 * i + 6], i != rel0);
        }
        CHECK_EQ(obs_a[part(P, N, "round")->start], 1);
        CHECK_EQ(obs_a[part(P, N, "round")->start + 1], 0);
    }
    /* refusals: the buffer is untouched */
    memset(obs_b, 0x77, sizeof obs_b);
    CHECK_EQ(pintas_line_observe(&v, obs_b, PINTAS_LINE_OBS_SIZE - 1), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_line_observe(NULL, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_observe(&v, NULL, sizeof obs_b), PINTAS_E_ARG);
    v.info.seat = 4;
    CHECK_EQ(pintas_line_observe(&v, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(obs_b[0], 0x77);
    CHECK_EQ(pintas_line_view_key(&v, key_b, PINTAS_LINE_KEY_MAX - 1, &n_ev), PINTAS_E_BUFFER);
    v.info.log_len = PINTAS_LINE_INFO_MAX_LOG + 1;
    CHECK_EQ(pintas_line_view_key(&v, key_b, sizeof key_b, &n_ev), PINTAS_E_ARG);
}

/* ---- Caminos --------------------------------------------------------------------------- */

static int caminos_seen(const pintas_caminos_state *s, int seat, uint8_t *obs, uint8_t *key,
                        size_t *len)
{
    static pintas_caminos_view v;
    int ok = CHECK_EQ(pintas_caminos_view_of(s, &cam_rec, seat, &v), PINTAS_OK) &&
             CHECK_EQ(pintas_caminos_observe(&v, obs, PINTAS_CAMINOS_OBS_SIZE), PINTAS_OK) &&
             CHECK_EQ(pintas_caminos_view_key(&v, key, PINTAS_CAMINOS_KEY_MAX, len), PINTAS_OK);
    if (ok)
        check_observer(&pintas_caminos_observer, &v, obs, key, *len);
    if (ok)
        check_from_state(pintas_caminos_observe_state(s, &cam_rec, seat, from_state,
                                                      PINTAS_CAMINOS_OBS_SIZE),
                         obs, PINTAS_CAMINOS_OBS_SIZE);
    return ok;
}

static void check_caminos_state(const pintas_caminos_state *s, int first)
{
    static pintas_caminos_state t;
    size_t la, lb;
    int seat, p = s->rules.players;
    for (seat = 0; seat < p; ++seat) {
        if (!caminos_seen(s, seat, obs_a, key_a, &la))
            return;
        CHECK(all_flags(obs_a, PINTAS_CAMINOS_OBS_SIZE));
        CHECK(la <= PINTAS_CAMINOS_KEY_MAX);
        if (seat == 0)
            check_key_moved(key_a, la, first);
        /* the pile reordered: the next seat's draws change, nobody sees it */
        t = *s;
        if (t.pile_len > 1) {
            uint8_t top = t.pile[0];
            t.pile[0] = t.pile[t.pile_len - 1];
            t.pile[t.pile_len - 1] = top;
        }
        caminos_seen(&t, seat, obs_b, key_b, &lb);
        CHECK(memcmp(obs_a, obs_b, PINTAS_CAMINOS_OBS_SIZE) == 0);
        CHECK(la == lb && memcmp(key_a, key_b, la) == 0);
    }
}

static void check_caminos_games(const pintas_caminos_rules *rules)
{
    static pintas_caminos_state s;
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    size_t n_ev, n;
    uint64_t seed;
    for (seed = 1; seed <= GAMES; ++seed) {
        unsigned k = 0;
        pintas_caminos_record_start(&cam_rec, rules);
        CHECK_EQ(pintas_caminos_new(&s, rules, seed, ev, PINTAS_CAMINOS_MAX_EVENTS, &n_ev),
                 PINTAS_OK);
        pintas_caminos_record_update(&cam_rec, ev, n_ev);
        for (;;) {
            check_caminos_state(&s, k == 0);
            if (pintas_caminos_legal(&s, moves, PINTAS_CAMINOS_MAX_MOVES, &n) != PINTAS_OK ||
                n == 0)
                break;
            CHECK_EQ(pintas_caminos_play(&s, &moves[k++ % n], ev, PINTAS_CAMINOS_MAX_EVENTS,
                                         &n_ev), PINTAS_OK);
            CHECK_EQ(pintas_caminos_record_update(&cam_rec, ev, n_ev), PINTAS_OK);
        }
    }
}

/* ---- dice -------------------------------------------------------------------------------- */

static void check_dice_games(const pintas_dice_rules *rules, int players)
{
    static pintas_dice_state s, t;
    static pintas_dice_view v;
    pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS];
    uint8_t mask[PINTAS_DICE_ACTIONS];
    size_t n_ev, n, la, lb;
    uint64_t seed;
    int seat, a;
    for (seed = 1; seed <= GAMES; ++seed) {
        unsigned k = 0;
        CHECK_EQ(pintas_dice_new(&s, rules, players, 0, seed), PINTAS_OK);
        for (;;) {
            for (seat = 0; seat < players; ++seat) {
                CHECK_EQ(pintas_dice_view_of(&s, seat, &v), PINTAS_OK);
                CHECK_EQ(pintas_dice_observe(&v, obs_a, sizeof obs_a), PINTAS_OK);
                CHECK(all_flags(obs_a, PINTAS_DICE_OBS_SIZE));
                check_from_state(pintas_dice_observe_state(&s, seat, from_state,
                                                           PINTAS_DICE_OBS_SIZE),
                                 obs_a, PINTAS_DICE_OBS_SIZE);
                CHECK_EQ(pintas_dice_view_key(&v, key_a, sizeof key_a, &la), PINTAS_OK);
                check_observer(&pintas_dice_observer, &v, obs_a, key_a, la);
                if (seat == 0)
                    check_key_moved(key_a, la, k == 0);
                t = s; /* the rolls to come changed: nothing seen changes */
                pintas_dice_reseed(&t, seed * 977 + k);
                CHECK_EQ(pintas_dice_view_of(&t, seat, &v), PINTAS_OK);
                CHECK_EQ(pintas_dice_observe(&v, obs_b, sizeof obs_b), PINTAS_OK);
                CHECK_EQ(pintas_dice_view_key(&v, key_b, sizeof key_b, &lb), PINTAS_OK);
                CHECK(memcmp(obs_a, obs_b, PINTAS_DICE_OBS_SIZE) == 0);
                CHECK(la == lb && la <= PINTAS_DICE_KEY_MAX && memcmp(key_a, key_b, la) == 0);
            }
            if (pintas_dice_legal_mask(&s, mask, sizeof mask, &n) != PINTAS_OK || n == 0)
                break;
            for (a = 0; !mask[a] || (k % 3 == 0 && a == 0 && mask[1]); ++a) /* bank at times */
                ;
            ++k;
            CHECK_EQ(pintas_dice_play_action(&s, a, ev, PINTAS_DICE_MAX_EVENTS, &n_ev), PINTAS_OK);
        }
    }
}

/* The observations straight from a state refuse what their views refuse,
 * and a buffer too small, leaving it untouched. */
static void check_from_state_refusals(void)
{
    static pintas_line_state ls;
    static pintas_caminos_state cs;
    static pintas_dice_state ds;
    pintas_line_rules lr;
    pintas_caminos_rules cr;
    pintas_dice_rules dr;
    pintas_line_event lev[PINTAS_LINE_MAX_EVENTS];
    pintas_caminos_event cev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n;
    pintas_line_rules_preset(&lr, PINTAS_LINE_DOMINICAN, 4, 1);
    pintas_line_record_clear(&line_rec);
    CHECK_EQ(pintas_line_new(&ls, &lr, 5, lev, PINTAS_LINE_MAX_EVENTS, &n), PINTAS_OK);
    CHECK_EQ(pintas_line_record_update(&line_rec, lev, n), PINTAS_OK);
    pintas_caminos_rules_preset(&cr, PINTAS_CAMINOS_BASE, 3);
    pintas_caminos_record_start(&cam_rec, &cr);
    CHECK_EQ(pintas_caminos_new(&cs, &cr, 5, cev, PINTAS_CAMINOS_MAX_EVENTS, &n), PINTAS_OK);
    CHECK_EQ(pintas_caminos_record_update(&cam_rec, cev, n), PINTAS_OK);
    pintas_dice_rules_farkle(&dr);
    CHECK_EQ(pintas_dice_new(&ds, &dr, 3, 0, 5), PINTAS_OK);
    memset(obs_b, 0x77, sizeof obs_b);
    CHECK_EQ(pintas_line_observe_state(&ls, &line_rec, 0, obs_b, PINTAS_LINE_OBS_SIZE - 1),
             PINTAS_E_BUFFER);
    CHECK_EQ(pintas_line_observe_state(NULL, &line_rec, 0, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_observe_state(&ls, NULL, 0, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_observe_state(&ls, &line_rec, 0, NULL, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_observe_state(&ls, &line_rec, 4, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_line_observe_state(&ls, &line_rec, -1, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_observe_state(&cs, &cam_rec, 0, obs_b, PINTAS_CAMINOS_OBS_SIZE - 1),
             PINTAS_E_BUFFER);
    CHECK_EQ(pintas_caminos_observe_state(NULL, &cam_rec, 0, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_observe_state(&cs, NULL, 0, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_observe_state(&cs, &cam_rec, 0, NULL, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_caminos_observe_state(&cs, &cam_rec, 3, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_observe_state(&ds, 0, obs_b, PINTAS_DICE_OBS_SIZE - 1), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_dice_observe_state(NULL, 0, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_observe_state(&ds, 0, NULL, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(pintas_dice_observe_state(&ds, 3, obs_b, sizeof obs_b), PINTAS_E_ARG);
    CHECK_EQ(obs_b[0], 0x77);
    CHECK_EQ(obs_b[sizeof obs_b - 1], 0x77);
    /* and the seats it has, it observes */
    CHECK_EQ(pintas_line_observe_state(&ls, &line_rec, 3, obs_b, sizeof obs_b), PINTAS_OK);
    CHECK_EQ(pintas_caminos_observe_state(&cs, &cam_rec, 2, obs_b, sizeof obs_b), PINTAS_OK);
    CHECK_EQ(pintas_dice_observe_state(&ds, 2, obs_b, sizeof obs_b), PINTAS_OK);
}

int main(void)
{
    pintas_line_rules lr;
    pintas_caminos_rules cr;
    pintas_dice_rules dr;
    int g;
    check_parts(pintas_line_obs_parts, PINTAS_LINE_OBS_PARTS, PINTAS_LINE_OBS_SIZE);
    check_parts(pintas_caminos_obs_parts, PINTAS_CAMINOS_OBS_PARTS, PINTAS_CAMINOS_OBS_SIZE);
    check_parts(pintas_dice_obs_parts, PINTAS_DICE_OBS_PARTS, PINTAS_DICE_OBS_SIZE);
    for (g = PINTAS_LINE_MUGGINS; g <= PINTAS_LINE_DOMINICAN; ++g) {
        pintas_line_rules_preset(&lr, g, 3, 0);
        check_line_games(&lr);
    }
    pintas_line_rules_preset(&lr, PINTAS_LINE_DOMINICAN, 4, 1);
    check_line_games(&lr);
    pintas_line_rules_preset(&lr, PINTAS_LINE_MUGGINS, 2, 0);
    check_line_games(&lr);
    check_line_opening();
    for (g = PINTAS_CAMINOS_BASE; g <= PINTAS_CAMINOS_TWO_PATHS; ++g) {
        pintas_caminos_rules_preset(&cr, g, 3);
        check_caminos_games(&cr);
    }
    pintas_dice_rules_dice_of_doom(&dr);
    check_dice_games(&dr, 2);
    pintas_dice_rules_farkle(&dr);
    check_dice_games(&dr, 3);
    check_from_state_refusals();
    return check_summary();
}

/* test_engine.c - the engine tables of pintas/engine.h: their sizes are the
 * games' own, and a game played through a table is the game played through
 * the typed functions, move for move and byte for byte.
 */
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "pintas/pintas.h"

#define MOVES 400

static void check_sizes(void)
{
    CHECK_EQ(pintas_line_engine.state_size, sizeof(pintas_line_state));
    CHECK_EQ(pintas_line_engine.rng_offset, offsetof(pintas_line_state, rng));
    CHECK_EQ(pintas_line_engine.save_size, PINTAS_LINE_SAVE_SIZE);
    CHECK_EQ(pintas_line_engine.move_size, sizeof(pintas_line_move));
    CHECK_EQ(pintas_line_engine.event_size, sizeof(pintas_line_event));
    CHECK_EQ(pintas_line_engine.max_events, PINTAS_LINE_MAX_EVENTS);
    CHECK_EQ(pintas_caminos_engine.state_size, sizeof(pintas_caminos_state));
    CHECK_EQ(pintas_caminos_engine.rng_offset, offsetof(pintas_caminos_state, rng));
    CHECK_EQ(pintas_caminos_engine.event_size, sizeof(pintas_caminos_event));
    CHECK_EQ(pintas_dice_engine.state_size, sizeof(pintas_dice_state));
    CHECK_EQ(pintas_dice_engine.save_size, PINTAS_DICE_SAVE_SIZE);
    CHECK(pintas_dice_engine.start == NULL && pintas_dice_engine.set_deal == NULL);
    CHECK(pintas_dice_engine.legal == NULL && pintas_dice_engine.max_moves == 0);
    CHECK_EQ(pintas_caminos_engine.max_moves, PINTAS_CAMINOS_MAX_MOVES);
    CHECK(strcmp(pintas_caminos_engine.name, "caminos") == 0);
}

/* The table's status, turn and legal moves of `a` are `b`'s own fields. */
static void check_line_status(const pintas_engine *e, const pintas_line_state *a,
                              const pintas_line_state *b, const pintas_line_move *moves,
                              size_t n_moves)
{
    pintas_engine_status st;
    pintas_engine_moves listed;
    size_t n = 0;
    int side;
    CHECK_EQ(e->status(a, &st), PINTAS_OK);
    CHECK_EQ(st.seats, b->rules.players);
    CHECK_EQ(st.sides, pintas_line_sides(&b->rules));
    for (side = 0; side < st.sides; ++side)
        CHECK_EQ(st.score[side], b->score[side]);
    CHECK_EQ(st.over, b->phase == PINTAS_LINE_OVER);
    CHECK_EQ(e->turn(a), b->phase == PINTAS_LINE_OVER ? -1 : b->to_move);
    CHECK_EQ(e->legal(a, &listed, e->max_moves, &n), PINTAS_OK);
    CHECK(n == n_moves && memcmp(&listed, moves, n * sizeof(pintas_line_move)) == 0);
    CHECK_EQ(st.round, b->round);
    for (side = 0; side < b->rules.players; ++side)
        CHECK(e->hand(a, side) == b->hand[side]);
    CHECK(e->hand(a, b->rules.players) == 0 && e->hand(a, -1) == 0);
}

/* A batch simulation through the table is the typed one, total for total. */
static void check_simulations(void)
{
    pintas_line_rules line;
    pintas_caminos_rules roads;
    pintas_line_stats a, b;
    pintas_caminos_stats c, d;
    pintas_line_rules_preset(&line, PINTAS_LINE_CAPICUA, 4, 1);
    CHECK_EQ(pintas_line_engine.simulate(&line, 40, 3, &a), PINTAS_OK);
    CHECK_EQ(pintas_line_simulate(&line, 40, 3, &b), PINTAS_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0 && a.games == 40);
    CHECK_EQ(pintas_line_engine.stats_size, sizeof(pintas_line_stats));
    pintas_caminos_rules_preset(&roads, 2, 3);
    CHECK_EQ(pintas_caminos_engine.simulate(&roads, 20, 3, &c), PINTAS_OK);
    CHECK_EQ(pintas_caminos_simulate(&roads, 20, 3, &d), PINTAS_OK);
    CHECK(memcmp(&c, &d, sizeof c) == 0 && c.games == 20);
    CHECK(pintas_dice_engine.simulate == NULL && pintas_dice_engine.hand == NULL);
}

/* Line games: one game through the table and its twin through the typed
 * calls, the same moves; every state, status and event must agree. */
static void check_line_twins(void)
{
    const pintas_engine *e = &pintas_line_engine;
    pintas_line_rules rules;
    pintas_line_state a, b;
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    pintas_engine_events ev;
    pintas_line_event typed[PINTAS_LINE_MAX_EVENTS];
    uint8_t save_a[PINTAS_LINE_SAVE_SIZE], save_b[PINTAS_LINE_SAVE_SIZE];
    size_t n_a = 0, n_b = 0, n_moves = 0;
    int i;
    pintas_line_rules_preset(&rules, PINTAS_LINE_MUGGINS, 3, 0);
    CHECK_EQ(e->start(&a, &rules, 77, NULL, &ev, e->max_events, &n_a), PINTAS_OK);
    CHECK_EQ(pintas_line_new(&b, &rules, 77, typed, PINTAS_LINE_MAX_EVENTS, &n_b), PINTAS_OK);
    CHECK_EQ(n_a, n_b);
    CHECK(memcmp(&ev, typed, n_b * sizeof(pintas_line_event)) == 0);
    for (i = 0; i < MOVES && pintas_line_legal(&b, moves, PINTAS_LINE_MAX_MOVES, &n_moves) ==
                                 PINTAS_OK && n_moves > 0; ++i) {
        const pintas_line_move *m = &moves[(size_t)i % n_moves];
        check_line_status(e, &a, &b, moves, n_moves);
        CHECK_EQ(e->check(&a, m), pintas_line_check(&b, m));
        CHECK_EQ(e->play(&a, m, &ev, e->max_events, &n_a),
                 pintas_line_play(&b, m, typed, PINTAS_LINE_MAX_EVENTS, &n_b));
        CHECK(n_a == n_b && memcmp(&ev, typed, n_b * sizeof(pintas_line_event)) == 0);
    }
    {
        pintas_engine_status st;
        CHECK_EQ(e->status(&a, &st), PINTAS_OK);
        CHECK(!st.over || (st.to_move == PINTAS_NO_SEAT && st.winners == 1u << b.winner));
        CHECK_EQ(e->status(NULL, &st), PINTAS_E_ARG);
        CHECK_EQ(e->turn(NULL), -1);
    }
    CHECK_EQ(e->save(&a, save_a, sizeof save_a), PINTAS_OK);
    CHECK_EQ(pintas_line_save(&b, save_b, sizeof save_b), PINTAS_OK);
    CHECK(memcmp(save_a, save_b, sizeof save_a) == 0);
    CHECK_EQ(e->load(&b, save_a, sizeof save_a), PINTAS_OK);
    CHECK_EQ(e->reseed(&a, 5), PINTAS_OK);
    CHECK_EQ(pintas_line_reseed(&b, 5), PINTAS_OK);
    CHECK(memcmp((char *)&a + e->rng_offset, &b.rng, sizeof(pintas_rng)) == 0);
    /* a bad argument is refused by the game's own function, as it would be */
    CHECK_EQ(e->play(&a, NULL, &ev, e->max_events, &n_a), PINTAS_E_ARG);
    CHECK_EQ(e->play(&a, &moves[0], &ev, 1, &n_a), PINTAS_E_BUFFER);
}

/* Caminos: a hand-made deal through the table, then a replaced deal refused
 * once the round has begun. */
static void check_caminos_deals(void)
{
    const pintas_engine *e = &pintas_caminos_engine;
    pintas_caminos_rules rules;
    pintas_caminos_state a, b;
    pintas_caminos_deal deal;
    pintas_caminos_move moves[PINTAS_CAMINOS_MAX_MOVES];
    pintas_engine_events ev;
    pintas_caminos_event typed[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n = 0, n_moves = 0;
    uint8_t tiles[PINTAS_TILE_COUNT];
    int i, t;
    pintas_caminos_rules_preset(&rules, 0, 2);
    for (t = 0; t < PINTAS_TILE_COUNT; ++t)
        tiles[t] = (uint8_t)(PINTAS_TILE_COUNT - 1 - t);
    memset(&deal, 0, sizeof deal);
    for (i = 0; i < 8; ++i)
        deal.path[i] = i < rules.paths ? tiles[i] : PINTAS_NO_TILE;
    for (t = rules.paths; t < rules.paths + 2 * rules.hand_size; ++t)
        deal.hand[(t - rules.paths) / rules.hand_size] |= PINTAS_BIT(tiles[t]);
    for (; t < PINTAS_TILE_COUNT; ++t)
        deal.pile[deal.pile_len++] = tiles[t];
    CHECK_EQ(e->start(&a, &rules, 9, &deal, &ev, e->max_events, &n), PINTAS_OK);
    CHECK_EQ(pintas_caminos_new_dealt(&b, &rules, 9, &deal, typed, PINTAS_CAMINOS_MAX_EVENTS, &n),
             PINTAS_OK);
    CHECK(memcmp(&a, &b, sizeof a) == 0);
    CHECK_EQ(e->set_deal(&a, &deal, &ev, e->max_events, &n), PINTAS_OK);
    CHECK_EQ(pintas_caminos_legal(&a, moves, PINTAS_CAMINOS_MAX_MOVES, &n_moves), PINTAS_OK);
    CHECK_EQ(e->play(&a, &moves[0], &ev, e->max_events, &n), PINTAS_OK);
    CHECK(e->set_deal(&a, &deal, &ev, e->max_events, &n) != PINTAS_OK);
}

/* Dice: a whole turn through the table. */
static void check_dice_turn(void)
{
    const pintas_engine *e = &pintas_dice_engine;
    pintas_dice_rules rules;
    pintas_dice_state s;
    pintas_dice_move roll = {PINTAS_DICE_ROLL_GIVEN, 6, {1, 5, 6, 4, 4, 3}, 0};
    pintas_engine_events ev;
    size_t n = 0;
    pintas_dice_rules_dice_of_doom(&rules);
    CHECK_EQ(pintas_dice_new(&s, &rules, 2, 0, 3), PINTAS_OK);
    CHECK_EQ(e->check(&s, &roll), PINTAS_OK);
    CHECK_EQ(e->play(&s, &roll, &ev, e->max_events, &n), PINTAS_OK);
    CHECK(n >= 1 && ((const pintas_dice_event *)(const void *)&ev)[0].kind == PINTAS_DICE_EV_ROLLED);
    CHECK_EQ(e->check(&s, &roll), PINTAS_E_ILLEGAL);
    {
        pintas_engine_status st;
        CHECK_EQ(e->status(&s, &st), PINTAS_OK);
        CHECK(st.seats == 2 && st.sides == 2 && !st.over && st.winners == 0);
        CHECK_EQ(e->turn(&s), s.to_move);
    }
}

int main(void)
{
    check_sizes();
    check_line_twins();
    check_caminos_deals();
    check_dice_turn();
    check_simulations();
    return check_summary();
}

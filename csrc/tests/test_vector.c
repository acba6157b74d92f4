/* test_vector.c - many games at once (pintas/vector.h), for every preset:
 * a batch run equals each of its games played alone through the engine
 * table (the same seeds, actions, observations, masks and seats to move),
 * the rewards are the returns of each ended game and add up to 0 over the
 * sides, an illegal or out-of-range action is refused with every slot and
 * output unchanged, and a reset run plays again exactly alike. */
#include <string.h>

#include "check.h"
#include "presets.h"

#define SLOTS 6
#define STEPS 700
#define BASE_SEED 40u

static pintas_vector_slot slots[SLOTS], copy[SLOTS];
static uint8_t obs[SLOTS][PINTAS_OBS_MAX], masks[SLOTS][PINTAS_MAX_ACTIONS];
static float rewards[SLOTS][PINTAS_VECTOR_MAX_SEATS];
static uint8_t done[SLOTS], to_move[SLOTS];
static int32_t actions[SLOTS];

/* One game played alone: the engine's state and the round's public record. */
typedef struct alone {
    pintas_save_state state;
    pintas_vector_record record;
} alone;

static alone ref[SLOTS];
static pintas_engine_events ev;

static void record_events(const preset *p, alone *a, size_t n, int fresh)
{
    if (p->engine == &pintas_line_engine) {
        if (fresh)
            pintas_line_record_clear(&a->record.line);
        CHECK_EQ(pintas_line_record_update(&a->record.line, (const void *)&ev, n), PINTAS_OK);
    } else if (p->engine == &pintas_caminos_engine) {
        if (fresh)
            pintas_caminos_record_start(&a->record.caminos, &p->rules.caminos);
        CHECK_EQ(pintas_caminos_record_update(&a->record.caminos, (const void *)&ev, n),
                 PINTAS_OK);
    }
}

static void alone_start(const preset *p, alone *a, uint64_t seed)
{
    size_t n = 0;
    CHECK_EQ(preset_start(p, &a->state, seed, &ev, &n), PINTAS_OK);
    record_events(p, a, n, 1);
}

/* The observation of `seat` of a game alone, through its view. */
static void alone_observe(const preset *p, const alone *a, int seat, uint8_t *out)
{
    if (p->engine == &pintas_line_engine) {
        pintas_line_view v;
        CHECK_EQ(pintas_line_view_of(&a->state.line, &a->record.line, seat, &v), PINTAS_OK);
        CHECK_EQ(pintas_line_observe(&v, out, PINTAS_OBS_MAX), PINTAS_OK);
    } else if (p->engine == &pintas_caminos_engine) {
        pintas_caminos_view v;
        CHECK_EQ(pintas_caminos_view_of(&a->state.caminos, &a->record.caminos, seat, &v),
                 PINTAS_OK);
        CHECK_EQ(pintas_caminos_observe(&v, out, PINTAS_OBS_MAX), PINTAS_OK);
    } else {
        pintas_dice_view v;
        CHECK_EQ(pintas_dice_view_of(&a->state.dice, seat, &v), PINTAS_OK);
        CHECK_EQ(pintas_dice_observe(&v, out, PINTAS_OBS_MAX), PINTAS_OK);
    }
}

static size_t obs_size(const preset *p)
{
    return p->engine == &pintas_line_engine      ? PINTAS_LINE_OBS_SIZE
           : p->engine == &pintas_caminos_engine ? PINTAS_CAMINOS_OBS_SIZE
                                                 : PINTAS_DICE_OBS_SIZE;
}

/* A legal action of a mask, the pick-th (modulo the legal count). */
static int32_t pick_action(const uint8_t *mask, int actions_n, unsigned pick)
{
    int a, legal = 0, k;
    for (a = 0; a < actions_n; ++a)
        legal += mask[a];
    if (legal == 0)
        return -1;
    k = (int)(pick % (unsigned)legal);
    for (a = 0; a < actions_n; ++a)
        if (mask[a] && k-- == 0)
            return a;
    return -1;
}

static unsigned next_pick(unsigned *x)
{
    *x = *x * 1103515245u + 12345u;
    return *x >> 16;
}

static int reset_all(const preset *p)
{
    size_t i;
    for (i = 0; i < SLOTS; ++i)
        if (pintas_vector_reset(p->engine, &p->rules, p->players, &slots[i], BASE_SEED + i,
                                SLOTS) != PINTAS_OK)
            return 0;
    return CHECK_EQ(pintas_vector_observe(p->engine, slots, SLOTS, &obs[0][0], &masks[0][0],
                                          to_move),
                    PINTAS_OK);
}

/* Slot i's rows of the batch's outputs (o, m, seat) are its game's alone.*/
static void check_against_alone(const preset *p, size_t i, const uint8_t *o, const uint8_t *m,
                                int seat)
{
    const pintas_engine *e = p->engine;
    uint8_t want[PINTAS_OBS_MAX], want_mask[PINTAS_MAX_ACTIONS];
    size_t n = 0;
    CHECK_EQ(seat, e->turn(&ref[i].state));
    alone_observe(p, &ref[i], seat, want);
    CHECK(memcmp(o, want, obs_size(p)) == 0);
    CHECK_EQ(e->legal_mask(&ref[i].state, want_mask, e->actions, &n), PINTAS_OK);
    CHECK(memcmp(m, want_mask, e->actions) == 0);
}

/* The rewards of an ended game alone: its side's returns add up to 0. */
static void check_rewards(const preset *p, const alone *a, const float *r)
{
    pintas_engine_status st;
    float sum = 0.0f;
    int seat;
    CHECK_EQ(p->engine->status(&a->state, &st), PINTAS_OK);
    CHECK(st.over);
    for (seat = 0; seat < st.seats; ++seat) {
        int side = p->engine == &pintas_line_engine
                       ? pintas_line_side_of(&p->rules.line, seat) : seat;
        if (seat < st.sides) /* one seat of each side: seats 0..sides-1 are on all sides */
            sum += r[seat];
        CHECK((r[seat] > 0.0f) == ((st.winners >> side & 1u) && st.winners != (1u << st.sides) - 1));
    }
    CHECK(sum > -1e-5f && sum < 1e-5f);
}

/* Run STEPS steps of the batch beside each game alone; the games ended. */
static unsigned run_beside_alone(const preset *p, uint32_t *hash)
{
    const pintas_engine *e = p->engine;
    uint64_t game_of[SLOTS];
    unsigned x = 7, ended = 0;
    size_t i, seats = (size_t)p->players, osz = obs_size(p), bad = 0;
    int step;
    static uint8_t packed_obs[SLOTS * PINTAS_OBS_MAX], packed_masks[SLOTS * PINTAS_MAX_ACTIONS];
    static float packed_rewards[SLOTS * PINTAS_VECTOR_MAX_SEATS];
    if (!CHECK(reset_all(p)))
        return 0;
    CHECK_EQ(pintas_vector_observe(e, slots, SLOTS, packed_obs, packed_masks, to_move), PINTAS_OK);
    for (i = 0; i < SLOTS; ++i) {
        game_of[i] = 0;
        alone_start(p, &ref[i], BASE_SEED + i);
        CHECK_EQ(pintas_vector_seats(&slots[i]), p->players);
        check_against_alone(p, i, packed_obs + i * osz, packed_masks + i * e->actions,
                            to_move[i]);
    }
    for (step = 0; step < STEPS; ++step) {
        for (i = 0; i < SLOTS; ++i)
            actions[i] = pick_action(packed_masks + i * e->actions, e->actions, next_pick(&x));
        if (!CHECK_EQ(pintas_vector_step(e, &p->rules, slots, SLOTS, actions, packed_obs,
                                         packed_masks, packed_rewards, done, to_move, &bad),
                      PINTAS_OK))
            return ended;
        for (i = 0; i < SLOTS; ++i) {
            size_t n = 0, s;
            const float *r = packed_rewards + i * seats;
            CHECK_EQ(e->play_action(&ref[i].state, actions[i], &ev, e->max_events, &n),
                     PINTAS_OK);
            record_events(p, &ref[i], n, 0);
            CHECK_EQ(done[i], e->turn(&ref[i].state) < 0);
            if (done[i]) {
                check_rewards(p, &ref[i], r);
                ++ended;
                alone_start(p, &ref[i], BASE_SEED + i + ++game_of[i] * SLOTS);
                CHECK_EQ(slots[i].games, game_of[i]);
            } else {
                for (s = 0; s < seats; ++s)
                    CHECK(r[s] == 0.0f);
            }
            check_against_alone(p, i, packed_obs + i * osz, packed_masks + i * e->actions,
                                to_move[i]);
            for (s = 0; s < osz; ++s)
                *hash = *hash * 31u + packed_obs[i * osz + s];
        }
    }
    return ended;
}

/* An illegal action or one out of range: refused, nothing changed. */
static void check_refused(const preset *p)
{
    const pintas_engine *e = p->engine;
    size_t i, bad = 99;
    int32_t illegal = -1, a;
    pintas_engine_move m;
    if (!CHECK(reset_all(p)))
        return;
    for (i = 0; i < SLOTS; ++i) /* the masks are packed rows of e->actions bytes */
        actions[i] = pick_action(&masks[0][0] + i * e->actions, e->actions, 0);
    for (a = 0; a < e->actions && illegal < 0; ++a)
        if (e->action_move(a, &m) == PINTAS_OK && e->check(&slots[3].state, &m) != PINTAS_OK)
            illegal = a;
    CHECK(illegal >= 0);
    memcpy(copy, slots, sizeof slots);
    memset(rewards, 0xAB, sizeof rewards);
    memset(done, 0xAB, sizeof done);
    {
        int32_t bad_values[3];
        int k;
        bad_values[0] = illegal;
        bad_values[1] = -1;
        bad_values[2] = e->actions;
        for (k = 0; k < 3; ++k) {
            int32_t keep = actions[3];
            uint8_t obs_before = obs[0][0], mask_before = masks[0][0];
            actions[3] = bad_values[k];
            CHECK_EQ(pintas_vector_step(e, &p->rules, slots, SLOTS, actions, &obs[0][0],
                                        &masks[0][0], &rewards[0][0], done, to_move, &bad),
                     k == 0 ? PINTAS_E_ILLEGAL : PINTAS_E_ARG);
            CHECK_EQ(bad, 3);
            CHECK(memcmp(copy, slots, sizeof slots) == 0);
            CHECK(done[0] == 0xAB && obs[0][0] == obs_before && masks[0][0] == mask_before);
            actions[3] = keep;
        }
    }
    /* bad arguments */
    CHECK_EQ(pintas_vector_step(NULL, &p->rules, slots, SLOTS, actions, &obs[0][0], &masks[0][0],
                                &rewards[0][0], done, to_move, &bad), PINTAS_E_ARG);
    CHECK_EQ(pintas_vector_step(e, &p->rules, slots, SLOTS, actions, NULL, &masks[0][0],
                                &rewards[0][0], done, to_move, &bad), PINTAS_E_ARG);
    CHECK_EQ(pintas_vector_reset(e, &p->rules, p->players, NULL, 1, 1), PINTAS_E_ARG);
    CHECK(memcmp(copy, slots, sizeof slots) == 0);
}

/* The returns of Game.returns(): (share - 1 / sides) * sides / (sides - 1)
 * in double, share 1 / winners for a winning side, as single precision. */
static float python_return(unsigned sides, unsigned winners, int won)
{
    double share = won ? 1.0 / winners : 0.0;
    return (float)((share - 1.0 / sides) * sides / (sides - 1));
}

/* Every set of winners of a Caminos game of four (shared wins), and every
 * winner of a dice game of 2..8 players: the returns are Game.returns()'. */
static void check_returns_table(void)
{
    static pintas_caminos_rules caminos;
    static pintas_dice_rules dice;
    float out[PINTAS_VECTOR_MAX_SEATS];
    unsigned mask, seat, players, winner;
    pintas_caminos_rules_preset(&caminos, PINTAS_CAMINOS_BASE, 4);
    pintas_dice_rules_farkle(&dice);
    CHECK_EQ(pintas_vector_reset(&pintas_caminos_engine, &caminos, 0, &slots[0], 1, 1), PINTAS_OK);
    slots[0].state.caminos.phase = PINTAS_CAMINOS_OVER; /* ended, with these winners */
    for (mask = 1; mask < 16; ++mask) {
        unsigned w = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1) + (mask >> 3 & 1);
        slots[0].state.caminos.winners = (uint8_t)mask;
        CHECK_EQ(pintas_vector_returns(&pintas_caminos_engine, &slots[0], out, 4), PINTAS_OK);
        for (seat = 0; seat < 4; ++seat)
            CHECK(out[seat] == python_return(4, w, mask >> seat & 1));
    }
    for (players = 1; players <= PINTAS_DICE_MAX_PLAYERS; ++players)
        for (winner = 0; winner < players; ++winner) {
            CHECK_EQ(pintas_vector_reset(&pintas_dice_engine, &dice, (int)players, &slots[0], 1, 1),
                     PINTAS_OK);
            slots[0].state.dice.phase = PINTAS_DICE_OVER;
            slots[0].state.dice.winner = (uint8_t)winner;
            CHECK_EQ(pintas_vector_returns(&pintas_dice_engine, &slots[0], out, players),
                     PINTAS_OK);
            for (seat = 0; seat < players; ++seat) /* one player: nothing to share */
                CHECK(out[seat] == (players < 2 ? 0.0f
                                                : python_return(players, 1, seat == winner)));
        }
}

static void check_returns(void)
{
    preset presets[PRESETS_MAX];
    float out[PINTAS_VECTOR_MAX_SEATS];
    presets_all(presets);
    CHECK_EQ(pintas_vector_reset(presets[0].engine, &presets[0].rules, 0, &slots[0], 1, 1),
             PINTAS_OK);
    CHECK_EQ(pintas_vector_returns(presets[0].engine, &slots[0], out, 3), PINTAS_E_BUFFER);
    CHECK_EQ(pintas_vector_returns(presets[0].engine, &slots[0], out, 4), PINTAS_OK);
    CHECK(out[0] == 0.0f && out[3] == 0.0f); /* not over yet */
    CHECK_EQ(pintas_vector_returns(&pintas_dice_engine, NULL, out, 4), PINTAS_E_ARG);
    CHECK_EQ(pintas_vector_reset(&pintas_dice_engine, &presets[7].rules, 0, &slots[0], 1, 1),
             PINTAS_E_ARG);
    CHECK_EQ(pintas_vector_reset(&pintas_dice_engine, &presets[7].rules, 9, &slots[0], 1, 1),
             PINTAS_E_ARG);
}

int main(void)
{
    static preset presets[PRESETS_MAX];
    size_t i, n = presets_all(presets);
    for (i = 0; i < n; ++i) {
        uint32_t first = 0, again = 0;
        unsigned ended = run_beside_alone(&presets[i], &first);
        if (!CHECK(ended > 0)) /* games did end, and were replaced */
            fprintf(stderr, "  preset %u: no game ended\n", (unsigned)i);
        CHECK_EQ(run_beside_alone(&presets[i], &again), ended); /* a reset run replays */
        CHECK_EQ(again, first);
        check_refused(&presets[i]);
    }
    check_returns();
    check_returns_table();
    return check_summary();
}

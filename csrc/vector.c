/* vector.c - many games stepped at once (pintas/vector.h).
 *
 * The engine table plays every game alike; what it does not cover (starting
 * a dice game, the round's record, a seat's view and its observation, a
 * seat's scoring side) differs by game and sits behind a small table of
 * hooks, chosen once per call from the engine's address. */
#include <string.h>

#include "pintas/actions.h"
#include "pintas/observe.h"
#include "pintas/vector.h"

typedef struct vector_game {
    const pintas_engine *engine;
    const pintas_observer *observer;
    /* Start slot->state from rules and seed, and its record from the events. */
    int (*start)(pintas_vector_slot *slot, const void *rules, uint64_t seed);
    /* Add the events of one play to the slot's record. */
    int (*record)(pintas_vector_slot *slot, const void *events, size_t n);
    /* The observation of `seat` into out (the observer's size). */
    int (*observe)(const pintas_vector_slot *slot, int seat, uint8_t *out);
    /* The scoring side of `seat`. */
    int (*side_of)(const pintas_vector_slot *slot, int seat);
} vector_game;

/* ---- line games -------------------------------------------------------------------- */

static int line_start(pintas_vector_slot *slot, const void *rules, uint64_t seed)
{
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    int st = pintas_line_new(&slot->state.line, rules, seed, ev, PINTAS_LINE_MAX_EVENTS, &n);
    if (st != PINTAS_OK)
        return st;
    pintas_line_record_clear(&slot->record.line);
    return pintas_line_record_update(&slot->record.line, ev, n);
}

static int line_record(pintas_vector_slot *slot, const void *events, size_t n)
{
    return pintas_line_record_update(&slot->record.line, events, n);
}

static int line_observe(const pintas_vector_slot *slot, int seat, uint8_t *out)
{
    pintas_line_view v;
    int st = pintas_line_view_of(&slot->state.line, &slot->record.line, seat, &v);
    return st != PINTAS_OK ? st : pintas_line_observe(&v, out, PINTAS_LINE_OBS_SIZE);
}

static int line_side_of(const pintas_vector_slot *slot, int seat)
{
    return pintas_line_side_of(&slot->state.line.rules, seat);
}

/* ---- Caminos ------------------------------------------------------------------------ */

static int caminos_start(pintas_vector_slot *slot, const void *rules, uint64_t seed)
{
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n = 0;
    int st = pintas_caminos_new(&slot->state.caminos, rules, seed, ev, PINTAS_CAMINOS_MAX_EVENTS,
                                &n);
    if (st != PINTAS_OK)
        return st;
    st = pintas_caminos_record_start(&slot->record.caminos, rules);
    return st != PINTAS_OK ? st : pintas_caminos_record_update(&slot->record.caminos, ev, n);
}

static int caminos_record(pintas_vector_slot *slot, const void *events, size_t n)
{
    return pintas_caminos_record_update(&slot->record.caminos, events, n);
}

static int caminos_observe(const pintas_vector_slot *slot, int seat, uint8_t *out)
{
    pintas_caminos_view v;
    int st = pintas_caminos_view_of(&slot->state.caminos, &slot->record.caminos, seat, &v);
    return st != PINTAS_OK ? st : pintas_caminos_observe(&v, out, PINTAS_CAMINOS_OBS_SIZE);
}

/* Caminos and dice score each seat apart: a seat is its own side. */
static int own_side(const pintas_vector_slot *slot, int seat)
{
    (void)slot;
    return seat;
}

/* ---- dice --------------------------------------------------------------------------- */

static int dice_start(pintas_vector_slot *slot, const void *rules, uint64_t seed)
{
    return pintas_dice_new(&slot->state.dice, rules, slot->players, 0, seed);
}

/* Dice hide nothing: a view is the state, and there is no record to keep. */
static int dice_record(pintas_vector_slot *slot, const void *events, size_t n)
{
    (void)slot;
    (void)events;
    (void)n;
    return PINTAS_OK;
}

static int dice_observe(const pintas_vector_slot *slot, int seat, uint8_t *out)
{
    pintas_dice_view v;
    int st = pintas_dice_view_of(&slot->state.dice, seat, &v);
    return st != PINTAS_OK ? st : pintas_dice_observe(&v, out, PINTAS_DICE_OBS_SIZE);
}

/* ---- the games' hooks ----------------------------------------------------------------- */

static const vector_game vector_games[] = {
    {&pintas_line_engine, &pintas_line_observer, line_start, line_record, line_observe,
     line_side_of},
    {&pintas_caminos_engine, &pintas_caminos_observer, caminos_start, caminos_record,
     caminos_observe, own_side},
    {&pintas_dice_engine, &pintas_dice_observer, dice_start, dice_record, dice_observe,
     own_side}};

/* The hooks of engine e, or NULL for an engine this file does not know. By
 * name too: a host made of several modules that each link the core holds
 * one copy of each table per module. */
static const vector_game *game_of(const pintas_engine *e)
{
    size_t i;
    if (e == NULL)
        return NULL;
    for (i = 0; i < sizeof vector_games / sizeof vector_games[0]; ++i)
        if (vector_games[i].engine == e ||
            (e->name != NULL && strcmp(vector_games[i].engine->name, e->name) == 0))
            return &vector_games[i];
    return NULL;
}

/* The seats a game of rules will have: the dice's are given, the tile
 * games' are in their rules (0 for a count out of range). */
static int seats_of(const pintas_engine *e, const void *rules, int players)
{
    if (e == &pintas_line_engine)
        return ((const pintas_line_rules *)rules)->players;
    if (e == &pintas_caminos_engine)
        return ((const pintas_caminos_rules *)rules)->players;
    return players >= 1 && players <= PINTAS_DICE_MAX_PLAYERS ? players : 0;
}

int pintas_vector_reset(const pintas_engine *e, const void *rules, int players,
                        pintas_vector_slot *slot, uint64_t seed, uint64_t stride)
{
    /* built aside so that a refusal leaves the caller's slot as it was */
    static const pintas_vector_slot empty;
    pintas_vector_slot fresh = empty;
    const vector_game *g = game_of(e);
    int seats, st;
    if (g == NULL || rules == NULL || slot == NULL)
        return PINTAS_E_ARG;
    seats = seats_of(e, rules, players);
    if (seats < 1 || seats > PINTAS_VECTOR_MAX_SEATS)
        return e == &pintas_dice_engine ? PINTAS_E_ARG : PINTAS_E_RULES;
    fresh.players = (uint8_t)seats;
    fresh.seed = seed;
    fresh.stride = stride;
    st = g->start(&fresh, rules, seed);
    if (st != PINTAS_OK)
        return st;
    *slot = fresh;
    return PINTAS_OK;
}

int pintas_vector_seats(const pintas_vector_slot *slot)
{
    return slot == NULL ? PINTAS_E_ARG : slot->players;
}

/* Each seat's return once over, as pintas_vector_returns says; g known. */
static void returns_of(const vector_game *g, const pintas_vector_slot *slot, float *out)
{
    pintas_engine_status status;
    double share[PINTAS_ENGINE_MAX_SIDES];
    unsigned side, seat, winners = 0;
    for (seat = 0; seat < slot->players; ++seat)
        out[seat] = 0.0f;
    if (g->engine->status(&slot->state, &status) != PINTAS_OK || !status.over ||
        status.sides < 2)
        return;
    for (side = 0; side < status.sides; ++side)
        winners += status.winners >> side & 1u;
    /* the same operations in the same order as Game.returns(), in double */
    for (side = 0; side < status.sides; ++side) {
        double won = status.winners >> side & 1u ? 1.0 / winners : 0.0;
        share[side] = (won - 1.0 / status.sides) * status.sides / (status.sides - 1);
    }
    for (seat = 0; seat < slot->players; ++seat)
        out[seat] = (float)share[g->side_of(slot, (int)seat)];
}

int pintas_vector_returns(const pintas_engine *e, const pintas_vector_slot *slot, float *out,
                          size_t cap)
{
    const vector_game *g = game_of(e);
    if (g == NULL || slot == NULL || out == NULL)
        return PINTAS_E_ARG;
    if (cap < slot->players)
        return PINTAS_E_BUFFER;
    returns_of(g, slot, out);
    return PINTAS_OK;
}

/* The observation, mask and seat to move of one slot. */
static int observe_slot(const vector_game *g, const pintas_vector_slot *slot, uint8_t *obs,
                        uint8_t *mask, uint8_t *to_move)
{
    const pintas_engine *e = g->engine;
    size_t legal = 0;
    int seat = e->turn(&slot->state), st;
    if (seat < 0) /* only a slot never reset is over */
        return PINTAS_E_ARG;
    st = g->observe(slot, seat, obs);
    if (st == PINTAS_OK)
        st = e->legal_mask(&slot->state, mask, e->actions, &legal);
    *to_move = (uint8_t)seat;
    return st;
}

int pintas_vector_observe(const pintas_engine *e, const pintas_vector_slot *slots, size_t n,
                          uint8_t *obs, uint8_t *masks, uint8_t *to_move)
{
    const vector_game *g = game_of(e);
    size_t i, obs_size, actions;
    if (g == NULL || (n > 0 && (slots == NULL || obs == NULL || masks == NULL ||
                                to_move == NULL)))
        return PINTAS_E_ARG;
    obs_size = g->observer->obs_size;
    actions = e->actions;
    for (i = 0; i < n; ++i) {
        int st = observe_slot(g, &slots[i], obs + i * obs_size, masks + i * actions,
                              &to_move[i]);
        if (st != PINTAS_OK)
            return st;
    }
    return PINTAS_OK;
}

/* PINTAS_OK if every slot takes its action, else the first refusal (its slot
 * in *bad). Nothing is changed. */
static int check_actions(const pintas_engine *e, const pintas_vector_slot *slots, size_t n,
                         const int32_t *actions, size_t *bad)
{
    size_t i;
    for (i = 0; i < n; ++i) {
        pintas_engine_move move;
        int st = PINTAS_E_ARG;
        if (slots[i].players != slots[0].players)
            st = PINTAS_E_ARG;
        else if (actions[i] >= 0 && actions[i] < e->actions &&
                 e->action_move(actions[i], &move) == PINTAS_OK)
            st = e->check(&slots[i].state, &move);
        if (st != PINTAS_OK) {
            *bad = i;
            return st;
        }
    }
    return PINTAS_OK;
}

/* Play one slot's action; its rewards and done; the next game if it ended. */
static int play_slot(const vector_game *g, const void *rules, pintas_vector_slot *slot,
                     int action, float *rewards, uint8_t *done)
{
    const pintas_engine *e = g->engine;
    pintas_engine_events events;
    size_t n = 0;
    unsigned seat;
    int st = e->play_action(&slot->state, action, &events, e->max_events, &n);
    if (st == PINTAS_OK)
        st = g->record(slot, &events, n);
    if (st != PINTAS_OK)
        return st;
    *done = e->turn(&slot->state) < 0;
    if (!*done) {
        for (seat = 0; seat < slot->players; ++seat)
            rewards[seat] = 0.0f;
        return PINTAS_OK;
    }
    returns_of(g, slot, rewards);
    slot->games++;
    slot->seed += slot->stride;
    return g->start(slot, rules, slot->seed);
}

int pintas_vector_step(const pintas_engine *e, const void *rules, pintas_vector_slot *slots,
                       size_t n, const int32_t *actions, uint8_t *obs, uint8_t *masks,
                       float *rewards, uint8_t *done, uint8_t *to_move, size_t *refused)
{
    const vector_game *g = game_of(e);
    size_t i, bad = 0, seats, obs_size, n_actions;
    int st;
    if (g == NULL || rules == NULL)
        return PINTAS_E_ARG;
    if (n == 0)
        return PINTAS_OK;
    if (slots == NULL || actions == NULL || obs == NULL || masks == NULL || rewards == NULL ||
        done == NULL || to_move == NULL)
        return PINTAS_E_ARG;
    st = check_actions(e, slots, n, actions, &bad);
    if (st != PINTAS_OK) {
        if (refused != NULL)
            *refused = bad;
        return st;
    }
    seats = slots[0].players;
    obs_size = g->observer->obs_size;
    n_actions = e->actions;
    for (i = 0; i < n; ++i) {
        st = play_slot(g, rules, &slots[i], actions[i], rewards + i * seats, &done[i]);
        if (st == PINTAS_OK)
            st = observe_slot(g, &slots[i], obs + i * obs_size, masks + i * n_actions,
                              &to_move[i]);
        if (st != PINTAS_OK) {
            if (refused != NULL)
                *refused = i;
            return st;
        }
    }
    return PINTAS_OK;
}

/* vector.c - many games stepped at once (pintas/vector.h).
 *
 * The engine table names the game; each step then calls that game's own
 * functions directly (a switch, not the table's pointers), so that the stack
 * bound of every call is known, as for the rest of the core. Only memcpy and
 * memset are needed: the rewards come from a table of constants, not from
 * floating-point arithmetic, which a microcontroller would do in software. */
#include <string.h>
#include "common_internal.h"

#include "pintas/actions.h"
#include "pintas/observe.h"
#include "pintas/vector.h"

typedef enum vector_game { GAME_LINE, GAME_CAMINOS, GAME_DICE, GAME_NONE } vector_game;

static int same_name(const char *a, const char *b)
{
    while (*a != '\0' && *a == *b) {
        ++a;
        ++b;
    }
    return *a == *b;
}

/* The game of engine e. By name too: a host made of several modules that
 * each link the core holds one copy of each table per module. */
static vector_game game_of(const pintas_engine *e)
{
    if (e == NULL)
        return GAME_NONE;
    if (e == &pintas_line_engine || (e->name != NULL && same_name(e->name, "line")))
        return GAME_LINE;
    if (e == &pintas_caminos_engine || (e->name != NULL && same_name(e->name, "caminos")))
        return GAME_CAMINOS;
    if (e == &pintas_dice_engine || (e->name != NULL && same_name(e->name, "dice")))
        return GAME_DICE;
    return GAME_NONE;
}

static size_t obs_size_of(vector_game g)
{
    return g == GAME_LINE ? PINTAS_LINE_OBS_SIZE
           : g == GAME_CAMINOS ? PINTAS_CAMINOS_OBS_SIZE : PINTAS_DICE_OBS_SIZE;
}

static size_t actions_of(vector_game g)
{
    return g == GAME_LINE ? PINTAS_LINE_ACTIONS
           : g == GAME_CAMINOS ? PINTAS_CAMINOS_ACTIONS : PINTAS_DICE_ACTIONS;
}

/* ---- each game's calls ------------------------------------------------------------- */


/* Start slot->state from rules and seed, and its record from the start's events. */
static PINTAS__OWN_FRAME int line_start(pintas_vector_slot *slot, const void *rules, uint64_t seed)
{
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    int st = pintas_line_new(&slot->state.line, rules, seed, ev, PINTAS_LINE_MAX_EVENTS, &n);
    if (st == PINTAS_OK)
        st = pintas_line_record_clear(&slot->record.line);
    return st != PINTAS_OK ? st : pintas_line_record_update(&slot->record.line, ev, n);
}

static PINTAS__OWN_FRAME int caminos_start(pintas_vector_slot *slot, const void *rules, uint64_t seed)
{
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n = 0;
    int st = pintas_caminos_new(&slot->state.caminos, rules, seed, ev, PINTAS_CAMINOS_MAX_EVENTS,
                                &n);
    if (st == PINTAS_OK)
        st = pintas_caminos_record_start(&slot->record.caminos, rules);
    return st != PINTAS_OK ? st : pintas_caminos_record_update(&slot->record.caminos, ev, n);
}

/* slot->players is the dice game's seats. */
static int start_game(vector_game g, pintas_vector_slot *slot, const void *rules, uint64_t seed)
{
    switch (g) {
    case GAME_LINE:
        return line_start(slot, rules, seed);
    case GAME_CAMINOS:
        return caminos_start(slot, rules, seed);
    case GAME_DICE:
        return pintas_dice_new(&slot->state.dice, rules, slot->players, 0, seed);
    default:
        return PINTAS_E_ARG;
    }
}

/* Play one action, and bring the record up to date with its events. */
static PINTAS__OWN_FRAME int line_play(pintas_vector_slot *slot, int action)
{
    pintas_line_event ev[PINTAS_LINE_MAX_EVENTS];
    size_t n = 0;
    int st = pintas_line_play_action(&slot->state.line, action, ev, PINTAS_LINE_MAX_EVENTS, &n);
    return st != PINTAS_OK ? st : pintas_line_record_update(&slot->record.line, ev, n);
}

static PINTAS__OWN_FRAME int caminos_play(pintas_vector_slot *slot, int action)
{
    pintas_caminos_event ev[PINTAS_CAMINOS_MAX_EVENTS];
    size_t n = 0;
    int st = pintas_caminos_play_action(&slot->state.caminos, action, ev,
                                        PINTAS_CAMINOS_MAX_EVENTS, &n);
    return st != PINTAS_OK ? st : pintas_caminos_record_update(&slot->record.caminos, ev, n);
}

static PINTAS__OWN_FRAME int dice_play(pintas_vector_slot *slot, int action)
{
    pintas_dice_event ev[PINTAS_DICE_MAX_EVENTS]; /* dice hide nothing: no record */
    size_t n = 0;
    return pintas_dice_play_action(&slot->state.dice, action, ev, PINTAS_DICE_MAX_EVENTS, &n);
}

static int play_game(vector_game g, pintas_vector_slot *slot, int action)
{
    switch (g) {
    case GAME_LINE:
        return line_play(slot, action);
    case GAME_CAMINOS:
        return caminos_play(slot, action);
    case GAME_DICE:
        return dice_play(slot, action);
    default:
        return PINTAS_E_ARG;
    }
}

/* PINTAS_OK if the game takes `action` now; the game's refusal if not. */
static int check_action(vector_game g, const pintas_vector_slot *slot, int32_t action)
{
    pintas_line_move lm;
    pintas_caminos_move cm;
    pintas_dice_move dm;
    switch (g) {
    case GAME_LINE:
        return pintas_line_action_move(action, &lm) != PINTAS_OK
                   ? PINTAS_E_ARG : pintas_line_check(&slot->state.line, &lm);
    case GAME_CAMINOS:
        return pintas_caminos_action_move(action, &cm) != PINTAS_OK
                   ? PINTAS_E_ARG : pintas_caminos_check(&slot->state.caminos, &cm);
    case GAME_DICE:
        return pintas_dice_action_move(action, &dm) != PINTAS_OK
                   ? PINTAS_E_ARG : pintas_dice_check(&slot->state.dice, &dm);
    default:
        return PINTAS_E_ARG;
    }
}

/* The seat to move, or -1 once the game is over. */
static int turn_of(vector_game g, const pintas_vector_slot *slot)
{
    const pintas_save_state *s = &slot->state;
    switch (g) {
    case GAME_LINE:
        return s->line.phase == PINTAS_LINE_OVER ? -1 : s->line.to_move;
    case GAME_CAMINOS:
        return s->caminos.phase == PINTAS_CAMINOS_OVER ? -1 : s->caminos.to_move;
    default:
        return s->dice.phase == PINTAS_DICE_OVER ? -1 : s->dice.to_move;
    }
}

/* The observation of `seat` (its view, then the encoding: pintas/observe.h)
 * and the legal mask. */
static int observe_game(vector_game g, const pintas_vector_slot *slot, int seat, uint8_t *obs,
                        uint8_t *mask)
{
    size_t n = 0;
    switch (g) {
    case GAME_LINE:
        return pintas_line_observe_state(&slot->state.line, &slot->record.line, seat, obs,
                                         PINTAS_LINE_OBS_SIZE) != PINTAS_OK
                   ? PINTAS_E_ARG
                   : pintas_line_legal_mask(&slot->state.line, mask, PINTAS_LINE_ACTIONS, &n);
    case GAME_CAMINOS:
        return pintas_caminos_observe_state(&slot->state.caminos, &slot->record.caminos, seat,
                                            obs, PINTAS_CAMINOS_OBS_SIZE) != PINTAS_OK
                   ? PINTAS_E_ARG
                   : pintas_caminos_legal_mask(&slot->state.caminos, mask,
                                               PINTAS_CAMINOS_ACTIONS, &n);
    default:
        return pintas_dice_observe_state(&slot->state.dice, seat, obs, PINTAS_DICE_OBS_SIZE) !=
                       PINTAS_OK
                   ? PINTAS_E_ARG
                   : pintas_dice_legal_mask(&slot->state.dice, mask, PINTAS_DICE_ACTIONS, &n);
    }
}

/* ---- returns ------------------------------------------------------------------------ */

/* Of `sides` sides (2..8) with `w` winning sides: a winning side's return
 * (sides - w) / (w * (sides - 1)), a losing side's -1 / (sides - 1), each
 * the float nearest the exact value, as the compiler rounds a constant
 * quotient of whole numbers: what Game.returns() gives, in double, rounded
 * to single precision. */
#define WIN(k, w) ((w) <= (k) ? (float)((k) - (w)) / (float)((w) * ((k) - 1)) : 0.0f)
#define WIN_ROW(k) {0.0f, WIN(k, 1), WIN(k, 2), WIN(k, 3), WIN(k, 4), WIN(k, 5), WIN(k, 6), \
                    WIN(k, 7), WIN(k, 8)}
static const float win_return[PINTAS_VECTOR_MAX_SEATS + 1][PINTAS_VECTOR_MAX_SEATS + 1] = {
    {0.0f}, {0.0f}, WIN_ROW(2), WIN_ROW(3), WIN_ROW(4), WIN_ROW(5), WIN_ROW(6), WIN_ROW(7),
    WIN_ROW(8)};
static const float loss_return[PINTAS_VECTOR_MAX_SEATS + 1] = {
    0.0f, 0.0f, -1.0f, -1.0f / 2, -1.0f / 3, -1.0f / 4, -1.0f / 5, -1.0f / 6, -1.0f / 7};

/* The scoring sides of an ended game, the mask of the winning ones and each
 * seat's side into side[]; 0 sides while it is on. */
static unsigned sides_of(vector_game g, const pintas_vector_slot *slot, unsigned *winners,
                         uint8_t *side)
{
    const pintas_save_state *s = &slot->state;
    unsigned seat, sides = slot->players;
    if (turn_of(g, slot) >= 0)
        return 0;
    for (seat = 0; seat < slot->players; ++seat)
        side[seat] = (uint8_t)seat;
    if (g == GAME_LINE) {
        sides = (unsigned)pintas_line_sides(&s->line.rules);
        for (seat = 0; seat < slot->players; ++seat)
            side[seat] = (uint8_t)pintas_line_side_of(&s->line.rules, (int)seat);
        *winners = 1u << s->line.winner;
    } else if (g == GAME_CAMINOS) {
        *winners = s->caminos.winners;
    } else {
        *winners = 1u << s->dice.winner;
    }
    return sides;
}

static void returns_of(vector_game g, const pintas_vector_slot *slot, float *out)
{
    uint8_t side[PINTAS_VECTOR_MAX_SEATS];
    unsigned winners = 0, won = 0, k, seat;
    unsigned sides = sides_of(g, slot, &winners, side);
    for (k = 0; k < sides; ++k)
        won += winners >> k & 1u;
    for (seat = 0; seat < slot->players; ++seat) {
        if (sides < 2 || sides > PINTAS_VECTOR_MAX_SEATS || won == 0)
            out[seat] = 0.0f; /* on, or a game of one side: nothing to share */
        else
            out[seat] = winners >> side[seat] & 1u ? win_return[sides][won] : loss_return[sides];
    }
}

/* ---- the public calls ---------------------------------------------------------------- */

/* The seats a game of rules will have: the dice's are given, the tile games'
 * are in their rules (0 for rules the game refuses or a count out of range). */
static int seats_of(vector_game g, const void *rules, int players)
{
    if (g == GAME_LINE)
        return pintas_line_rules_check(rules) == PINTAS_OK
                   ? ((const pintas_line_rules *)rules)->players : 0;
    if (g == GAME_CAMINOS)
        return pintas_caminos_rules_check(rules) == PINTAS_OK
                   ? ((const pintas_caminos_rules *)rules)->players : 0;
    if (pintas_dice_rules_check(rules) != PINTAS_OK)
        return 0;
    return players >= 1 && players <= PINTAS_DICE_MAX_PLAYERS ? players : -1;
}

int pintas_vector_reset(const pintas_engine *e, const void *rules, int players,
                        pintas_vector_slot *slot, uint64_t seed, uint64_t stride)
{
    vector_game g = game_of(e);
    int seats;
    if (g == GAME_NONE || rules == NULL || slot == NULL)
        return PINTAS_E_ARG;
    /* checked here, so that the start (which checks the same) cannot fail
     * once the slot is being written */
    seats = seats_of(g, rules, players);
    if (seats < 0)
        return PINTAS_E_ARG;
    if (seats < 1 || seats > PINTAS_VECTOR_MAX_SEATS)
        return PINTAS_E_RULES;
    memset(slot, 0, sizeof *slot);
    slot->players = (uint8_t)seats;
    slot->seed = seed;
    slot->stride = stride;
    return start_game(g, slot, rules, seed);
}

int pintas_vector_seats(const pintas_vector_slot *slot)
{
    return slot == NULL ? PINTAS_E_ARG : slot->players;
}

int pintas_vector_returns(const pintas_engine *e, const pintas_vector_slot *slot, float *out,
                          size_t cap)
{
    vector_game g = game_of(e);
    if (g == GAME_NONE || slot == NULL || out == NULL)
        return PINTAS_E_ARG;
    if (cap < slot->players)
        return PINTAS_E_BUFFER;
    returns_of(g, slot, out);
    return PINTAS_OK;
}

/* The observation, mask and seat to move of one slot. */
static int observe_slot(vector_game g, const pintas_vector_slot *slot, uint8_t *obs,
                        uint8_t *mask, uint8_t *to_move)
{
    int seat = turn_of(g, slot);
    if (seat < 0) /* only a slot never reset is over */
        return PINTAS_E_ARG;
    *to_move = (uint8_t)seat;
    return observe_game(g, slot, seat, obs, mask);
}

int pintas_vector_observe(const pintas_engine *e, const pintas_vector_slot *slots, size_t n,
                          uint8_t *obs, uint8_t *masks, uint8_t *to_move)
{
    vector_game g = game_of(e);
    size_t i;
    if (g == GAME_NONE || (n > 0 && (slots == NULL || obs == NULL || masks == NULL ||
                                     to_move == NULL)))
        return PINTAS_E_ARG;
    for (i = 0; i < n; ++i) {
        int st = observe_slot(g, &slots[i], obs + i * obs_size_of(g), masks + i * actions_of(g),
                              &to_move[i]);
        if (st != PINTAS_OK)
            return st;
    }
    return PINTAS_OK;
}

/* PINTAS_OK if every slot takes its action, else the first refusal (its slot
 * in *bad). Nothing is changed. */
static int check_actions(vector_game g, const pintas_vector_slot *slots, size_t n,
                         const int32_t *actions, size_t *bad)
{
    size_t i;
    for (i = 0; i < n; ++i) {
        int st = slots[i].players != slots[0].players ? PINTAS_E_ARG
                                                      : check_action(g, &slots[i], actions[i]);
        if (st != PINTAS_OK) {
            *bad = i;
            return st;
        }
    }
    return PINTAS_OK;
}

/* Play one slot's action; its rewards and done; the next game if it ended. */
static int play_slot(vector_game g, const void *rules, pintas_vector_slot *slot, int action,
                     float *rewards, uint8_t *done)
{
    unsigned seat;
    int st = play_game(g, slot, action);
    if (st != PINTAS_OK)
        return st;
    *done = turn_of(g, slot) < 0;
    if (!*done) {
        for (seat = 0; seat < slot->players; ++seat)
            rewards[seat] = 0.0f;
        return PINTAS_OK;
    }
    returns_of(g, slot, rewards);
    slot->games++;
    slot->seed += slot->stride;
    return start_game(g, slot, rules, slot->seed);
}

int pintas_vector_step(const pintas_engine *e, const void *rules, pintas_vector_slot *slots,
                       size_t n, const int32_t *actions, uint8_t *obs, uint8_t *masks,
                       float *rewards, uint8_t *done, uint8_t *to_move, size_t *refused)
{
    vector_game g = game_of(e);
    size_t i, bad = 0, seats;
    int st;
    if (g == GAME_NONE || rules == NULL)
        return PINTAS_E_ARG;
    if (n == 0)
        return PINTAS_OK;
    if (slots == NULL || actions == NULL || obs == NULL || masks == NULL || rewards == NULL ||
        done == NULL || to_move == NULL)
        return PINTAS_E_ARG;
    st = check_actions(g, slots, n, actions, &bad);
    if (st != PINTAS_OK) {
        if (refused != NULL)
            *refused = bad;
        return st;
    }
    seats = slots[0].players;
    for (i = 0; i < n; ++i) {
        st = play_slot(g, rules, &slots[i], actions[i], rewards + i * seats, &done[i]);
        if (st == PINTAS_OK)
            st = observe_slot(g, &slots[i], obs + i * obs_size_of(g), masks + i * actions_of(g),
                              &to_move[i]);
        if (st != PINTAS_OK) {
            if (refused != NULL)
                *refused = i;
            return st;
        }
    }
    return PINTAS_OK;
}

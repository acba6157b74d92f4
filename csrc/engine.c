/* engine.c - the engine tables of pintas/engine.h: each game's typed
 * functions behind one untyped interface.
 *
 * The adapters only convert pointers; the game's own functions check every
 * argument, so an adapter adds no behaviour. Macros write the adapters of a
 * game from its name, so that the three tables cannot drift apart.
 */
#include <stddef.h>

#include "pintas/actions.h"
#include "pintas/caminos.h"
#include "pintas/dice.h"
#include "pintas/engine.h"
#include "pintas/line.h"

/* A compile-time check: a negative array size when `cond` is false. */
#define PINTAS__STATIC_CHECK(name, cond) typedef char pintas__check_##name[(cond) ? 1 : -1]

/* check, play, reseed, save and load of pintas_<game>_*, and the bounds. */
#define PINTAS__ENGINE_MOVES(game, GAME)                                                 \
    static int game##_check(const void *s, const void *m)                                \
    {                                                                                    \
        return pintas_##game##_check(s, m);                                              \
    }                                                                                    \
    static int game##_play(void *s, const void *m, void *ev, size_t cap, size_t *n)      \
    {                                                                                    \
        return pintas_##game##_play(s, m, ev, cap, n);                                   \
    }                                                                                    \
    static int game##_reseed(void *s, uint64_t seed)                                     \
    {                                                                                    \
        return pintas_##game##_reseed(s, seed);                                          \
    }                                                                                    \
    static int game##_save(const void *s, uint8_t *buf, size_t cap)                      \
    {                                                                                    \
        return pintas_##game##_save(s, buf, cap);                                        \
    }                                                                                    \
    static int game##_load(void *s, const uint8_t *buf, size_t len)                      \
    {                                                                                    \
        return pintas_##game##_load(s, buf, len);                                        \
    }                                                                                    \
    static int game##_action(const void *m)                                              \
    {                                                                                    \
        return pintas_##game##_action(m);                                                \
    }                                                                                    \
    static int game##_action_move(int a, void *m)                                        \
    {                                                                                    \
        return pintas_##game##_action_move(a, m);                                        \
    }                                                                                    \
    static int game##_legal_mask(const void *s, uint8_t *mask, size_t cap, size_t *n)    \
    {                                                                                    \
        return pintas_##game##_legal_mask(s, mask, cap, n);                              \
    }                                                                                    \
    static int game##_play_action(void *s, int a, void *ev, size_t cap, size_t *n)       \
    {                                                                                    \
        return pintas_##game##_play_action(s, a, ev, cap, n);                            \
    }                                                                                    \
    static int game##_pending(const void *s)                                             \
    {                                                                                    \
        return pintas_##game##_chance_pending(s);                                        \
    }                                                                                    \
    static int game##_chance_outcomes(const void *s, uint16_t *codes, uint32_t *num,     \
                                      uint32_t *den, size_t cap, size_t *n)              \
    {                                                                                    \
        return pintas_##game##_chance_outcomes(s, codes, num, den, cap, n);              \
    }                                                                                    \
    static int game##_play_chance(void *s, int outcome, void *ev, size_t cap, size_t *n) \
    {                                                                                    \
        return pintas_##game##_play_chance(s, outcome, ev, cap, n);                      \
    }                                                                                    \
    PINTAS__STATIC_CHECK(game##_move, sizeof(pintas_##game##_move)                       \
                                          <= PINTAS_ENGINE_MAX_MOVE_BYTES);              \
    PINTAS__STATIC_CHECK(game##_events, sizeof(pintas_##game##_event)                    \
                                                * PINTAS_##GAME##_MAX_EVENTS             \
                                            <= PINTAS_ENGINE_MAX_EVENT_BYTES)

/* What only the tile games have: start, set_deal, legal, hand and simulate. */
#define PINTAS__ENGINE_DEALS(game, GAME)                                                 \
    static int game##_start(void *s, const void *rules, uint64_t seed, const void *deal, \
                            void *ev, size_t cap, size_t *n)                             \
    {                                                                                    \
        if (deal == NULL)                                                                \
            return pintas_##game##_new(s, rules, seed, ev, cap, n);                      \
        return pintas_##game##_new_dealt(s, rules, seed, deal, ev, cap, n);              \
    }                                                                                    \
    static int game##_start_chance(void *s, const void *rules, uint64_t seed,            \
                                   const void *deal, int external, void *ev, size_t cap, \
                                   size_t *n)                                            \
    {                                                                                    \
        return pintas_##game##_new_chance(s, rules, seed, deal, external, ev, cap, n);   \
    }                                                                                    \
    static int game##_set_deal(void *s, const void *deal, void *ev, size_t cap,          \
                               size_t *n)                                                \
    {                                                                                    \
        return pintas_##game##_set_deal(s, deal, ev, cap, n);                            \
    }                                                                                    \
    static int game##_legal(const void *s, void *moves, size_t cap, size_t *n)           \
    {                                                                                    \
        return pintas_##game##_legal(s, moves, cap, n);                                  \
    }                                                                                    \
    static int game##_simulate(const void *rules, uint64_t games, uint64_t seed,          \
                               void *stats)                                              \
    {                                                                                    \
        return pintas_##game##_simulate(rules, games, seed, stats);                      \
    }                                                                                    \
    static pintas_mask game##_hand(const void *state, int seat)                          \
    {                                                                                    \
        const pintas_##game##_state *s = state;                                          \
        return s != NULL && seat >= 0 && seat < s->rules.players ? s->hand[seat] : 0;    \
    }                                                                                    \
    PINTAS__STATIC_CHECK(game##_setup, sizeof(pintas_##game##_rules)                     \
                                               <= PINTAS_ENGINE_MAX_SETUP_BYTES          \
                                           && sizeof(pintas_##game##_deal)               \
                                                  <= PINTAS_ENGINE_MAX_SETUP_BYTES);     \
    PINTAS__STATIC_CHECK(game##_moves, sizeof(pintas_##game##_move)                      \
                                               * PINTAS_##GAME##_MAX_MOVES               \
                                           <= PINTAS_ENGINE_MAX_MOVES_BYTES)

/* The table's sizes and its move functions, after `name`. */
#define PINTAS__ENGINE_SIZES(game, GAME)                                                 \
    (uint16_t)sizeof(pintas_##game##_state), (uint16_t)offsetof(pintas_##game##_state, rng), \
        PINTAS_##GAME##_SAVE_SIZE, (uint16_t)sizeof(pintas_##game##_move),               \
        (uint16_t)sizeof(pintas_##game##_event), PINTAS_##GAME##_MAX_EVENTS
#define PINTAS__ENGINE_PLAYS(game, GAME)                                                 \
    game##_status, game##_turn, game##_check, game##_play, game##_reseed, game##_save,   \
        game##_load, PINTAS_##GAME##_ACTIONS, game##_action, game##_action_move,         \
        game##_legal_mask, game##_play_action

PINTAS__ENGINE_MOVES(line, LINE);
PINTAS__ENGINE_DEALS(line, LINE);
PINTAS__ENGINE_MOVES(caminos, CAMINOS);
PINTAS__ENGINE_DEALS(caminos, CAMINOS);
PINTAS__ENGINE_MOVES(dice, DICE);

/* ---- status: each game's own fields -------------------------------------- */

static void status_scores(pintas_engine_status *out, const int32_t *score, int sides)
{
    int i;
    for (i = 0; i < PINTAS_ENGINE_MAX_SIDES; ++i)
        out->score[i] = i < sides ? score[i] : 0;
    out->sides = (uint8_t)sides;
}

static int line_status(const void *state, pintas_engine_status *out)
{
    const pintas_line_state *s = state;
    if (s == NULL || out == NULL)
        return PINTAS_E_ARG;
    status_scores(out, s->score, pintas_line_sides(&s->rules));
    out->seats = s->rules.players;
    out->over = s->phase == PINTAS_LINE_OVER;
    out->to_move = out->over ? PINTAS_NO_SEAT : s->to_move;
    if (pintas_line_chance_pending(s))
        out->to_move = PINTAS_CHANCE_SEAT;
    out->winners = (uint8_t)pintas_line_winners(s);
    out->round = s->round;
    return PINTAS_OK;
}

static int caminos_status(const void *state, pintas_engine_status *out)
{
    const pintas_caminos_state *s = state;
    if (s == NULL || out == NULL)
        return PINTAS_E_ARG;
    status_scores(out, s->score, s->rules.players);
    out->seats = s->rules.players;
    out->over = s->phase == PINTAS_CAMINOS_OVER;
    out->to_move = out->over ? PINTAS_NO_SEAT : s->to_move;
    if (pintas_caminos_chance_pending(s))
        out->to_move = PINTAS_CHANCE_SEAT;
    out->winners = out->over ? s->winners : 0;
    out->round = s->round;
    return PINTAS_OK;
}

static int dice_status(const void *state, pintas_engine_status *out)
{
    const pintas_dice_state *s = state;
    if (s == NULL || out == NULL)
        return PINTAS_E_ARG;
    status_scores(out, s->score, s->players);
    out->seats = s->players;
    out->over = s->phase == PINTAS_DICE_OVER;
    out->to_move = out->over ? PINTAS_NO_SEAT : s->to_move;
    if (pintas_dice_chance_pending(s))
        out->to_move = PINTAS_CHANCE_SEAT;
    out->winners = (uint8_t)pintas_dice_winners(s);
    out->round = 0;
    return PINTAS_OK;
}

static int line_turn(const void *state)
{
    const pintas_line_state *s = state;
    if (pintas_line_chance_pending(s))
        return PINTAS_TURN_CHANCE;
    return s == NULL || s->phase == PINTAS_LINE_OVER ? -1 : s->to_move;
}

static int caminos_turn(const void *state)
{
    const pintas_caminos_state *s = state;
    if (pintas_caminos_chance_pending(s))
        return PINTAS_TURN_CHANCE;
    return s == NULL || s->phase == PINTAS_CAMINOS_OVER ? -1 : s->to_move;
}

static int dice_turn(const void *state)
{
    const pintas_dice_state *s = state;
    if (pintas_dice_chance_pending(s))
        return PINTAS_TURN_CHANCE;
    return s == NULL || s->phase == PINTAS_DICE_OVER ? -1 : s->to_move;
}

static int dice_start_chance(void *s, const void *rules, uint64_t seed, const void *seats,
                             int external, void *ev, size_t cap, size_t *n)
{
    const int *p = seats;
    if (p == NULL || ev == NULL || n == NULL)
        return PINTAS_E_ARG;
    if (cap < PINTAS_DICE_MAX_EVENTS)
        return PINTAS_E_BUFFER;
    *n = 0;
    return pintas_dice_new_chance(s, rules, p[0], p[1], seed, external);
}

PINTAS__STATIC_CHECK(sides, PINTAS_LINE_MAX_SEATS <= PINTAS_ENGINE_MAX_SIDES
                                && PINTAS_CAMINOS_MAX_SEATS <= PINTAS_ENGINE_MAX_SIDES
                                && PINTAS_DICE_MAX_PLAYERS <= PINTAS_ENGINE_MAX_SIDES);

const pintas_engine pintas_line_engine = {
    "line", PINTAS__ENGINE_SIZES(line, LINE), PINTAS_LINE_MAX_MOVES, line_start, line_set_deal,
    line_legal, line_hand, line_simulate, sizeof(pintas_line_stats),
    PINTAS__ENGINE_PLAYS(line, LINE), PINTAS_TILE_COUNT, line_start_chance, line_pending,
    line_chance_outcomes, line_play_chance};
const pintas_engine pintas_caminos_engine = {
    "caminos", PINTAS__ENGINE_SIZES(caminos, CAMINOS), PINTAS_CAMINOS_MAX_MOVES, caminos_start,
    caminos_set_deal, caminos_legal, caminos_hand, caminos_simulate, sizeof(pintas_caminos_stats),
    PINTAS__ENGINE_PLAYS(caminos, CAMINOS), PINTAS_TILE_COUNT, caminos_start_chance,
    caminos_pending, caminos_chance_outcomes, caminos_play_chance};
const pintas_engine pintas_dice_engine = {
    "dice", PINTAS__ENGINE_SIZES(dice, DICE), 0, NULL, NULL, NULL, NULL, NULL, 0,
    PINTAS__ENGINE_PLAYS(dice, DICE), PINTAS_DICE_SETS, dice_start_chance, dice_pending,
    dice_chance_outcomes, dice_play_chance};

/* actions.c - the actions of pintas/actions.h: each game's moves numbered in
 * one fixed range, their masks and their play. The numbering is each
 * game's move code; the masks are made from the legal-move lists the games
 * already write, so an action is legal exactly when its move is listed. */
#include <string.h>

#include "pintas/actions.h"
#include "pintas/engine.h"
#include "common_internal.h"

/* ---- one move <-> one action ------------------------------------------------- */

#define LINE_DRAW 56
#define CAMINOS_REVEAL 448
#define CAMINOS_DRAW 476
#define DICE_KEEP 1 /* a keep's action: this plus the set's index (never 0: not empty) */

int pintas_line_action(const pintas_line_move *m)
{
    if (m == NULL)
        return PINTAS_E_ARG;
    if (m->kind == PINTAS_MOVE_PLAY)
        return m->tile < PINTAS_TILE_COUNT && m->end <= PINTAS_END_RIGHT ? m->tile * 2 + m->end
                                                                         : PINTAS_E_ARG;
    if (m->kind == PINTAS_MOVE_DRAW || m->kind == PINTAS_MOVE_PASS)
        return LINE_DRAW + m->kind - PINTAS_MOVE_DRAW;
    return PINTAS_E_ARG;
}

int pintas_line_action_move(int action, pintas_line_move *m)
{
    if (m == NULL || action < 0 || action >= PINTAS_LINE_ACTIONS)
        return PINTAS_E_ARG;
    if (action < LINE_DRAW) {
        m->kind = PINTAS_MOVE_PLAY;
        m->tile = (uint8_t)(action >> 1);
        m->end = (uint8_t)(action & 1);
    } else {
        m->kind = (uint8_t)(PINTAS_MOVE_DRAW + action - LINE_DRAW);
        m->tile = PINTAS_NO_TILE;
        m->end = 0;
    }
    return PINTAS_OK;
}

int pintas_caminos_action(const pintas_caminos_move *m)
{
    if (m == NULL)
        return PINTAS_E_ARG;
    switch (m->kind) {
    case PINTAS_CAMINOS_PLACE:
        if (m->tile >= PINTAS_TILE_COUNT || m->path >= PINTAS_CAMINOS_MAX_PATHS ||
            m->side > PINTAS_CAMINOS_BACK)
            return PINTAS_E_ARG;
        return (m->tile * PINTAS_CAMINOS_MAX_PATHS + m->path) * 2 + m->side;
    case PINTAS_CAMINOS_REVEAL:
        return m->tile < PINTAS_TILE_COUNT ? CAMINOS_REVEAL + m->tile : PINTAS_E_ARG;
    case PINTAS_CAMINOS_DRAW:
    case PINTAS_CAMINOS_PASS:
        return CAMINOS_DRAW + m->kind - PINTAS_CAMINOS_DRAW;
    default:
        return PINTAS_E_ARG;
    }
}

int pintas_caminos_action_move(int action, pintas_caminos_move *m)
{
    if (m == NULL || action < 0 || action >= PINTAS_CAMINOS_ACTIONS)
        return PINTAS_E_ARG;
    m->tile = PINTAS_NO_TILE;
    m->path = PINTAS_CAMINOS_NO_PATH;
    m->side = 0;
    if (action < CAMINOS_REVEAL) {
        m->kind = PINTAS_CAMINOS_PLACE;
        m->tile = (uint8_t)(action / (2 * PINTAS_CAMINOS_MAX_PATHS));
        m->path = (uint8_t)(action / 2 % PINTAS_CAMINOS_MAX_PATHS);
        m->side = (uint8_t)(action & 1);
    } else if (action < CAMINOS_DRAW) {
        m->kind = PINTAS_CAMINOS_REVEAL;
        m->tile = (uint8_t)(action - CAMINOS_REVEAL);
    } else {
        m->kind = (uint8_t)(PINTAS_CAMINOS_DRAW + action - CAMINOS_DRAW);
    }
    return PINTAS_OK;
}

int pintas_dice_action(const pintas_dice_move *m)
{
    int index;
    if (m == NULL)
        return PINTAS_E_ARG;
    switch (m->kind) {
    case PINTAS_DICE_ROLL: return 0;
    case PINTAS_DICE_BANK: return 1;
    case PINTAS_DICE_KEEP:
        index = pintas_dice_set_index(m->keep);
        return index > 0 ? DICE_KEEP + index : PINTAS_E_ARG;
    default: return PINTAS_E_ARG; /* a given roll is chance, not a decision */
    }
}

int pintas_dice_action_move(int action, pintas_dice_move *m)
{
    pintas_dice_set keep = 0;
    if (m == NULL || action < 0 || action >= PINTAS_DICE_ACTIONS)
        return PINTAS_E_ARG;
    if (action > DICE_KEEP && pintas_dice_set_at(action - DICE_KEEP, &keep) != PINTAS_OK)
        return PINTAS_E_ARG;
    memset(m, 0, sizeof *m);
    m->kind = action == 0 ? PINTAS_DICE_ROLL : action == 1 ? PINTAS_DICE_BANK : PINTAS_DICE_KEEP;
    m->keep = keep;
    return PINTAS_OK;
}

/* ---- masks --------------------------------------------------------------------- */

/* The first checks of a mask call, in the documented order. */
static int mask_args(const void *s, const uint8_t *mask, const size_t *n, size_t cap,
                     size_t count)
{
    return pintas__buffer_args(s != NULL && mask != NULL && n != NULL, cap, count);
}

/* A tile game's mask: its legal moves listed by `list` into one buffer of
 * the engine's size, each marked at its action. */
typedef int (*list_fn)(const void *s, void *moves, size_t *k);
typedef int (*action_fn)(const void *move);

static int tile_mask(const void *s, uint8_t *mask, size_t cap, size_t *n, size_t count,
                     list_fn list, action_fn action, size_t move_size)
{
    pintas_engine_moves moves;
    size_t i, k = 0;
    int st = mask_args(s, mask, n, cap, count);
    if (st == PINTAS_OK)
        st = list(s, moves.bytes, &k);
    if (st != PINTAS_OK)
        return st;
    memset(mask, 0, count);
    for (i = 0; i < k; ++i)
        mask[action(moves.bytes + i * move_size)] = 1;
    *n = k;
    return PINTAS_OK;
}

static int line_list(const void *s, void *moves, size_t *k)
{
    return pintas_line_legal(s, moves, PINTAS_LINE_MAX_MOVES, k);
}

static int line_action(const void *move)
{
    return pintas_line_action(move);
}

static int caminos_list(const void *s, void *moves, size_t *k)
{
    return pintas_caminos_legal(s, moves, PINTAS_CAMINOS_MAX_MOVES, k);
}

static int caminos_action(const void *move)
{
    return pintas_caminos_action(move);
}

int pintas_line_legal_mask(const pintas_line_state *s, uint8_t *mask, size_t cap, size_t *n)
{
    return tile_mask(s, mask, cap, n, PINTAS_LINE_ACTIONS, line_list, line_action,
                     sizeof(pintas_line_move));
}

int pintas_caminos_legal_mask(const pintas_caminos_state *s, uint8_t *mask, size_t cap,
                              size_t *n)
{
    return tile_mask(s, mask, cap, n, PINTAS_CAMINOS_ACTIONS, caminos_list, caminos_action,
                     sizeof(pintas_caminos_move));
}

int pintas_dice_legal_mask(const pintas_dice_state *s, uint8_t *mask, size_t cap, size_t *n)
{
    pintas_dice_moves moves;
    size_t i;
    int st = mask_args(s, mask, n, cap, PINTAS_DICE_ACTIONS);
    if (st == PINTAS_OK)
        st = pintas_dice_legal(s, &moves);
    if (st != PINTAS_OK)
        return st;
    memset(mask, 0, PINTAS_DICE_ACTIONS);
    mask[0] = moves.can_roll;
    mask[1] = moves.can_bank;
    for (i = 0; i < moves.n_keeps; ++i)
        mask[DICE_KEEP + pintas_dice_set_index(moves.keeps[i].keep)] = 1;
    *n = (size_t)moves.can_roll + moves.can_bank + moves.n_keeps;
    return PINTAS_OK;
}

/* ---- play ------------------------------------------------------------------------ */

int pintas_line_play_action(pintas_line_state *s, int action, pintas_line_event *ev,
                            size_t ev_cap, size_t *n_ev)
{
    pintas_line_move m;
    int st = pintas_line_action_move(action, &m);
    return st != PINTAS_OK ? st : pintas_line_play(s, &m, ev, ev_cap, n_ev);
}

int pintas_caminos_play_action(pintas_caminos_state *s, int action, pintas_caminos_event *ev,
                               size_t ev_cap, size_t *n_ev)
{
    pintas_caminos_move m;
    int st = pintas_caminos_action_move(action, &m);
    return st != PINTAS_OK ? st : pintas_caminos_play(s, &m, ev, ev_cap, n_ev);
}

int pintas_dice_play_action(pintas_dice_state *s, int action, pintas_dice_event *ev,
                            size_t ev_cap, size_t *n_ev)
{
    pintas_dice_move m;
    int st = pintas_dice_action_move(action, &m);
    return st != PINTAS_OK ? st : pintas_dice_play(s, &m, ev, ev_cap, n_ev);
}

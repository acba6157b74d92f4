/* dice_view.c - what one seat of a dice game knows (views.h): the public
 * state, and the legal moves in the order the players choose among them. */
#include <string.h>

#include "pintas/views.h"
#include "dice_internal.h"
#include "views_internal.h"

/* The one builder of dice views: the public state, for `seat` or, with seat
 * PINTAS_DICE_NO_PLAYER, for no seat (dice hide nothing: only the seat field
 * differs); the arguments checked by the caller. */
static void fill(const pintas_dice_state *s, unsigned seat, pintas_dice_view *out)
{
    memset(out, 0, sizeof *out);
    out->rules = s->rules;
    memcpy(out->score, s->score, sizeof out->score);
    out->turn_total = pintas_dice_turn_total(s);
    out->pool = s->pool;
    out->players = s->players;
    out->first_player = s->first_player;
    out->seat = (uint8_t)seat;
    out->phase = s->phase;
    /* nobody moves while an external chance event is pending */
    out->to_move = s->phase == PINTAS_DICE_OVER || pintas_dice_chance_pending(s)
                       ? PINTAS_DICE_NO_PLAYER
                       : s->to_move;
    out->winner = s->phase == PINTAS_DICE_OVER ? s->winner : PINTAS_DICE_NO_PLAYER;
    out->final_left = s->final_left;
    out->dice_to_roll = (uint8_t)pintas_dice_dice_to_roll(s);
    out->last_roll_len = s->last_roll_len;
    memcpy(out->last_roll, s->last_roll, s->last_roll_len);
}

static int view_args(const pintas_dice_state *s, const pintas_dice_view *out)
{
    return s != NULL && out != NULL && s->players >= 1 && s->players <= PINTAS_DICE_MAX_PLAYERS &&
           s->last_roll_len <= PINTAS_DICE_COUNT;
}

int pintas_dice_view_of(const pintas_dice_state *s, int seat, pintas_dice_view *out)
{
    if (!view_args(s, out) || seat < 0 || seat >= s->players)
        return PINTAS_E_ARG;
    fill(s, (unsigned)seat, out);
    return PINTAS_OK;
}

int pintas_dice_view_public(const pintas_dice_state *s, pintas_dice_view *out)
{
    if (!view_args(s, out))
        return PINTAS_E_ARG;
    fill(s, PINTAS_DICE_NO_PLAYER, out);
    return PINTAS_OK;
}

int pintas__dice_view_ok(const pintas_dice_view *v)
{
    unsigned i;
    if (pintas_dice_rules_check(&v->rules) != PINTAS_OK || v->players < 1 ||
        v->players > PINTAS_DICE_MAX_PLAYERS || v->seat >= v->players ||
        v->phase > PINTAS_DICE_OVER || v->last_roll_len > PINTAS_DICE_COUNT ||
        !pintas_dice_set_is_valid(v->pool))
        return 0;
    for (i = 0; i < v->last_roll_len; ++i)
        if (v->last_roll[i] < 1 || v->last_roll[i] > PINTAS_DICE_FACES)
            return 0;
    return 1;
}

int pintas__dice_view_to_move(const pintas_dice_view *v)
{
    if (v->phase == PINTAS_DICE_OVER)
        return PINTAS_E_OVER;
    return v->to_move == v->seat ? PINTAS_OK : PINTAS_E_ILLEGAL;
}

/* The order of the Python binding's keep lists after the points (most
 * first): fewer dice, then the dice ascending, compared face by face, as one
 * number (below 2^21), smaller first. Between two keeps of as many dice, the
 * first face whose counts differ decides, and the keep with more of it comes
 * first (its sorted dice hold that face where the other's hold a higher
 * one): so the counts of faces 1..6, face 1 most significant, each as
 * 7 - count. */
static uint32_t keep_shape(pintas_dice_set keep)
{
    uint32_t k = (uint32_t)keep;
    uint32_t counts = ((k & 7u) << 15) | (((k >> 3) & 7u) << 12) | (((k >> 6) & 7u) << 9) |
                      (((k >> 9) & 7u) << 6) | (((k >> 12) & 7u) << 3) | ((k >> 15) & 7u);
    return ((uint32_t)pintas__dice_set_size(keep) << 18) | (0x3FFFFu - counts);
}

static int keep_before(const pintas_dice_keep *a, uint32_t shape_a, const pintas_dice_keep *b,
                       uint32_t shape_b)
{
    return a->points != b->points ? a->points > b->points : shape_a < shape_b;
}

/* An insertion sort by points, then keep_shape (each computed once): stable.
 * Lists longer than PINTAS_DICE_MAX_KEEPS (which no roll has) are sorted by
 * the first PINTAS_DICE_MAX_KEEPS only. */
void pintas_dice_sort_keeps(pintas_dice_keep *ks, size_t n)
{
    uint32_t shape[PINTAS_DICE_MAX_KEEPS];
    size_t i, j;
    if (n > PINTAS_DICE_MAX_KEEPS)
        n = PINTAS_DICE_MAX_KEEPS;
    for (i = 0; i < n; ++i)
        shape[i] = keep_shape(ks[i].keep);
    for (i = 1; i < n; ++i) {
        pintas_dice_keep x = ks[i];
        uint32_t sx = shape[i];
        for (j = i; j > 0 && keep_before(&x, sx, &ks[j - 1], shape[j - 1]); --j) {
            ks[j] = ks[j - 1];
            shape[j] = shape[j - 1];
        }
        ks[j] = x;
        shape[j] = sx;
    }
}

int pintas__dice_sorted_keeps(const pintas_dice_rules *r, const uint8_t *roll_values,
                              size_t roll_len, pintas_dice_set pool, pintas_dice_keep *ks,
                              size_t *n)
{
    pintas_dice_set roll;
    int st = pintas_dice_set_from_values(roll_values, roll_len, &roll);
    if (st != PINTAS_OK)
        return st;
    if (!pintas_dice_set_is_valid(pool) ||
        pintas__dice_set_size(roll) + pintas__dice_set_size(pool) > PINTAS_DICE_COUNT)
        return PINTAS_E_ARG;
    st = pintas_dice_keeps_rules(r, roll, pool, ks, PINTAS_DICE_MAX_KEEPS, n);
    if (st != PINTAS_OK)
        return st;
    pintas_dice_sort_keeps(ks, *n);
    return PINTAS_OK;
}

int pintas_dice_view_legal(const pintas_dice_view *v, pintas_dice_move *out, int32_t *points,
                           size_t cap, size_t *n)
{
    pintas_dice_keep ks[PINTAS_DICE_MAX_KEEPS];
    size_t count = 0, i;
    int st = pintas__buffer_args(v != NULL && out != NULL && n != NULL, cap,
                                 PINTAS_DICE_MAX_KEEPS);
    if (st != PINTAS_OK)
        return st;
    if (!pintas__dice_view_ok(v))
        return PINTAS_E_ARG;
    if (pintas__dice_view_to_move(v) != PINTAS_OK) {
        *n = 0;
        return PINTAS_OK;
    }
    if (v->phase == PINTAS_DICE_MUST_KEEP) {
        st = pintas__dice_sorted_keeps(&v->rules, v->last_roll, v->last_roll_len, v->pool, ks,
                                       &count);
        if (st != PINTAS_OK)
            return PINTAS_E_ARG;
        for (i = 0; i < count; ++i) {
            out[i] = pintas__dice_move_of_kind(PINTAS_DICE_KEEP);
            out[i].keep = ks[i].keep;
            if (points != NULL)
                points[i] = ks[i].points;
        }
    } else {
        out[count++] = pintas__dice_move_of_kind(PINTAS_DICE_ROLL);
        if (v->phase == PINTAS_DICE_BANK_OR_ROLL)
            out[count++] = pintas__dice_move_of_kind(PINTAS_DICE_BANK);
        for (i = 0; points != NULL && i < count; ++i)
            points[i] = 0;
    }
    *n = count;
    return PINTAS_OK;
}

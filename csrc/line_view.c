/* line_view.c - what one seat of a line game may know (views.h): the round's
 * public log kept from the events, the view filled from the state and that
 * log, and the legal moves read from the view alone. */
#include <string.h>

#include "pintas/views.h"
#include "line_internal.h"
#include "views_internal.h"

int pintas_line_record_clear(pintas_line_record *r)
{
    if (r == NULL)
        return PINTAS_E_ARG;
    memset(r, 0, sizeof *r);
    return PINTAS_OK;
}

/* 1 if an event of one of the kinds the log keeps names what a round has. */
static int logged_event_ok(const pintas_line_event *e)
{
    if (e->seat >= PINTAS_LINE_MAX_SEATS)
        return 0;
    return e->kind != PINTAS_EV_PLAY || (e->tile < PINTAS_TILE_COUNT && e->end <= 1);
}

/* The log entry of a PLAY, DRAW or PASS event. */
static pintas_line_log_entry entry_of(const pintas_line_event *e)
{
    pintas_line_log_entry out;
    out.seat = e->seat;
    out.tile = PINTAS_NO_TILE;
    out.end = 0;
    if (e->kind == PINTAS_EV_PLAY) {
        out.kind = PINTAS_MOVE_PLAY;
        out.tile = e->tile;
        out.end = e->end;
    } else {
        out.kind = e->kind == PINTAS_EV_DRAW ? PINTAS_MOVE_DRAW : PINTAS_MOVE_PASS;
    }
    return out;
}

static int logged(const pintas_line_event *e)
{
    return e->kind == PINTAS_EV_PLAY || e->kind == PINTAS_EV_DRAW || e->kind == PINTAS_EV_PASS;
}

int pintas_line_record_update(pintas_line_record *r, const pintas_line_event *ev, size_t n)
{
    size_t i, len;
    if (r == NULL || (ev == NULL && n > 0) || r->len > PINTAS_LINE_INFO_MAX_LOG)
        return PINTAS_E_ARG;
    /* check the whole batch first, so that an error changes nothing */
    len = r->len;
    for (i = 0; i < n; ++i) {
        if (ev[i].kind == PINTAS_EV_DEAL)
            len = 0;
        else if (logged(&ev[i]) && !logged_event_ok(&ev[i]))
            return PINTAS_E_ARG;
        else if (logged(&ev[i]) && ++len > PINTAS_LINE_INFO_MAX_LOG)
            return PINTAS_E_BUFFER;
    }
    for (i = 0; i < n; ++i) {
        if (ev[i].kind == PINTAS_EV_DEAL)
            r->len = 0;
        else if (logged(&ev[i]))
            r->log[r->len++] = entry_of(&ev[i]);
    }
    return PINTAS_OK;
}

/* The one builder of line views: what `seat` may know of *s, or with seat
 * PINTAS_NO_SEAT what everyone may (no hand, no forced tile); the arguments
 * checked by the caller. */
static void fill(const pintas_line_state *s, const pintas_line_record *r, unsigned seat,
                 pintas_line_view *out)
{
    unsigned i;
    memset(out, 0, sizeof *out);
    out->info.rules = s->rules;
    memcpy(out->info.score, s->score, sizeof out->info.score);
    out->info.hand = seat < s->rules.players ? s->hand[seat] & PINTAS_ALL_TILES : 0;
    out->info.seat = (uint8_t)seat;
    out->info.leader = s->leader;
    /* the forced tile is the leader's to know, until the round opens */
    out->info.forced_tile = (uint8_t)(s->line_len == 0 && seat == s->leader
                                       ? s->forced_tile
                                       : PINTAS_NO_TILE);
    out->info.round = s->round;
    out->info.log_len = r->len;
    memcpy(out->info.log, r->log, (size_t)r->len * sizeof r->log[0]);
    for (i = 0; i < s->rules.players; ++i)
        out->hand_size[i] = (uint8_t)pintas__popcount(s->hand[i] & PINTAS_ALL_TILES);
    out->boneyard_size = (uint8_t)(s->bone_len > s->bone_pos ? s->bone_len - s->bone_pos : 0);
    out->over = s->phase == PINTAS_LINE_OVER;
    /* nobody moves while an external chance event is pending */
    out->to_move = out->over || pintas_line_chance_pending(s) ? PINTAS_NO_SEAT : s->to_move;
    out->winner = out->over ? s->winner : PINTAS_NO_SEAT;
    out->line_len = s->line_len <= PINTAS_TILE_COUNT ? s->line_len : 0;
    memcpy(out->line, s->line, out->line_len);
    if (out->line_len > 0) {
        memcpy(out->ends, s->ends, sizeof out->ends);
        memcpy(out->end_double, s->end_double, sizeof out->end_double);
    }
}

/* 1 if *s and *r are what a view is built from. */
static int view_args(const pintas_line_state *s, const pintas_line_record *r,
                     const pintas_line_view *out)
{
    return s != NULL && r != NULL && out != NULL && r->len <= PINTAS_LINE_INFO_MAX_LOG &&
           pintas_line_rules_check(&s->rules) == PINTAS_OK;
}

int pintas_line_view_of(const pintas_line_state *s, const pintas_line_record *r, int seat,
                        pintas_line_view *out)
{
    if (!view_args(s, r, out) || seat < 0 || seat >= s->rules.players)
        return PINTAS_E_ARG;
    fill(s, r, (unsigned)seat, out);
    return PINTAS_OK;
}

int pintas_line_view_public(const pintas_line_state *s, const pintas_line_record *r,
                            pintas_line_view *out)
{
    if (!view_args(s, r, out))
        return PINTAS_E_ARG;
    fill(s, r, PINTAS_NO_SEAT, out);
    return PINTAS_OK;
}

int pintas__line_view_ok(const pintas_line_view *v)
{
    const pintas_line_info *k = &v->info;
    if (pintas_line_rules_check(&k->rules) != PINTAS_OK || k->seat >= k->rules.players ||
        (k->hand & ~PINTAS_ALL_TILES) != 0 || v->line_len > PINTAS_TILE_COUNT)
        return 0;
    if (k->forced_tile != PINTAS_NO_TILE && k->forced_tile >= PINTAS_TILE_COUNT)
        return 0;
    return v->line_len == 0 || (v->ends[0] <= PINTAS_MAX_PIP && v->ends[1] <= PINTAS_MAX_PIP &&
                                v->end_double[0] <= 1 && v->end_double[1] <= 1);
}

int pintas__line_view_to_move(const pintas_line_view *v)
{
    if (v->over)
        return PINTAS_E_OVER;
    return v->to_move == v->info.seat ? PINTAS_OK : PINTAS_E_ILLEGAL;
}

/* As pintas__line_ends_alike, from the view. */
static int ends_alike(const pintas_line_view *v)
{
    return v->ends[0] == v->ends[1] && (v->info.rules.game != PINTAS_LINE_MUGGINS ||
                                        v->end_double[0] == v->end_double[1]);
}

int pintas_line_view_legal(const pintas_line_view *v, pintas_line_move *out, size_t cap,
                           size_t *n)
{
    size_t count = 0;
    pintas_mask hand, left, right;
    int st = pintas__buffer_args(v != NULL && out != NULL && n != NULL, cap,
                                 PINTAS_LINE_MAX_MOVES);
    if (st != PINTAS_OK)
        return st;
    if (!pintas__line_view_ok(v))
        return PINTAS_E_ARG;
    if (pintas__line_view_to_move(v) != PINTAS_OK) {
        *n = 0;
        return PINTAS_OK;
    }
    hand = v->info.hand;
    if (v->info.forced_tile < PINTAS_TILE_COUNT) {
        out[count++] = pintas__line_move(PINTAS_MOVE_PLAY, v->info.forced_tile, PINTAS_END_LEFT);
    } else if (v->line_len == 0) {
        for (; hand; hand &= hand - 1)
            out[count++] = pintas__line_move(PINTAS_MOVE_PLAY, pintas__lowest_bit(hand),
                                             PINTAS_END_LEFT);
    } else {
        left = pintas__suit(v->ends[0]);
        right = ends_alike(v) ? 0 : pintas__suit(v->ends[1]);
        for (hand &= left | right; hand; hand &= hand - 1) {
            unsigned t = pintas__lowest_bit(hand);
            if (left & PINTAS_BIT(t))
                out[count++] = pintas__line_move(PINTAS_MOVE_PLAY, t, PINTAS_END_LEFT);
            if (right & PINTAS_BIT(t))
                out[count++] = pintas__line_move(PINTAS_MOVE_PLAY, t, PINTAS_END_RIGHT);
        }
    }
    if (count == 0)
        out[count++] = pintas__line_move(pintas__line_draws(&v->info.rules) && v->boneyard_size
                                             ? PINTAS_MOVE_DRAW
                                             : PINTAS_MOVE_PASS,
                                         PINTAS_NO_TILE, 0);
    *n = count;
    return PINTAS_OK;
}

/* line_why.c - why a line game's move is not legal now: the causes the
 * Python layer names, in its order (pintas.domino.Game._reason). */
#include "notation_internal.h"
#include "line_internal.h"
#include "pintas/settings.h"

int pintas__line_placement(const pintas_line_state *s, uint8_t tile, uint8_t end,
                           pintas_refusal *why)
{
    uint8_t here;
    pintas__refuse_move(why, PINTAS_CAUSE_UNNAMED, PINTAS_NOTATION_LINE, s->to_move);
    why->tile = tile;
    why->end = end;
    if (!(s->hand[s->to_move & 3u] >> tile & 1u))
        why->cause = PINTAS_CAUSE_NOT_HELD;
    else if (s->forced_tile < PINTAS_TILE_COUNT && tile != s->forced_tile) {
        why->cause = PINTAS_CAUSE_LINE_OPEN_WITH;
        why->tile = s->forced_tile;
    } else if (s->line_len == 0) {
        if (end == PINTAS_END_RIGHT)
            why->cause = PINTAS_CAUSE_LINE_FIRST_LEFT;
    } else {
        why->numbers[0] = s->ends[0];
        why->numbers[1] = s->ends[1];
        here = end <= PINTAS_END_RIGHT ? s->ends[end] : 0;
        if (end > PINTAS_END_RIGHT ||
            !(pintas__tile_shows(tile, s->ends[0]) || pintas__tile_shows(tile, s->ends[1])))
            why->cause = PINTAS_CAUSE_LINE_NO_END;
        else if (!pintas__tile_shows(tile, here)) {
            /* (where it fits, a mirror image is legal: nothing to say) */
            why->cause = PINTAS_CAUSE_LINE_WRONG_END;
            why->other = (uint8_t)(1u - end);
        }
    }
    return PINTAS_E_ILLEGAL;
}

int pintas_line_why(const pintas_line_state *s, const pintas_line_move *m, pintas_refusal *why)
{
    int status = s == NULL || m == NULL || why == NULL ? PINTAS_E_ARG : pintas_line_check(s, m);
    if (status == PINTAS_E_ARG)
        return status;
    pintas__refuse_checked(why, status, PINTAS_NOTATION_LINE, s->to_move);
    why->line_move = *m;
    if (status != PINTAS_E_ILLEGAL)
        return status;
    if (m->kind == PINTAS_MOVE_PLAY && m->tile < PINTAS_TILE_COUNT) {
        status = pintas__line_placement(s, m->tile, m->end, why);
        why->line_move = *m;
        return status;
    }
    why->tiles = pintas__line_playable(s, s->to_move); /* the legal placements' tiles */
    if (m->kind != PINTAS_MOVE_DRAW && m->kind != PINTAS_MOVE_PASS)
        return PINTAS_E_ILLEGAL; /* nothing to name: UNNAMED */
    if (why->tiles)
        why->cause = PINTAS_CAUSE_LINE_MUST_PLAY;
    else if (m->kind == PINTAS_MOVE_PASS) {
        why->cause = PINTAS_CAUSE_LINE_MUST_DRAW;
        why->count = (uint32_t)pintas_line_boneyard_size(s);
    } else
        why->cause = pintas__line_draws(&s->rules) ? PINTAS_CAUSE_LINE_EMPTY
                                                  : PINTAS_CAUSE_LINE_NO_DRAWING;
    return PINTAS_E_ILLEGAL;
}

/* ---- hand-made deals: pintas.domino.Deal.check ----------------------------- */

int pintas_line_deal_why(const pintas_line_rules *r, const pintas_line_deal *d, unsigned hands,
                         pintas_refusal *why)
{
    pintas_mask seen = 0;
    unsigned len, rest;
    if (r == NULL || d == NULL || why == NULL || pintas_line_rules_check(r) != PINTAS_OK)
        return PINTAS_E_ARG;
    pintas__deal_start(why, PINTAS_NOTATION_LINE);
    len = d->boneyard_len;
    rest = PINTAS_TILE_COUNT - PINTAS_LINE_HAND_SIZE * r->players;
    if (pintas__deal_no_tile(d->boneyard, len, d->hand, PINTAS_LINE_MAX_SEATS, why) ||
        pintas__deal_hands(d->hand, PINTAS_LINE_MAX_SEATS, r->players, hands,
                           PINTAS_LINE_HAND_SIZE, &seen, why) ||
        pintas__deal_list(d->boneyard, len, PINTAS_CAUSE_DEAL_LINE_IN_BONEYARD, &seen, why))
        return PINTAS_E_DEAL;
    if (pintas__line_draws(r) && len != rest)
        pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_LINE_BONEYARD, rest, len);
    else if (!pintas__line_draws(r) && len != 0)
        pintas__deal_refuse(why, PINTAS_CAUSE_DEAL_LINE_SET_ASIDE, 0, len);
    return why->cause == PINTAS_CAUSE_NONE ? PINTAS_OK : PINTAS_E_DEAL;
}

int pintas_line_deal_refusal_text(const pintas_line_rules *r, const pintas_refusal *why,
                                  char *buf, size_t cap, size_t *n)
{
    if (r == NULL || pintas_line_rules_check(r) != PINTAS_OK)
        return PINTAS_E_ARG;
    return pintas__deal_refusal_text(PINTAS_FAMILY_LINE, r, sizeof *r, why, buf, cap, n);
}

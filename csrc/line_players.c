/* line_players.c - the random, greedy and suit players of the line games
 * (players.h), choosing as pintas.domino.players does: the same legal-move
 * order, the same points, the same double arithmetic in the same order, the
 * same tie-breaks. */
#include <string.h>

#include "pintas/players.h"
#include "line_internal.h"
#include "views_internal.h"

int pintas_line_suit_weights_for(int game, pintas_line_suit_weights *w)
{
    if (w == NULL || game < PINTAS_LINE_MUGGINS || game > PINTAS_LINE_DOMINICAN)
        return PINTAS_E_ARG;
    w->accompanied = 3.0;
    w->playable_after = 1.0;
    w->double_bonus = 3.0;
    w->stranding = 1.0;
    w->opponent_lacks = 4.0;
    w->partner_lacks = -4.0;
    w->points = 2.0;
    w->pips = 0.3;
    if (game == PINTAS_LINE_DOMINICAN) {
        /* pips weigh more where a round scores the pips left */
        w->double_bonus = 6.0;
        w->pips = 2.0;
    }
    return PINTAS_OK;
}

/* The open numbers after placing m and whether a double lies at each end. */
typedef struct after_move {
    unsigned end[2];
    unsigned doubled[2];
} after_move;

/* 0 if m's tile does not show the number of the end it goes to. */
static int ends_after(const pintas_line_view *v, const pintas_line_move *m, after_move *a)
{
    unsigned t = m->tile, side = m->end == PINTAS_END_RIGHT;
    if (v->line_len == 0) {
        a->end[0] = pintas__tile_hi(t);
        a->end[1] = pintas__tile_lo(t);
        a->doubled[0] = a->doubled[1] = pintas__is_double(t);
        return 1;
    }
    a->end[0] = v->ends[0];
    a->end[1] = v->ends[1];
    a->doubled[0] = v->end_double[0];
    a->doubled[1] = v->end_double[1];
    if (!(pintas__suit(a->end[side]) & PINTAS_BIT(t)))
        return 0;
    a->end[side] = pintas__tile_pips(t) - a->end[side];
    a->doubled[side] = pintas__is_double(t);
    return 1;
}

static int knowledge_voids(const pintas_line_view *v, uint8_t voids[PINTAS_LINE_MAX_SEATS])
{
    pintas_line_knowledge k;
    if (pintas_line_knowledge_of(&v->info, &k) != PINTAS_OK)
        return PINTAS_E_ARG;
    memcpy(voids, k.voids, PINTAS_LINE_MAX_SEATS);
    return PINTAS_OK;
}

/* Opponents who must pass one after the other right after the move (Python's
 * _sure_passes): each known to lack both open numbers; none when nobody at
 * all could place (a block, declared at once). */
static int32_t sure_passes(const pintas_line_view *v, const pintas_line_move *m,
                           const after_move *a, const uint8_t *voids)
{
    const pintas_line_rules *r = &v->info.rules;
    unsigned me = v->info.seat, seat, lacking = 0, everyone = 1;
    pintas_mask rest = v->info.hand & ~PINTAS_BIT(m->tile);
    int32_t passes = 0;
    for (seat = 0; seat < r->players; ++seat) {
        unsigned lacks = (voids[seat] >> a->end[0] & 1u) && (voids[seat] >> a->end[1] & 1u);
        lacking |= lacks << seat;
        if (seat != me)
            everyone &= lacks;
    }
    if (everyone && !(rest & (pintas__suit(a->end[0]) | pintas__suit(a->end[1]))))
        return 0;
    for (seat = pintas__line_next_seat(r, me); seat != me && (lacking >> seat & 1u);
         seat = pintas__line_next_seat(r, seat))
        passes += pintas__line_side_of(r, seat) != pintas__line_side_of(r, me);
    return passes;
}

int pintas_line_immediate_points(const pintas_line_view *v, const pintas_line_move *m,
                                 const uint8_t *voids, int32_t *points)
{
    const pintas_line_rules *r;
    uint8_t known[PINTAS_LINE_MAX_SEATS];
    after_move a;
    int32_t count;
    if (v == NULL || m == NULL || points == NULL || !pintas__line_view_ok(v))
        return PINTAS_E_ARG;
    r = &v->info.rules;
    if (m->kind != PINTAS_MOVE_PLAY) {
        *points = 0;
        return PINTAS_OK;
    }
    if (m->tile >= PINTAS_TILE_COUNT || m->end > PINTAS_END_RIGHT || !ends_after(v, m, &a))
        return PINTAS_E_ARG;
    if (r->game == PINTAS_LINE_MUGGINS) {
        count = (int32_t)(v->line_len == 0 ? pintas__tile_pips(m->tile)
                                           : a.end[0] * (1u + a.doubled[0]) +
                                                 a.end[1] * (1u + a.doubled[1]));
        *points = count > 0 && count % 5 == 0 ? count : 0;
        return PINTAS_OK;
    }
    if (r->game == PINTAS_LINE_CAPICUA && r->pass_points &&
        pintas__popcount(v->info.hand) > 1 && v->boneyard_size == 0) {
        if (voids == NULL) {
            if (knowledge_voids(v, known) != PINTAS_OK)
                return PINTAS_E_ARG;
            voids = known;
        }
        *points = (int32_t)r->pass_points * sure_passes(v, m, &a, voids);
        return PINTAS_OK;
    }
    *points = 0;
    return PINTAS_OK;
}

/* The legal moves of a view whose seat must be to move, for a choice into
 * *out. */
static int legal_to_choose(const pintas_line_view *v, const pintas_line_move *out,
                           pintas_line_move *moves, size_t *n)
{
    int st;
    if (out == NULL || v == NULL || !pintas__line_view_ok(v))
        return PINTAS_E_ARG;
    st = pintas__line_view_to_move(v);
    if (st != PINTAS_OK)
        return st;
    return pintas_line_view_legal(v, moves, PINTAS_LINE_MAX_MOVES, n);
}

int pintas_line_random_choose(const pintas_line_view *v, pintas_mt *mt, pintas_line_move *out)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    size_t n = 0;
    int st = mt == NULL ? PINTAS_E_ARG : legal_to_choose(v, out, moves, &n);
    return pintas__random_pick(st, mt, moves, sizeof moves[0], n, out);
}

/* Capicua's pass points need the known voids whenever there is a choice. */
static int needs_voids(const pintas_line_view *v, size_t n)
{
    return n >= 2 && v->info.rules.game == PINTAS_LINE_CAPICUA && v->info.rules.pass_points;
}

int pintas_line_greedy_choose(const pintas_line_view *v, pintas_line_move *out)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    uint8_t voids[PINTAS_LINE_MAX_SEATS];
    size_t n = 0, i, best = 0;
    int32_t best_points = 0;
    unsigned best_weight = 0;
    int st = legal_to_choose(v, out, moves, &n);
    if (st != PINTAS_OK)
        return st;
    if (needs_voids(v, n) && knowledge_voids(v, voids) != PINTAS_OK)
        return PINTAS_E_ARG;
    for (i = 0; i < n; ++i) {
        int32_t points = 0;
        /* a draw or a pass weighs less than any tile (and is alone anyway) */
        unsigned weight = moves[i].kind == PINTAS_MOVE_PLAY
                              ? pintas__tile_weight(moves[i].tile) + 1u : 0u;
        st = pintas_line_immediate_points(v, &moves[i], needs_voids(v, n) ? voids : NULL,
                                          &points);
        if (st != PINTAS_OK)
            return st;
        if (i == 0 || points > best_points || (points == best_points && weight > best_weight)) {
            best = i;
            best_points = points;
            best_weight = weight;
        }
    }
    *out = moves[best];
    return PINTAS_OK;
}

/* What SuitPlayer reads once per decision (Python's _Table). */
typedef struct suit_table {
    const pintas_line_view *v;
    const pintas_line_suit_weights *w;
    uint8_t voids[PINTAS_LINE_MAX_SEATS];
    unsigned out[7];               /* tiles of each number on the line */
    double opponents_lacking[7];   /* 2 for the next seat, 1 for the others */
    unsigned partner_lacking[7];
} suit_table;

static int suit_table_init(suit_table *tb, const pintas_line_view *v,
                           const pintas_line_suit_weights *w)
{
    const pintas_line_rules *r = &v->info.rules;
    unsigned i, seat, n, me = v->info.seat, next = pintas__line_next_seat(r, me);
    memset(tb, 0, sizeof *tb);
    tb->v = v;
    tb->w = w;
    for (i = 0; i < v->line_len; ++i) {
        unsigned t = v->line[i] & 0x7Fu;
        ++tb->out[pintas__tile_hi(t)];
        if (!pintas__is_double(t))
            ++tb->out[pintas__tile_lo(t)];
    }
    if (knowledge_voids(v, tb->voids) != PINTAS_OK)
        return PINTAS_E_ARG;
    for (seat = 0; seat < r->players; ++seat) {
        int partner = r->pairs && pintas__line_side_of(r, seat) == pintas__line_side_of(r, me);
        if (seat == me)
            continue;
        for (n = 0; n < 7; ++n) {
            if (!(tb->voids[seat] >> n & 1u))
                continue;
            if (partner)
                ++tb->partner_lacking[n];
            else
                tb->opponents_lacking[n] += seat == next ? 2.0 : 1.0;
        }
    }
    return PINTAS_OK;
}

static double count_of(pintas_mask m)
{
    return (double)pintas__popcount(m);
}

/* Python's _Table.score, operation for operation: the order of the additions
 * decides the last bit of the value, and so the ties. */
static int suit_score(const suit_table *tb, const pintas_line_move *m, pintas__suit_key *key)
{
    const pintas_line_view *v = tb->v;
    const pintas_line_suit_weights *w = tb->w;
    unsigned t = m->tile, opened[2], n_opened = 1, i;
    pintas_mask rest = v->info.hand & ~PINTAS_BIT(t);
    int32_t points = 0;
    double value = 0.0;
    after_move a;
    if (!ends_after(v, m, &a))
        return PINTAS_E_ARG;
    if (v->line_len == 0) {
        /* both numbers of the opening tile, each once, in the order a set of
         * small ints iterates: ascending */
        opened[0] = pintas__tile_lo(t);
        opened[1] = pintas__tile_hi(t);
        n_opened = opened[0] == opened[1] ? 1u : 2u;
    } else {
        opened[0] = a.end[m->end == PINTAS_END_RIGHT];
    }
    for (i = 0; i < n_opened; ++i) {
        value += w->accompanied * count_of(rest & pintas__suit(opened[i]));
        value += w->opponent_lacks * tb->opponents_lacking[opened[i]];
        value += w->partner_lacks * (double)tb->partner_lacking[opened[i]];
    }
    value += w->playable_after * count_of(rest & (pintas__suit(a.end[0]) | pintas__suit(a.end[1])));
    if (pintas__is_double(t))
        value += w->double_bonus + w->stranding * (double)tb->out[pintas__tile_hi(t)];
    if (pintas_line_immediate_points(v, m, tb->voids, &points) != PINTAS_OK)
        return PINTAS_E_ARG;
    value += w->points * (double)points;
    value += w->pips * (double)pintas__tile_pips(t);
    key->value = value;
    key->weight = pintas__tile_weight(t);
    return PINTAS_OK;
}

/* The suit player's table of *v with `weights` (NULL: the game's own, into
 * *own). */
static int suit_setup(suit_table *tb, const pintas_line_view *v,
                      const pintas_line_suit_weights *weights, pintas_line_suit_weights *own)
{
    if (weights == NULL) {
        pintas_line_suit_weights_for(v->info.rules.game, own);
        weights = own;
    }
    return suit_table_init(tb, v, weights);
}

/* The index of the best-scored of moves[first..n) into *best: the first of
 * the highest scores. PINTAS_E_ARG for a move that cannot be scored. */
static int best_of(const suit_table *tb, const pintas_line_move *moves, size_t first, size_t n,
                   size_t *best)
{
    pintas__suit_key top, key;
    size_t i;
    if (suit_score(tb, &moves[first], &top) != PINTAS_OK)
        return PINTAS_E_ARG;
    *best = first;
    for (i = first + 1; i < n; ++i) {
        if (suit_score(tb, &moves[i], &key) != PINTAS_OK)
            return PINTAS_E_ARG;
        if (pintas__suit_key_beats(&key, &top)) {
            top = key;
            *best = i;
        }
    }
    return PINTAS_OK;
}

int pintas_line_suit_rank(const pintas_line_view *v, const pintas_line_suit_weights *weights,
                          pintas_line_move *moves, size_t n)
{
    pintas_line_suit_weights own;
    suit_table tb;
    size_t i, best;
    if (v == NULL || (moves == NULL && n) || n > PINTAS_LINE_MAX_MOVES || !pintas__line_view_ok(v))
        return PINTAS_E_ARG;
    if (n < 2 || moves[0].kind != PINTAS_MOVE_PLAY)
        return PINTAS_OK;
    for (i = 0; i < n; ++i)
        if (moves[i].kind != PINTAS_MOVE_PLAY || moves[i].tile >= PINTAS_TILE_COUNT ||
            moves[i].end > PINTAS_END_RIGHT)
            return PINTAS_E_ARG;
    /* every move scored once before any is moved: a refusal leaves them as they were */
    if (suit_setup(&tb, v, weights, &own) != PINTAS_OK ||
        best_of(&tb, moves, 0, n, &best) != PINTAS_OK)
        return PINTAS_E_ARG;
    for (i = 0; i + 1 < n; ++i) {
        if (i > 0)
            best_of(&tb, moves, i, n, &best);
        pintas__move_to(moves, sizeof moves[0], best, i);
    }
    return PINTAS_OK;
}

int pintas_line_suit_choose(const pintas_line_view *v, const pintas_line_suit_weights *weights,
                            pintas_line_move *out)
{
    pintas_line_move moves[PINTAS_LINE_MAX_MOVES];
    pintas_line_suit_weights own;
    suit_table tb;
    size_t n = 0, best = 0;
    int st = legal_to_choose(v, out, moves, &n);
    if (st != PINTAS_OK)
        return st;
    if (n > 1 && moves[0].kind == PINTAS_MOVE_PLAY &&
        (suit_setup(&tb, v, weights, &own) != PINTAS_OK ||
         best_of(&tb, moves, 0, n, &best) != PINTAS_OK))
        return PINTAS_E_ARG;
    *out = moves[best];
    return PINTAS_OK;
}
